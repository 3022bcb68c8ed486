"""Player settings and the interrupted-match save, kept in the user's folders (platformdirs).

A settings or save file that cannot be read is reported (the caller shows `problem`) and replaced by
defaults; it never stops the game. `DOBON_TABLE_HOME` overrides the folders (tests, portable use).
"""

from __future__ import annotations

import contextlib
import json
import os
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from typing import Any

import platformdirs

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
}


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
    practice_help: bool = True
    last_setup: dict[str, Any] = field(default_factory=dict)  # the new-game screen's last choices
    player_name: str = ""  # the name others see at a LAN table (the last one typed)
    last_address: str = ""  # the LAN table joined last (an address or a table code, as typed)

    @classmethod
    def path(cls) -> Path:
        return config_dir() / "settings.json"

    @classmethod
    def load(cls) -> tuple[Settings, str | None]:
        """The saved settings, and a message if the file was unusable (then defaults are used)."""
        path = cls.path()
        defaults = cls()
        if not path.exists():
            return defaults, None
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
            if not isinstance(data, dict):
                raise ValueError("not a JSON object")
        except (OSError, ValueError, UnicodeDecodeError) as exc:
            _set_aside(path)
            return defaults, f"settings file {path} could not be read ({exc}); defaults restored"
        settings = cls()
        bad = []
        for f in fields(cls):
            if f.name not in data:
                continue
            value = data[f.name]
            default = getattr(defaults, f.name)
            if not _same_kind(value, default) or not _in_range(f.name, value) or not _valid(f.name, value):
                bad.append(f.name)
                continue
            setattr(settings, f.name, value)
        problem = None
        if bad:
            problem = f"settings reset to defaults: {', '.join(bad)}"
        return settings, problem

    def save(self) -> None:
        _write_json(self.path(), asdict(self))


def _same_kind(value: Any, default: Any) -> bool:
    if isinstance(default, bool):
        return isinstance(value, bool)
    if isinstance(default, float):
        return isinstance(value, int | float) and not isinstance(value, bool)
    if isinstance(default, int):
        return isinstance(value, int) and not isinstance(value, bool)
    return isinstance(value, type(default))


def _in_range(name: str, value: Any) -> bool:
    if name not in RANGES:
        return True
    low, high = RANGES[name]
    return low <= value <= high


def _valid(name: str, value: Any) -> bool:
    if name == "language":
        return value in ("en", "ja")
    if name == "player_name":
        return len(value) <= 16 and value == value.strip() and value.isprintable()
    if name == "last_address":
        return len(value) <= 80 and value == value.strip() and value.isprintable()
    if name == "window_size":
        return len(value) == 2 and all(isinstance(v, int) and 320 <= v <= 10000 for v in value)
    return True


def _set_aside(path: Path) -> None:
    """Keep a copy of an unreadable file beside it (the player may want it) and clear the way."""
    with contextlib.suppress(OSError):
        path.replace(path.with_suffix(path.suffix + ".broken"))


def _write_json(path: Path, data: Any) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(path.suffix + ".tmp")
    tmp.write_text(json.dumps(data, ensure_ascii=False, indent=1), encoding="utf-8")
    tmp.replace(path)


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
    """The saved match, or None; and a message if a save existed but was unusable (it is set aside)."""
    path = save_path()
    if not path.exists():
        return None, None
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        if not isinstance(data, dict) or data.get("dobon_save") != 1:
            raise ValueError("not a Dobon Table save")
        return data, None
    except (OSError, ValueError, UnicodeDecodeError) as exc:
        _set_aside(path)
        return None, f"the saved match could not be read ({exc}) and was set aside"


def set_aside_match(reason: str) -> str:
    """Move a save that cannot be resumed out of the way (kept beside it, as a broken settings file
    is) so Continue does not come back on every launch; returns the message for the player."""
    path = save_path()
    _set_aside(path)
    return f"the saved match could not be resumed ({reason}); it was set aside as {path.name}.broken"


def clear_match() -> None:
    with contextlib.suppress(OSError):
        save_path().unlink()
