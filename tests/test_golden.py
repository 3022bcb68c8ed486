"""Golden games: `app` and `standard` must play exactly as they did before the core was reworked.

Each case is a headless match (`simulate`) with a seed, a table size and a mix of AI levels; what is
recorded is its summary (rounds won and lost, points, action count) and a digest of its whole action
log, so a change in any decision, any card dealt or any score shows. `tests/golden/sims.json` was
recorded on the engine as it stood before issue 13 (commit noted in the file). Re-record only for a
change that is meant to alter play, and say so in the commit:

    python tests/test_golden.py --record
"""

from __future__ import annotations

import hashlib
import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from game.headless import simulate  # noqa: E402

GOLDEN = ROOT / "tests" / "golden" / "sims.json"

# (preset, players, AI seats (the last repeats), rounds, seed, options)
CASES = [
    ("app", 2, ["normal", "greedy"], 30, 1, {}),
    ("app", 3, ["easy", "normal", "basic"], 30, 2, {}),
    ("app", 4, ["normal", "greedy", "random", "easy"], 30, 3, {}),
    ("app", 6, ["basic", "normal", "random"], 20, 4, {"max_players": 6}),
    ("app", 4, ["hard", "normal"], 3, 5, {}),
    ("standard", 3, ["normal", "easy", "greedy"], 20, 6, {}),
    ("standard", 4, ["normal", "basic", "random", "greedy"], 20, 7, {}),
    ("standard", 5, ["easy", "normal"], 15, 8, {}),
    ("standard", 6, ["greedy", "random", "normal"], 15, 9, {}),
    ("standard", 4, ["hard", "normal"], 2, 10, {}),
]


def case_id(case) -> str:
    preset, players, ai, _rounds, seed, _options = case
    return f"{preset}-{players}p-{'+'.join(ai)}-seed{seed}"


def play(case) -> dict:
    preset, players, ai, rounds, seed, options = case
    summary, game = simulate(preset, players, ai, rounds, seed, options)
    data = summary.to_json()
    for timing in ("seconds", "rounds_per_s", "actions_per_s"):
        data.pop(timing, None)
    log = "\n".join(json.dumps(a.to_json(), separators=(",", ":"), sort_keys=True) for a in game.actions)
    data["actions_sha256"] = hashlib.sha256(log.encode()).hexdigest()
    data["scores"] = list(game.scores)
    return data


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_a_recorded_game_plays_the_same(case):
    recorded = json.loads(GOLDEN.read_text(encoding="utf-8"))["games"]
    assert case_id(case) in recorded, "a new case: record it (see the module docstring)"
    assert recorded_part(play(case), recorded[case_id(case)]) == recorded[case_id(case)]


def recorded_part(now, then):
    """`now` cut down to the fields `then` has: a field added to the summary since is not a change."""
    if isinstance(then, dict) and isinstance(now, dict):
        return {key: recorded_part(now.get(key), value) for key, value in then.items()}
    if isinstance(then, list) and isinstance(now, list) and len(now) == len(then):
        return [recorded_part(a, b) for a, b in zip(now, then, strict=True)]
    return now


def record() -> None:
    commit = subprocess.run(
        ["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True
    ).stdout.strip()
    games = {case_id(case): play(case) for case in CASES}
    GOLDEN.write_text(json.dumps({"recorded_at": commit, "games": games}, indent=1) + "\n", encoding="utf-8")
    print(f"recorded {len(games)} games at {commit} into {GOLDEN}")


if __name__ == "__main__":
    if sys.argv[1:] != ["--record"]:
        sys.exit(__doc__)
    record()
