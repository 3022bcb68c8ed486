"""Property tests over many random games of the `app` preset (spec: shared/rules/app.md).

Games are driven two ways:

* ``sync``: the headless protocol — ``seat = g.sync_next()``, then a random pick from
  ``g.sync_actions(seat)`` (or ``g.legal_actions(REFEREE)``);
* ``realtime``: a random seat (the referee included) with something to do acts with a random one of its
  ``g.legal_actions(seat)``, so windows get closed by the next player's action, by passes, or by the
  referee's CLOSE, and dobon is called while the turn player could still act.

Hypothesis draws the player count (2..6), the game seed, the seed of the random choices, the starting
points (small values make matches end, so NEW_MATCH is exercised) and how eagerly seats call dobon.
After every action the tests check the card, view, hidden-information, legality, refusal and spec
invariants below; a game is capped at a fixed number of actions to bound the run time.
"""

from __future__ import annotations

import dataclasses
import json
import random
import sys
from pathlib import Path

import pytest
from hypothesis import Phase as HPhase
from hypothesis import given, settings
from hypothesis import strategies as st

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from game import REFEREE, Action, Card, Game, IllegalAction, Kind, Phase, Suit, make_rules  # noqa: E402
from game.actions import REFEREE_KINDS  # noqa: E402
from game.events import (  # noqa: E402
    DobonCalled,
    DrawChainChanged,
    Drew,
    MatchEnded,
    Played,
    Reshuffled,
    RoundDealt,
    RoundEnded,
    SuitChosen,
    WindowClosed,
    WindowOpened,
)

HAND = 5
DECK_SIZE = 52

# ---------------------------------------------------------------------------------------------- helpers


def make_game(players: int, seed: int, points: int = 1000) -> Game:
    options: dict = {"starting_points": points}
    if players > 4:
        options["max_players"] = 6
    return Game(make_rules("app", players, options), seed)


def score_value(card: Card) -> int:
    """Spec §5: A, J, Q, K count 10, other cards their face value."""
    return 10 if card.rank == 1 or card.rank > 10 else card.rank


def twos_factor(k: int) -> int:
    """Spec §5: f(k) = min(2^k, 16)."""
    return min(2**k, 16)


def competition_ranks(scores) -> tuple[int, ...]:
    """Spec §5 / D15: points descending, equal points share a rank (1, 1, 3 ...)."""
    return tuple(1 + sum(1 for other in scores if other > mine) for mine in scores)


def suit_in_force(g: Game) -> Suit:
    return g.field_suit if g.field_suit is not None else g.discard[-1].suit


def cards_in(obj, out: list) -> list:
    """Every Card reachable from obj through dataclasses, tuples, lists, sets and dicts."""
    if isinstance(obj, Card):
        out.append(obj)
        return out
    assert not isinstance(obj, Game), "a view/event holds a reference to the Game itself"
    if isinstance(obj, list | tuple | set | frozenset):
        for item in obj:
            cards_in(item, out)
    elif isinstance(obj, dict):
        for key, value in obj.items():
            cards_in(key, out)
            cards_in(value, out)
    elif dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        for f in dataclasses.fields(obj):
            cards_in(getattr(obj, f.name), out)
    return out


def all_legal(g: Game) -> dict[int, list[Action]]:
    return {s: g.legal_actions(s) for s in [REFEREE, *range(g.n)]}


# ---------------------------------------------------------------------------------------------- drivers


