"""What every preset provides: a rule-set value and a rulebook.

A `RuleSet` is a frozen dataclass of the preset's parameters and house rules (a house rule is one more
field). Its `rulebook()` is the small object the engine calls for everything that differs between
families: which plays are legal, what a card does, who may call dobon on what, how calls resolve, how a
round is scored and when a match ends. The engine core (`game.engine.Game`) owns the rest.
"""

from __future__ import annotations

import copy
import re
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass, fields
from typing import TYPE_CHECKING, Any, ClassVar

from ..clues import Clue
from ..explain import by_route
from ..piles import FIELD, PileSpec, Rebuild
from ..refusals import Refusal
from ..safejson import short
from ..scores import Score

if TYPE_CHECKING:
    from ..actions import Action
    from ..cards import Card
    from ..engine import Game, Window
    from ..events import RoundResult


class RoundState:
    """A preset's own round state (`Game.ext`): the auction, claims, the last-one calls ... Subclass
    it as a dataclass; the core copies it for simulations and resets it every deal."""

    def copy(self) -> RoundState:
        """A copy for a simulation (`Game.clone`), sharing nothing that changes. By default a deep
        copy; a preset whose state is a few lists may copy them itself, faster (the AI clones often)."""
        return copy.deepcopy(self)


class MatchState:
    """A preset's own match state (`Game.match_ext`), carried over rounds: streaks, wins, laps, the
    direction in force ... Subclass it as a dataclass; `Rulebook.start_match` makes it."""

    def copy(self) -> MatchState:
        """A copy for a simulation, as `RoundState.copy`."""
        return copy.deepcopy(self)


@dataclass(frozen=True)
class RuleSet:
    """Parameters shared by every preset. Subclasses add their own fields (house rules)."""

    preset: ClassVar[str] = ""
    deck: ClassVar[str] = "52"
    min_players: ClassVar[int] = 2
    players_cap: ClassVar[int] = 6  # the most any option allows

    # each whole-number option's range (both ends included): a value outside makes no game (a
    # negative damage, a match of no rounds) or none worth waiting for, and is refused with the range
    ranges: ClassVar[dict[str, tuple[int, int]]] = {}
    card_numbers: ClassVar[tuple[int, int]] = (0, 13)  # what a card-number option may name (0: joker)

    players: int = 4
    max_players: int = 4  # the preset's default upper bound; an option may raise it to players_cap
    first_parent: int = 0

    def validate(self) -> None:
        """Raise ValueError, with a message for a player, if the values do not make a game."""
        for name, (low, high) in self.ranges.items():
            value = getattr(self, name)
            if not low <= value <= high:
                raise ValueError(f"{name} must be {low}..{high}, not {short(value)}")
        low, high = self.card_numbers
        for f in fields(self):
            numbers = getattr(self, f.name)
            if isinstance(numbers, tuple) and not all(low <= v <= high for v in numbers):
                raise ValueError(
                    f"{f.name} must be card numbers {low}..{high}, not {short(','.join(map(str, numbers)))}"
                )
        if not self.min_players <= self.max_players <= self.players_cap:
            raise ValueError(f"{self.preset}: max_players must be {self.min_players}..{self.players_cap}")
        if not self.min_players <= self.players <= self.max_players:
            hint = ""
            if self.max_players < self.players <= self.players_cap:
                hint = f" (up to {self.players_cap} with the option max_players={self.players_cap})"
            raise ValueError(
                f"{self.preset} is for {self.min_players}-{self.max_players} players{hint}, "
                f"not {self.players}"
            )
        if not 0 <= self.first_parent < self.players:
            raise ValueError(f"first_parent must be a seat, 0..{self.players - 1}")

    def rulebook(self) -> Rulebook:
        raise NotImplementedError

    def options(self) -> dict[str, Any]:
        """Every field except `players`, for logs and the new-game screen."""
        data = asdict(self)
        data.pop("players")
        return data

    @classmethod
    def seat_options(cls, players: int) -> dict[str, Any]:
        """The options a table of `players` seats cannot do without (super: two decks for 9-12), which
        `from_options` takes unless told otherwise and the new-game screen shows as chosen."""
        return {}

    @classmethod
    def from_options(cls, players: int, options: Mapping[str, Any] | None = None) -> RuleSet:
        """Build from untrusted options (command line, log header, lobby); ValueError names the bad one."""
        known = {f.name: f for f in fields(cls)}
        values: dict[str, Any] = {"players": players}
        for key, raw in {**cls.seat_options(players), **(options or {})}.items():
            if key not in known or key == "players":
                names = ", ".join(sorted(k for k in known if k != "players"))
                raise ValueError(f"{cls.preset} has no option {key!r}; options: {names}")
            values[key] = _coerce(key, raw, known[key].default)
        rules = cls(**values)
        rules.validate()
        return rules


