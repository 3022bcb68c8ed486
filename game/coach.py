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
from typing import Any

from .actions import Action, Kind
from .clues import Clue
from .errors import IllegalAction
from .phase import Phase
from .seats import fast
from .seats.determinize import determinize, known_in_hand
from .seats.hard import HardSeat, outcome, play_out
from .seats.inference import HandSampler, InferredRisk
from .seats.presets import knowledge
from .view import SeatView

RISKY = 0.15  # a play at least this likely to be called on (about one in seven) is marked, and asks first

CLOSE = 2.0  # a hint's difference within this many standard errors of zero is "about equal"


@dataclass(frozen=True, slots=True)
class Danger:
    """What one play risks: `chance` that some other seat can call dobon on it, the seats that could
    (likeliest first), and what a call would cost you on average, in the preset's points (None when
    no sampled world had a call to price)."""

    action: Action
    chance: float
    callers: tuple[int, ...]
    cost: int | None
    usual: float | None = None  # what losing an ordinary round costs in this preset (its `usual_loss`)
    unnamed: bool = False  # another seat could call too, though no sampled deal showed it: "someone"

    @property
    def expected(self) -> float:
        """What the play costs you on average through a call: chance x cost (0 where no call was priced
        or a call would be turned round)."""
        return self.chance * self.cost if self.cost is not None and self.cost > 0 else 0.0

    @property
    def risky(self) -> bool:
        """Worth asking about: likely enough to be called on, at a price (RISKY), or a small chance of
        so large a loss that its expected cost reaches an ordinary lost round's (the preset's `usual_loss`:
        a play whose expected cost reaches it is risky however small its chance). A call you
        would answer with a dobon-gaeshi and win is no risk."""
        if self.cost is not None and self.cost <= 0:
            return False
        if self.chance >= RISKY:
            return True
        return self.usual is not None and self.chance > 0 and self.expected >= self.usual


@dataclass(frozen=True, slots=True)
class Hint:
    """What `hard` would do from this view, and why: its expected result (the preset's points a round,
    against the table's average; higher is better) beside the best other option's, where there was
    a choice to weigh (None for a forced move)."""

    action: Action
    value: float | None = None
    other: Action | None = None
    other_value: float | None = None
    worlds: int = 0  # the sampled deals its search weighed them on
    margin: float = 0.0  # the standard error of (value - other_value), world by world

    @property
    def kept(self) -> bool:
        """hard kept its rule of thumb's choice though another option looked better: not better by
        enough to trust over the noise (HardSeat.confidence)."""
        return self.value is not None and self.other_value is not None and self.other_value > self.value

    @property
    def close(self) -> bool:
        """The two options are about equal: the difference is within CLOSE standard errors of nothing,
        so the sampled deals cannot tell them apart, and a precise-sounding "14 points better" would be
        noise (a review of the same decision, on worlds of its own, may well find the other ahead)."""
        if self.value is None or self.other_value is None:
            return False
        return self.kept or self.value - self.other_value <= CLOSE * self.margin


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
            # every seat seen able to call in some deal, likeliest first; a seat that could hold a
            # calling hand (its call totals are not empty) but was never seen to is not left out in
            # silence: the line says "someone"
            callers = tuple(s for s, n in sorted(by_seat.items(), key=lambda kv: (-kv[1], kv[0])) if n > 0)
            unnamed = any(by_seat[s] == 0 for s in totals)
            cost = self._cost(view, action, [deals[i] for i in hits[: self.cost_worlds]], rng)
            out.append(Danger(action, chance, callers, cost, knowledge(view.preset).usual_loss, unnamed))
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
        decide (no legal action). The action is hard's own (hard itself, seeded from the view); the
        figures are its search's: every option it weighed, played out again in each world its search
        met with the same luck, so they are the numbers it chose by."""
        if not view.legal:
            return None
        key = view_key(view)
        if key in self._hints:
            return self._hints[key]
        hard = _Watched(zlib.crc32(key.encode("utf-8")))
        action = hard.act(view)
        hint = Hint(action)
        others = [i for i, a in enumerate(hard.weighed) if a != action]
        if hard.met and others and action in hard.weighed:
            rows = _replayed(view.seat, hard.weighed, hard.met)
            values = [sum(row[i] for row in rows) / len(rows) for i in range(len(hard.weighed))]
            best = max(others, key=lambda i: values[i])
            chosen = hard.weighed.index(action)
            margin = _se([row[chosen] - row[best] for row in rows])
            hint = Hint(action, values[chosen], hard.weighed[best], values[best], len(rows), margin)
        _remember(self._hints, key, hint, self.cache_size)
        return hint


class _Watched(HardSeat):
    """`hard` unchanged, noting what its search weighed and each world it met with the seed that world
    was played out with (read off a copy of its random state, so its own draws are untouched)."""

    def __init__(self, seed: int):
        super().__init__(seed)
        self.weighed: list[Action] = []
        self.met: list[tuple[Any, int]] = []  # (world: a Game or a core, seed)

    def search(self, view, options, sample, prior=None):
        self.weighed, self.met = list(options), []

        def watched() -> Any:
            world = sample()
            twin = random.Random()
            twin.setstate(self.rng.getstate())
            self.met.append((world, twin.randrange(2**31)))  # the seed hard draws next, for this world
            return world

        return super().search(view, options, watched, prior)


def _replayed(me: int, options: list[Action], met: list[tuple[Any, int]]) -> list[list[float]]:
    """Each option's result in each world hard's search met (a row a world), with the luck it met them
    with (its own rollouts and scoring: game.seats.hard.play_out and outcome; a world is an engine game
    or, where hard searched on one, a simulation core: game.seats.fast)."""
    rows = []
    for world, seed in met:
        before = list(world.scores)
        row = []
        for action in options:
            sim = world.clone(seed)
            if fast.is_core(sim):
                fast.begin(sim, action)
            else:
                sim.apply(action)
            play_out(sim, random.Random(seed))
            row.append(outcome(sim, me, before))
        rows.append(row)
    return rows


def _se(values: list[float]) -> float:
    """The standard error of the mean of `values` (0 for fewer than two)."""
    n = len(values)
    if n < 2:
        return 0.0
    mean = sum(values) / n
    return (sum((v - mean) ** 2 for v in values) / (n - 1) / n) ** 0.5


def _remember(cache: OrderedDict, key: str, value, size: int) -> None:
    cache[key] = value
    cache.move_to_end(key)
    while len(cache) > size:
        cache.popitem(last=False)
