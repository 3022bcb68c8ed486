"""The guide: walks the real table through a lesson's steps (game.lesson).

The table asks it before taking any of the person's actions (`refuses`), tells it what was taken
(`taken`), lets it hold the clock while the step's move is waiting on the person (so a window the
lesson is about never closes while they read), and lets it draw its panel and answer its buttons.
It never plays for the person and never changes the game: the AI seats follow the lesson's script.
"""

from __future__ import annotations

import functools
import math
from typing import TYPE_CHECKING, Any

import pygame

from game.actions import Action, Kind
from game.lesson import Lesson, ScriptedSeat, SeatScript, Step, load
from game.result_words import Words, seat_words
from game.scores import Score
from game.seats import Seat

from ..resources import resource_path
from ..result_said import dealt_standings, say
from ..text import card_text, tr
from ..theme import GOLD, WHITE
from . import progress

if TYPE_CHECKING:
    from ..table.roles import TableLike

HINTS = 3  # rule, then which kind of card, then the exact card or button (outlined)
SOFT = (200, 220, 205)  # what just happened, above what to do now
HINT = (255, 226, 140)
WRONG = (255, 150, 130)  # not this step's move, and why
RING = (90, 225, 255)  # the third hint's outline: unlike the gold of practice help's playable cards


def scored(preset: str, end: Any, before: list[Score]) -> list[tuple[int, int, bool, list[Words]]]:
    """Per seat whose score or standing the round moved, or that won it: (seat, its change,
    whether its standing is in parts, the sentences that say why) — game.result_words, as the results
    screen says them, so a lesson's end explains its points the same way a game does."""
    result = end.result
    words = seat_words(preset, result, before, end.standings)
    out = []
    for seat, said in enumerate(words):
        delta = result.deltas[seat] if seat < len(result.deltas) else 0
        if said and (delta or seat in result.winners):  # a loser who scored 0 is said in `done`
            parts = seat < len(end.standings) and len(end.standings[seat].parts) > 1
            out.append((seat, delta, parts, said))
    return out


@functools.cache
def lesson_for(preset: str) -> Lesson:
    """The preset's lesson (assets/lessons/<preset>.json)."""
    return load(resource_path("lessons", f"{preset}.json"))


def has_lesson(preset: str) -> bool:
    return resource_path("lessons", f"{preset}.json").exists()


