"""The size and shape of the code, for comparing a commit before and after a refactor: lines of
game/engine.py, of the rulebooks and of ui/, the number of `Rulebook` hooks, and the import cycles
within each package (read from the sources with ast; nothing is imported).

    python tools/code_figures.py            # a short report
    python tools/code_figures.py --json     # the same as JSON
"""

from __future__ import annotations

import argparse
import ast
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

from importgraph import PACKAGES, ImportGraph  # noqa: E402  (the tests' reader of the import graph)


def lines(paths: list[Path]) -> int:
    return sum(len(p.read_text(encoding="utf-8").splitlines()) for p in paths)


def rulebook_hooks(root: Path = ROOT) -> list[str]:
    """The methods a preset's rulebook may override: those `Rulebook` defines in game/rules/base.py."""
    tree = ast.parse((root / "game" / "rules" / "base.py").read_text(encoding="utf-8"))
    book = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == "Rulebook")
    return [n.name for n in book.body if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef)]


def figures(root: Path = ROOT) -> dict:
    graph = ImportGraph.of(root)
    rulebooks = sorted((root / "game" / "rules").glob("*.py"))
    ui_files = sorted(p for p in (root / "ui").rglob("*.py") if "__pycache__" not in p.parts)
    return {
        "engine_lines": lines([root / "game" / "engine.py"]),
        "rulebook_lines": {p.name: lines([p]) for p in rulebooks},
        "rulebooks_total": lines(rulebooks),
        "ui_lines": lines(ui_files),
        "ui_files": len(ui_files),
        "rulebook_hooks": len(rulebook_hooks(root)),
        "cycles": {package: graph.cycles(package) for package in PACKAGES},
        "ui_importing_engine": sorted(
            a for a, targets in graph.edges.items() if a.startswith("ui.") and "game.engine" in targets
        ),
    }


def report(f: dict) -> str:
    out = [
        f"game/engine.py: {f['engine_lines']} lines",
        f"rulebooks (game/rules/): {f['rulebooks_total']} lines "
        + ", ".join(f"{name} {n}" for name, n in f["rulebook_lines"].items()),
        f"ui/: {f['ui_lines']} lines in {f['ui_files']} files",
        f"Rulebook hooks: {f['rulebook_hooks']}",
        f"ui modules importing game.engine: {', '.join(f['ui_importing_engine']) or 'none'}",
    ]
    for package, cycles in f["cycles"].items():
        for cycle in cycles:
            out.append(f"import cycle in {package} ({len(cycle)} modules): {', '.join(cycle)}")
        if not cycles:
            out.append(f"no import cycle in {package}")
    return "\n".join(out)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    f = figures()
    print(json.dumps(f, indent=1) if args.json else report(f))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
