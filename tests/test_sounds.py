"""Sound effects: the generator is reproducible, the committed WAVs are what it makes, and `Sounds` never
gets in the way (no audio device, unknown names)."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ["SDL_AUDIODRIVER"] = "dummy"

import subprocess
import sys
import wave
from pathlib import Path

import pygame
import pytest

from ui.sound import Sounds, sounds_dir

ROOT = Path(__file__).resolve().parents[1]
SCRIPT = ROOT / "tools" / "make_sounds.py"
EXPECTED = ("deal", "play", "draw", "shuffle", "dobon", "round_end", "click", "your_turn")


def generate(out: Path) -> None:
    done = subprocess.run(
        [sys.executable, str(SCRIPT), str(out)], capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stdout + done.stderr


@pytest.fixture(scope="module")
def fresh(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("sounds")
    generate(out)
    return out


def test_script_output_is_reproducible_and_matches_the_committed_files(fresh: Path, tmp_path: Path):
    generate(tmp_path)
    for name in EXPECTED:
        made = (fresh / f"{name}.wav").read_bytes()
        assert made == (tmp_path / f"{name}.wav").read_bytes(), f"{name}: two runs differ"
        assert made == (sounds_dir() / f"{name}.wav").read_bytes(), f"{name}: assets/sounds is stale"


@pytest.mark.parametrize("name", EXPECTED)
def test_every_wav_is_valid_mono_16bit_44k_and_short(name: str):
    path = sounds_dir() / f"{name}.wav"
    assert path.is_file()
    assert path.stat().st_size < 100_000
    with wave.open(str(path), "rb") as w:
        assert w.getnchannels() == 1
        assert w.getsampwidth() == 2
        assert w.getframerate() == 44100
        seconds = w.getnframes() / w.getframerate()
        frames = w.readframes(w.getnframes())
    assert 0 < seconds <= (2.0 if name == "shuffle" else 1.5)
    samples = memoryview(frames).cast("h")
    assert max(abs(s) for s in samples) > 8000, "normalised, not near-silent"
    assert abs(samples[0]) < 200 and abs(samples[-1]) < 200, "faded at both ends"


def test_sounds_load_and_play_with_the_dummy_driver():
    sounds = Sounds(volume=0.5)
    try:
        if pygame.mixer.get_init():
            assert set(EXPECTED) <= set(sounds.names)
        for name in EXPECTED:
            sounds.play(name)
        sounds.play("no-such-sound")
        sounds.play("")
        sounds.set_volume(2.0)
        assert sounds.volume == 1.0
        sounds.set_volume(-1)
        assert sounds.volume == 0.0
        sounds.play("dobon")
    finally:
        pygame.mixer.quit()


def test_sounds_without_a_mixer_are_silent(monkeypatch: pytest.MonkeyPatch):
    def broken(*args: object, **kwargs: object) -> None:
        raise pygame.error("no audio device")

    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", broken)
    sounds = Sounds()
    assert not sounds.enabled
    sounds.play("dobon")
    sounds.play("unknown")
    sounds.set_volume(0.3)
