"""The LAN protocol: versioned, framed msgpack messages with a schema (msgspec), never pickle.

A frame is a 4-byte big-endian length followed by that many bytes of msgpack. The length is checked
against `MAX_FRAME` before anything is read, and every read has a timeout, so a hostile or broken peer
can neither make us allocate a huge buffer nor hang us. A frame decodes into exactly one of the message
types below (a tagged union); anything else is refused with an `Error` to its sender only.

Handshake: the client sends `Hello` (protocol version, name, and its seat token when it comes back;
`watch` to watch without a seat); the host answers `Welcome` (seat, token, table: a watcher's seat is
the number of players, one past the last, and its updates carry public information only) or
`Error("version", ...)` and closes. After that the
host sends `Lobby` updates until the match starts, then `Update`s: the events of each action as this
seat may see them, and this seat's whole view afterwards, numbered by `seq` (the count of actions
applied so far). A client acts with `Act(action, seq)`, where `seq` is the last `Update.seq` it has
seen. On reconnecting with its token a client gets its full view at once. When the match is over the
host sends its action log (`MatchLog`), then `Finished`.

Heartbeat: after the handshake both sides send `Ping` every `HEARTBEAT_S`, so silence means trouble
even when TCP says nothing (a pulled cable, a closed lid, a host machine gone): the host shows a seat
silent for a few seconds as away and lets AI play it, and a client that hears nothing from the host
for `HOST_SILENT_S` says the connection is lost instead of waiting for ever.
"""

from __future__ import annotations

import asyncio
import struct
from typing import Any

import msgspec

from game.refusals import Reason, Refusal

# the host's refusals of a stale or foreign action are the table host's own (game.table_host), said
# here too under the names the protocol always had
from game.table_host import ANOTHER_SEAT, CARD_GONE, MOVED_ON, NOT_AN_ACTION, TOO_NEW, SeatUpdate  # noqa: F401

# 2: heartbeat (Ping), seats shown away; 3: comebacks, late guests, watchers, clock; 4: the match's log;
# 5: time-outs said to everyone, the time to act in the lobby; 6: refusals carry their code and details
PROTOCOL_VERSION = 6
MAX_FRAME = 256 * 1024  # bytes; a view of the biggest table is a few KB
READ_TIMEOUT = 30.0  # seconds a frame may take to arrive once its header has started
SERVICE_TYPE = "_dobon-table._tcp.local."
HEARTBEAT_S = 1.0  # both sides send a Ping this often
HOST_SILENT_S = 8.0  # a client that hears nothing from the host this long gives up on it


class Hello(msgspec.Struct, tag="hello"):
    version: int
    name: str
    token: str | None = None
    watch: bool = False  # a watcher: public information only, no seat, may chat


class SeatInfo(msgspec.Struct):
    seat: int
    name: str
    kind: str  # "person", "ai" or "open"
    ready: bool = False
    connected: bool = False
    away: bool = False  # connected, but silent for a few seconds (its Wi-Fi may have dropped)
    waiting: str = ""  # a late guest who takes this AI seat at the next round


class Welcome(msgspec.Struct, tag="welcome"):
    seat: int
    token: str
    rules: str
    players: int
    options: dict[str, Any]
    rounds: int
    turn_limit_s: float = 0.0  # a person's time to act before AI acts for them once (0: no limit)
    version: int = 0  # the host's protocol version (0: a host too old to say), for a guest's last word
    resumed: bool = False  # the host was started again and goes on with the match it kept on disk
    new_match: bool = False  # ... or set that match aside for a new one (said to those who come back)


class Lobby(msgspec.Struct, tag="lobby"):
    seats: list[SeatInfo]
    started: bool = False
    expected: int = 0  # people the host waits for before it deals (HostConfig.min_people)
    watchers: list[str] = []  # the names of those watching
    turn_limit_s: float = 0.0  # a person's time to act before AI acts for them once (0: no limit)
    # the host offered a rematch: the match just finished is over, everyone still here is back in
    # the lobby of the next one (same seats, not ready yet); said once, with the first such lobby
    rematch: bool = False
    # once the match has begun: when it began (game.history's `started`) and the host's AI level, so a
    # guest whose host vanishes before the end dates and labels what it was shown (game.seen) as every
    # other record of the match; fields an older build ignores
    match_started: str = ""
    ai: str = ""


class Ready(msgspec.Struct, tag="ready"):
    ready: bool = True


class Chat(msgspec.Struct, tag="chat"):
    text: str
    sender: str = ""
    # from the host alone: who came or went ("joined", "left", "watching"), `text` naming them; each
    # table says it in its own language
    event: str = ""


class Act(msgspec.Struct, tag="act"):
    action: dict[str, Any]
    seq: int


