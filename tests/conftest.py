"""Keep the whole test run out of the player's real data and settings folders.

Many tests start `main.py` or the app's LAN pieces without choosing a folder of their own; before this
they wrote LAN logs and kept seats into the real `~/.local/share/DobonTable`. Every test process
(each xdist worker too) now gets a throwaway `DOBON_TABLE_HOME`, inherited by the programs the tests
start. Tests that need a fresh folder still set their own and restore this one after.
"""

from __future__ import annotations

import os
import shutil
import tempfile

import pytest

_OWN_HOME: str | None = None


def pytest_configure(config: object) -> None:
    global _OWN_HOME
    if not os.environ.get("DOBON_TABLE_HOME"):
        _OWN_HOME = tempfile.mkdtemp(prefix="dobon-tests-")
        os.environ["DOBON_TABLE_HOME"] = _OWN_HOME


def pytest_unconfigure(config: object) -> None:
    if _OWN_HOME is not None:
        shutil.rmtree(_OWN_HOME, ignore_errors=True)


@pytest.fixture
def app(tmp_path, monkeypatch):
    """The app in a 1280×720 window (the dummy video driver) over a fresh data folder of its own; a
    test file that needs another size or other settings defines its own `app`."""
    from uikit import make_app

    monkeypatch.setenv("DOBON_TABLE_HOME", str(tmp_path))
    application = make_app((1280, 720))
    yield application
    application.close()
