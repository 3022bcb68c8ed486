"""A TCP relay on 127.0.0.1 whose "cable" a test can pull: the way a real LAN fails, on real sockets.

Pulling the cable makes both directions silent without closing anything (what a pulled cable, a dropped
Wi-Fi or a closed lid looks like to TCP: no FIN, no RST, just nothing), and new connections are cut at
once (the host cannot be reached). Plugging it back in lets new connections through; the connections
that went silent stay silent, as they would after a real outage until their peers give up on them.
"""

from __future__ import annotations

import asyncio
import contextlib


class Relay:
    def __init__(self, port: int):
        self.target = port
        self.pulled = False
        self.server: asyncio.base_events.Server | None = None
        self.port = 0
        self.links = 0  # connections relayed so far
        self._tasks: set[asyncio.Task] = set()
        self._writers: list[asyncio.StreamWriter] = []

    async def start(self) -> Relay:
        self.server = await asyncio.start_server(self._link, "127.0.0.1", 0)
        self.port = self.server.sockets[0].getsockname()[1]
        return self

    def pull(self) -> None:
        self.pulled = True

    def plug(self) -> None:
        self.pulled = False

    async def _link(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        if self.pulled:
            writer.close()
            return
        try:
            up_reader, up_writer = await asyncio.open_connection("127.0.0.1", self.target)
        except OSError:
            writer.close()
            return
        self.links += 1
        self._writers += [writer, up_writer]
        dead = [False]  # once pulled, this link stays silent for good
        for a, b in ((reader, up_writer), (up_reader, writer)):
            task = asyncio.create_task(self._pipe(a, b, dead))
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)

    async def _pipe(
        self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter, dead: list[bool]
    ) -> None:
        with contextlib.suppress(Exception):
            for _ in range(1_000_000):  # bounded; a test's traffic is far less
                data = await reader.read(65536)
                if not data:
                    break
                if self.pulled:
                    dead[0] = True
                if dead[0]:
                    continue  # swallowed: the peer hears nothing, and nothing is closed
                writer.write(data)
                await writer.drain()
            if not dead[0]:
                writer.close()

    async def close(self) -> None:
        if self.server is not None:
            self.server.close()
        for task in list(self._tasks):
            task.cancel()
        for writer in self._writers:
            with contextlib.suppress(Exception):
                writer.close()
        if self._tasks:
            await asyncio.wait(list(self._tasks), timeout=2)
