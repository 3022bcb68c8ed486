"""The `super` preset as a simulation core (spec: shared/rules/super.md; engine: game.rules.super).

`SuperSim` plays the engine's `super` games in the headless order, one deck (54 cards: the engine's ids,
the jokers 52 and 53); the two-deck table (T-1) is not modelled yet and is refused. The layout follows
game.sim.app (docs/sim.md): hands as bitmasks, actions as small ints, phases as ints, the piles as lists
of ids in the engine's order (a reshuffle gathers them in that order: the field pile, then each
player's pile).

What super adds, flat:

* a hand's dobon totals as a bitmask of sums (bit s: the hand can add up to s): A, 2 and K count two
  ways (N-1), so the totals are the lowest sum shifted by a precomputed spread of the raises
  (`SPREAD[aces][twos][kings]`), and "does my hand match the card" is one AND with the card's values;
* every seat's own field pile (8, K and Joker go there), the colour a Q named, the draw chain's way
  (`passer`, `travel`), the "last" declarations, the dobon calls and their hands (masks), the counter
  window, the stalemate count; the direction carried into the next round (D2).

Action codes: a play is `card * 6 + flag + 2 * colour choice` (flag: "last" said; colour choice 0 none,
1 red (the engine's ♥), 2 black (♠)); then DRAW (a take), PASS, DOBON (a sound call or counter, naming
the card), FALSE_DOBON (a bare declaration, D12), and the referee's NEXT_ROUND and NEW_MATCH in logs.
A turn sent ahead during a window (§6, real time) is not modelled: the headless order never sends one.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from ..actions import REFEREE, Action, Kind
from ..cards import Suit, deck
from .app import MATCH_OVER, PHASES, REACTION, ROUND_OVER, TURN
from .cards import BIT, CHUNK, RANK_MASK, RANKS, SUIT_MASK, chunk_table, ids_of, mask_of
from .result import Result
from .rng import shuffle

if TYPE_CHECKING:
    from ..engine import Game
    from ..rules.base import RuleSet

CARDS = 54  # 52 and two jokers (ids 52, 53)
HAND_SIZE = 5
PENALTY = 5  # a forgotten "last" or a false declaration costs 5 cards
ACE, TWO, THREE, EIGHT, NINE, JACK, QUEEN, KING, JOKER = 1, 2, 3, 8, 9, 11, 12, 13, 0

RANK54: tuple[int, ...] = (*tuple(c % RANKS + 1 for c in range(52)), JOKER, JOKER)
SUIT54: tuple[int, ...] = (*tuple(c // RANKS for c in range(52)), -1, -1)
BIT54: tuple[int, ...] = (*BIT, 1 << 52, 1 << 53)
JOKERS = (1 << 52) | (1 << 53)
EVERY = (1 << CARDS) - 1
PILE_ONLY = RANK_MASK[EIGHT] | RANK_MASK[KING] | JOKERS  # onto one's own pile (N-2-5)
COMMON = EVERY & ~PILE_ONLY
ACES, TWOS, KINGS, EIGHTS, QUEENS = (RANK_MASK[r] for r in (ACE, TWO, KING, EIGHT, QUEEN))
CHAIN_FIT = ACES | TWOS  # D8: a pending draw takes any A or 2
RED, BLACK = 0, 1  # the colour a Q named (-1: none)
COLOUR_MASK = (SUIT_MASK[1] | SUIT_MASK[2], SUIT_MASK[0] | SUIT_MASK[3])

# codes
VARIANTS = 6
DRAW = CARDS * VARIANTS
PASS = DRAW + 1
DOBON = PASS + 1
FALSE_DOBON = DOBON + 1
NEXT_ROUND = FALSE_DOBON + 1
NEW_MATCH = NEXT_ROUND + 1
CODES = NEW_MATCH + 1


def _options(card: int, leaves_one: bool, chain: bool) -> tuple[int, ...]:
    """The engine's plays of `card`, in its order: "last" said first, then not; a Q names red, black."""
    flags = (1, 0) if leaves_one else (0,)
    colours = (1, 2) if RANK54[card] == QUEEN and not chain else (0,)
    return tuple(card * VARIANTS + f + 2 * c for f in flags for c in colours)


