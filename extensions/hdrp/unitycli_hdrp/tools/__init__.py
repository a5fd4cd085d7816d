"""The tool modules of unitycli-hdrp, one ToolSpec each."""
