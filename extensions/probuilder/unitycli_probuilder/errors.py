"""The error codes this extension owns; declared to the core's catalog (`docs errors` names the owner)."""

from __future__ import annotations

from unitycli.api import EXIT_FAILED, EXIT_USAGE, ErrorSpec, declared_specs, describe_command, tool_command

E_PROBUILDER_MESH_NOT_FOUND = ErrorSpec(
    "E_PROBUILDER_MESH_NOT_FOUND", "The file or GameObject has no ProBuilderMesh component.", EXIT_FAILED,
    next_actions=(tool_command("probuilder.list-meshes"),))
E_PROBUILDER_SHAPE_INVALID = ErrorSpec(
    "E_PROBUILDER_SHAPE_INVALID", "Unknown shape type, or a size/segment value the shape cannot have.",
    EXIT_USAGE, next_actions=(describe_command("probuilder.create-shape"),))
E_PROBUILDER_FACES_INVALID = ErrorSpec(
    "E_PROBUILDER_FACES_INVALID",
    "A face index is out of range, repeated, or the edit would leave no faces.", EXIT_USAGE)
E_PROBUILDER_ELEMENTS_INVALID = ErrorSpec(
    "E_PROBUILDER_ELEMENTS_INVALID",
    "A vertex or edge is out of range or not part of the mesh, or the operation does not apply to it "
    "(a flip of a face that is not a quad, a merge of fewer than two faces).", EXIT_USAGE)
E_PROBUILDER_OVERRIDES_AFFECTED = ErrorSpec(
    "E_PROBUILDER_OVERRIDES_AFFECTED",
    "Prefab variants or instances override the mesh's vertices or faces by index and the edit renumbers "
    "them; pass force to edit anyway.", EXIT_FAILED)
E_PROBUILDER_EXPORT_EXISTS = ErrorSpec(
    "E_PROBUILDER_EXPORT_EXISTS", "The export target already exists and overwrite was not set.",
    EXIT_FAILED)

ERROR_CODES = declared_specs(globals())  # every spec above, for the unitycli_error_codes hook
