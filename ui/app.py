"""The desktop app: window, render loop, pygame-gui manager, settings, sounds and the scene stack."""

from __future__ import annotations

import contextlib
import copy
import json
import math
import os
import statistics
import sys
import time
import warnings
from dataclasses import asdict, fields
from pathlib import Path
from typing import Any

import pygame
import pygame_gui

from . import navigation, palette, text
from .focus import KeyboardFocus
from .notices import NoticeBar
from .resources import resource_path
from .settings import Settings
from .sound import Sounds, quiet_stderr
from .stack import SceneStack, Screen

MIN_SIZE = (800, 600)  # the smallest window the table is laid out for (tests/test_layout.py)
ACTIVE_FPS = 60  # while something moves, and for INPUT_GRACE seconds after any input
INPUT_GRACE = 0.5  # full rate this long after input: a pressed button, an opened menu show at once
POLL = 1 / ACTIVE_FPS  # a resting loop looks for input this often: as soon as a full-rate frame would
REST_S = 1.0  # a resting loop with nothing due looks up this often (without drawing), so run() can end
QUIET_DT = 2.0  # the longest step a frame after a rest takes (a clock woken each second keeps time)
HEADLESS_DRIVERS = ("dummy", "offscreen")  # SDL's video drivers that show nothing
NO_DISPLAY = (
    "No display found: Dobon Table needs a desktop session (set DISPLAY), "
    "or use `python main.py sim` for headless play."
)


def find_display() -> str | None:
    """Start the video system: None when there is a screen to open the window on, else the one line
    that tells the player there is none. Without one SDL would quietly draw into memory (its
    "offscreen" driver) and the game would run unseen until killed; a headless driver named in
    SDL_VIDEODRIVER (tests, benches, `--demo` in CI) is what the user asked for and is kept."""
    asked = [d.strip().lower() for d in os.environ.get("SDL_VIDEODRIVER", "").split(",") if d.strip()]
    unix_desktop = sys.platform.startswith(("linux", "freebsd", "openbsd", "netbsd", "dragonfly"))
    if unix_desktop and not asked and not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")):
        return NO_DISPLAY  # nothing to connect to: do not even probe (SDL's probe prints noise)
    try:
        with quiet_stderr():  # a Wayland probe without XDG_RUNTIME_DIR complains, then SDL moves on
            pygame.display.init()
    except pygame.error:
        return NO_DISPLAY
    if pygame.display.get_driver() in HEADLESS_DRIVERS and pygame.display.get_driver() not in asked:
        pygame.display.quit()
        return NO_DISPLAY
    return None


class RunSettings(Settings):
    """The settings of this run: the saved ones with the command-line flags laid over them. The app
    reads a flag's value like any setting, but a flag lasts for this run only: `save` writes the
    saved value of each setting a flag holds, until the player sets that setting (the Settings
    screen), which ends the flag's hold on it. `keep` names settings whose saved value stays whatever
    this run does (the window size under --size: a resize in that run is not remembered)."""

    def __init__(self, saved: Settings, flags: dict[str, Any], keep: tuple[str, ...] = ()):
        super().__init__(**{f.name: copy.deepcopy(getattr(saved, f.name)) for f in fields(Settings)})
        for name, value in flags.items():
            setattr(self, name, value)
        held = {name: copy.deepcopy(getattr(saved, name)) for name in (*flags, *keep)}
        object.__setattr__(self, "_held", held)
        object.__setattr__(self, "_keep", frozenset(keep))

    def __setattr__(self, name: str, value: Any) -> None:
        held = self.__dict__.get("_held")
        if held and name in held and name not in self._keep:
            del held[name]  # the player chose: from now on this setting is saved as it is
        super().__setattr__(name, value)

    @property
    def held(self) -> dict[str, Any]:
        """The settings a flag holds this run, with the values saved for them."""
        return dict(self._held)

    def save(self) -> None:
        data = asdict(self)
        data.update(copy.deepcopy(self._held))
        Settings(**data).save()


