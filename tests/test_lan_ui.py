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


def test_host_from_the_table_play_over_the_network_and_lose_the_host(app):
    from ui.scenes.lan import HostScene, LobbyScene, MessageScene
    from ui.scenes.table import TableScene

    host_scene = HostScene(app)
    app.stack.push(host_scene)
    app.frame(1 / 60)
    host_scene.announce = False  # no multicast from tests
    host_scene.open_table(port=0)
    lobby = app.stack.top
    assert isinstance(lobby, LobbyScene) and lobby.hosting
    run_until(app, lambda: lobby.remote.lobby is not None)
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
