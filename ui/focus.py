"""Keyboard focus for every screen's widgets: Tab / Shift+Tab and the arrows move a visible focus,
Enter or Space presses what has it.

pygame-gui has no keyboard focus of its own for buttons, drop-downs or lists, so a player without a
mouse could not leave the title. Rather than teach each screen its keys, the app gives every screen
one focus ring over the widgets it already has:

- the stops are the screen's enabled, visible buttons, a drop-down's box, a slider (its arrows step it),
  a list (Up and Down go through its rows, scrolling it; an open drop-down's options are one) and text
  boxes, in reading order;
- Tab and Shift+Tab go round them; the arrows go to the nearest stop that way (on a slider, Left and
  Right step it instead);
- a screen may add stops of its own (`Scene.extra_focus_stops`: the review's lines, a text box it
  steps through with Up and Down); Enter there is the screen's;
- Enter or Space on a stop does what a click on it does (pygame-gui's own events are posted, so the
  screens need not know whether a click or a key did it); a text box takes the keys once entered, and
  Tab leaves it;
- the ring shows from the first key and hides again when the mouse is used, so Enter keeps a screen's
  own meaning (Next on the results) until someone starts moving the focus;
- a screen that builds its widgets anew (a setting flipped, a replay stepped) keeps the ring where it
  was: on the new widget with the same text, else the nearest to where the old one stood;
- a screen may name the stop the ring starts on (`Scene.first_focus_stop`: the lessons' Resume);
- a screen come back to (Statistics closed, back on the title) has the ring where it was left, on the
  button that opened the other screen, not on its first stop;
- Esc counts as a focus key: a menu opened with it (the table's pause menu) shows the ring at once;
- Up and Down go to the nearest row that way and, in it, to the first stop (in reading order) under
  the focused one, else the nearest across; Left and Right likewise by columns.

A screen that has its own keys for everything (the table, the replay) says `keyboard_focus = False`;
one that uses some keys itself lists them in `own_keys`.
"""

from __future__ import annotations

import weakref
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
    UISelectionList,
    UITextEntryBox,
    UITextEntryLine,
    UIVerticalScrollBar,
)

if TYPE_CHECKING:
    from .stack import Screen

