"""Sound effects: every WAV in assets/sounds/, played by name.

Sound is a nicety, never a requirement: on a server, in CI (SDL_AUDIODRIVER=dummy) or on a laptop whose
audio device is busy or missing, the mixer may fail to start. `Sounds` then stays silent instead of
raising, so the table runs the same with or without audio. Unknown names are ignored for the same
reason: a missing effect must not be able to crash a game in progress.
"""

from __future__ import annotations

import contextlib
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


def _mixer_ready() -> bool:
    """Start the mixer if nobody has yet; False when there is no usable audio (or no mixer module)."""
    try:
        if pygame.mixer.get_init() is None:
            # A small buffer keeps the snap of a card in step with its animation.
            pygame.mixer.init(frequency=44100, size=-16, channels=2, buffer=512)
        return pygame.mixer.get_init() is not None
    except (pygame.error, NotImplementedError, ImportError, AttributeError, OSError):
        return False
