"""A host that crashes and is started again goes on with its match: it kept the match on disk, takes
back its guests by their tokens, and everyone is told "the host is back; the match goes on". A damaged
kept match is set aside and said so. Real sockets on 127.0.0.1; each host runs on its own thread (its
own "process": the crash stops its loop dead, no goodbye); every wait is bounded."""

from __future__ import annotations

import asyncio
import json
import threading
import time
from pathlib import Path

import pytest
from lankit import loopback, until

from game.realtime import Timing
from game.seats import make_seat
from net import hostsave
from net.client import HOST_BACK, NEW_MATCH, Client, play_as_ai, watch_table
from net.host import Host

TIMING = Timing(turn_ms=120, dobon_ms=60, window_ms=200)


class HostProcess:
    """A host on a thread of its own, that can crash: its loop stops with everything in it."""

    def __init__(self, keep: Path, port: int = 0, **kw):
        cfg = loopback(
            players=3,
            rounds=2,
            seed=21,
            min_people=2,
            lobby_seconds=0.05,
            timing=TIMING,
            round_pause=0.2,
            port=port,
            keep_path=str(keep),
            log_dir=str(keep.parent / "logs"),
            **kw,
        )
        self.lines: list[str] = []
        self.host = Host(cfg, log=self.lines.append)
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()
        asyncio.run_coroutine_threadsafe(self.host.start(), self.loop).result(10)
        self.runner = asyncio.run_coroutine_threadsafe(self.host.run(), self.loop)

    def crash(self) -> None:
        """Every connection cut without a word, the listening socket gone, the loop stopped dead."""

        def die() -> None:
            for seat in self.host.seats:
                if seat.writer is not None:
                    seat.writer.transport.abort()
            for watcher in self.host.watchers:
                watcher.writer.transport.abort()
            self.host.server.close()
            self.loop.stop()

        self.loop.call_soon_threadsafe(die)
        self.thread.join(5)

    def close(self) -> None:
        if self.loop.is_running():
            self.host.closing = True
            self.runner.cancel()
            asyncio.run_coroutine_threadsafe(self.host.close(), self.loop).result(5)
            self.loop.call_soon_threadsafe(self.loop.stop)
            self.thread.join(5)
        else:  # crashed: let what was left in its loop unwind now, not when it is collected
            tasks = asyncio.all_tasks(self.loop)
            for task in tasks:
                task.cancel()
            if tasks:
                self.loop.run_until_complete(asyncio.wait(tasks, timeout=5))
        self.loop.close()


@pytest.mark.parametrize("new_match", [False, True], ids=["resumed", "new-match"])
def test_a_host_started_again_goes_on_with_its_match_and_its_guests_come_back(tmp_path, new_match):
    """Started again, the host goes on with its match; or, asked for a new match, sets the kept one
    aside (its finished rounds saved as a match log) and tells those who come back."""
    keep = tmp_path / hostsave.FILE
    first = HostProcess(keep)
    second: HostProcess | None = None

    async def main():
        nonlocal second
        port = first.host.port
        said: dict[str, list[str]] = {"Aoi": [], "Ben": [], "Mio": []}
        aoi = Client("127.0.0.1", port, "Aoi", log=said["Aoi"].append)
        ben = Client("127.0.0.1", port, "Ben", log=said["Ben"].append)
        mio = Client("127.0.0.1", port, "Mio", log=said["Mio"].append, watch=True)
        for client in (aoi, ben, mio):
            await client.connect()
            client.silence_s = 2.0
        seats = {aoi.seat: "Aoi", ben.seat: "Ben"}
        tasks = [
            asyncio.create_task(play_as_ai(c, make_seat("normal", 1, c.seat), patience=60))
            for c in (aoi, ben)
        ]
        watching = asyncio.create_task(watch_table(mio, lambda line: None, patience=60))
        try:
            await until(
                lambda: keep.exists() and json.loads(keep.read_text())["kept_seq"] > 0, 60, "a round kept"
            )
            first.crash()
            kept = json.loads(keep.read_text())
            started = time.monotonic()
            second = HostProcess(keep, port=port, new_match=new_match)
            host = second.host
            if new_match:
                await until(lambda: sum(s.kind == "person" for s in host.seats) == 2, 30, "the comeback")
            else:
                await until(
                    lambda: any("the match goes on" in line for line in second.lines), 30, "the comeback"
                )
            back_after = time.monotonic() - started
            results = await asyncio.wait_for(asyncio.gather(*tasks, watching), 120)
            left = keep.exists()  # the match is over: nothing to resume
        finally:
            for task in (*tasks, watching):
                task.cancel()
            for client in (aoi, ben, mio):
                await client.close()
        return port, said, seats, kept, results, back_after, left

    try:
        port, said, seats, kept, results, back_after, left = asyncio.run(main())
    finally:
        first.close()
        if second is not None:
            second.close()
    assert second is not None and second.host.port == port
    for finished in results:
        assert finished.complete and sorted(finished.names[s] for s in seats) == ["Aoi", "Ben"]
    if new_match:  # a new match: the kept one set aside, its finished rounds kept as a log
        assert not second.host.resumed and (tmp_path / f"{hostsave.FILE}.old").exists()
        assert len(list((tmp_path / "logs").glob("*-kept.log"))) == 1
        for name in ("Aoi", "Ben", "Mio"):
            assert NEW_MATCH in said[name], (name, said[name])
        return
    assert second.host.resumed
    assert any(line.startswith("resumed the kept match") for line in second.lines)
    # the same match: the log goes on from where it was kept, and the seats keep their people
    replayed = [a.to_json() for a in second.host.game.actions]
    assert replayed[: len(kept["actions"])] == kept["actions"] and len(replayed) > len(kept["actions"])
    for seat, name in seats.items():
        assert second.host.seats[seat].name == name and second.host.seats[seat].kind == "person"
    for name in ("Aoi", "Ben", "Mio"):  # every guest and the watcher were told
        assert HOST_BACK in said[name], (name, said[name])
    assert back_after < 30
    assert not left


