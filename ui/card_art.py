"""Card faces and backs, drawn by code at any size.

Why code and not image files: the table scales cards with the window (from ~60 px tall hands to ~260 px
close-ups), and bitmaps scaled that far either blur or alias. Drawing every face at its final size keeps
indices sharp, needs no art licence, and costs a few milliseconds per face, once (faces are cached).

How it stays smooth without numpy: shapes that pygame cannot anti-alias (filled polygons, rounded
rectangles) are drawn at 3-4x on a scratch surface and `smoothscale`d down. Transparent scratch surfaces
are pre-filled with the shape's own colour at alpha 0, because `smoothscale` does not premultiply alpha
and would otherwise leave a dark fringe. Text is rendered by the font directly at its final size, which
is crisper than downscaling.

Suit pips are vector shapes, not font glyphs, so every machine shows the same cards.
"""

from __future__ import annotations

import importlib.util
import math
from collections.abc import Sequence
from pathlib import Path

import pygame

from game.cards import Card, Suit

from . import palette

RGB = tuple[int, int, int]
RGBA = tuple[int, int, int, int]
Point = tuple[float, float]

ASPECT = 0.714  # width / height of a poker-size card (63 x 88 mm)
# Each deck's card shape: width / height. Kabufuda are narrow (about 33 x 54 mm) and have their own back.
ASPECTS = {"poker": ASPECT, "kabufuda": 0.61}


def card_shape(deck_name: str) -> str:
    """The shape of a deck's cards (a key of ASPECTS), from the deck's name (game.cards.deck)."""
    return "kabufuda" if deck_name == "kabufuda" else "poker"


# Palette. The reds and blacks are those of printed decks: a deep, slightly blue red and a warm near-black.
RED: RGB = (200, 30, 45)
BLACK: RGB = (26, 26, 32)
PAPER: RGB = (252, 251, 246)
EDGE: RGB = (158, 156, 150)
GOLD: RGB = (214, 168, 58)
GOLD_DARK: RGB = (150, 108, 30)
CREAM: RGB = (246, 236, 210)
SKIN: RGB = (246, 208, 170)
SKIN_SHADE: RGB = (222, 170, 130)

# Court colours per rank: (main, light, dark). Distinct hues so J, Q and K differ at a glance.
COURT: dict[int, tuple[RGB, RGB, RGB]] = {
    11: ((38, 84, 178), (120, 160, 230), (20, 44, 110)),  # jack: blue
    12: ((186, 32, 52), (236, 120, 130), (110, 16, 30)),  # queen: red
    13: ((104, 46, 146), (170, 120, 210), (58, 22, 88)),  # king: purple
}

KANJI = "一二三四五六七八九十"
RANK_TEXT = {1: "A", 11: "J", 12: "Q", 13: "K"}

# Standard pip layouts: (column, row) with column in {0, 0.5, 1} across the pip field and row 0..1 down it.
_L, _C, _R = 0.0, 0.5, 1.0
PIP_LAYOUTS: dict[int, tuple[tuple[float, float], ...]] = {
    2: ((_C, 0), (_C, 1)),
    3: ((_C, 0), (_C, 0.5), (_C, 1)),
    4: ((_L, 0), (_R, 0), (_L, 1), (_R, 1)),
    5: ((_L, 0), (_R, 0), (_C, 0.5), (_L, 1), (_R, 1)),
    6: ((_L, 0), (_R, 0), (_L, 0.5), (_R, 0.5), (_L, 1), (_R, 1)),
    7: ((_L, 0), (_R, 0), (_C, 0.25), (_L, 0.5), (_R, 0.5), (_L, 1), (_R, 1)),
    8: ((_L, 0), (_R, 0), (_C, 0.25), (_L, 0.5), (_R, 0.5), (_C, 0.75), (_L, 1), (_R, 1)),
    9: (*((c, r) for c in (_L, _R) for r in (0, 1 / 3, 2 / 3, 1)), (_C, 0.5)),
    10: (*((c, r) for c in (_L, _R) for r in (0, 1 / 3, 2 / 3, 1)), (_C, 1 / 6), (_C, 5 / 6)),
}


def font_path(bold: bool = False) -> str:
    """The Noto Sans JP that ships inside pygame-gui.

    Found through the package's import spec rather than a system font, so every machine (and a frozen
    build that bundles pygame-gui's data) renders identical cards, and the kanji of kabufuda are covered.
    """
    spec = importlib.util.find_spec("pygame_gui")
    folders = list(spec.submodule_search_locations or []) if spec else []
    name = "NotoSansJP-Bold.otf" if bold else "NotoSansJP-Regular.otf"
    for folder in folders:
        path = Path(folder) / "data" / name
        if path.is_file():
            return str(path)
    raise FileNotFoundError(f"{name} not found in the pygame_gui package")


# --------------------------------------------------------------------------------------------- geometry


