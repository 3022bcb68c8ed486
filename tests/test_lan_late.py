"""Issue 17, defect 4: a host waits for the people it expects, and a guest who arrives after the deal
takes an AI's seat at the next round (seeing no hand before then). Real sockets on 127.0.0.1."""

from __future__ import annotations

import asyncio
import subprocess
import sys
import time
from pathlib import Path

from lankit import data_home, loopback

from game.realtime import Timing
from game.seats import make_seat
from net.client import Client, play_as_ai
from net.host import Host
from net.protocol import Lobby, Update

ROOT = Path(__file__).resolve().parent.parent


def quiet(*_args) -> None:
    pass


class Lines:
    """A process's output lines as they come (one reader thread), each waited for with a time limit."""

    def __init__(self, process: subprocess.Popen):
        import queue
        import threading

        self.queue: queue.Queue[str] = queue.Queue()
        self.reader = threading.Thread(target=self._read, args=(process,), daemon=True)
        self.reader.start()

    def _read(self, process: subprocess.Popen) -> None:
        for line in process.stdout:
            self.queue.put(line)

    def next(self, seconds: float) -> str:
        """The next line, or "" if none comes within `seconds`."""
        import queue

        try:
            return self.queue.get(timeout=seconds)
        except queue.Empty:
            return ""


