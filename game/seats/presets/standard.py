"""`standard` as the AI seats know it."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from . import PresetKnowledge

if TYPE_CHECKING:
    from ...actions import Action
    from ...cards import Card
    from ...view import SeatView


class Knowledge(PresetKnowledge):
    round_worth: ClassVar[float] = 45.0  # see PresetKnowledge
    usual_loss: ClassVar[float] = 45.0
    call_top = 40  # a dobon matches a run of discards, whose total can be large
    min_cards_to_call = 1
    weights: ClassVar[dict[str, float]] = {
        "shed_weight": 2.0
    }  # every point kept is paid at the end: shed them twice as eagerly

    def points(self, card: Card) -> int:
        return min(card.rank, 10)

    def recent_runs(self, view: SeatView, opponents: list[int]) -> dict[int, list[int]]:
        """The sums of the discards just before mine that a run ending with my card may add."""
        out: dict[int, list[int]] = {}
        log = view.extra.get("turn_log", ())
        for opp in opponents:
            sums, total = [0], 0
            for player, kind, card in reversed(log):
                if player == opp or kind == "DRAW" or player == view.seat:
                    break
                if kind == "DISCARD" and card is not None:
                    total += card.rank
                    sums.append(total)
            out[opp] = sums
        return out

    def loss(self, view: SeatView, card: Card, keep: list[Card], kept: int) -> float:
        return 60.0 + kept

    def bonus(self, view: SeatView, card: Card, keep: list[Card], choice: Action) -> float:
        score = 0.0
        if view.chain_links:  # binding: passing the damage on beats drawing it
            score += 4.0 * view.chain_cards
        if card.rank == 0:
            score += 6.0  # a lone joker can never go out
        if len(keep) == 1 and choice.flag:
            score += 8.0  # one step from going out
        return score

    def known_in_hand(self, view: SeatView) -> dict[int, list[Card]]:
        # exposed cards (a yaku shown) stay face up while their owner holds them
        exposed = {c.id for c in view.extra.get("exposed", ())}
        if not exposed:
            return {}
        return {
            seat: [c for c in hand if c.id in exposed]
            for seat, hand in view.revealed.items()
            if seat != view.seat
        }
