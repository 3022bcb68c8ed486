"""The table fits every window from the enforced minimum to 4K, for every seat count, without overlaps
(issue 12, items 6 and 7). Each case draws a real frame and checks the regions the board and the table
scene report for what they drew: every one inside the window, no two overlapping."""

from __future__ import annotations

import itertools

import pytest
import uikit
from uikit import frames

from game import Game, Kind, make_rules
from game.rules import PRESETS
from ui.scenes.table import TableScene
from ui.table.layout import seats_that_fit
from ui.table.setup import GameSetup, SeatSpec

SIZES = [
    (800, 600),
    (1024, 768),
    (1280, 720),
    (1366, 768),
    (1280, 1024),
    (1920, 1080),
    (2560, 1080),
    (3840, 2160),
]
LONG = "Wwwwwwwwwwwwwwww"  # the longest name the new-game screen takes


@pytest.fixture(scope="module")
def app(tmp_path_factory):
    yield from uikit.home_app(tmp_path_factory)


def table(app, size, preset: str, players: int, extra_cards: int = 0, help_on: bool = True) -> TableScene:
    app.resized(size)
    app.settings.practice_help = help_on
    seats = [SeatSpec("human", "basic", LONG), *[SeatSpec("ai", "basic", LONG) for _ in range(players - 1)]]
    options = {"max_players": 6} if preset == "app" and players > 4 else {}
    setup = GameSetup(preset, players, options, seats, 5).complete()
    game = Game(make_rules(preset, players, options), 5)
    for _ in range(extra_cards):
        game.hands[0].append(game.stock.pop())
    game.hands[0].sort()
    scene = TableScene(app, setup, game)
    app.stack.clear_to(scene)
    scene.board.log.extend(f"{LONG} played ♠{n} and a long line of log text follows" for n in range(6))
    frames(app, 3)
    return scene


def seat_of(name: str, viewer: int) -> str | None:
    """Parts drawn together on purpose: another seat's fan, plate, badge and laid cards; the field card
    and the suit and draw badges on its corners."""
    if name in ("field", "suit", "chain"):
        return "field"
    if name in ("panel", "clock"):  # a prompt's own parts (jda's gaeshi clock) are drawn on it
        return "panel"
    kind, _, seat = name.partition(":")
    if kind in ("plate", "hand", "laid", "badge") and seat.isdigit() and int(seat) != viewer:
        return seat
    return None


def problems(scene: TableScene, size) -> list[str]:
    w, h = size
    regions = dict(scene.board.regions)
    out = []
    for name, rect in regions.items():
        if rect.left < 0 or rect.top < 0 or rect.right > w or rect.bottom > h:
            out.append(f"{name} {rect} leaves the {w}x{h} window")
    for (a, ra), (b, rb) in itertools.combinations(regions.items(), 2):
        same = seat_of(a, scene.viewer)
        if same is not None and same == seat_of(b, scene.viewer):
            continue
        if ra.colliderect(rb):
            out.append(f"{a} {ra} overlaps {b} {rb}")
    return out


def expect(scene, size, *names: str) -> None:
    missing = [n for n in names if n not in scene.board.regions]
    assert not missing, f"not drawn: {missing}"
    found = problems(scene, size)
    assert not found, "\n".join(found)


TABLES = [(name, n) for name, cls in PRESETS.items() for n in range(cls.min_players, cls.players_cap + 1)]


def sized(fit: bool) -> list:
    """Every table of every preset at every size, where the window holds it (`fit`) or not."""
    return [
        pytest.param(size, preset, n, id=f"{preset}-{n}-{size[0]}x{size[1]}")
        for size in SIZES
        for preset, n in TABLES
        if (n <= seats_that_fit(*size)) is fit
    ]


@pytest.mark.parametrize(("size", "preset", "players"), sized(True))
def test_every_size_and_seat_count_fits_without_overlaps(app, size, preset, players):
    """Every seat count every preset allows (super: 2-12, two decks from 9), each seat's player pile
    holding a card where the preset has them, in every window that holds that many (all of them up
    to eight; twelve from 1280x720)."""
    scene = table(app, size, preset, players)
    piles = sorted(p for p in scene.game.extra if p.startswith("pile/"))
    for name in piles:  # super: a card on every player pile, so the piles are drawn as cards
        scene.game.move([scene.game.stock[-1]], "stock", name)
    scene.board.call_hint = "You can call DOBON!"  # the longest plate: both practice lines
    scene.board.clock_hint = "Time left: 10 s"  # and a turn's time limit (jda's stalling rule)
    frames(app, 2)
    app.stack.top.draw(app.screen)
    names = ["stock", "field", "hand", "dobon", "log", "menu", "control:draw", f"plate:{scene.viewer}"]
    names += [f"plate:{s}" for s in range(players)] + [f"hand:{s}" for s in range(1, players)]
    names += [f"pile:{p}" for p in piles]
    expect(scene, size, *names)
    assert "notice" not in scene.board.regions


