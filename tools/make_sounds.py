"""Synthesise the table's sound effects into assets/sounds/ (16-bit mono 44.1 kHz WAV).

    python3 tools/make_sounds.py [OUTPUT_DIR]

Why synthesised: no sample libraries, no licences to track, and the sounds can be tuned in code review.
Stdlib only (wave, math, struct, random), and deterministic: every sound draws its noise from its own
seeded `random.Random`, so running the script twice writes byte-identical files (a test checks that the
committed files are exactly what the script makes).

Each file is peak-normalised to its own level (a UI click should not be as loud as the Dobon hit), gets
short fades at both ends so it never starts or stops with a click, and stays under ~1.1 s so it is
below 100 KB.
"""

from __future__ import annotations

import math
import random
import struct
import sys
import wave
from collections.abc import Callable, Sequence
from pathlib import Path

RATE = 44100
Signal = list[float]


# ------------------------------------------------------------------------------------------ building blocks


def silence(seconds: float) -> Signal:
    return [0.0] * round(seconds * RATE)


def noise(rng: random.Random, seconds: float) -> Signal:
    return [rng.uniform(-1.0, 1.0) for _ in range(round(seconds * RATE))]


def biquad(
    signal: Sequence[float], kind: str, freq: float | Callable[[float], float], q: float = 0.707
) -> Signal:
    """RBJ-cookbook biquad ('low', 'high', 'band'); `freq` may be a function of time for sweeps.

    Swept filters recompute their coefficients every 32 samples, which is smooth enough to hear no steps.
    """
    out: Signal = []
    x1 = x2 = y1 = y2 = 0.0
    b0 = b1 = b2 = a1 = a2 = 0.0
    for i, x in enumerate(signal):
        if i % 32 == 0 or i == 0:
            f = freq(i / RATE) if callable(freq) else freq
            w0 = 2 * math.pi * min(f, RATE * 0.45) / RATE
            alpha = math.sin(w0) / (2 * q)
            cos = math.cos(w0)
            a0 = 1 + alpha
            if kind == "low":
                b0, b1, b2 = (1 - cos) / 2, 1 - cos, (1 - cos) / 2
            elif kind == "high":
                b0, b1, b2 = (1 + cos) / 2, -(1 + cos), (1 + cos) / 2
            else:  # band-pass, 0 dB peak gain
                b0, b1, b2 = alpha, 0.0, -alpha
            a1, a2 = -2 * cos, 1 - alpha
            b0, b1, b2, a1, a2 = b0 / a0, b1 / a0, b2 / a0, a1 / a0, a2 / a0
        y = b0 * x + b1 * x1 + b2 * x2 - a1 * y1 - a2 * y2
        x2, x1, y2, y1 = x1, x, y1, y
        out.append(y)
    return out


def envelope(signal: Sequence[float], attack: float, decay: float, hold: float = 0.0) -> Signal:
    """Linear attack, optional hold, then exponential decay with time constant `decay` (seconds)."""
    out: Signal = []
    for i, x in enumerate(signal):
        t = i / RATE
        if t < attack:
            g = t / attack
        elif t < attack + hold:
            g = 1.0
        else:
            g = math.exp(-(t - attack - hold) / decay)
        out.append(x * g)
    return out


def tone(
    seconds: float,
    freq: float | Callable[[float], float],
    partials: Sequence[tuple[float, float]] = ((1, 1),),
) -> Signal:
    """A sum of sine partials (ratio, gain) following a possibly swept fundamental (phase-continuous)."""
    out: Signal = []
    phase = 0.0
    for i in range(round(seconds * RATE)):
        f = freq(i / RATE) if callable(freq) else freq
        phase += 2 * math.pi * f / RATE
        out.append(sum(g * math.sin(phase * r) for r, g in partials))
    return out


def mix(length: float, *parts: tuple[float, float, Sequence[float]]) -> Signal:
    """Sum (start seconds, gain, signal) parts into one buffer `length` seconds long."""
    out = [0.0] * round(length * RATE)
    for start, gain, sig in parts:
        offset = round(start * RATE)
        for i, x in enumerate(sig):
            j = offset + i
            if j >= len(out):
                break
            out[j] += gain * x
    return out


