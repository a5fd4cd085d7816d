"""Turn an unexpected exception into the catalogued `E_INTERNAL` error, with the traceback in a log file.

No entry lets an exception escape to the user (the CLI, the MCP server between calls, the batch runner
reporting a step): each logs it under the user cache directory and returns the error object every entry
returns, pointing at the log.
"""

from __future__ import annotations

import logging
import traceback
import uuid

from unitycli.errors import UnityCliError

logger = logging.getLogger("unitycli")


def internal_error(exc: BaseException, request_id: str | None = None) -> UnityCliError:
    from unitycli.project.userdata import user_cache_dir

    name = request_id or "req-" + uuid.uuid4().hex[:20]
    text = "".join(traceback.format_exception(exc))
    try:
        log_dir = user_cache_dir() / "logs"
        log_dir.mkdir(parents=True, exist_ok=True)
        path = log_dir / f"{name}.log"
        path.write_text(text, encoding="utf-8", errors="backslashreplace")  # argv bytes may be undecodable
        log = str(path)
    except OSError:
        log = "(log could not be written)"
    logger.error("unexpected %s; traceback in %s", type(exc).__name__, log)
    return UnityCliError("E_INTERNAL", f"unexpected {type(exc).__name__}: {exc}", details={"log": log},
                         next_actions=[])  # details.log is the traceback to read
