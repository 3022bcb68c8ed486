"""Each preset's full rules page for players (docs/rules/<preset>.md): there is one per preset, the README
and the other pages link to it, and the in-game Rules screen names it and opens it with the system's
viewer (a real click on its Open button)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import uikit  # noqa: F401  (the dummy video driver)
from uikit import frames, make_app, press_button

from game.rules import PRESETS
from ui import system_open
from ui.resources import rules_page

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.parametrize("preset", list(PRESETS))
def test_each_preset_has_a_rules_page_linked_from_the_readme_and_the_others(preset):
    page = rules_page(preset)
    assert page == ROOT / "docs" / "rules" / f"{preset}.md" and page.is_file()
    text = page.read_text(encoding="utf-8")
    for section in ("## How to win", "## Calling Dobon", "## Options on the New game screen"):
        assert section in text, f"{page.name} has no {section!r}"
    assert f"(docs/rules/{preset}.md)" in (ROOT / "README.md").read_text(encoding="utf-8")
    for other in PRESETS:
        if other != preset:
            assert f"]({other}.md)" in text, f"{page.name} does not link {other}.md"


def test_the_docs_for_players_carry_no_issue_numbers():
    pages = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
    found = [
        f"{p.relative_to(ROOT)}: {m.group(0)}"
        for p in pages
        for m in re.finditer(r"\bissue\s+\d+", p.read_text(encoding="utf-8"), re.IGNORECASE)
    ]
    assert found == []


def test_the_frozen_app_carries_the_rules_pages():
    spec = (ROOT / "build.spec").read_text(encoding="utf-8")
    assert '(str(ROOT / "docs" / "rules"), "docs/rules")' in spec


def test_the_opener_is_the_systems(monkeypatch):
    page = Path("/tmp/kabu.md")
    assert system_open.opener_command(page, "darwin") == ["open", str(page)]
    monkeypatch.setattr(system_open.shutil, "which", lambda name: None)
    assert system_open.opener_command(page, "linux") is None
    if system_open.sys.platform != "win32":
        assert system_open.open_with_system(page) is False  # nothing to open it with
    monkeypatch.setattr(system_open.shutil, "which", lambda name: f"/usr/bin/{name}")
    assert system_open.opener_command(page, "linux") == ["/usr/bin/xdg-open", str(page)]


def test_the_rules_screen_names_the_page_and_opens_it(tmp_path, monkeypatch):
    from ui.scenes import rules as rules_scene

    monkeypatch.setenv("DOBON_TABLE_HOME", str(tmp_path))
    opened: list[Path] = []
    answer = [True]

    def fake_open(path: Path) -> bool:
        opened.append(path)
        return answer[0]

    monkeypatch.setattr(rules_scene, "open_with_system", fake_open)
    app = make_app((800, 600))
    try:
        scene = rules_scene.RulesScene(app, "jda")
        app.stack.push(scene)
        frames(app, 2)
        assert scene.page_line.text.startswith("Full rules")
        assert "/" not in scene.page_line.text  # no file path until the player needs one
        press_button(app, scene.tabs["kabu"])
        assert scene.preset == "kabu"
        press_button(app, scene.open_page)
        assert opened == [rules_page("kabu")]
        assert scene.page_line.text.startswith("Full rules")
        answer[0] = False  # no program to open it: the line says where the file is instead
        press_button(app, scene.open_page)
        assert scene.page_line.text == f"No program here opens it; the page is at {rules_page('kabu')}"
        assert scene.open_page.rect.bottom <= 600 and scene.text.rect.bottom <= scene.page_line.rect.top
    finally:
        app.close()
