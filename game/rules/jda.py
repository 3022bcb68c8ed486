"""The `jda` preset: 日本ドボン協会公認ルール (spec: shared/rules/jda.md, source: seeds/002).

52 cards, 2-4 players, no points. Each player is dealt their own deal size (4 at first, up to 12). Turns
play a card of the field card's suit or number (more of that number may follow in the same play) or
take one card; a 2 starts a chain that doubles with every 2 placed (the one who stops pays 2^n). Anyone
holding the field card's number may place it at any moment, out of turn, and the turn goes on from
them. A hand can never be emptied: the only way to win is a dobon, open to every seat at any moment,
whose chosen top card others may answer (dobon-gaeshi). The loser's deal grows, the winner's shrinks,
and a loser at 12 completes a lap. Decisions [JDn] refer to the spec's section 7.

How it sits on the core (docs/engine.md, "jda"): play has no reaction windows. Turn plays and takes are
the core's turn route; same-number placements by other seats, dobons outside a gaeshi window and a
seat's "let it go" (a bare PASS, for the headless protocol only) are the rulebook's own out-of-turn
route (`other_actions`). Every dobon opens a window on its top card that polls every live hand
(dobon-gaeshi, JD13); a gaeshi opens the next one. Simultaneous actions go through `precedence` (seat
order from the turn player, JD10).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from itertools import permutations
from typing import TYPE_CHECKING, Any, ClassVar

from ..actions import REFEREE, Action, Kind
from ..cards import RANK_LETTERS, Card
from ..clues import Clue
from ..events import DobonCalled, Ending, Event, RoundResult, ScoreLine
from ..explain import by_route
from ..phase import Phase
from ..piles import Rebuild
from ..refusals import NAMED_TWICE, NOT_IN_HAND, NOT_IN_RULES, PASS_TAKES_NOTHING, Reason, Refusal, Seat
from ..scores import Score
from ..view import encode_state
from .base import MatchState, RoundState, Rulebook, RuleSet, competition_ranks

if TYPE_CHECKING:
    from ..engine import Game, Window

TWO = 2

# what jda's own rules refuse (game.refusals; texts in assets/translations, refusal.jda)
PLAY_BARE = Reason("jda.play_bare", "a play names only its cards, the bottom one first and the top one last")
PLAY_NAMES_CARDS = Reason(
    "jda.play_names_cards", "a play names the card(s) to put down, the bottom one first and the top one last"
)
KEEP_ONE = Reason(
    "jda.keep_one", "a play must leave at least one card in your hand: a hand can never be emptied (§1, JD9)"
)
OUT_OF_TURN = Reason(
    "jda.out_of_turn",
    "out of turn you may place only cards of the field card's number, {number} (§3.3; the field card is {field})",
)
CHAIN = Reason("jda.chain", "a 2 chain is pending: play 2s, or take the {count} cards it owes (§3.2)")
NO_MATCH = Reason(
    "jda.no_match", "{card} matches neither the suit nor the number of the field card {field} (§3.1)"
)
SAME_NUMBER = Reason(
    "jda.same_number",
    "{card} is not a {number}: every further card of a play has its first card's number (JD6), so the "
    "whole play is refused; you may play its legal part alone (JD21)",
)
TAKE_NAMES_NOTHING = Reason(
    "jda.take_names_nothing", "a take names nothing: it takes 1 card, or the 2^n cards a chain owes"
)
DECIDING_PLAY = Reason(
    "jda.deciding_play",
    "no card may be placed while a dobon is being answered: the game is being decided (JD18)",
)
DECIDING_TAKE = Reason(
    "jda.deciding_take", "nobody takes from the stock while a dobon is being answered (§6)"
)
THROWN = Reason("jda.thrown", "you threw your hand in: it is void for the rest of this game (JD13)")
LAID_DOWN = Reason("jda.laid_down", "your hand is already on the field: you called dobon")
ANSWERED = Reason("jda.answered", "you have already answered this dobon: one answer per dobon (JD13)")
TURN_PLAY = Reason("jda.turn_play", "this is your turn's play")
TURN_TAKE = Reason("jda.turn_take", "this is your turn's take")
NO_TAKE = Reason(
    "jda.no_take", "only the turn player takes from the stock: a take out of turn cannot be made (JD21)"
)
PASS_ON_TURN = Reason(
    "jda.pass_on_turn", "on your turn, play or take (§3.1): your play or take lets any other chance go"
)
LET_GO = Reason("jda.let_go", "you have already let this moment go")
NOTHING_TO_LET_GO = Reason(
    "jda.nothing_to_let_go", "there is nothing to let go: you have no placement or dobon now"
)
CALL_BARE = Reason("jda.call_bare", "a dobon names only the card you put on top of your hand")
CALL_ONE_CARD = Reason(
    "jda.call_one_card", "a dobon names one card: the one you put on top of your hand (JD12)"
)
TOP_NOT_IN_HAND = Reason(
    "jda.top_not_in_hand", "{card} is not in your hand: the top card must be one of your own (JD12)"
)
WRONG_SUM = Reason(
    "jda.wrong_sum",
    "your hand adds up to {total}, not {target} (the field card {card}): no dobon (§4.1); a false dobon is "
    "refused, with no penalty (JD16)",
)
WRONG_SUM_GAESHI = Reason(
    "jda.wrong_sum_gaeshi",
    "your hand adds up to {total}, not {target} (the top card of seat {seat}'s dobon {card}): no dobon "
    "(§4.1); a false dobon is refused, with no penalty (JD16)",
)
FIRST_DEAL, MAX_DEAL, STEP = 4, 12, 2  # §5: deal sizes 4, 6, 8, 10, 12


@dataclass(frozen=True)
class JdaRules(RuleSet):
    preset: ClassVar[str] = "jda"
    deck: ClassVar[str] = "52"  # [JD3] no jokers
    players_cap: ClassVar[int] = 4  # [JD2] 4 x 12 + 1 = 49 cards always fit one deck
    ranges: ClassVar[dict[str, tuple[int, int]]] = {  # 0: off, for the first four
        "games": (0, 1000),
        "time_limit_min": (0, 24 * 60),
        "min_games": (0, 1000),
        "turn_time_limit_s": (0, 3600),
        "gaeshi_ms": (1, 60_000),
        "gaeshi_max_ms": (1, 60_000),
        "simultaneity_ms": (0, 1000),
    }

    # [JD1] the (公) competition rules, each on by default behind a flag
    seat_draw: bool = True  # §1: a draw seats the table and names the first dealer (else first_parent)
    multi_loser_dealer: bool = True  # [JD19] of several losers, the one losing most deals
    reseat_on_lap: bool = True  # §1: a completed lap reseats the table by a new draw
    gaeshi_time_limit: bool = True  # [JD13] the 3-second rule (real time)
    simultaneity_priority: bool = True  # [JD10] simultaneous actions go by seat from the turn player
    # [JD20] the match ends after `games` games, or once `time_limit_min` has passed and at least
    # `min_games` were played (0 turns each off; the minimum is the (公) rule)
    games: int = 10
    time_limit_min: int = 0
    min_games: int = 5
    turn_time_limit_s: int = 0  # [JD21] stalling: over this, the turn player takes 2 (0: off)
    gaeshi_ms: int = 3000  # [JD13] a gaeshi this soon after its dobon is always valid
    gaeshi_max_ms: int = 10000  # [JD13] a gaeshi window closes after this at the latest
    simultaneity_ms: int = 100  # [JD10] real time: actions this close to the first are one tick

    def validate(self) -> None:
        super().validate()
        if not self.games and not self.time_limit_min:
            raise ValueError("a match needs an end: games or time_limit_min (JD20)")
        if not 0 < self.gaeshi_ms <= self.gaeshi_max_ms:
            raise ValueError("gaeshi_ms must be more than 0 and at most gaeshi_max_ms")

    def rulebook(self) -> JdaRulebook:
        return JdaRulebook(self)


# ---------------------------------------------------------------------------------- cards


def number(rank: int) -> str:
    """A card number as players say it: A, 2 ... 10, J, Q, K."""
    return RANK_LETTERS.get(rank, str(rank))


def strength(card: Card) -> tuple[int, int]:
    """The seat draw's order (§1): A > K > Q > J > 10 > ... > 2, then ♠ > ♥ > ♦ > ♣."""
    suit = 0 if card.suit is None else int(card.suit)  # Suit counts ♠ 0, ♥ 1, ♦ 2, ♣ 3
    return (14 if card.rank == 1 else card.rank, 3 - suit)


