"""A LAN client: joins a table, keeps its seat's view, and acts when asked.

The headless client (`python main.py join HOST:PORT --ai LEVEL`) lets an AI play its seat from the
views it receives; the desktop table uses the same class with a person deciding. It never has more
than its own seat's view: that is all the host sends.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
from collections import deque
from collections.abc import Callable

from game.actions import Action, Kind
from game.seats import Seat
from game.table_host import choose  # what an AI-played seat sends (the host's stand-in chooses alike)
from game.view import SeatView

from .keeping import Keeper, Kept
from .protocol import (
    CLOSED,
    HEARTBEAT_S,
    HOST_SILENT_S,
    PROTOCOL_VERSION,
    Act,
    Bye,
    Chat,
    Error,
    Finished,
    Hello,
    Lobby,
    MatchLog,
    Ping,
    ProtocolError,
    Ready,
    Refused,
    Update,
    Welcome,
    read_message,
    send,
)

RECENT = 200  # messages a client at a real table keeps (Client.received with keep_all False)


class HostGone(ConnectionError):
    """The host went away (or refused us); the message says what happened."""


class HostClosed(HostGone):
    """The host closed the table, or refused this client a seat: coming back cannot help."""


class HostBroken(HostClosed):
    """The host lets us back in and the connection fails at once the same way, again and again (a
    broken or hostile host, another version): coming back cannot help either."""


BACKOFF_S = (0.5, 1.0, 2.0, 4.0, 5.0)  # waits before each attempt to come back; the last repeats
REJOIN_PATIENCE_S = 300.0  # how long a client keeps trying to come back before it gives up
SAME_FAILURES = 3  # comebacks in a row that end at once in the same error before a client gives up

HOST_BACK = "the host is back; the match goes on"  # said on coming back to a host started again
NEW_MATCH = "a new match has started"  # ... that set the match aside for a new one
RejoinWatcher = Callable[[int, float, str], None]  # (attempt, seconds until it, why we are trying)


class Client:
    def __init__(
        self,
        host: str,
        port: int,
        name: str,
        token: str | None = None,
        log: Callable[[str], None] = print,
        watch: bool = False,
        keep_all: bool = True,
    ):
        self.host, self.port, self.name, self.token = host, port, name, token
        self.watch = watch  # a watcher: no seat, public information only (it may chat)
        self.log = log
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None
        self.welcome: Welcome | None = None
        self.view: SeatView | None = None
        self.seq = 0
        self.names: list[str] = []
        self.lobby: Lobby | None = None
        self.finished: Finished | None = None
        # the messages received: every one (tests read them all), or, for a long evening at a real
        # table (`keep_all` False), the latest RECENT, so a guest's memory stays flat
        self.received: list[object] | deque[object] = [] if keep_all else deque(maxlen=RECENT)
        self.refused: list[Refused] | deque[Refused] = [] if keep_all else deque(maxlen=RECENT)
        self.silence_s = HOST_SILENT_S  # how long the host may be silent before we give up on it
        # set to keep the match in this computer's history from the log the host sends at its end
        self.keeper: Keeper | None = None
        self.kept: Kept | None = None  # what became of that log (set before `finished`)
        self._keeping: asyncio.Task | None = None
        self._beat: asyncio.Task | None = None
        # one run of trouble, across comebacks that end at once (Client.rejoin): when it began, the
        # attempts made in it, whether the last comeback connected and the host has said anything
        # since (a message, not a heartbeat), and its last error with how many comebacks it ended
        self._trouble_since = 0.0
        self._attempts = 0
        self._came_back = False
        self._heard = False
        self._failure: tuple[str, int] = ("", 0)

    async def connect(self) -> Welcome:
        try:
            async with asyncio.timeout(10):
                self.reader, self.writer = await asyncio.open_connection(self.host, self.port)
        except (OSError, TimeoutError, OverflowError, ValueError) as exc:
            raise HostGone(f"cannot reach a table at {self.host}:{self.port} ({exc})") from None
        await send(self.writer, Hello(PROTOCOL_VERSION, self.name, self.token, self.watch))
        reply = await self.receive()
        if isinstance(reply, Error):
            await self._hang_up()
            raise HostClosed(f"the host refused: {reply.message}")
        if not isinstance(reply, Welcome):
            raise HostGone(f"unexpected reply from the host: {type(reply).__name__}")
        self.welcome = reply
        self.token = reply.token
        self._heard = False  # nothing yet from the host on this connection but its welcome
        self._beat = asyncio.get_running_loop().create_task(self._heartbeat())
        return reply

    async def rejoin(
        self, patience: float = REJOIN_PATIENCE_S, watch: RejoinWatcher | None = None, why: str = ""
    ) -> Welcome:
        """Come back to the table after the connection was lost, with this seat's token: try again and
        again, waiting longer each time (BACKOFF_S), for up to `patience` seconds. `watch` hears of each
        attempt before its wait (the table shows "reconnecting…"). HostClosed as soon as the host
        refuses the token (the seat is no longer held), HostGone when patience runs out.

        A comeback whose connection fails at once (before the host said anything after its welcome) is
        the same trouble going on, not a new one: its attempts go on counting (and waiting longer),
        patience runs from the first, and after SAME_FAILURES such comebacks ending in the same error
        HostBroken says so in one sentence."""
        await self._hang_up()
        loop = asyncio.get_running_loop()
        now = loop.time()
        if self._came_back and not self._heard:
            last, count = self._failure
            self._failure = (why, count + 1 if why == last else 1)
            if self._failure[1] >= SAME_FAILURES:
                raise HostBroken(self._last_word(why))
        else:  # the connection had lasted (or this is the first loss): new trouble
            self._trouble_since, self._attempts, self._failure = now, 0, (why, 0)
        self._came_back = False
        until = self._trouble_since + patience
        for attempt in itertools.count(self._attempts + 1):
            self._attempts = attempt
            delay = BACKOFF_S[min(attempt, len(BACKOFF_S)) - 1]
            if loop.time() + delay > until:
                raise HostGone(f"could not get back to the table in {patience:.0f} s: {why}")
            if watch is not None:
                watch(attempt, delay, why)
            await asyncio.sleep(delay)
            try:
                welcome = await self.connect()
            except HostClosed:
                raise
            except HostGone as exc:
                why = str(exc)
                await self._hang_up()
                continue
            self._came_back = True
            return welcome
        raise AssertionError("unreachable")  # itertools.count never ends

    def _last_word(self, why: str) -> str:
        """Why a client stops coming back to a host that keeps failing the same way, in one sentence."""
        version = self.welcome.version if self.welcome is not None else 0
        speaks = f"protocol {version}" if version else "an older protocol"
        return (
            f"gave up on the table at {self.host}:{self.port}: {SAME_FAILURES} comebacks in a row ended"
            f" at once the same way ({why}); the host speaks {speaks}, this game protocol {PROTOCOL_VERSION}"
        )

    async def _heartbeat(self) -> None:
        """Tell the host every second that we are still here (so it can tell silence from thought)."""
        with contextlib.suppress(Exception):
            while self.writer is not None and not self.writer.is_closing():
                await send(self.writer, Ping())
                await asyncio.sleep(HEARTBEAT_S)

    @property
    def seat(self) -> int:
        assert self.welcome is not None
        return self.welcome.seat

    async def receive(self) -> object:
        """The next message from the host (heartbeats are taken in silently). HostGone if the host
        closes, sends nonsense, or says nothing at all for `silence_s` (it sends a heartbeat every
        second, so that long a silence means the host or the way to it is gone)."""
        assert self.reader is not None
        while True:
            try:
                message = await read_message(self.reader, self.silence_s, self.silence_s)
            except TimeoutError as exc:
                raise HostGone(
                    f"no word from the host for {self.silence_s:.0f} s: the connection is lost"
                ) from exc
            except (ConnectionError, OSError) as exc:
                raise HostGone("the host has gone away") from exc
            except ProtocolError as exc:
                if exc.code == "timeout":  # a frame begun and never finished is silence too
                    raise HostGone(
                        f"no word from the host for {self.silence_s:.0f} s, in the middle of a message:"
                        " the connection is lost"
                    ) from exc
                raise HostGone(f"the host sent something unreadable ({exc})") from exc
            if not isinstance(message, Ping):
                break
        self.received.append(message)
        if isinstance(message, Update):
            try:
                view = SeatView.from_json(message.view)
            except (KeyError, TypeError, ValueError, IndexError) as exc:
                raise HostGone(f"the host sent a view that does not make sense ({exc})") from exc
            self.seq = message.seq
            self.view = view
            self.names = message.names or self.names
        elif isinstance(message, Lobby):
            self.lobby = message
            if message.rematch:  # (also for a watcher who came after the end, and saw no Finished)
                self._next_match()
        elif isinstance(message, Finished):
            self.finished = message
            await self._kept()  # the match's log came just before it
        elif isinstance(message, Refused):
            self.refused.append(message)
        elif isinstance(message, Bye) and self.finished is None:
            raise HostClosed(message.reason or CLOSED)  # the host says why, whole
        elif isinstance(message, MatchLog) and self.keeper is not None:
            self._take(message)
        self._heard = True  # a message that made sense: this connection works
        return message

    def _next_match(self) -> None:
        """The host offered a rematch at the same table: the match just kept is over; the seat, its
        token and the connection stay, and the next match's view and log start afresh."""
        self.finished, self.kept, self._keeping, self.view, self.seq = None, None, None, None, 0
        if self.keeper is not None:
            self.keeper = Keeper(self.keeper.folder)  # one log per keeper: the next match's own

    def _take(self, part: MatchLog) -> None:
        """A part of the match's log. Once it is whole it is kept on a worker thread while this client
        reads on: `Finished` is right behind it, and a client that stopped reading could lose it to a
        host that closes (its socket resets). `_kept` settles what became of it."""
        keeper = self.keeper
        assert keeper is not None
        if keeper.take(part) and self._keeping is None:
            welcome = self.welcome
            assert welcome is not None
            scores = self.view.scores if self.view is not None else None
            self._keeping = asyncio.get_running_loop().create_task(
                asyncio.to_thread(_keep, keeper, welcome, self.seq, scores)
            )

    async def _kept(self) -> None:
        """The match is over: wait for its log to be kept (if one came) and say what became of it."""
        keeper = self.keeper
        if keeper is None or self.kept is not None:
            return
        if self._keeping is not None:
            await self._keeping
        elif keeper.parts and keeper.result is None:
            keeper.result = Kept(
                None, f"it came incomplete ({len(keeper.parts)} of {keeper.parts[0].parts} parts)"
            )
        kept = self.kept = keeper.result
        if kept is not None:
            self.log(
                f"kept in the history: {kept.path}"
                if kept.path
                else f"not kept in the history: {kept.problem}"
            )

    async def _send(self, message) -> None:
        """Send to the host; HostGone when there is no connection (between a loss and the comeback)."""
        if self.writer is None:
            raise HostGone("not connected to the table")
        try:
            await send(self.writer, message)
        except (ConnectionError, OSError, RuntimeError) as exc:
            raise HostGone(f"the connection broke ({exc})") from exc

    async def ready(self, ready: bool = True) -> None:
        await self._send(Ready(ready))

    async def chat(self, text: str) -> None:
        await self._send(Chat(text))

    async def act(self, action: Action, seq: int | None = None) -> None:
        """Send an action, stamped with the update it was decided on (default: the latest received)."""
        await self._send(Act(action.to_json(), self.seq if seq is None else seq))

    async def close(self) -> None:
        await self._hang_up()

    async def _hang_up(self) -> None:
        """Drop the connection (and its heartbeat), keeping the seat's token, view and log."""
        if self._beat is not None:
            self._beat.cancel()
            self._beat = None
        if self.writer is not None:
            with contextlib.suppress(Exception):
                self.writer.close()
                await self.writer.wait_closed()
            self.writer = None