WHOLE = re.compile(r"[-+]?[0-9]+")
MAX_CARD_NUMBERS = 14  # a card-number option names at most every number once (jokers as 0)


def _coerce(key: str, raw: Any, default: Any) -> Any:
    """One option's value of the default's kind, from text (the command line) or JSON (a log header,
    a scenario, the lobby): a whole number, true/false, card numbers or text. ValueError, quoting at
    most the start of the value, for anything else (a float, `1e999`, a list where a number belongs)."""
    if isinstance(default, tuple):  # card numbers: "5" or "5,12" on the command line, a list in a log
        items = raw if isinstance(raw, list | tuple) else str(raw).split(",") if _plain(raw) else None
        if items is not None:
            items = [v for v in items if not (isinstance(v, str) and not v.strip())]  # "5," and "": none
        numbers = None if items is None or len(items) > MAX_CARD_NUMBERS else [_whole(v) for v in items]
        if numbers is None or None in numbers:
            raise ValueError(f"option {key} must be card numbers such as 5 or 5,12, not {short(raw)}")
        return tuple(numbers)
    if isinstance(default, bool):
        if isinstance(raw, bool):
            return raw
        text = str(raw).lower() if _plain(raw) else ""
        if text in ("1", "true", "yes", "on"):
            return True
        if text in ("0", "false", "no", "off"):
            return False
        raise ValueError(f"option {key} must be true or false, not {short(raw)}")
    if isinstance(default, int):
        number = _whole(raw)
        if number is None:
            raise ValueError(f"option {key} must be a whole number, not {short(raw)}")
        return number
    if isinstance(default, str) and not isinstance(raw, str):
        raise ValueError(f"option {key} must be text, not {short(raw)}")
    return raw


def _plain(raw: Any) -> bool:
    """A value read as text on the command line: a short string or a number, never a list or 1e999."""
    return (isinstance(raw, str) and len(raw) <= 64) or (isinstance(raw, int) and abs(raw) < 2**63)


def _whole(raw: Any) -> int | None:
    """`raw` as a whole number (an int, or text of one such as " 12"), or None."""
    if isinstance(raw, bool):
        return None
    if isinstance(raw, int):
        return raw if abs(raw) < 2**63 else None
    if isinstance(raw, str) and len(raw) <= 20 and WHOLE.fullmatch(raw.strip()):
        return int(raw)
    return None


