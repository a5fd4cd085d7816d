"""Compare the serialized layouts a Unity package's classes have at each of its released versions.

Usage: python scripts/package_layouts.py <git dir of a package mirror> --extension cinemachine --reference 2.9.7
       [--since 2.6.0] [--before 3.0.0] [--editor 2022.3.17f1] [--package-dir .] [--menu Editor/Menus/X.cs]

The mirror is one commit per published version, tagged with the version (needle-mirror/<package> on GitHub: each
tag is the registry tarball). For every stable tag in [since, before) the package is unpacked into a throw-away
Unity project (embedded under `Packages/<name>`), and unitycli's own C# model (`unitycli.csharp`, the same rules
the tools prove layouts with) gives each class's serialized fields: names and nesting, kinds, types and the
defaults the source proves. A class is named by its script GUID, from the extension's `KNOWN_SCRIPTS`, so the
classes compared are exactly the ones the tools address. Each version is printed with the commit of its tag, its
package.json `unity`, and the classes whose layout or defaults differ from `--reference` (none: the version has
the reference's layout). Optional `--menu` files are compared byte for byte (the Editor menus that presets copy).

The output is Markdown rows for `manifests/<extension>.evidence.md`; nothing from the package is copied.
"""

from __future__ import annotations

import argparse
import hashlib
import importlib
import io
import json
import re
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

_STABLE = re.compile(r"^(\d+)\.(\d+)\.(\d+)$")


def _git(repo: Path, *args: str) -> bytes:
    return subprocess.run(["git", f"--git-dir={repo}", *args], check=True, capture_output=True).stdout


def _key(version: str) -> tuple[int, ...]:
    m = _STABLE.match(version)
    return tuple(int(x) for x in m.groups()) if m else (-1,)


def stable_tags(repo: Path, since: str, before: str) -> list[str]:
    tags = [t for t in _git(repo, "tag").decode().split() if _STABLE.match(t)]
    return sorted((t for t in tags if _key(since) <= _key(t) < _key(before)), key=_key)


_NEEDED = (".cs", ".cs.meta", ".asmdef", ".asmref", "package.json")  # all the C# model reads of a package


def unpack(repo: Path, tag: str, package_dir: str, into: Path) -> None:
    """The tag's sources, asmdefs and package.json into `into`, read blob by blob (works on a bare mirror whose
    large binary files are absent)."""
    prefix = "" if package_dir == "." else package_dir.rstrip("/") + "/"
    listing = _git(repo, "ls-tree", "-r", "-z", tag, *([prefix] if prefix else [])).decode().split("\0")
    wanted = []
    for line in filter(None, listing):
        meta, path = line.split("\t", 1)
        if path.endswith(_NEEDED) and path.startswith(prefix):
            wanted.append((meta.split()[2], path[len(prefix):]))
    batch = subprocess.run(["git", f"--git-dir={repo}", "cat-file", "--batch"], check=True, capture_output=True,
                           input="".join(f"{sha}\n" for sha, _ in wanted).encode()).stdout
    stream = io.BytesIO(batch)
    for _, relative in wanted:
        size = int(stream.readline().split()[2])
        target = into / relative
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(stream.read(size))
        stream.read(1)


def _field_shape(field: Any) -> list[Any]:
    """What a document written by the version shows of one field: its key, kind, type, default and nesting."""
    from unitycli.csharp.model import UNPROVEN

    default = "<unproven>" if field.default is UNPROVEN else repr(field.default)
    shape: list[Any] = [field.name, field.kind, field.type_name, default]
    if field.fields:
        shape.append([_field_shape(f) for f in field.fields])
    if field.element is not None:
        shape.append(["element", _field_shape(field.element)])
    return shape


def class_shapes(project: Path, guids: dict[str, str]) -> dict[str, tuple[str, str] | str]:
    """Per class name: (layout hash, defaults hash), or why it has none at this version."""
    from unitycli.csharp.model import SerializationModel
    from unitycli.errors import UnityCliError

    model = SerializationModel(project)
    out: dict[str, tuple[str, str] | str] = {}
    for guid, name in guids.items():
        try:
            layout = model.script_layout(guid)
        except UnityCliError as exc:
            out[name] = f"absent ({exc.code})"
            continue
        shapes = [_field_shape(f) for f in layout.fields]
        without_defaults = json.loads(json.dumps(shapes))
        _strip_defaults(without_defaults)
        out[name] = (hashlib.sha256(json.dumps(without_defaults).encode()).hexdigest()[:16],
                     hashlib.sha256(json.dumps(shapes).encode()).hexdigest()[:16])
    return out


