"""Round and match results: every hand revealed, the score explained line by line, running totals;
at the end of a match, the standings and a chart of everyone's score across the rounds."""

from __future__ import annotations

import time
from collections.abc import Sequence

import pygame
import pygame_gui

from game.events import MatchEnded, RoundDealt, RoundEnded, ScoreLine
from game.result_words import seat_words
from game.scores import Score

from .. import sizes
from ..result_said import dealt_standings, say
from ..scene import Scene
from ..text import break_points, key, score_text, tr
from ..theme import GOLD, WHITE
from .match_notes import rematch_note

CHART_COLOURS = [
    (236, 196, 92),
    (120, 200, 255),
    (250, 120, 120),
    (150, 230, 140),
    (210, 150, 250),
    (250, 170, 90),
]


def score_history(events, part: str | None = None) -> list[list[int]]:
    """Each seat's standing after each round of the current match, from the scores at its first deal:
    the headline of the preset's own score (game.scores: a lap where a preset counts laps), or the
    named `part` of it (jda: "deal"), or the plain running total where the events carry no standings.
    A seat that sat down after the first round (a late LAN guest sees nothing before its own round)
    has its chart from the scores at the first deal it saw."""

    def row(event) -> list[int]:
        if not event.standings:
            return list(event.scores)
        return [s.headline if part is None else s[part] for s in event.standings]

    rows: list[list[int]] = []
    for event in events:
        if isinstance(event, RoundDealt) and (event.round_no == 1 or not rows):
            rows = [row(event)]
        elif isinstance(event, RoundEnded):
            rows.append(row(event))
    return rows


def match_history(table, part: str | None = None) -> list[list[int]]:
    """The match chart's rows for this table (see `score_history`): at a LAN table this seat came back
    to, the host's chart of the rounds before (it saw none of them), kept up since."""
    remote = table.remote
    chart = remote.chart if remote is not None else []
    players = table.source.view.players
    try:
        if chart and all(len(row) == players for row in chart):
            return [[s.headline if part is None else s[part] for s in row] for row in chart]
    except KeyError:  # a part this standing does not have: the events this seat saw instead
        pass
    return score_history(table.event_log, part)


def button_size(height: int) -> tuple[int, int]:
    """A result screen's button: 300x46 at 720 px high, larger on a larger window."""
    k = sizes.scale(height)
    return int(300 * k), int(46 * k)


def how_made(line: ScoreLine) -> str | None:
    """How a line's amount was made, from its facts (ScoreLine.about), where that is not plain: the
    largest hand left a loser pays on, times what."""
    worst = line.fact("worst")
    if worst is None:
        return None
    winners = line.fact("winners")
    if winners is not None:
        return tr("score.note.worst_winners", worst=worst, winners=winners)
    return tr("score.note.worst_times", worst=worst, times=line.fact("times", 1))


def line_text(line: ScoreLine, names: Sequence[str] = ()) -> str:
    """A score line as the "rule by rule" detail writes it: its name, its amount, and how the amount
    was made where that is not plain (whose hand a dobon's points are, the largest hand a loser pays on)."""
    item, value = line.item, line.value
    label = tr(f"score.{item}")
    if label.endswith(item):  # no translation: show the key readably
        label = item.replace("_", " ")
    if item == "dobon_points":  # super: the winner's hand (whose, in `of`); app: every card counted
        seat = line.fact("of", -1)
        if seat is not None and 0 <= seat < len(names):
            return tr("score.dobon_points_of", name=names[seat], value=value)
        return tr("score.dobon_points_all", value=value)
    if item.endswith("factor"):
        return f"{label} ×{value}"
    how = how_made(line)
    if item in ("hand_points", "base", "pays", "receives", "loser_by_dobon", "loser_by_gaeshi"):
        return f"{label} {value}" + (f" ({how})" if how else "")
    return f"{label} {value:+d}" + (f" ({how})" if how else "")


