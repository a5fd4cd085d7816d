"""Resolving the Unity packages of the real fixture projects, and refusing broken package files."""

from __future__ import annotations

import io
import json
import shutil
import tarfile
from pathlib import Path

import pytest

from tests.fixturepaths import fixture_project, fixtures_root
from unitycli.errors import UnityCliError
from unitycli.packages import ResolvedPackage, resolve_packages

LFS_POINTER = (
    b"version https://git-lfs.github.com/spec/v1\n"
    b"oid sha256:4d7a214614ab2935c943f9e0ff69d22eadbb8f32b1258daaa5e2ca24d17e2393\n"
    b"size 2164\n"
)


def _copy_package_files(project: Path, dest: Path) -> Path:
    """Copy only what the resolver reads (manifest, lock, ProjectVersion.txt) into a writable project."""
    for rel in (
        "Packages/manifest.json",
        "Packages/packages-lock.json",
        "ProjectSettings/ProjectVersion.txt",
    ):
        if (project / rel).is_file():
            (dest / rel).parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(project / rel, dest / rel)
    return dest


def _pkg(project: str, name: str) -> ResolvedPackage:
    package = resolve_packages(fixture_project(project)).get(name)
    assert package is not None, f"{name} not resolved in {project}"
    return package


# --- lock-based projects ---------------------------------------------------------------------------------------


def test_chicken_defense_probuilder_is_a_direct_registry_package():
    assert _pkg("chicken-defense", "com.unity.probuilder") == ResolvedPackage(
        name="com.unity.probuilder",
        requested="5.2.2",
        version="5.2.2",
        source="registry",
        depth=0,
        direct=True,
        url="https://packages.unity.com",
        dependencies={
            "com.unity.settings-manager": "1.0.3",
            "com.unity.modules.physics": "1.0.0",
            "com.unity.modules.imgui": "1.0.0",
        },
    )


def test_chicken_defense_urp_is_builtin_without_url():
    urp = _pkg("chicken-defense", "com.unity.render-pipelines.universal")
    assert (urp.version, urp.source, urp.depth, urp.direct, urp.url, urp.verifiable) == (
        "14.0.9",
        "builtin",
        0,
        True,
        None,
        True,
    )


def test_chicken_defense_transitive_packages_come_from_the_lock():
    resolved = resolve_packages(fixture_project("chicken-defense"))
    assert resolved.certainty == "lock" and resolved.lock_present and resolved.warnings == []
    assert len(resolved.packages) == 58
    assert sum(p.depth == 0 for p in resolved.packages.values()) == 49
    # ProBuilder asks for settings-manager 1.0.3; the lock shows Unity resolved it higher, to 2.0.1.
    settings = resolved.packages["com.unity.settings-manager"]
    assert (settings.version, settings.depth, settings.direct, settings.source) == (
        "2.0.1",
        1,
        False,
        "registry",
    )
    core = resolved.packages["com.unity.render-pipelines.core"]
    assert (core.version, core.depth, core.source) == ("14.0.9", 1, "builtin")


def test_chicken_defense_git_package_without_cache_is_unverifiable():
    hfsm = _pkg("chicken-defense", "com.inspiaaa.unityhfsm")
    assert hfsm.source == "git" and hfsm.version is None and hfsm.verifiable is False
    assert hfsm.url == "https://github.com/Inspiaaa/UnityHFSM.git#upm"
    assert hfsm.hash == "eb590da7fb7680684ffc1b6801cc50c46417c38d"
    assert hfsm.reason == (
        "git package at commit eb590da7fb: Library/PackageCache/com.inspiaaa.unityhfsm@eb590da7fb/package.json "
        "not found (the Unity Editor fills the cache when it opens the project)"
    )


def test_git_version_is_read_from_the_package_cache_folder_named_by_the_hash(tmp_path):
    project = _copy_package_files(fixture_project("chicken-defense"), tmp_path)
    cached = project / "Library/PackageCache/com.inspiaaa.unityhfsm@eb590da7fb"
    cached.mkdir(parents=True)
    (cached / "package.json").write_text(json.dumps({"name": "com.inspiaaa.unityhfsm", "version": "2.1.0"}))
    hfsm = resolve_packages(project).get("com.inspiaaa.unityhfsm")
    assert (hfsm.version, hfsm.verifiable, hfsm.reason, hfsm.path) == (
        "2.1.0",
        True,
        None,
        "Library/PackageCache/com.inspiaaa.unityhfsm@eb590da7fb",
    )