@pytest.mark.parametrize(
    "size", [s for s in SIZES if seats_that_fit(*s) == 12], ids=lambda s: f"{s[0]}x{s[1]}"
)
@pytest.mark.parametrize("players", [9, 12])
def test_hands_shown_face_up_at_a_crowded_table_lie_where_their_fans_were(app, size, players):
    """A dobon or a counter shows whole hands: up the sides and across the top of a crowded table each
    lies in its fan's own space, clear of the other seats, the piles and the field."""
    scene = table(app, size, "super", players)
    for seat in range(1, players):
        scene.game.move([scene.game.stock[-1]], "stock", f"pile/{seat}")
    for seat in range(1, players, 2):
        scene.board.shown.revealed[seat] = tuple(scene.game.hands[seat])
    frames(app, 2)
    app.stack.top.draw(app.screen)
    expect(scene, size, *(f"laid:{s}" for s in range(1, players, 2)), "stock", "field")


@pytest.mark.parametrize(("size", "preset", "players"), [p for p in sized(True) if p.values[2] >= 7])
def test_every_seats_badge_at_a_big_table_stands_clear(app, size, preset, players):
    """Every seat of a table of 7-12 has said "last one" (the badge over its plate): it stands clear of
    the other seats, the window's edge and your own plate (on a crowded table each strip up a side
    leaves room above its plate for it)."""
    scene = table(app, size, preset, players)
    scene.board.shown.last_one.update(range(1, players))
    frames(app, 2)
    app.stack.top.draw(app.screen)
    expect(scene, size, *(f"badge:{s}" for s in range(1, players)), *(f"plate:{s}" for s in range(players)))


def test_twelve_seats_are_laid_out_from_1280x720_and_eight_always():
    assert seats_that_fit(1280, 720) == 12 and seats_that_fit(1920, 1080) == 12
    assert 8 <= seats_that_fit(800, 600) < 12


@pytest.mark.parametrize(("size", "preset", "players"), sized(False))
def test_a_window_too_small_for_a_crowded_table_says_so(app, size, preset, players):
    """9-12 seats in a window that cannot lay them out without overlaps: the table says how many it
    holds, across the middle, inside the window."""
    from ui.text import tr

    scene = table(app, size, preset, players)
    app.stack.top.draw(app.screen)
    notice = scene.board.regions["notice"]
    assert app.screen.get_rect().contains(notice)
    fit = seats_that_fit(*size)
    assert tr("table.too_small", seats=players, fit=fit) and fit < players
    assert not scene.board.layout.fits()


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_big_hand_stays_between_the_side_columns(app, size):
    scene = table(app, size, "app", 4, extra_cards=11)
    scene.board.hover = 0  # the raised card too
    frames(app, 2)
    expect(scene, size, "hand", "plate:0", "control:draw", "dobon")


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_bid_box_covers_neither_the_field_nor_the_hand_sum(app, size):
    scene = table(app, size, "standard", 5)
    uikit.play_for_person(app, lambda: scene.bidding, limit=200, act=False)
    frames(app, 1)
    assert scene.board.sum_hint  # the hand sum is on your plate while the box is up
    expect(scene, size, "panel", "field", "plate:0", "hand")


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_suit_picker_leaves_the_suit_badge_and_field_in_view(app, size):
    from game import Action, Suit

    app.resized(size)
    hands = [
        ["8H", "3C", "9C", "KD", "4D"],
        ["2S", "4S", "6S", "10S", "QS"],
        ["2C", "4C", "6C", "8C", "10C"],
        ["8S", "5C", "7C", "JC", "QC"],
    ]
    game = Game(make_rules("app", 4), 5, deal=False)
    game.start_round(game.deck_from_hands(hands, "5S", [], 3), 3)
    game.apply(Action(3, Kind.PLAY, (game.deck.card("8S"),), Suit.HEARTS))  # ♥ in force on a ♠8
    seats = [SeatSpec("human", "basic", LONG), *[SeatSpec("ai", "basic", LONG) for _ in range(3)]]
    scene = TableScene(app, GameSetup("app", 4, {}, seats, 5).complete(), game)
    app.stack.clear_to(scene)
    frames(app, 2)
    scene.play_card(game.deck.card("8H"))
    assert scene.picker
    frames(app, 1)
    expect(scene, size, "panel", "field", "suit", "hand")