class Run:
    """One random game: `step()` picks a legal action (sync or real-time style) and applies it."""

    def __init__(
        self,
        players: int,
        seed: int,
        choice_seed: int,
        points: int,
        mode: str,
        eager: float,
        style: str = "any",
    ):
        self.g = make_game(players, seed, points)
        self.rng = random.Random(choice_seed)
        self.mode = mode
        self.eager = eager  # probability of taking an available dobon
        self.style = style  # "any": uniform; "play": prefer playing (small hands, more dobon); "draw": hoard

    def choose(self, acts: list[Action]) -> Action:
        rng = self.rng
        if self.style != "any" and rng.random() < 0.85:
            kinds = (Kind.PLAY,) if self.style == "play" else (Kind.DRAW, Kind.PASS)
            preferred = [a for a in acts if a.kind in kinds]
            if preferred:
                return rng.choice(preferred)
        return rng.choice(acts)

    def pick(self) -> Action:
        g, rng = self.g, self.rng
        if self.mode == "sync":
            seat = g.sync_next()
            if seat == REFEREE:
                acts = g.legal_actions(REFEREE)
            else:
                acts = g.sync_actions(seat)
                legal = g.legal_actions(seat)
                assert all(a in legal for a in acts), (
                    f"sync_actions({seat}) offers an action legal_actions lacks"
                )
            assert acts, f"sync protocol stalled: seat {seat} has nothing to do (phase {g.phase})"
            dobons = [a for a in acts if a.kind is Kind.DOBON]
            if dobons and rng.random() < self.eager:
                return rng.choice(dobons)
            return self.choose(acts)
        options = {s: acts for s, acts in all_legal(g).items() if acts}
        assert options, f"nobody can act (phase {g.phase}): the game is stuck"
        dobons = [a for acts in options.values() for a in acts if a.kind is Kind.DOBON]
        if dobons and rng.random() < self.eager:
            return rng.choice(dobons)
        seats = sorted(options)
        weights = [0.4 if s == REFEREE else 1.0 for s in seats]  # the referee's clock runs out less often
        seat = rng.choices(seats, weights)[0]
        return self.choose(options[seat])

    def step(self) -> tuple[Action, list]:
        g = self.g
        action = self.pick()
        assert action in g.legal_actions(action.seat)
        assert g.refusal(action) is None, (
            f"{action}: legal_actions offers it but refusal says {g.refusal(action)!r}"
        )
        events = g.apply(action)
        assert g.actions[-1] == action
        return action, events


GAME = dict(
    players=st.integers(min_value=2, max_value=6),
    seed=st.integers(min_value=0, max_value=2**32 - 1),
    choice_seed=st.integers(min_value=0, max_value=2**32 - 1),
    points=st.sampled_from([1000, 1000, 150, 0]),
    eager=st.sampled_from([0.0, 0.5, 0.95]),
    style=st.sampled_from(["any", "any", "play", "draw"]),
)
MODES = ["sync", "realtime"]
# no "explain" phase: re-running variations of a failing game costs more than it tells
PHASES = (HPhase.explicit, HPhase.reuse, HPhase.generate, HPhase.shrink)


# ---------------------------------------------------------------------------------------------- invariants


def check_cards(g: Game) -> None:
    cards = g.all_cards()
    ids = sorted(c.id for c in cards)
    assert ids == list(range(len(g.deck.cards))) and len(g.deck.cards) == DECK_SIZE, (
        f"cards are lost or duplicated: {len(cards)} places for {DECK_SIZE} cards"
    )
    assert all(c is g.deck.cards[c.id] for c in cards), "a card is not the deck's own object"
    assert len(g.discard) >= 1, "there is no field card"


def check_views(g: Game) -> None:
    sizes = tuple(len(h) for h in g.hands)
    for s in range(g.n):
        v = g.view(s)
        assert v.seat == s
        assert v.hand == tuple(g.hands[s]), f"view({s}).hand is not seat {s}'s hand"
        assert v.hand_sizes == sizes, f"view({s}).hand_sizes {v.hand_sizes} != {sizes}"
        assert sum(v.hand_sizes) + v.stock + len(v.discard) == DECK_SIZE
        assert v.field is g.discard[-1] and v.discard == tuple(g.discard)
        assert v.legal == tuple(g.legal_actions(s))
        assert v.scores == tuple(g.scores)


