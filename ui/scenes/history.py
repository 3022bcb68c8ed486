"""The History screen: the games kept at this computer (game.history), newest first, and one game opened.

`HistoryScene` lists the records, filterable by preset, and says in words which files it skipped (a
corrupt or foreign file never stops the list). `RecordScene` shows one record's rounds and offers a
review of the person's play (game.review, on a worker thread with a progress bar, saved with the log)
and "Play this deal again": a new solo game from a round's deal, written as a scenario (game.scenario).
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from functools import lru_cache
from pathlib import Path
from typing import Any

import pygame
import pygame_gui

from game import history, seen
from game.errors import IllegalAction
from game.events import Event, RoundEnded
from game.headless import LogError, read_log
from game.history import HUMAN, Entry, RecordError
from game.phase import Phase
from game.plaintext import NAME, clean
from game.review import WORK, Review, ReviewError, review_file
from game.rules import PRESETS
from game.scenario import Scenario, ScenarioError, from_game, parse
from game.seats import SEATS

from ..link_box import LinkTextBox
from ..presets import preset_ui
from ..scene import Scene
from ..text import key, rules_text, score_text, tr
from ..textfit import render
from ..theme import BACKGROUND
from . import review_listing
from .record_words import choice_text, faced_text, round_words, skipped_reason, units, when, word
from .review_listing import Listed

REVIEW_TOP = 10  # rows of a review listed: the worst choices, missed dobons and discards called on


def preset_name(preset: str) -> str:
    """A preset's title; one this version does not know (a newer record), as written."""
    title = rules_text(preset, "title")
    return preset if title.endswith(f"{preset}.title") else title


def length_text(item: Entry) -> str:
    """How long the game ran, in the preset's own units: "1 round", "12 games" (jda), "8 matches"
    (kabu); and how many matches (kabu: games) where a New match went on in the same game."""
    ui = preset_ui(PRESETS[item.preset]) if item.preset in PRESETS else None
    rounds = tr(ui.rounds_axis if ui is not None else "results.rounds_axis", count=item.rounds)
    if item.matches < 2:
        return rounds
    series = ui.series_count if ui is not None else "history.series"
    return tr("history.length", series=tr(series, count=item.matches), rounds=rounds)


def result_text(item: Entry) -> str:
    """The person's result: their place, then their standing in the preset's own terms ("+20, fewer
    is better" where it scores points; "lap 1 · deal 6" in jda). An older record without places says
    its points and which way is better."""
    me = item.me
    assert me is not None
    cls = PRESETS.get(item.preset)
    better = cls is None or cls().rulebook().higher_is_better
    sense = tr("history.more_better" if better else "history.fewer_better")
    delta = tr("history.points", delta=f"{item.deltas[me]:+d}", sense=sense)
    if not item.ranks:
        return tr("history.result", delta=delta)
    standing = item.standings[me] if item.standings else None
    terms = delta if standing is None or standing.parts[0][0] == "points" else score_text(standing)
    return tr("history.placed", place=item.ranks[me], players=item.players, standing=terms)


def entry_line(item: Entry, notes: bool = True) -> str:
    """One record in the list: date, preset, the AI levels faced, its length and the person's result
    (and, with `notes`, whether it was a LAN game and whether it has been reviewed)."""
    line = tr(
        "history.line",
        date=when(item.started),
        preset=preset_name(item.preset),
        faced=faced_text(item.levels_faced()),
        rounds=length_text(item),
    )
    if item.me is not None:
        line += "   " + result_text(item)
    if notes and item.matches == 0:  # left before its match ended (a finished one counts its match)
        line += "   " + tr("history.unfinished")
    if notes and item.lan:
        line += "   " + tr("history.lan")
    if notes and str(item.me) in item.reviews:
        line += "   " + tr("history.reviewed")
    if notes and item.seen:  # the host vanished mid-match: this seat's view of it, not its log
        line += "   " + tr("history.seen")
    return line


def _button(scene: Scene, rect: pygame.Rect, name: str, **params) -> pygame_gui.elements.UIButton:
    text = tr(name, **params) if params else key(name)
    return pygame_gui.elements.UIButton(rect, text, scene.app.gui, container=scene.container)


