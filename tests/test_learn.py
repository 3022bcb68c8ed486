"""Learn to play (docs/learn.md): each preset's lesson played through on the real table with real
pygame events, following the hints to the exact card or button; a wrong move explained; leaving and
resuming; every word the lessons use in both languages."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

import pygame
import pytest
import uikit
from uikit import click, frames, press, press_button

from game.lesson import load
from game.phase import Phase
from ui.learn import progress
from ui.learn.guide import HINTS, lesson_for
from ui.resources import resource_path
from ui.scenes.learn import LearnScene
from ui.scenes.table import TableScene
from ui.scenes.title import TitleScene
from ui.text import key, tr

PRESETS = ["app", "standard", "super", "jda", "kabu"]
LESSONS = [p for p in PRESETS if resource_path("lessons", f"{p}.json").exists()]


@pytest.fixture
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("DOBON_TABLE_HOME", str(tmp_path))
    application = uikit.make_app()
    application.stack.push(TitleScene(application))
    frames(application, 2)
    yield application
    application.close()


def open_lesson(app, preset: str) -> TableScene:
    """Title → Learn to play → the preset's Start, as a player clicks them."""
    press_button(app, app.stack.top.items["learn"])
    scene = app.stack.top
    assert isinstance(scene, LearnScene)
    press_button(app, scene.starts[preset])
    table = app.stack.top
    assert isinstance(table, TableScene) and table.guide is not None
    return table


def wait_for_move(app, table: TableScene, limit: int = 3000) -> None:
    """Run frames until the lesson waits on the person (or it is over)."""
    for _ in range(limit):
        guide = table.guide
        if guide.finished or guide.waiting(table):
            frames(app, 1)
            return
        frames(app, 1, 1 / 20)
    raise AssertionError(f"the lesson never waited on the person at step {guide.index}")


def take_step(app, table: TableScene) -> None:
    """One step as a newcomer does it: ask for every hint, then click what the last one outlines
    (a card, the suit in the picker, a button), until the step is done."""
    guide = table.guide
    step = guide.index
    if guide.step.expect is None:
        click(app, table.buttons["guide:continue"].center)
        assert guide.index == step + 1
        return
    for _ in range(HINTS):
        click(app, table.buttons["guide:hint"].center)
    assert guide.hints == HINTS
    for _ in range(6):  # a card, then a suit; or several cards, then Play
        frames(app, 1)
        target = guide.target(table)
        assert target is not None, f"step {guide.step.id}: the third hint outlines nothing"
        click(app, target.center)
        frames(app, 1)
        if guide.index != step:
            return
    raise AssertionError(f"step {guide.step.id} was not taken by clicking its outlined target")


def play_through(app, table: TableScene) -> None:
    """The lesson's steps from where it stands to its end."""
    while table.guide.step is not None:
        wait_for_move(app, table)
        take_step(app, table)
    wait_for_move(app, table)


@pytest.mark.parametrize("preset", LESSONS)
def test_each_lesson_plays_through_to_the_end_following_the_hints(app, preset):
    table = open_lesson(app, preset)
    play_through(app, table)
    guide = table.guide
    assert guide.finished
    assert table.game.phase in (Phase.ROUND_OVER, Phase.MATCH_OVER)
    assert guide.won  # each lesson's round is won by the person's own last move
    assert progress.load() is None  # a finished lesson leaves nothing to resume
    assert preset in progress.finished()
    frames(app, 2)
    click(app, table.buttons["guide:finish"].center)
    frames(app, 2)
    assert isinstance(app.stack.top, LearnScene)


def test_a_wrong_but_legal_move_is_explained_and_the_lesson_waits(app):
    table = open_lesson(app, "app")
    wait_for_move(app, table)
    take_step(app, table)  # the welcome
    wait_for_move(app, table)
    assert table.guide.step.id == "match"
    before = len(table.game.actions)
    click(app, table.buttons["draw"].center)  # legal, but the step is about playing a matching card
    frames(app, 2)
    assert len(table.game.actions) == before
    said = [text for text, _colour in table.guide.lines(table)]
    assert any("play it instead" in text for text in said)
    assert table.guide.step.id == "match"
    take_step(app, table)  # and the right move still works
    assert table.guide.step.id == "draw"


