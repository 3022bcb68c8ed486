"""The AI seats in `kabu` (issue 16): the normal seat's own judgement (game/seats/presets/kabu.py) on
explicit positions, and every level playing whole deals from views.

Positions are scenarios (tests/positions.py) written with the kabufuda's codes: `7`, `7#2` ... are the
copies of a number, `1R` the red pin, `4S` the ensouled four. Seat 0 is the parent and plays first; a
field pile of more than one card is past the pre-play window.
"""

from __future__ import annotations

import random

from positions import scenario

from game import Action, Kind, deck
from game.arena import play_deal
from game.engine import Game
from game.phase import Phase
from game.rules import make_rules
from game.scenario import parse
from game.seats import make_seat
from game.seats.hard import play_out, rollout_policy

DECK = deck("kabufuda")


def table(hands, field=("6", "8"), *, turn=0, draws=(), chain=None):
    data = scenario("kabu", hands, list(field), draws=draws, chain=chain, turn=turn)
    n = len(hands)
    data["match"] = {"parent": turn, "state": {"laps": [0] * n, "extra": [0] * n, "matches": 0}}
    return parse(data).game()


def card(code):
    return DECK.card(code)


def normal_acts(g, seat):
    legal = g.legal_actions(seat)
    return make_seat("normal", 1, seat).act(g.view(seat, legal))


def test_normal_shows_four_of_a_kind_at_the_deal():
    # the okoshi-fuda alone on the field: the pre-play window; seat 1 holds four 7s
    g = table([["9", "8", "5", "3"], ["7", "7#2", "7#3", "7#4"], ["9#2", "8#2", "6#2", "2"]], field=("6",))
    assert g.window is not None and 1 in g.window.pending
    while g.window is not None and g.window.pending[0] != 1:
        g.apply(Action(g.window.pending[0], Kind.PASS))
    action = normal_acts(g, 1)
    assert action.kind is Kind.DECLARE and action.amount == 1


def test_normal_names_the_red_pin_when_a_set_holds_both_pins():
    # seat 0 plays 1 + 1R on a 2; seat 1's 5 + 6 = 11 matches either pin: naming 1R multiplies by 10
    g = table([["1", "1R", "9", "7"], ["5", "6#2"], ["9#2", "8", "7#2"]], field=("6", "2"))
    g.apply(Action(0, Kind.PLAY, tuple(sorted((card("1"), card("1R"))))))
    action = normal_acts(g, 1)
    assert action.kind is Kind.DOBON and action.cards == (card("1R"),)


def test_normal_puts_out_the_trump_the_revealed_hands_cannot_answer():
    # spec example 9: A plays 7 keeping [5, 8] (13: it answers a 3); B [3, 4] declares and must put out
    # trumps. A 3 would be dobon'd back by A; the 4 (or 3 + 4, whose 3 is the same risk) is the choice.
    g = table([["5#2", "8", "7"], ["3", "4"], ["9", "9#2", "8#2", "7#2", "6#2"]], field=("6", "5"))
    g.apply(Action(0, Kind.PLAY, (card("7"),)))
    g.apply(Action(1, Kind.DOBON, (card("7"),)))
    g.apply(Action(2, Kind.PASS))
    assert g.turn == 1 and g.window is None
    action = normal_acts(g, 1)
    assert action.kind is Kind.PLAY and action.cards == (card("4"),)


def test_normal_keeps_the_red_pin_back_when_another_card_fits():
    # on a 5 both the 3 and the red pin fit (odd); the other seats hold one card each, which may be a
    # pin: the red pin named costs ×10 (and a single pin ×10 more), so the 3 goes
    g = table([["1R", "3", "8"], ["9"], ["7"]], field=("6", "5"))
    action = normal_acts(g, 0)
    assert action.kind is Kind.PLAY and action.cards == (card("3"),)


def test_normal_answers_a_run_of_twos_with_a_two():
    # seat 1 played a 2: seat 0 is forced; it holds a 2, so it passes the run on instead of drawing 2
    g = table(
        [["2", "9", "8", "7"], ["9#2", "8#2", "7#2"], ["9#3", "8#3", "7#3"]], field=("6", "2#2"), chain=(1, 2)
    )
    action = normal_acts(g, 0)
    assert action.kind is Kind.PLAY and action.cards == (card("2"),)


def test_normal_never_draws_into_the_twelve_card_rule_when_it_can_play():
    # eleven cards: a draw makes twelve and costs 10 laps; the 3 fits, so it is played
    hand = ["3", "9", "9#2", "9#3", "8", "8#2", "8#3", "7", "7#2", "7#3", "5#2"]
    g = table([hand, ["9#4"], ["8#4"]], field=("6", "5"))
    action = normal_acts(g, 0)
    assert action.kind is Kind.PLAY


def test_hard_rollouts_end_kabu_rounds():
    g = Game(make_rules("kabu", 4), 5)
    ended = 0
    for seed in range(10):
        sim = g.clone(seed)
        play_out(sim, random.Random(seed))
        ended += sim.phase in (Phase.ROUND_OVER, Phase.MATCH_OVER)
    assert ended == 10


def test_rollouts_keep_clear_of_a_card_another_hand_can_dobon():
    # in hard's simulations every hand is dealt: on a 5, seat 0 may play its 3 or its 5; seat 1's
    # 1 + 2 = 3 would dobon the 3, so a rollout player always plays the 5
    g = table([["3", "5#2", "8"], ["1", "2"], ["9", "9#2"]], field=("6", "5"))
    chosen = {rollout_policy(g, 0, random.Random(seed)).cards for seed in range(30)}
    assert chosen == {(card("5#2"),)}


def test_every_level_plays_whole_kabu_deals_from_views():
    for deal in range(2):
        result = play_deal(("kabu", 4, {}, [["hard", "normal", "easy", "greedy"]], 11, deal, 0))
        scores = [score for _level, score, _won in result.seats[0]]
        assert abs(sum(scores)) < 1e-9
        assert set(result.times) <= {"hard", "normal", "easy", "greedy"}
