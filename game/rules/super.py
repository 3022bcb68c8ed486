"""The `super` preset: スーパードボン (spec: shared/rules/super.md, source: seeds/001).

54 cards (two decks as an option, and for 9-12 players), 5 each. Besides the common field pile every player has a field pile
of their own, where only 8s, Ks and Jokers go. Some cards count two ways in a dobon sum (A 1|10, 2 2|20,
K 13|30); a 9 counts 10. A and 2 start draw chains (a 2 goes back the other way), 3 skips, J reverses, Q
names a colour. A play can never empty a hand, and one that leaves a single card must say "last". A
round ends only by dobon: every seat may call on the card just placed (on any pile); the player called
on may then counter with their own hand. Lower scores are better; the direction carries into the next
round. Decisions [Dn] refer to the spec's section 7.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar

from ..actions import Action, Kind
from ..cards import Card, Suit
from ..clues import Clue
from ..events import DirectionChanged, DobonCalled, Ending, Event, LastOneDeclared, RoundResult, ScoreLine
from ..explain import by_route
from ..piles import FIELD, PileSpec
from ..refusals import NOT_IN_HAND, OneOf, Reason, Refusal
from ..view import encode_state
from . import checks
from .base import MatchState, RoundState, Rulebook, RuleSet, competition_ranks

if TYPE_CHECKING:
    from collections.abc import Sequence

    from ..engine import Game, Window

HAND_SIZE = 5
ONE_DECK_PLAYERS = 8  # [D1] the most one 54-card deck seats; two decks (T-1) seat up to 12
PENALTY = 5  # a forgotten "last" or a false declaration costs 5 cards
ACE, TWO, THREE, EIGHT, NINE, JACK, QUEEN, KING, JOKER = 1, 2, 3, 8, 9, 11, 12, 13, 0
PILE_ONLY = frozenset({EIGHT, KING, JOKER})  # only onto one's own field pile (N-2-5)
RED = frozenset({Suit.HEARTS, Suit.DIAMONDS})
COLOURS = {"red": Suit.HEARTS, "black": Suit.SPADES}  # a Q's PLAY names a colour by one of its suits

# what super's own rules refuse (game.refusals; texts in assets/translations, refusal.super)
TAKE_NAMES_NOTHING = Reason("super.take_names_nothing", "a take names no card")
NO_AMOUNT = Reason("super.no_amount", "a play takes no amount")
ONE_CARD = Reason("super.one_card", "play exactly one card [D27]")
NEVER_EMPTY = Reason(
    "super.never_empty", "a play may never empty your hand: take a card, or wait for a card to dobon on"
)
LAST_ONLY = Reason("super.last_only", '"last" is said only with the play that leaves one card')
DRAW_PENDING = Reason("super.draw_pending", "{count} cards are pending: play an A or a 2, or take them")
COLOUR = {
    colour: Reason(f"super.colour_{colour}", f"the common pile is {colour}: play a {colour} card or a Q")
    for colour in COLOURS
}
NO_MATCH = Reason("super.no_match", "{card} matches neither the suit nor the rank of {field}")
NAME_COLOUR = Reason("super.name_colour", "a Q names a colour: red or black")
ONLY_QUEEN = Reason("super.only_queen", "only a Q names a colour")
CALL_BARE = Reason("super.call_bare", "a dobon takes no suit, amount or flag")
CALL_NAMES_CARD = Reason("super.call_names_card", "a dobon names the card just placed ({card})")
NO_COUNTER = Reason("super.no_counter", "your hand matches none of the revealed hands: no counter")
CANNOT_ADD = Reason("super.cannot_add", "your hand cannot add up to {values} ({card})")


@dataclass(frozen=True)
class SuperRules(RuleSet):
    preset: ClassVar[str] = "super"
    players_cap: ClassVar[int] = 12  # [D1] 2-8 with one deck, 2-12 with two (T-1)
    ranges: ClassVar[dict[str, tuple[int, int]]] = {
        "rounds_per_match": (1, 1000),
        "score_limit": (0, 10**6),  # 0: off
        "reaction_window_ms": (0, 60_000),
    }

    max_players: int = 8
    two_decks: bool = False  # T-1: the advanced rule, 108 cards
    rounds_per_match: int = 8  # [D3] the match ends after this many rounds ...
    score_limit: int = 0  # ... or after the round in which a total reaches this (0: off)
    false_dobon_penalty: bool = True  # [D12] a false declaration costs 5 cards (else it is refused)
    reaction_window_ms: int = 0  # real time: a dobon window's length; 0 = the table's reaction setting
    round_direction: str = "carry"  # [D2] "carry": the next round keeps the direction; "clockwise"

    @property
    def deck(self) -> str:  # type: ignore[override]
        return "108" if self.two_decks else "54"

    @classmethod
    def seat_options(cls, players: int) -> dict[str, Any]:
        """[D1] More than eight seats need the second deck (and the bound of 12): `--players 10` alone
        is a valid game."""
        return {"two_decks": True, "max_players": cls.players_cap} if players > ONE_DECK_PLAYERS else {}

    def validate(self) -> None:
        super().validate()
        if self.players > ONE_DECK_PLAYERS and not self.two_decks:
            raise ValueError(
                f"super is for 2-{ONE_DECK_PLAYERS} players with one deck; "
                f"{self.players} play with two decks (two_decks=true)"
            )
        if self.round_direction not in ("carry", "clockwise"):
            raise ValueError('round_direction must be "carry" or "clockwise"')

    def rulebook(self) -> SuperRulebook:
        return SuperRulebook(self)


# ---------------------------------------------------------------------------------- the cards


def vals(card: Card) -> frozenset[int]:
    """A card's point values for dobon sums (N-1): A 1|10, 2 2|20, 9 10 [D4], K 13|30, Joker 30."""
    return _VALS.get(card.rank) or frozenset({card.rank})