class HistoryScene(Scene):
    """The kept games, newest first; a preset tab filters them; opening one shows `RecordScene`."""

    layer = 6

    def __init__(self, app, folder: str | Path | None = None):
        super().__init__(app)
        self.folder = folder
        self.preset: str | None = None  # None: every preset
        self.entries: list[Entry] = []
        self.problems: list[str] = []  # game.history.Problem lines, said in the screen's language

    def enter(self) -> None:
        self.refresh()
        super().enter()

    def resume(self) -> None:
        self.refresh()  # a review may have been saved meanwhile
        self.build()

    def refresh(self) -> None:
        found = history.listing(self.folder, self.preset)
        self.entries, self.problems = found.entries, found.problems

    def widgets(self) -> None:
        w, h = self.app.size
        gui, c = self.app.gui, self.container
        back_w, stats_w = 120, 160
        # the screen says what it is: a new player reaches it from the title and sees only a list otherwise
        self.heading = pygame_gui.elements.UILabel(
            pygame.Rect(20, 8, w - 40, 44), key("title.history"), gui, container=c, object_id="#heading"
        )
        top = 60  # the controls' row, under the heading
        options = [(tr("history.all"), "all")] + [(rules_text(p, "title"), p) for p in PRESETS]
        chosen = next(o for o in options if o[1] == (self.preset or "all"))
        menu_w = min(320, w - back_w - stats_w - 70)
        self.filter = pygame_gui.elements.UIDropDownMenu(
            options, chosen, pygame.Rect(20, top, menu_w, 40), gui, container=c
        )
        self.stats = _button(self, pygame.Rect(w - back_w - stats_w - 30, top, stats_w, 40), "history.stats")
        self.back = _button(self, pygame.Rect(w - back_w - 20, top, back_w, 40), "settings.back")
        list_top = top + 54
        bottom = h - 20
        if self.problems:
            text = (
                tr("history.skipped", count=len(self.problems))
                + "<br>"
                + "<br>".join(html.escape(skipped_reason(p)) for p in self.problems)
            )
            box_h = min(150, 50 + 30 * (len(self.problems) + 1))
            self.problem_box = pygame_gui.elements.UITextBox(
                text, pygame.Rect(20, h - 20 - box_h, w - 40, box_h), gui, container=c
            )
            bottom -= box_h + 10
        else:
            self.problem_box = None
        rect = pygame.Rect(20, list_top, w - 40, bottom - list_top)
        if self.entries:
            items = [(entry_line(e), f"#{i}") for i, e in enumerate(self.entries)]
            self.list: pygame_gui.elements.UISelectionList | None = pygame_gui.elements.UISelectionList(
                rect, items, gui, container=c
            )
            self.empty = None
        else:
            self.list = None
            self.empty = pygame_gui.elements.UITextBox(
                tr("history.empty"), pygame.Rect(20, list_top, w - 40, 90), gui, container=c
            )

    def open(self, index: int) -> None:
        self.app.stack.push(RecordScene(self.app, self.entries[index]))

    def process_event(self, event):
        if event.type == pygame_gui.UI_SELECTION_LIST_NEW_SELECTION and event.ui_element is self.list:
            picked = self.list.get_single_selection(include_object_id=True)
            if picked:
                self.open(int(picked[1].split("#")[-1]))
            return None
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.back:
                self.app.stack.pop()
                return None
            if event.ui_element is self.stats:
                self.app.stack.push(self.app.scene("stats", self.folder))
                return None
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and event.ui_element is self.filter:
            self.show(self.filter.selected_option[1])
            return None
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.stack.pop()
            return None
        return event

    def show(self, preset: str) -> None:
        """List one preset's games ("all": every game)."""
        self.preset = None if preset == "all" else preset
        self.refresh()
        self.build()

    @property
    def animating(self) -> bool:
        return False  # a quiet screen: drawn on input or when something falls due (`due_in`)

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(BACKGROUND)


# ---------------------------------------------------------------------------------- one record


class _Stopped(Exception):
    """The review was left before it finished (the screen closed)."""


def seat_name(item: Entry, seat: int) -> str:
    """A seat as the record's plates named it: "You" for the person, else its name (or number)."""
    if seat == item.me:
        return tr("history.you")
    name = clean(item.names[seat], NAME) if seat < len(item.names) else ""  # a record is a file: cleaned
    return name or tr("history.seat", number=seat + 1)


