"""The round result in plain words (issue 30, points 3 and 8): every result screen says who scored what
and why in sentences in the preset's own terms, in both languages with no untranslated term, and keeps
the rules' own lines (kabu's A1-M4) behind a "Rule by rule" button."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pygame
import pytest
import uikit
from uikit import frames

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game import Action, Game, Kind, make_rules
from game.events import Ending, RoundResult, ScoreLine
from game.result_words import seat_words
from game.scores import Score
from tools.result_rounds import ROUNDS
from ui.result_said import say
from ui.scenes.results import RoundResultScene, line_text
from ui.scenes.table import TableScene
from ui.table.setup import GameSetup, SeatSpec
from ui.text import tr

CJK = re.compile(r"[\u3000-\u9fff\uff00-\uffef]")
CODE = re.compile(r"\b[AM]\d\b")  # kabu's step codes: A1-A8, M1-M4
NAMES = ("Ren", "Hana", "Sora")  # the AI seats' names at these tables


@pytest.fixture
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("DOBON_TABLE_HOME", str(tmp_path))
    application = uikit.make_app((800, 600))
    yield application
    application.close()


def result_screen(app, preset: str, game: Game | None = None) -> tuple[RoundResultScene, list[str]]:
    """The result screen of the preset's round (tools/result_rounds.py) at the table, and a list that
    collects every text the screen draws from now on."""
    game = game if game is not None else ROUNDS[preset]()
    seats = [SeatSpec("human", "basic", ""), *[SeatSpec("ai", "basic", "") for _ in range(game.n - 1)]]
    options = {"draw_parent": False} if preset == "kabu" else {}
    table = TableScene(app, GameSetup(preset, game.n, options, seats, 5).complete(), game)
    app.stack.clear_to(table)
    for _ in range(600):
        frames(app, 1)
        if isinstance(app.stack.top, RoundResultScene):
            break
    result = app.stack.top
    assert isinstance(result, RoundResultScene)
    said: list[str] = []
    text = table.board.text
    table.board.text = lambda s, *args, **kw: said.append(s) or text(s, *args, **kw)
    return result, said


def drawn(app, said: list[str]) -> str:
    said.clear()
    frames(app, 2)
    return "\n".join(said)


def row(result: RoundResultScene, seat: int) -> str:
    """A seat's sentences as the screen last drew them, the wrapped lines joined again (English)."""
    return " ".join(result.rows_shown[seat])


def english_words(text: str) -> list[str]:
    """Latin words in a Japanese screen, other than the seats' names."""
    return [w for w in re.findall(r"[A-Za-z]{2,}", text) if w not in NAMES]


@pytest.mark.parametrize("preset", sorted(ROUNDS))
def test_each_preset_says_its_result_in_words_in_both_languages_with_no_untranslated_term(app, preset):
    result, said = result_screen(app, preset)
    words = drawn(app, said)
    assert not CJK.search(words), CJK.findall(words)
    assert not CODE.search(words)
    lines = [line for seat in result.rows_shown for line in seat]
    assert lines and all(line in words for line in lines)
    uikit.press_button(app, result.detail_button)  # rule by rule: the rules' own lines
    assert result.detail
    rules = drawn(app, said)
    assert rules != words and not CJK.search(rules)
    app.set_language("ja")
    frames(app, 1)
    ja = app.stack.top
    assert isinstance(ja, RoundResultScene) and ja.detail
    assert english_words(drawn(app, said)) == []
    uikit.press_button(app, ja.detail_button)
    assert not ja.detail
    ja_words = drawn(app, said)
    assert english_words(ja_words) == [] and CJK.search(ja_words)


def test_super_says_whose_hand_the_loser_pays_on_and_why_each_factor(app):
    result, said = result_screen(app, "super")
    text = drawn(app, said)
    you = row(result, 0)  # you played the 7 Ren called on with 3♦ 4♦ (7, all diamonds)
    assert you.startswith("Ren's hand adds to 7")
    assert "×2: Ren's hand is all one suit" in you
    assert "×2: the player caught pays double" in you
    assert "×4: the Dobon was on the round's first card" in you
    assert "×2: an 8 in your hand" in you  # your 8♥ left in hand
    assert "fewer is better" in text
    app.set_language("ja")
    frames(app, 1)
    text = drawn(app, said)
    assert "Renの手札の合計 7" in text and "×2: ドボンされた人は2倍払う" in text