def by_strength(draws: dict[int, Card]) -> list[int]:
    """The seats that drew `draws`, strongest card first (example 1)."""
    return sorted(draws, key=lambda seat: strength(draws[seat]), reverse=True)


def total(cards: Iterable[Card]) -> int:
    """A hand's dobon sum [JD4]: A 1, J 11, Q 12, K 13, the others their number."""
    return sum([c.rank for c in cards])  # a list comprehension: the hot path's cheapest form


def sequences(hand: Sequence[Card], firsts: Iterable[Card]) -> list[tuple[Card, ...]]:
    """Every play [JD6]: a legal first card, then any other cards of its number in any order (the
    last on top), leaving at least one card in the hand [JD9]."""
    room = len(hand) - 1
    out: list[tuple[Card, ...]] = []
    if room < 1:
        return out
    ranks = [c.rank for c in hand]
    for first in firsts:
        rank = first.rank
        if room < 2 or ranks.count(rank) == 1:  # the usual case: a single card
            out.append((first,))
            continue
        same = [c for c in hand if c.rank == rank and c is not first]
        for more in range(min(len(same), room - 1) + 1):
            out.extend((first, *rest) for rest in permutations(same, more))
    return out


# ---------------------------------------------------------------------------------- events


@dataclass(frozen=True, slots=True)
class SeatsDrawn(Event):
    """Seats drew a card each (§1): to seat the table at a match's start ("seating"), to reseat it
    after a lap ("reseat", JD19), or to settle the next dealer among tied losers ("dealer")."""

    why: str
    seats: tuple[int, ...]
    cards: tuple[Card, ...]  # what each of `seats` drew
    dealer: int  # the dealer the draw leaves
    seating: tuple[int, ...] = ()  # the new seating, clockwise (seating, reseat)