class _Pen:
    """Maps unit coordinates of a box onto pixels, so shapes are designed once and drawn at any scale."""

    def __init__(self, surf: pygame.Surface, x: float, y: float, w: float, h: float, flip: bool = False):
        self.surf, self.x, self.y, self.w, self.h, self.flip = surf, x, y, w, h, flip

    def p(self, u: float, v: float) -> Point:
        if self.flip:
            u, v = 1 - u, 1 - v
        return (self.x + u * self.w, self.y + v * self.h)

    def n(self, length: float) -> float:
        """A length in units of the box width."""
        return length * self.w

    def poly(self, colour: Sequence[int], pts: Sequence[Point]) -> None:
        pygame.draw.polygon(self.surf, colour, [self.p(u, v) for u, v in pts])

    def circle(self, colour: Sequence[int], u: float, v: float, r: float, width: int = 0) -> None:
        pygame.draw.circle(self.surf, colour, self.p(u, v), max(1.0, self.n(r)), width)

    def ellipse(
        self, colour: Sequence[int], u: float, v: float, ru: float, rv: float, width: int = 0
    ) -> None:
        cx, cy = self.p(u, v)
        rw, rh = ru * self.w, rv * self.h
        pygame.draw.ellipse(
            self.surf,
            colour,
            pygame.Rect(round(cx - rw), round(cy - rh), round(2 * rw), round(2 * rh)),
            width,
        )

    def line(self, colour: Sequence[int], a: Point, b: Point, width: float) -> None:
        pygame.draw.line(self.surf, colour, self.p(*a), self.p(*b), max(1, round(self.n(width))))

    def rect(
        self,
        colour: Sequence[int],
        u0: float,
        v0: float,
        u1: float,
        v1: float,
        radius: float = 0,
        width: float = 0,
    ) -> None:
        (x0, y0), (x1, y1) = self.p(u0, v0), self.p(u1, v1)
        box = pygame.Rect(round(min(x0, x1)), round(min(y0, y1)), round(abs(x1 - x0)), round(abs(y1 - y0)))
        pygame.draw.rect(self.surf, colour, box, round(self.n(width)) if width else 0, round(self.n(radius)))


def _tangent(centre: Point, r: float, point: Point, side: int) -> Point:
    """Where a line from `point` touches the circle (centre, r) on the `side` (-1 left, +1 right) of it."""
    dx, dy = point[0] - centre[0], point[1] - centre[1]
    d = math.hypot(dx, dy)
    a = math.atan2(dy, dx)
    b = math.acos(min(1.0, r / d))
    options = [(centre[0] + r * math.cos(a + s * b), centre[1] + r * math.sin(a + s * b)) for s in (-1, 1)]
    return min(options, key=lambda q: side * -q[0])


def _lobes(pen: _Pen, colour: Sequence[int], lobe_v: float, dx: float, r: float, tip_v: float) -> None:
    """Two circles joined to a point by tangent lines: a heart (tip below) or a spade's blade (tip above)."""
    left, right, tip = (0.5 - dx, lobe_v), (0.5 + dx, lobe_v), (0.5, tip_v)
    pen.circle(colour, *left, r)
    pen.circle(colour, *right, r)
    tl, tr = _tangent(left, r, tip, -1), _tangent(right, r, tip, 1)
    pen.poly(colour, [tl, left, (0.5, lobe_v), right, tr, tip])


def draw_suit(pen: _Pen, suit: Suit, colour: Sequence[int]) -> None:
    """One suit symbol filling the pen's box (designed in a unit square; the symbol is upright)."""
    if suit is Suit.HEARTS:
        _lobes(pen, colour, 0.30, 0.235, 0.265, 0.97)
    elif suit is Suit.DIAMONDS:
        pen.poly(colour, [(0.5, 0.0), (0.86, 0.5), (0.5, 1.0), (0.14, 0.5)])
    elif suit is Suit.SPADES:
        _lobes(pen, colour, 0.57, 0.225, 0.245, 0.0)
        pen.poly(colour, [(0.46, 0.6), (0.54, 0.6), (0.58, 0.86), (0.7, 1.0), (0.3, 1.0), (0.42, 0.86)])
    else:
        for u, v in ((0.5, 0.25), (0.265, 0.6), (0.735, 0.6)):
            pen.circle(colour, u, v, 0.225)
        pen.circle(colour, 0.5, 0.52, 0.14)
        pen.poly(colour, [(0.46, 0.55), (0.54, 0.55), (0.58, 0.86), (0.7, 1.0), (0.3, 1.0), (0.42, 0.86)])


def suit_colour(suit: Suit | None) -> RGB:
    """The suit's ink in the palette chosen now (ui/palette.py: two or four colours)."""
    return palette.suit_colour(suit)


def _scratch(w: int, h: int, colour: Sequence[int] | None) -> pygame.Surface:
    """A supersampling canvas: transparent in `colour` (see module doc) or opaque if colour has alpha 255."""
    surf = pygame.Surface((max(1, w), max(1, h)), pygame.SRCALPHA)
    if colour is not None:
        surf.fill(colour)
    return surf


def _down(surf: pygame.Surface, size: tuple[int, int]) -> pygame.Surface:
    return pygame.transform.smoothscale(surf, (max(1, size[0]), max(1, size[1])))


def _clip_round(surf: pygame.Surface, radius: int) -> pygame.Surface:
    """Make the corners of `surf` transparent, following a rounded rectangle of `radius`."""
    mask = _scratch(*surf.get_size(), (255, 255, 255, 0))
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), 0, radius)
    surf.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    return surf


def _seigaiha(size: tuple[int, int], r: float, ground: RGB, ink: RGB, radius: int) -> pygame.Surface:
    """The seigaiha wave pattern (overlapping fans of rings), a classic ground for Japanese cards."""
    w, h = size
    surf = _scratch(w, h, (*ground, 255))
    ring = max(1, round(r * 0.16))
    row = 0
    y = -r
    while y < h + r:
        offset = 0.0 if row % 2 == 0 else r
        x = -r + offset
        while x < w + r:
            pygame.draw.circle(surf, ground, (x, y), r)
            for i in range(3):
                pygame.draw.circle(surf, ink, (x, y), r * (1 - i * 0.3), ring)
            x += 2 * r
        y += r * 0.5
        row += 1
    return _clip_round(surf, radius)


