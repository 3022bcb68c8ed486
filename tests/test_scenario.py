"""Scenario files (docs/scenarios.md): a position written down, played on headless or at the table,
and saved back from a table; every bad file gets a one-line error naming the field, exit status 2."""

from __future__ import annotations

import functools
import json
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game import Action, Game, Kind, make_rules
from game.events import RoundDealt
from game.headless import replay, simulate, write_log
from game.phase import Phase
from game.scenario import ScenarioError, dumps, from_game, load, parse

ROOT = Path(__file__).resolve().parents[1]

APP = {
    "dobon_scenario": 1,
    "preset": "app",
    "players": 3,
    "names": ["You", "Ren", "Hana"],
    "piles": {
        "hand/0": ["3H", "7H"],
        "hand/1": ["2S", "4S", "6S", "8S", "10S", "QS"],
        "hand/2": ["5C"],
        "field": ["9D", "KD", "10H"],
        "stock": ["AC", "AD"],
    },
    "turn": 1,
    "scores": [900, 1100, 1000],
    "match": {"round_no": 4},
}


def codes(cards) -> list[str]:
    return [c.code for c in cards]


def test_a_scenario_sets_up_every_pile_the_turn_and_the_scores():
    g = parse(APP).game()
    assert [codes(h) for h in g.hands] == [["3H", "7H"], ["2S", "4S", "6S", "8S", "10S", "QS"], ["5C"]]
    assert codes(g.discard) == ["9D", "KD", "10H"]  # cards under the field card; 10H is on top
    assert codes(g.stock[-2:]) == ["AC", "AD"] and len(g.stock) == 52 - 2 - 6 - 1 - 3  # AD is drawn next
    assert (g.turn, g.scores, g.round_no, g.phase) == (1, [900, 1100, 1000], 4, Phase.TURN)
    dealt = g.events[0]
    assert isinstance(dealt, RoundDealt) and codes(dealt.under) == ["9D", "KD"] and dealt.field.code == "10H"
    assert Action(1, Kind.PLAY, (g.deck.card("10S"),)) in g.legal_actions(1)  # 10 on 10
    g.apply(Action(1, Kind.DRAW))
    assert g.deck.card("AD") in g.hands[1]


def test_the_cards_named_nowhere_go_under_the_stock_in_an_order_the_seed_fixes():
    one, again = parse(APP).game(), parse(APP).game()
    assert codes(one.stock) == codes(again.stock)
    other = parse({**APP, "seed": 9}).game()
    assert codes(other.stock) != codes(one.stock) and codes(other.stock[-2:]) == ["AC", "AD"]


def test_a_position_saved_from_a_game_loads_back_the_same(tmp_path):
    g = parse(APP).game()
    g.apply(Action(1, Kind.PLAY, (g.deck.card("10S"),)))
    while g.window is not None:
        g.apply(g.legal_actions(g.window.pending[0])[0])
    path = tmp_path / "saved.json"
    path.write_text(dumps(from_game(g, ["A", "B", "C"], ["human", "normal", "hard"])), encoding="utf-8")
    back = load(path).game()
    for name, pile in g.piles().items():
        assert codes(back.pile(name)) == codes(pile.cards), name
    assert (back.turn, back.direction, back.scores, back.field_suit) == (
        g.turn,
        g.direction,
        g.scores,
        g.field_suit,
    )
    assert load(path).seats == ["human", "normal", "hard"]


def test_standard_plays_or_skips_its_auction():
    base = {
        "dobon_scenario": 1,
        "preset": "standard",
        "players": 3,
        "piles": {"hand/0": ["3H", "4H"], "hand/1": ["5S", "6S"], "hand/2": ["7C", "8C"], "field": ["9H"]},
        "turn": 2,
        "match": {"round_no": 7, "state": {"wins": [2, 0, 1]}},
    }
    skipped = parse(base).game()
    assert skipped.phase is Phase.TURN and skipped.turn == 2
    assert skipped.book.public_state(skipped)["bids"] == (1, 1, 1)  # everyone bid the minimum
    assert skipped.match_ext.wins == [2, 0, 1] and skipped.round_no == 7
    played = parse({**base, "opening": "play"}).game()
    assert played.phase is Phase.OPENING and any(a.kind is Kind.BID for a in played.legal_actions(0))


def test_sim_plays_on_from_a_scenario_and_its_log_replays(tmp_path):
    scenario = parse(APP)
    summary, game = simulate("app", 3, ["normal"], 3, 5, scenario=scenario)
    assert summary.rounds == 3 and game.actions
    log = tmp_path / "s.jsonl"
    write_log(log, game, ["normal"] * 3)
    again, replayed = replay(log)
    assert [a.to_json() for a in replayed.actions] == [a.to_json() for a in game.actions]
    assert again.to_json()["seats"] == summary.to_json()["seats"]


def run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "main.py", *args], cwd=ROOT, capture_output=True, text=True, timeout=120
    )


def test_sim_scenario_on_the_command_line(tmp_path):
    path = tmp_path / "s.json"
    path.write_text(json.dumps(APP), encoding="utf-8")
    first = run("sim", "--scenario", str(path), "--ai", "normal", "--rounds", "2", "--seed", "3", "--json")
    again = run("sim", "--scenario", str(path), "--ai", "normal", "--rounds", "2", "--seed", "3", "--json")
    assert first.returncode == 0, first.stderr
    one, two = json.loads(first.stdout), json.loads(again.stdout)
    for timing in ("seconds", "rounds_per_s", "actions_per_s"):
        one.pop(timing), two.pop(timing)
    assert one == two and one["rules"] == "app" and one["players"] == 3


