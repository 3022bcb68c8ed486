"""The replay adapter: a kept game (or any action log) replayed through the engine for the replay
viewer (ui/scenes/replay.py) and a review's trial (ui/scenes/review_trial.py). It is one of the few ui
modules that run `game.engine` themselves (tests/test_contracts.py names them); the screens ask it for
a table source standing at a position and for where the next play, dobon or round's end lies, and
never play a game.

A log's actions name the cards of the deck they were read with, so every position is replayed from
a log read afresh rather than from a copied game.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from game import seen
from game.actions import Action, Kind
from game.engine import Game
from game.events import DobonCalled, Event, Played, RoundEnded
from game.headless import read_log
from game.history import read_header
from game.phase import Phase
from game.rules import make_rules
from game.rules.base import RuleSet
from game.view import SeatView

from ..text import tr


class _Replayed:
    """What every replay's table source shares: nothing is submitted, the clock does nothing, only
    `step` moves it on, and the round's end shown last is kept for the result screen."""

    shown: list[Event]
    round_end: RoundEnded | None

    def _show(self, events: list[Event]) -> list[Event]:
        """Note `events` as shown (and the last round end among them); returns them."""
        self.shown.extend(events)
        for event in events:
            if isinstance(event, RoundEnded):
                self.round_end = event
        return events

    def advance(self, now_ms: float) -> None:
        """A replay moves only when stepped."""

    def submit(self, action: Action) -> str | None:
        return tr("replay.watching")

    def refusal(self, action: Action) -> str | None:
        return tr("replay.watching")

    def next_round(self) -> list[Event]:
        return []

    def others_may_act(self) -> bool:
        return False


class ReplaySource(_Replayed):
    """A TableSource over a replayed game: the viewer's view and the events the actions made. Nothing
    is submitted here; the clock does nothing; only `step` moves it on."""

    def __init__(self, game: Game, viewer: int, actions: list[Action], position: int):
        self.game = game  # for the tests' look at the state; the viewer draws from `view` and `poll`
        self.viewer = viewer
        self._actions = actions  # read with this game's deck
        self.position = position
        self.rules: RuleSet = game.rules
        self.shown, self.round_end = [], None
        self._show([e.for_seat(viewer) for e in game.events])
        self._handed = len(game.events)  # what already happened is shown as it stands, not replayed

    @property
    def view(self) -> SeatView:
        return self.game.view(self.viewer)

    @property
    def hands(self) -> list[tuple[Any, ...]]:
        """Every seat's hand as it stands: a finished game holds no secrets from the one who kept it."""
        return [tuple(hand) for hand in self.game.hands]

    @property
    def match_over(self) -> bool:
        return self.game.phase is Phase.MATCH_OVER

    def step(self) -> bool:
        """Apply the log's next action (its events then come from `poll`); False at the log's end."""
        if self.position >= len(self._actions):
            return False
        self.game.apply(self._actions[self.position])
        self.position += 1
        return True

    def poll(self) -> list[Event]:
        events = self.game.events[self._handed :]
        self._handed = len(self.game.events)
        return self._show([e.for_seat(self.viewer) for e in events])


class ReplayLog:
    """A log that replays (main.py and the History screen check it first): its header, its seats and
    its actions, and the table at any position of it."""

    first = 0  # positions start before the first action

    def __init__(self, path: str | Path):
        self.path = Path(path)
        self.header, game, self.actions = read_log(self.path)
        self.players = game.n

    def fresh(self) -> tuple[Game, list[Action]]:
        """A game standing at the log's start and the actions read with its deck (a review's trial
        plays on from it)."""
        _header, game, actions = read_log(self.path)
        return game, actions

    def _replayed(self, position: int) -> Game:
        """The game after the log's first `position` actions (its actions read with its deck)."""
        game, self.actions = self.fresh()
        for action in self.actions[:position]:
            game.apply(action)
        return game

    def at(self, position: int, viewer: int) -> ReplaySource:
        """The table after the log's first `position` actions, seen from `viewer`."""
        return ReplaySource(self._replayed(position), viewer, self.actions, position)

    def next_stop(self, position: int, target: str) -> int | None:
        """The index of the next action from `position` that is a play ("play"), a dobon ("dobon") or
        ends a round ("round"); None if none is left."""
        probe = self._replayed(position)
        for index in range(position, len(self.actions)):
            action = self.actions[index]
            before = len(probe.events)
            probe.apply(action)
            ended = any(isinstance(e, RoundEnded) for e in probe.events[before:])
            if (
                (target == "play" and action.kind is Kind.PLAY)
                or (target == "dobon" and action.kind is Kind.DOBON)
                or (target == "round" and ended)
            ):
                return index
        return None


class SeenSource(_Replayed):
    """A TableSource over a view-only record (game.seen: a LAN match whose host vanished): the view
    after the update shown last, and each next update's events exactly as the seat saw them. Nothing
    is submitted; the clock does nothing; only `step` moves it on. No other hand was ever shown."""

    def __init__(self, steps: list[seen.Step], position: int):
        view = steps[position - 1].view
        self.rules: RuleSet = make_rules(view.preset, view.players, dict(view.options))
        self.viewer = view.seat  # a watcher's is one past the last seat
        self.position = position
        self._steps = steps
        self._view = view
        self.shown, self.round_end = [], None
        self._show([e for s in steps[:position] for e in s.events])
        self._pending: list[Event] = []  # what is already shown stands as it is, not replayed

    @property
    def view(self) -> SeatView:
        return self._view

    @property
    def hands(self) -> list[tuple[Any, ...]]:
        """Only the viewer's own: the record holds no other hand (the viewer offers no "every hand")."""
        return [tuple(self._view.hand) if s == self.viewer else () for s in range(self._view.players)]

    @property
    def match_over(self) -> bool:
        return False  # the host vanished before the end: no record of this kind ends a match

    def step(self) -> bool:
        """Show the next update: its view, and its events (from `poll`); False at the record's end."""
        if self.position >= len(self._steps):
            return False
        step = self._steps[self.position]
        self._view = step.view
        self._pending.extend(step.events)
        self.position += 1
        return True

    def poll(self) -> list[Event]:
        out, self._pending = self._pending, []
        return self._show(out)


class SeenReplay:
    """A view-only record (game.seen) for the viewer, in ReplayLog's place: its updates stand for the
    actions, and its positions start at the first update (there is no view before it)."""

    first = 1

    def __init__(self, path: str | Path):
        self.path = Path(path)
        record = seen.load(self.path)  # (main.py and the History screen have read it first)
        self.header = read_header(self.path)
        self.players = record.entry.players
        self.actions = record.steps

    def at(self, position: int, viewer: int) -> SeenSource:
        """The table after the record's first `position` updates (`viewer` is the record's own)."""
        return SeenSource(self.actions, max(1, position))

    def next_stop(self, position: int, target: str) -> int | None:
        """The index of the next update from `position` that shows a play, a dobon or a round's end."""
        wanted = {"play": Played, "dobon": DobonCalled, "round": RoundEnded}[target]
        for index in range(max(position, 1), len(self.actions)):
            if any(isinstance(e, wanted) for e in self.actions[index].events):
                return index
        return None


def replay_of(path: str | Path) -> ReplayLog | SeenReplay:
    """The replay of a kept file: an action log's, or a view-only record's (game.seen)."""
    return SeenReplay(path) if seen.is_seen(read_header(path)) else ReplayLog(path)
