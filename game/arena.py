"""The arena: AI levels compared on duplicate deals.

Every deal is one round dealt from its own seed. The same deal is replayed with the levels rotated
through the seats (each distinct rotation of the seat assignment), so every level plays the same cards
from every seat and luck of the deal cancels out. For each level the arena reports:

* `points_per_round`: its mean score change per round against the table's average, in the preset's
  own points (in `app` more is better; in `standard` points are bad, so less is better);
* `ci95`: the half-width of the 95% confidence interval of that mean, computed over deals (the
  rotations of one deal are averaged first, since they share the cards);
* `win_rate`: the share of its rounds in which it was a winner;
* `decision_ms_p50`, `decision_ms_p95`: its thinking time per decision (decisions with a choice).

With `warmup` W, each deal is instead the round after W rounds that `normal` seats played from the
deal's seed (the same for every rotation): a round of a match under way, where what a match carries
between rounds (jda's deal sizes and laps, kabu's extra cards, standard's targets) is in play. A
first round alone cannot show it: in `jda` everyone starts at the smallest deal size, so winning the
first game gains nothing and only losing counts.

Deals are spread over worker processes (all cores by default). `hard-cheat` is a reference seat, not a
level: the hard search given the real hidden cards instead of samples, to show the upper bound.
"""

from __future__ import annotations

import math
import os
import statistics
import time
from dataclasses import dataclass
from typing import Any

from .actions import REFEREE
from .engine import Game
from .headless import play_round
from .phase import Phase
from .rules import make_rules
from .seats import SEATS, HardSeat, Seat, make_seat

CHEAT = "hard-cheat"


class CheatingHardSeat(HardSeat):
    """The hard search, but sampling the real game: it sees every hand (a measuring stick only)."""

    name = CHEAT
    oracle: Game | None = None

    def infer(self, view) -> None:
        game = self.oracle
        assert game is not None
        self.normal.deals = [{s: list(h) for s, h in enumerate(game.hands) if s != view.seat}]
        self.normal.book = game.book

    def sampler(self, view):
        game = self.oracle
        assert game is not None
        return lambda: _truth(game, self.rng)


def _truth(game: Game, rng) -> Game:
    twin = game.clone(rng.randrange(2**31))
    twin.stock = list(game.stock)
    rng.shuffle(twin.stock)  # the order of the stock is unknown even to the cheat's opponents
    return twin


def make_level(name: str, seed: Any, seat: int) -> Seat:
    if name == CHEAT:
        return CheatingHardSeat(f"{seed}:{seat}:{name}")
    return make_seat(name, seed, seat)


def rotations(levels: list[str], players: int) -> list[list[str]]:
    base = [levels[i % len(levels)] for i in range(players)]
    out: list[list[str]] = []
    for r in range(players):
        assignment = [base[(s + r) % players] for s in range(players)]
        if assignment not in out:
            out.append(assignment)
    return out


@dataclass
class DealResult:
    deal: int
    # per rotation: per seat (level, relative score, won)
    seats: list[list[tuple[str, float, bool]]]
    times: dict[str, list[float]]


def warmed_up(rules, seed: int, deal: int, warmup: int) -> Game:
    """The deal's game after `warmup` rounds played by `normal` seats (the next round dealt), or as
    dealt when the match ends first or `warmup` is 0. The same for every rotation of the deal."""
    game = Game(rules, seed * 100003 + deal)
    if not warmup:
        return game
    seats = [make_seat("normal", f"warm:{seed}:{deal}", s) for s in range(game.n)]
    for _ in range(warmup):
        play_round(game, seats)
        if game.phase is not Phase.ROUND_OVER:
            return Game(rules, seed * 100003 + deal)  # the match ended: a fresh one's first round
        game.apply(game.legal_actions(REFEREE)[0])  # the next round is dealt
    return game


