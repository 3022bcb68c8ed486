"""Helpers for tests that drive the real desktop scenes with real pygame events (dummy video driver)."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"

import pygame

from game import Kind
from game.seats import make_seat
from ui.app import App
from ui.settings import Settings

FAST = dict(animation_speed=4.0, ai_turn_ms=150, ai_dobon_ms=100, reaction_ms=500)


def make_app(size=(1280, 720), **settings) -> App:
    """An app with quick AI seats and animations, so a whole round plays in a few hundred frames."""
    return App(Settings(**{**FAST, **settings}), None, size)


def home_app(tmp_path_factory):
    """A module's app (a module-scoped fixture yields from this), its data folder a fresh temp dir."""
    os.environ["DOBON_TABLE_HOME"] = str(tmp_path_factory.mktemp("home"))
    application = make_app()
    yield application
    application.close()


def frames(app: App, n: int = 2, dt: float = 1 / 60) -> None:
    for _ in range(n):
        app.frame(dt)


def click(app: App, pos: tuple[int, int], dt: float = 1 / 60) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    frames(app, 1, dt)


def press(app: App, key: int, unicode: str = "") -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=unicode, scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=0, unicode=unicode, scancode=0))
    frames(app, 1)


def button(scene, name: str):
    """A scene's pygame-gui button by its attribute or item name."""
    items = getattr(scene, "items", {})
    return items[name] if name in items else getattr(scene, name)


def press_button(app: App, element) -> None:
    """Click a pygame-gui button where it is on screen."""
    assert element.visible, f"{element} is not visible"
    click(app, element.rect.center)
    frames(app, 1)


def pick(app, menu, text: str) -> None:
    """Open a drop-down menu and click one of its options, as a player would."""
    press_button(app, menu.current_state.selected_option_button)
    options = menu.current_state.options_selection_list.item_list_container.elements
    press_button(app, next(o for o in options if o.text == text))
    frames(app, 2)


def play_for_person(app: App, until, limit: int = 6000, dt: float = 0.1, act: bool = True) -> None:
    """Run the table, letting a basic seat choose the person's turn actions and bids (through the same
    calls the clicks make; with act=False the person does nothing), until `until()` is true; fails
    after `limit` frames."""
    from ui.scenes.table import TableScene

    helper = make_seat("basic", 5, 0)
    for _ in range(limit):
        if until():
            return
        top = app.stack.top
        if act and isinstance(top, TableScene) and top.person is not None and top.accepts_input:
            legal = [a for a in top.legal() if a.kind in (Kind.PLAY, Kind.DRAW, Kind.BID)]
            if legal:
                top.submit(helper.act(top.game.view(top.person, legal)))
        app.frame(dt)
    raise AssertionError("the table never got there")


def choose_language(app: App, scene, name: str) -> None:
    """Open the Settings screen's language menu and click `name`, as the player does."""
    menu = scene.language
    pos = menu.rect.center
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        pygame.event.post(pygame.event.Event(kind, pos=pos, button=1))
    frames(app, 2)
    options = menu.current_state.options_selection_list
    button = next(i["button_element"] for i in options.item_list if i["text"] == name)
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        pygame.event.post(pygame.event.Event(kind, pos=button.rect.center, button=1))
    frames(app, 6)  # click, the list's selection, the menu's change: each an event a frame later
