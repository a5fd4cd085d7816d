"""Manifests: one source of truth (catalog entries are symlinks into manifests/), validated strictly."""

from __future__ import annotations

import os

import pytest

from tests.extensions.helpers import REPO, TESTEXT
from unitycli import CORE_API_VERSION
from unitycli.errors import UnityCliError
from unitycli.host.catalog import load_catalog
from unitycli.host.manifest import parse_manifest
from unitycli.packages.semver import SemVer

MANIFESTS = REPO / "manifests"
CATALOG = REPO / "core" / "catalog"
PLANNED = ["cinemachine", "hdrp", "probuilder", "urp", "vfx"]


def test_every_catalog_entry_is_a_symlink_to_its_manifest_and_vice_versa():
    manifests = sorted(p.name for p in MANIFESTS.glob("*.toml"))
    catalog = sorted(p.name for p in CATALOG.glob("*.toml"))
    assert manifests == catalog == [f"{i}.toml" for i in PLANNED]
    for name in catalog:
        entry = CATALOG / name
        assert entry.is_symlink(), f"{entry} must be a symlink into manifests/"
        assert os.readlink(entry) == f"../../manifests/{name}"
        assert not (MANIFESTS / name).is_symlink()
        assert entry.read_bytes() == (MANIFESTS / name).read_bytes()


@pytest.mark.parametrize("ext", sorted(p.parent.name for p in (REPO / "extensions").glob("*/pyproject.toml")))
def test_each_shipped_extension_carries_a_real_manifest_equal_to_the_catalogs(ext):
    """The wheel must carry the bytes even when built from its sdist outside this repository: no symlink."""
    packaged = REPO / "extensions" / ext / f"unitycli_{ext}" / "manifest.toml"
    assert packaged.is_file() and not packaged.is_symlink()
    assert packaged.read_bytes() == (MANIFESTS / f"{ext}.toml").read_bytes(), (
        f"extensions/{ext}'s manifest.toml differs from manifests/{ext}.toml: copy one over the other")


def test_the_test_extension_ships_its_manifest_as_a_symlink():
    packaged = TESTEXT / "unitycli_testext" / "manifest.toml"
    assert packaged.is_symlink()
    assert packaged.resolve() == (REPO / "tests" / "data" / "manifests" / "testext.toml").resolve()


def test_catalog_loads_all_five_with_evidence_for_every_version():
    catalog = load_catalog()
    assert catalog.errors == []
    assert sorted(catalog.manifests) == PLANNED
    for manifest in catalog.manifests.values():
        assert manifest.distribution == f"unitycli-{manifest.id}"
        assert manifest.supports_core(CORE_API_VERSION)
        for profile in manifest.packages:
            assert sorted(profile.evidence) == sorted(profile.versions), f"{manifest.id}: a version lacks evidence"


def test_tool_globs_select_requirements():
    catalog = load_catalog()
    vfx = catalog.get("vfx")
    assert [p.name for p in vfx.requirements_for("vfx.list-graphs")] == ["com.unity.visualeffectgraph"]
    assert [p.name for p in vfx.requirements_for("vfx.list-visual-effects")] == ["com.unity.visualeffectgraph"]
    assert vfx.requirements_for("vfx.set-particle-main") == []  # ParticleSystem tools need no package
    probuilder = catalog.get("probuilder")
    assert probuilder.packages[0].profile("5.2.2") == "com.unity.probuilder@5.2.2"
    assert probuilder.packages[0].newest == "6.0.4"


def test_versions_compare_as_semver_including_prerelease_tags():
    cinemachine = load_catalog().get("cinemachine").packages[0]
    assert cinemachine.verified("3.1.8-pre.1")
    assert not cinemachine.verified("3.1.8")
    assert not cinemachine.verified("3.1.8-pre.2")
    assert max(cinemachine.versions, key=SemVer.parse) == "3.1.8-pre.1"  # semver precedence: above 3.1.7
    assert cinemachine.newest == "3.1.7"  # but package.add suggests the newest release


GOOD = '''
id = "acme"
distribution = "unitycli-acme"
summary = "Acme tools"
core_api = ">=2.0,<3"

[[packages]]
name = "com.acme.thing"
versions = ["1.0.0"]
tools = ["acme.*"]
'''


@pytest.mark.parametrize("old,new,field", [
    ('versions = ["1.0.0"]', 'versions = [">=1.0.0"]', "packages[0].versions"),
    ('versions = ["1.0.0"]', 'versions = ["1.0.0", "1.0.0"]', "packages[0].versions"),
    ('versions = ["1.0.0"]', 'versions = []', "packages[0].versions"),
    ('core_api = ">=2.0,<3"', 'core_api = "one point oh"', "core_api"),
    ('distribution = "unitycli-acme"', 'distribution = "acme-tools"', "(root)"),
    ('tools = ["acme.*"]', 'tools = ["Acme Tools"]', "packages[0].tools"),
    ('id = "acme"', 'id = "Acme!"', "id"),
    ('summary = "Acme tools"', 'summary = "Acme tools"\nhomepage = "x"', "homepage"),
    ('name = "com.acme.thing"', 'name = "Com Acme"', "packages[0].name"),
])
def test_bad_manifest_is_manifest_invalid_naming_file_and_field(old, new, field):
    assert parse_manifest(GOOD, "manifests/acme.toml").id == "acme"
    with pytest.raises(UnityCliError) as caught:
        parse_manifest(GOOD.replace(old, new), "manifests/acme.toml")
    assert caught.value.code == "E_MANIFEST_INVALID"
    assert caught.value.details["file"] == "manifests/acme.toml"
    assert caught.value.details["field"] == field


def test_toml_syntax_error_is_manifest_invalid():
    with pytest.raises(UnityCliError) as caught:
        parse_manifest("id = ", "manifests/x.toml")
    assert caught.value.code == "E_MANIFEST_INVALID"
    assert caught.value.details["field"] == "(toml)"


def test_evidence_for_an_unlisted_version_is_refused():
    text = GOOD + '\n[packages.evidence]\n"2.0.0" = "somewhere"\n'
    with pytest.raises(UnityCliError) as caught:
        parse_manifest(text, "manifests/acme.toml")
    assert "2.0.0" in caught.value.message


def test_the_suggested_version_is_the_newest_release_not_a_pre_release():
    from unitycli.host.manifest import PackageProfile

    profile = PackageProfile(name="com.unity.cinemachine", versions=["3.1.7", "3.1.8-pre.1", "2.10.7"], tools=["x.*"])
    assert profile.newest == "3.1.7"
    assert PackageProfile(name="com.x", versions=["1.0.0-pre.1", "1.0.0-pre.2"], tools=["x.*"]).newest == "1.0.0-pre.2"