def play_deal(args: tuple[str, int, dict, list[list[str]], int, int, int]) -> DealResult:
    preset, players, options, assignments, seed, deal, warmup = args
    rules = make_rules(preset, players, options)
    out: list[list[tuple[str, float, bool]]] = []
    times: dict[str, list[float]] = {}
    for rot, assignment in enumerate(assignments):
        game = warmed_up(rules, seed, deal, warmup)  # played again: the same game for every rotation
        seats = [make_level(name, f"{seed}:{deal}:{rot}", s) for s, name in enumerate(assignment)]
        before = list(game.scores)
        while game.phase not in (Phase.ROUND_OVER, Phase.MATCH_OVER):
            seat = game.sync_next()
            if seat == REFEREE:
                break
            legal = game.sync_actions(seat)
            if len(legal) == 1:
                game.apply(legal[0])
                continue
            agent = seats[seat]
            if isinstance(agent, CheatingHardSeat):
                agent.oracle = game
            start = time.perf_counter()
            action = agent.act(game.view(seat, legal))
            times.setdefault(assignment[seat], []).append((time.perf_counter() - start) * 1000)
            game.apply(action)
        result = game.result
        deltas = [game.scores[s] - before[s] for s in range(players)]
        mean = sum(deltas) / players
        winners = set(result.winners) if result else set()
        out.append([(assignment[s], deltas[s] - mean, s in winners) for s in range(players)])
    return DealResult(deal, out, times)


def run_arena(
    preset: str,
    players: int,
    levels: list[str],
    deals: int,
    seed: int,
    options: dict | None = None,
    workers: int | None = None,
    warmup: int = 0,
) -> dict[str, Any]:
    for name in levels:
        if name not in SEATS and name != CHEAT:
            raise ValueError(f"unknown AI {name!r}; choose from {', '.join([*SEATS, CHEAT])}")
    rules = make_rules(preset, players, options)
    assignments = rotations(levels, players)
    if warmup < 0:
        raise ValueError("--warmup must be 0 or more")
    jobs = [(preset, players, rules.options(), assignments, seed, d, warmup) for d in range(deals)]
    workers = workers or os.cpu_count() or 1
    start = time.perf_counter()
    if workers > 1 and deals > 1:
        # imported here: process pools bring sockets, which the engine's modules never import
        from concurrent.futures import ProcessPoolExecutor

        with ProcessPoolExecutor(max_workers=workers) as pool:
            results = list(pool.map(play_deal, jobs, chunksize=max(1, deals // (workers * 8))))
    else:
        results = [play_deal(job) for job in jobs]
    seconds = time.perf_counter() - start
    summary = summarize(preset, players, levels, deals, seed, results, seconds, workers)
    summary["warmup"] = warmup
    return summary


def summarize(
    preset, players, levels, deals, seed, results: list[DealResult], seconds, workers
) -> dict[str, Any]:
    out = []
    for name in dict.fromkeys(levels):
        per_deal: list[float] = []
        scores: list[float] = []
        wins = 0
        times: list[float] = []
        for r in results:
            mine = [score for rotation in r.seats for level, score, _won in rotation if level == name]
            wins += sum(won for rotation in r.seats for level, _s, won in rotation if level == name)
            scores.extend(mine)
            per_deal.append(sum(mine) / len(mine))
            times.extend(r.times.get(name, []))
        mean = statistics.fmean(per_deal)
        sd = statistics.stdev(per_deal) if len(per_deal) > 1 else 0.0
        times.sort()
        out.append(
            {
                "ai": name,
                "points_per_round": round(mean, 3),
                "ci95": round(1.96 * sd / math.sqrt(len(per_deal)), 3),
                "win_rate": round(wins / len(scores), 4),
                "decision_ms_p50": round(_pct(times, 0.5), 3),
                "decision_ms_p95": round(_pct(times, 0.95), 3),
                "rounds": len(scores),
            }
        )
    return {
        "rules": preset,
        "players": players,
        "deals": deals,
        "seed": seed,
        "rotations": len(rotations(levels, players)),
        "results": out,
        "seconds": round(seconds, 2),
        "workers": workers,
    }


def _pct(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    return values[min(len(values) - 1, int(len(values) * q))]


def table(summary: dict[str, Any]) -> str:
    lines = [
        f"{summary['rules']}, {summary['players']} players, {summary['deals']} deals x "
        f"{summary['rotations']} rotations, seed {summary['seed']}"
        + (f", each after {summary['warmup']} warm-up rounds" if summary.get("warmup") else "")
        + f" ({summary['seconds']} s on {summary['workers']} workers)",
        f"{'ai':<11} {'pts/round':>10} {'±95%':>8} {'win rate':>9} {'ms p50':>8} {'ms p95':>8}",
    ]
    for r in summary["results"]:
        lines.append(
            f"{r['ai']:<11} {r['points_per_round']:>+10.2f} {r['ci95']:>8.2f} {r['win_rate']:>9.1%} "
            f"{r['decision_ms_p50']:>8.2f} {r['decision_ms_p95']:>8.2f}"
        )
    return "\n".join(lines)
