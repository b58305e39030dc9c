"""Jungle Rumble (2-4 players): kittens work, sleep and eat; fields, irrigation, gold, merchants.

``nb`` is imported first: it defines the rule helpers the bots import, then imports the bots'
``decide_*`` functions for its game loop.
"""

from simlab.games.jungle import nb  # noqa: F401
