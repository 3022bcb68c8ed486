"""The hard seat's rollouts on the simulation cores (game.seats.fast) are its engine rollouts: from the
same sampled world and seed a core plays the engine path's very game, and a search on the cores is as
repeatable as one on the engine."""

from __future__ import annotations

import random
import statistics

import pytest

from game import REFEREE, Game, make_rules
from game.actions import Kind
from game.phase import Phase
from game.seats import HardSeat, fast, make_seat
from game.seats.determinize import determinize, known_in_hand
from game.seats.hard import outcome, play_out
from game.seats.inference import HandSampler

MOVED = sorted(fast.CORE_TYPES)
# kabu's trump stage offers a one-card hand a single play: the engine path still asks its policy (two
# random draws), the core applies it as forced, so the draws after it are shifted by two: the same
# policy in distribution, not draw for draw
INEXACT = {"kabu"}


def positions(preset: str, games: int, share: float = 0.3):
    """Turn decisions with a play to make, met in games between normal seats: (game, seat, view)."""
    rng = random.Random(preset)
    for seed in range(games):
        game = Game(make_rules(preset, 4), seed)
        seats = [make_seat("normal", seed, s) for s in range(4)]
        for _ in range(300):
            if game.phase in (Phase.ROUND_OVER, Phase.MATCH_OVER):
                break
            seat = game.sync_next()
            if seat == REFEREE:
                break
            legal = game.sync_actions(seat)
            view = game.view(seat)
            if len(legal) > 1 and any(a.kind is Kind.PLAY for a in legal) and rng.random() < share:
                yield game, seat, view
            game.apply(seats[seat].act(view) if len(legal) > 1 else legal[0])


@pytest.mark.parametrize("preset", MOVED)
def test_a_core_rollout_plays_the_engine_rollouts_game(preset):
    """Every option of many sampled positions, played out with the same luck on the engine and on the
    core: the same outcome, to the last point (the policy makes the same random calls on the same
    offers), and the same mean (the point of it: the same policy in distribution)."""
    engine, core_path, compared = [], [], 0
    for _game, seat, view in positions(preset, 25):
        world = determinize(view, random.Random(len(view.history)))
        core = fast.to_core(world)
        assert core is not None
        for action in view.legal:
            if action.kind is Kind.DOBON:
                continue
            luck = compared
            on_engine = world.clone(luck)
            on_engine.apply(action)
            play_out(on_engine, random.Random(luck))
            on_core = core.clone(luck)
            assert fast.offers(on_core, action)
            fast.begin(on_core, action)
            play_out(on_core, random.Random(luck))
            engine.append(outcome(on_engine, seat, list(world.scores)))
            core_path.append(outcome(on_core, seat, list(core.scores)))
            if preset not in INEXACT:
                assert on_core.scores == list(on_engine.scores)
            compared += 1
    assert compared >= 50
    diffs = [c - e for c, e in zip(core_path, engine, strict=True)]
    if preset in INEXACT:
        # the same policy, its random draws sometimes one step apart (below): most rollouts identical,
        # and the paired mean difference within sampling error
        assert sum(1 for d in diffs if abs(d) < 1e-9) >= 0.9 * compared
        spread = statistics.stdev(diffs)
        assert abs(statistics.fmean(diffs)) <= 3 * spread / compared**0.5 + 1e-9
    else:
        assert core_path == pytest.approx(engine)
        assert statistics.fmean(core_path) == pytest.approx(statistics.fmean(engine))


@pytest.mark.parametrize("preset", MOVED)
def test_a_refilled_world_is_the_one_determinize_makes(preset):
    """The core path's later worlds refill a copy of the first (no Game in between): the same world
    the engine's sampler would have built from the same deal and the same draws."""
    checked = 0
    for _game, _seat, view in positions(preset, 8):
        rng = random.Random(checked)
        hands = HandSampler(view, rng, known_in_hand(view))
        first = fast.to_core(determinize(view, rng, hands.deal()))
        for _ in range(3):
            hands.mix(10)
            deal = hands.deal()
            state = rng.getstate()
            refilled = fast.refill(first, deal, rng)
            rng.setstate(state)
            made = fast.to_core(determinize(view, rng, deal))
            assert refilled.key() == made.key()
            assert refilled.mover == made.mover
            checked += 1
    assert checked >= 10


