"""prefab.get-overrides / set-override / revert-override on instances the Editor wrote: chicken-defense
`huge_tree (2)` (2022.3, wrapped targets, a variant of a model) and minigolf `Ball` and `All Sand Variant`
(6000.0, one-line targets, a plain prefab and a variant of one)."""

from __future__ import annotations

from pathlib import Path

from tests.prefabs.checks import references_unchanged, referrers
from tests.scenes_tools.projects import CHICKEN_GAME, GARDEN, MINIGOLF_GAME, documents
from unitycli.testing import assert_dry_run_matches_commit, changed_lines, run_tool

TREE = 535170536  # huge_tree (2) in chicken-defense's Game.unity
TREE_ROOT = 1571143224736620289
TREE_GUID = "4793ea98cc7e6aa44ad8bd715ab2e440"
SAND = 6812039  # All Sand Variant under Grid/Tilemap in minigolf's Game.unity


def _wrapped(target: int, path: str, value: str, guid: str = TREE_GUID) -> str:
    return (f"    - target: {{fileID: {target}, guid: {guid},\n        type: 3}}\n      propertyPath: {path}\n"
            f"      value: {value}\n      objectReference: {{fileID: 0}}\n")


def _edit(root: Path, tool: str, file: str, data: dict) -> tuple[str, str, dict]:
    before = (root / file).read_text()
    run = assert_dry_run_matches_commit(root, tool, {"file": file, **data})
    return before, (root / file).read_text(), run.output


def test_overrides_are_listed_with_targets_resolved_through_a_variants_base(minigolf: Path) -> None:
    out = run_tool(minigolf, "prefab.get-overrides", {"file": MINIGOLF_GAME, "gameObject": SAND}).output
    assert out["gameObject"] == "Grid/Tilemap/All Sand Variant"
    assert out["sourcePrefab"]["path"] == "Assets/LlamAcademy/Minigolf/Resources/Tiles/All Sand Variant.prefab"
    seen = [(o["target"]["fileID"], o["targetClass"], o["targetPath"], o["propertyPath"]) for o in out["overrides"]]
    assert seen[0] == (2822383846681993793, "MonoBehaviour", "All Grass", "m_Mesh")
    assert seen[1] == (4655171490292789758, "Transform", "All Grass", "m_LocalPosition.x")
    assert seen[-1] == (8227722407667373080, "GameObject", "All Grass", "m_Name")
    assert out["overrides"][0]["objectReference"] == {"fileID": 2048636901} and out["overrides"][0]["value"] == ""
    assert [out[k] for k in ("removedComponents", "removedGameObjects", "addedGameObjects", "addedComponents")] == \
        [0, 0, 0, 0]
    ball = run_tool(minigolf, "prefab.get-overrides", {"file": MINIGOLF_GAME, "gameObject": "Ball"}).output
    assert ball["overrides"][0]["targetClass"] == "GameObject" and ball["overrides"][0]["targetPath"] == "Ball"


def test_a_model_based_variants_targets_are_listed_unresolved(chicken: Path) -> None:
    out = run_tool(chicken, "prefab.get-overrides", {"file": CHICKEN_GAME, "gameObject": TREE}).output
    # Only the root GameObject has a (stripped) document in huge_tree.prefab; the rest are the .fbx's objects.
    assert len(out["overrides"]) == 13 and [o["targetClass"] for o in out["overrides"]] == [None] * 11 + [
        "GameObject"] * 2
    assert out["overrides"][12]["value"] == 5 and out["overrides"][11]["value"] == "huge_tree (2)"


def test_changing_an_override_value_in_chicken_defense_rewrites_one_line(chicken: Path) -> None:
    before, after, out = references_unchanged(chicken, lambda: _edit(
        chicken, "prefab.set-override", CHICKEN_GAME,
        {"gameObject": TREE, "target": {"fileID": TREE_ROOT}, "propertyPath": "m_LocalPosition.y", "value": 1.25}))
    assert changed_lines(before, after) == [("      value: 0.16", "      value: 1.25")]
    assert out["previous"]["value"] == 0.16 and out["override"]["value"] == 1.25


def test_a_new_override_goes_after_its_targets_last_entry_in_the_wrapped_2022_format(chicken: Path) -> None:
    before_refs = referrers(chicken, "Assets/LlamAcademy/ChickenDefense/Nature/huge tree/huge_tree.prefab")
    before, after, out = _edit(chicken, "prefab.set-override", CHICKEN_GAME,
                               {"gameObject": TREE, "target": {"fileID": TREE_ROOT}, "propertyPath": "m_LocalScale.x",
                                "value": 2})
    assert out["previous"] is None and out["override"]["index"] == 11
    old, new = documents(before)[TREE], documents(after)[TREE]
    anchor = _wrapped(2199448615473137083, "m_Name", "huge_tree (2)")
    assert new == old.replace(anchor, _wrapped(TREE_ROOT, "m_LocalScale.x", "2") + anchor)
    after_refs = referrers(chicken, "Assets/LlamAcademy/ChickenDefense/Nature/huge tree/huge_tree.prefab")
    assert after_refs[CHICKEN_GAME] == before_refs[CHICKEN_GAME] + 1


