"""The table scene: one game in progress, seen from the person's seat.

It reads a table source (ui/table/source.py): the seat's view and the events addressed to it, from an
in-process host for a game on this computer or from the LAN host. It turns clicks and keys into
actions, and shows refusals, the suit picker, the bid dialog and the Dobon button. The board
(ui/table/board.py) animates the events; this scene lets the clock run only while the board is idle.
"""

from __future__ import annotations

import math
from concurrent.futures import ThreadPoolExecutor
from typing import TYPE_CHECKING

import pygame
import pygame_gui

from game.actions import Action, Kind, is_call
from game.cards import Card, Suit, deck
from game.phase import Phase
from game.realtime import Timing
from game.seats import make_seat

from .. import sizes
from ..refusals import refusal_text, wants_suit
from ..scene import Scene
from ..settings import HelpLevel, clear_match, save_match, save_scenario
from ..table import coach_view
from ..table.board import Board
from ..table.layout import DOBON_GLOW, DOBON_PULSE, seats_that_fit
from ..table.remote import RemoteTable
from ..table.setup import GameSetup, Match, deal_scenario, save_data
from ..table.source import LocalHost, TableClient
from ..text import Said, key, tr
from ..theme import GOLD, RED, SUIT_COLOURS, WHITE

if TYPE_CHECKING:
    from ..learn.guide import Guide

# a person shown away because they stopped acting takes their seat back from the AI by any of these
BACK_EVENTS = (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN)
TICK_LATE_S = 0.005  # a resting table wakes this long after a clock's whole second


def distinct_choices(options: list[Action]) -> list[Action]:
    """The suit choices worth offering: leaving the suit undeclared keeps the card's own suit, so it is
    dropped where declaring that suit is offered too (one ♦ button, not "♦" and "♦ own suit")."""
    declared = {a.suit for a in options if a.suit is not None}
    return [a for a in options if a.suit is not None or a.card.suit not in declared]


