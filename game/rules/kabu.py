"""The `kabu` preset: 株ドボン with kabufuda (spec: shared/rules/kabu.md, source: seeds/003).

40 cards numbered 1-10 (one red pin `1R`, one ensouled four `4S`), 2-6 players. Hands of 4 plus the
extra cards E each player carries from the last settlement. A turn plays one card of the field's parity
(a 10 at any time), or several cards whose sum is one card of the previous play, or draws one. A play
holding a 2 forces the next player to play 2s or draw 2 × (the 2s in a row) and then act. The stock is
never rebuilt: an empty stock ends the match, and so does a hand of 12. The only win is a dobon: a hand
whose total (a 10 counting 0, at most 13) matches, mod 10, one card of another player's play. The
declarer puts out trumps, which others may dobon in turn (dobon-gaeshi). The loser's points become laps
(6 points) and extra cards. Section numbers (§) and decisions [Dn] refer to the spec.

The spec's "match" (試合) is the engine's round; its "game" is the engine's match.

How it sits on the core (docs/engine.md, "kabu"):

* Every play and every batch of trumps opens a window that freezes turns [D9]; declarations in one
  window are simultaneous (the window is not re-polled), and `window_closed` resolves them.
* The deal's okoshi-fuda gets a window of its own (placer REFEREE, every seat polled): the pre-play
  window, where a hand may dobon it (first-card dobon) or show four of a kind (a DECLARE, amount 1,
  offered among the window's answers).
* Trumps are a stage of the round: after a window with declarations closes, each declarer in turn order
  is the turn player and its one legal kind of action is a PLAY of one or more of its cards onto its
  own face-up pile `trumps/N` (`extra_piles`). When every declarer of the batch has put out its trumps
  (or has none to put out: a single pin, D17, or the exception of §4.3, D12), one combined window opens
  on all of them, each card's owner named (`Window.owners`): several placers in one window, so each
  seat may answer every trump but its own [D14, D21].
* The stock is never rebuilt (`Rebuild.NEVER`); `stock_exhausted` ends the match. The 12-card rule is
  checked after each card drawn (`Rulebook.draw_stops`) and before stock exhaustion [D23].
* A deal the deck cannot cover, or that leaves no stock, is deal exhaustion (`deal_reserve` 2,
  `deal_short`) [D22].
* Standing: laps and extra cards (`Score`), `game.scores` being the total points 6 × laps + E [D25].

Where the spec and its source (seed 003) differ, or where the source needs reading, the source's intent
wins; each such reading is noted where it is applied ("Source:").
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from itertools import combinations, pairwise
from typing import TYPE_CHECKING, Any, ClassVar

from ..actions import REFEREE, Action, Kind
from ..cards import Card
from ..events import DobonCalled, Ending, Event, RoundResult, ScoreLine
from ..explain import by_route
from ..phase import Phase
from ..piles import PileSpec, Rebuild, Seen
from ..refusals import NAMED_TWICE, NOT_IN_HAND, NOT_IN_RULES, Reason, Refusal, Values
from ..scores import Score
from ..view import encode_state
from .base import MatchState, RoundState, Rulebook, RuleSet, competition_ranks

if TYPE_CHECKING:
    from ..clues import Clue
    from ..engine import Game, Window

BASE_HAND, MAX_EXTRA, POINTS_PER_LAP = 4, 5, 6  # §5.2: hands of 4 + E, E 0..5, 6 points a lap
TWO, TEN, PIN, FOUR = 2, 10, 1, 4
MAX_TOTAL = 13  # §2: a dobon total is 0..13
TWELVE = 12  # §5.3: the 12-card rule
TWELVE_LAPS = 10
FOUR_OF_A_KIND = 1  # DECLARE amount: show four of a kind in the pre-play window (§5.3)
PRE_PLAY, PLAY, TRUMP = "pre_play", "play", "trump"  # the round's stages (§6)
GROUP_POINTS = {2: 2, 3: 20, 4: 50}  # step A4

# what kabu's own rules refuse (game.refusals; texts in assets/translations, refusal.kabu)
TURN_BARE = Reason("kabu.turn_bare", "a play names only its cards, and a draw names nothing")
ALL_TRUMPS_OUT = Reason(
    "kabu.all_trumps_out", "every declarer has put out its trumps: no turn until they are answered (§4.4)"
)
TRUMPS_FIRST = Reason(
    "kabu.trumps_first", "you declared dobon: put out at least one trump from your hand (§4.3)"
)
DRAW_NAMES_NOTHING = Reason(
    "kabu.draw_names_nothing", "a draw names nothing: it takes 1 card, or the 2 × k cards the 2s owe (§3.3)"
)
PLAY_NAMES_CARDS = Reason("kabu.play_names_cards", "a play names the card(s) to put out")
TRUMP_ONCE = Reason(
    "kabu.trump_once",
    "{card} is already one of your trumps: under the house rule trumps_stay_in_hand it still counts in "
    "your hand, but a card is a trump once a match (D11)",
)
HAND_ORDER = Reason("kabu.hand_order", "name a play's cards in the order of your hand (lowest first)")
FORCED = Reason(
    "kabu.forced",
    "a 2 was played: you may play only 2s, or draw {count} (2 × {twos} twos in a row) and then take your "
    "turn (§3.3); a 10 too must wait for the draw (D5)",
)
TWOS_SUM = Reason("kabu.twos_sum", "several 2s must add up to one card of the last play ({field}) (§3.2, D7)")
PARITY = {
    side: Reason(
        f"kabu.parity_{side}",
        f"{{card}} is {side}, and the field ({{field}}) has no {side} card: play by parity (§3.2)",
    )
    for side in ("odd", "even")
}
SET_WHOLE = Reason(
    "kabu.set_whole",
    "a set must add up to ONE card of the last play ({field}), not to their sum {sum} (§3.2, D3)",
)
SET_SUM = Reason(
    "kabu.set_sum", "a set of cards must add up to a field card ({field}); these add up to {sum} (§3.2)"
)
CALL_BARE = Reason("kabu.call_bare", "a dobon names only the card it matches")
CALL_ONE_CARD = Reason(
    "kabu.call_one_card", "a dobon names one card of the play it answers, never their sum (§4.1)"
)
NOT_IN_PLAY = Reason(
    "kabu.not_in_play", "{card} is not a card of the play you may answer now ({cards}) (§4.2)"
)
OWN = Reason("kabu.own", "you cannot dobon your own card (§4.1)")
EMPTY = Reason("kabu.empty", "an empty hand cannot dobon (D8)")
OVER = Reason("kabu.over", "your hand totals {total}: a total past 13 never dobons (§2)")
NO_MATCH = Reason(
    "kabu.no_match",
    "your hand totals {total}, which does not match {card} (a total matches a card when it ends in the "
    "card's number, a 10 counting 0) (§2)",
)
FOUR_BARE = Reason("kabu.four_bare", "showing four of a kind names nothing else (DECLARE, amount 1)")
FOUR_WHEN = Reason(
    "kabu.four_when", "four of a kind is shown only before the first play, in the pre-play window (§5.3)"
)
FOUR_ANSWERED = Reason("kabu.four_answered", "you have already answered the okoshi-fuda")
NO_FOUR = Reason("kabu.no_four", "your hand has no four cards of one number (§5.3)")


@dataclass(frozen=True)
class KabuRules(RuleSet):
    preset: ClassVar[str] = "kabu"
    deck: ClassVar[str] = "kabufuda"  # [D1] 40 cards, one 1R, one 4S
    players_cap: ClassVar[int] = 6  # §1: 2-6 players
    ranges: ClassVar[dict[str, tuple[int, int]]] = {
        "max_matches": (0, 1000),
        "lap_limit": (0, 10_000),
    }  # 0: off

    max_players: int = 6
    draw_parent: bool = True  # §1 setup 1: the first parent is drawn (the game RNG); else first_parent
    counterclockwise: bool = False  # §1 setup 5: play goes clockwise "basically", agreed beforehand
    max_matches: int = 20  # [D26] the game ends after this many matches (0: no such end) ...
    lap_limit: int = 100  # [D26] ... or once the most laps exceed this (0: no such end)
    gaeshi_mult: str = "linear"  # [D16] n gaeshi multiply by 2n ("linear") or by 2^n ("doubling")
    # [D11] house rule: trumps are shown but stay in the hand (its total and the scored hand count
    # them); a card is a trump once per match, so chains of gaeshi still terminate (see `held`)
    trumps_stay_in_hand: bool = False

    def validate(self) -> None:
        super().validate()
        if self.gaeshi_mult not in ("linear", "doubling"):
            raise ValueError("gaeshi_mult must be linear (x2n, D16) or doubling (x2^n)")
        if not self.max_matches and not self.lap_limit:
            raise ValueError("a game needs an end: max_matches or lap_limit (D26)")

    def rulebook(self) -> KabuRulebook:
        return KabuRulebook(self)


# ---------------------------------------------------------------------------------- cards


def dobon_value(card: Card) -> int:
    """§2: a card's value in a dobon total: its number, a 10 counting 0."""
    return 0 if card.rank == TEN else card.rank


