"""The project's own unitycli settings, `.unitycli/config.toml`, committed with the project.

Only choices a team makes on purpose live here: extensions it disables for this project (applied before
import) and where `extensions install <id>` / `extensions sync` may get extensions from. `[accept-unverified]`
is gone: reads and edits of existing fields run on any present package version and creating
new objects needs proof, so nothing is left for it to open; a file that still has it is refused with the one step
that fixes it (delete the table), as any unknown table is, rather than silently granting or ignoring it.
Nothing here can approve code: approvals live in the user data directory, and code from a place this file
names is built and installed only after a person approves it (`extensions approve`). The user's own
`config.toml` in the user data directory takes the same `[sources]` table; places named there are trusted.

```toml
[extensions]
disabled = ["vfx"]

[sources]
# Folders are relative to the project root, so the committed file means the same on every machine.
wheelhouse = ["../wheels"]      # folders of built extension wheels (a string or a list)
extensions = "../unitycli/extensions"   # a folder of extension sources (<id>/pyproject.toml); default: the
                                         # `extensions/` folder of the unitycli checkout, when it runs from one
index = true                    # PyPI (pip's configured index) for extensions the catalog says are published
```
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from unitycli.errors import UnityCliError
from unitycli.extension_manager import tomlfile
from unitycli.safefs import read_bytes

CONFIG = ".unitycli/config.toml"
USER_CONFIG = "config.toml"  # the user's own, in the user data directory: `[sources]` only


@dataclass(frozen=True)
class SourcesConfig:
    """`[sources]`: the folders as written (project-relative or absolute) and whether the index may be used."""

    wheelhouse: tuple[str, ...] = ()
    extensions: str | None = None
    index: bool = True

    def wheelhouse_dirs(self, root: Path) -> list[Path]:
        return [(root / folder).resolve() for folder in self.wheelhouse]

    def extensions_dir(self, root: Path) -> Path | None:
        return (root / self.extensions).resolve() if self.extensions else None


@dataclass(frozen=True)
class ProjectConfig:
    disabled_extensions: tuple[str, ...] = ()
    sources: SourcesConfig = field(default_factory=SourcesConfig)


RETIRED = "accept-unverified"


def _invalid(field_name: str, problem: str, file: str = CONFIG, fix: str | None = None) -> UnityCliError:
    """The file and field, the edit a person makes as a manual step, and the command that reads the file again:
    the doctor's config check for the project's file, the dry-run sync (which reads both) for the user's."""
    check = "unitycli extensions doctor" if file == CONFIG else "unitycli extensions sync --dry-run"
    return UnityCliError("E_MANIFEST_INVALID", f"{file}: {field_name}: {problem}",
                         details={"file": file, "field": field_name, "problem": problem},
                         next_actions=[check], manual_steps=[fix or f"Fix {field_name} in {file}"])


def _read_toml(path: Path, file: str) -> dict[str, Any] | None:
    """A config file's TOML, or None when there is none. A malformed or unreadable file fails closed, and a
    FIFO or device in its place is refused rather than hanging every command (`safefs.read_bytes`)."""
    try:
        raw = read_bytes(path)
    except FileNotFoundError:
        return None
    except OSError as exc:
        raise _invalid("(file)", f"cannot be read: {exc}", file) from exc
    try:
        return tomlfile.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        raise _invalid("(toml)", str(exc), file) from None


def read_project_config(root: Path) -> ProjectConfig:
    """The project's config, or defaults when there is none. A malformed file fails closed."""
    data = _read_toml(root / CONFIG, CONFIG)
    if data is None:
        return ProjectConfig()
    if RETIRED in data:
        raise _invalid(RETIRED, "was removed: reads and edits of fields the files already hold run on any "
                       "present package version, and creating new objects needs proof (a verified version, the "
                       "package's source on disk or an Editor-written object of the class), so it grants nothing",
                       fix=f"Delete the [{RETIRED}] table from {CONFIG}")
    unknown = sorted(set(data) - {"extensions", "sources"})
    if unknown:
        raise _invalid(unknown[0], "unknown table (allowed: [extensions], [sources])")
    extensions = data.get("extensions", {})
    disabled = extensions.get("disabled", []) if isinstance(extensions, dict) else None
    if not isinstance(disabled, list) or not all(isinstance(x, str) for x in disabled):
        raise _invalid("extensions.disabled", "must be a list of extension ids")
    return ProjectConfig(tuple(disabled), parse_sources(data.get("sources", {}), CONFIG))


def parse_sources(table: object, file: str) -> SourcesConfig:
    """A `[sources]` table (of the project's config or the user's), errors naming `file`."""
    if not isinstance(table, dict):
        raise _invalid("sources", "must be a table", file)
    unknown = sorted(set(table) - {"wheelhouse", "extensions", "index"})
    if unknown:
        raise _invalid(f"sources.{unknown[0]}", "unknown key (allowed: wheelhouse, extensions, index)", file)
    wheelhouse = table.get("wheelhouse", [])
    if isinstance(wheelhouse, str):
        wheelhouse = [wheelhouse]
    if not isinstance(wheelhouse, list) or not all(isinstance(x, str) and x for x in wheelhouse):
        raise _invalid("sources.wheelhouse", "must be a folder or a list of folders", file)
    extensions = table.get("extensions")
    if extensions is not None and (not isinstance(extensions, str) or not extensions):
        raise _invalid("sources.extensions", "must be a folder", file)
    index = table.get("index", True)
    if not isinstance(index, bool):
        raise _invalid("sources.index", "must be true or false", file)
    return SourcesConfig(tuple(wheelhouse), extensions, index)


def read_user_sources(folder: Path) -> SourcesConfig:
    """`[sources]` of the user's own `config.toml` in `folder` (the user data directory): places the person
    chose, trusted like the command line. Folders in it are relative to `folder`. Defaults when it is absent."""
    path = folder / USER_CONFIG
    file = str(path)
    data = _read_toml(path, file)
    if data is None:
        return SourcesConfig()
    unknown = sorted(set(data) - {"sources"})
    if unknown:
        raise _invalid(unknown[0], "unknown table (allowed: [sources])", file)
    return parse_sources(data.get("sources", {}), file)