class HiddenInfo:
    """A seat's view and its redacted events never show a card of another seat's hand unrevealed."""

    PUBLIC = (Played, WindowOpened, DobonCalled, RoundEnded)  # events whose cards the rules show to all

    def __init__(self, g: Game):
        self.g = g
        self.seen = 0
        self.shown_to = 0
        self.once_public: set[int] = set()  # every card ever played or turned up

    def check_views(self) -> None:
        g = self.g
        revealed = {c.id for hand in g.revealed.values() for c in hand}
        public = {c.id for c in g.discard} | revealed
        if g.window is not None:
            public |= {c.id for c in g.window.cards}
        # the round's history names cards that were public when it recorded them: every play, and the
        # field card at every draw (some may since have been shuffled back into the stock)
        for e in g.events[self.shown_to :]:
            if isinstance(e, Played):
                self.once_public.update(c.id for c in e.cards)
            elif isinstance(e, RoundDealt):
                self.once_public.add(e.field.id)
        self.shown_to = len(g.events)
        once_public = self.once_public
        for s in range(g.n):
            v = g.view(s)
            if s == 0:
                history = {c.id for clue in v.history for c in (*clue.cards, clue.field) if c is not None}
                assert history <= once_public, "the history names a card never shown"
            assert len(v.history) == len(g.clues), "every seat sees the same history"
            allowed = public | {c.id for c in g.hands[s]}
            leaked = [c for c in cards_in(dataclasses.replace(v, history=()), []) if c.id not in allowed]
            assert not leaked, f"view({s}) shows hidden cards {leaked} (stock or another seat's hand)"
            assert isinstance(v.stock, int)
        ref = g.view(REFEREE)
        assert ref.hand == ()

    def check_events(self) -> None:
        g = self.g
        for e in g.events[self.seen :]:
            assert e.for_seat(REFEREE) == e
            json.dumps(e.to_json())
            for s in range(g.n):
                r = e.for_seat(s)
                assert type(r) is type(e)
                if isinstance(e, RoundDealt):
                    assert r.hands[s] == e.hands[s] and len(e.hands[s]) == HAND
                    for other in range(g.n):
                        if other != s:
                            assert r.hands[other] is None, f"RoundDealt shows seat {other}'s hand to seat {s}"
                    assert r.sizes == e.sizes and r.field is e.field
                    assert {c.id for c in cards_in(r, [])} <= {c.id for c in e.hands[s]} | {e.field.id}
                elif isinstance(e, Drew):
                    assert r.count == e.count and r.penalty == e.penalty
                    if e.seat == s:
                        assert r.cards == e.cards
                    else:
                        assert r.cards is None, f"seat {s} sees the cards seat {e.seat} drew: {e.cards}"
                    assert e.cards is not None and len(e.cards) == e.count
                elif isinstance(e, self.PUBLIC):
                    assert r == e
                else:
                    assert not cards_in(r, []), f"{e.name} shows cards to seat {s}: {r}"
        self.seen = len(g.events)


# ---------------------------------------------------------------------------------------------- the spec model


