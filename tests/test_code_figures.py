"""tools/code_figures.py: the size and shape of the code that a refactor reports before and after."""

from __future__ import annotations

import importlib.util
import inspect
from pathlib import Path

from game.rules.base import Rulebook

ROOT = Path(__file__).resolve().parents[1]


def load_tool():
    spec = importlib.util.spec_from_file_location("code_figures", ROOT / "tools" / "code_figures.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_figures_count_what_they_say(capsys):
    tool = load_tool()
    f = tool.figures()
    hooks = [name for name, value in vars(Rulebook).items() if inspect.isfunction(value)]
    assert f["rulebook_hooks"] == len(hooks) == len(tool.rulebook_hooks())
    assert f["engine_lines"] == len((ROOT / "game" / "engine.py").read_text(encoding="utf-8").splitlines())
    assert f["rulebooks_total"] == sum(f["rulebook_lines"].values()) and "jda.py" in f["rulebook_lines"]
    assert f["ui_files"] == len(list((ROOT / "ui").rglob("*.py")))
    assert set(f["cycles"]) == {"game", "net", "ui"}
    assert f["cycles"]["net"] == []
    assert tool.main([]) == 0
    assert f"Rulebook hooks: {len(hooks)}" in capsys.readouterr().out
