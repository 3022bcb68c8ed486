"""The one table host (game.table_host): the game side of every table, the desktop's in-process and
the LAN's behind its sockets. Actions that reach it in one tick go by the rulebook's precedence, not by
arrival; a seat's updates carry nothing of another seat's hidden hand; and a table fed the same seed and
actions shows the same events whichever transport carries them."""

from __future__ import annotations

import asyncio
import subprocess
import sys
from pathlib import Path

import pytest
from lankit import card_codes, drawn_apart, quick_options
from test_core_acting import RaceBook, race_game
from test_lan import config, quiet, run_match

from game import Action, Game, Kind
from game.actions import REFEREE
from game.phase import Phase
from game.realtime import Timing
from game.rules import make_rules
from game.seats import make_seat
from game.table_host import TableHost
from net.client import Client
from net.host import Host
from net.protocol import Update
from ui.table.source import LocalHost

ROOT = Path(__file__).resolve().parent.parent
QUICK = Timing(turn_ms=15, dobon_ms=8, window_ms=40)
STEP_MS = 10.0  # the clock a test drives the host by advances this much a step
MAX_STEPS = 200_000  # a bound on every driven game (a match here takes a few thousand steps)


def race_actions(game: Game) -> tuple[Action, Action]:
    """The turn player's 2♥ and seat 1's snap of the 7♠ on the 7♥: each legal alone, not both."""
    return Action(0, Kind.PLAY, (game.deck.card("2H"),)), Action(1, Kind.PLAY, (game.deck.card("7S"),))


@pytest.mark.parametrize("arrival", ["turn-player-first", "snap-first"])
def test_two_seats_acting_in_one_tick_go_by_the_rulebooks_precedence_not_by_arrival(arrival):
    """RaceBook puts a snap out of turn before the turn player's play: whichever arrived first, the snap
    is applied and the play it overtook is refused to its seat, with the rule, leaving no trace."""
    game = race_game(RaceBook)
    host = TableHost(game, {}, QUICK)
    play, snap = race_actions(game)
    arrived = [play, snap] if arrival == "turn-player-first" else [snap, play]
    applied = host.act_together(arrived)
    assert game.actions == [snap] and game.field.code == "7S"
    assert [(i, a) for i, a, _ in applied.refused] == [(arrived.index(play), play)]
    assert applied.refused[0][2] == "it is seat 2's turn, not yours"
    assert applied.events


def test_the_desktop_sends_its_person_through_the_same_tick_and_checks_as_a_lan_guest():
    """The in-process transport is a client of the host like a LAN guest: an action the tick refuses
    is answered with the rule's reason and changes nothing; one that stands comes back as its seat's
    events (the same host sequence a LAN guest's update is stamped with)."""
    game = race_game(RaceBook)
    local = LocalHost(game, {}, QUICK, viewer=1)
    local.poll()
    play, snap = race_actions(game)
    assert local.submit(play) == "that is another seat's action"  # seat 0's, sent from seat 1
    assert game.actions == []
    assert local.submit(snap) is None
    events = local.poll()
    assert events and game.actions == [snap]
    assert [e.to_json() for e in events] == [e.for_seat(1).to_json() for e in game.events[-len(events) :]]


def drive(host: TableHost, seen: callable) -> None:
    """Play a whole match at `host` on the test's clock (every seat AI), calling `seen(events)` after
    every change; between rounds the table deals on at once."""
    now = 0.0
    seen(host.opening())
    for _ in range(MAX_STEPS):
        if host.game.phase is Phase.MATCH_OVER:
            return
        if host.game.phase is Phase.ROUND_OVER:
            events = host.next_round()
        else:
            now += STEP_MS
            events = host.run_due(now)
        if events:
            seen(events)
    raise AssertionError("the match did not end within the test's bound")


