"""The error codes only the material tools raise, declared to the catalog through `unitycli_error_codes`
(codes shared with other tools, such as E_LAYOUT_UNAVAILABLE, live in `unitycli.errors`)."""

from __future__ import annotations

from unitycli.errors import EXIT_FAILED, EXIT_USAGE, ErrorSpec, declared_specs

E_MATERIAL_VARIANT_UNSUPPORTED = ErrorSpec(
    "E_MATERIAL_VARIANT_UNSUPPORTED",
    "The material is a Material Variant (m_Parent set, Unity 2022.1+): it keeps only its overrides, "
    "and which settings are overridden is a bitmask (m_ModifiedSerializedProperties) these tools have "
    "not verified, so it is not edited or used as a template; nothing was written.", EXIT_FAILED)
E_MATERIAL_AMBIGUOUS = ErrorSpec(
    "E_MATERIAL_AMBIGUOUS",
    "Several .mat files have that name; give the material's project-relative path.", EXIT_USAGE)
E_SHADER_AMBIGUOUS = ErrorSpec(
    "E_SHADER_AMBIGUOUS",
    "The shader GUID names several shaders (Unity's built-in resources share one GUID, told apart by "
    "fileID), so it does not say which one; nothing was written.", EXIT_USAGE)

ERROR_CODES = declared_specs(globals())  # every spec above, for the unitycli_error_codes hook
