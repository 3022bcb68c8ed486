"""Visit every screen of the table and save a screenshot of each (docs/screenshots/).

    python tools/screenshots.py [OUT_DIR] [--lang en|ja] [--size 800x600]

Runs the real app; under Xvfb (DISPLAY set) it uses a real window, otherwise the dummy driver.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
if not os.environ.get("DISPLAY"):
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("DOBON_TABLE_HOME", tempfile.mkdtemp(prefix="dobon-shots-"))

import pygame  # noqa: E402

from game.actions import REFEREE  # noqa: E402
from game.headless import play  # noqa: E402
from game.phase import Phase  # noqa: E402
from game.seats import make_seat  # noqa: E402
from ui.app import App  # noqa: E402
from ui.settings import Settings  # noqa: E402
from ui.table.setup import GameSetup, SeatSpec  # noqa: E402


def run_frames(app: App, n: int) -> None:
    for _ in range(n):
        app.frame(1 / 60)


def shot(app: App, n: int, path: Path) -> None:
    run_frames(app, n)
    pygame.image.save(app.display, str(path))
    print("saved", path)


def frames_until_result(app: App) -> None:
    """Let the table play on until its round's result screen is up (bounded)."""
    from ui.scenes.results import RoundResultScene

    for _ in range(900):
        if isinstance(app.stack.top, RoundResultScene):
            return
        run_frames(app, 1)


