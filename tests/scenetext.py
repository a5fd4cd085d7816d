"""Synthetic scene text for the large-scene and deep-hierarchy tests, in the layout Unity 6 writes
(sample project's Garden.unity)."""

from __future__ import annotations

HEADER = "%YAML 1.1\n%TAG !u! tag:unity3d.com,2011:\n"
# A GameObject and its Transform; `children` is the text after `m_Children:` (" []" or "\n  - {fileID: …}" lines).
_PAIR = """--- !u!1 &{go}
GameObject:
  m_ObjectHideFlags: 0
  m_CorrespondingSourceObject: {{fileID: 0}}
  m_PrefabInstance: {{fileID: 0}}
  m_PrefabAsset: {{fileID: 0}}
  serializedVersion: 6
  m_Component:
  - component: {{fileID: {tr}}}
  m_Layer: 0
  m_Name: {name}
  m_TagString: Untagged
  m_Icon: {{fileID: 0}}
  m_NavMeshLayer: 0
  m_StaticEditorFlags: 0
  m_IsActive: 1
--- !u!4 &{tr}
Transform:
  m_ObjectHideFlags: 0
  m_CorrespondingSourceObject: {{fileID: 0}}
  m_PrefabInstance: {{fileID: 0}}
  m_PrefabAsset: {{fileID: 0}}
  m_GameObject: {{fileID: {go}}}
  serializedVersion: 2
  m_LocalRotation: {{x: 0, y: 0, z: 0, w: 1}}
  m_LocalPosition: {position}
  m_LocalScale: {{x: 1, y: 1, z: 1}}
  m_ConstrainProportionsScale: 0
  m_Children:{children}
  m_Father: {{fileID: {father}}}
  m_LocalEulerAnglesHint: {{x: 0, y: 0, z: 0}}
"""


def gameobject_text(go: int, name: str, position: str, *, children: str = " []", father: int = 0) -> str:
    """The documents of GameObject `go` (its Transform is `go + 1`) named `name` at `position` (flow text)."""
    return _PAIR.format(go=go, tr=go + 1, name=name, position=position, children=children, father=father)
