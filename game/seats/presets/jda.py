"""What the heuristic seats know of `jda` (shared/rules/jda.md): public rules only.

A hand's dobon total is the plain sum of its ranks (A 1 ... K 13), and a dobon may be called at any
moment on the field card. A hand can never be emptied, so nobody goes out: a game ends when a dobon hits
someone's card, and the one thing that costs is being that someone (the loser moves one step up; the
winner's step down is worth nothing at the first deal size). So the seat's judgement is mostly about
which card it dares leave on the field, and about keeping a hand small and low enough to call.

Decisions the generic normal seat makes otherwise, and jda needs its own (`decide`):

* a dobon on a card this seat placed itself loses (JD15): never call it; of the others, put on top the
  card some opponent is least likely to answer with a gaeshi;
* out of turn, a same-number placement moves the field card's danger onto the placer: place only when
  the hand it keeps is worth more than the danger, else let the moment go (PASS);
* a multi-card play sheds every card of it, so a play is scored on its whole set of cards.

The hard seat's search looks only a few moves ahead in a round that lasts about 170 turns, so where a
rollout stops it adds what each hand is worth from there (`rollout_value`): the measured chances that a
hand of its size and total goes on to win or to lose the round (tools/jda_values.py). A small hand that
adds up to 13 or less wins most of the rounds it is held in; a large one seldom wins and loses more.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING, ClassVar

from ...actions import Action, Kind, is_call
from ...cards import Card
from ...rules.jda import FIRST_DEAL
from . import PresetKnowledge

if TYPE_CHECKING:
    from ...engine import Game
    from ...view import SeatView
    from ..normal import NormalSeat

MAX_CANDIDATES = 4  # plays the hard seat searches, the normal seat's best first
LOSS = 100.0  # what being hit costs, on the scale of the scores below (one step up)


def hand_cell(hand: list[Card]) -> tuple[int, int]:
    """A hand as the value table sees it (tools/jda_values.py): its size (16 for 16 or more) and its
    total (14 for any total above 13, which no dobon can match)."""
    total = sum(c.rank for c in hand)
    return min(len(hand), 16), total if total <= 13 else 14


@cache
def _values() -> tuple[tuple[tuple[float, ...], ...], tuple[tuple[float, ...], ...]]:
    from .jda_values import LOSE, WIN  # generated; imported late so that the tool can measure without it

    return WIN, LOSE


class Knowledge(PresetKnowledge):
    round_worth: ClassVar[float] = 0.25  # see PresetKnowledge
    usual_loss: ClassVar[float] = 1.0
    call_top = 13  # the field card's number: K at most
    min_cards_to_call = 1  # a one-card hand calls on its own number
    # the normal seat's weights here (arena, 800 duplicate deals, seed 7, normal's steps per game
    # against easy / greedy: rank_weight 1, draw_cost 6: -0.10 / -0.09; shedding high ranks first
    # (rank_weight 3) -0.06 / -0.06; these: -0.21 / -0.21). A take is safe, a card left on the field
    # is not: take readily, and shed whatever is least likely to be hit.
    weights: ClassVar[dict[str, float]] = {
        "shed_weight": 0.0,
        "rank_weight": 0.0,
        "hope_weight": 60.0,
        "danger_weight": 1.0,
        "draw_cost": 3.0,
    }
    # No play policy (tools/fit_policy.py fits none for jda): the inference would read a seat's choice
    # of card by what it sheds and the hand it keeps, but a jda seat chooses by the danger of the card
    # it leaves on the field, which that model does not see; it read next to nothing here and cost
    # most of the hard seat's decision time.
    rollout_horizon = 8  # two rounds of turns at four: what a card left on the field costs shows by then
    # with the hand values, horizons of 4, 8, 16 and 32 measured -0.05, -0.06, -0.07 and -0.01 +- 0.05
    # (hard vs normal, 60 deals, seed 7, --warmup 3): past a few turns a rollout's seats, who see every
    # hand, play more safely than anyone can
    # 0.3 of the budget (about 30 worlds) left hard even with normal in a first game, 0.8 ahead
    # (arena, 60 deals, seed 7: +0.04 and 0.00 before `pooled_spread`); p95 stays under 250 ms
    work_share = 0.8
    pooled_spread = True
    # the hard seat's inferred dangers, shrunk towards the uniform ones (the inferred alone made its
    # heuristic worse than normal's: +0.04 and +0.06 +- 0.04 steps per game, 60 deals, seed 7)
    risk_prior_deals = 100

    def points(self, card: Card) -> int:
        return card.rank  # the hand's total is what a dobon needs, and what stops one

    def loss(self, view: SeatView, card: Card, keep: list[Card], kept: int) -> float:
        return LOSS

    def bonus(self, view: SeatView, card: Card, keep: list[Card], choice: Action) -> float:
        return 0.0

    def known_in_hand(self, view: SeatView) -> dict[int, list[Card]]:
        return {}  # a laid-down hand is on the field: nothing revealed stays in a hand

    def may_still_call(self, view: SeatView, seat: int) -> bool:
        """Out of turn, this seat is asked about the field card before the seats after it (JD10's
        order) and in real time before they react: only the silence of a seat that let this moment
        go, or of every seat by the time the turn player acts, says it cannot call on it."""
        return view.window is None and view.seat != view.turn and seat not in view.extra.get("let_go", ())

    @staticmethod
    def calls_on(hand: list[Card], card: Card) -> bool:
        return sum(c.rank for c in hand) == card.rank

    def rollout_interrupt(self, game: Game) -> Action | None:
        """In the hard seat's simulations: a dobon on the field card, by the first seat in turn order
        whose hand adds up to it (never the card's own placer, JD15). Placements out of turn are left
        out: the rollouts stay cheap."""
        field, placer, hands = game.field.rank, game.ext.placer, game.hands
        for k in range(game.n):
            seat = game.seat_after(game.turn, k)
            hand = hands[seat]
            if hand and seat != placer and sum(c.rank for c in hand) == field:
                return Action(seat, Kind.DOBON, (hand[0],))
        return None

    def rollout_value(self, game: Game) -> list[float]:
        """Where a rollout stops with the game still on: each seat's expected further step change, from
        what its hand is worth (tools/jda_values.py): a loss is a step up, a win a step down unless the
        seat already deals the fewest cards."""
        win, lose = _values()
        out = []
        for seat, hand in enumerate(game.hands):
            size, total = hand_cell(hand)
            _lap, deal = game.book.score_key(game, seat)
            out.append(lose[size][total] - (win[size][total] if deal > FIRST_DEAL else 0.0))
        return out

    def rollout_turn(self, game: Game, seat: int, rng) -> Action:
        """The turn player in the hard seat's simulations, careful as jda is played: one card that no
        other hand could call on (the simulation deals every hand), the higher ones first more often
        than not; with none, the take, which is always allowed and never hit (§3.1). Single cards
        only, picked straight from the hand: a rollout step must be cheap."""
        hand, field = game.hands[seat], game.field
        if len(hand) > 1:
            sums = {sum([c.rank for c in h]) for other, h in enumerate(game.hands) if other != seat and h}
            if game.chain_cards:  # §3.2: only a 2 answers a 2
                safe = [c for c in hand if c.rank == 2 and 2 not in sums]
            else:
                suit, rank = field.suit, field.rank
                safe = [c for c in hand if (c.suit is suit or c.rank == rank) and c.rank not in sums]
            if safe:
                if rng.random() < 0.6:
                    top = max(c.rank for c in safe)
                    safe = [c for c in safe if c.rank == top]
                return Action(seat, Kind.PLAY, (safe[int(rng.random() * len(safe))],))
        return Action(seat, Kind.DRAW)

    def candidates(self, seat: NormalSeat, view: SeatView) -> list[Action]:
        """The options the hard seat searches on its turn: the normal seat's best plays (each set of
        cards once) and the take. Out of turn it keeps the heuristic's answer (a search there costs
        a decision's budget on every card placed)."""
        if not any(a.kind is Kind.DRAW for a in view.legal):
            return [seat.act(view)]  # out of turn: the heuristic's placement or letting go, unsearched
        plays = [a for a in view.legal if a.kind is Kind.PLAY]
        scored = sorted(self.play_scores(seat, view, plays, seat.risk(view)), key=lambda sa: -sa[0])
        out = [action for _score, action in scored[:MAX_CANDIDATES]]
        out += [a for a in view.legal if a.kind is Kind.DRAW]
        return out

    # ------------------------------------------------------------------ the seat's own decisions

    def decide(self, seat: NormalSeat, view: SeatView) -> Action | None:
        """The normal seat's whole decision in jda (None: nothing to decide here)."""
        legal = view.legal
        risk = seat.risk(view)
        calls = [a for a in legal if is_call(a)]
        if calls and not self.self_dobon(view):
            return min(calls, key=lambda a: risk.of(a.cards[0]))  # the top least likely answered
        plays = [a for a in legal if a.kind is Kind.PLAY]
        draw = next((a for a in legal if a.kind is Kind.DRAW), None)
        let_go = next((a for a in legal if a.kind is Kind.PASS and not a.flag), None)
        if not plays:
            if draw is not None:
                return draw
            passes = [a for a in legal if a.kind is Kind.PASS]
            return max(passes, key=lambda a: a.flag) if passes else legal[0]
        scored = self.play_scores(seat, view, plays, risk)
        best_score, best = max(scored, key=lambda sa: sa[0])
        hope = seat.weight(view, "hope_weight")
        if draw is not None:
            owe = view.chain_cards if view.chain_links else 1
            if best_score < -seat.weight(view, "draw_cost") * owe + hope * risk.hope(list(view.hand)) * 0.5:
                return draw
        elif let_go is not None and best_score < hope * risk.hope(list(view.hand)):
            return let_go
        return best

    @staticmethod
    def self_dobon(view: SeatView) -> bool:
        """A dobon on the field card this seat placed loses for it (JD15); a gaeshi never is one."""
        return view.window is None and view.extra.get("placer") == view.seat

    def play_scores(
        self, seat: NormalSeat, view: SeatView, plays: list[Action], risk
    ) -> list[tuple[float, Action]]:
        """Each distinct set of cards once: what it sheds, the danger of its top card, the hope of
        the hand it keeps."""
        w_rank, w_danger, w_hope = (
            seat.weight(view, n) for n in ("rank_weight", "danger_weight", "hope_weight")
        )
        seen: set[frozenset[int]] = set()
        out: list[tuple[float, Action]] = []
        for action in plays:
            ids = frozenset(c.id for c in action.cards)
            if ids in seen:
                continue
            seen.add(ids)
            keep = [c for c in view.hand if c.id not in ids]
            top = action.cards[-1]
            score = (
                w_rank * sum(c.rank for c in action.cards)
                - w_danger * risk.of(top) * LOSS
                + w_hope * risk.hope(keep)
            )
            out.append((score, action))
        return out
