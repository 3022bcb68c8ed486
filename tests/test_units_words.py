"""One vocabulary for the presets' units (docs/ui.md, "Units"): in Japanese 回 is a round and マッチ the
match of app, standard and super, 試合 is one deal only where the spec calls it so (jda's game, kabu's
match), and ラウンド is not used; a name plate's short form ("0 laps · deal 4") is explained when the
pointer is on it and on the Rules screen, in both languages."""

from __future__ import annotations

import json

import pygame
import pytest
import uikit
from uikit import frames

from game import Game, make_rules
from game.rules import PRESETS
from ui.resources import resource_path
from ui.scenes.rules import RulesScene
from ui.scenes.table import TableScene
from ui.table.board import Board
from ui.table.setup import GameSetup, SeatSpec
from ui.text import score_text, tr


@pytest.fixture
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("DOBON_TABLE_HOME", str(tmp_path))
    application = uikit.make_app((800, 600))
    yield application
    application.close()


def flat(node, path=""):
    for name, value in node.items():
        if isinstance(value, dict) and not set(value) <= {"one", "many", "zero"}:
            yield from flat(value, f"{path}{name}.")
        else:
            yield f"{path}{name}", value


def japanese() -> dict[str, str]:
    out = {}
    for book in ("dobon", "rules"):
        data = json.loads(resource_path("translations", f"{book}.ja.json").read_text("utf-8"))["ja"]
        for name, value in flat(data):
            out[f"{book}:{name}"] = json.dumps(value, ensure_ascii=False)
    return out


def test_in_japanese_a_round_is_kai_a_match_is_matchi_and_shiai_is_only_jda_and_kabus_deal():
    words = japanese()
    assert not [k for k, v in words.items() if "ラウンド" in v], "ラウンド: a round is 回"
    own = ("jda", "kabu", "lap")  # jda's game and kabu's match are 試合, per their specs
    stray = [k for k, v in words.items() if "試合" in v and not any(o in k for o in own)]
    assert not stray, f"試合 outside jda and kabu (a match of rounds is マッチ): {stray}"
    assert "マッチ" in words["dobon:new.rounds"] and "回" in words["dobon:new.rounds"]
    assert "試合" in words["dobon:new.jda.games"] and "試合" in words["dobon:new.kabu.max_matches"]


def test_english_words_are_english_and_japanese_shows_only_in_shouts_and_glosses():
    """A button or line of the English UI in Japanese reads as a slip; the shouted calls and a few glosses
    (kabu's card names, as the English rules page has them) are the only places Japanese belongs."""
    data = json.loads(resource_path("translations", "dobon.en.json").read_text("utf-8"))["en"]
    shouts_and_glosses = {
        "table.dobon_splash",
        "table.gaeshi",
        "table.yaku",
        "refusal.kabu.forced",
        "preset_about.kabu",
    }
    mixed = [
        name
        for name, value in flat(data)
        if any(
            "\u3040" <= ch <= "\u30ff" or "\u4e00" <= ch <= "\u9fff"
            for ch in json.dumps(value, ensure_ascii=False)
        )
    ]
    assert set(mixed) <= shouts_and_glosses, (
        f"Japanese in English text: {sorted(set(mixed) - shouts_and_glosses)}"
    )


def table(app, preset: str, players: int = 3) -> TableScene:
    seats = [SeatSpec("human", "basic", ""), *[SeatSpec("ai", "basic", "") for _ in range(players - 1)]]
    options = {"draw_parent": False} if preset == "kabu" else {"seat_draw": False} if preset == "jda" else {}
    setup = GameSetup(preset, players, options, seats, 5).complete()
    scene = TableScene(app, setup, Game(make_rules(preset, players, options), 5))
    app.stack.clear_to(scene)
    frames(app, 3)
    return scene


@pytest.mark.parametrize("language", ["en", "ja"])
@pytest.mark.parametrize("preset", list(PRESETS))
def test_a_name_plate_says_its_units_when_the_pointer_is_on_it(app, preset, language, monkeypatch):
    app.set_language(language)
    said: list[str] = []  # every text the table draws (a plate's words are made once, then kept)
    text = Board.text
    monkeypatch.setattr(
        Board, "text", lambda board, s, *args, **kw: said.append(s) or text(board, s, *args, **kw)
    )
    scene = table(app, preset)
    plate = scene.board.regions["plate:1"]
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=plate.center, rel=(0, 0), buttons=(0, 0, 0)))
    frames(app, 2)
    legend = tr(f"units.{preset}")
    assert scene.plate_tip == 1 and scene.tip_rect is not None
    assert pygame.Rect(0, 0, *app.size).contains(scene.tip_rect)
    shown = "".join(said)
    assert tr("units.title") in said and legend.replace(" ", "")[:20] in shown.replace(" ", "")
    standing = score_text(scene.source.view.standings[1])
    assert standing in said  # the short form the legend explains is on the plate
    if preset == "jda":
        assert standing == ("0 laps · deal 4" if language == "en" else "0周 · 配り4枚")
        assert ("deal 6" if language == "en" else "配り6枚") in legend
    if preset == "kabu":
        assert standing.startswith("0 laps" if language == "en" else "0周")
    said.clear()
    away = (app.size[0] // 2, app.size[1] // 2)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=away, rel=(0, 0), buttons=(0, 0, 0)))
    frames(app, 2)
    assert scene.plate_tip is None and tr("units.title") not in said


@pytest.mark.parametrize("language", ["en", "ja"])
def test_the_rules_screen_says_each_presets_units(app, language):
    app.set_language(language)
    for preset in PRESETS:
        app.stack.clear_to(RulesScene(app, preset))
        frames(app, 2)
        box = app.stack.top.text
        assert tr("units.title") in box.html_text
        assert tr(f"units.{preset}")[:30].replace('"', "&quot;") in box.html_text
