"""Sentences and sample names that tool descriptions share, and the edit result's note repeats.

Plain strings, importing nothing: the spec modules read them at registration, which must not import handler code.
"""

from __future__ import annotations

# The examples run on examples/sample-project, which has ProBuilder but no mesh: create-shape's example adds one.
SAMPLE_SCENE = "Assets/Scenes/Garden.unity"
SAMPLE_MESH = "Crate"
EXAMPLE_NOTE = (f" The example uses the `{SAMPLE_MESH}` cube that probuilder.create-shape's example adds to "
                f"{SAMPLE_SCENE} of examples/sample-project: run that one first.")

REBUILD_NOTE = ("The ProBuilderMesh now has m_Mesh: {fileID: 0} (so do its MeshFilter and MeshCollider) and the old "
                "in-scene Mesh was removed when nothing else used it: ProBuilderMesh.Awake rebuilds the Mesh from the "
                "edited data when Unity loads the scene or prefab. A kept Mesh would load as 'in sync' and show the "
                "old geometry, because ProBuilder tracks changes only with a non-serialized counter.")
