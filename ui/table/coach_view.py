"""The coach at the table (practice help level "coach"): each card's danger, the risky-play question
and the hint, for the person's own seat only.

The figures come from game.coach, which reads the seat view the table was sent and nothing else. They
are worked out on worker threads of their own, once per view (a new view: a card played, a card
drawn), so a frame never waits for them; the table shows "weighing…" until they come. A play the person
makes before they come waits for them (a few hundredths of a second), so a risky card always asks.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from typing import TYPE_CHECKING

import pygame

from game.actions import Action, Kind
from game.cards import Card
from game.coach import Coach, Danger, Hint, view_key
from game.view import SeatView

from ..text import break_points, card_text, tr

if TYPE_CHECKING:
    from .roles import BoardLike, TableLike

RISK_RED = (235, 70, 55)
LINE_BG = (0, 0, 0, 200)
LINE_GOLD = (236, 196, 92)


UNSEEN = object()  # CoachDesk.hint_hover before the hint has been shown


class CoachDesk:
    """The coach's work for one table: dangers per view, the hint when asked, the play held back for
    "play it anyway?". It is handed the person's own view only."""

    def __init__(self) -> None:
        self.coach = Coach()
        # dangers and hints on a thread each: a play waiting for its danger never queues behind a hint
        # (the coach keeps a cache for each, so neither thread touches the other's)
        self.worker = ThreadPoolExecutor(max_workers=1, thread_name_prefix="coach")
        self.hinter = ThreadPoolExecutor(max_workers=1, thread_name_prefix="coach-hint")
        self._dangers: tuple[str, Future[tuple[Danger, ...]]] | None = None
        self._hint: tuple[str, Future[Hint | None]] | None = None
        self.pending: Action | None = None  # a risky play waiting for "play it anyway?"
        self._shown: set[int] = set()  # the finished jobs whose figures the table has taken
        self._keyed: tuple[SeatView, str] | None = None
        # the hint gives way to the danger line once the pointer moves onto another card (so hovering
        # still tells what each card risks); asking again brings it back
        self.hint_hover: int | object | None = UNSEEN
        self.hint_aside = False

    def _key(self, view: SeatView) -> str:
        """The view's key (game.coach.view_key), worked out once per view: the table asks every frame,
        and a view is replaced, never changed, when the table moves on."""
        if self._keyed is None or self._keyed[0] is not view:
            self._keyed = (view, view_key(view))
        return self._keyed[1]

    @staticmethod
    def _outcome(job: Future):
        """A finished job's figures; None if it failed (said once on stderr): the coach is help, and
        help that breaks must not take the table down with it."""
        problem = job.exception()
        if problem is None:
            return job.result()
        if not getattr(job, "_said", False):
            job._said = True  # type: ignore[attr-defined]
            print(f"coach: {type(problem).__name__}: {problem}", file=sys.stderr)
        return None

    def close(self) -> None:
        self.worker.shutdown(wait=False, cancel_futures=True)
        self.hinter.shutdown(wait=False, cancel_futures=True)

    # ------------------------------------------------------------------ dangers

    def watch(self, view: SeatView) -> None:
        """Start weighing this view's plays, unless that is done or under way."""
        if not any(a.kind is Kind.PLAY for a in view.legal):
            return
        key = self._key(view)
        if self._dangers is None or self._dangers[0] != key:
            if self._dangers is not None:
                self._dangers[1].cancel()  # a view gone by: its figures, if not begun, are not needed
            self._dangers = (key, self.worker.submit(self.coach.dangers, view))

    def dangers(self, view: SeatView, wait: bool = False) -> tuple[Danger, ...] | None:
        """This view's dangers: None while they are being weighed (unless `wait`)."""
        self.watch(view)
        job = self._dangers
        if job is None or job[0] != self._key(view):
            return ()
        if not wait and not job[1].done():
            return None
        self._seen(job[1])
        return self._outcome(job[1]) or ()

    def danger_of(self, view: SeatView, card: Card, wait: bool = False) -> Danger | None:
        """The danger of putting `card` down: its own play, else the first play of several with it."""
        found = self.dangers(view, wait)
        if not found:
            return None
        alone = [d for d in found if d.action.cards == (card,)]
        return (alone or [d for d in found if card in d.action.cards] or [None])[0]

    def risky(self, view: SeatView, action: Action, wait: bool = True) -> Danger | None:
        """The danger of `action` if it is a risky play (waiting for the figures if need be; a frame
        being drawn never waits: None until they come)."""
        if action.kind is not Kind.PLAY:
            return None
        found = self.dangers(view, wait=wait) or ()
        ids = {c.id for c in action.cards}
        match = next((d for d in found if {c.id for c in d.action.cards} == ids), None)
        return match if match is not None and match.risky else None

    def news(self) -> bool:
        """Figures have come for the view now shown that the table has not shown yet: a resting table
        wakes for them (a job for a view gone by is no news, or the table would never rest again)."""
        now = self._keyed[1] if self._keyed is not None else None
        return any(
            job is not None and job[0] == now and job[1].done() and id(job[1]) not in self._shown
            for job in (self._dangers, self._hint)
        )

    def _seen(self, job: Future) -> None:
        """Note that the table took `job`'s figures (only live jobs are remembered)."""
        live = {id(j[1]) for j in (self._dangers, self._hint) if j is not None}
        self._shown = (self._shown & live) | {id(job)}

    # ------------------------------------------------------------------ the hint

    def ask_hint(self, view: SeatView) -> None:
        self.hint_hover, self.hint_aside = UNSEEN, False
        key = self._key(view)
        if self._hint is None or self._hint[0] != key:
            if self._hint is not None:
                self._hint[1].cancel()
            self._hint = (key, self.hinter.submit(self.coach.hint, view))

    def hint(self, view: SeatView, wait: bool = False) -> tuple[bool, Hint | None]:
        """(asked for this view, the hint once worked out)."""
        job = self._hint
        if job is None or job[0] != self._key(view):
            return False, None
        if not wait and not job[1].done():
            return True, None
        self._seen(job[1])
        return True, self._outcome(job[1])