def total(cards: Iterable[Card]) -> int:
    """T, a hand's dobon total (§2)."""
    return sum(dobon_value(c) for c in cards)


def matches(hand: Sequence[Card], card: Card) -> bool:
    """§2 the dobon match rule: a non-empty hand whose total T is 0..13 and T mod 10 is the card's
    dobon value (so a 1 is hit by 1 and 11, a 10 by 0 and 10, a 5 by 5 only)."""
    if not hand:
        return False
    t = total(hand)
    return t <= MAX_TOTAL and t % 10 == dobon_value(card)


def single_pin(hand: Sequence[Card]) -> bool:
    """§4.5 [D17]: a hand of exactly one pin, plain or red. Source: 「「ピン(一)」1枚のみのドボン」 says
    ピン, not 赤ピン, so either pin makes a single-pin dobon."""
    return len(hand) == 1 and hand[0].rank == PIN


def four_of_a_kind(hand: Sequence[Card]) -> bool:
    """§5.3: four cards of one number (1R counts as a 1, 4S as a 4)."""
    return any(n >= 4 for n in Counter(c.rank for c in hand).values())


def is_red_pin(card: Card) -> bool:
    return card.rank == PIN and card.mark == "R"


def is_soul_four(card: Card) -> bool:
    return card.rank == FOUR and card.mark == "S"


SOUL_FACTOR, PIN_FACTOR, LAST_TEN = 4, 10, 5  # M3 the ensouled four x4, the red pin x10; A7 a 十 +5


def naming_adds(card: Card) -> tuple[str, int] | None:
    """What a dobon naming `card` adds to the points (the table shows it under the card): "×" with M3's
    factor, or "+" with A7's points; None for a card that adds nothing."""
    if is_soul_four(card):
        return ("×", SOUL_FACTOR)
    if is_red_pin(card):
        return ("×", PIN_FACTOR)
    if card.rank == TEN:
        return ("+", LAST_TEN)
    return None


def specials(cards: Iterable[Card]) -> int:
    """Step M2's factor for the cards of the hands it reads: ×2 if 4S is among them, ×5 if 1R is."""
    held = list(cards)
    return (2 if any(map(is_soul_four, held)) else 1) * (5 if any(map(is_red_pin, held)) else 1)


def hand_order(cards: Sequence[Card]) -> bool:
    """A set is named in the order of the hand (the deck's order), so each set is one action."""
    return all(a.id < b.id for a, b in pairwise(cards))


def sets(hand: Sequence[Card], targets: set[int], only: int | None = None) -> list[tuple[Card, ...]]:
    """§3.2: every set of 2 or more cards whose sum is one of `targets` (a 10 counts 10, so it never
    fits a set: the sum of two cards with a 10 is past every field number), in hand order; `only`
    limits the cards to one number (a forced player's 2s, D7)."""
    if not targets:
        return []
    top = max(targets)
    pool = [c for c in hand if c.rank < top and (only is None or c.rank == only)]
    out: list[tuple[Card, ...]] = []

    def grow(start: int, chosen: list[Card], s: int) -> None:
        if len(chosen) >= 2 and s in targets:
            out.append(tuple(chosen))
        for i in range(start, len(pool)):
            card = pool[i]
            if s + card.rank > top:
                continue
            chosen.append(card)
            grow(i + 1, chosen, s + card.rank)
            chosen.pop()

    grow(0, [], 0)
    return out


def subsets(hand: Sequence[Card]) -> list[tuple[Card, ...]]:
    """Every non-empty set of the hand's cards, in hand order (the trumps a declarer may put out)."""
    return [combo for size in range(1, len(hand) + 1) for combo in combinations(hand, size)]


