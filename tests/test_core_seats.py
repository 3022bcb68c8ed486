"""The heuristic seats on the simulation cores (game.sim.seats) play the engine's games exactly.

Four `normal` seats (and mixed tables of easy, greedy, basic and random) play the same seeds through
the engine (`game.headless.play_round`, after `game.arena.warmed_up`'s warm-up rounds: jda's deal
sizes and laps, kabu's matches) and through the core: the same action log and the same scores, round
after round. A seat's view of a core holds nothing hidden from it: dealing the other hands' hidden
cards anew (same sizes) leaves every choice as it was. The round's public record kept beside the
core is the engine's. `normal`'s faster odds are the original's to the bit.
"""

from __future__ import annotations

import copy
import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from toolkit import tool

from game import arena
from game.arena import warmed_up
from game.headless import play_round
from game.rules import make_rules
from game.seats import make_seat
from game.seats.heuristics import sum_chances
from game.sim import CORES
from game.sim import seats as core
from game.sim.chances import chances

# rounds per preset for four normal seats, each after 0 to 2 warm-up rounds (0 to 4 in jda); about
# 5-10 s each on the project's 2-core machine, engine and core together
ROUNDS = {"app": 800, "super": 250, "standard": 300, "kabu": 800, "jda": 50}


def engine_round(rules, seed: int, deal: int, warmup: int, names: list[str]) -> tuple[list, list[int]]:
    game = warmed_up(rules, seed, deal, warmup)
    seats = [make_seat(name, f"t:{seed}:{deal}", s) for s, name in enumerate(names)]
    code = CORES[rules.preset].code
    log: list[tuple[int, int]] = []
    play_round(game, seats, lambda g, a: log.append((a.seat, code(a))))
    return log, list(game.scores)


def core_round(rules, seed: int, deal: int, warmup: int, names: list[str]) -> tuple[list, list[int]]:
    sim = core.warmed_up(rules, seed, deal, warmup)
    seats = [core.make_core_seat(name, f"t:{seed}:{deal}", s) for s, name in enumerate(names)]
    log: list[tuple[int, int]] = []
    core.play_round(sim, seats, lambda s, seat, code: log.append((seat, code)))
    return log, list(sim.scores)


def check_rounds(preset: str, rounds: int, names: list[str], seed: int = 5) -> None:
    rules = make_rules(preset, len(names), {}, developing=True)
    cycle = 5 if preset == "jda" else 3
    for deal in range(rounds):
        engine = engine_round(rules, seed, deal, deal % cycle, names)
        ours = core_round(rules, seed, deal, deal % cycle, names)
        assert ours[0] == engine[0], f"{preset} round {deal}: the action logs differ"
        assert ours[1] == engine[1], f"{preset} round {deal}: the scores differ"


@pytest.mark.parametrize("preset", list(ROUNDS))
def test_four_normal_seats_play_the_engines_games(preset):
    check_rounds(preset, ROUNDS[preset], ["normal"] * 4)


@pytest.mark.parametrize("preset", list(ROUNDS))
def test_mixed_tables_play_the_engines_games(preset):
    check_rounds(preset, 6 if preset == "jda" else 40, ["normal", "easy", "greedy", "basic"], seed=8)
    check_rounds(preset, 6 if preset == "jda" else 40, ["random", "normal", "easy", "greedy"], seed=9)


@pytest.mark.parametrize("preset", list(ROUNDS))
def test_the_public_record_is_the_engines(preset):
    """At every action, the clues kept beside the core are the engine's `game.history()`."""
    rules = make_rules(preset, 4, {}, developing=True)
    for deal in range(4 if preset == "jda" else 25):
        game = warmed_up(rules, 3, deal, deal % 3)
        seats = [make_seat("normal", f"c:{deal}", s) for s in range(4)]
        engine: list[tuple] = []
        play_round(game, seats, lambda g, a, into=engine: into.append(g.history()))
        sim = core.warmed_up(rules, 3, deal, deal % 3)
        seats = [core.make_core_seat("normal", f"c:{deal}", s) for s in range(4)]
        clues = core.Clues()
        ours: list[tuple] = []

        def note(s, seat, code, into=ours, record=clues) -> None:
            into.append(tuple(record.history))

        core.play_round(sim, seats, note, clues=clues)
        assert ours == engine


def hidden_seats(sim, seat: int, shown: core.Shown) -> list[int]:
    """The other seats whose hands no one else has seen."""
    face_up = set(shown.hands)
    face_up |= {s for s, _hand in getattr(sim, "dobons", ()) if isinstance(_hand, int)}  # super's callers
    if hasattr(sim, "revealed") and isinstance(sim.revealed, list):  # kabu's face-up hands
        face_up |= {s for s, up in enumerate(sim.revealed) if up}
    return [s for s in range(sim.n) if s != seat and s not in face_up]


def redeal_hidden(sim, seat: int, shown: core.Shown, rng: random.Random):
    """A copy of `sim` with the hidden cards (the other hidden hands and the stock) dealt anew, every
    hand keeping its size."""
    twin = sim.clone()
    others = hidden_seats(sim, seat, shown)
    cards = [c for s in others for c in range(sim.hands[s].bit_length()) if sim.hands[s] >> c & 1]
    cards += list(sim.stock)
    rng.shuffle(cards)
    hands = list(twin.hands)
    for s in others:
        size = sim.hands[s].bit_count()
        hands[s] = sum(1 << c for c in cards[:size])
        cards = cards[size:]
    twin.hands = hands
    twin.stock = cards
    return twin