def rule_lines(
    ui, seat: int, result, names: Sequence[str], before: Score | None, after: Score, moves_only: bool = False
) -> list[str]:
    """Rule by rule: each scoring rule that applied to `seat`, by its code in the preset's spec
    (`PresetUI.rule_codes`: super's P-2-5, kabu's §5.2 ...), its short name in the language chosen and
    what it contributed in the preset's units (points, a factor, a deal size, laps). A rule that changed
    nothing (an addition of 0, a factor of 1) did not apply and is not listed. `moves_only`: only the
    standing's parts as they moved (kabu's settlement steps stand beside the rows, per pair)."""
    out = []
    for line in result.lines:
        if line.seat != seat:
            continue
        moved = ui.result_line(line.item, line.value, before)  # a standing's part: "deal 12 → 4"
        if moved is None:
            factor = line.item.endswith("_factor") or line.item in ui.factor_items
            if moves_only or line.value == (1 if factor else 0):
                continue
            moved = line_text(line, names)
        if moved:  # "": a part that did not move
            code = ui.rule_codes.get(line.item)
            out.append(f"{code} {moved}" if code else moved)
    return out + ui.result_more(seat, result, before, after)


def wrap(font: pygame.font.Font, text: str, width: int) -> list[str]:
    """`text` broken into lines no wider than `width` where a line may break (at spaces, or between
    Japanese characters: ui.text.break_points); a word wider than the line stays whole."""
    out, start = [], 0
    points = [p for p in break_points(text) if text[p] not in ")]}"]  # a closing bracket never starts a line
    while font.size(text[start:])[0] > width:
        fits = [p for p in points if p > start and font.size(text[start:p].rstrip())[0] <= width]
        if not fits:
            later = [p for p in points if p > start]
            if not later:
                break
            fits = later[:1]
        out.append(text[start : fits[-1]].rstrip())
        start = fits[-1]
    out.append(text[start:])
    return out


DEMO_ROUND_S = 2.5  # the demo's round result shows this long, then the next round is dealt
DEMO_MATCH_S = 3.0  # ... and its match result, then a new match


# a LAN round's result stays up at least this long (unless the person moves on) when the host has
# already dealt the next round, which it does after a short pause without waiting for anyone
RESULT_READ_S = 6.0


def demo_due(table, elapsed: float, shown_s: float) -> float | None:
    """When a demo's result screen moves on by itself (a table with a person waits for them)."""
    return max(0.0, shown_s - elapsed) + 0.01 if table.demo else None


