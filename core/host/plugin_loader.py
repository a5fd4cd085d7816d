"""Build a fresh plugin manager: built-ins first, then entry-point extensions, each loaded like a guest.

Each extension is imported on its own: an import error, a registration that raises or an unknown `unitycli_*`
hook name is recorded with the distribution, entry point, exception and a short traceback, and the rest keep
working. The deny list is applied before import, so a disabled extension's code never runs.
"""

from __future__ import annotations

import importlib
import os
import traceback
from collections.abc import Iterable
from contextlib import suppress
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import pluggy

from unitycli.host import hookspecs
from unitycli.host.installed import ENTRY_POINT_GROUP
from unitycli.host.owners import ToolOwner

if TYPE_CHECKING:  # pragma: no cover
    from importlib.metadata import EntryPoint

    from unitycli.errors import ErrorSpec

DISABLE_ENV = "UNITYCLI_DISABLE_EXTENSIONS"

# Built-in plugins (the tools in unitycli.plugins) register through the same hooks as any extension.
BUILTIN_PLUGINS = (
    "unitycli.plugins.project_info",
    "unitycli.plugins.packages_tools",
    "unitycli.plugins.assets",
    "unitycli.plugins.scenes",
    "unitycli.plugins.settings",
    "unitycli.plugins.prefabs",
    "unitycli.plugins.materials",
    "unitycli.plugins.scripts",
    "unitycli.plugins.layouts",
    "unitycli.plugins.lighting",
    "unitycli.plugins.importers",
    "unitycli.plugins.animator",
)


@dataclass
class LoadFailure:
    """A plugin that could not be used, with enough to act on without a debugger."""

    plugin: str
    distribution: str | None
    entry_point: str | None
    stage: str  # "integrity", "import", "register", "hooks", "approval" (a blocked project tool file), "closure"
    #             (an approved tool importing a file that is not approved), "config"
    error: str
    traceback: str
    code: str | None = None  # a catalogued code when the failure has one (E_PROJECT_TOOL_UNTRUSTED, ...)
    details: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "plugin": self.plugin,
            "distribution": self.distribution,
            "entryPoint": self.entry_point,
            "stage": self.stage,
            "error": self.error,
            "traceback": self.traceback,
        }
        if self.code:
            out["code"] = self.code
        if self.details:
            out["details"] = self.details
        return out


@dataclass
class LoadedPlugins:
    manager: pluggy.PluginManager
    owners: dict[str, ToolOwner] = field(default_factory=dict)  # plugin name -> owner
    failures: list[LoadFailure] = field(default_factory=list)
    disabled: list[ToolOwner] = field(default_factory=list)


def short_traceback(exc: BaseException, limit: int = 6) -> str:
    """The last frames of a traceback: enough to find the line, short enough for JSON output."""
    lines = traceback.format_exception(type(exc), exc, exc.__traceback__, limit=-limit)
    return "".join(lines).strip()


def denied_names(config_denied: Iterable[str] = ()) -> set[str]:
    """Extension ids or distribution names disabled by config or `UNITYCLI_DISABLE_EXTENSIONS` (comma list)."""
    names = {n.strip().lower() for n in os.environ.get(DISABLE_ENV, "").split(",") if n.strip()}
    return names | {n.strip().lower() for n in config_denied if n.strip()}


def new_manager() -> pluggy.PluginManager:
    pm = pluggy.PluginManager(hookspecs.PROJECT_NAME)
    pm.add_hookspecs(hookspecs)
    return pm


def _unknown_hooks(plugin: object) -> list[str]:
    known = {name for name in dir(hookspecs) if name.startswith("unitycli_")}
    return sorted(
        name for name in dir(plugin) if name.startswith("unitycli_") and name not in known and callable(getattr(plugin, name))
    )


