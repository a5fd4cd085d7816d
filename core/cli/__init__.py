"""The command-line entry: a thin adapter from argv to the registry, runner and envelope."""
