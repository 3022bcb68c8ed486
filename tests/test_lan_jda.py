"""jda over the LAN with AI-played clients (issue 15): a dobon offered outside any window stands beside
the turn player's play, so a seat that declines it still takes its turn, and a match plays to its end.
Real sockets on 127.0.0.1."""

from __future__ import annotations

import asyncio
import contextlib

from lankit import loopback, record_together
from test_lan import two_people

from game import Action, Game, Kind
from game.actions import is_call
from game.realtime import Timing
from game.rules import make_rules
from game.seats import make_seat
from game.view import SeatView
from net.client import Client, choose, play_as_ai
from net.host import Host


class NeverCalls:
    """An AI seat that lets every dobon go (passes when it may) and otherwise takes the first action."""

    def act(self, view: SeatView) -> Action:
        return next((a for a in view.legal if a.kind is Kind.PASS), view.legal[0])


def turn_player_with_a_dobon() -> SeatView:
    """A real jda moment: no window open, and the turn player's hand adds up to the field card."""
    for seed in range(40):
        game = Game(make_rules("jda", 4), seed)
        seats = [make_seat("basic", seed, s) for s in range(4)]
        for _ in range(300):
            if game.window is None and any(is_call(a) for a in game.legal_actions(game.turn)):
                return game.view(game.turn)
            seat = game.sync_next()  # the headless order: every seat's chance, then the turn player's
            legal = game.sync_actions(seat)
            game.apply(legal[0] if seat < 0 or len(legal) == 1 else seats[seat].act(game.view(seat, legal)))
    raise AssertionError("no jda game of 40 seeds gave its turn player a dobon")


def test_a_seat_that_lets_its_dobon_go_still_takes_its_turn():
    view = turn_player_with_a_dobon()
    action = choose(NeverCalls(), view)
    assert action is not None and action.seat == view.seat
    assert action.kind in (Kind.PLAY, Kind.DRAW)  # not a pass, which the client would never send


def test_ai_clients_play_a_jda_match_to_its_end():
    async def main():
        config = loopback(
            preset="jda",
            players=3,
            options={"games": 1, "simultaneity_ms": 20},
            rounds=1,
            seed=9,
            min_people=3,
            lobby_seconds=0.05,
            timing=Timing(turn_ms=4, dobon_ms=2, window_ms=8),
            round_pause=0.01,
        )
        host = Host(config, log=lambda line: None)
        await host.start()
        runner = asyncio.create_task(host.run())
        clients = [Client("127.0.0.1", host.port, f"AI{i}", log=lambda line: None) for i in range(3)]
        try:
            for c in clients:
                await c.connect()
            plays = [play_as_ai(c, make_seat("normal", i, c.seat)) for i, c in enumerate(clients)]
            results = await asyncio.wait_for(asyncio.gather(*plays), 90)
            await asyncio.wait_for(runner, 30)
        finally:
            runner.cancel()
            for c in clients:
                await c.close()
        return host, results

    host, results = asyncio.run(main())
    assert host.rounds_done == 1 and host.result is not None and host.result.complete
    assert all(r.scores == host.result.scores for r in results)


def test_an_action_right_behind_a_chat_line_still_waits_out_the_simultaneity(monkeypatch):
    """The host's gather starts at any action in a tick, not only at one that comes first: an action
    sent right behind a chat line is gathered with one sent 150 ms later (within the preset's 400 ms),
    as it would be alone, so the tick is the same after every action."""
    from game.rules.app import AppRulebook

    batches = record_together(monkeypatch)
    monkeypatch.setattr(AppRulebook, "simultaneity_ms", lambda self, game: 400)

    async def main():
        async with two_people() as (turn, other):
            batches.clear()
            await turn.chat("my turn")
            await turn.act(Action(turn.seat, Kind.DRAW))
            await asyncio.sleep(0.15)
            await other.act(Action(other.seat, Kind.DRAW))
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(0.8):  # the host answers both well within this
                    while True:
                        await other.receive()
            return list(batches)

    batches_seen = asyncio.run(main())
    assert len(batches_seen) == 1 and sorted(batches_seen[0]) == [0, 1], batches_seen
