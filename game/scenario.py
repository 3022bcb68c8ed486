"""Scenarios: a position written down, to play on from (puzzles, tutorials, bug reports, tests).

A scenario is a JSON object (format: docs/scenarios.md). `load(path)` or `parse(data)` reads one and
checks every field, raising `ScenarioError` with a one-line message that names the field; `Scenario.game()`
makes the `Game` standing at that position; `from_game(game, ...)` writes the current position of a
game back out (the table's "Save this deal").

Every pile is listed bottom to top (the field card and the next card drawn are each the LAST of
their list). Cards named nowhere go to the bottom of the stock, in an order fixed by the seed.
"""

from __future__ import annotations

import dataclasses
import json
import random
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated, Any

import msgspec

from . import safejson
from .actions import REFEREE, Action, Kind
from .cards import Card, Deck, Suit
from .clues import Clue
from .engine import Game, Position
from .phase import Phase
from .piles import FIELD, STOCK
from .rules import DEVELOPING, PRESETS, make_rules
from .rules.base import MatchState

FORMAT = 1
MAX_HISTORY = 10_000  # plays and draws in a round's record: far more than any round lasts
MAX_NAME = 64  # characters of a seat's name (as a LAN table's plates)
LIMITS = safejson.Limits(max_bytes=1024 * 1024, max_string=4000, max_items=MAX_HISTORY, max_values=200_000)


class ScenarioError(ValueError):
    """A scenario that cannot be played; the message names the field and says what is wrong."""


@dataclass
class Scenario:
    preset: str
    players: int
    options: dict[str, Any]
    piles: dict[str, list[str]]  # card codes, bottom to top
    seed: int = 0
    names: list[str] = field(default_factory=list)
    seats: list[str] = field(default_factory=list)  # "human" or an AI level, for the table
    turn: int = 0
    direction: int = 1
    seating: list[int] | None = None  # seats clockwise round the table; None: seat-number order
    chain: tuple[int, int] = (0, 0)
    field_suit: str | None = None
    scores: list[int] | None = None
    match: dict[str, Any] = field(default_factory=dict)
    opening: str = "skip"  # "skip" or "play" (standard's auction)
    window: dict[str, Any] | None = None  # a reaction window open on the field's top card(s)
    round: dict[str, Any] | None = None  # the preset's round state (Rulebook.round_data / load_round)
    revealed: dict[str, list[str]] | None = None  # hands shown this round, by seat (as they were shown)
    history: list[Any] | None = None  # the round's public record so far (game.clues, Clue.to_json)
    rest: str = "stock"  # where the cards named nowhere go: under the stock, or under the field card
    note: str = ""

    def game(self) -> Game:
        """A game standing at this position (its log starts here: replays rebuild it from the scenario)."""
        rules = make_rules(self.preset, self.players, self.options, developing=True)
        game = Game(rules, self.seed, deal=False)
        piles = {name: [game.deck.card(code) for code in codes] for name, codes in self.piles.items()}
        named = {c.id for cards in piles.values() for c in cards}
        rest = [c for c in game.deck.cards if c.id not in named]
        random.Random(self.seed).shuffle(rest)
        under = STOCK if self.rest == "stock" else FIELD  # "field": an empty stock, as late in a round
        piles[under] = rest + piles.get(under, [])  # the cards named nowhere, under the named ones
        state = _state(game.match_ext, self.match["state"]) if "state" in self.match else None
        try:
            game.set_position(
                Position(
                    piles=piles,
                    turn=self.turn,
                    direction=self.direction,
                    seating=self.seating,
                    chain=self.chain,
                    field_suit=Suit.parse(self.field_suit) if self.field_suit else None,
                    scores=self.scores,
                    match_no=self.match.get("match_no", 1),
                    round_no=self.match.get("round_no", 1),
                    parent=self.match.get("parent", self.turn),
                    match_state=state,
                    skip_opening=self.opening == "skip",
                )
            )
        except ValueError as exc:
            raise ScenarioError(str(exc)) from None
        if self.revealed is not None:
            game.revealed = _revealed(game, self.revealed)  # before the round state, which may read it
        if self.history is not None:
            game.clues = _history(game, self.history)
        if self.round is not None:
            try:
                game.book.load_round(game, self.round)
            except (KeyError, TypeError, ValueError, IndexError) as exc:
                raise ScenarioError(f"round: this preset cannot start from it ({exc})") from None
            if (game.chain_links, game.chain_cards) != self.chain:
                # a round under way: the file's chain stands, not one the round's start sets up
                # (an initial 2 whose penalty has been taken, a kabu okoshi 2)
                game.set_chain(*self.chain)
        if self.window is not None:
            _open_window(game, self.window)
        game.changed()  # set up by hand: what was asked on the way (a queued action's legality) is stale
        problem = game.book.position_problem(game)
        if problem is not None:
            raise ScenarioError(problem)
        if game.phase in (Phase.TURN, Phase.REACTION) and not any(
            game.legal_actions(s) for s in range(-1, game.n)
        ):
            raise ScenarioError(
                "this position leaves nobody anything to do (round, window and turn disagree)"
            )
        game.setup = self.to_json()  # logs carry it, so a replay starts from the same position
        return game

    def to_json(self) -> dict[str, Any]:
        """The file form (docs/scenarios.md); `parse` reads it back to an equal scenario."""
        out: dict[str, Any] = {"dobon_scenario": FORMAT}
        out.update(dataclasses.asdict(self))
        out["chain"] = {"links": self.chain[0], "cards": self.chain[1]}
        for key in ("names", "seats", "note"):
            if not out[key]:
                del out[key]
        for key in ("scores", "window", "round", "seating", "revealed", "history"):
            if out[key] is None:
                del out[key]
        return out