def fit_window(size: tuple[int, int]) -> tuple[int, int]:
    """A window size no smaller than MIN_SIZE and, where the desktop is known, no larger than it, so
    a size saved on a big monitor never opens with the hand below the edge of a small one."""
    w, h = size
    real = pygame.display.get_init() and pygame.display.get_driver() not in ("dummy", "offscreen")
    desktops = pygame.display.get_desktop_sizes() if real else []
    if desktops:
        dw, dh = desktops[0]
        w, h = min(w, dw), min(h, dh - 60)  # room for a title bar and a panel
    return max(MIN_SIZE[0], w), max(MIN_SIZE[1], h)


def interface_scale(window: tuple[int, int], wanted: float) -> float:
    """How much larger than 100% a window of this size can draw the interface: at most `wanted`, and
    never so much that the space the screens lay out in falls below MIN_SIZE (a 800×600 window stays
    at 100%; a 1920×1080 one goes up to 180%)."""
    room = min(window[0] / MIN_SIZE[0], window[1] / MIN_SIZE[1])
    return max(1.0, min(wanted, room))


def load_theme() -> dict:
    """The one theme file, with the font paths filled in (pygame-gui's bundled Noto Sans JP)."""
    from .card_art import font_path

    theme = json.loads(resource_path("theme.json").read_text(encoding="utf-8"))
    for block in theme.values():
        font = block.get("font") if isinstance(block, dict) else None
        if isinstance(font, dict):
            font["regular_path"] = font_path(False)
            font["bold_path"] = font_path(True)
            font.setdefault("name", "notosansjp")
    return theme


