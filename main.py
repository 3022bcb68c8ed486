"""Dobon Table: the desktop card table for ドボン, and its headless tools.

python main.py                 open the table (the desktop app)
python main.py sim ...         play AI matches headless and print a summary
python main.py replay FILE     watch an action log on the table (--json: print its summary)
python main.py review FILE     an AI review of one seat's decisions in a log
python main.py history         the games kept in the history; stats: your statistics from them
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
from collections.abc import Sequence

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from game.headless import LogError, replay, simulate, write_log
from game.registry import Part, PresetError, check_presets
from game.rules import PLANNED, PRESETS
from game.seats import SEATS
from net.pace import AWAY_AI_S, DEFAULT_TURN_LIMIT_S, IDLE_TIMEOUTS


def _options(pairs: Sequence[str]) -> dict[str, str]:
    out = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key:
            raise ValueError(f"--option wants KEY=VALUE, not {pair!r}")
        out[key.strip()] = value.strip()
    return out


def _size(text: str) -> tuple[int, int]:
    try:
        w, h = (int(v) for v in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"size must look like 1280x720, not {text!r}") from None
    (min_w, min_h), (max_w, max_h) = (800, 600), (7680, 4320)  # the table is laid out for 800x600 up
    if not (min_w <= w <= max_w and min_h <= h <= max_h):
        raise argparse.ArgumentTypeError(f"size must be between {min_w}x{min_h} and {max_w}x{max_h}")
    return w, h


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="main.py",
        description="Dobon Table. With no command, opens the desktop table.",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    sim = sub.add_parser("sim", help="play AI matches headless and print a summary")
    sim.add_argument(
        "--rules",
        default="app",
        metavar="PRESET",
        help=f"rule preset: {', '.join(PRESETS)}"
        + (f" (planned: {', '.join(PLANNED)})" if PLANNED else "")
        + "; default app",
    )
    sim.add_argument("--players", type=int, default=4, help="number of seats (default 4)")
    sim.add_argument(
        "--ai",
        default="basic",
        metavar="NAMES",
        help=f"comma-separated seat AIs ({', '.join(SEATS)}); the last repeats (default basic)",
    )
    sim.add_argument(
        "--rounds", type=int, default=100, help="rounds to play; new matches start as needed (default 100)"
    )
    sim.add_argument("--seed", type=int, default=None, help="random seed (default: a fresh one, printed)")
    sim.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="a rule option / house rule, e.g. max_players=6 or starting_points=500 (repeatable)",
    )
    sim.add_argument(
        "--scenario",
        metavar="FILE",
        help="play on from the position in FILE (docs/scenarios.md); its preset, seats and options rule",
    )
    sim.add_argument("--log", metavar="FILE", help="write the action log as JSON lines")
    sim.add_argument("--json", action="store_true", help="print one JSON object instead of a table")
    sim.add_argument(
        "--history", action="store_true", help="keep the game in the history (the data folder's history/)"
    )
    sim.add_argument(
        "--me",
        type=int,
        default=None,
        metavar="SEAT",
        help="--history: count this seat's AI as you in the statistics (default: nobody)",
    )

    table = parser.add_argument_group("the desktop table (no command)")
    table.add_argument("--demo", action="store_true", help="watch an all-AI game in the real render loop")
    table.add_argument("--rules", default="app", metavar="PRESET", help="--demo: rule preset (default app)")
    table.add_argument("--players", type=int, default=4, help="--demo: number of AI seats (default 4)")
    table.add_argument("--seed", type=int, default=None, help="--demo: random seed (default 1)")
    table.add_argument(
        "--level", default="normal", metavar="AI", help="--demo: AI level of every seat (default normal)"
    )
    table.add_argument(
        "--scenario", metavar="FILE", help="open the table on the position in FILE (docs/scenarios.md)"
    )
    table.add_argument("--frames", type=int, default=None, help="stop after this many frames")
    table.add_argument("--screenshot", metavar="PNG", help="save a screenshot of the last frame")
    table.add_argument("--size", type=_size, metavar="WxH", help="window size, e.g. 1280x720")
    table.add_argument("--windowed", action="store_true", help="open in a window")
    table.add_argument("--fullscreen", action="store_true", help="open full screen")
    table.add_argument("--lang", choices=("en", "ja"), help="language (default: from settings)")

    arena = sub.add_parser("arena", help="compare AI levels on duplicate deals")
    arena.add_argument("--rules", default="app", metavar="PRESET", help="rule preset (default app)")
    arena.add_argument("--players", type=int, default=4, help="number of seats (default 4)")
    arena.add_argument(
        "--ai",
        default="hard,normal",
        metavar="LEVELS",
        help="comma-separated levels to compare, rotated through every seat "
        "(easy, normal, hard, greedy, basic, random; hard-cheat sees all hands)",
    )
    arena.add_argument("--deals", type=int, default=200, help="number of deals (default 200)")
    arena.add_argument("--seed", type=int, default=1, help="random seed (default 1)")
    arena.add_argument("--option", action="append", default=[], metavar="KEY=VALUE", help="a rule option")
    arena.add_argument("--workers", type=int, default=None, help="worker processes (default: all cores)")
    arena.add_argument(
        "--warmup",
        type=int,
        default=0,
        metavar="W",
        help="measure the round after W rounds normal seats played (a match under way; default 0)",
    )
    arena.add_argument(
        "--cheat",
        action="store_true",
        help="also play hard-cheat in the first level's place on the same deals, and report the share "
        "of the second level -> hard-cheat gap the first level closes",
    )
    arena.add_argument("--json", action="store_true", help="print one JSON object instead of a table")

    host = sub.add_parser("host", help="host a LAN table (headless)")
    host.add_argument("--port", type=int, default=47000, help="TCP port (default 47000; 0 picks a free one)")
    host.add_argument(
        "--bind", default="0.0.0.0", metavar="ADDRESS", help="address to listen on (default all)"
    )
    host.add_argument("--rules", default="app", metavar="PRESET", help="rule preset (default app)")
    host.add_argument("--players", type=int, default=4, help="number of seats (default 4)")
    host.add_argument("--ai", default="normal", metavar="LEVEL", help="AI level for seats no person takes")
    host.add_argument("--rounds", type=int, default=3, help="rounds to play (default 3)")
    host.add_argument("--seed", type=int, default=None, help="random seed (default: a fresh one)")
    host.add_argument("--option", action="append", default=[], metavar="KEY=VALUE", help="a rule option")
    host.add_argument(
        "--wait",
        type=float,
        default=3.0,
        metavar="SECONDS",
        help="start this long after the last person joined, once everyone is ready (default 3)",
    )
    host.add_argument(
        "--people",
        type=int,
        default=1,
        help="people to wait for before dealing (default 1; 0 deals to AI alone); late ones take an AI seat"
        " at the next round",
    )
    host.add_argument(
        "--turn-limit",
        type=float,
        default=DEFAULT_TURN_LIMIT_S,
        metavar="SECONDS",
        help=f"a person's time to act; then AI acts for them once, and after {IDLE_TIMEOUTS} in a row plays"
        f" their seat until they act again (default {DEFAULT_TURN_LIMIT_S:g}; 0: no limit)",
    )
    host.add_argument(
        "--away-ai",
        type=float,
        default=AWAY_AI_S,
        metavar="SECONDS",
        help="how long a seat whose connection has gone silent is shown away before AI plays it until it"
        f" is heard again (default {AWAY_AI_S:g})",
    )
    host.add_argument(
        "--log-dir",
        metavar="DIR",
        default=None,
        help="where to save each match's action log (default: lan-logs in the user's data folder)",
    )
    host.add_argument("--no-announce", action="store_true", help="do not announce the table on the LAN")
    host.add_argument(
        "--new-match",
        action="store_true",
        help="start a new match even if one was kept from a host that stopped unexpectedly (by default the"
        " same command goes on with it, and its guests come back to their seats)",
    )
    host.add_argument(
        "--history", action="store_true", help="keep every finished round in the history (the data folder's)"
    )
    host.add_argument(
        "--matches",
        type=int,
        default=1,
        metavar="N",
        help="matches to play at this table (default 1): after each, a rematch with the same table (the"
        " people keep their seats; AI and left seats are open again)",
    )
    host.add_argument(
        "--rematch-after",
        type=float,
        default=10.0,
        metavar="SECONDS",
        help="with --matches: how long the result is shown before the rematch's lobby (default 10)",
    )

    join = sub.add_parser("join", help="join a LAN table (headless, an AI plays the seat)")
    join.add_argument(
        "address", metavar="HOST:PORT", help="the table's address, or its table code from the lobby"
    )
    join.add_argument("--name", default="Guest", help="your name at the table")
    join.add_argument("--ai", default="normal", metavar="LEVEL", help="the AI level that plays this seat")
    join.add_argument(
        "--watch", action="store_true", help="watch the table without a seat (public events only)"
    )
    join.add_argument(
        "--rejoin",
        action="store_true",
        help="also keep the seat for the desktop title's Rejoin (the seat is kept for this address anyway)",
    )
    join.add_argument(
        "--fresh",
        action="store_true",
        help="take a fresh seat, not the one kept for you at this address (by default `join` keeps its"
        " seat's token in the user's data folder and comes back to it on a second start)",
    )

    rep = sub.add_parser(
        "replay", help="watch an action log or history record on the table (--json: headless)"
    )
    rep.add_argument("file", help="the log file (sim --log) or history record")
    rep.add_argument("--json", action="store_true", help="print the replay's summary as JSON, open no window")

    rev = sub.add_parser("review", help="an AI review of one seat's decisions in a log or history record")
    rev.add_argument("file", help="the log file (sim --log) or history record")
    rev.add_argument("--seat", type=int, required=True, help="the seat to review")
    rev.add_argument(
        "--round", type=int, default=None, metavar="K", help="review only the K-th round (from 1)"
    )
    rev.add_argument("--seed", type=int, default=0, help="seed of the review's sampling (default 0)")
    rev.add_argument(
        "--work",
        type=int,
        default=None,
        metavar="ACTIONS",
        help="simulated actions per decision (default 6000)",
    )
    rev.add_argument("--top", type=int, default=10, help="how many decisions to list (default 10)")
    rev.add_argument("--no-save", action="store_true", help="do not keep the review in a history record")
    rev.add_argument("--json", action="store_true", help="print one JSON object instead of a table")

    hist = sub.add_parser("history", help="list the games kept in the history, newest first")
    hist.add_argument("--rules", default=None, metavar="PRESET", help="only this preset's games")
    hist.add_argument("--folder", default=None, help="the history folder (default: the data folder's)")
    hist.add_argument("--json", action="store_true", help="print one JSON object instead of a table")

    st = sub.add_parser("stats", help="your statistics from the games kept in the history")
    st.add_argument("--folder", default=None, help="the history folder (default: the data folder's)")
    st.add_argument("--json", action="store_true", help="print one JSON object instead of a table")
    return parser


def fail(command: str, message: str) -> int:
    print(f"main.py {command}: error: {message}", file=sys.stderr)
    return 2


def opens_window(args: argparse.Namespace) -> bool:
    """Whether the command shows the desktop table (which needs every preset's UI part too)."""
    return not args.command or (args.command == "replay" and not args.json)


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:  # every preset's parts load, or nothing starts: never a game played with the wrong ones
        check_presets(tuple(Part) if opens_window(args) else (Part.RULES, Part.KNOWLEDGE))
    except PresetError as exc:
        return fail("main.py", str(exc))
    if args.command == "sim":
        names = [a.strip() for a in args.ai.split(",") if a.strip()]
        unknown = [a for a in names if a not in SEATS]
        if unknown:
            return fail("sim", f"unknown AI {unknown[0]!r}; choose from {', '.join(SEATS)}")
        if args.rounds < 1:
            return fail("sim", "--rounds must be at least 1")
        scenario = None
        if args.scenario:
            from game.scenario import ScenarioError, load

            try:
                scenario = load(args.scenario)
            except ScenarioError as exc:
                return fail("sim", str(exc))
        seed = (
            args.seed if args.seed is not None else (scenario.seed if scenario else random.randrange(2**31))
        )
        try:
            summary, game = simulate(
                args.rules, args.players, names, args.rounds, seed, _options(args.option), scenario
            )
        except ValueError as exc:
            return fail("sim", str(exc))
        if args.log:
            try:
                write_log(args.log, game, summary_names(summary))
            except OSError as exc:
                return fail("sim", f"cannot write {args.log}: {exc}")
        if args.history:
            problem = keep_in_history(game, summary_names(summary), args.me)
            if problem:
                return fail("sim", problem)
    elif args.command == "host":
        return run_host_command(args)
    elif args.command == "join":
        return run_join_command(args)
    elif args.command == "arena":
        return run_arena_command(args)
    elif args.command == "review":
        return run_review_command(args)
    elif args.command == "history":
        return run_history_command(args)
    elif args.command == "stats":
        return run_stats_command(args)
    elif args.command == "replay":
        seen_summary = _seen_summary(args.file)  # a view-only record (game.seen), or None
        if isinstance(seen_summary, int):
            return seen_summary
        if seen_summary is not None:
            if not args.json:
                from ui.app import run_replay

                if run_replay(args.file) == 0:
                    return 0
            print(json.dumps(seen_summary))
            return 0
        try:
            summary, _ = replay(args.file)
        except LogError as exc:
            return fail("replay", str(exc))
        if not args.json:  # the viewer; with no screen to open it on, the summary as before
            from ui.app import run_replay

            if run_replay(args.file) == 0:
                return 0
    else:
        return table(args)
    print(json.dumps(summary.to_json()) if args.json else summary.table())
    return 0


def _seen_summary(path: str) -> dict | int | None:
    """A view-only record of a LAN match (game.seen: what one seat was shown) has no actions to replay:
    its summary (what the viewer steps through), an exit code after one line when it is damaged, or
    None for any other file (an action log, read as one)."""
    from game import history, seen

    try:
        if not seen.is_seen(history.read_header(path)):
            return None
        record = seen.load(path)
    except history.RecordError as exc:
        if exc.problem.why in ("not-json", "not-log", "not-record", "unreadable"):
            return None  # not a record: the log reader says why in its own words
        return fail("replay", str(exc))
    item = record.entry
    return {
        "seen": True,
        "rules": item.preset,
        "players": item.players,
        "me": item.me,
        "started": item.started,
        "updates": len(record.steps),
        "rounds": item.rounds,
        "standings": [s.to_json() for s in item.standings],
        "ranks": item.ranks,
    }


def run_host_command(args: argparse.Namespace) -> int:
    import asyncio

    from net import hostsave
    from net.host import MAX_MATCHES, Host, HostConfig, fresh_seed
    from net.stopping import Stopped, until_stopped
    from net.ticket import match_log_folder

    if args.ai not in SEATS:
        return fail("host", f"unknown AI {args.ai!r}; choose from {', '.join(SEATS)}")
    if not 0 <= args.port <= 65535:
        return fail("host", "--port must be 0..65535")
    if args.rounds < 1:
        return fail("host", "--rounds must be at least 1")
    if not 0 <= args.turn_limit <= 3600:
        return fail("host", "--turn-limit must be 0..3600 seconds (0: no limit)")
    if not 0 <= args.away_ai <= 600:
        return fail("host", "--away-ai must be 0..600 seconds")
    if not 0 <= args.people <= args.players:
        return fail("host", f"--people must be 0..{args.players} (the number of seats)")
    if not 1 <= args.matches <= MAX_MATCHES:
        return fail("host", f"--matches must be 1..{MAX_MATCHES}")
    if not 0 <= args.rematch_after <= 600:
        return fail("host", "--rematch-after must be 0..600 seconds")
    seed = args.seed if args.seed is not None else fresh_seed()
    try:
        config = HostConfig(
            args.rules,
            args.players,
            _options(args.option),
            args.ai,
            args.rounds,
            seed,
            args.bind,
            args.port,
            lobby_seconds=args.wait,
            min_people=args.people,
            turn_limit_s=args.turn_limit,
            away_ai_s=args.away_ai,
            log_dir=args.log_dir or str(match_log_folder()),
            advertise=not args.no_announce,
            keep_history=args.history,
            keep_path=str(hostsave.kept_path()),
            new_match=args.new_match,
            matches=args.matches,
            rematch_after_s=args.rematch_after,
        )
        host = Host(config, log=lambda line: print(line, flush=True))

    except ValueError as exc:
        return fail("host", str(exc))
    try:
        asyncio.run(until_stopped(host.run()))
    except OSError as exc:
        return fail("host", f"cannot listen on port {args.port}: {exc.strerror or exc}")
    except Stopped as stop:  # the players were told and the announcement withdrawn
        return stop.code
    except KeyboardInterrupt:
        return 130
    return 0


def run_join_command(args: argparse.Namespace) -> int:
    import asyncio

    from game.seats import make_seat
    from net import seatkeys, tablecode
    from net.client import Client, HostClosed, HostGone, play_as_ai, watch_table
    from net.stopping import Stopped, until_stopped
    from net.ticket import Ticket, clear_ticket, load_ticket, save_ticket

    if tablecode.looks_like_code(args.address):
        try:
            code_host, code_port = tablecode.decode(args.address)
        except tablecode.BadCode as exc:
            return fail("join", str(exc))
        args.address = f"{code_host}:{code_port}"
    address, sep, port = args.address.rpartition(":")
    if not sep or not address or not port.isdigit() or not 0 < int(port) < 65536:
        return fail("join", f"address must look like HOST:PORT, not {args.address!r}")
    if args.ai not in SEATS:
        return fail("join", f"unknown AI {args.ai!r}; choose from {', '.join(SEATS)}")

    async def watch() -> int:
        client = Client(address.strip("[]"), int(port), args.name, log=print, watch=True, keep_all=False)
        try:
            welcome = await client.connect()
            print(f"watching {welcome.rules} table", flush=True)
            finished = await watch_table(client, lambda line: print(line, flush=True))
        except HostGone as exc:
            print(f"main.py join: {exc}", file=sys.stderr)
            return 1
        finally:
            await client.close()
        order = sorted(range(len(finished.ranks)), key=lambda i: (finished.ranks[i], i))
        ranking = ", ".join(f"{finished.ranks[i]}. {finished.names[i]} {finished.scores[i]}" for i in order)
        print(f"match {'finished' if finished.complete else 'stopped'}: {ranking}", flush=True)
        return 0

    async def go() -> int:
        if args.watch:
            return await watch()
        host, at = address.strip("[]"), int(port)
        kept = load_ticket() if args.rejoin and not args.fresh else None
        token = kept.token if kept is not None and (kept.host, kept.port) == (host, at) else None
        mine = None if args.fresh else seatkeys.kept_seat(host, at, args.name)
        token = token or (mine.token if mine is not None else None)  # --fresh: none, a new seat

        def say(line: str) -> None:
            print(line, flush=True)

        client = Client(host, at, args.name, token, log=say, keep_all=False)
        try:
            try:
                welcome = await client.connect()
            except HostClosed as exc:
                if token is None:
                    raise
                # the seat kept for us is gone (a new table at the same address): join afresh
                seatkeys.forget_seat(host, at, args.name)
                say(f"the seat kept for you is no longer held ({exc}); joining afresh")
                client = Client(host, at, args.name, None, log=say, keep_all=False)
                welcome = await client.connect()
            back = token is not None and welcome.token == token
            print(
                f"{'back at' if back else 'joined'} {welcome.rules} table as seat {welcome.seat}", flush=True
            )
            seatkeys.keep_seat(host, at, args.name, welcome.token, welcome.seat)
            if args.rejoin:
                save_ticket(Ticket(host, at, welcome.token, args.name, welcome.rules, welcome.seat))
            finished = await play_as_ai(client, make_seat(args.ai, None, welcome.seat))
        except HostGone as exc:
            if isinstance(exc, HostClosed):
                seatkeys.forget_seat(host, at, args.name)
                if args.rejoin:
                    clear_ticket()
            print(f"main.py join: {exc}", file=sys.stderr)
            return 1
        finally:
            await client.close()
        seatkeys.forget_seat(host, at, args.name)
        if args.rejoin:
            clear_ticket()
        me = client.seat
        if not finished.complete:
            print("the host closed the table before the match's end; the standings so far:", flush=True)
        print(f"match finished: seat {me} ranked {finished.ranks[me]} with {finished.scores[me]}", flush=True)
        return 0

    try:
        return asyncio.run(until_stopped(go()))
    except Stopped as stop:
        return stop.code
    except KeyboardInterrupt:
        return 130


def run_arena_command(args: argparse.Namespace) -> int:
    from game.arena import CHEAT, run_arena, table

    levels = [a.strip() for a in args.ai.split(",") if a.strip()]
    unknown = [a for a in levels if a not in SEATS and a != CHEAT]
    if not levels or unknown:
        return fail("arena", f"unknown AI {(unknown or [''])[0]!r}; choose from {', '.join([*SEATS, CHEAT])}")
    if args.deals < 1:
        return fail("arena", "--deals must be at least 1")
    if args.workers is not None and args.workers < 1:
        return fail("arena", "--workers must be at least 1")
    try:
        summary = run_arena(
            args.rules,
            args.players,
            levels,
            args.deals,
            args.seed,
            _options(args.option),
            args.workers,
            args.warmup,
            args.cheat,
        )
    except ValueError as exc:
        return fail("arena", str(exc))
    print(json.dumps(summary) if args.json else table(summary))
    return 0


def table(args: argparse.Namespace) -> int:
    """Open the desktop table (or run the all-AI demo)."""
    from game.rules import PRESETS as presets

    if args.demo:
        if args.rules not in presets:
            return fail(
                "--demo", f"unknown or unplayable preset {args.rules!r}; playable: {', '.join(presets)}"
            )
        cls = presets[args.rules]
        if args.level not in SEATS:
            return fail("--demo", f"unknown AI {args.level!r}; choose from {', '.join(SEATS)}")
        if not cls.min_players <= args.players <= cls.players_cap:
            return fail(
                "--demo",
                f"{args.rules} is for {cls.min_players}-{cls.players_cap} players, not {args.players}",
            )
    if args.frames is not None and args.frames < 1:
        return fail("main.py", "--frames must be at least 1")
    if args.scenario:
        from game.scenario import ScenarioError, load

        try:
            args.scenario = load(args.scenario)  # checked before any window opens
        except ScenarioError as exc:
            return fail("--scenario", str(exc))
        if args.scenario.preset not in presets:  # in development: its rules run headless, no table yet
            return fail(
                "--scenario",
                f"the {args.scenario.preset!r} preset is not playable at the table yet; "
                f"playable: {', '.join(presets)} (sim --scenario plays it headless)",
            )
    from ui.app import run_app

    return run_app(args)


def keep_in_history(game, names: list[str], me: int | None) -> str | None:
    """sim --history: keep the game as a history record; the problem in words, or None."""
    from game.history import now_stamp, record

    if me is not None and not 0 <= me < game.n:
        return f"--me must be a seat 0..{game.n - 1}"
    try:
        path = record(game, names, me, now_stamp())
    except OSError as exc:
        return f"cannot write the history: {exc}"
    if path is not None:
        print(f"kept in the history: {path}", file=sys.stderr)
    return None


def run_review_command(args: argparse.Namespace) -> int:
    from game.history import RecordError, read_header, save_review
    from game.review import WORK, ReviewError, review_file

    if args.work is not None and args.work < 1:
        return fail("review", "--work must be at least 1")
    if args.top < 1:
        return fail("review", "--top must be at least 1")
    if args.round is not None and args.round < 1:
        return fail("review", "--round must be at least 1")
    work = args.work or WORK

    def bar(done: int, total: int) -> None:
        if not args.json and total and sys.stderr.isatty():
            print(f"\rreviewing: {done}/{total} decisions", end="" if done < total else "\n", file=sys.stderr)

    try:
        result = review_file(
            args.file, args.seat, seed=args.seed, work=work, round_index=args.round, progress=bar
        )
    except ReviewError as exc:
        return fail("review", str(exc))
    data = result.to_json(args.top)
    if not args.no_save:
        try:
            read_header(args.file)  # only a history record keeps its reviews
            save_review(args.file, args.seat, data)
        except (RecordError, OSError):
            pass  # a plain log (sim --log) is left as it is
    print(json.dumps(data) if args.json else result.table(args.top))
    return 0


def run_history_command(args: argparse.Namespace) -> int:
    from game.history import listing

    found = listing(args.folder, args.rules)
    if args.json:
        print(json.dumps({"games": [e.to_json() for e in found.entries], "skipped": found.problems}))
        return 0
    if not found.entries:
        print("no games in the history" + (f" of {args.rules}" if args.rules else ""))
    for e in found.entries:
        you = f"you seat {e.me}" if e.me is not None else "AI only"
        mine = f", your points {e.deltas[e.me]:+d}" if e.me is not None else ""
        print(
            f"{e.started}  {e.preset:<9} {e.players} seats ({', '.join(e.seats)}), {you}: "
            f"{e.rounds} round(s), {e.matches} match(es){mine}  {e.path}"
        )
    for problem in found.problems:
        print(f"skipped {problem}", file=sys.stderr)
    return 0


def run_stats_command(args: argparse.Namespace) -> int:
    from game.stats import compute

    stats = compute(args.folder)
    print(json.dumps(stats.to_json()) if args.json else stats.table())
    return 0


def summary_names(summary) -> list[str]:
    return [s.ai for s in summary.seats]


if __name__ == "__main__":
    sys.exit(main())