def _open_window(game: Game, spec: dict[str, Any]) -> None:
    """Open the scenario's reaction window on the top card(s) of the field (checked here)."""
    n = game.n
    if game.phase is Phase.OPENING:
        raise ScenarioError('window: no window is open while the opening is played (use "opening": "skip")')
    unknown = sorted(set(spec) - WINDOW_KEYS)
    if unknown:
        raise ScenarioError(f"window.{unknown[0]}: unknown (known: {', '.join(sorted(WINDOW_KEYS))})")
    if "on" in spec:
        cards = _face_up(game, spec["on"])
    else:
        count = spec.get("cards", 1)
        if not _int(count) or not 1 <= count < len(game.discard) + 1:
            raise ScenarioError("window.cards must be how many of the field's top cards it is on (1 or more)")
        cards = tuple(game.discard[-count:])
    placer = spec.get("placer", REFEREE)
    if not _int(placer) or not -1 <= placer < n:
        raise ScenarioError(f"window.placer must be a seat 0..{n - 1}, or -1 for a card nobody played")
    pending = spec.get("pending")
    if pending is not None and (
        not isinstance(pending, list)
        or not all(_int(p) and 0 <= p < n for p in pending)
        or len(set(pending)) != len(pending)
    ):
        # each seat once: a seat named twice would be asked twice (100,000 times, by a hostile file)
        raise ScenarioError(
            f"window.pending must be a list of seats 0..{n - 1}, each once (who is still asked)"
        )
    freezes = spec.get("freezes_turn", True)
    stop = spec.get("stop", False)
    if not isinstance(freezes, bool) or not isinstance(stop, bool):
        raise ScenarioError("window.freezes_turn and window.stop must be true or false")
    owners = spec.get("owners", [])
    if not isinstance(owners, list) or not all(_int(s) and 0 <= s < n for s in owners):
        raise ScenarioError(f"window.owners must list a seat 0..{n - 1} per card (who put it out)")
    if owners and len(owners) != len(cards):
        raise ScenarioError(f"window.owners names {len(owners)} seats for {len(cards)} cards: one per card")
    calls = _calls(game, spec.get("calls", []), pending)
    queued = _queued(game, spec["queued"], pending) if spec.get("queued") is not None else None
    if game.window is not None:
        # a window the preset opened itself when the round started (kabu's pre-play window): the file
        # says what stands instead, so it is replaced, not resolved
        game.window = None
        game.phase = Phase.TURN
    window = game.open_window(placer, cards, freezes, stop=stop, seats=pending, owners=owners)
    if pending is not None:
        window.pending = list(pending)  # in the file's order: who is asked first
    if queued is not None:
        # judged as the turn will stand if the window closes with no call; once a call is made it can
        # only be dropped when the window closes (the round ends), so then it needs only its own cards
        if calls:
            hand = game.hands[queued.seat]
            mine = all(any(c is h for h in hand) for c in queued.cards)
            reason = None if mine else "it plays a card the seat does not hold"
        elif game.queue_seat() == queued.seat:
            reason = game.refusal(queued)
        else:
            reason = "it is not that seat's turn next"
        if reason is not None:
            raise ScenarioError(f"window.queued: seat {queued.seat} cannot send that ahead here: {reason}")
        window.queued = queued
        if queued.seat in window.pending:  # a file that leaves `pending` out: sending ahead is its pass
            window.pending.remove(queued.seat)
    window.calls = calls


