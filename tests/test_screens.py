"""Screens as a new player meets them (issue 12, items 5, 7 and 8): no widget of a covered scene shows,
words read right in both languages."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pygame
import pytest
import uikit
from pygame_gui.core.utility import translate
from uikit import frames, press_button

from game.events import Ending
from ui.scenes.settings_scene import SettingsScene
from ui.scenes.table import TableScene
from ui.scenes.title import TitleScene
from ui.table.setup import GameSetup, SeatSpec
from ui.text import tr

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("DOBON_TABLE_HOME", str(tmp_path))
    application = uikit.make_app()
    yield application
    application.set_language("en")
    application.close()


def widgets_of(scene) -> list:
    return list(scene.container.elements) if scene.container is not None else []


def test_covered_scenes_keep_their_widgets_hidden_after_a_resize_and_a_language_switch(app):
    title = TitleScene(app)
    app.stack.push(title)
    frames(app, 2)
    seats = [SeatSpec("human", "basic", ""), SeatSpec("ai", "basic", "")]
    table = TableScene(app, GameSetup("app", 2, {}, seats, 1).complete())
    app.stack.push(table)  # as a solo game opens over the title
    for size in ((800, 600), (1920, 1080)):
        pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1]))
        frames(app, 2)
        assert title.container is not None and not title.container.visible
        assert not any(w.visible for w in widgets_of(title)), "a title button shows over the table"
    settings = SettingsScene(app)
    app.stack.push(settings)
    frames(app, 1)
    app.set_language("ja")
    frames(app, 2)
    for covered in (title, table):
        assert not any(w.visible for w in widgets_of(covered)), f"{covered} shows through Settings"
    assert all(w.visible for w in widgets_of(settings) if w.__class__.__name__ != "UIContainer")
    app.stack.pop()  # back to the table: its widgets come back, the title's stay hidden
    frames(app, 1)
    assert table.menu_button.visible and not any(w.visible for w in widgets_of(title))


def test_counts_read_in_the_singular_and_plural():
    assert tr("table.cards", count=1) == "1 card"
    assert tr("table.cards", count=3) == "3 cards"
    assert tr("results.rounds_axis", count=1) == "1 round"
    assert tr("results.rounds_axis", count=20) == "20 rounds"
    assert tr("log.drew", name="Ren", count=1) == "Ren drew a card"
    assert tr("log.drew", name="Ren", count=4) == "Ren drew 4 cards"
    assert tr("log.reshuffled", count=1).startswith("1 card ")


def test_japanese_rules_have_no_spaces_after_japanese_punctuation():
    data = json.loads((ROOT / "assets/translations/rules.ja.json").read_text(encoding="utf-8"))["ja"]
    for preset, part in data.items():
        assert not re.search(r"[、。：！？）」][ \u3000]", part["body"]), preset


def test_japanese_lines_break_between_characters_not_only_at_spaces(app):
    from ui.text import break_points

    text = "手札の数字の合計がそのカードの数字と同じなら、「ドボン！」と宣言して上がれます。"
    points = break_points(text)
    assert len(points) > len(text) // 2
    assert all(text[i] not in "、。」！" for i in points)  # kinsoku: no line starts with closing marks
    assert all(text[i - 1] != "「" for i in points)
    assert break_points("play 10 cards") == [5, 8]  # Latin text still breaks at spaces only


def test_each_preset_has_a_player_facing_name_and_a_line_about_it(app):
    from game.rules import PRESETS

    for language in ("en", "ja"):
        app.set_language(language)
        for preset in PRESETS:
            name, about = tr(f"preset.{preset}"), tr(f"preset_about.{preset}")
            assert "Definition" not in name and "定義" not in name
            assert not about.startswith("dobon.") and len(about) > 30


def test_a_lan_table_offers_to_leave_not_to_save(app):
    import time

    from ui.scenes.lan import HostScene
    from ui.scenes.menu import PauseMenu

    def run_until(condition, seconds: float = 15.0) -> None:
        end = time.monotonic() + seconds
        while time.monotonic() < end and not condition():
            app.frame(1 / 60)
            time.sleep(0.005)
        assert condition()

    host = HostScene(app)
    app.stack.push(host)
    frames(app, 1)
    host.announce = False  # no multicast from tests
    host.open_table(port=0)
    lobby = app.stack.top
    run_until(lambda: lobby.remote.lobby is not None)
    lobby.session.start_now()
    run_until(lambda: isinstance(app.stack.top, TableScene))
    table = app.stack.top
    app.stack.push(PauseMenu(app, table))
    frames(app, 1)
    assert translate(app.stack.top.items["save_quit"].text) == "Leave the table"
    app.stack.clear_to(TitleScene(app))


def test_a_solo_table_offers_to_save_and_quit(app):
    from ui.scenes.menu import PauseMenu

    seats = [SeatSpec("human", "basic", ""), SeatSpec("ai", "basic", "")]
    table = TableScene(app, GameSetup("app", 2, {}, seats, 1).complete())
    app.stack.push(table)
    app.stack.push(PauseMenu(app, table))
    frames(app, 1)
    assert translate(app.stack.top.items["save_quit"].text) == "Save and quit to title"
    menu = app.stack.top
    last = max(button.rect.bottom for button in menu.items.values())
    assert 0 < menu.panel.rect.bottom - last <= 40  # the panel ends under its last button: no empty row
    assert menu.panel.rect.top < menu.heading.rect.top


def test_the_round_result_hides_the_table_behind_it(app):
    from ui.scenes.results import RoundResultScene

    seats = [SeatSpec("human", "basic", ""), SeatSpec("ai", "basic", "")]
    table = TableScene(app, GameSetup("app", 2, {}, seats, 1).complete())
    app.stack.push(table)
    result = RoundResultScene(app, table)
    app.stack.push(result)
    assert app.stack.visible() == [result]


def test_a_match_saved_during_the_auction_resumes(app):
    from game import Phase
    from ui.settings import save_match
    from ui.table.setup import save_data

    seats = [SeatSpec("human", "basic", ""), SeatSpec("ai", "basic", "")]
    setup = GameSetup("standard", 3, {}, [*seats, SeatSpec("ai", "basic", "")], 1).complete()
    game = setup.new_game()
    assert game.phase is Phase.OPENING
    save_match(save_data(setup, game))
    title = TitleScene(app)
    app.stack.push(title)
    frames(app, 1)
    press_button(app, title.items["continue"])
    assert isinstance(app.stack.scenes[0], TableScene)


@pytest.mark.parametrize("size", [(800, 600), (1280, 720), (1920, 1080)])
def test_every_title_button_is_on_screen_with_a_saved_match(app, size):
    from ui.settings import save_match
    from ui.table.setup import save_data

    setup = GameSetup(
        "app", 2, {}, [SeatSpec("human", "basic", ""), SeatSpec("ai", "basic", "")], 1
    ).complete()
    save_match(save_data(setup, setup.new_game()))
    app.resized(size)
    title = TitleScene(app)
    app.stack.push(title)
    frames(app, 1)
    rects = [b.rect for b in title.items.values()]
    assert len(rects) == 10 and all(
        r.bottom <= size[1] - 8 for r in rects
    )  # History and Statistics share a row; Learn to play has its own
    assert not any(a.colliderect(b) for i, a in enumerate(rects) for b in rects[i + 1 :])


@pytest.mark.parametrize("language", ["en", "ja"])
def test_every_way_a_round_can_end_has_a_title_in_both_languages(app, language):
    """The round result's title names how it ended, for every preset's endings (none shows a key)."""
    app.set_language(language)
    titles = {ending: tr(f"results.ending.{ending}") for ending in Ending}
    assert all(title and "ending" not in title for title in titles.values()), titles
    assert len(set(titles.values())) == len(titles)  # no two endings read alike


def test_the_log_names_a_joker_in_words_not_a_glyph_the_font_lacks(app):
    from game import deck
    from ui.text import card_text

    jokers = [c for c in deck("54") if c.is_joker]
    assert [card_text(c) for c in jokers] == ["Joker", "Joker"]
    app.set_language("ja")
    assert card_text(jokers[1]) == "ジョーカー" and card_text(deck("52").card("QH")) == "♥Q"
