"""Text from files and peers made fit to show: no control characters, no NUL, a bounded length.

A seat name, a chat line or a note comes from a file anyone can edit or from another computer. Font
renderers refuse some of what such text may hold (SDL_ttf raises on NUL; a lone surrogate cannot be
encoded for it), control characters draw as boxes or move a terminal's cursor, and a megabyte of
text takes seconds to measure and may overflow a surface's width. `clean` is the one gate: it cuts
the text first (so its own cost is bounded whatever comes in), drops what no renderer should see,
and caps what is left, ending a cut text in "…".
"""

from __future__ import annotations

import re

__all__ = ["LINE", "NAME", "NOTE", "clean"]

NAME = 32  # a seat or player name as any screen shows it (the entry fields take 16)
LINE = 200  # one line of a log, a chat message or a notice
NOTE = 2_000  # a longer text: a note, a message box

# C0 and C1 controls, DEL, lone surrogates, and the characters that reorder text around them
# (bidirectional overrides), which could make a name read as something else
_UNFIT = re.compile("[\x00-\x1f\x7f-\x9f\ud800-\udfff\u202a-\u202e\u2066-\u2069\ufeff]+")
_BREAKS = re.compile("[\t\n\r\x0b\x0c\x85\u2028\u2029]+")


def clean(text: object, limit: int = LINE, *, lines: bool = False) -> str:
    """`text` as a renderer may safely draw it: line breaks become spaces (or are kept with
    `lines=True`), other control characters are dropped, and it is at most `limit` characters
    (the last one "…" when something was cut). Anything that is not a string is shown by its
    type's name rather than its repr, which might be huge."""
    if not isinstance(text, str):
        return f"<{type(text).__name__}>"[:limit]
    head = text[: limit * 2 + 16]  # enough to fill `limit` after dropping some; bounds the work
    cut = len(text) > len(head)
    if lines:
        head = head.replace("\r\n", "\n")
        head = "\n".join(_UNFIT.sub("", part) for part in head.split("\n"))
    else:
        head = _UNFIT.sub("", _BREAKS.sub(" ", head))
    if len(head) > limit or cut:
        return head[: max(0, limit - 1)] + "…"
    return head
