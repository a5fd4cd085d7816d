"""`asset.references`: who references an asset — the files, the objects in them and the properties.

The reference index answers "which files and documents" in one lookup, and keeps each referring object's class,
name and properties as it indexes a file (`unitycli.indexes.refdetails`); only a file whose details it could not
read that way is read here, and only when it is on the requested page.

A page ends at `limit` files or once its rows reach `PAGE_BYTES`, whichever comes first, so the largest query
(a material a hundred prefabs use) builds, validates and encodes only what it sends, well inside the answer budget
(`unitycli.budget`), instead of building the whole answer and spilling most of it to a file. The totals come from
the index's one lookup; `nextCursor` continues. A cursor names the referring files it paged through (their paths'
digest), so a cursor from before the set of referrers changed is refused and the next action starts over.
"""

from __future__ import annotations

from typing import Any

from pydantic import Field

from unitycli.budget import ANSWER_BUDGET, answer_size
from unitycli.context import ToolContext
from unitycli.errors import UnityCliError
from unitycli.indexes import ProjectIndex, Referrer
from unitycli.paging import CURSOR_FIELD, LIMIT_FIELD, decode_cursor, encode_cursor
from unitycli.plugins.assets import access
from unitycli.plugins.assets.access import AssetTarget
from unitycli.plugins.assets.kinds import class_name
from unitycli.plugins.assets.refpaths import for_reading, object_name, properties_referencing
from unitycli.plugins.assets.unscanned import SkippedFile, skipped_files
from unitycli.toolspec import ToolOutput
from unitycli.unityyaml import UnityYamlFile

TOOL = "asset.references"
# Bytes of referrer rows after which a page ends (the page's first row is always sent): half the answer budget,
# leaving the other half for the rest of the answer and the envelope, so a page is never spilled
PAGE_BYTES = ANSWER_BUDGET // 2
# No referring object is shorter than this as `_page` measures it: {"file_id":0,"class_id":0,"class_name":"",
# "name":"","properties":[]} is 68 characters, so n objects make a row of more than n * 68
_OBJECT_BYTES_AT_LEAST = 68


class AssetReferencesInput(AssetTarget):
    include_properties: bool = Field(True, description="Read each referring file to name objects and properties")
    limit: int = LIMIT_FIELD
    cursor: str | None = CURSOR_FIELD


class ReferencingProperty(ToolOutput):
    property: str = Field(description="Property path inside the object, e.g. m_Materials[0]")
    target_file_id: int | None = Field(alias="targetFileID", description="The referenced object inside the asset (null: bare GUID)")
    type: int | None


class ReferencingObject(ToolOutput):
    file_id: int = Field(alias="fileID")
    class_id: int
    class_name: str
    name: str | None = Field(None, description="m_Name of the object or of its GameObject, when known")
    properties: list[ReferencingProperty] | None = Field(None, description="Null when includeProperties is false")


class ReferencingFile(ToolOutput):
    path: str
    count: int = Field(description="References to the asset in this file")
    objects: list[ReferencingObject]


class AssetReferencesOutput(ToolOutput):
    file: str = Field(description="The referenced asset's project-relative path")
    guid: str
    total_files: int
    total_references: int
    referrers: list[ReferencingFile]
    skipped: list[SkippedFile] = Field(description="Files the reference index could not read that may reference the "
                                                   "asset (LFS pointers, unreadable, JSON); empty when the answer "
                                                   "is complete")
    next_cursor: str | None = Field(description="Pass as `cursor` to the same query for the next page (a page ends at "
                                                 "`limit` files or at about half the answer budget); null on the last")


def describe_referrer(ctx: ToolContext, index: ProjectIndex, referrer: Referrer, guid: str,
                      include_properties: bool) -> dict[str, Any]:
    """One referring file with its objects, as `ReferencingFile` data (field names), from the index where it holds
    them, else reading the file (only when properties are asked for). Data, not models: the answer validates its
    hundreds of rows in one call (`asset_references`) instead of one model per row."""
    if include_properties and referrer.objects is not None:
        objects = [{"file_id": doc_id.file_id, "class_id": doc_id.class_id, "class_name": stored.class_name,
                    "name": stored.name,
                    "properties": [{"property": prop, "target_file_id": file_id, "type": kind}
                                   for prop, file_id, kind in stored.properties]}
                   for doc_id, stored in zip(referrer.documents, referrer.objects, strict=True)]
        return {"path": referrer.path, "count": referrer.count, "objects": objects}
    yaml_file = None
    if include_properties:
        data = access.read_bytes(ctx, index, referrer.path)
        try:
            yaml_file = UnityYamlFile.parse(data, referrer.path) if data is not None else None
        except UnityCliError:
            yaml_file = None  # a file the model cannot read still has its referrer entry from the index
    objects = []
    for doc_id in referrer.documents:
        document = yaml_file.find(doc_id.file_id) if yaml_file is not None else None
        document = for_reading(document, guid) if document is not None else None
        props = None
        name = None
        if document is not None:
            name = object_name(yaml_file, document)
            props = [{"property": p.property, "target_file_id": p.file_id, "type": p.type}
                     for p in properties_referencing(document, guid)]
        objects.append({"file_id": doc_id.file_id, "class_id": doc_id.class_id,
                        "class_name": document.class_name if document else class_name(doc_id.class_id),
                        "name": name, "properties": props if include_properties else None})
    return {"path": referrer.path, "count": referrer.count, "objects": objects}


def _page(ctx: ToolContext, index: ProjectIndex, referrers: list[Referrer], guid: str,
          request: AssetReferencesInput, offset: int) -> list[dict[str, Any]]:
    """The rows from `offset` until `limit` files or `PAGE_BYTES` (measured as compact JSON of the field names,
    which are no shorter than the aliases sent); always at least one row."""
    files: list[dict[str, Any]] = []
    used = 0
    for referrer in referrers[offset:offset + request.limit]:
        if files and used + len(referrer.documents) * _OBJECT_BYTES_AT_LEAST > PAGE_BYTES:
            break  # a file with hundreds of referring objects (a scene) is not built only to be left for the next page
        row = describe_referrer(ctx, index, referrer, guid, request.include_properties)
        used += answer_size(row) + 1
        if files and used > PAGE_BYTES:
            break
        files.append(row)
    return files


def asset_references(ctx: ToolContext, request: AssetReferencesInput) -> AssetReferencesOutput:
    with ProjectIndex.open(ctx.project.root) as index:
        path = access.resolve_target(ctx, index, request)
        meta = access.read_meta(ctx, index, path)
        if meta is None:
            raise UnityCliError("E_ASSET_NOT_FOUND", f"{path} has no .meta, so nothing can reference it yet",
                                details={"path": path})
        referrers = index.referrers(meta.guid, objects=request.include_properties)
        query = {"guid": meta.guid, "includeProperties": request.include_properties,
                 "referrers": [r.path for r in referrers]}  # an offset means the same file only while these are
        offset = decode_cursor(TOOL, query, request.cursor)
        files = _page(ctx, index, referrers, meta.guid, request, offset)
        end = offset + len(files)
        skipped = skipped_files(ctx, index, [meta.guid], exclude={path})
    return AssetReferencesOutput.model_validate({
        "file": path, "guid": meta.guid, "total_files": len(referrers),
        "total_references": sum(r.count for r in referrers), "referrers": files, "skipped": skipped,
        "next_cursor": encode_cursor(TOOL, query, end) if end < len(referrers) else None})
