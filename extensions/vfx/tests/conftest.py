"""Writable copies of the fixture projects the VFX tools are tested on (the `_ro` ones shared by a module's
read-only tests).

VisualEffectGraph-Samples (Unity 6000.0.23f1, HDRP 17.0.3) commits no Packages/packages-lock.json, so offline its
VFX Graph version is unknowable (HDRP brings com.unity.visualeffectgraph as a dependency) and the graph tools are
E_EXTENSION_DEPENDENCY_UNVERIFIABLE there. `vfx_samples` therefore writes the lock Unity would write on opening it:
every manifest dependency at depth 0, and com.unity.visualeffectgraph 17.0.3 at depth 1 as HDRP's dependency.
The shared fixtures are never written: every test works on its own copy.
"""

from __future__ import annotations

from vfx_testutil import write_resolved_lock

from unitycli.testing import project_fixture

vfx_samples = project_fixture("vfx-samples", prepare=write_resolved_lock)
vfx_samples_ro = project_fixture("vfx-samples", scope="module", prepare=write_resolved_lock)
minigolf = project_fixture("minigolf")
minigolf_ro = project_fixture("minigolf", scope="module")
chicken = project_fixture("chicken-defense")
