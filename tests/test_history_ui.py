"""The desktop side of the history (issue 18): a round finished at the table is kept, the History screen
lists and filters the kept games and names the files it skipped, a review runs in the background and
lists its findings, "Play this deal again" deals the same cards, and Statistics shows the figures."""

from __future__ import annotations

import time

import pytest
import uikit
from uikit import frames, make_app, play_for_person, press_button

from game import Game, make_rules
from game.headless import play
from game.history import listing, record
from game.seats import make_seat
from ui.scenes.history import HistoryScene, RecordScene
from ui.scenes.results import RoundResultScene
from ui.scenes.stats import StatsScene
from ui.scenes.table import TableScene
from ui.scenes.title import TitleScene
from ui.settings import load_match
from ui.table.setup import GameSetup, SeatSpec, restore


@pytest.fixture
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("DOBON_TABLE_HOME", str(tmp_path))
    application = make_app((1280, 720))
    yield application
    application.close()


def kept(preset: str, seed: int, started: str, levels=("normal", "normal", "normal"), rounds: int = 2):
    """A record of a game played by basic seats, with seat 0 kept as the person's."""
    game = Game(make_rules(preset, 4, {}), seed)
    play(game, [make_seat("basic", seed, s) for s in range(4)], rounds)
    return record(game, ["human", *levels], 0, started, names=["", "Aoi", "Ren", "Hana"])


def wait_for(app, until, limit: float = 60.0) -> None:
    end = time.monotonic() + limit
    while not until():
        assert time.monotonic() < end, "the screen never got there"
        frames(app, 1)
        time.sleep(0.01)


def open_history(app) -> HistoryScene:
    app.stack.push(TitleScene(app))
    frames(app, 2)
    press_button(app, app.stack.top.items["history"])
    assert isinstance(app.stack.top, HistoryScene)
    return app.stack.top


def test_a_round_played_at_the_table_is_kept_and_a_resumed_match_writes_the_same_record(app):
    seats = [SeatSpec("human", "basic", ""), *(SeatSpec("ai", "basic", "") for _ in range(3))]
    setup = GameSetup("app", 4, {}, seats, 11).complete()
    app.stack.push(TableScene(app, setup))
    play_for_person(app, lambda: isinstance(app.stack.top, RoundResultScene))
    found = listing()
    assert len(found.entries) == 1 and found.problems == []
    item = found.entries[0]
    assert item.preset == "app" and item.me == 0 and item.seats == ["human", "basic", "basic", "basic"]
    assert item.rounds == 1
    # the match save carries the record's start time: the resumed match goes on writing its record
    resumed_setup, game = restore(load_match()[0])
    assert resumed_setup.started == item.started
    app.stack.clear_to(TableScene(app, resumed_setup, game))
    press_button(app, _next_round_button(app))
    play_for_person(app, lambda: isinstance(app.stack.top, RoundResultScene) and _rounds_played(app) == 2)
    again = listing()
    assert [e.path for e in again.entries] == [item.path] and again.entries[0].rounds == 2


def _next_round_button(app):
    """The resumed match shows the finished round's result again: its Next button."""
    frames(app, 3)
    top = app.stack.top
    assert isinstance(top, RoundResultScene)
    return top.next


def _rounds_played(app) -> int:
    return app.stack.top.table.game.round_no
