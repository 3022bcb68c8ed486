"""Issue 31 on the desktop: the hosting person's match result offers Rematch; a guest's says it waits
for the host, and follows the host's rematch into the lobby on the same connection, seat and token
kept (and kept on disk again), then into the new match once ready. Real sockets on 127.0.0.1; the
host runs on its own thread as on another computer."""

from __future__ import annotations

import uikit  # noqa: F401  (the dummy video driver)
from test_lan_rejoin_ui import HostThread, run_until, sit_down
from uikit import frames, make_app, press_button

from game.realtime import Timing
from net.session import NetSession
from net.ticket import load_ticket
from ui.text import key, tr

FAST = Timing(turn_ms=40, dobon_ms=20, window_ms=80)


def to_match_result(app, table) -> None:
    """Past the last round's result (Next, as a person would) to the match's result."""
    from ui.scenes.results import MatchResultScene, RoundResultScene

    def there() -> bool:
        if isinstance(app.stack.top, RoundResultScene):
            app.stack.top.proceed()
        return isinstance(app.stack.top, MatchResultScene)

    run_until(app, there, 90)


def test_a_guest_follows_the_hosts_rematch_into_the_lobby_and_the_new_match(tmp_path, monkeypatch):
    from ui.scenes.lan import LobbyScene
    from ui.scenes.table import TableScene

    monkeypatch.setenv("DOBON_TABLE_HOME", str(tmp_path))
    far = HostThread(rounds=1, timing=FAST, turn_limit_s=0.5, rematch=True, round_pause=0.2)
    app = make_app()
    try:
        table = sit_down(app, far.host.port)
        session = table.remote.session
        seat, token = session.client.seat, session.client.token
        to_match_result(app, table)
        result = app.stack.top
        assert result.again is None  # a guest has no Rematch: the host offers it
        assert result.note is not None and result.note.text == tr("lan.rematch_wait")
        assert load_ticket() is None  # the match is over: nothing to come back to, for now
        far.loop.call_soon_threadsafe(far.host.rematch)
        run_until(app, lambda: isinstance(app.stack.top, LobbyScene), 20)
        lobby = app.stack.top
        assert lobby.session is session and not session.closing  # the same connection
        assert (session.client.seat, session.client.token) == (seat, token)
        assert lobby.remote.lobby is not None and not lobby.remote.lobby.started
        kept = load_ticket()
        assert kept is not None and kept.token == token  # a restart would come back to this seat again
        frames(app, 3)
        press_button(app, lobby.ready_button)
        run_until(app, lambda: isinstance(app.stack.top, TableScene), 20)
        assert app.stack.top.remote.view.seat == seat and far.host.matches == 2
    finally:
        app.close()
        far.close()


def test_a_guest_waiting_on_the_result_is_told_when_the_host_closes_instead(tmp_path, monkeypatch):
    monkeypatch.setenv("DOBON_TABLE_HOME", str(tmp_path))
    far = HostThread(rounds=1, timing=FAST, turn_limit_s=0.5, rematch=True, round_pause=0.2)
    app = make_app()
    try:
        table = sit_down(app, far.host.port)
        to_match_result(app, table)
        result = app.stack.top
        far.close()
        run_until(app, lambda: result.note is not None and result.note.text == tr("lan.rematch_closed"), 15)
    finally:
        app.close()
        if far.loop.is_running():
            far.close()


def test_the_hosting_persons_match_result_offers_rematch_and_it_reaches_the_host(tmp_path, monkeypatch):
    """The Rematch button on the host's own match result asks its table for the rematch."""
    from ui.scenes.lan import LobbyScene, desktop_host

    monkeypatch.setenv("DOBON_TABLE_HOME", str(tmp_path))
    config = desktop_host("app", 2, {}, "easy", 1, 3, 0, people=1, turn_limit_s=0.5, announce=False)
    config.host, config.timing, config.round_pause, config.away_ai_s = "127.0.0.1", FAST, 0.2, 0.0
    assert config.rematch
    app = make_app()
    session = NetSession("Host")
    try:
        session.host_table(config).result(timeout=10)
        lobby = LobbyScene(app, session, hosting=True)
        app.stack.push(lobby)
        frames(app, 3)
        press_button(app, lobby.ready_button)
        from ui.scenes.table import TableScene

        run_until(app, lambda: isinstance(app.stack.top, TableScene), 20)
        to_match_result(app, app.stack.top)
        result = app.stack.top
        assert result.again is not None and result.again.text == key("lan.rematch")
        press_button(app, result.again)
        run_until(app, lambda: isinstance(app.stack.top, LobbyScene), 20)
        assert app.stack.top.session is session and session.host.matches == 2
        assert not session.host.started.is_set()
    finally:
        app.close()
        session.close()
