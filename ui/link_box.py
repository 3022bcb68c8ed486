"""A text box whose links can be clicked on every line they take.

pygame-gui 0.6.14 keeps only the last part of a link that wraps onto a new line in the box's
clickable parts: its layout (TextBoxLayout._handle_float_rect) puts the left part of a split link on
the row but never into `link_chunks`, so a click on the first line of a wrapped link does nothing,
and at 800×600 most of a review's lines wrap. This box finds its links' parts in the laid-out rows
themselves, so every part of every link is hovered and clicked as the library means it to be.
"""

from __future__ import annotations

import pygame_gui
from pygame_gui.core.text import HyperlinkTextChunk


class LinkTextBox(pygame_gui.elements.UITextBox):
    """`owner`: the screen the box belongs to. A click's link event comes a frame after the click, by
    which time the screen may have built the box again (a review saved, the language changed): the
    screen takes the links of any box it owns, not only of the one it holds now."""

    def __init__(self, owner: object, *args, **kwargs):
        self.owner = owner
        super().__init__(*args, **kwargs)

    @property
    def link_hover_chunks(self) -> list[HyperlinkTextChunk]:
        """Every part of every link as laid out now (the library assigns this list; it is read here)."""
        layout = getattr(self, "text_box_layout", None)
        if layout is None:
            return []
        return [
            item for row in layout.layout_rows for item in row.items if isinstance(item, HyperlinkTextChunk)
        ]

    @link_hover_chunks.setter
    def link_hover_chunks(self, _value: list[HyperlinkTextChunk]) -> None:
        """The library resets and refills its own list after each layout; the rows are read instead."""
