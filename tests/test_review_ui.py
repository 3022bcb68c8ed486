"""The review you can use (issue 30): History lists a reviewed game's decisions by their moments, a click
on one (or ↑ ↓ and Enter) opens the replay standing just before it, the replay asks what the person
would do there, and once they choose it shows their choice's numbers beside their original one and
Hard's. Real pygame events (dummy video driver); the review itself runs at a small budget."""

from __future__ import annotations

import time

import pygame
import pytest
from uikit import click, frames, make_app, press, press_button

from game import Game, make_rules
from game.headless import play
from game.history import listing, record, save_review
from game.review import review_file
from game.seats import make_seat
from ui.scenes.history import RecordScene
from ui.scenes.replay import ReplayScene
from ui.scenes.review_trial import State


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("DOBON_TABLE_HOME", str(tmp_path))
    return tmp_path


def reviewed_record(listed: int = 2):
    """A three-round game of normal seats, seat 0 kept as the person's and reviewed: the first deal
    from seed 21 on whose review lists at least `listed` decisions (most games list a few; which ones
    do depends on the AI seats' play, so the test looks rather than names a seed)."""
    for seed in range(21, 61):
        game = Game(make_rules("app", 4, {}), seed)
        play(game, [make_seat("normal", seed, s) for s in range(4)], 3)
        path = record(game, ["human", "normal", "normal", "normal"], 0, f"2026010{seed % 10}T100000000000Z")
        review = review_file(path, 0, work=800, hard_work=800)
        if len(review.to_json()["listed"]) >= listed:
            save_review(path, 0, review.to_json(10))
            return path, review
        path.unlink()
    raise AssertionError(f"no game in 40 lists {listed} decisions")


def open_record(app) -> RecordScene:
    app.stack.push(RecordScene(app, listing().entries[0]))
    frames(app, 3)
    return app.stack.top


def click_link(app, box, href: str) -> None:
    """Click a link of a text box where it is drawn (scrolling it into view first)."""
    for _ in range(40):
        base_x, base_y = box._calculate_hyperlinks_offsets()
        chunk = next(c for c in box.link_hover_chunks if c.href == href)
        pos = (base_x + chunk.x + 8, base_y + chunk.y + chunk.size[1] // 2)
        if box.rect.collidepoint(pos):
            click(app, pos)
            frames(app, 2)
            return
        pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False))
        pygame.event.post(
            pygame.event.Event(pygame.MOUSEMOTION, pos=box.rect.center, rel=(0, 0), buttons=(0, 0, 0))
        )
        frames(app, 2)
    raise AssertionError(f"link {href} never came into view")


def wait_answer(app, viewer: ReplayScene) -> None:
    frames(app, 2)  # the list says what was clicked a frame after the click
    end = time.monotonic() + 60
    while viewer.trial.state is State.THINKING:
        assert time.monotonic() < end, "the choice was never valued"
        frames(app, 1)
        time.sleep(0.01)
    frames(app, 2)


