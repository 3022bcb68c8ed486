"""Issue 17: a table that plays on for hours keeps only the round in play's events (Game.forget_rounds),
while its action log still replays the whole match identically and its totals stay whole. In-process
engine games, and a real LAN host on 127.0.0.1 whose clients are played by AI."""

from __future__ import annotations

import asyncio

import pytest
from lankit import loopback

from game import Game
from game.events import RoundDealt, RoundEnded
from game.headless import play, replay, write_log
from game.history import entry
from game.realtime import Timing
from game.rules import make_rules
from game.seats import make_seat
from net.client import Client, play_as_ai
from net.host import Host


def kept_rounds(game: Game) -> int:
    """How many rounds' deals the game's kept events reach back over."""
    return sum(isinstance(e, RoundDealt) for e in game.events)


@pytest.mark.parametrize("preset", ["app", "standard", "jda"])
def test_a_forgetting_game_keeps_one_round_of_events_and_replays_whole(preset, tmp_path):
    rules = make_rules(preset, 4)
    forgetting, keeping = Game(rules, 3), Game(rules, 3)
    forgetting.forget_rounds = True
    seats = [make_seat("basic", 3, s) for s in range(4)]
    twins = [make_seat("basic", 3, s) for s in range(4)]
    most = 0
    for _ in range(15):
        play(forgetting, seats, 1)
        play(keeping, twins, 1)
        most = max(most, kept_rounds(forgetting))
        assert sum(isinstance(e, RoundEnded) for e in forgetting.events) <= 1
    assert most == 1  # a finished round is kept until the next deal, and only until then
    assert forgetting.actions == keeping.actions  # the same game
    assert forgetting.events_base > 0 and forgetting.event_count == len(keeping.events)
    assert forgetting.events == keeping.events[forgetting.events_base :]
    ended = [e.result for e in keeping.events if isinstance(e, RoundEnded)]
    assert forgetting.totals.rounds == len(ended) == keeping.totals.rounds
    assert list(forgetting.totals.deltas) == [sum(r.deltas[s] for r in ended) for s in range(4)]

    log = tmp_path / "game.jsonl"
    write_log(log, forgetting, ["basic"] * 4)
    summary, replayed = replay(log)
    assert summary.rounds == len(ended)
    assert replayed.state_key() == forgetting.state_key() == keeping.state_key()


def test_events_a_game_has_forgotten_are_refused_by_name():
    game = Game(make_rules("app", 3), 1)
    game.forget_rounds = True
    play(game, [make_seat("random", 1, s) for s in range(3)], 2)
    play(game, [make_seat("random", 1, s) for s in range(3)], 1)
    base = game.events_base
    assert base > 0
    assert game.events_since(base) == game.events
    assert game.events_since(game.event_count) == []
    with pytest.raises(ValueError, match="dropped with their rounds"):
        game.events_since(base - 1)


def test_a_lan_host_holds_one_round_of_events_and_its_log_replays_the_match(tmp_path):
    rounds = 12

    async def main():
        config = loopback(
            preset="standard",
            players=3,
            options={"rounds_per_match": rounds},
            rounds=rounds,
            seed=17,
            min_people=3,
            lobby_seconds=0.05,
            timing=Timing(turn_ms=4, dobon_ms=2, window_ms=8),
            round_pause=0.01,
            log_dir=str(tmp_path / "logs"),
            keep_history=True,
            history_folder=str(tmp_path / "history"),
        )
        host = Host(config, log=lambda line: None)
        await host.start()
        runner = asyncio.create_task(host.run())
        clients = [Client("127.0.0.1", host.port, f"AI{i}", log=lambda line: None) for i in range(3)]
        for c in clients:
            await c.connect()
        most = [0]

        async def sample() -> None:
            for _ in range(12_000):  # bounded: 5 ms steps, a minute at most
                if host.game is not None:
                    most[0] = max(most[0], kept_rounds(host.game))
                if runner.done():
                    return
                await asyncio.sleep(0.005)

        try:
            plays = [play_as_ai(c, make_seat("basic", i, c.seat)) for i, c in enumerate(clients)]
            results = await asyncio.wait_for(asyncio.gather(sample(), *plays), 60)
            await asyncio.wait_for(runner, 30)
        finally:
            runner.cancel()
            for c in clients:
                await c.close()
        return host, results[1:], most[0]

    host, results, most = asyncio.run(main())
    game = host.game
    assert host.rounds_done == rounds and game.totals.rounds == rounds
    assert most == 1 and game.events_base > 0
    assert all(r.scores == list(game.scores) for r in results)

    (log,) = (tmp_path / "logs").iterdir()
    summary, replayed = replay(log)
    assert summary.rounds == rounds
    assert replayed.state_key() == game.state_key()  # the whole match, action for action
    assert [s.points for s in summary.seats] == list(game.totals.deltas)

    (kept,) = (tmp_path / "history").iterdir()
    record = entry(kept)
    assert record.rounds == rounds and record.deltas == list(game.totals.deltas)
