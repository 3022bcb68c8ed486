"""Where things sit on the table, for a window size and a number of seats. Pure geometry.

The viewer sits at the bottom. Play goes clockwise, and "clockwise" means the next player is your left
neighbour, so seat viewer+1 sits on the viewer's left and the seats continue over the top to the right.
Everything scales with the window height, so the layout follows a resize.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from .. import sizes

Point = tuple[float, float]

CROWDED = 9  # from this many seats the others sit in three rows round the table, not on an arc
MOST_SEATS = 12  # super with two decks (D1)


def seats_that_fit(width: int, height: int, seat_piles: int = 1) -> int:
    """The most seats (up to 12) a window of this size lays out without overlaps. Up to eight always
    fit (from 800x600); a crowded table (9-12, super with two decks) needs its top row and side columns
    to have room, which 1280x720 gives for twelve."""
    return max(
        (n for n in range(2, MOST_SEATS + 1) if Layout(width, height, n, 0, seat_piles=seat_piles).fits()),
        default=CROWDED - 1,
    )


@dataclass(frozen=True)
class SeatSpot:
    seat: int
    centre: Point  # the name plate
    hand: Point  # where the seat's (face-down) hand fans out
    laid: Point  # where revealed or laid-down cards are shown
    angle: float  # degrees the seat's hand is rotated (0 = upright at the bottom)
    side: str  # "bottom", "left", "top", "right"


class Layout:
    """The table in three columns: your name plate and the log on the left, the hand and the piles in
    the middle, the action buttons and the Dobon button on the right; the other seats round the top.
    Between the piles and the hand lies the prompt band, where the bid box and the suit picker go, so
    neither covers the field card, its badges or your hand."""

    def __init__(
        self,
        width: int,
        height: int,
        players: int,
        viewer: int,
        aspect: float = 0.714,
        seating: Sequence[int] = (),
        seat_piles: int = 0,
    ):
        self.aspect = aspect  # the deck's card width / height (ui.card_art.ASPECTS)
        self.seating = tuple(seating) or tuple(range(players))  # seats clockwise round the table
        self.w = width
        self.h = height
        self.n = players
        self.viewer = viewer
        self.seat_piles = seat_piles  # how many piles of its own each seat has in front of it (super: 1)
        unit = min(height, width * 0.62)
        self.unit = unit
        self.hand_card_h = int(unit * 0.19)  # the viewer's own cards
        self.pile_card_h = int(unit * 0.17)  # stock and field
        self.small_card_h = int(unit * 0.095)  # opponents' hands
        self.reveal_card_h = int(unit * 0.105)  # revealed hands at a seat
        self.text_size = max(13, int(unit * 0.026))  # name plates
        self.log_size = max(12, int(unit * 0.021))
        # the right column: the Dobon button (with its key below it) and the buttons stacked above it
        self.dobon_r = int(min(height * 0.085, width * 0.065))
        self.key_size = max(11, int(self.dobon_r * 0.2))
        self.button_w = int(min(height * 0.2, width * 0.16))
        self.button_h = int(max(30, min(height * 0.062, 56)))
        self.side_w = max(int(self.dobon_r * 2.9), self.button_w) + 24
        self.dobon_centre: Point = (
            width - self.side_w / 2,
            height - self.dobon_r * 1.07 - 6 - self.key_size * 1.5,
        )
        # the left column: your plate above the log
        self.log_lines = 3 if height < 800 else 4 if height < 1300 else 5
        self.log_line_h = int(self.log_size * 1.45)
        self.plate_bottom = height - 8 - self.log_lines * self.log_line_h - 8
        self.centre: Point = (width * 0.5, height * 0.43)
        gap = self.pile_card_h * 0.55
        self.stock: Point = (self.centre[0] - gap - self.pile_card_h * 0.36, self.centre[1])
        self.field: Point = (self.centre[0] + gap, self.centre[1])
        self.hand_y = height - self.hand_card_h * 0.62
        self._high: dict[int, bool] = {}  # seats high on the table (across the top)
        self.crowded = players >= CROWDED
        self._laid_span: dict[int, float] = {}  # crowded: how wide a seat's face-up row may be
        self._cramped = False  # a crowded table without the room it needs (fits())
        self.fan_span = unit * (0.15 if self.crowded else 0.22)  # the widest another seat's fan grows
        self.fan_step = self.small_card_h * (0.18 if self.crowded else 0.22)  # between its cards
        self.spots = self._crowded_spots() if self.crowded else self._spots()

    def control_rect(self, index: int) -> tuple[int, int, int, int]:
        """The `index`-th action button above the Dobon button (0 nearest it), as x, y, w, h."""
        x = int(self.w - self.side_w / 2 - self.button_w / 2)
        bottom = self.dobon_centre[1] - self.dobon_r * 1.07 - 12
        y = int(bottom - (index + 1) * self.button_h - index * 10)
        return x, y, self.button_w, self.button_h

    def menu_rect(self, index: int) -> tuple[int, int, int, int]:
        """The table's Menu (`index` 0) and Help (1) buttons, one under the other at the top right, as
        x, y, w, h; on a large window they grow with it (ui.sizes), and the seats keep clear of them."""
        # at least as wide as the longest label at the smallest window ("ヘルプ: コーチ" was cut at 110)
        w, h = max(136, int(self.h * 0.17)), int(36 * sizes.scale(self.h))
        return self.w - w - 12, 12 + index * (h + 6), w, h

    def band(self) -> tuple[int, int, int, int]:
        """The prompt band between the piles and the hand (x, y, w, h): for the bid box and picker."""
        top = self.centre[1] + self.pile_card_h * 0.62 + self.text_size * 1.6
        bottom = self.h - self.hand_card_h * 1.22 - 8
        left, right = self.side_w, self.w - self.side_w
        return int(left), int(top), int(right - left), int(max(0, bottom - top))

    def _spots(self) -> dict[int, SeatSpot]:
        cx, cy = self.centre
        rx, ry = self.w * 0.40, self.h * 0.33
        spots = self._spots_of_viewer()
        others = self.n - 1
        for k in range(others):
            seat = self.seating[(self.seating.index(self.viewer) + 1 + k) % self.n]
            # spread the others from the viewer's left, over the top, to the right
            # a crowded table (7 or 8 seats) reaches further down the sides, where there is room
            start, span = (156.0, 228.0) if others > 5 else (168.0, 204.0)
            a = math.radians(start + span * (k + 0.5) / others) if others > 1 else math.radians(270)
            reach = ry * (1.13 if others > 5 else 1.05)  # and up to the top edge
            px, py = cx + rx * math.cos(a), cy + reach * math.sin(a)
            py = min(max(py, self.small_card_h * 0.8), self.h * 0.62)
            side = "left" if px < self.w * 0.3 else "right" if px > self.w * 0.7 else "top"
            toward = math.atan2(cy - py, cx - px)
            laid = (px + math.cos(toward) * self.unit * 0.14, py + math.sin(toward) * self.unit * 0.14)
            hand = (px, py - self.small_card_h * 0.12)
            spots[seat] = SeatSpot(seat, (px, py + self.small_card_h * 0.95), hand, laid, 0.0, side)
            self._high[seat] = math.sin(a) < (-0.9 if others > 5 else -0.7)
        return spots

    def _crowded_spots(self) -> dict[int, SeatSpot]:
        """9-12 seats: the others in a column up the left (from your left), a row across the top and a
        column down the right, as a big table seats them. A seat up a side is one strip, its fan at the
        window's edge, its plate beside it and its piles towards the middle, so the strips stack close;
        a seat across the top has its fan above its plate and its piles below. The right column stays
        between the menu and the action buttons, the left one above your plate."""
        spots = self._spots_of_viewer()
        others = [self.seating[(self.seating.index(self.viewer) + 1 + k) % self.n] for k in range(self.n - 1)]
        step = min(self.fan_step, self.fan_span / 5)  # five cards, as dealt (small_hand_positions)
        fan_half = (self.small_card_h * self.aspect + 4 * step) * 0.54 + 6  # the tilt of the end cards too
        plate_half = self.text_size * 4.2  # half of the plate's room beside the fan
        # a strip's height: the fan (its tilt included) beside the plate, and above the plate the room
        # for a badge on it ("Last one"), which board.py stands on the plate's top edge
        plate_h = self.text_size * 2.65 + 10 + 12  # name and score rows, the margin round the plate
        badge_h = self.text_size * 1.6
        above = max(self.small_card_h * 0.575, plate_h / 2 + 4 + badge_h)
        below = max(self.small_card_h * 0.575, plate_h / 2)
        pitch = above + below + 4
        # the columns: a fan at the edge, the plate beside it, the piles beyond that; the left one from
        # above your plate (and its badge) up to the top of the window, the right one from above two
        # action buttons up to under the menu (two buttons, top right)
        piles = self.seat_piles * self.small_card_h * self.aspect * 1.1 + 4  # board.pile_point's row
        reach = 8 + fan_half * 2 + 4 + plate_half * 2 + piles + 8
        left_span = (self.plate_bottom - self.text_size * 5.5 - 8 - badge_h - below, above + 4)
        menu_x, menu_y, _, menu_h = self.menu_rect(1)
        right_span = (self.control_rect(1)[1] - 8 - below, menu_y + menu_h + 8 + above)
        holds = [max(0, int((low - high) / pitch) + 1) for low, high in (left_span, right_span)]
        row_w = min(self.w - reach, menu_x - 8) - reach  # the top row: between the columns, short of the menu
        need = max(self.text_size * 7, fan_half * 2) + 16  # a top seat: a plate's name and score row, a fan
        # a third of the others up each side, the rest across the top; more up a side where the top row
        # would be too tight and that column has room; fewer where it has not
        sides = [min((len(others) + 2) // 3, h) for h in holds]
        while row_w / max(len(others) - sum(sides), 1) < need and sum(sides) < len(others):
            grow = [i for i in (0, 1) if sides[i] < holds[i]]
            if not grow:
                break
            sides[min(grow, key=lambda i: sides[i])] += 1
        left, right = others[: sides[0]], others[len(others) - sides[1] :]
        top = others[sides[0] : len(others) - sides[1]]
        self._room: dict[int, float] = {seat: plate_half * 2 for seat in left + right}
        # a hand shown face up (a dobon, a counter) lies where the fan was, no wider than it
        self._laid_span = {seat: fan_half * 2 - 12 for seat in others}
        self._column(spots, left, fan_half, plate_half, *left_span, pitch, 1)
        self._column(spots, right, fan_half, plate_half, *right_span, pitch, -1)
        # the top row: each seat in its own share of the width
        row_y = self.small_card_h * 0.62
        share = row_w / max(len(top), 1)
        if top and share < need:
            self._cramped = True
        for k, seat in enumerate(top):
            x = reach + share * (k + 0.5)
            centre = (x, row_y + self.small_card_h * 0.55 + self.text_size * 1.6)
            spots[seat] = SeatSpot(seat, centre, (x, row_y), (x, row_y), 0.0, "top")
            self._high[seat] = True
            self._room[seat] = share - 16
        return spots

    def fits(self) -> bool:
        """Whether every seat has its room: always up to eight; a crowded table only if the top row's
        shares take a plate and a fan and the side columns' strips stand apart."""
        return not self._cramped

    def _column(
        self,
        spots: dict[int, SeatSpot],
        seats: list[int],
        fan_half: float,
        plate_half: float,
        low: float,
        high: float,
        pitch: float,
        way: int,
    ) -> None:
        """Seats up a side as strips, `way` 1 on the left (from the bottom up), -1 on the right (from
        the top down), evenly from `low` to `high` (centres) but never closer than `pitch` apart."""
        order = seats if way > 0 else list(reversed(seats))
        step = (low - high) / max(len(order) - 1, 1) if len(order) > 1 else 0.0
        if (len(order) > 1 and step < pitch) or low < high:
            self._cramped = True
        step = max(step, pitch)
        edge = 0 if way > 0 else self.w
        fan_x = edge + way * (fan_half + 8)
        plate_x = fan_x + way * (fan_half + plate_half + 4)
        for k, seat in enumerate(order):
            y = low - step * k
            spots[seat] = SeatSpot(
                seat, (plate_x, y), (fan_x, y), (fan_x, y), 0.0, "left" if way > 0 else "right"
            )
            self._high[seat] = False

    def _spots_of_viewer(self) -> dict[int, SeatSpot]:
        plate_centre = (self.side_w * 0.5, self.plate_bottom - self.text_size * 1.6)
        return {
            self.viewer: SeatSpot(
                self.viewer,
                plate_centre,
                (self.w * 0.5, self.hand_y),
                (self.w * 0.5, self.h - self.hand_card_h * 1.55),
                0.0,
                "bottom",
            )
        }

    def pile_below(self, seat: int) -> bool:
        """Whether a seat's own piles go under its name plate (the seats across the top) or beside it,
        on the side facing the middle (the seats up the sides, where the plates stand close above one
        another and there is room towards the middle)."""
        return self._high.get(seat, True)

    def plate_width(self, seat: int) -> int:
        """The widest a seat's name plate may be: your own fits the left column; another seat's stops
        short of its neighbours' (a longer name is cut with "…")."""
        if seat == self.viewer:
            return int(self.side_w - 20)
        if self.crowded:  # each seat has its own share of a row or column
            return int(max(self.text_size * 6, self._room[seat]))
        spot = self.spots[seat]
        room = self.unit * 0.45
        piles = self.seat_piles * self.small_card_h * self.aspect * 1.25 + 8  # a row of piles beside a plate
        for other, o in self.spots.items():
            if other in (seat, self.viewer) or abs(o.centre[1] - spot.centre[1]) > self.text_size * 4:
                continue
            between = abs(o.centre[0] - spot.centre[0]) - 16
            if self.seat_piles and not (self.pile_below(seat) and self.pile_below(other)):
                between -= piles  # one of the two has its piles beside its plate, between them
            room = min(room, between)
        # nor into a fan of cards beside it (on a crowded table a neighbour's fan stands level with it)
        fan_half = self.small_card_h * (self.aspect / 2 + 0.5)  # five cards, fanned
        for other, o in self.spots.items():
            if other in (seat, self.viewer):
                continue
            if abs(o.hand[1] - spot.centre[1]) < self.small_card_h * 0.55 + self.text_size * 1.9:
                room = min(room, 2 * (abs(o.hand[0] - spot.centre[0]) - fan_half - 10))
        edge = (min(spot.centre[0], self.w - spot.centre[0]) - 10) * 2  # centred, inside the window
        return int(max(self.text_size * 6, min(room, edge)))

    def hand_positions(self, count: int, lift: int | None = None) -> list[tuple[Point, float]]:
        """Centres and rotations of the viewer's cards, fanned in a gentle arc between the side columns
        and your own piles (however many cards), low enough to leave the prompt band free, high enough to stay on screen."""
        if count == 0:
            return []
        card_w = self.hand_card_h * self.aspect
        # your own piles stand right of your plate (super): the hand, centred, ends short of them
        own_piles = self.seat_piles * self.small_card_h * self.aspect * 1.25 + 8 if self.seat_piles else 0
        max_span = max(card_w, self.w - 2 * (self.side_w + own_piles) - card_w - 16)
        step = min(card_w * 0.78, max_span / max(count - 1, 1)) if count > 1 else 0
        spread = min(3.2, 16 / max(count, 1))  # degrees between neighbours: at most 8 either side
        out = []
        mid = (count - 1) / 2
        for i in range(count):
            off = i - mid
            x = self.w * 0.5 + off * step
            y = self.hand_y + (off / mid) ** 2 * self.hand_card_h * 0.04 if mid else self.hand_y
            if lift is not None and i == lift:
                y -= self.hand_card_h * 0.18
            out.append(((x, y), -off * spread))
        return out

    def small_hand_positions(self, seat: int, count: int) -> list[tuple[Point, float]]:
        """A face-down fan for another seat."""
        spot = self.spots[seat]
        if count == 0:
            return []
        step = min(self.fan_step, self.fan_span / max(count, 1))
        mid = (count - 1) / 2
        return [((spot.hand[0] + (i - mid) * step, spot.hand[1]), -(i - mid) * 4.0) for i in range(count)]

    def laid_positions(self, seat: int, count: int, at_hand: bool = False) -> list[Point]:
        """Cards a seat shows face up: by its plate towards the middle, or (`at_hand`: its whole hand
        laid down) where its hand was, in a row no wider than the space the fan had."""
        spot = self.spots[seat]
        if count == 0:
            return []
        step = self.reveal_card_h * 0.5
        x, y = spot.laid
        if at_hand and seat != self.viewer:
            x, y = spot.hand[0], spot.hand[1] + (self.small_card_h - self.reveal_card_h) / 2 - 2  # no lower
            step = min(step, self.unit * 0.3 / max(count, 1))
        span = self._laid_span.get(seat)
        if span is not None and count > 1:  # a crowded table: in the fan's own space
            step = min(step, (span - self.reveal_card_h * self.aspect) / (count - 1))
        mid = (count - 1) / 2
        half = mid * step + self.reveal_card_h * self.aspect / 2 + 4  # the row stays in the window
        x = min(max(x, half), self.w - half)
        y = max(y, self.reveal_card_h / 2 + 4)  # a top seat's too (its cards are taller than its fan's)
        return [(x + (i - mid) * step, y) for i in range(count)]

    def field_offset(self, card_id: int, depth: int) -> tuple[Point, float]:
        """A small, stable jitter for each card on the field pile so it looks hand-placed."""
        rnd = (card_id * 2654435761) & 0xFFFF
        dx = ((rnd & 0xFF) / 255 - 0.5) * self.pile_card_h * 0.12
        dy = (((rnd >> 8) & 0xFF) / 255 - 0.5) * self.pile_card_h * 0.10
        angle = (((rnd >> 4) & 0xFF) / 255 - 0.5) * 18
        return (self.field[0] + dx - depth * 1.5, self.field[1] + dy - depth * 1.5), angle