def test_a_review_line_opens_the_replay_at_its_moment_and_the_player_chooses_again(home):
    _path, review = reviewed_record()
    app = make_app((1280, 720))
    try:
        scene = open_record(app)
        listed = [d for d in review.decisions if d.step in review.to_json()["listed"]]
        assert listed and len(scene.entries) == len(listed)
        target = next(d for d in listed if not d.forced and len(d.hand) > 1)
        click_link(app, scene.review_list, f"step:{target.step}")
        viewer = app.stack.top
        assert isinstance(viewer, ReplayScene)
        # the table stands just before the decision: the person's hand then, the field card then
        assert viewer.position == target.step
        view = viewer.source.view
        assert (
            sorted(c.code for c in view.hand) == sorted(target.hand) and view.field.code == target.field_card
        )
        trial = viewer.trial
        assert trial.state is State.ASK and not viewer.buttons["forward"].is_enabled  # the moment stays
        # lit at first: the choice the person made then (the list used to light its first option)
        assert trial.pick is not None and trial.options[trial.pick] == target.chosen.action
        lit = trial.options_list.get_single_selection(include_object_id=True)
        assert lit is not None and lit[1].endswith(f"#{trial.pick}")
        press(app, pygame.K_RIGHT)
        assert viewer.position == target.step
        # choose with the mouse: the option the person did not choose then
        other = next(i for i, a in enumerate(trial.options) if a != target.chosen.action)
        press_button(app, trial.options_list.item_list_container.elements[other])
        wait_answer(app, viewer)
        assert trial.state is State.ANSWER
        text = trial.text()
        assert "You now" in text and "You then" in text and "Hard:" in text
        assert f"{target.loss:+.1f} ± {target.loss_se:.1f}" in text  # the review's own numbers, again
        assert trial.answer["tried"].choice.action == trial.options[other]
        # try again with the keyboard: Enter asks again, ↓ and Enter choose
        press(app, pygame.K_RETURN)
        assert trial.state is State.ASK
        start = trial.pick
        press(app, pygame.K_DOWN)
        assert trial.pick == (start + 1) % len(trial.options)
        press(app, pygame.K_RETURN)
        wait_answer(app, viewer)
        assert (
            trial.state is State.ANSWER and trial.answer["tried"].choice.action == trial.options[trial.pick]
        )
        assert viewer.buttons["forward"].is_enabled  # answered: the replay moves on from here
        press(app, pygame.K_ESCAPE)
        assert app.stack.top is scene
    finally:
        app.close()


def test_the_keyboard_picks_a_review_line_and_enter_opens_it(home):
    reviewed_record()
    app = make_app((1280, 720))
    try:
        scene = open_record(app)
        assert len(scene.entries) >= 2
        assert "▶ " + scene.entries[0].moment in scene.review_list.html_text.replace("&#x27;", "'")
        press(app, pygame.K_DOWN)
        assert scene.review_pick == 1
        press(app, pygame.K_RETURN)
        frames(app, 2)
        viewer = app.stack.top
        assert isinstance(viewer, ReplayScene) and viewer.position == scene.entries[1].step
    finally:
        app.close()


@pytest.mark.parametrize("language", ["en", "ja"])
def test_each_line_names_its_moment_and_reads_whole_at_800x600(home, language):
    """Every listed decision has a line of its own (no two alike) and a link; the box wraps and scrolls
    rather than cutting a line at 800×600, in either language."""
    reviewed_record()
    app = make_app((800, 600))
    try:
        app.set_language(language)
        scene = open_record(app)
        moments = [e.moment for e in scene.entries]
        assert len(set(zip(moments, (e.line for e in scene.entries), strict=True))) == len(moments)
        assert len(set(moments)) == len(moments)
        box = scene.review_list
        hrefs = {c.href for c in box.link_hover_chunks}
        assert hrefs == {f"step:{e.step}" for e in scene.entries}
        assert box.text_box_layout.layout_rect.width <= box.rect.width  # wrapped, never wider than the box
        assert box.rect.bottom <= 600 and box.rect.right <= 800
        word = "Round" if language == "en" else "回"
        assert all(word in m for m in moments)
    finally:
        app.close()


def test_a_review_saved_by_an_older_version_is_listed_as_before_and_says_so(home):
    """An older review has no moments: its rows are listed worst first, with a note that a new review
    names each moment."""
    game = Game(make_rules("app", 4, {}), 21)
    play(game, [make_seat("normal", 21, s) for s in range(4)], 1)
    path = record(game, ["human", "normal", "normal", "normal"], 0, "20260101T100000000000Z")
    old = {
        "higher_is_better": True,
        "decisions": [
            {
                "step": 3,
                "match": 1,
                "round": 1,
                "kind": "play",
                "agreed": False,
                "loss": 12.0,
                "loss_se": 2.0,
                "chosen": {"text": "seat 0 play ♥8"},
                "suggested": {"text": "seat 0 draw"},
            },
        ],
        "worst": [3],
    }
    save_review(path, 0, old)
    app = make_app((1280, 720))
    try:
        scene = open_record(app)
        text = scene.review_list.html_text
        assert "older version" in text and "Round 1 · play: you play ♥8 · Hard draw" in text
        assert scene.entries is None and not scene.review_list.link_hover_chunks
    finally:
        app.close()


