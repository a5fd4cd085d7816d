"""How an error leaves a tool call: what a raise site with no command to offer gets as its next action."""

from __future__ import annotations

from unitycli.errors import UnityCliError
from unitycli.next_actions import ToolCall

REQUEST = {"file": "Assets/Scenes/Garden.unity", "gameObject": "Player", "component": "Transform",
           "property": "m_LocalPosition.y", "value": 5}


def test_a_transient_error_with_no_command_offers_the_same_call_again() -> None:
    error = UnityCliError("E_TARGET_CHANGED", "changed", next_actions=[]).for_call("component.set", REQUEST, None)
    assert error.actions() == [ToolCall("component.set", REQUEST)]


def test_a_lasting_error_with_no_command_offers_the_tools_descriptor() -> None:
    error = UnityCliError("E_STALE_WRITE", "stale", next_actions=[]).for_call("component.set", REQUEST, None)
    assert [(a.tool, a.kind) for a in error.actions()] == [("component.set", "describe")]
