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
    # the keyboard focus ring over this screen's widgets (ui/focus.py): off where the screen has its
    # own keys for everything (the table); `own_keys` are keys the screen keeps for itself
    keyboard_focus = True
    own_keys: frozenset[int] = frozenset()

    def extra_focus_stops(self) -> list:
        """Widgets the focus ring stops at though it would not on its own (a text box the screen uses
        as a list, with its own Up, Down and Enter: the review's lines); Enter on one is the screen's."""
        return []

    def first_focus_stop(self):
        """The stop the ring starts on when this screen opens (a keyboard user's first stop, and where
        the first Tab goes), if not its first in reading order: None for that."""
        return None

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

    # resting: only the top scene updates, so it alone says when the loop must draw (ui/app.py)
    @property
    def animating(self) -> bool:
        """Whether something moves on this scene while it is on top: the render loop then draws at
        full rate. A quiet screen returns False; the loop then draws it only on input, when
        `due_in` comes round, or while `animate_for` runs."""
        return True

    def due_in(self) -> float | None:
        """While nothing moves: seconds until this scene changes by itself (a clock's next second, a
        timer, a look at the network), so the loop draws it then; None: nothing until input."""
        return None

    def has_news(self) -> bool:
        """Whether something from outside pygame's events has come for this scene (the network, a
        job in the background): a resting loop looks every POLL and draws at once when it has."""
        return False

    moving_left = 0.0  # seconds of full-rate frames asked for with `animate_for` (the loop counts them)

    def animate_for(self, seconds: float) -> None:
        """Ask for full-rate frames for `seconds` more (of frame time): a sway, a fade that ends."""
        self.moving_left = max(self.moving_left, seconds)

    @property
    def moving(self) -> bool:
        """Whether the loop must draw this scene at full rate: it animates, or asked to."""
        return self.moving_left > 0 or self.animating
