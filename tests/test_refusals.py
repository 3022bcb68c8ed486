"""Coded refusals (issue 29): every refusal the rules give is a code with details, every code has its
text in English and Japanese, nothing reads a refusal's sentence back, and a LAN guest receives the code
and says it in its own language."""

from __future__ import annotations

import json
import random
import re
import string
from pathlib import Path

import msgspec
import pygame
import pytest
import uikit
from importgraph import ImportGraph
from uikit import click, frames, press

import game.rules  # every preset's codes are declared when its rulebook is imported
from game import Action, Game, Kind, make_rules
from game.actions import REFEREE
from game.cards import deck
from game.refusals import NOT_IN_HAND, REASONS, Refusal
from net.protocol import Refused, decode, encode
from ui.refusals import coded, refusal_text
from ui.scenes.table import TableScene
from ui.table.setup import GameSetup, SeatSpec
from ui.text import setup as set_language

ROOT = Path(__file__).resolve().parent.parent
PLACEHOLDER = re.compile(r"%\{(\w+)\}")


def texts(language: str) -> dict:
    path = ROOT / f"assets/translations/dobon.{language}.json"
    return json.loads(path.read_text(encoding="utf-8"))[language]["refusal"]


def text_of(section: dict, code: str) -> str | None:
    node: object = section
    for part in code.split("."):
        node = node.get(part) if isinstance(node, dict) else None
    return node if isinstance(node, str) else None


@pytest.mark.parametrize("language", ["en", "ja"])
def test_every_code_has_its_text_naming_only_the_details_it_carries(language):
    section = texts(language)
    families = {code.split(".")[0] for code in REASONS if "." in code}
    assert families == {*game.rules.PRESETS, "lan"}  # every preset's own codes, and the LAN host's
    for code, reason in REASONS.items():
        text = text_of(section, code)
        assert text, f"refusal.{code} has no {language} text"
        details = {name for _, name, _, _ in string.Formatter().parse(reason.english) if name}
        assert set(PLACEHOLDER.findall(text)) <= details, (
            f"refusal.{code} ({language}) names a detail it lacks"
        )
        if language == "ja":
            assert any(ord(ch) > 0x3000 for ch in text), f"refusal.{code} is not in Japanese: {text!r}"


def probes(g: Game, seat: int) -> list[Action]:
    """Actions a player might try, legal or not: each card of the hand, a draw, a call on the field
    card or with a card of the hand, a pass."""
    hand = g.hands[seat]
    out = [Action(seat, Kind.PLAY, (c,)) for c in hand] + [Action(seat, Kind.DRAW), Action(seat, Kind.PASS)]
    out += [Action(seat, Kind.DOBON, tuple(g.discard[-1:])), Action(seat, Kind.DOBON, tuple(hand[:1]))]
    if len(hand) > 1:
        out.append(Action(seat, Kind.PLAY, tuple(hand[:2])))
    return out


@pytest.mark.parametrize("preset", sorted(game.rules.PRESETS))
def test_every_refusal_in_play_is_coded_and_said_in_both_languages(preset):
    players = 3
    g = Game(make_rules(preset, players), 7)
    rng = random.Random(7)
    seen: set[str] = set()
    for _ in range(250):
        for seat in range(players):
            for action in probes(g, seat):
                reason = g.refusal(action)
                if reason is None:
                    continue
                assert isinstance(reason, Refusal) and reason.code in REASONS, (action, reason)
                seen.add(reason.code)
        legal = [a for s in (*range(players), REFEREE) for a in g.legal_actions(s)]
        if not legal:
            break
        g.apply(rng.choice(legal))
    assert len(seen) >= 4, seen  # the probes met refusals of several kinds
    cards = deck(g.rules.deck)
    for language in ("ja", "en"):
        set_language(language)
        for code in seen:
            reason = next(r for r in _refusals_of(g, code, players))
            said = refusal_text(reason, cards)
            assert "%{" not in said and "refusal." not in said, (code, said)


def _refusals_of(g: Game, code: str, players: int):
    """Refusals with `code` in the game as it stands now, or the code's sentence with made-up details."""
    for seat in range(players):
        for action in probes(g, seat):
            reason = g.refusal(action)
            if reason is not None and reason.code == code:
                yield reason
    reason = REASONS[code]
    details = {name for _, name, _, _ in string.Formatter().parse(reason.english) if name}
    yield Refusal(code, reason.english, {name: 1 for name in details})


