"""What a new table is made of: preset, options and seats. Also turns a table into a save and back.

This is the save adapter, one of the few ui modules that use `game.engine` themselves
(tests/test_contracts.py names them): it makes a table's game, writes it as a save or a scenario, and
restores it. The screens hold the game it makes only as a `Match`, handed to the in-process host
(ui/table/source.py)."""

from __future__ import annotations

import math
from dataclasses import asdict, dataclass, field
from typing import Any, NamedTuple

from game.actions import Action
from game.engine import Game, Totals
from game.history import HUMAN, Recorder, now_stamp
from game.plaintext import NAME, clean
from game.registry import DEFAULT_PRESET
from game.rules import make_rules
from game.seats import SEATS

MAX_ELAPSED_MS = 7 * 24 * 3600 * 1000  # a match clock beyond a week is no clock a match had run
AI_NAMES = [
    "Aoi",
    "Ren",
    "Hana",
    "Sora",
    "Yuki",
    "Kaito",
    "Mio",
    "Taiga",
    "Riku",
    "Mei",
    "Haru",
    "Nana",
]  # one each, 12 seats


@dataclass
class SeatSpec:
    kind: str = "ai"  # "human" or "ai"
    level: str = "basic"  # an AI level (game.seats.SEATS)
    name: str = ""


@dataclass
class GameSetup:
    preset: str = DEFAULT_PRESET
    players: int = 4
    options: dict[str, Any] = field(default_factory=dict)
    seats: list[SeatSpec] = field(default_factory=list)
    seed: int = 0
    scenario: dict[str, Any] | None = None  # the position the game starts from (game.scenario), if any
    # when this game began, naming its history record (game.history): kept in the match save, so a
    # resumed match goes on writing the same record
    started: str | None = None
    # the game's totals when the record's first match began (history.Recorder's `since`): a New match
    # after one ended is a History record of its own; {"rounds", "matches", "deltas"}, or None
    since: dict[str, Any] | None = None

    def complete(self) -> GameSetup:
        """Fill in missing seats and names: seat 0 is the person, the rest AI."""
        seats = list(self.seats[: self.players])
        while len(seats) < self.players:
            seats.append(SeatSpec("human" if not seats else "ai", default_level()))
        for i, s in enumerate(seats):
            if s.level not in SEATS:
                s.level = default_level()
            if not s.name:
                s.name = "" if s.kind == "human" else AI_NAMES[i % len(AI_NAMES)]
        self.seats = seats
        return self

    @property
    def viewer(self) -> int:
        for i, s in enumerate(self.seats):
            if s.kind == "human":
                return i
        return 0

    def new_game(self) -> Game:
        if self.scenario is not None:
            from game.scenario import parse

            return parse(self.scenario).game()
        return Game(make_rules(self.preset, self.players, self.options), self.seed)

    @classmethod
    def of_scenario(cls, scenario) -> GameSetup:
        """The table for a scenario: its seats ("human" or an AI level; by default you at seat 0 and
        AI elsewhere) and names."""
        seats = []
        for i in range(scenario.players):
            kind = scenario.seats[i] if scenario.seats else ("human" if i == 0 else default_level())
            name = clean(scenario.names[i], NAME) if scenario.names else ""
            if kind == "human":
                seats.append(SeatSpec("human", default_level(), name))
            else:
                seats.append(SeatSpec("ai", kind, name))
        setup = cls(scenario.preset, scenario.players, dict(scenario.options), seats, scenario.seed)
        setup.scenario = scenario.to_json()
        return setup.complete()

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        data["seats"] = [asdict(s) for s in self.seats]
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> GameSetup:
        seats = [
            SeatSpec(
                str(s.get("kind", "ai")), str(s.get("level", "basic")), clean(str(s.get("name", "")), NAME)
            )
            for s in data["seats"]
        ]
        scenario = data.get("scenario")
        return cls(
            str(data["preset"]),
            int(data["players"]),
            dict(data.get("options") or {}),
            seats,
            int(data["seed"]),
            dict(scenario) if isinstance(scenario, dict) else None,
            str(data["started"]) if data.get("started") else None,
            _since(data.get("since"), int(data["players"])),
        )

    def new_match_record(self, game: Game) -> Recorder:
        """The record of a New match begun after one ended, at this (solo) table: its own start time
        and History row, counting from the game's totals now (they are kept in the match save)."""
        totals = game.totals
        self.started = now_stamp()
        self.since = {"rounds": totals.rounds, "matches": totals.matches, "deltas": list(totals.deltas)}
        return self.recorder()

    def recorder(self) -> Recorder:
        """What keeps this game in the history: each seat "human" or its AI level, the person's seat
        as `me`, and the start time (set here once, then kept in the match save)."""
        if not self.started:
            self.started = now_stamp()
        seats = [HUMAN if s.kind == "human" else s.level for s in self.seats]
        me = self.viewer if any(s.kind == "human" for s in self.seats) else None
        since = None
        if self.since:
            since = Totals(self.since["rounds"], self.since["matches"], tuple(self.since["deltas"]))
        return Recorder(seats, me, names=[s.name for s in self.seats], started=self.started, since=since)


