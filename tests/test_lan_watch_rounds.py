"""A LAN watcher who stays on a round's result is taken to the next round as the host deals it: the
round is played on its table, not unseen behind the result screen (whose button said "Match result"
by the time the match was over). Real sockets on 127.0.0.1; the host runs on its own thread."""

from __future__ import annotations

import time

import uikit  # noqa: F401  (the dummy video driver)
from test_lan_rejoin_ui import HostThread
from test_lan_watch_table import watch
from uikit import make_app

from game.realtime import Timing
from ui.scenes.results import RoundResultScene
from ui.scenes.table import TableScene


def run_until(app, condition, seconds: float) -> bool:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        app.frame(1 / 60)
        if condition():
            return True
        time.sleep(0.003)
    return False


def test_a_watcher_on_a_round_result_is_taken_to_the_next_round(tmp_path, monkeypatch):
    monkeypatch.setenv("DOBON_TABLE_HOME", str(tmp_path))
    far = HostThread(min_people=0, players=3, rounds=2, timing=Timing(150, 80, 200), lobby_seconds=0.3)
    app = make_app()
    try:
        table = watch(app, far.host.port)
        assert table.source.view.round_no == 1
        # the watcher stays on round 1's result and presses nothing
        assert run_until(app, lambda: isinstance(app.stack.top, RoundResultScene), 60)
        result = app.stack.top
        assert result.round_no == 1 and not result.match_over
        # round 2 is dealt while the result is up: the result stays a moment to be read, then gives way
        assert run_until(app, lambda: result.next_dealt, 60)
        assert app.stack.top is result
        assert run_until(app, lambda: app.stack.top is not result, 60), "round 2 was played behind the result"
        assert app.stack.top is table and isinstance(table, TableScene)
        assert table.source.view.round_no == 2 and not table.match_done  # round 2 is on the table
    finally:
        app.close()
        far.close()