class App:
    def __init__(
        self,
        settings: Settings | None = None,
        problem: str | None = None,
        size: tuple[int, int] | None = None,
    ):
        if settings is None:
            settings, problem = Settings.load()
        self.settings = settings
        palette.use(palette.FOUR if settings.four_colour_deck else palette.CLASSIC)
        self.notices: list[str] = [problem] if problem else []  # for the player, shown in turn
        self.notice_bar = NoticeBar()
        # what the app uses; not pygame.init(), which would also open the mixer (Sounds does, quietly)
        with quiet_stderr():
            pygame.display.init()
        pygame.font.init()
        pygame.display.set_caption("Dobon Table — ドボン")
        with contextlib.suppress(pygame.error, OSError):  # the game's icon in the title bar, not pygame's
            pygame.display.set_icon(pygame.image.load(str(resource_path("icon.png"))))
        # the window's pixels, and the space the screens lay out in: the window divided by the
        # interface scale (Settings), never smaller than MIN_SIZE (see `_lay_out`)
        self.window_size: tuple[int, int] = tuple(size or settings.window_size)  # type: ignore[assignment]
        self.size: tuple[int, int] = self.window_size
        self.scale = 1.0
        self.gui: pygame_gui.UIManager | None = None
        self.screen = self._set_mode()
        text.setup(settings.language)
        self.gui = pygame_gui.UIManager(
            self.size,
            load_theme(),
            starting_language=settings.language,
            translation_directory_paths=[text.translations_dir()],
        )
        self._lay_out()  # pygame-gui learns the interface scale for its mouse positions
        with warnings.catch_warnings():  # pygame-gui warns about fonts the theme already loaded
            warnings.simplefilter("ignore")
            self.gui.preload_fonts(
                [
                    {"name": "notosansjp", "point_size": size, "style": style}
                    for size in (14, 15, 16, 17, 18, 20, 30)
                    for style in ("regular", "bold", "italic")
                ]
            )
        self.focus = KeyboardFocus(self.gui)
        self.sounds = Sounds(settings.volume)
        self.stack = SceneStack()
        self.running = True
        self.frame_ms: list[float] = []
        # the render thread's CPU time in the same frames (not the AI's thread): on a busy machine
        # the wall figure is mostly preemption
        self.frame_cpu_ms: list[float] = []
        self.last_input = time.perf_counter()  # any event counts: the loop keeps full rate a moment
        self.quiet_frames = 0  # passes of the loop that waited (a quiet screen), rather than ran at full rate
        self.rests = 0  # passes of the loop that drew nothing: nothing came, nothing was due
        self.rest_s = REST_S
        self.drawn_at = time.perf_counter()  # when the loop last drew (`due_in` counts from it)

    # ------------------------------------------------------------------ screens by name

    def scene(self, name: str, *args: Any, **kwargs: Any) -> Screen:
        """A new screen registered as `name` (ui/navigation.py), built for this app with the given
        arguments: how one screen opens another without importing it."""
        return navigation.scene_class(name)(self, *args, **kwargs)

    def act(self, name: str, *args: Any, **kwargs: Any) -> Any:
        """Run the screen step registered as `name` (ui/navigation.py) for this app: one that moves
        the stack itself (continue hosting, follow a rematch, start a lesson)."""
        return navigation.action(name)(self, *args, **kwargs)

    # ------------------------------------------------------------------ display

    def _set_mode(self) -> pygame.Surface:
        """Open the window (or the full screen); the surface the screens draw on."""
        if self.settings.fullscreen:
            self.display = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        else:
            self.display = pygame.display.set_mode(fit_window(self.window_size), pygame.RESIZABLE)
            with warnings.catch_warnings():  # pygame-ce notes that Window surfaces are the newer way
                warnings.simplefilter("ignore")
                pygame.Window.from_display_module().minimum_size = MIN_SIZE  # the layout's smallest
        self.window_size = self.display.get_size()
        return self._lay_out()

    def _lay_out(self) -> pygame.Surface:
        """The interface scale this window can take, the size the screens lay out in, and the surface
        they draw on: the window itself at 100%, else a smaller canvas the frame enlarges to the
        window (every screen, widget and card grows alike, as a desktop's display scaling does;
        pygame-gui is told the scale so its mouse positions match)."""
        self.scale = interface_scale(self.window_size, self.settings.ui_scale)
        w, h = self.window_size
        self.size = (max(MIN_SIZE[0], round(w / self.scale)), max(MIN_SIZE[1], round(h / self.scale)))
        self.screen = self.display if self.scale == 1.0 else pygame.Surface(self.size).convert()
        if self.gui is not None:
            self.gui.set_window_resolution(self.size)
            self.gui.mouse_pos_scale_factor = [self.size[0] / w, self.size[1] / h]
        return self.screen

    def apply_display_mode(self) -> None:
        self._set_mode()
        self.resized(self.window_size)

    def resized(self, size: tuple[int, int]) -> None:
        """The window is `size` now (or the interface scale changed): lay every screen out again."""
        self.window_size = (max(MIN_SIZE[0], size[0]), max(MIN_SIZE[1], size[1]))
        if not self.settings.fullscreen:
            self.settings.window_size = list(self.window_size)
        self._lay_out()
        for scene in self.stack.scenes:
            scene.resize()

    def resize_window(self, size: tuple[int, int]) -> None:
        """Make the window `size` (tools and tests; a person resizes by dragging its edge)."""
        if not self.settings.fullscreen:
            self.display = pygame.display.set_mode(size, pygame.RESIZABLE)
        self.resized(self.display.get_size())

    def set_ui_scale(self, scale: float) -> None:
        """Make the interface `scale` times larger (as far as the window allows) and keep it."""
        self.settings.ui_scale = scale
        self.settings.save()
        self.resized(self.window_size)

    def _laid_out(self, event: pygame.event.Event) -> pygame.event.Event:
        """A mouse event as the screens see it: its position in their layout, not the window's."""
        if self.scale == 1.0 or not hasattr(event, "pos"):
            return event
        w, h = self.window_size
        fx, fy = self.size[0] / w, self.size[1] / h
        data = dict(event.dict)
        data["pos"] = (int(event.pos[0] * fx), int(event.pos[1] * fy))
        if "rel" in data:
            data["rel"] = (int(event.rel[0] * fx), int(event.rel[1] * fy))
        return pygame.event.Event(event.type, data)

    def set_language(self, language: str) -> None:
        text.setup(language)
        self.gui.set_locale(language)
        for scene in self.stack.scenes:
            scene.build()

    # ------------------------------------------------------------------ loop

    def frame(self, dt: float) -> None:
        """One frame: events, update, draw. `draw` never changes game state."""
        start = time.perf_counter()
        cpu_start = time.thread_time()
        for event in pygame.event.get():
            if event.type == pygame.QUIT:
                self.running = False
                break
            if event.type == pygame.VIDEORESIZE and not self.settings.fullscreen:
                size = (max(MIN_SIZE[0], event.size[0]), max(MIN_SIZE[1], event.size[1]))
                self.display = pygame.display.set_mode(size, pygame.RESIZABLE)  # never below MIN_SIZE
                self.resized(self.display.get_size())  # what the window manager gave, not what was asked
                continue
            if self.focus.handle(event, self.stack.top):
                continue  # a focus key (Tab, an arrow, Enter on the ring): the screen gets its effect
            self.gui.process_events(event)  # pygame-gui scales mouse positions itself
            top = self.stack.top
            if top is not None:
                top.process_event(self._laid_out(event))
        top = self.stack.top
        dt = min(dt, 0.1 if top is None or top.moving else QUIET_DT)  # a quiet screen's frames are apart
        self.gui.update(dt)
        top = self.stack.top
        if top is not None:
            shown = top.container
            top.update(dt)
            top.moving_left = max(0.0, top.moving_left - dt)
            if self.stack.top is not top or self.stack.top.container is not shown:
                # the screen rebuilt its widgets (or gave way to another) on news from outside the
                # loop's events: a search's tables, a chat line, the host's word. pygame-gui lays new
                # widgets out in its update, so without this one the frame would draw the old ones,
                # and a resting loop draws no other until input (the Join screen said "Searching…"
                # until the mouse moved)
                self.gui.update(0.0)
        for scene in self.stack.visible():
            scene.draw(self.screen)
        self.gui.draw_ui(self.screen)
        self.focus.draw(self.screen, self.stack.top)
        self.notice_bar.update(dt, self.notices)
        shown = self.stack.top
        self.notice_bar.draw(self.screen, at_top=shown is None or shown.notices_at_top)
        if self.screen is not self.display:  # a larger interface: the canvas fills the window
            pygame.transform.smoothscale(self.screen, self.display.get_size(), self.display)
        pygame.display.flip()
        self.drawn_at = time.perf_counter()
        self.frame_ms.append((self.drawn_at - start) * 1000)
        self.frame_cpu_ms.append((time.thread_time() - cpu_start) * 1000)

    def run(
        self, frames: int | None = None, fixed_dt: float | None = None, screenshot: str | None = None
    ) -> None:
        """The render loop: until quit, or for `frames` passes (with a fixed dt: `frames` frames, as
        fast as possible). See `step` for a pass."""
        clock = pygame.time.Clock()
        count = 0
        while self.running and self.stack.top is not None:
            if fixed_dt is not None:
                self.frame(fixed_dt)
            else:
                self.step(clock)
            count += 1
            if frames is not None and count >= frames:
                break
        if screenshot:
            Path(screenshot).parent.mkdir(parents=True, exist_ok=True)
            pygame.image.save(self.display, screenshot)
        self.close()

    def step(self, clock: pygame.time.Clock) -> bool:
        """One pass of the render loop; True if it drew a frame. While something moves (and for a
        moment after any input) it draws at ACTIVE_FPS. Otherwise the table rests: it sleeps until an
        event arrives or something falls due (`due_in`: the top scene's clock or timer, a notice's
        end, a text box's caret), and draws only then; with nothing due it looks up every REST_S
        (`rest_s`) without drawing anything."""
        due = self.due_in()
        if due is None:
            dt = clock.tick(ACTIVE_FPS) / 1000.0
        else:
            self.quiet_frames += 1
            left = self.drawn_at + due - time.perf_counter()  # due counts from the last frame's time
            woke = self.wait_for_input(min(left, self.rest_s))
            if not woke and left > self.rest_s:
                self.rests += 1
                return False
            dt = clock.tick() / 1000.0
        if pygame.event.peek():
            self.last_input = time.perf_counter()
        self.frame(dt)
        return True

    def quiet(self) -> bool:
        """Whether the loop may rest: the top scene (the only one that updates) has nothing moving,
        no input came for INPUT_GRACE seconds, and no mouse button is held (pygame-gui scrolls on
        its own while a scroll arrow is held down; a held key repeats as events)."""
        top = self.stack.top
        if top is None or top.moving or time.perf_counter() - self.last_input < INPUT_GRACE:
            return False
        return not any(pygame.mouse.get_pressed())

    def due_in(self) -> float | None:
        """None while the loop must draw at full rate (see `quiet`); else the seconds, from the last
        frame, until the next one is due by itself (math.inf: not until input)."""
        if not self.quiet():
            return None
        top = self.stack.top
        assert top is not None
        times = [top.due_in(), self.notice_bar.due_in(self.notices), self.caret_due_in()]
        return max(0.0, min((t for t in times if t is not None), default=math.inf))

    def caret_due_in(self) -> float | None:
        """When a focused text box's caret next blinks (pygame-gui counts its blink in frame time)."""
        due = [
            max(e.cursor_blink_delay_after_moving - e.cursor_blink_delay_after_moving_acc, 0.0)
            + max(e.blink_cursor_time - e.blink_cursor_time_acc, 0.0)
            for e in self.gui.get_focus_set() or ()
            if hasattr(e, "blink_cursor_time") and hasattr(e, "cursor_blink_delay_after_moving_acc")
        ]
        return min(due, default=None)

    def wait_for_input(self, seconds: float) -> bool:
        """Sleep up to `seconds`, waking as soon as an event arrives or the top scene has news (a
        LAN message); True if either did. (Not pygame.event.wait: with a timeout it polls every
        millisecond, a few % of a core by itself.)"""
        end = time.perf_counter() + seconds
        top = self.stack.top
        while not pygame.event.peek() and not (top is not None and top.has_news()):
            left = end - time.perf_counter()
            if left <= 0:
                return False
            time.sleep(min(left, POLL))
        return True

    def close(self) -> None:
        """Leave every scene (the table saves its match) and keep the settings."""
        while self.stack.scenes:
            self.stack.pop()
        self.settings.save()

    def frame_summary(self, skip: int = 10) -> str:
        times = self.frame_ms[skip:] or self.frame_ms
        if not times:
            return "frame ms: median 0.0 p99 0.0"
        ordered = sorted(times)
        p99 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]
        return f"frame ms: median {statistics.median(ordered):.1f} p99 {p99:.1f}"


