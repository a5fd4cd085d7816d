"""The error codes only the script-field and ScriptableObject tools raise, declared to the catalog through
`unitycli_error_codes`. Codes component.set raises through `fieldedit` and `objectrefs` (E_REFERENCE_UNRESOLVED,
E_REFERENCE_UNPROVEN, E_LIST_ELEMENT_UNKNOWN) live in `unitycli.errors`: the scenes plugin raises them too."""

from __future__ import annotations

from unitycli.errors import EXIT_USAGE, ErrorSpec, declared_specs

E_EVENT_NOT_FOUND = ErrorSpec(
    "E_EVENT_NOT_FOUND",
    "The property is not a UnityEvent (it has no m_PersistentCalls.m_Calls).", EXIT_USAGE)
E_LISTENER_NOT_FOUND = ErrorSpec(
    "E_LISTENER_NOT_FOUND", "The UnityEvent has no listener at that index or with that method.",
    EXIT_USAGE)
E_LISTENER_METHOD_NOT_FOUND = ErrorSpec(
    "E_LISTENER_METHOD_NOT_FOUND",
    "The target's class has no public method of that name that a listener can call with the argument "
    "given (no parameter, or one int, float, string or bool; an Object parameter is not written here), "
    "or the assembly name the listener records cannot be read; nothing was written.", EXIT_USAGE)
E_SCRIPTABLE_OBJECT_NOT_FOUND = ErrorSpec(
    "E_SCRIPTABLE_OBJECT_NOT_FOUND",
    "The file is not a ScriptableObject asset (a .asset whose main object is a MonoBehaviour document "
    "with an m_Script), or the class named is not a ScriptableObject script in the project.", EXIT_USAGE)

ERROR_CODES = declared_specs(globals())  # every spec above, for the unitycli_error_codes hook
