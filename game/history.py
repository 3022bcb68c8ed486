"""The history store: every finished round and match kept as its action log in the user's data folder.

A record is one game session (one `Game`: the rounds of one or more matches) in one file,
`history/<started>-<preset>-<seed>.jsonl`. It is exactly the action log of `game.headless.write_log`
(so `main.py replay FILE` replays it), whose header line also carries a `history` object: who sat where
(`seats`: "human" or the AI level), which seat was the person at this computer (`me`), when the game
started and when it was last saved, and a short result (rounds, each seat's score change, each seat's
place and standing in the preset's own terms). A review (game.review) is saved in the same header, under `reviews`.

The table calls `record(game, seats, me, started)` whenever a round or match ends: the same `started`
names the same file, which is rewritten with the longer log, so a game is never counted twice. Files are
written whole (a temporary file, then a rename), so a crash leaves the previous version.

Listing reads only the header lines; a file that is not a Dobon Table record, or cannot be read, is
skipped and reported in `Listing.problems`, never raised.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Annotated, Any

import msgspec
import platformdirs

from . import safejson
from .actions import Action
from .engine import Game, Totals
from .errors import IllegalAction
from .headless import LOG_FORMAT, LOG_LIMITS, LogError, read_log
from .phase import Phase
from .rules import make_rules
from .scores import Score

APP = "DobonTable"  # the same folder as the settings' data folder (ui.settings.data_dir)
HISTORY = 1  # the version of the header's `history` object
HUMAN = "human"
MAX_NAME = 64  # characters of a seat's name kept in a listing (as a LAN table's plates)

Count = Annotated[int, msgspec.Meta(ge=0)]
Level = Annotated[str, msgspec.Meta(min_length=1, max_length=16)]  # "human" or an AI level


class Since(msgspec.Struct, forbid_unknown_fields=True):
    """Rounds and matches of the game before a record's first match (a New match at the same table)."""

    rounds: Count
    matches: Count


class RecordMeta(msgspec.Struct, kw_only=True, omit_defaults=True):
    """A header's `history` object, typed: what `record` writes and `entry` reads, through msgspec in
    both directions, so a mistyped field is refused with its name (``history.deltas[2]``).

    Fields this version does not know are let through, unlike the wire's schemas: a record is the
    player's own file, and one written by a newer Dobon Table should still be listed, not lost. Every
    field but the counts has a default, so a record kept before a field existed reads as it did."""

    version: int
    seats: list[Level]
    rounds: Count
    matches: Count
    deltas: list[int]
    names: list[str] = []
    me: Count | None = None
    lan: bool = False
    started: str = ""
    saved: str = ""
    # each seat's place (1: first) and standing, as the preset says them
    ranks: list[Annotated[int, msgspec.Meta(ge=1)]] = []
    standings: list[dict[str, int]] = []
    actions: Count = 0  # actions in the log when it was written
    joined: list[Count] = []
    since: Since | None = None
    seen: bool = False  # a view-only record (game.seen)


class RecordHeader(msgspec.Struct, kw_only=True):
    """The part of a record's first line History reads: the log's table and the `history` object.
    (The log's own fields are read again by game.headless.read_log when a record is replayed.)"""

    dobon_log: int
    rules: Annotated[str, msgspec.Meta(max_length=32)]
    players: Annotated[int, msgspec.Meta(ge=1, le=64)]
    history: RecordMeta
    reviews: dict[str, Any] = {}


def meta_json(meta: RecordMeta) -> dict[str, Any]:
    """A `history` object as JSON, through the schema it is read with."""
    return msgspec.to_builtins(meta)


def data_dir() -> Path:
    """The user's data folder (platformdirs); `DOBON_TABLE_HOME` overrides it, as for the settings."""
    home = os.environ.get("DOBON_TABLE_HOME")
    return Path(home) if home else Path(platformdirs.user_data_dir(APP, appauthor=False))


