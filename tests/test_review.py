"""The AI review (game.review): hard's choice and each choice's worth, judged from the reviewed seat's own
view. A planted blunder is flagged and the sound play before it is not; a missed dobon is marked; hidden
cards the seat could not see change nothing; `main.py review` explains bad input. Small work budgets."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from positions import scenario

from game import REFEREE, Action, Game, Kind, make_rules
from game.events import RoundEnded
from game.headless import play, write_log
from game.history import entry, record
from game.phase import Phase
from game.review import (
    Grade,
    ReviewError,
    grade,
    points,
    retry,
    review_file,
    review_game,
    round_worth,
    spot_at,
)
from game.scenario import parse
from game.seats import make_seat

ROOT = Path(__file__).resolve().parents[1]
SMALL = {"work": 1500, "hard_work": 1500}


def scripted(data: dict, moves: list[str]) -> tuple[dict, list[Action]]:
    """Play a round from the scenario: seat 0's choices are `moves` (card codes; "pass" passes), asked
    only when it has a choice, then a basic AI's; every other seat is a basic AI. Returns the scenario
    and the log."""
    game = parse(data).game()
    other = make_seat("basic", 1, 1)
    script = list(moves)
    for _ in range(400):
        if game.phase in (Phase.ROUND_OVER, Phase.MATCH_OVER):
            break
        seat = game.sync_next()
        legal = list(game.sync_actions(seat))
        if len(legal) == 1 or seat == REFEREE:
            action = legal[0]
        elif seat == 0 and script:
            move = script.pop(0)
            kind = Kind.PASS if move == "pass" else Kind.PLAY
            cards = () if move == "pass" else (game.deck.card(move),)
            action = Action(0, kind, cards)
            assert action in legal, f"{action} is not legal here"
        else:
            action = other.act(game.view(seat, legal))
        game.apply(action)
    assert not script and game.phase is Phase.ROUND_OVER
    return data, list(game.actions)


# Every card but three lies face up under the field, so from seat 0's own view the hidden cards are ♦9,
# ♠5 and ♥5, all in seat 1's hand. Seat 0 plays a 9 (either is sound), seat 1 answers with ♦9 and is
# left with 5 + 5 = 10; then ♦10 hands it a dobon (the blunder) where the other 9 was safe.
def blunder() -> tuple[dict, list[Action]]:
    data = scenario("app", [["9C", "9H", "10D"], ["9D", "5S", "5H"]], "9S", rest="field", seed=4)
    return scripted(data, ["9C", "10D"])


# Two hidden cards, seat 1's one card and the stock's one, both 5s: which is where seat 0 cannot see.
def two_fives(hidden: tuple[str, str]) -> tuple[dict, list[Action]]:
    data = scenario(
        "app", [["9C", "10C", "3C", "KC"], [hidden[0]]], "7C", draws=[hidden[1]], rest="field", seed=4
    )
    return scripted(data, ["3C", "10C"])


def test_a_planted_blunder_is_flagged_and_the_sound_play_is_not():
    data, actions = blunder()
    review = review_game(parse(data).game(), actions, 0, **SMALL)
    first, second = review.decisions
    assert first.chosen.action.card.code == "9C" and second.chosen.action.card.code == "10D"
    assert review.worst() == [second]
    # hard (seeded from the view, as the coach's hint is) suggests a safe move: the other 9, or a draw
    safe = second.suggested.action
    assert (safe.kind is Kind.DRAW or safe.card.code == "9H") and second.let_call == [1]
    assert second.loss > 30 and second.loss > 3 * second.loss_se  # a dobon costs far more than noise
    assert not first.significant and not first.let_call
    assert "dobon'd by seat 1" in review.table()


def test_a_review_never_uses_a_card_the_seat_could_not_see():
    """Swap the 5 seat 1 holds with the one in the stock: seat 0's view is the same at every moment (it
    saw neither), so is its review, choice by choice, to the last digit."""
    one = two_fives(("5S", "5H"))
    other = two_fives(("5H", "5S"))
    assert parse(one[0]).game().hands[1] != parse(other[0]).game().hands[1]
    a = review_game(parse(one[0]).game(), one[1], 0, seed=3, **SMALL)
    b = review_game(parse(other[0]).game(), other[1], 0, seed=3, **SMALL)
    assert a.to_json() == b.to_json()


def test_a_missed_dobon_is_marked():
    """Seat 0 holds ♣4 ♦2 (6); seat 1 plays ♥6 and seat 0 lets it pass."""
    data = scenario("app", [["4C", "2D"], ["6H", "9D", "10D"]], "6S", turn=1, seed=2)
    data, actions = scripted(data, ["pass"])
    review = review_game(parse(data).game(), actions, 0, work=500, hard_work=500)  # a long round
    missed = [d for d in review.decisions if d.missed_dobon]
    assert len(missed) == 1 and missed[0].kind == "no call"
    assert missed[0].suggested.action.kind is Kind.DOBON
    assert missed[0].loss > 0 and missed[0] in review.worst()


def test_progress_counts_every_decision_and_the_review_is_repeatable():
    data, actions = blunder()
    seen = []
    first = review_game(parse(data).game(), actions, 0, progress=lambda d, t: seen.append((d, t)), **SMALL)
    assert seen == [(0, 2), (1, 2), (2, 2)]
    again = review_game(parse(data).game(), actions, 0, **SMALL)
    assert again.to_json() == first.to_json()


@pytest.mark.parametrize("preset", ["app", "standard", "super", "jda", "kabu"])
def test_every_preset_reviews(preset, tmp_path):
    game = Game(make_rules(preset, 3, {}, developing=True), 6)
    play(game, [make_seat("normal", 6, s) for s in range(3)], 1)
    path = record(game, ["human", "normal", "normal"], 0, "r", folder=tmp_path)
    review = review_file(path, 0, work=200, hard_work=200)
    assert review.preset == preset and review.actions == len(game.actions) and review.decisions
    for d in review.decisions:
        assert d.chosen.action.seat == 0 and d.suggested.action.seat == 0
        if d.forced:  # listed for what it led to, never valued or graded
            assert d.grade is None and d.worlds == 0 and d.agreed
        elif d.agreed:  # nothing lost: no valuation spent
            assert d.grade is Grade.BEST and d.worlds == 0 and d.loss == 0
        else:
            assert d.worlds >= 8 and d.grade is not None


def main_py(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "main.py", *args], cwd=ROOT, capture_output=True, text=True)


def test_main_review_prints_the_list_and_keeps_it_in_the_record(tmp_path):
    data, actions = blunder()
    game = parse(data).game()
    for action in actions:
        game.apply(action)
    path = record(game, ["human", "normal"], 0, "b", folder=tmp_path)
    done = main_py("review", str(path), "--seat", "0", "--work", "1500", "--json")
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    (worst,) = data["worst"]
    flagged = next(d for d in data["decisions"] if d["step"] == worst)
    assert flagged["chosen"]["action"]["cards"] == ["10D"] and flagged["let_call"] == [1]
    assert entry(path).reviews["0"] == data
    text = main_py("review", str(path), "--seat", "0", "--work", "1500", "--no-save")
    assert text.returncode == 0 and "10" in text.stdout and "dobon'd by seat 1" in text.stdout


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (["--seat", "5"], "no seat 5"),
        (["--seat", "0", "--round", "4"], "no round 4"),
        (["--seat", "0", "--work", "0"], "--work"),
        (["--seat", "x"], "invalid int"),
        ([], "--seat"),
    ],
)
def test_main_review_wrong_flags(args, needle, tmp_path):
    log = tmp_path / "g.jsonl"
    game = Game(make_rules("app", 2, {}), 1)
    play(game, [make_seat("basic", 1, s) for s in range(2)], 1)
    write_log(log, game, ["basic", "basic"])
    done = main_py("review", str(log), *args)
    assert done.returncode == 2 and needle in done.stderr and "Traceback" not in done.stderr


@pytest.mark.parametrize(
    "content", ["", "not json\n", '{"dobon_log": 1}\n', '{"dobon_log": 1, "rules": "app"']
)
def test_main_review_of_a_corrupt_file(content, tmp_path):
    bad = tmp_path / "bad.jsonl"
    bad.write_text(content, encoding="utf-8")
    done = main_py("review", str(bad), "--seat", "0")
    assert done.returncode == 2 and "bad.jsonl" in done.stderr and "Traceback" not in done.stderr
    missing = main_py("review", str(tmp_path / "none.jsonl"), "--seat", "0")
    assert missing.returncode == 2 and "none.jsonl" in missing.stderr


def test_a_review_error_names_the_problem():
    with pytest.raises(ReviewError, match="no seat 3"):
        review_game(Game(make_rules("app", 2, {}), 1), [], 3)


def test_a_call_let_pass_in_silence_is_a_missed_dobon():
    """At a real-time table nobody passes: the window just closes (the referee's CLOSE). A seat that
    could have called and stayed silent missed the dobon all the same."""
    data = scenario("app", [["4C", "2D"], ["6H", "9D", "10D"]], "6S", turn=1, seed=2)
    game = parse(data).game()
    log = [Action(1, Kind.PLAY, (game.deck.card("6H"),)), Action(REFEREE, Kind.CLOSE)]
    for action in log:
        game.apply(action)  # the log is legal as it stands
    review = review_game(parse(data).game(), log, 0, **SMALL)
    (missed,) = review.decisions
    assert missed.missed_dobon and missed.kind == "no call" and missed.chosen.action.kind is Kind.PASS
    assert missed.suggested.action.kind is Kind.DOBON and missed.loss > 0


def test_main_review_names_a_second_decks_card_as_the_screen_does(tmp_path):
    """Super with two decks: seat 0 holds the second deck's ♣4 and lets a dobon pass. The command line
    says "♣4 (deck 2)" as the table does, never the log's terse "♣4#2"."""
    data = scenario(
        "super", [["4C#2", "2D"], ["6H", "9D", "10D"]], "6S", turn=1, seed=2, options={"two_decks": True}
    )
    data, actions = scripted(data, ["pass"])
    game = parse(data).game()
    for action in actions:
        game.apply(action)
    path = record(game, ["human", "normal"], 0, "d", folder=tmp_path)
    done = main_py("review", str(path), "--seat", "0", "--work", "500", "--no-save")
    assert done.returncode == 0, done.stderr
    assert "hand ♦2 ♣4 (deck 2)" in done.stdout and "#2" not in done.stdout
    assert "missed dobon" in done.stdout


def test_trying_a_decision_again_values_the_new_choice_on_the_reviews_own_worlds():
    """The blunder's spot offers the seat's options then; trying one values it beside the seat's choice
    and hard's on the same worlds, so those two get the review's numbers again."""
    data, actions = blunder()
    review = review_game(parse(data).game(), actions, 0, seed=5, **SMALL)
    flagged = review.decisions[1]
    spot = spot_at(parse(data).game(), actions, 0, flagged.step)
    assert spot.chosen == flagged.chosen.action and not spot.forced
    assert sorted(a.text() for a in spot.options) == sorted(
        ["seat 0 draw", "seat 0 play ♦10", "seat 0 play ♥9"]
    )
    draw = next(a for a in spot.options if a.kind is Kind.DRAW)
    answer = retry(spot, draw, flagged.suggested.action, seed=5, worlds=flagged.worlds, work=1500)
    assert answer["chosen"].choice.value == pytest.approx(flagged.chosen.value)
    assert answer["chosen"].loss == pytest.approx(flagged.loss)
    assert answer["suggested"].loss == 0 and answer["tried"].choice.action == draw
    with pytest.raises(ReviewError, match="no decision before action 2"):
        spot_at(parse(data).game(), actions, 0, 1)


def test_each_decision_of_a_real_game_names_a_moment_of_its_own():
    """A real three-round game: no two listed decisions read alike. Each names its round, its turn, the
    field card and the seat's hand then; the hand is the one the seat held (its chosen card in it)."""
    game = Game(make_rules("app", 4, {}, developing=True), 21)
    play(game, [make_seat("normal", 21, s) for s in range(4)], 3)
    review = review_game(Game(make_rules("app", 4, {}, developing=True), 21), list(game.actions), 0, **SMALL)
    moments = [(d.match_no, d.round_no, d.turn_no, d.field_card, d.hand, d.kind) for d in review.decisions]
    assert len(set(moments)) == len(moments) and {m[1] for m in moments} == {1, 2, 3}
    for d in review.decisions:
        assert d.turn_no >= 1 and d.field_card and d.hand
        assert all(c.code in d.hand for c in d.chosen.action.cards)
    lines = review.table(top=100).splitlines()[2::2]  # one line naming the moment per decision listed
    assert len(set(lines)) == len(lines)


def test_forced_moves_are_listed_but_never_graded():
    game = Game(make_rules("app", 4, {}, developing=True), 21)
    play(game, [make_seat("normal", 21, s) for s in range(4)], 3)
    review = review_game(Game(make_rules("app", 4, {}, developing=True), 21), list(game.actions), 0, **SMALL)
    forced = [d for d in review.decisions if d.forced]
    assert forced and all(d.grade is None and d.to_json()["grade"] is None for d in forced)
    summary = review.summary()
    assert summary.forced == len(forced) and sum(summary.grades.values()) == summary.decisions


@pytest.mark.parametrize(
    ("loss", "se", "expected"),
    [
        (30.0, 20.0, Grade.UNCLEAR),  # might be a mistake, might be nothing: not clearly above its error
        (30.0, 15.0, Grade.UNCLEAR),  # exactly two errors: still not clearly above
        (30.0, 5.0, Grade.MISTAKE),  # 0.45 of a round (app: 66)
        (45.0, 5.0, Grade.BLUNDER),
        (10.0, 1.0, Grade.INACCURACY),
        (2.0, 1.0, Grade.GOOD),  # even its upper bound is under a tenth of a round
        (-20.0, 30.0, Grade.UNCLEAR),
    ],
)
def test_a_grade_is_given_only_where_the_loss_is_clearly_larger_than_its_error(loss, se, expected):
    assert grade(loss, se, round_worth("app"), agreed=False) is expected
    assert grade(loss, se, round_worth("app"), agreed=True) is Grade.BEST


def test_the_summary_splits_the_result_into_decisions_and_the_rest():
    data, actions = blunder()
    review = review_game(parse(data).game(), actions, 0, **SMALL)
    s = review.summary()
    played = parse(data).game()
    for action in actions:
        played.apply(action)
    (ended,) = [e for e in played.events if isinstance(e, RoundEnded)]
    assert s.result == ended.result.deltas[0] < 0  # seat 0 was dobon'd
    assert s.decisions == 2 and s.cost == pytest.approx(sum(d.loss for d in review.decisions))
    assert s.rest == pytest.approx(s.result + s.cost)  # in app more is better: what hard's choices scored
    assert review.to_json()["summary"]["result"] == s.result


def test_numbers_are_as_precise_as_the_presets_scale_needs():
    """A jda round moves a quarter of a point: its losses need more than one decimal to say anything;
    a rounded-away negative never prints as "-0.0"."""
    assert points(0.0421, round_worth("jda")) == "+0.042"
    assert points(0.31, round_worth("kabu")) == "+0.31"
    assert points(-12.34, round_worth("app")) == "-12.3"
    assert points(-0.01, round_worth("app")) == "+0.0" and points(2.0, 66, signed=False) == "2.0"