def _keep(keeper: Keeper, welcome: Welcome, seen: int, scores) -> None:
    """Keeper.keep on a worker thread; whatever a hostile log does to the replay, the client goes on."""
    try:
        keeper.keep(welcome, seen, scores)
    except Exception as exc:
        keeper.result = Kept(None, f"it could not be replayed ({exc!r})")


async def play_as_ai(
    client: Client, agent: Seat, reconnect: bool = True, patience: float = REJOIN_PATIENCE_S
) -> Finished:
    """Sit at the table and let `agent` play until the match ends. A lost connection is taken up again
    with the seat's token (Client.rejoin) unless `reconnect` is False or the host closed the table."""
    await client.ready()
    acted_at = -1
    while client.finished is None:
        try:
            message = await client.receive()
        except HostGone as exc:
            if not reconnect or isinstance(exc, HostClosed) or client.finished is not None:
                raise
            client.log(f"connection lost ({exc}); reconnecting…")
            await client.rejoin(patience, _log_attempts(client), str(exc))
            client.log(f"back at the table as seat {client.seat}")
            if comeback(client.welcome):
                client.log(comeback(client.welcome))
            with contextlib.suppress(HostGone):  # if it broke again, the next receive says so
                await client.ready()
            acted_at = -1
            continue
        if isinstance(message, Error):
            client.log(f"host: {message.message}")
        if not isinstance(message, Update) or client.view is None:
            continue
        for line in timed_out_lines(message, client.names):
            client.log(line)
        if client.seq == acted_at and not any(a.kind is Kind.DOBON for a in client.view.legal):
            continue
        action = choose(agent, client.view)
        if action is not None and action.kind is not Kind.PASS:
            acted_at = client.seq
            with contextlib.suppress(HostGone):  # a broken connection: the next receive says so
                await client.act(action)
    return client.finished


