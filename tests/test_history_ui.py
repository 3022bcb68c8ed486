"""The desktop side of the history (issue 18): a round finished at the table is kept, the History screen
lists and filters the kept games and names the files it skipped, a review runs in the background and
lists its findings, "Play this deal again" deals the same cards, and Statistics shows the figures."""

from __future__ import annotations

import re
import time

import pytest
from pygame_gui.core.utility import translate
from uikit import frames, make_app, pick, play_for_person, press_button

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


def test_history_lists_newest_first_filters_by_preset_and_names_a_corrupt_file(app, tmp_path):
    kept("app", 3, "20260101T100000000000Z")
    kept("standard", 4, "20260102T100000000000Z")
    folder = tmp_path / "history"
    (folder / "broken.jsonl").write_text("{not json\n", encoding="utf-8")
    scene = open_history(app)
    assert [e.preset for e in scene.entries] == ["standard", "app"]  # newest first
    assert len(scene.list.item_list) == 2
    assert "broken.jsonl" in scene.problem_box.html_text and "not JSON" in scene.problem_box.html_text
    pick(app, scene.filter, "Classic")
    assert [e.preset for e in scene.entries] == ["app"] and len(scene.list.item_list) == 1
    pick(app, scene.filter, "All")
    assert len(scene.list.item_list) == 2


def test_opening_a_game_shows_its_rounds_and_its_review_runs_in_the_background(app):
    kept("app", 3, "20260101T100000000000Z", rounds=2)
    scene = open_history(app)
    press_button(app, scene.list.item_list_container.elements[0])
    frames(app, 2)
    opened = app.stack.top
    assert isinstance(opened, RecordScene)
    assert len(opened.rounds) == 2 and opened.rounds[0].startswith("1. ")
    opened.review_work = 400  # a light budget: the test is about the screen, not the review
    press_button(app, opened.review_button)
    assert opened.job is not None and opened.animating  # the frame loop goes on while it runs
    frames(app, 1)
    wait_for(app, lambda: opened.job is None)
    assert opened.review is not None and opened.error is None
    text = opened.review_list.html_text
    assert " decisions (" in text and "Your result" in text and "the rest" in text  # the summary
    # kept with the log: the list shows it as reviewed, and it opens with the review shown
    press_button(app, opened.back)
    assert "reviewed" in scene.list.item_list[0]["text"]
    press_button(app, scene.list.item_list_container.elements[0])
    frames(app, 2)
    assert app.stack.top.review is not None and "Your result" in app.stack.top.review_list.html_text


def test_play_this_deal_again_deals_the_same_cards(app):
    path = kept("app", 3, "20260101T100000000000Z", rounds=2)
    from game.history import load

    _entry, original = load(path)
    scene = open_history(app)
    press_button(app, scene.list.item_list_container.elements[0])
    frames(app, 2)
    opened = app.stack.top
    press_button(app, opened.round_list.item_list_container.elements[1])  # round 2
    frames(app, 1)  # the list says what was picked a frame after the click
    assert opened.round_index == 2
    press_button(app, opened.again)
    frames(app, 2)
    table = app.stack.top
    assert isinstance(table, TableScene)
    dealt = table.game
    second = _second_deal(original)
    assert dealt.round_no == second["round_no"]
    assert [sorted(c.code for c in hand) for hand in dealt.hands] == second["hands"]
    assert [s.level for s in table.setup.seats[1:]] == ["normal", "normal", "normal"]
    assert table.setup.seats[0].kind == "human"


def _second_deal(game: Game) -> dict:
    """The hands as round 2 of a record was dealt (replayed from its actions)."""
    again = Game(game.rules, game.seed)
    for action in game.actions:
        if again.round_no == 2:
            break  # the second deal, before anyone acted in it
        again.apply(action)
    return {"round_no": again.round_no, "hands": [sorted(c.code for c in hand) for hand in again.hands]}