# --------------------------------------------------------------------------------------------- the art


class CardArt:
    """All card images for one card height. Make one per size the table shows; each caches its faces."""

    def __init__(self, height: int, font_path: str | None = None, shape: str = "poker"):
        if not pygame.font.get_init():
            pygame.font.init()
        self.shape = shape  # "poker" or "kabufuda" (ASPECTS): the card's proportions and its back
        self.height = max(24, int(height))
        self.width = round(self.height * ASPECTS[shape])
        self.size: tuple[int, int] = (self.width, self.height)
        self._font_file = font_path or globals()["font_path"](bold=True)
        self.radius = max(3.0, self.height * 0.045)
        self.edge = max(1.0, self.height / 150)
        # Supersampling factor: more for small cards (where every pixel of edge matters), less for big ones.
        self.ss = 4 if self.height < 120 else 3 if self.height < 200 else 2
        h = self.height
        # Corner index: cap height grows relatively at small sizes so hands stay readable when fanned.
        self.cap = max(0.1 * h, min(0.125 * h, 12.0))
        self.index_pip = self.cap * 0.78
        self.index_x = max(self.width * 0.115, self.cap * 0.62 + 2)
        self.index_y = max(h * 0.05, 3.0)
        self._faces: dict[tuple[object, ...], pygame.Surface] = {}
        self._fonts: dict[int, pygame.font.Font] = {}
        self._texts: dict[tuple[object, ...], pygame.Surface] = {}
        self._pips: dict[tuple[object, ...], pygame.Surface] = {}
        self._outlines: dict[tuple[object, ...], pygame.Surface] = {}
        self._bases: dict[str, pygame.Surface] = {}
        self._back: pygame.Surface | None = None
        self._cap_ratio = self._measure_cap_ratio()

    # ----------------------------------------------------------------------------------------- public

    def face(self, card: Card) -> pygame.Surface:
        """The face of `card`. Identical faces (two decks, four kabufuda sevens) share one surface."""
        if card.kabufuda:
            key: tuple[object, ...] = ("kabufuda", card.rank, card.mark)
        elif card.rank == 0 or card.suit is None:
            key = ("joker", card.copy % 2)
        else:
            key = ("french", card.rank, int(card.suit), palette.current())
        surf = self._faces.get(key)
        if surf is None:
            surf = self._finish(self._render(card))
            self._faces[key] = surf
        return surf

    def back(self) -> pygame.Surface:
        """The card back, drawn once."""
        if self._back is None:
            render = self._render_kabufuda_back if self.shape == "kabufuda" else self._render_back
            self._back = self._finish(render())
        return self._back

    def outline(self, colour: Sequence[int], width: int = 3) -> pygame.Surface:
        """A card-shaped rounded outline (e.g. a highlight ring for selectable cards)."""
        key = (tuple(colour), int(width))
        surf = self._outlines.get(key)
        if surf is None:
            k = self.ss
            big = _scratch(self.width * k, self.height * k, (*tuple(colour)[:3], 0))
            pygame.draw.rect(big, colour, big.get_rect(), max(1, width) * k, round(self.radius * k))
            surf = self._finish(_down(big, self.size))
            self._outlines[key] = surf
        return surf

    # ----------------------------------------------------------------------------------------- helpers

    @staticmethod
    def _finish(surf: pygame.Surface) -> pygame.Surface:
        """Convert to the display's format when there is one (faster blits); plain SRCALPHA otherwise."""
        if pygame.display.get_init() and pygame.display.get_surface() is not None:
            return surf.convert_alpha()
        return surf

    def _font(self, size: int) -> pygame.font.Font:
        size = max(4, size)
        font = self._fonts.get(size)
        if font is None:
            font = pygame.font.Font(self._font_file, size)
            self._fonts[size] = font
        return font

    def _measure_cap_ratio(self) -> float:
        """Cap height / font size of the chosen font, so indices can be sized by their visible height."""
        ink = self._font(100).render("H", True, (0, 0, 0)).get_bounding_rect()
        return max(0.3, ink.height / 100)

    def _text(
        self, text: str, cap: float, colour: Sequence[int], max_width: float | None = None
    ) -> pygame.Surface:
        """`text` whose capitals are `cap` px tall, cropped to its ink and aligned at the cap line.

        Too-wide text (the 10) is narrowed like the condensed 10 of printed decks.
        """
        key = (text, round(cap * 4), tuple(colour), None if max_width is None else round(max_width * 4))
        surf = self._texts.get(key)
        if surf is None:
            font = self._font(round(cap / self._cap_ratio))
            raw = font.render(text, True, colour)
            ink = raw.get_bounding_rect(min_alpha=8)
            surf = raw.subsurface(ink).copy() if ink.width and ink.height else raw
            if max_width is not None and surf.get_width() > max_width:
                surf = pygame.transform.smoothscale(surf, (max(1, round(max_width)), surf.get_height()))
            self._texts[key] = surf
        return surf

    def _glyph(self, text: str, px: float, colour: Sequence[int]) -> pygame.Surface:
        """A glyph rendered at font size `px`, cropped to its ink (used for kanji, centred by their ink)."""
        key = ("glyph", text, round(px), tuple(colour))
        surf = self._texts.get(key)
        if surf is None:
            raw = self._font(round(px)).render(text, True, colour)
            ink = raw.get_bounding_rect(min_alpha=8)
            surf = raw.subsurface(ink).copy() if ink.width and ink.height else raw
            self._texts[key] = surf
        return surf

    def _pip(
        self, suit: Suit, size: float, flipped: bool = False, colour: Sequence[int] | None = None
    ) -> pygame.Surface:
        """A suit symbol `size` px tall, anti-aliased by drawing at 4x; cached per size and orientation."""
        colour = tuple(colour or suit_colour(suit))
        n = max(3, round(size))
        key = (suit, n, flipped, colour)
        surf = self._pips.get(key)
        if surf is None:
            k = 4
            big = _scratch(n * k, n * k, (*colour[:3], 0))
            draw_suit(_Pen(big, 0, 0, n * k, n * k), suit, colour)
            surf = _down(big, (n, n))
            if flipped:
                surf = pygame.transform.flip(surf, True, True)
            self._pips[key] = surf
        return surf

    @staticmethod
    def _blit_centred(dest: pygame.Surface, src: pygame.Surface, cx: float, cy: float) -> None:
        dest.blit(src, (round(cx - src.get_width() / 2), round(cy - src.get_height() / 2)))

    def _base(self, kind: str = "paper") -> pygame.Surface:
        """The blank card: rounded corners, thin edge. `lacquer` is the black lacquer kabufuda blank."""
        surf = self._bases.get(kind)
        if surf is None:
            k = self.ss
            w, h = self.width * k, self.height * k
            edge, fill = (EDGE, PAPER) if kind == "paper" else ((12, 10, 10), (34, 26, 28))
            big = _scratch(w, h, (*edge, 0))
            r = round(self.radius * k)
            pygame.draw.rect(big, edge, big.get_rect(), 0, r)
            e = round(self.edge * k)
            pygame.draw.rect(big, fill, big.get_rect().inflate(-2 * e, -2 * e), 0, max(0, r - e))
            surf = _down(big, self.size)
            self._bases[kind] = surf
        return surf

    def _corners(
        self, surf: pygame.Surface, block: pygame.Surface, cx: float | None = None, top: float | None = None
    ) -> None:
        """Put a corner block top-left (centred on the index column) and its 180° turn bottom-right."""
        cx = self.index_x if cx is None else cx
        top = self.index_y if top is None else top
        x = round(cx - block.get_width() / 2)
        y = round(top)
        surf.blit(block, (x, y))
        turned = pygame.transform.rotate(block, 180)
        surf.blit(turned, (self.width - x - block.get_width(), self.height - y - block.get_height()))

    def _stack(self, parts: Sequence[pygame.Surface], gap: float) -> pygame.Surface:
        """Parts one under another, centred on a common column."""
        g = round(gap)
        w = max(p.get_width() for p in parts)
        h = sum(p.get_height() for p in parts) + g * (len(parts) - 1)
        block = pygame.Surface((w, h), pygame.SRCALPHA)
        y = 0
        for part in parts:
            block.blit(part, ((w - part.get_width()) // 2, y))
            y += part.get_height() + g
        return block

    def _index(self, rank: int, suit: Suit) -> pygame.Surface:
        colour = suit_colour(suit)
        text = RANK_TEXT.get(rank, str(rank))
        glyph = self._text(text, self.cap, colour, max_width=self.cap * 1.15)
        pip = self._pip(suit, self.index_pip)
        return self._stack([glyph, pip], max(1.0, self.cap * 0.22))

    # ----------------------------------------------------------------------------------------- faces

    def _render(self, card: Card) -> pygame.Surface:
        if card.kabufuda:
            return self._render_kabufuda(card.rank, card.mark)
        if card.rank == 0 or card.suit is None:
            return self._render_joker(card.copy % 2)
        surf = self._base().copy()
        if card.rank >= 11:
            self._draw_court(surf, card.rank, card.suit)
        elif card.rank == 1:
            self._draw_ace(surf, card.suit)
        else:
            self._draw_pips(surf, card.rank, card.suit)
        self._corners(surf, self._index(card.rank, card.suit))
        return surf

    def _draw_pips(self, surf: pygame.Surface, rank: int, suit: Suit) -> None:
        w, h = self.width, self.height
        size = h * 0.145
        # The side columns keep clear of the corner index (relatively larger on small cards); if that
        # squeezes them together, the pips shrink instead. Same columns for every rank, as in print.
        index_right = self.index_x + self.cap * 0.575 + 1
        x0 = max(w * 0.3, index_right + size / 2)
        if w - 2 * x0 < 1.1 * size:
            size = (w - 2 * index_right) / 2.1
            x0 = index_right + size / 2
        x1 = w - x0
        y0, y1 = h * 0.2, h * 0.8
        if rank <= 3:  # one column: a touch larger, like printed decks
            size = max(size, h * 0.155)
        elif rank >= 9:  # four rows plus centre pips: a touch smaller so they do not touch
            size = min(size, h * 0.135)
        up, down = self._pip(suit, size), self._pip(suit, size, flipped=True)
        for col, row in PIP_LAYOUTS[rank]:
            cx = x0 + (x1 - x0) * col
            cy = y0 + (y1 - y0) * row
            self._blit_centred(surf, down if row > 0.5 else up, cx, cy)

    def _draw_ace(self, surf: pygame.Surface, suit: Suit) -> None:
        w, h = self.width, self.height
        if suit is not Suit.SPADES:
            self._blit_centred(surf, self._pip(suit, h * 0.3), w / 2, h / 2)
            return
        # The ace of spades: big, with a white inline and a beaded ring, as printers decorate it.
        k = self.ss
        side = round(w * 0.82)
        big = _scratch(side * k, side * k, (*BLACK, 0))
        pen = _Pen(big, 0, 0, side * k, side * k)
        pen.circle(BLACK, 0.5, 0.5, 0.49, width=max(1, round(pen.n(0.012))))
        for i in range(24):  # a ring of beads
            a = i * math.tau / 24
            pen.circle(BLACK, 0.5 + 0.455 * math.cos(a), 0.5 + 0.455 * math.sin(a), 0.012)
        inner = _Pen(big, pen.n(0.14), pen.n(0.12), pen.n(0.72), pen.n(0.76))
        draw_suit(inner, Suit.SPADES, BLACK)
        line = _Pen(big, pen.n(0.25), pen.n(0.26), pen.n(0.5), pen.n(0.44))
        _lobes(line, PAPER, 0.57, 0.225, 0.245, 0.0)
        fill = _Pen(big, pen.n(0.271), pen.n(0.292), pen.n(0.458), pen.n(0.385))
        _lobes(fill, BLACK, 0.57, 0.225, 0.245, 0.0)
        self._blit_centred(surf, _down(big, (side, side)), w / 2, h / 2)

    def _draw_court(self, surf: pygame.Surface, rank: int, suit: Suit) -> None:
        w, h = self.width, self.height
        # The panel keeps clear of the corner indices, which are relatively larger on small cards.
        px0 = max(round(w * 0.2), math.ceil(self.index_x + self.cap * 0.62 + 1))
        px1 = w - px0
        py0, py1 = round(h * 0.085), round(h * 0.915)
        pw, ph = px1 - px0, py1 - py0
        k = self.ss
        main, light, dark = COURT[rank]
        half = _scratch(pw * k, (ph * k + 1) // 2, (*CREAM, 255))
        self._court_half(half, rank, suit, main, light, dark)
        panel = _scratch(pw * k, ph * k, (*CREAM, 255))
        panel.blit(half, (0, 0))
        panel.blit(pygame.transform.rotate(half, 180), (0, ph * k - half.get_height()))
        # Divider and frame.
        mid = ph * k // 2
        pygame.draw.line(panel, GOLD, (0, mid), (pw * k, mid), max(1, round(h * 0.008 * k)))
        frame = panel.get_rect()
        pygame.draw.rect(panel, main, frame, max(1, round(h * 0.009 * k)))
        pygame.draw.rect(
            panel,
            GOLD,
            frame.inflate(-round(h * 0.022 * k), -round(h * 0.022 * k)),
            max(1, round(h * 0.005 * k)),
        )
        surf.blit(_down(panel, (pw, ph)), (px0, py0))

    def _court_half(
        self, half: pygame.Surface, rank: int, suit: Suit, main: RGB, light: RGB, dark: RGB
    ) -> None:
        """The upper half of a double-headed court: bust, headwear by rank, suit pips in the corners.

        Designed in unit coordinates of the half panel (which is roughly square), with the waist on the
        divider, so the turned copy below joins it like the two heads of a printed court card.
        """
        hw, hh = half.get_size()
        pen = _Pen(half, 0, 0, hw, hh)
        hair = {11: (92, 58, 34), 12: (200, 140, 56), 13: (112, 74, 46)}[rank]
        # Background wash of the rank's colour behind the figure.
        pen.ellipse(light, 0.5, 0.62, 0.46, 0.5)
        pen.ellipse(CREAM, 0.5, 0.62, 0.42, 0.46)
        if rank == 12:  # the queen's hair falls behind the shoulders
            pen.ellipse(hair, 0.5, 0.6, 0.22, 0.3)
        # Robe with rounded shoulders and contrasting sleeves.
        pen.poly(main, [(0.08, 1.0), (0.1, 0.84), (0.24, 0.71), (0.76, 0.71), (0.9, 0.84), (0.92, 1.0)])
        pen.circle(main, 0.25, 0.85, 0.15)
        pen.circle(main, 0.75, 0.85, 0.15)
        for side in (-1, 1):
            u = 0.5 + side * 0.31
            pen.poly(light, [(u - 0.07, 1.0), (u - 0.07, 0.86), (u, 0.8), (u + 0.07, 0.86), (u + 0.07, 1.0)])
            pen.poly(GOLD, [(u - 0.07, 0.9), (u + 0.07, 0.9), (u + 0.07, 0.93), (u - 0.07, 0.93)])
        # Collar: ermine for the king, gold lace for the others; then the centre band.
        pen.poly(GOLD, [(0.27, 0.71), (0.5, 0.92), (0.73, 0.71)])
        if rank == 13:
            pen.poly(PAPER, [(0.24, 0.71), (0.5, 0.9), (0.76, 0.71), (0.7, 0.76), (0.5, 0.95), (0.3, 0.76)])
            for u, v in ((0.33, 0.77), (0.42, 0.85), (0.58, 0.85), (0.67, 0.77)):
                pen.ellipse(BLACK, u, v, 0.01, 0.02)
        pen.poly(SKIN_SHADE, [(0.39, 0.71), (0.5, 0.82), (0.61, 0.71)])
        pen.rect(GOLD, 0.45, 0.9, 0.55, 1.0)
        for v in (0.94, 0.99):
            pen.circle(dark, 0.5, v, 0.02)
        # Neck and head.
        pen.rect(SKIN_SHADE, 0.44, 0.58, 0.56, 0.73)
        if rank == 13:  # beard behind the chin
            pen.ellipse(hair, 0.5, 0.6, 0.15, 0.14)
        pen.ellipse(SKIN, 0.5, 0.47, 0.14, 0.17)
        # Hair and headwear per rank.
        if rank == 11:  # jack: short hair, a beret with a feather
            pen.poly(
                hair,
                [
                    (0.36, 0.5),
                    (0.36, 0.36),
                    (0.5, 0.31),
                    (0.64, 0.36),
                    (0.64, 0.5),
                    (0.61, 0.39),
                    (0.39, 0.39),
                ],
            )
            pen.poly(PAPER, [(0.6, 0.3), (0.86, 0.06), (0.9, 0.09), (0.65, 0.32)])
            pen.line(GOLD_DARK, (0.62, 0.31), (0.88, 0.075), 0.008)
            pen.ellipse(main, 0.49, 0.29, 0.2, 0.085)
            pen.rect(GOLD, 0.33, 0.33, 0.67, 0.37)
            pen.circle(RED, 0.5, 0.35, 0.02)
        elif rank == 12:  # queen: long hair, a pearled tiara
            pen.poly(
                hair,
                [(0.35, 0.56), (0.36, 0.37), (0.5, 0.31), (0.64, 0.37), (0.65, 0.56), (0.6, 0.4), (0.4, 0.4)],
            )
            pen.poly(
                GOLD,
                [
                    (0.36, 0.35),
                    (0.4, 0.19),
                    (0.45, 0.29),
                    (0.5, 0.13),
                    (0.55, 0.29),
                    (0.6, 0.19),
                    (0.64, 0.35),
                ],
            )
            for u, v in ((0.4, 0.18), (0.5, 0.12), (0.6, 0.18)):
                pen.circle(PAPER, u, v, 0.025)
            pen.circle(main, 0.5, 0.3, 0.022)
        else:  # king: a tall crown with jewels, moustache and beard
            pen.poly(hair, [(0.36, 0.5), (0.37, 0.37), (0.63, 0.37), (0.64, 0.5)])
            pen.ellipse(SKIN, 0.5, 0.47, 0.12, 0.15)
            pen.poly(
                GOLD,
                [
                    (0.33, 0.37),
                    (0.33, 0.14),
                    (0.41, 0.24),
                    (0.5, 0.07),
                    (0.59, 0.24),
                    (0.67, 0.14),
                    (0.67, 0.37),
                ],
            )
            pen.rect(GOLD_DARK, 0.33, 0.31, 0.67, 0.37)
            for u in (0.4, 0.5, 0.6):
                pen.circle((200, 30, 45) if u == 0.5 else (40, 110, 190), u, 0.34, 0.02)
            for u, v in ((0.33, 0.13), (0.5, 0.06), (0.67, 0.13)):
                pen.circle(GOLD, u, v, 0.025)
            pen.poly(
                hair,
                [
                    (0.37, 0.5),
                    (0.41, 0.63),
                    (0.5, 0.7),
                    (0.59, 0.63),
                    (0.63, 0.5),
                    (0.57, 0.59),
                    (0.43, 0.59),
                ],
            )
            pen.ellipse(hair, 0.5, 0.56, 0.08, 0.022)
        # Face: eyes, brows, cheeks, mouth.
        for u in (0.45, 0.55):
            pen.ellipse(BLACK, u, 0.46, 0.013, 0.02)
            pen.line(hair, (u - 0.03, 0.42), (u + 0.03, 0.42), 0.01)
        pen.ellipse((240, 168, 150), 0.42, 0.52, 0.022, 0.015)
        pen.ellipse((240, 168, 150), 0.58, 0.52, 0.022, 0.015)
        if rank != 13:
            pen.ellipse((196, 60, 70), 0.5, 0.56, 0.032, 0.013)
        # What each holds: the jack a halberd, the queen a rose, the king a sword.
        if rank == 11:
            pen.line(GOLD_DARK, (0.9, 1.0), (0.9, 0.38), 0.022)
            pen.poly((175, 180, 192), [(0.9, 0.24), (0.94, 0.38), (0.9, 0.43), (0.86, 0.38)])
            pen.poly((175, 180, 192), [(0.9, 0.44), (0.97, 0.4), (0.97, 0.52), (0.9, 0.48)])
        elif rank == 12:
            pen.line((40, 130, 60), (0.13, 1.0), (0.14, 0.6), 0.016)
            pen.ellipse((40, 130, 60), 0.1, 0.74, 0.03, 0.015)
            for i in range(5):
                a = i * math.tau / 5 - math.pi / 2
                pen.circle(RED, 0.14 + 0.04 * math.cos(a), 0.56 + 0.04 * math.sin(a), 0.032)
            pen.circle(GOLD, 0.14, 0.56, 0.024)
        else:
            pen.line((205, 210, 222), (0.9, 0.98), (0.9, 0.34), 0.035)
            pen.line((140, 146, 160), (0.9, 0.98), (0.9, 0.36), 0.008)
            pen.rect(GOLD, 0.83, 0.62, 0.97, 0.66)
            pen.circle(GOLD, 0.9, 0.32, 0.028)
        # Suit pips in the panel's corners (the turned half puts them in the other two).
        colour = suit_colour(suit)
        for u in (0.04, 0.78):
            draw_suit(_Pen(half, u * hw, 0.04 * hw, 0.18 * hw, 0.18 * hw), suit, colour)

    def _render_joker(self, variant: int) -> pygame.Surface:
        """Jokers: JOKER spelt down the corners and a jester on a star. The second joker is green/black."""
        surf = self._base().copy()
        w, h = self.width, self.height
        ink, accent, accent2 = (
            (RED, (40, 84, 178), GOLD) if variant == 0 else (BLACK, (30, 130, 80), (120, 60, 160))
        )
        letters = [self._text(ch, self.cap * 0.72, ink) for ch in "JOKER"]
        star = self._star_surface(round(self.cap * 0.8), ink)
        self._corners(surf, self._stack([*letters, star], max(1.0, self.cap * 0.16)))
        k = self.ss
        side = round(w * 0.68)
        big = _scratch(side * k, side * k, (*PAPER, 0))
        pen = _Pen(big, 0, 0, side * k, side * k)
        # Star burst.
        pts: list[Point] = []
        for i in range(16):
            a = i * math.tau / 16 - math.pi / 2
            r = 0.5 if i % 2 == 0 else 0.26
            pts.append((0.5 + r * math.cos(a), 0.5 + r * math.sin(a)))
        pen.poly(GOLD if variant == 0 else (226, 196, 90), pts)
        pen.circle(PAPER, 0.5, 0.5, 0.3)
        # Jester's hat: three floppy points with bells.
        pen.poly(ink, [(0.34, 0.5), (0.1, 0.3), (0.22, 0.52), (0.4, 0.56)])
        pen.poly(accent, [(0.38, 0.52), (0.5, 0.1), (0.62, 0.52)])
        pen.poly(ink, [(0.66, 0.5), (0.9, 0.3), (0.78, 0.52), (0.6, 0.56)])
        for u, v in ((0.1, 0.3), (0.5, 0.1), (0.9, 0.3)):
            pen.circle(GOLD_DARK, u, v, 0.05)
            pen.circle(GOLD, u - 0.012, v - 0.012, 0.035)
        pen.rect(accent2, 0.32, 0.5, 0.68, 0.57, radius=0.03)
        # Face.
        pen.circle(SKIN, 0.5, 0.66, 0.13)
        for u in (0.45, 0.55):
            pen.ellipse(BLACK, u, 0.63, 0.013, 0.02)
        pen.circle(RED, 0.5, 0.68, 0.022)
        pygame.draw.arc(
            big,
            BLACK,
            pygame.Rect(*pen.p(0.43, 0.64), pen.n(0.14), pen.n(0.1)),
            math.pi * 1.1,
            math.pi * 1.9,
            max(1, round(pen.n(0.012))),
        )
        # Ruff collar.
        for i in range(7):
            u = 0.32 + i * 0.06
            pen.circle(accent if i % 2 else accent2, u, 0.82, 0.045)
        big_small = _down(big, (side, side))
        self._blit_centred(surf, big_small, w / 2, h / 2)
        return surf

    def _star_surface(self, size: int, colour: Sequence[int]) -> pygame.Surface:
        k = 4
        n = max(3, size)
        big = _scratch(n * k, n * k, (*tuple(colour)[:3], 0))
        pen = _Pen(big, 0, 0, n * k, n * k)
        pts = []
        for i in range(10):
            a = i * math.tau / 10 - math.pi / 2
            r = 0.5 if i % 2 == 0 else 0.2
            pts.append((0.5 + r * math.cos(a), 0.52 + r * math.sin(a)))
        pen.poly(colour, pts)
        return _down(big, (n, n))

    def _render_kabufuda(self, rank: int, mark: str) -> pygame.Surface:
        """Kabufuda: black lacquer card, red field with a gold rule, the kanji numeral large in the centre."""
        w, h = self.width, self.height
        surf = self._base("lacquer").copy()
        k = self.ss
        big = _scratch(w * k, h * k, (130, 20, 28, 0))
        inset = w * 0.075 * k
        field = pygame.Rect(round(inset), round(inset), round(w * k - 2 * inset), round(h * k - 2 * inset))
        big.blit(
            _seigaiha(field.size, w * 0.07 * k, (134, 22, 30), (110, 15, 23), round(self.radius * 0.6 * k)),
            field,
        )
        rule = field.inflate(-round(w * 0.05 * k), -round(w * 0.05 * k))
        pygame.draw.rect(big, GOLD, rule, max(1, round(h * 0.006 * k)), round(self.radius * 0.4 * k))
        if mark:  # the specials are framed so they show at a glance, even as a small card in a fan:
            # the red pin in vermilion, the ensouled four in a heavy gold rule
            outer = (236, 70, 48) if mark == "R" else GOLD
            thick = max(2, round(h * 0.02 * k))
            pygame.draw.rect(big, outer, field.inflate(-thick, -thick), thick, round(self.radius * 0.5 * k))
        # Hishi (lozenge) ornaments at the top and bottom of the field.
        pen = _Pen(big, 0, 0, w * k, h * k)
        for v in (0.155, 0.845):
            for du in (-0.12, 0.0, 0.12):
                d = 0.035
                pen.poly(
                    GOLD,
                    [(0.5 + du, v - d * 0.7), (0.5 + du + d, v), (0.5 + du, v + d * 0.7), (0.5 + du - d, v)],
                )
        surf.blit(_down(big, self.size), (0, 0))
        # The numeral. 一 is a single stroke, so glyphs are sized by font size, not stretched to a height.
        numeral = self._glyph(KANJI[rank - 1], h * (0.34 if mark else 0.4), CREAM)
        self._blit_centred(surf, numeral, w / 2, h * (0.41 if mark else 0.5))
        digits = self._text(str(rank), self.cap * 0.85, GOLD, max_width=self.cap * 1.0)
        self._corners(surf, digits, cx=w * 0.075 + max(self.cap * 0.65, w * 0.09), top=w * 0.075 + h * 0.035)
        if mark:
            r = h * 0.11
            cx, cy = w / 2, h * 0.69
            d = round(2 * r)
            seal = _scratch(d * k, d * k, (*CREAM, 0))
            sp = _Pen(seal, 0, 0, d * k, d * k)
            if mark == "R":  # the red pin: a vermilion seal, ringed in cream so it stands off the red field
                sp.circle(CREAM, 0.5, 0.5, 0.5)
                sp.circle((226, 58, 38), 0.5, 0.5, 0.44)
                sp.circle(CREAM, 0.5, 0.5, 0.33, width=max(1, round(sp.n(0.045))))
                sp.circle(CREAM, 0.5, 0.5, 0.12)
            else:  # the ensouled four: a gold medallion carrying 魂
                sp.circle(GOLD_DARK, 0.5, 0.5, 0.5)
                sp.circle(GOLD, 0.5, 0.5, 0.45)
                sp.circle(GOLD_DARK, 0.5, 0.5, 0.39, width=max(1, round(sp.n(0.03))))
            self._blit_centred(surf, _down(seal, (d, d)), cx, cy)
            if mark == "S":
                self._blit_centred(surf, self._glyph("魂", r * 1.25, (96, 14, 22)), cx, cy)
        return surf

    def _render_kabufuda_back(self) -> pygame.Surface:
        """Kabufuda back: black lacquer, a plain vermilion field inside a gold rule, and a cream
        lozenge with 株 in the middle (the faces carry a patterned red field, so the back stays plain)."""
        w, h = self.width, self.height
        k = self.ss
        surf = self._base("lacquer").copy()
        big = _scratch(w * k, h * k, (150, 30, 26, 0))
        inset = w * 0.1 * k
        field = pygame.Rect(round(inset), round(inset), round(w * k - 2 * inset), round(h * k - 2 * inset))
        pygame.draw.rect(big, (150, 30, 26), field, 0, round(self.radius * 0.5 * k))
        rule = field.inflate(-round(w * 0.06 * k), -round(w * 0.06 * k))
        pygame.draw.rect(big, GOLD, rule, max(1, round(h * 0.007 * k)), round(self.radius * 0.4 * k))
        pen = _Pen(big, 0, 0, w * k, h * k)
        d = 0.3
        pen.poly(GOLD, [(0.5, 0.5 - d * 0.62), (0.5 + d, 0.5), (0.5, 0.5 + d * 0.62), (0.5 - d, 0.5)])
        d = 0.26
        pen.poly(CREAM, [(0.5, 0.5 - d * 0.62), (0.5 + d, 0.5), (0.5, 0.5 + d * 0.62), (0.5 - d, 0.5)])
        surf.blit(_down(big, self.size), (0, 0))
        mark = self._glyph("株", h * 0.13, (120, 20, 22))
        self._blit_centred(surf, mark, w / 2, h / 2)
        return surf

    def _render_back(self) -> pygame.Surface:
        """Navy lattice with gold studs inside a white margin, and a red cartouche reading ドボン."""
        w, h = self.width, self.height
        k = self.ss
        surf = self._base().copy()
        margin = max(2.0, w * 0.06)
        iw, ih = round((w - 2 * margin) * k), round((h - 2 * margin) * k)
        navy, line_c = (24, 44, 108), (72, 104, 178)
        field = _scratch(iw, ih, (*navy, 255))
        step = w * 0.14 * k
        lw = max(1, round(w * 0.012 * k))
        n = int((iw + ih) / step) + 2
        for i in range(-n, n + 1):  # diagonal lattice
            x = i * step + iw / 2 - ih / 2
            pygame.draw.line(field, line_c, (x, 0), (x + ih, ih), lw)
            pygame.draw.line(field, line_c, (x + ih, 0), (x, ih), lw)
        stud = max(1.5, w * 0.018 * k)
        for i in range(-n, n + 1):  # gold studs at the crossings
            for j in range(-n, n + 1):
                cx = iw / 2 + (i + j) * step / 2
                cy = ih / 2 + (i - j) * step / 2
                if -stud < cx < iw + stud and -stud < cy < ih + stud:
                    pygame.draw.polygon(
                        field,
                        GOLD,
                        [(cx, cy - stud * 1.4), (cx + stud, cy), (cx, cy + stud * 1.4), (cx - stud, cy)],
                    )
        # Gold frame inside the field.
        fr = round(w * 0.035 * k)
        pygame.draw.rect(
            field,
            GOLD,
            field.get_rect().inflate(-2 * fr, -2 * fr),
            max(1, round(w * 0.012 * k)),
            round(self.radius * 0.5 * k),
        )
        _clip_round(field, round(self.radius * 0.7 * k))
        # Central emblem.
        pen = _Pen(field, 0, 0, iw, ih)
        ew, eh = 0.43, 0.16
        pen.ellipse(navy, 0.5, 0.5, ew + 0.06, eh + 0.045)
        pen.ellipse(GOLD, 0.5, 0.5, ew + 0.03, eh + 0.022)
        pen.ellipse((168, 26, 42), 0.5, 0.5, ew, eh)
        pen.ellipse(GOLD, 0.5, 0.5, ew - 0.035, eh - 0.02, width=max(1, round(w * 0.008 * k)))
        surf.blit(
            _down(field, (round(w - 2 * margin), round(h - 2 * margin))), (round(margin), round(margin))
        )
        label = self._text("ドボン", h * 0.07, CREAM)
        if label.get_width() > w * 0.62:
            label = pygame.transform.smoothscale(
                label, (round(w * 0.62), round(label.get_height() * w * 0.62 / label.get_width()))
            )
        self._blit_centred(surf, label, w / 2, h / 2)
        return surf