def _strip_defaults(shape: list[Any]) -> None:
    for entry in shape:
        entry[3] = None
        for rest in entry[4:]:
            if rest and rest[0] == "element":
                _strip_defaults([rest[1]])
            else:
                _strip_defaults(rest)


def build_project(root: Path, package: str, editor: str) -> Path:
    (root / "ProjectSettings").mkdir(parents=True)
    (root / "ProjectSettings/ProjectVersion.txt").write_text(f"m_EditorVersion: {editor}\n")
    (root / "Packages").mkdir()
    # The built-in modules a package's asmdef `versionDefines` test (CINEMACHINE_PHYSICS, …): present, as in a
    # default new project, so the classes behind them are compared too.
    modules = {f"com.unity.modules.{m}": "1.0.0" for m in ("physics", "physics2d", "animation", "imgui", "ui")}
    (root / "Packages/manifest.json").write_text(json.dumps({"dependencies": modules}))
    (root / "Assets").mkdir()
    return root / "Packages" / package


def compare(repo: Path, extension: str, reference: str, since: str, before: str, editor: str, package_dir: str,
            menus: list[str]) -> list[str]:
    known = importlib.import_module(f"unitycli_{extension}.scripts")
    scripts = {s.guid: s.cm2_name or s.cm3_name for s in known._SCRIPTS}
    versions = stable_tags(repo, since, before)
    if reference not in versions:
        versions.append(reference)
    results: dict[str, dict[str, Any]] = {}
    for version in versions:
        with tempfile.TemporaryDirectory() as tmp:
            inside = "" if package_dir == "." else package_dir.rstrip("/") + "/"
            manifest = json.loads(_git(repo, "show", f"{version}:{inside}package.json"))
            folder = build_project(Path(tmp), manifest["name"], editor)
            unpack(repo, version, package_dir, folder)
            results[version] = {
                "commit": _git(repo, "rev-list", "-n1", version).decode().strip(),
                "unity": manifest.get("unity", "?"),
                "classes": class_shapes(Path(tmp), scripts),
                "menus": {m: hashlib.sha256((folder / m).read_bytes()).hexdigest()[:16] if (folder / m).exists()
                          else "absent" for m in menus},
            }
    ref = results[reference]
    rows = []
    for version in sorted(results, key=_key):
        got = results[version]
        layout = [n for n, v in got["classes"].items() if not isinstance(v, tuple) or not isinstance(
            ref["classes"][n], tuple) or v[0] != ref["classes"][n][0]]
        layout = [n for n in layout if got["classes"][n] != ref["classes"][n]]
        defaults = [n for n, v in got["classes"].items() if n not in layout and v != ref["classes"][n]]
        menus_differ = [m for m in menus if got["menus"][m] != ref["menus"][m]]
        verdict = "same as " + reference if not (layout or defaults or menus_differ) else "differs"
        rows.append(f"| {version} | `{got['commit'][:8]}` | {got['unity']} | {verdict} | "
                    f"{', '.join(layout) or '—'} | {', '.join(defaults) or '—'} | "
                    f"{', '.join(Path(m).name for m in menus_differ) or '—'} |")
    return rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("repo", type=Path)
    parser.add_argument("--extension", required=True)
    parser.add_argument("--reference", required=True)
    parser.add_argument("--since", default="0.0.0")
    parser.add_argument("--before", default="999.0.0")
    parser.add_argument("--editor", default="2022.3.17f1")
    parser.add_argument("--package-dir", default=".")
    parser.add_argument("--menu", action="append", default=[])
    args = parser.parse_args(argv)
    repo = args.repo / ".git" if (args.repo / ".git").exists() else args.repo
    print("| version | tag commit | package.json `unity` | verdict | layout differs | defaults differ | menu differs |")
    print("|---|---|---|---|---|---|---|")
    for row in compare(repo, args.extension, args.reference, args.since, args.before, args.editor,
                       args.package_dir, args.menu):
        print(row)
    return 0


if __name__ == "__main__":
    sys.exit(main())