def round_lines(events: Sequence[Event], item: Entry) -> list[str]:
    """One line per round of the record: how it ended, who won, the person's score change (where a
    preset keeps a standing other than points, the person's standing after it: "lap 0 · deal 6").
    `game` may be the events themselves (a view-only record's, game.seen: the ends as they were shown)."""
    me = item.me
    lines = []
    earlier = item.since_rounds  # rounds of the matches before this record's (a New match's record)
    for event in events:
        if not isinstance(event, RoundEnded):
            continue
        if earlier:
            earlier -= 1
            continue
        result = event.result
        ending = tr(f"results.ending.{result.ending.value}")
        winners = ", ".join(seat_name(item, s) for s in result.winners) or "-"
        line = tr("history.round", number=len(lines) + 1, ending=ending, winners=winners)
        standing = event.standings[me] if me is not None and event.standings else None
        if standing is not None and standing.parts[0][0] != "points":  # jda, kabu: in their own terms
            line += "   " + tr("history.result", delta=score_text(standing))
        elif me is not None:
            line += "   " + tr("history.result", delta=f"{result.deltas[me]:+d}")
        lines.append(line)
    return lines


def deal_of(path: str | Path, round_index: int, seats: list[str], names: list[str]) -> Scenario:
    """The deal of a record's round (1-based), as a scenario: the position at that round's first
    turn, before anyone acted. ScenarioError if the record has no such round or does not replay."""
    try:
        _header, game, actions = read_log(path)
    except LogError as exc:
        raise ScenarioError(str(exc)) from None
    seen: list[tuple[int, int]] = []
    for action in [*actions, None]:
        if game.phase in (Phase.TURN, Phase.OPENING, Phase.REACTION):
            here = (game.match_no, game.round_no)
            if here not in seen:
                seen.append(here)
                if len(seen) == round_index:
                    return from_game(game, names, seats)
        if action is None:
            break
        try:
            game.apply(action)
        except Exception as exc:  # a record that no longer replays: said, never raised further
            raise ScenarioError(f"{Path(path).name}: {exc}") from None
    raise ScenarioError(f"{Path(path).name} has no round {round_index}")


def review_rows(review: dict[str, Any]) -> list[str]:
    """A saved review (game.review's JSON) as the lines the screen lists, worst first."""
    better = review.get("higher_is_better", True)
    decisions = {d.get("step"): d for d in review.get("decisions", []) if isinstance(d, dict)}
    rows = [
        tr(
            "history.review_head",
            count=len(decisions),
            agreed=sum(1 for d in decisions.values() if d.get("agreed")),
            sense=tr("history.more_better" if better else "history.fewer_better"),
        )
    ]
    worst = [decisions[s] for s in review.get("worst", []) if s in decisions]
    if not worst:
        rows.append(tr("history.review_clean"))
    rows += [decision_row(d, review.get("preset")) for d in worst]
    listed = {d.get("step") for d in worst}
    differed = [d for d in decisions.values() if not d.get("agreed") and d.get("step") not in listed]
    differed.sort(key=lambda d: -float(d.get("loss", 0)))
    if differed:
        rows.append(tr("history.review_noise"))
        rows += [decision_row(d, review.get("preset")) for d in differed[:REVIEW_TOP]]
    return rows


def decision_row(d: dict[str, Any], preset: str | None = None) -> str:
    """One decision of a saved review: where (in the preset's units), what kind, both choices, the
    loss, and its marks."""
    notes = []
    if d.get("missed_dobon"):
        notes.append(tr("history.missed_dobon"))
    if d.get("let_call"):
        notes.append(tr("history.let_call", seats=", ".join(str(s + 1) for s in d["let_call"])))
    return tr(
        "history.review_row",
        where=round_words(d, preset),
        kind=word("kind", str(d.get("kind", ""))),
        yours=choice_text(d.get("chosen", {})),
        hard=choice_text(d.get("suggested", {})),
        loss=f"{d.get('loss', 0):+.1f}",
        se=f"{d.get('loss_se', 0):.1f}",
    ) + ("   " + " · ".join(notes) if notes else "")


