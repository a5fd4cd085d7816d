"""The ProBuilder tools' handlers with their request and result models; their ToolSpecs are in `specs/`, which
names them by import path, so running a tool imports its own module only."""
