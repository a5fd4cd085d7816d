"""One module per tool: its models and handler, imported when the tool runs (the descriptors are in
`unitycli_vfx.specs`)."""
