"""The rules of each preset, with its card-effect table, in the current language, and under them where
the preset's full rules page is (docs/rules/<preset>.md), with a button that opens it in the system's
viewer: the page has the details and the house-rule options the screen leaves out."""

from __future__ import annotations

import pygame
import pygame_gui

from game.registry import DEFAULT_PRESET
from game.rules import PRESETS

from ..card_art import font_path
from ..resources import rules_page
from ..scene import Scene
from ..system_open import open_with_system
from ..text import key, rules_text, tr


class RulesScene(Scene):
    layer = 6

    def __init__(self, app, preset: str = DEFAULT_PRESET):
        super().__init__(app)
        self.preset = preset if preset in PRESETS else DEFAULT_PRESET
        self.no_viewer = False  # the last Open found nothing to open the page with: say where it is

    def widgets(self) -> None:
        """A tab per preset sharing the row left of Back, then what the preset is like in one line,
        then its rules."""
        w, h = self.app.size
        gui, c = self.app.gui, self.container
        self.tabs: dict[str, pygame_gui.elements.UIButton] = {}
        back_w, gap = (150, 10) if w >= 1000 else (90, 4)
        widths = self._tab_widths(w - 40 - back_w - gap * len(PRESETS))
        x = 20
        for name, tab_w in zip(PRESETS, widths, strict=True):
            tab = pygame_gui.elements.UIButton(
                pygame.Rect(x, 16, tab_w, 40),
                "rules." + name + ".title",
                gui,
                container=c,
            )
            x += tab_w + gap
            if name == self.preset:
                tab.select()
            self.tabs[name] = tab
        self.back = pygame_gui.elements.UIButton(
            pygame.Rect(w - back_w - 20, 16, back_w, 40), key("settings.back"), gui, container=c
        )
        about = f"<i>{tr('preset_about.' + self.preset)}</i><br><br>"
        page_row = 44 if self.page.exists() else 0  # a source tree or bundle without docs: no row
        self.text = pygame_gui.elements.UITextBox(
            about + rules_text(self.preset),
            pygame.Rect(20, 66, w - 40, h - 86 - page_row),
            gui,
            container=c,
        )
        self.open_page: pygame_gui.elements.UIButton | None = None
        if page_row:
            line = "rules_page.no_viewer" if self.no_viewer else "rules_page.line"
            self.page_line = pygame_gui.elements.UILabel(
                pygame.Rect(20, h - 56, w - 40 - back_w - gap, 36),
                tr(line, path=str(self.page)),
                gui,
                container=c,
            )
            self.open_page = pygame_gui.elements.UIButton(
                pygame.Rect(w - back_w - 20, h - 58, back_w, 40), key("rules_page.open"), gui, container=c
            )

    @staticmethod
    def _tab_widths(room: int) -> list[int]:
        """Each preset's tab as wide as its name needs (bold, with padding), the room left over shared
        out evenly, none wider than 300 px: at 800×600 "Super Dobon" and 「JDA公認ルール」 fit whole,
        which five equal tabs did not."""
        font = pygame.font.Font(font_path(True), 18)
        need = [font.size(tr(f"rules.{name}.title"))[0] + 30 for name in PRESETS]
        if sum(need) > room:  # a window too narrow even for the names: shares in proportion to them
            return [room * n // sum(need) for n in need]
        spare = (room - sum(need)) // len(PRESETS)
        return [min(300, n + spare) for n in need]

    @property
    def page(self):
        """The shown preset's full rules page."""
        return rules_page(self.preset)

    def process_event(self, event):
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.back:
                self.app.stack.pop()
                return None
            if event.ui_element is self.open_page:
                self.no_viewer = not open_with_system(self.page)
                self.build()  # the line under the rules says where the page is if it did not open
                return None
            for name, tab in self.tabs.items():
                if event.ui_element is tab:
                    self.preset, self.no_viewer = name, False
                    self.build()
                    return None
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.stack.pop()
            return None
        return event

    @property
    def animating(self) -> bool:
        return False  # a quiet screen: drawn on input or when something falls due (`due_in`)

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill((16, 62, 44))
