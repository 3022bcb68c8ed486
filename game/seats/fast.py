"""The hard seat's rollouts on the simulation cores (game.sim): the same quick policy, on codes.

`hard` judges each option by playing sampled worlds out with a fast policy for every seat
(game.seats.hard.rollout_policy and the preset's knowledge). On the engine every simulated action builds
`Action` and `Card` objects, asks the rulebook and updates event-ready state; a core (docs/sim.md) plays
the same games on flat ints several times faster, so the same CPU buys several times the worlds.

This module is that policy written on a core's codes, one `CorePolicy` per preset that has one:

* a seat asked in a window calls if it can (a sound dobon), and otherwise passes: the engine path's
  "a seat that can call does; the rest of the window is closed at once" (the core passes the seats with
  nothing to call by itself, `decide`);
* the turn player plays a fitting card, preferring a declared "last one", keeping clear of a card
  another hand can call on where the preset's knowledge says so (`calls_on`), shedding the preset's
  `shed_order` first six times in ten, and draws only when nothing fits.

The random calls are the engine path's, made in the same order on the same generator, and a core offers
the same actions in the same order as the engine, so from the same world and seed a core rollout plays
the engine rollout's very game (tests/test_fast_rollouts.py checks that, and the outcome statistics over
many sampled positions; kabu's draws can fall a step apart, see `KabuPolicy`). A preset or table without a policy here keeps the engine path (`policy_for`).
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from ..cards import deck
from ..sim import app as app_sim
from ..sim import cards as sim_cards
from ..sim import jda as jda_sim
from ..sim import kabu as kabu_sim
from ..sim import standard as standard_sim
from ..sim import super as super_sim
from .presets import knowledge
from .presets.value_weights import WEIGHTS as VALUES
from .value import centred, features, predict

if TYPE_CHECKING:
    from ..actions import Action
    from ..cards import Card

ROLLOUT_CAP = 500  # turn decisions a rollout plays at most (the engine path's safety cap)


class CorePolicy:
    """The quick policy of one preset on its core's codes. Subclasses say what a code plays."""

    preset = ""
    higher_is_better = True
    deck = "52"
    draw = 0  # the core's DRAW code (every code below it is a play)
    dobon = 0  # the core's DOBON code (a sound call)
    pass_ = 0
    # the core's simulated actions per engine rollout step, step_base + pass_share x (seats - 1), fitted
    # to the same positions played both ways (the core counts every waiting seat's pass in every window,
    # which the engine path closes at once): what turns a budget in engine steps (the review's) into
    # the core's count (`actions_per_step`)
    step_base = 1.0
    pass_share = 0.0
    # the share of hard's core budget (`HardSeat.core_work`) a decision spends, where a preset's core
    # worlds cost more than the others' (as `PresetKnowledge.work_share` on the engine path)
    core_share = 1.0

    def __init__(self) -> None:
        self.cards = deck(self.deck).cards
        self.know = knowledge(self.preset)
        self.values = VALUES.get(self.preset)
        # each play code's shed order, looked up once here rather than per card per turn (where the
        # codes are few: kabu's are masks of cards)
        self.code_shed = (
            tuple(self.shed[self.card(c)] for c in range(self.draw)) if self.draw <= 1 << 12 else None
        )

    def next_seat(self, sim: Any, seat: int) -> int:
        return sim.nxt[seat]

    def actions_per_step(self, players: int) -> float:
        return self.step_base + self.pass_share * (players - 1)

    def turn(self, sim: Any, seat: int, options: list[int], rng: random.Random) -> int:
        """The turn player's action: `rollout_policy`'s choice, made with the same random calls."""
        draw = self.draw
        plays = [c for c in options if c < draw]
        if not plays:
            return options[0]
        plays = self.prefer(sim, seat, plays)
        if rng.random() < 0.6:
            table = self.code_shed
            if table is not None:
                top = max(table[c] for c in plays)
                plays = [c for c in plays if table[c] == top]
                return plays[int(rng.random() * len(plays))]
            order = self.shed
            card = self.card
            top = max(order[card(c)] for c in plays)
            plays = [c for c in plays if order[card(c)] == top]
        return plays[int(rng.random() * len(plays))]

    def prefer(self, sim: Any, seat: int, plays: list[int]) -> list[int]:
        """The plays a careful player narrows to (a "last one" said; clear of callers)."""
        return plays

    def card(self, code: int) -> int:
        raise NotImplementedError

    shed: tuple[int, ...] = ()

    def window(self, options: list[int]) -> int:
        """A seat asked in a window calls when it can, and passes otherwise."""
        return self.dobon if self.dobon in options else self.pass_

    def choose(self, sim: Any, seat: int, options: list[int], rng: random.Random) -> int:
        if sim.wplacer >= 0 and seat in sim.pending:
            return self.window(options)
        return self.turn(sim, seat, options, rng)

    def code(self, world: Any, action: Action) -> int:
        return world.code(action)

    def prepare(self, sim: Any) -> None:
        """Ready a rollout copy: drop what the policy never chooses, so the core applies the rest as forced."""

    def rehand(self, world: Any, seat: int, mask: int) -> None:
        """Give `seat` the hand `mask` (of the size it had), with whatever the core keeps beside a hand."""
        world.hands[seat] = mask

    def refilled(self, world: Any) -> None:
        """After `refill`: whatever the core derives from all the hands at once."""

    def position(self, sim: Any) -> list[float]:
        """Each seat's expected further score change where a rollout stopped short (the learned value
        of the position, game.seats.value), against the table's mean; zeros without one."""
        if self.values is None:
            return [0.0] * sim.n
        cards = self.cards
        hands = [[cards[i] for i in range(len(cards)) if h >> i & 1] for h in sim.hands]
        to_move: dict[int, int] = {}
        seat = sim.turn
        for k in range(sim.n):
            to_move.setdefault(seat, k)
            seat = self.next_seat(sim, seat)
        return centred(
            [
                predict(self.values, features(self.know, hand, to_move.get(s, 0)))
                for s, hand in enumerate(hands)
            ]
        )