def match_result(app: App, setup: GameSetup, game) -> None:
    """The result screen of a match played to its end, over its table."""
    from ui.scenes.results import MatchResultScene
    from ui.scenes.table import TableScene

    table = TableScene(app, setup, game)
    app.stack.clear_to(table)
    run_frames(app, 5)
    table.result_shown = (game.round_no, game.match_no)
    app.stack.clear_to(table)
    app.stack.push(MatchResultScene(app, table))


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("out", nargs="?", default=str(ROOT / "docs" / "screenshots"))
    parser.add_argument("--lang", default="en", choices=("en", "ja"))
    parser.add_argument("--size", default="1280x720", help="window size, e.g. 800x600")
    parser.add_argument(
        "--only",
        choices=("jda", "kabu", "history", "seats", "results", "learn"),
        help="only one preset's, the history's, the big tables' (7, 8, 12 seats), the round results' or"
        " Learn to play's screens (quicker)",
    )
    args = parser.parse_args()
    size = tuple(int(v) for v in args.size.lower().split("x"))
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    suffix = "" if args.lang == "en" else "-ja"
    settings = Settings(language=args.lang)
    app = App(settings, None, size)

    if args.only == "jda":
        jda_shots(app, out, suffix)
        return
    if args.only == "kabu":
        kabu_shots(app, out, suffix)
        return
    if args.only == "history":  # at the default size the gallery's names; at another, the size in them
        sized = suffix if size == (1280, 720) else f"-{size[0]}x{size[1]}{suffix}"
        history_shots(app, out, sized)
        return
    if args.only == "seats":
        seats_shots(app, out, suffix)
        return
    if args.only == "results":
        result_shots(app, out, f"-{size[0]}x{size[1]}{suffix}")
        return
    if args.only == "learn":
        learn_shots(app, out, suffix)
        return

    from ui.scenes.new_game import NewGameScene
    from ui.scenes.results import MatchResultScene, RoundResultScene
    from ui.scenes.rules import RulesScene
    from ui.scenes.settings_scene import SettingsScene
    from ui.scenes.table import TableScene
    from ui.scenes.title import TitleScene

    app.stack.push(TitleScene(app))
    shot(app, 30, out / f"title{suffix}.png")
    app.stack.push(NewGameScene(app))
    shot(app, 10, out / f"new-game{suffix}.png")
    app.stack.pop()
    app.stack.push(RulesScene(app, "standard"))
    shot(app, 10, out / f"rules{suffix}.png")
    app.stack.pop()
    app.stack.push(SettingsScene(app))
    shot(app, 10, out / f"settings{suffix}.png")
    app.stack.pop()

    # LAN: the host screen, the join screen, and a lobby (hosted here, not announced)
    from ui.scenes.lan import HostScene, JoinScene

    host_scene = HostScene(app)
    app.stack.push(host_scene)
    shot(app, 5, out / f"lan-host{suffix}.png")
    app.stack.pop()
    app.stack.push(JoinScene(app))
    shot(app, 5, out / f"lan-join{suffix}.png")
    app.stack.pop()
    host_scene = HostScene(app)
    app.stack.push(host_scene)
    run_frames(app, 2)
    host_scene.announce = False
    host_scene.open_table(port=0)
    lobby = app.stack.top
    lobby.session.send_chat("Hi! One more round?")
    lobby.session.send_ready(True)
    for _ in range(60):
        run_frames(app, 1)
        import time

        time.sleep(0.01)
    shot(app, 2, out / f"lan-lobby{suffix}.png")
    lobby.session.close()
    app.stack.clear_to(TitleScene(app))

    # a table with a person at seat 0, some turns in
    seats = [SeatSpec("human", "basic", ""), *[SeatSpec("ai", "basic", "") for _ in range(4)]]
    setup = GameSetup("standard", 5, {}, seats, 21).complete()
    game = setup.new_game()
    agents = [make_seat("basic", 3, s) for s in range(game.n)]
    for _ in range(40):
        seat = game.sync_next()
        if seat == REFEREE or (
            seat == 0 and game.phase is Phase.TURN and game.turn == 0 and game.window is None
        ):
            break
        legal = game.sync_actions(seat)
        game.apply(legal[0] if len(legal) == 1 else agents[seat].act(game.view(seat, legal)))
    app.stack.clear_to(TableScene(app, setup, game))
    shot(app, 40, out / f"table{suffix}.png")

    # the auction of a standard round: the bid box, with an amount being typed
    seats = [SeatSpec("human", "basic", ""), *[SeatSpec("ai", "basic", "") for _ in range(3)]]
    auction = TableScene(app, GameSetup("standard", 4, {}, seats, 8).complete())
    app.stack.clear_to(auction)
    for _ in range(600):
        if auction.bidding:
            break
        run_frames(app, 1)
    auction.type_bid("1")
    auction.type_bid("2")
    shot(app, 2, out / f"auction{suffix}.png")

    # the suit picker after clicking an 8, and a dobon moment (app rules, exact hands)
    from game import Game, make_rules

    seats = [
        SeatSpec("ai", "basic", ""),
        SeatSpec("human", "basic", ""),
        SeatSpec("ai", "basic", ""),
        SeatSpec("ai", "basic", ""),
    ]
    setup = GameSetup("app", 4, {}, seats, 8).complete()
    hands = [
        ["10H", "4D", "5D", "6D", "7D"],
        ["AC", "AS", "2D", "3D", "3S"],
        ["2C", "4C", "6C", "8C", "10C"],
        ["3C", "5C", "7C", "JC", "QC"],
    ]
    game = Game(make_rules("app", 4), 8, deal=False)
    game.start_round(game.deck_from_hands(hands, "9H", [], 0), 0)
    from game import Action, Kind

    game.apply(Action(0, Kind.PLAY, (game.deck.card("10H"),)))
    table = TableScene(app, setup, game)
    app.stack.clear_to(table)
    table.board.shown.window = (0, 0.0)
    run_frames(app, 3)
    shot(app, 2, out / f"dobon-ready{suffix}.png")
    table.call_dobon()
    shot(app, 22, out / f"dobon{suffix}.png")
    hands[1][4] = "8H"
    game = Game(make_rules("app", 4), 8, deal=False)
    game.start_round(game.deck_from_hands(hands, "9H", [], 1), 1)
    table = TableScene(app, setup, game)
    app.stack.clear_to(table)
    run_frames(app, 3)
    table.play_card(game.deck.card("8H"))
    shot(app, 3, out / f"suit-picker{suffix}.png")

    # a round that has just ended (app rules)
    seats = [SeatSpec("human", "basic", ""), *[SeatSpec("ai", "basic", "") for _ in range(3)]]
    setup = GameSetup("app", 4, {"starting_points": 300}, seats, 5).complete()
    game = setup.new_game()
    play(game, [make_seat("basic", 5, s) for s in range(4)], 1)
    table = TableScene(app, setup, game)
    app.stack.clear_to(table)
    run_frames(app, 5)
    if not isinstance(app.stack.top, RoundResultScene):
        app.stack.push(RoundResultScene(app, table))
    shot(app, 20, out / f"round-result{suffix}.png")
    # play on until the match ends
    while game.phase is not Phase.MATCH_OVER:
        game.apply(game.legal_actions(REFEREE)[0]) if game.phase is Phase.ROUND_OVER else None
        play(game, [make_seat("basic", 5, s) for s in range(4)], 1)
    app.stack.clear_to(table)
    table.result_shown = (game.round_no, game.match_no)
    app.stack.push(MatchResultScene(app, table))
    shot(app, 10, out / f"match-result{suffix}.png")

    # the demo table with six AI seats, mid-game
    seats = [SeatSpec("ai", "basic", "") for _ in range(6)]
    setup = GameSetup("app", 6, {"max_players": 6}, seats, 1).complete()
    app.stack.clear_to(TableScene(app, setup, demo=True))
    shot(app, 900, out / f"table-6{suffix}.png")

    super_shots(app, out, suffix)
    jda_shots(app, out, suffix)
    kabu_shots(app, out, suffix)

    # the smallest window the table allows, mid-round with your turn up
    app.resize_window((800, 600))
    seats = [SeatSpec("human", "basic", ""), *[SeatSpec("ai", "basic", "") for _ in range(4)]]
    small = TableScene(app, GameSetup("app", 5, {"max_players": 6}, seats, 4).complete())
    app.stack.clear_to(small)
    for _ in range(900):
        if small.accepts_input and small.legal():
            break
        run_frames(app, 1)
    shot(app, 2, out / f"table-800x600{suffix}.png")


