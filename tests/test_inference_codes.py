"""The inference sampler's state on ints: bitmask weights, codes for the cores, and its distribution.

The sampler weighs a proposed hand by its bitmask and swaps cards in place; the cores are refilled from
its codes (bitmasks and ids) with no `Card` in between. These tests hold that path to what it stands
for: the same weights as reading the clues afresh off the card lists, the same deals as `deal`, the
hard facts of the view kept, the same worlds from the same seed, and draws in proportion to the
weights (the chain's card marginals against an importance-weighted estimate from uniform deals).
"""

from __future__ import annotations

import math
import random

import pytest
from test_fast_rollouts import MOVED, positions
from test_inference import act, app_game

from game.actions import Kind
from game.seats import HardSeat, fast
from game.seats.determinize import determinize, known_in_hand
from game.seats.inference import _LOG_DRAW, _LOG_PASS, HandSampler


def reference_weight(sampler: HandSampler, seat: int) -> float:
    """The log-weight of the seat's current hand read off the clues and the card lists alone."""
    nocalls, voids, steers = sampler.clues[seat]
    free = sampler.free[seat]
    hand = sampler.hand(seat, free)
    broken = 0.0
    if sampler.policy is not None:
        for steer in steers:
            broken += sampler.steer_weight(hand, steer)
    for clue in nocalls:
        if sampler.book.could_call(hand + list(clue.played), clue.totals):
            broken += _LOG_PASS
    for void in voids:
        fitting = void.played_fitting + sum(1 for c in free if c.id in void.fits)
        if fitting > void.allowance:
            broken += _LOG_DRAW * (fitting - void.allowance)
    return broken


def check_state(sampler: HandSampler, view) -> None:
    """The hard facts of the view, and the chain's int state agreeing with its card lists."""
    others, stock = sampler.deal()
    masks, stock_ids = sampler.codes()
    assert stock_ids == [c.id for c in stock]
    placed = [c.id for hand in others.values() for c in hand] + stock_ids
    assert len(placed) == len(set(placed))  # every unseen card once
    seen = {c.id for c in view.hand} | {c.id for c in view.discard}
    assert not seen & set(placed)
    for seat, hand in others.items():
        assert len(hand) == view.hand_sizes[seat]  # sizes match
        assert masks[seat] == sum(1 << c.id for c in hand)
        for card in sampler.known.get(seat, ()):  # known cards stay where they are known to be
            assert masks[seat] >> card.id & 1
        assert sampler.masks[seat] == sum(1 << c.id for c in sampler.free[seat])
        assert sampler.rank_sums[seat] == sum(c.rank for c in sampler.free[seat])
        assert sampler.weights[seat] == pytest.approx(reference_weight(sampler, seat), abs=1e-9)


@pytest.mark.parametrize("preset", MOVED)
def test_the_int_state_keeps_the_views_facts_and_the_clues_weights(preset):
    checked = 0
    for n, (_game, _seat, view) in enumerate(positions(preset, 3)):
        sampler = HandSampler(view, random.Random(n), known_in_hand(view))
        for _ in range(4):
            sampler.mix(25)
            check_state(sampler, view)
        checked += 1
    assert checked >= 3


@pytest.mark.parametrize("preset", MOVED)
def test_a_core_refilled_from_codes_is_the_one_refilled_from_cards(preset):
    checked = 0
    for n, (_game, _seat, view) in enumerate(positions(preset, 2)):
        rng = random.Random(n)
        hands = HandSampler(view, rng, known_in_hand(view))
        first = fast.to_core(determinize(view, rng, hands.deal()))
        hands.mix(10)
        state = rng.getstate()
        from_cards = fast.refill(first, hands.deal(), rng)
        rng.setstate(state)
        from_codes = fast.refill_codes(first, *hands.codes(), rng)
        assert from_codes.key() == from_cards.key()
        assert from_codes.mover == from_cards.mover
        checked += 1
    assert checked >= 2


def searched_worlds(view, seed: int) -> list:
    """The worlds a hard seat's search would meet first: the reused deals, then fresh ones."""
    hard = HardSeat(seed)
    hard.infer(view)
    sample = hard.sampler(view)
    return [sample().key() for _ in range(hard.risk_deals + 20)]


@pytest.mark.parametrize("preset", ["app", "jda", "kabu"])
def test_the_same_seed_samples_the_same_worlds(preset):
    _game, _seat, view = next(positions(preset, 2, share=0.5))
    assert searched_worlds(view, 4) == searched_worlds(view, 4)


def test_the_chain_draws_hands_in_proportion_to_their_weights():
    """Card marginals of the chain's deals against an importance-weighted estimate from uniform deals
    (each weighed by the product of its hands' weights): two estimates of one distribution, which must
    agree within sampling error for every unseen card in every hidden hand."""
    g = app_game(
        [["5H", "9C", "KS", "2D", "3D"], ["AS", "4C", "6C", "7C", "QS"], ["8D", "JD", "10S", "3S", "4S"]],
        "5S",
    )
    act(g, 0, Kind.PLAY, "5H")
    act(g, 1, Kind.DRAW)  # seat 1 drew on the 5 of hearts: a clue that moves the distribution
    view = g.view(2)
    chain = HandSampler(view, random.Random(11), known_in_hand(view))
    chain.mix(500)
    draws = 4000
    counts: dict[tuple[int, int], float] = {}
    for _ in range(draws):
        chain.mix(10)
        for seat, mask in chain.codes()[0].items():
            for card in range(64):
                if mask >> card & 1:
                    counts[seat, card] = counts.get((seat, card), 0) + 1
    uniform = HandSampler(view, random.Random(12), known_in_hand(view))
    weighted: dict[tuple[int, int], float] = {}
    total = squares = 0.0
    for _ in range(20000):
        uniform.redeal()
        w = math.exp(sum(uniform.log_weight(s, uniform.free[s]) for s in uniform.others))
        total += w
        squares += w * w
        for seat, mask in uniform.codes()[0].items():
            for card in range(64):
                if mask >> card & 1:
                    weighted[seat, card] = weighted.get((seat, card), 0.0) + w
    effective = total * total / squares  # the weighted estimate's effective sample size
    moved = 0
    for key in set(counts) | set(weighted):
        p_chain = counts.get(key, 0) / draws
        p_weighted = weighted.get(key, 0.0) / total
        # the chain's draws are correlated (thinning 10): its error taken as that of a quarter as many
        se = math.sqrt(
            p_chain * (1 - p_chain) / (draws / 4) + p_weighted * (1 - p_weighted) / effective + 1e-6
        )
        assert abs(p_chain - p_weighted) < 5 * se, (key, p_chain, p_weighted, se)
        blind = len(uniform.free[key[0]]) / uniform.pooled  # its chance with no clue
        moved += abs(p_weighted - blind) > 0.05  # the clue moved this card's chance off uniform
    assert moved >= 5  # the test has something to tell apart
