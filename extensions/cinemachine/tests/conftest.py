"""Writable copies of the Cinemachine fixture projects (the `_ro` ones shared by a module's read-only tests).

chicken-defense holds Cinemachine 2.9.7 (CinemachineVirtualCamera + hidden `cm` child, CinemachineBrain),
minigolf 3.1.2 (CinemachineCamera + OrbitalFollow + HardLookAt, CinemachineBrain). The shared fixtures are never
written: every test works on its own copy.
"""

from __future__ import annotations

from unitycli.testing import project_fixture

chicken = project_fixture("chicken-defense")
minigolf = project_fixture("minigolf")
chicken_ro = project_fixture("chicken-defense", scope="module")
minigolf_ro = project_fixture("minigolf", scope="module")
