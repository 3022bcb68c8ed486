"""The Join screen shows what comes from the background at once, without input: the render loop rests
on a quiet screen, so a search's tables (or any screen rebuilt on news from outside pygame's events)
must be drawn by the frame that takes them in, not left for the next mouse move. Its address box shows
an example address as a greyed hint, never as text the player seems to have typed."""

from __future__ import annotations

import threading
import time

import pygame
import uikit  # noqa: F401  (the dummy video driver)
from uikit import click, frames, make_app, press_button

from net.discovery import FoundTable
from ui.scenes.lan import JoinScene
from ui.text import setup


def shown(app) -> bytes:
    return pygame.image.tobytes(app.display, "RGB")


def test_found_tables_are_drawn_as_the_search_ends_without_any_input(tmp_path, monkeypatch):
    monkeypatch.setenv("DOBON_TABLE_HOME", str(tmp_path))
    setup("en")
    release = threading.Event()

    def browse(seconds, interfaces=None):
        release.wait(10)
        return [FoundTable("x", "127.0.0.1", 47000, "app", 4, 5, "Ann", 3, False)]

    monkeypatch.setattr("net.discovery.browse", browse)
    app = make_app((800, 600))
    try:
        scene = JoinScene(app)
        app.stack.push(scene)
        frames(app, 2)
        press_button(app, scene.search_button)
        clock = pygame.time.Clock()
        end = time.monotonic() + 10
        while app.rests == 0 and time.monotonic() < end:  # the loop comes to rest: "Searching…"
            app.step(clock)
        assert app.rests > 0 and not scene.searched
        release.set()
        end = time.monotonic() + 10
        while not scene.searched and time.monotonic() < end:
            app.step(clock)
        assert [t.host_name for _, t in scene.table_buttons] == ["Ann"]
        for _ in range(50):  # until it rests again (bounded): nothing else is drawn without input
            if not app.step(clock):
                break
        assert pygame.event.peek() is False
        on_screen = shown(app)
        frames(app, 2)  # what a mouse move would have drawn
        assert shown(app) == on_screen
    finally:
        release.set()
        app.close()


def test_the_example_address_is_a_greyed_hint_and_the_last_address_is_real_text(tmp_path, monkeypatch):
    monkeypatch.setenv("DOBON_TABLE_HOME", str(tmp_path))
    setup("en")
    app = make_app((800, 600))
    try:
        scene = JoinScene(app)
        app.stack.push(scene)
        frames(app, 2)
        box = scene.address
        assert box.get_text() == ""  # nothing typed yet: Join with it empty is not an example address
        normal = pygame.Color(scene.name.text_colour)
        assert box.text_colour != normal  # the hint is drawn greyed
        grey = sum(box.text_colour[:3]) / 3
        assert grey < sum(normal[:3]) / 3
    finally:
        app.close()
    app = make_app((800, 600), last_address="10.0.0.7:47000")
    try:
        scene = JoinScene(app)
        app.stack.push(scene)
        frames(app, 2)
        assert scene.address.get_text() == "10.0.0.7:47000"
        assert scene.address.text_colour == scene.name.text_colour  # what the player used: real text
    finally:
        app.close()


def test_typing_into_the_hint_box_shows_only_what_is_typed(tmp_path, monkeypatch):
    monkeypatch.setenv("DOBON_TABLE_HOME", str(tmp_path))
    setup("en")
    app = make_app((800, 600))
    try:
        scene = JoinScene(app)
        app.stack.push(scene)
        frames(app, 2)
        box = scene.address
        click(app, box.rect.center)
        frames(app, 2)
        for ch in "10.0":
            pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=ch))
            frames(app, 1)
        frames(app, 2)
        rows = box.drawable_shape.text_box_layout.layout_rows
        shown_text = "".join(getattr(item, "text", "") for row in rows for item in row.items)
        assert box.get_text() == "10.0"
        assert shown_text == "10.0"  # not "10.0192.168.1.20:47000": the hint goes as the box is focused
        assert box.text_colour == scene.name.text_colour
    finally:
        app.close()


def test_a_chat_line_in_the_lobby_is_drawn_as_it_comes_without_any_input(tmp_path, monkeypatch):
    import asyncio

    from test_lan_rejoin_ui import HostThread, run_until

    from net.protocol import PROTOCOL_VERSION, Chat, Hello, Welcome, encode, read_message
    from ui.scenes.lan import LobbyScene

    monkeypatch.setenv("DOBON_TABLE_HOME", str(tmp_path))
    setup("en")
    far = HostThread(players=3, min_people=3)  # nobody deals: the lobby stays
    app = make_app((800, 600))
    try:
        join = JoinScene(app)
        app.stack.push(join)
        frames(app, 2)
        join.join("127.0.0.1", far.host.port)
        run_until(app, lambda: isinstance(app.stack.top, LobbyScene))
        lobby = app.stack.top

        async def say_hello():
            reader, writer = await asyncio.open_connection("127.0.0.1", far.host.port)
            writer.write(encode(Hello(PROTOCOL_VERSION, "Ben")))
            await writer.drain()
            assert isinstance(await read_message(reader, 5), Welcome)
            return writer

        ben = asyncio.run_coroutine_threadsafe(say_hello(), far.loop).result(5)
        clock = pygame.time.Clock()
        end = time.monotonic() + 10
        while "Ben" not in " ".join(lobby.chat) and time.monotonic() < end:
            app.step(clock)
        before = len(lobby.chat)

        async def chat():
            ben.write(encode(Chat("hello from Ben")))
            await ben.drain()

        asyncio.run_coroutine_threadsafe(chat(), far.loop).result(5)
        while len(lobby.chat) == before and time.monotonic() < end:
            app.step(clock)
        assert "hello from Ben" in lobby.chat[-1]
        on_screen = shown(app)  # the frame that took the line in
        frames(app, 2)  # what a mouse move would have drawn
        assert shown(app) == on_screen
        far.loop.call_soon_threadsafe(ben.close)
    finally:
        app.close()
        far.close()
