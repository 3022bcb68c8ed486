"""Keyboard focus for every screen's widgets: Tab / Shift+Tab and the arrows move a visible focus,
Enter or Space presses what has it.

pygame-gui has no keyboard focus of its own for buttons, drop-downs or lists, so a player without a
mouse could not leave the title. Rather than teach each screen its keys, the app gives every screen
one focus ring over the widgets it already has:

- the stops are the screen's enabled, visible buttons (a list's rows and an open drop-down's options are
  buttons too), a drop-down's box, a slider (its arrows step it) and text boxes, in reading order;
- Tab and Shift+Tab go round them; the arrows go to the nearest stop that way (on a slider, Left and
  Right step it instead);
- Enter or Space on a stop does what a click on it does (pygame-gui's own events are posted, so the
  screens need not know whether a click or a key did it); a text box takes the keys once entered, and
  Tab leaves it;
- the ring shows from the first key and hides again when the mouse is used, so Enter keeps a screen's
  own meaning (Next on the results) until someone starts moving the focus.

A screen that has its own keys for everything (the table, the replay) says `keyboard_focus = False`;
one that uses some keys itself lists them in `own_keys`.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

import pygame
import pygame_gui
from pygame_gui.core import UIElement
from pygame_gui.elements import (
    UIButton,
    UIDropDownMenu,
    UIHorizontalScrollBar,
    UIHorizontalSlider,
    UITextEntryBox,
    UITextEntryLine,
    UIVerticalScrollBar,
)

if TYPE_CHECKING:
    from .scene import Scene

RING = (236, 196, 92)  # the table's gold
ARROWS = {pygame.K_UP: (0, -1), pygame.K_DOWN: (0, 1), pygame.K_LEFT: (-1, 0), pygame.K_RIGHT: (1, 0)}
PRESS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
TEXT = (UITextEntryLine, UITextEntryBox)


def _inside(element: UIElement, container: object) -> bool:
    """Whether `element` sits (at any depth) in `container`."""
    holder = element.ui_container
    for _ in range(32):  # containers nest a few levels; the bound keeps a cycle from hanging
        if holder is None:
            return False
        if holder is container:
            return True
        holder = getattr(holder, "ui_container", None)
    return False


def _stop(element: UIElement) -> UIElement | None:
    """The focus stop `element` is part of (a slider for its left arrow), or None if it is none."""
    parent = getattr(element, "parent_element", None)
    if isinstance(parent, UIHorizontalSlider):
        return parent if element is parent.left_button else None
    if isinstance(parent, UIVerticalScrollBar | UIHorizontalScrollBar):
        return None
    if isinstance(parent, UIDropDownMenu):
        state = parent.current_state
        return parent if element is getattr(state, "selected_option_button", None) else None
    if isinstance(element, UIButton) and element is not getattr(parent, "sliding_button", None):
        return element
    if isinstance(element, TEXT):
        return element
    return None


class KeyboardFocus:
    """The focus ring of the screen on top of the app's stack."""

    def __init__(self, gui: pygame_gui.UIManager):
        self.gui = gui
        self.element: UIElement | None = None
        self.shown = False  # drawn, and Enter/Space press it (from the first focus key until the mouse)
        self.scene: Scene | None = None

    def stops(self, scene: Scene) -> list[UIElement]:
        """The scene's focus stops in reading order (rows top to bottom, then left to right). While a
        drop-down is open, its options alone (as with a mouse, nothing else can be used meanwhile)."""
        if scene.container is None:
            return []
        menu = self.open_menu(scene)
        if menu is not None:
            listed = menu.current_state.options_selection_list
            return [
                item["button_element"]
                for item in listed.item_list
                if item.get("button_element") is not None and item["button_element"].visible
            ]
        found: dict[int, UIElement] = {}
        screen = pygame.Rect((0, 0), self.gui.window_resolution)
        for element in self._elements():
            if not element.alive() or not element.visible or not _inside(element, scene.container):
                continue
            stop = _stop(element)
            if stop is None or not getattr(stop, "is_enabled", True) or not stop.visible:
                continue
            if not screen.colliderect(stop.get_abs_rect()):
                continue
            found[id(stop)] = stop
        return sorted(found.values(), key=lambda e: (e.get_abs_rect().top // 8, e.get_abs_rect().left))

    def open_menu(self, scene: Scene) -> UIDropDownMenu | None:
        """The scene's drop-down that is open now, if any."""
        for element in self._elements():
            if (
                isinstance(element, UIDropDownMenu)
                and element.alive()
                and element.current_state is element.menu_states.get("expanded")
                and getattr(element.current_state, "options_selection_list", None) is not None
                and _inside(element, scene.container)
            ):
                return element
        return None

    def _elements(self) -> Iterator[UIElement]:
        for sprite in self.gui.get_sprite_group().sprites():
            if isinstance(sprite, UIElement):
                yield sprite

    # ------------------------------------------------------------------------------------- events

    def handle(self, event: pygame.event.Event, scene: Scene | None) -> bool:
        """Take `event` if it is a focus key for `scene`; True if it was taken (nobody else gets it)."""
        if scene is not self.scene:
            self.scene, self.element, self.shown = scene, None, False
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEMOTION):
            self.shown = False
            return False
        if scene is None or event.type != pygame.KEYDOWN or not scene.keyboard_focus:
            return False
        if event.key in scene.own_keys:
            return False
        menu = self.open_menu(scene)
        if menu is not None and event.key == pygame.K_ESCAPE:
            close = getattr(menu.current_state, "close_button", None)
            if close is not None:
                self._post_pressed(close)
                self._focus(menu)
            return True
        if menu is not None and (event.key in ARROWS or event.key == pygame.K_TAB):
            options = self.stops(scene)
            if options and self.element not in options:
                chosen = [o for o in options if getattr(o, "text", None) == menu.selected_option[0]]
                self._focus((chosen or options)[0])
                return True
        typing = self._typing()
        if event.key == pygame.K_TAB:
            self._move_round(scene, -1 if event.mod & pygame.KMOD_SHIFT else 1)
            return True
        if typing is not None:
            return False  # a text box being typed in keeps its keys (arrows move its caret)
        if event.key in ARROWS:
            if self.shown and isinstance(self.element, UIHorizontalSlider) and ARROWS[event.key][1] == 0:
                self._step_slider(self.element, ARROWS[event.key][0])
            else:
                self._move_towards(scene, ARROWS[event.key])
            return True
        if event.key in PRESS and self.shown and self.element is not None and self.element.alive():
            self._press(self.element)
            return True
        return False

    def _typing(self) -> UIElement | None:
        """The text box being typed in, if any."""
        for element in self.gui.get_focus_set() or ():
            if isinstance(element, TEXT):
                return element
        return None

    def _current(self, stops: list[UIElement]) -> int | None:
        if self.element in stops:
            return stops.index(self.element)
        return None

    def _move_round(self, scene: Scene, step: int) -> None:
        stops = self.stops(scene)
        if not stops:
            return
        now = self._current(stops)
        if not self.shown and now is not None:
            index = now  # the first key shows where the focus is
        elif now is None:
            index = 0 if step > 0 else len(stops) - 1
        else:
            index = (now + step) % len(stops)
        self._focus(stops[index])

    def _move_towards(self, scene: Scene, way: tuple[int, int]) -> None:
        """To the nearest row (or column) of stops in direction `way`, and in it the stop closest
        across: Down from a wide button reaches the pair of narrow ones just below it, not the wide
        one under them."""
        stops = self.stops(scene)
        if not stops:
            return
        if self.element not in stops or not self.shown:
            self._focus(self.element if self.element in stops else stops[0])
            return
        here = self.element.get_abs_rect()
        ahead: list[tuple[float, float, UIElement]] = []
        for stop in stops:
            there = stop.get_abs_rect()
            gap = {
                (1, 0): there.left - here.right,
                (-1, 0): here.left - there.right,
                (0, 1): there.top - here.bottom,
                (0, -1): here.top - there.bottom,
            }[way]
            if stop is self.element or gap < -2:  # only stops wholly that way (a wide row above is not)
                continue
            across = abs(there.centerx - here.centerx) if way[0] == 0 else abs(there.centery - here.centery)
            ahead.append((gap, across, stop))
        if not ahead:
            return
        nearest = min(gap for gap, _a, _s in ahead)
        row = [(across, gap, stop) for gap, across, stop in ahead if gap <= nearest + 8]
        self._focus(min(row, key=lambda t: (t[0], t[1]))[2])

    def _focus(self, element: UIElement) -> None:
        self.element, self.shown = element, True
        # a text box takes the keys while it has the focus; anything else leaves every box
        self.gui.set_focus_set(element if isinstance(element, TEXT) else None)

    def _press(self, element: UIElement) -> None:
        """What a click on `element` does, through pygame-gui's own events."""
        if isinstance(element, TEXT):
            self.gui.set_focus_set(element)
            return
        if isinstance(element, UIDropDownMenu):
            button = getattr(element.current_state, "selected_option_button", None)
            if button is not None:
                self._post_pressed(button)
            return
        if isinstance(element, UIButton):
            self._post_pressed(element)

    def _step_slider(self, slider: UIHorizontalSlider, way: int) -> None:
        self._post_pressed(slider.right_button if way > 0 else slider.left_button)

    @staticmethod
    def _post_pressed(button: UIButton) -> None:
        pygame.event.post(
            pygame.event.Event(
                pygame_gui.UI_BUTTON_PRESSED,
                {"ui_element": button, "ui_object_id": button.most_specific_combined_id, "mouse_button": 1},
            )
        )

    # ------------------------------------------------------------------------------------ drawing

    def draw(self, surface: pygame.Surface) -> None:
        """The ring round the focused stop, while the keyboard is being used."""
        element = self.element
        if not self.shown or element is None or not element.alive() or not element.visible:
            return
        rect = element.get_abs_rect().inflate(6, 6)
        pygame.draw.rect(surface, RING, rect, 3, border_radius=6)