@pytest.mark.parametrize("damage", [b"{", b'{"dobon_lan_host": 1}', b"[]", b"\x00" * 64, "actions"], ids=str)
def test_a_damaged_kept_match_is_set_aside_and_said_so_and_a_new_match_starts(tmp_path, damage):
    keep = tmp_path / hostsave.FILE
    if damage == "actions":  # a well-formed file whose log does not replay
        match = hostsave.KeptMatch(
            "app", 3, {}, 5, 2, "normal", 15.0, ["A", "B", "C"], ["person"] * 3, ["t"] * 3
        )
        match.actions = [{"seat": 9, "kind": "play"}]
        hostsave.save(keep, match)
    else:
        keep.write_bytes(damage)
    lines: list[str] = []
    host = Host(loopback(players=3, keep_path=str(keep)), log=lines.append)

    async def main() -> None:
        await host.start()
        await host.close()

    asyncio.run(main())
    assert not host.resumed and host.game is None
    said = [line for line in lines if "kept LAN match could not be resumed" in line]
    assert len(said) == 1 and said[0].endswith(f"it was set aside as {hostsave.FILE}.broken")
    assert not keep.exists() and (tmp_path / f"{hostsave.FILE}.broken").exists()


def test_the_desktop_continues_hosting_its_match_from_the_title_after_a_crash(tmp_path, monkeypatch):
    import uikit  # noqa: F401  (the dummy video driver)
    from test_lan_ui import open_lobby, run_until
    from uikit import frames, make_app, press_button

    from ui.scenes.lan import LobbyScene
    from ui.scenes.table import TableScene
    from ui.scenes.title import TitleScene

    monkeypatch.setenv("DOBON_TABLE_HOME", str(tmp_path))
    kept = hostsave.kept_path(desktop=True)
    first = make_app()
    lobby = open_lobby(first)
    host = lobby.session.host
    host.cfg.turn_limit_s = 1.0  # nobody clicks here: the host's AI acts for the hosting person soon
    lobby.session.start_now()
    run_until(first, lambda: isinstance(first.stack.top, TableScene))
    run_until(first, lambda: host.game is not None and len(host.game.actions) > 2 and kept.exists(), 30)
    names = host.names()
    # the game dies: nothing it would do on a clean exit happens to its kept match
    host._stop_keeping = lambda: host._keeping.stop() if host._keeping else None
    first.close()
    assert kept.exists()

    second = make_app()  # the game started again on the same computer
    try:
        title = TitleScene(second)
        second.stack.push(title)
        frames(second, 3)
        press_button(second, title.items["continue_hosting"])
        assert isinstance(second.stack.top, LobbyScene | TableScene)  # the lobby opens, the table follows
        run_until(second, lambda: isinstance(second.stack.top, TableScene), 20)
        table = second.stack.top
        again = table.remote.session.host
        assert again.resumed and again.names() == names and table.remote.viewer == 0
        before = len(again.game.actions)
        run_until(second, lambda: len(again.game.actions) > before + 2, 30)  # the match goes on
        assert again.seats[0].connected and again.seats[0].kind == "person"
    finally:
        second.close()


def test_continue_hosting_a_kept_match_that_became_damaged_says_so_on_the_title(tmp_path, monkeypatch):
    """The title offered Continue hosting, but the kept match no longer replays: the title stays, says
    why over the screen, sets the file aside and no longer offers it."""
    from uikit import frames, make_app, press_button

    from ui.scenes.title import TitleScene

    monkeypatch.setenv("DOBON_TABLE_HOME", str(tmp_path))
    kept = hostsave.kept_path(desktop=True)
    match = hostsave.KeptMatch("app", 3, {}, 5, 2, "normal", 15.0, ["A", "B", "C"], ["person"] * 3, ["t"] * 3)
    match.me = 0
    hostsave.save(kept, match)
    app = make_app()
    try:
        title = TitleScene(app)
        app.stack.push(title)
        frames(app, 3)
        assert "continue_hosting" in title.items
        kept.write_text('{"dobon_lan_host": 1, "players": "three"}', encoding="utf-8")  # damaged meanwhile
        press_button(app, title.items["continue_hosting"])
        frames(app, 2)
        assert app.stack.top is title and "could not be resumed" in (title.notice or "")
        assert "continue_hosting" not in title.items and not kept.exists()
    finally:
        app.close()
