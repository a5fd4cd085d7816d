"""Object references named the way a person names them: a GameObject path in the same file (`Player/Hat`, or
`Player/Hat:Rigidbody` for one of its components), an asset path (`Assets/UI/stars.png:2-stars` for a sub-asset)
or an asset GUID, resolved to the `{fileID, guid, type}` Unity writes.

Only fileIDs something proves are written: a same-file object's own header; a native asset's main object from
its `.meta` (`mainObjectFileID`, else the `classID * 100000` document) and its sub-assets from the documents of
the file (`m_Name`), all with `type: 2` (`{fileID: 11400000, ..., type: 2}` for the renderers in chicken-defense's URP-HighFidelity.asset); a
prefab's root GameObject and its components from the prefab file, `type: 3`; a script's MonoScript
`11500000`; a texture's Texture2D `2800000` (what material.set writes), a single sprite's `21300000` (minigolf's
Main Menu Image `m_Sprite` on `Power Triangle.png`, `spriteMode: 1`) and a sheet's sprites by their `internalID`
in the `.meta` (minigolf `rating-stars-3.png.meta`); anything else an importer records by name in the `.meta`
(`internalIDToNameTable`, `fileIDToRecycleName`). A prefab instance's object in a scene is its stripped document
(`m_CorrespondingSourceObject`), when the file has one. Everything else is `E_REFERENCE_UNPROVEN`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from unitycli.context import ToolContext
from unitycli.errors import UnityCliError
from unitycli.next_actions import NextAction, describe_command, respelled_call
from unitycli.plugins.scenes.common import Names
from unitycli.plugins.scenes.prefab_sources import SourcePrefabs
from unitycli.plugins.scripts.vocabulary import REFERENCE_FORMS
from unitycli.scene import SceneModel, SceneNode, components_of, find_component, find_gameobject
from unitycli.scene.tree import local_file_id
from unitycli.typetree.table import bases_of
from unitycli.unityfiles import MetaFile
from unitycli.unityyaml import Document, Ref, UnityYamlFile

if TYPE_CHECKING:
    from unitycli.indexes import ProjectIndex

_GUID = re.compile(r"^[0-9a-fA-F]{32}$")
_ASSET_ROOTS = ("Assets/", "Packages/")
NATIVE_ASSET_TYPE = 2  # `{fileID: 11400000, guid: ..., type: 2}`: an asset stored in Unity's own format
IMPORTED_ASSET_TYPE = 3  # `{fileID: 100100000, ...}` prefabs, `{fileID: 11500000, ...}` scripts, textures
MONOSCRIPT_FILE_ID = 11500000  # every `m_Script` in the fixtures
TEXTURE2D_FILE_ID = 2800000
SINGLE_SPRITE_FILE_ID = 21300000

@dataclass(frozen=True)
class Resolved:
    """The reference to write, what it points at in words (for the answer), and, where the file shows it, the
    object's class (`Texture2D`, `GameObject`, `MonoBehaviour`...) and script GUID, to check against the field."""

    ref: Ref
    target: str
    class_name: str | None = None
    script: str | None = None


def _of(ref: Ref, target: str, doc: Document | None) -> Resolved:
    """A resolved object whose document is at hand: its class and script come from it."""
    if doc is None:
        return Resolved(ref, target)
    script = doc.get("m_Script", None, scan=True) if doc.class_id == 114 and not doc.stripped else None
    return Resolved(ref, target, doc.class_name if not doc.stripped else None,
                    script.guid if isinstance(script, Ref) else None)


def unresolved(text: str, why: str, details: dict[str, Any] | None = None,
               next_actions: list[NextAction] | None = None) -> UnityCliError:
    return UnityCliError("E_REFERENCE_UNRESOLVED", f"{text!r} names no object to reference: {why}",
                         details={"reference": text, "forms": REFERENCE_FORMS, **(details or {})},
                         next_actions=next_actions or [])


def unproven(text: str, why: str, details: dict[str, Any] | None = None) -> UnityCliError:
    return UnityCliError("E_REFERENCE_UNPROVEN", f"{text!r}: {why}; nothing was written (pass the reference as {{fileID, guid, type}} "
                         "copied from an Editor-written file that references the same object)",
                         details={"reference": text, **(details or {})},
                         next_actions=[describe_command("asset.references")])


