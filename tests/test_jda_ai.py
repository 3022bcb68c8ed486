"""The AI seats in `jda` (issue 15): the normal seat's own judgement (game/seats/presets/jda.py) and
the hard seat's rollouts, checked on explicit positions and on whole deals played from views."""

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
from game.seats.hard import play_out

DECK = deck("52")


def card(code):
    return DECK.card(code)


def table(hands, field, *, turn=0, placer=None):
    data = scenario("jda", hands, field, turn=turn)
    if placer is not None:
        data["round"] = {"placer": placer}
    data["match"] = {"parent": turn, "state": {"deal": [4] * 4, "lap": [0] * 4, "games": 0}}
    return parse(data).game()


def test_normal_never_calls_a_dobon_on_its_own_card():
    # seat 1 placed the 5 itself and its 3 + 2 add up to it: a dobon would lose for it (JD15)
    g = table(
        [["KS", "QS", "JS"], ["3H", "2D"], ["KC", "QC", "JC"], ["KD", "QD", "JD"]], "5C", turn=2, placer=1
    )
    legal = g.legal_actions(1)
    assert any(a.kind is Kind.DOBON for a in legal)
    action = make_seat("normal", 1, 1).act(g.view(1, legal))
    assert action.kind is not Kind.DOBON


def test_normal_calls_a_dobon_on_another_seats_card_with_the_least_answerable_top():
    g = table(
        [["KS", "QS", "JS"], ["3H", "2D"], ["KC", "QC", "JC"], ["KD", "QD", "JD"]], "5C", turn=2, placer=0
    )
    action = make_seat("normal", 1, 1).act(g.view(1, g.legal_actions(1)))
    assert action.kind is Kind.DOBON and action.cards[0] in (card("3H"), card("2D"))


def test_normal_lets_a_placement_go_when_it_only_moves_the_danger_onto_itself():
    # placing the other 8 out of turn sheds an 8 from a hand that could not call anyway (K + Q) and
    # makes seat 1 the one a two-card hand adding up to 8 (seat 2's 5 + 3) would hit
    g = table(
        [["KS", "QS", "JS"], ["8H", "KH", "QH"], ["5C", "3D"], ["KD", "QD", "JD"]], "8C", turn=0, placer=3
    )
    seat = make_seat("normal", 1, 1)
    legal = g.legal_actions(1)
    assert any(a.kind is Kind.PLAY for a in legal)
    assert seat.act(g.view(1, legal)) == Action(1, Kind.PASS)


def test_hard_rollouts_end_jda_rounds_by_dobon_or_exhaustion():
    rules_game = Game(make_rules("jda", 4), 5)
    ended = 0
    for seed in range(10):
        sim = rules_game.clone(seed)
        play_out(sim, random.Random(seed))
        ended += sim.phase in (Phase.ROUND_OVER, Phase.MATCH_OVER)
    assert ended == 10  # the rollouts call dobons out of turn (jda's rollout_interrupt), so rounds end


def test_normal_easy_and_greedy_play_whole_jda_deals_from_views():
    for deal in range(3):
        result = play_deal(("jda", 4, {}, [["normal", "easy", "greedy", "normal"]], 7, deal))
        scores = [score for _level, score, _won in result.seats[0]]
        assert abs(sum(scores)) < 1e-9 and any(scores)  # one loser moved up a step each game
