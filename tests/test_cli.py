"""The command line: `python main.py sim ...` and `python main.py replay FILE`, run in subprocesses."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from lankit import data_home

ROOT = Path(__file__).resolve().parents[1]
TIMING = ("seconds", "rounds_per_s", "actions_per_s")
KEYS = {"rules", "players", "seed", "rounds", "seats", "actions", "seconds", "rounds_per_s", "actions_per_s"}
SEAT_KEYS = {"ai", "rounds_won", "rounds_lost", "points", "score"}
SIM_300 = [
    "sim",
    "--rules",
    "app",
    "--players",
    "4",
    "--ai",
    "basic,basic,random,random",
    "--rounds",
    "300",
    "--seed",
    "7",
    "--json",
]


def run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "main.py", *args], cwd=ROOT, capture_output=True, text=True, timeout=300
    )


def summary(proc: subprocess.CompletedProcess) -> dict:
    assert proc.returncode == 0, proc.stderr
    lines = [line for line in proc.stdout.splitlines() if line.strip()]
    assert len(lines) == 1, f"--json must print one JSON object on one line, got:\n{proc.stdout}"
    data = json.loads(lines[0])
    assert isinstance(data, dict)
    return data


def untimed(data: dict) -> dict:
    return {k: v for k, v in data.items() if k not in TIMING}


def assert_one_line_error(proc: subprocess.CompletedProcess, *needles: str) -> str:
    assert proc.returncode == 2, f"exit {proc.returncode}, stdout {proc.stdout!r}, stderr {proc.stderr!r}"
    lines = proc.stderr.splitlines()
    assert len(lines) == 1 and lines[0].strip(), f"want exactly one error line on stderr, got:\n{proc.stderr}"
    assert "Traceback" not in proc.stderr
    assert proc.stdout == ""
    for needle in needles:
        assert needle in lines[0], f"{needle!r} not in {lines[0]!r}"
    return lines[0]


@pytest.fixture(scope="module")
def sim300() -> dict:
    return summary(run(*SIM_300))


def test_sim_json_summary(sim300):
    data = sim300
    assert set(data) == KEYS
    assert (data["rules"], data["players"], data["seed"], data["rounds"]) == ("app", 4, 7, 300)
    assert [s["ai"] for s in data["seats"]] == ["basic", "basic", "random", "random"]
    for seat in data["seats"]:
        assert set(seat) == SEAT_KEYS
        assert all(isinstance(seat[k], int) for k in ("rounds_won", "rounds_lost", "points"))
    assert sum(s["points"] for s in data["seats"]) == 0, "app is zero-sum: points must add up to 0"
    # every app round has exactly one winner and at least one loser
    assert sum(s["rounds_won"] for s in data["seats"]) == 300
    assert 300 <= sum(s["rounds_lost"] for s in data["seats"]) <= 300 * 3
    assert isinstance(data["actions"], int) and data["actions"] > 300
    assert isinstance(data["seconds"], float | int) and data["seconds"] > 0
    assert data["rounds_per_s"] > 0 and data["actions_per_s"] > 0


def test_sim_is_deterministic(sim300):
    again = summary(run(*SIM_300))
    assert untimed(again) == untimed(sim300)


def test_sim_last_ai_repeats_and_option():
    data = summary(
        run(
            "sim",
            "--players",
            "5",
            "--option",
            "max_players=6",
            "--ai",
            "random,basic",
            "--rounds",
            "5",
            "--seed",
            "3",
            "--json",
        )
    )
    assert data["players"] == 5 and data["rounds"] == 5
    assert [s["ai"] for s in data["seats"]] == ["random", "basic", "basic", "basic", "basic"]
    assert sum(s["points"] for s in data["seats"]) == 0


def test_log_then_replay_gives_the_same_summary(tmp_path):
    log = tmp_path / "game.jsonl"
    simmed = summary(
        run(
            "sim",
            "--players",
            "3",
            "--ai",
            "basic,random",
            "--rounds",
            "40",
            "--seed",
            "11",
            "--log",
            str(log),
            "--json",
        )
    )
    lines = log.read_text(encoding="utf-8").splitlines()
    assert len(lines) == simmed["actions"] + 1  # the header, then one action per line
    header = json.loads(lines[0])
    assert header["seed"] == 11 and header["players"] == 3
    replayed = summary(run("replay", str(log), "--json"))
    assert untimed(replayed) == untimed(simmed)
    assert [s["ai"] for s in replayed["seats"]] == ["basic", "random", "random"]


def test_sim_prints_a_table_without_json():
    proc = run("sim", "--players", "2", "--ai", "basic,random", "--rounds", "20", "--seed", "5")
    assert proc.returncode == 0, proc.stderr
    out = proc.stdout
    with pytest.raises(json.JSONDecodeError):
        json.loads(out)
    lines = [line for line in out.splitlines() if line.strip()]
    assert "app" in lines[0] and "seed 5" in lines[0] and "20 rounds" in lines[0]
    seat_lines = [line.split() for line in lines if line.split()[0] in ("0", "1")]
    assert [row[1] for row in seat_lines] == ["basic", "random"]
    points = [int(row[-1]) for row in seat_lines]
    assert sum(points) == 0
    assert len(lines) == 4  # title, column heads, one line per seat


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (["--rules", "nosuchpreset"], "nosuchpreset"),
        (["--players", "1"], "1"),
        (["--players", "9"], "9"),
        (["--ai", "basic,genius"], "genius"),
    ],
    ids=["unknown-preset", "one-player", "nine-players", "unknown-ai"],
)
def test_sim_bad_arguments(args, needle):
    assert_one_line_error(run("sim", *args, "--rounds", "2", "--seed", "1"), needle)


@pytest.fixture(scope="module")
def good_log(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("logs") / "good.jsonl"
    proc = run("sim", "--players", "2", "--rounds", "3", "--seed", "2", "--log", str(path), "--json")
    assert proc.returncode == 0, proc.stderr
    return path


def corrupt(kind: str, good: Path, tmp: Path) -> tuple[Path, str]:
    lines = good.read_text(encoding="utf-8").splitlines()
    path = tmp / f"{kind}.jsonl"
    needle = path.name
    if kind == "garbage":
        path.write_bytes(b"this is not a log\n\x00\x01 {{{\n")
    elif kind == "binary":
        path.write_bytes(bytes(range(256)))
    elif kind == "empty":
        path.write_text("", encoding="utf-8")
    elif kind == "header-only":
        path.write_text(lines[0] + "\n", encoding="utf-8")
    elif kind == "illegal-first-action":  # nobody has played, so there is nothing to pass on
        path.write_text(lines[0] + "\n" + json.dumps({"seat": 1, "act": "pass"}) + "\n", encoding="utf-8")
        needle = ":2:"
    elif kind == "illegal-later-action":  # the referee deals in the middle of a round
        body = [*lines[:4], json.dumps({"seat": -1, "act": "next-round"}), *lines[4:]]
        path.write_text("\n".join(body) + "\n", encoding="utf-8")
        needle = ":5:"
    elif kind == "bad-json-action":
        path.write_text(
            "\n".join([*lines[:3], '{"seat": 0, "act": "pl', *lines[3:]]) + "\n", encoding="utf-8"
        )
        needle = ":4:"
    elif kind == "unknown-card":
        path.write_text(
            lines[0] + "\n" + json.dumps({"seat": 0, "act": "play", "cards": ["ZZ"]}) + "\n", encoding="utf-8"
        )
        needle = ":2:"
    elif kind == "bad-header-options":
        header = json.loads(lines[0])
        header["options"] = ["max_players", 6]
        path.write_text("\n".join([json.dumps(header), *lines[1:]]) + "\n", encoding="utf-8")
    elif kind == "bad-header-ai":
        header = json.loads(lines[0])
        header["ai"] = 5
        path.write_text("\n".join([json.dumps(header), *lines[1:]]) + "\n", encoding="utf-8")
    else:  # pragma: no cover
        raise AssertionError(kind)
    return path, needle


@pytest.mark.parametrize(
    "kind",
    [
        "garbage",
        "binary",
        "empty",
        "header-only",
        "illegal-first-action",
        "illegal-later-action",
        "bad-json-action",
        "unknown-card",
        "bad-header-options",
        "bad-header-ai",
    ],
)
def test_replay_of_a_corrupt_log(kind, good_log, tmp_path):
    path, needle = corrupt(kind, good_log, tmp_path)
    assert_one_line_error(run("replay", str(path), "--json"), needle)


def test_replay_of_a_missing_file(tmp_path):
    assert_one_line_error(run("replay", str(tmp_path / "nope.jsonl")), "nope.jsonl")


@pytest.mark.parametrize(
    ("args", "flags"),
    [
        ([], ["sim", "replay", "--help"]),
        (
            ["sim"],
            ["--rules", "--players", "--ai", "--rounds", "--seed", "--option", "--log", "--json", "--help"],
        ),
        (["replay"], ["file", "--json", "--help"]),
    ],
    ids=["main", "sim", "replay"],
)
def test_help_mentions_every_flag(args, flags):
    proc = run(*args, "--help")
    assert proc.returncode == 0 and proc.stderr == ""
    assert proc.stdout.startswith("usage:")
    for flag in flags:
        assert flag in proc.stdout, f"{flag} missing from `main.py {' '.join(args)} --help`"


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_standard_sim_is_deterministic_for_every_table_size(players, tmp_path):
    args = ["sim", "--rules", "standard", "--players", str(players), "--ai", "basic,random", "--rounds", "25"]
    args += ["--seed", "11", "--json", "--log", str(tmp_path / "s.jsonl")]
    first = summary(run(*args))
    again = summary(run(*args))
    assert untimed(first) == untimed(again)
    assert first["rules"] == "standard" and first["players"] == players and first["rounds"] == 25
    assert [s["ai"] for s in first["seats"]] == ["basic"] + ["random"] * (players - 1)
    assert sum(s["rounds_won"] for s in first["seats"]) >= 1
    replayed = summary(run("replay", str(tmp_path / "s.jsonl"), "--json"))
    assert untimed(replayed) == untimed(first)


def test_standard_refuses_two_players():
    assert_one_line_error(run("sim", "--rules", "standard", "--players", "2"), "standard", "3-6")


def test_arena_prints_json_results_for_each_level():
    proc = run(
        "arena",
        "--rules",
        "app",
        "--players",
        "4",
        "--ai",
        "normal,greedy",
        "--deals",
        "30",
        "--seed",
        "1",
        "--json",
    )
    data = summary(proc)
    assert [r["ai"] for r in data["results"]] == ["normal", "greedy"]
    for r in data["results"]:
        for key in ("points_per_round", "ci95", "win_rate", "decision_ms_p50", "decision_ms_p95"):
            assert isinstance(r[key], int | float)
    assert abs(sum(r["points_per_round"] for r in data["results"])) < 1e-6  # app is zero-sum
    table_out = run("arena", "--rules", "standard", "--ai", "easy,normal", "--deals", "8")
    assert table_out.returncode == 0 and "easy" in table_out.stdout and "pts/round" in table_out.stdout


def test_arena_bad_arguments():
    assert_one_line_error(run("arena", "--ai", "normal,wizard"), "wizard")
    assert_one_line_error(run("arena", "--rules", "nope"), "nope")
    assert_one_line_error(run("arena", "--deals", "0"), "deals")
    assert_one_line_error(run("arena", "--warmup", "-1"), "warmup")


def test_sim_with_a_hard_seat_gives_the_same_game_every_run(tmp_path):
    """The issue's own command: with a `hard` seat, two runs (in processes hashing differently) play the
    same game, action for action."""
    import os

    logs = []
    for run_no in (1, 2):
        log = tmp_path / f"run{run_no}.jsonl"
        args = ["sim", "--rules", "app", "--players", "3", "--ai", "hard,normal,basic", "--rounds", "6"]
        proc = subprocess.run(
            [sys.executable, "main.py", *args, "--seed", "5", "--json", "--log", str(log)],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=300,
            env={**os.environ, "PYTHONHASHSEED": str(run_no)},
        )
        summary(proc)
        logs.append(log.read_text())
    assert logs[0] == logs[1]
    assert len(logs[0].splitlines()) > 100


@pytest.mark.parametrize(
    ("size", "needle"),
    [("640x480", "800x600"), ("big", "1280x720"), ("8000x600", "7680x4320")],
    ids=["below-the-minimum", "not-a-size", "too-large"],
)
def test_a_window_size_the_table_cannot_fit_is_refused(size, needle):
    """The table is laid out for 800x600 and up (the window's own minimum); --size says so at once."""
    proc = run("--size", size)
    assert proc.returncode == 2 and "Traceback" not in proc.stderr
    assert "argument --size" in proc.stderr and needle in proc.stderr


@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM], ids=["ctrl-c", "terminate"])
def test_a_headless_host_stopped_says_goodbye_to_its_players(signum, tmp_path):
    """`main.py host` stopped with Ctrl+C or a plain kill tells a joined player the table closed (a
    goodbye, not a dropped connection) and exits with the shell's status for the signal."""
    host = subprocess.Popen(
        [sys.executable, "main.py", "host", "--bind", "127.0.0.1", "--port", "0", "--no-announce",
         "--players", "3", "--people", "3"],
        cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=data_home(tmp_path),
    )  # fmt: skip
    try:
        assert host.stdout is not None
        port = int(host.stdout.readline().rsplit(" ", 1)[1])
        guest = subprocess.Popen(
            [sys.executable, "main.py", "join", f"127.0.0.1:{port}", "--name", "Guest"],
            cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=data_home(tmp_path),
        )  # fmt: skip
        assert host.stdout.readline().strip() == "seat 0: Guest joined"
        host.send_signal(signum)
        assert host.wait(15) == 128 + signum
        out, err = guest.communicate(timeout=15)
        assert guest.returncode == 1
        assert err.strip() == "main.py join: the host closed the table"
    finally:
        for proc in (host, guest) if "guest" in locals() else (host,):
            if proc.poll() is None:
                proc.kill()
                proc.wait(5)


