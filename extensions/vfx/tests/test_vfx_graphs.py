"""vfx.list-graphs and vfx.get-graph on the VFX Graph samples (VFX Graph 17.0.3 files)."""

from __future__ import annotations

import shutil

from unitycli.testing import run_tool, tool_output


def test_list_graphs_lists_every_asset_with_its_exposed_parameters(vfx_samples_ro):
    out = tool_output(vfx_samples_ro, "vfx.list-graphs", {})
    by_name = {g["name"]: g for g in out["graphs"]}
    assert sorted(by_name) == ["ARRadar", "BonFire", "BookInitialize", "Butterflies", "Clouds", "FlyingLeaves",
                               "PageSelection"]
    assert out["skipped"] == [] and len(out["revisions"]) == 7
    assert (by_name["PageSelection"]["kind"], by_name["BookInitialize"]["kind"]) == ("operatorSubgraph",
                                                                                      "blockSubgraph")
    bonfire = by_name["BonFire"]
    assert (bonfire["guid"], bonfire["graphVersion"]) == ("304848ca25e13b54f97f2939896c41c6", 18)
    [fire] = bonfire["parameters"]
    assert (fire["path"], fire["realType"], fire["sheetType"]) == ("FireColor", "Color", "m_Vector4f")
    assert fire["default"] == {"r": 128.0, "g": 2.0, "b": 0.20000000298023225, "a": 0.0}
    assert by_name["Clouds"]["parameters"] == []
    butterflies = {p["path"]: p for p in by_name["Butterflies"]["parameters"]}
    assert butterflies["FlapAmplitude"]["default"] == 0.03
    assert butterflies["FlapMinMaxSpeed"]["default"] == {"x": 22.0, "y": 0.0}
    assert [p["path"] for p in by_name["PageSelection"]["parameters"]] == ["SeedColumn", "SeedRow"]
    assert by_name["BookInitialize"]["parameters"][0]["default"] == 7


def test_categories_ranges_and_filters(vfx_samples_ro):
    radar = tool_output(vfx_samples_ro, "vfx.get-graph", {"graph": "ARRadar"})
    by_path = {p["path"]: p for p in radar["parameters"]}
    assert (by_path["Initialize"]["min"], by_path["Initialize"]["max"]) == (0, 1)
    assert by_path["Initialize"]["category"] is None
    assert (by_path["LineCount"]["category"], by_path["LineCount"]["realType"]) == ("Lines", "UInt32")
    assert by_path["CircleCount"]["category"] == "Circles"
    assert by_path["OwnerShipPosition"]["min"] is None  # -Infinity in the file
    blackboard = {n["name"]: n for n in radar["blackboard"]}
    assert blackboard["CircleSegments"]["exposed"] is False
    only = tool_output(vfx_samples_ro, "vfx.list-graphs", {"under": "Assets/Samples/BonFire", "kind": "visualEffect"})
    assert [g["name"] for g in only["graphs"]] == ["BonFire", "Clouds", "FlyingLeaves"]


def test_get_graph_by_path_and_name(vfx_samples_ro):
    out = tool_output(vfx_samples_ro, "vfx.get-graph", {"graph": "Assets/Samples/Butterflies/Butterflies.vfx"})
    assert out["initialEventName"] == "OnPlay" and out["settings"]["m_CullingFlags"] == 3
    assert [p["path"] for p in out["parameters"]] == ["MaximumVelocity", "FlapMinMaxSpeed", "FlapMinMaxAngle",
                                                      "FlapAmplitude", "TiltAngle"]
    assert out["revision"].startswith("sha256:")
    bonfire = tool_output(vfx_samples_ro, "vfx.get-graph", {"graph": "BonFire.vfx"})
    assert bonfire["subgraphDependencies"] == ["bfbffac5b9e601347ae9feb5d51931eb"]
    op = tool_output(vfx_samples_ro, "vfx.get-graph", {"graph": "PageSelection"})
    outputs = [n["name"] for n in op["blackboard"] if n["isOutput"]]
    assert outputs == ["RandomPage"]