def test_ordinary_names_are_drawn_whole_and_long_ones_cut(app):
    scene = table(app, (800, 600), "app", 6)
    board = scene.board
    assert (
        board.seat_name(1) == LONG
        and board.layout.plate_width(1) < board.font(board.layout.text_size, True).size(LONG)[0]
    )
    board.names = ["Hana", "Ren", "Sora", "Yuki", "Kaito", "Aoi"]
    frames(app, 1)
    for seat in range(6):
        plate = board.regions[f"plate:{seat}"]
        assert (
            plate.width >= board.text(board.names[seat], board.layout.text_size, bold=True).get_width() + 24
        )


def test_the_window_never_goes_below_the_minimum(app):
    import pygame

    from ui.app import MIN_SIZE

    table(app, (1280, 720), "app", 4)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=(640, 400), w=640, h=400))
    frames(app, 2)
    assert app.size == MIN_SIZE and app.screen.get_size() == MIN_SIZE
    assert app.stack.top.board.layout.w == MIN_SIZE[0]


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("players", [2, 4, 6])
def test_a_presets_own_piles_sit_by_their_seats_without_overlaps(app, size, players):
    """Two piles per seat (one face up, one its owner's only), each holding cards: another seat's by
    its plate, yours and the shared ones beside the field pile."""
    from dataclasses import dataclass

    from test_core_piles import PilesBook

    from game.rules.app import AppRules

    @dataclass(frozen=True)
    class Rules(AppRules):
        def rulebook(self):
            return PilesBook(self)

    app.resized(size)
    rules = Rules(players=players, max_players=6)
    game = Game(rules, 5)
    for seat in range(players):
        game.move([game.hands[seat][0]], f"hand/{seat}", f"pile/{seat}")
        game.move([game.hands[seat][0]], f"hand/{seat}", f"kept/{seat}")
    seats = [SeatSpec("human", "basic", LONG), *[SeatSpec("ai", "basic", LONG) for _ in range(players - 1)]]
    scene = TableScene(app, GameSetup("app", players, {"max_players": 6}, seats, 5).complete(), game)
    app.stack.clear_to(scene)
    frames(app, 3)
    app.stack.top.draw(app.screen)
    piles = [f"pile:{kind}/{s}" for s in range(players) for kind in ("pile", "kept")]
    expect(scene, size, "stock", "field", "hand", *piles, *(f"plate:{s}" for s in range(players)))


def jda_gaeshi(app, size, players: int) -> TableScene:
    """A jda table in dobon-gaeshi: the last seat called dobon on the field card; you may answer."""
    from game import Action
    from game.scenario import parse

    app.resized(size)
    hands = {"hand/0": ["4H", "5H", "QC", "KC", "8D", "7S"], "hand/1": ["2C", "3D", "KS"]}
    hands[f"hand/{players - 1}"] = ["9S"]
    game = parse(
        {
            "dobon_scenario": 1,
            "preset": "jda",
            "players": players,
            "piles": {**hands, "field": ["9C"]},
            "turn": 1 % players,
            "round": {"placer": 0 if players == 2 else 1},
        }
    ).game()
    game.apply(Action(players - 1, Kind.DOBON, (game.deck.card("9S"),)))
    seats = [SeatSpec("human", "basic", LONG), *[SeatSpec("ai", "basic", LONG) for _ in range(players - 1)]]
    scene = TableScene(app, GameSetup("jda", players, {}, seats, 5).complete(), game)
    app.stack.clear_to(scene)
    frames(app, 3)
    return scene


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_jda_gaeshi_panel_leaves_the_field_hand_and_buttons_in_view(app, size, players):
    """jda's gaeshi panel (its top card, the words and the 3-second clock) sits in the prompt band; the
    throw-in button stands with the others."""
    scene = jda_gaeshi(app, size, players)
    assert scene.game.window is not None and 0 in scene.game.window.pending
    app.stack.top.draw(app.screen)
    expect(scene, size, "panel", "clock", "field", "hand", "plate:0", "control:answer:0", "dobon")