class SpecModel:
    """Independent bookkeeping of app.md: turn, suit in force, 2-chain, windows, calls, scores.

    `check_legal()` compares the engine's legal actions with the spec; `after()` checks each action's
    effects and, when a window closes, the round's result against §4-§5.
    """

    def __init__(self, g: Game):
        self.g = g
        self.n = g.n
        self.start = g.rules.starting_points
        self.window: dict | None = None
        self.last_winner: int | None = None
        self._dealt(g.events, g.rules.first_parent)

    def _dealt(self, events, first: int) -> None:
        g = self.g
        dealt = [e for e in events if isinstance(e, RoundDealt)]
        assert len(dealt) == 1, "a deal must emit one RoundDealt"
        e = dealt[0]
        assert e.first == first, f"round dealt with parent {e.first}, the spec says {first}"
        assert e.sizes == (HAND,) * self.n and all(len(h) == HAND for h in g.hands)
        assert e.field is g.discard[-1] and len(g.discard) == 1
        assert len(g.stock) == DECK_SIZE - HAND * self.n - 1
        # [D9] the turned-up card has no effect: no chain, its printed suit
        assert g.chain_links == 0 and g.field_suit is None
        assert g.turn == first and g.phase is Phase.TURN and g.window is None
        self.suit = e.field.suit
        self.chain = 0
        self.turn = first
        self.window = None

    # -- legality

    def frozen(self) -> bool:
        w = self.window
        return w is not None and (w["stop"] or bool(w["calls"]))

    def eligible(self, seat: int) -> bool:
        """Spec §6 eligibility for declaring on the open window's card."""
        w = self.window
        if w is None:
            return False
        hand = self.g.hands[seat]
        if seat in w["calls"] or len(hand) < 2:
            return False
        if seat == w["placer"] and not w["calls"]:
            return False
        return sum(c.rank for c in hand) == w["card"].rank

    def expected_turn_actions(self, seat: int) -> set[Action]:
        g = self.g
        hand = g.hands[seat]
        out: set[Action] = set()
        if self.chain:
            out = {Action(seat, Kind.PLAY, (c,)) for c in hand if c.rank == 2}  # [D5]
        else:
            field = g.discard[-1]
            for c in hand:
                if c.suit is self.suit or c.rank == field.rank:
                    if c.rank == 8 and len(hand) > 1:
                        out |= {Action(seat, Kind.PLAY, (c,), s) for s in Suit}  # [D4]
                    else:
                        out.add(Action(seat, Kind.PLAY, (c,)))  # [D19] a last 8 names nothing
        drawable = len(g.stock) + len(g.discard) - 1
        if not out or drawable:  # [D7]
            out.add(Action(seat, Kind.DRAW))
        return out

    def check_legal(self) -> None:
        g = self.g
        ref = g.legal_actions(REFEREE)
        if g.phase is Phase.ROUND_OVER:
            assert [a.kind for a in ref] == [Kind.NEXT_ROUND]
        elif g.phase is Phase.MATCH_OVER:
            assert [a.kind for a in ref] == [Kind.NEW_MATCH]
        else:
            assert (self.window is not None) == (g.window is not None)
            assert [a.kind for a in ref] == ([Kind.CLOSE] if self.window is not None else [])
        over = g.phase in (Phase.ROUND_OVER, Phase.MATCH_OVER)
        for s in range(self.n):
            legal = g.legal_actions(s)
            if over:
                assert legal == [], f"seat {s} may act after the round ended: {legal}"
                continue
            turn = {a for a in legal if a.kind in (Kind.PLAY, Kind.DRAW)}
            if s == self.turn and not self.frozen():
                want = self.expected_turn_actions(s)
                assert turn == want, (
                    f"seat {s}'s turn actions differ from the spec: engine-only "
                    f"{sorted(map(str, turn - want))}, spec-only {sorted(map(str, want - turn))}"
                )
            else:
                assert not turn, f"seat {s} may play or draw out of turn: {sorted(map(str, turn))}"
            dobons = [a for a in legal if a.kind is Kind.DOBON]
            if dobons:
                assert self.eligible(s), f"seat {s} may call dobon but is not eligible (spec §6)"
                assert dobons == [Action(s, Kind.DOBON, (self.window["card"],))]
            elif self.eligible(s):
                assert s not in g.window.pending, f"seat {s} is eligible and asked but cannot call dobon"
            passes = [a for a in legal if a.kind is Kind.PASS]
            assert len(passes) <= 1 and (not passes or self.window is not None)
            assert not [a for a in legal if a.kind in REFEREE_KINDS]

    # -- effects

    def snapshot(self) -> dict:
        g = self.g
        return {
            "hands": [list(h) for h in g.hands],
            "drawable": len(g.stock) + len(g.discard) - 1,
            "stock": len(g.stock),
            "field": g.discard[-1],
            "scores": list(g.scores),
        }

    def after(self, action: Action, events: list, before: dict) -> None:
        g, kind, n = self.g, action.kind, self.n
        closed = [e for e in events if isinstance(e, WindowClosed)]
        ended = [e for e in events if isinstance(e, RoundEnded)]
        if kind in (Kind.PLAY, Kind.DRAW):
            assert not ended, "a turn action ended the round"
            if self.window is not None:  # [D8] the next player's action closes the window
                assert not self.frozen()
                assert len(closed) == 1 and closed[0].calls == 0
                self.window = None
            else:
                assert not closed
        if kind is Kind.PLAY:
            p, card = action.seat, action.card
            played = [e for e in events if isinstance(e, Played)]
            left = len(before["hands"][p]) - 1
            assert played == [Played(p, (card,), left)]
            assert g.discard[-1] is card and len(g.hands[p]) == left
            assert [e for e in events if isinstance(e, WindowOpened)] == [WindowOpened(p, (card,))]
            assert g.window is not None and g.window.cards == (card,) and g.window.placer == p
            self.window = {"placer": p, "card": card, "calls": [], "stop": left == 0}
            if left == 0:  # §4.6 stop; [D19] a 2 or 8 has no effect
                assert not [e for e in events if isinstance(e, SuitChosen | DrawChainChanged)]
                assert g.phase is Phase.REACTION
            else:
                self.suit = action.suit if card.rank == 8 else card.suit
                self.chain = self.chain + 1 if card.rank == 2 else 0
                self.turn = (p + 1) % n
                assert suit_in_force(g) is self.suit
                assert (g.chain_links, g.chain_cards) == (self.chain, 2 * self.chain)
                assert g.turn == self.turn and g.phase is Phase.TURN
        elif kind is Kind.DRAW:
            p = action.seat
            drew = [e for e in events if isinstance(e, Drew)]
            assert len(drew) == 1 and drew[0].seat == p
            d = drew[0]
            owed = 2 * self.chain if self.chain else 1  # §3.3 draw 2c; [D7] draw what exists
            assert d.penalty == bool(self.chain)
            assert d.count == min(owed, before["drawable"]) == len(d.cards)
            assert sorted(c.id for c in g.hands[p]) == sorted(c.id for c in [*before["hands"][p], *d.cards])
            assert g.discard[-1] is before["field"], "a draw moved the field card (§3.4)"
            if any(isinstance(e, Reshuffled) for e in events):
                assert before["stock"] < d.count or before["stock"] < owed, "reshuffled with stock left"
            assert not [e for e in events if isinstance(e, WindowOpened)], "a draw opened a window (§3.5)"
            self.chain = 0
            self.turn = (p + 1) % n
            assert (g.chain_links, g.chain_cards) == (0, 0)
            assert g.turn == self.turn and suit_in_force(g) is self.suit
        elif kind is Kind.DOBON:
            w = self.window
            q = action.seat
            assert w is not None
            hand = before["hands"][q]
            assert len(hand) >= 2 and sum(c.rank for c in hand) == w["card"].rank and q not in w["calls"]
            assert q != w["placer"] or w["calls"], "dobon on one's own card without a prior call"
            called = [e for e in events if isinstance(e, DobonCalled)]
            answer_to = w["calls"][-1] if w["calls"] else w["placer"]
            assert called == [DobonCalled(q, tuple(hand), (w["card"],), answer_to, q == w["placer"])]
            w["calls"].append(q)
            assert g.revealed.get(q) == tuple(hand)
        elif kind is Kind.NEXT_ROUND:
            assert self.last_winner is not None
            self._dealt(events, self.last_winner)  # §5: the round winner is the next parent
        elif kind is Kind.NEW_MATCH:
            assert g.scores == [self.start] * n
            self._dealt(events, g.rules.first_parent)
        if kind in (Kind.PASS, Kind.DOBON, Kind.CLOSE):
            if kind is Kind.CLOSE:
                assert len(closed) == 1
            if closed:
                w = self.window
                assert w is not None and len(closed) == 1 and closed[0].calls == len(w["calls"])
                self.window = None
                if w["calls"] or w["stop"]:
                    assert len(ended) == 1, "the window closed with a result but the round did not end"
                    self._check_result(w, ended[0], before, events)
                else:
                    assert not ended
            else:
                assert not ended and g.window is not None
        if self.window is None and g.phase not in (Phase.ROUND_OVER, Phase.MATCH_OVER):
            assert g.window is None
        if g.phase is Phase.TURN and not self.frozen():
            assert g.turn == self.turn

    def _check_result(self, w: dict, ended: RoundEnded, before: dict, events: list) -> None:
        g, n = self.g, self.n
        hands = before["hands"]
        assert ended.hands == tuple(tuple(h) for h in hands)
        r = ended.result
        deltas = [0] * n
        card = w["card"]
        if w["calls"]:  # §4.5 and §5 dobon
            calls = w["calls"]
            winner = calls[-1]
            loser = calls[-2] if len(calls) >= 2 else w["placer"]
            cards = [*hands[winner], *hands[loser], card]
            twos = sum(1 for c in cards if c.rank == 2)
            pay = sum(score_value(c) for c in cards) * twos_factor(twos) * 2 ** len(calls)
            deltas[winner] += pay
            deltas[loser] -= pay
            assert (r.ending, r.winners, r.losers) == ("dobon", (winner,), (loser,))
        else:  # §4.6 and §5 stop
            winner = w["placer"]
            assert not hands[winner]
            for seat in range(n):
                if seat != winner:
                    twos = sum(1 for c in hands[seat] if c.rank == 2)
                    pay = sum(score_value(c) for c in hands[seat]) * twos_factor(twos)
                    deltas[seat] -= pay
                    deltas[winner] += pay
            assert r.ending == "stop" and r.winners == (winner,)
            assert sorted(r.losers) == [s for s in range(n) if s != winner]
        assert list(r.deltas) == deltas, f"round result {r.deltas} != spec {deltas} (window {w})"
        assert g.scores == [a + b for a, b in zip(before["scores"], deltas, strict=True)]
        assert ended.scores == tuple(g.scores)
        assert sum(g.scores) == self.start * n, "payments are not zero-sum"
        self.last_winner = winner
        over = [e for e in events if isinstance(e, MatchEnded)]
        if any(s < 0 for s in g.scores):  # §5 session end, D15 ranks
            assert g.phase is Phase.MATCH_OVER and len(over) == 1
            assert over[0].ranks == competition_ranks(g.scores)
            assert over[0].scores == tuple(g.scores)
        else:
            assert g.phase is Phase.ROUND_OVER and not over


