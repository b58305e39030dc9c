"""Jungle Rumble (2-4 players): kittens work, sleep and eat; fields, irrigation, gold, merchants.

Imports point down: the rule helpers (``family``, ``board``) <- the bots (``greedy``, ``bots``) <- a
turn (``turn``) <- the ``lookahead`` bot <- the kernel (``nb``).
"""

from simlab.games.jungle import nb  # noqa: F401