def test_jda_says_deal_sizes_and_laps_in_its_own_terms_and_no_points(app):
    result, said = result_screen(app, "jda")
    text = drawn(app, said)
    assert row(result, 1) == "Lost at 12: back to 4 cards and a lap completed (1 in all)"
    assert row(result, 2) == "Won: is dealt 6 next game (was 8)"
    assert "pts" not in text and "points" not in text.lower()


def test_kabu_says_the_settlement_in_words_and_keeps_the_codes_behind_rule_by_rule(app):
    result, said = result_screen(app, "kabu")
    text = drawn(app, said)
    assert "20 points to Ren (won by you)" in text
    assert any(line.startswith("×4: the red pin (×10)") for line in result.settlement_shown)
    assert row(result, 1).startswith("Receives 20 points: 4 extra + 20 = 24")
    assert not CODE.search(text)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_r, mod=0, unicode="r", scancode=0))
    text = drawn(app, said)
    assert result.detail and "A1 +1 base" in text and "M3 ×4" in text
    assert not CJK.search(text)


def test_kabu_at_the_stocks_end_says_the_cards_apart_and_that_the_winner_keeps_its_extra_cards(app):
    from game.scenario import parse

    data = {
        "dobon_scenario": 1,
        "preset": "kabu",
        "players": 3,
        "options": {"draw_parent": False},
        "piles": {
            "hand/0": ["9", "9#2"],
            "hand/1": ["8"],
            "hand/2": ["6", "6#2"],
            "field": ["3", "5"],
            "stock": ["7"],
        },
        "rest": "field",  # the stock is the one 7: your draw empties it
        "turn": 0,
        "round": {"stage": "play", "last_play": [{"card": "5"}], "placer": 2},
        "match": {"parent": 0, "state": {"laps": [0, 0, 0], "extra": [0, 3, 0], "matches": 2}},
    }
    game = parse(data).game()
    game.apply(next(a for a in game.legal_actions(0) if a.kind is Kind.DRAW))
    assert game.result.ending == "exhaustion"
    result, said = result_screen(app, "kabu", game)
    text = drawn(app, said)
    assert "2 points to You (won by Ren)" in text and "2: 3 cards against 1" in text
    assert row(result, 1) == "Won without a Dobon: keeps 3 extra cards"
    assert row(result, 0).startswith("Receives 2 points: 0 extra + 2 = 2")


def test_an_app_stop_says_what_a_stop_is_and_who_pays_whom(app):
    result, said = result_screen(app, "app")
    assert result.result.ending == "stop"
    assert result.notes[0].startswith("A stop: a player played out their hand")
    drawn(app, said)
    # Ren held 4♠ 2♠: 6, ×2 for the 2
    assert row(result, 1) == "Ren's hand adds to 6 ×2: one 2 among them Pays 12 to you"
    assert row(result, 0) == "Receives 42 in all"


def test_an_app_dobon_says_which_cards_its_points_count(app):
    hands = [
        ["10H", "4D", "5D", "6D", "7D"],
        ["AC", "AS", "2D", "3D", "3S"],
        ["2C", "4C", "6C", "8C", "10C"],
        ["3C", "5C", "7C", "JC", "QC"],
    ]
    game = Game(make_rules("app", 4), 8, deal=False)
    game.start_round(game.deck_from_hands(hands, "9H", [], 0), 0)
    game.apply(Action(0, Kind.PLAY, (game.deck.card("10H"),)))
    game.apply(Action(1, Kind.DOBON, (game.deck.card("10H"),)))
    while game.window is not None:
        game.apply(Action(game.window.pending[0], Kind.PASS))
    result, said = result_screen(app, "app", game)
    drawn(app, said)
    assert row(result, 1).startswith("Ren's and your hands and the hit card add to 60")
    assert row(result, 1).endswith("Receives 240 in all") and row(result, 0) == "Pays 240 to Ren"
    uikit.press_button(app, result.detail_button)
    assert "both hands and the hit card 60" in drawn(app, said)


