"""Statistics of the person's play, from the history store (game.history).

Every record is replayed (so a number shown is a number the log proves, and a file that no longer
replays is skipped and reported, never counted), and its rounds and matches are counted for the seat of
the person at this computer (`me`); records of AI seats only are left out. One record is one game, so
nothing is counted twice.

Grouped per preset and, within it, per AI level faced (the levels at the other seats, e.g. "normal" or
"hard+normal"). Points are the preset's own (in `standard` and `super` fewer is better, and "best round"
is the lowest); where a preset keeps a standing other than points (`jda`: lap and deal size, `kabu`: laps
and extra cards, game.scores) each part's change per round and its mean after a round are kept too.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .events import Ending, MatchEnded, RoundDealt, RoundEnded
from .history import Problem, RecordError, listing, load
from .phase import Phase
from .scores import Score

DOBON_ENDINGS = frozenset({Ending.DOBON, Ending.GAESHI, Ending.COUNTER})


@dataclass
class Tally:
    higher_is_better: bool = True
    records: int = 0  # History records counted (a game, or a New match after one ended)
    rounds: int = 0
    rounds_won: int = 0
    matches: int = 0
    matches_won: int = 0  # ranked first (alone or shared)
    under_way: int = 0  # records whose last match is still being played (Continue match): not counted yet
    dobon_wins: int = 0  # rounds won by calling dobon (or a gaeshi or counter)
    dobon_losses: int = 0  # rounds lost to someone's dobon on the person
    points: int = 0
    best: int | None = None
    worst: int | None = None
    # the latest run: +n rounds won in a row, -n rounds lost in a row, as the preset means them (its
    # round result's winners and losers); a round you neither won nor lost (a bystander to someone
    # else's dobon) neither breaks nor extends it
    streak: int = 0
    # a standing in the preset's own terms (game.scores) other than points, added up over the rounds:
    # each part's change in the round (jda's laps) and its value after it (jda's deal size)
    gains: dict[str, int] = field(default_factory=dict)
    levels: dict[str, int] = field(default_factory=dict)

    def add_standing(self, before: Score | None, after: Score) -> None:
        """The person's standing as a round dealt it and as the round left it."""
        for name, value in after.parts:
            if name == "points":
                continue  # points are `points`, `best` and `worst`
            was = dict(before.parts).get(name, value) if before is not None else value
            self.gains[name] = self.gains.get(name, 0) + value - was
            self.levels[name] = self.levels.get(name, 0) + value

    def add_round(
        self, won: bool, dobon_win: bool, dobon_loss: bool, delta: int, lost: bool | None = None
    ) -> None:
        """One round of the person's: `won`/`lost` as the round's result has it (`lost` None: any
        round not won, for a caller that knows no more)."""
        if lost is None:
            lost = not won
        self.rounds += 1
        self.rounds_won += won
        self.dobon_wins += dobon_win
        self.dobon_losses += dobon_loss
        self.points += delta
        sign = 1 if self.higher_is_better else -1
        if self.best is None or sign * delta > sign * self.best:
            self.best = delta
        if self.worst is None or sign * delta < sign * self.worst:
            self.worst = delta
        if won:
            self.streak = self.streak + 1 if self.streak > 0 else 1
        elif lost:
            self.streak = self.streak - 1 if self.streak < 0 else -1

    def to_json(self) -> dict[str, Any]:
        n = self.rounds
        return {
            "records": self.records,
            "rounds": n,
            "rounds_won": self.rounds_won,
            "matches": self.matches,
            "matches_won": self.matches_won,
            "matches_under_way": self.under_way,
            "dobon_rate": round(self.dobon_wins / n, 4) if n else None,
            "dobonned_rate": round(self.dobon_losses / n, 4) if n else None,
            "points_per_round": round(self.points / n, 2) if n else None,
            "best_round": self.best,
            "worst_round": self.worst,
            "streak": self.streak,
            "higher_is_better": self.higher_is_better,
            "gain_per_round": {k: round(v / n, 2) for k, v in sorted(self.gains.items())} if n else {},
            "mean_after_round": {k: round(v / n, 2) for k, v in sorted(self.levels.items())} if n else {},
        }


