"""What the heuristic AI seats know of each preset, one module per preset (`game/seats/presets/<preset>.py`),
named in the preset registry (game/registry.py) and found through the view's preset, so the generic seats
never name one.

A module defines `Knowledge`, a subclass of `PresetKnowledge` below. Everything here is public: the
rules of a preset, never a hand.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import TYPE_CHECKING, ClassVar

from ...cards import Card
from ...registry import Part, load

if TYPE_CHECKING:
    from ...actions import Action
    from ...view import SeatView

MAX_CALL = 13


class PresetKnowledge:
    """The defaults, which are `app`'s sense of things."""

    call_top = MAX_CALL  # the highest hand total a dobon call can match
    min_cards_to_call = 2  # the fewest cards a hand that calls holds
    weights: ClassVar[
        dict[str, float]
    ] = {}  # the normal seat's weights this preset overrides (tuned in the arena)
    # The scale of a round, in the preset's own units, measured by `python bench/review.py --worth`
    # (four `normal` seats): `round_worth`, a seat's mean absolute score change in a round, is what the
    # review grades a loss against (a lost point means as much in app as a lost fraction in jda);
    # `usual_loss`, what a seat that loses a round loses on average, is what the coach weighs a play's
    # expected cost against (a 9% chance of paying 3,079 points is worse than losing an ordinary round).
    round_worth: ClassVar[float] = 66.0
    usual_loss: ClassVar[float] = 71.0

    def values(self, card: Card) -> tuple[int, ...]:
        """The numbers a card counts for in a dobon sum (super: A is 1 or 10)."""
        return (card.rank,)

    # Could `hand` call dobon on `card`? Set by a preset whose rollouts (the hard seat's simulations,
    # where every hand is dealt) keep their players clear of such plays; None: they do not look.
    calls_on: Callable[[list[Card], Card], bool] | None = None

    def callers(self, hands: list[list[Card]]) -> Callable[[Card], bool]:
        """A test a rollout asks of every card it might play: could one of `hands` call on it? Built
        from `calls_on` (set it first); a preset may answer it more cheaply."""
        calls_on = self.calls_on
        assert calls_on is not None
        return lambda card: any(calls_on(hand, card) for hand in hands)

    def shed_order(self, card: Card) -> int:
        """Which card a quick player gets rid of first (the highest): the hard seat's rollouts use it."""
        return card.rank

    def hand_totals(self, cards: list[Card]) -> tuple[int, ...]:
        """Every total a hand can make for a dobon."""
        return (sum(c.rank for c in cards),)

    def points(self, card: Card) -> int:
        """What holding the card costs at the end of a round."""
        return 10 if card.rank == 1 or card.rank > 10 else card.rank

    def recent_runs(self, view: SeatView, opponents: list[int]) -> dict[int, list[int]]:
        """For each opponent, the sums a dobon may add to a card before it (runs of discards)."""
        return {}

    def loss(self, view: SeatView, card: Card, keep: list[Card], kept: int) -> float:
        """What being called on costs, holding `keep` (worth `kept` points) after playing `card`."""
        twos = sum(1 for c in keep if c.rank == 2) + (card.rank == 2)
        return (kept + 20 + self.points(card)) * 2 * 2**twos

    def bonus(self, view: SeatView, card: Card, keep: list[Card], choice: Action) -> float:
        """What the preset adds to a play's score beyond shedding, danger and hope."""
        if card.rank == 2:
            return 5.0 if view.hand_sizes[(view.seat + view.direction) % view.players] <= 3 else 2.0
        return 0.0

    def known_in_hand(self, view: SeatView) -> dict[int, list[Card]]:
        """Cards of other seats' hands this seat knows are there (revealed and still held)."""
        return {}

    def may_still_call(self, view: SeatView, seat: int) -> bool:
        """May `seat` still call on the latest play, so that its silence so far says nothing of its
        hand? (An open window is the core's case and always counts; this is for a preset where calls
        come at any moment, jda.)"""
        return False

    # The normal seat's whole decision where the preset's shape needs its own (jda: out-of-turn
    # placements to weigh against letting the moment go, dobons that can lose); None: the generic one.
    decide: Callable[..., Action | None] | None = None
    # With `decide`: the options the hard seat searches, the normal seat's choice among them
    # (candidates(normal_seat, view) -> list of actions).
    candidates: Callable[..., list[Action]] | None = None
    # An action a rollout (the hard seat's simulations) takes before the turn player's, or None: where
    # seats act out of turn (jda: a dobon on the field card at any moment). None: nobody does.
    rollout_interrupt: Callable[..., Action | None] | None = None
    # The turn player's action in a rollout (rollout_turn(game, seat, rng) -> Action), where the
    # generic quick policy (play whatever fits, draw only when nothing does) is far from how the
    # preset is played (jda: a take is always allowed and always safe). None: the generic one.
    rollout_turn: Callable[..., Action] | None = None
    # How many simulated actions a rollout looks ahead before it stops and scores the round as it
    # stands (nobody's score moved: 0 for every seat). None: to the round's end. Where what a choice
    # costs shows in the next few moves and a round can last long (jda), a short look is both sharper
    # (the rest of the round is noise to this choice) and cheaper.
    rollout_horizon: int | None = None
    # Where a rollout stops before the round's end: each seat's expected further score change from the
    # position (rollout_value(game) -> list of floats, in the scores' own units), added to what the
    # rollout saw happen. None: an unfinished round counts as no change for anyone, which hides what a
    # choice gives up beyond the horizon (jda: a take is safe now, but a bigger hand seldom wins).
    rollout_value: Callable[..., list[float]] | None = None
    # The hard seat leaves the heuristic's choice for an option only if it is better by more than
    # `confidence` standard errors. Where what decides is a rare event (jda: the card left on the field
    # is hit in one world of fifty), an option may meet it in none of a decision's worlds and look
    # certain; with this set, each option's spread is taken as at least the options' pooled spread, so
    # that luck in the sampling is not read as safety (arena, jda, 60 deals: hard -0.03 against 0.00).
    pooled_spread: bool = False
    # The inferred danger of a card (the share of sampled deals in which some hand calls on it) is
    # mixed with the uniform estimate, counted as this many more deals. Where a decision turns on small
    # dangers (jda: a take against a card left on the field), a hundred deals' noise makes the least
    # dangerous-looking play look safer than it is; 0: the sampled share alone.
    risk_prior_deals: int = 0
    # The share of the hard seat's work budget a decision in this preset spends (bench/hard_search.py
    # measures what the work costs per preset).
    work_share: float = 1.0


@cache
def knowledge(preset: str) -> PresetKnowledge:
    """What the AI knows of `preset`, from the module the registry names; PresetError (naming the
    preset and the module) if it is unknown or its module is missing or broken, never the defaults."""
    return load(preset, Part.KNOWLEDGE)()