# ---------------------------------------------------------------------------------------------- candidates


def random_candidates(rng: random.Random, g: Game, group: str, count: int) -> list[Action]:
    """Random (mostly illegal) actions of one group:

    * ``seat``: seats in range, player kinds, no amount/flag; half of them are legal actions mutated
      in one field (seat, cards, suit, kind);
    * ``extras``: like ``seat`` but with a non-zero amount and/or flag set;
    * ``referee``: the referee with any kind, cards or suit, and seats in range with referee kinds;
    * ``out_of_range``: seats that do not exist at this table, any kind.
    """
    n = g.n
    legal = [a for acts in all_legal(g).values() for a in acts]
    player_kinds = [k for k in Kind if k not in REFEREE_KINDS]
    deck = g.deck.cards
    out: list[Action] = []

    def some_cards(seat: int) -> tuple[Card, ...]:
        pools = [deck, [g.discard[-1]]]
        if 0 <= seat < n and g.hands[seat]:
            pools.append(g.hands[seat])
        if g.window is not None:
            pools.append(g.window.cards)
        k = rng.choice([0, 0, 1, 1, 1, 2])
        return tuple(rng.choice(rng.choice(pools)) for _ in range(k))

    def some_suit():
        return None if rng.random() < 0.5 else rng.choice(list(Suit))

    for _ in range(count):
        if group == "out_of_range":
            seat = rng.choice([-7, -2, n, n + 1, 99])
            out.append(Action(seat, rng.choice(list(Kind)), some_cards(seat), some_suit()))
            continue
        if group == "referee":
            if rng.random() < 0.6:
                base = Action(REFEREE, rng.choice(list(Kind)))
                if rng.random() < 0.5 and legal:
                    ref = [a for a in legal if a.seat == REFEREE]
                    base = rng.choice(ref) if ref else base
                what = rng.randrange(4)
                if what == 0:
                    base = dataclasses.replace(base, cards=some_cards(REFEREE) or (rng.choice(deck),))
                elif what == 1:
                    base = dataclasses.replace(base, suit=rng.choice(list(Suit)))
                elif what == 2:
                    base = dataclasses.replace(base, amount=rng.choice([1, -1, 3]))
                out.append(base)
            else:
                seat = rng.randrange(n)
                out.append(Action(seat, rng.choice(sorted(REFEREE_KINDS, key=str)), some_cards(seat)))
            continue
        seat_legal = [a for a in legal if a.seat != REFEREE]
        if seat_legal and rng.random() < 0.5:
            a = rng.choice(seat_legal)
            what = rng.randrange(5)
            if what == 0:
                a = dataclasses.replace(a, seat=rng.randrange(n))
            elif what == 1:
                a = dataclasses.replace(a, cards=some_cards(a.seat))
            elif what == 2:
                a = dataclasses.replace(a, suit=some_suit())
            elif what == 3:
                a = dataclasses.replace(a, kind=rng.choice(player_kinds))
            else:
                a = dataclasses.replace(a, cards=(*a.cards, rng.choice(deck)))
        else:
            seat = rng.randrange(n)
            a = Action(seat, rng.choice(player_kinds), some_cards(seat), some_suit())
        if group == "extras":
            flag = rng.random() < 0.5
            amount = rng.choice([0, 1, 2, -1, 13]) if flag else rng.choice([1, 2, -1, 13])
            a = dataclasses.replace(a, amount=amount, flag=flag)
            if seat_legal and rng.random() < 0.5:  # a legal action with only the extra field added
                base = rng.choice(seat_legal)
                a = dataclasses.replace(base, amount=amount, flag=flag)
        out.append(a)
    return out


