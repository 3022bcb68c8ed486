"""The LAN host: authoritative, one ordered queue per table, each client sees only its own seat.

This module is the socket adapter of the one table host (game.table_host, docs/engine.md "One table
host"): it keeps the connections, the lobby and seating, tokens, presence, the gate, the announcement,
rematches and the match kept on disk; the game side (the game and its clock, the checks and the
simultaneity tick, each seat's update, the time to act, the history record) is the table host's, the
same one the desktop drives in-process. Its clock is wall time since play began (`_now_ms`).

The host runs the engine. Every message from a client goes into one queue and is handled in arrival
order by the table task, so two calls can never race: the first to arrive is applied first and every
client sees the same order. Before an action is applied the host checks that it comes from the seat's
own connection (the seat token bound it at the handshake), that the update it was decided on (`seq`)
still speaks of the same thing, and that the rules allow it; a refusal goes to that client only. A dobon
or a pass answers one card, so it must have been decided since that card's window opened; any other
action stands while it is legal in the same deal (someone else's pass must not void a chosen play).
Actions queued in the same tick are applied together, in the rulebook's precedence. After each action every
client gets the events as its seat may see them and its seat's whole view.

Timing: a reaction window lasts the same after every play whoever could call (the real-time driver,
game.realtime). A dobon call names the card it answers. A call still in flight when the next card
lands names a card whose window has closed, so the rules refuse it and only its sender hears so; a call
that arrives while its window is open is applied in arrival order, before anything that arrives after.

Seats no person takes are played by AI; a person who drops is played by AI until they come back with
their token, and then continue with their hand.

Presence: both sides send a heartbeat every second (protocol.Ping). A seat the host has not heard from
for `away_s` is shown as away on every table; after `away_ai_s` more, AI plays it while it stays
silent, and it takes its seat back the moment it is heard again. After `drop_s` of silence the
connection is closed (the seat waits for its token). Nothing the host sends ever waits on one slow or
silent client: frames are queued on its connection, and a connection whose backlog passes
`SEND_BACKLOG` is dropped, so a pulled cable cannot hold up the table. A person who stays connected
but stops acting meets the time to act (on by default, net.pace): AI acts for them once, everyone's
update says so (`Update.timed_out`), and after IDLE_TIMEOUTS in a row the seat is shown away and AI
plays it until its person acts again (an action, or Ready: "I'm back"). One name is seated once.

A LAN party (issue 17): a comeback with a seat's token replaces the connection the host still holds
for it (a pulled cable leaves no FIN); the host deals once `min_people` people have come and said
ready, and a guest who comes after the deal takes a seat AI has played from the start at the next
round (`SeatState.waiting`; until then it watches the round in play as a watcher does, never a
hand). Watchers (`Hello.watch`) get the lobby, the chat and the public side of every update
(`game.view.public_view`). With `turn_limit_s` a person whose time to act runs out has AI act for
them once (`owing`; the seat is sent its clock). Closing mid-match sends everyone the standings so
far and saves the log (`log_dir`). Connections are limited per address and in total (`Gate`), and
running out of file descriptors is said once a minute. At the
match's end (or a close: up to the last round finished) every client gets the action log, to keep in
its own history (net.keeping). With `keep_path` the match is kept on disk after every change
(net.hostsave); a host started again with the same table resumes it, waits a little for its people to
come back with their tokens, and tells them the host is back. With `rematch` (the desktop's) a finished
match leaves the table open until the host offers a rematch (`Host.rematch`: the same seats, a new
match once the people are ready; `Lobby.rematch` tells every client) or closes it; a headless host
with `matches` over 1 offers each rematch by itself a little after the result (`rematch_after_s`).
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import secrets
import socket
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from game import safejson
from game.actions import Action
from game.engine import Game
from game.events import Event
from game.headless import write_log
from game.history import HUMAN, Recorder, now_stamp
from game.phase import Phase
from game.realtime import RealtimeTable, Timing
from game.rules import make_rules
from game.seats import make_seat
from game.table_host import Checked, TableHost

from . import hostsave
from .discovery import Announcement, advertise, describe
from .keeping import log_parts
from .pace import AWAY_AI_S, AWAY_S, DEFAULT_TURN_LIMIT_S, IDLE_TIMEOUTS, RESUME_GRACE_S
from .protocol import (
    CLOSED,
    HEARTBEAT_S,
    NEXT_ROUND,
    NOT_STARTED,
    PROTOCOL_VERSION,
    Act,
    Bye,
    Chat,
    Error,
    Finished,
    Hello,
    Lobby,
    Ping,
    ProtocolError,
    Ready,
    Refused,
    SeatInfo,
    Update,
    Welcome,
    encode,
    read_message,
)

HELLO_TIMEOUT = 10.0
FLOOD_PER_SECOND = 40  # messages a client may send per second before they are dropped
FLOOD_DISCONNECT = 400  # ... and before it is cut off
MAX_BAD = 20  # malformed messages before a client is cut off
SEND_BACKLOG = 1 << 20  # bytes waiting on a connection before the host gives up on it
MAX_PER_ADDRESS = 16  # connections one computer may hold open at once (a table has at most 8 seats)
MAX_CONNECTIONS = 128  # connections the host holds open at once, and never over half its file limit
RESOURCE_LOG_S = 60.0  # "out of file descriptors" is said at most this often
GOODBYE_S = 0.2  # how long a closing table gives its peers to read the goodbye before the sockets close
MAX_WATCHERS = 16  # people watching a table without a seat
MAX_MATCHES = 1000  # rematches at one table before it closes by itself (a bound, not a limit met)
# what a guest whose name is already seated is told to do
TWIN = "come back to it with its token (main.py join keeps it), or choose another name"


@dataclass
class SeatState:
    seat: int
    name: str = ""
    kind: str = "open"  # "open", "person", "ai"
    token: str = ""
    ready: bool = False
    writer: asyncio.StreamWriter | None = None
    sent: int = 0  # messages received this second (flood control)
    second: float = 0.0
    bad: int = 0
    heard: float = 0.0  # when the host last heard from this connection (time.monotonic)
    away: bool = False  # connected but silent (shown on every table)
    stood_in: bool = False  # AI plays this person's seat while they are away
    waiting: str = ""  # the name of a late guest who takes this AI seat at the next round
    timeouts: int = 0  # times in a row this person's time to act ran out (AI acted for them)
    idle: bool = False  # timed out IDLE_TIMEOUTS times in a row: shown away, AI plays until they act
    away_from: int = -1  # the game's event count when AI took this seat over (-1: not since it came back)

    @property
    def shown_away(self) -> bool:
        """Away on every table: silent (a pulled cable) or idle (connected, but not acting)."""
        return self.away or self.idle

    @property
    def connected(self) -> bool:
        return self.writer is not None


@dataclass
class Watcher:
    """Someone watching without a seat: sent public information only (game.view.public_view)."""

    name: str
    writer: asyncio.StreamWriter
    heard: float
    sent: int = 0  # messages received this second (flood control)
    second: float = 0.0


def fresh_seed() -> int:
    """A new LAN match's seed, from the system's secure source and 62 bits wide. The seed fixes every
    deal of the match, and a guest knows its own first hand: a seed of 31 bits (2 thousand million
    choices) could be found by trying each against that hand and would then tell every hand to come;
    62 bits is out of reach of any search, and still a 64-bit whole number in every file."""
    return secrets.randbits(62)


@dataclass
class HostConfig:
    preset: str = "app"
    players: int = 4
    options: dict = field(default_factory=dict)
    ai: str = "normal"
    rounds: int = 3
    seed: int = 0
    host: str = "0.0.0.0"
    port: int = 47000
    lobby_seconds: float = 3.0  # a headless host starts this long after the last join, when all are ready
    min_people: int = 0
    timing: Timing = field(default_factory=lambda: Timing(turn_ms=700, dobon_ms=450, window_ms=1500))
    round_pause: float = 1.5  # seconds between a round's end and the next deal
    away_s: float = AWAY_S  # silence after which a connected seat is shown as away
    away_ai_s: float = AWAY_AI_S  # ... and after which, away this long, AI plays it until it is heard again
    drop_s: float = 60.0  # silence after which the connection is closed (the seat waits for its token)
    turn_limit_s: float = DEFAULT_TURN_LIMIT_S  # a person's time to act; then AI acts once (0: none)
    max_per_address: int = MAX_PER_ADDRESS
    max_connections: int = MAX_CONNECTIONS
    log_dir: str | None = None  # where each match's action log is saved (None: not saved)
    advertise: bool = True  # announce the table on the LAN (zeroconf)
    announce_on: tuple[str, ...] | None = None  # interface addresses to announce on (None: the LAN's)
    # keep every finished round in the history (game.history); `history_me` is the hosting person's seat
    # (None for a headless host: nobody's statistics), `history_folder` None for the data folder's
    keep_history: bool = False
    history_me: int | None = None
    history_folder: str | None = None
    # where the match is kept on disk for a host started again after a crash (net.hostsave; None: not
    # kept): a kept match of the same table is resumed at the start
    keep_path: str | None = None
    # a new match even if one is kept: the kept one is set aside (its finished rounds saved in
    # `log_dir`), and those who come back with its tokens are seated afresh and told so
    new_match: bool = False
    # the hosting person's name, announced on the LAN so a table found reads as theirs ("": the
    # computer's name, for a headless host nobody sits at)
    host_name: str = ""
    # after a match the table stays open, everyone still connected, until the host offers a rematch
    # (`Host.rematch`: the same seats, a new match once the people are ready) or closes it; False: a
    # finished match closes the table (a headless host)
    rematch: bool = False
    # a headless host's rematches: it plays this many matches at its table, each next one offered by
    # itself `rematch_after_s` after the last one's result (as the desktop's Rematch: the same seats and
    # tokens, AI and left seats open again, everyone told by `Lobby.rematch`); 1: the table closes at
    # the match's end
    matches: int = 1
    rematch_after_s: float = 10.0


class Host:
    def __init__(self, config: HostConfig, log: Callable[[str], None] = print):
        self.cfg = config
        self.log = log
        self.rules = make_rules(config.preset, config.players, config.options)
        self.seats = [SeatState(s) for s in range(config.players)]
        self.queue: asyncio.Queue[tuple[int, object]] = asyncio.Queue()
        # the game side of the table, without the sockets: the game, its clock, the simultaneity tick,
        # each seat's updates, the time to act and the history record (game.table_host)
        self.host: TableHost | None = None
        self.play_start = 0.0  # when play began (monotonic): the table's clock counts from it
        self.started = asyncio.Event()
        self.finished = asyncio.Event()
        self.last_join = time.monotonic()
        self.rounds_done = 0
        self.server: asyncio.base_events.Server | None = None
        self.port = config.port
        self.sent_log: dict[int, list[bytes]] = {}  # every frame sent to each seat (tests check it)
        self.record = False
        self.result: Finished | None = None
        self.forced = False  # the hosting player pressed Start
        self.closing = False  # the hosting player left: stop without finishing
        self.announcement: Announcement | None = None  # the table as announced on the LAN
        self.announce_error: str | None = None  # why it could not be announced
        self._announcing: asyncio.Task | None = None
        self._announced: tuple[int, bool] | None = None  # the free seats and play as last announced
        self._updates: set[asyncio.Task] = set()  # announcements of the free seats under way
        self._next_beat = 0.0  # when the heartbeat next goes out
        self.kept_seq = 0  # actions up to the last round's end: the log every client gets at the close
        self.gate = Gate(config.max_per_address, min(config.max_connections, _file_budget()), log)
        self.watchers: list[Watcher] = []
        self.resumed = False  # this host goes on with a match it kept on disk (HostConfig.keep_path)
        self._keeping: hostsave.Writer | None = None  # writes the match to disk after each change
        self._logged: list[dict] = []  # the game's actions as JSON, so far (each converted once)
        self._resumed_at: float | None = None  # a resumed match waits for its people from then
        self.retired_tokens: tuple[str, ...] = ()  # the seats of a kept match set aside (new_match)
        self._rematch = False  # the hosting person offered a rematch (HostConfig.rematch)
        self.matches = 1  # matches played at this table (rematches counted)

    # ------------------------------------------------------------------ the table host's, as said here

    @property
    def game(self) -> Game | None:
        return self.host.game if self.host is not None else None

    @property
    def table(self) -> RealtimeTable | None:
        """The real-time driver: `table.ai` is who AI plays (the people's seats stood in too)."""
        return self.host.table if self.host is not None else None

    @property
    def owing(self) -> dict[int, float]:
        """Person seats that must act, and since when (the table's clock, ms)."""
        return self.host.owing if self.host is not None else {}

    @property
    def chart(self) -> list[list[dict]]:
        return self.host.chart if self.host is not None else []

    @property
    def recorder(self) -> Recorder | None:
        return self.host.recorder if self.host is not None else None

    @property
    def joined(self) -> list[int]:
        return self.host.joined if self.host is not None else []

    @property
    def history_seats(self) -> list[str]:
        return self.host.history_seats if self.host is not None else []

    @property
    def history_started(self) -> str:
        return self.host.history_started if self.host is not None else ""

    def _now_ms(self) -> float:
        """The table's clock: wall time since play began (what the table host is driven by)."""
        return (time.monotonic() - self.play_start) * 1000

    # ------------------------------------------------------------------ lifecycle

    async def start(self) -> None:
        kept: list[str] = []  # what became of a kept match, said after where the table listens
        if self.cfg.keep_path is not None and self.cfg.new_match and self.game is None:
            self.retired_tokens, said = hostsave.retire(Path(self.cfg.keep_path), self.cfg.log_dir)
            kept = [said] if said else []
        elif self.cfg.keep_path is not None and self.game is None:
            kept = self._resume_kept(Path(self.cfg.keep_path))
        self._quiet_accept_errors()
        self.server = await asyncio.start_server(self._client, self.cfg.host, self.cfg.port)
        self.port = self.server.sockets[0].getsockname()[1]
        n = self.cfg.min_people
        waits = f" (waiting for {n} {'person' if n == 1 else 'people'} before dealing)" if n else ""
        self.log(f"hosting {self.cfg.preset} for {self.cfg.players}{waits} on port {self.port}")
        for line in kept:
            self.log(line)

    async def run(self) -> Finished | None:
        if self.server is None:
            await self.start()
        if self.cfg.advertise and self._announcing is None and not self.closing:
            # in the background: claiming the name takes about a second, and the lobby is open meanwhile
            self._announcing = asyncio.create_task(self._announce())
        try:
            for _ in range(MAX_MATCHES):  # bounded: a table is not kept open for ever
                await self._lobby()
                if self.closing:
                    break
                await self._play()
                if self.closing or not self._rematches() or not await self._after_match():
                    break
                await self._new_match()
        finally:
            await self.close()
        return self.result

    def rematch(self) -> None:
        """The hosting person offers a rematch on the match's result (from the host's own loop)."""
        if self.result is not None and self.result.complete:
            self._rematch = True

    def _rematches(self) -> bool:
        """Whether a finished match leaves the table open for a rematch: the desktop's always (its
        hosting person chooses), a headless host's while it has matches to play (HostConfig.matches)."""
        return self.cfg.rematch or self.matches < min(self.cfg.matches, MAX_MATCHES)

    async def _after_match(self) -> bool:
        """The match is over and the table stays open: everyone stays connected (chat, comings and
        goings go on) until the host offers a rematch (True) or closes the table (False). A headless
        host offers it by itself, `rematch_after_s` after the result (the people have read it)."""
        auto = not self.cfg.rematch and self.matches < self.cfg.matches
        offer_at = time.monotonic() + self.cfg.rematch_after_s
        if auto:
            wait = f"{self.cfg.rematch_after_s:g} s"
            self.log(f"match {self.matches} of {self.cfg.matches} over; a rematch at this table in {wait}")
        while not self.closing:
            if self._rematch or (auto and time.monotonic() >= offer_at):
                return True
            await self._heartbeat()
            seat, message = await self._next_message(0.05)
            if message is None:
                continue
            s = self.seats[seat]
            if message == "left":
                self.log(f"seat {seat}: {s.name} left")
                await self._say_event("left", s.name or s.waiting)  # no seat in a rematch for them
                if s.waiting:
                    s.waiting, s.token = "", ""
                await self._broadcast_lobby()
            elif message == "joined" and s.waiting:  # came after the end: a seat in the rematch
                self.log(f"seat {seat}: {s.waiting} joined; takes the seat at the next match")
                await self._broadcast_lobby()
            elif message == "joined":
                await self._send(s, self.result)  # back after the end: the result, as the others saw
            elif isinstance(message, Chat):
                await self._chat(s, message)
            elif isinstance(message, Act):
                await self._send(s, Refused(message.action, "the match is over"))
        return False

    async def _new_match(self) -> None:
        """A rematch at the same table: the people still here keep their seats and tokens (not ready
        until they say so); AI seats and seats whose people left are open again; the next match is
        dealt as the first was, once the people waited for are here and ready."""
        self._rematch, self.forced = False, False
        self.host = self.result = None
        self.started.clear()
        self.cfg.seed = fresh_seed()  # another deal, not the same match again
        self.rounds_done = self.kept_seq = 0
        self._logged = []
        self.resumed, self.retired_tokens, self._resumed_at = False, (), None
        self.matches += 1
        for s in self.seats:
            if s.waiting and s.connected:  # a late guest still waiting: its seat is its own now
                s.kind, s.name = "person", s.waiting
            if not (s.kind == "person" and s.connected):
                s.kind, s.name, s.token = "open", "", ""
            s.ready, s.away, s.stood_in, s.waiting, s.timeouts, s.idle = False, False, False, "", 0, False
        self.last_join = time.monotonic()
        people = ", ".join(s.name for s in self.seats if s.kind == "person") or "nobody"
        self.log(f"rematch: a new match at this table for {people}")
        await self._broadcast_lobby(rematch=True)

    def _quiet_accept_errors(self) -> None:
        """Out of file descriptors, asyncio's accept loop reports every failed accept with a traceback
        (under a flood of connections: hundreds of thousands of them). Say it once a minute, in a
        sentence, and let asyncio retry as it does; anything else goes to the handler there was."""
        loop = asyncio.get_running_loop()
        before = loop.get_exception_handler()
        said = [float("-inf")]

        def handler(loop: asyncio.AbstractEventLoop, context: dict) -> None:
            closed = self.server is None or not self.server.is_serving()
            if closed and "_start_serving" in repr(context.get("handle")):
                return  # asyncio's accept retry, due after the table closed its socket: nothing to do
            if context.get("message") == "socket.accept() out of system resource":
                now = time.monotonic()
                if now - said[0] >= RESOURCE_LOG_S:
                    said[0] = now
                    exc = context.get("exception")
                    why = getattr(exc, "strerror", None) or exc
                    self.log(f"cannot accept connections ({why}): new ones wait until some close")
                return
            if before is not None:
                before(loop, context)
            else:
                loop.default_exception_handler(context)

        loop.set_exception_handler(handler)

    async def close(self) -> None:
        self._stop_keeping()  # closed on purpose: there is nothing to resume
        if self.game is not None and self.result is None:  # closed mid-match: keep what was played
            with contextlib.suppress(Exception):
                await self._finish(complete=False)
                self.log(
                    f"the table closed before the match's end; standings so far: {self._standings_text()}"
                )
        await self._say_goodbye([s.writer for s in self.seats] + [w.writer for w in self.watchers])
        for s in self.seats:
            s.writer = None
        self.watchers = []
        if self.server is not None:
            self.server.close()
            with contextlib.suppress(Exception):
                await self.server.wait_closed()
        await self._withdraw()
        # the handler stays: an accept retry asyncio scheduled before the close may still fall due

    @staticmethod
    async def _say_goodbye(writers: list) -> None:
        """Tell every connection the table closed, then close them. The goodbye goes first with the
        write side shut (FIN after it), and the connections close only once their peers had a moment
        to read it: a socket closed while its peer's last words lie unread is reset, and a reset can
        take the goodbye with it (a guest would take the close for a lost connection and come back)."""
        open_ = [w for w in writers if w is not None]
        for writer in open_:
            with contextlib.suppress(Exception):
                writer.write(encode(Bye(CLOSED)))
                if writer.can_write_eof():
                    writer.write_eof()
        if open_:
            await asyncio.sleep(GOODBYE_S)
        for writer in open_:
            with contextlib.suppress(Exception):
                writer.close()

    async def _announce(self) -> None:
        bound = self.cfg.host not in ("", "0.0.0.0", "::")
        where = self.cfg.announce_on or ((self.cfg.host,) if bound else None)
        try:
            free, playing = self.free_seats(), self.started.is_set()
            self.announcement = await advertise(
                self.port,
                self.cfg.preset,
                self.cfg.players,
                f"Dobon {self.cfg.preset}",
                where,
                host_name=self.cfg.host_name or socket.gethostname().split(".")[0],
                free=free,
                playing=playing,
            )
            self._announced = (free, playing)
            self._announce_seats()  # a seat taken while the name was claimed (the hosting person's own)
        except Exception as exc:  # no multicast here: joining by address still works
            self.announce_error = describe(exc)
            self.log(f"(not announced on the LAN: {self.announce_error})")
            return
        at = ", ".join(f"{a}:{self.port}" for a in self.announcement.addresses)
        self.log(f"announced on the LAN as {self.announcement.name!r} at {at}")

    async def _withdraw(self) -> None:
        """Take the table off the LAN (idempotent: both the lobby's Leave and the end of `run` close)."""
        for update in list(self._updates):  # a late "seats free" must not follow the goodbye
            update.cancel()
        task, self._announcing = self._announcing, None
        if task is not None and not task.done():
            task.cancel()  # still claiming the name: advertise closes its sockets
            await asyncio.wait([task], timeout=3)
        announcement, self.announcement = self.announcement, None
        if announcement is not None:
            try:
                async with asyncio.timeout(3):
                    await announcement.withdraw()
            except Exception as exc:
                self.log(f"(could not withdraw the LAN announcement: {describe(exc)})")

    # ------------------------------------------------------------------ clients

    async def _client(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        peer = writer.get_extra_info("peername")
        address = str(peer[0]) if peer else "?"
        if not self.gate.admit(address):
            writer.transport.abort()  # at once: its file descriptor is what a flood would exhaust
            return
        try:
            await self._serve(reader, writer)
        finally:
            self.gate.release(address)

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        seat: SeatState | None = None
        try:
            hello = await read_message(reader, HELLO_TIMEOUT)
            if not isinstance(hello, Hello):
                await self._send_raw(writer, Error("handshake", "say hello first"))
                return
            if hello.version != PROTOCOL_VERSION:
                await self._send_raw(
                    writer,
                    Error(
                        "version",
                        f"this table speaks protocol {PROTOCOL_VERSION}, your game {hello.version}: "
                        "update both to the same version",
                    ),
                )
                return
            if hello.watch:
                await self._watch(hello, reader, writer)
                return
            twin = self._seated_as(hello)
            if twin is not None:
                await self._send_raw(
                    writer, Error("name", f"{twin} already has a seat at this table: " + TWIN)
                )
                return
            seat = self._seat_for(hello)
            if seat is None:
                why = (
                    "this table keeps no seat for that token"
                    if hello.token and self.started.is_set()
                    else "every seat is taken by a person; no seat for you"
                )
                await self._send_raw(writer, Error("full", why))
                return
            welcome = self._welcome(seat, new_match=self._retired(hello.token))
            await self._send_raw(writer, welcome)  # before anything else reaches this client
            seat.writer, seat.heard, seat.away = writer, time.monotonic(), False
            await self.queue.put((seat.seat, "joined"))
            while True:
                message = await read_message(reader)
                if seat.writer is not writer:
                    break  # this connection no longer holds the seat (it was dropped)
                if not await self._heard(seat, message):
                    continue
                if not self._rate_ok(seat):
                    if seat.sent > FLOOD_DISCONNECT:
                        self.log(f"seat {seat.seat} flooded the table and was cut off")
                        break
                    await self._send(seat, Error("flood", "too many messages; slow down"))
                    continue
                await self.queue.put((seat.seat, message))
        except ProtocolError as exc:
            if seat is not None:
                seat.bad += 1
                await self._send(seat, Error(exc.code, str(exc)))
                if seat.bad < MAX_BAD and exc.code not in ("too-large", "timeout"):
                    return await self._resume(seat, reader, writer)
            else:
                await self._send_raw(writer, Error(exc.code, str(exc)))
        except (ConnectionError, TimeoutError, OSError):
            pass
        except asyncio.CancelledError:
            pass  # the table is closing
        finally:
            if seat is not None and seat.writer is writer:
                seat.writer = None
                await self.queue.put((seat.seat, "left"))
            with contextlib.suppress(Exception):
                writer.close()

    async def _resume(self, seat: SeatState, reader, writer) -> None:
        """Keep reading after a malformed message (it was refused; the stream is still in step)."""
        try:
            while True:
                try:
                    message = await read_message(reader)
                    if seat.writer is not writer:
                        return  # this connection no longer holds the seat (it was dropped)
                    if not await self._heard(seat, message):
                        continue
                except ProtocolError as exc:
                    seat.bad += 1
                    await self._send(seat, Error(exc.code, str(exc)))
                    if seat.bad >= MAX_BAD or exc.code in ("too-large", "timeout"):
                        return
                    continue
                if not self._rate_ok(seat):
                    if seat.sent > FLOOD_DISCONNECT:
                        return
                    continue
                await self.queue.put((seat.seat, message))
        except (ConnectionError, TimeoutError, OSError, asyncio.CancelledError):
            return
        finally:
            if seat.writer is writer:
                seat.writer = None
                await self.queue.put((seat.seat, "left"))

    async def _heard(self, seat: SeatState, message: object) -> bool:
        """Note that the seat's connection is alive; False for a heartbeat (nothing more to do)."""
        seat.heard = time.monotonic()
        if seat.away:
            seat.away = False
            await self.queue.put((seat.seat, "back"))
        return not isinstance(message, Ping)

    async def _heartbeat(self) -> None:
        """Once a second: a Ping to every connection, and the seats that have gone silent marked away,
        handed to AI, or dropped (HostConfig.away_s, away_ai_s, drop_s)."""
        now = time.monotonic()
        if now < self._next_beat:
            return
        self._next_beat = now + HEARTBEAT_S
        changed = False
        for s in self.seats:
            if s.writer is None:
                continue
            await self._send(s, Ping())
            silent = now - s.heard
            if silent >= self.cfg.drop_s:
                self.log(f"seat {s.seat}: {s.name} silent {silent:.0f} s; connection closed")
                self._drop(s)
                continue
            if not s.away and silent >= self.cfg.away_s:
                s.away, changed = True, True
                self.log(f"seat {s.seat}: {s.name} is away (silent {silent:.0f} s)")
            late = silent >= self.cfg.away_s + self.cfg.away_ai_s
            if s.away and late and self._stand_in(s):
                self.log(f"seat {s.seat}: AI plays for {s.name} while they are away")
        for w in list(self.watchers):
            await self._send_watcher(w, Ping())
            if now - w.heard >= self.cfg.drop_s:
                self._drop_watcher(w)
        if changed:
            await self._broadcast_lobby()

    def _drop(self, seat: SeatState) -> None:
        writer, seat.writer = seat.writer, None
        if writer is not None:
            with contextlib.suppress(Exception):
                writer.close()
            self.queue.put_nowait((seat.seat, "left"))

    def _late_seat(self, name: str) -> SeatState | None:
        """A guest who arrives after the deal takes a seat AI has played from the start (never one a
        dropped person may come back to) at the next round; until then it watches the round in play
        (the public side of every update, as a watcher)."""
        for s in self.seats:
            if s.kind == "ai" and not s.waiting:
                s.waiting, s.token, s.ready = name, secrets.token_hex(16), True
                return s
        return None

    def _seat_late_guests(self) -> None:
        """Between rounds: each late guest still here takes its seat from the AI."""
        assert self.table is not None
        for s in self.seats:
            if not s.waiting:
                continue
            if s.connected:
                s.kind, s.name, s.stood_in = "person", s.waiting, False
                self.table.ai.pop(s.seat, None)
                self.history_seats[s.seat] = HUMAN  # a person from this round on: the rounds before were AI's
                self.joined[s.seat] = self.game.totals.rounds if self.game is not None else 0
                self.log(f"seat {s.seat}: {s.name} takes the seat from the AI")
            else:
                s.token = ""
            s.waiting = ""

    def _replace(self, seat: SeatState) -> None:
        """A comeback with this seat's token while the host still holds a connection for it (the
        old one went silent without TCP telling us: a pulled cable, a closed lid, a roamed Wi-Fi):
        the token proves the seat, so the new connection takes over and the old one is closed. No
        "left" is queued: the seat never becomes free."""
        old, seat.writer = seat.writer, None
        if old is not None:
            self.log(f"seat {seat.seat}: {seat.name} came back on a new connection; the old one is closed")
            with contextlib.suppress(Exception):
                old.close()

    def _retired(self, token: str | None) -> bool:
        """A token of the kept match this table set aside for a new one (HostConfig.new_match)."""
        return bool(token) and any(secrets.compare_digest(token, t) for t in self.retired_tokens)

    def _welcome(self, seat: SeatState, new_match: bool = False) -> Welcome:
        rules = self.rules
        return Welcome(
            seat.seat,
            seat.token,
            rules.preset,
            rules.players,
            _jsonable(rules.options()),
            self.cfg.rounds,
            self.cfg.turn_limit_s,
            PROTOCOL_VERSION,
            self.resumed,
            new_match,
        )

    def _rate_ok(self, seat: SeatState) -> bool:
        now = time.monotonic()
        if now - seat.second >= 1.0:
            seat.second, seat.sent = now, 0
        seat.sent += 1
        return seat.sent <= FLOOD_PER_SECOND

    def _seated_as(self, hello: Hello) -> str | None:
        """The name a hello without its seat's token asks for, if a person already sits under it (or
        takes a seat at the next round): one person is never seated twice (a second start of the
        same `join` without the token would be a second player of the same name)."""
        if hello.token and any(s.token and secrets.compare_digest(s.token, hello.token) for s in self.seats):
            return None
        wanted = (hello.name or "").strip().casefold()
        for s in self.seats:
            for name in (s.name if s.kind == "person" else "", s.waiting):
                if name and name.strip().casefold() == wanted:
                    return name
        return None

    def _seat_for(self, hello: Hello) -> SeatState | None:
        """The seat a hello may take: its own with its token, else an open one before the start."""
        if hello.token:
            for s in self.seats:
                if s.token and secrets.compare_digest(s.token, hello.token):
                    self._replace(s)
                    return s
            if self.started.is_set() and not self._retired(hello.token):
                return None  # a claim to a seat this table never gave (or gave up): join afresh
            # in the lobby the seat it named was given up (its player left): take a fresh one
        name = (hello.name or "Guest")[:24]
        if self.started.is_set():
            return self._late_seat(name)
        for s in self.seats:
            if s.kind == "open":
                s.kind = "person"
                s.name = (hello.name or f"Player {s.seat + 1}")[:24]
                s.token = secrets.token_hex(16)
                self.last_join = time.monotonic()
                return s
        return None

    async def _send_raw(self, writer: asyncio.StreamWriter, message) -> None:
        with contextlib.suppress(Exception):
            writer.write(encode(message))
            await writer.drain()

    async def _send(self, seat: SeatState, message) -> None:
        writer = seat.writer
        if writer is None:
            return
        frame = encode(message)
        if self.record and not isinstance(message, Ping):
            self.sent_log.setdefault(seat.seat, []).append(frame)
        try:
            # never wait for this client to read: one silent connection must not hold up the table
            writer.write(frame)
            backlog = writer.transport.get_write_buffer_size()
        except (ConnectionError, OSError, RuntimeError, AttributeError):
            backlog = SEND_BACKLOG + 1
        if backlog > SEND_BACKLOG or writer.is_closing():
            if backlog > SEND_BACKLOG:
                self.log(f"seat {seat.seat}: {seat.name} is not reading; connection closed")
            self._drop(seat)

    # ------------------------------------------------------------------ watchers

    async def _watch(self, hello: Hello, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        """Someone watching: the lobby, the public side of every update, the chat (they may chat too)."""
        if len(self.watchers) >= MAX_WATCHERS:
            await self._send_raw(writer, Error("full", f"this table takes {MAX_WATCHERS} watchers at most"))
            return
        rules = self.rules
        welcome = Welcome(
            rules.players,
            "",
            rules.preset,
            rules.players,
            _jsonable(rules.options()),
            self.cfg.rounds,
            self.cfg.turn_limit_s,
            PROTOCOL_VERSION,
            self.resumed,
            bool(self.retired_tokens),  # said only to a watcher coming back
        )
        await self._send_raw(writer, welcome)
        w = Watcher((hello.name or "Watcher")[:24], writer, time.monotonic())
        self.watchers.append(w)
        self.log(f"{w.name} is watching")
        await self._say_event("watching", w.name)
        await self._broadcast_lobby()
        if self.game is not None:
            await self._send_watcher_update(w)
        try:
            while w in self.watchers:
                message = await read_message(reader)
                w.heard = time.monotonic()
                if isinstance(message, Ping):
                    continue
                now = time.monotonic()
                if now - w.second >= 1.0:
                    w.second, w.sent = now, 0
                w.sent += 1
                if w.sent > FLOOD_DISCONNECT:
                    break
                if w.sent > FLOOD_PER_SECOND:
                    continue
                if isinstance(message, Chat):
                    await self._say(f"{w.name} (watching)", message.text)
                else:
                    await self._send_watcher(w, Error("watching", "a watcher may chat, nothing more"))
        except (ProtocolError, ConnectionError, TimeoutError, OSError, asyncio.CancelledError):
            pass
        finally:
            if w in self.watchers:
                self._drop_watcher(w)
                with contextlib.suppress(Exception):
                    await self._broadcast_lobby()

    def _drop_watcher(self, w: Watcher) -> None:
        if w in self.watchers:
            self.watchers.remove(w)
            self.log(f"{w.name} stopped watching")
        with contextlib.suppress(Exception):
            w.writer.close()

    async def _send_watcher(self, w: Watcher, message) -> None:
        frame = encode(message)
        if self.record and not isinstance(message, Ping):
            self.sent_log.setdefault(self.cfg.players, []).append(frame)  # a watcher's seat: players
        try:
            w.writer.write(frame)
            backlog = w.writer.transport.get_write_buffer_size()
        except (ConnectionError, OSError, RuntimeError, AttributeError):
            backlog = SEND_BACKLOG + 1
        if backlog > SEND_BACKLOG or w.writer.is_closing():
            self._drop_watcher(w)

    async def _send_watcher_update(self, w: Watcher) -> None:
        """The table as it stands, to a watcher who comes while it is played."""
        assert self.host is not None
        await self._send_watcher(w, Update.of(self.host.public_update([], self._now_ms())))

    # ------------------------------------------------------------------ lobby

    def lobby(self) -> Lobby:
        return Lobby(
            [
                SeatInfo(s.seat, s.name, s.kind, s.ready, s.connected, s.shown_away, s.waiting)
                for s in self.seats
            ],
            self.started.is_set(),
            self.cfg.min_people,
            [w.name for w in self.watchers],
            self.cfg.turn_limit_s,
            match_started=self.history_started if self.started.is_set() else "",
            ai=self.cfg.ai,
        )

    def free_seats(self) -> int:
        """Seats a person who comes now may take: open ones in the lobby; once play has begun, the AI
        seats no late guest has claimed (taken at the next round)."""
        if self.started.is_set():
            return sum(1 for s in self.seats if s.kind == "ai" and not s.waiting)
        return sum(1 for s in self.seats if s.kind == "open")

    def _announce_seats(self) -> None:
        """Say the free seats on the LAN again when they changed (in the background: never waited on)."""
        announcement = self.announcement
        now = (self.free_seats(), self.started.is_set())
        if announcement is None or now == self._announced:
            return
        self._announced = now

        async def update() -> None:
            with contextlib.suppress(Exception):  # best effort, like the announcement itself
                await announcement.update(*now)

        task = asyncio.get_running_loop().create_task(update())
        self._updates.add(task)
        task.add_done_callback(self._updates.discard)

    def people_missing(self) -> int:
        """How many more people the host waits for before it deals."""
        return max(0, self.cfg.min_people - sum(1 for s in self.seats if s.kind == "person"))

    async def _broadcast_lobby(self, rematch: bool = False) -> None:
        if self.started.is_set():
            self._note_change()  # who sits where (a late guest seated, a token given) is kept too
        self._announce_seats()
        lobby = self.lobby()
        lobby.rematch = rematch
        for s in self.seats:
            await self._send(s, lobby)
        for w in list(self.watchers):
            await self._send_watcher(w, lobby)

    def force_start(self) -> None:
        """Start now (the hosting player's Start button): empty seats get AI."""
        self.forced = True

    def ready_to_start(self) -> bool:
        if self.forced:
            return True
        people = [s for s in self.seats if s.kind == "person"]
        if len(people) < self.cfg.min_people or not all(s.ready for s in people):
            return False
        if all(s.kind != "open" for s in self.seats):
            return True
        return time.monotonic() - self.last_join >= self.cfg.lobby_seconds

    async def _next_message(self, seconds: float) -> tuple[int, object]:
        """The next message from a seat, or (-1, None) after `seconds`.

        asyncio.timeout, not wait_for: on Python 3.11, wait_for returns the message when a cancellation
        (Ctrl+C, the lobby's Leave) arrives just as it is ready, and the cancellation is lost."""
        try:
            async with asyncio.timeout(seconds):
                return await self.queue.get()
        except TimeoutError:
            return -1, None

    async def _tick_messages(self, seconds: float, gather: float = 0.0) -> list[tuple[int, object]]:
        """One tick's messages: the next one (waiting up to `seconds`) and every one already queued with
        it, and, when any of them is an action and `gather` > 0, every one that arrives within `gather`
        seconds (the preset's simultaneity, Rulebook.simultaneity_ms). Actions among them reached the
        table at the same moment (Game.apply_together). The gather is the same whoever acts, whatever
        they hold and whether or not the action stands (a refusal goes out after it too), so the time a
        reply takes tells nothing about a hand."""
        first = await self._next_message(seconds)
        if first[1] is None:
            return []
        batch = [first]
        while not self.queue.empty():
            batch.append(self.queue.get_nowait())
        if gather > 0 and any(isinstance(message, Act) for _, message in batch):
            loop = asyncio.get_running_loop()
            until = loop.time() + gather
            for _ in range(1000):  # bounded: a flood of messages cannot hold the tick open
                left = until - loop.time()
                if left <= 0:
                    break
                seat, message = await self._next_message(left)
                if message is None:
                    break
                batch.append((seat, message))
        while not self.queue.empty():
            batch.append(self.queue.get_nowait())
        return batch

    async def _lobby(self) -> None:
        while not self.started.is_set() and not self.closing:
            await self._heartbeat()
            seat, message = await self._next_message(0.05)
            if message is not None:
                await self._lobby_message(seat, message)
            if self.ready_to_start():
                self._begin()

    async def _lobby_message(self, seat: int, message) -> None:
        s = self.seats[seat]
        if message == "joined":
            self.log(f"seat {seat}: {s.name} joined")
            await self._say_event("joined", s.name)
            missing = self.people_missing()
            if missing:
                self.log(f"waiting for {missing} more {'person' if missing == 1 else 'people'}")
            await self._broadcast_lobby()
        elif message == "back":
            await self._broadcast_lobby()
        elif message == "left":
            self.log(f"seat {seat}: {s.name} left")
            await self._say_event("left", s.name)
            s.kind, s.name, s.token, s.ready = "open", "", "", False
            await self._broadcast_lobby()
        elif isinstance(message, Ready):
            s.ready = message.ready
            await self._broadcast_lobby()
        elif isinstance(message, Chat):
            await self._chat(s, message)
        elif isinstance(message, Act):
            await self._send(s, Refused.of(message.action, NOT_STARTED()))
        else:
            await self._send(s, Error("unexpected", f"{type(message).__name__} is not for the host"))

    async def _chat(self, s: SeatState, message: Chat) -> None:
        await self._say(s.name or f"seat {s.seat}", message.text)

    async def _say_event(self, event: str, name: str) -> None:
        """Who came or went, as a chat line every table words in its own language (Chat.event)."""
        for other in self.seats:
            await self._send(other, Chat(name, "", event))
        for w in list(self.watchers):
            await self._send_watcher(w, Chat(name, "", event))

    async def _say(self, sender: str, text: str) -> None:
        """A chat line to every seat and every watcher."""
        text = text.strip()[:200]
        if text:
            for other in self.seats:
                await self._send(other, Chat(text, sender))
            for w in list(self.watchers):
                await self._send_watcher(w, Chat(text, sender))

    def _begin(self) -> None:
        for s in self.seats:
            if s.kind == "open":
                s.kind = "ai"
                s.name = f"AI {s.seat + 1}"
        game = Game(self.rules, self.cfg.seed)
        game.forget_rounds = True  # a table may play on for hours: only the round in play's events
        ai = {s.seat: make_seat(self.cfg.ai, self.cfg.seed, s.seat) for s in self.seats if s.kind == "ai"}
        self.host = self._table_host(game, ai)
        self.host.history_started = now_stamp()
        if self.cfg.keep_history:
            self.host.keep_history(self.cfg.history_me, lan=True, folder=self.cfg.history_folder)
        self.started.set()
        self.log("match started: " + ", ".join(f"{s.seat}:{s.name}" for s in self.seats))

    def _table_host(self, game: Game, ai: dict) -> TableHost:
        """The game side of this table (game.table_host), its history naming each seat as it sits."""
        cfg = self.cfg
        host = TableHost(
            game,
            ai,
            cfg.timing,
            names=self.names,
            ai_level=cfg.ai,
            seed=cfg.seed,
            turn_limit_ms=cfg.turn_limit_s * 1000,
        )
        host.history_seats = [HUMAN if s.kind == "person" else cfg.ai for s in self.seats]
        return host

    # ------------------------------------------------------------------ a match kept on disk

    def _resume_kept(self, path: Path) -> list[str]:
        """Go on with the match kept at `path` if it is this table's (a host that crashed and was
        started again); a damaged one, or another table's, is set aside. Returns what to say of it."""
        try:
            found = hostsave.load(path)
        except hostsave.Damaged as exc:
            return [str(exc)]
        if found is None:
            return []
        kept, game = found
        if (kept.preset, kept.players) != (self.cfg.preset, self.cfg.players):
            aside = safejson.set_aside(path, ".old")
            return [
                f"the kept LAN match is of {kept.preset} for {kept.players}, not this table; it was set aside"
                f" as {aside} and a new match starts"
            ]
        game.forget_rounds = True
        cfg = self.cfg
        cfg.seed, cfg.rounds, cfg.ai, cfg.turn_limit_s = kept.seed, kept.rounds, kept.ai, kept.turn_limit_s
        cfg.history_me = kept.me
        self.rules = game.rules
        for s, name, kind, token in zip(self.seats, kept.names, kept.kinds, kept.tokens, strict=True):
            s.name, s.kind, s.token, s.ready = name, kind, token, True
        ai = {s.seat: make_seat(cfg.ai, cfg.seed, s.seat) for s in self.seats if s.kind == "ai"}
        host = self.host = self._table_host(game, ai)
        if kept.match_elapsed_ms is not None:
            host.table.carry_match_clock(kept.match_elapsed_ms)
        host.history_started = kept.history_started or now_stamp()
        host.joined = list(kept.joined) or [0] * len(self.seats)
        for s in self.seats:
            self._stand_in(s)  # AI plays each person's seat until they come back with their token
        if cfg.keep_history:
            host.keep_history(cfg.history_me, lan=True, folder=cfg.history_folder)
        self.kept_seq, self.rounds_done = kept.kept_seq, game.totals.rounds
        host.deal_seq = host.window_seq = len(game.actions)  # an action decided before the crash is stale
        self.resumed = True
        self.started.set()
        waiting = ", ".join(s.name for s in self.seats if s.kind == "person") or "nobody"
        return [
            f"resumed the kept match at round {self.rounds_done + 1} ({len(game.actions)} actions);"
            f" AI plays for {waiting} until they come back"
        ]

    def _holding(self) -> bool:
        """A resumed match waits for its people to come back (RESUME_GRACE_S at most) before it goes on."""
        if self._resumed_at is None:
            return False
        people = [s for s in self.seats if s.kind == "person"]
        if all(s.connected for s in people) or time.monotonic() - self._resumed_at >= RESUME_GRACE_S:
            self._resumed_at = None
            self.log("the match goes on")
            return False
        return True

    def _note_change(self) -> None:
        """The match changed: keep it on disk (soon, on a worker thread: the table never waits)."""
        if self.cfg.keep_path is None or self.game is None or self.result is not None:
            return
        if self._keeping is None:
            self._keeping = hostsave.Writer(Path(self.cfg.keep_path), self._kept_match, self.log)
        self._keeping.changed()

    def _kept_match(self) -> hostsave.KeptMatch:
        game, table = self.game, self.table
        assert game is not None and table is not None
        self._logged.extend(a.to_json() for a in game.actions[len(self._logged) :])
        elapsed = table.match_elapsed_ms(self._now_ms())
        return hostsave.KeptMatch(
            game.rules.preset,
            game.n,
            _jsonable(game.rules.options()),
            self.cfg.seed,
            self.cfg.rounds,
            self.cfg.ai,
            self.cfg.turn_limit_s,
            self.names(),
            ["person" if s.kind == "person" else "ai" for s in self.seats],
            [s.token if s.kind == "person" else "" for s in self.seats],
            list(self._logged),
            self.kept_seq,
            self.history_started,
            elapsed,
            self.port,
            self.cfg.history_me,
            list(self.joined),
        )

    def _stop_keeping(self) -> None:
        """The match is over or the table closed on purpose: the kept match goes (only a crash leaves
        one behind)."""
        writer, self._keeping = self._keeping, None
        if writer is not None:
            writer.stop()
        if self.cfg.keep_path is not None and self.started.is_set():
            hostsave.forget(Path(self.cfg.keep_path))

    # ------------------------------------------------------------------ play

    def names(self) -> list[str]:
        return [s.name for s in self.seats]

    async def _play(self) -> None:
        host = self.host
        assert host is not None
        game = host.game
        await self._broadcast_lobby()
        start = self.play_start = time.monotonic()  # the table host's clock counts from here
        await self._broadcast(host.opening())
        self._resumed_at = start if self.resumed else None
        pause_until = 0.0
        while self.result is None and not self.closing:
            await self._heartbeat()
            acts: list[tuple[SeatState, Act]] = []
            gather = game.book.simultaneity_ms(game) / 1000
            for seat, message in await self._tick_messages(0.02, gather):
                if isinstance(message, Act):
                    acts.append((self.seats[seat], message))
                    await self._present(self.seats[seat])
                else:
                    await self._table_message(seat, message)
            if acts:
                await self._act_together(acts)
            if self._holding():
                continue
            now = (time.monotonic() - start) * 1000
            if game.phase in (Phase.ROUND_OVER, Phase.MATCH_OVER):
                if pause_until == 0.0:
                    pause_until = now + self.cfg.round_pause * 1000
                    self._keep(game)  # the round has ended: keep it at once
                    # a full collection between rounds (the results show; nobody acts): a table that
                    # runs for hours rarely triggers one itself, and only a full one hands CPython's
                    # free lists back (they fill with tuples of every size otherwise: docs/engine.md)
                    gc.collect()
                elif now >= pause_until:
                    pause_until = 0.0
                    await self._next_round()
                continue
            events = host.run_due(now)
            if events:
                await self._broadcast(events)
            await self._call_time()

    async def _next_round(self) -> None:
        game = self.game
        assert game is not None
        self.rounds_done = game.totals.rounds
        if self.rounds_done >= self.cfg.rounds or game.phase is Phase.MATCH_OVER:
            await self._finish(complete=True)
            self.log(f"match finished after {self.rounds_done} round(s): {self._standings_text()}")
            return
        self._seat_late_guests()
        assert self.host is not None
        events = self.host.next_round()
        await self._broadcast_lobby()
        await self._broadcast(events)

    def _keep(self, game: Game) -> None:
        """Save the game in the history; a disk that refuses is reported, and the table plays on."""
        self.kept_seq = len(game.actions)  # what a guest may keep if the table closes before the end
        self._note_change()  # ... and what a new match keeps of this one after a crash
        self._record(game)

    def _record(self, game: Game) -> None:
        """Write the history record as the table stands: who sits where now (a late guest's name, the
        rounds before it sat) and whether the match is over."""
        if self.host is None:
            return
        try:
            path = self.host.record(ended=self.result is not None and self.result.complete)
        except OSError as exc:
            self.log(f"could not keep the game in the history: {exc}")
            return
        if path is not None:
            self.log(f"kept in the history: {path}")

    async def _finish(self, complete: bool) -> None:
        """The match's result (or, `complete` False, the standings so far) to everyone, and its log
        kept (HostConfig.log_dir) so that it can be replayed (main.py replay)."""
        game = self.game
        assert game is not None
        ranks = list(game.book.ranks(game))
        standings = [score.to_json() for score in game.standings()]
        self.result = Finished(list(game.scores), ranks, self.names(), standings, complete)
        self._stop_keeping()
        if complete and self.kept_seq == len(game.actions):
            self._record(game)  # the last round ended the match: counted as a finished match
        await self._send_log()
        for s in self.seats:
            await self._send(s, self.result)
        for w in list(self.watchers):
            await self._send_watcher(w, self.result)
        self._save_log()

    async def _send_log(self) -> None:
        """The match is over: every client gets its log (net.keeping), up to the last round finished,
        to keep in its own history. Only now: it tells every hand."""
        assert self.game is not None
        ended = self.result is not None and self.result.complete and self.kept_seq == len(self.game.actions)
        parts = log_parts(
            self.game,
            self.kept_seq,
            self.history_seats,
            self.names(),
            started=self.history_started,
            joined=self.joined,
            ended=ended,
        )
        for part in parts:
            for s in self.seats:
                await self._send(s, part)
            for w in list(self.watchers):
                await self._send_watcher(w, part)

    def _standings_text(self) -> str:
        assert self.result is not None
        ranks, scores = self.result.ranks, self.result.scores
        order = sorted(range(len(ranks)), key=lambda i: (ranks[i], i))
        return ", ".join(f"{ranks[i]}. {self.seats[i].name} {scores[i]}" for i in order)

    def _save_log(self) -> None:
        """Write the match's action log (game.headless format) into HostConfig.log_dir, if one is set."""
        game = self.game
        if self.cfg.log_dir is None or game is None:
            return
        stamp = time.strftime("%Y%m%d-%H%M%S")
        path = Path(self.cfg.log_dir) / f"lan-{game.rules.preset}-{stamp}-{self.cfg.seed}.log"
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            write_log(path, game, self.names())
        except OSError as exc:
            self.log(f"could not save the match log to {path}: {exc.strerror or exc}")
            return
        self.log(f"match log saved to {path}")

    async def _table_message(self, seat: int, message) -> None:
        game, table = self.game, self.table
        assert game is not None and table is not None
        s = self.seats[seat]
        if s.waiting:  # a late guest, seated at the next round: until then it watches
            await self._late_message(s, message)
            return
        if message == "joined":  # a person came back with their token
            table.ai.pop(seat, None)
            s.kind, s.stood_in, s.idle, s.timeouts = "person", False, False, 0
            self.log(f"seat {seat}: {s.name} is back")
            await self._send_update(s, [], comeback=True)
            await self._broadcast_lobby()
        elif message == "back":  # heard again after a silence: the seat is theirs again (unless idle)
            if s.stood_in and not s.idle:
                s.stood_in = False
                table.ai.pop(seat, None)
                self.log(f"seat {seat}: {s.name} is back")
                await self._send_update(s, [])  # (its connection stayed: what was sent, it has)
            await self._broadcast_lobby()
        elif message == "left":
            s.away = False
            if s.kind == "person":
                self._stand_in(s)
                self.log(f"seat {seat}: {s.name} dropped; AI plays until they return")
                await self._broadcast_lobby()
        elif isinstance(message, Act):
            await self._act_together([(s, message)])
        elif isinstance(message, Chat):
            await self._chat(s, message)
        elif isinstance(message, Ready):
            await self._present(s)  # "I'm back" from a seat AI played while its person was idle
        else:
            await self._send(s, Error("unexpected", f"{type(message).__name__} is not for the host"))

    async def _present(self, s: SeatState) -> None:
        """The person at this seat acted: their time-outs in a row count from nothing again, and a seat
        AI played because they were idle is theirs again (a silent seat comes back by being heard)."""
        s.timeouts = 0
        if not s.stood_in:
            s.away_from = -1  # here and acting: nothing was missed
        if not s.idle:
            return
        s.idle = False
        if s.stood_in and not s.away and self.table is not None:
            s.stood_in = False
            self.table.ai.pop(s.seat, None)
        self.log(f"seat {s.seat}: {s.name} is back")
        await self._send_update(s, [])
        await self._broadcast_lobby()

    def _stand_in(self, s: SeatState) -> bool:
        """AI plays this person's seat until they come back (False: it does already, or no match)."""
        if s.kind != "person" or s.stood_in or self.table is None:
            return False
        s.stood_in = True
        if s.away_from < 0 and self.game is not None:
            s.away_from = self.game.event_count
        self.table.ai[s.seat] = make_seat(self.cfg.ai, self.cfg.seed, s.seat)
        return True

    async def _late_message(self, s: SeatState, message) -> None:
        if message == "joined":
            self.log(f"seat {s.seat}: {s.waiting} joined late; takes the seat from the AI at the next round")
            await self._broadcast_lobby()
            await self._send_update(s, [])  # the round in play as it stands, as a watcher sees it
        elif message == "left":
            self.log(f"seat {s.seat}: {s.waiting} left before taking the seat")
            s.waiting, s.token = "", ""
            await self._broadcast_lobby()
        elif isinstance(message, Act):
            await self._send(s, Refused.of(message.action, NEXT_ROUND()))
        elif isinstance(message, Chat):
            await self._chat(s, message)

    async def _checked(self, s: SeatState, message: Act) -> Action | None:
        """The action a seat sent, or None (and the seat told why) if it is not its own or is stale
        (TableHost.check)."""
        assert self.host is not None
        checked: Checked = self.host.check(s.seat, message.action, message.seq)
        if checked.refused is not None:
            await self._send(s, Refused.of(message.action, checked.refused))
            if checked.resync:
                await self._send_update(s, [])
        return checked.action

    async def _act_together(self, acts: list[tuple[SeatState, Act]]) -> None:
        """Apply the actions that arrived in one tick, in the preset's order of precedence (the table
        host's simultaneity tick); a seat whose action was overtaken (or was never legal) is told why."""
        assert self.host is not None
        sent: list[tuple[SeatState, Act]] = []
        actions: list[Action] = []
        for s, message in acts:
            action = await self._checked(s, message)
            if action is not None:
                sent.append((s, message))
                actions.append(action)
        applied = self.host.act_together(actions)
        for index, _action, why in applied.refused:
            s, message = sent[index]
            await self._send(s, Refused.of(message.action, why))
        if applied.events:
            await self._broadcast(applied.events)

    # ------------------------------------------------------------------ the turn clock

    async def _call_time(self) -> None:
        """A person whose time is up has AI act for them, once: the action a seat of the host's AI level
        would choose, applied as theirs; their clock starts again if play still waits for them."""
        host = self.host
        if host is None:
            return
        for _ in range(len(self.seats)):  # each seat's time runs out once a change at most
            seat = host.time_up(self._now_ms())
            if seat is None:
                return
            action = host.stand_in(seat)
            if action is None:
                continue
            s = self.seats[seat]
            s.timeouts += 1
            if s.away_from < 0:  # AI plays for them from here: a comeback is told what happened since
                s.away_from = host.game.event_count
            self.log(f"seat {seat}: {s.name}'s time ran out; AI played for them")
            host.timed_out = [seat]
            try:
                await self._act_together([(s, Act(action.to_json(), len(host.game.actions)))])
            finally:
                host.timed_out = []
            if s.timeouts >= IDLE_TIMEOUTS and not s.idle:
                s.idle = True
                self._stand_in(s)
                self.log(f"seat {seat}: {s.name} did not act {s.timeouts} times in a row; away, AI plays")
                await self._broadcast_lobby()

    async def _broadcast(self, events: list[Event]) -> None:
        """Every seat its update for `events`, every watcher the public one (the table host makes them)."""
        host = self.host
        assert host is not None
        for s in self.seats:
            await self._send_update(s, events)
        self._note_change()
        if self.watchers:
            public = Update.of(host.public_update(events, self._now_ms()))
            for w in list(self.watchers):
                await self._send_watcher(w, public)

    async def _send_update(self, s: SeatState, events: list[Event], comeback: bool = False) -> None:
        """The seat's view and `events` as it may see them. A `comeback` (its person is back after AI
        played for them) also carries the match's chart and what happened meanwhile, as that seat sees
        it (from when AI took over, or where the host never saw the seat go, a comeback that beat the old
        connection's close, the round in play: a person back at the table always learns where it stands)."""
        host = self.host
        if s.writer is None or host is None:
            return
        if s.waiting:  # a late guest watches the round in play, as a watcher (no hand), until its deal
            await self._send(s, Update.of(host.public_update(events, self._now_ms())))
            return
        since = None
        if comeback:
            since, s.away_from = s.away_from, -1
        await self._send(s, Update.of(host.seat_update(s.seat, events, self._now_ms(), since)))


class Gate:
    """How many connections each address, and everyone together, may hold open at once. A refusal is
    logged once per address (and once for the total) a minute at most, however long the flood."""

    def __init__(self, per_address: int, total: int, log: Callable[[str], None]):
        self.per_address, self.total, self.log = per_address, total, log
        self.open: dict[str, int] = {}
        self.count = 0
        self.refused = 0  # connections turned away so far
        self._said: dict[str, float] = {}  # address (or "*" for the total) -> when its refusal was logged

    def admit(self, address: str) -> bool:
        held = self.open.get(address, 0)
        if held >= self.per_address:
            self._refuse(address, f"{address} already holds {held} connections (limit {self.per_address})")
            return False
        if self.count >= self.total:
            self._refuse("*", f"{self.count} connections are open (limit {self.total})")
            return False
        self.open[address] = held + 1
        self.count += 1
        return True

    def release(self, address: str) -> None:
        self.count -= 1
        left = self.open.get(address, 1) - 1
        if left > 0:
            self.open[address] = left
        else:
            self.open.pop(address, None)

    def _refuse(self, key: str, why: str) -> None:
        self.refused += 1
        now = time.monotonic()
        if now - self._said.get(key, float("-inf")) >= RESOURCE_LOG_S:
            self._said[key] = now
            self.log(f"refusing new connections: {why}")


def _file_budget() -> int:
    """Half the file descriptors this process may open (the rest: the table's own files, zeroconf,
    the UI); no limit known (Windows) means no extra cap."""
    try:
        import resource

        soft, _hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    except (ImportError, OSError, ValueError):
        return 1 << 30
    if soft == resource.RLIM_INFINITY:
        return 1 << 30
    return max(8, soft // 2)


def _jsonable(options: dict) -> dict:
    return {k: list(v) if isinstance(v, tuple) else v for k, v in options.items()}
