"""Element edits on the ProBuilderMesh model, ported from the package's Runtime/MeshOperations (rc-6.0.4)."""
