"""A LAN match as one seat saw it: kept in the History when its host vanished before the end.

A History record is normally an action log that replays from a seed (game.history). A LAN guest never
has that during a match: the seed tells every hand to come, so the host sends the log only once the
match is over (net.keeping). When the host vanishes for good first (a crash that is never restarted,
a machine switched off; the guest leaves from "reconnecting…" or gives up), the guest still has
exactly what it was shown: every update of its own seat, the events as that seat saw them and its
view after each. That is what this module keeps. Nothing new crosses the wire for it, so nothing
hidden can leak through it (another seat's cards of a round still in play, the stock's order, the
deals to come were never sent, and are in no such record); and it replays as a view-only replay: the
table as the guest saw it, step by step, never a hand it was not shown.

While the match goes on the updates are appended to an anonymous temporary file (`SeenLog`), so a
long evening costs disk, not memory, and nothing is left behind by a crash. `SeenLog.keep` turns
them into a record in the history folder: the usual header (`dobon_log`, and a `history` object the
History list reads as it reads any other: the match's start, rounds, each seat's change and place
from its last standings) marked `history.seen`, then one update per line. `load` reads one back,
checking every line as it would check a message from the network; a damaged one raises
`history.RecordError` like any other record.
"""

from __future__ import annotations

import json
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import IO, Any

from . import safejson
from .cards import deck as get_deck
from .events import Event, RoundEnded, event_from_json
from .headless import LOG_FORMAT
from .history import HISTORY, MAX_NAME, Entry, Problem, RecordError, RecordMeta, entry, history_dir, meta_json
from .rules import PRESETS
from .rules.base import competition_ranks
from .scores import Score
from .view import SeatView

MAX_STEPS = 200_000  # updates in one record: far more than an evening of any preset
LIMITS = safejson.Limits(max_bytes=256 * 1024 * 1024, max_items=MAX_STEPS, max_values=50_000_000)


@dataclass(frozen=True)
class Step:
    """One update as the seat was shown it: the events it saw, and its view after them."""

    seq: int
    events: list[Event]
    view: SeatView
    timed_out: list[int] = field(default_factory=list)


@dataclass
class Seen:
    """A seen record read back: its History entry and its updates, in order."""

    entry: Entry
    steps: list[Step]

    @property
    def rounds_ended(self) -> list[RoundEnded]:
        return [e for s in self.steps for e in s.events if isinstance(e, RoundEnded)]


class SeenLog:
    """What one seat is shown during a LAN match, gathered update by update (on the table's own
    thread: appending a line is a buffered write) in a temporary file the system removes. `problem`
    says why it stopped gathering (a disk that refused): the match goes on, and `keep` says so."""

    def __init__(self) -> None:
        self._file: IO[str] | None = None
        self.steps = 0
        self.problem: str | None = None
        self.first_scores: list[int] | None = None  # the scores at the first update (a late guest's)

    def add(self, seq: int, events: Sequence[dict], view: dict, timed_out: Sequence[int] = ()) -> None:
        """One update as it came (its JSON: checked when it came, and again when it is read back)."""
        if self.problem is not None or self.steps >= MAX_STEPS:
            return
        line = {"seq": seq, "events": list(events), "view": view}
        if timed_out:
            line["timed_out"] = list(timed_out)
        try:
            if self._file is None:
                self._file = tempfile.TemporaryFile("w+", encoding="utf-8")  # noqa: SIM115 - lives for the match
            self._file.write(json.dumps(line, separators=(",", ":"), ensure_ascii=False) + "\n")
        except (OSError, TypeError, ValueError) as exc:
            self.problem = f"it could not be written ({getattr(exc, 'strerror', None) or exc})"
            return
        if self.first_scores is None:
            scores = view.get("scores")
            self.first_scores = list(scores) if isinstance(scores, list) else None
        self.steps += 1

    def reset(self) -> None:
        """A new match at the same table: what was gathered is of the one set aside."""
        self.close()
        self.steps, self.problem, self.first_scores = 0, None, None

    def close(self) -> None:
        if self._file is not None:
            self._file.close()  # a temporary file: removed with it
            self._file = None

    def keep(
        self,
        *,
        seats: Sequence[str],
        names: Sequence[str],
        me: int | None,
        started: str,
        folder: str | Path | None = None,
    ) -> Path:
        """Write what was gathered as a History record; its path. ValueError (a sentence: "it ...") when
        there is nothing to keep or it cannot be read back; OSError when the disk refuses."""
        if self.problem is not None:
            raise ValueError(self.problem)
        if self._file is None or not self.steps:
            raise ValueError("it holds no update of the match")
        self._file.flush()
        self._file.seek(0)
        lines = self._file.read().splitlines()
        self._file.seek(0, 2)  # appending goes on at the end
        last = SeatView.from_json(json.loads(lines[-1])["view"])
        rounds = sum(
            1 for raw in lines for e in json.loads(raw)["events"] if e.get("event") == RoundEnded.__name__
        )
        header = _header(last, rounds, self.first_scores, seats, names, me, started)
        root = Path(folder) if folder is not None else history_dir()
        safe = "".join(ch for ch in started if ch.isalnum() or ch in "-_") or "match"
        seat = "watch" if me is None else f"seat{me}"
        path = root / f"{safe}-{last.preset}-seen-{seat}.jsonl"
        root.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(path.suffix + ".tmp")
        with open(tmp, "w", encoding="utf-8") as out:
            out.write(json.dumps(header, ensure_ascii=False) + "\n")
            out.writelines(line + "\n" for line in lines)
        tmp.replace(path)
        return path


