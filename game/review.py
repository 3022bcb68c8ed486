"""An AI review of one seat's play: where its choices lost the most, by the `hard` seat's judgement.

The log is replayed. At every moment the reviewed seat had a real choice (a play, a draw, a suit, a
dobon or a dobon-gaeshi called, a call it could have made and did not, a bid, a declaration), the
review takes the seat's own view at that moment (`Game.view`: its hand and what everybody saw, never
another hand or the stock's order) and

* asks a `hard` seat (game.seats.hard) what it would have done from that view;
* estimates what each choice was worth: the seat's score change from that moment to the end of the
  round, in the preset's own points, averaged over worlds sampled from the same view (the hands the
  history makes likely: game.seats.inference) and played out by the search's fast policy. Both choices
  meet every world with the same luck (common random numbers), so their difference is judged world by
  world: `loss` is the mean difference in the preset's sense of better (positive: the seat's choice was
  worse), with its standard error over the worlds. Where the seat chose as hard would have, nothing was
  lost and nothing is valued (most decisions: it halves the cost).

Each decision names its moment (round, turn within the round, the field card, the seat's hand) and is
graded by its loss against what a round of the preset is worth (`round_worth`): best, good, inaccuracy,
mistake or blunder, or "unclear" where the loss is not clearly larger than its error. A forced move (one
sensible option) is listed for what it led to but never graded. `Review.summary` splits the seat's
result into what its decisions cost and the rest (the deal, the draws, the other seats' play).

It also marks, from what the log shows, missed dobons (a call the seat could have made and did not) and
discards that let someone call. Everything is bounded by work (simulated actions), not time, and seeded,
so the same log, seat, seed and budget give the same review on any machine.

The rollouts play the seat's own later turns by the fast policy, not as the person would: a choice is
judged by what follows from it if play goes on sensibly, which is what a review can honestly say.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from enum import StrEnum
from pathlib import Path
from typing import Any

from .actions import REFEREE, Action, Kind, is_call
from .cards import Deck, deck
from .coach import view_seed
from .engine import Game
from .errors import IllegalAction
from .events import DobonCalled, RoundEnded
from .headless import LogError, read_log
from .phase import Phase
from .registry import REGISTRY
from .safejson import clip
from .seats import fast
from .seats.determinize import determinize, known_in_hand
from .seats.hard import HardSeat, play_out
from .seats.inference import HandSampler
from .seats.presets import knowledge
from .view import SeatView

Progress = Callable[[int, int], None]  # (decisions reviewed, decisions in all)

WORK = 6_000  # simulated actions per decision to value the two choices (hard's own search: its `work`)
MIN_WORLDS = 8
MAX_WORLDS = 300
SIGNIFICANT = 2.0  # standard errors by which a loss must exceed zero to be listed

DEFAULT_WORTH = 40.0  # a preset this version does not know (a newer record)


class Grade(StrEnum):
    """A decision's class, by its loss as a share of the round's worth (docs/history.md)."""

    BEST = "best"  # the seat chose as hard did
    GOOD = "good"  # another choice, which lost less than a tenth of a round (surely so, or as estimated)
    INACCURACY = "inaccuracy"  # a tenth of a round or more
    MISTAKE = "mistake"  # a quarter of a round or more
    BLUNDER = "blunder"  # half a round or more
    UNCLEAR = "unclear"  # the loss might be an inaccuracy or worse, but is not clearly above its error


GRADE_LINES: tuple[tuple[float, Grade], ...] = (
    (0.5, Grade.BLUNDER),
    (0.25, Grade.MISTAKE),
    (0.1, Grade.INACCURACY),
)
MISSES = (Grade.INACCURACY, Grade.MISTAKE, Grade.BLUNDER)


def round_worth(preset: str) -> float:
    """What a round of `preset` is worth, in its own units (its knowledge's `round_worth`, measured by
    `python bench/review.py --worth`): a loss is graded against it, so that a lost point means as much
    in app (a round moves about 66 points) as in jda (a quarter of one)."""
    if preset not in REGISTRY:
        return DEFAULT_WORTH
    return knowledge(preset).round_worth


def points(value: float, worth: float, signed: bool = True) -> str:
    """A number of points as precisely as the preset's scale needs: one decimal where a round moves
    tens of points, two or three where it moves a few or less than one (jda: +0.05, not +0.0); never
    "-0.0"."""
    places = 1 if worth >= 20 else 2 if worth >= 2 else 3
    rounded = round(value, places) + 0.0  # + 0.0 turns -0.0 into 0.0
    return f"{rounded:+.{places}f}" if signed else f"{rounded:.{places}f}"


def grade(loss: float, se: float, worth: float, agreed: bool) -> Grade:
    """The class of a decision that lost `loss` ± `se` against hard's choice, a round being worth
    `worth`. A loss that is not more than SIGNIFICANT errors above zero earns a class only where even
    its upper bound is below an inaccuracy (good); otherwise it is unclear: where luck dominates a
    label would be noise."""
    if agreed:
        return Grade.BEST
    share = loss / worth
    if (loss + SIGNIFICANT * se) / worth < GRADE_LINES[-1][0]:
        return Grade.GOOD
    if loss <= SIGNIFICANT * se:
        return Grade.UNCLEAR
    return next((g for line, g in GRADE_LINES if share >= line), Grade.GOOD)


class ReviewError(ValueError):
    """A log that cannot be reviewed (unreadable, refused, or no such seat); the message says why."""


@dataclass
class Choice:
    action: Action
    value: float = 0.0  # the seat's expected score change to the round's end
    se: float = 0.0

    def to_json(self) -> dict[str, Any]:
        return {
            "action": self.action.to_json(),
            "text": self.action.text(),
            "value": round(self.value, 3),
            "se": round(self.se, 3),
        }


@dataclass
class Decision:
    """One moment the seat had a choice, as the review judged it."""

    step: int  # the log's action index the decision stands before (0-based)
    match_no: int
    round_no: int
    kind: str  # play, draw, suit, dobon, gaeshi, no call, bid, declare, pass
    chosen: Choice
    suggested: Choice  # what hard would have done
    loss: float = 0.0  # how much worse the seat's choice was, in the preset's sense (negative: better)
    loss_se: float = 0.0
    worlds: int = 0
    missed_dobon: bool = False  # the seat could have called and did not
    let_call: list[int] = field(default_factory=list)  # seats that called on this discard
    turn_no: int = 0  # the turn of the round it fell in (1: the round's first turn)
    field_card: str = ""  # the field card's code then
    field_suit: str = ""  # the suit in force where it differed from the field card's own (a letter)
    hand: tuple[str, ...] = ()  # the seat's hand then, card codes
    forced: bool = False  # one sensible option: listed for what it led to, never graded
    worth: float = DEFAULT_WORTH  # what a round of the preset is worth (`round_worth`)

    @property
    def agreed(self) -> bool:
        return self.chosen.action == self.suggested.action

    @property
    def significant(self) -> bool:
        return self.loss > 0 and self.loss > SIGNIFICANT * self.loss_se

    @property
    def grade(self) -> Grade | None:
        """Its class; None for a forced move (nothing was chosen)."""
        if self.forced:
            return None
        return grade(self.loss, self.loss_se, self.worth, self.agreed)

    def to_json(self) -> dict[str, Any]:
        found = self.grade
        return {
            "step": self.step,
            "match": self.match_no,
            "round": self.round_no,
            "turn": self.turn_no,
            "field": self.field_card,
            "field_suit": self.field_suit,
            "hand": list(self.hand),
            "forced": self.forced,
            "grade": found.value if found is not None else None,
            "worth": self.worth,
            "kind": self.kind,
            "chosen": self.chosen.to_json(),
            "suggested": self.suggested.to_json(),
            "agreed": self.agreed,
            "loss": round(self.loss, 3),
            "loss_se": round(self.loss_se, 3),
            "worlds": self.worlds,
            "missed_dobon": self.missed_dobon,
            "let_call": self.let_call,
        }


@dataclass(frozen=True)
class Summary:
    """A game's (or round's) result for the seat, split in two: what its decisions cost against hard's
    choices (the sum of the graded decisions' losses, with its error), and the rest, which is everything
    the seat did not choose: the deal, the draws, the other seats' play. In the preset's points, signed
    as the score moves (`rest` = `result` as it would have been with hard's choice at every decision,
    each loss judged from its own moment: an estimate, not a replay)."""

    result: int  # the seat's score change over the rounds reviewed
    cost: float  # points the decisions lost in the preset's sense of better (positive: they lost)
    cost_se: float
    rest: float
    decisions: int  # real choices (forced moves excluded)
    forced: int
    grades: dict[str, int]  # decisions by grade

    def to_json(self) -> dict[str, Any]:
        return {
            "result": self.result,
            "cost": round(self.cost, 3),
            "cost_se": round(self.cost_se, 3),
            "rest": round(self.rest, 3),
            "decisions": self.decisions,
            "forced": self.forced,
            "grades": self.grades,
        }


@dataclass
class Review:
    preset: str
    seat: int
    seed: int
    work: int
    hard_work: int
    actions: int  # the log's actions read
    decisions: list[Decision]
    higher_is_better: bool
    deck: str = ""  # the deck's name (game.cards.deck): the decisions' card codes are of it
    result: int = 0  # the seat's score change over the rounds reviewed

    def worst(self, top: int = 10) -> list[Decision]:
        """The decisions where the seat's choice lost the most (beyond the noise), then every missed
        dobon and every discard someone called on, worst first."""
        listed = [d for d in self.decisions if d.significant or d.missed_dobon or d.let_call]
        listed.sort(key=lambda d: (-d.loss, d.step))
        return listed[:top]

    def summary(self) -> Summary:
        chosen = [d for d in self.decisions if not d.forced]
        cost = sum(d.loss for d in chosen)
        grades: dict[str, int] = {}
        for d in chosen:
            grades[d.grade.value] = grades.get(d.grade.value, 0) + 1
        better = 1 if self.higher_is_better else -1
        return Summary(
            result=self.result,
            cost=cost,
            cost_se=math.sqrt(sum(d.loss_se**2 for d in chosen)),
            rest=self.result + better * cost,
            decisions=len(chosen),
            forced=len(self.decisions) - len(chosen),
            grades=grades,
        )

    def to_json(self, top: int = 10) -> dict[str, Any]:
        return {
            "preset": self.preset,
            "deck": self.deck,
            "seat": self.seat,
            "seed": self.seed,
            "work": self.work,
            "hard_work": self.hard_work,
            "actions": self.actions,
            "higher_is_better": self.higher_is_better,
            "worth": round_worth(self.preset),
            "summary": self.summary().to_json(),
            "decisions": [d.to_json() for d in self.decisions],
            "worst": [d.step for d in self.worst(top)],
            "listed": [d.step for d in self.listed(len(self.decisions))],  # the screen lists them all
        }

    def table(self, top: int = 10) -> str:
        """The review as the command line prints it: the summary, then each graded decision that was
        not hard's choice (and every missed dobon and called-on discard), in the order played."""
        better = "more is better" if self.higher_is_better else "fewer is better"
        s = self.summary()
        counts = ", ".join(f"{s.grades[g.value]} {g.value}" for g in Grade if s.grades.get(g.value))
        worth = round_worth(self.preset)
        lines = [
            f"{self.preset}, seat {self.seat}: {s.decisions} decisions ({counts or 'none'}; best: as hard "
            f"chose), {s.forced} forced move(s)",
            f"result {s.result:+d} ({better}) = decisions {points(-self._sign() * s.cost, worth)} ± "
            f"{points(s.cost_se, worth, False)} + the rest (deal, draws, others' play) "
            f"{points(s.rest, worth)}; a round is worth about {worth:g}",
        ]
        listed = self.listed(top)
        if not listed:
            lines.append("no choice lost measurably against hard's, no missed dobon, no discard called on")
            return "\n".join(lines)
        cards = _deck_of(self.deck)
        for d in listed:
            notes = [d.grade.value if d.grade is not None else "forced"]
            if d.missed_dobon:
                notes.append("missed dobon")
            if d.let_call:
                notes.append("dobon'd by seat " + ", ".join(str(s) for s in d.let_call))
            where = f"{d.match_no}.{d.round_no}" if d.match_no > 1 else str(d.round_no)
            field_card = _words(cards, (d.field_card,)) + (f" ({d.field_suit})" if d.field_suit else "")
            if d.worlds:  # valued: both choices' expected score change, and the loss
                choices = (
                    f"you {action_words(d.chosen.action)} ({points(d.chosen.value, worth)}), hard "
                    f"{action_words(d.suggested.action)} ({points(d.suggested.value, worth)}); "
                    f"loss {points(d.loss, worth)} ± {points(d.loss_se, worth, False)}"
                )
            else:
                choices = f"you {action_words(d.chosen.action)}" + ("" if d.forced else ", as hard would")
            lines.append(
                f"round {where}, turn {d.turn_no}: field {field_card}, hand {_words(cards, d.hand)}\n"
                f"    {'; '.join(notes)}: {choices}"
            )
        return "\n".join(lines)

    def listed(self, top: int = 10) -> list[Decision]:
        """What a reader is shown, in the order played: the choices that were not hard's and were not
        clearly fine (graded inaccuracy or worse, or unclear and leaning against the seat's choice),
        each missed dobon and called-on discard (forced or not); at most `top`, the worst kept."""
        shown = [d for d in self.decisions if _worth_a_look(d) or d.missed_dobon or d.let_call]
        keep = {id(d) for d in sorted(shown, key=lambda d: (-d.loss, d.step))[:top]}
        return [d for d in shown if id(d) in keep]

    def _sign(self) -> int:
        return 1 if self.higher_is_better else -1


def _worth_a_look(d: Decision) -> bool:
    """Graded inaccuracy or worse, or unclear with the estimate leaning against the seat's choice (an
    unclear one that leans its way is counted in the heading, not listed: it is noise either way)."""
    return d.grade in MISSES or (d.grade is Grade.UNCLEAR and d.loss > 0)


def _deck_of(name: str) -> Deck | None:
    try:
        return deck(name)
    except ValueError:
        return None


def _words(cards: Deck | None, codes: tuple[str, ...] | list[str]) -> str:
    if cards is None:
        return " ".join(codes)
    out = []
    for code in codes:
        try:
            out.append(cards.card(code).words)
        except ValueError:
            out.append(code)
    return " ".join(out)


def action_words(action: Action) -> str:
    """An action in plain English without its seat, cards as `Card.words` says them: ``plays ♠7 (deck
    2) naming ♥``."""
    parts = [action.kind.value]
    if action.cards:
        parts.append(" ".join(c.words for c in action.cards))
    if action.suit is not None:
        parts.append(f"naming {action.suit.symbol}")
    if action.kind in (Kind.BID, Kind.DECLARE, Kind.TIMEOUT):
        parts.append(str(action.amount))
    if action.flag:
        parts.append("(last one)")
    return " ".join(parts)


# ---------------------------------------------------------------------------------- finding decisions


@dataclass
class _Moment:
    step: int
    view: SeatView
    chosen: Action
    kind: str
    missed: bool = False
    played: tuple[int, ...] = ()  # ids of the cards the seat put out with this choice
    let_call: list[int] = field(default_factory=list)
    turn_no: int = 0
    forced: bool = False


def _kind(action: Action, view: SeatView) -> str:
    if action.kind is Kind.PLAY:
        return "suit" if action.suit is not None and _suit_choice(action, view) else "play"
    if action.kind is Kind.DOBON:
        return "gaeshi" if view.window is not None and view.window.calls else "dobon"
    if action.kind is Kind.PASS and any(is_call(a) for a in view.legal):
        return "no call"
    return action.kind.value


def _suit_choice(action: Action, view: SeatView) -> bool:
    """The same card was offered naming other suits: the decision was the suit."""
    return sum(1 for a in view.legal if a.kind is Kind.PLAY and a.cards == action.cards) > 1


def _options(game: Game, seat: int, action: Action) -> list[Action]:
    """What the seat could do at the moment it took `action`: while polled in a window, its answers
    (call or pass) if `action` is one, as the headless protocol asks; otherwise everything legal (a turn
    action taken while the window was open, where the preset allows it)."""
    window = game.window
    if window is not None and seat in window.pending:
        polled = list(game.sync_actions(seat))
        if action in polled:
            return polled
    return game.legal_actions(seat)


def _is_choice(legal: list[Action], action: Action) -> bool:
    """More than one thing the seat might sensibly do. A bare DOBON (a declaration without a matching
    hand, super's false dobon) is no option anyone takes, unless the seat took it: then it was a choice."""
    if action.kind is Kind.DOBON and not action.cards:
        return True
    sensible = [
        a
        for a in legal
        if a.kind not in (Kind.CLOSE, Kind.TIMEOUT) and not (a.kind is Kind.DOBON and not a.cards)
    ]
    return len(sensible) > 1


def _forced(legal: list[Action], action: Action) -> bool:
    """A move of the seat's own (a play, a draw, a bid ...) where it had no other: listed, never graded.
    A pass while polled (nothing to call) is no move at all."""
    return action in legal and action.kind not in (Kind.PASS, Kind.CLOSE, Kind.TIMEOUT)


def find_decisions(
    game: Game, actions: list[Action], seat: int, results: dict[tuple[int, int], int] | None = None
) -> tuple[list[_Moment], Game]:
    """Replay `actions` on `game`, noting each moment `seat` chose among several actions, each move it
    made with no other option (`forced`), and every window it could have called in and let close in
    silence (a real-time table logs no pass). `results`, if given, gets the seat's score change in each
    (match, round) that ended."""
    moments: list[_Moment] = []
    open_call: tuple[Any, _Moment] | None = None  # (window, the moment it could first call in it)
    played: dict[int, _Moment] = {}  # card id -> the moment the seat put it out (this round)
    turn_no, turn_of, here = 0, -1, (0, 0)
    for step, action in enumerate(actions):
        window = game.window
        if (game.match_no, game.round_no) != here:
            here, turn_no, turn_of = (game.match_no, game.round_no), 0, -1
        if game.phase is Phase.TURN and game.turn != turn_of:
            turn_no, turn_of = turn_no + 1, game.turn  # the turn passed to a seat
        if open_call is not None and window is not open_call[0]:
            moments.append(open_call[1])  # the window closed and the seat never answered
            open_call = None
        if action.seat == seat:
            legal = _options(game, seat, action)
            choice = action in legal and _is_choice(legal, action)
            if choice or _forced(legal, action):
                view = game.view(seat, legal)
                missed = any(is_call(a) for a in legal) and not is_call(action)
                moment = _Moment(step, view, action, _kind(action, view), missed, turn_no=max(1, turn_no))
                moment.forced = not choice
                if action.kind is Kind.PLAY:
                    moment.played = tuple(c.id for c in action.cards)
                    for card in action.cards:
                        played[card.id] = moment
                moments.append(moment)
            open_call = None
        elif open_call is None and window is not None and seat in window.pending:
            legal = list(game.sync_actions(seat))
            if any(is_call(a) for a in legal):
                view = game.view(seat, legal)
                missed_call = _Moment(
                    step, view, Action(seat, Kind.PASS), "no call", True, turn_no=max(1, turn_no)
                )
                open_call = (window, missed_call)
        try:
            events = game.apply(action)
        except IllegalAction as exc:
            raise ReviewError(f"action {step + 1} of the log was refused: {clip(str(exc))}") from None
        for event in events:
            if isinstance(event, DobonCalled) and event.answer_to == seat and event.seat != seat:
                for card in event.targets:
                    hit = played.get(card.id)
                    if hit is not None and event.seat not in hit.let_call:
                        hit.let_call.append(event.seat)
            elif isinstance(event, RoundEnded):
                played.clear()
                if results is not None:
                    results[here] = results.get(here, 0) + event.result.deltas[seat]
    if open_call is not None and game.window is not open_call[0]:
        moments.append(open_call[1])
    return moments, game


# ---------------------------------------------------------------------------------- valuing choices


def _worlds(view: SeatView, rng: random.Random) -> Callable[[], Any]:
    """Worlds consistent with the view, the hidden hands drawn as the history makes likely (the same
    sampler as hard's), or uniformly where the view leaves nobody's hand hidden from it. Where the
    preset and table have a simulation core (game.seats.fast), the worlds are cores, as hard's are:
    the first converted from the sampled game, the rest refilled copies of it."""
    cores = HardSeat.cores  # one switch for hard and the review (False: the engine path everywhere)
    hands = HandSampler(view, rng, known_in_hand(view))
    if not hands.others:
        return lambda: (cores and fast.to_core(world := determinize(view, rng))) or world
    hands.mix(HardSeat.burn_in)
    template = None

    def sample() -> Any:
        nonlocal template
        hands.mix(HardSeat.thinning)
        if template is not None:
            return fast.refill_codes(template, *hands.codes(), rng)
        world = determinize(view, rng, hands.deal())
        template = fast.to_core(world) if cores else None
        return template or world

    return sample


def _rollouts(
    view: SeatView, options: list[Action], seed: int, work: int, worlds: int | None
) -> tuple[list[list[float]], float]:
    """Each sampled world's score change for the view's seat with each option (one row a world), and
    +1 or -1: the preset's sense of better. With `worlds`, exactly that many worlds are played, whatever
    the work: the worlds and their luck depend only on the seed and the view, so options a review valued
    get the same values again beside another option (`retry`)."""
    rng = random.Random(seed)
    sample = _worlds(view, rng)
    me = view.seat
    rows: list[list[float]] = []
    steps = tries = 0
    better = 1.0
    while len(rows) < MAX_WORLDS and tries < 2 * MAX_WORLDS:
        tries += 1
        world = sample()
        before = world.scores[me]
        luck = rng.randrange(2**31)
        values = []
        try:
            if fast.is_core(world):  # its work counted in engine steps, as on the engine
                if not all(fast.offers(world, option) for option in options):
                    continue  # as an IllegalAction on the engine: skip the world
                policy = fast.POLICIES[type(world)]
                better = 1.0 if policy.higher_is_better else -1.0
                per_step = policy.actions_per_step(world.n)
                for option in options:
                    sim = world.clone(luck)
                    fast.begin(sim, option)
                    steps += 1 + play_out(sim, random.Random(luck)) / per_step
                    values.append(float(sim.scores[me] - before))
            else:
                better = 1.0 if world.book.higher_is_better else -1.0
                for option in options:
                    sim = world.clone(luck)
                    sim.apply(_as_in(sim, option))
                    steps += 1 + play_out(sim, random.Random(luck))
                    values.append(float(sim.scores[me] - before))
        except IllegalAction:
            continue  # a world where the view's legal action is not (a preset's hidden rule): skip it
        rows.append(values)
        if worlds is not None:
            if len(rows) >= worlds:
                break
        elif steps >= work and len(rows) >= MIN_WORLDS:
            break
    if not rows:
        raise ReviewError("no sampled world accepted these actions")
    return rows, better


def _mean_se(values: list[float]) -> tuple[float, float]:
    total = sum(values)
    return total / len(values), _se(total, sum(v * v for v in values), len(values))


def value(
    view: SeatView, options: list[Action], seed: int, work: int, worlds: int | None = None
) -> tuple[list[Choice], float, float, int]:
    """Each option's expected score change for the view's seat to the end of the round, over sampled
    worlds with common random numbers, and the mean and standard error of (option 1 - option 0) in the
    preset's sense of better. Returns (choices, gain of option 1 over option 0, its se, worlds)."""
    rows, better = _rollouts(view, options, seed, work, worlds)
    choices = [Choice(o, *_mean_se([row[i] for row in rows])) for i, o in enumerate(options)]
    if len(options) < 2:
        return choices, 0.0, 0.0, len(rows)
    gain, se = _mean_se([better * (row[1] - row[0]) for row in rows])
    return choices, gain, se, len(rows)


def compare(
    view: SeatView, options: list[Action], reference: int, seed: int, work: int, worlds: int | None = None
) -> list[tuple[Choice, float, float, int]]:
    """Each option valued as `value` does, with its loss against options[reference] (positive: worse,
    in the preset's sense of better), that loss's standard error, world by world, and the worlds."""
    rows, better = _rollouts(view, options, seed, work, worlds)
    out = []
    for i, option in enumerate(options):
        choice = Choice(option, *_mean_se([row[i] for row in rows]))
        loss, se = _mean_se([better * (row[reference] - row[i]) for row in rows])
        out.append((choice, loss, se, len(rows)))
    return out


def _key(action: Action) -> tuple:
    return (
        action.seat,
        action.kind,
        tuple(c.id for c in action.cards),
        action.suit,
        action.amount,
        action.flag,
    )


def _as_in(sim: Game, action: Action) -> Action:
    """The action as the simulated game offers it. A clone deep-copies the rulebook's round state, and
    cards are equal only to themselves, so a dobon naming cards that state holds (standard's targets)
    must name the clone's copies; the action is matched by card ids."""
    if not action.cards:
        return action
    key = _key(action)
    offered = [*sim.sync_actions(action.seat), *sim.legal_actions(action.seat)]
    return next((a for a in offered if _key(a) == key), action)


def _se(total: float, squares: float, count: int) -> float:
    if count < 2:
        return 0.0
    mean = total / count
    var = max(0.0, (squares - count * mean * mean) / (count - 1))
    return (var / count) ** 0.5


def _judge(moment: _Moment, seed: int, work: int, hard_work: int, worth: float) -> Decision:
    view = moment.view
    where = {
        "step": moment.step,
        "match_no": view.match_no,
        "round_no": view.round_no,
        "kind": moment.kind,
        "missed_dobon": moment.missed,
        "let_call": list(moment.let_call),
        "turn_no": moment.turn_no,
        "field_card": view.field.code,
        "field_suit": view.field_suit.letter if view.field_suit is not None else "",
        "hand": tuple(c.code for c in view.hand),
        "forced": moment.forced,
        "worth": worth,
    }
    if moment.forced:  # nothing to choose: no search, no valuation
        return Decision(chosen=Choice(moment.chosen), suggested=Choice(moment.chosen), **where)
    # seeded from the view, as the coach's hint is (game.coach.view_seed): the review names the move the
    # hint named for the same position, never another
    hard = HardSeat(view_seed(view))
    hard.work = hard_work  # an instance's budget (the class's default stays as tuned)
    policy = fast.policy_for(view.preset)
    # at the default budget, the very seat that plays at the table and gives the coach's hint (so the
    # review and the hint agree); a budget of its own is given in engine steps and converted for a core
    if policy is not None and hard_work != HardSeat.work:
        hard.core_work = round(hard_work * policy.actions_per_step(view.players) / policy.core_share)
    suggested = hard.act(view)
    if suggested not in view.legal:  # never expected; a review must not apply an illegal action
        suggested = moment.chosen
    if suggested == moment.chosen:  # agreed: nothing lost, and no valuation spent on it (worlds 0)
        return Decision(chosen=Choice(suggested), suggested=Choice(suggested), **where)
    choices, gain, se, worlds = value(view, [moment.chosen, suggested], _seed(seed, moment.step), work)
    return Decision(chosen=choices[0], suggested=choices[1], loss=gain, loss_se=se, worlds=worlds, **where)


def _seed(seed: int, step: int) -> int:
    return seed * 1_000_003 + step


def review_game(
    game: Game,
    actions: list[Action],
    seat: int,
    *,
    seed: int = 0,
    work: int = WORK,
    hard_work: int = HardSeat.work,
    rounds: set[tuple[int, int]] | None = None,
    progress: Progress | None = None,
) -> Review:
    """Review `seat`'s decisions in the game `actions` make from `game` (a fresh copy, as a log starts:
    it is played on). `rounds` limits it to some (match, round) pairs; `progress(done, total)` is called
    before the first decision and after each one, so a table can show a bar and run this on a thread."""
    if not 0 <= seat < game.n:
        raise ReviewError(f"there is no seat {seat} at a table of {game.n} (seats 0..{game.n - 1})")
    if seat == REFEREE:
        raise ReviewError("the referee makes no decisions to review")
    results: dict[tuple[int, int], int] = {}
    moments, game = find_decisions(game, actions, seat, results)
    if rounds is not None:
        moments = [m for m in moments if (m.view.match_no, m.view.round_no) in rounds]
    total = len(moments)
    if progress is not None:
        progress(0, total)
    decisions = []
    worth = round_worth(game.rules.preset)
    for done, moment in enumerate(moments, start=1):
        decisions.append(_judge(moment, seed, work, hard_work, worth))
        if progress is not None:
            progress(done, total)
    return Review(
        deck=game.deck.name,
        result=sum(v for k, v in results.items() if rounds is None or k in rounds),
        preset=game.rules.preset,
        seat=seat,
        seed=seed,
        work=work,
        hard_work=hard_work,
        actions=len(actions),
        decisions=decisions,
        higher_is_better=game.book.higher_is_better,
    )


def rounds_in(game: Game, actions: list[Action]) -> list[tuple[int, int]]:
    """The (match, round) pairs a log plays, in order (it is played on `game`)."""
    seen: list[tuple[int, int]] = []
    for action in actions:
        if (
            game.phase in (Phase.TURN, Phase.OPENING, Phase.REACTION)
            and (game.match_no, game.round_no) not in seen
        ):
            seen.append((game.match_no, game.round_no))
        game.apply(action)
    return seen


def review_file(
    path: str | Path,
    seat: int,
    *,
    seed: int = 0,
    work: int = WORK,
    hard_work: int = HardSeat.work,
    round_index: int | None = None,
    progress: Progress | None = None,
) -> Review:
    """Review a log file (a history record or `sim --log`); `round_index` (1-based) picks one round of
    it. ReviewError with a clear message for a file that cannot be reviewed."""
    try:
        _header, game, actions = read_log(path)
    except LogError as exc:
        raise ReviewError(str(exc)) from None
    rounds = None
    if round_index is not None:
        try:
            _h, probe, _a = read_log(path)
            played = rounds_in(probe, actions)
        except IllegalAction as exc:
            raise ReviewError(f"{path}: the log was refused: {clip(str(exc))}") from None
        if not 1 <= round_index <= len(played):
            raise ReviewError(f"{path} holds {len(played)} round(s); there is no round {round_index}")
        rounds = {played[round_index - 1]}
    return review_game(
        game, actions, seat, seed=seed, work=work, hard_work=hard_work, rounds=rounds, progress=progress
    )


# ---------------------------------------------------------------------------------- trying again


@dataclass(frozen=True)
class Spot:
    """A reviewed decision's position, to try it again: the seat's view just before it (its hand and
    what everybody saw) and what it could sensibly do there."""

    step: int
    view: SeatView
    chosen: Action  # what the seat did
    options: tuple[Action, ...]
    forced: bool


@dataclass(frozen=True)
class Judged:
    """One choice at a spot, valued: its expected score change to the round's end, and its loss against
    hard's choice (positive: worse, in the preset's sense of better) ± the loss's standard error."""

    choice: Choice
    loss: float
    loss_se: float
    worlds: int  # the sampled worlds it was valued on


def sensible(legal: tuple[Action, ...] | list[Action]) -> list[Action]:
    """The options a person would be offered: no referee's close or timeout, no bare dobon."""
    return [
        a
        for a in legal
        if a.kind not in (Kind.CLOSE, Kind.TIMEOUT) and not (a.kind is Kind.DOBON and not a.cards)
    ]


def spot_at(game: Game, actions: list[Action], seat: int, step: int) -> Spot:
    """The decision `seat` made before the log's action `step` (0-based), as the review found it (the
    log is played on `game`). ReviewError if the seat made none there."""
    moments, _game = find_decisions(game, actions, seat)
    moment = next((m for m in moments if m.step == step), None)
    if moment is None:
        raise ReviewError(f"seat {seat} made no decision before action {step + 1} of the log")
    options = sensible(moment.view.legal)
    if moment.chosen not in options:
        options.append(moment.chosen)  # a silent window: its pass is the choice the seat made
    return Spot(step, moment.view, moment.chosen, tuple(options), moment.forced)


def retry(
    spot: Spot, tried: Action, suggested: Action, *, seed: int, worlds: int, work: int = WORK
) -> dict[str, Judged]:
    """Value what the person tries now beside what they did then (`chosen`) and hard's choice
    (`suggested`), on the worlds the review played for this decision (same seed, same number of
    worlds): the two choices the review valued get its numbers again. A decision where the seat chose
    as hard did was not valued (`worlds` 0): the work decides then. Keys: tried, chosen, suggested."""
    roles = {"chosen": spot.chosen, "suggested": suggested, "tried": tried}
    options: list[Action] = []
    for action in roles.values():
        if action not in options:
            options.append(action)
    judged = compare(
        spot.view, options, options.index(suggested), _seed(seed, spot.step), work, worlds or None
    )
    return {role: Judged(*judged[options.index(action)]) for role, action in roles.items()}
