"""Issue 17, defect 3 on the desktop table: it comes back by itself after a lost connection, saying
"reconnecting…" meanwhile, and a restarted game rejoins its seat from the title. Real sockets on
127.0.0.1; the host runs on its own thread as on another computer."""

from __future__ import annotations

import asyncio
import threading
import time

import uikit  # noqa: F401  (the dummy video driver)
from lankit import loopback
from uikit import frames, make_app, press_button

from game.realtime import Timing
from net.host import Host
from net.ticket import load_ticket
from ui.text import tr


class HostThread:
    """A headless host on a thread of its own (another computer, as far as the table can tell)."""

    def __init__(self, **kw):
        base = dict(
            preset="app",
            players=2,
            rounds=3,
            seed=11,
            lobby_seconds=0.1,
            min_people=1,
            timing=Timing(turn_ms=400, dobon_ms=200, window_ms=600),
        )
        base.update(kw)
        self.loop = asyncio.new_event_loop()
        self.host = Host(loopback(**base), log=lambda line: None)
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()
        asyncio.run_coroutine_threadsafe(self.host.start(), self.loop).result(5)
        self.runner = asyncio.run_coroutine_threadsafe(self.host.run(), self.loop)

    def close(self) -> None:
        self.host.closing = True
        self.runner.cancel()
        asyncio.run_coroutine_threadsafe(self.host.close(), self.loop).result(5)
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(5)


def run_until(app, condition, seconds: float = 15.0) -> None:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        app.frame(1 / 60)
        if condition():
            return
        time.sleep(0.005)
    raise AssertionError("timed out")


def sit_down(app, port: int):
    """Join from the Join screen, say ready in the lobby and wait for the table."""
    from ui.scenes.lan import JoinScene, LobbyScene
    from ui.scenes.table import TableScene

    join = JoinScene(app)
    app.stack.push(join)
    frames(app, 2)
    join.join("127.0.0.1", port)
    run_until(app, lambda: isinstance(app.stack.top, LobbyScene))
    lobby = app.stack.top
    frames(app, 3)  # the buttons take a frame or two before they take clicks
    press_button(app, lobby.ready_button)
    run_until(app, lambda: isinstance(app.stack.top, TableScene))
    return app.stack.top


def test_the_table_reconnects_by_itself_and_says_so_meanwhile(tmp_path, monkeypatch):
    from ui.scenes.table import TableScene

    monkeypatch.setenv("DOBON_TABLE_HOME", str(tmp_path))
    # a turn limit, so that play goes on even if the comeback lands on this seat's own turn (nobody
    # clicks here): past it the host's AI acts for the seat once
    far = HostThread(turn_limit_s=1.0)
    app = make_app()
    try:
        table = sit_down(app, far.host.port)
        session = table.remote.session
        seat, token = session.client.seat, session.client.token
        kept = load_ticket()
        assert kept is not None and (kept.token, kept.seat) == (token, seat)  # kept on disk at once
        session.loop.call_soon_threadsafe(session.client.writer.transport.abort)  # the line breaks
        said: list[str] = []

        def heard(text: str) -> bool:
            if table.toast is not None and table.toast[0] not in said:
                said.append(table.toast[0])
            return any(text in line for line in said)

        reconnecting = tr("lan.reconnecting", attempt=1)
        run_until(app, lambda: heard(reconnecting))
        run_until(app, lambda: heard(tr("lan.reconnected")))
        assert app.stack.top is table and isinstance(table, TableScene)
        assert session.client.seat == seat and far.host.seats[seat].connected
        before = session.client.seq
        run_until(app, lambda: session.client.seq > before, 20)  # and the match goes on
        assert table.remote.view.seat == seat
    finally:
        app.close()
        far.close()


