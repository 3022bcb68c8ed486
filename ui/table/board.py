"""The board: what the table shows, animated from the engine's events.

The engine applies an action at once; the board then presents its events one after another: cards fly
from the stock to a hand or from a hand to the field with easing, the suit badge changes, the direction
ring turns, a dobon gets its splash. While a card is in flight it is hidden at its destination, so
nothing teleports. The scene only advances the game when the board is idle, so what the player sees is
never more than one action behind the engine.

`draw` reads the seat's view (see ui/table/source.py) and the board's display state; it changes nothing.
"""

from __future__ import annotations

import math
from collections import Counter, deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import i18n
import pygame
import pytweening

from game.actions import Kind
from game.cards import Card, Suit
from game.events import (
    DirectionChanged,
    DobonCalled,
    DrawChainChanged,
    Drew,
    Event,
    HandLaidDown,
    LastOneDeclared,
    MatchEnded,
    Moved,
    Played,
    QueueDropped,
    Reshuffled,
    RoundDealt,
    RoundEnded,
    SuitChosen,
    TimedOut,
    TimeUp,
    TurnChanged,
    TurnQueued,
    WindowClosed,
    WindowOpened,
)
from game.piles import Rebuild, owner_of
from game.plaintext import NAME, clean
from game.scores import Score

from .. import palette
from ..card_art import ASPECTS, CardArt, card_shape, font_path
from ..presets import preset_ui
from ..text import Said, card_text, score_text, tr
from ..textfit import clip_to_width, render
from ..theme import FELT, FELT_DARK, GOLD, RED, SUIT_COLOURS, WHITE
from ..tween import Tween, lerp, lerp2
from .coach_view import mark_risky
from .layout import Layout, Point

if TYPE_CHECKING:
    from game.view import SeatView

    from .source import TableSource


@dataclass
class Flight:
    """A card travelling across the table."""

    card: Card | None  # None: a face-down card whose face the viewer may not know
    start: Point
    end: Point
    angle0: float
    angle1: float
    h0: int
    h1: int
    tween: Tween
    face_up: bool = True


# log lines whose subject is the seat named: the viewer's own has its own form of each (log.you.*)
YOU_FORMS = frozenset(
    {
        "log.colour",
        "log.skipped",
        "log.super.own_pile",
        "log.penalty.last",
        "log.penalty.false_dobon",
        "log.penalty.false_counter",
        "log.queue_dropped",
        "log.jda.dealer",
        "log.kabu.four",
    }
)

REDUCED_FLIGHT = 0.3  # with reduced motion a card shows at its landing spot for this share of its flight
CLOCK_LOW_S = 5  # a turn clock turns red for its last seconds


def fast_alpha(surface: pygame.Surface) -> pygame.Surface:
    """A see-through surface kept for many frames, in the window's own pixel format once there is a
    window (blitting it then takes about half as long)."""
    return surface.convert_alpha() if pygame.display.get_surface() else surface


def draw_dial(
    board: Board,
    dest: pygame.Surface,
    centre: Point,
    r: int,
    share: float,
    seconds: int,
    colour: tuple[int, int, int],
    digits_colour: tuple[int, int, int],
) -> pygame.Rect:
    """A clock face that empties as time runs out: a wedge of `share` (1: full, 0: empty) going round
    from twelve o'clock, a white rim, and the seconds left in the middle. Used for jda's gaeshi
    window and for a person's time to act on a LAN table; returns where it was drawn."""
    cx, cy = int(centre[0]), int(centre[1])
    pygame.draw.circle(dest, (40, 50, 46), (cx, cy), r)
    share = max(0.0, min(1.0, share))
    if share > 0:
        points = [(cx, cy)] + [
            (cx + r * math.sin(2 * math.pi * share * i / 24), cy - r * math.cos(2 * math.pi * share * i / 24))
            for i in range(25)
        ]
        pygame.draw.polygon(dest, colour, points)
    pygame.draw.circle(dest, WHITE, (cx, cy), r, 2)
    digits = board.text(str(max(0, seconds)), max(10, int(r * 0.9)), digits_colour, True)
    dest.blit(digits, digits.get_rect(center=(cx, cy)))
    return pygame.Rect(cx - r, cy - r, 2 * r, 2 * r)


@dataclass
class Splash:
    text: str
    sub: str
    colour: tuple[int, int, int]
    tween: Tween
    at: Point


@dataclass
class Shown:
    """The indicators as the player has seen them so far (they lag the engine while cards fly)."""

    turn: int = 0
    field_suit: Suit | None = None
    chain_links: int = 0
    chain_cards: int = 0
    direction: int = 1
    window: tuple[int, float] | None = None  # (placer, opened at board time)
    window_pile: str | None = None  # the preset pile whose top card the window is on (None: the field)
    revealed: dict[int, tuple[Card, ...]] = field(default_factory=dict)
    last_one: set[int] = field(default_factory=set)
    scores: tuple[int, ...] | None = None  # as dealt and as the last round's end showed them
    standings: tuple[Score, ...] = ()  # the same in the preset's own terms (game.scores)


PICKED = (110, 230, 160)  # a card picked for a play of several cards: its ring and its tick


