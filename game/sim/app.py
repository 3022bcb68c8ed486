"""The `app` preset as a simulation core: the engine's games, on flat ints (spec: shared/rules/app.md).

`AppSim` plays exactly the games `game.engine.Game` plays with `game.rules.app` in the headless
(synchronous) order: the same seed deals the same hands, a seat is offered the same actions in the same
order, and the same choices give the same log, reshuffles, scores and next deal. What it leaves out is
what a simulation never reads: events, clues, views, refusal messages, the real-time clock.

The state is flat, because every object made or attribute chased costs on a path run millions of times:

* a card is its engine id (game.sim.cards), a hand a bitmask of ids, with its size and the sum of its
  dobon values kept beside it (`callv`: that sum, or -1 for a hand of fewer than two cards, which
  cannot call: "can seat q call on rank r" is one comparison);
* an action is a small int (`PLAY`: the card's id; an 8 naming a suit `PLAY8 + 4 * suit of the 8 +
  named suit`; `DRAW`, `PASS`, `DOBON`), and the acting seat is the one asked (`mover`);
* what the field allows is one bitmask (`allowed`), kept as the field changes, so a seat's plays are
  `hand & allowed` (`TWOS` under a pending 2);
* the stock and the field pile are lists of ids (their order is what a reshuffle shuffles), shared by
  a clone with its original until either changes them (copy on write), and so is the generator.

Phases are module ints rather than `game.phase.Phase`: an Enum member compares and hashes in Python.

Driving it: `decide()` applies every forced action (a seat with one choice: a pass with no call to make,
a draw with no card that fits) as the engine's headless driver does without asking the seat, and returns
the choices of the next seat that has more than one (`mover`), or [] when the round is over. `apply`
plays one of them. `legal` / `to_move` are the engine's `sync_actions` / `sync_next`, one action at a
time, forced ones included. `next_round` deals on (the referee's NEXT_ROUND, or NEW_MATCH after a match).
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from ..actions import REFEREE, Action, Kind
from ..cards import Suit, deck
from .cards import BIT, CHUNK, DECK, RANK, RANK_MASK, RANKS, SUIT, SUIT_MASK, chunk_table, ids_of, mask_of
from .result import Result
from .rng import shuffle

if TYPE_CHECKING:
    from ..engine import Game
    from ..rules.base import RuleSet

HAND_SIZE = 5  # app.md §1
TWO, EIGHT = 2, 8

# action codes
PLAY8 = DECK  # 52 + 4 * (suit of the 8) + named suit
DRAW = PLAY8 + 16
PASS = DRAW + 1
DOBON = PASS + 1
NEXT_ROUND = DOBON + 1  # the referee's (logged only: `next_round` applies them)
NEW_MATCH = NEXT_ROUND + 1
CODES = NEW_MATCH + 1

# phases (game.phase.Phase, as ints)
TURN, REACTION, ROUND_OVER, MATCH_OVER = 0, 1, 2, 3
PHASES = ("turn", "reaction", "round-over", "match-over")  # Phase values, by int

TWOS = RANK_MASK[TWO]
EIGHTS = RANK_MASK[EIGHT]
# what each card adds to a seat's turn actions, in the engine's order (an 8 names each suit in turn,
# unless it is the last card: then it names none, app D19)
OPTIONS: tuple[tuple[int, ...], ...] = tuple(
    tuple(PLAY8 + 4 * SUIT[c] + s for s in range(4)) if RANK[c] == EIGHT else (c,) for c in range(DECK)
)
OPTIONS_LAST: tuple[tuple[int, ...], ...] = tuple((c,) for c in range(DECK))
# a 13-bit suit of a hand -> the sum of its scoring values (A, J, Q, K = 10) / its dobon values
SCORE13 = chunk_table((0, 10, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10))
VALUE13 = chunk_table(tuple(range(RANKS + 1)))
FACTOR = (1, 2, 4, 8, 16, 16, 16, 16, 16)  # twos_factor: x2 per 2, at most x16


def card_of(code: int) -> int:
    """The card a PLAY code puts down."""
    return code if code < PLAY8 else (code - PLAY8) // 4 * RANKS + EIGHT - 1


def hand_value(mask: int, table: tuple[int, ...] = VALUE13) -> int:
    """A hand's total by `table` (dobon values by default, SCORE13 for scoring)."""
    return table[mask & CHUNK] + table[mask >> 13 & CHUNK] + table[mask >> 26 & CHUNK] + table[mask >> 39]