def test_a_forced_move_opens_at_its_moment_with_nothing_to_choose(home):
    from ui.scenes.review_trial import Trial

    path, review = reviewed_record()
    data = review.to_json()
    forced = next(d for d in data["decisions"] if d["forced"])
    app = make_app((800, 600))
    try:
        app.stack.push(ReplayScene(app, path, trial=Trial(data, forced, 0)))
        frames(app, 2)
        viewer = app.stack.top
        assert viewer.position == forced["step"] and viewer.trial.state is State.FORCED
        assert "one move here" in viewer.trial.text() and viewer.buttons["forward"].is_enabled
        press(app, pygame.K_RIGHT)  # nothing asked: the replay moves on at once
        assert viewer.position == forced["step"] + 1
    finally:
        app.close()


def test_the_reviews_words_are_in_both_languages():
    import json
    from pathlib import Path

    root = Path(__file__).resolve().parents[1] / "assets" / "translations"

    def keys(lang: str) -> set[str]:
        section = json.loads((root / f"dobon.{lang}.json").read_text(encoding="utf-8"))[lang]["review"]
        return {f"{k}.{sub}" for k, v in section.items() for sub in (v if isinstance(v, dict) else [""])}

    assert keys("en") == keys("ja") and "grade.blunder" in keys("ja")


def test_a_card_clicked_in_the_hand_answers_the_question(home):
    """Asked what they would do, the person clicks a card of their hand on the table: that play is the
    choice (or, where the card stands for several plays, it is picked in the list to confirm)."""
    from ui.scenes.review_trial import Trial

    path, review = reviewed_record()
    data = review.to_json()
    target = next(d for d in data["decisions"] if d["step"] in data["listed"] and not d["forced"])
    app = make_app((1280, 720))
    try:
        app.stack.push(ReplayScene(app, path, trial=Trial(data, target, 0)))
        frames(app, 3)
        viewer = app.stack.top
        trial = viewer.trial
        rects = viewer.board.own_card_rects()  # topmost last
        index, (rect, card) = next(
            (i, rc) for i, rc in enumerate(rects) if any(rc[1] in a.cards for a in trial.options)
        )
        above = [r for r, _c in rects[index + 1 :]]
        spot = next(
            (x, rect.centery)
            for x in range(rect.left + 2, rect.right)
            if not any(r.collidepoint(x, rect.centery) for r in above)
        )  # a point of the card no card above it covers
        plays = [i for i, a in enumerate(trial.options) if card in a.cards]
        click(app, spot)
        if len(plays) == 1:
            wait_answer(app, viewer)
            assert (
                trial.state is State.ANSWER and trial.answer["tried"].choice.action == trial.options[plays[0]]
            )
        else:
            assert trial.state is State.ASK and trial.pick == plays[0]
    finally:
        app.close()


@pytest.mark.parametrize("language", ["en", "ja"])
def test_a_decision_past_the_first_match_says_match_and_round_in_words(language):
    """The review said "Round 2.1" (a decimal, to a newcomer) and "Hard dobon 5#3" (a card's id)."""
    from ui.scenes.review_listing import decision_line, moment_text
    from ui.text import setup

    setup(language)
    try:
        d = {"match": 2, "round": 1, "turn": 32, "field": "5", "hand": ["1", "4"], "grade": "blunder"}
        d["chosen"] = {"text": "seat 0 pass"}
        d["suggested"] = {"text": "seat 0 dobon 5#3"}
        where = moment_text(d, None)
        assert "2.1" not in where
        assert ("Match 2, round 1" in where) if language == "en" else ("第2マッチ 第1回" in where)
        line = decision_line(d)
        assert "#" not in line and "5" in line  # the card by its number, as the table writes it
        first = moment_text({"round": 3, "turn": 1}, None)
        assert first.startswith("Round 3 ·" if language == "en" else "第3回")
    finally:
        setup("en")


