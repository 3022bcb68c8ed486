"""Every screen works from the keyboard: Tab and the arrows move a visible focus, Enter presses what
has it, Esc steps back. Real key events through the real app, as a player without a mouse meets it."""

from __future__ import annotations

import json

import pygame
import pytest
import uikit
from pygame_gui.elements import UIButton, UIDropDownMenu, UIHorizontalSlider, UITextEntryLine
from uikit import frames, press

from ui.focus import RING
from ui.scenes.new_game import NewGameScene
from ui.scenes.settings_scene import SettingsScene
from ui.scenes.table import TableScene
from ui.scenes.title import TitleScene
from ui.settings import Settings


@pytest.fixture
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("DOBON_TABLE_HOME", str(tmp_path))
    application = uikit.make_app()
    yield application
    application.close()


def tab(app, shift: bool = False) -> None:
    mod = pygame.KMOD_SHIFT if shift else 0
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_TAB, mod=mod, unicode="\t", scancode=0))
    frames(app, 1)


def tab_to(app, wanted, limit: int = 60):
    """Tab until the focus is on an element for which `wanted` holds; that element."""
    for _ in range(limit):
        tab(app)
        if app.focus.element is not None and wanted(app.focus.element):
            return app.focus.element
    raise AssertionError("Tab never reached the element")


def ring_drawn_round(app, element) -> bool:
    """Whether the focus ring's gold is on the screen just outside `element`."""
    rect = element.get_abs_rect().inflate(6, 6)
    spots = [(rect.centerx, rect.top + 1), (rect.centerx, rect.bottom - 2), (rect.left + 1, rect.centery)]
    return all(tuple(app.screen.get_at(p))[:3] == RING for p in spots)


def test_a_new_game_is_chosen_and_started_from_the_title_with_the_keyboard_alone(app):
    app.stack.push(TitleScene(app))
    frames(app, 3)
    tab(app)  # the focus shows on the first button: Solo game
    press(app, pygame.K_RETURN)
    frames(app, 2)
    new_game = app.stack.top
    assert isinstance(new_game, NewGameScene)
    tab_to(app, lambda e: e is new_game.preset_menu)
    press(app, pygame.K_RETURN)  # opens the list
    frames(app, 2)
    assert app.focus.open_menu(new_game) is new_game.preset_menu
    press(app, pygame.K_DOWN)  # onto the option chosen now
    press(app, pygame.K_DOWN)  # the next one
    press(app, pygame.K_RETURN)
    frames(app, 2)
    assert new_game.preset_menu.selected_option[1] == "standard"
    tab_to(app, lambda e: isinstance(e, UIButton) and e is new_game.start)
    press(app, pygame.K_RETURN)
    frames(app, 3)
    table = app.stack.top
    assert isinstance(table, TableScene) and table.game.rules.preset == "standard"


def test_the_ring_shows_the_focus_and_the_mouse_hides_it(app):
    title = TitleScene(app)
    app.stack.push(title)
    frames(app, 3)
    tab(app)
    press(app, pygame.K_DOWN)
    focused = app.focus.element
    assert focused is not None and ring_drawn_round(app, focused)
    assert focused.get_abs_rect().top > app.focus.stops(title)[0].get_abs_rect().top  # Down moved it
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(3, 3), rel=(1, 1), buttons=(0, 0, 0)))
    frames(app, 2)
    assert not ring_drawn_round(app, focused)


def test_a_slider_steps_with_left_and_right_and_the_setting_is_kept(app):
    settings = SettingsScene(app)
    app.stack.push(settings)
    frames(app, 2)
    slider, _label = settings.sliders["volume"]
    tab_to(app, lambda e: e is slider)
    before = app.settings.volume
    press(app, pygame.K_LEFT)
    press(app, pygame.K_LEFT)
    frames(app, 2)
    assert app.settings.volume < before
    assert json.loads(Settings.path().read_text())["volume"] == app.settings.volume
    assert isinstance(app.focus.element, UIHorizontalSlider)  # Left stepped it, the focus stayed


def test_escape_closes_an_open_list_and_leaves_the_screen_only_when_pressed_again(app):
    app.stack.push(TitleScene(app))
    new_game = NewGameScene(app)
    app.stack.push(new_game)
    frames(app, 2)
    tab_to(app, lambda e: e is new_game.preset_menu)
    press(app, pygame.K_RETURN)
    frames(app, 2)
    assert app.focus.open_menu(new_game) is not None
    press(app, pygame.K_ESCAPE)
    frames(app, 2)
    assert app.focus.open_menu(new_game) is None and app.stack.top is new_game
    press(app, pygame.K_ESCAPE)
    frames(app, 2)
    assert isinstance(app.stack.top, TitleScene)


