"""One table host: the game side of a table, with no transport, the same for the desktop and the LAN.

A table is hosted the same way wherever its people sit. `TableHost` owns the `Game`, the real-time
driver (game.realtime: AI seats and the referee on the clock), the simultaneity tick (actions that reach
the table together are applied in the rulebook's precedence), the checks that an action still speaks of
the table as it stands, each person's time to act, the match's chart, and the history record; and it
produces what each seat is shown (`SeatUpdate`: the events as that seat may see them and its whole
view) and what a watcher is shown (the public side). It knows no socket, no asyncio and no window, and
it reads no clock: every call that depends on time is given `now_ms`, the caller's clock (the desktop
passes its display clock, so timers start when a card has been seen to land; the LAN host passes wall
time since play began).

Two transports drive it. The LAN host (net.host) is a socket adapter: connections, lobby, seating,
presence; each `SeatUpdate` is encoded as the protocol's `Update`. The desktop (ui.table.source's
`LocalHost`) is an in-process one: the table scene is a client of the host as a LAN client is, fed the
same updates, so a solo game and a LAN game go through the same code. This is the shape of
boardgame.io's one client over a local or a socket master.

Nothing here lets timing betray a hand: the host decides nothing by what a seat holds except through
the rulebook, every window lasts the same whoever could call, and a seat's update carries only what
`Event.for_seat` and `Game.view` give that seat.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass, field, replace
from pathlib import Path

from .actions import REFEREE, Action, Kind, is_call
from .engine import Game
from .events import Event, RoundDealt, RoundEnded, WindowOpened
from .history import Recorder
from .phase import Phase
from .realtime import RealtimeTable, Timing
from .refusals import Reason, Refusal
from .scores import Score
from .seats import Seat, make_seat
from .view import SeatView, public_view

MISSED_MAX = 40  # events a seat coming back is sent of what happened while AI played for it

# Why an action sent to a host is refused before the rules are asked: it is not an action, not the
# sender's, or it was decided on a table that has moved on. The codes are the LAN protocol's
# (net.protocol re-exports these), so every table words them in its own language.
NOT_AN_ACTION = Reason("lan.not_an_action", "not an action: {why}")
ANOTHER_SEAT = Reason("lan.another_seat", "that is another seat's action")
TOO_NEW = Reason("lan.too_new", "stale: that update has not happened yet")
CARD_GONE = Reason("lan.card_gone", "stale: that card is no longer the one in play")
MOVED_ON = Reason("lan.moved_on", "stale: the table has moved on (your view is updated)")


def choose(agent: Seat, view: SeatView) -> Action | None:
    """What an AI-played seat sends now: a dobon call if it has one, its turn action on its turn, its
    bid or declaration; nothing otherwise (it never sends passes: silence is a pass). A call offered
    outside any window (jda: a dobon on the field card at any moment) stands beside the seat's other
    actions: declined, the seat goes on to them (the turn player still plays or takes)."""
    legal = [a for a in view.legal if a.kind is not Kind.PASS]
    if not legal:
        return None
    calls = [a for a in legal if is_call(a)]
    if calls:
        answer = agent.act(replace(view, legal=(*calls, Action(view.seat, Kind.PASS))))
        legal = [a for a in legal if not is_call(a)]
        if answer.kind is not Kind.PASS or view.window is not None or not legal:
            return answer
    if view.window is not None and view.window.freezes_turn:
        return None
    return agent.act(replace(view, legal=tuple(legal)))


@dataclass
class SeatUpdate:
    """What one seat (or a watcher: seat `players`) is shown after a change: the fields of the LAN
    protocol's `Update`, typed. `events` are already as that seat may see them."""

    seq: int  # actions applied so far: an action decided on this update is stamped with it
    events: list[Event]
    view: SeatView
    names: list[str]
    clock_ms: int = 0  # this seat's time left to act (0: no clock runs for it)
    clocks: list[int] = field(default_factory=list)  # each seat's clock as everyone may see it
    match_ms: int = -1  # what is left of a match played to a time (-1: no limit)
    timed_out: list[int] = field(default_factory=list)  # seats AI acted for: their time ran out
    chart: list[list[dict]] = field(default_factory=list)  # a comeback: the standings round by round
    missed: list[Event] = field(default_factory=list)  # a comeback: what happened while AI played


