"""A LAN session for the desktop table: the network runs on its own thread, the table polls it.

The table's render loop must never wait on the network, so the client (and, when this computer hosts,
the host too) runs in an asyncio loop on a background thread. The table sends with `send_*` and
reads what arrived with `poll()`; both are thread-safe. Hosting from the table means running a `Host`
in that loop and joining it over loopback like any other client, so the host's own seat sees exactly
what a remote seat would.
"""

from __future__ import annotations

import asyncio
import contextlib
import queue
import threading
from collections.abc import Callable
from concurrent.futures import Future
from dataclasses import dataclass

from game.actions import Action

from .client import REJOIN_PATIENCE_S, Client, HostClosed, HostGone
from .host import Host, HostConfig
from .keeping import Keeper
from .protocol import Welcome
from .ticket import Ticket, clear_ticket, save_ticket


@dataclass(frozen=True)
class Reconnecting:
    """The connection was lost and the session is trying to come back (shown as "reconnecting…")."""

    attempt: int
    delay: float  # seconds until this attempt
    reason: str


@dataclass(frozen=True)
class Reconnected:
    """The session is back at its seat; the host's next update is the seat's whole view."""

    seat: int
    resumed: bool = False  # the host was started again and goes on with the match it kept
    new_match: bool = False  # ... or set it aside for a new one


