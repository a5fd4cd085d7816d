"""pip in a subprocess: the one supported way to install an extension into the interpreter running unitycli.

Failures keep pip's own last lines in `details`, so a network error reads as pip said it.
"""

from __future__ import annotations

import os
import shlex
import subprocess
import sys
from dataclasses import dataclass

from unitycli.errors import UnityCliError

TAIL_LINES = 25


@dataclass
class PipResult:
    command: list[str]
    returncode: int
    output: str

    @property
    def ok(self) -> bool:
        return self.returncode == 0

    def tail(self) -> list[str]:
        return [line for line in self.output.splitlines() if line.strip()][-TAIL_LINES:]


def run_pip(args: list[str], timeout: float = 900) -> PipResult:
    """`python -m pip <args>` with the interpreter running unitycli; output goes to the result, not the terminal."""
    command = [sys.executable, "-m", "pip", *args]
    env = {**os.environ, "PIP_DISABLE_PIP_VERSION_CHECK": "1", "PIP_NO_INPUT": "1"}
    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=timeout, env=env, check=False)
    except subprocess.TimeoutExpired as exc:
        output = (exc.stdout or "") + (exc.stderr or "") if isinstance(exc.stdout, str) else ""
        return PipResult(command, -1, output + f"\n(pip did not finish within {timeout:g} s)")
    except OSError as exc:
        return PipResult(command, -1, f"could not start pip: {exc}")
    return PipResult(command, done.returncode, (done.stdout or "") + (done.stderr or ""))


def pip_failed(result: PipResult, what: str, next_actions: list[str] | None = None) -> UnityCliError:
    tail = result.tail()
    last = tail[-1] if tail else "no output"
    # "No matching distribution" is final (the name or version does not exist there); network trouble is not.
    text = "\n".join(tail)
    offline = any(word in text for word in ("NewConnectionError", "Retrying", "Temporary failure", "timed out"))
    missing = not offline and ("No matching distribution" in text or "Could not find a version" in text)
    return UnityCliError(
        "E_EXTENSION_INSTALL_FAILED", f"{what} failed (pip exit {result.returncode}): {last}",
        details={"command": result.command, "exitCode": result.returncode, "pipOutput": tail,
                 "distributionMissing": missing},
        next_actions=next_actions or [shlex.join(result.command)],
        transient=False if missing else None)
