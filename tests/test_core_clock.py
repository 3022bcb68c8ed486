"""Time limits are the rulebook's (super's turn time-out, jda's stalling penalty): the referee calls
time with a TIMEOUT action, so a log and a replay hold it like any other action; headless play has no
clock, and a preset without limits never offers one."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from game import REFEREE, Action, Game, Kind, make_rules
from game.events import Drew, TimedOut
from game.phase import Phase
from game.realtime import RealtimeTable, Timing
from game.rules.app import AppRulebook, AppRules
from game.seats import make_seat

LIMIT = 5000


class StallBook(AppRulebook):
    """`app` with jda's stalling rule: a turn player over the limit takes 2 cards and keeps the turn."""

    def time_limit_ms(self, game, seat):
        on_turn = game.phase is Phase.TURN and seat == game.turn and game.window is None
        return LIMIT if on_turn else None

    def apply_timeout(self, game, seat):
        game.draw(seat, 2, penalty=True)


def stall_game(seed: int = 3) -> Game:
    @dataclass(frozen=True)
    class Rules(AppRules):
        def rulebook(self):
            return StallBook(self)

    return Game(Rules(players=3), seed)


def test_the_referee_may_call_time_only_on_a_seat_the_rulebook_has_on_the_clock():
    g = stall_game()
    turn = g.turn
    timeout = Action(REFEREE, Kind.TIMEOUT, amount=turn)
    assert g.legal_actions(REFEREE) == [timeout] and g.refusal(timeout) is None
    other = (turn + 1) % 3
    assert g.refusal(Action(REFEREE, Kind.TIMEOUT, amount=other)) == f"seat {other} has no time limit now"
    assert g.refusal(Action(REFEREE, Kind.TIMEOUT, amount=7)) == "there is no seat 7 at this 3-player table"
    before = len(g.hands[turn])
    events = g.apply(timeout)
    assert isinstance(events[0], TimedOut) and events[0].seat == turn
    assert any(isinstance(e, Drew) and e.seat == turn for e in events)
    assert len(g.hands[turn]) == before + 2 and g.turn == turn  # the penalty; the turn stays
    assert Action.from_json(timeout.to_json(), g.deck) == timeout


def test_a_preset_without_limits_never_offers_a_timeout():
    g = Game(make_rules("app", 3), 1)
    assert all(a.kind is not Kind.TIMEOUT for a in g.legal_actions(REFEREE))
    assert g.refusal(Action(REFEREE, Kind.TIMEOUT, amount=g.turn)) == f"seat {g.turn} has no time limit now"


def test_a_real_time_table_calls_time_when_the_limit_passes_and_the_clock_starts_again():
    g = stall_game()
    person = g.turn
    ai = {s: make_seat("basic", 1, s) for s in range(3) if s != person}  # never on turn here
    table = RealtimeTable(g, ai, Timing(turn_ms=500, dobon_ms=100, window_ms=800))
    assert table.tick(0) == [] and table.tick(LIMIT - 1) == []
    events = table.tick(LIMIT)
    assert isinstance(events[0], TimedOut) and g.actions[-1] == Action(REFEREE, Kind.TIMEOUT, amount=person)
    assert table.tick(LIMIT + 10) == []  # a new situation: the clock starts again from here
    assert table.tick(2 * LIMIT + 9) == [] and table.tick(2 * LIMIT + 10)[0] == TimedOut(person)


def test_the_table_says_who_ran_out_of_time(tmp_path, monkeypatch):
    import uikit
    from uikit import frames

    from ui.scenes.table import TableScene
    from ui.table.setup import GameSetup, SeatSpec

    monkeypatch.setenv("DOBON_TABLE_HOME", str(tmp_path))
    monkeypatch.setattr(StallBook, "time_limit_ms", lambda self, game, seat: 1000 if seat == 0 else None)
    app = uikit.make_app()
    try:
        game = stall_game()
        game.set_turn(0)
        seats = [SeatSpec("human", "basic", "Mia"), SeatSpec("ai", "basic", ""), SeatSpec("ai", "basic", "")]
        scene = TableScene(app, GameSetup("app", 3, {}, seats, 3).complete(), game)
        app.stack.clear_to(scene)
        frames(app, 240)  # four seconds of doing nothing
        assert any(isinstance(e, TimedOut) for e in game.events)
        assert any("Mia ran out of time" in line for line in scene.board.log)
    finally:
        app.close()


