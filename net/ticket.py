"""The seat this computer holds at a LAN table, kept on disk so that it outlives the game.

A guest whose laptop lid closed, whose game crashed or who quit by mistake comes back to the same seat
from the title screen ("Rejoin"), or with `main.py join --rejoin`: the host keeps a dropped seat for
its token (net.host), and this file keeps the token. It lives in the user's data folder (platformdirs,
like the settings and the interrupted-match save; `DOBON_TABLE_HOME` overrides it) and is forgotten
when the match ends, when the host closes the table or refuses the token, and after `MAX_AGE_S`.

A broken or foreign file is ignored (and never raises): the worst it can cost is the Rejoin button.
"""

from __future__ import annotations

import contextlib
import json
import os
import time
from dataclasses import asdict, dataclass
from pathlib import Path

import platformdirs

APP = "DobonTable"  # the same folder as ui.settings (net must not import the UI)
FILE = "lan-seat.json"
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
    path = ticket_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    stamped = Ticket(**{**asdict(ticket), "saved": time.time()})
    partial = path.with_suffix(".tmp")
    partial.write_text(json.dumps(asdict(stamped)), encoding="utf-8")
    os.replace(partial, path)


def load_ticket(now: float | None = None) -> Ticket | None:
    """The seat kept from last time, or None (none kept, too old, or the file does not make sense)."""
    try:
        data = json.loads(ticket_path().read_text(encoding="utf-8"))
        ticket = Ticket(
            host=str(data["host"]),
            port=int(data["port"]),
            token=str(data["token"]),
            name=str(data.get("name", "")),
            rules=str(data.get("rules", "")),
            seat=int(data.get("seat", -1)),
            saved=float(data.get("saved", 0.0)),
        )
    except (OSError, ValueError, TypeError, KeyError, AttributeError):
        return None
    age = (time.time() if now is None else now) - ticket.saved
    if not ticket.host or not ticket.token or not 0 < ticket.port < 65536 or not 0 <= age <= MAX_AGE_S:
        return None
    return ticket


def clear_ticket() -> None:
    with contextlib.suppress(OSError):
        ticket_path().unlink()
