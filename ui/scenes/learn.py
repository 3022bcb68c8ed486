"""Learn to play: the lessons, one per preset, and the way into them (docs/learn.md).

A row per preset: its lesson's name and what it teaches, and Start (or Resume, for the lesson left
off, with Start over beside it); a lesson finished once is ticked and marked finished, its button
Play again. A lesson is the real table with a guide (ui/learn/guide.py)."""

from __future__ import annotations

import html

import pygame
import pygame_gui

from game.rules import PRESETS

from .. import sizes
from ..learn import progress
from ..learn.guide import Guide, has_lesson, lesson_for
from ..scene import Scene
from ..text import key, tr

MAX_CONTENT_W = 1000


def start_lesson(app, preset: str, resume: bool = False) -> None:
    """Open the preset's lesson on the table: from its start, or where it was left off."""
    from ..table.setup import GameSetup

    lesson = lesson_for(preset)
    kept = progress.load() if resume else None
    if kept is not None and kept.preset == preset:
        try:
            setup, game = kept.game()
        except ValueError:
            kept = None  # it no longer replays (a changed lesson): start it again
    if kept is None or kept.preset != preset:
        guide = Guide(lesson)
        table = app.scene("table", GameSetup.of_scenario(lesson.scenario), guide=guide)
    else:
        guide = Guide(lesson, kept.step, kept.hints)
        table = app.scene("table", setup, game, guide=guide)
    guide.on_finish = lambda _table: back_to_lessons(app)
    app.stack.push(table)


def back_to_lessons(app) -> None:
    """Leave a finished lesson for the list of lessons (over the title)."""
    app.stack.clear_to(app.scene("title"))
    app.stack.push(LearnScene(app))


class LearnScene(Scene):
    def __init__(self, app, preset: str | None = None):
        super().__init__(app)
        self.first = preset  # the preset New game had chosen: its row comes first

    def enter(self) -> None:
        self.read()  # now: a lesson just left, or just finished, has written it
        super().enter()

    def resume(self) -> None:
        self.read()
        self.build()

    def read(self) -> None:
        self.kept = progress.load()
        self.finished = set(progress.finished())

    def first_focus_stop(self):
        """The lesson left mid-way's Resume (what "Resume the lesson" on the title came for), else None:
        the first row's Start."""
        if self.kept is None:
            return None
        return getattr(self, "starts", {}).get(self.kept.preset)

    def presets(self) -> list[str]:
        names = [p for p in PRESETS if has_lesson(p)]
        if self.first in names:
            names.remove(self.first)
            names.insert(0, self.first)
        return names

    def widgets(self) -> None:
        w, h = self.app.size
        gui, c = self.app.gui, self.container
        content = min(w - 2 * max(20, int(w * 0.05)), MAX_CONTENT_W)
        x0, y = (w - content) // 2, max(10, int(h * 0.03))
        words = "#about" if h < 900 else "#about_large"  # larger type on a large window (ui.sizes)
        pygame_gui.elements.UILabel(
            pygame.Rect(x0, y, content, 44), key("learn.heading"), gui, container=c, object_id="#heading"
        )
        y += 46
        intro = pygame_gui.elements.UITextBox(
            html.escape(tr("learn.intro")),
            pygame.Rect(x0 - 4, y, content + 8, 64 if h < 900 else 84),
            gui,
            container=c,
            object_id=words,
        )
        intro.set_active_effect(None)
        y += intro.rect.height + 4
        names = self.presets()
        pitch = max(44, min(96 if h < 900 else 128, (h - y - 76) // len(names)))
        bw = max(130, min(220, content // 5))
        self.starts: dict[str, pygame_gui.elements.UIButton] = {}
        self.overs: dict[str, pygame_gui.elements.UIButton] = {}
        self.rows: dict[str, str] = {}  # each row's words, as shown
        for i, preset in enumerate(names):
            row = y + i * pitch
            kept = self.kept is not None and self.kept.preset == preset
            label = tr(f"learn.{preset}.title")
            if kept:
                steps = len(lesson_for(preset).steps)
                label = tr("learn.left_at", lesson=label, step=self.kept.step + 1, steps=steps)
            if preset in self.finished:  # a tick and the word, so it is not colour or a glyph alone
                label = tr("learn.finished_mark", lesson=label)
            text = f"<b>{html.escape(label)}</b> — {html.escape(tr(f'learn.{preset}.about'))}"
            self.rows[preset] = text
            box = pygame_gui.elements.UITextBox(
                text,
                pygame.Rect(x0 - 4, row, content - bw - 8, pitch - 4),
                gui,
                container=c,
                object_id=words,
            )
            box.set_active_effect(None)
            bh = (pitch - 10) // 2 if kept else min(46 if h < 900 else 60, pitch - 8)
            self.starts[preset] = pygame_gui.elements.UIButton(
                pygame.Rect(x0 + content - bw, row, bw, bh),
                key("learn.resume" if kept else "learn.again" if preset in self.finished else "learn.start"),
                gui,
                container=c,
                object_id=sizes.button_id(h),
            )
            if kept:
                self.overs[preset] = pygame_gui.elements.UIButton(
                    pygame.Rect(x0 + content - bw, row + bh + 4, bw, bh),
                    key("learn.start_over"),
                    gui,
                    container=c,
                    object_id=sizes.button_id(h),
                )
        self.back = pygame_gui.elements.UIButton(
            pygame.Rect(x0, h - 62, max(160, content // 5), 46),
            key("new.back"),
            gui,
            container=c,
            object_id=sizes.button_id(h),
        )

    def process_event(self, event):
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            self.app.sounds.play("click")
            if event.ui_element is self.back:
                self.app.stack.pop()
                return None
            for preset, button in self.starts.items():
                if event.ui_element is button:
                    start_lesson(self.app, preset, resume=preset in self.overs)
                    return None
            for preset, button in self.overs.items():
                if event.ui_element is button:
                    progress.clear()
                    start_lesson(self.app, preset)
                    return None
            return None
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.stack.pop()
            return None
        return event

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill((16, 70, 48))
