"""What the heuristic seats know of `kabu` (shared/rules/kabu.md): public rules only.

A dobon total counts a 10 as 0 and matches a card when it is 0..13 and ends in the card's number (§2),
so a card of value v is hit by the totals v and v + 10. A dobon'd player's and every declarer's hands
stay face up (§4.3): the view's revealed hands are what they hold now.

The only win is a dobon, and what the loser pays (§5.1) is small and steady (a point for the dobon,
one per card past two in either hand, one per 10) until a multiplier meets it: the red pin ×5 in
either hand and ×10 as the card named, the ensouled four ×2 and ×4, a single pin ×10, a gaeshi ×2n.
So the normal seat's own judgement (`decide`) weighs each option by what it is likely to cost or
earn in those terms:

* a play is the chance that some opponent's total matches one of its cards, times what that dobon
  would cost holding the cards kept (the named card's own factor included), against what the kept hand
  is worth: a total of 13 or less that can dobon what the others play (worth more with the red pin or
  the ensouled four in it), few cards, a 2 to answer a 2 with;
* a play holding a 2 makes the next player draw 2k unless they answer it: worth more the longer the run;
* drawing keeps every card back from the field, but the hand grows, and at 12 cards the 12-card rule
  costs 10 laps: never draw into it when a play is possible;
* a dobon is always called, naming the card that multiplies most (red pin, ensouled four, then a 10);
  four of a kind is always shown;
* trumps: each one past the first adds 2 points, each card kept past two adds 1 (and keeps pairs and
  10s), but a trump that another hand can match is a gaeshi, which makes the declarer the loser at ×2n:
  put out the set with the best expectation, the revealed hands judged exactly.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, ClassVar

from ...actions import REFEREE, Action, Kind, is_call
from ...cards import Card
from ...rules.kabu import (
    GROUP_POINTS,
    MAX_TOTAL,
    TEN,
    TRUMP,
    TWELVE,
    TWO,
    dobon_value,
    is_red_pin,
    is_soul_four,
    matches,
    naming_adds,
    specials,
    total,
)
from ...view import SeatView
from ..heuristics import Risk, fallback
from . import PresetKnowledge

if TYPE_CHECKING:
    from ..normal import NormalSeat

TWELVE_COST = 60.0  # the 12-card rule: 10 laps of 6 points
MAX_CANDIDATES = 4  # plays the hard seat searches, the normal seat's best first
TRUMP_SUBSETS_CAP = 10  # a hand this large tries trumps of at most 3 cards (the count grows as 2^n)


class Knowledge(PresetKnowledge):
    round_worth: ClassVar[float] = 4.7  # see PresetKnowledge
    usual_loss: ClassVar[float] = 13.0
    call_top = MAX_TOTAL
    min_cards_to_call = 1  # a single card dobons its own number
    # the normal seat's weights here (arena against greedy, 1600 duplicate deals, seeds 7 / 11: these
    # give -1.04 +- 0.31 / -0.92 +- 0.34; halving or doubling any one of them moved neither seed by more
    # than its interval, so the scale of the points, not the exact numbers, is what matters)
    weights: ClassVar[dict[str, float]] = {
        "danger_weight": 1.0,  # the expected cost of a dobon on the play, in points
        "hope_weight": 6.0,  # points a kept hand that can dobon is worth per share of unseen cards it hits
        "card_cost": 0.4,  # each card kept: a point more when dobon'd, the stock and 12-card rules
        "two_bonus": 1.0,  # per 2 the next player owes after my play
        "keep_two": 0.8,  # the last 2 kept: the answer to a run of 2s
        "draw_cost": 1.5,  # a draw beyond the card it adds: a turn gone, and a total that drifts up
    }

    def values(self, card: Card) -> tuple[int, ...]:
        return (dobon_value(card),)

    def hand_totals(self, cards: list[Card]) -> tuple[int, ...]:
        """The card values the hand can dobon: its total's last digit, if the total is 13 or less."""
        t = total(cards)
        return (t % 10,) if cards and t <= MAX_TOTAL else ()

    def points(self, card: Card) -> int:
        """Every card held adds to what a dobon on me costs (steps A5, A6)."""
        return 2 if card.rank == TEN else 1

    def recent_runs(self, view: SeatView, opponents: list[int]) -> dict[int, list[int]]:
        """A card of value v is hit by the totals v and v + 10."""
        return {seat: [0, 10] for seat in opponents}

    def known_in_hand(self, view: SeatView) -> dict[int, list[Card]]:
        """Revealed hands (the dobon'd player, every declarer) are what those seats hold now."""
        return {seat: list(hand) for seat, hand in view.revealed.items() if seat != view.seat}

    @staticmethod
    def calls_on(hand: list[Card], card: Card) -> bool:
        return matches(hand, card)

    def callers(self, hands: list[list[Card]]) -> Callable[[Card], bool]:
        """The values the hands can dobon, worked out once per rollout step."""
        hit = {t % 10 for hand in hands if hand and (t := total(hand)) <= MAX_TOTAL}
        return lambda card: dobon_value(card) in hit

    def shed_order(self, card: Card) -> int:
        """A quick player sheds high numbers (its total falls to where it can dobon), the 10 last: it
        fits any field, counts 0 in a total and costs 5 more when named."""
        return -1 if card.rank == TEN else card.rank

    # ------------------------------------------------------------------ the seat's own decisions

    def decide(self, seat: NormalSeat, view: SeatView) -> Action | None:
        """The normal seat's whole decision in kabu (see the module docstring)."""
        legal = view.legal
        shown = [a for a in legal if a.kind is Kind.DECLARE]
        if shown:
            return shown[0]  # four of a kind: every other player pays 30 × (10 − n) points
        calls = [a for a in legal if is_call(a)]
        if calls:
            return max(calls, key=lambda a: naming_worth(a.cards[0]))
        plays = [a for a in legal if a.kind is Kind.PLAY]
        if not plays:
            return fallback(legal)
        if view.extra.get("stage") == TRUMP:
            return self.best_trumps(view, plays)
        scored = self.play_scores(seat, view, plays, seat.risk(view))
        return max(scored, key=lambda sa: sa[0])[1]

    def candidates(self, seat: NormalSeat, view: SeatView) -> list[Action]:
        """The options the hard seat searches on its turn: the normal seat's best few plays and the
        draw. Trumps are not searched: the heuristic's choice stands (a search there would spend a
        decision's budget on one moment that the revealed hands already judge well)."""
        plays = [a for a in view.legal if a.kind is Kind.PLAY]
        if view.extra.get("stage") == TRUMP or not plays:
            return [seat.act(view)]
        scored = sorted(self.play_scores(seat, view, plays, seat.risk(view)), key=lambda sa: -sa[0])
        out = [action for _score, action in scored[: MAX_CANDIDATES + 1]]
        draw = [a for a in out if a.kind is Kind.DRAW] or [a for a in view.legal if a.kind is Kind.DRAW]
        return [a for a in out if a.kind is Kind.PLAY][:MAX_CANDIDATES] + draw

    def play_scores(
        self, seat: NormalSeat, view: SeatView, plays: list[Action], risk: Risk
    ) -> list[tuple[float, Action]]:
        """Every play and the draw, each with what it is worth (the higher the better)."""
        w = self.weights
        odds = Odds(view, risk)
        hand = list(view.hand)
        owed = view.chain_cards if view.chain_links else 0
        out: list[tuple[float, Action]] = []
        for action in plays:
            keep = [c for c in hand if all(c is not p for p in action.cards)]
            score = -w["danger_weight"] * odds.expected_loss(action.cards, keep)
            score += self.kept_worth(view, keep, odds, w)
            twos = sum(1 for c in action.cards if c.rank == TWO)
            if twos:
                score += w["two_bonus"] * 2 * (view.chain_links + twos)
            out.append((score, action))
        draw = next((a for a in view.legal if a.kind is Kind.DRAW), None)
        if draw is not None:
            out.append((self.draw_worth(view, hand, owed, odds, w), draw))
        return out

    def kept_worth(self, view: SeatView, keep: list[Card], odds: Odds, w: dict[str, float]) -> float:
        """What the hand kept is worth: its chance to dobon the others' plays, less what each card costs."""
        worth = w["hope_weight"] * odds.hope(keep) * specials(keep) - w["card_cost"] * len(keep)
        if any(c.rank == TWO for c in keep):
            worth += w["keep_two"]
        return worth

    def draw_worth(
        self, view: SeatView, hand: list[Card], owed: int, odds: Odds, w: dict[str, float]
    ) -> float:
        """A draw (the 2s' penalty when `owed`): the hand grows by what is drawn, a card of the unseen
        pool's values on average; reaching 12 cards ends the match at 10 laps."""
        n = owed or 1
        if len(hand) + n >= TWELVE and view.stock >= TWELVE - len(hand):
            return -TWELVE_COST
        worth = -w["draw_cost"] * n
        if n == 1:
            worth += sum(
                share * self.kept_worth(view, [*hand, sample], odds, w) for sample, share in odds.samples()
            )
        else:
            worth += self.kept_worth(view, hand, odds, w) - w["card_cost"] * n
        return worth

    def best_trumps(self, view: SeatView, plays: list[Action]) -> Action:
        """§4.3: the trumps with the best expectation: what the dobon earns holding the cards kept,
        unless a trump is matched (gaeshi), which makes me the loser at ×2(n + 1)."""
        odds = Odds(view, Risk(view))
        decl = my_declaration(view)
        hand = list(view.hand)
        options = plays
        if len(hand) > TRUMP_SUBSETS_CAP:
            options = [a for a in plays if len(a.cards) <= 3]
        best, best_value = options[0], float("-inf")
        for action in options:
            keep = [c for c in hand if all(c is not p for p in action.cards)]
            value = trump_value(view, odds, decl, action.cards, keep)
            if value > best_value:
                best, best_value = action, value
        return best


