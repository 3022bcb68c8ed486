"""The `app` preset: the rules of an existing Dobon app (spec: shared/rules/app.md).

52 cards, 5 each, match the field card's suit or rank; an 8 names the suit; 2s stack a draw chain
(+2 per 2); emptying the hand is a "stop"; a dobon names the card just played; calls on one card form a
chain whose last caller wins from the caller before; losers pay winners; the match ends when anyone's
points drop below zero. Decisions [Dn] refer to the spec's section 7.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from ..actions import Action, Kind
from ..cards import Card, Suit
from ..events import DobonCalled, Ending, RoundResult, ScoreLine, SuitChosen
from ..explain import by_route
from ..phase import Phase
from ..refusals import NOT_IN_HAND, OWN_CARD, WRONG_SUM, Reason, Refusal
from .base import Rulebook, RuleSet, competition_ranks

if TYPE_CHECKING:
    from ..clues import Clue
    from ..engine import Game, Window


@dataclass(frozen=True)
class AppRules(RuleSet):
    preset: ClassVar[str] = "app"
    deck: ClassVar[str] = "52"
    ranges: ClassVar[dict[str, tuple[int, int]]] = {
        "starting_points": (0, 10**9),
        "chain_timeout_ms": (0, 600_000),
    }

    starting_points: int = 1000  # [D16] the app makes it an option
    chain_timeout_ms: int = 3000  # [D8] real time: a chain closes this long after its last call

    def rulebook(self) -> AppRulebook:
        return AppRulebook(self)


HAND_SIZE = 5
TWO = 2
EIGHT = 8

# what app's own rules refuse (game.refusals; texts in assets/translations, refusal.app)
NO_DECLARATIONS = Reason("app.no_declarations", "this preset has no declarations with a play or draw")
DRAW_NAMES_NOTHING = Reason("app.draw_names_nothing", "a draw names no card or suit")
MUST_PLAY = Reason("app.must_play", "the stock and the field pile are empty, so you must play a card")
ONE_CARD = Reason("app.one_card", "play exactly one card")
TWO_PENDING = Reason("app.two_pending", "a 2 is pending: play a 2 or draw {count}")
NO_MATCH = Reason("app.no_match", "{card} does not match the field: play a {suit} or a {rank}")
NAME_SUIT = Reason("app.name_suit", "name a suit for the 8", wants_suit=True)
LAST_EIGHT = Reason("app.last_eight", "an 8 played as your last card names no suit: the round is over")
ONLY_EIGHT = Reason("app.only_eight", "only an 8 names a suit")
CALL_NAMES_CARD = Reason("app.call_names_card", "a dobon names the card just played ({card})")
CALL_BARE = Reason("app.call_bare", "a dobon takes no suit or amount")
TWO_CARDS_TO_CALL = Reason("app.two_cards_to_call", "you need at least two cards to call dobon")


def dobon_value(card: Card) -> int:
    """[D1] A = 1, J = 11, Q = 12, K = 13: the card's number."""
    return card.rank


def fits(card: Card, field: Card, named: Suit | None, chain: bool) -> bool:
    """May `card` be played on `field` (with the suit an 8 named, under a pending 2 or not)?"""
    if chain:  # [D5] only a 2 answers a 2
        return card.rank == TWO
    return card.suit is (named if named is not None else field.suit) or card.rank == field.rank


def score_value(card: Card) -> int:
    """Aces and face cards count 10 when scoring; others their number."""
    return 10 if card.rank == 1 or card.rank > 10 else card.rank


def twos_factor(twos: int) -> int:
    """×2 per 2 held, at most ×16 (最大16倍)."""
    return min(2**twos, 16)


