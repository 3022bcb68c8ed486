"""The learned value of a position (game.seats.value, tools/fit_values.py): fitted by least squares on
self-play, it predicts rounds it was not fitted on better than a constant, and a rollout cut short
ends on it."""

from __future__ import annotations

import random

import pytest
from toolkit import tool

from game import deck
from game.engine import Game
from game.phase import Phase
from game.rules import make_rules
from game.seats.hard import outcome, play_out
from game.seats.presets import knowledge
from game.seats.presets.value_weights import WEIGHTS
from game.seats.value import (
    FEATURES,
    Sample,
    constant_error,
    features,
    fit,
    mean_squared_error,
    position_values,
    predict,
)

fit_values = tool("fit_values")
DECK = deck("52")


def synthetic(weights: tuple[float, ...], count: int, seed: int) -> list[Sample]:
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        row = [0.0] * len(FEATURES)
        row[rng.randrange(7)] = 1.0
        row[7] = rng.random() * 5
        row[8] = rng.random()
        row[9 + rng.randrange(4)] = 1.0
        target = sum(w * x for w, x in zip(weights, row, strict=True)) + rng.gauss(0, 5)
        out.append(Sample(tuple(row), target))
    return out


def test_the_fit_recovers_the_weights_that_made_the_values():
    truth = (10.0, 5.0, 0.0, -3.0, -8.0, -12.0, -20.0, -4.0, 60.0, 2.0, 1.0, 0.0, -1.0)
    fitted = fit(synthetic(truth, 4000, 1), ridge=0.01)
    # sizes and turns are one-hot groups that always sum to 1 together: compare within a group
    assert abs((fitted[0] - fitted[6]) - (truth[0] - truth[6])) < 1.5
    assert abs(fitted[7] - truth[7]) < 0.5
    assert abs(fitted[8] - truth[8]) < 2.0
    held = synthetic(truth, 1000, 2)
    assert mean_squared_error(fitted, held) < 0.5 * constant_error(held)


def test_a_value_fitted_on_a_few_self_played_rounds_predicts_the_others_better_than_a_constant():
    rounds = fit_values.collect("super", 24, 3, 1)
    train = [s for deal, samples in rounds if deal % 2 == 0 for s in samples]
    held = [s for deal, samples in rounds if deal % 2 == 1 for s in samples]
    assert len(train) > 100 and len(held) > 100
    weights = fit(train)
    assert mean_squared_error(weights, held) < constant_error(held)
    assert fit_values.collect("super", 24, 3, 1) == rounds  # a seed fixes the self-play


def test_the_value_tool_writes_the_same_module_from_the_same_seed(tmp_path, capsys):
    out = tmp_path / "values.py"
    args = ["--rounds", "4", "--workers", "1", "--seed", "5", "--rules", "app,kabu", "--out", str(out)]
    assert fit_values.main(args) == 0
    module: dict = {}
    exec(compile(out.read_text(encoding="utf-8"), str(out), "exec"), module)
    assert set(module["WEIGHTS"]) == {"app", "kabu"}
    assert all(len(w) == len(FEATURES) for w in module["WEIGHTS"].values())
    assert fit_values.main([*args, "--check"]) == 0
    out.write_text(out.read_text(encoding="utf-8").replace("0.", "1.", 1), encoding="utf-8")
    assert fit_values.main([*args, "--check"]) == 1
    assert "differs" in capsys.readouterr().out


def test_in_app_a_short_hand_that_can_call_is_worth_more_than_a_long_one_that_cannot():
    know = knowledge("app")
    small = [DECK.card(code) for code in ("3S", "4H")]  # calls on a 7
    large = [DECK.card(code) for code in ("KS", "QH", "JD", "9C", "10S", "8H")]
    assert features(know, small, 1)[8] > 0
    assert predict(WEIGHTS["app"], features(know, small, 1)) > predict(
        WEIGHTS["app"], features(know, large, 1)
    )


def test_a_rollout_cut_short_ends_on_the_learned_value_which_sums_to_nothing_over_the_table():
    game = Game(make_rules("app", 4, developing=True), 3)
    game.quiet = True
    before = list(game.scores)
    play_out(game, random.Random(1), horizon=2)
    assert game.phase is not Phase.ROUND_OVER
    values = position_values(WEIGHTS["app"], knowledge("app"), game)
    assert abs(sum(values)) < 1e-9 and any(values)
    # nobody's score has moved yet: the value is the whole outcome
    assert [outcome(game, s, before) for s in range(4)] == pytest.approx(values)
