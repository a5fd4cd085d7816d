"""Writable copies of the fixture projects the everyday tools are tested on.

- `chicken`: chicken-defense, Unity 2022.3.17f1 (URP).
- `minigolf`: minigolf, Unity 6000.0.25f1 (URP).
- `chicken_2020`: the 2020.3 stand-in, a chicken-defense copy whose ProjectSettings/ProjectVersion.txt says
  2020.3.48f1. No fixture project is a 2020.3 project, so this stands in for one: the layout table gives 2020.3's
  layouts while the files stay Editor-written 2022.3 ones (a real 2020.3 project saved in a newer Editor looks
  the same).
"""

from __future__ import annotations

from pathlib import Path

from unitycli.testing import project_fixture

STAND_IN_2020 = "2020.3.48f1"


def _as_2020(root: Path) -> None:
    (root / "ProjectSettings/ProjectVersion.txt").write_text(f"m_EditorVersion: {STAND_IN_2020}\n", encoding="utf-8")


chicken = project_fixture("chicken-defense")
minigolf = project_fixture("minigolf")
chicken_2020 = project_fixture("chicken-defense", prepare=_as_2020)
