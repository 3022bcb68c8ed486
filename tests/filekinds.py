"""Valid examples of every file kind the game reads, and what a fuzz campaign does with a mutant of each.

    for kind in KINDS.values():
        for valid in kind.examples():
            for raw in mutants(valid, seed, count):
                outcome = kind.trial(raw, folder)  # "loaded" or "refused"; anything else raises

A kind's `trial` writes the mutant where the game would find it and reads it the way the game does: a
scenario is loaded and played on for a few steps (every seat's view drawn up as the table would); an
action log is replayed; a history record is listed, loaded and counted in the statistics; settings, the
saved match and the LAN seat ticket are read from a data folder of their own. A file is either refused
with the loader's one-line error (`FileProblem`, `ScenarioError`, `LogError`, `RecordError`) or loads
and plays on; any other exception propagates, and the campaign reports it as a failure with the seed
and index that make the mutant again. `tests/test_fuzz_files.py` runs a few hundred mutants of each in
CI; `tools/fuzz_files.py` runs as many as asked.
"""

from __future__ import annotations

import functools
import io
import json
import os
import random
from collections.abc import Callable
from contextlib import redirect_stderr, redirect_stdout
from dataclasses import dataclass
from pathlib import Path

from game import Game, make_rules
from game.actions import REFEREE
from game.headless import LogError, play, replay
from game.history import RecordError, listing, load, record
from game.phase import Phase
from game.scenario import ScenarioError, dumps, from_game, parse
from game.seats import make_seat
from game.stats import compute
from game.view import SeatView

LOADED, REFUSED = "loaded", "refused"
# a position's options per preset: a table of 6 where the preset allows it (the seat counts that broke)
TABLES = {
    "standard": (6, {"max_players": 6}),
    "super": (4, {}),
    "jda": (4, {}),
    "kabu": (3, {}),
    "app": (4, {}),
}


@dataclass(frozen=True)
class Kind:
    """One file kind: valid examples of it (bytes) and the trial of a mutant (LOADED or REFUSED)."""

    name: str
    examples: Callable[[], tuple[bytes, ...]]
    trial: Callable[[bytes, Path], str]


def one_line(message: str) -> str:
    """A refusal's message must be one line of reasonable length; the message itself otherwise."""
    if "\n" in message or len(message) > 400:
        raise AssertionError(f"not a one-line error: {message[:300]!r}")
    return REFUSED


# ---------------------------------------------------------------------------------- scenarios


