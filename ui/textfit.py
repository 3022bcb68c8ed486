"""Drawing text that came from outside: cleaned before the renderer, cut to a width in few steps.

Every surface of text the screens draw themselves goes through `render`, so a name, a chat line or a
notice holding NUL (which SDL_ttf refuses), control characters or a megabyte of text (seconds to
measure, and wider than any surface may be) draws as a short, plain line instead of stopping the game.
"""

from __future__ import annotations

import pygame

from game.plaintext import LINE, clean

ELLIPSIS = "…"


def render(
    font: pygame.font.Font, text: str, colour, limit: int = LINE, antialias: bool = True
) -> pygame.Surface:
    """`text`, cleaned and capped at `limit` characters (game.plaintext.clean), drawn with `font`."""
    return font.render(clean(text, limit), antialias, colour)


def clip_to_width(font: pygame.font.Font, line: str, width: int, limit: int = LINE) -> str:
    """`line`, cleaned and capped, as it is if it fits `width` pixels; else its longest start that
    fits with "…" after it, plus the "…". Found by halving the range of lengths (a text's width grows
    with its length), so it measures about log2(len) times, not once per character dropped."""
    line = clean(line, limit)
    if font.size(line)[0] <= width:
        return line
    if line.endswith(ELLIPSIS):
        line = line[:-1]
    low, high = 0, len(line)  # line[:low] + "…" fits (or low is 0); line[:high + 1] + "…" does not
    while low < high:
        mid = (low + high + 1) // 2
        if font.size(line[:mid] + ELLIPSIS)[0] <= width:
            low = mid
        else:
            high = mid - 1
    return line[:low] + ELLIPSIS


def wrap_to_width(
    font: pygame.font.Font, text: str, width: int, lines: int, breaks=None, limit: int = LINE
) -> list[str]:
    """`text`, cleaned and capped, in at most `lines` lines each `width` pixels wide or less, broken
    where `breaks(text)` allows (after spaces by default; ui.text.break_points also breaks Japanese);
    what does not fit in the last line is cut there with "…". A word wider than a line is cut too."""
    text = clean(text, limit)
    points = breaks(text) if breaks is not None else [i + 1 for i, ch in enumerate(text) if ch == " "]
    out: list[str] = []
    start = 0
    while start < len(text) and len(out) < lines - 1:
        if font.size(text[start:])[0] <= width:
            break
        fitting = [p for p in points if p > start and font.size(text[start:p].rstrip())[0] <= width]
        if not fitting:
            break  # one word wider than the line: the last line cuts it
        end = fitting[-1]
        out.append(text[start:end].rstrip())
        start = end
    out.append(clip_to_width(font, text[start:].lstrip(), width, limit))
    return out
