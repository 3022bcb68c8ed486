"""How a simulated round ended, in the engine's terms (game.events.RoundResult without its score lines)."""

from __future__ import annotations

from typing import NamedTuple


class Result(NamedTuple):
    """Made once a round, off the hot path, so a named tuple's clarity costs nothing."""

    ending: str  # game.events.Ending's value: "stop", "dobon", "counter", "void" ...
    winners: tuple[int, ...]
    losers: tuple[int, ...]
    deltas: tuple[int, ...]  # each seat's score change
