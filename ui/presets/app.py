"""`app` at the table: nothing of its own to draw; its option on the new-game screen."""

from __future__ import annotations

from . import PresetUI


class UI(PresetUI):
    new_game_options = (("starting_points", "new.starting_points"),)