# ---------------------------------------------------------------------------------- events


@dataclass(frozen=True, slots=True)
class FourShown(Event):
    """A player showed four of a kind in the pre-play window (§5.3): the match ends at its close."""

    seat: int
    hand: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class NoTrump(Event):
    """A declarer puts out no trump: a single pin (§4.5, D17), or every other hand is face up and none
    can answer any card of it (§4.3, D12), or (house rule `trumps_stay_in_hand`) every card it holds
    has already been a trump this match."""

    seat: int
    why: str  # "single_pin", "nobody_can_answer" or "all_put_out" (trumps_stay_in_hand: none left)


@dataclass(frozen=True, slots=True)
class ParentDrawn(Event):
    """The match's first parent was drawn (§1 setup 1)."""

    seat: int


@dataclass(frozen=True, slots=True)
class DealExhausted(Event):
    """The deck could not cover the deal, or would leave no stock (§5.3, D22): everyone +1 lap, every
    E cleared, 4 cards each."""

    laps: tuple[int, ...]


# ---------------------------------------------------------------------------------- state


@dataclass
class Declaration:
    """One dobon: `seat` matched `target`, a card of `victim`'s play or trump play (REFEREE: the
    okoshi-fuda, a first-card dobon). `parent` is the declaration whose trumps it hit (-1: none, it
    answers a play or the okoshi); `gaeshi` counts the gaeshi in its chain (n, §4.4)."""

    seat: int
    target: Card
    victim: int
    parent: int = -1
    gaeshi: int = 0
    pin: bool = False  # a single-pin dobon (§4.5)
    trumps: tuple[Card, ...] = ()  # what it put out (§4.3)
    trumped: bool = False  # it has put out its trumps, or has none to put out
    hit: bool = False  # a later declaration dobon'd one of its trumps

    def public(self) -> tuple:
        return (
            self.seat, self.target, self.victim, self.parent, self.gaeshi, int(self.pin), self.trumps,
            int(self.trumped), int(self.hit),
        )  # fmt: skip

    @classmethod
    def of(cls, data: Sequence[Any]) -> Declaration:
        seat, target, victim, parent, gaeshi, pin, trumps, trumped, hit = data
        if not isinstance(target, Card) or not all(isinstance(c, Card) for c in trumps):
            raise ValueError("a declaration names its target and trumps as cards")
        return cls(
            int(seat), target, int(victim), int(parent), int(gaeshi), bool(pin), tuple(trumps),
            bool(trumped), bool(hit),
        )  # fmt: skip


@dataclass
class KabuRound(RoundState):
    stage: str = PRE_PLAY
    last_play: tuple[Card, ...] = ()  # §3.1 F: the most recent play (empty: the okoshi-fuda)
    placer: int = REFEREE  # who made it
    decls: list[Declaration] = field(default_factory=list)  # every dobon this match, in order
    queue: list[int] = field(default_factory=list)  # declarations still to put out trumps
    batch: list[int] = field(default_factory=list)  # declarations whose trumps share one window
    shown: list[int] = field(default_factory=list)  # seats that showed four of a kind
    next_parent: int | None = None


@dataclass
class KabuMatch(MatchState):
    laps: list[int] = field(default_factory=list)  # §5.2 each player's laps
    extra: list[int] = field(default_factory=list)  # §5.2 each player's E (0..5): hand = 4 + E
    matches: int = 0  # matches played (a void one is dealt again and does not count)


# ---------------------------------------------------------------------------------- scoring


@dataclass(frozen=True)
class Pair:
    """One winner-loser pair to score (§5.1): `decl` is the final declaration of its branch."""

    winner: int
    loser: int
    decl: Declaration
    first_card: bool


