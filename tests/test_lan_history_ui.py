"""Issue 18 on the desktop: a guest who joins a LAN table from the Join screen finds the match in its
History afterwards (its own seat as "you"), the same game as the host's record; when the host closes
early, the closing message says the finished rounds were kept. Real sockets on 127.0.0.1; the host runs
on its own thread, and the guest's seat is played by the host's AI whenever its time to act runs out."""

from __future__ import annotations

import pygame
import uikit  # noqa: F401  (the dummy video driver)
from test_lan_rejoin_ui import HostThread, run_until, sit_down
from uikit import make_app, press

from game.history import listing, load
from game.realtime import Timing
from ui.text import tr

QUICK = dict(
    players=2,
    rounds=2,
    timing=Timing(turn_ms=60, dobon_ms=30, window_ms=120),
    turn_limit_s=0.15,  # the guest never acts: the host's AI acts for it each time
    round_pause=0.1,
    keep_history=True,
)


def test_a_guest_keeps_the_match_in_its_history_as_the_host_does(tmp_path, monkeypatch):
    monkeypatch.setenv("DOBON_TABLE_HOME", str(tmp_path / "guest"))
    far = HostThread(**QUICK | {"rounds": 1, "history_folder": str(tmp_path / "host")})
    app = make_app()
    try:
        table = sit_down(app, far.host.port)
        run_until(app, lambda: table.remote.finished is not None, 90)
        seat = table.remote.viewer
    finally:
        app.close()
        far.close()
    (mine,) = listing(tmp_path / "guest" / "history").entries
    (hosts,) = listing(tmp_path / "host").entries
    assert mine.me == seat and mine.lan and mine.seats == hosts.seats == ["human", "normal"]
    assert mine.rounds == hosts.rounds == 1 and mine.deltas == hosts.deltas
    _, game = load(mine.path)
    _, host_game = load(hosts.path)
    assert game.events == host_game.events


def test_a_table_closed_early_says_the_finished_rounds_were_kept(tmp_path, monkeypatch):
    from ui.scenes.lan import MessageScene
    from ui.scenes.results import RoundResultScene

    monkeypatch.setenv("DOBON_TABLE_HOME", str(tmp_path))
    far = HostThread(**QUICK | {"rounds": 9, "history_folder": str(tmp_path / "host")})
    app = make_app()
    try:
        table = sit_down(app, far.host.port)
        host = far.host
        run_until(app, lambda: host.kept_seq > 0 and len(host.game.actions) > host.kept_seq + 4, 60)
        far.close()
        run_until(app, lambda: table.remote.gone is not None, 20)
        if isinstance(app.stack.top, RoundResultScene):  # a round's result is up: the player goes on
            press(app, pygame.K_RETURN)
        run_until(app, lambda: isinstance(app.stack.top, MessageScene), 20)
        said = app.stack.top.text
        assert tr("lan.closed_early") in said and tr("lan.kept_rounds") in said
        assert table.remote.kept is not None and table.remote.kept.path is not None
    finally:
        app.close()
        if far.thread.is_alive():
            far.close()
    (entry,) = listing(tmp_path / "history").entries
    (hosts,) = listing(tmp_path / "host").entries
    _, game = load(entry.path)
    _, host_game = load(hosts.path)
    assert game.actions == host.game.actions[: host.kept_seq] == host_game.actions