def history_dir() -> Path:
    return data_dir() / "history"


def now_stamp() -> str:
    """A start time for `record`: UTC, to the microsecond, safe in a file name."""
    return datetime.now(UTC).strftime("%Y%m%dT%H%M%S%fZ")


@dataclass
class Entry:
    """One record's header: enough to list, filter and label it without replaying it."""

    path: Path
    preset: str
    players: int
    seats: list[str]  # per seat "human" or an AI level
    me: int | None  # the person at this computer; None for a game of AI seats only
    started: str
    saved: str
    rounds: int
    matches: int  # matches finished
    deltas: list[int]  # each seat's total score change over the rounds
    lan: bool = False
    names: list[str] = field(default_factory=list)
    reviews: dict[str, Any] = field(default_factory=dict)  # seat (as text) -> its saved review
    # each seat's place (1: first) and standing in the preset's own terms as the record was last
    # written; empty in a record kept before they were (its list line then says the points alone)
    ranks: list[int] = field(default_factory=list)
    standings: list[Score] = field(default_factory=list)
    # per seat the rounds played before its person sat down (a late LAN guest takes an AI's seat at a
    # round's start): those rounds are the AI's, not the person's; empty where everyone sat from the start
    joined: list[int] = field(default_factory=list)
    # rounds and matches of the game before this record's first match: a "New match" at a table goes on
    # in the same game (its log replays from the first deal) but is a record, a History row, of its own
    since_rounds: int = 0
    since_matches: int = 0
    # a view-only record (game.seen): what one LAN seat was shown of a match whose host vanished before
    # its end; listed like any other, replayed as that seat saw it, never reviewed or counted
    seen: bool = False

    def joined_at(self, seat: int) -> int:
        """The rounds of the game at `seat` that are not this record's person's: those before they sat
        down (a late LAN guest), and those of the matches before this record's first."""
        return max(self.joined[seat] if self.joined else 0, self.since_rounds)

    def levels_faced(self) -> str:
        """The AI levels at the other seats, e.g. "normal" or "hard+normal" ("people" if none)."""
        levels = sorted({s for i, s in enumerate(self.seats) if i != self.me and s != HUMAN})
        return "+".join(levels) or "people"

    def to_json(self) -> dict[str, Any]:
        return {
            "path": str(self.path),
            "preset": self.preset,
            "players": self.players,
            "seats": self.seats,
            "names": self.names,
            "me": self.me,
            "lan": self.lan,
            "started": self.started,
            "saved": self.saved,
            "rounds": self.rounds,
            "matches": self.matches,
            "deltas": self.deltas,
            "ranks": self.ranks,
            "standings": [s.to_json() for s in self.standings],
            "reviewed_seats": sorted(int(s) for s in self.reviews),
            "joined": self.joined,
            "since": {"rounds": self.since_rounds, "matches": self.since_matches},
            "seen": self.seen,
        }


@dataclass
class Listing:
    entries: list[Entry]  # newest first
    problems: list[Problem]  # one line per file skipped: its name and why


# why a file is not a record, in English (`Problem`'s text; a screen translates the key instead)
REASONS = {
    "unreadable": "cannot read it ({error})",
    "not-json": "not a Dobon Table record (its first line is not JSON)",
    "not-log": "not a Dobon Table log",
    "not-record": "a log, but not a history record (no 'history' header)",
    "bad-field": "'{field}' is not what a record holds ({error})",
    "bad-seats": "'history.seats' must name every seat",
    "bad-me": "'history.me' is not a seat at the table",
    "bad-deltas": "'history.deltas' must be a number per seat",
    "no-replay": "its log does not replay ({error})",
    "refused": "line {line}: refused: {error}",
    "seen": "a view-only record of a LAN match (what one seat was shown): it replays as seen, nothing more",
}


