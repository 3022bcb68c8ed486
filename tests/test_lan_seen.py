"""A guest whose host vanishes for good mid-match keeps the match so far in its History: what its seat
was shown (game.seen), listed like any other match (the match's start, rounds, its place), opened and
replayed as it saw it, and never more than the host sent it. A damaged record is set aside with a
notice. Real sockets on 127.0.0.1; the host runs on its own thread as on another computer."""

from __future__ import annotations

import json
import time

import pygame
import pytest
import uikit  # noqa: F401  (the dummy video driver)
from test_lan_gone_ui import vanish
from test_lan_rejoin_ui import HostThread, run_until, sit_down
from uikit import frames, make_app, press, press_button

from game import history, seen, stats
from game.events import RoundEnded
from game.realtime import Timing
from net.protocol import Update, decode
from ui.text import tr

QUICK = dict(
    rounds=30,  # enough that a later round is in play when the host vanishes, however fast they go
    turn_limit_s=0.3,  # nobody clicks at this table: the host's AI acts for the seat
    round_pause=0.2,
    timing=Timing(turn_ms=60, dobon_ms=40, window_ms=120),
)


def sent_updates(far: HostThread, seat: int) -> list[Update]:
    """Every update the host sent this seat (HostThread's host records its frames)."""
    frames_sent = list(far.host.sent_log.get(seat, []))
    messages = [decode(frame[4:]) for frame in frames_sent]
    return [m for m in messages if isinstance(m, Update)]


def play_a_round_then_lose_the_host(app, far: HostThread, leave: bool):
    """Sit down, play until a round has ended and the next is dealt, then the host vanishes; the guest
    leaves from "reconnecting…" (`leave`) or gives up. Returns the table and its last message."""
    from ui.scenes.lan import MessageScene
    from ui.scenes.results import RoundResultScene

    table = sit_down(app, far.host.port)
    remote = table.remote
    if not leave:
        remote.session.patience = 1.0  # gives up after a second of comebacks that fail
    run_until(app, lambda: isinstance(app.stack.top, RoundResultScene), 180)  # a round has ended (a bound)
    ended = remote.view.round_no
    end = time.monotonic() + 120
    while not (  # back at the table (Enter on a result), a later round in play
        app.stack.top is table
        and remote.view.round_no > ended
        and remote.view.phase not in ("round-over", "match-over")
    ):
        assert time.monotonic() < end, (
            "the table never got to a later round",
            type(app.stack.top).__name__,
            remote.view.round_no,
            remote.view.phase,
            far.host.game.phase,
            far.host.game.totals.rounds,
        )
        if isinstance(app.stack.top, RoundResultScene):
            press(app, pygame.K_RETURN)
        frames(app, 3)
        time.sleep(0.005)
    vanish(far)
    if leave:
        run_until(app, lambda: remote.reconnecting is not None and table.leave_button.visible, 45)
        press_button(app, table.leave_button)
    run_until(app, lambda: isinstance(app.stack.top, MessageScene), 45)
    return table, app.stack.top.text


@pytest.mark.parametrize("leave", [True, False], ids=["leave-now", "gives-up"])
def test_a_guest_keeps_what_it_was_shown_of_a_vanished_hosts_match(tmp_path, monkeypatch, leave):
    monkeypatch.setenv("DOBON_TABLE_HOME", str(tmp_path))
    far = HostThread(**QUICK)
    far.host.record = True
    app = make_app()
    try:
        table, text = play_a_round_then_lose_the_host(app, far, leave)
        started = far.host.history_started
        view = table.remote.view
    finally:
        app.close()
        far.close()
    assert text.split("\n")[-1] == tr("lan.seen_kept")
    found = history.listing(tmp_path / "history")
    assert found.problems == [] and len(found.entries) == 1
    item = found.entries[0]
    assert item.seen and item.lan and item.me == view.seat and item.preset == "app"
    assert item.started == started  # dated from the match's start, as the host's own record
    assert item.matches == 0 and item.rounds >= 1
    assert item.seats == ["human", "normal"] and item.names[view.seat] == "Player"
    assert [s.to_json() for s in item.standings] == [s.to_json() for s in view.standings]
    assert item.ranks == list(seen.places("app", view.standings))
    record = seen.load(item.path)
    assert len(record.rounds_ended) == item.rounds
    # nothing in it the host did not send this very seat, update for update, in order
    sent = sent_updates(far, view.seat)
    assert len(record.steps) <= len(sent)
    lines = item.path.read_text(encoding="utf-8").splitlines()[1:]
    for line, update in zip(lines, sent, strict=False):
        data = json.loads(line)
        assert (data["seq"], data["events"], data["view"]) == (update.seq, update.events, update.view)
    assert all(step.view.seat == view.seat for step in record.steps)
    header = json.loads(item.path.read_text(encoding="utf-8").splitlines()[0])
    assert "seed" not in header  # no deal to come is told by it
    # not counted in the statistics (there is no log to count from), nor said to be damaged: said apart
    counted = stats.compute(tmp_path / "history")
    assert counted.skipped == [] and counted.games == 0 and counted.seen == 1


