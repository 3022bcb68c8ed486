"""A round's result in sentences: who scored what and why, in the preset's own terms.

The rulebooks give a round's result as score lines (game.events.ScoreLine): an item, an amount, and the
facts it was made from (`about`: whose hand, who is paid, the pair, the largest hand left). This module
turns them into sentences to say, each a translation key (`result_words.*`) and its values, so the
result screen and any other front end say the same thing in either language, and nothing on the screen
reads the engine's English notes. The lines themselves stay the "rule by rule" detail.

A sentence names seats as `Seat` values (the screen puts the seat's name or its possessive) and rule
terms as `Term` values (a translation key), so the words stay the table's own.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from .events import Ending, RoundResult, ScoreLine
from .scores import Score

POINTS_PER_LAP = 6  # kabu §5.2: every 6 points a loser receives is a lap
DOBON_ENDINGS = (Ending.DOBON, Ending.GAESHI)  # kabu: a dobon winner gives up 2 extra cards


@dataclass(frozen=True, slots=True)
class Seat:
    """A seat named in a sentence: a value `x` that is a Seat fills both `%{x}`, the seat's name, and
    `%{x_whose}`, its possessive ("Ren's", "your"), so each language takes the form it needs."""

    index: int


@dataclass(frozen=True, slots=True)
class Term:
    """A rule's term in a sentence, said by its translation key (e.g. a bonus's name)."""

    key: str


Value = int | Seat | Term | tuple[Seat, ...]  # a tuple: several seats, said as a list of names


@dataclass(frozen=True, slots=True)
class Words:
    """One sentence: its key under `result_words.` and the values its placeholders take."""

    key: str
    values: tuple[tuple[str, Value], ...] = ()

    @classmethod
    def of(cls, key: str, **values: Value) -> Words:
        return cls(key, tuple(values.items()))


@dataclass(frozen=True, slots=True)
class Pair:
    """kabu: what one winner scored on one or more losers, step by step in words (the same steps for
    every loser in `losers`), ending with the points each receives."""

    winner: int
    losers: tuple[int, ...]
    points: int
    steps: tuple[Words, ...]


# ------------------------------------------------------------------ points presets (app, standard, super)


def _point_line(line: ScoreLine) -> list[Words]:
    """One line of a points preset in words; nothing for a factor of 1 (it changes nothing)."""
    item, value, seat = line.item, line.value, line.seat
    fact = line.fact
    if item.endswith("_factor") and value == 1:
        return []
    match item:
        case "hand_points":
            return [Words.of("hand_adds", who=Seat(seat), value=value)]
        case "dobon_points" if line.fact("of") is not None:  # super: the winner's hand the loser pays on
            return [Words.of("hand_adds", who=Seat(fact("of") or 0), value=value)]
        case "dobon_points":  # app: both hands and the card hit
            winner, loser = fact("winner"), fact("loser")
            if winner is None or loser is None:
                return [Words.of("all_cards_add", value=value)]
            return [Words.of("both_hands_add", winner=Seat(winner), loser=Seat(loser), value=value)]
        case "twos_factor":
            return [Words.of("twos_factor", value=value, count=fact("twos", 0) or 0)]
        case "calls_factor":
            return [Words.of("calls_factor", value=value, count=fact("calls", 0) or 0)]
        case "pays":
            to = fact("to")
            return [Words.of("pays", value=value, to=Seat(to))] if to is not None else []
        case "receives":
            return [Words.of("receives", value=value)]
        case "same_suit_factor":
            return [Words.of("same_suit", who=Seat(fact("of", seat) or 0))]
        case "loser_factor" | "counter_factor" | "first_card_factor" | "first_lap_factor":
            return [Words.of(item.removesuffix("_factor"), value=value)]
        case "eights_factor":
            return [Words.of("eights", value=value, count=fact("eights", 0) or 0, who=Seat(seat))]
        case "hit_draw":
            return [Words.of("hit_draw", count=value)]
        case "base":  # standard: what is left in the hand counts against it
            return [Words.of("hand_left", who=Seat(seat), value=value)]
        case "loser_by_dobon" | "loser_by_gaeshi":
            worst = fact("worst", 0) or 0
            said = [
                Words.of(
                    item,
                    value=value,
                    worst=worst,
                    count=fact("winners", 1) or 1,
                    times=fact("times", 6) or 6,
                )
            ]
            if worst == 0:
                said.append(Words.of("no_hand_left"))
            return said
        case "joker_dobon_loss" | "quick_dobon_loss":
            return [
                Words.of(
                    "worst_times",
                    value=value,
                    worst=fact("worst", 0) or 0,
                    times=fact("times", 2) or 2,
                    what=Term(f"score.{item}"),
                )
            ]
        case "slam":
            return [Words.of("slam", value=value, count=fact("streak", 3) or 3)]
        case "auction" if fact("bid") is not None:
            return [Words.of("auction_lost", value=value, bid=fact("bid") or 0)]
        case "auction":
            return [Words.of("auction_won", value=value)]
    return [Words.of("bonus", value=value, what=Term(f"score.{item}"))]


def _points(result: RoundResult, before: Sequence[Score], after: Sequence[Score]) -> list[list[Words]]:
    said: list[list[Words]] = [[] for _ in result.deltas]
    for line in result.lines:
        if not 0 <= line.seat < len(said):
            continue
        if line.item == "base" and line.value == 0 and line.seat in result.winners:
            said[line.seat].append(Words.of("no_cards_left"))  # standard: a winner's hand is laid down
        else:
            said[line.seat] += _point_line(line)
    return said


# ------------------------------------------------------------------ jda: deal sizes and laps


def _moved(
    before: Sequence[Score], after: Sequence[Score], seat: int, *names: str
) -> list[tuple[int, int]] | None:
    """Each named part of `seat`'s standing as the round was dealt and as it left it; None where
    either standing lacks one (a result with no standings to compare)."""
    if seat >= len(before) or seat >= len(after):
        return None
    old, new = dict(before[seat].parts), dict(after[seat].parts)
    if any(name not in old or name not in new for name in names):
        return None
    return [(old[name], new[name]) for name in names]


def _jda(result: RoundResult, before: Sequence[Score], after: Sequence[Score]) -> list[list[Words]]:
    """jda §5: a winner deals 2 fewer next game (never below 4); a loser 2 more, or from 12 back to 4
    with a lap completed; everyone else deals the same."""
    said: list[list[Words]] = [[] for _ in result.deltas]
    for seat in range(len(said)):
        moved = _moved(before, after, seat, "deal", "lap")
        if moved is None:
            continue
        (deal_old, deal_new), (lap_old, lap_new) = moved
        if lap_new > lap_old:
            said[seat].append(Words.of("jda_lap", old=deal_old, new=deal_new, laps=lap_new))
        elif seat in result.winners and deal_new == deal_old:
            said[seat].append(Words.of("jda_smallest", new=deal_new))
        elif seat in result.winners:
            said[seat].append(Words.of("jda_won", old=deal_old, new=deal_new))
        elif seat in result.losers:
            said[seat].append(Words.of("jda_lost", old=deal_old, new=deal_new))
        elif deal_new != deal_old:  # not named winner or loser, yet moved: say how, plainly
            said[seat].append(Words.of("jda_moved", old=deal_old, new=deal_new))
    return said


# ------------------------------------------------------------------ kabu: laps, extra cards, the pairs


def _kabu(result: RoundResult, before: Sequence[Score], after: Sequence[Score]) -> list[list[Words]]:
    """kabu §5.2: a loser adds the points received to their extra cards; every 6 is a lap, the rest the
    extra cards dealt next match; each dobon winner's extra cards go down by 2 (not below 0)."""
    said: list[list[Words]] = [[] for _ in result.deltas]
    received = [0] * len(said)
    for line in result.lines:
        if line.item == "points" and 0 <= line.seat < len(said):
            received[line.seat] += line.value
    for seat in range(len(said)):
        moved = _moved(before, after, seat, "laps", "extra")
        if moved is None:
            continue
        (laps_old, laps_new), (extra_old, extra_new) = moved
        hand = 4 + extra_new
        if received[seat]:
            said[seat].append(
                Words.of(
                    "kabu_received",
                    points=received[seat],
                    extra=extra_old,
                    total=extra_old + received[seat],
                    laps=laps_new - laps_old,
                    left=extra_new,
                )
            )
        elif seat in result.winners and extra_new < extra_old:
            said[seat].append(Words.of("kabu_winner_extra", old=extra_old, new=extra_new))
        elif laps_new != laps_old:  # laps taken outright (twelve cards in hand)
            said[seat].append(Words.of("kabu_laps", old=laps_old, new=laps_new))
        elif seat in result.winners and result.ending in DOBON_ENDINGS:
            said[seat].append(Words.of("kabu_winner_none", new=extra_new))
        elif seat in result.winners:  # the fewest cards at the stock's end, four of a kind [D20]
            said[seat].append(Words.of("kabu_winner_keeps", new=extra_new))
        if (laps_new, extra_new) != (laps_old, extra_old) or received[seat]:
            said[seat].append(Words.of("kabu_next_hand", laps=laps_new, count=hand))
    return said


