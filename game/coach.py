"""The coach: what each play of yours risks, and what the `hard` seat would do, from your view alone.

A practice help for learners (issue 30): before you play, every card you may put down carries its
danger, the chance that some other seat can call dobon on it and what that would cost you; and a hint
says what `hard` would play and why, in one line.

Everything here is read from a `SeatView`, never from the game, so the coach can know no more than the
player: a card the player cannot see cannot change a word it says (tests/test_coach.py checks this
with two games whose hidden cards differ). The danger comes from the same inference the `hard` seat
uses (game.seats.inference): deals of the unseen cards drawn in proportion to how well they fit the
round's history; the rulebook's own `call_totals` and `could_call` say whether a sampled hand could
call on a play, and its own scoring (a sampled world played on, game.seats.hard.play_out) says what a
call would cost. The work is bounded by counts (deals, worlds), never by the clock, and the random
numbers are seeded from the view itself, so the same position always gets the same advice.
"""

from __future__ import annotations

import json
import random
import zlib
from collections import OrderedDict
from dataclasses import dataclass

from .actions import Action, Kind
from .clues import Clue
from .engine import Game
from .errors import IllegalAction
from .phase import Phase
from .seats.determinize import determinize, known_in_hand
from .seats.hard import HardSeat, outcome, play_out
from .seats.inference import HandSampler, InferredRisk
from .view import SeatView

RISKY = 0.15  # a play at least this likely to be called on (about one in seven) is marked, and asks first
CALLER_SHARE = 0.05  # a seat is named as a possible caller where it could call in this share of deals


@dataclass(frozen=True, slots=True)
class Danger:
    """What one play risks: `chance` that some other seat can call dobon on it, the seats that could
    (likeliest first), and what a call would cost you on average, in the preset's points (None when
    no sampled world had a call to price)."""

    action: Action
    chance: float
    callers: tuple[int, ...]
    cost: int | None

    @property
    def risky(self) -> bool:
        return self.chance >= RISKY


@dataclass(frozen=True, slots=True)
class Hint:
    """What `hard` would do from this view, and why: its expected result (the preset's points a round,
    against the table's average; higher is better) beside the best other option's, where there was
    a choice to weigh (None for a forced move)."""

    action: Action
    value: float | None = None
    other: Action | None = None
    other_value: float | None = None


def view_key(view: SeatView) -> str:
    """A stable text of everything the coach reads: what decides its answer, its seed and its cache key
    (a hash() of it would change between runs; crc32 does not)."""
    return json.dumps(view.to_json(), sort_keys=True, separators=(",", ":"), default=str)


def view_seed(view: SeatView) -> int:
    return zlib.crc32(view_key(view).encode("utf-8"))


def distinct_plays(view: SeatView) -> list[Action]:
    """Each set of cards the seat may put down, once (the suit it might name changes no call)."""
    seen: set[tuple[int, ...]] = set()
    out = []
    for action in view.legal:
        if action.kind is Kind.PLAY:
            ids = tuple(c.id for c in action.cards)
            if ids not in seen:
                seen.add(ids)
                out.append(action)
    return out


