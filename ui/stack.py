"""The scene stack (after Tuxemon's state.py): the screens open, bottom first; the top one has the input.

Kept apart from ui/scene.py, and speaking of a screen only through `Screen` (what the stack, the loop's
keyboard focus ring and the app ask of one), so the app that owns the stack and the `Scene` base that
knows its app do not import each other (tests/test_contracts.py: no import cycle in ui).
"""

from __future__ import annotations

from typing import Protocol

import pygame_gui


class Screen(Protocol):
    """A screen on the stack: ui.scene.Scene and every screen made from it."""

    container: pygame_gui.core.UIContainer | None
    keyboard_focus: bool
    own_keys: frozenset[int]

    @property
    def opaque(self) -> bool: ...

    def enter(self) -> None: ...

    def exit(self) -> None: ...

    def pause(self) -> None: ...

    def resume(self) -> None: ...


class SceneStack:
    def __init__(self) -> None:
        self.scenes: list[Screen] = []

    @property
    def top(self) -> Screen | None:
        return self.scenes[-1] if self.scenes else None

    def push(self, scene: Screen) -> None:
        if self.top:
            self.top.pause()
            if self.top.container is not None:
                self.top.container.hide()  # the scene below keeps its widgets, out of reach
        self.scenes.append(scene)
        scene.enter()

    def pop(self) -> Screen | None:
        if not self.scenes:
            return None
        scene = self.scenes.pop()
        scene.exit()
        if self.top:
            if self.top.container is not None:
                self.top.container.show()
            self.top.resume()
        return scene

    def replace(self, scene: Screen) -> None:
        if self.scenes:
            self.scenes.pop().exit()
        self.scenes.append(scene)
        scene.enter()

    def clear_to(self, scene: Screen) -> None:
        while self.scenes:
            self.scenes.pop().exit()
        self.push(scene)

    def visible(self) -> list[Screen]:
        """Scenes to draw, bottom first: from the topmost opaque one up."""
        start = 0
        for i in range(len(self.scenes) - 1, -1, -1):
            if self.scenes[i].opaque:
                start = i
                break
        return self.scenes[start:]
