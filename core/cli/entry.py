"""The console script: answer cached discovery commands before importing anything heavy."""

from __future__ import annotations

import sys


def main() -> None:
    from unitycli.cli import fastpath

    if fastpath.try_serve(sys.argv[1:]):
        raise SystemExit(0)
    from unitycli.cli.main import main as full_main

    full_main()
