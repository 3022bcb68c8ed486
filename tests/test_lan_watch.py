"""Issue 17: anyone can watch a table. A watcher gets public information only (never a hidden card,
nothing of the stock), the same events the seats get with the hidden parts left out, and may chat.
Real sockets on 127.0.0.1."""

from __future__ import annotations

import asyncio

import pytest
from lankit import card_codes, drawn_apart, loopback, quick_options

from game import Game
from game.realtime import Timing
from game.rules import make_rules
from game.seats import make_seat
from net.client import Client, play_as_ai
from net.host import Host, HostConfig
from net.protocol import Chat, Error, Finished, Lobby, Update, decode


def quiet(*_args) -> None:
    pass


def config(**kw) -> HostConfig:
    base = dict(
        preset="app",
        players=3,
        rounds=2,
        seed=9,
        min_people=2,
        lobby_seconds=0.1,
        timing=Timing(turn_ms=15, dobon_ms=8, window_ms=40),
        round_pause=0.05,
    )
    base.update(kw)
    return loopback(**base)


async def watched_match(cfg: HostConfig):
    host = Host(cfg, log=quiet)
    host.record = True
    await host.start()
    runner = asyncio.create_task(host.run())
    watcher = Client("127.0.0.1", host.port, "Mio", log=quiet, watch=True)
    welcome = await watcher.connect()
    players = [Client("127.0.0.1", host.port, f"P{i}", log=quiet) for i in range(2)]
    for p in players:
        await p.connect()
    await watcher.chat("good luck")

    async def watch() -> None:
        while watcher.finished is None:
            await watcher.receive()

    try:
        plays = [play_as_ai(p, make_seat("normal", 1, p.seat)) for p in players]
        await asyncio.wait_for(asyncio.gather(watch(), *plays), 120)
        await asyncio.wait_for(runner, 10)
    finally:
        runner.cancel()
        await host.close()
        for c in (watcher, *players):
            await c.close()
    return host, welcome, watcher, players


@pytest.mark.parametrize("preset", ["app", "standard", "super", "jda", "kabu"])
def test_a_watcher_never_receives_a_hidden_card_nor_anything_of_the_stock(preset):
    host, welcome, _, _ = asyncio.run(watched_match(config(preset=preset, options=quick_options(preset))))
    game = host.game
    assert game is not None
    n = game.n
    assert welcome.seat == n and not welcome.token  # no seat, nothing to come back to
    frames = host.sent_log[n]
    replay = Game(make_rules(preset, n, quick_options(preset)), host.cfg.seed)
    applied = checked = 0
    for frame in frames:
        message = decode(frame[4:])
        if not isinstance(message, Update):
            continue
        while applied < message.seq:
            replay.apply(game.actions[applied])
            applied += 1
        over = replay.phase.value in ("round-over", "match-over")  # hands are shown at a round's end
        hidden = {c.code for c in replay.stock}
        if not over:
            for seat in range(n):
                hidden |= {c.code for c in replay.hands[seat]} - {
                    c.code for c in replay.revealed.get(seat, ())
                }
        # the round's history names cards that were public when played (a reshuffle may deal them again)
        view = {k: v for k, v in message.view.items() if k != "history"}
        shown = card_codes([drawn_apart(message.events), view], game.deck.by_code)
        assert not shown & hidden, f"the watcher was sent {shown & hidden} at seq {message.seq}"
        assert message.view["hand"] == [] and message.view["legal"] == []
        checked += 1
    assert checked > 20


def test_a_watcher_sees_the_same_events_as_the_seats_and_may_chat_but_not_act():
    async def main():
        host, _, watcher, players = await watched_match(config(rounds=1))
        return host, watcher, players

    host, watcher, players = asyncio.run(main())
    seen = [m for m in watcher.received if isinstance(m, Update)]
    mine = [m for m in players[0].received if isinstance(m, Update)]
    # every action reached the watcher, with the same kinds of events in the same order
    assert seen[-1].seq == mine[-1].seq == len(host.game.actions)
    kinds = [e["event"] for m in seen for e in m.events]
    assert kinds == [e["event"] for m in mine for e in m.events]
    assert isinstance(watcher.finished, Finished) and watcher.finished.scores == players[0].finished.scores
    chats = [m for m in players[0].received if isinstance(m, Chat)]
    assert any(c.text == "good luck" and c.sender == "Mio (watching)" for c in chats)
    lobbies = [m for m in players[1].received if isinstance(m, Lobby)]
    assert any("Mio" in m.watchers for m in lobbies)