_VALS = {
    ACE: frozenset({1, 10}),
    TWO: frozenset({2, 20}),
    NINE: frozenset({10}),
    KING: frozenset({13, 30}),
    JOKER: frozenset({30}),
}


def totals(cards: Any) -> frozenset[int]:
    """Every sum that takes one point value per card (C-1-6): {A, 2, 5} -> {8, 17, 26, 35}.

    Only A (+9), 2 (+18) and K (+17) have a second value, so the sums are the lowest sum plus every
    count of those raises: a few set entries, however long the hand (the engine asks this a lot)."""
    low = aces = twos = kings = 0
    for card in cards:
        rank = card.rank
        if rank == ACE:
            aces += 1
            low += 1
        elif rank == TWO:
            twos += 1
            low += 2
        elif rank == KING:
            kings += 1
            low += 13
        else:
            low += _LOW.get(rank, rank)
    if not (aces or twos or kings):
        return frozenset((low,))
    return frozenset(
        low + 9 * a + 18 * b + 17 * k
        for a in range(aces + 1)
        for b in range(twos + 1)
        for k in range(kings + 1)
    )


_LOW = {NINE: 10, JOKER: 30}  # the single values that are not the card's number


def score_value(card: Card) -> int:
    """A card's score (N-1): A 10, 2 20, 9-Q 10, K and Joker 30, others their number."""
    if card.rank == ACE or NINE <= card.rank <= QUEEN:
        return 10
    if card.rank == TWO:
        return 20
    if card.rank in (KING, JOKER):
        return 30
    return card.rank


def colour_of(suit: Suit | None) -> str | None:
    if suit is None:
        return None
    return "red" if suit in RED else "black"


def same_suit(cards: Any) -> bool:
    """[D23] every card of one suit (a Joker breaks it; one card passes)."""
    suits = {c.suit for c in cards}
    return None not in suits and len(suits) == 1


# ---------------------------------------------------------------------------------- events


@dataclass(frozen=True, slots=True)
class ColourChosen(Event):
    """A Q named the colour of the common pile (N-2-4)."""

    seat: int
    colour: str  # "red" or "black"


@dataclass(frozen=True, slots=True)
class Penalised(Event):
    """R-1: a forgotten "last" or a false dobon or counter; five cards follow (a Drew event)."""

    seat: int
    reason: str  # "last" or "false_dobon" or "false_counter"


# ---------------------------------------------------------------------------------- state