def played_to(preset: str, seed: int, steps: int) -> Game:
    """A game of `preset` after `steps` random legal actions (a position mid-round)."""
    players, options = TABLES[preset]
    game = Game(make_rules(preset, players, options, developing=True), seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if game.phase is Phase.MATCH_OVER:
            break
        step(game, rng)
    return game


def step(game: Game, rng: random.Random) -> None:
    """One random legal action, from the seat the headless protocol asks."""
    seat = game.sync_next()
    legal = game.sync_actions(seat) if seat != REFEREE else game.legal_actions(REFEREE)
    if not legal:
        raise AssertionError(f"seat {seat} was asked and has nothing to do")
    game.apply(rng.choice(list(legal)))


@functools.cache
def scenario_examples() -> tuple[bytes, ...]:
    """Positions of every preset written by `from_game` mid-round (some in a window)."""
    out = []
    for preset in TABLES:
        for seed, steps in ((1, 9), (2, 23), (3, 40)):
            game = played_to(preset, seed, steps)
            if game.phase in (Phase.TURN, Phase.REACTION, Phase.OPENING):
                out.append(dumps(from_game(game)).encode("utf-8"))
    return tuple(out)


def scenario_trial(raw: bytes, folder: Path) -> str:
    """Load the scenario as `sim --scenario` and the table do, then play on a few steps, drawing every
    seat's view after each."""
    from game.scenario import load

    path = folder / "scenario.json"
    path.write_bytes(raw)
    try:
        game = load(path).game()
    except ScenarioError as exc:
        return one_line(str(exc))
    play_on(game, random.Random(len(raw)), 12)
    return LOADED


def play_on(game: Game, rng: random.Random, steps: int) -> None:
    for _ in range(steps):
        for seat in range(game.n + 1):
            SeatView.of(game, seat, game.legal_actions(seat) if seat < game.n else ())
        if game.phase is Phase.MATCH_OVER:
            return
        step(game, rng)


# ---------------------------------------------------------------------------------- action logs


@functools.cache
def log_examples() -> tuple[bytes, ...]:
    """Action logs as `sim --log` writes them: a dealt game of one round, and one from a scenario."""
    out = []
    for preset, seed in (("app", 4), ("standard", 5)):
        players, options = TABLES[preset]
        game = Game(make_rules(preset, players, options), seed)
        play(game, [make_seat("basic", seed, s) for s in range(players)], 1)
        out.append(_log_bytes(game, ["basic"] * players))
    start = parse(json.loads(scenario_examples()[0])).game()
    play(start, [make_seat("basic", 1, s) for s in range(start.n)], 1)
    out.append(_log_bytes(start, ["basic"] * start.n))
    return tuple(out)


def _log_bytes(game: Game, ai: list[str]) -> bytes:
    buffer = io.StringIO()
    header = {"dobon_log": 1, "rules": game.rules.preset, "players": game.n, "options": game.rules.options()}
    header.update(seed=game.seed, ai=ai)
    if game.setup is not None:
        header["scenario"] = game.setup
    buffer.write(json.dumps(header) + "\n")
    buffer.writelines(json.dumps(a.to_json(), separators=(",", ":")) + "\n" for a in game.actions)
    return buffer.getvalue().encode("utf-8")


def log_trial(raw: bytes, folder: Path) -> str:
    """Replay the log (`main.py replay --json`)."""
    path = folder / "game.log"
    path.write_bytes(raw)
    try:
        replay(path)
    except LogError as exc:
        return one_line(str(exc))
    return LOADED


# ---------------------------------------------------------------------------------- history records


@functools.cache
def history_examples() -> tuple[bytes, ...]:
    """History records of two rounds (one with a review kept in its header)."""
    import tempfile

    out = []
    with tempfile.TemporaryDirectory() as tmp:
        for preset, seed in (("app", 6), ("kabu", 7)):
            players, options = TABLES[preset]
            game = Game(make_rules(preset, players, options), seed)
            play(game, [make_seat("basic", seed, s) for s in range(players)], 2)
            path = record(game, ["human"] + ["normal"] * (players - 1), 0, f"2026{seed}", folder=tmp)
            assert path is not None
            out.append(path.read_bytes())
    return tuple(out)


def history_trial(raw: bytes, folder: Path) -> str:
    """The History screen's listing, the record replayed, and the Statistics screen's tally."""
    shelf = folder / "history"
    shelf.mkdir(exist_ok=True)
    path = shelf / "20260101T000000Z-app-1.jsonl"
    path.write_bytes(raw)
    try:
        found = listing(shelf)
        for problem in found.problems:
            one_line(problem)
        stats = compute(shelf)
        for problem in stats.skipped:
            one_line(problem)
        stats.table()
        load(path)
    except RecordError as exc:
        return one_line(str(exc))
    finally:
        path.unlink()
    return LOADED


# ---------------------------------------------------------------------------------- the command line


def command(*argv: str) -> str:
    """`main.py ARGV` run in this process: exit 0 (LOADED), or exit 2 with one line on stderr
    (REFUSED); a traceback, another exit status or more lines is a failure."""
    import main

    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        status = main.main(list(argv))
    if status == 0:
        return LOADED
    if status != 2 or err.getvalue().count("\n") != 1:
        raise AssertionError(f"main.py {argv[0]}: exit {status}, stderr {err.getvalue()[:300]!r}")
    return one_line(err.getvalue().rstrip("\n"))


def sim_trial(raw: bytes, folder: Path) -> str:
    """`main.py sim --scenario F`: one round from the position, between basic seats."""
    path = folder / "scenario.json"
    path.write_bytes(raw)
    return command("sim", "--scenario", str(path), "--rounds", "1", "--ai", "basic", "--seed", "1")


def replay_trial(raw: bytes, folder: Path) -> str:
    """`main.py replay F --json`; a log that replays is also reviewed (`main.py review F`, seat 1's
    first round, quick: `--work 1`), which reads it again its own way."""
    path = folder / "game.log"
    path.write_bytes(raw)
    outcome = command("replay", str(path), "--json")
    if outcome == LOADED:
        command("review", str(path), "--seat", "1", "--round", "1", "--work", "1", "--no-save", "--json")
    return outcome


def shelf_trial(raw: bytes, folder: Path) -> str:
    """`main.py history` and `main.py stats` over a folder holding the record, and its replay."""
    shelf = folder / "shelf"
    shelf.mkdir(exist_ok=True)
    path = shelf / "20260101T000000Z-app-1.jsonl"
    path.write_bytes(raw)
    try:
        command("history", "--folder", str(shelf), "--json")
        command("stats", "--folder", str(shelf))
        return command("replay", str(path), "--json")
    finally:
        path.unlink()


# ---------------------------------------------------------------------------------- the app's data folder


class _Home:
    """`DOBON_TABLE_HOME` pointed at `folder` for a while (the app's data and settings folder)."""

    def __init__(self, folder: Path):
        self.folder = folder

    def __enter__(self) -> Path:
        self.before = os.environ.get("DOBON_TABLE_HOME")
        self.folder.mkdir(parents=True, exist_ok=True)
        os.environ["DOBON_TABLE_HOME"] = str(self.folder)
        return self.folder

    def __exit__(self, *exc: object) -> None:
        if self.before is None:
            os.environ.pop("DOBON_TABLE_HOME", None)
        else:
            os.environ["DOBON_TABLE_HOME"] = self.before


def _settings() -> str | None:
    from ui.settings import Settings

    return Settings.load()[1]


def _match() -> str | None:
    from ui.settings import load_match
    from ui.table.setup import restore

    data, message = load_match()
    if data is not None:
        try:
            restore(data)
        except ValueError as exc:
            return str(exc)
    return message


def _ticket() -> str | None:
    from net.ticket import load_ticket

    return None if load_ticket() is not None else "no seat kept: the ticket was not usable"


def _lan_host() -> str | None:
    from net import hostsave

    try:
        hostsave.load(hostsave.kept_path())
    except hostsave.Damaged as exc:
        return str(exc)
    return None


def _lan_seats() -> str | None:
    from net import seatkeys

    kept = seatkeys.kept_seat("192.168.1.20", 50123, "Aoi")
    return None if kept is not None else "no seat kept at that table"


def _write_data_examples() -> dict[str, bytes]:
    """settings.json, match.json, lan-seat.json, lan-seats.json and lan-host.json as the game's own
    writers leave them."""
    import tempfile
    import time

    from net import hostsave, seatkeys
    from net.ticket import Ticket, save_ticket
    from ui.settings import Settings, save_match
    from ui.table.setup import GameSetup, save_data

    with tempfile.TemporaryDirectory() as tmp, _Home(Path(tmp)) as home:
        setup = GameSetup("app", 4, {}, [], 3).complete()
        game = setup.new_game()
        play(game, [make_seat("basic", 3, s) for s in range(game.n)], 1)
        Settings(player_name="Aoi", last_setup=setup.to_json()).save()
        save_match(save_data(setup, game, 1234.0))
        save_ticket(Ticket("192.168.1.20", 50123, "t0k3n", "Aoi", "app", 1, time.time()))
        seatkeys.keep_seat("192.168.1.20", 50123, "Aoi", "t0k3n", 1)
        kept = hostsave.KeptMatch(
            "app",
            4,
            {},
            3,
            3,
            "normal",
            15.0,
            ["Aoi", "Ben", "AI 3", "AI 4"],
            ["person", "person", "ai", "ai"],
            ["t0k3n", "b3n", "", ""],
        )
        kept.actions = [action.to_json() for action in game.actions]
        hostsave.save(hostsave.kept_path(), kept)
        return {path.name: path.read_bytes() for path in home.iterdir() if path.suffix == ".json"}


@functools.cache
def data_examples() -> dict[str, bytes]:
    return _write_data_examples()


def data_kind(kind: str, name: str, loader: Callable[[], str | None]) -> Kind:
    """A file the app reads from its data folder at launch: read in a data folder of its own. The
    loaders set a bad file aside and say so (REFUSED) rather than raise."""

    def trial(raw: bytes, folder: Path) -> str:
        with _Home(folder / "home") as home:
            for left in home.iterdir():
                left.unlink()
            (home / name).write_bytes(raw)
            with redirect_stdout(io.StringIO()), redirect_stderr(io.StringIO()):
                message = loader()
        return LOADED if message is None else one_line(message)

    return Kind(kind, lambda: (data_examples()[name],), trial)


KINDS: dict[str, Kind] = {
    "scenario": Kind("scenario", scenario_examples, scenario_trial),
    "log": Kind("log", log_examples, log_trial),
    "history": Kind("history", history_examples, history_trial),
    "sim": Kind("sim", scenario_examples, sim_trial),
    "replay": Kind("replay", log_examples, replay_trial),
    "shelf": Kind("shelf", history_examples, shelf_trial),
    "settings": data_kind("settings", "settings.json", _settings),
    "match": data_kind("match", "match.json", _match),
    "ticket": data_kind("ticket", "lan-seat.json", _ticket),
    "lanseats": data_kind("lanseats", "lan-seats.json", _lan_seats),
    "lanhost": data_kind("lanhost", "lan-host.json", _lan_host),
}
