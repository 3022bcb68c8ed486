"""LAN screens: host a table, join one (found on the LAN or typed in), the lobby, and the message a
player sees when the host disappears."""

from __future__ import annotations

import contextlib
import html
import socket
import time
from concurrent.futures import Future, ThreadPoolExecutor

import msgspec
import pygame
import pygame_gui

from game.plaintext import NAME, clean
from game.registry import DEFAULT_PRESET
from game.rules import PRESETS, make_rules
from game.seats import SEATS
from net import hostsave, tablecode
from net.client import HostClosed
from net.discovery import LOOPBACK, FoundTable, describe, lan_addresses
from net.host import HostConfig, fresh_seed
from net.pace import DEFAULT_TURN_LIMIT_S
from net.protocol import Chat
from net.session import NetSession
from net.ticket import Ticket, clear_ticket, match_log_folder

from ..filetypes import HostChoice, lan_host_setup, last_setup
from ..hint_entry import HintEntry
from ..presets import preset_ui
from ..scene import Scene
from ..settings import setting_value
from ..table.remote import RemoteTable
from ..table.setup import GameSetup, SeatSpec, default_level
from ..text import key, tr
from ..textfit import clip_to_width
from ..theme import label_font, text_width
from .match_notes import seats_note

DEFAULT_PORT = 47000
JOIN_SECONDS = 12.0  # a join attempt that has not got a seat by then is given up
TURN_LIMITS = (0, 15, 30, 60)  # the host's choices of a person's time to act (0: no limit)
AWAY_AI = (1, 5, 15, 30)  # the host's choices of how long a silent seat waits before AI plays it
READY_START_S = 3.0  # a desktop host deals this long after everyone it waits for has said ready
LAN_POLL_S = 0.5  # how often a resting lobby looks at what is not a message (what comes is shown at once)


def _background(surface: pygame.Surface) -> None:
    surface.fill((16, 62, 44))


def _kept(entry: pygame_gui.elements.UITextEntryLine | None, default: str) -> str:
    """What an entry held before the widgets were rebuilt: a rebuild (a menu choice, a failed join)
    must not lose what the player typed."""
    return entry.get_text() if entry is not None else default


ROW_MARGIN = 8  # a label's text short of its rect (pygame-gui warns, and cuts, at the edge)


def seat_row(info, me: int, width: int) -> str:
    """A lobby row, "Seat 2  Bob  player  ✓ ready (you)", in `width` px of the label font: the name
    (up to 16 characters, from another computer) gives way with "…" so the marks always show."""
    kind = tr(f"lan.kind_{info.kind}")
    mark = tr("lan.ready_mark") if info.ready else ""
    if info.waiting:  # a late guest takes this AI seat at the next round
        mark = tr("lan.next_round_mark", name=clean(info.waiting, NAME))
    you = tr("lan.you_mark") if info.seat == me else ""
    name = clean(info.name, NAME) or "—"  # names and chat come from other computers: cleaned
    font = label_font(False)
    rest = f"{kind}  {mark} {you}".strip()
    seat = tr("new.seat", n=info.seat + 1)
    room = width - font.size(f"{seat}    {rest}")[0]
    name = clip_to_width(font, name, max(room, font.size("W…")[0]))
    return clip_to_width(font, f"{seat}  {name}  {rest}", width)


def default_name(settings) -> str:
    """The name others see at a LAN table: the last one typed, else this computer's user name, else
    "Player" (never "You", which reads wrong on everyone else's screen)."""
    if settings.player_name:
        return settings.player_name
    import getpass

    try:
        user = getpass.getuser()
    except (OSError, KeyError, ImportError):
        user = ""
    user = user.strip()[:16]
    if user and user.isprintable() and user not in ("root", "user", "admin"):
        return user[:1].upper() + user[1:]
    return tr("lan.default_name")


def _remember_name(scene: Scene, name: str) -> str:
    """Keep the typed name for next time; returns the name to use."""
    name = name.strip()[:16] or default_name(scene.app.settings)
    if name != scene.app.settings.player_name and name.isprintable():
        scene.app.settings.player_name = name
        scene.app.settings.save()
    return name


def _message_box(scene: Scene, text: str) -> pygame_gui.elements.UITextBox:
    """A message above a screen's bottom buttons, wrapped: a sentence must not be cut off."""
    w, h = scene.app.size
    x = int(w * 0.1)
    return pygame_gui.elements.UITextBox(
        html.escape(text), pygame.Rect(x, h - 170, w - 2 * x, 90), scene.app.gui, container=scene.container
    )


def join_error(exc: BaseException, host: str, port: int) -> str:
    """A join failure as a sentence a player can act on, instead of an errno. The client reports
    every failure as HostGone; what the system said is the exception it was raised from."""
    address = f"{host}:{port}"
    cause: BaseException | None = exc
    while cause is not None:
        if isinstance(cause, socket.gaierror | UnicodeError):
            return tr("lan.join_unknown_host", host=host)
        if isinstance(cause, ConnectionRefusedError):
            return tr("lan.join_refused", address=address)
        if isinstance(cause, TimeoutError):
            return tr("lan.join_timeout", address=address, port=port)
        if isinstance(cause, OSError) and not isinstance(cause, ConnectionError):
            return tr("lan.join_unreachable", address=address)
        cause = cause.__cause__ or cause.__context__
    return tr("lan.join_failed", address=address, reason=describe(exc))


