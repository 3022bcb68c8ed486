"""The Statistics screen: the person's figures from the kept games (game.stats), per preset and per AI
level faced, and a chart of the person's total score change game by game.

Counting replays every record, so it runs on a worker thread and the screen says it is counting meanwhile.
"""

from __future__ import annotations

import html
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

import pygame
import pygame_gui

from game import history, stats
from game.rules import PRESETS
from game.stats import Stats, Tally

from ..presets import PresetUI, preset_ui
from ..scene import Scene
from ..text import key, rules_text, tr
from ..textfit import render
from ..theme import BACKGROUND
from .record_words import faced_text, skipped_reason, when

LINE = (236, 196, 80)


@dataclass
class Figures:
    """What the screen shows: the statistics, and per preset the person's running total game by game."""

    stats: Stats
    totals: dict[str, list[int]] = field(default_factory=dict)  # preset -> running total after each game
    dates: dict[str, list[str]] = field(default_factory=dict)  # preset -> each game's start, the same order
    # preset -> the standing's part its chart plots instead of points (jda: lap, kabu: laps): the
    # person's value at each game's end, not a running total
    parts: dict[str, str] = field(default_factory=dict)


def count(folder: str | Path | None = None) -> Figures:
    """The statistics, and the running totals the chart draws (oldest game first)."""
    figures = Figures(stats.compute(folder))
    for item in reversed(history.listing(folder).entries):
        if item.me is None:
            continue
        own = item.preset in PRESETS and preset_ui(PRESETS[item.preset]).stats_parts
        if own:  # the standing's headline at the game's end (a record kept before standings were: none)
            if not item.standings:
                continue
            figures.parts[item.preset] = item.standings[item.me].parts[0][0]
            figures.totals.setdefault(item.preset, []).append(item.standings[item.me].headline)
        else:
            series = figures.totals.setdefault(item.preset, [0])
            series.append(series[-1] + item.deltas[item.me])
        figures.dates.setdefault(item.preset, []).append(item.started)
    return figures


def columns(preset: str | None) -> list[str]:
    """The table's headings for a preset, in its own terms: its rounds and matches by their names
    (jda's games, kabu's matches and games), then points where it scores points, else its standing's
    parts (jda: laps a game, mean deal size; kabu: laps a match, mean extra cards)."""
    ui = preset_ui(PRESETS[preset]) if preset in PRESETS else PresetUI()
    rounds, matches = ui.stats_units
    head = [
        tr("stats.faced"),
        tr(rounds),
        tr("stats.won"),
        tr(matches),
        tr("stats.dobon"),
        tr("stats.dobonned"),
    ]
    if not ui.stats_parts:
        return [*head, tr("stats.per_round"), tr("stats.best"), tr("stats.worst"), tr("stats.streak")]
    parts = [tr(f"stats.part.{how}.{name}") for name, how in ui.stats_parts]
    return [*head, *parts, tr("stats.streak")]


def cells(faced: str, tally: Tally, preset: str | None = None) -> list[str]:
    """One row of the table: the figures of a tally, as text, under `columns(preset)`."""
    data = tally.to_json()

    def pct(x: float | None) -> str:
        return "-" if x is None else f"{100 * x:.0f}%"

    head = [
        faced,
        str(tally.rounds),
        str(tally.rounds_won),
        str(tally.matches),
        pct(data["dobon_rate"]),
        pct(data["dobonned_rate"]),
    ]
    parts = preset_ui(PRESETS[preset]).stats_parts if preset in PRESETS else ()
    if parts:
        figures = {"gain": data["gain_per_round"], "level": data["mean_after_round"]}
        own = [figures[how].get(name) for name, how in parts]
        signs = ["+" if how == "gain" else "" for _name, how in parts]
        shown = [("-" if v is None else f"{v:{sign}.1f}") for v, sign in zip(own, signs, strict=True)]
        return [*head, *shown, f"{tally.streak:+d}"]
    ppr = "-" if data["points_per_round"] is None else f"{data['points_per_round']:+.1f}"
    best = "-" if tally.best is None else f"{tally.best:+d}"
    worst = "-" if tally.worst is None else f"{tally.worst:+d}"
    return [*head, ppr, best, worst, f"{tally.streak:+d}"]


