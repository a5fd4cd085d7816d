"""The versioned layout table: what it holds, how a project's version picks a dump, and that one class loads alone."""

from __future__ import annotations

import gzip
import json

import pytest

from unitycli.errors import UnityCliError
from unitycli.typetree import PICK_RULE, layout_for, layouts_of, pick, pick_version, table, versions


def test_the_table_spans_5_0_to_6000_7_and_names_its_source():
    index = table.index()
    assert versions()[0] == "5.0.0f4" and versions()[-1] == "6000.7.0a1"
    assert len(versions()) == 1361
    assert index["source"] == "AssetRipper/TypeTreeDumps StructsDump/editor"
    assert len(index["sourceCommit"]) == 40


def test_light_has_serialized_version_12_in_6000_3_with_the_cookie_size_2d():
    light = layout_for("Light", pick_version("6000.3.2f1"))
    assert light is not None and light.serialized_version == 12
    names = [child.name for child in light.root.children]
    assert names[:7] == ["m_ObjectHideFlags", "m_CorrespondingSourceObject", "m_PrefabInstance", "m_PrefabAsset",
                         "m_GameObject", "m_Enabled", "m_Type"]
    assert "m_CookieSize2D" in names and "m_CookieSize" not in names


def test_rigidbody_of_2020_3_is_serialized_version_2_and_of_2022_3_is_4():
    old = layout_for("Rigidbody", pick_version("2020.3.48f1"))
    new = layout_for("Rigidbody", pick_version("2022.3.17f1"))
    assert (old.serialized_version, new.serialized_version) == (2, 4)
    assert "m_IncludeLayers" not in old.root.fields and "m_IncludeLayers" in new.root.fields


def test_each_layout_holds_the_versions_that_wrote_it_and_no_version_holds_two():
    seen: dict[int, int] = {}
    for layout in layouts_of("Transform"):
        for first, last in layout.ranges:
            for i in range(first, last + 1):
                assert i not in seen
                seen[i] = layout.number
    assert len(seen) == len(versions())  # 5.3.5p3 and 5.6.5p4 (dumped without Version{}) are left out


@pytest.mark.parametrize(("requested", "layout_from", "exact"), [
    ("6000.3.2f1", "6000.3.2f1", True),
    ("6000.0.99f1", "6000.0.78f1", False),  # nearest lower patch of the same minor
    ("2022.3.17f1c1", "2022.3.17f1", False),  # a China build: its base release
    ("6000.3.0b11", "6000.3.0b10", False),  # a beta after the last dumped beta: that beta
    ("6000.4.0a1", "6000.4.0a2", False),  # older than every dump of its stream: the oldest of the stream
])
def test_a_project_version_picks_one_dump_by_the_stated_rule(requested, layout_from, exact):
    picked = pick_version(requested)
    assert (picked.layout_from, picked.exact) == (layout_from, exact)


@pytest.mark.parametrize("requested", ["4.7.2f1", "7000.1.0f1", "not-a-version"])
def test_a_version_outside_the_table_is_a_catalogued_refusal(requested):
    with pytest.raises(UnityCliError) as caught:
        pick_version(requested)
    assert caught.value.code == "E_LAYOUT_VERSION_UNKNOWN"
    assert caught.value.details["rule"] == PICK_RULE


def test_pick_orders_alpha_beta_final_patch():
    dumps = ["2021.3.0a1", "2021.3.0b2", "2021.3.0f1", "2021.3.0p1"]
    assert pick("2021.3.0b9", dumps).layout_from == "2021.3.0b2"
    assert pick("2021.3.0f5", dumps).layout_from == "2021.3.0f1"
    assert pick("2021.3.0p3", dumps).layout_from == "2021.3.0p1"


def test_one_class_loads_from_its_own_file_only(monkeypatch):
    table.layouts_of.cache_clear()
    opened: list[str] = []
    real = gzip.decompress

    def spy(data: bytes) -> bytes:
        raw = json.loads(real(data))
        opened.append(raw["nodes"][raw["layouts"][0]["root"]][0])
        return real(data)

    monkeypatch.setattr(table.gzip, "decompress", spy)
    assert len(layouts_of("AudioListener")) >= 1
    assert opened == ["AudioListener"]
    table.layouts_of.cache_clear()


def test_a_class_file_stores_each_shared_subtree_once():
    layouts = layouts_of("PlayerSettings")
    assert len(layouts) > 300
    # every layout's m_Gravity-like leaves are the same objects: subtrees are shared, not rebuilt per layout
    first = {child.name: child for child in layouts[-1].root.children}
    second = {child.name: child for child in layouts[-2].root.children}
    assert first["productName"] is second["productName"]


def test_the_derived_files_are_each_one_class_and_the_index_lists_every_one():
    files = {path.name.removesuffix(".json.gz") for path in table.DATA.glob("*.json.gz")}
    assert files == set(table.index()["classes"])
    assert all(table.index()["classes"][name]["layouts"] == len(layouts_of(name)) for name in ("Light", "Camera"))
