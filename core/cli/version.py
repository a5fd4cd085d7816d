"""`unitycli --version`: the core, its plugin API version and every installed extension, without importing any."""

from __future__ import annotations

import sys
from typing import Any


def version_report() -> dict[str, Any]:
    import unitycli
    from unitycli.host.installed import installed_extensions

    return {
        "unitycli": unitycli.__version__,
        "coreApiVersion": unitycli.CORE_API_VERSION,
        "python": sys.version.split()[0],
        "extensions": [{"id": e.id, "distribution": e.distribution, "version": e.version}
                       for e in installed_extensions()],
    }


def render_version(report: dict[str, Any]) -> str:
    lines = [f"unitycli {report['unitycli']} (core API {report['coreApiVersion']}, Python {report['python']})"]
    lines += [f"{e['distribution']} {e['version']} (extension {e['id']})" for e in report["extensions"]]
    return "\n".join(lines) + "\n"
