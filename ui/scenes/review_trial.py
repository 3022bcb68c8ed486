"""Trying a reviewed decision again, in the replay (issue 30): the replay opens at the moment before the
decision, a panel beside the table asks "what would you do?" and offers the options the seat had then;
once one is chosen it values it (game.review.retry, on a worker thread) beside the choice made then and
Hard's, on the very worlds the review played, and shows the three with their numbers. The answer comes
only after the choice, as chess sites' "retry" and mahjong reviewers do.

Keyboard: ↑ ↓ move among the options, Enter chooses (and, once answered, tries again), Esc closes. A
card of the hand (or the stock) clicked on the table chooses as the option it stands for.
"""

from __future__ import annotations

import html
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui

from game.actions import Action, Kind
from game.review import WORK, Judged, ReviewError, Spot, points, retry, spot_at

from ..text import key, tr
from .record_words import round_words
from .review_listing import worth_of

if TYPE_CHECKING:
    from ..table.replaying import ReplayLog

PANEL_MIN, PANEL_MAX = 280, 440  # the panel's width beside the table


@dataclass(frozen=True)
class Trial:
    """What the History screen hands the replay: the saved review, the decision picked, the seat."""

    review: dict[str, Any]
    decision: dict[str, Any]
    seat: int

    @property
    def step(self) -> int:
        return int(self.decision["step"])


class State(StrEnum):
    ASK = "ask"  # the question and the options
    THINKING = "thinking"  # the choice is being valued
    ANSWER = "answer"
    FORCED = "forced"  # one move was possible: nothing to ask
    FAILED = "failed"


