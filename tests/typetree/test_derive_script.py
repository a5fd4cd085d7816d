"""scripts/derive_layouts.py on a few node lines in the dump format (hand-written: the dumps are not shipped;
the lines copy the 6000.3.2f1 dump's Light header, with a CRLF dump's line ending)."""

from __future__ import annotations

import importlib.util
import json

from tests.fixturepaths import REPO_ROOT
from unitycli.typetree import table

_spec = importlib.util.spec_from_file_location("derive_layouts", REPO_ROOT / "scripts" / "derive_layouts.py")
derive = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(derive)  # type: ignore[union-attr]

DUMP = (
    "// classID{108}: Light <- Behaviour <- Component <- EditorExtension <- Object\r\n"
    "Light Base // ByteSize{120}, Index{0}, Version{c}, IsArray{0}, MetaFlag{8000}\r\n"
    "\tunsigned int m_ObjectHideFlags // ByteSize{4}, Index{1}, Version{1}, IsArray{0}, MetaFlag{1}\r\n"
    "\tColorRGBA m_Color // ByteSize{10}, Index{10}, Version{1}, IsArray{0}, MetaFlag{200000}\r\n"
    "\t\tfloat r // ByteSize{4}, Index{11}, Version{1}, IsArray{0}, MetaFlag{200001}\r\n"
    "\tfloat near clip plane // ByteSize{4}, Index{12}, Version{1}, IsArray{0}, MetaFlag{0}\r\n"
).replace("\r\n", "\n")


def test_a_class_block_becomes_a_compact_tree_keeping_only_what_text_files_show():
    [(name, (class_id, lines, bases))] = derive.split_classes(DUMP).items()
    assert (name, class_id, bases) == ("Light", 108, "Behaviour <- Component <- EditorExtension <- Object")
    tree = derive._compact(derive.parse_tree(lines))
    assert tree == ["Light", "Base", 12, 0, 0, [
        ["unsigned int", "m_ObjectHideFlags"],
        ["ColorRGBA", "m_Color", 1, 0, 1 << 21, [["float", "r", 1, 0, 1 << 21]]],
        ["float", "near clip plane"]]]


def test_interning_stores_a_shared_subtree_once_and_ranges_merge_runs():
    color = ["ColorRGBA", "m_Color", 1, 0, 1 << 21, [["float", "r"]]]
    layouts = [{"ranges": derive._ranges([0, 1, 2, 5]), "tree": ["Light", "Base", 11, 0, 0, [color]]},
               {"ranges": [[6, 6]], "tree": ["Light", "Base", 12, 0, 0, [color]]}]
    interned = derive.intern(layouts)
    assert layouts[0]["ranges"] == [[0, 2], [5, 5]]
    assert len(interned["nodes"]) == 4  # r, m_Color, and the two roots
    assert [row["root"] for row in interned["layouts"]] == [2, 3]


def test_versions_sort_alpha_beta_final_patch_then_china_builds():
    ordered = ["2022.3.0a1", "2022.3.0b2", "2022.3.0f1", "2022.3.0f1c1", "2022.3.0p1", "2022.3.1f1"]
    assert sorted(reversed(ordered), key=derive.version_key) == ordered


def test_the_shipped_index_was_written_by_this_script():
    index = table.index()
    assert index["keptFlags"] == derive.KEPT_FLAGS
    assert json.dumps(index, separators=(",", ":"), sort_keys=True) + "\n" == \
        (table.DATA / "index.json").read_text(encoding="utf-8")