def test_tab_reaches_the_review_lines_and_enter_there_opens_the_one_picked(home):
    """The review's lines could be reached with Up and Down only; Tab went round the buttons alone."""
    reviewed_record()
    app = make_app((1280, 720))
    try:
        scene = open_record(app)
        assert len(scene.entries) >= 2
        for _ in range(30):
            pygame.event.post(
                pygame.event.Event(pygame.KEYDOWN, key=pygame.K_TAB, mod=0, unicode="\t", scancode=0)
            )
            frames(app, 1)
            if app.focus.element is scene.review_list:
                break
        assert app.focus.element is scene.review_list and app.focus.shown
        press(app, pygame.K_DOWN)
        assert scene.review_pick == 1
        press(app, pygame.K_RETURN)
        frames(app, 2)
        viewer = app.stack.top
        assert isinstance(viewer, ReplayScene) and viewer.position == scene.entries[1].step
    finally:
        app.close()


def link_rects(box, href: str) -> list[pygame.Rect]:
    """Where the parts of a link are drawn now (each line of it, clipped to the box)."""
    base_x, base_y = box._calculate_hyperlinks_offsets()
    out = []
    for chunk in box.link_hover_chunks:
        if chunk.href == href:
            rect = pygame.Rect(base_x + chunk.x, base_y + chunk.y, *chunk.size).clip(box.rect)
            if rect.width > 4 and rect.height > 4:
                out.append(rect)
    return out


def scroll_to(app, box, share: float) -> None:
    box.scroll_bar.set_scroll_from_start_percentage(share)
    frames(app, 3)


def back_to(app, scene) -> None:
    press(app, pygame.K_ESCAPE)
    frames(app, 2)
    assert app.stack.top is scene


def replays(app) -> list:
    return [s for s in app.stack.scenes if isinstance(s, ReplayScene)]


def test_every_review_line_opens_its_moment_with_the_mouse_and_the_edge_cases(home):
    """Every part of every listed decision (its moment and its grade line) opens the replay at that
    decision when clicked with real mouse events, at the top of the list and scrolled; so does a line
    partly scrolled out of view, a click as the listing is built again, and a double click opens it
    once."""
    reviewed_record(listed=4)  # enough lines that the list scrolls by more than one line
    app = make_app((800, 600))
    try:
        scene = open_record(app)
        assert len(scene.entries) >= 4
        for entry in scene.entries:
            href = f"step:{entry.step}"
            box = scene.review_list
            first = min(c.y for c in box.link_hover_chunks if c.href == href)
            # the entry at the top of the view (the wheel would need a real pointer)
            if box.scroll_bar is not None:
                height = box.text_box_layout.layout_rect.height
                scroll_to(
                    app, box, max(0.0, min(1.0 - box.scroll_bar.visible_percentage, (first - 4) / height))
                )
            lines = sorted({r.y: r for r in link_rects(box, href)}.values(), key=lambda r: r.y)
            assert len(lines) >= 2, f"{href}: its grade line is not part of the link"
            for rect in (lines[0], lines[-1]):  # the moment, and the last line of its grade
                click(app, rect.center)
                frames(app, 2)
                viewer = app.stack.top
                assert isinstance(viewer, ReplayScene), f"a click on {href} at {rect} opened nothing"
                assert viewer.position == entry.step
                back_to(app, scene)
                box = scene.review_list
        # a line partly scrolled out of view: its visible part (below the box's top edge) still opens it
        box = scene.review_list
        height = box.text_box_layout.layout_rect.height
        room = 1.0 - box.scroll_bar.visible_percentage  # how far the list scrolls
        # the lowest line that can be scrolled half out of view at the top
        chunk = max(
            (c for c in box.link_hover_chunks if (c.y + c.size[1] // 2) / height <= room), key=lambda c: c.y
        )
        target = next(e for e in scene.entries if f"step:{e.step}" == chunk.href)
        edge = box.rect.top + box.padding[1] + box.border_width["top"]  # where the text is cut off
        scroll_to(app, box, (chunk.y + chunk.size[1] // 2) / height)  # its top half above the edge
        base_x, base_y = box._calculate_hyperlinks_offsets()
        line = pygame.Rect(base_x + chunk.x, base_y + chunk.y, *chunk.size)
        assert line.top < edge < line.bottom - 4, f"{line} does not straddle the box's edge at {edge}"
        click(app, (line.x + 20, (edge + line.bottom) // 2))
        frames(app, 2)
        assert isinstance(app.stack.top, ReplayScene) and app.stack.top.position == target.step
        back_to(app, scene)
        # a click while the listing is built again (a review saved, the language changed)
        first = scene.entries[0]
        scroll_to(app, scene.review_list, 0.0)
        rect = link_rects(scene.review_list, f"step:{first.step}")[0]
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=rect.center, button=1))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=rect.center, button=1))
        frames(app, 1)  # the box has seen the click: its link event is on the queue
        scene.build()
        frames(app, 3)
        assert isinstance(app.stack.top, ReplayScene) and app.stack.top.position == first.step
        back_to(app, scene)
        # a double click opens one replay, not two stacked
        rect = link_rects(scene.review_list, f"step:{first.step}")[0]
        for _ in range(2):
            pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=rect.center, button=1))
            pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=rect.center, button=1))
        frames(app, 4)
        assert len(replays(app)) == 1 and app.stack.top.position == first.step
        back_to(app, scene)
        assert not replays(app)
    finally:
        app.close()