def _header(
    last: SeatView,
    rounds: int,
    first: list[int] | None,
    seats: Sequence[str],
    names: Sequence[str],
    me: int | None,
    started: str,
) -> dict[str, Any]:
    """The header of a seen record: what the History list reads, from the last view shown."""
    n = last.players
    if len(seats) != n:
        raise ValueError(f"it names {len(seats)} seats at a table of {n}")
    scores = list(last.scores)
    base = first if first is not None and len(first) == n else [0] * n
    return {
        "dobon_log": LOG_FORMAT,
        "rules": last.preset,
        "players": n,
        "options": dict(last.options),
        "ai": list(seats),
        "history": meta_json(
            RecordMeta(
                version=HISTORY,
                seen=True,  # a view-only record: one seat's updates, not an action log
                seats=list(seats),
                names=[str(x)[:MAX_NAME] for x in names][:n],
                me=me,
                lan=True,
                started=started,
                saved=datetime.now(UTC).isoformat(timespec="seconds"),
                rounds=rounds,
                matches=0,  # the match never ended
                deltas=[s - b for s, b in zip(scores, base, strict=True)],
                ranks=list(places(last.preset, last.standings)),
                standings=[s.to_json() for s in last.standings],
            )
        ),
    }


def places(preset: str, standings: Sequence[Score]) -> tuple[int, ...]:
    """Each seat's place from the standings it was shown (1: first; equal standings share a place):
    their parts in order, more better where the preset's points are (app), fewer elsewhere."""
    cls = PRESETS.get(preset)
    higher = cls is None or cls().rulebook().higher_is_better
    keys = [tuple(-v if higher else v for _name, v in s.parts) for s in standings]
    return competition_ranks(keys)


def is_seen(item: Entry | dict[str, Any]) -> bool:
    """Whether a record (an Entry, or a header) is a view-only record of this module."""
    if isinstance(item, Entry):
        return item.seen
    meta = item.get("history")
    return isinstance(meta, dict) and meta.get("seen") is True


def load(path: str | Path) -> Seen:
    """A seen record read back, every line checked; RecordError (naming the file and the line) for a
    damaged or foreign one."""
    path = Path(path)
    found = entry(path)
    if not found.seen:
        raise RecordError(Problem(path.name, "not-record"))
    try:
        lines = safejson.read_lines(path, LIMITS)
    except safejson.FileProblem as exc:
        raise RecordError(Problem(path.name, "unreadable", error=exc.brief())) from None
    steps: list[Step] = []
    for number, data in enumerate(lines[1:], start=2):
        try:
            steps.append(_step(data, found))
        except (KeyError, TypeError, ValueError, IndexError) as exc:
            error = safejson.clip(str(exc))
            raise RecordError(Problem(path.name, "refused", line=number, error=error)) from None
    if not steps:
        raise RecordError(Problem(path.name, "refused", line=2, error="no update"))
    return Seen(found, steps)


def _step(data: Any, found: Entry) -> Step:
    if not isinstance(data, dict):
        raise ValueError("an update is an object")
    seq, events, timed_out = data.get("seq"), data.get("events"), data.get("timed_out", [])
    if not isinstance(seq, int) or not isinstance(events, list) or not isinstance(timed_out, list):
        raise ValueError("an update has a number, its events and its view")
    view = SeatView.from_json(data.get("view"))
    if (view.preset, view.players) != (found.preset, found.players):
        raise ValueError(f"a view of {view.preset} for {view.players}, not of this record's table")
    if found.me is not None and view.seat != found.me:
        raise ValueError(f"a view of seat {view.seat}, not of seat {found.me}")
    deck = get_deck(view.deck)
    return Step(
        seq, [event_from_json(e, deck) for e in events], view, [t for t in timed_out if isinstance(t, int)]
    )