class Rulebook:
    """The preset-specific half of the engine. Every hook receives the `Game` it serves.

    Who may act, and how, is the rulebook's answer, given once: the generators say what each seat may
    do at any moment. `turn_actions` is asked of the turn player when no reaction window freezes turn
    actions (and of the seat sending its next turn ahead, `queues_turn`), `call_actions` of a seat
    waiting to answer the open window (the core adds its plain pass), and `other_actions` of every
    seat at every moment, for anything else of any kind: a bid or a declaration, but also a PLAY out
    of turn (jda's same-number placements, which move the turn), a PLAY inside a window that freezes
    turns (kabu's trumps) or a DOBON with no window open (jda's dobon at any moment). Their union is
    `Game.legal_actions`; the core refuses whatever it leaves out and applies an offered action by the
    route that offered it (`apply_turn`, `apply_call`, `apply_other`; the core's own routes first).
    `explain` then names why a refused action is illegal, and `apply_*` may assume it was offered.
    """

    def hand_sizes(self, game: Game) -> list[int]:
        raise NotImplementedError

    # piles and the stock (see game.piles)
    rebuild = Rebuild.ON_DRAW  # when the stock is rebuilt from the field pile(s)

    def extra_piles(self, game: Game) -> tuple[PileSpec, ...]:
        """Piles this preset has beyond stock, field, hands and laid hands (made empty each round)."""
        return ()

    def rebuild_from(self, game: Game) -> tuple[tuple[str, int], ...]:
        """The piles a rebuild gathers into the stock, each with how many cards stay on top of it."""
        return ((FIELD, 1),)

    def stock_exhausted(self, game: Game) -> None:
        """The stock is empty and will not be rebuilt now (Rebuild.NEVER, or AT_ONCE with nothing to
        gather): end the round or the match here if the rules say so."""

    def draw_stops(self, game: Game, seat: int, held: int) -> bool:
        """Asked after each card of a draw, `held` being what the seat now holds: True ends the draw
        there, the rest not drawn (kabu's 12-card rule ends the match the moment a hand reaches 12,
        even in the middle of a penalty, D23). The rulebook then ends the round after the draw. Only
        asked of a rulebook that overrides it."""
        return False

    def seating(self, game: Game) -> Sequence[int] | None:
        """Asked before each deal: the seats clockwise round the table, or None to keep them (jda
        draws seats and reseats the table when a lap is completed). Turn order, the deal and the
        polling order of windows all follow it."""
        return None

    def deal_reserve(self, game: Game) -> int:
        """How many cards a deal must leave: 1, the field card. kabu needs 2 (D22: a deal leaving the
        turned-up card alone, with no stock, counts as the deck running out)."""
        return 1

    def deal_short(self, game: Game, sizes: list[int], available: int) -> list[int]:
        """The deck cannot cover the deal (`sizes` need more than `available` cards, `deal_reserve`
        already set aside): return the sizes to deal instead, or raise ValueError to refuse. The
        rulebook may note what that costs (kabu: a lap for everyone) in its match state and emit its
        own event, which comes before the deal's."""
        raise ValueError(f"{game.rules.preset}: {sum(sizes)} cards to deal but only {available} in the deck")

    higher_is_better = True  # app: points are won; standard: points are bad

    def bind(self, game: Game) -> None:
        """Called once when the game is made (e.g. to intern the actions it will offer)."""

    def starting_score(self, game: Game) -> int:
        return 0

    def restore_round(self, game: Game, public: dict[str, Any]) -> None:
        """Rebuild the preset's round state from its public part (`public_state`), for a simulation
        copy made from a seat view. Presets with round state override it."""

    def public_state(self, game: Game) -> dict[str, Any]:
        """The preset's round state that every seat may see (for views)."""
        return {}

    def round_data(self, game: Game) -> dict[str, Any] | None:
        """The preset's whole round state as plain JSON data (a card as {"card": code}: see
        `view.encode_state`), for a position written down mid-round (`game.scenario.from_game`, the
        file's `round`); `load_round` reads it back to the same state. None, the default: the preset
        writes no round state, and a position starts its round as a fresh one. A preset whose
        `public_state` is its whole round state (jda, kabu) returns that, encoded."""
        return None

    def position_problem(self, game: Game) -> str | None:
        """Why a position set up from a file (its round state and window together) cannot be played
        on, or None. Asked once the whole position stands (`game.scenario`)."""
        return None

    def load_round(self, game: Game, data: dict[str, Any]) -> None:
        """Set the round state from a position's `round` (what `round_data` wrote, or the part of it a
        hand-written file names: the rest keeps a fresh round's values), through `restore_round`.
        ValueError (or KeyError, TypeError, IndexError) says what is wrong with it."""
        from ..view import decode_state

        public = dict(self.public_state(game))
        public.update(decode_state(data, game.deck))
        self.restore_round(game, public)

    def start_match(self, game: Game) -> None:
        """Set the preset's match state (streaks, laps ...) in `game.match_ext`."""

    def start_round(self, game: Game) -> None:
        """Set the preset's round state after the deal (field suit, turn, auction ...).

        A preset with opening actions (an auction) sets `game.phase = Phase.OPENING` here and moves it
        to TURN when they are done."""

    def start_position(self, game: Game) -> None:
        """Set the preset's round state for a round set up from a position rather than dealt
        (`Game.set_position`, a scenario): by default as `start_round`. The position states the
        direction, the turn and the chain itself, so a preset whose round start carries something over
        from the last round (super's direction [D2]) leaves that out here."""
        self.start_round(game)

    def skip_opening(self, game: Game) -> None:
        """Leave out the opening (a position set up to start at the first turn): set the round state as
        if the opening had been played without effect, `game.turn` to lead, and the phase to TURN."""
        from ..phase import Phase

        game.phase = Phase.TURN
        game.set_turn(game.turn)

    def sync_next(self, game: Game) -> int | None:
        """The seat the headless protocol should ask for an `other_actions` decision, if any.

        Consulted only by presets that override `other_actions`, after any open window's pending seats."""
        return None

    # turn actions (PLAY, DRAW)
    def turn_actions(self, game: Game, seat: int) -> list[Action]:
        raise NotImplementedError

    def apply_turn(self, game: Game, action: Action) -> None:
        raise NotImplementedError

    # reaction window calls (DOBON)
    def call_actions(self, game: Game, seat: int, window: Window) -> list[Action]:
        raise NotImplementedError

    def call_probe(
        self, window: tuple[Card, ...] | None, discard: Sequence[Card], hand: Sequence[Card]
    ) -> tuple[Card, ...]:
        """The cards a call names when a player just presses Dobon with none to make: the table asks
        the rules about that call for the reason to give (the same from a game or a seat's view: the
        open window's cards, the field pile, the caller's hand). The window's last card, else the
        field's top card; jda names a card of the caller's own hand."""
        if window is not None:
            return window[-1:]
        return tuple(discard[-1:])

    def apply_call(self, game: Game, action: Action, window: Window) -> None:
        raise NotImplementedError

    def window_ms(self, game: Game, window: Window, usual: float) -> float:
        """Real time: how long the window stays open after the last action in it (`usual`: the table's
        reaction time). A preset may time some windows itself (app: a chain of calls)."""
        return usual

    # The next turn player may send their turn action while a window that freezes turns is open: the
    # core offers the turn as it will stand if nobody calls, keeps the action (counting it as that
    # seat's pass), applies it when the window closes with no call and drops it otherwise (super §6).
    queues_turn: bool = False

    def window_deadline_ms(self, game: Game, window: Window) -> float | None:
        """Real time: close the window this long after it opened, whatever happens in it (None: no
        such deadline, the default). Asked again after every action, so it may change: jda's gaeshi
        window closes 3 s after the dobon once anyone has thrown in, and after 10 s otherwise."""
        return None

    def window_closed(self, game: Game, window: Window) -> None:
        """Resolve the window: nothing, or end the round (game.end_round)."""
        raise NotImplementedError

    # everything else a seat may do now, its turn or not (BID, DECLARE, out-of-turn PLAY or DOBON ...)
    def other_actions(self, game: Game, seat: int) -> list[Action]:
        return []

    def apply_other(self, game: Game, action: Action) -> None:
        raise NotImplementedError

    # why an action is refused
    def explain(self, game: Game, action: Action) -> Refusal:
        """Why `action`, which `game.legal_actions(action.seat)` does not offer, is refused: a coded
        `Refusal` naming the rule (game.refusals). Asked only once legality is settled, so it decides
        nothing. The table's reasons (whose turn, the window, the round being over) come from
        `game.explain.by_route`; a preset passes it its own reasons for a turn action, a call and
        anything else, and may prefer its own where its out-of-turn actions are normal play (jda). By
        default: the table's reasons only."""
        return by_route(game, action)

    # simultaneity: actions that reach the table at the same moment (Game.apply_together)
    def precedence(self, game: Game, action: Action) -> tuple[int, ...]:
        """Which of several actions arriving together goes first: lower first, ties in arrival order.
        Asked before any of them is applied. The default keeps arrival order; a preset whose rules say
        who wins a race (jda: seat order from the turn player) answers here. Calls inside a window are
        the other kind of simultaneity: they count as together however far apart they come, and the
        rulebook resolves them when the window closes (window_closed: standard's fewest targets)."""
        return ()

    def time_limit_ms(self, game: Game, seat: int) -> float | None:
        """Real time: how long `seat` may take over what it must do now (its turn, its answer), after
        which the referee applies a TIMEOUT for it (`apply_timeout`); None: no limit (the default, and
        always in headless play, which has no clock). The clock starts again after any action."""
        return None

    def apply_timeout(self, game: Game, seat: int) -> None:
        """What running out of time does (super: the turn player takes a card; jda: takes 2 as a
        penalty and keeps the turn). Asked only when `time_limit_ms` gave a limit."""
        raise NotImplementedError

    def match_time_ms(self, game: Game) -> float | None:
        """Real time: how long a match may last, from the first moment the driver sees it (None: no
        limit, the default). When it has passed, the real-time driver applies the referee's TIMEOUT
        naming no seat (`amount` REFEREE): `Game.time_up` is then True until the next match, for
        `match_over` to read (jda JD20: a match played to a time ends with the game in play once
        enough games are played). It is an action, so logs replay it; headless play has no clock."""
        return None

    def simultaneity_ms(self, game: Game) -> float:
        """Real time: how long after an action arrives others still count as arriving with it (the LAN
        host gathers them into one `apply_together`). 0: only what is queued in the same host tick
        (about 20 ms). jda fixes 100 ms."""
        return 0.0

    # public inference: what visible behaviour tells about a hidden hand (optional, for the AI)
    def field_before(self, history: Sequence[Clue], index: int) -> Clue | None:
        """The field the play `history[index]` was made on, as a turn draw there would have recorded
        it (for `fitted`), or None if the record cannot tell. By default the card just before it."""
        if index < 1:
            return None
        before = history[index - 1]
        field = before.cards[-1] if before.cards else before.field
        return Clue(history[index].seat, (), 1, field)

    def fitted(self, card: Card, clue: Clue, held: int) -> bool | None:
        """Could `card` have been played by the seat that made the turn draw `clue`, holding `held`
        cards then? None: such a draw tells nothing (a preset without the hook)."""
        return None

    def call_totals(self, history: Sequence[Clue], index: int, seat: int, held: int) -> tuple[int, ...]:
        """The hand totals that would have let `seat`, holding `held` cards, call dobon on the play
        `history[index]` (public: it depends on the plays and draws only, never on the hand)."""
        return ()

    def could_call(self, hand: Sequence[Card], totals: tuple[int, ...]) -> bool:
        """Would `hand` call, given the `call_totals` of a play?"""
        return sum(c.rank for c in hand) in totals

    # rounds and matches
    def next_parent(self, game: Game, result: RoundResult) -> int:
        return result.winners[0] if result.winners else game.parent

    def match_over(self, game: Game) -> bool:
        raise NotImplementedError

    def ranks(self, game: Game) -> tuple[int, ...]:
        raise NotImplementedError

    def score_key(self, game: Game, seat: int) -> tuple:
        """Sort key for standings, best first."""
        raise NotImplementedError

    def score(self, game: Game, seat: int) -> Score:
        """The seat's standing in this preset's terms (game.scores): one number by default; a preset
        that keeps more (laps and a deal size ...) names each part."""
        return Score.points(game.scores[seat])


def competition_ranks(keys: list[tuple]) -> tuple[int, ...]:
    """1-based ranks where equal keys share a rank (1, 1, 3 ...); smaller key = better."""
    order = sorted(range(len(keys)), key=lambda i: keys[i])
    ranks = [0] * len(keys)
    for pos, seat in enumerate(order):
        if pos and keys[seat] == keys[order[pos - 1]]:
            ranks[seat] = ranks[order[pos - 1]]
        else:
            ranks[seat] = pos + 1
    return tuple(ranks)