@pytest.mark.parametrize("preset", list(ROUNDS))
def test_a_seat_reads_nothing_hidden_from_it(preset):
    """Every decision of a few rounds, asked again of the same seat (its generator as it was) with
    the other hands' hidden cards dealt anew: the same choice, though the hands did change."""
    rules = make_rules(preset, 4, {}, developing=True)
    rng = random.Random(4)
    asked = changed = 0
    for deal in range(2 if preset == "jda" else 12):
        sim = core.warmed_up(rules, 6, deal, deal % 3)
        seats = [core.make_core_seat("normal", f"h:{deal}", s) for s in range(4)]
        shown = core.Shown(sim)
        while not sim.over and asked < 400:
            seat = sim.to_move()
            codes = sim.legal(seat)
            if len(codes) > 1:
                twin = redeal_hidden(sim, seat, shown, rng)
                changed += twin.hands != sim.hands
                mine = core.choose(copy.deepcopy(seats[seat]), sim, seat, codes, shown)
                theirs = core.choose(copy.deepcopy(seats[seat]), twin, seat, codes, shown)
                assert mine == theirs, f"{preset} round {deal}: the choice changed with the hidden cards"
                asked += 1
            code = codes[0] if len(codes) == 1 else core.choose(seats[seat], sim, seat, codes, shown)
            shown.before(sim, seat, code)
            sim.apply(seat, code)
            shown.after(sim, seat, code)
    assert asked >= 100 and changed >= asked // 2


@settings(max_examples=300, deadline=None)
@given(
    counts=st.dictionaries(st.sampled_from([0, 1, 2, 3, 5, 7, 9, 10, 13, 20, 30]), st.integers(1, 8)),
    cards=st.integers(0, 16),
    top=st.sampled_from([9, 13, 40, 150]),
    upto=st.integers(0, 160),
)
def test_normals_odds_are_the_originals_to_the_bit(counts, cards, top, upto):
    pool = Counter(counts)
    full = sum_chances(pool, cards, top)
    assert chances(pool, cards, top) == full
    part = chances(pool, cards, top, upto)
    assert len(part) == min(upto, top) + 1
    assert part == full[: len(part)]


def test_a_seat_without_a_core_version_is_refused():
    with pytest.raises(ValueError, match="no core version"):
        core.make_core_seat("hard", 1, 0)
    assert core.core_for(make_rules("super", 4, {"two_decks": True}), 1) is None


@pytest.mark.parametrize(
    ("preset", "levels", "warmup"),
    [
        ("app", ["normal", "greedy"], 0),
        ("super", ["normal", "easy"], 1),
        ("standard", ["easy", "random", "basic"], 1),
        ("kabu", ["normal", "greedy"], 2),
        ("jda", ["normal", "easy"], 2),
    ],
)
def test_the_arena_plays_searchless_match_ups_on_the_cores_to_the_engines_results(
    preset, levels, warmup, monkeypatch
):
    rules = make_rules(preset, 4, {})
    assignments = arena.rotations(levels, 4)
    jobs = [
        (preset, 4, rules.options(), assignments, 7, deal, warmup)
        for deal in range(3 if preset == "jda" else 6)
    ]
    assert arena.on_core(rules, assignments)
    ours = [arena.play_deal(job) for job in jobs]
    monkeypatch.setattr(arena, "on_core", lambda rules, assignments: False)
    theirs = [arena.play_deal(job) for job in jobs]
    assert [r.seats for r in ours] == [r.seats for r in theirs]
    decisions = [{level: len(ms) for level, ms in r.times.items()} for r in ours]  # the same seats asked
    assert decisions == [{level: len(ms) for level, ms in r.times.items()} for r in theirs]


def test_a_match_up_with_a_searching_seat_stays_on_the_engine():
    rules = make_rules("app", 4, {})
    assert not arena.on_core(rules, arena.rotations(["hard", "normal"], 4))
    assert not arena.on_core(
        make_rules("super", 4, {"two_decks": True}), arena.rotations(["normal", "easy"], 4)
    )


@pytest.mark.parametrize("preset", ["app", "standard", "super", "kabu"])
def test_the_fitting_tools_record_on_the_cores_what_they_record_on_the_engine(preset):
    fit_policy, fit_values = tool("fit_policy"), tool("fit_values")
    choices = fit_policy.collect(preset, 8, 5, 1)
    assert sum(len(c) for _deal, c in choices) > 10
    assert choices == fit_policy.collect(preset, 8, 5, 1, engine=True)
    samples = fit_values.collect(preset, 8, 11, 1)
    assert sum(len(s) for _deal, s in samples) > 100
    assert samples == fit_values.collect(preset, 8, 11, 1, engine=True)


def test_the_hand_value_tool_counts_on_the_core_what_it_counts_on_the_engine(tmp_path):
    jda_values = tool("jda_values")
    seen, won, lost = jda_values.tally((99, 0, 4, False))
    assert sum(seen.values()) > 400 and sum(won.values()) > 0 and sum(lost.values()) > 0
    assert (seen, won, lost) == jda_values.tally((99, 0, 4, True))


def test_a_tool_writes_the_same_module_on_the_cores_and_on_the_engine(tmp_path):
    fit_policy = tool("fit_policy")
    cores, engine = tmp_path / "cores.py", tmp_path / "engine.py"
    args = ["--rounds", "6", "--workers", "1", "--seed", "5", "--rules", "super,kabu"]
    assert fit_policy.main([*args, "--out", str(cores)]) == 0
    assert fit_policy.main([*args, "--out", str(engine), "--engine"]) == 0
    assert cores.read_text(encoding="utf-8") == engine.read_text(encoding="utf-8")