def result_shots(app: App, out: Path, suffix: str) -> None:
    """Each preset's round result (tools/result_rounds.py), in words and then rule by rule:
    result-<preset><suffix>.png and result-<preset>-rules<suffix>.png."""
    from tools.result_rounds import ROUNDS
    from ui.scenes.results import RoundResultScene
    from ui.scenes.table import TableScene

    seats = [SeatSpec("human", "basic", ""), *[SeatSpec("ai", "basic", "") for _ in range(3)]]
    for preset, make in ROUNDS.items():
        game = make()
        options = {"draw_parent": False} if preset == "kabu" else {}
        setup = GameSetup(preset, 4, options, seats, 3).complete()
        app.stack.clear_to(TableScene(app, setup, game))
        frames_until_result(app)
        scene = app.stack.top
        shot(app, 10, out / f"result-{preset}{suffix}.png")
        if isinstance(scene, RoundResultScene):
            scene.toggle_detail()
            shot(app, 4, out / f"result-{preset}-rules{suffix}.png")


def mid_round(setup: GameSetup, least: int):
    """A game of `setup` played by AI seats for at least `least` actions, stopped where it is your
    (seat 0's) turn with no dobon window open: piles in front of the seats, hands of every size."""
    from game import Game, make_rules

    seed = setup.seed
    while True:
        game = Game(make_rules(setup.preset, setup.players, setup.options), seed)
        seats = [make_seat("normal", seed, s) for s in range(setup.players)]
        applied = 0
        while game.phase in (Phase.TURN, Phase.REACTION, Phase.OPENING):
            seat = game.sync_next()
            if applied >= least and seat == 0 and game.phase is Phase.TURN and game.window is None:
                return game
            if seat == REFEREE:
                break
            legal = game.sync_actions(seat)
            game.apply(legal[0] if len(legal) == 1 else seats[seat].act(game.view(seat, legal)))
            applied += 1
        seed += 1  # that round ended first: another deal


