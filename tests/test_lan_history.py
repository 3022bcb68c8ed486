"""Issue 18: a LAN guest (and a watcher) keeps the match in its own history. The host sends the action
log only once the match is over (or, when it closes early, up to the last round finished); a log that
is malformed, too long or forged is refused in a sentence and nothing is written. Real sockets on
127.0.0.1, every wait bounded."""

from __future__ import annotations

import asyncio
import contextlib
import re
import struct
from pathlib import Path

import pytest
from lankit import loopback

from game import Game
from game.headless import play
from game.history import listing, load
from game.realtime import Timing
from game.rules import make_rules
from game.seats import make_seat
from net.client import Client, HostGone, play_as_ai
from net.host import Host, HostConfig
from net.keeping import MAX_PARTS, PART_BYTES, Keeper, Kept, log_parts
from net.protocol import (
    MAX_FRAME,
    PROTOCOL_VERSION,
    Bye,
    Finished,
    Hello,
    MatchLog,
    Update,
    Welcome,
    decode,
    encode,
    read_message,
)

FAST = Timing(turn_ms=15, dobon_ms=8, window_ms=40)


def config(tmp_path: Path, **kw) -> HostConfig:
    base = dict(
        preset="app",
        players=3,
        ai="normal",
        rounds=2,
        seed=11,
        lobby_seconds=0.1,
        timing=FAST,
        round_pause=0.05,
        keep_history=True,
        history_folder=str(tmp_path / "host"),
    )
    base.update(kw)
    return loopback(**base)


def quiet(*_args) -> None:
    pass


def keeping(name: str, folder: Path, watch: bool = False) -> Client:
    client = Client("127.0.0.1", 0, name, log=quiet, watch=watch)
    client.keeper = Keeper(folder)
    return client


async def watch_to_the_end(client: Client) -> None:
    while client.finished is None:
        await client.receive()


async def a_match(host: Host, guests: list[Client], watcher: Client, close_after_round: bool = False):
    """Guests played by AI and one watcher, all keeping history; `close_after_round`: the host closes
    the table once a round is finished and the next one is under way."""
    await host.start()
    runner = asyncio.create_task(host.run())
    try:
        for c in (*guests, watcher):
            c.port = host.port
            await c.connect()
        tasks = [asyncio.create_task(play_as_ai(g, make_seat("easy", 1, g.seat))) for g in guests]
        tasks.append(asyncio.create_task(watch_to_the_end(watcher)))
        if close_after_round:
            async with asyncio.timeout(60):
                while host.kept_seq == 0 or len(host.game.actions) < host.kept_seq + 6:
                    await asyncio.sleep(0.01)
            host.closing = True
        await asyncio.wait_for(asyncio.gather(*tasks), 120)
        await asyncio.wait_for(runner, 10)
    finally:
        runner.cancel()
        await host.close()
        for c in (*guests, watcher):
            await c.close()


def test_every_guest_and_watcher_keeps_the_match_and_it_replays_as_the_hosts(tmp_path):
    host = Host(config(tmp_path), log=quiet)
    host.record = True
    guests = [keeping(f"G{i}", tmp_path / f"guest{i}") for i in range(2)]
    watcher = keeping("Mio", tmp_path / "watcher", watch=True)
    asyncio.run(a_match(host, guests, watcher))

    (host_entry,) = listing(tmp_path / "host").entries
    _, host_game = load(host_entry.path)
    assert host_game.actions == host.game.actions and host_entry.rounds == 2
    for client in (*guests, watcher):
        found = listing(client.keeper.folder)
        assert found.problems == [] and len(found.entries) == 1
        (entry,) = found.entries
        assert client.kept == Kept(entry.path)
        assert entry.lan and entry.names == host.names() and entry.seats == host_entry.seats
        assert entry.me == (None if client.watch else client.seat)  # a watcher keeps it as nobody's
        assert (entry.rounds, entry.matches, entry.deltas) == (2, host_entry.matches, host_entry.deltas)
        _, game = load(entry.path)  # the guest's replay is the host's, event for event
        assert game.actions == host_game.actions and game.events == host_game.events
        assert game.scores == host_game.scores
    # the log goes out only after the last update, just before the result, to seats and watchers alike
    for seat, frames in host.sent_log.items():
        kinds = [type(decode(f[4:])).__name__ for f in frames]
        logs = [i for i, k in enumerate(kinds) if k == "MatchLog"]
        assert logs, f"seat {seat} got no log"
        last_update = max(i for i, k in enumerate(kinds) if k == "Update")
        assert last_update < logs[0] and kinds[logs[-1] + 1] == "Finished"


def test_a_host_that_closes_early_sends_the_finished_rounds_only(tmp_path):
    host = Host(config(tmp_path, rounds=6), log=quiet)
    host.record = True
    guest = keeping("G", tmp_path / "guest")
    watcher = keeping("Mio", tmp_path / "watcher", watch=True)
    asyncio.run(a_match(host, [guest], watcher, close_after_round=True))

    game = host.game
    assert host.result is not None and not host.result.complete
    assert 0 < host.kept_seq < len(game.actions)  # a round was under way when the table closed
    sent = [decode(f[4:]) for f in host.sent_log[guest.seat]]
    parts = [m for m in sent if isinstance(m, MatchLog)]
    assert sum(len(p.actions) for p in parts) == host.kept_seq  # nothing of the unfinished round
    (host_entry,) = listing(tmp_path / "host").entries
    for client in (guest, watcher):
        (entry,) = listing(client.keeper.folder).entries
        _, kept = load(entry.path)
        _, hosts = load(host_entry.path)
        assert kept.actions == game.actions[: host.kept_seq] == hosts.actions
        assert entry.rounds == host_entry.rounds >= 1


