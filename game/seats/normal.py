"""`normal`: the basic heuristic made good.

It tracks what has been seen (its hand, the field pile, revealed and laid-down hands), estimates for
each opponent and each card it could put down how likely that opponent's hand adds up to it (in
`standard` also to the runs of recent discards the card would end), weighs that against what the card
costs to keep, keeps a hand that could itself call on a likely card, answers attacks rather than
drawing them, and names the suit it holds most of. It calls dobon whenever it can, bids low and always
declares last one.
"""

from __future__ import annotations

from ..actions import Action, Kind
from ..cards import Card
from ..view import SeatView
from .base import Seat
from .heuristics import Risk, fallback, obvious, points, suit_to_name
from .presets import knowledge


class NormalSeat(Seat):
    name = "normal"
    # weights, tuned in the arena (duplicate deals against greedy); a preset may override them
    shed_weight = 1.0
    danger_weight = 1.0
    hope_weight = 30.0
    draw_cost = 7.0
    rank_weight = 0.0  # shedding high numbers keeps the kept hand's sum low enough to call

    def weight(self, view: SeatView, name: str) -> float:
        return knowledge(view.preset).weights.get(name, getattr(self, name))

    def act(self, view: SeatView) -> Action:
        decide = knowledge(view.preset).decide
        if decide is not None:
            chosen = decide(self, view)
            if chosen is not None:
                return chosen
        legal = view.legal
        sure = obvious(legal)
        if sure is not None:
            return sure
        for action in legal:
            if action.kind is Kind.DECLARE:
                return action
        plays = [a for a in legal if a.kind is Kind.PLAY]
        draw = next((a for a in legal if a.kind is Kind.DRAW), None)
        if not plays:
            return draw or fallback(legal)
        return self.choose(view, plays, draw)

    def risk(self, view: SeatView) -> Risk:
        """How this seat judges the danger of a card (hard: from hands inferred from the history)."""
        return Risk(view)

    def play_scores(self, view: SeatView, plays: list[Action]) -> dict[int, tuple[float, Action]]:
        """Score every card that may be played (best variant per card)."""
        risk = self.risk(view)
        by_card: dict[int, list[Action]] = {}
        for a in plays:
            by_card.setdefault(a.card.id, []).append(a)
        know = knowledge(view.preset)
        w_shed, w_danger, w_hope, w_rank = (
            self.weight(view, n) for n in ("shed_weight", "danger_weight", "hope_weight", "rank_weight")
        )
        out: dict[int, tuple[float, Action]] = {}
        for variants in by_card.values():
            card: Card = variants[0].card
            keep = [c for c in view.hand if c is not card]
            flagged = [a for a in variants if a.flag] or variants
            choice = suit_to_name(keep, flagged) if len(flagged) > 1 else flagged[0]
            danger = risk.of(card)
            if not keep:
                out[card.id] = (1000.0 - 600.0 * danger, choice)
                continue
            kept = sum(points(view, c) for c in keep)
            loss = know.loss(view, card, keep, kept)
            score = (
                w_shed * points(view, card)
                - w_danger * danger * loss
                + w_hope * risk.hope(keep)
                + w_rank * card.rank
            )
            score += know.bonus(view, card, keep, choice)
            out[card.id] = (score, choice)
        return out

    def choose(self, view: SeatView, plays: list[Action], draw: Action | None) -> Action:
        scores = self.play_scores(view, plays)
        best_score, best = max(scores.values(), key=lambda sa: sa[0])
        if draw is not None:
            owe = view.chain_cards if view.chain_links else 1
            draw_score = -self.weight(view, "draw_cost") * owe - 4.0
            if best_score < draw_score:
                return draw
        return best