# ---------------------------------------------------------------------------------- words


def who(callers: tuple[int, ...], name: Callable[[int], str], unnamed: bool = False) -> str:
    """ "Ren or Hana" where they are every seat that could call; "Someone (most likely Sora)" where
    another seat could too though no sampled deal showed it, or more than three could: a line naming
    one seat must never let another's call come as a surprise."""
    if not callers:
        return tr("coach.someone")
    named = tr("coach.or").join(name(s) for s in callers[:3])
    if unnamed or len(callers) > 3:
        return tr("coach.someone_likely", who=named)
    return named


def cost_words(unit: str, amount: int) -> str:
    """ "about 600 points", "one step up in your deal size", "about 2 extra cards (6 make a lap)"."""
    return tr(f"coach.cost_{unit}_one") if amount == 1 else tr(f"coach.cost_{unit}", n=amount)


def danger_line(danger: Danger, card: Card, name: Callable[[int], str], unit: str = "points") -> str:
    """The danger in words and numbers, from the person's own view; a cost in `unit` (the preset UI's cost_unit)."""
    chance = round(danger.chance * 100)
    if not danger.risky and (chance < 5 or not danger.callers):
        return tr("coach.safe", card=card_text(card), chance=chance)
    if danger.cost is not None and danger.cost < 0:  # a call you would turn round (a gaeshi)
        return tr(
            "coach.danger_gain",
            who=who(danger.callers, name, danger.unnamed),
            card=card_text(card),
            chance=chance,
            gain=cost_words(unit, -danger.cost),
        )
    if danger.cost is None:
        return tr(
            "coach.danger_no_cost",
            who=who(danger.callers, name, danger.unnamed),
            card=card_text(card),
            chance=chance,
        )
    return tr(
        "coach.danger",
        who=who(danger.callers, name, danger.unnamed),
        card=card_text(card),
        chance=chance,
        cost=cost_words(unit, danger.cost),
    )


def _action_words(action: Action) -> str:
    """An option named beside the hint: its cards, "drawing", or (a bid) its amount."""
    if action.kind is Kind.DRAW:
        return tr("coach.draw_word")
    if action.kind is Kind.BID:
        return str(action.amount)
    return " ".join(card_text(c) for c in action.cards)


