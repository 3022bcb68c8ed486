"""The learned play policy (game.seats.policy, tools/fit_policy.py): fitted by maximum likelihood, it
predicts choices it was not fitted on better than chance, and the hard seat's inference reads with it."""

from __future__ import annotations

import math
import random

import pytest
from toolkit import tool

from game import deck
from game.seats.policy import (
    FEATURES,
    Choice,
    choice,
    fit,
    log_chance,
    log_chance_of,
    mean_log_likelihood,
    uniform_log_likelihood,
)
from game.seats.presets import knowledge
from game.seats.presets.policy_weights import WEIGHTS

fit_policy = tool("fit_policy")
DECK = deck("52")


def synthetic(weights: tuple[float, ...], count: int, seed: int) -> list[Choice]:
    """Choices drawn from the softmax with `weights` over random options."""
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        rows = []
        for _option in range(rng.randrange(2, 6)):
            row = [0.0] * len(FEATURES)
            row[rng.randrange(len(FEATURES) - 1)] = 1.0
            row[-1] = rng.random()
            rows.append(tuple(row))
        scores = [math.exp(sum(w * x for w, x in zip(weights, row, strict=True))) for row in rows]
        pick = rng.random() * sum(scores)
        chosen = 0
        while pick > scores[chosen]:
            pick -= scores[chosen]
            chosen += 1
        out.append(Choice(tuple(rows), chosen))
    return out


def test_the_fit_recovers_the_weights_that_made_the_choices():
    truth = tuple([0.0, -2.0, 1.0, *([0.0] * (len(FEATURES) - 5)), 1.5, 3.0])
    fitted = fit(synthetic(truth, 3000, 1))
    assert abs(fitted[1] - fitted[0] - (truth[1] - truth[0])) < 0.4  # ranks: only differences matter
    assert abs(fitted[2] - fitted[0] - (truth[2] - truth[0])) < 0.4
    assert abs(fitted[-1] - truth[-1]) < 0.6
    held = synthetic(truth, 1000, 2)
    assert mean_log_likelihood(fitted, held) > uniform_log_likelihood(held) + 0.1


def test_a_policy_fitted_on_a_few_self_played_rounds_predicts_the_others_better_than_chance():
    rounds = fit_policy.collect("app", 12, 3, 1)
    train = [c for deal, choices in rounds if deal % 2 == 0 for c in choices]
    held = [c for deal, choices in rounds if deal % 2 == 1 for c in choices]
    assert len(train) > 20 and len(held) > 20
    weights = fit(train)
    assert mean_log_likelihood(weights, held) > uniform_log_likelihood(held) + 0.1
    assert fit_policy.collect("app", 12, 3, 1) == rounds  # a seed fixes the self-play


def test_the_policy_tool_writes_the_same_module_from_the_same_seed(tmp_path, capsys):
    out = tmp_path / "weights.py"
    args = ["--rounds", "4", "--workers", "1", "--seed", "5", "--rules", "app,kabu", "--out", str(out)]
    assert fit_policy.main(args) == 0
    module: dict = {}
    exec(compile(out.read_text(encoding="utf-8"), str(out), "exec"), module)
    assert set(module["WEIGHTS"]) == {"app", "kabu"}
    assert all(len(w) == len(FEATURES) for w in module["WEIGHTS"].values())
    assert fit_policy.main([*args, "--check"]) == 0
    out.write_text(out.read_text(encoding="utf-8").replace("0.", "1.", 1), encoding="utf-8")
    assert fit_policy.main([*args, "--check"]) == 1
    assert "differs" in capsys.readouterr().out


def test_the_shipped_app_policy_reads_a_low_card_played_past_a_king_as_unlikely():
    """In app a seat sheds high numbers: playing the 3 while a fitting K was held is far less likely
    than playing the K, so a guessed hand holding that K is a less likely hand."""
    know = knowledge("app")
    k, three, five = (DECK.card(code) for code in ("KS", "3S", "5H"))
    then = [k, three, five]
    share = {v: 1 / 13 for v in range(1, 14)}
    options = [k, three]  # both spades fit a spade on the field
    played_k = log_chance(WEIGHTS["app"], choice(know, share, options, then, k))
    played_three = log_chance(WEIGHTS["app"], choice(know, share, options, then, three))
    assert played_three < math.log(0.2) < math.log(0.8) < played_k


def test_the_inference_scores_a_choice_as_the_fitted_model_does():
    know = knowledge("super")
    then = [DECK.card(code) for code in ("8H", "KH", "3H", "5C")]
    share = {v: 1 / 20 for v in range(1, 21)}
    for card in then[:3]:
        modelled = log_chance(WEIGHTS["super"], choice(know, share, then[:3], then, card))
        assert log_chance_of(WEIGHTS["super"], know, share, then[:3], then, card) == pytest.approx(modelled)