def test_git_cache_folder_of_another_commit_is_not_trusted(tmp_path):
    project = _copy_package_files(fixture_project("chicken-defense"), tmp_path)
    stale = project / "Library/PackageCache/com.inspiaaa.unityhfsm@0123456789"
    stale.mkdir(parents=True)
    (stale / "package.json").write_text(json.dumps({"name": "com.inspiaaa.unityhfsm", "version": "1.0.0"}))
    hfsm = resolve_packages(project).get("com.inspiaaa.unityhfsm")
    assert hfsm.version is None and hfsm.verifiable is False
    assert hfsm.reason == (
        "Library/PackageCache has com.inspiaaa.unityhfsm@0123456789 but no folder named for the "
        "locked commit eb590da7fb, so the cached version cannot be tied to the lock"
    )


def test_minigolf_ssh_git_url_in_a_unity6_project():
    simplifier = _pkg("minigolf", "com.whinarn.unitymeshsimplifier")
    assert simplifier.requested == simplifier.url == "git@github.com:Whinarn/UnityMeshSimplifier.git"
    assert (simplifier.source, simplifier.depth, simplifier.hash) == (
        "git",
        0,
        "d741912bfeaad8da4fe0f258f4f3eefe1fe7b3f3",
    )
    assert simplifier.verifiable is False
    assert simplifier.reason == (
        "Unity 6 names Library/PackageCache folders by a fingerprint, not by the git commit, "
        "so no cached package.json can be tied to the locked commit d741912bfe"
    )


def test_minigolf_packages_and_nuget_folders():
    resolved = resolve_packages(fixture_project("minigolf"))
    assert resolved.packages["com.unity.probuilder"].version == "6.0.4"
    assert resolved.packages["com.unity.cinemachine"].version == "3.1.2"
    splines = resolved.packages["com.unity.splines"]
    assert (splines.version, splines.depth, splines.direct) == ("2.6.1", 1, False)
    assert max(p.depth for p in resolved.packages.values()) == 3
    # NuGet folders in Packages/ (System.Buffers.4.4.0/ ...) have no package.json and are not Unity packages.
    assert not [name for name in resolved.packages if name.startswith("System.")]
    assert len(resolved.packages) == 63


def test_cinemachine_local_file_package_reads_its_package_json():
    for project in ("com.unity.cinemachine/Projects/URP", "com.unity.cinemachine/Projects/HDRP"):
        cm = _pkg(project, "com.unity.cinemachine")
        assert cm == ResolvedPackage(
            name="com.unity.cinemachine",
            requested="file:../../../com.unity.cinemachine",
            version="3.1.8-pre.1",
            source="local",
            depth=0,
            direct=True,
            path="../../com.unity.cinemachine",
            dependencies={"com.unity.splines": "2.0.0", "com.unity.modules.imgui": "1.0.0"},
        )


def test_local_package_without_package_json_is_unverifiable(tmp_path):
    project = _copy_package_files(
        fixture_project("com.unity.cinemachine/Projects/URP"), tmp_path / "a" / "b" / "p"
    )
    cm = resolve_packages(project).get("com.unity.cinemachine")
    assert (cm.source, cm.version, cm.verifiable) == ("local", None, False)
    assert cm.reason == "../../com.unity.cinemachine/package.json not found"


