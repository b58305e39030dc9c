"""Jungle Rumble (2-4 players): kittens work, sleep and eat; fields, irrigation, gold, merchants.

``nb`` is imported first: it defines the rules the bots import, then (at its end) imports the bots'
``decide_*`` functions for its game loop.
"""

from simlab.games.jungle import nb  # noqa: F401
