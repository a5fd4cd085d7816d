"""The collector held off while a big model is built comes back on, also when blocks nest or overlap in threads,
and stays off when it was off before."""

from __future__ import annotations

import gc
import threading

from unitycli.gcpause import collector_paused


def test_nested_blocks_turn_the_collector_back_on_after_the_last() -> None:
    assert gc.isenabled()
    with collector_paused():
        assert not gc.isenabled()
        with collector_paused():
            assert not gc.isenabled()
        assert not gc.isenabled()  # the outer block still runs
    assert gc.isenabled()


def test_an_error_in_the_block_turns_it_back_on() -> None:
    try:
        with collector_paused():
            raise ValueError("boom")
    except ValueError:
        pass
    assert gc.isenabled()


def test_overlapping_threads_leave_it_on() -> None:
    inside, release = threading.Event(), threading.Event()

    def hold() -> None:
        with collector_paused():
            inside.set()
            release.wait(5)

    worker = threading.Thread(target=hold)
    worker.start()
    inside.wait(5)
    with collector_paused():  # begins while the worker's block runs, ends before it
        pass
    assert not gc.isenabled()  # the worker's block still holds it off
    release.set()
    worker.join(5)
    assert gc.isenabled()


def test_a_collector_that_was_off_stays_off() -> None:
    gc.disable()
    try:
        with collector_paused():
            pass
        assert not gc.isenabled()
    finally:
        gc.enable()
