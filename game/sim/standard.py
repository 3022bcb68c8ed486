"""The `standard` preset as a simulation core (spec: shared/rules/standard.md; engine:
game.rules.standard).

`StandardSim` plays the engine's `standard` games in the headless order: the sealed auction (every seat
bids in seat order, a tie drawn on the game's generator), yaku offers at the start of each turn, binding
(the draw chain), choice cards, skips and reverses, "last one", dobons that name runs of recent discards,
the cut to the fewest targets, dobon-gaeshi, and the scoring with its bonuses, streaks and wins. The card
roles are the rule set's (house rules that move them are honoured), read into tables once.

Layout as game.sim.app (docs/sim.md): 54 ids (jokers 52, 53), hands and laid hands as bitmasks, the
piles as lists of ids. What standard adds: the turn log as (seat, kind, card) tuples (runs of dobon
targets are read off it, newest first), what the field accepts as precomputed masks (`FIT[binding]
[declared suit + 1][field card]`), and the window's calls as (seat, run length).

Codes: a play is `card * 10 + 2 * (declared suit + 1) + last-one flag`; then DRAW, PASS, DECLARE (a
yaku), `BID + amount`, the referee's NEXT_ROUND and NEW_MATCH, and `DOBON + k`: a dobon naming the run
of the last k discards (a dobon-gaeshi names the cut, whose length it is).
"""

from __future__ import annotations

import random
from collections import Counter
from typing import TYPE_CHECKING

from ..actions import REFEREE, Action, Kind
from ..cards import Suit, deck
from .app import MATCH_OVER, PHASES, REACTION, ROUND_OVER, TURN, VALUE13
from .cards import CHUNK, chunk_table, ids_of, mask_of
from .result import Result
from .rng import shuffle
from .slots import copier
from .super import BIT54, CARDS, RANK54, SUIT54

if TYPE_CHECKING:
    from ..engine import Game
    from ..rules.standard import StandardRules

OPENING = 4  # the auction (Phase.OPENING), after the shared phase ints
PHASE_NAMES = (*PHASES, "opening")
HAND_SIZE = 5
YAKU_BONUS = -100
DISCARD, DREW, SKIPPED = 0, 1, 2  # turn log kinds
LOG_KINDS = ("DISCARD", "DRAW", "SKIPPED")
PAIR = (3, 2, 1, 0)  # spades-clubs, hearts-diamonds
JOKER_MASK = (1 << 52) | (1 << 53)
ATTACK, REFLECT, REVERSE, SKIP = 1, 2, 4, 8  # a card's roles (`Roles.role`)
SUIT_BITS = tuple(sum(1 << (s * 13 + r) for r in range(13)) for s in range(4))

# codes
DRAW = CARDS * 10
PASS = DRAW + 1
DECLARE = PASS + 1
BID = DECLARE  # BID + amount, amount 1..999
NEXT_ROUND = BID + 1000
NEW_MATCH = NEXT_ROUND + 1
DOBON = NEW_MATCH + 1  # DOBON + k: the run of the last k discards


def _total(mask: int) -> int:
    """A hand's numbers added up (a joker 0): four lookups, one per suit."""
    return (
        VALUE13[mask & CHUNK]
        + VALUE13[mask >> 13 & CHUNK]
        + VALUE13[mask >> 26 & CHUNK]
        + VALUE13[mask >> 39 & CHUNK]
    )


POINTS13 = chunk_table(tuple(min(rank, 10) for rank in range(14)))  # one suit's base points


def _points(mask: int) -> int:
    """base_points: numbers with 10-13 counted as 10, a joker 0 (four lookups, as `_total`)."""
    return (
        POINTS13[mask & CHUNK]
        + POINTS13[mask >> 13 & CHUNK]
        + POINTS13[mask >> 26 & CHUNK]
        + POINTS13[mask >> 39 & CHUNK]
    )


def _rank_of(ids: list[int]) -> list[int]:
    return [RANK54[c] for c in ids]


ACE_HIGH = 1 | 0b1111 << 9  # the ranks 10, J, Q, K and A as one suit's bits


def yaku(mask: int) -> bool:
    """Does a 5-card hand make a yaku (§2.11: four of a kind, full house, flush, straight)? On the
    suits' rank bits: a joker is rank 0, so jokers count as one more distinct rank."""
    jokers = mask & JOKER_MASK
    a, b, c, d = mask & CHUNK, mask >> 13 & CHUNK, mask >> 26 & CHUNK, mask >> 39 & CHUNK
    ranks = a | b | c | d
    distinct = ranks.bit_count() + (1 if jokers else 0)
    if distinct == 2:  # five cards of two ranks: four of a kind or a full house
        return True
    if jokers:
        return False  # no flush with a joker, no straight with a rank 0
    if (a != 0) + (b != 0) + (c != 0) + (d != 0) == 1:
        return True  # a flush
    if distinct != 5:
        return False
    low = ranks & -ranks
    return ranks == low * 0b11111 or ranks == ACE_HIGH


