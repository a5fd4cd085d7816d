"""The contract snapshot: every descriptor and every CLI `--json` output schema, with a SHA-256 digest.

A schema change then shows up as a failing check until the snapshot is regenerated on purpose
(`unitycli docs contract --write`), so no entry's contract changes by accident.
"""
