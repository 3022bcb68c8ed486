"""The LAN's own files in the data folder, fuzzed like every other file the game reads: the host's
kept match (`lan-host.json`, read when a host starts again) and a guest's kept seats (`lan-seats.json`,
read by `join`). A mutant either loads (a match that replays, seats that make sense) or is refused in
one line and set aside; nothing else may come out of the loader."""

from __future__ import annotations

import json

import fuzzkit
import pytest

from game.engine import Game
from game.headless import play_round
from game.rules import make_rules
from game.seats import make_seat
from net import hostsave, seatkeys

SEED = 31


def kept_match_bytes() -> bytes:
    """A kept match of a round and a half of app between four normal seats, as a host writes it."""
    game = Game(make_rules("app", 4), 7)
    seats = [make_seat("normal", seat, seat) for seat in range(4)]
    play_round(game, seats)
    match = hostsave.KeptMatch(
        "app",
        4,
        {},
        7,
        3,
        "normal",
        15.0,
        ["Aoi", "Ben", "Mio", "AI 4"],
        ["person"] * 3 + ["ai"],
        ["a" * 16, "b" * 16, "c" * 16, ""],
    )
    match.actions = [action.to_json() for action in game.actions]
    return json.dumps({"dobon_lan_host": hostsave.FORMAT, **match.__dict__}).encode()


def test_the_unmutated_kept_match_resumes(tmp_path):
    """The control: the example itself replays to where it stood."""
    path = tmp_path / hostsave.FILE
    path.write_bytes(kept_match_bytes())
    match, game = hostsave.load(path)
    assert match.names[0] == "Aoi" and len(game.actions) == len(match.actions) > 10


@pytest.mark.parametrize("chunk", range(4))
def test_mutated_kept_matches_load_or_are_set_aside_in_one_line(tmp_path, chunk):
    valid = kept_match_bytes()
    path = tmp_path / hostsave.FILE
    loaded = refused = 0
    for index in range(chunk * 60, chunk * 60 + 60):
        path.write_bytes(fuzzkit.mutant(valid, SEED, index))
        try:
            kept = hostsave.load(path)
        except hostsave.Damaged as exc:
            message = str(exc)
            assert "\n" not in message and len(message) < 600, (index, message[:200])
            assert not path.exists() and (tmp_path / f"{hostsave.FILE}.broken").exists()
            (tmp_path / f"{hostsave.FILE}.broken").unlink()
            refused += 1
        else:
            assert kept is not None, index
            match, game = kept
            assert game.n == match.players
            loaded += 1
    assert refused > 0 and loaded + refused == 60


def test_mutated_kept_seats_are_read_as_what_makes_sense(tmp_path, monkeypatch):
    monkeypatch.setenv("DOBON_TABLE_HOME", str(tmp_path))
    seatkeys.keep_seat("192.0.2.7", 47000, "Aoi", "t" * 16, 2)
    seatkeys.keep_seat("192.0.2.7", 47000, "Ben", "u" * 16, 1)
    valid = seatkeys.seats_path().read_bytes()
    for index in range(200):
        seatkeys.seats_path().write_bytes(fuzzkit.mutant(valid, SEED, index))
        kept = seatkeys.kept_seat("192.0.2.7", 47000, "Aoi")
        assert kept is None or (isinstance(kept.token, str) and kept.token), index
        seatkeys.keep_seat("192.0.2.7", 47000, "Mio", "v" * 16, 0)  # a damaged file is rewritten whole
        assert seatkeys.kept_seat("192.0.2.7", 47000, "Mio").token == "v" * 16


def test_a_kept_match_of_twelve_seats_resumes(tmp_path):
    """super seats up to twelve (two decks): a host of a big table that crashes gets its match back."""
    path = tmp_path / hostsave.FILE
    names = [f"P{seat}" for seat in range(12)]
    match = hostsave.KeptMatch("super", 12, {}, 3, 2, "normal", 15.0, names, ["ai"] * 12, [""] * 12)
    hostsave.save(path, match)
    kept, game = hostsave.load(path)
    assert kept.players == 12 and game.n == 12 and game.rules.two_decks
