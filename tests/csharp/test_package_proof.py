"""A package class's layout proven from the package's own source: the Cinemachine fixture's local 3.1.8-pre.1
package (`file:../../../com.unity.cinemachine` in Projects/URP), `Library/PackageCache`, and hostile layouts."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest

from tests.fixturepaths import fixture_path
from unitycli.csharp import UNPROVEN, SerializationModel
from unitycli.csharp.agreement import compare
from unitycli.csharp.package_proof import package_class_proof
from unitycli.errors import UnityCliError
from unitycli.unityyaml import UnityYamlFile

CINEMACHINE = "com.unity.cinemachine"
CAMERA_GUID = "f9dfa5b682dcd46bda6128250e975f58"  # Runtime/Behaviours/CinemachineCamera.cs.meta


def urp_model() -> SerializationModel:
    return SerializationModel(fixture_path("com.unity.cinemachine/Projects/URP"))


def test_cinemachine_camera_is_proven_from_the_file_package_the_manifest_names():
    proof = package_class_proof(urp_model(), CINEMACHINE, "CinemachineCamera")
    assert (proof.version, proof.source) == ("3.1.8-pre.1", "local")
    assert proof.verified_by == "package source ../../com.unity.cinemachine/Runtime/Behaviours/CinemachineCamera.cs"
    assert proof.unity_path == "Packages/com.unity.cinemachine/Runtime/Behaviours/CinemachineCamera.cs"
    assert proof.guid == CAMERA_GUID
    assert [f.name for f in proof.layout.fields] == ["Priority", "OutputChannel", "StandbyUpdate",
                                                     "m_StreamingVersion", "m_LegacyPriority", "Target", "Lens",
                                                     "BlendHint"]
    assert proof.layout.unity_base == "MonoBehaviour"


def test_the_proven_layout_is_the_one_the_editor_wrote_in_the_packages_sample():
    proof = package_class_proof(urp_model(), CINEMACHINE, guid=CAMERA_GUID)
    scene = fixture_path("com.unity.cinemachine/com.unity.cinemachine/Samples~/3D Samples/MixingCamera.unity")
    yaml = UnityYamlFile.parse(scene.read_bytes(), scene.name)
    cameras = [d for d in yaml.of_class(114) if CAMERA_GUID in d.text]
    assert cameras and all(compare(proof.layout, d.to_python()).exact for d in cameras)  # type: ignore[arg-type]


def test_a_serializable_class_by_full_name():
    proof = package_class_proof(urp_model(), CINEMACHINE, "Unity.Cinemachine.LensSettings")
    assert proof.verified_by.endswith("Runtime/Core/LensSettings.cs")
    assert [f.name for f in proof.layout.fields][:3] == ["FieldOfView", "OrthographicSize", "NearClipPlane"]


def test_a_package_the_project_lacks_and_one_whose_source_is_not_on_disk():
    with pytest.raises(UnityCliError) as missing:
        package_class_proof(urp_model(), "com.unity.probuilder", "ProBuilderMesh")
    assert missing.value.code == "E_PACKAGE_NOT_FOUND"
    with pytest.raises(UnityCliError) as absent:  # minigolf: Cinemachine 3.1.2 from the registry, no PackageCache
        package_class_proof(SerializationModel(fixture_path("minigolf")), CINEMACHINE, "CinemachineCamera")
    assert absent.value.code == "E_PACKAGE_SOURCE_UNAVAILABLE"
    assert absent.value.details == {"package": CINEMACHINE, "version": "3.1.2"}
    assert absent.value.manual_steps == ["Open the project in the Unity Editor once so it fills Library/PackageCache"]


def _minigolf_settings(tmp_path: Path) -> Path:
    project = tmp_path / "minigolf"
    for part in ("Packages", "ProjectSettings"):
        shutil.copytree(fixture_path(f"minigolf/{part}"), project / part)
    (project / "Assets").mkdir()
    return project


def _cache_package(folder: Path, version: str) -> None:
    """A PackageCache folder in Unity's shape; its C# is the fixture's runtime, standing in for that version's."""
    shutil.copytree(fixture_path("com.unity.cinemachine/com.unity.cinemachine/Runtime"), folder / "Runtime")
    (folder / "package.json").write_text(json.dumps({"name": CINEMACHINE, "version": version}))


def test_library_package_cache_at_the_resolved_version(tmp_path):
    project = _minigolf_settings(tmp_path)
    _cache_package(project / "Library/PackageCache/com.unity.cinemachine@3.1.1", "3.1.1")  # not the resolved one
    with pytest.raises(UnityCliError) as wrong:
        package_class_proof(SerializationModel(project), CINEMACHINE, "CinemachineCamera")
    assert wrong.value.code == "E_PACKAGE_SOURCE_UNAVAILABLE"
    _cache_package(project / "Library/PackageCache/com.unity.cinemachine@3.1.2", "3.1.2")
    proof = package_class_proof(SerializationModel(project), CINEMACHINE, "CinemachineCamera")
    assert proof.verified_by == ("package source Library/PackageCache/com.unity.cinemachine@3.1.2/Runtime/"
                                 "Behaviours/CinemachineCamera.cs")
    assert proof.source == "registry"


