"""A question over the current screen with two answers, e.g. before a new game replaces a saved match.

The scene below stays drawn (shaded) but gets no input; Esc answers no.
"""

from __future__ import annotations

import html
from collections.abc import Callable

import pygame
import pygame_gui

from ..scene import Scene
from ..text import key


class ConfirmScene(Scene):
    layer = 7

    def __init__(self, app, message: str, yes: str, no: str, on_yes: Callable[[], None]):
        """`message` is shown as it is (already translated); `yes` and `no` are translation names."""
        super().__init__(app)
        self.message = message
        self.yes_name, self.no_name = yes, no
        self.on_yes = on_yes

    @property
    def opaque(self) -> bool:
        return False

    def widgets(self) -> None:
        w, h = self.app.size
        pw, ph = min(w - 40, 620), 230
        panel = pygame.Rect((w - pw) // 2, (h - ph) // 2, pw, ph)
        gui, c = self.app.gui, self.container
        pygame_gui.elements.UIPanel(panel, manager=gui, container=c)
        pygame_gui.elements.UITextBox(
            html.escape(self.message), pygame.Rect(panel.x + 20, panel.y + 18, pw - 40, 120), gui, container=c
        )
        bw = (pw - 60) // 2
        self.no = pygame_gui.elements.UIButton(
            pygame.Rect(panel.x + 20, panel.bottom - 66, bw, 46), key(self.no_name), gui, container=c
        )
        self.yes = pygame_gui.elements.UIButton(
            pygame.Rect(panel.right - 20 - bw, panel.bottom - 66, bw, 46),
            key(self.yes_name),
            gui,
            container=c,
        )

    def process_event(self, event):
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.yes:
                self.app.stack.pop()
                self.on_yes()
            elif event.ui_element is self.no:
                self.app.stack.pop()
            return None
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.stack.pop()
            return None
        return None if event.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN) else event

    def draw(self, surface: pygame.Surface) -> None:
        shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 150))
        surface.blit(shade, (0, 0))
