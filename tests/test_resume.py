"""Saving and resuming a solo match through the real title and table scenes (issue 12, items 1-4).

Each test saves a match at one point of play, opens the title as a player would, clicks Continue, and
plays on until the next round's result screen, whose Next button must work.
"""

from __future__ import annotations

import json

import pytest
import uikit
from uikit import frames, play_for_person, press_button

from game import Phase
from game.actions import REFEREE
from game.events import RoundDealt
from game.seats import make_seat
from ui.scenes.confirm import ConfirmScene
from ui.scenes.results import MatchResultScene, RoundResultScene
from ui.scenes.table import TableScene
from ui.scenes.title import TitleScene
from ui.settings import load_match, save_match, save_path
from ui.table.setup import GameSetup, SeatSpec, save_data


@pytest.fixture
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("DOBON_TABLE_HOME", str(tmp_path))
    application = uikit.make_app()
    yield application
    application.close()


def setup_for(preset: str, players: int = 3, options=None) -> GameSetup:
    seats = [SeatSpec("human", "basic", ""), *[SeatSpec("ai", "basic", "") for _ in range(players - 1)]]
    return GameSetup(preset, players, dict(options or {}), seats, 21).complete()


def played_until(setup: GameSetup, stop, limit: int = 5000):
    """A game of `setup` played headless by basic seats (the person's too) until `stop(game)`."""
    game = setup.new_game()
    seats = [make_seat("basic", 4, i) for i in range(setup.players)]
    for _ in range(limit):
        if stop(game):
            return game
        seat = game.sync_next()
        if seat == REFEREE:
            action = game.legal_actions(REFEREE)[0]
        else:
            legal = game.sync_actions(seat)
            action = legal[0] if len(legal) == 1 else seats[seat].act(game.view(seat, legal))
        game.apply(action)
    raise AssertionError("never reached the point to save at")


def open_title(app) -> TitleScene:
    title = TitleScene(app)
    app.stack.push(title)
    frames(app, 2)
    return title


def continue_saved(app) -> TableScene:
    title = open_title(app)
    assert "continue" in title.items, "the title offers no Continue for a saved match"
    press_button(app, title.items["continue"])
    table = app.stack.scenes[0]
    assert isinstance(table, TableScene)
    return table


def next_round_from_result(app, table: TableScene) -> None:
    """The round's result screen comes up; its Next button deals the next round."""
    play_for_person(app, lambda: isinstance(app.stack.top, RoundResultScene | MatchResultScene))
    result = app.stack.top
    if isinstance(result, RoundResultScene) and not result.match_over:
        rounds = table.game.round_no
        press_button(app, result.next)
        assert app.stack.top is table
        assert table.game.round_no == rounds + 1 and table.game.phase is not Phase.ROUND_OVER


def dealt(game) -> int:
    return sum(isinstance(e, RoundDealt) for e in game.events)


@pytest.mark.parametrize("preset", ["app", "standard", "jda", "kabu"])
def test_a_match_resumed_mid_round_shows_the_round_result(app, preset):
    setup = setup_for(preset)
    game = played_until(setup, lambda g: g.phase is Phase.TURN and len(g.actions) > 12)
    save_match(save_data(setup, game))
    table = continue_saved(app)
    assert table.game.state_key() == game.state_key()
    next_round_from_result(app, table)


def test_a_match_resumed_in_a_reaction_window_plays_on(app):
    setup = setup_for("app")
    game = played_until(setup, lambda g: g.window is not None and len(g.actions) > 6)
    save_match(save_data(setup, game))
    table = continue_saved(app)
    assert table.game.window is not None
    next_round_from_result(app, table)


@pytest.mark.parametrize("preset", ["app", "standard", "jda", "kabu"])
def test_a_match_saved_at_a_rounds_end_reopens_on_its_result(app, preset):
    setup = setup_for(preset)
    game = played_until(setup, lambda g: g.phase is Phase.ROUND_OVER and g.round_no == 2)
    save_match(save_data(setup, game))
    table = continue_saved(app)
    frames(app, 30, 0.1)
    result = app.stack.top
    assert isinstance(result, RoundResultScene) and result.round_no == 2
    press_button(app, result.next)
    assert table.game.round_no == 3 and table.game.phase is not Phase.ROUND_OVER
    next_round_from_result(app, table)  # and the round after that ends properly too


