"""A broken or hostile host must not keep a guest reconnecting for ever: comebacks that end at once in
the same error count as one run of trouble, and after three the guest gives up with one sentence (the
error, the host's protocol version). A frame begun and never finished is caught by the silence limit.
A watcher says why it reconnects. Real sockets on 127.0.0.1, a fake host; every wait is bounded."""

from __future__ import annotations

import asyncio
import re
import struct

import pytest

from game.seats import make_seat
from net.client import SAME_FAILURES, Client, HostBroken, HostGone, play_as_ai, watch_table
from net.protocol import PROTOCOL_VERSION, Hello, Lobby, Welcome, encode, read_message


class FakeHost:
    """Says welcome to every hello, then does `then` to the connection (counted in `links`)."""

    def __init__(self, then: bytes | None, version: int = PROTOCOL_VERSION, hold: bool = False):
        self.then, self.version, self.hold = then, version, hold
        self.links = 0
        self.server: asyncio.base_events.Server | None = None

    async def start(self) -> int:
        self.server = await asyncio.start_server(self._serve, "127.0.0.1", 0)
        return self.server.sockets[0].getsockname()[1]

    async def _serve(self, reader, writer) -> None:
        self.links += 1
        try:
            hello = await read_message(reader, 5)
            assert isinstance(hello, Hello)
            writer.write(
                encode(Welcome(2 if hello.watch else 0, "t" * 32, "app", 2, {}, 1, 0.0, self.version))
            )
            if self.then:
                writer.write(self.then)
            await writer.drain()
            if self.hold:
                await asyncio.sleep(20)  # the connection stays open, and silent
        finally:
            writer.close()

    def close(self) -> None:
        assert self.server is not None
        self.server.close()


GARBAGE = struct.pack(">I", 6) + b"\xc1\xc1\xc1\xc1\xc1\xc1"  # a frame that is no message


def test_a_host_that_fails_at_once_after_every_comeback_is_given_up_after_three_in_one_sentence():
    async def main():
        fake = FakeHost(GARBAGE, version=PROTOCOL_VERSION + 1)
        port = await fake.start()
        said: list[str] = []
        client = Client("127.0.0.1", port, "Aoi", log=said.append)
        try:
            await client.connect()
            async with asyncio.timeout(30):  # today's client comes back for 5 minutes
                with pytest.raises(HostBroken) as caught:
                    await play_as_ai(client, make_seat("normal", 1, 0), patience=300)
        finally:
            await client.close()
            fake.close()
        return str(caught.value), said, fake.links

    sentence, said, links = asyncio.run(main())
    assert links == 1 + SAME_FAILURES  # the first connection, then three comebacks
    assert "unreadable" in sentence  # the host's error ...
    assert (
        f"the host speaks protocol {PROTOCOL_VERSION + 1}, this game protocol {PROTOCOL_VERSION}" in sentence
    )
    assert "\n" not in sentence and sentence.startswith("gave up on the table at 127.0.0.1:")
    # the attempts went on counting across the comebacks, each waiting longer than the last
    attempts = [int(m.group(1)) for line in said if (m := re.search(r"attempt (\d+)", line))]
    assert attempts == list(range(1, SAME_FAILURES + 1))


def test_a_frame_begun_and_never_finished_is_caught_by_the_silence_limit():
    async def main():
        half = struct.pack(">I", 100) + b"\x00" * 10  # a header for 100 bytes, then 10, then nothing
        fake = FakeHost(half, hold=True)
        port = await fake.start()
        client = Client("127.0.0.1", port, "Aoi", log=lambda line: None)
        try:
            await client.connect()
            client.silence_s = 1.0
            loop = asyncio.get_running_loop()
            started = loop.time()
            async with asyncio.timeout(10):  # today's client waits 30 s for the rest of the frame
                with pytest.raises(HostGone) as caught:
                    await client.receive()
            return loop.time() - started, str(caught.value)
        finally:
            await client.close()
            fake.close()

    waited, why = asyncio.run(main())
    assert waited < 3
    assert "no word from the host for 1 s" in why and "middle of a message" in why


def test_a_watcher_says_why_it_is_reconnecting():
    async def main():
        fake = FakeHost(None)  # welcome, then the connection closes
        port = await fake.start()
        said: list[str] = []
        watcher = Client("127.0.0.1", port, "Mio", log=said.append, watch=True)
        try:
            await watcher.connect()
            async with asyncio.timeout(30):
                with pytest.raises(HostBroken):
                    await watch_table(watcher, said.append, patience=300)
        finally:
            await watcher.close()
            fake.close()
        return said

    said = asyncio.run(main())
    assert "connection lost (the host has gone away); reconnecting…" in said
    assert "reconnecting… (attempt 1 in 0.5 s): the host has gone away" in said


def test_comebacks_that_work_before_failing_are_new_trouble_each_time_not_a_broken_host():
    """A host that says something after each comeback, then goes silent (a flaky line, not a broken
    host): each loss starts afresh, so the guest keeps coming back instead of giving up after three."""

    async def main():
        fake = FakeHost(encode(Lobby([])), hold=True)  # a welcome, a lobby, then silence
        port = await fake.start()
        said: list[str] = []
        client = Client("127.0.0.1", port, "Aoi", log=said.append)
        try:
            await client.connect()
            client.silence_s = 0.3
            playing = asyncio.create_task(play_as_ai(client, make_seat("normal", 1, 0), patience=300))
            for _ in range(200):  # bounded: until it has come back more often than a broken host allows
                if fake.links > SAME_FAILURES + 1 or playing.done():
                    break
                await asyncio.sleep(0.05)
            done = playing.done()
            playing.cancel()
        finally:
            await client.close()
            fake.close()
        return done, fake.links, said

    done, links, said = asyncio.run(main())
    assert not done and links > SAME_FAILURES + 1  # still coming back: no HostBroken
    attempts = [int(m.group(1)) for line in said if (m := re.search(r"attempt (\d+)", line))]
    assert set(attempts) == {1}  # every loss was new trouble: its first attempt, the shortest wait
