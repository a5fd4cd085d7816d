"""One module per tool, each exposing `SPEC`."""