RING = (236, 196, 92)  # the table's gold
ARROWS = {pygame.K_UP: (0, -1), pygame.K_DOWN: (0, 1), pygame.K_LEFT: (-1, 0), pygame.K_RIGHT: (1, 0)}
PRESS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
TEXT = (UITextEntryLine, UITextEntryBox)
# the stops Enter presses here; on any other (a screen's own stop: Scene.extra_focus_stops) it is the screen's
PRESSABLE = (UIButton, UIDropDownMenu, UISelectionList, UIHorizontalSlider, *TEXT)


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
    """The focus stop `element` is part of (a slider for its left arrow, a list for its rows), or None
    if it is none."""
    if isinstance(element, UISelectionList):
        return element
    parent = getattr(element, "parent_element", None)
    if isinstance(parent, UISelectionList):
        return parent  # pygame-gui makes buttons only for the rows in view: the list is the stop
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
        self.scene: Screen | None = None
        self.row = 0  # the row of a focused list
        # someone is using the keyboard (a focus key came since the mouse last moved): a screen they
        # come to shows the ring at once, on its first stop
        self.keyboard = False
        self.spot: tuple[str, tuple[int, int]] | None = None  # the focused stop's text and centre
        # where the ring was on each screen left for another (found again on coming back)
        self.left: weakref.WeakKeyDictionary[Screen, tuple[str, tuple[int, int]]] = (
            weakref.WeakKeyDictionary()
        )

    def stops(self, scene: Screen) -> list[UIElement]:
        """The scene's focus stops in reading order (rows top to bottom, then left to right). While a
        drop-down is open, its options alone (as with a mouse, nothing else can be used meanwhile)."""
        if scene.container is None:
            return []
        menu = self.open_menu(scene)
        if menu is not None:
            return [menu.current_state.options_selection_list]
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
        for extra in scene.extra_focus_stops() if hasattr(scene, "extra_focus_stops") else ():
            if (
                extra is not None
                and extra.alive()
                and extra.visible
                and screen.colliderect(extra.get_abs_rect())
            ):
                found[id(extra)] = extra
        return sorted(found.values(), key=lambda e: (e.get_abs_rect().top // 8, e.get_abs_rect().left))

    def open_menu(self, scene: Screen) -> UIDropDownMenu | None:
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

    def handle(self, event: pygame.event.Event, scene: Screen | None) -> bool:
        """Take `event` if it is a focus key for `scene`; True if it was taken (nobody else gets it)."""
        self._arrive(scene)
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEMOTION):
            self.shown = self.keyboard = False
            return False
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.keyboard = True  # a screen Esc opens (the pause menu) shows the ring at once
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
                self._focus(options[0])  # the open list, on the option chosen now
                return True
        self._revive(scene)
        typing = self._typing()
        if event.key == pygame.K_TAB:
            self._move_round(scene, -1 if event.mod & pygame.KMOD_SHIFT else 1)
            return True
        if typing is not None:
            return False  # a text box being typed in keeps its keys (arrows move its caret)
        if event.key in ARROWS:
            way = ARROWS[event.key]
            if self.shown and isinstance(self.element, UIHorizontalSlider) and way[1] == 0:
                self._step_slider(self.element, way[0])
            elif self.shown and isinstance(self.element, UISelectionList) and self._step_row(way[1]):
                pass  # Up and Down went to the list's next row
            else:
                self._move_towards(scene, way)
            return True
        if (
            event.key in PRESS
            and self.shown
            and self._usable(self.element)
            and isinstance(self.element, PRESSABLE)
        ):
            self._press(self.element)
            return True
        return False

    def _arrive(self, scene: Screen | None) -> None:
        """A new screen on top: the ring starts afresh there (on its first stop for a keyboard user)."""
        if scene is self.scene:
            return
        if self.scene is not None and self.spot is not None:
            self.left[self.scene] = self.spot
        self.scene, self.element, self.shown, self.spot = scene, None, False, None
        if self.keyboard and scene is not None and scene.keyboard_focus and scene.container is not None:
            stops = self.stops(scene)
            if stops:
                was = self.left.get(scene)
                self._focus(self._nearest(stops, was) if was is not None else self._first(scene, stops))

    @staticmethod
    def _first(scene: Screen, stops: list[UIElement]) -> UIElement:
        """Where the ring starts on `scene`: the stop it names (`Scene.first_focus_stop`: the lessons'
        Resume of the lesson left mid-way), else its first stop in reading order."""
        named = scene.first_focus_stop() if hasattr(scene, "first_focus_stop") else None
        return named if named in stops else stops[0]

    @staticmethod
    def _nearest(stops: list[UIElement], spot: tuple[str, tuple[int, int]]) -> UIElement:
        """The stop with `spot`'s text nearest its centre, else the stop nearest it."""
        text, (x, y) = spot
        same = [stop for stop in stops if getattr(stop, "text", None) == text and text]

        def distance(stop: UIElement) -> float:
            rect = stop.get_abs_rect()
            return abs(rect.centerx - x) + abs(rect.centery - y)

        return min(same or stops, key=distance)

    @staticmethod
    def _usable(element: UIElement | None) -> bool:
        """Whether a click on `element` would do something: there, shown and enabled."""
        return (
            element is not None
            and element.alive()
            and element.visible
            and getattr(element, "is_enabled", True)
        )

    def _revive(self, scene: Screen) -> None:
        """The screen built its widgets anew (a setting flipped, a replay stepped): the ring goes to
        the new stop with the same text, else the one nearest to where the old one stood."""
        if self.element is None or self.element.alive() or self.spot is None:
            return
        stops = self.stops(scene)
        if not stops:
            self.element = None
            return
        row = self.row
        self._focus(self._nearest(stops, self.spot), keep_row=True)
        if isinstance(self.element, UISelectionList):
            self.row = min(row, max(0, len(self.element.item_list) - 1))
            self._show_row()

    def _step_row(self, step: int) -> bool:
        """The focused list's next row up or down (scrolled into view); False at its end."""
        listed = self.element
        assert isinstance(listed, UISelectionList)
        row = self.row + step
        if step == 0 or not 0 <= row < len(listed.item_list):
            return False
        self.row = row
        self._show_row()
        return True

    def _show_row(self) -> UIButton | None:
        """Scroll the focused list so its focused row is in view; that row's button."""
        listed = self.element
        if not isinstance(listed, UISelectionList) or not listed.item_list:
            return None
        self.row = max(0, min(self.row, len(listed.item_list) - 1))
        height = listed.list_item_height
        total = listed.total_height_of_list
        bar = listed.scroll_bar
        if bar is not None and total > 0 and listed.item_list_container is not None:
            seen = listed.item_list_container.get_relative_rect().height
            top = bar.start_percentage * total
            want = self.row * height
            if want < top:
                top = want
            elif want + height > top + seen:
                top = want + height - seen
            bar.set_scroll_from_start_percentage(top / total)
            listed.update(0.0)  # pygame-gui makes the buttons of the rows now in view
        return listed.item_list[self.row].get("button_element")

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

    def _move_round(self, scene: Screen, step: int) -> None:
        stops = self.stops(scene)
        if not stops:
            return
        now = self._current(stops)
        if not self.shown and now is not None:
            index = now  # the first key shows where the focus is
        elif now is None:
            index = stops.index(self._first(scene, stops)) if step > 0 else len(stops) - 1
        else:
            index = (now + step) % len(stops)
        self._focus(stops[index])

    def _move_towards(self, scene: Screen, way: tuple[int, int]) -> None:
        """To the nearest row (or column) of stops in direction `way`, and in it the stop closest
        across: Down from a wide button reaches the pair of narrow ones just below it, not the wide
        one under them."""
        stops = self.stops(scene)
        if not stops:
            return
        if self.element not in stops or not self.shown:
            self._focus(self.element if self.element in stops else self._first(scene, stops))
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

        def overlaps(stop: UIElement) -> bool:  # under (or beside) the focused stop, in part
            there = stop.get_abs_rect()
            if way[0] == 0:
                return there.left < here.right and here.left < there.right
            return there.top < here.bottom and here.top < there.bottom

        under = [stop for _a, _g, stop in row if overlaps(stop)]
        if under:  # the first of them in reading order: Down from Join is History, not Statistics
            self._focus(min(under, key=lambda e: (e.get_abs_rect().left, e.get_abs_rect().top)))
            return
        self._focus(min(row, key=lambda t: (t[0], t[1]))[2])

    def _focus(self, element: UIElement, keep_row: bool = False) -> None:
        self.element, self.shown, self.keyboard = element, True, True
        rect = element.get_abs_rect()
        self.spot = (str(getattr(element, "text", "") or ""), rect.center)
        if isinstance(element, UISelectionList) and not keep_row:
            chosen = [i for i, item in enumerate(element.item_list) if item.get("selected")]
            self.row = chosen[0] if chosen else 0
            self._show_row()
        # a text box takes the keys while it has the focus; anything else leaves every box
        self.gui.set_focus_set(element if isinstance(element, TEXT) else None)

    def _press(self, element: UIElement) -> None:
        """What a click on `element` does, through pygame-gui's own events."""
        if isinstance(element, TEXT):
            self.gui.set_focus_set(element)
            return
        if isinstance(element, UISelectionList):
            row = self._show_row()
            if row is not None:
                self._post_pressed(row)  # what a click on the row does: chosen (a drop-down: picked)
            menu = getattr(element, "parent_element", None)
            if isinstance(menu, UIDropDownMenu):  # an option picked: the ring goes back to its box
                self._focus(menu)
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

    def draw(self, surface: pygame.Surface, scene: Screen | None = None) -> None:
        """The ring round the focused stop, while the keyboard is being used."""
        if scene is not None:
            self._arrive(scene)
        if self.shown and self.scene is not None and self.scene.container is not None:
            self._revive(self.scene)  # the ring follows a screen that built its widgets anew
        element = self.element
        if not self.shown or element is None or not element.alive() or not element.visible:
            return
        if isinstance(element, UISelectionList):
            row = element.item_list[self.row].get("button_element") if element.item_list else None
            if row is not None and row.alive():
                pygame.draw.rect(surface, RING, row.get_abs_rect().inflate(-2, -2), 2, border_radius=4)
        rect = element.get_abs_rect().inflate(6, 6)
        pygame.draw.rect(surface, RING, rect, 3, border_radius=6)