KABU_ADDS = ("base", "trumps", "own_cards", "groups", "their_cards", "tens", "last_ten", "okoshi_ten")
KABU_ALSO = ("cards_apart", "four_laps")  # stock exhaustion's and four of a kind's own amounts


def kabu_pairs(result: RoundResult) -> list[Pair]:
    """The settlement in words: for each winner, what they scored on each loser (losers that score the
    same from one winner are one pair), its amounts that are not nothing and its factors that are not
    ×1, in the rulebook's order."""
    pairs: list[Pair] = []
    steps: list[Words] = []
    first_card = False
    for line in result.lines:
        if line.item in ("laps", "extra", "void"):
            continue
        if line.item != "points":
            if line.item == "base":
                first_card = line.value > 1
            said = _kabu_step(line, first_card)
            if said is not None:
                steps.append(said)
            continue
        winner = line.fact("winner")
        winner = winner if winner is not None else (result.winners[0] if result.winners else line.seat)
        for i, pair in enumerate(pairs):
            if pair.winner == winner and pair.steps == tuple(steps) and pair.points == line.value:
                pairs[i] = Pair(winner, (*pair.losers, line.seat), pair.points, pair.steps)
                break
        else:
            pairs.append(Pair(winner, (line.seat,), line.value, tuple(steps)))
        steps = []
    return pairs


