"""Contracts between the packages, checked on the import graph (tests/importgraph.py): the rules engine
(`game`) is used by the table (`ui`) and the LAN (`net`), never the other way round, and the LAN knows
nothing of the desktop, so a headless host, a bot or a test needs neither a window nor pygame."""

from __future__ import annotations

import pytest
from importgraph import ImportGraph, imported_names


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
