"""The core's error codes, and the one error type: every code unitycli can return is a value, `ErrorSpec`, with its
meaning, exit code and default next actions.

A code is declared once, as a value in the module that owns it: the core's here, a plugin's in its own module
(`E_CAMERA_NOT_FOUND = ErrorSpec("E_CAMERA_NOT_FOUND", ...)`), declared to the host through the
`unitycli_error_codes` hook. Code raises `UnityCliError(spec, message, ...)` with the value, or with a code string:
a core code is resolved at once; a plugin's own code is resolved when the error leaves the tool that raised it,
against the catalog of the plugins that ran (`resolve`). So constructing an error never depends on which plugins
were loaded, or in what order. `assemble_catalog` builds the whole catalog (for `docs errors` and clash checks)
from the core's codes and each plugin's declared values; nothing here is filled in at load.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from unitycli.next_actions import NextAction, SameCall, describe_command, for_project, render, tool_command

EXIT_OK = 0
EXIT_FAILED = 1
EXIT_USAGE = 2
EXIT_INCOMPLETE = 3


CORE_OWNER = "unitycli"
CODE_RE = re.compile(r"^E_[A-Z][A-Z0-9_]{2,63}$")


@dataclass(frozen=True)
class ErrorSpec:
    """One catalogued code, a value owned by the module that raises it. `owner` is filled in by
    `assemble_catalog` from the plugin that declares it (the core's own codes are owned by `unitycli`)."""

    code: str
    meaning: str
    exit_code: int = EXIT_FAILED
    transient: bool = False
    retry_after_ms: int | None = None
    next_actions: tuple[NextAction, ...] = ()
    owner: str = CORE_OWNER


def _spec(code: str, meaning: str, exit_code: int = EXIT_FAILED, **kw: Any) -> ErrorSpec:
    return ErrorSpec(code, meaning, exit_code, **kw)


_SPECS: list[ErrorSpec] = [
    # --- command line and input --------------------------------------------------------------------------
    _spec("UNKNOWN_COMMAND", "The command word is not a unitycli command.", EXIT_USAGE,
          next_actions=("unitycli --help",)),
    _spec("E_UNKNOWN_OPTION", "An option is not accepted by this command.", EXIT_USAGE),
    _spec("E_OPTION_VALUE_REQUIRED", "An option that takes a value was given without one.", EXIT_USAGE),
    _spec("E_OPTION_VALUE_INVALID", "An option or argument value is not valid.", EXIT_USAGE),
    _spec("E_INPUT_JSON_INVALID", "The tool input is not valid JSON.", EXIT_USAGE),
    _spec("E_SCHEMA_INVALID", "The tool input does not match the tool's input schema.", EXIT_USAGE),
    _spec("E_DRY_RUN_UNSUPPORTED", "The tool cannot be previewed with --dry-run.", EXIT_USAGE),
    _spec("E_CANCELLED", "The caller cancelled the tool before it committed; nothing was written.", EXIT_FAILED),
    _spec("E_INTERNAL", "An unexpected internal error; the log file has the traceback.", EXIT_FAILED),
    _spec("E_BATCH_LINE_INVALID", "A line of the batch command file cannot be parsed; no step was run.", EXIT_USAGE,
          next_actions=("unitycli batch --help",)),
    _spec("E_RESIDENT_UNAVAILABLE",
          "The resident server cannot run here: its socket folder is not a private folder of this user, the platform "
          "lacks peer credentials or descriptor passing, or the server did not come up (its log says why).",
          EXIT_FAILED, next_actions=("unitycli resident status",)),
    _spec("E_RESIDENT_MODE_INVALID",
          "UNITYCLI_RESIDENT is not one of the resident server's modes (details.allowed); nothing was run.",
          EXIT_USAGE),
    _spec("E_CONTRACT_DRIFT",
          "Tool descriptors or CLI output schemas differ from the checked-in contract snapshot.", EXIT_FAILED,
          next_actions=("unitycli docs contract --write",)),
    # --- registry ------------------------------------------------------------------------------------------
    _spec("E_TOOL_NOT_FOUND_FOR_TARGET", "No tool of that name exists for the selected target.", EXIT_USAGE,
          next_actions=("unitycli tools search <keyword>",)),
    _spec("E_TOOL_REGISTRY_UNHEALTHY",
          "The tool registry has problems: a tool name with two providers, a malformed tool spec, or a plugin "
          "that failed to load.", EXIT_FAILED, next_actions=("unitycli extensions doctor",)),
    # --- project selection ---------------------------------------------------------------------------------
    _spec("E_INSTANCE_REQUIRED", "No Unity project was selected and none was found above the working directory.",
          EXIT_USAGE, next_actions=("unitycli <command> --project <path-to-unity-project>",)),
    _spec("E_INSTANCE_NOT_FOUND", "The --instance value names no known project, alias or instance id.", EXIT_USAGE,
          next_actions=("unitycli instances list", "unitycli target alias list")),
    _spec("E_INSTANCE_PATH_UNAVAILABLE",
          "The project path cannot be resolved to a physical directory (missing, broken link or link loop).",
          EXIT_FAILED),
    _spec("E_PROJECT_INVALID",
          "The path is not a Unity project (it needs Assets/ and ProjectSettings/ProjectVersion.txt).",
          EXIT_FAILED),
    _spec("E_PROJECT_FILE_UNREADABLE", "A project file that is needed cannot be read or parsed.", EXIT_FAILED),
    _spec("E_USER_DATA_UNAVAILABLE",
          "A file in the unitycli user data directory (known projects, aliases) cannot be read, parsed, locked "
          "or written.", EXIT_FAILED),
    _spec("E_UNITY_EDITOR_OPEN",
          "A Unity Editor holds the project; a headless write could be overwritten or force a reload.",
          EXIT_FAILED, transient=True, retry_after_ms=30000),
    # --- files and formats ---------------------------------------------------------------------------------
    _spec("E_ASSET_NOT_FOUND", "The file or asset does not exist in the project.", EXIT_FAILED),
    _spec("E_ASSET_OUTPUT_EXISTS", "An asset already exists at the destination; pass overwrite to replace it.",
          EXIT_FAILED),
    _spec("E_ASSET_REFERENCED", "Other files reference the asset, so it is not deleted; pass force to delete anyway.",
          EXIT_FAILED),
    _spec("E_ASSET_REFERENCES_UNVERIFIABLE",
          "Files that may reference the asset could not be scanned (LFS pointers, unreadable, JSON), so it is not "
          "deleted; pull or fix them, or pass force to delete anyway.", EXIT_INCOMPLETE,
          next_actions=("git lfs pull",)),
    _spec("E_ASSET_PATH_INVALID",
          "The path cannot name an asset here (a .meta path, outside Assets/ and Packages/<package>/, a folder "
          "into itself).", EXIT_FAILED),
    _spec("E_ASSET_LFS_POINTER",
          "The file is a Git LFS pointer, not its content, so this checkout cannot answer or edit it (incomplete, "
          "as E_READ_INCOMPLETE); fetch it with `git lfs pull` first.", EXIT_INCOMPLETE,
          next_actions=("git lfs pull",)),
    _spec("E_READ_INCOMPLETE",
          "The read answered every fact it could, but some files it needs are not readable here (Git LFS pointers); "
          "the answer is in the envelope's result and its `unreadable` names each file with the command that "
          "fetches it.", EXIT_INCOMPLETE, next_actions=("git lfs pull",)),
    _spec("E_FILE_FORMAT_UNSUPPORTED",
          "The file cannot be parsed, or would not round-trip byte-identically, so it is not edited.",
          EXIT_FAILED),
    _spec("E_OBJECT_NOT_FOUND", "No object (document) with that fileID exists in the Unity file.", EXIT_FAILED),
    _spec("E_OBJECT_AMBIGUOUS", "The file holds several objects the request could mean; give one of their fileIDs.",
          EXIT_FAILED),
    _spec("E_PROPERTY_NOT_FOUND", "The property path does not exist on the Unity object.", EXIT_FAILED),
    _spec("E_PROPERTY_EDIT_UNSUPPORTED", "That value cannot be written at that property path (wrong shape).", EXIT_FAILED),
    # --- scenes, prefabs, GameObjects and components -------------------------------------------------------
    _spec("E_PREFAB_NOT_FOUND", "No prefab has that path or asset name.", EXIT_FAILED,
          next_actions=(tool_command("prefab.list"),)),
    _spec("E_SCENE_NOT_FOUND", "No scene or prefab has that path or asset name.", EXIT_FAILED,
          next_actions=(tool_command("scene.list"),)),
    _spec("E_SCENE_AMBIGUOUS", "Several scenes or prefabs have that asset name; give the project-relative path.",
          EXIT_FAILED),
    _spec("E_GAMEOBJECT_NOT_FOUND", "No GameObject in the file has that hierarchy path or fileID.", EXIT_FAILED),
    _spec("E_GAMEOBJECT_AMBIGUOUS", "Several GameObjects have that hierarchy path; give one of their fileIDs.",
          EXIT_FAILED),
    _spec("E_GAMEOBJECT_REFERENCED",
          "Other objects in the file reference the GameObject or its components; pass force to delete anyway "
          "(those references become {fileID: 0}).", EXIT_FAILED),
    _spec("E_TAG_UNKNOWN", "The tag is neither one of Unity's built-in tags nor in ProjectSettings/"
          "TagManager.asset.", EXIT_FAILED, next_actions=(tool_command("project.get-tags-layers"),)),
    _spec("E_LAYER_UNKNOWN", "No layer of ProjectSettings/TagManager.asset has that name, or the layer "
          "index is unnamed.", EXIT_FAILED, next_actions=(tool_command("project.get-tags-layers"),)),
    _spec("E_HIERARCHY_TOO_DEEP", "The GameObject is nested deeper than the tool builds paths for (the limit is in "
          "the error); address it by fileID or list the hierarchy in parts.", EXIT_FAILED),
    _spec("E_HIERARCHY_CYCLE", "The new parent is the GameObject itself or one of its descendants.",
          EXIT_USAGE),
    _spec("E_WORLD_POSE_INEXACT",
          "The world pose cannot be kept exactly: the new local transform would need shear (non-uniform "
          "scale combined with rotation), or a transform on the way is a RectTransform or part of a prefab "
          "instance whose pose is not known from the file.", EXIT_FAILED),
    _spec("E_PREFAB_TARGET_NOT_FOUND",
          "The override target names no object of the source prefab (or the source prefab is not in the "
          "project, so the target cannot be checked).", EXIT_FAILED),
    _spec("E_COMPONENT_NOT_FOUND", "The GameObject has no component of that class, script or fileID.", EXIT_FAILED),
    _spec("E_COMPONENT_AMBIGUOUS", "The GameObject has several components of that kind; give one of their fileIDs.",
          EXIT_FAILED),
    _spec("E_COMPONENT_UNSUPPORTED",
          "That component cannot be added or removed headlessly (no verified default layout, or it is the "
          "Transform).", EXIT_FAILED),
    _spec("E_SCRIPT_CLASS_NOT_FOUND",
          "No C# class stands behind the script: no .cs of the project or its packages has that GUID in its .meta, "
          "or the file does not declare one top-level class named like the file (as Unity requires).", EXIT_FAILED),
    _spec("E_SCRIPT_SOURCE_UNPARSEABLE",
          "A C# file the script's serialized layout depends on does not parse (after its #if blocks are applied); "
          "the file and line are named and no layout is guessed.", EXIT_FAILED),
    _spec("E_SCRIPT_LAYOUT_UNPROVABLE",
          "The script's serialized layout depends on something the sources cannot decide: a type declared nowhere "
          "unitycli can read (a DLL, a package not on disk), two fields of one name, an enum value that is not a "
          "constant; the file and line are named.", EXIT_FAILED),
    _spec("E_PACKAGE_SOURCE_UNAVAILABLE",
          "The package is a dependency, but its C# is not on this machine: not embedded, not a file: folder, and "
          "not in Library/PackageCache at the resolved version (the Editor fills it when it opens the project).",
          EXIT_FAILED),
    _spec("E_LAYOUT_VERSION_UNKNOWN",
          "The layout table has no Editor dump for the project's Unity version or its major.minor stream (or "
          "the version is not a Unity version), so no native layout can be picked for it; nothing was written."),
    _spec("E_LAYOUT_UNAVAILABLE",
          "No file of the project shows the Unity layout a new file needs (a scene for scene.create, a material "
          "for material.create), and unitycli keeps no verified template for it; nothing was written."),
    _spec("E_TRANSFORM_WORLD_UNKNOWN", "A world-space value cannot be converted to local: an ancestor's Transform is "
          "not in the file (prefab instance, missing parent) or the parent chain has a zero scale."),
    _spec("E_ASSET_GUID_DUPLICATE",
          "An asset to copy shares its GUID with another asset (Unity re-assigns all but one on import), so "
          "which asset a reference to it means is unknown; nothing was written. Fix the duplicate first."),
    _spec("E_PREFAB_LAYOUT_UNVERIFIED",
          "The PrefabInstance layout this project's Unity version writes has not been verified against real files, "
          "so no PrefabInstance is written.", EXIT_FAILED),
    _spec("E_PREFAB_INSTANCE_UNSUPPORTED",
          "The object belongs to a prefab instance; its values live in the source prefab and its overrides, which "
          "this tool does not edit.", EXIT_FAILED),
    _spec("E_VALUE_TYPE_MISMATCH",
          "The value does not have the type of the property's current value (number, string, reference, mapping "
          "with the same keys, list), or of the script field's C# type.", EXIT_USAGE),
    _spec("E_REFERENCE_UNRESOLVED",
          "The reference names no object: no GameObject at that path in the file, no asset at that path or "
          "GUID, or no sub-asset or component of that name; nothing was written.", EXIT_USAGE),
    _spec("E_REFERENCE_UNPROVEN",
          "The object exists, but the fileID Unity gives it is not recorded in any file or .meta here (a model's "
          "mesh, a prefab instance part with no stripped document), so it is not guessed; nothing was written.",
          EXIT_FAILED),
    _spec("E_LIST_ELEMENT_UNKNOWN",
          "Growing the list needs a new element's default, which neither the list's items nor the field's C# "
          "type prove; insert the elements with a value instead. Nothing was written.", EXIT_FAILED),
    _spec("E_PATH_OUTSIDE_PROJECT", "The path leaves the project root (.., absolute path or symlink).",
          EXIT_FAILED),
    _spec("E_PATH_NOT_EXACT",
          "The path cannot be addressed exactly as given: '\\' separates folders on Windows but is a file-name "
          "character on Linux and macOS, so nothing is guessed; details.exactSpelling is the path with '/'.",
          EXIT_USAGE),
    # --- transactions --------------------------------------------------------------------------------------
    _spec("E_TARGET_CHANGED", "A file changed on disk after it was read; nothing was written.", EXIT_FAILED,
          transient=True, retry_after_ms=0),
    _spec("E_STALE_WRITE", "The file's revision no longer matches expectedRevision; nothing was written.",
          EXIT_FAILED),
    _spec("E_INDEX_BUSY", "Another unitycli process is still building this project's index.", EXIT_FAILED,
          transient=True, retry_after_ms=2000),
    _spec("E_PROJECT_LOCKED", "Another unitycli process holds the project write lock.", EXIT_FAILED,
          transient=True, retry_after_ms=500),
    _spec("E_WRITE_FAILED",
          "Writing project files failed (disk full, permission denied, read-only filesystem); the transaction "
          "was rolled back and nothing changed.", EXIT_FAILED),
    _spec("E_TRANSACTION_RECOVERY_FAILED",
          "An interrupted transaction could be neither completed nor rolled back; its journal is kept and no "
          "further writes run until it is resolved.", EXIT_FAILED),
    _spec("E_PATH_NOT_A_FILE",
          "The path names a directory, or a file stands where a directory is needed, or a symbolic link, FIFO or "
          "device stands where unitycli keeps its own state (never followed or opened).", EXIT_FAILED),
    _spec("E_FOLDER_NOT_EMPTY",
          "A folder the change removes would still contain files or folders it does not delete; nothing was "
          "written.", EXIT_FAILED),
    _spec("E_FOLDER_PROTECTED",
          "The project root, Assets, Packages, ProjectSettings and unitycli's state folder are never removed.",
          EXIT_FAILED),
    _spec("E_UNITY_EDITOR_UNVERIFIABLE",
          "Whether a Unity Editor holds the project cannot be verified, so the write is refused.",
          EXIT_INCOMPLETE),
    # --- Unity packages ------------------------------------------------------------------------------------
    _spec("E_PACKAGE_SPEC_INVALID",
          "A Unity package name or version is not valid (name: lower-case a-z 0-9 . - _; version: semver, git URL "
          "or file: path).", EXIT_USAGE),
    _spec("E_PACKAGE_NOT_FOUND", "The Unity package is not a dependency in Packages/manifest.json.", EXIT_FAILED),
    # --- project settings ---------------------------------------------------------------------------------
    _spec("E_PROJECT_SETTINGS_VERSION_UNAVAILABLE",
          "The settings file's serializedVersion is not a layout unitycli has verified, so it is not edited.",
          EXIT_FAILED),
    _spec("E_PROJECT_SETTINGS_VERIFY_FAILED",
          "Reading back the edited settings file did not give exactly the intended values; nothing was written.",
          EXIT_FAILED),
    _spec("E_PROJECT_SETTINGS_LIMIT_EXCEEDED", "The settings file holds more entries than unitycli reads (4096 "
          "input axes).", EXIT_FAILED),
    _spec("E_PROJECT_INPUT_AXIS_NOT_FOUND", "No Input Manager axis has that exact name (at that index).", EXIT_FAILED),
    _spec("E_PROJECT_INPUT_AXIS_AMBIGUOUS", "Several Input Manager axes have that name; give the axis index too.",
          EXIT_FAILED),
    _spec("E_PROJECT_LAYER_RESERVED", "Layers 0, 1, 2, 4 and 5 are Unity's built-in layers and cannot be renamed.",
          EXIT_FAILED),
    _spec("E_PROJECT_LAYER_NAME_TAKEN", "Another layer already has that name.", EXIT_FAILED),
    # --- extensions and project tools ----------------------------------------------------------
    _spec("E_EXTENSION_DEPENDENCY_MISSING",
          "The project lacks the Unity package this tool's extension was verified against.", EXIT_FAILED,
          next_actions=("unitycli extensions doctor",)),
    _spec("E_EXTENSION_DEPENDENCY_VERSION_UNSUPPORTED",
          "The project has the Unity package at a version the extension's manifest does not list as verified.",
          EXIT_FAILED, next_actions=("unitycli extensions doctor",)),
    _spec("E_EXTENSION_DEPENDENCY_UNVERIFIABLE",
          "Which version of the Unity package the project has cannot be known offline (git package without its "
          "cache, or no packages-lock.json), so the tool is not run.", EXIT_INCOMPLETE,
          next_actions=("unitycli extensions doctor",)),
    _spec("E_EXTENSION_CORE_API_UNSUPPORTED",
          "The extension's manifest declares a core API range that this unitycli does not satisfy.", EXIT_FAILED),
    _spec("E_EXTENSION_INTEGRITY_MISMATCH",
          "An installed extension file differs from the hash in its wheel RECORD (or is missing or unexpected).",
          EXIT_FAILED),
    _spec("E_EXTENSION_INTEGRITY_UNVERIFIABLE",
          "An installed extension has no RECORD to verify its files against, so its tools are not run.",
          EXIT_INCOMPLETE),
    _spec("E_EXTENSION_NOT_FOUND", "No extension of that id is in the catalog, installed, or in the project lock.",
          EXIT_FAILED, next_actions=("unitycli extensions list",)),
    _spec("E_EXTENSION_INSTALL_FAILED",
          "pip could not install or uninstall the extension, or the installed extension does not load; the "
          "project's extension lock was not changed.", EXIT_FAILED, transient=True, retry_after_ms=5000),
    _spec("E_MANIFEST_INVALID", "An extension manifest or a .unitycli TOML file is malformed; the file and field "
          "are named.", EXIT_FAILED),
    _spec("E_EXTENSION_SOURCE_UNAPPROVED",
          "An extension the project's lock names, or a place its config or lock chooses, has not been approved by a "
          "person on this machine (or changed since); nothing was built or installed.", EXIT_FAILED,
          next_actions=("unitycli extensions sync --dry-run",)),
    _spec("E_PROJECT_TOOL_UNTRUSTED",
          "A project tool file has not been approved for this project, so it was not imported.", EXIT_FAILED),
    _spec("E_PROJECT_TOOL_INTEGRITY_MISMATCH",
          "A project tool file changed since it was approved, so it was not imported.", EXIT_FAILED),
    _spec("E_DOCTOR_FAILED", "At least one doctor check failed; the full report is in the envelope's result.",
          EXIT_FAILED),
    _spec("E_DOCTOR_UNVERIFIABLE", "No doctor check failed, but at least one could not be verified; the full report "
          "is in the envelope's result.", EXIT_INCOMPLETE),
    _spec("E_PROJECT_TOOL_SHADOWS",
          "A project tool uses the name of a built-in or extension tool; the project tool is refused.", EXIT_FAILED),
    _spec("E_FILE_DUPLICATE_FILE_ID",
          "Several objects (documents) of the Unity file share one fileID, so it is not edited: an edit by fileID "
          "would reach only one of them. The fileIDs and their lines are named.", EXIT_FAILED),
    _spec("E_VALUE_OUT_OF_RANGE",
          "A number is outside what the Unity field can hold (beyond ±3.4028235e38 for a float, or the 64-bit "
          "range for an integer); nothing was written.", EXIT_USAGE),
]

CORE: dict[str, ErrorSpec] = {spec.code: spec for spec in _SPECS}


def declared_specs(namespace: Mapping[str, object]) -> list[ErrorSpec]:
    """The `ErrorSpec` values a module defines, in order: a plugin's errors module ends with
    `ERROR_CODES = declared_specs(globals())` for its `unitycli_error_codes` hook, so each code is written once."""
    return [value for value in namespace.values() if isinstance(value, ErrorSpec)]


def add_specs(catalog: dict[str, ErrorSpec], owner: str, specs: object) -> list[str]:
    """Add one owner's declared specs (what its hook returned) to a catalog being assembled; return the problems:
    a malformed spec, or a code another owner declared first (naming both; the first owner's meaning is kept)."""
    if not isinstance(specs, list | tuple):
        return [f"{owner}: unitycli_error_codes must return a list of ErrorSpec, not {type(specs).__name__}"]
    problems: list[str] = []
    for spec in specs:
        if not isinstance(spec, ErrorSpec):
            problems.append(f"{owner}: error codes must be ErrorSpec, not {type(spec).__name__}")
        elif not CODE_RE.match(spec.code) or spec.exit_code not in (EXIT_FAILED, EXIT_USAGE, EXIT_INCOMPLETE):
            problems.append(f"{owner}: {spec.code!r} needs an E_UPPER_CASE code and exit code 1, 2 or 3")
        elif (existing := catalog.get(spec.code)) is not None and existing.owner != owner:
            problems.append(f"error code {spec.code} is declared by both {existing.owner} and {owner}; "
                            f"{existing.owner}'s meaning is kept")
        else:
            catalog[spec.code] = replace(spec, owner=owner)
    return problems


def assemble_catalog(declared: Iterable[tuple[str, object]]) -> tuple[dict[str, ErrorSpec], list[str]]:
    """The whole catalog: the core's codes, then each (owner, declared specs) in turn, with the problems. Built
    fresh from its inputs each time: nothing global is filled in."""
    catalog = dict(CORE)
    problems: list[str] = []
    for owner, specs in declared:
        problems.extend(add_specs(catalog, owner, specs))
    return catalog, problems


class UnityCliError(Exception):
    """A catalogued failure. Handlers raise it; adapters turn it into an envelope, MCP error or exit code.

    `code` is the spec itself, or a code string: a core code, or the raising plugin's own code (resolved by
    `resolve` when the error leaves its tool). A string that can be neither fails at once.
    """

    def __init__(self, code: str | ErrorSpec, message: str, details: dict[str, Any] | None = None,
                 next_actions: Sequence[NextAction] | None = None, transient: bool | None = None,
                 retry_after_ms: int | None = None, manual_steps: Sequence[str] | None = None) -> None:
        if isinstance(code, ErrorSpec):
            self._spec: ErrorSpec | None = code
            code = code.code
        else:
            self._spec = CORE.get(code)
            if self._spec is None and not CODE_RE.match(code):
                raise KeyError(f"error code {code!r} is not in the unitycli error catalog")
        self.code: str = code
        self.message = message
        self.details: dict[str, Any] = details if details is not None else {}
        self.next_actions: list[NextAction] | None = list(next_actions) if next_actions is not None else None
        # What only a person can do (in the Unity Editor, the Package Manager, a file): plain sentences, never run
        # and never among `next_actions`, which hold only commands an agent can run as they are.
        self.manual_steps: list[str] = list(manual_steps or [])
        self.transient = transient
        self.retry_after_ms = retry_after_ms
        self.project_root: str | None = None  # set by `for_project`: every `unitycli` action then names it
        super().__init__(f"{code}: {message}")

    def __repr__(self) -> str:
        return f"UnityCliError({self.code!r}, {self.message!r})"

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled whole (a worker process's error reaches its parent with its spec and next actions)."""
        return type(self), (self._spec or self.code, self.message, self.details, self.next_actions, self.transient,
                            self.retry_after_ms, self.manual_steps), {"project_root": self.project_root}

    @property
    def resolved(self) -> bool:
        return self._spec is not None

    def resolve(self, catalog: Mapping[str, ErrorSpec]) -> UnityCliError:
        """Give a plugin's code string its spec from the catalog of the plugins that ran."""
        if self._spec is None:
            self._spec = catalog.get(self.code)
        return self

    def relocated(self, message: str, details: dict[str, Any]) -> UnityCliError:
        """The same error (code, its resolved spec, next actions) told with another message and details: a batch
        names the step it happened in."""
        moved = UnityCliError(self._spec or self.code, message, details, self.next_actions, self.transient,
                              self.retry_after_ms, self.manual_steps)
        moved.project_root = self.project_root
        return moved

    @property
    def spec(self) -> ErrorSpec:
        if self._spec is None:
            raise KeyError(f"error code {self.code!r} is in no catalog of the plugins that ran (a plugin raises the "
                           "core's codes and its own)")
        return self._spec

    @property
    def exit_code(self) -> int:
        return self.spec.exit_code

    def actions(self) -> list[NextAction]:
        """The next actions as data: the raise site's, else the spec's defaults; each naming the project once
        `for_project` gave one."""
        actions = list(self.next_actions) if self.next_actions is not None else list(self.spec.next_actions)
        if self.project_root is None:
            return actions
        return [for_project(action, self.project_root) for action in actions]

    def for_project(self, root: Any) -> UnityCliError:
        """Make every `unitycli …` next action runnable from anywhere, the raise site's and the spec's defaults:
        name the project where none is named."""
        self.project_root = str(root)
        if self.next_actions:
            self.next_actions = [for_project(action, root) for action in self.next_actions]
        return self

    def for_call(self, tool: str, request: Any, root: Any | None) -> UnityCliError:
        """The error as it leaves the call of `tool` with `request` (JSON data) on the project at `root`: each
        `same_call(...)` of the raise site becomes that call, changed, and every action names the project. A raise
        site that has no command to offer (only `manual_steps`, or a hint in details) leaves the tool's descriptor:
        its schema says what the input may be; a transient one (a file changed under the call, a lock held) leaves the
        same call again, to run after `retryAfterMs`."""
        if self.next_actions == []:
            transient = self.spec.transient if self.transient is None else self.transient
            self.next_actions = [SameCall({}) if transient else describe_command(tool)]
        if self.next_actions and any(isinstance(action, SameCall) for action in self.next_actions):
            given = request if isinstance(request, Mapping) else {}
            self.next_actions = [action.applied(tool, given) if isinstance(action, SameCall) else action
                                 for action in self.next_actions]
        return self.for_project(root) if root is not None else self

    def to_dict(self) -> dict[str, Any]:
        """The error object of the envelope; next actions rendered as the command lines a shell runs, and the steps
        only a person can take beside them."""
        spec = self.spec
        return {
            "code": self.code,
            "message": self.message,
            "details": self.details,
            "nextActions": [render(action) for action in self.actions()],
            "manualSteps": list(self.manual_steps),
            "transient": spec.transient if self.transient is None else self.transient,
            "retryAfterMs": spec.retry_after_ms if self.retry_after_ms is None else self.retry_after_ms,
        }