def naming_worth(card: Card) -> tuple[int, int]:
    """How much naming the card adds to a dobon (M3's factor, then A7's points): red pin, ensouled four,
    a 10, the rest."""
    adds = naming_adds(card)
    if adds is None:
        return (1, 0)
    sign, value = adds
    return (value, 0) if sign == "×" else (1, value)


def my_declaration(view: SeatView) -> tuple | None:
    """The declaration this seat is putting out trumps for (the round state's queue names it)."""
    queue, decls = view.extra.get("queue", ()), view.extra.get("decls", ())
    if queue and 0 <= queue[0] < len(decls):
        return decls[queue[0]]
    return None


def winner_points(
    view: SeatView, keep: Sequence[Card], trumps: int, target: Card | None, gaeshi: int, theirs: int
) -> float:
    """§5.1 P for a dobon won holding `keep` with `trumps` put out, against a hand of `theirs` cards
    (their 10s and specials unknown), naming `target`."""
    groups = sum(GROUP_POINTS.get(n, 0) for n in Counter(c.rank for c in keep).values())
    p = 2 * max(0, trumps - 1) + groups + _points(view, keep, theirs, target, gaeshi)
    return p * specials(keep)


def loser_points(view: SeatView, keep: Sequence[Card], theirs: int, target: Card, gaeshi: int) -> float:
    """§5.1 P for a dobon lost holding `keep`, to a hand of `theirs` cards, on `target`."""
    return _points(view, keep, theirs, target, gaeshi) * specials(keep)


