"""The seats this computer holds at LAN tables, by the table's address and the player's name, so that
starting the same `join` again comes back to the same seat instead of taking a second one.

`main.py join` keeps its seat's token here by default (`--fresh` takes a new seat instead) and uses
it on its next start at the same address under the same name (two players on one computer keep two
seats). One file in the user's data folder (net.ticket's `data_folder`), `lan-seats.json`:
{"HOST:PORT NAME": {"token", "name", "seat", "saved"}}, changed under a lock where the system has one
(two `join`s starting together must not lose each other's seat). An entry is forgotten when its match
ends, when its host closes the table or refuses the token, and after net.ticket's `MAX_AGE_S`. A
damaged or foreign file is read as empty (game.safejson bounds the read) and rewritten whole at the
next keep: the worst it can cost is one fresh seat.
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Iterator
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


def seat_key(host: str, port: int, name: str) -> str:
    table = f"[{host}]:{port}" if ":" in host else f"{host}:{port}"
    return f"{table} {name.strip().casefold()}"


def seats_path() -> Path:
    return data_folder() / FILE


def kept_seat(host: str, port: int, name: str, now: float | None = None) -> KeptSeat | None:
    """The seat `name` holds at the table at host:port, or None (none kept, too old, or unreadable)."""
    seat = _load().get(seat_key(host, port, name))
    if seat is None:
        return None
    age = (time.time() if now is None else now) - seat.saved
    return seat if 0 <= age <= MAX_AGE_S else None


def keep_seat(host: str, port: int, name: str, token: str, seat: int) -> None:
    """Keep this seat's token for the table (atomically: a crash mid-write leaves the old file)."""
    with _locked():
        seats = _load()
        seats[seat_key(host, port, name)] = KeptSeat(token, name, seat, time.time())
        _save(seats)


def forget_seat(host: str, port: int, name: str) -> None:
    """There is nothing to come back to at this table any more (its match ended, it closed)."""
    with _locked():
        seats = _load()
        if seats.pop(seat_key(host, port, name), None) is not None:
            _save(seats)


@contextlib.contextmanager
def _locked() -> Iterator[None]:
    """One process at a time reads, changes and writes the file (POSIX; elsewhere, as it comes)."""
    try:
        import fcntl
    except ImportError:  # Windows: no advisory locks here; a lost race costs one fresh seat
        yield
        return
    path = seats_path().with_suffix(".lock")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handle = open(path, "a")  # noqa: SIM115  (held for the block below)
    except OSError:
        yield
        return
    with handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        yield


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
        safejson.write(path, {key: asdict(seat) for key, seat in newest})
