"""Issue 31: a watcher looking at a round's result when the host closes the table is told so at once,
and nothing still queued is replayed before the notice. (The next round is never played under the
result screen: a watcher is taken to it as it is dealt, tests/test_lan_watch_rounds.py; here the host
closes before its next deal.) Real sockets on 127.0.0.1; the host runs on a thread of its own with AI
seats only."""

from __future__ import annotations

import uikit  # noqa: F401  (the dummy video driver)
from test_lan_rejoin_ui import HostThread, run_until
from test_lan_watch_table import watch
from uikit import make_app

from game.realtime import Timing
from ui.text import tr


def test_a_watcher_on_a_round_result_hears_the_host_closed_first_and_nothing_replays(tmp_path, monkeypatch):
    from ui.scenes.lan import MessageScene
    from ui.scenes.results import RoundResultScene

    monkeypatch.setenv("DOBON_TABLE_HOME", str(tmp_path))
    fast = Timing(turn_ms=40, dobon_ms=20, window_ms=80)
    far = HostThread(min_people=0, players=3, rounds=5, timing=fast, round_pause=60.0)
    app = make_app()
    try:
        table = watch(app, far.host.port)
        run_until(app, lambda: isinstance(app.stack.top, RoundResultScene), 60)
        result = app.stack.top
        run_until(app, lambda: table.remote.session.inbox.empty(), 5)  # all the host sent has come
        assert app.stack.top is result  # nobody pressed Next, and the next round is not dealt yet
        far.close()
        # the notice at once, over the result: no Next pressed, nothing played out on the board first
        run_until(app, lambda: isinstance(app.stack.top, MessageScene), 10)
        assert app.stack.top.text.startswith(tr("lan.closed_early"))
        assert result not in app.stack.scenes and table not in app.stack.scenes
        assert table.remote.poll() == []  # and what was still to show is dropped
    finally:
        app.close()
        if far.loop.is_running():
            far.close()
