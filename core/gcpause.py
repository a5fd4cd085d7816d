"""Python's cyclic garbage collector held off while a big structure is built.

Building a 64 MB scene's model (its tables of scanned values unpickled, its objects split and copied, its tree
linked) makes hundreds of thousands of objects that all stay alive; each full collection on the way walks every
one of them and frees nothing, about a third of a read's CPU. Held off only for those steps, so garbage made
elsewhere is collected as usual. Nested and threaded uses are counted: the collector comes back with the last one.
"""

from __future__ import annotations

import gc
import threading
from collections.abc import Iterator
from contextlib import contextmanager

_lock = threading.Lock()
_depth = 0
_was_enabled = False


@contextmanager
def collector_paused() -> Iterator[None]:
    """Run the block with the cyclic collector off (if it was on), turning it back on when the last block ends."""
    global _depth, _was_enabled
    with _lock:
        if _depth == 0:
            _was_enabled = gc.isenabled()
            gc.disable()
        _depth += 1
    try:
        yield
    finally:
        with _lock:
            _depth -= 1
            if _depth == 0 and _was_enabled:
                gc.enable()
