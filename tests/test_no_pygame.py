"""The rules engine (game/) stays pure Python: no pygame, no pygame_gui, no sockets.

Two independent checks: a static scan of every source file under game/ with `ast` (import statements,
``from`` imports and ``__import__`` / ``importlib.import_module`` calls with a literal name), and a
subprocess that imports every module of the package with an import hook that records (and blocks) any
attempt to load a forbidden module, then reports what ended up in ``sys.modules``.
"""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
GAME = ROOT / "game"
FORBIDDEN = frozenset({"pygame", "pygame_gui", "socket"})


def forbidden_imports(source: str, filename: str = "<source>") -> list[str]:
    """`file:line name` for every import of a forbidden top-level module in `source`."""
    found: list[str] = []
    tree = ast.parse(source, filename)
    for node in ast.walk(tree):
        names: list[str] = []
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level == 0 and node.module:
                names = [node.module]
        elif isinstance(node, ast.Call):
            func = node.func
            called = (
                func.id
                if isinstance(func, ast.Name)
                else func.attr
                if isinstance(func, ast.Attribute)
                else ""
            )
            if called in ("__import__", "import_module") and node.args:
                arg = node.args[0]
                if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                    names = [arg.value]
        for name in names:
            if name.split(".")[0] in FORBIDDEN:
                found.append(f"{filename}:{node.lineno} {name}")
    return found


def game_sources() -> list[Path]:
    return sorted(p for p in GAME.rglob("*.py") if "__pycache__" not in p.parts)


def test_scanner_catches_every_form_of_import():
    """The scanner itself works, so a clean result below means something."""
    bad = """
import pygame
import os, pygame_gui.elements as gui
from socket import socket
from pygame.locals import QUIT
x = __import__("socket")
import importlib
y = importlib.import_module("pygame.display")
def f():
    import pygame_gui
"""
    hits = forbidden_imports(bad)
    assert sorted(h.split(" ")[1] for h in hits) == sorted(
        ["pygame", "pygame_gui.elements", "socket", "pygame.locals", "socket", "pygame.display", "pygame_gui"]
    )
    clean = "import os\nfrom .cards import Card\nfrom . import socketish\nimport pygamelike\n"
    assert forbidden_imports(clean) == []


def test_no_forbidden_import_in_game_sources():
    sources = game_sources()
    names = {p.relative_to(GAME).as_posix() for p in sources}
    assert {"__init__.py", "engine.py", "headless.py", "view.py", "rules/app.py", "seats/basic.py"} <= names
    hits: list[str] = []
    for path in sources:
        hits += forbidden_imports(path.read_text(encoding="utf-8"), str(path.relative_to(ROOT)))
    assert hits == [], "game/ must not import pygame, pygame_gui or socket:\n" + "\n".join(hits)


PROBE = r"""
import importlib, importlib.abc, json, pkgutil, sys

FORBIDDEN = {"pygame", "pygame_gui", "socket"}
preloaded = sorted(m for m in FORBIDDEN if m in sys.modules)
attempts = []

class Block(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in FORBIDDEN:
            attempts.append(name)
            raise ImportError(f"blocked import of {name}")
        return None

sys.meta_path.insert(0, Block())
import game
imported = ["game"]
for info in pkgutil.walk_packages(game.__path__, "game."):
    importlib.import_module(info.name)
    imported.append(info.name)
loaded = sorted(m for m in sys.modules if m.split(".")[0] in FORBIDDEN)
print(json.dumps({"preloaded": preloaded, "attempts": attempts, "loaded": loaded, "imported": imported}))
"""


def test_importing_every_game_module_loads_no_pygame():
    proc = subprocess.run(
        [sys.executable, "-c", PROBE], cwd=ROOT, capture_output=True, text=True, timeout=120
    )
    assert proc.returncode == 0, f"importing the game package failed:\n{proc.stderr}"
    report = json.loads(proc.stdout.strip().splitlines()[-1])
    imported = set(report["imported"])
    expected = {p.relative_to(ROOT).with_suffix("").as_posix().replace("/", ".") for p in game_sources()}
    expected = {m.removesuffix(".__init__") for m in expected}
    assert expected <= imported, f"modules not imported: {sorted(expected - imported)}"
    assert report["attempts"] == [], f"game/ tried to import {report['attempts']}"
    assert "pygame" not in report["loaded"], report
    assert not [m for m in report["loaded"] if m not in report["preloaded"]], report