def learn_shots(app: App, out: Path, suffix: str) -> None:
    """Learn to play at 800x600 and 1920x1080: the list of lessons, and the classic lesson at its 8
    step with every hint asked (the ♠8 picked, ♣ outlined in the suit picker)."""
    from ui.scenes.learn import LearnScene, start_lesson
    from ui.scenes.table import TableScene
    from ui.scenes.title import TitleScene

    for size in ((800, 600), (1920, 1080)):
        app.resize_window(size)
        app.stack.clear_to(TitleScene(app))
        app.stack.push(LearnScene(app))
        shot(app, 10, out / f"learn-{size[0]}{suffix}.png")
        start_lesson(app, "app")
        table = app.stack.top
        assert isinstance(table, TableScene) and table.guide is not None
        guide = table.guide
        for _ in range(3000):  # the lesson's moves, each as its step expects, up to the 8
            run_frames(app, 1)
            step = guide.step
            if step is not None and step.id == "eight" and guide.waiting(table):
                break
            if step is not None and step.expect is None:
                guide.press(table, "guide:continue")
            elif step is not None and guide.waiting(table):
                table.submit(next(a for a in table.legal() if step.expect.matches(a)))
        guide.hints = 3
        run_frames(app, 2)
        table.play_card(next(c for c in table.source.view.hand if c.code == "8S"))
        shot(app, 20, out / f"learn-table-{size[0]}{suffix}.png")


def seats_shots(app: App, out: Path, suffix: str) -> None:
    """The big `super` tables: 7, 8 and 12 seats (12 with two decks) at 1280x720 and 1920x1080, and 8
    in the smallest window, each in mid-round with your turn up."""
    from ui.scenes.table import TableScene

    for players, sizes in (
        (7, ((1280, 720), (1920, 1080))),
        (8, ((800, 600), (1280, 720), (1920, 1080))),
        (12, ((1280, 720), (1920, 1080))),
    ):
        seats = [
            SeatSpec("human", "basic", "You"),
            *[SeatSpec("ai", "normal", "") for _ in range(players - 1)],
        ]
        setup = GameSetup("super", players, {}, seats, 21).complete()
        for size in sizes:
            app.resize_window(size)
            table = TableScene(app, setup, mid_round(setup, players * 3))
            app.stack.clear_to(table)
            shot(app, 90, out / f"seats-{players}-{size[0]}{suffix}.png")


