"""A saved review (game.review's JSON) as the History screen lists it: a heading, the game's summary
(decisions against the rest), then one entry per decision worth a look, each naming its moment (round,
turn, field card, your hand) on a line of its own and its grade, both choices and the loss on the next.

Pure text: the RecordScene turns the entries into clickable lines (links) that open the replay at that
moment (ui/scenes/review_trial.py). A review saved by an older version has no moments; `entries` says so
by returning None, and the screen falls back to its older rows.
"""

from __future__ import annotations

import contextlib
from dataclasses import dataclass
from typing import Any

from game.cards import Deck, Suit, deck
from game.review import DEFAULT_WORTH, points

from ..text import card_text, tr
from .record_words import round_words, units


@dataclass(frozen=True)
class Listed:
    """One decision as listed: `step` is the log action it stands before (the replay's position)."""

    step: int
    moment: str
    line: str


def _cards(cards: Deck | None, codes: Any) -> str:
    if not isinstance(codes, list | tuple):
        return ""
    out = []
    for code in codes:
        try:
            out.append(card_text(cards.card(code)) if cards is not None else str(code))
        except ValueError:
            out.append(str(code))
    return " ".join(out)


def deck_of(review: dict[str, Any]) -> Deck | None:
    try:
        return deck(str(review.get("deck", "")))
    except ValueError:
        return None


def moment_text(d: dict[str, Any], cards: Deck | None, preset: str | None = None) -> str:
    """Where a decision fell, in the preset's units: ``Round 3 · turn 7 · field ♥8 · your hand ♠2 ♦5 ♣K``
    (jda: ``Game 3 · ...``)."""
    field = _cards(cards, [d.get("field", "")])
    if d.get("field_suit"):
        with contextlib.suppress(ValueError):  # a suit this version cannot read: the card alone
            field = tr("review.field_suit", card=field, suit=Suit.parse(str(d["field_suit"])).symbol)
    return tr(
        "review.moment",
        where=round_words(d, preset),
        turn=d.get("turn", "?"),
        field=field,
        hand=_cards(cards, d.get("hand", [])),
    )


def grade_name(name: str) -> str:
    return tr(f"review.grade.{name}")


def worth_of(review: dict[str, Any]) -> float:
    """What a round of the review's preset is worth (the scale of its numbers)."""
    worth = review.get("worth")
    return float(worth) if isinstance(worth, int | float) and worth > 0 else DEFAULT_WORTH


def decision_line(d: dict[str, Any], worth: float = DEFAULT_WORTH) -> str:
    """Its grade, both choices and the loss, then its marks (missed dobon, dobon'd)."""
    from .record_words import choice_text

    if d.get("forced"):
        line = tr("review.forced_row", yours=choice_text(d.get("chosen", {})))
    else:
        line = tr(
            "review.row",
            grade=grade_name(str(d.get("grade", "unclear"))),
            yours=choice_text(d.get("chosen", {})),
            hard=choice_text(d.get("suggested", {})),
            loss=points(float(d.get("loss", 0)), worth),
            se=points(float(d.get("loss_se", 0)), worth, signed=False),
        )
    notes = []
    if d.get("missed_dobon"):
        notes.append(tr("history.missed_dobon"))
    if d.get("let_call"):
        notes.append(tr("history.let_call", seats=", ".join(str(s + 1) for s in d["let_call"])))
    return line + ("   " + " · ".join(notes) if notes else "")


def heading(review: dict[str, Any]) -> list[str]:
    """The review's heading and the game's summary: what the decisions cost, and the rest."""
    better = review.get("higher_is_better", True)
    sense = tr("history.more_better" if better else "history.fewer_better")
    summary = review["summary"]
    grades = summary.get("grades", {})
    order = ("best", "good", "inaccuracy", "mistake", "blunder", "unclear")
    counts = tr("review.grades_sep").join(f"{grade_name(g)} {grades[g]}" for g in order if grades.get(g))
    cost = float(summary.get("cost", 0))
    worth = worth_of(review)
    return [
        tr(
            units(review.get("preset")).review_head,  # jda's loss is in deal-size steps, kabu's in cards
            decisions=tr("review.decisions", count=int(summary.get("decisions", 0))),
            grades=counts or tr("review.grades_none"),
            forced=tr("review.forced", count=int(summary.get("forced", 0))),
            sense=sense,
            worth=f"{worth:g}",
        ),
        tr(
            "review.summary",
            result=f"{int(summary.get('result', 0)):+d}",
            decisions=points(-cost if better else cost, worth),
            se=points(float(summary.get("cost_se", 0)), worth, signed=False),
            rest=points(float(summary.get("rest", 0)), worth),
        ),
    ]


def entries(review: dict[str, Any]) -> tuple[list[str], list[Listed]] | None:
    """The heading lines and the listed decisions in the order played; None for a review saved by an
    older version (no summary, no moments)."""
    if not isinstance(review.get("summary"), dict) or not isinstance(review.get("listed"), list):
        return None
    cards = deck_of(review)
    decisions = {d.get("step"): d for d in review.get("decisions", []) if isinstance(d, dict)}
    listed = [decisions[s] for s in review["listed"] if s in decisions]
    worth = worth_of(review)
    rows = [
        Listed(int(d["step"]), moment_text(d, cards, review.get("preset")), decision_line(d, worth))
        for d in listed
    ]
    return heading(review), rows


def decision(review: dict[str, Any], step: int) -> dict[str, Any] | None:
    """The saved decision standing before the log's action `step`."""
    return next(
        (d for d in review.get("decisions", []) if isinstance(d, dict) and d.get("step") == step), None
    )
