"""Issue 31: the Host screen offers, for each preset, the options solo's New game offers (LAN Classic
had Rounds instead of Starting points; LAN standard lacked Highest bid and Call last one
automatically), and remembers every choice per preset in the settings file, through the settings'
own checks: a damaged or hostile entry is said and costs only the remembered choices."""

from __future__ import annotations

import json

import pytest
from uikit import frames, make_app, pick, press_button

from game.rules import PRESETS
from ui.scenes.lan import HostScene, LobbyScene
from ui.scenes.new_game import NewGameScene
from ui.settings import Settings
from ui.text import tr


@pytest.fixture
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("DOBON_TABLE_HOME", str(tmp_path))
    application = make_app((800, 600))
    yield application
    application.close()


def host_screen(app, preset: str | None = None) -> HostScene:
    scene = HostScene(app)
    app.stack.push(scene)
    frames(app, 2)
    if preset is not None and scene.preset != preset:
        pick(app, scene.preset_menu, tr(f"preset.{preset}"))
    return scene


@pytest.mark.parametrize("preset", list(PRESETS))
def test_the_host_screen_offers_the_options_solo_offers_for_the_preset(app, preset):
    solo = NewGameScene(app)
    solo.preset, solo.options = preset, {}
    app.stack.push(solo)
    frames(app, 2)
    offered = set(solo.option_fields)
    app.stack.pop()
    scene = host_screen(app, preset)
    assert set(scene.option_fields) == offered
    assert not hasattr(scene, "rounds")  # no LAN-only Rounds beside (or instead of) the rules' own
    # every row stays on screen, above Back and Open, at the smallest window
    for widget in (*scene.option_fields.values(), scene.announce_button, scene.away_menu, scene.name):
        assert widget.rect.bottom < scene.back.rect.top and widget.rect.right <= 800


def test_the_host_screen_remembers_each_presets_choices(app, tmp_path):
    scene = host_screen(app, "standard")
    assert {"max_bid", "auto_last_one", "rounds_per_match"} <= set(scene.option_fields)
    scene.option_fields["max_bid"].set_text("7")
    press_button(app, scene.option_fields["auto_last_one"])
    on = not PRESETS["standard"].auto_last_one
    pick(app, scene.players_menu, "5")
    pick(app, scene.limit_menu, tr("lan.seconds", n=30))
    scene.announce = False  # no multicast from tests
    scene.open_table(port=0)
    lobby = app.stack.top
    assert isinstance(lobby, LobbyScene)
    host = lobby.session.host
    assert host.rules.options()["max_bid"] == 7 and host.rules.options()["auto_last_one"] is on
    assert host.cfg.turn_limit_s == 30.0 and host.cfg.players == 5
    lobby.session.close()
    app.stack.pop()
    saved = json.loads((tmp_path / "settings.json").read_text())["lan_host"]
    assert saved["preset"] == "standard"
    assert saved["tables"]["standard"]["options"]["max_bid"] == "7"
    # a new Host screen (as after a restart) comes back to it, every choice as it was
    Settings.load()
    again = host_screen(app)
    assert again.preset == "standard" and again.players == 5 and again.turn_limit == 30
    assert again.option_fields["max_bid"].get_text() == "7" and again.options["auto_last_one"] is on
    assert not again.announce
    # another preset has its own choices, and going back finds these again
    pick(app, again.preset_menu, tr("preset.app"))
    assert again.players == 4 and "starting_points" in again.option_fields
    pick(app, again.preset_menu, tr("preset.standard"))
    assert again.players == 5 and again.option_fields["max_bid"].get_text() == "7"


def test_an_option_typed_out_of_range_is_said_and_nothing_is_lost(app):
    scene = host_screen(app, "app")
    scene.option_fields["starting_points"].set_text("99999999999")
    scene.announce = False
    press_button(app, scene.open)
    assert app.stack.top is scene and scene.session is None  # nothing opened
    assert scene.error and "starting_points" in scene.error
    assert scene.option_fields["starting_points"].get_text() == "99999999999"  # what was typed stays


@pytest.mark.parametrize(
    "hostile",
    [
        {"preset": "standard", "tables": {"standard": {"players": 99}}},
        {"tables": {"app": {"options": {"x" * 100: 1}}}},
        {"tables": {"app": {"turn_limit": -5, "level": "\x1b[2J"}}},
        "not a table",
    ],
    ids=["players", "option-name", "turn-limit", "text"],
)
def test_a_hostile_remembered_host_screen_is_said_and_the_defaults_come(app, tmp_path, hostile):
    (tmp_path / "settings.json").write_text(json.dumps({"lan_host": hostile, "player_name": "Aoi"}))
    settings, problem = Settings.load()
    assert problem == "settings reset to defaults: lan_host"
    assert settings.player_name == "Aoi" and settings.lan_host == {}  # nothing else lost
    app.settings = settings
    scene = host_screen(app)
    assert scene.players == 4 and scene.turn_limit == 15


@pytest.mark.parametrize("language", ["en", "ja"])
def test_a_lobby_row_with_a_long_name_ready_and_you_fits_its_label(app, language):
    import time

    import msgspec

    from game.plaintext import clean
    from ui.theme import text_width

    app.set_language(language)
    app.settings.player_name = "Bartholomew Long"  # 16 characters, the longest a name may be
    scene = host_screen(app)
    scene.announce = False  # no multicast from tests
    scene.open_table(port=0)
    lobby = app.stack.top
    assert isinstance(lobby, LobbyScene)
    try:
        end = time.monotonic() + 20
        while lobby.remote.lobby is None:
            assert time.monotonic() < end, "the lobby never came"
            frames(app, 1)
            time.sleep(0.01)
        # the row as it reads once the host has said ready (a lobby the host would send)
        seats = lobby.remote.lobby.seats
        ready = [msgspec.structs.replace(s, ready=s.kind == "person") for s in seats]
        lobby.remote.lobby = msgspec.structs.replace(lobby.remote.lobby, seats=ready)
        lobby.build()
        frames(app, 2)
        row = lobby.seat_labels[0]
        assert tr("lan.ready_mark") in row.text and tr("lan.you_mark") in row.text
        for label in lobby.seat_labels:
            assert text_width(clean(label.text, 200)) < label.rect.width, label.text
        assert lobby.chat_box.rect.right <= 800 and not lobby.chat_box.rect.colliderect(row.rect)
        assert lobby.waiting_box.scroll_bar is None  # "everyone is ready: ..." whole, two lines
    finally:
        lobby.session.close()
