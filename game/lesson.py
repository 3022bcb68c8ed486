"""Lessons: a guided first game, as data (assets/lessons/<preset>.json; format: docs/learn.md).

A lesson names a scenario (a stacked deal, game.scenario), a script for the AI seats, so the game
always goes the same way, and an ordered list of steps: what the player is told, the move the step
is about, and the words for hints and for what it did. The table plays the real game on the real
rules engine; this module only says what a step expects and whether an action is it.

Nothing here draws or knows pygame: the table's guide (ui/learn) shows the steps.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from . import safejson
from .actions import Action, Kind, is_call
from .cards import Suit
from .scenario import Scenario, ScenarioError, parse
from .seats.basic import BasicSeat
from .view import SeatView

FORMAT = 1
LIMITS = safejson.Limits(max_bytes=256 * 1024, max_string=2000, max_items=2000, max_values=50_000)


class LessonError(ValueError):
    """A lesson file that cannot be used; the message names the field."""


@dataclass(frozen=True)
class Expect:
    """The move a step is about: its kind, and where it matters the cards (every one of them, in any
    order), the suit named and "last one" said. `any` takes every legal action of the person."""

    kind: Kind | None  # None: any legal action
    cards: frozenset[str] = frozenset()  # card codes; empty: any cards
    suit: str | None = None  # the suit an 8 names (a letter), where the step is about it
    flag: bool | None = None  # "last one" said with it, where the step is about it

    def matches(self, action: Action) -> bool:
        if self.kind is None:
            return True
        if action.kind is not self.kind:
            return False
        if self.kind is Kind.DOBON and not is_call(action):
            return False
        if self.cards and frozenset(c.code for c in action.cards) != self.cards:
            return False
        if self.suit is not None and (action.suit is None or action.suit.letter != self.suit):
            return False
        return self.flag is None or action.flag == self.flag

    def offered(self, legal: tuple[Action, ...] | list[Action]) -> bool:
        """Whether the move can be made now (one of `legal` is it)."""
        return any(self.matches(a) for a in legal)


@dataclass(frozen=True)
class Step:
    """One step: `id` names its words (learn.<preset>.<id>.say, .hint1-3, .then, optionally .wrong);
    `expect` None is a step read and then continued (a Continue button)."""

    id: str
    expect: Expect | None


@dataclass(frozen=True)
class Lesson:
    preset: str
    scenario: Scenario
    steps: tuple[Step, ...]
    scripts: dict[int, SeatScript] = field(default_factory=dict)

    def words(self, step: Step, part: str) -> str:
        """The translation key of a step's words (`say`, `hint1`..`hint3`, `then`, `wrong`)."""
        return f"learn.{self.preset}.{step.id}.{part}"

    def word_keys(self) -> list[str]:
        """Every translation key the lesson uses (a test checks both languages have them all)."""
        out = [f"learn.{self.preset}.{part}" for part in ("title", "about", "done")]
        for step in self.steps:
            parts = ["say"] + (["hint1", "hint2", "hint3", "then"] if step.expect is not None else [])
            out += [self.words(step, p) for p in parts]
        return out


@dataclass(frozen=True)
class SeatScript:
    """An AI seat's part: its turn actions in order (the n-th of its plays and draws this round is
    `turns[n]`), and the cards it calls dobon on where it may. Stateless, so a lesson left and resumed
    goes on exactly as it would have."""

    turns: tuple[dict[str, Any], ...] = ()
    calls: frozenset[str] = frozenset()


class ScriptedSeat(BasicSeat):
    """An AI seat that follows its script. Where the script says nothing that is legal (a move the
    lesson did not foresee) it falls back on the basic seat's choice, but never calls dobon unasked."""

    name = "scripted"

    def __init__(self, script: SeatScript):
        super().__init__(0)
        self.script = script

    def act(self, view: SeatView) -> Action:
        legal = view.legal
        calls = [a for a in legal if is_call(a) and a.cards[-1].code in self.script.calls]
        if calls:
            return calls[0]
        # asked at reaction speed (a silent pass is offered): a scripted move goes only if it is
        # marked as a race, so a seat never places out of turn what it was to play on its turn
        reacting = any(a.kind is Kind.PASS and not a.flag for a in legal)
        done = sum(1 for clue in view.history if clue.seat == view.seat)
        if done < len(self.script.turns):
            spec = self.script.turns[done]
            wanted = _action(spec)
            for action in legal:
                if wanted is not None and wanted.matches(action) and (not reacting or spec.get("race")):
                    return action
        if reacting:  # a throw-in first, as the basic seat (jda: a gaeshi window then closes sooner)
            return min((a for a in legal if a.kind is Kind.PASS), key=lambda a: not a.flag)
        safe = tuple(a for a in legal if a.kind is not Kind.DOBON)
        return super().act(dataclasses.replace(view, legal=safe or legal))  # calls left out


def _action(spec: dict[str, Any]) -> Expect | None:
    try:
        return expect(spec)
    except LessonError:
        return None


def expect(spec: dict[str, Any] | None) -> Expect | None:
    """An `expect` field read: {"act": "play", "cards": ["9H"], "suit": "C"}, or {"act": "any"}."""
    if spec is None:
        return None
    if not isinstance(spec, dict):
        raise LessonError('expect must be an object such as {"act": "play", "cards": ["9H"]}')
    act = spec.get("act")
    if act == "any":
        return Expect(None)
    try:
        kind = Kind(act)
    except ValueError:
        raise LessonError(f"expect.act: unknown action {safejson.short(act)}") from None
    cards = spec.get("cards", [])
    if not isinstance(cards, list) or not all(isinstance(c, str) for c in cards):
        raise LessonError("expect.cards must be a list of card codes")
    suit = spec.get("suit")
    if suit is not None:
        try:
            suit = Suit.parse(suit).letter
        except (ValueError, AttributeError):
            raise LessonError(f"expect.suit: {safejson.short(suit)} is no suit") from None
    flag = spec.get("flag")
    if flag is not None and not isinstance(flag, bool):
        raise LessonError("expect.flag must be true or false")
    return Expect(kind, frozenset(cards), suit, flag)


def load(path: str | Path) -> Lesson:
    """Read a lesson file; LessonError names the field that is wrong."""
    try:
        data = safejson.read(path, LIMITS)
    except safejson.FileProblem as exc:
        raise LessonError(exc.brief()) from None
    return from_json(data)


def from_json(data: Any) -> Lesson:
    if not isinstance(data, dict) or data.get("dobon_lesson") != FORMAT:
        raise LessonError(f'not a lesson: it must be an object with "dobon_lesson": {FORMAT}')
    try:
        scenario = parse(data.get("scenario"))
    except ScenarioError as exc:
        raise LessonError(f"scenario: {exc}") from None
    steps = []
    for i, raw in enumerate(data.get("steps", [])):
        if not isinstance(raw, dict) or not isinstance(raw.get("id"), str):
            raise LessonError(f"steps[{i}] must be an object with an id")
        steps.append(Step(raw["id"], expect(raw.get("expect"))))
    if not steps:
        raise LessonError("steps: a lesson has at least one step")
    scripts = {}
    for seat, raw in (data.get("ai") or {}).items():
        if not str(seat).isdigit() or not isinstance(raw, dict):
            raise LessonError(f"ai.{safejson.short(seat)}: a seat number and its script")
        turns = raw.get("turns", [])
        for spec in turns:
            expect(spec)  # checked now, not when the seat first needs it
        scripts[int(seat)] = SeatScript(tuple(turns), frozenset(raw.get("calls", [])))
    return Lesson(scenario.preset, scenario, tuple(steps), scripts)
