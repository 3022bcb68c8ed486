"""The fuzz campaign over the game's own files (issue 28): seeded mutants of valid scenarios (every
preset, positions mid-round and in windows), action logs and history records, read by the loaders and
by the commands that read them (`sim --scenario`, `replay`, `review`, `history`, `stats`, in this
process). Each mutant is refused with one line or loads and plays on (tests/filekinds.py says what
each kind's trial does); anything else fails, naming the seed and index that make the mutant again
(`python tools/fuzz_files.py --kinds KIND --seed S --only EXAMPLE:INDEX`). The same tool runs longer
campaigns, and those over settings, the saved match and the LAN seat ticket."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from filekinds import KINDS
from fuzzkit import mutant

ROOT = Path(__file__).resolve().parents[1]
SEED = 28
# mutants of each valid example, per kind (about 5,000 in all: under a minute on one core)
COUNTS = {"scenario": 100, "log": 300, "history": 200, "sim": 40, "replay": 40, "shelf": 100}


@pytest.mark.parametrize("name", sorted(COUNTS))
def test_every_mutant_is_refused_in_one_line_or_loads_and_plays_on(name, tmp_path):
    kind = KINDS[name]
    outcomes = {"loaded": 0, "refused": 0}
    failures = []
    for number, valid in enumerate(kind.examples()):
        for index in range(COUNTS[name]):
            try:
                outcomes[kind.trial(mutant(valid, SEED, index), tmp_path)] += 1
            except Exception as exc:  # each failure reported with what makes it again, not just the first
                failures.append(
                    f"--kinds {name} --seed {SEED} --only {number}:{index}: {type(exc).__name__}: {exc}"
                )
    assert not failures, "\n".join(failures[:10])
    assert outcomes["refused"] and outcomes["loaded"], outcomes  # the mutants test both ways


@pytest.mark.parametrize("name", ["scenario", "log", "history"])
def test_the_valid_examples_themselves_load(name, tmp_path):
    """What the mutants are made from is sound: every example loads (and a scenario plays on)."""
    kind = KINDS[name]
    assert [kind.trial(valid, tmp_path) for valid in kind.examples()] == ["loaded"] * len(kind.examples())


@pytest.mark.parametrize("kind", ["scenario", "log"])
def test_the_commands_refuse_a_mutant_in_one_line_when_run_as_a_program(tmp_path, kind):
    """A few mutants through main.py in its own process: exit 2 and one line, never a traceback."""
    examples = KINDS[kind].examples()
    refused = 0
    for index in range(6):
        raw = mutant(examples[index % len(examples)], SEED + 1, index)
        path = tmp_path / f"{kind}-{index}.json"
        path.write_bytes(raw)
        argv = (
            ["sim", "--scenario", str(path), "--rounds", "1", "--ai", "basic"]
            if kind == "scenario"
            else ["replay", str(path), "--json"]
        )
        done = subprocess.run(
            [sys.executable, "main.py", *argv], cwd=ROOT, capture_output=True, text=True, timeout=120
        )
        assert "Traceback" not in done.stderr and done.returncode in (0, 2), done.stderr[-500:]
        if done.returncode == 2:
            refused += 1
            assert done.stderr.count("\n") == 1 and len(done.stderr) < 500, done.stderr[:500]
    assert refused
