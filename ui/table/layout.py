"""Where things sit on the table, for a window size and a number of seats. Pure geometry.

The viewer sits at the bottom. Play goes clockwise, and "clockwise" means the next player is your left
neighbour, so seat viewer+1 sits on the viewer's left and the seats continue over the top to the right.
Everything scales with the window height, so the layout follows a resize.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

Point = tuple[float, float]


@dataclass(frozen=True)
class SeatSpot:
    seat: int
    centre: Point  # the name plate
    hand: Point  # where the seat's (face-down) hand fans out
    laid: Point  # where revealed or laid-down cards are shown
    angle: float  # degrees the seat's hand is rotated (0 = upright at the bottom)
    side: str  # "bottom", "left", "top", "right"


class Layout:
    def __init__(self, width: int, height: int, players: int, viewer: int):
        self.w = width
        self.h = height
        self.n = players
        self.viewer = viewer
        unit = min(height, width * 0.62)
        self.unit = unit
        self.hand_card_h = int(unit * 0.19)  # the viewer's own cards
        self.pile_card_h = int(unit * 0.17)  # stock and field
        self.small_card_h = int(unit * 0.095)  # opponents' hands
        self.reveal_card_h = int(unit * 0.105)  # revealed hands at a seat
        self.centre: Point = (width * 0.5, height * 0.43)
        gap = self.pile_card_h * 0.55
        self.stock: Point = (self.centre[0] - gap - self.pile_card_h * 0.36, self.centre[1])
        self.field: Point = (self.centre[0] + gap, self.centre[1])
        self.hand_y = height - self.hand_card_h * 0.62
        self.spots = self._spots()

    def _spots(self) -> dict[int, SeatSpot]:
        cx, cy = self.centre
        rx, ry = self.w * 0.40, self.h * 0.33
        spots: dict[int, SeatSpot] = {}
        spots[self.viewer] = SeatSpot(
            self.viewer,
            (self.w * 0.5 - self.hand_card_h * 2.6, self.h - self.hand_card_h * 1.32),
            (self.w * 0.5, self.hand_y),
            (self.w * 0.5, self.h - self.hand_card_h * 1.55),
            0.0,
            "bottom",
        )
        others = self.n - 1
        for k in range(others):
            seat = (self.viewer + 1 + k) % self.n
            # spread the others from the viewer's left, over the top, to the right
            a = math.radians(168 + 204 * (k + 0.5) / others) if others > 1 else math.radians(270)
            px, py = cx + rx * math.cos(a), cy + ry * math.sin(a) * 1.05
            py = min(py, self.h * 0.62)
            side = "left" if px < self.w * 0.3 else "right" if px > self.w * 0.7 else "top"
            toward = math.atan2(cy - py, cx - px)
            laid = (px + math.cos(toward) * self.unit * 0.14, py + math.sin(toward) * self.unit * 0.14)
            hand = (px, py - self.small_card_h * 0.12)
            spots[seat] = SeatSpot(seat, (px, py + self.small_card_h * 0.95), hand, laid, 0.0, side)
        return spots

    def hand_positions(self, count: int, lift: int | None = None) -> list[tuple[Point, float]]:
        """Centres and rotations of the viewer's cards, fanned in a gentle arc."""
        if count == 0:
            return []
        card_w = self.hand_card_h * 0.714
        max_span = self.w * 0.56
        step = min(card_w * 0.78, max_span / max(count - 1, 1)) if count > 1 else 0
        spread = min(3.2, 30 / max(count, 1))  # degrees between neighbours
        out = []
        mid = (count - 1) / 2
        for i in range(count):
            off = i - mid
            x = self.w * 0.5 + off * step
            y = self.hand_y + abs(off) ** 2 * self.hand_card_h * 0.008
            if lift is not None and i == lift:
                y -= self.hand_card_h * 0.18
            out.append(((x, y), -off * spread))
        return out

    def small_hand_positions(self, seat: int, count: int) -> list[tuple[Point, float]]:
        """A face-down fan for another seat."""
        spot = self.spots[seat]
        if count == 0:
            return []
        step = min(self.small_card_h * 0.22, self.unit * 0.22 / max(count, 1))
        mid = (count - 1) / 2
        return [((spot.hand[0] + (i - mid) * step, spot.hand[1]), -(i - mid) * 4.0) for i in range(count)]

    def laid_positions(self, seat: int, count: int) -> list[Point]:
        spot = self.spots[seat]
        if count == 0:
            return []
        step = self.reveal_card_h * 0.5
        mid = (count - 1) / 2
        return [(spot.laid[0] + (i - mid) * step, spot.laid[1]) for i in range(count)]

    def field_offset(self, card_id: int, depth: int) -> tuple[Point, float]:
        """A small, stable jitter for each card on the field pile so it looks hand-placed."""
        rnd = (card_id * 2654435761) & 0xFFFF
        dx = ((rnd & 0xFF) / 255 - 0.5) * self.pile_card_h * 0.12
        dy = (((rnd >> 8) & 0xFF) / 255 - 0.5) * self.pile_card_h * 0.10
        angle = (((rnd >> 4) & 0xFF) / 255 - 0.5) * 18
        return (self.field[0] + dx - depth * 1.5, self.field[1] + dy - depth * 1.5), angle
