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
from concurrent.futures import Future

from game.actions import Action

from .client import Client, HostGone
from .host import Host, HostConfig


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

    # ------------------------------------------------------------------ starting

    def _run(self, coro) -> Future:
        if self.loop.is_closed():  # the session was closed: nothing can be sent any more
            coro.close()
            failed: Future = Future()
            failed.set_exception(HostGone("the connection is closed"))
            return failed
        return asyncio.run_coroutine_threadsafe(coro, self.loop)

    def host_table(self, config: HostConfig) -> Future:
        """Open a table on this computer and take a seat at it."""

        async def go():
            self.host = Host(config, log=self.host_log.append)
            await self.host.start()
            self.loop.create_task(self._host_runner())
            await self._join("127.0.0.1", self.host.port)
            return self.host.port

        return self._run(go())

    async def _host_runner(self) -> None:
        assert self.host is not None
        try:
            await self.host.run()
        except Exception as exc:  # surfaced to the table as a message
            self.inbox.put(HostGone(f"the table stopped: {exc}"))

    def join(self, address: str, port: int, token: str | None = None) -> Future:
        return self._run(self._join(address, port, token))

    async def _join(self, address: str, port: int, token: str | None = None):
        self.client = Client(address, port, self.name, token, log=lambda line: None)
        welcome = await self.client.connect()
        self.loop.create_task(self._pump())
        return welcome

    async def _pump(self) -> None:
        client = self.client
        assert client is not None
        try:
            while True:
                self.inbox.put(await client.receive())
        except HostGone as exc:
            if client.finished is None:
                self.inbox.put(exc)
        except Exception as exc:  # whatever went wrong, the table must hear of it
            self.inbox.put(HostGone(f"the connection failed: {exc}"))

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
        if self.client is not None:
            self._run(self.client.ready(ready))

    def send_chat(self, text: str) -> None:
        if self.client is not None:
            self._run(self.client.chat(text))

    def start_now(self) -> None:
        """The host's Start button: fill empty seats with AI and deal."""
        host = self.host
        if host is not None and not host.started.is_set():
            self.loop.call_soon_threadsafe(host.force_start)

    def close(self) -> None:
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