def test_a_long_log_comes_in_parts_under_the_frame_limit():
    game = Game(make_rules("app", 4), 3)
    play(game, [make_seat("basic", 3, s) for s in range(4)], 6)
    seats, names = ["human"] + ["easy"] * 3, ["A", "B", "C", "D"]
    (whole,) = log_parts(game, len(game.actions), seats, names)  # a match's log fits one frame
    assert len(encode(whole)) < PART_BYTES + 4096 < MAX_FRAME
    parts = log_parts(game, len(game.actions), seats, names, part_bytes=2000)  # a very long match's
    assert len(parts) > 3 and [p.part for p in parts] == list(range(len(parts)))
    assert all(len(encode(p)) < 2000 + 4096 for p in parts)
    keeper = Keeper()
    assert [keeper.take(p) for p in parts] == [False] * (len(parts) - 1) + [True]
    assert [a for p in keeper.parts for a in p.actions] == [a.to_json() for a in game.actions]


# ----------------------------------------------------------------------------- a hostile host


def finished_round() -> Game:
    game = Game(make_rules("app", 3), 5)
    play(game, [make_seat("basic", 5, s) for s in range(3)], 1)
    return game


def honest_log(game: Game) -> MatchLog:
    (part,) = log_parts(game, len(game.actions), ["human", "easy", "easy"], ["G", "AI 2", "AI 3"])
    return part


def forged(**changes) -> bytes:
    part = honest_log(finished_round())
    data = {f: getattr(part, f) for f in part.__struct_fields__}
    data.update(changes)
    return encode(MatchLog(**data))


def other_seed() -> bytes:
    game = Game(make_rules("app", 3), 6)
    play(game, [make_seat("basic", 6, s) for s in range(3)], 1)
    return encode(honest_log(game))


HOSTILE = {
    "actions that do not replay": lambda: forged(actions=[{"seat": 0, "act": "fly"}]),
    "a card no deck has": lambda: forged(actions=[{"seat": 0, "act": "play", "cards": ["ZZ"]}]),
    "too many parts": lambda: forged(parts=MAX_PARTS + 1),
    "a part out of order": lambda: forged(part=1, parts=2),
    "a part missing": lambda: forged(parts=2),
    "another table's preset": lambda: forged(rules="super"),
    "unknown seat kinds": lambda: forged(seats=["human", "skynet", "easy"]),
    "a longer match than was shown": lambda: forged(actions=honest_log(finished_round()).actions * 2),
    "another deal's log": other_seed,
    "a header no preset takes": lambda: forged(options={"max_players": "lots"}),
}


async def hostile_host(frames: list[bytes], folder: Path) -> tuple[Client, list[object]]:
    """A host that seats the guest, shows it one finished round, then sends `frames` and the result;
    the guest keeps its history in `folder`."""
    game = finished_round()
    served = asyncio.Event()

    async def serve(reader, writer):
        hello = await read_message(reader, 5)
        assert isinstance(hello, Hello) and hello.version == PROTOCOL_VERSION
        writer.write(encode(Welcome(0, "token", "app", 3, {}, 1)))
        writer.write(encode(Update(len(game.actions), [], game.view(0).to_json(), ["G", "AI 2", "AI 3"])))
        for frame in frames:
            writer.write(frame)
        writer.write(encode(Finished(list(game.scores), [1, 2, 3], ["G", "AI 2", "AI 3"])))
        writer.write(encode(Bye("over")))
        await writer.drain()
        with contextlib.suppress(ConnectionError):
            await reader.read()  # until the guest hangs up
        writer.close()
        served.set()

    server = await asyncio.start_server(serve, "127.0.0.1", 0)
    client = keeping("G", folder)
    client.port = server.sockets[0].getsockname()[1]
    got: list[object] = []
    try:
        await client.connect()
        async with asyncio.timeout(10):
            while client.finished is None:
                got.append(await client.receive())
    finally:
        await client.close()
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(served.wait(), 5)
        server.close()
    return client, got


@pytest.mark.parametrize("case", list(HOSTILE))
def test_a_hostile_log_is_refused_in_a_sentence_and_nothing_is_kept(tmp_path, case):
    client, _ = asyncio.run(hostile_host([HOSTILE[case]()], tmp_path / "history"))
    assert client.finished is not None  # the client went on to the match's result
    assert client.kept is not None and client.kept.path is None
    assert re.match(r"its? ", client.kept.problem), client.kept.problem  # a sentence about the log
    assert not (tmp_path / "history").exists()


def test_an_honest_log_from_the_same_host_is_kept(tmp_path):
    client, _ = asyncio.run(hostile_host([encode(honest_log(finished_round()))], tmp_path / "history"))
    (entry,) = listing(tmp_path / "history").entries
    assert client.kept == Kept(entry.path) and entry.me == 0 and entry.rounds == 1


@pytest.mark.parametrize(
    "frame, said",
    [
        (struct.pack(">I", 2**31), "over the"),  # an oversized frame: refused before it is read
        (struct.pack(">I", 5) + b"\xc1\xc1\xc1\xc1\xc1", "unreadable"),  # not msgpack at all
    ],
)
def test_a_log_frame_that_is_no_message_is_said_and_nothing_is_kept(tmp_path, frame, said):
    with pytest.raises(HostGone, match=said):
        asyncio.run(hostile_host([frame], tmp_path / "history"))
    assert not (tmp_path / "history").exists()