class Problem(str):
    """Why a file was skipped: the English line the command line prints ("NAME: reason"), which also
    carries its parts, so a screen can say it in its own language: the file's name, `why` (a key of
    REASONS) and `params` (the specifics: a field's name, a line number, the system's own error)."""

    file: str
    why: str
    params: dict[str, str]

    def __new__(cls, file: str, why: str, **params: object) -> Problem:
        texts = {k: str(v) for k, v in params.items()}
        self = super().__new__(cls, f"{file}: {REASONS[why].format(**texts)}")
        self.file, self.why, self.params = file, why, texts
        return self


class RecordError(ValueError):
    """A file that is not a readable history record; the message (`problem`) names it and why."""

    def __init__(self, problem: Problem):
        super().__init__(problem)
        self.problem = problem


def _result(game: Game) -> tuple[int, int, list[int]]:
    """Rounds and matches ended and each seat's score change: the game's running totals, which a host
    that forgets finished rounds' events (Game.forget_rounds) still has."""
    totals = game.totals
    return totals.rounds, totals.matches, list(totals.deltas)


def file_name(game: Game, started: str) -> str:
    safe = "".join(ch for ch in started if ch.isalnum() or ch in "-_") or "game"
    return f"{safe}-{game.rules.preset}-{game.seed}.jsonl"


def record(
    game: Game,
    seats: Sequence[str],
    me: int | None,
    started: str,
    *,
    names: Sequence[str] = (),
    lan: bool = False,
    folder: str | Path | None = None,
    joined: Sequence[int] = (),
    ended: bool = False,
    since: Totals | None = None,
) -> Path | None:
    """Keep `game` in the history (call it when a round or a match ends). `seats` names each seat's
    player ("human" or the AI level), `me` the seat of the person at this computer (None: all AI), and
    `started` the moment the game began (`now_stamp()`, kept by the caller for the game's life): the same
    `started` rewrites the same file. Returns its path; None (nothing written) while no round has ended.
    Reviews already saved in the file are kept: the log only grows, and each names the actions it read.
    `joined` (per seat) the rounds played before the seat's person sat down (a late LAN guest); `ended`
    True once a table ended the match itself (a LAN host after its rounds, where the rules would play
    on): the match is then counted as finished, as one the rules ended. `since`: the game's totals when
    this record's first match began (a New match after one ended): the record counts from there, and its
    file is its own (the `started` of that match names it), while the log still replays from the first
    deal."""
    if len(seats) != game.n:
        raise ValueError(f"{len(seats)} seat names for {game.n} seats")
    if me is not None and not 0 <= me < game.n:
        raise ValueError(f"seat {me} is not at a table of {game.n}")
    rounds, matches, deltas = _result(game)
    if since is not None:
        rounds, matches = rounds - since.rounds, matches - since.matches
        deltas = [d - b for d, b in zip(deltas, since.deltas or [0] * game.n, strict=True)]
    if rounds <= 0:
        return None
    if ended and game.phase is not Phase.MATCH_OVER:
        matches += 1  # the table's last round ended the match, not the rules
    if joined and (len(joined) != game.n or any(not 0 <= j <= rounds for j in joined)):
        raise ValueError(f"'joined' must be a round count per seat, not {list(joined)}")
    path = Path(folder) if folder is not None else history_dir()
    path = path / file_name(game, started)
    header: dict[str, Any] = {
        "dobon_log": LOG_FORMAT,
        "rules": game.rules.preset,
        "players": game.n,
        "options": game.rules.options(),
        "seed": game.seed,
        "ai": [s if s != HUMAN else "human" for s in seats],
    }
    if game.setup is not None:
        header["scenario"] = game.setup
    meta = RecordMeta(
        version=HISTORY,
        seats=list(seats),
        names=list(names),
        me=me,
        lan=lan,
        started=started,
        saved=datetime.now(UTC).isoformat(timespec="seconds"),
        rounds=rounds,
        matches=matches,
        deltas=deltas,
        ranks=list(game.book.ranks(game)),
        standings=[s.to_json() for s in game.standings()],
        actions=len(game.actions),
        joined=list(joined) if any(joined) else [],
        since=Since(since.rounds, since.matches) if since is not None and since.rounds else None,
    )
    header["history"] = meta_json(meta)
    try:
        reviews = read_header(path).get("reviews")
    except RecordError:
        reviews = None  # no file yet (or one this record replaces)
    if isinstance(reviews, dict) and reviews:
        header["reviews"] = reviews
    lines = [json.dumps(a.to_json(), separators=(",", ":")) for a in game.actions]
    _write(path, header, lines)
    return path


