"""Screens fit every window (issue 30, point 8): the new-game screen in every preset and language (no
option's text cut, no seat row under Back and Start, a centred column on a wide window, drop-down lists
that open inside the window and as wide as their box), and on a large window the table's and the
results' buttons grow with it."""

from __future__ import annotations

import pygame
import pygame_gui
import pytest
import uikit
from uikit import frames

from game.rules import PRESETS
from ui.scenes.new_game import NewGameScene, text_width


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("DOBON_TABLE_HOME", str(tmp_path))


def open_menu(app, menu) -> pygame.Rect:
    """Click a drop-down open, as a player does; where its list lies."""
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        pygame.event.post(pygame.event.Event(kind, pos=menu.rect.center, button=1))
    frames(app, 3)
    return menu.current_state.options_selection_list.rect


@pytest.mark.parametrize("size", [(800, 600), (1920, 1080)], ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("language", ["en", "ja"])
@pytest.mark.parametrize("preset", list(PRESETS))
def test_the_new_game_screen_fits_with_the_most_players(home, size, language, preset):
    app = uikit.make_app(size)
    app.set_language(language)
    try:
        app.settings.last_setup = {"preset": preset, "players": PRESETS[preset].players_cap}
        scene = NewGameScene(app)
        app.stack.push(scene)
        frames(app, 2)
        w, h = size
        for name, button in scene.option_fields.items():
            if isinstance(button, pygame_gui.elements.UIButton):
                assert text_width(button.text, bold=True) + 24 <= button.rect.width, (name, button.text)
        last = max(row.rect.bottom for rows in scene.seat_rows for row in rows)
        assert last <= scene.back.rect.top and last <= scene.start.rect.top
        assert scene.about.scroll_bar is None  # what the rules are like, whole, not two lines and a bar
        for name, _ in scene.preset_menu.options_list:  # every preset's name fits the menu, with its arrow
            assert text_width(name, bold=True) + 40 <= scene.preset_menu.rect.width, name
        assert abs(scene.back.rect.left - (w - scene.start.rect.right)) <= 2  # a centred column
        listed = open_menu(app, scene.seat_rows[-1][1])  # the last seat's AI level
        assert listed.top >= 0 and listed.bottom <= h, listed
        assert listed.height >= 34 * len(scene.seat_rows[-1][1].options_list)  # every level shows
        frames(app, 2)
    finally:
        app.close()


def test_the_rules_list_is_as_wide_as_its_box(home):
    app = uikit.make_app((800, 600))
    try:
        scene = NewGameScene(app)
        app.stack.push(scene)
        frames(app, 2)
        listed = open_menu(app, scene.preset_menu)
        assert listed.width == scene.preset_menu.rect.width and listed.left == scene.preset_menu.rect.left
    finally:
        app.close()


def test_on_a_large_window_the_tables_and_results_buttons_grow_with_it(home):
    from game.headless import play
    from game.seats import make_seat
    from ui.scenes.results import RoundResultScene
    from ui.scenes.table import TableScene
    from ui.table.setup import GameSetup, SeatSpec

    app = uikit.make_app((1920, 1080))
    try:
        seats = [SeatSpec("human", "basic", ""), *[SeatSpec("ai", "basic", "") for _ in range(3)]]
        setup = GameSetup("app", 4, {}, seats, 5).complete()
        game = setup.new_game()
        play(game, [make_seat("basic", 5, s) for s in range(4)], 1)
        table = TableScene(app, setup, game)
        app.stack.clear_to(table)
        frames(app, 3)
        assert table.menu_button.rect.height >= 50 and table.help_box.rect.top > table.menu_button.rect.bottom
        assert table.menu_button.object_ids[-1] == "#large_button"  # and larger type
        result = (
            app.stack.top if isinstance(app.stack.top, RoundResultScene) else RoundResultScene(app, table)
        )
        if result is not app.stack.top:
            app.stack.push(result)
        frames(app, 2)
        assert result.next.rect.size == (450, 69)
    finally:
        app.close()


def test_an_option_picked_from_a_widened_list_is_taken(home):
    """The list made anew at the box's width still works: each item spans it, a click picks."""
    app = uikit.make_app((800, 600))
    try:
        scene = NewGameScene(app)
        app.stack.push(scene)
        frames(app, 2)
        width = open_menu(app, scene.preset_menu).width
        items = scene.preset_menu.current_state.options_selection_list.item_list_container.elements
        assert items and all(item.rect.width >= width - 6 for item in items), [i.rect.width for i in items]
        uikit.press_button(app, next(i for i in items if i.text == "Kabu Dobon"))
        frames(app, 3)
        assert app.stack.top.preset == "kabu"
    finally:
        app.close()


@pytest.mark.parametrize("language", ["en", "ja"])
def test_the_help_buttons_every_label_fits_it_at_800_by_600(home, language):
    """「ヘルプ: コーチ」 was cut to 「ヘルプ: コー」 on the table's Help button at 800x600."""
    from ui.scenes.table import TableScene
    from ui.table.setup import GameSetup, SeatSpec
    from ui.text import setup, tr

    app = uikit.make_app((800, 600))
    setup(language)
    try:
        seats = [SeatSpec("human", "basic", ""), *[SeatSpec("ai", "basic", "") for _ in range(3)]]
        table = TableScene(app, GameSetup("app", 4, {}, seats, 5).complete())
        app.stack.clear_to(table)
        frames(app, 2)
        font = app.gui.get_theme().get_font(table.help_box.combined_element_ids)
        for level in ("off", "legal", "coach"):
            assert font.size(tr(f"coach.level_{level}"))[0] <= table.help_box.rect.width - 8, level
    finally:
        setup("en")
        app.close()


def test_text_fields_write_as_large_as_the_labels_beside_them(home):
    """The seat names and number fields wrote in the default 16 px beside 18 px labels: at 200% they
    read as small print."""
    from pygame_gui.elements import UILabel, UITextEntryLine

    from ui.scenes.new_game import NewGameScene

    app = uikit.make_app((800, 600))
    try:
        scene = NewGameScene(app)
        app.stack.push(scene)
        frames(app, 2)
        sprites = app.gui.get_sprite_group().sprites()
        theme = app.gui.get_theme()
        entry = next(e for e in sprites if isinstance(e, UITextEntryLine))
        label = next(
            e for e in sprites if isinstance(e, UILabel) and e.text and "#heading" not in e.object_ids
        )
        fields = theme.get_font(entry.combined_element_ids).size("Ren")[1]
        assert fields >= theme.get_font(label.combined_element_ids).size("Ren")[1]
        assert fields <= entry.rect.height  # and still inside the field
    finally:
        app.close()


@pytest.mark.parametrize("language", ["en", "ja"])
def test_the_persons_empty_name_box_says_what_the_table_will_call_them(home, language):
    app = uikit.make_app((800, 600))
    app.set_language(language)
    try:
        scene = NewGameScene(app)
        app.stack.push(scene)
        frames(app, 3)
        kind, _, name = scene.seat_rows[0]
        assert kind.selected_option[1] == "human" and name.get_text() == ""
        assert name.hinting and name.placeholder_text == {"en": "You", "ja": "あなた"}[language]
        assert all(row[2].get_text() for row in scene.seat_rows[1:])  # the AI seats have their names
        name.set_text("Aoi")
        frames(app, 2)
        assert not name.hinting and name.get_text() == "Aoi"
    finally:
        app.close()
