"""A LAN match's seed is out of reach of a search. The seed fixes every deal of a match and a guest
knows its own first hand, so a seed of 31 bits could be found by trying each one against that hand
(and would then tell every hand to come); LAN hosts draw 62 bits from the system's secure source, and
such a seed plays, is kept in History and is played back like any other."""

from __future__ import annotations

from game.engine import Game
from game.headless import play
from game.history import load, record
from game.rules import make_rules
from game.seats import make_seat
from net.host import fresh_seed


def test_a_lan_seed_is_62_bits_from_a_secure_source():
    seeds = [fresh_seed() for _ in range(20)]
    assert all(0 <= s < 2**62 for s in seeds)
    assert max(seeds) >= 2**40  # twenty draws all below 2**40 would happen once in 2**440
    assert len(set(seeds)) == 20


def test_a_wide_seed_plays_is_kept_and_replays_the_same_game():
    seed = 2**62 - 12345
    game = Game(make_rules("app", 4, {}), seed)
    play(game, [make_seat("normal", 7, s) for s in range(4)], 2)
    path = record(game, ["human", "normal", "normal", "normal"], 0, "20261127T120000000000Z")
    _entry, again = load(path)
    assert again.seed == seed
    assert again.scores == game.scores
    assert [a.to_json() for a in again.actions] == [a.to_json() for a in game.actions]
