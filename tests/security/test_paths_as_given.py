"""Paths as given: every tool addresses exactly the path it is given, or refuses it.

On Linux and macOS `Materials ` (trailing space) and `Materials` are two folders: a tool that trimmed the path
deleted the wrong one. A `\\` is refused with the `/` spelling as a runnable next action, and an absolute path inside
the project is the same project-relative path (but still cannot follow a link out). Each case runs on a writable
copy of minigolf, with the trailing-space twin made by the test beside the real folder.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from tests.assets.conftest import failure, output, run, snapshot
from tests.indexes.projectcopies import meta_guid_of, writable_copy
from unitycli.cli.main import run as cli_run
from unitycli.next_actions import NextAction, ToolCall

MINIGOLF = "Assets/LlamAcademy/Minigolf"
MATERIALS = f"{MINIGOLF}/Materials"
BALL_MAT = f"{MATERIALS}/Ball.mat"
GAME = f"{MINIGOLF}/Scenes/Game.unity"
BALL_PREFAB = f"{MINIGOLF}/Prefabs/Ball.prefab"
TWIN = MATERIALS + " "  # the trailing-space twin of Materials, legal on Linux and macOS
TWIN_GUID = "0123456789abcdef0123456789abcdef"
TWIN_MAT_GUID = "fedcba9876543210fedcba9876543210"


@pytest.fixture
def minigolf(tmp_path: Path) -> Path:
    return writable_copy("minigolf", tmp_path / "minigolf")


@pytest.fixture
def twin(minigolf: Path) -> Path:
    """`Materials ` beside `Materials`, holding a copy of Ball.mat under its own GUIDs."""
    folder = minigolf / TWIN
    folder.mkdir()
    real_meta = (minigolf / (MATERIALS + ".meta")).read_text()
    (minigolf / (TWIN + ".meta")).write_text(real_meta.replace(meta_guid_of(minigolf / (MATERIALS + ".meta")),
                                                               TWIN_GUID))
    shutil.copy(minigolf / BALL_MAT, folder / "Ball.mat")
    ball_meta = (minigolf / (BALL_MAT + ".meta")).read_text()
    (folder / "Ball.mat.meta").write_text(ball_meta.replace(meta_guid_of(minigolf / (BALL_MAT + ".meta")),
                                                            TWIN_MAT_GUID))
    return folder


def test_deleting_the_trailing_space_folder_deletes_that_folder_only(minigolf: Path, twin: Path) -> None:
    before = snapshot(minigolf)
    result = output(minigolf, "asset.delete", {"file": TWIN, "force": True})
    assert result["file"] == TWIN
    after = snapshot(minigolf)
    assert not twin.exists() and not (minigolf / (TWIN + ".meta")).exists()
    assert {p for p in before if p not in after} == {TWIN + ".meta", TWIN + "/Ball.mat", TWIN + "/Ball.mat.meta"}
    assert all(after[p] == before[p] for p in after)  # Materials/ and everything else untouched


def test_info_describes_the_trailing_space_folder_not_its_twin(minigolf: Path, twin: Path) -> None:
    assert output(minigolf, "asset.info", {"file": TWIN})["guid"] == TWIN_GUID
    assert output(minigolf, "asset.info", {"file": TWIN + "/Ball.mat"})["guid"] == TWIN_MAT_GUID
    assert output(minigolf, "asset.info", {"file": MATERIALS})["guid"] == meta_guid_of(minigolf / (MATERIALS + ".meta"))


def test_a_leading_space_is_part_of_the_path(minigolf: Path) -> None:
    error = failure(minigolf, "asset.info", {"file": " " + BALL_MAT})
    assert error.code == "E_ASSET_NOT_FOUND" and error.details["path"] == " " + BALL_MAT


def test_a_new_folder_with_a_trailing_space_is_refused_not_trimmed(minigolf: Path) -> None:
    before = snapshot(minigolf)
    error = failure(minigolf, "asset.create-folder", {"folder": f"{MINIGOLF}/Levels "})
    assert error.code == "E_ASSET_PATH_INVALID"
    assert "ends with a dot or a space" in error.message
    assert snapshot(minigolf) == before


def test_renaming_to_a_name_with_a_leading_space_keeps_it(minigolf: Path) -> None:
    result = output(minigolf, "asset.rename", {"file": BALL_MAT, "name": " Ball Copy"})
    assert result["destination"] == f"{MATERIALS}/ Ball Copy.mat"
    assert (minigolf / MATERIALS / " Ball Copy.mat").is_file()


def _runs(next_action: NextAction, project: Path) -> dict[str, Any]:
    assert isinstance(next_action, ToolCall), next_action
    assert next_action.kind == "run" and next_action.project == str(project) and next_action.tool is not None
    return run(project, next_action.tool, dict(next_action.arguments)).output


BACKSLASH_CASES: list[tuple[str, dict[str, Any], str]] = [
    ("asset.info", {"file": BALL_MAT.replace("/", "\\")}, "file"),
    ("asset.references", {"file": BALL_MAT.replace("/", "\\")}, "file"),
    ("asset.find", {"folder": MATERIALS.replace("/", "\\")}, "folder"),
    ("asset.delete", {"file": BALL_MAT.replace("/", "\\"), "force": True}, "file"),
    ("asset.move", {"file": BALL_MAT, "destination": f"{MATERIALS}\\Moved.mat"}, "destination"),
    ("scene.hierarchy", {"file": GAME.replace("/", "\\")}, "file"),
    ("asset.check-layout", {"file": GAME.replace("/", "\\")}, "file"),
    ("gameobject.create", {"file": GAME.replace("/", "\\"), "name": "New"}, "file"),
    ("material.get", {"file": BALL_MAT.replace("/", "\\")}, "file"),
    ("prefab.instantiate", {"file": GAME, "prefab": BALL_PREFAB.replace("/", "\\")}, "prefab"),
    ("project.add-build-scene", {"path": f"{MINIGOLF}\\Scenes\\Game.unity"}, "path"),
    ("project.remove-build-scene", {"path": f"{MINIGOLF}\\Scenes\\Game.unity"}, "path"),
    ("project.set-build-scenes", {"scenes": [{"path": f"{MINIGOLF}\\Scenes\\Game.unity"}]}, "scenes"),
    ("prefab.list", {"folder": f"{MINIGOLF}\\Prefabs"}, "folder"),
    ("asset.validate", {"path": MATERIALS.replace("/", "\\")}, "path"),
    ("project.format-check", {"path": MATERIALS.replace("/", "\\")}, "path"),
]


@pytest.mark.parametrize(("tool", "payload", "key"), BACKSLASH_CASES, ids=[c[0] + "-" + c[2] for c in BACKSLASH_CASES])
def test_a_windows_separator_is_refused_with_the_exact_spelling_as_the_next_call(
        minigolf: Path, tool: str, payload: dict[str, Any], key: str) -> None:
    before = snapshot(minigolf)
    error = failure(minigolf, tool, payload)
    assert error.code == "E_PATH_NOT_EXACT", (error.code, error.message)
    given = payload[key] if key != "scenes" else payload[key][0]["path"]
    exact = given.replace("\\", "/")
    assert error.details == {"path": given, "exactSpelling": exact, "reason": "backslash"}
    assert snapshot(minigolf) == before
    [call] = error.next_actions or []
    assert isinstance(call, ToolCall)
    respelled = {**payload, key: exact} if key != "scenes" else {"scenes": [{"path": exact}]}
    assert (call.tool, call.arguments) == (tool, respelled)
    assert call.project == str(minigolf)


def test_the_respelled_next_action_runs(minigolf: Path) -> None:
    error = failure(minigolf, "asset.info", {"file": BALL_MAT.replace("/", "\\")})
    assert _runs((error.next_actions or [""])[0], minigolf)["file"] == BALL_MAT


def test_a_windows_path_that_leaves_the_project_is_outside_not_respelled(minigolf: Path) -> None:
    error = failure(minigolf, "asset.info", {"file": "Assets\\..\\..\\secret.txt"})
    assert error.code == "E_PATH_OUTSIDE_PROJECT"


# --- absolute paths inside the project ---------------------------------------------------------

ABSOLUTE_READS: list[tuple[str, str, dict[str, Any], str, str]] = [
    ("asset.info", "file", {}, BALL_MAT, "file"),
    ("asset.dependencies", "file", {}, GAME, "file"),
    ("scene.hierarchy", "file", {"depth": 0}, GAME, "file"),
    ("material.get", "file", {}, BALL_MAT, "file"),
    ("prefab.hierarchy", "file", {}, BALL_PREFAB, "file"),
    ("prefab.list", "folder", {}, f"{MINIGOLF}/Prefabs", "prefabs"),
    ("asset.find", "folder", {}, MATERIALS, "assets"),
]


@pytest.mark.parametrize(("tool", "key", "extra", "relative", "answer"), ABSOLUTE_READS,
                         ids=[c[0] for c in ABSOLUTE_READS])
def test_an_absolute_path_inside_the_project_is_that_project_path(
        minigolf: Path, tool: str, key: str, extra: dict[str, Any], relative: str, answer: str) -> None:
    result = output(minigolf, tool, {key: str(minigolf / relative), **extra})
    if isinstance(result[answer], list):  # a listing below the folder: the same as for the relative spelling
        assert result[answer] and result == output(minigolf, tool, {key: relative, **extra})
    else:
        assert result[answer] == relative


def test_an_absolute_path_writes_the_relative_path(minigolf: Path) -> None:
    settings = minigolf / "ProjectSettings/EditorBuildSettings.asset"
    before = settings.read_text()
    output(minigolf, "project.remove-build-scene", {"path": str(minigolf / GAME)})
    output(minigolf, "project.add-build-scene", {"path": str(minigolf / GAME)})
    assert settings.read_text() == before  # removed and added back, spelled project-relative as Unity writes it
    moved = output(minigolf, "asset.move", {"file": str(minigolf / BALL_MAT),
                                            "destination": str(minigolf / MATERIALS / "Golf Ball.mat")})
    assert (moved["file"], moved["destination"]) == (BALL_MAT, f"{MATERIALS}/Golf Ball.mat")
    assert (minigolf / MATERIALS / "Golf Ball.mat").is_file() and not (minigolf / BALL_MAT).exists()


def test_an_absolute_path_through_the_physical_root_is_accepted(tmp_path: Path, minigolf: Path) -> None:
    alias = tmp_path / "alias"
    alias.symlink_to(minigolf, target_is_directory=True)
    # Selected through the link; the path is given by the physical root (and the other way round).
    assert output(alias, "asset.info", {"file": str(minigolf / BALL_MAT)})["file"] == BALL_MAT
    assert output(minigolf, "asset.info", {"file": str(minigolf.resolve() / BALL_MAT)})["file"] == BALL_MAT


def test_an_absolute_path_cannot_follow_a_link_out_of_the_project(tmp_path: Path, minigolf: Path) -> None:
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "secret.mat").write_text("canary\n")
    (minigolf / "Assets/Escape").symlink_to(outside, target_is_directory=True)
    before = snapshot(outside)
    for tool, payload in (("asset.info", {"file": str(minigolf / "Assets/Escape/secret.mat")}),
                          ("asset.delete", {"file": str(minigolf / "Assets/Escape/secret.mat"), "force": True}),
                          ("material.get", {"file": str(minigolf / "Assets/Escape/secret.mat")}),
                          ("asset.info", {"file": str(minigolf / "Assets/../../outside/secret.mat")}),
                          ("asset.info", {"file": str(outside / "secret.mat")})):
        error = failure(minigolf, tool, payload)
        assert error.code == "E_PATH_OUTSIDE_PROJECT", (tool, payload, error.code)
    assert snapshot(outside) == before


def test_the_refusal_reaches_the_cli_envelope_as_a_usage_error(minigolf: Path) -> None:
    outcome = cli_run(["tools", "run", "asset.info", "--project", str(minigolf), "--json",
                       "--input", json.dumps({"file": BALL_MAT.replace("/", "\\")})])
    assert outcome.exit_code == 2 and outcome.envelope["error"]["code"] == "E_PATH_NOT_EXACT"
    assert outcome.envelope["error"]["details"]["exactSpelling"] == BALL_MAT


# --- GameObject hierarchy paths: Unity keeps a trailing space in a name ------------------------------------------

def test_deleting_the_gameobject_with_a_trailing_space_deletes_that_one(minigolf: Path) -> None:
    twin = output(minigolf, "gameobject.duplicate", {"file": GAME, "gameObject": "Lighting", "name": "Lighting "})
    assert twin["path"] == "Lighting "
    output(minigolf, "gameobject.delete", {"file": GAME, "gameObject": "Lighting "})
    left = output(minigolf, "gameobject.find", {"file": GAME, "name": "Lighting*"})["matches"]
    assert [(m["path"], m["fileID"]) for m in left] == [("Lighting", 1040681024)]


def test_a_gameobject_path_with_a_stray_space_is_not_found_and_suggests_the_real_one(minigolf: Path) -> None:
    error = failure(minigolf, "gameobject.get", {"file": GAME, "gameObject": " Lighting"})
    assert error.code == "E_GAMEOBJECT_NOT_FOUND"
    assert [c["path"] for c in error.details["didYouMean"]] == ["Lighting"]
    found = output(minigolf, "gameobject.get", {"file": GAME, "gameObject": "/Lighting"})["gameObject"]
    assert (found["path"], found["fileID"]) == ("Lighting", 1040681024)


@pytest.mark.parametrize(("given", "expected"), [
    ("Assets/Keep ", "Assets/Keep "),          # kept: a different folder from Assets/Keep
    (" Assets/Keep", " Assets/Keep"),
    ("./Assets/Keep/", "Assets/Keep"),          # these name the same folder on every system
    ("Assets//./Keep", "Assets/Keep"),
    (".", ""),
])
def test_the_one_spelling_function_only_tidies_what_names_the_same_file(tmp_path: Path, given: str,
                                                                        expected: str) -> None:
    from unitycli.given_paths import exact_path

    assert exact_path(tmp_path, given) == expected
    assert exact_path(tmp_path, str(tmp_path / expected) if expected else str(tmp_path)) == expected


@pytest.mark.parametrize("given", ["C:/Project/Assets/Keep", "C:\\Project\\Assets", "//server/share/Assets",
                                   "\\\\server\\share", "/etc/passwd", "Assets/\x00x"])
def test_windows_drives_shares_and_other_roots_are_outside(tmp_path: Path, given: str) -> None:
    from unitycli.errors import UnityCliError
    from unitycli.given_paths import exact_path

    with pytest.raises(UnityCliError) as info:
        exact_path(tmp_path, given)
    assert info.value.code == "E_PATH_OUTSIDE_PROJECT"