@pytest.mark.parametrize("preset", ["jda", "app"])
def test_the_menu_over_a_lesson_leaves_the_steps_instruction_in_the_banner(app, preset):
    table = open_lesson(app, preset)
    wait_for_move(app, table)
    take_step(app, table)  # the welcome
    wait_for_move(app, table)
    assert table.guide.step.expect is not None  # step 2: the person's own move
    said = [text for text, _colour in table.guide.lines(table)]
    press(app, pygame.K_ESCAPE)  # Menu
    frames(app, 2)
    assert table.paused and app.stack.top is not table
    assert [text for text, _colour in table.guide.lines(table)] == said
    assert tr("learn.watch") not in said and "guide:hint" in table.buttons
    press(app, pygame.K_ESCAPE)  # Resume: the step is still waiting for its move
    frames(app, 2)
    assert not table.paused and [text for text, _colour in table.guide.lines(table)] == said


def test_leaving_keeps_the_step_and_the_title_offers_to_resume(app):
    table = open_lesson(app, "app")
    for _ in range(3):  # the welcome, the match, the draw
        wait_for_move(app, table)
        take_step(app, table)
    step, actions = table.guide.index, [a.to_json() for a in table.game.actions]
    press(app, pygame.K_ESCAPE)
    press_button(app, app.stack.top.items["save_quit"])
    frames(app, 3)
    title = app.stack.top
    assert isinstance(title, TitleScene)
    assert title.items["learn"].text == key("learn.title_resume")
    press_button(app, title.items["learn"])
    learn = app.stack.top
    assert "left at step 4 of 5" in learn.rows["app"]
    press_button(app, learn.starts["app"])
    resumed = app.stack.top
    assert isinstance(resumed, TableScene) and resumed.guide.index == step
    assert [a.to_json() for a in resumed.game.actions] == actions
    play_through(app, resumed)
    assert resumed.guide.finished


def test_every_lesson_word_is_in_both_languages():
    books = {
        lang: json.loads(resource_path("translations", f"dobon.{lang}.json").read_text("utf-8"))[lang]
        for lang in ("en", "ja")
    }

    def has(book: dict, key: str) -> bool:
        node = book
        for part in key.split("."):
            if not isinstance(node, dict) or part not in node:
                return False
            node = node[part]
        return isinstance(node, str) and bool(node.strip())

    for preset in LESSONS:
        lesson = load(resource_path("lessons", f"{preset}.json"))
        assert lesson is not None and lesson.preset == preset
        for name in lesson.word_keys():
            for lang, book in books.items():
                assert has(book, name), f"{lang}: {name} missing"
    assert lesson_for("app").steps  # the title's lesson list reads the same files


def test_new_game_opens_the_lesson_of_the_rules_chosen(app):
    from uikit import pick

    from ui.scenes.new_game import NewGameScene

    press_button(app, app.stack.top.items["solo"])
    new = app.stack.top
    assert isinstance(new, NewGameScene)
    pick(app, new.preset_menu, "Kabu Dobon")
    press_button(app, app.stack.top.learn)
    table = app.stack.top
    assert isinstance(table, TableScene) and table.guide is not None
    assert table.guide.lesson.preset == table.game.rules.preset == "kabu"


def test_a_lesson_leaves_the_saved_match_and_the_history_alone(app):
    from ui.settings import load_match, save_path

    table = open_lesson(app, "app")
    play_through(app, table)
    press(app, pygame.K_ESCAPE)
    press_button(app, app.stack.top.items["save_quit"])
    frames(app, 3)
    assert load_match() == (None, None) and not save_path().exists()
    assert progress.load() is None  # a finished lesson leaves nothing to resume
    home = Path(os.environ["DOBON_TABLE_HOME"])
    kept = [p.relative_to(home).as_posix() for p in home.rglob("*") if p.is_file()]
    assert not [name for name in kept if "history" in name]  # a lesson is no game of the history's