BAD = [
    ("[1, 2]", "a scenario is a JSON object"),
    ('{"preset": "app"}', 'it needs "dobon_scenario": 1'),
    ('{"dobon_scenario": 1, "preset": "app", "players": 3}', "piles: missing"),
    ('{"dobon_scenario": 1, "preset": "uno", "players": 3, "piles": {}}', "preset: unknown 'uno'"),
    ('{"dobon_scenario": 1, "preset": "app", "players": 9, "piles": {}}', "players/options:"),
    (
        '{"dobon_scenario": 1, "preset": "app", "players": 3, "piles": {"field": ["5H"], "hand/0": ["XX"]}}',
        "piles.hand/0: no card 'XX'",
    ),
    (
        '{"dobon_scenario": 1, "preset": "app", "players": 3, "piles": {"field": ["5H"], "hand/0": ["5H"]}}',
        "piles.hand/0: 5H is also in field",
    ),
    (
        '{"dobon_scenario": 1, "preset": "app", "players": 3, "piles": {"hand/0": ["5H"]}}',
        "piles.field: needs at least the field card",
    ),
    (
        '{"dobon_scenario": 1, "preset": "app", "players": 3, "piles": {"field": ["5H"], "pile/0": ["6H"]}}',
        "no pile 'pile/0'",
    ),
    (
        '{"dobon_scenario": 1, "preset": "app", "players": 3, "piles": {"field": ["5H"]}, "turn": 3}',
        "turn must be a seat, 0..2",
    ),
    (
        '{"dobon_scenario": 1, "preset": "app", "players": 3, "piles": {"field": ["5H"]}, "scores": [1, 2]}',
        "scores must be 3 whole numbers",
    ),
    (
        '{"dobon_scenario": 1, "preset": "app", "players": 3, "piles": {"field": ["5H"]}, "seats": ["human", "genius", "easy"]}',
        "seats[1]: 'genius'",
    ),
    (
        '{"dobon_scenario": 1, "preset": "app", "players": 3, "piles": {"field": ["5H"]}, "match": {"state": {}}}',
        "match.state: this preset keeps no match state",
    ),
    (
        '{"dobon_scenario": 1, "preset": "standard", "players": 3, "piles": {"field": ["5H"]}, "match": {"state": {"wins": [1]}}}',
        "match.state.wins must be 3 whole numbers",
    ),
    (
        '{"dobon_scenario": 1, "preset": "app", "players": 3, "piles": {"field": ["5H"]}, "colour": "red"}',
        "colour: unknown field",
    ),
    ("{not json", "not JSON (line 1"),
]


@pytest.mark.parametrize(("text", "needle"), BAD, ids=[f"bad{i}" for i in range(len(BAD))])
def test_a_bad_scenario_names_the_field(tmp_path, text, needle):
    path = tmp_path / "bad.json"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ScenarioError) as caught:
        load(path)
    message = str(caught.value)
    assert needle in message and message.startswith(str(path)) and "\n" not in message


@pytest.mark.parametrize("command", [["sim", "--scenario"], ["--scenario"]])
def test_a_bad_scenario_on_the_command_line_is_one_line_and_exit_2(tmp_path, command):
    path = tmp_path / "bad.json"
    path.write_text(BAD[5][0], encoding="utf-8")
    proc = run(*command, str(path))
    assert proc.returncode == 2 and proc.stdout == ""
    assert proc.stderr.count("\n") == 1 and "piles.hand/0: no card 'XX'" in proc.stderr
    missing = run(*command, str(tmp_path / "none.json"))
    assert missing.returncode == 2 and "cannot read" in missing.stderr and "Traceback" not in missing.stderr


# ---------------------------------------------------------------------------------- at the table


@pytest.fixture
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("DOBON_TABLE_HOME", str(tmp_path))
    import uikit

    application = uikit.make_app()
    yield application
    application.close()


def test_the_table_opens_on_a_scenario_and_saves_its_deal_from_the_menu(app, tmp_path):
    """`main.py --scenario FILE` opens this table; Menu → Save this deal writes the round's deal as
    dealt (whatever has been played since) to the data folder's scenarios/, and it loads back."""
    import pygame
    from uikit import frames, play_for_person, press, press_button

    from ui.scenes.menu import PauseMenu
    from ui.scenes.table import TableScene
    from ui.scenes.title import TitleScene
    from ui.table.setup import GameSetup

    app.stack.push(TitleScene(app))
    table = TableScene(app, GameSetup.of_scenario(parse(APP)))
    app.stack.push(table)
    assert [s.kind for s in table.setup.seats] == ["human", "ai", "ai"]
    assert table.board.names[1] == "Ren"
    play_for_person(app, lambda: len(table.game.actions) >= 6)  # a few turns into the round
    press(app, pygame.K_ESCAPE)
    menu = app.stack.top
    assert isinstance(menu, PauseMenu)
    press_button(app, menu.items["save_deal"])
    assert app.stack.top is table and "Deal saved: scenarios/deal-" in table.toast[0]
    saved = list((tmp_path / "scenarios").glob("deal-*.json"))
    assert len(saved) == 1
    deal = load(saved[0]).game()
    assert [codes(deal.pile(f"hand/{s}")) for s in range(3)] == [codes(h) for h in parse(APP).game().hands]
    assert codes(deal.discard) == APP["piles"]["field"] and deal.turn == 1
    frames(app, 2)


