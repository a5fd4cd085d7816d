"""Where `extensions install <id>` and `sync` may take an extension from, and who chose each place.

- `repo`: a source folder `<extensions>/<id>/pyproject.toml` — `[sources] extensions` of the user's config, the
  `extensions/` folder of the unitycli checkout this code runs from, or `[sources] extensions` in the project's
  `.unitycli/config.toml` (which replaces the checkout's). Lock source `repo:extensions/<id>`.
- `wheelhouse`: a folder of built wheels, `[sources] wheelhouse` of the user's or the project's config.
- `pypi`: pip's index, only for extensions the catalog says are published (a pinned `version`), or a version a
  project lock names (which then needs approval).

Every place carries who chose it. The user's config, the command line and the unitycli checkout are the
person's choice; a place named by the repository (its config or a path in its lock) is the repository's, and
code from it is built only after a person approves it (`source_approvals`). Trusted places are searched first.
"""

from __future__ import annotations

import shlex
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

from unitycli.errors import UnityCliError
from unitycli.extension_manager import tomlfile
from unitycli.extension_manager.lock import INDEX_SOURCE, LEGACY_INDEX_SOURCE, REPO_PREFIX, WHEELHOUSE_SOURCE
from unitycli.host.catalog import Catalog
from unitycli.host.installed import normalise, same_name
from unitycli.project.root import Project

SourceKind = Literal["repo", "wheelhouse", "pypi", "path"]

USER = "user config"
COMMAND_LINE = "command line"
CHECKOUT = "unitycli checkout"
PROJECT_CONFIG = "project config"  # `[sources]` in .unitycli/config.toml
PROJECT_LOCK = "project lock"      # a path written in .unitycli/extensions.toml
_UNTRUSTED = (PROJECT_CONFIG, PROJECT_LOCK)


@dataclass(frozen=True)
class Place:
    """A folder or wheel extensions may come from, and who named it."""

    path: Path
    chosen_by: str

    @property
    def trusted(self) -> bool:
        """Whether a person chose it (their config, the command line, the unitycli they run), not a repository."""
        return self.chosen_by not in _UNTRUSTED


def checkout_extensions_dir() -> Path | None:
    """The `extensions/` folder of the unitycli source checkout this code runs from (an editable install), if any."""
    import unitycli

    root = Path(unitycli.__file__).resolve().parent.parent
    try:
        name = tomlfile.read(root / "pyproject.toml")["project"]["name"]
    except (OSError, KeyError, TypeError, ValueError):
        return None
    folder = root / "extensions"
    return folder if name == "unitycli" and folder.is_dir() else None


@dataclass
class Sources:
    """The places `install <id>` and `sync` may take an extension from, trusted ones first in each kind."""

    wheelhouses: list[Place] = field(default_factory=list)
    extension_dirs: list[Place] = field(default_factory=list)
    index: bool = True
    # `--index-url` on the command line: the person's own index, where pip resolves any extension by name (the
    # catalog's pinned version is not required). Never recorded in the lock.
    index_url: str | None = None

    def with_command_line(self, find_links: tuple[str, ...] = (), index_url: str | None = None) -> Sources:
        """`--find-links DIR` (wheelhouses searched first) and `--index-url URL`, both the person's choice."""
        places = [Place(Path(folder).expanduser().resolve(), COMMAND_LINE) for folder in find_links]
        return Sources(wheelhouses=[*places, *self.wheelhouses], extension_dirs=self.extension_dirs,
                       index=self.index or index_url is not None, index_url=index_url or self.index_url)

    @classmethod
    def for_project(cls, project: Project | None) -> Sources:
        from unitycli.extension_manager.config import read_project_config, read_user_sources
        from unitycli.project.userdata import user_data_dir

        home = user_data_dir()
        user = read_user_sources(home)
        wheelhouses = [Place(p, USER) for p in user.wheelhouse_dirs(home)]
        dirs = [Place(p, USER) for p in [user.extensions_dir(home)] if p is not None]
        index = user.index
        project_dir = None
        if project is not None:
            config = read_project_config(project.root).sources
            wheelhouses += [Place(p, PROJECT_CONFIG) for p in config.wheelhouse_dirs(project.root)]
            project_dir = config.extensions_dir(project.root)
            index = index and config.index
        checkout = checkout_extensions_dir()
        if project_dir is not None:
            dirs.append(Place(project_dir, PROJECT_CONFIG))  # the project's folder replaces the checkout's
        elif checkout is not None:
            dirs.append(Place(checkout, CHECKOUT))
        return cls(wheelhouses, dirs, index)

    def describe(self) -> dict[str, object]:
        return {"extensions": [f"{p.path} ({p.chosen_by})" for p in self.extension_dirs],
                "wheelhouse": [f"{p.path} ({p.chosen_by})" for p in self.wheelhouses], "index": self.index}

    def only(self, kind: str) -> Sources:
        """`--source repo|wheelhouse|pypi`: just that one kind."""
        return Sources(wheelhouses=self.wheelhouses if kind == "wheelhouse" else [],
                       extension_dirs=self.extension_dirs if kind == "repo" else [],
                       index=self.index and kind == "pypi", index_url=self.index_url if kind == "pypi" else None)