class ReferenceResolver:
    """Resolves reference names for one file being edited (`model` is None for a ScriptableObject asset, which
    has no GameObjects; its own sub-assets are named by fileID)."""

    def __init__(self, ctx: ToolContext, names: Names, file: UnityYamlFile, model: SceneModel | None) -> None:
        self.ctx = ctx
        self.names = names
        self.file = file
        self.model = model
        self.prefabs = SourcePrefabs(ctx, names)
        self._opened: ProjectIndex | None = None

    def close(self) -> None:
        if self._opened is not None:
            self._opened.close()

    def resolve(self, text: str, want: str | None = None) -> Resolved:
        """`text` as a reference; `want` is the class the field holds (`Transform`, `GameObject`, a script class)
        when known, which picks the component of a named GameObject the way the Inspector does."""
        if _GUID.match(text):
            return self._asset_by_guid(text.lower(), None, text, want)
        if text.startswith(_ASSET_ROOTS):
            return self._asset_by_path(text, want)
        if self.model is None:
            return self._own_object(text)
        return self._scene_object(text, want)

    # --- the same file ---------------------------------------------------------------------------------------
    def _own_object(self, text: str) -> Resolved:
        if re.fullmatch(r"-?[0-9]+", text) and self.file.find(int(text)) is not None:
            doc = self.file.get(int(text))
            return _of(Ref(doc.file_id), f"{doc.class_name} &{doc.file_id}", doc)
        raise unresolved(text, f"{self.file.name} has no object with that fileID, and it is not an asset path "
                         "(Assets/..., Packages/...) or a GUID", {"file": self.file.name})

    def _scene_object(self, text: str, want: str | None) -> Resolved:
        assert self.model is not None
        try:
            node = find_gameobject(self.model, text)
            component = _component_class(want)
        except UnityCliError as exc:
            if exc.code != "E_GAMEOBJECT_NOT_FOUND" or ":" not in text:
                raise
            path, component = text.rsplit(":", 1)
            node = find_gameobject(self.model, path)
        if node.is_instance:
            return self._instance_object(node, component, text)
        if component is None:
            return Resolved(Ref(node.file_id), f"GameObject {node.path!r} (&{node.file_id})", "GameObject")
        try:
            comp = find_component(self.model, node, component, self.names)
        except UnityCliError as exc:
            if exc.code not in ("E_COMPONENT_NOT_FOUND", "E_COMPONENT_AMBIGUOUS"):
                raise
            listed = [{"name": f"{node.path}:{c.file_id}", "class": c.display_name}
                      for c in components_of(self.model, node, self.names)]
            raise unresolved(text, f"{exc.message}; name the component as {node.path}:<fileID>",
                             {"candidates": listed[:20]},
                             [respelled_call(text, c["name"]) for c in listed[:5]]) from None
        return _of(Ref(comp.file_id), f"{comp.display_name} of {node.path!r} (&{comp.file_id})",
                   self.file.find(comp.file_id))

    def _instance_object(self, node: SceneNode, component: str | None, text: str) -> Resolved:
        """A prefab instance's GameObject or component is referenced through its stripped document."""
        assert self.model is not None
        guid = node.source_prefab_guid or ""
        root = self.prefabs.root(guid) if guid else None
        source = self.prefabs.file(guid) if guid else None
        if root is None or source is None:
            raise unproven(text, f"{node.path!r} is a prefab instance whose source prefab is not readable in the "
                           "project, so which object of it is meant cannot be proven", {"sourcePrefabGuid": guid})
        if component is None:
            wanted_id, what = root.game_object, "GameObject"
        elif component in ("Transform", "RectTransform"):
            wanted_id, what = root.transform, "Transform"
        else:
            wanted_id, what = _source_component(source, root.game_object, component, text, self.names), component
        for file_id in self.model.stripped_of(node.file_id):
            doc = self.file.get(file_id)
            if local_file_id(doc.get("m_CorrespondingSourceObject", None)) == wanted_id:
                return Resolved(Ref(file_id), f"{what} of prefab instance {node.path!r} (&{file_id} stripped)")
        raise unproven(text, f"{self.file.name} has no stripped document for the {what} of prefab instance "
                       f"{node.path!r}, and the fileID Unity would give a new one in a scene is not derivable",
                       {"prefabInstance": node.file_id, "sourceFileID": wanted_id})

    # --- assets ----------------------------------------------------------------------------------------------
    def _index(self) -> ProjectIndex:
        if self._opened is None:
            from unitycli.indexes import ProjectIndex  # loaded (with sqlite) only when a value names an asset

            self._opened = ProjectIndex.open(self.ctx.project.root)
        return self._opened

    def _asset_by_path(self, text: str, want: str | None) -> Resolved:
        from unitycli.plugins.assets import access

        index = self._index()
        path, sub = text, None
        if not self._present(index, path) and ":" in text:
            path, sub = text.rsplit(":", 1)
        path = access.project_path(self.ctx, path)
        if not self._present(index, path):
            raise access.not_found(self.ctx, index, path)
        meta = access.read_meta(self.ctx, index, path)
        if meta is None:
            raise unproven(text, f"{path} has no .meta, so Unity has not imported it and it has no GUID")
        return self._asset(path, meta, sub, text, want)

    def _present(self, index: ProjectIndex, path: str) -> bool:
        """The asset or its `.meta`: the meta alone proves the GUID and what the importer records (a checkout
        without the binary, as material.set accepts a texture)."""
        from unitycli.plugins.assets import access

        return access.exists(self.ctx, index, path) or access.exists(self.ctx, index, path + ".meta")

    def _asset_by_guid(self, guid: str, sub: str | None, text: str, want: str | None) -> Resolved:
        from unitycli.plugins.assets import access

        index = self._index()
        path = index.path_for_guid(guid)
        if path is None:
            raise unresolved(text, "no .meta in the project has that GUID; check it against the asset's .meta, "
                             "or name the asset by its path", {"guid": guid})
        meta = access.read_meta(self.ctx, index, path)
        assert meta is not None
        return self._asset(path, meta, sub, text, want)

    def _asset(self, path: str, meta: MetaFile, sub: str | None, text: str, want: str | None) -> Resolved:
        importer = meta.importer or ""
        if importer == "NativeFormatImporter":
            return self._native(path, meta, sub, text)
        if importer == "PrefabImporter":
            return self._prefab(path, meta, sub or _component_class(want), text)
        if importer == "MonoImporter" and sub is None:
            return Resolved(Ref(MONOSCRIPT_FILE_ID, meta.guid, IMPORTED_ASSET_TYPE), f"script {path}", "MonoScript")
        if importer == "TextureImporter":
            return self._texture(path, meta, sub, text, want)
        if sub is not None:
            named = _named_in_meta(meta).get(sub)
            if named is not None:
                return Resolved(Ref(named, meta.guid, IMPORTED_ASSET_TYPE), f"{sub!r} in {path}")
        raise unproven(text, f"which fileID Unity gives {'sub-asset ' + repr(sub) if sub else 'the main object'} of "
                       f"{path} ({importer or 'no importer'}) is not recorded in its .meta or file",
                       {"path": path, "importer": importer, "namedInMeta": sorted(_named_in_meta(meta))[:20]})

    def _native(self, path: str, meta: MetaFile, sub: str | None, text: str) -> Resolved:
        from unitycli.plugins.assets import access
        from unitycli.plugins.assets.mainobject import conventional_main_id, main_file_id

        data = access.read_bytes(self.ctx, self._index(), path) or b""
        if sub is None:
            file_id = main_file_id(meta) or conventional_main_id(data)
            if file_id is None:
                raise unproven(text, f"{path}'s .meta names no main object (mainObjectFileID)", {"path": path})
            main = UnityYamlFile.parse(data, path).find(file_id) if data else None
            return _of(Ref(file_id, meta.guid, NATIVE_ASSET_TYPE), f"main object of {path}", main)
        file = UnityYamlFile.parse(data, path)
        hits = [doc for doc in file.documents if doc.get("m_Name", None, scan=True) == sub]
        if len(hits) != 1:
            names = sorted({str(d.get("m_Name", "", scan=True)) for d in file.documents} - {""})
            if not hits:
                raise unresolved(text, f"{path} has no object named {sub!r}", {"path": path, "names": names[:20]})
            raise unresolved(text, f"{path} has {len(hits)} objects named {sub!r}; pass {{fileID, guid, type}}",
                             {"path": path, "fileIDs": [d.file_id for d in hits]})
        return _of(Ref(hits[0].file_id, meta.guid, NATIVE_ASSET_TYPE), f"{sub!r} in {path}", hits[0])

    def _prefab(self, path: str, meta: MetaFile, component: str | None, text: str) -> Resolved:
        root = self.prefabs.root(meta.guid)
        source = self.prefabs.file(meta.guid)
        if root is None or source is None:
            raise unproven(text, f"{path} cannot be read to find its root GameObject", {"path": path})
        if component is None:
            return Resolved(Ref(root.game_object, meta.guid, IMPORTED_ASSET_TYPE), f"root GameObject of {path}",
                            "GameObject")
        if component in ("Transform", "RectTransform"):
            return _of(Ref(root.transform, meta.guid, IMPORTED_ASSET_TYPE), f"Transform of {path}",
                       source.find(root.transform))
        file_id = _source_component(source, root.game_object, component, text, self.names)
        return _of(Ref(file_id, meta.guid, IMPORTED_ASSET_TYPE), f"{component} of {path}", source.find(file_id))

    def _texture(self, path: str, meta: MetaFile, sub: str | None, text: str, want: str | None) -> Resolved:
        body = meta_body(meta)
        mode = body.get("spriteMode", None) if body is not None else None
        if sub is None and want != "Sprite":
            return Resolved(Ref(TEXTURE2D_FILE_ID, meta.guid, IMPORTED_ASSET_TYPE), f"Texture2D {path}", "Texture2D")
        if sub is None and mode == 1:
            return Resolved(Ref(SINGLE_SPRITE_FILE_ID, meta.guid, IMPORTED_ASSET_TYPE), f"sprite of {path}", "Sprite")
        sprites = {str(s.get("name")): s.get("internalID") for s in
                   (body.get("spriteSheet.sprites", None) if body is not None else None) or []
                   if isinstance(s, dict)} if mode == 2 else {}
        if sub is not None and isinstance(sprites.get(sub), int):
            return Resolved(Ref(sprites[sub], meta.guid, IMPORTED_ASSET_TYPE), f"sprite {sub!r} of {path}",
                            "Sprite")
        if sub is None:
            raise unresolved(text, f"{path} holds {len(sprites)} sprites (spriteMode {mode}); name one as "
                             f"{path}:<sprite>", {"path": path, "sprites": sorted(sprites)[:20]})
        raise unresolved(text, f"{path} has no sprite named {sub!r}", {"path": path, "sprites": sorted(sprites)[:20]})


