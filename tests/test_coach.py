"""The coach (issue 30, point 2): dangers read from the person's view alone, the risky-play question,
the hint, and the practice-help level it lives at."""

from __future__ import annotations

import json

import pygame
import pytest
import uikit
from positions import position
from uikit import click, frames, press

from game.actions import Kind
from game.coach import RISKY, Coach, view_seed
from game.seats import HardSeat
from ui.scenes.table import TableScene
from ui.settings import HelpLevel, Settings
from ui.table.coach_view import words_now
from ui.table.setup import GameSetup, SeatSpec
from ui.text import tr

# the person (seat 0) holds ♣K and ♣4 on ♣5; three others hold two cards each: a king is called on by
# any pair that makes 13, a four by far fewer
PERSON = ["KC", "4C"]
OTHERS = [["6H", "7H"], ["2D", "9S"], ["3S", "QH"]]


def risky_game(others=OTHERS, **kw):
    return position("app", [PERSON, *others], field="5C", turn=0, **kw)


# ---------------------------------------------------------------------------------- no leak


def coach_says(game) -> tuple:
    view = game.view(0)
    coach = Coach()
    dangers = [(d.action.text(), d.chance, d.callers, d.cost) for d in coach.dangers(view)]
    hint = coach.hint(view)
    return dangers, hint


def test_the_coach_says_the_same_whatever_the_hidden_cards():
    """Two games whose person's view is identical but whose hidden hands (and stock) differ: the coach
    says exactly the same, word for word and figure for figure."""
    first = risky_game()
    swapped = risky_game([["2D", "9S"], ["3S", "QH"], ["6H", "7H"]], draws=["8D", "JS"])
    assert first.view(0).to_json() == swapped.view(0).to_json()  # what the person can know is the same
    assert first.hands[1] != swapped.hands[1] and first.stock != swapped.stock  # what is hidden is not
    assert coach_says(first) == coach_says(swapped)


def test_a_king_among_pairs_is_risky_and_a_four_is_not():
    dangers = {d.action.cards[0].code: d for d in Coach().dangers(risky_game().view(0))}
    assert dangers["KC"].risky and dangers["KC"].chance >= RISKY
    assert dangers["KC"].cost is not None and dangers["KC"].cost > 0  # a call on you costs you
    assert dangers["KC"].callers  # who could call: seats of the table, never you
    assert 0 not in dangers["KC"].callers
    assert dangers["4C"].chance < dangers["KC"].chance


def test_the_hint_is_what_hard_plays_from_the_same_view():
    view = risky_game().view(0)
    hint = Coach().hint(view)
    assert hint is not None and hint.action in view.legal
    assert hint.other is not None and hint.other != hint.action  # weighed against another option
    again = Coach().hint(view)
    assert again == hint  # seeded from the view: the same position, the same advice
    assert hint.action == HardSeat(view_seed(view)).act(view)  # hard, seeded as the coach seeds it


# ---------------------------------------------------------------------------------- settings


@pytest.mark.parametrize(
    ("stored", "level"),
    [(True, HelpLevel.LEGAL), (False, HelpLevel.OFF), ("coach", HelpLevel.COACH), ("off", HelpLevel.OFF)],
)
def test_practice_help_from_an_older_file_keeps_its_choice(tmp_path, monkeypatch, stored, level):
    monkeypatch.setenv("DOBON_TABLE_HOME", str(tmp_path))
    Settings.path().write_text(json.dumps({"practice_help": stored, "volume": 0.3}), encoding="utf-8")
    settings, problem = Settings.load()
    assert settings.practice_help is level and problem is None
    assert settings.volume == 0.3


def test_a_bad_help_level_resets_alone(tmp_path, monkeypatch):
    monkeypatch.setenv("DOBON_TABLE_HOME", str(tmp_path))
    Settings.path().write_text(json.dumps({"practice_help": "loud", "volume": 0.3}), encoding="utf-8")
    settings, problem = Settings.load()
    assert settings.practice_help is HelpLevel.LEGAL and settings.volume == 0.3
    assert problem is not None and "practice_help" in problem


# ---------------------------------------------------------------------------------- the table


@pytest.fixture
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("DOBON_TABLE_HOME", str(tmp_path))
    application = uikit.make_app(practice_help=HelpLevel.COACH)
    yield application
    application.close()


