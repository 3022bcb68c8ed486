"""Issue 31: a host started again with --new-match sets its kept match aside; a desktop watcher that
comes back is told "a new match has started" and follows it on a table built for it (the old match's
board, results and chart left behind). Real sockets on 127.0.0.1; each host runs on its own thread,
the two guests on another; every wait is bounded."""

from __future__ import annotations

import asyncio
import json
import threading

import uikit  # noqa: F401  (the dummy video driver)
from test_lan_host_restart import HostProcess
from test_lan_rejoin_ui import run_until
from uikit import frames, make_app

from game.events import RoundDealt
from game.seats import make_seat
from net import hostsave
from net.client import Client, play_as_ai
from ui.text import tr


class Guests:
    """Two headless guests playing as AI on a loop of their own, coming back by themselves."""

    def __init__(self, port: int):
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()
        self.clients = [Client("127.0.0.1", port, name, log=lambda line: None) for name in ("Aoi", "Ben")]
        self.tasks = [asyncio.run_coroutine_threadsafe(self._play(c), self.loop) for c in self.clients]

    async def _play(self, client: Client):
        await client.connect()
        client.silence_s = 2.0
        return await play_as_ai(client, make_seat("normal", 1, client.seat), patience=60)

    def close(self) -> None:
        for task in self.tasks:
            task.cancel()

        async def hang_up() -> None:
            for client in self.clients:
                await client.close()

        asyncio.run_coroutine_threadsafe(hang_up(), self.loop).result(5)
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(5)


def test_a_desktop_watcher_is_told_of_a_new_match_and_follows_it(tmp_path, monkeypatch):
    from ui.scenes.lan import JoinScene
    from ui.scenes.results import MatchResultScene, RoundResultScene
    from ui.scenes.table import TableScene

    monkeypatch.setenv("DOBON_TABLE_HOME", str(tmp_path))
    keep = tmp_path / hostsave.FILE
    first = HostProcess(keep)
    port = first.host.port
    second: HostProcess | None = None
    guests = Guests(port)
    app = make_app()
    said: list[str] = []  # every notice a table showed
    say = TableScene.say

    def noting(self, text: str, *args, **kw) -> None:
        said.append(text)
        say(self, text, *args, **kw)

    monkeypatch.setattr(TableScene, "say", noting)

    def watching(condition):
        """Frames until `condition`, with Next pressed on each result (as a watcher would)."""

        def step() -> bool:
            if isinstance(app.stack.top, RoundResultScene):
                app.stack.top.proceed()
            return condition()

        return step

    try:
        join = JoinScene(app)
        app.stack.push(join)
        frames(app, 2)
        join.join("127.0.0.1", port, watch=True)
        run_until(app, lambda: isinstance(app.stack.top, TableScene), 30)
        old = app.stack.top
        old.remote.session.client.silence_s = 2.0
        run_until(
            app,
            watching(lambda: keep.exists() and json.loads(keep.read_text())["kept_seq"] > 0),
            60,
        )  # a round of the first match is over (and kept)
        first.crash()
        second = HostProcess(keep, port=port, new_match=True)

        def followed() -> bool:
            top = app.stack.top
            return isinstance(top, TableScene) and top is not old and top.remote.shown

        run_until(app, watching(followed), 60)
        table = app.stack.top
        assert table.watching and table.remote is old.remote  # the same connection, a table built anew
        assert isinstance(table.remote.shown[0], RoundDealt)  # from the new match's deal, nothing older
        assert table.remote.view.round_no == 1 and second.host.game is not None
        assert tr("lan.new_match") in said
        # and it follows the new match to its end
        run_until(app, watching(lambda: isinstance(app.stack.top, MatchResultScene)), 90)
    finally:
        app.close()
        guests.close()
        first.close()
        if second is not None:
            second.close()
