"""A seat's score in its preset's own terms.

Most presets keep one number per seat (`Game.scores`: points won, or penalty points). Others keep more:
`jda` a lap and a deal size, `kabu` laps and extra cards. A `Score` holds a seat's standing as named whole
numbers in display order, so the table's plates, the results, `sim`, `arena` and the LAN wire all show
and send the same thing without knowing the preset. `Rulebook.score` makes it; `Rulebook.score_key`
ranks by it. The table translates each part by name (`score.<name>` in the translations).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import msgspec


@dataclass(frozen=True, slots=True)
class Score:
    parts: tuple[tuple[str, int], ...]  # (name, value), in display order; the first is the headline

    @classmethod
    def points(cls, value: int) -> Score:
        return cls((("points", value),))

    def __getitem__(self, name: str) -> int:
        for key, value in self.parts:
            if key == name:
                return value
        raise KeyError(name)

    @property
    def headline(self) -> int:
        """The first part: what a chart of the match plots."""
        return self.parts[0][1]

    def text(self) -> str:
        """A plain form for logs and the command line: ``points 1000`` or ``lap 2, deal 7``."""
        return ", ".join(f"{name} {value}" for name, value in self.parts)

    def to_json(self) -> dict[str, int]:
        """The JSON form, `ScoreJSON`: an object of the parts' names to their values, in order."""
        return dict(self.parts)

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Score:
        """From untrusted JSON (the wire), read as `ScoreJSON` (a true/false is no number): ValueError,
        naming the part at fault, otherwise."""
        try:
            parts = msgspec.convert(data, ScoreJSON, strict=True)
        except msgspec.ValidationError:
            # msgspec names a bad value of an object only as `$[...]`: the part at fault is named here
            bad = (
                next((k for k, v in data.items() if type(v) is not int), None)
                if isinstance(data, dict)
                else None
            )
            raise ValueError(
                f"score part {bad!r} must be a whole number"
                if bad is not None
                else "a score is an object of names to whole numbers"
            ) from None
        if not parts:
            raise ValueError("a score is an object of names to whole numbers, not an empty one")
        return cls(tuple(parts.items()))


ScoreJSON = dict[str, int]
"""A score's JSON form, read and written: its parts' names to whole numbers, in display order."""
