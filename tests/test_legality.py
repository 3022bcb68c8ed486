"""One source of legality: for any position of any preset, `apply` accepts exactly what
`legal_actions` offers (every seat's, the referee's), refuses everything else without touching the
state, and every refusal is coded, with a text in both languages (the rulebook's `explain`).

Positions are reached by random play; the actions tried are every seat's legal ones, near misses made
from them (another seat, a flag, an amount, a suit, a card more or less) and random ones."""

from __future__ import annotations

import json
import random
from dataclasses import replace
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import game.rules  # every preset's codes are declared when its rulebook is imported
from game import REFEREE, Action, Game, IllegalAction, Kind, Suit, make_rules
from game.refusals import NOT_OFFERED, Refusal
from game.rules import DEVELOPING, PRESETS

ALL = {**PRESETS, **DEVELOPING}
ROOT = Path(__file__).resolve().parent.parent


def refusal_texts(language: str) -> dict:
    path = ROOT / f"assets/translations/dobon.{language}.json"
    return json.loads(path.read_text(encoding="utf-8"))[language]["refusal"]


TEXTS = {language: refusal_texts(language) for language in ("en", "ja")}


def has_text(language: str, code: str) -> bool:
    node: object = TEXTS[language]
    for part in code.split("."):
        node = node.get(part) if isinstance(node, dict) else None
    return isinstance(node, str) and bool(node)


def near_misses(g: Game, action: Action, rng: random.Random) -> list[Action]:
    """Actions a player (or a broken peer) might send instead of a legal one."""
    seats = [s for s in range(g.n) if s != action.seat]
    out = [
        replace(action, flag=not action.flag),
        replace(action, amount=action.amount + 1),
        replace(action, suit=rng.choice([None, *Suit])),
        replace(action, cards=action.cards[:-1]),
        replace(action, cards=(*action.cards, rng.choice(g.deck.cards))),
        replace(action, cards=tuple(reversed(action.cards))),
        replace(action, kind=rng.choice(list(Kind))),
    ]
    if seats and action.seat != REFEREE:
        out.append(replace(action, seat=rng.choice(seats)))
    return out


def random_action(g: Game, rng: random.Random) -> Action:
    cards: tuple = ()
    roll = rng.random()
    if roll < 0.5:
        cards = (rng.choice(g.deck.cards),)
    elif roll < 0.6 and g.window is not None:
        cards = g.window.cards
    elif roll < 0.7:
        cards = tuple(rng.sample(g.deck.cards, 2))
    return Action(
        rng.choice([REFEREE, *range(g.n), g.n]),
        rng.choice(list(Kind)),
        cards,
        rng.choice([None, None, *Suit]),
        rng.choice([0, 0, 1, 4, 99]),
        rng.random() < 0.2,
    )


def check_position(g: Game, rng: random.Random) -> set[str]:
    """Every legal action applies (on a copy); every other action tried is refused, coded, said in
    both languages, and leaves the game as it was. Returns the codes met."""
    offered = {seat: g.legal_actions(seat) for seat in (REFEREE, *range(g.n))}
    tried: list[Action] = []
    for actions in offered.values():
        for action in actions:
            assert g.refusal(action) is None, (action, g.refusal(action))
            twin = g.clone(0)
            twin.apply(action)  # accepted: no IllegalAction
            tried += near_misses(g, action, rng)
    tried += [random_action(g, rng) for _ in range(8)]
    codes: set[str] = set()
    before = g.state_key()
    for action in tried:
        legal = action.seat in offered and action in offered[action.seat]
        reason = g.refusal(action)
        assert (reason is None) == legal, (action, reason)
        if legal:
            continue
        try:
            g.apply(action)
        except IllegalAction as refused:
            assert refused.reason == reason
        else:
            raise AssertionError(f"{action} applied though not offered")
        assert isinstance(reason, Refusal) and reason.code, (action, reason)
        assert all(has_text(language, reason.code) for language in TEXTS), reason.code
        codes.add(reason.code)
        assert g.state_key() == before
    return codes


def advance(g: Game, rng: random.Random, steps: int) -> None:
    """Random legal play, in the headless order."""
    for _ in range(steps):
        seat = g.sync_next()
        legal = g.sync_actions(seat) if seat != REFEREE else g.legal_actions(REFEREE)
        if not legal:
            return
        g.apply(rng.choice(list(legal)))


CASES = [
    (preset, players) for preset, cls in ALL.items() for players in (cls.min_players, 4, cls.players_cap)
]


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(case=st.sampled_from(CASES), seed=st.integers(0, 2**31), steps=st.integers(0, 300))
def test_apply_accepts_exactly_the_legal_actions_and_every_refusal_is_coded(case, seed, steps):
    preset, players = case
    cls = ALL[preset]
    g = Game(make_rules(preset, players, {"max_players": cls.players_cap}, developing=True), seed)
    rng = random.Random(seed)
    for _ in range(4):
        advance(g, rng, steps // 4)
        check_position(g, rng)


def test_the_explanations_name_a_rule_for_the_near_misses_of_every_preset():
    """The fallback reason ('not among your legal actions') is for a gap in an explanation; random play
    of every preset meets none: each near miss is refused with its rule."""
    for preset in sorted(game.rules.PRESETS):
        g = Game(make_rules(preset, 3), 11)
        rng = random.Random(11)
        codes: set[str] = set()
        for _ in range(60):
            advance(g, rng, 5)
            codes |= check_position(g, rng)
        assert NOT_OFFERED.code not in codes, preset
        assert len(codes) > 5, (preset, codes)
