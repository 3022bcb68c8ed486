"""Contracts between the packages, checked on the import graph (tests/importgraph.py): the rules engine
(`game`) is used by the table (`ui`) and the LAN (`net`), never the other way round, and the LAN knows
nothing of the desktop, so a headless host, a bot or a test needs neither a window nor pygame. Within
`ui`, only the save and replay adapters run the engine, and generic code names no preset."""

from __future__ import annotations

import ast

import pytest
from importgraph import ROOT, ImportGraph, imported_names

from game.registry import REGISTRY

# The ui modules that use game.engine themselves, and why: every other screen and helper sees a game only
# through a table source (a seat's view and its events) or holds it as the save adapter's `Match`.
ENGINE_ADAPTERS = {
    "ui.table.source": "the in-process host: a game on this computer, run the way a LAN host runs one",
    "ui.table.setup": "the save adapter: a table's game made, saved (as a match or a scenario), restored",
    "ui.table.replaying": "the replay adapter: a kept log replayed to any position",
    "ui.learn.progress": "a lesson's save, restored through ui.table.setup",
}


@pytest.fixture(scope="module")
def graph() -> ImportGraph:
    return ImportGraph.of()


def test_the_graph_reads_every_form_of_import(tmp_path):
    """The reader itself works, so a clean contract below means something."""
    source = """
import ui.app
from net import host
from ..scenes import table
from . import rules
def later():
    import importlib
    importlib.import_module("ui.presets.jda")
"""
    names = {name for _, name in imported_names(source, "game.seats.hard", is_package=False)}
    assert {"ui.app", "net.host", "game.scenes.table", "game.seats.rules"} <= names
    assert "ui.presets.jda" in names
    package = tmp_path / "game"
    (package / "sub").mkdir(parents=True)
    (package / "__init__.py").write_text("from .sub import a\n")
    (package / "sub" / "__init__.py").write_text("")
    (package / "sub" / "a.py").write_text("from ..sub import b\nfrom game import ui_free\n")
    (package / "sub" / "b.py").write_text("import game.sub.a\n")
    (package / "ui_free.py").write_text("")
    small = ImportGraph.of(tmp_path, ("game",))
    assert small.edges["game"] == {"game.sub.a": 1}
    assert small.edges["game.sub.a"] == {"game.sub.b": 1, "game.ui_free": 2}
    assert small.cycles("game") == [["game.sub.a", "game.sub.b"]]


def test_the_graph_covers_the_three_packages(graph):
    assert {"game.engine", "game.registry", "net.host", "ui.app", "ui.scenes.table"} <= set(graph.edges)
    assert "game.engine" in graph.edges["ui.table.source"]  # a known edge is seen


@pytest.mark.parametrize(("source", "target"), [("game", "ui"), ("game", "net"), ("net", "ui")])
def test_no_import_points_up(graph, source, target):
    crossings = graph.crossings(source, target)
    assert crossings == [], f"{source} must not import {target}:\n" + "\n".join(crossings)


def test_ui_has_no_import_cycle(graph):
    """Screens open one another by name (ui/navigation.py) and the table's helpers name the board and the
    table screen by role (ui/table/roles.py), so no ui module reaches itself through its imports."""
    assert graph.cycles("ui") == []


def test_no_screen_module_imports_another(graph):
    """A screen module (one that holds a registered screen or action) imports no other one: it asks the
    app for a screen by name. Helpers under ui/scenes (words, notes, review panels) import none either."""
    from ui import navigation

    screens = navigation.modules()
    assert "ui.scenes.table" in screens and "ui.scenes.title" in screens
    found = [
        f"{module} -> {target} (line {line})"
        for module, targets in graph.edges.items()
        if module.startswith("ui.")
        for target, line in targets.items()
        if target in screens and target != module
    ]
    assert found == [], "screens are opened by name (app.scene / app.act):\n" + "\n".join(found)


def test_every_registered_screen_and_action_loads():
    """Every name in the registry leads to something callable, so a typo in it fails here, not on a click."""
    from ui import navigation
    from ui.scene import Scene

    for name in navigation.SCENES:
        made = navigation.scene_class(name)
        assert callable(made), name
        assert (isinstance(made, type) and issubclass(made, Scene)) or name == "table.remote", name
    for name in navigation.ACTIONS:
        assert callable(navigation.action(name)), name


def test_an_unknown_name_is_refused_at_once_by_name():
    from ui import navigation

    with pytest.raises(navigation.UnknownScene, match="'tittle'"):
        navigation.scene_class("tittle")
    with pytest.raises(navigation.UnknownScene, match="'no_such_step'"):
        navigation.action("no_such_step")


def test_only_the_save_and_replay_adapters_import_the_engine(graph):
    """The screens draw from a table source and hand a game on as a `Match`; running the engine is the
    adapters' business alone, so a screen cannot come to depend on the engine's insides."""
    found = [
        f"{module} -> game.engine (line {targets['game.engine']})"
        for module, targets in graph.edges.items()
        if module.startswith("ui.") and "game.engine" in targets and module not in ENGINE_ADAPTERS
    ]
    assert found == [], "only the adapters (ENGINE_ADAPTERS) may import game.engine:\n" + "\n".join(found)
    idle = [module for module in ENGINE_ADAPTERS if "game.engine" not in graph.edges.get(module, {})]
    assert idle == [], f"no longer adapters, take them off the list: {idle}"


def preset_literals(source: str, presets: set[str]) -> list[tuple[int, str]]:
    """(line, text) of each string literal in `source` that is a preset's id, docstrings aside."""
    tree = ast.parse(source)
    docstrings = {
        id(node.body[0].value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef)
        and node.body
        and isinstance(node.body[0], ast.Expr)
        and isinstance(node.body[0].value, ast.Constant)
    }
    return [
        (node.lineno, node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant)
        and isinstance(node.value, str)
        and node.value in presets
        and id(node) not in docstrings
    ]


def test_the_preset_reader_finds_a_named_preset_in_code_only():
    source = '''"""kabu is named in a docstring: fine."""
def f(preset="app"):
    """So is jda here."""
    return {"kabu": 1} if preset == "jda" else f"{preset}.x"
'''
    assert sorted(preset_literals(source, set(REGISTRY))) == [(2, "app"), (4, "jda"), (4, "kabu")]


def test_generic_ui_code_names_no_preset():
    """What one preset does differently lives in its module under ui/presets, found through the
    registry; the rest of ui decides nothing by a preset's name (a default comes from
    game.registry.DEFAULT_PRESET)."""
    presets = set(REGISTRY)
    found = [
        f"{path.relative_to(ROOT)}:{line}: {text!r}"
        for path in sorted((ROOT / "ui").rglob("*.py"))
        if "presets" not in path.relative_to(ROOT / "ui").parts[:1]
        for line, text in preset_literals(path.read_text(encoding="utf-8"), presets)
    ]
    assert found == [], (
        "a preset named in generic ui code (move it to ui/presets/<preset>.py):\n" + "\n".join(found)
    )
