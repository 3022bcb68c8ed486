"""The `kabu` preset as a simulation core (spec: shared/rules/kabu.md; engine: game.rules.kabu).

`KabuSim` plays the engine's `kabu` games in the headless order: the pre-play window on the okoshi-fuda
(first-card dobons, four of a kind shown), plays by parity or sets adding up to a card of the last play,
the forced 2s, draws that stop at 12 cards and a stock that is never rebuilt, declarations resolved when
their window closes, the trump stage (each declarer in turn puts out trumps; one combined window on all
of them, each card's owner named), dobon-gaeshi, pairs scored step by step, settlements into laps and
extra cards, void matches, and deal exhaustion.

Layout as game.sim.app (docs/sim.md) on the 40 kabufuda ids (rank = id // 4 + 1; 1R is id 0, 4S id 12).
A play is named by the mask of its cards (a play's cards are always in hand order, so the mask is the
play); then DRAW, PASS, DECLARE (four of a kind), `DOBON + target card`, and the referee's NEXT_ROUND and
NEW_MATCH in logs. The spec's "match" is the engine's round, as in the engine.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from itertools import combinations
from typing import TYPE_CHECKING

from ..actions import REFEREE, Action, Kind
from ..cards import deck
from .app import MATCH_OVER, PHASES, REACTION, ROUND_OVER, TURN
from .cards import ids_of, mask_of
from .result import Result
from .rng import shuffle
from .slots import copier

if TYPE_CHECKING:
    from ..engine import Game
    from ..rules.kabu import KabuRules

CARDS = 40
RANK: tuple[int, ...] = tuple(c // 4 + 1 for c in range(CARDS))
RED_PIN, SOUL_FOUR = 0, 12  # 1R, 4S
BASE_HAND, MAX_EXTRA, POINTS_PER_LAP = 4, 5, 6
TWO, TEN, PIN = 2, 10, 1
MAX_TOTAL, TWELVE, TWELVE_LAPS = 13, 12, 10
GROUP_POINTS = {2: 2, 3: 20, 4: 50}
TWOS = sum(1 << c for c in range(CARDS) if RANK[c] == 2)
TENS = sum(1 << c for c in range(CARDS) if RANK[c] == 10)
PARITY = tuple(sum(1 << c for c in range(CARDS) if RANK[c] % 2 == p and RANK[c] != 10) for p in (0, 1))
PRE_PLAY, PLAY, TRUMP = 0, 1, 2
STAGES = ("pre_play", "play", "trump")

DRAW = 1 << CARDS
PASS = DRAW + 1
DECLARE = DRAW + 2
DOBON = DRAW + 3  # + the target card's id
NEXT_ROUND = DOBON + CARDS
NEW_MATCH = NEXT_ROUND + 1


def value(card: int) -> int:
    """§2: a card's value in a dobon total (a 10 counts 0)."""
    return 0 if RANK[card] == TEN else RANK[card]


def total(cards: Iterable[int]) -> int:
    return sum(value(c) for c in cards)


# TOTAL8[i][byte]: the dobon total of the cards with ids 8i..8i+7 in `byte` (a hand's total is five
# lookups: it is asked for every seat a window polls)
TOTAL8 = tuple(
    tuple(sum(value(8 * i + b) for b in range(8) if byte >> b & 1) for byte in range(256)) for i in range(5)
)


def mask_total(hand: int) -> int:
    """A hand's dobon total (a 10 counting 0), from its mask."""
    t0, t1, t2, t3, t4 = TOTAL8
    return t0[hand & 255] + t1[hand >> 8 & 255] + t2[hand >> 16 & 255] + t3[hand >> 24 & 255] + t4[hand >> 32]


def matches(hand: list[int], card: int) -> bool:
    if not hand:
        return False
    t = total(hand)
    return t <= MAX_TOTAL and t % 10 == value(card)


def specials(cards: Iterable[int]) -> int:
    """Step M2's factor: x2 if the ensouled four is among the cards, x5 if the red pin is."""
    held = set(cards)
    return (2 if SOUL_FOUR in held else 1) * (5 if RED_PIN in held else 1)


QUADS = tuple(15 << (4 * r) for r in range(10))  # each number's four cards
BELOW = tuple((1 << (4 * (top - 1))) - 1 if top >= 1 else 0 for top in range(11))  # numbers under `top`


def four_of_a_kind(mask: int) -> bool:
    """§5.3: four cards of one number (1R counts as a 1, 4S as a 4)."""
    return any(mask & quad == quad for quad in QUADS)


