"""Rounds that have just ended, one per preset, for the result screen's tests and screenshots.

Each is a scenario (docs/scenarios.md) and the few actions that finish its round: a play, the dobon
on it, everyone else passing (and in kabu the winner's trumps). What each shows:

- `app`: a stop (you play out your hand, nobody calls): every other hand pays, ×2 a 2 in it.
- `super`: Ren's dobon on your 7, the round's first card, with 3♦ 4♦: his hand, ×2 all one suit, ×2 for
  the loser, ×4 the first card, ×2 your 8.
- `jda`: Hana's dobon on Ren's 9: Ren lost at 12 cards (back to 4, a lap), Hana won (8 → 6).
- `kabu`: your dobon on Ren's ensouled four: your trumps, ×4 for the ensouled four called on.
- `standard`: Ren and Hana both call on Sora's 7 before their first turn: two quick dobons; Sora pays
  on your hand, the largest left, and for the auction the opening skipped.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game import Action, Game, Kind
from game.phase import Phase
from game.scenario import parse


def finish(game: Game, limit: int = 60) -> Game:
    """Play the round out: every seat asked in a window passes; a turn plays the most cards it may
    (kabu's trumps: all of them), else the first thing it may do."""
    for _ in range(limit):
        if game.phase in (Phase.ROUND_OVER, Phase.MATCH_OVER):
            return game
        if game.window is not None and game.window.pending:
            seat = game.window.pending[0]
            passes = [a for a in game.legal_actions(seat) if a.kind is Kind.PASS]
            game.apply(min(passes, key=lambda a: bool(a.flag)))  # a plain pass, not jda's throw-in
            continue
        seat = game.turn
        actions = game.legal_actions(seat)
        plays = [a for a in actions if a.kind is Kind.PLAY]
        game.apply(max(plays, key=lambda a: len(a.cards)) if plays else actions[0])
    raise RuntimeError("the round did not end")


def _play(game: Game, seat: int, *codes: str) -> None:
    cards = tuple(sorted((game.deck.card(c) for c in codes), key=lambda c: c.id))
    game.apply(Action(seat, Kind.PLAY, cards))


def _dobon(game: Game, seat: int, code: str) -> None:
    game.apply(Action(seat, Kind.DOBON, (game.deck.card(code),)))


def app_stop() -> Game:
    data: dict[str, Any] = {
        "dobon_scenario": 1,
        "preset": "app",
        "players": 4,
        "piles": {
            "hand/0": ["9H"],
            "hand/1": ["4S", "2S"],
            "hand/2": ["3S", "KS"],
            "hand/3": ["7S", "QD"],
            "field": ["9C"],
        },
        "turn": 0,
    }
    game = parse(data).game()
    _play(game, 0, "9H")
    return finish(game)


def super_dobon() -> Game:
    data: dict[str, Any] = {
        "dobon_scenario": 1,
        "preset": "super",
        "players": 4,
        "piles": {
            "hand/0": ["7S", "8H", "KC"],
            "hand/1": ["3D", "4D"],
            "hand/2": ["6S", "9C", "JD", "KH"],
            "hand/3": ["4S", "10D", "QS"],
            "field": ["3H", "7H"],
        },
        "turn": 0,
        "round": {"turns_taken": [0, 0, 0, 0], "first_card_placed": False},  # the round's first card
    }
    game = parse(data).game()
    _play(game, 0, "7S")
    _dobon(game, 1, "7S")
    return finish(game)


def jda_dobon() -> Game:
    data: dict[str, Any] = {
        "dobon_scenario": 1,
        "preset": "jda",
        "players": 4,
        "piles": {
            "hand/0": ["4H", "6H"],
            "hand/1": ["2C", "4D", "6D", "10C"],
            "hand/2": ["9S"],
            "hand/3": ["AS", "3C", "JH", "QD"],
            "field": ["9C"],
        },
        "turn": 2,
        "match": {
            "round_no": 6,
            "parent": 2,
            "state": {"deal": [6, 12, 8, 4], "lap": [0, 0, 0, 1], "games": 5},
        },
        "round": {"placer": 1},
    }
    game = parse(data).game()
    _dobon(game, 2, "9S")
    return finish(game)


def kabu_dobon() -> Game:
    data: dict[str, Any] = {
        "dobon_scenario": 1,
        "preset": "kabu",
        "players": 4,
        "options": {"draw_parent": False},
        "piles": {
            "hand/0": ["1#2", "3", "10"],
            "hand/1": ["4S", "4", "9", "9#2"],
            "hand/2": ["9#3", "8"],
            "hand/3": ["7", "7#2"],
            "field": ["6", "8#2"],
        },
        "turn": 1,
        "match": {
            "round_no": 6,
            "parent": 1,
            "state": {"laps": [1, 3, 0, 2], "extra": [2, 4, 4, 1], "matches": 5},
        },
    }
    game = parse(data).game()
    _play(game, 1, "4S", "4")
    _dobon(game, 0, "4S")
    return finish(game)


def standard_dobon() -> Game:
    data: dict[str, Any] = {
        "dobon_scenario": 1,
        "preset": "standard",
        "players": 4,
        "piles": {
            "hand/0": ["4S", "3D", "KH"],
            "hand/1": ["7H"],
            "hand/2": ["3C", "4C"],
            "hand/3": ["7D", "QS"],
            "field": ["9D"],
        },
        "turn": 3,
    }
    game = parse(data).game()
    _play(game, 3, "7D")
    _dobon(game, 1, "7D")
    _dobon(game, 2, "7D")
    return finish(game)


ROUNDS: dict[str, Callable[[], Game]] = {
    "app": app_stop,
    "standard": standard_dobon,
    "super": super_dobon,
    "jda": jda_dobon,
    "kabu": kabu_dobon,
}