def test_a_loser_paying_on_an_empty_largest_hand_is_told_why_it_is_nothing(app):
    """standard: after a multi-dobon no hand left but the dobon'd ones counts anything: each loser's 0
    says why."""
    lines = tuple(
        ScoreLine(seat, "loser_by_dobon", 0, "", (("worst", 0), ("winners", 1))) for seat in (1, 2, 3)
    )
    result = RoundResult(Ending.DOBON, (0,), (1, 2, 3), (0, 0, 0, 0), lines)
    said = seat_words("standard", result, [Score.points(0)] * 4, [Score.points(0)] * 4)
    names = ["You", "Ren", "Hana", "Sora"]
    assert [say(w, names) for w in said[2]] == [
        "Dobon'd: the largest hand left, 0, × 1 winner × 2 = 0",
        "Every hand left but the dobon'd ones counts 0 (the winners' are laid down), so this is 0",
    ]
    assert line_text(lines[0], names) == "loser (dobon) 0 (largest hand left 0 × 1 winner(s) × 2)"
    app.set_language("ja")
    assert say(said[2][1], names) == "ドボンされた人以外の残り手札はどれも0点(勝者の手札は公開済み)なので0点"


@pytest.mark.parametrize("preset", sorted(ROUNDS))
def test_the_facts_of_each_line_cross_the_wire_so_a_lan_seat_says_the_same(preset):
    """A LAN seat rebuilds the round's end from JSON (game.events.event_from_json): the lines keep their
    facts, and a line whose facts are not names to whole numbers is refused."""
    import json

    from game.events import RoundEnded, event_from_json

    game = ROUNDS[preset]()
    ended = next(e for e in reversed(game.events) if isinstance(e, RoundEnded))
    wire = json.loads(json.dumps(ended.to_json()))
    again = event_from_json(wire, game.deck)
    assert again.result.lines == ended.result.lines
    assert any(line.about for line in again.result.lines) or preset == "jda"  # jda: deal sizes alone
    wire["result"]["lines"][0]["about"] = {"of": "Ren"}
    with pytest.raises(ValueError):
        event_from_json(wire, game.deck)


def test_every_sentence_the_rules_can_make_is_in_both_languages_with_the_same_values():
    """Each key game.result_words can say (read from its source, and kabu's steps by name) has an
    English and a Japanese sentence, and both take the same values, so no result is ever shown as a
    bare key or with a value left unsaid."""
    import json

    import game.result_words as words

    source = Path(words.__file__).read_text(encoding="utf-8")
    keys = set(re.findall(r'Words\.of\(\s*"([a-z_.]+)"', source))
    keys |= {f"kabu.{item}" for item in (*words.KABU_ADDS, *words.KABU_ALSO)}
    keys |= {f"kabu.{item}" for item in ("gaeshi", "hand_specials", "card_specials", "single_pin")}
    keys |= {"loser", "counter", "first_card", "first_lap", "loser_by_dobon", "loser_by_gaeshi"}
    keys |= {"pair", "whose", "whose_you", "list_sep"}  # said by the screen itself
    assert {"hand_adds", "kabu_received", "jda_lap", "kabu.first_card"} <= keys  # the source was read
    root = Path(__file__).resolve().parents[1] / "assets" / "translations"

    def sentence(lang: str, key: str) -> str:
        node = json.loads((root / f"dobon.{lang}.json").read_text(encoding="utf-8"))[lang]["result_words"]
        for part in key.split("."):
            node = node[part]
        return json.dumps(node, ensure_ascii=False)  # a plural's forms together

    def values(text: str) -> set[str]:
        return {name.removesuffix("_whose") for name in re.findall(r"%\{(\w+)\}", text)}

    for key in sorted(keys):
        en, ja = sentence("en", key), sentence("ja", key)
        assert values(en) == values(ja), key
        assert not CJK.search(en), key
        assert english_words(re.sub(r"%\{\w+\}", "", ja)) == [], key


