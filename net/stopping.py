"""Running a LAN command (a headless host, a joining AI) until Ctrl+C or a polite kill.

asyncio.run's own Ctrl+C handling runs the Python signal handler, which only runs when the main thread
wakes. A signal sent to the process can land on any thread, and a host has worker threads (the
default executor resolving addresses, zeroconf): then the event loop sleeps on until its next timer,
seconds later, and a supervisor (`timeout -k`, a test, a service manager) kills it before it has said
goodbye to its players or withdrawn its announcement. `loop.add_signal_handler` wakes the loop through
its own pipe from whichever thread the signal lands on, so the command stops at once and cleanly.
"""

from __future__ import annotations

import asyncio
import contextlib
import signal
from collections.abc import Coroutine
from typing import Any, TypeVar

T = TypeVar("T")

STOP_SIGNALS = (signal.SIGINT, signal.SIGTERM)


class Stopped(Exception):
    """The command was asked to stop by a signal; `code` is the shell's exit status for it (128 + n)."""

    def __init__(self, signum: int):
        super().__init__(signal.Signals(signum).name)
        self.code = 128 + signum


async def until_stopped(work: Coroutine[Any, Any, T]) -> T:
    """Await `work`; on SIGINT or SIGTERM cancel it (its `finally` blocks run) and raise Stopped.

    Where the loop cannot watch signals (Windows), Ctrl+C arrives as KeyboardInterrupt as usual."""
    loop = asyncio.get_running_loop()
    task = asyncio.ensure_future(work)
    caught: list[int] = []

    def stop(signum: int) -> None:
        caught.append(signum)
        task.cancel()  # again on a second Ctrl+C, should something have swallowed the first

    watched = []
    for signum in STOP_SIGNALS:
        try:
            loop.add_signal_handler(signum, stop, signum)
        except (NotImplementedError, RuntimeError, ValueError):  # not here, or not the main thread
            continue
        watched.append(signum)
    try:
        return await task
    except asyncio.CancelledError:
        if caught:
            raise Stopped(caught[0]) from None
        raise
    finally:
        for signum in watched:
            with contextlib.suppress(Exception):
                loop.remove_signal_handler(signum)