def kabu_trumps(app, size, players: int, put_out: bool) -> TableScene:
    """A kabu table after your dobon on Ren's 4 + 4S: you are to put out trumps (the prompt panel), or
    you have put out 3 and 10 (your trump pile fanned) and Hana, whose 1 + 2 make 3, may answer."""
    from game import Action
    from game.scenario import parse

    app.resized(size)
    hands = {"hand/0": ["1", "3", "10"], "hand/1": ["4S", "4", "9", "9#2"], "hand/2": ["1#2", "2"]}
    more = [["9#3", "8"], ["9#4", "8#3"], ["7", "7#2"]]
    for seat in range(3, players):
        hands[f"hand/{seat}"] = more[seat - 3]
    state = {"laps": [12] * players, "extra": [5] * players}  # the widest plates
    game = parse(
        {
            "dobon_scenario": 1,
            "preset": "kabu",
            "players": players,
            "options": {"draw_parent": False},
            "piles": {**hands, "field": ["6", "8#2"]},
            "turn": 1,
            "match": {"parent": 1, "state": state},
        }
    ).game()
    fours = tuple(sorted((game.deck.card("4S"), game.deck.card("4")), key=lambda c: c.id))
    game.apply(Action(1, Kind.PLAY, fours))
    game.apply(Action(0, Kind.DOBON, (game.deck.card("4S"),)))
    for seat in list(game.window.pending if game.window is not None else ()):
        game.apply(Action(seat, Kind.PASS))  # nobody else answers the 4 + 4S
    if put_out:
        game.apply(Action(0, Kind.PLAY, tuple(c for c in game.hands[0] if c.code in ("3", "10"))))
    seats = [SeatSpec("human", "basic", LONG), *[SeatSpec("ai", "basic", LONG) for _ in range(players - 1)]]
    scene = TableScene(app, GameSetup("kabu", players, {"draw_parent": False}, seats, 5).complete(), game)
    app.stack.clear_to(scene)
    frames(app, 3)
    return scene


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_the_kabu_trump_prompt_and_a_fanned_trump_pile_fit(app, size, players):
    """kabu: the prompt to put out trumps sits in the prompt band with the Play button; once put out,
    the trumps lie fanned by your plate, clear of your hand, the plates and the field's badges. (With
    two players the dobon'd hand is the only other and is face up: no trump is put out, §4.3.)"""
    scene = kabu_trumps(app, size, players, put_out=False)
    assert scene.game.ext.stage == "trump" and scene.game.turn == 0
    app.stack.top.draw(app.screen)
    expect(scene, size, "panel", "field", "hand", "plate:0", "plate:1", "dobon", "indicator:0")
    scene = kabu_trumps(app, size, players, put_out=True)
    assert scene.game.window is not None and len(scene.game.extra["trumps/0"]) == 2
    app.stack.top.draw(app.screen)
    expect(scene, size, "pile:trumps/0", "field", "hand", "plate:0", "plate:1", "plate:2", "dobon")


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("players", [2, 4, 6])
def test_a_kabu_set_of_four_lies_spread_on_the_field_clear_of_the_badges(app, size, players):
    """kabu: every card of the last play shows on the field (a dobon names one of them), a set of four
    included, with the "2s only" and set badges above it and the +N beside it, clear of the plates."""
    from game.scenario import parse

    app.resized(size)
    spare = ["9", "9#2", "9#3", "9#4", "7", "7#2", "7#3", "7#4", "8#2", "8#3"]
    hands = {f"hand/{s}": spare[2 * s - 2 : 2 * s] for s in range(1, players)}
    hands["hand/0"] = ["3", "5", "10", "8"]
    last = ["1", "1#2", "2", "2#2"]  # 1 + 1 + 2 + 2 = 6: a set of four on a 6, forcing the next player
    game = parse(
        {
            "dobon_scenario": 1,
            "preset": "kabu",
            "players": players,
            "options": {"draw_parent": False},
            "piles": {**hands, "field": ["6", *last]},
            "turn": 0,
            "chain": {"links": 2, "cards": 4},
            "round": {"stage": "play", "last_play": [{"card": c} for c in last], "placer": players - 1},
            "match": {"parent": 0, "state": {"laps": [12] * players, "extra": [5] * players}},
        }
    ).game()
    seats = [SeatSpec("human", "basic", LONG), *[SeatSpec("ai", "basic", LONG) for _ in range(players - 1)]]
    scene = TableScene(app, GameSetup("kabu", players, {"draw_parent": False}, seats, 5).complete(), game)
    app.stack.clear_to(scene)
    frames(app, 3)
    app.stack.top.draw(app.screen)
    field = scene.board.regions["field"]
    assert field.width > 2.5 * scene.board.layout.pile_card_h * scene.board.layout.aspect  # four cards apart
    expect(scene, size, "field", "chain", "indicator:0", "indicator:1", "stock", "hand")


