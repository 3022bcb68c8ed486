"""What the LAN tests share: a host that stays on this machine (127.0.0.1, a port of the system's
choosing, never announcing itself), and the card codes a message names, for the wire leak checks."""

from __future__ import annotations

import asyncio
import os
import time
from pathlib import Path
from typing import Any

from net.host import HostConfig
from net.protocol import PROTOCOL_VERSION, Hello, Ready, Welcome, encode, read_message

LOOPBACK = "127.0.0.1"


def loopback(**kw: Any) -> HostConfig:
    """A host config for a test: on the loopback, on any free port, and never announced (multicast)."""
    return HostConfig(**{"host": LOOPBACK, "port": 0, "advertise": False, **kw})


def data_home(folder: str | Path) -> dict[str, str]:
    """The environment for a `main.py` a test starts: its data folder (match logs, kept seats, a kept
    match) is `folder`, never the user's, so one test's leftovers cannot change another's run."""
    return {**os.environ, "DOBON_TABLE_HOME": str(folder)}


async def until(condition, seconds: float, what: str) -> None:
    """Wait (polling) until `condition()` holds; AssertionError naming `what` after `seconds`."""
    end = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > end:
            raise AssertionError(f"timed out waiting for {what}")
        await asyncio.sleep(0.02)


async def silent_seat(port: int, name: str = "laptop") -> tuple[asyncio.StreamWriter, Welcome]:
    """A person who joins and says ready, then goes silent without closing (its cable is out): its
    socket stays open but it neither reads nor writes any more (no heartbeat either)."""
    reader, writer = await asyncio.open_connection(LOOPBACK, port)
    writer.write(encode(Hello(PROTOCOL_VERSION, name)))
    writer.write(encode(Ready()))
    await writer.drain()
    welcome = await read_message(reader, 5)
    assert isinstance(welcome, Welcome)
    return writer, welcome


def card_codes(message: Any, codes: set[str] | dict[str, Any]) -> set[str]:
    """The card codes named anywhere in a decoded message's values (never its keys: a seat number
    "3" keying a map is not kabufuda's 3), for checking that no hidden card was sent."""
    found: set[str] = set()
    stack = [message]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            if item in codes:
                found.add(item)
        elif isinstance(item, dict):
            stack.extend(item.values())
        elif isinstance(item, list | tuple):
            stack.extend(item)
    return found


def drawn_apart(events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The events but jda's seat draws: those cards are drawn from a shuffled copy of the deck that
    is put away again (the deal is shuffled afresh), so naming them tells nothing of where a card is."""
    return [e for e in events if e.get("event") != "SeatsDrawn"]


# rule options that keep a preset's real-time waits short at a test's pace (jda's gaeshi window
# lasts 3 s after a throw-in, 10 s at most: JD13; its host gathers a tick for 100 ms: JD10)
QUICK_OPTIONS: dict[str, dict[str, Any]] = {
    "jda": {"gaeshi_ms": 300, "gaeshi_max_ms": 600, "simultaneity_ms": 20}
}


def quick_options(preset: str) -> dict[str, Any]:
    return dict(QUICK_OPTIONS.get(preset, {}))


def record_together(monkeypatch) -> list[list[int]]:
    """The seats of each batch the host applies together (`Game.apply_together`), in the order applied:
    the list fills as the game goes on."""
    from game import Game

    batches: list[list[int]] = []
    real = Game.apply_together

    def recording(self, actions):
        batches.append([a.seat for a in actions])
        return real(self, actions)

    monkeypatch.setattr(Game, "apply_together", recording)
    return batches