def test_tab_goes_into_a_text_box_and_out_again(app):
    from ui.scenes.lan import JoinScene

    join = JoinScene(app)
    app.stack.push(join)
    frames(app, 2)
    box = tab_to(app, lambda e: isinstance(e, UITextEntryLine))
    assert box.is_focused
    for key, char in ((pygame.K_a, "a"), (pygame.K_LEFT, "")):  # typing and the caret keep their keys
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=char, scancode=0))
        frames(app, 1)
    assert "a" in box.get_text() and app.focus.element is box
    tab(app)
    assert not box.is_focused and app.focus.element is not box
    join.exit()


@pytest.mark.parametrize(
    "screen", ["title", "settings", "rules", "new_game", "host", "join", "stats", "history"]
)
def test_tab_reaches_every_stop_of_every_screen_once_round(app, screen):
    from ui.scenes.history import HistoryScene
    from ui.scenes.lan import HostScene, JoinScene
    from ui.scenes.rules import RulesScene
    from ui.scenes.stats import StatsScene

    make = {
        "title": TitleScene,
        "settings": SettingsScene,
        "rules": RulesScene,
        "new_game": NewGameScene,
        "host": HostScene,
        "join": JoinScene,
        "stats": StatsScene,
        "history": HistoryScene,
    }[screen]
    scene = make(app)
    app.stack.push(scene)
    frames(app, 3)
    stops = app.focus.stops(scene)
    assert stops, "a screen with nothing to focus"
    seen = []
    for _ in range(len(stops)):
        tab(app)
        seen.append(app.focus.element)
    assert {id(e) for e in seen} == {id(e) for e in stops}
    first = (seen[0].get_abs_rect(), getattr(seen[0], "text", None))
    tab(app)
    focused = app.focus.element  # and round again (the same stop, even if the screen built it anew)
    assert (focused.get_abs_rect(), getattr(focused, "text", None)) == first
    if hasattr(scene, "exit") and screen == "join":
        scene.exit()


def test_the_table_keeps_its_own_keys(app):
    from test_app_shell import table_waiting_for_the_person

    table = table_waiting_for_the_person(app)
    tab(app)
    assert app.focus.element is None  # no ring over the table: its keys play cards
    press(app, pygame.K_RIGHT)
    assert table.board.selected is not None


def test_a_drop_down_box_is_one_stop(app):
    new_game = NewGameScene(app)
    app.stack.push(new_game)
    frames(app, 2)
    menus = [e for e in app.focus.stops(new_game) if isinstance(e, UIDropDownMenu)]
    assert new_game.preset_menu in menus and len({id(m) for m in menus}) == len(menus)


def test_down_goes_to_the_next_row_even_when_it_holds_two_narrow_buttons(app):
    title = TitleScene(app)
    app.stack.push(title)
    frames(app, 3)
    tab(app)
    while app.focus.element is not title.items["join"]:  # down the column of wide buttons to Join
        press(app, pygame.K_DOWN)
    press(app, pygame.K_DOWN)  # → the History / Statistics row below it: its first, History
    assert app.focus.element is title.items["history"]
    press(app, pygame.K_RIGHT)
    assert app.focus.element is title.items["stats"]
    press(app, pygame.K_DOWN)
    assert app.focus.element is title.items["rules"]


def test_the_ring_stays_on_a_setting_when_pressing_it_builds_the_screen_anew(app):
    settings = SettingsScene(app)
    app.stack.push(settings)
    frames(app, 2)
    tab_to(app, lambda e: e is settings.toggles["reduced_motion"])
    press(app, pygame.K_RETURN)
    frames(app, 2)
    assert app.settings.reduced_motion
    tab_to_none = app.focus.element
    press(app, pygame.K_RETURN)  # the same button, made anew: Enter flips it back
    frames(app, 2)
    assert not app.settings.reduced_motion
    assert app.focus.element is settings.toggles["reduced_motion"] and tab_to_none is not None


def test_up_and_down_go_through_a_long_list_scrolling_it(app):
    from pygame_gui.elements import UISelectionList

    from ui.scene import Scene

    class Long(Scene):
        def widgets(self) -> None:
            self.picked: list[str] = []
            self.list = UISelectionList(
                pygame.Rect(40, 40, 300, 200),
                [f"game {i}" for i in range(40)],
                self.app.gui,
                container=self.container,
            )

        def process_event(self, event):
            if event.type == pygame_gui.UI_SELECTION_LIST_NEW_SELECTION:
                self.picked.append(event.text)
            return event

    import pygame_gui

    scene = Long(app)
    app.stack.push(scene)
    frames(app, 2)
    tab_to(app, lambda e: e is scene.list)
    for _ in range(30):
        press(app, pygame.K_DOWN)
    assert app.focus.element is scene.list and app.focus.row == 30
    press(app, pygame.K_RETURN)
    frames(app, 2)
    assert scene.picked == ["game 30"]
    assert scene.list.item_list[30]["button_element"] is not None  # scrolled into view