WINDOW_KEYS = {"cards", "on", "placer", "pending", "freezes_turn", "stop", "owners", "calls", "queued"}


def _queued(game: Game, raw: Any, pending: list[int] | None) -> Action:
    """`window.queued`: the next turn's action, sent ahead while the window is open (super's acting
    ahead, `Rulebook.queues_turn`); sending it counted as that seat's pass, so it is asked no more."""
    if not game.book.queues_turn:
        raise ScenarioError(f"window.queued: nobody acts ahead in {game.rules.preset}")
    try:
        action = Action.from_json(raw, game.deck)
    except (ValueError, TypeError, AttributeError) as exc:
        raise ScenarioError(f"window.queued: {exc}") from None
    if action.kind not in (Kind.PLAY, Kind.DRAW) or not 0 <= action.seat < game.n:
        raise ScenarioError("window.queued must be a seat's play or draw")
    if pending is not None and action.seat in pending:
        raise ScenarioError(f"window.queued: seat {action.seat} is still asked (sending ahead is its pass)")
    return action


def _face_up(game: Game, codes: Any) -> tuple[Card, ...]:
    """The cards named by `window.on`: each face up on the field or on a public pile of the preset's."""
    if not isinstance(codes, list) or not codes or not all(isinstance(c, str) for c in codes):
        raise ScenarioError('window.on must list the card codes the window is on, such as ["4", "5"]')
    where = {c.id: name for name, pile in game.piles().items() for c in pile.cards}
    out = []
    for code in codes:
        try:
            card = game.deck.card(code)
        except ValueError as exc:
            raise ScenarioError(f"window.on: {exc}") from None
        pile = where[card.id]
        if not game.piles()[pile].visible_to(game.n):  # a hand or the stock
            raise ScenarioError(f"window.on: {code} is in {pile}, not face up on the table")
        out.append(card)
    return tuple(out)


def _calls(game: Game, raw: Any, pending: list[int] | None) -> list[Action]:
    """`window.calls`: the dobons already called in the window (actions in their JSON form; what
    they name is the preset's to check: `Rulebook.position_problem`)."""
    if not isinstance(raw, list):
        raise ScenarioError("window.calls must be a list of actions")
    out = []
    for i, data in enumerate(raw):
        try:
            action = Action.from_json(data, game.deck)
        except ValueError as exc:
            raise ScenarioError(f"window.calls[{i}]: {exc}") from None
        if not 0 <= action.seat < game.n or (pending is not None and action.seat in pending):
            raise ScenarioError(f"window.calls[{i}]: seat {action.seat} is no seat that has answered")
        out.append(action)
    return out


