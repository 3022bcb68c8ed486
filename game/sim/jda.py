"""The `jda` preset as a simulation core (spec: shared/rules/jda.md; engine: game.rules.jda).

`JdaSim` plays the engine's `jda` games in the headless order: before the turn player acts, every other
seat with a chance (a placement of the field card's number, or a dobon) is asked clockwise from the
turn player and answers with it or lets the moment go; then the turn player plays a run of one number
(the last card on top), takes, or calls. A dobon lays the hand down with a chosen top card and opens a
window on it for dobon-gaeshi, polling every live hand; a gaeshi opens the next. The stock is rebuilt the
moment it empties (JD22), or the game ends in exhaustion. Deal sizes, laps, the seat draws (at a match's
start, after a lap, and among tied losers: each a shuffle of the game's generator) and the next dealer
follow the engine. Real-time rules (the clock, the 3-second gaeshi rule, simultaneity) are not modelled:
the headless order has none.

Layout as game.sim.app (docs/sim.md), 52 ids. A play is its cards packed six bits each, the first card
plain and each further one plus one (`pack`), so a single card's code is its id; then DRAW (a take),
PASS (the core's pass in a window, or letting the moment go), THROW (the flagged pass: a throw-in),
`DOBON + top card`, and the referee's NEXT_ROUND and NEW_MATCH in logs.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from itertools import permutations
from typing import TYPE_CHECKING

from ..actions import REFEREE, Action, Kind
from ..cards import deck
from .app import MATCH_OVER, PHASES, REACTION, ROUND_OVER, TURN, hand_value
from .cards import BIT, DECK, RANK, RANK_MASK, SUIT, SUIT_MASK, ids_of, mask_of
from .result import Result
from .rng import shuffle
from .slots import copier

if TYPE_CHECKING:
    from ..engine import Game
    from ..rules.jda import JdaRules

TWO = 2
FIRST_DEAL, MAX_DEAL, STEP = 4, 12, 2

DRAW = 1 << 24
PASS = DRAW + 1
THROW = DRAW + 2
DOBON = DRAW + 3  # + the top card's id
NEXT_ROUND = DOBON + DECK
NEW_MATCH = NEXT_ROUND + 1


def pack(cards: Iterable[int]) -> int:
    """A play's code: its cards in order, six bits each (the first plain, the others plus one)."""
    code, shift = 0, 0
    for i, card in enumerate(cards):
        code |= (card + (1 if i else 0)) << shift
        shift += 6
    return code


def unpack(code: int) -> tuple[int, ...]:
    cards = [code & 63]
    code >>= 6
    while code:
        cards.append((code & 63) - 1)
        code >>= 6
    return tuple(cards)


def strength(card: int) -> tuple[int, int]:
    """The seat draw's order (§1): A > K > ... > 2, then ♠ > ♥ > ♦ > ♣."""
    return (14 if RANK[card] == 1 else RANK[card], 3 - SUIT[card])


def steps(deal: int, lap: int) -> int:
    return lap * 5 + (deal - FIRST_DEAL) // STEP