# OPTIONS[leaves_one + 2 * chain][card]
OPTIONS = tuple(tuple(_options(c, bool(i & 1), bool(i & 2)) for c in range(CARDS)) for i in range(4))

# totals: the lowest sum (A 1, 2 2, 9 10, K 13, Joker 30, others their number), per 13-bit suit
LOW13 = chunk_table((0, 1, 2, 3, 4, 5, 6, 7, 8, 10, 10, 11, 12, 13))
# scores (N-1): A 10, 2 20, 9-Q 10, K 30, Joker 30, others their number
SCORE13 = chunk_table((0, 10, 20, 3, 4, 5, 6, 7, 8, 10, 10, 10, 10, 30))
# SPREAD[a][b][k]: the raises a aces (+9), b twos (+18) and k kings (+17) can add, as a mask of sums
SPREAD = tuple(
    tuple(
        tuple(
            sum(
                {
                    1 << (9 * x + 18 * y + 17 * z)
                    for x in range(a + 1)
                    for y in range(b + 1)
                    for z in range(k + 1)
                }
            )
            for k in range(5)
        )
        for b in range(5)
    )
    for a in range(5)
)


def _values(card: int) -> int:
    rank = RANK54[card]
    values = {ACE: (1, 10), TWO: (2, 20), NINE: (10,), KING: (13, 30), JOKER: (30,)}.get(rank, (rank,))
    return sum(1 << v for v in values)


VALUES: tuple[int, ...] = tuple(_values(c) for c in range(CARDS))  # a card's point values, as a mask


def totals(hand: int) -> int:
    """Every sum a hand can make, one value per card (C-1-6), as a mask of sums. Asked of every
    waiting hand at every play (a window) and by the hard seat's rollouts of every other hand at every
    turn, of hands that change only when their owner moves: kept by hand (bounded)."""
    known = _TOTALS.get(hand)
    if known is None:
        if len(_TOTALS) >= _TOTALS_KEPT:
            _TOTALS.clear()
        known = _TOTALS[hand] = _totals(hand)
    return known


_TOTALS: dict[int, int] = {}
_TOTALS_KEPT = 1 << 16


def _totals(hand: int) -> int:
    low = (
        LOW13[hand & CHUNK]
        + LOW13[hand >> 13 & CHUNK]
        + LOW13[hand >> 26 & CHUNK]
        + LOW13[hand >> 39 & CHUNK]
        + 30 * (hand >> 52).bit_count()
    )
    return SPREAD[(hand & ACES).bit_count()][(hand & TWOS).bit_count()][(hand & KINGS).bit_count()] << low


def score_of(hand: int) -> int:
    return (
        SCORE13[hand & CHUNK]
        + SCORE13[hand >> 13 & CHUNK]
        + SCORE13[hand >> 26 & CHUNK]
        + SCORE13[hand >> 39 & CHUNK]
        + 30 * (hand >> 52).bit_count()
    )


def same_suit(hand: int) -> bool:
    """D23: every card of one suit (a Joker breaks it)."""
    return not hand >> 52 and any(not hand & ~m for m in SUIT_MASK)


