"""A short table code: how to reach a host on the LAN (IPv4 address and port) in a few typable characters.

The lobby shows it; a guest types it instead of "192.168.1.20:47000". Home and office LANs mostly use
192.168.x.y or 10.x.y.z and the table's usual port, so those get the shortest codes:

    form  what it holds                        characters (with the form letter and the check)
    H     192.168.x.y, port 47000              6    e.g. H-008M-5 (192.168.1.20:47000)
    P     192.168.x.y, any port                 9
    T     10.x.y.z, port 47000                  7
    A     any IPv4 address and port             12

The digits are Crockford's base 32 (no I, L, O or U; typing them reads as 1, 1, 0 and V is not
guessed), case and dashes do not matter, and the last character is a check, so a mistyped code is
refused with a message instead of sending the guest to some other computer.
"""

from __future__ import annotations

import ipaddress

DEFAULT_PORT = 47000
DIGITS = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
_VALUE = {c: i for i, c in enumerate(DIGITS)} | {"O": 0, "I": 1, "L": 1}
# form letter: (digits of payload, the address prefix it assumes, bits of address it carries, fixed port)
FORMS: dict[str, tuple[int, str, int, int | None]] = {
    "H": (4, "192.168.0.0", 16, DEFAULT_PORT),
    "P": (7, "192.168.0.0", 16, None),
    "T": (5, "10.0.0.0", 24, DEFAULT_PORT),
    "A": (10, "0.0.0.0", 32, None),
}


class BadCode(ValueError):
    """A table code that does not decode (the message says why, for the player)."""


def _check(form: str, digits: str) -> str:
    """A weighted sum mod 32 with odd weights: any one mistyped digit changes it (an odd weight times a
    difference under 32 is never a multiple of 32)."""
    total = _VALUE.get(form, 0)
    for i, c in enumerate(digits):
        total += (2 * i + 1) * _VALUE[c]
    return DIGITS[total % 32]


def encode(host: str, port: int) -> str:
    """The shortest code for an IPv4 address and port, grouped with dashes for reading aloud."""
    address = ipaddress.IPv4Address(host)
    if not 0 < port < 65536:
        raise ValueError(f"port {port} is not 1..65535")
    for form, (width, prefix, bits, fixed) in FORMS.items():
        network = ipaddress.IPv4Network(f"{prefix}/{32 - bits}")
        if address not in network or (fixed is not None and port != fixed):
            continue
        value = int(address) & ((1 << bits) - 1)
        if fixed is None:
            value = (value << 16) | port
        digits = "".join(DIGITS[(value >> (5 * i)) & 31] for i in reversed(range(width)))
        check = _check(form, digits)
        size = len(digits) if len(digits) <= 5 else (len(digits) + 1) // 2  # one group, or two even ones
        groups = [digits[i : i + size] for i in range(0, len(digits), size)]
        return "-".join([form, *groups, check])
    raise AssertionError("form A takes every address")


def decode(code: str) -> tuple[str, int]:
    """(host, port) from a code as typed; BadCode with a reason otherwise."""
    text = "".join(ch for ch in code.upper() if ch not in " -_.")
    if not text:
        raise BadCode("the table code is empty")
    form, body = text[0], text[1:]
    if form not in FORMS:
        raise BadCode(f"a table code starts with {', '.join(FORMS)}, not {form!r}")
    width, prefix, bits, fixed = FORMS[form]
    if len(body) != width + 1:
        raise BadCode(f"a table code starting with {form} has {width + 1} characters after it")
    unknown = [c for c in body if c not in _VALUE]
    if unknown:
        raise BadCode(f"{unknown[0]!r} is not in a table code")
    digits = "".join(DIGITS[_VALUE[c]] for c in body[:-1])
    if DIGITS[_VALUE[body[-1]]] != _check(form, digits):
        raise BadCode("that table code has a typo (its last character does not match)")
    value = 0
    for c in digits:
        value = value * 32 + _VALUE[c]
    port = fixed
    if fixed is None:
        value, port = value >> 16, value & 0xFFFF
    if value >> bits or not port:
        raise BadCode("that table code does not name an address")
    host = str(ipaddress.IPv4Address(int(ipaddress.IPv4Address(prefix)) | value))
    return host, port


def looks_like_code(text: str) -> bool:
    """True for what should be read as a code rather than HOST:PORT (no colon, starts with a form)."""
    text = text.strip()
    return bool(text) and ":" not in text and text[0].upper() in FORMS and "." not in text