def test_a_scenario_table_is_saved_and_continued_from_its_position(app):
    from uikit import play_for_person

    from ui.scenes.table import TableScene
    from ui.table.setup import GameSetup, restore, save_data

    table = TableScene(app, GameSetup.of_scenario(parse(APP)))
    app.stack.push(table)
    play_for_person(app, lambda: len(table.game.actions) >= 4)
    setup, game = restore(json.loads(json.dumps(save_data(table.setup, table.game))))
    assert game.state_key()[:3] == table.game.state_key()[:3]  # hands, stock and field as they were
    assert setup.scenario is not None


def test_games_from_one_scenario_keep_their_own_match_state():
    """Two games started from one scenario (and the file's own data) never share a wins list."""
    from positions import scenario

    data = scenario(
        "standard",
        [["3H", "5C"], ["4S", "6S"], ["2C", "9C"]],
        "7D",
        turn=0,
        opening="skip",
        match={"round_no": 5, "state": {"wins": [1, 2, 1]}},
    )
    parsed = parse(data)
    first, second = parsed.game(), parsed.game()
    assert first.match_ext.wins == [1, 2, 1] and first.match_ext.wins is not second.match_ext.wins
    first.match_ext.wins[0] = 9
    assert second.match_ext.wins == [1, 2, 1] and data["match"]["state"]["wins"] == [1, 2, 1]


def test_cards_named_nowhere_can_lie_under_the_field_card_leaving_the_stock_empty():
    from positions import scenario

    data = scenario("app", [["3H", "5C"], ["4S", "6S"]], "7D", turn=0, rest="field")
    game = parse(data).game()
    assert game.stock == [] and len(game.discard) == 52 - 4 and game.field.code == "7D"
    game.apply(Action(0, Kind.DRAW))  # the draw rebuilds the stock from under the field card
    assert len(game.hands[0]) == 3 and game.field.code == "7D" and len(game.stock) == 52 - 4 - 2
    with pytest.raises(ScenarioError, match='rest must be "stock" or "field"'):
        parse({**data, "rest": "elsewhere"})


WINDOW = {
    "dobon_scenario": 1,
    "preset": "app",
    "players": 3,
    "piles": {"hand/0": ["3H", "4S"], "hand/1": ["2S", "9S"], "hand/2": ["5C", "6C", "8D"], "field": ["7H"]},
    "turn": 2,
    "window": {"placer": 1, "pending": [0, 2], "freezes_turn": False},
}


def test_a_scenario_may_stand_in_an_open_window_and_be_saved_there():
    """A puzzle such as "can you call here?": seat 1 just played 7H; seat 0 (3 + 4) may call."""
    g = parse(WINDOW).game()
    assert g.window is not None and g.window.placer == 1 and g.window.pending == [0, 2]
    assert g.window.cards == (g.field,) and not g.window.freezes_turn
    assert Action(0, Kind.DOBON, (g.field,)) in g.legal_actions(0)
    g.apply(Action(0, Kind.DOBON, (g.field,)))
    again = from_game(parse(WINDOW).game())
    assert again.window == {"cards": 1, "placer": 1, "pending": [0, 2], "freezes_turn": False, "stop": False}
    assert parse(json.loads(dumps(again))).game().window.pending == [0, 2]


@pytest.mark.parametrize(
    ("window", "needle"),
    [
        ({"placer": 5}, "window.placer must be a seat 0..2, or -1"),
        ({"cards": 3}, "window.cards must be how many of the field's top cards"),
        ({"pending": [0, 9]}, "window.pending must be a list of seats 0..2"),
        ({"freezes_turn": "yes"}, "window.freezes_turn and window.stop must be true or false"),
        ({"colour": "red"}, "window.colour: unknown"),
    ],
)
def test_a_bad_window_names_its_field(window, needle):
    with pytest.raises(ScenarioError) as caught:
        parse({**WINDOW, "window": window})
    assert needle in str(caught.value)


def test_a_scenario_carries_the_presets_round_state():
    """standard: seat 1 has already declared "last one" and seat 2 has had its turn this round."""
    data = {
        "dobon_scenario": 1,
        "preset": "standard",
        "players": 3,
        "piles": {"hand/0": ["3H", "4S", "9C"], "hand/1": ["2S"], "hand/2": ["5C", "6C"], "field": ["7H"]},
        "turn": 0,
        "round": {"last_one": [False, True, False], "had_turn": [False, True, True]},
    }
    g = parse(data).game()
    public = g.book.public_state(g)
    assert public["last_one"] == (False, True, False) and public["had_turn"] == (False, True, True)
    with pytest.raises(ScenarioError, match="round must be an object"):
        parse({**data, "round": [1]})


# ---------------------------------------------------------------------------------- a round under way


def eager_step(g, rng) -> None:
    """One random action of a game that reaches the moments worth saving: a dobon called when one
    can be (mostly), and now and then a turn sent ahead (super: the next player acting during a window)."""
    from game import REFEREE

    ahead = g.queue_seat()
    if ahead is not None and rng.random() < 0.3:
        g.apply(rng.choice([a for a in g.legal_actions(ahead) if a.kind in (Kind.PLAY, Kind.DRAW)]))
        return
    seat = g.sync_next()
    legal = g.sync_actions(seat) if seat != REFEREE else g.legal_actions(REFEREE)
    calls = [a for a in legal if a.kind is Kind.DOBON]
    g.apply(calls[0] if calls and rng.random() < 0.7 else rng.choice(list(legal)))


def comparable(g):
    """The game's state_key without what a position does not carry: the action and event logs and the
    running totals (a position starts its own) and the RNG's state (seeded afresh from the file's seed)."""
    key = list(g.state_key())
    assert key[21] == len(g.actions) and key[22] == g.event_count and key[24] == g.rng.getstate()
    return key[:21] + key[25:]