@pytest.mark.parametrize("language", ["en", "ja"])
def test_a_decisions_moment_is_in_its_presets_units(language):
    """jda's deal is a game and kabu's a match (kabu's series a game), as docs/ui.md's Units say; the
    review's moments said "Round 3" and "Match 2, round 1" for every preset."""
    from ui.scenes.history import review_rows
    from ui.scenes.review_listing import moment_text
    from ui.text import setup

    setup(language)
    en = language == "en"
    try:
        first, later = {"round": 3, "turn": 7}, {"match": 2, "round": 1, "turn": 4}
        said = {p: (moment_text(first, None, p), moment_text(later, None, p)) for p in ("app", "jda", "kabu")}
        assert said["app"][0].startswith("Round 3 ·" if en else "第3回")
        assert ("Match 2, round 1" if en else "第2マッチ 第1回") in said["app"][1]
        assert said["jda"][0].startswith("Game 3 ·" if en else "第3試合")
        assert ("Match 2, game 1" if en else "第2マッチ 第1試合") in said["jda"][1]
        assert said["kabu"][0].startswith("Match 3 ·" if en else "第3試合")
        assert ("Game 2, match 1" if en else "第2ゲーム 第1試合") in said["kabu"][1]
        assert moment_text(first, None, "a-newer-preset").startswith("Round 3 ·" if en else "第3回")
        d = {**later, "step": 1, "loss": 2.0, "chosen": {"text": "seat 0 pass"}, "suggested": {"text": "x"}}
        rows = review_rows({"preset": "kabu", "decisions": [d], "worst": [1]})
        assert any(("Game 2, match 1" if en else "第2ゲーム 第1試合") in r for r in rows), rows
    finally:
        setup("en")


@pytest.mark.parametrize("language", ["en", "ja"])
def test_the_review_heading_speaks_of_each_presets_own_units(language):
    """The heading said "in points" for jda (which has no points: a loss is a step of deal size) and
    kabu (extra cards)."""
    from ui.scenes.review_listing import heading
    from ui.text import setup

    setup(language)
    try:
        review = {
            "summary": {"decisions": 3, "grades": {}, "forced": 1},
            "worth": 1,
            "higher_is_better": False,
        }
        jda = heading({**review, "preset": "jda"})[0]
        kabu = heading({**review, "preset": "kabu"})[0]
        app = heading({**review, "preset": "app"})[0]
        if language == "en":
            assert "points" in app and "points" not in jda and "points" not in kabu
            assert "deal size" in jda and "a game is worth" in jda
            assert "extra cards" in kabu and "a match is worth" in kabu
        else:
            assert "段階" in jda and "点" not in jda.replace("時点", "")
            assert "追加札" in kabu
    finally:
        setup("en")