def finish(signal: Sequence[float], peak: float, fade_in: float = 0.001, fade_out: float = 0.02) -> Signal:
    """Remove DC, peak-normalise to `peak`, and fade both ends so playback never clicks."""
    mean = sum(signal) / max(1, len(signal))
    out = [x - mean for x in signal]
    top = max((abs(x) for x in out), default=0.0) or 1.0
    out = [x * peak / top for x in out]
    n_in, n_out = max(1, round(fade_in * RATE)), max(1, round(fade_out * RATE))
    for i in range(min(n_in, len(out))):
        out[i] *= i / n_in
    for i in range(min(n_out, len(out))):
        out[-1 - i] *= i / n_out
    return out


def write_wav(path: Path, signal: Sequence[float]) -> None:
    """16-bit little-endian mono PCM; the wave module writes no timestamps, so output is reproducible."""
    ints = [max(-32767, min(32767, round(x * 32767))) for x in signal]
    with wave.open(str(path), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(RATE)
        out.writeframes(struct.pack(f"<{len(ints)}h", *ints))


# ------------------------------------------------------------------------------------------ the sounds


def deal(rng: random.Random) -> Signal:
    """A soft flick: a short airy burst, bright on top and a little body underneath."""
    bright = envelope(biquad(noise(rng, 0.12), "band", 3800, 0.9), 0.002, 0.016)
    air = envelope(biquad(noise(rng, 0.14), "band", 1300, 0.7), 0.004, 0.03)
    return finish(mix(0.14, (0, 1.0, bright), (0.003, 0.6, air)), peak=0.6)


def play(rng: random.Random) -> Signal:
    """A card snapped onto the table: a crisp transient over a short thump of the table top."""
    snap = envelope(biquad(noise(rng, 0.05), "high", 2500), 0.0005, 0.004)
    crack = envelope(biquad(noise(rng, 0.1), "band", 1900, 1.2), 0.001, 0.014)
    thump = envelope(tone(0.2, lambda t: 170 * math.exp(-t * 6) + 70, ((1, 1), (2.1, 0.25))), 0.002, 0.04)
    return finish(mix(0.22, (0, 0.9, snap), (0, 0.8, crack), (0.001, 0.7, thump)), peak=0.85)


def draw(rng: random.Random) -> Signal:
    """A card slid off the deck: swelling friction noise rising in pitch, ending in a small flick."""
    n = noise(rng, 0.3)
    slide = biquad(n, "band", lambda t: 1200 + 9000 * t, 0.8)
    length = len(slide)
    shaped = [x * math.sin(math.pi * min(1.0, i / length) ** 0.8) ** 1.5 for i, x in enumerate(slide)]
    flick = envelope(biquad(noise(rng, 0.08), "band", 4200, 1.0), 0.001, 0.012)
    return finish(mix(0.34, (0, 1.0, shaped), (0.26, 0.9, flick)), peak=0.6)


def shuffle(rng: random.Random) -> Signal:
    """A riffle: dozens of tiny card clicks speeding up then easing off, then the bridge whoosh."""
    parts: list[tuple[float, float, Sequence[float]]] = []
    t = 0.02
    count = 52
    for i in range(count):
        x = i / (count - 1)
        gap = 0.021 - 0.01 * math.sin(math.pi * x)  # fast in the middle of the riffle
        click = envelope(
            biquad(noise(rng, 0.03), "band", rng.uniform(2600, 5200), 1.4), 0.0006, rng.uniform(0.003, 0.006)
        )
        parts.append((t, rng.uniform(0.55, 1.0), click))
        t += gap * rng.uniform(0.8, 1.2)
    riffle_end = t
    bed = biquad(noise(rng, riffle_end), "band", 3000, 0.5)
    bed = [x * 0.25 * math.sin(math.pi * i / len(bed)) for i, x in enumerate(bed)]
    whoosh = biquad(noise(rng, 0.3), "band", lambda s: 2500 - 4000 * s, 0.7)
    whoosh = [x * math.sin(math.pi * i / len(whoosh)) ** 2 for i, x in enumerate(whoosh)]
    parts += [(0.0, 1.0, bed), (riffle_end + 0.02, 0.5, whoosh)]
    return finish(mix(min(1.1, riffle_end + 0.34), *parts), peak=0.75, fade_out=0.04)


def dobon(rng: random.Random) -> Signal:
    """The big moment: a punchy drum hit (pitch-dropping kick + snare crack) and a tone that rises."""
    kick = envelope(tone(0.5, lambda t: 45 + 135 * math.exp(-t * 22)), 0.001, 0.16)
    crack = envelope(biquad(noise(rng, 0.2), "band", 1600, 0.8), 0.0008, 0.035)
    boom = envelope(biquad(noise(rng, 0.4), "low", 200), 0.002, 0.12)

    def rise(t: float) -> float:
        return 220 * 2 ** (2.0 * min(1.0, t / 0.55))  # two octaves up in 0.55 s, then holds

    saw = [(n, 0.9 / n) for n in range(1, 7)]
    lead = tone(0.95, lambda t: rise(t) * (1 + 0.006 * math.sin(2 * math.pi * 6 * t)), saw)
    lead = biquad(lead, "low", lambda t: 900 + 5000 * min(1.0, t / 0.55), 0.9)
    lead = [
        x * min(1.0, i / (0.06 * RATE)) * (math.exp(-max(0.0, i / RATE - 0.6) / 0.15))
        for i, x in enumerate(lead)
    ]
    ping = envelope(tone(0.5, 1760, ((1, 1), (2, 0.3), (3, 0.1))), 0.002, 0.12)
    return finish(
        mix(1.1, (0, 1.0, kick), (0, 0.55, crack), (0, 0.6, boom), (0.05, 0.32, lead), (0.6, 0.22, ping)),
        peak=0.95,
        fade_out=0.05,
    )


def round_end(rng: random.Random) -> Signal:
    """A short pleasant chime: a rising C-major arpeggio of bell tones (no noise, `rng` unused)."""
    del rng
    bell = ((1, 1.0), (2.0, 0.35), (3.01, 0.12), (4.2, 0.05))
    notes = (523.25, 659.26, 783.99, 1046.5)
    parts = [
        (i * 0.09, 0.8 if i < 3 else 1.0, envelope(tone(0.9, f, bell), 0.003, 0.32))
        for i, f in enumerate(notes)
    ]
    return finish(mix(1.1, *parts), peak=0.7, fade_out=0.08)


def click(rng: random.Random) -> Signal:
    """A UI click: a tiny woody tick."""
    tick = envelope(tone(0.04, 1800, ((1, 1), (2.3, 0.3))), 0.001, 0.005)
    grit = envelope(biquad(noise(rng, 0.02), "high", 3000), 0.0003, 0.0015)
    return finish(mix(0.045, (0, 1.0, tick), (0, 0.4, grit)), peak=0.5, fade_in=0.0003, fade_out=0.008)


def your_turn(rng: random.Random) -> Signal:
    """A subtle two-note cue, a rising fourth (E5 to A5), soft sine tones."""
    del rng
    soft = ((1, 1.0), (2, 0.18), (3, 0.05))
    first = envelope(tone(0.3, 659.26, soft), 0.008, 0.1)
    second = envelope(tone(0.4, 880.0, soft), 0.008, 0.14)
    return finish(mix(0.55, (0, 0.85, first), (0.15, 1.0, second)), peak=0.5, fade_out=0.05)


SOUNDS: dict[str, Callable[[random.Random], Signal]] = {
    "deal": deal,
    "play": play,
    "draw": draw,
    "shuffle": shuffle,
    "dobon": dobon,
    "round_end": round_end,
    "click": click,
    "your_turn": your_turn,
}


def default_dir() -> Path:
    return Path(__file__).resolve().parent.parent / "assets" / "sounds"


def make_all(out_dir: Path) -> list[Path]:
    """Write every sound into `out_dir`; each sound has its own fixed seed, independent of the others."""
    out_dir.mkdir(parents=True, exist_ok=True)
    written = []
    for seed, (name, make) in enumerate(SOUNDS.items()):
        path = out_dir / f"{name}.wav"
        write_wav(path, make(random.Random(1000 + seed)))
        written.append(path)
    return written


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if len(args) > 1 or (args and args[0] in ("-h", "--help")):
        print(__doc__)
        return 0 if args and args[0] in ("-h", "--help") else 2
    out_dir = Path(args[0]) if args else default_dir()
    for path in make_all(out_dir):
        with wave.open(str(path), "rb") as w:
            seconds = w.getnframes() / w.getframerate()
        print(f"{path}: {seconds:.2f} s, {path.stat().st_size // 1024} KB")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