def _points(view: SeatView, held: Sequence[Card], other: int, target: Card | None, gaeshi: int) -> float:
    """The steps both sides share: A1, the cards past two in either hand (A3, A5), the 10s held (A6),
    A7, A8, and the factors M1 and M3."""
    okoshi = view.discard[0] if view.discard else None
    p = 1 + max(0, len(held) - 2) + max(0, other - 2) + sum(1 for c in held if c.rank == TEN)
    if target is not None and target.rank == TEN:
        p += 5
    if okoshi is not None and okoshi.rank == TEN:
        p += 10
    return p * (2 * gaeshi if gaeshi else 1) * card_factor(okoshi, target)


def card_factor(okoshi: Card | None, target: Card | None) -> int:
    """M3: ×4 for the ensouled four, ×10 for the red pin, as the okoshi-fuda or the card named."""
    named = [c for c in (okoshi, target) if c is not None]
    return (4 if any(map(is_soul_four, named)) else 1) * (10 if any(map(is_red_pin, named)) else 1)


def trump_value(
    view: SeatView, odds: Odds, decl: tuple | None, trumps: Sequence[Card], keep: list[Card]
) -> float:
    """What putting out `trumps` is worth: the points won if nobody matches one of them, less the
    points lost (×2(n + 1), the trump named) if somebody does."""
    target = decl[1] if decl else None
    victim = decl[2] if decl else REFEREE
    gaeshi = decl[4] if decl else 0
    if victim == REFEREE:  # a first-card dobon: every non-declarer pays
        losers = [s for s in range(view.players) if s != view.seat and s not in view.revealed]
        theirs = 0
    else:
        losers = [victim]
        theirs = view.hand_sizes[victim]
    win = winner_points(view, keep, len(trumps), target, gaeshi, theirs) * max(1, len(losers))
    if victim != REFEREE:
        win *= specials(view.revealed.get(victim, ()))
    hit = odds.any_hit(trumps)
    named = max(trumps, key=naming_worth)
    lose = loser_points(view, keep, len(keep), named, gaeshi + 1)  # their hand unknown: as mine
    return (1 - hit) * win - hit * lose


