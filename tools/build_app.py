"""Build the standalone app from a clean environment and check that it runs.

    python tools/build_app.py [--keep-venv]

1. makes a fresh virtual environment in build/venv with only the game's runtime dependencies and
   PyInstaller (so nothing unneeded, such as numpy, is swept in);
2. builds dist/DobonTable with build.spec;
3. runs the frozen demo headless (`DobonTable --demo --frames 60 --screenshot ...` with the dummy
   video driver) and checks that it printed its frame times and saved the screenshot;
4. prints the folder's size and the cold-start time to the first frame.
PyInstaller builds for the system it runs on: run this on Windows, macOS and Linux for each.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import time
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BUILD = ROOT / "build"
DIST = ROOT / "dist" / "DobonTable"


def run(cmd: list[str], **kw) -> subprocess.CompletedProcess:
    print("+", " ".join(str(c) for c in cmd), flush=True)
    return subprocess.run(cmd, check=True, **kw)


def folder_size(path: Path) -> int:
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file() and not p.is_symlink())


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--keep-venv", action="store_true", help="reuse build/venv if it exists")
    args = parser.parse_args()
    env_dir = BUILD / "venv"
    if env_dir.exists() and not args.keep_venv:
        shutil.rmtree(env_dir)
    if not env_dir.exists():
        venv.EnvBuilder(with_pip=True).create(env_dir)
    bindir = env_dir / ("Scripts" if os.name == "nt" else "bin")
    python = bindir / ("python.exe" if os.name == "nt" else "python")
    run([str(python), "-m", "pip", "install", "-q", str(ROOT), "pyinstaller>=6", "pillow"])
    run(
        [
            str(python),
            "-m",
            "PyInstaller",
            "--noconfirm",
            "--clean",
            "--distpath",
            str(ROOT / "dist"),
            "--workpath",
            str(BUILD / "pyinstaller"),
            str(ROOT / "build.spec"),
        ],
        cwd=ROOT,
    )
    exe = DIST / ("DobonTable.exe" if os.name == "nt" else "DobonTable")
    shot = BUILD / "frozen-demo.png"
    env = dict(
        os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", DOBON_TABLE_HOME=str(BUILD / "home")
    )
    done = run(
        [str(exe), "--demo", "--frames", "60", "--screenshot", str(shot)],
        env=env,
        capture_output=True,
        text=True,
    )
    print(done.stdout.strip())
    if "frame ms:" not in done.stdout or not shot.exists():
        print("the frozen demo did not print its frame times or save its screenshot", file=sys.stderr)
        return 1
    # cold start: launch to the first frame (one frame, no screenshot), best of three
    starts = []
    for _ in range(3):
        t = time.perf_counter()
        run([str(exe), "--demo", "--frames", "1"], env=env, capture_output=True)
        starts.append(time.perf_counter() - t)
    size = folder_size(DIST)
    print(
        f"DobonTable folder: {size / 1e6:.1f} MB; cold start to the first frame: {min(starts):.2f} s (best of 3)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
