"""A notice over the screen reads whole: wrapped on a small window, shown long enough to read."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame

from ui.notices import SHOW_S, NoticeBar, _font, shown_for
from ui.text import break_points
from ui.textfit import ELLIPSIS, wrap_to_width

LONG = (
    "settings were set aside as settings.json.broken, defaults restored: it could not be read "
    "(settings.json: nested more than 32 deep at $.a.b.c.d.e.f.g.h)"
)


def setup_module() -> None:
    pygame.display.init()
    pygame.font.init()


def test_a_long_line_wraps_at_spaces_within_the_width_and_keeps_every_word():
    font = _font(16)
    lines = wrap_to_width(font, LONG, 500, 3)
    assert len(lines) > 1 and all(font.size(line)[0] <= 500 for line in lines)
    assert " ".join(lines).split() == LONG.split()  # nothing lost, nothing cut


def test_japanese_wraps_between_characters_and_never_before_a_closing_mark():
    font = _font(16)
    text = "設定ファイルを読めなかったため、settings.json.brokenとして取り置き、既定の設定に戻しました。"
    lines = wrap_to_width(font, text, 260, 4, break_points)
    assert len(lines) > 1 and "".join(lines) == text
    assert not any(line.startswith(("、", "。")) for line in lines[1:])


def test_what_does_not_fit_in_the_last_line_is_cut_there():
    font = _font(16)
    lines = wrap_to_width(font, LONG * 3, 300, 2)
    assert len(lines) == 2 and lines[-1].endswith(ELLIPSIS) and not lines[0].endswith(ELLIPSIS)


def test_the_bar_shows_a_long_notice_whole_at_800_by_600_and_longer():
    screen = pygame.Surface((800, 600))
    bar = NoticeBar()
    bar.update(0.0, [LONG])
    bar.draw(screen, at_top=True)
    font = _font(max(14, int(600 * 0.024)))
    lines = wrap_to_width(font, LONG, 800 - 48, 3, break_points)
    assert not lines[-1].endswith(ELLIPSIS)  # it all fits in the lines the bar draws
    assert shown_for(LONG) > SHOW_S and shown_for("short") == SHOW_S
    dark = sum(1 for y in range(16, 16 + 20 * len(lines)) if screen.get_at((400, y))[:3] == (0, 0, 0))
    assert dark > 30  # the box is as tall as its lines
