"""`app` as the AI seats know it."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from . import PresetKnowledge

if TYPE_CHECKING:
    from ...cards import Card
    from ...view import SeatView


class Knowledge(PresetKnowledge):
    round_worth: ClassVar[float] = 66.0  # see PresetKnowledge
    usual_loss: ClassVar[float] = 71.0
    # a low hand sum wins dobons, and playing high ranks is the way to keep it low
    weights: ClassVar[dict[str, float]] = {"shed_weight": 0.0, "rank_weight": 3.0, "hope_weight": 300.0}

    def known_in_hand(self, view: SeatView) -> dict[int, list[Card]]:
        # a dobon caller keeps the hand it revealed until the round ends
        return {
            seat: list(hand)
            for seat, hand in view.revealed.items()
            if seat != view.seat and len(hand) == view.hand_sizes[seat]
        }
