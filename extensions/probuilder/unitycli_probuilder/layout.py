"""Which ProBuilder layout a project uses, from its resolved `com.unity.probuilder` version.

The ProBuilderMesh layout is the same in every listed version; ProBuilderShape's is not (5.2: `m_Rotation`,
`m_PivotLocation`, `m_PivotPosition`, `m_ShapeBox`; 6.0: `m_ShapeRotation`, `m_LocalCenter`), and 5.2 still treats
smoothing groups 25-42 as hard. Availability has already refused unlisted versions before a handler runs; a
project that accepted an unverified version explicitly gets the layout of its major.minor when known.
"""

from __future__ import annotations

from typing import Literal

from unitycli.api import ToolContext, UnityCliError
from unitycli_probuilder import ids

Layout = Literal["5.2", "6.0"]


def probuilder_version(ctx: ToolContext) -> str | None:
    return ctx.package_version(ids.PROBUILDER_PACKAGE)


def layout_of(version: str | None) -> Layout:
    """"5.2" or "6.0"; anything else fails closed (E_EXTENSION_DEPENDENCY_VERSION_UNSUPPORTED)."""
    major_minor = ".".join((version or "").split(".")[:2])
    if major_minor in ("5.2", "6.0"):
        return major_minor  # type: ignore[return-value]
    raise UnityCliError(
        "E_EXTENSION_DEPENDENCY_VERSION_UNSUPPORTED",
        f"com.unity.probuilder {version or '(none)'} has no known ProBuilderShape layout (known: 5.2.x, 6.0.x)",
        details={"package": ids.PROBUILDER_PACKAGE, "projectHas": version},
    )


def project_layout(ctx: ToolContext) -> Layout:
    return layout_of(probuilder_version(ctx))


def legacy_hard_groups(layout: Layout) -> bool:
    """Smoothing groups 25-42 count as hard in 5.2.x (Smoothing.hardRangeMin/Max), not in 6.0.x."""
    return layout == "5.2"
