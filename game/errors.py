"""Errors the engine raises."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .actions import Action


class IllegalAction(ValueError):
    """An action the rules do not allow now. The game state is left exactly as it was.

    `reason` says which rule refused it, in words a player understands.
    """

    def __init__(self, action: Action, reason: str):
        super().__init__(f"{action.text()}: {reason}")
        self.action = action
        self.reason = reason