class JdaSim:
    """One `jda` table in simulation: a game under way, the match, the game's generator."""

    __slots__ = (
        "actions",
        "after",
        "calls",
        "deal_sizes",
        "discard",
        "dobons",
        "first_parent",
        "games",
        "games_played",
        "hands",
        "laid",
        "lap",
        "let_go",
        "links",
        "log",
        "match_no",
        "mover",
        "multi_loser_dealer",
        "n",
        "next_dealer",
        "owed",
        "parent",
        "pending",
        "phase",
        "place",
        "placer",
        "reseat",
        "reseat_on_lap",
        "result",
        "rng",
        "rng_seed",
        "rng_state",
        "round_no",
        "scores",
        "seat_draw",
        "seating",
        "sizes",
        "stock",
        "thrown",
        "tot",
        "turn",
        "wplacer",
        "wtop",
    )

    FALSE_CALL = -1  # a jda dobon that does not add up is refused, never offered

    def __init__(self, rules: JdaRules, seed: int | None = 0, *, deal: bool = True):
        """A fresh match, as `Game(rules, seed)`."""
        self.n = n = rules.players
        self.seat_draw = rules.seat_draw
        self.multi_loser_dealer = rules.multi_loser_dealer
        self.reseat_on_lap = rules.reseat_on_lap
        if not rules.games or rules.time_limit_min:
            raise ValueError("the jda sim plays matches of a number of games, with no clock")
        self.games = rules.games
        self.first_parent = rules.first_parent
        self.rng: random.Random | None = random.Random(seed)
        self.rng_seed: int | None = None  # a generator not made yet: made from this seed,
        self.rng_state: tuple | None = None  # or else in this state (`generator`)
        self.actions = 0
        self.log: list[tuple[int, int]] | None = None
        self.scores = [0] * n
        self.match_no = 1
        self.round_no = 0
        self.parent = rules.first_parent
        self.seating: tuple[int, ...] = tuple(range(n))
        self.place = list(range(n))
        self._seat_tables(self.seating)
        self._match()
        self.hands = [0] * n
        self.sizes = [0] * n
        self.tot = [0] * n  # each hand's dobon total (JD4), kept as the hand changes
        self.laid: list[tuple[int, ...]] = [()] * n
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
    def for_rules(cls, rules: JdaRules, seed: int | None = 0) -> JdaSim:
        if rules.preset != "jda":
            raise ValueError(f"the jda sim plays the jda preset, not {rules.preset}")
        return cls(rules, seed)

    def _match(self) -> None:
        self.deal_sizes = [FIRST_DEAL] * self.n
        self.lap = [0] * self.n
        self.games_played = 0
        self.reseat = 0

    def _reset_round(self) -> None:
        self.placer = REFEREE  # who placed the field card (REFEREE: the initial card, JD14)
        self.dobons: list[tuple[int, int]] = []  # (caller, top card)
        self.thrown: list[int] = []
        self.let_go: list[int] = []
        self.next_dealer = -1
        self.wplacer = -1  # the gaeshi window's caller; -1: no window
        self.wtop = 0
        self.pending: list[int] = []
        self.calls: list[int] = []

    def _seat_tables(self, seating: tuple[int, ...]) -> None:
        """The seating, each seat's place in it, and the seats clockwise after each seat (the order the
        headless protocol asks them in, made once per seating: it is asked before every action)."""
        self.seating = seating
        n = self.n
        for place, seat in enumerate(seating):
            self.place[seat] = place
        self.after = tuple(tuple(seating[(self.place[s] + k) % n] for k in range(1, n)) for s in range(n))

    def _next(self, seat: int, steps_: int = 1) -> int:
        return self.seating[(self.place[seat] + steps_) % self.n]

    def _draw_seats(self, seats: list[int]) -> list[int]:
        """§1: each seat draws from a shuffled deck (the game's generator): the seats, strongest first."""
        pool = list(range(DECK))
        shuffle(self.generator(), pool)
        draws = dict(zip(seats, pool, strict=False))
        return sorted(draws, key=lambda seat: strength(draws[seat]), reverse=True)

    # ------------------------------------------------------------------ games

    def deal(self) -> None:
        """`Game.start_round`: the deal's shuffle, then any seat draw, then the deal by deal sizes."""
        order = list(range(DECK))
        shuffle(self.generator(), order)
        self.round_no += 1
        n = self.n
        if self.round_no == 1:
            self.reseat = 0
            if self.seat_draw:
                drawn = self._draw_seats(list(range(n)))
                self.parent = drawn[0]
                self._seat_tables(tuple(drawn))
            else:
                self.parent = self.first_parent
                self._seat_tables(tuple(range(n)))
        elif self.reseat:
            self.reseat = 0
            self._seat_tables(tuple(self._draw_seats(list(range(n)))))
        sizes = self.deal_sizes
        hands = [0] * n
        pos = 0
        for lap in range(max(sizes)):
            for k in range(n):
                seat = self.seating[(self.place[self.parent] + k) % n]
                if lap < sizes[seat]:
                    hands[seat] |= BIT[order[pos]]
                    pos += 1
        self.hands = hands
        self.sizes = list(sizes)
        self.tot = [hand_value(h) for h in hands]
        self.laid = [()] * n
        self.discard = [order[pos]]
        stock = order[pos + 1 :]
        stock.reverse()
        self.stock = stock
        self.turn = self.mover = self.parent
        self._reset_round()
        self.phase = TURN
        self.result = None
        self.links = self.owed = 0
        if RANK[self.discard[0]] == TWO:  # §3.2: an initial 2
            self.links, self.owed = 1, 2

    def next_round(self) -> None:
        self.actions += 1
        if self.log is not None:
            self.log.append((REFEREE, NEXT_ROUND if self.phase == ROUND_OVER else NEW_MATCH))
        if self.phase == MATCH_OVER:
            self.match_no += 1
            self.round_no = 0
            self.scores = [0] * self.n
            self.parent = self.first_parent
            self._match()
        self.deal()

    @property
    def over(self) -> bool:
        return self.phase >= ROUND_OVER

    def clone(self, seed: int | None = None) -> JdaSim:
        """A copy to simulate on (its lists copied: they are short)."""
        twin = JdaSim.__new__(JdaSim)
        _copy(self, twin)
        twin.actions = 0
        twin.log = None
        if seed is not None:  # seeded when first asked: a rollout seldom shuffles (see `generator`)
            twin.rng, twin.rng_seed, twin.rng_state = None, seed, None
        elif self.rng is not None:  # the same state, set when first asked
            twin.rng, twin.rng_seed, twin.rng_state = None, None, self.rng.getstate()
        return twin

    def generator(self) -> random.Random:
        """The core's generator, made from a clone's seed on first use: a search clones a core for
        every option of every world (thousands a decision), and seeding a generator costs about what
        a few simulated actions do, while a rollout cut off at its horizon seldom needs one."""
        rng = self.rng
        if rng is None:
            if self.rng_state is not None:
                rng = self.rng = random.Random(0)
                rng.setstate(self.rng_state)
            else:
                rng = self.rng = random.Random(self.rng_seed)
        return rng

    # ------------------------------------------------------------------ who is asked, and what

    def to_move(self) -> int:
        """`Game.sync_next`: the window's seats; else every other seat with a chance, clockwise from
        the turn player, that has not let this moment go; else the turn player."""
        if self.wplacer >= 0:
            return self.pending[0]
        if self.phase != TURN:
            return REFEREE
        rank = RANK[self.discard[-1]]
        ranks = RANK_MASK[rank]
        hands, tot, sizes = self.hands, self.tot, self.sizes
        for seat in self.after[self.turn]:
            if (tot[seat] == rank or (hands[seat] & ranks and sizes[seat] > 1)) and seat not in self.let_go:
                return seat
        return self.turn

    def _sequences(self, seat: int, firsts: int) -> list[int]:
        """JD6: a legal first card, then any other cards of its number in any order, leaving a card."""
        hand = self.hands[seat]
        room = self.sizes[seat] - 1
        out: list[int] = []
        if room < 1:
            return out
        while firsts:
            low = firsts & -firsts
            firsts ^= low
            first = low.bit_length() - 1
            others = hand & RANK_MASK[RANK[first]] & ~low
            if room < 2 or not others:  # the usual case: a single card
                out.append(first)
                continue
            key = (first, others, room)
            runs = _RUNS.get(key)
            if runs is None:  # few keys: a card, the others of its number, the room left
                same = ids_of(others)
                runs = _RUNS[key] = tuple(
                    pack((first, *rest))
                    for more in range(min(len(same), room - 1) + 1)
                    for rest in permutations(same, more)
                )
            out += runs
        return out

    def legal(self, seat: int) -> list[int]:
        """`Game.sync_actions(seat)`."""
        if self.wplacer >= 0:
            if seat not in self.pending:
                return []
            out = [PASS]
            if self.hands[seat] and self.tot[seat] == RANK[self.wtop]:
                out += [DOBON + c for c in ids_of(self.hands[seat])]
            out.append(THROW)
            return out
        if self.phase != TURN:
            return []
        hand = self.hands[seat]
        top = self.discard[-1]
        rank = RANK[top]
        out = []
        if seat == self.turn:
            firsts = hand & (RANK_MASK[TWO] if self.owed else SUIT_MASK[SUIT[top]] | RANK_MASK[rank])
            out = self._sequences(seat, firsts)
            out.append(DRAW)
        dobon = bool(hand) and self.tot[seat] == rank
        placing = seat != self.turn and bool(hand & RANK_MASK[rank])
        more: list[int] = []
        if placing:
            more = self._sequences(seat, hand & RANK_MASK[rank])
        if dobon:
            more += [DOBON + c for c in ids_of(hand)]
        if more and seat != self.turn and seat not in self.let_go:
            more.append(PASS)
        return out + more

    def decide(self) -> list[int]:
        while True:
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
            self._place(seat, unpack(code))
        elif code == DRAW:
            self._take(seat)
        elif code == PASS:
            if self.wplacer >= 0:
                self.pending.remove(seat)
                if not self.pending:
                    self._close_window()
            else:
                self.let_go.append(seat)
        elif code == THROW:  # JD13: the hand is given up for this chain
            self.pending.remove(seat)
            self.thrown.append(seat)
            if not self.pending:
                self._close_window()
        else:
            if self.wplacer >= 0:
                self.calls.append(seat)
            self._dobon(seat, code - DOBON)

    def _place(self, seat: int, cards: tuple[int, ...]) -> None:
        hand = self.hands[seat]
        for card in cards:
            hand ^= BIT[card]
        self.hands[seat] = hand
        self.sizes[seat] -= len(cards)
        self.tot[seat] -= RANK[cards[0]] * len(cards)
        self.discard.extend(cards)
        self.placer = seat
        self.let_go = []
        if RANK[cards[0]] == TWO:  # JD7: n counts every 2 placed
            self.links += len(cards)
            self.owed = 2**self.links
        self.turn = self._next(seat)

    def _take(self, seat: int) -> None:
        self.let_go = []
        owed = self.owed
        self._draw(seat, owed or 1)
        if self.phase != TURN:
            return  # exhaustion ended the game
        if owed:
            self.links = self.owed = 0
            self.turn = seat
        else:
            self.turn = self._next(seat)

    def _draw(self, seat: int, count: int) -> None:
        """`Game.draw` with the stock rebuilt at once (JD22); an empty stock that cannot be rebuilt
        ends the game (JD17)."""
        hand = self.hands[seat]
        got = 0
        for _ in range(count):
            if not self.stock:
                if len(self.discard) < 2:
                    break
                self._reshuffle()
            hand |= BIT[self.stock.pop()]
            got += 1
            if not self.stock and len(self.discard) > 1:
                self._reshuffle()
        self.hands[seat] = hand
        self.sizes[seat] += got
        self.tot[seat] = hand_value(hand)
        if not self.stock and self.phase == TURN:
            most = max(self.sizes)
            self._finish("exhaustion", (), tuple(s for s in range(self.n) if self.sizes[s] == most))

    def _reshuffle(self) -> None:
        old = self.discard[:-1]
        del self.discard[:-1]
        shuffle(self.generator(), old)
        self.stock = old + self.stock

    def _dobon(self, seat: int, top: int) -> None:
        """JD12: the hand goes down, `top` on top; a window on it polls every live hand (JD13)."""
        cards = [c for c in ids_of(self.hands[seat]) if c != top]
        self.laid[seat] = (*self.laid[seat], *cards, top)
        self.hands[seat] = 0
        self.sizes[seat] = 0
        self.tot[seat] = 0
        self.dobons.append((seat, top))
        self.let_go = []
        live = [s for s in range(self.n) if self.hands[s] and s not in self.thrown]
        if not live:  # nobody left to answer
            self.wplacer = -1
            self.pending = []
            self.phase = TURN
            self._result()
            return
        self.wplacer = seat
        self.wtop = top
        self.calls = []
        self.pending = [s for s in self._polling(seat) if s in live]
        self.phase = REACTION

    def _polling(self, placer: int) -> list[int]:
        return [self._next(placer, k) for k in range(1, self.n + 1)]

    def _close_window(self) -> None:
        self.wplacer = -1
        self.pending = []
        self.phase = TURN
        self._result()

    def _result(self) -> None:
        """§4.3: the last caller wins from the seat it hit; on the initial card it beats everyone
        (JD14); on one's own card it loses, with no winner (JD15)."""
        last = self.dobons[-1][0]
        hit = self.dobons[-2][0] if len(self.dobons) > 1 else self.placer
        ending = "gaeshi" if len(self.dobons) > 1 else "dobon"
        if hit == REFEREE:
            self._finish(ending, (last,), tuple(s for s in range(self.n) if s != last))
        elif hit == last:
            self._finish(ending, (), (last,))
        else:
            self._finish(ending, (last,), (hit,))

    def _finish(self, ending: str, winners: tuple[int, ...], losers: tuple[int, ...]) -> None:
        """§5: deal sizes and laps move; the score change is the steps each seat moved; the next
        dealer (JD19)."""
        deal, lap, n = self.deal_sizes, self.lap, self.n
        before = [steps(deal[s], lap[s]) for s in range(n)]
        old_laps = list(lap)
        for seat in winners:
            deal[seat] = max(FIRST_DEAL, deal[seat] - STEP)
        for seat in losers:
            if deal[seat] >= MAX_DEAL:
                deal[seat] = FIRST_DEAL
                lap[seat] += 1
            else:
                deal[seat] += STEP
        if lap != old_laps and self.reseat_on_lap:
            self.reseat = 1
        self.games_played += 1
        deltas = tuple(steps(deal[s], lap[s]) - before[s] for s in range(n))
        self.next_dealer = self._next_dealer(losers)
        for seat, delta in enumerate(deltas):
            self.scores[seat] += delta
        self.result = Result(ending, winners, losers, deltas)
        self.wplacer = -1
        self.parent = self.next_dealer
        self.phase = MATCH_OVER if self.games_played >= self.games else ROUND_OVER

    def _next_dealer(self, losers: tuple[int, ...]) -> int:
        if len(losers) == 1:
            return losers[0]
        if not self.multi_loser_dealer:
            clockwise = (self.seating[(self.place[self.parent] + k) % self.n] for k in range(self.n))
            return next(seat for seat in clockwise if seat in losers)
        worst = max((self.lap[s], self.deal_sizes[s]) for s in losers)
        tied = [s for s in losers if (self.lap[s], self.deal_sizes[s]) == worst]
        if len(tied) == 1:
            return tied[0]
        return self._draw_seats(tied)[0]

    # ------------------------------------------------------------------ the engine's terms

    def action(self, seat: int, code: int) -> Action:
        cards = _DECK.cards
        if code < DRAW:
            return Action(seat, Kind.PLAY, tuple(cards[c] for c in unpack(code)))
        if code == DRAW:
            return Action(seat, Kind.DRAW)
        if code == PASS:
            return Action(seat, Kind.PASS)
        if code == THROW:
            return Action(seat, Kind.PASS, flag=True)
        if code == NEXT_ROUND:
            return Action(REFEREE, Kind.NEXT_ROUND)
        if code == NEW_MATCH:
            return Action(REFEREE, Kind.NEW_MATCH)
        return Action(seat, Kind.DOBON, (cards[code - DOBON],))

    @staticmethod
    def code(action: Action) -> int:
        kind = action.kind
        if kind is Kind.PLAY and action.cards:
            return pack(c.id for c in action.cards)
        if kind is Kind.DOBON and len(action.cards) == 1:
            return DOBON + action.cards[0].id
        if kind is Kind.PASS:
            return THROW if action.flag else PASS
        simple = {Kind.DRAW: DRAW, Kind.NEXT_ROUND: NEXT_ROUND, Kind.NEW_MATCH: NEW_MATCH}
        if kind in simple:
            return simple[kind]
        raise ValueError(f"no jda sim code for {action}")

    @classmethod
    def from_game(cls, game: Game, seed: int | None = None) -> JdaSim:
        """The sim of an engine game of the `jda` preset at any moment of the headless order."""
        if game.rules.preset != "jda":
            raise ValueError(f"the jda sim plays the jda preset, not {game.rules.preset}")
        sim = cls(game.rules, seed, deal=False)  # type: ignore[arg-type]
        if seed is None:  # the game's generator's state, set when first asked (the copies of a
            sim.rng, sim.rng_state = None, game.rng.getstate()  # search's template share it)
        sim.scores = list(game.scores)
        sim.match_no, sim.round_no, sim.parent = game.match_no, game.round_no, game.parent
        sim._seat_tables(tuple(game.seating))
        m = game.match_ext
        sim.deal_sizes, sim.lap = list(m.deal), list(m.lap)  # type: ignore[union-attr]
        sim.games_played, sim.reseat = m.games, m.reseat  # type: ignore[union-attr]
        sim.hands = [mask_of(c.id for c in hand) for hand in game.hands]
        sim.sizes = [len(hand) for hand in game.hands]
        sim.tot = [hand_value(h) for h in sim.hands]
        sim.laid = [tuple(c.id for c in pile) for pile in game.laid]
        sim.stock = [c.id for c in game.stock]
        sim.discard = [c.id for c in game.discard]
        sim.links, sim.owed = game.chain_links, game.chain_cards
        sim.turn = game.turn
        sim.phase = PHASES.index(game.phase.value)
        r = game.ext
        if r is not None:
            sim.placer = r.placer  # type: ignore[attr-defined]
            sim.dobons = [(s, top.id) for s, top in r.dobons]  # type: ignore[attr-defined]
            sim.thrown = list(r.thrown)  # type: ignore[attr-defined]
            sim.let_go = list(r.let_go)  # type: ignore[attr-defined]
            sim.next_dealer = -1 if r.next_dealer is None else r.next_dealer  # type: ignore[attr-defined]
        window = game.window
        if window is not None:
            sim.wplacer = window.placer
            sim.wtop = window.cards[0].id
            sim.pending = list(window.pending)
            sim.calls = [a.seat for a in window.calls]
        result = game.result
        if result is not None and sim.over:
            sim.result = Result(result.ending.value, result.winners, result.losers, result.deltas)
        seat = sim.to_move()
        sim.mover = seat if seat >= 0 else sim.turn
        return sim

    def key(self) -> tuple:
        window = None
        if self.wplacer >= 0:
            window = (self.wplacer, self.wtop, tuple(self.pending), tuple(self.calls))
        return (
            tuple(tuple(ids_of(h)) for h in self.hands),
            tuple(self.laid),
            tuple(self.stock),
            tuple(self.discard),
            self.seating,
            self.turn,
            self.links,
            self.owed,
            PHASES[self.phase],
            window,
            (self.placer, tuple(self.dobons), tuple(self.thrown), tuple(self.let_go), self.next_dealer),
            (tuple(self.deal_sizes), tuple(self.lap), self.games_played, self.reseat),
            tuple(self.scores),
            self.match_no,
            self.round_no,
            self.parent,
        )