class AppSim:
    """One `app` table in simulation: a round under way, the match's scores, the game's generator."""

    __slots__ = (
        "_shared_piles",
        "_shared_rng",
        "actions",
        "allowed",
        "calls",
        "callv",
        "direction",
        "discard",
        "field",
        "first_parent",
        "hands",
        "links",
        "log",
        "match_no",
        "mover",
        "n",
        "named",
        "nxt",
        "owed",
        "parent",
        "pending",
        "phase",
        "poll",
        "result",
        "rng",
        "round_no",
        "scores",
        "seating",
        "sizes",
        "start_points",
        "stock",
        "turn",
        "wcard",
        "wfreeze",
        "wplacer",
        "wstop",
    )

    FALSE_CALL = -1  # app has no bare declaration: a dobon always names a card that adds up

    def __init__(
        self,
        players: int = 4,
        seed: int | None = 0,
        *,
        starting_points: int = 1000,
        first_parent: int = 0,
        deal: bool = True,
    ):
        """A fresh match, as `Game(AppRules(players=..., ...), seed)`; `deal` False leaves the table
        empty for `from_game` to fill."""
        self.n = players
        self.start_points = starting_points
        self.first_parent = first_parent
        self.rng = random.Random(seed)
        self.actions = 0  # actions applied, forced ones included (what the engine's log would hold)
        self.log: list[tuple[int, int]] | None = None  # (seat, code) of each, when someone wants them
        self.scores = [starting_points] * players
        self.match_no = 1
        self.round_no = 0
        self.parent = first_parent
        self.seating: tuple[int, ...] = tuple(range(players))
        self.direction = 1
        self._tables()
        self.hands = [0] * players
        self.sizes = [0] * players
        self.callv = [-1] * players
        self.stock: list[int] = []
        self.discard: list[int] = []
        self.field = 0
        self.named = -1
        self.allowed = 0
        self.links = self.owed = 0
        self.turn = self.parent
        self.phase = TURN
        self.mover = self.parent
        self._close_state()
        self.result: Result | None = None
        self._shared_piles = self._shared_rng = False
        if deal:
            self.deal()

    @classmethod
    def for_rules(cls, rules: RuleSet, seed: int | None = 0) -> AppSim:
        """A fresh match of `rules` (an `AppRules`), as `Game(rules, seed)`."""
        if rules.preset != "app":
            raise ValueError(f"the app sim plays the app preset, not {rules.preset}")
        return cls(
            rules.players,
            seed,
            starting_points=rules.starting_points,  # type: ignore[attr-defined]
            first_parent=rules.first_parent,
        )

    def _tables(self) -> None:
        """Turn order and each window's polling order, from the seating and the direction (the
        engine's next_seat and _polling)."""
        order, n, d = self.seating, self.n, self.direction
        place = {seat: i for i, seat in enumerate(order)}
        self.nxt = tuple(order[(place[s] + d) % n] for s in range(n))
        self.poll = tuple(tuple(order[(place[s] + d * k) % n] for k in range(1, n + 1)) for s in range(n))

    def _close_state(self) -> None:
        self.wplacer = -1  # the open window's placer; -1: no window
        self.wcard = 0
        self.pending: list[int] = []
        self.calls: list[int] = []
        self.wstop = False
        self.wfreeze = False

    # ------------------------------------------------------------------ rounds

    def deal(self) -> None:
        """Deal a round from the game's generator, as `Game.start_round` does."""
        self.round_no += 1
        order = list(range(DECK))
        self._own_rng()
        shuffle(self.rng, order)
        n = self.n
        place = self.seating.index(self.parent)
        dealt = [self.seating[(place + k) % n] for k in range(n)]
        hands = [0] * n
        pos = 0
        for _ in range(HAND_SIZE):
            for seat in dealt:
                hands[seat] |= BIT[order[pos]]
                pos += 1
        self.hands = hands
        self.sizes = [HAND_SIZE] * n
        self.callv = [hand_value(h) for h in hands]
        field = order[pos]
        self.discard = [field]
        stock = order[pos + 1 :]
        stock.reverse()
        self.stock = stock
        self._shared_piles = False
        self.field = field
        self.named = -1
        self.allowed = SUIT_MASK[SUIT[field]] | RANK_MASK[RANK[field]]
        if self.direction != 1:
            self.direction = 1
            self._tables()
        self.turn = self.mover = self.parent
        self.links = self.owed = 0
        self._close_state()
        self.phase = TURN
        self.result = None

    def next_round(self) -> None:
        """The referee's action between rounds: deal the next round, or start a new match (scores
        reset, the first parent leads) when this one is over. Counted as an action, as the engine's."""
        self.actions += 1
        if self.log is not None:
            self.log.append((REFEREE, NEXT_ROUND if self.phase == ROUND_OVER else NEW_MATCH))
        if self.phase == MATCH_OVER:
            self.match_no += 1
            self.round_no = 0
            self.scores = [self.start_points] * self.n
            self.parent = self.first_parent
        self.deal()

    @property
    def over(self) -> bool:
        """The round is over (scored); `next_round` deals on."""
        return self.phase >= ROUND_OVER

    # ------------------------------------------------------------------ copies

    def clone(self, seed: int | None = None) -> AppSim:
        """A copy to simulate on. The stock, the field pile and the generator are shared until either
        copy changes them. `seed` None: the copy's generator goes on as the original's would (its
        reshuffles are the original's); a seed gives it its own, as `Game.clone(seed)`."""
        twin = AppSim.__new__(AppSim)
        twin.n = self.n
        twin.start_points = self.start_points
        twin.first_parent = self.first_parent
        twin.actions = 0
        twin.log = None
        twin.scores = self.scores[:]
        twin.match_no = self.match_no
        twin.round_no = self.round_no
        twin.parent = self.parent
        twin.seating = self.seating
        twin.direction = self.direction
        twin.nxt = self.nxt
        twin.poll = self.poll
        twin.hands = self.hands[:]
        twin.sizes = self.sizes[:]
        twin.callv = self.callv[:]
        twin.stock = self.stock
        twin.discard = self.discard
        twin._shared_piles = self._shared_piles = True
        if seed is None:
            twin.rng = self.rng
            twin._shared_rng = self._shared_rng = True
        else:
            twin.rng = random.Random(seed)
            twin._shared_rng = False
        twin.field = self.field
        twin.named = self.named
        twin.allowed = self.allowed
        twin.links = self.links
        twin.owed = self.owed
        twin.turn = self.turn
        twin.phase = self.phase
        twin.mover = self.mover
        twin.wplacer = self.wplacer
        twin.wcard = self.wcard
        twin.pending = self.pending[:]
        twin.calls = self.calls[:]
        twin.wstop = self.wstop
        twin.wfreeze = self.wfreeze
        twin.result = self.result
        return twin

    def _own_piles(self) -> None:
        self.stock = self.stock[:]
        self.discard = self.discard[:]
        self._shared_piles = False

    def _own_rng(self) -> None:
        if self._shared_rng:
            rng = random.Random()
            rng.setstate(self.rng.getstate())
            self.rng = rng
            self._shared_rng = False

    # ------------------------------------------------------------------ the two questions

    def to_move(self) -> int:
        """The seat the headless protocol asks next (`Game.sync_next`); REFEREE between rounds."""
        if self.wplacer >= 0 and self.pending:
            return self.pending[0]
        return self.turn if self.phase == TURN else REFEREE

    def can_call(self, seat: int) -> bool:
        """May `seat` call dobon on the open window's card (app §6: two cards or more adding up to it;
        the card's own player only as gaeshi)?"""
        return (
            self.wplacer >= 0
            and self.callv[seat] == RANK[self.wcard]
            and (seat != self.wplacer or bool(self.calls))
        )

    def legal(self, seat: int) -> list[int]:
        """The codes `seat` may play now, in the engine's order (`Game.sync_actions`)."""
        if self.wplacer >= 0 and seat in self.pending:
            return [PASS, DOBON] if self.can_call(seat) else [PASS]
        if self.phase != TURN or seat != self.turn or (self.wplacer >= 0 and self.wfreeze):
            return []
        return self._turn_options(seat)

    def _turn_options(self, seat: int) -> list[int]:
        """The turn player's plays, hand in id order, then DRAW (app D7: unless nothing can be drawn
        and a card can be played)."""
        m = self.hands[seat] & (TWOS if self.links else self.allowed)
        out: list[int] = []
        if m:
            table = OPTIONS if self.sizes[seat] > 1 else OPTIONS_LAST
            while m:
                low = m & -m
                out += table[low.bit_length() - 1]
                m ^= low
            if len(self.stock) + len(self.discard) > 1:
                out.append(DRAW)
        else:
            out.append(DRAW)
        return out

    def decide(self) -> list[int]:
        """Apply the forced actions (a seat with a single choice) and return the choices of the next
        seat that has several (`mover`); [] once the round is over."""
        while True:
            if self.wplacer >= 0:
                pending = self.pending
                rank = RANK[self.wcard]
                callv = self.callv
                placer = self.wplacer
                for i, q in enumerate(pending):
                    if callv[q] == rank and (q != placer or self.calls):
                        if i:  # the seats before it had nothing to call: they passed
                            if self.log is not None:
                                self.log.extend((s, PASS) for s in pending[:i])
                            self.actions += i
                            del pending[:i]
                        self.mover = q
                        return [PASS, DOBON]
                if self.log is not None:
                    self.log.extend((s, PASS) for s in pending)
                self.actions += len(pending)
                pending.clear()
                self._close_window()
            if self.phase != TURN:
                return []
            seat = self.turn
            options = self._turn_options(seat)
            if len(options) > 1:
                self.mover = seat
                return options
            self.apply(seat, options[0])

    def apply(self, seat: int, code: int) -> None:
        """Apply one of `legal(seat)` (legality is not checked again: ask `legal`)."""
        self.actions += 1
        if self.log is not None:
            self.log.append((seat, code))
        if code == PASS:
            self.pending.remove(seat)
            if not self.pending:
                self._close_window()
        elif code == DOBON:
            # app D8/D17: a call freezes turn actions; everyone who has not called is asked again
            calls = self.calls
            calls.append(seat)
            self.wfreeze = True
            self.phase = REACTION
            self.pending = pending = [s for s in self.poll[self.wplacer] if s not in calls]
            if not pending:
                self._close_window()
        else:
            if self.wplacer >= 0:  # the turn player's action closes a window that does not freeze
                self._close_window()
            if code == DRAW:
                self._draw_turn(seat)
            else:
                self._play(seat, code)

    # ------------------------------------------------------------------ turn actions

    def _play(self, seat: int, code: int) -> None:
        card = code if code < PLAY8 else (code - PLAY8) // 4 * RANKS + EIGHT - 1
        rank = RANK[card]
        hand = self.hands[seat] ^ BIT[card]
        self.hands[seat] = hand
        size = self.sizes[seat] - 1
        self.sizes[seat] = size
        if self._shared_piles:
            self._own_piles()
        self.discard.append(card)
        self.field = card
        self.wplacer = seat
        self.wcard = card
        self.calls = []
        self.pending = list(self.poll[seat][:-1])
        if not size:  # a stop: the window decides; app D19: the card has no effect
            self.callv[seat] = -1
            self.wstop = True
            self.wfreeze = True
            self.phase = REACTION
            return
        self.callv[seat] = hand_value(hand) if size > 1 else -1
        self.wstop = False
        self.wfreeze = False  # app D8: open until the next player acts
        if code >= PLAY8:
            named = (code - PLAY8) & 3
            self.named = named
            self.allowed = SUIT_MASK[named] | RANK_MASK[EIGHT]
        else:
            self.named = -1
            self.allowed = SUIT_MASK[SUIT[card]] | RANK_MASK[rank]
            if rank == TWO:
                self.links += 1
                self.owed = 2 * self.links
        self.turn = self.nxt[seat]

    def _draw_turn(self, seat: int) -> None:
        if self.links:  # app D6: the penalty is the whole turn and ends the chain
            count = self.owed
            self.links = self.owed = 0
        else:
            count = 1
        if self._shared_piles:
            self._own_piles()
        stock = self.stock
        hand = self.hands[seat]
        got = 0
        for _ in range(count):
            if not stock:
                if len(self.discard) < 2:  # app D7: nothing left to draw
                    break
                self._reshuffle()
                stock = self.stock
            hand |= BIT[stock.pop()]
            got += 1
        if got:
            self.hands[seat] = hand
            size = self.sizes[seat] + got
            self.sizes[seat] = size
            self.callv[seat] = hand_value(hand) if size > 1 else -1
        self.turn = self.nxt[seat]

    def _reshuffle(self) -> None:
        """app §3.4: the field pile under the field card, shuffled, becomes the stock."""
        old = self.discard[:-1]
        del self.discard[:-1]
        self._own_rng()
        shuffle(self.rng, old)
        self.stock = old

    # ------------------------------------------------------------------ windows and scores

    def _close_window(self) -> None:
        placer = self.wplacer
        if self.phase == REACTION:
            self.phase = TURN
        self.wplacer = -1
        self.pending = []
        if self.calls:
            self._score_dobon(placer)
        elif self.wstop:
            self._score_stop(placer)

    def _score_stop(self, winner: int) -> None:
        """app §5: every other seat pays the stopper its hand's points times its 2s factor."""
        n = self.n
        deltas = [0] * n
        losers = []
        for seat in range(n):
            if seat == winner:
                continue
            losers.append(seat)
            hand = self.hands[seat]
            pay = hand_value(hand, SCORE13) * FACTOR[(hand & TWOS).bit_count()]
            deltas[seat] -= pay
            deltas[winner] += pay
        self._end("stop", winner, tuple(losers), deltas)

    def _score_dobon(self, placer: int) -> None:
        """app §4.5, §5: the last caller wins from the caller before (or the card's player), on both
        hands and the card, times the 2s factor, times 2 per call (D13)."""
        calls = self.calls
        winner = calls[-1]
        loser = calls[-2] if len(calls) > 1 else placer
        cards = self.hands[winner] | self.hands[loser] | BIT[self.wcard]
        pay = hand_value(cards, SCORE13) * FACTOR[(cards & TWOS).bit_count()] << len(calls)
        deltas = [0] * self.n
        deltas[winner] = pay
        deltas[loser] = -pay
        self._end("dobon", winner, (loser,), deltas)

    def _end(self, ending: str, winner: int, losers: tuple[int, ...], deltas: list[int]) -> None:
        scores = self.scores
        for seat, delta in enumerate(deltas):
            scores[seat] += delta
        self.result = Result(ending, (winner,), losers, tuple(deltas))
        self.parent = winner
        self.phase = MATCH_OVER if min(scores) < 0 else ROUND_OVER

    # ------------------------------------------------------------------ the engine's terms

    def action(self, seat: int, code: int) -> Action:
        """The engine's action for `code` played by `seat` now (a DOBON names the open window's card)."""
        cards = _DECK.cards
        if code < PLAY8:
            return Action(seat, Kind.PLAY, _DECK.alone[code])
        if code < DRAW:
            return Action(seat, Kind.PLAY, _DECK.alone[card_of(code)], Suit((code - PLAY8) & 3))
        if code == DOBON:
            return Action(seat, Kind.DOBON, (cards[self.wcard],))
        return _SIMPLE[code](seat)

    @staticmethod
    def code(action: Action) -> int:
        """The code of an engine action of this preset; ValueError for one it has no code for."""
        kind = action.kind
        if kind is Kind.PLAY and len(action.cards) == 1:
            card = action.cards[0].id
            if action.suit is None:
                return card
            if RANK[card] == EIGHT:
                return PLAY8 + 4 * SUIT[card] + int(action.suit)
        elif kind is Kind.DOBON and len(action.cards) == 1:
            return DOBON
        elif kind in _KINDS:
            return _KINDS[kind]
        raise ValueError(f"no app sim code for {action}")

    @classmethod
    def from_game(cls, game: Game, seed: int | None = None) -> AppSim:
        """The sim of an engine game of the `app` preset, at any moment (a window open, a round over):
        the start of a search from a real or a sampled position (game.seats.determinize). `seed` None:
        the sim's generator is a copy of the game's (its reshuffles and deals are the game's own);
        a seed gives it its own, as `Game.clone(seed)`."""
        rules = game.rules
        if rules.preset != "app":
            raise ValueError(f"the app sim plays the app preset, not {rules.preset}")
        sim = cls(
            game.n,
            seed,
            starting_points=rules.starting_points,  # type: ignore[attr-defined]
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
        sim.hands = [mask_of(c.id for c in hand) for hand in game.hands]
        sim.sizes = [len(hand) for hand in game.hands]
        sim.callv = [hand_value(h) if len(game.hands[s]) > 1 else -1 for s, h in enumerate(sim.hands)]
        sim.stock = [c.id for c in game.stock]
        sim.discard = [c.id for c in game.discard]
        field = sim.discard[-1] if sim.discard else 0
        sim.field = field
        sim.named = -1 if game.field_suit is None else int(game.field_suit)
        suit = sim.named if sim.named >= 0 else SUIT[field]
        sim.allowed = SUIT_MASK[suit] | RANK_MASK[RANK[field]]
        sim.links, sim.owed = game.chain_links, game.chain_cards
        sim.turn = game.turn
        sim.phase = PHASES.index(game.phase.value)
        window = game.window
        if window is not None:
            if window.placer < 0 or window.queued is not None or len(window.cards) != 1:
                raise ValueError("an app window is on one card a seat played, with nothing queued")
            sim.wplacer = window.placer
            sim.wcard = window.cards[0].id
            sim.pending = list(window.pending)
            sim.calls = [a.seat for a in window.calls]
            sim.wstop = window.stop
            sim.wfreeze = window.freezes_turn
        result = game.result
        if result is not None and sim.phase >= ROUND_OVER:
            sim.result = Result(result.ending.value, result.winners, result.losers, result.deltas)
        seat = sim.to_move()
        sim.mover = seat if seat >= 0 else sim.turn
        return sim

    def key(self) -> tuple:
        """Everything the rules read, as plain values: two sims (or a sim and `engine_key(game)`) are
        in the same position exactly when their keys are equal."""
        window = None
        if self.wplacer >= 0:
            window = (
                self.wplacer,
                self.wcard,
                tuple(self.pending),
                tuple(self.calls),
                self.wfreeze,
                self.wstop,
            )
        return (
            tuple(tuple(ids_of(h)) for h in self.hands),
            tuple(self.stock),
            tuple(self.discard),
            self.named,
            self.direction,
            self.seating,
            self.turn,
            self.links,
            self.owed,
            PHASES[self.phase],
            window,
            tuple(self.scores),
            self.match_no,
            self.round_no,
            self.parent,
        )


def engine_key(game: Game) -> tuple:
    """`AppSim.key` of an engine game (for tests and checks: the sim and the engine side by side)."""
    w = game.window
    window = None
    if w is not None:
        window = (
            w.placer,
            w.cards[0].id,
            tuple(w.pending),
            tuple(a.seat for a in w.calls),
            w.freezes_turn,
            w.stop,
        )
    return (
        tuple(tuple(c.id for c in h) for h in game.hands),
        tuple(c.id for c in game.stock),
        tuple(c.id for c in game.discard),
        -1 if game.field_suit is None else int(game.field_suit),
        game.direction,
        tuple(game.seating),
        game.turn,
        game.chain_links,
        game.chain_cards,
        game.phase.value,
        window,
        tuple(game.scores),
        game.match_no,
        game.round_no,
        game.parent,
    )


_DECK = deck("52")
_KINDS = {Kind.DRAW: DRAW, Kind.PASS: PASS, Kind.NEXT_ROUND: NEXT_ROUND, Kind.NEW_MATCH: NEW_MATCH}
_SIMPLE = {
    DRAW: lambda seat: Action(seat, Kind.DRAW),
    PASS: lambda seat: Action(seat, Kind.PASS),
    NEXT_ROUND: lambda seat: Action(REFEREE, Kind.NEXT_ROUND),
    NEW_MATCH: lambda seat: Action(REFEREE, Kind.NEW_MATCH),
}