@dataclass
class SuperRound(RoundState):
    colour: str | None = None  # the colour a Q named, in force on the common pile
    turns_taken: list[int] = field(default_factory=list)  # [D22] turns ended by a play or a take
    first_card_placed: bool = False
    last: list[bool] = field(default_factory=list)  # who has declared "last" and still holds 1 card
    passer: int | None = None  # who passed the pending draw on (an answering 2 goes back to them)
    travel: int = 0  # the way the pending draw last travelled: +1 with the direction, -1 against
    first_card: bool = False  # [D22] the target is the round's first placed card
    first_lap: bool = False  # [D22] the target was placed on its placer's first turn
    dobons: list[tuple[int, tuple[Card, ...]]] = field(default_factory=list)  # valid calls, in order
    countering: bool = False  # the counter window (the loser's answer) is open
    counter: tuple[Card, ...] | None = None  # the counter's cards (the loser's hand)
    idle: int = 0  # turns in a row with no card placed while nothing can be reshuffled [D11]
    sound: dict[int, bool] = field(default_factory=dict, repr=False, compare=False)  # a cache, this window


@dataclass
class SuperMatch(MatchState):
    direction: int = 1  # [D2] the direction in force when the last round ended


# the fields of a position's `round` (Rulebook.round_data): the public state, and the stalemate count
_ROUND_KEYS = (
    "colour",
    "turns_taken",
    "first_card_placed",
    "last_one",
    "countering",
    "dobons",
    "first_card",
    "first_lap",
    "passer",
    "travel",
    "idle",
    "pending",
)


