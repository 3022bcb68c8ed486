"""Hard's search spends its work on the options still in question (game.seats.allocation)."""

from __future__ import annotations

import itertools
import random
from types import SimpleNamespace

from game.phase import Phase
from game.seats import HardSeat
from game.seats.allocation import Duel


class Payoff:
    """A stand-in world: each option's score change is set per world; the round ends at once. Every
    option a world is asked about is noted, so a test sees where the work went."""

    def __init__(self, index: int, payoffs: dict[str, list[float]], met: list[str]):
        self.rules = SimpleNamespace(preset="app")
        self.book = SimpleNamespace(higher_is_better=True)
        self.phase, self.n, self.scores = Phase.ROUND_OVER, 2, [0, 0]
        self.index, self.payoffs, self.met = index, payoffs, met

    def clone(self, seed):
        return Payoff(self.index, self.payoffs, self.met)

    def apply(self, option):
        self.met.append(option)
        row = self.payoffs[option]
        self.scores = [row[self.index % len(row)], 0]


def search(payoffs: dict[str, list[float]], prior: str, work: int, **settings) -> tuple[str, list[str]]:
    hard = HardSeat(5)
    hard.work, hard.min_samples, hard.max_samples = work, 8, 200
    for name, value in settings.items():
        setattr(hard, name, value)
    met: list[str] = []
    counter = itertools.count()
    chosen = hard.search(
        SimpleNamespace(preset="app", seat=0),
        list(payoffs),
        lambda: Payoff(next(counter), payoffs, met),
        prior,
    )
    return chosen, met


NOISY = [3.0, -2.0, 1.0, -1.0, 2.0, -3.0]  # every option shares this luck, world by world


def test_an_option_clearly_worse_than_the_rest_meets_no_more_worlds():
    good = [v + 1.0 + (0.5, -0.5, 0.0)[i % 3] for i, v in enumerate(NOISY)]
    payoffs = {
        "prior": NOISY,
        "good": good,
        "bad": [v - 5.0 for v in NOISY],
        "close": [v + (0.4, -0.4)[i % 2] for i, v in enumerate(good)],  # as good as good, on average
    }
    chosen, met = search(payoffs, "prior", work=10**6, stop_z=1000.0)
    assert chosen in ("good", "close")
    assert met.count("bad") == 8  # the minimum every option meets, then dropped
    assert met.count("prior") == met.count("good") == met.count("close") == 200


def test_the_search_stops_early_once_one_option_is_clear_of_the_rest():
    payoffs = {"prior": NOISY, "better": [v + 2.0 for v in NOISY], "worse": [v - 2.0 for v in NOISY]}
    chosen, met = search(payoffs, "prior", work=10**6)
    assert chosen == "better" and met.count("prior") == 8
    everything, met_all = search(payoffs, "prior", work=10**6, prune_every=0)
    assert everything == "better" and met_all.count("prior") == 200  # elimination off: all to the end


def test_the_heuristic_choice_is_never_dropped():
    duel = Duel(3, base=0)
    for k in range(20):
        duel.add({0: -10.0 + k % 2, 1: 5.0 + k % 3, 2: 5.0 - k % 3})
    duel.prune()
    assert 0 in duel.alive
    assert duel.choice(1.0) in (1, 2)


def test_a_simulated_standard_round_changes_nothing_of_the_real_one():
    """standard's round state is copied list by list for the search's simulations (not deep-copied):
    a whole round played out on the copy leaves the original's state as it was."""
    from game import Game, make_rules
    from game.seats.hard import play_out

    game = Game(make_rules("standard", 4), 3)
    play_round_partly(game, 12)
    before = game.state_key()
    turns = list(game.ext.log)
    sim = game.clone(7)
    play_out(sim, random.Random(7), horizon=None)
    assert sim.phase is not game.phase or sim.ext.log != turns
    assert game.state_key() == before and game.ext.log == turns


def play_round_partly(game, actions: int) -> None:
    from game.seats import make_seat

    seats = [make_seat("normal", 1, s) for s in range(game.n)]
    for _ in range(actions):
        seat = game.sync_next()
        legal = game.sync_actions(seat)
        game.apply(legal[0] if len(legal) == 1 else seats[seat].act(game.view(seat, legal)))
