"""Extensions a repository chooses are installed only after a person approves them, like project tools.

A fresh clone can name an extension (its lock) and where to get it (its `[sources]`, or a path in its lock);
building and installing that would run its code, and afterwards in every unitycli call on any project, since
entry points are global. The lock's digest cannot help: the same repository supplies it. So an install needs an
approval when the place was chosen by the project (not the user's config, the command line or the unitycli
checkout) or when the lock names a distribution that is not the catalog's for that id.

An approval (`extensions approve <id>`) records what the person was shown — id, distribution, version, where
from, who chose it, and the sha256 of the exact source files or wheels — in the user data directory, keyed by
the project. The install copies those files to a private folder first, hashes the copy and builds from it, so
what is installed is what was approved; anything else is `E_EXTENSION_SOURCE_UNAPPROVED` before anything is
built. Nothing is imported to check it.
"""

from __future__ import annotations

import hashlib
import os
import shlex
import shutil
import stat
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field
from pydantic.alias_generators import to_camel

from unitycli.errors import UnityCliError
from unitycli.extension_manager.sources import Candidate, wheels_of
from unitycli.host.catalog import Catalog
from unitycli.host.installed import same_name
from unitycli.project.root import Project
from unitycli.project.userdata import JsonStore
from unitycli.safefs import LinkRefusedError, SpecialFileError, read_bytes

_STORE = JsonStore("extension-approvals.json", "projects")
_SKIP = {"build", "dist", "__pycache__", ".git"}
MAX_FILES = 10_000


class SourceOffer(BaseModel):
    """What a person approves: one extension, its exact content and where it comes from."""

    model_config = ConfigDict(alias_generator=to_camel, populate_by_name=True)

    id: str
    distribution: str
    version: str | None
    kind: str
    location: str = Field(description="The folder or wheelhouse it is built or installed from, or `pypi`")
    chosen_by: str = Field(description="Who named that place: project config, project lock, ...")
    digest: str | None = Field(description="sha256 over the exact files installed (None for the index)")
    files: int = 0
    reasons: list[str] = Field(default_factory=list)

    def matches(self, record: dict[str, Any]) -> bool:
        return (same_name(record.get("distribution"), self.distribution) and record.get("version") == self.version
                and record.get("location") == self.location and record.get("digest") == self.digest)


def approval_reasons(ext_id: str, candidate: Candidate, catalog: Catalog, named_by_person: bool) -> list[str]:
    """Why installing `candidate` needs a person's approval; [] when it does not."""
    reasons = []
    if not candidate.trusted_place:
        where = str(candidate.location) if candidate.location is not None else "pip's index"
        reasons.append(f"the {candidate.chosen_by} chose {where}")
    manifest = catalog.get(ext_id)
    if not named_by_person and not (manifest is not None and same_name(manifest.distribution, candidate.distribution)):
        reasons.append(f"the project lock names {candidate.distribution} as {ext_id!r}, which is not unitycli's "
                       "catalog extension of that id")
    return reasons


class SourceApprovalResult(BaseModel):
    model_config = ConfigDict(alias_generator=to_camel, populate_by_name=True)

    project: str
    approved: list[SourceOffer]
    not_needed: list[str] = Field(default_factory=list, description="Lock entries that need no approval: the "
                                                                    "catalog's extension from a place you chose")


# --- the exact content: hashed and copied in one read --------------------------------------------------------------

def _refuse(path: Path, problem: str) -> UnityCliError:
    return UnityCliError("E_PATH_OUTSIDE_PROJECT", f"{path} {problem}; a source to approve holds only regular files "
                         "and folders", details={"path": str(path), "problem": problem},
                         next_actions=["unitycli extensions sync --dry-run"])


def _source_files(folder: Path) -> list[Path]:
    """Regular files of a source folder, in a stable order, without following links (a link is refused)."""
    found: list[Path] = []
    stack = [folder]
    while stack:
        current = stack.pop()
        try:
            entries = sorted(os.scandir(current), key=lambda e: e.name)
        except OSError as exc:
            raise _refuse(current, f"cannot be listed ({exc.strerror})") from None
        for entry in entries:
            path = Path(entry.path)
            try:
                mode = entry.stat(follow_symlinks=False).st_mode
            except OSError as exc:
                raise _refuse(path, f"cannot be read ({exc.strerror})") from None
            if stat.S_ISLNK(mode):
                raise _refuse(path, "is a link")
            if stat.S_ISDIR(mode):
                if entry.name not in _SKIP and not entry.name.endswith(".egg-info"):
                    stack.append(path)
            elif stat.S_ISREG(mode):
                if not entry.name.endswith(".pyc"):
                    found.append(path)
            else:
                raise _refuse(path, "is not a regular file")
            if len(found) > MAX_FILES:
                raise _refuse(folder, f"holds more than {MAX_FILES} files")
    return sorted(found)


