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
  worse), with its standard error over the worlds.

It also marks, from what the log shows, missed dobons (a call the seat could have made and did not) and
discards that let someone call. Everything is bounded by work (simulated actions), not time, and seeded,
so the same log, seat, seed and budget give the same review on any machine.

The rollouts play the seat's own later turns by the fast policy, not as the person would: a choice is
judged by what follows from it if play goes on sensibly, which is what a review can honestly say.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .actions import REFEREE, Action, Kind, is_call
from .engine import Game
from .errors import IllegalAction
from .events import DobonCalled, RoundEnded
from .headless import LogError, read_log
from .phase import Phase
from .safejson import clip
from .seats.determinize import determinize, known_in_hand
from .seats.hard import HardSeat, play_out
from .seats.inference import HandSampler
from .view import SeatView

Progress = Callable[[int, int], None]  # (decisions reviewed, decisions in all)

WORK = 6_000  # simulated actions per decision to value the two choices (hard's own search: its `work`)
MIN_WORLDS = 8
MAX_WORLDS = 300
SIGNIFICANT = 2.0  # standard errors by which a loss must exceed zero to be listed


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

    @property
    def agreed(self) -> bool:
        return self.chosen.action == self.suggested.action

    @property
    def significant(self) -> bool:
        return self.loss > 0 and self.loss > SIGNIFICANT * self.loss_se

    def to_json(self) -> dict[str, Any]:
        return {
            "step": self.step,
            "match": self.match_no,
            "round": self.round_no,
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

    def worst(self, top: int = 10) -> list[Decision]:
        """The decisions where the seat's choice lost the most (beyond the noise), then every missed
        dobon and every discard someone called on, worst first."""
        listed = [d for d in self.decisions if d.significant or d.missed_dobon or d.let_call]
        listed.sort(key=lambda d: (-d.loss, d.step))
        return listed[:top]

    def to_json(self, top: int = 10) -> dict[str, Any]:
        return {
            "preset": self.preset,
            "seat": self.seat,
            "seed": self.seed,
            "work": self.work,
            "hard_work": self.hard_work,
            "actions": self.actions,
            "higher_is_better": self.higher_is_better,
            "decisions": [d.to_json() for d in self.decisions],
            "worst": [d.step for d in self.worst(top)],
        }

    def table(self, top: int = 10) -> str:
        better = "more is better" if self.higher_is_better else "fewer is better"
        agreed = sum(1 for d in self.decisions if d.agreed)
        lines = [
            f"{self.preset}, seat {self.seat}: {len(self.decisions)} decisions reviewed, hard agreed with "
            f"{agreed}; losses in the preset's points ({better}), mean ± standard error",
        ]
        worst = self.worst(top)
        if not worst:
            lines.append("no choice lost measurably against hard's, no missed dobon, no discard called on")
            return "\n".join(lines)
        lines.append(f"{'round':>7}  {'kind':<8} {'your choice':<28} {'hard would':<28} {'loss':>14}  note")
        for d in worst:
            notes = []
            if d.missed_dobon:
                notes.append("missed dobon")
            if d.let_call:
                notes.append("dobon'd by seat " + ", ".join(str(s) for s in d.let_call))
            loss = f"{d.loss:+.1f} ± {d.loss_se:.1f}"
            lines.append(
                f"{d.match_no:>3}.{d.round_no:<3}  {d.kind:<8} {_short(d.chosen.action):<28} "
                f"{_short(d.suggested.action):<28} {loss:>14}  {'; '.join(notes)}"
            )
        return "\n".join(lines)


def _short(action: Action) -> str:
    text = action.text()
    return text.split(" ", 2)[2] if text.startswith("seat ") else text


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


def find_decisions(game: Game, actions: list[Action], seat: int) -> tuple[list[_Moment], Game]:
    """Replay `actions` on `game`, noting each moment `seat` chose among several actions, and every
    window it could have called in and let close in silence (a real-time table logs no pass)."""
    moments: list[_Moment] = []
    open_call: tuple[Any, _Moment] | None = None  # (window, the moment it could first call in it)
    played: dict[int, _Moment] = {}  # card id -> the moment the seat put it out (this round)
    for step, action in enumerate(actions):
        window = game.window
        if open_call is not None and window is not open_call[0]:
            moments.append(open_call[1])  # the window closed and the seat never answered
            open_call = None
        if action.seat == seat:
            legal = _options(game, seat, action)
            if action in legal and _is_choice(legal, action):
                view = game.view(seat, legal)
                missed = any(is_call(a) for a in legal) and not is_call(action)
                moment = _Moment(step, view, action, _kind(action, view), missed)
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
                open_call = (window, _Moment(step, view, Action(seat, Kind.PASS), "no call", True))
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
    if open_call is not None and game.window is not open_call[0]:
        moments.append(open_call[1])
    return moments, game


# ---------------------------------------------------------------------------------- valuing choices


def _worlds(view: SeatView, rng: random.Random) -> Callable[[], Game]:
    """Worlds consistent with the view, the hidden hands drawn as the history makes likely (the same
    sampler as hard's), or uniformly where the view leaves nobody's hand hidden from it."""
    hands = HandSampler(view, rng, known_in_hand(view))
    if not hands.others:
        return lambda: determinize(view, rng)
    hands.mix(HardSeat.burn_in)

    def sample() -> Game:
        hands.mix(HardSeat.thinning)
        return determinize(view, rng, hands.deal())

    return sample


def value(
    view: SeatView, options: list[Action], seed: int, work: int
) -> tuple[list[Choice], float, float, int]:
    """Each option's expected score change for the view's seat to the end of the round, over sampled
    worlds with common random numbers, and the mean and standard error of (option 1 - option 0) in the
    preset's sense of better. Returns (choices, gain of option 1 over option 0, its se, worlds)."""
    rng = random.Random(seed)
    sample = _worlds(view, rng)
    me = view.seat
    sums = [0.0] * len(options)
    squares = [0.0] * len(options)
    diff_sum = diff_sq = 0.0
    count = steps = tries = 0
    better = 1.0
    while count < MAX_WORLDS and tries < 2 * MAX_WORLDS:
        tries += 1
        world = sample()
        better = 1.0 if world.book.higher_is_better else -1.0
        before = world.scores[me]
        luck = rng.randrange(2**31)
        values = []
        try:
            for option in options:
                sim = world.clone(luck)
                sim.apply(_as_in(sim, option))
                steps += 1 + play_out(sim, random.Random(luck))
                values.append(float(sim.scores[me] - before))
        except IllegalAction:
            continue  # a world where the view's legal action is not (a preset's hidden rule): skip it
        for i, v in enumerate(values):
            sums[i] += v
            squares[i] += v * v
        if len(values) > 1:
            d = better * (values[1] - values[0])
            diff_sum += d
            diff_sq += d * d
        count += 1
        if steps >= work and count >= MIN_WORLDS:
            break
    if count == 0:
        raise ReviewError("no sampled world accepted these actions")
    choices = [Choice(o, sums[i] / count, _se(sums[i], squares[i], count)) for i, o in enumerate(options)]
    return choices, diff_sum / count, _se(diff_sum, diff_sq, count), count


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


def _judge(moment: _Moment, seed: int, work: int, hard_work: int) -> Decision:
    view = moment.view
    hard = HardSeat(f"review:{seed}:{moment.step}")
    hard.work = hard_work  # an instance's budget (the class's default stays as tuned)
    suggested = hard.act(view)
    if suggested not in view.legal:  # never expected; a review must not apply an illegal action
        suggested = moment.chosen
    options = [moment.chosen] if suggested == moment.chosen else [moment.chosen, suggested]
    choices, gain, se, worlds = value(view, options, seed * 1_000_003 + moment.step, work)
    chosen = choices[0]
    other = choices[1] if len(choices) > 1 else Choice(suggested, chosen.value, chosen.se)
    phase_round = view.round_no
    return Decision(
        step=moment.step,
        match_no=view.match_no,
        round_no=phase_round,
        kind=moment.kind,
        chosen=chosen,
        suggested=other,
        loss=gain if len(choices) > 1 else 0.0,
        loss_se=se if len(choices) > 1 else 0.0,
        worlds=worlds,
        missed_dobon=moment.missed,
        let_call=list(moment.let_call),
    )


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
    moments, game = find_decisions(game, actions, seat)
    if rounds is not None:
        moments = [m for m in moments if (m.view.match_no, m.view.round_no) in rounds]
    total = len(moments)
    if progress is not None:
        progress(0, total)
    decisions = []
    for done, moment in enumerate(moments, start=1):
        decisions.append(_judge(moment, seed, work, hard_work))
        if progress is not None:
            progress(done, total)
    return Review(
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
