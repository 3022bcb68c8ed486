"""A LAN host's match kept on disk, so that a host that crashes and is started again goes on with it.

The desktop keeps a solo match in one file (ui.settings.save_match); a host keeps its LAN match the
same way, in `lan-host.json` in the user's data folder: the table (preset, seats, options, seed,
rounds, AI level, time to act), each seat's name, kind and token, and the action log so far. The
seed is no secret from the host's own disk. A host started again with the same table (`main.py host`
with the same rules and seats) replays the log and goes on: its guests come back with their tokens
and are told "the host is back; the match goes on" (net.host).

Writes are atomic (a temporary file, then a rename), so a crash mid-write leaves the previous save. A
file that cannot be read or does not replay is set aside beside it (`.broken`) and said so in one
line; then a new match starts. The save is removed when the match ends or the host closes the table
on purpose: only a crash leaves one behind.
"""

from __future__ import annotations

import asyncio
import contextlib
import threading
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from game import safejson
from game.engine import Game
from game.headless import write_log
from game.history import rebuild
from game.rules import PRESETS

from .ticket import data_folder

FILE = "lan-host.json"  # `main.py host`'s
DESKTOP_FILE = "lan-table.json"  # the desktop's (its host plays seat `me`: *Continue hosting*)
FORMAT = 1  # the file's version (`dobon_lan_host`)
LIMITS = safejson.Limits(max_bytes=16 * 1024 * 1024, max_depth=8)


@dataclass
class KeptMatch:
    preset: str
    players: int
    options: dict[str, Any]
    seed: int
    rounds: int
    ai: str
    turn_limit_s: float
    names: list[str]
    kinds: list[str]  # per seat "person" or "ai" (a late guest not yet seated is "ai")
    tokens: list[str]  # per seat: the token its person comes back with ("" for AI)
    actions: list[dict[str, Any]] = field(default_factory=list)
    kept_seq: int = 0  # actions up to the last round finished (what a guest may keep at a close)
    history_started: str = ""  # the history record's start stamp (the same record goes on)
    match_elapsed_ms: float | None = None  # a match played to a time: how long its clock had run
    port: int = 0  # where the table listened: its guests come back there
    me: int | None = None  # the hosting person's seat (the desktop's host plays one; headless: None)
    joined: list[int] = field(default_factory=list)  # per seat the rounds before its person sat (Host.joined)

    def replay(self) -> Game:
        """The game as it stood when saved; ValueError (naming the action) if it does not replay."""
        return rebuild(self.preset, self.players, self.options, self.seed, self.actions)


class Damaged(ValueError):
    """A kept match that cannot be resumed; the message says why and where the file was set aside."""


def kept_path(desktop: bool = False) -> Path:
    return data_folder() / (DESKTOP_FILE if desktop else FILE)


def save(path: Path, match: KeptMatch) -> None:
    """Write the match (atomically: a crash mid-write leaves the previous save)."""
    safejson.write(path, {"dobon_lan_host": FORMAT, **asdict(match)})


def load(path: Path) -> tuple[KeptMatch, Game] | None:
    """The kept match and its game replayed, or None if there is none; Damaged (the file set aside)
    if it is unusable."""
    if not path.exists():
        return None
    try:
        data = safejson.read(path, LIMITS)
        if not isinstance(data, dict) or data.get("dobon_lan_host") != FORMAT:
            raise ValueError("not a Dobon Table LAN match")
        data.pop("dobon_lan_host")
        match = KeptMatch(**data)
        _check(match)
        game = match.replay()
    except (ValueError, TypeError, KeyError, IndexError) as exc:
        aside = safejson.set_aside(path)
        raise Damaged(
            f"the kept LAN match could not be resumed ({exc}); it was set aside as {aside}"
        ) from None
    return match, game