_SETS: dict[tuple[tuple[int, ...], frozenset[int]], tuple[tuple[int, ...], ...]] = {}
_SETS_MAX = 200_000


def sets(hand: list[int], targets: frozenset[int] | set[int], only: int | None = None) -> list[int]:
    """§3.2: every set of 2 or more cards adding up to one of `targets`, as masks, in the engine's order.

    A turn asks it every time, so the search (a depth-first walk over the cards that could take part,
    in hand order) is kept by what decides it: the numbers of those cards, in order, and the targets;
    the sets are kept as positions among those cards and named by the cards now holding them."""
    if not targets:
        return []
    top = max(targets)
    pool = [c for c in hand if RANK[c] < top and (only is None or RANK[c] == only)]
    if len(pool) < 2:
        return []
    ranks = tuple(RANK[c] for c in pool)
    key = (ranks, targets if type(targets) is frozenset else frozenset(targets))
    found = _SETS.get(key)
    if found is None:
        out: list[tuple[int, ...]] = []

        def grow(start: int, chosen: list[int], s: int) -> None:
            if len(chosen) >= 2 and s in targets:
                out.append(tuple(chosen))
            for i in range(start, len(ranks)):
                if s + ranks[i] > top:
                    break  # the numbers only grow along the hand (ids are in number order)
                chosen.append(i)
                grow(i + 1, chosen, s + ranks[i])
                chosen.pop()

        grow(0, [], 0)
        found = tuple(out)
        if len(_SETS) < _SETS_MAX:
            _SETS[key] = found
    bits = [1 << c for c in pool]
    return [sum(bits[i] for i in chosen) for chosen in found]


@dataclass(slots=True)
class Decl:
    """One dobon (game.rules.kabu.Declaration): made once per call, off the hot path."""

    seat: int
    target: int
    victim: int
    parent: int = -1
    gaeshi: int = 0
    pin: bool = False
    trumps: tuple[int, ...] = ()
    trumped: bool = False
    hit: bool = False

    def copy(self) -> Decl:
        return Decl(*(getattr(self, f) for f in self.__slots__))  # type: ignore[attr-defined]


