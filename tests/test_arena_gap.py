"""The arena measures a match-up deal by deal, and the gap to the seat that sees every hand."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from game.arena import CHEAT, CheatingHardSeat, DealResult, gap, run_arena

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture
def quick_cheat(monkeypatch):
    """The cheat searching a few worlds only: the arena's bookkeeping is under test, not its strength."""
    monkeypatch.setattr(CheatingHardSeat, "work", 0)
    monkeypatch.setattr(CheatingHardSeat, "min_samples", 2)
    monkeypatch.setattr(CheatingHardSeat, "max_samples", 2)


def untimed(summary: dict) -> list[dict]:
    return [{k: v for k, v in r.items() if not k.startswith("decision")} for r in summary["results"]]


def deal(number: int, a: str, b: str, score_a: float, a_won: bool) -> DealResult:
    """A two-seat deal in one rotation: `a` scores `score_a` against the table, `b` the opposite."""
    return DealResult(number, [[(a, score_a, a_won), (b, -score_a, not a_won)]], {})


def test_a_level_as_good_as_the_cheat_closes_the_whole_gap():
    plain = [deal(d, "hard", "normal", s, True) for d, s in enumerate((3.0, 5.0, 4.0))]
    cheated = [deal(d, CHEAT, "normal", s, True) for d, s in enumerate((3.0, 5.0, 4.0))]
    measured = gap(["hard", "normal"], plain, cheated)
    assert measured["share"] == 1.0 and measured["share_ci95"] == 0.0
    assert measured["cheat_points_per_round"] == 4.0 and measured["cheat_win_rate"] == 1.0


def test_the_share_is_the_ratio_of_the_paired_differences_with_an_interval():
    plain = [deal(d, "hard", "normal", s, d % 2 == 0) for d, s in enumerate((1.0, 2.0, 0.0, 1.0))]
    cheated = [deal(d, CHEAT, "normal", s, True) for d, s in enumerate((4.0, 3.0, 5.0, 4.0))]
    measured = gap(["hard", "normal"], plain, cheated)
    assert measured["share"] == 0.25  # (hard - normal) 2.0 over (cheat - normal) 8.0
    assert measured["share_ci95"] > 0
    nothing = gap(["hard", "normal"], plain, [deal(d, CHEAT, "normal", 0.0, False) for d in range(4)])
    assert nothing["share"] is None  # no distance to share


def test_an_arena_with_the_cheat_plays_the_same_deals_and_reports_the_gap(quick_cheat):
    plain = run_arena("app", 4, ["normal", "greedy"], 3, 5, workers=1)
    both = run_arena("app", 4, ["normal", "greedy"], 3, 5, workers=1, cheat=True)
    assert untimed(both) == untimed(plain)  # the same deals, played the same way
    pair, measured = both["matchup"], both["gap"]
    assert (pair["ai"], pair["against"]) == ("normal", "greedy")
    assert pair["points_diff_ci95"] >= 0 and pair["win_rate_diff_ci95"] >= 0
    assert measured["ai"] == "normal" and measured["against"] == "greedy"
    assert measured["share"] == pytest.approx(pair["points_diff"] / measured["cheat_points_diff"], abs=0.01)
    again = run_arena("app", 4, ["normal", "greedy"], 3, 5, workers=1, cheat=True)
    assert again["gap"] == measured  # a seed fixes the cheat's games too
    for r in both["results"]:
        assert 0 <= r["win_rate"] <= 1 and r["win_rate_ci95"] >= 0


def test_the_cheat_needs_two_levels_to_compare():
    with pytest.raises(ValueError, match="two levels"):
        run_arena("app", 4, ["normal", "greedy", "easy"], 2, 1, workers=1, cheat=True)
    with pytest.raises(ValueError, match="two levels"):
        run_arena("app", 4, [CHEAT, "normal"], 2, 1, workers=1, cheat=True)


def test_the_command_line_carries_the_matchup_and_the_gap_in_json():
    args = [
        "arena",
        "--ai",
        "easy,greedy",
        "--deals",
        "2",
        "--seed",
        "4",
        "--workers",
        "1",
        "--cheat",
        "--json",
    ]
    proc = subprocess.run(
        [sys.executable, "main.py", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert proc.returncode == 0, proc.stderr
    data = json.loads(proc.stdout)
    assert data["matchup"]["ai"] == "easy" and data["gap"]["against"] == "greedy"
    assert {"share", "share_ci95", "cheat_points_per_round", "cheat_ci95"} <= set(data["gap"])