def round_trip(g, tmp_path):
    """`g`'s position saved to a file and loaded back: it stands exactly where `g` does, and every seat
    (and a watcher) sees the same view."""
    path = tmp_path / "mid.json"
    path.write_text(dumps(from_game(g)), encoding="utf-8")
    back = load(path).game()
    assert comparable(back) == comparable(g)
    for seat in range(g.n + 1):
        assert back.view(seat).to_json() == g.view(seat).to_json(), seat
    return back


def go_on(g, back, actions):
    """The same actions on the game and on its loaded position give the same events and result."""
    start, again = len(g.events), len(back.events)
    for action in actions:
        g.apply(action)
        back.apply(action)
    assert back.events[again:] == g.events[start:] and back.result == g.result


def kabu(hands, field, **kw):
    from positions import scenario

    data = scenario("kabu", hands, field, options={"draw_parent": False}, **kw)
    n = len(hands)
    laps, extra = [1, 0, 2, 0][:n], [3, 0, 1, 5][:n]
    data["match"] = {"parent": kw.get("turn", 0), "state": {"laps": laps, "extra": extra, "matches": 4}}
    data["scores"] = [6 * lap + e for lap, e in zip(laps, extra, strict=True)]
    return parse(data).game()


def by_code(g, *codes):
    return tuple(sorted((g.deck.card(c) for c in codes), key=lambda c: c.id))


def test_kabu_mid_round_positions_load_back_exactly(tmp_path):
    """A kabu position saved mid-round (the file's `round`, `revealed`, `history` and window) stands
    where the game stood: after a set, during a 2-chain, with a dobon called while others are still
    asked, in the trump stage, in the combined trump window; and play goes on the same from there."""
    g = kabu([["3", "4", "2", "9"], ["2#2", "1", "8"], ["5", "6", "2#3", "10"]], ["6#2", "7"])
    g.apply(Action(0, Kind.PLAY, by_code(g, "3", "4")))  # a set on the 7: F = {3, 4}
    while g.window is not None:
        g.apply(Action(g.window.pending[0], Kind.PASS))
    back = round_trip(g, tmp_path)  # after a set
    assert back.book.field_values(back) == {3, 4} and back.clues == g.clues
    g.apply(Action(1, Kind.PLAY, by_code(g, "2#2")))  # a 2: seat 2 is forced
    while g.window is not None:
        g.apply(Action(g.window.pending[0], Kind.PASS))
    back = round_trip(g, tmp_path)  # during the 2-chain
    assert (back.chain_links, back.chain_cards) == (1, 2)
    assert not any(a.kind is Kind.PLAY and a.cards[0].rank != 2 for a in back.legal_actions(2))
    go_on(g, back, [Action(2, Kind.PLAY, by_code(g, "2#3"))])
    back = round_trip(g, tmp_path)  # in the window on the second 2 (k = 2)
    go_on(g, back, [Action(0, Kind.PASS), Action(1, Kind.PASS)])


def test_kabu_positions_in_the_trumps_load_back_exactly(tmp_path):
    """Example 18's position: two declarers, trumps in turn, one combined window with owners."""
    g = kabu([["6", "8", "9", "3"], ["2", "4"], ["1", "5"], ["7", "9#2"]], ["6#2", "8#2"])
    g.apply(Action(0, Kind.PLAY, by_code(g, "6")))
    g.apply(Action(1, Kind.DOBON, by_code(g, "6")))
    back = round_trip(g, tmp_path)  # a dobon called, seat 2 still asked (the window holds the call)
    assert [a.seat for a in back.window.calls] == [1] and back.window.pending == [2, 3]
    go_on(g, back, [Action(2, Kind.DOBON, by_code(g, "6")), Action(3, Kind.PASS)])
    back = round_trip(g, tmp_path)  # the trump stage: seat 1 puts out first
    assert back.ext.stage == "trump" and back.turn == 1 and set(back.revealed) == {0, 1, 2}
    assert back.book.public_state(back)["queue"] == (0, 1)
    go_on(g, back, [Action(1, Kind.PLAY, by_code(g, "4"))])
    back = round_trip(g, tmp_path)  # seat 2's trumps are due; seat 1's lie on its pile
    go_on(g, back, [Action(2, Kind.PLAY, by_code(g, "5"))])
    back = round_trip(g, tmp_path)  # the combined window on both declarers' trumps
    saved = from_game(g).window
    assert saved["on"] == ["4", "5"] and saved["owners"] == [1, 2] and "cards" not in saved
    assert back.window.owners == (1, 2) and back.window.cards == g.window.cards
    go_on(g, back, [Action(s, Kind.PASS) for s in list(g.window.pending)])
    assert back.result.winners == (1, 2) and back.result.losers == (0,)


def test_a_kabu_deal_saved_in_its_pre_play_window_loads_in_that_window():
    """ "Play this deal again" saves a kabu deal in the window on the okoshi-fuda: it loads in that
    window (four of a kind may be shown), and when everyone passes the parent plays first."""
    g = Game(make_rules("kabu", 3), 3)
    assert g.ext.stage == "pre_play" and g.window is not None
    back = parse(json.loads(dumps(from_game(g)))).game()
    assert comparable(back) == comparable(g) and back.ext.stage == "pre_play"
    go_on(g, back, [Action(s, Kind.PASS) for s in list(g.window.pending)])
    assert back.turn == back.parent == g.parent and back.ext.stage == "play"


