"""Which serialized layout the project's URP writes: `14` (14.0.9), `17.0` (17.0.3) or `17.2` (17.2.0 as written
by 6000.2.10f1). On a version the manifest does not list, the line of its major.minor only names the tool's
candidate tables (which classes and parameters it knows): what a writer adds there is proven from the project
(`unitycli.api.prove_new_override`), never taken from the nearest line."""

from __future__ import annotations

from unitycli.api import ToolContext, packaged_versions
from unitycli_urp.ids import PACKAGE, URP_RUNTIME_PREFIX


def project_layout(ctx: ToolContext) -> str:
    version = ctx.package_version(PACKAGE) or ""
    parts = version.split(".")
    try:
        major, minor = int(parts[0]), int(parts[1])
    except (IndexError, ValueError):
        return "17.0"
    if major < 17:
        return "14"
    return "17.0" if minor < 2 else "17.2"


def class_identifier(ctx: ToolContext, class_name: str, prefix: str = URP_RUNTIME_PREFIX) -> str:
    """`m_EditorClassIdentifier` of an object Unity creates: empty up to 6000.1, `Assembly::Namespace.Class` from
    6000.2 on (ECS PhysicsSamples DefaultVolumeProfile)."""
    version = ctx.unity_version
    return prefix + class_name if (version.major, version.minor) >= (6000, 2) else ""


def verified_versions() -> tuple[str, ...]:
    """The URP versions this extension's manifest lists (the versions its tables are the verified layout of)."""
    return packaged_versions("unitycli_urp", PACKAGE)