class NetSession:
    def __init__(self, name: str):
        self.name = name
        self.client: Client | None = None
        self.host: Host | None = None
        self.inbox: queue.Queue[object] = queue.Queue()
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, name="lan", daemon=True)
        self.thread.start()
        self.error: str | None = None
        self.host_log: list[str] = []
        self.patience = REJOIN_PATIENCE_S  # how long a lost connection is retried
        self.ready = False  # said ready in the lobby (said again after a comeback)
        self.closing = False
        self.on_seat: Callable[[Welcome], None] | None = None  # told of every seat given (keeps the token)
        # a guest keeps the match in its history from the log the host sends at the end (net.keeping);
        # a hosting session does not: its host keeps the game already
        self.keep_history = False
        self.history_folder: str | None = None  # None: the data folder's
        self.kept_at: tuple[str, int] | None = None  # where the seat's token is kept for (keep_seat)

    # ------------------------------------------------------------------ starting

    def _run(self, coro) -> Future:
        if self.loop.is_closed():  # the session was closed: nothing can be sent any more
            coro.close()
            failed: Future = Future()
            failed.set_exception(HostGone("the connection is closed"))
            return failed
        return asyncio.run_coroutine_threadsafe(coro, self.loop)

    def host_table(self, config: HostConfig, token: str | None = None) -> Future:
        """Open a table on this computer and take a seat at it (with a token: the hosting person's
        seat in a match the host kept and resumes)."""

        async def go():
            self.host = Host(config, log=self.host_log.append)
            await self.host.start()
            self.loop.create_task(self._host_runner())
            await self._join("127.0.0.1", self.host.port, token)
            return self.host.port

        return self._run(go())

    async def _host_runner(self) -> None:
        assert self.host is not None
        try:
            await self.host.run()
        except Exception as exc:  # surfaced to the table as a message
            self.inbox.put(HostGone(f"the table stopped: {exc}"))

    def join(self, address: str, port: int, token: str | None = None, watch: bool = False) -> Future:
        """Take a seat at the table at address:port (with a token: back to that seat), or watch it."""
        return self._run(self._join(address, port, token, watch))

    async def _join(self, address: str, port: int, token: str | None = None, watch: bool = False):
        self.client = Client(
            address, port, self.name, token, log=lambda line: None, watch=watch, keep_all=False
        )
        if self.keep_history and self.host is None:
            self.client.keeper = Keeper(self.history_folder)
        welcome = await self.client.connect()
        self._seated(welcome)
        self.loop.create_task(self._pump())
        return welcome

    def keep_seat(self, address: str, port: int) -> None:
        """Keep this seat's token on disk (net.ticket) each time the host gives it, so the game can come
        back to it after a restart; `forget_seat` drops it once there is nothing to come back to."""

        self.kept_at = (address, port)

        def keep(welcome: Welcome) -> None:
            save_ticket(Ticket(address, port, welcome.token, self.name, welcome.rules, welcome.seat))

        self.on_seat = keep

    def forget_seat(self) -> None:
        if self.on_seat is not None:
            self.on_seat = None
            clear_ticket()

    def _seated(self, welcome: Welcome) -> None:
        if self.on_seat is not None and welcome.token:  # a watcher has no seat to keep
            with contextlib.suppress(Exception):  # keeping the token is a convenience, never a failure
                self.on_seat(welcome)

    async def _pump(self) -> None:
        """Hand everything the host sends to the table; when the connection is lost, come back with
        the seat's token (announcing each attempt), unless the host closed the table or refused us."""
        client = self.client
        assert client is not None
        try:
            while True:
                try:
                    self.inbox.put(await client.receive())
                except HostClosed:
                    raise
                except HostGone as exc:
                    if client.finished is not None or self.closing or self.host is not None:
                        raise  # the match is over, we are leaving, or our own table stopped
                    welcome = await client.rejoin(self.patience, self._announce_attempt, str(exc))
                    self._seated(welcome)
                    self.inbox.put(Reconnected(welcome.seat, welcome.resumed, welcome.new_match))
                    if self.ready:
                        with contextlib.suppress(HostGone):
                            await client.ready(True)
        except HostGone as exc:
            if not self.closing:  # after the match's end too: a table waiting for a rematch closed
                self.inbox.put(exc)
        except asyncio.CancelledError:
            raise
        except Exception as exc:  # whatever went wrong, the table must hear of it
            self.inbox.put(HostGone(f"the connection failed: {exc}"))

    def _announce_attempt(self, attempt: int, delay: float, reason: str) -> None:
        self.inbox.put(Reconnecting(attempt, delay, reason))

    # ------------------------------------------------------------------ talking

    def poll(self) -> list[object]:
        out = []
        while True:
            try:
                out.append(self.inbox.get_nowait())
            except queue.Empty:
                return out

    def send_action(self, action: Action, seq: int | None = None) -> None:
        if self.client is not None:
            self._run(self.client.act(action, seq))

    def send_ready(self, ready: bool = True) -> None:
        self.ready = ready
        if self.client is not None:
            self._run(self.client.ready(ready))

    def send_chat(self, text: str) -> None:
        if self.client is not None:
            self._run(self.client.chat(text))

    def rematch(self) -> None:
        """The host's Rematch on the match's result: the same table, seats kept, a new match (the
        lobby that follows comes to every guest and watcher as to this table)."""
        host = self.host
        if host is not None:
            self.loop.call_soon_threadsafe(host.rematch)

    def next_match(self) -> None:
        """A rematch began at this table: not ready yet, and a guest's seat is worth keeping on disk
        again (it was forgotten when the match ended), so that a restart comes back to it."""
        self.ready = False
        client = self.client
        if client is None or client.welcome is None or not client.welcome.token or self.host is not None:
            return
        if self.kept_at is not None:  # a guest that keeps its seat's token (the Join screen's)
            self.keep_seat(*self.kept_at)
            self._seated(client.welcome)

    def start_now(self) -> None:
        """The host's Start button: fill empty seats with AI and deal."""
        host = self.host
        if host is not None and not host.started.is_set():
            self.loop.call_soon_threadsafe(host.force_start)

    def close(self) -> None:
        self.closing = True

        async def shut():
            if self.client is not None:
                await self.client.close()
            if self.host is not None:
                self.host.closing = True
                await self.host.close()

        async def settle():
            """Cancel what still runs (the host's lobby and connections, the pump) and let it unwind,
            so no coroutine is left suspended in a loop that is about to close."""
            others = [t for t in asyncio.all_tasks() if t is not asyncio.current_task()]
            for task in others:
                task.cancel()
            await asyncio.wait(others, timeout=2) if others else None

        if self.loop.is_closed():
            return  # closed already (a scene's exit and the app's both close)
        for step in (shut, settle):
            with contextlib.suppress(Exception):
                self._run(step()).result(timeout=3)
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(timeout=3)
        if not self.thread.is_alive():
            self.loop.close()
