"""The preset registry: one record per preset naming the modules that make it up.

A preset is three parts: its rules (`game/rules/<preset>.py`), what the AI seats know of it
(`game/seats/presets/<preset>.py`) and what the desktop table draws of its own (`ui/presets/<preset>.py`).
They used to be found by guessing a module name, and a module that failed to import quietly gave the
defaults instead (a frozen app once played every preset's AI with `app`'s knowledge). Here each part is
named outright, by dotted path, and loading one that is missing or broken raises `PresetError` naming the
preset and the module, so the app refuses to start rather than play the wrong game.

The UI part is named, never imported, here: `game` imports no `ui`. The desktop loads it through
`ui.presets.preset_ui`, and `check_presets` at start loads whichever parts the program uses.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from enum import Enum
from functools import cache
from typing import Any


class Part(Enum):
    """The parts of a preset, each a class in a module of its own."""

    RULES = "rules"
    KNOWLEDGE = "knowledge"
    UI = "ui"


@dataclass(frozen=True)
class PresetRecord:
    """Where one preset's parts live, as `module:Class`."""

    name: str
    rules: str
    knowledge: str
    ui: str

    def path(self, part: Part) -> str:
        return getattr(self, part.value)


class PresetError(ImportError):
    """A preset, or one of its parts, that cannot be loaded. The message names both."""


def _record(name: str, rules_class: str) -> PresetRecord:
    """The usual layout: each part in a module named after the preset."""
    return PresetRecord(
        name,
        rules=f"game.rules.{name}:{rules_class}",
        knowledge=f"game.seats.presets.{name}:Knowledge",
        ui=f"ui.presets.{name}:UI",
    )


REGISTRY: dict[str, PresetRecord] = {
    record.name: record
    for record in (
        _record("app", "AppRules"),
        _record("standard", "StandardRules"),
        _record("super", "SuperRules"),
        _record("jda", "JdaRules"),
        _record("kabu", "KabuRules"),
    )
}

# the preset a new game, the rules screen and a setup start from when nothing else is named (the app's
# own rules): named here once, so generic UI code names no preset
DEFAULT_PRESET = "app"


def record(preset: str) -> PresetRecord:
    """The registry's record of `preset`; PresetError if there is none."""
    try:
        return REGISTRY[preset]
    except KeyError:
        raise PresetError(
            f"unknown preset {preset!r}: the registry (game/registry.py) knows {', '.join(REGISTRY)}"
        ) from None


def resolve(preset: str, path: str, part: Part) -> Any:
    """The class `path` ("package.module:Class") names for `preset`'s `part`, imported; PresetError
    naming both if the module is missing, fails to import, or lacks the class."""
    module_name, _, attribute = path.partition(":")
    try:
        module = importlib.import_module(module_name)
    except Exception as exc:  # any failure at import is the same fault: the preset cannot be played
        raise PresetError(
            f"preset {preset!r}: its {part.value} module {module_name} cannot be loaded "
            f"({type(exc).__name__}: {exc})"
        ) from exc
    try:
        return getattr(module, attribute)
    except AttributeError:
        raise PresetError(
            f"preset {preset!r}: its {part.value} module {module_name} has no {attribute}"
        ) from None


@cache
def load(preset: str, part: Part) -> Any:
    """The class of `preset`'s `part`, as the registry names it (loaded once)."""
    return resolve(preset, record(preset).path(part), part)


def check_presets(parts: tuple[Part, ...] = (Part.RULES, Part.KNOWLEDGE)) -> None:
    """Load `parts` of every preset, so that a missing or broken module stops the program at start,
    with its name, rather than when a table of that preset is first opened."""
    for preset in REGISTRY:
        for part in parts:
            load(preset, part)