def test_unknown_and_ambiguous_graph_names(vfx_samples):
    run = run_tool(vfx_samples, "vfx.get-graph", {"graph": "NoSuchGraph"})
    assert run.error["code"] == "E_VFX_GRAPH_NOT_FOUND"
    assert run.error["nextActions"][0].startswith("unitycli tools run vfx.list-graphs")
    run = run_tool(vfx_samples, "vfx.get-graph", {"graph": "Assets/Samples/Nowhere/X.vfx"})
    assert run.error["code"] == "E_VFX_GRAPH_NOT_FOUND"
    copy = vfx_samples / "Assets" / "Samples" / "Butterflies" / "BonFire.vfx"
    shutil.copyfile(vfx_samples / "Assets/Samples/BonFire/VFX/BonFire.vfx", copy)
    run = run_tool(vfx_samples, "vfx.get-graph", {"graph": "BonFire"})
    assert run.error["code"] == "E_VFX_GRAPH_AMBIGUOUS"
    assert sorted(run.error["details"]["candidates"]) == ["Assets/Samples/BonFire/VFX/BonFire.vfx",
                                                          "Assets/Samples/Butterflies/BonFire.vfx"]
    # the copy has no .meta: it is listed without a GUID rather than dropped
    listed = {g["path"]: g for g in run_tool(vfx_samples, "vfx.list-graphs", {}).output["graphs"]}
    assert listed["Assets/Samples/Butterflies/BonFire.vfx"]["guid"] is None


def test_a_file_that_is_not_a_graph_is_skipped_with_its_error(vfx_samples):
    (vfx_samples / "Assets" / "Broken.vfx").write_text("%YAML 1.1\n%TAG !u! tag:unity3d.com,2011:\n", "utf-8")
    (vfx_samples / "Assets" / "Pointer.vfx").write_text(
        "version https://git-lfs.github.com/spec/v1\noid sha256:" + "0" * 64 + "\nsize 12\n", "utf-8")
    out = run_tool(vfx_samples, "vfx.list-graphs", {}).output
    skipped = {s["path"]: s["code"] for s in out["skipped"]}
    assert skipped == {"Assets/Broken.vfx": "E_FILE_FORMAT_UNSUPPORTED", "Assets/Pointer.vfx": "E_ASSET_LFS_POINTER"}
    assert len(out["graphs"]) == 7


def test_struct_parameters_expand_into_leaves_with_sheet_paths():
    """The m_ParameterInfo shape of a struct parameter (VisualEffectGraph-Samples MagicBook FloatingRock.vfx: ChainB,
    a Line, with start and end), nested and after a category header."""
    from unitycli_vfx.graphs import parameters_of

    def entry(name, path="", sheet="", real="", count=0, value=""):
        return {"name": name, "path": path, "sheetType": sheet, "realType": real, "descendantCount": count,
                "defaultValue": {"m_SerializableObject": value}, "min": float("-inf"), "max": float("inf"),
                "tooltip": "", "enumValues": []}

    infos = [entry("Speed", "Speed", "m_Float", "Single", value=2),
             entry("Chains"),
             entry("ChainB", real="Line", count=2),
             entry("start", "ChainB_start", "m_Vector3f", "Vector3", value='{"x":0.0,"y":1.0,"z":0.0}'),
             entry("end", "ChainB_end", "m_Vector3f", "Vector3"),
             entry("Bounds", real="AABox", count=2),
             entry("center", "Bounds_center", "m_Vector3f", "Vector3"),
             entry("size", "Bounds_size", "m_Vector3f", "Vector3"),
             entry("Enabled", "Enabled", "m_Bool", "Boolean", value="True")]
    leaves = parameters_of(infos)
    assert [(p.path, p.exposed_name, p.category) for p in leaves] == [
        ("Speed", "Speed", None), ("ChainB_start", "ChainB", "Chains"), ("ChainB_end", "ChainB", "Chains"),
        ("Bounds_center", "Bounds", "Chains"), ("Bounds_size", "Bounds", "Chains"), ("Enabled", "Enabled", "Chains")]
    assert leaves[1].default == {"x": 0.0, "y": 1.0, "z": 0.0} and leaves[2].default is None
    assert leaves[-1].default is True and (leaves[0].min, leaves[0].max) == (None, None)
