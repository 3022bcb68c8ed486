"""`super` at the table: the colour a Q names, dual hand values, "last", penalties and its options."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.rules.super import colour_of, totals

from ..text import Said, tr
from . import PresetUI

if TYPE_CHECKING:
    from game.view import SeatView

    from ..table.roles import BoardLike

RED_BADGE = (190, 40, 40)
BLACK_BADGE = (30, 30, 34)


class UI(PresetUI):
    last_one_button = True  # J-2: a play that leaves one card says "last"
    last_one_only = "refusal.super.last_only"
    new_game_options = (
        ("rounds_per_match", "new.rounds"),
        ("score_limit", "new.score_limit"),
        ("two_decks", "new.two_decks"),
    )

    def hand_value(self, view: SeatView) -> str:
        """Every total the hand can make (A, 2 and K count two ways): "Hand sum 7 or 25"; past three,
        the lowest to the highest (the plate is narrow)."""
        sums = sorted(totals(view.hand))
        if len(sums) == 1:
            return tr("table.hand_sum", total=sums[0])
        if len(sums) > 3:  # too many to list on a name plate: the range
            return tr("table.hand_range", low=sums[0], high=sums[-1])
        shown = ", ".join(str(s) for s in sums[:-1]) + tr("table.or") + str(sums[-1])
        return tr("table.hand_sums", totals=shown)

    def indicators(self, view: SeatView) -> list[tuple[str, tuple[int, int, int]]]:
        colour = view.extra.get("colour")
        if colour is None:
            return []
        return [(tr(f"table.colour.{colour}"), RED_BADGE if colour == "red" else BLACK_BADGE)]

    def suit_choice(self, action: Any) -> tuple[str, tuple[int, int, int]] | None:
        """A Q names a colour, not a suit: the picker says red or black."""
        colour = colour_of(action.suit)
        if colour is None:
            return None
        return tr(f"table.colour.{colour}"), RED_BADGE if colour == "red" else BLACK_BADGE

    choose_title = "table.choose_colour"

    def empty_pile_label(self, pile: str) -> str | None:
        """Each player's own pile says what it is while empty (8, K and joker go there)."""
        return tr("table.super.own_pile") if pile.startswith("pile/") else None

    def played_line(self, pile: str, name: str, cards: str) -> str | None:
        """An 8, K or joker put on the player's own pile says so (the log said "Ren played ♥8" for a
        card that never went to the common pile)."""
        return Said("log.super.own_pile", name=name, cards=cards) if pile.startswith("pile/") else None

    def on_ColourChosen(self, board: BoardLike, event: Any) -> bool:
        board.log.append(board.said("log.colour", event.seat, colour=Said(f"table.colour.{event.colour}")))
        return False

    def on_Penalised(self, board: BoardLike, event: Any) -> bool:
        board.shown.last_one.discard(event.seat)
        board.log.append(board.said(f"log.penalty.{event.reason}", event.seat))
        board.wait = 0.4
        return True
