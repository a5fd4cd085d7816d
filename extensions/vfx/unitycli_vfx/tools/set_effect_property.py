"""`vfx.set-effect-property`: override an exposed parameter on a VisualEffect, typed by its graph."""

from __future__ import annotations

from typing import Any

from unitycli.api import Field, ToolContext, UnityCliError, tool_command
from unitycli_vfx import effects, locate
from unitycli_vfx.inputs import EditTarget
from unitycli_vfx.values import plain


class SetEffectPropertyInput(EditTarget):
    name: str = Field(description="The parameter's sheet path as vfx.get-graph lists it (FireColor, Box_center)")
    value: Any = Field(None, description=("The value, typed by the graph: a number (Single), an integer (Int32, "
                                          "UInt32), true/false (Boolean), {x,y[,z[,w]]} (Vector2/3/4), {r,g,b[,a]} "
                                          "(Color), {fileID,guid,type} or null (Texture, Mesh). Required unless "
                                          "overridden is false"))
    overridden: bool = Field(True, description="false: stop overriding (m_Overridden: 0), the graph default plays")


class SetEffectPropertyOutput(locate.ComponentIds):
    name: str
    sheet_type: str
    real_type: str
    index: int = Field(description="Index of the entry in its sheet array")
    added: bool = Field(description="The entry was appended (the sheet had none for this parameter)")
    changed: bool
    value: Any
    overridden: bool


def set_effect_property(ctx: ToolContext, request: SetEffectPropertyInput) -> SetEffectPropertyOutput:
    loaded, site = locate.find_for_edit(ctx, request, locate.VISUAL_EFFECT)
    graph = effects.graph_of(ctx, site)
    leaves = graph.parameters()
    leaf = next((p for p in leaves if p.path == request.name), None)
    if leaf is None:
        raise UnityCliError("E_VFX_PARAMETER_NOT_FOUND",
                            f"{graph.path} exposes no parameter {request.name!r}",
                            details={"graph": graph.path, "name": request.name,
                                     "parameters": [p.path for p in leaves]},
                            next_actions=[tool_command("vfx.get-graph", {"graph": graph.path})])
    if request.overridden and request.value is None and leaf.sheet_type != "m_NamedObject":
        raise UnityCliError("E_SCHEMA_INVALID", "value is required to override a parameter",
                            details={"path": "value"})
    doc = site.component
    array = f"m_PropertySheet.{leaf.sheet_type}.m_Array"
    if not doc.has(array):
        raise UnityCliError("E_VFX_LAYOUT_UNSUPPORTED", f"the VisualEffect on {site.path!r} has no {array}",
                            details={"file": site.file, "path": array})
    items = doc.get(array) or []
    index = next((i for i, e in enumerate(items) if isinstance(e, dict) and str(e.get("m_Name")) == leaf.path), -1)
    before = doc.text
    added = False
    if index < 0:
        if not request.overridden:
            raise UnityCliError("E_PROPERTY_NOT_FOUND", f"the VisualEffect on {site.path!r} does not override "
                                f"{leaf.path}; nothing to stop overriding", details={"file": site.file,
                                                                                   "name": leaf.path})
        value = effects.encode(leaf, request.value)
        doc.append_item(array, {"m_Value": value, "m_Name": leaf.path, "m_Overridden": 1})
        index, added = len(items), True
    else:
        entry = f"{array}[{index}]"
        if request.value is not None or request.overridden:
            value = effects.encode(leaf, request.value)
            if plain(doc.get(f"{entry}.m_Value")) != plain(value):
                doc.set(f"{entry}.m_Value", value)
        if doc.get(f"{entry}.m_Overridden") != (1 if request.overridden else 0):
            doc.set(f"{entry}.m_Overridden", 1 if request.overridden else 0)
    changed = doc.text != before
    if changed:
        loaded.save(ctx)
    shown = effects.entries(doc, {(leaf.sheet_type, leaf.path): leaf})
    entry_out = next(e for e in shown if e.sheet_type == leaf.sheet_type and e.index == index)
    return SetEffectPropertyOutput(**locate.ComponentIds.of(site), name=leaf.path, sheet_type=leaf.sheet_type,
                                   real_type=leaf.real_type, index=index, added=added, changed=changed,
                                   value=entry_out.value, overridden=entry_out.overridden)
