"""What the app's own files cost at their limits, and what refusing a bad one costs (issue 28).

    python bench/app_files.py                 # the figures below, headless (dummy video driver)
    python bench/app_files.py --fuzz 1000     # and a fuzz campaign of 1,000 mutants a kind

- startup to the first frame, `main.py --frames 1` timed as a whole process, with an empty data
  folder and with the largest settings.json and match.json the limits allow (ui/filetypes.py): a
  64 KB settings file whose every field is at its largest, and a real match of MAX_ACTIONS actions
  (a prefix of long AI play, so every action replays) with the title's Continue ready;
- the same start in the process, split into reading the settings, reading and replaying the save,
  making the window and the first frame;
- the slowest refusals: a file just over its byte limit, a save at its limits whose last action is
  illegal (read and replayed to the end, then set aside), and the slowest of a fuzz campaign.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


def largest_settings() -> bytes:
    """A settings.json at its byte limit, every field at its longest (16 seats, 64 options), the
    rest of the room taken by fields the app does not know (kept within the depth and count limits)."""
    from dataclasses import asdict

    from ui.filetypes import MAX_SEATS, SETTINGS_LIMITS
    from ui.settings import Settings

    seats = [{"kind": "ai", "level": "normal", "name": "N" * 16} for _ in range(MAX_SEATS)]
    options = {f"option_{i:02d}".ljust(64, "x"): "v" * 32 for i in range(64)}
    last = {"preset": "app", "players": 4, "options": options, "seats": seats}
    data = asdict(Settings(last_setup=last, player_name="P" * 16))
    room = SETTINGS_LIMITS.max_bytes - len(json.dumps(data)) - 200
    for i in range(64 - len(data)):
        if room <= 0:
            break
        data[f"unknown_{i}"] = ["u" * 250] * min(15, room // 254)
        room -= 15 * 254
    raw = json.dumps(data).encode()
    assert len(raw) <= SETTINGS_LIMITS.max_bytes, len(raw)
    return raw


def largest_save() -> tuple[bytes, int]:
    """A match.json of MAX_ACTIONS real actions (app rules, 4 AI seats); its bytes and action count."""
    from game.headless import simulate
    from ui.filetypes import MATCH_LIMITS, MAX_ACTIONS
    from ui.table.setup import GameSetup, SeatSpec, save_data

    rounds = MAX_ACTIONS // 90
    _, game = simulate("app", 4, ["basic"] * 4, rounds, 1)
    while len(game.actions) < MAX_ACTIONS:
        _, game = simulate("app", 4, ["basic"] * 4, rounds := rounds * 2, 1)
    game.actions[:] = game.actions[:MAX_ACTIONS]
    setup = GameSetup("app", 4, {}, [SeatSpec("human", "basic", "Me")] + [SeatSpec() for _ in range(3)], 1)
    data = save_data(setup.complete(), game, 60_000.0)
    raw = json.dumps(data, ensure_ascii=False, indent=1).encode()
    assert len(raw) <= MATCH_LIMITS.max_bytes, len(raw)
    return raw, MAX_ACTIONS


def whole_start(home: Path, runs: int) -> str:
    """Median seconds, wall and CPU (user + system: what a loaded machine does not inflate), for
    `main.py --frames 1` on `home` (the files put back before each run)."""
    kept = {p.name: p.read_bytes() for p in home.iterdir()}
    times, cpu = [], []
    for _ in range(runs):
        for name, raw in kept.items():
            (home / name).write_bytes(raw)
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        subprocess.run(
            [sys.executable, str(ROOT / "main.py"), "--frames", "1"],
            env={**os.environ, "DOBON_TABLE_HOME": str(home)},
            check=True,
            capture_output=True,
        )
        times.append(time.perf_counter() - start)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu.append(after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime)
    return f"{statistics.median(times):.2f} s ({statistics.median(cpu):.2f} s CPU)"


def split_start(home: Path) -> dict[str, float]:
    """The start in this process, part by part (ms)."""
    from types import SimpleNamespace

    from ui.app import App, RunSettings
    from ui.scenes.title import TitleScene, load_saved
    from ui.settings import Settings

    os.environ["DOBON_TABLE_HOME"] = str(home)
    marks = {}
    t = time.perf_counter()
    saved, problem = Settings.load()
    marks["settings read"] = time.perf_counter() - t
    t = time.perf_counter()
    resumed = load_saved(SimpleNamespace(notices=[]))
    marks["save read and replayed (as the title does)"] = time.perf_counter() - t
    assert resumed is not None or not (home / "match.json").exists() or problem
    t = time.perf_counter()
    app = App(RunSettings(saved, {}), problem, (1280, 720))
    marks["window"] = time.perf_counter() - t
    t = time.perf_counter()
    app.stack.push(TitleScene(app))  # reads and replays the save (again), as a launch does
    app.frame(1 / 60)
    marks["title with its save, to the first frame"] = time.perf_counter() - t
    app.close()
    return {k: v * 1000 for k, v in marks.items()}


def timed_load(home: Path, name: str, raw: bytes) -> str:
    """Milliseconds, wall and CPU, for the title to read `raw` as `name` and refuse it (set aside)."""
    from types import SimpleNamespace

    from net.ticket import read_ticket
    from ui.scenes.title import load_saved
    from ui.settings import Settings

    os.environ["DOBON_TABLE_HOME"] = str(home)
    (home / name).write_bytes(raw)
    start, cpu = time.perf_counter(), time.process_time()
    if name == "settings.json":
        Settings.load()
    elif name == "match.json":
        load_saved(SimpleNamespace(notices=[]))
    else:
        read_ticket()
    spent, cpu = time.perf_counter() - start, time.process_time() - cpu
    assert not (home / name).exists(), f"{name} was not refused"
    return f"{spent * 1000:.1f} ms ({cpu * 1000:.1f} ms CPU)"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--fuzz", type=int, default=0, help="mutants a kind for a fuzz campaign (0: none)")
    args = parser.parse_args()
    from ui.filetypes import MATCH_LIMITS, SETTINGS_LIMITS

    settings, (save, actions) = largest_settings(), largest_save()
    print(f"largest settings.json: {len(settings):,} bytes (limit {SETTINGS_LIMITS.max_bytes:,})")
    print(f"largest match.json: {len(save):,} bytes, {actions:,} actions (limit {MATCH_LIMITS.max_bytes:,})")
    with tempfile.TemporaryDirectory() as empty, tempfile.TemporaryDirectory() as full:
        (Path(full) / "settings.json").write_bytes(settings)
        (Path(full) / "match.json").write_bytes(save)
        print(
            f"start to first frame (main.py --frames 1), empty folder: {whole_start(Path(empty), args.runs)}"
        )
        print(
            f"start to first frame (main.py --frames 1), largest files: {whole_start(Path(full), args.runs)}"
        )
        (Path(full) / "settings.json").write_bytes(settings)
        (Path(full) / "match.json").write_bytes(save)
        parts = split_start(Path(full))
        print("  in process: " + ", ".join(f"{k} {v:.0f} ms" for k, v in parts.items()))
    with tempfile.TemporaryDirectory() as home:
        refusals = {
            "settings.json one byte over its limit": (
                "settings.json",
                b" " * SETTINGS_LIMITS.max_bytes + b"{}",
            ),
            "match.json one byte over its limit": ("match.json", b" " * MATCH_LIMITS.max_bytes + b"{}"),
            "largest match.json, its last action illegal": ("match.json", last_action_illegal(save)),
            "match.json of 10 MB in one action": (
                "match.json",
                b'{"actions": [{"act": "' + b"x" * 10**7 + b'"}]}',
            ),
        }
        for label, (name, raw) in refusals.items():
            print(f"refused: {label}: {timed_load(Path(home), name, raw)}")
    if args.fuzz:
        from appfuzz import fuzz_app_files

        for outcome in fuzz_app_files(28, args.fuzz, app_every=1, log=None):
            print("fuzz " + outcome.line())


def last_action_illegal(save: bytes) -> bytes:
    data = json.loads(save)
    data["actions"][-1] = {"seat": 3, "act": "dobon"}
    return json.dumps(data, indent=1).encode()


if __name__ == "__main__":
    main()