class RoundResultScene(Scene):
    layer = 4

    def __init__(self, app, table):
        super().__init__(app)
        self.table = table
        self.elapsed = 0.0
        # a snapshot of what the seat was shown: at a LAN table the next round may arrive meanwhile
        view = table.source.view
        ended = table.source.round_end
        self.players = view.players
        self.result = ended.result if ended is not None else None
        self.hands = (
            [list(h) for h in ended.hands] if ended is not None else [[] for _ in range(view.players)]
        )
        self.laid = [list(p) for p in view.laid]
        self.standings = (
            list(ended.standings)
            if ended is not None and ended.standings
            else [Score.points(v) for v in (ended.scores if ended is not None else view.scores)]
        )
        self.round_no = view.round_no
        self.view = view  # what the notes under the title are about (who deals next ...)
        self.before = dealt_standings(table.event_log)  # each seat's standing when this round was dealt
        rules = table.source.rules
        self.fewer_better = (
            not rules.rulebook().higher_is_better
            and bool(self.standings)
            and self.standings[0].parts[0][0] == "points"
        )
        # who scored what and why, in sentences (game.result_words); the score lines are the detail
        self.words = (
            seat_words(rules.preset, self.result, self.before, self.standings)
            if self.result is not None
            else []
        )
        self.detail = False  # "Rule by rule": the score lines (kabu: A1-A8, M1-M4) instead of sentences
        self.settlement_shown: list[str] = []  # the settlement's lines as last drawn (fitted)
        self.rows_shown: list[list[str]] = [[] for _ in range(view.players)]  # each seat's lines as drawn
        # where each seat's cards and lines were last drawn (the lines are never under the cards)
        self.card_rects: list[list[pygame.Rect]] = [[] for _ in range(view.players)]
        self.text_rects: list[pygame.Rect] = [pygame.Rect(0, 0, 0, 0) for _ in range(view.players)]
        self.opened = time.monotonic()
        self.next_dealt = False  # at a LAN table: the host has dealt the next round (`update_remote`)

    def names(self) -> list[str]:
        return [self.table.board.seat_name(s) for s in range(self.players)]

    @property
    def notes(self) -> list[str]:
        """Lines under the title, in the language now chosen: what an ending that is a term of its own
        means (app's stop), the preset's (who deals next), and that fewer points are better."""
        notes = self.table.board.preset_ui.result_notes(self.view, self.names())
        if self.result is not None:
            about = tr(f"results.ending_about.{self.result.ending}")
            if not about.endswith(f"ending_about.{self.result.ending}"):
                notes.insert(0, about)
        if self.fewer_better:
            notes.append(tr("result_words.fewer_better"))  # points that count against you
        values = tr(f"result_words.card_values.{self.view.preset}")
        if not self.detail and not values.endswith(f"card_values.{self.view.preset}"):
            notes.append(values)  # what the cards in the sentences are worth (not their Dobon numbers)
        return notes

    @property
    def settlement(self) -> list[tuple[str, list[str]]]:
        """The preset's settlement beside the seats' rows, rule by rule (kabu: A1-A8, M1-M4 per pair)."""
        if self.result is None:
            return []
        return self.table.board.preset_ui.settlement(self.result, self.names())

    @property
    def settlement_words(self) -> list[tuple[str, list[str]]]:
        """The same settlement in sentences."""
        if self.result is None:
            return []
        names, raw = self.names(), self.table.board.names
        return self.table.board.preset_ui.settlement_words(self.result, lambda w: say(w, names, raw))

    def update_remote(self) -> None:
        """At a LAN table the host ends the match itself: notice it while this screen is up."""
        remote = self.table.remote
        if remote is not None and remote.finished is None:
            remote.receive()
            if remote.gone is not None:  # the host closed the table: the table says so at once
                self.app.stack.pop()
                return
            events = remote.poll()
            if events:
                self.table.board.feed(events)
            # the host has dealt the next round (nobody waits on a watcher, nor on this screen): it
            # is played at the table, not unseen behind the last one's result (`update`)
            self.next_dealt = self.next_dealt or any(isinstance(e, RoundDealt) for e in events)
            if remote.finished is not None:
                self.build()

    @property
    def match_over(self) -> bool:
        return self.table.match_done

    def widgets(self) -> None:
        w, h = self.app.size
        ui = self.table.board.preset_ui
        label = ui.match_label if self.match_over else ui.next_label
        bw, bh = button_size(h)
        self.next = pygame_gui.elements.UIButton(
            pygame.Rect(w // 2 - bw // 2, int(h * 0.88), bw, bh),
            key(label),
            self.app.gui,
            container=self.container,
            object_id=sizes.button_id(h),
        )
        # sentences or the rules' own lines: the lines for those who want the codes
        small = min(int(w * 0.04 + bw * 0.72), w // 2 - bw // 2 - 10) - int(w * 0.04)
        self.detail_button = pygame_gui.elements.UIButton(
            pygame.Rect(int(w * 0.04), int(h * 0.88), small, bh),
            key("result_words.in_words" if self.detail else "result_words.rule_by_rule"),
            self.app.gui,
            container=self.container,
            object_id=sizes.button_id(h),
        )

    def process_event(self, event):
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.next:
            self.proceed()
            return None
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.detail_button:
            self.toggle_detail()
            return None
        if event.type == pygame.KEYDOWN and event.key == pygame.K_r:
            self.toggle_detail()
            return None
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_SPACE):
            self.proceed()
            return None
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            # as at the table: Esc is the pause menu (rules, settings, save and leave); its Resume
            # comes back here, so Esc never deals the next round behind the player's back
            self.app.stack.push(self.app.scene("menu", self.table))
            return None
        return None if event.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN) else event

    def toggle_detail(self) -> None:
        """Between the sentences and the rule-by-rule lines (its button says which it shows next)."""
        self.detail = not self.detail
        self.build()

    def proceed(self) -> None:
        if self.match_over:
            self.app.stack.replace(MatchResultScene(self.app, self.table))
        else:
            self.app.stack.pop()
            self.table.continue_after_round()

    def update(self, dt: float) -> None:
        self.elapsed += dt
        self.update_remote()
        if self.app.stack.top is not self:
            return  # the host closed the table: its notice is up
        if self.table.demo and self.elapsed > DEMO_ROUND_S:
            self.proceed()
        elif self.next_dealt and not self.match_over and time.monotonic() - self.opened >= RESULT_READ_S:
            self.proceed()  # to the round the host has dealt, once the result had its moment

    @property
    def animating(self) -> bool:
        return False  # a quiet screen: drawn on input or when something falls due (`due_in`)

    def has_news(self) -> bool:
        return self.table.has_news()  # at a LAN table the host may end the match while this is up

    def due_in(self) -> float | None:
        if self.next_dealt:  # the next round is waiting at the table: moved on to by itself then
            return max(0.0, self.opened + RESULT_READ_S - time.monotonic()) + 0.01
        return demo_due(self.table, self.elapsed, DEMO_ROUND_S)

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        b = self.table.board
        result = self.result
        surface.fill((8, 24, 18))  # solid: nothing of the table (its log, its cards) shows through
        if result is None:
            return
        ui = b.preset_ui
        title = tr(f"results.ending.{result.ending}")
        head = b.text(tr(ui.result_title, round=self.round_no, ending=title), int(h * 0.045), GOLD, True)
        surface.blit(head, head.get_rect(midtop=(w // 2, int(h * 0.03))))
        top = int(h * 0.03) + head.get_height() + 6
        note_size = max(13, int(h * 0.026))
        for note in self.notes:  # who deals next, a reseat ...
            surf = b.text(note, note_size, WHITE, True)
            surface.blit(surf, surf.get_rect(midtop=(w // 2, top)))
            top += surf.get_height() + 2
        top = max(int(h * 0.12), top + 6)
        right = 0.96  # where the seats' rows end: short of the settlement, where there is one
        settlement = self.settlement
        panel = settlement if self.detail else self.settlement_words
        if settlement:
            right = 0.56
            self._draw_settlement(
                surface, pygame.Rect(int(w * 0.58), top, int(w * 0.39), int(h * 0.86) - top), panel
            )
        rows = self.players
        row_h = int((h * 0.86 - top) / rows)
        small = max(12, int(min(row_h * 0.16, h * 0.022)))
        card_h = max(24, min(int(row_h - small * 1.7 - 18), int(h * 0.09)))  # inside its row
        hands = self.hands
        names = [b.seat_name(s) for s in range(self.players)]
        for seat in range(self.players):
            y = top + seat * row_h
            role = (
                tr("results.winner")
                if seat in result.winners
                else tr("results.loser")
                if seat in result.losers
                else ""
            )
            name = b.text(
                f"{b.seat_name(seat)}  {role}", small + 3, GOLD if seat in result.winners else WHITE, True
            )
            surface.blit(name, (int(w * 0.04), y + 4))
            cards = list(hands[seat]) or list(self.laid[seat])
            # where the lines start: with a settlement, under the name right of (9 cards' room of) the
            # cards; else beside the cards, short of the total at the right
            x0 = int(w * 0.06 + min(len(cards), 9) * card_h * 0.5 + card_h) if settlement else int(w * 0.40)
            self.card_rects[seat] = self._draw_hand(
                surface, cards, (int(w * 0.06), x0 - 8), y + 10 + name.get_height(), card_h
            )
            before = self.before[seat] if seat < len(self.before) else None
            if self.detail:
                after = self.standings[seat]
                lines = rule_lines(ui, seat, result, names, before, after, moves_only=bool(settlement))
            else:
                lines = [say(words, names, b.names) for words in self.words[seat]] if self.words else []
            lines = [t for t in lines if t]
            if settlement:
                box = pygame.Rect(
                    x0, y + 8 + name.get_height(), int(w * right) - x0, row_h - name.get_height() - 12
                )
            else:
                total_w = b.font(small + 2, True).size("+0000 → 00000")[0]
                box = pygame.Rect(x0, y + 6, int(w * right) - x0 - total_w - 12, row_h - 14)
            self.rows_shown[seat], self.text_rects[seat] = self._draw_lines(surface, box, lines, small)
            delta = result.deltas[seat]
            standing = score_text(self.standings[seat])
            if len(self.standings[seat].parts) > 1:  # a standing in parts: its lines say how it moved
                text = standing
            else:
                text = tr("results.delta_total", delta=f"{delta:+d}", total=standing)
            total = b.text(text, small + 2, WHITE, True)
            surface.blit(total, total.get_rect(topright=(int(w * right), y + 6)))
            pygame.draw.line(
                surface, (80, 100, 90), (int(w * 0.04), y + row_h - 3), (int(w * right), y + row_h - 3), 1
            )

    def _draw_hand(
        self, surface: pygame.Surface, cards: list, span: tuple[int, int], top: int, card_h: int
    ) -> list[pygame.Rect]:
        """A seat's cards overlapping left to right from `span`'s left, their tops at `top`, squeezed
        closer (then smaller) so the whole hand ends by `span`'s right: a long hand (15 cards, a
        jda or kabu loser's) must never cover the lines that explain it. Returns the cards' rects."""
        if not cards:
            return []
        b = self.table.board
        left, right = span
        room = max(1, right - left)
        card_w = b.card_surface(cards[0], card_h, 0).get_width()
        if card_w > room:  # not even one card's width: smaller cards
            card_h = max(8, card_h * room // card_w)
            card_w = b.card_surface(cards[0], card_h, 0).get_width()
        step = card_h * 0.5 if len(cards) < 2 else min(card_h * 0.5, (room - card_w) / (len(cards) - 1))
        return [
            b.blit_card(surface, card, (left + card_w // 2 + int(i * step), top + card_h // 2), card_h)
            for i, card in enumerate(cards)
        ]

    def _draw_lines(
        self, surface: pygame.Surface, box: pygame.Rect, lines: list[str], size: int
    ) -> tuple[list[str], pygame.Rect]:
        """A seat's lines in `box`, each wrapped to its width, the type made smaller (to 10 px) until
        they fit its height; what still does not fit ends with "…". Returns the lines as drawn and
        the rect they cover."""
        b = self.table.board
        if not lines or box.width < 40:
            return [], pygame.Rect(box.topleft, (0, 0))
        for size_now in range(size, 9, -1):
            font = b.font(size_now)
            rows = [part for text in lines for part in wrap(font, text, box.width)]
            pitch = font.get_linesize()
            if len(rows) * pitch <= box.height:
                break
        fit = max(1, box.height // pitch)
        if len(rows) > fit:
            rows = [*rows[: fit - 1], b.fit(rows[fit - 1] + " …", size_now, box.width, bold=False)]
        covered = pygame.Rect(box.topleft, (0, 0))
        for i, text in enumerate(rows):
            drawn = surface.blit(b.text(text, size_now, (225, 232, 225)), (box.x, box.y + i * pitch))
            covered = covered.union(drawn) if covered.size != (0, 0) else drawn
        return rows, covered

    def _draw_settlement(self, surface: pygame.Surface, area: pygame.Rect, blocks) -> None:
        """The settlement: a block per winner and loser(s), its steps in order (by rule code, or in
        words) ending with the points, each step wrapped to its column; one column while it fits at a
        readable size, else two, the type made smaller until every block fits the area."""
        b = self.table.board
        pygame.draw.rect(surface, (20, 48, 38), area, border_radius=10)
        head_size = max(13, int(area.height * 0.05))
        head = b.text(tr("results.settlement"), min(head_size, 30), GOLD, True)
        surface.blit(head, (area.x + 10, area.y + 6))
        room = area.height - head.get_height() - 14

        def laid_out(size: int, columns: int) -> list[tuple[str, list[list[str]]]]:
            font = b.font(size)
            col_w = (area.width - 24) // columns - 6
            return [(title, [wrap(font, text, col_w) for text in steps]) for title, steps in blocks]

        def height(size: int, columns: int, laid) -> int:
            pitch = b.font(size).get_linesize() + 1
            rows = sum(1 + -(-sum(len(p) for p in parts) // columns) + columns - 1 for _t, parts in laid)
            return rows * pitch + len(laid) * 6

        choice = None
        for columns in (1, 2):
            for size in range(min(26, max(12, area.height // 22)), 8, -1):
                laid = laid_out(size, columns)
                if height(size, columns, laid) <= room and (size >= 13 or columns == 2):
                    choice = (size, columns, laid)
                    break
            if choice is not None:
                break
        size, columns, laid = choice or (9, 2, laid_out(9, 2))
        pitch = b.font(size).get_linesize() + 1
        col_w = (area.width - 24) // columns
        y = area.y + head.get_height() + 10
        shown: list[str] = []
        for title, parts in laid:
            surf = b.text(b.fit(title, size, area.width - 20), size, WHITE, True)
            surface.blit(surf, (area.x + 10, y))
            y += pitch
            total = sum(len(p) for p in parts)
            per_column = -(-total // columns)
            col = row = 0
            for i, part in enumerate(parts):
                if columns > 1 and row and row + len(part) > per_column and col < columns - 1:
                    col, row = col + 1, 0  # a step is never split across the columns
                colour = GOLD if i == len(parts) - 1 else (225, 232, 225)
                for line in part:
                    if y + row * pitch + pitch > area.bottom:
                        break
                    surface.blit(b.text(line, size, colour), (area.x + 14 + col * col_w, y + row * pitch))
                    shown.append(line)
                    row += 1
            y += (max(row, per_column) if columns > 1 else row) * pitch + 6
        self.settlement_shown = shown


class MatchResultScene(Scene):
    layer = 4

    def __init__(self, app, table):
        super().__init__(app)
        self.table = table
        self.elapsed = 0.0

    def widgets(self) -> None:
        w, h = self.app.size
        bw, bh = button_size(h)
        self.again = None
        remote = self.table.remote
        if remote is None or remote.session.host is not None:  # at a LAN table the host offers a rematch
            self.again = pygame_gui.elements.UIButton(
                pygame.Rect(w // 2 - bw - 10, int(h * 0.9), bw, bh),
                key("results.new_match" if remote is None else "lan.rematch"),
                self.app.gui,
                container=self.container,
                object_id=sizes.button_id(h),
            )
        self.note = None
        if remote is not None and (note := rematch_note(remote)):  # a guest: what comes next
            self.note = pygame_gui.elements.UILabel(
                pygame.Rect(int(w * 0.06), int(h * 0.9) - bh, w - 2 * int(w * 0.06), bh),
                note,
                self.app.gui,
                container=self.container,
            )
        self.title = pygame_gui.elements.UIButton(
            pygame.Rect(w // 2 + 10, int(h * 0.9), bw, bh),
            key("results.to_title"),
            self.app.gui,
            container=self.container,
            object_id=sizes.button_id(h),
        )

    def process_event(self, event):
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.again and self.table.remote is not None:
                self.table.remote.session.rematch()  # everyone's lobby follows (lan.follow_rematch)
                self.again.disable()
                return None
            if event.ui_element is self.again:
                self.app.stack.pop()
                self.table.continue_after_round()
                return None
            if event.ui_element is self.title:
                self.to_title()
                return None
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            # the match is over and kept in History: Esc leaves, as "Back to title" does (it did
            # nothing, and the round result's pause menu would offer to save a finished match)
            self.to_title()
            return None
        return event

    def to_title(self) -> None:
        self.table.left_match = True  # the finished match has been seen: its save goes
        self.app.stack.clear_to(self.app.scene("title"))

    def update(self, dt: float) -> None:
        self.elapsed += dt
        remote = self.table.remote
        if remote is not None:  # a LAN table: the host's rematch, or the table closing
            closed = remote.closed_after
            if self.app.act("follow_rematch", self.table):
                return
            if remote.closed_after != closed:
                self.build()
        if self.table.demo and self.elapsed > DEMO_MATCH_S:
            self.app.stack.pop()
            self.table.continue_after_round()

    @property
    def animating(self) -> bool:
        return False  # a quiet screen: drawn on input or when something falls due (`due_in`)

    def due_in(self) -> float | None:
        return demo_due(self.table, self.elapsed, DEMO_MATCH_S)

    def has_news(self) -> bool:
        return self.table.has_news()  # at a LAN table: the host's rematch, or its goodbye

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        b = self.table.board
        players = self.table.source.view.players
        surface.fill((14, 40, 30))
        head = b.text(tr(b.preset_ui.match_title), int(h * 0.05), GOLD, True)
        surface.blit(head, head.get_rect(midtop=(w // 2, int(h * 0.03))))
        finished = self.table.remote.finished if self.table.remote is not None else None
        ended = next((e for e in reversed(self.table.event_log) if isinstance(e, MatchEnded)), None)
        if finished is not None:
            ranks = tuple(finished.ranks)
            standings = [Score.from_json(s) for s in finished.standings] or [
                Score.points(v) for v in finished.scores
            ]
        elif ended is not None:
            ranks, standings = ended.ranks, list(ended.standings or map(Score.points, ended.scores))
        else:  # no end of the match has been shown: nothing to rank
            return
        order = sorted(range(players), key=lambda s: (ranks[s], s))
        size = max(14, int(h * 0.03))
        for i, seat in enumerate(order):
            colour = CHART_COLOURS[seat % len(CHART_COLOURS)]
            text = b.text(
                tr(
                    "results.standing",
                    rank=ranks[seat],
                    name=b.seat_name(seat),
                    score=score_text(standings[seat]),
                ),
                size,
                WHITE,
                ranks[seat] == 1,
            )
            y = int(h * 0.13) + i * (size + 10)
            pygame.draw.rect(surface, colour, (int(w * 0.06), y + 4, size - 6, size - 6), border_radius=4)
            surface.blit(text, (int(w * 0.06) + size + 4, y))
        # the chart of scores across the rounds: one panel per part of a standing in parts (jda: laps
        # and deal sizes), else the one running total
        parts = [name for name, _ in standings[0].parts] if standings and len(standings[0].parts) > 1 else []
        area = pygame.Rect(int(w * 0.42), int(h * 0.13), int(w * 0.53), int(h * 0.68))
        panels = parts or [None]
        gap = 12
        each = (area.height - gap * (len(panels) - 1)) // len(panels)
        for i, part in enumerate(panels):
            chart = pygame.Rect(area.x, area.y + i * (each + gap), area.width, each)
            self._chart(surface, chart, match_history(self.table, part), part, players)

    def _chart(self, surface, chart: pygame.Rect, history: list[list[int]], part: str | None, players: int):
        """One line per seat across the rounds in `chart`, its values at the left edge."""
        b = self.table.board
        k = sizes.scale(surface.get_height())  # the labels and margins grow with the window
        pygame.draw.rect(surface, (24, 60, 45), chart, border_radius=8)
        if part is not None:
            label = b.text(tr(f"results.chart.{part}"), int(18 * k), (230, 235, 230), True)
            surface.blit(label, (chart.x + 8, chart.y + 4))
        if len(history) < 2:
            return
        values = [v for row in history for v in row]
        lo, hi = min(values), max(values)
        span = max(1, hi - lo)
        # draw values that tie on top of each other a little apart, so every seat's line shows
        offset = 3

        top = int((48 if part is not None else 30) * k)  # room for the panel's title above the top value
        left, foot = int(48 * k), int(34 * k)  # room for the values at the left and the axis below

        def pt(i: int, v: int, seat: int = 0) -> tuple[int, int]:
            x = chart.x + left + (chart.width - left - 20) * i / (len(history) - 1)
            y = chart.bottom - foot - (chart.height - foot - top) * (v - lo) / span
            return int(x), int(y + (seat - (players - 1) / 2) * offset)

        if lo < 0 < hi:
            pygame.draw.line(surface, (120, 140, 130), pt(0, 0), pt(len(history) - 1, 0), 1)
        for seat in range(players):
            colour = CHART_COLOURS[seat % len(CHART_COLOURS)]
            pts = [pt(i, row[seat], seat) for i, row in enumerate(history)]
            pygame.draw.lines(surface, colour, False, pts, max(3, int(3 * k)))
            for p in pts:
                pygame.draw.circle(surface, colour, p, max(3, int(3 * k)))
        for v in sorted({lo, hi}):
            label = b.text(str(v), int(16 * k), (200, 210, 200))
            surface.blit(label, (chart.x + 4, pt(0, v)[1] - label.get_height() // 2))
        axis = b.text(tr(b.preset_ui.rounds_axis, count=len(history) - 1), int(17 * k), (200, 210, 200))
        surface.blit(axis, axis.get_rect(midbottom=(chart.centerx, chart.bottom - 4)))