@pytest.mark.parametrize(
    ("preset", "options"),
    [
        ("standard", {}),
        ("jda", {}),
        ("kabu", {}),
        ("kabu", {"trumps_stay_in_hand": True}),
        ("super", {}),
        ("super", {"round_direction": "clockwise", "false_dobon_penalty": False}),
        ("app", {}),
    ],
    ids=["standard", "jda", "kabu", "kabu-trumps-stay", "super", "super-clockwise-no-penalty", "app"],
)
def test_random_positions_mid_round_load_back_exactly(tmp_path, preset, options):
    """Random play, a position saved at every seventh moment of play: standard's auction (its sealed
    bids), yaku, claims and cut; jda's round state (the field card's placer, the dobon chain,
    throw-ins, let-go seats) and its window on a laid hand; kabu's stages, declarations, trumps and
    windows, with and without trumps staying in the hand; super's direction, chains, colours, windows
    on players' piles, dobons and counters, and turns sent ahead (taken now and then here); app's
    record and chains of calls."""
    import random

    saved = 0
    for seed in range(3):
        g = Game(make_rules(preset, 3 + seed % 2, options), seed)
        rng = random.Random(seed)
        for step in range(300):
            if g.phase in (Phase.OPENING, Phase.TURN, Phase.REACTION) and step % 7 == 0:
                back = round_trip(g, tmp_path)
                assert back.book.public_state(back) == g.book.public_state(g)
                saved += 1
            if g.phase is Phase.MATCH_OVER:
                break
            eager_step(g, rng)
    assert saved > 60


BAD_ROUND = [
    ({"round": {"stage": "dessert"}}, "round: this preset cannot start from it (stage is one of"),
    (
        {"round": {"decls": [[5, {"card": "7"}, 0, -1, 0, 0, [], 0, 0]]}},
        "round: this preset cannot start from it",
    ),
    (
        {
            "round": {
                "stage": "trump",
                "decls": [[1, {"card": "7"}, 0, -1, 0, 0, [], 0, 0]],
                "queue": [0],
                "batch": [0],
            }
        },
        "it is seat 1's turn to put out trumps",
    ),
    ({"round": {"stage": "trump"}}, "this position leaves nobody anything to do"),
    ({"round": {"stage": "pre_play"}}, "the pre_play stage stands in the window on the okoshi-fuda"),
    (
        {
            "round": {"stage": "trump", "decls": [[1, {"card": "7"}, 0, -1, 0, 0, [], 1, 0]], "batch": [0]},
            "window": {"placer": 0, "cards": 1},
        },
        "each card must be a trump of a declarer of the batch",
    ),
    ({"revealed": {"7": ["3"]}}, "revealed.7: not a seat 0..2"),
    ({"revealed": {"1": ["XX"]}}, "revealed.1: no card 'XX'"),
    ({"revealed": ["3"]}, "revealed must be an object"),
    ({"history": [[0, ["3"], 0]]}, "history[0]: not a play or draw"),
    ({"history": [[9, ["3"], 0, None, None, 0]]}, "history[0]: seat 9 is not at this table"),
    ({"window": {"on": ["9"], "placer": 0}}, "window.on: 9 is in hand/0, not face up on the table"),
    ({"window": {"on": [], "placer": 0}}, "window.on must list the card codes"),
    ({"window": {"placer": 0, "owners": [0, 1]}}, "window.owners names 2 seats for 1 cards"),
    (
        {"window": {"placer": 0, "calls": [{"seat": 1, "act": "fly"}]}},
        "window.calls[0]: unknown action 'fly'",
    ),
    (
        {"window": {"placer": 0, "pending": [1, 2], "calls": [{"seat": 1, "act": "dobon"}]}},
        "seat 1 is no seat",
    ),
    (
        {"window": {"placer": 0, "pending": [2], "calls": [{"seat": 1, "act": "dobon", "cards": ["3"]}]}},
        "window.calls: a dobon names one card of the window",
    ),
]


@pytest.mark.parametrize(("extra", "needle"), BAD_ROUND, ids=[f"bad_round{i}" for i in range(len(BAD_ROUND))])
def test_a_bad_round_state_revealed_hand_history_or_window_names_its_field(tmp_path, extra, needle):
    data = {
        "dobon_scenario": 1,
        "preset": "kabu",
        "players": 3,
        "piles": {"hand/0": ["9", "8"], "hand/1": ["3", "4"], "hand/2": ["9#2", "8#2"], "field": ["6", "7"]},
        "turn": 0,
        **extra,
    }
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(ScenarioError) as caught:
        load(path)
    message = str(caught.value)
    assert needle in message and message.startswith(str(path)) and "\n" not in message


@functools.cache
def saved_positions(preset: str) -> tuple[str, ...]:
    """Files of positions taken mid-round from random play: kabu's stages, trumps and windows; super's
    windows (with dobons, counters and turns sent ahead) and chains."""
    import random

    out = []
    for seed in range(4):
        g = Game(make_rules(preset, 3 + seed % 2), seed)
        rng = random.Random(seed)
        for step in range(300):
            special = g.window is not None if preset == "super" else g.ext.stage != "play"
            if g.phase in (Phase.TURN, Phase.REACTION) and (special or step % 13 == 0):
                out.append(dumps(from_game(g)))
            if g.phase is Phase.MATCH_OVER:
                break
            eager_step(g, rng)
    return tuple(out)


def kabu_positions() -> tuple[str, ...]:
    return saved_positions("kabu")


MUTANTS = [0, 1, 2, -1, None, True, "trump", "play", "pre_play", [], [0], [1, 0], [2], {"card": "3"}, ["3"]]


