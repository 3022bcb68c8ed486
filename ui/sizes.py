"""Sizes that grow with the window. The widgets were laid out for 1280x720; on a larger window (1920x1080
and up) buttons of a fixed 180x36 px with 18 px type looked lost in a corner, so the table's Menu and
Help and the result screens' buttons grow with the window's height, and their type with them."""

from __future__ import annotations

BASE_H = 720  # the window height the fixed sizes were chosen for
LARGE_H = 900  # from this height the buttons' type is larger (assets/theme.json: #large_button)


def scale(height: int) -> float:
    """How much larger than at 720 px high a widget is drawn (never smaller)."""
    return max(1.0, height / BASE_H)


def button_id(height: int) -> str | None:
    """The theme's object id for a button's larger type on a tall window (None: the usual type)."""
    return "#large_button" if height >= LARGE_H else None
