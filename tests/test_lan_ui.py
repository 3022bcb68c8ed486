"""LAN play from the desktop table: host from the title's screens, start with AI seats, play a card
over the network, and get a clear message when the host disappears. Real sockets on 127.0.0.1."""

from __future__ import annotations

import os
import time

import pytest

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"

import pygame

from game import Kind
from ui.app import App
from ui.settings import Settings
from ui.table.board import RED
from ui.text import tr


@pytest.fixture
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("DOBON_TABLE_HOME", str(tmp_path))
    application = App(Settings(ai_turn_ms=200, ai_dobon_ms=100), None, (1280, 720))
    yield application
    application.close()


def run_until(app: App, condition, seconds: float = 10.0) -> None:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        app.frame(1 / 60)
        if condition():
            return
        time.sleep(0.005)
    raise AssertionError("timed out")


def open_lobby(app: App):
    """Host from the Host screen (not announced, any free port) and wait for the lobby to fill in."""
    from ui.scenes.lan import HostScene, LobbyScene

    host_scene = HostScene(app)
    app.stack.push(host_scene)
    app.frame(1 / 60)
    host_scene.announce = False  # no multicast from tests
    host_scene.open_table(port=0)
    lobby = app.stack.top
    assert isinstance(lobby, LobbyScene) and lobby.hosting
    run_until(app, lambda: lobby.remote.lobby is not None)
    return lobby


def test_host_from_the_table_play_over_the_network_and_lose_the_host(app):
    from ui.scenes.lan import MessageScene
    from ui.scenes.table import TableScene

    lobby = open_lobby(app)
    assert lobby.remote.lobby.seats[0].kind == "person"
    lobby.session.send_chat("hello table")
    run_until(app, lambda: any("hello table" in line for line in lobby.chat))
    lobby.session.start_now()
    run_until(app, lambda: isinstance(app.stack.top, TableScene))
    table = app.stack.top
    assert table.remote is not None and table.person == 0
    # wait for our turn, then play the first legal card by clicking it (or draw)
    run_until(app, lambda: not table.board.busy and any(a.kind is Kind.DRAW for a in table.legal()), 30)
    before = table.remote.session.client.seq
    plays = [a for a in table.legal() if a.kind is Kind.PLAY and a.suit is None and not a.flag]
    if plays:
        rect = next(r for r, c in table.board.own_card_rects() if c is plays[0].card)
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=rect.center, button=1))
    else:
        table.draw_card()
    run_until(app, lambda: table.remote.session.client.seq > before, 10)
    assert table.game is None  # a LAN table has no game of its own: it draws its seat's view
    # a card the view does not offer: the host is asked, and its reason is shown
    run_until(app, lambda: table.board.settled, 10)
    offered = {a.cards for a in table.legal() if a.kind is Kind.PLAY}
    stray = next((c for c in table.source.view.hand if (c,) not in offered), None)
    if stray is not None:
        table.toast = None
        table.play_card(stray)
        run_until(app, lambda: table.toast is not None, 10)
        assert table.toast[0] and table.toast[2] == RED
    # Dobon pressed with no call to make: the host is sent the call the rules name, and says why (its
    # coded refusal, said in this table's language), never the bare "You cannot call Dobon now"
    if not any(a.kind is Kind.DOBON for a in table.legal()):
        table.toast = None
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, unicode=" ", mod=0))
        run_until(app, lambda: table.toast is not None, 10)
        assert table.toast[2] == RED and table.toast[0] not in ("", tr("table.cannot_call"))
    session = table.remote.session
    session.host.closing = True  # the host disappears
    session._run(session.host.close()).result(timeout=5)
    run_until(app, lambda: isinstance(app.stack.top, MessageScene), 15)
    said = app.stack.top.text
    assert "host" in said.lower()
    # the match so far is kept: the standings, best first, one line per seat
    standings = said.split("\n")[1:]
    assert len(standings) == 4 and standings[0].startswith("1. ")


def test_the_name_others_see_is_never_you_and_the_typed_one_is_remembered(app, monkeypatch):
    from ui.scenes.lan import HostScene, JoinScene, LobbyScene
    from ui.text import tr

    monkeypatch.setattr("getpass.getuser", lambda: "root")  # a user name not worth showing
    join = JoinScene(app)
    app.stack.push(join)
    app.frame(1 / 60)
    assert join.name.get_text() == "Player" and join.name.get_text() != tr("table.you")
    app.stack.pop()
    host_scene = HostScene(app)
    app.stack.push(host_scene)
    app.frame(1 / 60)
    host_scene.announce = False  # no multicast from tests
    host_scene.name.set_text("Mika")
    host_scene.open_table(port=0)
    lobby = app.stack.top
    assert isinstance(lobby, LobbyScene)
    run_until(app, lambda: lobby.remote.lobby is not None)
    assert lobby.remote.lobby.seats[0].name == "Mika"
    lobby.session.close()
    assert Settings.load()[0].player_name == "Mika"  # kept for next time
    again = JoinScene(app)
    app.stack.push(again)
    app.frame(1 / 60)
    assert again.name.get_text() == "Mika"


