"""`vfx.set-particle-module-enabled`: switch one ParticleSystem module (or its renderer) on or off."""

from __future__ import annotations

from unitycli.api import Field, ToolContext, UnityCliError
from unitycli_vfx import locate, particles
from unitycli_vfx.inputs import EditTarget
from unitycli_vfx.values import set_if_changed

SWITCHABLE = [m for m in particles.MODULES if m != "main"] + ["renderer"]


class SetModuleEnabledInput(EditTarget):
    module: str = Field(description="One of: " + ", ".join(SWITCHABLE))
    enabled: bool


class SetModuleEnabledOutput(locate.ComponentIds):
    module: str
    enabled: bool
    changed: bool
    enabled_modules: list[str]


def set_particle_module_enabled(ctx: ToolContext, request: SetModuleEnabledInput) -> SetModuleEnabledOutput:
    if request.module not in SWITCHABLE:
        raise UnityCliError("E_SCHEMA_INVALID", f"module {request.module!r} is not one of {', '.join(SWITCHABLE)}",
                            details={"path": "module", "value": request.module})
    loaded, site = locate.find_for_edit(ctx, request, locate.PARTICLE_SYSTEM)
    doc = site.component
    value = 1 if request.enabled else 0
    if request.module == "renderer":
        particles.check_writable(doc, None, site.file)
        renderer = site.sibling(locate.PARTICLE_SYSTEM_RENDERER)
        if renderer is None:
            raise UnityCliError("E_COMPONENT_NOT_FOUND", f"{site.path!r} has no ParticleSystemRenderer",
                                details={"file": site.file, "gameObject": site.path,
                                         "component": "ParticleSystemRenderer"})
        changed = set_if_changed(renderer, "m_Enabled", value)
    else:
        particles.check_writable(doc, request.module, site.file)
        changed = set_if_changed(doc, f"{particles.MODULES[request.module][0]}.enabled", value)
    if changed:
        loaded.save(ctx)
    return SetModuleEnabledOutput(**locate.ComponentIds.of(site), module=request.module, enabled=request.enabled,
                                  changed=changed, enabled_modules=particles.enabled_modules(doc))
