"""Statistics (game.stats) over a handful of history records whose rounds are known: won by a dobon,
lost to one, a match won; records of AI seats only are not counted, corrupt ones are skipped and named."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from positions import scenario

from game import REFEREE, Action, Game, Kind, make_rules
from game.headless import play
from game.history import record
from game.phase import Phase
from game.scenario import parse
from game.seats import make_seat
from game.stats import compute

ROOT = Path(__file__).resolve().parents[1]


def round_from(data: dict, seat0: list[str]) -> Game:
    """Play one round from a scenario: seat 0 follows `seat0` (a card code plays it, "dobon" calls), the
    other seat is a basic AI; only seat 0's choices are scripted."""
    game = parse(data).game()
    other = make_seat("basic", 2, 1)
    script = list(seat0)
    while game.phase not in (Phase.ROUND_OVER, Phase.MATCH_OVER):
        seat = game.sync_next()
        legal = list(game.sync_actions(seat))
        if seat == REFEREE or len(legal) == 1:
            action = legal[0]
        elif seat == 0:
            move = script.pop(0)
            if move == "dobon":
                action = next(a for a in legal if a.kind is Kind.DOBON and a.cards)
            else:
                action = Action(0, Kind.PLAY, (game.deck.card(move),))
        else:
            action = other.act(game.view(seat, legal))
        game.apply(action)
    assert not script
    return game


def dobonned() -> Game:
    """Seat 0 plays ♦10 (its only card that fits) onto seat 1's 5 + 5, and is dobon'd."""
    data = scenario("app", [["10D", "KS"], ["5S", "5H"]], "9D", rest="field", seed=1)
    game = round_from(data, ["10D"])
    assert game.result.winners == (1,) and game.result.ending.value == "dobon"
    return game


def dobon_win() -> Game:
    """Seat 1 plays ♥6 onto seat 0's 4 + 2: seat 0 calls, and the match (10 points each) ends."""
    data = scenario(
        "app", [["4C", "2D"], ["6H", "9D", "10D"]], "6S", turn=1, seed=2, options={"starting_points": 10}
    )
    game = round_from(data, ["dobon"])
    assert game.result.winners == (0,) and game.phase is Phase.MATCH_OVER
    return game


def folder_of_records(tmp_path: Path) -> tuple[Path, Game, Game]:
    lost, won = dobonned(), dobon_win()
    record(lost, ["human", "normal"], 0, "20260101T000000Z", folder=tmp_path)
    record(won, ["human", "hard"], 0, "20260102T000000Z", folder=tmp_path)
    ai_only = Game(make_rules("app", 3, {}), 3)
    play(ai_only, [make_seat("basic", 3, s) for s in range(3)], 2)
    record(ai_only, ["basic"] * 3, None, "20260103T000000Z", folder=tmp_path)  # nobody's statistics
    (tmp_path / "notes.jsonl").write_text("not a record\n", encoding="utf-8")
    damaged = tmp_path / "20260104T000000Z-app-1.jsonl"
    text = (tmp_path / f"20260101T000000Z-app-{lost.seed}.jsonl").read_text(encoding="utf-8")
    damaged.write_text(text.replace('"act":"play"', '"act":"draw"', 1), encoding="utf-8")
    return tmp_path, lost, won


def test_stats_count_each_round_once_per_preset_and_level(tmp_path):
    folder, lost, won = folder_of_records(tmp_path)
    stats = compute(folder)
    lost_delta, won_delta = lost.result.deltas[0], won.result.deltas[0]
    assert lost_delta < 0 < won_delta
    app = stats.presets["app"].to_json()
    assert app == {
        "records": 2,
        "rounds": 2,
        "rounds_won": 1,
        "matches": 1,
        "matches_won": 1,
        "matches_under_way": 1,  # the lost round's match goes on
        "dobon_rate": 0.5,
        "dobonned_rate": 0.5,
        "points_per_round": round((lost_delta + won_delta) / 2, 2),
        "best_round": won_delta,
        "worst_round": lost_delta,
        "streak": 1,
        "higher_is_better": True,
        "gain_per_round": {},  # app keeps points alone: no standing of other parts
        "mean_after_round": {},
    }
    assert stats.games == 2
    assert stats.levels[("app", "normal")].to_json()["dobonned_rate"] == 1.0
    assert stats.levels[("app", "hard")].to_json()["dobon_rate"] == 1.0
    skipped = " ".join(stats.skipped)
    assert "notes.jsonl" in skipped and "20260104T000000Z-app-1.jsonl" in skipped


def test_lower_is_better_presets_rank_their_rounds_that_way(tmp_path):
    game = Game(make_rules("standard", 4, {}), 8)
    play(game, [make_seat("basic", 8, s) for s in range(4)], 6)
    record(game, ["human", "easy", "easy", "easy"], 0, "s", folder=tmp_path)
    tally = compute(tmp_path).presets["standard"]
    assert not tally.higher_is_better and tally.rounds == 6
    assert tally.best is not None and tally.worst is not None and tally.best <= tally.worst


