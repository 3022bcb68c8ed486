"""The fuzz campaign over the app's own files: settings.json, the saved match, the kept LAN seat.

    from appfuzz import fuzz_app_files
    for outcome in fuzz_app_files(seed=1, count=300):
        print(outcome.line())

Each kind starts from a valid file the app itself writes; tests/fuzzkit.py damages it `count` ways.
Every mutant is written into a fresh data folder and read by its loader (ui.settings.Settings.load,
ui.settings.load_match with the replay ui.table.setup.restore, net.ticket.read_ticket); then the real
app is launched on that folder, headless (SDL_VIDEODRIVER=dummy), as `main.py` starts it, and runs a
few frames of the title and of the New game screen (which reads the remembered choices). A failure is
anything raised, a loader result out of its type's range, or a refused file left in place instead of
being set aside; each names its kind, seed and index, so `fuzzkit.mutant(valid, seed, index)` brings
it back. The suite runs a few hundred a kind (tests/test_app_files.py); a longer run calls this.
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import json
import tempfile
import time
import traceback
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor
from contextlib import contextmanager
from dataclasses import asdict, dataclass, field
from pathlib import Path
from types import SimpleNamespace

from fuzzkit import mutant

KINDS = ("settings", "match", "scenario match", "ticket")
FILES = {
    "settings": "settings.json",
    "match": "match.json",
    "scenario match": "match.json",
    "ticket": "lan-seat.json",
}


@dataclass
class Outcome:
    """What one kind's campaign found."""

    kind: str
    tried: int = 0
    refused: int = 0  # mutants the loader refused (set aside, defaults used)
    launched: int = 0  # mutants the app was launched on
    failures: list[str] = field(default_factory=list)
    slowest_refusal: float = 0.0  # CPU seconds (a loaded machine does not inflate it)
    slowest_index: int = -1

    def line(self) -> str:
        return (
            f"{self.kind}: {self.tried} mutants, {self.refused} refused, {self.launched} launched, "
            f"{len(self.failures)} failures, slowest refusal {self.slowest_refusal * 1000:.1f} ms CPU "
            f"(#{self.slowest_index})"
        )


def valid_example(kind: str) -> bytes:
    """A file of `kind` as the app writes it, with every field filled in."""
    from net.ticket import Ticket
    from ui.settings import Settings
    from ui.table.setup import GameSetup, SeatSpec, save_data

    if kind == "settings":
        seats = [
            {"kind": "human", "level": "normal", "name": "Me"},
            {"kind": "ai", "level": "basic", "name": "Ren"},
        ]
        last = {"preset": "app", "players": 2, "options": {"rounds": 5}, "seats": seats}
        return json.dumps(asdict(Settings(last_setup=last, player_name="Mio")), indent=1).encode()
    if kind in ("match", "scenario match"):
        setup = GameSetup("app", 3, {}, [SeatSpec("human", "basic", "Me"), SeatSpec(), SeatSpec()], 7)
        setup = setup.complete()
        game = play_a_little(setup.new_game())
        if kind == "scenario match":  # a table opened on a position (main.py --scenario), saved later
            from game.scenario import from_game

            setup = GameSetup.of_scenario(from_game(game, ["Me", "Ren", "Hana"], ["human", "basic", "basic"]))
            game = play_a_little(setup.new_game())
        return json.dumps(save_data(setup, game, 1234.0), indent=1).encode()
    ticket = Ticket("192.168.1.20", 47000, "ab" * 16, "Aoi", "app", 2, time.time())
    return json.dumps(asdict(ticket)).encode()


def play_a_little(game, actions: int = 12):
    """A few real actions (the first legal each time): the replay has something to check."""
    for _ in range(actions):
        seat = game.sync_next()
        game.apply(game.legal_actions(seat)[0])
    return game


@contextmanager
def data_folder() -> Iterator[Path]:
    """A fresh DOBON_TABLE_HOME for one mutant (the old value restored after)."""
    before = os.environ.get("DOBON_TABLE_HOME")
    with tempfile.TemporaryDirectory(prefix="dobon-fuzz-") as home:
        os.environ["DOBON_TABLE_HOME"] = home
        try:
            yield Path(home)
        finally:
            if before is None:
                os.environ.pop("DOBON_TABLE_HOME", None)
            else:
                os.environ["DOBON_TABLE_HOME"] = before


def load(kind: str) -> str | None:
    """Read the folder's file of `kind` as the app does; the problem reported, or None if it was
    taken. Raises AssertionError when a value taken is out of its range."""
    from net.ticket import read_ticket
    from ui.scenes.title import load_saved
    from ui.settings import Settings

    if kind == "settings":
        settings, problem = Settings.load()
        check_settings(settings)
        return problem
    if kind in (
        "match",
        "scenario match",
    ):  # as the title reads it: the save, then its replay (set aside if it fails)
        notices: list[str] = []
        load_saved(SimpleNamespace(notices=notices))
        return "; ".join(notices) or None
    ticket, problem = read_ticket()
    assert ticket is None or (0 < ticket.port < 65536 and len(ticket.name) <= 16), ticket
    return problem


