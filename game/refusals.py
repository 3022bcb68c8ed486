"""Coded refusals: why the rules refuse an action, as a code and its details.

A table shows a refusal in its player's language, a LAN guest in its own, so the rules never hand out
a sentence alone: each refusal is a `Refusal`, a code (``"not_in_hand"``, ``"jda.keep_one"``) with
its details as plain JSON values, and the English sentence made from them. The table translates the
code (assets/translations, section ``refusal``); nothing ever reads the sentence back, which is kept
for logs, tests, the command line and old LAN peers.

Every code is declared once, as a `Reason` (its code and English template): the ones the core and
several presets give live here, a preset's own at the top of its rulebook module, named
``<preset>.<what>``. Details are ints and text as they are; a card travels as ``{"card": code}`` (the
table names it in the player's language, as it names cards elsewhere), cards as ``{"cards": [...]}``,
a suit as ``{"suit": letter}``, a seat as ``{"seat": n}`` (the table names its player), a choice as
``{"one_of": [...]}`` ("10 or 19") and a list of numbers as ``{"values": [...]}`` ("3, 5"), so the
sentence and every translation name them their own way.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from .cards import Card, Suit

REASONS: dict[str, Reason] = {}  # every declared code, for the check that each has its texts


class Refusal(str):
    """Why an action is refused: the English sentence itself (so it prints, compares and logs as the
    sentence it always was), with the `code` and `params` a table translates."""

    code: str
    params: dict[str, Any]

    def __new__(cls, code: str, english: str, params: dict[str, Any]) -> Refusal:
        refusal = super().__new__(cls, english)
        refusal.code, refusal.params = code, params
        return refusal

    def __reduce__(self) -> tuple[type[Refusal], tuple[str, str, dict[str, Any]]]:
        """Copied and pickled whole (a process pool's results, a deep copy), code and details too."""
        return (Refusal, (self.code, str(self), self.params))


@dataclass(frozen=True)
class Seat:
    """A detail that is a seat at the table: the sentence says "seat 2", a table its player's name."""

    seat: int


@dataclass(frozen=True)
class OneOf:
    """A detail that is one of several numbers or suits: "10 or 19", "♠ or ♥" (a suit travels as its
    symbol, which every language writes the same)."""

    values: Sequence[int | Suit]


@dataclass(frozen=True)
class Values:
    """A detail that is a list of numbers: "3, 5"."""

    values: Sequence[int]


Detail = Card | Suit | Seat | OneOf | Values | Sequence[Card] | int | str


class Reason:
    """One refusal the rules may give: its code and its English sentence, with ``{name}`` for each
    detail. Calling it with the details makes the `Refusal`."""

    def __init__(self, code: str, english: str, *, wants_suit: bool = False):
        if code in REASONS:
            raise ValueError(f"refusal code {code!r} is declared twice")
        self.code, self.english = code, english
        # a refusal with no details is one value, made once (the core's own are on hot paths)
        self.bare = None if "{" in english else Refusal(code, english, {})
        # the refusal is only that the play names no suit: a table, which asks for the suit itself once
        # the card may go down, asks the rules again with one named to learn why the card may not
        self.wants_suit = wants_suit
        REASONS[code] = self

    def __call__(self, **details: Detail) -> Refusal:
        if not details and self.bare is not None:
            return self.bare
        words: dict[str, object] = {}
        params: dict[str, Any] = {}
        for name, value in details.items():
            words[name], params[name] = _detail(value)
        return Refusal(self.code, self.english.format(**words), params)

    def __repr__(self) -> str:
        return f"Reason({self.code!r})"


def _detail(value: Detail) -> tuple[object, Any]:
    """A detail as the English sentence writes it, and as the code carries it."""
    if isinstance(value, Card):
        return str(value), {"card": value.code}
    if isinstance(value, Suit):
        return value.symbol, {"suit": value.letter}
    if isinstance(value, Seat):
        return value.seat, {"seat": value.seat}
    if isinstance(value, tuple | list):  # cards: "♠7, ♥7"
        return ", ".join(str(c) for c in value), {"cards": [c.code for c in value]}
    if isinstance(value, OneOf):
        words = [v.symbol if isinstance(v, Suit) else v for v in value.values]
        return " or ".join(str(w) for w in words), {"one_of": words}
    if isinstance(value, Values):
        return ", ".join(str(v) for v in value.values), {"values": list(value.values)}
    return value, value if isinstance(value, int | str) else str(value)  # JSON, whatever a caller sent


# ------------------------------------------------------------------ the codes every rulebook may give

# the core's own (game.engine)
PASS_TAKES_NOTHING_MORE = Reason("pass_takes_nothing_more", "this pass takes nothing more")
REFEREE_BARE = Reason("referee_bare", "the referee's actions take no cards, suit, amount or flag")
ROUND_NOT_OVER = Reason("round_not_over", "the round is not over")
MATCH_NOT_OVER = Reason("match_not_over", "the match is not over")
NO_WINDOW_TO_CLOSE = Reason("no_window_to_close", "no reaction window is open")
REFEREE_ONLY_CLOSES = Reason("referee_only_closes", "the referee only closes windows and deals")
NO_SUCH_SEAT = Reason("no_such_seat", "there is no seat {seat} at this {players}-player table")
ROUND_OVER = Reason("round_over", "the round is over; wait for the next deal")
MATCH_OVER = Reason("match_over", "the match is over")
TIMEOUT_NAMES_SEAT = Reason("timeout_names_seat", "a time-out names only the seat (amount)")
NO_MATCH_CLOCK = Reason("no_match_clock", "this match has no time limit")
TIME_UP = Reason("time_up", "the match's time is already up")
NO_CLOCK_BETWEEN = Reason("no_clock_between", "nobody is on the clock between rounds")
NO_SEAT_CLOCK = Reason("no_seat_clock", "seat {seat} has no time limit now")
NOTHING_TO_CALL = Reason("nothing_to_call", "there is no card to call dobon on now")
NOTHING_TO_PASS = Reason("nothing_to_pass", "there is nothing to pass on")
OWN_CARD = Reason("own_card", "you cannot call dobon on your own card")
ALREADY_CALLED = Reason("already_called", "you have already called dobon on this card")
NOT_ASKED = Reason(
    "not_asked", "you are not being asked about this card (already answered, or not concerned)"
)
QUEUED = Reason("queued", "your next action is already on its way: it goes down when the window closes")
WINDOW_OPEN = Reason("window_open", "wait: the reaction window on the last card is still open")
OPENING = Reason("opening", "the round has not started: the opening is not finished")
NOT_YOUR_TURN = Reason("not_your_turn", "it is seat {seat}'s turn, not yours")  # seat: a Seat
REFEREE_ONLY = Reason("referee_only", "only the referee does that")
NOT_IN_RULES = Reason("not_in_rules", "{kind} is not part of the {preset} rules")
# a rulebook's explanation found no rule of its own to name (game.explain): the action is simply not
# among the legal ones now
NOT_OFFERED = Reason("not_offered", "that {kind} is not among your legal actions now")

# what several rulebooks say the same way
NOT_IN_HAND = Reason("not_in_hand", "{card} is not in your hand")
NAMED_TWICE = Reason("named_twice", "a card is named twice")
PASS_TAKES_NOTHING = Reason("pass_takes_nothing", "a pass takes nothing")
WRONG_SUM = Reason("wrong_sum", "your hand adds up to {total}, not {target}")