def check_refusal(g: Game, a: Action) -> None:
    reason = g.refusal(a)
    if a.seat == REFEREE or 0 <= a.seat < g.n:
        legal = a in g.legal_actions(a.seat)
        assert (reason is None) == legal, (
            f"{a!r}: refusal says {reason!r} but legal_actions({a.seat}) "
            f"{'contains' if legal else 'lacks'} it (phase {g.phase.value}, window {g.window})"
        )
    else:
        assert reason is not None, f"{a!r}: a seat that does not exist was not refused"
        assert g.legal_actions(a.seat) == []
    if reason is not None:
        key = g.state_key()
        with pytest.raises(IllegalAction) as info:
            g.apply(a)
        assert isinstance(info.value.reason, str) and info.value.reason.strip(), (
            "IllegalAction without reason"
        )
        assert info.value.action == a
        assert g.state_key() == key, f"refused {a} changed the state"


# ---------------------------------------------------------------------------------------------- the tests

MAX_ACTIONS = 3000


@pytest.mark.parametrize("mode", MODES)
@settings(max_examples=12, deadline=None, phases=PHASES)
@given(**GAME)
def test_cards_views_and_legality(mode, players, seed, choice_seed, points, eager, style):
    """Every card is in exactly one place; views match the hands; only legal actions are applied."""
    run = Run(players, seed, choice_seed, points, mode, eager, style)
    g = run.g
    check_cards(g)
    check_views(g)
    for _ in range(MAX_ACTIONS):
        for acts in all_legal(g).values():
            for a in acts:
                assert g.refusal(a) is None, f"legal {a} refused: {g.refusal(a)}"
        run.step()
        check_cards(g)
        check_views(g)
    assert len(g.actions) == MAX_ACTIONS
    assert any(isinstance(e, RoundDealt) for e in g.events)