class TableScene(Scene):
    keyboard_focus = False  # the table has its own keys for every move (arrows, Enter, Space, D, Esc)

    def __init__(
        self,
        app,
        setup: GameSetup,
        game: Match | None = None,
        demo: bool = False,
        remote: RemoteTable | None = None,
        match_elapsed_ms: float = 0.0,
        guide: Guide | None = None,
    ):
        super().__init__(app)
        # a lesson's guide (ui/learn): asked before the person's actions, it holds the clock while
        # the lesson waits on them, and its AI seats follow the lesson's script
        self.guide = guide
        self.plate_tip: int | None = None  # the seat whose name plate the pointer is on: its units said
        self.tip_rect: pygame.Rect | None = None  # where that was said, as last drawn
        self.setup = setup.complete()
        self.demo = demo
        # a LAN table's session, for the scenes about the LAN (the menu's Leave, a rematch's lobby);
        # this scene itself asks only its source
        self.remote = remote
        self.viewer = self.setup.viewer if not demo else 0
        self.humans = set() if demo else {i for i, s in enumerate(self.setup.seats) if s.kind == "human"}
        # AI seats think on a worker thread (they only hold immutable views), so frames never wait
        self.thinker = ThreadPoolExecutor(max_workers=1, thread_name_prefix="ai")
        # where the table gets what it shows: the LAN host's updates, or the same host's in this process
        self.source: TableClient = (
            remote if remote is not None else self._local_host(game, guide, match_elapsed_ms)
        )
        # keeps each finished round in the history (a LAN host keeps its own; a guest has no full log)
        # (a lesson is no game of the history's)
        keeps = self.source.game is not None and not demo and guide is None
        self.recorder = self.setup.recorder() if keeps else None
        names = [s.name or Said("table.you") for s in self.setup.seats]
        self.board = Board(
            self.source,
            self.viewer,
            names,
            lambda: self.app.settings.animation_speed,
            lambda: self.app.settings.reduced_motion,
        )
        self.board.on_sound = self.app.sounds.play
        self.board.viewer_plays = self.viewer in self.humans
        self.board.watching = self.watching
        self.clock_ms = 0.0
        # the open window and when this table first saw it, by the clock the host's deadlines use
        self.window_seen: tuple[tuple, float] | None = None
        self.moved_ms = 0.0  # when the table last changed, by that clock (a turn's time limit counts from it)
        self.toast: tuple[str, float, tuple[int, int, int]] | None = None
        self.picker: list[Action] | None = None  # suit choices waiting for the person
        self.bid_amount = 1
        self.bid_typed: str | None = None  # digits typed into the bid box, if any
        self.last_one_armed = False
        self.pick_order: list[int] = []  # card ids in the order they were picked (the last goes on top)
        # the round whose result screen the person has been shown; None: show it when the round ends
        # (a match resumed at a round's end shows that round's result again, with its Next button)
        self.result_shown: tuple[int, int] | None = None
        self.left_match = False  # the person left the finished match: its save goes
        self.buttons: dict[str, pygame.Rect] = {}
        self.lit: set[str] = set()  # the buttons drawn lit in the last frame
        self.paused = False
        self.coach = coach_view.CoachDesk()  # practice help "coach": dangers, the risky question, hints
        # a LAN table hands its session on (to the table built around a late guest's seat, to the
        # lobby of a rematch) instead of closing it when it goes
        self.hands_on = False
        if game is None:  # a new game, or a LAN table that just started: show it from its deal
            self.board.feed(self.source.poll())
            if self.source.waiting:  # a late guest watches until its seat is dealt
                self.say(tr("lan.late_watch"), seconds=10.0)
        else:  # a match resumed: the table as it stands, from the view
            self.board.set_size(*self.app.size)
            view = self.source.view
            self.board.shown = self.board.shown_from_view()
            resumed = self.board.preset_ui.log_resumed
            self.board.log.append(self.board.said(resumed, round=view.round_no, match=view.match_no))

    def _local_host(self, game: Match | None, guide: Guide | None, match_elapsed_ms: float) -> LocalHost:
        """A game on this computer: the table host in this process, AI seats thinking on `thinker`."""
        ai = {
            i: guide.seat(i) if guide is not None else make_seat(s.level, self.setup.seed, i)
            for i, s in enumerate(self.setup.seats)
            if i not in self.humans
        }
        return LocalHost(
            game if game is not None else self.setup.new_game(),
            ai,
            self._timing(),
            self.viewer,
            self.thinker,
            fresh=game is None,
            match_elapsed_ms=match_elapsed_ms,
        )

    def _timing(self) -> Timing:
        s = self.app.settings
        return Timing(turn_ms=s.ai_turn_ms, dobon_ms=s.ai_dobon_ms, window_ms=s.reaction_ms)

    # ------------------------------------------------------------------ widgets

    def widgets(self) -> None:
        w, h = self.app.size
        self.board.set_size(w, h)
        big = sizes.button_id(h)  # larger type on a large window (the layout makes the buttons larger)
        self.menu_button = pygame_gui.elements.UIButton(
            pygame.Rect(self.board.layout.menu_rect(0)),
            key("table.menu"),
            self.app.gui,
            container=self.container,
            object_id=big,
        )
        self.help_box = pygame_gui.elements.UIButton(
            pygame.Rect(self.board.layout.menu_rect(1)),
            key(f"coach.level_{self._help_level().value}"),
            self.app.gui,
            container=self.container,
            object_id=big,
        )
        if self.watching:
            self.help_box.hide()  # practice help is about your own hand: a watcher has none
        # while the host cannot be reached, a guest may leave at once (keeping what it was shown)
        mx, my, mw, mh = self.board.layout.menu_rect(0)
        self.leave_button = pygame_gui.elements.UIButton(
            pygame.Rect(mx - mw - 12, my, mw, mh),
            key("lan.leave_now"),
            self.app.gui,
            container=self.container,
        )
        if self.source.reconnecting is None:
            self.leave_button.hide()

    def resize(self) -> None:
        super().resize()
        self.board.set_size(*self.app.size)

    def pause(self) -> None:
        self.paused = True

    def resume(self) -> None:
        self.paused = False
        self.source.pace(self._timing())
        self.build()
        self.board.names = [s.name or Said("table.you") for s in self.setup.seats]

    def exit(self) -> None:
        self.save()
        self.thinker.shutdown(wait=False, cancel_futures=True)
        self.coach.close()
        if not self.hands_on:
            self.source.close()
        super().exit()

    # ------------------------------------------------------------------ saving

    @property
    def game(self) -> Match | None:
        """The in-process host's game (a game on this computer), for saving it and for tests; None at
        a LAN table. The table never draws from it: it draws from `source`."""
        return self.source.game

    def save(self) -> None:
        game = self.game
        if self.demo or game is None:
            return  # a LAN seat lives on the host, which keeps the match
        data = save_data(self.setup, game, self.source.match_elapsed_ms(self.clock_ms))
        if self.guide is not None:  # a lesson keeps its own progress, never over the saved match
            self.guide.keep(self, data)
            return
        if self.left_match:
            clear_match()
        else:  # kept at a match's end too, so Continue shows the final standings until they are left
            save_match(data)

    def keep(self) -> None:
        """Keep the game, with the round just finished, in the history; a disk that refuses is said."""
        if self.recorder is not None and self.game is not None:
            try:
                self.recorder.saved(self.game)
            except OSError as exc:
                self.say(tr("history.not_kept", reason=str(exc)), RED, 6.0)

    # ------------------------------------------------------------------ the person's actions

    @property
    def person(self) -> int | None:
        return self.viewer if self.viewer in self.humans else None

    @property
    def animating(self) -> bool:
        """Full rate while anything on the table moves or may change by itself. Quiet (the render loop
        then draws only on input and when a clock's next second is due, see `due_in`) only while the
        table waits on the person alone: nothing moving, no reaction window or notice running, no Dobon button
        pulsing, and no other seat
        with anything it may do now (the engine's own answer, so it holds for every preset). A LAN
        table rests too: what the host sends wakes it at once (`has_news`)."""
        if self.toast or not self.accepts_input or not self.board.still:
            return True
        view = self.source.view
        if view.window is not None or view.phase not in (Phase.TURN.value, Phase.OPENING.value):
            return True
        if any(is_call(a) for a in self.legal()):
            return True  # the Dobon button pulses while you may call
        return self.source.others_may_act()

    def due_in(self) -> float | None:
        """While the table waits on you: when a clock it shows (your turn's limit, a match played to a
        time) next counts a second, so it is drawn (and the host's deadline met) then."""
        now = self.clock_ms
        lefts = [left for left, _ in self.board.seat_clocks.values()]
        match_left = self.source.match_left_s(now)
        if match_left is not None and match_left > 0:
            lefts.append(match_left)
        # just past the whole second, so the number shown has changed when the frame comes
        return min((left % 1.0 + TICK_LATE_S for left in lefts if left > 0), default=None)

    def has_news(self) -> bool:
        if self.coach.news():
            return True  # the coach's figures came (worked out off the frame loop)
        return self.source.has_news()  # the host sent something

    @property
    def accepts_input(self) -> bool:
        """Whether the person's plays, draws and bids are taken now. It is exactly when the table shows
        their cues (Draw lit, playable cards outlined, the bid box): once the board has presented
        everything, so nothing lights up before it works, and nothing works before it is shown. Keys
        and clicks before that (during the deal, while a card flies) do nothing; selecting a card
        with the arrow keys works at any time. A dobon call is taken whenever it is legal."""
        return self.person is not None and not self.paused and self.board.settled

    @property
    def in_play(self) -> bool:
        """The round is still being played (what the rules ask of you is asked only then: a lesson's
        table stays in view after its round ends, with no result screen over it)."""
        return self.source.view.phase not in (Phase.ROUND_OVER.value, Phase.MATCH_OVER.value)

    @property
    def watching(self) -> bool:
        """A LAN watcher's table: no seat, so nothing to act with (the host sends the public side)."""
        return self.source.started and self.source.viewer >= self.source.view.players

    def legal(self) -> list[Action]:
        if self.person is None:
            return []
        return list(self.source.view.legal)

    @property
    def match_done(self) -> bool:
        return self.source.match_over

    @property
    def event_log(self) -> list:
        """Every event this seat was shown (the match chart reads the rounds' ends)."""
        return self.source.shown

    def submit(self, action: Action, confirmed: bool = False) -> bool:
        """Send the person's action. In a lesson, a move that is not the lesson's is not sent (the
        guide's panel says why). With the coach on, a risky play is held back once to ask "play it
        anyway?" (Enter or the button sends it, Esc keeps the card): False then, as nothing went."""
        if self.guide is not None and self.guide.refuses(self, action):
            self.app.sounds.play("click")  # not the lesson's move: the guide's panel says why
            self.board.chosen.clear()  # and the cards picked for it are put back, ready to choose again
            self.pick_order = []
            return False
        if not confirmed and self.coaching and self.coach.risky(self.source.view, action) is not None:
            self.coach.pending = action
            self.picker = None
            return False
        reason = self.source.submit(action)
        if reason is not None:
            if reason:  # "": a LAN host answers, as a notice
                self.say(self.explain(reason), RED)
            return False
        self.board.feed(self.source.poll())
        self.picker = None
        if self.guide is not None:
            self.guide.taken(self, action)
        return True

    def refused(self, action: Action) -> None:
        """Say why an action the view does not offer is refused (a LAN host is asked: it answers)."""
        reason = self.source.refusal(action)
        if reason is None:
            reason = self.source.why_not(action)
        if reason == "":
            return  # the host's answer comes back as a notice
        self.say(self.explain(reason) if reason else tr("refusal.not_now"), RED)

    def explain(self, reason: str) -> str:
        """A refusal in the player's language, its cards and seats named as the table names them."""
        return refusal_text(reason, deck(self.source.view.deck), self.board.names)

    def save_deal(self) -> str:
        """Write this round's deal, as it stood when dealt, as a scenario file (docs/scenarios.md) for
        a puzzle, a lesson or a bug report; returns the message for the player. The deal is found by
        replaying the round's actions up to its deal, so it is the same whenever it is saved."""
        import time

        game = self.game
        if game is None:
            return tr("table.deal_not_saved", reason="a LAN table's deal is the host's")
        names = [self.board.names[s] for s in range(self.setup.players)]
        try:
            path = save_scenario(deal_scenario(self.setup, game, names), time.strftime("%Y%m%d-%H%M%S"))
        except (OSError, ValueError) as exc:
            return tr("table.deal_not_saved", reason=str(exc))
        print(f"deal saved: {path}", flush=True)  # the whole path, for a bug report
        return tr("table.deal_saved", path=f"{path.parent.name}/{path.name}")

    def say(self, text: str, colour=(250, 250, 250), seconds: float = 3.0) -> None:
        self.toast = (text, seconds, colour)

    def play_card(self, card: Card) -> None:
        seat = self.person
        if seat is None or not self.accepts_input:
            if seat is not None and self.guide is not None and not self.paused:
                self._refuse_busy(Action(seat, Kind.PLAY, (card,)))
            return
        legal = self.legal()
        if self.board.chosen or any(
            card in a.cards for a in legal if a.kind is Kind.PLAY and len(a.cards) > 1
        ):
            self.choose(card)  # part of a play of several cards: pick it, then Play
            return
        options = [a for a in legal if a.kind is Kind.PLAY and a.cards == (card,)]
        if not options:
            self._refuse_card(seat, card)
            return
        flagged = [a for a in options if a.flag]
        unflagged = [a for a in options if not a.flag]
        if flagged and (self.last_one_armed or not unflagged):
            options = flagged
        elif unflagged:
            options = unflagged
        options = distinct_choices(options)
        if len(options) > 1:
            self.picker = options
            return
        self.submit(options[0])
        self.last_one_armed = False

    def _card_refusal(self, seat: int, card: Card) -> str | None:
        """The rules' reason for refusing `card` played alone (None: it may be played). Where the only
        reason is that no suit is named, the reason a suit would leave (the table asks the suit)."""
        reason = self.source.refusal(Action(seat, Kind.PLAY, (card,)))
        if wants_suit(reason):
            return self.source.refusal(Action(seat, Kind.PLAY, (card,), Suit.SPADES)) or reason
        return reason

    def _refuse_card(self, seat: int, card: Card) -> None:
        """Say why playing `card` alone is refused: the rules' own reason (a LAN host is asked)."""
        reason = self._card_refusal(seat, card)
        if reason is None:
            reason = self.source.why_not(Action(seat, Kind.PLAY, (card,)))  # a LAN host says why
        if reason != "":
            self.say(self.explain(reason) if reason else tr("refusal.not_now"), RED)
        self.app.sounds.play("click")

    def _refuse_busy(self, action: Action) -> None:
        """A lesson's click while the cards are still moving (input is taken only once the board has
        shown everything): a newcomer is never left with silence. What the rules refuse is said as
        the table says it at any time; a move they allow waits for the cards to settle, and says so."""
        allowed = any(a.kind is action.kind and a.cards == action.cards for a in self.legal())
        if allowed:
            self.say(tr("learn.wait_moving"), RED)
        elif action.kind is Kind.PLAY:
            reason = self._card_refusal(action.seat, action.cards[0])
            self.say(self.explain(reason) if reason else tr("refusal.not_now"), RED)
        else:
            reason = self.source.refusal(action)
            self.say(self.explain(reason) if reason else tr("refusal.not_now"), RED)
        self.app.sounds.play("click")

    def last_one_counts(self) -> bool:
        """Whether "last one" would go with a play now: you hold two cards, or some play of yours
        would leave you one."""
        if self.person is None:
            return False
        plays = (a for a in self.legal() if a.kind is Kind.PLAY and a.flag)
        return len(self.source.view.hand) == 2 or any(plays)

    def toggle_last_one(self) -> None:
        """The "last one" button: armed only where it would count, otherwise the rule is said (and it
        is let go once it no longer can count, see `_help`)."""
        if not self.last_one_armed and not self.last_one_counts():
            self.say(tr(self.board.preset_ui.last_one_only), RED)
            return
        self.last_one_armed = not self.last_one_armed

    def choose(self, card: Card) -> None:
        """Pick `card` for a play of several cards, or put it back. Only a card that, with those already
        picked, is part of some legal play may be picked; the Play button plays the picked set."""
        chosen = self.board.chosen
        if card.id in chosen:
            chosen.discard(card.id)
            self.pick_order = [c for c in self.pick_order if c != card.id]
            return
        wanted = chosen | {card.id}
        plays = [a for a in self.legal() if a.kind is Kind.PLAY]
        if not any(wanted <= {c.id for c in a.cards} for a in plays):
            self.say(self._why_not_with(card), RED)
            self.app.sounds.play("click")
            return
        chosen.add(card.id)
        self.pick_order = [c for c in self.pick_order if c in chosen and c != card.id] + [card.id]

    def _why_not_with(self, card: Card) -> str:
        """Why `card` cannot join the picked cards: the rules' own reason for that set (a hand never
        emptied, one number only ...), asked of the host, else the general one."""
        held = {c.id: c for c in self.source.view.hand}
        picked = [held[i] for i in self.pick_order if i in held and i in self.board.chosen]
        seat = self.person
        reason = None
        if seat is not None and picked:
            cards = self.board.preset_ui.set_order([*picked, card])
            reason = self.source.refusal(Action(seat, Kind.PLAY, tuple(cards)))
        return self.explain(reason) if reason else tr("table.cannot_add")

    def _why_not_set(self) -> str:
        """Why the picked cards cannot go down together: the rules' own reason (a set that adds up
        to no field card, a single card of the wrong parity ...), else the general one."""
        seat = self.person
        hand = list(self.source.view.hand)
        picked = tuple(c for c in hand if c.id in self.board.chosen)
        reason = self.source.refusal(Action(seat, Kind.PLAY, picked)) if seat is not None and picked else None
        return self.explain(reason) if reason else tr("table.cannot_play_set")

    def chosen_plays(self) -> list[Action]:
        """The legal plays of exactly the picked cards (several when a suit is to be named)."""
        chosen = self.board.chosen
        if not chosen:
            return []
        return [
            a
            for a in self.legal()
            if a.kind is Kind.PLAY and len(a.cards) == len(chosen) and {c.id for c in a.cards} == chosen
        ]

    def play_chosen(self) -> None:
        """The Play button: play the picked cards (asking for a suit where the play names one)."""
        if not self.accepts_input:
            return
        options = self.in_pick_order(distinct_choices(self.chosen_plays()))
        if not options:
            self.say(self._why_not_set(), RED)
            return
        if len(options) > 1:
            self.picker = options
            return
        if self.submit(options[0]):
            self.board.chosen.clear()
            self.pick_order = []

    def in_pick_order(self, options: list[Action]) -> list[Action]:
        """Where the same cards may go down in several orders (jda: the last one on top), the order
        they were picked in; if that order is not a legal play (its first card must fit the field),
        a legal one with the last picked card on top; one play either way."""
        if len({a.cards for a in options}) <= 1 or any(a.suit is not None for a in options):
            return options
        rank = {cid: i for i, cid in enumerate(self.pick_order)}

        def order(action: Action) -> list[int]:
            return [rank.get(c.id, -1) for c in action.cards]

        exact = [a for a in options if order(a) == sorted(order(a))]
        last = self.pick_order[-1] if self.pick_order else None
        topped = [a for a in options if a.cards[-1].id == last]
        return (exact or topped or options)[:1]

    def draw_card(self) -> None:
        seat = self.person
        if seat is None or not self.accepts_input:
            if seat is not None and self.guide is not None and not self.paused:
                self._refuse_busy(Action(seat, Kind.DRAW))
            return
        action = Action(seat, Kind.DRAW)
        if action not in self.legal():
            self.refused(action)
            return
        self.submit(action)

    def call_dobon(self) -> None:
        seat = self.person
        if seat is None:
            return
        legal = self.legal()
        calls = [a for a in legal if is_call(a)]
        if not calls:
            declaration = next((a for a in legal if a.kind is Kind.DOBON), None)
            if declaration is not None:  # the preset takes a call that does not add up, at a price
                self.submit(declaration)
                return
            self._say_no_call(seat)
            return
        targets = {a.cards: a for a in calls}  # one button per target named
        ui = self.board.preset_ui
        targets = {a.cards: a for a in ui.distinct_targets(self.source.view, list(targets.values()))}
        confirm = self.board.preset_ui.confirm_call(self.source.view, seat)
        if (len(targets) > 1 or confirm) and self.board.preset_ui.dobon_target == "choose":
            self.picker = list(targets.values())  # which card the call names
            return
        self.submit(max(calls, key=lambda a: len(a.cards)))

    def _say_no_call(self, seat: int) -> None:
        """Say why the person cannot call now: the rules' own refusal of the call a plain press of
        Dobon names (Rulebook.call_probe). A LAN table sends that call: the host says why."""
        view = self.source.view
        window = view.window.cards if view.window is not None else None
        probe = Action(
            seat, Kind.DOBON, self.source.rules.rulebook().call_probe(window, view.discard, view.hand)
        )
        reason = self.source.refusal(probe)
        if reason is None:
            reason = self.source.why_not(probe)
        if reason == "":
            return  # the host's answer comes back as a notice
        self.say(self.explain(reason) if reason else tr("table.cannot_call"), RED, 2.5)

    def declarations(self) -> list[Action]:
        """The declarations the person may make now, one button each (labelled by the preset's UI)."""
        if self.person is None or not self.accepts_input:
            return []
        return [a for a in self.legal() if a.kind is Kind.DECLARE]

    def answers(self) -> list[Action]:
        """The preset's own answers in a window the person may give now (jda's throw-in), one button
        each, labelled by the preset's UI."""
        if self.person is None:
            return []
        ui = self.board.preset_ui
        return [a for a in self.legal() if a.kind is Kind.PASS and ui.pass_label(a)]

    def answer(self, index: int) -> None:
        options = self.answers()
        if 0 <= index < len(options):
            self.submit(options[index])

    def declare(self, index: int) -> None:
        options = self.declarations()
        if 0 <= index < len(options):
            self.submit(options[index])

    @property
    def bidding(self) -> bool:
        """The bid box is up: the person may bid now. Once it is up it stays up, taking keys, while the
        board presents another seat's bid (a key pressed then was lost with the box for a moment)."""
        if self.person is None or self.paused or not any(a.kind is Kind.BID for a in self.legal()):
            return False
        return self.board.settled or "bid" in self.buttons

    @property
    def max_bid(self) -> int:
        return int(getattr(self.source.rules, "max_bid", 99))

    def change_bid(self, step: int) -> None:
        self.bid_typed = None
        self.bid_amount = min(self.max_bid, max(1, self.bid_amount + step))

    def type_bid(self, digit: str | None) -> None:
        """A digit typed into the bid box (None: Backspace). The first digit replaces the amount."""
        typed = self.bid_typed or ""
        typed = typed[:-1] if digit is None else (typed + digit).lstrip("0")
        self.bid_typed = typed
        self.bid_amount = min(self.max_bid, max(1, int(typed or "1")))
        if typed and int(typed) > self.max_bid:
            self.bid_typed = str(self.max_bid)

    def bid_key(self, k: int, text: str) -> bool:
        """Keys of the bid box: digits type the amount, Backspace deletes, ↑/↓ ±1, Page Up/Down ±10,
        Enter bids. True if the key was the box's."""
        if text.isdigit() and len(text) == 1:
            self.type_bid(text)
        elif k == pygame.K_BACKSPACE:
            self.type_bid(None)
        elif k in (pygame.K_UP, pygame.K_DOWN, pygame.K_PAGEUP, pygame.K_PAGEDOWN):
            step = {pygame.K_UP: 1, pygame.K_DOWN: -1, pygame.K_PAGEUP: 10, pygame.K_PAGEDOWN: -10}[k]
            self.change_bid(step)
        elif k in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.place_bid()
        else:
            return False
        return True

    def place_bid(self) -> None:
        seat = self.person
        if seat is not None and self.bidding and self.submit(Action(seat, Kind.BID, amount=self.bid_amount)):
            self.bid_typed = None

    # ------------------------------------------------------------------ events

    def process_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        if self.source.viewer in self.board.away and event.type in BACK_EVENTS:
            self.source.present()  # "I'm back": the host gives the seat back from the AI
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.menu_button:
                self.app.stack.push(self.app.scene("menu", self))
                return None
            if event.ui_element is self.leave_button:
                self.leave_gone_host()
                return None
            if event.ui_element is self.help_box:
                self.next_help_level()
                return None
        if event.type == pygame.MOUSEMOTION:
            self.plate_tip = next(
                (
                    int(name[6:])
                    for name, rect in self.board.regions.items()
                    if name.startswith("plate:") and name[6:].isdigit() and rect.collidepoint(event.pos)
                ),
                None,
            )
            self.board.hover = None
            for i, (rect, _card) in reversed(list(enumerate(self.board.own_card_rects()))):
                if rect.collidepoint(event.pos):
                    self.board.hover = i
                    break
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            return self.click(event.pos)
        if event.type == pygame.KEYDOWN:
            return self.key(event)
        return event

    def click(self, pos: tuple[int, int]) -> pygame.event.Event | None:
        for name, rect in self.buttons.items():
            if name.startswith("guide:") and rect.collidepoint(pos) and self.guide is not None:
                self.app.sounds.play("click")
                self.guide.press(self, name)
                return None
        if self.coach.pending is not None:
            if self.buttons.get("coach:yes") and self.buttons["coach:yes"].collidepoint(pos):
                self.play_anyway()
            elif self.buttons.get("coach:no") and self.buttons["coach:no"].collidepoint(pos):
                self.coach.pending = None
            return None
        if self.picker:
            for name, rect in self.buttons.items():
                if rect.collidepoint(pos) and name.startswith("suit:"):
                    idx = int(name.split(":")[1])
                    self.submit(self.picker[idx])
                    self.last_one_armed = False
                    return None
            if self.buttons.get("cancel") and self.buttons["cancel"].collidepoint(pos):
                self.picker = None
            return None
        for name, rect in self.buttons.items():
            if rect.collidepoint(pos):
                self.app.sounds.play("click")
                if name == "dobon":
                    self.call_dobon()
                elif name == "draw":
                    self.draw_card()
                elif name == "last_one":
                    self.toggle_last_one()
                elif name.startswith("declare:"):
                    self.declare(int(name.split(":")[1]))
                elif name.startswith("answer:"):
                    self.answer(int(name.split(":")[1]))
                elif name == "bid":
                    self.place_bid()
                elif name == "play_set":
                    self.play_chosen()
                elif name == "hint":
                    self.ask_hint()
                elif name.startswith("bid") and name[3:].lstrip("+-").isdigit():
                    self.change_bid(int(name[3:]))
                return None
        if self.board.stock_rect().collidepoint(pos):
            self.draw_card()
            return None
        for rect, card in reversed(self.board.own_card_rects()):
            if rect.collidepoint(pos):
                self.play_card(card)
                return None
        return None

    def key(self, event: pygame.event.Event) -> pygame.event.Event | None:
        k = event.key
        if self.guide is not None and self.guide.key(self, event):
            return None
        hand = list(self.source.view.hand) if self.person is not None else []
        if self.coach.pending is not None:  # "play it anyway?": Enter plays, Esc keeps the card
            if k in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.play_anyway()
            elif k == pygame.K_ESCAPE:
                self.coach.pending = None
            return None
        if self.picker:
            if k == pygame.K_ESCAPE:
                self.picker = None
            elif pygame.K_1 <= k <= pygame.K_9 and k - pygame.K_1 < len(self.picker):
                self.submit(self.picker[k - pygame.K_1])
            return None
        if self.bidding and self.bid_key(k, getattr(event, "unicode", "")):
            return None
        if k == pygame.K_SPACE:
            self.call_dobon()
        elif k in (pygame.K_LEFT, pygame.K_RIGHT) and hand:
            sel = self.board.selected
            step = -1 if k == pygame.K_LEFT else 1
            self.board.selected = (
                (len(hand) - 1 if step < 0 else 0) if sel is None else (sel + step) % len(hand)
            )
        elif pygame.K_1 <= k <= pygame.K_9 or k == pygame.K_0:
            index = 9 if k == pygame.K_0 else k - pygame.K_1  # 1 ... 9, 0: your cards from the left
            if index < len(hand):
                self.board.selected = index
                self.play_card(hand[index])
        elif k == pygame.K_RETURN and self.board.chosen:
            self.play_chosen()
        elif k in (pygame.K_RETURN, pygame.K_UP) and hand and self.board.selected is not None:
            self.play_card(hand[min(self.board.selected, len(hand) - 1)])
        elif k in (pygame.K_DOWN, pygame.K_d):
            self.draw_card()
        elif k == pygame.K_l:
            self.toggle_last_one()
        elif k == pygame.K_h:
            self.next_help_level()
        elif k == pygame.K_i and self.coaching:
            self.ask_hint()
        elif k == pygame.K_ESCAPE:
            self.app.stack.push(self.app.scene("menu", self))
        else:
            return event
        return None

    # ------------------------------------------------------------------ time

    def update(self, dt: float) -> None:
        self.board.set_size(*self.app.size)
        self.board.update(dt)
        if self.toast:
            text, left, colour = self.toast
            self.toast = (text, left - dt, colour) if left - dt > 0 else None
        if self.paused:
            return
        if self._take_news(dt):
            return
        view = self.source.view
        over = view.phase in (Phase.ROUND_OVER.value, Phase.MATCH_OVER.value)
        if over and self.guide is not None:  # a lesson ends with its round: the guide says so
            if not self.board.busy:
                self.guide.round_over(self)
            self._help()  # the round's cues go ("you can call" on the plate ...)
            return
        if over or self.match_done:
            if not self.board.busy and self.result_shown != (view.round_no, view.match_no):
                self.result_shown = (view.round_no, view.match_no)
                self.keep()
                self.save()
                self.app.stack.push(self.app.scene("results.round", self))
            return
        self._help()

    def _take_news(self, dt: float) -> bool:
        """Let the table's clock run and take in what its host sent; True if the table has gone (a
        message scene, or the table built around a late guest's seat, replaced it). The clock is the
        display clock: it runs while the round is in play and the board has shown everything (timers
        start when a card has been seen to land) and the lesson does not hold it; the host's updates
        wait meanwhile (a host in this process does not act, a LAN host's stay queued)."""
        source = self.source
        holding = self.guide is not None and self.guide.holds(self)
        if source.gone is None and (self.board.busy or holding):
            return False
        if self.in_play:
            self.clock_ms += dt * 1000
        source.advance(self.clock_ms)
        if source.gone is not None:  # before anything still queued: a closed table replays nothing
            self.app.stack.replace(self.app.scene("message", source.gone))
            return True
        if source.reseated:  # a late guest's seat is dealt: its own table now
            source.reseated, self.hands_on = False, True  # the session goes on at the new table
            self.app.stack.replace(self.app.scene("table.remote", source))
            return True
        if (source.reconnecting is not None) != self.leave_button.visible:
            self.leave_button.show() if source.reconnecting is not None else self.leave_button.hide()
        self._note_window()
        events = source.poll()
        if source.names:
            self.board.names = source.names
        if source.lobby is not None:  # who the host has not heard from lately (a dropped Wi-Fi ...)
            # a person whose connection is gone (a closed window, a lost Wi-Fi the host has noticed)
            # is away as much as one gone silent: AI plays for them until they come back
            away = {s.seat for s in source.lobby.seats if s.away or (s.kind == "person" and not s.connected)}
            if source.viewer in away - self.board.away:  # idle: AI plays for you until you act
                self.say(tr("lan.you_away"), seconds=8.0)
            self.board.away = away
        if source.missed:  # back after AI played for this seat: what happened meanwhile, in the log
            self.board.log.extend(self.board.missed_lines(source.missed))
            source.missed.clear()
            self.say(tr("lan.while_away"), seconds=6.0)
        self.board.log.extend(source.log_lines)  # before the move it explains
        source.log_lines.clear()
        if events:
            self.moved_ms = self.clock_ms
            self.board.feed(events)
        if source.resynced:  # a view came alone (a comeback): the events it stands for never will
            source.resynced = False
            self.board.resync()
            self.window_seen = None
        for notice in source.notices:
            self.say(notice, RED)
        source.notices.clear()
        return False

    def _note_window(self) -> None:
        """Remember when the open window was first seen: its clock (the gaeshi dial) counts from there,
        on the clock the host closes it by, which stands still while the board catches up."""
        window = self.source.view.window
        if window is None:
            self.window_seen = None
            return
        ident = (window.placer, tuple(c.id for c in window.cards))
        if self.window_seen is None or self.window_seen[0] != ident:
            self.window_seen = (ident, self.clock_ms)

    def window_elapsed(self) -> float:
        """Seconds the open window has been open, as its deadline counts them."""
        self._note_window()
        if self.window_seen is None:
            return 0.0
        return max(0.0, (self.clock_ms - self.window_seen[1]) / 1000)

    def leave_gone_host(self) -> None:
        """Leave a table whose host cannot be reached, at once: the seat is forgotten (nothing to come
        back to), and the standings this seat was last shown are said (the session closes on exit)."""
        self.app.stack.replace(self.app.scene("message", self.source.leave()))

    def continue_after_round(self) -> None:
        """Called by the result screen: deal the next round, or start a new match."""
        new_match = self.match_done
        events = self.source.next_round()  # (a LAN host deals by itself: nothing comes from here)
        self.result_shown = None
        if events:
            if new_match and self.recorder is not None and self.game is not None:  # a New match: a
                self.recorder = self.setup.new_match_record(self.game)  # History record of its own
            self.board.feed(events)
            self.save()

    def _match_clock(self) -> None:
        """A match played to a time shows its clock (the host's, which alone calls time)."""
        b = self.board
        left = self.source.match_left_s(self.clock_ms)
        b.match_clock = None if left is None else b.preset_ui.match_clock(self.source.view, left)
        b.match_clock_up = left is not None and left <= 0

    # ------------------------------------------------------------------ practice help and the coach

    def _help_level(self) -> HelpLevel:
        return HelpLevel.of(self.app.settings.practice_help)

    @property
    def coaching(self) -> bool:
        """The coach is on, for a person's own seat (never a watcher's, a demo's or an AI's seat)."""
        return self.person is not None and not self.watching and self._help_level() is HelpLevel.COACH

    def next_help_level(self) -> None:
        """Help (button or H): off → legal cards → coach → off, saved at once, and said: a click that
        turned the coach off in silence left a learner without it and not knowing why."""
        level = self._help_level().next()
        self.app.settings.practice_help = level
        self.app.settings.save()
        self.coach.pending = None
        self.build()
        self.say(
            tr(
                "coach.level_now",
                what=tr(f"coach.setting_{level.value}"),
                next=tr(f"coach.setting_{level.next().value}"),
            ),
            seconds=4.0,
        )

    def ask_hint(self) -> None:
        if self.coaching and self.legal():
            self.coach.ask_hint(self.source.view)

    def play_anyway(self) -> None:
        """ "Play it anyway?" answered yes: the held play goes down as it was made."""
        action = self.coach.pending
        self.coach.pending = None
        if action is not None and action in self.legal() and self.submit(action, confirmed=True):
            self.board.chosen.clear()
            self.pick_order = []
            self.last_one_armed = False

    def _help(self) -> None:
        """Practice help: playable cards outlined and the hand's sum once the table has caught up (not
        during the deal), and "you can call" whenever the Dobon button is lit."""
        b = self.board
        seat = self.person
        b.highlight = set()
        b.risky = set()
        if self.coach.pending is not None and self.coach.pending not in self.legal():
            self.coach.pending = None  # the moment passed (a timeout, a window): nothing to ask
        b.sum_hint = b.call_hint = b.clock_hint = None
        b.seat_clocks = self.source.clocks()
        # your Draw is lit: your plate alone carries the turn glow (super lets you move during the
        # window on the last card, while the view's turn is still its placer's)
        b.cued = seat is not None and self.accepts_input and any(a.kind is Kind.DRAW for a in self.legal())
        if self.last_one_armed and not self.last_one_counts():
            self.last_one_armed = False  # a draw took the hand past two cards: nothing to say it with
        self._match_clock()
        if b.chosen:  # a pick outlives neither the card leaving the hand nor the chance to play it
            held = {c.id for c in self.source.view.hand}
            plays = [{c.id for c in a.cards} for a in self.legal() if a.kind is Kind.PLAY]
            if not b.chosen <= held or not any(b.chosen <= p for p in plays):
                b.chosen.clear()
        limit = b.preset_ui.turn_limit_s(self.source.view)
        if seat is not None and limit and self.source.view.turn == seat and self.accepts_input:
            left = max(0.0, limit - (self.clock_ms - self.moved_ms) / 1000)
            b.clock_hint = tr(
                "table.time_left", seconds=math.ceil(left)
            )  # a rule, shown with or without help
            b.seat_clocks[seat] = (left, limit)
        if seat is None or not self.app.settings.practice_help:
            return
        legal = self.legal()
        if any(is_call(a) for a in legal):
            b.call_hint = tr("table.can_call")
        if not self.accepts_input:
            return
        b.highlight = {c.id for a in legal if a.kind is Kind.PLAY for c in a.cards}
        b.sum_hint = b.preset_ui.hand_value(self.source.view)
        if self.coaching:
            dangers = self.coach.dangers(self.source.view) or ()
            b.risky = {c.id for d in dangers if d.risky for c in d.action.cards}

    # ------------------------------------------------------------------ drawing

    def draw(self, surface: pygame.Surface) -> None:
        self.board.draw(surface)
        if self.container is not None:
            self.board.regions["menu"] = self.menu_button.rect.union(self.help_box.rect)
        bidding = self.bidding  # asked before the buttons go: a box already up stays up
        self.buttons = {}
        self.lit = set()
        self._draw_controls(surface)
        if self.coach.pending is not None:
            coach_view.draw_confirm(self, surface)
        elif self.picker:
            self._draw_picker(surface)
        elif self.source.view.window is not None and self.board.preset_ui.draw_window_panel(surface, self):
            pass  # the preset's own panel while a window is open (jda: dobon-gaeshi, ui/presets/jda.py)
        elif (
            self.accepts_input and self.in_play and self.board.preset_ui.prompt(self.source.view, self.person)
        ):
            self._draw_prompt(surface, self.board.preset_ui.prompt(self.source.view, self.person))
        elif bidding:
            self._draw_bid(surface)
        if self.coach.pending is None and self.coaching:
            words = coach_view.words_now(self)
            if words:
                # above whatever the person answers with now (the bid box, the suit picker), not on it
                above = self.board.regions.get("panel") if bidding or self.picker else None
                coach_view.draw_line(self.board, surface, words, above=above)
        if self.guide is not None:
            self.guide.draw(self, surface)
        if self.plate_tip is not None:
            self._draw_plate_tip(surface, self.plate_tip)
        layout = self.board.layout
        if layout is not None and not layout.fits():
            self._draw_too_small(surface, layout.n)
        if self.toast:
            text, left, colour = self.toast
            surf = self.board.text(text, max(15, int(self.app.size[1] * 0.026)), colour, True)
            box = surf.get_rect(center=(self.app.size[0] // 2, int(self.app.size[1] * 0.66))).inflate(28, 14)
            panel = self.board.regions.get("panel")
            if panel is not None and box.colliderect(panel):  # never over what the panel asks or says
                box.bottom = panel.top - 8
                if box.top < 0:
                    box.top = panel.bottom + 8
            self.board.regions["toast"] = box
            bg = pygame.Surface(box.size, pygame.SRCALPHA)
            pygame.draw.rect(bg, (0, 0, 0, 190), bg.get_rect(), border_radius=12)
            bg.set_alpha(int(255 * min(1.0, left * 2)))
            surface.blit(bg, box)
            surf.set_alpha(int(255 * min(1.0, left * 2)))
            surface.blit(surf, surf.get_rect(center=box.center))

    def _draw_plate_tip(self, surface: pygame.Surface, seat: int) -> None:
        """The pointer on a name plate: what the preset's units are and what the plate's short form
        means ("0 laps · deal 4"), beside the plate, inside the window (the Rules screen says it too)."""
        plate = self.board.regions.get(f"plate:{seat}")
        if plate is None:
            return
        w, h = self.app.size
        size = max(13, int(h * 0.022))
        width = min(int(w * 0.42), 560)
        lines = self._wrap(tr(f"units.{self.source.view.preset}"), size, width - 24)
        texts = [self.board.text(line, size, WHITE) for line in lines]
        title = self.board.text(tr("units.title"), size, GOLD, True)
        box = pygame.Rect(0, 0, width, title.get_height() + sum(t.get_height() for t in texts) + 20)
        box.midtop = plate.midbottom
        box.y += 6
        if box.bottom > h - 4:  # no room below: above the plate
            box.bottom = plate.top - 6
        box.clamp_ip(pygame.Rect(4, 4, w - 8, h - 8))
        bg = pygame.Surface(box.size, pygame.SRCALPHA)
        pygame.draw.rect(bg, (0, 0, 0, 225), bg.get_rect(), border_radius=10)
        surface.blit(bg, box)
        pygame.draw.rect(surface, GOLD, box, 1, border_radius=10)
        y = box.y + 8
        surface.blit(title, (box.x + 12, y))
        y += title.get_height()
        for text in texts:
            surface.blit(text, (box.x + 12, y))
            y += text.get_height()
        self.tip_rect = box

    def _draw_too_small(self, surface: pygame.Surface, seats: int) -> None:
        """A crowded table (9-12) in a window too small for it: the seats would overlap, so the table
        says so across the middle, with the most this window holds."""
        w, h = self.app.size
        fit = seats_that_fit(w, h)
        size = max(14, int(h * 0.026))
        lines = self._wrap(tr("table.too_small", seats=seats, fit=fit), size, int(w * 0.6))
        texts = [self.board.text(line, size, (255, 230, 150), True) for line in lines]
        box = pygame.Rect(
            0, 0, max(t.get_width() for t in texts) + 32, sum(t.get_height() for t in texts) + 20
        )
        box.center = (w // 2, int(h * 0.43))
        bg = pygame.Surface(box.size, pygame.SRCALPHA)
        pygame.draw.rect(bg, (0, 0, 0, 215), bg.get_rect(), border_radius=12)
        surface.blit(bg, box)
        y = box.y + 10
        for text in texts:
            surface.blit(text, text.get_rect(midtop=(box.centerx, y)))
            y += text.get_height()
        self.board.regions["notice"] = box

    def _button(
        self, surface, name: str, rect: pygame.Rect, label: str, lit: bool, colour=(60, 70, 80)
    ) -> None:
        self.buttons[name] = rect
        if lit:
            self.lit.add(name)
        if name in ("draw", "last_one", "hint") or name.startswith(("declare:", "answer:")):
            self.board.regions[f"control:{name}"] = rect
        base = colour if lit else (45, 55, 52)
        pygame.draw.rect(surface, base, rect, border_radius=12)
        pygame.draw.rect(surface, GOLD if lit else (90, 110, 100), rect, 2, border_radius=12)
        text = self.board.text(label, max(14, rect.height // 3), WHITE if lit else (150, 165, 158), True)
        surface.blit(text, text.get_rect(center=rect.center))

    def _draw_controls(self, surface: pygame.Surface) -> None:
        lay = self.board.layout
        assert lay is not None
        if self.watching:  # no seat, no controls: a banner says so where your hand would be
            self._draw_watching(surface)
            return
        legal = self.legal()
        kinds = {a.kind for a in legal}
        # the Dobon button: always there, lit and pulsing while you may call
        r = lay.dobon_r
        centre = (int(lay.dobon_centre[0]), int(lay.dobon_centre[1]))
        can = any(is_call(a) for a in legal)
        pulse = (math.sin(self.board.time * 7) + 1) / 2 if can else 0
        radius = int(r * (1 + DOBON_PULSE * pulse))
        if can:  # within the layout's dobon_glow_r, which the buttons above keep clear of
            glow = pygame.Surface((radius * 4, radius * 4), pygame.SRCALPHA)
            pygame.draw.circle(
                glow, (255, 80, 60, int(60 + 80 * pulse)), (radius * 2, radius * 2), int(radius * DOBON_GLOW)
            )
            surface.blit(glow, glow.get_rect(center=centre))
        pygame.draw.circle(surface, RED if can else (70, 50, 52), centre, radius)
        pygame.draw.circle(surface, GOLD if can else (110, 95, 95), centre, radius, 4)
        label = self.board.text(
            tr("table.dobon_button"), int(r * 0.42), WHITE if can else (160, 140, 140), True
        )
        surface.blit(label, label.get_rect(center=centre))
        keyhint = self.board.text(
            tr("table.space"), lay.key_size, (220, 220, 210) if can else (130, 130, 120)
        )
        key_at = keyhint.get_rect(midtop=(centre[0], centre[1] + int(r * 1.07) + 4))
        surface.blit(keyhint, key_at)
        self.buttons["dobon"] = pygame.Rect(centre[0] - radius, centre[1] - radius, radius * 2, radius * 2)
        self.board.regions["dobon"] = pygame.Rect(centre[0] - r, centre[1] - r, 2 * r, 2 * r).union(key_at)
        if self.person is None:
            return
        my_turn = self.accepts_input and Kind.DRAW in kinds
        view = self.source.view
        owe = view.chain_cards if view.chain_links and view.turn == self.person else 1  # what you would take
        self._button(
            surface,
            "draw",
            pygame.Rect(lay.control_rect(0)),
            tr("table.draw", count=owe),
            my_turn,
            (40, 90, 130),
        )
        slot = 1  # the next free place above the draw button
        if self.board.preset_ui.last_one_button:
            label = tr("table.last_one_on") if self.last_one_armed else tr("table.last_one")
            self._button(
                surface,
                "last_one",
                pygame.Rect(lay.control_rect(slot)),
                label,
                self.last_one_counts() or self.last_one_armed,
                (150, 110, 20),
            )
            slot += 1
        for i, action in enumerate(self.declarations()):  # the preset's own declarations (a yaku ...)
            self._button(
                surface,
                f"declare:{i}",
                pygame.Rect(lay.control_rect(slot)),
                self.board.preset_ui.declare_label(action),
                True,
                (120, 60, 140),
            )
            slot += 1
        for i, action in enumerate(self.answers()):  # the preset's own answers in a window (a throw-in)
            self._button(
                surface,
                f"answer:{i}",
                pygame.Rect(lay.control_rect(slot)),
                self.board.preset_ui.pass_label(action) or "",
                True,
                (110, 80, 60),
            )
            slot += 1
        if self.board.chosen or any(a.kind is Kind.PLAY and len(a.cards) > 1 for a in legal):
            self._button(
                surface,
                "play_set",
                pygame.Rect(lay.control_rect(slot)),
                tr("table.play_set", count=len(self.board.chosen)),
                self.accepts_input and bool(self.chosen_plays()),
                (40, 120, 90),
            )
            slot += 1
        if self.coaching:
            self._button(
                surface,
                "hint",
                pygame.Rect(lay.control_rect(slot)),
                tr("coach.hint_button"),
                self.accepts_input and bool(legal),
                (70, 90, 140),
            )

    def panel(self, surface: pygame.Surface, height: int, width: int) -> pygame.Rect:
        """A dark box in the prompt band (between the piles and your hand), centred; never over the field
        card, its badges, your plate or your cards."""
        lay = self.board.layout
        assert lay is not None
        bx, by, bw, bh = lay.band()
        panel = pygame.Rect(0, 0, min(width, bw - 16), min(height, max(bh, height)))
        panel.midtop = (bx + bw // 2, by + max(0, (bh - panel.height) // 2))
        bg = pygame.Surface(panel.size, pygame.SRCALPHA)
        pygame.draw.rect(bg, (0, 0, 0, 215), bg.get_rect(), border_radius=16)
        surface.blit(bg, panel)
        pygame.draw.rect(surface, GOLD, panel, 2, border_radius=16)
        self.board.regions["panel"] = panel
        return panel

    def _draw_picker(self, surface: pygame.Surface) -> None:
        """The suit picker: a title, one button per suit (number keys 1-4) and Cancel, in one row."""
        lay = self.board.layout
        assert lay is not None and self.picker is not None
        _bh = lay.band()[3]
        title_size = max(15, int(lay.unit * 0.034))
        size = int(max(40, min(lay.unit * 0.12, _bh - title_size * 1.6 - 30)))
        gap = max(8, size // 5)
        cancel_w = int(size * 1.6)
        count = len(self.picker)
        width = count * size + (count - 1) * gap + gap + cancel_w + 40
        targets = self.picker[0].kind is Kind.DOBON  # which card a call names, not a suit
        words = (
            self.board.preset_ui.call_title(self.source.view, self.person)
            if targets
            else tr(self.board.preset_ui.choose_title)
        )
        room = lay.band()[2] - 56
        words = self.board.fit(words, title_size, room)
        title = self.board.text(words, title_size, WHITE, True)
        panel = self.panel(surface, int(title_size * 1.5) + size + 34, max(width, title.get_width() + 40))
        surface.blit(title, title.get_rect(midtop=(panel.centerx, panel.y + 8)))
        offset = (panel.width - width) // 2  # the row centred under a wider title
        x = panel.x + 20 + offset
        y = panel.y + int(title_size * 1.5) + 18
        for i, action in enumerate(self.picker):
            rect = pygame.Rect(x + i * (size + gap), y, size, size)
            self.buttons[f"suit:{i}"] = rect
            if targets:  # the card the call names (the last of a run), as it lies on the table
                card_rect = self.board.blit_card(surface, action.cards[-1], rect.center, size)
                self.buttons[f"suit:{i}"] = card_rect
                note = self.board.preset_ui.target_note(self.source.view, action, self.board.names)
                label = f"{i + 1} {note}" if note else str(i + 1)  # whose card, where several put them out
                num = self.board.text(label, max(11, size // 6), GOLD, True)
                surface.blit(num, num.get_rect(midtop=(card_rect.centerx, rect.bottom + 2)))
                continue
            pygame.draw.rect(surface, (250, 248, 240), rect, border_radius=14)
            pygame.draw.rect(surface, GOLD, rect, 3, border_radius=14)
            named = self.board.preset_ui.suit_choice(action)
            if named is not None:  # what the "suit" stands for (a colour), in words
                word = self.board.text(named[0], max(12, int(size * 0.26)), named[1], True)
                surface.blit(word, word.get_rect(center=rect.center))
                num = self.board.text(str(i + 1), max(11, size // 6), (120, 120, 120))
                surface.blit(num, (rect.x + 6, rect.y + 4))
                continue
            suit = action.suit if action.suit is not None else action.card.suit
            glyph = self.board.text(
                suit.symbol if suit is not None else "?", int(size * 0.6), SUIT_COLOURS.get(suit, WHITE), True
            )
            surface.blit(glyph, glyph.get_rect(center=rect.center))
            num = self.board.text(str(i + 1), max(11, size // 6), (120, 120, 120))
            surface.blit(num, (rect.x + 6, rect.y + 4))
        cancel = pygame.Rect(x + count * (size + gap), y + size // 4, cancel_w, size // 2)
        self._button(surface, "cancel", cancel, tr("table.cancel"), True, (90, 60, 60))

    def _draw_watching(self, surface: pygame.Surface) -> None:
        """The watcher's banner, "Watching", at the foot of the table between the side columns."""
        lay = self.board.layout
        assert lay is not None
        board = self.board
        room = lay.w - 2 * lay.side_w - 24
        big = max(18, int(lay.unit * 0.045))
        small = max(12, int(lay.unit * 0.022))
        title = board.text(board.fit(tr("table.watching_banner"), big, room - 40), big, GOLD, True)
        late = self.source.waiting  # a late guest: its seat comes next round
        said = tr("lan.watching_late" if late else "table.watching_sub")
        sub = board.text(board.fit(said, small, room - 40), small, (225, 232, 225))
        box = pygame.Rect(0, 0, min(room, max(title.get_width(), sub.get_width()) + 48), 0)
        box.height = title.get_height() + sub.get_height() + 22
        box.midbottom = (
            lay.w // 2,
            int(board.watch_hand_y() - lay.small_card_h * 0.55) - 6,
        )  # above the cards
        bg = pygame.Surface(box.size, pygame.SRCALPHA)
        pygame.draw.rect(bg, (0, 0, 0, 170), bg.get_rect(), border_radius=14)
        surface.blit(bg, box)
        pygame.draw.rect(surface, GOLD, box, 2, border_radius=14)
        surface.blit(title, title.get_rect(midtop=(box.centerx, box.y + 8)))
        surface.blit(sub, sub.get_rect(midtop=(box.centerx, box.y + 12 + title.get_height())))
        board.regions["banner"] = box

    def _draw_prompt(self, surface: pygame.Surface, lines: list[str]) -> None:
        """What the rules ask of you now (kabu: put out your trumps), in the prompt band: a title,
        then its explanation, each line fitted to the panel."""
        lay = self.board.layout
        assert lay is not None
        title_size = max(15, int(lay.unit * 0.03))
        small = max(12, int(lay.unit * 0.022))
        room = int(min(lay.band()[2], lay.unit * 0.9)) - 56  # clear of the side columns' plates
        rows = [(self.board.fit(lines[0], title_size, room), title_size)]
        for line in lines[1:]:  # explanations wrap (at spaces, or between Japanese characters)
            rows += [(part, small) for part in self._wrap(line, small, room)]
        surfs = [self.board.text(t, sz, WHITE if i == 0 else GOLD, i == 0) for i, (t, sz) in enumerate(rows)]
        height = sum(x.get_height() + 4 for x in surfs) + 16
        panel = self.panel(surface, height, max(x.get_width() for x in surfs) + 40)
        y = panel.y + 8
        for surf in surfs:
            surface.blit(surf, surf.get_rect(midtop=(panel.centerx, y)))
            y += surf.get_height() + 4

    def _wrap(self, line: str, size: int, width: int) -> list[str]:
        """`line` in bold broken into lines no wider than `width` where a line may break."""
        from ..text import break_points

        font = self.board.font(size, True)
        out, start = [], 0
        while font.size(line[start:])[0] > width:
            fits = [
                p for p in break_points(line) if p > start and font.size(line[start:p].rstrip())[0] <= width
            ]
            end = fits[-1] if fits else self._hard_break(font, line, start, width)
            out.append(line[start:end].rstrip())
            start = end
        out.append(line[start:])
        return out

    @staticmethod
    def _hard_break(font: pygame.font.Font, line: str, start: int, width: int) -> int:
        """Where a line with no break point that fits must break all the same: after the last character
        that fits (at least one). A run such as 「（A：1か10、2：2か20）。9は10点」 has no place to break
        next to its digits, and the rest of a lesson's words used to be cut off with "…" instead."""
        low, high = start + 1, len(line)
        while low < high:
            mid = (low + high + 1) // 2
            if font.size(line[start:mid])[0] <= width:
                low = mid
            else:
                high = mid - 1
        return low

    def _draw_bid(self, surface: pygame.Surface) -> None:
        """The bid box: what the auction is, then −10 −1 [amount] +1 +10 and Bid. Digits typed on the
        keyboard set the amount, ↑/↓ and Page Up/Down step it, Enter bids."""
        lay = self.board.layout
        assert lay is not None
        title_size = max(15, int(lay.unit * 0.032))
        hint_size = max(12, int(lay.unit * 0.021))
        bh = max(30, int(lay.unit * 0.06))
        small = int(bh * 1.25)
        width = int(small * 4 + bh * 2.2 + bh * 3.2 + 7 * 10 + 40)
        hint = self.board.text(tr("table.auction_hint"), hint_size, (210, 220, 210))
        panel = self.panel(surface, title_size + hint_size + bh + 56, max(width, hint.get_width() + 40))
        title = self.board.text(tr("table.auction_title"), title_size, WHITE, True)
        surface.blit(title, title.get_rect(midtop=(panel.centerx, panel.y + 8)))
        surface.blit(hint, hint.get_rect(midtop=(panel.centerx, panel.y + 12 + int(title_size * 1.3))))
        y = panel.bottom - bh - 12
        row = [("bid-10", "−10", small), ("bid-1", "−1", small), ("amount", "", int(bh * 2.2))]
        row += [("bid+1", "+1", small), ("bid+10", "+10", small), ("bid", "", int(bh * 3.2))]
        x = panel.centerx - (sum(w for _n, _l, w in row) + 10 * (len(row) - 1)) // 2
        for name, label, w in row:
            rect = pygame.Rect(x, y, w, bh)
            if name == "amount":  # the amount, as an entry the keyboard types into
                pygame.draw.rect(surface, (20, 40, 32), rect, border_radius=8)
                pygame.draw.rect(surface, GOLD, rect, 2, border_radius=8)
                text = self.bid_typed if self.bid_typed else str(self.bid_amount)
                caret = "|" if self.bid_typed is not None and int(self.board.time * 2) % 2 == 0 else ""
                amount = self.board.text(text + caret, int(bh * 0.7), GOLD, True)
                surface.blit(amount, amount.get_rect(center=rect.center))
            elif name == "bid":
                self._button(
                    surface, name, rect, tr("table.bid", amount=self.bid_amount), True, (40, 110, 70)
                )
            else:
                self._button(surface, name, rect, label, True)
            x += w + 10