def run_replay(path: str) -> int:
    """Entry for `python main.py replay FILE`: the replay viewer in a window of its own (the file has
    been checked to replay). 2, with a line on stderr, when there is no screen to open it on (or the
    video driver asked for is a headless one): main.py then prints the summary."""
    missing = find_display()
    if missing:
        print(missing, file=sys.stderr)
        return 2
    if pygame.display.get_driver() in HEADLESS_DRIVERS:  # asked for (tests, CI): a window nobody sees
        print("replay: the video driver shows nothing; the summary instead", file=sys.stderr)
        return 2
    saved, problem = Settings.load()
    app = App(RunSettings(saved, {}), problem)
    app.stack.push(app.scene("replay", path))
    app.run()
    return 0


def run_app(args) -> int:
    """Entry for `python main.py` (and the frozen app)."""
    from .table.setup import GameSetup, SeatSpec

    missing = find_display()
    if missing:
        print(missing, file=sys.stderr)
        return 2
    saved, problem = Settings.load()
    flags: dict[str, Any] = {}  # for this run only: never written into the saved settings
    if args.windowed:
        flags["fullscreen"] = False
    if args.fullscreen:
        flags["fullscreen"] = True
    if args.lang:
        flags["language"] = args.lang
    settings = RunSettings(saved, flags, keep=("window_size",) if args.size else ())
    size = tuple(args.size) if args.size else None
    app = App(settings, problem, size)
    if args.demo:
        level = args.level
        options = {}
        from game.rules import PRESETS

        cls = PRESETS[args.rules]
        if args.players > getattr(cls, "max_players", 4):
            options["max_players"] = cls.players_cap
        seats = [SeatSpec("ai", level, "") for _ in range(args.players)]
        setup = GameSetup(args.rules, args.players, options, seats, args.seed if args.seed is not None else 1)
        app.stack.push(app.scene("table", setup, demo=True))
        app.run(frames=args.frames, fixed_dt=1 / 60, screenshot=args.screenshot)
        print(app.frame_summary())
        return 0
    app.stack.push(app.scene("title"))
    if getattr(args, "scenario", None) is not None:  # main.py has read and checked it
        from .table.setup import GameSetup

        app.stack.push(app.scene("table", GameSetup.of_scenario(args.scenario)))
    app.run(frames=args.frames, screenshot=args.screenshot)
    return 0
