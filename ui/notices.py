"""Notices for the player, shown over whatever screen is up: a file set aside, settings reset.

Anything that finds a problem the player should know of (a settings file that could not be read, a
saved match or a kept LAN seat set aside) appends a line to `App.notices`; the bar shows them one at
a time over every scene (at the top, or where the scene says: `Scene.notices_at_top`), each for
`SHOW_S` seconds. The text is cleaned and capped (game.plaintext, ui.textfit): it may quote a file.
"""

from __future__ import annotations

import functools

import pygame

from .text import break_points
from .textfit import render, wrap_to_width

SHOW_S = 6.0
WHITE = (255, 255, 255)


def shown_for(text: str) -> float:
    """How long a notice stays: SHOW_S, and a second more for each 40 characters past the first 80
    (long ones name a file and what was wrong with it), at most twice SHOW_S."""
    return min(2 * SHOW_S, SHOW_S + max(0, len(text) - 80) / 40)


class NoticeBar:
    def __init__(self) -> None:
        self.text: str | None = None
        self.left = 0.0

    def update(self, dt: float, queue: list[str]) -> None:
        """Count down the one shown; take the next from `queue` when it is done."""
        if self.text is not None:
            self.left -= dt
            if self.left <= 0:
                self.text = None
        if queue and self.text is None:
            self.text = queue.pop(0)
            self.left = shown_for(self.text)

    def due_in(self, queue: list[str]) -> float | None:
        """Seconds until the bar changes by itself: the shown notice ends, or a queued one shows."""
        if self.text is not None:
            return max(0.0, self.left)
        return 0.0 if queue else None

    def dismiss(self) -> None:
        """Stop showing the current notice (the screen it was about has gone); queued ones stay."""
        self.text = None

    def draw(self, surface: pygame.Surface, at_top: bool = False) -> None:
        """The notice in a dark box along the window's top or bottom edge, cut to its width."""
        if not self.text:
            return
        w, h = surface.get_size()
        size = max(14, int(h * 0.024))
        font = _font(size)
        # cleaned (it may quote what a file held) and wrapped: a long notice on a small window reads
        # whole in up to three lines rather than stopping at "…"
        lines = [
            render(font, line, WHITE) for line in wrap_to_width(font, self.text, w - 48, 3, break_points)
        ]
        tall = sum(line.get_height() for line in lines)
        wide = max(line.get_width() for line in lines)
        at = pygame.Rect(0, 0, wide, tall)
        at.midtop = (w // 2, 16)
        if not at_top:
            at.midbottom = (w // 2, h - 16)
        box = at.inflate(24, 12)
        pygame.draw.rect(surface, (0, 0, 0), box, border_radius=10)
        y = at.top
        for line in lines:
            surface.blit(line, line.get_rect(midtop=(box.centerx, y)))
            y += line.get_height()


@functools.lru_cache(maxsize=4)
def _font(size: int) -> pygame.font.Font:
    from .card_art import font_path

    return pygame.font.Font(font_path(False), size)
