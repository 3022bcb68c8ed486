"""Fit the play policy the hard seat reads hidden hands with, and write it as a data module.

    python tools/fit_policy.py [--rounds 1000] [--seed 5] [--workers 2] [--rules app,standard,super,kabu]
                               [--out FILE] [--check] [--engine]

Self-play: `--rounds` rounds per preset between four `normal` seats (the seats a hard seat meets, and
a fair model of a person who plays sensibly), each after 0 to 2 warm-up rounds, played on the
simulation cores (`--engine`: on the engine, the same games). Every single-card play
on a seat's turn becomes one observed choice: the cards of the hand then that fitted the field, each
described by the features of game.seats.policy, and the one played. The softmax weights are fitted by
maximum likelihood on the even rounds and checked on the odd ones (the held-out log-likelihood per
choice, against a model that picks any fitting card alike); the module written
(game/seats/presets/policy_weights.py, or `--out`) holds the weights refitted on every round, and the
figures. The same seed writes the same module. `--check` writes nothing and exits 1 if the file
differs from what this run fits. What it costs on this project's 2-core machine is in docs/ai.md.
"""

from __future__ import annotations

import sys
from functools import partial
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.actions import Action, Kind  # noqa: E402
from game.arena import warmed_up  # noqa: E402
from game.clues import Clue  # noqa: E402
from game.engine import Game  # noqa: E402
from game.headless import play_round  # noqa: E402
from game.rules import make_rules  # noqa: E402
from game.seats import make_seat  # noqa: E402
from game.seats.heuristics import unseen  # noqa: E402
from game.seats.policy import (  # noqa: E402
    FEATURES,
    Choice,
    choice,
    fit,
    mean_log_likelihood,
    options_of,
    uniform_log_likelihood,
    value_shares,
)
from game.seats.presets import knowledge  # noqa: E402
from game.sim import seats as core  # noqa: E402
from tools import selfplay_fit  # noqa: E402

OUT = ROOT / "game" / "seats" / "presets" / "policy_weights.py"
PRESETS = ("app", "standard", "super", "kabu")
PLAYERS = 4


def note_choice(choices: list[Choice], game: Game, action: Action) -> None:
    """A single-card play on the seat's own turn, as the hard seat's inference would see it."""
    if action.kind is not Kind.PLAY or len(action.cards) != 1 or action.seat != game.turn:
        return
    seat, card = action.seat, action.cards[0]
    history = (*game.history(), Clue(seat, (card,)))
    field = game.book.field_before(history, len(history) - 1)
    if field is None:
        return
    then = list(game.hands[seat])
    options = options_of(game.book, then, card, field)
    if len(options) > 1:
        know = knowledge(game.rules.preset)
        share = value_shares(know, unseen(game.view(seat, ())))  # what the seat itself had not seen
        choices.append(choice(know, share, options, then, card))


def note_core_choice(
    choices: list[Choice], clues: core.Clues, shown: core.Shown, book, know, sim, seat: int, code: int
) -> None:
    """`note_choice` on a core: the same choice, from the core's state and the round's clues."""
    if seat != sim.turn:
        return
    action = sim.action(seat, code)
    if action.kind is not Kind.PLAY or len(action.cards) != 1:
        return
    card = action.cards[0]
    history = (*clues.history, Clue(seat, (card,)))
    field = book.field_before(history, len(history) - 1)
    if field is None:
        return
    view = core.view_of(sim, seat, (), shown)  # what the seat itself saw
    then = list(view.hand)
    options = options_of(book, then, card, field)
    if len(options) > 1:
        choices.append(choice(know, value_shares(know, unseen(view)), options, then, card))


def self_play(job: tuple[str, int, int, int, bool]) -> list[tuple[int, list[Choice]]]:
    """Rounds start..stop-1 of `seed` in `preset`: each round's observed choices."""
    preset, seed, start, stop, engine = job
    rules = make_rules(preset, PLAYERS, {}, developing=True)
    if engine or core.core_for(rules, 0) is None:
        return self_play_engine(rules, seed, start, stop)
    book, know = rules.rulebook(), knowledge(preset)
    out = []
    for deal in range(start, stop):
        sim = core.warmed_up(rules, seed, deal, deal % 3)
        seats = [core.make_core_seat("normal", f"policy:{seed}:{deal}", s) for s in range(sim.n)]
        choices: list[Choice] = []
        clues, shown = core.Clues(), core.Shown(sim)
        core.play_round(
            sim, seats, partial(note_core_choice, choices, clues, shown, book, know), shown, clues
        )
        out.append((deal, choices))
    return out


def self_play_engine(rules, seed: int, start: int, stop: int) -> list[tuple[int, list[Choice]]]:
    """The same rounds on the engine."""
    out = []
    for deal in range(start, stop):
        game = warmed_up(rules, seed, deal, deal % 3)
        seats = [make_seat("normal", f"policy:{seed}:{deal}", s) for s in range(game.n)]
        choices: list[Choice] = []
        play_round(game, seats, partial(note_choice, choices))
        out.append((deal, choices))
    return out


def collect(
    preset: str, rounds: int, seed: int, workers: int, engine: bool = False
) -> list[tuple[int, list[Choice]]]:
    return selfplay_fit.collect(self_play, preset, rounds, seed, workers, engine)


def evaluate(rounds: list[tuple[int, list[Choice]]]) -> dict[str, float]:
    """Fit on the even rounds, measure on the odd ones; then the weights fitted on every round."""
    train = [c for deal, choices in rounds if deal % 2 == 0 for c in choices]
    held = [c for deal, choices in rounds if deal % 2 == 1 for c in choices]
    weights = fit(train)
    return {
        "choices": len(train) + len(held),
        "held_out": round(mean_log_likelihood(weights, held), 4),
        "uniform": round(uniform_log_likelihood(held), 4),
        "weights": fit(train + held),
    }


def source(rounds: int, seed: int, fitted: dict[str, dict]) -> str:
    lines = []
    for preset, f in fitted.items():
        named = "".join(
            f"        {w:.4f},  # {name}\n" for name, w in zip(FEATURES, f["weights"], strict=True)
        )
        lines.append(
            f"    # {f['choices']} choices; held-out log-likelihood per choice {f['held_out']:.4f} "
            f'(uniform {f["uniform"]:.4f})\n    "{preset}": (\n{named}    ),'
        )
    body = "\n".join(lines)
    return f'''"""The play policy the hard seat reads hands with, fitted by tools/fit_policy.py (do not edit by hand).

{rounds} rounds per preset between `normal` seats (seed {seed}, four players, 0 to 2 warm-up rounds
each): the softmax weights of the features of game.seats.policy (one per card number, then the hope
of the hand kept) that make the cards those seats played likeliest, fitted on the even rounds and
checked on the odd ones, then refitted on all of them.
"""

WEIGHTS: dict[str, tuple[float, ...]] = {{
{body}
}}
'''


def main(argv: list[str] | None = None) -> int:
    return selfplay_fit.run(
        argv,
        __doc__.splitlines()[0],
        (1000, 5),
        PRESETS,
        OUT,
        lambda preset, rounds, seed, workers, engine: evaluate(
            collect(preset, rounds, seed, workers, engine)
        ),
        source,
        lambda preset, f: (
            f"{f['choices']} choices, held-out {f['held_out']:.4f} against uniform {f['uniform']:.4f}"
        ),
    )


if __name__ == "__main__":
    raise SystemExit(main())