@settings(max_examples=60, deadline=None)
@given(
    pick=st.integers(0, 10**6),
    edits=st.lists(
        st.tuples(
            st.sampled_from(["round", "window", "turn", "revealed"]),
            st.integers(0, 20),
            st.sampled_from(MUTANTS),
        ),
        min_size=1,
        max_size=2,
    ),
    choice=st.integers(0, 2**31),
)
def test_a_corrupted_kabu_position_is_refused_or_plays_on(pick, edits, choice):
    """A saved kabu position with parts of its round state, window, turn or shown hands changed:
    either refused with a ScenarioError, or it stands and random play goes on from it without fault."""
    corrupt_and_play(kabu_positions(), pick, edits, choice)


SUPER_MUTANTS = [0, 1, 2, -1, None, True, "red", [], [0], [1, 0], [0, 0, 0], [True, False, False], ["3H"]]


@settings(max_examples=60, deadline=None)
@given(
    pick=st.integers(0, 10**6),
    edits=st.lists(
        st.tuples(
            st.sampled_from(["round", "window", "turn", "revealed", "direction"]),
            st.integers(0, 20),
            st.sampled_from(SUPER_MUTANTS),
        ),
        min_size=1,
        max_size=2,
    ),
    choice=st.integers(0, 2**31),
)
def test_a_corrupted_super_position_is_refused_or_plays_on(pick, edits, choice):
    """The same for super: its round state (direction, chain's passer, dobons, counter ...), window
    (with its calls and a turn sent ahead), turn, direction or shown hands changed."""
    corrupt_and_play(saved_positions("super"), pick, edits, choice)


def corrupt_and_play(files, pick, edits, choice):
    """Change parts of a saved position; it is refused with a ScenarioError, or random play goes on."""
    import random

    from game import REFEREE

    data = json.loads(files[pick % len(files)])
    for where, index, shared in edits:
        value = json.loads(json.dumps(shared))  # its own copy: never one of MUTANTS itself
        if where in ("round", "window") and isinstance(data.get(where), dict) and data[where]:
            keys = sorted(data[where])
            data[where][keys[index % len(keys)]] = value
        else:
            data[where] = value
    try:
        g = parse(data).game()
    except ScenarioError:
        return
    rng = random.Random(choice)
    for _ in range(40):
        if g.phase is Phase.MATCH_OVER:
            break
        seat = g.sync_next()
        legal = g.sync_actions(seat) if seat != REFEREE else g.legal_actions(REFEREE)
        assert legal, "the position left the seat asked nothing to do"
        g.apply(rng.choice(list(legal)))


# ---------------------------------------------------------------------------------- super and app under way


SUPER_MID = {"turns_taken": [1, 1, 1], "first_card_placed": True}  # no card in anyone's first turn


def sup(hands, field, round_state=SUPER_MID, **kw):
    """A 3-player `super` position (hands in seat order; kw: piles of its own, turn, chain ...)."""
    from positions import scenario

    piles = kw.pop("piles", {})
    data = scenario("super", hands, field, **kw)
    data["piles"].update(piles)
    if round_state is not None:
        data["round"] = dict(round_state)
    return parse(data).game()


def put(g, seat, code, colour=None):
    g.apply(Action(seat, Kind.PLAY, (g.deck.card(code),), colour))


def pass_all(g):
    while g.window is not None:
        g.apply(Action(g.window.pending[0], Kind.PASS))


def test_a_super_position_keeps_a_reversed_direction(tmp_path):
    """A J turned the play against seat order: the saved position plays on reversed, while the
    direction the last round ended with (match.state, what the next round carries [D2]) stays 1."""
    g = sup([["JH", "5C", "7S", "2H"], ["4H", "9S", "3C", "2C"], ["6H", "8D", "10C", "2D"]], "5H")
    put(g, 0, "JH")
    pass_all(g)
    assert (g.direction, g.turn, g.match_ext.direction) == (-1, 2, 1)
    saved = from_game(g)
    assert saved.direction == -1 and saved.match["state"] == {"direction": 1}
    back = round_trip(g, tmp_path)
    assert (back.direction, back.turn, back.match_ext.direction) == (-1, 2, 1)
    go_on(g, back, [Action(2, Kind.PLAY, (g.deck.card("6H"),))])
    pass_all(g), pass_all(back)
    assert back.turn == g.turn == 1 and comparable(back) == comparable(g)


def test_a_hand_written_super_position_plays_in_its_own_direction():
    """A file's `direction` is the direction in force, whatever the match state says the last round
    ended with: a position starts there instead of carrying the match's direction over."""
    g = sup([["4H", "5C"], ["6H", "9S"], ["7H", "10C"]], "5H", direction=-1, turn=0)
    assert g.direction == -1
    g.apply(Action(0, Kind.DRAW))
    assert g.turn == 2
    carried = sup([["4H", "5C"], ["6H", "9S"], ["7H", "10C"]], "5H", match={"state": {"direction": -1}})
    assert carried.direction == 1 and carried.match_ext.direction == -1


def test_a_super_position_keeps_a_pending_draw_chain_and_who_passed_it(tmp_path):
    """A 2 started a chain against the direction [D10]: seat 2 owes 2. Saved there, the answering 2
    still goes back to the passer, seat 0, owing 4."""
    g = sup([["2H", "5C", "7S"], ["4H", "9S", "3C"], ["6H", "2C", "10C", "8D"]], "5H")
    put(g, 0, "2H")
    pass_all(g)
    assert (g.turn, g.chain_links, g.chain_cards) == (2, 1, 2)
    back = round_trip(g, tmp_path)
    assert (back.ext.passer, back.ext.travel) == (0, -1) and (back.chain_links, back.chain_cards) == (1, 2)
    assert not any(a.kind is Kind.PLAY and a.cards[0].rank != 2 for a in back.legal_actions(2))
    go_on(g, back, [Action(2, Kind.PLAY, (g.deck.card("2C"),)), Action(0, Kind.PASS), Action(1, Kind.PASS)])
    assert back.turn == 0 and back.chain_cards == 4 and comparable(back) == comparable(g)


