"""Player settings and the interrupted-match save, kept in the user's folders (platformdirs).

A settings or save file that cannot be read is reported (the caller shows `problem`) and replaced by
defaults; it never stops the game. `DOBON_TABLE_HOME` overrides the folders (tests, portable use).
"""

from __future__ import annotations

import contextlib
import os
import sys
from dataclasses import asdict, dataclass, field, fields
from enum import StrEnum
from pathlib import Path
from typing import Annotated, Any, Literal

import msgspec
import platformdirs
from msgspec import Meta

from game import safejson
from game.safejson import FileProblem

from .filetypes import MATCH_LIMITS, NAME_CHARS, SETTINGS_LIMITS, LanHostSetup, LastSetup, MatchFile

APP = "DobonTable"


def config_dir() -> Path:
    home = os.environ.get("DOBON_TABLE_HOME")
    return Path(home) if home else Path(platformdirs.user_config_dir(APP, appauthor=False))


def data_dir() -> Path:
    home = os.environ.get("DOBON_TABLE_HOME")
    return Path(home) if home else Path(platformdirs.user_data_dir(APP, appauthor=False))


# name: (low, high) for numbers; settings outside these are reset to the default
RANGES: dict[str, tuple[float, float]] = {
    "animation_speed": (0.25, 4.0),
    "volume": (0.0, 1.0),
    "ai_turn_ms": (150, 5000),
    "ai_dobon_ms": (100, 5000),
    "reaction_ms": (500, 8000),
    "ui_scale": (1.0, 2.0),
}


class HelpLevel(StrEnum):
    """How much the table helps a learner: nothing, the legal cards lit (with the hand's sum and the
    Dobon cue), or that and the coach (each card's danger, a "play it anyway?" before a risky one,
    and a hint: game.coach). It was a yes/no setting once; `False` and `True` read as OFF and LEGAL."""

    OFF = "off"
    LEGAL = "legal"
    COACH = "coach"

    def __bool__(self) -> bool:
        return self is not HelpLevel.OFF  # "is any help on?" keeps its old answer

    @classmethod
    def of(cls, value: HelpLevel | bool) -> HelpLevel:
        """The level a setting holds, read as the yes/no it once was where it is one."""
        if isinstance(value, HelpLevel):
            return value
        return cls.LEGAL if value else cls.OFF

    def next(self) -> HelpLevel:
        """The level after this one, round again (the table's Help button and H, the settings)."""
        levels = list(HelpLevel)
        return levels[(levels.index(self) + 1) % len(levels)]


@dataclass
class Settings:
    language: str = "en"  # "en" or "ja"
    animation_speed: float = 1.0  # 2.0 = twice as fast
    volume: float = 0.7
    fullscreen: bool = False
    window_size: list[int] = field(default_factory=lambda: [1280, 720])
    ai_turn_ms: int = 900  # how long an AI seat takes over a turn
    ai_dobon_ms: int = 650  # how long an AI seat waits before calling dobon (race it!)
    reaction_ms: int = 1800  # how long a dobon window stays open where the rules wait for everyone
    practice_help: HelpLevel = HelpLevel.LEGAL
    four_colour_deck: bool = False  # ♥ red, ♦ orange, ♠ black, ♣ blue (ui/palette.py)
    reduced_motion: bool = False  # cards appear where they land instead of flying; nothing sways or spins
    ui_scale: float = 1.0  # the interface this much larger, as far as the window allows (ui.app)
    last_setup: dict[str, Any] = field(default_factory=dict)  # the new-game screen's last choices
    player_name: str = ""  # the name others see at a LAN table (the last one typed)
    last_address: str = ""  # the LAN table joined last (an address or a table code, as typed)
    lan_host: dict[str, Any] = field(default_factory=dict)  # the Host screen's last choices, per preset

    @classmethod
    def path(cls) -> Path:
        return config_dir() / "settings.json"

    @classmethod
    def load(cls) -> tuple[Settings, str | None]:
        """The saved settings, and a message if the file was unusable or a field made no sense. A file
        that cannot be read at all is set aside (settings.json.broken) and the defaults used; a field
        out of range is reset to its default, the others kept."""
        path = cls.path()
        if not path.exists():
            return cls(), None
        try:
            data = safejson.read(path, SETTINGS_LIMITS)
            if not isinstance(data, dict):
                raise FileProblem(path, f"not a JSON object but {safejson.short(data)}")
        except FileProblem as exc:
            safejson.set_aside(path)
            return (
                cls(),
                f"settings were set aside as {path.name}.broken, defaults restored: it could not be read ({exc.brief()})",
            )
        settings = cls()
        bad = []
        for f in fields(cls):
            if f.name in data:
                try:
                    setattr(settings, f.name, setting_value(f.name, data[f.name]))
                except ValueError:
                    bad.append(f.name)
        problem = None
        if bad:
            problem = f"settings reset to defaults: {', '.join(bad)}"
        return settings, problem

    def save(self) -> None:
        _write_json(self.path(), asdict(self))