def auction_views(games: int):
    """The views of the standard seats asked to bid, in the first round of games between normal seats."""
    for seed in range(games):
        game = Game(make_rules("standard", 4), seed)
        seats = [make_seat("normal", seed, s) for s in range(4)]
        for _ in range(20):
            if game.phase is not Phase.OPENING:
                break
            seat = game.sync_next()
            view = game.view(seat)
            if any(a.kind is Kind.BID for a in view.legal):
                yield view
            game.apply(seats[seat].act(view))


def test_an_auctions_refilled_world_is_the_one_determinize_makes():
    """Hard's auction worlds after the first refill a copy of it on the core: the very worlds that
    determinize (with the bids it supposes) and the conversion make from the same draws."""
    checked = 0
    for n, view in enumerate(auction_views(4)):
        public = dict(view.extra)
        public["bids"] = tuple(1 if s != view.seat else None for s in range(view.players))
        hard = HardSeat(n)
        rng = random.Random()
        rng.setstate(hard.rng.getstate())
        sample = hard.bid_sampler(view, public)
        for _ in range(4):
            world = sample()
            made = determinize(view, rng)
            made.book.restore_round(made, public)
            expected = fast.to_core(made)
            assert fast.is_core(world)
            assert world.key() == expected.key()
            assert world.to_move() == expected.to_move()
            checked += 1
    assert checked >= 12


@pytest.mark.parametrize("preset", MOVED)
def test_a_search_on_the_cores_is_repeatable_and_legal(preset):
    """Hard on the cores: the same seed and view give the same action; the action is legal."""
    for n, (_game, _seat, view) in enumerate(positions(preset, 3, share=0.5)):
        if n >= 6:
            break
        first = HardSeat(n).act(view)
        assert first in view.legal
        assert HardSeat(n).act(view) == first


def test_a_table_without_a_core_keeps_the_engine_path():
    """Super with two decks has no core: hard samples engine games there, and still decides."""
    game = Game(make_rules("super", 10), 1)
    hard = HardSeat(1)
    view = game.view(game.sync_next())
    world = determinize(view, random.Random(1))
    assert fast.to_core(world) is None
    assert hard.world_of(world) is world
    assert isinstance(hard.world_of(world), Game)


@pytest.mark.parametrize("horizon", [None, 40])
def test_a_jda_core_rollout_is_the_engine_paths_step_for_step(horizon):
    """jda's lean rollout (dobons on the field card in turn order, gaeshi, careful turns, the hand
    values where it stops) on the core: from a few hundred sampled positions every option ends in the
    very position the engine path reaches, with the same score and outcome. Draw for draw: no random
    call differs, so nothing is left to sampling error."""
    from game.sim.jda import engine_key

    compared = ended = 0
    for _game, seat, view in positions("jda", 40, share=0.5):
        world = determinize(view, random.Random(len(view.history)))
        core = fast.to_core(world)
        for action in view.legal:
            if action.kind is Kind.DOBON:
                continue
            luck = compared
            on_engine = world.clone(luck)
            on_engine.apply(action)
            play_out(on_engine, random.Random(luck), horizon=horizon)
            on_core = core.clone(luck)
            fast.begin(on_core, action)
            play_out(on_core, random.Random(luck), horizon=horizon)
            assert on_core.key() == engine_key(on_engine)
            assert on_core.scores == list(on_engine.scores)
            assert outcome(on_core, seat, list(core.scores)) == pytest.approx(
                outcome(on_engine, seat, list(world.scores))
            )
            ended += on_core.over
            compared += 1
    assert compared >= 300
    assert ended >= (3 if horizon is None else 20)  # dobons and gaeshi reached, not only turns
