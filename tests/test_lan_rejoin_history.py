"""A guest who closes the game and rejoins its LAN seat gets the match's history back: the chart of the
standings after each finished round (public), and a short log of what happened while AI played for
it, as that seat sees it (never another seat's hidden cards). Real sockets on 127.0.0.1; the host runs
on its own thread as on another computer."""

from __future__ import annotations

import time

import uikit  # noqa: F401  (the dummy video driver)
from lankit import card_codes
from test_lan_rejoin_ui import HostThread, run_until, sit_down
from uikit import frames, make_app, press_button

from game.realtime import Timing
from game.scores import Score
from net.protocol import Update
from net.session import NetSession
from ui.scenes.results import match_history
from ui.text import Said, setup, tr


def test_a_rejoined_guest_gets_the_match_chart_and_a_log_of_what_happened_while_away(tmp_path, monkeypatch):
    from ui.scenes.table import TableScene
    from ui.scenes.title import TitleScene

    monkeypatch.setenv("DOBON_TABLE_HOME", str(tmp_path))
    setup("en")
    fast = Timing(turn_ms=60, dobon_ms=30, window_ms=100)
    far = HostThread(players=2, rounds=12, timing=fast, round_pause=0.2)
    host = far.host
    try:
        first = make_app()
        table = sit_down(first, host.port)
        seat = table.remote.session.client.seat
        first.close()  # the window closes: AI plays the seat meanwhile
        end = time.monotonic() + 60
        while time.monotonic() < end and not (host.rounds_done >= 1 and len(host.game.events) > 6):
            time.sleep(0.02)
        assert host.rounds_done >= 1  # a round finished while the guest was away

        sent: list[Update] = []
        poll = NetSession.poll

        def kept_poll(session):  # what the host sent this seat, as the table takes it in
            messages = poll(session)
            sent.extend(m for m in messages if isinstance(m, Update))
            return messages

        monkeypatch.setattr(NetSession, "poll", kept_poll)
        toasts: list[str] = []  # every notice the table says (a later one may replace it under load)
        say = TableScene.say

        def kept_say(scene, text, *args, **kwargs):
            toasts.append(text)
            return say(scene, text, *args, **kwargs)

        monkeypatch.setattr(TableScene, "say", kept_say)
        second = make_app()
        try:
            title = TitleScene(second)
            second.stack.push(title)
            frames(second, 3)
            press_button(second, title.items["rejoin"])
            run_until(second, lambda: isinstance(second.stack.top, TableScene))
            back = second.stack.top
            run_until(second, lambda: back.remote.started and back.remote.chart)
            # the table takes in what it missed once the board has shown what it was busy with (a deal,
            # a card landing): frames until it says so, however slowly a loaded machine draws them
            run_until(second, lambda: tr("lan.while_away") in toasts)
            # the chart: the first deal, then every round finished before the comeback (and since)
            rows = match_history(back)
            assert len(rows) >= 2 and len(set(rows[0])) == 1  # everyone level at the first deal
            assert rows == [[Score.from_json(s).headline for s in row] for row in host.chart][: len(rows)]
            # the log says what happened while away, and a notice says that AI played meanwhile
            said = [line.key for line in back.board.log if isinstance(line, Said)]
            assert any(key.startswith(("log.played", "log.drew", "log.you.")) for key in said), said
            assert tr("lan.while_away") in toasts, toasts
        finally:
            second.close()
        # only this seat's own cards and public ones: none of the other seat's hand as it is now
        other = 1 - seat
        hidden = {card.code for card in host.game.hands[other]}
        assert any(update.missed for update in sent)
        for update in sent:
            assert not card_codes(update.missed, hidden)
    finally:
        far.close()
