"""component.add / component.remove: the new document is the one Unity writes, copied from real files."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.fixturepaths import fixture_project
from tests.scenes_tools.projects import CHICKEN_GAME, GARDEN, MINIGOLF_GAME, documents, run
from unitycli.errors import UnityCliError

HEADER = "%YAML 1.1\n%TAG !u! tag:unity3d.com,2011:\n"


def _sorted_file(docs: dict[int, str]) -> str:
    return HEADER + "".join(docs[k] for k in sorted(docs))


def _with_component(game_object_doc: str, new: int) -> str:
    """The GameObject document with `new` appended to its m_Component list."""
    lines = game_object_doc.split("\n")
    last = max(i for i, line in enumerate(lines) if line.startswith("  - component: "))
    lines.insert(last + 1, f"  - component: {{fileID: {new}}}")
    return "\n".join(lines)


def _real_box_collider(project: str, relative: str) -> str:
    """The first BoxCollider document of a fixture file, exactly as that project's Unity version wrote it."""
    docs = documents((fixture_project(project) / relative).read_text())
    return next(text for text in docs.values() if text.startswith("--- !u!65 "))


def _as_default(real: str, new_id: int, game_object: int) -> str:
    """A real BoxCollider turned into the Editor's defaults (no material, not a trigger, 1x1x1 at the centre) for `game_object`."""
    text = re.sub(r"^--- !u!65 &-?\d+", f"--- !u!65 &{new_id}", real)
    text = re.sub(r"m_GameObject: \{fileID: -?\d+\}", f"m_GameObject: {{fileID: {game_object}}}", text)
    text = re.sub(r"m_Material: \{[^}]*\}", "m_Material: {fileID: 0}", text)
    text = re.sub(r"m_IsTrigger: \d", "m_IsTrigger: 0", text)
    text = re.sub(r"m_ProvidesContacts: \d", "m_ProvidesContacts: 0", text)
    text = re.sub(r"m_Center: \{[^}]*\}", "m_Center: {x: 0, y: 0, z: 0}", text)
    return re.sub(r"m_Size: \{[^}]*\}", "m_Size: {x: 1, y: 1, z: 1}", text)


def test_adding_a_box_collider_in_chicken_defense_writes_unity_2022_layout(chicken: Path) -> None:
    scene = chicken / CHICKEN_GAME
    docs = documents(scene.read_text())
    out = run(chicken, "component.add", {"file": CHICKEN_GAME, "gameObject": "Click Icon",
                                         "component": "BoxCollider"}).output
    new = out["fileID"]
    docs[new] = _as_default(docs[533465040], new, 147494736)
    docs[147494736] = _with_component(docs[147494736], new)
    assert scene.read_text() == _sorted_file(docs)
    assert (out["class"], out["gameObject"]) == ("BoxCollider", "Click Icon")


def test_adding_a_box_collider_in_minigolf_writes_unity_6_layout(minigolf: Path) -> None:
    scene = minigolf / MINIGOLF_GAME
    docs = documents(scene.read_text())
    out = run(minigolf, "component.add", {"file": MINIGOLF_GAME, "gameObject": "Lighting",
                                          "component": "BoxCollider"}).output
    new = out["fileID"]
    real = _real_box_collider("minigolf", "Assets/LlamAcademy/Minigolf/Resources/Tiles/Hole Cube.prefab")
    docs[new] = _as_default(real, new, 1040681024)
    docs[1040681024] = _with_component(docs[1040681024], new)
    assert scene.read_text() == _sorted_file(docs)


def test_removing_a_box_collider_drops_its_document_and_its_component_line(sample: Path) -> None:
    scene = sample / GARDEN
    docs = documents(scene.read_text())
    out = run(sample, "component.remove", {"file": GARDEN, "gameObject": "Trees/Tree A",
                                           "component": "BoxCollider"}).output
    assert (out["fileID"], out["class"], out["clearedReferences"]) == (1297714561, "BoxCollider", [])
    del docs[1297714561]
    docs[1297714560] = docs[1297714560].replace("  - component: {fileID: 1297714561}\n", "")
    assert scene.read_text() == _sorted_file(docs)


def test_add_then_remove_gives_back_the_original_file(minigolf: Path) -> None:
    scene = minigolf / MINIGOLF_GAME
    before = scene.read_bytes()
    new = run(minigolf, "component.add", {"file": MINIGOLF_GAME, "gameObject": "Post",
                                          "component": "SphereCollider"}).output["fileID"]
    run(minigolf, "component.remove", {"file": MINIGOLF_GAME, "gameObject": "Post", "component": str(new)})
    assert scene.read_bytes() == before


def test_removing_a_referenced_component_needs_force(sample: Path) -> None:
    scene = sample / GARDEN
    before = scene.read_text()
    with pytest.raises(UnityCliError) as err:
        run(sample, "component.remove", {"file": GARDEN, "gameObject": "Directional Light", "component": "Light"})
    assert err.value.code == "E_GAMEOBJECT_REFERENCED" and scene.read_text() == before
    out = run(sample, "component.remove", {"file": GARDEN, "gameObject": "Directional Light", "component": "Light",
                                           "force": True}).output
    assert out["clearedReferences"][0]["property"] == "m_Sun"
    assert "  m_Sun: {fileID: 0}\n" in scene.read_text() and "--- !u!108 &388120915" not in scene.read_text()


@pytest.mark.parametrize("request_, code", [
    ({"gameObject": "Player", "component": "Transform"}, "E_COMPONENT_UNSUPPORTED"),
    ({"gameObject": "Player", "component": "Collider2D"}, "E_COMPONENT_NOT_FOUND"),
])
def test_what_cannot_be_removed(sample: Path, request_: dict, code: str) -> None:
    with pytest.raises(UnityCliError) as err:
        run(sample, "component.remove", {"file": GARDEN, **request_})
    assert err.value.code == code


def test_unknown_classes_a_second_rigidbody_and_unverified_unity_versions_are_refused(sample: Path) -> None:
    scene = sample / GARDEN
    before = scene.read_bytes()
    with pytest.raises(UnityCliError) as err:
        run(sample, "component.add", {"file": GARDEN, "gameObject": "Player", "component": "TrailRenderer"})
    assert err.value.code == "E_COMPONENT_UNSUPPORTED" and "BoxCollider" in err.value.details["supported"]
    run(sample, "component.add", {"file": GARDEN, "gameObject": "Player", "component": "Rigidbody"})
    with pytest.raises(UnityCliError) as err:
        run(sample, "component.add", {"file": GARDEN, "gameObject": "Player", "component": "Rigidbody"})
    assert err.value.code == "E_COMPONENT_UNSUPPORTED"
    version = sample / "ProjectSettings/ProjectVersion.txt"
    version.write_text(version.read_text().replace("6000.0.25f1", "6000.3.2f1"))
    scene.write_bytes(before)
    # No file of the project has an AudioSource, and 6000.3 is not a stream the fixtures verify.
    with pytest.raises(UnityCliError) as err:
        run(sample, "component.add", {"file": GARDEN, "gameObject": "Player", "component": "AudioSource"})
    assert err.value.code == "E_TEMPLATE_UNVERIFIABLE" and err.value.details["unityVersion"] == "6000.3.2f1"
    assert err.value.details["verifiedVersions"] == ["2022.3", "6000.0"]
    assert "verified for Unity 2022.3, 6000.0" in err.value.message and "6000.3.2f1" in err.value.message
    assert scene.read_bytes() == before
