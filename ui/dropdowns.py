"""Drop-down menus that open the way there is room and as wide as their box.

pygame-gui opens a drop-down list downwards unless its theme says otherwise, so a menu low in the
window (the new-game screen's AI level for the last seat) opened into a one-line list cut by the
window's edge; and its list is as wide as the box less the arrow button, so the list looked narrower
than the box it came from. `install` patches the expanded state once: it opens upwards where the
whole list fits only above, and its list takes the box's full width.
"""

from __future__ import annotations

from pygame_gui.elements import UISelectionList
from pygame_gui.elements.ui_drop_down_menu import UIExpandedDropDownState

ITEM_H = 34  # assets/theme.json: selection_list.misc.list_item_height
EDGES = 8  # the list's border and shadow, top and bottom


def _room(state: UIExpandedDropDownState) -> tuple[int, int]:
    """The room below and above the menu's box, within its container."""
    menu = state.drop_down_menu_ui
    container = menu.ui_container.get_container() if menu.ui_container is not None else None
    height = (
        container.get_relative_rect().height
        if container is not None
        else menu.ui_manager.get_root_container().get_rect().height
    )
    box = state.base_position_rect
    return int(height - box.bottom), int(box.top)


def _widen(state: UIExpandedDropDownState) -> None:
    """The open list again, as wide as the box (pygame-gui leaves out the arrow button's width; a list
    only resized keeps its items at the old width, so it is made anew, as pygame-gui makes it)."""
    menu, old = state.drop_down_menu_ui, state.options_selection_list
    if old is None or old.relative_rect.width >= menu.relative_rect.width:
        return
    rect = old.relative_rect.copy()
    rect.width = menu.relative_rect.width
    listed = UISelectionList(
        rect,
        starting_height=3,
        item_list=state.options_list,
        allow_double_clicks=False,
        manager=state.ui_manager,
        parent_element=menu,
        container=menu.ui_container,
        anchors=menu.anchors,
        object_id="#drop_down_options_list",
        default_selection=state.selected_option,
    )
    old.kill()
    state.options_selection_list = listed
    menu.join_focus_sets(listed)
    if listed.scroll_bar is not None:  # a long list: scrolled to the option chosen now
        listed.scroll_bar.set_scroll_from_start_percentage(listed.get_single_selection_start_percentage())
        listed.update(0.0)


def install() -> None:
    if getattr(UIExpandedDropDownState.start, "_dobon", False):
        return
    start = UIExpandedDropDownState.start

    def opened(state: UIExpandedDropDownState, should_rebuild: bool = True) -> None:
        below, above = _room(state)
        need = ITEM_H * len(state.options_list) + EDGES
        state.expand_direction = "up" if need > below and above > below else "down"
        state.drop_down_menu_ui.expansion_height_limit = None  # measured again on every opening
        start(state, should_rebuild)
        _widen(state)

    opened._dobon = True  # type: ignore[attr-defined]
    UIExpandedDropDownState.start = opened  # type: ignore[method-assign]