@dataclass
class Candidate:
    kind: SourceKind
    distribution: str
    version: str | None
    location: Path | None  # a source folder or a wheel (repo, path), a wheelhouse folder, None for the index
    source: str  # the portable lock value
    chosen_by: str = CHECKOUT  # who named the place (Place.chosen_by); the index is chosen by the catalog or lock

    @property
    def trusted_place(self) -> bool:
        return self.chosen_by not in _UNTRUSTED


def pyproject_name_version(folder: Path) -> tuple[str, str | None] | None:
    try:
        project = tomlfile.read(folder / "pyproject.toml")["project"]
        name = project["name"]
    except (OSError, KeyError, TypeError, ValueError):  # TOMLDecodeError and UnicodeDecodeError are ValueErrors
        return None
    version = project.get("version")
    return str(name), (str(version) if isinstance(version, str) else None)


def repo_folders(place: Place) -> dict[str, tuple[Path, str | None]]:
    """Normalised distribution name -> (source folder, static version) for every extension folder in `place`."""
    found: dict[str, tuple[Path, str | None]] = {}
    if not place.path.is_dir():
        return found
    for child in sorted(place.path.iterdir()):
        meta = pyproject_name_version(child) if child.is_dir() else None
        if meta is not None:
            found.setdefault(normalise(meta[0]), (child, meta[1]))
    return found


def in_any_repo(sources: Sources, distribution_name: str) -> bool:
    return any(normalise(distribution_name) in repo_folders(place) for place in sources.extension_dirs)


def wheel_name_version(path: Path) -> tuple[str, str] | None:
    parts = path.name[:-len(".whl")].split("-") if path.name.endswith(".whl") else []
    return (normalise(parts[0]), parts[1]) if len(parts) >= 5 else None


def wheels_of(folder: Path, name: str, version: str) -> list[Path]:
    """The wheels of `name` at `version` in a wheelhouse folder (pip picks one of them by tag)."""
    from packaging.version import InvalidVersion, Version

    found = []
    for wheel in sorted(folder.glob("*.whl")) if folder.is_dir() else []:
        parsed = wheel_name_version(wheel)
        try:
            if parsed is not None and parsed[0] == normalise(name) and Version(parsed[1]) == Version(version):
                found.append(wheel)
        except InvalidVersion:
            continue
    return found


def wheel_in(places: list[Place], name: str, version: str | None) -> tuple[Place, str] | None:
    """(wheelhouse, version) holding a wheel of `name` (that version, else the newest), or None."""
    from packaging.version import InvalidVersion, Version

    best: tuple[Version, Place, str] | None = None
    for place in places:
        if not place.path.is_dir():
            continue
        for wheel in place.path.glob("*.whl"):
            parsed = wheel_name_version(wheel)
            if parsed is None or parsed[0] != normalise(name):
                continue
            try:
                found = Version(parsed[1])
            except InvalidVersion:
                continue
            if version is not None:
                if found == Version(version):
                    return place, parsed[1]
                continue
            if best is None or found > best[0]:
                best = (found, place, parsed[1])
    return (best[1], best[2]) if best else None


