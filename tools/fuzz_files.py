"""Fuzz every file kind the game reads, for longer than the test suite does.

    python tools/fuzz_files.py [--seed 1] [--count 300] [--kinds scenario,log,history,settings,match,ticket,lanseats,lanhost]

For each kind (tests/filekinds.py), `--count` mutants (tests/fuzzkit.py) of each valid example are
written where the game would find them and read the way the game reads them. Each is refused with a
one-line error, or loads and plays on; anything else (an exception of another kind, an error of more
than one line) is a failure, printed with the seed, example and index that make that mutant again:

    python tools/fuzz_files.py --kinds log --seed 1 --only 2:117

Prints per kind: mutants tried, refused, loaded, failures, and the slowest refusal. Exit 1 on any
failure.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
import traceback
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

from filekinds import KINDS, Kind  # noqa: E402
from fuzzkit import mutant  # noqa: E402


@dataclass
class Tally:
    """What one kind's mutants did."""

    outcomes: Counter = field(default_factory=Counter)
    failures: list[str] = field(default_factory=list)
    slowest: tuple[float, str] = (0.0, "")  # seconds, and which mutant

    def line(self, name: str) -> str:
        tried = sum(self.outcomes.values())
        seconds, which = self.slowest
        return (
            f"{name:<9} tried {tried:>6}  refused {self.outcomes['refused']:>6}  "
            f"loaded {self.outcomes['loaded']:>6}  failures {len(self.failures):>3}  "
            f"slowest refusal {seconds * 1000:7.1f} ms ({which})"
        )


def run_kind(kind: Kind, seed: int, count: int, only: tuple[int, int] | None, verbose: bool) -> Tally:
    tally = Tally()
    examples = kind.examples()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        for number, valid in enumerate(examples):
            for index in range(count):
                if only is not None and (number, index) != only:
                    continue
                raw = mutant(valid, seed, index)
                which = f"--kinds {kind.name} --seed {seed} --only {number}:{index}"
                start = time.perf_counter()
                try:
                    outcome = kind.trial(raw, folder)
                except Exception as exc:  # a failure of the game's, to report, not to stop the run
                    tally.outcomes["failed"] += 1
                    where = traceback.extract_tb(exc.__traceback__)[-1]
                    place = f"{Path(where.filename).name}:{where.lineno}"
                    tally.failures.append(f"{which}: {type(exc).__name__} at {place}: {str(exc)[:160]}")
                    if verbose:
                        traceback.print_exc()
                    continue
                seconds = time.perf_counter() - start
                tally.outcomes[outcome] += 1
                if outcome == "refused" and seconds > tally.slowest[0]:
                    tally.slowest = (seconds, which)
    return tally


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--count", type=int, default=300, help="mutants of each valid example")
    parser.add_argument("--kinds", default=",".join(KINDS), help=f"comma-separated, of {', '.join(KINDS)}")
    parser.add_argument("--only", default=None, metavar="EXAMPLE:INDEX", help="one mutant, to reproduce it")
    parser.add_argument("--verbose", action="store_true", help="print each failure's traceback")
    args = parser.parse_args(argv)
    kinds = [k.strip() for k in args.kinds.split(",") if k.strip()]
    unknown = [k for k in kinds if k not in KINDS]
    if unknown:
        parser.error(f"unknown kind {unknown[0]!r}; kinds: {', '.join(KINDS)}")
    only = None
    if args.only:
        number, index = args.only.split(":")
        only = (int(number), int(index))
    failed = 0
    for name in kinds:
        start = time.perf_counter()
        tally = run_kind(KINDS[name], args.seed, args.count, only, args.verbose)
        print(tally.line(name), f"[{time.perf_counter() - start:.1f} s]", flush=True)
        for failure in tally.failures:
            print("  FAIL", failure, flush=True)
        failed += len(tally.failures)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
