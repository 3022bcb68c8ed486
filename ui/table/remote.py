"""The table as a LAN client: a stand-in for the local game, built from what the host sends.

The board draws from a `Game`. At a LAN table this computer has no real game, only its seat's view,
so after every update it rebuilds a mirror: a game made from the view with the cards it cannot see
filled in at random (game.seats.determinize). The board shows only what the view holds (its own hand
face up, the others' hands as backs with their counts, the public piles), and the events it animates
come from the host, so the made-up cards are never drawn. Legal actions come from the view.
"""

from __future__ import annotations

import random

from game.actions import Action
from game.engine import Game
from game.events import Event, RoundEnded, event_from_json
from game.seats.determinize import determinize
from game.view import SeatView
from net.client import HostGone
from net.protocol import Error, Finished, Lobby, Refused, Update
from net.session import NetSession


class RemoteTable:
    def __init__(self, session: NetSession):
        self.session = session
        self.view: SeatView | None = None
        self.game: Game | None = None
        self.names: list[str] = []
        self.finished: Finished | None = None
        self.lobby: Lobby | None = None
        self.events: list[Event] = []  # everything this seat was shown, for the match chart
        self.notices: list[str] = []  # refusals and errors, for the table to show
        self.gone: str | None = None
        self.seq = 0  # the update the table is showing: actions are stamped with it
        self.rng = random.Random(0)

    def poll(self) -> list[Event]:
        """New events from the host (the mirror game is updated to match)."""
        out: list[Event] = []
        for message in self.session.poll():
            if isinstance(message, Update):
                try:
                    view = SeatView.from_json(message.view)
                    mirror = determinize(view, self.rng)
                    events = [event_from_json(e, mirror.deck) for e in message.events]
                except (KeyError, TypeError, ValueError, IndexError) as exc:
                    self.gone = f"the host sent something this table cannot show ({exc})"
                    continue
                mirror.quiet = False
                self.seq = message.seq
                for e in events:
                    if isinstance(e, RoundEnded):
                        mirror.result = e.result
                        mirror.hands = [list(h) for h in e.hands]  # every hand is shown at a round's end
                self.view, self.game = view, mirror
                self.names = message.names or self.names
                self.events.extend(events)
                out.extend(events)
            elif isinstance(message, Refused):
                self.notices.append(message.reason)
            elif isinstance(message, Error):
                self.notices.append(message.message)
            elif isinstance(message, Finished):
                self.finished = message
            elif isinstance(message, Lobby):
                self.lobby = message
            elif isinstance(message, HostGone):
                self.gone = str(message)
        return out

    @property
    def legal(self) -> list[Action]:
        return list(self.view.legal) if self.view is not None else []

    def submit(self, action: Action) -> str | None:
        """Send a person's action; the reason it is not legal (nothing is sent) otherwise."""
        if action not in self.legal:
            game = self.game
            return (game.refusal(action) if game is not None else None) or "not now"
        self.session.send_action(action, self.seq)
        return None
