"""What the table draws differently for each preset, one module per preset (`ui/presets/<preset>.py`),
named in the preset registry (game/registry.py) and found through the rule set, so generic table code
never names a preset.

A module defines `UI`, a `PresetUI` subclass. The table asks it how to present the preset's own events
(`presenter`), what the hand-value hint says (`hand_value`: `super` counts two ways, `kabu` 1-10), what
badges stand by the field card besides the suit (`indicators`: a colour in force), how a dobon names
its target (`dobon_target`), which labels it gives the pending-draw badge and the rule options, and
what panel of its own it draws while a window is open (`draw_window_panel`: jda's dobon-gaeshi).
A hook is handed the board or the table by role (ui/table/roles.py: BoardLike, TableLike), their
public API only.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, ClassVar

from game.registry import Part, load

if TYPE_CHECKING:
    import pygame

    from game.rules.base import RuleSet
    from game.scores import Score
    from game.view import SeatView

    from ..table.roles import BoardLike, TableLike


class PresetUI:
    """The default: a preset that draws nothing of its own."""

    last_one_button = False  # the table offers a "last one" declaration with the play that leaves one card
    # the text the table says when that button is pressed where it cannot count: the preset's own
    # refusal of the declaration with any other play (its code's key, game.refusals)
    last_one_only = "refusal.not_now"
    # the rule options the new-game screen offers: (RuleSet field, translation key of its label); a
    # boolean field is a toggle, a number a number field
    new_game_options: tuple[tuple[str, str], ...] = ()
    # options that take one of a few named values (new.choice.<option>.<value> labels each): a button
    # steps through them
    option_choices: ClassVar[dict[str, tuple[str, ...]]] = {}
    # how the Dobon button names a call's target when several are open: "choose" asks the player (a
    # top card, one card of a set); "longest" takes the call that names the most cards (standard's D7)
    dobon_target = "choose"

    def hand_value(self, view: SeatView) -> str:
        """The practice hint under your name: what your hand counts for a dobon."""
        from ..text import tr

        return tr("table.hand_sum", total=sum(c.rank for c in view.hand))

    def indicators(self, view: SeatView) -> list[tuple[str, tuple[int, int, int]]]:
        """Badges by the field card besides the suit in force (label, colour): e.g. a colour in force."""
        return []

    def declare_label(self, action: Any) -> str:
        """The button for one of the preset's declarations (a DECLARE action; `amount` says which)."""
        from ..text import tr

        return tr("table.declare")

    choose_title = "table.choose_suit"  # the picker's title when a play names a suit

    def suit_choice(self, action: Any) -> tuple[str, tuple[int, int, int]] | None:
        """How the picker shows the suit a play names: None draws the suit's symbol; a preset whose
        "suit" stands for something else (super's colour) gives a label and its colour."""
        return None

    def chain_label(self, cards: int) -> str:
        """The pending-draw badge by the field card: what the next player owes."""
        return f"+{cards}"

    target_title = "table.choose_target"  # the picker's title when a call names a card
    result_title = "results.title"  # the result screen's title ("Round 3: Dobon")
    next_label = "results.next"  # its button
    match_label = "results.match"  # its button after the match's last round
    match_title = "results.match_title"  # the final standings' title
    rounds_axis = "results.rounds_axis"  # the match chart's axis ("6 rounds")
    series_count = "history.series"  # how many matches a game kept in the history ran to ("2 matches")
    # where a reviewed decision fell ("Round 3"; "Match 2, round 1" past the first match) and History's
    # button for a deal played again ("Play round 3's deal again"), in the preset's units (docs/ui.md)
    where_round = "review.where_round"
    where_match_round = "review.where_match_round"
    again_label = "history.again"
    review_head = "review.head"  # the review's heading: what a loss is counted in, what a round is worth
    # Statistics in the preset's own terms: the headings of its rounds and matches, and its standing's
    # parts other than points, each as its change per round ("gain") or its mean after one ("level")
    stats_units = ("stats.rounds", "stats.matches")
    stats_parts: tuple[tuple[str, str], ...] = ()
    log_round = "log.round"  # the log's first line at a deal ("Round 2 of match 1")
    log_resumed = "log.resumed"  # and when a saved match is resumed

    def call_title(self, view: SeatView, seat: int | None) -> str:
        """The picker's title when the person chooses what a dobon names."""
        from ..text import tr

        return tr(self.target_title)

    def confirm_call(self, view: SeatView, seat: int) -> bool:
        """Whether a dobon asks first even with one choice (jda's self-dobon loses, JD15)."""
        return False

    def turn_limit_s(self, view: SeatView) -> float | None:
        """Seconds a player may take over a turn before the rules cost them (None: no limit), for the
        countdown on your plate."""
        return None

    def match_clock(self, view: SeatView, left_s: float) -> str:
        """The clock of a match played to a time: what is left of it, or that it is up."""
        from ..text import tr

        if left_s > 0:
            whole = math.ceil(left_s)
            return tr("table.match_time", time=f"{whole // 60}:{whole % 60:02d}")
        return tr("table.match_time_up")

    def pass_label(self, action: Any) -> str | None:
        """The button for a preset's own answer in a window (a flagged PASS: jda's throw-in), or None
        for no button."""
        return None

    def draw_window_panel(self, surface: pygame.Surface, table: TableLike) -> bool:
        """Draw the preset's own panel while a reaction window is open (jda: the dobon-gaeshi panel,
        its top card and clock) in the prompt band, through the table's narrow API (ui/table/roles.py),
        so the generic table names no preset's rule; True if one was drawn, and the table then draws
        no other panel there. By default none: the window shows only as the ring round its cards."""
        return False

    # hands shown face up follow the view (cards leaving them, a hand revealed without a call) and lie
    # where the hand was: kabu's revealed hands stay in play while trumps are put out
    live_reveals = False
    spread_last_play = False  # a play of several cards lies spread on the field, each card showing
    empty_pile_outline = True  # an empty pile of the preset's own still shows where it lies
    # the unit a seat's score moves in, for the coach's costs and hints (coach.cost_<unit>, gain_<unit>)
    cost_unit = "points"
    fanned_piles: tuple[str, ...] = ()  # piles (by name prefix) drawn fanned, every card seen

    def distinct_targets(self, view: SeatView, calls: list[Any]) -> list[Any]:
        """The calls worth a button each when a dobon may name several cards (kabu: one per number)."""
        return calls

    def target_note(self, view: SeatView, action: Any, names: list[str]) -> str | None:
        """A word under a card in the target picker (kabu: whose trump it is), or None."""
        return None

    def prompt(self, view: SeatView, seat: int | None) -> list[str]:
        """Lines for a panel telling the person what the rules ask of them now (kabu: put out your
        trumps), or none."""
        return []

    def settlement(self, result: Any, names: list[str]) -> list[tuple[str, list[str]]]:
        """The result screen's settlement, step by step: (title, lines) blocks, or none to show the
        score lines in each seat's row."""
        return []

    def settlement_words(self, result: Any, say: Callable[[Any], str]) -> list[tuple[str, list[str]]]:
        """The same settlement in plain sentences (game.result_words, said by `say`), shown unless the
        person asks for it rule by rule; none where `settlement` gives none."""
        return []

    def set_order(self, cards: list[Any]) -> list[Any]:
        """Picked cards in the order the rules name a play of them (to ask why it is refused): as
        picked (jda: the last picked goes on top); kabu names a set in hand order."""
        return cards

    def played_line(self, pile: str, name: str, cards: str) -> str | None:
        """The log's line for cards played onto one of the preset's piles (kabu: trumps put out), or
        None for the generic "Ren played 7"."""
        return None

    def empty_pile_label(self, pile: str) -> str | None:
        """A word inside the outline of one of the preset's piles while it is empty (what it is for),
        or None."""
        return None

    def plate_badge(self, view: SeatView, seat: int) -> str | None:
        """A word on a seat's name plate (e.g. a hand thrown in), or None."""
        return None

    # "Rule by rule" on the result screen: each score line's rule by its code in the preset's spec
    # (/work/shared/rules: a clause such as super's P-2-5, kabu's A1-M4, or the section that defines it)
    rule_codes: ClassVar[dict[str, str]] = {}
    factor_items: ClassVar[frozenset[str]] = frozenset()  # items that multiply (besides "*_factor")

    def result_line(self, item: str, value: int, before: Score | None) -> str | None:
        """How the result screen writes one score line (None: the generic way); `before` is the seat's
        standing when the round was dealt."""
        return None

    def result_more(self, seat: int, result: Any, before: Score | None, after: Score) -> list[str]:
        """More lines for a seat on the result screen, after the score lines (jda: a winner already at
        the smallest deal stays there)."""
        return []

    def result_notes(self, view: SeatView, names: list[str]) -> list[str]:
        """Lines under the result's title (jda: who deals next)."""
        return []

    def presenter(self, board: BoardLike, event: Any) -> Callable[[Any], bool] | None:
        """How to show one of the preset's own events on `board` (True: the next event waits), or
        None to let it pass silently. By default a method `on_<EventName>(board, event)`."""
        method = getattr(self, f"on_{type(event).__name__}", None)
        return None if method is None else (lambda e: method(board, e))


def preset_ui(rules: RuleSet) -> PresetUI:
    """The table module of `rules`' preset, as the registry names it; PresetError (naming the preset
    and the module) if the preset is unknown or its module is missing or broken, never the default."""
    return load(rules.preset, Part.UI)()
