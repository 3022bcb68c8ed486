"""The replay viewer: a kept game (or any action log) shown on the table itself, one action at a time.

The board (ui/table/board.py) draws it from the game's events exactly as at the table; a `ReplaySource`
(ui/table/replaying.py, the replay adapter) stands where the table's host would, holding the replayed
game. Stepping forward applies the next
action and animates its events; anything else (a step back, a jump, the slider) replays the log from
its start to that point and shows the table as it stands there, the way a resumed match opens.

The viewer shows the person's own seat (the record's `me`) by default, or every hand: a finished game
holds no secrets from the one who kept it.

Opened from a review's line (`trial`), it stands at that decision's moment and a panel beside the table
asks what the person would do there (ui/scenes/review_trial.py); the controls wait until they answer.

A view-only record (game.seen: a LAN match whose host vanished before the end) holds no actions, only
the updates its seat was shown: the viewer then steps through those (a `SeenSource`), each update's
events animated as they were at the table, a jump or a step back showing the view as it stood; there is
no other hand to show.
"""

from __future__ import annotations

from pathlib import Path

import pygame
import pygame_gui

from game.headless import seat_names
from game.history import MAX_NAME
from game.view import SeatView

from ..scene import Scene
from ..table.board import Board
from ..table.replaying import SeenReplay, replay_of
from ..text import key, tr
from .review_trial import Trial, TrialPanel, panel_width

BAR = 104  # the control strip under the table: two rows of buttons
STEP_SECONDS = 0.7  # while playing, a pause between actions once the board is still


def show_as_it_stands(board: Board, view: SeatView) -> None:
    """Set the board's indicators from the view, as a resumed table does (nothing is animated)."""
    shown = board.shown
    shown.turn, shown.direction, shown.field_suit = view.turn, view.direction, view.field_suit
    shown.chain_links, shown.chain_cards = view.chain_links, view.chain_cards
    shown.revealed = dict(view.revealed)
    shown.scores, shown.standings = view.scores, view.standings
    if view.window is not None:
        shown.window = (view.window.placer, 0.0)
        shown.window_pile = board.window_pile(view.window.cards[-1])
    flags = view.extra.get("last_one", ())
    shown.last_one = {seat for seat, on in enumerate(flags) if on}