def test_defaults_target_the_root_gameobject_and_keep_the_one_line_unity_6_format(minigolf: Path) -> None:
    before, after, out = _edit(minigolf, "prefab.set-override", MINIGOLF_GAME,
                               {"gameObject": "Ball", "propertyPath": "m_TagString", "value": "Ball"})
    name_entry = ("      propertyPath: m_Name\n      value: Ball\n      objectReference: {fileID: 0}\n")
    added = ("    - target: {fileID: 5846497214209583155, guid: 287271903258aab4e91fec08ee690136, type: 3}\n"
             "      propertyPath: m_TagString\n      value: Ball\n      objectReference: {fileID: 0}\n")
    assert after == before.replace(name_entry, name_entry + added, 1)
    assert out["override"]["targetClass"] == "GameObject" and out["override"]["index"] == 1
    reverted = _edit(minigolf, "prefab.revert-override", MINIGOLF_GAME,
                     {"gameObject": "Ball", "propertyPath": "m_TagString"})[2]["reverted"]
    # The revert names what it removed the way set-override and get-overrides do (it once left both None).
    assert [(o["targetClass"], o["targetPath"], o["value"]) for o in reverted] == [("GameObject", "Ball", "Ball")]


def test_a_variants_targets_are_checked_against_its_bases_fields(minigolf: Path) -> None:
    result = run_tool(minigolf, "prefab.set-override", {"file": MINIGOLF_GAME, "gameObject": SAND,
                                                        "target": {"fileID": 7079517712857714417},
                                                        "propertyPath": "m_Meshes", "value": 1})
    assert result.error["code"] == "E_PROPERTY_NOT_FOUND" and "MeshFilter" in result.error["message"]


def test_an_object_reference_override_changes_only_its_reference(minigolf: Path) -> None:
    before, after, _ = _edit(minigolf, "prefab.set-override", MINIGOLF_GAME,
                             {"gameObject": SAND, "target": {"fileID": 7079517712857714417}, "propertyPath": "m_Mesh",
                              "objectReference": {"fileID": 0}})
    assert changed_lines(before, after) == [("      objectReference: {fileID: 2048636901}",
                                             "      objectReference: {fileID: 0}")]


def test_revert_one_override_or_all_of_a_target(chicken: Path) -> None:
    before, after, out = _edit(chicken, "prefab.revert-override", CHICKEN_GAME,
                               {"gameObject": TREE, "target": {"fileID": 2199448615473137083},
                                "propertyPath": "m_StaticEditorFlags"})
    assert documents(after)[TREE] == documents(before)[TREE].replace(
        _wrapped(2199448615473137083, "m_StaticEditorFlags", "5"), "")
    assert [o["propertyPath"] for o in out["reverted"]] == ["m_StaticEditorFlags"]
    # Reported as get-overrides lists it: the root GameObject, the one target with a document in huge_tree.prefab.
    assert (out["reverted"][0]["targetClass"], out["reverted"][0]["targetPath"]) == ("GameObject", "huge_tree")
    before, after, out = _edit(chicken, "prefab.revert-override", CHICKEN_GAME,
                               {"gameObject": TREE, "target": {"fileID": TREE_ROOT}})
    assert len(out["reverted"]) == 10 and str(TREE_ROOT) not in documents(after)[TREE].split("m_SourcePrefab")[0]
    assert len(documents(after)[TREE].splitlines()) == len(documents(before)[TREE].splitlines()) - 50


def test_instantiate_override_and_revert_on_the_sample_keep_the_project_valid(sample: Path) -> None:
    def story() -> None:
        made = run_tool(sample, "prefab.instantiate", {"file": GARDEN, "prefab": "Lantern", "name": "Porch"})
        assert made.ok, made.error
        data = {"file": GARDEN, "gameObject": "Porch", "target": {"fileID": 3225885301537407164},
                "propertyPath": "m_Intensity"}
        assert run_tool(sample, "prefab.set-override", {**data, "value": 5}).ok
        assert run_tool(sample, "prefab.revert-override", data).ok
    references_unchanged(sample, story)
    check = run_tool(sample, "project.format-check", {"path": GARDEN})
    assert check.ok, check.error