def test_a_lesson_file_that_cannot_be_used_names_the_field():
    from game.lesson import LessonError, from_json

    good = json.loads(resource_path("lessons", "app.json").read_text("utf-8"))
    for change, field in (
        (lambda d: d["steps"].append({"id": "x", "expect": {"act": "fly"}}), "expect.act"),
        (lambda d: d["steps"].append({"expect": {"act": "draw"}}), "steps[5]"),
        (lambda d: d["scenario"]["piles"].update({"hand/0": ["XX"]}), "scenario"),
        (lambda d: d.update({"ai": {"one": {}}}), "ai.'one'"),
    ):
        data = json.loads(json.dumps(good))
        change(data)
        with pytest.raises(LessonError, match=f"^{re.escape(field)}"):
            from_json(data)


def test_a_broken_progress_file_is_set_aside_and_the_lesson_starts_again(app):
    progress.path().parent.mkdir(parents=True, exist_ok=True)
    progress.path().write_text('{"dobon_lesson_progress": 1, "preset": "app", "step": -4}', "utf-8")
    assert progress.load() is None
    assert not progress.path().exists()
    assert progress.path().with_name("lesson.json.broken").exists()
    table = open_lesson(app, "app")
    assert table.guide.index == 0 and table.game.actions == []


def test_a_lessons_words_wrap_whole_even_where_digits_leave_no_place_to_break(tmp_path, monkeypatch):
    """Japanese breaks between characters but not beside digits: 「（A：1か10、2：2か20、K：13か30）。9は10点」
    has no place to break, and at 800×600 the rest of the super lesson's first words were cut with "…"."""
    from ui.scenes.title import TitleScene
    from ui.text import setup

    monkeypatch.setenv("DOBON_TABLE_HOME", str(tmp_path))
    application = uikit.make_app(size=(800, 600), language="ja")
    try:
        application.stack.push(TitleScene(application))
        frames(application, 2)
        table = open_lesson(application, "super")
        wait_for_move(application, table)
        said = tr(table.guide.lesson.words(table.guide.step, "say"))
        width = 360
        lines = table._wrap(said, 16, width)
        assert "".join(lines).replace(" ", "") == said.replace(" ", "")  # every character kept
        assert all(table.board.font(16, True).size(line)[0] <= width for line in lines)
    finally:
        application.close()
        setup("en")


def test_every_refused_click_in_a_lesson_is_answered_in_words(app):
    """jda: clicking a card that does not match, out of turn, at every frame from the player's match
    until the lesson waits on them again (the cards flying, the AI seats' turns) is always answered:
    the rules' refusal as the table says it, never silence."""
    table = open_lesson(app, "jda")
    wait_for_move(app, table)
    take_step(app, table)  # the welcome
    wait_for_move(app, table)
    take_step(app, table)  # the match: the cards now fly, then Ren and Hana take their turns
    assert table.guide.step.id == "out_of_turn"
    heart = next(c for c in table.source.view.hand if c.code == "6H")
    answered = 0
    for _ in range(200):
        if table.guide.waiting(table):
            break
        rect = next(r for r, c in table.board.own_card_rects() if c.id == heart.id)
        table.toast = None
        click(app, rect.center)
        assert table.toast is not None, "a refused click in the lesson said nothing"
        text = table.toast[0]
        assert text == tr("learn.wait_moving") or "7" in text or "5" in text  # the field's number
        answered += 1
    assert answered >= 2 and table.guide.waiting(table)
    click(app, next(r for r, c in table.board.own_card_rects() if c.id == heart.id).center)
    assert table.toast is not None and "7" in table.toast[0]  # out of turn: only a 7 may be placed
    assert table.guide.step.id == "out_of_turn"


