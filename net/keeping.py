"""A LAN match kept in every guest's history: the host sends its log at the end, the guest keeps it.

During a match a guest only ever receives its own seat's view, so it has nothing to replay. Once the
match is over (or the host closes the table: then up to the last round finished) nothing is secret any
more, and the host sends every client the action log (`protocol.MatchLog`, in parts under the frame
limit). A guest that keeps history (`Client.keeper`) checks it as it would check any message from the
network, replays it, and writes it to its history folder like a local game, its own seat as "you" (a
watcher keeps it as nobody's: `me` None). A log that is too long, out of order, of another table, that
does not replay or does not end where this client's match ended is refused with a sentence, and nothing
is written.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import msgspec

from game.engine import Game
from game.history import HUMAN, now_stamp, rebuild, record
from game.seats import SEATS

from .protocol import MatchLog, Welcome

PART_BYTES = 96 * 1024  # a part's actions, encoded, stay under this (MAX_FRAME is 256 KB)
MAX_PARTS = 16  # a log of more parts is refused (1.5 MB: hundreds of rounds)
MAX_ACTIONS = 50_000
MAX_NAME = 64  # characters of a plate's name (the host cuts them to 24)
STAMP = re.compile(r"\d{8}T\d{12}Z")  # a start time as game.history.now_stamp writes it


def log_parts(
    game: Game,
    upto: int,
    seats: Sequence[str],
    names: Sequence[str],
    part_bytes: int = PART_BYTES,
    *,
    started: str = "",
    joined: Sequence[int] = (),
    ended: bool = False,
) -> list[MatchLog]:
    """The host's side: the first `upto` actions of the game (the match, or the rounds finished when the
    table closes early) as MatchLog parts, none over `part_bytes` of actions. Empty when `upto` is 0 (or
    the game has no seed: then no one else could replay it). `started`, `joined` and `ended` are the
    host's record's (game.history.record): every client's record then dates and counts the match alike."""
    if game.seed is None:
        return []
    chunks: list[list[dict]] = []
    size = part_bytes  # start a new part at the first action
    for action in game.actions[:upto]:
        data = action.to_json()
        length = len(msgspec.msgpack.encode(data))
        if size + length > part_bytes and (not chunks or chunks[-1]):
            chunks.append([])
            size = 0
        chunks[-1].append(data)
        size += length
    rules = game.rules
    return [
        MatchLog(
            rules.preset,
            game.n,
            rules.options(),
            game.seed,
            list(seats),
            list(names),
            chunk,
            i,
            len(chunks),
            started,
            list(joined),
            ended,
        )
        for i, chunk in enumerate(chunks)
    ]


def _header(part: MatchLog) -> tuple:
    """What every part of one log repeats."""
    return (
        part.rules,
        part.players,
        part.options,
        part.seed,
        part.seats,
        part.names,
        part.started,
        part.joined,
        part.ended,
    )


@dataclass(frozen=True)
class Kept:
    """What became of the log the host sent: kept at `path`, or `problem` says why not ("it ...")."""

    path: Path | None
    problem: str | None = None


class Keeper:
    """A client's side: gathers the log's parts in order, then (`keep`) checks, replays and writes it.
    One log per keeper; anything after a refusal or a kept log is ignored."""

    def __init__(self, folder: str | Path | None = None, started: str | None = None):
        self.folder = folder
        self.started = started or now_stamp()
        self.parts: list[MatchLog] = []
        self.result: Kept | None = None

    def take(self, part: MatchLog) -> bool:
        """Add a part; True when the log is whole (then call `keep`). A part out of order or a log too
        long ends it: `result` says why."""
        if self.result is not None:
            return False
        first = self.parts[0] if self.parts else part
        if not 1 <= part.parts <= MAX_PARTS:
            return self._refuse(f"it comes in {part.parts} parts (at most {MAX_PARTS})")
        if part.part != len(self.parts) or part.parts != first.parts:
            return self._refuse(f"its part {part.part + 1} of {part.parts} came out of order")
        if _header(part) != _header(first):
            return self._refuse("its parts do not agree")
        if sum(len(p.actions) for p in self.parts) + len(part.actions) > MAX_ACTIONS:
            return self._refuse(f"it holds over {MAX_ACTIONS} actions")
        self.parts.append(part)
        return len(self.parts) == part.parts

    def _refuse(self, why: str) -> bool:
        self.result = Kept(None, why)
        self.parts = []
        return False

    def keep(self, welcome: Welcome, seen: int, scores: Sequence[int] | None) -> Kept:
        """Check the whole log against this client's table (`welcome`, `seen`: the actions it was shown,
        `scores`: its last view's), replay it and write it to the history. Blocking (a replay and a
        file): a client runs it on a worker thread."""
        if self.result is not None:
            return self.result
        try:
            path = self._write(welcome, seen, scores)
        except ValueError as exc:
            self.result = Kept(None, str(exc))
        except OSError as exc:  # the disk refused: said, and the client goes on
            self.result = Kept(None, f"it could not be written ({exc.strerror or exc})")
        else:
            self.result = Kept(path)
        self.parts = []
        return self.result

    def _write(self, welcome: Welcome, seen: int, scores: Sequence[int] | None) -> Path:
        head = self.parts[0]
        actions = [a for p in self.parts for a in p.actions]
        if (head.rules, head.players) != (welcome.rules, welcome.players):
            raise ValueError(f"it is of {head.rules} for {head.players}, not of this table")
        if len(head.seats) != head.players or not all(s == HUMAN or s in SEATS for s in head.seats):
            raise ValueError("its seats are not a person or an AI level each")
        if len(head.names) != head.players or any(len(n) > MAX_NAME for n in head.names):
            raise ValueError("its names are not one short name per seat")
        if not seen or len(actions) > seen:
            raise ValueError(f"it holds {len(actions)} actions, and this table was shown {seen}")
        try:
            game = rebuild(head.rules, head.players, head.options, head.seed, actions)
        except (ValueError, TypeError, KeyError, IndexError) as exc:
            raise ValueError(f"it does not replay ({exc})") from None
        if len(actions) == seen and scores is not None and tuple(game.scores) != tuple(scores):
            raise ValueError("it does not end with the scores this table showed")
        joined = head.joined
        if joined and (len(joined) != head.players or any(not 0 <= j <= game.totals.rounds for j in joined)):
            raise ValueError("its seats' joining rounds do not fit its rounds")
        me = welcome.seat if welcome.seat < head.players else None  # a watcher keeps it as nobody's
        started = head.started if STAMP.fullmatch(head.started) else self.started  # the host's start
        path = record(
            game,
            head.seats,
            me,
            started,
            names=head.names,
            lan=True,
            folder=self.folder,
            joined=head.joined,
            ended=head.ended,
        )
        if path is None:
            raise ValueError("it holds no finished round")
        return path
