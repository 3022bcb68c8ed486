"""Draw the app icon (assets/icon.png, 256x256) from the game's own card art: a fanned ace and eight
on a felt disc with a red ドボン seal. Run with SDL_VIDEODRIVER=dummy; the PNG is committed."""

from __future__ import annotations

import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

from game.cards import deck  # noqa: E402
from ui.card_art import CardArt, font_path  # noqa: E402


def main() -> None:
    pygame.init()
    pygame.display.set_mode((1, 1))
    size = 512
    icon = pygame.Surface((size, size), pygame.SRCALPHA)
    pygame.draw.circle(icon, (20, 96, 64), (size // 2, size // 2), size // 2 - 4)
    pygame.draw.circle(icon, (236, 196, 92), (size // 2, size // 2), size // 2 - 4, 12)
    art = CardArt(300)
    cards = deck("52")
    for card, angle, dx in ((cards.card("AS"), 14, -70), (cards.card("8H"), -12, 70)):
        face = pygame.transform.rotozoom(art.face(card), angle, 1.0)
        icon.blit(face, face.get_rect(center=(size // 2 + dx, size // 2 - 20)))
    seal = pygame.Rect(0, 0, 300, 110)
    seal.center = (size // 2, size - 120)
    pygame.draw.ellipse(icon, (200, 30, 45), seal)
    pygame.draw.ellipse(icon, (236, 196, 92), seal, 8)
    text = pygame.font.Font(font_path(True), 64).render("ドボン", True, (255, 255, 255))
    icon.blit(text, text.get_rect(center=seal.center))
    out = pygame.transform.smoothscale(icon, (256, 256))
    pygame.image.save(out, str(ROOT / "assets" / "icon.png"))
    print("saved assets/icon.png")


if __name__ == "__main__":
    main()