def _number(name: str, kind: type) -> Any:
    low, high = RANGES[name]
    return Annotated[kind, Meta(ge=kind(low), le=kind(high))]


# what each setting may hold in the file (msgspec types with their ranges)
FIELD_TYPES: dict[str, Any] = {
    "language": Literal["en", "ja"],
    "animation_speed": _number("animation_speed", float),
    "volume": _number("volume", float),
    "fullscreen": bool,
    "window_size": Annotated[list[Annotated[int, Meta(ge=320, le=7680)]], Meta(min_length=2, max_length=2)],
    "ai_turn_ms": _number("ai_turn_ms", int),
    "ai_dobon_ms": _number("ai_dobon_ms", int),
    "reaction_ms": _number("reaction_ms", int),
    "practice_help": HelpLevel,
    "four_colour_deck": bool,
    "reduced_motion": bool,
    "ui_scale": _number("ui_scale", float),
    "last_setup": LastSetup,
    "player_name": Annotated[str, Meta(max_length=NAME_CHARS)],
    "last_address": Annotated[str, Meta(max_length=80)],
    "lan_host": LanHostSetup,
}


def setting_value(name: str, value: Any) -> Any:
    """`value` as the setting `name` holds it; ValueError if it is not of the setting's type and range."""
    if name == "practice_help" and isinstance(value, bool):  # a file from before the levels
        value = HelpLevel.LEGAL.value if value else HelpLevel.OFF.value
    try:
        converted = msgspec.convert(value, FIELD_TYPES[name])
    except msgspec.ValidationError as exc:
        raise ValueError(str(exc)) from None
    if name in ("player_name", "last_address") and not (
        converted == converted.strip() and converted.isprintable()
    ):
        raise ValueError("must be printable, without spaces around it")
    return msgspec.to_builtins(converted) if name in ("last_setup", "lan_host") else converted


def _write_json(path: Path, data: Any) -> None:
    """Write `data` whole or not at all (a crash mid-write leaves the old file). A folder that cannot
    be written (read-only, full, a directory where the file belongs) is said on stderr and the game
    goes on: losing a setting is better than losing the session."""
    try:
        safejson.write(path, data, indent=1)
    except OSError as exc:
        print(f"Dobon Table: could not write {path} ({exc.strerror or exc})", file=sys.stderr)


# ---------------------------------------------------------------------------------- saved deals


def scenarios_dir() -> Path:
    return data_dir() / "scenarios"


def save_scenario(text: str, stamp: str) -> Path:
    """Write a scenario file (game.scenario.dumps) into the data folder's scenarios/; its path."""
    path = scenarios_dir() / f"deal-{stamp}.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


# ---------------------------------------------------------------------------------- saved match


def save_path() -> Path:
    return data_dir() / "match.json"


def save_match(data: dict[str, Any]) -> None:
    _write_json(save_path(), data)


def load_match() -> tuple[dict[str, Any] | None, str | None]:
    """The saved match, or None; and a message if a save existed but was unusable (it is set aside).
    It is read within MATCH_LIMITS and checked against the save's shape (ui.filetypes.MatchFile);
    whether its actions replay is the game's to say (ui.table.setup.restore)."""
    path = save_path()
    if not path.exists():
        return None, None
    try:
        data = safejson.read(path, MATCH_LIMITS)
    except FileProblem as exc:
        problem = exc.brief()
    else:
        try:
            safejson.convert(data, MatchFile, path)
            return data, None
        except FileProblem as exc:
            problem = f"not a Dobon Table save: {exc.brief()}"
    safejson.set_aside(path)
    return None, f"the saved match was set aside as {path.name}.broken: it could not be read ({problem})"


def set_aside_match(reason: str) -> str:
    """Move a save that cannot be resumed out of the way (kept beside it, as a broken settings file
    is) so Continue does not come back on every launch; returns the message for the player."""
    path = save_path()
    safejson.set_aside(path)
    return f"the saved match was set aside as {path.name}.broken: {reason}"


def clear_match() -> None:
    with contextlib.suppress(OSError):
        save_path().unlink()
