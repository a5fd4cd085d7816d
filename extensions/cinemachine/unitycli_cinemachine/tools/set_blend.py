"""`cinemachine.set-blend`: a brain's default blend, or one From → To custom blend of a BlenderSettings asset."""

from __future__ import annotations

from typing import Any

from unitycli.api import (
    GAMEOBJECT_DESCRIPTION,
    OBJECT_FILE_SUFFIXES,
    Field,
    ToolContext,
    ToolInput,
    ToolOutput,
    UnityCliError,
    open_for_write,
    resolve_file,
)
from unitycli_cinemachine import blends, brain, components, locate
from unitycli_cinemachine.editing import set_field
from unitycli_cinemachine.tools.list_blends import ASSET_SUFFIXES


class SetBlendInput(ToolInput):
    file: str = Field(description=("A scene or prefab (its brain's default blend), or a CinemachineBlenderSettings "
                                   ".asset (one custom blend, with from and to); path or unique name"))
    game_object: str | int | None = Field(None, description=(GAMEOBJECT_DESCRIPTION + " of the brain; omitted: the "
                                                             "file's only CinemachineBrain (scenes and prefabs)"))
    from_camera: str | None = Field(None, alias="from", description=(
        "Asset only: the From camera name (a camera GameObject's name, or **ANY CAMERA**)"))
    to_camera: str | None = Field(None, alias="to", description="Asset only: the To camera name (or **ANY CAMERA**)")
    style: brain.BlendStyle | None = Field(None, description="Blend style; Custom needs the blend's curve to have keys")
    time: float | None = Field(None, ge=0, description="Blend duration, seconds")
    expected_revision: str | None = Field(None, description="Refuse (E_STALE_WRITE) unless the file is at this revision.")


class SetBlendOutput(ToolOutput):
    file: str
    blend: str = Field(description="'default' (the brain's), or 'From -> To' (an asset entry)")
    layout: str
    added: bool = Field(description="A new From -> To entry was appended to the asset")
    style: str | None
    time: float | None
    changed_fields: list[str] = Field(description="Property paths rewritten (unchanged values are not listed)")
    revision: str = Field(description="Revision of the file after the edit (for expectedRevision)")


def _custom_check(curve: Any, where: dict[str, Any]) -> None:
    keys = curve.get("m_Curve", []) if isinstance(curve, dict) else []
    if not (isinstance(keys, list) and keys):
        raise UnityCliError("E_CINEMACHINE_VALUE_INVALID",
                            "the Custom blend style uses the blend's custom curve, which has no keys", details=where)


def set_blend(ctx: ToolContext, request: SetBlendInput) -> SetBlendOutput:
    if request.style is None and request.time is None:
        raise UnityCliError("E_CINEMACHINE_VALUE_INVALID", "give style and/or time",
                            details={"fields": ["style", "time"]})
    path = resolve_file(ctx, request.file, OBJECT_FILE_SUFFIXES + ASSET_SUFFIXES)
    changed: list[str] = []
    wanted = [(name, value) for name, value in (
        ("Style", brain.BLEND_STYLES.index(request.style) if request.style is not None else None),
        ("Time", request.time)) if value is not None]
    if not path.endswith(ASSET_SUFFIXES):
        if request.from_camera is not None or request.to_camera is not None:
            raise UnityCliError("E_CINEMACHINE_VALUE_INVALID",
                                "from/to name a custom blend of a CinemachineBlenderSettings asset: give the asset as "
                                "file (cinemachine.list-blends shows the brain's)",
                                details={"file": path, "from": request.from_camera, "to": request.to_camera})
        loaded, site = locate.find_brain(ctx, path, request.game_object, expected_revision=request.expected_revision,
                                         for_write=True)
        key, doc = site.layout.key, site.doc
        if request.style == "Custom":
            _custom_check(doc.get(key("DefaultBlend.CustomCurve"), {}),
                          {"file": path, "path": key("DefaultBlend.CustomCurve")})
        for name, value in wanted:
            set_field(doc, key(f"DefaultBlend.{name}"), value, changed)
        after = blends.brain_default(doc, key)
        label, layout, added = "default", site.layout.layout, False
    else:
        if not request.from_camera or not request.to_camera:
            raise UnityCliError("E_CINEMACHINE_VALUE_INVALID", "a custom blend is named by both from and to",
                                details={"file": path, "from": request.from_camera, "to": request.to_camera})
        loaded = open_for_write(ctx, path, request.expected_revision)
        blender = blends.find_blender(loaded.yaml, path)
        key, doc, layout = blender.key, blender.doc, blender.layout
        entries = blender.entries()
        found = next((i for i, e in enumerate(entries) if str(e.get(key("From"), "")) == request.from_camera
                      and str(e.get(key("To"), "")) == request.to_camera), None)
        added = found is None
        if found is None:
            if request.style == "Custom":
                _custom_check({}, {"file": path, "from": request.from_camera, "to": request.to_camera})
            index = len(entries)
            doc.insert_item(key("CustomBlends"), index, {
                key("From"): request.from_camera, key("To"): request.to_camera,
                key("Blend"): components.blend("m_" if layout == "cm2" else "", 1, 2)})
            changed.append(f"{key('CustomBlends')}[{index}]")
        else:
            index = found
            if request.style == "Custom":
                _custom_check(entries[index].get(key("Blend"), {}).get(key("CustomCurve")),
                              {"file": path, "from": request.from_camera, "to": request.to_camera})
        for name, value in wanted:
            set_field(doc, f"{key('CustomBlends')}[{index}].{key('Blend')}.{key(name)}", value, changed)
        entry = blender.entries()[index]
        after = blends.BlendInfo(**blends.blend_info(entry.get(key("Blend")), key))
        label = f"{request.from_camera} -> {request.to_camera}"
    if changed:
        loaded.save(ctx)
    return SetBlendOutput(file=path, blend=label, layout=layout, added=added, style=after.style, time=after.time,
                          changed_fields=changed, revision=ctx.transaction.revision(path) or loaded.revision)
