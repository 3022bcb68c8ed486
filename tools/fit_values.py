"""Fit the value of a position the hard seat's rollouts end on, and write it as a data module.

    python tools/fit_values.py [--rounds 600] [--seed 11] [--workers 2] [--rules app,standard,super,kabu]
                               [--out FILE] [--check] [--engine]

Self-play: `--rounds` rounds per preset between four `normal` seats, each after 0 to 2 warm-up rounds
(a match under way), played on the simulation cores (`--engine`: on the engine, the same games). At every turn (a play or a draw by the seat to move) every seat becomes one
sample: its features in game.seats.value (hand size, points held, the numbers it can call on, turns
until it moves), all seen as the fully dealt game has them, and its score change from then to the
round's end against the table's mean change. The linear weights are fitted by least squares on the
even rounds and checked on the odd ones (the held-out mean squared error, against the best constant:
the share of the spread explained); the module written (game/seats/presets/value_weights.py, or
`--out`) holds the weights refitted on every round, and the figures. The same seed writes the same
module; `--check` writes nothing and exits 1 if the file differs. The cost is in docs/ai.md.
"""

from __future__ import annotations

import sys
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
from game.seats.presets import knowledge  # noqa: E402
from game.seats.value import (  # noqa: E402
    FEATURES,
    Row,
    Sample,
    constant_error,
    features,
    fit,
    mean_squared_error,
)
from game.sim import seats as core  # noqa: E402
from tools import selfplay_fit  # noqa: E402

OUT = ROOT / "game" / "seats" / "presets" / "value_weights.py"
PRESETS = ("app", "standard", "super", "kabu")
PLAYERS = 4


def note_turn(snapshots: list[tuple[list[Row], list[int]]], game: Game, action: Action) -> None:
    """At each turn, every seat's features and score as they stand."""
    if action.kind not in (Kind.PLAY, Kind.DRAW) or action.seat != game.turn:
        return
    know = knowledge(game.rules.preset)
    order = {game.next_seat(game.turn, k): k for k in range(game.n)}
    rows = [features(know, hand, order[s]) for s, hand in enumerate(game.hands)]
    snapshots.append((rows, list(game.scores)))


def note_core_turn(snapshots: list[tuple[list[Row], list[int]]], know, sim, seat: int, code: int) -> None:
    """`note_turn` on a core."""
    if seat != sim.turn or sim.action(seat, code).kind not in (Kind.PLAY, Kind.DRAW):
        return
    order = {core.next_seat(sim, seat, k): k for k in range(sim.n)}
    rows = [features(know, core.hand_of(sim, s), order[s]) for s in range(sim.n)]
    snapshots.append((rows, list(sim.scores)))


def self_play(job: tuple[str, int, int, int, bool]) -> list[tuple[int, list[Sample]]]:
    """Rounds start..stop-1 of `seed` in `preset`: each round's samples."""
    preset, seed, start, stop, engine = job
    rules = make_rules(preset, PLAYERS, {}, developing=True)
    if engine or core.core_for(rules, 0) is None:
        return self_play_engine(rules, seed, start, stop)
    know = knowledge(preset)
    out = []
    for deal in range(start, stop):
        sim = core.warmed_up(rules, seed, deal, deal % 3)
        seats = [core.make_core_seat("normal", f"values:{seed}:{deal}", s) for s in range(sim.n)]
        snapshots: list[tuple[list[Row], list[int]]] = []
        core.play_round(sim, seats, partial(note_core_turn, snapshots, know))
        out.append((deal, samples_of(snapshots, sim.scores)))
    return out


def self_play_engine(rules, seed: int, start: int, stop: int) -> list[tuple[int, list[Sample]]]:
    """The same rounds on the engine."""
    out = []
    for deal in range(start, stop):
        game = warmed_up(rules, seed, deal, deal % 3)
        seats = [make_seat("normal", f"values:{seed}:{deal}", s) for s in range(game.n)]
        snapshots: list[tuple[list[Row], list[int]]] = []
        play_round(game, seats, partial(note_turn, snapshots))
        out.append((deal, samples_of(snapshots, game.scores)))
    return out


def samples_of(snapshots: list[tuple[list[Row], list[int]]], end: list[int]) -> list[Sample]:
    """Each seat at each turn, with its score change from then to the round's end against the table's."""
    n = len(end)
    samples = []
    for rows, scores in snapshots:
        change = [end[s] - scores[s] for s in range(n)]
        mean = sum(change) / n
        samples += [Sample(row, change[s] - mean) for s, row in enumerate(rows)]
    return samples


def collect(
    preset: str, rounds: int, seed: int, workers: int, engine: bool = False
) -> list[tuple[int, list[Sample]]]:
    return selfplay_fit.collect(self_play, preset, rounds, seed, workers, engine)


def evaluate(rounds: list[tuple[int, list[Sample]]]) -> dict:
    """Fit on the even rounds, measure on the odd ones; then the weights fitted on every round."""
    train = [s for deal, samples in rounds if deal % 2 == 0 for s in samples]
    held = [s for deal, samples in rounds if deal % 2 == 1 for s in samples]
    weights = fit(train)
    return {
        "samples": len(train) + len(held),
        "held_out": mean_squared_error(weights, held),
        "constant": constant_error(held),
        "weights": fit(train + held),
    }


def source(rounds: int, seed: int, fitted: dict[str, dict]) -> str:
    lines = []
    for preset, f in fitted.items():
        named = "".join(
            f"        {w:.4f},  # {name}\n" for name, w in zip(FEATURES, f["weights"], strict=True)
        )
        explained = 1 - f["held_out"] / f["constant"] if f["constant"] else 0.0
        lines.append(
            f"    # {f['samples']} samples; held-out mean squared error {f['held_out']:.1f} "
            f"(a constant: {f['constant']:.1f}; {explained:.1%} of the spread explained)\n"
            f'    "{preset}": (\n{named}    ),'
        )
    body = "\n".join(lines)
    return f'''"""The value of a position the hard seat's rollouts end on, fitted by tools/fit_values.py (do not edit
by hand).

{rounds} rounds per preset between `normal` seats (seed {seed}, four players, 0 to 2 warm-up rounds
each): the least-squares weights of the features of game.seats.value that predict each seat's score
change to the round's end against the table's mean, fitted on the even rounds and checked on the odd
ones, then refitted on all of them.
"""

WEIGHTS: dict[str, tuple[float, ...]] = {{
{body}
}}
'''


def main(argv: list[str] | None = None) -> int:
    return selfplay_fit.run(
        argv,
        __doc__.splitlines()[0],
        (600, 11),
        PRESETS,
        OUT,
        lambda preset, rounds, seed, workers, engine: evaluate(
            collect(preset, rounds, seed, workers, engine)
        ),
        source,
        lambda preset, f: (
            f"{f['samples']} samples, held-out mean squared error {f['held_out']:.1f} against a constant's {f['constant']:.1f}"
        ),
    )


if __name__ == "__main__":
    raise SystemExit(main())
