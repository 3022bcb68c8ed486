"""The table as a LAN client: a `TableSource` fed by the host.

The host sends this seat its view and the events as this seat may see them, and nothing else: the table
draws from exactly that (no game is made up from it). An action the view does not list is still sent:
the host answers why it is refused, and the answer is shown as a notice.
"""

from __future__ import annotations

import math
import time

from game.actions import Action, Kind, is_call
from game.cards import deck as get_deck
from game.events import Event, RoundDealt, RoundEnded, event_from_json
from game.history import HUMAN, now_stamp
from game.rules import make_rules
from game.rules.base import RuleSet
from game.scores import Score
from game.seen import SeenLog
from game.view import SeatView
from net.client import HostClosed, HostGone
from net.keeping import STAMP, Kept
from net.protocol import CLOSED, Error, Finished, Lobby, Refused, Update
from net.session import NetSession, Reconnected, Reconnecting

from ..refusals import coded, refusal_text
from ..text import score_text, tr
from .source import TableClient

NOTICE_EVERY_S = 2.5  # "reconnecting…" is said again this often, so it stays on screen until it is over


class RemoteTable(TableClient):
    """A LAN seat's table source: what the host sent, as the in-process host hands it (ui.table.source)."""

    def __init__(self, session: NetSession):
        super().__init__()
        self.session = session
        self._view: SeatView | None = None
        self.rules: RuleSet | None = None
        self.viewer = -1
        self.names: list[str] = []
        self.finished: Finished | None = None
        self.lobby: Lobby | None = None
        self.shown: list[Event] = []  # everything this seat was shown, for the match chart
        self.round_end: RoundEnded | None = None
        self.notices: list[str] = []  # refusals and errors, for the table to show
        self.gone: str | None = None
        self.seq = 0  # the update the table is showing: actions are stamped with it
        self._pending: list[Event] = []  # received, not yet handed to the table
        self.reconnecting: Reconnecting | None = None  # the connection is lost and being taken up again
        self._said_at = 0.0
        # when each seat's time to act runs out (monotonic), as the host last said: this seat's own
        # clock, and the clock of the seat whose turn it is (drawn as a dial on its plate)
        self.clocks_until: dict[int, float] = {}
        self.match_until: float | None = None  # when a match played to a time runs out (monotonic)
        self.resynced = False  # a view came alone (a comeback, a stale action): the board is rebuilt from it
        self.kept: Kept | None = None  # the match as kept in this computer's history (a guest's)
        self.log_lines: list[str] = []  # what the table's log says beside the events (a time-out)
        # this table's seat changed (a late guest watched the round in play and is now dealt in): the
        # scene builds a new board around it; until then its events wait (`poll` holds them)
        self.reseated = False
        self.rematch = False  # the match is over and the host offered a rematch at this table
        self.new_match = False  # the host came back with a new match (--new-match): follow it
        self.closed_after = False  # the match is over and the host has closed the table since
        # the standings at the match's first deal and after each round, as the host sent them when
        # this seat came back (it saw none of the rounds before); kept up as rounds end (`poll`)
        self.chart: list[list[Score]] = []
        self.missed: list[Event] = []  # what happened while AI played for this seat, for its log
        # what this seat is shown of the match, update by update (game.seen): kept in the History only
        # if the host vanishes before the end (otherwise its log comes, net.keeping, and says more)
        self.seen = SeenLog()
        self.seen_started = ""  # when this seat saw the match's first update (if the host never said)
        self.seen_kept: str | None = None  # what became of it, said once (None: not kept yet)
        self.history_folder: str | None = None  # None: the data folder's (tests set one)

    @property
    def started(self) -> bool:
        """The match has begun: a view has come."""
        return self._view is not None

    @property
    def view(self) -> SeatView:
        assert self._view is not None, "no view yet: the match has not started"
        return self._view

    @property
    def match_over(self) -> bool:
        return self.finished is not None

    def receive(self) -> None:
        """Take in what the host sent (views, events, refusals, the lobby, the end of the match)."""
        for message in self.session.poll():
            if isinstance(message, Update):
                try:
                    view = SeatView.from_json(message.view)
                    deck = get_deck(view.deck)
                    events = [event_from_json(e, deck) for e in message.events]
                    rules = self.rules or make_rules(view.preset, view.players, dict(view.options))
                    chart = [[Score.from_json(score) for score in row] for row in message.chart]
                    missed = [event_from_json(e, deck) for e in message.missed]
                except (KeyError, TypeError, ValueError, IndexError) as exc:
                    self.gone = f"the host sent something this table cannot show ({exc})"
                    continue
                if self._view is not None and (view.seat != self._view.seat or self.new_match):
                    # a late guest's own seat is dealt after it watched (its view was a watcher's), or
                    # the host set the match aside for a new one: the table is built again around
                    # this view, from this deal (TableScene._poll_remote), the old match's shown no more
                    self.reseated, self._pending = True, []
                    self.seen.reset()  # what this seat keeps starts at its own deal (or the new match)
                    if self.new_match:
                        self.new_match, self.shown, self.round_end, self.chart = False, [], None, []
                self._view, self.rules, self.viewer = view, rules, view.seat
                self.seq = message.seq
                self.seen_started = self.seen_started if self.seen.steps else now_stamp()
                self.seen.add(message.seq, message.events, message.view, message.timed_out)
                self.names = message.names or self.names
                self._pending.extend(events)
                self.chart = chart or self.chart  # a comeback: the match's rounds before it
                self.missed.extend(missed)  # ... and what happened while AI played for this seat
                for seat in message.timed_out:  # a move that was not the person's own choice
                    if 0 <= seat < len(self.names):
                        self.log_lines.append(tr("log.ai_played", name=self.names[seat]))
                self.resynced = self.resynced or not message.events
                now = time.monotonic()
                self.clocks_until = {s: now + ms / 1000 for s, ms in enumerate(message.clocks) if ms > 0}
                if message.clock_ms and view.seat < view.players:
                    self.clocks_until[view.seat] = now + message.clock_ms / 1000
                self.match_until = None if message.match_ms < 0 else now + message.match_ms / 1000
            elif isinstance(message, Refused):  # in this table's language, by its code where it has one
                reason = coded(message.code, message.reason, message.params)
                deck = get_deck(self._view.deck) if self._view is not None else None
                self.notices.append(refusal_text(reason, deck, self.names))
            elif isinstance(message, Error):
                self.notices.append(message.message)
            elif isinstance(message, Finished):
                self.session.forget_seat()  # the match is over: there is nothing to come back to
                self.kept = getattr(self.session.client, "kept", None)  # the match in the history
                if self.kept is not None and self.kept.problem:
                    self.notices.append(tr("lan.not_kept", reason=self.kept.problem))
                if message.complete:
                    self.finished = message
                    self.seen.close()  # the host's log is the record: what this seat saw is not needed
                else:  # the host closed the table first: say so, with the standings so far
                    self.gone = closed_early(message, self.kept)
                    if self.kept is None or self.kept.path is None:  # no round of it kept: what was seen
                        self.gone = "\n".join(filter(None, [self.gone, self.keep_seen()]))
            elif isinstance(message, Lobby):
                self.lobby = message
                if message.rematch and (self.finished is not None or self.started):  # (a watcher who
                    # came after the end saw the finished table, not its Finished)
                    self.rematch = True  # the host offered a rematch: its lobby follows (ui.scenes.lan)
            elif isinstance(message, Reconnecting):
                self.reconnecting, self._said_at = message, 0.0
            elif isinstance(message, Reconnected):
                self.reconnecting = None
                said = "lan.new_match" if message.new_match else "lan.host_back" if message.resumed else ""
                self.new_match = self.new_match or message.new_match  # the next view is the new one's
                self.notices.append(tr(said or "lan.reconnected"))
            elif isinstance(message, HostGone) and self.finished is not None:
                self.closed_after = True  # the match was over: no rematch will come, nothing else lost
            elif isinstance(message, HostGone):
                self.reconnecting = None
                if self.gone is None:  # the standings a closing host sent first say more
                    said = tr("lan.host_closed") if str(message) == CLOSED else str(message)
                    # a host that vanished for good: the standings this seat was shown are kept
                    shown = self.standings_lines()
                    self.gone = "\n".join([said, tr("lan.gone_standings"), *shown]) if shown else said
                    if self.started:  # the host vanished mid-match: what this seat saw is kept
                        self.gone = "\n".join(filter(None, [self.gone, self.keep_seen()]))
                if isinstance(message, HostClosed):
                    self.session.forget_seat()  # closed or refused: that seat is gone for good
        if self.gone is not None:
            self._pending = []  # the table is gone: its notice comes first, and nothing replays
        if self.reconnecting is not None and time.monotonic() - self._said_at >= NOTICE_EVERY_S:
            self._said_at = time.monotonic()
            self.notices.append(self.reconnecting_text())

    @property
    def turn_limit_s(self) -> float:
        """A person's time to act at this table, as the host said when we sat down (0: no limit)."""
        client = self.session.client
        welcome = getattr(client, "welcome", None) if client is not None else None
        return float(welcome.turn_limit_s) if welcome is not None else 0.0

    def clocks(self) -> dict[int, tuple[float, float]]:
        """The clocks running now: seat -> (seconds left, of how many), for the board to draw."""
        now = time.monotonic()
        out = {}
        for seat, until in self.clocks_until.items():
            left = max(0.0, until - now)
            out[seat] = (left, max(self.turn_limit_s, left, 0.001))
        return out

    def match_left_s(self, now_ms: float) -> float | None:
        """Seconds left of a match played to a time, as the host last said (it keeps the clock)."""
        if self.match_until is None:
            return None
        return max(0.0, self.match_until - time.monotonic())

    def seconds_left(self) -> int | None:
        """This seat's time left to act, in whole seconds (None: no clock running)."""
        until = self.clocks_until.get(self.viewer)
        if until is None:
            return None
        return max(0, math.ceil(until - time.monotonic()))

    def left_text(self) -> str:
        """This seat left while its host could not be reached (from "reconnecting…"): a message with
        the standings it was last shown, seat by seat, in the preset's own terms."""
        lines = [tr("lan.left_gone"), *self.standings_lines()]
        if self.started:
            lines.append(self.keep_seen())
        return "\n".join(filter(None, lines))

    def keep_seen(self) -> str:
        """The host is gone before the match's end: keep what this seat was shown (game.seen) in the
        History, once; the sentence that says what became of it ("" at the hosting person's own table,
        whose host keeps the match's record itself)."""
        if self.seen_kept is not None:
            return self.seen_kept
        if self.session.host is not None:  # the hosting person's own table: its host keeps the record
            self.seen.close()
            self.seen_kept = ""
            return ""
        lobby, view = self.lobby, self._view
        seats = ["ai"] * (view.players if view is not None else 0)
        if lobby is not None and len(lobby.seats) == len(seats):
            level = lobby.ai or "ai"  # an older host does not say its AI's level
            seats = [HUMAN if s.kind == "person" else level for s in lobby.seats]
        started = lobby.match_started if lobby is not None and STAMP.fullmatch(lobby.match_started) else ""
        me = view.seat if view is not None and view.seat < view.players else None  # a watcher: nobody's
        try:
            self.seen.keep(
                seats=seats,
                names=self.names,
                me=me,
                started=started or self.seen_started or now_stamp(),
                folder=self.history_folder,
            )
        except (OSError, ValueError, KeyError, TypeError) as exc:
            reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
            self.seen_kept = tr("lan.seen_not_kept", reason=reason)
        else:
            self.seen_kept = tr("lan.seen_kept")
        self.seen.close()
        return self.seen_kept

    def standings_lines(self) -> list[str]:
        """The standings this seat was last shown, seat by seat, in the preset's own terms."""
        lines = []
        for seat, score in enumerate(self._view.standings if self._view is not None else ()):
            name = self.names[seat] if seat < len(self.names) else str(seat + 1)
            lines.append(f"{name}  {score_text(score)}")
        return lines

    def reconnecting_text(self) -> str:
        assert self.reconnecting is not None
        return tr("lan.reconnecting", attempt=self.reconnecting.attempt)

    def advance(self, now_ms: float) -> None:
        self.receive()  # the host keeps the clock

    @property
    def waiting(self) -> bool:
        """A late guest: the host keeps it a seat from the next round, and it watches until then."""
        client = self.session.client
        welcome = getattr(client, "welcome", None) if client is not None else None
        if welcome is None or self.lobby is None or not 0 <= welcome.seat < len(self.lobby.seats):
            return False
        return bool(self.lobby.seats[welcome.seat].waiting)

    def poll(self) -> list[Event]:
        if self.reseated or self.gone is not None:
            return []  # the deal of this table's own seat is for the board built around it
        out, self._pending = self._pending, []
        self.shown.extend(out)
        for event in out:
            if isinstance(event, RoundEnded):
                self.round_end = event
            if self.chart and isinstance(event, RoundDealt) and event.round_no == 1:
                self.chart = []  # a new match: its own events make its chart
            elif self.chart and isinstance(event, RoundEnded):
                self.chart.append(list(event.standings or map(Score.points, event.scores)))
        return out

    def submit(self, action: Action) -> str | None:
        """Send a person's action. One the view does not list goes too: the host says why not ("")."""
        self.session.send_action(action, self.seq)
        if action not in self.view.legal:
            return ""
        if action.kind is not Kind.PASS and not is_call(action):
            self.clocks_until.pop(self.viewer, None)  # acted: the clock stops at once (the host agrees)
        return None

    def refusal(self, action: Action) -> str | None:
        return None  # only the host can tell, and it does when the action is sent

    def why_not(self, action: Action) -> str | None:
        self.submit(action)  # only the host can tell: it answers as a notice
        return ""

    def present(self) -> None:
        self.session.send_ready(True)  # "I'm back": the host gives the seat back from the AI

    def leave(self) -> str:
        self.session.forget_seat()  # nothing to come back to
        return self.left_text()

    def close(self) -> None:
        self.session.close()

    def next_round(self) -> list[Event]:
        return []  # the host deals the next round itself

    def others_may_act(self) -> bool:
        """What the host sends wakes a resting table as it comes (TableScene.has_news): only what has
        come and is not shown yet keeps it drawing."""
        return bool(self._pending) or self.has_news()

    def has_news(self) -> bool:
        return not self.session.inbox.empty()


def closed_early(finished: Finished, kept: Kept | None = None) -> str:
    """The host closed the table mid-match: a message with the standings so far, best first, and
    whether the rounds finished were kept in the history."""
    order = sorted(range(len(finished.ranks)), key=lambda i: (finished.ranks[i], i))
    lines = [tr("lan.closed_early")]
    for seat in order:
        name = finished.names[seat] if seat < len(finished.names) else str(seat + 1)
        lines.append(f"{finished.ranks[seat]}. {name}  {finished.scores[seat]}")
    if kept is not None and kept.path is not None:
        lines.append(tr("lan.kept_rounds"))
    return "\n".join(lines)