def _flush(mask: int) -> bool:
    return not mask & JOKER_MASK and any(not mask & ~m for m in SUIT_BITS)


def _storm(mask: int) -> bool:
    return any(n >= 3 for n in Counter(_rank_of(ids_of(mask))).values())


class Roles:
    """The rule set's card roles as tables: what fits on what, what each card offers, its damage."""

    def __init__(self, rules: StandardRules):
        self.strong = frozenset(rules.strong_attack)
        self.attack = self.strong | frozenset(rules.weak_attack)
        self.reflect = frozenset(rules.reflect)
        self.skip = frozenset(rules.skip)
        self.reverse = frozenset(rules.reverse)
        self.all_choice = frozenset(rules.all_suit_choice)
        self.pair_choice = frozenset(rules.pair_choice)
        self.auto_last_one = rules.auto_last_one
        self.damage = tuple(
            rules.strong_damage
            if RANK54[c] in self.strong
            else rules.weak_damage
            if RANK54[c] in rules.weak_attack
            else 0
            for c in range(CARDS)
        )
        self.choice = tuple(self._choice(c) for c in range(CARDS))
        self.strong_mask = mask_of(c for c in range(CARDS) if RANK54[c] in self.strong)
        # FIT[binding][declared + 1][field card]: the cards that may be discarded on it
        self.fit = tuple(
            tuple(
                tuple(
                    mask_of(c for c in range(CARDS) if self._fits(c, top, declared - 1, bool(binding)))
                    for top in range(CARDS)
                )
                for declared in range(5)
            )
            for binding in range(2)
        )
        # OPTIONS[last_one_choice][card]: the engine's plays of the card, in its order
        self.options = tuple(tuple(self._options(c, bool(last)) for c in range(CARDS)) for last in range(2))
        # ROLE[card]: its roles as bits (ATTACK, REFLECT, REVERSE, SKIP), 0 for a plain card
        self.role = tuple(
            (ATTACK if RANK54[c] in self.attack else 0)
            | (REFLECT if RANK54[c] in self.reflect else 0)
            | (REVERSE if RANK54[c] in self.reverse else 0)
            | (SKIP if RANK54[c] in self.skip else 0)
            for c in range(CARDS)
        )

    def _hand_suits(self, card: int) -> frozenset[int]:
        rank, suit = RANK54[card], SUIT54[card]
        if rank in self.strong or rank in self.all_choice or suit < 0:
            return frozenset(range(4))
        if rank in self.pair_choice:
            return frozenset((suit, PAIR[suit]))
        return frozenset((suit,))

    def _field_suits(self, top: int, declared: int) -> frozenset[int]:
        if declared >= 0:
            return frozenset((declared,))
        if SUIT54[top] < 0 or RANK54[top] in self.strong:
            return frozenset(range(4))
        return frozenset((SUIT54[top],))

    def _fits(self, card: int, top: int, declared: int, binding: bool) -> bool:
        match = RANK54[card] == RANK54[top] or bool(self._hand_suits(card) & self._field_suits(top, declared))
        if binding:
            return RANK54[card] in self.attack or (RANK54[card] in self.reflect and match)
        return match

    def _choice(self, card: int) -> tuple[int, ...]:
        rank, suit = RANK54[card], SUIT54[card]
        if rank in self.all_choice and suit >= 0:
            return (0, 1, 2, 3)
        if rank in self.pair_choice and suit >= 0:
            return (suit, PAIR[suit])
        return ()

    def _options(self, card: int, last: bool) -> tuple[int, ...]:
        out = []
        for suit in (-1, *self.choice[card]):
            base = card * 10 + 2 * (suit + 1)
            if last:
                out.append(base + 1)
                if not self.auto_last_one:
                    out.append(base)
            else:
                out.append(base)
        return tuple(out)


_ROLES: dict[StandardRules, Roles] = {}
_POLLS: dict[tuple[tuple[int, ...], int], tuple[dict[int, int], tuple[tuple[int, ...], ...]]] = {}
_YAKU: dict[int, bool] = {}
_YAKU_MAX = 500_000


