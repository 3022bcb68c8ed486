"""The AI seats in `jda` (issue 15): the normal seat's own judgement (game/seats/presets/jda.py) and
the hard seat's rollouts, checked on explicit positions and on whole deals played from views."""

from __future__ import annotations

import random

from positions import scenario
from toolkit import tool

from game import Action, Kind, deck
from game.actions import REFEREE
from game.arena import play_deal
from game.engine import Game
from game.phase import Phase
from game.rules import make_rules
from game.scenario import parse
from game.seats import make_seat
from game.seats.hard import ROLLOUT_CAP, outcome, play_out, rollout_policy
from game.seats.inference import clues_about, rulebook
from game.seats.presets import knowledge
from game.seats.presets.jda_values import LOSE, WIN

DECK = deck("52")


jda_values = tool("jda_values")


def card(code):
    return DECK.card(code)


def table(hands, field, *, turn=0, placer=None, deal=4):
    data = scenario("jda", hands, field, turn=turn)
    if placer is not None:
        data["round"] = {"placer": placer}
    data["match"] = {"parent": turn, "state": {"deal": [deal] * 4, "lap": [0] * 4, "games": 0}}
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


def test_hard_rollouts_played_to_the_end_end_jda_rounds_by_dobon_or_exhaustion():
    rules_game = Game(make_rules("jda", 4), 5)
    ended = 0
    for seed in range(10):
        sim = rules_game.clone(seed)
        play_out(sim, random.Random(seed), horizon=ROLLOUT_CAP)
        ended += sim.phase in (Phase.ROUND_OVER, Phase.MATCH_OVER)
    # the rollouts call dobons out of turn (jda's rollout_interrupt), so rounds end; careful players
    # (a take rather than a card another hand adds up to) may still make one outlast the safety cap
    assert ended >= 8


def test_hard_rollouts_in_jda_look_a_few_moves_ahead_and_no_further():
    horizon = knowledge("jda").rollout_horizon
    assert horizon is not None
    game = Game(make_rules("jda", 4), 5)
    for seed in range(10):
        sim = game.clone(seed)
        steps = play_out(sim, random.Random(seed))
        assert steps <= horizon
        assert steps == horizon or sim.phase in (Phase.ROUND_OVER, Phase.MATCH_OVER)


def test_a_rollout_cut_short_counts_what_each_hand_is_worth():
    """A jda round lasts about 170 turns and a rollout looks 8 ahead: where it stops, each hand's measured
    worth stands in for the rest of the round. A one-card hand (a 3: it wins when a 3 is placed) is
    worth more than three court cards, and more still once a win also takes a step back (deal 6)."""
    hands = [["3S"], ["KH", "QH", "JH"], ["KD", "QD", "JD"], ["KC", "QC", "JC"]]
    first = table(hands, "9C", placer=3)
    later = table(hands, "9C", placer=3, deal=6)
    assert first.phase is Phase.TURN
    unmoved = list(first.scores)
    assert outcome(first, 0, unmoved) > 0 > outcome(first, 1, unmoved)
    assert outcome(later, 0, unmoved) > outcome(first, 0, unmoved)
    # a finished round counts as it ended, nothing added
    g = table(hands, "3C", placer=3)
    g.apply(Action(0, Kind.DOBON, (card("3S"),)))
    while g.window is not None:
        g.apply(Action(REFEREE, Kind.CLOSE))
    assert g.phase in (Phase.ROUND_OVER, Phase.MATCH_OVER)
    assert outcome(g, 3, unmoved) == -(1 - 0.25)  # the hit seat: a step up, against the table's mean


def test_the_measured_hand_values_favour_small_hands_that_can_call():
    """tools/jda_values.py's table, read as a player would: one low card wins most rounds it is held in
    and seldom loses; a hand of eight cards that adds up past 13 seldom wins and loses more often."""
    win, lose = WIN, LOSE
    assert len(win) == len(lose) == 17 and all(len(row) == 15 for row in (*win, *lose))
    assert all(0.0 <= v <= 1.0 for row in (*win, *lose) for v in row)
    assert min(win[1][1:14]) > 0.4 > 0.1 > win[8][14]
    assert max(lose[1][1:14]) < lose[8][14]
    assert win[2][5] > win[2][14]  # two cards that add up to 5 can call, a 9 and a K cannot