@pytest.mark.parametrize("preset", ["app", "standard", "super"])
def test_a_points_result_says_what_the_cards_score_in_both_languages(preset):
    from ui.text import setup

    for language in ("en", "ja"):
        setup(language)
        try:
            said = tr(f"result_words.card_values.{preset}")
            assert not said.endswith(f"card_values.{preset}") and "10" in said
        finally:
            setup("en")


@pytest.mark.parametrize("preset", sorted(ROUNDS))
@pytest.mark.parametrize("language", ["en", "ja"])
def test_rule_by_rule_names_each_rule_that_applied_by_its_code_and_leaves_out_the_rest(app, preset, language):
    """R: each seat's lines are the scoring rules that applied to it, each by its code in the spec
    (super's P-2-5, kabu's A1-M4 and §5.2, standard's §2.10 ...), its short name and what it
    contributed; a rule that changed nothing (+0, ×1) is not listed, and no line is a sentence."""
    result, said = result_screen(app, preset)
    app.set_language(language)
    frames(app, 1)
    result = app.stack.top
    drawn(app, said)
    sentences = [t for seat in result.rows_shown for t in seat]
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_r, mod=0, unicode="r", scancode=0))
    drawn(app, said)
    ui = result.table.board.preset_ui
    codes = set(ui.rule_codes.values())
    assert codes, f"{preset} names no rule codes"
    shown = [" ".join(seat) for seat in result.rows_shown]  # each seat's lines, wrapped lines joined
    applied = 0
    for seat in range(result.players):
        lines = [x for x in result.result.lines if x.seat == seat]
        for line in lines:
            factor = line.item.endswith("_factor") or line.item in ui.factor_items
            counts = line.value != (1 if factor else 0)
            code = ui.rule_codes.get(line.item)
            if (
                code is None
                or line.item in ("points",)
                or (result.settlement and line.item in ui.factor_items)
            ):
                continue
            if not result.settlement or ui.result_line(line.item, line.value, None) is not None:
                assert (code in shown[seat]) or not counts, f"{line} is not named by {code}: {shown[seat]}"
                applied += counts
        for text in result.rows_shown[seat]:
            assert not text.rstrip().endswith(("×1", "+0")), f"a rule that did not apply is listed: {text}"
    assert applied
    assert not set(t for seat in result.rows_shown for t in seat) & set(sentences)
    if result.settlement:  # kabu: the settlement's steps by code, only those that counted
        steps = " ".join(result.settlement_shown)
        assert re.search(r"\bA1 \+1\b", steps) and "M3 ×4" in steps
        assert not re.search(r"[AM]\d (\+0|×1)\b", steps), steps


@pytest.mark.parametrize("size", [(800, 600), (1280, 720), (1920, 1080)], ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("preset", ["standard", "kabu"])  # the lines beside the cards; under a settlement
def test_a_seats_lines_are_never_under_its_cards_however_long_the_hand(tmp_path, monkeypatch, size, preset):
    monkeypatch.setenv("DOBON_TABLE_HOME", str(tmp_path))
    application = uikit.make_app(size)
    try:
        application.set_language("ja")
        result, _ = result_screen(application, preset)
        shown = [c for hand in result.hands for c in hand] or [c for laid in result.laid for c in laid]
        for length in (1, 9, 15, 24):
            result.hands = [[shown[i % len(shown)] for i in range(length)] for _ in result.hands]
            frames(application, 2)
            for seat in range(result.players):
                cards, text = result.card_rects[seat], result.text_rects[seat]
                assert len(cards) == length  # every card shown, none left out
                assert bool(result.rows_shown[seat]) == (text.width > 0), (length, seat)
                hit = [r for r in cards if r.colliderect(text)]
                assert not hit, f"{length} cards cover seat {seat}'s lines {text}: {hit[:2]}"
                assert all(r.right <= size[0] and r.left >= 0 for r in cards)
            assert any(result.rows_shown), "no seat's lines were drawn"
    finally:
        application.close()
