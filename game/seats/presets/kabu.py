"""What the heuristic seats know of `kabu` (shared/rules/kabu.md): public rules only.

A dobon total counts a 10 as 0 and matches a card when it is 0..13 and ends in the card's number (§2),
so a card of value v is hit by the totals v and v + 10. A dobon'd player's and every declarer's hands
stay face up (§4.3): the view's revealed hands are what they hold now. Weights are not tuned yet.
"""

from __future__ import annotations

from ...cards import Card
from ...rules.kabu import MAX_TOTAL, dobon_value, total
from ...view import SeatView
from . import PresetKnowledge


class Knowledge(PresetKnowledge):
    call_top = MAX_TOTAL
    min_cards_to_call = 1  # a single card dobons its own number

    def values(self, card: Card) -> tuple[int, ...]:
        return (dobon_value(card),)

    def hand_totals(self, cards: list[Card]) -> tuple[int, ...]:
        """The card values the hand can dobon: its total's last digit, if the total is 13 or less."""
        t = total(cards)
        return (t % 10,) if cards and t <= MAX_TOTAL else ()

    def points(self, card: Card) -> int:
        """Every card held adds to what a dobon on me costs (steps A5, A6)."""
        return 2 if card.rank == 10 else 1

    def recent_runs(self, view: SeatView, opponents: list[int]) -> dict[int, list[int]]:
        """A card of value v is hit by the totals v and v + 10."""
        return {seat: [0, 10] for seat in opponents}

    def known_in_hand(self, view: SeatView) -> dict[int, list[Card]]:
        """Revealed hands (the dobon'd player, every declarer) are what those seats hold now."""
        return {seat: list(hand) for seat, hand in view.revealed.items() if seat != view.seat}