@dataclass
class Checked:
    """A seat's action as the host took it: the action, or why it is refused (and whether the seat
    should be sent its view again: it acted on a table that has moved on)."""

    action: Action | None
    refused: Refusal | None = None
    resync: bool = False


@dataclass
class Applied:
    """One tick's actions applied: the events they caused, and each refused one with its reason."""

    events: list[Event]
    refused: list[tuple[int, Action, Refusal]]  # (index in the tick's actions, the action, why)


class TableHost:
    """The game side of a table: driven by actions per seat and by the caller's clock, it produces
    per-seat updates. Seats in `table.ai` are played by AI (a stand-in for an absent person too);
    every other seat is a person's, and `turn_limit_ms` is their time to act (0: none)."""

    def __init__(
        self,
        game: Game,
        ai: Mapping[int, Seat],
        timing: Timing | None = None,
        executor: Executor | None = None,
        *,
        names: Callable[[], list[str]] = list,
        ai_level: str = "normal",
        seed: int = 0,
        turn_limit_ms: float = 0.0,
    ):
        self.game = game
        self.table = RealtimeTable(game, ai, timing, executor)
        self.names = names  # the names at the table as they stand (the adapter's seating)
        self.ai_level, self.seed = ai_level, seed
        self.turn_limit_ms = turn_limit_ms
        self.window_seq = 0  # actions applied when the open window opened
        self.deal_seq = 0  # actions applied when the round in play was dealt
        # the standings (public) at the match's first deal and after each round: the chart a seat that
        # comes back is sent, as a game may keep no events of finished rounds (forget_rounds)
        self.chart: list[list[dict]] = []
        self.owing: dict[int, float] = {}  # person seats that must act, and since when (now_ms)
        self.timed_out: list[int] = []  # seats AI acts for in the updates being made
        self._clocks_for: tuple | None = None
        # the history record (game.history): who sits where, as the history names them
        self.recorder: Recorder | None = None
        self.history_seats: list[str] = []
        self.history_started = ""
        self.joined: list[int] = [0] * game.n  # per seat the rounds played before its person sat

    # ------------------------------------------------------------------ actions

    def opening(self) -> list[Event]:
        """The events of the round in play, for a table that starts (or resumes) showing it."""
        events = list(self.game.events)
        self.note(events)
        return events

    def check(self, seat: int, action: Action | dict, seq: int) -> Checked:
        """Whether `seat` may send `action`, decided on the update numbered `seq`: it must be its own
        and still speak of the table as it stands. A dobon or a pass answers one card, so it must have
        been decided since that card's window opened; any other action stands while it is legal in the
        same deal (someone else's pass must not void a chosen play). The rules are asked later, in the
        tick (`act_together`)."""
        game = self.game
        if isinstance(action, dict):
            try:
                action = Action.from_json(action, game.deck)
            except ValueError as exc:
                return Checked(None, NOT_AN_ACTION(why=str(exc)))
        if action.seat != seat:
            return Checked(None, ANOTHER_SEAT())
        now = len(game.actions)
        if seq > now:
            return Checked(None, TOO_NEW())
        if action.kind is Kind.DOBON or (action.kind is Kind.PASS and game.window is not None):
            if seq < (self.window_seq if game.window is not None else now):
                return Checked(None, CARD_GONE())
        elif seq < self.deal_seq:
            # the same card means another card in another deal
            return Checked(None, MOVED_ON(), resync=True)
        return Checked(action)

    def act_together(self, actions: Sequence[Action]) -> Applied:
        """The simultaneity tick: actions that reached the table at the same moment, applied in the
        rulebook's precedence (Game.apply_together); one that was overtaken, or never legal, is
        refused with its reason and changes nothing."""
        game = self.game
        index = {id(action): i for i, action in enumerate(actions)}
        seq, opened_at = len(game.actions), None
        events: list[Event] = []
        refused: list[tuple[int, Action, Refusal]] = []
        for outcome in game.apply_together(actions):
            if outcome.refused is not None:
                refused.append((index[id(outcome.action)], outcome.action, outcome.refused))
                continue
            seq += 1
            if any(isinstance(e, WindowOpened) for e in outcome.events):
                opened_at = seq  # a dobon is good from the action that opened the window on
            events.extend(outcome.events)
        self.note(events)
        if opened_at is not None:
            self.window_seq = opened_at
        return Applied(events, refused)

    def run_due(self, now_ms: float, limit: int = 50) -> list[Event]:
        """Let the clock act up to `now_ms`: AI seats and the referee (game.realtime), at most `limit`
        steps (the desktop takes one a frame, so the board shows each before the next). Between rounds
        the clock does not run: the next deal is the table's (`next_round`)."""
        if self.game.phase in (Phase.ROUND_OVER, Phase.MATCH_OVER):
            return []
        events = self.table.run_due(now_ms, limit)
        self.note(events)
        return events

    def next_round(self) -> list[Event]:
        """Deal on between rounds: the referee's next round (or, after a match's end, its next match)."""
        game = self.game
        referee = game.legal_actions(REFEREE)
        if game.phase not in (Phase.ROUND_OVER, Phase.MATCH_OVER) or not referee:
            return []
        events = self.game.apply(referee[0])
        self.note(events)
        return events

    def refusal(self, action: Action) -> Refusal | None:
        """Why the rules would refuse `action` now (None: it is legal). Changes nothing."""
        return self.game.refusal(action)

    def note(self, events: Sequence[Event]) -> None:
        """Keep what the events change of the host's own record: where the open window and the round
        in play began (for `check`), and the chart."""
        game = self.game
        for e in events:
            if isinstance(e, WindowOpened):
                self.window_seq = len(game.actions)
            elif isinstance(e, RoundDealt):
                self.deal_seq = len(game.actions)
            if isinstance(e, RoundDealt) and (e.round_no == 1 or not self.chart):
                self.chart = [standings_json(e)]
            elif isinstance(e, RoundEnded):
                self.chart.append(standings_json(e))

    def others_may_act(self, person: int | None) -> bool:
        """Whether a seat other than `person` may change the table by itself now."""
        game = self.game
        return any(game.sync_actions(seat) for seat in range(game.n) if seat != person)

    # ------------------------------------------------------------------ the time to act

    def _owes(self, seat: int) -> bool:
        """The seat has something to do that play waits for (a turn action, a bid, a declaration), not
        merely something it may do (a call, a pass)."""
        game = self.game
        if game.phase not in (Phase.OPENING, Phase.TURN):
            return False  # between rounds, or a window that freezes turns (calls only: never owed)
        return any(a.kind is not Kind.PASS and not is_call(a) for a in game.legal_actions(seat))

    def start_clocks(self, now_ms: float) -> None:
        """After every change: each person's clock starts when play begins to wait for them, and stops
        when it no longer does (AI seats and stood-in seats have none)."""
        if self.turn_limit_ms <= 0:
            return
        game, ai = self.game, self.table.ai
        key = (len(game.actions), game.phase, tuple(ai), tuple(self.owing))
        if key == self._clocks_for:
            return  # once per change, not once per seat sent to
        for seat in range(game.n):
            if seat not in ai and self._owes(seat):
                self.owing.setdefault(seat, now_ms)
            else:
                self.owing.pop(seat, None)
        self._clocks_for = (key[0], key[1], key[2], tuple(self.owing))

    def clock_ms(self, seat: int, now_ms: float) -> int:
        since = self.owing.get(seat)
        if since is None:
            return 0
        return max(1, int(self.turn_limit_ms - (now_ms - since)))

    def public_clocks(self, now_ms: float) -> list[int]:
        """Each seat's time left to act as everyone may see it: the clock of the seat whose turn it is
        (0 elsewhere). A clock another seat owes for a reason of its own hand stays its own."""
        game = self.game
        if not self.owing:
            return []
        return [self.clock_ms(seat, now_ms) if seat == game.turn else 0 for seat in range(game.n)]

    def match_ms(self, now_ms: float) -> int:
        """What is left of a match played to a time, by the clock the referee calls time by (-1: none)."""
        left = self.table.match_left_ms(now_ms)
        return -1 if left is None else int(left)

    def time_up(self, now_ms: float) -> int | None:
        """The next person whose time to act has run out (their clock stops), or None."""
        for seat, since in list(self.owing.items()):
            if now_ms - since >= self.turn_limit_ms:
                self.owing.pop(seat, None)
                return seat
        return None

    def stand_in(self, seat: int) -> Action | None:
        """What AI of the host's level chooses for `seat` whose time ran out, from its own view."""
        game = self.game
        return choose(make_seat(self.ai_level, self.seed + len(game.actions), seat), game.view(seat))

    # ------------------------------------------------------------------ updates

    def seat_update(
        self, seat: int, events: Sequence[Event], now_ms: float, missed_since: int | None = None
    ) -> SeatUpdate:
        """What `seat` is shown: `events` as it may see them and its whole view. `missed_since` (a
        comeback: its person is back after AI played for them) adds the match's chart and what happened
        since that event count, as that seat sees it (the last MISSED_MAX of the round in play)."""
        game = self.game
        self.start_clocks(now_ms)
        missed: list[Event] = []
        if missed_since is not None:
            since = max(missed_since, game.events_base)
            missed = [e.for_seat(seat) for e in game.events_since(since)[-MISSED_MAX:]]
        return SeatUpdate(
            len(game.actions),
            [e.for_seat(seat) for e in events],
            game.view(seat) if seat >= 0 else game.view(seat, ()),  # (-1: a table that shows no hand)
            self.names(),
            self.clock_ms(seat, now_ms),
            self.public_clocks(now_ms),
            self.match_ms(now_ms),
            list(self.timed_out),
            list(self.chart) if missed_since is not None else [],
            missed,
        )

    def public_update(self, events: Sequence[Event], now_ms: float) -> SeatUpdate:
        """An update as a watcher sees it (game.view.public_view): no hand, no stock order, no actions;
        also what a late guest sees of the round in play before its seat is dealt."""
        game = self.game
        self.start_clocks(now_ms)
        return SeatUpdate(
            len(game.actions),
            [e.for_seat(game.n) for e in events],
            public_view(game),
            self.names(),
            0,
            self.public_clocks(now_ms),
            self.match_ms(now_ms),
            list(self.timed_out),
        )

    # ------------------------------------------------------------------ history

    def keep_history(self, me: int | None, *, lan: bool, folder: str | None) -> None:
        """Keep every finished round of this match in the history (game.history), under the seats and
        start set in `history_seats` and `history_started`; `me` is the hosting person's seat."""
        self.recorder = Recorder(
            self.history_seats, me, names=self.names(), lan=lan, started=self.history_started, folder=folder
        )

    def record(self, ended: bool) -> Path | None:
        """Write the history record as the table stands: who sits where now (a late guest's name, the
        rounds before it sat) and whether the match is over. Raises OSError if the disk refuses."""
        recorder = self.recorder
        if recorder is None:
            return None
        recorder.seats, recorder.names, recorder.joined = self.history_seats, self.names(), self.joined
        recorder.ended = ended
        return recorder.saved(self.game)


def standings_json(event: RoundDealt | RoundEnded) -> list[dict]:
    """The standings an event shows (public), in the preset's own terms where it has them."""
    return [score.to_json() for score in (event.standings or map(Score.points, event.scores))]
