"""`app` at the table: nothing of its own to draw; its option on the new-game screen."""

from __future__ import annotations

from typing import ClassVar

from . import PresetUI


class UI(PresetUI):
    new_game_options = (("starting_points", "new.starting_points"),)
    # app.md §5: a stop's hands, the 2s' factor, a dobon's cards and its calls' factor, the payments (the
    # spec's f(k) and 2^d are its formulas, not names a player reads)
    rule_codes: ClassVar[dict[str, str]] = {
        "hand_points": "§5",
        "dobon_points": "§5",
        "twos_factor": "§5",
        "calls_factor": "§5",
        "pays": "§5",
        "receives": "§5",
    }
