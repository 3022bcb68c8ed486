"""How long a LAN table waits for one person, in one place (the host, its command line and its screen).

A table of several people must never wait without limit for one of them. A person who stays connected
but stops acting has a time to act (on by default; the host may change it or turn it off): when it
runs out AI acts for them once, and after `IDLE_TIMEOUTS` in a row AI plays their seat, shown away,
until they act again. A seat whose connection goes silent (a pulled cable, a closed lid) is shown away
after `AWAY_S` and played by AI `AWAY_AI_S` later, so its turn costs the others a few seconds, not
the whole time to act.
"""

DEFAULT_TURN_LIMIT_S = 15.0  # a person's time to act, by default
IDLE_TIMEOUTS = 2  # times in a row a person's time may run out before AI plays their seat for them
AWAY_S = 3.0  # silence after which a connected seat is shown away
AWAY_AI_S = 1.0  # ... and after which, away this long, AI plays it until it is heard again
# a host started again after a crash waits this long at most for its people to come back with their
# tokens (they try again every few seconds) before its match goes on with AI in their seats
RESUME_GRACE_S = 10.0