@dataclass(frozen=True, slots=True)
class HandThrownIn(Event):
    """A seat threw its hand in during dobon-gaeshi (放棄, JD13): it can no longer answer this game."""

    seat: int


# ---------------------------------------------------------------------------------- state


@dataclass
class JdaRound(RoundState):
    placer: int = REFEREE  # who placed the field card (REFEREE: the initial card, JD14)
    dobons: list[tuple[int, Card]] = field(default_factory=list)  # the chain: caller and top card
    thrown: list[int] = field(default_factory=list)  # hands thrown in since the chain began (JD13)
    let_go: list[int] = field(default_factory=list)  # seats that let this moment go (headless PASS)
    next_dealer: int | None = None  # settled with the result (a tie may need a draw)
    superseding: bool = False  # a gaeshi is replacing the window: the old one resolves nothing

    def copy(self) -> JdaRound:
        """Its lists copied, the cards in them shared (a card is itself: equality is identity)."""
        return JdaRound(
            self.placer,
            list(self.dobons),
            list(self.thrown),
            list(self.let_go),
            self.next_dealer,
            self.superseding,
        )


@dataclass
class JdaMatch(MatchState):
    deal: list[int] = field(default_factory=list)  # each seat's deal size (§5)
    lap: list[int] = field(default_factory=list)  # each seat's laps (§5)
    games: int = 0  # games played in this match
    reseat: int = 0  # 1: the next deal reseats the table by a draw (a lap was completed)

    def copy(self) -> JdaMatch:
        return JdaMatch(list(self.deal), list(self.lap), self.games, self.reseat)


