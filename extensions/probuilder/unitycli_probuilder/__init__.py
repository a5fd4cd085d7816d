"""unitycli-probuilder: headless tools for ProBuilder meshes in Unity scenes and prefabs.

Registered through the same hooks as the core's built-in plugins, importing only `unitycli.api`. Availability is
the core's business: it reads this package's manifest (`manifest.toml`, identical to the catalog's
`manifests/probuilder.toml`) against the project's resolved packages.
"""

from __future__ import annotations

from importlib.resources import files

from unitycli.api import ErrorSpec, KnownScript, Register, hookimpl, register_package

TOOL_MODULES = ("list_meshes", "inspect_mesh", "export_obj", "create_shape", "create_poly_shape", "delete_faces", "flip_normals",
                "extrude_faces", "set_face_material", "vertex_tools", "topology_tools", "face_tools", "surface_tools",
                "object_tools", "split_tools", "bevel_edges", "entity_tools",
                "merge_objects")


@hookimpl
def unitycli_register_tools(register: Register) -> None:
    register_package(register, f"{__name__}.tools", TOOL_MODULES)


@hookimpl
def unitycli_error_codes() -> list[ErrorSpec]:
    from unitycli_probuilder.errors import ERROR_CODES

    return ERROR_CODES


@hookimpl
def unitycli_known_scripts() -> list[KnownScript]:
    from unitycli_probuilder import ids

    return ids.KNOWN_SCRIPTS


@hookimpl
def unitycli_extension_manifest() -> str:
    return files(__package__).joinpath("manifest.toml").read_text(encoding="utf-8")
