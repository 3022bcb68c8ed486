"""Where a lesson left off: one file in the data folder (lesson.json), so leaving a lesson keeps its
step and the title offers to resume it. It holds the lesson's preset, the step and the hints asked,
and the game as the table saves a match (its actions, replayed on resume), and which lessons the
player has finished (the list's ticks), written whole or not at all through game.safejson."""

from __future__ import annotations

import contextlib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game import safejson
from game.engine import Game
from game.rules import PRESETS

from ..settings import data_dir
from ..table.setup import GameSetup, restore

FORMAT = 1
LIMITS = safejson.Limits(max_bytes=1024 * 1024, max_string=4000, max_items=10_000, max_values=200_000)


@dataclass
class Progress:
    """A lesson under way: which, at which step, how many hints were asked there, and its game."""

    preset: str
    step: int
    hints: int
    save: dict[str, Any]  # ui.table.setup.save_data: the table and its actions

    def game(self) -> tuple[GameSetup, Game]:
        """The lesson's table and game as they were left (ValueError if the save no longer replays)."""
        return restore(self.save)


def path() -> Path:
    return data_dir() / "lesson.json"


def _read() -> dict[str, Any]:
    """The file as kept ({} when there is none); a file that cannot be used is set aside, as a broken
    save is: a lesson is only ever a few minutes to start again."""
    where = path()
    if not where.exists():
        return {}
    try:
        data = safejson.read(where, LIMITS)
        if not isinstance(data, dict) or data.get("dobon_lesson_progress") != FORMAT:
            raise ValueError("not a lesson's progress")
        done = data.get("finished", [])
        if not isinstance(done, list) or not all(p in PRESETS for p in done):
            raise ValueError("finished: the presets whose lessons were finished")
        if "preset" in data:
            preset, step, hints, save = (data.get(k) for k in ("preset", "step", "hints", "save"))
            if preset not in PRESETS or not isinstance(save, dict):
                raise ValueError("no such lesson")
            if not all(
                isinstance(v, int) and not isinstance(v, bool) and 0 <= v < 1000 for v in (step, hints)
            ):
                raise ValueError("step and hints are whole numbers")
        return data
    except (ValueError, safejson.FileProblem):
        safejson.set_aside(where)
        return {}


def _write(finished: list[str], progress: Progress | None) -> None:
    """The file whole: the lessons finished, and the one under way (if any). A folder that cannot be
    written loses only the resume and the ticks."""
    data: dict[str, Any] = {"dobon_lesson_progress": FORMAT, "finished": finished}
    if progress is not None:
        data.update(preset=progress.preset, step=progress.step, hints=progress.hints, save=progress.save)
    with contextlib.suppress(OSError):
        safejson.write(path(), data, indent=None)


def keep(progress: Progress) -> None:
    """Write the lesson's progress, keeping the lessons already finished."""
    _write(list(finished()), progress)


def load() -> Progress | None:
    """The lesson left off, or None: none kept, or a file that cannot be used (set aside)."""
    data = _read()
    if "preset" not in data:
        return None
    return Progress(data["preset"], data["step"], data["hints"], data["save"])


def finished() -> tuple[str, ...]:
    """The presets whose lessons the player has finished, in the order finished."""
    return tuple(_read().get("finished", []))


def finish(preset: str) -> None:
    """The lesson of `preset` is done: it is marked finished, and nothing is left to resume."""
    done = list(finished())
    _write(done if preset in done else [*done, preset], None)


def clear() -> None:
    """Nothing to resume (Start over, a lesson finished): the finished marks stay."""
    done = list(finished())
    if done:
        _write(done, None)
    else:
        with contextlib.suppress(OSError):
            path().unlink()
