"""The seat this computer holds at each LAN table, by the table's address, so that starting `join`
again comes back to the same seat instead of taking a second one under the same name.

`main.py join` keeps its seat's token here by default (`--fresh` takes a new seat instead) and uses
it on its next start at the same address. One file in the user's data folder (net.ticket's
`data_folder`), `lan-seats.json`: {"HOST:PORT": {"token", "name", "seat", "saved"}}. A table's entry
is forgotten when its match ends, when its host closes the table or refuses the token, and after
net.ticket's `MAX_AGE_S`. A damaged or foreign file is read as empty (game.safejson bounds the read)
and rewritten whole at the next keep: the worst it can cost is one fresh seat.
"""

from __future__ import annotations

import contextlib
import json
import os
import time
from dataclasses import asdict, dataclass
from pathlib import Path

from game import safejson

from .ticket import MAX_AGE_S, data_folder

FILE = "lan-seats.json"
LIMITS = safejson.Limits(max_bytes=256 * 1024, max_depth=4, max_string=200, max_items=256)
MAX_TABLES = 64  # tables remembered at once; the oldest go first


@dataclass(frozen=True)
class KeptSeat:
    token: str
    name: str = ""
    seat: int = -1
    saved: float = 0.0  # time.time() when it was written


def table_key(host: str, port: int) -> str:
    return f"[{host}]:{port}" if ":" in host else f"{host}:{port}"


def seats_path() -> Path:
    return data_folder() / FILE


def kept_seat(host: str, port: int, now: float | None = None) -> KeptSeat | None:
    """The seat kept at the table at host:port, or None (none kept, too old, or unreadable)."""
    seat = _load().get(table_key(host, port))
    if seat is None:
        return None
    age = (time.time() if now is None else now) - seat.saved
    return seat if 0 <= age <= MAX_AGE_S else None


def keep_seat(host: str, port: int, token: str, name: str, seat: int) -> None:
    """Keep this seat's token for the table (atomically: a crash mid-write leaves the old file)."""
    seats = _load()
    seats[table_key(host, port)] = KeptSeat(token, name, seat, time.time())
    _save(seats)


def forget_seat(host: str, port: int) -> None:
    """There is nothing to come back to at this table any more (its match ended, it closed)."""
    seats = _load()
    if seats.pop(table_key(host, port), None) is not None:
        _save(seats)


def _load() -> dict[str, KeptSeat]:
    try:
        data = safejson.read(seats_path(), LIMITS)
    except (OSError, ValueError):
        return {}
    if not isinstance(data, dict):
        return {}
    seats = {}
    for key, entry in data.items():
        with contextlib.suppress(KeyError, TypeError, ValueError, AttributeError):
            token = entry["token"]
            if isinstance(token, str) and token:
                seats[key] = KeptSeat(
                    token,
                    str(entry.get("name", "")),
                    int(entry.get("seat", -1)),
                    float(entry.get("saved", 0)),
                )
    return seats


def _save(seats: dict[str, KeptSeat]) -> None:
    newest = sorted(seats.items(), key=lambda item: item[1].saved, reverse=True)[:MAX_TABLES]
    path = seats_path()
    with contextlib.suppress(OSError):  # keeping the token is a convenience, never a failure
        path.parent.mkdir(parents=True, exist_ok=True)
        partial = path.with_suffix(".tmp")
        partial.write_text(json.dumps({key: asdict(seat) for key, seat in newest}), encoding="utf-8")
        os.replace(partial, path)
