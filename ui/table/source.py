"""Where a table gets what it shows: one seat's view, and the events as that seat sees them.

The table scene and the board read only a `TableSource`: the latest `SeatView` of the seat they show
(game.view) and the events addressed to that seat (Event.for_seat). A game on this computer is a
`LocalHost`: the game, its AI seats and the referee's clock kept in-process, the way a LAN host keeps
them; a LAN game is a `RemoteTable` (ui/table/remote.py), fed by the real host. Neither gives the table
another seat's hidden cards, so what a player sees is the same whether the game is here or on the LAN.
"""

from __future__ import annotations

from collections.abc import Mapping
from concurrent.futures import Executor
from typing import Protocol

from game.actions import REFEREE, Action
from game.engine import Game
from game.errors import IllegalAction
from game.events import Event, RoundEnded
from game.phase import Phase
from game.realtime import RealtimeTable, Timing
from game.rules.base import RuleSet
from game.seats import Seat
from game.view import SeatView


class TableSource(Protocol):
    """What a table is shown, and where the person's actions go."""

    viewer: int  # the seat shown (its hand face up); -1 shows no hand
    rules: RuleSet
    shown: list[Event]  # every event handed out so far (the match chart reads them)
    round_end: RoundEnded | None  # the latest round's end, as this seat saw it (every hand revealed)

    @property
    def view(self) -> SeatView:
        """What the viewer may know now."""
        ...

    @property
    def match_over(self) -> bool: ...

    def advance(self, now_ms: float) -> None:
        """Let the clock act (AI seats, the referee) up to `now_ms` of the table's display clock."""

    def poll(self) -> list[Event]:
        """Events not yet handed out, as the viewer sees them."""
        ...

    def submit(self, action: Action) -> str | None:
        """Send the person's action: None if it was taken (its events come through `poll`), otherwise
        why it was refused; "" when the answer comes later (from a LAN host, as a notice)."""
        ...

    def refusal(self, action: Action) -> str | None:
        """Why `action` would be refused now, if this side can tell (None: it cannot, or it is legal)."""
        ...

    def next_round(self) -> list[Event]:
        """The person pressed Next on a round's result: deal on (a LAN host deals by itself)."""
        ...

    def others_may_act(self) -> bool:
        """Whether some other seat may change the table by itself now (so it must keep drawing)."""
        ...

    def match_left_s(self, now_ms: float) -> float | None:
        """Seconds left of a match played to a time, by the clock the referee calls time by (0 once it
        is up; None: the match has no time limit). `now_ms` is the table's clock (a local game's)."""
        ...


class LocalHost:
    """A game played on this computer, kept the way a LAN host keeps one: the game, the AI seats and
    the referee on the clock. The table sees only the viewer's view and events; `game` is for saving
    the match and for the table's own file operations, never for drawing."""

    def __init__(
        self,
        game: Game,
        ai: Mapping[int, Seat],
        timing: Timing,
        viewer: int,
        executor: Executor | None = None,
        *,
        fresh: bool = True,
        match_elapsed_ms: float = 0.0,
    ):
        self.game = game
        self.rt = RealtimeTable(game, ai, timing, executor)
        self.rt.carry_match_clock(match_elapsed_ms)  # a resumed match played to a time goes on from there
        self.viewer = viewer
        self.rules = game.rules
        self.shown: list[Event] = []
        self.round_end: RoundEnded | None = None
        self._handed = 0 if fresh else len(game.events)  # a resumed match shows no old events
        if not fresh:
            self.shown = [e.for_seat(viewer) for e in game.events]
            self._note_round_end(self.shown)
        self._view: tuple[tuple[int, int], SeatView] | None = None

    @property
    def view(self) -> SeatView:
        game = self.game
        key = (len(game.actions), len(game.events))
        if self._view is None or self._view[0] != key:
            self._view = (key, game.view(self.viewer) if self.viewer >= 0 else game.view(-1, ()))
        return self._view[1]

    @property
    def match_over(self) -> bool:
        return self.game.phase is Phase.MATCH_OVER

    def advance(self, now_ms: float) -> None:
        self.rt.tick(now_ms)

    def poll(self) -> list[Event]:
        events = self.game.events
        if self._handed >= len(events):
            return []
        out = [e.for_seat(self.viewer) for e in events[self._handed :]]
        self._handed = len(events)
        self.shown.extend(out)
        self._note_round_end(out)
        return out

    def _note_round_end(self, events: list[Event]) -> None:
        for event in events:
            if isinstance(event, RoundEnded):
                self.round_end = event

    def submit(self, action: Action) -> str | None:
        try:
            self.rt.submit(action)
        except IllegalAction as exc:
            return exc.reason
        return None

    def refusal(self, action: Action) -> str | None:
        return self.game.refusal(action)

    def next_round(self) -> list[Event]:
        referee = self.game.legal_actions(REFEREE)
        if referee:
            self.game.apply(referee[0])
        return self.poll()

    def others_may_act(self) -> bool:
        game = self.game
        person = self.viewer if self.viewer not in self.rt.ai else None
        return any(game.sync_actions(seat) for seat in range(game.n) if seat != person)

    def match_left_s(self, now_ms: float) -> float | None:
        left = self.rt.match_left_ms(now_ms)
        return None if left is None else left / 1000

    def match_elapsed_ms(self, now_ms: float) -> float | None:
        """How long the match's clock has run (None: no clock runs): what a save keeps."""
        return self.rt.match_elapsed_ms(now_ms)
