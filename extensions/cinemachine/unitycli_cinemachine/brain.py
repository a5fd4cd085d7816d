"""CinemachineBrain enums and blend definitions, shared by get-brain and set-brain.

The ints are the same in both majors (CM2 `UpdateMethod` / `BrainUpdateMethod` / `CinemachineBlendDefinition.Style`,
CM3 `UpdateMethods` / `BrainUpdateMethods` / `Styles`); only the field names differ (`m_UpdateMethod` vs
`UpdateMethod`, `m_DefaultBlend.m_Style` vs `DefaultBlend.Style`).
"""

from __future__ import annotations

from typing import Literal

UPDATE_METHODS = ("FixedUpdate", "LateUpdate", "SmartUpdate", "ManualUpdate")
BLEND_UPDATE_METHODS = ("FixedUpdate", "LateUpdate")
BLEND_STYLES = ("Cut", "EaseInOut", "EaseIn", "EaseOut", "HardIn", "HardOut", "Linear", "Custom")
LENS_MODES = ("None", "Orthographic", "Perspective", "Physical")

UpdateMethod = Literal["FixedUpdate", "LateUpdate", "SmartUpdate", "ManualUpdate"]
BlendUpdateMethod = Literal["FixedUpdate", "LateUpdate"]
BlendStyle = Literal["Cut", "EaseInOut", "EaseIn", "EaseOut", "HardIn", "HardOut", "Linear", "Custom"]


def name_of(names: tuple[str, ...], value: object) -> str | None:
    """The enum name of an int as written; an int outside the enum is returned as its digits."""
    if isinstance(value, int) and not isinstance(value, bool):
        return names[value] if 0 <= value < len(names) else str(value)
    return None
