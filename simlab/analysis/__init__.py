"""Strategy analysis: bot tuning (best response), auto-balance of a rule parameter, skill ladders,
robustness checks and rules diffs (the meta-game of a tournament is part of every tournament
report: :mod:`simlab.report.metagame`). Each works for every game through its ``weights`` and
``lookahead`` bots and its rule parameters."""
