"""A New match after a match's end at a solo table is a History row of its own (issue 30, point 8): the
first match's row keeps its rounds and place, the new match's row counts from its first deal, and
Statistics counts as many matches as the rows show; a match resumed from the save goes on writing the
new match's record."""

from __future__ import annotations

from uikit import frames, play_for_person, press_button

from game import stats
from game.history import listing
from ui.scenes.history import RecordScene, entry_line
from ui.scenes.results import MatchResultScene, RoundResultScene
from ui.scenes.table import TableScene
from ui.settings import load_match
from ui.table.setup import GameSetup, SeatSpec, restore


def to_result(app) -> RoundResultScene:
    play_for_person(app, lambda: isinstance(app.stack.top, RoundResultScene))
    frames(app, 1)
    return app.stack.top


def test_a_new_match_after_one_ended_is_a_history_row_of_its_own(app):
    seats = [SeatSpec("human", "basic", ""), *(SeatSpec("ai", "basic", "") for _ in range(3))]
    setup = GameSetup("app", 4, {"starting_points": 1}, seats, 11).complete()  # any payment ends it
    table = TableScene(app, setup)
    app.stack.push(table)
    result = to_result(app)
    assert result.match_over
    press_button(app, result.next)
    assert isinstance(app.stack.top, MatchResultScene)
    (first,) = listing().entries
    assert (first.rounds, first.matches) == (1, 1)
    frames(app, 1)
    press_button(app, app.stack.top.again)  # New match
    to_result(app)
    entries = listing().entries
    assert len(entries) == 2
    new, old = entries  # newest first
    assert old.path == first.path and (old.rounds, old.matches) == (1, 1)
    assert new.path != first.path and (new.rounds, new.since_rounds, new.since_matches) == (1, 1, 1)
    assert new.deltas == list(table.game.result.deltas)  # this match's one round, not the game's two
    assert "   1 round   " in entry_line(new) and "matches" not in entry_line(new)
    counted = stats.compute().presets["app"]
    ended = sum(e.matches for e in entries)
    assert counted.matches == ended and counted.rounds == sum(e.rounds for e in entries) == 2
    # each row opens on its own rounds, numbered from its first
    old_rounds, new_rounds = RecordScene(app, old).rounds, RecordScene(app, new).rounds
    assert len(old_rounds) == len(new_rounds) == 1 and new_rounds[0].startswith("1. ")
    assert new_rounds[0].endswith(f"you {table.game.result.deltas[0]:+d}")
    # its round's deal again is this match's first deal, not the game's first
    opened = RecordScene(app, new)
    app.stack.push(opened)
    frames(app, 2)
    press_button(app, opened.round_list.item_list_container.elements[0])
    frames(app, 1)
    assert opened.round_index == 2 and "round 1" in opened.again.text
    app.stack.pop()
    # the match save carries the new record: a resumed table goes on writing it, not the first one
    resumed_setup, game = restore(load_match()[0])
    assert resumed_setup.started == new.started and resumed_setup.since is not None
    recorder = resumed_setup.recorder()
    assert recorder.saved(game) == new.path
    assert [e.path for e in listing().entries] == [new.path, old.path]