def test_refusals(sample: Path) -> None:
    def code(tool: str, data: dict) -> str:
        result = run_tool(sample, tool, {"file": GARDEN, **data})
        assert not result.ok
        return result.error["code"]

    assert code("prefab.get-overrides", {"gameObject": "Player"}) == "E_PREFAB_INSTANCE_REQUIRED"
    assert code("prefab.set-override", {"gameObject": "Lantern", "target": {"fileID": 123}, "propertyPath": "m_Name",
                                        "value": "x"}) == "E_PREFAB_TARGET_NOT_FOUND"
    assert code("prefab.set-override", {"gameObject": "Lantern", "target": {"fileID": 3225885301537407164,
                                                                            "guid": "0" * 32},
                                        "propertyPath": "m_Intensity", "value": 1}) == "E_PREFAB_TARGET_NOT_FOUND"
    assert code("prefab.set-override", {"gameObject": "Lantern", "target": {"fileID": 3225885301537407164},
                                        "propertyPath": "m_Brightness", "value": 1}) == "E_PROPERTY_NOT_FOUND"
    assert code("prefab.revert-override", {"gameObject": "Lantern", "propertyPath": "m_Layer"}) == \
        "E_PREFAB_OVERRIDE_NOT_FOUND"
    assert code("prefab.revert-override", {"gameObject": "Lantern"}) == "E_SCHEMA_INVALID"
    assert code("prefab.set-override", {"gameObject": "Lantern", "propertyPath": "m_Name", "value": [1]}) == \
        "E_SCHEMA_INVALID"


def test_component_set_on_an_instance_can_point_at_the_override_that_does_it(sample: Path) -> None:
    """The helper component.set uses for its E_PREFAB_INSTANCE_UNSUPPORTED next actions (see plugins/prefabs/suggest)."""
    from unitycli.context import ToolContext
    from unitycli.host.session import Session
    from unitycli.plugins.prefabs.suggest import instance_override_error
    from unitycli.plugins.scenes.common import Names, open_model
    from unitycli.scene import OBJECT_FILE_SUFFIXES, find_gameobject
    from unitycli.transaction import Transaction

    ctx = ToolContext(project=Session(project_arg=str(sample)).project(),
                      transaction=Transaction(sample, dry_run=True))
    with Names(sample) as names:
        _, model = open_model(ctx, GARDEN, OBJECT_FILE_SUFFIXES, names)
        lantern = find_gameobject(model, "Lantern")
        error = instance_override_error(ctx, names, GARDEN, lantern, "BoxCollider", "m_Size", {"x": 1, "y": 3, "z": 1})
        unknown = instance_override_error(ctx, names, GARDEN, lantern, "Rigidbody", "m_Mass", 2)
    assert error.code == "E_PREFAB_INSTANCE_UNSUPPORTED" and error.details["overrideTarget"] == 7341902286657413958
    assert len(error.next_actions) == 4 and '"propertyPath": "m_Size.y", "value": 3' in error.next_actions[1]
    assert unknown.details["overrideTarget"] is None and "prefab.get-overrides" in unknown.next_actions[0]



def test_a_number_field_refuses_text_that_unity_would_read_as_zero(minigolf: Path) -> None:
    # Ball's root Transform holds m_LocalPosition.y as a number; `value: high` would load as 0 without a word.
    data = {"file": MINIGOLF_GAME, "gameObject": "Ball", "propertyPath": "m_LocalPosition.y"}
    before = (minigolf / MINIGOLF_GAME).read_bytes()
    refused = run_tool(minigolf, "prefab.set-override", {**data, "value": "high"})
    assert refused.error["code"] == "E_VALUE_TYPE_MISMATCH" and refused.error["details"]["given"] == "high"
    assert (minigolf / MINIGOLF_GAME).read_bytes() == before
    # Numbers written as text are numbers still, and a text field takes any text.
    assert run_tool(minigolf, "prefab.set-override", {**data, "value": "1.5e-3"}, dry_run=True).ok
    active = run_tool(minigolf, "prefab.set-override", {**data, "propertyPath": "m_IsActive", "value": False},
                      dry_run=True)  # a boolean is written 0, as Unity stores m_IsActive
    assert active.ok and "+      value: 0\n" in active.diffs[MINIGOLF_GAME]
    assert run_tool(minigolf, "prefab.set-override", {**data, "propertyPath": "m_Name", "value": "12"},
                    dry_run=True).ok


def test_a_revert_left_to_the_default_target_names_where_that_property_is_overridden(chicken: Path) -> None:
    # m_StaticShadowCaster is overridden on one of the model's renderers, not on the root GameObject.
    error = run_tool(chicken, "prefab.revert-override", {"file": CHICKEN_GAME, "gameObject": TREE,
                                                         "propertyPath": "m_StaticShadowCaster"}).error
    assert error["code"] == "E_PREFAB_OVERRIDE_NOT_FOUND" and error["details"]["overriddenOn"] == [398285635610207342]
    assert "m_StaticShadowCaster is overridden on target &398285635610207342" in error["message"]
    error = run_tool(chicken, "prefab.revert-override", {"file": CHICKEN_GAME, "gameObject": TREE,
                                                         "propertyPath": "m_Nothing"}).error
    assert error["details"]["overriddenOn"] == [] and "overridden on" not in error["message"]
