"""The seat this computer holds at a LAN table, kept on disk so that it outlives the game.

A guest whose laptop lid closed, whose game crashed or who quit by mistake comes back to the same seat
from the title screen ("Rejoin"), or with `main.py join --rejoin`: the host keeps a dropped seat for
its token (net.host), and this file keeps the token. It lives in the user's data folder (platformdirs,
like the settings and the interrupted-match save; `DOBON_TABLE_HOME` overrides it) and is forgotten
when the match ends, when the host closes the table or refuses the token, and after `MAX_AGE_S`.

A broken or foreign file never raises: it is read within tight limits (game.safejson), checked field
by field (`TicketFile`) and set aside with a message; the worst it can cost is the Rejoin button.
"""

from __future__ import annotations

import contextlib
import os
import time
from dataclasses import asdict, dataclass, replace
from pathlib import Path
from typing import Annotated

import msgspec
import platformdirs
from msgspec import Meta

from game import safejson
from game.plaintext import clean
from game.safejson import FileProblem, Limits

APP = "DobonTable"  # the same folder as ui.settings (net must not import the UI)
FILE = "lan-seat.json"
NAME_CHARS = 16  # as many as the name fields take
MAX_AGE_S = 12 * 3600  # a seat older than an evening is not offered any more


@dataclass(frozen=True)
class Ticket:
    host: str
    port: int
    token: str
    name: str
    rules: str = ""
    seat: int = -1
    saved: float = 0.0  # time.time() when it was written

    @property
    def address(self) -> str:
        return f"[{self.host}]:{self.port}" if ":" in self.host else f"{self.host}:{self.port}"


def data_folder() -> Path:
    """The user's data folder for the game (as ui.settings.data_dir): the kept seat, LAN match logs."""
    home = os.environ.get("DOBON_TABLE_HOME")
    return Path(home) if home else Path(platformdirs.user_data_dir(APP, appauthor=False))


def match_log_folder() -> Path:
    """Where a LAN host keeps each match's action log (main.py replay reads them)."""
    return data_folder() / "lan-logs"


def ticket_path() -> Path:
    return data_folder() / FILE


def save_ticket(ticket: Ticket) -> None:
    """Write the ticket (atomically: a crash mid-write leaves the old one or none, never half)."""
    stamped = Ticket(**{**asdict(ticket), "saved": time.time()})
    safejson.write(ticket_path(), asdict(stamped))


class TicketFile(msgspec.Struct):
    """What lan-seat.json may hold: each field typed and in range (msgspec checks them, naming the
    field), so nothing in the file reaches a socket or a screen unchecked."""

    host: Annotated[str, Meta(min_length=1, max_length=255, pattern=r"^[0-9A-Za-z.:%_\[\]-]+$")]
    port: Annotated[int, Meta(ge=1, le=65535)]
    token: Annotated[str, Meta(min_length=1, max_length=128, pattern=r"^[\x21-\x7e]+$")]
    name: Annotated[str, Meta(max_length=64)] = ""
    rules: Annotated[str, Meta(max_length=32, pattern=r"^[0-9a-z_-]*$")] = ""
    seat: Annotated[int, Meta(ge=-1, le=64)] = -1
    saved: Annotated[float, Meta(ge=0, le=1e11)] = 0.0


TICKET_LIMITS = Limits(max_bytes=4096, max_depth=2, max_string=256, max_items=16, max_values=32)


def read_ticket(now: float | None = None) -> tuple[Ticket | None, str | None]:
    """The seat kept from last time, or None (none kept, too old); and a message when the file made no
    sense, which is then set aside (lan-seat.json.broken) so it costs the Rejoin button only once."""
    path = ticket_path()
    if not path.exists():
        return None, None
    try:
        kept = safejson.convert(safejson.read(path, TICKET_LIMITS), TicketFile, path)
    except FileProblem as exc:
        return None, _set_aside(path, exc.brief())
    ticket = Ticket(**msgspec.structs.asdict(kept))
    ticket = replace(ticket, name=clean(ticket.name, NAME_CHARS))
    age = (time.time() if now is None else now) - ticket.saved
    return (ticket if 0 <= age <= MAX_AGE_S else None), None


def load_ticket(now: float | None = None) -> Ticket | None:
    """The seat kept from last time, or None (none kept, too old, or the file does not make sense)."""
    return read_ticket(now)[0]


def _set_aside(path: Path, problem: str) -> str:
    """Set the file aside (game.safejson.set_aside); the message for the player."""
    return f"the kept LAN seat was set aside as {safejson.set_aside(path)}: it could not be read ({problem})"


def clear_ticket() -> None:
    with contextlib.suppress(OSError):
        ticket_path().unlink()