class ReplayScene(Scene):
    """Step through a log: forward and back one action, jump to the next play, dobon or round's end,
    play and pause, a slider over the whole log, and the person's own view or every hand."""

    layer = 6

    @property
    def own_keys(self) -> frozenset[int]:  # type: ignore[override]
        """Left, Right and Space step and play the replay; Up and Down pick a choice while the trial
        panel asks (Enter answers there until the focus ring is moved onto a button)."""
        keys = {pygame.K_LEFT, pygame.K_RIGHT, pygame.K_SPACE}
        if self.trial is not None and self.trial.asking:
            keys |= {pygame.K_UP, pygame.K_DOWN}
        return frozenset(keys)

    def __init__(self, app, path: str | Path, viewer: int | None = None, trial: Trial | None = None):
        """`path` must be a log that replays (main.py and the History screen check it first); with
        `trial`, the replay opens at that reviewed decision and asks what the person would do."""
        super().__init__(app)
        self.path = Path(path)
        self.log = replay_of(path)  # the replay adapter: it runs the engine, this screen shows it
        self.seen = isinstance(self.log, SeenReplay)  # a view-only record: its updates for actions
        header, players = self.log.header, self.log.players
        meta = header.get("history") if isinstance(header.get("history"), dict) else {}
        me = meta.get("me")
        self.viewer = (
            viewer if viewer is not None else (me if isinstance(me, int) and 0 <= me < players else 0)
        )
        names = meta.get("names") if isinstance(meta.get("names"), list) else []
        plates = seat_names(header.get("ai") or ["?"], players)
        self.names = [  # a record's names, each cut as the History screen cuts it
            (names[i][:MAX_NAME] if i < len(names) and isinstance(names[i], str) and names[i] else plates[i])
            if i != me
            else tr("table.you")
            for i in range(players)
        ]
        self.every_hand = False
        self.playing = False
        self.pause_left = 0.0
        self.position = 0
        self.trial: TrialPanel | None = None
        if trial is not None:
            self.viewer = trial.seat
            self.trial = TrialPanel(trial, self.log)
        self.seek(trial.step if trial is not None else 0)

    # ------------------------------------------------------------------ moving through the log

    @property
    def actions(self) -> list:
        """The log's actions, as the replay adapter last read them (a view-only record's updates)."""
        return self.log.actions

    @property
    def length(self) -> int:
        return len(self.actions)

    @property
    def first(self) -> int:
        """Where positions start: before the first action, or at a view-only record's first update."""
        return self.log.first

    def seek(self, position: int) -> None:
        """Show the table as it stands after `position` actions (replayed from the start)."""
        position = max(self.first, min(position, len(self.actions)))
        self.source = self.log.at(position, self.viewer)
        self.position = position
        self.board = Board(
            self.source,
            self.viewer,
            self.names,
            lambda: self.app.settings.animation_speed,
            lambda: self.app.settings.reduced_motion,
        )
        self.board.on_sound = self.app.sounds.play
        self.board.watching = self.source.viewer >= self.source.view.players  # (a watcher kept it)
        self.board.set_size(*self.table_size)
        show_as_it_stands(self.board, self.source.view)
        self._reveal()
        self._sync_slider()

    def step(self) -> bool:
        """Apply the next action and animate what it did; False at the log's end."""
        if self.position >= self.length:
            return False
        self.board.finish_all()  # a step taken while the last one still flies lands it first
        self.source.step()
        self.position += 1
        self.board.feed(self.source.poll())
        self._sync_slider()
        return True

    def back(self) -> None:
        self.seek(self.position - 1)

    def jump(self, target: str) -> None:
        """To the next play ("play"), dobon ("dobon") or round's end ("round"): the table just before
        it, then that action animated."""
        index = self.log.next_stop(self.position, target)
        if index is not None:
            self.seek(index)
            self.step()
            return
        self.seek(len(self.actions))  # none left: the end of the log

    def _reveal(self) -> None:
        """Every hand face up (when chosen), the viewer's own excepted: it is drawn as the hand."""
        view = self.source.view
        if self.every_hand:
            hands = self.source.hands
            self.board.shown.revealed = {s: tuple(h) for s, h in enumerate(hands) if s != self.viewer and h}
        else:
            self.board.shown.revealed = dict(view.revealed)

    # ------------------------------------------------------------------ widgets

    @property
    def table_size(self) -> tuple[int, int]:
        w, h = self.app.size
        return w - (panel_width(w) if self.trial is not None else 0), h - BAR

    def widgets(self) -> None:
        w, h = self.app.size
        gui, c = self.app.gui, self.container
        y1, y2 = h - BAR + 8, h - BAR + 56
        small = 90
        self.buttons: dict[str, pygame_gui.elements.UIButton] = {}
        row1 = [("back", small), ("forward", small), ("play", 130)]
        x = 12
        for name, width in row1:
            label = "replay.pause" if name == "play" and self.playing else f"replay.{name}"
            self.buttons[name] = pygame_gui.elements.UIButton(
                pygame.Rect(x, y1, width, 40), key(label), gui, container=c
            )
            x += width + 8
        self.slider = pygame_gui.elements.UIHorizontalSlider(
            pygame.Rect(x, y1 + 4, w - x - 120, 32),
            self.position,
            (self.first, max(self.first + 1, self.length)),
            gui,
            container=c,
        )
        self.where = pygame.Rect(w - 110, y1, 100, 40)
        row2 = [
            "next_play",
            "next_dobon",
            "round_end",
            "every_hand" if not self.every_hand else "own_view",
            "close",
        ]
        width = (w - 24 - 8 * (len(row2) - 1)) // len(row2)
        for i, name in enumerate(row2):
            self.buttons[name] = pygame_gui.elements.UIButton(
                pygame.Rect(12 + i * (width + 8), y2, width, 40), key(f"replay.{name}"), gui, container=c
            )
        if self.seen:  # only this seat's view was ever shown: there is no other hand
            self.buttons["every_hand" if not self.every_hand else "own_view"].disable()
        if self.trial is not None:
            table_w = self.table_size[0]
            self.trial.widgets(pygame.Rect(table_w + 8, 8, w - table_w - 16, h - BAR - 16), gui, c)
            if self.trial.asking:  # the moment stays put until the question is answered
                for name, widget in self.buttons.items():
                    if name != "close":
                        widget.disable()
                self.slider.disable()

    def _sync_slider(self) -> None:
        slider = getattr(self, "slider", None)
        if slider is not None and self.container is not None and slider.get_current_value() != self.position:
            slider.set_current_value(self.position)

    def resize(self) -> None:
        super().resize()
        self.board.set_size(*self.table_size)

    # ------------------------------------------------------------------ events

    def process_event(self, event):
        if self.trial is not None and self.trial.process_event(event):
            self.build()
            return None
        if (
            self.trial is not None
            and event.type == pygame.MOUSEBUTTONUP
            and event.button == 1
            and self.trial.pick_at_table(*self._at_table(event.pos))
        ):
            self.build()
            return None
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            self.press(next((n for n, b in self.buttons.items() if b is event.ui_element), ""))
            return None
        if event.type == pygame_gui.UI_HORIZONTAL_SLIDER_MOVED and event.ui_element is self.slider:
            value = round(self.slider.get_current_value())
            if value != self.position:
                self.playing = False
                self.seek(value)
            return None
        if event.type == pygame.KEYDOWN:
            keys = {
                pygame.K_RIGHT: "forward",
                pygame.K_LEFT: "back",
                pygame.K_SPACE: "play",
                pygame.K_ESCAPE: "close",
            }
            if event.key in keys:
                self.press(keys[event.key])
                return None
        return event

    def _at_table(self, pos: tuple[int, int]) -> tuple[int | None, bool]:
        """What of the person's own was clicked on the table: a card of the hand (its id), or the stock
        (True)."""
        if self.board.layout is None or pos[0] >= self.table_size[0]:
            return None, False
        hit = next(
            (card for rect, card in reversed(self.board.own_card_rects()) if rect.collidepoint(pos)), None
        )
        if hit is not None:
            return hit.id, False
        return None, self.board.stock_rect().collidepoint(pos)

    def press(self, name: str) -> None:
        if name == "close":
            self.app.stack.pop()
            return
        if name in ("forward", "back", "next_play", "next_dobon", "round_end"):
            self.playing = False
        if name == "forward":
            self.step()
        elif name == "back":
            self.back()
        elif name == "next_play":
            self.jump("play")
        elif name == "next_dobon":
            self.jump("dobon")
        elif name == "round_end":
            self.jump("round")
        elif name == "play":
            self.playing = not self.playing and self.position < self.length
            self.pause_left = 0.0
        elif name in ("every_hand", "own_view"):
            self.every_hand = not self.every_hand
            self._reveal()
        else:
            return
        self.build()

    # ------------------------------------------------------------------ loop

    def update(self, dt: float) -> None:
        if self.trial is not None and self.trial.update():
            self.build()
            self.animate_for(0.3)  # a few frames more: new widgets are drawn after a gui update
        self.board.set_size(*self.table_size)
        self.board.update(dt)
        if self.board.busy:
            return
        if self.every_hand:
            self._reveal()
        if self.playing:
            self.pause_left -= dt
            if self.pause_left <= 0:
                self.pause_left = STEP_SECONDS
                if not self.step():
                    self.playing = False
                    self.build()

    @property
    def animating(self) -> bool:
        thinking = self.trial is not None and self.trial.job is not None
        return self.playing or thinking or not self.board.still

    def exit(self) -> None:
        if self.trial is not None:
            self.trial.stop()
        super().exit()

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        table_w = self.table_size[0]
        table = surface.subsurface(pygame.Rect(0, 0, table_w, h - BAR))
        self.board.draw(table)
        if table_w < w:
            pygame.draw.rect(surface, (16, 62, 44), (table_w, 0, w - table_w, h - BAR))
        pygame.draw.rect(surface, (12, 40, 30), (0, h - BAR, w, BAR))
        label = self.board.text(f"{self.position} / {self.length}", 16, (230, 235, 230), True)
        surface.blit(label, label.get_rect(center=self.where.center))
