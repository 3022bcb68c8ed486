"""Statistics and history of a LAN match: a match the host ends after its rounds is a finished match in
every record, a late guest is credited only with the rounds it played, every record dates the match
from the host's start, and the host's record names the late guest's seat. Real sockets on 127.0.0.1,
every wait bounded."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from lankit import until
from test_lan_history import a_match, config, forged, hostile_host, keeping, quiet

from game.events import RoundDealt, RoundEnded, event_from_json
from game.history import HUMAN, listing, load
from game.realtime import Timing
from game.seats import make_seat
from game.stats import compute
from net import hostsave
from net.client import play_as_ai
from net.host import Host
from net.protocol import Update


def test_a_finished_lan_match_counts_as_a_match_for_the_host_and_every_guest(tmp_path):
    host = Host(config(tmp_path, history_me=0), log=quiet)
    guests = [keeping(f"G{i}", tmp_path / f"guest{i}") for i in range(2)]
    watcher = keeping("Mio", tmp_path / "watcher", watch=True)
    asyncio.run(a_match(host, guests, watcher))

    assert host.result is not None and host.result.complete
    ranks = host.result.ranks
    for folder, seat in [(tmp_path / "host", 0), (tmp_path / "guest0", 0), (tmp_path / "guest1", 1)]:
        (entry,) = listing(folder).entries
        assert (entry.rounds, entry.matches) == (2, 1)
        app = compute(folder).presets["app"]
        assert (app.rounds, app.matches, app.matches_won) == (2, 1, int(ranks[seat] == 1))
    (kept,) = listing(tmp_path / "watcher").entries
    assert kept.matches == 1 and kept.me is None  # a watcher's record: the match, nobody's statistics


async def late_match(tmp_path: Path) -> tuple[Host, int, list[object]]:
    """A host of 3 seats for 2 rounds: an early guest from the deal, a late one who arrives once the
    first round is under way (AI plays its seat that round); host and guests keep history. Returns the
    host, the late guest's seat and every message it received."""
    cfg = config(tmp_path, min_people=1, seed=4, round_pause=0.3, timing=Timing(30, 20, 60))
    host = Host(cfg, log=quiet)
    await host.start()
    runner = asyncio.create_task(host.run())
    early = keeping("Early", tmp_path / "early")
    early.port = late_port = host.port
    late = None
    try:
        await early.connect()
        playing = [asyncio.create_task(play_as_ai(early, make_seat("easy", 1, early.seat)))]
        await until(lambda: host.game is not None and len(host.game.actions) >= 2, 10, "the deal")
        await asyncio.sleep(0.05)  # the late guest's keeper is made after the host's start
        late = keeping("Goro", tmp_path / "late")
        late.port = late_port
        welcome = await late.connect()
        playing.append(asyncio.create_task(play_as_ai(late, make_seat("easy", 2, welcome.seat))))
        await asyncio.wait_for(asyncio.gather(*playing), 90)
        await asyncio.wait_for(runner, 10)
    finally:
        runner.cancel()
        await host.close()
        for client in (early, late):
            if client is not None:
                await client.close()
    return host, welcome.seat, list(late.received)


@pytest.fixture(scope="module")
def late(tmp_path_factory) -> tuple[Path, Host, int, list[object]]:
    """One match with a late guest, for the tests below: its folder, the host, the late guest's seat
    and what it received."""
    folder = tmp_path_factory.mktemp("late")
    host, seat, received = asyncio.run(late_match(folder))
    assert host.result is not None and host.result.complete
    return folder, host, seat, received


def test_a_late_guest_is_credited_only_with_the_rounds_it_played(late):
    folder, _host, seat, _received = late
    mine = compute(folder / "late").presets["app"]
    assert (mine.rounds, mine.matches) == (1, 1)  # round 1 was the AI's
    (entry,) = listing(folder / "late").entries
    assert entry.me == seat and entry.joined_at(seat) == 1 and entry.joined_at(0) == 0
    _, game = load(entry.path)
    ended = [e.result.deltas[seat] for e in game.events if isinstance(e, RoundEnded)]
    assert len(ended) == 2 and mine.points == ended[1]
    theirs = compute(folder / "early").presets["app"]
    assert (theirs.rounds, theirs.matches) == (2, 1)


def test_every_record_dates_the_match_from_the_hosts_start(late):
    folder, _host, _seat, _received = late
    (hosts,) = listing(folder / "host").entries
    (early,) = listing(folder / "early").entries
    (entry,) = listing(folder / "late").entries
    assert entry.started == early.started == hosts.started  # not when the late guest's keeper began


def test_the_hosts_record_names_the_late_guests_seat_as_its_plate(late):
    folder, host, seat, _received = late
    (hosts,) = listing(folder / "host").entries
    (entry,) = listing(folder / "late").entries
    assert host.names()[seat] == hosts.names[seat] == entry.names[seat] == "Goro"  # not "AI 2"
    assert hosts.seats[seat] == entry.seats[seat] == HUMAN
    assert hosts.joined_at(seat) == 1


@pytest.mark.parametrize("joined", [[0, 1], [0, 0, 5], [0, -1, 0]])
def test_a_log_whose_joining_rounds_do_not_fit_is_refused_and_nothing_is_kept(tmp_path, joined):
    client, _ = asyncio.run(hostile_host([forged(joined=joined)], tmp_path / "history"))
    assert client.kept is not None and client.kept.path is None
    assert client.kept.problem == "its seats' joining rounds do not fit its rounds"
    assert not (tmp_path / "history").exists()


def test_the_late_guests_match_chart_runs_from_the_round_it_sat_down(late):
    import uikit  # noqa: F401  (the dummy video driver)

    from ui.scenes.results import score_history

    _folder, host, _seat, received = late
    assert host.game is not None
    shown = [event_from_json(e, host.game.deck) for m in received if isinstance(m, Update) for e in m.events]
    dealt = [e for e in shown if isinstance(e, RoundDealt)]
    assert [e.round_no for e in dealt] == [2]  # it saw nothing of round 1
    rows = score_history(shown)
    assert len(rows) == 2  # its seat's score as it sat down, then after its round: a line to draw
    assert rows[0] == list(dealt[0].scores) and rows[1] == list(host.result.scores)


def test_a_host_started_again_keeps_who_sat_down_late_and_when_the_match_began(late, tmp_path):
    _folder, host, seat, _received = late
    keep = tmp_path / "lan-host.json"
    hostsave.save(keep, host._kept_match())
    again = Host(config(tmp_path, keep_path=str(keep), seed=4), log=quiet)
    said = again._resume_kept(keep)
    assert said and said[0].startswith("resumed the kept match")
    assert again.joined == host.joined and again.joined[seat] == 1
    assert again.history_started == host.history_started
    assert again.recorder is not None and again.recorder.started == host.history_started
