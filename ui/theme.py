"""The desktop's shared look: the table's colours and the theme's label font, in one module every
screen and the table drawing read, so a screen needs no other screen (or the table's drawing code)
for a colour or a text width (docs/ui.md, "Scenes by name")."""

from __future__ import annotations

import functools

import pygame

from game.cards import Suit

from . import palette
from .card_art import font_path

FELT = (22, 92, 62)
FELT_DARK = (10, 52, 36)
GOLD = (236, 196, 92)
WHITE = (245, 245, 240)
RED = (214, 48, 58)
BACKGROUND = (16, 62, 44)  # the record screens' (History, Statistics) darker felt
# the suit badge's and dial's colours: the table's own tones, or the four-colour deck's inks (ui/palette.py)
SUIT_COLOURS = palette.SuitColours(
    {Suit.SPADES: (30, 30, 40), Suit.CLUBS: (30, 30, 40), Suit.HEARTS: RED, Suit.DIAMONDS: RED}
)
LABEL_SIZE = 18  # px: the theme's label and button font (assets/theme.json)


@functools.cache
def label_font(bold: bool) -> pygame.font.Font:
    """The theme's label and button font, loaded once per weight."""
    return pygame.font.Font(font_path(bold), LABEL_SIZE)


def text_width(text: str, bold: bool = False) -> int:
    """How wide `text` is in the theme's 18 px label and button font (assets/theme.json)."""
    return label_font(bold).size(text)[0]
