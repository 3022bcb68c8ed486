"""The title screen: continue a saved match, solo game, LAN, history and statistics, rules, settings, quit."""

from __future__ import annotations

import functools
import math

import pygame
import pygame_gui

from game.cards import Card, deck
from net import hostsave
from net.ticket import read_ticket

from ..card_art import CardArt
from ..scene import Scene
from ..settings import load_match, set_aside_match
from ..table.setup import Resumable, restore, saved_match_elapsed
from ..text import key, tr
from ..textfit import render
from ..theme import GOLD, RED

SWAY_S = 6.0  # the fan sways this long after the title shows, then rests (nothing redrawn)
SWAY_FADE_S = 1.5  # ... its swing dying away over the last of it


class TitleScene(Scene):
    notices_at_top = False  # under the column of buttons, clear of the logo

    def __init__(self, app):
        super().__init__(app)
        self.time = 0.0
        self.saved: Resumable | None = None
        self.art: CardArt | None = None
        self.ticket = None  # a LAN seat kept from before a restart, read on entering
        self.hosted = False  # a LAN match this computer hosted is kept (the game stopped unexpectedly)

    def enter(self) -> None:
        # read the save only now: a table leaving for the title writes it after this scene is made
        self.app.notice_bar.dismiss()  # a notice about the screen left behind
        self.saved = load_saved(self.app)
        self.ticket, problem = read_ticket()  # a LAN seat kept from before a restart (net.ticket)
        if problem:
            self.app.notices.append(problem)
        self.hosted = hostsave.kept_path(desktop=True).exists()  # a LAN table this computer hosted
        super().enter()
        self._sway()

    def resume(self) -> None:
        self._sway()

    def _sway(self) -> None:
        """Let the fan sway a while, unless the player asked for reduced motion."""
        if not self.app.settings.reduced_motion:
            self.animate_for(SWAY_S)

    def widgets(self) -> None:
        w, h = self.app.size
        rejoin = ["rejoin"] if self.ticket else []
        rejoin += ["continue_hosting"] if self.hosted else []
        names = (["continue"] if self.saved else []) + rejoin + ["solo", "learn", "host", "join", "history"]
        names += ["rules"]
        names += ["settings", "quit"]
        y = int(h * 0.42)
        gap = max(6, int(h * 0.012))
        # as tall as looks right, but the whole column always ends above the window's edge
        bh = min(max(36, int(h * 0.058)), (h - y - 16) // len(names) - gap)
        bw = max(260, int(w * 0.22))
        x = (w - bw) // 2
        self.items: dict[str, pygame_gui.elements.UIButton] = {}
        for i, name in enumerate(names):
            # History and its Statistics share a row (half as wide each), so the column stays as short
            row = [("history", x, (bw - gap) // 2), ("stats", x + (bw + gap) // 2, bw - (bw + gap) // 2)]
            for item, left, width in row if name == "history" else [(name, x, bw)]:
                self.items[item] = pygame_gui.elements.UIButton(
                    pygame.Rect(left, y + i * (bh + gap), width, bh),
                    key(f"title.{item}") if item != "learn" else key(self.learn_label()),
                    self.app.gui,
                    container=self.container,
                )

    def learn_label(self) -> str:
        """Learn to play, or Resume the lesson where one was left off (its step is kept)."""
        from ..learn import progress

        return "learn.title_resume" if progress.path().exists() else "learn.title_button"

    def process_event(self, event):
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            self.app.sounds.play("click")
            el = event.ui_element
            if el is self.items.get("learn"):
                self.app.stack.push(self.app.scene("learn"))
            elif el is self.items.get("continue"):
                self.resume_saved()
            elif el is self.items.get("continue_hosting"):
                problem = self.app.act("continue_hosting")
                if problem:
                    self.app.notices.append(problem)
                    self.hosted = hostsave.kept_path(desktop=True).exists()
                    self.build()
            elif el is self.items.get("rejoin"):
                self.app.stack.push(self.app.scene("join", rejoin=self.ticket))
            elif el is self.items["solo"]:
                self.app.stack.push(self.app.scene("new_game"))
            elif el is self.items["host"]:
                self.app.stack.push(self.app.scene("host"))
            elif el is self.items["join"]:
                self.app.stack.push(self.app.scene("join"))
            elif el is self.items["history"]:
                self.app.stack.push(self.app.scene("history"))
            elif el is self.items["stats"]:
                self.app.stack.push(self.app.scene("stats"))
            elif el is self.items["rules"]:
                self.app.stack.push(self.app.scene("rules"))
            elif el is self.items["settings"]:
                self.app.stack.push(self.app.scene("settings"))
            elif el is self.items["quit"]:
                pygame.event.post(pygame.event.Event(pygame.QUIT))
            return None
        return event

    def resume_saved(self) -> None:
        if self.saved is None:
            return
        setup, game, elapsed = self.saved
        self.saved = None
        self.app.stack.replace(self.app.scene("table", setup, game, match_elapsed_ms=elapsed))

    def update(self, dt: float) -> None:
        self.time += dt

    @property
    def notice(self) -> str | None:
        """The notice shown over the title (the app's notice bar shows it over any screen)."""
        return self.app.notice_bar.text

    @property
    def animating(self) -> bool:
        return False  # the fan sways for a while (`animate_for`), then the title rests

    def draw(self, surface: pygame.Surface) -> None:
        """The felt, the swaying fan and the logo. Everything but the fan is drawn once per
        window size and language and kept (see the cached helpers below); the fan costs five small
        rotations a frame."""
        w, h = surface.get_size()
        surface.blit(_backdrop(w, h), (0, 0))
        if self.art is None or self.art.size[1] != int(h * 0.2):
            self.art = CardArt(int(h * 0.2))
        for i, card in enumerate(_fan()):
            sway = 0.0 if self.app.settings.reduced_motion else min(1.0, self.moving_left / SWAY_FADE_S)
            angle = (i - 2) * 12 + math.sin(self.time * 1.2 + i) * 2 * sway
            surf = pygame.transform.rotozoom(self.art.face(card), -angle, 1.0)
            cx = w // 2 + (i - 2) * int(h * 0.07)
            cy = int(h * 0.19) + abs(i - 2) * int(h * 0.012)
            surface.blit(surf, surf.get_rect(center=(cx, cy)))
        logo = _text("ドボン!", int(h * 0.1), True, RED)
        at = logo.get_rect(center=(w // 2, int(h * 0.35)))
        surface.blit(_text("ドボン!", int(h * 0.1), True, (0, 0, 0)), at.move(4, 4))  # its shadow
        surface.blit(logo, at)
        sub = _text(tr("title.subtitle"), int(h * 0.032), True, GOLD)
        surface.blit(sub, sub.get_rect(center=(w // 2, int(h * 0.05))))


def load_saved(app) -> Resumable | None:
    """The saved match, replayed and ready to resume, with how long its match clock had run; a save
    that cannot be read or does not replay is set aside with a notice, so Continue is offered only for
    a match that will open."""
    data, problem = load_match()
    if problem:
        app.notices.append(problem)
    if data is None:
        return None
    try:
        return Resumable(*restore(data), saved_match_elapsed(data))
    except ValueError as exc:
        app.notices.append(set_aside_match(str(exc)))
        return None


def _font(bold: bool) -> str:
    from ..card_art import font_path

    return font_path(bold)


# The title's still parts, made once per window size (and text) instead of every frame: loading a
# font and rendering with it each frame was most of what an idle title cost.


@functools.lru_cache(maxsize=8)
def _font_at(bold: bool, size: int) -> pygame.font.Font:
    return pygame.font.Font(_font(bold), size)


@functools.lru_cache(maxsize=16)
def _text(text: str, size: int, bold: bool, colour: tuple[int, int, int]) -> pygame.Surface:
    return render(_font_at(bold, size), text, colour)


@functools.lru_cache(maxsize=2)
def _backdrop(w: int, h: int) -> pygame.Surface:
    """The felt with its rings."""
    surface = pygame.Surface((w, h)).convert() if pygame.display.get_surface() else pygame.Surface((w, h))
    surface.fill((16, 70, 48))
    for i in range(12):
        r = int(h * (0.2 + i * 0.07))
        pygame.draw.circle(surface, (18 + i, 76 + i, 52 + i // 2), (w // 2, int(h * 0.2)), r, 2)
    return surface


@functools.lru_cache(maxsize=1)
def _fan() -> list[Card]:
    cards = deck("52")
    return [cards.card(c) for c in ("AS", "8H", "KD", "2C", "10S")]
