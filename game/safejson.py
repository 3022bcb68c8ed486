"""One way in for every JSON file the game reads: bounded in size, depth, text and counts.

Every file the game reads (settings, the saved match, the LAN seat ticket, scenarios, action logs,
history records) comes from disk, where anything may be: a file made by hand, half written, or
hostile. Before any of it reaches the engine or the screen it passes here, so that no file can make
the program recurse without bound, allocate without bound, or spend seconds on one value:

- the file's size is checked before it is read (`Limits.max_bytes`);
- msgspec decodes it (a C decoder: 1 MB of JSON in milliseconds; numbers out of range such as
  `1e999`, `NaN` and broken text are refused there);
- an iterative walk (no recursion) checks the nesting depth, every string's length, every list's
  and object's size and the total number of values.

A problem is a `FileProblem`: one line naming the file and the field (`players[3].name`), with any
long value cut short (`short`), never a traceback. What the values mean (a card code, a seat count
in range) is each loader's business; this module only guarantees that what it hands on is small,
finite and plain (dict, list, str, int, float, bool, None).
"""

from __future__ import annotations

import contextlib
import json
import re
import stat
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

import msgspec

__all__ = [
    "DEFAULT",
    "FileProblem",
    "Limits",
    "clip",
    "convert",
    "decode",
    "field_name",
    "invalid",
    "read",
    "read_lines",
    "set_aside",
    "short",
    "write",
]
T = TypeVar("T")


@dataclass(frozen=True)
class Limits:
    """How large a file of one kind may be. The defaults fit every file the game writes with room
    to spare (a 1,000-round action log is about 1 MB); a loader may pass tighter or looser ones."""

    max_bytes: int = 8 * 1024 * 1024
    max_depth: int = 32
    max_string: int = 10_000
    max_items: int = 200_000  # in any one list or object
    max_values: int = 2_000_000  # in the whole file


DEFAULT = Limits()
BIG = 2**63  # whole numbers are 64-bit: a count, a seed, a score


class FileProblem(ValueError):
    """A file that cannot be used, said in one line: which file, which field, what is wrong."""

    def __init__(self, source: str | Path, message: str, field: str = ""):
        self.source = str(source)
        self.field = field
        self.problem = message
        where = f"{self.source}: {field}: " if field else f"{self.source}: "
        super().__init__(where + message)

    def brief(self) -> str:
        """The field and the problem, without the file (for a message that names the file itself)."""
        return f"{self.field}: {self.problem}" if self.field else self.problem


def short(value: Any, limit: int = 60) -> str:
    """`value` as a reader would quote it in an error, cut to `limit` characters. The cut is taken
    before the whole value is turned into text, so a 50 MB string costs no more than a short one."""
    if isinstance(value, str):
        text = repr(value[: limit + 1])
    elif isinstance(value, (list, tuple)) and len(value) <= 8 and all(_small(v) for v in value):
        text = repr(list(value))  # a few plain values: shown as they are ([1, 0], ["3", "4"])
    elif isinstance(value, (list, tuple)):
        text = f"a list of {len(value)}"
    elif isinstance(value, dict):
        text = f"an object of {len(value)} fields"
    else:
        text = repr(value)
    return clip(text, limit)


