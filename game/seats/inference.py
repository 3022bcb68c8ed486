"""Inference: which hidden hands are likely, given everything a seat has seen.

A seat sees what the others did (`SeatView.history`): who played what, who drew and on which field.
Three kinds of behaviour tell something about a hidden hand:

* a seat that drew on its turn when it could have played probably held no card that fitted then
  (the rulebook's `fitted` says what would have fitted);
* a seat that let a play pass without calling dobon probably could not call on it then (the rulebook's
  `call_totals` and `could_call`);
* a seat that played a card chose it out of its hand then (its hand now and what it played since, as
  long as it has drawn nothing since): a hand out of which that choice was likely is a likelier hand,
  by the play policy fitted to self-play (game.seats.policy), for every such play, not only the latest.

None is certain (a player may draw or hold back on purpose, or be slow to call), so a hand that
breaks one of the first two is made less likely, not impossible: each broken clue multiplies its
weight by a factor; a play multiplies it by the policy's probability of that play.

`HandSampler` draws complete deals of the unseen cards (every other hand with its public size, known
cards kept in place, the rest as the stock) in proportion to those weights, by a Markov chain that
swaps cards between hands and the stock (Metropolis). It reads the view only.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from dataclasses import dataclass

from ..cards import Card
from ..clues import Clue
from ..rules import make_rules
from ..rules.base import Rulebook
from ..view import SeatView
from .determinize import hidden_cards
from .heuristics import Risk
from .policy import HOPE_SCALE, RANKS, log_chance_of, value_shares
from .presets import PresetKnowledge, knowledge
from .presets.policy_weights import WEIGHTS

DRAW_DOUBT = 0.15  # weight factor for each card a drawing seat held that would have fitted
PASS_DOUBT = 0.05  # weight factor for a hand that could have called dobon and did not


@dataclass(frozen=True, slots=True)
class NoCall:
    """The seat let a play pass: its hand then (now + `played` since) would not have called."""

    played: tuple[Card, ...]
    totals: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Void:
    """The seat drew instead of playing: of the cards it holds now or played since, at most `allowance`
    (the cards it drew since, this draw included) can fit the field it drew on."""

    fits: frozenset[int]  # ids of unseen cards that would have fitted
    played_fitting: int
    allowance: int


@dataclass(frozen=True, slots=True)
class Steer:
    """A play of one card made with nothing drawn since: the seat chose `card` out of its hand then,
    which was its hand now plus `later` (what it played since) and `card`."""

    card: Card
    field: Clue  # the field it was played on (as a draw there would have recorded it)
    later: tuple[Card, ...]


_BOOKS: dict[tuple, Rulebook] = {}


def rulebook(view: SeatView) -> Rulebook:
    key = (view.preset, view.players, tuple(sorted(view.options.items())))
    book = _BOOKS.get(key)
    if book is None:
        book = _BOOKS[key] = make_rules(view.preset, view.players, view.options, developing=True).rulebook()
    return book


def clues_about(
    view: SeatView, book: Rulebook, seat: int, pool: list[Card]
) -> tuple[list[NoCall], list[Void], list[Steer]]:
    """What the history says about `seat`'s hand now. Walking back from the present, the hand then is
    the hand now plus what the seat played since, as long as it has drawn nothing since; a draw breaks
    that link for dobon clues, while a void clue allows for every card drawn since."""
    history = view.history
    nocalls: list[NoCall] = []
    voids: list[Void] = []
    steers: list[Steer] = []
    played: list[Card] = []
    drawn = 0
    size = view.hand_sizes[seat]
    # the latest play may still be answered: its window is open, or (jda) the seat has not been asked yet
    still = view.window is not None or knowledge(view.preset).may_still_call(view, seat)
    last_open = len(history) - 1 if still else -1
    for index in range(len(history) - 1, -1, -1):
        clue = history[index]
        if clue.seat == seat:
            if clue.is_draw:
                held = size + len(played) - drawn - clue.drew
                fits = _fitting(book, clue, held, pool) if held >= 1 and clue.field is not None else None
                if fits is not None:
                    fitting_played = sum(1 for c in played if book.fitted(c, clue, held))
                    voids.append(Void(fits, fitting_played, drawn + clue.drew))
                drawn += clue.drew
            else:
                if not drawn and len(clue.cards) == 1:
                    field = book.field_before(history, index)
                    if field is not None:
                        steers.append(Steer(clue.cards[0], field, tuple(played)))
                played.extend(clue.cards)
        elif not clue.is_draw and drawn == 0 and index != last_open:
            totals = book.call_totals(history, index, seat, size + len(played))
            if totals:
                nocalls.append(NoCall(tuple(played), totals))
    return nocalls, voids, steers


def _fitting(book: Rulebook, clue: Clue, held: int, pool: list[Card]) -> frozenset[int] | None:
    out = set()
    for card in pool:
        verdict = book.fitted(card, clue, held)
        if verdict is None:
            return None  # this draw tells nothing
        if verdict:
            out.add(card.id)
    return frozenset(out)


class HandSampler:
    """Deals of the unseen cards to the other seats, drawn in proportion to how well they fit the
    history (see the module docstring)."""

    def __init__(self, view: SeatView, rng: random.Random, known: dict[int, list[Card]]):
        self.view = view
        self.rng = rng
        self.book = rulebook(view)
        pool = hidden_cards(view, known)
        unseen = list(pool)
        rng.shuffle(pool)
        self.known = known
        self.others = [s for s in range(view.players) if s != view.seat and view.hand_sizes[s] > 0]
        self.free: dict[int, list[Card]] = {}
        for seat in self.others:
            need = max(0, view.hand_sizes[seat] - len(known.get(seat, ())))
            self.free[seat] = pool[:need]
            del pool[:need]
        self.stock = pool
        self.know = know = knowledge(view.preset)
        self.share = value_shares(know, unseen)
        self.policy = WEIGHTS.get(view.preset)
        self.clues = {seat: clues_about(view, self.book, seat, unseen) for seat in self.others}
        # the chain's state beside the ordered lists: each hidden hand's free cards as a bitmask of ids
        # (a move flips two bits), and each known hand's, for `codes`
        self.masks = {seat: _mask(self.free[seat]) for seat in self.others}
        self.known_masks = {seat: _mask(known.get(seat, ())) for seat in self.others}
        self.pooled = sum(len(self.free[s]) for s in self.others) + len(self.stock)  # fixed by the view
        # the rank sum of the known cards, where the rulebook's dobon is a hand's plain rank sum
        self.plain_sum = type(self.book).could_call is Rulebook.could_call
        self.known_sums = {seat: sum(c.rank for c in known.get(seat, ())) for seat in self.others}
        self.rank_sums = {seat: sum(c.rank for c in self.free[seat]) for seat in self.others}  # free cards'
        self.silent = {seat: not any(self.clues[seat]) for seat in self.others}
        self._steer_fits: dict[int, dict[int, bool]] = {}  # by steer: does a card fit its field
        # a hand's only dobon total is its rank sum (the policy's `hope` then needs no hand_totals)
        self.plain_totals = type(self.know).hand_totals is PresetKnowledge.hand_totals
        # what a weight needs of each clue, worked out once: a no-call's played rank sum, a void's fits
        self.nocall_sums = {s: [sum(c.rank for c in n.played) for n in self.clues[s][0]] for s in self.others}
        # with plain rank sums: for each rank sum of the free cards, how many no-call clues it breaks
        self.nocall_hits = {s: self._nocall_hits(s) for s in self.others} if self.plain_sum else {}
        # does weighing a hand need its cards (a steer, or a rulebook's own dobon), or only its ints?
        self.needs_cards = {
            s: bool(
                (self.policy is not None and self.clues[s][2]) or (self.clues[s][0] and not self.plain_sum)
            )
            for s in self.others
        }
        self.void_masks = {s: [_mask_of_ids(v.fits) for v in self.clues[s][1]] for s in self.others}
        self._weighed: dict[int, dict[int, float]] = {seat: {} for seat in self.others}
        self.weights = {seat: self.log_weight(seat, self.free[seat]) for seat in self.others}
        self.swappable = [s for s in self.others if self.free[s]]
        self.informed = any(n or v or (t and self.policy) for n, v, t in self.clues.values())

    def hand(self, seat: int, free: list[Card]) -> list[Card]:
        return [*self.known.get(seat, ()), *free]

    def log_weight(self, seat: int, free: list[Card]) -> float:
        """How well a hand fits the clues about its seat (a log-likelihood, up to a constant). A pure
        function of the seat and the hand's cards, kept once computed (by the cards' bitmask): a chain
        keeps proposing hands it has weighed before (in `app` nearly half of them), and this is most
        of a move's cost."""
        if self.silent[seat]:
            return 0.0
        mask = _mask(free)
        known = self._weighed[seat].get(mask)
        if known is None:
            ranks = sum(c.rank for c in free)
            known = self._weighed[seat][mask] = self._log_weight(seat, free, mask, ranks)
        return known

    def _swapped_weight(
        self, seat: int, mask: int, hand: list[Card], index: int, card: Card, ranks: int
    ) -> float:
        """`log_weight` of `hand` with `card` in place of its card at `index` (bitmask `mask`, free
        cards' rank sum `ranks`), the list built only when the hand has not been weighed before."""
        if self.silent[seat]:
            return 0.0
        cache = self._weighed[seat]
        known = cache.get(mask)
        if known is None:
            free = None
            if self.needs_cards[seat]:
                free = list(hand)
                free[index] = card
            known = cache[mask] = self._log_weight(seat, free, mask, ranks)
        return known

    def _nocall_hits(self, seat: int) -> dict[int, int]:
        """For each rank sum of the seat's free cards, the no-call clues a hand of that sum breaks
        (its sum then, with the known cards and what it played since, among the clue's totals)."""
        hits: dict[int, int] = {}
        base = self.known_sums[seat]
        for clue, played in zip(self.clues[seat][0], self.nocall_sums[seat], strict=True):
            for total in set(clue.totals):
                free_sum = total - played - base
                hits[free_sum] = hits.get(free_sum, 0) + 1
        return hits

    def _log_weight(self, seat: int, free: list[Card] | None, mask: int, ranks: int) -> float:
        """The log-weight (see `log_weight`) of the free cards `free` (bitmask `mask`, rank sum
        `ranks`); `free` may be None where the seat's clues need only the ints (`needs_cards`)."""
        nocalls, voids, steers = self.clues[seat]
        broken = 0.0
        if self.policy is not None and steers:
            assert free is not None  # needs_cards
            hand = self.hand(seat, free)
            for steer in steers:
                broken += self.steer_weight(hand, steer)
        if nocalls:
            if self.plain_sum:  # Rulebook.could_call: the hand's rank sum is one of the totals
                for _ in range(self.nocall_hits[seat].get(ranks, 0)):
                    broken += _LOG_PASS  # once per clue broken, as adding clue by clue
            else:
                assert free is not None  # needs_cards
                hand = self.hand(seat, free)
                for clue in nocalls:
                    if self.book.could_call(hand + list(clue.played), clue.totals):
                        broken += _LOG_PASS
        for void, fits in zip(voids, self.void_masks[seat], strict=True):
            fitting = void.played_fitting + (mask & fits).bit_count()
            if fitting > void.allowance:
                broken += _LOG_DRAW * (fitting - void.allowance)
        return broken

    def steer_weight(self, hand: list[Card], steer: Steer) -> float:
        """Log-likelihood of the seat's choice of card out of its hand then (the hand now plus what it
        played since), under the play policy fitted to self-play (game.seats.policy)."""
        then = [*hand, *steer.later, steer.card]
        card = steer.card
        # which cards could have been played on the steer's field (`options_of`): asked of the
        # rulebook once per card and steer, as the hand's size then is the same in every guess
        fits = self._steer_fits.get(id(steer))
        if fits is None:
            fits = self._steer_fits[id(steer)] = {}
        book, field, size = self.book, steer.field, len(then)
        options = []
        for c in then:
            ok = fits.get(c.id)
            if ok is None:
                ok = fits[c.id] = book.fitted(c, field, size) is not False
            if ok or c.id == card.id:
                options.append(c)
        if len(options) < 2:
            return 0.0
        if not self.plain_totals:
            return log_chance_of(self.policy, self.know, self.share, options, then, card)
        # `log_chance_of` where a hand's only total is its rank sum: the hand kept by playing an option
        # sums to the whole then-hand's sum less the option's rank (the same floats, in the same order)
        weights = self.policy
        assert weights is not None
        w_hope = weights[RANKS]
        share = self.share
        can_call = len(then) >= self.know.min_cards_to_call + 1
        total = sum(c.rank for c in then)
        scores = [
            weights[c.rank] + w_hope * (HOPE_SCALE * share.get(total - c.rank, 0.0) if can_call else 0.0)
            for c in options
        ]
        top = max(scores)
        mine = next(v for v, c in zip(scores, options, strict=True) if c.id == card.id)
        return mine - top - math.log(sum(math.exp(v - top) for v in scores))

    def step(self) -> None:
        """One Metropolis move: swap a card of one hidden hand with a card of another or of the stock."""
        self._moves(1)

    def _moves(self, steps: int) -> None:
        """`steps` Metropolis moves. The proposal's weights come from the bitmask cache (the hand is
        weighed only if new); the lists change in place once accepted. The names are bound once for
        all the moves: a decision makes thousands."""
        swappable = self.swappable
        if not swappable:
            return
        random_ = self.rng.random
        exp = math.exp
        free, stock, others = self.free, self.stock, self.others
        weights, masks, sums = self.weights, self.masks, self.rank_sums
        silent, weighed, weigh = self.silent, self._weighed, self._swapped_weight
        pooled, choices = self.pooled, len(swappable)
        for _ in range(steps):
            a = swappable[int(random_() * choices)]
            hand_a = free[a]
            i = int(random_() * len(hand_a))
            total = pooled - len(hand_a)
            if total <= 0:
                continue
            pick = int(random_() * total)
            b = None
            for s in others:
                if s == a:
                    continue
                size = len(free[s])
                if pick < size:
                    b = s
                    break
                pick -= size
            target = free[b] if b is not None else stock
            incoming, outgoing = target[pick], hand_a[i]
            flip = (1 << incoming.id) ^ (1 << outgoing.id)
            mask_a = masks[a] ^ flip
            gain = incoming.rank - outgoing.rank
            if silent[a]:
                w_a = 0.0
            else:
                w_a = weighed[a].get(mask_a)
                if w_a is None:
                    w_a = weigh(a, mask_a, hand_a, i, incoming, sums[a] + gain)
            delta = w_a - weights[a]
            if b is not None:
                mask_b = masks[b] ^ flip
                if silent[b]:
                    w_b = 0.0
                else:
                    w_b = weighed[b].get(mask_b)
                    if w_b is None:
                        w_b = weigh(b, mask_b, target, pick, outgoing, sums[b] - gain)
                delta += w_b - weights[b]
            if delta >= 0 or random_() < exp(delta):
                hand_a[i] = incoming
                target[pick] = outgoing
                masks[a] = mask_a
                weights[a] = w_a
                sums[a] += gain
                if b is not None:
                    masks[b] = mask_b
                    weights[b] = w_b
                    sums[b] -= gain

    def mix(self, steps: int) -> None:
        """Move the chain on `steps` moves. With no clue to weigh, every deal is equally likely, so a
        fresh uniform deal replaces the moves (else every deal drawn would be the first one)."""
        if not self.informed:
            self.redeal()
            return
        self._moves(steps)

    def redeal(self) -> None:
        pool = [card for seat in self.others for card in self.free[seat]] + self.stock
        self.rng.shuffle(pool)
        for seat in self.others:
            need = len(self.free[seat])
            self.free[seat] = pool[:need]
            self.masks[seat] = _mask(self.free[seat])
            self.rank_sums[seat] = sum(c.rank for c in self.free[seat])
            del pool[:need]
        self.stock = pool
        # `mix` redeals only where no clue is weighed: every weight stays 0

    def hands(self) -> dict[int, list[Card]]:
        """The current deal: every other seat's whole hand."""
        return {seat: self.hand(seat, self.free[seat]) for seat in self.others}

    def deal(self) -> tuple[dict[int, list[Card]], list[Card]]:
        """The current deal and the stock (in no particular order), for determinize."""
        return self.hands(), list(self.stock)

    def codes(self) -> tuple[dict[int, int], list[int]]:
        """The current deal as a core takes it (game.seats.fast.refill_codes): every other seat's whole
        hand as a bitmask of card ids, and the stock's ids (in no particular order)."""
        known, masks = self.known_masks, self.masks
        return {seat: known[seat] | masks[seat] for seat in self.others}, [c.id for c in self.stock]