def _check(match: KeptMatch) -> None:
    """What the dataclass cannot say: one name, kind and token per seat, of the right types."""
    n = match.players
    most = max(rules.players_cap for rules in PRESETS.values())  # the rules check the preset's own
    if not isinstance(n, int) or not 2 <= n <= most:
        raise ValueError(f"players: {safejson.short(n)}")
    if not isinstance(match.ai, str) or not isinstance(match.turn_limit_s, int | float):
        raise ValueError("ai is a level's name and turn_limit_s a number of seconds")
    for what in ("names", "kinds", "tokens"):
        values = getattr(match, what)
        if not isinstance(values, list) or len(values) != n or not all(isinstance(v, str) for v in values):
            raise ValueError(f"{what}: not one text per seat")
    if not all(kind in ("person", "ai") for kind in match.kinds):
        raise ValueError("kinds: each seat is a person or AI")
    if not isinstance(match.actions, list) or not isinstance(match.options, dict):
        raise ValueError("actions or options are of the wrong kind")
    if (
        not isinstance(match.seed, int)
        or not isinstance(match.rounds, int)
        or not isinstance(match.kept_seq, int)
    ):
        raise ValueError("seed, rounds and kept_seq are whole numbers")
    if not isinstance(match.port, int) or not 0 <= match.port < 65536:
        raise ValueError(f"port: {match.port!r}")
    if match.me is not None and (not isinstance(match.me, int) or not 0 <= match.me < n):
        raise ValueError(f"me: {match.me!r}")
    joined = match.joined
    if not isinstance(joined, list) or (joined and len(joined) != n):
        raise ValueError("joined: not one round count per seat")
    if not all(isinstance(j, int) and not isinstance(j, bool) and j >= 0 for j in joined):
        raise ValueError("joined: not one round count per seat")


class Writer:
    """Keeps a table's match on disk after each change: `changed()` from the table's loop; the file is
    written on a worker thread, the latest state only (changes made while a write runs are taken by
    the next), so the table never waits on the disk. A disk that refuses is said once; play goes on."""

    def __init__(self, path: Path, snapshot: Callable[[], KeptMatch], log: Callable[[str], None]):
        self.path, self.snapshot, self.log = path, snapshot, log
        self._due = asyncio.Event()
        self._task: asyncio.Task | None = None
        self._lock = threading.Lock()  # a write on its thread, or the stop: never both at once
        self._stopped = False

    def changed(self) -> None:
        if self._task is None:
            self._task = asyncio.create_task(self._write())
        self._due.set()

    async def _write(self) -> None:
        said = False
        while True:
            await self._due.wait()
            self._due.clear()
            match = self.snapshot()
            try:
                await asyncio.to_thread(self._save, match)
            except OSError as exc:
                if not said:
                    said = True
                    self.log(
                        f"could not keep the match on disk ({exc.strerror or exc}); a restart cannot resume it"
                    )

    def _save(self, match: KeptMatch) -> None:
        with self._lock:
            if not self._stopped:
                save(self.path, match)

    def stop(self) -> None:
        """No more writes: once this returns none is under way or to come (the file may go now)."""
        with self._lock:
            self._stopped = True
        task, self._task = self._task, None
        if task is not None:
            task.cancel()


def retire(path: Path, log_dir: str | None) -> tuple[tuple[str, ...], str]:
    """Set the kept match aside for a new one (`main.py host --new-match`): its log up to its last
    finished round is saved in `log_dir` like any match's (main.py replay reads it), and its people's
    tokens are returned, so that those who come back are told a new match has started. Also what to
    say of it, in a sentence."""
    try:
        found = load(path)
    except Damaged as exc:
        return (), str(exc)
    if found is None:
        return (), ""
    kept = found[0]
    aside = safejson.set_aside(path, ".old")
    said = f"the kept LAN match was set aside as {aside}; a new match starts"
    if log_dir is not None and kept.kept_seq > 0:
        finished = rebuild(kept.preset, kept.players, kept.options, kept.seed, kept.actions[: kept.kept_seq])
        log = Path(log_dir) / f"lan-{kept.preset}-{time.strftime('%Y%m%d-%H%M%S')}-{kept.seed}-kept.log"
        try:
            log.parent.mkdir(parents=True, exist_ok=True)
            write_log(log, finished, kept.names)
            said += f" (its finished rounds are saved in {log})"
        except OSError as exc:
            said += f" (its finished rounds could not be saved: {exc.strerror or exc})"
    return tuple(t for t in kept.tokens if t), said


def forget(path: Path) -> None:
    with contextlib.suppress(OSError):
        path.unlink()