@pytest.mark.parametrize("mode", MODES)
@settings(max_examples=20, deadline=None, phases=PHASES)
@given(**GAME)
def test_play_follows_the_spec(mode, players, seed, choice_seed, points, eager, style):
    """Legal turn actions, dobon eligibility, transitions, round results and match ends follow app.md."""
    run = Run(players, seed, choice_seed, points, mode, eager, style)
    g = run.g
    model = SpecModel(g)
    for _ in range(2000):
        model.check_legal()
        before = model.snapshot()
        action, events = run.step()
        model.after(action, events, before)


@pytest.mark.parametrize("mode", MODES)
@settings(max_examples=10, deadline=None, phases=PHASES)
@given(**GAME)
def test_views_and_events_hide_other_hands(mode, players, seed, choice_seed, points, eager, style):
    """view(s) shows seat s's hand and public cards only; events for seat s hide others' draws and deals."""
    run = Run(players, seed, choice_seed, points, mode, eager, style)
    g = run.g
    hidden = HiddenInfo(g)
    hidden.check_views()
    hidden.check_events()
    for _ in range(1500):
        run.step()
        hidden.check_views()
        hidden.check_events()
    assert hidden.seen == len(g.events)


@pytest.mark.parametrize("group", ["seat", "extras", "referee", "out_of_range"])
@settings(max_examples=10, deadline=None, phases=PHASES)
@given(**GAME, realtime=st.booleans(), cand_seed=st.integers(min_value=0, max_value=2**32 - 1))
def test_refusal_iff_not_legal(group, players, seed, choice_seed, points, eager, style, realtime, cand_seed):
    """refusal(a) is None exactly when a is in legal_actions(a.seat); apply() of a refused action raises
    IllegalAction with a reason and leaves state_key() unchanged."""
    run = Run(players, seed, choice_seed, points, "realtime" if realtime else "sync", eager, style)
    g = run.g
    rng = random.Random(cand_seed)
    for _ in range(600):
        for a in random_candidates(rng, g, group, 4):
            check_refusal(g, a)
        run.step()


@settings(max_examples=25, deadline=None, phases=PHASES)
@given(
    **GAME,
    realtime=st.booleans(),
    length=st.one_of(
        st.integers(min_value=1, max_value=60), st.integers(min_value=1000, max_value=MAX_ACTIONS)
    ),
)
def test_replay_reproduces_the_game(players, seed, choice_seed, points, eager, style, realtime, length):
    """A fresh Game with the same rules and seed, fed the same actions through JSON, is the same game."""
    run = Run(players, seed, choice_seed, points, "realtime" if realtime else "sync", eager, style)
    g = run.g
    for _ in range(length):
        run.step()
    lines = [json.dumps(a.to_json()) for a in g.actions]
    rules = make_rules(g.rules.preset, g.n, json.loads(json.dumps(g.rules.options())))
    assert rules == g.rules
    h = Game(rules, g.seed)
    for line, original in zip(lines, g.actions, strict=True):
        a = Action.from_json(json.loads(line), h.deck)
        assert a == original, f"{line} parsed as {a!r}, not {original!r}"
        h.apply(a)
    assert h.actions == g.actions
    assert h.events == g.events
    assert [json.dumps(e.to_json()) for e in h.events] == [json.dumps(e.to_json()) for e in g.events]
    assert h.state_key() == g.state_key()
    # the replayed game goes on identically too
    for a in g.legal_actions(g.sync_next())[:1]:
        assert h.legal_actions(a.seat) == g.legal_actions(a.seat)
        assert h.apply(a) == g.apply(a)
        assert h.state_key() == g.state_key()


