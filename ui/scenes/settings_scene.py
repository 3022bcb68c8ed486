"""Settings: language (switching live), animation speed, volume, window or full screen, and how long AI
seats take per turn and wait before calling dobon. Changes apply at once and are saved."""

from __future__ import annotations

import math

import pygame
import pygame_gui

from .. import palette
from ..app import interface_scale
from ..scene import Scene
from ..settings import RANGES, HelpLevel
from ..text import key, tr

SLIDERS = [
    ("animation_speed", 0.25, 4.0, "x"),
    ("volume", 0.0, 1.0, "%"),
    ("ai_turn_ms", RANGES["ai_turn_ms"][0], 3000, "ms"),
    ("ai_dobon_ms", RANGES["ai_dobon_ms"][0], 3000, "ms"),
    ("reaction_ms", RANGES["reaction_ms"][0], 6000, "ms"),
]
# on/off settings for how the table looks and moves (accessibility), each a button that flips it
TOGGLES = ("four_colour_deck", "reduced_motion")
UI_SCALES = (1.0, 1.25, 1.5, 1.75, 2.0)  # the interface sizes offered
DROP_H = 32  # a drop-down box's least height: its bold 18 px text, descenders and all


class SettingsScene(Scene):
    layer = 6

    def widgets(self) -> None:
        """One column of rows that fits from 800×600 up: labels wide enough for the Japanese ones, the
        value beside its slider, Back at the foot of the panel below every row."""
        w, h = self.app.size
        gui, c = self.app.gui, self.container
        s = self.app.settings
        x0, top = max(40, int(w * 0.1)), max(20, int(h * 0.05))
        panel = pygame.Rect(x0 - 24, top, w - 2 * x0 + 48, h - 2 * top)
        pygame_gui.elements.UIPanel(panel, manager=gui, container=c)
        content = w - 2 * x0
        y = top + 16
        pygame_gui.elements.UILabel(
            pygame.Rect(x0, y, content, 48), key("settings.title"), gui, container=c, object_id="#heading"
        )
        y += 56
        rows = 3 + len(SLIDERS) + 1 + len(TOGGLES)  # language, sliders, buttons (Back has its own place)
        # a drop-down's box is at least DROP_H tall ("English" lost its descender in a 26 px box at
        # 800x600): the two drop-down rows take what they need more, and the rest share what is left
        pitch = min(50, (panel.bottom - 76 - y - 2 * 8) // rows)
        height = min(36, pitch - 6)
        drop_h = max(height, DROP_H)
        lw = int(content * 0.42)
        vw = 110
        sw = content - lw - vw - 12
        pygame_gui.elements.UILabel(
            pygame.Rect(x0, y, lw, height), key("settings.language"), gui, container=c
        )
        langs = [("English", "en"), ("日本語", "ja")]
        self.language = pygame_gui.elements.UIDropDownMenu(
            langs,
            next(x for x in langs if x[1] == s.language),
            pygame.Rect(x0 + lw, y, min(sw, 220), drop_h),
            gui,
            container=c,
        )
        y += pitch + drop_h - height
        self.sliders: dict[
            str, tuple[pygame_gui.elements.UIHorizontalSlider, pygame_gui.elements.UILabel]
        ] = {}
        for name, low, high, unit in SLIDERS:
            pygame_gui.elements.UILabel(
                pygame.Rect(x0, y, lw, height), key(f"settings.{name}"), gui, container=c
            )
            value = getattr(s, name)
            step = 0.05 if isinstance(value, float) else 50
            slider = pygame_gui.elements.UIHorizontalSlider(
                pygame.Rect(x0 + lw, y + 2, sw, height - 4),
                float(value),
                (low, high),
                gui,
                container=c,
                click_increment=step,
            )
            label = pygame_gui.elements.UILabel(
                pygame.Rect(x0 + lw + sw + 12, y, vw, height),
                self._fmt(name, value, unit),
                gui,
                container=c,
            )
            self.sliders[name] = (slider, label)
            y += pitch
        self.fullscreen = pygame_gui.elements.UIButton(
            pygame.Rect(x0, y, content, height),
            f"{tr('settings.fullscreen')}: {tr('settings.on' if s.fullscreen else 'settings.off')}",
            gui,
            container=c,
        )
        y += pitch
        self.help = pygame_gui.elements.UIButton(
            pygame.Rect(x0, y, content, height),
            f"{tr('settings.practice_help')}: {tr(f'coach.setting_{HelpLevel.of(s.practice_help).value}')}",
            gui,
            container=c,
        )
        y += pitch
        # the interface size: a drop-down (a button going round the sizes moved under the mouse as
        # each click laid the screen out larger), and what this window allows where that is less
        pygame_gui.elements.UILabel(
            pygame.Rect(x0, y, lw, height), key("settings.ui_scale"), gui, container=c
        )
        # only the sizes this window can draw: 200% on offer at 800x600 did nothing when chosen
        room = self._room()
        offered = [k for k in UI_SCALES if k <= room + 1e-6]
        if room - offered[-1] >= 0.1:  # and the most it can: 170% on a 1920x1020 window
            offered.append(room)
        sizes = [(f"{round(k * 100)}%", f"{k}") for k in offered]
        wanted = min(offered, key=lambda k: abs(k - min(s.ui_scale, offered[-1])))
        self.ui_scale = pygame_gui.elements.UIDropDownMenu(
            sizes,
            next(o for o in sizes if o[1] == f"{wanted}"),
            pygame.Rect(x0 + lw, y, min(sw, 120), drop_h),
            gui,
            container=c,
        )
        note = self._scale_note()
        if note:
            pygame_gui.elements.UILabel(
                pygame.Rect(x0 + lw + min(sw, 120) + 12, y, content - lw - min(sw, 120) - 12, height),
                note,
                gui,
                container=c,
                object_id="#about",  # the smaller type: it fits beside the box at 800x600
            )
        y += drop_h - height
        self.toggles: dict[str, pygame_gui.elements.UIButton] = {}
        for name in TOGGLES:
            y += pitch
            self.toggles[name] = pygame_gui.elements.UIButton(
                pygame.Rect(x0, y, content, height),
                f"{tr(f'settings.{name}')}: {tr('settings.on' if getattr(s, name) else 'settings.off')}",
                gui,
                container=c,
            )
        self.back = pygame_gui.elements.UIButton(
            pygame.Rect(x0, panel.bottom - 62, 200, 46), key("settings.back"), gui, container=c
        )

    def _room(self) -> float:
        """The largest interface size this window can draw (ui.app.interface_scale)."""
        return math.floor(interface_scale(self.app.window_size, max(UI_SCALES)) * 20 + 1e-9) / 20  # 5% steps

    def _scale_note(self) -> str:
        """Why sizes are missing from the list: the size chosen does not fit this window (it is kept for
        a larger one), or larger sizes need a larger window ("" where every size fits)."""
        wanted, room = self.app.settings.ui_scale, self._room()
        if wanted > room + 1e-6:
            return tr("settings.ui_scale_capped", wanted=f"{round(wanted * 100)}%")
        if max(UI_SCALES) > room + 1e-6:
            return tr("settings.ui_scale_room")
        return ""

    @staticmethod
    def _fmt(name: str, value: float, unit: str) -> str:
        if unit == "%":
            return f"{round(value * 100)}%"
        if unit == "x":
            return f"×{value:.2f}"
        return f"{int(value)} ms"

    def process_event(self, event):
        s = self.app.settings
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and event.ui_element is self.ui_scale:
            self.app.set_ui_scale(float(event.ui_element.selected_option[1]))  # every screen laid out anew
            return None
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and event.ui_element is self.language:
            s.language = event.ui_element.selected_option[1]
            s.save()
            self.app.set_language(s.language)
            return None
        if event.type == pygame_gui.UI_HORIZONTAL_SLIDER_MOVED:
            for name, (slider, label) in self.sliders.items():
                if event.ui_element is slider:
                    unit = next(u for n, _lo, _hi, u in SLIDERS if n == name)
                    value = slider.get_current_value()
                    value = (
                        round(value, 2)
                        if isinstance(getattr(s, name), float)
                        else int(round(value / 50) * 50)
                    )
                    setattr(s, name, value)
                    label.set_text(self._fmt(name, value, unit))
                    if name == "volume":
                        self.app.sounds.set_volume(value)
                    s.save()
            return None
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.back:
                self.app.stack.pop()
            elif event.ui_element is self.fullscreen:
                s.fullscreen = not s.fullscreen
                s.save()
                self.app.apply_display_mode()
            elif event.ui_element is self.help:
                s.practice_help = HelpLevel.of(s.practice_help).next()  # off → legal cards → coach
                s.save()
                self.build()
            else:
                for name, button in self.toggles.items():
                    if event.ui_element is button:
                        setattr(s, name, not getattr(s, name))
                        s.save()
                        palette.use(palette.FOUR if s.four_colour_deck else palette.CLASSIC)
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
