"""The app around the scenes: the render loop idles on quiet screens and wakes on input, a machine
without a display or a sound card gets one plain line instead of silence or a page of library noise,
the pause menu's heading fits, and command-line flags last for their run only."""

from __future__ import annotations

import json
import math
import os
import subprocess
import sys
import warnings
from pathlib import Path

import pytest

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"

import pygame
from pygame_gui.core.utility import translate
from uikit import choose_language

from ui import sound
from ui.app import NO_DISPLAY, App, RunSettings
from ui.settings import Settings

ROOT = Path(__file__).resolve().parents[1]
HANDS = [
    ["3H", "7H", "9C", "8D", "KS"],
    ["2S", "4S", "6S", "8S", "10S"],
    ["2C", "4C", "6C", "8C", "10C"],
    ["3C", "5C", "7C", "JC", "QC"],
]


@pytest.fixture
def home(tmp_path, monkeypatch) -> Path:
    monkeypatch.setenv("DOBON_TABLE_HOME", str(tmp_path))
    return tmp_path


@pytest.fixture
def app(home):
    application = App(Settings(), None, (1280, 720))
    yield application
    application.close()


def frames(app: App, n: int = 2) -> None:
    for _ in range(n):
        app.frame(1 / 60)


def settle(app: App) -> None:
    """As if the player last touched anything long ago: no events waiting, no recent input."""
    pygame.event.get()
    app.last_input = -1e9


def table_waiting_for_the_person(app: App):
    from game import Game, make_rules
    from ui.scenes.table import TableScene
    from ui.table.setup import GameSetup, SeatSpec

    seats = [SeatSpec("human" if i == 0 else "ai", "basic", "") for i in range(4)]
    setup = GameSetup("app", 4, {}, seats, 3).complete()
    game = Game(make_rules("app", 4), 3, deal=False)
    game.start_round(game.deck_from_hands(HANDS, "5H", (), 0), 0)
    scene = TableScene(app, setup, game)
    app.stack.push(scene)
    frames(app, 2)
    return scene


def main_py(*args: str, env: dict[str, str], timeout: float = 60) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "main.py", *args], cwd=ROOT, env=env, capture_output=True, text=True, timeout=timeout
    )


def clean_env(home: Path, **extra: str) -> dict[str, str]:
    """The environment of a machine with no desktop session: no DISPLAY, no Wayland, no SDL drivers
    chosen; `extra` adds what a test needs."""
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER", "SDL_AUDIODRIVER")
    }
    env.update(DOBON_TABLE_HOME=str(home), PYGAME_HIDE_SUPPORT_PROMPT="1", **extra)
    return env


# ---------------------------------------------------------------------------------- 14: idle loop


def test_quiet_screens_say_so(app):
    from ui.scenes.lan import HostScene, JoinScene, LobbyScene, MessageScene
    from ui.scenes.menu import PauseMenu
    from ui.scenes.new_game import NewGameScene
    from ui.scenes.results import MatchResultScene, RoundResultScene
    from ui.scenes.rules import RulesScene
    from ui.scenes.settings_scene import SettingsScene
    from ui.scenes.title import TitleScene

    table = table_waiting_for_the_person(app)
    quiet = [
        TitleScene(app),
        SettingsScene(app),
        RulesScene(app),
        NewGameScene(app),
        HostScene(app),
        JoinScene(app),
        MessageScene(app, "the host has gone"),
        PauseMenu(app, table),
        RoundResultScene(app, table),
        MatchResultScene(app, table),
        object.__new__(LobbyScene),  # the lobby needs a live session; what it reports does not
    ]
    assert [type(s).__name__ for s in quiet if s.animating] == []
    quiet[5].exit()  # the join screen's search pool


def rested_title(app: App):
    """The title once its fan has swayed to a stop, the player's last touch long ago; the loop's
    look-ups made short, so a test's passes of the loop take moments."""
    from ui.scenes.title import SWAY_S, TitleScene

    title = TitleScene(app)
    app.stack.push(title)
    frames_at(app, int(SWAY_S / 0.1) + 2, 0.1)  # (a moving scene steps at most 0.1 s a frame)
    settle(app)
    app.rest_s = 0.02
    return title


