"""Every ProBuilder tool's ToolSpec, by group, naming its handler and models by import path.

Registration reads `SPECS` and imports no handler module (`tests/test_probuilder_registration.py` holds that):
these modules import only `unitycli.api` and plain strings, so a `tools run` imports the one tool module it runs.
"""

from __future__ import annotations

from unitycli_probuilder.specs import faces, meshes, objects, shapes, surface, topology, vertices

SPECS = (meshes.SPECS + shapes.SPECS + faces.SPECS + vertices.SPECS + topology.SPECS + surface.SPECS
         + objects.SPECS)
