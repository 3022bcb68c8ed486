"""super with two decks (T-1) for 9-12 players (D1): the rule set, the deal, identical cards from the
two decks (each its own card: it matches, is called on and is scored like its twin, and the log tells
them apart), and whole matches of 9-12 AI seats that replay identically."""

from __future__ import annotations

import pytest
from positions import scenario

from game import Action, Game, Kind, deck, make_rules
from game.headless import replay, simulate, write_log
from game.scenario import parse

TWO = deck("108")


def test_nine_to_twelve_players_take_two_decks_of_their_own_accord():
    for players in range(9, 13):
        rules = make_rules("super", players)
        assert rules.two_decks and rules.deck == "108" and rules.max_players == 12
    assert make_rules("super", 8).deck == "54"  # eight still play with one deck
    assert make_rules("super", 6, {"two_decks": True}).deck == "108"  # and may choose two


def test_more_than_eight_with_one_deck_or_more_than_twelve_is_refused():
    with pytest.raises(ValueError, match="two decks"):
        make_rules("super", 9, {"two_decks": False})
    with pytest.raises(ValueError, match="2-12"):
        make_rules("super", 13)


@pytest.mark.parametrize("players", [9, 12])
def test_the_deal_for_a_crowded_table(players):
    game = Game(make_rules("super", players), 7)
    assert all(len(h) == 5 for h in game.hands)
    dealt = [c for h in game.hands for c in h] + [game.field] + list(game.stock)
    assert len(dealt) == len({c.id for c in dealt}) == 108  # every physical card once
    assert sum(c.is_joker for c in dealt) == 4


def twelve(hands: dict[int, list[str]], field: str, turn: int = 0) -> Game:
    """A 12-seat two-deck round mid-way (everyone has had a turn)."""
    data = scenario("super", hands, field, players=12, turn=turn)
    data["round"] = {"turns_taken": [1] * 12, "first_card_placed": True}
    return parse(data).game()


def test_a_card_plays_on_its_twin_and_the_twin_in_a_hand_calls_dobon_on_it():
    faces = [f"{rank}D{copy}" for rank in (4, 5, 6, 8, 10) for copy in ("", "#2")]
    quiet = {s: [face] for s, face in enumerate(faces, start=2)}  # one card each, none a 7
    game = twelve({0: ["7C#2", "7S", "3H", "9C"], 1: ["7S#2"], **quiet}, "7C", turn=0)
    first, twin = TWO.card("7S"), TWO.card("7S#2")
    assert Action(0, Kind.PLAY, (TWO.card("7C#2"),)) in game.legal_actions(0)  # deck 2's ♣7 on deck 1's
    game.apply(Action(0, Kind.PLAY, (first,)))
    assert game.field is first and game.window is not None and game.window.cards == (first,)
    assert Action(1, Kind.DOBON, (first,)) in game.legal_actions(1)  # deck 2's ♠7 alone makes 7
    for seat in list(game.window.pending):
        game.apply(Action(seat, Kind.DOBON, (first,)) if seat == 1 else Action(seat, Kind.PASS))
    game.apply(Action(0, Kind.PASS))  # no counter: 7 + 3 + 10 is not 7
    result = game.result
    assert result.winners == (1,) and result.losers == (0,)
    assert game.hands[1] == [twin]
    assert result.deltas[0] == 7 * 2 * 2  # the twin scores 7; one suit x2 (P-2-4); the loser x2


@pytest.mark.parametrize("players", [9, 12])
def test_whole_matches_of_nine_to_twelve_ai_seats_replay_identically(players, tmp_path):
    levels = ["hard", "normal", "easy", "basic", "greedy", "random"]
    summary, game = simulate("super", players, levels, 2, 11)
    assert summary.rounds == 2 and len(game.scores) == players
    again, _ = simulate("super", players, levels, 2, 11)
    assert again.actions == summary.actions and [s.points for s in again.seats] == game.scores
    write_log(tmp_path / "log.jsonl", game, levels)
    _, copy = replay(tmp_path / "log.jsonl")
    assert copy.scores == game.scores and copy.rules.deck == "108"
