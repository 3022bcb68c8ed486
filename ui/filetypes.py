"""The shapes of the app's own files in the user's folders, and how large each may be.

`settings.json` and the saved match `match.json` are read through game.safejson (size, depth, text
and counts bounded, numbers finite) and then converted to the types here, whose constraints say what
each field may hold (msgspec checks them in C, naming the field on failure: `$.setup.players`).
Whatever passes is small and in range before any screen or the engine sees it; what a type cannot
say (a preset's own options, card codes) is checked by the game when the table is built or replayed.

The limits fit what the game writes with room to spare: settings are a few hundred bytes; a saved
match (one match: the save is dropped when it ends) grows by about 46 bytes an action, 3,300 actions
for 30 rounds (150 KB), so 30,000 actions (some 280 rounds) is more than any match a person plays.
Replaying them at launch is the one cost that grows with the file (bench/app_files.py measures it).
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

import msgspec
from msgspec import Meta

from game.plaintext import clean
from game.registry import DEFAULT_PRESET
from game.safejson import Limits

SETTINGS_LIMITS = Limits(max_bytes=64 * 1024, max_depth=8, max_string=256, max_items=64, max_values=4_096)
MAX_ACTIONS = 30_000
MATCH_LIMITS = Limits(
    max_bytes=4 * 1024 * 1024, max_depth=16, max_string=2_000, max_items=MAX_ACTIONS, max_values=1_000_000
)

MAX_SEATS = 16  # more than any preset seats; the rules refuse a count they cannot play
NAME_CHARS = 16  # as many as the name fields take

PLAIN = "^[^\x00-\x1f\x7f-\x9f]*$"  # no control characters: text a widget or font may draw
Key = Annotated[str, Meta(max_length=64, pattern=PLAIN)]
Word = Annotated[str, Meta(max_length=32, pattern=PLAIN)]
Count = Annotated[int, Meta(ge=1, le=MAX_SEATS)]
# an option's value as the new-game screen keeps it: a switch, a number, a named choice or typed text
Option = (
    bool | Annotated[int, Meta(ge=-1_000_000, le=1_000_000)] | Annotated[float, Meta(ge=-1e6, le=1e6)] | Word
)
Options = Annotated[dict[Key, Option], Meta(max_length=64)]


class SeatChoice(msgspec.Struct, omit_defaults=True):
    """One seat of a remembered or saved table: a person or an AI level, and the name shown."""

    kind: Literal["human", "ai"] = "ai"
    level: Word = "basic"
    name: Annotated[str, Meta(max_length=256)] = ""

    def __post_init__(self) -> None:
        self.name = clean(self.name, NAME_CHARS).strip()  # no control characters, as long as the field


Seats = Annotated[list[SeatChoice], Meta(max_length=MAX_SEATS)]


class LastSetup(msgspec.Struct, omit_defaults=True):
    """The new-game screen's last choices (settings.json `last_setup`)."""

    preset: Word = DEFAULT_PRESET
    players: Count = 4
    options: Options = {}
    seats: Seats = []


def last_setup(value: Any) -> LastSetup:
    """The remembered choices in `value` (a settings field, or what code put there), or the defaults
    where they make no sense: a screen that reads them never meets a value out of range."""
    try:
        return msgspec.convert(value, LastSetup)
    except (msgspec.ValidationError, TypeError, ValueError, OverflowError):
        return LastSetup()


class HostChoice(msgspec.Struct, omit_defaults=True):
    """The Host screen's last choices for one preset (None: the screen's own default)."""

    players: Count | None = None
    people: Count | None = None
    level: Word | None = None
    turn_limit: Annotated[int, Meta(ge=0, le=3600)] | None = None
    away_ai: Annotated[int, Meta(ge=0, le=600)] | None = None
    announce: bool = True
    options: Options = {}


class LanHostSetup(msgspec.Struct, omit_defaults=True):
    """The Host screen's last choices (settings.json `lan_host`): the preset hosted last, and each
    preset's own table as it was last opened, so that going back to a preset finds its options."""

    preset: Word = ""
    tables: Annotated[dict[Word, HostChoice], Meta(max_length=32)] = {}


def lan_host_setup(value: Any) -> LanHostSetup:
    """The remembered Host screen in `value`, or nothing remembered where it makes no sense."""
    try:
        return msgspec.convert(value, LanHostSetup)
    except (msgspec.ValidationError, TypeError, ValueError, OverflowError):
        return LanHostSetup()


class SetupRecord(msgspec.Struct):
    """A saved match's table (ui.table.setup.GameSetup.to_json)."""

    preset: Word
    players: Count
    seed: Annotated[int, Meta(ge=-(2**63), le=2**63 - 1)]
    seats: Seats = []
    options: Options = {}
    scenario: dict[Key, Any] | None = None  # checked by game.scenario when the table is rebuilt
    started: Word | None = None


class ActionRecord(msgspec.Struct):
    """One action of a saved match (game.actions.Action.to_json); the game checks that it is legal."""

    seat: Annotated[int, Meta(ge=-1, le=MAX_SEATS)]
    act: Annotated[str, Meta(max_length=16)]
    cards: Annotated[list[Annotated[str, Meta(max_length=8)]], Meta(max_length=120)] = []
    suit: Annotated[str, Meta(max_length=2)] | None = None
    amount: Annotated[int, Meta(ge=-1_000_000, le=1_000_000)] = 0
    flag: bool = False


class MatchFile(msgspec.Struct):
    """An interrupted match (ui.table.setup.save_data). A damaged clock loses nothing else: it is
    read as 0 by saved_match_elapsed, so it stays untyped here."""

    dobon_save: Literal[1]
    setup: SetupRecord
    actions: Annotated[list[ActionRecord], Meta(max_length=MAX_ACTIONS)]
    match_elapsed_ms: Any = 0
