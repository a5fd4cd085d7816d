"""The evidence a writer of new objects takes its layout from on an unverified version: the package's
own C# on disk, read by the C# model. Cinemachine's URP sample project has the Cinemachine package as a `file:`
folder next to it (real source), and no URP source on this machine (its Library/ is not in the fixture)."""

from __future__ import annotations

from types import SimpleNamespace

from tests.fixturepaths import fixture_project
from unitycli.volumes.proof import source_evidence

CM_URP = "com.unity.cinemachine/Projects/URP"
BRAIN = "72ece51f2901e7445ab60da3685d6b5f"
BLOOM = "0b2db86121404754db890f4c8dfe81b2"


def _ctx(name: str) -> SimpleNamespace:
    return SimpleNamespace(project=SimpleNamespace(root=fixture_project(name)))


def test_the_package_source_on_disk_proves_a_class_and_names_its_file():
    evidence = source_evidence(_ctx(CM_URP), "com.unity.cinemachine", BRAIN)
    assert evidence is not None
    assert evidence.source == "package source ../../com.unity.cinemachine/Runtime/Behaviours/CinemachineBrain.cs"
    assert {"UpdateMethod", "DefaultBlend", "CustomBlends"} <= set(evidence.names)


def test_a_package_whose_source_is_not_on_this_machine_proves_nothing():
    assert source_evidence(_ctx(CM_URP), "com.unity.render-pipelines.universal", BLOOM) is None
