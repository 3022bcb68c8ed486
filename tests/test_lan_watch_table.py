"""Issue 17: a watcher's desktop table says "Watching" (in either language) and offers nothing to act
with: no Dobon button, no Draw, no practice help, and keys and clicks change nothing. Real sockets on
127.0.0.1; the host runs on a thread of its own with AI seats only."""

from __future__ import annotations

import pygame
import uikit  # noqa: F401  (the dummy video driver)
from test_lan_rejoin_ui import HostThread, run_until
from test_layout import problems
from uikit import click, frames, make_app, press

from game.realtime import Timing
from ui.text import tr


def watch(app, port: int):
    from ui.scenes.lan import JoinScene
    from ui.scenes.table import TableScene

    join = JoinScene(app)
    app.stack.push(join)
    frames(app, 2)
    join.join("127.0.0.1", port, watch=True)
    run_until(app, lambda: isinstance(app.stack.top, TableScene), 20)
    table = app.stack.top
    run_until(app, lambda: table.board.settled and "banner" in table.board.regions, 20)
    return table


def test_a_watchers_table_says_watching_and_offers_no_controls(tmp_path, monkeypatch):
    monkeypatch.setenv("DOBON_TABLE_HOME", str(tmp_path))
    far = HostThread(min_people=0, players=3, rounds=2, timing=Timing(150, 80, 200), lobby_seconds=0.3)
    app = make_app()
    try:
        table = watch(app, far.host.port)
        assert table.watching and table.person is None
        board = table.board
        banner = board.regions["banner"]
        assert table.buttons == {}  # nothing to press: no Dobon, no Draw, no declaration
        assert "dobon" not in board.regions and not table.help_box.visible
        assert tr("table.watching_banner") == "Watching"
        assert "hand" in board.regions  # the seat at the foot of the table: its cards face down
        assert board.regions["hand"].top > banner.bottom  # under the banner, not behind it
        assert not problems(table, app.size), problems(table, app.size)  # clear of plates, field, log
        # keys and clicks do nothing a seat could do (there is none): the host hears no action
        before = len(far.host.game.actions)
        ours = [a for a in far.host.game.actions if a.seat >= 3]
        press(app, pygame.K_SPACE)
        press(app, pygame.K_d)
        click(app, banner.center)
        frames(app, 5)
        assert [a for a in far.host.game.actions if a.seat >= 3] == ours
        assert len(far.host.game.actions) >= before  # the match went on by itself
        app.set_language("ja")
        try:
            frames(app, 3)
            assert tr("table.watching_banner") == "観戦中"
            assert "banner" in board.regions and table.buttons == {}
        finally:
            app.set_language("en")
    finally:
        app.close()
        far.close()


def test_the_banner_fits_at_the_smallest_and_a_large_window(tmp_path, monkeypatch):
    monkeypatch.setenv("DOBON_TABLE_HOME", str(tmp_path))
    far = HostThread(
        min_people=0,
        players=6,
        options={"max_players": 6},
        rounds=1,
        timing=Timing(150, 80, 200),
        lobby_seconds=0.3,
    )
    app = make_app((800, 600))
    try:
        table = watch(app, far.host.port)
        for size in ((800, 600), (1920, 1080)):
            app.resized(size)
            frames(app, 3)
            table.board.finish_all()
            frames(app, 1)
            assert "banner" in table.board.regions
            found = problems(table, size)
            assert not found, "\n".join(found)
    finally:
        app.close()
        far.close()