class SuperSim:
    """One `super` table in simulation: a round under way, the match, the game's generator."""

    __slots__ = (
        "_shared_piles",
        "_shared_rng",
        "actions",
        "calls",
        "carry",
        "colour",
        "counter",
        "countering",
        "direction",
        "discard",
        "dobons",
        "false_penalty",
        "first_card",
        "first_lap",
        "first_parent",
        "first_placed",
        "fit",
        "hands",
        "idle",
        "last",
        "limit",
        "links",
        "log",
        "match_no",
        "mdirection",
        "mover",
        "n",
        "nxt",
        "owed",
        "parent",
        "passer",
        "pending",
        "phase",
        "piles",
        "place",
        "poll",
        "result",
        "rng",
        "round_no",
        "rounds",
        "scores",
        "seating",
        "sizes",
        "stock",
        "travel",
        "turn",
        "turns_taken",
        "wcard",
        "wplacer",
    )

    FALSE_CALL = FALSE_DOBON

    def __init__(
        self,
        players: int = 4,
        seed: int | None = 0,
        *,
        rounds_per_match: int = 8,
        score_limit: int = 0,
        false_dobon_penalty: bool = True,
        round_direction: str = "carry",
        first_parent: int = 0,
        deal: bool = True,
    ):
        """A fresh match, as `Game(SuperRules(players=..., ...), seed)` with one deck."""
        if not 2 <= players <= 8:
            raise ValueError("the super sim plays one deck: 2-8 players")
        self.n = players
        self.rounds = rounds_per_match
        self.limit = score_limit
        self.false_penalty = false_dobon_penalty
        self.carry = round_direction == "carry"
        self.first_parent = first_parent
        self.rng = random.Random(seed)
        self.actions = 0
        self.log: list[tuple[int, int]] | None = None
        self.scores = [0] * players
        self.match_no = 1
        self.round_no = 0
        self.parent = first_parent
        self.seating: tuple[int, ...] = tuple(range(players))
        self.direction = 1
        self.mdirection = 1  # SuperMatch.direction: the direction the last round ended in (D2)
        self._tables()
        self.hands = [0] * players
        self.sizes = [0] * players
        self.piles: list[list[int]] = [[] for _ in range(players)]
        self.stock: list[int] = []
        self.discard: list[int] = []
        self.colour = -1
        self.fit = 0
        self.links = self.owed = 0
        self.turn = self.mover = self.parent
        self.phase = TURN
        self._reset_round()
        self.result: Result | None = None
        self._shared_piles = self._shared_rng = False
        if deal:
            self.deal()

    @classmethod
    def for_rules(cls, rules: RuleSet, seed: int | None = 0) -> SuperSim:
        """A fresh match of `rules` (a one-deck `SuperRules`), as `Game(rules, seed)`."""
        if rules.preset != "super" or rules.two_decks:  # type: ignore[attr-defined]
            raise ValueError("the super sim plays the super preset with one deck")
        return cls(
            rules.players,
            seed,
            rounds_per_match=rules.rounds_per_match,  # type: ignore[attr-defined]
            score_limit=rules.score_limit,  # type: ignore[attr-defined]
            false_dobon_penalty=rules.false_dobon_penalty,  # type: ignore[attr-defined]
            round_direction=rules.round_direction,  # type: ignore[attr-defined]
            first_parent=rules.first_parent,
        )

    def _tables(self) -> None:
        """Turn order and polling order for the direction in force (the engine's next_seat, _polling)."""
        order, n, d = self.seating, self.n, self.direction
        self.place = place = {seat: i for i, seat in enumerate(order)}
        self.nxt = tuple(order[(place[s] + d) % n] for s in range(n))
        self.poll = tuple(tuple(order[(place[s] + d * k) % n] for k in range(1, n + 1)) for s in range(n))

    def _seat(self, seat: int, steps: int) -> int:
        """`Game.next_seat(seat, steps)`."""
        return self.seating[(self.place[seat] + steps * self.direction) % self.n]

    def _reset_round(self) -> None:
        n = self.n
        self.wplacer = -1
        self.wcard = 0
        self.pending: list[int] = []
        self.calls: list[int] = []
        self.turns_taken = [0] * n
        self.first_placed = False
        self.last = [False] * n
        self.passer = -1
        self.travel = 0
        self.first_card = self.first_lap = False
        self.dobons: list[tuple[int, int]] = []  # (seat, hand mask) of each sound call, in order
        self.countering = False
        self.counter = -1  # the counter's hand mask; -1: none
        self.idle = 0

    def _fit_mask(self) -> int:
        """The cards that fit the common pile with no draw pending (D6)."""
        if self.colour >= 0:
            return (COLOUR_MASK[self.colour] | QUEENS) & COMMON
        top = self.discard[-1]
        if RANK54[top] == JOKER:
            return COMMON
        return (SUIT_MASK[SUIT54[top]] | RANK_MASK[RANK54[top]]) & COMMON

    # ------------------------------------------------------------------ rounds

    def deal(self) -> None:
        """`Game.start_round` with super's start_round: the last round's direction goes on (D2)."""
        self.round_no += 1
        order = list(range(CARDS))
        self._own_rng()
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
        self.discard = [order[pos]]
        stock = order[pos + 1 :]
        stock.reverse()
        self.stock = stock
        self.piles = [[] for _ in range(n)]
        self._shared_piles = False
        direction = self.mdirection if self.carry else 1
        if direction != self.direction:
            self.direction = direction
            self._tables()
        self.turn = self.mover = self.parent
        self.links = self.owed = 0
        self.colour = -1
        self._reset_round()
        self.fit = self._fit_mask()
        self.phase = TURN
        self.result = None

    def next_round(self) -> None:
        """The referee between rounds: the next deal, or a new match once this one is over."""
        self.actions += 1
        if self.log is not None:
            self.log.append((REFEREE, NEXT_ROUND if self.phase == ROUND_OVER else NEW_MATCH))
        if self.phase == MATCH_OVER:
            self.match_no += 1
            self.round_no = 0
            self.scores = [0] * self.n
            self.parent = self.first_parent
            self.mdirection = 1
        self.deal()

    @property
    def over(self) -> bool:
        return self.phase >= ROUND_OVER

    # ------------------------------------------------------------------ copies

    def clone(self, seed: int | None = None) -> SuperSim:
        """A copy to simulate on; the stock, the field piles and the generator are shared until either
        copy changes them (as AppSim.clone)."""
        twin = SuperSim.__new__(SuperSim)
        for name in SuperSim.__slots__:
            setattr(twin, name, getattr(self, name))
        twin.actions = 0
        twin.log = None
        twin.scores = self.scores[:]
        twin.hands = self.hands[:]
        twin.sizes = self.sizes[:]
        twin.pending = self.pending[:]
        twin.calls = self.calls[:]
        twin.turns_taken = self.turns_taken[:]
        twin.last = self.last[:]
        twin.dobons = self.dobons[:]
        twin._shared_piles = self._shared_piles = True
        if seed is None:
            twin._shared_rng = self._shared_rng = True
        else:
            twin.rng = random.Random(seed)
            twin._shared_rng = False
        return twin

    def _own_piles(self) -> None:
        self.stock = self.stock[:]
        self.discard = self.discard[:]
        self.piles = [pile[:] for pile in self.piles]
        self._shared_piles = False

    def _own_rng(self) -> None:
        if self._shared_rng:
            rng = random.Random()
            rng.setstate(self.rng.getstate())
            self.rng = rng
            self._shared_rng = False

    # ------------------------------------------------------------------ the two questions

    def to_move(self) -> int:
        if self.wplacer >= 0 and self.pending:
            return self.pending[0]
        return self.turn if self.phase == TURN else REFEREE

    def _sound(self, seat: int) -> bool:
        """Does the seat's whole hand match: a dobon, the card's values (J-1-1); a counter, the totals
        of some caller's hand (D16)?"""
        mine = totals(self.hands[seat])
        if self.countering:
            return any(mine & totals(hand) for _, hand in self.dobons)
        return bool(mine & VALUES[self.wcard])

    def _answers(self, seat: int) -> list[int]:
        if self._sound(seat):
            return [PASS, DOBON]
        return [PASS, FALSE_DOBON] if self.false_penalty else [PASS]

    def legal(self, seat: int) -> list[int]:
        """The codes `seat` may play now, in the engine's order (`Game.sync_actions`)."""
        if self.wplacer >= 0:
            return self._answers(seat) if seat in self.pending else []
        if self.phase != TURN or seat != self.turn:
            return []
        return self._turn_options(seat)

    def _turn_options(self, seat: int) -> list[int]:
        """J-1-3: a play never empties the hand; pile cards need no match (J-1-4), except under a draw
        (D9); then the take."""
        size = self.sizes[seat]
        out: list[int] = []
        if size >= 2:
            if self.owed:
                m = self.hands[seat] & CHAIN_FIT
                table = OPTIONS[(size == 2) + 2]
            else:
                m = self.hands[seat] & (PILE_ONLY | self.fit)
                table = OPTIONS[size == 2]
            while m:
                low = m & -m
                out += table[low.bit_length() - 1]
                m ^= low
        out.append(DRAW)
        return out

    def decide(self) -> list[int]:
        """Apply the forced actions (one choice only) and return the next seat's choices (`mover`);
        [] once the round is over."""
        while True:
            if self.wplacer >= 0:
                if not self.false_penalty and not self.countering:
                    # a plain window, no false dobon offered: the seats that cannot call before the
                    # first that can pass together, as `apply` would pass them one by one
                    pending, hands, value = self.pending, self.hands, VALUES[self.wcard]
                    answered = 0
                    for seat in pending:
                        if totals(hands[seat]) & value:
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
                seat = self.pending[0]
                options = self._answers(seat)
            elif self.phase == TURN:
                seat = self.turn
                options = self._turn_options(seat)
            else:
                return []
            if len(options) > 1:
                self.mover = seat
                return options
            self.apply(seat, options[0])

    def apply(self, seat: int, code: int) -> None:
        """Apply one of `legal(seat)` (not checked again)."""
        self.actions += 1
        if self.log is not None:
            self.log.append((seat, code))
        if code < DRAW:
            self._play(seat, code)
        elif code == PASS:
            self.pending.remove(seat)
            if not self.pending:
                self._close_window()
        elif code == DOBON:
            # every call in one window is simultaneous: nobody is asked again
            self.pending.remove(seat)
            self.calls.append(seat)
            if self.countering:
                self.counter = self.hands[seat]
            else:
                self.dobons.append((seat, self.hands[seat]))
            if not self.pending:
                self._close_window()
        elif code == FALSE_DOBON:  # D12: it counts as the seat's pass, and costs 5 cards
            self.pending.remove(seat)
            self._penalise(seat)
            if not self.pending:
                self._close_window()
        else:
            self._take(seat)

    # ------------------------------------------------------------------ turns

    def _play(self, seat: int, code: int) -> None:
        card, variant = divmod(code, VARIANTS)
        bit = BIT54[card]
        self.hands[seat] ^= bit
        size = self.sizes[seat] - 1
        self.sizes[seat] = size
        if self._shared_piles:
            self._own_piles()
        if bit & PILE_ONLY:
            self.piles[seat].append(card)
        else:
            self.discard.append(card)
            self.colour = (variant >> 1) - 1 if RANK54[card] == QUEEN else -1
            self.fit = self._fit_mask()
        self.idle = 0
        if size == 1:  # J-2: the last declaration, checked first
            if variant & 1:
                self.last[seat] = True
            else:
                self._penalise(seat)
        self.first_card = not self.first_placed
        self.first_lap = self.turns_taken[seat] == 0
        self.first_placed = True
        self.turns_taken[seat] += 1
        self.dobons = []
        self.countering = False
        self.counter = -1
        self.wplacer = seat
        self.wcard = card
        self.calls = []
        self.pending = list(self.poll[seat][:-1])  # D13: every other seat answers
        self.phase = REACTION

    def _take(self, seat: int) -> None:
        owed = self.owed or 1
        stuck = not self.stock and not self._gatherable(-1)
        self._draw(seat, owed, -1)
        self.turns_taken[seat] += 1
        self.last[seat] = self.last[seat] and self.sizes[seat] == 1
        if self.owed:
            self.links = self.owed = 0
            self.passer, self.travel = -1, 0
        self.idle = self.idle + 1 if stuck else 0
        if self.idle >= 2 * self.n:  # D11: the stalemate guard, a void round
            self.mdirection = self.direction
            self._end("void", (), (), [0] * self.n)
            return
        self.turn = self.nxt[seat]

    def _penalise(self, seat: int) -> None:
        self._draw(seat, PENALTY, self.wcard if self.wplacer >= 0 else -1)
        self.last[seat] = False

    def _gatherable(self, answered: int) -> int:
        """Cards a rebuild would gather (D11): the field pile under its top, every player's pile, not
        the card a window is open on."""
        count = len(self.discard) - 1
        for pile in self.piles:
            count += len(pile)
        if answered >= 0 and answered in self.piles[self.wplacer]:
            count -= 1
        return count

    def _draw(self, seat: int, count: int, answered: int) -> None:
        """`Game.draw`: one card at a time, rebuilding the stock when it is empty; a shortfall is
        forfeited (D11)."""
        if self._shared_piles:
            self._own_piles()
        hand = self.hands[seat]
        got = 0
        for _ in range(count):
            if not self.stock:
                if not self._gatherable(answered):
                    break
                self._reshuffle(answered)
            hand |= BIT54[self.stock.pop()]
            got += 1
        self.hands[seat] = hand
        self.sizes[seat] += got

    def _reshuffle(self, answered: int) -> None:
        """`Game.reshuffle`: the field pile under its top, then each player's pile in seat order, all
        but the card a window is open on, shuffled into the stock."""
        old = self.discard[:-1]
        del self.discard[:-1]
        for pile in self.piles:
            if answered >= 0 and answered in pile:
                old.extend(c for c in pile if c != answered)
                pile[:] = [answered]
            else:
                old.extend(pile)
                pile.clear()
        self._own_rng()
        shuffle(self.rng, old)
        self.stock = old

    # ------------------------------------------------------------------ windows, effects, scores

    def _close_window(self) -> None:
        placer, card = self.wplacer, self.wcard
        self.wplacer = -1
        self.pending = []
        self.phase = TURN
        if self.countering:
            self._score(placer, card)
        elif not self.dobons:
            self._effect(placer, card)
        else:  # L-1: the player called on may answer with their own hand
            self.countering = True
            self.wplacer = placer
            self.calls = []
            self.pending = [placer]
            self.phase = REACTION

    def _draw_to(self, placer: int, rank: int) -> tuple[int, int]:
        """The seat a draw card sends the pending draw to, and the way it travels (D10)."""
        if rank == ACE:
            travel = 1
        elif self.owed and self.passer >= 0:  # an answering 2 goes back to the passer
            travel = -self.travel
        else:
            travel = -1
        return self._seat(placer, travel), travel

    def _reverse(self) -> None:
        self.direction = -self.direction
        self._tables()

    def _effect(self, placer: int, card: int) -> None:
        """The placed card's effect once its window closed with no dobon; then the next turn."""
        rank = RANK54[card]
        if BIT54[card] & PILE_ONLY:
            self.turn = self.nxt[placer]
        elif rank in (ACE, TWO):
            responder, travel = self._draw_to(placer, rank)
            self.links += 1
            self.owed += 1 if rank == ACE else 2
            self.passer, self.travel = placer, travel
            self.turn = responder
        elif rank == THREE:
            self.turn = self._seat(placer, 2)
        elif rank == JACK:
            self._reverse()
            self.turn = self.nxt[placer]
        else:
            self.turn = self.nxt[placer]

    def _hit_effect(self, placer: int, card: int, winners: tuple[int, ...]) -> None:
        """D15: the hit card's effect lands on players other than the winners, before scoring."""
        rank = RANK54[card]
        if rank == JACK:
            self._reverse()
        elif rank in (ACE, TWO):
            seat, travel = self._draw_to(placer, rank)
            owed = self.owed + (1 if rank == ACE else 2)
            for _ in range(self.n):
                if seat not in winners:
                    break
                seat = self._seat(seat, travel)
            self.links = self.owed = 0
            self._draw(seat, owed, -1)

    def _score(self, placer: int, target: int) -> None:
        if self.counter >= 0:  # L-1-1: only the counter counts as a dobon
            winners: tuple[int, ...] = (placer,)
            countered = totals(self.counter)
            losers = tuple(s for s, hand in self.dobons if countered & totals(hand))
            won_with = {placer: self.counter}
        else:
            winners = tuple(s for s, _ in self.dobons)
            losers = (placer,)
            won_with = dict(self.dobons)
        self._hit_effect(placer, target, winners)
        deltas = [0] * self.n
        for seat in range(self.n):
            if seat in winners:
                continue
            held = self.hands[seat]
            if seat in losers:
                base = 0
                for w in winners:
                    part = score_of(won_with[w])
                    base += part * 2 if same_suit(won_with[w]) else part
                value = base * 2
                if self.counter >= 0:
                    value *= 2
                elif self.first_card:
                    value *= 4
                elif self.first_lap:
                    value *= 2
            else:
                value = score_of(held)
            deltas[seat] = value << (held & EIGHTS).bit_count()
        self.mdirection = self.direction
        self._end("counter" if self.counter >= 0 else "dobon", winners, losers, deltas)

    def _end(self, ending: str, winners: tuple[int, ...], losers: tuple[int, ...], deltas: list[int]) -> None:
        scores = self.scores
        for seat, delta in enumerate(deltas):
            scores[seat] += delta
        self.result = Result(ending, winners, losers, tuple(deltas))
        self.wplacer = -1
        if losers:  # D26: the loser; of several, the highest round score, ties in turn order
            order = [self._seat(self.parent, k) for k in range(self.n)]
            self.parent = max(losers, key=lambda s: (deltas[s], -order.index(s)))
        over = max(scores) >= self.limit if self.limit else self.round_no >= self.rounds
        self.phase = MATCH_OVER if over else ROUND_OVER

    # ------------------------------------------------------------------ the engine's terms

    def action(self, seat: int, code: int) -> Action:
        """The engine's action for `code` played by `seat` now."""
        if code < DRAW:
            card, variant = divmod(code, VARIANTS)
            suit = (None, Suit.HEARTS, Suit.SPADES)[variant >> 1]
            return Action(seat, Kind.PLAY, _DECK.alone[card], suit, flag=bool(variant & 1))
        if code == DOBON:
            return Action(seat, Kind.DOBON, _DECK.alone[self.wcard])
        if code == FALSE_DOBON:
            return Action(seat, Kind.DOBON)
        return {
            DRAW: Action(seat, Kind.DRAW),
            PASS: Action(seat, Kind.PASS),
            NEXT_ROUND: Action(REFEREE, Kind.NEXT_ROUND),
            NEW_MATCH: Action(REFEREE, Kind.NEW_MATCH),
        }[code]

    @staticmethod
    def code(action: Action) -> int:
        """The code of an engine action of this preset; ValueError for one it has no code for."""
        kind = action.kind
        if kind is Kind.PLAY and len(action.cards) == 1 and not action.amount:
            colour = {None: 0, Suit.HEARTS: 1, Suit.SPADES: 2}.get(action.suit)
            if colour is not None:
                return action.cards[0].id * VARIANTS + int(action.flag) + 2 * colour
        elif kind is Kind.DOBON:
            return DOBON if action.cards else FALSE_DOBON
        elif kind in _KINDS:
            return _KINDS[kind]
        raise ValueError(f"no super sim code for {action}")

    @classmethod
    def from_game(cls, game: Game, seed: int | None = None) -> SuperSim:
        """The sim of an engine game of the `super` preset (one deck) at any moment of the headless
        order; `seed` as AppSim.from_game."""
        rules = game.rules
        if rules.preset != "super" or rules.two_decks:  # type: ignore[attr-defined]
            raise ValueError("the super sim plays the super preset with one deck")
        sim = cls(
            game.n,
            seed,
            rounds_per_match=rules.rounds_per_match,  # type: ignore[attr-defined]
            score_limit=rules.score_limit,  # type: ignore[attr-defined]
            false_dobon_penalty=rules.false_dobon_penalty,  # type: ignore[attr-defined]
            round_direction=rules.round_direction,  # type: ignore[attr-defined]
            first_parent=rules.first_parent,
            deal=False,
        )
        if seed is None:
            sim.rng.setstate(game.rng.getstate())
        sim.scores = list(game.scores)
        sim.match_no, sim.round_no, sim.parent = game.match_no, game.round_no, game.parent
        sim.seating = tuple(game.seating)
        sim.direction = game.direction
        sim._tables()
        sim.mdirection = game.match_ext.direction  # type: ignore[union-attr]
        sim.hands = [mask_of(c.id for c in hand) for hand in game.hands]
        sim.sizes = [len(hand) for hand in game.hands]
        sim.stock = [c.id for c in game.stock]
        sim.discard = [c.id for c in game.discard]
        sim.piles = [[c.id for c in game.extra[f"pile/{s}"]] for s in range(game.n)]
        sim.links, sim.owed = game.chain_links, game.chain_cards
        sim.turn = game.turn
        sim.phase = PHASES.index(game.phase.value)
        r = game.ext
        if r is not None:
            sim.colour = {None: -1, "red": RED, "black": BLACK}[r.colour]  # type: ignore[attr-defined]
            sim.turns_taken = list(r.turns_taken)  # type: ignore[attr-defined]
            sim.first_placed = r.first_card_placed  # type: ignore[attr-defined]
            sim.last = list(r.last)  # type: ignore[attr-defined]
            sim.passer = -1 if r.passer is None else r.passer  # type: ignore[attr-defined]
            sim.travel = r.travel  # type: ignore[attr-defined]
            sim.first_card, sim.first_lap = r.first_card, r.first_lap  # type: ignore[attr-defined]
            sim.dobons = [(s, mask_of(c.id for c in cards)) for s, cards in r.dobons]  # type: ignore[attr-defined]
            sim.countering = r.countering  # type: ignore[attr-defined]
            counter = r.counter  # type: ignore[attr-defined]
            sim.counter = -1 if counter is None else mask_of(c.id for c in counter)
            sim.idle = r.idle  # type: ignore[attr-defined]
        sim.fit = sim._fit_mask()
        window = game.window
        if window is not None:
            if window.queued is not None or len(window.cards) != 1 or window.placer < 0:
                raise ValueError("a super window is on one card a seat placed, with nothing queued")
            sim.wplacer = window.placer
            sim.wcard = window.cards[0].id
            sim.pending = list(window.pending)
            sim.calls = [a.seat for a in window.calls]
        result = game.result
        if result is not None and sim.phase >= ROUND_OVER:
            sim.result = Result(result.ending.value, result.winners, result.losers, result.deltas)
        seat = sim.to_move()
        sim.mover = seat if seat >= 0 else sim.turn
        return sim

    def key(self) -> tuple:
        """Everything the rules read, as plain values (compare with `engine_key(game)`)."""
        window = None
        if self.wplacer >= 0:
            window = (self.wplacer, self.wcard, tuple(self.pending), tuple(self.calls))
        return (
            tuple(tuple(ids_of(h)) for h in self.hands),
            tuple(self.stock),
            tuple(self.discard),
            tuple(tuple(p) for p in self.piles),
            self.direction,
            self.mdirection,
            self.seating,
            self.turn,
            self.links,
            self.owed,
            PHASES[self.phase],
            window,
            (
                (None, "red", "black")[self.colour + 1],
                tuple(self.turns_taken),
                self.first_placed,
                tuple(self.last),
                None if self.passer < 0 else self.passer,
                self.travel,
                self.first_card,
                self.first_lap,
                tuple((s, tuple(ids_of(h))) for s, h in self.dobons),
                self.countering,
                self.idle,
            ),
            tuple(self.scores),
            self.match_no,
            self.round_no,
            self.parent,
        )


