"""Measure what a hand is worth in `jda` and write the table the hard seat's rollouts end on.

    python tools/jda_values.py [--rounds 4000] [--seed 99] [--workers 2] [--out FILE] [--check] [--engine]

A jda round lasts long (about 170 turns between four `normal` seats), so the hard seat's rollouts stop
after a few moves (`rollout_horizon`) and need a value for the round still under way. What a seat can
expect from there depends mostly on its hand: a small hand whose total is a card's number wins when
that card is placed, a large one can hardly call and is the likelier loser when the stock runs out.

This plays `--rounds` rounds between `normal` seats, each after 0 to 4 warm-up rounds (a match under
way, so every deal size occurs), on the simulation core (game.sim.seats; `--engine`: on the engine,
the same games), and at every turn notes each seat's hand (its size, and its total if
it is 13 or less, the numbers a dobon can match) and whether that seat went on to win or lose the
round. The shares, smoothed towards the share of all hands of that size, are written to
`game/seats/presets/jda_values.py` (or `--out`). The same seed writes the same table. `--check` writes
nothing and exits 1 if the file differs from what this run measures.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from functools import partial
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.actions import Action, Kind  # noqa: E402
from game.arena import warmed_up  # noqa: E402
from game.engine import Game  # noqa: E402
from game.headless import play_round  # noqa: E402
from game.rules import make_rules  # noqa: E402
from game.seats import make_seat  # noqa: E402
from game.seats.presets.jda import hand_cell  # noqa: E402
from game.sim import seats as core  # noqa: E402

OUT = ROOT / "game" / "seats" / "presets" / "jda_values.py"
SIZES = 17  # hand sizes 0 (unused) to 16; larger hands count as 16
TOTALS = 15  # totals 0 (unused) to 13, and 14 for any total above 13
SMOOTHING = 50  # hands' worth of the size's overall share mixed into each cell
PLAYERS = 4


def note_turn(snapshots: list[list[tuple[int, int]]], game: Game, action: Action) -> None:
    """At each turn (a play or a take by the turn player), every seat's hand as the table sees it."""
    if action.kind in (Kind.PLAY, Kind.DRAW) and action.seat == game.turn:
        snapshots.append([hand_cell(hand) for hand in game.hands])


def note_core_turn(snapshots: list[list[tuple[int, int]]], sim, seat: int, code: int) -> None:
    """`note_turn` on the core."""
    if seat == sim.turn and sim.action(seat, code).kind in (Kind.PLAY, Kind.DRAW):
        snapshots.append([hand_cell(core.hand_of(sim, s)) for s in range(sim.n)])


def tally(job: tuple[int, int, int, bool]) -> tuple[Counter, Counter, Counter]:
    """Play rounds start..stop-1 of `seed` (on the engine if the flag is set); count, per hand cell,
    hands seen, won and lost."""
    seed, start, stop, engine = job
    rules = make_rules("jda", PLAYERS, {})
    seen: Counter = Counter()
    won: Counter = Counter()
    lost: Counter = Counter()
    for deal in range(start, stop):
        snapshots: list[list[tuple[int, int]]] = []
        if engine:
            game = warmed_up(rules, seed, deal, deal % 5)
            seats = [make_seat("normal", f"values:{seed}:{deal}", s) for s in range(game.n)]
            play_round(game, seats, partial(note_turn, snapshots))
            result = game.result
        else:
            sim = core.warmed_up(rules, seed, deal, deal % 5)
            seats = [core.make_core_seat("normal", f"values:{seed}:{deal}", s) for s in range(sim.n)]
            core.play_round(sim, seats, partial(note_core_turn, snapshots))
            result = sim.result if sim.over else None
        if result is None:
            continue
        for cells in snapshots:
            for s, cell in enumerate(cells):
                seen[cell] += 1
                won[cell] += s in result.winners
                lost[cell] += s in result.losers
    return seen, won, lost


def measure(rounds: int, seed: int, workers: int, engine: bool = False) -> tuple[Counter, Counter, Counter]:
    chunk = max(1, rounds // (workers * 4))
    jobs = [(seed, start, min(rounds, start + chunk), engine) for start in range(0, rounds, chunk)]
    seen: Counter = Counter()
    won: Counter = Counter()
    lost: Counter = Counter()
    with ProcessPoolExecutor(workers) as pool:
        for s, w, lo in pool.map(tally, jobs):
            seen.update(s)
            won.update(w)
            lost.update(lo)
    return seen, won, lost


def table(seen: Counter, hits: Counter) -> list[list[float]]:
    """Each cell's share, smoothed towards its size's share (and that towards all hands')."""
    everything = sum(hits.values()) / max(1, sum(seen.values()))
    out = []
    for size in range(SIZES):
        n = sum(seen[(size, t)] for t in range(TOTALS))
        k = sum(hits[(size, t)] for t in range(TOTALS))
        of_size = (k + SMOOTHING * everything) / (n + SMOOTHING)
        out.append(
            [
                round((hits[(size, t)] + SMOOTHING * of_size) / (seen[(size, t)] + SMOOTHING), 3)
                for t in range(TOTALS)
            ]
        )
    return out


def source(rounds: int, seed: int, seen: Counter, won: Counter, lost: Counter) -> str:
    def rows(values: list[list[float]]) -> str:
        return "\n".join(f"    ({', '.join(f'{v:.3f}' for v in row)})," for row in values)

    return f'''"""What a hand is worth in `jda`, measured by tools/jda_values.py (do not edit by hand).

{rounds} rounds between `normal` seats (seed {seed}, four players, 0 to 4 warm-up rounds each): for a
hand of a given size (row; 16 stands for 16 or more) and total (column; 14 for any total above 13,
which no dobon can match), the share of turns after which its seat went on to win (WIN) or lose (LOSE)
the round, smoothed towards the share for its size. The hard seat's rollouts end on them (`jda.py`).
"""

WIN = (
{rows(table(seen, won))}
)

LOSE = (
{rows(table(seen, lost))}
)
'''


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=4000)
    parser.add_argument("--seed", type=int, default=99)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--out", type=Path, default=OUT, help="the file to write (default: the game's table)")
    parser.add_argument("--check", action="store_true", help="compare with the file, write nothing")
    parser.add_argument(
        "--engine",
        action="store_true",
        help="self-play on the engine, not the core (the same result, slower)",
    )
    args = parser.parse_args(argv)
    out: Path = args.out
    if args.rounds < 1 or args.workers < 1:
        parser.error("--rounds and --workers must be 1 or more")
    seen, won, lost = measure(args.rounds, args.seed, args.workers, args.engine)
    text = source(args.rounds, args.seed, seen, won, lost)
    if args.check:
        same = out.exists() and out.read_text(encoding="utf-8") == text
        print("up to date" if same else f"{out} differs from what this run measures")
        return 0 if same else 1
    out.write_text(text, encoding="utf-8")
    print(f"wrote {out} from {sum(seen.values())} hands in {args.rounds} rounds")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