def panel_width(width: int) -> int:
    return max(PANEL_MIN, min(PANEL_MAX, width * 3 // 10))


def _choice_words(action: Action) -> str:
    from .record_words import choice_text

    return choice_text({"text": action.text()})


class TrialPanel:
    """The question, the options and the answer, for one decision of a review."""

    def __init__(self, trial: Trial, log: ReplayLog):
        """`log` is the reviewed game's log (the replay adapter): the decision's moment is found by
        playing on from its start."""
        game, actions = log.fresh()
        self.trial = trial
        self.deck = game.deck
        self.state = State.ASK
        self.error = ""
        self.pick: int | None = None  # the option lit in the list: your own choice, else none
        self.answer: dict[str, Judged] | None = None
        self.worker: ThreadPoolExecutor | None = None
        self.job: Future | None = None
        self.options_list: pygame_gui.elements.UISelectionList | None = None
        self.again: pygame_gui.elements.UIButton | None = None
        try:
            self.spot: Spot | None = spot_at(game, actions, trial.seat, trial.step)
            self.suggested = Action.from_json(trial.decision["suggested"]["action"], game.deck)
        except (ReviewError, ValueError, KeyError, TypeError) as exc:
            self.spot = None
            self.state, self.error = State.FAILED, str(exc)
            return
        if self.spot.forced:
            self.state = State.FORCED
        self.pick = self._yours(trial)

    def _yours(self, trial: Trial) -> int | None:
        """The option you chose at this moment, lit at first (the list used to light its first option,
        "pass" on a turn where you had played, as if it were yours); None where it cannot be read."""
        try:
            chosen = Action.from_json(trial.decision["chosen"]["action"], self.deck)
        except (ValueError, KeyError, TypeError):
            return None
        return next((i for i, a in enumerate(self.options) if a == chosen), None)

    @property
    def options(self) -> tuple[Action, ...]:
        return self.spot.options if self.spot is not None else ()

    @property
    def asking(self) -> bool:
        """The question is open (or being answered): the replay stays at the moment meanwhile."""
        return self.state in (State.ASK, State.THINKING)

    # ------------------------------------------------------------------ widgets

    def widgets(self, rect: pygame.Rect, gui, container) -> None:
        self.options_list = self.again = None
        d = self.trial.decision
        if self.state is State.ASK:
            question_h = 84
            pygame_gui.elements.UITextBox(
                html.escape(
                    tr(
                        "review.question",
                        where=round_words(d, self.trial.review.get("preset")),
                        turn=d.get("turn", "?"),
                    )
                ),
                pygame.Rect(rect.x, rect.y, rect.width, question_h),
                gui,
                container=container,
            )
            items = [(_choice_words(a), f"#{i}") for i, a in enumerate(self.options)]
            picked = items[self.pick] if items and self.pick is not None else None
            self.options_list = pygame_gui.elements.UISelectionList(
                pygame.Rect(rect.x, rect.y + question_h + 6, rect.width, rect.height - question_h - 6),
                items,
                gui,
                container=container,
                default_selection=picked,
            )
            return
        text = self.text()
        bottom = rect.bottom
        if self.state is State.ANSWER:
            bottom -= 50
            self.again = pygame_gui.elements.UIButton(
                pygame.Rect(rect.x, bottom + 6, rect.width, 44),
                key("review.try_again"),
                gui,
                container=container,
            )
        pygame_gui.elements.UITextBox(
            text, pygame.Rect(rect.x, rect.y, rect.width, bottom - rect.y), gui, container=container
        )

    def text(self) -> str:
        """The panel's words (HTML) in the states that are not a question."""
        if self.state is State.THINKING:
            return html.escape(tr("review.thinking"))
        if self.state is State.FORCED:
            assert self.spot is not None
            return html.escape(tr("review.forced_here", yours=_choice_words(self.spot.chosen)))
        if self.state is State.FAILED:
            return html.escape(tr("review.failed", reason=self.error))
        assert self.answer is not None
        better = self.trial.review.get("higher_is_better", True)
        sense = tr("history.more_better" if better else "history.fewer_better")
        a = self.answer
        worlds = a["tried"].worlds

        worth = worth_of(self.trial.review)

        def numbers(judged: Judged) -> dict[str, str]:
            return {
                "action": _choice_words(judged.choice.action),
                "value": points(judged.choice.value, worth),
                "loss": points(judged.loss, worth),
                "se": points(judged.loss_se, worth, signed=False),
            }

        now = tr("review.now_line", **numbers(a["tried"]))
        if a["tried"].choice.action == self.suggested:
            now += " " + tr("review.same_as")
        lines = [
            f"<i>{html.escape(tr('review.answer_head', sense=sense, worlds=worlds))}</i>",
            "<b>" + html.escape(now) + "</b>",
            html.escape(tr("review.then_line", **numbers(a["chosen"]))),
            html.escape(tr("review.hard_line", **numbers(a["suggested"]))),
        ]
        return "<br><br>".join(lines)

    # ------------------------------------------------------------------ choosing

    def choose(self, index: int) -> None:
        """Value the option at `index` on a worker thread; the answer shows when it is done."""
        if self.state is not State.ASK or not 0 <= index < len(self.options) or self.spot is None:
            return
        self.pick = index
        tried, spot, suggested = self.options[index], self.spot, self.suggested
        review, d = self.trial.review, self.trial.decision
        seed, worlds = int(review.get("seed", 0)), int(d.get("worlds", 0))
        work = int(review.get("work", WORK))
        self.worker = ThreadPoolExecutor(max_workers=1, thread_name_prefix="retry")
        self.job = self.worker.submit(retry, spot, tried, suggested, seed=seed, worlds=worlds, work=work)
        self.state = State.THINKING

    def pick_at_table(self, card_id: int | None, draw: bool) -> bool:
        """A card of the hand (or the stock, `draw`) clicked on the table while asking: the option it
        stands for is chosen; where one card stands for several (a suit to name, several cards), the
        first of them is picked in the list for the person to confirm. True if it meant an option."""
        if self.state is not State.ASK:
            return False
        if draw:
            matching = [i for i, a in enumerate(self.options) if a.kind is Kind.DRAW]
        else:
            matching = [i for i, a in enumerate(self.options) if card_id in {c.id for c in a.cards}]
        if not matching:
            return False
        if len(matching) == 1:
            self.choose(matching[0])
        else:
            self.pick = matching[0]
        return True

    def update(self) -> bool:
        """True when the answer has come (the scene rebuilds its widgets)."""
        job = self.job
        if job is None or not job.done():
            return False
        self.job = None
        self.stop()
        try:
            self.answer = job.result()
            self.state = State.ANSWER
        except ReviewError as exc:
            self.state, self.error = State.FAILED, str(exc)
        return True

    def try_again(self) -> None:
        if self.state is State.ANSWER:
            self.state, self.answer = State.ASK, None

    def stop(self) -> None:
        if self.worker is not None:
            self.worker.shutdown(wait=False, cancel_futures=True)
            self.worker = None

    # ------------------------------------------------------------------ events

    def process_event(self, event: pygame.event.Event) -> bool:
        """True if the panel used the event (the replay's controls then do not see it)."""
        if event.type == pygame_gui.UI_SELECTION_LIST_NEW_SELECTION and event.ui_element is self.options_list:
            picked = self.options_list.get_single_selection(include_object_id=True)
            if picked:
                self.choose(int(picked[1].split("#")[-1]))
            return True
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.again:
            self.try_again()
            return True
        if event.type != pygame.KEYDOWN:
            return False
        if self.state is State.ASK and event.key in (pygame.K_UP, pygame.K_DOWN):
            step = 1 if event.key == pygame.K_DOWN else -1
            if self.pick is None:  # nothing lit yet: Down lights the first, Up the last
                self.pick = 0 if step > 0 else max(0, len(self.options) - 1)
            else:
                self.pick = (self.pick + step) % max(1, len(self.options))
            return True
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            if self.state is State.ASK:
                if self.pick is not None:
                    self.choose(self.pick)
            else:
                self.try_again()
            return True
        return self.asking and event.key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_SPACE)
