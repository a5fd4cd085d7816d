"""VisualEffect components (class 2083052967): their asset, seed and property-sheet overrides.

The property sheet has eleven arrays (`m_Float` … `m_Bool`), each `{m_Array: [{m_Value, m_Name, m_Overridden}]}`;
`m_Name` is the graph's ParameterInfo `path`, entries are in insertion order, may be absent for exposed
parameters and may be stale for removed ones. An override is written by finding the entry by name
in the array the graph's `sheetType` names, appending it when absent, and setting `m_Overridden: 1`.
"""

from __future__ import annotations

from typing import Any

from unitycli.api import Document, Field, Flow, Ref, ToolContext, ToolOutput, UnityCliError, tool_command
from unitycli_vfx import graphs
from unitycli_vfx.locate import Site
from unitycli_vfx.values import plain

_VECTOR_KEYS = {"m_Vector2f": ("x", "y"), "m_Vector3f": ("x", "y", "z"), "m_Vector4f": ("x", "y", "z", "w")}
_COLOR_KEYS = ("r", "g", "b", "a")
_INT_RANGES = {"m_Int": (-(2**31), 2**31 - 1), "m_Uint": (0, 2**32 - 1)}


class AssetRef(ToolOutput):
    guid: str | None
    path: str | None = Field(description="Project path of the graph, when the project has it")


class SheetEntry(ToolOutput):
    name: str = Field(description="Sheet entry name (the graph parameter's path)")
    sheet_type: str
    value: Any = Field(None, description="The entry's m_Value (vectors as {x,y,…}; a Color parameter as {r,g,b,a})")
    overridden: bool = Field(description="m_Overridden: 1 means the component overrides the graph default")
    index: int = Field(description="Index in the sheet array")
    in_graph: bool = Field(description="The graph still exposes a parameter of this name and sheet")


def asset_of(effect: Document) -> Ref | None:
    asset = effect.get("m_Asset", None)
    return asset if isinstance(asset, Ref) and not asset.is_null else None


def asset_ref(effect: Document, by_guid: dict[str, str]) -> AssetRef | None:
    asset = asset_of(effect)
    if asset is None:
        return None
    return AssetRef(guid=asset.guid, path=by_guid.get(asset.guid or ""))


def graph_of(ctx: ToolContext, site: Site, by_guid: dict[str, str] | None = None) -> graphs.Graph:
    """The graph the VisualEffect plays; E_VFX_GRAPH_NOT_FOUND when it has none or the GUID is unknown here."""
    asset = asset_of(site.component)
    if asset is None or not asset.guid:
        raise UnityCliError("E_VFX_GRAPH_NOT_FOUND", f"the VisualEffect on {site.path!r} in {site.file} has no "
                            "asset", details={"file": site.file, "gameObject": site.path},
                            next_actions=[tool_command("vfx.list-graphs", {"kind": "visualEffect"})])
    by_guid = by_guid if by_guid is not None else graphs.guid_map(ctx)
    path = by_guid.get(asset.guid)
    if path is None:
        raise UnityCliError("E_VFX_GRAPH_NOT_FOUND",
                            f"the VisualEffect on {site.path!r} plays GUID {asset.guid}, which names no graph asset "
                            "under Assets/ or Packages/", details={"file": site.file, "gameObject": site.path,
                                                                   "guid": asset.guid})
    return graphs.load(ctx, path, asset.guid)


def _display(value: Any, sheet: str, real_type: str | None) -> Any:
    value = plain(value)
    if sheet == "m_Vector4f" and real_type == "Color" and isinstance(value, dict):
        return {c: value.get(k) for c, k in zip(_COLOR_KEYS, _VECTOR_KEYS["m_Vector4f"], strict=True)}
    if sheet == "m_Bool" and isinstance(value, int):
        return bool(value)
    return value


def entries(effect: Document, leaves: dict[tuple[str, str], graphs.Parameter] | None = None) -> list[SheetEntry]:
    """Every entry of every sheet array, in sheet order then file order."""
    leaves = leaves or {}
    out = []
    for sheet in graphs.SHEETS:
        items = effect.get(f"m_PropertySheet.{sheet}.m_Array", []) or []
        for i, item in enumerate(items):
            if not isinstance(item, dict):
                continue
            name = str(item.get("m_Name", ""))
            leaf = leaves.get((sheet, name))
            out.append(SheetEntry(name=name, sheet_type=sheet, index=i, overridden=item.get("m_Overridden") == 1,
                                  value=_display(item.get("m_Value"), sheet, leaf.real_type if leaf else None),
                                  in_graph=leaf is not None))
    return out


def encode(parameter: graphs.Parameter, value: Any) -> Any:
    """The m_Value to write for `parameter`, checked against its type (E_VALUE_TYPE_MISMATCH)."""
    sheet = parameter.sheet_type

    def wrong(expected: str) -> UnityCliError:
        return UnityCliError("E_VALUE_TYPE_MISMATCH",
                             f"{parameter.path} is {parameter.real_type} ({sheet}); expected {expected}, got "
                             f"{value!r}", details={"parameter": parameter.path, "realType": parameter.real_type,
                                                    "sheetType": sheet, "value": value})

    if sheet == "m_Float":
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise wrong("a number")
        return value
    if sheet in _INT_RANGES:
        lo, hi = _INT_RANGES[sheet]
        if isinstance(value, float) and value.is_integer():
            value = int(value)
        if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
            raise wrong(f"an integer in {lo}..{hi}")
        return value
    if sheet == "m_Bool":
        if not isinstance(value, bool):
            raise wrong("true or false")
        return 1 if value else 0
    if sheet in _VECTOR_KEYS:
        keys = _VECTOR_KEYS[sheet]
        if not isinstance(value, dict):
            raise wrong("{" + ", ".join(keys) + "}")
        if parameter.real_type == "Color" and set(value) <= set(_COLOR_KEYS) and {"r", "g", "b"} <= set(value):
            value = {k: value.get(c, 1.0) for c, k in zip(_COLOR_KEYS, keys, strict=True)}
        if set(value) != set(keys) or any(isinstance(v, bool) or not isinstance(v, int | float)
                                          for v in value.values()):
            raise wrong("{" + ", ".join(keys) + "} with numbers" + (" (or {r, g, b[, a]})"
                                                                    if parameter.real_type == "Color" else ""))
        return Flow({k: value[k] for k in keys})
    if sheet == "m_NamedObject":
        if value is None:
            return Ref(0)
        if isinstance(value, dict) and set(value) == {"fileID", "guid", "type"}:
            try:
                return Ref(int(value["fileID"]), str(value["guid"]), int(value["type"]))
            except (TypeError, ValueError):
                pass
        raise wrong("null or an object reference {fileID, guid, type}")
    raise UnityCliError("E_PROPERTY_EDIT_UNSUPPORTED",
                        f"{parameter.path} is {parameter.real_type} ({sheet}); this tool writes numbers, integers, "
                        "booleans, vectors, colours and object references, not curves, gradients or matrices",
                        details={"parameter": parameter.path, "sheetType": sheet})
