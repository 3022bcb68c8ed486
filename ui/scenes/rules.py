"""The rules of each preset, with its card-effect table, in the current language."""

from __future__ import annotations

import pygame
import pygame_gui

from game.rules import PRESETS

from ..scene import Scene
from ..text import key


class RulesScene(Scene):
    layer = 6

    def __init__(self, app, preset: str = "app"):
        super().__init__(app)
        self.preset = preset if preset in PRESETS else "app"

    def widgets(self) -> None:
        w, h = self.app.size
        gui, c = self.app.gui, self.container
        self.tabs: dict[str, pygame_gui.elements.UIButton] = {}
        x = 20
        for name in PRESETS:
            tab = pygame_gui.elements.UIButton(
                pygame.Rect(x, 16, 340, 40), "rules." + name + ".title", gui, container=c
            )
            if name == self.preset:
                tab.select()
            self.tabs[name] = tab
            x += 350
        self.back = pygame_gui.elements.UIButton(
            pygame.Rect(w - 180, 16, 160, 40), key("settings.back"), gui, container=c
        )
        self.text = pygame_gui.elements.UITextBox(
            "rules." + self.preset + ".body", pygame.Rect(20, 66, w - 40, h - 86), gui, container=c
        )

    def process_event(self, event):
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.back:
                self.app.stack.pop()
                return None
            for name, tab in self.tabs.items():
                if event.ui_element is tab:
                    self.preset = name
                    self.build()
                    return None
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.stack.pop()
            return None
        return event

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill((16, 62, 44))