class Odds:
    """How likely each other seat can dobon a card of each value, from the view: a revealed hand
    exactly, a hidden one from the seat's `Risk` (the unseen cards, or the hard seat's inferred
    deals)."""

    def __init__(self, view: SeatView, risk: Risk):
        self.view = view
        self.risk = risk
        self.chances: dict[int, list[float]] = {}
        for seat in range(view.players):
            if seat == view.seat or view.hand_sizes[seat] < 1:
                continue
            hand = view.revealed.get(seat)
            if hand is not None:
                values = [0.0] * 10
                t = total(hand)
                if hand and t <= MAX_TOTAL:
                    values[t % 10] = 1.0
                self.chances[seat] = values
            else:
                self.chances[seat] = risk.call_chances(seat, range(10))
        pool = Counter(dobon_value(c) for c in _unseen(risk))
        size = sum(pool.values()) or 1
        self.pool = {v: n / size for v, n in pool.items()}

    def hit(self, seat: int, value: int) -> float:
        return self.chances[seat][value]

    def any_hit(self, cards: Sequence[Card]) -> float:
        """The chance that somebody can dobon one of `cards`."""
        values = {dobon_value(c) for c in cards}
        safe = 1.0
        for row in self.chances.values():
            safe *= 1.0 - min(1.0, sum(row[v] for v in values))
        return 1.0 - safe

    def expected_loss(self, cards: Sequence[Card], keep: list[Card]) -> float:
        """The points a play is expected to cost me: for each other seat and each value of the play, the
        chance its total matches, times the points (the card it would name, the cards I keep)."""
        view = self.view
        worst: dict[int, Card] = {}
        for c in cards:
            v = dobon_value(c)
            if v not in worst or naming_worth(c) > naming_worth(worst[v]):
                worst[v] = c
        out = 0.0
        for seat, row in self.chances.items():
            theirs = max(0, view.hand_sizes[seat] - 1)  # a trump put out
            for v, named in worst.items():
                p = row[v]
                if p:
                    points = loser_points(view, keep, theirs, named, 0)
                    if v == 1 and view.hand_sizes[seat] == 1:
                        points *= 10  # a single pin (§4.5)
                    out += p * points
        return out

    def hope(self, keep: list[Card]) -> float:
        """The share of the unseen cards my kept hand could dobon."""
        t = total(keep)
        if not keep or t > MAX_TOTAL:
            return 0.0
        return self.pool.get(t % 10, 0.0)

    def samples(self) -> list[tuple[Card, float]]:
        """One card of each value the unseen pool holds, with its share: what a draw brings."""
        out = []
        seen: set[int] = set()
        for c in _unseen(self.risk):
            v = dobon_value(c)
            if v not in seen:
                seen.add(v)
                out.append((c, self.pool[v]))
        return out


def _unseen(risk: Risk) -> list[Card]:
    return risk.unseen_cards
