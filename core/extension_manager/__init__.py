"""The extension manager: manifests, availability, integrity, project tools, lock, install, doctor.

Submodules are imported where they are used; importing this package loads nothing heavy.
"""