def test_a_restarted_game_rejoins_its_seat_from_the_title(tmp_path, monkeypatch):
    from ui.scenes.table import TableScene
    from ui.scenes.title import TitleScene

    monkeypatch.setenv("DOBON_TABLE_HOME", str(tmp_path))
    far = HostThread()
    try:
        first = make_app()
        table = sit_down(first, far.host.port)
        seat = table.remote.session.client.seat
        first.close()  # the lid closes, the game is gone
        end = time.monotonic() + 5
        while far.host.seats[seat].connected and time.monotonic() < end:
            time.sleep(0.02)
        assert not far.host.seats[seat].connected

        second = make_app()  # the game started again on the same computer
        try:
            title = TitleScene(second)
            second.stack.push(title)
            frames(second, 3)
            assert "rejoin" in title.items
            press_button(second, title.items["rejoin"])
            run_until(second, lambda: isinstance(second.stack.top, TableScene))
            back = second.stack.top
            run_until(second, lambda: back.remote.started)
            assert back.remote.view.seat == seat
            assert far.host.seats[seat].connected and far.host.seats[seat].kind == "person"
        finally:
            second.close()
    finally:
        far.close()


def rejoin_from_title(app):
    """Press the title's Rejoin and wait for the Join screen's attempt to fail; the Join screen."""
    from ui.scenes.lan import JoinScene
    from ui.scenes.title import TitleScene

    title = TitleScene(app)
    app.stack.push(title)
    frames(app, 3)
    press_button(app, title.items["rejoin"])
    join = app.stack.top
    assert isinstance(join, JoinScene)
    run_until(app, lambda: join.attempt is None and join.error is not None)
    return join


def test_a_seat_the_host_no_longer_keeps_is_not_offered_again(tmp_path, monkeypatch):

    monkeypatch.setenv("DOBON_TABLE_HOME", str(tmp_path))
    far = HostThread(min_people=0)  # starts with AI alone: an unknown token has no seat there
    try:
        from net.ticket import Ticket, save_ticket

        save_ticket(Ticket("127.0.0.1", far.host.port, "f" * 32, "Aoi", "app", 1))
        end = time.monotonic() + 5
        while not far.host.started.is_set() and time.monotonic() < end:
            time.sleep(0.02)
        app = make_app()
        try:
            join = rejoin_from_title(app)
            assert "no longer kept" in join.error
            assert load_ticket() is None
        finally:
            app.close()
    finally:
        far.close()


def test_a_seat_at_a_table_that_is_gone_is_not_offered_again(tmp_path, monkeypatch):
    """The host closed that table (nobody listens at its address any more): Rejoin fails once, says
    so, and the title stops offering it."""
    import socket

    from net.ticket import Ticket, save_ticket
    from ui.scenes.title import TitleScene

    monkeypatch.setenv("DOBON_TABLE_HOME", str(tmp_path))
    with socket.socket() as probe:  # a port nobody listens on once this closes
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    save_ticket(Ticket("127.0.0.1", port, "f" * 32, "Aoi", "app", 1))
    app = make_app()
    try:
        join = rejoin_from_title(app)
        assert join.error.endswith(tr("lan.rejoin_forgotten"))
        assert load_ticket() is None
        app.stack.pop()
        title = TitleScene(app)
        app.stack.replace(title)
        frames(app, 3)
        assert "rejoin" not in title.items
    finally:
        app.close()


def test_the_lobby_says_it_is_reconnecting_and_comes_back(tmp_path, monkeypatch):
    from ui.scenes.lan import JoinScene, LobbyScene

    monkeypatch.setenv("DOBON_TABLE_HOME", str(tmp_path))
    far = HostThread(min_people=2)
    app = make_app()
    try:
        join = JoinScene(app)
        app.stack.push(join)
        frames(app, 2)
        join.join("127.0.0.1", far.host.port)
        run_until(app, lambda: isinstance(app.stack.top, LobbyScene))
        lobby = app.stack.top
        run_until(app, lambda: lobby.remote.lobby is not None)
        session = lobby.session
        session.loop.call_soon_threadsafe(session.client.writer.transport.abort)
        run_until(app, lambda: lobby.status is not None)  # "reconnecting…" under the seats
        assert lobby.status.text == lobby.remote.reconnecting_text()
        run_until(app, lambda: lobby.remote.reconnecting is None and lobby.status is None)
        assert app.stack.top is lobby
        run_until(app, lambda: any(s.kind == "person" and s.connected for s in far.host.seats))
        kept = load_ticket()
        assert kept is not None and kept.token == session.client.token  # the new seat's token is kept
    finally:
        app.close()
        far.close()