def frames_at(app: App, n: int, dt: float) -> None:
    for _ in range(n):
        app.frame(dt)


def test_an_idle_title_draws_nothing_however_long_the_loop_runs(app):
    rested_title(app)
    drawn = len(app.frame_ms)
    assert app.quiet() and app.due_in() == math.inf  # nothing will change by itself
    app.run(frames=6)  # six passes of the real loop (it closes the app at the end, as a real run does)
    assert app.rests == 6 and len(app.frame_ms) == drawn  # each one looked, and drew nothing


def test_a_hovered_button_wakes_a_resting_title_and_is_lit(app):
    title = rested_title(app)
    clock = pygame.time.Clock()
    assert not app.step(clock)  # at rest: no frame
    button = title.items["settings"]
    pygame.mouse.set_pos(button.rect.center)  # the pointer moves (SDL posts the motion)
    assert app.step(clock)  # the mouse came: a frame at once
    assert app.step(clock) and button.hovered  # ... and full rate a moment (the highlight's frames)
    settle(app)
    pygame.mouse.set_pos((5, 5))
    app.step(clock)
    app.step(clock)
    assert not button.hovered  # the mouse left: the highlight went with it
    settle(app)
    assert not app.step(clock)  # and the title rests again


def test_an_animation_a_scene_starts_gets_every_frame_until_it_ends(app):
    title = rested_title(app)
    clock = pygame.time.Clock()
    title.animate_for(0.05)  # "I am animating" for a moment: the loop draws at full rate till then
    drawn = 0
    while app.step(clock):
        drawn += 1
        assert drawn < 100, "the animation never ended"
    assert drawn >= 2 and title.moving_left == 0 and app.rests == 1


def test_a_focused_text_box_keeps_its_caret_blinking_while_the_screen_rests(app):
    from ui.scenes.lan import HostScene

    host = HostScene(app)
    app.stack.push(host)
    frames(app, 2)
    click_at(app, host.name.rect.center)
    frames(app, 2)
    settle(app)
    app.rest_s = 0.02
    assert host.name.is_focused and app.quiet()
    assert app.due_in() is not None and app.due_in() < math.inf  # the caret's next blink is due
    clock = pygame.time.Clock()
    seen = set()
    for _ in range(400):
        assert app.step(clock) or app.due_in() < math.inf
        seen.add(host.name.cursor_on)
        if seen == {True, False}:
            break
    assert seen == {True, False}  # it went off and on again, with no input
    host.exit()


def click_at(app: App, pos: tuple[int, int]) -> None:
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        pygame.event.post(pygame.event.Event(kind, pos=pos, button=1))
    app.frame(1 / 60)


def test_the_table_rests_only_while_it_waits_on_you(app):
    """Your turn with nothing moving: the loop may rest. Once you act, the other seats have moves to
    make (and cards fly): full rate again."""
    table = table_waiting_for_the_person(app)
    settle(app)
    assert table.accepts_input and app.quiet()
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_d, mod=0, unicode="d", scancode=0))
    app.frame(1 / 60)
    assert table.game.actions[-1].kind.name == "DRAW"
    settle(app)
    assert not app.quiet()


def test_input_wakes_a_quiet_loop_and_is_handled_at_once(app):
    from ui.scenes.settings_scene import SettingsScene
    from ui.scenes.title import TitleScene

    title = TitleScene(app)
    app.stack.push(title)
    app.stack.push(SettingsScene(app))
    frames(app, 2)
    settle(app)
    assert app.quiet()
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0))
    assert app.wait_for_input(60)  # returns on the event; a minute would mean it slept through it
    app.frame(0.2)
    assert app.stack.top is title  # Escape left the settings in the frame the wait woke for


def test_after_input_the_loop_stays_at_full_rate_for_a_moment(app):
    rested_title(app)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(5, 5), rel=(1, 1), buttons=(0, 0, 0)))
    drawn = len(app.frame_ms)
    app.run(frames=4)
    assert app.quiet_frames == 1 and app.rests == 0  # the wait the mouse ended; then full rate
    assert len(app.frame_ms) == drawn + 4