def clip(text: str, limit: int = 200) -> str:
    """Text for a one-line message, cut to `limit` characters (an error quoting an action, a line)."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _small(value: Any) -> bool:
    return (
        value is None
        or isinstance(value, bool | int | float)
        or (isinstance(value, str) and len(value) <= 12)
    )


def invalid(source: str | Path, exc: Exception) -> FileProblem:
    """A msgspec ValidationError ("Expected `int` <= 65535 - at `$.port`") as a FileProblem naming
    the field (`port`) and saying the rest plainly, cut short."""
    text = str(exc)
    message, _, where = text.rpartition(" - at `")
    if not message:
        message, where = text, ""
    field = where.rstrip("`").removeprefix("$").lstrip(".")
    message = short(message.replace("`", ""), 100).strip("'\"")
    return FileProblem(source, message[:1].lower() + message[1:], field)


def field_name(parts: tuple[str | int, ...] | list[str | int]) -> str:
    """`("players", 3, "name")` → `players[3].name`."""
    out = ""
    for part in parts:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += f".{part}" if out else str(part)
    return out


def read(path: str | Path, limits: Limits = DEFAULT) -> Any:
    """The decoded contents of the JSON file at `path`, within `limits`; FileProblem otherwise."""
    path = Path(path)
    try:
        size = _regular_size(path)
        if size > limits.max_bytes:
            raise FileProblem(path, f"too large ({size:,} bytes; at most {limits.max_bytes:,})")
        with path.open("rb") as handle:
            raw = handle.read(limits.max_bytes + 1)
    except OSError as exc:
        raise FileProblem(path, f"cannot be read ({exc.strerror or exc})") from None
    return decode(raw, path, limits)


def _regular_size(path: Path) -> int:
    """The size of a regular file; FileProblem for anything else (a pipe would block the read, a
    device never end)."""
    info = path.stat()
    if not stat.S_ISREG(info.st_mode):
        raise FileProblem(path, "not a regular file")
    return info.st_size


def read_lines(path: str | Path, limits: Limits = DEFAULT, *, first: bool = False) -> list[Any]:
    """The decoded lines of a JSON-lines file (an action log, a history record: a header line, then
    one action a line), blank lines left out; with `first`, only the first line is read, however
    long the file. `limits` bound the file (`max_bytes`, `max_items` lines) and each line as
    `decode` does; a problem names the line (`game.log:3: cards[0]: ...`)."""
    path = Path(path)
    try:
        size = _regular_size(path)
        with path.open("rb") as handle:
            if first:
                raw = handle.readline(limits.max_bytes + 1)
            else:
                if size > limits.max_bytes:
                    raise FileProblem(path, f"too large ({size:,} bytes; at most {limits.max_bytes:,})")
                raw = handle.read(limits.max_bytes + 1)
    except OSError as exc:
        raise FileProblem(path, f"cannot be read ({exc.strerror or exc})") from None
    if len(raw) > limits.max_bytes:
        raise FileProblem(path, f"a line too long (at most {limits.max_bytes:,} bytes)")
    lines = raw.split(b"\n")
    if len(lines) > limits.max_items + 1:
        raise FileProblem(path, f"too many lines ({len(lines):,}; at most {limits.max_items:,})")
    out = []
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            out.append(decode(line, path, limits))
        except FileProblem as exc:  # named as the logs name a line: "game.log:3"
            raise FileProblem(f"{path}:{number}", exc.problem, exc.field) from None
    return out


def set_aside(path: str | Path, suffix: str = ".broken") -> str:
    """Move a file that failed out of the way, beside it as NAME.broken (the player may want it back;
    the next launch does not meet it again), or under another `suffix` (`.old`: a save not taken up);
    the name it now has. Never raises: a file that cannot be moved is left where it is."""
    path = Path(path)
    broken = path.with_name(path.name + suffix)
    with contextlib.suppress(OSError):
        path.replace(broken)
    return broken.name


def write(path: str | Path, data: Any, indent: int | None = None) -> None:
    """Write `data` as JSON whole or not at all: a temporary file beside it, then a rename, so a crash
    mid-write leaves the previous file. The way out for every file this module reads back in;
    OSError (a folder that cannot be written) is the caller's to say or shrug off."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    partial = path.with_name(path.name + ".tmp")
    partial.write_text(json.dumps(data, ensure_ascii=False, indent=indent), encoding="utf-8")
    partial.replace(path)