class AppPolicy(CorePolicy):
    preset = "app"
    draw = app_sim.DRAW
    dobon = app_sim.DOBON
    pass_ = app_sim.PASS
    step_base, pass_share = 0.92, 0.63  # measured 1.55, 2.16, 2.82 at 2, 3, 4 seats
    # its worlds are the cheapest: p95 about the engine path's (bench/hard_search.py). More buys few
    # worlds where it counts: the core path's search then mostly stops early, nothing left in question
    core_share = 1.9
    shed = tuple(app_sim.RANK)  # app's shed_order: the rank

    def card(self, code: int) -> int:
        return code if code < app_sim.PLAY8 else app_sim.card_of(code)

    def rehand(self, world: Any, seat: int, mask: int) -> None:
        world.hands[seat] = mask
        world.callv[seat] = app_sim.hand_value(mask) if world.sizes[seat] > 1 else -1


SUPER_SHED = tuple(super_sim.score_of(super_sim.BIT54[c]) for c in range(super_sim.CARDS))


class SuperPolicy(CorePolicy):
    preset = "super"
    higher_is_better = False
    deck = "54"
    draw = super_sim.DRAW
    dobon = super_sim.DOBON
    pass_ = super_sim.PASS
    # measured 1.03, 1.35, 1.73, 2.54 at 2, 3, 4, 6 seats (the passes `prepare` makes forced count too)
    step_base, pass_share = 0.65, 0.37
    shed = SUPER_SHED  # super's shed_order: what the card scores

    def card(self, code: int) -> int:
        return code // super_sim.VARIANTS

    def prepare(self, sim: Any) -> None:
        # a rollout never declares without a sound hand (D12's false dobon; nor does rollout_policy):
        # without the offer, a seat with nothing to call passes as a forced action inside `decide`
        sim.false_penalty = False

    def prefer(self, sim: Any, seat: int, plays: list[int]) -> list[int]:
        flagged = [c for c in plays if c % super_sim.VARIANTS & 1]
        if flagged:
            plays = flagged
        totals = super_sim.totals
        hands = sim.hands
        caught = 0  # the values some other hand adds up to (bit v: a card worth v can be called on)
        for other in range(sim.n):
            if other != seat and hands[other]:
                caught |= totals(hands[other])
        values = super_sim.VALUES
        safe = [c for c in plays if not values[c // super_sim.VARIANTS] & caught]
        return safe or plays


class StandardPolicy(CorePolicy):
    """standard: the auction, yaku offers and runs of discards besides the generic turn. A rollout bids
    the lowest (the engine path applies the first bid offered), never declares a yaku (the engine
    path's turn policy never does; an offer is declined here so that the core asks no more), calls the
    longest run it can (the engine path's longest call), and prefers a "last one" play."""

    preset = "standard"
    higher_is_better = False
    deck = "54"
    draw = standard_sim.DRAW
    pass_ = standard_sim.PASS
    step_base, pass_share = 0.54, 0.42  # measured 1.38, 1.78, 2.64 at 3, 4, 6 seats
    # its rollouts are the longest (0.75 before the core's window, turn and scoring paths were made
    # cheaper): p95 CPU about the engine path's (bench/hard_search.py, docs/benchmarks.md)
    core_share = 1.0
    shed = standard_sim.RANK54  # the default shed_order: the rank (a joker 0)

    def card(self, code: int) -> int:
        return code // 10

    def next_seat(self, sim: Any, seat: int) -> int:
        return sim._next(seat)

    def prefer(self, sim: Any, seat: int, plays: list[int]) -> list[int]:
        flagged = [c for c in plays if c & 1]  # code = card * 10 + 2 * (declared suit + 1) + last-one flag
        return flagged or plays

    def choose(self, sim: Any, seat: int, options: list[int], rng: random.Random) -> int:
        if sim.wplacer >= 0 and seat in sim.pending:
            calls = [c for c in options if c >= standard_sim.DOBON]
            return max(calls) if calls else self.pass_
        if sim.phase == standard_sim.OPENING:
            return options[0]  # the lowest bid
        if seat != sim.turn:
            return self.pass_  # a yaku offer, declined
        return self.turn(sim, seat, options, rng)


# KABU_CAUGHT[hit]: the cards whose value v has bit v set in `hit` (the values some hand calls on)
KABU_CAUGHT = tuple(
    sum(1 << card for card in range(kabu_sim.CARDS) if hit >> kabu_sim.value(card) & 1)
    for hit in range(1 << 10)
)
KABU_SHED = tuple(-1 if kabu_sim.RANK[c] == kabu_sim.TEN else kabu_sim.RANK[c] for c in range(kabu_sim.CARDS))


class KabuPolicy(CorePolicy):
    """kabu: a play is a set of cards (a mask); every card of it must be clear of callers, its first
    card says what it sheds (the engine path's `a.card`). A seat asked in a window calls on the first
    card it can (the engine path's first longest call: every kabu call names one card) and never shows
    four of a kind (the engine path's window takes calls only). Not draw for draw the engine path's: a
    one-card hand in the trump stage has a single play, which the core applies as forced where the
    engine path still asks the policy (two random draws), so the later draws are shifted; the policy
    is the same in distribution (tests/test_fast_rollouts.py)."""

    preset = "kabu"
    higher_is_better = False
    deck = "kabufuda"
    draw = kabu_sim.DRAW
    pass_ = kabu_sim.PASS
    shed = KABU_SHED  # kabu's shed_order: the number, a 10 last
    core_share = 0.75  # p95 about the engine path's (bench/hard_search.py)
    step_base, pass_share = 0.6, 0.41  # measured 1.00, 1.78, 2.66 at 2, 4, 6 seats

    def card(self, code: int) -> int:
        return (code & -code).bit_length() - 1

    def next_seat(self, sim: Any, seat: int) -> int:
        return sim._next(seat)

    def prefer(self, sim: Any, seat: int, plays: list[int]) -> list[int]:
        hit = 0  # bit v: some other hand's total ends in v (and is 13 or less): it calls on a card worth v
        hands = sim.hands
        total = kabu_sim.mask_total
        for other in range(sim.n):
            if other != seat and hands[other]:
                t = total(hands[other])
                if t <= kabu_sim.MAX_TOTAL:
                    hit |= 1 << t % 10
        if not hit:
            return plays
        caught = KABU_CAUGHT[hit]  # the cards worth a hit value
        safe = [c for c in plays if not c & caught]
        return safe or plays

    def choose(self, sim: Any, seat: int, options: list[int], rng: random.Random) -> int:
        if sim.wopen and seat in sim.pending:
            for code in options:
                if kabu_sim.DOBON <= code < kabu_sim.NEXT_ROUND:
                    return code
            return self.pass_
        return self.turn(sim, seat, options, rng)


class JdaPolicy(CorePolicy):
    """jda: the engine path's lean rollout (game.seats.hard.play_out with game.seats.presets.jda's
    knowledge) step for step on the core's state. No seat is polled: before each turn the first seat
    in turn order from the turn player whose hand adds up to the field card calls a dobon (never the
    card's own placer; its lowest card on top, the engine hand's first); in a gaeshi window the first
    pending seat that can answers, else the window closes; the turn player plays one card no other
    hand adds up to (a 2 under a chain), the highest six times in ten, or takes. Placements out of turn
    are left out, as on the engine path. The horizon counts the engine path's steps (a dobon, a gaeshi,
    a window's close, a turn), and where it stops each hand is worth its measured chances
    (`rollout_value`, game/seats/presets/jda_values.py)."""

    preset = "jda"
    higher_is_better = False
    draw = jda_sim.DRAW
    dobon = jda_sim.DOBON
    pass_ = jda_sim.PASS
    # core actions per engine step: the lean rollout applies what the engine path applies, plus a
    # window's passes when it closes (measured 1.01 at 4 seats, 15 games' positions)
    step_base, pass_share = 1.0, 0.0
    # below the engine path's p95 CPU per searched decision (bench/hard_search.py --rules jda
    # --same-decisions: 131 ms against 189, 3.2 times its worlds where it searches to its budget): the
    # review plays hard at this budget for every decision of a round, which must stay under 3 s
    core_share = 0.35
    shed = tuple(jda_sim.RANK)

    def __init__(self) -> None:
        super().__init__()
        self.horizon = self.know.rollout_horizon

    def card(self, code: int) -> int:
        return code & 63

    def rehand(self, world: Any, seat: int, mask: int) -> None:
        world.hands[seat] = mask
        world.tot[seat] = app_sim.hand_value(mask)

    def refilled(self, world: Any) -> None:
        seat = world.to_move()  # who is asked first depends on every hand (a chance to place or call)
        world.mover = seat if seat >= 0 else world.turn

    def position(self, sim: Any) -> list[float]:
        from .presets.jda import _values

        win, lose = _values()
        out = []
        first = jda_sim.FIRST_DEAL
        for seat in range(sim.n):
            size = min(sim.sizes[seat], 16)
            total = sim.tot[seat] if sim.hands[seat] else 0
            total = total if total <= 13 else 14
            out.append(lose[size][total] - (win[size][total] if sim.deal_sizes[seat] > first else 0.0))
        return out

    def rollout(self, sim: Any, rng: random.Random, cap: int) -> None:
        rank_of = jda_sim.RANK
        hands, tot, n = sim.hands, sim.tot, sim.n
        apply = sim.apply
        dobon, pass_ = jda_sim.DOBON, jda_sim.PASS
        steps = 0
        while steps < cap and sim.phase < jda_sim.ROUND_OVER:
            steps += 1
            if sim.wplacer >= 0:
                rank = rank_of[sim.wtop]
                for seat in sim.pending:
                    hand = hands[seat]
                    if hand and tot[seat] == rank:
                        apply(seat, dobon + ((hand & -hand).bit_length() - 1))
                        break
                else:
                    for seat in list(sim.pending):
                        apply(seat, pass_)
                continue
            top = sim.discard[-1]
            rank = rank_of[top]
            turn = sim.turn
            placer = sim.placer
            called = False
            for k in range(n):
                seat = sim._next(turn, k) if k else turn
                hand = hands[seat]
                if hand and seat != placer and tot[seat] == rank:
                    apply(seat, dobon + ((hand & -hand).bit_length() - 1))
                    called = True
                    break
            if called:
                continue
            apply(turn, self.careful(sim, turn, top, rng))

    def careful(self, sim: Any, seat: int, top: int, rng: random.Random) -> int:
        """`Knowledge.rollout_turn` on the core."""
        hands = sim.hands
        hand = hands[seat]
        if sim.sizes[seat] <= 1:
            return jda_sim.DRAW
        tot = sim.tot
        rank_mask = jda_sim.RANK_MASK
        unsafe = 0  # the cards of a value some other hand adds up to (13 or less)
        for other in range(sim.n):
            if other != seat and hands[other]:
                t = tot[other]
                if t <= 13:
                    unsafe |= rank_mask[t]
        if sim.owed:
            fit = hand & rank_mask[jda_sim.TWO]
        else:
            fit = hand & (jda_sim.SUIT_MASK[jda_sim.SUIT[top]] | rank_mask[jda_sim.RANK[top]])
        safe = fit & ~unsafe
        if not safe:
            return jda_sim.DRAW
        if rng.random() < 0.6:  # the highest number's cards: fold the four suits' 13 bits into one
            ranks = (safe | safe >> 13 | safe >> 26 | safe >> 39) & sim_cards.CHUNK
            safe &= rank_mask[ranks.bit_length()]
        ids = jda_sim.ids_of(safe)  # ascending, as the engine's hand
        return ids[int(rng.random() * len(ids))]


CORE_TYPES = {
    "app": app_sim.AppSim,
    "jda": jda_sim.JdaSim,
    "super": super_sim.SuperSim,
    "standard": standard_sim.StandardSim,
    "kabu": kabu_sim.KabuSim,
}
# by core class: a rollout finds its policy from the world it plays
POLICIES: dict[type, CorePolicy] = {
    app_sim.AppSim: AppPolicy(),
    super_sim.SuperSim: SuperPolicy(),
    standard_sim.StandardSim: StandardPolicy(),
    kabu_sim.KabuSim: KabuPolicy(),
    jda_sim.JdaSim: JdaPolicy(),
}


def policy_for(preset: str) -> CorePolicy | None:
    """The preset's core policy, or None where its rollouts still run on the engine."""
    core = CORE_TYPES.get(preset)
    return POLICIES[core] if core is not None else None


def to_core(game: Any) -> Any | None:
    """The core of an engine game (a sampled world), or None where its preset or table has none (super's
    two decks, jda on a clock, a preset not moved yet)."""
    core = CORE_TYPES.get(game.rules.preset)
    if core is None:
        return None
    try:
        return core.from_game(game)
    except ValueError:
        return None


def refill(template: Any, deal: tuple[dict[int, list[Card]], list[Card]], rng: random.Random) -> Any:
    """Another world of the same decision: a copy of `template` (a core made from a sampled world of
    this view) with the other hands and the stock `deal` gives (an inference sampler's), the stock in
    an order drawn from `rng`. It is the world `to_core(determinize(view, rng, deal))` would make, with
    the same draws on `rng`, without building a `Game` in between (tests/test_fast_rollouts.py)."""
    others, pool = deal
    hands = {}
    for seat, hand in others.items():
        mask = 0
        for card in hand:
            mask |= 1 << card.id
        hands[seat] = mask
    return refill_codes(template, hands, [c.id for c in pool], rng)


def refill_codes(template: Any, hands: dict[int, int], stock: list[int], rng: random.Random) -> Any:
    """`refill` from the deal as codes (`HandSampler.codes`: each other hand a bitmask of card ids, the
    stock's ids): the same world from the same draws, with no `Card` in between."""
    rng.randrange(2**31)  # determinize's seed for the game it builds: drawn too, so the draws agree
    stock = list(stock)
    rng.shuffle(stock)  # the order of the stock is unknown to everyone (a shuffle moves by position)
    world = template.clone()
    policy = POLICIES[type(world)]
    for seat, mask in hands.items():
        policy.rehand(world, seat, mask)
    world.stock = stock
    policy.refilled(world)
    return world


def is_core(world: Any) -> bool:
    return type(world) in POLICIES


def play_out(sim: Any, rng: random.Random, horizon: int | None = None) -> int:
    """Play the round on a core copy to its end or the safety cap (`horizon`: turn decisions at most);
    returns the simulated actions applied, forced ones included (the search's measure of work)."""
    policy = POLICIES[type(sim)]
    start = sim.actions
    if isinstance(policy, JdaPolicy):  # the engine path's lean steps, its horizon by default
        policy.rollout(sim, rng, min(ROLLOUT_CAP, horizon or policy.horizon or ROLLOUT_CAP))
        return sim.actions - start
    policy.prepare(sim)
    choose = policy.choose
    decide, apply = sim.decide, sim.apply
    cap = min(ROLLOUT_CAP, horizon or ROLLOUT_CAP)
    moves = 0
    while moves < cap:
        options = decide()
        if not options:
            break
        moves += 1
        seat = sim.mover
        apply(seat, choose(sim, seat, options, rng))
    return sim.actions - start


def begin(world: Any, action: Action) -> None:
    """Apply the searched option (an engine action) to a core."""
    world.apply(action.seat, POLICIES[type(world)].code(world, action))


def offers(world: Any, action: Action) -> bool:
    """Does the core offer `action` to its seat now (a sampled world may not, where a preset hides a rule)?"""
    try:
        code = POLICIES[type(world)].code(world, action)
    except ValueError:
        return False
    return code in world.legal(action.seat)


def outcome(sim: Any, me: int, before: list[int]) -> float:
    """game.seats.hard.outcome on a core: my score change against the table's mean, in the preset's
    sense of better, with the learned value of the position where the rollout stopped short."""
    n = sim.n
    scores = sim.scores
    deltas = [scores[s] - before[s] for s in range(n)]
    policy = POLICIES[type(sim)]
    if not sim.over:
        deltas = [d + v for d, v in zip(deltas, policy.position(sim), strict=True)]
    value = deltas[me] - sum(deltas) / n
    return value if policy.higher_is_better else -value
