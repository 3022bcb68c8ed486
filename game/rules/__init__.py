"""The presets: rule families by name."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .app import AppRules
from .base import Rulebook, RuleSet
from .standard import StandardRules
from .super import SuperRules

PRESETS: dict[str, type[RuleSet]] = {"app": AppRules, "standard": StandardRules, "super": SuperRules}
PLANNED = ("jda", "kabu")  # specified in shared/rules, not playable yet


def make_rules(preset: str, players: int, options: Mapping[str, Any] | None = None) -> RuleSet:
    """Build a preset's rule set; ValueError with a one-line reason if that is not possible."""
    if preset not in PRESETS:
        if preset in PLANNED:
            raise ValueError(f"the {preset!r} preset is not playable yet; playable: {', '.join(PRESETS)}")
        raise ValueError(f"unknown preset {preset!r}; playable: {', '.join(PRESETS)}")
    return PRESETS[preset].from_options(players, options)


__all__ = ["PLANNED", "PRESETS", "AppRules", "RuleSet", "Rulebook", "make_rules"]