class KabuSim:
    """One `kabu` table in simulation: a match (the engine's round) under way, the game, the generator."""

    __slots__ = (
        "actions",
        "batch",
        "calls",
        "counterclockwise",
        "decls",
        "direction",
        "discard",
        "draw_parent",
        "extra",
        "first_parent",
        "gaeshi_doubling",
        "hands",
        "lap_limit",
        "laps",
        "last_play",
        "links",
        "log",
        "match_no",
        "matches_played",
        "max_matches",
        "mover",
        "n",
        "next_parent",
        "owed",
        "parent",
        "pending",
        "phase",
        "place",
        "placer",
        "queue",
        "result",
        "revealed",
        "rng",
        "round_no",
        "scores",
        "seating",
        "shown",
        "stage",
        "stay",
        "stock",
        "trumps",
        "turn",
        "wcards",
        "wopen",
        "wowners",
        "wplacer",
    )

    FALSE_CALL = -1

    def __init__(self, rules: KabuRules, seed: int | None = 0, *, deal: bool = True):
        self.n = n = rules.players
        self.draw_parent = rules.draw_parent
        self.counterclockwise = rules.counterclockwise
        self.max_matches = rules.max_matches
        self.lap_limit = rules.lap_limit
        self.gaeshi_doubling = rules.gaeshi_mult == "doubling"
        self.stay = rules.trumps_stay_in_hand
        self.first_parent = rules.first_parent
        self.rng = random.Random(seed)
        self.actions = 0
        self.log: list[tuple[int, int]] | None = None
        self.scores = [0] * n
        self.match_no = 1
        self.round_no = 0
        self.parent = rules.first_parent
        self.seating: tuple[int, ...] = tuple(range(n))
        self.place = list(range(n))
        self.direction = 1
        self.laps = [0] * n
        self.extra = [0] * n
        self.matches_played = 0
        self.hands = [0] * n
        self.trumps: list[list[int]] = [[] for _ in range(n)]
        self.stock: list[int] = []
        self.discard: list[int] = []
        self.links = self.owed = 0
        self.turn = self.mover = self.parent
        self.phase = TURN
        self._reset_round()
        self.result: Result | None = None
        if deal:
            self.deal()

    @classmethod
    def for_rules(cls, rules: KabuRules, seed: int | None = 0) -> KabuSim:
        if rules.preset != "kabu":
            raise ValueError(f"the kabu sim plays the kabu preset, not {rules.preset}")
        return cls(rules, seed)

    def _reset_round(self) -> None:
        self.stage = PRE_PLAY
        self.last_play: tuple[int, ...] = ()
        self.placer = REFEREE
        self.decls: list[Decl] = []
        self.queue: list[int] = []
        self.batch: list[int] = []
        self.shown: list[int] = []
        self.next_parent = -1
        self.revealed = [False] * self.n
        self.wopen = False
        self.wplacer = REFEREE
        self.wcards: tuple[int, ...] = ()
        self.wowners: tuple[int, ...] = ()
        self.pending: list[int] = []
        self.calls: list[tuple[int, int]] = []  # (seat, target card)

    def _next(self, seat: int, steps: int = 1) -> int:
        return self.seating[(self.place[seat] + steps * self.direction) % self.n]

    def _polling(self, placer: int) -> list[int]:
        """Who a window asks: the seats after the placer, the placer last (REFEREE: from the turn
        player on). Made once per seating and direction: every play opens a window."""
        key = (self.seating, self.direction, placer, self.turn if placer == REFEREE else 0)
        order = _POLLING.get(key)  # a handful of keys: seatings x directions x placers
        if order is None:
            if placer == REFEREE:
                order = (self.turn, *(self._next(self.turn, k) for k in range(1, self.n)))
            else:
                order = tuple(self._next(placer, k) for k in range(1, self.n + 1))
            _POLLING[key] = order
        return list(order)

    def _order_from(self, seat: int) -> list[int]:
        start = self.turn if seat == REFEREE else self._next(seat)
        return [self._next(start, k) for k in range(self.n)]

    def held(self, seat: int) -> list[int]:
        hand = ids_of(self.hands[seat])
        return [*hand, *self.trumps[seat]] if self.stay else hand

    # ------------------------------------------------------------------ matches

    def deal(self) -> None:
        order = list(range(CARDS))
        shuffle(self.rng, order)
        self.round_no += 1
        n = self.n
        if self.round_no == 1 and self.draw_parent:  # §1 setup 1: randrange on the game's generator
            getrandbits = self.rng.getrandbits
            k = n.bit_length()
            r = getrandbits(k)
            while r >= n:
                r = getrandbits(k)
            self.parent = r
        sizes = [BASE_HAND + e for e in self.extra]
        if sum(sizes) + 2 > CARDS:  # D22 deal exhaustion: everyone +1 lap, E cleared
            for seat in range(n):
                self.laps[seat] += 1
                self.extra[seat] = 0
                self.scores[seat] = POINTS_PER_LAP * self.laps[seat]
            sizes = [BASE_HAND] * n
        hands = [0] * n
        pos = 0
        place = self.place[self.parent]
        for lap in range(max(sizes)):
            for k in range(n):
                seat = self.seating[(place + k) % n]
                if lap < sizes[seat]:
                    hands[seat] |= 1 << order[pos]
                    pos += 1
        self.hands = hands
        self.discard = [order[pos]]
        stock = order[pos + 1 :]
        stock.reverse()
        self.stock = stock
        self.trumps = [[] for _ in range(n)]
        self.direction = -1 if self.counterclockwise else 1
        self.turn = self.mover = self.parent
        self.links = self.owed = 0
        self._reset_round()
        self.phase = TURN
        self.result = None
        self._open(REFEREE, (self.discard[0],), ())  # the pre-play window on the okoshi-fuda

    def next_round(self) -> None:
        self.actions += 1
        if self.log is not None:
            self.log.append((REFEREE, NEXT_ROUND if self.phase == ROUND_OVER else NEW_MATCH))
        if self.phase == MATCH_OVER:
            self.match_no += 1
            self.round_no = 0
            self.scores = [0] * self.n
            self.parent = self.first_parent
            self.laps = [0] * self.n
            self.extra = [0] * self.n
            self.matches_played = 0
        self.deal()

    @property
    def over(self) -> bool:
        return self.phase >= ROUND_OVER

    def clone(self, seed: int | None = None) -> KabuSim:
        twin = KabuSim.__new__(KabuSim)
        _copy(self, twin)
        twin.trumps = [pile[:] for pile in self.trumps]
        twin.decls = [d.copy() for d in self.decls]
        twin.actions = 0
        twin.log = None
        if seed is None:
            twin.rng = random.Random()
            twin.rng.setstate(self.rng.getstate())
        else:
            twin.rng = random.Random(seed)
        return twin

    # ------------------------------------------------------------------ who is asked, and what

    def to_move(self) -> int:
        if self.wopen:
            return self.pending[0]
        return self.turn if self.phase == TURN else REFEREE

    def _owner(self, index: int) -> int:
        return self.wowners[index] if self.wowners else self.wplacer

    def legal(self, seat: int) -> list[int]:
        if self.wopen:
            if seat not in self.pending:
                return []
            out = [PASS]
            mask = self.hands[seat]
            if self.stay:
                for card in self.trumps[seat]:
                    mask |= 1 << card
            if mask:
                t = mask_total(mask)
                if t <= MAX_TOTAL:  # §2: a total matches a card whose value is its last digit
                    for i, card in enumerate(self.wcards):
                        if self._owner(i) != seat and t % 10 == value(card):
                            out.append(DOBON + card)
            if self.stage == PRE_PLAY and four_of_a_kind(mask):
                out.append(DECLARE)
            return out
        if self.phase != TURN or seat != self.turn:
            return []
        if self.stage == TRUMP:
            if not self.queue:
                return []
            hand = ids_of(self.hands[seat])
            return [mask_of(combo) for size in range(1, len(hand) + 1) for combo in combinations(hand, size)]
        values = _numbers(self.last_play or (self.discard[0],))[0]
        mask = self.hands[seat]
        if self.owed:  # §3.3: only 2s, one, or several adding up to a card of the last play
            singles = mask & TWOS
            more = sets(ids_of(mask & TWOS), values, only=TWO) if singles & (singles - 1) else []
        else:
            fit = TENS
            for v in values:
                fit |= PARITY[v % 2]
            singles = mask & fit
            below = mask & BELOW[max(values)]
            more = sets(ids_of(below), values) if below & (below - 1) else []
        out: list[int] = []
        while singles:
            low = singles & -singles
            out.append(low)
            singles ^= low
        out += more
        out.append(DRAW)
        return out

    def decide(self) -> list[int]:
        """Apply the forced actions and return the next seat's choices (`mover`); [] once the match
        is over. Most actions are the passes of seats that cannot answer a play's window: in a plain
        window (one placer, the play stage, trumps out of the hand) those are found by each hand's total
        against the cards' values and passed together, as `apply` would pass them one by one."""
        while True:
            if self.wopen and self.stage == PLAY and not self.stay:
                pending, hands = self.pending, self.hands
                values = _numbers(self.wcards)[1]
                answered = 0
                for seat in pending:
                    hand = hands[seat]
                    if hand:
                        t = mask_total(hand)
                        if t <= MAX_TOTAL and t % 10 in values:
                            break
                    answered += 1
                if answered:
                    if self.log is not None:
                        self.log.extend((s, PASS) for s in pending[:answered])
                    self.actions += answered
                    del pending[:answered]
                    if not pending:
                        self._close_window()
                        continue
            seat = self.to_move()
            if seat == REFEREE:
                return []
            options = self.legal(seat)
            if len(options) > 1:
                self.mover = seat
                return options
            self.apply(seat, options[0])

    # ------------------------------------------------------------------ applying

    def apply(self, seat: int, code: int) -> None:
        self.actions += 1
        if self.log is not None:
            self.log.append((seat, code))
        if code < DRAW:
            cards = tuple(ids_of(code))
            if self.stage == TRUMP:
                self._trump(seat, cards)
            else:
                self._play(seat, cards)
        elif code == DRAW:
            self._draw_turn(seat)
        elif code == PASS:
            self.pending.remove(seat)
            if not self.pending:
                self._close_window()
        elif code == DECLARE:  # §5.3 four of a kind shown: this seat's answer to the okoshi-fuda
            self.pending.remove(seat)
            self.shown.append(seat)
            self.revealed[seat] = True
            if not self.pending:
                self._close_window()
        else:
            self.pending.remove(seat)  # one answer per window; resolved when it closes (D9)
            self.calls.append((seat, code - DOBON))
            self.revealed[seat] = True
            if not self.pending:
                self._close_window()

    def _open(
        self, placer: int, cards: tuple[int, ...], owners: tuple[int, ...], everyone: bool = False
    ) -> None:
        order = self._polling(placer)
        self.pending = order if everyone else [s for s in order if s != placer]
        self.wopen = True
        self.wplacer = placer
        self.wcards = cards
        self.wowners = owners
        self.calls = []
        self.phase = REACTION

    def _play(self, seat: int, cards: tuple[int, ...]) -> None:
        for card in cards:
            self.hands[seat] ^= 1 << card
        self.discard.extend(cards)
        self.last_play, self.placer = cards, seat
        twos = sum(1 for c in cards if RANK[c] == TWO)
        if twos:
            self.links += twos
            self.owed = 2 * self.links
        self._open(seat, cards, ())

    def _draw_turn(self, seat: int) -> None:
        owed = self.owed
        hand = self.hands[seat]
        held = hand.bit_count()
        for got in range(1, (owed or 1) + 1):
            if not self.stock:
                break
            hand |= 1 << self.stock.pop()
            if held + got >= TWELVE:  # D23: the 12-card rule, checked after each card
                break
        self.hands[seat] = hand
        if not self.stock:
            self._stock_exhausted()
        if self.phase != TURN or self._twelve():
            return
        if owed:
            self.links = self.owed = 0
            self.turn = seat
        else:
            self.turn = self._next(seat)

    def _twelve(self) -> bool:
        for seat in range(self.n):
            if self.hands[seat].bit_count() >= TWELVE:
                self._settle("twelve_cards", (), (seat,), {}, set(), seat, {seat: TWELVE_LAPS})
                return True
        return False

    def _stock_exhausted(self) -> None:
        if self.phase != TURN or self._twelve():
            return
        sizes = [h.bit_count() for h in self.hands]
        low, high = min(sizes), max(sizes)
        if sizes.count(low) > 1 or sizes.count(high) > 1:
            self._void()
            return
        w, loser = sizes.index(low), sizes.index(high)
        both = [*ids_of(self.hands[w]), *ids_of(self.hands[loser])]
        p = (high - low + sum(1 for c in both if RANK[c] == TEN)) * specials(both)
        self._settle("exhaustion", (w,), (loser,), {loser: p}, set(), loser)

    def _close_window(self) -> None:
        placer, cards, owners, calls = self.wplacer, self.wcards, self.wowners, self.calls
        self.wopen = False
        self.pending = []
        self.phase = TURN
        if self.stage == PRE_PLAY:
            if self.shown and not calls:
                self._four_of_a_kind()
                return
            if not calls:
                self.stage = PLAY
                if RANK[self.discard[-1]] == TWO:  # an okoshi 2 forces the parent
                    self.links, self.owed = 1, 2
                return
        if not calls:
            if self.stage == TRUMP:
                self._resolve()
            else:
                self.turn = self._next(placer)
            return
        self._declared(placer, cards, owners, calls)

    def _declared(
        self,
        placer: int,
        cards: tuple[int, ...],
        owners: tuple[int, ...],
        calls: list[tuple[int, int]],
    ) -> None:
        """The window's declarations become a batch that puts out trumps in turn order from the seat
        dobon'd (D21); a declaration on a trump hits that trump's declaration (dobon-gaeshi, §4.4)."""
        by_owner = {self.decls[i].seat: i for i in self.batch}
        order = self._order_from(placer)
        new: list[int] = []
        for seat, target in sorted(calls, key=lambda call: order.index(call[0])):
            index = cards.index(target)
            victim = owners[index] if owners else placer
            parent, gaeshi = -1, 0
            if self.stage == TRUMP:
                parent = by_owner[victim]
                self.decls[parent].hit = True
                gaeshi = self.decls[parent].gaeshi + 1
            elif victim != REFEREE:
                self.revealed[victim] = True
            hand = self.held(seat)
            pin = len(hand) == 1 and RANK[hand[0]] == PIN
            self.decls.append(Decl(seat, target, victim, parent, gaeshi, pin))
            new.append(len(self.decls) - 1)
        if self.stage == TRUMP and len(self.batch) > 1 and all(self.decls[i].hit for i in self.batch):
            self._void()  # §4.6 every branch's trumps were dobon'd
            return
        self.stage, self.queue, self.batch = TRUMP, list(new), list(new)
        self._next_trump()

    def _must_trump(self, d: Decl) -> bool:
        """Must `d` put out trumps? Not with a single pin (D17), nothing left to put out (D11), or when
        every other hand is face up and none could answer any card of it (§4.3, D12)."""
        if d.pin:
            return False
        mine = ids_of(self.hands[d.seat])
        if not mine:
            return False
        others = [s for s in range(self.n) if s != d.seat]
        if not all(self.revealed[s] for s in others):
            return True
        return any(matches(self.held(s), c) for s in others for c in mine)  # §4.3, D12

    def _next_trump(self) -> None:
        while self.queue:
            d = self.decls[self.queue[0]]
            if self._must_trump(d):
                self.turn = d.seat
                return
            d.trumped = True
            self.queue.pop(0)
        cards: list[int] = []
        owners: list[int] = []
        for i in self.batch:
            cards.extend(self.decls[i].trumps)
            owners.extend([self.decls[i].seat] * len(self.decls[i].trumps))
        if not cards:
            self._resolve()
            return
        if len(set(owners)) == 1:
            self._open(owners[0], tuple(cards), ())
        else:
            self._open(owners[0], tuple(cards), tuple(owners), everyone=True)

    def _trump(self, seat: int, cards: tuple[int, ...]) -> None:
        d = self.decls[self.queue.pop(0)]
        for card in cards:
            self.hands[seat] ^= 1 << card
        self.trumps[seat].extend(cards)
        d.trumps, d.trumped = cards, True
        self.revealed[seat] = True
        self._next_trump()

    # ------------------------------------------------------------------ results

    def _score_pair(self, w: int, loser: int, d: Decl, first_card: bool) -> int:
        mine = self.held(w)
        theirs = [] if first_card else self.held(loser)
        both = [*mine, *theirs]
        okoshi = self.discard[0]
        groups = sum(GROUP_POINTS.get(k, 0) for k in Counter(RANK[c] for c in mine).values())
        p = (
            (5 if first_card else 1)
            + (2 * (len(d.trumps) - 1) if d.trumps else 0)
            + max(0, len(mine) - 2)
            + groups
            + max(0, len(theirs) - 2)
            + sum(1 for c in both if RANK[c] == TEN)
            + (5 if RANK[d.target] == TEN else 0)
            + (10 if RANK[okoshi] == TEN else 0)
        )
        n = d.gaeshi
        p *= 1 if not n else 2**n if self.gaeshi_doubling else 2 * n
        p *= specials(both)
        p *= (4 if SOUL_FOUR in (okoshi, d.target) else 1) * (10 if RED_PIN in (okoshi, d.target) else 1)
        return p * (10 if d.pin else 1)

    def _resolve(self) -> None:
        first = {d.seat for d in self.decls if d.victim == REFEREE}
        pairs: list[tuple[int, int, Decl, bool]] = []
        for d in self.decls:
            if d.hit:
                continue
            if d.victim == REFEREE:
                pairs.extend((d.seat, s, d, True) for s in self._order_from(d.seat) if s not in first)
            else:
                pairs.append((d.seat, d.victim, d, False))
        points: dict[int, int] = {}
        for w, loser, d, first_card in pairs:
            points[loser] = points.get(loser, 0) + self._score_pair(w, loser, d, first_card)
        winners = tuple(dict.fromkeys(p[0] for p in pairs))
        losers = tuple(dict.fromkeys(p[1] for p in pairs))
        ending = "gaeshi" if any(p[2].gaeshi for p in pairs) else "dobon"
        nearest = next(s for s in self._order_from(winners[0]) if s in losers)
        self._settle(ending, winners, losers, points, set(winners), nearest)

    def _four_of_a_kind(self) -> None:
        points: dict[int, int] = {}
        others = [s for s in range(self.n) if s not in self.shown]
        for seat in self.shown:
            hand = ids_of(self.hands[seat])
            p = (
                5 * (10 - len(hand)) * POINTS_PER_LAP + 5 * sum(1 for c in hand if RANK[c] == TEN)
            ) * specials(hand)
            for loser in others:
                points[loser] = points.get(loser, 0) + p
        nearest = next(s for s in self._order_from(self.shown[0]) if s in others)
        self._settle("four_of_a_kind", tuple(self.shown), tuple(others), points, set(), nearest)

    def _void(self) -> None:
        self.next_parent = self.parent
        self._end("void", (), (), (0,) * self.n)

    def _settle(
        self,
        ending: str,
        winners: tuple[int, ...],
        losers: tuple[int, ...],
        points: dict[int, int],
        minus_two: set[int],
        next_parent: int,
        laps: dict[int, int] | None = None,
    ) -> None:
        """§5.2: a loser's t = E + P gives t div 6 laps and E = t mod 6; then every dobon winner's
        E = max(0, E - 2) (D20); `laps` adds laps directly (the 12-card rule)."""
        n = self.n
        before = [POINTS_PER_LAP * self.laps[s] + self.extra[s] for s in range(n)]
        for seat, p in points.items():
            t = self.extra[seat] + p
            self.laps[seat] += t // POINTS_PER_LAP
            self.extra[seat] = t % POINTS_PER_LAP
        for seat, more in (laps or {}).items():
            self.laps[seat] += more
        for seat in minus_two:
            self.extra[seat] = max(0, self.extra[seat] - 2)
        self.matches_played += 1
        deltas = tuple(POINTS_PER_LAP * self.laps[s] + self.extra[s] - before[s] for s in range(n))
        self.next_parent = next_parent
        self._end(ending, winners, losers, deltas)

    def _end(
        self, ending: str, winners: tuple[int, ...], losers: tuple[int, ...], deltas: tuple[int, ...]
    ) -> None:
        for seat, delta in enumerate(deltas):
            self.scores[seat] += delta
        self.result = Result(ending, tuple(winners), tuple(losers), tuple(deltas))
        self.wopen = False
        self.parent = self.next_parent
        over = (self.max_matches and self.matches_played >= self.max_matches) or (
            self.lap_limit and max(self.laps) > self.lap_limit
        )
        self.phase = MATCH_OVER if over else ROUND_OVER

    # ------------------------------------------------------------------ the engine's terms

    def action(self, seat: int, code: int) -> Action:
        cards = _DECK.cards
        if code < DRAW:
            return Action(seat, Kind.PLAY, tuple(cards[c] for c in ids_of(code)))
        if code == DRAW:
            return Action(seat, Kind.DRAW)
        if code == PASS:
            return Action(seat, Kind.PASS)
        if code == DECLARE:
            return Action(seat, Kind.DECLARE, amount=1)
        if code == NEXT_ROUND:
            return Action(REFEREE, Kind.NEXT_ROUND)
        if code == NEW_MATCH:
            return Action(REFEREE, Kind.NEW_MATCH)
        return Action(seat, Kind.DOBON, (cards[code - DOBON],))

    @staticmethod
    def code(action: Action) -> int:
        kind = action.kind
        if kind is Kind.PLAY and action.cards:
            return mask_of(c.id for c in action.cards)
        if kind is Kind.DOBON and len(action.cards) == 1:
            return DOBON + action.cards[0].id
        simple = {
            Kind.DRAW: DRAW,
            Kind.PASS: PASS,
            Kind.DECLARE: DECLARE,
            Kind.NEXT_ROUND: NEXT_ROUND,
            Kind.NEW_MATCH: NEW_MATCH,
        }
        if kind in simple:
            return simple[kind]
        raise ValueError(f"no kabu sim code for {action}")

    @classmethod
    def from_game(cls, game: Game, seed: int | None = None) -> KabuSim:
        """The sim of an engine game of the `kabu` preset at any moment of the headless order."""
        if game.rules.preset != "kabu":
            raise ValueError(f"the kabu sim plays the kabu preset, not {game.rules.preset}")
        sim = cls(game.rules, seed, deal=False)  # type: ignore[arg-type]
        if seed is None:
            sim.rng.setstate(game.rng.getstate())
        sim.scores = list(game.scores)
        sim.match_no, sim.round_no, sim.parent = game.match_no, game.round_no, game.parent
        sim.seating = tuple(game.seating)
        for place, seat in enumerate(sim.seating):
            sim.place[seat] = place
        sim.direction = game.direction
        m = game.match_ext
        sim.laps, sim.extra, sim.matches_played = list(m.laps), list(m.extra), m.matches  # type: ignore[union-attr]
        sim.hands = [mask_of(c.id for c in hand) for hand in game.hands]
        sim.trumps = [[c.id for c in game.extra[f"trumps/{s}"]] for s in range(game.n)]
        sim.stock = [c.id for c in game.stock]
        sim.discard = [c.id for c in game.discard]
        sim.links, sim.owed = game.chain_links, game.chain_cards
        sim.turn = game.turn
        sim.phase = PHASES.index(game.phase.value)
        sim.revealed = [s in game.revealed for s in range(game.n)]
        r = game.ext
        if r is not None:
            sim.stage = STAGES.index(r.stage)  # type: ignore[attr-defined]
            sim.last_play = tuple(c.id for c in r.last_play)  # type: ignore[attr-defined]
            sim.placer = r.placer  # type: ignore[attr-defined]
            sim.decls = [
                Decl(
                    d.seat,
                    d.target.id,
                    d.victim,
                    d.parent,
                    d.gaeshi,
                    d.pin,
                    tuple(c.id for c in d.trumps),
                    d.trumped,
                    d.hit,
                )
                for d in r.decls  # type: ignore[attr-defined]
            ]
            sim.queue, sim.batch, sim.shown = list(r.queue), list(r.batch), list(r.shown)  # type: ignore[attr-defined]
            sim.next_parent = -1 if r.next_parent is None else r.next_parent  # type: ignore[attr-defined]
        window = game.window
        if window is not None:
            if window.queued is not None:
                raise ValueError("a kabu window has nothing queued")
            sim.wopen = True
            sim.wplacer = window.placer
            sim.wcards = tuple(c.id for c in window.cards)
            sim.wowners = tuple(window.owners)
            sim.pending = list(window.pending)
            sim.calls = [(a.seat, a.cards[0].id) for a in window.calls]
        result = game.result
        if result is not None and sim.over:
            sim.result = Result(result.ending.value, result.winners, result.losers, result.deltas)
        seat = sim.to_move()
        sim.mover = seat if seat >= 0 else sim.turn
        return sim

    def key(self) -> tuple:
        window = None
        if self.wopen:
            window = (self.wplacer, self.wcards, tuple(self.pending), tuple(self.calls), self.wowners)
        return (
            tuple(tuple(ids_of(h)) for h in self.hands),
            tuple(tuple(p) for p in self.trumps),
            tuple(self.stock),
            tuple(self.discard),
            self.direction,
            self.turn,
            self.links,
            self.owed,
            PHASES[self.phase],
            window,
            (
                STAGES[self.stage],
                self.last_play,
                self.placer,
                tuple(
                    (d.seat, d.target, d.victim, d.parent, d.gaeshi, d.pin, d.trumps, d.trumped, d.hit)
                    for d in self.decls
                ),
                tuple(self.queue),
                tuple(self.batch),
                tuple(self.shown),
                self.next_parent,
                tuple(s for s in range(self.n) if self.revealed[s]),
            ),
            (tuple(self.laps), tuple(self.extra), self.matches_played),
            tuple(self.scores),
            self.match_no,
            self.round_no,
            self.parent,
        )