def _all_face_up(game: Game, cards: tuple[Card, ...]) -> bool:
    ids = {c.id for c in cards}
    shown = {c.id for pile in game.piles().values() if pile.visible_to(game.n) for c in pile.cards}
    return ids <= shown


def _revealed(game: Game, raw: Any) -> dict[int, tuple[Card, ...]]:
    """`revealed`: each shown hand by seat, as card codes."""
    if not isinstance(raw, dict):
        raise ScenarioError('revealed must be an object of seats to cards, such as {"1": ["3", "4"]}')
    out: dict[int, tuple[Card, ...]] = {}
    for key, codes in raw.items():
        if not (isinstance(key, str) and key.isdigit() and int(key) < game.n):
            raise ScenarioError(f"revealed.{key}: not a seat 0..{game.n - 1}")
        if not isinstance(codes, list) or not all(isinstance(c, str) for c in codes):
            raise ScenarioError(f"revealed.{key} must be a list of card codes")
        try:
            out[int(key)] = tuple(game.deck.card(c) for c in codes)
        except ValueError as exc:
            raise ScenarioError(f"revealed.{key}: {exc}") from None
    return out


def _history(game: Game, raw: Any) -> list[Clue]:
    """`history`: the round's clues so far, each in its JSON form [seat, cards, drew, field, suit, chain]."""
    if not isinstance(raw, list) or len(raw) > MAX_HISTORY:
        raise ScenarioError(
            f"history must be a list of the round's plays and draws (at most {MAX_HISTORY:,})"
        )
    out = []
    for i, data in enumerate(raw):
        try:
            clue = Clue.from_json(data, game.deck)
        except (ValueError, TypeError) as exc:
            raise ScenarioError(f"history[{i}]: not a play or draw ({exc})") from None
        if not 0 <= clue.seat < game.n:
            raise ScenarioError(f"history[{i}]: seat {clue.seat} is not at this table")
        out.append(clue)
    return out


def _state(fresh: MatchState | None, data: Any) -> MatchState:
    """The preset's match state from JSON: the fields of its fresh state, each a list of whole
    numbers per seat (wins, streaks ...) or a number."""
    if fresh is None or not dataclasses.is_dataclass(fresh):
        raise ScenarioError("match.state: this preset keeps no match state")
    if not isinstance(data, dict):
        raise ScenarioError("match.state must be an object")
    values = dataclasses.asdict(fresh)
    for key, value in data.items():
        if key not in values:
            raise ScenarioError(f"match.state.{key}: unknown (known: {', '.join(values)})")
        want = values[key]
        if isinstance(want, list):
            if not isinstance(value, list) or len(value) != len(want) or not all(_int(v) for v in value):
                raise ScenarioError(f"match.state.{key} must be {len(want)} whole numbers, one per seat")
        elif not _int(value):
            raise ScenarioError(f"match.state.{key} must be a whole number")
        values[key] = list(value) if isinstance(value, list) else value  # its own, never the file's
    return type(fresh)(**values)


def _int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


Count = Annotated[int, msgspec.Meta(ge=0)]
Name = Annotated[str, msgspec.Meta(max_length=MAX_NAME)]