async def watch_table(
    client: Client, say: Callable[[str], None], patience: float = REJOIN_PATIENCE_S
) -> Finished:
    """Watch until the match ends, saying each public event in a line (its name, and its seat if it
    has one); a lost connection is taken up again like a seat's."""
    while client.finished is None:
        try:
            message = await client.receive()
        except HostGone as exc:
            if isinstance(exc, HostClosed) or client.finished is not None:
                raise
            client.log(f"connection lost ({exc}); reconnecting…")
            await client.rejoin(patience, _log_attempts(client), str(exc))
            client.log(comeback(client.welcome) or "back, watching")
            continue
        if isinstance(message, Update):
            for line in timed_out_lines(message, client.names):
                say(line)
            for event in message.events:
                seat = event.get("seat")
                say(f"{event.get('event')}" + (f" seat {seat}" if isinstance(seat, int) else ""))
        elif isinstance(message, Chat):
            say(f"{message.text} {message.event}" if message.event else f"{message.sender}: {message.text}")
    return client.finished


def comeback(welcome: Welcome | None) -> str:
    """What a client says on coming back to its host, if the host was started again meanwhile."""
    if welcome is not None and welcome.new_match:
        return NEW_MATCH
    return HOST_BACK if welcome is not None and welcome.resumed else ""


def timed_out_lines(update: Update, names: list[str]) -> list[str]:
    """What a log says of the seats whose time ran out in this update: their move was AI's."""
    return [
        f"time ran out for {names[seat] if 0 <= seat < len(names) else f'seat {seat}'}: AI played for them"
        for seat in update.timed_out
    ]


def _log_attempts(client: Client) -> RejoinWatcher:
    def watch(attempt: int, delay: float, why: str) -> None:
        client.log(f"reconnecting… (attempt {attempt} in {delay:g} s): {why}")

    return watch
