"""What the `hard` seat's search costs: worlds and milliseconds per searched decision, per preset.

    python bench/hard_search.py [--deals N] [--players N] [--work N] [--core-work N] [--rules PRESET[,PRESET...]]
                                [--paths engine,core] [--same-decisions]

Hard's budget is work (`HardSeat.work`, simulated actions per decision), not time, so that a seed fixes
the game on any machine; this prints what that work costs here. Single process: run it on an idle
machine (another busy process halves the figures); the CPU time it prints beside the wall time is what
the search itself used, which a loaded machine inflates less. The figures count only decisions that were searched
(a turn with more than one sensible option); the rest cost next to nothing.

Each preset is played twice on the same deals: `engine`, hard with its worlds simulated on the engine
(`HardSeat.cores` False, budget `work`), and `core`, on the preset's simulation core where it has one
(game.seats.fast, budget `core_work`, counted in the core's simulated actions); a preset or table
without one prints only the engine line.

`--same-decisions` compares the paths on the very same decisions instead: a round played by `normal`
seats, where at each decision of seat 0 an engine hard and a core hard (the same seed) each search
the view (the normal seat's action is applied), so the world counts and times are paired, not two
games that part ways after the first differing choice; it adds the median of the per-decision ratio
of core worlds to engine worlds, over all of them, over those where the engine path spent its budget,
and over those where both did (a search that stops early, nothing left in question, says nothing of
what its budget buys: in `app` the core path often stops so, however large its budget).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import game.seats.hard as hard_module
from game.engine import Game
from game.headless import play
from game.rules import PRESETS, make_rules
from game.seats import HardSeat, make_seat
from game.seats.allocation import Duel
from game.seats.fast import policy_for
from game.seats.presets import knowledge


class WatchedDuel(Duel):
    """A search's duel that notes whether it stopped because nothing was left in question (`settled`)
    rather than at its budget: the worlds of such a search say nothing of what the budget buys."""

    latest: WatchedDuel | None = None

    def __post_init__(self) -> None:
        super().__post_init__()
        self.stopped_early = False
        WatchedDuel.latest = self

    def settled(self) -> bool:
        self.stopped_early = super().settled()
        return self.stopped_early


hard_module.Duel = WatchedDuel  # type: ignore[misc]  # the bench's hard seats only


class TimedHard(HardSeat):
    """Hard, noting the worlds and the wall time of each search."""

    def __init__(self, seed, work: int, core_work: int, cores: bool):
        super().__init__(seed)
        self.work = work
        self.core_work = core_work
        self.cores = cores
        self.searches: list[tuple[int, float, float]] = []
        self.settled: list[bool] = []  # per search: stopped early, nothing left in question

    def search(self, view, options, sample, prior=None):
        looked = []
        start, cpu = time.perf_counter(), time.process_time()
        chosen = super().search(view, options, lambda: looked.append(1) or sample(), prior)
        wall = (time.perf_counter() - start) * 1000
        self.searches.append((len(looked), wall, (time.process_time() - cpu) * 1000))
        self.settled.append(WatchedDuel.latest is not None and WatchedDuel.latest.stopped_early)
        return chosen


class Probe:
    """Seat 0 of a `--same-decisions` round: every path's hard searches the view, `normal` plays it."""

    def __init__(self, deal: int, args, paths: list[tuple[str, bool]]):
        self.deal = deal
        self.args = args
        self.paths = paths
        self.normal = make_seat("normal", deal, 0)
        self.searches: dict[str, list[tuple[int, float, float]]] = {path: [] for path, _ in paths}
        # worlds per path, and "settled" / "core_settled": that path's search stopped early
        self.pairs: list[dict[str, int]] = []
        self.step = 0

    def act(self, view):
        self.step += 1
        found = {}
        for path, cores in self.paths:
            hard = TimedHard(self.deal * 1000 + self.step, self.args.work, self.args.core_work, cores)
            hard.act(view)
            if hard.searches:
                self.searches[path] += hard.searches
                found[path] = hard.searches[0][0]
                found["settled" if not cores else "core_settled"] = hard.settled[0]
        if len(self.paths) > 1 and all(path in found for path, _ in self.paths):
            self.pairs.append(found)
        return self.normal.act(view)


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=6, help="rounds per preset (default 6)")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--work", type=int, default=HardSeat.work, help="the engine path's budget")
    parser.add_argument("--core-work", type=int, default=HardSeat.core_work, help="the core path's budget")
    parser.add_argument("--rules", default=",".join(PRESETS), help="presets, comma-separated (default: all)")
    parser.add_argument("--paths", default="engine,core", help="engine, core or both (default both)")
    parser.add_argument(
        "--same-decisions",
        action="store_true",
        help="both paths search the same decisions of normal seats' rounds",
    )
    args = parser.parse_args()
    presets = [p.strip() for p in args.rules.split(",") if p.strip()]
    unknown = [p for p in presets if p not in PRESETS]
    if unknown or not presets:
        parser.error(f"unknown preset {', '.join(unknown) or '(none)'}; choose from {', '.join(PRESETS)}")
    print(
        f"python {sys.version.split()[0]}, hard (work {args.work:,}, core work {args.core_work:,}) against normal seats, {args.players} players"
    )
    for preset in presets:
        paths = [("engine", False), ("core", True)] if policy_for(preset) is not None else [("engine", False)]
        paths = [(path, cores) for path, cores in paths if path in args.paths.split(",")]
        collected: dict[str, list[tuple[int, float, float]]] = {path: [] for path, _ in paths}
        pairs: list[dict[str, int]] = []
        for deal in range(args.deals):
            if args.same_decisions:
                probe = Probe(deal, args, paths)
                seats = [probe] + [make_seat("normal", deal, s) for s in range(1, args.players)]
                play(Game(make_rules(preset, args.players), deal), seats, 1)
                for path, _ in paths:
                    collected[path] += probe.searches[path]
                pairs += probe.pairs
                continue
            for path, cores in paths:
                hard = TimedHard(deal, args.work, args.core_work, cores)
                seats = [hard] + [make_seat("normal", deal, s) for s in range(1, args.players)]
                play(Game(make_rules(preset, args.players), deal), seats, 1)
                collected[path] += hard.searches
        for path, cores in paths:
            searches = collected[path]
            if not searches:
                print(f"{preset:<9} {path:<6} no searched decisions")
                continue
            worlds = [w for w, _, _ in searches]
            ms = [t for _, t, _ in searches]
            cpu = [c for _, _, c in searches]
            budget = args.core_work if cores else args.work
            share = policy_for(preset).core_share if cores else knowledge(preset).work_share  # type: ignore[union-attr]
            work = budget * share  # a preset may spend a share of it
            print(
                f"{preset:<9} {path:<6} work {work:>6,.0f} {len(searches):>4} searched decisions  "
                f"worlds median {statistics.median(worlds):>5.0f}  "
                f"ms median {statistics.median(ms):>6.1f}  p95 {percentile(ms, 0.95):>6.1f}  max {max(ms):>6.1f}  "
                f"(cpu ms median {statistics.median(cpu):>6.1f}  p95 {percentile(cpu, 0.95):>6.1f})"
            )
        if pairs:
            ratios = [pair["core"] / pair["engine"] for pair in pairs]
            print(
                f"{preset:<9} same {len(pairs)} decisions: core worlds / engine worlds, median {statistics.median(ratios):.2f}"
            )
            full = [pair for pair in pairs if not pair["settled"]]  # the engine path spent its budget
            if full:
                print(
                    f"{preset:<9} same {len(full)} decisions the engine path searched to its budget: worlds median "
                    f"engine {statistics.median(p['engine'] for p in full):.0f}, core {statistics.median(p['core'] for p in full):.0f}, "
                    f"ratio median {statistics.median(p['core'] / p['engine'] for p in full):.2f}"
                )
            both = [pair for pair in full if not pair.get("core_settled")]  # what the budgets buy
            if both:
                print(
                    f"{preset:<9} same {len(both)} decisions both paths searched to their budgets: worlds median "
                    f"engine {statistics.median(p['engine'] for p in both):.0f}, core {statistics.median(p['core'] for p in both):.0f}, "
                    f"ratio median {statistics.median(p['core'] / p['engine'] for p in both):.2f}"
                )


if __name__ == "__main__":
    main()
