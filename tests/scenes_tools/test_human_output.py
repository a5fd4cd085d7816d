"""What a person sees without --json: a write's change as a unified diff, coloured only for a terminal, and a
hierarchy one short line per object."""

from __future__ import annotations

from pathlib import Path

from unitycli.cli.main import run
from unitycli.cli.render import render_diffs, render_result

RENAME = ["tools", "run", "gameobject.rename", "--input",
          '{"file": "Garden", "gameObject": "Trees", "name": "Woods"}', "--dry-run"]


def _human(sample: Path, argv: list[str]) -> str:
    outcome = run([*argv, "--project", str(sample)])
    assert outcome.exit_code == 0, outcome.human
    return outcome.human


def test_a_dry_run_rename_shows_its_change_as_a_unified_diff(sample: Path) -> None:
    text = _human(sample, RENAME)
    assert "path=" not in text and "diff=" not in text
    lines = text.splitlines()
    header = next(i for i, line in enumerate(lines) if line.strip().startswith("Assets/Scenes/Garden.unity  "))
    assert lines[header - 1] == "  diffs:"
    assert "oldRevision=sha256:" in lines[header] and "newRevision=sha256:" in lines[header]
    assert lines[header + 1 : header + 4] == ["      --- a/Assets/Scenes/Garden.unity",
                                               "      +++ b/Assets/Scenes/Garden.unity",
                                               "      @@ -624,7 +624,7 @@"]
    assert "      -  m_Name: Trees" in lines and "      +  m_Name: Woods" in lines
    assert "\033[" not in text  # not a terminal: no colour codes


def test_diffs_are_coloured_for_a_terminal_line_by_line():
    diff = "--- a/A.unity\n+++ b/A.unity\n@@ -1,2 +1,2 @@\n context\n-  m_Name: Old\n+  m_Name: New\n"
    lines = render_diffs([{"path": "A.unity", "diff": diff, "binary": False}], color=True)
    assert lines == ["A.unity", "  \033[1m--- a/A.unity\033[0m", "  \033[1m+++ b/A.unity\033[0m",
                     "  \033[36m@@ -1,2 +1,2 @@\033[0m", "   context", "  \033[31m-  m_Name: Old\033[0m",
                     "  \033[32m+  m_Name: New\033[0m"]
    plain = render_result("tools run", {"appliedEffects": {"diffs": [{"path": "A.unity", "diff": diff}]}},
                          color=False)
    assert plain.splitlines()[2:4] == ["    A.unity", "      --- a/A.unity"]


def test_a_binary_change_is_named_not_dumped():
    assert render_diffs([{"path": "T.png", "diff": "", "binary": True}]) == ["T.png", "  (binary file changed)"]


def test_the_default_hierarchy_is_one_line_per_object(sample: Path) -> None:
    text = _human(sample, ["tools", "run", "scene.hierarchy", "--input", '{"file": "Garden", "depth": 0}'])
    assert ('    - fileID=1902556741 name=Debug Marker path=Debug Marker depth=0 kind=gameObject '
            'components=["Transform"] inactive=yes') in text.splitlines()
    assert "hideFlags" not in text and "sourcePrefab" not in text