def engine_key(game: Game) -> tuple:
    """`JdaSim.key` of an engine game of the jda preset."""
    w = game.window
    window = None
    if w is not None:
        window = (w.placer, w.cards[0].id, tuple(w.pending), tuple(a.seat for a in w.calls))
    r, m = game.ext, game.match_ext
    return (
        tuple(tuple(c.id for c in h) for h in game.hands),
        tuple(tuple(c.id for c in pile) for pile in game.laid),
        tuple(c.id for c in game.stock),
        tuple(c.id for c in game.discard),
        tuple(game.seating),
        game.turn,
        game.chain_links,
        game.chain_cards,
        game.phase.value,
        window,
        (
            r.placer,  # type: ignore[union-attr]
            tuple((s, top.id) for s, top in r.dobons),  # type: ignore[union-attr]
            tuple(r.thrown),  # type: ignore[union-attr]
            tuple(r.let_go),  # type: ignore[union-attr]
            -1 if r.next_dealer is None else r.next_dealer,  # type: ignore[union-attr]
        ),
        (tuple(m.deal), tuple(m.lap), m.games, m.reseat),  # type: ignore[union-attr]
        tuple(game.scores),
        game.match_no,
        game.round_no,
        game.parent,
    )


_DECK = deck("52")
_RUNS: dict[tuple[int, int, int], tuple[int, ...]] = {}  # _sequences' runs of one number, made once


_copy = copier(JdaSim.__slots__)  # clone's copy of every slot, compiled once