@pytest.mark.parametrize("size", [(800, 600), (1280, 720), (1920, 1080)], ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("players", [3, 4, 6])
def test_a_callers_face_up_hand_lies_where_its_fan_was_clear_of_its_plate(app, size, players):
    """A dobon shows the caller's hand face up: in place of its face-down fan, never over its own name
    plate (the check above lets a seat's parts touch each other; this one may not)."""
    from game import Action

    app.resized(size)
    options = {"max_players": 6} if players > 4 else {}
    spare = [["2C", "4C", "6C", "8C", "10C"], ["3C", "5C", "7C", "JC", "QC"], ["3H", "4H", "5H", "6H", "7H"]]
    spare += [["2S", "4S", "6S", "8S", "10S"], ["9S", "JS", "QS", "KS", "AD"]]
    for caller in (1, players - 1):
        hands = [["10H", "4D", "5D", "6D", "7D"], *spare[: players - 1]]
        hands[caller] = ["AC", "AS", "2D", "3D", "3S"]  # adds to 10
        game = Game(make_rules("app", players, options), 8, deal=False)
        game.start_round(game.deck_from_hands(hands, "9H", [], 0), 0)
        game.apply(Action(0, Kind.PLAY, (game.deck.card("10H"),)))
        game.apply(Action(caller, Kind.DOBON, (game.deck.card("10H"),)))
        seats = [
            SeatSpec("human", "basic", LONG),
            *[SeatSpec("ai", "basic", LONG) for _ in range(players - 1)],
        ]
        scene = TableScene(app, GameSetup("app", players, options, seats, 5).complete(), game)
        app.stack.clear_to(scene)
        frames(app, 3)
        app.stack.top.draw(app.screen)
        laid, plate = scene.board.regions[f"laid:{caller}"], scene.board.regions[f"plate:{caller}"]
        assert not laid.colliderect(plate), (caller, laid, plate)
        assert f"hand:{caller}" not in scene.board.regions  # the face-up hand stands for the fan


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_big_super_hand_stays_clear_of_your_own_pile(app, size):
    """super: with twelve cards your hand still ends short of your own pile, right of your plate."""
    from game.scenario import parse

    app.resized(size)
    mine = ["AS", "2H", "3C", "4D", "5S", "6H", "7C", "9D", "10S", "JH", "QC", "KD"]
    piles = {"hand/0": mine, "hand/1": ["3S", "4C"], "hand/2": ["7S", "8D"], "hand/3": ["4S", "5H"]}
    piles.update({"pile/0": ["8C", "KS"], "pile/1": ["8H"], "field": ["3H"]})
    game = parse({"dobon_scenario": 1, "preset": "super", "players": 4, "piles": piles, "turn": 0}).game()
    seats = [SeatSpec("human", "basic", LONG), *[SeatSpec("ai", "basic", LONG) for _ in range(3)]]
    scene = TableScene(app, GameSetup("super", 4, {}, seats, 5).complete(), game)
    app.stack.clear_to(scene)
    frames(app, 3)
    app.stack.top.draw(app.screen)
    expect(scene, size, "hand", "pile:pile/0", "pile:pile/1", "plate:0", "dobon", "control:draw")


@pytest.mark.parametrize("size", SIZES[:3], ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_a_splash_over_the_middle_leaves_the_side_seats_plates_in_view(app, size, players):
    """The auction's "Starts (bid 12)" (and every splash) is no wider than the gap between the plates
    beside it."""
    import pytweening

    from ui.table.board import GOLD, Splash
    from ui.tween import Tween

    scene = table(app, size, "standard", players)
    board = scene.board
    board.splashes.append(
        Splash("Starts (bid 12)", "You", GOLD, Tween(9, pytweening.linear), board.layout.centre)
    )
    frames(app, 20)
    app.stack.top.draw(app.screen)
    splash = board.regions["splash"]
    plates = {n: r for n, r in board.regions.items() if n.startswith("plate:")}
    assert not [n for n, r in plates.items() if r.colliderect(splash)], (splash, plates)