def test_a_jda_match_resumed_in_a_dobon_gaeshi_window_plays_on(app):
    """jda (issue 15): saved while a dobon waits for its gaeshi, it reopens in that window, the gaeshi
    panel up, and plays on to the game's result and the next game."""
    setup = setup_for("jda")
    game = played_until(setup, lambda g: g.window is not None and g.round_no >= 2)
    save_match(save_data(setup, game))
    table = continue_saved(app)
    assert table.game.window is not None and table.game.state_key() == game.state_key()
    frames(app, 2)
    assert "panel" in table.board.regions  # the gaeshi panel: its top card and clock
    next_round_from_result(app, table)


def test_a_kabu_match_resumed_while_trumps_are_put_out_plays_on(app):
    """kabu (issue 16): saved after a dobon, while a declarer is to put out trumps (or a window on the
    trumps is open), it reopens there, revealed hands and trump piles as they were, and plays on to the
    match's result (its settlement step by step) and the next match."""
    setup = setup_for("kabu", players=4)
    game = played_until(setup, lambda g: g.ext.stage == "trump" and g.round_no >= 1)
    save_match(save_data(setup, game))
    table = continue_saved(app)
    assert table.game.state_key() == game.state_key() and table.game.ext.stage == "trump"
    assert table.source.view.revealed  # the dobon's hands are face up
    frames(app, 2)
    play_for_person(app, lambda: isinstance(app.stack.top, RoundResultScene))
    assert app.stack.top.settlement
    press_button(app, app.stack.top.next)
    assert table.game.phase is not Phase.ROUND_OVER
    next_round_from_result(app, table)


def test_a_match_saved_at_its_end_reopens_on_the_standings(app):
    setup = setup_for("standard", options={"rounds_per_match": 2})
    game = played_until(setup, lambda g: g.phase is Phase.MATCH_OVER)
    save_match(save_data(setup, game))
    table = continue_saved(app)
    play_for_person(app, lambda: isinstance(app.stack.top, RoundResultScene))
    press_button(app, app.stack.top.next)
    match = app.stack.top
    assert isinstance(match, MatchResultScene)
    press_button(app, match.again)
    assert table.game.match_no == 2 and table.game.round_no == 1
    next_round_from_result(app, table)


def test_leaving_the_final_standings_for_the_title_drops_the_save(app):
    setup = setup_for("standard", options={"rounds_per_match": 1})
    game = played_until(setup, lambda g: g.phase is Phase.MATCH_OVER)
    save_match(save_data(setup, game))
    continue_saved(app)
    play_for_person(app, lambda: isinstance(app.stack.top, RoundResultScene))
    press_button(app, app.stack.top.next)
    press_button(app, app.stack.top.title)
    assert isinstance(app.stack.top, TitleScene) and "continue" not in app.stack.top.items
    assert load_match() == (None, None)


def test_a_match_resumed_after_the_auction_plays_on(app):
    setup = setup_for("standard")
    game = played_until(setup, lambda g: g.phase is Phase.TURN and len(g.actions) > 3)
    assert any(type(e).__name__ == "AuctionWon" for e in game.events)
    save_match(save_data(setup, game))
    table = continue_saved(app)
    next_round_from_result(app, table)


def test_save_and_quit_offers_continue_at_the_very_position(app):
    # a first match: the title had no save when it was made
    title = open_title(app)
    assert "continue" not in title.items
    table = TableScene(app, setup_for("app"))
    app.stack.replace(table)
    play_for_person(app, lambda: len(table.game.actions) >= 5 and table.accepts_input)
    position = table.game.state_key()
    from ui.scenes.menu import PauseMenu

    app.stack.push(PauseMenu(app, table))
    frames(app, 1)
    press_button(app, app.stack.top.items["save_quit"])
    title = app.stack.top
    assert isinstance(title, TitleScene) and "continue" in title.items
    press_button(app, title.items["continue"])
    assert app.stack.scenes[0].game.state_key() == position


def test_save_and_quit_replaces_an_older_save(app):
    older = played_until(setup_for("app"), lambda g: len(g.actions) >= 3)
    save_match(save_data(setup_for("app"), older))
    table = continue_saved(app)
    play_for_person(app, lambda: len(table.game.actions) >= 12 and table.accepts_input)
    position = table.game.state_key()
    from ui.scenes.menu import PauseMenu

    app.stack.push(PauseMenu(app, table))
    frames(app, 1)
    press_button(app, app.stack.top.items["save_quit"])
    press_button(app, app.stack.top.items["continue"])
    assert app.stack.scenes[0].game.state_key() == position != older.state_key()


