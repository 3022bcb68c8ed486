"""How the hard seat spends a decision's work: options compared world by world, the hopeless dropped.

Every option meets the same sampled worlds with the same playout luck (common random numbers), so two
options are compared on their difference world by world, whose spread is far smaller than either
result's. `Duel` keeps each option's result per world and answers, for any two options, the mean of
that difference and its standard error over the worlds both met.

Successive elimination: once every option has met `min_worlds` worlds, an option whose upper bound
(mean difference plus `prune_z` standard errors) falls below the best option, or below the heuristic's
choice (the `base`, which an option must beat to be chosen at all), meets no more worlds: the work
goes to the options still in question. The search stops early when nothing is left in question: only
the base is left, or one option beats it and every other by a clear margin. The base is never dropped:
it is what every option is measured against.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field


@dataclass
class Duel:
    """The results of a decision's options in the worlds they met (an option dropped keeps the prefix
    of worlds it met before)."""

    options: int
    base: int
    pooled: bool = False  # an option's spread is at least the options' pooled spread (see PresetKnowledge)
    prune_z: float = 2.0
    stop_z: float = 3.0
    values: list[list[float]] = field(init=False)
    alive: list[int] = field(init=False)
    # per pair i < j, over the worlds both met: the sum of (i's result - j's) and of its square, kept as
    # the worlds come (the same additions in the same order as summing the differences afresh, so the
    # same floats): a prune then costs O(options²), not O(worlds) per pair (a jda search meets 800)
    sums: dict[tuple[int, int], list[float]] = field(init=False)

    def __post_init__(self) -> None:
        self.values = [[] for _ in range(self.options)]
        self.alive = list(range(self.options))
        self.sums = {(i, j): [0.0, 0.0] for i in range(self.options) for j in range(i + 1, self.options)}

    @property
    def worlds(self) -> int:
        return len(self.values[self.base])

    def add(self, results: dict[int, float]) -> None:
        """One world's result for every option still alive."""
        alive = self.alive
        for i in alive:
            self.values[i].append(results[i])
        sums = self.sums
        for k, i in enumerate(alive):  # alive is in increasing order
            r = results[i]
            for j in alive[k + 1 :]:
                d = r - results[j]
                pair = sums[i, j]
                pair[0] += d
                pair[1] += d * d

    def paired(self, i: int, j: int) -> tuple[float, float]:
        """The mean of option i's result minus option j's, and its variance per world, over the worlds
        both met."""
        n = min(len(self.values[i]), len(self.values[j]))
        if n == 0:
            return 0.0, math.inf
        if i == j:
            return 0.0, 0.0
        total, squares = self.sums[i, j] if i < j else self.sums[j, i]
        mean = (total if i < j else -total) / n  # j - i's differences are i - j's negated, exactly
        var = max(0.0, squares / n - mean * mean)
        return mean, var

    def spread_floor(self) -> float:
        """The pooled variance of the alive options' differences with the base, where the preset asks
        for it (0 otherwise): an option that never met a rare outcome is not sure to be clear of it."""
        if not self.pooled:
            return 0.0
        others = [self.paired(i, self.base)[1] for i in self.alive if i != self.base]
        return sum(others) / len(others) if others else 0.0

    def margin(self, i: int, j: int, floor: float) -> tuple[float, float]:
        """Option i against option j: the mean difference and its standard error."""
        mean, var = self.paired(i, j)
        n = min(len(self.values[i]), len(self.values[j]))
        se = math.sqrt(max(var, floor) / n) if n > 1 else math.inf
        return mean, se

    def leader(self, floor: float) -> int:
        """The alive option with the best mean against the base."""
        return max(self.alive, key=lambda i: (self.margin(i, self.base, floor)[0], i == self.base))

    def prune(self) -> None:
        """Drop every option (never the base) whose upper bound falls below the leader or the base."""
        floor = self.spread_floor()
        top = self.leader(floor)
        keep = []
        for i in self.alive:
            if i not in (self.base, top):
                hopeless = any(
                    mean + self.prune_z * se < 0
                    for mean, se in (self.margin(i, top, floor), self.margin(i, self.base, floor))
                )
                if hopeless:
                    continue
            keep.append(i)
        self.alive = keep

    def settled(self) -> bool:
        """Nothing left in question: only the base, or one option clear of every other by `stop_z`
        standard errors (and of the base)."""
        if len(self.alive) == 1:
            return True
        floor = self.spread_floor()
        top = self.leader(floor)
        if top == self.base:
            return False
        return all(
            mean > self.stop_z * se
            for i in self.alive
            if i != top
            for mean, se in [self.margin(top, i, floor)]
        )

    def choice(self, confidence: float) -> int:
        """The option to play: the best one that beats the base by more than `confidence` standard
        errors, else the base (search refines judgement, it does not replace it with noise)."""
        floor = self.spread_floor()
        best, best_mean = self.base, 0.0
        for i in self.alive:
            mean, se = self.margin(i, self.base, floor)
            if mean > best_mean and mean > confidence * se:
                best, best_mean = i, mean
        return best
