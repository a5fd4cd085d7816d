"""Material Variants (2022.1+): read as the overrides they are, never edited or copied as if they stood alone.

Hand-made edge case: no fixture material is a variant. The variant is chicken-defense's real Egg.mat with what a
variant of it keeps (Unity stores only overrides): `m_Parent` naming Egg.mat and one overridden float.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.assets.conftest import failure, output, snapshot
from tests.indexes.projectcopies import writable_copy

MATERIALS = "Assets/LlamAcademy/ChickenDefense/Materials"
EGG = f"{MATERIALS}/Egg.mat"
EGG_GUID = "90623a95284c5a94e8805bb93a6480cf"
VARIANT = f"{MATERIALS}/A Egg Variant.mat"  # named to come first: the automatic template search meets it first
URP_LIT_GUID = "933532a4fcc9baf4fa0491de14d08ed7"


@pytest.fixture
def chicken_with_variant(tmp_path: Path) -> Path:
    project = writable_copy("chicken-defense", tmp_path / "chicken")
    text = (project / EGG).read_text()
    text = text.replace("  m_Name: Egg\n", "  m_Name: A Egg Variant\n")
    text = text.replace("  m_Parent: {fileID: 0}\n", f"  m_Parent: {{fileID: 2100000, guid: {EGG_GUID}, type: 2}}\n")
    for kind in ("m_TexEnvs", "m_Ints", "m_Colors"):
        text = re.sub(rf"^    {kind}:\n(?:    - [^\n]*\n(?:        [^\n]*\n)*)*", f"    {kind}: []\n", text, flags=re.M)
    text = re.sub(r"^    m_Floats:\n(?:    - [^\n]*\n)*", "    m_Floats:\n    - _Smoothness: 0.8\n", text, flags=re.M)
    (project / VARIANT).write_text(text)
    meta = (project / f"{EGG}.meta").read_text().replace(EGG_GUID, "4b1d0c2e9f8a4e6b8c7d6e5f4a3b2c1d")
    (project / f"{VARIANT}.meta").write_text(meta)
    return project


def test_a_variant_reads_as_its_parent_and_overrides(chicken_with_variant: Path) -> None:
    got = output(chicken_with_variant, "material.get", {"file": VARIANT})
    assert got["parent"] == {"fileID": 2100000, "guid": EGG_GUID, "type": 2, "path": EGG, "builtin": False}
    assert (got["floats"], got["colors"], got["textures"], got["ints"]) == ({"_Smoothness": 0.8}, {}, [], {})
    assert output(chicken_with_variant, "material.get", {"file": EGG})["parent"] is None


@pytest.mark.parametrize("payload", [
    {"floats": {"_Smoothness": 0.5}},                  # an override
    {"floats": {"_Cutoff": 0.2}, "add": True},         # a parent value
    {"renderQueue": 2450},                             # a setting whose override bit is not verified
    {"enableKeywords": ["_EMISSION"]},
])
def test_a_variant_is_not_edited(chicken_with_variant: Path, payload: dict) -> None:
    before = snapshot(chicken_with_variant)
    error = failure(chicken_with_variant, "material.set", {"file": VARIANT, **payload})
    assert error.code == "E_MATERIAL_VARIANT_UNSUPPORTED" and error.details["parentGuid"] == EGG_GUID
    assert snapshot(chicken_with_variant) == before


def test_a_variant_is_no_template_for_a_new_material(chicken_with_variant: Path) -> None:
    before = snapshot(chicken_with_variant)
    error = failure(chicken_with_variant, "material.create",
                    {"file": "Assets/Bark.mat", "shader": URP_LIT_GUID, "like": VARIANT})
    assert error.code == "E_MATERIAL_VARIANT_UNSUPPORTED"
    assert snapshot(chicken_with_variant) == before
    # Found automatically for a shader no material uses yet (a hand-written .shader: no fixture keeps one), the
    # template is a material that stands alone, though the variant is the first material of the project.
    (chicken_with_variant / "Assets/Bark.shader").write_text('Shader "Custom/Bark"\n{\n    SubShader { Pass {} }\n}\n')
    (chicken_with_variant / "Assets/Bark.shader.meta").write_text(
        "fileFormatVersion: 2\nguid: 5d0e1f2a3b4c4d5e8f9a0b1c2d3e4f50\nShaderImporter:\n  externalObjects: {}\n"
        "  defaultTextures: []\n  nonModifiableTextures: []\n  userData: \n  assetBundleName: \n"
        "  assetBundleVariant: \n")
    result = output(chicken_with_variant, "material.create", {"file": "Assets/Bark.mat", "shader": "Assets/Bark.shader"})
    assert result["template"] == f"{MATERIALS}/CameraBounds.mat"
    assert "  m_Parent: {fileID: 0}\n" in (chicken_with_variant / "Assets/Bark.mat").read_text()
