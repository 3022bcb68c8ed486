"""The new-game screen: preset, players, each seat's type, AI level and name, match length and the
preset's house rules. Sensible defaults (remembered), so one click on Start begins a game."""

from __future__ import annotations

import html
import random

import pygame
import pygame_gui

from game.rules import PRESETS
from game.seats import SEATS

from ..filetypes import last_setup
from ..presets import preset_ui
from ..scene import Scene
from ..settings import load_match
from ..table.setup import AI_NAMES, GameSetup, SeatSpec, default_level
from ..text import key, rules_text, tr


class NewGameScene(Scene):
    def __init__(self, app):
        super().__init__(app)
        # remembered choices come from a file the player may have edited: typed and in range (ui.filetypes)
        last = last_setup(app.settings.last_setup)
        self.preset = last.preset if last.preset in PRESETS else "app"
        self.players = last.players
        self.seats = [SeatSpec(s.kind, s.level, s.name) for s in last.seats if s.level in SEATS]
        # only the options this screen shows: one it does not show could not be put right by the player
        shown = {name for name, _ in preset_ui(PRESETS[self.preset]).new_game_options}
        self.options: dict = {
            k: v for k, v in last.options.items() if k in shown and last.preset == self.preset
        }
        cls = PRESETS[self.preset]
        self.players = min(max(self.players, cls.min_players), cls.players_cap)
        self.error: str | None = None

    # ------------------------------------------------------------------ widgets

    def widgets(self) -> None:
        """Rules and what they are like, then players and the match options in two columns, then one row
        per seat; rows tighten on short windows so Start is always on screen and nothing overlaps."""
        w, h = self.app.size
        gui, c = self.app.gui, self.container
        x0, y = max(24, int(w * 0.06)), max(12, int(h * 0.03))
        content = w - 2 * x0
        pygame_gui.elements.UILabel(
            pygame.Rect(x0, y, content, 48), key("new.title"), gui, container=c, object_id="#heading"
        )
        y += 52
        lw = 180
        pygame_gui.elements.UILabel(pygame.Rect(x0, y, lw, 36), key("new.preset"), gui, container=c)
        names = [(tr(f"preset.{p}"), p) for p in PRESETS]
        self.preset_menu = pygame_gui.elements.UIDropDownMenu(
            names,
            next(n for n in names if n[1] == self.preset),
            pygame.Rect(x0 + lw, y, min(380, content - lw), 36),
            gui,
            container=c,
        )
        y += 38
        about = pygame_gui.elements.UITextBox(
            html.escape(tr(f"preset_about.{self.preset}")),
            pygame.Rect(x0 - 4, y, min(content + 8, 900), 66),
            gui,
            container=c,
            object_id="#about",
        )
        about.set_active_effect(None)
        y += 66
        # players and the preset's options, two to a row where the window is wide enough
        self.option_fields: dict[str, object] = {}
        cells: list[tuple[str, str | None]] = [("players", None)]
        cells += preset_ui(PRESETS[self.preset]).new_game_options
        columns = 2 if content >= 700 else 1
        col_w = content // columns
        for i, (name, label) in enumerate(cells):
            cx, cy = x0 + (i % columns) * col_w, y + (i // columns) * 42
            ui = preset_ui(PRESETS[self.preset])
            if name == "players":
                self._players_field(cx, cy, lw)
            elif name in ui.option_choices:  # one of a few named values: a button that steps through them
                self._choice(name, tr(label), ui.option_choices[name], cx, cy, col_w - 12)
            elif isinstance(getattr(PRESETS[self.preset], name, None), bool):
                self._toggle(name, tr(label), cx, cy, col_w - 12)
            else:
                self._number_field(name, tr(label), cx, cy, lw)
        y += -(-len(cells) // columns) * 42 + 4
        pygame_gui.elements.UILabel(pygame.Rect(x0, y, 400, 30), key("new.seats"), gui, container=c)
        y += 32
        while len(self.seats) < self.players:
            i = len(self.seats)
            self.seats.append(SeatSpec("human" if i == 0 else "ai", default_level(), ""))
        self.seat_rows = []
        kinds = [(tr("new.kind_human"), "human"), (tr("new.kind_ai"), "ai")]
        levels = [(tr(f"level.{n}"), n) for n in SEATS]
        pitch = max(32, min(40, (h - 76 - y) // self.players))
        row_h = pitch - 4
        name_w = max(140, min(220, content - 90 - 160 - 190 - 20))
        for i in range(self.players):
            s = self.seats[i]
            pygame_gui.elements.UILabel(
                pygame.Rect(x0, y, 86, row_h), tr("new.seat", n=i + 1), gui, container=c
            )
            kind = pygame_gui.elements.UIDropDownMenu(
                kinds,
                next(k for k in kinds if k[1] == s.kind),
                pygame.Rect(x0 + 90, y, 150, row_h),
                gui,
                container=c,
            )
            level = pygame_gui.elements.UIDropDownMenu(
                levels,
                next((lv for lv in levels if lv[1] == s.level), levels[0]),
                pygame.Rect(x0 + 250, y, 180, row_h),
                gui,
                container=c,
            )
            name = pygame_gui.elements.UITextEntryLine(
                pygame.Rect(x0 + 440, y, name_w, row_h), gui, container=c
            )
            name.set_text(s.name or (AI_NAMES[i % len(AI_NAMES)] if s.kind == "ai" else ""))
            name.set_text_length_limit(16)
            self.seat_rows.append((kind, level, name))
            y += pitch
        bw = 200
        self.back = pygame_gui.elements.UIButton(
            pygame.Rect(x0, h - 62, bw, 46), key("new.back"), gui, container=c
        )
        self.start = pygame_gui.elements.UIButton(
            pygame.Rect(w - x0 - bw, h - 62, bw, 46), key("new.start"), gui, container=c
        )
        if self.error:
            pygame_gui.elements.UILabel(
                pygame.Rect(x0 + bw + 20, h - 58, w - 2 * (x0 + bw + 20), 40), self.error, gui, container=c
            )

    def _players_field(self, x: int, y: int, lw: int) -> None:
        gui, c = self.app.gui, self.container
        cls = PRESETS[self.preset]
        pygame_gui.elements.UILabel(pygame.Rect(x, y, lw, 36), key("new.players"), gui, container=c)
        counts = [str(n) for n in range(cls.min_players, cls.players_cap + 1)]
        self.players_menu = pygame_gui.elements.UIDropDownMenu(
            counts, str(self.players), pygame.Rect(x + lw, y, 100, 36), gui, container=c
        )

    def _number_field(self, name: str, label: str, x: int, y: int, lw: int) -> None:
        gui, c = self.app.gui, self.container
        pygame_gui.elements.UILabel(pygame.Rect(x, y, lw, 36), label, gui, container=c)
        entry = pygame_gui.elements.UITextEntryLine(pygame.Rect(x + lw, y, 140, 36), gui, container=c)
        default = getattr(PRESETS[self.preset], name, None)
        if default is None:
            from dataclasses import fields

            default = next(f.default for f in fields(PRESETS[self.preset]) if f.name == name)
        entry.set_text(str(self.options.get(name, default)))
        entry.set_allowed_characters("numbers")
        self.option_fields[name] = entry

    def _toggle(self, name: str, label: str, x: int, y: int, width: int) -> None:
        on = bool(self.options.get(name, getattr(PRESETS[self.preset], name, False)))
        text = f"{label}: {tr('settings.on' if on else 'settings.off')}"
        button = pygame_gui.elements.UIButton(
            pygame.Rect(x, y, width, 36), text, self.app.gui, container=self.container
        )
        self.option_fields[name] = button

    def _choice(self, name: str, label: str, choices: tuple[str, ...], x: int, y: int, width: int) -> None:
        value = str(self.options.get(name, getattr(PRESETS[self.preset], name, choices[0])))
        text = f"{label}: {tr(f'new.choice.{name}.{value}')}"
        button = pygame_gui.elements.UIButton(
            pygame.Rect(x, y, width, 36), text, self.app.gui, container=self.container
        )
        self.option_fields[name] = button

    # ------------------------------------------------------------------ events

    def _collect(self) -> None:
        for i, (kind, level, name) in enumerate(getattr(self, "seat_rows", [])):
            self.seats[i] = SeatSpec(
                kind.selected_option[1], level.selected_option[1], name.get_text().strip()
            )
        for name, widget in getattr(self, "option_fields", {}).items():
            if isinstance(widget, pygame_gui.elements.UITextEntryLine):
                self.options[name] = widget.get_text()

    def process_event(self, event):
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            self._collect()
            if event.ui_element is self.preset_menu:
                self.preset = event.ui_element.selected_option[1]
                self.options = {}
                cls = PRESETS[self.preset]
                self.players = min(max(self.players, cls.min_players), cls.players_cap)
            elif event.ui_element is self.players_menu:
                self.players = int(event.text)
            self.build()
            return None
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.back:
                self.app.stack.pop()
                return None
            if event.ui_element is self.start:
                self.begin()
                return None
            for name, widget in self.option_fields.items():
                if event.ui_element is widget:
                    self._collect()
                    default = getattr(PRESETS[self.preset], name, False)
                    choices = preset_ui(PRESETS[self.preset]).option_choices.get(name)
                    if choices:  # the next of its named values
                        now = str(self.options.get(name, default))
                        index = choices.index(now) if now in choices else -1
                        self.options[name] = choices[(index + 1) % len(choices)]
                    else:
                        self.options[name] = not bool(self.options.get(name, default))
                    self.build()
                    return None
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.stack.pop()
            return None
        return event

    def begin(self) -> None:
        from game.rules import make_rules

        from .table import TableScene

        self._collect()
        seats = self.seats[: self.players]
        if not any(s.kind == "human" for s in seats):
            seats[0].kind = "human"
        options = {k: v for k, v in self.options.items() if v not in ("", None)}
        cls = PRESETS[self.preset]
        if self.players > cls.max_players:  # beyond the preset's usual table: its option allows more
            options["max_players"] = cls.players_cap
        try:
            make_rules(self.preset, self.players, options)
        except ValueError as exc:
            self.error = str(exc)
            self.build()
            return
        setup = GameSetup(self.preset, self.players, options, seats, random.randrange(2**31)).complete()
        self.app.settings.last_setup = {
            "preset": self.preset,
            "players": self.players,
            "options": options,
            "seats": [vars(s) for s in seats],
        }
        self.app.settings.save()

        def start() -> None:
            self.app.stack.replace(TableScene(self.app, setup))

        saved = saved_match(self.app)
        if saved is None:
            start()
            return
        from .confirm import ConfirmScene

        self.app.stack.push(
            ConfirmScene(self.app, saved_match_question(saved), "new.replace", "new.keep", start)
        )

    @property
    def animating(self) -> bool:
        return False  # a quiet screen: the loop draws it a few times a second, at once on input

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill((16, 62, 44))


def saved_match(app) -> dict | None:
    """The saved match a new game would replace, if any; a save that cannot be read is set aside
    (ui.settings.load_match) and the player told so over this screen."""
    saved, problem = load_match()
    if problem:
        app.notices.append(problem)
    return saved


def saved_match_question(saved: dict) -> str:
    """What the player is about to lose: which match, how far it got."""
    try:
        preset = rules_text(str(saved["setup"]["preset"]), "title")
    except (KeyError, TypeError):
        preset = "?"
    return tr("new.replace_question", preset=preset)
