"""`kabu` (株ドボン) at the table: the field's parity and the 2s' debt by the field card, the dobon total
as the hand's hint, trumps to put out after a dobon, laps and extra cards on the plates, and the
settlement step by step (A1-A8, M1-M4) on the round result."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, ClassVar

from game.result_words import Seat, Words, kabu_pairs
from game.rules.kabu import MAX_TOTAL, TRUMP, naming_adds, total

from ..text import Said, tr
from . import PresetUI

if TYPE_CHECKING:
    from game.actions import Action
    from game.scores import Score
    from game.view import SeatView

    from ..table.roles import BoardLike

ODD_BADGE = (150, 60, 40)
EVEN_BADGE = (40, 80, 150)
SET_BADGE = (60, 60, 70)
FORCED_BADGE = (170, 40, 50)

# the settlement's steps in the rulebook's order (§5.1) with the spec's step names: A1-A8 add, M1-M4
# multiply; then what the other endings score
STEPS = {
    "base": "A1",
    "trumps": "A2",
    "own_cards": "A3",
    "groups": "A4",
    "their_cards": "A5",
    "tens": "A6",
    "last_ten": "A7",
    "okoshi_ten": "A8",
    "gaeshi": "M1",
    "hand_specials": "M2",
    "card_specials": "M3",
    "single_pin": "M4",
}
FACTORS = ("gaeshi", "hand_specials", "card_specials", "single_pin")


def held(view: SeatView) -> tuple[Any, ...]:
    """The cards that make your dobon total: your hand, and under the house rule
    `trumps_stay_in_hand` (D11) the trumps you have put out this match (KabuRulebook.held)."""
    if not view.options.get("trumps_stay_in_hand"):
        return view.hand
    return (*view.hand, *view.piles.get(f"trumps/{view.seat}", ()))


def _parity_words(values: set[int]) -> list[str]:
    return [tr(f"table.kabu.{p}") for p, on in (("odd", 1), ("even", 0)) if on in {v % 2 for v in values}]


class UI(PresetUI):
    cost_unit = "cards"  # the score counts extra cards (six make a lap)
    new_game_options = (
        ("max_matches", "new.kabu.max_matches"),
        ("lap_limit", "new.kabu.lap_limit"),
        ("draw_parent", "new.kabu.draw_parent"),
        ("counterclockwise", "new.kabu.counterclockwise"),
        ("gaeshi_mult", "new.kabu.gaeshi_mult"),
        ("trumps_stay_in_hand", "new.kabu.trumps_stay_in_hand"),  # D11's other reading
    )
    option_choices: ClassVar[dict[str, tuple[str, ...]]] = {
        "gaeshi_mult": ("linear", "doubling")
    }  # D16: ×2n, or ×2^n
    target_title = "table.kabu.choose_target"  # a dobon names one card of the last play (§4.1)
    result_title = "results.kabu.title"  # kabu counts matches (試合)
    next_label = "results.kabu.next"
    match_label = "results.kabu.game_button"  # kabu's game (ゲーム) is the engine's match
    match_title = "results.kabu.game_title"
    rounds_axis = "results.kabu.matches_axis"
    series_count = "history.kabu_series"  # kabu: a game is the series of matches
    where_round = "review.kabu.where_round"  # "Match 3"; "Game 2, match 1"
    where_match_round = "review.kabu.where_match_round"
    again_label = "history.kabu_again"
    review_head = "review.kabu.head"  # a loss in extra cards
    stats_units = ("stats.kabu.matches", "stats.kabu.games")
    stats_parts = (("laps", "gain"), ("extra", "level"))  # laps received a match; extra cards held
    log_round = "log.kabu.match"
    log_resumed = "log.kabu.resumed"
    # kabu.md §5.1's steps (A1-A8, M1-M4) and P, §5.2 laps and extra cards, §5.3 the other endings
    rule_codes: ClassVar[dict[str, str]] = {
        **STEPS,
        "points": "§5.1 P",
        "laps": "§5.2",
        "extra": "§5.2",
        "four_laps": "§5.3",
        "cards_apart": "§5.3",
    }
    factor_items: ClassVar[frozenset[str]] = frozenset(FACTORS)
    spread_last_play = True  # F is every card of the last play (§3.1): each shows, each may be dobon'd
    live_reveals = True  # a dobon's hands stay face up as trumps leave them (§4.3)
    empty_pile_outline = False  # a trump pile appears only when someone puts out trumps
    fanned_piles = ("trumps/",)  # every trump shows: each can be dobon'd (gaeshi)

    # ------------------------------------------------------------------ the field and your hand

    @staticmethod
    def field_values(view: SeatView) -> set[int]:
        """§3.1 F: the numbers of the last play's cards (before any play, the okoshi-fuda's)."""
        last = view.extra.get("last_play") or ()
        return {c.rank for c in last} or {view.field.rank}

    def hand_value(self, view: SeatView) -> str:
        """The dobon total T (a 10 counts 0): past 13 it never dobons."""
        t = total(held(view))
        if t > MAX_TOTAL:
            return tr("table.kabu.total_over", total=t)
        return tr("table.kabu.total", total=t)

    def indicators(self, view: SeatView) -> list[tuple[str, tuple[int, int, int]]]:
        """By the field card, as `app` shows its suit: the parity a single card must have (or "2s only"
        while a 2 forces the player), and the numbers a set may add up to where the last play was a set."""
        if view.extra.get("stage") == TRUMP:
            return [(tr("table.kabu.trumps_badge"), FORCED_BADGE)]
        values = self.field_values(view)
        out: list[tuple[str, tuple[int, int, int]]] = []
        if view.chain_links:  # forced: parity does not matter, only 2s (several adding up to F)
            out.append((tr("table.kabu.twos_only"), FORCED_BADGE))
        else:
            words = " · ".join(_parity_words(values))
            odd = any(v % 2 for v in values)
            even = any(v % 2 == 0 for v in values)
            out.append((words, SET_BADGE if odd and even else ODD_BADGE if odd else EVEN_BADGE))
        if len(values) > 1 or len(view.extra.get("last_play") or ()) > 1:
            out.append((tr("table.kabu.sets", values=", ".join(map(str, sorted(values)))), SET_BADGE))
        return out

    def chain_label(self, cards: int) -> str:
        return f"+{cards}"  # as `app`: what a player with no 2 takes

    def declare_label(self, action: Any) -> str:
        return tr("table.kabu.four_of_a_kind")

    def call_title(self, view: SeatView, seat: int | None) -> str:
        if view.extra.get("stage") == TRUMP:
            return tr("table.kabu.choose_trump")
        return tr(self.target_title)

    def distinct_targets(self, view: SeatView, calls: list[Action]) -> list[Action]:
        """Two plain cards of one number by one owner score the same: one button for them."""
        window = view.window
        seen: dict[tuple, Action] = {}
        for action in calls:
            card = action.cards[-1]
            owner = -1
            if window is not None and window.owners:
                index = next((i for i, c in enumerate(window.cards) if c.id == card.id), 0)
                owner = window.owners[index]
            seen.setdefault((card.rank, card.mark, owner), action)
        return list(seen.values())

    def target_note(self, view: SeatView, action: Action, names: list[str]) -> str | None:
        """Under a card the dobon may name: whose trump it is, where several put trumps out together;
        else what naming it adds to the score (A7 a 十 +5; M3 the ensouled four ×4, the red pin ×10)."""
        window = view.window
        card = action.cards[-1]
        if window is not None and window.owners and len(set(window.owners)) > 1:
            index = next((i for i, c in enumerate(window.cards) if c.id == card.id), None)
            return None if index is None else names[window.owners[index]]
        adds = naming_adds(card)
        return f"{adds[0]}{adds[1]}" if adds else None

    def prompt(self, view: SeatView, seat: int | None) -> list[str]:
        """Your trumps to put out after your dobon (§4.3): what to do and what it is worth."""
        if seat is None or view.extra.get("stage") != TRUMP or view.turn != seat or view.window:
            return []
        return [tr("table.kabu.trump_title", total=total(held(view))), tr("table.kabu.trump_hint")]

    def set_order(self, cards: list[Any]) -> list[Any]:
        return sorted(cards, key=lambda c: c.id)  # a set is named in hand order (one action per set)

    def played_line(self, pile: str, name: str, cards: str) -> str | None:
        return Said("log.kabu.trumps", name=name, cards=cards) if pile.startswith("trumps/") else None

    def plate_badge(self, view: SeatView, seat: int) -> str | None:
        """A seat that declared dobon this match, or showed four of a kind."""
        if seat == view.seat:
            return None  # you know what you did; your plate carries your practice lines
        decls = view.extra.get("decls", ())
        if any(d[0] == seat for d in decls):
            return tr("table.kabu.declared_badge")
        if seat in view.extra.get("shown", ()):
            return tr("table.kabu.four_badge")
        return None

    # ------------------------------------------------------------------ results

    def result_line(self, item: str, value: int, before: Score | None) -> str | None:
        """How laps and the extra cards moved: "laps 0 → 1", "extra 2 → 5 (next hand 9)"."""
        if item not in ("laps", "extra"):
            return None
        old = before[item] if before is not None and item in dict(before.parts) else None
        if item == "laps" and old == value:
            return ""  # laps that did not move: only the extra cards' line (an empty line is left out)
        label = tr(f"results.kabu.{item}")
        moved = f"{label} {value}" if old is None else f"{label} {old} → {value}"
        if item == "extra":
            moved += tr("results.kabu.next_hand", cards=4 + value)
        return moved

    def settlement(self, result: Any, names: list[str]) -> list[tuple[str, list[str]]]:
        """The points of each winner-loser pair, step by step by name (§5.1 A1-A8, M1-M4; or the
        ending's own lines), ending with P; pairs that score the same from one winner are one block."""
        blocks: list[tuple[str, list[str], list[int]]] = []
        current: list[Any] = []
        for line in result.lines:
            if line.item in ("laps", "extra"):
                continue
            if line.item == "void":
                blocks.append((tr("results.kabu.void_title"), [tr(f"results.kabu.void.{line.note}")], []))
                continue
            current.append(line)
            if line.item != "points":
                continue
            loser = line.seat
            winner = line.fact("winner")
            if winner is None:
                winner = result.winners[0] if result.winners else loser
            dobon = any(x.item == "base" for x in current)  # a dobon pair: the steps of §5.1 by number
            # only the steps that counted: an addition of 0 or a factor of 1 changed nothing
            steps = [self.step_text(x.item, x.value, dobon) for x in current[:-1] if self.counted(x)]
            steps.append(tr("results.kabu.points", points=line.value))
            current = []
            for title_steps in blocks:
                if title_steps[1] == steps and title_steps[2] and title_steps[2][0] == winner:
                    title_steps[2].append(loser)
                    break
            else:
                blocks.append(("", steps, [winner, loser]))
        out = []
        for title, steps, seats in blocks:
            if seats:
                winner, losers = seats[0], seats[1:]
                title = tr(
                    "results.kabu.pair",
                    winner=names[winner],
                    losers=tr("table.kabu.list_sep").join(names[s] for s in losers),
                )
            out.append((title, steps))
        return out

    def settlement_words(self, result: Any, say: Callable[[Any], str]) -> list[tuple[str, list[str]]]:
        """The settlement in sentences (game.result_words.kabu_pairs): per winner and loser(s) what
        counted, in the rule's own terms, and the points; a void match says why."""
        out: list[tuple[str, list[str]]] = []
        for line in result.lines:
            if line.item == "void":
                out.append((tr("results.kabu.void_title"), [tr(f"results.kabu.void.{line.note}")]))
        for pair in kabu_pairs(result):
            losers = tuple(Seat(s) for s in pair.losers)
            title = say(Words.of("pair", winner=Seat(pair.winner), losers=losers, points=pair.points))
            out.append(
                (title, [say(step) for step in pair.steps] + [tr("results.kabu.points", points=pair.points)])
            )
        return out

    @staticmethod
    def counted(line: Any) -> bool:
        """Whether a step of the settlement changed the points (the base always counts)."""
        if line.item in FACTORS:
            return line.value != 1
        return line.item == "base" or line.value != 0

    @staticmethod
    def step_text(item: str, value: int, dobon: bool = True) -> str:
        """One step by its name: "A2 +2 trumps", "M2 ×5 赤ピン / 四(魂) in hand" (numbered A1-M4 in a
        dobon's settlement; four of a kind and stock exhaustion have their own few lines)."""
        label = tr(f"score.kabu.{item}")
        step = STEPS.get(item) if dobon else None
        # the value before the label, so a long label cut to its column never hides it
        amount = f"×{value}" if item in FACTORS else f"{value}" if item == "four_laps" else f"{value:+d}"
        return f"{step} {amount} {label}" if step else f"{amount} {label}"

    def result_notes(self, view: SeatView, names: list[str]) -> list[str]:
        """Who deals the next match (§E: the loser; D24)."""
        parent = view.extra.get("next_parent", -1)
        if view.phase == "round-over" and parent is not None and 0 <= parent < len(names):
            return [tr("results.kabu.next_parent", name=names[parent])]
        return []

    # ------------------------------------------------------------------ the preset's events

    def on_ParentDrawn(self, board: BoardLike, event: Any) -> bool:
        """§1 the first parent is drawn: said in the log, and a splash."""
        board.carry.append(board.said("log.kabu.parent", event.seat))
        if board.layout is not None:
            _splash(board, "table.kabu.parent", event.seat, 1.2, board.layout.centre)
        return False

    def on_FourShown(self, board: BoardLike, event: Any) -> bool:
        board.shown.revealed[event.seat] = event.hand
        board.log.append(board.said("log.kabu.four", event.seat))
        if board.layout is not None:
            _splash(
                board, "table.kabu.four_of_a_kind", event.seat, 1.6, board.layout.spots[event.seat].centre
            )
            board.wait = 1.0
            return True
        return False

    def on_NoTrump(self, board: BoardLike, event: Any) -> bool:
        board.log.append(board.said(f"log.kabu.no_trump.{event.why}", event.seat))
        return False

    def on_DealExhausted(self, board: BoardLike, event: Any) -> bool:
        board.carry.append(board.said("log.kabu.deal_exhausted"))
        return False


def _splash(board: BoardLike, title: str, seat: int, seconds: float, at: tuple[float, float]) -> None:
    """A gold splash naming `seat` under the translated `title`, for `seconds`, at `at`."""
    board.splash(tr(title), seat, seconds, at)
