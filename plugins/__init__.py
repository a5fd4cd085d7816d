"""Built-in tool plugins, registered through the same hooks as any extension."""