def test_a_watcher_who_tries_to_act_is_told_no_and_the_table_goes_on():
    async def main():
        host = Host(config(min_people=1), log=quiet)
        await host.start()
        runner = asyncio.create_task(host.run())
        watcher = Client("127.0.0.1", host.port, "Mio", log=quiet, watch=True)
        await watcher.connect()
        player = Client("127.0.0.1", host.port, "P", log=quiet)
        await player.connect()
        await player.ready()
        try:
            async with asyncio.timeout(10):
                while watcher.view is None:
                    await watcher.receive()
            sent = len(host.game.actions)
            from game.actions import Action, Kind

            await watcher.act(Action(0, Kind.DRAW))
            async with asyncio.timeout(5):
                while not any(isinstance(m, Error) for m in watcher.received):
                    await watcher.receive()
            taken = [a for a in host.game.actions[sent:] if a.seat == 0 and a.kind is Kind.DRAW]
        finally:
            runner.cancel()
            await host.close()
            await watcher.close()
            await player.close()
        return watcher, taken

    watcher, taken = asyncio.run(main())
    errors = [m for m in watcher.received if isinstance(m, Error)]
    assert errors[0].code == "watching" and taken == []  # the person never drew: the watcher cannot
    assert watcher.view.seat == 3 and watcher.view.hand == ()


def test_the_desktop_table_watches_a_match_without_a_seat(tmp_path, monkeypatch):
    import time

    import uikit  # noqa: F401  (the dummy video driver)
    from test_lan_rejoin_ui import HostThread, run_until
    from uikit import frames, make_app

    from net.ticket import load_ticket
    from ui.scenes.lan import JoinScene, LobbyScene
    from ui.scenes.table import TableScene
    from ui.text import tr

    monkeypatch.setenv("DOBON_TABLE_HOME", str(tmp_path))
    far = HostThread(min_people=0, players=3, rounds=2, timing=Timing(150, 80, 200), lobby_seconds=1.0)
    app = make_app()
    try:
        join = JoinScene(app)
        app.stack.push(join)
        frames(app, 2)
        join.address.set_text(f"127.0.0.1:{far.host.port}")
        join.join_address(join.address.get_text(), watch=True)
        run_until(app, lambda: isinstance(app.stack.top, LobbyScene))
        lobby = app.stack.top
        run_until(app, lambda: lobby.remote.lobby is not None)
        assert lobby.waiting_text() == tr("lan.watching") and not lobby.ready_button.visible
        run_until(app, lambda: isinstance(app.stack.top, TableScene), 20)
        table = app.stack.top
        assert table.person is None  # nobody to act for: the table only shows
        before = table.remote.seq
        end = time.monotonic() + 20
        while table.remote.seq <= before + 3 and time.monotonic() < end:
            app.frame(1 / 60)
            time.sleep(0.005)
        assert table.remote.seq > before + 3 and table.remote.view.hand == ()
        assert load_ticket() is None  # a watcher keeps no seat
    finally:
        app.close()
        far.close()


def test_main_join_watch_follows_a_match_to_its_end_without_a_seat():
    import subprocess
    import sys
    from pathlib import Path

    async def main():
        host = Host(config(min_people=1, rounds=1, players=2), log=quiet)
        await host.start()
        runner = asyncio.create_task(host.run())
        watcher = await asyncio.create_subprocess_exec(
            sys.executable,
            "main.py",
            "join",
            f"127.0.0.1:{host.port}",
            "--watch",
            "--name",
            "Mio",
            cwd=Path(__file__).resolve().parent.parent,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
        )
        player = Client("127.0.0.1", host.port, "P", log=quiet)
        try:
            for _ in range(200):  # the watcher is in before the match starts
                if host.watchers:
                    break
                await asyncio.sleep(0.05)
            await player.connect()
            await asyncio.wait_for(play_as_ai(player, make_seat("easy", 1, player.seat)), 60)
            out, err = await asyncio.wait_for(watcher.communicate(), 30)
        finally:
            if watcher.returncode is None:
                watcher.kill()
                await watcher.wait()
            runner.cancel()
            await host.close()
            await player.close()
        return out.decode(), err.decode(), watcher.returncode, host

    out, err, code, host = asyncio.run(main())
    assert code == 0, err
    lines = out.splitlines()
    assert lines[0] == "watching app table"
    assert "RoundDealt" in lines and lines[-1].startswith("match finished: 1. ")
    assert all(s.kind != "open" for s in host.seats) and len(host.seats) == 2  # it took no seat
