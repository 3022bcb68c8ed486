"""The engine core: one table, any rulebook.

`Game` owns what every Dobon family shares: seats, turn order and direction, the stock, the field
(discard) pile and its reshuffles, draw chains, reaction windows, rounds and matches, the action log and
the event log. What differs between families is asked of the preset's `Rulebook`.

Two questions drive everything, for ANY seat at any moment (dobon is called out of turn):

* `legal_actions(seat)` — what may this seat do now?
* `apply(action)` — do it, or raise `IllegalAction` naming the rule, leaving the state untouched.

The first is the whole of legality: the rulebook's generators answer it by route (`_answer`), the
answer is kept for the moment, and `apply` refuses whatever it leaves out and applies the rest by the
route that offered it. Why an action is refused is asked afterwards, of `Rulebook.explain`, which
names the rule and decides nothing (game.explain).

Reaction windows. After every play a window opens on the played card(s), whether or not anybody could
call, so its existence leaks nothing. Every other seat is `pending` in it: it may call dobon (if the
rulebook says it can) or pass. The window closes when every pending seat has passed, when the referee
closes it (real time: its time ran out), or, where the preset lets the next player act during the window
(`freezes_turn` False), when the turn player takes a turn action. A call usually freezes turn actions
and re-polls the seats that have not called yet; the rulebook decides.

Headless (synchronous) order, used by `sim`, tests and the AI's simulations: `sync_next()` names the
seat to ask next. While a window has pending seats, that is the first of them, in turn order starting
after the placer; each answers DOBON or PASS (`sync_actions`). Only when the window has closed does the
turn player take a turn action. This is deterministic and gives every seat its chance on every card.

The event log. `Game.events` holds every event by default (sim, replays, reviews and statistics read a
whole game). A table that plays on for a long time (the LAN host) sets `forget_rounds`: when a new round
is dealt, the finished rounds' events are dropped. Indexes stay absolute: `event_count` is how many
events the game has ever emitted, `events_base` how many of them were dropped, `events_since(i)` the
events from absolute index `i` on. What the finished rounds add up to is kept as they end (`totals`:
rounds, matches, each seat's score change), and the action log, which is what replays, is always whole
(equal actions then share one object in it: `_log_entry`).
"""

from __future__ import annotations

import copy
import random
from bisect import insort
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from .actions import REFEREE, Action, Kind
from .cards import Card, Deck, Suit, deck
from .clues import Clue
from .errors import IllegalAction
from .events import (
    DirectionChanged,
    DrawChainChanged,
    Drew,
    Event,
    HandLaidDown,
    MatchEnded,
    Moved,
    Played,
    QueueDropped,
    Reshuffled,
    RoundDealt,
    RoundEnded,
    RoundResult,
    TimedOut,
    TimeUp,
    TurnChanged,
    TurnQueued,
    WindowClosed,
    WindowOpened,
)
from .explain import bare as _bare  # the action carries nothing but its seat and kind
from .phase import Phase
from .piles import FIELD, STOCK, Pile, Rebuild, Seen
from .refusals import Refusal
from .rules.base import MatchState, RoundState, Rulebook, RuleSet
from .scores import Score

_PASS, _DOBON, _PLAY, _DRAW = Kind.PASS, Kind.DOBON, Kind.PLAY, Kind.DRAW
# the routes an offered action takes (Game._route): an answer in the window, a turn action, the
# rulebook's other action, the table's own
_CALL, _TURN, _OTHER, _TABLE = 1, 2, 3, 4


@dataclass(slots=True)
class Position:
    """An exact position to start a round from (`Game.set_position`; files: game.scenario)."""

    piles: dict[str, list[Card]]  # by pile name, bottom to top; every card of the deck exactly once
    turn: int = 0
    direction: int = 1
    chain: tuple[int, int] = (0, 0)  # draw chain: attack cards stacked, cards the responder owes
    field_suit: Suit | None = None
    scores: Sequence[int] | None = None  # None: the preset's starting scores
    match_no: int = 1
    round_no: int = 1
    parent: int = 0
    match_state: MatchState | None = None  # None: a fresh match's
    skip_opening: bool = False  # skip the preset's opening (standard's auction): see Rulebook.skip_opening
    seating: Sequence[int] | None = None  # seats clockwise round the table; None keeps the current


@dataclass(slots=True)
class Window:
    """A reaction window on freshly played card(s)."""

    placer: int
    cards: tuple[Card, ...]
    pending: list[int]  # seats yet to answer, in polling order
    freezes_turn: bool
    calls: list[Action] = field(default_factory=list)  # DOBON actions, in order
    stop: bool = False  # the placer emptied their hand with this play
    queued: Action | None = None  # the next turn's action, sent ahead (Rulebook.queues_turn)
    # who put out each of `cards`, where several seats did (kabu's combined trump window: every
    # declarer's trumps in one window); () means every card is the placer's
    owners: tuple[int, ...] = ()

    def owner(self, index: int) -> int:
        """The seat that put out `cards[index]` (the placer unless `owners` says otherwise)."""
        return self.owners[index] if self.owners else self.placer

    def owned_by(self, seat: int) -> bool:
        """Whether `seat` put out any of the window's cards."""
        return seat in self.owners if self.owners else seat == self.placer


# Events are values: the commonest ones are made once and shared, so a long game's event log (a
# simulation keeps millions) holds far fewer objects for the garbage collector to walk.
_TURNS: dict[int, TurnChanged] = {}
_NOBODY_CALLED = WindowClosed(0)


_SHARED: dict[tuple, Event] = {}
_SHARED_MAX = 200_000
_LOGGED_MAX = 20_000  # distinct actions a forgetting game's log shares (Game.forget_rounds)


def _shared(kind: type, *fields: Any) -> Any:
    """The event `kind(*fields)`, made once: plays, draws and windows of one card repeat endlessly
    (their cards are the deck's shared one-card tuples, `Deck.alone`). Only one-card events are shared,
    so the store stays small (seats x cards x hand sizes), and it never grows past _SHARED_MAX."""
    key = (kind, *fields)
    event = _SHARED.get(key)
    if event is None:
        event = kind(*fields)
        if len(_SHARED) < _SHARED_MAX:
            _SHARED[key] = event
    return event


