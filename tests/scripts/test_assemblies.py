"""The assembly name a listener records: the nearest `.asmdef` above the script, read bounded and without links."""

from __future__ import annotations

from pathlib import Path

import pytest

from unitycli.errors import UnityCliError
from unitycli.host.session import Session
from unitycli.plugins.scripts.assemblies import assembly_of

GAME = "Assets/LlamAcademy/Minigolf"


def _script(root: Path) -> tuple[Path, str]:
    assert Session().registry.tools  # the plugins' error codes join the catalog when the plugins load
    disk = next(p for p in sorted((root / GAME).rglob("*.cs")) if "Editor" not in p.parts)
    return disk, disk.relative_to(root).as_posix()


def test_a_script_under_an_asmdef_belongs_to_the_asmdef_name(minigolf: Path):
    assert assembly_of(*_script(minigolf), minigolf) == "LlamAcademy.Minigolf"


def test_an_asmdef_that_is_a_link_is_not_read(minigolf: Path, tmp_path: Path):
    asmdef = minigolf / GAME / "LlamAcademy.Minigolf.asmdef"
    outside = tmp_path / "outside.asmdef"
    outside.write_text('{"name": "Planted"}')
    asmdef.unlink()
    asmdef.symlink_to(outside)
    with pytest.raises(UnityCliError) as caught:  # the link is not read, so the assembly cannot be proven
        assembly_of(*_script(minigolf), minigolf)
    assert caught.value.code == "E_LISTENER_METHOD_NOT_FOUND" and "has no readable name" in caught.value.message
