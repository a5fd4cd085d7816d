"""The error codes only the script-field and ScriptableObject tools raise, merged into the one catalog through
`unitycli_error_codes` (shared codes such as E_VALUE_TYPE_MISMATCH live in `unitycli.errors`)."""

from __future__ import annotations

from unitycli.errors import EXIT_FAILED, EXIT_USAGE, ErrorSpec

ERROR_CODES = [
    ErrorSpec("E_REFERENCE_UNRESOLVED",
              "The reference names no object: no GameObject at that path in the file, no asset at that path or "
              "GUID, or no sub-asset or component of that name; nothing was written.", EXIT_USAGE),
    ErrorSpec("E_REFERENCE_UNPROVEN",
              "The object exists, but the fileID Unity gives it is not recorded in any file or .meta here (a model's "
              "mesh, a prefab instance part with no stripped document), so it is not guessed; nothing was written.",
              EXIT_FAILED),
    ErrorSpec("E_LIST_ELEMENT_UNKNOWN",
              "Growing the list needs a new element's default, which neither the list's items nor the field's C# "
              "type prove; insert the elements with a value instead. Nothing was written.", EXIT_FAILED),
    ErrorSpec("E_EVENT_NOT_FOUND",
              "The property is not a UnityEvent (it has no m_PersistentCalls.m_Calls).", EXIT_USAGE),
    ErrorSpec("E_LISTENER_NOT_FOUND", "The UnityEvent has no listener at that index or with that method.",
              EXIT_USAGE),
    ErrorSpec("E_LISTENER_METHOD_NOT_FOUND",
              "The target's class has no public method of that name whose parameters the listener mode can call "
              "(void, one int, float, string, bool or Object parameter); nothing was written.", EXIT_USAGE),
    ErrorSpec("E_SCRIPTABLE_OBJECT_NOT_FOUND",
              "The file is not a ScriptableObject asset (a .asset whose main object is a MonoBehaviour document "
              "with an m_Script), or the class named is not a ScriptableObject script in the project.", EXIT_USAGE),
]
