"""The pause menu over the table: resume, rules, settings, or save and leave."""

from __future__ import annotations

import pygame
import pygame_gui

from ..scene import Scene
from ..text import key, tr


class PauseMenu(Scene):
    layer = 5

    def __init__(self, app, table):
        super().__init__(app)
        self.table = table

    @property
    def opaque(self) -> bool:
        return False

    def widgets(self) -> None:
        w, h = self.app.size
        bw, bh = 280, 48
        x = (w - bw) // 2
        names = ("resume", "rules", "settings", "save_quit")
        if self.table.remote is None:  # a LAN client knows only its own hand: no deal to save
            names = ("resume", "rules", "settings", "save_deal", "save_quit")
        rows = len(names) * (bh + 12) - 12  # the buttons' own height
        y = (h - rows) // 2 + 35  # the panel (heading 70 above, 30 below) centred on the window
        self.panel = pygame_gui.elements.UIPanel(
            pygame.Rect(x - 30, y - 70, bw + 60, 70 + rows + 30),
            manager=self.app.gui,
            container=self.container,
        )
        # the heading is as big as its text in the heading font, in either language (a fixed 40 px
        # box was too small for "Paused"), centred where that box was: above the buttons
        self.heading = pygame_gui.elements.UILabel(
            pygame.Rect(0, 0, -1, -1),
            # a LAN table is not paused: the others play on (and your own turn comes behind this)
            key("menu.title" if self.table.remote is None else "menu.title_lan"),
            self.app.gui,
            container=self.container,
            object_id="#heading",
        )
        hw, hh = self.heading.rect.size
        self.heading.set_relative_position((w // 2 - hw // 2, y - 36 - hh // 2))
        self.items = {}
        # a LAN table is kept by its host: leaving it saves nothing here
        leave = "leave" if self.table.remote is not None else "save_quit"
        for i, name in enumerate(names):
            self.items[name] = pygame_gui.elements.UIButton(
                pygame.Rect(x, y + i * (bh + 12), bw, bh),
                key(f"menu.{leave if name == 'save_quit' else name}"),
                self.app.gui,
                container=self.container,
            )

    def process_event(self, event):
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.stack.pop()
            return None
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            el = event.ui_element
            if el is self.items["resume"]:
                self.app.stack.pop()
            elif el is self.items["rules"]:
                self.app.stack.push(self.app.scene("rules", self.table.source.rules.preset))
            elif el is self.items["settings"]:
                self.app.stack.push(self.app.scene("settings"))
            elif el is self.items.get("save_deal"):
                message = self.table.save_deal()
                self.app.stack.pop()
                self.table.say(message, seconds=6.0)
            elif el is self.items["save_quit"]:

                def leave() -> None:
                    self.app.stack.clear_to(self.app.scene("title"))

                session = self.table.remote.session if self.table.remote is not None else None
                if session is not None and session.host is not None:  # hosting: it closes for everyone
                    question = tr("lan.close_question")
                    self.app.stack.push(
                        self.app.scene("confirm", question, "lan.close_table", "lan.stay", leave)
                    )
                else:
                    leave()
            return None
        return None if event.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN) else event

    @property
    def animating(self) -> bool:
        return False  # a quiet screen: drawn on input or when something falls due (`due_in`)

    def draw(self, surface: pygame.Surface) -> None:
        shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 140))
        surface.blit(shade, (0, 0))
