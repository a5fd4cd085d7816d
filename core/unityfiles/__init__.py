"""Small Unity file formats: `.meta`, JSON settings and `.asset` files, `ProjectVersion.txt`, Git LFS pointers."""

from __future__ import annotations

from unitycli.unityfiles.jsonfiles import (
    JsonFile,
    JsonStyle,
    load_json_file,
    looks_like_json,
    parse_json_bytes,
)
from unitycli.unityfiles.lfs import ensure_not_lfs, is_lfs_pointer
from unitycli.unityfiles.meta import MetaFile, new_guid, new_meta, parse_meta
from unitycli.unityfiles.project_version import ProjectVersion, parse_project_version, read_project_version

__all__ = [
    "JsonFile",
    "JsonStyle",
    "MetaFile",
    "ProjectVersion",
    "ensure_not_lfs",
    "is_lfs_pointer",
    "load_json_file",
    "looks_like_json",
    "new_guid",
    "new_meta",
    "parse_json_bytes",
    "parse_meta",
    "parse_project_version",
    "read_project_version",
]
