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