def super_shots(app: App, out: Path, suffix: str) -> None:
    """`super`: a table in mid-round (player piles, a colour named, two-way hand sums), a counter, and
    the round result that explains every multiplier."""
    from game import Action, Kind
    from game.scenario import parse
    from ui.scenes.results import RoundResultScene
    from ui.scenes.table import TableScene

    seats = [SeatSpec("human", "basic", ""), *[SeatSpec("ai", "basic", "") for _ in range(3)]]
    setup = GameSetup("super", 4, {}, seats, 3).complete()
    mid = {
        "dobon_scenario": 1,
        "preset": "super",
        "players": 4,
        "piles": {
            "hand/0": ["AS", "2H", "5C", "9D", "KC"],
            "hand/1": ["3S", "4D", "6H", "10C"],
            "hand/2": ["7S", "8D", "JC"],
            "hand/3": ["4S", "5S", "6C", "7C", "10D", "JH"],
            "pile/1": ["8C", "KD"],
            "pile/2": ["JK"],
            "pile/3": ["8S"],
            "field": ["3H", "3C", "QC"],
        },
        "turn": 0,
        "round": {"colour": "red", "turns_taken": [2, 2, 2, 2], "first_card_placed": True},
    }
    game = parse(mid).game()
    table = TableScene(app, setup, game)
    app.stack.clear_to(table)
    shot(app, 60, out / f"super-table{suffix}.png")

    counter = dict(
        mid,
        piles={
            "hand/0": ["5H", "2H", "7S"],
            "hand/1": ["3D", "4C"],
            "hand/2": ["6S", "9C", "JD", "KH"],
            "hand/3": ["4S", "10D", "QS"],
            "pile/2": ["8C"],
            "field": ["3H", "7H"],
        },
        round={"turns_taken": [2, 2, 2, 2], "first_card_placed": True},
    )
    game = parse(counter).game()
    game.apply(Action(0, Kind.PLAY, (game.deck.card("7S"),)))
    game.apply(Action(1, Kind.DOBON, (game.deck.card("7S"),)))
    while game.window is not None and game.window.pending[0] != 0:
        game.apply(Action(game.window.pending[0], Kind.PASS))
    table = TableScene(app, setup, game)
    app.stack.clear_to(table)
    run_frames(app, 90)
    table.call_dobon()  # the counter: 5 + 2 = 7 = 3 + 4
    shot(app, 24, out / f"super-counter{suffix}.png")
    for _ in range(600):
        if isinstance(app.stack.top, RoundResultScene):
            break
        run_frames(app, 1)
    shot(app, 30, out / f"super-result{suffix}.png")


def history_shots(app: App, out: Path, suffix: str) -> None:
    """History (with a skipped file), a game's review, the statistics and the replay viewer, from games
    kept in this run's own data folder."""
    import time

    from game import Game, make_rules
    from game.history import history_dir, record, save_review
    from game.review import review_file
    from ui.scenes.history import HistoryScene, RecordScene
    from ui.scenes.replay import ReplayScene
    from ui.scenes.stats import StatsScene

    folder = history_dir()
    kept = []
    games = [
        ("app", 3, "20260101T190000000000Z", ["normal"] * 3, 3),
        ("app", 5, "20260103T190000000000Z", ["hard", "normal", "normal"], 4),
        ("standard", 4, "20260105T190000000000Z", ["normal"] * 3, 3),
        ("super", 6, "20260107T190000000000Z", ["hard"] * 3, 2),
        ("app", 8, "20260110T190000000000Z", ["normal"] * 3, 5),
    ]
    for preset, seed, started, levels, rounds in games:
        game = Game(make_rules(preset, 4, {}), seed)
        play(game, [make_seat("basic", seed, s) for s in range(4)], rounds)
        names = ["", "Aoi", "Ren", "Hana"]
        kept.append(record(game, ["human", *levels], 0, started, names=names, folder=folder))
    (folder / "notes.jsonl").write_text("a note that is not a record\n", encoding="utf-8")
    save_review(kept[-1], 0, review_file(kept[-1], 0, work=3000).to_json(10))

    history = HistoryScene(app)
    app.stack.push(history)
    shot(app, 5, out / f"history{suffix}.png")
    app.stack.push(RecordScene(app, history.entries[0]))
    shot(app, 5, out / f"history-review{suffix}.png")
    app.stack.pop()
    stats = StatsScene(app)
    app.stack.push(stats)
    for _ in range(300):
        if stats.figures is not None:
            break
        run_frames(app, 1)
        time.sleep(0.02)
    shot(app, 5, out / f"statistics{suffix}.png")
    app.stack.pop()
    viewer = ReplayScene(app, kept[-1])
    app.stack.push(viewer)
    viewer.press("next_dobon")
    viewer.press("every_hand")
    shot(app, 120, out / f"replay{suffix}.png")


