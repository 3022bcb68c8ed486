"""The presets: rule families by name.

`PRESETS` are the playable ones: the game's rule menu, the command line and the LAN lobby offer them.
`DEVELOPING` are presets whose rulebook exists but whose table, AI or translations are not finished:
tests, scenario files and logs made from them reach them (`make_rules(..., developing=True)`), players
do not. `PLANNED` names every preset that is not playable yet, for the message users see.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..safejson import short
from .app import AppRules
from .base import Rulebook, RuleSet
from .jda import JdaRules
from .kabu import KabuRules
from .standard import StandardRules
from .super import SuperRules

PRESETS: dict[str, type[RuleSet]] = {
    "app": AppRules,
    "standard": StandardRules,
    "super": SuperRules,
    "jda": JdaRules,
    "kabu": KabuRules,
}
DEVELOPING: dict[str, type[RuleSet]] = {}  # rulebooks done, not offered to players yet
PLANNED: tuple[str, ...] = ()  # specified in shared/rules, not playable yet


def make_rules(
    preset: str, players: int, options: Mapping[str, Any] | None = None, *, developing: bool = False
) -> RuleSet:
    """Build a preset's rule set; ValueError with a one-line reason if that is not possible. Presets in
    development are built only when asked for (`developing`: tests, scenarios, their logs)."""
    if not isinstance(preset, str):
        raise ValueError(f"a preset is named by text such as 'app', not {short(preset)}")
    if preset not in PRESETS:
        if developing and preset in DEVELOPING:
            return DEVELOPING[preset].from_options(players, options)
        if preset in PLANNED:
            raise ValueError(f"the {preset!r} preset is not playable yet; playable: {', '.join(PRESETS)}")
        raise ValueError(f"unknown preset {short(preset)}; playable: {', '.join(PRESETS)}")
    return PRESETS[preset].from_options(players, options)


__all__ = ["DEVELOPING", "PLANNED", "PRESETS", "AppRules", "RuleSet", "Rulebook", "make_rules"]