def coached_table(app, game=None) -> TableScene:
    seats = [SeatSpec("human", "basic", ""), *[SeatSpec("ai", "basic", "") for _ in range(3)]]
    setup = GameSetup("app", 4, {}, seats, 5).complete()
    scene = TableScene(app, setup, game if game is not None else risky_game())
    app.stack.clear_to(scene)
    for _ in range(200):
        frames(app, 1)
        if scene.accepts_input and scene.coach.dangers(scene.source.view) is not None:
            break
    frames(app, 2)
    return scene


def card_rect(scene: TableScene, code: str) -> pygame.Rect:
    return next(rect for rect, card in scene.board.own_card_rects() if card.code == code)


def test_a_risky_card_is_marked_and_its_danger_said_on_hover(app):
    scene = coached_table(app)
    king = next(c for c in scene.source.view.hand if c.code == "KC")
    assert king.id in scene.board.risky
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=card_rect(scene, "KC").center, rel=(0, 0)))
    frames(app, 2)
    words = words_now(scene)
    assert words is not None and "%" in words and "♣K" in words
    assert "coach" in scene.board.regions


def test_a_risky_play_asks_once_and_esc_keeps_the_card(app):
    scene = coached_table(app)
    before = len(scene.game.actions)
    click(app, card_rect(scene, "KC").center)
    frames(app, 2)
    assert scene.coach.pending is not None and "coach:yes" in scene.buttons
    assert len(scene.game.actions) == before  # held back, not played
    press(app, pygame.K_ESCAPE)
    assert scene.coach.pending is None and len(scene.game.actions) == before
    assert any(c.code == "KC" for c in scene.game.hands[0])


def test_enter_plays_the_risky_card_anyway(app):
    scene = coached_table(app)
    before = len(scene.game.actions)
    click(app, card_rect(scene, "KC").center)
    frames(app, 2)
    press(app, pygame.K_RETURN)
    assert scene.game.actions[before].kind is Kind.PLAY and scene.game.actions[before].cards[0].code == "KC"


def test_a_safe_card_goes_down_without_a_question(app):
    scene = coached_table(app)
    before = len(scene.game.actions)
    click(app, card_rect(scene, "4C").center)
    assert scene.coach.pending is None
    assert scene.game.actions[before].cards[0].code == "4C"


def test_the_hint_key_and_button_say_what_hard_would_play(app):
    scene = coached_table(app)
    press(app, pygame.K_i)
    asked, hint = scene.coach.hint(scene.source.view, wait=True)
    frames(app, 2)
    assert asked and hint is not None and hint.action in scene.source.view.legal
    words = words_now(scene)
    assert words is not None and ("play" in words or "draw" in words)
    assert "hint" in scene.buttons


def hover(app, scene: TableScene, code: str) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=card_rect(scene, code).center, rel=(0, 0)))
    frames(app, 2)


def test_after_a_hint_hovering_another_card_says_its_danger_and_i_brings_the_hint_back(app):
    scene = coached_table(app)
    hover(app, scene, "4C")
    press(app, pygame.K_i)
    scene.coach.hint(scene.source.view, wait=True)
    frames(app, 2)
    hint = words_now(scene)
    assert hint is not None and "Hard" in hint
    assert words_now(scene) == hint  # the card it was asked over keeps the hint up
    hover(app, scene, "KC")
    danger = words_now(scene)
    assert danger is not None and "♣K" in danger and "%" in danger and "Hard" not in danger
    press(app, pygame.K_i)
    assert words_now(scene) == hint


def test_help_cycles_through_the_levels_and_only_coach_coaches(app):
    scene = coached_table(app)
    press(app, pygame.K_h)
    assert app.settings.practice_help is HelpLevel.OFF
    frames(app, 2)
    assert not scene.board.risky and "hint" not in scene.buttons
    press(app, pygame.K_h)
    assert app.settings.practice_help is HelpLevel.LEGAL
    frames(app, 2)
    assert scene.board.highlight and not scene.board.risky and "hint" not in scene.buttons
    click(app, card_rect(scene, "KC").center)
    assert scene.coach.pending is None  # no question without the coach


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_changing_the_help_level_says_what_it_now_is_and_the_button_says_help(app, lang):
    """The button went round Cards, Coach, Off in silence, and in Japanese read a bare 「コーチ」: a
    learner turned the coach off by accident. Each level's label says it is the help; a change is said."""
    from ui.text import setup

    setup(lang)
    try:
        scene = coached_table(app)
        for _ in range(3):
            press(app, pygame.K_h)
            frames(app, 1)
            level = app.settings.practice_help
            assert scene.toast is not None and tr(f"coach.setting_{level.value}") in scene.toast[0]
            assert scene.help_box.text.endswith(f"coach.level_{level.value}")  # the translation key
            assert tr(f"coach.level_{level.value}").startswith({"en": "Help: ", "ja": "ヘルプ: "}[lang])
    finally:
        setup("en")


