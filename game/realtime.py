"""Real-time play: AI seats and the referee acting on a clock, beside people who act whenever they like.

The desktop table and the LAN host both drive a `Game` through a `RealtimeTable`: people's actions come
in through `submit`, and `tick(now_ms)` applies whatever the clock says is due:

* AI seats that may call dobon, or that the rulebook lets place, draw or call out of turn (races),
  decide `dobon_ms` after the situation arose; those due in the same tick are applied together, in the
  rulebook's precedence (`Game.apply_together`);
* the referee closes a window that freezes turn actions `window_ms` after the last action (an `app`
  chain uses the preset's own time, `Rulebook.window_ms`);
* AI seats take their turn, bid or declare `turn_ms` after the situation arose;
* the referee calls time (TIMEOUT) on a seat that has taken longer than its preset allows
  (`Rulebook.time_limit_ms`), and the rulebook says what that costs; and on the match itself once its
  time limit has passed (`Rulebook.match_time_ms`, a TIMEOUT naming no seat).

Timing never depends on hidden cards: every window lasts the same time whoever could call, an AI that
decides not to call simply stays silent (no pass is sent, so nothing resets the clock), and an AI that
declines a yaku offer does so silently too. The clock is whatever the caller says it is: the table
passes its display clock (so the timers start when the player has seen the card land), the host passes
wall time.
"""

from __future__ import annotations

from collections.abc import Mapping
from concurrent.futures import Executor, Future, wait
from dataclasses import dataclass

from .actions import REFEREE, Action, Kind
from .engine import Game
from .events import Event
from .phase import Phase
from .seats import Seat

TURN_KINDS = (Kind.PLAY, Kind.DRAW)
RACE_KINDS = (Kind.PLAY, Kind.DRAW, Kind.DOBON)  # out of turn, these are races decided at reaction speed

# How long a tick waits on an AI thinking in the executor before going on without it. Waiting on the
# future blocks this thread, so the worker surely gets the GIL: a caller that never blocks (a frame loop
# run flat out, as the tests do) releases the GIL only for instants that it wins back itself, and the
# worker could wait a second for a decision that takes microseconds. Quick seats (no `searches`) are
# not sent to the worker at all; a searching seat gets this slice, then goes on thinking while frames
# are drawn.
THINK_SLICE_S = 0.002


@dataclass
class Timing:
    turn_ms: int = 900
    dobon_ms: int = 650
    window_ms: int = 1800


