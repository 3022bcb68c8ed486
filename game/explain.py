"""Why an action is refused: the reason for an action that is not among the seat's legal actions.

Legality has one source: `Game.legal_actions(seat)`, made from the rulebook's generators
(`turn_actions`, `call_actions`, `other_actions`) and the core's own offers (a pass in a window, the
referee's close and deals). `Game.refusal` refuses exactly what that answer leaves out, and only then
asks the rulebook's `explain(game, action)` why, so a reason never decides anything: it names the rule
behind a decision already made, with the same code and details a player has always been shown.

`by_route` is the part of every explanation that is the table's, not the rules' own: the referee's
actions, a seat that does not exist, the round or match being over, the window (nothing to call on,
not asked, already called, wait for it to close), the opening, whose turn it is. It follows the route
the action would have taken and hands the rest to the rulebook's own reason for that route:

* `turn(game, action)`: why a turn action (PLAY, DRAW) of the seat whose turn it is is refused (for a
  seat sending its next turn ahead, super §6, asked of the game as it will stand);
* `call(game, action, window)`: why a DOBON of a seat asked about the window's card(s) is refused;
* `other(game, action)`: why anything else is refused (a bid, a declaration, an out-of-turn play);
* `opening(game)`: why a turn action is refused during the opening (standard: who has still to bid).

Each may return None where it finds no reason of its own (it should not, for an action the answer
left out); the explanation then says the action is not offered now (`refusals.NOT_OFFERED`), so a
refusal always carries a code.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from . import refusals
from .actions import REFEREE, Action, Kind
from .phase import Phase
from .refusals import Refusal

if TYPE_CHECKING:
    from .engine import Game, Window

TurnReason = Callable[["Game", Action], "Refusal | None"]
CallReason = Callable[["Game", Action, "Window"], "Refusal | None"]


def bare(action: Action) -> bool:
    """The action carries nothing but its seat and kind."""
    return not action.cards and action.suit is None and not action.amount and not action.flag


def by_route(
    game: Game,
    action: Action,
    turn: TurnReason | None = None,
    call: CallReason | None = None,
    other: TurnReason | None = None,
    opening: Callable[[Game], Refusal] | None = None,
    out_of_turn: bool = False,
) -> Refusal:
    """Why `action`, which `game.legal_actions(action.seat)` does not offer, is refused: the table's
    reason, or the rulebook's own for the route the action would take (see the module's docstring).
    `out_of_turn`: the preset's out-of-turn actions are normal play (jda), so an action that is neither
    the turn player's turn action nor a pending seat's answer gets `other`'s reason, which names the
    rule, rather than the table's "it is seat 2's turn"."""
    if (
        out_of_turn
        and other is not None
        and _early_reason(game, action) is None
        and not _own_route(game, action)
    ):
        return other(game, action) or refusals.NOT_OFFERED(kind=action.kind.value)
    reason = _route_reason(game, action, turn, call, other, opening)
    return reason if reason is not None else refusals.NOT_OFFERED(kind=action.kind.value)


def _route_reason(
    game: Game,
    action: Action,
    turn: TurnReason | None,
    call: CallReason | None,
    other: TurnReason | None,
    opening: Callable[[Game], Refusal] | None,
) -> Refusal | None:
    early = _early_reason(game, action)
    if early is not None:
        return early
    kind, window = action.kind, game.window
    if kind is Kind.PASS and window is None and other is not None:
        return other(game, action)  # e.g. declining an offer outside any window
    if kind is Kind.PASS or kind is Kind.DOBON:
        return _answer_reason(game, action, window, call)
    if kind is Kind.PLAY or kind is Kind.DRAW:
        return _turn_reason(game, action, window, turn, opening)
    if kind in (Kind.CLOSE, Kind.NEXT_ROUND, Kind.NEW_MATCH):
        return refusals.REFEREE_ONLY()
    if other is not None:
        return other(game, action)
    return refusals.NOT_IN_RULES(kind=kind.value, preset=game.rules.preset)


def _early_reason(game: Game, action: Action) -> Refusal | None:
    """The reasons that come before any route: the referee's own, no such seat, the round or match over."""
    seat = action.seat
    if seat == REFEREE:
        return _referee_reason(game, action) or refusals.NOT_OFFERED(kind=action.kind.value)
    if not isinstance(seat, int) or not 0 <= seat < game.n:
        return refusals.NO_SUCH_SEAT(seat=seat, players=game.n)
    if game.phase is Phase.ROUND_OVER:
        return refusals.ROUND_OVER()
    if game.phase is Phase.MATCH_OVER:
        return refusals.MATCH_OVER()
    return None


