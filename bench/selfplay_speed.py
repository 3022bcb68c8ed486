"""The training tools' self-play on the engine and on the cores, side by side in one process.

    python bench/selfplay_speed.py [--rounds N] [--repeats N] [--tools fit_policy,fit_values,jda_values]
                                   [--rules PRESET[,PRESET...]]

For each tool and preset it alternates the tool's own self-play of the same rounds (one chunk, in this
process: `self_play` / `tally` with the engine flag set, then clear) and checks that both recorded the
same thing, so the two times compare alike. Alternating keeps the ratio honest on a shared machine
whose load moves. Prints CPU seconds per 100 rounds (median of the repeats) for each path and the
paired speed-up. What the tools cost end to end (`--workers 2`) is in docs/ai.md.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tools import fit_policy, fit_values, jda_values  # noqa: E402

TOOLS = {
    "fit_policy": (fit_policy.PRESETS, 5),
    "fit_values": (fit_values.PRESETS, 11),
    "jda_values": (("jda",), 99),
}


def run(tool: str, preset: str, seed: int, rounds: int, engine: bool) -> tuple[float, object]:
    start = time.process_time()
    if tool == "jda_values":
        out: object = jda_values.tally((seed, 0, rounds, engine))
    else:
        module = fit_policy if tool == "fit_policy" else fit_values
        out = module.self_play((preset, seed, 0, rounds, engine))
    return time.process_time() - start, out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=100, help="rounds per run (jda: a tenth of them)")
    parser.add_argument("--repeats", type=int, default=3, help="runs of each, alternating")
    parser.add_argument("--tools", default=",".join(TOOLS))
    parser.add_argument("--rules", default="", help="only these presets (default: each tool's own)")
    args = parser.parse_args()
    tools = [t.strip() for t in args.tools.split(",") if t.strip()]
    unknown = [t for t in tools if t not in TOOLS]
    if unknown or args.rounds < 1 or args.repeats < 1:
        parser.error(f"tools are {', '.join(TOOLS)}; --rounds and --repeats 1 or more")
    only = {p.strip() for p in args.rules.split(",") if p.strip()}
    print(
        f"{'tool':<11} {'preset':<9} {'rounds':>6} {'engine s/100':>13} {'cores s/100':>12} {'speed-up':>9}"
    )
    for tool in tools:
        presets, seed = TOOLS[tool]
        for preset in presets:
            if only and preset not in only:
                continue
            rounds = max(1, args.rounds // 10) if tool == "jda_values" else args.rounds
            engine_times, core_times, ratios = [], [], []
            for _ in range(args.repeats):
                slow, a = run(tool, preset, seed, rounds, True)
                fast, b = run(tool, preset, seed, rounds, False)
                if a != b:
                    raise SystemExit(f"{tool} {preset}: the cores recorded something else than the engine")
                engine_times.append(slow)
                core_times.append(fast)
                ratios.append(slow / fast)
            per = 100 / rounds
            print(
                f"{tool:<11} {preset:<9} {rounds:>6} {statistics.median(engine_times) * per:>13.2f} "
                f"{statistics.median(core_times) * per:>12.2f} {statistics.median(ratios):>8.2f}x"
            )


if __name__ == "__main__":
    main()
