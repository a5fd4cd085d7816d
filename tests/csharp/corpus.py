"""The fixture documents the C# model is measured on: every MonoBehaviour/ScriptableObject document under a folder,
with its script's layout where the project has the script's source."""

from __future__ import annotations

import json
import os
import shutil
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from tests.fixturepaths import fixture_path
from unitycli.csharp import ClassLayout, SerializationModel
from unitycli.errors import UnityCliError
from unitycli.unityyaml import Document, Ref, UnityYamlFile

SUFFIXES = (".unity", ".prefab", ".asset")
CINEMACHINE = "com.unity.cinemachine/com.unity.cinemachine"


@dataclass
class ScriptDocument:
    key: str  # `<path under the folder>&<fileID>`
    file_text: str
    document: Document
    layout: ClassLayout | None  # None when the layout is unprovable (`error`)
    error: UnityCliError | None = None


def script_documents(project: Path, documents: Path) -> Iterator[ScriptDocument | str]:
    """Each script document with source under `documents`, and the key of each one without source (a str)."""
    model = SerializationModel(project)
    layouts: dict[str, ClassLayout] = {}
    for folder, dirs, files in os.walk(documents):
        dirs.sort()
        for name in sorted(f for f in files if f.endswith(SUFFIXES)):
            path = Path(folder, name)
            raw = path.read_bytes()
            yaml = UnityYamlFile.parse(raw, path.name)
            for doc in yaml.of_class(114):
                script = None if doc.stripped else doc.get("m_Script", None)
                if not isinstance(script, Ref) or not script.guid:
                    continue
                key = f"{path.relative_to(documents).as_posix()}&{doc.file_id}"
                if model.project.file_of_guid(script.guid) is None:
                    yield key
                    continue
                try:
                    layout = layouts.get(script.guid) or model.script_layout(script.guid)
                except UnityCliError as exc:
                    yield ScriptDocument(key, "", doc, None, exc)
                    continue
                layouts[script.guid] = layout
                yield ScriptDocument(key, raw.decode("utf-8"), doc, layout)


def cinemachine_project_with_input_system(tmp_path: Path) -> Path:
    """Projects/URP as the samples' authors had it: the same manifest plus com.unity.inputsystem, with the
    `file:` package path made absolute so the copy still finds the package runtime."""
    source = fixture_path("com.unity.cinemachine/Projects/URP")
    project = tmp_path / "URP"
    for part in ("Packages", "ProjectSettings"):
        shutil.copytree(source / part, project / part)
    (project / "Assets").mkdir()
    manifest = json.loads((project / "Packages/manifest.json").read_text())
    manifest["dependencies"]["com.unity.cinemachine"] = f"file:{fixture_path(CINEMACHINE)}"
    manifest["dependencies"]["com.unity.inputsystem"] = "1.7.0"
    (project / "Packages/manifest.json").write_text(json.dumps(manifest, indent=2))
    return project
