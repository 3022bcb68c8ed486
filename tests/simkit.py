"""The engine and a simulation core side by side, for the sim's equivalence tests."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from game import REFEREE, Game, make_rules
from game.actions import Action, Kind, is_call
from game.engine import Phase
from game.seats.base import Seat
from game.sim import AppSim, SuperSim, play_random, random_seats
from game.sim import app as app_core
from game.sim import jda as jda_core
from game.sim import kabu as kabu_core
from game.sim import standard as standard_core
from game.sim import super as super_core
from game.sim.jda import JdaSim
from game.sim.kabu import KabuSim
from game.sim.standard import StandardSim

# each core's engine-side key (the sim's own is its key())
ENGINE_KEYS = {
    AppSim: app_core.engine_key,
    SuperSim: super_core.engine_key,
    StandardSim: standard_core.engine_key,
    JdaSim: jda_core.engine_key,
    KabuSim: kabu_core.engine_key,
}


@dataclass(frozen=True, slots=True)
class LegalOnly:
    """The part of a seat view a `random` seat reads (RandomSeat.act takes `view.legal` alone), so a
    test can drive many engine rounds without building full views."""

    legal: Sequence[Action]


def app_game(players: int, seed: int) -> Game:
    return Game(make_rules("app", players, {"max_players": 6}), seed)


def super_game(players: int, seed: int, **options) -> Game:
    return Game(make_rules("super", players, options), seed)


def play_engine(game: Game, seats: Sequence[Seat], rounds: int, *, views: bool = False) -> None:
    """`game.headless.play` with its own loop: seats asked only with a choice; `views` False hands a
    random seat the legal list alone (faster, and all it reads)."""
    done = 0
    while done < rounds:
        seat = game.sync_next()
        if seat == REFEREE:
            game.apply(game.legal_actions(REFEREE)[0])
            continue
        legal = game.sync_actions(seat)
        if len(legal) == 1:
            action = legal[0]
        else:
            action = seats[seat].act(game.view(seat, legal) if views else LegalOnly(legal))  # type: ignore[arg-type]
        game.apply(action)
        if game.phase is Phase.ROUND_OVER or game.phase is Phase.MATCH_OVER:
            done += 1


def engine_codes(game: Game, core: type = AppSim) -> list[tuple[int, int]]:
    """The engine's action log as the core's (seat, code) pairs."""
    return [(a.seat, core.code(a)) for a in game.actions]


def lockstep(
    game: Game,
    sim: AppSim | SuperSim | StandardSim | JdaSim | KabuSim,
    choose: Callable[[Game, int, Sequence[Action]], Action],
    rounds: int,
    *,
    keys: bool = True,
) -> int:
    """Step the engine and the sim together, one action at a time, for `rounds` round ends: the same
    seat is asked, it is offered the same actions in the same order, and (with `keys`) every position
    is the same. `choose` picks from the engine's legal list. Returns the actions applied."""
    engine_key = ENGINE_KEYS[type(sim)]
    code = type(sim).code
    done = steps = 0
    while True:
        if keys:
            assert engine_key(game) == sim.key(), f"step {steps}: the positions differ"
        seat = game.sync_next()
        assert sim.to_move() == seat, f"step {steps}: the engine asks {seat}, the sim {sim.to_move()}"
        if seat == REFEREE:
            if done >= rounds:
                return steps
            game.apply(game.legal_actions(REFEREE)[0])
            sim.next_round()
            continue
        legal = game.sync_actions(seat)
        assert [code(a) for a in legal] == sim.legal(seat), f"step {steps}: legal actions differ"
        action = legal[0] if len(legal) == 1 else choose(game, seat, legal)
        assert sim.action(seat, code(action)) == action
        game.apply(action)
        sim.apply(seat, code(action))
        steps += 1
        if game.phase is Phase.ROUND_OVER or game.phase is Phase.MATCH_OVER:
            assert sim.over and sim.result is not None and game.result is not None
            result = game.result
            assert sim.result == (result.ending.value, result.winners, result.losers, result.deltas)
            done += 1


def random_chooser(seed: int, bare: float = 0.0) -> Callable[[Game, int, Sequence[Action]], Action]:
    """Uniform over the legal actions but bare declarations (a random seat's way); with chance `bare`
    a bare declaration where one is offered (super's false dobon: a penalty inside a window)."""
    rng = random.Random(seed)

    def choose(game: Game, seat: int, legal: Sequence[Action]) -> Action:
        false = [a for a in legal if a.kind is Kind.DOBON and not is_call(a)]
        if false and rng.random() < bare:
            return false[0]
        sound = [a for a in legal if a.kind is not Kind.DOBON or is_call(a)] or list(legal)
        return sound[rng.randrange(len(sound))]

    return choose


def check_clone_independence(sim, players: int, into_round: int, last: bool = False) -> None:
    """A core `sim` two rounds on and `into_round` decisions into the next (a window may be open, the
    stock part drawn): a clone played on leaves the original and its generator untouched, and two
    clones given the same choices stay alike. `last`: take each decision's last option, else its first."""
    play_random(sim, random_seats(3, players), 2)
    sim.next_round()
    for _ in range(into_round):
        options = sim.decide()
        if not options:
            break
        sim.apply(sim.mover, options[-1] if last else options[0])
    before, state = sim.key(), sim.rng.getstate()
    twin = sim.clone()
    play_random(twin, random_seats(9, players), 4)  # plays, draws, reshuffles and deals on the copy
    assert sim.key() == before and sim.rng.getstate() == state
    again = sim.clone()
    play_random(sim, random_seats(4, players), 2)
    play_random(again, random_seats(4, players), 2)
    assert again.key() == sim.key()
