"""Errors the engine raises."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .refusals import Refusal

if TYPE_CHECKING:
    from .actions import Action


class IllegalAction(ValueError):
    """An action the rules do not allow now. The game state is left exactly as it was.

    `reason` says which rule refused it: a `Refusal` (game.refusals), the English sentence a log or
    the command line shows, with the `code` and `params` a table translates into its own language.
    """

    def __init__(self, action: Action, reason: str):
        super().__init__(f"{action.text()}: {reason}")
        self.action = action
        self.reason = reason

    @property
    def code(self) -> str:
        """The refusal's code ("" for a sentence a rulebook made without one: a test's own rules)."""
        return self.reason.code if isinstance(self.reason, Refusal) else ""

    @property
    def params(self) -> dict[str, Any]:
        return self.reason.params if isinstance(self.reason, Refusal) else {}
