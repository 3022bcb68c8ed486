"""`app` at the table: nothing of its own to draw; its option on the new-game screen."""

from __future__ import annotations

from typing import ClassVar

from . import PresetUI


class UI(PresetUI):
    new_game_options = (("starting_points", "new.starting_points"),)
    # app.md §5: a stop's hands, the 2s' factor f(k), a dobon's cards and its calls' 2^d, the payments
    rule_codes: ClassVar[dict[str, str]] = {
        "hand_points": "§5",
        "dobon_points": "§5",
        "twos_factor": "§5 f(k)",
        "calls_factor": "§5 2^d",
        "pays": "§5",
        "receives": "§5",
    }