def test_the_hand_value_tool_measures_the_same_table_from_the_same_seed(tmp_path, capsys):
    out = tmp_path / "values.py"
    assert jda_values.main(["--rounds", "3", "--workers", "1", "--seed", "5", "--out", str(out)]) == 0
    text = out.read_text(encoding="utf-8")
    table_ = {}
    exec(compile(text, str(out), "exec"), table_)
    assert len(table_["WIN"]) == 17 and len(table_["LOSE"][16]) == 15
    assert (
        jda_values.main(["--rounds", "3", "--workers", "1", "--seed", "5", "--out", str(out), "--check"]) == 0
    )
    out.write_text(text.replace("0.", "1.", 1), encoding="utf-8")
    assert (
        jda_values.main(["--rounds", "3", "--workers", "1", "--seed", "5", "--out", str(out), "--check"]) == 1
    )
    assert "differs" in capsys.readouterr().out


def test_a_jda_rollout_takes_rather_than_leave_a_card_another_hand_adds_up_to():
    # seat 0 may play the 5 or the 9 on the 9 of clubs; seat 2's 3 + 2 would hit the 5, nobody the 9
    g = table([["5C", "9H", "KS"], ["KH", "QH", "JH"], ["3D", "2S"], ["KD", "QD", "JD"]], "9C", placer=3)
    plays = {rollout_policy(g, 0, random.Random(seed)) for seed in range(20)}
    assert plays == {Action(0, Kind.PLAY, (card("9H"),))}
    # with the 5 its only fitting card, it takes
    g = table([["5C", "KS", "QS"], ["KH", "QH", "JH"], ["3D", "2S"], ["KD", "QD", "JD"]], "9C", placer=3)
    assert {rollout_policy(g, 0, random.Random(seed)) for seed in range(20)} == {Action(0, Kind.DRAW)}


def test_hard_never_calls_a_dobon_on_its_own_card_and_calls_on_another_seats():
    hands = [["KS", "QS", "JS"], ["3H", "2D"], ["KC", "QC", "JC"], ["KD", "QD", "JD"]]
    own = table(hands, "5C", turn=2, placer=1)
    assert make_seat("hard", 1, 1).act(own.view(1, own.legal_actions(1))).kind is not Kind.DOBON
    other = table(hands, "5C", turn=2, placer=0)
    action = make_seat("hard", 1, 1).act(other.view(1, other.legal_actions(1)))
    assert action.kind is Kind.DOBON and action.cards[0] in (card("3H"), card("2D"))


def test_silence_on_the_field_card_counts_only_from_seats_already_asked():
    """Out of turn, a seat is asked about the field card before the seats after it and while the
    turn player thinks (JD10): their silence so far says nothing of their hands; once the turn player
    acts, every seat with a chance was asked."""
    g = table([["KS", "QS", "JS"], ["8H", "9H", "QH"], ["KH", "5C", "3D"], ["QD", "JD", "10D"]], "KC", turn=0)
    g.apply(Action(0, Kind.PLAY, (card("KS"),)))  # nobody's hand adds up to 13; seat 1's turn
    seat = g.sync_next()
    assert seat == 2  # seat 2 holds a K: asked whether it places it, before seat 1 acts
    view = g.view(seat, g.sync_actions(seat))
    book = rulebook(view)

    def no_calls(seen_by, about):
        return [clue.totals for clue in clues_about(seen_by, book, about, [])[0]]

    assert no_calls(view, 1) == [] and no_calls(view, 3) == []  # not asked yet: they may still call
    g.apply(Action(2, Kind.PASS))  # seat 2 lets the moment go; then seat 1 acts on its turn
    assert g.sync_next() == 1
    turn_view = g.view(1, g.sync_actions(1))
    assert no_calls(turn_view, 2) == [(13,)] and no_calls(turn_view, 3) == [(13,)]


def test_normal_easy_and_greedy_play_whole_jda_deals_from_views():
    for deal in range(3):
        result = play_deal(("jda", 4, {}, [["normal", "easy", "greedy", "normal"]], 7, deal, 0))
        scores = [score for _level, score, _won in result.seats[0]]
        assert abs(sum(scores)) < 1e-9 and any(scores)  # one loser moved up a step each game


def test_a_simulation_copy_keeps_jda_round_and_match_state_and_shares_no_list():
    g = table(
        [["3H", "2D"], ["KH", "QH", "JH"], ["KC", "QC", "JC"], ["KD", "QD", "JD"]], "5C", turn=1, placer=2
    )
    g.apply(Action(0, Kind.DOBON, (card("3H"),)))  # a dobon: a gaeshi window on the 3
    twin = g.clone(1)
    assert twin.ext == g.ext and twin.match_ext == g.match_ext
    assert twin.ext.dobons[0][1] is card("3H")  # the same card: equality is identity
    twin.ext.thrown.append(2)
    twin.match_ext.deal[0] = 6
    assert g.ext.thrown == [] and g.match_ext.deal[0] == 4
