"""Without packages-lock.json, Unity's own packages still resolve: the render pipelines bundled with the Editor
bring their dependencies at their own version (HDRP brings VFX Graph), and no other package can raise those."""

from __future__ import annotations

from tests.fixturepaths import fixture_project
from unitycli.packages.resolver import resolve_packages


def test_hdrp_brings_vfx_graph_in_a_project_without_a_lock():
    resolved = resolve_packages(fixture_project("vfx-samples"))  # HDRP 17.0.3, no packages-lock.json
    vfx = resolved.packages["com.unity.visualeffectgraph"]
    assert (vfx.version, vfx.direct, vfx.verifiable) == ("17.0.3", False, True)
    assert "com.unity.render-pipelines.high-definition needs 17.0.3" in vfx.reason
    assert resolved.packages["com.unity.render-pipelines.core"].version == "17.0.3"


def test_a_lock_still_wins_where_there_is_one():
    resolved = resolve_packages(fixture_project("EntityComponentSystemSamples/GraphicsSamples/HDRPSamples"))
    vfx = resolved.packages["com.unity.visualeffectgraph"]
    assert (vfx.version, vfx.source, vfx.verifiable) == ("17.2.0", "builtin", True)


def test_a_registry_package_of_another_family_stays_unverifiable_without_a_lock():
    resolved = resolve_packages(fixture_project("vfx-samples"))
    unknown = [p for p in resolved.packages.values() if not p.direct and not p.verifiable]
    assert all(p.name not in ("com.unity.visualeffectgraph", "com.unity.shadergraph") for p in unknown)
