"""The MCP entry: a stdio server over the one registry (see `server.py`).

Nothing is imported here so that `unitycli.mcp.names` and `unitycli.mcp.toolsets` stay cheap to import for
docs and tests that never start a server.
"""