class GaeshiClockBook(AppRulebook):
    """jda's 3-second rule (JD13): a gaeshi window closes 3 s after it opened once anyone has thrown
    in (a flagged pass), at the first throw-in after that, and after 10 s at most."""

    def call_actions(self, game, seat, window):
        return [*super().call_actions(game, seat, window), Action(seat, Kind.PASS, flag=True)]

    def apply_call(self, game, action, window):
        if action.kind is Kind.PASS:
            self.thrown_in = window  # the rulebook's own note (a real one keeps it in its round state)
            return
        super().apply_call(game, action, window)

    def window_deadline_ms(self, game, window):
        return 3000 if getattr(self, "thrown_in", None) is window else 10000


@pytest.mark.parametrize(("throw_at", "closes_at"), [(None, 10000), (1000, 3000), (5000, 5000)])
def test_a_window_may_close_at_a_time_counted_from_when_it_opened(throw_at, closes_at):
    @dataclass(frozen=True)
    class Rules(AppRules):
        def rulebook(self):
            return GaeshiClockBook(self)

    g = Game(Rules(players=4), 2)
    g.open_window(g.turn, (g.field,), freezes_turn=True)
    people = list(g.window.pending)
    table = RealtimeTable(g, {}, Timing(turn_ms=500, dobon_ms=100, window_ms=60_000))
    t = 0
    while g.window is not None and t <= 12_000:
        if t == throw_at:
            table.submit(Action(people[0], Kind.PASS, flag=True))
        table.tick(t)
        t += 10
    assert g.window is None and t - 10 == closes_at


class TimedMatchBook(AppRulebook):
    """A match played to a time (jda JD20): it ends with the round in play once the time is up."""

    def match_time_ms(self, game):
        return 60_000

    def match_over(self, game):
        return game.time_up


def timed_game(seed: int = 3) -> Game:
    @dataclass(frozen=True)
    class Rules(AppRules):
        def rulebook(self):
            return TimedMatchBook(self)

    return Game(Rules(players=3), seed)


def test_a_match_played_to_a_time_ends_after_the_round_in_play_once_the_time_is_up():
    from game.events import TimeUp

    g = timed_game()
    time_up = Action(REFEREE, Kind.TIMEOUT, amount=REFEREE)
    assert time_up in g.legal_actions(REFEREE) and g.refusal(time_up) is None
    table = RealtimeTable(g, {}, Timing(turn_ms=500, dobon_ms=100, window_ms=800))
    assert table.tick(0) == [] and table.tick(59_999) == []
    assert table.tick(60_000) == [TimeUp()] and g.time_up and g.actions[-1] == time_up
    assert time_up not in g.legal_actions(REFEREE) and g.refusal(time_up) == "the match's time is already up"
    assert g.phase is Phase.TURN  # the round in play goes on ...
    while g.phase is Phase.TURN or g.phase is Phase.REACTION:
        seat = g.sync_next()
        g.apply(g.sync_actions(seat)[0] if seat != REFEREE else g.legal_actions(REFEREE)[0])
    assert g.phase is Phase.MATCH_OVER  # ... and the match ends with it
    g.apply(Action(REFEREE, Kind.NEW_MATCH))
    assert not g.time_up and time_up in g.legal_actions(REFEREE)  # a new match, a new clock


def test_time_up_between_games_ends_the_match_at_once_and_replays():
    import json

    g = timed_game()
    while g.phase is not Phase.ROUND_OVER:
        seat = g.sync_next()
        g.apply(g.sync_actions(seat)[0] if seat != REFEREE else g.legal_actions(REFEREE)[0])
    time_up = Action(REFEREE, Kind.TIMEOUT, amount=REFEREE)
    assert g.legal_actions(REFEREE) == [Action(REFEREE, Kind.NEXT_ROUND), time_up]
    g.apply(time_up)
    assert g.phase is Phase.MATCH_OVER and g.legal_actions(REFEREE) == [Action(REFEREE, Kind.NEW_MATCH)]
    again = timed_game()
    for action in g.actions:
        again.apply(Action.from_json(json.loads(json.dumps(action.to_json())), again.deck))
    assert again.events == g.events and again.state_key() == g.state_key()


def test_a_match_without_a_time_limit_never_offers_time_up():
    g = Game(make_rules("app", 3), 1)
    time_up = Action(REFEREE, Kind.TIMEOUT, amount=REFEREE)
    assert time_up not in g.legal_actions(REFEREE)
    assert g.refusal(time_up) == "this match has no time limit"