def _entry_point_owner(ep: EntryPoint) -> ToolOwner:
    dist = ep.dist
    return ToolOwner(
        kind="extension",
        plugin=f"ext:{ep.name}",
        extension_id=ep.name,
        distribution=dist.name if dist else None,
        version=dist.version if dist else None,
        entry_point=f"{ep.name} = {ep.value}",
    )


def register_plugin(loaded: LoadedPlugins, plugin: object, owner: ToolOwner) -> bool:
    """Register one imported plugin object, refusing it (recorded) when it names hooks that do not exist."""
    unknown = _unknown_hooks(plugin)
    if unknown:
        loaded.failures.append(
            LoadFailure(owner.plugin, owner.distribution, owner.entry_point, "hooks",
                        f"unknown hook implementation(s): {', '.join(unknown)}", "")
        )
        return False
    try:
        loaded.manager.register(plugin, name=owner.plugin)
    except Exception as exc:  # pluggy.PluginValidationError and duplicate names
        loaded.failures.append(
            LoadFailure(owner.plugin, owner.distribution, owner.entry_point, "register", repr(exc), short_traceback(exc))
        )
        return False
    loaded.owners[owner.plugin] = owner
    return True


def _refuse_unverified(ep: EntryPoint, owner: ToolOwner) -> LoadFailure | None:
    """Check an installed extension against its RECORD *before* importing it: importing runs its code, so a
    tampered file must be caught here, not when one of its tools is called."""
    if ep.dist is None:
        return None
    from unitycli.host.record import verify_distribution
    from unitycli.host.verified_import import check_pin

    pinned = check_pin(ep.dist, ep.name)  # a RECORD rewritten to match tampered files differs from the lock's pin
    if pinned is not None:
        return _verification_failure(owner, pinned)
    result = verify_distribution(ep.dist)
    if result.status in ("verified", "editable"):
        return None
    return LoadFailure(owner.plugin, owner.distribution, owner.entry_point, "integrity", result.message, "",
                       code=result.code, details={**result.details, "nextActions": result.next_actions})


def _verification_failure(owner: ToolOwner, exc: Any) -> LoadFailure:
    from unitycli.host.record import reinstall_command

    next_actions = []
    if exc.code == "E_EXTENSION_INTEGRITY_MISMATCH" and "extensionId" in exc.details:
        # The project lock pins another build (written in another environment): install that one here, or pin
        # the one installed here. Both act on this environment only.
        ext_id = exc.details["extensionId"]
        next_actions = ["unitycli extensions sync", f"unitycli extensions install {ext_id}"]
    with_dist = getattr(owner, "distribution", None)
    if with_dist:
        from importlib.metadata import PackageNotFoundError, distribution

        with suppress(PackageNotFoundError):
            next_actions.append(reinstall_command(distribution(with_dist)))
    return LoadFailure(owner.plugin, owner.distribution, owner.entry_point, "integrity", exc.message, "",
                       code=exc.code, details={**exc.details, "nextActions": next_actions})


def _load_verified(ep: EntryPoint) -> Any:
    """`ep.load()` through `unitycli.host.verified_import`: the extension's modules run only as their RECORD's bytes
    (an editable install, whose source is meant to change, imports normally and is reported unverified)."""
    from unitycli.host.record import is_editable
    from unitycli.host.verified_import import install_for

    if ep.dist is not None and not is_editable(ep.dist):
        install_for(ep.dist)
    return ep.load()


def builtin_owner(module_name: str) -> ToolOwner:
    return ToolOwner(kind="builtin", plugin=f"builtin:{module_name.rsplit('.', 1)[-1]}", distribution="unitycli")


def load_builtin(loaded: LoadedPlugins, module_name: str) -> None:
    """Import and register one built-in plugin module."""
    register_plugin(loaded, importlib.import_module(module_name), builtin_owner(module_name))


