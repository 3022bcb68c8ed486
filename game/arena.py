"""The arena: AI levels compared on duplicate deals.

Every deal is one round dealt from its own seed. The same deal is replayed with the levels rotated
through the seats (each distinct rotation of the seat assignment), so every level plays the same cards
from every seat and luck of the deal cancels out. For each level the arena reports:

* `points_per_round`: its mean score change per round against the table's average, in the preset's
  own points (in `app` more is better; in `standard` points are bad, so less is better);
* `ci95`: the half-width of the 95% confidence interval of that mean, computed over deals (the
  rotations of one deal are averaged first, since they share the cards);
* `win_rate`: the share of its rounds in which it was a winner;
* `win_rate_ci95`: the half-width of that share's 95% interval, over deals the same way;
* `decision_ms_p50`, `decision_ms_p95`: its thinking time per decision (decisions with a choice).

`matchup` compares the first two levels deal by deal (paired): the difference of their points per
round and of their win rates, each with its 95% interval. With `cheat`, the same deals are played
again with `hard-cheat` in the first level's place, and `gap` holds the cheat's figures and the share
of the second level -> cheat distance the first level covers, (first - second) / (cheat - second),
with a 95% interval (delta method, the two runs paired by deal).

With `warmup` W, each deal is instead the round after W rounds that `normal` seats played from the
deal's seed (the same for every rotation): a round of a match under way, where what a match carries
between rounds (jda's deal sizes and laps, kabu's extra cards, standard's targets) is in play. A
first round alone cannot show it: in `jda` everyone starts at the smallest deal size, so winning the
first game gains nothing and only losing counts.

Deals are spread over worker processes (all cores by default). `hard-cheat` is a reference seat, not a
level: the hard search given the real hidden cards instead of samples, to show the upper bound.

A match-up whose every level has a core version (`normal`, `easy`, `greedy`, `basic`, `random`: the
engine's own seats deciding from views of a core, game.sim.seats) plays its deals on the preset's
simulation core, to the same results. One with `hard` plays on the engine: its seats already search
on the cores, and the game between their decisions is a sliver of the time (docs/sim.md).
"""

from __future__ import annotations

import math
import os
import statistics
import sys
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
    if on_core(rules, assignments):
        return play_deal_core(rules, assignments, seed, deal, warmup)
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


def on_core(rules, assignments: list[list[str]]) -> bool:
    """Can the deal be played on the preset's core: a core for this table, and every level one of
    the seats that play on it (no search)?"""
    from .sim import seats as core  # imported here: the cores are only needed when they play

    names = {name for assignment in assignments for name in assignment}
    return all(name in core.CORE_SEATS for name in names) and core.core_for(rules, 0) is not None


