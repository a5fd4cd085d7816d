"""The GameObject tree of a scene or prefab, built from the Transforms' `m_Father` / `m_Children`.

Facts it relies on (fixture files named):
- Every GameObject's first component is its Transform (`!u!4`) or RectTransform (`!u!224`); a child is listed in
  its parent Transform's `m_Children`, in sibling order (`chicken-defense/.../Game.unity` line 21188).
- A prefab instance is a `PrefabInstance` (`!u!1001`) placed under `m_Modification.m_TransformParent`; its parent
  lists the instance's **stripped** root Transform in `m_Children` (`Game.unity` lines 21191 and 574). Objects the
  scene adds inside an instance hang off other stripped Transforms of that instance; they are shown as children of
  the instance node. The instance's own contents live in the source prefab (see `prefab.hierarchy`).
- Root order: the `SceneRoots` object (`--- !u!1660057539 &9223372036854775807`, `m_Roots`) when present (it is not
  sorted by fileID: `examples/sample-project/.../Garden.unity`); otherwise Unity 2022-era files keep `m_RootOrder`
  on each root Transform and as a `m_RootOrder` modification of root instances (`chicken-defense/Assets/Scenes/
  SampleScene.unity`; every fixture scene without SceneRoots has it). Roots found in neither keep file order.
- Files Unity 5.x wrote and nothing re-saved since (Standard Assets scenes and prefabs still carried by 2020.3
  projects, e.g. UniversalRenderingExamples) list components keyed by class ID (`m_Component: - 4: {fileID: N}`), and
  their `!u!1001` is a `Prefab:` (pre-2018.3 prefab system: `m_ParentPrefab`, `m_IsPrefabParent`), not a
  `PrefabInstance:`. That `Prefab` holds only modifications: every object of such an instance is written in full in
  the file, so it is no node of the tree.

Work is bounded whatever the file holds: walks use an explicit stack (a 20,000-deep chain is a list, not 20,000
Python frames), a path or an absolute depth is built for at most `MAX_DEPTH` levels (deeper is E_HIERARCHY_TOO_DEEP), and a
`m_Father` loop (hand-edited or hostile files) is cut where it closes so that its objects stay visible and every
walk ends; the cut objects are listed in `SceneModel.cycles`.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field

from unitycli.errors import UnityCliError
from unitycli.gcpause import collector_paused
from unitycli.scene import filecache
from unitycli.unityclasses import GAMEOBJECT, PREFAB_INSTANCE, SCENE_ROOTS, TRANSFORM_CLASSES
from unitycli.unityyaml import SCENE_ROOTS_FILE_ID, Document, Ref, UnityYamlFile
from unitycli.unityyaml.prescan import INSTANCE_NAME, MODIFICATIONS, prescan

# Deepest level below a root that a path or depth is built for. Paths repeat every ancestor's name, so an answer
# about objects N levels down costs N^2; 1,000 levels is far beyond any fixture (the deepest is a few dozen).
MAX_DEPTH = 1_000


def too_deep(node: SceneNode, limit: int = MAX_DEPTH) -> UnityCliError:
    """E_HIERARCHY_TOO_DEEP for an object more than `limit` levels below its root."""
    return UnityCliError(
        "E_HIERARCHY_TOO_DEEP",
        f"GameObject &{node.file_id} ({node.name!r}) is more than {limit} levels below its root; paths and depths "
        f"are built for at most {limit} levels; address objects by fileID, and list a deep hierarchy in parts with "
        f"`root` (a fileID) and `depth` of at most {limit}",
        details={"fileID": node.file_id, "name": node.name, "maxDepth": limit},
        next_actions=[])


@dataclass(eq=False)
class SceneNode:
    """A GameObject (`kind="gameObject"`) or a prefab instance (`kind="prefabInstance"`) in the tree."""

    file_id: int
    kind: str
    name: str
    transform_id: int | None
    hide_flags: int = 0
    active: bool | None = None
    source_prefab_guid: str | None = None
    parent: SceneNode | None = None
    children: list[SceneNode] = field(default_factory=list)
    dangling_parent: int | None = None  # m_Father / m_TransformParent names an object that is not in the file

    @property
    def is_instance(self) -> bool:
        return self.kind == "prefabInstance"

    @property
    def hidden(self) -> bool:
        return self.hide_flags != 0

    def ancestors(self) -> list[SceneNode]:
        """This node and its ancestors up to the root (E_HIERARCHY_TOO_DEEP beyond `MAX_DEPTH` levels)."""
        chain: list[SceneNode] = []
        node: SceneNode | None = self
        while node is not None:
            if len(chain) > MAX_DEPTH:
                raise too_deep(self)
            chain.append(node)
            node = node.parent
        return chain

    @property
    def path(self) -> str:
        """`Root/Child/Grandchild` (names as written; a name may itself contain `/`)."""
        return "/".join(node.name for node in reversed(self.ancestors()))

    @property
    def depth(self) -> int:
        return len(self.ancestors()) - 1

    def has_path(self, path: str) -> bool:
        """`self.path == path`, decided from the leaf up, so most nodes are rejected by their own name."""
        end, node = len(path), self
        for _ in range(MAX_DEPTH + 1):
            start = end - len(node.name)
            if start < 0 or path[start:end] != node.name:
                return False
            if node.parent is None:
                return start == 0
            if start == 0 or path[start - 1] != "/":
                return False
            end, node = start - 1, node.parent
        raise too_deep(self)

    def walk(self) -> Iterator[SceneNode]:
        """This node and its descendants, depth first in sibling order."""
        for node, _ in walk_depths([self]):
            yield node


def walk_depths(starts: list[SceneNode], max_depth: int | None = None) -> Iterator[tuple[SceneNode, int]]:
    """(node, depth below its start) depth first in sibling order, with an explicit stack (cheap at any depth:
    only a path costs in proportion to the depth); children deeper than `max_depth` are not visited."""
    stack = [(node, 0) for node in reversed(starts)]
    while stack:
        node, depth = stack.pop()
        yield node, depth
        if max_depth is None or depth < max_depth:
            stack.extend((child, depth + 1) for child in reversed(node.children))


def _int(doc: Document, path: str, default: int = 0) -> int:
    value = doc.get(path, default, scan=True)
    return value if isinstance(value, int) else default


def component_ref(entry: object) -> Ref | None:
    """The reference of one `m_Component` entry: `{component: Ref}`, or `{<classID>: Ref}` in Unity 5.x files."""
    if not isinstance(entry, dict):
        return None
    ref = entry.get("component") if "component" in entry else legacy_component_ref(entry)
    return ref if isinstance(ref, Ref) else None


def legacy_component_ref(entry: object) -> Ref | None:
    """The reference of a Unity 5.x `m_Component` entry keyed by class ID (`- 4: {fileID: N}`); None otherwise."""
    if isinstance(entry, dict) and len(entry) == 1:
        (key, value), = entry.items()
        if str(key).isdigit() and isinstance(value, Ref):
            return value
    return None


def is_legacy_prefab(doc: Document) -> bool:
    """A `!u!1001` of the pre-2018.3 prefab system (`Prefab:`), which is not a `PrefabInstance`."""
    return doc.class_id == PREFAB_INSTANCE and doc.class_name == "Prefab"


def legacy_instances(file: UnityYamlFile) -> list[int]:
    """The pre-2018.3 prefab instances of a file (`Prefab:` with `m_IsPrefabParent: 0`): their objects are copies
    Unity re-derives from the source prefab and `m_Modification` when it upgrades the file."""
    return [doc.file_id for doc in file.of_class(PREFAB_INSTANCE)
            if is_legacy_prefab(doc) and doc.get("m_IsPrefabParent", 0) != 1]


def local_file_id(value: object) -> int:
    """The fileID a value names inside this file (0 for anything else: a null, another file's object, a non-reference)."""
    return value.file_id if isinstance(value, Ref) and value.guid is None else 0




def instance_modifications(doc: Document) -> list[dict]:
    """The `m_Modification.m_Modifications` entries of a PrefabInstance as plain dicts."""
    mods = doc.get(MODIFICATIONS, [])
    return [m for m in mods if isinstance(m, dict)] if isinstance(mods, list) else []


def instance_name(doc: Document) -> str | None:
    """The instance's name override: the `m_Name` modification (the root's when several objects are renamed,
    which is the first one Unity writes for the root in the fixtures; see `SceneModel.instance_root_name`)."""
    path, key, value, fields = INSTANCE_NAME  # the prescan reads it too, under the same key
    mod = doc.first_item_with(path, key, value, fields=fields, scan=True)
    if mod is None:
        return None
    value = mod.get("value")
    return "" if value is None else str(value)


class SceneModel:
    """The tree of one parsed Unity file; built once, then queried by fileID, path or walk."""

    def __init__(self, file: UnityYamlFile) -> None:
        self.file = file
        self.nodes: dict[int, SceneNode] = {}
        self.by_transform: dict[int, SceneNode] = {}
        self.stripped_owner: dict[int, int] = {}  # stripped object fileID -> PrefabInstance fileID
        self.roots: list[SceneNode] = []
        self.dangling_children: list[tuple[int, int]] = []  # (parent transform, missing child fileID)
        self.cycles: list[int] = []  # nodes whose m_Father chain loops back: cut there and shown as roots
        with collector_paused():  # a node per object, all kept: a collection on the way would free nothing
            self._build()

    # --- building --------------------------------------------------------------------------------------------
    def _build(self) -> None:
        file = self.file
        prescan(file)  # the plain GameObjects' and Transforms' values in one pass each, not one peek a value
        order: dict[int, int] = {}
        for pos, doc in enumerate(file.documents):
            if doc.stripped:
                owner = local_file_id(doc.get("m_PrefabInstance", None, scan=True))
                if owner:
                    self.stripped_owner[doc.file_id] = owner
            elif doc.class_id == GAMEOBJECT:
                self._add_gameobject(doc)
                order[doc.file_id] = pos
            elif doc.class_id == PREFAB_INSTANCE and not is_legacy_prefab(doc):
                source = doc.get("m_SourcePrefab", None, scan=True)
                name = instance_name(doc)
                node = SceneNode(doc.file_id, "prefabInstance", name if name is not None else "",
                                 transform_id=None, hide_flags=_int(doc, "m_ObjectHideFlags"),
                                 source_prefab_guid=source.guid if isinstance(source, Ref) else None)
                self.nodes[doc.file_id] = node
                order[doc.file_id] = pos
        for stripped_id, owner in self.stripped_owner.items():
            doc = file.find(stripped_id)
            instance = self.nodes.get(owner)
            if doc is not None and doc.class_id in TRANSFORM_CLASSES and instance is not None:
                self.by_transform.setdefault(stripped_id, instance)
        self._link(order)
        filecache.save_file_scans(file)  # the structure, once per revision of a big file

    def _add_gameobject(self, doc: Document) -> None:
        transform_id = None
        for entry in doc.get("m_Component", [], scan=True) or []:
            ref_id = local_file_id(component_ref(entry))
            target = self.file.find(ref_id) if ref_id else None
            if target is not None and target.class_id in TRANSFORM_CLASSES:
                transform_id = ref_id
                break
        node = SceneNode(doc.file_id, "gameObject", str(doc.get("m_Name", "", scan=True)), transform_id,
                         hide_flags=_int(doc, "m_ObjectHideFlags"), active=_int(doc, "m_IsActive", 1) != 0)
        self.nodes[doc.file_id] = node
        if transform_id is not None:
            self.by_transform[transform_id] = node

    def _parent_of(self, node: SceneNode) -> tuple[SceneNode | None, int]:
        """(parent node or None, the raw parent fileID) from m_Father or m_TransformParent."""
        if node.is_instance:
            parent_id = local_file_id(self.file.get(node.file_id).get("m_Modification.m_TransformParent", None, scan=True))
        elif node.transform_id is not None:
            parent_id = local_file_id(self.file.get(node.transform_id).get("m_Father", None, scan=True))
        else:
            return None, 0
        if not parent_id:
            return None, 0
        return self.by_transform.get(parent_id), parent_id

    def _link(self, order: dict[int, int]) -> None:
        unlisted: dict[int, list[SceneNode]] = {}
        roots: list[SceneNode] = []
        for node in sorted(self.nodes.values(), key=lambda n: order[n.file_id]):
            parent, parent_id = self._parent_of(node)
            if parent is None:
                if parent_id:
                    node.dangling_parent = parent_id
                roots.append(node)
                continue
            node.parent = parent
            unlisted.setdefault(parent.file_id, []).append(node)
        for parent_id, kids in unlisted.items():
            parent = self.nodes[parent_id]
            listed = self._listed_children(parent)
            rank = {id(n): i for i, n in enumerate(listed)}
            parent.children = sorted(kids, key=lambda n: rank.get(id(n), len(listed)))
        self.roots = self._order_roots(roots)
        self._cut_cycles(order)

    def _cut_cycles(self, order: dict[int, int]) -> None:
        """Nodes no root reaches hang on a loop of parents: cut each loop where it closes (file order decides
        which node), making that node a root, so no walk or path goes round forever and nothing vanishes."""
        seen = {id(node) for root in self.roots for node in root.walk()}
        if len(seen) == len(self.nodes):
            return
        for node in sorted(self.nodes.values(), key=lambda n: order[n.file_id]):
            if id(node) in seen:
                continue
            chain: dict[int, SceneNode] = {}
            cut: SceneNode | None = node
            while cut is not None and id(cut) not in chain and id(cut) not in seen:
                chain[id(cut)] = cut
                cut = cut.parent
            if cut is None or id(cut) in seen:  # the chain reached a visited node: nothing loops here
                continue
            if cut.parent is not None:
                cut.parent.children = [c for c in cut.parent.children if c is not cut]
            cut.parent = None
            self.roots.append(cut)
            self.cycles.append(cut.file_id)
            seen.update(id(n) for n in cut.walk())

    def _listed_children(self, parent: SceneNode) -> list[SceneNode]:
        if parent.is_instance or parent.transform_id is None:
            return []
        listed = []
        for ref in self.file.get(parent.transform_id).get("m_Children", [], scan=True) or []:
            child = self.by_transform.get(local_file_id(ref))
            if child is None:
                self.dangling_children.append((parent.transform_id, local_file_id(ref)))
            elif child.parent is parent:
                listed.append(child)
        return listed

    def _order_roots(self, roots: list[SceneNode]) -> list[SceneNode]:
        scene_roots = self.file.find(SCENE_ROOTS_FILE_ID)
        if scene_roots is not None and scene_roots.class_id == SCENE_ROOTS:
            rank: dict[int, int] = {}
            for i, ref in enumerate(scene_roots.get("m_Roots", [], scan=True) or []):
                ref_id = local_file_id(ref)
                node = self.nodes.get(ref_id) if ref_id in self.nodes else self.by_transform.get(ref_id)
                if node is not None:
                    rank.setdefault(node.file_id, i)
            return sorted(roots, key=lambda n: rank.get(n.file_id, len(rank)))
        return sorted(roots, key=self._root_order)

    def _root_order(self, node: SceneNode) -> int:
        big = 1 << 62
        if node.is_instance:
            doc = self.file.get(node.file_id)
            mod = doc.first_item_with(MODIFICATIONS, "propertyPath", "m_RootOrder", fields=("value",), scan=True)
            if mod is None:
                return big
            if isinstance(mod.get("value"), int):
                return mod["value"]
            for mod in instance_modifications(doc):  # the first one is not a number: look further, as ever
                if mod.get("propertyPath") == "m_RootOrder" and isinstance(mod.get("value"), int):
                    return mod["value"]
            return big
        if node.transform_id is None:
            return big
        return _int(self.file.get(node.transform_id), "m_RootOrder", big)

    # --- queries ---------------------------------------------------------------------------------------------
    def walk(self) -> Iterator[SceneNode]:
        """Every node, depth first from the roots in order."""
        for node, _ in walk_depths(self.roots):
            yield node

    def node_of_object(self, file_id: int) -> SceneNode | None:
        """The node an object belongs to: a GameObject, PrefabInstance, Transform or a stripped instance object."""
        node = self.nodes.get(file_id) or self.by_transform.get(file_id)
        if node is None and file_id in self.stripped_owner:
            node = self.nodes.get(self.stripped_owner[file_id])
        return node

    def stripped_of(self, instance_id: int) -> list[int]:
        """The stripped objects (Transforms, GameObjects, components) that stand for parts of an instance."""
        return [fid for fid, owner in self.stripped_owner.items() if owner == instance_id]
