"""The tool modules of unitycli-hdrp: each holds one tool's models and handler, imported when the tool runs (the
descriptors are in `unitycli_hdrp.specs`)."""