def jda_shots(app: App, out: Path, suffix: str) -> None:
    """`jda`: a table mid-match (deal sizes and laps on the plates) with two 7s picked to place out of
    turn, dobon-gaeshi with its top card and clock, the screen between games, the match chart of
    laps and deal sizes, and the rules."""
    from game import Action, Kind
    from game.scenario import parse
    from ui.scenes.rules import RulesScene
    from ui.scenes.table import TableScene

    app.settings.ai_turn_ms = app.settings.ai_dobon_ms = 5000  # the AI seats hold still for the picture
    seats = [SeatSpec("human", "basic", ""), *[SeatSpec("ai", "basic", "") for _ in range(3)]]
    setup = GameSetup("jda", 4, {}, seats, 3).complete()
    mid = {
        "dobon_scenario": 1,
        "preset": "jda",
        "players": 4,
        "piles": {
            "hand/0": ["7H", "7D", "3S", "QC", "5D", "9H"],
            "hand/1": ["2C", "4D", "6H", "10C"],
            "hand/2": ["KS", "8D", "JC", "4S", "5S", "6C", "9C", "10D"],
            "hand/3": ["AS", "3C", "JH", "QD"],
            "field": ["4H", "KH", "7S"],
        },
        "turn": 2,
        "match": {
            "round_no": 6,
            "parent": 2,
            "state": {"deal": [6, 4, 8, 4], "lap": [0, 0, 0, 1], "games": 5},
        },
        "round": {"placer": 1},
    }
    game = parse(mid).game()
    table = TableScene(app, setup, game)
    app.stack.clear_to(table)
    run_frames(app, 90)
    table.choose(game.deck.card("7H"))
    table.choose(game.deck.card("7D"))
    shot(app, 4, out / f"jda-table{suffix}.png")

    gaeshi = dict(mid, piles={**mid["piles"], "hand/0": ["4H", "5H"], "hand/2": ["9S"], "field": ["9C"]})
    gaeshi["round"] = {"placer": 1}
    game = parse(gaeshi).game()
    game.apply(Action(2, Kind.DOBON, (game.deck.card("9S"),)))
    table = TableScene(app, setup, game)
    app.stack.clear_to(table)
    shot(app, 75, out / f"jda-gaeshi{suffix}.png")
    table.call_dobon()  # your gaeshi: 4 + 5 = 9
    shot(app, 2, out / f"jda-gaeshi-top{suffix}.png")
    table.submit(table.picker[1])
    frames_until_result(app)
    shot(app, 10, out / f"jda-between-games{suffix}.png")

    # a long match, to its end: laps and deal sizes move on the chart
    setup = GameSetup("jda", 4, {"games": 24}, seats, 9).complete()
    game = setup.new_game()
    play(game, [make_seat("basic", 9, s) for s in range(4)], 24)
    match_result(app, setup, game)
    shot(app, 10, out / f"jda-match-result{suffix}.png")
    app.stack.push(RulesScene(app, "jda"))
    shot(app, 10, out / f"jda-rules{suffix}.png")


