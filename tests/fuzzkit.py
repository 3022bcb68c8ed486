"""A seeded mutator of JSON files, for the fuzz campaigns over every file kind the game reads.

    for raw in mutants(valid_bytes, seed=1, count=300):
        ...  # each is bytes: a file as a damaged disk, a hand editor or a hostile peer might leave it

It knows nothing of the file kinds: it takes a valid example (bytes of JSON, or of JSON lines: an
action log, a history record, each line mutated as an entry of one list) and changes it the ways
files go wrong, one or a few changes a mutant, chosen by a `random.Random(seed)`, so that a failure
names its seed and index and comes back exactly (`mutant(valid, seed, index)`):

- a value replaced by one of another kind or an extreme one: null, true, a number where text belongs,
  `1e999`, -1, 2**63, a list, an object, a 10,000-level nesting, a string of 100,000 characters or
  of control characters and NUL, a card code that is no card;
- a field removed, a field added, a list shortened, emptied, or one of its entries repeated many times;
- the bytes themselves: truncated, a byte flipped, a run of bytes removed, non-UTF-8 bytes.

`tools/fuzz_files.py` runs the same mutator for longer, over every kind.
"""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Iterator
from typing import Any

# values that have broken loaders before, or would: kinds confused, numbers out of range, huge text
NASTY: tuple[Any, ...] = (
    None,
    True,
    False,
    0,
    -1,
    -5,
    2**63,
    -(2**63) - 1,
    1.5,
    "",
    "x",
    "ZZ",
    "10S",
    "\u0000",
    "\u0000\u0001\u001b[2J",
    "é" * 300,
    [],
    [None],
    {},
    {"": None},
)
HUGE_TEXT = 100_000
DEEP = 10_000


def mutants(valid: bytes, seed: int, count: int) -> Iterator[bytes]:
    """`count` mutants of the JSON file `valid`, the same for the same seed."""
    for index in range(count):
        yield mutant(valid, seed, index)


def mutant(valid: bytes, seed: int, index: int) -> bytes:
    """Mutant number `index` of `valid` under `seed` (each reproducible on its own)."""
    rng = random.Random(f"{seed}:{index}")
    if rng.random() < 0.15:
        return _byte_mutation(valid, rng)
    data, lines = _load(valid)
    for _ in range(1 + (rng.random() < 0.3) + (rng.random() < 0.1)):
        data = _value_mutation(data, rng)
    if lines and isinstance(data, list):
        return b"\n".join(_dump(line, rng) for line in data) + b"\n"
    return _dump(data, rng)


def _load(valid: bytes) -> tuple[Any, bool]:
    """The decoded example, and whether it is JSON lines (then a list of its lines' values)."""
    try:
        return json.loads(valid), False
    except json.JSONDecodeError:
        return [json.loads(line) for line in valid.splitlines() if line.strip()], True


def _dump(data: Any, rng: random.Random) -> bytes:
    """JSON text of `data`; the special values json cannot write are spliced in as text."""
    text = json.dumps(data, ensure_ascii=rng.random() < 0.5, allow_nan=True)
    text = text.replace('"@@INF@@"', "1e999").replace('"@@NEGINF@@"', "-1e999")
    text = text.replace('"@@NAN@@"', "NaN")
    if '"@@DEEP@@"' in text:
        text = text.replace('"@@DEEP@@"', "[" * DEEP + "]" * DEEP, 1)
    return text.encode("utf-8", "surrogatepass")


def _byte_mutation(valid: bytes, rng: random.Random) -> bytes:
    raw = bytearray(valid)
    if not raw:
        return b"\xff"
    how = rng.randrange(5)
    at = rng.randrange(len(raw))
    if how == 0:
        return bytes(raw[:at])  # truncated
    if how == 1:
        raw[at] ^= 1 << rng.randrange(8)  # a bit flipped
        return bytes(raw)
    if how == 2:
        del raw[at : at + rng.randrange(1, 64)]  # a run removed
        return bytes(raw)
    if how == 3:
        return bytes(raw[:at]) + b"\xff\xfe\xc3" + bytes(raw[at:])  # not UTF-8
    return bytes(raw) + bytes(raw[at:])  # trailing garbage


def _places(data: Any) -> list[tuple[Any, Any]]:
    """Every (container, key) in `data`, found without recursion."""
    places: list[tuple[Any, Any]] = []
    stack = [data]
    while stack:
        node = stack.pop()
        items = node.items() if isinstance(node, dict) else enumerate(node) if isinstance(node, list) else ()
        for key, value in items:
            places.append((node, key))
            if isinstance(value, dict | list):
                stack.append(value)
    return places


def _nasty(rng: random.Random) -> Any:
    """One of NASTY, a copy of its own: a list or object put into a file may be mutated next, and
    must be neither the constant itself nor one already placed (the value would come to hold itself)."""
    return copy.deepcopy(rng.choice(NASTY))


def _replacement(old: Any, rng: random.Random) -> Any:
    roll = rng.random()
    if roll < 0.45:
        return _nasty(rng)
    if roll < 0.55:
        return rng.choice(["@@INF@@", "@@NEGINF@@", "@@NAN@@"])
    if roll < 0.6:
        return "@@DEEP@@"
    if roll < 0.68:
        return rng.choice(["Q", "\u0000", "é", "🂡"]) * HUGE_TEXT
    if roll < 0.8 and isinstance(old, int) and not isinstance(old, bool):
        return rng.choice([old + 1, old - 1, -old, old * 1000, 10**18, old + 0.5])
    if roll < 0.9 and isinstance(old, str):
        return rng.choice([old[:-1], old + old, old.lower(), old[::-1], old + "\u0000"])
    return rng.choice([[old], {"v": old}, str(old), len(str(old))])


def _value_mutation(data: Any, rng: random.Random) -> Any:
    """One change to the decoded value (in place where it can be; returns the new whole)."""
    places = _places(data)
    if not places:
        return _nasty(rng) if rng.random() < 0.5 else [data]
    node, key = rng.choice(places)
    value = node[key]
    roll = rng.random()
    if roll < 0.55:
        node[key] = _replacement(value, rng)
    elif roll < 0.7 and isinstance(node, dict):
        del node[key]  # a field missing
    elif roll < 0.75 and isinstance(node, dict):
        node[rng.choice(["extra", "", key + "_", "\u0000"])] = _nasty(rng)  # a field added
    elif isinstance(value, list) and value:
        how = rng.randrange(4)
        if how == 0:
            del value[-1]  # one entry short
        elif how == 1:
            value.clear()
        elif how == 2:
            value.extend([value[0]] * rng.choice([1, 50, 100_000]))  # entries repeated
        else:
            rng.shuffle(value)
    elif isinstance(node, list) and node:
        node.append(value)
    else:
        node[key] = _replacement(value, rng)
    return data
