"""The new-game screen: preset, players, each seat's type, AI level and name, match length and the
preset's house rules. Sensible defaults (remembered), so one click on Start begins a game."""

from __future__ import annotations

import html
import random

import pygame
import pygame_gui

from game.registry import DEFAULT_PRESET
from game.rules import PRESETS
from game.seats import SEATS

from ..filetypes import last_setup
from ..hint_entry import HintEntry
from ..presets import preset_ui
from ..scene import Scene
from ..table.layout import seats_that_fit
from ..table.setup import AI_NAMES, GameSetup, SeatSpec, default_level
from ..text import key, tr
from ..theme import text_width
from .match_notes import saved_match, saved_match_question

MAX_CONTENT_W = 1100  # the screen's column on a wide window: centred, not stretched to its edges


MENU_ARROW_W = 56  # a drop-down's arrow and padding beside its chosen text
ABOUT_MAX_H = 96  # the preset's description: three lines of its 15 px type, then it scrolls


class NewGameScene(Scene):
    def __init__(self, app):
        super().__init__(app)
        # remembered choices come from a file the player may have edited: typed and in range (ui.filetypes)
        last = last_setup(app.settings.last_setup)
        self.preset = last.preset if last.preset in PRESETS else DEFAULT_PRESET
        self.players = last.players
        self.seats = [SeatSpec(s.kind, s.level, s.name) for s in last.seats if s.level in SEATS]
        # only the options this screen shows: one it does not show could not be put right by the player
        shown = {name for name, _ in preset_ui(PRESETS[self.preset]).new_game_options}
        self.options: dict = {
            k: v for k, v in last.options.items() if k in shown and last.preset == self.preset
        }
        cls = PRESETS[self.preset]
        self.seat_count(min(max(self.players, cls.min_players), cls.players_cap))
        self.error: str | None = None
        self.use_fit: pygame_gui.elements.UIButton | None = None

    # ------------------------------------------------------------------ widgets

    def widgets(self) -> None:
        """Rules and what they are like, then players and the match options in two columns, then one row
        per seat; rows tighten on short windows so Start is always on screen and nothing overlaps."""
        w, h = self.app.size
        gui, c = self.app.gui, self.container
        content = min(w - 2 * max(24, int(w * 0.06)), MAX_CONTENT_W)  # a column, centred on a wide window
        x0, y = (w - content) // 2, max(12, int(h * 0.03))
        pygame_gui.elements.UILabel(
            pygame.Rect(x0, y, content, 48), key("new.title"), gui, container=c, object_id="#heading"
        )
        y += 52
        lw = 180
        # the Rules label as wide as its word, so the menu has the room for the longest preset name
        # (standard's, in Japanese) and its arrow
        rules_w = min(lw, text_width(tr("new.preset")) + 24)
        pygame_gui.elements.UILabel(pygame.Rect(x0, y, rules_w, 36), key("new.preset"), gui, container=c)
        names = [(tr(f"preset.{p}"), p) for p in PRESETS]
        # the preset's lesson beside it (ui/scenes/learn.py): a guided first game of these rules
        learn_w = text_width(tr("learn.new_game_button")) + 36
        need = max(text_width(name, bold=True) for name, _ in names) + MENU_ARROW_W
        self.preset_menu = pygame_gui.elements.UIDropDownMenu(
            names,
            next(n for n in names if n[1] == self.preset),
            pygame.Rect(x0 + rules_w, y, min(max(380, need), content - rules_w - learn_w - 10), 36),
            gui,
            container=c,
        )
        self.learn = pygame_gui.elements.UIButton(
            pygame.Rect(self.preset_menu.rect.right + 10, y, learn_w, 36),
            key("learn.new_game_button"),
            gui,
            container=c,
        )
        y += 38
        # what the rules are like, as tall as its text (jda's takes three lines at 800x600), up to
        # ABOUT_MAX_H; only a longer one scrolls
        about_text = html.escape(tr(f"preset_about.{self.preset}"))
        about_rect = pygame.Rect(x0 - 4, y, min(content + 8, 900), -1)
        about = pygame_gui.elements.UITextBox(about_text, about_rect, gui, container=c, object_id="#about")
        if about.rect.height > ABOUT_MAX_H:
            about.kill()
            about_rect.height = ABOUT_MAX_H
            about = pygame_gui.elements.UITextBox(
                about_text, about_rect, gui, container=c, object_id="#about"
            )
        about.set_active_effect(None)
        self.about = about
        y += max(about.rect.height, 40)
        # players and the preset's options, two to a row where the window is wide enough; an option
        # whose whole text (a label, or a button's "name: value") needs more takes a row of its own
        self.option_fields: dict[str, object] = {}
        ui = preset_ui(PRESETS[self.preset])
        cells: list[tuple[str, str | None]] = [("players", None)]
        cells += ui.new_game_options
        words = {name: self._option_text(name, tr(label)) for name, label in cells if label is not None}
        labels = [tr(label) for name, label in cells if label is not None and words[name] is None]
        columns = 2 if content >= 700 else 1
        col_w = content // columns
        lw = min(max([lw, *(text_width(t) + 16 for t in labels)]), col_w - 112)
        spans = {
            name: 2 if columns == 2 and text and text_width(text, bold=True) + 44 > col_w - 12 else 1
            for name, text in words.items()
        }
        cells.sort(key=lambda cell: spans.get(cell[0], 1))  # the wide ones last: no half row left empty
        places, row, col = [], 0, 0  # (name, label, column, row, columns spanned)
        for name, label in cells:
            span = spans.get(name, 1)
            if col + span > columns:
                row, col = row + 1, 0
            places.append((name, label, col, row, span))
            row, col = (row + 1, 0) if col + span >= columns else (row, col + span)
        rows = row + (col > 0)
        # a short window: the seats' heading goes, then the option rows tighten, so no seat row
        # runs under Back and Start
        heading, pitch_opt = True, 42
        if rows * pitch_opt + 4 + 32 + self.players * 32 > h - 76 - y:  # (4: the gap under the options)
            heading = False
        if rows * pitch_opt + 4 + self.players * 32 > h - 76 - y:
            pitch_opt = 38
        for name, label, col, row, span in places:
            cx, cy = x0 + col * col_w, y + row * pitch_opt
            text = words.get(name)
            if name == "players":
                self._players_field(cx, cy, lw)
            elif text is not None:  # a toggle, or one of a few named values stepped through
                rect = pygame.Rect(cx, cy, span * col_w - 12, 36)
                self.option_fields[name] = pygame_gui.elements.UIButton(rect, text, gui, container=c)
            else:
                self._number_field(name, tr(label), cx, cy, lw)
        y += rows * pitch_opt + 4
        y = self._too_small_note(x0, y, content)
        if heading:
            pygame_gui.elements.UILabel(pygame.Rect(x0, y, 400, 30), key("new.seats"), gui, container=c)
            y += 32
        while len(self.seats) < self.players:
            i = len(self.seats)
            self.seats.append(SeatSpec("human" if i == 0 else "ai", default_level(), ""))
        self.seat_rows = []
        kinds = [(tr("new.kind_human"), "human"), (tr("new.kind_ai"), "ai")]
        levels = [(tr(f"level.{n}"), n) for n in SEATS]
        # one column of rows; two, each row narrower, where one would run into Back and Start (9-12)
        room = h - 76 - y
        columns = 1 if room // self.players >= 32 else 2
        rows = -(-self.players // columns)
        pitch = max(32, min(40, room // rows))
        row_h = pitch - 4
        col_w = (content - 16 * (columns - 1)) // columns
        label_w = 86 if columns == 1 else 66
        kind_w, level_w = (150, 180) if columns == 1 else (max(84, col_w // 5), max(100, col_w // 4))
        if columns == 1:
            name_w = max(140, min(220, content - 90 - 160 - 190 - 20))
        else:
            name_w = max(72, min(220, col_w - label_w - kind_w - level_w - 24))
        for i in range(self.players):
            s = self.seats[i]
            x = x0 + (i // rows) * (col_w + 16)
            at = y + (i % rows) * pitch
            pygame_gui.elements.UILabel(
                pygame.Rect(x, at, label_w - 4, row_h), tr("new.seat", n=i + 1), gui, container=c
            )
            kind = pygame_gui.elements.UIDropDownMenu(
                kinds,
                next(k for k in kinds if k[1] == s.kind),
                pygame.Rect(x + label_w, at, kind_w, row_h),
                gui,
                container=c,
            )
            level = pygame_gui.elements.UIDropDownMenu(
                levels,
                next((lv for lv in levels if lv[1] == s.level), levels[0]),
                pygame.Rect(x + label_w + kind_w + 10, at, level_w, row_h),
                gui,
                container=c,
            )
            # a person's empty name box says, greyed, what the table will call them ("You"), so it
            # does not look forgotten; typing a name replaces it
            name = HintEntry(
                pygame.Rect(x + label_w + kind_w + level_w + 20, at, name_w, row_h),
                gui,
                container=c,
                placeholder_text=tr("table.you") if s.kind == "human" else "",
            )
            if s.kind == "human":
                level.hide()  # a person's seat has no AI level (it comes back if the seat turns AI)
            name.set_text(s.name or (AI_NAMES[i % len(AI_NAMES)] if s.kind == "ai" else ""))
            name.set_text_length_limit(16)
            self.seat_rows.append((kind, level, name))
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

    def _too_small_note(self, x: int, y: int, width: int) -> int:
        """More seats than this window lays out (9-12 at 800x600): say so, and offer the most that fit.
        Returns the y below the note (unchanged when there is none)."""
        self.use_fit = None
        fit = seats_that_fit(*self.app.size)
        if self.players <= fit:
            return y
        gui, c = self.app.gui, self.container
        bw = 190
        text = tr("new.too_small", seats=self.players, fit=fit)
        pygame_gui.elements.UILabel(pygame.Rect(x, y, width - bw - 8, 36), text, gui, container=c)
        self.use_fit = pygame_gui.elements.UIButton(
            pygame.Rect(x + width - bw, y, bw, 36), tr("new.use_fit", fit=fit), gui, container=c
        )
        self.fit = fit
        return y + 40

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
        entry = pygame_gui.elements.UITextEntryLine(pygame.Rect(x + lw, y, 100, 36), gui, container=c)
        default = getattr(PRESETS[self.preset], name, None)
        if default is None:
            from dataclasses import fields

            default = next(f.default for f in fields(PRESETS[self.preset]) if f.name == name)
        entry.set_text(str(self.options.get(name, default)))
        entry.set_allowed_characters("numbers")
        self.option_fields[name] = entry

    def _option_text(self, name: str, label: str) -> str | None:
        """A button option's text, "name: value" (a toggle's on or off, or one of a few named values);
        None for an option typed as a number."""
        cls = PRESETS[self.preset]
        choices = preset_ui(cls).option_choices.get(name)
        if choices:
            value = str(self.options.get(name, getattr(cls, name, choices[0])))
            return f"{label}: {tr(f'new.choice.{name}.{value}')}"
        if isinstance(getattr(cls, name, None), bool):
            on = bool(self.options.get(name, getattr(cls, name, False)))
            return f"{label}: {tr('settings.on' if on else 'settings.off')}"
        return None

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
                self.seat_count(min(max(self.players, cls.min_players), cls.players_cap))
            elif event.ui_element is self.players_menu:
                self.seat_count(int(event.text))
            self.build()
            return None
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.learn:
                self.app.act("start_lesson", self.preset, resume=True)
                return None
            if event.ui_element is self.back:
                self.app.stack.pop()
                return None
            if event.ui_element is self.start:
                self.begin()
                return None
            if event.ui_element is self.use_fit and self.use_fit is not None:
                self._collect()
                self.seat_count(self.fit)
                self.build()
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

    def seat_count(self, players: int) -> None:
        """A new number of seats, with the options it cannot do without shown as chosen (super: two
        decks from nine)."""
        self.players = players
        self.options.update(PRESETS[self.preset].seat_options(players))

    def begin(self) -> None:
        from game.rules import make_rules

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
            self.app.stack.replace(self.app.scene("table", setup))

        saved = saved_match(self.app)
        if saved is None:
            start()
            return
        self.app.stack.push(
            self.app.scene("confirm", saved_match_question(saved), "new.replace", "new.keep", start)
        )

    @property
    def animating(self) -> bool:
        return False  # a quiet screen: drawn on input or when something falls due (`due_in`)

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill((16, 62, 44))
