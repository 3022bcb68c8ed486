"""A person whose window is gone (their connection closed mid-round) is shown away on every table, as
one gone silent is: the host's own, the other guests', a watcher's. Real sockets on 127.0.0.1; the
host runs on its own thread as on another computer."""

from __future__ import annotations

import asyncio
import time

import uikit  # noqa: F401  (the dummy video driver)
from lankit import silent_seat
from test_lan_rejoin_ui import HostThread, sit_down
from uikit import make_app

from ui.text import setup


def test_a_guest_whose_window_closed_is_shown_away_on_the_table(tmp_path, monkeypatch):
    monkeypatch.setenv("DOBON_TABLE_HOME", str(tmp_path))
    setup("en")
    # silence alone would mark the seat away after a minute: only the closed connection can here
    host = HostThread(players=3, min_people=2, away_s=60.0, rounds=2)
    app = make_app()
    try:
        seated = asyncio.run_coroutine_threadsafe(silent_seat(host.host.port, "Ben"), host.loop)
        ben, welcome = seated.result(5)
        table = sit_down(app, host.host.port)
        assert welcome.seat not in table.board.away
        host.loop.call_soon_threadsafe(ben.close)  # Ben closes his window
        end = time.monotonic() + 20
        while welcome.seat not in table.board.away and time.monotonic() < end:
            app.frame(1 / 60)
            time.sleep(0.005)
        assert welcome.seat in table.board.away
        assert table.remote.viewer not in table.board.away  # the person at this table is here
    finally:
        app.close()
        host.close()
