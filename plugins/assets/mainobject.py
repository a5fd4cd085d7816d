"""Which object is an asset's main object, and what type it is.

Unity records it in the meta of native assets (`NativeFormatImporter: mainObjectFileID`); the object's class is the class ID in that document's header. Files whose type follows from their
extension (`.prefab`, `.unity`, `.cs`, textures...) need no reading. A `.vfx` names a main fileID (…526) that is
not in its text, which the extension covers.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from unitycli.plugins.assets.kinds import class_name, type_from_extension, type_from_main_file_id
from unitycli.unityfiles import MetaFile

_MAIN_ID = re.compile(rb"^  mainObjectFileID: (-?\d+)[ \t\r]*$", re.M)
_HEADER = re.compile(rb"^--- !u!(\d+) &(-?\d+)", re.M)


@dataclass(frozen=True)
class MainObject:
    type: str | None
    class_id: int | None
    file_id: int | None


def main_file_id(meta: MetaFile | None) -> int | None:
    match = _MAIN_ID.search(meta.raw) if meta is not None else None
    value = int(match.group(1)) if match else None
    return value or None  # 0 is what old metas write when they do not say


def header_class(data: bytes, file_id: int) -> int | None:
    """The class ID in the header of document `&file_id`, without parsing the file."""
    for match in _HEADER.finditer(data):
        if int(match.group(2)) == file_id:
            return int(match.group(1))
    return None


def conventional_main_id(data: bytes) -> int | None:
    """Older metas write `mainObjectFileID: 0`; the main object of a native asset is then the one numbered
    `classID * 100000` (`--- !u!114 &11400000` in chicken-defense `URP-HighFidelity.asset`, whose meta says 0)."""
    for match in _HEADER.finditer(data):
        if int(match.group(2)) == int(match.group(1)) * 100000:
            return int(match.group(2))
    return None


def main_object(path: str, is_folder: bool, meta: MetaFile | None, data: bytes | None) -> MainObject:
    """The main object's type, class ID and fileID, as far as the extension, meta and file headers say."""
    file_id = main_file_id(meta)
    if file_id is None and data is not None:
        file_id = conventional_main_id(data)
    by_extension = type_from_extension(path, is_folder)
    class_id = header_class(data, file_id) if (file_id is not None and data is not None) else None
    if class_id is None and file_id is not None and file_id % 100000 == 0:
        class_id = file_id // 100000
    if by_extension is not None:
        return MainObject(by_extension, class_id, file_id)
    if class_id is not None:
        return MainObject(class_name(class_id), class_id, file_id)
    return MainObject(type_from_main_file_id(file_id), None, file_id)
