"""The rules of each preset, with its card-effect table, in the current language."""

from __future__ import annotations

import pygame
import pygame_gui

from game.rules import PRESETS

from ..scene import Scene
from ..text import key, rules_text, tr


class RulesScene(Scene):
    layer = 6

    def __init__(self, app, preset: str = "app"):
        super().__init__(app)
        self.preset = preset if preset in PRESETS else "app"

    def widgets(self) -> None:
        """A tab per preset sharing the row left of Back, then what the preset is like in one line,
        then its rules."""
        w, h = self.app.size
        gui, c = self.app.gui, self.container
        self.tabs: dict[str, pygame_gui.elements.UIButton] = {}
        back_w, gap = 150, 10
        tab_w = min(300, (w - 40 - back_w - gap * len(PRESETS)) // len(PRESETS))
        for i, name in enumerate(PRESETS):
            tab = pygame_gui.elements.UIButton(
                pygame.Rect(20 + i * (tab_w + gap), 16, tab_w, 40),
                "rules." + name + ".title",
                gui,
                container=c,
            )
            if name == self.preset:
                tab.select()
            self.tabs[name] = tab
        self.back = pygame_gui.elements.UIButton(
            pygame.Rect(w - back_w - 20, 16, back_w, 40), key("settings.back"), gui, container=c
        )
        about = f"<i>{tr('preset_about.' + self.preset)}</i><br><br>"
        self.text = pygame_gui.elements.UITextBox(
            about + rules_text(self.preset),
            pygame.Rect(20, 66, w - 40, h - 86),
            gui,
            container=c,
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

    @property
    def animating(self) -> bool:
        return False  # a quiet screen: the loop draws it a few times a second, at once on input

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill((16, 62, 44))