def test_jda_plays_headless_from_the_command_line_and_from_a_scenario(tmp_path):
    """jda is playable (issue 15): `sim --rules jda` plays it, and a scenario's log replays."""
    played = summary(run("sim", "--rules", "jda", "--players", "3", "--rounds", "4", "--seed", "2", "--json"))
    assert played["rules"] == "jda" and played["rounds"] == 4
    scenario = tmp_path / "jda.json"
    piles = {"hand/0": ["4D", "5S"], "field": ["9C"]}
    scenario.write_text(json.dumps({"dobon_scenario": 1, "preset": "jda", "players": 3, "piles": piles}))
    log = tmp_path / "jda.jsonl"
    played = summary(
        run("sim", "--scenario", str(scenario), "--rounds", "3", "--seed", "1", "--log", str(log), "--json")
    )
    assert played["rules"] == "jda" and played["rounds"] == 3
    again = summary(run("replay", str(log), "--json"))
    assert untimed(again)["seats"] == untimed(played)["seats"] and again["actions"] == played["actions"]


def test_kabu_plays_headless_from_the_command_line_and_from_a_scenario(tmp_path):
    """kabu is playable (issue 16): `sim --rules kabu` plays it, and a scenario's log replays."""
    played = summary(
        run("sim", "--rules", "kabu", "--players", "5", "--rounds", "4", "--seed", "2", "--json")
    )
    assert played["rules"] == "kabu" and played["rounds"] == 4
    preset = "kabu"
    piles = {"hand/0": ["3", "5"], "hand/1": ["1R", "4S", "7", "9"], "field": ["8"]}
    scenario = tmp_path / f"{preset}.json"
    scenario.write_text(json.dumps({"dobon_scenario": 1, "preset": preset, "players": 3, "piles": piles}))
    log = tmp_path / f"{preset}.jsonl"
    played = summary(
        run("sim", "--scenario", str(scenario), "--rounds", "3", "--seed", "1", "--log", str(log), "--json")
    )
    assert played["rules"] == preset and played["rounds"] == 3
    again = summary(run("replay", str(log), "--json"))
    assert untimed(again)["seats"] == untimed(played)["seats"] and again["actions"] == played["actions"]