def test_no_regular_expression_reads_a_refusal():
    graph = ImportGraph.of()
    for module in ("game.refusals", "ui.refusals", "ui.scenes.table", "ui.table.remote", "net.protocol"):
        assert "re" not in graph.edges[module], f"{module} imports re"
    assert "ui.scenes.reasons" not in graph.edges  # the table of 48 patterns is gone


def test_a_refusal_crosses_the_wire_with_its_code_and_a_guest_says_it_in_its_own_language():
    cards = deck("108")
    reason = NOT_IN_HAND(card=cards.by_code["7S#2"])
    sent = Refused.of({"seat": 1, "kind": "PLAY", "cards": ["7S#2"]}, reason)
    got = decode(encode(sent)[4:])
    assert isinstance(got, Refused) and got.reason == "♠7#2 is not in your hand"
    set_language("ja")
    assert refusal_text(coded(got.code, got.reason, got.params), cards) == "♠7（2組目）は手札にありません"
    set_language("en")
    assert refusal_text(coded(got.code, got.reason, got.params), cards) == "♠7 (deck 2) is not in your hand"
    own_words = Refused.of({}, "stale: that update has not happened yet")  # the host's own: no code
    assert refusal_text(coded(own_words.code, own_words.reason, own_words.params)) == own_words.reason
    old = msgspec.msgpack.encode({"type": "refused", "action": {}, "reason": "old words"})
    assert refusal_text(coded(*_fields(msgspec.msgpack.decode(old, type=Refused)))) == "old words"


def _fields(message: Refused) -> tuple[str, str, dict]:
    return message.code, message.reason, message.params


@pytest.fixture
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("DOBON_TABLE_HOME", str(tmp_path))
    application = uikit.make_app(animation_speed=1.0)
    yield application
    application.close()


def app_table(app, piles: dict[str, list[str]]) -> TableScene:
    from game.scenario import parse

    position = {"dobon_scenario": 1, "preset": "app", "players": 3, "piles": piles, "turn": 0}
    game_now = parse(position).game()
    seats = [SeatSpec("human", "basic", ""), SeatSpec("ai", "basic", "Hana"), SeatSpec("ai", "basic", "Ken")]
    table = TableScene(app, GameSetup("app", 3, {}, seats, 4).complete(), game_now)
    app.stack.clear_to(table)
    for _ in range(200):
        frames(app, 1)
        if table.accepts_input:
            break
    assert table.accepts_input
    return table


def card_at(table: TableScene, code: str) -> tuple[int, int]:
    """Where one of your cards is on screen, for a click."""
    for rect, card in table.board.own_card_rects():
        if card.code == code:
            return rect.center
    raise AssertionError(f"{code} is not in your hand")


@pytest.mark.parametrize(
    ("language", "said"),
    [("en", "♣3 doesn't match: play a ♥ or a 5"), ("ja", "♣3は出せません:♥か5を出してください")],
)
def test_a_card_that_does_not_match_is_refused_in_the_players_language(app, language, said):
    app.set_language(language)
    table = app_table(
        app, {"hand/0": ["3C", "9D"], "hand/1": ["2S", "4S"], "hand/2": ["6S", "KS"], "field": ["5H"]}
    )
    click(app, card_at(table, "3C"))
    assert table.toast is not None and table.toast[0] == said


@pytest.mark.parametrize("language", ["en", "ja"])
def test_dobon_pressed_with_nothing_to_call_on_says_why_in_the_players_language(app, language):
    app.set_language(language)
    table = app_table(
        app, {"hand/0": ["3C", "2D"], "hand/1": ["2S", "4S"], "hand/2": ["6S", "KS"], "field": ["5H"]}
    )
    press(app, pygame.K_SPACE)
    set_language(language)
    assert table.toast is not None and table.toast[0] == refusal_text(table.game.refusal(_call(table)))
    assert table.toast[0].startswith(
        "No card to call Dobon on now" if language == "en" else "今ドボンできる札はありません"
    )


def _call(table: TableScene) -> Action:
    return Action(0, Kind.DOBON, (table.game.field,))
