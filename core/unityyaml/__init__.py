"""Lossless model of Unity's YAML files (scenes, prefabs, assets): read, query by property path, edit in place.

Loading and writing back an untouched file gives the same bytes; an edit rewrites only the value it changes,
formatted the way the Unity Editor writes it.
"""

from unitycli.unityyaml.document import Document
from unitycli.unityyaml.emit import EmitStyle, Flow, Verbatim
from unitycli.unityyaml.fidelity import ensure_roundtrips, roundtrips
from unitycli.unityyaml.file import UnityYamlFile
from unitycli.unityyaml.fileids import SCENE_ROOTS_FILE_ID, fresh_file_id, stripped_file_id
from unitycli.unityyaml.floats import format_float, format_number
from unitycli.unityyaml.hexarrays import (
    decode_int32_le_hex,
    decode_int64_le_hex,
    encode_int32_le_hex,
    encode_int64_le_hex,
)
from unitycli.unityyaml.nodes import Mapping, Node, Ref, Scalar, Sequence
from unitycli.unityyaml.paths import parse_path
from unitycli.unityyaml.style import detect_style

__all__ = [
    "SCENE_ROOTS_FILE_ID",
    "Document",
    "EmitStyle",
    "Flow",
    "Mapping",
    "Node",
    "Ref",
    "Scalar",
    "Sequence",
    "UnityYamlFile",
    "Verbatim",
    "decode_int32_le_hex",
    "decode_int64_le_hex",
    "detect_style",
    "encode_int32_le_hex",
    "encode_int64_le_hex",
    "ensure_roundtrips",
    "format_float",
    "format_number",
    "fresh_file_id",
    "parse_path",
    "roundtrips",
    "stripped_file_id",
]
