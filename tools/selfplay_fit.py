"""What the fitting tools (tools/fit_policy.py, tools/fit_values.py) share: self-play rounds dealt out
to worker processes in seeded chunks, and the command line that fits, writes or checks a data module.

The rounds are played on the simulation cores (game.sim.seats: the engine's `normal` seats deciding
from views of a core); `--engine` plays them on the engine instead, the reference the cores must
match: the same seed writes the same module either way, only sooner on the cores.

Each tool keeps what is its own: what a round of self-play records, how the records are fitted and
scored, and the module's text.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

# one chunk of self-play: (preset, seed, first round, the round after the last, on the engine) ->
# (round, records)
SelfPlay = Callable[[tuple[str, int, int, int, bool]], list[tuple[int, Any]]]


def collect(
    self_play: SelfPlay, preset: str, rounds: int, seed: int, workers: int, engine: bool = False
) -> list[tuple[int, Any]]:
    """Rounds 0..`rounds`-1 of `seed`, in chunks (four a worker) played by `self_play` on `workers`
    processes (one: in this process); the same records in the same order whatever `workers` is, on
    the cores or (`engine`) on the engine."""
    chunk = max(1, rounds // (workers * 4))
    jobs = [(preset, seed, start, min(rounds, start + chunk), engine) for start in range(0, rounds, chunk)]
    if workers == 1:
        return [r for job in jobs for r in self_play(job)]
    with ProcessPoolExecutor(workers) as pool:
        return [r for part in pool.map(self_play, jobs) for r in part]


def run(
    argv: Sequence[str] | None,
    description: str,
    defaults: tuple[int, int],
    presets: Sequence[str],
    out: Path,
    fit: Callable[[str, int, int, int, bool], dict],
    source: Callable[[int, int, dict[str, dict]], str],
    summary: Callable[[str, dict], str],
) -> int:
    """The tools' command line: `--rounds`, `--seed` (`defaults`), `--workers`, `--rules` (`presets`), `--out`,
    `--check`, `--engine`. Fits every preset named (`fit(preset, rounds, seed, workers, engine)`), then
    writes the module `source` makes, or with `--check` compares it with the file and exits 1 if it
    differs."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--rounds", type=int, default=defaults[0])
    parser.add_argument("--seed", type=int, default=defaults[1])
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--rules", default=",".join(presets), help="presets, comma-separated")
    parser.add_argument(
        "--out", type=Path, default=out, help="the file to write (default: the game's module)"
    )
    parser.add_argument("--check", action="store_true", help="compare with the file, write nothing")
    parser.add_argument(
        "--engine",
        action="store_true",
        help="self-play on the engine, not the cores (the same result, slower)",
    )
    args = parser.parse_args(argv)
    if args.rounds < 2 or args.workers < 1:
        parser.error("--rounds must be 2 or more and --workers 1 or more")
    presets = [p.strip() for p in args.rules.split(",") if p.strip()]
    fitted = {p: fit(p, args.rounds, args.seed, args.workers, args.engine) for p in presets}
    text = source(args.rounds, args.seed, fitted)
    target: Path = args.out
    if args.check:
        same = target.exists() and target.read_text(encoding="utf-8") == text
        print("up to date" if same else f"{target} differs from what this run fits")
        return 0 if same else 1
    target.write_text(text, encoding="utf-8")
    for preset, figures in fitted.items():
        print(f"{preset}: {summary(preset, figures)}")
    print(f"wrote {target}")
    return 0
