"""The scene stack (after Tuxemon's state.py): title -> new game -> table -> results ...

A scene handles events (returning the event to pass it on, None to consume it), updates with dt and
draws. `draw` never changes game state. Each scene owns a pygame-gui container for its widgets, so
leaving a scene removes exactly its widgets.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame
import pygame_gui

from . import dropdowns

if TYPE_CHECKING:
    from .app import App


dropdowns.install()  # every scene's drop-down menus open where there is room, as wide as their box


class Scene:
    # where the app's notices (ui.notices) show over this screen: at the top, clear of the buttons
    # most screens keep along the bottom; the title has its column of buttons in the middle
    notices_at_top = True

    def __init__(self, app: App):
        self.app = app
        self.container: pygame_gui.core.UIContainer | None = None

    # lifecycle
    def enter(self) -> None:
        self.build()

    def exit(self) -> None:
        self.clear_widgets()

    def pause(self) -> None:
        """Another scene was pushed on top."""

    def resume(self) -> None:
        """The scene above was popped."""

    def resize(self) -> None:
        self.build()

    # widgets
    def build(self) -> None:
        """(Re)create this scene's widgets for the current window size."""
        self.clear_widgets()
        w, h = self.app.size
        self.container = pygame_gui.core.UIContainer(
            pygame.Rect(0, 0, w, h), manager=self.app.gui, starting_height=self.layer
        )
        self.widgets()
        if self.covered:
            self.container.hide()  # rebuilt under another scene (a resize, a language switch)

    layer = 1

    @property
    def covered(self) -> bool:
        """Whether another scene sits above this one: its widgets must stay out of sight and reach."""
        scenes = self.app.stack.scenes
        return self in scenes and scenes[-1] is not self

    def widgets(self) -> None:
        """Create widgets inside self.container."""

    def clear_widgets(self) -> None:
        if self.container is not None:
            self.container.kill()
            self.container = None

    # loop
    def process_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        return event

    def update(self, dt: float) -> None:
        pass

    def draw(self, surface: pygame.Surface) -> None:
        pass

    @property
    def opaque(self) -> bool:
        """Whether scenes below need not be drawn."""
        return True

    # idling: only the top scene updates, so it alone decides how often the loop draws
    @property
    def animating(self) -> bool:
        """Whether something moves on this scene while it is on top: the render loop then runs at full
        rate. A quiet screen returns False; the loop then draws it `idle_fps` times a second, and at
        once (and at full rate for a moment) on any input."""
        return True

    idle_fps = 5  # frames a second while quiet: a text cursor still blinks on time (every 0.4 s)


class SceneStack:
    def __init__(self) -> None:
        self.scenes: list[Scene] = []

    @property
    def top(self) -> Scene | None:
        return self.scenes[-1] if self.scenes else None

    def push(self, scene: Scene) -> None:
        if self.top:
            self.top.pause()
            if self.top.container is not None:
                self.top.container.hide()  # the scene below keeps its widgets, out of reach
        self.scenes.append(scene)
        scene.enter()

    def pop(self) -> Scene | None:
        if not self.scenes:
            return None
        scene = self.scenes.pop()
        scene.exit()
        if self.top:
            if self.top.container is not None:
                self.top.container.show()
            self.top.resume()
        return scene

    def replace(self, scene: Scene) -> None:
        if self.scenes:
            self.scenes.pop().exit()
        self.scenes.append(scene)
        scene.enter()

    def clear_to(self, scene: Scene) -> None:
        while self.scenes:
            self.scenes.pop().exit()
        self.push(scene)

    def visible(self) -> list[Scene]:
        """Scenes to draw, bottom first: from the topmost opaque one up."""
        start = 0
        for i in range(len(self.scenes) - 1, -1, -1):
            if self.scenes[i].opaque:
                start = i
                break
        return self.scenes[start:]