def test_a_host_is_asked_before_leaving_closes_the_table_and_its_menu_is_not_paused(app):
    from uikit import press_button

    from ui.scenes.confirm import ConfirmScene
    from ui.scenes.menu import PauseMenu
    from ui.scenes.table import TableScene
    from ui.scenes.title import TitleScene
    from ui.text import key, tr

    lobby = open_lobby(app)
    limit = lobby.remote.lobby.turn_limit_s
    assert limit > 0  # on by default, and the lobby says so
    shown = f"{tr('lan.turn_limit')}: {tr('lan.seconds', n=f'{limit:g}')}"
    assert any(getattr(el, "text", None) == shown for el in lobby.container.elements)
    press_button(app, lobby.leave)
    assert isinstance(app.stack.top, ConfirmScene)  # not closed yet: the host is asked
    press_button(app, app.stack.top.no)
    assert app.stack.top is lobby and not lobby.session.host.closing
    lobby.session.start_now()
    run_until(app, lambda: isinstance(app.stack.top, TableScene))
    table = app.stack.top
    app.stack.push(PauseMenu(app, table))
    app.frame(1 / 60)
    assert app.stack.top.heading.text == key("menu.title_lan")  # play goes on: never "Paused"
    assert tr("menu.title_lan") == "Menu (play goes on)"
    press_button(app, app.stack.top.items["save_quit"])
    assert isinstance(app.stack.top, ConfirmScene)
    host = table.remote.session.host
    press_button(app, app.stack.top.yes)
    run_until(app, lambda: isinstance(app.stack.top, TitleScene))
    assert host.closing or host.result is not None


def test_ready_marks_start_the_match_and_start_asks_while_someone_is_not_ready(app):
    import asyncio
    import threading

    from uikit import press_button

    from net.client import Client
    from ui.scenes.confirm import ConfirmScene
    from ui.scenes.table import TableScene
    from ui.text import tr

    lobby = open_lobby(app)
    port = lobby.session.host.port
    loop = asyncio.new_event_loop()  # a guest on another "computer"
    thread = threading.Thread(target=loop.run_forever, daemon=True)
    thread.start()
    guest = Client("127.0.0.1", port, "Ben", log=lambda line: None)
    try:
        asyncio.run_coroutine_threadsafe(guest.connect(), loop).result(10)
        run_until(
            app, lambda: lobby.remote.lobby and sum(s.kind == "person" for s in lobby.remote.lobby.seats) == 2
        )
        assert lobby.waiting_text() == tr(
            "lan.waiting_ready", names=f"{lobby.remote.lobby.seats[0].name}, Ben"
        )
        run_until(
            app, lambda: f"<i>{tr('lan.chat_joined', name='Ben')}</i>" in lobby.chat
        )  # said in the chat
        press_button(app, lobby.start)  # Ben has not said ready: the host is asked
        assert isinstance(app.stack.top, ConfirmScene) and "Ben" in app.stack.top.message
        press_button(app, app.stack.top.no)
        assert app.stack.top is lobby and not lobby.session.host.started.is_set()
        asyncio.run_coroutine_threadsafe(guest.ready(), loop).result(5)
        run_until(app, lambda: any(s.name == "Ben" and s.ready for s in lobby.remote.lobby.seats))
        app.frame(1 / 60)
        press_button(app, lobby.ready_button)  # the host says ready too: the match starts by itself
        run_until(
            app, lambda: lobby.waiting_text() == tr("lan.all_ready") or isinstance(app.stack.top, TableScene)
        )
        run_until(app, lambda: isinstance(app.stack.top, TableScene), 15)
    finally:
        asyncio.run_coroutine_threadsafe(guest.close(), loop).result(5)
        loop.call_soon_threadsafe(loop.stop)
        thread.join(5)


@pytest.mark.parametrize(
    ("typed", "host", "port"),
    [
        ("192.168.1.20", "192.168.1.20", 47000),
        ("192.168.1.20:47001", "192.168.1.20", 47001),
        ("[fe80::1]", "fe80::1", 47000),
        ("[fe80::1]:5000", "fe80::1", 5000),
        ("fe80::1", "fe80::1", 47000),
        ("gamebox.local", "gamebox.local", 47000),
    ],
)
def test_the_join_screen_takes_an_address_without_its_port_and_offers_the_last_one_again(
    app, typed, host, port
):
    from ui.scenes.lan import JoinScene

    join = JoinScene(app)
    app.stack.push(join)
    app.frame(1 / 60)
    assert join.address.get_text() == ""  # never this computer's own 127.0.0.1
    asked = []
    join.join = lambda *args, **kw: asked.append(args)  # where it would join
    join.join_address(f" {typed} ")
    assert asked == [(host, port)] and join.error is None
    app.stack.pop()
    again = JoinScene(app)
    app.stack.push(again)
    app.frame(1 / 60)
    assert again.address.get_text() == typed  # offered again, as typed
    assert Settings.load()[0].last_address == typed


def test_a_resting_lobby_wakes_as_soon_as_the_host_sends_something(app):
    """Nothing moves in the lobby, so the loop rests; what comes over the network (here the echo of a
    chat line) ends the rest at once, without any input."""
    from ui.scenes.lan import HostScene

    host_scene = HostScene(app)
    app.stack.push(host_scene)
    app.frame(1 / 60)
    host_scene.announce = False  # no multicast from tests
    host_scene.open_table(port=0)
    lobby = app.stack.top
    run_until(app, lambda: lobby.remote.lobby is not None and not lobby.has_news())
    pygame.event.get()
    app.last_input = -1e9  # the player last touched anything long ago
    assert app.quiet() and not lobby.has_news()
    lobby.session.send_chat("anyone there?")
    assert app.wait_for_input(60)  # the message woke the wait (a minute would mean it slept through it)
    run_until(app, lambda: any("anyone there?" in line for line in lobby.chat))
