"""Headless matches: AI seats playing through the synchronous protocol, action logs and replays.

`simulate` plays a number of rounds (a new match starts whenever one ends) and returns a summary.
`write_log` / `replay` store and re-run the action log: a header line naming the preset, options,
players, seed and seats, then one JSON action per line. Replaying applies the same actions to a game
with the same seed, so it reproduces the identical game and summary.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated, Any

import msgspec

from . import safejson
from .actions import REFEREE, Action
from .engine import Game, Phase
from .errors import IllegalAction
from .events import RoundEnded
from .rules import make_rules
from .scenario import Scenario
from .scenario import parse as parse_scenario
from .seats import make_seat

LOG_FORMAT = 1
# an action log or history record: a header line (options, a scenario, reviews), then one action a
# line; a 1,000-round log is about 1 MB, so 4 MB holds the longest evening with room to spare
LOG_LIMITS = safejson.Limits(max_bytes=4 * 1024 * 1024, max_string=10_000, max_items=200_000)


class LogHeader(msgspec.Struct, kw_only=True):
    """A log's first line, typed (more fields may follow: a history record's `history` and `reviews`,
    a scenario's position, each read by its own reader). The engine checks the options and the table."""

    dobon_log: int
    rules: Annotated[str, msgspec.Meta(max_length=32)]
    players: Annotated[int, msgspec.Meta(ge=1, le=64)]
    options: dict[str, Any]
    ai: list[Annotated[str, msgspec.Meta(max_length=64)]]
    seed: int | None = None


@dataclass
class SeatTally:
    ai: str
    rounds_won: int = 0
    rounds_lost: int = 0
    points: int = 0  # the sum of its score changes over the rounds played
    standing: dict[str, int] = field(default_factory=dict)  # its score at the end, in the preset's terms


@dataclass
class Summary:
    rules: str
    players: int
    seed: int | None
    seats: list[SeatTally]
    rounds: int = 0
    actions: int = 0
    seconds: float = 0.0
    options: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        secs = self.seconds
        return {
            "rules": self.rules,
            "players": self.players,
            "seed": self.seed,
            "rounds": self.rounds,
            "seats": [
                {
                    "ai": s.ai,
                    "rounds_won": s.rounds_won,
                    "rounds_lost": s.rounds_lost,
                    "points": s.points,
                    "score": s.standing,
                }
                for s in self.seats
            ],
            "actions": self.actions,
            "seconds": round(secs, 4),
            "rounds_per_s": round(self.rounds / secs, 1) if secs > 0 else None,
            "actions_per_s": round(self.actions / secs, 1) if secs > 0 else None,
        }

    def table(self) -> str:
        data = self.to_json()
        lines = [
            f"{self.rules}, {self.players} players, seed {self.seed}: {self.rounds} rounds, "
            f"{self.actions} actions in {data['seconds']:.2f} s "
            f"({data['rounds_per_s']} rounds/s, {data['actions_per_s']} actions/s)",
            f"{'seat':>4}  {'ai':<8} {'won':>5} {'lost':>5} {'points':>9}",
        ]
        for i, s in enumerate(self.seats):
            lines.append(f"{i:>4}  {s.ai:<8} {s.rounds_won:>5} {s.rounds_lost:>5} {s.points:>+9}")
        return "\n".join(lines)

    def tally(self, events: Iterable[Any]) -> None:
        for event in events:
            if isinstance(event, RoundEnded):
                self.rounds += 1
                result = event.result
                for seat in result.winners:
                    self.seats[seat].rounds_won += 1
                for seat in result.losers:
                    self.seats[seat].rounds_lost += 1
                for seat, delta in enumerate(result.deltas):
                    self.seats[seat].points += delta
                for seat, standing in enumerate(event.standings):
                    self.seats[seat].standing = standing.to_json()


def seat_names(ai: Sequence[str], players: int) -> list[str]:
    """With fewer names than players, the last name repeats."""
    names = [a.strip() for a in ai if a.strip()] or ["basic"]
    return (names + [names[-1]] * players)[:players]


def play_round(game: Game, seats: Sequence[Any], watch: Callable[[Game, Action], None] | None = None) -> None:
    """Play the round under way with AI `seats` in the headless order, until it ends or only the
    referee may act; `watch(game, action)` sees each action just before it is applied."""
    while game.phase is not Phase.ROUND_OVER and game.phase is not Phase.MATCH_OVER:
        seat = game.sync_next()
        if seat == REFEREE:
            return
        legal = game.sync_actions(seat)
        action = legal[0] if len(legal) == 1 else seats[seat].act(game.view(seat, legal))
        if watch is not None:
            watch(game, action)
        game.apply(action)