def decode(raw: bytes | str, source: str | Path = "<data>", limits: Limits = DEFAULT) -> Any:
    """Decode JSON text or bytes within `limits`; FileProblem naming `source` otherwise."""
    if isinstance(raw, str):
        try:
            raw = raw.encode("utf-8")
        except UnicodeEncodeError:
            raise FileProblem(source, "not UTF-8 text") from None
    if len(raw) > limits.max_bytes:
        raise FileProblem(source, f"too large ({len(raw):,} bytes; at most {limits.max_bytes:,})")
    try:
        data = msgspec.json.decode(raw)
    except UnicodeDecodeError:
        raise FileProblem(source, "not UTF-8 text") from None
    except RecursionError:
        raise FileProblem(source, f"nested too deeply (at most {limits.max_depth} levels)") from None
    except msgspec.ValidationError as exc:
        if str(exc).startswith("Number out of range"):
            raise FileProblem(source, "a number out of range (such as 1e999)") from None
        # the path of an untyped decode names no field
        detail = str(exc).split(" - at ")[0][:80].lower()
        raise FileProblem(source, f"not usable JSON ({detail})") from None
    except msgspec.DecodeError as exc:
        raise FileProblem(source, f"not JSON ({_where(str(exc), raw)})") from None
    check(data, source, limits)
    return data


def convert(data: Any, kind: type[T], source: str | Path = "<data>") -> T:
    """Decoded data as the typed value `kind` (a msgspec Struct, whose annotations say each field's
    kind and range); FileProblem naming the field msgspec names (`$.ai[0]` → `ai[0]`) otherwise."""
    try:
        return msgspec.convert(data, kind)
    except msgspec.ValidationError as exc:
        raise invalid(source, exc) from None


def _where(message: str, raw: bytes) -> str:
    """msgspec's "JSON is malformed: invalid character (byte 1)" as "line 1: invalid character"."""
    found = BYTE.search(message)
    detail = BYTE.sub("", message.removeprefix("JSON is malformed: ")).strip()[:80]
    if found is None:
        return detail
    line = raw.count(b"\n", 0, int(found.group(1))) + 1
    return f"line {line}: {detail}"


BYTE = re.compile(r"\(byte (\d+)\)")


def check(data: Any, source: str | Path = "<data>", limits: Limits = DEFAULT) -> None:
    """Walk decoded data without recursion; FileProblem at the first value over a limit. Each
    value's place is kept as a link to its parent's (built only into a name when it is reported),
    so the walk costs little more than the decoding."""
    stack: list[tuple[Any, int, tuple | None]] = [(data, 0, None)]
    values = 0
    too_long, max_items, max_depth = limits.max_string, limits.max_items, limits.max_depth
    while stack:
        value, depth, where = stack.pop()
        values += 1
        if values > limits.max_values:
            raise FileProblem(source, f"too many values (at most {limits.max_values:,})")
        kind = type(value)
        if kind is str:
            if len(value) > too_long:
                message = f"text too long ({len(value):,} characters; at most {too_long:,}): {short(value)}"
                raise FileProblem(source, message, _name(where))
        elif kind is float:
            if value != value or value in (float("inf"), float("-inf")):
                raise FileProblem(source, "not a finite number", _name(where))
        elif kind is int:
            if not -BIG <= value < BIG:  # msgspec reads longer integers; nothing the game keeps is one
                raise FileProblem(source, f"number out of range: {short(value)}", _name(where))
        elif kind is list or kind is dict:
            if depth >= max_depth:
                raise FileProblem(source, f"nested too deeply (at most {max_depth} levels)", _name(where))
            if len(value) > max_items:
                message = f"too many entries ({len(value):,}; at most {max_items:,})"
                raise FileProblem(source, message, _name(where))
            if kind is list:
                stack.extend((item, depth + 1, (where, i)) for i, item in enumerate(value))
            else:
                for key, item in value.items():
                    if len(key) > too_long:
                        raise FileProblem(source, f"a field name too long: {short(key)}", _name(where))
                    stack.append((item, depth + 1, (where, key)))


def _name(where: tuple | None) -> str:
    """The field name of a place kept as (parent, key) links; the first 12 steps at most."""
    parts: list[str | int] = []
    while where is not None:
        where, key = where
        parts.append(key)
    parts.reverse()
    return field_name(parts[:12]) + ("…" if len(parts) > 12 else "")
