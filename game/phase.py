"""The phases of a round, shared by the engine core and the rulebooks."""

from enum import Enum


class Phase(Enum):
    OPENING = "opening"  # before the first turn: the preset's opening actions (e.g. an auction)
    TURN = "turn"  # the turn player may act (a non-freezing window may be open at the same time)
    REACTION = "reaction"  # a window freezes turn actions; only its pending seats act
    ROUND_OVER = "round-over"  # scored; the referee deals the next round
    MATCH_OVER = "match-over"  # the match ended; the referee may start a new one
