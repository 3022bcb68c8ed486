"""Esc on a round's result screen is what Esc is at the table: the pause menu, whose Resume (or Esc)
comes back to the same result; it neither does nothing nor deals the next round."""

from __future__ import annotations

import pygame
from uikit import frames, play_for_person, press, press_button

from ui.scenes.menu import PauseMenu
from ui.scenes.results import RoundResultScene
from ui.scenes.table import TableScene
from ui.table.setup import GameSetup, SeatSpec


def test_esc_on_a_round_result_opens_the_pause_menu_and_resume_comes_back(app):
    seats = [SeatSpec("human", "basic", ""), *(SeatSpec("ai", "basic", "") for _ in range(3))]
    setup = GameSetup("app", 4, {}, seats, 11).complete()
    table = TableScene(app, setup)
    app.stack.push(table)
    play_for_person(app, lambda: isinstance(app.stack.top, RoundResultScene))
    frames(app, 1)
    result = app.stack.top
    round_no = table.source.view.round_no
    press(app, pygame.K_ESCAPE)
    frames(app, 1)
    assert isinstance(app.stack.top, PauseMenu)
    press_button(app, app.stack.top.items["resume"])
    frames(app, 1)
    assert app.stack.top is result and table.source.view.round_no == round_no
    press(app, pygame.K_ESCAPE)
    frames(app, 1)
    press(app, pygame.K_ESCAPE)  # Esc closes the menu too
    frames(app, 1)
    assert app.stack.top is result


def test_esc_on_a_match_result_goes_to_the_title_as_its_button_does(app):
    """Esc did nothing on the match's result; the match is over and kept in History, so Esc leaves it
    as "Back to title" does."""
    from ui.scenes.results import MatchResultScene
    from ui.scenes.title import TitleScene

    seats = [SeatSpec("human", "basic", ""), *(SeatSpec("ai", "basic", "") for _ in range(3))]
    setup = GameSetup("app", 4, {"starting_points": 1}, seats, 11).complete()  # any payment ends it
    table = TableScene(app, setup)
    app.stack.push(table)
    play_for_person(app, lambda: isinstance(app.stack.top, RoundResultScene))
    frames(app, 1)
    press_button(app, app.stack.top.next)
    frames(app, 1)
    assert isinstance(app.stack.top, MatchResultScene)
    press(app, pygame.K_ESCAPE)
    frames(app, 1)
    assert isinstance(app.stack.top, TitleScene) and table.left_match