class KabuRulebook(Rulebook):
    higher_is_better = False  # fewer laps (points) rank higher
    rebuild = Rebuild.NEVER  # §5.3: no reshuffle; an empty stock ends the match

    def __init__(self, rules: KabuRules):
        self.rules = rules

    @staticmethod
    def _round(game: Game) -> KabuRound:
        return game.ext  # type: ignore[return-value]

    @staticmethod
    def _match(game: Game) -> KabuMatch:
        return game.match_ext  # type: ignore[return-value]

    def held(self, game: Game, seat: int) -> list[Card]:
        """The cards that make up `seat`'s hand for its dobon total and for scoring: the hand, plus,
        under the house rule `trumps_stay_in_hand` [D11], the trumps it has put out this match.

        Reading of that option (source §C: 「「切り札」を自分の手札の中から最低1枚選択する」, trumps are
        *chosen* from the hand): the trumps are shown on the player's trump pile but still belong to the
        hand, so they keep counting in its total (a later gaeshi, D14) and in the scored hand (A3, A4, A6,
        M2, on either side). What they may not do is be a trump again: only the cards still in
        `hand/N` can be put out, so every trump play uses up at least one card and a chain of gaeshi
        ends after at most as many trump plays as there are cards in the hands (the spec's rationale
        for D11, "chains then terminate", kept). Without that limit two players could answer each
        other's same trump for ever (B holds 2+5, C holds 7+5: B's 2 is hit by C's 12, C's 7 by B's 7).
        A declarer with no card left to put out puts out none (`NoTrump` "all_put_out", A2 = 0, D13)."""
        hand = game.hands[seat]
        if not self.rules.trumps_stay_in_hand:
            return hand
        return [*hand, *game.extra[f"trumps/{seat}"]]

    # ------------------------------------------------------------------ match, piles and the deal

    def start_match(self, game: Game) -> None:
        game.match_ext = KabuMatch(laps=[0] * game.n, extra=[0] * game.n)

    def extra_piles(self, game: Game) -> tuple[PileSpec, ...]:
        """§4.3: each player's trumps lie face up in front of them."""
        return tuple(PileSpec(f"trumps/{s}", Seen.ALL) for s in range(game.n))

    def seating(self, game: Game) -> Sequence[int] | None:
        """§1 setup 1: at a match's first deal the seats draw and the lowest card is the parent. "May be
        chosen freely; engine default random": the game's RNG names the parent (so replays agree), with
        its own event; the seats keep their places."""
        if game.round_no == 1 and self.rules.draw_parent:
            game.parent = game.rng.randrange(game.n)
            game.emit(ParentDrawn(game.parent))
        return None

    def hand_sizes(self, game: Game) -> list[int]:
        """§1 setup 2 (§A): 4 cards each, then each player's E extras."""
        return [BASE_HAND + e for e in self._match(game).extra]

    def deal_reserve(self, game: Game) -> int:
        """[D22] the okoshi-fuda and at least one stock card. Source: §G 「すべて配り終えてしまった」
        applies as written with nothing left; with exactly one left, the okoshi-fuda takes it and
        「試合中に山札がなくなったらその場で試合終了」 would end the match before anyone plays."""
        return 2

    def deal_short(self, game: Game, sizes: list[int], available: int) -> list[int]:
        """§5.3 deal exhaustion: everyone +1 lap, every E cleared, a new deal of 4 each."""
        match = self._match(game)
        for seat in range(game.n):
            match.laps[seat] += 1
            match.extra[seat] = 0
            game.scores[seat] = self.points(match, seat)
        game.emit(DealExhausted(tuple(match.laps)))
        return [BASE_HAND] * game.n

    @staticmethod
    def points(match: KabuMatch, seat: int) -> int:
        """A standing as total points: 6 × laps + E [D25]."""
        return POINTS_PER_LAP * match.laps[seat] + match.extra[seat]

    def start_round(self, game: Game) -> None:
        """§1 setup 3-5: the okoshi-fuda is turned up; a position that already has plays on the field
        (a scenario) starts in play, the top card being the last play."""
        r = game.ext = KabuRound()
        if self.rules.counterclockwise:
            game.direction = -1
        if len(game.discard) == 1:
            game.open_window(REFEREE, (game.field,), freezes_turn=True)  # the pre-play window (§6)
        else:
            r.stage, r.last_play = PLAY, (game.field,)

    def okoshi(self, game: Game) -> Card:
        return game.discard[0]

    def field_values(self, game: Game) -> set[int]:
        """§3.1 F: the numbers of the cards of the most recent play (one value per card, never their
        sum); before any play, the okoshi-fuda's."""
        r = self._round(game)
        return {c.rank for c in (r.last_play or (self.okoshi(game),))}

    # ------------------------------------------------------------------ turns: plays, sets, draws

    def _forced(self, game: Game) -> bool:
        return game.chain_cards > 0

    def turn_actions(self, game: Game, seat: int) -> list[Action]:
        r = self._round(game)
        hand = game.hands[seat]
        if r.stage == TRUMP:
            if not r.queue:
                return []  # the trumps are out: their window is open, or the match is over
            return [Action(seat, Kind.PLAY, cards) for cards in subsets(hand)]
        values = self.field_values(game)
        if self._forced(game):  # §3.3: only 2s, one, or several whose sum is in F [D7]
            plays = [(c,) for c in hand if c.rank == TWO] + sets(hand, values, only=TWO)
        else:
            parities = {v % 2 for v in values}
            plays = [(c,) for c in hand if c.rank == TEN or c.rank % 2 in parities]
            plays += sets(hand, values)
        out = [Action(seat, Kind.PLAY, cards) for cards in plays]
        out.append(Action(seat, Kind.DRAW))
        return out

    def explain(self, game: Game, action: Action) -> Refusal:
        return by_route(game, action, turn=self._why_turn, call=self._why_call, other=self._why_other)

    def _why_turn(self, game: Game, action: Action) -> Refusal | None:
        """Why the turn player's PLAY or DRAW (or trump) is not among its turn actions."""
        r = self._round(game)
        if action.suit is not None or action.amount or action.flag:
            return TURN_BARE()
        if r.stage == TRUMP and not r.queue:
            return ALL_TRUMPS_OUT()
        if action.kind is Kind.DRAW:
            if r.stage == TRUMP:
                return TRUMPS_FIRST()
            if action.cards:
                return DRAW_NAMES_NOTHING()
            return None
        return self._play_problem(game, action)

    def _play_problem(self, game: Game, action: Action) -> Refusal | None:
        """Why the play is illegal (§3.2, §3.3, §4.3), checked whole before anything moves."""
        hand, cards = game.hands[action.seat], action.cards
        if not cards:
            return PLAY_NAMES_CARDS()
        for card in cards:
            if not any(card is held for held in hand):
                put_out = game.extra.get(f"trumps/{action.seat}", ())
                if self.rules.trumps_stay_in_hand and any(card is put for put in put_out):
                    return TRUMP_ONCE(card=card)
                return NOT_IN_HAND(card=card)
        if len({id(c) for c in cards}) != len(cards):
            return NAMED_TWICE()
        if not hand_order(cards):
            return HAND_ORDER()
        if self._round(game).stage == TRUMP:
            return None  # §4.3: any one or more of your cards
        values = self.field_values(game)
        if self._forced(game):
            if any(c.rank != TWO for c in cards):
                k = game.chain_links
                return FORCED(count=2 * k, twos=k)
            if len(cards) > 1 and sum(c.rank for c in cards) not in values:
                return TWOS_SUM(field=Values(sorted(values)))
            return None
        if len(cards) == 1:
            card = cards[0]
            if card.rank != TEN and card.rank % 2 not in {v % 2 for v in values}:
                return PARITY["odd" if card.rank % 2 else "even"](card=card, field=Values(sorted(values)))
            return None
        s = sum(c.rank for c in cards)
        if s not in values:
            if len(values) > 1 and s == sum(values):
                return SET_WHOLE(field=Values(sorted(values)), sum=s)
            return SET_SUM(field=Values(sorted(values)), sum=s)
        return None

    def apply_turn(self, game: Game, action: Action) -> None:
        r = self._round(game)
        if r.stage == TRUMP:
            self._trump(game, action.seat, action.cards)
        elif action.kind is Kind.DRAW:
            self._draw(game, action.seat)
        else:
            self._play(game, action.seat, action.cards)

    def _play(self, game: Game, seat: int, cards: tuple[Card, ...]) -> None:
        """§3.2 a play; §3.3 its 2s lengthen the run k (the next player is forced); §4.2 a window."""
        r = self._round(game)
        game.put_on_field(seat, cards)
        r.last_play, r.placer = tuple(cards), seat
        twos = sum(1 for c in cards if c.rank == TWO)
        if twos:
            k = game.chain_links + twos
            game.set_chain(k, 2 * k)
        game.open_window(seat, tuple(cards), freezes_turn=True)

    def _draw(self, game: Game, seat: int) -> None:
        """§3.2 draw 1, and the turn passes; §3.3 a forced player's 2k, after which k is 0 [D6] and the
        same player takes a normal turn. Each card is checked against the 12-card rule, then the stock
        (`draw_stops`, `stock_exhausted`) [D23]."""
        owed = game.chain_cards
        game.draw(seat, owed or 1, penalty=bool(owed))
        if game.phase is not Phase.TURN or self._twelve(game):
            return  # the 12-card rule or stock exhaustion ended the match
        if owed:
            game.set_chain(0, 0)
            game.set_turn(seat)
        else:
            game.set_turn(game.next_seat(seat))

    def draw_stops(self, game: Game, seat: int, held: int) -> bool:
        return held >= TWELVE

    def _twelve(self, game: Game) -> bool:
        """§5.3 the 12-card rule: the moment a hand holds 12, the match ends; that player +10 laps,
        nothing else scored, and that player deals next [D24]."""
        for seat in range(game.n):
            if len(game.hands[seat]) >= TWELVE:
                self._settle(
                    game, Ending.TWELVE_CARDS, (), (seat,), {}, set(), [], seat, laps={seat: TWELVE_LAPS}
                )
                return True
        return False

    def stock_exhausted(self, game: Game) -> None:
        """§5.3 stock exhaustion: the match ends the moment the stock is empty, even mid-penalty (after
        the 12-card check, D23). W = the unique fewest cards, L = the unique most; P = L's cards − W's
        + 1 per 10 in both hands, ×2 for 4S, ×5 for 1R in either; W keeps E [D20]; a tie is void."""
        if game.phase is not Phase.TURN or self._twelve(game):
            return
        sizes = [len(h) for h in game.hands]
        low, high = min(sizes), max(sizes)
        if sizes.count(low) > 1 or sizes.count(high) > 1:
            self._void(game, "exhaustion_tie")
            return
        w, l_ = sizes.index(low), sizes.index(high)
        both = [*game.hands[w], *game.hands[l_]]
        pair = (("winner", w), ("loser", l_))
        lines = [
            ScoreLine(
                l_,
                "cards_apart",
                high - low,
                f"seat {l_} {high} cards, seat {w} {low}",
                (*pair, ("most", high), ("fewest", low)),
            ),
            ScoreLine(l_, "tens", sum(1 for c in both if c.rank == TEN), "", pair),
        ]
        p = lines[0].value + lines[1].value
        mult_hand = specials(both)
        lines.append(ScoreLine(l_, "hand_specials", mult_hand, "", pair))
        p *= mult_hand
        lines.append(ScoreLine(l_, "points", p, f"to seat {l_}", pair))
        self._settle(game, Ending.EXHAUSTION, (w,), (l_,), {l_: p}, set(), lines, l_)

    # ------------------------------------------------------------------ windows: dobon and four of a kind

    def call_actions(self, game: Game, seat: int, window: Window) -> list[Action]:
        r = self._round(game)
        hand = self.held(game, seat)
        out = []
        if hand and total(hand) <= MAX_TOTAL:
            for i, card in enumerate(window.cards):
                if window.owner(i) != seat and matches(hand, card):
                    out.append(Action(seat, Kind.DOBON, (card,)))
        if r.stage == PRE_PLAY and four_of_a_kind(hand):
            out.append(Action(seat, Kind.DECLARE, amount=FOUR_OF_A_KIND))
        return out

    def _why_call(self, game: Game, action: Action, window: Window) -> Refusal | None:
        """§4.1: a dobon names one card of the play just made (or of the trumps just put out, or the
        okoshi-fuda), not your own, and your whole hand's total must match it."""
        if action.suit is not None or action.amount or action.flag:
            return CALL_BARE()
        if len(action.cards) != 1:
            return CALL_ONE_CARD()
        target = action.cards[0]
        index = next((i for i, c in enumerate(window.cards) if c is target), None)
        if index is None:
            return NOT_IN_PLAY(card=target, cards=window.cards)
        if window.owner(index) == action.seat:
            return OWN()
        hand = self.held(game, action.seat)
        if not hand:
            return EMPTY()
        t = total(hand)
        if t > MAX_TOTAL:
            return OVER(total=t)
        if t % 10 != dobon_value(target):
            return NO_MATCH(total=t, card=target)
        return None

    def apply_call(self, game: Game, action: Action, window: Window) -> None:
        """A declaration: the hand is revealed now; all declarations of one window are simultaneous
        [D9] and are resolved when it closes (the window is not re-polled)."""
        seat, target = action.seat, action.cards[0]
        window.pending.remove(seat)  # one answer per window
        index = next(i for i, c in enumerate(window.cards) if c is target)
        victim = window.owner(index)
        hand = game.reveal(seat)
        game.emit(DobonCalled(seat, hand, (target,), victim, self._round(game).stage == TRUMP))

    def _why_other(self, game: Game, action: Action) -> Refusal | None:
        """Why a declaration of four of a kind is not among the seat's other actions."""
        if action.kind is not Kind.DECLARE:
            return NOT_IN_RULES(kind=action.kind.value, preset="kabu")
        r, window = self._round(game), game.window
        if action.cards or action.suit is not None or action.flag or action.amount != FOUR_OF_A_KIND:
            return FOUR_BARE()
        if r.stage != PRE_PLAY or window is None:
            return FOUR_WHEN()
        if action.seat not in window.pending:
            return FOUR_ANSWERED()
        if not four_of_a_kind(game.hands[action.seat]):
            return NO_FOUR()
        return None

    def apply_other(self, game: Game, action: Action) -> None:
        """§5.3 four of a kind shown: it is that seat's answer in the pre-play window; the match ends
        when the window closes (several may show), unless someone dobon'd the okoshi-fuda in it.

        Source over spec: the spec (§5.3) says four of a kind "overrides a first-card dobon". The source
        says the opposite: its first-card dobon clause (§G A) ends 「@で説明した、同じ数字の札が4枚揃って
        公開した人がいた場合はこちらを優先する」, "if someone showed four of a kind as explained in @, THIS
        (こちら: the first-card dobon the clause is about) takes priority". So a first-card dobon in the
        same window wins, and the revealer is one of its losers."""
        window = game.window
        assert window is not None
        seat = action.seat
        window.pending.remove(seat)
        self._round(game).shown.append(seat)
        game.emit(FourShown(seat, game.reveal(seat)))
        if not window.pending:
            game.close_window()

    def window_closed(self, game: Game, window: Window) -> None:
        r = self._round(game)
        if r.stage == PRE_PLAY:
            if r.shown and not window.calls:
                self._four_of_a_kind(game)
                return
            if not window.calls:
                r.stage = PLAY
                if game.field.rank == TWO:  # §5.3 (§G A): a 2 okoshi forces the parent, k = 1
                    game.set_chain(1, 2)
                game.set_turn(game.turn)
                return
        if not window.calls:
            if r.stage == TRUMP:
                self._resolve(game)
            else:
                game.set_turn(game.next_seat(window.placer))
            return
        self._declared(game, window)

    def _declared(self, game: Game, window: Window) -> None:
        """The window's declarations become a batch that puts out trumps in turn order from the player
        dobon'd [D21]; a declaration on a trump hits that trump's declaration (dobon-gaeshi, §4.4)."""
        r = self._round(game)
        by_owner = {r.decls[i].seat: i for i in r.batch}
        order = self._order_from(game, window.placer)
        new: list[int] = []
        for call in sorted(window.calls, key=lambda a: order.index(a.seat)):
            target = call.cards[0]
            index = next(i for i, c in enumerate(window.cards) if c is target)
            victim = window.owner(index)
            parent, gaeshi = -1, 0
            if r.stage == TRUMP:
                parent = by_owner[victim]
                r.decls[parent].hit = True
                gaeshi = r.decls[parent].gaeshi + 1
            elif victim != REFEREE:
                game.reveal(victim)  # §4.3 the player dobon'd shows the hand (a first-card loser does not)
            hand = self.held(game, call.seat)
            r.decls.append(Declaration(call.seat, target, victim, parent, gaeshi, single_pin(hand)))
            new.append(len(r.decls) - 1)
        if r.stage == TRUMP and len(r.batch) > 1 and all(r.decls[i].hit for i in r.batch):
            self._void(game, "mutual_gaeshi")  # §4.6 [D21] every branch's trumps were dobon'd
            return
        r.stage, r.queue, r.batch = TRUMP, list(new), list(new)
        self._next_trump(game)

    def _order_from(self, game: Game, seat: int) -> list[int]:
        """Every seat in turn order starting after `seat` (REFEREE: from the turn player)."""
        start = game.turn if seat == REFEREE else game.next_seat(seat)
        return [game.next_seat(start, k) for k in range(game.n)]

    def _must_trump(self, game: Game, d: Declaration) -> str | None:
        """Why `d` puts out no trump, or None if it must: a single pin [D17]; under
        `trumps_stay_in_hand`, no card left that has not been a trump [D11]; or every other hand is
        face up and no total matches any card the declarer could put out [§4.3, D12]."""
        if d.pin:
            return "single_pin"
        mine = game.hands[d.seat]
        if not mine:
            return "all_put_out"  # only under trumps_stay_in_hand: else a declarer holds a card
        others = [s for s in range(game.n) if s != d.seat]
        if all(s in game.revealed for s in others) and not any(
            matches(self.held(game, s), c) for s in others for c in mine
        ):
            return "nobody_can_answer"
        return None

    def _next_trump(self, game: Game) -> None:
        """The next declarer of the batch to put out trumps becomes the turn player; when the batch is
        done, one combined window opens on every trump put out (several placers: `owners`)."""
        r = self._round(game)
        while r.queue:
            d = r.decls[r.queue[0]]
            why = self._must_trump(game, d)
            if why is None:
                game.set_turn(d.seat)
                return
            d.trumped = True
            r.queue.pop(0)
            game.emit(NoTrump(d.seat, why))
        cards: list[Card] = []
        owners: list[int] = []
        for i in r.batch:
            cards.extend(r.decls[i].trumps)
            owners.extend([r.decls[i].seat] * len(r.decls[i].trumps))
        if not cards:
            self._resolve(game)
            return
        seats = set(owners)
        if len(seats) == 1:
            game.open_window(owners[0], tuple(cards), freezes_turn=True)
        else:
            game.open_window(owners[0], tuple(cards), freezes_turn=True, seats=range(game.n), owners=owners)

    def _trump(self, game: Game, seat: int, cards: tuple[Card, ...]) -> None:
        """§4.3 trumps leave the hand for the player's face-up trump pile [D11] (under the house rule
        `trumps_stay_in_hand` they still count as held there: `held`)."""
        r = self._round(game)
        d = r.decls[r.queue.pop(0)]
        game.put_on_field(seat, cards, f"trumps/{seat}")
        d.trumps, d.trumped = tuple(cards), True
        game.reveal(seat)  # the hand as it now stands stays face up
        self._next_trump(game)

    # ------------------------------------------------------------------ results

    def _pairs(self, game: Game) -> list[Pair]:
        """§4.4, §4.6: each branch's last declaration (its trumps not dobon'd) wins from the player
        whose play or trump play it dobon'd; a first-card dobon wins from every non-declarer [D27]."""
        r = self._round(game)
        first = {d.seat for d in r.decls if d.victim == REFEREE}
        pairs = []
        for d in r.decls:
            if d.hit:
                continue
            if d.victim == REFEREE:
                pairs.extend(
                    Pair(d.seat, s, d, True) for s in self._order_from(game, d.seat) if s not in first
                )
            else:
                pairs.append(Pair(d.seat, d.victim, d, False))
        return pairs

    def score_pair(self, game: Game, pair: Pair) -> tuple[int, list[ScoreLine]]:
        """§5.1 P for one pair, every step in the lines, by name (the loser's seat, the pair in the note).

        A7 [D28] reads 「ドボンした札」 as the last dobon card (the card the final declarer matched).
        M1 [D16] is ×2n. Source: step 8 (the second) 「(ドボン返しをした回数)×2倍」, so n = 2 gives ×4 as it
        says, and n = 3 gives ×6. A first-card dobon scores A1 = 5 and ignores the loser's hand (A5 = 0;
        A6 and M2 read the winner's hand only) [§5.3]."""
        d, w, loser = pair.decl, pair.winner, pair.loser
        mine = self.held(game, w)
        theirs = [] if pair.first_card else self.held(game, loser)
        both = [*mine, *theirs]
        okoshi = self.okoshi(game)
        groups = sum(GROUP_POINTS.get(n, 0) for n in Counter(c.rank for c in mine).values())
        steps = [
            ("base", 5 if pair.first_card else 1),  # A1
            ("trumps", 2 * (len(d.trumps) - 1) if d.trumps else 0),  # A2 [D13]
            ("own_cards", max(0, len(mine) - 2)),  # A3
            ("groups", groups),  # A4
            ("their_cards", max(0, len(theirs) - 2)),  # A5
            ("tens", sum(1 for c in both if c.rank == TEN)),  # A6
            ("last_ten", LAST_TEN if d.target.rank == TEN else 0),  # A7 [D28]
            ("okoshi_ten", 10 if okoshi.rank == TEN else 0),  # A8 [D15]
        ]
        factors = [
            ("gaeshi", self._gaeshi_factor(d.gaeshi)),  # M1 [D16]
            ("hand_specials", specials(both)),  # M2
            (
                "card_specials",
                (SOUL_FACTOR if is_soul_four(okoshi) or is_soul_four(d.target) else 1)
                * (PIN_FACTOR if is_red_pin(okoshi) or is_red_pin(d.target) else 1),
            ),  # M3
            ("single_pin", 10 if d.pin else 1),  # M4
        ]
        p = sum(v for _, v in steps)
        for _, f in factors:
            p *= f
        note = f"seat {w} on seat {loser}"
        pair = (("winner", w), ("loser", loser))
        lines = [ScoreLine(loser, name, value, note, pair) for name, value in steps + factors]
        lines.append(ScoreLine(loser, "points", p, note, pair))
        return p, lines

    def _gaeshi_factor(self, n: int) -> int:
        """M1: ×2n for n ≥ 1 gaeshi [D16] (option `gaeshi_mult` "doubling": ×2^n; both ×2 and ×4 for
        n = 1, 2, as the source's two sentences say)."""
        if not n:
            return 1
        return 2**n if self.rules.gaeshi_mult == "doubling" else 2 * n

    def _resolve(self, game: Game) -> None:
        """RESOLVE and SCORE (§6): every pair scored separately; a loser receives the sum (§5.3)."""
        pairs = self._pairs(game)
        points: dict[int, int] = {}
        lines: list[ScoreLine] = []
        for pair in pairs:
            p, more = self.score_pair(game, pair)
            points[pair.loser] = points.get(pair.loser, 0) + p
            lines.extend(more)
        winners = tuple(dict.fromkeys(p.winner for p in pairs))
        losers = tuple(dict.fromkeys(p.loser for p in pairs))
        ending = Ending.GAESHI if any(p.decl.gaeshi for p in pairs) else Ending.DOBON
        nearest = next(s for s in self._order_from(game, winners[0]) if s in losers)  # [D24]
        self._settle(game, ending, winners, losers, points, set(winners), lines, nearest)

    def _four_of_a_kind(self, game: Game) -> None:
        """§5.3 four of a kind at the deal [D19]: every other player receives, from each revealer, P =
        30 × (10 − n) + 5 per 10, ×2 for 4S, ×5 for 1R, counted in the revealer's hand only. Source:
        「{10−(手札の枚数)}×5周」 counts in laps and 「6点=1周」 converts them to points; 「「十」1枚につき+5点」
        as written. The revealer's E does not change [D20]."""
        r = self._round(game)
        points: dict[int, int] = {}
        lines: list[ScoreLine] = []
        others = [s for s in range(game.n) if s not in r.shown]
        for seat in r.shown:
            hand = game.hands[seat]
            laps = 5 * (10 - len(hand))
            tens = 5 * sum(1 for c in hand if c.rank == TEN)
            mult = specials(hand)
            p = (laps * POINTS_PER_LAP + tens) * mult
            for loser in others:
                note = f"seat {seat} on seat {loser}"
                pair = (("winner", seat), ("loser", loser))
                lines += [
                    ScoreLine(loser, "four_laps", laps, note, pair),
                    ScoreLine(loser, "tens", tens, note, pair),
                    ScoreLine(loser, "hand_specials", mult, note, pair),
                    ScoreLine(loser, "points", p, note, pair),
                ]
                points[loser] = points.get(loser, 0) + p
        nearest = next(s for s in self._order_from(game, r.shown[0]) if s in others)
        self._settle(
            game, Ending.FOUR_OF_A_KIND, tuple(r.shown), tuple(others), points, set(), lines, nearest
        )

    def _void(self, game: Game, why: str) -> None:
        """§5.3 void: no points, no E changes; redealt by the same parent, and not counted [D24]."""
        self._round(game).next_parent = game.parent
        lines = (ScoreLine(game.parent, "void", 0, why),)
        game.end_round(RoundResult(Ending.VOID, (), (), (0,) * game.n, lines))

    def _settle(
        self,
        game: Game,
        ending: Ending,
        winners: tuple[int, ...],
        losers: tuple[int, ...],
        points: dict[int, int],
        minus_two: set[int],
        lines: list[ScoreLine],
        next_parent: int,
        laps: dict[int, int] | None = None,
    ) -> None:
        """§5.2 settlement: a loser's t = E + P gives t div 6 laps and E = t mod 6; then every dobon
        winner's E = max(0, E − 2) (additions first, then the reduction [D20]); `laps` adds laps
        directly (the 12-card rule)."""
        match = self._match(game)
        before = [self.points(match, s) for s in range(game.n)]
        old = [(match.laps[s], match.extra[s]) for s in range(game.n)]
        for seat, p in points.items():
            t = match.extra[seat] + p
            match.laps[seat] += t // POINTS_PER_LAP
            match.extra[seat] = t % POINTS_PER_LAP
        for seat, n in (laps or {}).items():
            match.laps[seat] += n
        for seat in minus_two:
            match.extra[seat] = max(0, match.extra[seat] - 2)
        match.matches += 1
        deltas = tuple(self.points(match, s) - before[s] for s in range(game.n))
        out = list(lines)
        for seat in range(game.n):
            if (match.laps[seat], match.extra[seat]) != old[seat]:
                out.append(ScoreLine(seat, "laps", match.laps[seat]))
                out.append(ScoreLine(seat, "extra", match.extra[seat]))
        self._round(game).next_parent = next_parent
        game.end_round(RoundResult(ending, winners, losers, deltas, tuple(out)))

    def next_parent(self, game: Game, result: RoundResult) -> int:
        """§E the loser deals; [D24] of several, the one nearest the winner; void: the same parent;
        12 cards: that player."""
        chosen = self._round(game).next_parent
        return game.parent if chosen is None else chosen

    def match_over(self, game: Game) -> bool:
        """[D26] after `max_matches` matches, or once the most laps exceed `lap_limit`."""
        match, rules = self._match(game), self.rules
        if rules.max_matches and match.matches >= rules.max_matches:
            return True
        return bool(rules.lap_limit) and max(match.laps) > rules.lap_limit

    def score(self, game: Game, seat: int) -> Score:
        match = self._match(game)
        return Score((("laps", match.laps[seat]), ("extra", match.extra[seat])))

    def score_key(self, game: Game, seat: int) -> tuple:
        """[D25] by laps, then by E after the final settlement, both fewer first. Source: §F
        「周回(合計点数)が少ない者が勝者…周回数が同じのときは最終試合での配られる札が少ない者が勝利」: laps are
        the points total in units of 6, so the remainder E (the next hand, 4 + E) breaks a tie."""
        match = self._match(game)
        return (match.laps[seat], match.extra[seat])

    def ranks(self, game: Game) -> tuple[int, ...]:
        return competition_ranks([self.score_key(game, s) for s in range(game.n)])

    # ------------------------------------------------------------------ views and inference

    def public_state(self, game: Game) -> dict[str, Any]:
        r = self._round(game)
        return {
            "stage": r.stage,
            "last_play": r.last_play,
            "placer": r.placer,
            "decls": tuple(d.public() for d in r.decls),
            "queue": tuple(r.queue),
            "batch": tuple(r.batch),
            "shown": tuple(r.shown),
            "next_parent": r.next_parent,  # set when the match ends: who deals the next one (§E, D24)
        }

    def round_data(self, game: Game) -> dict[str, Any]:
        """The whole round state is public (`public_state`): a position saved mid-round keeps it."""
        return encode_state(self.public_state(game))

    def load_round(self, game: Game, data: dict[str, Any]) -> None:
        """A position's round state; in the trump stage, the turn player must be the declarer whose
        trumps are due (the first of `queue`), and a declarer still to put out trumps must not have."""
        super().load_round(game, data)
        r = self._round(game)
        if r.stage == TRUMP and r.queue:
            due = r.decls[r.queue[0]]
            if game.turn != due.seat:
                raise ValueError(f"in the trump stage it is seat {due.seat}'s turn to put out trumps")
            if any(r.decls[i].trumped for i in r.queue):
                raise ValueError("queue names a declaration that has already put out its trumps")

    def position_problem(self, game: Game) -> str | None:
        """A position's stage and window must agree: the pre-play window is on the okoshi-fuda; in the
        trump stage, a window opens only when every declarer of the batch has put out its trumps, and
        every card in it is a trump of one of them (a gaeshi names the declaration it hits)."""
        r, window = self._round(game), game.window
        for call in window.calls if window is not None else ():
            index = next((i for i, c in enumerate(window.cards) if call.cards == (c,)), None)
            if call.kind is not Kind.DOBON or index is None or window.owner(index) == call.seat:
                return "window.calls: a dobon names one card of the window, not the caller's own"
        if r.stage == PRE_PLAY and (window is None or window.placer != REFEREE):
            return "round: the pre_play stage stands in the window on the okoshi-fuda (placer -1)"
        if r.stage == TRUMP and window is not None:
            if r.queue:
                return "round: a trump window opens only once the queue has put out its trumps"
            declarers = {r.decls[i].seat for i in r.batch}
            if any(window.owner(i) not in declarers for i in range(len(window.cards))):
                return "window: in the trump stage each card must be a trump of a declarer of the batch"
        return None

    def restore_round(self, game: Game, public: dict[str, Any]) -> None:
        n = game.n
        stage = public.get("stage", PLAY)
        if stage not in (PRE_PLAY, PLAY, TRUMP):
            raise ValueError(f"stage is one of {PRE_PLAY}, {PLAY}, {TRUMP}")
        last = tuple(public.get("last_play", ()))
        if not all(isinstance(c, Card) for c in last):
            raise ValueError("last_play lists cards")
        r = KabuRound(
            stage=stage,
            last_play=last,
            placer=int(public.get("placer", REFEREE)),
            decls=[Declaration.of(d) for d in public.get("decls", ())],
            queue=[int(i) for i in public.get("queue", ())],
            batch=[int(i) for i in public.get("batch", ())],
            shown=[int(s) for s in public.get("shown", ())],
            next_parent=None if public.get("next_parent") is None else int(public["next_parent"]),
        )
        seats = [r.placer, *r.shown, *(d.seat for d in r.decls), *(d.victim for d in r.decls)]
        seats += [] if r.next_parent is None else [r.next_parent]
        if not all(-1 <= s < n for s in seats):
            raise ValueError(f"seats are 0..{n - 1} (-1: the okoshi-fuda)")
        if not all(0 <= i < len(r.decls) for i in [*r.queue, *r.batch]):
            raise ValueError("queue and batch name declarations")
        window = game.window
        if stage != PRE_PLAY and window is not None and window.placer == REFEREE and not window.calls:
            chain = (game.chain_links, game.chain_cards)
            game.close_window()  # a position past the pre-play window: nobody answered the okoshi-fuda
            if (game.chain_links, game.chain_cards) != chain:
                game.set_chain(*chain)  # the position's own draw chain, not the one an okoshi 2 starts
        game.ext = r

    def fitted(self, card: Card, clue: Clue, held: int) -> bool | None:
        """Could `card` have been played instead of that turn draw? A forced player's penalty draw: a 2.
        Otherwise a 10, or a card of the field card's parity: the clue knows the top card of the last
        play only, so a card that might have fitted another card of a set counts as not fitting (the
        inference then reads nothing into it)."""
        if clue.field is None:
            return None
        if clue.chain:
            return card.rank == TWO
        return card.rank == TEN or card.rank % 2 == clue.field.rank % 2

    def call_totals(self, history, index: int, seat: int, held: int) -> tuple[int, ...]:
        """The totals that could have dobon'd the play `history[index]` (public: the cards only); none
        for an empty hand (D8)."""
        if held < 1:
            return ()
        clue = history[index]
        values = {dobon_value(c) for c in clue.cards}
        return tuple(t for t in range(MAX_TOTAL + 1) if t % 10 in values)

    def could_call(self, hand: Sequence[Card], totals: tuple[int, ...]) -> bool:
        return bool(hand) and total(hand) in totals