@dataclass
class Stats:
    presets: dict[str, Tally] = field(default_factory=dict)
    levels: dict[tuple[str, str], Tally] = field(default_factory=dict)  # (preset, levels faced)
    games: int = 0  # records counted
    skipped: list[Problem] = field(default_factory=list)  # records not counted, and why (each a str)
    seen: int = 0  # your view-only LAN records (game.seen): in the History, with no log to count from

    def to_json(self) -> dict[str, Any]:
        return {
            "games": self.games,
            "presets": {p: t.to_json() for p, t in sorted(self.presets.items())},
            "by_level": [
                {"preset": p, "faced": lv, **t.to_json()} for (p, lv), t in sorted(self.levels.items())
            ],
            "skipped": self.skipped,
            "seen_not_counted": self.seen,
        }

    def table(self) -> str:
        if not self.presets:
            lines = ["no games of yours in the history yet"]
        else:
            hit = "dobon'd"
            lines = [
                f"{'preset':<9} {'faced':<14} {'rounds':>6} {'won':>5} {'matches':>7} {'won':>4} "
                f"{'dobon':>6} {hit:>7} {'pts/rd':>8} {'best':>6} {'worst':>6} {'streak':>6}  own terms"
            ]
            for preset, tally in sorted(self.presets.items()):
                lines.append(_row(preset, "(all)", tally))
                for (p, faced), sub in sorted(self.levels.items()):
                    if p == preset:
                        lines.append(_row("", faced, sub))
        lines += [f"skipped {s}" for s in self.skipped]
        if self.seen:
            lines.append(f"not counted: {self.seen} LAN match(es) kept as you saw them (the host vanished)")
        return "\n".join(lines)


def _row(preset: str, faced: str, t: Tally) -> str:
    data = t.to_json()

    def pct(x: float | None) -> str:
        return "-" if x is None else f"{100 * x:.0f}%"

    ppr = "-" if data["points_per_round"] is None else f"{data['points_per_round']:+.1f}"
    best = "-" if t.best is None else f"{t.best:+d}"
    worst = "-" if t.worst is None else f"{t.worst:+d}"
    own = ""
    if t.gains:  # a standing other than points (jda, kabu): no points columns, its parts instead
        ppr = best = worst = "-"
        own = "  " + ", ".join(
            f"{name} {data['gain_per_round'][name]:+.2f}/rd (mean {data['mean_after_round'][name]:.2f})"
            for name in data["gain_per_round"]
        )
    return (
        f"{preset:<9} {faced:<14} {t.rounds:>6} {t.rounds_won:>5} {t.matches:>7} {t.matches_won:>4} "
        f"{pct(data['dobon_rate']):>6} {pct(data['dobonned_rate']):>7} {ppr:>8} {best:>6} {worst:>6} "
        f"{t.streak:>+6d}{own}"
    )


def compute(folder: str | Path | None = None) -> Stats:
    """The statistics of every record in the history folder (oldest first, so the streak is the
    latest run). Corrupt or foreign files are skipped and named in `skipped`."""
    found = listing(folder)
    stats = Stats(skipped=list(found.problems))
    for item in reversed(found.entries):  # oldest first
        if item.me is not None and item.seen:
            stats.seen += 1  # a view-only record (game.seen) has no log to count from: said, not counted
        if item.me is None or item.seen:
            continue  # AI seats only: nobody's statistics
        try:
            _entry, game = load(item.path)
        except RecordError as exc:
            stats.skipped.append(exc.problem)
            continue
        stats.games += 1
        better = game.book.higher_is_better
        tallies = [
            stats.presets.setdefault(item.preset, Tally(better)),
            stats.levels.setdefault((item.preset, item.levels_faced()), Tally(better)),
        ]
        for tally in tallies:
            tally.records += 1
        me = item.me
        dealt: Score | None = None  # the person's standing as the round was dealt
        played = 0  # rounds ended: those before the person sat down (a late LAN guest) were the AI's
        ended = 0  # matches the rules ended
        seen = 0  # matches ended in the game's log, this record's and those before it
        for event in game.events:
            if isinstance(event, RoundDealt):
                dealt = event.standings[me] if event.standings else None
            elif isinstance(event, RoundEnded):
                played += 1
                if played <= item.joined_at(me):
                    continue
                result = event.result
                dobon = result.ending in DOBON_ENDINGS
                won, lost = me in result.winners, me in result.losers
                for tally in tallies:
                    tally.add_round(won, dobon and won, dobon and lost, result.deltas[me], lost)
                    if event.standings:
                        tally.add_standing(dealt, event.standings[me])
            elif isinstance(event, MatchEnded):
                seen += 1
                if seen <= item.since_matches:
                    continue  # a match before this record's first (a New match is a record of its own)
                ended += 1
                for tally in tallies:
                    tally.matches += 1
                    tally.matches_won += event.ranks[me] == 1
        if item.matches > ended and item.ranks:  # ended by its table (a LAN host after its rounds)
            for tally in tallies:
                tally.matches += item.matches - ended
                tally.matches_won += item.ranks[me] == 1
        elif game.phase is not Phase.MATCH_OVER and played > item.joined_at(me):
            for tally in tallies:  # its match goes on (Continue match): said, so "0 matches" is no riddle
                tally.under_way += 1
    return stats