class RealtimeTable:
    def __init__(
        self,
        game: Game,
        ai: Mapping[int, Seat],
        timing: Timing | None = None,
        executor: Executor | None = None,
    ):
        self.game = game
        self.ai = dict(ai)  # seat -> AI; seats not here are people (local or remote)
        self.timing = timing or Timing()
        self.executor = executor  # where AI seats think, so a table's frames never wait for them
        self._key: tuple[int, int] = (-1, -1)
        self._since = 0.0
        self._asked: set[tuple[int, str]] = set()  # (seat, what) already decided in this situation
        self._thinking: tuple[tuple[int, int], int, str, Future[Action]] | None = None
        self._window: tuple[object, float] | None = None  # the open window and when it was first seen
        self._match: tuple[int, float] | None = None  # the match and when its clock started, by `now`
        self._carried_ms = 0.0  # time the match had already run before this table (a resumed save)

    # ------------------------------------------------------------------ people

    def submit(self, action: Action) -> list[Event]:
        """Apply a person's action (raises IllegalAction, state unchanged, if it is not legal)."""
        return self.game.apply(action)

    # ------------------------------------------------------------------ the clock

    def _situation(self, now: float) -> float:
        game = self.game
        # the auction is one situation however many bids arrive, so bids do not delay each other
        count = -1 if game.phase is Phase.OPENING else len(game.actions)
        key = (game.round_no + 1000 * game.match_no, count)
        if key != self._key:
            self._key = key
            self._since = now
            self._asked = set()
            if self._thinking is not None:
                self._thinking[3].cancel()  # the situation moved on: that decision is stale
                self._thinking = None
        return now - self._since

    def _decide(self, seat: int, what: str, legal: list[Action]) -> Action | None:
        """The AI's choice, or None while it is still thinking (with an executor)."""
        agent = self.ai[seat]
        if self.executor is None or not getattr(agent, "searches", False):
            # a quick seat answers at once, in this frame, whatever the machine's load: the table's
            # pace must not depend on how the threads are scheduled
            return agent.act(self.game.view(seat, legal))
        thinking = self._thinking
        if thinking is not None and thinking[:3] != (self._key, seat, what):
            if not thinking[3].done():
                return None  # one decision at a time
            thinking = None
        if thinking is None:
            thinking = self._thinking = (
                self._key,
                seat,
                what,
                self.executor.submit(agent.act, self.game.view(seat, legal)),
            )
        if not thinking[3].done():
            wait([thinking[3]], timeout=THINK_SLICE_S)
            if not thinking[3].done():
                return None
        self._thinking = None
        return thinking[3].result()

    def _window_open_for(self, now: float) -> float:
        """How long the open window has been open (by this table's clock)."""
        window = self.game.window
        if window is None:
            self._window = None
            return 0.0
        if self._window is None or self._window[0] is not window:
            self._window = (window, now)
        return now - self._window[1]

    def _window_limit(self) -> float:
        window = self.game.window
        if window is None:
            return self.timing.window_ms
        return self.game.book.window_ms(self.game, window, self.timing.window_ms)

    def _reactions(self, seat: int, window) -> list[Action]:
        """What `seat` may do at reaction speed now: its answers in the open window, and the rulebook's
        races out of turn (a placement, a draw or a dobon that is not its turn's or the window's)."""
        game = self.game
        answers = game.book.call_actions(game, seat, window) if window and seat in window.pending else []
        own_turn = seat == game.turn and game.phase is Phase.TURN and not (window and window.freezes_turn)
        # an AI next in turn does not send its turn ahead (Rulebook.queues_turn): it plays once the
        # window has closed, from the view as it then stands
        own_turn = own_turn or (window is not None and window.freezes_turn and seat == game.queue_seat())
        races = [
            a
            for a in game.legal_actions(seat)
            if a.kind in RACE_KINDS and a not in answers and not (own_turn and a.kind in TURN_KINDS)
        ]
        return [*answers, *races]

    def _due_reactions(self, elapsed: float) -> list[Action] | None:
        """The AI seats' reactions due by now, decided together (None while one is still thinking)."""
        game = self.game
        window = game.window
        chosen: list[Action] = []
        first = [s for s in window.pending if s in self.ai] if window is not None else []
        for seat in [*first, *(s for s in self.ai if s not in first)]:  # answers in polling order
            if (seat, "react") in self._asked:
                continue
            if elapsed < self.timing.dobon_ms * getattr(self.ai[seat], "reaction_factor", 1.0):
                continue
            options = self._reactions(seat, window)
            if not options:
                self._asked.add((seat, "react"))
                continue
            choice = self._decide(seat, "react", [Action(seat, Kind.PASS), *options])
            if choice is None:
                return None
            self._asked.add((seat, "react"))
            if choice != Action(seat, Kind.PASS):  # staying silent is a pass: nothing observable happens
                chosen.append(choice)
        return chosen

    def match_left_ms(self, now: float) -> float | None:
        """What is left at `now` of a match played to a time (Rulebook.match_time_ms): 0 once it is up,
        None when the match has no time limit. Its clock starts the first time the driver ticks the
        match, as `tick` counts it, so the table shows the very clock the referee calls time by."""
        game = self.game
        limit = game.book.match_time_ms(game)
        if limit is None:
            return None
        if game.time_up:
            return 0.0
        if self._match is None or self._match[0] != game.match_no:
            return max(0.0, limit - self._carried_ms)
        return max(0.0, limit - (now - self._match[1]))

    def match_elapsed_ms(self, now: float) -> float | None:
        """How long the match's clock has run at `now` (None: no clock runs), for a save to carry."""
        game = self.game
        if game.book.match_time_ms(game) is None or game.time_up or game.phase is Phase.MATCH_OVER:
            return None
        if self._match is None or self._match[0] != game.match_no:
            return self._carried_ms
        return now - self._match[1]

    def carry_match_clock(self, elapsed_ms: float) -> None:
        """A resumed match goes on from the time it had run when it was saved, not from a full limit:
        its clock starts `elapsed_ms` in, the first time this table ticks it."""
        self._carried_ms = max(0.0, float(elapsed_ms))

    def tick(self, now: float) -> list[Event]:
        """Apply what is due now, if anything; returns its events (call again for more)."""
        game = self.game
        limit = game.book.match_time_ms(game)
        if limit is not None and not game.time_up and game.phase is not Phase.MATCH_OVER:
            if self._match is None or self._match[0] != game.match_no:
                self._match = (game.match_no, now - self._carried_ms)
                self._carried_ms = 0.0  # the next match starts from its full limit
            if now - self._match[1] >= limit:  # the match's time is up (its game in play goes on)
                return game.apply(Action(REFEREE, Kind.TIMEOUT, amount=REFEREE))
        if game.phase in (Phase.ROUND_OVER, Phase.MATCH_OVER):
            return []
        elapsed = self._situation(now)
        open_for = self._window_open_for(now)
        t = self.timing
        window = game.window
        # 1. AI dobon calls and out-of-turn races: all that fall due in one tick are simultaneous, so
        # the rulebook's precedence orders them (a call it overtook is simply dropped)
        reactions = self._due_reactions(elapsed)
        if reactions is None:
            return []
        if reactions:
            events = [e for outcome in game.apply_together(reactions) for e in outcome.events]
            if events:
                return events
        # 2. the referee closes a window that holds up play, and calls time on a seat over its limit
        if window is not None and window.freezes_turn and elapsed >= self._window_limit():
            return game.apply(Action(REFEREE, Kind.CLOSE))
        if window is not None:
            deadline = game.book.window_deadline_ms(game, window)
            if deadline is not None and open_for >= deadline:
                return game.apply(Action(REFEREE, Kind.CLOSE))
        for timeout in game.legal_actions(REFEREE):
            if (
                timeout.kind is Kind.TIMEOUT
                and timeout.amount != REFEREE
                and elapsed >= (game.book.time_limit_ms(game, timeout.amount) or 0)
            ):
                return game.apply(timeout)
        if elapsed < t.turn_ms:
            return []
        # 3. AI bids and declarations
        for seat in self.ai:
            if (seat, "other") in self._asked:
                continue
            others = [
                a for a in game.legal_actions(seat) if a.kind not in TURN_KINDS and a.kind not in RACE_KINDS
            ]
            others = [a for a in others if not (a.kind is Kind.PASS and window is not None)]
            if not others:
                continue
            choice = self._decide(seat, "other", others)
            if choice is None:
                return []
            self._asked.add((seat, "other"))
            if choice.kind is Kind.PASS:
                continue  # declining an offer silently: nothing observable happens
            return game.apply(choice)
        # 4. an AI's turn
        seat = game.turn
        if game.phase is Phase.TURN and seat in self.ai and (window is None or not window.freezes_turn):
            legal = [a for a in game.legal_actions(seat) if a.kind in TURN_KINDS]
            if legal:
                choice = self._decide(seat, "turn", legal)
                if choice is not None:
                    return game.apply(choice)
        return []

    def run_due(self, now: float, limit: int = 50) -> list[Event]:
        """Apply everything due at `now` (bounded), returning all events."""
        out: list[Event] = []
        for _ in range(limit):
            events = self.tick(now)
            if not events:
                break
            out.extend(events)
        return out
