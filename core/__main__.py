"""`python -m unitycli` runs the same entry as the console script.

`-m` puts the working directory first on `sys.path`; `main` removes it (with the folders relative `PYTHONPATH`
entries name) before anything else is imported, so a project folder's own `pluggy.py` (or any module) never
shadows ours. `unitycli.cli.entry` imports only `os` and `sys`, and as a submodule it is found through this
package, not through `sys.path`.
"""

from unitycli.cli.entry import main

main()