class Guide:
    def __init__(self, lesson: Lesson, step: int = 0, hints: int = 0):
        self.lesson = lesson
        self.index = min(step, len(lesson.steps))
        self.hints = hints  # hints asked at this step (0..HINTS)
        self.finished = False
        self.points = 0  # what the lesson's round won or lost the person, said at the end
        self.won = False  # the person won the lesson's round
        # who scored what and why at the end (game.result_words), said in the language then chosen
        self.scored: list[tuple[int, int, bool, list[Words]]] = []
        self.note: str | None = None  # why the move just tried is not this step's (until the next)
        self.on_finish: Any = None  # called with the table when the person presses Finish

    # ------------------------------------------------------------------ the lesson's state

    @property
    def step(self) -> Step | None:
        return self.lesson.steps[self.index] if self.index < len(self.lesson.steps) else None

    @property
    def previous(self) -> Step | None:
        return self.lesson.steps[self.index - 1] if self.index > 0 else None

    def seat(self, seat: int) -> Seat:
        """The AI seat that plays `seat`'s part of the lesson."""
        return ScriptedSeat(self.lesson.scripts.get(seat, SeatScript()))

    def waiting(self, table: TableLike) -> bool:
        """The step's move can be made now: the person is the one the lesson waits for."""
        step = self.step
        if self.finished or step is None:
            return False
        if step.expect is None:
            return True  # a step to read: nothing moves until Continue
        return table.accepts_input and step.expect.offered(table.legal())

    def showing_step(self, table: TableLike) -> bool:
        """The step's words stand in the banner: its move can be made now, or could be but for the
        pause menu over the table (opening Menu on your turn must not make the banner say the others
        are taking their turns)."""
        if self.waiting(table):
            return True
        step = self.step
        if not table.paused or self.finished or step is None or step.expect is None:
            return False
        return table.person is not None and table.board.settled and step.expect.offered(table.legal())

    def holds(self, table: TableLike) -> bool:
        """Keep the table's clock still: the lesson waits on the person (their move, or Continue)."""
        return self.waiting(table) or self.finished

    def advance(self) -> None:
        self.index += 1
        self.hints = 0
        self.note = None

    # ------------------------------------------------------------------ the table asks

    def refuses(self, table: TableLike, action: Action) -> bool:
        """Whether a legal action is not this step's move; if so the panel says why (`note`), and the
        person tries again. The rules refuse what is not legal, with their own reasons; this says only
        why the lesson wants something else."""
        step = self.step
        if self.finished:
            self.note = tr("learn.finished")
        elif step is None or step.expect is None:
            self.note = tr("learn.read_first")
        elif step.expect.matches(action):
            self.note = None
            return False
        else:
            wrong = self.lesson.words(step, "wrong")
            said = tr(wrong)
            if said.endswith(wrong):  # no words of its own for this step: the general ones, and the rule
                said = tr("learn.not_this", move=self.describe(action))
                said += tr("learn.sentence_gap") + tr(
                    self.lesson.words(step, "hint1")
                )  # no space in Japanese
            self.note = said
        return True

    def taken(self, table: TableLike, action: Action) -> None:
        self.advance()
        table.save()

    def round_over(self, table: TableLike) -> None:
        """The lesson's round has ended: the lesson is done (its last step was the winning move)."""
        if not self.finished:
            self.finished = True
            end, seat = table.source.round_end, table.person
            if end is not None and seat is not None:
                self.points = end.result.deltas[seat]
                self.won = seat in end.result.winners
                self.scored = scored(self.lesson.preset, end, dealt_standings(table.event_log))
            progress.finish(self.lesson.preset)

    def keep(self, table: TableLike, save: dict[str, Any]) -> None:
        """The table is left (or a move taken): keep where the lesson is, unless it is over."""
        if self.finished:
            progress.clear()
            return
        progress.keep(progress.Progress(self.lesson.preset, self.index, self.hints, save))

    def press(self, table: TableLike, name: str) -> None:
        """One of the panel's buttons: Hint, Continue or Finish."""
        if name == "guide:hint":
            self.hints = min(HINTS, self.hints + 1)
        elif name == "guide:continue" and self.step is not None and self.step.expect is None:
            self.advance()
            table.save()
        elif name == "guide:finish" and self.finished and self.on_finish is not None:
            self.on_finish(table)

    def key(self, table: TableLike, event: pygame.event.Event) -> bool:
        """Keys of the panel: Enter continues a step to read (or finishes), ? asks for a hint."""
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            if self.finished:
                self.press(table, "guide:finish")
                return True
            if self.step is not None and self.step.expect is None:
                self.press(table, "guide:continue")
                return True
        if getattr(event, "unicode", "") == "?" and self.step is not None and self.step.expect is not None:
            self.press(table, "guide:hint")
            return True
        return False

    def describe(self, action: Action) -> str:
        if action.kind is Kind.PLAY:
            return tr("learn.move.play", cards=" ".join(card_text(c) for c in action.cards))
        return tr(f"learn.move.{action.kind.value}")

    # ------------------------------------------------------------------ what to click

    def target(self, table: TableLike) -> pygame.Rect | None:
        """Where the step's move is made now: the card, the suit in the picker or the button (the
        third hint outlines it). None while the move cannot be made."""
        step = self.step
        if step is None or step.expect is None or not self.waiting(table):
            return None
        expect = step.expect
        if table.picker:
            for i, option in enumerate(table.picker):
                if expect.matches(option) and f"suit:{i}" in table.buttons:
                    return table.buttons[f"suit:{i}"]
            return table.buttons.get("cancel")  # a picker for another move: put it away first
        if expect.kind is Kind.PLAY:
            cards = {rect_card[1].code: rect_card[0] for rect_card in table.board.own_card_rects()}
            several = len(expect.cards) > 1 or table.board.chosen
            if several:
                chosen = {c.code for c in table.source.view.hand if c.id in table.board.chosen}
                left = [code for code in cards if code in expect.cards and code not in chosen]
                if left:
                    return cards[left[0]]
                return table.buttons.get("play_set")
            return next((cards[c] for c in expect.cards if c in cards), None)
        if expect.kind is Kind.DRAW:
            return table.buttons.get("draw")
        if expect.kind is Kind.DOBON:
            return table.buttons.get("dobon")
        for prefix, options in (("declare", table.declarations()), ("answer", table.answers())):
            for i, option in enumerate(options):
                if expect.matches(option):
                    return table.buttons.get(f"{prefix}:{i}")
        return None

    # ------------------------------------------------------------------ drawing

    def lines(self, table: TableLike, brief: bool = False) -> list[tuple[str, tuple[int, int, int]]]:
        """The panel's paragraphs: what just happened (left out when `brief`), why a move was not
        this step's, what to do now and the latest hint asked (each one more specific)."""
        lesson, step = self.lesson, self.step
        out: list[tuple[str, tuple[int, int, int]]] = []
        before = self.previous
        if before is not None and (self.finished or before.expect is not None) and not brief:
            out.append((tr(lesson.words(before, "then")), SOFT))
        if self.finished:
            out.append((tr(f"learn.{lesson.preset}.done", points=self.points), WHITE))
            out += [(text, SOFT) for text in self.scored_lines(table)]
            return out
        if step is None:
            return out
        if self.note is not None:
            out.append((self.note, WRONG))
        if self.showing_step(table):
            out.append((tr(lesson.words(step, "say")), WHITE))
            if self.hints:
                out.append((tr(lesson.words(step, f"hint{self.hints}")), HINT))
        elif not out:
            out.append((tr("learn.watch"), SOFT))
        return out

    def scored_lines(self, table: TableLike) -> list[str]:
        """The round's result as the results screen says it: per seat that scored (or won or lost),
        its name, its change and the sentences of game.result_words that say why."""
        names = [table.board.seat_name(s) for s in range(len(table.board.names))]
        out = []
        for seat, delta, parts, words in self.scored:
            why = tr("learn.scored_sep").join(say(w, names, table.board.names) for w in words)
            name = names[seat] if seat < len(names) else "?"
            if parts:  # a standing in parts (jda's deal, kabu's laps): its sentences say how it moved
                out.append(tr("learn.scored_parts", name=name, why=why))
            else:
                out.append(tr("learn.scored", name=name, delta=f"{delta:+d}", why=why))
        return out

    def draw(self, table: TableLike, surface: pygame.Surface) -> None:
        """The panel at the top of the table, between the other seats' plates and above the piles;
        its buttons in its first row, so they stay where they are as the words below change."""
        board, lay = table.board, table.board.layout
        if lay is None:
            return
        w = surface.get_width()
        panel = pygame.Rect(0, 8, int(min(w * 0.56, lay.unit * 1.05, 900)), 0)
        panel.centerx = w // 2
        clear = [r for n, r in board.regions.items() if n.startswith(("plate:", "hand:", "badge:", "pile:"))]
        for region in clear:  # narrower, so no seat's plate or cards are under it
            if region.top < lay.h * 0.4 and region.right > panel.left and region.left < panel.right:
                left = region.centerx < panel.centerx
                half = panel.centerx - region.right if left else region.left - panel.centerx
                panel.width = max(int(lay.unit * 0.6), min(panel.width, 2 * (half - 8)))
                panel.centerx = w // 2
        piles = [board.regions[n].top for n in ("stock", "field") if n in board.regions]
        floor = min(piles, default=lay.h // 2) - 6
        rows, bh = self._rows(table, panel.width, brief=False)
        panel.height = self._height(board, rows, bh)
        if panel.bottom > floor:  # what just happened gives way, so the piles stay in sight
            rows, bh = self._rows(table, panel.width, brief=True)
            panel.height = self._height(board, rows, bh)
        bg = pygame.Surface(panel.size, pygame.SRCALPHA)
        pygame.draw.rect(bg, (0, 0, 0, 200), bg.get_rect(), border_radius=14)
        surface.blit(bg, panel)
        pygame.draw.rect(surface, GOLD, panel, 2, border_radius=14)
        left = self._buttons(table, surface, panel, bh)
        title, small = rows[0][0], rows[0][1]
        head = board.text(board.fit(title, small, left - panel.x - 24), small, GOLD, True)
        surface.blit(head, head.get_rect(midleft=(panel.x + 14, panel.y + 8 + bh // 2)))
        y = panel.y + 8 + bh + 6
        for text, size, colour, bold in rows[1:]:
            surf = board.text(board.fit(text, size, panel.width - 28), size, colour, bold)
            surface.blit(surf, (panel.x + 14, y))
            y += board.font(size, bold).get_linesize() + 2
        board.regions["lesson"] = panel
        self._outline(table, surface)

    @staticmethod
    def _height(board, rows, bh: int) -> int:
        return bh + 22 + sum(board.font(s, b).get_linesize() + 2 for _t, s, _c, b in rows[1:])

    def _rows(
        self, table: TableLike, width: int, brief: bool
    ) -> tuple[list[tuple[str, int, tuple, bool]], int]:
        """The panel's title, then its lines wrapped to `width`; and its buttons' height."""
        lay = table.board.layout
        assert lay is not None
        size = max(13, int(lay.unit * 0.026))
        small = max(12, int(lay.unit * 0.022))
        title = tr(
            "learn.panel_title",
            lesson=tr(f"learn.{self.lesson.preset}.title"),
            step=min(self.index + 1, len(self.lesson.steps)),
            steps=len(self.lesson.steps),
        )
        rows: list[tuple[str, int, tuple, bool]] = [(title, small, GOLD, True)]
        for text, colour in self.lines(table, brief):
            rows += [(part, size, colour, colour is WHITE) for part in table._wrap(text, size, width - 28)]
        return rows, max(28, int(size * 1.9))

    def _buttons(self, table: TableLike, surface: pygame.Surface, panel: pygame.Rect, bh: int) -> int:
        """Hint, Continue or Finish at the right of the first row; returns where they begin."""
        step = self.step
        if self.finished:
            names = [("guide:finish", tr("learn.finish"))]
        elif step is not None and step.expect is None:
            names = [("guide:continue", tr("learn.continue"))]
        elif step is not None and self.showing_step(table):
            label = tr("learn.hint", n=self.hints, of=HINTS) if self.hints else tr("learn.hint_first")
            names = [("guide:hint", label)]
        else:
            names = []
        size = max(14, bh // 3)
        x = panel.right - 10
        for name, label in names:
            bw = max(int(bh * 3.4), table.board.font(size, True).size(label)[0] + 28)
            x -= bw
            lit = name != "guide:hint" or self.hints < HINTS
            table._button(surface, name, pygame.Rect(x, panel.y + 8, bw, bh), label, lit, (40, 90, 70))
            x -= 10
        return x

    def _outline(self, table: TableLike, surface: pygame.Surface) -> None:
        """The third hint: a pulsing ring round exactly what to click."""
        if self.hints < HINTS:
            return
        rect = self.target(table)
        if rect is None:
            return
        pulse = (math.sin(table.board.time * 6) + 1) / 2
        ring = rect.inflate(12 + int(8 * pulse), 12 + int(8 * pulse))
        pygame.draw.rect(surface, (0, 0, 0), ring.inflate(4, 4), 3, border_radius=14)
        pygame.draw.rect(surface, RING, ring, 5, border_radius=12)
