"""Issue 28 on screen: the History and Statistics screens read the same files as `main.py history` and
`stats`, so a record nested 1,000 levels deep, one holding `1e999`, one naming a card by a number and
one over the size limit are each skipped and named in one line, and the good games are still listed,
opened and counted (the first two crashed both screens with RecursionError and OverflowError)."""

from __future__ import annotations

import json
import time

from uikit import frames, press_button

from game import Game, make_rules
from game.headless import play
from game.history import record
from game.seats import make_seat
from ui.scenes.history import HistoryScene, RecordScene
from ui.scenes.stats import StatsScene
from ui.scenes.title import TitleScene


def shelf_with_bad_files(tmp_path):
    """A good record, and four bad ones beside it (each a copy of it, damaged one way)."""
    game = Game(make_rules("app", 4), 3)
    play(game, [make_seat("basic", 3, s) for s in range(4)], 2)
    good = record(game, ["human", "normal", "normal", "normal"], 0, "20260101T100000000000Z")
    assert good is not None
    header, *actions = good.read_text(encoding="utf-8").splitlines()
    folder = good.parent
    (folder / "20260102-deep.jsonl").write_text("[" * 1000 + "]" * 1000 + "\n", encoding="utf-8")
    meta = json.loads(header)
    meta["history"]["deltas"][0] = "@@"
    (folder / "20260103-inf.jsonl").write_text(
        json.dumps(meta).replace('"@@"', "1e999") + "\n" + "\n".join(actions) + "\n", encoding="utf-8"
    )
    card = json.loads(header)
    card["history"]["started"] = "20260104T100000000000Z"
    play_seven = json.dumps({"seat": 0, "act": "play", "cards": [7]})
    (folder / "20260104-card.jsonl").write_text(json.dumps(card) + "\n" + play_seven + "\n", encoding="utf-8")
    big = json.loads(header)
    big["history"]["started"] = "20260105T100000000000Z"
    lines = [json.dumps(big), *(actions * (5 * 1024 * 1024 // len("\n".join(actions)) + 1))]
    (folder / "20260105-big.jsonl").write_text("\n".join(lines) + "\n", encoding="utf-8")
    return folder


def test_the_history_screen_lists_the_good_game_and_names_each_bad_file(app, tmp_path):
    shelf_with_bad_files(tmp_path)
    app.stack.push(TitleScene(app))
    frames(app, 2)
    press_button(app, app.stack.top.items["history"])
    scene = app.stack.top
    assert isinstance(scene, HistoryScene)
    text = scene.problem_box.html_text
    assert "20260102-deep.jsonl" in text and "nested too deeply" in text
    assert "20260103-inf.jsonl" in text and "number out of range" in text
    # the card record and the big one have sound headers: listed, and refused when opened
    assert [e.path.name for e in scene.entries][:2] == ["20260105-big.jsonl", "20260104-card.jsonl"]
    for index, needle in ((0, "too large"), (1, "a card is a card code")):
        press_button(app, scene.list.item_list_container.elements[index])
        frames(app, 2)
        opened = app.stack.top
        assert isinstance(opened, RecordScene) and not opened.rounds
        assert needle in opened.error and "\n" not in opened.error
        press_button(app, opened.back)
        frames(app, 2)
    press_button(app, scene.list.item_list_container.elements[2])
    frames(app, 2)
    assert len(app.stack.top.rounds) == 2  # the good game opens, its two rounds listed


def test_the_statistics_screen_counts_the_good_game_and_skips_the_rest(app, tmp_path):
    shelf_with_bad_files(tmp_path)
    app.stack.push(TitleScene(app))
    frames(app, 2)
    press_button(app, app.stack.top.items["stats"])
    stats = app.stack.top
    assert isinstance(stats, StatsScene)
    end = time.monotonic() + 60
    while stats.figures is None:
        assert time.monotonic() < end, "the statistics never came"
        frames(app, 1)
        time.sleep(0.01)
    assert stats.figures.stats.games == 1 and stats.rows()[0][1] == "2"
    assert len(stats.figures.stats.skipped) == 4
