"""The desktop app: window, render loop, pygame-gui manager, settings, sounds and the scene stack."""

from __future__ import annotations

import json
import statistics
import time
import warnings
from pathlib import Path

import pygame
import pygame_gui

from . import text
from .resources import resource_path
from .scene import SceneStack
from .settings import Settings
from .sound import Sounds

MIN_SIZE = (800, 600)  # the smallest window the table is laid out for (tests/test_layout.py)


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
        self.notices: list[str] = [problem] if problem else []
        pygame.init()
        pygame.display.set_caption("Dobon Table — ドボン")
        self.size = tuple(size or settings.window_size)  # type: ignore[assignment]
        self.screen = self._set_mode()
        text.setup(settings.language)
        self.gui = pygame_gui.UIManager(
            self.size,
            load_theme(),
            starting_language=settings.language,
            translation_directory_paths=[text.translations_dir()],
        )
        with warnings.catch_warnings():  # pygame-gui warns about fonts the theme already loaded
            warnings.simplefilter("ignore")
            self.gui.preload_fonts(
                [
                    {"name": "notosansjp", "point_size": size, "style": style}
                    for size in (14, 16, 17, 18, 30)
                    for style in ("regular", "bold", "italic")
                ]
            )
        self.sounds = Sounds(settings.volume)
        self.stack = SceneStack()
        self.running = True
        self.frame_ms: list[float] = []

    # ------------------------------------------------------------------ display

    def _set_mode(self) -> pygame.Surface:
        if self.settings.fullscreen:
            return pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        self.size = fit_window(self.size)
        screen = pygame.display.set_mode(self.size, pygame.RESIZABLE)
        with warnings.catch_warnings():  # pygame-ce notes that Window surfaces are the newer way
            warnings.simplefilter("ignore")
            pygame.Window.from_display_module().minimum_size = MIN_SIZE  # the layout's smallest
        return screen

    def apply_display_mode(self) -> None:
        self.screen = self._set_mode()
        self.resized(self.screen.get_size())

    def resized(self, size: tuple[int, int]) -> None:
        self.size = (max(MIN_SIZE[0], size[0]), max(MIN_SIZE[1], size[1]))
        if not self.settings.fullscreen:
            self.settings.window_size = list(self.size)
        self.gui.set_window_resolution(self.size)
        for scene in self.stack.scenes:
            scene.resize()

    def set_language(self, language: str) -> None:
        text.setup(language)
        self.gui.set_locale(language)
        for scene in self.stack.scenes:
            scene.build()

    # ------------------------------------------------------------------ loop

    def frame(self, dt: float) -> None:
        """One frame: events, update, draw. `draw` never changes game state."""
        start = time.perf_counter()
        for event in pygame.event.get():
            if event.type == pygame.QUIT:
                self.running = False
                break
            if event.type == pygame.VIDEORESIZE and not self.settings.fullscreen:
                self.resized(event.size)  # never below MIN_SIZE, whatever the window manager allows
                self.screen = pygame.display.set_mode(self.size, pygame.RESIZABLE)
                continue
            self.gui.process_events(event)
            top = self.stack.top
            if top is not None:
                top.process_event(event)
        dt = min(dt, 0.1)
        self.gui.update(dt)
        if self.stack.top is not None:
            self.stack.top.update(dt)
        for scene in self.stack.visible():
            scene.draw(self.screen)
        self.gui.draw_ui(self.screen)
        pygame.display.flip()
        self.frame_ms.append((time.perf_counter() - start) * 1000)

    def run(
        self, frames: int | None = None, fixed_dt: float | None = None, screenshot: str | None = None
    ) -> None:
        """The render loop: until quit, or for `frames` frames (with a fixed dt: as fast as possible)."""
        clock = pygame.time.Clock()
        count = 0
        while self.running and self.stack.top is not None:
            dt = clock.tick(60) / 1000.0 if fixed_dt is None else fixed_dt
            self.frame(dt)
            count += 1
            if frames is not None and count >= frames:
                break
        if screenshot:
            Path(screenshot).parent.mkdir(parents=True, exist_ok=True)
            pygame.image.save(self.screen, screenshot)
        self.close()

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


def run_app(args) -> int:
    """Entry for `python main.py` (and the frozen app)."""
    from .scenes.table import TableScene
    from .scenes.title import TitleScene
    from .table.setup import GameSetup, SeatSpec

    settings, problem = Settings.load()
    if args.windowed:
        settings.fullscreen = False
    if args.fullscreen:
        settings.fullscreen = True
    if args.lang:
        settings.language = args.lang
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
        app.stack.push(TableScene(app, setup, demo=True))
        app.run(frames=args.frames, fixed_dt=1 / 60, screenshot=args.screenshot)
        print(app.frame_summary())
        return 0
    app.stack.push(TitleScene(app))
    app.run(frames=args.frames, screenshot=args.screenshot)
    return 0