def play(game: Game, seats: Sequence[Any], rounds: int) -> int:
    """Drive `game` with AI `seats` until `rounds` more rounds have ended; return actions applied."""
    done = 0
    applied = 0
    while True:
        seat = game.sync_next()
        if seat == REFEREE:
            if done >= rounds:
                return applied
            action = game.legal_actions(REFEREE)[0]
        else:
            legal = game.sync_actions(seat)
            action = legal[0] if len(legal) == 1 else seats[seat].act(game.view(seat, legal))
        game.apply(action)
        applied += 1
        if game.phase is Phase.ROUND_OVER or game.phase is Phase.MATCH_OVER:
            done += 1
            if done >= rounds:
                return applied


def simulate(
    preset: str,
    players: int,
    ai: Sequence[str],
    rounds: int,
    seed: int | None,
    options: dict[str, Any] | None = None,
    scenario: Scenario | None = None,
) -> tuple[Summary, Game]:
    """Play `rounds` rounds with AI seats from a fresh deal, or on from a `scenario`'s position (its
    preset, table size and options then rule; `seed` seeds the AI seats)."""
    if scenario is not None:
        game = scenario.game()
        rules, players = game.rules, game.n
    else:
        rules = make_rules(preset, players, options)
    names = seat_names(ai, players)
    seats = [make_seat(name, seed, i) for i, name in enumerate(names)]
    start = time.perf_counter()
    if scenario is None:
        game = Game(rules, seed)
    actions = play(game, seats, rounds)
    seconds = time.perf_counter() - start
    summary = Summary(rules.preset, players, seed, [SeatTally(n) for n in names], options=rules.options())
    summary.actions = actions
    summary.seconds = seconds
    summary.tally(game.events)
    return summary, game


def write_log(path: str | Path, game: Game, ai: Sequence[str]) -> None:
    header = {
        "dobon_log": LOG_FORMAT,
        "rules": game.rules.preset,
        "players": game.n,
        "options": game.rules.options(),
        "seed": game.seed,
        "ai": list(ai),
    }
    if game.setup is not None:
        header["scenario"] = game.setup  # the game began at this position, not at a deal
    with open(path, "w", encoding="utf-8") as out:
        out.write(json.dumps(header) + "\n")
        out.writelines(json.dumps(a.to_json(), separators=(",", ":")) + "\n" for a in game.actions)


class LogError(ValueError):
    """A log file that cannot be replayed; the message names the line and the problem."""


def read_log(path: str | Path) -> tuple[dict[str, Any], Game, list[Action]]:
    """A log's header, the game it starts (a deal, or a scenario's position) and its actions, each
    checked against the game's deck; LogError, one line naming the file and the line, for anything
    else. The file comes in through `safejson` (LOG_LIMITS), so no line can be deeper, longer or
    hold more than a log the game writes."""
    try:
        lines = safejson.read_lines(path, LOG_LIMITS)
    except safejson.FileProblem as exc:
        raise LogError(str(exc)) from None
    if not lines:
        raise LogError(f"{path} is empty")
    header = lines[0]
    if not isinstance(header, dict) or header.get("dobon_log") != LOG_FORMAT:
        raise LogError(f"{path}:1: not a Dobon Table log (format {LOG_FORMAT})")
    try:
        typed = safejson.convert(header, LogHeader, f"{path}:1")
        # a log of a preset in development comes from a scenario file (sim --scenario) or from the
        # history store (game.history), which keeps whatever was played, developing presets included
        developing = "scenario" in header or "history" in header
        rules = make_rules(typed.rules, typed.players, typed.options, developing=developing)
        game = parse_scenario(header["scenario"]).game() if "scenario" in header else Game(rules, typed.seed)
    except safejson.FileProblem as exc:
        raise LogError(str(exc)) from None
    except (ValueError, TypeError) as exc:
        raise LogError(f"{path}:1: {exc}") from None
    actions = []
    for number, line in enumerate(lines[1:], start=2):
        try:
            actions.append(Action.from_json(line, game.deck))
        except ValueError as exc:
            raise LogError(f"{path}:{number}: {exc}") from None
    if not actions:
        raise LogError(f"{path}: the log holds no actions")
    return header, game, actions


def replay(path: str | Path) -> tuple[Summary, Game]:
    header, game, actions = read_log(path)
    names = seat_names(header.get("ai") or ["?"], game.n)
    start = time.perf_counter()
    for number, action in enumerate(actions, start=2):
        try:
            game.apply(action)
        except IllegalAction as exc:
            raise LogError(f"{path}:{number}: refused: {safejson.clip(str(exc))}") from None
    seconds = time.perf_counter() - start
    summary = Summary(game.rules.preset, game.n, game.seed, [SeatTally(n) for n in names])
    summary.actions = len(actions)
    summary.seconds = seconds
    summary.tally(game.events)
    return summary, game