class JdaRulebook(Rulebook):
    higher_is_better = False  # the ranking key (lap, deal) is better smaller
    rebuild = Rebuild.AT_ONCE  # [JD22] the moment the stock empties, even in the middle of a payment

    def __init__(self, rules: JdaRules):
        self.rules = rules
        # actions offered again and again, made once (Action is immutable; a speed measure only): by
        # seat, kind and the cards' identities, the cards kept alive by the actions themselves
        self._actions: dict[tuple[int, ...], Action] = {}
        self._clockwise: dict[tuple[tuple[int, ...], int], tuple[int, ...]] = {}

    def _made(self, seat: int, kind: Kind, cards: tuple[Card, ...]) -> Action:
        key = (seat, id(kind), *map(id, cards))  # flat ints: an Enum hashes in Python, slowly
        action = self._actions.get(key)
        if action is None:
            action = self._actions[key] = Action(seat, kind, cards)
        return action

    @staticmethod
    def _round(game: Game) -> JdaRound:
        return game.ext  # type: ignore[return-value]

    @staticmethod
    def _match(game: Game) -> JdaMatch:
        return game.match_ext  # type: ignore[return-value]

    # ------------------------------------------------------------------ match, seats and the deal

    def start_match(self, game: Game) -> None:
        game.match_ext = JdaMatch(deal=[FIRST_DEAL] * game.n, lap=[0] * game.n)

    def hand_sizes(self, game: Game) -> list[int]:
        return list(self._match(game).deal)

    def seating(self, game: Game) -> Sequence[int] | None:
        """§1: at a match's first deal the seats draw: the strongest card deals, the others sit
        clockwise from the dealer by strength. After a completed lap [JD19] they draw again; the
        loser still deals."""
        match = self._match(game)
        if game.round_no == 1:
            match.reseat = 0
            if not self.rules.seat_draw:
                game.parent = self.rules.first_parent
                return tuple(range(game.n))
            order = self._draw(game, "seating", range(game.n))
            game.parent = order[0]
            return order
        if match.reseat:
            match.reseat = 0
            return self._draw(game, "reseat", range(game.n))
        return None

    def _draw(self, game: Game, why: str, seats: Iterable[int]) -> list[int]:
        """Each of `seats` draws a card from a well-shuffled deck (the game's RNG, so replays agree):
        the seats, strongest first. The event tells the table who drew what."""
        pool = list(game.deck.cards)
        game.rng.shuffle(pool)
        draws = dict(zip(seats, pool, strict=False))
        order = by_strength(draws)
        dealer = order[0] if why != "reseat" else game.parent
        seating = tuple(order) if why != "dealer" else ()
        game.emit(SeatsDrawn(why, tuple(draws), tuple(draws.values()), dealer, seating))
        return order

    def start_round(self, game: Game) -> None:
        game.ext = JdaRound()
        if len(game.discard) == 1 and game.field.rank == TWO and not game.chain_links:
            game.set_chain(1, 2)  # §3.2: an initial 2 — the dealer plays a 2 or takes 2

    def stock_exhausted(self, game: Game) -> None:
        """[JD17, JD22] the stock emptied and the field holds only its top card: the game ends at
        once, the take complete or not; everyone tied for the most cards loses, nobody wins."""
        if game.phase is Phase.TURN:
            most = max(len(hand) for hand in game.hands)
            losers = tuple(s for s in range(game.n) if len(game.hands[s]) == most)
            self._finish(game, Ending.EXHAUSTION, (), losers)

    # ------------------------------------------------------------------ plays and takes

    def _firsts(self, game: Game, seat: int, on_turn: bool) -> list[Card]:
        hand, top = game.hands[seat], game.field
        if not on_turn:  # §3.3: out of turn, the field card's number only
            return [c for c in hand if c.rank == top.rank]
        if game.chain_cards:  # §3.2: only 2s answer a 2
            return [c for c in hand if c.rank == TWO]
        return [c for c in hand if c.suit is top.suit or c.rank == top.rank]

    def _play_problem(self, game: Game, action: Action, on_turn: bool) -> Refusal | None:
        """Why the play is illegal [JD6, JD21]: checked whole before anything moves."""
        if action.suit is not None or action.amount or action.flag:
            return PLAY_BARE()
        hand, cards = game.hands[action.seat], action.cards
        if not cards:
            return PLAY_NAMES_CARDS()
        held = [id(c) for c in hand]
        for card in cards:
            if id(card) not in held:
                return NOT_IN_HAND(card=card)
        if len(cards) > 1 and len({id(c) for c in cards}) != len(cards):
            return NAMED_TWICE()
        if len(cards) >= len(hand):
            return KEEP_ONE()
        first, top = cards[0], game.field
        if not on_turn:
            if first.rank != top.rank:
                return OUT_OF_TURN(number=number(top.rank), field=top)
        elif game.chain_cards:
            if first.rank != TWO:
                return CHAIN(count=game.chain_cards)
        elif first.suit is not top.suit and first.rank != top.rank:
            return NO_MATCH(card=first, field=top)
        for card in cards[1:]:
            if card.rank != first.rank:
                return SAME_NUMBER(card=card, number=number(first.rank))
        return None

    def turn_actions(self, game: Game, seat: int) -> list[Action]:
        hand = game.hands[seat]
        made = self._made
        out = [made(seat, Kind.PLAY, cards) for cards in sequences(hand, self._firsts(game, seat, True))]
        out.append(made(seat, Kind.DRAW, ()))  # a take (§3.1), or paying a chain (§3.2, JD8)
        return out

    def _why_turn(self, game: Game, action: Action) -> Refusal | None:
        """Why the turn player's play or take is not among its turn actions."""
        if action.kind is Kind.DRAW:
            if action.cards or action.suit is not None or action.amount or action.flag:
                return TAKE_NAMES_NOTHING()
            return None
        return self._play_problem(game, action, on_turn=True)

    def apply_turn(self, game: Game, action: Action) -> None:
        if action.kind is Kind.DRAW:
            self._take(game, action.seat)
        else:
            self._place(game, action.seat, action.cards)

    def _place(self, game: Game, seat: int, cards: tuple[Card, ...]) -> None:
        """A turn play or an out-of-turn placement: the cards go down, the last on top, and the turn
        goes on from the placer [JD5]. 2s start or lengthen a chain: n counts every 2 placed [JD7]."""
        r = self._round(game)
        game.put_on_field(seat, cards)
        r.placer, r.let_go = seat, []
        if cards[0].rank == TWO:
            links = game.chain_links + len(cards)
            game.set_chain(links, 2**links)
        game.set_turn(game.next_seat(seat))

    def _take(self, game: Game, seat: int) -> None:
        """§3.1 a take of 1, and the turn passes; §3.2 a chain's payment of 2^n, and the payer then
        takes the turn on the same field card [JD7]. An empty stock is rebuilt at once [JD22], or
        the game ends in the middle of the take (stock_exhausted)."""
        r = self._round(game)
        r.let_go = []
        owed = game.chain_cards
        game.draw(seat, owed or 1, penalty=bool(owed))
        if game.phase is not Phase.TURN:
            return  # exhaustion ended the game
        if owed:
            game.set_chain(0, 0)
            game.set_turn(seat)
        else:
            game.set_turn(game.next_seat(seat))

    # ------------------------------------------------------------------ out of turn: placements, dobons

    def _can_place(self, game: Game, seat: int) -> bool:
        hand = game.hands[seat]
        return len(hand) > 1 and any(c.rank == game.field.rank for c in hand)

    def _can_dobon(self, game: Game, seat: int, target: Card) -> bool:
        hand = game.hands[seat]
        return bool(hand) and total(hand) == target.rank

    def _in_play(self, game: Game) -> bool:
        return game.phase is Phase.TURN and game.window is None

    def other_actions(self, game: Game, seat: int) -> list[Action]:
        """[JD18] any seat but the turn player may place the field card's number; [JD11] any seat whose
        hand adds up to the field card may call dobon, naming its top card [JD12]. A seat with such a
        chance may also let the moment go (PASS), which only the headless protocol needs."""
        if game.window is not None or game.phase is not Phase.TURN:
            return []
        hand = game.hands[seat]
        ranks = [c.rank for c in hand]
        rank = game.discard[-1].rank  # the field card (read directly: asked for every seat, every action)
        dobon = bool(ranks) and sum(ranks) == rank
        placing = seat != game.turn and rank in ranks
        if not dobon and not placing:
            return []  # the usual case, answered without building anything
        out: list[Action] = []
        if placing:
            firsts = [c for c in hand if c.rank == rank]  # §3.3: the field card's number only
            out.extend(self._made(seat, Kind.PLAY, cards) for cards in sequences(hand, firsts))
        if dobon:
            out.extend(self._made(seat, Kind.DOBON, (card,)) for card in hand)
        if out and seat != game.turn and seat not in self._round(game).let_go:
            out.append(self._made(seat, Kind.PASS, ()))
        return out

    def _why_other(self, game: Game, action: Action) -> Refusal | None:
        """Why an out-of-turn placement, a dobon on the field card or a let-go is not offered."""
        seat, kind = action.seat, action.kind
        r = self._round(game)
        if not self._in_play(game):
            if kind is Kind.PLAY:
                return DECIDING_PLAY()
            if kind is Kind.DRAW:
                return DECIDING_TAKE()
            if kind in (Kind.DOBON, Kind.PASS):
                if seat in r.thrown:
                    return THROWN()
                if not game.hands[seat]:
                    return LAID_DOWN()
                return ANSWERED()
            return NOT_IN_RULES(kind=kind.value, preset="jda")
        if kind is Kind.PLAY:
            if seat == game.turn:
                return TURN_PLAY()
            return self._play_problem(game, action, on_turn=False)
        if kind is Kind.DRAW:
            if seat == game.turn:
                return TURN_TAKE()
            return NO_TAKE()
        if kind is Kind.DOBON:
            return self._dobon_problem(game, action, game.field, None)
        if kind is Kind.PASS:
            if action.cards or action.suit is not None or action.amount or action.flag:
                return PASS_TAKES_NOTHING()
            if seat == game.turn:
                return PASS_ON_TURN()
            if seat in r.let_go:
                return LET_GO()
            if not self._can_place(game, seat) and not self._can_dobon(game, seat, game.field):
                return NOTHING_TO_LET_GO()
            return None
        return NOT_IN_RULES(kind=kind.value, preset="jda")

    def explain(self, game: Game, action: Action) -> Refusal:
        """The table's reason where the action was the turn's or the window's (the turn player's play
        or take, a pending seat's answer to a dobon); otherwise jda's own, which names its rule (the
        table's "it is seat 2's turn" would hide that out-of-turn placements exist)."""
        return by_route(
            game, action, turn=self._why_turn, call=self._why_call, other=self._why_other, out_of_turn=True
        )

    def apply_other(self, game: Game, action: Action) -> None:
        if action.kind is Kind.PASS:
            self._round(game).let_go.append(action.seat)
        elif action.kind is Kind.PLAY:
            self._place(game, action.seat, action.cards)
        else:
            self._dobon(game, action.seat, action.cards[0], None)

    def sync_next(self, game: Game) -> int | None:
        """Headless order (docs/engine.md): in play, before the turn player acts, every other seat with
        a chance (a placement or a dobon) is asked, clockwise from the seat after the turn player (the
        order of precedence, JD10). Each answers with its placement, its dobon or a PASS that lets the
        moment go; any other action starts the round of questions again. Then the turn player acts,
        its own dobon offered beside its play and take."""
        if game.window is not None or game.phase is not Phase.TURN:
            return None
        rank, hands, let_go = game.discard[-1].rank, game.hands, self._round(game).let_go
        for seat in self._after(game.seating, game.turn):  # clockwise from the turn player
            ranks = [c.rank for c in hands[seat]]
            # a dobon or a placement (`other_actions`), the cheapest test first
            if (sum(ranks) == rank or (rank in ranks and len(ranks) > 1)) and seat not in let_go:
                return seat
        return None

    def _after(self, seating: tuple[int, ...], turn: int) -> tuple[int, ...]:
        """The other seats clockwise from `turn`, made once per seating and turn (asked before every
        action: a speed measure only)."""
        key = (seating, turn)
        order = self._clockwise.get(key)
        if order is None:
            start = seating.index(turn)
            order = self._clockwise[key] = (seating + seating)[start + 1 : start + len(seating)]
        return order

    def call_totals(self, history: Sequence[Clue], index: int, seat: int, held: int) -> tuple[int, ...]:
        """For the AI's inference: any other hand may call on a play's top card [JD11] (its own
        placer's would lose, JD15, so its silence says nothing)."""
        clue = history[index]
        if not clue.cards or seat == clue.seat or held < 1:
            return ()
        return (clue.cards[-1].rank,)

    # ------------------------------------------------------------------ dobon and dobon-gaeshi

    def _dobon_problem(self, game: Game, action: Action, target: Card, placer: int | None) -> Refusal | None:
        """Why a dobon on `target` is refused: the field card (`placer` None) or the top card of a
        dobon by seat `placer`, in a gaeshi window."""
        if action.suit is not None or action.amount or action.flag:
            return CALL_BARE()
        if len(action.cards) != 1:
            return CALL_ONE_CARD()
        top, hand = action.cards[0], game.hands[action.seat]
        if not any(top is held for held in hand):
            return TOP_NOT_IN_HAND(card=top)
        if total(hand) != target.rank:
            if placer is None:
                return WRONG_SUM(total=total(hand), target=target.rank, card=target)
            return WRONG_SUM_GAESHI(total=total(hand), target=target.rank, seat=Seat(placer), card=target)
        return None

    def call_probe(
        self, window: tuple[Card, ...] | None, discard: Sequence[Card], hand: Sequence[Card]
    ) -> tuple[Card, ...]:
        """A jda dobon names the card of the caller's own hand that goes on top (JD12): any of them
        asks the rules about the hand's total."""
        return tuple(hand[:1])

    def call_actions(self, game: Game, seat: int, window: Window) -> list[Action]:
        """In a gaeshi window [JD13]: a dobon on its top card if the hand adds up, and always the
        throw-in (a flagged PASS). A plain PASS (the core's) keeps the hand for later links."""
        out = []
        if self._can_dobon(game, seat, window.cards[0]):
            out = [Action(seat, Kind.DOBON, (card,)) for card in game.hands[seat]]
        out.append(Action(seat, Kind.PASS, flag=True))
        return out

    def _why_call(self, game: Game, action: Action, window: Window) -> Refusal | None:
        return self._dobon_problem(game, action, window.cards[0], window.placer)

    def apply_call(self, game: Game, action: Action, window: Window) -> None:
        if action.kind is Kind.PASS:  # a throw-in: the core has taken the seat off the window
            self._round(game).thrown.append(action.seat)
            game.emit(HandThrownIn(action.seat))
            return
        self._dobon(game, action.seat, action.cards[0], window)

    def _dobon(self, game: Game, seat: int, top: Card, window: Window | None) -> None:
        """The whole hand goes on the field, `top` on top [JD12]. A window on that card then polls
        every live hand (not laid down, not thrown in), the placer of the hit card included [JD13]."""
        r = self._round(game)
        target = game.field if window is None else window.cards[0]
        answer_to = r.placer if window is None else window.placer
        game.reveal(seat)
        cards = game.lay_down(seat, top)
        r.dobons.append((seat, top))
        r.let_go = []
        game.emit(DobonCalled(seat, cards, (target,), answer_to, window is not None))
        live = [s for s in range(game.n) if game.hands[s] and s not in r.thrown]
        if not live:  # nobody left to answer (two players, or every other hand thrown in)
            if window is not None:
                r.superseding = True
                game.close_window()
                r.superseding = False
            self._result(game)
            return
        r.superseding = window is not None
        game.open_window(seat, (top,), freezes_turn=True, seats=live)
        r.superseding = False

    def window_closed(self, game: Game, window: Window) -> None:
        if not self._round(game).superseding:
            self._result(game)  # nobody answered the last dobon

    def window_ms(self, game: Game, window: Window, usual: float) -> float:
        return self.rules.gaeshi_max_ms  # the deadline below closes gaeshi windows, not the table's pace

    def window_deadline_ms(self, game: Game, window: Window) -> float | None:
        """[JD13] 3 s after the dobon once anyone has thrown in since the chain began (so a throw-in
        after 3 s closes it at once), 10 s at most."""
        if self.rules.gaeshi_time_limit and self._round(game).thrown:
            return self.rules.gaeshi_ms
        return self.rules.gaeshi_max_ms

    def _result(self, game: Game) -> None:
        """§4.3: the last caller wins and the seat it hit loses; a dobon on the initial card beats
        everyone [JD14]; a dobon on one's own card loses, with no winner [JD15]."""
        r = self._round(game)
        last = r.dobons[-1][0]
        hit = r.dobons[-2][0] if len(r.dobons) > 1 else r.placer
        ending = Ending.GAESHI if len(r.dobons) > 1 else Ending.DOBON
        if hit == REFEREE:
            self._finish(game, ending, (last,), tuple(s for s in range(game.n) if s != last))
        elif hit == last:
            self._finish(game, ending, (), (last,))
        else:
            self._finish(game, ending, (last,), (hit,))

    # ------------------------------------------------------------------ the result

    @staticmethod
    def steps(deal: int, lap: int) -> int:
        """A standing as one number, in the order of (lap, deal): every loss is one step up."""
        return lap * 5 + (deal - FIRST_DEAL) // STEP

    def _finish(self, game: Game, ending: Ending, winners: tuple[int, ...], losers: tuple[int, ...]) -> None:
        """§5: deal sizes and laps move, then the next dealer [JD19]; the game's score change is
        the steps each seat moved (a loss +1, a win -1 unless already at 4)."""
        match, r = self._match(game), self._round(game)
        before = [self.steps(match.deal[s], match.lap[s]) for s in range(game.n)]
        old_laps = list(match.lap)
        for seat in winners:
            match.deal[seat] = max(FIRST_DEAL, match.deal[seat] - STEP)
        for seat in losers:
            if match.deal[seat] >= MAX_DEAL:
                match.deal[seat] = FIRST_DEAL
                match.lap[seat] += 1
            else:
                match.deal[seat] += STEP
        if match.lap != old_laps and self.rules.reseat_on_lap:
            match.reseat = 1
        match.games += 1
        deltas = tuple(self.steps(match.deal[s], match.lap[s]) - before[s] for s in range(game.n))
        lines: list[ScoreLine] = []
        for seat in range(game.n):
            if deltas[seat]:
                lines.append(ScoreLine(seat, "deal", match.deal[seat]))
                if match.lap[seat] != old_laps[seat]:
                    lines.append(ScoreLine(seat, "lap", match.lap[seat]))
        r.next_dealer = self._next_dealer(game, losers)
        game.end_round(RoundResult(ending, winners, losers, deltas, tuple(lines)))

    def _next_dealer(self, game: Game, losers: tuple[int, ...]) -> int:
        """§1 the loser deals. [JD19] Of several, the one losing most after this game's update (more
        laps, then a larger deal); a tie is settled by a draw. Without that (公) rule, the first loser
        clockwise from the dealer."""
        if len(losers) == 1:
            return losers[0]
        if not self.rules.multi_loser_dealer:
            clockwise = (game.seat_after(game.parent, k) for k in range(game.n))
            return next(seat for seat in clockwise if seat in losers)
        match = self._match(game)
        worst = max((match.lap[s], match.deal[s]) for s in losers)
        tied = [s for s in losers if (match.lap[s], match.deal[s]) == worst]
        if len(tied) == 1:
            return tied[0]
        return self._draw(game, "dealer", tied)[0]

    def next_parent(self, game: Game, result: RoundResult) -> int:
        dealer = self._round(game).next_dealer
        return game.parent if dealer is None else dealer

    def match_over(self, game: Game) -> bool:
        """[JD20] N games played, or the time is up and at least the minimum played."""
        rules, played = self.rules, self._match(game).games
        if rules.games and played >= rules.games:
            return True
        return bool(rules.time_limit_min) and game.time_up and played >= rules.min_games

    def match_time_ms(self, game: Game) -> float | None:
        return self.rules.time_limit_min * 60_000 if self.rules.time_limit_min else None

    def score(self, game: Game, seat: int) -> Score:
        match = self._match(game)
        return Score((("lap", match.lap[seat]), ("deal", match.deal[seat])))

    def score_key(self, game: Game, seat: int) -> tuple:
        match = self._match(game)
        return (match.lap[seat], match.deal[seat])

    def ranks(self, game: Game) -> tuple[int, ...]:
        """[JD20] by (lap, deal size), fewer better; equal standings share a place."""
        return competition_ranks([self.score_key(game, s) for s in range(game.n)])

    # ------------------------------------------------------------------ time and simultaneity

    def precedence(self, game: Game, action: Action) -> tuple[int, ...]:
        """[JD10] by seat alone: the turn player (the responder in a chain) first, then clockwise. A
        dobon goes in the same order as a placement; the order is fixed before any is applied."""
        if not self.rules.simultaneity_priority:
            return ()
        if not 0 <= action.seat < game.n:
            return (game.n,)
        place = game.seating.index
        return ((place(action.seat) - place(game.turn)) % game.n,)

    def simultaneity_ms(self, game: Game) -> float:
        return float(self.rules.simultaneity_ms)

    def time_limit_ms(self, game: Game, seat: int) -> float | None:
        """[JD21] stalling: the turn player (the responder in a chain) over `turn_time_limit_s`."""
        limit = self.rules.turn_time_limit_s
        if limit and self._in_play(game) and seat == game.turn:
            return limit * 1000.0
        return None

    def apply_timeout(self, game: Game, seat: int) -> None:
        """[JD21] 2 cards as a penalty; the clock restarts and the turn stays with the player."""
        self._round(game).let_go = []
        game.draw(seat, 2, penalty=True)

    # ------------------------------------------------------------------ views

    def public_state(self, game: Game) -> dict[str, Any]:
        r: JdaRound = game.ext  # type: ignore[assignment]  # (read directly: a view asks every time)
        return {
            "placer": r.placer,
            "dobons": tuple(r.dobons),  # (seat, top) pairs, already tuples
            "thrown": tuple(r.thrown),
            "let_go": tuple(r.let_go),
            # between games, for the table's result screen: who deals next, and whether a lap completed
            # in this game reseats the table (both public: the result and the draws were seen by all)
            "next_dealer": REFEREE if r.next_dealer is None else r.next_dealer,
            "reseat": bool(game.match_ext.reseat),  # type: ignore[attr-defined]
            # [JD20] games still to finish after this one before a match whose time is up may end
            "games_needed": max(0, self.rules.min_games - game.match_ext.games - 1)  # type: ignore[attr-defined]
            if self.rules.time_limit_min
            else 0,
        }

    def round_data(self, game: Game) -> dict[str, Any]:
        """The whole round state is public (`public_state`): a position saved mid-round keeps it."""
        return encode_state(self.public_state(game))

    def position_problem(self, game: Game) -> str | None:
        """A position's match state (its file's `match.state`) must be one play reaches: deal sizes of
        §5 (a deal of a billion cards would fail at the next deal), laps and games counted from 0."""
        match = self._match(game)
        sizes = range(FIRST_DEAL, MAX_DEAL + 1, STEP)
        if not all(size in sizes for size in match.deal):
            return f"match.state.deal: each seat's deal size is one of {', '.join(map(str, sizes))} (§5)"
        if min(match.lap) < 0 or match.games < 0 or match.reseat not in (0, 1):
            return "match.state: laps and games are 0 or more, and reseat is 0 or 1"
        return None

    def restore_round(self, game: Game, public: dict[str, Any]) -> None:
        n = game.n
        r = JdaRound(
            placer=int(public.get("placer", REFEREE)),
            dobons=[(int(seat), top) for seat, top in public.get("dobons", ())],
            thrown=[int(s) for s in public.get("thrown", ())],
            let_go=[int(s) for s in public.get("let_go", ())],
        )
        dealer = int(public.get("next_dealer", REFEREE))
        r.next_dealer = None if dealer == REFEREE else dealer
        seats = [r.placer, dealer, *(s for s, _ in r.dobons), *r.thrown, *r.let_go]
        if not all(-1 <= s < n for s in seats) or not all(isinstance(top, Card) for _, top in r.dobons):
            raise ValueError(
                f"placer, dobons, thrown and let_go name seats 0..{n - 1} (placer -1: the initial card)"
            )
        game.ext = r
