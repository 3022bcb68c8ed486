"""Short sentences several screens share about a match: what a number of seats brings (New game, Host),
the saved match a new game would replace (New game, History's "Play this deal again"), what a LAN
guest's result says comes next. Here so no screen imports another for them (docs/ui.md)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.rules import PRESETS

from ..settings import load_match
from ..table.layout import seats_that_fit
from ..text import rules_text, tr

if TYPE_CHECKING:
    from ..table.remote import RemoteTable


def seats_note(preset: str, players: int, size: tuple[int, int]) -> str:
    """What a number of seats brings with it, in a few words beside the count (the Host screen): a
    window too small to lay the table out, else the second deck (super, 9-12)."""
    fit = seats_that_fit(*size)
    if players > fit:
        return tr("new.too_small", seats=players, fit=fit)
    return tr("new.two_decks") if PRESETS[preset].seat_options(players).get("two_decks") else ""


def saved_match(app) -> dict | None:
    """The saved match a new game would replace, if any; a save that cannot be read is set aside
    (ui.settings.load_match) and the player told so over this screen."""
    saved, problem = load_match()
    if problem:
        app.notices.append(problem)
    return saved


def saved_match_question(saved: dict) -> str:
    """What the player is about to lose: which match, how far it got."""
    try:
        preset = rules_text(str(saved["setup"]["preset"]), "title")
    except (KeyError, TypeError):
        preset = "?"
    return tr("new.replace_question", preset=preset)


def rematch_note(remote: RemoteTable) -> str:
    """What a guest's match result says of what comes next ("" for the host: it has the button)."""
    if remote.session.host is not None:
        return ""
    return tr("lan.rematch_closed" if remote.closed_after else "lan.rematch_wait")