class ChainFile(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    """`chain`: the draw penalty pending."""

    links: Count = 0
    cards: Count = 0


class MatchFile(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    """`match`: where in the match the position stands; a field left out keeps the game's own."""

    match_no: Annotated[int, msgspec.Meta(ge=1)] | msgspec.UnsetType = msgspec.UNSET
    round_no: Annotated[int, msgspec.Meta(ge=1)] | msgspec.UnsetType = msgspec.UNSET
    parent: int | msgspec.UnsetType = msgspec.UNSET
    state: dict[str, Any] | msgspec.UnsetType = msgspec.UNSET  # checked against the preset's (`_state`)


class ScenarioFile(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    """The scenario file as msgspec reads it (docs/scenarios.md): every field typed, none unknown, the
    field named when refused. What depends on the preset and the table's size (seat ranges, one name
    per seat, the cards of its deck, the window, the round state) is checked after, by `parse` and
    `Scenario.game`: a type cannot say it."""

    dobon_scenario: int
    preset: str
    players: int
    piles: dict[str, Any]  # card lists, checked by `_piles` (msgspec's path would not name the pile)
    options: dict[str, Any] = {}
    names: list[Name] | None = None
    seats: list[str] | None = None
    seed: int = 0
    turn: int = 0
    direction: int = 1
    seating: list[int] | None = None
    chain: ChainFile = ChainFile()
    field_suit: str | None = None
    scores: list[int] | None = None
    match: MatchFile = MatchFile()
    opening: str = "skip"
    window: dict[str, Any] | None = None
    round: dict[str, Any] | None = None
    revealed: dict[str, Any] | None = None
    history: list[Any] | None = None
    rest: str = "stock"
    note: str = ""


_KNOWN = ", ".join(sorted(ScenarioFile.__struct_fields__))
_SAYS = {
    "object": "an object",
    "array": "a list",
    "int": "a whole number",
    "str": "a string",
    "bool": "true or false",
}


def _refusal(error: msgspec.ValidationError) -> ScenarioError:
    """msgspec's refusal in the file's terms: the field first (``window``, ``chain.links``,
    ``scores[1]``), then what it must be."""
    text, _, path = str(error).rpartition(" - at `")
    if not text:
        text, path = str(error), ""
    field = path.rstrip("`").removeprefix("$").removeprefix(".")
    where = f"{field}." if field else ""
    if unknown := re.fullmatch(r"Object contains unknown field `(.*)`", text):
        known = f" (known: {_KNOWN})" if not field else ""
        return ScenarioError(f"{where}{unknown[1]}: unknown field{known}")
    if missing := re.fullmatch(r"Object missing required field `(.*)`", text):
        return ScenarioError(f"{where}{missing[1]}: missing")
    if wrong := re.fullmatch(r"Expected `([^`]+)`, got `([^`]+)`", text):
        wanted = [_SAYS.get(w, w) for w in wrong[1].split(" | ") if w != "null"]  # null: left out
        got = "true or false" if wrong[2] == "bool" else _SAYS.get(wrong[2], wrong[2])
        return ScenarioError(f"{field} must be {' or '.join(wanted)}, not {got}")
    if least := re.fullmatch(r"Expected `int` >= (\d+)", text):
        return ScenarioError(f"{field} must be a whole number, {least[1]} or more")
    if longest := re.fullmatch(r"Expected `str` of length <= (\d+)", text):
        return ScenarioError(f"{field} must be a string of {longest[1]} characters at most")
    return ScenarioError(f"{field}: {text}" if field else text)


def parse(data: Any) -> Scenario:
    """A scenario from its JSON value; ScenarioError names the first bad field. The types are
    `ScenarioFile`'s to check; what depends on the preset and the table is checked here, and the
    position is also set up once, so that anything the rules refuse is found here, not later."""
    if not isinstance(data, dict):
        raise ScenarioError("a scenario is a JSON object")
    if data.get("dobon_scenario") != FORMAT:
        raise ScenarioError(f'not a Dobon Table scenario (it needs "dobon_scenario": {FORMAT})')
    try:
        file = msgspec.convert(data, ScenarioFile, strict=True)
    except msgspec.ValidationError as error:
        raise _refusal(error) from None
    preset, players = file.preset, file.players
    if preset not in PRESETS and preset not in DEVELOPING:  # a preset in development: tests, puzzles
        raise ScenarioError(f"preset: unknown {safejson.short(preset)}; playable: {', '.join(PRESETS)}")
    try:
        rules = make_rules(preset, players, file.options, developing=True)
    except ValueError as exc:
        raise ScenarioError(f"players/options: {exc}") from None
    piles = _piles(Game(rules, 0, deal=False).deck, file.piles)
    seats = range(players)
    for key in ("names", "seats"):
        value = getattr(file, key)
        if value is not None and len(value) != players:
            raise ScenarioError(
                f"{key} must be a list of {players} strings, one per seat (each {MAX_NAME} characters at most)"
            )
    if file.seats is not None:
        from .seats import SEATS

        for i, kind in enumerate(file.seats):
            if kind != "human" and kind not in SEATS:
                raise ScenarioError(
                    f'seats[{i}]: {safejson.short(kind)} is neither "human" nor an AI ({", ".join(SEATS)})'
                )
    if file.turn not in seats:
        raise ScenarioError(f"turn must be a seat, 0..{players - 1}")
    if file.direction not in (1, -1):
        raise ScenarioError("direction must be 1 (seat order) or -1 (reversed)")
    if file.seating is not None and sorted(file.seating) != list(seats):
        raise ScenarioError(f"seating must list every seat 0..{players - 1} once, clockwise")
    if file.field_suit is not None:
        try:
            Suit.parse(file.field_suit)
        except ValueError:
            raise ScenarioError(
                f"field_suit must be S, H, D or C, not {safejson.short(file.field_suit)}"
            ) from None
    if file.scores is not None and len(file.scores) != players:
        raise ScenarioError(f"scores must be {players} whole numbers, one per seat")
    if file.match.parent is not msgspec.UNSET and file.match.parent not in seats:
        raise ScenarioError(f"match.parent must be a seat, 0..{players - 1}")
    if file.opening not in ("skip", "play"):
        raise ScenarioError('opening must be "skip" or "play"')
    if file.rest not in ("stock", "field"):
        raise ScenarioError('rest must be "stock" or "field"')
    scenario = Scenario(
        preset,
        players,
        dict(file.options),
        piles,
        seed=file.seed,
        names=list(file.names or ()),
        seats=list(file.seats or ()),
        turn=file.turn,
        direction=file.direction,
        seating=file.seating,
        chain=(file.chain.links, file.chain.cards),
        field_suit=file.field_suit or None,
        scores=file.scores,
        match={k: v for k, v in msgspec.structs.asdict(file.match).items() if v is not msgspec.UNSET},
        opening=file.opening,
        window=file.window,
        round=file.round,
        revealed=file.revealed,
        history=file.history,
        rest=file.rest,
        note=file.note,
    )
    scenario.game()  # what the rules themselves refuse (a pile this preset lacks ...) is found now
    return scenario


def _piles(deck: Deck, raw: dict[str, Any]) -> dict[str, list[str]]:
    """`piles`, each card of the deck named once; the field needs its card."""
    piles: dict[str, list[str]] = {}
    where: dict[str, str] = {}
    for name, codes in raw.items():
        if not isinstance(codes, list) or not all(isinstance(c, str) for c in codes):
            raise ScenarioError(f'piles.{name} must be a list of card codes such as "7H"')
        piles[name] = []
        for code in codes:
            try:
                card: Card = deck.card(code)
            except ValueError as exc:
                raise ScenarioError(f"piles.{name}: {exc}") from None
            if card.code in where:
                raise ScenarioError(f"piles.{name}: {card.code} is also in {where[card.code]}")
            where[card.code] = name
            piles[name].append(card.code)
    if not piles.get(FIELD):
        raise ScenarioError("piles.field: needs at least the field card (its last card)")
    return piles


def dumps(scenario: Scenario) -> str:
    """The file text of a scenario: one field a line, each pile's cards on one line."""
    text = json.dumps(scenario.to_json(), ensure_ascii=False, indent=1)
    flat = re.compile(r"\[[^\[\]{}]*\]")  # an array of plain values (cards, scores, names)
    return flat.sub(lambda m: json.dumps(json.loads(m.group(0)), ensure_ascii=False), text) + "\n"


def load(path: str | Path) -> Scenario:
    """Read a scenario file; ScenarioError with a one-line message (file and field) if it is bad. The
    file comes in through `safejson` (its size, depth, text and counts bounded: a scenario is a few
    kilobytes, its history a round's plays), so parsing never meets more than a position can hold."""
    if not Path(path).exists():
        raise ScenarioError(f"cannot read {path}: No such file or directory")
    try:
        data = safejson.read(path, LIMITS)
    except safejson.FileProblem as exc:
        raise ScenarioError(str(exc)) from None
    try:
        return parse(data)
    except ScenarioError as exc:
        raise ScenarioError(f"{path}: {exc}") from None


def from_game(game: Game, names: list[str] | None = None, seats: list[str] | None = None) -> Scenario:
    """The current position of `game` as a scenario: between turns, or in a reaction window. The
    preset's round state goes with it where the preset writes one (`Rulebook.round_data`: standard,
    jda, kabu, super), with the hands shown and the round's public record, so a position taken
    mid-round (kabu in its trumps, during a 2-chain, after a set; super reversed, in a window on a
    player's pile) loads back to the same state; there, a window may also hold the calls made in it so
    far and a turn sent ahead (`window.queued`). A preset with no round state of its own (app) needs
    none for that; one that keeps round state it does not write cannot save a call in progress."""
    under_way = game.phase in (Phase.TURN, Phase.REACTION, Phase.OPENING)
    round_data = game.book.round_data(game) if under_way and game.ext is not None else None
    w = game.window
    window = None
    if w is not None:
        if w.calls and game.ext is not None and round_data is None:
            # a preset with round state it does not write: the calls' consequences would be lost
            raise ScenarioError("a position cannot be saved while a dobon is being called")
        window = {
            "cards": len(w.cards),
            "placer": w.placer,
            "pending": list(w.pending),
            "freezes_turn": w.freezes_turn,
            "stop": w.stop,
        }
        if tuple(game.discard[-len(w.cards) :]) != w.cards and _all_face_up(game, w.cards):
            del window["cards"]  # not the field's top cards: kabu's trumps, jda's laid hand
            window["on"] = [c.code for c in w.cards]
        if w.owners:
            window["owners"] = list(w.owners)
        if w.calls:
            window["calls"] = [a.to_json() for a in w.calls]
        if w.queued is not None:
            window["queued"] = w.queued.to_json()
    piles = {name: [c.code for c in pile.cards] for name, pile in game.piles().items() if pile.cards}
    piles.setdefault(FIELD, [c.code for c in game.discard])
    state = game.match_ext
    match: dict[str, Any] = {"match_no": game.match_no, "round_no": game.round_no, "parent": game.parent}
    if state is not None and dataclasses.is_dataclass(state):
        match["state"] = dataclasses.asdict(state)
    return Scenario(
        preset=game.rules.preset,
        players=game.n,
        options=game.rules.options(),
        piles=piles,
        seed=game.seed or 0,
        names=list(names or []),
        seats=list(seats or []),
        turn=game.turn,
        direction=game.direction,
        seating=list(game.seating) if game.seating != tuple(range(game.n)) else None,
        chain=(game.chain_links, game.chain_cards),
        field_suit=game.field_suit.letter if game.field_suit is not None else None,
        scores=list(game.scores),
        match=match,
        opening="play" if game.phase is Phase.OPENING else "skip",
        window=window,
        round=round_data,
        revealed=_shown(game) if under_way else None,
        history=([c.to_json() for c in game.clues] or None) if under_way else None,
    )


def _shown(game: Game) -> dict[str, list[str]] | None:
    """The hands shown this round, by seat, as the file writes them (None: none shown)."""
    return {str(s): [c.code for c in h] for s, h in sorted(game.revealed.items())} or None