def engine_key(game: Game) -> tuple:
    """`SuperSim.key` of an engine game of the super preset."""
    w = game.window
    window = None
    if w is not None:
        window = (w.placer, w.cards[0].id, tuple(w.pending), tuple(a.seat for a in w.calls))
    r = game.ext
    return (
        tuple(tuple(c.id for c in h) for h in game.hands),
        tuple(c.id for c in game.stock),
        tuple(c.id for c in game.discard),
        tuple(tuple(c.id for c in game.extra[f"pile/{s}"]) for s in range(game.n)),
        game.direction,
        game.match_ext.direction,  # type: ignore[union-attr]
        tuple(game.seating),
        game.turn,
        game.chain_links,
        game.chain_cards,
        game.phase.value,
        window,
        (
            r.colour,  # type: ignore[union-attr]
            tuple(r.turns_taken),  # type: ignore[union-attr]
            r.first_card_placed,  # type: ignore[union-attr]
            tuple(r.last),  # type: ignore[union-attr]
            r.passer,  # type: ignore[union-attr]
            r.travel,  # type: ignore[union-attr]
            r.first_card,  # type: ignore[union-attr]
            r.first_lap,  # type: ignore[union-attr]
            tuple((s, tuple(c.id for c in cards)) for s, cards in r.dobons),  # type: ignore[union-attr]
            r.countering,  # type: ignore[union-attr]
            r.idle,  # type: ignore[union-attr]
        ),
        tuple(game.scores),
        game.match_no,
        game.round_no,
        game.parent,
    )


_DECK = deck("54")
_KINDS = {Kind.DRAW: DRAW, Kind.PASS: PASS, Kind.NEXT_ROUND: NEXT_ROUND, Kind.NEW_MATCH: NEW_MATCH}