class RecordScene(Scene):
    """One kept game: its rounds, a review of the person's play, and a new game from a round's deal."""

    layer = 6
    review_work = WORK  # simulated actions per decision (tests lower it)

    @property
    def own_keys(self) -> frozenset[int]:  # type: ignore[override]
        """Up and Down go through the review's lines once it has some (Enter opens the one picked
        until the focus ring is moved onto a button)."""
        return frozenset({pygame.K_UP, pygame.K_DOWN}) if getattr(self, "entries", None) else frozenset()

    def extra_focus_stops(self) -> list:
        """The review's lines are a stop of the focus ring (Tab reaches them; Up, Down and Enter there
        are this screen's), once there are lines to go through."""
        listed = getattr(self, "review_list", None)
        return [listed] if listed is not None and getattr(self, "entries", None) else []

    def __init__(self, app, item: Entry):
        super().__init__(app)
        self.item = item
        self.error: str | None = None
        self.rounds: list[str] = []
        try:
            if item.seen:  # a LAN match whose host vanished: what this seat was shown (game.seen)
                self.rounds = round_lines(seen.load(item.path).rounds_ended, item)
            else:
                _entry, game = history.load(item.path)
                self.rounds = round_lines(game.events, item)
        except RecordError as exc:
            self.error = exc.problem  # said in the screen's language (skipped_reason)
        saved = item.reviews.get(str(item.me)) if item.me is not None else None
        self.review: dict[str, Any] | None = saved if isinstance(saved, dict) else None
        self.review_note: str | None = None  # why there is no review to show (it failed, or is unreadable)
        self.worker: ThreadPoolExecutor | None = None
        self.job: Future | None = None
        self.progress = (0, 0)  # decisions reviewed, decisions in all (written by the worker)
        self.stopping = False
        self.round_index = 1 + item.since_rounds  # the game's round: this record's first
        self.level = "same"
        self.entries: list[Listed] | None = None  # the review's decisions as listed (review_listing)
        self.review_head: list[str] = []
        self.review_pick = 0  # the decision the keyboard points at
        self.follow_pick = False

    # ------------------------------------------------------------------ widgets

    def widgets(self) -> None:
        w, h = self.app.size
        gui, c = self.app.gui, self.container
        item = self.item
        head = entry_line(item, notes=False)
        self.head = pygame_gui.elements.UITextBox(
            html.escape(head), pygame.Rect(20, 12, w - 190, 80), gui, container=c
        )  # two lines without a scroll bar: the line wraps on a narrow window
        self.back = _button(self, pygame.Rect(w - 150, 16, 130, 40), "settings.back")
        left_w = int(w * 0.42)
        top = 100
        rows = self.rounds or [skipped_reason(self.error) if self.error else tr("history.no_rounds")]
        self.round_list = pygame_gui.elements.UISelectionList(
            pygame.Rect(20, top, left_w, h - top - 222),
            [(r, f"#{i}") for i, r in enumerate(rows)],
            gui,
            container=c,
        )
        y = h - 166
        self.replay = _button(self, pygame.Rect(20, y - 52, left_w, 44), "history.replay")
        self.review_button = _button(self, pygame.Rect(20, y, left_w, 44), "history.review")
        self.again = _button(
            self,
            pygame.Rect(20, y + 52, left_w, 44),
            units(self.item.preset).again_label,
            number=self.round_index - self.item.since_rounds,
        )
        levels = ["same", *SEATS]
        self.level_menu = pygame_gui.elements.UIDropDownMenu(
            [(self._level_label(lv), lv) for lv in levels],
            (self._level_label(self.level), self.level),
            pygame.Rect(20, y + 104, left_w, 40),
            gui,
            container=c,
        )
        if self.item.me is None or self.error or self.job is not None or item.seen:
            self.review_button.disable()  # a view-only record has no log to review
        if self.error or item.seen:
            self.again.disable()  # ... nor a deal to play again (it was never shown whole)
            self.level_menu.disable()  # (the levels are for that new game)
        if self.error:
            self.replay.disable()
        right = pygame.Rect(40 + left_w, top, w - 60 - left_w, h - top - 20)
        self.progress_rect = pygame.Rect(right.x, right.y, right.width, 30)
        list_top = right.y + (44 if self.job is not None else 0)
        self.entries = self.review_entries()
        rows = self.review_lines() if self.entries is None else []
        if self.entries is not None:
            self.review_list = LinkTextBox(  # every line of a wrapped link clickable
                self,
                self.review_html(),
                pygame.Rect(right.x, list_top, right.width, right.bottom - list_top),
                gui,
                container=c,
            )
            if self.follow_pick:
                self._show_pick()
        elif rows:
            head, *rows = rows
            self.review_list: pygame_gui.elements.UITextBox | None = pygame_gui.elements.UITextBox(
                "<br><br>".join([f"<i>{html.escape(head)}</i>", *(html.escape(r) for r in rows)]),
                pygame.Rect(right.x, list_top, right.width, right.bottom - list_top),
                gui,
                container=c,
            )
        elif self.job is not None:
            self.review_list = None  # the bar says what is happening
        else:
            note = (
                self.review_note
                or (skipped_reason(self.error) if self.error else None)
                or (tr("history.seen_note") if item.seen else None)
                or (tr("history.review_none") if self.item.me is not None else tr("history.no_me"))
            )
            self.review_list = pygame_gui.elements.UITextBox(  # the whole column: never cut mid-line
                html.escape(note),
                pygame.Rect(right.x, list_top, right.width, right.bottom - list_top),
                gui,
                container=c,
            )

    # ------------------------------------------------------------------ the review's lines

    def review_entries(self) -> list[Listed] | None:
        """The saved review's decisions as listed (review_listing), or None where there is no review or
        it was saved by an older version (its older rows are shown instead)."""
        if self.review is None:
            return None
        try:
            found = review_listing.entries(self.review)
        except (TypeError, ValueError, AttributeError, KeyError):
            found = None
        if found is None:
            return None
        self.review_head, listed = found
        self.review_pick = min(self.review_pick, max(0, len(listed) - 1))
        return listed

    def review_html(self) -> str:
        """Heading, summary and hint, then each decision as a link: its moment on one line, its grade,
        choices and loss on the next (a link too, to the same moment). The picked one (keyboard) is
        marked."""
        head = [f"<i>{html.escape(self.review_head[0])}</i>", html.escape(self.review_head[1])]
        if not self.entries:
            return "<br><br>".join([*head, html.escape(tr("review.clean"))])
        head.append(f"<i>{html.escape(tr('review.hint'))}</i>")
        rows = []
        for i, e in enumerate(self.entries):
            mark = "▶ " if i == self.review_pick else ""
            link = f"<a href='step:{e.step}'>"  # both lines: a click on the grade's line opens it too
            rows.append(f"{link}{mark}{html.escape(e.moment)}</a><br>{link}{html.escape(e.line)}</a>")
        return "<br><br>".join([*head, *rows])

    def _show_pick(self) -> None:
        """Scroll the list so the picked decision is in view (roughly: by its share of the rows)."""
        bar = self.review_list.scroll_bar if self.review_list is not None else None
        if bar is None or not self.entries:
            return
        share = (self.review_pick + 1) / (len(self.entries) + 1)
        bar.set_scroll_from_start_percentage(max(0.0, min(1.0 - bar.visible_percentage, share - 0.2)))

    def open_decision(self, step: int) -> None:
        """The replay at that decision's moment, asking what the person would do there."""
        from .review_trial import Trial

        found = review_listing.decision(self.review or {}, step)
        if found is None or self.item.me is None:
            return
        trial = Trial(self.review or {}, found, self.item.me)
        self.app.stack.push(self.app.scene("replay", self.item.path, trial=trial))

    def review_lines(self) -> list[str]:
        """The saved review as lines; a review the file holds in a shape not understood is said."""
        if self.review is None:
            return []
        try:
            head, *rows = review_rows(self.review)
            return [head, tr("review.older"), *rows]  # no moments: it cannot open the replay there
        except (TypeError, ValueError, AttributeError, KeyError):
            self.review = None
            self.review_note = tr("history.review_unreadable")
            return []

    def _level_label(self, level: str) -> str:
        return tr("history.same_levels") if level == "same" else tr(f"level.{level}")

    # ------------------------------------------------------------------ the review

    def start_review(self) -> None:
        """Review the person's seat on a worker thread; the bar follows its progress."""
        if self.job is not None or self.item.me is None:
            return
        self.worker = ThreadPoolExecutor(max_workers=1, thread_name_prefix="review")
        self.progress = (0, 0)
        path, seat, work = self.item.path, self.item.me, self.review_work

        def progress(done: int, total: int) -> None:
            if self.stopping:
                raise _Stopped
            self.progress = (done, total)

        def run() -> dict[str, Any]:
            found: Review = review_file(path, seat, work=work, progress=progress)
            data = found.to_json(REVIEW_TOP)
            history.save_review(path, seat, data)  # kept with the log
            return data

        self.job = self.worker.submit(run)
        self.review = None
        self.build()

    def update(self, dt: float) -> None:
        job = self.job
        if job is None or not job.done():
            return
        self.job = None
        if self.worker is not None:
            self.worker.shutdown(wait=False)
            self.worker = None
        try:
            self.review = job.result()
        except (ReviewError, RecordError, IllegalAction, OSError) as exc:
            self.review_note = tr("history.review_failed", reason=str(exc))
        self.build()
        self.animate_for(0.3)  # a few frames more: new widgets are drawn after a gui update

    # ------------------------------------------------------------------ this deal again

    def play_again(self) -> None:
        """A new solo game from the chosen round's deal, the person at their seat and the AI seats at
        their levels (or the level picked)."""
        from ..table.setup import GameSetup
        from .match_notes import saved_match, saved_match_question

        item = self.item
        me = item.me if item.me is not None else 0
        seats = [HUMAN if i == me else self._level_for(s) for i, s in enumerate(item.seats)]
        names = (
            [n if i != me else "" for i, n in enumerate(item.names)]
            if len(item.names) == item.players
            else []
        )
        try:
            scenario = deal_of(item.path, self.round_index, seats, names)
            parse(scenario.to_json()).game()  # the table will open on it: make sure it does
        except ScenarioError as exc:
            self.review_note = str(exc)
            self.build()
            return
        setup = GameSetup.of_scenario(scenario)

        def start() -> None:
            self.app.stack.clear_to(_title(self.app))
            self.app.stack.push(self.app.scene("table", setup))

        saved = saved_match(self.app)
        if saved is None:
            start()
            return
        question = saved_match_question(saved)
        self.app.stack.push(self.app.scene("confirm", question, "new.replace", "new.keep", start))

    def _level_for(self, level: str) -> str:
        if self.level != "same":
            return self.level
        return level if level in SEATS else "normal"  # a person's seat at a LAN table: an AI now

    # ------------------------------------------------------------------ events

    def _owns(self, element: object) -> bool:
        """A review list of this screen: the one shown, or one it has built again since the click."""
        return isinstance(element, LinkTextBox) and element.owner is self

    def process_event(self, event):
        if event.type == pygame_gui.UI_TEXT_BOX_LINK_CLICKED and self._owns(event.ui_element):
            target = str(event.link_target)
            if target.startswith("step:") and target[5:].isdigit():
                self.open_decision(int(target[5:]))
            return None
        if event.type == pygame.KEYDOWN and self.entries and event.key in (pygame.K_UP, pygame.K_DOWN):
            step = 1 if event.key == pygame.K_DOWN else -1
            self.review_pick = (self.review_pick + step) % len(self.entries)
            self.follow_pick = True  # the list scrolls to keep the picked line in view
            self.build()
            return None
        if (
            event.type == pygame.KEYDOWN
            and self.entries
            and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER)
        ):
            self.open_decision(self.entries[self.review_pick].step)
            return None
        if event.type == pygame_gui.UI_SELECTION_LIST_NEW_SELECTION and event.ui_element is self.round_list:
            picked = self.round_list.get_single_selection(include_object_id=True)
            if picked and self.rounds:
                shown = int(picked[1].split("#")[-1]) + 1  # as the list numbers it, from this record's first
                self.round_index = shown + self.item.since_rounds  # the game's round (a New match's record)
                self.again.set_text(tr(units(self.item.preset).again_label, number=shown))
            return None
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and event.ui_element is self.level_menu:
            self.level = self.level_menu.selected_option[1]
            return None
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.back:
                self.app.stack.pop()
            elif event.ui_element is self.review_button:
                self.start_review()
            elif event.ui_element is self.again:
                self.play_again()
            elif event.ui_element is self.replay:
                self.app.stack.push(self.app.scene("replay", self.item.path))
            return None
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.stack.pop()
            return None
        return event

    def exit(self) -> None:
        self.stopping = True  # a review still running stops at its next decision
        if self.worker is not None:
            self.worker.shutdown(wait=False, cancel_futures=True)
        super().exit()

    @property
    def animating(self) -> bool:
        return self.job is not None  # the bar moves while the review runs

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(BACKGROUND)
        if self.job is None or self.container is None:
            return
        done, total = self.progress
        bar = self.progress_rect
        pygame.draw.rect(surface, (24, 40, 32), bar, border_radius=6)
        if total:
            filled = bar.copy()
            filled.width = max(8, int(bar.width * done / total))
            pygame.draw.rect(surface, (214, 176, 64), filled, border_radius=6)
        label = _label(tr("history.reviewing", done=done, total=total or "…"), max(14, bar.height - 12))
        surface.blit(label, label.get_rect(center=bar.center))


def _label(text: str, size: int) -> pygame.Surface:
    return render(_font(size), text, (245, 245, 240))


@lru_cache(maxsize=4)
def _font(size: int) -> pygame.font.Font:
    from ..card_art import font_path

    return pygame.font.Font(font_path(True), size)


def _title(app) -> Scene:
    return app.scene("title")