def play_deal_core(rules, assignments: list[list[str]], seed: int, deal: int, warmup: int) -> DealResult:
    """`play_deal` on the preset's simulation core: the same games, seat for seat."""
    from .sim import seats as core

    players = rules.players
    out: list[list[tuple[str, float, bool]]] = []
    times: dict[str, list[float]] = {}
    for rot, assignment in enumerate(assignments):
        sim = core.warmed_up(rules, seed, deal, warmup)
        seats = [core.make_core_seat(name, f"{seed}:{deal}:{rot}", s) for s, name in enumerate(assignment)]
        before = list(sim.scores)

        def clock(seat: int, ms: float, assignment: list[str] = assignment) -> None:
            times.setdefault(assignment[seat], []).append(ms)

        core.play_round(sim, seats, clock=clock)
        deltas = [sim.scores[s] - before[s] for s in range(players)]
        mean = sum(deltas) / players
        winners = set(sim.result.winners) if sim.over and sim.result else set()
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
    cheat: bool = False,
) -> dict[str, Any]:
    """Play the levels on `deals` duplicate deals. With `cheat`, the same deals are also played with
    `hard-cheat` in the first level's place, and the summary's `gap` says what share of the distance
    from the second level to the cheat the first one covers."""
    for name in levels:
        if name not in SEATS and name != CHEAT:
            raise ValueError(f"unknown AI {name!r}; choose from {', '.join([*SEATS, CHEAT])}")
    if cheat and (len(set(levels)) != 2 or CHEAT in levels):
        raise ValueError("--cheat compares two levels, neither of them hard-cheat: the first is measured")
    rules = make_rules(preset, players, options)
    assignments = rotations(levels, players)
    if warmup < 0:
        raise ValueError("--warmup must be 0 or more")
    jobs = [(preset, players, rules.options(), assignments, seed, d, warmup) for d in range(deals)]
    if cheat:
        cheated = rotations(with_cheat(levels), players)
        jobs += [(preset, players, rules.options(), cheated, seed, d, warmup) for d in range(deals)]
    workers = (workers or os.cpu_count() or 1) if _pools() else 1
    start = time.perf_counter()
    if workers > 1 and len(jobs) > 1:
        # imported here: process pools bring sockets, which the engine's modules never import
        from concurrent.futures import ProcessPoolExecutor

        with ProcessPoolExecutor(max_workers=workers) as pool:
            results = list(pool.map(play_deal, jobs, chunksize=max(1, len(jobs) // (workers * 8))))
    else:
        results = [play_deal(job) for job in jobs]
    seconds = time.perf_counter() - start
    summary = summarize(preset, players, levels, deals, seed, results[:deals], seconds, workers)
    summary["warmup"] = warmup
    if cheat:
        summary["gap"] = gap(levels, results[:deals], results[deals:])
    return summary


def with_cheat(levels: list[str]) -> list[str]:
    """The levels with `hard-cheat` in the first one's place: the ceiling the first is measured against."""
    return [CHEAT if name == levels[0] else name for name in levels]


def per_deal(results: list[DealResult], name: str) -> tuple[list[float], list[float]]:
    """For each deal, the level's points per round and its share of rounds won, averaged over the
    rotations (they share the cards, so the deal is the unit of the intervals)."""
    points: list[float] = []
    wins: list[float] = []
    for r in results:
        mine = [(score, won) for rotation in r.seats for level, score, won in rotation if level == name]
        points.append(sum(score for score, _won in mine) / len(mine))
        wins.append(sum(won for _score, won in mine) / len(mine))
    return points, wins


def mean_ci(values: list[float]) -> tuple[float, float]:
    """The mean and the half-width of its 95% interval (normal approximation)."""
    mean = statistics.fmean(values)
    sd = statistics.stdev(values) if len(values) > 1 else 0.0
    return mean, 1.96 * sd / math.sqrt(len(values))


def matchup(levels: list[str], results: list[DealResult]) -> dict[str, Any]:
    """The first level against the second, deal by deal (paired): how many more points per round and
    how much more often it wins, each with its 95% interval."""
    a, b = levels[0], levels[1]
    points_a, wins_a = per_deal(results, a)
    points_b, wins_b = per_deal(results, b)
    points, points_ci = mean_ci([x - y for x, y in zip(points_a, points_b, strict=True)])
    wins, wins_ci = mean_ci([x - y for x, y in zip(wins_a, wins_b, strict=True)])
    return {
        "ai": a,
        "against": b,
        "points_diff": round(points, 3),
        "points_diff_ci95": round(points_ci, 3),
        "win_rate_diff": round(wins, 4),
        "win_rate_diff_ci95": round(wins_ci, 4),
    }


def gap(levels: list[str], plain: list[DealResult], cheated: list[DealResult]) -> dict[str, Any]:
    """The share of the distance from the second level to `hard-cheat` that the first level covers:
    (first - second) / (cheat - second), both differences paired on the same deals. Its interval is
    the delta method's for a ratio of means, with the two runs' covariance over deals."""
    a, b = levels[0], levels[1]
    ours = [x - y for x, y in zip(per_deal(plain, a)[0], per_deal(plain, b)[0], strict=True)]
    best = [x - y for x, y in zip(per_deal(cheated, CHEAT)[0], per_deal(cheated, b)[0], strict=True)]
    n = len(ours)
    mean_ours, mean_best = statistics.fmean(ours), statistics.fmean(best)
    cheat_points, cheat_ci = mean_ci(per_deal(cheated, CHEAT)[0])
    cheat_wins, cheat_wins_ci = mean_ci(per_deal(cheated, CHEAT)[1])
    out: dict[str, Any] = {
        "ai": a,
        "against": b,
        "cheat_points_per_round": round(cheat_points, 3),
        "cheat_ci95": round(cheat_ci, 3),
        "cheat_win_rate": round(cheat_wins, 4),
        "cheat_win_rate_ci95": round(cheat_wins_ci, 4),
        "cheat_points_diff": round(mean_best, 3),
        "share": None,
        "share_ci95": None,
    }
    if mean_best == 0:
        return out  # the cheat did no better: no distance to share
    share = mean_ours / mean_best
    if n > 1:
        var_a, var_b = statistics.variance(ours), statistics.variance(best)
        cov = statistics.covariance(ours, best)
        spread = max(0.0, var_a - 2 * share * cov + share * share * var_b) / (n * mean_best * mean_best)
        out["share_ci95"] = round(1.96 * math.sqrt(spread), 3)
    out["share"] = round(share, 3)
    return out


def summarize(
    preset, players, levels, deals, seed, results: list[DealResult], seconds, workers
) -> dict[str, Any]:
    out = []
    for name in dict.fromkeys(levels):
        points, wins = per_deal(results, name)
        mean, ci = mean_ci(points)
        win_rate, win_ci = mean_ci(wins)
        times = sorted(t for r in results for t in r.times.get(name, []))
        rounds = sum(
            1 for r in results for rotation in r.seats for level, _s, _w in rotation if level == name
        )
        out.append(
            {
                "ai": name,
                "points_per_round": round(mean, 3),
                "ci95": round(ci, 3),
                "win_rate": round(win_rate, 4),
                "win_rate_ci95": round(win_ci, 4),
                "decision_ms_p50": round(_pct(times, 0.5), 3),
                "decision_ms_p95": round(_pct(times, 0.95), 3),
                "rounds": rounds,
            }
        )
    summary = {
        "rules": preset,
        "players": players,
        "deals": deals,
        "seed": seed,
        "rotations": len(rotations(levels, players)),
        "results": out,
        "seconds": round(seconds, 2),
        "workers": workers,
    }
    if len(set(levels)) >= 2:
        summary["matchup"] = matchup(list(dict.fromkeys(levels)), results)
    return summary


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
        f"{'ai':<11} {'pts/round':>10} {'±95%':>8} {'win rate':>9} {'±95%':>7} {'ms p50':>8} {'ms p95':>8}",
    ]
    for r in summary["results"]:
        lines.append(
            f"{r['ai']:<11} {r['points_per_round']:>+10.2f} {r['ci95']:>8.2f} {r['win_rate']:>9.1%} "
            f"{r['win_rate_ci95']:>7.1%} {r['decision_ms_p50']:>8.2f} {r['decision_ms_p95']:>8.2f}"
        )
    pair = summary.get("matchup")
    if pair:
        lines.append(
            f"{pair['ai']} - {pair['against']}, paired by deal: {pair['points_diff']:+.2f} ± "
            f"{pair['points_diff_ci95']:.2f} points per round, {pair['win_rate_diff']:+.1%} ± "
            f"{pair['win_rate_diff_ci95']:.1%} rounds won"
        )
    g = summary.get("gap")
    if g:
        lines.append(
            f"{CHEAT} on the same deals: {g['cheat_points_per_round']:+.2f} ± {g['cheat_ci95']:.2f} points per "
            f"round, wins {g['cheat_win_rate']:.1%}; {g['ai']} closes "
            + (
                f"{g['share']:.0%} ± {g['share_ci95']:.0%} of the {g['against']} -> {CHEAT} gap"
                if g["share"] is not None and g["share_ci95"] is not None
                else "an unmeasurable share of the gap (no distance, or one deal)"
            )
        )
    return "\n".join(lines)


def _pools() -> bool:
    """Whether worker processes can be had: the standalone app leaves `multiprocessing` out (a frozen
    program would also need it set up to start its workers), so there the arena plays in one process,
    the same deals to the same result, only slower."""
    import importlib.util

    return not getattr(sys, "frozen", False) and importlib.util.find_spec("multiprocessing") is not None