def matches_line(tally: Tally, preset: str | None = None) -> str:
    """Under the table, in words: the matches won of those finished (the table's Won is rounds), and
    the records whose match is not finished yet, so "0 matches" beside a History row that says "place 1
    of 4" is no riddle."""
    ui = preset_ui(PRESETS[preset]) if preset in PRESETS else PresetUI()
    parts = [tr("stats.matches_won", what=tr(ui.stats_units[1]), won=tally.matches_won, n=tally.matches)]
    if tally.under_way:
        parts.append(tr("stats.unfinished", count=tally.under_way))
    return tr("stats.sep").join(parts)


class StatsScene(Scene):
    layer = 6

    def __init__(self, app, folder: str | Path | None = None):
        super().__init__(app)
        self.folder = folder
        self.worker = ThreadPoolExecutor(max_workers=1, thread_name_prefix="stats")
        self.job: Future | None = self.worker.submit(count, folder)
        self.figures: Figures | None = None
        self.preset: str | None = None

    def widgets(self) -> None:
        w, h = self.app.size
        gui, c = self.app.gui, self.container
        self.back = pygame_gui.elements.UIButton(
            pygame.Rect(w - 150, 16, 130, 40), key("settings.back"), gui, container=c
        )
        presets = sorted(self.figures.stats.presets) if self.figures else []
        self.filter: pygame_gui.elements.UIDropDownMenu | None = None
        if self.preset in presets:
            options = [(rules_text(p, "title"), p) for p in presets]
            self.filter = pygame_gui.elements.UIDropDownMenu(
                options,
                next(o for o in options if o[1] == self.preset),
                pygame.Rect(20, 16, min(320, w - 200), 40),
                gui,
                container=c,
            )
        self.skipped = None
        if self.figures and self.figures.stats.skipped:
            skipped = self.figures.stats.skipped
            text = (
                tr("history.skipped", count=len(skipped))
                + "<br>"
                + "<br>".join(html.escape(skipped_reason(s)) for s in skipped)
            )
            box_h = min(130, 50 + 30 * (len(skipped) + 1))
            self.skipped = pygame_gui.elements.UITextBox(
                text, pygame.Rect(20, h - 20 - box_h, w - 40, box_h), gui, container=c
            )

    def update(self, dt: float) -> None:
        if self.job is None or not self.job.done():
            return
        job, self.job = self.job, None
        self.worker.shutdown(wait=False)
        self.figures = job.result()
        if self.figures.stats.presets:
            self.preset = sorted(self.figures.stats.presets)[0]
        self.build()

    def rows(self) -> list[list[str]]:
        """The table for the chosen preset: all its games, then per AI level faced."""
        if self.figures is None or self.preset is None:
            return []
        found = self.figures.stats
        rows = [cells(tr("stats.all_levels"), found.presets[self.preset], self.preset)]
        for (preset, faced), tally in sorted(found.levels.items()):
            if preset == self.preset:
                rows.append(cells(faced_text(faced), tally, preset))
        return rows

    def process_event(self, event):
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.back:
            self.app.stack.pop()
            return None
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and event.ui_element is self.filter:
            self.preset = self.filter.selected_option[1]
            self.build()
            return None
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.stack.pop()
            return None
        return event

    def exit(self) -> None:
        self.worker.shutdown(wait=False, cancel_futures=True)
        super().exit()

    @property
    def animating(self) -> bool:
        return self.job is not None

    # ------------------------------------------------------------------ drawing

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(BACKGROUND)
        w, h = surface.get_size()
        size = max(14, int(h * 0.024))
        if self.figures is None:
            _blit(surface, tr("stats.counting"), size, (w // 2, h // 2), centre=True)
            return
        found = self.figures.stats
        if not found.presets:
            _blit(surface, tr("stats.none"), size, (w // 2, h // 3), centre=True)
            if found.seen:  # History lists them: say why they are not here
                seen = tr("stats.seen", count=found.seen)
                _blit(surface, seen, size, (w // 2, h // 3 + size * 2), centre=True, colour=(200, 210, 200))
            return
        y = 72
        tally = found.presets[self.preset] if self.preset else None
        if tally is not None:  # how many History rows this preset's figures come from
            counted = tr("stats.records", count=tally.records, total=found.games)
            _blit(surface, counted, size, (20, y), colour=(200, 210, 200))
        own = self.preset in PRESETS and preset_ui(PRESETS[self.preset]).stats_parts
        if tally is not None and not tally.higher_is_better and not own:  # points, and fewer is better
            _blit(surface, tr("stats.lower_better"), size, (w // 2, y), colour=(200, 210, 200))
        y += size + 16
        y = self._table(surface, y, size)
        if tally is not None:
            _blit(surface, matches_line(tally, self.preset), size - 2, (20, y), colour=(200, 210, 200))
            y += size + 4
        below = self.skipped.rect.height + 10 if self.skipped is not None else 0
        chart = pygame.Rect(20, y + 16, w - 40, max(120, h - y - 36 - below))
        self._chart(surface, chart, size)

    def _table(self, surface: pygame.Surface, y: int, size: int) -> int:
        w = surface.get_width()
        names = columns(self.preset)
        first = int((w - 40) * 0.22)
        rest = (w - 40 - first) / (len(names) - 1)
        xs = [20] + [int(20 + first + rest * i) for i in range(len(names) - 1)]
        for x, name in zip(xs, names, strict=True):
            _blit(surface, name, size - 2, (x, y), colour=(236, 196, 80), bold=True)
        y += size + 10
        for i, row in enumerate(self.rows()):
            if i == 0:
                pygame.draw.rect(surface, (24, 80, 58), (14, y - 4, w - 28, size + 10), border_radius=6)
            for x, text in zip(xs, row, strict=True):
                _blit(surface, text, size, (x, y), bold=i == 0)
            y += size + 12
        return y

    def _chart(self, surface: pygame.Surface, chart: pygame.Rect, size: int) -> None:
        """The person's running total across the games of the chosen preset (after results.py's chart)."""
        pygame.draw.rect(surface, (24, 60, 45), chart, border_radius=8)
        preset = self.preset or ""
        part = self.figures.parts.get(preset) if self.figures else None
        title = (
            tr("stats.chart_part", part=tr(f"results.chart.{part}"), preset=rules_text(preset, "title"))
            if part
            else tr("stats.chart", preset=rules_text(preset, "title"))
        )
        _blit(surface, title, size - 2, (chart.x + 10, chart.y + 6))
        series = self.figures.totals.get(preset, []) if self.figures else []
        if len(series) < (2 if part else 3):  # at least two games (a running total: and its zero)
            _blit(
                surface, tr("stats.chart_empty"), size - 2, chart.center, centre=True, colour=(200, 210, 200)
            )
            return
        lo, hi = min(series), max(series)
        span = max(1, hi - lo)
        top = chart.y + size + 24

        def pt(i: int, v: int) -> tuple[int, int]:
            x = chart.x + 60 + (chart.width - 80) * i / (len(series) - 1)
            y = chart.bottom - 24 - (chart.bottom - 24 - top) * (v - lo) / span
            return int(x), int(y)

        if lo < 0 < hi:
            pygame.draw.line(surface, (120, 140, 130), pt(0, 0), pt(len(series) - 1, 0), 1)
        points = [pt(i, v) for i, v in enumerate(series)]
        pygame.draw.lines(surface, LINE, False, points, 3)
        for p in points:
            pygame.draw.circle(surface, LINE, p, 4)
        dates = self.figures.dates.get(preset, []) if self.figures else []
        if dates:  # the first and the last game's day under the ends of the line
            grey = (200, 210, 200)
            first = points[0 if part else 1][0]  # a running total's line starts at its zero
            _blit(surface, when(dates[0]), size - 4, (first - 20, chart.bottom - size - 2), colour=grey)
            last = _font(size - 4, False).size(when(dates[-1]))[0]
            _blit(
                surface,
                when(dates[-1]),
                size - 4,
                (points[-1][0] - last + 4, chart.bottom - size - 2),
                colour=grey,
            )
        for v in sorted({lo, hi}):
            label = f"{v}" if part else f"{v:+d}"
            _blit(surface, label, size - 4, (chart.x + 8, pt(0, v)[1] - size // 2), colour=(200, 210, 200))


def _blit(
    surface, text: str, size: int, at, centre: bool = False, colour=(240, 240, 235), bold=False
) -> None:
    image = render(_font(size, bold), text, colour)
    surface.blit(image, image.get_rect(center=at) if centre else at)


@lru_cache(maxsize=8)
def _font(size: int, bold: bool) -> pygame.font.Font:
    from ..card_art import font_path

    return pygame.font.Font(font_path(bold), size)