@pytest.mark.parametrize("preset", ["standard", "super"])
def test_a_lessons_end_says_who_scored_what_and_why(app, preset):
    """The closing step names each seat whose points moved, its change and the results screen's own
    sentences for it (game.result_words), not a bare "Ren +20"."""
    from game.result_words import seat_words
    from ui.result_said import dealt_standings, say

    table = open_lesson(app, preset)
    play_through(app, table)
    end = table.source.round_end
    words = seat_words(preset, end.result, dealt_standings(table.event_log), end.standings)
    names = [table.board.seat_name(s) for s in range(len(words))]
    shown = [text for text, _colour in table.guide.lines(table)]
    moved = [s for s, delta in enumerate(end.result.deltas) if delta]
    assert moved
    for seat in moved:
        line = next((t for t in shown if t.startswith(f"{names[seat]} {end.result.deltas[seat]:+d}")), None)
        assert line is not None, f"{names[seat]}'s points are not said: {shown}"
        assert words[seat] and all(say(w, names, table.board.names) in line for w in words[seat])


def test_the_list_ticks_finished_lessons_and_offers_to_resume_one_left_midway(app):
    """A finished lesson is ticked and marked finished (kept in the progress file, so it is still
    marked after the app is closed and opened again); a lesson left mid-way reads Resume."""
    table = open_lesson(app, "app")
    play_through(app, table)
    click(app, table.buttons["guide:finish"].center)
    frames(app, 2)
    learn = app.stack.top
    assert isinstance(learn, LearnScene)
    assert "✓" in learn.rows["app"] and "finished" in learn.rows["app"]
    assert all("✓" not in learn.rows[p] for p in LESSONS if p != "app")
    assert learn.starts["app"].text == key("learn.again")
    press_button(app, learn.starts["kabu"])  # another lesson, left after its first step
    kabu = app.stack.top
    wait_for_move(app, kabu)
    take_step(app, kabu)
    press(app, pygame.K_ESCAPE)
    press_button(app, app.stack.top.items["save_quit"])
    frames(app, 3)
    assert progress.finished() == ("app",) and progress.load().preset == "kabu"
    app.stack.push(LearnScene(app))  # as after the app is opened again: read from the file
    frames(app, 2)
    learn = app.stack.top
    assert "✓" in learn.rows["app"] and "left at step 2" in learn.rows["kabu"]
    assert learn.starts["kabu"].text == key("learn.resume") and "kabu" in learn.overs
    app.set_language("ja")
    try:
        assert "✓" in learn.rows["app"] and "修了" in learn.rows["app"]
    finally:
        app.set_language("en")


def test_resume_the_lesson_on_the_title_opens_the_lessons_with_the_focus_on_its_resume(app):
    """The title's "Resume the lesson" comes to the lessons with the ring on the Resume of the lesson
    left mid-way (kabu's, not the first row's Start); with the mouse, the first Tab goes there."""
    press_button(app, app.stack.top.items["learn"])
    press_button(app, app.stack.top.starts["kabu"])
    kabu = app.stack.top
    wait_for_move(app, kabu)
    take_step(app, kabu)
    press(app, pygame.K_ESCAPE)
    press_button(app, app.stack.top.items["save_quit"])
    frames(app, 3)
    title = app.stack.top
    assert isinstance(title, TitleScene) and title.items["learn"].text == key("learn.title_resume")
    for _ in range(20):  # Tab to "Resume the lesson", Enter, as a keyboard user does
        if app.focus.element is title.items["learn"]:
            break
        press(app, pygame.K_TAB)
    press(app, pygame.K_RETURN)
    frames(app, 2)
    learn = app.stack.top
    assert isinstance(learn, LearnScene) and learn.presets()[0] != "kabu"
    assert app.focus.shown and app.focus.element is learn.starts["kabu"]
    assert learn.starts["kabu"].text == key("learn.resume")
    app.stack.pop()  # and by mouse: no ring until Tab, which goes to the same Resume
    frames(app, 2)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(3, 3), rel=(1, 1), buttons=(0, 0, 0)))
    frames(app, 1)
    press_button(app, app.stack.top.items["learn"])
    frames(app, 2)
    learn = app.stack.top
    assert not app.focus.shown
    press(app, pygame.K_TAB)
    assert app.focus.shown and app.focus.element is learn.starts["kabu"]