def cards_summing_to(pool: list[Card], count: int, total: int) -> list[Card] | None:
    """`count` cards of `pool` whose ranks (dobon values) add up to `total`, or None."""

    def search(start: int, left: int, rest: int, acc: list[Card]) -> list[Card] | None:
        if left == 0:
            return list(acc) if rest == 0 else None
        for i in range(start, len(pool)):
            rank = pool[i].rank
            if rank <= rest - (left - 1):
                acc.append(pool[i])
                found = search(i + 1, left - 1, rest - rank, acc)
                acc.pop()
                if found:
                    return found
        return None

    return search(0, count, total, [])


def rigged_game(players: int, seed: int, rank: int, gaeshi: bool) -> tuple[Game, Card]:
    """A deal where seat 0 holds a card X of `rank` it can play at once, as many other seats as the deck
    allows hold five cards adding up to X, and (if `gaeshi`) seat 0's other four cards add up to X too."""
    rng = random.Random(seed)
    g = make_game(players, seed)
    g = Game(g.rules, seed, deal=False)
    pool = list(g.deck.cards)
    rng.shuffle(pool)
    x = next(c for c in pool if c.rank == rank)
    pool.remove(x)

    def take(count: int, total: int | None) -> list[Card]:
        got = cards_summing_to(pool, count, total) if total is not None else None
        got = got or pool[:count]
        for c in got:
            pool.remove(c)
        return got

    hands = [[x, *take(4, rank if gaeshi else None)]]
    hands += [take(5, rank) for _ in range(1, players)]
    field = next((c for c in pool if c.suit is x.suit), None) or next(c for c in pool if c.rank == x.rank)
    pool.remove(field)
    g.start_round(g.deck_from_hands(hands, field, pool, first=0))
    return g, x


@pytest.mark.parametrize("mode", MODES)
@settings(max_examples=30, deadline=None, phases=PHASES)
@given(
    players=st.integers(min_value=2, max_value=6),
    seed=st.integers(min_value=0, max_value=2**32 - 1),
    choice_seed=st.integers(min_value=0, max_value=2**32 - 1),
    rank=st.integers(min_value=6, max_value=13),
    gaeshi=st.booleans(),
    eager=st.sampled_from([0.6, 0.9, 1.0]),
)
def test_dobon_chains_follow_the_spec(mode, players, seed, choice_seed, rank, gaeshi, eager):
    """Rigged deals where the first card played can be dobon'd by several seats (and dobon'd back):
    chains, gaeshi and their scoring (§4.4, §4.5, §5) follow the spec, with every other invariant."""
    g, x = rigged_game(players, seed, rank, gaeshi)
    run = Run(players, seed, choice_seed, 1000, mode, eager, "play")
    run.g = g
    model = SpecModel(g)
    hidden = HiddenInfo(g)
    model.check_legal()
    first = next(a for a in g.legal_actions(0) if a.kind is Kind.PLAY and a.card is x)
    before = model.snapshot()
    model.after(first, g.apply(first), before)
    callers = [s for s in range(players) if model.eligible(s)]
    assert all(sum(c.rank for c in g.hands[s]) == rank for s in callers)
    for _ in range(300):
        model.check_legal()
        before = model.snapshot()
        action, events = run.step()
        model.after(action, events, before)
        check_cards(g)
        hidden.check_views()
        hidden.check_events()


def test_headless_log_round_trip(tmp_path):
    """simulate -> write_log -> replay gives the same game and the same summary (timing aside)."""
    from game.headless import read_log, replay, simulate, write_log

    for players, ai, seed in [(2, ["random"], 3), (5, ["basic", "random"], 11)]:
        options = {"max_players": 6} if players > 4 else {}
        summary, game = simulate("app", players, ai, 25, seed, options)
        path = tmp_path / f"log{players}.jsonl"
        write_log(path, game, [s.ai for s in summary.seats])
        header, fresh, actions = read_log(path)
        assert header["seed"] == seed and header["players"] == players and fresh.n == players
        assert actions == game.actions
        again, replayed = replay(path)
        assert replayed.events == game.events and replayed.state_key() == game.state_key()
        timing = ("seconds", "rounds_per_s", "actions_per_s")
        a = {k: v for k, v in summary.to_json().items() if k not in timing}
        b = {k: v for k, v in again.to_json().items() if k not in timing}
        assert a == b and a["rounds"] == 25
        assert sum(s["points"] for s in a["seats"]) == 0