def test_a_demo_table_has_no_coach(app):
    """No person, no coach: a demo's seats are AIs, whose views the table only draws."""
    seats = [SeatSpec("ai", "basic", "") for _ in range(4)]
    scene = TableScene(app, GameSetup("app", 4, {}, seats, 5).complete(), demo=True)
    app.stack.clear_to(scene)
    for _ in range(150):
        frames(app, 1, 0.1)
        press(app, pygame.K_i)
        assert not scene.coaching and not scene.board.risky
        assert "hint" not in scene.buttons and "coach" not in scene.board.regions
    assert scene.coach.hint(scene.source.view) == (False, None)


def test_a_lan_watcher_gets_no_coach(tmp_path, monkeypatch):
    """A watcher sees the public side of every seat: the coach never reads it for anyone."""
    from test_lan_rejoin_ui import HostThread
    from test_lan_watch_table import watch

    from game.realtime import Timing

    monkeypatch.setenv("DOBON_TABLE_HOME", str(tmp_path))
    far = HostThread(min_people=0, players=3, rounds=1, timing=Timing(150, 80, 200), lobby_seconds=0.3)
    application = uikit.make_app(practice_help=HelpLevel.COACH)
    try:
        table = watch(application, far.host.port)
        for _ in range(30):
            press(application, pygame.K_i)
            assert table.watching and not table.coaching
            assert not table.board.risky and "coach" not in table.board.regions
        assert table.coach.hint(table.source.view) == (False, None)
    finally:
        application.close()
        far.close()


def test_the_hint_in_an_auction_names_a_bid(app):
    seats = [SeatSpec("human", "basic", ""), *[SeatSpec("ai", "basic", "") for _ in range(3)]]
    scene = TableScene(app, GameSetup("standard", 4, {}, seats, 5).complete())
    app.stack.clear_to(scene)
    for _ in range(600):
        frames(app, 1, 0.05)
        if scene.bidding:
            break
    assert scene.bidding
    press(app, pygame.K_i)
    asked, hint = scene.coach.hint(scene.source.view, wait=True)
    assert asked and hint is not None and hint.action.kind is Kind.BID
    frames(app, 2)
    words = words_now(scene)
    assert words is not None and f"bid {hint.action.amount}" in words


def test_the_hint_stands_clear_of_the_bid_buttons_at_800_by_600(tmp_path, monkeypatch):
    monkeypatch.setenv("DOBON_TABLE_HOME", str(tmp_path))
    small = uikit.make_app(size=(800, 600), practice_help=HelpLevel.COACH)
    try:
        seats = [SeatSpec("human", "basic", ""), *[SeatSpec("ai", "basic", "") for _ in range(3)]]
        scene = TableScene(small, GameSetup("standard", 4, {}, seats, 5).complete())
        small.stack.clear_to(scene)
        for _ in range(600):
            frames(small, 1, 0.05)
            if scene.bidding:
                break
        press(small, pygame.K_i)
        scene.coach.hint(scene.source.view, wait=True)
        frames(small, 2)
        coach = scene.board.regions["coach"]
        bids = [rect for name, rect in scene.buttons.items() if name.startswith("bid")]
        assert bids and not any(coach.colliderect(rect) for rect in bids)
    finally:
        small.close()


def test_the_play_it_button_plays_the_risky_card(app):
    scene = coached_table(app)
    before = len(scene.game.actions)
    click(app, card_rect(scene, "KC").center)
    frames(app, 2)
    click(app, scene.buttons["coach:yes"].center)
    assert scene.coach.pending is None
    assert scene.game.actions[before].cards[0].code == "KC"


def test_the_settings_button_goes_round_the_levels_and_saves_each(app):
    from ui.scenes.settings_scene import SettingsScene

    scene = SettingsScene(app)
    app.stack.push(scene)
    frames(app, 2)
    seen = []
    for _ in range(3):
        uikit.press_button(app, app.stack.top.help)
        saved = json.loads(Settings.path().read_text(encoding="utf-8"))
        seen.append((app.settings.practice_help, saved["practice_help"]))
        assert tr("settings.practice_help") in app.stack.top.help.text
    assert seen == [(HelpLevel.OFF, "off"), (HelpLevel.LEGAL, "legal"), (HelpLevel.COACH, "coach")]