class Coach:
    """Dangers and hints for one seat's views, each computed once per view (a small cache)."""

    deals = 100  # inferred deals behind the danger figures (as many as hard's `risk_deals`)
    burn_in = 300
    thinning = 10
    cost_worlds = 12  # sampled worlds, per play, in which a call is played out to price it
    hint_worlds = 24  # worlds on which the hint's options are compared to say why
    cache_size = 8

    def __init__(self) -> None:
        self._dangers: OrderedDict[str, tuple[Danger, ...]] = OrderedDict()
        self._hints: OrderedDict[str, Hint] = OrderedDict()

    # ------------------------------------------------------------------ dangers

    def dangers(self, view: SeatView) -> tuple[Danger, ...]:
        """The danger of every distinct play in `view.legal` (empty when there is none)."""
        key = view_key(view)
        if key in self._dangers:
            return self._dangers[key]
        result = self._compute_dangers(view, random.Random(zlib.crc32(key.encode("utf-8"))))
        _remember(self._dangers, key, result, self.cache_size)
        return result

    def _compute_dangers(self, view: SeatView, rng: random.Random) -> tuple[Danger, ...]:
        plays = distinct_plays(view)
        others = [s for s in range(view.players) if s != view.seat and view.hand_sizes[s] > 0]
        if not plays or not others:
            return tuple(Danger(a, 0.0, (), None) for a in plays)
        sampler = HandSampler(view, rng, known_in_hand(view))
        sampler.mix(self.burn_in)
        deals: list[tuple[dict, list]] = []
        for _ in range(self.deals):
            sampler.mix(self.thinning)
            deals.append(sampler.deal())
        book = sampler.book
        risk = InferredRisk(view, [hands for hands, _stock in deals], book)
        out = []
        for action in plays:
            history = (*view.history, Clue(view.seat, action.cards))
            index = len(history) - 1
            totals = {s: t for s in others if (t := book.call_totals(history, index, s, view.hand_sizes[s]))}
            by_seat = dict.fromkeys(totals, 0)
            hits: list[int] = []  # the deals in which someone could call
            for i, (hands, _stock) in enumerate(deals):
                could = [s for s, t in totals.items() if book.could_call(hands[s], t)]
                for s in could:
                    by_seat[s] += 1
                if could:
                    hits.append(i)
            # one card: hard's own figure; several: the share of deals with a caller
            chance = risk.of(action.cards[0]) if len(action.cards) == 1 else len(hits) / len(deals)
            callers = tuple(
                s
                for s, n in sorted(by_seat.items(), key=lambda kv: (-kv[1], kv[0]))
                if n >= CALLER_SHARE * len(deals)
            )
            cost = self._cost(view, action, [deals[i] for i in hits[: self.cost_worlds]], rng)
            out.append(Danger(action, chance, callers, cost))
        return tuple(out)

    def _cost(self, view: SeatView, action: Action, deals: list[tuple[dict, list]], rng) -> int | None:
        """What a call on `action` costs you: the mean of your score's change for the worse over sampled
        worlds in which someone can call, each played on (every seat that can call does) to the round's
        end, scored by the preset's own rules."""
        losses = []
        for deal in deals:
            world = determinize(view, rng, deal)
            before = world.scores[view.seat]
            try:
                world.apply(action)
            except IllegalAction:  # a world the sample made unplayable prices nothing
                continue
            play_out(world, random.Random(rng.randrange(2**31)))
            if world.phase not in (Phase.ROUND_OVER, Phase.MATCH_OVER):
                continue
            change = world.scores[view.seat] - before
            losses.append(-change if world.book.higher_is_better else change)
        if not losses:
            return None
        return round(sum(losses) / len(losses))

    # ------------------------------------------------------------------ the hint

    def hint(self, view: SeatView) -> Hint | None:
        """What `hard` would do now, with the figures that say why; None when the seat has nothing to
        decide (no legal action)."""
        if not view.legal:
            return None
        key = view_key(view)
        if key in self._hints:
            return self._hints[key]
        seed = zlib.crc32(key.encode("utf-8"))
        hard = HardSeat(seed)
        action = hard.act(view)
        hint = Hint(action)
        options = self._options(hard, view, action)
        if len(options) > 1:
            values = self._values(view, options, random.Random(seed + 1))
            best = max(range(1, len(options)), key=lambda i: values[i])
            hint = Hint(action, values[0], options[best], values[best])
        _remember(self._hints, key, hint, self.cache_size)
        return hint

    @staticmethod
    def _options(hard: HardSeat, view: SeatView, chosen: Action) -> list[Action]:
        """The hint and the other turn options hard weighed (each card once, and drawing)."""
        if chosen.kind not in (Kind.PLAY, Kind.DRAW):
            return [chosen]
        others = [a for a in hard.candidates(view) if a.cards != chosen.cards or a.kind is not chosen.kind]
        return [chosen, *others]

    def _values(self, view: SeatView, options: list[Action], rng: random.Random) -> list[float]:
        """Each option's mean result over the same sampled worlds with the same luck (hard's rollouts
        and scoring: game.seats.hard.play_out and outcome)."""
        sampler = HandSampler(view, rng, known_in_hand(view))
        sampler.mix(self.burn_in)
        totals = [0.0] * len(options)
        worlds = 0
        for _ in range(self.hint_worlds):
            sampler.mix(self.thinning)
            world: Game = determinize(view, rng, sampler.deal())
            before = list(world.scores)
            seed = rng.randrange(2**31)
            results = []
            for action in options:
                sim = world.clone(seed)
                try:
                    sim.apply(action)
                except IllegalAction:  # a world the sample made unplayable counts for none
                    break
                play_out(sim, random.Random(seed))
                results.append(outcome(sim, view.seat, before))
            else:
                worlds += 1
                totals = [t + r for t, r in zip(totals, results, strict=True)]
        return [t / worlds if worlds else 0.0 for t in totals]


def _remember(cache: OrderedDict, key: str, value, size: int) -> None:
    cache[key] = value
    cache.move_to_end(key)
    while len(cache) > size:
        cache.popitem(last=False)