def _read(path: Path) -> bytes:
    """A file's bytes, never following a link at the last step and never blocking on a FIFO (`safefs`)."""
    try:
        return read_bytes(path, nofollow=True)
    except LinkRefusedError:
        raise _refuse(path, "is a link") from None
    except (SpecialFileError, IsADirectoryError):
        raise _refuse(path, "is not a regular file") from None
    except OSError as exc:
        raise _refuse(path, f"cannot be read ({exc.strerror})") from None


def content(candidate: Candidate, copy_to: Path | None = None) -> tuple[str | None, int]:
    """(sha256 over the files that would be installed, their count); with `copy_to`, those very bytes are also
    written there (a source folder as `copy_to/<name>`, wheels into `copy_to`), to build and install from."""
    location = candidate.location
    if location is None:
        return None, 0
    digest = hashlib.sha256()
    if candidate.kind == "wheelhouse":
        files = [(w, w.name) for w in wheels_of(location, candidate.distribution, candidate.version or "")]
    elif location.suffix == ".whl":
        files = [(location, location.name)]
    else:
        files = [(f, f"{location.name}/{f.relative_to(location).as_posix()}") for f in _source_files(location)]
    for path, name in files:
        data = _read(path)
        digest.update(name.encode("utf-8") + b"\0" + hashlib.sha256(data).digest())
        if copy_to is not None:
            target = copy_to / name
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(data)
    return "sha256:" + digest.hexdigest(), len(files)


def offer_for(ext_id: str, candidate: Candidate, reasons: list[str]) -> SourceOffer:
    digest, count = content(candidate)
    return SourceOffer(id=ext_id, distribution=candidate.distribution, version=candidate.version,
                       kind=candidate.kind, location=str(candidate.location) if candidate.location else "pypi",
                       chosen_by=candidate.chosen_by, digest=digest, files=count, reasons=reasons)


# --- approvals --------------------------------------------------------------------------------------------------

def approvals_for(project: Project) -> dict[str, dict[str, Any]]:
    return dict(_STORE.read().get(project.instance_id, {}))


def approve(project: Project, offer: SourceOffer) -> None:
    record = {**offer.model_dump(include={"distribution", "version", "kind", "location", "digest"}),
              "chosenBy": offer.chosen_by, "approvedAt": datetime.now(UTC).isoformat(timespec="seconds"),
              "projectRoot": str(project.root)}

    def change(data: dict[str, Any]) -> None:
        data.setdefault(project.instance_id, {})[offer.id] = record

    _STORE.update(change)


def approve_command(project: Project, ids: list[str]) -> str:
    return f"unitycli extensions approve {' '.join(map(shlex.quote, ids))} --project {shlex.quote(str(project.root))}"


def unapproved_error(project: Project, offers: list[SourceOffer]) -> UnityCliError:
    first = offers[0]
    return UnityCliError(
        "E_EXTENSION_SOURCE_UNAPPROVED",
        f"{len(offers)} extension install(s) chosen by the project need your approval; nothing was built or "
        f"installed: {first.distribution} {first.version or ''} from {first.location} ({'; '.join(first.reasons)})",
        details={"offers": [o.model_dump(by_alias=True) for o in offers]},
        next_actions=[approve_command(project, [o.id for o in offers]),
                      f"unitycli extensions sync --dry-run --project {shlex.quote(str(project.root))}"])


def snapshot(candidate: Candidate, offer: SourceOffer, project: Project, scratch: Path) -> Candidate:
    """The approved content copied to `scratch` (hashed as it is copied) as a candidate to build and install
    from; E_EXTENSION_SOURCE_UNAPPROVED when it is not what was approved."""
    folder = scratch / "approved"
    folder.mkdir()
    digest, _count = content(candidate, folder)
    current = offer.model_copy(update={"digest": digest})
    if not current.matches(approvals_for(project).get(offer.id) or {}):
        shutil.rmtree(folder, ignore_errors=True)
        raise unapproved_error(project, [current])
    if candidate.location is None:
        return candidate
    if candidate.kind == "wheelhouse":
        return Candidate("wheelhouse", candidate.distribution, candidate.version, folder, candidate.source,
                         candidate.chosen_by)
    moved = folder / candidate.location.name
    return Candidate(candidate.kind, candidate.distribution, candidate.version, moved, candidate.source,
                     candidate.chosen_by)