class StandardSim:
    """One `standard` table in simulation: a round under way, the match, the game's generator."""

    __slots__ = (
        "actions",
        "bids",
        "calls",
        "claims",
        "cut",
        "declared",
        "direction",
        "discard",
        "first_parent",
        "gaeshi",
        "gwindow",
        "had_turn",
        "hands",
        "laid",
        "last_one",
        "links",
        "log",
        "match_no",
        "max_bid",
        "mover",
        "n",
        "nominee",
        "owed",
        "parent",
        "pending",
        "phase",
        "place",
        "poll",
        "result",
        "rng",
        "roles",
        "round_no",
        "rounds",
        "scores",
        "seating",
        "sizes",
        "skipped",
        "stock",
        "streak",
        "turn",
        "turns",
        "victims",
        "wcards",
        "went_out",
        "wins",
        "wplacer",
        "yaku",
        "yaku_declined",
    )

    FALSE_CALL = -1  # every standard dobon names its targets

    def __init__(self, rules: StandardRules, seed: int | None = 0, *, deal: bool = True):
        """A fresh match, as `Game(rules, seed)`."""
        roles = _ROLES.get(rules)
        if roles is None:
            roles = _ROLES[rules] = Roles(rules)
        self.roles = roles
        self.n = n = rules.players
        self.rounds = rules.rounds_per_match
        self.max_bid = rules.max_bid
        self.first_parent = rules.first_parent
        self.rng = random.Random(seed)
        self.actions = 0
        self.log: list[tuple[int, int]] | None = None
        self.scores = [0] * n
        self.streak = [0] * n
        self.wins = [0] * n
        self.match_no = 1
        self.round_no = 0
        self.parent = rules.first_parent
        self.seating: tuple[int, ...] = tuple(range(n))
        self.direction = 1
        self._tables()
        self.hands = [0] * n
        self.sizes = [0] * n
        self.laid = [0] * n
        self.stock: list[int] = []
        self.discard: list[int] = []
        self.declared = -1
        self.links = self.owed = 0
        self.turn = self.mover = self.parent
        self.phase = TURN
        self._reset_round()
        self.result: Result | None = None
        if deal:
            self.deal()

    @classmethod
    def for_rules(cls, rules: StandardRules, seed: int | None = 0) -> StandardSim:
        """A fresh match of `rules`, as `Game(rules, seed)` (the constructor itself takes the rules)."""
        if rules.preset != "standard":
            raise ValueError(f"the standard sim plays the standard preset, not {rules.preset}")
        return cls(rules, seed)

    def _tables(self) -> None:
        """Each seat's polling order in the direction of play (the seats after it, itself last), made
        again when the direction turns: the yaku scan at every turn start reads it too."""
        order, n, d = self.seating, self.n, self.direction
        made = _POLLS.get((order, d))
        if made is None:  # a few seatings and two directions: made once, shared (never changed)
            place = {seat: i for i, seat in enumerate(order)}
            poll = tuple(tuple(order[(place[s] + d * k) % n] for k in range(1, n + 1)) for s in range(n))
            made = _POLLS[(order, d)] = (place, poll)
        self.place, self.poll = made

    def _next(self, seat: int, steps: int = 1) -> int:
        return self.seating[(self.place[seat] + steps * self.direction) % self.n]

    def _reset_round(self) -> None:
        n = self.n
        self.wplacer = -1
        self.wcards: tuple[int, ...] = ()
        self.pending: list[int] = []
        self.calls: list[tuple[int, int]] = []  # the window's dobons: (seat, run length)
        self.gwindow = False  # the open window is the dobon-gaeshi window
        self.bids = [0] * n  # 0: not bid yet
        self.nominee = -1
        self.last_one = [False] * n
        self.skipped = [False] * n
        self.had_turn = [False] * n
        self.yaku = [False] * n
        self.yaku_declined = [False] * n
        self.turns: list[tuple[int, int, int]] = []  # the turn log: (seat, DISCARD/DREW/SKIPPED, card)
        self.claims: list[tuple[int, tuple[int, ...]]] = []  # the last window's dobons: (seat, run)
        self.cut: tuple[int, ...] = ()
        self.victims: tuple[int, ...] = ()
        self.gaeshi: list[int] = []
        self.went_out = -1

    # ------------------------------------------------------------------ rounds

    def deal(self) -> None:
        """`Game.start_round`, then the auction (the phase is OPENING)."""
        self.round_no += 1
        order = list(range(CARDS))
        shuffle(self.rng, order)
        n = self.n
        place = self.seating.index(self.parent)
        dealt = [self.seating[(place + k) % n] for k in range(n)]
        hands = [0] * n
        pos = 0
        for _ in range(HAND_SIZE):
            for seat in dealt:
                hands[seat] |= BIT54[order[pos]]
                pos += 1
        self.hands = hands
        self.sizes = [HAND_SIZE] * n
        self.laid = [0] * n
        self.discard = [order[pos]]
        stock = order[pos + 1 :]
        stock.reverse()
        self.stock = stock
        if self.direction != 1:
            self.direction = 1
            self._tables()
        self.declared = -1
        self.turn = self.mover = self.parent
        self.links = self.owed = 0
        self._reset_round()
        self.phase = OPENING
        self.result = None

    def next_round(self) -> None:
        self.actions += 1
        if self.log is not None:
            self.log.append((REFEREE, NEXT_ROUND if self.phase == ROUND_OVER else NEW_MATCH))
        if self.phase == MATCH_OVER:
            self.match_no += 1
            self.round_no = 0
            self.scores = [0] * self.n
            self.streak = [0] * self.n
            self.wins = [0] * self.n
            self.parent = self.first_parent
        self.deal()

    @property
    def over(self) -> bool:
        return ROUND_OVER <= self.phase <= MATCH_OVER

    def clone(self, seed: int | None = None) -> StandardSim:
        """A copy to simulate on (every list copied: a standard round's lists are short)."""
        twin = StandardSim.__new__(StandardSim)
        _copy(self, twin)
        twin.actions = 0
        twin.log = None
        if seed is None:
            twin.rng = random.Random()
            twin.rng.setstate(self.rng.getstate())
        else:
            twin.rng = random.Random(seed)
        return twin

    # ------------------------------------------------------------------ who is asked, and what

    def _yaku_offer(self, seat: int) -> bool:
        """D16: a 5-card yaku may be declared at the start of a turn, once a round."""
        if self.sizes[seat] != 5 or self.yaku[seat]:
            return False
        hand = self.hands[seat]
        known = _YAKU.get(hand)
        if known is None:
            known = yaku(hand)
            if len(_YAKU) < _YAKU_MAX:
                _YAKU[hand] = known
        return known

    def to_move(self) -> int:
        """`Game.sync_next`."""
        turn = self.turn
        if self.wplacer >= 0 and self.pending:
            return self.pending[0]
        if self.phase == OPENING:
            return self.bids.index(0)
        if self.phase != TURN:
            return REFEREE
        if self.wplacer < 0:
            turn = self.turn
            sizes, declined = self.sizes, self.yaku_declined
            for seat in (turn, *self.poll[turn][:-1]):  # from the turn player on
                if sizes[seat] == 5 and not declined[seat] and self._yaku_offer(seat):
                    return seat
        return turn

    def legal(self, seat: int) -> list[int]:
        """`Game.sync_actions(seat)`."""
        if self.wplacer >= 0:
            if seat in self.pending:
                return [PASS, *self._calls(seat)]
            return []
        if self.phase == OPENING:
            if self.bids[seat]:
                return []
            return list(range(BID + 1, BID + self.max_bid + 1))
        if self.phase != TURN:
            return []
        out = self._turn_options(seat) if seat == self.turn else []
        if self._yaku_offer(seat):
            out.append(DECLARE)
            if not self.yaku_declined[seat]:
                out.append(PASS)
        return out

    def _turn_options(self, seat: int) -> list[int]:
        roles = self.roles
        fit = roles.fit[self.links > 0][self.declared + 1][self.discard[-1]]
        size = self.sizes[seat]
        if size == 1:  # §2.4: no going out without last one, nor with a lone strong attack
            m = self.hands[seat] & fit & ~roles.strong_mask if self.last_one[seat] else 0
        else:
            m = self.hands[seat] & fit
        out: list[int] = []
        table = roles.options[size == 2]
        while m:
            low = m & -m
            out += table[low.bit_length() - 1]
            m ^= low
        out.append(DRAW)
        return out

    def _runs(self, seat: int) -> list[int]:
        """The lengths of the runs of recent discards `seat` may name (D5): its hand's numbers (a hand
        of jokers alone counts 0; a joker mixed in, none), suffixes ending with the card just
        discarded, stopping at its own turn or any draw."""
        hand = self.hands[seat]
        if not hand:
            return []
        jokers = (hand & JOKER_MASK).bit_count()
        if jokers and jokers != self.sizes[seat]:
            return []
        total = _total(hand)
        out: list[int] = []
        running = length = 0
        for player, kind, card in reversed(self.turns):
            if player == seat or kind == DREW:
                break
            if kind == DISCARD:
                length += 1
                running += RANK54[card]
                if running == total:
                    out.append(length)
                elif running > total:
                    break
        return out

    def _discard_calls(self, seat: int) -> list[int]:
        """`_calls` in a discard's window (not a gaeshi's): `_runs` as dobons, in one pass. The rollouts
        ask this of every waiting seat after every discard, hence the inlined hand total."""
        hand = self.hands[seat]
        if not hand:
            return []
        jokers = hand & JOKER_MASK
        if jokers and jokers.bit_count() != self.sizes[seat]:
            return []
        total = (
            VALUE13[hand & CHUNK]
            + VALUE13[hand >> 13 & CHUNK]
            + VALUE13[hand >> 26 & CHUNK]
            + VALUE13[hand >> 39 & CHUNK]
        )
        out: list[int] = []
        running = length = 0
        for player, kind, card in reversed(self.turns):
            if player == seat or kind == DREW:
                break
            if kind == DISCARD:
                length += 1
                running += RANK54[card]
                if running == total:
                    out.append(DOBON + length)
                elif running > total:
                    break
        return out

    def _calls(self, seat: int) -> list[int]:
        if self.gwindow:  # D10: a victim with no 0, whose hand sums to the cut, who had no run to call
            hand = self.hands[seat]
            if not hand or hand & JOKER_MASK:
                return []
            if _total(hand) != sum(RANK54[c] for c in self.cut):
                return []
            return [] if self._runs(seat) else [DOBON + len(self.cut)]
        return [DOBON + k for k in self._runs(seat)]

    def decide(self) -> list[int]:
        """Apply the forced actions and return the choices of the next seat that has several
        (`mover`); [] once the round is over."""
        while True:
            pending = self.pending
            if self.wplacer >= 0 and pending:  # a window: its seats in turn (`to_move`, `legal`)
                calls = self._calls if self.gwindow else self._discard_calls
                while pending:
                    seat = pending[0]
                    found = calls(seat)
                    if found:
                        self.mover = seat
                        return [PASS, *found]
                    # nothing to call: the pass is forced (as `apply(seat, PASS)`, counted the same)
                    self.actions += 1
                    if self.log is not None:
                        self.log.append((seat, PASS))
                    del pending[0]
                self._close_window()
                continue
            if self.phase == TURN and self.wplacer < 0:  # `to_move` and `legal` in one, for a turn
                turn = seat = self.turn
                sizes = self.sizes
                if 5 in sizes:  # a yaku is offered to a 5-card hand only
                    declined = self.yaku_declined
                    for other in (turn, *self.poll[turn][:-1]):  # from the turn player on
                        if sizes[other] == 5 and not declined[other] and self._yaku_offer(other):
                            seat = other
                            break
                self.mover = seat
                if seat != turn:
                    return [DECLARE, PASS]  # an offer out of turn, not declined yet
                options = self._turn_options(turn)
                if sizes[turn] == 5 and self._yaku_offer(turn):
                    options.append(DECLARE)
                    if not self.yaku_declined[turn]:
                        options.append(PASS)
                if len(options) > 1:
                    return options
                self.apply(turn, options[0])
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
        """Apply one of `legal(seat)` (not checked again)."""
        self.actions += 1
        if self.log is not None:
            self.log.append((seat, code))
        if code < DRAW:
            self._discard(seat, code)
        elif code == DRAW:
            self._draw_turn(seat)
        elif code == PASS:
            if self.wplacer >= 0 and seat in self.pending:
                self.pending.remove(seat)
                if not self.pending:
                    self._close_window()
            else:  # declines the yaku offer for this round
                self.yaku_declined[seat] = True
        elif code == DECLARE:
            self.yaku[seat] = True
        elif code >= DOBON:
            self.pending.remove(seat)  # D9: simultaneous, nobody asked again
            k = code - DOBON
            self.calls.append((seat, k))
            if self.gwindow:
                self.gaeshi.append(seat)
            else:
                self.claims.append((seat, self._run(k)))
            if not self.pending:
                self._close_window()
        else:
            self._bid(seat, code - BID)

    def _run(self, k: int) -> tuple[int, ...]:
        """The last k discards, oldest first."""
        run: list[int] = []
        for _player, kind, card in reversed(self.turns):
            if kind == DISCARD:
                run.append(card)
                if len(run) == k:
                    break
        run.reverse()
        return tuple(run)

    def _bid(self, seat: int, amount: int) -> None:
        self.bids[seat] = amount
        if all(self.bids):
            top = max(self.bids)
            best = [s for s, b in enumerate(self.bids) if b == top]
            if len(best) > 1:  # D19: a tie is drawn on the game's generator (randrange)
                getrandbits, n = self.rng.getrandbits, len(best)
                k = n.bit_length()
                r = getrandbits(k)
                while r >= n:
                    r = getrandbits(k)
                self.nominee = best[r]
            else:
                self.nominee = best[0]
            self.phase = TURN
            if self.direction != 1:
                self.direction = 1
                self._tables()
            self._start_turn(self.nominee)

    def _start_turn(self, seat: int) -> None:
        """TURN_START: the turn is had; a skip passes it on (D3)."""
        while True:
            self.turn = seat
            self.had_turn[seat] = True
            if not self.skipped[seat]:
                return
            self.skipped[seat] = False
            self.turns.append((seat, SKIPPED, -1))
            seat = self._next(seat)

    def _turn_end(self) -> None:
        """The round ends when a hand is empty or no card can be drawn (札切れ)."""
        if not all(self.hands) or len(self.stock) + len(self.discard) - 1 == 0:
            self._score()
            return
        self._start_turn(self.poll[self.turn][0])  # the next seat in the direction of play

    def _draw_turn(self, seat: int) -> None:
        binding = self.links > 0
        count = self.owed if binding else 1
        stock = self.stock
        hand = self.hands[seat]
        got = 0
        for _ in range(count):
            if not stock:
                if len(self.discard) < 2:
                    break
                old = self.discard[:-1]
                del self.discard[:-1]
                shuffle(self.rng, old)
                self.stock = stock = old
            hand |= BIT54[stock.pop()]
            got += 1
        self.hands[seat] = hand
        self.sizes[seat] += got
        if binding:
            self.links = self.owed = 0
        if self.sizes[seat] >= 2:
            self.last_one[seat] = False
        self.turns.append((seat, DREW, -1))
        self._turn_end()

    def _discard(self, seat: int, code: int) -> None:
        roles = self.roles
        card = code // 10
        variant = code - card * 10
        suit = (variant >> 1) - 1
        self.hands[seat] ^= BIT54[card]
        sizes = self.sizes
        size = sizes[seat] = sizes[seat] - 1
        self.discard.append(card)
        self.declared = suit if suit >= 0 and roles.choice[card] and suit != SUIT54[card] else -1
        was = self.links > 0
        role = roles.role[card]  # most cards have none: one lookup instead of four set tests
        if role:
            damage = roles.damage[card]
            if role & ATTACK:
                self.links += 1
                self.owed = self.owed + damage if was else damage
            elif was and damage:
                self.owed += damage
            if (role & REFLECT and was) or (role & REVERSE and not was):
                self.direction = -self.direction
                self._tables()
            if role & SKIP:
                self.skipped[self.poll[seat][0]] = True  # the next seat in the direction of play
        self.last_one[seat] = bool(variant & 1) and size == 1
        self.turns.append((seat, DISCARD, card))
        if not size:
            self.went_out = seat
        self.claims = []
        self.wplacer = seat  # `_open`, inlined: a window after every discard
        self.wcards = (card,)
        self.pending = list(self.poll[seat][:-1])
        self.calls = []
        self.phase = REACTION

    def _open(self, placer: int, cards: tuple[int, ...], pending) -> None:
        self.wplacer = placer
        self.wcards = cards
        self.pending = list(pending)
        self.calls = []
        self.phase = REACTION

    def _close_window(self) -> None:
        placer = self.wplacer
        self.wplacer = -1
        self.pending = []
        self.phase = TURN
        if self.gwindow:
            self.gwindow = False
            self._resolve()
        elif not self.claims:
            self._turn_end()
        else:  # D9: every claim cut to the last k discards; their discarders are the victims
            k = min(len(run) for _, run in self.claims)
            cut = self.claims[0][1][-k:]
            victims: list[int] = []
            for card in cut:
                v = self._discarder(card)
                if v not in victims:
                    victims.append(v)
            self.cut = cut
            self.victims = tuple(victims)
            self.gwindow = True
            self._open(placer, cut, [s for s in self.poll[placer] if s in victims])

    def _discarder(self, card: int) -> int:
        for player, kind, logged in reversed(self.turns):
            if kind == DISCARD and logged == card:
                return player
        raise LookupError(card)

    def _resolve(self) -> None:
        for seat in self.gaeshi or [s for s, _ in self.claims]:
            self.laid[seat] |= self.hands[seat]
            self.hands[seat] = 0
            self.sizes[seat] = 0
        self._score()

    # ------------------------------------------------------------------ scoring

    def _score(self) -> None:
        n = self.n
        claimants = [s for s, _ in self.claims]
        if self.gaeshi:
            losers, by = list(dict.fromkeys(claimants)), "gaeshi"
        elif claimants:
            losers, by = list(self.victims), "dobon"
        else:
            losers, by = [], ""
        winners = [p for p in range(n) if not self.hands[p] and p not in losers]
        base = [_points(self.hands[p]) for p in range(n)]
        worst = max((base[p] for p in range(n) if p not in losers), default=0)
        extra = [0] * n
        cut = mask_of(self.cut)
        if by == "dobon":
            for w in claimants:
                hand = self.laid[w]
                if len(self.cut) >= 2:
                    extra[w] -= 100  # multi dobon
                if not hand & ~JOKER_MASK:  # joker dobon
                    extra[w] -= 100
                    for v in losers:
                        extra[v] += worst * 2
                elif _flush(hand | cut):
                    extra[w] -= 50
                if _storm(hand):
                    extra[w] -= 100
                if self.went_out >= 0 and self.went_out in self.victims:
                    extra[w] -= 50  # disrupt dobon
                if not self.had_turn[w]:
                    extra[w] -= 100  # quick dobon
                    for v in losers:
                        extra[v] += worst * 2
        elif by == "gaeshi":
            answered = 0
            for s in claimants:
                answered |= self.hands[s]
            for g in self.gaeshi:
                hand = self.laid[g]
                if _flush(hand | answered):
                    extra[g] -= 50
                if _storm(hand):
                    extra[g] -= 100
        for p in range(n):
            self.streak[p] = self.streak[p] + 1 if p in winners else 0
            if p in winners:
                self.wins[p] += 1
            if self.streak[p] >= 3:
                extra[p] -= 50  # slam
        if self.nominee >= 0:
            extra[self.nominee] += -50 if self.nominee in winners else self.bids[self.nominee]
        for p in range(n):
            if self.yaku[p] and p in winners:
                extra[p] += YAKU_BONUS
        deltas = [0] * n
        for p in range(n):
            if p in losers:
                deltas[p] = worst * 6 if by == "gaeshi" else worst * len(winners) * 2
            else:
                deltas[p] = base[p]
            deltas[p] += extra[p]
        ending = by or ("out" if winners else "exhaustion")
        scores = self.scores
        for seat, delta in enumerate(deltas):
            scores[seat] += delta
        self.result = Result(ending, tuple(winners), tuple(losers), tuple(deltas))
        self.parent = self.seating[(self.place[self.parent] + 1) % n]  # the deal rotates clockwise
        self.phase = MATCH_OVER if self.round_no >= self.rounds else ROUND_OVER

    # ------------------------------------------------------------------ the engine's terms

    def action(self, seat: int, code: int) -> Action:
        """The engine's action for `code` played by `seat` now."""
        if code < DRAW:
            card, variant = divmod(code, 10)
            suit = (variant >> 1) - 1
            return Action(
                seat, Kind.PLAY, _DECK.alone[card], None if suit < 0 else Suit(suit), flag=bool(variant & 1)
            )
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
        if code >= DOBON:
            k = code - DOBON
            run = self.cut if self.gwindow else self._run(k)
            return Action(seat, Kind.DOBON, tuple(_DECK.cards[c] for c in run))
        return Action(seat, Kind.BID, amount=code - BID)

    @staticmethod
    def code(action: Action) -> int:
        kind = action.kind
        if kind is Kind.PLAY and len(action.cards) == 1:
            suit = -1 if action.suit is None else int(action.suit)
            return action.cards[0].id * 10 + 2 * (suit + 1) + int(action.flag)
        if kind is Kind.DOBON and action.cards:
            return DOBON + len(action.cards)
        if kind is Kind.BID:
            return BID + action.amount
        if kind is Kind.DECLARE:
            return DECLARE
        simple = {Kind.DRAW: DRAW, Kind.PASS: PASS, Kind.NEXT_ROUND: NEXT_ROUND, Kind.NEW_MATCH: NEW_MATCH}
        if kind in simple:
            return simple[kind]
        raise ValueError(f"no standard sim code for {action}")

    @classmethod
    def from_game(cls, game: Game, seed: int | None = None) -> StandardSim:
        """The sim of an engine game of the `standard` preset at any moment of the headless order;
        `seed` as AppSim.from_game."""
        rules = game.rules
        if rules.preset != "standard":
            raise ValueError(f"the standard sim plays the standard preset, not {rules.preset}")
        sim = cls(rules, seed, deal=False)  # type: ignore[arg-type]
        if seed is None:
            sim.rng.setstate(game.rng.getstate())
        sim.scores = list(game.scores)
        sim.match_no, sim.round_no, sim.parent = game.match_no, game.round_no, game.parent
        sim.seating = tuple(game.seating)
        sim.direction = game.direction
        sim._tables()
        match = game.match_ext
        sim.streak, sim.wins = list(match.streak), list(match.wins)  # type: ignore[union-attr]
        sim.hands = [mask_of(c.id for c in hand) for hand in game.hands]
        sim.sizes = [len(hand) for hand in game.hands]
        sim.laid = [mask_of(c.id for c in pile) for pile in game.laid]
        sim.stock = [c.id for c in game.stock]
        sim.discard = [c.id for c in game.discard]
        sim.declared = -1 if game.field_suit is None else int(game.field_suit)
        sim.links, sim.owed = game.chain_links, game.chain_cards
        sim.turn = game.turn
        sim.phase = PHASE_NAMES.index(game.phase.value)
        r = game.ext
        if r is not None:
            sim.bids = [b or 0 for b in r.bids]  # type: ignore[attr-defined]
            sim.nominee = -1 if r.nominee is None else r.nominee  # type: ignore[attr-defined]
            for name in ("last_one", "skipped", "had_turn", "yaku", "yaku_declined", "gaeshi"):
                setattr(sim, name, list(getattr(r, name)))
            sim.turns = [
                (t.player, LOG_KINDS.index(t.kind), -1 if t.card is None else t.card.id)
                for t in r.log  # type: ignore[attr-defined]
            ]
            sim.claims = [(a.seat, tuple(c.id for c in a.cards)) for a in r.claims]  # type: ignore[attr-defined]
            sim.cut = tuple(c.id for c in r.cut)  # type: ignore[attr-defined]
            sim.victims = tuple(r.victims)  # type: ignore[attr-defined]
            sim.went_out = -1 if r.went_out is None else r.went_out  # type: ignore[attr-defined]
        window = game.window
        if window is not None:
            if window.queued is not None or window.placer < 0:
                raise ValueError("a standard window is on cards a seat discarded, with nothing queued")
            sim.wplacer = window.placer
            sim.wcards = tuple(c.id for c in window.cards)
            sim.pending = list(window.pending)
            sim.calls = [(a.seat, len(a.cards)) for a in window.calls]
            sim.gwindow = bool(sim.victims) and sim.wcards == sim.cut
        result = game.result
        if result is not None and sim.over:
            sim.result = Result(result.ending.value, result.winners, result.losers, result.deltas)
        seat = sim.to_move()
        sim.mover = seat if seat >= 0 else sim.turn
        return sim

    def key(self) -> tuple:
        """Everything the rules read, as plain values (compare with `engine_key(game)`)."""
        window = None
        if self.wplacer >= 0:
            window = (self.wplacer, self.wcards, tuple(self.pending), tuple(self.calls))
        return (
            tuple(tuple(ids_of(h)) for h in self.hands),
            tuple(tuple(ids_of(h)) for h in self.laid),
            tuple(self.stock),
            tuple(self.discard),
            self.declared,
            self.direction,
            self.turn,
            self.links,
            self.owed,
            PHASE_NAMES[self.phase],
            window,
            (
                tuple(b or None for b in self.bids),
                None if self.nominee < 0 else self.nominee,
                tuple(self.last_one),
                tuple(self.skipped),
                tuple(self.had_turn),
                tuple(self.yaku),
                tuple(self.yaku_declined),
                tuple((p, LOG_KINDS[k], None if c < 0 else c) for p, k, c in self.turns),
                tuple((s, run) for s, run in self.claims),
                self.cut,
                self.victims,
                tuple(self.gaeshi),
                None if self.went_out < 0 else self.went_out,
            ),
            tuple(self.streak),
            tuple(self.wins),
            tuple(self.scores),
            self.match_no,
            self.round_no,
            self.parent,
        )


