"""The preset registry (game/registry.py): every preset's rules, AI knowledge and table module load from
the record that names them, and a missing or broken one is an error naming the preset and the module,
never a quiet fallback to the defaults (which once let a frozen app play every preset's AI as `app`)."""

from __future__ import annotations

import dataclasses

import pytest
import uikit  # noqa: F401  (the dummy video driver, before ui modules load)

import main
from game.registry import REGISTRY, Part, PresetError, check_presets, load, resolve
from game.rules import PRESETS, make_rules
from game.seats.presets import PresetKnowledge, knowledge
from ui.presets import PresetUI, preset_ui


@pytest.fixture
def fresh_cache():
    """`load` keeps what it loaded; a test that changes the registry starts and ends with none."""
    load.cache_clear()
    yield
    load.cache_clear()


def test_the_registry_names_every_playable_preset_and_nothing_else():
    assert list(REGISTRY) == list(PRESETS)
    assert all(record.name == name for name, record in REGISTRY.items())


@pytest.mark.parametrize("preset", list(PRESETS))
def test_each_presets_three_parts_load(preset):
    rules = load(preset, Part.RULES)
    assert rules is PRESETS[preset] and rules.preset == preset
    assert issubclass(load(preset, Part.KNOWLEDGE), PresetKnowledge)
    assert issubclass(load(preset, Part.UI), PresetUI)
    # the module of each part is the preset's own, not a shared default
    assert load(preset, Part.KNOWLEDGE).__module__ == f"game.seats.presets.{preset}"
    assert load(preset, Part.UI).__module__ == f"ui.presets.{preset}"
    assert type(knowledge(preset)) is load(preset, Part.KNOWLEDGE)
    assert type(preset_ui(make_rules(preset, 4))) is load(preset, Part.UI)


def test_check_presets_loads_every_part():
    check_presets(tuple(Part))


def test_a_broken_module_raises_naming_the_preset_and_the_module(tmp_path, monkeypatch):
    (tmp_path / "broken_table_part.py").write_text("raise RuntimeError('half-written file')\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    with pytest.raises(PresetError) as caught:
        resolve("jda", "broken_table_part:UI", Part.UI)
    message = str(caught.value)
    assert "'jda'" in message and "ui module broken_table_part" in message
    assert "RuntimeError: half-written file" in message


def test_a_missing_module_or_class_raises_naming_it():
    with pytest.raises(PresetError, match=r"'kabu': its knowledge module game\.seats\.presets\.nothing"):
        resolve("kabu", "game.seats.presets.nothing:Knowledge", Part.KNOWLEDGE)
    with pytest.raises(PresetError, match=r"'super': its rules module game\.rules\.super has no Nope"):
        resolve("super", "game.rules.super:Nope", Part.RULES)


def test_an_unknown_preset_is_an_error_not_the_defaults(fresh_cache):
    class Unknown:
        preset = "no-such-preset"

    with pytest.raises(PresetError, match="unknown preset 'no-such-preset'"):
        knowledge("no-such-preset")
    with pytest.raises(PresetError, match="unknown preset 'no-such-preset'"):
        preset_ui(Unknown())


def test_the_program_refuses_to_start_with_a_broken_part(fresh_cache, monkeypatch, capsys):
    broken = dataclasses.replace(REGISTRY["jda"], knowledge="game.seats.presets.gone:Knowledge")
    monkeypatch.setitem(REGISTRY, "jda", broken)
    assert main.main(["sim", "--rules", "app", "--rounds", "1", "--seed", "1"]) == 2
    err = capsys.readouterr().err
    assert "preset 'jda': its knowledge module game.seats.presets.gone cannot be loaded" in err


def test_the_desktop_checks_the_table_modules_too(fresh_cache, monkeypatch, capsys):
    broken = dataclasses.replace(REGISTRY["kabu"], ui="ui.presets.gone:UI")
    monkeypatch.setitem(REGISTRY, "kabu", broken)
    assert main.main(["--demo", "--frames", "1"]) == 2
    assert "preset 'kabu': its ui module ui.presets.gone cannot be loaded" in capsys.readouterr().err
    load.cache_clear()
    # a headless command does not need them
    assert main.main(["sim", "--rules", "app", "--rounds", "1", "--seed", "1"]) == 0
