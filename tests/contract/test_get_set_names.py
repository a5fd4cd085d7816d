"""One name per concept: a `group.set-X` tool takes its values under the names `group.get-X` prints them.

For every get/set pair in the registry, each property name anywhere in the setter's input (but the write's own
`expectedRevision` and `dryRun`) must appear somewhere in the getter's input or output. `KNOWN` lists the pairs
that still disagree, by name, as work for their owners: the test fails when a new disagreement appears and when
a listed one is fixed (so the list only shrinks).
"""

from __future__ import annotations

from typing import Any

from unitycli.host.session import Session

WRITE_ONLY = {"expectedRevision", "dryRun"}
KNOWN = {
    # The getter prints the setter's names as `fog.mode`-style agent names with {r, g, b, a} colours that its
    # output schema does not declare: typing that output is the work.
    "scene.set-lighting": {"a", "ambient", "b", "color", "density", "enabled", "end", "equatorColor", "fog", "g",
                           "groundColor", "intensity", "mode", "r", "skyColor", "skybox", "start", "sun"},
    "cinemachine.set-brain": {"defaultBlendStyle", "defaultBlendTime"},
    "hdrp.set-frame-settings": {"disable", "enable"},
    "urp.set-settings": {"additionalLightsShadowResolution", "cascade2Split", "cascade3Split", "cascade4Split",
                         "cascadeCount", "depthTexture", "gpuResidentDrawer", "hdr", "mainLightShadowResolution",
                         "msaa", "opaqueTexture", "renderGraph", "renderScale", "shadowDistance",
                         "softShadowQuality", "softShadows", "srpBatcher"},
    "vfx.set-line": {"capVertices", "cornerVertices", "time", "value", "width", "x", "y", "z"},
    "vfx.set-trail": {"capVertices", "cornerVertices", "value", "width"},
}


def property_names(schema: dict[str, Any], defs: dict[str, Any] | None = None, depth: int = 0) -> set[str]:
    """Every property name at any depth of a JSON Schema, through `$ref`, unions and array items."""
    defs = schema.get("$defs", {}) if defs is None else defs
    if depth > 8:
        return set()
    if "$ref" in schema:
        return property_names(defs.get(schema["$ref"].rsplit("/", 1)[-1], {}), defs, depth + 1)
    found: set[str] = set()
    for sub in [*schema.get("anyOf", []), *schema.get("oneOf", []), *schema.get("allOf", [])]:
        found |= property_names(sub, defs, depth + 1)
    if isinstance(schema.get("items"), dict):
        found |= property_names(schema["items"], defs, depth + 1)
    for name, sub in schema.get("properties", {}).items():
        found.add(name)
        found |= property_names(sub, defs, depth + 1)
    return found


def test_every_setter_takes_the_names_its_getter_prints():
    tools = Session().registry.tools
    pairs = {name: f"{name.split('.', 1)[0]}.get-{name.split('.', 1)[1][4:]}" for name in tools
             if name.split(".", 1)[1].startswith("set-")}
    pairs = {setter: getter for setter, getter in pairs.items() if getter in tools}
    assert len(pairs) >= 8  # the pairs this was written against; fewer means the pairing rule broke
    differing = {}
    for setter, getter in sorted(pairs.items()):
        read = property_names(tools[getter].spec.output_schema()) | property_names(tools[getter].spec.input_schema())
        only_set = property_names(tools[setter].spec.input_schema()) - read - WRITE_ONLY
        if only_set:
            differing[setter] = only_set
    assert differing == KNOWN