def _kabu_step(line: ScoreLine, first_card: bool) -> Words | None:
    item, value = line.item, line.value
    if item == "base":
        return Words.of("kabu.first_card" if first_card else "kabu.base", value=value)
    if item == "cards_apart":
        return Words.of(
            "kabu.cards_apart",
            value=value,
            most=line.fact("most", 0) or 0,
            fewest=line.fact("fewest", 0) or 0,
        )
    if item == "four_laps":
        return Words.of("kabu.four_laps", value=value, points=value * POINTS_PER_LAP)
    if item in KABU_ADDS:
        return Words.of(f"kabu.{item}", value=value) if value else None
    return Words.of(f"kabu.{item}", value=value) if value != 1 else None  # a factor


# ------------------------------------------------------------------ by preset

EXPLAIN: dict[str, Callable[[RoundResult, Sequence[Score], Sequence[Score]], list[list[Words]]]] = {
    "jda": _jda,
    "kabu": _kabu,
}


def seat_words(
    preset: str, result: RoundResult, before: Sequence[Score], after: Sequence[Score]
) -> list[list[Words]]:
    """Per seat, the sentences that say how the round moved its score or standing (`before`: the
    standings as the round was dealt; `after`: as it left them), in the preset's own terms."""
    return EXPLAIN.get(preset, _points)(result, before, after)
