"""Simulation cores: the engine's games on flat integer state, for search and training.

The rich engine (`game.engine.Game`) serves the table, the LAN host and the logs: events, views,
refusals that name their rule. A search or a self-play run asks the same few questions millions of
times and reads none of that; a core answers them on small ints (cards as ids, hands as bitmasks,
actions as codes) and plays exactly the engine's games: the same seed deals the same round, a seat is
offered the same actions in the same order, the same choices end in the same scores
(tests/test_sim_app.py plays thousands of rounds through both). See docs/sim.md.

Cores so far: `app` (game.sim.app.AppSim), `standard` (game.sim.standard.StandardSim), `super` with one
deck (game.sim.super.SuperSim), `jda` (game.sim.jda.JdaSim), `kabu` (game.sim.kabu.KabuSim).
"""

from __future__ import annotations

from .app import AppSim
from .drive import play_random, random_seats
from .jda import JdaSim
from .kabu import KabuSim
from .standard import StandardSim
from .super import SuperSim

# by preset; each has `for_rules(rules, seed)`, a fresh match as `Game(rules, seed)` deals it
CORES = {"app": AppSim, "standard": StandardSim, "super": SuperSim, "jda": JdaSim, "kabu": KabuSim}

__all__ = ["CORES", "AppSim", "JdaSim", "KabuSim", "StandardSim", "SuperSim", "play_random", "random_seats"]