def _mask(cards) -> int:
    mask = 0
    for card in cards:
        mask |= 1 << card.id
    return mask


def _mask_of_ids(ids) -> int:
    mask = 0
    for i in ids:
        mask |= 1 << i
    return mask


_LOG_PASS = math.log(PASS_DOUBT)
_LOG_DRAW = math.log(DRAW_DOUBT)


class InferredRisk(Risk):
    """`Risk.of` from sampled deals: the share of likely deals in which some other seat could call
    dobon on a card I put down (the deals drawn once per decision by a `HandSampler`)."""

    def __init__(self, view: SeatView, deals: list[dict[int, list[Card]]], book: Rulebook):
        super().__init__(view)
        self.deals = deals
        self.book = book
        self._cache: dict[int, float] = {}

    def call_chances(self, seat: int, values) -> list[float]:
        """The share of the likely deals in which `seat`'s hand can call on a card of each value."""
        counts: Counter[int] = Counter()
        for deal in self.deals:
            hand = deal.get(seat)
            if hand:
                counts.update(set(self.know.hand_totals(hand)))
        n = len(self.deals) or 1
        return [counts[v] / n for v in values]

    def of(self, card: Card) -> float:
        if card.id in self._cache:
            return self._cache[card.id]
        view = self.view
        history = (*view.history, Clue(view.seat, (card,)))
        index = len(history) - 1
        totals = {
            s: t
            for s in range(view.players)
            if s != view.seat and (t := self.book.call_totals(history, index, s, view.hand_sizes[s]))
        }
        hits = 0
        for deal in self.deals:
            for seat, t in totals.items():
                if self.book.could_call(deal[seat], t):
                    hits += 1
                    break
        p = hits / len(self.deals) if self.deals else 0.0
        prior = self.know.risk_prior_deals
        if prior:  # shrunk towards the uniform estimate, as if it had been seen in `prior` more deals
            p = (hits + prior * super().of(card)) / (len(self.deals) + prior)
        self._cache[card.id] = p
        return p
