"""Positions for scenario tests: a game standing exactly where an example starts, written down as a
scenario (docs/scenarios.md) and set up by `game.scenario.parse(...).game()`.

    g = position("app", [["3S", "7H"], ["KS", "QS"]], field="3H", turn=0)

`hands` is a list (seat order) or a dict {seat: cards}; every seat named nowhere holds nothing. `field`
is the field card, or the field pile bottom to top. `draws` are the cards on top of the stock in the
order they will be drawn (the scenario lists the stock bottom to top: this is that list reversed).
Cards named nowhere go under the stock, as the scenario format says; a test that needs an empty stock
names every card (see `unnamed`). Any other scenario field (`scores`, `options`, `match`, `opening`,
`direction`, `field_suit`, `seed` ...) is passed through; `chain` is (links, cards).

`round_state` is the scenario's `round`: the preset's own round state (standard: the auction's bids
and nominee, who has had a turn, who declared last one), as views carry it.
"""

from __future__ import annotations

import copy
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from game import Game, deck
from game.scenario import FORMAT, parse


def scenario(
    preset: str,
    hands: Sequence[Sequence[str]] | Mapping[int, Sequence[str]],
    field: str | Sequence[str],
    *,
    players: int | None = None,
    draws: Sequence[str] = (),
    chain: tuple[int, int] | None = None,
    **fields: Any,
) -> dict[str, Any]:
    """The scenario (its JSON value) of a position; see the module docstring."""
    seats = dict(hands) if isinstance(hands, Mapping) else dict(enumerate(hands))
    if players is None:
        if isinstance(hands, Mapping):
            raise ValueError("give `players` when `hands` is a dict")
        players = len(seats)
    piles: dict[str, list[str]] = {f"hand/{s}": list(cards) for s, cards in sorted(seats.items()) if cards}
    piles["field"] = [field] if isinstance(field, str) else list(field)
    if draws:
        piles["stock"] = list(reversed(draws))
    data: dict[str, Any] = {"dobon_scenario": FORMAT, "preset": preset, "players": players, "piles": piles}
    if chain is not None:
        data["chain"] = {"links": chain[0], "cards": chain[1]}
    data.update(copy.deepcopy(fields))  # the game must not share (and change) the caller's lists
    return data


def position(
    preset: str,
    hands: Sequence[Sequence[str]] | Mapping[int, Sequence[str]],
    field: str | Sequence[str],
    *,
    round_state: Mapping[str, Any] | None = None,
    **kw: Any,
) -> Game:
    """The game standing at the position (`scenario` takes the same arguments)."""
    if round_state:
        kw["round"] = dict(round_state)
    return parse(scenario(preset, hands, field, **kw)).game()


def unnamed(deck_name: str, *named: Iterable[str]) -> list[str]:
    """The codes of the cards of the deck not in any of `named`, in deck order."""
    used = {code for cards in named for code in cards}
    return [c.code for c in deck(deck_name) if c.code not in used]