def _picked_badge(dest: pygame.Surface, rect: pygame.Rect, card_h: int) -> pygame.Rect:
    """A tick in a green disc on a picked card's top edge, so a pick never looks like the cursor."""
    size = max(16, int(card_h * 0.2))
    badge = pygame.Rect(0, 0, size, size)
    badge.center = (rect.centerx, rect.top + 2)
    pygame.draw.circle(dest, PICKED, badge.center, size // 2)
    pygame.draw.circle(dest, (20, 60, 40), badge.center, size // 2, 2)
    x, y, u = badge.x, badge.y, size / 16
    tick = [(x + 4 * u, y + 8.5 * u), (x + 7 * u, y + 11.5 * u), (x + 12 * u, y + 5 * u)]
    pygame.draw.lines(dest, (20, 60, 40), False, tick, max(2, int(2.2 * u)))
    return badge


class Board:
    def __init__(
        self,
        source: TableSource,
        viewer: int,
        names: list[str],
        speed: Callable[[], float],
        reduced: Callable[[], bool] = lambda: False,
    ):
        self.source = source  # the seat's view and events: the board never sees more than the seat
        self.viewer = viewer
        self.handlers = self._handlers()
        self.preset_ui = preset_ui(source.rules)
        # an empty stock is rebuilt by the next draw (else it stays empty, or is rebuilt at once)
        self.rebuilds_on_draw = source.rules.rulebook().rebuild is Rebuild.ON_DRAW
        self.shape = card_shape(source.view.deck)  # the deck's card proportions and back
        self.names = names
        self.speed = speed  # animation speed factor, read live from the settings
        # reduced motion, read live: cards appear where they land (briefly, so the pace of play stays),
        # words show without popping, badges do not pulse and the direction ring stands still
        self.reduced = reduced
        self.queue: deque[Event] = deque()
        self.flights: list[Flight] = []
        self.splashes: list[Splash] = []
        self.hidden: Counter[int] = Counter()  # card ids not yet arrived where the engine has them
        self.hidden_backs: Counter[int] = Counter()  # per seat: face-down cards still in flight to it
        self.away: set[int] = set()  # LAN seats the host has not heard from for a few seconds
        self.stock_hold = 0  # cards shown in the stock though the engine has dealt them
        self.pile_hold: Counter[str] = Counter()  # face-down cards still flying to a preset's pile
        self.time = 0.0
        self.shown = Shown()
        self.shown = self.shown_from_view()
        self.wait = 0.0  # a pause before the next event (e.g. after a dobon splash)
        self.ring_spin = Tween(0.01)
        self.ring_spin.finish()
        self.pulses: dict[str, Tween] = {}
        self.log: deque[str] = deque(maxlen=6)  # mostly `Said`: re-said after a language switch
        self.carry: list[str] = []  # log lines for the next deal's log, which starts afresh
        self.on_sound: Callable[[str], None] = lambda name: None
        self.round_over_seen = False
        self.match_over_seen = False
        self.layout: Layout | None = None
        self.art: dict[int, CardArt] = {}
        self._rot: dict[tuple, pygame.Surface] = {}
        self._fonts: dict[tuple[int, bool], pygame.font.Font] = {}
        self._text: dict[tuple, pygame.Surface] = {}
        self._felt: pygame.Surface | None = None
        self._shadow: dict[tuple[int, int], pygame.Surface] = {}
        self._plate_backs: dict[tuple[int, int], pygame.Surface] = {}
        # what a frame at rest would work out again and again, kept while what it shows is the same:
        # words translated, cut to fit or cleaned; each seat's fan of backs as ready blits; the plates'
        # widths and the direction ring's canvas (a frame then mostly blits, it does not recompute)
        self._words: dict[tuple, str] = {}
        self._fans: dict[tuple, tuple[list[tuple[pygame.Surface, pygame.Rect]], pygame.Rect | None]] = {}
        self._plate_room: dict[int, int] = {}
        self._plate_faces: dict[tuple, tuple] = {}
        self._ring: pygame.Surface | None = None
        self.viewer_plays = False  # a person sits in the viewer's seat (not a demo)
        self.watching = False  # a LAN watcher: the seat at the foot of the table is someone else's
        self.hover: int | None = None  # index into the viewer's hand
        self.selected: int | None = None
        self.chosen: set[int] = set()  # card ids picked for a play of several cards (raised)
        self.highlight: set[int] = set()  # card ids to outline (legal plays, with practice help)
        self.sum_hint: str | None = None  # practice help under your name: the hand's sum
        self.risky: set[int] = set()  # card ids the coach marks: someone may well call on them
        self.call_hint: str | None = None  # practice help: you may call now
        self.clock_hint: str | None = None  # your turn's time limit, where the rules set one
        self.cued = False  # your Draw is lit (set by the table): the turn glow is on your plate alone
        self.match_clock: str | None = None  # a match played to a time: what is left of it
        self.match_clock_up = False  # ... and whether it is up
        # seats whose time to act is running: seat -> (seconds left, of how many); each is drawn as a
        # dial on that seat's plate, for every seat at the table to see (set by the table each frame)
        self.seat_clocks: dict[int, tuple[float, float]] = {}
        # the dials the last frame drew: seat -> (where, the seconds shown)
        self.clocks_drawn: dict[int, tuple[pygame.Rect, int]] = {}
        # what the last frame drew where, by name ("plate:2", "hand", "stock", "log", ...): the table's
        # own check that nothing overlaps at any size (tests/test_layout.py)
        self.regions: dict[str, pygame.Rect] = {}
        self.glowing: set[int] = set()  # the plates the last frame drew with the turn glow

    @property
    def view(self) -> SeatView:
        """What the viewer's seat may know now (ahead of what the board has presented: the board holds
        back what is still on its way, see `hidden`, `hidden_backs` and `stock_hold`)."""
        return self.source.view

    def hand_size(self, seat: int) -> int:
        return self.view.hand_sizes[seat]

    # ------------------------------------------------------------------ events in

    def feed(self, events: list[Event]) -> None:
        for event in events:
            self.queue.append(event.for_seat(self.viewer))

    @property
    def busy(self) -> bool:
        return bool(
            self.queue or self.flights or self.wait > 0 or any(not s.tween.done for s in self.splashes)
        )

    @property
    def settled(self) -> bool:
        """Every event has been presented and no pause is running: the table shows what the game is,
        so the person's cues (turn, Draw, playable cards) and their input can go live together."""
        return not self.queue and self.wait <= 0

    @property
    def still(self) -> bool:
        """Nothing on the table moves by itself: no event waiting, nothing flying, no word or pulse
        running, no reaction ring going round (the render loop may then draw it seldom)."""
        return (
            not self.busy
            and self.ring_spin.done
            and all(p.done for p in self.pulses.values())
            and self.shown.window is None
        )

    def shown_from_view(self) -> Shown:
        """The indicators as the view has them now (no events to follow: a table opening on a game
        under way, or one that came back after a lost connection). Who called "last one" is in the
        view's extra where the preset keeps it; elsewhere the calls seen so far are kept."""
        view = self.view
        flags = view.extra.get("last_one")
        last_one = {s for s, on in enumerate(flags) if on} if flags is not None else set(self.shown.last_one)
        window = None
        if view.window is not None:
            window = (view.window.placer, self.time)
        return Shown(
            turn=view.turn,
            field_suit=view.field_suit,
            chain_links=view.chain_links,
            chain_cards=view.chain_cards,
            direction=view.direction,
            window=window,
            window_pile=self.window_pile(view.window.cards[-1]) if view.window is not None else None,
            revealed=dict(view.revealed),
            last_one=last_one,
            scores=view.scores,
            standings=view.standings,
        )

    def resync(self) -> None:
        """Show the game as the view has it now, at once: whatever was queued or flying lands, and the
        turn, window, direction and field suit are taken from the view (the events a lost connection
        missed never come; the view that comes back instead is the whole truth)."""
        self.finish_all()
        self.splashes.clear()
        self.shown = self.shown_from_view()
        if self.layout is not None:
            self.set_size(self.layout.w, self.layout.h)  # the seating may have changed meanwhile

    def finish_all(self) -> None:
        """Skip every animation (e.g. when the window is resized or the player skips ahead)."""
        while self.queue:
            self._present(self.queue.popleft())
        for f in self.flights:
            f.tween.finish()
        self.flights = []
        self.wait = 0
        self.hidden.clear()
        self.hidden_backs.clear()
        self.pile_hold.clear()
        self.stock_hold = 0

    def update(self, dt: float) -> None:
        self.time += dt
        dt_anim = dt * self.speed()
        for f in list(self.flights):
            f.tween.update(dt_anim)
        self.flights = [f for f in self.flights if not f.tween.done]
        for s in self.splashes:
            s.tween.update(dt_anim)
        self.splashes = [s for s in self.splashes if not s.tween.done]
        self.ring_spin.update(dt_anim)
        for p in self.pulses.values():
            p.update(dt_anim)
        if self.wait > 0:
            self.wait -= dt_anim
            return
        # present queued events until one needs time
        while self.queue and self.wait <= 0:
            if any(f.tween.delay == 0 and not f.tween.started for f in self.flights):
                break
            blocking = self._present(self.queue.popleft())
            if blocking:
                break

    # ------------------------------------------------------------------ presenting

    def _fly(
        self, card, start, end, a0, a1, h0, h1, duration, delay=0.0, face_up=True, on_done=None
    ) -> Flight:
        if self.reduced():
            duration, delay = duration * REDUCED_FLIGHT, delay * REDUCED_FLIGHT
        flight = Flight(
            card,
            start,
            end,
            a0,
            a1,
            h0,
            h1,
            Tween(duration, pytweening.easeInOutCubic, delay, on_done),
            face_up,
        )
        self.flights.append(flight)
        return flight

    @staticmethod
    def _arrive(counter: Counter[int], key: int) -> Callable[[], None]:
        """A flight's landing: one fewer card of `key` still on its way."""

        def done() -> None:
            counter[key] -= 1
            if counter[key] <= 0:
                del counter[key]

        return done

    def _land(self, card_id: int) -> Callable[[], None]:
        return self._arrive(self.hidden, card_id)

    def _land_back(self, seat: int) -> Callable[[], None]:
        return self._arrive(self.hidden_backs, seat)

    def seat_name(self, seat: int) -> str:
        """A seat's name as the table shows it: cleaned and capped, whatever file or peer it came from;
        "You" in the language now chosen."""
        name = self.names[seat] if 0 <= seat < len(self.names) else "?"
        if isinstance(name, Said):
            return name.now()  # "You" stays a Said
        return self._memo(("name", name), lambda: clean(name, NAME))

    def splash(self, title: str, seat: int, seconds: float, at: Point) -> None:
        """A gold splash: `title` over `seat`'s name for `seconds`, centred on `at` (a preset's own
        moment: jda's dealer, standard's auction and yaku, kabu's parent), so a preset module builds no
        Splash or Tween of its own."""
        self.splashes.append(Splash(title, self.seat_name(seat), GOLD, Tween(seconds, pytweening.linear), at))

    def said(self, key: str, seat: int | None = None, **params: object) -> Said:
        """A log line, `seat`'s name as its %{name}; about the viewer's own seat, the line's second
        person form where English needs one ("You name Red", not "You names Red": log.you.*). The line
        is a `Said`, so it follows a language switch."""
        if seat is not None:
            params["name"] = self.seat_name(seat)
            if seat == self.viewer and key in YOU_FORMS:
                key = "log.you." + key.removeprefix("log.")
        return Said(key, **params)

    def log_line(self, event: Event) -> Said | str | None:
        """What the log says of an event (None: nothing), as the event is shown or, for a seat that
        comes back to a LAN table, of the moves made while it was away (`missed_lines`)."""
        if isinstance(event, Played):
            cards = tr("log.card_sep").join(map(card_text, event.cards))  # "3 7", 「3・7」
            line = self.preset_ui.played_line(event.pile, self.seat_name(event.seat), cards)
            if isinstance(line, Said) and event.seat == self.viewer and line.key in YOU_FORMS:
                line = Said("log.you." + line.key.removeprefix("log."), **line.params)  # "on your own pile"
            return line or self.said("log.played", event.seat, cards=cards)
        if isinstance(event, Drew):
            if event.count == 0:
                return self.said("log.drew_none", event.seat)
            key = "log.drew_penalty" if event.penalty else "log.drew"
            return self.said(key, event.seat, count=event.count)
        if isinstance(event, SuitChosen):
            return self.said("log.suit", event.seat, suit=event.suit.symbol)
        if isinstance(event, LastOneDeclared):
            return self.said("log.last_one", event.seat)
        if isinstance(event, DobonCalled):
            if event.answer_to < 0:  # the first card turned up (kabu's okoshi-fuda): everyone else loses
                return self.said("log.dobon_first", event.seat)
            # "on you", not "on You": the viewer as the object of a sentence
            target = Said("result_words.you_in_sentence") if event.answer_to == self.viewer else None
            return self.said("log.dobon", event.seat, target=target or self.seat_name(event.answer_to))
        if isinstance(event, DirectionChanged):
            return self.said("log.reversed")
        if isinstance(event, TimedOut):
            return self.said("log.timed_out", event.seat)
        return None

    def missed_lines(self, events: list[Event]) -> list[Said | str]:
        """The log's lines for events that are not shown (they happened while this seat was away)."""
        return [line for event in events if (line := self.log_line(event)) is not None]

    def _present(self, event: Event) -> bool:
        """Start showing one event; True if the next event should wait for it. Core events have a
        presenter each here; a preset's own events are presented by its table module (ui.presets),
        found through the rule set."""
        if self.layout is None:
            return False
        handler = self.handlers.get(type(event))
        if handler is None:
            handler = self.preset_ui.presenter(self, event)
        return handler(event) if handler is not None else False

    def _handlers(self) -> dict[type, Callable[[Any], bool]]:
        """Each core event's presenter: one small method per event type."""
        return {
            RoundDealt: self._on_round_dealt,
            Played: self._on_played,
            Drew: self._on_drew,
            Reshuffled: self._on_reshuffled,
            SuitChosen: self._on_suit_chosen,
            DrawChainChanged: self._on_draw_chain_changed,
            DirectionChanged: self._on_direction_changed,
            TurnChanged: self._on_turn_changed,
            WindowOpened: self._on_window_opened,
            TimedOut: self._on_timed_out,
            TimeUp: self._on_time_up,
            TurnQueued: self._on_turn_queued,
            QueueDropped: self._on_queue_dropped,
            LastOneDeclared: self._on_last_one,
            WindowClosed: self._on_window_closed,
            DobonCalled: self._on_dobon_called,
            HandLaidDown: self._on_hand_laid_down,
            Moved: self._on_moved,
            RoundEnded: self._on_round_ended,
            MatchEnded: self._on_match_ended,
        }

    def _on_round_dealt(self, event: RoundDealt) -> bool:
        """A new round: deal the cards one by one from the stock (the viewer's face up)."""
        if self.layout is not None and event.seating and event.seating != self.layout.seating:
            self.layout = Layout(  # the table was reseated: the plates move before the deal
                self.layout.w,
                self.layout.h,
                self.view.players,
                max(self.viewer, 0),
                ASPECTS[self.shape],
                seating=event.seating,
                seat_piles=self._seat_piles(),
            )
        lay = self.layout
        assert lay is not None
        n = self.view.players
        self.shown = Shown(turn=event.first, direction=1, scores=event.scores, standings=event.standings)
        self.round_over_seen = False
        self.match_over_seen = False
        self.log.clear()
        self.log.append(self.said(self.preset_ui.log_round, round=event.round_no, match=event.match_no))
        self.log.extend(self.carry)  # what happened just before the deal (a seat draw ...)
        self.carry.clear()
        order = []
        seating = event.seating or tuple(range(n))  # the deal goes clockwise round the table
        for lap in range(max(event.sizes)):
            for k in range(n):
                seat = seating[(seating.index(event.first) + k) % n]
                if lap < event.sizes[seat]:
                    order.append((seat, lap))
        total = len(order) + 1
        self.stock_hold = total
        step = 0.055
        mine = event.hands[self.viewer] if 0 <= self.viewer < n else None
        for i, (seat, lap) in enumerate(order):
            delay = i * step

            def landed(seat: int = seat) -> None:
                self.stock_hold = max(0, self.stock_hold - 1)

            if seat == self.viewer and mine is not None:
                card = mine[lap]
                self.hidden[card.id] += 1
                slots = lay.hand_positions(len(mine))
                idx = sorted(mine).index(card)
                end, angle = slots[idx]

                def done(cid: int = card.id, f=landed) -> None:
                    self._land(cid)()
                    f()

                self._fly(
                    card,
                    lay.stock,
                    end,
                    0,
                    angle,
                    lay.pile_card_h,
                    lay.hand_card_h,
                    0.32,
                    delay,
                    True,
                    done,
                )
            else:
                self.hidden_backs[seat] += 1
                spot = lay.spots[seat]

                def done_back(s: int = seat, f=landed) -> None:
                    self._land_back(s)()
                    f()

                self._fly(
                    None,
                    lay.stock,
                    spot.hand,
                    0,
                    0,
                    lay.pile_card_h,
                    lay.small_card_h,
                    0.32,
                    delay,
                    False,
                    done_back,
                )
        field_card = event.field
        self.hidden[field_card.id] += 1
        end, angle = lay.field_offset(field_card.id, 0)

        def field_done(cid: int = field_card.id) -> None:
            self._land(cid)()
            self.stock_hold = 0

        self._fly(
            field_card,
            lay.stock,
            end,
            0,
            angle,
            lay.pile_card_h,
            lay.pile_card_h,
            0.35,
            len(order) * step,
            True,
            field_done,
        )
        self.on_sound("deal")
        self.wait = len(order) * step * (REDUCED_FLIGHT if self.reduced() else 1.0) + 0.4
        return True

    def _on_played(self, event: Played) -> bool:
        """Cards fly from the player's hand onto the field."""
        lay = self.layout
        assert lay is not None
        seat = event.seat
        for k, card in enumerate(event.cards):
            start, a0, h0 = self._hand_origin(seat, card)
            if event.pile == "field":
                end, angle = self.field_point(card)
            else:  # onto one of the preset's own piles (a pile of the player's own ...)
                end, angle = self.pile_point(event.pile), 0.0
            self.hidden[card.id] += 1
            self._fly(
                card,
                start,
                end,
                a0,
                angle,
                h0,
                lay.pile_card_h,
                0.38,
                k * 0.08,
                True,
                self._land(card.id),
            )
        if seat in self.shown.last_one and event.left != 1:
            self.shown.last_one.discard(seat)
        self.shown.field_suit = None
        self.on_sound("play")
        self.log.append(self.log_line(event))
        self.wait = 0.3
        return True

    def _on_drew(self, event: Drew) -> bool:
        """Cards fly from the stock into a hand (face down for another seat's)."""
        lay = self.layout
        assert lay is not None
        seat = event.seat
        if event.count == 0:
            self.log.append(self.log_line(event))
            return False
        for k in range(event.count):
            delay = k * 0.09
            if seat == self.viewer and event.cards:
                card = event.cards[k]
                self.hidden[card.id] += 1
                hand = self.view.hand
                # a LAN view can be ahead of the events still shown (the round over, the hand empty):
                # such a card flies to where a hand's one card would be
                slots = lay.hand_positions(max(1, len(hand)))
                idx = hand.index(card) if card in hand else len(slots) - 1
                end, angle = slots[idx]
                self._fly(
                    card,
                    lay.stock,
                    end,
                    0,
                    angle,
                    lay.pile_card_h,
                    lay.hand_card_h,
                    0.34,
                    delay,
                    True,
                    self._land(card.id),
                )
            else:
                self.hidden_backs[seat] += 1
                spot = lay.spots[seat]
                target = spot.hand if seat != self.viewer else (lay.w * 0.5, lay.hand_y)
                self._fly(
                    None,
                    lay.stock,
                    target,
                    0,
                    0,
                    lay.pile_card_h,
                    lay.small_card_h,
                    0.34,
                    delay,
                    False,
                    self._land_back(seat),
                )
        if seat in self.shown.last_one:
            self.shown.last_one.discard(seat)
        self.on_sound("draw")
        self.log.append(self.log_line(event))
        self.wait = 0.2 + 0.09 * event.count
        return True

    def _on_reshuffled(self, event: Reshuffled) -> bool:
        """A few backs fly from the field to the stock."""
        lay = self.layout
        assert lay is not None
        for k in range(min(event.count, 8)):
            self._fly(
                None, lay.field, lay.stock, 0, 0, lay.pile_card_h, lay.pile_card_h, 0.4, k * 0.05, False
            )
        self.on_sound("shuffle")
        self.log.append(self.said("log.reshuffled", count=event.count))
        self.wait = 0.55
        return True

    def _on_suit_chosen(self, event: SuitChosen) -> bool:
        """The suit in force changes: its badge pulses."""
        self.shown.field_suit = event.suit
        self.pulses["suit"] = Tween(0.6, pytweening.easeOutQuad)
        self.log.append(self.log_line(event))
        return False

    def _on_draw_chain_changed(self, event: DrawChainChanged) -> bool:
        """The pending draw changes: its badge pulses."""
        self.shown.chain_links = event.links
        self.shown.chain_cards = event.cards
        self.pulses["chain"] = Tween(0.6, pytweening.easeOutQuad)
        return False

    def _on_direction_changed(self, event: DirectionChanged) -> bool:
        """The direction ring spins round."""
        self.shown.direction = event.direction
        self.ring_spin = Tween(0.9, pytweening.easeInOutQuad)
        self.log.append(self.log_line(event))
        return False

    def _on_turn_changed(self, event: TurnChanged) -> bool:
        """The turn plate moves (a sound when it becomes the viewer's)."""
        if event.seat == self.viewer and self.viewer_plays and self.shown.turn != event.seat:
            self.on_sound("your_turn")
        self.shown.turn = event.seat
        return False

    def _on_window_opened(self, event: WindowOpened) -> bool:
        """The reaction ring starts round the card it is on: the field card, or the top of the preset
        pile it was placed on (super: a player's own pile), so a dobon visibly names that pile."""
        self.shown.window = (event.placer, self.time)
        self.shown.window_pile = self.window_pile(event.cards[-1])
        return False

    def window_pile(self, card: Card) -> str | None:
        """Where the card a window is on lies: a preset's pile, a hand laid down (jda's gaeshi is on
        the top card of a dobon's hand: the region of that seat's laid cards), or the field (None)."""
        for name, cards in self.view.piles.items():
            if cards and cards[-1] is card:
                return name
        for seat, laid in enumerate(self.view.laid):
            if laid and laid[-1] is card:
                return "hand" if seat == self.viewer else f"laid:{seat}"
        return None

    def _on_last_one(self, event: LastOneDeclared) -> bool:
        """A "last one" call: the seat's plate says so, and the log."""
        self.shown.last_one.add(event.seat)
        self.log.append(self.log_line(event))
        return False

    def _on_timed_out(self, event: TimedOut) -> bool:
        """The referee called time on a seat: said in the log (what it costs follows as events)."""
        self.log.append(self.log_line(event))
        self.wait = 0.3
        return True

    def _on_time_up(self, event: TimeUp) -> bool:
        """The match's time is up: said in the log and over the table (the game in play goes on)."""
        self.log.append(self.said("log.time_up"))
        lay = self.layout
        if lay is not None:
            self.splashes.append(
                Splash(tr("table.match_time_up"), "", GOLD, Tween(1.2, pytweening.linear), lay.centre)
            )
        self.wait = 0.6
        return True

    def _on_turn_queued(self, event: TurnQueued) -> bool:
        """The next player acted during the window: their move waits for it to close."""
        if event.seat == self.viewer:
            self.log.append(self.said("log.queued_you"))
        else:
            self.log.append(self.said("log.queued", event.seat))
        return False

    def _on_queue_dropped(self, event: QueueDropped) -> bool:
        self.log.append(self.said("log.queue_dropped", event.seat))
        return False

    def _on_window_closed(self, event: WindowClosed) -> bool:
        """The reaction ring goes."""
        self.shown.window = None
        return False

    def _on_dobon_called(self, event: DobonCalled) -> bool:
        """DOBON! over the caller, their hand shown."""
        lay = self.layout
        assert lay is not None
        self.shown.revealed[event.seat] = event.hand
        word = tr("table.gaeshi") if event.gaeshi else tr("table.dobon_splash")
        spot = lay.spots[event.seat]
        self.splashes.append(
            Splash(word, self.seat_name(event.seat), RED, Tween(1.6, pytweening.linear), spot.centre)
        )
        self.on_sound("dobon")
        self.log.append(self.log_line(event))
        self.wait = 1.0
        return True

    def _on_hand_laid_down(self, event: HandLaidDown) -> bool:
        """A laid-down hand is drawn on the field, not as revealed."""
        self.shown.revealed.pop(event.seat, None)
        return False

    def _on_round_ended(self, event: RoundEnded) -> bool:
        """Scores as the round left them; the result screen follows."""
        self.shown.scores = event.scores
        self.shown.standings = event.standings
        self.on_sound("round_end")
        self.round_over_seen = True
        self.wait = 0.6
        return True

    def _on_match_ended(self, event: MatchEnded) -> bool:
        """The final standings follow."""
        self.match_over_seen = True
        return False

    def _on_moved(self, event: Moved) -> bool:
        """Cards a preset's own rule moves between piles fly there, face up if this seat may see them."""
        lay = self.layout
        assert lay is not None
        cards: tuple[Card | None, ...] = event.cards if event.cards is not None else (None,) * event.count
        target_owner = owner_of(event.target)
        for k, card in enumerate(cards):
            start = self._point_of(event.source, card)
            end = self._point_of(event.target, card)
            if card is not None:
                self.hidden[card.id] += 1
                done = self._land(card.id)
            elif event.target.startswith("hand/") and target_owner is not None:
                self.hidden_backs[target_owner] += 1
                done = self._land_back(target_owner)
            else:
                self.pile_hold[event.target] += 1
                done = self._arrive(self.pile_hold, event.target)
            h = lay.small_card_h if event.target.startswith("hand/") else lay.pile_card_h
            self._fly(card, start, end, 0.0, 0.0, h, h, 0.36, k * 0.08, card is not None, done)
        self.wait = 0.2
        return True

    def _point_of(self, pile: str, card: Card | None) -> Point:
        """Where a pile sits on the table, for a card flying from or to it."""
        lay = self.layout
        assert lay is not None
        if pile == "stock":
            return lay.stock
        if pile == "field":
            return lay.field
        seat = owner_of(pile)
        if pile.startswith("hand/") and seat is not None:
            if seat == self.viewer and card is not None:
                return self._hand_origin(seat, card)[0]
            return lay.spots[seat].hand
        if pile.startswith("laid/") and seat is not None:
            return lay.spots[seat].laid
        return self.pile_point(pile)

    def pile_point(self, name: str) -> Point:
        """Where one of the preset's own piles is drawn: another seat's between its hand and the centre;
        the viewer's own, then the shared ones, in a row to the right of the field pile."""
        lay = self.layout
        assert lay is not None
        seat = owner_of(name)
        if seat is not None and seat != self.viewer and seat in lay.spots:
            # under the seat's name plate (towards the middle of the table), side by side
            mine = [p for p in self.view.pile_sizes if owner_of(p) == seat]
            index = mine.index(name) if name in mine else 0
            spot = lay.spots[seat]
            plate = self.regions.get(f"plate:{seat}")
            if plate is None:  # before the first frame: about where the plate will be
                plate = pygame.Rect(0, 0, lay.plate_width(seat), lay.text_size * 3)
                plate.center = (int(spot.centre[0]), int(spot.centre[1]))
            card_w, card_h = lay.small_card_h * lay.aspect, lay.small_card_h
            shift = index - (len(mine) - 1) / 2
            if lay.pile_below(seat):  # under the plate, towards the middle
                return (plate.centerx + shift * card_w * 1.25, plate.bottom + card_h * 0.55)
            # beside the plate, on the side that faces the middle, so the seats up the sides stay close
            out = 1 if spot.centre[0] < lay.centre[0] else -1
            edge = plate.right if out > 0 else plate.left
            return (edge + out * card_w * (0.6 + 1.25 * index), plate.centery)
        row = [p for p in self.view.pile_sizes if owner_of(p) == seat]
        index = row.index(name) if name in row else len(row)
        if seat is None:  # a shared pile: in a row left of the stock, as the field pile is right of it
            step = lay.pile_card_h * lay.aspect * 1.3
            return (lay.stock[0] - step * (index + 1), lay.stock[1])
        # your own: in a row just right of your name plate, before your hand
        plate = self.regions.get(f"plate:{seat}")
        if plate is None:
            plate = pygame.Rect(
                12, lay.plate_bottom - lay.text_size * 4, lay.plate_width(seat), lay.text_size * 4
            )
        card_w, card_h = lay.small_card_h * lay.aspect, lay.small_card_h
        return (plate.right + 4 + card_w * (0.5 + 1.25 * index), plate.centery - lay.text_size * 0.5)

    def _draw_piles(self, dest: pygame.Surface) -> None:
        """The preset's own piles: the top card where this seat may see it (a back otherwise), and how
        many cards the pile holds."""
        lay = self.layout
        assert lay is not None
        view = self.view
        for name, size in view.pile_sizes.items():
            seen = [c for c in view.piles.get(name, ()) if c.id not in self.hidden]  # landed ones
            count = len(seen) if name in view.piles else size - self.pile_hold.get(name, 0)
            at = self.pile_point(name)
            seat = owner_of(name)
            h = lay.small_card_h if seat is not None else lay.pile_card_h
            rect = pygame.Rect(0, 0, int(h * lay.aspect), h)
            rect.center = (int(at[0]), int(at[1]))
            fanned = name.startswith(self.preset_ui.fanned_piles) if self.preset_ui.fanned_piles else False
            if count <= 0:
                if not self.preset_ui.empty_pile_outline:
                    self.regions.pop(f"pile:{name}", None)
                    continue
                pygame.draw.rect(dest, (255, 255, 255), rect, 1, border_radius=8)  # an empty pile's place
                label = self.preset_ui.empty_pile_label(name)
                if label:  # what the empty place is for (super: each player's own pile), a word a line
                    self._label_inside(dest, rect, label)
            elif fanned and len(seen) > 1:  # every card shows (kabu's trumps: each may be answered)
                step = rect.width * 0.5
                x0 = at[0] - step * (len(seen) - 1) * (1 - self._fan_side(seat)) / 2
                for k, card in enumerate(seen):
                    rect = rect.union(self.blit_card(dest, card, (x0 + k * step, at[1]), h, 0, True))
            else:
                top = seen[-1] if seen else None
                rect = self.blit_card(dest, top, at, h, 0, top is not None)
                if count > 1:
                    label = self.text(str(count), max(12, h // 6), WHITE, True)
                    dest.blit(label, label.get_rect(midtop=(rect.centerx, rect.bottom + 2)))
            self.regions[f"pile:{name}"] = rect

    def _label_inside(self, dest: pygame.Surface, rect: pygame.Rect, label: str) -> None:
        """`label` inside an empty pile's outline, one word a line (a run without spaces, such as
        Japanese, is one line), as large as fits the outline's width."""
        words = label.split() or [label]
        # as large as the outline holds (a fixed seventh of its height read as a smudge: "own pile" at 9 px)
        size = max(9, rect.height // 4)
        while size > 9 and (
            max(self.font(size).size(w)[0] for w in words) > rect.width - 8
            or len(words) * self.font(size).get_linesize() > rect.height - 8
        ):
            size -= 1
        lines = [
            self.text(clip_to_width(self.font(size), w, rect.width - 4), size, (220, 220, 210)) for w in words
        ]
        y = rect.centery - sum(line.get_height() for line in lines) // 2
        for line in lines:
            dest.blit(line, line.get_rect(midtop=(rect.centerx, y)))
            y += line.get_height()

    def _spread_index(self, card: Card) -> tuple[int, int] | None:
        """(place, count) of `card` in the last play where the preset spreads a play of several cards
        on the field so each shows (kabu: a dobon names one of them), else None."""
        if not self.preset_ui.spread_last_play:
            return None
        last = self.view.extra.get("last_play") or ()
        ids = [c.id for c in last]
        if len(ids) < 2 or card.id not in ids:
            return None
        return ids.index(card.id), len(ids)

    def field_point(self, card: Card) -> tuple[Point, float]:
        """Where a card lies on the field pile: a small stable jitter, or its place in a spread play."""
        lay = self.layout
        assert lay is not None
        (x, y), angle = lay.field_offset(card.id, 0)
        spread = self._spread_index(card)
        if spread is None:
            return (x, y), angle
        place, count = spread
        step = lay.pile_card_h * lay.aspect * 0.62
        return (lay.field[0] + (place - (count - 1) / 2) * step, y), angle * 0.3

    def _fan_side(self, seat: int | None) -> int:
        """Which way a fanned pile grows from where a single card would lie: away from its seat's
        plate (1: rightwards, -1: leftwards), or both ways (0) for a pile under a plate or shared."""
        lay = self.layout
        assert lay is not None
        if seat is None or (seat != self.viewer and lay.pile_below(seat)):
            return 0
        if seat == self.viewer:
            return 1
        return 1 if lay.spots[seat].centre[0] < lay.centre[0] else -1

    def _hand_origin(self, seat: int, card: Card) -> tuple[Point, float, int]:
        """Where a card that just left `seat`'s hand was sitting."""
        lay = self.layout
        assert lay is not None
        if seat == self.viewer:
            before = sorted([*self.view.hand, card])
            slots = lay.hand_positions(len(before))
            idx = before.index(card)
            pos, angle = slots[idx]
            return pos, angle, lay.hand_card_h
        return lay.spots[seat].hand, 0.0, lay.small_card_h

    # ------------------------------------------------------------------ drawing helpers

    def set_size(self, w: int, h: int) -> None:
        seating = self.view.order
        if self.layout is None or (self.layout.w, self.layout.h, self.layout.seating) != (w, h, seating):
            self.layout = Layout(
                w,
                h,
                self.view.players,
                max(self.viewer, 0),
                ASPECTS[self.shape],
                seating=seating,
                seat_piles=self._seat_piles(),
            )
            self._felt = None
            self._rot.clear()
            self._fans.clear()  # placed by the layout
            self._plate_room.clear()
            self._plate_faces.clear()

    def _seat_piles(self) -> int:
        """How many piles of its own each seat has on the table (the layout leaves room for them)."""
        owners = [owner_of(p) for p in self.view.pile_sizes]
        return max((owners.count(s) for s in range(self.view.players)), default=0)

    def font(self, size: int, bold: bool = False) -> pygame.font.Font:
        key = (size, bold)
        if key not in self._fonts:
            self._fonts[key] = pygame.font.Font(font_path(bold), size)
        return self._fonts[key]

    def text(self, s: str, size: int, colour=WHITE, bold: bool = False) -> pygame.Surface:
        key = (s, size, colour, bold)
        surf = self._text.get(key)
        if surf is None:
            if len(self._text) > 600:
                self._text.clear()
            surf = render(self.font(size, bold), s, colour)
            self._text[key] = surf
        return surf

    def _art(self, h: int) -> CardArt:
        art = self.art.get(h)
        if art is None:
            art = self.art[h] = CardArt(h, shape=self.shape)
        return art

    def _base_height(self, h: int) -> int:
        """Card art is drawn at the layout's few sizes only; anything between (a card in flight) is
        scaled from the nearest larger one."""
        lay = self.layout
        assert lay is not None
        sizes = sorted({lay.small_card_h, lay.reveal_card_h, lay.pile_card_h, lay.hand_card_h})
        for size in sizes:
            if size >= h - 1:
                return size
        return sizes[-1]

    def card_surface(self, card: Card | None, h: int, angle: float, face_up: bool = True) -> pygame.Surface:
        base_h = self._base_height(int(h))
        a = round(angle) % 360
        face = card.face if card is not None and face_up else "back"
        exact = abs(base_h - h) <= 1
        key = (face, base_h, a, palette.current())  # a palette switched mid-game redraws every card
        surf = self._rot.get(key) if exact else None
        if surf is None:
            art = self._art(base_h)
            base = art.face(card) if card is not None and face_up else art.back()
            if exact:
                surf = base if a == 0 else fast_alpha(pygame.transform.rotozoom(base, a, 1.0))
                if len(self._rot) > 2500:
                    self._rot.clear()
                self._rot[key] = surf
            else:  # in flight: scaled and turned every frame, not worth caching
                surf = pygame.transform.rotozoom(base, a, h / base_h)
        return surf

    def blit_card(
        self, dest: pygame.Surface, card: Card | None, pos: Point, h: int, angle: float = 0, face_up=True
    ) -> pygame.Rect:
        surf = self.card_surface(card, h, angle, face_up)
        rect = surf.get_rect(center=(int(pos[0]), int(pos[1])))
        shadow = self._shadow_for(surf.get_size())
        dest.blit(shadow, rect.move(3, 5))
        dest.blit(surf, rect)
        return rect

    def _shadow_for(self, size: tuple[int, int]) -> pygame.Surface:
        key = (size[0] // 4, size[1] // 4)
        s = self._shadow.get(key)
        if s is None:
            s = pygame.Surface(size, pygame.SRCALPHA)
            r = s.get_rect().inflate(-6, -6)
            pygame.draw.rect(s, (0, 0, 0, 70), r, border_radius=max(4, size[1] // 14))
            s = pygame.transform.smoothscale(
                pygame.transform.smoothscale(s, (max(1, size[0] // 4), max(1, size[1] // 4))), size
            )
            self._shadow[key] = s = fast_alpha(s)
        return s

    def _plate_back(self, size: tuple[int, int]) -> pygame.Surface:
        """A name plate's dark, rounded backing, made once per size (six plates are drawn a frame)."""
        back = self._plate_backs.get(size)
        if back is None:
            back = pygame.Surface(size, pygame.SRCALPHA)
            pygame.draw.rect(back, (0, 0, 0, 150), back.get_rect(), border_radius=10)
            if len(self._plate_backs) > 64:
                self._plate_backs.clear()
            self._plate_backs[size] = back = fast_alpha(back)
        return back

    def felt(self) -> pygame.Surface:
        lay = self.layout
        assert lay is not None
        if self._felt is None:
            w, h = lay.w, lay.h
            small = pygame.Surface((64, 36))
            for y in range(36):
                for x in range(64):
                    dx, dy = (x - 32) / 32, (y - 15) / 22
                    d = min(1.0, math.sqrt(dx * dx + dy * dy))
                    small.set_at(
                        (x, y),
                        tuple(int(lerp(c1, c0, d * d)) for c0, c1 in zip(FELT_DARK, FELT, strict=True)),
                    )
            felt = pygame.transform.smoothscale(small, (w, h))
            rim = pygame.Rect(0, 0, int(w * 0.9), int(h * 0.78))
            rim.center = (int(lay.centre[0]), int(lay.centre[1] + h * 0.02))
            pygame.draw.ellipse(felt, (28, 110, 74), rim, 3)
            pygame.draw.ellipse(felt, (16, 70, 48), rim.inflate(-16, -16), 1)
            self._felt = felt.convert() if pygame.display.get_surface() else felt
        return self._felt

    # ------------------------------------------------------------------ the frame

    def draw(self, dest: pygame.Surface) -> None:
        lay = self.layout
        assert lay is not None
        n = self.view.players
        self.regions = {}
        self.clocks_drawn = {}
        self.glowing = set()
        dest.blit(self.felt(), (0, 0))
        self._draw_direction(dest)
        self._draw_stock(dest)
        self._draw_field(dest)
        for seat in range(n):
            if seat != self.viewer:
                self._draw_seat(dest, seat)
        if 0 <= self.viewer < n:
            self._draw_own(dest)
        self._draw_piles(dest)  # placed by the plates just drawn
        self._draw_window_ring(dest)
        for f in self.flights:
            if not f.tween.started:
                continue
            t = 1.0 if self.reduced() else f.tween.t  # reduced motion: already where it lands
            pos = lerp2(f.start, f.end, t)
            lift = 0.0 if t >= 1 else math.sin(t * math.pi) * lay.unit * 0.03
            self.blit_card(
                dest,
                f.card,
                (pos[0], pos[1] - lift),
                int(lerp(f.h0, f.h1, t)),
                lerp(f.angle0, f.angle1, t),
                f.face_up,
            )
        self._draw_splashes(dest)
        self._draw_log(dest)
        self._draw_match_clock(dest)

    def _draw_direction(self, dest: pygame.Surface) -> None:
        lay = self.layout
        assert lay is not None
        cx, cy = lay.centre
        r = lay.pile_card_h * 1.28
        direction = self.shown.direction
        spin = (1 - self.ring_spin.t) * 180 if not self.ring_spin.done else 0
        base = 0.0 if self.reduced() else self.time * 8 * direction + spin * direction
        colour = (255, 255, 255, 50)
        side = int(r * 2 + 24)
        ring = self._ring
        if ring is None or ring.get_size() != (side, side):
            ring = self._ring = pygame.Surface((side, side), pygame.SRCALPHA)
        else:
            ring.fill((0, 0, 0, 0))  # as a new canvas is
        c = ring.get_width() / 2
        for k in range(3):
            a0 = math.radians(base + k * 120)
            pts = [
                (c + r * math.cos(a0 + i * 0.05), c + r * 0.62 * math.sin(a0 + i * 0.05)) for i in range(16)
            ]
            pygame.draw.lines(ring, colour, False, pts, 4)
            end = pts[-1] if direction > 0 else pts[0]
            prev = pts[-2] if direction > 0 else pts[1]
            ang = math.atan2(end[1] - prev[1], end[0] - prev[0])
            tip = (end[0] + math.cos(ang) * 12, end[1] + math.sin(ang) * 12)
            left = (end[0] + math.cos(ang + 2.4) * 10, end[1] + math.sin(ang + 2.4) * 10)
            right = (end[0] + math.cos(ang - 2.4) * 10, end[1] + math.sin(ang - 2.4) * 10)
            pygame.draw.polygon(ring, colour, [tip, left, right])
        dest.blit(ring, ring.get_rect(center=(int(cx), int(cy))))

    def _draw_stock(self, dest: pygame.Surface) -> None:
        lay = self.layout
        assert lay is not None
        count = self.view.stock + self.stock_hold
        if count <= 0:  # an empty place, and what a draw does now (app, standard, super: a reshuffle)
            pygame.draw.rect(dest, (255, 255, 255), self._pile_rect(lay.stock), 2, border_radius=10)
            reshuffles = self.rebuilds_on_draw and len(self.view.discard) > 1
            words = self._tr("table.stock_reshuffles" if reshuffles else "table.stock_empty")
        else:
            words = str(count)
        dest.blits(self._stock_pile(min(6, 1 + count // 8) if count > 0 else 0), doreturn=False)
        label = self.text(words, max(14, lay.pile_card_h // 7), WHITE, True)
        at = label.get_rect(center=(int(lay.stock[0]), int(lay.stock[1] + lay.pile_card_h * 0.62)))
        dest.blit(label, at)
        self.regions["stock"] = self._pile_rect(lay.stock).inflate(8, 8).union(at)

    def _stock_pile(self, backs: int) -> list[tuple[pygame.Surface, pygame.Rect]]:
        """The stock's `backs` cards, each a little up and left of the one before, as the blits
        `blit_card` would make (shadow, card, ...): placed once per height of the pile."""
        lay = self.layout
        assert lay is not None
        key = ("stock", backs, palette.current())
        pile = self._fans.get(key)
        if pile is None:
            blits: list[tuple[pygame.Surface, pygame.Rect]] = []
            for i in range(backs):
                surf = self.card_surface(None, lay.pile_card_h, 0, False)
                rect = surf.get_rect(center=(int(lay.stock[0] - i * 1.5), int(lay.stock[1] - i * 1.5)))
                blits += [(self._shadow_for(surf.get_size()), rect.move(3, 5)), (surf, rect)]
            self._fans[key] = pile = (blits, None)
        return pile[0]

    def _pile_rect(self, at: Point) -> pygame.Rect:
        lay = self.layout
        assert lay is not None
        r = pygame.Rect(0, 0, int(lay.pile_card_h * lay.aspect), lay.pile_card_h)
        r.center = (int(at[0]), int(at[1]))
        return r

    def stock_rect(self) -> pygame.Rect:
        assert self.layout is not None
        return self._pile_rect(self.layout.stock)

    def _draw_window_ring(self, dest: pygame.Surface) -> None:
        """The reaction window: a ring round the card it is on (the same after every play)."""
        lay = self.layout
        assert lay is not None
        if self.shown.window is None:
            return
        opened = self.shown.window[1]
        phase = (self.time - opened) * 2.0
        alpha = int(120 + 100 * math.sin(phase * 3))
        pile = self.shown.window_pile
        on_pile = (
            self.regions.get(pile if pile in ("hand",) or ":" in pile else f"pile:{pile}") if pile else None
        )
        rect = on_pile.inflate(16, 16) if on_pile is not None else self._pile_rect(lay.field).inflate(28, 28)
        if on_pile is None and self.preset_ui.spread_last_play and "field" in self.regions:
            rect = rect.union(self.regions["field"].inflate(8, 8))  # round every card of a spread play
        glow = pygame.Surface(rect.size, pygame.SRCALPHA)
        pygame.draw.rect(glow, (255, 220, 120, alpha), glow.get_rect(), 4, border_radius=16)
        dest.blit(glow, rect)

    def _draw_field(self, dest: pygame.Surface) -> None:
        lay = self.layout
        assert lay is not None
        pile = [c for c in self.view.discard if c.id not in self.hidden][-5:]
        self.regions["field"] = self._pile_rect(lay.field).inflate(lay.pile_card_h // 3, lay.pile_card_h // 6)
        for _depth, card in enumerate(pile):
            pos, angle = self.field_point(card)
            drawn = self.blit_card(dest, card, pos, lay.pile_card_h, angle)
            if self._spread_index(card) is not None:  # a spread play: the field is all of it
                self.regions["field"] = self.regions["field"].union(drawn)
        top = pile[-1] if pile else None
        fx, fy = lay.field
        # suit in force, where it differs from the card shown
        suit = self.shown.field_suit
        if suit is not None and top is not None and suit is not top.suit:
            pulse = self.pulses.get("suit")
            grow = 1 + (0.35 * (1 - pulse.t) if pulse and not pulse.done and not self.reduced() else 0)
            r = int(lay.pile_card_h * 0.2 * grow)
            centre = (int(fx + lay.pile_card_h * 0.62), int(fy - lay.pile_card_h * 0.42))
            pygame.draw.circle(dest, (250, 248, 240), centre, r)
            pygame.draw.circle(dest, GOLD, centre, r, 3)
            glyph = self.text(suit.symbol, int(r * 1.3), SUIT_COLOURS[suit], True)
            dest.blit(glyph, glyph.get_rect(center=centre))
            self.regions["suit"] = pygame.Rect(centre[0] - r, centre[1] - r, 2 * r, 2 * r)
        # draw chain / binding
        if self.shown.chain_links:
            pulse = self.pulses.get("chain")
            grow = 1 + (0.4 * (1 - pulse.t) if pulse and not pulse.done and not self.reduced() else 0)
            label = self.preset_ui.chain_label(self.shown.chain_cards)
            surf = self.text(label, int(lay.pile_card_h * 0.2 * grow), (255, 255, 255), True)
            box = surf.get_rect(
                center=(int(fx + lay.pile_card_h * 0.62), int(fy + lay.pile_card_h * 0.42))
            ).inflate(18, 8)
            pygame.draw.rect(dest, RED, box, border_radius=12)
            pygame.draw.rect(dest, GOLD, box, 2, border_radius=12)
            dest.blit(surf, surf.get_rect(center=box.center))
            self.regions["chain"] = box
        # the preset's own badges (a colour in force ...), stacked upwards above the field card
        size = max(13, int(lay.pile_card_h * 0.15))
        bottom = min(fy - lay.pile_card_h * 0.6, self.regions["field"].top - 6)  # clear of a tall card
        for i, (label, colour) in enumerate(self.preset_ui.indicators(self.view)):
            surf = self.text(label, size, WHITE, True)
            box = surf.get_rect(midbottom=(int(fx), int(bottom))).inflate(16, 8)
            pygame.draw.rect(dest, colour, box, border_radius=12)
            pygame.draw.rect(dest, GOLD, box, 2, border_radius=12)
            dest.blit(surf, surf.get_rect(center=box.center))
            self.regions[f"indicator:{i}"] = box
            bottom = box.top - 6

    def _plate(self, dest: pygame.Surface, seat: int, centre: Point) -> pygame.Rect:
        lay = self.layout
        assert lay is not None
        view = self.view
        standings = self.shown.standings or view.standings
        count = view.hand_sizes[seat] - self.hidden_backs.get(seat, 0)
        if seat == self.viewer:  # your own cards still on their way to you
            count -= sum(1 for c in view.hand if c.id in self.hidden)
        hint_lines = tuple((t, c) for t, c in self._hints() if t) if seat == self.viewer else ()
        clock = self.seat_clocks.get(seat)
        # a hand laid face up by its plate (jda's dobon caller) is no hand held, but "no cards" under
        # cards in plain view reads as a mistake: the plate counts them as laid down (a negative count)
        laid = len(view.laid[seat]) if view.laid and count <= 0 else 0
        # what the plate's words and size depend on (the layout's sizes too: kept per layout)
        shape = (
            seat,
            self.seat_name(seat),
            standings[seat],
            -laid if laid else max(0, count),
            hint_lines,
            clock is not None,
            centre,
        )
        key = (*shape, i18n.get("locale"))
        face = self._plate_faces.get(key)
        if face is None:
            if len(self._plate_faces) > 256:
                self._plate_faces.clear()
            face = self._plate_faces[key] = self._plate_face(*shape)
        box, name, score, cards, hints, dial_r = face
        box = box.copy()  # the kept one stays as made
        size = lay.text_size
        turn = (
            seat == self.viewer
            if self.cued
            else self.shown.turn == seat and view.phase in ("turn", "reaction")
        )
        dest.blit(self._plate_back(box.size), box)
        if turn:
            self.glowing.add(seat)
            glow = int(180 + 70 * math.sin(self.time * 5))
            pygame.draw.rect(dest, (255, 214, 90), box.inflate(6, 6), 3, border_radius=12)
            pygame.draw.rect(dest, (255, 214, 90, glow), box.inflate(12, 12), 1, border_radius=14)
        dest.blit(name, (box.x + 12, box.y + 4))
        dest.blit(score, (box.x + 12, box.y + 6 + name.get_height()))
        beside = clock is not None and seat != self.viewer
        right = box.right - (2 * dial_r + 8 if beside else 0)
        dest.blit(cards, (right - 12 - cards.get_width(), box.y + 6 + name.get_height()))
        if clock is not None:
            left, span = clock
            if beside:
                at = (right + dial_r - 4, box.y + 6 + (name.get_height() + score.get_height()) // 2)
            else:  # your own time: a larger dial just above your plate, where your eyes are
                dial_r = int(dial_r * 1.25)
                at = (box.x + dial_r + 2, box.top - 10 - dial_r)
            low = left <= CLOCK_LOW_S
            dial = draw_dial(
                self,
                dest,
                at,
                dial_r,
                left / span if span > 0 else 0.0,
                math.ceil(left),
                (210, 80, 70) if low else GOLD,
                WHITE if low else (20, 20, 20),
            )
            self.clocks_drawn[seat] = (dial, math.ceil(left))
        y = box.y + 8 + name.get_height() + score.get_height()
        for hint in hints:
            dest.blit(hint, (box.x + 12, y))
            y += hint.get_height() + 2
        self.regions[f"plate:{seat}"] = box.inflate(12, 12)
        if seat in self.clocks_drawn:
            self._note(f"plate:{seat}", self.clocks_drawn[seat][0])
        if seat in self.away:  # LAN: silent for a few seconds; AI stands in if it lasts
            badge = self.text(self._tr("table.away_badge"), size - 2, (235, 235, 235), True)
            b = badge.get_rect().inflate(12, 4)
            b.center = (box.right - b.width // 2 - 6, box.top)  # on the plate's top edge, at its right
            pygame.draw.rect(dest, (90, 90, 96), b, border_radius=8)
            pygame.draw.rect(dest, (200, 200, 200), b, 1, border_radius=8)
            dest.blit(badge, badge.get_rect(center=b.center))
            self._note(f"badge:{seat}", b)
        word = self.preset_ui.plate_badge(view, seat)
        if word:  # the preset's own word on the plate (a hand thrown in ...), on its top edge at the left
            badge = self.text(word, size - 2, (245, 235, 225), True)
            b = badge.get_rect().inflate(12, 4)
            b.bottomright = (box.right - 6, box.top + b.height // 2)  # on the top edge, clear of the name
            pygame.draw.rect(dest, (120, 60, 50), b, border_radius=8)
            dest.blit(badge, badge.get_rect(center=b.center))
            self._note(f"badge:{seat}", b)
        if seat in self.shown.last_one:
            badge = self.text(self._tr("table.last_one_badge"), size - 2, (40, 20, 0), True)
            b = badge.get_rect(midbottom=(box.centerx, box.y - 4)).inflate(12, 4)
            pygame.draw.rect(dest, GOLD, b, border_radius=8)
            dest.blit(badge, badge.get_rect(center=b.center))
            self.regions[f"badge:{seat}"] = b
        return box

    def _plate_face(
        self,
        seat: int,
        label: str,
        standing: Score,
        count: int,
        hint_lines: tuple[tuple[str, tuple[int, int, int]], ...],
        clocked: bool,
        centre: Point,
    ) -> tuple[pygame.Rect, pygame.Surface, pygame.Surface, pygame.Surface, list[pygame.Surface], int]:
        """A plate's box and its words (name, score, cards, your practice hints) and its dial's radius
        (`count`: the cards held; a negative count is that many laid face up by the plate, none held):
        the same for as long as these arguments are (and the layout and language), so `_plate` keeps
        them rather than measuring and fitting them every frame."""
        lay = self.layout
        assert lay is not None
        size = lay.text_size
        room = self._plate_width(seat) - 24
        label = self.fit(label, size, room)
        name = self.text(label, size, WHITE, True)
        score = self.text(score_text(standing), size - 2, (220, 230, 220))
        said = tr("table.cards", count=count) if count >= 0 else tr("table.cards_laid", count=-count)
        cards = self.text(said, size - 2, (220, 230, 220))
        hints = [self.text(self.fit(t, size - 2, room), size - 2, c, True) for t, c in hint_lines]
        w = (
            max(name.get_width(), score.get_width() + cards.get_width() + 14, *(x.get_width() for x in hints))
            + 24
        )
        h = name.get_height() + score.get_height() + 10 + sum(x.get_height() + 2 for x in hints)
        dial_r = (name.get_height() + score.get_height()) // 2  # as tall as the name and score rows
        if clocked and seat != self.viewer:  # their time to act: a dial at the plate's right end
            inner = max(w, self._plate_width(seat) - 36) - 24  # the most the plate may take, within
            row = score.get_width() + cards.get_width() + 14
            dial_r = max(8, min(dial_r, (inner - row - 8) // 2))  # smaller only where room is short
            dial = 2 * dial_r + 8
            if name.get_width() > inner - dial:  # a long name is cut shorter
                name = self.text(self.fit(label, size, max(20, inner - dial)), size, WHITE, True)
            w = max(w - 24, name.get_width() + dial, row + dial) + 24
        box = pygame.Rect(0, 0, w, h)
        if seat == self.viewer:  # yours sits in the left column, above the log
            box.bottomleft = (12, lay.plate_bottom)
        else:
            box.center = (int(centre[0]), int(centre[1]))
        return box, name, score, cards, hints, dial_r

    def _plate_width(self, seat: int) -> int:
        """`Layout.plate_width`, kept per layout (it measures against every other seat)."""
        room = self._plate_room.get(seat)
        if room is None:
            assert self.layout is not None
            room = self._plate_room[seat] = self.layout.plate_width(seat)
        return room

    def _hints(self) -> list[tuple[str | None, tuple[int, int, int]]]:
        return [
            (self.sum_hint, (255, 240, 200)),
            (self.call_hint, (255, 150, 120)),
            (self.clock_hint, (255, 200, 120)),
        ]

    def _draw_seat(self, dest: pygame.Surface, seat: int) -> None:
        lay = self.layout
        assert lay is not None
        spot = lay.spots[seat]
        revealed = self.shown.revealed.get(seat)
        if self.preset_ui.live_reveals and seat in self.view.revealed:
            # kabu: a hand stays face up while it plays on (trumps leave it; a dobon'd hand shows too)
            revealed = tuple(c for c in self.view.revealed[seat] if c.id not in self.hidden) or None
        laid = self.view.laid[seat]
        shown = revealed or laid
        count = self.hand_size(seat) - self.hidden_backs.get(seat, 0)
        # a whole hand laid down (a dobon) or shown face up (a caller's) lies where the hand was, in
        # place of its fan, clear of the name plate
        at_hand = bool(shown) and (count <= 0 or bool(revealed))
        for pos, card in zip(lay.laid_positions(seat, len(shown), at_hand), shown, strict=True):
            self._note(f"laid:{seat}", self.blit_card(dest, card, pos, lay.reveal_card_h))
        if not revealed:
            blits, covered = self._fan(seat, max(0, count))
            if covered is not None:
                dest.blits(blits, doreturn=False)
                self._note(f"hand:{seat}", covered)
        self._plate(dest, seat, spot.centre)

    def _fan(
        self, seat: int, count: int
    ) -> tuple[list[tuple[pygame.Surface, pygame.Rect]], pygame.Rect | None]:
        """A seat's fan of `count` backs as the blits `blit_card` would make, card by card (shadow,
        card, ...), and the rectangle the cards cover: the same while the count is, so placed once per
        count rather than every frame."""
        lay = self.layout
        assert lay is not None
        key = (seat, count, palette.current())
        fan = self._fans.get(key)
        if fan is None:
            blits: list[tuple[pygame.Surface, pygame.Rect]] = []
            covered: pygame.Rect | None = None
            for pos, angle in lay.small_hand_positions(seat, count):
                surf = self.card_surface(None, lay.small_card_h, angle, False)
                rect = surf.get_rect(center=(int(pos[0]), int(pos[1])))
                blits += [(self._shadow_for(surf.get_size()), rect.move(3, 5)), (surf, rect)]
                covered = rect.copy() if covered is None else covered.union(rect)
            if len(self._fans) > 256:
                self._fans.clear()
            self._fans[key] = fan = (blits, covered)
        return fan

    def _note(self, name: str, rect: pygame.Rect) -> None:
        """Grow the named region to cover `rect`."""
        known = self.regions.get(name)
        self.regions[name] = rect.copy() if known is None else known.union(rect)

    def own_card_rects(self) -> list[tuple[pygame.Rect, Card]]:
        """Clickable rectangles of the viewer's cards, topmost last."""
        lay = self.layout
        assert lay is not None
        hand = self.view.hand if 0 <= self.viewer < self.view.players else ()
        out = []
        for (pos, _angle), card in zip(lay.hand_positions(len(hand), self.hover), hand, strict=True):
            r = pygame.Rect(0, 0, int(lay.hand_card_h * lay.aspect), lay.hand_card_h)
            r.center = (int(pos[0]), int(pos[1] - self._lift(card)))
            out.append((r, card))
        return out

    def _raised(self) -> int | None:
        """The card of the hand that stands a little out of it: the one under the pointer, else the
        keyboard's cursor, but the cursor only where a card goes down alone. Where cards are picked for
        a set (kabu), a raised cursor looked exactly like a pick: the 6 looked picked, the 3 did not,
        and Enter played the 3. There the cursor is its blue ring alone; a pick stands out and carries
        a tick."""
        if self.hover is not None:
            return self.hover
        picking = bool(self.chosen) or any(
            a.kind is Kind.PLAY and len(a.cards) > 1 for a in getattr(self.view, "legal", ())
        )
        return None if picking else self.selected

    def _lift(self, card: Card) -> float:
        """How far a card picked for a play of several cards, or sent ahead, stands out of the hand."""
        assert self.layout is not None
        window = self.view.window
        ahead = window is not None and window.queued is not None and card in window.queued.cards
        return self.layout.hand_card_h * 0.16 if card.id in self.chosen or ahead else 0.0

    def _draw_own(self, dest: pygame.Surface) -> None:
        lay = self.layout
        assert lay is not None
        view = self.view
        hand = view.hand
        slots = lay.hand_positions(len(hand), self._raised())
        art = self._art(lay.hand_card_h)
        queued = view.window.queued if view.window is not None else None
        for i, ((pos, angle), card) in enumerate(zip(slots, hand, strict=True)):
            if card.id in self.hidden:
                continue
            lift = self._lift(card)
            rect = self.blit_card(dest, card, (pos[0], pos[1] - lift), lay.hand_card_h, angle)
            self._note("hand", rect)
            if lift:
                ring = art.outline(PICKED, 5)
                dest.blit(ring, ring.get_rect(center=rect.center))
                if card.id in self.chosen:
                    self._note("hand", _picked_badge(dest, rect, lay.hand_card_h))
            if card.id in self.highlight:
                ring = art.outline((255, 220, 90), 4)
                if angle:
                    ring = pygame.transform.rotozoom(ring, angle, 1.0)
                dest.blit(ring, ring.get_rect(center=rect.center))
            if card.id in self.risky:
                mark_risky(self, dest, rect, art, angle)
            if i == self.selected:
                ring = art.outline((120, 200, 255), 4)
                dest.blit(ring, ring.get_rect(center=rect.center))
            if queued is not None and card in queued.cards:  # sent ahead: it goes down next
                ring = art.outline(GOLD, 5)
                dest.blit(ring, ring.get_rect(center=rect.center))
                tag = self.text(self._tr("table.next_tag"), max(12, lay.text_size - 2), (40, 20, 0), True)
                box = tag.get_rect(midbottom=(rect.centerx, rect.top - 4)).inflate(12, 4)
                pygame.draw.rect(dest, GOLD, box, border_radius=8)
                dest.blit(tag, tag.get_rect(center=box.center))
                self._note("hand", box)
        if self.watching and not hand:  # a watcher sees that seat's cards face down, as any other's
            count = max(0, self.hand_size(self.viewer) - self.hidden_backs.get(self.viewer, 0))
            for i in range(count):
                x = lay.w / 2 + (i - (count - 1) / 2) * lay.small_card_h * 0.3
                back = self.blit_card(dest, None, (x, self.watch_hand_y()), lay.small_card_h, 0.0, False)
                self._note("hand", back)
        spot = lay.spots[self.viewer]
        self._plate(dest, self.viewer, spot.centre)
        revealed = self.shown.revealed.get(self.viewer) or view.laid[self.viewer]
        if revealed and not hand:
            for pos, card in zip(lay.laid_positions(self.viewer, len(revealed)), revealed, strict=True):
                self._note("hand", self.blit_card(dest, card, pos, lay.reveal_card_h))

    def watch_hand_y(self) -> float:
        """Where a watcher sees the foot seat's face-down cards: low at the foot of the table."""
        assert self.layout is not None
        return self.layout.h - self.layout.small_card_h * 0.62

    def _draw_splashes(self, dest: pygame.Surface) -> None:
        lay = self.layout
        assert lay is not None
        for s in self.splashes:
            t = s.tween.t
            scale = pytweening.easeOutBack(min(1.0, t * 4)) if t < 0.25 and not self.reduced() else 1.0
            alpha = 255 if t < 0.75 else int(255 * (1 - (t - 0.75) / 0.25))
            size = int(lay.unit * 0.11 * max(0.2, scale))
            word = self.text(s.text, size, s.colour, True)
            outline = self.text(s.text, size, (255, 255, 255), True)
            x = lerp(s.at[0], lay.centre[0], 0.5)
            y = lerp(s.at[1], lay.centre[1], 0.5)
            layer = pygame.Surface(
                (word.get_width() + 12, word.get_height() + 12 + int(size * 0.5)), pygame.SRCALPHA
            )
            for dx, dy in ((-3, 0), (3, 0), (0, -3), (0, 3), (-2, -2), (2, 2), (-2, 2), (2, -2)):
                layer.blit(outline, (6 + dx, 6 + dy))
            layer.blit(word, (6, 6))
            sub = self.text(s.sub, max(14, size // 3), WHITE, True)
            layer.blit(sub, sub.get_rect(midtop=(layer.get_width() // 2, word.get_height() + 4)))
            room = self._splash_room(layer.get_rect(center=(int(x), int(y))))
            if layer.get_width() > room:  # narrower than the gap between the side seats' plates
                k = room / layer.get_width()
                layer = pygame.transform.smoothscale(
                    layer, (int(layer.get_width() * k), max(1, int(layer.get_height() * k)))
                )
            layer.set_alpha(alpha)
            dest.blit(layer, layer.get_rect(center=(int(x), int(y))))
            self._note("splash", layer.get_rect(center=(int(x), int(y))))

    def _splash_room(self, rect: pygame.Rect) -> int:
        """How wide a splash centred where `rect` is may be: up to the nearest plate beside it on
        either side, at its height (the side seats' names stay readable under "Starts (bid 12)")."""
        cx = rect.centerx
        room = self.layout.w - 16 if self.layout is not None else rect.width
        for name, plate in self.regions.items():
            if not name.startswith("plate:") or plate.bottom < rect.top or plate.top > rect.bottom:
                continue
            if plate.right <= cx:
                room = min(room, 2 * (cx - plate.right) - 12)
            elif plate.left >= cx:
                room = min(room, 2 * (plate.left - cx) - 12)
        return max(80, room)

    def _draw_match_clock(self, dest: pygame.Surface) -> None:
        """A match played to a time: its clock in the top left corner, gold once the time is up."""
        if not self.match_clock:
            return
        lay = self.layout
        assert lay is not None
        up = self.match_clock_up
        surf = self.text(self.match_clock, lay.log_size + 2, (40, 20, 0) if up else WHITE, True)
        box = surf.get_rect(topleft=(14, 12)).inflate(18, 8)
        box.topleft = (10, 10)
        pygame.draw.rect(dest, GOLD if up else (20, 45, 35), box, border_radius=10)
        pygame.draw.rect(dest, GOLD, box, 1, border_radius=10)
        dest.blit(surf, surf.get_rect(center=box.center))
        self._note("match_clock", box)

    def _draw_log(self, dest: pygame.Surface) -> None:
        """The latest lines of the log in the left column under your plate, as wide as the space left of
        your hand (a line too long for it ends in "…")."""
        lay = self.layout
        assert lay is not None
        hand = self.regions.get("hand")
        right = max(lay.side_w - 8, (hand.left if hand is not None else lay.side_w) - 10)
        width = right - 12
        y = int(lay.h - 8)
        for said in list(reversed(self.log))[: lay.log_lines]:
            line = said.now() if isinstance(said, Said) else said  # in the language now chosen
            surf = self.text(self.fit(line, lay.log_size, width, bold=False), lay.log_size, (225, 235, 225))
            y -= lay.log_line_h
            dest.blit(surf, (12, y))
            self._note("log", surf.get_rect(topleft=(12, y)))

    def fit(self, line: str, size: int, width: int, bold: bool = True) -> str:
        """`line` as it is if it fits `width` pixels, else cut with "…" (ui.textfit.clip_to_width: a
        few measurements, however long the line)."""
        return self._memo(
            ("fit", line, size, width, bold), lambda: clip_to_width(self.font(size, bold), line, width)
        )

    def _memo(self, key: tuple, make: Callable[[], str]) -> str:
        """Words a frame would work out again every time it is drawn (`make`), kept by `key`, which
        holds everything they depend on."""
        words = self._words.get(key)
        if words is None:
            if len(self._words) > 2000:
                self._words.clear()
            words = self._words[key] = make()
        return words

    def _tr(self, key: str, **params: object) -> str:
        """`tr`, kept by the language now chosen (a plate says "5 cards" in every frame)."""
        memo = ("tr", i18n.get("locale"), key, *sorted(params.items()))
        return self._memo(memo, lambda: tr(key, **params))