def locate(ext_id: str, distribution_name: str, version: str | None, sources: Sources, catalog: Catalog,
           prefer: str | None = None) -> tuple[Candidate | None, list[str]]:
    """Where `distribution_name` (at `version`, when given) can be installed from, and what was searched.

    `prefer` is a lock source: its kind is tried first. The index is used only for a published catalog
    extension (or a lock that says `pypi` and pins a version)."""
    searched: list[str] = []
    manifest = catalog.get(ext_id)
    published = manifest.version if manifest is not None and same_name(manifest.distribution, distribution_name) \
        else None

    def from_repo() -> Candidate | None:
        if not sources.extension_dirs:
            searched.append("repo: no unitycli checkout and no [sources] extensions configured")
            return None
        for place in sources.extension_dirs:
            hit = repo_folders(place).get(normalise(distribution_name))
            if hit is None:
                searched.append(f"repo: {place.path} has no {distribution_name} folder")
                continue
            folder, found = hit
            if version is not None and found is not None and found != version:
                searched.append(f"repo: {folder} is {distribution_name} {found}, not {version}")
                continue
            return Candidate("repo", distribution_name, found or version, folder,
                             REPO_PREFIX + folder.relative_to(place.path).as_posix(), place.chosen_by)
        return None

    def from_wheelhouse() -> Candidate | None:
        if not sources.wheelhouses:
            searched.append("wheelhouse: none configured ([sources] wheelhouse in .unitycli/config.toml)")
            return None
        hit = wheel_in(sources.wheelhouses, distribution_name, version)
        if hit is None:
            searched.append("wheelhouse: no " + distribution_name.replace("-", "_") + (f"-{version}" if version else "")
                            + "-*.whl in " + ", ".join(str(p.path) for p in sources.wheelhouses))
            return None
        return Candidate("wheelhouse", distribution_name, hit[1], hit[0].path, WHEELHOUSE_SOURCE, hit[0].chosen_by)

    def from_index() -> Candidate | None:
        pinned = published or (version if prefer in (INDEX_SOURCE, LEGACY_INDEX_SOURCE) else None)
        if not sources.index:
            searched.append("pypi: disabled ([sources] index = false)")
            return None
        if sources.index_url is not None:  # the person's index: pip resolves the name (the lock's version if any)
            return Candidate("pypi", distribution_name, version, None, INDEX_SOURCE, COMMAND_LINE)
        if not pinned:
            searched.append(f"pypi: {distribution_name} is not published (the catalog pins no released version)")
            return None
        if version is not None and pinned != version:
            searched.append(f"pypi: the catalog pins {distribution_name} {pinned}, not {version}")
            return None
        return Candidate("pypi", distribution_name, pinned, None, INDEX_SOURCE,
                         "catalog" if published == pinned else PROJECT_LOCK)

    order = [from_wheelhouse, from_repo, from_index]
    if prefer and prefer.startswith(REPO_PREFIX):
        order = [from_repo, from_wheelhouse, from_index]
    elif prefer in (INDEX_SOURCE, LEGACY_INDEX_SOURCE):
        order = [from_index, from_wheelhouse, from_repo]
    for attempt in order:
        candidate = attempt()
        if candidate is not None:
            return candidate, searched
    return None, searched


def not_found(ext_id: str, distribution_name: str, version: str | None, searched: list[str],
              published: bool | None, project: Project | None) -> UnityCliError:
    wheel = distribution_name.replace("-", "_") + (f"-{version}" if version else "") + "-*.whl"
    where = f" --project {shlex.quote(str(project.root))}" if project is not None else ""
    details: dict[str, object] = {"id": ext_id, "distribution": distribution_name}
    if version:
        details["version"] = version
    if published is not None:
        details["published"] = published
    details["searched"] = searched
    return UnityCliError(
        "E_EXTENSION_NOT_FOUND",
        f"no configured source has {distribution_name}" + (f" {version}" if version else "")
        + (" (it is in the catalog but not published)" if published is False else "") + ": " + "; ".join(searched),
        details=details,
        next_actions=[f"unitycli extensions install {ext_id} --find-links <folder holding {wheel}>{where}",
                      f"unitycli extensions install {ext_id} --index-url <your package index URL>{where}",
                      f"unitycli extensions install <folder-or-wheel-of-{distribution_name}>{where}",
                      "unitycli extensions list" + where],
        manual_steps=[f'Or add [sources] wheelhouse = "<folder holding {wheel}>" to .unitycli/config.toml'])