class AppRulebook(Rulebook):
    def __init__(self, rules: AppRules):
        self.rules = rules
        self._play: list[dict[int, Action]] = []
        self._play8: list[dict[tuple[int, Suit], Action]] = []
        self._draw: list[Action] = []

    def window_ms(self, game: Game, window: Window, usual: float) -> float:
        """[D8] a chain of calls, or the wait after a stop, closes `chain_timeout_ms` after its last call."""
        return self.rules.chain_timeout_ms if window.calls or window.stop else usual

    # ------------------------------------------------------------------ dealing

    def hand_sizes(self, game: Game) -> list[int]:
        return [HAND_SIZE] * game.n

    def starting_score(self, game: Game) -> int:
        return self.rules.starting_points

    def bind(self, game: Game) -> None:
        # The round needs no state of its own: [D9] the card turned up has no effect (the core starts
        # every round with no chain and the card's own suit), so only the offered actions are prepared.
        if not self._draw:
            self._draw = [Action(s, Kind.DRAW) for s in range(game.n)]
            self._play = [{c.id: Action(s, Kind.PLAY, (c,)) for c in game.deck} for s in range(game.n)]
            self._play8 = [
                {
                    (c.id, suit): Action(s, Kind.PLAY, (c,), suit)
                    for c in game.deck
                    if c.rank == EIGHT
                    for suit in Suit
                }
                for s in range(game.n)
            ]

    # ------------------------------------------------------------------ turns

    def turn_actions(self, game: Game, seat: int) -> list[Action]:
        hand = game.hands[seat]
        plays = self._play[seat]
        out: list[Action] = []
        field = game.discard[-1]
        named = game.field_suit
        chain = game.chain_links > 0
        last = len(hand) == 1
        for c in hand:
            if fits(c, field, named, chain):
                if c.rank == EIGHT and not last:
                    play8 = self._play8[seat]
                    out.extend(play8[(c.id, s)] for s in Suit)
                else:
                    out.append(plays[c.id])
        if not out or game.drawable():  # [D7] with nothing to draw, a player who can play must
            out.append(self._draw[seat])
        return out

    def explain(self, game: Game, action: Action) -> Refusal:
        return by_route(game, action, turn=self._why_turn, call=self._why_call)

    def _why_turn(self, game: Game, action: Action) -> Refusal | None:
        """Why the turn player's PLAY or DRAW is not among its turn actions."""
        seat = action.seat
        hand = game.hands[seat]
        if action.flag or action.amount:
            return NO_DECLARATIONS()
        if action.kind is Kind.DRAW:
            if action.cards or action.suit is not None:
                return DRAW_NAMES_NOTHING()
            return MUST_PLAY()  # [D7] a plain draw is refused only with nothing to draw and a play
        if len(action.cards) != 1:
            return ONE_CARD()
        card = action.card
        if not any(c is card for c in hand):
            return NOT_IN_HAND(card=card)
        if game.chain_links:
            if card.rank != TWO:
                return TWO_PENDING(count=game.chain_cards)
        else:
            field = game.discard[-1]
            suit = game.field_suit if game.field_suit is not None else field.suit
            if card.suit is not suit and card.rank != field.rank:
                assert suit is not None
                return NO_MATCH(card=card, suit=suit, rank=_rank_name(field.rank))
        if card.rank == EIGHT and len(hand) > 1 and not game.chain_links:
            if action.suit is None:
                return NAME_SUIT()
        elif action.suit is not None:
            if card.rank == EIGHT:
                return LAST_EIGHT()
            return ONLY_EIGHT()
        return None

    def apply_turn(self, game: Game, action: Action) -> None:
        seat = action.seat
        if action.kind is Kind.DRAW:
            if game.chain_links:  # [D6] the penalty is the whole turn and ends the chain
                owed = game.chain_cards
                game.set_chain(0, 0)
                game.draw(seat, owed, penalty=True)
            else:
                game.draw(seat, 1)
            game.set_turn(game.next_seat(seat))
            return
        card, cards = action.card, game.deck.alone[action.card.id]
        game.put_on_field(seat, cards)
        if not game.hands[seat]:  # stop: the window decides; [D19] the card has no effect
            game.open_window(seat, cards, freezes_turn=True, stop=True)
            return
        if card.rank == EIGHT and action.suit is not None:
            game.field_suit = action.suit
            game.emit(SuitChosen(seat, action.suit))
        else:
            game.field_suit = None
        if card.rank == TWO:
            links = game.chain_links + 1
            game.set_chain(links, 2 * links)
        # [D8] the window on this card stays open until the next player acts (or everyone passes)
        game.open_window(seat, cards, freezes_turn=False)
        game.set_turn(game.next_seat(seat))

    # ------------------------------------------------------------------ public inference

    def fitted(self, card: Card, clue: Clue, held: int) -> bool | None:
        assert clue.field is not None
        return fits(card, clue.field, clue.suit, clue.chain > 0)

    def call_totals(self, history: Sequence[Clue], index: int, seat: int, held: int) -> tuple[int, ...]:
        return (history[index].cards[0].rank,) if held >= 2 else ()  # [D10]

    # ------------------------------------------------------------------ dobon

    def _can_call(self, game: Game, seat: int, window: Window) -> bool:
        hand = game.hands[seat]
        if len(hand) < 2:  # [D10] a single card (or none) cannot call, gaeshi included
            return False
        if seat == window.placer and not window.calls:  # [D11] only as gaeshi
            return False
        total = 0
        for c in hand:
            total += c.rank
        return total == window.cards[0].rank

    def call_actions(self, game: Game, seat: int, window: Window) -> list[Action]:
        if self._can_call(game, seat, window):
            return [Action(seat, Kind.DOBON, window.cards)]
        return []

    def _why_call(self, game: Game, action: Action, window: Window) -> Refusal | None:
        """Why a pending seat's DOBON is not among its calls."""
        if action.cards != window.cards:
            return CALL_NAMES_CARD(card=window.cards[0])
        if action.suit is not None or action.amount or action.flag:
            return CALL_BARE()
        hand = game.hands[action.seat]
        if len(hand) < 2:
            return TWO_CARDS_TO_CALL()
        if action.seat == window.placer and not window.calls:
            return OWN_CARD()
        total = sum(dobon_value(c) for c in hand)
        target = dobon_value(window.cards[0])
        if total != target:
            return WRONG_SUM(total=total, target=target)
        return None

    def apply_call(self, game: Game, action: Action, window: Window) -> None:
        seat = action.seat
        calls = window.calls  # already holds this call
        answer_to = calls[-2].seat if len(calls) >= 2 else window.placer
        hand = game.reveal(seat)
        game.emit(DobonCalled(seat, hand, window.cards, answer_to, seat == window.placer))
        # [D8]/[D17] any call freezes turn actions; everyone who has not called is asked again
        window.freezes_turn = True
        game.phase = Phase.REACTION
        game.repoll(window, (a.seat for a in calls))

    def window_closed(self, game: Game, window: Window) -> None:
        if window.calls:
            game.end_round(self._score_dobon(game, window))
        elif window.stop:
            game.end_round(self._score_stop(game, window.placer))

    # ------------------------------------------------------------------ scoring

    def _score_stop(self, game: Game, winner: int) -> RoundResult:
        deltas = [0] * game.n
        lines: list[ScoreLine] = []
        losers = []
        for seat in range(game.n):
            if seat == winner:
                continue
            losers.append(seat)
            hand = game.hands[seat]
            points = sum(score_value(c) for c in hand)
            twos = sum(1 for c in hand if c.rank == TWO)
            pay = points * twos_factor(twos)
            lines.append(ScoreLine(seat, "hand_points", points, _cards(hand)))
            lines.append(
                ScoreLine(seat, "twos_factor", twos_factor(twos), f"{twos} two(s)", (("twos", twos),))
            )
            lines.append(ScoreLine(seat, "pays", pay, f"to seat {winner}", (("to", winner),)))
            deltas[seat] -= pay
            deltas[winner] += pay
        lines.append(ScoreLine(winner, "receives", deltas[winner], "stop"))
        return RoundResult(Ending.STOP, (winner,), tuple(losers), tuple(deltas), tuple(lines))

    def _score_dobon(self, game: Game, window: Window) -> RoundResult:
        callers = [a.seat for a in window.calls]
        winner = callers[-1]
        loser = callers[-2] if len(callers) >= 2 else window.placer
        cards = [*game.hands[winner], *game.hands[loser], *window.cards]
        points = sum(score_value(c) for c in cards)
        twos = sum(1 for c in cards if c.rank == TWO)
        calls = len(callers)  # [D13] d counts every call, the first included
        pay = points * twos_factor(twos) * 2**calls
        deltas = [0] * game.n
        deltas[winner] += pay
        deltas[loser] -= pay
        lines = (
            ScoreLine(winner, "dobon_points", points, _cards(cards), (("winner", winner), ("loser", loser))),
            ScoreLine(winner, "twos_factor", twos_factor(twos), f"{twos} two(s)", (("twos", twos),)),
            ScoreLine(winner, "calls_factor", 2**calls, f"{calls} call(s)", (("calls", calls),)),
            ScoreLine(loser, "pays", pay, f"to seat {winner}", (("to", winner),)),
            ScoreLine(winner, "receives", pay, "dobon"),
        )
        return RoundResult(Ending.DOBON, (winner,), (loser,), tuple(deltas), lines)

    # ------------------------------------------------------------------ matches

    def match_over(self, game: Game) -> bool:
        return any(s < 0 for s in game.scores)  # [D15] checked after all of a round's payments

    def score_key(self, game: Game, seat: int) -> tuple:
        return (-game.scores[seat],)

    def ranks(self, game: Game) -> tuple[int, ...]:
        return competition_ranks([self.score_key(game, s) for s in range(game.n)])


def _rank_name(rank: int) -> str:
    return {1: "A", 11: "J", 12: "Q", 13: "K"}.get(rank, str(rank))


def _cards(cards: list[Card]) -> str:
    return " ".join(str(c) for c in cards)
