"""Monkey Fun (2-4 players and a solo variant): card sums place monkeys on a 6x6 board.

Modules, each importing only those above it: ``rules`` (rules and component data), ``state``
(array layouts), ``engine`` (rule mechanics), ``policies`` (the bots' one-step policies),
``search`` (the searching bots), ``bots`` (bot table and decisions), ``nb`` (the kernel), then
``game`` (the public game module), ``reference`` (the readable engine), ``plots``, ``odds``.
"""

from simlab.games.monkey import nb  # noqa: F401
