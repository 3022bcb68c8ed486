"""A text box whose empty state shows a greyed hint (an example address, what an empty name means)."""

from __future__ import annotations

import pygame
import pygame_gui


class HintEntry(pygame_gui.elements.UITextEntryLine):
    """A text box whose placeholder reads as a hint, greyed, not as something typed: pygame-gui draws
    its placeholder in the text's own colour, so an example address looked filled in already."""

    HINT = pygame.Color("#8c9a92")  # between the theme's disabled text and its normal text

    def __init__(self, *args, **kwargs):
        self._hinting = False
        self._text_colour = None
        super().__init__(*args, **kwargs)

    @property
    def hinting(self) -> bool:
        """Whether the box shows its placeholder (empty, and not being typed in)."""
        return not self.text and not self.is_focused and bool(self.placeholder_text)

    def update(self, time_delta: float) -> None:
        super().update(time_delta)
        if self.hinting != self._hinting:
            self._hinting = self.hinting
            if self._hinting:
                self._text_colour, self.text_colour = self.text_colour, self.HINT
            elif self._text_colour is not None:
                self.text_colour = self._text_colour
            self.rebuild()  # (which writes the placeholder into an empty box: focus takes it out again)
            if self.is_focused:
                self.focus()