def engine_key(game: Game) -> tuple:
    """`KabuSim.key` of an engine game of the kabu preset."""
    w = game.window
    window = None
    if w is not None:
        window = (
            w.placer,
            tuple(c.id for c in w.cards),
            tuple(w.pending),
            tuple((a.seat, a.cards[0].id) for a in w.calls),
            w.owners,
        )
    r, m = game.ext, game.match_ext
    return (
        tuple(tuple(c.id for c in h) for h in game.hands),
        tuple(tuple(c.id for c in game.extra[f"trumps/{s}"]) for s in range(game.n)),
        tuple(c.id for c in game.stock),
        tuple(c.id for c in game.discard),
        game.direction,
        game.turn,
        game.chain_links,
        game.chain_cards,
        game.phase.value,
        window,
        (
            r.stage,  # type: ignore[union-attr]
            tuple(c.id for c in r.last_play),  # type: ignore[union-attr]
            r.placer,  # type: ignore[union-attr]
            tuple(
                (
                    d.seat,
                    d.target.id,
                    d.victim,
                    d.parent,
                    d.gaeshi,
                    d.pin,
                    tuple(c.id for c in d.trumps),
                    d.trumped,
                    d.hit,
                )
                for d in r.decls  # type: ignore[union-attr]
            ),
            tuple(r.queue),  # type: ignore[union-attr]
            tuple(r.batch),  # type: ignore[union-attr]
            tuple(r.shown),  # type: ignore[union-attr]
            -1 if r.next_parent is None else r.next_parent,  # type: ignore[union-attr]
            tuple(sorted(game.revealed)),
        ),
        (tuple(m.laps), tuple(m.extra), m.matches),  # type: ignore[union-attr]
        tuple(game.scores),
        game.match_no,
        game.round_no,
        game.parent,
    )


_DECK = deck("kabufuda")
_POLLING: dict[tuple, tuple[int, ...]] = {}  # _polling's answers
_NUMBERS: dict[tuple[int, ...], tuple[frozenset[int], frozenset[int]]] = {}


def _numbers(cards: tuple[int, ...]) -> tuple[frozenset[int], frozenset[int]]:
    """A play's numbers (what the next play must match, §3.1 F) and its cards' dobon values (what a
    total must end in to answer it, §2), made once per distinct play (plays are a few cards)."""
    known = _NUMBERS.get(cards)
    if known is None:
        known = _NUMBERS[cards] = (frozenset(RANK[c] for c in cards), frozenset(value(c) for c in cards))
    return known


_copy = copier(KabuSim.__slots__)  # clone's copy of every slot, compiled once
