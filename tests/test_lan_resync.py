"""Issue 17: a table that comes back after a lost connection shows the game as it is now, at once.
The events it missed never come (the host sends the view instead), so the board is rebuilt from that
view: whose turn it is, the open window, hands and piles. Real sockets on 127.0.0.1; the host runs on a
thread of its own, and a relay whose cable the test pulls stands between the table and the host."""

from __future__ import annotations

import asyncio
import time

import uikit  # noqa: F401  (the dummy video driver)
from lanproxy import Relay
from test_lan_rejoin_ui import HostThread, run_until, sit_down
from uikit import make_app

from game.actions import Kind
from game.realtime import Timing
from game.seats import make_seat
from net.client import Client


class Idle:
    """A person at another computer who acts only while the test lets them (an AI picks the action)."""

    def __init__(self, far: HostThread):
        self.far = far
        self.client = Client("127.0.0.1", far.host.port, "Ren", log=lambda line: None)
        self.acting = True
        self.seat = self.call(self.client.connect()).seat
        self.call(self.client.ready())
        self.mind = make_seat("basic", 3, self.seat)
        self.pump = asyncio.run_coroutine_threadsafe(self._pump(), far.loop)

    def call(self, coro):
        return asyncio.run_coroutine_threadsafe(coro, self.far.loop).result(5)

    async def _pump(self) -> None:
        """Read everything the host sends; act on each update that asks for a play or a draw."""
        for _ in range(100_000):  # bounded: the test ends long before
            await self.client.receive()
            view = self.client.view
            if not self.acting or view is None:
                continue
            if any(a.kind in (Kind.PLAY, Kind.DRAW) for a in view.legal):
                action = self.mind.act(view)
                if action is not None:
                    await self.client.act(action)

    def close(self) -> None:
        self.pump.cancel()
        self.call(self.client.close())


def test_a_table_that_comes_back_shows_whose_turn_it_is_before_any_new_event(tmp_path, monkeypatch):
    monkeypatch.setenv("DOBON_TABLE_HOME", str(tmp_path))
    far = HostThread(min_people=2, timing=Timing(turn_ms=100, dobon_ms=60, window_ms=200))
    relay = asyncio.run_coroutine_threadsafe(Relay(far.host.port).start(), far.loop).result(5)
    app = make_app()
    idle = None
    try:
        idle = Idle(far)
        table = sit_down(app, relay.port)
        me, other = table.person, idle.seat
        board = table.board

        def my_turn_shown() -> bool:
            view = table.remote.view if table.remote.started else None
            return (
                view is not None
                and view.phase == "turn"
                and view.turn == me
                and board.settled
                and board.shown.turn == me
                and table.accepts_input
            )

        run_until(app, my_turn_shown, 30)
        idle.acting = False  # from now on Ren waits: once the turn is theirs, it stays theirs
        relay.pull()  # the cable is pulled and this table's connection breaks
        session = table.remote.session
        session.loop.call_soon_threadsafe(session.client.writer.transport.abort)
        # meanwhile the host plays this seat (AI stands in) and the turn passes to Ren
        run_until(app, lambda: far.host.game.turn == other and not far.host.seats[me].connected, 20)
        time.sleep(0.3)  # nothing more happens at the table: Ren does not act
        assert far.host.game.turn == other
        assert board.shown.turn == me  # what this table last saw: the events since never came
        seen = table.remote.seq
        relay.plug()

        def resynced() -> bool:
            return table.remote.seq > seen

        run_until(app, resynced, 20)
        # the first frame with the view that came back: the marker names Ren, the hands are as the view has them
        assert table.remote.view.turn == other
        assert board.shown.turn == other and not board.queue and not board.flights
        assert board.hidden_backs == {} and board.hidden == {}
        assert board.view.hand_sizes[me] == len(table.remote.view.hand)
        assert not table.accepts_input or not any(a.kind is Kind.DRAW for a in table.legal())
    finally:
        app.close()
        if idle is not None:
            idle.close()
        asyncio.run_coroutine_threadsafe(relay.close(), far.loop).result(5)
        far.close()