def test_streak_runs_over_the_latest_rounds():
    from game.stats import Tally

    tally = Tally()
    for won in (True, False, False, True, True, True):
        tally.add_round(won, False, False, 1 if won else -1)
    assert tally.streak == 3
    tally.add_round(False, False, True, -5)
    assert tally.streak == -1 and tally.worst == -5 and tally.best == 1


def test_main_stats(tmp_path):
    folder, _lost, _won = folder_of_records(tmp_path)
    run = [sys.executable, "main.py", "stats", "--folder", str(folder)]
    data = subprocess.run([*run, "--json"], cwd=ROOT, capture_output=True, text=True)
    assert data.returncode == 0, data.stderr
    parsed = json.loads(data.stdout)
    assert parsed["presets"]["app"]["rounds"] == 2 and len(parsed["skipped"]) == 2
    assert {row["faced"] for row in parsed["by_level"]} == {"normal", "hard"}
    text = subprocess.run(run, cwd=ROOT, capture_output=True, text=True)
    assert text.returncode == 0 and "app" in text.stdout and "skipped notes.jsonl" in text.stdout
    empty = subprocess.run(
        [sys.executable, "main.py", "stats", "--folder", str(tmp_path / "none")],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert empty.returncode == 0 and "no games of yours" in empty.stdout
    wrong = subprocess.run([*run, "--bogus"], cwd=ROOT, capture_output=True, text=True)
    assert wrong.returncode == 2 and "--bogus" in wrong.stderr and "Traceback" not in wrong.stderr


def test_a_jda_standing_is_counted_in_laps_and_deal_sizes(tmp_path):
    game = Game(make_rules("jda", 4, {}), 8)
    play(game, [make_seat("basic", 8, s) for s in range(4)], 5)
    record(game, ["human", "easy", "easy", "easy"], 0, "s", folder=tmp_path)
    data = compute(tmp_path).presets["jda"].to_json()
    assert set(data["gain_per_round"]) == {"lap", "deal"} and data["mean_after_round"]["deal"] >= 4
    assert data["gain_per_round"]["lap"] >= 0  # laps are only ever completed
    line = compute(tmp_path).table().splitlines()[1]  # `main.py stats`: its parts, not points
    assert line.startswith("jda") and " lap +" in line and "deal " in line and "/rd (mean " in line


def test_a_round_you_neither_won_nor_lost_leaves_the_streak_alone():
    """Classic: a round scored 0 as a bystander to someone else's dobon counted toward a -2 streak."""
    from game.stats import Tally

    tally = Tally()
    tally.add_round(False, False, True, -40, lost=True)
    tally.add_round(False, False, False, 0, lost=False)  # Ren called on Hana: you only watched
    assert tally.streak == -1
    tally.add_round(True, True, False, 60, lost=False)
    tally.add_round(False, False, False, 0, lost=False)
    assert tally.streak == 1 and tally.rounds == 4


def test_kabu_rounds_where_someone_else_was_called_on_are_no_losses(tmp_path):
    """Kabu: "Won 0, Streak -2" for a player never called on: the streak follows the result's losers."""
    for seed in range(3):
        game = Game(make_rules("kabu", 4, {}), seed)
        play(game, [make_seat("normal", seed, s) for s in range(4)], 1)
        record(game, ["human", "normal", "normal", "normal"], 0, f"2026010{seed}T000000Z", folder=tmp_path)
    tally = compute(tmp_path).presets["kabu"]
    lost = sum(1 for seed in range(3) if 0 in _first_round(seed).losers)
    won = sum(1 for seed in range(3) if 0 in _first_round(seed).winners)
    assert tally.rounds == 3 and tally.rounds_won == won
    assert tally.streak >= 0 or lost > 0  # never negative without a round lost
    assert abs(tally.streak) <= won + lost


def _first_round(seed: int):
    game = Game(make_rules("kabu", 4, {}), seed)
    play(game, [make_seat("normal", seed, s) for s in range(4)], 1)
    return game.result


def test_a_match_still_going_on_is_said_not_finished_and_matches_won_are_said(tmp_path):
    """JDA: one game of a ten-game match, listed in History as "place 1 of 4", showed "Matches 0" with no
    word why; the Statistics screen says it is not finished, and the matches won of those finished."""
    from ui.scenes.stats import matches_line
    from ui.text import setup

    going = Game(make_rules("jda", 4, {}), 8)
    play(going, [make_seat("basic", 8, s) for s in range(4)], 1)
    record(going, ["human", "easy", "easy", "easy"], 0, "20260101T000000Z", folder=tmp_path)
    done = Game(make_rules("jda", 4, {"games": 1}), 9)
    play(done, [make_seat("basic", 9, s) for s in range(4)], 1)
    assert done.phase is Phase.MATCH_OVER
    record(done, ["human", "easy", "easy", "easy"], 0, "20260102T000000Z", folder=tmp_path)
    tally = compute(tmp_path).presets["jda"]
    assert tally.matches == 1 and tally.under_way == 1
    setup("en")
    line = matches_line(tally, "jda")
    assert f"Matches won: {tally.matches_won} of 1 finished" in line and "1 not finished yet" in line
    setup("ja")
    try:
        assert "未終了 1" in matches_line(tally, "jda")
    finally:
        setup("en")
