"""The standalone app: build it from a clean environment with build.spec and run the frozen demo."""

from __future__ import annotations

import json
import os
import re
import socket
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def games(sim_json: str) -> dict:
    """A sim's report without its timings: what was played."""
    report = json.loads(sim_json)
    return {k: v for k, v in report.items() if k not in ("seconds", "rounds_per_s", "actions_per_s")}


def test_the_frozen_app_builds_and_runs_its_demo(tmp_path):
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
    # a LAN table, frozen: the host announces it with zeroconf's plain Python modules (where multicast is
    # refused it says why and goes on; a module missing from the build must never be the reason)
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    home = {"DOBON_TABLE_HOME": str(tmp_path)}
    host = subprocess.Popen(
        [str(exe), "host", "--port", str(port), "--players", "2", "--rounds", "1", "--seed", "1"],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env={**os.environ, **home},
    )
    assert "on port" in host.stdout.readline()  # listening: the guest can come in
    joined = subprocess.run(
        [str(exe), "join", f"127.0.0.1:{port}", "--name", "G", "--fresh"],
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, **home},
    )
    hosted = host.communicate(timeout=120)[0]
    assert joined.returncode == 0 and host.returncode == 0, joined.stderr + hosted
    assert "match finished" in joined.stdout and "No module named" not in hosted, hosted
    internal = ROOT / "dist" / "DobonTable" / "_internal"
    assert not (internal / "numpy").exists()
    # what build.spec leaves out (docs/packaging.md): pygame-gui's unloaded Noto Sans faces, zeroconf's
    # compiled modules (its plain Python plays the same part, as the host above shows)
    fonts = {p.name for p in (internal / "pygame_gui" / "data").iterdir() if p.suffix in (".ttf", ".otf")}
    assert fonts == {
        "NotoSansJP-Regular.otf",
        "NotoSansJP-Bold.otf",
        "NotoSans-Regular.ttf",
        "FiraCode-Regular.ttf",
    }
    assert not (internal / "zeroconf").exists() and not (internal / "pygame" / "_sdl2").exists()
    if sys.platform.startswith("linux"):
        assert (internal / "linux" / "dobon-table.desktop").is_file()
        assert (internal / "linux" / "install-desktop.sh").stat().st_mode & 0o111
    # the Rules screen opens each preset's full rules page from the bundle
    for preset in ("app", "standard", "super", "jda", "kabu"):
        assert (ROOT / "dist" / "DobonTable" / "_internal" / "docs" / "rules" / f"{preset}.md").is_file()
