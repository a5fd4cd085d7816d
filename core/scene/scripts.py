"""Every component of a given script in the project's scenes and prefabs, with its GameObject: what each package
extension needs first (all ProBuilderMesh, all CinemachineCamera, all Volume components ...).

The project index says which files reference the script GUID; each is opened through the tool's transaction
and its tree built, so GameObject paths are the scene tools' own. Files the index could not read (Git LFS pointers,
binary serialization) or that fail to open are listed with the reason, never silently skipped.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from unitycli.context import ToolContext
from unitycli.errors import UnityCliError
from unitycli.scene.files import OBJECT_FILE_SUFFIXES, open_for_read
from unitycli.scene.tree import SceneModel, SceneNode
from unitycli.unityclasses import MONOBEHAVIOUR
from unitycli.unityyaml import Document, Ref, UnityYamlFile


@dataclass
class ScriptComponent:
    """One MonoBehaviour of a wanted script, the GameObject that carries it and the file it is in."""

    file: str
    yaml: UnityYamlFile
    model: SceneModel
    node: SceneNode
    component: Document
    script_guid: str


@dataclass
class UnreadableFile:
    path: str
    reason: str
    code: str | None = None


@dataclass
class ScriptSearch:
    components: list[ScriptComponent] = field(default_factory=list)
    unreadable: list[UnreadableFile] = field(default_factory=list)


def script_guid_of(doc: Document) -> str | None:
    """The `m_Script` GUID of a MonoBehaviour document (None for other documents and stripped ones)."""
    if doc.class_id != MONOBEHAVIOUR or doc.stripped:
        return None
    script = doc.get("m_Script", None)
    return script.guid if isinstance(script, Ref) else None


def components_in(file: str, yaml: UnityYamlFile, guids: Iterable[str],
                  model: SceneModel | None = None) -> list[ScriptComponent]:
    """The components of the scripts `guids` in one file, in file order, each with its GameObject."""
    wanted = set(guids)
    model = model if model is not None else SceneModel(yaml)
    found: list[ScriptComponent] = []
    for doc in yaml.of_class(MONOBEHAVIOUR):
        if not any(g in doc.text for g in wanted):  # cheap text test before parsing the document
            continue
        guid = script_guid_of(doc)
        if guid not in wanted:
            continue
        owner = doc.get("m_GameObject", None)
        node = model.node_of_object(owner.file_id) if isinstance(owner, Ref) else None
        if node is not None:
            found.append(ScriptComponent(file, yaml, model, node, doc, guid))
    return found


def files_referencing(ctx: ToolContext, guids: Iterable[str]) -> tuple[list[str], list[UnreadableFile]]:
    """Scenes and prefabs under Assets/ that reference any of `guids` (from the index), and those it could not
    read, which may hold such components too."""
    from unitycli.indexes import ProjectIndex
    from unitycli.indexes.extract import ScanState

    paths: set[str] = set()
    unreadable: list[UnreadableFile] = []
    with ProjectIndex.open(ctx.project.root) as index:
        for guid in guids:
            paths.update(r.path for r in index.referrers(guid))
        for path, state in index.unscanned():
            if path.endswith(OBJECT_FILE_SUFFIXES) and path.startswith("Assets/"):
                unreadable.append(UnreadableFile(path, ScanState(state).name.lower().replace("_", "-")))
    keep = sorted(p for p in paths if p.endswith(OBJECT_FILE_SUFFIXES) and p.startswith("Assets/"))
    return keep, sorted(unreadable, key=lambda u: u.path)


def find_script_components(ctx: ToolContext, guids: Iterable[str], files: Iterable[str] | None = None) -> ScriptSearch:
    """Every component of the scripts `guids` in `files` (default: every scene and prefab that references them)."""
    wanted = list(dict.fromkeys(guids))
    search = ScriptSearch()
    if files is None:
        paths, search.unreadable = files_referencing(ctx, wanted)
    else:
        paths = list(files)
    for path in paths:
        try:
            loaded = open_for_read(ctx, path)
        except UnityCliError as exc:
            search.unreadable.append(UnreadableFile(path, exc.message, exc.code))
            continue
        search.components.extend(components_in(path, loaded.yaml, wanted))
    return search
