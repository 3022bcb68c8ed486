"""`hard`: search over information sets by determinization (perfect-information Monte Carlo).

For a turn decision with more than one sensible option, it first infers the hidden hands: it draws
deals of the cards it has not seen in proportion to how well they fit the round's history
(game.seats.inference: who drew when they could have played, who let a card pass without calling,
which card each seat chose to play, read with a play policy fitted to self-play).
Those deals judge the danger of each card for its heuristic (the normal one, informed), and become
complete games (game.seats.determinize) on which it tries each candidate action and plays the round
out with a fast policy for every seat, scoring the outcome from its own point of view (its score change
against the table's average). The same world and luck meet every candidate, so their comparison is
fair; it samples worlds until its work budget is spent (`work`: simulated actions, never the clock,
so a seed fixes the game whatever the machine's load) or nothing is left in question, dropping the
options clearly behind as it goes (game.seats.allocation), and leaves the heuristic's choice only for
an option that beats it by more than `confidence` standard errors. In an auction (standard) it searches the same
way whether leading the round is worth outbidding the others (see `bid`). Calls and declarations use
the normal heuristics. It never reads another seat's hand: it only ever sees its view.

The rollouts use a lean path: no event log, windows resolved directly (a seat that can call does; the
rest of the window is closed at once) instead of polling every seat for a pass. Where the preset and
the table have a simulation core with a rollout policy (game.seats.fast: app, one-deck super,
standard, kabu, jda), the worlds are played on the core instead: the same policy on flat ints, the same games,
several times the worlds for the same CPU (`cores`, `core_work`).
"""

from __future__ import annotations

import random
from collections.abc import Callable

from ..actions import REFEREE, Action, Kind, is_call
from ..cards import Card
from ..engine import Game
from ..phase import Phase
from ..view import SeatView
from . import fast
from .allocation import Duel
from .base import Seat
from .determinize import determinize, hidden_cards, known_in_hand
from .heuristics import Risk
from .inference import HandSampler, InferredRisk
from .normal import NormalSeat
from .presets import knowledge
from .presets.value_weights import WEIGHTS as VALUES
from .value import position_values

CLOSE = Action(REFEREE, Kind.CLOSE)
ROLLOUT_CAP = 500


def rollout_policy(game: Game, seat: int, rng) -> Action:
    """A quick, sensible policy for simulations: play a fitting card (prefer the ones the preset sheds
    first, `PresetKnowledge.shed_order`; declare last one), draw only when nothing fits."""
    know = knowledge(game.rules.preset)
    if know.rollout_turn is not None:
        return know.rollout_turn(game, seat, rng)
    options = game.book.turn_actions(game, seat)
    plays = [a for a in options if a.kind is Kind.PLAY]
    if not plays:
        return options[0] if options else Action(seat, Kind.DRAW)
    flagged = [a for a in plays if a.flag]
    if flagged:
        plays = flagged
    if know.calls_on is not None:  # a careful player keeps clear of a card another hand can call on
        caught = know.callers([hand for other, hand in enumerate(game.hands) if other != seat and hand])
        safe = [a for a in plays if not any(caught(c) for c in a.cards)]  # every card of a set
        plays = safe or plays
    if rng.random() < 0.6:
        order = know.shed_order
        top = max(order(a.card) for a in plays)
        plays = [a for a in plays if order(a.card) == top]
    return plays[int(rng.random() * len(plays))]


def play_out(
    game: Game,
    rng,
    policy: Callable[[Game, int, object], Action] = rollout_policy,
    horizon: int | None = None,
) -> int:
    """Play the round on a simulation copy to its end, a safety cap, or `horizon` actions (by default
    the preset's `rollout_horizon`); returns the steps taken, the measure of the search's work. A
    simulation core (game.sim, a world `fast.to_core` made) plays the same policy on codes
    (game.seats.fast) and returns its simulated actions."""
    if fast.is_core(game):
        return fast.play_out(game, rng, horizon)
    steps = 0
    book = game.book
    know = knowledge(game.rules.preset)
    interrupt = know.rollout_interrupt
    cap = min(ROLLOUT_CAP, horizon or know.rollout_horizon or ROLLOUT_CAP)
    while steps < cap:
        phase = game.phase
        if phase is Phase.ROUND_OVER or phase is Phase.MATCH_OVER:
            return steps
        steps += 1
        window = game.window
        if window is not None and window.pending:
            called = False
            for seat in window.pending:
                calls = [a for a in book.call_actions(game, seat, window) if is_call(a)]
                if calls:
                    game.apply(max(calls, key=lambda a: len(a.cards)))
                    called = True
                    break
            if called:
                continue
            if window.freezes_turn:
                game.apply(CLOSE)
                continue
        if phase is Phase.OPENING:
            for seat in range(game.n):
                bids = [a for a in book.other_actions(game, seat) if a.kind is Kind.BID]
                if bids:
                    game.apply(bids[0])
                    break
            continue
        if interrupt is not None:
            action = interrupt(game)
            if action is not None:
                game.apply(action)
                continue
        game.apply(policy(game, game.turn, rng))
    return steps