def _write(path: Path, header: dict[str, Any], lines: Iterable[str]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(path.suffix + ".tmp")
    with open(tmp, "w", encoding="utf-8") as out:
        out.write(json.dumps(header, ensure_ascii=False) + "\n")
        out.writelines(line + "\n" for line in lines)
    tmp.replace(path)


def read_header(path: str | Path) -> dict[str, Any]:
    """The header line of a history record; RecordError for anything else."""
    path = Path(path)
    try:
        lines = safejson.read_lines(path, LOG_LIMITS, first=True)
    except safejson.FileProblem as exc:
        if exc.problem.startswith(("not JSON", "not UTF-8")):
            raise RecordError(Problem(path.name, "not-json")) from None
        error = f"{exc.field}: {exc.problem}" if exc.field else exc.problem
        raise RecordError(Problem(path.name, "unreadable", error=error)) from None
    header = lines[0] if lines else None
    if not isinstance(header, dict) or header.get("dobon_log") != LOG_FORMAT:
        raise RecordError(Problem(path.name, "not-log"))
    meta = header.get("history")
    if not isinstance(meta, dict) or meta.get("version") != HISTORY:
        raise RecordError(Problem(path.name, "not-record"))
    return header


def entry(path: str | Path) -> Entry:
    """One record's header as an `Entry`; RecordError, naming the field at fault, if the file is not a
    well-formed record."""
    path = Path(path)
    try:
        header = msgspec.convert(read_header(path), RecordHeader, strict=True)
    except msgspec.ValidationError as exc:
        raise RecordError(Problem(path.name, "bad-field", **_field_error(exc))) from None
    meta, players = header.history, header.players
    if len(meta.seats) != players:
        raise RecordError(Problem(path.name, "bad-seats"))
    if meta.me is not None and meta.me >= players:
        raise RecordError(Problem(path.name, "bad-me"))
    if len(meta.deltas) != players:
        raise RecordError(Problem(path.name, "bad-deltas"))
    return Entry(
        path=path,
        preset=header.rules,
        players=players,
        seats=meta.seats,
        me=meta.me,
        started=meta.started[:40],
        saved=meta.saved[:40],
        rounds=meta.rounds,
        matches=meta.matches,
        deltas=meta.deltas,
        lan=meta.lan,
        names=[n[:MAX_NAME] for n in meta.names],
        reviews=header.reviews,
        # places and standings only show a record in the list: where they are not one per seat (a
        # record kept before they were, or they were cut), the list says the points alone
        ranks=meta.ranks if len(meta.ranks) == players and max(meta.ranks, default=1) <= players else [],
        standings=_standings(meta.standings, players),
        joined=meta.joined if len(meta.joined) == players else [],
        since_rounds=meta.since.rounds if meta.since is not None else 0,
        since_matches=meta.since.matches if meta.since is not None else 0,
        seen=meta.seen,
    )


def _field_error(exc: msgspec.ValidationError) -> dict[str, str]:
    """msgspec's refusal as the field it names (``history.deltas[2]``) and what was wrong with it."""
    text = str(exc)
    error, _, where = text.partition(" - at `$")
    field = where.rstrip("`").lstrip(".") or "header"
    return {"field": field, "error": error.replace("`", "")}


def _standings(value: list[dict[str, int]], players: int) -> list[Score]:
    """A header's standings, one per seat; none where they are not one per seat."""
    if len(value) != players:
        return []
    return [Score.from_json(s) for s in value]


def listing(folder: str | Path | None = None, preset: str | None = None) -> Listing:
    """Every record in the folder, newest first (by start time), optionally of one preset. Files that
    are not records (or not readable) are skipped and named in `problems`."""
    root = Path(folder) if folder is not None else history_dir()
    entries: list[Entry] = []
    problems: list[str] = []
    if not root.is_dir():
        return Listing(entries, problems)
    for path in sorted(root.glob("*.jsonl")):
        try:
            found = entry(path)
        except RecordError as exc:
            problems.append(exc.problem)
            continue
        if preset is None or found.preset == preset:
            entries.append(found)
    entries.sort(key=lambda e: (e.started, e.path.name), reverse=True)
    return Listing(entries, problems)


def load(path: str | Path) -> tuple[Entry, Game]:
    """A record replayed: its entry and the game as it stood when it was saved. RecordError if the file
    is not a record or its log no longer replays (a corrupt or foreign file); a view-only record
    (game.seen) is no action log, and is read by game.seen.load instead."""
    found = entry(path)
    if found.seen:
        raise RecordError(Problem(Path(path).name, "seen"))
    try:
        _header, game, actions = read_log(path)
    except LogError as exc:
        raise RecordError(Problem(Path(path).name, "no-replay", error=exc)) from None
    for number, action in enumerate(actions, start=2):
        try:
            game.apply(action)
        except IllegalAction as exc:
            error = safejson.clip(str(exc))
            raise RecordError(Problem(Path(path).name, "refused", line=number, error=error)) from None
    return found, game


def rebuild(preset: str, players: int, options: Mapping[str, Any], seed: int, actions: Sequence[Any]) -> Game:
    """A game replayed from a log that came from elsewhere as data (a LAN host sends its match's log
    at the end): ValueError, saying which action and why, for anything these rules would not play."""
    game = Game(make_rules(preset, players, options), seed)
    for number, data in enumerate(actions, start=1):
        try:
            game.apply(Action.from_json(data, game.deck))
        except ValueError as exc:  # IllegalAction is one too
            raise ValueError(f"action {number}: {exc}") from None
    return game


def save_review(path: str | Path, seat: int, review: dict[str, Any]) -> None:
    """Keep a review (game.review's JSON) in the record's header, beside any other seat's."""
    path = Path(path)
    header = read_header(path)
    try:
        lines = path.read_text(encoding="utf-8").splitlines()[1:]
    except (OSError, UnicodeDecodeError) as exc:
        raise RecordError(Problem(path.name, "unreadable", error=exc)) from None
    reviews = header.get("reviews")
    if not isinstance(reviews, dict):
        reviews = {}
    reviews[str(seat)] = review
    header["reviews"] = reviews
    _write(path, header, lines)


class Recorder:
    """What a table keeps for its game's life: who sits where and when it started. `saved(game)` after
    every round's or match's end writes the record (one file per game)."""

    def __init__(
        self,
        seats: Sequence[str],
        me: int | None,
        *,
        names: Sequence[str] = (),
        lan: bool = False,
        started: str | None = None,
        folder: str | Path | None = None,
        since: Totals | None = None,
    ):
        self.seats = list(seats)
        self.me = me
        self.names = list(names)
        self.lan = lan
        self.started = started or now_stamp()
        self.folder = folder
        self.joined: list[int] = []  # per seat the rounds before its person sat (`record`'s `joined`)
        self.ended = False  # the table ended the match itself (`record`'s `ended`)
        self.since = since  # the game's totals when this record's first match began (`record`'s `since`)

    def saved(self, game: Game) -> Path | None:
        me, started, names, lan = self.me, self.started, self.names, self.lan
        table = {"joined": self.joined, "ended": self.ended, "since": self.since}
        return record(game, self.seats, me, started, names=names, lan=lan, folder=self.folder, **table)
