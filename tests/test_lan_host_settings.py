"""The host's settings reach the table it opens: how long a silent seat is shown away before AI plays
it (issue 17: "after a time set by the host"), from the Host screen and from `main.py host`."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from uikit import frames, make_app, pick

from ui.scenes.lan import AWAY_AI, HostScene

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("DOBON_TABLE_HOME", str(tmp_path))
    application = make_app((800, 600))
    yield application
    application.close()


def test_the_host_screen_sets_how_long_a_silent_seat_waits_before_ai_plays_it(app, monkeypatch):
    opened = []

    class Session:
        def __init__(self, name):
            self.name = name

        def host_table(self, config):
            opened.append(config)
            raise OSError("not opened in this test")

        def close(self):
            pass

    monkeypatch.setattr("ui.scenes.lan.NetSession", Session)
    scene = HostScene(app)
    app.stack.push(scene)
    frames(app, 2)
    assert scene.away_ai == AWAY_AI[0]
    pick(app, scene.away_menu, "30 s")
    assert scene.away_ai == 30
    scene.announce = False
    scene.open_table(port=1)
    assert opened and opened[-1].away_ai_s == 30.0
    # every row of the screen stays above its buttons at the smallest window
    assert scene.away_menu.rect.bottom < scene.back.rect.top
    assert scene.announce_button.rect.bottom < scene.back.rect.top


def test_main_host_takes_the_away_time_and_refuses_a_wrong_one():
    run = [sys.executable, str(ROOT / "main.py"), "host", "--away-ai", "-1", "--no-announce", "--port", "0"]
    done = subprocess.run(run, capture_output=True, text=True, timeout=60, cwd=ROOT)
    assert done.returncode == 2 and "--away-ai must be 0..600 seconds" in done.stderr
    assert "Traceback" not in done.stderr