def _since(value: Any, players: int) -> dict[str, Any] | None:
    """A saved `since`, or None where it is missing or not one (the match is then kept from its start)."""
    if not isinstance(value, dict):
        return None
    rounds, matches, deltas = value.get("rounds"), value.get("matches"), value.get("deltas")
    if not isinstance(deltas, list) or len(deltas) != players:
        return None
    if not all(isinstance(v, int) and not isinstance(v, bool) for v in [rounds, matches, *deltas]):
        return None
    return {"rounds": rounds, "matches": matches, "deltas": list(deltas)}


# a game on this computer, as this adapter makes and restores it: the screens hold one and hand it on to
# the in-process host (ui/table/source.py), which runs it; they never play it themselves
Match = Game


class Resumable(NamedTuple):
    """A saved match ready to resume: its table, its game, and how long its match clock had run."""

    setup: GameSetup
    game: Match
    elapsed_ms: float


def default_level() -> str:
    for name in ("normal", "basic"):
        if name in SEATS:
            return name
    return next(iter(SEATS))


def save_data(setup: GameSetup, game: Game, match_elapsed_ms: float | None = None) -> dict[str, Any]:
    """A match to resume: its table, its actions, and how long a match played to a time had run."""
    data: dict[str, Any] = {
        "dobon_save": 1,
        "setup": setup.to_json(),
        "actions": [a.to_json() for a in game.actions],
    }
    if match_elapsed_ms is not None:
        data["match_elapsed_ms"] = round(match_elapsed_ms)
    return data


def saved_match_elapsed(data: dict[str, Any]) -> float:
    """How long the saved match's clock had run (0 for a save without one). A value that is not a
    sensible time counts as 0: the match still opens, with its full time."""
    value = data.get("match_elapsed_ms", 0)
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
        return 0.0
    if not 0 <= value <= MAX_ELAPSED_MS:
        return 0.0
    return float(value)


def deal_scenario(setup: GameSetup, game: Game, names: list[str]) -> str:
    """The current round's deal, as it stood when dealt, as scenario text (docs/scenarios.md): the
    round is found by replaying the match's actions up to its deal, so it is the same whenever it is
    saved."""
    from game.scenario import dumps, from_game

    replay = setup.new_game()
    for action in game.actions:
        if (replay.match_no, replay.round_no) == (game.match_no, game.round_no):
            break
        replay.apply(action)
    seats = ["human" if s.kind == "human" else s.level for s in setup.seats]
    return dumps(from_game(replay, names, seats))


def restore(data: dict[str, Any]) -> tuple[GameSetup, Game]:
    """Rebuild a saved table by replaying its actions; ValueError if the save does not replay."""
    try:
        setup = GameSetup.from_json(data["setup"]).complete()
        game = setup.new_game()
        for raw in data["actions"]:
            game.apply(Action.from_json(raw, game.deck))
    except Exception as exc:  # a save can be broken in any way: never let it stop the game
        raise ValueError(f"it does not replay: {exc}") from None
    return setup, game