def new_game_start(app):
    from ui.scenes.new_game import NewGameScene

    title = open_title(app)
    press_button(app, title.items["solo"])
    scene = app.stack.top
    assert isinstance(scene, NewGameScene)
    press_button(app, scene.start)
    return scene


def test_a_new_game_asks_before_replacing_the_saved_match(app):
    older = played_until(setup_for("app"), lambda g: len(g.actions) >= 3)
    save_match(save_data(setup_for("app"), older))
    new_game_start(app)
    question = app.stack.top
    assert isinstance(question, ConfirmScene)
    press_button(app, question.no)  # keep it: nothing was replaced
    assert json.loads(save_path().read_text())["actions"] == [a.to_json() for a in older.actions]
    press_button(app, app.stack.top.start)
    press_button(app, app.stack.top.yes)
    table = app.stack.top
    assert isinstance(table, TableScene) and len(table.game.actions) == 0


def test_a_new_game_without_a_saved_match_starts_at_once(app):
    new_game_start(app)
    assert isinstance(app.stack.top, TableScene)


def test_a_save_that_does_not_replay_is_set_aside_with_a_notice(app):
    setup = setup_for("app")
    data = save_data(setup, setup.new_game())
    data["actions"] = [{"seat": 0, "act": None}]  # "unknown action None"
    save_match(data)
    title = open_title(app)
    assert "continue" not in title.items
    assert not save_path().exists() and save_path().with_suffix(".json.broken").exists()
    frames(app, 1)
    assert title.notice and "set aside" in title.notice
    # and the next launch is clean: no Continue, no notice
    app.stack.pop()
    title = open_title(app)
    assert "continue" not in title.items and not app.notices and title.notice is None


def clock_seconds(table: TableScene) -> int:
    """The match clock in the corner ("Match time 0:41") as seconds."""
    text = table.board.match_clock
    assert text is not None and text.startswith("Match time "), text
    minutes, seconds = text.removeprefix("Match time ").split(":")
    return int(minutes) * 60 + int(seconds)


def test_a_match_played_to_a_time_resumes_with_the_time_it_had_left(app):
    """JD20: Save and quit keeps how long the match's clock had run, and Continue goes on from there
    (it used to start again from the full limit)."""
    from ui.scenes.menu import PauseMenu

    setup = setup_for("jda", options={"games": 0, "time_limit_min": 1, "min_games": 3})
    table = TableScene(app, setup)
    app.stack.replace(table)
    for _ in range(400):  # play until about twenty seconds of the minute have run (bounded)
        frames(app, 1, 0.25)
        if app.stack.top is not table or clock_seconds(table) <= 40:
            break
    assert app.stack.top is table and not table.game.time_up
    before = clock_seconds(table)
    assert before <= 40
    app.stack.push(PauseMenu(app, table))
    frames(app, 1)
    press_button(app, app.stack.top.items["save_quit"])
    saved = json.loads(save_path().read_text())
    assert (59 - before) * 1000 <= saved["match_elapsed_ms"] <= (61 - before) * 1000
    title = app.stack.top
    press_button(app, title.items["continue"])
    resumed = app.stack.scenes[0]
    frames(app, 2, 0.01)
    assert before - 1 <= clock_seconds(resumed) <= before


@pytest.mark.parametrize("bad", ["soon", -5, 1e300, True, None, {"ms": 5}])
def test_a_saved_match_clock_that_makes_no_sense_opens_with_the_full_time(app, bad):
    """A damaged clock in a save loses nothing else: the match opens, with its whole time. (NaN or
    1e999 are not JSON numbers: such a file is refused whole by game.safejson, and set aside.)"""
    setup = setup_for("jda", options={"games": 0, "time_limit_min": 1, "min_games": 3})
    data = save_data(setup, setup.new_game())
    data["match_elapsed_ms"] = bad
    save_path().parent.mkdir(parents=True, exist_ok=True)
    save_path().write_text(json.dumps(data))
    table = continue_saved(app)
    frames(app, 2, 0.01)
    assert clock_seconds(table) == 60
