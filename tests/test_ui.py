"""The desktop table, driven by real pygame events under the dummy video driver."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"

import pygame
from pygame_gui.core.utility import translate

from game import Action, Game, Kind, make_rules
from game.events import DobonCalled
from ui.app import App
from ui.settings import Settings, load_match, save_path
from ui.table.setup import GameSetup, SeatSpec, restore, save_data

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("DOBON_TABLE_HOME", str(tmp_path))
    application = App(Settings(), None, (1280, 720))
    yield application
    application.close()


def frames(app: App, n: int = 2) -> None:
    for _ in range(n):
        app.frame(1 / 60)


def click(app: App, pos: tuple[int, int]) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    frames(app, 1)


def table_with(app: App, hands, field_card, human: int = 0, stock=(), first: int = 0):
    """A table scene on a round dealt from these exact hands (no deal animation)."""
    from ui.scenes.table import TableScene

    seats = [SeatSpec("human" if i == human else "ai", "basic", "") for i in range(len(hands))]
    setup = GameSetup("app", len(hands), {}, seats, 3).complete()
    game = Game(make_rules("app", len(hands)), 3, deal=False)
    game.start_round(game.deck_from_hands(hands, field_card, stock, first), first)
    scene = TableScene(app, setup, game)
    app.stack.push(scene)
    frames(app, 2)
    return scene, game


HANDS = [
    ["3H", "7H", "9C", "8D", "KS"],
    ["2S", "4S", "6S", "8S", "10S"],
    ["2C", "4C", "6C", "8C", "10C"],
    ["3C", "5C", "7C", "JC", "QC"],
]


def card_centre(scene, code: str) -> tuple[int, int]:
    for rect, card in scene.board.own_card_rects():
        if card.code == code:
            return rect.center
    raise AssertionError(f"{code} is not in the hand on screen")


def test_clicking_a_legal_card_plays_it(app):
    scene, game = table_with(app, HANDS, "5H")
    seven = game.deck.card("7H")
    click(app, card_centre(scene, "7H"))
    assert game.actions[-1] == Action(0, Kind.PLAY, (seven,))
    assert seven not in game.hands[0]
    assert game.discard[-1] is seven


def test_clicking_an_illegal_card_shows_the_reason_and_changes_nothing(app):
    scene, game = table_with(app, HANDS, "5H")
    before = game.state_key()
    click(app, card_centre(scene, "9C"))
    assert game.state_key() == before
    assert scene.toast is not None
    assert "9" in scene.toast[0] and "match" in scene.toast[0]
    assert len(game.hands[0]) == 5


def test_an_eight_opens_the_suit_picker_and_cancel_loses_nothing(app):
    hands = [["3H", "8H", "9C", "8D", "KS"], *HANDS[1:]]
    scene, game = table_with(app, hands, "5H")
    before = game.state_key()
    click(app, card_centre(scene, "8H"))
    assert scene.picker and {a.suit for a in scene.picker} == {s for s in __import__("game").Suit}
    assert game.state_key() == before
    click(app, scene.buttons["cancel"].center)
    assert scene.picker is None and game.state_key() == before
    click(app, card_centre(scene, "8H"))
    click(app, scene.buttons["suit:2"].center)  # the third suit offered
    assert game.actions[-1].kind is Kind.PLAY and game.actions[-1].suit is scene.game.actions[-1].suit
    assert game.field_suit is game.actions[-1].suit


def test_the_dobon_button_calls_dobon_when_you_may(app):
    # seat 0 plays 10H; the person at seat 1 holds A A 2 3 3 = 10 and may call
    hands = [["10H", "4D", "5D", "6D", "7D"], ["AC", "AS", "2D", "3D", "3S"], *HANDS[2:]]
    scene, game = table_with(app, hands, "9H", human=1)
    game.apply(Action(0, Kind.PLAY, (game.deck.card("10H"),)))
    scene.board.shown.window = (0, 0.0)
    frames(app, 1)
    assert "dobon" in scene.buttons
    click(app, scene.buttons["dobon"].center)
    calls = [e for e in game.events if isinstance(e, DobonCalled)]
    assert calls and calls[-1].seat == 1
    assert game.actions[-1].kind is Kind.DOBON and game.actions[-1].seat == 1


def test_the_dobon_button_refuses_when_you_cannot(app):
    scene, game = table_with(app, HANDS, "5H", human=1)
    game.apply(Action(0, Kind.PLAY, (game.deck.card("7H"),)))
    before = game.state_key()
    frames(app, 1)
    click(app, scene.buttons["dobon"].center)
    assert game.state_key() == before
    assert scene.toast is not None


def test_space_calls_dobon_too(app):
    hands = [["10H", "4D", "5D", "6D", "7D"], ["AC", "AS", "2D", "3D", "3S"], *HANDS[2:]]
    _scene, game = table_with(app, hands, "9H", human=1)
    game.apply(Action(0, Kind.PLAY, (game.deck.card("10H"),)))
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=" ", scancode=44))
    frames(app, 1)
    assert game.actions[-1].kind is Kind.DOBON and game.actions[-1].seat == 1


def test_the_language_switch_changes_the_visible_text(app):
    from ui.scenes.title import TitleScene

    title = TitleScene(app)
    app.stack.push(title)
    frames(app, 2)
    button = title.items["solo"]
    before = pygame.image.tobytes(button.image, "RGBA")
    assert translate(button.text) == "Solo game"
    app.set_language("ja")
    frames(app, 2)
    button = title.items["solo"]
    assert translate(button.text) == "ひとりで遊ぶ"
    assert pygame.image.tobytes(button.image, "RGBA") != before
    from ui.text import tr

    assert tr("table.dobon_button") == "ドボン"
    app.set_language("en")
    assert tr("table.dobon_button") == "DOBON"


def test_plates_and_fans_show_what_changed_since_the_frame_before(app):
    """The board keeps a plate's words and a fan's placing from frame to frame; a language switch and
    a card drawn must still show on the next frame, and switching back draws the plate as it was."""

    def plate(seat):
        return pygame.image.tobytes(app.screen.subsurface(scene.board.regions[f"plate:{seat}"]), "RGB")

    scene, game = table_with(app, HANDS, "5D", human=0, first=0)
    english = plate(2)  # not on turn: no glow on it
    app.set_language("ja")
    frames(app, 2)
    assert plate(2) != english
    app.set_language("en")
    frames(app, 2)
    assert plate(2) == english
    fan = scene.board.regions["hand:2"]
    game.apply(next(a for a in game.legal_actions(0) if a.kind is Kind.PLAY))
    for _ in range(900):  # the AI seats play on until seat 2's hand has changed
        frames(app, 1)
        if scene.board.hand_size(2) != 5 and not scene.board.busy:
            break
    assert scene.board.hand_size(2) != 5
    assert scene.board.regions["hand:2"] != fan


def test_an_interrupted_match_survives_a_restart(app):
    from ui.scenes.table import TableScene

    seats = [SeatSpec("human", "basic", ""), *[SeatSpec("ai", "basic", "") for _ in range(3)]]
    setup = GameSetup("app", 4, {}, seats, 12).complete()
    scene = TableScene(app, setup)
    app.stack.push(scene)
    scene.board.finish_all()
    frames(app, 2)
    game = scene.game
    play = next(a for a in game.legal_actions(0) if a.kind in (Kind.PLAY, Kind.DRAW))
    if play.kind is Kind.PLAY and play.suit is None:
        click(app, card_centre(scene, play.card.code))
    else:
        scene.submit(play)
    assert len(game.actions) == 1
    app.stack.pop()  # leaving the table saves it
    data, problem = load_match()
    assert problem is None and data is not None
    _setup, again = restore(data)
    assert again.state_key() == game.state_key()


def test_a_corrupt_save_is_reported_and_set_aside(app):
    save_path().parent.mkdir(parents=True, exist_ok=True)
    save_path().write_text("{not json", encoding="utf-8")
    data, problem = load_match()
    assert data is None and problem and "could not be read" in problem
    assert not save_path().exists()
    # a save whose actions do not replay is refused with a message
    setup = GameSetup("app", 4, {}, [], 1).complete()
    game = setup.new_game()
    broken = save_data(setup, game)
    broken["actions"] = [{"seat": 3, "act": "play", "cards": ["AS"]}]
    with pytest.raises(ValueError, match="does not replay"):
        restore(broken)


def test_corrupt_settings_fall_back_to_defaults(tmp_path, monkeypatch):
    monkeypatch.setenv("DOBON_TABLE_HOME", str(tmp_path))
    path = Settings.path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(b"\xff\xfe garbage")
    settings, problem = Settings.load()
    assert settings == Settings() and problem and "defaults" in problem
    path.write_text(json.dumps({"volume": 7, "language": "xx", "ai_turn_ms": 500}), encoding="utf-8")
    settings, problem = Settings.load()
    assert settings.volume == Settings().volume and settings.language == "en" and settings.ai_turn_ms == 500
    assert problem and "volume" in problem and "language" in problem


def test_the_window_resizes_and_the_layout_follows(app):
    scene, _game = table_with(app, HANDS, "5H")
    small = scene.board.layout.hand_card_h
    app.resized((1920, 1080))
    frames(app, 2)
    assert scene.board.layout.w == 1920 and scene.board.layout.hand_card_h > small


def test_headless_demo_prints_frame_times_and_saves_a_screenshot(tmp_path):
    shot = tmp_path / "shot.png"
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", DOBON_TABLE_HOME=str(tmp_path))
    done = subprocess.run(
        [sys.executable, "main.py", "--demo", "--players", "6", "--frames", "120", "--screenshot", str(shot)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert re.search(r"^frame ms: median \d+\.\d p99 \d+\.\d$", done.stdout, re.M), done.stdout
    image = pygame.image.load(str(shot))
    assert image.get_size() == (1280, 720)


def test_bad_demo_flags_get_one_line_errors(tmp_path):
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", DOBON_TABLE_HOME=str(tmp_path))
    for args in (["--demo", "--players", "9"], ["--demo", "--rules", "nope"], ["--size", "big"]):
        done = subprocess.run(
            [sys.executable, "main.py", *args], cwd=ROOT, env=env, capture_output=True, text=True
        )
        assert done.returncode == 2, (args, done.stderr)
        assert done.stderr.strip() and "Traceback" not in done.stderr


def test_the_suit_picker_shows_every_suit_symbol(app):
    """Spades is suit 0: it must still be drawn as ♠, not as a missing suit."""
    from game import Suit

    assert bool(Suit.SPADES)
    hands = [["3H", "8H", "9C", "8D", "KS"], *HANDS[1:]]
    scene, _game = table_with(app, hands, "5H")
    click(app, card_centre(scene, "8H"))
    assert [a.suit for a in scene.picker] == list(Suit)


def test_remembered_choices_that_make_no_sense_are_ignored(app):
    from ui.scenes.new_game import NewGameScene

    app.settings.last_setup = {
        "preset": "app",
        "players": "x",
        "seats": [1, {"kind": "wizard"}],
        "options": [],
    }
    scene = NewGameScene(app)
    app.stack.push(scene)
    frames(app, 1)
    assert scene.preset == "app" and scene.players == 4


def test_chat_and_messages_are_shown_as_text_not_markup(app):
    from ui.scenes.lan import MessageScene

    scene = MessageScene(app, '<img src="/nonexistent.png"> the host has gone')
    app.stack.push(scene)
    frames(app, 2)  # would raise if the text were read as markup