def test_statistics_show_the_figures_per_preset_and_level(app):
    kept("app", 3, "20260101T100000000000Z", rounds=3)
    kept("app", 5, "20260102T100000000000Z", levels=("hard", "normal", "normal"), rounds=2)
    scene = open_history(app)
    press_button(app, scene.stats)
    stats = app.stack.top
    assert isinstance(stats, StatsScene)
    wait_for(app, lambda: stats.figures is not None)
    rows = stats.rows()
    assert rows[0][:2] == ["(all)", "5"]  # five rounds against every level
    faced = {row[0]: row for row in rows[1:]}
    assert faced["Normal"][1] == "3" and faced["Hard + Normal"][1] == "2"
    assert len(stats.figures.totals["app"]) == 3  # the chart: from 0, then after each game
    frames(app, 2)


def test_statistics_of_jda_and_kabu_are_in_their_own_terms_not_points(app):
    from ui.scenes.stats import columns

    kept("jda", 3, "20260101T100000000000Z", rounds=3)
    kept("jda", 4, "20260102T100000000000Z", rounds=2)
    kept("kabu", 5, "20260103T100000000000Z", rounds=3)
    scene = open_history(app)
    press_button(app, scene.stats)
    stats = app.stack.top
    wait_for(app, lambda: stats.figures is not None)
    pick(app, stats.filter, "JDA official")
    assert stats.preset == "jda"
    heads = columns("jda")
    assert heads[1] == "Games" and "Laps/game" in heads and "Avg deal" in heads and "Pts/round" not in heads
    row = dict(zip(heads, stats.rows()[0], strict=True))
    assert row["Games"] == "5" and float(row["Avg deal"]) >= 4  # a deal is never smaller than four
    assert stats.figures.parts["jda"] == "lap" and len(stats.figures.totals["jda"]) == 2  # a lap a game
    item = next(e for e in listing().entries if e.preset == "jda")  # its rounds: a standing, not points
    lines = RecordScene(app, item).rounds
    assert lines and all(
        " · deal " in line and re.match(r"you \d+ laps? · deal ", line.split("   ")[-1]) for line in lines
    )
    heads = columns("kabu")
    assert heads[1] == "Matches" and heads[3] == "Games" and "Laps/match" in heads and "Avg extra" in heads
    assert "Pts/round" in columns("app") and "Best" in columns("standard")  # points where a preset scores
    frames(app, 2)


def test_the_replay_viewer_steps_jumps_and_shows_every_hand(app):
    from ui.scenes.replay import ReplayScene

    path = kept("app", 8, "20260101T100000000000Z", rounds=3)
    scene = open_history(app)
    press_button(app, scene.list.item_list_container.elements[0])
    frames(app, 2)
    press_button(app, app.stack.top.replay)
    viewer = app.stack.top
    assert isinstance(viewer, ReplayScene) and viewer.position == 0
    press_button(app, viewer.buttons["forward"])
    at_one = viewer.source.game.state_key()
    press_button(app, viewer.buttons["forward"])
    assert viewer.position == 2 and viewer.source.game.state_key() != at_one
    press_button(app, viewer.buttons["back"])
    assert viewer.position == 1 and viewer.source.game.state_key() == at_one  # back is the same state
    for _ in range(5):
        press_button(app, viewer.buttons["forward"])
    at_six = viewer.source.game.state_key()
    for _ in range(5):
        press_button(app, viewer.buttons["back"])
    assert viewer.source.game.state_key() == at_one
    for _ in range(5):
        press_button(app, viewer.buttons["forward"])
    assert viewer.position == 6 and viewer.source.game.state_key() == at_six
    for _ in range(5):
        press_button(app, viewer.buttons["back"])
    press_button(app, viewer.buttons["round_end"])
    game = viewer.source.game
    assert game.phase.value in ("round-over", "match-over") and viewer.position < len(viewer.actions)
    # your own view: only your hand face up; every hand: the others' too
    assert viewer.board.shown.revealed == dict(viewer.source.view.revealed)
    press_button(app, viewer.buttons["every_hand"])
    hands = {s: tuple(h) for s, h in enumerate(game.hands) if s != viewer.viewer and h}
    assert viewer.board.shown.revealed == hands
    press_button(app, viewer.buttons["play"])
    assert viewer.playing
    start = viewer.position
    wait_for(app, lambda: viewer.position >= start + 2, limit=20)
    press_button(app, viewer.buttons["play"])
    assert not viewer.playing
    press_button(app, viewer.buttons["close"])
    assert isinstance(app.stack.top, RecordScene) and path.exists()