def test_a_super_window_on_a_players_pile_loads_on_that_card(tmp_path):
    """A K goes onto its placer's own pile: the window is on it, not on the common pile's top card."""
    g = sup([["KH", "5C", "7S"], ["4H", "9S", "3C"], ["6H", "2C", "10C"]], "5H")
    put(g, 0, "KH")
    saved = from_game(g).window
    assert saved["on"] == ["KH"] and saved["pending"] == [1, 2] and "cards" not in saved
    back = round_trip(g, tmp_path)
    assert back.window.cards == (g.deck.card("KH"),) and back.field.code == "5H"
    go_on(g, back, [Action(1, Kind.PASS), Action(2, Kind.PASS)])


def test_a_rebuild_in_a_window_leaves_the_card_it_is_on(tmp_path):
    """A false dobon's five cards empty the stock while the window is open on a K on seat 0's pile:
    the rebuild gathers the rest but leaves the K where it lies, and the position saved then loads on
    it (seats are still answering it)."""
    g = sup(
        [["KH", "5C", "7S"], ["4H", "9S"], ["6H", "2C", "10C"]],
        ["3D", "4D", "5H"],
        piles={"pile/0": ["8C"], "pile/2": ["KS"]},
        rest="field",
    )
    assert g.stock == []
    put(g, 0, "KH")
    g.apply(Action(1, Kind.DOBON))  # 4 + 10 is no 13 or 30: a false declaration, 5 cards
    assert len(g.hands[1]) == 7 and g.pile("pile/0")[-1].code == "KH" and g.pile("pile/2") == []
    assert g.window.cards == (g.deck.card("KH"),) and g.window.pending == [2]
    back = round_trip(g, tmp_path)
    assert back.window.cards == g.window.cards
    go_on(g, back, [Action(2, Kind.PASS)])


def test_a_turn_sent_ahead_is_saved_with_its_window(tmp_path):
    """Seat 1, next to play, sends its draw ahead while seat 2 is still asked about seat 0's card
    (super §6): sending it counted as seat 1's pass. The position keeps it (a decision made and
    counted, as a log keeps it): only seat 1 sees it, and it goes down when the window closes."""
    g = sup([["4H", "5C", "7S"], ["6D", "9S", "3C"], ["6H", "2C", "10C"]], "5H")
    put(g, 0, "4H")
    g.apply(Action(1, Kind.DRAW))
    saved = from_game(g).window
    assert saved["queued"] == {"seat": 1, "act": "draw"} and saved["pending"] == [2]
    back = round_trip(g, tmp_path)
    assert back.window.queued == Action(1, Kind.DRAW) and back.view(1).window.queued == Action(1, Kind.DRAW)
    assert back.view(2).window.queued is None
    go_on(g, back, [Action(2, Kind.PASS)])
    assert len(back.hands[1]) == 4 and back.turn == 2


def test_a_super_position_with_a_dobon_called_and_in_the_counter_loads_back(tmp_path):
    """Seat 1 has called on seat 0's 6 (2 + 4) while seat 2 is still asked; then the counter window
    asks seat 0 alone. Both positions load back, and the round ends the same."""
    g = sup([["6H", "5C", "7S"], ["2S", "4S"], ["9H", "8C", "10C"]], "5H")
    put(g, 0, "6H")
    g.apply(Action(1, Kind.DOBON, (g.deck.card("6H"),)))
    back = round_trip(g, tmp_path)
    assert [a.seat for a in back.window.calls] == [1] and back.window.pending == [2]
    assert back.book.public_state(back)["dobons"] == (1,) and set(back.revealed) == {1}
    go_on(g, back, [Action(2, Kind.PASS)])
    back = round_trip(g, tmp_path)  # the counter window
    assert back.ext.countering and back.window.pending == [0] and back.window.calls == []
    go_on(g, back, [Action(0, Kind.PASS)])
    assert back.result == g.result and back.result.winners == (1,)


def test_an_app_position_keeps_its_record_and_a_dobon_being_called(tmp_path):
    """app keeps no round state of its own: a position carries the round's record (the AI reads it)
    and, in a chain of calls, the calls and the hands they showed; the chain then ends the same."""
    g = parse(APP).game()
    g.apply(Action(1, Kind.PLAY, (g.deck.card("10S"),)))
    g.apply(Action(2, Kind.DRAW))  # closes the window on the 10
    back = round_trip(g, tmp_path)
    assert back.clues == g.clues and len(back.clues) == 2
    hands = {"hand/0": ["3H", "7H"], "hand/1": ["4S", "6S"], "hand/2": ["2C", "9C"], "field": ["9H", "10H"]}
    g = parse({**APP, "piles": hands, "window": {"placer": 0, "pending": [1, 2]}}).game()
    ten = (g.deck.card("10H"),)
    g.apply(Action(1, Kind.DOBON, ten))  # 4 + 6 on seat 0's 10
    back = round_trip(g, tmp_path)
    assert back.window.calls == g.window.calls and back.revealed == g.revealed and back.window.freezes_turn
    go_on(g, back, [Action(2, Kind.PASS), Action(0, Kind.DOBON, ten)])  # seat 0 answers: 3 + 7
    back = round_trip(g, tmp_path)
    assert [a.seat for a in back.window.calls] == [1, 0] and set(back.revealed) == {0, 1}
    go_on(g, back, [Action(s, Kind.PASS) for s in list(g.window.pending)])
    assert back.result == g.result and back.result.winners == (0,)


