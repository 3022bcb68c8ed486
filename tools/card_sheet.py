"""Render every card face and the back onto one PNG, to judge the card art by eye.

    SDL_VIDEODRIVER=dummy python3 tools/card_sheet.py docs/screenshots/cards.png [--height 140]

Rows: the 54-card deck (13 per suit row, then the two jokers, the back, and the back with the highlight
outline), then the 40 kabufuda cards (1..10 four times, the red pin and the ensouled four among them),
on green felt as the table shows them.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pygame

from game.cards import deck
from ui.card_art import CardArt

FELT = (22, 92, 54)


def felt(size: tuple[int, int]) -> pygame.Surface:
    """A felt-green background with a soft vignette and a faint weave, like the table's."""
    w, h = size
    surf = pygame.Surface(size)
    surf.fill(FELT)
    shade = pygame.Surface(size, pygame.SRCALPHA)
    for i in range(0, min(w, h) // 2, 4):
        alpha = max(0, 60 - i * 60 // max(1, min(w, h) // 4))
        pygame.draw.rect(shade, (0, 0, 0, alpha), pygame.Rect(i, i, w - 2 * i, h - 2 * i), 4)
    for y in range(0, h, 3):
        pygame.draw.line(shade, (255, 255, 255, 6), (0, y), (w, y))
    surf.blit(shade, (0, 0))
    return surf


def shadow(art: CardArt) -> pygame.Surface:
    """A soft shadow like the table's, so the sheet shows cards as they will sit on the felt."""
    w, h = art.size
    s = pygame.Surface((w + 8, h + 8), pygame.SRCALPHA)
    for i in range(4):
        pygame.draw.rect(
            s, (0, 0, 0, 22), pygame.Rect(i, i, w + 8 - 2 * i, h + 8 - 2 * i), 0, round(art.radius) + 4 - i
        )
    return s


def render_sheet(height: int) -> tuple[pygame.Surface, float]:
    """The sheet and how long rendering all faces took (seconds, first render, no cache)."""
    pygame.display.init()
    pygame.font.init()
    art = CardArt(height)
    kart = CardArt(height, shape="kabufuda")  # kabufuda are narrower, with their own back
    french = list(deck("54"))
    kabu = list(deck("kabufuda"))
    start = time.perf_counter()
    faces = [art.face(c) for c in french] + [kart.face(c) for c in kabu] + [art.back(), kart.back()]
    elapsed = time.perf_counter() - start
    del faces
    w, h = art.size
    gap = max(6, h // 12)
    cols = 13
    rows = [french[i : i + 13] for i in range(0, 52, 13)] + [french[52:]]
    kabu_rows = [kabu[i : i + 10] for i in range(0, 40, 10)]
    n_rows = len(rows) + len(kabu_rows)
    sheet = felt((gap + cols * (w + gap), gap + n_rows * (h + gap) + gap))
    drop = shadow(art)
    y = gap
    for r, row in enumerate(rows):
        images = [art.face(c) for c in row]
        if r == len(rows) - 1:  # after the jokers: the back, then the back with the highlight outline
            ring = art.back().copy()
            ring.blit(art.outline((255, 215, 80), 3), (0, 0))
            images += [art.back(), ring]
        for i, image in enumerate(images):
            x = gap + i * (w + gap)
            sheet.blit(drop, (x + 2, y + 3))
            sheet.blit(image, (x, y))
        y += h + gap
    y += gap
    kdrop = shadow(kart)
    for r, row in enumerate(kabu_rows):
        images = [kart.face(c) for c in row] + ([kart.back()] if r == 0 else [])
        for i, image in enumerate(images):
            x = gap + i * (w + gap)
            sheet.blit(kdrop, (x + 2, y + 3))
            sheet.blit(image, (x, y))
        y += h + gap
    return sheet, elapsed


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("output", help="PNG file to write")
    parser.add_argument("--height", type=int, default=140, help="card height in pixels (default 140)")
    args = parser.parse_args(argv)
    sheet, elapsed = render_sheet(args.height)
    out = Path(args.output)
    out.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(sheet, str(out))
    print(f"{out}: {sheet.get_width()}x{sheet.get_height()}, faces rendered in {elapsed * 1000:.0f} ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