def test_a_quiet_screen_keeps_time_between_its_far_apart_frames(app):
    title = rested_title(app)
    before = title.time
    app.frame(1.5)  # the frame a second's clock, a caret or the mouse woke, long after the last
    assert title.time == pytest.approx(before + 1.5)  # not cut to 0.1 s as a moving table's step is


def test_the_title_redraws_what_it_keeps_when_the_window_changes(app):
    """The title keeps its still parts between frames: the same moment draws the same picture, and
    a window of another size gets its own felt, not the old one."""
    from ui.scenes.title import TitleScene

    title = TitleScene(app)
    app.stack.push(title)
    frames(app, 2)

    def picture(size: tuple[int, int]) -> bytes:
        surface = pygame.Surface(size)
        title.time = 1.5
        title.draw(surface)
        return pygame.image.tobytes(surface, "RGB")

    first = picture((1280, 720))
    smaller = picture((1024, 700))
    assert len(smaller) == 1024 * 700 * 3 and smaller[-3:] == bytes((16, 70, 48))  # felt to the corner
    assert picture((1280, 720)) == first


# ---------------------------------------------------------------------------------- 15: no display


def test_without_a_display_the_app_says_so_and_exits_2(home):
    done = main_py("--frames", "30", env=clean_env(home), timeout=60)
    assert done.returncode == 2
    assert done.stderr.strip() == NO_DISPLAY
    assert done.stdout == ""


def test_a_display_that_does_not_answer_is_no_display_either(home):
    done = main_py("--frames", "30", env=clean_env(home, DISPLAY=":987"), timeout=60)
    assert done.returncode == 2
    assert done.stderr.strip() == NO_DISPLAY