def test_a_headless_host_waits_for_a_person_before_it_deals(tmp_path):
    """`main.py host` with no --people used to deal to AI alone a few seconds after launch."""
    command = [sys.executable, "main.py", "host", "--bind", "127.0.0.1", "--port", "0", "--no-announce"]
    host = subprocess.Popen(
        [*command, "--players", "2", "--wait", "0.2", "--rounds", "1", "--log-dir", str(tmp_path)],
        cwd=ROOT,
        env=data_home(tmp_path),
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    guest = None
    lines = Lines(host)
    try:
        first = lines.next(20)
        assert "waiting for 1 person before dealing" in first, first
        port = int(first.rsplit(" ", 1)[1])
        assert lines.next(2.0) == ""  # two seconds on, nobody has come and nothing was dealt
        guest = subprocess.Popen(
            [sys.executable, "main.py", "join", f"127.0.0.1:{port}", "--name", "Aoi"],
            env=data_home(tmp_path),
            cwd=ROOT,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        assert lines.next(20).strip() == "seat 0: Aoi joined"
        assert lines.next(20).startswith("match started: 0:Aoi, 1:AI 2")
        host.terminate()  # the host leaves mid-match: the guest is told, with the standings so far
        out, err = guest.communicate(timeout=30)
        assert guest.returncode == 0 and "closed the table before the match's end" in out, err
        assert "match finished: seat 0" in out
    finally:
        for process in (host, guest):
            if process is not None and process.poll() is None:
                process.kill()
                process.wait(5)


def test_a_late_guest_watches_the_round_in_play_then_takes_an_ai_seat_at_the_next_round():
    async def main():
        cfg = loopback(
            preset="app",
            players=3,
            rounds=2,
            seed=4,
            min_people=1,
            lobby_seconds=0.1,
            timing=Timing(turn_ms=30, dobon_ms=20, window_ms=60),
            round_pause=0.3,
        )
        host = Host(cfg, log=quiet)
        host.record = True
        await host.start()
        runner = asyncio.create_task(host.run())
        early = Client("127.0.0.1", host.port, "Early", log=quiet)
        await early.connect()
        early_play = asyncio.create_task(play_as_ai(early, make_seat("easy", 1, early.seat)))
        late = Client("127.0.0.1", host.port, "Late", log=quiet)
        try:
            end = time.monotonic() + 10
            while host.game is None or len(host.game.actions) < 2:
                assert time.monotonic() < end, "the match never started"
                await asyncio.sleep(0.02)
            welcome = await late.connect()  # after the deal: the table has started
            seated_kind = host.seats[welcome.seat].kind
            late_play = asyncio.create_task(play_as_ai(late, make_seat("easy", 2, welcome.seat)))
            finished = await asyncio.wait_for(late_play, 90)
            await asyncio.wait_for(early_play, 10)
            await asyncio.wait_for(runner, 10)
        finally:
            runner.cancel()
            await host.close()
            await early.close()
            await late.close()
        return host, welcome, seated_kind, late, finished

    host, welcome, seated_kind, late, finished = asyncio.run(main())
    assert welcome.seat in (1, 2) and seated_kind == "ai"
    updates = [m for m in late.received if isinstance(m, Update)]
    seated = next((i for i, u in enumerate(updates) if u.view["seat"] == welcome.seat), None)
    assert seated is not None, "the late guest never got its seat"
    # until then it watched round 1 as a watcher does (issue 31): the public view, never a hand
    watched = updates[:seated]
    assert watched and all(u.view["seat"] == 3 and u.view["round_no"] == 1 for u in watched)
    assert all(u.view["hand"] == [] and u.view["legal"] == [] for u in watched)
    for u in watched:
        for e in u.events:
            if e["event"] == "RoundDealt":  # (a round's end shows every hand, to everyone)
                assert all(h is None for h in e["hands"]), e
            assert e["event"] != "Drew" or not e.get("cards"), e  # whose cards were drawn stays hidden
    dealt = [e for e in updates[seated].events if e["event"] == "RoundDealt"]
    assert dealt and dealt[0]["hands"][welcome.seat]  # its first own update deals it its hand
    assert updates[seated].view["round_no"] == 2
    lobbies = [m for m in late.received if isinstance(m, Lobby)]
    assert any(s.waiting == "Late" for m in lobbies for s in m.seats)  # the lobby said it was waiting
    assert host.seats[welcome.seat].kind == "person" and host.seats[welcome.seat].name == "Late"
    assert finished is not None and len(finished.names) == 3 and finished.names[welcome.seat] == "Late"


def test_the_lobby_says_how_many_people_the_host_waits_for():
    async def main():
        cfg = loopback(players=4, min_people=3)
        host = Host(cfg, log=quiet)
        await host.start()
        runner = asyncio.create_task(host.run())
        a = Client("127.0.0.1", host.port, "A", log=quiet)
        try:
            await a.connect()
            await a.ready()
            async with asyncio.timeout(5):
                while not (isinstance(await a.receive(), Lobby) and a.lobby.seats[0].ready):
                    pass
            await asyncio.sleep(0.5)  # ready, alone: the host keeps waiting
            started = host.started.is_set()
        finally:
            runner.cancel()
            await host.close()
            await a.close()
        return a.lobby, started, host.people_missing()

    lobby, started, missing = asyncio.run(main())
    assert lobby.expected == 3 and not started and missing == 2


def test_a_late_guest_on_the_desktop_watches_the_round_in_play_then_sits_down_at_the_next_round(
    tmp_path, monkeypatch
):
    import uikit  # noqa: F401  (the dummy video driver)
    from test_lan_rejoin_ui import HostThread, run_until
    from uikit import frames, make_app

    from ui.scenes.lan import JoinScene, LobbyScene
    from ui.scenes.results import RoundResultScene
    from ui.scenes.table import TableScene
    from ui.text import tr

    monkeypatch.setenv("DOBON_TABLE_HOME", str(tmp_path))
    fast = Timing(turn_ms=40, dobon_ms=20, window_ms=80)
    far = HostThread(min_people=0, players=3, rounds=2, timing=fast)  # under way, AI alone
    app = make_app()
    try:
        end = time.monotonic() + 10
        while not far.host.started.is_set() and time.monotonic() < end:
            time.sleep(0.02)
        join = JoinScene(app)
        app.stack.push(join)
        join.join("127.0.0.1", far.host.port)
        run_until(app, lambda: isinstance(app.stack.top, LobbyScene))
        # the round in play at once, as a watcher sees it (issue 31), saying the seat comes next round
        run_until(app, lambda: isinstance(app.stack.top, TableScene))
        watching = app.stack.top
        assert watching.watching and watching.remote.waiting
        assert watching.toast is not None and watching.toast[0] == tr("lan.late_watch")
        assert watching.remote.view.hand == () and watching.remote.view.round_no == 1
        texts: list[str] = []  # what the board writes in the next frames
        board_text = watching.board.text
        watching.board.text = lambda t, *a, **k: (texts.append(t), board_text(t, *a, **k))[1]
        frames(app, 2)
        del watching.board.text  # the board's own again
        assert tr("lan.watching_late") in texts  # the banner says the seat comes, not "no seat"

        def seated_at_last() -> bool:
            if isinstance(app.stack.top, RoundResultScene):  # round 1's result: Next, as a person would
                app.stack.top.proceed()
            return app.stack.top is not watching and isinstance(app.stack.top, TableScene)

        run_until(app, seated_at_last, 60)
        seated = app.stack.top
        seat = seated.remote.view.seat
        assert seat < 3 and not seated.watching and seated.viewer == seat
        assert far.host.seats[seat].kind == "person" and seated.remote.view.round_no == 2
        assert len(seated.remote.view.hand) > 0  # dealt in: its own hand, on a board built around it
        seq = seated.remote.seq
        run_until(app, lambda: seated.remote.seq > seq, 20)  # and the table plays on: the session went on
        assert not seated.remote.session.closing
    finally:
        app.close()
        far.close()
