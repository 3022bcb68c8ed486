"""Opening a file with the program the system uses for it (the rules pages in docs/rules/)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path


def opener_command(path: Path, platform: str = sys.platform) -> list[str] | None:
    """The command that opens `path` in the system's viewer on `platform`, or None if there is none
    (Windows opens through `os.startfile` instead, so it has no command)."""
    if platform == "darwin":
        return ["open", str(path)]
    tool = shutil.which("xdg-open")
    return [tool, str(path)] if tool else None


def open_with_system(path: Path) -> bool:
    """Hand `path` to the system's viewer without waiting for it; False if nothing could open it."""
    try:
        if sys.platform == "win32":
            os.startfile(path)  # type: ignore[attr-defined]  # Windows only
            return True
        command = opener_command(path)
        if command is None:
            return False
        subprocess.Popen(
            command, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
        )
        return True
    except OSError:
        return False
