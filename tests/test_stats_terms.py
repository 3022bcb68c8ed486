"""Statistics per preset in its own terms, as drawn (issue 30, point 5): jda in games, laps and deal
sizes, kabu in matches, laps and extra cards, points only where a preset scores points; each preset's
figures say how many History entries they come from."""

from __future__ import annotations

import time

import pytest
from uikit import frames, make_app

from game import Game, make_rules
from game.headless import play
from game.history import record
from game.seats import make_seat
from ui.scenes import stats as stats_scene
from ui.scenes.stats import StatsScene


@pytest.fixture
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("DOBON_TABLE_HOME", str(tmp_path))
    application = make_app((1280, 720))
    yield application
    application.close()


def keep(preset: str, seed: int, started: str, rounds: int) -> None:
    options = {"draw_parent": False} if preset == "kabu" else {}
    game = Game(make_rules(preset, 4, options), seed)
    play(game, [make_seat("basic", seed, s) for s in range(4)], rounds)
    record(game, ["human", "normal", "normal", "normal"], 0, started, names=["", "Aoi", "Ren", "Hana"])


def drawn_per_preset(app, monkeypatch, presets) -> dict[str, str]:
    """Every text the Statistics screen draws for each preset, chosen in turn."""
    said: list[str] = []
    blit = stats_scene._blit
    monkeypatch.setattr(
        stats_scene,
        "_blit",
        lambda surface, text, *a, **kw: said.append(text) or blit(surface, text, *a, **kw),
    )
    scene = StatsScene(app)
    app.stack.push(scene)
    end = time.monotonic() + 60
    while scene.figures is None:
        assert time.monotonic() < end
        frames(app, 1)
        time.sleep(0.01)
    out = {}
    for preset in presets:
        scene.preset = preset
        scene.build()
        said.clear()
        frames(app, 2)
        out[preset] = "\n".join(said)
    return out


def test_statistics_speak_each_presets_own_units_and_points_only_where_it_scores_points(app, monkeypatch):
    keep("jda", 3, "20260101T100000000000Z", 3)
    keep("jda", 4, "20260102T100000000000Z", 2)
    keep("kabu", 5, "20260103T100000000000Z", 3)
    keep("super", 6, "20260104T100000000000Z", 2)
    shown = drawn_per_preset(app, monkeypatch, ["jda", "kabu", "super"])
    jda, kabu, sup = shown["jda"], shown["kabu"], shown["super"]
    assert "From 2 History entries (of 4)" in jda and "From 1 History entry (of 4)" in kabu
    assert "Games" in jda and "Laps/game" in jda and "Avg deal" in jda
    assert "Matches" in kabu and "Laps/match" in kabu and "Avg extra" in kabu
    for own in (jda, kabu):
        assert "pts" not in own.lower() and "points" not in own.lower() and "Best" not in own
    assert "Pts/round" in sup and "fewer points are better" in sup


def test_statistics_in_japanese_keep_the_presets_terms(app, monkeypatch):
    keep("jda", 3, "20260101T100000000000Z", 3)
    keep("kabu", 5, "20260103T100000000000Z", 3)
    app.set_language("ja")
    shown = drawn_per_preset(app, monkeypatch, ["jda", "kabu"])
    assert "履歴1件から集計(全2件)" in shown["jda"] and "平均配り" in shown["jda"]
    assert "平均追加札" in shown["kabu"] and "点" not in shown["kabu"].replace("時点", "")