def test_main_replay_without_a_screen_prints_the_summary_and_says_why(tmp_path):
    import os
    import subprocess
    import sys
    from pathlib import Path

    path = record(_played(), ["human", "normal", "normal", "normal"], 0, "s1", folder=tmp_path)
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER")}
    root = Path(__file__).resolve().parents[1]
    done = subprocess.run(
        [sys.executable, "main.py", "replay", str(path)], cwd=root, env=env, capture_output=True, text=True
    )
    assert done.returncode == 0
    assert "No display found" in done.stderr and "2 rounds" in done.stdout


def _played() -> Game:
    game = Game(make_rules("app", 4, {}), 2)
    play(game, [make_seat("basic", 2, s) for s in range(4)], 2)
    return game


def test_a_saved_review_in_a_shape_not_understood_is_said_and_a_new_one_can_be_made(app):
    from game.history import save_review

    path = kept("app", 3, "20260101T100000000000Z", rounds=1)
    save_review(path, 0, {"decisions": "junk", "worst": 5})
    scene = open_history(app)
    press_button(app, scene.list.item_list_container.elements[0])
    frames(app, 2)
    opened = app.stack.top
    assert "cannot be read" in opened.review_list.html_text
    assert opened.review_button.is_enabled


def test_a_lan_table_hosted_from_the_desktop_keeps_its_game_with_the_host_as_me(app):
    from ui.scenes.lan import HostScene

    host_scene = HostScene(app)
    app.stack.push(host_scene)
    frames(app, 1)
    host_scene.announce = False  # no multicast from tests
    host_scene.open_table(port=0)
    lobby = app.stack.top
    wait_for(app, lambda: lobby.remote.lobby is not None, limit=10)
    lobby.session.start_now()
    wait_for(app, lambda: isinstance(app.stack.top, TableScene), limit=10)
    session = app.stack.top.remote.session
    try:
        recorder = session.host.recorder
        assert recorder is not None and recorder.me == 0 and recorder.lan
        assert recorder.seats[0] == "human" and recorder.folder is None  # the data folder's history
    finally:
        session.close()


def test_a_history_folder_that_cannot_be_written_is_said_and_the_round_goes_on(app, tmp_path):
    (tmp_path / "history").write_text("a file where the folder should be", encoding="utf-8")
    seats = [SeatSpec("human", "basic", ""), *(SeatSpec("ai", "basic", "") for _ in range(3))]
    table = TableScene(app, GameSetup("app", 4, {}, seats, 11).complete())
    app.stack.push(table)
    play_for_person(app, lambda: isinstance(app.stack.top, RoundResultScene))
    assert table.toast is not None and "could not be kept in the history" in table.toast[0]
    assert load_match()[0] is not None  # the match itself is saved as ever


