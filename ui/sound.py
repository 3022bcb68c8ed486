"""Sound effects: every WAV in assets/sounds/, played by name.

Sound is a nicety, never a requirement: on a server, in CI (SDL_AUDIODRIVER=dummy) or on a laptop whose
audio device is busy or missing, the mixer may fail to start. `Sounds` then stays silent instead of
raising, so the table runs the same with or without audio. Unknown names are ignored for the same
reason: a missing effect must not be able to crash a game in progress.

Starting the mixer on a machine without a sound card makes the ALSA library print a page of
complaints straight to stderr (the C library's, not Python's); the mixer is started with those lines
held back, and the player is told once, in one line, that the game plays silently.
"""

from __future__ import annotations

import contextlib
import os
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pygame

from .resources import resource_path


def sounds_dir() -> Path:
    return resource_path("sounds")


class Sounds:
    """The table's sound effects, loaded once. `play("dobon")`; silently inert without an audio device."""

    def __init__(self, volume: float = 0.8):
        self._sounds: dict[str, pygame.mixer.Sound] = {}
        self._volume = _clamp(volume)
        if not _mixer_ready():
            return
        for path in sorted(sounds_dir().glob("*.wav")):
            try:
                sound = pygame.mixer.Sound(str(path))
            except (pygame.error, OSError):  # a damaged file costs that one effect, not the game
                continue
            sound.set_volume(self._volume)
            self._sounds[path.stem] = sound

    @property
    def enabled(self) -> bool:
        """True when a mixer is running and at least one effect loaded."""
        return bool(self._sounds)

    @property
    def names(self) -> list[str]:
        return sorted(self._sounds)

    @property
    def volume(self) -> float:
        return self._volume

    def play(self, name: str) -> None:
        """Play an effect by file stem (e.g. "dobon"); unknown names and mixer errors are ignored."""
        sound = self._sounds.get(name)
        if sound is None or self._volume <= 0:
            return
        with contextlib.suppress(pygame.error):  # e.g. the device vanished mid-game
            sound.play()

    def set_volume(self, volume: float) -> None:
        """Set the effects volume, 0 (mute) to 1 (full); values outside are clamped."""
        self._volume = _clamp(volume)
        for sound in self._sounds.values():
            sound.set_volume(self._volume)


def _clamp(volume: float) -> float:
    try:
        value = float(volume)
    except (TypeError, ValueError):
        return 0.0
    if value != value:  # NaN
        return 0.0
    return max(0.0, min(1.0, value))


SILENT = "no sound device; playing silently"
_told_silent = False  # SILENT is said once a run, however many times the mixer is tried


def _mixer_ready() -> bool:
    """Start the mixer if nobody has yet; False when there is no usable audio (or no mixer module),
    and then the player is told so, once."""
    global _told_silent
    try:
        if pygame.mixer.get_init() is None:
            with quiet_stderr():  # ALSA (and PulseAudio) complain on stderr before SDL gives up
                # A small buffer keeps the snap of a card in step with its animation.
                pygame.mixer.init(frequency=44100, size=-16, channels=2, buffer=512)
        if pygame.mixer.get_init() is not None:
            return True
    except (pygame.error, NotImplementedError, ImportError, AttributeError, OSError):
        pass
    if not _told_silent:
        _told_silent = True
        with contextlib.suppress(AttributeError, OSError, ValueError):  # no stderr (a windowed app)
            print(SILENT, file=sys.stderr, flush=True)
    return False


def is_noise(line: str) -> bool:
    """Lines C libraries print while SDL probes for a device that is not there: the ALSA library's
    complaints about a missing sound card, and the note that XDG_RUNTIME_DIR is not set (printed
    when SDL looks for a Wayland or PulseAudio session that does not exist). Harmless: SDL moves on."""
    return line.startswith("ALSA lib ") or "XDG_RUNTIME_DIR" in line


@contextlib.contextmanager
def quiet_stderr() -> Iterator[None]:
    """Run a block with the process's stderr (file descriptor 2, where C libraries write) caught, then
    pass on every caught line but the noise (`is_noise`), so nothing that matters is lost."""
    saved: int | None = None
    with contextlib.suppress(AttributeError, OSError, ValueError):  # no stderr at all (a windowed app)
        if sys.stderr is not None:
            sys.stderr.flush()
        saved = os.dup(2)
    if saved is None:
        yield
        return
    with tempfile.TemporaryFile() as sink:
        os.dup2(sink.fileno(), 2)
        try:
            yield
        finally:
            with contextlib.suppress(AttributeError, OSError, ValueError):
                sys.stderr.flush()
            os.dup2(saved, 2)
            os.close(saved)
            sink.seek(0)
            caught = sink.read().decode("utf-8", "replace").splitlines(keepends=True)
            kept = "".join(line for line in caught if not is_noise(line))
            if kept:
                with contextlib.suppress(AttributeError, OSError, ValueError):
                    sys.stderr.write(kept)
                    sys.stderr.flush()