class MessageScene(Scene):
    """A message and a way back to the title (e.g. the host has gone)."""

    def __init__(self, app, text: str):
        super().__init__(app)
        self.text = text

    def widgets(self) -> None:
        w, h = self.app.size
        lines = self.text.split("\n")  # a message may carry standings, one line each
        tall = min(h - 160, 100 + 31 * (len(lines) - 1))
        top = max(20, h // 2 - 90 - (tall - 120) // 2)
        pygame_gui.elements.UITextBox(
            "<br>".join(html.escape(line) for line in lines),
            pygame.Rect(w // 2 - 320, top, 640, tall),
            self.app.gui,
            container=self.container,
        )
        self.back = pygame_gui.elements.UIButton(
            pygame.Rect(w // 2 - 150, top + tall + 20, 300, 46),
            key("lan.to_title"),
            self.app.gui,
            container=self.container,
        )

    def process_event(self, event):
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.back:
            self.app.stack.clear_to(self.app.scene("title"))
            return None
        return event

    @property
    def animating(self) -> bool:
        return False  # a quiet screen: drawn on input or when something falls due (`due_in`)

    def draw(self, surface):
        _background(surface)


def desktop_host(
    preset: str,
    players: int,
    options: dict,
    level: str,
    rounds: int,
    seed: int,
    port: int,
    *,
    people: int = 1,
    turn_limit_s: float = DEFAULT_TURN_LIMIT_S,
    away_ai_s: float = AWAY_AI[0],
    announce: bool = True,
    host_name: str = "",
) -> HostConfig:
    """A table this computer hosts and plays at (seat 0), keeping its match on disk for *Continue
    hosting* after a crash (net.hostsave)."""
    return HostConfig(
        preset,
        players,
        options,
        level,
        rounds,
        seed,
        "0.0.0.0",
        port,
        # once the people waited for are here and all (the host too) say ready, deal after a moment
        lobby_seconds=READY_START_S,
        min_people=people,
        turn_limit_s=turn_limit_s,
        away_ai_s=away_ai_s,
        log_dir=str(match_log_folder()),
        advertise=announce,
        host_name=host_name,  # a table found on the LAN reads as this person's
        rematch=True,  # the match's result offers a rematch at the same table (seats kept)
        keep_history=True,  # the host keeps every finished round; the hosting person takes seat 0
        history_me=0,
        keep_path=str(hostsave.kept_path(desktop=True)),
    )


def continue_hosting(app) -> str | None:
    """Open again the table this computer hosted when the game stopped unexpectedly, going on with its
    match at its address, the hosting person back at their seat; the lobby opens and the table
    follows. Returns why not (a sentence) if it cannot."""
    path = hostsave.kept_path(desktop=True)
    try:
        found = hostsave.load(path)
    except hostsave.Damaged as exc:
        return str(exc)
    if found is None or found[0].me is None:
        return None
    kept = found[0]
    config = desktop_host(
        kept.preset, kept.players, kept.options, kept.ai, kept.rounds, kept.seed, kept.port,
        turn_limit_s=kept.turn_limit_s, host_name=kept.names[kept.me],
    )  # fmt: skip
    session = NetSession(kept.names[kept.me])
    try:
        session.host_table(config, kept.tokens[kept.me]).result(timeout=10)
    except Exception as exc:
        session.close()
        return tr("lan.cannot_host", reason=describe(exc))
    app.stack.push(LobbyScene(app, session, hosting=True))
    return None


WIDE = 1280  # a window at least this wide lists a found table's address beside it
LAN_ROUNDS = 1000  # a desktop table's bound on rounds: the rules' own end (the options) ends the match


class HostScene(Scene):
    """Choose the table's rules and open it on this computer. The rules' options are the ones solo's
    New game offers for the preset; every choice is remembered per preset (settings `lan_host`)."""

    def __init__(self, app):
        super().__init__(app)
        self.saved = lan_host_setup(app.settings.lan_host)
        last = last_setup(app.settings.last_setup)
        preset = self.saved.preset if self.saved.preset in PRESETS else last.preset
        self.error: str | None = None
        self.session: NetSession | None = None
        self.opening: Future | None = None
        self.option_fields: dict[str, object] = {}
        self.choose(preset if preset in PRESETS else DEFAULT_PRESET)

    def choose(self, preset: str) -> None:
        """Show `preset` with the choices last made for it (or the screen's defaults), kept in range."""
        self.preset = preset
        cls = PRESETS[preset]
        kept = self.saved.tables.get(preset, HostChoice())
        self.players = min(max(kept.players or 4, cls.min_players), cls.players_cap)
        self.level = kept.level if kept.level in SEATS else default_level()
        self.people = min(max(kept.people or 1, 1), self.players)  # people the table waits for
        # seconds a person may take to act before AI acts for them once (0: none); on by default, so
        # that one person who stops acting never holds the table
        self.turn_limit = kept.turn_limit if kept.turn_limit in TURN_LIMITS else int(DEFAULT_TURN_LIMIT_S)
        # seconds a seat gone silent is shown away before AI plays it
        self.away_ai = kept.away_ai if kept.away_ai in AWAY_AI else AWAY_AI[0]
        self.announce = kept.announce
        shown = {name for name, _ in preset_ui(cls).new_game_options}
        self.options: dict = {k: v for k, v in kept.options.items() if k in shown}
        self.options.update(cls.seat_options(self.players))  # super: two decks for 9-12

    def choice(self) -> HostChoice:
        """The choices on screen, as the settings keep them."""
        options = {k: v for k, v in self.options.items() if v not in ("", None)}
        return HostChoice(
            self.players, self.people, self.level, self.turn_limit, self.away_ai, self.announce, options
        )

    def remember(self) -> None:
        """Keep this preset's choices (and that it was hosted last) for the next time."""
        self.saved.preset = self.preset
        self.saved.tables = {**self.saved.tables, self.preset: self.choice()}
        with contextlib.suppress(ValueError):  # only what the settings file may hold is kept
            self.app.settings.lan_host = setting_value("lan_host", msgspec.to_builtins(self.saved))
            self.app.settings.save()

    def widgets(self) -> None:
        """The rules on one row; then the table's LAN choices on the left and the rules' options (as
        solo's New game has them) on the right, every row above Back and Open at 800x600."""
        w, h = self.app.size
        gui, c = self.app.gui, self.container
        x = max(24, int(w * 0.06))
        content = min(w - 2 * x, 1400)
        x = (w - content) // 2
        col_w = (content - 24) // 2
        pitch = 44 if h >= 700 else 40
        y = int(h * 0.05)
        pygame_gui.elements.UILabel(
            pygame.Rect(x, y, 600, 48), key("lan.host_title"), gui, container=c, object_id="#heading"
        )
        y += 56
        presets = [(tr(f"preset.{p}"), p) for p in PRESETS]
        names = [tr(k) for k in ("new.players", "lan.people", "lan.ai_level", "lan.turn_limit")]
        names += [tr("lan.away_ai"), tr("lan.your_name"), tr("new.preset")]
        lw = min(max(text_width(t) + 16 for t in names), col_w - 120)
        pygame_gui.elements.UILabel(pygame.Rect(x, y, lw, 36), key("new.preset"), gui, container=c)
        self.preset_menu = pygame_gui.elements.UIDropDownMenu(
            presets,
            next(p for p in presets if p[1] == self.preset),
            pygame.Rect(x + lw, y, min(360, content - lw), 36),
            gui,
            container=c,
        )
        y += pitch
        top = y
        field_w = col_w - lw
        cls = PRESETS[self.preset]

        def row(label: str) -> pygame.Rect:
            nonlocal y
            pygame_gui.elements.UILabel(pygame.Rect(x, y, lw, 36), key(label), gui, container=c)
            rect = pygame.Rect(x + lw, y, field_w, 36)
            y += pitch
            return rect

        self.players_menu = pygame_gui.elements.UIDropDownMenu(
            [str(n) for n in range(cls.min_players, cls.players_cap + 1)],
            str(self.players),
            row("new.players").inflate(-(field_w - 100), 0).move(-(field_w - 100) // 2, 0),
            gui,
            container=c,
        )
        self.people_menu = pygame_gui.elements.UIDropDownMenu(
            [str(n) for n in range(1, self.players + 1)],
            str(self.people),
            row("lan.people").inflate(-(field_w - 100), 0).move(-(field_w - 100) // 2, 0),
            gui,
            container=c,
        )
        levels = [(tr(f"level.{n}"), n) for n in SEATS]
        self.level_menu = pygame_gui.elements.UIDropDownMenu(
            levels, next(lv for lv in levels if lv[1] == self.level), row("lan.ai_level"), gui, container=c
        )
        limits = [(tr("lan.no_limit") if n == 0 else tr("lan.seconds", n=n), str(n)) for n in TURN_LIMITS]
        self.limit_menu = pygame_gui.elements.UIDropDownMenu(
            limits,
            next(lv for lv in limits if lv[1] == str(self.turn_limit)),
            row("lan.turn_limit"),
            gui,
            container=c,
        )
        waits = [(tr("lan.seconds", n=n), str(n)) for n in AWAY_AI]
        self.away_menu = pygame_gui.elements.UIDropDownMenu(
            waits,
            next(lv for lv in waits if lv[1] == str(self.away_ai)),
            row("lan.away_ai"),
            gui,
            container=c,
        )
        name = _kept(getattr(self, "name", None), default_name(self.app.settings))
        self.name = pygame_gui.elements.UITextEntryLine(row("lan.your_name"), gui, container=c)
        self.name.set_text(name)
        self.name.set_text_length_limit(16)
        self.announce_button = pygame_gui.elements.UIButton(
            pygame.Rect(x, y, col_w, 36),
            f"{tr('lan.announce')}: {tr('settings.on' if self.announce else 'settings.off')}",
            gui,
            container=c,
        )
        self._option_widgets(x + col_w + 24, top, col_w, pitch)
        self.back = pygame_gui.elements.UIButton(
            pygame.Rect(x, h - 70, 200, 46), key("new.back"), gui, container=c
        )
        self.open = pygame_gui.elements.UIButton(
            pygame.Rect(x + content - 240, h - 70, 240, 46), key("lan.open"), gui, container=c
        )
        self.error_box = _message_box(self, self.error) if self.error else None

    def _option_widgets(self, x: int, y: int, width: int, pitch: int) -> None:
        """The preset's options as solo's New game offers them: a switch or a named choice is a button
        ("name: value"), a number a box to type in."""
        gui, c = self.app.gui, self.container
        cls = PRESETS[self.preset]
        ui = preset_ui(cls)
        self.option_fields = {}
        note = seats_note(self.preset, self.players, self.app.size)
        if note:  # two decks from nine (super); a window too small for the table
            pygame_gui.elements.UILabel(pygame.Rect(x, y, width, 36), note, gui, container=c)
            y += pitch
        labels = [tr(label) for _, label in ui.new_game_options]
        lw = min(max([0, *(text_width(t) + 16 for t in labels)]), width - 100)
        for name, label in ui.new_game_options:
            choices = ui.option_choices.get(name)
            default = getattr(cls, name, choices[0] if choices else None)
            value = self.options.get(name, default)
            if choices or isinstance(default, bool):
                said = (
                    tr(f"new.choice.{name}.{value}")
                    if choices
                    else tr("settings.on" if value else "settings.off")
                )
                self.option_fields[name] = pygame_gui.elements.UIButton(
                    pygame.Rect(x, y, width, 36), f"{tr(label)}: {said}", gui, container=c
                )
            else:
                pygame_gui.elements.UILabel(pygame.Rect(x, y, lw, 36), tr(label), gui, container=c)
                entry = pygame_gui.elements.UITextEntryLine(pygame.Rect(x + lw, y, 100, 36), gui, container=c)
                entry.set_text(str(value if value is not None else _field_default(cls, name)))
                entry.set_allowed_characters("numbers")
                self.option_fields[name] = entry
            y += pitch

    def _collect(self) -> None:
        """Take what was typed into the option boxes (they are read again when the screen is built)."""
        for name, widget in self.option_fields.items():
            if isinstance(widget, pygame_gui.elements.UITextEntryLine):
                self.options[name] = widget.get_text()

    def process_event(self, event):
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            self._collect()
            if event.ui_element is self.preset_menu:
                self.saved.tables = {**self.saved.tables, self.preset: self.choice()}  # back to it later
                self.choose(event.ui_element.selected_option[1])
            elif event.ui_element is self.players_menu:
                self.players = int(event.text)
                self.people = min(self.people, self.players)
                self.options.update(PRESETS[self.preset].seat_options(self.players))
            elif event.ui_element is self.people_menu:
                self.people = int(event.text)
            elif event.ui_element is self.limit_menu:
                self.turn_limit = int(event.ui_element.selected_option[1])
            elif event.ui_element is self.away_menu:
                self.away_ai = int(event.ui_element.selected_option[1])
            elif event.ui_element is self.level_menu:
                self.level = event.ui_element.selected_option[1]
            self.build()
            return None
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.back:
                self.app.stack.pop()
            elif event.ui_element is self.announce_button:
                self._collect()
                self.announce = not self.announce
                self.build()
            elif event.ui_element is self.open:
                self._collect()
                self.open_table()
            else:
                for name, widget in self.option_fields.items():
                    if event.ui_element is widget:
                        self._collect()
                        self._step(name)
                        self.build()
            return None
        return event

    def _step(self, name: str) -> None:
        """A switch turned over, or a named choice moved on to the next."""
        cls = PRESETS[self.preset]
        choices = preset_ui(cls).option_choices.get(name)
        default = getattr(cls, name, False)
        if choices:
            now = str(self.options.get(name, default))
            self.options[name] = choices[(choices.index(now) + 1) % len(choices) if now in choices else 0]
        else:
            self.options[name] = not bool(self.options.get(name, default))

    def open_table(self, port: int = DEFAULT_PORT) -> None:
        cls = PRESETS[self.preset]
        options = self.choice().options
        if self.players > cls.max_players:  # beyond the preset's usual table: its option allows more
            options["max_players"] = cls.players_cap
        try:
            make_rules(self.preset, self.players, options)
        except ValueError as exc:  # an option typed out of range: said, nothing opened, nothing lost
            self.error = str(exc)
            self.build()
            return
        config = desktop_host(
            self.preset,
            self.players,
            options,
            self.level,
            LAN_ROUNDS,
            fresh_seed(),
            port,
            people=self.people,
            turn_limit_s=float(self.turn_limit),
            away_ai_s=float(self.away_ai),
            announce=self.announce,
            host_name=_remember_name(self, self.name.get_text()),
        )
        self.session = NetSession(config.host_name)
        try:
            self.session.host_table(config).result(timeout=5)
        except Exception as exc:
            self.session.close()
            taken = isinstance(exc, OSError) and not isinstance(exc, TimeoutError)
            if taken and port == DEFAULT_PORT:  # the usual port is taken: any free one will do
                return self.open_table(0)
            self.error = tr("lan.cannot_host", reason=describe(exc))
            self.build()
            return
        self.remember()
        self.app.stack.replace(LobbyScene(self.app, self.session, hosting=True))

    @property
    def animating(self) -> bool:
        return False  # a quiet screen: drawn on input or when something falls due (`due_in`)

    def draw(self, surface):
        _background(surface)


def _field_default(cls, name: str):
    """A preset's option default where the class holds none as an attribute (a dataclass field)."""
    from dataclasses import fields

    return next((f.default for f in fields(cls) if f.name == name), "")


def found_label(table: FoundTable, address: bool = True) -> str:
    """A table found on the LAN as a person reads it: whose it is, its rules by their name, how many
    play and how many seats are free (an older host that says neither name nor seats: its
    announcement's name); its address last, where there is room (`address`)."""
    preset = tr(f"preset.{table.preset}") if table.preset in PRESETS else table.preset  # a newer version's
    if table.free < 0:
        seats = ""
    elif table.free == 0:
        seats = tr("lan.found_full")
    else:
        seats = tr("lan.found_free_later" if table.playing else "lan.found_free", count=table.free)
    return tr(
        "lan.found_table",
        name=tr("lan.found_host", name=table.host_name) if table.host_name else table.name,
        preset=preset,
        count=table.players,
        seats=seats,
        address=f"  ({table.host}:{table.port})" if address else "",
    )


class JoinScene(Scene):
    """Find tables on the LAN, or type an address. Searching and joining run in the background, so the
    screen keeps drawing while a far address takes its time to answer (or not).

    With a `rejoin` ticket (the title's Rejoin: a seat kept from before a restart, net.ticket) it goes
    straight back to that seat with its token."""

    def __init__(self, app, rejoin: Ticket | None = None):
        super().__init__(app)
        self.found: list = []
        self.search: Future | None = None
        self.searched = False  # the last search's outcome is shown
        self.pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="browse")
        self.error: str | None = None
        self.attempt: tuple[NetSession, Future, str, int, float] | None = None  # a join under way
        self.rejoin = rejoin
        self.rejoining = False  # the attempt under way uses the kept token

    def enter(self) -> None:
        super().enter()
        ticket, self.rejoin = self.rejoin, None
        if ticket is not None:
            self.address.set_text(ticket.address)
            if ticket.name:
                self.name.set_text(ticket.name)
            self.join(ticket.host, ticket.port, ticket.token)

    def exit(self) -> None:
        self.pool.shutdown(wait=False, cancel_futures=True)
        if self.attempt is not None:  # left while joining: drop the half-made connection
            self.attempt[0].close()
            self.attempt = None
        super().exit()

    def widgets(self) -> None:
        w, h = self.app.size
        gui, c = self.app.gui, self.container
        x, y, lw = int(w * 0.1), int(h * 0.08), 264  # the Japanese address label is the widest
        pygame_gui.elements.UILabel(
            pygame.Rect(x, y, 600, 48), key("lan.join_title"), gui, container=c, object_id="#heading"
        )
        y += 64
        pygame_gui.elements.UILabel(pygame.Rect(x, y, lw, 36), key("lan.your_name"), gui, container=c)
        name = _kept(getattr(self, "name", None), default_name(self.app.settings))
        self.name = pygame_gui.elements.UITextEntryLine(pygame.Rect(x + lw, y, 240, 36), gui, container=c)
        self.name.set_text(name)
        self.name.set_text_length_limit(16)
        y += 46
        pygame_gui.elements.UILabel(pygame.Rect(x, y, lw, 36), key("lan.address"), gui, container=c)
        # the table joined last, or nothing (this computer's own address would never be the one)
        address = _kept(getattr(self, "address", None), self.app.settings.last_address)
        self.address = HintEntry(  # an example, greyed: the player's own last address is real text
            pygame.Rect(x + lw, y, 240, 36), gui, container=c, placeholder_text=f"192.168.1.20:{DEFAULT_PORT}"
        )
        self.address.set_text(address)
        self.join_button = pygame_gui.elements.UIButton(
            pygame.Rect(x + lw + 250, y, 160, 36), key("lan.join"), gui, container=c
        )
        self.watch_button = pygame_gui.elements.UIButton(  # under Join: it fits beside it at 800x600
            pygame.Rect(x + lw + 250, y + 56, 160, 36), key("lan.watch"), gui, container=c
        )
        y += 56
        self.search_button = pygame_gui.elements.UIButton(
            pygame.Rect(x, y, lw + 240, 36), key("lan.search"), gui, container=c
        )
        y += 46
        self.table_buttons = []
        self.watch_buttons = []
        for i, table in enumerate(self.found[:6]):
            rect = pygame.Rect(x, y + i * 42, w - 2 * x - 120, 36)
            label = found_label(table, address=w >= WIDE)  # a narrow window: the address as a tip
            button = pygame_gui.elements.UIButton(
                rect,
                clip_to_width(label_font(True), label, rect.w - 16),  # too long: "…", whole in the tip
                gui,
                container=c,
                tool_tip_text=html.escape(found_label(table)),
            )
            self.table_buttons.append((button, table))
            watch = pygame_gui.elements.UIButton(  # a found table is watched without typing
                pygame.Rect(rect.right + 10, rect.y, 110, 36), key("lan.watch"), gui, container=c
            )
            self.watch_buttons.append((watch, table))
        if self.search is not None and not self.search.done():
            pygame_gui.elements.UILabel(pygame.Rect(x, y, 400, 36), key("lan.searching"), gui, container=c)
        elif self.searched and not self.found and not self.error:
            pygame_gui.elements.UILabel(pygame.Rect(x, y, 600, 36), key("lan.none_found"), gui, container=c)
        self.back = pygame_gui.elements.UIButton(
            pygame.Rect(x, h - 70, 200, 46), key("new.back"), gui, container=c
        )
        status = self.error
        if self.attempt is not None:
            address = f"{self.attempt[2]}:{self.attempt[3]}"
            status = tr("lan.rejoining" if self.rejoining else "lan.joining", address=address)
        self.error_box = _message_box(self, status) if status else None

    def process_event(self, event):
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.back:
                self.app.stack.pop()
            elif event.ui_element is self.search_button:
                from net.discovery import browse

                self.error = None  # a new attempt: the last one's complaint no longer applies
                self.searched = False
                self.search = self.pool.submit(browse, 2.0)
                self.build()
            elif event.ui_element is self.join_button:
                self.join_address(self.address.get_text())
            elif event.ui_element is self.watch_button:
                self.join_address(self.address.get_text(), watch=True)
            else:
                for button, table in self.table_buttons:
                    if event.ui_element is button:
                        self.join(table.host, table.port)
                for button, table in self.watch_buttons:
                    if event.ui_element is button:
                        self.join(table.host, table.port, watch=True)
            return None
        return event

    def join_address(self, text: str, watch: bool = False) -> None:
        """Join at what was typed: HOST:PORT, HOST (the usual port), or a table code (net.tablecode);
        what was typed is offered again next time."""
        text = text.strip()
        settings = self.app.settings
        if text and text != settings.last_address:
            with contextlib.suppress(ValueError):  # only what the settings file may hold is kept
                settings.last_address = setting_value("last_address", text)
                settings.save()
        if tablecode.looks_like_code(text):
            try:
                host, port = tablecode.decode(text)
            except tablecode.BadCode as exc:
                self.error = tr("lan.bad_code", reason=str(exc))
                self.build()
                return
            self.join(host, port, watch=watch)
            return
        host, sep, port = text.rpartition(":")
        if not sep or "]" in port or (host.count(":") and not host.startswith("[")):  # no port: the usual
            host, port = text, str(DEFAULT_PORT)
        if not host or not port.isdigit() or not 0 < int(port) < 65536:
            self.error = tr("lan.bad_address")
            self.build()
            return
        self.join(host.strip("[]"), int(port), watch=watch)

    def join(self, host: str, port: int, token: str | None = None, watch: bool = False) -> None:
        """Start joining the table at host:port (with a kept seat's token: back to that seat); `update`
        takes the outcome. The seat's token is kept on disk so that a restart can come back to it."""
        if self.attempt is not None:
            return  # one attempt at a time
        self.error = None
        self.rejoining = token is not None
        session = NetSession(_remember_name(self, self.name.get_text()))
        session.keep_seat(host, port)
        session.keep_history = True  # the match's log comes at its end: kept like a game played here
        future = session.join(host, port, token, watch)
        self.attempt = (session, future, host, port, time.monotonic() + JOIN_SECONDS)
        self.build()

    def _joined(self) -> bool:
        """Take a finished join attempt's outcome: True if the lobby replaced this screen."""
        assert self.attempt is not None
        session, future, host, port, deadline = self.attempt
        if not future.done() and time.monotonic() < deadline:
            return False
        self.attempt = None
        try:
            if not future.done():
                raise TimeoutError(f"no seat from {host}:{port} within {JOIN_SECONDS:g} s")
            future.result()
        except Exception as exc:
            future.cancel()
            session.close()
            if self.rejoining and isinstance(exc, HostClosed):
                clear_ticket()  # the host no longer keeps that seat: stop offering it
                self.error = tr("lan.rejoin_refused", reason=describe(exc))
            elif self.rejoining:  # its host is gone (closed, or far away): the title stops offering it
                clear_ticket()
                self.error = f"{join_error(exc, host, port)} {tr('lan.rejoin_forgotten')}"
            else:
                self.error = join_error(exc, host, port)
            self.build()
            return False
        self.app.stack.replace(LobbyScene(self.app, session, hosting=False))
        return True

    def update(self, dt: float) -> None:
        if self.attempt is not None and self._joined():
            return
        if self.search is not None and self.search.done() and not self.searched:
            self.searched = True
            try:
                self.found = self.search.result()
            except Exception as exc:
                self.found = []
                self.error = tr("lan.search_failed", reason=describe(exc))
            self.build()

    @property
    def animating(self) -> bool:
        return False  # a quiet screen: drawn on input or when something falls due (`due_in`)

    def has_news(self) -> bool:
        """A search or a join in the background has finished."""
        found = self.search is not None and self.search.done() and not self.searched
        return found or (self.attempt is not None and self.attempt[1].done())

    def due_in(self) -> float | None:
        """A join that has not got a seat is given up at its deadline."""
        return None if self.attempt is None else max(0.0, self.attempt[4] - time.monotonic())

    def draw(self, surface):
        _background(surface)


CHAT_EVENTS = ("joined", "left", "watching")  # who came or went, said by the host (Chat.event)


def chat_line(message: Chat) -> str:
    """A chat message as the lobby's chat box shows it (HTML): a person's words after their name in
    bold, or, from the host, who came or went in this table's language, in italics."""
    if message.event:
        if message.event not in CHAT_EVENTS:
            return ""  # a newer host's: nothing this table knows how to say
        name = clean(message.text, NAME)  # names and chat come from other computers: cleaned
        return f"<i>{html.escape(tr(f'lan.chat_{message.event}', name=name))}</i>"
    return f"<b>{html.escape(clean(message.sender, NAME))}</b>: {html.escape(clean(message.text))}"


def remote_table_scene(app, remote: RemoteTable):
    """The table for a LAN session whose view has come: its own seat as the person's (a watcher's,
    or a late guest's until its seat is dealt, has none)."""
    view = remote.view
    names = remote.names or [f"{i + 1}" for i in range(view.players)]
    seats = [
        SeatSpec("human" if i == view.seat else "ai", default_level(), names[i]) for i in range(view.players)
    ]
    setup = GameSetup(view.preset, view.players, dict(view.options), seats, 0)
    return app.scene("table", setup, remote=remote)


def follow_rematch(app, table) -> bool:
    """On a LAN match's result: when the host's rematch lobby comes, go to it on the same connection
    (seat and token kept; the finished table hands its session on). True if the lobby took over."""
    remote = table.remote
    remote.receive()
    if not remote.rematch:
        return False
    table.hands_on = True
    remote.session.next_match()
    lobby = LobbyScene(app, remote.session, hosting=remote.session.host is not None)
    lobby.remote.lobby = remote.lobby  # the rematch's first lobby came to the finished table
    app.stack.clear_to(lobby)
    return True


class LobbyScene(Scene):
    """Who sits where, ready marks, a chat line; the host starts the match."""

    def __init__(self, app, session: NetSession, hosting: bool):
        super().__init__(app)
        self.session = session
        self.hosting = hosting
        self.remote = RemoteTable(session)
        self.chat: list[str] = []
        self.ready = False
        self.seats_key = None
        self.addresses = lan_addresses() if hosting else []  # where other computers reach this one
        client = session.client
        self.watching = bool(client is not None and client.watch)

    def share_text(self) -> str:
        """Where others join: this computer's LAN addresses, or loopback (said so) when it has none."""
        host = self.session.host
        assert host is not None
        if not self.addresses:
            return tr("lan.share_local", address=f"{LOOPBACK}:{host.port}")
        return tr("lan.share", address=", ".join(f"{a}:{host.port}" for a in self.addresses))

    def codes(self) -> list[str]:
        """The table code for each of this computer's IPv4 LAN addresses (net.tablecode)."""
        host = self.session.host
        out = []
        for address in self.addresses if host is not None else []:
            with contextlib.suppress(ValueError):
                out.append(tablecode.encode(address, host.port))
        return out

    def widgets(self) -> None:
        w, h = self.app.size
        gui, c = self.app.gui, self.container
        x, y = int(w * 0.08), int(h * 0.06)
        pygame_gui.elements.UILabel(
            pygame.Rect(x, y, 700, 48), key("lan.lobby_title"), gui, container=c, object_id="#heading"
        )
        y += 60
        lobby = self.remote.lobby
        me = self.session.client.seat if self.session.client and self.session.client.welcome else -1
        seats = lobby.seats if lobby else []
        # the seats' column is wider than the chat's: a row says seat, name, kind, ready and "you"
        split = int(w * 0.55)
        col_w = split - x
        # a row per seat; closer for a big table (12 seats) so the rows stay clear of the share box
        # and the buttons below
        pitch = max(26, min(36, (h - 176 - y) // max(len(seats), 1)))
        self.seat_labels = []
        for info in seats:
            text = seat_row(info, me, col_w - ROW_MARGIN)
            self.seat_labels.append(
                pygame_gui.elements.UILabel(pygame.Rect(x, y, col_w, min(34, pitch)), text, gui, container=c)
            )
            y += pitch
        if lobby is not None and lobby.watchers:
            watchers = tr("lan.watchers", names=", ".join(clean(n, NAME) for n in lobby.watchers[:16]))
            watchers = clip_to_width(label_font(False), watchers, col_w - ROW_MARGIN)
            pygame_gui.elements.UILabel(pygame.Rect(x, y, col_w, 34), watchers, gui, container=c)
            y += 36
        waiting = self.waiting_text()
        if waiting:  # wrapped: the late guest's sentence is long in English at 800x600
            tall = 80 if (lobby is not None and lobby.started) or self.watching else 40
            box = pygame_gui.elements.UITextBox(
                html.escape(waiting), pygame.Rect(x, y, col_w, -1), gui, container=c
            )  # as tall as its text ("everyone is ready: the match starts in a moment" is two lines)
            if box.rect.height > 80:
                box.kill()
                box = pygame_gui.elements.UITextBox(
                    html.escape(waiting), pygame.Rect(x, y, col_w, max(tall, 80)), gui, container=c
                )
            self.waiting_box = box
            y += box.rect.height + 2
        self.share = None
        self.shown_error = self.session.host.announce_error if self.session.host else None
        if self.hosting and self.session.host is not None:
            # one box for where to join and, if it failed, why the table is not announced: with eight
            # seats at 800x600 two boxes would run into the buttons below
            lines = [html.escape(self.share_text())]
            codes = self.codes()
            if codes:
                lines.append(html.escape(tr("lan.share_code", code=", ".join(codes))))
            if self.shown_error:
                lines.append(html.escape(tr("lan.not_announced", reason=self.shown_error)))
            room = h - 84 - (y + 10)
            self.share = pygame_gui.elements.UITextBox(
                "<br>".join(lines),
                pygame.Rect(x, y + 10, col_w, max(48, min(48 if len(lines) == 1 else 150, room))),
                gui,
                container=c,
            )
        chat_y = int(h * 0.12)
        pygame_gui.elements.UILabel(
            pygame.Rect(split + 20, chat_y - 36, 200, 34), key("lan.chat"), gui, container=c
        )
        self.chat_box = pygame_gui.elements.UITextBox(
            "<br>".join(self.chat[-12:]) or " ",
            pygame.Rect(split + 20, chat_y, w - x - split - 20, int(h * 0.55)),
            gui,
            container=c,
        )
        self.chat_entry = pygame_gui.elements.UITextEntryLine(
            pygame.Rect(split + 20, chat_y + int(h * 0.55) + 8, w - x - split - 20, 36), gui, container=c
        )
        self.chat_entry.set_text_length_limit(200)
        if lobby is not None:  # everyone sees the time to act before the deal (under the chat: the
            # left column is the seats', twelve of them at 800x600)
            limit = lobby.turn_limit_s
            value = tr("lan.seconds", n=f"{limit:g}") if limit > 0 else tr("lan.no_limit")
            label = f"{tr('lan.turn_limit')}: {value}"
            at = pygame.Rect(split + 20, chat_y + int(h * 0.55) + 52, w - x - split - 20, 34)
            pygame_gui.elements.UILabel(at, label, gui, container=c)
        self.leave = pygame_gui.elements.UIButton(
            pygame.Rect(x, h - 70, 200, 46), key("lan.leave"), gui, container=c
        )
        self.status = None
        if self.remote.reconnecting is not None:
            self.status = pygame_gui.elements.UILabel(
                pygame.Rect(x, h - 116, w - 2 * x, 36), self.remote.reconnecting_text(), gui, container=c
            )
        label = "lan.not_ready" if self.ready else "lan.ready"
        self.ready_button = pygame_gui.elements.UIButton(
            pygame.Rect(w // 2 - 110, h - 70, 220, 46), key(label), gui, container=c
        )
        if (lobby is not None and lobby.started) or self.watching:
            self.ready_button.hide()  # a late guest is seated at the next round, ready or not; a watcher never
        self.start = None
        if self.hosting:
            self.start = pygame_gui.elements.UIButton(
                pygame.Rect(w - x - 220, h - 70, 220, 46), key("lan.start"), gui, container=c
            )

    def quit(self) -> None:
        """Leave the lobby (a host's table closes with it) for the title."""
        self.session.forget_seat()  # left on purpose: nothing to come back to
        self.session.close()
        self.app.stack.clear_to(self.app.scene("title"))

    def waiting_text(self) -> str:
        """What the table waits for: the match under way (a late guest's seat comes at the next
        round), or people the host expects who have not come yet."""
        lobby = self.remote.lobby
        if lobby is None:
            return ""
        if self.watching:
            return tr("lan.watching")
        if lobby.started:
            return tr("lan.late_wait")
        people = [s for s in lobby.seats if s.kind == "person"]
        missing = lobby.expected - len(people)
        if missing > 0:
            return tr("lan.waiting_people", count=missing)
        unready = [s.name for s in people if not s.ready]
        if unready:
            return tr("lan.waiting_ready", names=", ".join(unready))
        return tr("lan.all_ready")

    def start_pressed(self) -> None:
        """The host's Start: at once if every person has said ready, else after asking (whoever is
        not ready is named); the host's own seat says ready by pressing it."""
        lobby = self.remote.lobby
        me = self.session.client.seat if self.session.client and self.session.client.welcome else -1
        unready = (
            [s.name for s in lobby.seats if s.kind == "person" and not s.ready and s.seat != me]
            if lobby
            else []
        )

        def start() -> None:
            self.session.start_now()

        if not unready:
            start()
            return
        question = tr("lan.start_unready", names=", ".join(unready))
        self.app.stack.push(self.app.scene("confirm", question, "lan.start", "lan.stay", start))

    def process_event(self, event):
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.leave:
                if self.hosting:  # the table closes for everyone in it: ask first
                    question = tr("lan.close_question")
                    self.app.stack.push(
                        self.app.scene("confirm", question, "lan.close_table", "lan.stay", self.quit)
                    )
                else:
                    self.quit()
            elif event.ui_element is self.ready_button:
                self.ready = not self.ready
                self.session.send_ready(self.ready)
                self.build()
            elif self.start is not None and event.ui_element is self.start:
                self.start_pressed()
            return None
        if event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and event.ui_element is self.chat_entry:
            text = self.chat_entry.get_text().strip()
            if text:
                self.session.send_chat(text)
                self.chat_entry.set_text("")
            return None
        return event

    def update(self, dt: float) -> None:
        remote = self.remote
        before = (len(self.chat), remote.lobby, remote.reconnecting)
        # chat lines are not events: take them before the table's poll sees the inbox
        pending = self.session.poll()
        keep = []
        for message in pending:
            if isinstance(message, Chat):
                line = chat_line(message)
                if line:
                    self.chat.append(line)
            else:
                keep.append(message)
        for message in keep:
            self.session.inbox.put(message)
        remote.receive()
        remote.notices.clear()  # the lobby shows the state itself (the reconnecting line)
        if remote.gone is not None:
            self.app.stack.replace(MessageScene(self.app, remote.gone))
            return
        if remote.started:  # the match has started
            self.start_table()
            return
        host = self.session.host
        now = (len(self.chat), remote.lobby, remote.reconnecting)
        if now != before or (host and host.announce_error != self.shown_error):
            self.build()

    def start_table(self) -> None:
        self.app.stack.replace(remote_table_scene(self.app, self.remote))

    @property
    def animating(self) -> bool:
        return False  # a quiet screen: drawn on input or when something falls due (`due_in`)

    def has_news(self) -> bool:
        return not self.session.inbox.empty()  # a seat taken, a chat line, the start: shown at once

    def due_in(self) -> float | None:
        return LAN_POLL_S  # what the host keeps to itself (its announcement's trouble) is looked at

    def draw(self, surface):
        _background(surface)
