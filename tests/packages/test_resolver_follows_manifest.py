"""The manifest decides direct dependencies, the lock fills in the rest."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from tests.fixturepaths import fixture_project
from unitycli.packages.models import ResolvedPackage, ResolvedPackages
from unitycli.packages.resolver import resolve_packages


def _copy(project: str, dest: Path) -> Path:
    source = fixture_project(project)
    for rel in ("Packages/manifest.json", "Packages/packages-lock.json", "ProjectSettings/ProjectVersion.txt"):
        if (source / rel).is_file():
            (dest / rel).parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(source / rel, dest / rel)
    return dest


def _edit_manifest(root: Path, **changes: str | None) -> None:
    path = root / "Packages/manifest.json"
    data = json.loads(path.read_text())
    for name, value in changes.items():
        name = name.replace("__", ".").replace("_", "-")
        if value is None:
            del data["dependencies"][name]
        else:
            data["dependencies"][name] = value
    path.write_text(json.dumps(data, indent=2) + "\n")


def test_a_package_added_to_the_manifest_is_there_at_once_not_yet_resolved(tmp_path):
    root = _copy("com.unity.multiplayer.samples.bitesize/Basic/ClientDriven", tmp_path)
    _edit_manifest(root, com__unity__probuilder="6.0.4")
    resolved = resolve_packages(root)
    probuilder = resolved.get("com.unity.probuilder")
    assert (probuilder.version, probuilder.requested, probuilder.direct, probuilder.verifiable) == (
        "6.0.4", "6.0.4", True, True)
    assert probuilder.resolved_by_unity is False
    assert probuilder.reason == (
        "com.unity.probuilder: listed in Packages/manifest.json but not in Packages/packages-lock.json; Unity has "
        "not resolved it yet (the Editor rewrites the lock when it next opens the project)")
    assert resolved.warnings == [probuilder.reason]
    # Its dependencies are not in the lock yet, so an absent package may still arrive through it.
    assert resolved.unknown_dependencies_of == ["com.unity.probuilder"] and not resolved.transitive_known


def test_a_removed_package_and_what_only_it_needed_are_gone_at_once(tmp_path):
    root = _copy("chicken-defense", tmp_path)
    _edit_manifest(root, com__unity__probuilder=None)
    resolved = resolve_packages(root)
    assert "com.unity.probuilder" not in resolved.packages
    assert resolved.removed["com.unity.probuilder"] == "5.2.2"
    # settings-manager came with ProBuilder but another package still needs it, so it stays.
    assert "com.unity.settings-manager" in resolved.packages and resolved.removed == {"com.unity.probuilder": "5.2.2"}
    assert resolved.transitive_known  # removing brings nothing new in
    assert any(w.startswith("com.unity.probuilder: Packages/packages-lock.json still lists '5.2.2', but it is no "
                            "longer in Packages/manifest.json") for w in resolved.warnings)


def test_a_removed_package_another_package_needs_stays_at_the_highest_requested_version(tmp_path):
    root = _copy("chicken-defense", tmp_path)
    _edit_manifest(root, com__unity__test_framework=None)
    framework = resolve_packages(root).get("com.unity.test-framework")
    # animation.rigging needs 1.1.24, cinemachine 1.1.31, ide.visualstudio 1.1.9: Unity takes the highest.
    assert (framework.version, framework.direct, framework.requested, framework.verifiable) == (
        "1.1.31", False, None, True)
    assert framework.resolved_by_unity is False
    assert "still a dependency (com.unity.animation.rigging needs 1.1.24" in framework.reason


def test_a_git_package_pinned_to_a_registry_version_takes_the_manifest_value(tmp_path):
    root = _copy("chicken-defense", tmp_path)
    _edit_manifest(root, com__inspiaaa__unityhfsm="1.0.0")
    hfsm = resolve_packages(root).get("com.inspiaaa.unityhfsm")
    assert (hfsm.version, hfsm.verifiable, hfsm.hash, hfsm.resolved_by_unity) == ("1.0.0", True, None, False)


def test_an_unchanged_project_is_resolved_by_unity_throughout(tmp_path):
    resolved = resolve_packages(fixture_project("chicken-defense"))
    assert all(p.resolved_by_unity for p in resolved.packages.values())
    assert resolved.removed == {} and resolved.unknown_dependencies_of == [] and resolved.transitive_known


def test_without_a_lock_transitive_packages_come_from_readable_dependency_lists(tmp_path):
    root = tmp_path
    (root / "Packages").mkdir()
    (root / "Packages/manifest.json").write_text(json.dumps(
        {"dependencies": {"com.example.a": "file:../a", "com.unity.modules.ui": "1.0.0"}}))
    (root / "a").mkdir()
    (root / "a/package.json").write_text(json.dumps(
        {"name": "com.example.a", "version": "1.0.0", "dependencies": {"com.unity.b": "2.0.0"}}))
    (root / "Packages/com.example.c").mkdir()
    (root / "Packages/com.example.c/package.json").write_text(json.dumps(
        {"name": "com.example.c", "version": "0.1.0", "dependencies": {"com.unity.b": "2.1.0"}}))
    resolved = resolve_packages(root)
    b = resolved.get("com.unity.b")
    # Unity resolves a transitive package to the highest version asked for; b's own list is unknown.
    assert (b.version, b.direct, b.verifiable, b.source) == ("2.1.0", False, True, "unknown")
    assert b.reason == ("not in Packages/manifest.json; com.example.a needs 2.0.0, com.example.c needs 2.1.0 "
                        "(version from those dependency lists)")
    assert resolved.unknown_dependencies_of == ["com.unity.b"]
    # Once b's cached package.json is there, every list is known: an absent package is really absent.
    cache = root / "Library/PackageCache/com.unity.b@2.1.0"
    cache.mkdir(parents=True)
    (cache / "package.json").write_text(json.dumps({"name": "com.unity.b", "version": "2.1.0"}))
    again = resolve_packages(root)
    assert again.transitive_known and again.certainty == "manifest-only"
    assert again.get("com.unity.b").path == "Library/PackageCache/com.unity.b@2.1.0"


def test_without_a_lock_a_version_some_lists_cannot_bound_is_unverifiable(tmp_path):
    root = tmp_path
    (root / "Packages").mkdir()
    (root / "Packages/manifest.json").write_text(json.dumps(
        {"dependencies": {"com.example.a": "file:../a", "com.unity.registry": "3.0.0"}}))
    (root / "a").mkdir()
    (root / "a/package.json").write_text(json.dumps(
        {"name": "com.example.a", "version": "1.0.0", "dependencies": {"com.unity.b": "2.0.0"}}))
    b = resolve_packages(root).get("com.unity.b")
    assert (b.version, b.verifiable) == ("2.0.0", False)
    assert "the dependency lists of com.unity.registry are unknown" in b.reason


def test_the_package_list_schema_is_unchanged_by_the_internal_fields():
    assert "resolvedByUnity" not in json.dumps(ResolvedPackage.model_json_schema(mode="serialization", by_alias=True))
    dumped = ResolvedPackages(lock_present=True, lock_enabled=True, certainty="lock", packages={},
                              removed={"x": "1.0.0"}).model_dump(by_alias=True)
    assert list(dumped) == ["lockPresent", "lockEnabled", "certainty", "packages", "warnings"]