def test_main_replay_under_a_headless_video_driver_prints_the_summary(tmp_path):
    import os
    import subprocess
    import sys
    from pathlib import Path

    path = record(_played(), ["human", "normal", "normal", "normal"], 0, "s1", folder=tmp_path)
    env = dict(os.environ, SDL_VIDEODRIVER="dummy")
    root = Path(__file__).resolve().parents[1]
    done = subprocess.run(
        [sys.executable, "main.py", "replay", str(path)],
        cwd=root,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0 and "2 rounds" in done.stdout


@pytest.mark.parametrize("language, label", [("en", "Statistics"), ("ja", "統計")])
def test_statistics_open_from_the_title_in_either_language(app, language, label):
    kept("app", 3, "20260101T100000000000Z", rounds=2)
    app.set_language(language)
    try:
        app.stack.push(TitleScene(app))
        frames(app, 2)
        title = app.stack.top
        button = title.items["stats"]
        assert translate(button.text) == label
        history_row = title.items["history"].rect
        assert button.rect.top == history_row.top and not button.rect.colliderect(history_row)
        press_button(app, button)
        stats = app.stack.top
        assert isinstance(stats, StatsScene)
        wait_for(app, lambda: stats.figures is not None)
        assert stats.rows()[0][1] == "2"  # the two rounds kept, from the data folder's history
        press_button(app, stats.back)
        assert app.stack.top is title
    finally:
        app.set_language("en")


def test_skipped_files_are_said_in_the_screens_language(app, tmp_path):
    kept("app", 3, "20260101T100000000000Z")
    folder = tmp_path / "history"
    (folder / "broken.jsonl").write_text("{not json\n", encoding="utf-8")
    (folder / "someone.jsonl").write_text('{"name": "a list of cats"}\n', encoding="utf-8")
    app.set_language("ja")
    try:
        scene = open_history(app)
        said = scene.problem_box.html_text
        assert "broken.jsonl: ドボン・テーブルの記録ではありません（1行目が JSON ではありません）" in said
        assert "someone.jsonl: ドボン・テーブルのログではありません" in said
        assert "not JSON" not in said and "not a Dobon Table" not in said
        press_button(app, scene.stats)
        stats = app.stack.top
        wait_for(app, lambda: stats.figures is not None)
        frames(app, 2)
        assert "1行目が JSON ではありません" in stats.skipped.html_text
        assert "not JSON" not in stats.skipped.html_text
    finally:
        app.set_language("en")
    frames(app, 2)  # English again: the same reasons as the command line prints them
    assert "broken.jsonl: not a Dobon Table record (its first line is not JSON)" in stats.skipped.html_text


def test_every_skipped_reason_has_both_languages_and_english_matches_the_command_line():
    from game.history import REASONS, Problem
    from ui.scenes.history import skipped_reason
    from ui.text import setup

    params = {"error": "E", "field": "rounds", "line": "7"}
    for why, text in REASONS.items():
        problem = Problem("f.jsonl", why, **{k: v for k, v in params.items() if "{" + k + "}" in text})
        setup("en")
        assert skipped_reason(problem) == str(problem)
        setup("ja")
        japanese = skipped_reason(problem)
        assert japanese.startswith("f.jsonl: ") and japanese != str(problem) and "why" not in japanese
    setup("en")


def test_each_line_says_its_length_in_the_presets_units_and_your_place_in_its_terms(app):
    import json

    from game.phase import Phase

    kept("app", 3, "20260101T100000000000Z", rounds=1)
    kept("jda", 4, "20260102T100000000000Z", rounds=3)
    old = kept("standard", 5, "20260103T100000000000Z", rounds=2)
    header, *actions = old.read_text(encoding="utf-8").splitlines()
    data = json.loads(header)
    del data["history"]["ranks"], data["history"]["standings"]  # a record kept by an older version
    old.write_text("\n".join([json.dumps(data), *actions]) + "\n", encoding="utf-8")
    game = Game(make_rules("app", 4, {"starting_points": 60}), 6)  # a match to its end, then New match
    players = [make_seat("basic", 6, s) for s in range(4)]
    while game.totals.matches < 2:
        if game.phase is Phase.MATCH_OVER:
            game.new_match()
        play(game, players, 1)
    record(
        game, ["human", "normal", "normal", "normal"], 0, "20260104T100000000000Z", names=["", "A", "B", "C"]
    )
    history = open_history(app)
    lines = {
        e.preset: translate(i["text"]) for e, i in zip(history.entries, history.list.item_list, strict=True)
    }
    app_lines = [translate(i["text"]) for i in history.list.item_list if "Classic" in translate(i["text"])]
    assert any("   1 round   you: place " in line and "(more is better)" in line for line in app_lines), (
        app_lines
    )
    assert any("2 matches, " in line for line in app_lines), app_lines
    assert "3 games   you: place " in lines["jda"] and re.search(r" · \d+ laps? · deal \d+", lines["jda"])
    assert "2 rounds   you " in lines["standard"] and "(fewer is better)" in lines["standard"]
    assert "place" not in lines["standard"]


@pytest.mark.parametrize("language", ["en", "ja"])
def test_a_record_at_800x600_shows_its_heading_and_the_review_note_whole(tmp_path, monkeypatch, language):
    monkeypatch.setenv("DOBON_TABLE_HOME", str(tmp_path))
    small = make_app((800, 600))
    try:
        small.set_language(language)
        kept("app", 3, "20260101T100000000000Z", rounds=2)
        history = open_history(small)
        small.stack.push(RecordScene(small, history.entries[0]))
        frames(small, 3)
        scene = small.stack.top
        assert scene.head.scroll_bar is None  # the line wraps onto a second line, not out of sight
        assert scene.review_list.scroll_bar is None  # "Not reviewed yet ..." whole, not three lines cut
    finally:
        small.close()


@pytest.mark.parametrize("language", ["en", "ja"])
def test_play_a_deal_again_names_the_deal_in_its_presets_unit(app, language):
    """History's button named every preset's deal a round; jda's deal is a game, kabu's a match."""
    app.set_language(language)
    kept("app", 3, "20260101T100000000000Z", rounds=1)
    kept("jda", 4, "20260102T100000000000Z", rounds=1)
    kept("kabu", 5, "20260103T100000000000Z", rounds=1)
    en = language == "en"
    wanted = {
        "app": "Play round 1's deal again" if en else "第1回の配りでもう一度",
        "jda": "Play game 1's deal again" if en else "第1試合の配りでもう一度",
        "kabu": "Play match 1's deal again" if en else "第1試合の配りでもう一度",
    }
    for item in listing().entries:
        scene = RecordScene(app, item)
        app.stack.push(scene)
        frames(app, 1)
        assert translate(scene.again.text) == wanted[item.preset], item.preset
        app.stack.pop()
    app.set_language("en")


@pytest.mark.parametrize("language", ["en", "ja"])
def test_the_history_screen_has_a_heading_and_says_which_matches_were_left_unfinished(
    tmp_path, monkeypatch, language
):
    from game.phase import Phase

    monkeypatch.setenv("DOBON_TABLE_HOME", str(tmp_path))
    small = make_app((800, 600))
    try:
        small.set_language(language)
        kept("app", 3, "20260101T100000000000Z", rounds=1)  # left after its first round
        game = Game(make_rules("app", 4, {"starting_points": 60}), 6)  # played to its match's end
        players = [make_seat("basic", 6, s) for s in range(4)]
        while game.phase is not Phase.MATCH_OVER:
            play(game, players, 1)
        record(
            game,
            ["human", "normal", "normal", "normal"],
            0,
            "20260102T100000000000Z",
            names=["", "A", "B", "C"],
        )
        history = open_history(small)
        word = "unfinished" if language == "en" else "未完了"
        lines = {
            e.started: translate(i["text"])
            for e, i in zip(history.entries, history.list.item_list, strict=True)
        }
        assert word in lines["20260101T100000000000Z"] and word not in lines["20260102T100000000000Z"], lines
        heading = translate(history.heading.text)
        assert heading == {"en": "History", "ja": "履歴"}[language]
        for element in (history.filter, history.stats, history.back, history.list):
            assert not history.heading.rect.colliderect(element.rect)
    finally:
        small.close()


@pytest.mark.parametrize(
    ("count", "decisions", "forced"),
    [(1, "1 decision (", "1 forced move."), (3, "3 decisions (", "3 forced moves.")],
)
def test_a_reviews_heading_counts_in_proper_singular_and_plural(app, count, decisions, forced):
    from ui.scenes.review_listing import heading

    review = {"preset": "app", "summary": {"decisions": count, "forced": count, "grades": {"best": count}}}
    head = heading(review)[0]
    assert decisions in head and forced in head and "(s)" not in head