def outcome(game: Game, me: int, before: list[int]) -> float:
    """My score change against the table's average change, in the preset's own sense of better. A
    rollout cut off before the round's end adds what the preset expects of the rest (`rollout_value`),
    or else the learned value of the position (game.seats.value) where the preset has one."""
    if fast.is_core(game):
        return fast.outcome(game, me, before)
    deltas = [game.scores[s] - before[s] for s in range(game.n)]
    if game.phase is not Phase.ROUND_OVER and game.phase is not Phase.MATCH_OVER:
        know = knowledge(game.rules.preset)
        rest = know.rollout_value
        if rest is not None:
            deltas = [d + v for d, v in zip(deltas, rest(game), strict=True)]
        elif (weights := VALUES.get(game.rules.preset)) is not None:
            deltas = [d + v for d, v in zip(deltas, position_values(weights, know, game), strict=True)]
    mean = sum(deltas) / game.n
    value = deltas[me] - mean
    return value if game.book.higher_is_better else -value


class InformedNormal(NormalSeat):
    """The normal heuristic judging danger from the hands inferred for this decision."""

    deals: list[dict[int, list[Card]]] | None = None
    book = None

    def risk(self, view: SeatView) -> Risk:
        if self.deals is None:
            return Risk(view)
        return InferredRisk(view, self.deals, self.book)


