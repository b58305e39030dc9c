"""Monkey Fun (2-4 players and a solo variant): card sums place monkeys on a 6x6 board.

``nb`` is imported first: it defines the rule helpers the bots import, then imports the bots'
``decide`` for its game loop.
"""

from simlab.games.monkey import nb  # noqa: F401