class SuperRulebook(Rulebook):
    higher_is_better = False  # E-1: the lowest total wins
    queues_turn = True  # §6: the next player may act during a window; it goes down when it closes

    def __init__(self, rules: SuperRules):
        self.rules = rules
        self._made: dict[tuple[int, int, bool, bool], list[Action]] = {}
        self._draw: list[Action] = []

    def bind(self, game: Game) -> None:
        self._draw = [Action(s, Kind.DRAW) for s in range(game.n)]

    @staticmethod
    def _round(game: Game) -> SuperRound:
        return game.ext  # type: ignore[return-value]

    # ------------------------------------------------------------------ dealing and piles

    def hand_sizes(self, game: Game) -> list[int]:
        return [HAND_SIZE] * game.n

    def extra_piles(self, game: Game) -> tuple[PileSpec, ...]:
        return tuple(PileSpec(f"pile/{s}") for s in range(game.n))  # face up: everyone sees them

    def rebuild_from(self, game: Game) -> tuple[tuple[str, int], ...]:
        """[D11] every field card but the common pile's top one."""
        return ((FIELD, 1), *((f"pile/{s}", 0) for s in range(game.n)))

    def start_match(self, game: Game) -> None:
        game.match_ext = SuperMatch()

    def start_round(self, game: Game) -> None:
        n = game.n
        game.ext = SuperRound(turns_taken=[0] * n, last=[False] * n)
        match: SuperMatch = game.match_ext  # type: ignore[assignment]
        if self.rules.round_direction == "carry" and match.direction != game.direction:
            game.direction = match.direction  # [D2] the last round's direction goes on
            game.emit(DirectionChanged(game.direction))

    def start_position(self, game: Game) -> None:
        """A round set up from a position: the position's own direction stands (a J may have turned it
        since the round began); `SuperMatch.direction` stays what the last round ended with."""
        game.ext = SuperRound(turns_taken=[0] * game.n, last=[False] * game.n)

    def window_ms(self, game: Game, window: Window, usual: float) -> float:
        return self.rules.reaction_window_ms or usual

    # ------------------------------------------------------------------ turns

    def _fits(self, game: Game, card: Card) -> bool:
        """May `card` go onto the common pile now? [D6] suit or rank; after a Q its colour or a Q; an
        initial Joker takes anything; a pending draw takes any A or 2 [D8]."""
        if card.rank in PILE_ONLY:
            return False
        if game.chain_cards:
            return card.rank in (ACE, TWO)
        top = game.discard[-1]
        colour = self._round(game).colour
        if colour is not None:
            return colour_of(card.suit) == colour or card.rank == QUEEN
        if top.rank == JOKER:
            return True
        return card.suit is top.suit or card.rank == top.rank

    def _plays(self, seat: int, card: tuple[Card], leaves_one: bool, colour: bool) -> list[Action]:
        """The actions that play `card` (a Q names a colour; a play leaving one card may say last),
        made once and kept: the engine asks for them constantly."""
        key = (seat, card[0].id, leaves_one, colour)
        plays = self._made.get(key)
        if plays is None:
            flags = (True, False) if leaves_one else (False,)
            suits = tuple(COLOURS.values()) if colour else (None,)
            plays = [Action(seat, Kind.PLAY, card, suit, flag=f) for f in flags for suit in suits]
            plays = self._made[key] = plays
        return plays

    def turn_actions(self, game: Game, seat: int) -> list[Action]:
        out: list[Action] = []
        hand = game.hands[seat]
        if len(hand) >= 2:  # J-1-3: a play may never empty the hand
            leaves_one = len(hand) == 2
            chain = bool(game.chain_cards)
            alone = game.deck.alone
            for card in hand:
                pile_only = card.rank in PILE_ONLY and not chain  # [D9] no pile plays under a draw
                if pile_only or self._fits(game, card):
                    colour = card.rank == QUEEN and not chain
                    out.extend(self._plays(seat, alone[card.id], leaves_one, colour))
        out.append(self._draw[seat] if seat < len(self._draw) else Action(seat, Kind.DRAW))
        return out

    def explain(self, game: Game, action: Action) -> Refusal:
        return by_route(game, action, turn=self._why_turn, call=self._why_call)

    def _why_turn(self, game: Game, action: Action) -> Refusal | None:
        """Why the turn player's PLAY or DRAW is not among its turn actions."""
        seat = action.seat
        hand = game.hands[seat]
        if action.kind is Kind.DRAW:
            if action.cards or action.suit is not None or action.amount or action.flag:
                return TAKE_NAMES_NOTHING()
            return None
        if action.amount:
            return NO_AMOUNT()
        if len(action.cards) != 1:
            return ONE_CARD()
        card = action.card
        if not any(c is card for c in hand):
            return NOT_IN_HAND(card=card)
        if len(hand) < 2:
            return NEVER_EMPTY()
        if action.flag and len(hand) != 2:
            return LAST_ONLY()
        if game.chain_cards:
            if card.rank not in (ACE, TWO):
                return DRAW_PENDING(count=game.chain_cards)
        elif card.rank in PILE_ONLY:
            pass  # onto your own pile, no matching (J-1-4)
        elif not self._fits(game, card):
            colour = self._round(game).colour
            if colour is not None:
                return COLOUR[colour]()
            return NO_MATCH(card=card, field=game.discard[-1])
        wants_colour = card.rank == QUEEN and not game.chain_cards
        if wants_colour and action.suit not in COLOURS.values():  # ♥ stands for red, ♠ for black
            return NAME_COLOUR()
        if not wants_colour and action.suit is not None:
            return ONLY_QUEEN()
        return None

    def apply_turn(self, game: Game, action: Action) -> None:
        r = self._round(game)
        seat = action.seat
        if action.kind is Kind.DRAW:
            self._take(game, seat)
            return
        card = action.card
        pile = f"pile/{seat}" if card.rank in PILE_ONLY else FIELD
        game.put_on_field(seat, (card,), pile)
        r.idle = 0
        if pile == FIELD:
            r.colour = colour_of(action.suit) if card.rank == QUEEN and action.suit else None
            if r.colour is not None:
                game.emit(ColourChosen(seat, r.colour))
        if len(game.hands[seat]) == 1:  # J-2: the last declaration, checked first
            if action.flag:
                r.last[seat] = True
                game.emit(LastOneDeclared(seat))  # J-2
            else:
                self._penalise(game, seat, "last")
        r.first_card, r.first_lap = not r.first_card_placed, r.turns_taken[seat] == 0
        r.first_card_placed = True
        r.turns_taken[seat] += 1
        r.dobons, r.countering, r.counter, r.sound = [], False, None, {}
        game.open_window(seat, (card,), freezes_turn=True)  # [D13] every other seat answers

    def _take(self, game: Game, seat: int) -> None:
        r = self._round(game)
        owed = game.chain_cards or 1
        stuck = game.drawable() == 0  # nothing in the stock and nothing to rebuild it from
        game.draw(seat, owed)  # [D11] a shortfall after the reshuffle is forfeited
        r.turns_taken[seat] += 1
        r.last[seat] = r.last[seat] and len(game.hands[seat]) == 1
        if game.chain_cards:
            game.set_chain(0, 0)
            r.passer, r.travel = None, 0
        r.idle = r.idle + 1 if stuck else 0
        if r.idle >= 2 * game.n:  # [D11] the stalemate guard: a void round, the same first player
            match: SuperMatch = game.match_ext  # type: ignore[assignment]
            match.direction = game.direction  # [D2] the next round keeps the direction it ended in
            game.end_round(RoundResult(Ending.VOID, (), (), (0,) * game.n, ()))
            return
        game.set_turn(game.next_seat(seat))  # [D10] on from the taker in the current direction

    def _penalise(self, game: Game, seat: int, reason: str) -> None:
        game.emit(Penalised(seat, reason))
        game.draw(seat, PENALTY, penalty=True)
        self._round(game).last[seat] = False

    # ------------------------------------------------------------------ the card's effect

    def _draw_to(self, game: Game, placer: int, card: Card) -> tuple[int, int]:
        """The seat a draw card sends the pending draw to, and the way it travels (+1/-1)."""
        r = self._round(game)
        if card.rank == ACE:
            travel = 1
        elif game.chain_cards and r.passer is not None:  # an answering 2 goes back to the passer
            travel = -r.travel
        else:
            travel = -1  # [D10] a chain-starting 2 goes against the direction
        return game.next_seat(placer, travel), travel

    def _effect(self, game: Game, placer: int, card: Card) -> None:
        """The placed card's effect, once its window has closed with no dobon; then the next turn."""
        r = self._round(game)
        on_common = card.rank not in PILE_ONLY
        if on_common and card.rank in (ACE, TWO):
            responder, travel = self._draw_to(game, placer, card)
            owed = game.chain_cards + (1 if card.rank == ACE else 2)
            game.set_chain(game.chain_links + 1, owed)
            r.passer, r.travel = placer, travel
            game.set_turn(responder)
        elif on_common and card.rank == THREE:
            game.set_turn(game.next_seat(placer, 2))
        elif on_common and card.rank == JACK:
            game.reverse()
            game.set_turn(game.next_seat(placer))
        else:
            game.set_turn(game.next_seat(placer))

    def _hit_effect(self, game: Game, placer: int, card: Card, winners: set[int]) -> list[ScoreLine]:
        """[D15] the hit card's effect lands on players other than the winners, before scoring."""
        if card.rank == JACK:
            game.reverse()
            return []
        if card.rank not in (ACE, TWO):
            return []
        seat, travel = self._draw_to(game, placer, card)
        owed = game.chain_cards + (1 if card.rank == ACE else 2)
        for _ in range(game.n):
            if seat not in winners:
                break
            seat = game.next_seat(seat, travel)
        game.set_chain(0, 0)
        got = game.draw(seat, owed, penalty=True)
        return [ScoreLine(seat, "hit_draw", len(got))]  # cards taken for the hit A or 2 (D15)

    # ------------------------------------------------------------------ what the record implies (AI inference)

    def fitted(self, card: Card, clue: Clue, held: int) -> bool | None:
        """Could `card` have been placed by the seat that took on the field `clue` records? A take is
        allowed with a play in hand (J-1-2-1), so this is a likelihood, never a certainty."""
        if held < 2:
            return None  # a last card can never be played: the take tells nothing
        assert clue.field is not None
        if clue.chain:
            return card.rank in (ACE, TWO)  # [D8] [D9] only an A or a 2 answers a pending draw
        if card.rank in PILE_ONLY:
            return True  # onto one's own pile, no matching (J-1-4)
        top = clue.field
        if top.rank == QUEEN:
            return None  # the colour it may have named is not in the record
        return top.rank == JOKER or card.suit is top.suit or card.rank == top.rank

    def field_before(self, history: Sequence[Clue], index: int) -> Clue | None:
        """The common pile's top card before `history[index]`: a pile card (8, K, Joker) leaves it as it
        was, and shows that no draw was pending (D9); a take records it and ends any draw; an A or a 2
        just before leaves a draw pending."""
        chain = 1
        for before in reversed(history[:index]):
            if before.is_draw:
                return Clue(history[index].seat, (), 1, before.field)  # a take pays any pending draw
            card = before.cards[0]
            if card.rank in PILE_ONLY:
                chain = 0
                continue
            pending = chain if card.rank in (ACE, TWO) else 0
            return Clue(history[index].seat, (), 1, card, chain=pending)
        return None  # the initial card's play: nothing recorded before it

    def call_totals(self, history: Sequence[Clue], index: int, seat: int, held: int) -> tuple[int, ...]:
        """Every seat but the placer answers each placed card's window (D13, D14), so letting it pass
        says the hand's totals missed the card's values."""
        play = history[index]
        if seat == play.seat or held < 1:
            return ()
        return tuple(sorted(vals(play.cards[0])))

    def could_call(self, hand: Sequence[Card], totals_: tuple[int, ...]) -> bool:
        return not totals(hand).isdisjoint(totals_)

    # ------------------------------------------------------------------ dobon and counter

    def call_actions(self, game: Game, seat: int, window: Window) -> list[Action]:
        if self._sound(game, seat, window):
            return [Action(seat, Kind.DOBON, window.cards)]
        if self.rules.false_dobon_penalty:
            return [Action(seat, Kind.DOBON)]  # [D12] a bare declaration: accepted, and it costs 5
        return []

    def _sound(self, game: Game, seat: int, window: Window) -> bool:
        """Does the seat's whole hand match? A dobon: its totals meet the target's values (J-1-1); a
        counter: they meet the totals of some reveal [D16]. Kept for the window: no pending seat's
        hand changes while it is open."""
        r = self._round(game)
        known = r.sound.get(seat)
        if known is None:
            hand = totals(game.hands[seat])
            if r.countering:
                known = any(hand & totals(cards) for _, cards in r.dobons)
            else:
                known = bool(hand & vals(window.cards[0]))
            r.sound[seat] = known
        return known

    def _why_call(self, game: Game, action: Action, window: Window) -> Refusal | None:
        """Why a pending seat's DOBON is not among its calls."""
        if action.suit is not None or action.amount or action.flag:
            return CALL_BARE()
        if action.cards and action.cards != window.cards:
            return CALL_NAMES_CARD(card=window.cards[0])
        target = window.cards[0]
        if self._round(game).countering:
            return NO_COUNTER()
        return CANNOT_ADD(values=OneOf(sorted(vals(target))), card=target)

    def apply_call(self, game: Game, action: Action, window: Window) -> None:
        r = self._round(game)
        seat = action.seat
        window.pending.remove(seat)  # all calls in one window are simultaneous: nobody is asked again
        if not action.cards:  # a false declaration counts as the seat's pass [D12]
            window.calls.remove(action)
            self._penalise(game, seat, "false_counter" if r.countering else "false_dobon")
            return
        hand = game.reveal(seat)
        if r.countering:
            r.counter = hand
            matched = [s for s, cards in r.dobons if totals(hand) & totals(cards)]
            game.emit(DobonCalled(seat, hand, window.cards, matched[0], True))
            return
        r.dobons.append((seat, hand))
        game.emit(DobonCalled(seat, hand, window.cards, window.placer, False))

    def window_closed(self, game: Game, window: Window) -> None:
        r = self._round(game)
        if r.countering:
            self._score(game, window.placer, window.cards[0])
            return
        if not r.dobons:
            self._effect(game, window.placer, window.cards[0])
            return
        r.countering, r.sound = True, {}  # L-1: the player called on may answer with their own hand
        game.open_window(window.placer, window.cards, freezes_turn=True, seats=[window.placer])

    # ------------------------------------------------------------------ scoring

    def _score(self, game: Game, placer: int, target: Card) -> None:
        r = self._round(game)
        n = game.n
        if r.counter is not None:  # L-1-1: only the counter counts as a dobon
            winners = [placer]
            losers = [s for s, cards in r.dobons if totals(r.counter) & totals(cards)]
            won_with = {placer: r.counter}
        else:
            winners = [s for s, _ in r.dobons]
            losers = [placer]
            won_with = dict(r.dobons)
        lines = self._hit_effect(game, placer, target, set(winners))
        deltas = [0] * n
        for seat in range(n):
            if seat in winners:
                continue
            held = game.hands[seat]  # [D17] a void dobon's revealed hand is still its hand
            eights = sum(1 for c in held if c.rank == EIGHT)
            if seat in losers:
                base = 0
                for w in winners:
                    part = sum(score_value(c) for c in won_with[w])
                    lines.append(ScoreLine(seat, "dobon_points", part, str(w), (("of", w),)))
                    if same_suit(won_with[w]):
                        part *= 2
                        lines.append(ScoreLine(seat, "same_suit_factor", 2, str(w), (("of", w),)))
                    base += part
                value = base * 2
                lines.append(ScoreLine(seat, "loser_factor", 2))
                if r.counter is not None:
                    value *= 2
                    lines.append(ScoreLine(seat, "counter_factor", 2))
                elif r.first_card:
                    value *= 4
                    lines.append(ScoreLine(seat, "first_card_factor", 4))
                elif r.first_lap:
                    value *= 2
                    lines.append(ScoreLine(seat, "first_lap_factor", 2))
            else:
                value = sum(score_value(c) for c in held)
                lines.append(ScoreLine(seat, "hand_points", value))
            if eights:
                value *= 2**eights
                lines.append(ScoreLine(seat, "eights_factor", 2**eights, "", (("eights", eights),)))
            deltas[seat] = value
        match: SuperMatch = game.match_ext  # type: ignore[assignment]
        match.direction = game.direction
        ending = Ending.COUNTER if r.counter is not None else Ending.DOBON
        game.end_round(RoundResult(ending, tuple(winners), tuple(losers), tuple(deltas), tuple(lines)))

    # ------------------------------------------------------------------ rounds and matches

    def next_parent(self, game: Game, result: RoundResult) -> int:
        """[D26] the loser; of several, the highest round score, ties in turn order from the last
        first player; after a void round, the same first player."""
        if not result.losers:
            return game.parent
        order = [game.next_seat(game.parent, k) for k in range(game.n)]
        return max(result.losers, key=lambda s: (result.deltas[s], -order.index(s)))

    def match_over(self, game: Game) -> bool:
        limit = self.rules.score_limit
        if limit:
            return max(game.scores) >= limit
        return game.round_no >= self.rules.rounds_per_match

    def score_key(self, game: Game, seat: int) -> tuple:
        return (game.scores[seat],)

    def ranks(self, game: Game) -> tuple[int, ...]:
        return competition_ranks([self.score_key(game, s) for s in range(game.n)])

    # ------------------------------------------------------------------ views

    def public_state(self, game: Game) -> dict[str, Any]:
        r = self._round(game)
        return {
            "colour": r.colour,
            "pending": game.chain_cards,
            "turns_taken": tuple(r.turns_taken),
            "first_card_placed": r.first_card_placed,
            "last_one": tuple(r.last),
            "countering": r.countering,
            "dobons": tuple(s for s, _ in r.dobons),
            "first_card": r.first_card,
            "first_lap": r.first_lap,
            "passer": r.passer,
            "travel": r.travel,
        }

    def round_data(self, game: Game) -> dict[str, Any]:
        """The whole round state: the public part (as views carry it) without `pending`, which is the
        file's `chain`, and with the stalemate count `idle`. The dobon callers' hands are the file's
        `revealed`; `counter` is never set while the round is under way (a counter ends it)."""
        data = dict(self.public_state(game))
        del data["pending"]
        data["idle"] = self._round(game).idle
        return encode_state(data)

    def load_round(self, game: Game, data: dict[str, Any]) -> None:
        """A position's `round`, each field checked by name (what `round_data` writes, or the part of
        it a hand-written file names; `pending`, as a view carries it, must agree with the chain)."""
        n = game.n
        flags = {
            key: checks.Field(checks.flag, "true or false")
            for key in ("first_card_placed", "countering", "first_card", "first_lap")
        }
        known = {
            "colour": checks.Field(lambda v: v in (None, "red", "black"), 'null, "red" or "black"'),
            "turns_taken": checks.Field(
                lambda v: checks.seats_of(v, n, checks.count), f"{n} whole numbers, 0 or more, one per seat"
            ),
            "last_one": checks.Field(
                lambda v: checks.seats_of(v, n, checks.flag), f"{n} true/false values, one per seat"
            ),
            "dobons": checks.Field(lambda v: checks.seat_list(v, n), f"a list of different seats 0..{n - 1}"),
            "passer": checks.Field(lambda v: v is None or checks.seat(v, n), f"null or a seat 0..{n - 1}"),
            "travel": checks.Field(lambda v: v in (-1, 0, 1) and not isinstance(v, bool), "-1, 0 or 1"),
            "idle": checks.Field(lambda v: checks.count(v) and v < 2 * n, f"a whole number 0..{2 * n - 1}"),
            "pending": checks.Field(
                lambda v: v == game.chain_cards and checks.count(v), f"chain.cards ({game.chain_cards})"
            ),
            **flags,
        }
        checks.check_round("super", data, {key: known[key] for key in _ROUND_KEYS})
        super().load_round(game, data)
        self._round(game).idle = data.get("idle", 0)

    def position_problem(self, game: Game) -> str | None:
        """A position's round state, window and hands must agree: a window is on the one card just
        placed (the top of the common pile or of the placer's own pile) and freezes the turn; its
        dobons are the round's `dobons`, each a sound call whose whole hand is shown; the counter window
        asks the placer alone; a colour lies on a Q; a "last" stands only on a single card."""
        r, window, n = self._round(game), game.window, game.n
        match: SuperMatch = game.match_ext  # type: ignore[assignment]
        if match.direction not in (1, -1):
            return "match.state.direction must be 1 (seat order) or -1 (reversed)"
        if r.colour is not None and game.discard[-1].rank != QUEEN:
            return f"round.colour: a colour is named by a Q on top of the common pile, not {game.discard[-1].code}"
        for seat in range(n):
            if r.last[seat] and len(game.hands[seat]) != 1:
                return f'round.last_one: seat {seat} holds {len(game.hands[seat])} cards ("last" is one card)'
        callers = [s for s, _ in r.dobons]
        if window is None:
            if callers or r.countering:
                return "round: dobons and countering stand only in the window on the card called on"
            return None
        placer, cards = window.placer, window.cards
        if not 0 <= placer < n or len(cards) != 1 or not window.freezes_turn or window.stop or window.owners:
            return "window: super's window is on the one card a seat just placed, and it freezes the turn"
        if not any(c is cards[0] for c in game.discard[-1:] + game.pile(f"pile/{placer}")[-1:]):
            return f"window: {cards[0].code} is not on top of the common pile or of pile/{placer}"
        for i, call in enumerate(window.calls):
            if call.kind is not Kind.DOBON or call.cards != cards or call.seat == placer:
                return f"window.calls[{i}]: a dobon by another seat naming the window's card"
        if r.countering:
            if not callers or window.calls or set(window.pending) - {placer}:
                return "round.countering: the counter window follows dobons and asks the placer alone"
        elif [a.seat for a in window.calls] != callers:
            return "round.dobons must be the seats of window.calls, in order"
        for seat in callers:
            if seat == placer or seat in window.pending:
                return f"round.dobons: seat {seat} has called: it is neither the placer nor still asked"
            shown = tuple(game.revealed.get(seat, ()))
            if sorted(c.id for c in shown) != sorted(c.id for c in game.hands[seat]):
                return f"revealed.{seat}: a dobon shows the caller's whole hand"
            if not totals(shown) & vals(cards[0]):
                return f"round.dobons: seat {seat}'s hand cannot add up to {cards[0].code}"
        return None

    def restore_round(self, game: Game, public: dict[str, Any]) -> None:
        n = game.n
        r = SuperRound(turns_taken=[0] * n, last=[False] * n)
        r.colour = public.get("colour")
        r.turns_taken = list(public.get("turns_taken", r.turns_taken))
        r.first_card_placed = bool(public.get("first_card_placed", False))
        r.last = list(public.get("last_one", r.last))
        r.passer = public.get("passer")
        r.travel = int(public.get("travel", 0))
        r.first_card = bool(public.get("first_card", False))
        r.first_lap = bool(public.get("first_lap", False))
        r.countering = bool(public.get("countering", False))
        r.dobons = [(s, tuple(game.revealed.get(s, ()))) for s in public.get("dobons", ())]
        if len(r.turns_taken) != n or len(r.last) != n:
            raise ValueError(f"turns_taken and last need one value per seat ({n})")
        game.ext = r
