"""`super` as the AI seats know it: two-valued cards, a score per card, 8s that double a hand."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from ...rules.super import EIGHT, score_value, totals, vals
from . import PresetKnowledge

if TYPE_CHECKING:
    from ...actions import Action
    from ...cards import Card
    from ...view import SeatView

CALLER_HAND = 40  # what a caller's revealed hand typically scores against the loser


class Knowledge(PresetKnowledge):
    round_worth: ClassVar[float] = 47.0  # see PresetKnowledge
    usual_loss: ClassVar[float] = 62.0
    call_top = 150  # five Ks and Jokers
    min_cards_to_call = 1  # a one-card hand may call (it can never be played out)
    # a hand that can call on what is likely to be played wins rounds outright, and a card someone can
    # call on costs the callers' cards doubled: both count for more than in `app` (arena against greedy,
    # 1600 duplicate deals, seed 7: -1.81 +- 1.01 before, -5.46 +- 1.13 with these)
    weights: ClassVar[dict[str, float]] = {"danger_weight": 2.0, "hope_weight": 300.0}

    def values(self, card: Card) -> tuple[int, ...]:
        return tuple(sorted(vals(card)))

    def hand_totals(self, cards: list[Card]) -> tuple[int, ...]:
        return tuple(sorted(totals(cards)))

    def points(self, card: Card) -> int:
        return score_value(card)

    @staticmethod
    def calls_on(hand: list[Card], card: Card) -> bool:
        return not totals(hand).isdisjoint(vals(card))

    def shed_order(self, card: Card) -> int:
        return score_value(card)  # a K or a Joker (30) before a 2 (20) before the rest

    def loss(self, view: SeatView, card: Card, keep: list[Card], kept: int) -> float:
        """Called on, the loser pays the callers' cards doubled, and doubled again per 8 it holds."""
        eights = sum(1 for c in keep if c.rank == EIGHT)
        return CALLER_HAND * 2 * 2**eights

    def bonus(self, view: SeatView, card: Card, keep: list[Card], choice: Action) -> float:
        if card.rank == EIGHT:
            return 12.0  # an 8 kept doubles whatever the hand scores at the end
        if card.rank in (1, 2) and not view.chain_cards:
            return 3.0  # a draw for someone else
        return 0.0
