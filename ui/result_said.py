"""A round's result said in the language now chosen: the sentences of game.result_words with each seat
by its name and possessive, and the standings a result moved from. Shared by the result screen
(ui/scenes/results.py) and a lesson's closing step (ui/learn/guide.py), so both say it the same way."""

from __future__ import annotations

from collections.abc import Sequence

from game.events import RoundDealt
from game.result_words import Seat, Term, Words
from game.scores import Score

from .text import Said, tr


def whose(name: str, raw: object) -> str:
    """A seat's possessive for a sentence: "your" for the person's own seat ("You"), else "Ren's"."""
    if isinstance(raw, Said) and raw.key == "table.you":
        return tr("result_words.whose_you")
    return tr("result_words.whose", name=name)


def say(words: Words, names: Sequence[str], raw: Sequence[object] = ()) -> str:
    """One sentence of game.result_words in the language now chosen: a seat by its name (`%{x}`) and
    its possessive (`%{x_whose}`), a term by its translation; `raw` are the seats' names as the table
    keeps them (a `Said` for "You"). English starts it with a capital."""
    params: dict[str, object] = {}
    for name, value in words.values:
        if isinstance(value, Seat):
            seat = value.index
            shown = names[seat] if 0 <= seat < len(names) else "?"
            kept = raw[seat] if 0 <= seat < len(raw) else None
            you = isinstance(kept, Said) and kept.key == "table.you"
            # "pays 56 to you" (the sentence's first letter is made a capital below, whoever it names)
            params[name] = tr("result_words.you_in_sentence") if you else shown
            params[f"{name}_whose"] = whose(shown, kept)
        elif isinstance(value, tuple):
            sep = tr("result_words.list_sep")
            params[name] = sep.join(names[v.index] if 0 <= v.index < len(names) else "?" for v in value)
        elif isinstance(value, Term):
            params[name] = tr(value.key)
        else:
            params[name] = value
    text = tr(f"result_words.{words.key}", **params)
    return text[:1].upper() + text[1:]


def dealt_standings(events) -> list[Score]:
    """Each seat's standing as the latest round was dealt (what its result moved from)."""
    for event in reversed(events):
        if isinstance(event, RoundDealt):
            return list(event.standings) or [Score.points(v) for v in event.scores]
    return []
