"""Nine to twelve seats on screen (super with two decks): the New game screen offers them, with two
decks chosen, its seat rows in two columns clear of Back and Start; in a window too small for that
many it says so and offers the most that fit; a card of the second deck is named so in the log and
the review."""

from __future__ import annotations

import itertools

import pygame
import pytest
import uikit
from uikit import frames, pick, press_button

from game import deck
from ui.scenes.table import TableScene


@pytest.fixture(scope="module")
def app(tmp_path_factory):
    yield from uikit.home_app(tmp_path_factory)


def new_game(app, size):
    from ui.scenes.new_game import NewGameScene
    from ui.settings import clear_match

    app.resized(size)
    app.settings.last_setup = {"preset": "super", "players": 4, "seats": [], "options": {}}
    scene = NewGameScene(app)
    app.stack.clear_to(scene)
    clear_match()  # no match of an earlier test to keep (saved as it left): Start goes to the table
    frames(app, 2)
    return scene


def rects(scene):
    """Every seat row's widgets, and Back and Start."""
    out = [w.rect for row in scene.seat_rows for w in row]
    return out, [scene.back.rect, scene.start.rect]


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_twelve_seats_from_the_new_game_screen(app, size):
    scene = new_game(app, size)
    pick(app, scene.players_menu, "12")
    frames(app, 2)
    assert scene.players == 12 and len(scene.seat_rows) == 12 and scene.use_fit is None
    assert scene.option_fields["two_decks"].text.endswith(": on")  # nine and more play with two decks
    rows, buttons = rects(scene)
    window = pygame.Rect((0, 0), size)
    assert all(window.contains(r) for r in rows)
    assert not any(r.colliderect(b) for r, b in itertools.product(rows, buttons))
    names = [row[2].get_text() for row in scene.seat_rows[1:]]
    assert len(set(names)) == 11  # every AI seat named differently
    press_button(app, scene.start)
    table = app.stack.top
    assert isinstance(table, TableScene)
    assert table.game.n == 12 and table.game.rules.two_decks and len(table.game.deck) == 108
    frames(app, 3)
    assert "notice" not in table.board.regions and table.board.layout.fits()


def test_a_window_too_small_for_twelve_offers_the_most_that_fit(app):
    from ui.table.layout import seats_that_fit

    scene = new_game(app, (800, 600))
    pick(app, scene.players_menu, "12")
    frames(app, 2)
    fit = seats_that_fit(800, 600)
    assert scene.use_fit is not None and scene.use_fit.text.endswith(str(fit))
    rows, buttons = rects(scene)
    assert all(pygame.Rect(0, 0, 800, 600).contains(r) for r in rows)
    assert not any(r.colliderect(b) for r, b in itertools.product(rows, buttons))
    assert not any(a.colliderect(b) for a, b in itertools.combinations(rows, 2))  # two columns, apart
    press_button(app, scene.use_fit)
    assert scene.players == fit and scene.use_fit is None and len(scene.seat_rows) == fit
    press_button(app, scene.start)
    table = app.stack.top
    assert isinstance(table, TableScene) and table.game.n == fit
    frames(app, 3)
    assert "notice" not in table.board.regions


def test_a_card_of_the_second_deck_is_named_so():
    from ui.scenes.history import choice_text
    from ui.text import card_text, setup

    two = deck("108")
    setup("en")
    assert card_text(two.card("7S")) == "♠7" and card_text(two.card("7S#2")) == "♠7 (deck 2)"
    assert [card_text(two.card(c)) for c in ("JK", "JK#2", "JK#3")] == ["Joker", "Joker", "Joker (deck 2)"]
    assert card_text(deck("54").card("JK#2")) == "Joker"  # one deck's two jokers are both deck 1's
    assert "♠7 (deck 2)" in choice_text({"text": "seat 2 play ♠7#2 (last one)"})
    assert "Joker (deck 2)" in choice_text({"text": "seat 2 play 🃏4"})
    setup("ja")
    assert card_text(two.card("QH#2")) == "♥Q（2組目）"
    setup("en")


def test_the_lobby_of_twelve_seats_fits_the_smallest_window(app):
    """A host's lobby at 800x600 lists all twelve seats, clear of the join box and the buttons."""
    import time

    import pygame_gui
    from lankit import loopback

    from net.session import NetSession
    from ui.scenes.lan import LobbyScene

    app.resized((800, 600))
    session = NetSession("Host")
    try:
        session.host_table(loopback(preset="super", players=12, lobby_seconds=1e9, min_people=3)).result(
            timeout=5
        )
        lobby = LobbyScene(app, session, hosting=True)
        app.stack.clear_to(lobby)
        end = time.monotonic() + 10
        while lobby.remote.lobby is None and time.monotonic() < end:
            frames(app, 1)
            time.sleep(0.01)
        frames(app, 2)
        labels = [
            e.rect
            for e in lobby.container.elements
            if isinstance(e, pygame_gui.elements.UILabel) and e.text.startswith("Seat ")
        ]
        assert len(labels) == 12
        boxes = [e.rect for e in lobby.container.elements if isinstance(e, pygame_gui.elements.UITextBox)]
        buttons = [lobby.leave.rect, lobby.ready_button.rect, lobby.start.rect]
        assert all(r.bottom <= 600 for r in labels)
        texts = [b for b in boxes if b.left < 400]  # what it waits for, where to join
        assert not [(a, b) for a, b in itertools.product(labels, texts) if a.colliderect(b)]
        assert not [(a, b) for a, b in itertools.product(labels + texts, buttons) if a.colliderect(b)]
        assert not [(a, b) for a, b in itertools.combinations(texts, 2) if a.colliderect(b)]
    finally:
        session.close()
