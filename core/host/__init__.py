"""The plugin host: hookspecs, loading, trust (RECORD checks, installed distributions), the registry, manifests,
catalog and dependencies, availability and integrity. Everything above it (runner, CLI, MCP, batch, the extension
manager) asks the host; nothing below it imports it."""