def test_a_guest_whose_match_ends_keeps_the_hosts_log_and_no_view_only_record(tmp_path, monkeypatch):
    monkeypatch.setenv("DOBON_TABLE_HOME", str(tmp_path))
    far = HostThread(**{**QUICK, "rounds": 1})
    app = make_app()
    try:
        table = sit_down(app, far.host.port)
        run_until(app, lambda: table.remote.finished is not None, 60)
        run_until(app, lambda: bool(history.listing(tmp_path / "history").entries), 10)
        frames(app, 5)
    finally:
        app.close()
        far.close()
    entries = history.listing(tmp_path / "history").entries
    assert len(entries) == 1 and not entries[0].seen


@pytest.mark.parametrize("language", ["en", "ja"])
def test_the_history_lists_opens_and_replays_a_view_only_record(tmp_path, monkeypatch, language):
    from ui.scenes.history import HistoryScene, RecordScene
    from ui.scenes.replay import ReplayScene
    from ui.scenes.title import TitleScene
    from ui.table.replaying import SeenSource

    monkeypatch.setenv("DOBON_TABLE_HOME", str(tmp_path))
    far = HostThread(**QUICK)
    app = make_app(size=(800, 600), language=language)
    try:
        play_a_round_then_lose_the_host(app, far, leave=True)
        app.stack.clear_to(TitleScene(app))
        frames(app, 2)
        press_button(app, app.stack.top.items["history"])
        scene = app.stack.top
        assert isinstance(scene, HistoryScene) and len(scene.entries) == 1
        assert scene.entries[0].seen
        press_button(app, scene.list.item_list_container.elements[0])
        frames(app, 2)
        opened = app.stack.top
        assert isinstance(opened, RecordScene) and opened.error is None
        assert len(opened.rounds) == opened.item.rounds >= 1
        assert not opened.review_button.is_enabled and not opened.again.is_enabled
        assert not opened.level_menu.is_enabled
        assert opened.replay.is_enabled
        assert tr("history.seen_note") in opened.review_list.html_text
        press_button(app, opened.replay)
        frames(app, 2)
        replay = app.stack.top
        assert isinstance(replay, ReplayScene) and isinstance(replay.source, SeenSource)
        assert replay.seen and replay.position == 1 and replay.length == len(replay.log.actions)
        assert not replay.buttons["every_hand"].is_enabled  # no other hand was ever shown
        press_button(app, replay.buttons["forward"])
        frames(app, 3)
        assert replay.position == 2
        press_button(app, replay.buttons["round_end"])
        frames(app, 3)
        assert any(isinstance(e, RoundEnded) for e in replay.log.actions[replay.position - 1].events)
        press_button(app, replay.buttons["back"])
        frames(app, 3)
        assert replay.source.view == replay.log.actions[replay.position - 1].view
    finally:
        app.close()
        far.close()


def test_a_damaged_view_only_record_is_set_aside_with_a_notice(tmp_path, monkeypatch):
    from ui.scenes.history import RecordScene

    monkeypatch.setenv("DOBON_TABLE_HOME", str(tmp_path))
    far = HostThread(**QUICK)
    app = make_app()
    try:
        play_a_round_then_lose_the_host(app, far, leave=True)
        item = history.listing(tmp_path / "history").entries[0]
        lines = item.path.read_text(encoding="utf-8").splitlines()
        lines[2] = '{"seq": 3, "events": [], "view": {"seat": "everyone"}}'  # a line that is no view
        item.path.write_text("\n".join(lines) + "\n", encoding="utf-8")
        with pytest.raises(history.RecordError) as raised:
            seen.load(item.path)
        assert raised.value.problem.why == "refused" and raised.value.problem.params["line"] == "3"
        app.stack.push(RecordScene(app, history.listing(tmp_path / "history").entries[0]))
        frames(app, 2)
        opened = app.stack.top
        assert opened.error is not None and not opened.replay.is_enabled
        assert item.path.name in opened.round_list.item_list[0]["text"]
        # a header that is not a record's: the file is named under the list, as any other
        item.path.write_text("{not json\n", encoding="utf-8")
        assert [p.file for p in history.listing(tmp_path / "history").problems] == [item.path.name]
    finally:
        app.close()
        far.close()