def _component_class(want: str | None) -> str | None:
    """The component a field of class `want` takes from a named GameObject (as the Inspector picks it): an engine
    component class, or a script class (no type tree knows it); None for GameObject and non-component classes."""
    if not want or want in ("GameObject", "Object"):
        return None
    bases = bases_of(want)
    return want if not bases or "Component" in bases else None


def _source_component(file: UnityYamlFile, game_object: int, component: str, text: str, names: Names) -> int:
    """The fileID of the `component` on `game_object` of a prefab file."""
    doc = file.find(game_object)
    if doc is None:
        raise unproven(text, f"the root GameObject &{game_object} of {file.name} is not in the file "
                       "(a variant's root lives in its base)", {"file": file.name})
    model = SceneModel(file)
    node = model.nodes.get(game_object)
    if node is None:
        raise unproven(text, f"{file.name} has no GameObject &{game_object}", {"file": file.name})
    try:
        return find_component(model, node, component, names).file_id
    except UnityCliError as exc:
        listed = [c.display_name for c in components_of(model, node, names)]
        raise unresolved(text, f"the root of {file.name} has no {component!r} component",
                         {"file": file.name, "components": listed}) from exc


def meta_body(meta: MetaFile) -> Document | None:
    """The importer block of a `.meta` as a document, so its values are read by property path."""
    text = meta.raw.decode("utf-8", "replace").lstrip("\ufeff")
    if not meta.importer:
        return None
    start = re.search(rf"^{re.escape(meta.importer)}:", text, re.M)
    if start is None:
        return None
    body = text[start.start():]
    doc = Document(0, 0, False, "--- !u!0 &0\n" + (body if body.endswith("\n") else body + "\n"))
    try:
        doc.root  # noqa: B018 - parse now, so a malformed meta is one answer here, not a traceback later
    except UnityCliError:
        return None
    return doc


def _named_in_meta(meta: MetaFile) -> dict[str, int]:
    """Sub-asset name -> fileID where the importer records it: `internalIDToNameTable` (`first: {classID:
    fileID}`, `second: name`) and the older `fileIDToRecycleName` (`fileID: name`)."""
    body = meta_body(meta)
    if body is None:
        return {}
    found: dict[str, int] = {}
    for entry in body.get("internalIDToNameTable", None) or []:
        if isinstance(entry, dict) and isinstance(entry.get("first"), dict) and len(entry["first"]) == 1:
            file_id = next(iter(entry["first"].values()))
            if isinstance(file_id, int):
                found[str(entry.get("second"))] = file_id
    recycled = body.get("fileIDToRecycleName", None)
    if isinstance(recycled, dict):
        for key, name in recycled.items():
            if re.fullmatch(r"-?[0-9]+", str(key)):
                found[str(name)] = int(key)
    return found