def test_depth_zero_lock_entry_nothing_needs_is_dropped_as_removed():
    # The lock lists com.unity.xr.legacyinputhelpers (and com.unity.modules.vr, which only it needs) at depth 0, but
    # the manifest no longer does and no package depends on it: the shape `package.remove` leaves behind. Unity drops
    # such entries when it next resolves, so they are not reported as present; the warning says why.
    resolved = resolve_packages(fixture_project("com.unity.cinemachine/Projects/URP"))
    assert "com.unity.xr.legacyinputhelpers" not in resolved.packages
    assert resolved.removed == {"com.unity.xr.legacyinputhelpers": "2.1.12", "com.unity.modules.vr": "1.0.0"}
    assert any(w.startswith("com.unity.xr.legacyinputhelpers: Packages/packages-lock.json still lists '2.1.12', "
                            "but it is no longer in Packages/manifest.json") for w in resolved.warnings)
    assert resolved.transitive_known is True


def test_hdrp_samples_vfx_graph_arrives_transitively():
    vfx = _pkg("EntityComponentSystemSamples/GraphicsSamples/HDRPSamples", "com.unity.visualeffectgraph")
    assert (vfx.version, vfx.source, vfx.depth, vfx.direct) == ("17.2.0", "builtin", 1, False)


def test_bitesize_git_package_with_path_query():
    parrel = _pkg(
        "com.unity.multiplayer.samples.bitesize/Basic/DynamicAddressablesNetworkPrefabs",
        "com.veriorpies.parrelsync",
    )
    assert parrel.url == "https://github.com/VeriorPies/ParrelSync.git?path=/ParrelSync"
    assert parrel.hash == "f45424822189ebd875d864a17d7f03b72eafbff7"


def test_every_fixture_project_resolves_and_agrees_with_its_files():
    """Every manifest/lock pair: each manifest entry is a direct package with the manifest's value as `requested`,
    each lock entry appears with the lock's depth, and only git packages lack a version."""
    manifests = sorted(fixtures_root().rglob("Packages/manifest.json"))
    assert len(manifests) == 16
    for manifest in manifests:
        project = manifest.parent.parent
        resolved = resolve_packages(project)
        requested = json.loads(manifest.read_text())["dependencies"]
        for name, value in requested.items():
            assert resolved.packages[name].requested == value and resolved.packages[name].direct, (
                project,
                name,
            )
        lock_file = project / "Packages/packages-lock.json"
        if resolved.certainty == "lock":
            lock = json.loads(lock_file.read_text())["dependencies"]
            assert list(resolved.packages) == [n for n in lock if n not in resolved.removed], project
            assert set(resolved.removed) <= set(lock) - set(requested), project
            for name, entry in lock.items():
                if name in resolved.removed:
                    continue
                package = resolved.packages[name]
                assert (package.depth, package.source) == (entry["depth"], entry["source"]), (project, name)
                assert package.verifiable == (entry["source"] != "git"), (project, name)
        else:
            assert not lock_file.exists()


# --- projects without a usable lock ----------------------------------------------------------------------------


def test_physics_samples_enable_lock_file_false_is_manifest_only():
    resolved = resolve_packages(fixture_project("physics-samples"))
    assert (resolved.certainty, resolved.lock_enabled, resolved.lock_present) == (
        "manifest-only",
        False,
        False,
    )
    assert resolved.transitive_known is False
    assert resolved.warnings == [
        "enableLockFile is false: versions come from Packages/manifest.json and package.json files of embedded "
        "and local packages; transitive dependencies are unknown"
    ]
    assert len(resolved.packages) == 42
    urp = resolved.packages["com.unity.render-pipelines.universal"]
    assert (urp.version, urp.source, urp.depth, urp.direct, urp.verifiable) == (
        "17.2.0",
        "unknown",
        None,
        True,
        True,
    )
    assert resolved.packages["com.unity.modules.ai"].source == "builtin"
    assert "com.unity.burst" not in resolved.packages  # transitive: unknown without a lock


def test_vfx_samples_without_lock_include_the_embedded_package():
    resolved = resolve_packages(fixture_project("vfx-samples"))
    assert (resolved.certainty, resolved.lock_enabled, resolved.lock_present) == (
        "manifest-only",
        True,
        False,
    )
    assert resolved.warnings[0].startswith("there is no Packages/packages-lock.json: ")
    assert resolved.packages["com.unity.render-pipelines.high-definition"].version == "17.0.3"
    vfx = resolved.packages["com.unity.visualeffectgraph"]  # arrives through HDRP, bundled at its version
    assert (vfx.version, vfx.direct, vfx.verifiable) == ("17.0.3", False, True)
    assert resolved.packages["net.peeweek.game-options"] == ResolvedPackage(
        name="net.peeweek.game-options",
        version="1.0.0",
        source="embedded",
        direct=False,
        path="Packages/net.peeweek.game-options",
        dependencies={"com.unity.ugui": "1.0.0"},
    )