@pytest.mark.parametrize("size", [(800, 600), (1280, 720), (1920, 1080)])
def test_the_coach_line_and_question_fit_without_overlaps(app, size):
    from test_layout import problems

    app.resized(size)
    scene = coached_table(app, risky_game([["6H", "7H"], ["2D", "9S"], ["3S", "QH"]]))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=card_rect(scene, "KC").center, rel=(0, 0)))
    frames(app, 2)
    assert "coach" in scene.board.regions and "control:hint" in scene.board.regions
    assert not problems(scene, size), problems(scene, size)
    click(app, card_rect(scene, "KC").center)
    frames(app, 2)
    assert "panel" in scene.board.regions
    assert not problems(scene, size), problems(scene, size)


@pytest.mark.parametrize("preset", ["app", "standard", "super", "jda", "kabu"])
def test_every_preset_gets_dangers_and_a_legal_hint(preset):
    """At the first few decisions of a self-played round with a card to play: a chance for each
    play, callers who are other seats with cards, and a hint that is one of the seat's legal actions."""
    from game import Game, make_rules
    from game.headless import play_round
    from game.seats import make_seat

    game = Game(make_rules(preset, 4, developing=True), 11)
    seats = [make_seat("normal", 11, s) for s in range(game.n)]
    coach = Coach()
    checked = []

    def ask(g, action) -> None:
        if len(checked) >= 3 or action.seat != g.turn:
            return
        view = g.view(g.turn, g.sync_actions(g.turn))
        dangers = coach.dangers(view)
        if not dangers:
            return
        plays = {a.cards for a in view.legal if a.kind is Kind.PLAY}
        for danger in dangers:
            assert danger.action.cards in plays and 0.0 <= danger.chance <= 1.0
            assert all(s != view.seat and view.hand_sizes[s] > 0 for s in danger.callers)
        hint = coach.hint(view)
        assert hint is not None and hint.action in view.legal
        checked.append(view.seat)

    play_round(game, seats, ask)
    assert checked


def test_a_calls_cost_is_said_in_each_presets_own_units_in_both_languages():
    from game import make_rules
    from ui.presets import preset_ui

    units = {p: preset_ui(make_rules(p, 4)).cost_unit for p in ("app", "super", "jda", "kabu")}
    assert units == {"app": "points", "super": "points", "jda": "steps", "kabu": "cards"}
    from ui.table.coach_view import cost_words
    from ui.text import setup

    setup("en")
    assert cost_words("points", 600) == "about 600 points"
    assert cost_words("steps", 1) == "one step up in your deal size"
    assert cost_words("cards", 2) == "about 2 extra cards (6 make a lap)"
    setup("ja")
    try:
        assert cost_words("points", 40) == "約40点"
        assert "段階" in cost_words("steps", 2) and "追加札" in cost_words("cards", 1)
    finally:
        setup("en")


def test_a_hint_that_comes_after_its_moment_passed_does_not_keep_the_table_awake(app):
    """Asked for a hint, then drew before it came: once the hint's view has gone by, the finished job
    is no news, so the resting table may rest (it used to redraw at full rate until the next hint)."""
    scene = coached_table(app)
    desk = scene.coach
    asked_on = scene.source.view
    press(app, pygame.K_i)
    press(app, pygame.K_d)  # draw before the hint is shown
    for _ in range(300):
        frames(app, 1)
        if scene.source.view is not asked_on and desk._hint is not None and desk._hint[1].done():
            break
    assert scene.source.view is not asked_on
    desk.dangers(scene.source.view)  # the table asks about the view now shown, as every frame does
    job = desk._dangers
    if job is not None:
        job[1].result(timeout=30)
        desk.dangers(scene.source.view)  # and takes its figures
    assert not desk.news()


def test_a_coach_that_fails_says_so_and_the_table_goes_on(app, capsys, monkeypatch):
    scene = coached_table(app)

    def broken(view):
        raise RuntimeError("no figures today")

    monkeypatch.setattr(scene.coach.coach, "hint", broken)
    press(app, pygame.K_i)
    asked, hint = scene.coach.hint(scene.source.view, wait=True)
    frames(app, 3)
    assert asked and hint is None
    assert "no figures today" in capsys.readouterr().err
    before = len(scene.game.actions)
    press(app, pygame.K_d)
    assert len(scene.game.actions) == before + 1  # the table still takes the person's moves