def extension_entry_points() -> list[EntryPoint]:
    # Imported here: with its `email` parser it costs ~15 ms, and a call to a built-in tool never looks.
    from importlib.metadata import entry_points

    return sorted(entry_points(group=ENTRY_POINT_GROUP), key=lambda e: e.name)


def load_entry_point(loaded: LoadedPlugins, ep: EntryPoint, denied: set[str]) -> None:
    """One installed extension: skipped when denied, refused when its RECORD (or the lock's pin) does not match,
    imported only after that check, and each failure recorded with its distribution."""
    owner = _entry_point_owner(ep)
    if ep.name.lower() in denied or (owner.distribution or "").lower() in denied:
        loaded.disabled.append(owner)
        return
    refused = _refuse_unverified(ep, owner)
    if refused is not None:
        loaded.failures.append(refused)
        return
    from unitycli.host.verified_import import VerificationError

    try:
        plugin = _load_verified(ep)
    except VerificationError as exc:
        loaded.failures.append(_verification_failure(owner, exc))
        return
    except BaseException as exc:  # noqa: BLE001 - a guest's import may raise anything, even SystemExit
        if isinstance(exc, KeyboardInterrupt):
            raise
        loaded.failures.append(
            LoadFailure(owner.plugin, owner.distribution, owner.entry_point, "import", repr(exc),
                        short_traceback(exc))
        )
        return
    register_plugin(loaded, plugin, owner)


def load_plugins(
    *,
    config_denied: Iterable[str] = (),
    include_entry_points: bool = True,
    extra_plugins: Iterable[tuple[object, ToolOwner]] = (),
) -> LoadedPlugins:
    """A new plugin manager with built-ins, installed extensions (unless denied) and any extra plugins."""
    loaded = LoadedPlugins(manager=new_manager())
    for module_name in BUILTIN_PLUGINS:
        load_builtin(loaded, module_name)
    if include_entry_points:
        denied = denied_names(config_denied)
        for ep in extension_entry_points():
            load_entry_point(loaded, ep, denied)
    for plugin, owner in extra_plugins:
        register_plugin(loaded, plugin, owner)
    check_error_codes(loaded)
    return loaded


def declared_error_codes(loaded: LoadedPlugins) -> list[tuple[ToolOwner, str, object]]:
    """What each loaded plugin's `unitycli_error_codes` hook declares: (owner, its name in the catalog, the specs,
    or the exception the guest's hook raised). Asked afresh each time; nothing is merged anywhere."""
    declared: list[tuple[ToolOwner, str, object]] = []
    for impl in loaded.manager.hook.unitycli_error_codes.get_hookimpls():
        owner = loaded.owners.get(impl.plugin_name) or ToolOwner(kind="extension", plugin=impl.plugin_name)
        name = "unitycli" if owner.kind == "builtin" else owner.distribution or owner.label()
        try:
            specs: object = impl.function() or []
        except Exception as exc:  # a guest's hook may raise anything
            specs = exc
        declared.append((owner, name, specs))
    return declared


def error_catalog(*loaded: LoadedPlugins) -> dict[str, ErrorSpec]:
    """The catalog of the core and of every plugin in `loaded`: for `docs errors`, and to resolve a plugin's code
    when its error leaves the tool that raised it."""
    from unitycli.errors import assemble_catalog

    return assemble_catalog((name, specs) for each in loaded for _, name, specs in declared_error_codes(each)
                            if not isinstance(specs, Exception))[0]


def check_error_codes(loaded: LoadedPlugins) -> None:
    """A malformed declaration, or a code two owners declare, is a load failure of the plugin that declares it."""
    from unitycli.errors import CORE, add_specs

    catalog = dict(CORE)
    for owner, name, specs in declared_error_codes(loaded):
        problems = [repr(specs)] if isinstance(specs, Exception) else add_specs(catalog, name, specs)
        for problem in problems:
            loaded.failures.append(LoadFailure(owner.plugin, owner.distribution, owner.entry_point, "error-codes",
                                               problem, ""))
