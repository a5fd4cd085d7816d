"""`python -m unitycli` runs the same entry as the console script."""

from unitycli.cli.entry import main

main()
