"""Finding the game's files the same way from source and from a PyInstaller build."""

from __future__ import annotations

import sys
from pathlib import Path


def base_dir() -> Path:
    """The folder that holds `assets/`: the repo from source, the bundle folder when frozen."""
    if getattr(sys, "frozen", False):
        return Path(getattr(sys, "_MEIPASS", Path(sys.executable).parent))
    return Path(__file__).resolve().parent.parent


def resource_path(*parts: str) -> Path:
    """<base>/assets/<parts...>."""
    return base_dir().joinpath("assets", *parts)


def rules_page(preset: str) -> Path:
    """<base>/docs/rules/<preset>.md: a preset's full rules for players (build.spec ships the folder)."""
    return base_dir().joinpath("docs", "rules", f"{preset}.md")


def gui_data_path(name: str) -> Path:
    """A file shipped inside pygame-gui's package data (e.g. its Noto Sans JP fonts and their licence)."""
    import pygame_gui

    return Path(pygame_gui.__file__).resolve().parent / "data" / name
