"""A seat's view becomes a core through the hard seat's own sampler (game.sim.views): the core holds
exactly the sampled world, and plays it on exactly as the engine plays the sample."""

from __future__ import annotations

import random

import pytest
from simkit import ENGINE_KEYS, lockstep, random_chooser

from game import REFEREE, Game, make_rules
from game.seats.determinize import determinize
from game.sim import CORES
from game.sim.views import from_view


@pytest.mark.parametrize("preset", sorted(CORES))
def test_a_view_becomes_the_sampled_world_on_a_core(preset):
    rules = make_rules(preset, 4)
    for seed in range(3):
        game = Game(rules, seed)
        choose = random_chooser(seed)
        for _ in range(30 + 17 * seed):  # somewhere in the first round, at a turn
            seat = game.sync_next()
            if seat == REFEREE:
                break
            legal = game.sync_actions(seat)
            game.apply(legal[0] if len(legal) == 1 else choose(game, seat, legal))
        seat = game.sync_next()
        if seat == REFEREE:
            continue
        view = game.view(seat)
        sim = from_view(view, random.Random(seed))
        world = determinize(view, random.Random(seed))
        assert sim.key() == ENGINE_KEYS[type(sim)](world)
        assert sim.hands[seat] == sum(1 << c.id for c in game.hands[seat])  # its own hand, as it is
        lockstep(world, sim, random_chooser(seed + 1), rounds=1)


def test_a_preset_without_a_core_is_refused():
    game = Game(make_rules("super", 10), 1)  # ten seats: two decks
    with pytest.raises(ValueError):
        from_view(game.view(0), random.Random(1))