class Update(msgspec.Struct, tag="update"):
    seq: int
    events: list[dict[str, Any]]
    view: dict[str, Any]
    names: list[str] = []
    clock_ms: int = 0  # this seat's time left to act, as sent (0: nothing it must do, or no limit)
    # the time left of the seat whose turn it is, by seat (0: none running), for everyone to see whose
    # clock runs; only the turn's seat (public), never a seat that owes something for a hidden reason
    clocks: list[int] = []
    # what is left of a match played to a time (Rulebook.match_time_ms; 0 once it is up), by the
    # host's clock, which alone calls time; -1: the match has no time limit
    match_ms: int = -1
    # the seats whose time to act ran out, for whom AI took the action these events show (everyone's
    # log says so: a seat's move is not the person's own choice)
    timed_out: list[int] = []
    # to a seat whose person comes back (AI played for them meanwhile), and to no one else: each seat's
    # standing (game.scores JSON) at the match's first deal and after each round since, for the match
    # chart; and the last events of the round in play as that seat sees them, for its log
    chart: list[list[dict[str, Any]]] = []
    missed: list[dict[str, Any]] = []

    @classmethod
    def of(cls, update: SeatUpdate) -> Update:
        """The table host's update for one seat (game.table_host), as it travels."""
        return cls(
            update.seq,
            [e.to_json() for e in update.events],
            update.view.to_json(),
            update.names,
            update.clock_ms,
            update.clocks,
            update.match_ms,
            update.timed_out,
            update.chart,
            [e.to_json() for e in update.missed],
        )


class Refused(msgspec.Struct, tag="refused"):
    """An action of this client that was not applied, and why (sent to that client only). A refusal by
    the rules carries its code and details (game.refusals), so a guest says it in its own language;
    `reason` is the English sentence (logs, and the host's own refusals, which have no code)."""

    action: dict[str, Any]
    reason: str
    code: str = ""
    params: dict[str, Any] = {}

    @classmethod
    def of(cls, action: dict[str, Any], reason: str) -> Refused:
        """The answer to `action`, with the code and details of a coded refusal."""
        if isinstance(reason, Refusal):
            return cls(action, str(reason), reason.code, reason.params)
        return cls(action, reason)


# the host's own refusals, before the rules are asked (texts in assets/translations, refusal.lan)
NOT_STARTED = Reason("lan.not_started", "the match has not started")
NEXT_ROUND = Reason("lan.next_round", "you take this seat at the next round")


class Error(msgspec.Struct, tag="error"):
    code: str
    message: str


class Finished(msgspec.Struct, tag="finished"):
    scores: list[int]
    ranks: list[int]
    names: list[str]
    standings: list[dict[str, int]] = []  # each seat's score in the preset's own terms (game.scores)
    complete: bool = True  # False: the host closed the table first; these are the standings so far


class MatchLog(msgspec.Struct, tag="log"):
    """The match's whole action log, sent to every client once the match is over (or, when the host
    closes early, up to the last round finished), so a guest keeps the game in its own history. Sent
    only then: with the seed it tells every hand and the deal order, which is no secret any more. A long
    log comes in parts (`part` 0..`parts`-1, in order), each under `MAX_FRAME`; every part repeats the
    header fields."""

    rules: str
    players: int
    options: dict[str, Any]
    seed: int
    seats: list[str]  # per seat "human" or the host's AI level (game.history's `seats`)
    names: list[str]
    actions: list[dict[str, Any]]
    part: int = 0
    parts: int = 1
    started: str = (
        ""  # when the host's match started (game.history's `started`), so every record dates it alike
    )
    joined: list[int] = msgspec.field(default_factory=list)  # per seat the rounds before its person sat
    ended: bool = False  # the host ended the match after its rounds (a finished match, as the rules' own)


class Ping(msgspec.Struct, tag="ping"):
    """A heartbeat: "I am still here" (never queued, never answered)."""


class Bye(msgspec.Struct, tag="bye"):
    reason: str = ""


CLOSED = "the host closed the table"  # a Bye's reason when the host leaves (tables say it in their language)


Message = (
    Hello | Welcome | Lobby | Ready | Chat | Act | Update | Refused | Error | Finished | MatchLog | Bye | Ping
)

_encoder = msgspec.msgpack.Encoder()
_decoder = msgspec.msgpack.Decoder(Message)
_header = struct.Struct(">I")


class ProtocolError(Exception):
    """A peer sent something that is not a valid message; `code` names the problem."""

    def __init__(self, code: str, message: str):
        super().__init__(message)
        self.code = code


def encode(message: Message) -> bytes:
    body = _encoder.encode(message)
    return _header.pack(len(body)) + body


def decode(body: bytes) -> Message:
    try:
        return _decoder.decode(body)
    except (msgspec.DecodeError, msgspec.ValidationError, RecursionError) as exc:
        raise ProtocolError("malformed", f"malformed message: {exc}") from None


async def read_message(
    reader: asyncio.StreamReader, idle: float | None = None, body: float = READ_TIMEOUT
) -> Message:
    """Read one frame. `idle` bounds the wait for a frame to begin (None: wait as long as it takes),
    `body` the wait for the rest of it once begun (a client passes its silence limit: a peer that
    stops mid-frame is as silent as one that stops between frames)."""
    try:
        async with asyncio.timeout(idle):  # not wait_for: in 3.11 it can swallow a cancellation
            header = await reader.readexactly(4)
    except asyncio.IncompleteReadError as exc:
        raise ConnectionError("connection closed") from exc
    (length,) = _header.unpack(header)
    if length > MAX_FRAME:
        raise ProtocolError("too-large", f"a message of {length} bytes is over the {MAX_FRAME}-byte limit")
    if length == 0:
        raise ProtocolError("malformed", "empty message")
    try:
        async with asyncio.timeout(body):
            data = await reader.readexactly(length)
    except asyncio.IncompleteReadError as exc:
        raise ConnectionError("connection closed mid-message") from exc
    except TimeoutError:
        raise ProtocolError("timeout", "a message took too long to arrive") from None
    return decode(data)


async def send(writer: asyncio.StreamWriter, message: Message) -> None:
    writer.write(encode(message))
    await writer.drain()
