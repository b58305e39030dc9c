"""Strategy analysis: bot tuning (best response), the meta-game of a tournament, auto-balance of
a rule parameter, and skill ladders. Each works for every game through its ``weights`` and
``lookahead`` bots and its rule parameters."""