def test_a_headless_driver_asked_for_by_name_still_runs(home):
    env = clean_env(home, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    done = main_py("--frames", "3", env=env)
    assert done.returncode == 0, done.stderr
    done = main_py("--demo", "--frames", "3", env=env)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("frame ms:")


# ---------------------------------------------------------------------------------- 16: stderr


@pytest.mark.parametrize("audio", [None, "alsa"])
def test_a_start_without_a_sound_card_prints_no_library_noise(home, audio):
    env = clean_env(home, SDL_VIDEODRIVER="dummy", **({"SDL_AUDIODRIVER": audio} if audio else {}))
    done = main_py("--frames", "3", env=env)
    assert done.returncode == 0, done.stderr
    assert "ALSA" not in done.stderr and "XDG_RUNTIME_DIR" not in done.stderr, done.stderr
    # silently, and said once; or nothing at all where there is a sound device
    assert done.stderr.strip() in ("", sound.SILENT), done.stderr


def test_no_sound_device_is_said_once_however_often_the_mixer_is_tried(home):
    script = (
        "from ui.sound import Sounds\n"
        "import pygame\n"
        "pygame.display.init()\n"
        "tries = [Sounds(0.5) for _ in range(3)]\n"
        "print(tries[0].enabled)\n"
    )
    env = clean_env(home, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="alsa")
    done = subprocess.run(
        [sys.executable, "-c", script], cwd=ROOT, env=env, capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
    enabled = done.stdout.strip() == "True"
    assert done.stderr.count(sound.SILENT) == (0 if enabled else 1), done.stderr
    assert "ALSA" not in done.stderr


def test_caught_stderr_keeps_everything_but_the_noise(capfd):
    with sound.quiet_stderr():
        os.write(2, b"ALSA lib pcm.c:2666:(snd_pcm_open_noupdate) Unknown PCM default\n")
        os.write(2, b"error: XDG_RUNTIME_DIR is invalid or not set in the environment.\n")
        os.write(2, b"something that matters\n")
    assert capfd.readouterr().err == "something that matters\n"


@pytest.mark.parametrize("size", [(800, 600), (1280, 720), (3840, 2160)])
@pytest.mark.parametrize("language", ["en", "ja"])
def test_the_pause_menu_heading_fits_its_text(home, size, language):
    from ui.scenes.menu import PauseMenu

    application = App(Settings(language=language), None, size)
    try:
        table = table_waiting_for_the_person(application)
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            menu = PauseMenu(application, table)
            application.stack.push(menu)
            frames(application, 2)
        assert [str(w.message) for w in caught if "too small" in str(w.message)] == []
        label = menu.heading
        font = application.gui.get_theme().get_font(label.combined_element_ids)
        text_w, text_h = font.size(translate(label.text))
        assert translate(label.text) == {"en": "Paused", "ja": "一時停止"}[language]
        assert label.rect.width >= text_w and label.rect.height >= text_h
        assert menu.panel.rect.contains(label.rect)
        first = min(b.rect.top for b in menu.items.values())
        assert label.rect.bottom <= first
    finally:
        application.close()


# ---------------------------------------------------------------------------------- 17: run flags


def saved(home: Path) -> dict:
    return json.loads((home / "settings.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize(
    "flags",
    [
        ["--lang", "ja"],
        ["--fullscreen"],
        ["--size", "1024x700"],
        ["--lang", "ja", "--fullscreen", "--size", "900x640"],
    ],
)
def test_command_line_flags_are_not_saved(home, flags):
    before = {"language": "en", "fullscreen": False, "window_size": [1280, 720], "volume": 0.5}
    (home / "settings.json").write_text(json.dumps(before), encoding="utf-8")
    env = clean_env(home, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    done = main_py(*flags, "--frames", "3", env=env)
    assert done.returncode == 0, done.stderr
    assert {k: saved(home)[k] for k in before} == before


def test_windowed_is_not_saved_over_a_saved_full_screen(home):
    before = {"language": "ja", "fullscreen": True, "window_size": [1280, 720]}
    (home / "settings.json").write_text(json.dumps(before), encoding="utf-8")
    env = clean_env(home, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    done = main_py("--windowed", "--lang", "en", "--frames", "3", env=env)
    assert done.returncode == 0, done.stderr
    assert {k: saved(home)[k] for k in before} == before


def test_the_flags_apply_to_the_run(home):
    run = RunSettings(Settings(), {"language": "ja", "fullscreen": True})
    assert run.language == "ja" and run.fullscreen
    application = App(run, None, (1280, 720))
    try:
        from ui.scenes.title import TitleScene

        application.stack.push(TitleScene(application))
        frames(application, 2)
        assert application.gui.get_locale() == "ja"
    finally:
        application.close()
    assert saved(home)["language"] == "en" and saved(home)["fullscreen"] is False


def test_a_language_chosen_in_settings_is_saved_over_the_flag(home):
    from ui.scenes.settings_scene import SettingsScene
    from ui.scenes.title import TitleScene

    application = App(RunSettings(Settings(), {"language": "ja"}), None, (1280, 720))
    try:
        application.stack.push(TitleScene(application))
        scene = SettingsScene(application)
        application.stack.push(scene)
        frames(application, 2)
        button = scene.help  # the practice-help toggle: saved at once, the flag's language is not
        for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            pygame.event.post(pygame.event.Event(kind, pos=button.rect.center, button=1))
        frames(application, 3)
        assert saved(home)["practice_help"] == "coach" and saved(home)["language"] == "en"  # legal → coach
        scene = application.stack.top
        choose_language(application, scene, "English")
        choose_language(application, application.stack.top, "日本語")
        assert application.settings.language == "ja"
        assert saved(home)["language"] == "ja"  # the player's choice, not the flag
    finally:
        application.close()
    assert saved(home)["language"] == "ja"


def test_the_window_size_under_size_is_never_saved(home):
    run = RunSettings(Settings(), {}, keep=("window_size",))
    application = App(run, None, (1024, 700))
    application.resized((1100, 760))  # even after the player resizes the window
    application.close()
    assert saved(home)["window_size"] == [1280, 720]


def test_without_flags_the_settings_save_as_before(home):
    run = RunSettings(Settings(), {})
    application = App(run, None, (1280, 720))
    application.resized((1100, 760))
    application.settings.volume = 0.25
    application.close()
    assert saved(home)["window_size"] == [1100, 760] and saved(home)["volume"] == 0.25