def _move(action: Action) -> str:
    """What the hint says hard would do, in words ("play ♣4", "draw", "bid 12" ...)."""
    if action.kind is Kind.PLAY:
        return tr("coach.move_play", card=_action_words(action))
    if action.kind is Kind.BID:
        return tr("coach.move_bid", amount=action.amount)
    if action.kind is Kind.DOBON:
        return tr("coach.move_call")
    if action.kind is Kind.PASS:
        return tr("coach.move_pass")
    if action.kind is Kind.DECLARE:
        return tr("coach.move_declare")
    return tr("coach.move_draw")


def hint_line(hint: Hint, unit: str = "points") -> str:
    """What hard would do, and why, in plain words: how much better its search found it than the best
    other option, in the preset's own units and its own sense of better (so "better" reads the same
    where fewer points win). Where the difference is within its error (Hint.close) the line says the
    two are about equal and still names hard's move: a figure there would be noise, and a review of the
    same decision could find the other ahead."""
    action = hint.action
    if hint.value is None or hint.other is None or hint.other_value is None:
        return tr("coach.hint_only", move=_move(action))
    gain = hint.value - hint.other_value
    values = {"move": _move(action), "other": _action_words(hint.other)}
    if hint.close or gain <= 0:
        return tr("coach.hint_even", **values)
    if unit == "steps":  # a jda round lost is one step: a gain in steps is a chance in percent
        return tr("coach.hint_play_steps", n=max(1, round(gain * 100)), **values)
    shown = f"{gain:.0f}" if gain >= 10 or (unit != "points" and gain >= 2) else f"{gain:.1f}"
    return tr(f"coach.hint_play_{unit}", n=shown, **values)


# ---------------------------------------------------------------------------------- drawing