@pytest.mark.parametrize("preset", ["app", "standard", "jda", "kabu"])
def test_a_seats_updates_never_carry_another_seats_hidden_card(preset):
    """Every update the host makes for a seat (its events and its view) and for a watcher names no card
    that another seat holds unseen at that moment (at a round's end every hand is shown)."""
    rules = make_rules(preset, 4, quick_options(preset))
    game = Game(rules, 11)
    host = TableHost(game, {s: make_seat("normal", 11, s) for s in range(4)}, QUICK)
    checked = [0]

    def seen(events) -> None:
        if game.phase.value in ("round-over", "match-over"):
            return  # every hand is shown at the end of a round
        for seat in [*range(game.n), game.n]:
            update = (
                host.public_update(events, 0.0) if seat == game.n else host.seat_update(seat, events, 0.0)
            )
            hidden = set()
            for other in range(game.n):
                if other != seat:
                    hidden |= {c.code for c in game.hands[other]} - {
                        c.code for c in game.revealed.get(other, ())
                    }
            view = {k: v for k, v in update.view.to_json().items() if k != "history"}
            shown = card_codes([drawn_apart([e.to_json() for e in update.events]), view], game.deck.by_code)
            assert not shown & hidden, f"seat {seat} was shown {shown & hidden} at seq {update.seq}"
            checked[0] += 1

    drive(host, seen)
    assert checked[0] > 100


def test_a_desktop_table_and_a_lan_table_fed_the_same_seed_and_actions_show_the_same_events():
    """A LAN match is played (three guests and an AI seat); its action log is then fed to a table host
    in this process, as a desktop's would be: each guest's seat is shown the very events, in the same
    order, that the guest received over the sockets."""

    async def main():
        host = Host(config(players=4, rounds=2, seed=23), log=quiet)
        clients = [Client("127.0.0.1", 0, f"P{i}", log=quiet) for i in range(3)]
        await run_match(host, clients, ["normal", "easy", "hard"])
        return host, clients

    lan, clients = asyncio.run(main())
    actions = list(lan.game.actions)
    game = Game(make_rules("app", 4, {}), 23)
    here = TableHost(game, {}, QUICK)
    shown: dict[int, list[dict]] = {c.seat: [] for c in clients}

    def show(events) -> None:
        for seat, out in shown.items():
            out.extend(e.to_json() for e in here.seat_update(seat, events, 0.0).events)

    show(here.opening())
    for action in actions:
        if action.seat == REFEREE and action.kind is Kind.NEXT_ROUND:
            show(here.next_round())
            continue
        applied = here.act_together([action])
        assert not applied.refused, applied.refused
        show(applied.events)
    assert len(game.actions) == len(actions) and game.totals.rounds == 2
    for client in clients:
        received = [e for m in client.received if isinstance(m, Update) for e in m.events]
        assert received == shown[client.seat], f"seat {client.seat} saw another game"
        assert len(received) > 50


def test_a_solo_desktop_table_is_shown_every_event_of_its_seat_once_in_order():
    """The in-process client misses nothing and repeats nothing: driven frame by frame with every seat
    AI, what it hands the table is exactly the game's events as the viewer's seat sees them."""
    game = Game(make_rules("standard", 4, {}), 31)
    local = LocalHost(game, {s: make_seat("normal", 31, s) for s in range(4)}, QUICK, viewer=2)
    handed = list(local.poll())
    now = 0.0
    for _ in range(MAX_STEPS):
        if game.totals.rounds >= 2:
            break
        if game.phase is Phase.ROUND_OVER:
            handed.extend(local.next_round())
            continue
        now += STEP_MS
        local.advance(now)
        handed.extend(local.poll())
    else:
        raise AssertionError("two rounds did not end within the test's bound")
    handed.extend(local.poll())
    assert [e.to_json() for e in handed] == [e.for_seat(2).to_json() for e in game.events]
    assert local.view.hand == game.view(2).hand


def test_the_table_host_needs_no_socket_no_event_loop_and_no_window():
    """The host is transport-free: loading it (in a fresh interpreter) loads no socket, no asyncio,
    no pygame and nothing of the LAN or the desktop, so a bot, a test or a headless tool can host."""
    code = (
        "import sys, game.table_host; "
        "print(sorted(m for m in sys.modules if m.split('.')[0] in "
        "{'asyncio', 'socket', 'selectors', 'pygame', 'pygame_gui', 'net', 'ui'}))"
    )
    loaded = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60, cwd=ROOT, check=True
    )
    assert loaded.stdout.strip() == "[]", loaded.stdout
