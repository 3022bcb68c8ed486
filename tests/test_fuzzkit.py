"""The mutator behind the fuzz campaigns: every mutant can be written, comes back the same by its seed
and index, and mutating never changes the mutator's own table of nasty values."""

import copy
import json

import fuzzkit

VALID = json.dumps({"a": [[1, 2], {"b": "3S", "c": [True, None, []]}], "n": "Aoi", "o": {}}).encode()


def test_mutants_are_bytes_reproducible_and_leave_the_nasty_values_alone():
    before = copy.deepcopy(fuzzkit.NASTY)
    made = list(fuzzkit.mutants(VALID, seed=2029, count=1500))  # a value once came to hold itself here
    assert all(isinstance(m, bytes) for m in made)
    assert fuzzkit.mutant(VALID, 2029, 777) == made[777]
    assert before == fuzzkit.NASTY
    assert len(set(made)) > 500  # mutants differ from one another
