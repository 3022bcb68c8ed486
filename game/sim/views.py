"""A seat's view to a core: the world a search samples, on flat state.

A search (hard, the review) must not read the real game: it samples the hidden cards from one seat's
view and plays on the sample. `from_view` takes the sample `game.seats.determinize` draws (the same
calls on the same generator, so a seat that switches to a core meets the same worlds) and converts it
to the preset's core. The `Game` made in between costs a few hundred microseconds a world, which is
why the hard seat's search converts only a decision's first world and refills copies of that core for
the rest (game.seats.fast.refill).
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from . import CORES

if TYPE_CHECKING:
    from ..view import SeatView


def from_view(view: SeatView, rng: random.Random, deal: Any = None) -> Any:
    """One complete world consistent with `view`, as its preset's core; `deal` as determinize's (the
    other hands and the stock, e.g. from an inference sampler). ValueError for a preset, or a table
    (super's two decks), that has no core."""
    from ..seats.determinize import determinize  # imported here: the seats will import the cores

    core = CORES.get(view.preset)
    if core is None:
        raise ValueError(f"no simulation core for {view.preset}")
    return core.from_game(determinize(view, rng, deal))
