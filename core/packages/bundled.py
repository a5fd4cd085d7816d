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

EDITOR_BUNDLED = frozenset({
    "com.unity.render-pipelines.core", "com.unity.render-pipelines.universal",
    "com.unity.render-pipelines.universal-config", "com.unity.render-pipelines.high-definition",
    "com.unity.render-pipelines.high-definition-config", "com.unity.shadergraph", "com.unity.visualeffectgraph",
})

_SAME_VERSION = ("com.unity.render-pipelines.core", "com.unity.shadergraph", "com.unity.visualeffectgraph",
                 "com.unity.render-pipelines.high-definition-config")
KNOWN_EDGES: dict[tuple[str, str], dict[str, str]] = {
    ("com.unity.render-pipelines.high-definition", version): {dep: version for dep in _SAME_VERSION}
    for version in ("14.0.12", "17.0.3", "17.2.0")
}


def known_edges(name: str, version: str | None) -> dict[str, str]:
    """The dependency edges known for a bundled package at a version (a partial list), else none."""
    return dict(KNOWN_EDGES.get((name, version or ""), {}))
