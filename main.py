"""Dobon Table: the desktop card table for ドボン, and its headless tools.

python main.py                 open the table (the desktop app)
python main.py sim ...         play AI matches headless and print a summary
python main.py replay FILE     replay an action log and print the same summary
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Sequence

from game.headless import LogError, replay, simulate, write_log
from game.rules import PLANNED, PRESETS
from game.seats import SEATS


def _options(pairs: Sequence[str]) -> dict[str, str]:
    out = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key:
            raise ValueError(f"--option wants KEY=VALUE, not {pair!r}")
        out[key.strip()] = value.strip()
    return out


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="main.py",
        description="Dobon Table. With no command, opens the desktop table.",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    sim = sub.add_parser("sim", help="play AI matches headless and print a summary")
    sim.add_argument(
        "--rules",
        default="app",
        metavar="PRESET",
        help=f"rule preset: {', '.join(PRESETS)} (planned: {', '.join(PLANNED)}); default app",
    )
    sim.add_argument("--players", type=int, default=4, help="number of seats (default 4)")
    sim.add_argument(
        "--ai",
        default="basic",
        metavar="NAMES",
        help=f"comma-separated seat AIs ({', '.join(SEATS)}); the last repeats (default basic)",
    )
    sim.add_argument(
        "--rounds", type=int, default=100, help="rounds to play; new matches start as needed (default 100)"
    )
    sim.add_argument("--seed", type=int, default=None, help="random seed (default: a fresh one, printed)")
    sim.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="a rule option / house rule, e.g. max_players=6 or starting_points=500 (repeatable)",
    )
    sim.add_argument("--log", metavar="FILE", help="write the action log as JSON lines")
    sim.add_argument("--json", action="store_true", help="print one JSON object instead of a table")

    rep = sub.add_parser("replay", help="replay an action log written by sim --log")
    rep.add_argument("file", help="the log file")
    rep.add_argument("--json", action="store_true", help="print one JSON object instead of a table")
    return parser


def fail(command: str, message: str) -> int:
    print(f"main.py {command}: error: {message}", file=sys.stderr)
    return 2


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    if args.command == "sim":
        names = [a.strip() for a in args.ai.split(",") if a.strip()]
        unknown = [a for a in names if a not in SEATS]
        if unknown:
            return fail("sim", f"unknown AI {unknown[0]!r}; choose from {', '.join(SEATS)}")
        if args.rounds < 1:
            return fail("sim", "--rounds must be at least 1")
        seed = args.seed if args.seed is not None else random.randrange(2**31)
        try:
            summary, game = simulate(
                args.rules, args.players, names, args.rounds, seed, _options(args.option)
            )
        except ValueError as exc:
            return fail("sim", str(exc))
        if args.log:
            try:
                write_log(args.log, game, summary_names(summary))
            except OSError as exc:
                return fail("sim", f"cannot write {args.log}: {exc}")
    elif args.command == "replay":
        try:
            summary, _ = replay(args.file)
        except LogError as exc:
            return fail("replay", str(exc))
    else:
        print("The desktop table is not built yet: it is the next milestone (issue 4).")
        print("Meanwhile: python main.py sim --help   |   python main.py replay --help")
        return 0
    print(json.dumps(summary.to_json()) if args.json else summary.table())
    return 0


def summary_names(summary) -> list[str]:
    return [s.ai for s in summary.seats]


if __name__ == "__main__":
    sys.exit(main())