SUPER_BAD = [
    ({"round": {"turns_taken": [1, 2]}}, "turns_taken must be 3 whole numbers, 0 or more, one per seat"),
    ({"round": {"turns_taken": [1, -2, 0]}}, "turns_taken must be 3 whole numbers"),
    ({"round": {"colour": "green"}}, 'colour must be null, "red" or "black"'),
    ({"round": {"last_one": [1, 0, 0]}}, "last_one must be 3 true/false values"),
    ({"round": {"dobons": [1, 1]}}, "dobons must be a list of different seats 0..2"),
    ({"round": {"passer": 7}}, "passer must be null or a seat 0..2"),
    ({"round": {"travel": 2}}, "travel must be -1, 0 or 1"),
    ({"round": {"idle": 6}}, "idle must be a whole number 0..5"),
    ({"round": {"pending": 4}}, "pending must be chain.cards (0)"),
    ({"round": {"first_card": "yes"}}, "first_card must be true or false"),
    ({"round": {"stage": "play"}}, "stage is no part of a super round"),
    ({"round": {"colour": "red"}}, "round.colour: a colour is named by a Q on top of the common pile"),
    (
        {"round": {"last_one": [True, False, False]}},
        'round.last_one: seat 0 holds 3 cards ("last" is one card)',
    ),
    ({"round": {"dobons": [1]}}, "round: dobons and countering stand only in the window"),
    ({"round": {"countering": True}}, "round: dobons and countering stand only in the window"),
    ({"match": {"state": {"direction": 3}}}, "match.state.direction must be 1 (seat order) or -1"),
    ({"window": {"placer": 0, "freezes_turn": False}}, "window: super's window is on the one card"),
    ({"window": {"placer": -1}}, "window: super's window is on the one card"),
    ({"window": {"placer": 0, "on": ["8C"]}}, "window: 8C is not on top of the common pile or of pile/0"),
    (
        {"window": {"placer": 0, "pending": [2], "calls": [{"seat": 1, "act": "dobon", "cards": ["7H"]}]}},
        "round.dobons must be the seats of window.calls, in order",
    ),
    (
        {
            "round": {"dobons": [1]},
            "window": {"placer": 0, "pending": [2], "calls": [{"seat": 1, "act": "dobon", "cards": ["7H"]}]},
        },
        "revealed.1: a dobon shows the caller's whole hand",
    ),
    (
        {
            "round": {"dobons": [2]},
            "revealed": {"2": ["6D", "9D"]},
            "window": {"placer": 0, "pending": [1], "calls": [{"seat": 2, "act": "dobon", "cards": ["7H"]}]},
        },
        "round.dobons: seat 2's hand cannot add up to 7H",
    ),
    (
        {"window": {"placer": 0, "pending": [2], "calls": [{"seat": 1, "act": "pass"}]}},
        "window.calls[0]: a dobon by another seat naming the window's card",
    ),
    (
        {
            "round": {"dobons": [1], "countering": True},
            "revealed": {"1": ["3H", "4C"]},
            "window": {"placer": 0},
        },
        "round.countering: the counter window follows dobons and asks the placer alone",
    ),
    (
        {"window": {"placer": 0, "pending": [2], "queued": {"seat": 1, "act": "fly"}}},
        "window.queued: unknown",
    ),
    (
        {"window": {"placer": 0, "pending": [1, 2], "queued": {"seat": 1, "act": "draw"}}},
        "window.queued: seat 1 is still asked",
    ),
    (
        {"window": {"placer": 0, "pending": [1], "queued": {"seat": 2, "act": "draw"}}},
        "window.queued: seat 2 cannot send that ahead here: it is not that seat's turn next",
    ),
    (
        {"window": {"placer": 0, "pending": [2], "queued": {"seat": 1, "act": "play", "cards": ["6D"]}}},
        "window.queued: seat 1 cannot send that ahead here: ♦6 is not in your hand",
    ),
    (
        {"window": {"placer": 0, "pending": [2], "queued": {"seat": 1, "act": "dobon"}}},
        "window.queued must be a seat's play or draw",
    ),
]


@pytest.mark.parametrize(("extra", "needle"), SUPER_BAD, ids=[f"super_bad{i}" for i in range(len(SUPER_BAD))])
def test_a_bad_super_round_state_or_window_names_its_field(tmp_path, extra, needle):
    """Seat 0 has just placed 7H (seat 1's 3 + 4 could call on it); 8C lies on seat 1's pile."""
    data = {
        "dobon_scenario": 1,
        "preset": "super",
        "players": 3,
        "piles": {
            "hand/0": ["5S", "9C", "10D"],
            "hand/1": ["3H", "4C"],
            "hand/2": ["6D", "9D"],
            "field": ["2C", "7H"],
            "pile/1": ["8C"],
        },
        "turn": 1,
        **extra,
    }
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(ScenarioError) as caught:
        load(path)
    message = str(caught.value)
    assert needle in message and message.startswith(str(path)) and "\n" not in message


def test_a_queued_turn_needs_a_preset_that_acts_ahead():
    window = {"placer": 1, "pending": [2], "queued": {"seat": 0, "act": "draw"}}
    with pytest.raises(ScenarioError, match=r"window\.queued: nobody acts ahead in app"):
        parse({**WINDOW, "window": window})
