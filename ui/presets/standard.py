"""`standard` at the table: its auction, skips, last-one calls, yaku and the cut of dobon targets."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..text import tr
from . import PresetUI

if TYPE_CHECKING:
    from ..table.roles import BoardLike


class UI(PresetUI):
    last_one_button = True  # the last-one call (§2.4)
    last_one_only = "refusal.standard.last_one_only"
    dobon_target = "longest"  # D7: the table suggests the longest run; the cut to the fewest is the rule's
    new_game_options = (
        ("rounds_per_match", "new.rounds"),
        ("max_bid", "new.max_bid"),
        ("auto_last_one", "new.auto_last_one"),
    )

    def chain_label(self, cards: int) -> str:
        return tr("table.binding", cards=cards)  # binding, with the damage accumulated

    def declare_label(self, action: Any) -> str:
        return tr("table.yaku_button")  # the one declaration: a yaku (amount 1)

    def on_AuctionWon(self, board: BoardLike, event: Any) -> bool:
        seat = event.nominee
        bid = event.bids[seat]
        lay = board.layout
        assert lay is not None
        board.splash(tr("table.auction_won", amount=bid), seat, 1.4, lay.centre)
        board.log.append(board.said("log.auction", seat, bid=bid))
        board.wait = 0.8
        return True

    def on_BidPlaced(self, board: BoardLike, event: Any) -> bool:
        board.log.append(board.said("log.bid", event.seat))
        return False

    def on_Skipped(self, board: BoardLike, event: Any) -> bool:
        board.log.append(board.said("log.skipped", event.seat))
        board.wait = 0.3
        return True

    def on_YakuDeclared(self, board: BoardLike, event: Any) -> bool:
        seat = event.seat
        lay = board.layout
        assert lay is not None
        board.splash(tr("table.yaku"), seat, 1.3, lay.spots[seat].centre)
        board.log.append(board.said("log.yaku", seat))
        board.wait = 0.8
        return True

    def on_TargetsCut(self, board: BoardLike, event: Any) -> bool:
        board.log.append(board.said("log.cut", count=len(event.targets)))
        return False