def test_git_package_without_lock_is_unverifiable(tmp_path):
    project = _copy_package_files(fixture_project("chicken-defense"), tmp_path)
    (project / "Packages/packages-lock.json").unlink()
    hfsm = resolve_packages(project).get("com.inspiaaa.unityhfsm")
    assert (hfsm.source, hfsm.version, hfsm.hash, hfsm.verifiable) == ("git", None, None, False)
    assert (
        hfsm.reason == "git package without a packages-lock.json entry: the commit it resolves to is unknown"
    )


def test_lock_older_than_manifest_takes_the_manifest_version_not_yet_resolved(tmp_path):
    # Unity resolves a direct dependency to the manifest's value, so the manifest wins over a stale lock.
    project = _copy_package_files(fixture_project("chicken-defense"), tmp_path)
    manifest = project / "Packages/manifest.json"
    manifest.write_text(
        manifest.read_text().replace('"com.unity.probuilder": "5.2.2"', '"com.unity.probuilder": "5.2.3"')
    )
    resolved = resolve_packages(project)
    probuilder = resolved.packages["com.unity.probuilder"]
    message = (
        "com.unity.probuilder: Packages/manifest.json requests '5.2.3' and Packages/packages-lock.json still has "
        "'5.2.2'; Unity has not resolved it yet (the Editor rewrites the lock when it next opens the project)"
    )
    assert (probuilder.version, probuilder.verifiable, probuilder.reason) == ("5.2.3", True, message)
    assert (probuilder.source, probuilder.direct, probuilder.resolved_by_unity) == ("registry", True, False)
    assert resolved.warnings == [message]
    # Its dependency list is the old version's, so an absent package might still arrive through it.
    assert resolved.unknown_dependencies_of == ["com.unity.probuilder"]
    assert "resolvedByUnity" not in resolved.model_dump(by_alias=True)["packages"]["com.unity.probuilder"]


# --- broken input ----------------------------------------------------------------------------------------------


def test_manifest_with_bad_json_is_unreadable_with_position(tmp_path):
    project = _copy_package_files(fixture_project("minigolf"), tmp_path)
    manifest = project / "Packages/manifest.json"
    manifest.write_text(
        manifest.read_text().replace('"com.unity.probuilder": "6.0.4",', '"com.unity.probuilder" 6.0.4,')
    )
    with pytest.raises(UnityCliError) as caught:
        resolve_packages(project)
    assert caught.value.code == "E_PROJECT_FILE_UNREADABLE"
    assert caught.value.details == {
        "file": "Packages/manifest.json",
        "problem": "Expecting ':' delimiter",
        "line": 10,
        "column": 28,
        "position": 319,
    }


def test_missing_manifest_is_unreadable(tmp_path):
    (tmp_path / "Packages").mkdir()
    with pytest.raises(UnityCliError) as caught:
        resolve_packages(tmp_path)
    assert caught.value.code == "E_PROJECT_FILE_UNREADABLE"
    assert caught.value.details == {"file": "Packages/manifest.json", "problem": "file not found"}


def test_truncated_lock_fails_closed_instead_of_falling_back(tmp_path):
    project = _copy_package_files(fixture_project("chicken-defense"), tmp_path)
    lock = project / "Packages/packages-lock.json"
    lock.write_bytes(lock.read_bytes()[:5000])
    with pytest.raises(UnityCliError) as caught:
        resolve_packages(project)
    assert caught.value.code == "E_PROJECT_FILE_UNREADABLE"
    # The cut falls inside `"com.unit` on line 187, which starts at byte 4991.
    assert caught.value.details == {
        "file": "Packages/packages-lock.json",
        "problem": "Unterminated string starting at",
        "line": 187,
        "column": 5,
        "position": 4991,
    }


