"""The history store (game.history): every finished round kept as its action log with who sat where,
listed newest first, read back event for event, and never upset by a corrupt or foreign file."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from game import Game, make_rules
from game.headless import play, write_log
from game.history import Recorder, RecordError, entry, listing, load, record, save_review
from game.seats import make_seat

ROOT = Path(__file__).resolve().parents[1]
ALL_PRESETS = ["app", "standard", "super", "jda", "kabu"]


def played(preset: str, rounds: int, seed: int = 5, players: int = 4) -> Game:
    game = Game(make_rules(preset, players, {}, developing=True), seed)
    seats = [make_seat("basic", seed, s) for s in range(players)]
    play(game, seats, rounds)
    return game


@pytest.mark.parametrize("preset", ALL_PRESETS)
def test_a_record_replays_the_game_event_for_event(preset, tmp_path):
    game = played(preset, 3)
    seats = ["human", "normal", "hard", "normal"]
    path = record(game, seats, 0, "20260101T000000Z", names=["Aoi"], folder=tmp_path)
    assert path is not None and path.parent == tmp_path
    found, again = load(path)
    assert again.events == game.events
    assert again.state_key()[:-2] == game.state_key()[:-2]  # all but the RNG and time-up flag
    assert found.preset == preset and found.seats == seats and found.me == 0 and found.names == ["Aoi"]
    assert found.rounds == 3 and found.levels_faced() == "hard+normal"
    assert found.deltas == [sum(d) for d in zip(*(e.result.deltas for e in _rounds(game)), strict=True)]


def _rounds(game):
    from game.events import RoundEnded

    return [e for e in game.events if isinstance(e, RoundEnded)]


def test_main_replay_reads_a_record(tmp_path):
    path = record(played("app", 2), ["human", "normal", "normal", "normal"], 0, "s1", folder=tmp_path)
    done = subprocess.run(
        [sys.executable, "main.py", "replay", str(path), "--json"], cwd=ROOT, capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["rounds"] == 2


def test_the_same_game_saved_again_is_one_record(tmp_path):
    game = Game(make_rules("app", 4, {}), 9)
    seats = [make_seat("basic", 9, s) for s in range(4)]
    keeper = Recorder(["human", "easy", "easy", "easy"], 0, folder=tmp_path)
    assert keeper.saved(game) is None  # nothing finished yet: nothing kept
    play(game, seats, 1)
    first = keeper.saved(game)
    save_review(first, 0, {"decisions": []})
    play(game, seats, 2)
    second = keeper.saved(game)
    assert first == second and [p.name for p in tmp_path.iterdir()] == [first.name]
    kept = entry(second)
    assert kept.rounds == 3 and kept.reviews == {"0": {"decisions": []}}  # the review survives


def test_listing_is_newest_first_and_filters_by_preset(tmp_path):
    for started, preset in [("20260101", "app"), ("20260301", "standard"), ("20260201", "app")]:
        record(played(preset, 1), ["human", "normal", "normal", "normal"], 0, started, folder=tmp_path)
    found = listing(tmp_path)
    assert [e.started for e in found.entries] == ["20260301", "20260201", "20260101"]
    assert [e.started for e in listing(tmp_path, "app").entries] == ["20260201", "20260101"]
    assert listing(tmp_path / "none").entries == []


def test_record_checks_its_arguments(tmp_path):
    game = played("app", 1)
    with pytest.raises(ValueError, match="seat names"):
        record(game, ["human"], 0, "x", folder=tmp_path)
    with pytest.raises(ValueError, match="seat 7"):
        record(game, ["human"] * 4, 7, "x", folder=tmp_path)


def test_corrupt_and_foreign_files_are_skipped_and_reported(tmp_path):
    good = record(played("app", 1), ["human", "normal", "normal", "normal"], 0, "a", folder=tmp_path)
    (tmp_path / "empty.jsonl").write_text("", encoding="utf-8")
    (tmp_path / "garbage.jsonl").write_bytes(b"\xff\xfe not text at all")
    (tmp_path / "other.jsonl").write_text('{"name": "someone else\'s file"}\n', encoding="utf-8")
    write_log(tmp_path / "plain.jsonl", played("app", 1), ["basic"] * 4)  # a log, but no history header
    header = json.loads(good.read_text(encoding="utf-8").splitlines()[0])
    header["history"]["seats"] = "everyone"
    (tmp_path / "bad-meta.jsonl").write_text(json.dumps(header) + "\n", encoding="utf-8")
    found = listing(tmp_path)
    assert [e.path for e in found.entries] == [good]
    reported = " ".join(found.problems)
    for name in ("empty", "garbage", "other", "plain", "bad-meta"):
        assert f"{name}.jsonl" in reported
    # a record whose actions were damaged lists (its header is fine) but does not load
    lines = good.read_text(encoding="utf-8").splitlines()
    broken = tmp_path / "broken.jsonl"
    broken.write_text(
        "\n".join([lines[0], *lines[1:5], '{"seat": 0, "act": "fly"}']) + "\n", encoding="utf-8"
    )
    with pytest.raises(RecordError, match=r"broken\.jsonl"):
        load(broken)
    truncated = tmp_path / "truncated.jsonl"
    truncated.write_text("\n".join(lines[:4]) + "\n", encoding="utf-8")
    _entry, game = load(truncated)  # a prefix of a game still replays: it is what was played
    assert len(game.actions) == 3


def test_main_history_lists_and_reports(tmp_path):
    record(played("super", 1), ["human", "easy", "easy", "easy"], 0, "20260102", folder=tmp_path)
    (tmp_path / "junk.jsonl").write_text("junk\n", encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "main.py", "history", "--folder", str(tmp_path), "--json"],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert [g["preset"] for g in data["games"]] == ["super"]
    assert "junk.jsonl" in data["skipped"][0]


def test_sim_history_keeps_the_game(tmp_path):
    env = {"DOBON_TABLE_HOME": str(tmp_path), "PATH": "/usr/bin:/bin"}
    args = [
        "sim",
        "--rules",
        "app",
        "--ai",
        "basic",
        "--rounds",
        "2",
        "--seed",
        "4",
        "--history",
        "--me",
        "1",
    ]
    done = subprocess.run(
        [sys.executable, "main.py", *args], cwd=ROOT, capture_output=True, text=True, env=env
    )
    assert done.returncode == 0, done.stderr
    (kept,) = listing(tmp_path / "history").entries
    assert kept.me == 1 and kept.rounds == 2 and kept.seats == ["basic"] * 4
    bad = subprocess.run(
        [sys.executable, "main.py", *args[:-1], "9"], cwd=ROOT, capture_output=True, text=True, env=env
    )
    assert bad.returncode == 2 and "--me" in bad.stderr and "Traceback" not in bad.stderr


def test_a_lan_host_keeps_every_round_it_plays(tmp_path):
    """A LAN host with one person (an AI client standing in) and two AI seats keeps the game as a record
    that replays: the person's seat is "human", the others the host's level."""
    import asyncio

    from lankit import loopback

    from game.realtime import Timing
    from net.client import Client, play_as_ai
    from net.host import Host

    async def main():
        cfg = loopback(
            preset="app",
            players=3,
            ai="easy",
            rounds=1,
            seed=3,
            lobby_seconds=0.2,
            timing=Timing(turn_ms=15, dobon_ms=8, window_ms=40),
            round_pause=0.05,
            keep_history=True,
            history_me=0,
            history_folder=str(tmp_path),
        )
        host = Host(cfg, log=lambda _line: None)
        await host.start()
        runner = asyncio.create_task(host.run())
        client = Client("127.0.0.1", host.port, "Aoi", log=lambda _line: None)
        try:
            await client.connect()
            await asyncio.wait_for(play_as_ai(client, make_seat("easy", 1, client.seat)), 60)
            await asyncio.wait_for(runner, 30)
        finally:
            await client.close()
            runner.cancel()
        return host, client.seat

    host, seat = asyncio.run(main())
    (kept,) = listing(tmp_path).entries
    assert kept.lan and kept.rounds == 1 and kept.me == 0
    assert kept.seats == ["human" if s == seat else "easy" for s in range(3)]
    assert kept.names[seat] == "Aoi"
    _entry, again = load(kept.path)
    assert again.events == host.game.events[: len(again.events)] and len(again.actions) > 0


def test_a_mistyped_header_field_is_named_and_an_unknown_one_is_let_through(tmp_path):
    good = record(played("app", 1), ["human", "normal", "normal", "normal"], 0, "a", folder=tmp_path)
    header, *rest = good.read_text(encoding="utf-8").splitlines()
    data = json.loads(header)
    data["history"]["deltas"][2] = "lots"
    (tmp_path / "typo.jsonl").write_text("\n".join([json.dumps(data), *rest]) + "\n", encoding="utf-8")
    newer = json.loads(header)
    newer["history"]["mood"] = "a field a later version writes"
    (tmp_path / "newer.jsonl").write_text("\n".join([json.dumps(newer), *rest]) + "\n", encoding="utf-8")
    found = listing(tmp_path)
    assert sorted(e.path.name for e in found.entries) == sorted([good.name, "newer.jsonl"])
    [problem] = found.problems
    assert problem.file == "typo.jsonl" and problem.why == "bad-field"
    assert problem.params["field"] == "history.deltas[2]"
    assert "int" in problem.params["error"] and "str" in problem.params["error"]


def test_a_record_header_reads_back_what_it_wrote(tmp_path):
    game = played("standard", 2)
    path = record(
        game, ["human", "hard", "normal", "easy"], 0, "b", folder=tmp_path, names=["Ann", "", "", ""]
    )
    found = entry(path)
    assert (found.preset, found.players, found.me, found.rounds) == ("standard", 4, 0, game.totals.rounds)
    assert found.seats == ["human", "hard", "normal", "easy"] and found.names == ["Ann", "", "", ""]
    assert found.deltas == list(game.totals.deltas)
    assert [s.to_json() for s in found.standings] == [s.to_json() for s in game.standings()]
    assert found.ranks == list(game.book.ranks(game))
