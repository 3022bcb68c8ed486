"""Tweens: small objects driven by dt (as in Tuxemon's animation.py). Cards travel with easing; nothing
teleports. A tween knows its duration, an easing curve, an optional delay and what to do when done."""

from __future__ import annotations

from collections.abc import Callable

import pytweening

Ease = Callable[[float], float]


class Tween:
    def __init__(
        self,
        duration: float,
        ease: Ease = pytweening.easeOutCubic,
        delay: float = 0.0,
        on_done: Callable[[], None] | None = None,
    ):
        self.duration = max(duration, 1e-6)
        self.ease = ease
        self.delay = delay
        self.elapsed = 0.0
        self.on_done = on_done
        self.done = False

    @property
    def started(self) -> bool:
        return self.elapsed > self.delay

    @property
    def t(self) -> float:
        """Eased progress 0..1."""
        raw = (self.elapsed - self.delay) / self.duration
        return self.ease(min(1.0, max(0.0, raw)))

    def update(self, dt: float) -> bool:
        """Advance; return True when it has just finished (its on_done has run)."""
        if self.done:
            return False
        self.elapsed += dt
        if self.elapsed >= self.delay + self.duration:
            self.done = True
            if self.on_done:
                self.on_done()
            return True
        return False

    def finish(self) -> None:
        if not self.done:
            self.elapsed = self.delay + self.duration
            self.done = True
            if self.on_done:
                self.on_done()


def lerp(a: float, b: float, t: float) -> float:
    return a + (b - a) * t


def lerp2(a: tuple[float, float], b: tuple[float, float], t: float) -> tuple[float, float]:
    return (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)
