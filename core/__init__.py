"""unitycli: discover and run typed tools against Unity projects, headless, from a CLI or an MCP server."""

__version__ = "0.1.0"

# The plugin API version extensions declare compatibility with (manifests carry a `packaging` specifier).
CORE_API_VERSION = "2.0"