def test_links_out_of_the_project_are_never_followed(tmp_path):
    project = _minigolf_settings(tmp_path)
    outside = tmp_path / "outside"
    _cache_package(outside, "3.1.2")
    (project / "Library/PackageCache").mkdir(parents=True)
    os.symlink(outside, project / "Library/PackageCache/com.unity.cinemachine@3.1.2")
    with pytest.raises(UnityCliError) as linked_cache:
        package_class_proof(SerializationModel(project), CINEMACHINE, "CinemachineCamera")
    assert linked_cache.value.code == "E_PACKAGE_SOURCE_UNAVAILABLE"
    # an embedded package folder that is a link to elsewhere is not read either
    os.symlink(outside, project / "Packages" / CINEMACHINE)
    with pytest.raises(UnityCliError) as linked_embedded:
        package_class_proof(SerializationModel(project), CINEMACHINE, "CinemachineCamera")
    assert linked_embedded.value.code == "E_PACKAGE_SOURCE_UNAVAILABLE"


def test_a_linked_source_file_inside_a_package_is_skipped(tmp_path):
    project = _minigolf_settings(tmp_path)
    folder = project / "Library/PackageCache/com.unity.cinemachine@3.1.2"
    _cache_package(folder, "3.1.2")
    camera = folder / "Runtime/Behaviours/CinemachineCamera.cs"
    (tmp_path / "elsewhere.cs").write_bytes(camera.read_bytes())
    camera.unlink()
    os.symlink(tmp_path / "elsewhere.cs", camera)
    with pytest.raises(UnityCliError) as caught:
        package_class_proof(SerializationModel(project), CINEMACHINE, "CinemachineCamera")
    assert caught.value.code == "E_SCRIPT_CLASS_NOT_FOUND"


def test_every_runtime_file_of_the_package_parses_under_the_projects_symbols():
    """CinemachineStoryboard.cs starts with a UTF-8 BOM before `#if CINEMACHINE_UGUI`."""
    project = urp_model().project
    broken = {f.shown: project.parsed(f).issues for f in project.files if project.parsed(f).issues}
    assert broken == {}
    assert sum(1 for f in project.files if f.root.package == CINEMACHINE) == 131


def test_enum_members_set_from_an_engine_enum_are_left_out_not_guessed():
    proof = package_class_proof(urp_model(), CINEMACHINE, "CinemachineStoryboard")
    fields = {f.name: f for f in proof.layout.fields}
    # StoryboardRenderMode { ScreenSpaceOverlay = UnityEngine.RenderMode.ScreenSpaceOverlay, ScreenSpaceCamera = ... }
    assert fields["RenderMode"].kind == "enum" and fields["RenderMode"].enum_members == ()
    assert fields["Aspect"].enum_members == (("BestFit", 0), ("CropImageToFit", 1), ("StretchToFit", 2))
    # [ExecuteAlways]: CinemachineExtension.Awake (edit mode) calls code on the object, so no default is proven
    assert all(f.default is UNPROVEN for f in proof.layout.fields)
    assert fields["ShowImage"].unproven_reason == ("Awake() at Packages/com.unity.cinemachine/Runtime/Core/"
                                                   "CinemachineExtension.cs:45 calls code that may assign it")


def test_a_generic_base_asked_for_without_its_type_argument_is_unprovable():
    with pytest.raises(UnityCliError) as caught:
        package_class_proof(urp_model(), CINEMACHINE, "InputAxisControllerBase")
    assert caught.value.code == "E_SCRIPT_LAYOUT_UNPROVABLE"
    assert "type parameter T" in caught.value.message


def test_a_project_script_deriving_from_a_package_class_has_the_package_fields_first(tmp_path):
    project = tmp_path / "P"
    shutil.copytree(fixture_path("com.unity.cinemachine/Projects/URP/ProjectSettings"), project / "ProjectSettings")
    shutil.copytree(fixture_path("com.unity.cinemachine/Projects/URP/Packages"), project / "Packages")
    manifest = json.loads((project / "Packages/manifest.json").read_text())
    manifest["dependencies"][CINEMACHINE] = f"file:{fixture_path('com.unity.cinemachine/com.unity.cinemachine')}"
    (project / "Packages/manifest.json").write_text(json.dumps(manifest))
    (project / "Assets").mkdir()
    (project / "Assets/MyRecomposer.cs").write_text(
        "using Unity.Cinemachine;\npublic class MyRecomposer : CinemachineRecomposer { public float Extra = 2; }\n")
    (project / "Assets/MyRecomposer.cs.meta").write_text("guid: " + "c" * 32 + "\n")
    layout = SerializationModel(project).script_layout("c" * 32)
    assert layout.base_classes == ("Unity.Cinemachine.CinemachineRecomposer", "Unity.Cinemachine.CinemachineExtension")
    assert [f.name for f in layout.fields] == ["ApplyAfter", "Tilt", "Pan", "Dutch", "ZoomScale", "FollowAttachment",
                                               "LookAtAttachment", "Extra"]
    assert layout.fields[0].file == "Packages/com.unity.cinemachine/Runtime/Behaviours/CinemachineRecomposer.cs"


def test_a_cache_folder_without_a_readable_package_json_is_not_taken_for_the_resolved_version(tmp_path):
    project = _minigolf_settings(tmp_path)
    folder = project / "Library/PackageCache/com.unity.cinemachine@3.1.2"
    _cache_package(folder, "3.1.2")
    (folder / "package.json").unlink()
    with pytest.raises(UnityCliError) as caught:
        package_class_proof(SerializationModel(project), CINEMACHINE, "CinemachineCamera")
    assert caught.value.code == "E_PACKAGE_SOURCE_UNAVAILABLE"


def test_unity_6_cache_folders_named_by_hash_are_found_by_their_package_json(tmp_path):
    project = _minigolf_settings(tmp_path)
    _cache_package(project / "Library/PackageCache/com.unity.cinemachine@a1b2c3d4e5", "3.1.2")
    proof = package_class_proof(SerializationModel(project), CINEMACHINE, "CinemachineCamera")
    assert proof.path.startswith("Library/PackageCache/com.unity.cinemachine@a1b2c3d4e5/")