def test_the_hint_says_how_much_better_in_the_presets_own_sense_and_units():
    from game.actions import Action
    from game.coach import Hint
    from ui.table.coach_view import hint_line
    from ui.text import setup

    setup("en")
    draw, play = Action(0, Kind.DRAW), Action(0, Kind.DRAW)
    hint = Hint(draw, value=4.0, other=play, other_value=-9.0, worlds=40, margin=2.0)
    line = hint_line(hint, "points")  # fewer points win in super: "better" still means better for you
    assert "about 13 points better for you this round" in line and "−" not in line and "+" not in line
    steps = hint_line(Hint(draw, 0.3, play, 0.1, 40, 0.05), "steps")
    assert "about 20% less likely" in steps and "deal-size" not in steps and "sampled" not in steps
    kept = hint_line(Hint(draw, 1.0, play, 2.0, 40, 0.1), "points")  # hard kept its choice
    assert "about as good" in kept


@pytest.mark.parametrize(("value", "other", "margin"), [(14.0, 0.0, 13.4), (0.2, 0.0, 0.5), (0.04, 0.0, 0.1)])
def test_a_difference_within_its_error_is_said_to_be_about_equal(value, other, margin):
    """A hint that said "about 14 points better" where the error was 13 points was contradicted by the
    review; within two standard errors the options are about equal, and no figure is given."""
    from game.actions import Action
    from game.coach import Hint
    from ui.table.coach_view import hint_line
    from ui.text import setup

    hint = Hint(Action(0, Kind.DRAW), value, Action(0, Kind.PASS), other, 121, margin)
    assert hint.close
    for lang in ("en", "ja"):
        setup(lang)
        line = hint_line(hint, "points")
        assert not any(ch.isdigit() for ch in line), line  # no precise-sounding difference, no deal count
    setup("en")
    assert "about as good" in hint_line(hint, "steps")


def test_the_hint_carries_the_error_of_its_difference():
    hint = Coach().hint(risky_game().view(0))
    assert hint is not None and hint.margin >= 0
    assert hint.close == (hint.value - hint.other_value <= 2 * hint.margin)


def test_the_review_suggests_what_the_hint_suggests_for_the_same_position():
    """The hint and the review's "hard plays" are hard seeded from the view alike: they cannot name
    different moves for the same position."""
    from game.review import review_game

    game = risky_game()
    view = game.view(0)
    hint = Coach().hint(view)
    review = review_game(risky_game(), [hint.other], 0, work=300, hard_work=HardSeat.work)
    assert review.decisions[0].suggested.action == hint.action


def test_a_small_chance_of_a_huge_loss_asks_first():
    """Super, 4 players: ♥K at a 9% chance costing 3,079 points played with no warning; its expected
    cost (277) is more than losing an ordinary super round (its `usual_loss`), so it is risky."""
    from game.actions import Action
    from game.coach import Danger
    from game.seats.presets import knowledge

    usual = knowledge("super").usual_loss

    play = Action(0, Kind.PLAY)
    huge = Danger(play, 0.09, (3,), 3079, usual)
    assert huge.risky and huge.expected > usual
    ordinary = Danger(play, 0.09, (3,), 300, usual)
    assert not ordinary.risky  # a small chance of an ordinary price still goes down unasked
    assert Danger(play, 0.2, (3,), 40, usual).risky  # 15% or more asks whatever the price
    assert not Danger(play, 0.09, (3,), -500, usual).risky  # a call you would turn round


def test_the_dangers_carry_the_presets_usual_loss():
    from game.seats.presets import knowledge

    dangers = Coach().dangers(risky_game().view(0))
    assert dangers and all(d.usual == knowledge("app").usual_loss for d in dangers)


def test_a_danger_line_never_names_one_seat_when_another_could_call_too():
    from game.actions import Action
    from game.coach import Danger
    from ui.table.coach_view import danger_line
    from ui.text import setup

    setup("en")
    names = {1: "Ren", 2: "Hana", 3: "Sora"}.__getitem__
    card = risky_game().view(0).hand[0]
    partial = Danger(Action(0, Kind.PLAY, (card,)), 0.09, (3,), 3079, 62.0, unnamed=True)
    line = danger_line(partial, card, names)
    assert line.startswith("Someone (most likely Sora) could call")
    every = Danger(Action(0, Kind.PLAY, (card,)), 0.3, (3, 2), 300, 62.0)
    assert danger_line(every, card, names).startswith("Sora or Hana could call")


def test_every_seat_seen_able_to_call_is_named_or_someone_is_said():
    """From the view alone: each seat that could call in some sampled deal is among the callers, and a
    seat whose hand could call but never did in a sample makes the danger 'unnamed'."""
    for d in Coach().dangers(risky_game().view(0)):
        assert 0 not in d.callers
        if d.chance > 0:
            assert d.callers or d.unnamed
