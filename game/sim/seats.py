"""The heuristic AI seats (`normal`, `easy`, `greedy`, `basic`, `random`) playing on a simulation core.

Self-play for the training tools (tools/fit_policy.py, fit_values.py, jda_values.py) and the arena's
match-ups without a searching seat play whole rounds of these seats. On the engine most of that time
goes to `normal`'s odds and a quarter or so to the game itself; here the game runs on its core
(game.sim.CORES) and each decision is the engine seat's own `act`, handed a `CoreView`: the part of a
seat view the heuristic seats read, built from the core's state for the seat to move. So the choice is
the engine seat's by construction (the same code, the same random calls on the same generator),
and what a seat may know is what the view builder reads: its own hand and the public state (sizes,
the field pile, revealed and laid-down hands, the preset's public round state), never another hand
(tests/test_core_seats.py swaps the hidden cards and checks the choice stands).

`normal`'s odds come from game.sim.chances (the same figures, kept once computed and cut at the
totals a decision can ask). The driver
(`play_round`, `warmed_up`) asks the core one action at a time (`to_move`, `legal`), as
`game.headless.play_round` asks the engine, so a recording tool sees every action, forced ones
included, just before it is applied.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..actions import REFEREE, Action, Kind
from ..cards import Card, Suit, deck
from ..clues import Clue
from ..seats import SEATS, Seat
from ..seats.heuristics import Risk
from ..seats.normal import NormalSeat
from . import CORES
from .app import MATCH_OVER
from .chances import QuickRisk


@dataclass(slots=True)
class CoreView:
    """What the heuristic seats read of a `SeatView` (game.view), for one seat of a core: nothing
    hidden from that seat is in it."""

    seat: int
    preset: str
    deck: str
    players: int
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    discard: tuple[Card, ...]
    stock: int
    direction: int
    turn: int
    chain_links: int
    chain_cards: int
    legal: tuple[Action, ...]
    window: Any = None  # only whether one is open is read (jda)
    revealed: dict[int, tuple[Card, ...]] = field(default_factory=dict)
    laid: tuple[tuple[Card, ...], ...] = ()
    piles: dict[str, tuple[Card, ...]] = field(default_factory=dict)
    extra: dict[str, Any] = field(default_factory=dict)


class QuickNormalSeat(NormalSeat):
    """`normal`, its odds kept once computed (game.sim.chances): the same choices, sooner."""

    def risk(self, view) -> Risk:
        return QuickRisk(view)


# the engine seats that can play on a core: each reads only the CoreView's fields
CORE_SEATS: dict[str, type[Seat]] = {
    name: QuickNormalSeat if name == "normal" else SEATS[name]
    for name in ("normal", "easy", "greedy", "basic", "random")
}


def make_core_seat(name: str, seed: Any, seat: int) -> Seat:
    """As `game.seats.make_seat`: the same seeded generator, so the same choices."""
    if name not in CORE_SEATS:
        raise ValueError(f"{name!r} has no core version; choose from {', '.join(CORE_SEATS)}")
    return CORE_SEATS[name](f"{seed}:{seat}:{name}")


def core_for(rules, seed: int) -> Any | None:
    """A fresh match of `rules` on its core (as `Game(rules, seed)`), or None where there is none."""
    core = CORES.get(rules.preset)
    if core is None or rules.preset not in VIEWS:
        return None
    try:
        return core.for_rules(rules, seed)
    except ValueError:  # a table the core does not model (super with two decks)
        return None


# ---------------------------------------------------------------------------- views, per preset
#
# A builder reads the core's public state and the mover's own hand. `shown` holds the hands the engine
# would have revealed (game.reveal: a snapshot of the hand as it stood then) where the core keeps only
# the fact: the driver records them as the round goes (`Shown`).


def _hand(cards: tuple[Card, ...], mask: int) -> tuple[Card, ...]:
    out = []
    while mask:
        low = mask & -mask
        out.append(cards[low.bit_length() - 1])
        mask ^= low
    return tuple(out)


_D52 = deck("52").cards
_D54 = deck("54").cards
_KABU = deck("kabufuda").cards


def _common(
    sim, seat: int, cards: tuple[Card, ...], legal: tuple[Action, ...], preset: str, name: str
) -> CoreView:
    return CoreView(
        seat,
        preset,
        name,
        sim.n,
        _hand(cards, sim.hands[seat]),
        tuple(h.bit_count() for h in sim.hands),
        tuple(cards[c] for c in sim.discard),
        len(sim.stock),
        getattr(sim, "direction", 1),  # jda plays clockwise only
        sim.turn,
        sim.links,
        sim.owed,
        legal,
    )


def app_view(sim, seat: int, legal: tuple[Action, ...], shown: dict) -> CoreView:
    view = _common(sim, seat, _D52, legal, "app", "52")
    view.window = sim.wplacer if sim.wplacer >= 0 else None
    view.revealed = dict(shown)
    return view


def super_view(sim, seat: int, legal: tuple[Action, ...], shown: dict) -> CoreView:
    view = _common(sim, seat, _D54, legal, "super", "54")
    view.window = sim.wplacer if sim.wplacer >= 0 else None
    view.revealed = {s: _hand(_D54, h) for s, h in sim.dobons}  # the callers' hands as they called
    view.piles = {f"pile/{s}": tuple(_D54[c] for c in pile) for s, pile in enumerate(sim.piles)}
    return view


_LOG_KINDS = ("DISCARD", "DRAW", "SKIPPED")


def standard_view(sim, seat: int, legal: tuple[Action, ...], shown: dict) -> CoreView:
    view = _common(sim, seat, _D54, legal, "standard", "54")
    view.window = sim.wplacer if sim.wplacer >= 0 else None
    view.revealed = dict(shown)
    view.laid = tuple(_hand(_D54, h) for h in sim.laid)
    view.extra = {
        "turn_log": tuple((p, _LOG_KINDS[k], None if c < 0 else _D54[c]) for p, k, c in sim.turns),
    }
    return view


def jda_view(sim, seat: int, legal: tuple[Action, ...], shown: dict) -> CoreView:
    view = _common(sim, seat, _D52, legal, "jda", "52")
    view.window = sim.wplacer if sim.wplacer >= 0 else None
    # a caller's revealed hand is the one it laid down: the laid piles hold every card of it
    view.laid = tuple(tuple(_D52[c] for c in pile) for pile in sim.laid)
    view.extra = {"placer": sim.placer, "let_go": tuple(sim.let_go)}
    return view


_STAGES = ("pre_play", "play", "trump")  # game.rules.kabu's stage names, by the core's ints


def kabu_view(sim, seat: int, legal: tuple[Action, ...], shown: dict) -> CoreView:
    view = _common(sim, seat, _KABU, legal, "kabu", "kabufuda")
    view.window = (sim.wplacer,) if sim.wopen else None
    view.revealed = dict(shown)
    view.piles = {f"trumps/{s}": tuple(_KABU[c] for c in pile) for s, pile in enumerate(sim.trumps)}
    view.extra = {
        "stage": _STAGES[sim.stage],
        "queue": tuple(sim.queue),
        "decls": tuple(
            (
                d.seat,
                _KABU[d.target],
                d.victim,
                d.parent,
                d.gaeshi,
                int(d.pin),
                tuple(_KABU[c] for c in d.trumps),
                int(d.trumped),
                int(d.hit),
            )
            for d in sim.decls
        ),
    }
    return view


VIEWS: dict[str, Callable[[Any, int, tuple[Action, ...], dict], CoreView]] = {
    "app": app_view,
    "super": super_view,
    "standard": standard_view,
    "jda": jda_view,
    "kabu": kabu_view,
}


class Shown:
    """The hands a round has revealed so far, as the engine's `game.revealed` holds them (a snapshot
    of the hand when it was shown), for the presets whose cores keep only who showed: standard's
    yaku (a declaration shows the hand), kabu's callers, victims, four of a kind and declarers after
    their trumps (`game.rules.kabu`: the hand as it now stands)."""

    def __init__(self, sim):
        self.preset = _PRESET[type(sim)]
        self.hands: dict[int, tuple[Card, ...]] = {}
        self._trump_play = False

    def before(self, sim, seat: int, code: int) -> None:
        if self.preset == "kabu":
            self._trump_play = sim.stage == 2 and sim.action(seat, code).kind is Kind.PLAY

    def after(self, sim, seat: int, code: int) -> None:
        if self.preset == "standard":
            for s, declared in enumerate(sim.yaku):
                if declared and s not in self.hands:
                    self.hands[s] = _hand(_D54, sim.hands[s])
        elif self.preset == "kabu":
            for s, shown in enumerate(sim.revealed):
                if shown and s not in self.hands:
                    self.hands[s] = _hand(_KABU, sim.hands[s])
            if self._trump_play:
                self.hands[seat] = _hand(_KABU, sim.hands[seat])


class Clues:
    """The round's public record as the engine's `game.history()` holds it (game.clues): a clue for
    every play (any seat, any pile, the cards as played) and for every draw by the turn player (how
    many, and the field card it was drawn on), in order. Only the recording tools ask for it."""

    def __init__(self) -> None:
        self.history: list[Clue] = []
        self._before: tuple[int, int, int, tuple[Card, ...], Suit | None, int] | None = None

    def before(self, sim, seat: int, code: int) -> None:
        turn = sim.turn
        action = sim.action(seat, code)
        played = action.cards if action.kind is Kind.PLAY else ()
        named = getattr(sim, _NAMED.get(_PRESET[type(sim)], ""), -1)  # the suit in force, if named
        suit = None if named < 0 else Suit(named)
        chain = sim.links
        if chain and _PRESET[type(sim)] == "app":
            chain = 1  # app ends the chain before the penalty is drawn: the draw is marked a penalty
        self._before = (turn, sim.hands[turn].bit_count(), sim.discard[-1], played, suit, chain)

    def after(self, sim, seat: int, code: int) -> None:
        assert self._before is not None
        turn, held, top, played, suit, chain = self._before
        cards = _DECKS[_PRESET[type(sim)]]
        if played:
            self.history.append(Clue(seat, played))
            if seat == turn:
                held -= len(played)
            if sim.discard and sim.discard[-1] == played[-1].id:
                top = played[-1].id  # the play is the field card a draw after it is made on
        drew = sim.hands[turn].bit_count() - held
        if drew > 0:
            self.history.append(Clue(turn, (), drew, cards[top], suit, chain))


_NAMED = {"app": "named", "standard": "declared"}  # the core's field for the suit an 8 / a J named


def view_of(sim, seat: int, codes: Sequence[int], shown: Shown | None = None) -> CoreView:
    """The view `seat` of `sim` decides from, its legal actions those of `codes`."""
    legal = tuple(sim.action(seat, c) for c in codes)
    return VIEWS[_PRESET[type(sim)]](sim, seat, legal, shown.hands if shown is not None else {})


_PRESET = {core: preset for preset, core in CORES.items()}
_DECKS = {"app": _D52, "super": _D54, "standard": _D54, "jda": _D52, "kabu": _KABU}


def choose(agent: Seat, sim, seat: int, codes: Sequence[int], shown: Shown | None = None) -> int:
    """The code of the action `agent` takes, asked as the engine asks it (with a view)."""
    view = view_of(sim, seat, codes, shown)
    action = agent.act(view)  # type: ignore[arg-type]  # the fields the heuristic seats read
    for a, code in zip(view.legal, codes, strict=True):
        if a is action:
            return code
    return codes[view.legal.index(action)]


def hand_of(sim, seat: int) -> tuple[Card, ...]:
    """A seat's hand as the engine's cards (for a tool that records every hand, as a fully dealt
    game has them: not for a seat's decisions)."""
    return _hand(_DECKS[_PRESET[type(sim)]], sim.hands[seat])


def next_seat(sim, seat: int, steps: int = 1) -> int:
    """`Game.next_seat` on a core: the seat `steps` turns after `seat` round the seating."""
    order = sim.seating
    return order[(order.index(seat) + steps * getattr(sim, "direction", 1)) % sim.n]


# ---------------------------------------------------------------------------- driving


Watch = Callable[[Any, int, int], None]


def play_round(
    sim,
    seats: Sequence[Seat],
    watch: Watch | None = None,
    shown: Shown | None = None,
    clues: Clues | None = None,
    clock: Callable[[int, float], None] | None = None,
) -> int:
    """`game.headless.play_round` on a core: play the round under way until it ends; a seat is
    asked only when it has a choice; `watch(sim, seat, code)` sees each action just before it is
    applied; `shown` (a fresh one by default) keeps the hands the round reveals, `clues` (if given)
    its public record; `clock(seat, ms)` is told how long each decision took (the arena's figures:
    nothing is decided by it). Returns the actions applied."""
    shown = shown if shown is not None else Shown(sim)
    applied = 0
    while not sim.over:
        seat = sim.to_move()
        if seat == REFEREE:
            break
        codes = sim.legal(seat)
        if len(codes) == 1:
            code = codes[0]
        elif clock is None:
            code = choose(seats[seat], sim, seat, codes, shown)
        else:
            start = time.perf_counter()
            code = choose(seats[seat], sim, seat, codes, shown)
            clock(seat, (time.perf_counter() - start) * 1000)
        if watch is not None:
            watch(sim, seat, code)
        shown.before(sim, seat, code)
        if clues is not None:
            clues.before(sim, seat, code)
        sim.apply(seat, code)
        shown.after(sim, seat, code)
        if clues is not None:
            clues.after(sim, seat, code)
        applied += 1
    return applied


def warmed_up(rules, seed: int, deal: int, warmup: int):
    """`game.arena.warmed_up` on the core: the deal's match after `warmup` rounds of `normal` seats,
    the next round dealt (a fresh match if the match ends first). None where `rules` has no core."""
    sim = core_for(rules, seed * 100003 + deal)
    if sim is None or not warmup:
        return sim
    seats = [make_core_seat("normal", f"warm:{seed}:{deal}", s) for s in range(sim.n)]
    for _ in range(warmup):
        play_round(sim, seats)
        if sim.phase == MATCH_OVER or not sim.over:
            return core_for(rules, seed * 100003 + deal)
        sim.next_round()
    return sim