def _own_route(game: Game, action: Action) -> bool:
    """Whether the action would be the seat's own on the core's routes: an answer (DOBON, PASS) of a
    seat pending in the window, or a turn action of the turn player in a turn no window holds up."""
    seat, kind, window = action.seat, action.kind, game.window
    if kind is Kind.DOBON or kind is Kind.PASS:
        return window is not None and seat in window.pending
    if kind is Kind.PLAY or kind is Kind.DRAW:
        return game.phase is Phase.TURN and seat == game.turn and (window is None or not window.freezes_turn)
    return False


def _answer_reason(
    game: Game, action: Action, window: Window | None, call: CallReason | None
) -> Refusal | None:
    """A DOBON or PASS: the window's reason (none open, not asked ...) or the rulebook's about the call."""
    seat, kind = action.seat, action.kind
    if window is None:
        return refusals.NOTHING_TO_CALL() if kind is Kind.DOBON else refusals.NOTHING_TO_PASS()
    if seat not in window.pending:
        if window.owned_by(seat) and not window.calls:
            return refusals.OWN_CARD()
        if any(c.seat == seat for c in window.calls):
            return refusals.ALREADY_CALLED()
        return refusals.NOT_ASKED()
    if kind is Kind.PASS:
        return refusals.PASS_TAKES_NOTHING_MORE()  # a plain pass is always offered: this one carries more
    return call(game, action, window) if call is not None else None


def _turn_reason(
    game: Game,
    action: Action,
    window: Window | None,
    turn: TurnReason | None,
    opening: Callable[[Game], Refusal] | None,
) -> Refusal | None:
    """A PLAY or DRAW: the table's reason (a window holds play up, the opening, another seat's turn) or
    the rulebook's about the turn action itself."""
    seat = action.seat
    if game.phase is Phase.REACTION or (window is not None and window.freezes_turn):
        ahead = game.queue_seat()
        if ahead == seat:  # sent ahead: judged on the turn as it will stand (Rulebook.queues_turn)
            probe = game.ahead()
            assert probe is not None
            return turn(probe, action) if turn is not None else None
        if window is not None and window.queued is not None and window.queued.seat == seat:
            return refusals.QUEUED()
        return refusals.WINDOW_OPEN()
    if game.phase is Phase.OPENING:  # what the table waits for (standard: the bids still to come)
        return opening(game) if opening is not None else refusals.OPENING()
    if seat != game.turn:
        return refusals.NOT_YOUR_TURN(seat=refusals.Seat(game.turn))
    return turn(game, action) if turn is not None else None


def _referee_reason(game: Game, action: Action) -> Refusal | None:
    kind = action.kind
    if kind is Kind.TIMEOUT:
        return _timeout_reason(game, action)
    if not bare(action):
        return refusals.REFEREE_BARE()
    if kind is Kind.NEXT_ROUND:
        return refusals.ROUND_NOT_OVER()
    if kind is Kind.NEW_MATCH:
        return refusals.MATCH_NOT_OVER()
    if kind is Kind.CLOSE:
        return refusals.NO_WINDOW_TO_CLOSE()
    return refusals.REFEREE_ONLY_CLOSES()


def _timeout_reason(game: Game, action: Action) -> Refusal | None:
    seat = action.amount
    if action.cards or action.suit is not None or action.flag:
        return refusals.TIMEOUT_NAMES_SEAT()
    if seat == REFEREE:  # the match's own clock (Rulebook.match_time_ms)
        if game.phase is Phase.MATCH_OVER:
            return refusals.MATCH_OVER()
        if game.time_up:
            return refusals.TIME_UP()
        return refusals.NO_MATCH_CLOCK()
    if not 0 <= seat < game.n:
        return refusals.NO_SUCH_SEAT(seat=seat, players=game.n)
    if game.phase in (Phase.ROUND_OVER, Phase.MATCH_OVER):
        return refusals.NO_CLOCK_BETWEEN()
    return refusals.NO_SEAT_CLOCK(seat=seat)
