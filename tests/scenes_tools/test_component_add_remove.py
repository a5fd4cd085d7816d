"""component.add / component.remove: the new document is the one Unity writes, copied from real files."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

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


def _copied(source: str, new_id: int, game_object: int) -> str:
    """An Editor-written component document as component.add copies it: its own fileID and GameObject."""
    text = re.sub(r"^--- !u!(\d+) &-?\d+", rf"--- !u!\g<1> &{new_id}", source)
    return re.sub(r"m_GameObject: \{fileID: -?\d+\}", f"m_GameObject: {{fileID: {game_object}}}", text)


def _evidence(out: dict) -> tuple[str, int]:
    """The one document every copied value of a component.add came from."""
    sources = {v for v in out["layout"]["valueSources"].values() if v not in ("target", "new object")}
    [source] = sources
    where, file_id = source.split(":", 1)[1].rsplit(" &", 1)
    return where, int(file_id)


def test_adding_a_box_collider_in_chicken_defense_copies_the_scenes_own_box_collider(chicken: Path) -> None:
    scene = chicken / CHICKEN_GAME
    docs = documents(scene.read_text())
    out = run(chicken, "component.add", {"file": CHICKEN_GAME, "gameObject": "Click Icon",
                                         "component": "BoxCollider"}).output
    new = out["fileID"]
    where, source = _evidence(out)
    assert where == CHICKEN_GAME and out["layout"]["omittedFields"] == []
    assert (out["layout"]["serializedVersion"], out["layout"]["layoutFrom"]) == ("3", "2022.3.17f1")
    docs[new] = _copied(docs[source], new, 147494736)
    docs[147494736] = _with_component(docs[147494736], new)
    assert scene.read_text() == _sorted_file(docs)
    assert (out["class"], out["gameObject"]) == ("BoxCollider", "Click Icon")


def test_adding_a_box_collider_in_minigolf_copies_a_prefab_of_the_project(minigolf: Path) -> None:
    scene = minigolf / MINIGOLF_GAME
    docs = documents(scene.read_text())
    out = run(minigolf, "component.add", {"file": MINIGOLF_GAME, "gameObject": "Lighting",
                                          "component": "BoxCollider"}).output
    new = out["fileID"]
    where, source = _evidence(out)
    assert where.endswith(".prefab") and out["layout"]["valueSources"]["m_Size"].startswith("project:")
    docs[new] = _copied(documents((minigolf / where).read_text())[source], new, 1040681024)
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


def test_unknown_classes_transforms_and_a_second_rigidbody_are_refused(sample: Path) -> None:
    scene = sample / GARDEN
    before = scene.read_bytes()
    for name in ("Lamp", "Transform", "MonoBehaviour", "ScriptableObject"):
        with pytest.raises(UnityCliError) as err:
            run(sample, "component.add", {"file": GARDEN, "gameObject": "Player", "component": name})
        assert err.value.code == "E_COMPONENT_UNSUPPORTED" and err.value.details["layoutFrom"] == "6000.0.25f1"
    assert scene.read_bytes() == before
    with pytest.raises(UnityCliError) as err:
        run(sample, "component.add", {"file": GARDEN, "gameObject": "Player", "component": "AudioListner"})
    assert err.value.details["didYouMean"][0] == "AudioListener"
    run(sample, "component.add", {"file": GARDEN, "gameObject": "Player", "component": "Rigidbody"})
    with pytest.raises(UnityCliError) as err:
        run(sample, "component.add", {"file": GARDEN, "gameObject": "Player", "component": "Rigidbody"})
    assert err.value.code == "E_COMPONENT_UNSUPPORTED"


def test_a_unity_version_the_table_has_no_stream_of_is_refused(sample: Path) -> None:
    version = sample / "ProjectSettings/ProjectVersion.txt"
    version.write_text(version.read_text().replace("6000.0.25f1", "4.7.2f1"))
    with pytest.raises(UnityCliError) as err:
        run(sample, "component.add", {"file": GARDEN, "gameObject": "Player", "component": "AudioSource"})
    assert err.value.code == "E_LAYOUT_VERSION_UNKNOWN"
