"""Facts about Unity's own packages that no project file states when `packages-lock.json` is absent.

- **Editor-bundled packages.** The Scriptable Render Pipeline family ships with the Editor: every Unity 2022.3 and 6
  lock in the fixtures lists these with `"source": "builtin"` (chicken-defense URP 14.0.9; bitesize's Unity 6
  projects URP/core/shadergraph 17.0.3; ECS HDRPSamples HDRP/core/shadergraph/visualeffectgraph 17.2.0), so their
  version is the one the Editor bundles and another package's dependency list cannot raise it.
- **Dependency edges of bundled packages**, from the package's own `package.json` at that version, listed only where
  every copy read agrees (extra, build-dependent entries such as com.unity.burst are left out, so these lists are
  never taken as complete): HDRP 17.0.3 in the Unity 6000.0.0f1, 6000.0.29f1 and 6000.0.30f1 Editors and HDRP
  14.0.12 depend on com.unity.visualeffectgraph, render-pipelines.core and shadergraph at their own version; the
  ECS HDRPSamples lock shows the same edge for 17.2.0.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # pragma: no cover
    from unitycli.packages.models import ResolvedPackages

EDITOR_BUNDLED = frozenset({
    "com.unity.render-pipelines.core", "com.unity.render-pipelines.universal",
    "com.unity.render-pipelines.universal-config", "com.unity.render-pipelines.high-definition",
    "com.unity.render-pipelines.high-definition-config", "com.unity.shadergraph", "com.unity.visualeffectgraph",
})

# Also shipped with the Editor in every 2022.3 and Unity 6 fixture lock (`"source": "builtin"`): uGUI.
_ALSO_BUNDLED = frozenset({"com.unity.ugui"})
MODULES_PREFIX = "com.unity.modules."

_SAME_VERSION = ("com.unity.render-pipelines.core", "com.unity.shadergraph", "com.unity.visualeffectgraph",
                 "com.unity.render-pipelines.high-definition-config")
KNOWN_EDGES: dict[tuple[str, str], dict[str, str]] = {
    ("com.unity.render-pipelines.high-definition", version): {dep: version for dep in _SAME_VERSION}
    for version in ("14.0.12", "17.0.3", "17.2.0")
}


def known_edges(name: str, version: str | None) -> dict[str, str]:
    """The dependency edges known for a bundled package at a version (a partial list), else none."""
    return dict(KNOWN_EDGES.get((name, version or ""), {}))


def is_editor_bundled(name: str, resolved: ResolvedPackages) -> bool:
    """Whether the Editor ships this package at its own version, so nothing may add, remove or re-version it.

    The lock says so (`"source": "builtin"`, also for an entry Unity is about to drop); a module always is;
    without a usable lock the known bundled families are taken as bundled (fail closed: never propose a version
    the Editor decides)."""
    if name.startswith(MODULES_PREFIX) or name in resolved.removed_bundled:
        return True
    package = resolved.get(name)
    if package is not None and package.source == "builtin":
        return True
    if resolved.lock_usable and package is not None:
        return False
    return name in EDITOR_BUNDLED or name in _ALSO_BUNDLED
