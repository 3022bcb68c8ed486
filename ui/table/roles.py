"""What the table's helpers ask of the board (ui/table/board.py) and of the table screen
(ui/scenes/table.py), as Protocols: their narrow public API. The preset hooks (ui/presets), the
coach's drawing (ui/table/coach_view.py) and a lesson's guide (ui/learn/guide.py) are handed the board
or the table and call back into it, through these members only. Naming these roles rather than the classes keeps the helpers from importing the
modules that use them, so the table's modules form no import cycle (tests/test_contracts.py).
Only what the helpers use is listed; the classes themselves are the one implementation."""

from __future__ import annotations

from collections import deque
from typing import TYPE_CHECKING, Any, Protocol

import pygame

if TYPE_CHECKING:
    from game.actions import Action

    from ..text import Said
    from .layout import Layout
    from .source import TableSource


class BoardLike(Protocol):
    """The table's drawing and log, as a preset's hooks and the coach's drawing use it."""

    layout: Layout | None
    log: deque[str]
    carry: list[str]  # log lines kept for the next deal's log
    regions: dict[str, pygame.Rect]
    hover: int | None
    selected: int | None
    shown: Any  # ui.table.board.Shown
    wait: float

    @property
    def settled(self) -> bool: ...

    def said(self, key: str, seat: int | None = None, **params: object) -> Said: ...

    def font(self, size: int, bold: bool = False) -> pygame.font.Font: ...

    def text(self, s: str, size: int, colour: Any = ..., bold: bool = False) -> pygame.Surface: ...

    def seat_name(self, seat: int) -> str: ...

    def fit(self, line: str, size: int, width: int, bold: bool = True) -> str: ...

    def splash(self, title: str, seat: int, seconds: float, at: tuple[float, float]) -> None: ...

    def blit_card(
        self,
        dest: pygame.Surface,
        card: Any,
        pos: tuple[float, float],
        h: int,
        angle: float = 0,
        face_up=True,
    ) -> pygame.Rect: ...


class TableLike(Protocol):
    """The table screen, as a lesson's guide and the coach's drawing use it."""

    board: BoardLike
    source: TableSource
    coach: Any  # ui.table.coach_view.CoachDesk
    picker: list[Action] | None
    buttons: dict[str, pygame.Rect]
    paused: bool  # the pause menu is over the table

    @property
    def person(self) -> int | None: ...

    @property
    def accepts_input(self) -> bool: ...

    def legal(self) -> list[Action]: ...

    def declarations(self) -> list[Action]: ...

    def answers(self) -> list[Action]: ...

    def save(self) -> None: ...

    def window_elapsed(self) -> float: ...

    def panel(self, surface: pygame.Surface, height: int, width: int) -> pygame.Rect: ...

    def _wrap(self, line: str, size: int, width: int) -> list[str]: ...

    def _button(
        self, surface: pygame.Surface, name: str, rect: pygame.Rect, label: str, lit: bool, colour: Any = ...
    ) -> None: ...