def test_lock_with_wrong_shape_is_unreadable(tmp_path):
    project = _copy_package_files(fixture_project("chicken-defense"), tmp_path)
    (project / "Packages/packages-lock.json").write_text(
        '{"dependencies": {"com.unity.probuilder": {"version": 5}}}'
    )
    with pytest.raises(UnityCliError) as caught:
        resolve_packages(project)
    assert caught.value.code == "E_PROJECT_FILE_UNREADABLE"
    assert caught.value.details == {
        "file": "Packages/packages-lock.json",
        "package": "com.unity.probuilder",
        "problem": "entry 'com.unity.probuilder' lacks a string `version` or `source`",
    }
    assert caught.value.manual_steps == ["Open the project in the Unity Editor once so it rewrites the lock file"]
    assert caught.value.next_actions == ["git checkout -- Packages/packages-lock.json"]


def test_lfs_pointer_in_place_of_the_manifest(tmp_path):
    project = _copy_package_files(fixture_project("chicken-defense"), tmp_path)
    (project / "Packages/manifest.json").write_bytes(LFS_POINTER)
    with pytest.raises(UnityCliError) as caught:
        resolve_packages(project)
    assert caught.value.code == "E_ASSET_LFS_POINTER"
    assert caught.value.details == {
        "file": "Packages/manifest.json",
        "oid": "sha256:4d7a214614ab2935c943f9e0ff69d22eadbb8f32b1258daaa5e2ca24d17e2393",
        "size": 2164,
    }


def test_result_serialises_with_camel_case_keys():
    dumped = resolve_packages(fixture_project("chicken-defense")).model_dump(mode="json", by_alias=True)
    assert list(dumped) == ["lockPresent", "lockEnabled", "certainty", "packages", "warnings"]
    assert dumped["packages"]["com.unity.probuilder"]["verifiable"] is True
    assert "requested" in dumped["packages"]["com.unity.probuilder"]


# --- shapes no fixture shows (hand-written, following Unity's documented lock format) --------------------------


def _write_json(path: Path, data: dict) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data, indent=2) + "\n")


def test_embedded_package_listed_in_the_lock(tmp_path):
    # No fixture lock has an embedded entry; Unity writes them as `"version": "file:<folder>", "source": "embedded"`.
    _write_json(tmp_path / "Packages/manifest.json", {"dependencies": {"com.unity.ugui": "2.0.0"}})
    _write_json(
        tmp_path / "Packages/com.example.tools/package.json",
        {"name": "com.example.tools", "version": "0.3.0"},
    )
    _write_json(
        tmp_path / "Packages/packages-lock.json",
        {
            "dependencies": {
                "com.example.tools": {
                    "version": "file:com.example.tools",
                    "depth": 0,
                    "source": "embedded",
                    "dependencies": {},
                },
                "com.unity.ugui": {"version": "2.0.0", "depth": 0, "source": "builtin", "dependencies": {}},
            }
        },
    )
    resolved = resolve_packages(tmp_path)
    tools = resolved.packages["com.example.tools"]
    assert (tools.source, tools.version, tools.direct, tools.path, tools.verifiable) == (
        "embedded",
        "0.3.0",
        False,
        "Packages/com.example.tools",
        True,
    )
    assert resolved.warnings == []


def test_local_tarball_package_reads_package_json_inside(tmp_path):
    _write_json(
        tmp_path / "Packages/manifest.json", {"dependencies": {"com.example.tar": "file:../tar-1.2.3.tgz"}}
    )
    payload = json.dumps({"name": "com.example.tar", "version": "1.2.3"}).encode()
    with tarfile.open(tmp_path / "tar-1.2.3.tgz", "w:gz") as tar:
        info = tarfile.TarInfo("package/package.json")
        info.size = len(payload)
        tar.addfile(info, io.BytesIO(payload))
    package = resolve_packages(tmp_path).get("com.example.tar")
    assert (package.source, package.version, package.path, package.verifiable) == (
        "local",
        "1.2.3",
        "tar-1.2.3.tgz",
        True,
    )
