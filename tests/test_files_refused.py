"""Issue 28, the game's own files: each failure the fuzz campaign found, as its own regression test. A
scenario, an action log or a history record is either refused with one line naming the file and the
field (and the commands exit 2), or it loads and plays on; none crashes later, hangs, or quotes a
50 MB value back."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from filekinds import command, played_to, step

from game import Game, make_rules
from game.headless import LogError, play, replay, write_log
from game.history import entry, listing, record
from game.phase import Phase
from game.scenario import ScenarioError, dumps, from_game, parse
from game.scenario import load as load_scenario
from game.seats import make_seat
from game.stats import compute

DEEP = "[" * 1000 + "]" * 1000  # 2 KB that made every loader recurse


def standard_six() -> dict:
    """A 6-seat standard position mid-round, as `from_game` writes it (its round state per seat)."""
    game = played_to("standard", 1, 9)
    assert game.phase in (Phase.TURN, Phase.REACTION) and game.n == 6
    return json.loads(dumps(from_game(game)))


def write(tmp_path: Path, data: object, name: str = "position.json") -> Path:
    path = tmp_path / name
    path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
    return path


# ---------------------------------------------------------------------------------- 3: a seat short


@pytest.mark.parametrize("field", ["yaku", "last_one", "skipped", "had_turn"])
def test_a_standard_round_one_entry_short_for_six_seats_is_refused_not_played(tmp_path, field):
    """It passed `parse`, then `sim --scenario` raised IndexError turns later (standard.py:407, 576 ...)."""
    data = standard_six()
    data["round"][field] = data["round"][field][:-1]
    with pytest.raises(ScenarioError) as caught:
        parse(data)
    assert f"round: this preset cannot start from it ({field} must be 6 true/false values" in str(
        caught.value
    )
    path = write(tmp_path, data)
    assert command("sim", "--scenario", str(path), "--rounds", "1", "--ai", "basic") == "refused"


def test_a_whole_standard_round_of_six_still_loads_and_plays_on():
    data = standard_six()
    game = parse(data).game()
    import random

    rng = random.Random(3)
    for _ in range(30):
        if game.phase is Phase.MATCH_OVER:
            break
        step(game, rng)
    assert game.actions and game.n == 6


# ---------------------------------------------------------------------------------- 5: tracebacks


def a_log(tmp_path: Path) -> Path:
    game = Game(make_rules("app", 3), 4)
    play(game, [make_seat("basic", 4, s) for s in range(3)], 1)
    path = tmp_path / "game.log"
    write_log(path, game, ["basic"] * 3)
    return path


def a_record(tmp_path: Path) -> Path:
    game = Game(make_rules("app", 3), 5)
    play(game, [make_seat("basic", 5, s) for s in range(3)], 1)
    path = record(game, ["human", "normal", "normal"], 0, "20260101T000000Z", folder=tmp_path / "shelf")
    assert path is not None
    return path


def with_line(path: Path, number: int, change) -> Path:
    """The JSON-lines file `path` with its line `number` (from 1) changed by `change(value)`."""
    lines = path.read_text(encoding="utf-8").splitlines()
    value = json.loads(lines[number - 1])
    lines[number - 1] = change(value) if isinstance(change(value), str) else json.dumps(change(value))
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def test_deep_nesting_is_one_line_from_every_command(tmp_path):
    """1,000 nested `[` (2 KB) raised RecursionError from sim --scenario, replay, review, history, stats."""
    position = write(tmp_path, '{"dobon_scenario": 1, "preset": "app", "players": 3, "piles": ' + DEEP + "}")
    log = with_line(a_log(tmp_path), 2, lambda action: {**action, "cards": json.loads("[" * 40 + "]" * 40)})
    deep_log = tmp_path / "deep.log"
    deep_log.write_text(log.read_text().splitlines()[0] + "\n" + DEEP + "\n", encoding="utf-8")
    shelf = a_record(tmp_path).parent
    (shelf / "20260102T000000Z-app-1.jsonl").write_text(DEEP + "\n", encoding="utf-8")
    assert command("sim", "--scenario", str(position)) == "refused"
    for path in (log, deep_log):
        assert command("replay", str(path), "--json") == "refused"
        assert command("review", str(path), "--seat", "0", "--no-save") == "refused"
    assert command("history", "--folder", str(shelf)) == "loaded"  # the bad file is skipped, and said so
    (problem,) = listing(shelf).problems
    assert problem.why == "unreadable" and "nested too deeply" in problem
    assert command("stats", "--folder", str(shelf)) == "loaded"
    assert len(compute(shelf).skipped) == 1


def test_1e999_in_an_option_or_a_history_entry_is_refused(tmp_path):
    """`1e999` gave OverflowError (base.py:115 in an option, clues.py:48 in a scenario's history)."""
    log = with_line(a_log(tmp_path), 1, lambda h: json.dumps({**h, "options": {"starting_points": "@@"}}))
    log.write_text(log.read_text().replace('"@@"', "1e999"))
    with pytest.raises(LogError, match="out of range"):
        replay(log)
    assert command("replay", str(log), "--json") == "refused"
    data = standard_six()
    data["history"] = [[0, [], "@@", data["piles"]["field"][-1], None, 0]]
    path = write(tmp_path, json.dumps(data).replace('"@@"', "1e999"))
    with pytest.raises(ScenarioError, match="out of range"):
        load_scenario(path)
    with pytest.raises(ValueError, match="whole number"):
        make_rules("app", 3, {"starting_points": float("inf")})


@pytest.mark.parametrize("code", [7, True, {"card": "7H"}, ["7H"], None, 1.5])
@pytest.mark.parametrize("where", ["history cards", "history field", "round card"])
def test_a_card_code_of_another_kind_is_refused_in_one_line(tmp_path, code, where):
    """A number, bool, dict, list or null where a card code belongs (a scenario's history, its round
    state): AttributeError (cards.py:130 and :45)."""
    data = standard_six()
    if where == "history cards":
        data["history"] = [[0, [code], 0, None, None, 0]]
    elif where == "history field":
        data["history"] = [[0, [], 1, code, None, 0]]
    else:
        data["round"]["exposed"] = [{"card": code}]
    path = write(tmp_path, data)
    if where == "history field" and code is None:
        assert load_scenario(path).history == [
            [0, [], 1, None, None, 0]
        ]  # a draw with no field card: allowed
        return
    with pytest.raises(ScenarioError) as caught:
        load_scenario(path)
    message = str(caught.value)
    assert message.startswith(str(path)) and "\n" not in message and len(message) < 300
    if code is not None:
        with pytest.raises(ValueError, match="a card code is text"):
            Game(make_rules("app", 3), 1).deck.card(code)


# ---------------------------------------------------------------------------------- 7: slow refusals


def test_a_50_mb_card_code_is_refused_and_not_quoted_back(tmp_path):
    """It took 13.8 s and the "one-line" error repeated the 52 MB value."""
    data = standard_six()
    data["piles"]["field"][0] = "Q" * 50_000_000
    path = write(tmp_path, data)
    with pytest.raises(ScenarioError) as caught:
        load_scenario(path)
    message = str(caught.value)
    assert len(message) < 300 and str(path) in message
    assert "too large" in message  # over the scenario's size limit: refused before it is decoded
    with pytest.raises(ValueError, match="no card 'QQQ") as code:
        Game(make_rules("app", 3), 1).deck.card("Q" * 50_000_000)
    assert len(str(code.value)) < 200


def test_a_scenario_with_200000_history_entries_is_refused(tmp_path):
    """5 MB, 200,000 entries: over 10 s to load (each entry read, then the game set up twice)."""
    data = standard_six()
    data["history"] = [[0, [], 1, data["piles"]["field"][-1], None, 0]] * 200_000
    path = write(tmp_path, data)
    assert path.stat().st_size > 5_000_000
    with pytest.raises(ScenarioError, match="too large"):
        load_scenario(path)
    data["history"] = data["history"][:20_000]  # under the size limit: the count is refused
    with pytest.raises(ScenarioError, match="at most 10,000"):
        parse(data)


def test_window_pending_with_duplicates_is_refused():
    """100,000 duplicates asked seat 1 100,000 times."""
    game = played_to("app", 2, 0)
    data = json.loads(dumps(from_game(game)))
    data["window"] = {"cards": 1, "placer": 0, "pending": [1] * 100_000}
    with pytest.raises(ScenarioError, match=r"window\.pending must be a list of seats 0\.\.3, each once"):
        parse(data)
    data["window"]["pending"] = [1, 2, 1]
    with pytest.raises(ScenarioError, match="each once"):
        parse(data)


# ---------------------------------------------------------------------------------- 8: options


@pytest.mark.parametrize("option", ["weak_damage", "strong_damage"])
def test_a_negative_damage_makes_no_game_and_is_refused_with_its_range(option):
    """seed 1706639021, 6 players, weak_damage=-5: a chain of -5 cards in every view, a 0-card draw."""
    with pytest.raises(ValueError, match=f"{option} must be 1..20, not -5"):
        make_rules("standard", 6, {"max_players": 6, option: -5})
    assert command("sim", "--rules", "standard", "--players", "6", "--option", f"{option}=-5") == "refused"
    assert make_rules("standard", 6, {"max_players": 6, option: 1}).options()[option] == 1


@pytest.mark.parametrize(
    ("preset", "options", "needle"),
    [
        ("standard", {"rounds_per_match": 0}, "rounds_per_match must be 1..1000"),
        ("standard", {"reflect": [5, 99]}, "reflect must be card numbers 0..13"),
        ("standard", {"reflect": [5, 5.5]}, "reflect must be card numbers such as 5"),
        ("super", {"score_limit": -1}, "score_limit must be 0..1000000"),
        ("jda", {"gaeshi_ms": 0}, "gaeshi_ms must be 1..60000"),
        ("kabu", {"lap_limit": True}, "lap_limit must be a whole number, not True"),
        ("app", {"starting_points": [1]}, "starting_points must be a whole number, not [1]"),
        ("super", {"round_direction": 5}, "round_direction must be text"),
    ],
)
def test_an_option_out_of_range_or_of_the_wrong_kind_is_refused(preset, options, needle):
    with pytest.raises(ValueError, match=needle.replace("[", r"\[").replace("]", r"\]")):
        make_rules(preset, 3, options)


# ---------------------------------------------------------------------------------- history and logs


def test_a_record_with_a_huge_name_lists_with_the_name_cut(tmp_path):
    path = a_record(tmp_path)
    with_line(path, 1, lambda h: {**h, "history": {**h["history"], "names": ["N" * 9000, "B", "C"]}})
    assert entry(path).names[0] == "N" * 64


def test_a_log_over_its_size_limit_is_refused_before_it_is_read(tmp_path):
    log = a_log(tmp_path)
    with log.open("a") as out:
        out.write((" " * 1023 + "\n") * (5 * 1024))
    with pytest.raises(LogError, match="too large"):
        replay(log)
