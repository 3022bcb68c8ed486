"""Where a table gets what it shows: one seat's view, and the events as that seat sees them.

The table scene and the board read only a `TableSource`: the latest `SeatView` of the seat they show
(game.view) and the events addressed to that seat (Event.for_seat). Every table is a client of one
table host (game.table_host): a game on this computer is a `LocalHost`, the in-process transport to
that host, and a LAN game is a `RemoteTable` (ui/table/remote.py), fed by the same host behind the
LAN's sockets (net.host). Both are `TableClient`s, so the table scene has no branch of its own for
where the host is. Neither gives the table another seat's hidden cards, so what a player sees is the
same whether the game is here or on the LAN.
"""

from __future__ import annotations

from collections.abc import Mapping
from concurrent.futures import Executor
from typing import Protocol

from game.actions import Action
from game.engine import Game
from game.events import Event, RoundEnded
from game.phase import Phase
from game.realtime import RealtimeTable, Timing
from game.rules.base import RuleSet
from game.seats import Seat
from game.table_host import SeatUpdate, TableHost
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


class TableClient:
    """A table scene's source (a `TableSource` the person acts through): a client of one table host,
    wherever the host runs. `LocalHost` is the in-process transport to it, `RemoteTable`
    (ui.table.remote) the LAN's. The scene asks every client the same questions and has no branch of
    its own for where the host is; what a host in this process never has to say (it never goes away,
    never reconnects, sends no notices, keeps no lobby) is said here once, and a LAN client says it.
    Besides these, a client has the `TableSource` members (view, poll, submit ...)."""

    started = True  # the match has begun: a view has come
    game: Game | None = None  # the whole game, where this side holds it (to save the match); None: not
    gone: str | None = None  # the host is gone for good, and what to say of it
    reseated = False  # this table's seat changed (a late guest dealt in): a new table is built around it
    reconnecting: object | None = None  # the connection is lost and being taken up again
    resynced = False  # a view came alone: the board is rebuilt from it
    waiting = False  # a late guest, watching until its seat is dealt at the next round
    lobby = None  # who sits where, as the host last said (None: no lobby)

    def __init__(self) -> None:
        self.names: list[str] = []  # the names the host gives the seats (empty: the table's own)
        self.missed: list[Event] = []  # what happened while AI played for this seat, for its log
        self.log_lines: list[str] = []  # what the table's log says beside the events (a time-out)
        self.notices: list[str] = []  # refusals and errors that came later, for the table to show

    def has_news(self) -> bool:
        """Something came from the host that the table has not taken in (it wakes a resting table)."""
        return False

    def clocks(self) -> dict[int, tuple[float, float]]:
        """The time-to-act clocks running now: seat -> (seconds left, of how many)."""
        return {}

    def why_not(self, action: Action) -> str | None:
        """Asked when `refusal` found no reason to refuse an action the view does not offer: None
        (this side tells refusals itself: there is none to say), or "" when only the host can tell and
        it was asked by sending the action (its answer comes as a notice)."""
        return None

    def pace(self, timing: Timing) -> None:
        """The settings' pace of AI seats and windows changed (a host elsewhere keeps its own)."""

    def present(self) -> None:
        """The person did something at the table: a seat AI played while they were idle is theirs."""

    def leave(self) -> str:
        """Leave a table whose host cannot be reached, at once: what to say of it."""
        return ""

    def close(self) -> None:
        """The table goes: let the host go too (a LAN session is closed)."""

    def match_elapsed_ms(self, now_ms: float) -> float | None:
        """How long the match's clock has run (None: no clock runs here): what a save keeps."""
        return None


class LocalHost(TableClient):
    """A game played on this computer: the in-process transport to a table host (game.table_host), the
    same host a LAN table has behind its sockets. The table is the host's client as a LAN guest is:
    its actions go through the host's checks and its simultaneity tick, and it is shown what the host's
    updates for its seat carry (the events as the seat may see them, the seat's view), never the game.
    `game` is for saving the match and for the table's own file operations, never for drawing."""

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
        super().__init__()
        self.host = TableHost(game, ai, timing, executor)
        self.host.table.carry_match_clock(match_elapsed_ms)  # a resumed match goes on from there
        self.viewer = viewer
        self.rules = game.rules
        self.shown: list[Event] = []
        self.round_end: RoundEnded | None = None
        self._pending: list[Event] = []  # what the host sent this seat, not yet handed to the table
        self._now = 0.0  # the table's clock, as it last said
        self._update: SeatUpdate = self.host.seat_update(viewer, self.host.opening(), 0.0)
        if fresh:
            self._pending = list(self._update.events)
        else:  # a resumed match shows no old events: they are what it was shown before
            self.shown = list(self._update.events)
            self._note_round_end(self.shown)

    @property
    def game(self) -> Game:  # type: ignore[override]
        return self.host.game

    def pace(self, timing: Timing) -> None:
        self.host.table.timing = timing

    @property
    def rt(self) -> RealtimeTable:
        """The host's real-time driver (the table sets its timing from the settings)."""
        return self.host.table

    def _receive(self, events: list[Event]) -> None:
        """Take the host's update for this seat after a change (the in-process `Update`)."""
        self._update = self.host.seat_update(self.viewer, events, self._now)
        self._pending.extend(self._update.events)

    @property
    def view(self) -> SeatView:
        game = self.game
        if self._update.seq != len(game.actions):  # a change that said nothing (a turn sent ahead)
            self._receive([])
        return self._update.view

    @property
    def match_over(self) -> bool:
        return self.view.phase == Phase.MATCH_OVER.value

    def advance(self, now_ms: float) -> None:
        """One step of the host's clock a frame (the board shows each change before the next)."""
        self._now = now_ms
        events = self.host.run_due(now_ms, limit=1)
        if events:
            self._receive(events)

    def poll(self) -> list[Event]:
        out, self._pending = self._pending, []
        self.shown.extend(out)
        self._note_round_end(out)
        return out

    def _note_round_end(self, events: list[Event]) -> None:
        for event in events:
            if isinstance(event, RoundEnded):
                self.round_end = event

    def submit(self, action: Action) -> str | None:
        """The person's action, through the host's checks and its tick (of one action: the AI seats
        act on the host's clock, as they do at a LAN table)."""
        checked = self.host.check(self.viewer, action, self._update.seq)
        if checked.action is None:
            return checked.refused
        applied = self.host.act_together([checked.action])
        if applied.refused:
            return applied.refused[0][2]
        self._receive(applied.events)
        return None

    def refusal(self, action: Action) -> str | None:
        return self.host.refusal(action)

    def next_round(self) -> list[Event]:
        events = self.host.next_round()
        if events:
            self._receive(events)
        return self.poll()

    def others_may_act(self) -> bool:
        return self.host.others_may_act(self.viewer if self.viewer not in self.rt.ai else None)

    def match_left_s(self, now_ms: float) -> float | None:
        left = self.rt.match_left_ms(now_ms)
        return None if left is None else left / 1000

    def match_elapsed_ms(self, now_ms: float) -> float | None:
        """How long the match's clock has run (None: no clock runs): what a save keeps."""
        return self.rt.match_elapsed_ms(now_ms)