def test_a_seen_log_keeps_nothing_before_an_update_and_says_why(tmp_path):
    log = seen.SeenLog()
    with pytest.raises(ValueError, match="no update"):
        log.keep(seats=["human"], names=["A"], me=0, started=history.now_stamp(), folder=tmp_path)
    assert not list(tmp_path.iterdir())


def seat_zero_saw(folder, actions: int = 6):
    """A view-only record made the way a guest makes one, from a local game's updates to seat 0."""
    from game.actions import REFEREE
    from game.engine import Game
    from game.rules import make_rules

    game = Game(make_rules("app", 2, {}), 5)
    log = seen.SeenLog()
    handed = 0
    for _ in range(actions + 1):
        events = [e.for_seat(0).to_json() for e in game.events[handed:]]
        handed = len(game.events)
        log.add(len(game.actions), events, game.view(0).to_json())
        movers = [s for s in (*range(game.n), REFEREE) if game.legal_actions(s)]
        if not movers:
            break
        game.apply(game.legal_actions(movers[0])[0])
    started = history.now_stamp()
    return log.keep(seats=["human", "normal"], names=["Aoi", "AI 2"], me=0, started=started, folder=folder)


def test_main_replay_reads_a_view_only_record_and_refuses_a_damaged_one_in_one_line(tmp_path):
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    path = seat_zero_saw(tmp_path)
    run = [sys.executable, str(root / "main.py"), "replay", str(path), "--json"]
    done = subprocess.run(run, capture_output=True, text=True, timeout=60, cwd=root)
    assert done.returncode == 0, done.stderr
    summary = json.loads(done.stdout)
    assert summary["seen"] and summary["me"] == 0 and summary["updates"] == len(seen.load(path).steps) > 1
    lines = path.read_text(encoding="utf-8").splitlines()
    lines[2] = '{"seq": 1, "events": 5, "view": {}}'
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    done = subprocess.run(run, capture_output=True, text=True, timeout=60, cwd=root)
    assert done.returncode == 2 and "line 3" in done.stderr and "Traceback" not in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1


def test_a_desktop_watcher_keeps_what_it_watched_of_a_vanished_hosts_match_as_nobodys(tmp_path, monkeypatch):
    from test_lan_watch_table import watch

    from ui.scenes.lan import MessageScene
    from ui.scenes.replay import ReplayScene

    monkeypatch.setenv("DOBON_TABLE_HOME", str(tmp_path))
    far = HostThread(min_people=0, players=3, rounds=3, timing=Timing(150, 80, 200), lobby_seconds=0.3)
    app = make_app()
    try:
        table = watch(app, far.host.port)
        table.remote.session.patience = 1.0
        run_until(app, lambda: table.remote.seen.steps >= 3, 20)
        vanish(far)
        run_until(app, lambda: isinstance(app.stack.top, MessageScene), 30)
        text = app.stack.top.text
        (item,) = history.listing(tmp_path / "history").entries
        replay = ReplayScene(app, item.path)  # the watcher's table again, as it watched it
        app.stack.push(replay)
        frames(app, 2)
        press_button(app, replay.buttons["forward"])
        frames(app, 3)
        assert replay.position == 2 and replay.source.viewer == 3 and replay.board.watching
    finally:
        app.close()
        far.close()
    assert text.split("\n")[-1] == tr("lan.seen_kept")
    assert item.seen and item.me is None and item.seats == ["normal"] * 3  # nobody's: not in any statistics
    record = seen.load(item.path)
    assert all(step.view.seat == 3 and not step.view.hand for step in record.steps)  # a watcher's: no hand


def test_a_draw_still_shown_when_the_view_has_moved_on_to_an_empty_hand_lands_without_an_error():
    """At a busy LAN table (or in a view-only replay) the events of a draw can still be queued when the
    view that came with later ones holds no card of that seat any more (the round over): the board
    used to index the empty hand's slots and stop the table with an IndexError."""
    from game.engine import Game
    from game.events import Drew
    from game.rules import make_rules
    from game.view import SeatView
    from ui.table.board import Board
    from ui.table.replaying import SeenSource

    app = make_app()
    try:
        game = Game(make_rules("app", 2, {}), 5)
        data = game.view(0).to_json()
        card = game.hands[0][0]
        data["hand"] = []  # the view has moved on: the round is over, the hand gone
        step = seen.Step(1, [], SeatView.from_json(data))
        source = SeenSource([step], 1)
        board = Board(source, 0, ["a", "b"], lambda: 1.0)
        board.set_size(1280, 720)
        board.finish_all()
        board.feed([Drew(seat=0, count=1, cards=(card,), penalty=False, pile="stock")])
        for _ in range(120):
            board.update(1 / 30)
        board.draw(pygame.Surface((1280, 720)))
        assert board.still
    finally:
        app.close()
