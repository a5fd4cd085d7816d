"""One module per ProBuilder tool: its request and result models, handler and ToolSpec."""