def test_enter_does_not_press_a_disabled_button(app):
    title = TitleScene(app)
    app.stack.push(title)
    frames(app, 2)
    tab(app)
    button = app.focus.element
    button.disable()
    press(app, pygame.K_RETURN)
    frames(app, 2)
    assert app.stack.top is title


def test_a_keyboard_user_finds_the_ring_on_every_screen_they_come_to(app):
    title = TitleScene(app)
    app.stack.push(title)
    frames(app, 2)
    tab(app)
    press(app, pygame.K_RETURN)  # Solo game
    frames(app, 2)
    new_game = app.stack.top
    assert isinstance(new_game, NewGameScene)
    assert app.focus.shown and app.focus.element in app.focus.stops(new_game)  # no Tab needed
    press(app, pygame.K_ESCAPE)
    frames(app, 2)
    assert app.stack.top is title and app.focus.shown and app.focus.element in app.focus.stops(title)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(3, 3), rel=(1, 1), buttons=(0, 0, 0)))
    frames(app, 1)
    app.stack.push(SettingsScene(app))
    frames(app, 2)
    assert not app.focus.shown  # a mouse user gets no ring until they press a focus key


def test_picking_an_option_puts_the_ring_back_on_its_box(app):
    new_game = NewGameScene(app)
    app.stack.push(new_game)
    frames(app, 2)
    tab_to(app, lambda e: e is new_game.preset_menu)
    press(app, pygame.K_RETURN)
    frames(app, 2)
    press(app, pygame.K_DOWN)
    press(app, pygame.K_DOWN)
    press(app, pygame.K_RETURN)
    frames(app, 3)
    assert app.focus.element is new_game.preset_menu and app.focus.shown


def test_coming_back_from_statistics_the_ring_is_on_the_button_that_opened_it(app):
    """Back from Statistics the ring went to "Continue" (the first stop), not where the player was."""
    title = TitleScene(app)
    app.stack.push(title)
    frames(app, 3)
    tab(app)
    while app.focus.element is not title.items["stats"]:
        press(app, pygame.K_DOWN if app.focus.element is not title.items["history"] else pygame.K_RIGHT)
    press(app, pygame.K_RETURN)
    frames(app, 3)
    assert app.stack.top is not title
    press(app, pygame.K_ESCAPE)
    frames(app, 3)
    assert app.stack.top is title
    assert app.focus.shown and getattr(app.focus.element, "text", None) == title.items["stats"].text


def test_the_pause_menu_opened_with_esc_shows_the_ring_on_resume_and_down_goes_on_from_it(app):
    from ui.table.setup import GameSetup, SeatSpec

    seats = [SeatSpec("human", "basic", "")] + [SeatSpec("ai", "basic", "") for _ in range(3)]
    table = TableScene(app, GameSetup("app", 4, {}, seats, 4).complete())
    app.stack.clear_to(table)
    frames(app, 5)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(3, 3), rel=(1, 1), buttons=(0, 0, 0)))
    frames(app, 1)
    press(app, pygame.K_ESCAPE)
    frames(app, 3)
    menu = app.stack.top
    assert menu is not table
    assert app.focus.shown and app.focus.element is menu.items["resume"]  # no key needed to see it
    frames(app, 1)
    assert ring_drawn_round(app, menu.items["resume"])
    press(app, pygame.K_DOWN)
    assert app.focus.element is menu.items["rules"]


@pytest.mark.parametrize("size", [(800, 600), (1920, 1080)])
def test_down_from_join_goes_to_history_the_first_of_the_row_below(tmp_path, monkeypatch, size):
    """At 800x600 Statistics' centre stood 2 px nearer Join's than History's, so Down skipped History."""
    monkeypatch.setenv("DOBON_TABLE_HOME", str(tmp_path))
    application = uikit.make_app(size)
    try:
        title = TitleScene(application)
        application.stack.push(title)
        frames(application, 3)
        tab(application)
        for _ in range(12):
            if application.focus.element is title.items["join"]:
                break
            press(application, pygame.K_DOWN)
        press(application, pygame.K_DOWN)
        assert application.focus.element is title.items["history"]
    finally:
        application.close()