def check_settings(settings) -> None:
    """The loaded settings are each in range (what the screens count on)."""
    from ui.filetypes import last_setup
    from ui.settings import RANGES

    for name, (low, high) in RANGES.items():
        assert low <= getattr(settings, name) <= high, name
    assert settings.language in ("en", "ja")
    assert len(settings.window_size) == 2 and all(320 <= v <= 7680 for v in settings.window_size)
    assert len(settings.player_name) <= 16 and settings.player_name.isprintable()
    assert last_setup(settings.last_setup) is not None


def launch(frames: int = 3, new_game: bool = True) -> None:
    """The app as `main.py` starts it (ui.app.run_app without the command line), a few frames of the
    title, then the New game screen (which reads the remembered choices), then closed (which writes
    the settings back)."""
    from ui.app import App, RunSettings
    from ui.scenes.new_game import NewGameScene
    from ui.scenes.title import TitleScene
    from ui.settings import Settings

    saved, problem = Settings.load()
    app = App(RunSettings(saved, {}), problem)  # at the size the settings hold, as main.py opens it
    try:
        app.stack.push(TitleScene(app))
        for _ in range(frames):
            app.frame(1 / 60)
        title = app.stack.top
        if "continue" in title.items:  # a save the title took: resume it, as Continue does
            title.resume_saved()
            for _ in range(frames):
                app.frame(1 / 60)
        elif new_game:
            app.stack.push(NewGameScene(app))
            app.frame(1 / 60)
    finally:
        app.close()


def fuzz_kind(
    kind: str,
    seed: int,
    count: int,
    app_every: int = 1,
    log: Callable[[str], None] | None = None,
    start: int = 0,
) -> Outcome:
    """`count` mutants of `kind` (numbers `start`...) through its loader, and every `app_every`-th
    one also through the launched app, as well as every save the loader took (a launch costs about
    0.1 s, a loader a millisecond: the suite samples, a long run launches them all)."""
    valid = valid_example(kind)
    outcome = Outcome(kind)
    with data_folder() as home:  # the valid file is taken (and the loaders' imports are warm)
        (home / FILES[kind]).write_bytes(valid)
        assert load(kind) is None, f"the valid {kind} example was not taken"
    for index in range(start, start + count):
        raw = mutant(valid, seed, index)
        outcome.tried += 1
        try:
            with data_folder() as home:
                path = home / FILES[kind]
                path.write_bytes(raw)
                began = time.process_time()
                problem = load(kind)
                spent = time.process_time() - began
                refused = problem is not None and "set aside" in problem
                if refused:
                    outcome.refused += 1
                    assert not path.exists(), f"refused but not set aside: {problem}"
                    if spent > outcome.slowest_refusal:
                        outcome.slowest_refusal, outcome.slowest_index = spent, index
                if index % app_every == 0 or (not refused and kind.endswith("match")):
                    path.write_bytes(raw)  # the launch meets the file as it was
                    launch(new_game=kind == "settings")
                    outcome.launched += 1
        except Exception:  # anything at all is a finding, named so it can be brought back
            failure = f"{kind} seed {seed} #{index}: {traceback.format_exc(limit=-3)[-600:]}"
            outcome.failures.append(failure)
            if log:
                log(failure)
    return outcome


def fuzz_app_files(
    seed: int, count: int, app_every: int = 1, log: Callable[[str], None] | None = print, chunk: int = 50
) -> list[Outcome]:
    """The campaign over every kind (the longer run: every mutant through the app too). Each `chunk`
    of mutants runs in a fresh process, one at a time: pygame-gui keeps a few MB of every UIManager
    made, which over thousands of launches in one process would run the machine out of memory."""
    outcomes = []
    with ProcessPoolExecutor(max_workers=1, max_tasks_per_child=1) as pool:
        for kind in KINDS:
            parts = [
                pool.submit(fuzz_kind, kind, seed, min(chunk, count - start), app_every, None, start)
                for start in range(0, count, chunk)
            ]
            outcome = merged(kind, [part.result() for part in parts])
            for failure in outcome.failures if log else ():
                log(failure)
            outcomes.append(outcome)
    return outcomes


def merged(kind: str, parts: list[Outcome]) -> Outcome:
    """One outcome of a kind's chunks."""
    whole = Outcome(kind)
    for part in parts:
        whole.tried += part.tried
        whole.refused += part.refused
        whole.launched += part.launched
        whole.failures += part.failures
        if part.slowest_refusal > whole.slowest_refusal:
            whole.slowest_refusal, whole.slowest_index = part.slowest_refusal, part.slowest_index
    return whole


if __name__ == "__main__":
    import argparse

    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--count", type=int, default=300)
    parser.add_argument("--app-every", type=int, default=1)
    args = parser.parse_args()
    for outcome in fuzz_app_files(args.seed, args.count, args.app_every):
        print(outcome.line())