def mark_risky(board: BoardLike, dest: pygame.Surface, rect: pygame.Rect, art, angle: float) -> None:
    """A risky card: a red outline and a "!" badge on its top edge."""
    ring = art.outline(RISK_RED, 4)
    if angle:
        ring = pygame.transform.rotozoom(ring, angle, 1.0)
    dest.blit(ring, ring.get_rect(center=rect.center))
    assert board.layout is not None
    size = max(14, int(board.layout.hand_card_h * 0.16))
    badge = pygame.Rect(0, 0, size, size)
    # on the top edge, just right of the corner index: the part of a card the next one never covers
    badge.center = (rect.left + int(size * 1.4), rect.top)
    pygame.draw.circle(dest, RISK_RED, badge.center, size // 2)
    pygame.draw.circle(dest, (255, 255, 255), badge.center, size // 2, 2)
    mark = board.text(tr("coach.risky_mark"), int(size * 0.8), (255, 255, 255), True)
    dest.blit(mark, mark.get_rect(center=badge.center))


def wrap(board: BoardLike, text: str, size: int, width: int, lines: int = 2) -> list[str]:
    """`text` in bold broken where a line may break (ui.text.break_points) into at most `lines` lines
    no wider than `width`; the last one is cut with "…" if it still does not fit."""
    font = board.font(size, True)
    out: list[str] = []
    rest = text
    while len(out) < lines - 1 and font.size(rest)[0] > width:
        fits = [p for p in break_points(rest) if font.size(rest[:p].rstrip())[0] <= width]
        if not fits:
            break
        out.append(rest[: fits[-1]].rstrip())
        rest = rest[fits[-1] :]
    out.append(board.fit(rest, size, width))
    return out


def draw_line(
    board: BoardLike, dest: pygame.Surface, text: str, colour=LINE_GOLD, above: pygame.Rect | None = None
) -> pygame.Rect:
    """The coach's words in a dark box just above the person's hand, between the side columns (two
    lines where one does not hold them: a small window); above `above` too where that is given (the
    controls the person answers with: the bid box, the suit picker)."""
    lay = board.layout
    assert lay is not None
    size = max(13, int(lay.unit * 0.024))
    room = lay.w - 2 * lay.side_w - 24
    surfs = [board.text(line, size, colour, True) for line in wrap(board, text, size, room - 24)]
    box = pygame.Rect(0, 0, max(s.get_width() for s in surfs) + 24, sum(s.get_height() for s in surfs) + 10)
    hand = board.regions.get("hand")
    bottom = (hand.top if hand is not None else int(lay.h - lay.hand_card_h * 1.1)) - 6
    if above is not None:
        bottom = min(bottom, above.top - 6)
    box.midbottom = (lay.w // 2, max(box.height, bottom))
    bg = pygame.Surface(box.size, pygame.SRCALPHA)
    pygame.draw.rect(bg, LINE_BG, bg.get_rect(), border_radius=10)
    dest.blit(bg, box)
    y = box.y + 5
    for surf in surfs:
        dest.blit(surf, surf.get_rect(midtop=(box.centerx, y)))
        y += surf.get_height()
    board.regions["coach"] = box
    return box


def words_now(scene: TableLike) -> str | None:
    """The coach's line now: the hint once asked for (until the pointer moves to another card, whose
    danger a player still wants to read), else the danger of the card under the pointer (or selected),
    else "weighing…" while the figures are worked out."""
    view = scene.source.view
    desk = scene.coach
    board = scene.board
    asked, hint = desk.hint(view)
    if asked and not desk.hint_aside:
        if desk.hint_hover is UNSEEN:
            desk.hint_hover = board.hover  # the card under the pointer when the hint came up
        elif board.hover is not None and board.hover != desk.hint_hover:
            desk.hint_aside = True  # the pointer went to another card: say that card's danger instead
    if asked and not desk.hint_aside:
        return (
            hint_line(hint, scene.board.preset_ui.cost_unit)
            if hint is not None
            else tr("coach.hint_thinking")
        )
    if not scene.accepts_input or not any(a.kind is Kind.PLAY for a in scene.legal()):
        return None
    index = board.hover if board.hover is not None else board.selected
    if index is None or not 0 <= index < len(view.hand):
        return None
    card = view.hand[index]
    if desk.dangers(view) is None:
        return tr("coach.weighing")
    danger = desk.danger_of(view, card)
    return (
        danger_line(danger, card, board.seat_name, board.preset_ui.cost_unit) if danger is not None else None
    )


def draw_confirm(scene: TableLike, surface: pygame.Surface) -> None:
    """ "Risky: play it anyway?" in the table's prompt band: the danger of the held play, then the two
    answers (Enter / Esc, or their buttons: "coach:yes", "coach:no")."""
    board = scene.board
    lay = board.layout
    action = scene.coach.pending
    assert lay is not None and action is not None
    danger = scene.coach.risky(scene.source.view, action, wait=False)  # drawing never waits on the coach
    title_size = max(15, int(lay.unit * 0.032))
    small = max(12, int(lay.unit * 0.022))
    room = lay.band()[2] - 56
    line = danger_line(danger, action.cards[-1], board.seat_name, board.preset_ui.cost_unit) if danger else ""
    title = board.text(tr("coach.confirm_title"), title_size, RISK_RED, True)
    band = lay.band()[3]  # the panel stays in the band, clear of your hand: one line of words if need be
    lines = 2 if title.get_height() + 2 * board.font(small, True).get_linesize() + 30 + 40 <= band else 1
    said = [board.text(part, small, (255, 255, 255), True) for part in wrap(board, line, small, room, lines)]
    tall = title.get_height() + sum(x.get_height() for x in said)
    bh = max(26, min(int(lay.unit * 0.06), band - tall - 40))
    bw = max(150, int(lay.unit * 0.3))
    width = max(title.get_width(), *(x.get_width() for x in said), 2 * bw + 20) + 40
    panel = scene.panel(surface, tall + bh + 40, width)
    surface.blit(title, title.get_rect(midtop=(panel.centerx, panel.y + 8)))
    y = panel.y + 12 + title.get_height()
    for part in said:
        surface.blit(part, part.get_rect(midtop=(panel.centerx, y)))
        y += part.get_height()
    y = panel.bottom - bh - 10
    yes = pygame.Rect(panel.centerx - bw - 10, y, bw, bh)
    no = pygame.Rect(panel.centerx + 10, y, bw, bh)
    scene._button(surface, "coach:yes", yes, tr("coach.play_anyway"), True, (150, 60, 50))
    scene._button(surface, "coach:no", no, tr("coach.keep_it"), True, (50, 90, 70))
