"""CPU an idle screen costs: the app left alone on the title, the settings screen and the table
(waiting for the person, nothing moving), in % of one core.

    DISPLAY=:57 python bench/idle_cpu.py                  # a real window (e.g. under Xvfb :57)
    python bench/idle_cpu.py --seconds 30 --screens title  # without DISPLAY: the dummy driver

Each screen runs the real render loop (App.run) in a child process at 1280x720; after a warm-up the
child's user+system CPU time is read from /proc over the measuring period (Linux). The warm-up
outlasts the title's opening sway (ui/scenes/title.py SWAY_S), so what is measured is the screen at
rest. Target: at most 2% of a core on quiet screens.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SCREENS = ("title", "settings", "table")


def child(screen: str) -> None:
    """Open the app on `screen` and run the render loop until killed."""
    sys.path.insert(0, str(ROOT))
    from game import Game, make_rules
    from ui.app import App
    from ui.settings import Settings
    from ui.table.setup import GameSetup, SeatSpec

    app = App(Settings(), None, (1280, 720))
    if screen in ("title", "settings"):
        from ui.scenes.title import TitleScene

        app.stack.push(TitleScene(app))
        if screen == "settings":
            from ui.scenes.settings_scene import SettingsScene

            app.stack.push(SettingsScene(app))
    else:
        from ui.scenes.table import TableScene

        # a dealt round with the person to play first: after the first frames nothing moves
        hands = [
            ["3H", "7H", "9C", "8D", "KS"],
            ["2S", "4S", "6S", "8S", "10S"],
            ["2C", "4C", "6C", "8C", "10C"],
            ["3C", "5C", "7C", "JC", "QC"],
        ]
        seats = [SeatSpec("human" if i == 0 else "ai", "basic", "") for i in range(4)]
        setup = GameSetup("app", 4, {}, seats, 3).complete()
        game = Game(make_rules("app", 4), 3, deal=False)
        game.start_round(game.deck_from_hands(hands, "5H", (), 0), 0)
        app.stack.push(TableScene(app, setup, game))
    print("ready", flush=True)
    app.run()


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")  # utime + stime


def measure(screen: str, seconds: float, warmup: float, env: dict[str, str]) -> float:
    proc = subprocess.Popen(
        [sys.executable, __file__, "--child", screen],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    try:
        assert proc.stdout is not None
        if proc.stdout.readline().strip() != "ready":
            raise SystemExit(f"{screen}: the app did not start (exit {proc.wait()})")
        time.sleep(warmup)
        start_cpu, start = cpu_seconds(proc.pid), time.monotonic()
        time.sleep(seconds)
        used, elapsed = cpu_seconds(proc.pid) - start_cpu, time.monotonic() - start
        if proc.poll() is not None:
            raise SystemExit(f"{screen}: the app stopped early (exit {proc.returncode})")
        return 100 * used / elapsed
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=20, help="measuring period per screen (default 20)")
    parser.add_argument("--warmup", type=float, default=8, help="seconds before measuring (default 8)")
    parser.add_argument("--screens", default=",".join(SCREENS), help=f"comma-separated: {', '.join(SCREENS)}")
    parser.add_argument("--child", choices=SCREENS, help=argparse.SUPPRESS)
    args = parser.parse_args()
    env = dict(os.environ, PYGAME_HIDE_SUPPORT_PROMPT="1")
    env.setdefault("SDL_AUDIODRIVER", "dummy")
    if not env.get("DISPLAY") and not env.get("WAYLAND_DISPLAY"):
        env.setdefault("SDL_VIDEODRIVER", "dummy")
    if args.child:
        child(args.child)
        return
    if not Path("/proc/self/stat").exists():
        raise SystemExit("bench/idle_cpu.py reads /proc: Linux only")
    env["DOBON_TABLE_HOME"] = tempfile.mkdtemp(prefix="dobon-idle-")
    driver = env.get("SDL_VIDEODRIVER") or f"window on {env.get('DISPLAY') or env.get('WAYLAND_DISPLAY')}"
    print(f"idle CPU, 1280x720, {driver}, {args.seconds:g} s per screen after {args.warmup:g} s warm-up")
    for screen in [s.strip() for s in args.screens.split(",") if s.strip()]:
        if screen not in SCREENS:
            raise SystemExit(f"unknown screen {screen!r}; choose from {', '.join(SCREENS)}")
        print(f"  {screen:<9} {measure(screen, args.seconds, args.warmup, env):5.1f}% of a core", flush=True)


if __name__ == "__main__":
    main()