def engine_key(game: Game) -> tuple:
    """`StandardSim.key` of an engine game of the standard preset."""
    w = game.window
    window = None
    if w is not None:
        window = (
            w.placer,
            tuple(c.id for c in w.cards),
            tuple(w.pending),
            tuple((a.seat, len(a.cards)) for a in w.calls),
        )
    r = game.ext
    m = game.match_ext
    return (
        tuple(tuple(c.id for c in h) for h in game.hands),
        tuple(tuple(sorted(c.id for c in h)) for h in game.laid),
        tuple(c.id for c in game.stock),
        tuple(c.id for c in game.discard),
        -1 if game.field_suit is None else int(game.field_suit),
        game.direction,
        game.turn,
        game.chain_links,
        game.chain_cards,
        game.phase.value,
        window,
        (
            tuple(r.bids),  # type: ignore[union-attr]
            r.nominee,  # type: ignore[union-attr]
            tuple(r.last_one),  # type: ignore[union-attr]
            tuple(r.skipped),  # type: ignore[union-attr]
            tuple(r.had_turn),  # type: ignore[union-attr]
            tuple(r.yaku),  # type: ignore[union-attr]
            tuple(r.yaku_declined),  # type: ignore[union-attr]
            tuple((t.player, t.kind, None if t.card is None else t.card.id) for t in r.log),  # type: ignore[union-attr]
            tuple((a.seat, tuple(c.id for c in a.cards)) for a in r.claims),  # type: ignore[union-attr]
            tuple(c.id for c in r.cut),  # type: ignore[union-attr]
            r.victims,  # type: ignore[union-attr]
            tuple(r.gaeshi),  # type: ignore[union-attr]
            r.went_out,  # type: ignore[union-attr]
        ),
        tuple(m.streak),  # type: ignore[union-attr]
        tuple(m.wins),  # type: ignore[union-attr]
        tuple(game.scores),
        game.match_no,
        game.round_no,
        game.parent,
    )


_DECK = deck("54")


_copy = copier(StandardSim.__slots__)  # clone's copy of every slot, compiled once
