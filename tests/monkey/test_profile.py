"""simlab/games/monkey/profile.py: the rows ``simlab bench --profile`` prints for Monkey Fun."""

import math

from simlab.games.monkey.profile import profile


def test_profile_rows_are_well_formed():
    said = []
    rows = profile(quick=True, say=said.append)
    assert said
    measures = [r["measure"] for r in rows]
    assert len(measures) == len(set(measures))
    for r in rows:
        assert set(r) == {"game", "measure", "value", "unit"}
        assert r["game"] == "monkey"
        assert isinstance(r["value"], float) and math.isfinite(r["value"]) and r["value"] >= 0
    by = {r["measure"]: r["value"] for r in rows}
    assert by["games/s, 4p greedy"] > 0 and by["games/s, 4p first (rules alone)"] > 0
    assert by["turns per game, 4p first"] >= by["turns per game, 4p greedy"]
    # every decision weighs at least one play, and a field per play at most
    plays = by["legal plays per decision, 4p greedy"]
    fields = by["distinct fields per decision (evaluated once each), 4p greedy"]
    assert 1 <= fields <= plays <= 15
