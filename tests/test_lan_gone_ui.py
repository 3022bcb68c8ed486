"""A guest whose host has vanished (no goodbye: a crash, a power cut) can leave at once from the
"reconnecting…" table, and is shown the standings it was last shown; the seat is forgotten. Real
sockets on 127.0.0.1; the host runs on its own thread as on another computer."""

from __future__ import annotations

import asyncio

import uikit  # noqa: F401  (the dummy video driver)
from test_lan_rejoin_ui import HostThread, run_until, sit_down
from uikit import make_app, press_button

from net.ticket import load_ticket
from ui.text import score_text, tr


def vanish(far: HostThread) -> None:
    """The host's machine is gone: every connection cut without a word, nobody listening any more."""

    async def go() -> None:
        host = far.host
        for seat in host.seats:
            if seat.writer is not None:
                seat.writer.transport.abort()
                seat.writer = None
        host.server.close()
        host.closing = True

    asyncio.run_coroutine_threadsafe(go(), far.loop).result(5)


def test_a_guest_leaves_a_vanished_host_at_once_and_keeps_the_standings_it_was_shown(tmp_path, monkeypatch):
    from ui.scenes.lan import MessageScene

    monkeypatch.setenv("DOBON_TABLE_HOME", str(tmp_path))
    far = HostThread(turn_limit_s=1.0)
    app = make_app()
    try:
        table = sit_down(app, far.host.port)
        assert load_ticket() is not None
        assert not table.leave_button.visible  # nothing to leave from while the host answers
        vanish(far)
        run_until(app, lambda: table.remote.reconnecting is not None and table.leave_button.visible, 20)
        view, names = table.remote.view, table.remote.names
        press_button(app, table.leave_button)
        run_until(app, lambda: isinstance(app.stack.top, MessageScene), 10)
        text = app.stack.top.text
        assert text.startswith(tr("lan.left_gone"))
        for seat, score in enumerate(view.standings):
            assert f"{names[seat]}  {score_text(score)}" in text
        assert load_ticket() is None  # nothing to come back to: the title offers no Rejoin
    finally:
        app.close()
        far.close()


def test_a_japanese_guest_is_told_in_japanese_that_the_host_closed_the_table(tmp_path, monkeypatch):
    from uikit import frames

    from ui.scenes.lan import JoinScene, LobbyScene, MessageScene

    monkeypatch.setenv("DOBON_TABLE_HOME", str(tmp_path))
    far = HostThread(min_people=2)  # the guest waits in the lobby
    app = make_app(language="ja")
    try:
        join = JoinScene(app)
        app.stack.push(join)
        frames(app, 2)
        join.join("127.0.0.1", far.host.port)
        run_until(app, lambda: isinstance(app.stack.top, LobbyScene))
        far.close()  # the host leaves
        run_until(app, lambda: isinstance(app.stack.top, MessageScene), 10)
        assert app.stack.top.text == "ホストがテーブルを閉じました。"
    finally:
        app.close()


def test_a_guest_that_gives_up_on_a_vanished_host_keeps_the_standings_it_was_shown(tmp_path, monkeypatch):
    """Issue 31: when its patience runs out (nobody pressed Leave now) the guest is still shown the
    standings it was last shown, beside why it gave up."""
    from ui.scenes.lan import MessageScene

    monkeypatch.setenv("DOBON_TABLE_HOME", str(tmp_path))
    far = HostThread(turn_limit_s=1.0)
    app = make_app()
    try:
        table = sit_down(app, far.host.port)
        table.remote.session.patience = 1.0  # gives up after a second of comebacks that fail
        view, names = table.remote.view, table.remote.names
        vanish(far)
        run_until(app, lambda: isinstance(app.stack.top, MessageScene), 20)
        lines = app.stack.top.text.split("\n")
        assert lines[0].startswith("could not get back to the table")
        assert lines[1] == tr("lan.gone_standings")
        assert lines[2:-1] == [f"{names[s]}  {score_text(score)}" for s, score in enumerate(view.standings)]
        assert lines[-1] == tr("lan.seen_kept")  # and what it was shown is in its History (test_lan_seen)
    finally:
        app.close()
        far.close()
