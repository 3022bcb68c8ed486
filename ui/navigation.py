"""Screens by name (after Tuxemon's scene registry): a screen that opens another asks the app for it by
name (`app.scene("table", setup)`) instead of importing its class, so no screen module imports another
and the screens form no import cycle (tests/test_contracts.py). Each name maps to `module:attribute`,
imported on first use with importlib (no import the import graph sees); an unknown name raises at once.

`SCENES` are the screens, and factories that build one (a LAN table from a session); `ACTIONS` are a
screen's steps that move the stack themselves (continue hosting, follow a rematch, start a lesson), asked
for with `app.act(name, ...)`.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

SCENES: dict[str, str] = {
    "title": "ui.scenes.title:TitleScene",
    "new_game": "ui.scenes.new_game:NewGameScene",
    "table": "ui.scenes.table:TableScene",
    "table.remote": "ui.scenes.lan:remote_table_scene",
    "menu": "ui.scenes.menu:PauseMenu",
    "confirm": "ui.scenes.confirm:ConfirmScene",
    "results.round": "ui.scenes.results:RoundResultScene",
    "results.match": "ui.scenes.results:MatchResultScene",
    "history": "ui.scenes.history:HistoryScene",
    "record": "ui.scenes.history:RecordScene",
    "replay": "ui.scenes.replay:ReplayScene",
    "stats": "ui.scenes.stats:StatsScene",
    "rules": "ui.scenes.rules:RulesScene",
    "settings": "ui.scenes.settings_scene:SettingsScene",
    "host": "ui.scenes.lan:HostScene",
    "join": "ui.scenes.lan:JoinScene",
    "lobby": "ui.scenes.lan:LobbyScene",
    "message": "ui.scenes.lan:MessageScene",
    "learn": "ui.scenes.learn:LearnScene",
}

ACTIONS: dict[str, str] = {
    "continue_hosting": "ui.scenes.lan:continue_hosting",
    "follow_rematch": "ui.scenes.lan:follow_rematch",
    "start_lesson": "ui.scenes.learn:start_lesson",
}


class UnknownScene(KeyError):
    """A name no screen (or action) is registered under: a typo found where it is asked for."""

    def __str__(self) -> str:
        return str(self.args[0])


def _load(table: dict[str, str], kind: str, name: str) -> Callable[..., Any]:
    try:
        target = table[name]
    except KeyError:
        raise UnknownScene(f"no {kind} is registered as {name!r} (ui/navigation.py)") from None
    module, _, attribute = target.partition(":")
    return getattr(importlib.import_module(module), attribute)


def scene_class(name: str) -> Callable[..., Any]:
    """The class (or factory) registered as screen `name`, imported now."""
    return _load(SCENES, "screen", name)


def action(name: str) -> Callable[..., Any]:
    """The function registered as action `name`, imported now."""
    return _load(ACTIONS, "action", name)


def modules() -> set[str]:
    """The modules that hold the registered screens and actions: the screen modules."""
    return {target.partition(":")[0] for target in (*SCENES.values(), *ACTIONS.values())}