def kabu_shots(app: App, out: Path, suffix: str) -> None:
    """`kabu` (株ドボン): a table mid-match with a set picked (laps and extra cards on the plates, parity
    and the set's targets by the field), the dobon's target picker on a set holding the ensouled four,
    trumps to put out, the match's result with its settlement step by step, the game's chart of laps and
    extra cards, the rules, and a table at 800x600."""
    from game import Action, Kind
    from game.scenario import parse
    from ui.scenes.rules import RulesScene
    from ui.scenes.table import TableScene

    app.settings.ai_turn_ms = app.settings.ai_dobon_ms = 5000  # the AI seats hold still for the picture
    seats = [SeatSpec("human", "basic", ""), *[SeatSpec("ai", "basic", "") for _ in range(3)]]
    setup = GameSetup("kabu", 4, {"draw_parent": False}, seats, 3).complete()
    state = {"laps": [1, 3, 0, 2], "extra": [2, 0, 4, 1], "matches": 5}

    def position(hands, field, turn, last=None):
        data = {
            "dobon_scenario": 1,
            "preset": "kabu",
            "players": 4,
            "options": {"draw_parent": False},
            "piles": {**{f"hand/{s}": h for s, h in enumerate(hands)}, "field": field},
            "turn": turn,
            "match": {"round_no": 6, "parent": turn, "state": state},
        }
        if last is not None:
            data["round"] = {"stage": "play", "last_play": [{"card": c} for c in last], "placer": 3}
        return parse(data).game()

    def settle(table) -> None:
        for _ in range(300):
            run_frames(app, 1)
            if table.accepts_input:
                return

    hands = [
        ["3", "4", "6", "8", "2", "9", "10"],
        ["5", "5#2", "7"],
        ["1R", "2#2", "6#2", "8#2", "9#2", "9#3", "9#4", "10#2"],
        ["1", "3#2", "6#3", "7#2"],
    ]
    game = position(hands, ["4S", "5#3", "2#3"], 0, last=["5#3", "2#3"])
    table = TableScene(app, setup, game)
    app.stack.clear_to(table)
    settle(table)
    table.choose(game.deck.card("3"))
    table.choose(game.deck.card("4"))  # 3 + 4 is 7: ONE card of the last play, never their sum (§3.2)
    shot(app, 4, out / f"kabu-set-refused{suffix}.png")
    table.toast = None
    table.choose(game.deck.card("2"))  # 2 + 3 is 5, a card of the last play
    shot(app, 4, out / f"kabu-table{suffix}.png")

    # Ren plays the ensouled four and a 4 together on an 8; your 1 + 3 make 4: which card?
    hands = [["1#2", "3", "10"], ["4S", "4", "9", "9#2"], ["9#3", "8"], ["7", "7#2"]]
    game = position(hands, ["6", "8#2"], 1)
    fours = tuple(sorted((game.deck.card("4S"), game.deck.card("4")), key=lambda c: c.id))
    game.apply(Action(1, Kind.PLAY, fours))
    table = TableScene(app, setup, game)
    app.stack.clear_to(table)
    run_frames(app, 40)
    table.call_dobon()
    shot(app, 2, out / f"kabu-dobon-target{suffix}.png")
    table.submit(next(a for a in table.picker if a.cards[0].code == "4S"))
    for _ in range(400):  # the window closes; you are asked for your trumps
        run_frames(app, 1)
        if game.ext.stage == "trump" and table.accepts_input and game.window is None:
            break
    table.choose(game.deck.card("3"))
    table.choose(game.deck.card("10"))
    shot(app, 4, out / f"kabu-trumps{suffix}.png")
    table.play_chosen()
    frames_until_result(app)
    shot(app, 10, out / f"kabu-result{suffix}.png")

    # a whole game to its end: laps and extra cards on the chart
    setup = GameSetup("kabu", 4, {"max_matches": 12}, seats, 9).complete()
    game = setup.new_game()
    players = [make_seat("basic", 9, s) for s in range(4)]
    for _ in range(40):  # a void match is dealt again and does not count: play on to the game's end
        if game.phase is Phase.MATCH_OVER:
            break
        play(game, players, 1)
    match_result(app, setup, game)
    shot(app, 10, out / f"kabu-game-result{suffix}.png")
    app.stack.push(RulesScene(app, "kabu"))
    shot(app, 10, out / f"kabu-rules{suffix}.png")

    # the smallest window: a five-seat table mid-match
    size = app.window_size
    app.resize_window((800, 600))
    seats5 = [SeatSpec("human", "basic", ""), *[SeatSpec("ai", "basic", "") for _ in range(4)]]
    small = TableScene(app, GameSetup("kabu", 5, {}, seats5, 4).complete())
    app.stack.clear_to(small)
    shot(app, 420, out / f"kabu-800x600{suffix}.png")
    app.resize_window(size)
    app.settings.ai_turn_ms, app.settings.ai_dobon_ms = Settings().ai_turn_ms, Settings().ai_dobon_ms


if __name__ == "__main__":
    main()