def _turn_changed(seat: int) -> TurnChanged:
    event = _TURNS.get(seat)
    if event is None:
        event = _TURNS[seat] = TurnChanged(seat)
    return event


@dataclass(frozen=True, slots=True)
class Totals:
    """What a game's finished rounds add up to, kept as each ends, so that a reader (the history record,
    the LAN host's round count) needs no event log of past rounds (`Game.forget_rounds`)."""

    rounds: int = 0  # rounds ended over the game's life, every match
    matches: int = 0  # matches ended
    deltas: tuple[int, ...] = ()  # each seat's score changes over those rounds, added up

    def after_round(self, result: RoundResult) -> Totals:
        deltas = tuple(a + b for a, b in zip(self.deltas, result.deltas, strict=True))
        return Totals(self.rounds + 1, self.matches, deltas)

    def after_match(self) -> Totals:
        return Totals(self.rounds, self.matches + 1, self.deltas)


@dataclass(frozen=True, slots=True)
class Outcome:
    """What became of one action applied together with others (Game.apply_together)."""

    action: Action
    events: list[Event]  # what it caused ([] when refused)
    refused: Refusal | None = None  # why it was not applied (another action went first)


class Game:
    """One table playing one preset: a sequence of rounds grouped into matches."""

    # slots: every attribute read on the hot path (legal_actions, apply) is a slot, not a dict lookup
    __slots__ = (
        "_ahead",
        "_answered",
        "_answers",
        "_close",
        "_draw_stops",
        "_extra_seen",
        "_history",
        "_logged",
        "_match_clock",
        "_moment",
        "_new_match",
        "_next_round",
        "_other_actions",
        "_pass",
        "_pass_only",
        "_place",
        "_plain_draw",
        "_plain_rebuild",
        "_poll_orders",
        "_seated_in_order",
        "_standings",
        "_timed",
        "actions",
        "book",
        "chain_cards",
        "chain_links",
        "clues",
        "deck",
        "direction",
        "discard",
        "events",
        "events_base",
        "ext",
        "extra",
        "field_suit",
        "forget_rounds",
        "hands",
        "laid",
        "match_ext",
        "match_no",
        "n",
        "parent",
        "phase",
        "public_options",
        "quiet",
        "result",
        "revealed",
        "rng",
        "round_no",
        "rules",
        "scores",
        "seating",
        "seed",
        "setup",
        "stock",
        "time_up",
        "totals",
        "turn",
        "window",
    )

    def __init__(self, rules: RuleSet, seed: int | None = 0, *, deal: bool = True):
        rules.validate()
        self.rules = rules
        self.book = rules.rulebook()
        self.public_options = rules.options()  # computed once; views get a read-only window on it
        self.n = rules.players
        self.deck: Deck = deck(rules.deck)
        self.seed = seed
        self.rng = random.Random(seed)
        self.actions: list[Action] = []
        self.events: list[Event] = []  # the events kept: from absolute index `events_base` on
        self.events_base = 0  # events dropped with their finished rounds (forget_rounds)
        self.forget_rounds = False  # drop finished rounds' events at each deal (a long-running table)
        self._logged: dict[Action, Action] = {}  # with forget_rounds: one logged object per distinct action
        self.totals = Totals(deltas=(0,) * rules.players)  # the finished rounds, added up
        self.quiet = False  # a simulation copy (AI search) keeps no event log
        self.setup: dict[str, Any] | None = None  # the scenario it started from (game.scenario), if any
        self.time_up = False  # the match's time limit has passed (Rulebook.match_time_ms)
        self._standings: tuple[Score, ...] | None = None  # standings() keeps its answer
        self.scores: list[int] = [self.book.starting_score(self)] * self.n
        self.match_no = 1
        self.round_no = 0
        self.parent = rules.first_parent
        # round state
        self.hands: list[list[Card]] = [[] for _ in range(self.n)]
        self.stock: list[Card] = []  # top of the stock is the END of the list
        self.discard: list[Card] = []  # the field card is discard[-1]
        self.field_suit: Suit | None = None  # the suit in force, where it differs from the card's own
        self.direction = 1
        self.turn = self.parent
        self.chain_links = 0  # draw chain: attack cards stacked so far
        self.chain_cards = 0  # draw chain: cards the responder owes
        self.window: Window | None = None
        self.phase = Phase.TURN
        self.revealed: dict[int, tuple[Card, ...]] = {}
        self.laid: list[list[Card]] = [[] for _ in range(self.n)]  # hands laid on the field, face up
        self.extra: dict[str, list[Card]] = {}  # the rulebook's own piles (Rulebook.extra_piles), by name
        self._extra_seen: dict[str, Seen] = {}
        self.clues: list[Clue] = []  # the round's public record of plays and draws (game.clues)
        self._history: tuple[list[Clue], tuple[Clue, ...]] | None = None  # history()'s last answer
        self.result: RoundResult | None = None
        self.ext: RoundState | None = None  # the rulebook's own round state
        self.match_ext: MatchState | None = None  # the rulebook's own match state (streaks, laps ...)
        self._ahead: tuple[tuple[int, int], Game | None] | None = None  # _probe()'s last answer
        self._pass = [Action(s, Kind.PASS) for s in range(self.n)]
        self._pass_only = [(a,) for a in self._pass]
        # legal_actions' answers for the present moment, by seat (_answer); the moment moves on with
        # every action and every change made from outside one (a deal, a position, a window)
        self._moment = 0
        self._answered = 0
        self._answers: dict[int, tuple[list[Action], int, int]] = {}
        self.seating: tuple[int, ...] = tuple(range(self.n))  # seats clockwise round the table
        self._seated_in_order = True
        self._place: list[int] = list(range(self.n))  # seat -> its place in `seating`
        self._poll_orders: dict[int, list[list[int]]] = {}
        self.set_seating(self.seating)
        self._other_actions = type(self.book).other_actions is not Rulebook.other_actions
        self._timed = type(self.book).time_limit_ms is not Rulebook.time_limit_ms
        self._draw_stops = type(self.book).draw_stops is not Rulebook.draw_stops
        self._match_clock = type(self.book).match_time_ms is not Rulebook.match_time_ms
        self._plain_rebuild = type(self.book).rebuild_from is Rulebook.rebuild_from
        self._plain_draw = self._plain_rebuild and self.book.rebuild is Rebuild.ON_DRAW
        self._next_round = Action(REFEREE, Kind.NEXT_ROUND)
        self._new_match = Action(REFEREE, Kind.NEW_MATCH)
        self._close = Action(REFEREE, Kind.CLOSE)
        self.book.bind(self)
        self.book.start_match(self)
        if deal:
            self.start_round()

    # ------------------------------------------------------------------ rounds and matches

    def start_round(
        self,
        deck_order: Sequence[Card | str] | None = None,
        first: int | None = None,
        scores: Sequence[int] | None = None,
    ) -> None:
        """Deal a round: shuffled from the seeded RNG, or from an explicit deck order.

        This is the public entry for scenario tests, tutorials and puzzles. `deck_order[0]` is the top
        of the deck. Cards are dealt one at a time, starting with the first player (`first`, default the
        parent) and going round in seat order, until every hand has its size; the next card is turned
        up as the field card, and the rest is the stock, top first. `deck_from_hands` builds such an
        order from the hands you want. `scores` sets the running totals (e.g. a match in progress).
        """
        if first is not None:
            if not 0 <= first < self.n:
                raise ValueError(f"first must be a seat, 0..{self.n - 1}")
            self.parent = first
        if scores is not None:
            if len(scores) != self.n:
                raise ValueError(f"scores needs one value per seat ({self.n})")
            self.scores = list(scores)
        if deck_order is None:
            order = list(self.deck.cards)
            self.rng.shuffle(order)
        else:
            order = [c if isinstance(c, Card) else self.deck.card(c) for c in deck_order]
            if len(set(map(id, order))) != len(order) or len(order) != len(self.deck):
                raise ValueError(f"deck_order must hold each of the {len(self.deck)} cards exactly once")
        self.round_no += 1
        self._standings = None
        self._moment += 1
        seating = self.book.seating(self)  # the rulebook may reseat the table between rounds (jda)
        if seating is not None:
            self.set_seating(seating)
        sizes = self.book.hand_sizes(self)
        reserve = self.book.deal_reserve(self)  # the field card, and any stock the deal must leave
        if sum(sizes) + reserve > len(order):  # the deck cannot cover the deal: the rulebook decides
            sizes = list(self.book.deal_short(self, list(sizes), len(order) - reserve))
            if sum(sizes) + 1 > len(order) or any(size < 0 for size in sizes):
                raise ValueError(f"deal_short gave sizes {sizes} for a deck of {len(order)}")
        self.hands = [[] for _ in range(self.n)]
        pos = 0
        for lap in range(max(sizes)):
            for k in range(self.n):
                seat = self.seat_after(self.parent, k)
                if lap < sizes[seat]:
                    self.hands[seat].append(order[pos])
                    pos += 1
        field_card = order[pos]
        self.discard = [field_card]
        self.stock = order[pos + 1 :]
        self.stock.reverse()
        for hand in self.hands:
            hand.sort()
        self.field_suit = None
        self.direction = 1
        self.turn = self.parent
        self.chain_links = 0
        self.chain_cards = 0
        self.window = None
        self.phase = Phase.TURN
        self.revealed = {}
        self.laid = [[] for _ in range(self.n)]
        specs = self.book.extra_piles(self)
        self.extra = {spec.name: [] for spec in specs}
        self._extra_seen = {spec.name: spec.seen for spec in specs}
        self.clues = []
        self.result = None
        self.ext = None
        self.emit(
            RoundDealt(
                self.match_no,
                self.round_no,
                self.parent,
                field_card,
                tuple(len(h) for h in self.hands),
                tuple(tuple(h) for h in self.hands),
                len(self.stock),
                tuple(self.scores),
                (),
                self.standings(),
                self._seating_shown(),
            )
        )
        self.book.start_round(self)
        if self.phase is Phase.TURN:
            self.emit(TurnChanged(self.turn))

    def deck_from_hands(
        self,
        hands: Sequence[Sequence[Card | str]],
        field_card: Card | str,
        stock: Sequence[Card | str] = (),
        first: int | None = None,
    ) -> list[Card]:
        """A deck order that deals exactly these hands and field card (see `start_round`).

        `stock` lists the top of the stock first; cards named nowhere go below it in deck order.
        Hands must have the sizes the preset deals.
        """
        first = self.parent if first is None else first
        get = self._card
        want = [[get(c) for c in h] for h in hands]
        sizes = self.book.hand_sizes(self)
        if len(want) != self.n or [len(h) for h in want] != sizes:
            raise ValueError(f"hands must have sizes {sizes}")
        order: list[Card] = []
        for lap in range(max(sizes)):
            for k in range(self.n):
                seat = self.seat_after(first, k)
                if lap < sizes[seat]:
                    order.append(want[seat][lap])
        order.append(get(field_card))
        order.extend(get(c) for c in stock)
        used = set(map(id, order))
        if len(used) != len(order):
            raise ValueError("a card is named twice")
        order.extend(c for c in self.deck.cards if id(c) not in used)
        return order

    def set_position(self, position: Position) -> None:
        """Start a round from an exact position instead of a deal: every pile's cards, whose turn, the
        direction, the pending chain, the suit in force, scores and match state (see game.scenario,
        which reads one from a file). The preset's opening (standard's auction) is played, or skipped
        by `Rulebook.skip_opening`. Emits RoundDealt, like a deal, so a table or a log starts from it."""
        if sorted(c.id for cards in position.piles.values() for c in cards) != list(range(len(self.deck))):
            raise ValueError("the piles must hold each card of the deck exactly once")
        if not position.piles.get(FIELD):
            raise ValueError("the field pile needs at least one card (the field card)")
        self.match_no, self.round_no = position.match_no, position.round_no
        self._standings = None
        self._moment += 1
        self.parent = position.parent
        if position.scores is not None:
            self.scores = list(position.scores)
        if position.match_state is not None:
            self.match_ext = copy.deepcopy(position.match_state)  # a position may start many games
        self.hands = [list(position.piles.get(f"hand/{s}", ())) for s in range(self.n)]
        self.laid = [list(position.piles.get(f"laid/{s}", ())) for s in range(self.n)]
        self.discard = list(position.piles[FIELD])
        self.stock = list(position.piles.get(STOCK, ()))
        specs = self.book.extra_piles(self)
        self.extra = {spec.name: list(position.piles.get(spec.name, ())) for spec in specs}
        self._extra_seen = {spec.name: spec.seen for spec in specs}
        unknown = set(position.piles) - set(self.piles())
        if unknown:
            raise ValueError(f"no pile {sorted(unknown)[0]!r} at this table")
        for hand in self.hands:
            hand.sort()
        if position.seating is not None:
            self.set_seating(position.seating)
        self.field_suit = position.field_suit
        self.direction = position.direction
        self.turn = position.turn
        self.chain_links, self.chain_cards = position.chain
        self.window = None
        self.phase = Phase.TURN
        self.revealed = {}
        self.clues = []
        self.result = None
        self.ext = None
        self.emit(
            RoundDealt(
                self.match_no,
                self.round_no,
                self.turn,
                self.discard[-1],
                tuple(len(h) for h in self.hands),
                tuple(tuple(h) for h in self.hands),
                len(self.stock),
                tuple(self.scores),
                tuple(self.discard[:-1]),
                self.standings(),
                self._seating_shown(),
            )
        )
        self.book.start_position(self)
        if position.skip_opening and self.phase is Phase.OPENING:
            self.book.skip_opening(self)  # starts the first turn itself
        elif self.phase is Phase.TURN:
            self.emit(TurnChanged(self.turn))

    def _seating_shown(self) -> tuple[int, ...]:
        """The seating as a deal announces it: () for seat-number order (the usual case)."""
        return () if self._seated_in_order else self.seating

    def end_round(self, result: RoundResult) -> None:
        """Called by the rulebook: apply the round's score changes and settle the match."""
        for seat, delta in enumerate(result.deltas):
            self.scores[seat] += delta
        self._standings = None
        self.result = result
        self.window = None
        self.phase = Phase.ROUND_OVER
        self.parent = self.book.next_parent(self, result)
        self.totals = self.totals.after_round(result)
        self.emit(
            RoundEnded(result, tuple(tuple(h) for h in self.hands), tuple(self.scores), self.standings())
        )
        if self.book.match_over(self):
            self.phase = Phase.MATCH_OVER
            self.totals = self.totals.after_match()
            self.emit(MatchEnded(tuple(self.scores), self.book.ranks(self), self.standings()))

    def standings(self) -> tuple[Score, ...]:
        """Every seat's score in the preset's own terms (see game.scores), for tables, logs and wire.
        Kept until the scores can change (a round's end, a deal, a new match), as every view has it:
        change scores and match state through the core (end_round, start_round, set_position)."""
        standings = self._standings
        if standings is None:
            standings = self._standings = tuple(self.book.score(self, seat) for seat in range(self.n))
        return standings

    def new_match(self) -> None:
        self._standings = None
        self.time_up = False
        self.match_no += 1
        self.round_no = 0
        self.scores = [self.book.starting_score(self)] * self.n
        self.parent = self.rules.first_parent
        self.book.start_match(self)
        self.start_round()

    # ------------------------------------------------------------------ shared mechanics for rulebooks

    def emit(self, event: Event) -> None:
        if not self.quiet:
            self.events.append(event)

    def next_seat(self, seat: int, steps: int = 1) -> int:
        """The seat `steps` turns after `seat`, in the direction of play round the seating."""
        if self._seated_in_order:
            return (seat + steps * self.direction) % self.n
        return self.seating[(self._place[seat] + steps * self.direction) % self.n]

    def seat_after(self, seat: int, steps: int = 1) -> int:
        """The seat `steps` places clockwise of `seat` (the deal's order, whatever the direction)."""
        return self.seating[(self._place[seat] + steps) % self.n]

    def set_seating(self, seating: Sequence[int]) -> None:
        order = tuple(seating)
        if sorted(order) != list(range(self.n)):
            raise ValueError(f"a seating names every seat 0..{self.n - 1} once, not {list(order)}")
        self.seating = order
        self._seated_in_order = order == tuple(range(self.n))
        for place, seat in enumerate(order):
            self._place[seat] = place
        n = self.n
        # seats after each placer in each direction, the placer last: the polling order of windows
        self._poll_orders = {
            d: [[order[(self._place[p] + d * k) % n] for k in range(1, n + 1)] for p in range(n)]
            for d in (1, -1)
        }

    def set_turn(self, seat: int) -> None:
        self.turn = seat
        self.emit(_turn_changed(seat))

    def reverse(self) -> None:
        self.direction = -self.direction
        self.emit(DirectionChanged(self.direction))

    def set_chain(self, links: int, cards: int) -> None:
        if (links, cards) != (self.chain_links, self.chain_cards):
            self.chain_links = links
            self.chain_cards = cards
            self.emit(DrawChainChanged(links, cards))

    @property
    def field(self) -> Card:
        return self.discard[-1]

    def drawable(self) -> int:
        """Cards a draw could still take: the stock plus what a rebuild would gather into it."""
        if self._plain_draw and self._answering_top():  # the usual: the field pile under its card (hot)
            return len(self.stock) + len(self.discard) - 1
        if self.book.rebuild is Rebuild.NEVER:
            return len(self.stock)
        return len(self.stock) + self._gatherable()

    def _answering_top(self) -> bool:
        """No window is open, or only on the field card: a rebuild gathers everything it names."""
        w = self.window
        return w is None or (len(w.cards) == 1 and w.cards[0] is self.discard[-1])

    def _gatherable(self) -> int:
        """The cards a rebuild would gather now (`reshuffle`: not those a window is open on)."""
        if self._plain_rebuild and self._answering_top():  # the usual rebuild: the field pile under its card
            return len(self.discard) - 1
        answered = {c.id for c in self.window.cards} if self.window is not None else set()
        count = 0
        for name, keep in self.book.rebuild_from(self):
            cards = self.pile(name)
            count += sum(1 for c in cards[: max(0, len(cards) - keep)] if c.id not in answered)
        return count

    # ------------------------------------------------------------------ piles

    def pile(self, name: str) -> list[Card]:
        """The cards of the pile called `name` (see game.piles), bottom first, the top last."""
        if name == FIELD:
            return self.discard
        if name == STOCK:
            return self.stock
        kind, _, seat = name.partition("/")
        if kind == "hand" and seat.isdigit() and int(seat) < self.n:
            return self.hands[int(seat)]
        if kind == "laid" and seat.isdigit() and int(seat) < self.n:
            return self.laid[int(seat)]
        if name in self.extra:
            return self.extra[name]
        raise KeyError(f"no pile {name!r} at this table")

    def piles(self) -> dict[str, Pile]:
        """Every pile, each card in exactly one: the stock, the field pile, each hand, each laid hand,
        then the rulebook's own. The lists are the game's own (read them, do not change them)."""
        out = {STOCK: Pile(STOCK, Seen.NONE, self.stock), FIELD: Pile(FIELD, Seen.ALL, self.discard)}
        for seat in range(self.n):
            out[f"hand/{seat}"] = Pile(f"hand/{seat}", Seen.OWNER, self.hands[seat])
        for seat in range(self.n):
            out[f"laid/{seat}"] = Pile(f"laid/{seat}", Seen.ALL, self.laid[seat])
        for name, cards in self.extra.items():
            out[name] = Pile(name, self._extra_seen[name], cards)
        return out

    def seen(self, name: str) -> Seen:
        if name == STOCK:
            return Seen.NONE
        if name.startswith("hand/"):
            return Seen.OWNER
        return self._extra_seen.get(name, Seen.ALL)

    def move(self, cards: Sequence[Card], source: str, target: str) -> None:
        """Move `cards` from one pile to the top of another (a rulebook's own rule: trumps put out,
        a card onto a player's pile ...). Emits `Moved`, the cards hidden from seats that may see
        neither pile."""
        src, dst = self.pile(source), self.pile(target)
        for card in cards:
            src.remove(card)
            dst.append(card)
        if target.startswith("hand/"):
            dst.sort()
        seen_by = None
        ways = (self.seen(source), self.seen(target))
        if Seen.ALL not in ways:
            owners = {
                int(p.rpartition("/")[2])
                for p, w in ((source, ways[0]), (target, ways[1]))
                if w is Seen.OWNER
            }
            seen_by = tuple(sorted(owners))
        self.emit(Moved(source, target, len(cards), tuple(cards), seen_by))

    def put_on_field(self, seat: int, cards: Sequence[Card], pile: str = FIELD) -> None:
        """A play: `cards` from the seat's hand onto a field pile (the common one by default)."""
        hand = self.hands[seat]
        target = self.discard if pile == FIELD else self.pile(pile)
        for card in cards:
            hand.remove(card)
            target.append(card)
        cards = self.deck.alone[cards[0].id] if len(cards) == 1 else tuple(cards)
        if not self.quiet:
            self.clues.append(Clue(seat, cards))
        left = len(hand)
        self.emit(
            _shared(Played, seat, cards, left, pile) if len(cards) == 1 else Played(seat, cards, left, pile)
        )

    def draw(self, seat: int, count: int, penalty: bool = False) -> tuple[Card, ...]:
        """Draw up to `count` cards one at a time from the stock, rebuilding it as the rulebook says
        (`Rulebook.rebuild`). Returns what was drawn, which may be fewer if nothing is left."""
        field_then = self.discard[-1]  # a rebuild keeps the field card
        got: list[Card] = []
        stock = self.stock
        policy = self.book.rebuild
        stops = self._draw_stops
        held = len(self.hands[seat])
        for _ in range(count):
            if not stock:
                if policy is Rebuild.NEVER or not self._gatherable():
                    break
                self.reshuffle()
            got.append(stock.pop())
            if not stock and policy is Rebuild.AT_ONCE and self._gatherable():
                self.reshuffle()  # the moment it empties, even in the middle of a payment
            if stops and self.book.draw_stops(self, seat, held + len(got)):
                break  # the rulebook's per-card rule ends the draw here (kabu's 12-card rule)
        hand = self.hands[seat]
        if len(got) == 1:
            insort(hand, got[0])
        else:
            hand.extend(got)
            hand.sort()
        if not self.quiet and seat == self.turn:
            chain = self.chain_links or int(penalty)  # a rulebook may end the chain before the penalty
            self.clues.append(Clue(seat, (), len(got), field_then, self.field_suit, chain))
        drawn = self.deck.alone[got[0].id] if len(got) == 1 else tuple(got)
        count = len(got)
        self.emit(_shared(Drew, seat, 1, drawn, penalty) if count == 1 else Drew(seat, count, drawn, penalty))
        if not stock and policy is not Rebuild.ON_DRAW:
            self.book.stock_exhausted(self)
        return drawn

    def reshuffle(self) -> None:
        """Rebuild the stock: gather the rulebook's piles (`rebuild_from`), each keeping its top cards,
        shuffle, and put them under whatever is left of the stock. The cards a reaction window is open
        on stay where they lie until it closes: seats are still answering them (a penalty drawn in the
        window may empty the stock while it is open on a card of super's player piles)."""
        old: list[Card] = []
        taken: list[tuple[str, int]] = []
        answered = {c.id for c in self.window.cards} if self.window is not None else set()
        for name, keep in self.book.rebuild_from(self):
            cards = self.pile(name)
            n = max(0, len(cards) - keep)
            if n:
                gathered = [c for c in cards[:n] if c.id not in answered]
                cards[:n] = [c for c in cards[:n] if c.id in answered]
                if gathered:
                    old.extend(gathered)
                    taken.append((name, len(gathered)))
        self.rng.shuffle(old)
        self.stock[:0] = old
        self.emit(Reshuffled(len(old), tuple(taken)))

    def _polling(self, placer: int) -> list[int]:
        """Who a window on `placer`'s card asks, in order: the seats after the placer, the placer last.
        A card the table itself turned up (placer REFEREE) asks every seat from the turn player on."""
        order = self._poll_orders[self.direction]
        if placer == REFEREE:
            return [self.turn, *order[self.turn][:-1]]
        return order[placer]

    def open_window(
        self,
        placer: int,
        cards: tuple[Card, ...],
        freezes_turn: bool,
        stop: bool = False,
        seats: Iterable[int] | None = None,
        owners: Sequence[int] = (),
    ) -> Window:
        """Open a reaction window on `cards`. Every seat but the placer is polled, unless `seats` names
        who is (e.g. only the victims of a dobon, for dobon-gaeshi, or several placers' rivals). The
        placer is REFEREE for a card nobody played (a card turned up from the stock): every seat is
        polled. `owners` names who put out each card when several seats did (kabu's trumps after
        simultaneous dobons, one window for all): the placer is then the first of them, for messages,
        and polling starts after it. A window still open is closed first, with its own event."""
        if owners and len(owners) != len(cards):
            raise ValueError("owners names one seat per card")
        self._moment += 1
        if self.window is not None:
            self.close_window()
        order = self._polling(placer)
        if seats is None:
            pending = [s for s in order if s != placer]
        else:
            wanted = set(seats)
            pending = [s for s in order if s in wanted]
        window = self.window = Window(placer, cards, pending, freezes_turn, stop=stop, owners=tuple(owners))
        if freezes_turn:
            self.phase = Phase.REACTION
        if len(cards) == 1:
            self.emit(_shared(WindowOpened, placer, cards))
        else:
            self.emit(WindowOpened(placer, cards, window.owners))
        return window

    def repoll(self, window: Window, exclude: Iterable[int]) -> None:
        """Ask again every seat not in `exclude`, in turn order after the placer, the placer last."""
        skip = set(exclude)
        window.pending = [s for s in self._polling(window.placer) if s not in skip]

    def reveal(self, seat: int) -> tuple[Card, ...]:
        hand = tuple(self.hands[seat])
        self.revealed[seat] = hand
        return hand

    def lay_down(self, seat: int, top: Card | None = None) -> tuple[Card, ...]:
        """Move the whole hand face up onto the field in front of the seat (it now holds 0 cards).
        `top`, one of its cards, goes on top (last): jda's dobon player chooses the card that a
        dobon-gaeshi must match; the others keep the hand's order."""
        cards = tuple(self.hands[seat])
        if top is not None:
            cards = (*(c for c in cards if c is not top), top)
        self.laid[seat].extend(cards)
        self.hands[seat].clear()
        self.emit(HandLaidDown(seat, cards))
        return cards

    def close_window(self) -> None:
        """Close the open window (the rulebook may, e.g. when an answer settles it) and resolve it
        (Rulebook.window_closed)."""
        window = self.window
        assert window is not None
        self._moment += 1
        self.window = None
        if self.phase is Phase.REACTION:
            self.phase = Phase.TURN
        calls = len(window.calls)
        self.emit(_NOBODY_CALLED if not calls else WindowClosed(calls))
        self.book.window_closed(self, window)
        queued = window.queued
        if queued is not None and self.window is None and self.phase is Phase.TURN:
            # the action sent ahead goes down now, if it is still that seat's turn and still legal
            # (a card called on ends the round instead, and the action is dropped)
            if queued.seat == self.turn and queued in self.book.turn_actions(self, queued.seat):
                self.book.apply_turn(self, queued)
            else:
                self.emit(QueueDropped(queued.seat))

    def _probe(self) -> Game | None:
        """While a window that freezes turns is open and the rulebook lets the next player act ahead
        (Rulebook.queues_turn): the game as it will be if the window closes with no call, its turn
        player being the seat that may send its action ahead. None when nobody may (no such window,
        a call already made, an action already queued). Kept until the next action."""
        window = self.window
        if (
            window is None
            or not window.freezes_turn
            or window.calls
            or window.queued is not None
            or not self.book.queues_turn
        ):
            return None
        key = (id(window), len(self.actions))
        known = self._ahead
        if known is not None and known[0] == key:
            return known[1]
        probe = self.clone(0)
        probe.close_window()
        ahead = probe if probe.phase is Phase.TURN and probe.window is None else None
        self._ahead = (key, ahead)
        return ahead

    def ahead(self) -> Game | None:
        """The game as it will stand if the open window closes with no call, while a seat may send its
        turn action ahead (`queue_seat`), else None: where such an action is judged."""
        return self._probe()

    def queue_seat(self) -> int | None:
        """The seat that may send its turn action ahead during the open window, if any."""
        probe = self._probe()
        return probe.turn if probe is not None else None

    # ------------------------------------------------------------------ the two questions

    def legal_actions(self, seat: int) -> list[Action]:
        """Everything `seat` may do right now (REFEREE: the table's own actions). This is the one
        source of legality: `refusal` refuses exactly what it leaves out."""
        known = self._answers.get(seat) if self._answered == self._moment else None  # (hot path)
        return (known or self._answer(seat))[0][:]  # a copy: the kept answer must not change

    def changed(self) -> None:
        """Say that the state was changed other than through `apply` or the core's own mutators (a
        position set up by hand: a scenario's window, a test's hands): the legal actions kept for the
        moment are forgotten. The core's mutators (a deal, a position, opening or closing a window)
        and every applied action move the moment on themselves."""
        self._moment += 1

    def _answer(self, seat: int) -> tuple[list[Action], int, int]:
        """`seat`'s legal actions in route order, with where each route ends: the answer to the open
        window (a pass, the rulebook's calls), then the turn's actions (the seat's own turn, or the
        next one sent ahead), then the rulebook's other actions. Kept for the moment (`_moment`), so
        the `apply` that follows a `legal_actions` tests membership without generating it again."""
        answers = self._answers
        if self._answered != self._moment:  # a new moment: the old answers are stale
            answers.clear()
            self._answered = self._moment
        known = answers.get(seat)
        if known is None:
            known = answers[seat] = self._generate(seat)
        return known

    def _generate(self, seat: int) -> tuple[list[Action], int, int]:
        """`seat`'s legal actions, asked of the rulebook's generators by route (see `_answer`)."""
        if seat == REFEREE:
            return self._table_actions(), 0, 0
        if (
            not isinstance(seat, int)
            or not 0 <= seat < self.n
            or self.phase in (Phase.ROUND_OVER, Phase.MATCH_OVER)
        ):
            return [], 0, 0
        out: list[Action] = []
        window = self.window
        if window is not None and seat in window.pending:
            out.append(self._pass[seat])
            out.extend(self.book.call_actions(self, seat, window))
        calls = len(out)
        if self.phase is Phase.TURN and seat == self.turn and (window is None or not window.freezes_turn):
            out.extend(self.book.turn_actions(self, seat))
        elif window is not None and window.freezes_turn and self.book.queues_turn:
            probe = self._probe()
            if probe is not None and probe.turn == seat:  # the next turn, sent ahead
                out.extend(self.book.turn_actions(probe, seat))
        turns = len(out)
        if self._other_actions:
            out.extend(self.book.other_actions(self, seat))
        return out, calls, turns

    def _table_actions(self) -> list[Action]:
        """The referee's: deal the next round or match, close the open window, call time."""
        if self.phase is Phase.ROUND_OVER:
            return [self._next_round, *self._time_up()]
        if self.phase is Phase.MATCH_OVER:
            return [self._new_match]
        out = [self._close] if self.window is not None else []
        if self._timed:
            limits = self.book.time_limit_ms
            out += [Action(REFEREE, Kind.TIMEOUT, amount=s) for s in range(self.n) if limits(self, s)]
        return out + self._time_up()

    def _route(self, action: Action) -> int | None:
        """Which route offers `action` (_CALL, _TURN, _OTHER, or _TABLE for the referee's), or None when
        `legal_actions` does not offer it. The core's routes come first, as in the answer."""
        seat = action.seat
        window = self.window
        if action.kind is _PASS and window is not None and seat in window.pending and _bare(action):
            return _CALL  # every pending seat is offered a plain pass (the commonest action)
        if seat == REFEREE:
            return _TABLE if action in self._answer(REFEREE)[0] else None
        known = self._answers.get(seat) if self._answered == self._moment else None  # (hot path)
        if known is None:
            if not isinstance(seat, int):
                return None
            # the answer's first part (its calls) is enough for a call it offers: the rest of it may
            # need the turn as it will stand (a copy of the game, `queues_turn`)
            if (
                action.kind is _DOBON
                and window is not None
                and seat in window.pending
                and action in self.book.call_actions(self, seat, window)
            ):
                return _CALL
            known = self._answer(seat)
        offered, calls, turns = known
        for index in range(len(offered)):  # usually the very object offered: no __eq__ asked
            if offered[index] is action:
                break
        else:
            try:
                index = offered.index(action)  # an equal action made afresh (the wire, a log)
            except ValueError:
                return None
        if index < calls:  # an answer; one of another kind (kabu's four of a kind) is the rulebook's
            return _CALL if action.kind is _DOBON or action.kind is _PASS else _OTHER
        return _TURN if index < turns else _OTHER

    def refusal(self, action: Action) -> Refusal | None:
        """Why `action` is illegal now (game.refusals: a code, its details and the English sentence),
        or None if it is legal: whatever `legal_actions` does not offer is refused, and the rulebook's
        `explain` names why. Changes nothing."""
        if self._route(action) is not None:
            return None
        return self.book.explain(self, action)

    def _time_up(self) -> list[Action]:
        """The referee's TIMEOUT on the match itself (amount REFEREE), while it may be applied."""
        if self._match_clock and not self.time_up and self.book.match_time_ms(self) is not None:
            return [Action(REFEREE, Kind.TIMEOUT, amount=REFEREE)]
        return []

    def apply_together(self, actions: Sequence[Action]) -> list[Outcome]:
        """Apply actions that reached the table at the same moment (a host's tick, a table's frame),
        in the rulebook's order of precedence (Rulebook.precedence, asked of every action before any is
        applied; ties keep arrival order). Each is checked when its turn comes, so one that an earlier
        one overtook is refused with its reason rather than raising: every action gets an outcome, in
        the order applied."""
        book = self.book
        ranked = sorted(actions, key=lambda action: book.precedence(self, action))  # stable
        outcomes: list[Outcome] = []
        for action in ranked:
            reason = self.refusal(action)
            outcomes.append(Outcome(action, [] if reason else self.apply(action), reason))
        return outcomes

    def apply(self, action: Action) -> list[Event]:
        """Apply a legal action and return the events it caused; raise IllegalAction otherwise. The
        route that offered it (`_route`) is the route it takes: a pending seat's answer to the open
        window (a pass, plain or flagged for the rulebook, or a call), a turn action (the turn player's,
        which closes a window that does not freeze turns, or the next turn sent ahead during one that
        does, which waits for it to close), the rulebook's other action, or the table's. The answer
        and the turn are written out here rather than in functions of their own: they are most of the
        actions of every game (a speed measure)."""
        route = self._route(action)
        if route is None:
            raise IllegalAction(action, self.book.explain(self, action))
        mark = self.events_base + len(self.events)  # absolute: a deal may drop what came before
        self.actions.append(self._log_entry(action) if self.forget_rounds else action)
        self._moment += 1
        window = self.window
        if route == _CALL:
            assert window is not None
            if action.kind is _PASS:
                window.pending.remove(action.seat)
                if not _bare(action):
                    self.book.apply_call(self, action, window)  # the rulebook's flagged pass
            else:
                window.calls.append(action)
                self.book.apply_call(self, action, window)
            if self.window is window and not window.pending:
                self.close_window()
        elif route == _TURN:
            if window is not None and window.freezes_turn:  # the next turn, sent ahead: it waits
                window.queued = action
                self.emit(TurnQueued(action.seat))
                if action.seat in window.pending:  # acting on counts as passing on this card
                    window.pending.remove(action.seat)
                    if not window.pending:
                        self.close_window()
            else:
                if window is not None:  # the turn player's action closes a non-freezing window
                    self.close_window()
                self.book.apply_turn(self, action)
        elif route == _OTHER:
            self.book.apply_other(self, action)  # a bid, a declaration, an out-of-turn action ...
        else:
            self._apply_table(action, mark)
        self._moment += 1  # what was asked inside the action is stale after it
        return self.events[mark - self.events_base :]

    def _apply_table(self, action: Action, mark: int) -> None:
        """The referee's actions: close the window, deal, start a match, call time."""
        kind = action.kind
        if kind is Kind.CLOSE:
            self.close_window()
        elif kind is Kind.NEXT_ROUND:
            self._forget_finished(mark)
            self.start_round()
        elif kind is Kind.NEW_MATCH:
            self._forget_finished(mark)
            self.new_match()
        elif action.amount == REFEREE:  # TIMEOUT on the match itself
            self.time_up = True
            self.emit(TimeUp())
            if self.phase is Phase.ROUND_OVER and self.book.match_over(self):  # between games: it ends now
                self.phase = Phase.MATCH_OVER
                self.totals = self.totals.after_match()
                self.emit(MatchEnded(tuple(self.scores), self.book.ranks(self), self.standings()))
        else:
            self.emit(TimedOut(action.amount))
            self.book.apply_timeout(self, action.amount)

    def _log_entry(self, action: Action) -> Action:
        """The action as a long-running table logs it: equal actions (a referee's CLOSE, a seat's play of
        one card, each read afresh off the wire) share one object, so the log, which is kept whole
        because it is what replays, costs a list slot per action. The store is bounded (_LOGGED_MAX)."""
        logged = self._logged.get(action)
        if logged is None:
            logged = action
            if len(self._logged) < _LOGGED_MAX:
                self._logged[action] = action
        return logged

    def _forget_finished(self, mark: int) -> None:
        """At a deal, with `forget_rounds`: drop the events before absolute index `mark` (the finished
        rounds'; whoever needed them has had them: `apply` returned them as they happened)."""
        if self.forget_rounds and mark > self.events_base:
            del self.events[: mark - self.events_base]
            self.events_base = mark

    @property
    def event_count(self) -> int:
        """How many events the game has emitted, dropped ones included: an absolute index for
        `events_since` that stays valid when finished rounds are forgotten."""
        return self.events_base + len(self.events)

    def events_since(self, index: int) -> list[Event]:
        """The events from absolute index `index` on. Asking for dropped ones is a reader's bug: it
        raises ValueError rather than silently skipping them."""
        if index < self.events_base:
            raise ValueError(
                f"events before {self.events_base} were dropped with their rounds (asked {index})"
            )
        return self.events[index - self.events_base :]

    def is_legal(self, action: Action) -> bool:
        return self.refusal(action) is None

    # ------------------------------------------------------------------ headless driving

    def sync_next(self) -> int:
        """The seat the headless protocol asks next (REFEREE between rounds)."""
        window = self.window
        if window is not None and window.pending:
            return window.pending[0]
        if self._other_actions:
            seat = self.book.sync_next(self)
            if seat is not None:
                return seat
        if self.phase is Phase.TURN:
            return self.turn
        return REFEREE

    def sync_actions(self, seat: int) -> Sequence[Action]:
        """`legal_actions` as the headless protocol offers them: a polled seat only calls or passes."""
        window = self.window
        if window is not None and seat in window.pending:
            calls = self.book.call_actions(self, seat, window)
            return [self._pass[seat], *calls] if calls else self._pass_only[seat]
        return self.legal_actions(seat)

    # ------------------------------------------------------------------ views and checks

    def view(self, seat: int, legal: Sequence[Action] | None = None):
        """What `seat` may know now. The only thing a seat (AI, table, remote client) is given."""
        from .view import SeatView

        return SeatView.of(self, seat, self.legal_actions(seat) if legal is None else legal)

    def history(self) -> tuple[Clue, ...]:
        """The round's clues as a tuple for views, made once per moment (every seat polled on one card
        gets the same one; clues are only appended, and a new round starts a new list)."""
        clues, cached = self.clues, self._history
        if cached is None or cached[0] is not clues or len(cached[1]) != len(clues):
            cached = self._history = (clues, tuple(clues))
        return cached[1]

    def all_cards(self) -> list[Card]:
        """Every card in every pile (see `piles`), for invariant checks."""
        out: list[Card] = []
        for hand in self.hands:
            out.extend(hand)
        for laid in self.laid:
            out.extend(laid)
        out.extend(self.stock)
        out.extend(self.discard)
        for cards in self.extra.values():
            out.extend(cards)
        return out

    def state_key(self) -> tuple:
        """A value that differs whenever any part of the state differs (for tests)."""
        w = self.window
        return (
            tuple(tuple(c.id for c in h) for h in self.hands),
            tuple(c.id for c in self.stock),
            tuple(c.id for c in self.discard),
            self.field_suit,
            self.direction,
            self.seating,
            self.turn,
            self.chain_links,
            self.chain_cards,
            self.phase,
            None
            if w is None
            else (
                w.placer,
                w.cards,
                tuple(w.pending),
                tuple(w.calls),
                w.freezes_turn,
                w.stop,
                w.owners,
                w.queued,
            ),
            tuple(sorted(self.revealed.items())),
            tuple(tuple(c.id for c in pile) for pile in self.laid),
            tuple((name, tuple(c.id for c in cards)) for name, cards in self.extra.items()),
            repr(self.match_ext),
            tuple(self.scores),
            self.match_no,
            self.round_no,
            self.parent,
            self.result,
            repr(self.ext),
            len(self.actions),
            self.event_count,
            self.totals,
            self.rng.getstate(),
            self.time_up,
        )

    def clone(self, seed: int) -> Game:
        """A copy for simulation: same state, its own RNG, no event log, no history. The AI clones its
        own sampled games (game.seats.determinize), never the real one."""
        twin = Game.__new__(Game)
        for name in Game.__slots__:
            setattr(twin, name, getattr(self, name))
        twin.rng = random.Random(seed)
        twin.actions = []
        twin.events = []
        twin.events_base = 0
        twin.forget_rounds = False
        twin._logged = {}
        twin.quiet = True
        twin.hands = [list(h) for h in self.hands]
        twin.stock = list(self.stock)
        twin.discard = list(self.discard)
        twin.laid = [list(p) for p in self.laid]
        twin.extra = {name: list(cards) for name, cards in self.extra.items()}
        twin.revealed = dict(self.revealed)
        twin.clues = list(self.clues)
        twin.scores = list(self.scores)
        twin._place = list(self._place)
        w = self.window
        if w is not None:
            twin.window = Window(
                w.placer,
                w.cards,
                list(w.pending),
                w.freezes_turn,
                list(w.calls),
                w.stop,
                w.queued,
                w.owners,
            )
        twin._ahead = None
        twin._answers = {}  # its own: the answers are per game
        ext, match_ext = self.ext, self.match_ext
        twin.ext = ext.copy() if isinstance(ext, RoundState) else copy.deepcopy(ext)
        twin.match_ext = match_ext.copy() if isinstance(match_ext, MatchState) else copy.deepcopy(match_ext)
        return twin

    def _card(self, card: Card | str) -> Card:
        return card if isinstance(card, Card) else self.deck.card(card)
