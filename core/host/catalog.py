"""The core's extension catalog: every known extension's manifest, shipped inside the core distribution.

`unitycli/catalog/<id>.toml` are symlinks into the repository's `manifests/` in git and real files in a wheel,
so `init` can map a project's Unity packages to extensions that are not installed yet.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from importlib.resources import files

from unitycli.errors import UnityCliError
from unitycli.host.installed import normalise
from unitycli.host.manifest import ExtensionManifest, parse_manifest


@dataclass
class Catalog:
    manifests: dict[str, ExtensionManifest] = field(default_factory=dict)
    errors: list[UnityCliError] = field(default_factory=list)  # catalog files that did not validate

    def get(self, extension_id: str) -> ExtensionManifest | None:
        return self.manifests.get(extension_id)

    def by_distribution(self, distribution: str | None) -> ExtensionManifest | None:
        wanted = normalise(distribution or "")
        return next((m for m in self.manifests.values() if normalise(m.distribution) == wanted), None)


def load_catalog() -> Catalog:
    """Read every catalog manifest; a malformed one is recorded (doctor reports it), the rest still count."""
    catalog = Catalog()
    folder = files("unitycli") / "catalog"
    if not folder.is_dir():
        return catalog
    for entry in sorted(folder.iterdir(), key=lambda e: e.name):
        if not entry.name.endswith(".toml"):
            continue
        source = f"unitycli/catalog/{entry.name}"
        try:
            manifest = parse_manifest(entry.read_text(encoding="utf-8"), source)
        except UnityCliError as exc:
            catalog.errors.append(exc)
            continue
        except OSError as exc:  # a dangling symlink in a broken checkout
            catalog.errors.append(UnityCliError("E_MANIFEST_INVALID", f"{source}: cannot be read: {exc}",
                                                details={"file": source, "field": "(file)", "problem": str(exc)}))
            continue
        if entry.name != f"{manifest.id}.toml":
            catalog.errors.append(UnityCliError(
                "E_MANIFEST_INVALID", f"{source}: id {manifest.id!r} does not match the file name",
                details={"file": source, "field": "id", "problem": "file name must be <id>.toml"}))
            continue
        catalog.manifests[manifest.id] = manifest
    return catalog
