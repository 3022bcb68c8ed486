"""The record screens' words (History, Statistics, a review's listing and trial): when a game was
played, whom it faced, a review's choices, why a file was skipped. Kept apart from the screens so each
screen reads them here rather than importing another screen (docs/ui.md, "Scenes by name")."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from game import history
from game.history import HUMAN
from game.rules import PRESETS
from game.seats import SEATS

from ..presets import PresetUI, preset_ui
from ..text import cards_in_words, tr


def when(stamp: str) -> str:
    """A record's start time (history.now_stamp, UTC) as a short local date and time."""
    try:
        moment = datetime.strptime(stamp, "%Y%m%dT%H%M%S%fZ").replace(tzinfo=UTC)
    except ValueError:
        return stamp
    local = moment.astimezone()
    return local.strftime("%m-%d %H:%M" if local.year == datetime.now().year else "%Y-%m-%d %H:%M")


def level_name(level: str) -> str:
    """An AI level in words ("You" for a person); a level this version does not know, as written."""
    if level == HUMAN:
        return tr("history.you")
    return tr(f"level.{level}") if level in SEATS else level


def faced_text(faced: str) -> str:
    """The AI levels at the other seats ("hard+normal"), in words; "people" for people only."""
    if faced == "people":
        return tr("history.people")
    return " + ".join(level_name(level) for level in faced.split("+"))


def word(group: str, name: str) -> str:
    """A translated word (history.<group>.<name>), or the name itself where there is none."""
    name = name.replace(" ", "_").replace("-", "_")
    text = tr(f"history.{group}.{name}")
    return name.replace("_", " ") if text.endswith(f"history.{group}.{name}") else text


def units(preset: str | None) -> PresetUI:
    """The preset's UI module, for its unit words (docs/ui.md, "Units"); a preset this version does not
    know (a newer record) speaks of rounds and matches."""
    return preset_ui(PRESETS[preset]) if preset in PRESETS else PresetUI()


def round_words(d: dict[str, Any], preset: str | None = None) -> str:
    """Where a reviewed decision fell, in words and the preset's units: "Round 3", or "Match 2, round 1"
    past the first match (it said "Round 2.1", which reads as a decimal); jda's "Game 3", kabu's
    "Match 3" ("Game 2, match 1")."""
    ui = units(preset)
    match, number = d.get("match", 1), d.get("round", 1)
    if match == 1:
        return tr(ui.where_round, round=number)
    return tr(ui.where_match_round, match=match, round=number)


def choice_text(choice: dict[str, Any]) -> str:
    """A choice of a saved review in words: its act translated, then its cards, suit or amount."""
    words = str(choice.get("text", "")).split(" ")
    if words[:1] == ["seat"]:
        words = words[2:]
    if not words:
        return ""
    rest = (
        " ".join(words[1:])
        .replace("naming", tr("history.naming"))
        .replace("(last one)", tr("history.last_one"))
    )
    return cards_in_words((word("act", words[0]) + " " + rest).strip())


def skipped_reason(problem: str) -> str:
    """Why a file in the history folder was skipped, in the screen's language (game.history.Problem
    carries its reason's key; any other line is shown as it came)."""
    if not isinstance(problem, history.Problem):
        return problem
    return tr(f"history.why.{problem.why.replace('-', '_')}", file=problem.file, **problem.params)
