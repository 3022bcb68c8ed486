"""The standalone app: build it from a clean environment with build.spec and run the frozen demo."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def games(sim_json: str) -> dict:
    """A sim's report without its timings: what was played."""
    report = json.loads(sim_json)
    return {k: v for k, v in report.items() if k not in ("seconds", "rounds_per_s", "actions_per_s")}


def test_the_frozen_app_builds_and_runs_its_demo():
    done = subprocess.run(
        [sys.executable, "tools/build_app.py"], cwd=ROOT, capture_output=True, text=True, timeout=900
    )
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    assert re.search(r"frame ms: median \d+\.\d p99 \d+\.\d", done.stdout)
    size = re.search(
        r"DobonTable folder: ([\d.]+) MB; cold start to the first frame: ([\d.]+) s", done.stdout
    )
    assert size, done.stdout[-2000:]
    exe = ROOT / "dist" / "DobonTable" / ("DobonTable.exe" if sys.platform == "win32" else "DobonTable")
    assert exe.exists()
    # the frozen app takes the same flags as main.py
    helped = subprocess.run([str(exe), "--help"], capture_output=True, text=True, timeout=60)
    assert helped.returncode == 0 and "--demo" in helped.stdout and "sim" in helped.stdout
    sim = subprocess.run(
        [str(exe), "sim", "--rounds", "3", "--seed", "1", "--json"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert sim.returncode == 0 and '"rounds": 3' in sim.stdout
    # each preset's parts are imported by the name the registry gives at run time (a missing one stops
    # the app at start): the frozen app must play the same games
    for preset in ("jda", "kabu"):
        flags = ["sim", "--rules", preset, "--ai", "normal", "--rounds", "2", "--seed", "3", "--json"]
        frozen = subprocess.run([str(exe), *flags], capture_output=True, text=True, timeout=120)
        source = subprocess.run(
            [sys.executable, "main.py", *flags], cwd=ROOT, capture_output=True, text=True, timeout=120
        )
        assert frozen.returncode == source.returncode == 0, frozen.stderr + source.stderr
        assert games(frozen.stdout) == games(source.stdout), preset
    assert not (ROOT / "dist" / "DobonTable" / "_internal" / "numpy").exists()
    # the Rules screen opens each preset's full rules page from the bundle
    for preset in ("app", "standard", "super", "jda", "kabu"):
        assert (ROOT / "dist" / "DobonTable" / "_internal" / "docs" / "rules" / f"{preset}.md").is_file()
