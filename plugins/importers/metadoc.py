"""The importer block of a `.meta` as an editable Unity-YAML document, written back byte for byte around the edit.

A meta is `fileFormatVersion`, `guid` (and in old ones `timeCreated`, `licenseType`) and then one importer mapping
that runs to the end of the file. The importer is parsed as the body of a document (`--- !u!<id> &1` prepended, as
a Unity-YAML file of one object), edited through `Document.set`, which changes only the lines it must, and
spliced back after the untouched head; a BOM and a missing final newline are kept. A meta whose importer block
does not round-trip unchanged is refused before any edit.
"""

from __future__ import annotations

from dataclasses import dataclass

from unitycli.errors import UnityCliError
from unitycli.unityfiles import parse_meta
from unitycli.unityfiles.meta import BOM
from unitycli.unityyaml import Document, UnityYamlFile

_PREFIX = "%YAML 1.1\n%TAG !u! tag:unity3d.com,2011:\n--- !u!1 &1\n"


@dataclass
class MetaImporter:
    """A meta split into its head (kept as is) and its importer document."""

    path: str
    importer: str
    head: str
    file: UnityYamlFile
    bom: bool

    @property
    def doc(self) -> Document:
        return self.file.documents[0]

    def to_bytes(self) -> bytes:
        text = self.head + self.file.to_text()[len(_PREFIX):]
        return (BOM if self.bom else b"") + text.encode("utf-8")


def unsupported(path: str, why: str) -> UnityCliError:
    return UnityCliError("E_FILE_FORMAT_UNSUPPORTED", f"{path}: {why}", details={"file": path},
                         next_actions=["Open the asset's Import Settings in the Unity Editor and apply once, "
                                       "then retry"])


def open_meta_importer(path: str, raw: bytes) -> MetaImporter:
    """The importer of the meta at `path` (its bytes `raw`), refusing a meta that would not round-trip."""
    meta = parse_meta(raw, path)
    if meta.importer is None:
        raise unsupported(path, "the meta holds no importer")
    text = raw[len(BOM):].decode("utf-8") if meta.bom else raw.decode("utf-8")
    if "\r" in text:
        raise unsupported(path, "CRLF line endings (a Windows checkout) are not edited")
    at = text.find(f"\n{meta.importer}:")
    if at < 0:
        raise unsupported(path, f"no top-level {meta.importer}: line")
    head, body = text[: at + 1], text[at + 1:]
    try:
        file = UnityYamlFile.parse((_PREFIX + body).encode("utf-8"), path)
    except UnityCliError as exc:
        raise unsupported(path, f"its importer block is not readable ({exc.message})") from None
    loaded = MetaImporter(path, meta.importer, head, file, meta.bom)
    if loaded.to_bytes() != raw or len(file.documents) != 1:
        raise unsupported(path, "its importer block does not round-trip byte for byte")
    return loaded
