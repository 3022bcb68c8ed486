"""The `standard` preset: ドボンゲームの定義 第 4.3 版 (spec: shared/rules/standard.md).

54 cards (two jokers numbered 0), 3-6 players, 20-round matches, points are bad. An auction picks the
first player of each round. Binding (しばり) maps onto the core draw chain: `chain_links > 0` means binding
is on and `chain_cards` is the accumulated damage. Choice cards carry their declared suit in the core's
`field_suit`. A dobon names a run of consecutive discards; all calls in one window are simultaneous and
cut to the fewest targets; the victims then get a window of their own for dobon-gaeshi. Decisions [Dn]
refer to the spec's section 4.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, ClassVar

from ..actions import Action, Kind
from ..cards import Card, Suit
from ..events import DobonCalled, Ending, Event, LastOneDeclared, RoundResult, ScoreLine, SuitChosen
from ..explain import by_route
from ..phase import Phase
from ..refusals import (
    NOT_IN_HAND,
    NOT_IN_RULES,
    NOTHING_TO_PASS,
    PASS_TAKES_NOTHING,
    WRONG_SUM,
    OneOf,
    Reason,
    Refusal,
    Values,
)
from ..view import decode_state, encode_state
from . import checks
from .base import MatchState, RoundState, Rulebook, RuleSet, competition_ranks

if TYPE_CHECKING:
    from ..clues import Clue
    from ..engine import Game, Window

ALL_SUITS = frozenset(Suit)
PAIR = {
    Suit.SPADES: Suit.CLUBS,
    Suit.CLUBS: Suit.SPADES,
    Suit.HEARTS: Suit.DIAMONDS,
    Suit.DIAMONDS: Suit.HEARTS,
}
YAKU = 1  # DECLARE amount for a yaku

# what standard's own rules refuse (game.refusals; texts in assets/translations, refusal.standard)
AUCTION = Reason("standard.auction", "the round has not started: the auction is waiting for seat(s) {seats}")
BARE_OTHER = Reason("standard.bare_other", "{kind} takes no cards or suit")
AUCTION_OVER = Reason("standard.auction_over", "the auction is over")
ALREADY_BID = Reason("standard.already_bid", "you have already bid")
BID_RANGE = Reason("standard.bid_range", "bid a whole number from 1 to {most}")
ONLY_YAKU = Reason("standard.only_yaku", "the only declaration here is a yaku")
YAKU_AFTER_AUCTION = Reason(
    "standard.yaku_after_auction", "yaku are declared at the start of a turn, after the auction"
)
YAKU_DECLARED = Reason("standard.yaku_declared", "you have already declared a yaku this round")
YAKU_AT_START = Reason("standard.yaku_at_start", "a yaku is declared at the start of a turn")
YAKU_FIVE = Reason("standard.yaku_five", "a yaku needs exactly 5 cards in hand")
NO_YAKU = Reason("standard.no_yaku", "your hand makes no yaku")
NO_AMOUNT = Reason("standard.no_amount", "a play or draw takes no amount")
DRAW_NAMES_NOTHING = Reason("standard.draw_names_nothing", "a draw names no card, suit or declaration")
ONE_CARD = Reason("standard.one_card", "discard exactly one card")
LONE_STRONG = Reason("standard.lone_strong", "a lone strong attack card cannot be discarded: you must draw")
NO_LAST_ONE = Reason(
    "standard.no_last_one", "you did not declare last one, so you may not go out: you must draw"
)
BINDING = Reason(
    "standard.binding",
    "binding is on: discard an attack card or a matching reflect card, or draw {count}",
)
NO_MATCH = Reason("standard.no_match", "{card} does not match the field card {field}")
ONLY_CHOICE = Reason("standard.only_choice", "only a choice card (8 or 11) declares a suit")
CHOICE_SUITS = Reason("standard.choice_suits", "{card} can declare only {suits}")
LAST_ONE_ONLY = Reason(
    "standard.last_one_only", "last one is declared only by the discard that leaves you one card"
)
LAST_ONE_AUTO = Reason("standard.last_one_auto", "this table declares last one automatically: set the flag")
CALL_BARE = Reason("standard.call_bare", "a dobon takes only its target cards")
GAESHI_TARGETS = Reason("standard.gaeshi_targets", "a dobon-gaeshi answers the dobon's targets: name them")
GAESHI_ZERO = Reason("standard.gaeshi_zero", "a hand with a 0 cannot make dobon-gaeshi")
GAESHI_COULD_CALL = Reason(
    "standard.gaeshi_could_call",
    "you could have called dobon yourself on this card, so you cannot make dobon-gaeshi",
)
NAME_TARGETS = Reason("standard.name_targets", "name the target cards of your dobon")
MIXED_ZERO = Reason("standard.mixed_zero", "a hand that mixes a 0 with other cards cannot call dobon")
NO_RUN = Reason("standard.no_run", "no run of recent discards adds up to your hand's {total}")
NOT_A_RUN = Reason(
    "standard.not_a_run", "those targets are not a run of recent discards adding up to {total}"
)


@dataclass(frozen=True)
class StandardRules(RuleSet):
    preset: ClassVar[str] = "standard"
    deck: ClassVar[str] = "54"
    min_players: ClassVar[int] = 3
    players_cap: ClassVar[int] = 6
    # a damage of 0 or less would draw no card, or a negative number of them: binding needs 1 or more
    ranges: ClassVar[dict[str, tuple[int, int]]] = {
        "rounds_per_match": (1, 1000),
        "max_bid": (1, 999),
        "strong_damage": (1, 20),
        "weak_damage": (1, 20),
    }

    max_players: int = 6
    rounds_per_match: int = 20
    max_bid: int = 99  # the source allows any positive bid; the table's paddles go to 99 (see the issue note)
    auto_last_one: bool = False  # [D11] a casual table may declare "last one" automatically
    # Card roles (既定値, defaults every table may change):
    strong_attack: tuple[int, ...] = (0,)
    weak_attack: tuple[int, ...] = (2,)
    strong_damage: int = 5
    weak_damage: int = 2
    reflect: tuple[int, ...] = (5,)
    skip: tuple[int, ...] = (1,)
    reverse: tuple[int, ...] = (12,)
    all_suit_choice: tuple[int, ...] = (8,)
    pair_choice: tuple[int, ...] = (11,)

    def rulebook(self) -> StandardRulebook:
        return StandardRulebook(self)


# ---------------------------------------------------------------------------------- round state


@dataclass(slots=True)
class Turn:
    """One entry of the turn log: DISCARD (card), DRAW (count) or SKIPPED."""

    player: int
    kind: str
    card: Card | None = None


@dataclass
class Round(RoundState):
    bids: list[int | None]
    nominee: int | None = None
    last_one: list[bool] = field(default_factory=list)
    skipped: list[bool] = field(default_factory=list)
    had_turn: list[bool] = field(default_factory=list)
    yaku: list[bool] = field(default_factory=list)
    yaku_declined: list[bool] = field(default_factory=list)
    exposed: dict[int, int] = field(default_factory=dict)  # card id -> the seat whose yaku exposed it
    log: list[Turn] = field(default_factory=list)
    claims: list[Action] = field(default_factory=list)  # the dobons of the last reaction window
    cut: tuple[Card, ...] = ()  # the reduced target set R
    victims: tuple[int, ...] = ()
    gaeshi: list[int] = field(default_factory=list)
    went_out: int | None = None  # who emptied their hand by discarding (for disrupt dobon)

    def copy(self) -> Round:
        """Its lists and dict copied, what is in them shared (a logged turn, a card, an action is never
        changed once made): the hard seat clones a round for every world it simulates, and a deep copy
        was a quarter of its search time here."""
        return replace(
            self,
            bids=list(self.bids),
            last_one=list(self.last_one),
            skipped=list(self.skipped),
            had_turn=list(self.had_turn),
            yaku=list(self.yaku),
            yaku_declined=list(self.yaku_declined),
            exposed=dict(self.exposed),
            log=list(self.log),
            claims=list(self.claims),
            gaeshi=list(self.gaeshi),
        )


TURN_KINDS = ("DISCARD", "DRAW", "SKIPPED")  # a turn log's entries (`Turn.kind`)
ACTS = tuple(k.value for k in Kind)
# what `round_data` writes beside the public state (`load_round` reads them back)
_PRIVATE = ("yaku_declined", "exposed_by", "claims", "cut", "victims", "gaeshi", "went_out")


@dataclass
class Match(MatchState):
    streak: list[int]
    wins: list[int]


@dataclass(frozen=True, slots=True)
class BidPlaced(Event):
    """A sealed bid. Others see that the seat bid, not how much, until the auction is revealed."""

    seat: int
    amount: int | None

    def for_seat(self, seat: int) -> Event:
        if seat < 0 or seat == self.seat:
            return self
        return BidPlaced(self.seat, None)


@dataclass(frozen=True, slots=True)
class AuctionWon(Event):
    bids: tuple[int, ...]
    nominee: int


@dataclass(frozen=True, slots=True)
class Skipped(Event):
    seat: int


@dataclass(frozen=True, slots=True)
class YakuDeclared(Event):
    seat: int
    hand: tuple[Card, ...]
    pattern: str


@dataclass(frozen=True, slots=True)
class TargetsCut(Event):
    """Simultaneous dobons were reduced to the fewest targets; these seats are the victims."""

    targets: tuple[Card, ...]
    victims: tuple[int, ...]


def yaku_pattern(hand: list[Card] | tuple[Card, ...]) -> str | None:
    """The yaku a 5-card hand makes, if any (§2.11). A joker has number 0 and no suit (D4)."""
    if len(hand) != 5:
        return None
    counts = sorted(Counter(c.rank for c in hand).values(), reverse=True)
    if counts[0] == 4:
        return "four_of_a_kind"
    if counts[:2] == [3, 2]:
        return "full_house"
    suits = {c.suit for c in hand}
    if len(suits) == 1 and None not in suits:
        return "flush"
    ranks = sorted(c.rank for c in hand)
    if 0 not in ranks and len(set(ranks)) == 5:
        if ranks[4] - ranks[0] == 4:
            return "straight"
        high = sorted(14 if r == 1 else r for r in ranks)
        if high[4] - high[0] == 4:
            return "straight"
    return None


def base_points(hand: list[Card] | tuple[Card, ...]) -> int:
    """Sum of numbers with 10-13 counted as 10; a joker counts 0."""
    return sum(min(c.rank, 10) for c in hand)


class StandardRulebook(Rulebook):
    higher_is_better = False

    def __init__(self, rules: StandardRules):
        self.rules = rules
        self.attack = frozenset(rules.strong_attack) | frozenset(rules.weak_attack)
        self.strong = frozenset(rules.strong_attack)
        self.all_choice = frozenset(rules.all_suit_choice)
        self.pair_choice = frozenset(rules.pair_choice)
        self._draw: list[Action] = []

    def bind(self, game: Game) -> None:
        self._draw = [Action(s, Kind.DRAW) for s in range(game.n)]

    # ------------------------------------------------------------------ card roles

    def damage(self, card: Card) -> int:
        if card.rank in self.strong:
            return self.rules.strong_damage
        if card.rank in self.rules.weak_attack:
            return self.rules.weak_damage
        return 0

    def hand_suits(self, card: Card) -> frozenset[Suit]:
        """Effective suits of a card in hand (§2.2)."""
        if card.rank in self.strong or card.rank in self.all_choice or card.suit is None:
            return ALL_SUITS
        if card.rank in self.pair_choice:
            return frozenset((card.suit, PAIR[card.suit]))
        return frozenset((card.suit,))

    def field_suits(self, field: Card, declared: Suit | None) -> frozenset[Suit]:
        """Effective suits of the field card: its declared suit if any, else its own (all for a joker)."""
        if declared is not None:
            return frozenset((declared,))
        if field.suit is None or field.rank in self.strong:
            return ALL_SUITS
        return frozenset((field.suit,))

    def fits(self, card: Card, field: Card, declared: Suit | None, binding: bool) -> bool:
        """May `card` be discarded on `field` (its declared suit, under binding or not)?"""
        match = card.rank == field.rank or bool(self.hand_suits(card) & self.field_suits(field, declared))
        if binding:  # attack cards, or a reflect card that matches [D2]
            return card.rank in self.attack or (card.rank in self.rules.reflect and match)
        return match

    def choice_suits(self, card: Card) -> tuple[Suit, ...]:
        """Suits a choice card may declare (empty for other cards)."""
        if card.rank in self.all_choice and card.suit is not None:
            return tuple(Suit)
        if card.rank in self.pair_choice and card.suit is not None:
            return (card.suit, PAIR[card.suit])
        return ()

    # ------------------------------------------------------------------ matches and rounds

    def hand_sizes(self, game: Game) -> list[int]:
        return [5] * game.n

    def start_match(self, game: Game) -> None:
        game.match_ext = Match([0] * game.n, [0] * game.n)

    def start_round(self, game: Game) -> None:
        n = game.n
        game.ext = Round(
            bids=[None] * n,
            last_one=[False] * n,
            skipped=[False] * n,
            had_turn=[False] * n,
            yaku=[False] * n,
            yaku_declined=[False] * n,
        )
        game.phase = Phase.OPENING  # the auction (§2.7)

    def skip_opening(self, game: Game) -> None:
        """No auction: every seat is taken to have bid the minimum, and the seat whose turn it is leads
        (a set-up position, e.g. a scenario, starts straight at the first turn)."""
        r = self._round(game)
        r.bids = [1] * game.n
        r.nominee = game.turn
        game.phase = Phase.TURN
        self._start_turn(game, game.turn)

    def _auction_wait(self, game: Game) -> Refusal:
        """Why a turn action is refused during the auction: who has still to bid."""
        return AUCTION(seats=Values([s for s, b in enumerate(self._round(game).bids) if b is None]))

    def next_parent(self, game: Game, result: RoundResult) -> int:
        return game.seat_after(game.parent)  # the deal rotates; the auction picks who starts

    def match_over(self, game: Game) -> bool:
        return game.round_no >= self.rules.rounds_per_match

    def score_key(self, game: Game, seat: int) -> tuple:
        match: Match = game.match_ext  # type: ignore[assignment]
        return (game.scores[seat], -match.wins[seat])  # [D18] lowest total, then most wins

    def ranks(self, game: Game) -> tuple[int, ...]:
        return competition_ranks([self.score_key(game, s) for s in range(game.n)])

    def public_state(self, game: Game) -> dict[str, Any]:
        r = self._round(game)
        auction_open = r.nominee is None
        return {
            "binding": game.chain_links > 0,
            "damage": game.chain_cards,
            "last_one": tuple(r.last_one),
            "skipped": tuple(r.skipped),
            "had_turn": tuple(r.had_turn),
            "yaku": tuple(r.yaku),
            # exposed cards stay face up while their owner holds them (§2.1)
            "exposed": tuple(c for s, h in enumerate(game.hands) for c in h if r.exposed.get(c.id) == s)
            if r.exposed
            else (),
            "bids": tuple((b is not None) if auction_open else b for b in r.bids),
            "nominee": r.nominee,
            "turn_log": tuple((t.player, t.kind, t.card) for t in r.log),
            "wins": tuple(game.match_ext.wins),  # type: ignore[attr-defined]
            "rounds_per_match": self.rules.rounds_per_match,
        }

    def restore_round(self, game: Game, public: dict[str, Any]) -> None:
        n = game.n
        bids = public.get("bids", ())
        nominee = public.get("nominee")
        r = Round(
            bids=[b if isinstance(b, int) and not isinstance(b, bool) else (1 if b else None) for b in bids]
            or [None] * n,
            nominee=nominee,
            last_one=list(public.get("last_one", (False,) * n)),
            skipped=list(public.get("skipped", (False,) * n)),
            had_turn=list(public.get("had_turn", (False,) * n)),
            yaku=list(public.get("yaku", (False,) * n)),
            yaku_declined=[True] * n,  # a simulation does not stop for yaku offers
            exposed={c.id: s for s, h in enumerate(game.hands) for c in h if c in public.get("exposed", ())},
            log=[Turn(p, kind, card) for p, kind, card in public.get("turn_log", ())],
        )
        game.ext = r
        wins = public.get("wins")
        if wins is not None:  # the wins are public; streaks are not in the round's state: keep them
            streak = game.match_ext.streak if isinstance(game.match_ext, Match) else [0] * n
            game.match_ext = Match(list(streak), list(wins))

    def round_data(self, game: Game) -> dict[str, Any]:
        """The whole round state: its public part, and what a position needs beside it (the sealed
        bids, the yaku offers declined, who exposed which card, the window's claims and the cut). A
        file is the table's record, as an action log is, not a seat's view."""
        r = self._round(game)
        data = dict(self.public_state(game))
        data.update(
            bids=tuple(r.bids),
            yaku_declined=tuple(r.yaku_declined),
            exposed_by=tuple((self._card_of(game, cid), seat) for cid, seat in r.exposed.items()),
            claims=tuple(
                (a.seat, a.kind.value, a.cards, a.suit.letter if a.suit else None, a.amount, a.flag)
                for a in r.claims
            ),
            cut=r.cut,
            victims=r.victims,
            gaeshi=tuple(r.gaeshi),
            went_out=r.went_out,
        )
        return encode_state(data)

    def load_round(self, game: Game, data: dict[str, Any]) -> None:
        """`round_data` read back; a hand-written file may name only the public part (as views carry
        it), and then the yaku offers count as declined and nothing is claimed. Each field is checked
        first (`round_fields`): a list a seat short would fail turns later (the turn's yaku, a skip)."""
        checks.check_round("standard", data, self.round_fields(game.n))
        super().load_round(game, data)
        r, n = self._round(game), game.n
        more = decode_state({k: v for k, v in data.items() if k in _PRIVATE}, game.deck)
        if "yaku_declined" in more:
            r.yaku_declined = [bool(b) for b in more["yaku_declined"]]
        if "exposed_by" in more:
            r.exposed = {card.id: int(seat) for card, seat in more["exposed_by"]}
        if "claims" in more:
            r.claims = [
                Action(
                    int(seat),
                    Kind(kind),
                    tuple(cards),
                    Suit.parse(suit) if suit else None,
                    int(amount),
                    bool(flag),
                )
                for seat, kind, cards, suit, amount, flag in more["claims"]
            ]
        r.cut = tuple(more.get("cut", r.cut))
        r.victims = tuple(int(s) for s in more.get("victims", r.victims))
        r.gaeshi = [int(s) for s in more.get("gaeshi", r.gaeshi)]
        went_out = more.get("went_out", r.went_out)
        r.went_out = None if went_out is None else int(went_out)
        seats = [*r.exposed.values(), *(a.seat for a in r.claims), *r.victims, *r.gaeshi]
        seats += [] if r.went_out is None else [r.went_out]
        if len(r.yaku_declined) != n or len(r.bids) != n or not all(0 <= s < n for s in seats):
            raise ValueError(f"bids and yaku_declined need one value per seat, and seats are 0..{n - 1}")
        if not all(isinstance(c, Card) for c in (*r.cut, *(c for a in r.claims for c in a.cards))):
            raise ValueError("cut and claims name cards")

    def round_fields(self, n: int) -> dict[str, checks.Field]:
        """What each field of a position's `round` must be, at a table of `n` (as the file holds it)."""
        flags = checks.Field(
            lambda v: checks.seats_of(v, n, checks.flag), f"{n} true/false values, one per seat"
        )
        bids = f"{n} bids, one per seat: null, true/false (sealed or not) or 1..{self.rules.max_bid}"
        seat = checks.Field(lambda v: v is None or checks.seat(v, n), f"null or a seat 0..{n - 1}")
        seat_list = checks.Field(
            lambda v: isinstance(v, list) and all(checks.seat(s, n) for s in v), f"a list of seats 0..{n - 1}"
        )
        return {
            "binding": checks.Field(checks.flag, "true or false"),
            "damage": checks.Field(checks.count, "a whole number, 0 or more"),
            "last_one": flags,
            "skipped": flags,
            "had_turn": flags,
            "yaku": flags,
            "yaku_declined": flags,
            "exposed": checks.Field(checks.cards, 'a list of cards such as {"card": "7H"}'),
            "bids": checks.Field(lambda v: checks.seats_of(v, n, self._bid), bids),
            "nominee": seat,
            "turn_log": checks.Field(
                lambda v: checks.entries(
                    v,
                    lambda s: checks.seat(s, n),
                    lambda k: k in TURN_KINDS,
                    lambda c: c is None or checks.card(c),
                ),
                f"a list of [seat, {'/'.join(TURN_KINDS)}, card or null]",
            ),
            "wins": checks.Field(
                lambda v: checks.seats_of(v, n, checks.count), f"{n} whole numbers, one per seat"
            ),
            "rounds_per_match": checks.Field(checks.count, "a whole number"),
            "exposed_by": checks.Field(
                lambda v: checks.entries(v, checks.card, lambda s: checks.seat(s, n)),
                "a list of [card, seat]",
            ),
            "claims": checks.Field(
                lambda v: checks.entries(
                    v,
                    lambda s: checks.seat(s, n),
                    lambda k: k in ACTS,
                    checks.cards,
                    lambda s: s is None or isinstance(s, str),
                    lambda a: isinstance(a, int),
                    checks.flag,
                ),
                "a list of [seat, act, cards, suit, amount, flag]",
            ),
            "cut": checks.Field(checks.cards, "a list of cards"),
            "victims": seat_list,
            "gaeshi": seat_list,
            "went_out": seat,
        }

    def _bid(self, value: Any) -> bool:
        return (
            value is None or checks.flag(value) or (checks.count(value) and 1 <= value <= self.rules.max_bid)
        )

    @staticmethod
    def _card_of(game: Game, card_id: int) -> Card:
        return next(c for c in game.deck.cards if c.id == card_id)

    @staticmethod
    def _round(game: Game) -> Round:
        return game.ext  # type: ignore[return-value]

    # ------------------------------------------------------------------ the auction and yaku

    def other_actions(self, game: Game, seat: int) -> list[Action]:
        r = self._round(game)
        if game.phase is Phase.OPENING:
            if r.bids[seat] is None:
                return [Action(seat, Kind.BID, amount=a) for a in range(1, self.rules.max_bid + 1)]
            return []
        if self._yaku_offer(game, seat):
            out = [Action(seat, Kind.DECLARE, amount=YAKU)]
            if not r.yaku_declined[seat]:
                out.append(Action(seat, Kind.PASS))
            return out
        return []

    def _yaku_offer(self, game: Game, seat: int) -> bool:
        """[D16] any seat with a 5-card yaku may declare at the start of a turn (before the turn player
        acts), once a round."""
        hand = game.hands[seat]
        return (
            len(hand) == 5
            and game.phase is Phase.TURN
            and game.window is None
            and not self._round(game).yaku[seat]
            and yaku_pattern(hand) is not None
        )

    def sync_next(self, game: Game) -> int | None:
        r = self._round(game)
        if game.phase is Phase.OPENING:
            for seat in range(game.n):
                if r.bids[seat] is None:
                    return seat
            return None
        if game.phase is Phase.TURN and game.window is None:
            for k in range(game.n):
                seat = game.next_seat(game.turn, k)
                if not r.yaku_declined[seat] and self._yaku_offer(game, seat):
                    return seat
        return None

    def explain(self, game: Game, action: Action) -> Refusal:
        return by_route(
            game,
            action,
            turn=self._why_turn,
            call=self._why_call,
            other=self._why_other,
            opening=self._auction_wait,
        )

    def _why_other(self, game: Game, action: Action) -> Refusal | None:
        """Why a bid, a yaku or a pass declining it is not among the seat's other actions."""
        r = self._round(game)
        seat = action.seat
        if action.cards or action.suit is not None or action.flag:
            return BARE_OTHER(kind=action.kind.value)
        if action.kind is Kind.BID:
            if game.phase is not Phase.OPENING:
                return AUCTION_OVER()
            if r.bids[seat] is not None:
                return ALREADY_BID()
            if not 1 <= action.amount <= self.rules.max_bid:
                return BID_RANGE(most=self.rules.max_bid)
            return None
        if action.kind is Kind.DECLARE:
            if action.amount != YAKU:
                return ONLY_YAKU()
            if game.phase is Phase.OPENING:
                return YAKU_AFTER_AUCTION()
            if r.yaku[seat]:
                return YAKU_DECLARED()
            if game.phase is not Phase.TURN or game.window is not None:
                return YAKU_AT_START()
            if len(game.hands[seat]) != 5:
                return YAKU_FIVE()
            if yaku_pattern(game.hands[seat]) is None:
                return NO_YAKU()
            return None
        if action.kind is Kind.PASS:
            if action.amount:
                return PASS_TAKES_NOTHING()
            if not self._yaku_offer(game, seat) or r.yaku_declined[seat]:
                return NOTHING_TO_PASS()
            return None
        return NOT_IN_RULES(kind=action.kind.value, preset="standard")

    def apply_other(self, game: Game, action: Action) -> None:
        r = self._round(game)
        seat = action.seat
        if action.kind is Kind.BID:
            r.bids[seat] = action.amount
            game.emit(BidPlaced(seat, action.amount))
            if all(b is not None for b in r.bids):
                bids = [b for b in r.bids if b is not None]
                top = max(bids)
                best = [s for s, b in enumerate(bids) if b == top]
                nominee = best[game.rng.randrange(len(best))] if len(best) > 1 else best[0]  # [D19]
                r.nominee = nominee
                game.emit(AuctionWon(tuple(bids), nominee))
                game.phase = Phase.TURN
                game.direction = 1
                self._start_turn(game, nominee)
        elif action.kind is Kind.DECLARE:
            hand = game.reveal(seat)
            r.yaku[seat] = True
            r.exposed.update((c.id, seat) for c in hand)
            game.emit(YakuDeclared(seat, hand, yaku_pattern(hand) or ""))
        else:  # PASS: declines the yaku offer for this round (it can still be declared later)
            r.yaku_declined[seat] = True

    # ------------------------------------------------------------------ turns

    def _start_turn(self, game: Game, seat: int) -> None:
        """TURN_START (§3): nominate, mark the turn as had, and process a skip [D3]."""
        r = self._round(game)
        while True:
            game.set_turn(seat)
            r.had_turn[seat] = True
            if not r.skipped[seat]:
                return
            r.skipped[seat] = False
            r.log.append(Turn(seat, "SKIPPED"))
            game.emit(Skipped(seat))
            seat = game.next_seat(seat)

    def _turn_end(self, game: Game) -> None:
        """TURN_END: the round ends when a hand is empty or the cards are exhausted (札切れ)."""
        if any(not h for h in game.hands) or game.drawable() == 0:
            game.end_round(self._score(game))
            return
        self._start_turn(game, game.next_seat(game.turn))

    def _blocked(self, game: Game, seat: int, card: Card) -> bool:
        """No-going-out (§2.4): a single card without a valid last-one call, or a lone strong attack."""
        if len(game.hands[seat]) != 1:
            return False
        return not self._round(game).last_one[seat] or card.rank in self.strong

    def _discard_ok(self, game: Game, card: Card) -> bool:
        return self.fits(card, game.discard[-1], game.field_suit, game.chain_links > 0)

    def turn_actions(self, game: Game, seat: int) -> list[Action]:
        hand = game.hands[seat]
        out: list[Action] = []
        last_one_choice = len(hand) == 2
        for card in hand:
            if self._blocked(game, seat, card) or not self._discard_ok(game, card):
                continue
            suits = (None, *self.choice_suits(card))  # None: no declaration, the own suit [D12]
            for suit in suits:
                if last_one_choice:
                    out.append(Action(seat, Kind.PLAY, (card,), suit, flag=True))
                    if not self.rules.auto_last_one:
                        out.append(Action(seat, Kind.PLAY, (card,), suit))
                else:
                    out.append(Action(seat, Kind.PLAY, (card,), suit))
        out.append(self._draw[seat])  # the player may always draw (§2.5)
        return out

    def _why_turn(self, game: Game, action: Action) -> Refusal | None:
        """Why the turn player's PLAY or DRAW is not among its turn actions."""
        seat = action.seat
        hand = game.hands[seat]
        if action.amount:
            return NO_AMOUNT()
        if action.kind is Kind.DRAW:
            if action.cards or action.suit is not None or action.flag:
                return DRAW_NAMES_NOTHING()
            return None
        if len(action.cards) != 1:
            return ONE_CARD()
        card = action.card
        if not any(c is card for c in hand):
            return NOT_IN_HAND(card=card)
        if len(hand) == 1:
            if card.rank in self.strong:
                return LONE_STRONG()
            if not self._round(game).last_one[seat]:
                return NO_LAST_ONE()
        if not self._discard_ok(game, card):
            if game.chain_links:
                return BINDING(count=game.chain_cards)
            return NO_MATCH(card=card, field=game.discard[-1])
        if action.suit is not None and action.suit not in self.choice_suits(card):
            if not self.choice_suits(card):
                return ONLY_CHOICE()
            return CHOICE_SUITS(card=card, suits=OneOf(self.choice_suits(card)))
        if action.flag and len(hand) != 2:
            return LAST_ONE_ONLY()
        if self.rules.auto_last_one and len(hand) == 2 and not action.flag:
            return LAST_ONE_AUTO()
        return None

    def apply_turn(self, game: Game, action: Action) -> None:
        r = self._round(game)
        seat = action.seat
        if action.kind is Kind.DRAW:
            binding = game.chain_links > 0
            count = game.chain_cards if binding else 1
            game.draw(seat, count, penalty=binding)
            if binding:
                game.set_chain(0, 0)
            if len(game.hands[seat]) >= 2:
                r.last_one[seat] = False
            r.log.append(Turn(seat, "DRAW"))
            self._turn_end(game)
            return
        card = action.card
        game.put_on_field(seat, (card,))
        r.exposed.pop(card.id, None)  # an exposed card is face up only while its owner holds it
        # 1. field suits: a choice card keeps its declared suit (own suit when none is given [D12])
        if self.choice_suits(card) and action.suit is not None and action.suit is not card.suit:
            game.field_suit = action.suit
        else:
            game.field_suit = None
        if self.choice_suits(card):
            game.emit(SuitChosen(seat, action.suit if action.suit is not None else card.suit))  # type: ignore[arg-type]
        # 2-3. binding and damage
        was = game.chain_links > 0
        dmg = self.damage(card)
        if card.rank in self.attack:
            game.set_chain(game.chain_links + 1, game.chain_cards + dmg if was else dmg)
        elif was and dmg:
            game.set_chain(game.chain_links, game.chain_cards + dmg)
        # 4. reflect under binding, reverse without it [D20: reversing before skipping]
        if (card.rank in self.rules.reflect and was) or (card.rank in self.rules.reverse and not was):
            game.reverse()
        # 5. skip
        if card.rank in self.rules.skip:
            r.skipped[game.next_seat(seat)] = True
        # 6. last one
        r.last_one[seat] = bool(action.flag) and len(game.hands[seat]) == 1
        if r.last_one[seat]:
            game.emit(LastOneDeclared(seat))
        r.log.append(Turn(seat, "DISCARD", card))
        if not game.hands[seat]:
            r.went_out = seat
        r.claims = []
        game.open_window(seat, game.deck.alone[card.id], freezes_turn=True)

    # ------------------------------------------------------------------ public inference

    def fitted(self, card: Card, clue: Clue, held: int) -> bool | None:
        if held <= 1:
            return None  # a last card may be barred from going out (§2.4): drawing tells nothing
        assert clue.field is not None
        return self.fits(card, clue.field, clue.suit, clue.chain > 0)

    def call_totals(self, history: Sequence[Clue], index: int, seat: int, held: int) -> tuple[int, ...]:
        """The sums of the runs of discards ending at `history[index]` that `seat` could name (as in
        `candidates`: a run stops at the seat's own discard or at any draw)."""
        if held < 1:
            return ()
        steps = ((c.seat, c.is_draw, c.cards) for c in reversed(history[: index + 1]))
        return tuple(total for _run, total in _runs(steps, seat))

    def could_call(self, hand: Sequence[Card], totals: tuple[int, ...]) -> bool:
        total = _call_total(hand)
        return total is not None and total in totals

    # ------------------------------------------------------------------ dobon

    def candidates(self, game: Game, seat: int) -> list[tuple[Card, ...]]:
        """Target runs `seat` may name now (§3 'Dobon candidates', D5): suffixes of the recent discards
        that end with the card just discarded and sum to the hand's numbers."""
        total = _call_total(game.hands[seat])
        if total is None:
            return []
        steps = (
            (t.player, t.kind == "DRAW", (t.card,) if t.card is not None and t.kind == "DISCARD" else ())
            for t in reversed(self._round(game).log)
        )
        out: list[tuple[Card, ...]] = []
        for run, running in _runs(steps, seat):
            if running == total:
                out.append(run)
            elif running > total:
                break  # numbers are never negative, so longer runs only grow
        return out

    def _in_gaeshi(self, game: Game, window: Window) -> bool:
        return bool(self._round(game).victims) and window.cards == self._round(game).cut

    def _may_gaeshi(self, game: Game, seat: int) -> bool:
        """(D10) a victim with no 0, whose hand sums to the cut targets, and who had no candidate."""
        r = self._round(game)
        hand = game.hands[seat]
        if not hand or any(c.rank == 0 for c in hand):
            return False
        if sum(c.rank for c in hand) != sum(c.rank for c in r.cut):
            return False
        return not self.candidates(game, seat)

    def call_actions(self, game: Game, seat: int, window: Window) -> list[Action]:
        if self._in_gaeshi(game, window):
            if self._may_gaeshi(game, seat):
                return [Action(seat, Kind.DOBON, window.cards)]
            return []
        return [Action(seat, Kind.DOBON, run) for run in self.candidates(game, seat)]

    def _why_call(self, game: Game, action: Action, window: Window) -> Refusal | None:
        """Why a pending seat's DOBON is not among its calls."""
        if action.suit is not None or action.amount or action.flag:
            return CALL_BARE()
        seat = action.seat
        hand = game.hands[seat]
        if self._in_gaeshi(game, window):
            if action.cards != window.cards:
                return GAESHI_TARGETS()
            if any(c.rank == 0 for c in hand):
                return GAESHI_ZERO()
            target = sum(c.rank for c in window.cards)
            if sum(c.rank for c in hand) != target:
                return WRONG_SUM(total=sum(c.rank for c in hand), target=target)
            if self.candidates(game, seat):
                return GAESHI_COULD_CALL()
            return None
        if not action.cards:
            return NAME_TARGETS()
        zeros = sum(1 for c in hand if c.rank == 0)
        if 0 < zeros < len(hand):
            return MIXED_ZERO()
        runs = self.candidates(game, seat)
        if action.cards in runs:
            return None
        total = sum(c.rank for c in hand)
        if not runs:
            return NO_RUN(total=total)
        return NOT_A_RUN(total=total)

    def apply_call(self, game: Game, action: Action, window: Window) -> None:
        r = self._round(game)
        seat = action.seat
        window.pending.remove(seat)  # all calls in one window are simultaneous (D9): no re-polling
        hand = game.reveal(seat)
        if self._in_gaeshi(game, window):
            r.gaeshi.append(seat)
            answer_to = r.claims[0].seat if r.claims else window.placer
            game.emit(DobonCalled(seat, hand, action.cards, answer_to, True))
        else:
            r.claims.append(action)
            victim = self._discarder(game, action.cards[-1])
            game.emit(DobonCalled(seat, hand, action.cards, victim, False))

    def _discarder(self, game: Game, card: Card) -> int:
        for turn in reversed(self._round(game).log):
            if turn.card is card:
                return turn.player
        raise LookupError(card)

    def window_closed(self, game: Game, window: Window) -> None:
        r = self._round(game)
        if self._in_gaeshi(game, window):
            self._resolve(game)
            return
        if not r.claims:
            self._turn_end(game)
            return
        # D9: every claim is cut to the last k discards; the discarders of those are the victims
        k = min(len(a.cards) for a in r.claims)
        cut = r.claims[0].cards[-k:]
        victims: list[int] = []
        for card in cut:
            v = self._discarder(game, card)
            if v not in victims:
                victims.append(v)
        r.cut = cut
        r.victims = tuple(victims)
        game.emit(TargetsCut(cut, r.victims))
        # every victim is asked, able to answer or not, so the pause leaks nothing
        game.open_window(window.placer, cut, freezes_turn=True, seats=victims)

    def _resolve(self, game: Game) -> None:
        r = self._round(game)
        if r.gaeshi:
            for seat in r.gaeshi:
                game.lay_down(seat)
        else:
            for claim in r.claims:
                game.lay_down(claim.seat)
        game.end_round(self._score(game))

    # ------------------------------------------------------------------ scoring

    def _score(self, game: Game) -> RoundResult:
        r = self._round(game)
        match: Match = game.match_ext  # type: ignore[assignment]
        n = game.n
        claimants = [a.seat for a in r.claims]
        if r.gaeshi:
            losers, by = list(dict.fromkeys(claimants)), "gaeshi"
        elif claimants:
            losers, by = list(r.victims), "dobon"
        else:
            losers, by = [], ""
        winners = [p for p in range(n) if not game.hands[p] and p not in losers]
        base = [base_points(game.hands[p]) for p in range(n)]
        worst = max((base[p] for p in range(n) if p not in losers), default=0)
        lines: list[ScoreLine] = []
        extra = [0] * n

        def bonus(seat: int, item: str, value: int, note: str = "", about: tuple = ()) -> None:
            extra[seat] += value
            lines.append(ScoreLine(seat, item, value, note, about))

        cut_multi = len(r.cut) >= 2
        if by == "dobon":
            for claim in r.claims:
                w = claim.seat
                hand = game.laid[w]
                joker = all(c.rank == 0 for c in hand)
                if cut_multi:
                    bonus(w, "multi_dobon", -100)
                if joker:
                    bonus(w, "joker_dobon", -100)
                    for v in losers:
                        bonus(
                            v,
                            "joker_dobon_loss",
                            worst * 2,
                            f"worst {worst} × 2",
                            (("worst", worst), ("times", 2)),
                        )
                elif _flush([*hand, *r.cut]):
                    bonus(w, "flush_dobon", -50)
                if _storm(hand):
                    bonus(w, "storm_dobon", -100)
                if r.went_out is not None and r.went_out in r.victims:  # only the last card can end a hand
                    bonus(w, "disrupt_dobon", -50)
                if not r.had_turn[w]:
                    bonus(w, "quick_dobon", -100)
                    for v in losers:
                        bonus(
                            v,
                            "quick_dobon_loss",
                            worst * 2,
                            f"worst {worst} × 2",
                            (("worst", worst), ("times", 2)),
                        )
        elif by == "gaeshi":
            answered = tuple(c for claim in r.claims for c in game.revealed.get(claim.seat, ()))
            for g in r.gaeshi:
                hand = game.laid[g]
                if _flush([*hand, *answered]):
                    bonus(g, "flush_dobon", -50)
                if _storm(hand):
                    bonus(g, "storm_dobon", -100)
        # slam, auction, yaku
        for p in range(n):
            match.streak[p] = match.streak[p] + 1 if p in winners else 0
            if p in winners:
                match.wins[p] += 1
            if match.streak[p] >= 3:
                bonus(p, "slam", -50, f"{match.streak[p]} rounds in a row", (("streak", match.streak[p]),))
        if r.nominee is not None:
            bid = r.bids[r.nominee] or 0
            if r.nominee in winners:
                bonus(r.nominee, "auction", -50, "won the round after winning the auction")
            else:
                bonus(r.nominee, "auction", bid, f"bid {bid}", (("bid", bid),))
        for p in range(n):
            if r.yaku[p] and p in winners:
                bonus(p, "yaku", -100)
        deltas = [0] * n
        head: list[ScoreLine] = []
        for p in range(n):
            if p in losers:
                if by == "gaeshi":
                    head.append(
                        ScoreLine(
                            p,
                            "loser_by_gaeshi",
                            worst * 6,
                            f"worst {worst} × 6",
                            (("worst", worst), ("times", 6)),
                        )
                    )
                    deltas[p] = worst * 6
                else:
                    amount = worst * len(winners) * 2
                    head.append(
                        ScoreLine(
                            p,
                            "loser_by_dobon",
                            amount,
                            f"worst {worst} × {len(winners)} winner(s) × 2",
                            (("worst", worst), ("winners", len(winners))),
                        )
                    )
                    deltas[p] = amount
            else:
                head.append(ScoreLine(p, "base", base[p], " ".join(str(c) for c in game.hands[p])))
                deltas[p] = base[p]
            deltas[p] += extra[p]
        ending = (
            Ending.GAESHI
            if by == "gaeshi"
            else Ending.DOBON
            if by
            else (Ending.OUT if winners else Ending.EXHAUSTION)
        )
        return RoundResult(ending, tuple(winners), tuple(losers), tuple(deltas), tuple(head + lines))


def _call_total(hand: Sequence[Card]) -> int | None:
    """The number a hand calls dobon with, or None: an empty hand, or a joker mixed with others."""
    zeros = sum(1 for c in hand if c.rank == 0)
    if not hand or 0 < zeros < len(hand):
        return None
    return sum(c.rank for c in hand)


def _runs(
    steps: Iterable[tuple[int, bool, tuple[Card, ...]]], seat: int
) -> Iterator[tuple[tuple[Card, ...], int]]:
    """The runs of discards `seat` may name, newest first, from turns given newest first as (player,
    drew, cards discarded): each run with its sum. A run stops at the seat's own turn or at any draw."""
    run: tuple[Card, ...] = ()
    running = 0
    for player, drew, cards in steps:
        if player == seat or drew:
            return
        if cards:
            run = (*cards, *run)
            running += sum(c.rank for c in cards)
            yield run, running


def _flush(cards: list[Card]) -> bool:
    """Every card has the same printed suit (a joker has none, so it breaks a flush) [D4]."""
    suits = {c.suit for c in cards}
    return len(suits) == 1 and None not in suits


def _storm(hand: tuple[Card, ...] | list[Card]) -> bool:
    return any(n >= 3 for n in Counter(c.rank for c in hand).values())