class HardSeat(Seat):
    name = "hard"
    searches = True  # a table lets it think on a worker thread while frames are drawn
    # The search's budget per decision, in simulated actions (every option's rollout in every world
    # counts). It is work, not time, so that a seed fixes the game on any machine under any load. 8,000
    # buys about 120 worlds; on this project's 2-core machine (idle) a searched decision then takes
    # about 95 ms (p95 130) in `app` and 150 ms (p95 290) in `standard` (bench/hard_search.py).
    work = 8_000
    min_samples = 8  # worlds searched whatever the work, so the comparison has a spread to judge
    max_samples = 400
    risk_deals = 100  # inferred deals behind the danger estimates
    burn_in = 300  # sampler moves before the first deal is used
    thinning = 10  # sampler moves between deals
    # standard errors by which an option must beat the heuristic's choice: with deals that fit the
    # history, one is enough (arena: two left the search all but idle, one gave app +6.3 ± 5.5)
    confidence = 1.0
    # successive elimination (game.seats.allocation): every `prune_every` worlds past `min_samples`, an
    # option more than `prune_z` standard errors behind the best or the heuristic's choice meets no more
    # worlds; the search stops once one option is `stop_z` clear of the rest (0: every option to the end)
    prune_every = 4
    prune_z = 2.0
    stop_z = 3.0
    # Where the preset and the table have a simulation core with a rollout policy (game.seats.fast), the
    # worlds are played on it: the same policy several times faster, so the same CPU buys more worlds.
    # Its work is counted in the core's simulated actions, forced ones included (every seat's pass in
    # every window: some 2-4 per engine rollout step), which is why its budget is its own, set so that a
    # searched decision's p95 CPU time stays about the engine path's (bench/hard_search.py prints both;
    # a preset spends its `CorePolicy.core_share` of it: on the same decisions, where the engine path
    # searches to its budget, median worlds app 296, super 268, standard 404, kabu 292, jda 716, against
    # 125, 57, 118, 111 and 276 on the engine at 8,000; docs/benchmarks.md).
    # False: the engine path everywhere.
    cores = True
    core_work = 60_000
    core_max_samples = 2_000
    # simulated actions a rollout looks ahead before the learned value of the position stands for the
    # rest of the round (game.seats.value); None: the preset's own `rollout_horizon`
    horizon: int | None = None

    def __init__(self, seed: int | str | None = None):
        super().__init__(seed)
        self.normal = InformedNormal(seed)
        self.inference: HandSampler | None = None
        self.seen_bids: dict[int, int] = {}  # the latest revealed bid of each other seat
        self.deals: list = []  # the inferred deals (hands and stock) of the decision under way
        self.codes: list = []  # the same as bitmasks and ids (HandSampler.codes), for a core's refill

    def candidates(self, view: SeatView) -> list[Action]:
        """The turn options worth searching: each card once (its best suit and last-one variant, as the
        heuristics choose), plus drawing."""
        plays = [a for a in view.legal if a.kind is Kind.PLAY]
        draw = [a for a in view.legal if a.kind is Kind.DRAW]
        if not plays:
            return draw
        chosen = [action for _score, action in self.normal.play_scores(view, plays).values()]
        return chosen + draw

    def act(self, view: SeatView) -> Action:
        legal = view.legal
        self.normal.deals = None
        self.remember_bids(view)
        if len(legal) == 1:
            return legal[0]
        bids = [a for a in legal if a.kind is Kind.BID]
        if bids:
            return self.bid(view, bids)
        if any(a.kind in (Kind.DOBON, Kind.DECLARE) for a in legal) or not any(
            a.kind is Kind.PLAY for a in legal
        ):
            return self.normal.act(view)
        self.infer(view)
        know = knowledge(view.preset)
        if know.candidates is not None:  # a preset with its own decisions (jda)
            options = know.candidates(self.normal, view)
            prior = self.normal.act(view)
        else:
            options = self.candidates(view)
            if len(options) == 1:
                return options[0]
            plays = [a for a in legal if a.kind is Kind.PLAY]
            draw = next((a for a in legal if a.kind is Kind.DRAW), None)
            prior = self.normal.choose(view, plays, draw)
        if len(options) == 1:
            return options[0]
        if prior not in options:
            options.append(prior)
        return self.search(view, options, self.sampler(view), prior)

    def remember_bids(self, view: SeatView) -> None:
        """Once an auction is revealed, note what each other seat bid: the best guess of its next bid."""
        bids = view.extra.get("bids")
        if not bids or any(isinstance(b, bool) or not isinstance(b, int) for b in bids):
            return  # no auction in this preset, or still sealed
        for seat, amount in enumerate(bids):
            if seat != view.seat:
                self.seen_bids[seat] = amount

    def bid(self, view: SeatView, bids: list[Action]) -> Action:
        """The auction: is leading the round worth its price? Bids are sealed, so it supposes each other
        seat bids what it was last seen to bid (the lowest bid if never seen), and searches two bids on
        sampled deals: the lowest, and the one that just beats those. The round's result includes the
        auction's own points (the leader's bonus if it wins the round, its bid if not), so the search
        weighs leading against its price; it keeps the lowest bid unless leading pays by more than
        `confidence` standard errors."""
        low = min(bids, key=lambda a: a.amount)
        others = [s for s in range(view.players) if s != view.seat]
        supposed = {s: self.seen_bids.get(s, low.amount) for s in others}
        over = next((a for a in bids if a.amount == max(supposed.values()) + 1), None)
        if over is None:
            return low
        public = dict(view.extra)
        public["bids"] = tuple(supposed.get(s) for s in range(view.players))
        return self.search(view, [low, over], self.bid_sampler(view, public), low)

    def bid_sampler(self, view: SeatView, public: dict) -> Callable[[], Game]:
        """The auction's worlds: uniform deals of the unseen cards (`determinize`) with the bids it
        supposes. On a core, only the first is built as a `Game` and converted; the rest refill a copy
        of it with the same draws on `self.rng` as `determinize` makes (its game's seed, then one
        shuffle of every unseen card, dealt in seat order), so they are the very worlds the engine
        path would make, without a `Game` each: building one cost about what its rollouts did."""
        template = None
        known: dict[int, list[int]] = {}
        unseen: list[int] = []

        def sample() -> Game:
            nonlocal template, known, unseen
            if template is not None:
                self.rng.randrange(2**31)  # determinize's seed for the game it would build
                pool = list(unseen)
                self.rng.shuffle(pool)  # a shuffle moves by position: the same order as of the cards
                world = template.clone()
                policy = fast.POLICIES[type(world)]
                for seat in range(view.players):
                    if seat == view.seat:
                        continue
                    hand = known.get(seat, [])[: view.hand_sizes[seat]]
                    need = view.hand_sizes[seat] - len(hand)
                    mask = 0
                    for card in (*hand, *pool[:need]):
                        mask |= 1 << card
                    del pool[:need]
                    policy.rehand(world, seat, mask)
                world.stock = pool
                policy.refilled(world)
                return world
            world = determinize(view, self.rng)
            world.book.restore_round(world, public)  # the bids it supposes, its own still to come
            core = self.world_of(world)
            if fast.is_core(core) and not world.extra:  # no preset pile dealt from the unseen cards
                template = core
                cards = known_in_hand(view)
                known = {seat: [c.id for c in hand] for seat, hand in cards.items()}
                unseen = [c.id for c in hidden_cards(view, cards)]
            return core

        return sample

    def infer(self, view: SeatView) -> None:
        """Draw the deals this decision reasons about, in proportion to how well they fit the history."""
        hands = self.inference = HandSampler(view, self.rng, known_in_hand(view))
        hands.mix(self.burn_in)
        deals = []
        codes = []
        for _ in range(self.risk_deals):
            hands.mix(self.thinning)
            deals.append(hands.deal())
            codes.append(hands.codes())
        self.deals = deals
        self.codes = codes  # the same deals as a core takes them
        self.normal.deals = [others for others, _stock in deals]
        self.normal.book = hands.book

    def sampler(self, view: SeatView) -> Callable[[], Game]:
        """The worlds of a search. On the engine, each a fresh deal from the inference sampler made
        into a `Game`. On a core (game.seats.fast), the first is made so and converted; the rest refill
        a copy of it (`fast.refill`: no `Game` in between), starting with the deals the danger estimates
        were drawn from (already paid for), then fresh ones: drawing a deal costs about what playing it
        out on a core does, so this is much of what the cores buy."""
        hands = self.inference
        assert hands is not None
        template = None
        reuse = list(range(len(self.deals))) if self.cores else []

        def sample() -> Game:
            nonlocal template
            if template is not None:
                if reuse:
                    hidden, stock = self.codes[reuse.pop()]
                else:
                    hands.mix(self.thinning)
                    hidden, stock = hands.codes()
                return fast.refill_codes(template, hidden, stock, self.rng)
            hands.mix(self.thinning)
            deal = hands.deal()
            world = self.world_of(determinize(view, self.rng, deal))
            if fast.is_core(world):
                template = world
            else:
                reuse.clear()
            return world

        return sample

    def world_of(self, game: Game):
        """The sampled world the search plays on: its core where it has one (and `cores`), else the game."""
        if self.cores:
            core = fast.to_core(game)
            if core is not None:
                return core
        return game

    def search(
        self, view: SeatView, options: list[Action], sample: Callable[[], Game], prior: Action | None = None
    ) -> Action:
        """Sample worlds until the work budget is spent or nothing is left in question; every option
        meets the same world with the same luck (common random numbers), so the options are compared
        world by world (game.seats.allocation.Duel). Options that are clearly worse than the best or
        than the heuristic's choice (`prior`) meet no more worlds once each has met `min_samples`; the
        heuristic's choice is left only for an option better by more than `confidence` standard errors:
        search refines judgement, it does not replace it with noise."""
        know = knowledge(view.preset)
        duel = Duel(len(options), options.index(prior) if prior is not None else 0, know.pooled_spread)
        duel.prune_z, duel.stop_z = self.prune_z, self.stop_z
        steps = 0
        world = sample()
        core = fast.is_core(world)  # every world of one decision is made the same way
        work = self.core_work * fast.POLICIES[type(world)].core_share if core else self.work * know.work_share
        most = self.core_max_samples if core else self.max_samples
        while duel.worlds < most:
            if duel.worlds:
                world = sample()
            before = list(world.scores)
            seed = self.rng.randrange(2**31)
            results = {}
            for i in duel.alive:
                sim = world.clone(seed)
                if core:
                    fast.begin(sim, options[i])
                else:
                    sim.apply(options[i])
                steps += 1 + play_out(sim, random.Random(seed), horizon=self.horizon)
                results[i] = outcome(sim, view.seat, before)
            duel.add(results)
            count = duel.worlds
            if count < self.min_samples:
                continue
            if steps >= work:
                break
            if self.prune_every and count % self.prune_every == 0:
                duel.prune()
                if duel.settled():
                    break
        return options[duel.choice(self.confidence)]
