"""``simlab robustness``: a planted bot-dependent finding (the saboteur's edge over a weak
field, gone against an all-greedy one), a planted reading-dependent one (a reading that gives
the last seat four more jelly) and a robust one (random loses everywhere) are marked so; every
kind of question (single point, compare, sweep, tournament, balance) is answered; the verdict
rules on hand-built cells; bad input is a clear error with exit code 2."""

from __future__ import annotations

import json

import numpy as np
import pytest

from simlab.analysis import robustness as rb
from simlab.analysis import robustness_findings as rf
from simlab.analysis.robustness import robustness, robustness_report
from simlab.core.readings import Reading
from simlab.errors import SimlabError
from simlab.games.registry import get_game

from ..test_cli import assert_usage_error, run

MIXED = {"name": "mixed", "game": "jelly", "players": 4, "seed": 5, "games": 1000,
         "bots": ["greedy", "random", "spread", "saboteur"], "rotate_seats": True}
PLANTED = Reading("seat_starting_jelly", "planted for the test", "", ("2,2,2,6",),
                  "a reading made to favour the last seat")


@pytest.fixture
def planted_reading(monkeypatch):
    g = get_game("jelly")
    monkeypatch.setattr(type(g), "readings", lambda self: [PLANTED])


def _verdicts(res):
    return {f.key: res.verdict(f) for f in res.findings}


def test_planted_bot_and_reading_dependent_findings_and_a_robust_one(planted_reading, tmp_path):
    res = robustness(MIXED, games=500, populations=["lineup", "greedy", "noise"],
                     progress=False, out_dir=tmp_path, lineup=False, data_alternatives=0)
    assert [c.key for c in res.contexts] == ["lineup", "greedy", "noise",
                                             "reading:seat_starting_jelly=2,2,2,6"]
    v = _verdicts(res)
    # spread beats a weak mixed field but loses to three greedy bots: bot-dependent
    assert v["bot:spread"][0] == "bot-dependent", v["bot:spread"]
    assert "flips with spread vs all greedy" in v["bot:spread"][1]
    spr = res.cells["bot:spread"]
    assert spr["lineup"].state == 1 and spr["greedy"].state == -1
    # random loses everywhere: robust
    assert v["bot:random"][0] == "robust"
    # seat 4 has no edge with the catalogue's readings, a large one under the planted reading
    seat4 = res.cells["seat4"]
    assert seat4["lineup"].state == 0
    assert seat4["reading:seat_starting_jelly=2,2,2,6"].state == 1
    change, lo, hi = seat4["reading:seat_starting_jelly=2,2,2,6"].change   # paired, same games
    assert lo > 0 and abs(change - (seat4["reading:seat_starting_jelly=2,2,2,6"].value -
                                    seat4["lineup"].value)) < 1e-9
    assert seat4["lineup"].change is None
    assert "reading-dependent" in v["seat4"][0]
    assert "shows an effect with seat_starting_jelly = 2,2,2,6" in v["seat4"][1]
    # a bot's finding in a population of itself does not apply
    assert res.cells["bot:greedy"]["greedy"].na
    # the report: page, figures, numbers
    path = robustness_report(res, tmp_path / "r.html")
    html = path.read_text()
    assert "bot-dependent" in html and "robust" in html
    assert (tmp_path / "r-robustness-grid.png").stat().st_size > 10_000
    data = json.loads((tmp_path / "r.json").read_text())
    assert {f["key"]: f["verdict"] for f in data["findings"]}["bot:random"] == "robust"


def test_same_games_in_every_context_and_reproducible(planted_reading, tmp_path):
    """Two runs give the same cells; the jitter population is seeded by the scenario."""
    kw = dict(games=60, populations=["lineup", "noise"], readings=False, progress=False,
              out_dir=tmp_path, bootstrap=100)
    a = robustness(MIXED, **kw)
    b = robustness(MIXED, **kw, jobs=2)
    for f in a.findings:
        for c in a.contexts:
            x, y = a.cells[f.key][c.key], b.cells[f.key][c.key]
            assert x.na == y.na and (x.na or x.value == y.value)


def test_jitter_changes_weights_only_within_bounds():
    g = get_game("jelly")
    b = g.lineup(["greedy"], 1)[0]
    j = rf.jittered(g, b, seed=3, seat=1, jitter=0.2)
    base = dict(zip(g.all_bots()["greedy"].params, g.all_bots()["greedy"].defaults,
                    strict=True))
    for k, v in j.overrides:
        assert min(0.8 * base[k], 1.2 * base[k]) <= v <= max(0.8 * base[k], 1.2 * base[k])
    assert j != rf.jittered(g, b, seed=3, seat=2, jitter=0.2)      # a vector per seat
    assert j == rf.jittered(g, b, seed=3, seat=1, jitter=0.2)      # seeded
    jl = rf.jittered(get_game("jungle"), get_game("jungle").lineup(["greedy"], 1)[0], 0, 0,
                     0.2)
    assert dict(jl.overrides)["noise"] == rf.TIE_NOISE               # Jungle's tie noise


@pytest.mark.parametrize("extra,kind", [
    ({"compare": {"extra-jelly": {"seat_starting_jelly": "2,2,2,8"}}}, "compare"),
    ({"sweep": {"params": {"rules.seat_starting_jelly": ["2,2,2,2", "2,2,2,8"]}}}, "sweep"),
    ({"tournament": {"bots": ["greedy", "random", "spread"], "games": 100}}, "tournament"),
])
def test_every_kind_of_question(extra, kind, tmp_path):
    sc = dict(MIXED, **extra)
    if kind == "tournament":
        sc.pop("games")
    if kind == "sweep":   # the sweep's own answer: 300 games a point (not the scenario's 1000)
        sc["games"] = 300
    res = robustness(sc, games=300 if kind == "sweep" else 200,
                     populations=["lineup", "greedy"], readings=False, progress=False,
                     out_dir=tmp_path, bootstrap=200, lineup=False, data_alternatives=0)
    assert [c.key for c in res.contexts] == ["lineup", "greedy"]   # the question's kinds only
    keys = [f.key for f in res.findings]
    if kind == "compare":
        # the planted variant: seat 4 gains, found in both populations
        c = res.cells["extra-jelly:seat4"]
        assert c["lineup"].state == 1 and c["greedy"].state == 1
        assert "extra-jelly:score" in keys
    elif kind == "sweep":
        assert "fairest rules.seat_starting_jelly=2,2,2,2," in res.question
        assert res.cells["fairer"]["lineup"].state == 1
        assert res.cells["fairer"]["greedy"].state == 1
    else:
        assert "greedy" in res.question      # greedy is the strongest of the three
        assert keys == ["greedy>random", "greedy>spread"]
        assert res.cells["greedy>random"]["greedy"].na.startswith("the bots are the question")
        assert res.cells["greedy>random"]["lineup"].state == 1


def test_balance_question(tmp_path):
    sc = dict(MIXED, bots=["greedy"] * 4, games=300,
              balance={"param": "rules.seat_starting_jelly.3", "target": "win_share:seat 4=0.4",
                       "range": [2, 6]})
    sc.pop("rotate_seats")
    res = robustness(sc, games=200, populations=["lineup", "noise"], readings=False,
                     progress=False, out_dir=tmp_path, bootstrap=100)
    (f,) = res.findings
    assert "win share of seat 4" in f.text
    head = res.cells["target"]["lineup"]
    assert head.lo <= 0 <= head.hi + 0.05       # the value found meets the target (roughly)


def test_verdict_rules_on_hand_built_cells():
    f = rb.Finding("x", "x", "share", 0.0, None, None)
    ctx = [rb.Context("lineup", "the line-up", "population", None, 10),
           rb.Context("p", "pop", "population", None, 10),
           rb.Context("r", "read", "reading", None, 10)]

    def result(*cells):
        return rb.RobustnessResult("jelly", "J", "s", "Q", 4, 0, ctx, [f],
                                   {"x": dict(zip(["lineup", "p", "r"], cells, strict=True))},
                                   [])

    yes = rb.Cell(0.1, 0.05, 0.15, 1)
    assert result(yes, yes, yes).verdict(f)[0] == "robust"
    assert result(yes, rb.Cell(-0.1, -0.15, -0.05, -1), yes).verdict(f)[0] == "bot-dependent"
    assert result(yes, yes, rb.Cell(0.0, -0.02, 0.02, 0)).verdict(f)[0] == "reading-dependent"
    wide = rb.Cell(0.05, -0.2, 0.3, 0)     # contains both 0 and the headline value
    assert result(yes, wide, yes).verdict(f)[0] == "undecided"
    null = rb.Cell(0.0, -0.01, 0.01, 0)
    assert result(null, null, rb.Cell(0.1, 0.05, 0.15, 1)).verdict(f)[0] == "reading-dependent"
    # no effect with the line-up and none anywhere: "no effect found", never "robust"
    assert result(null, rb.Cell(na="n/a"), null).verdict(f)[0] == "no effect found"
    assert result(null, null, null).verdict(f)[0] == "no effect found"
    assert "no effect found" in result(null, null, null).verdict(f)[1]
    assert np.isnan(rb.Cell().value)


def test_a_null_that_flips_sign_across_contexts_is_never_robust():
    """The issue's case: an interval spanning zero with the line-up, values of opposite signs
    in other contexts, none of them strong on its own: "no effect found" at most; once a
    context shows an effect of either sign, the finding depends on it."""
    f = rb.Finding("x", "x", "share", 0.0, None, None)
    ctx = [rb.Context("lineup", "the line-up", "population", None, 10),
           rb.Context("a", "pop a", "population", None, 10),
           rb.Context("b", "pop b", "population", None, 10),
           rb.Context("r", "read", "reading", None, 10)]

    def result(*cells):
        return rb.RobustnessResult("jelly", "J", "s", "Q", 4, 0, ctx, [f],
                                   {"x": dict(zip(["lineup", "a", "b", "r"], cells,
                                                  strict=True))}, [])

    head = rb.Cell(0.004, -0.011, 0.019, 0)
    weak_up, weak_down = rb.Cell(0.01, -0.004, 0.024, 0), rb.Cell(-0.01, -0.024, 0.004, 0)
    v = result(head, weak_up, weak_down, head).verdict(f)
    assert v[0] == "no effect found", v
    strong_up, strong_down = rb.Cell(0.08, 0.06, 0.10, 1), rb.Cell(-0.08, -0.10, -0.06, -1)
    v = result(head, strong_up, strong_down, head).verdict(f)
    assert v[0] == "bot-dependent" and "shows an effect with pop a" in v[1], v
    # an effect with the line-up that flips sign in one population: bot-dependent
    v = result(strong_up, strong_up, strong_down, strong_up).verdict(f)
    assert v[0] == "bot-dependent" and "flips with pop b" in v[1], v


def test_a_spread_interval_stays_inside_its_bound():
    """A seat spread (best minus worst seat) is never negative: its interval is the
    bootstrap's own percentiles, not value +- 1.96 se."""
    eng = rb._Engine.__new__(rb._Engine)
    eng.head, eng.bootstrap, eng._weights, eng.sc = None, 400, {}, type("S", (), {"seed": 1})()
    rng = np.random.default_rng(0)
    n = 200
    feats = {("seat", s): rng.binomial(1, 0.5, n).astype(float) for s in range(2)}
    eng.features = lambda cfg, n_, rules: feats
    cfg = rf.Config({}, [], [])
    ctx = rb.Context("lineup", "the line-up", "population", None, n)

    def spread(m):
        x = np.stack([m("x", ("seat", s)) for s in range(2)])
        return x.max(axis=0) - x.min(axis=0)

    f = rb.Finding("s", "spread", "share", 0.0, lambda c: {"x": cfg}, spread, level=True,
                   bounded=True)
    cell = eng.cell(f, ctx)
    assert 0.0 <= cell.lo <= cell.value <= cell.hi
    unbounded = rb.Finding("s", "spread", "share", 0.0, lambda c: {"x": cfg}, spread,
                           level=True)
    assert eng.cell(unbounded, ctx).lo < cell.lo   # value - 1.96 se reaches below


def test_bad_input(tmp_path):
    with pytest.raises(SimlabError, match="populations"):
        robustness(MIXED, populations=["lineup", "aliens"], progress=False, out_dir=tmp_path)
    with pytest.raises(SimlabError, match=r"\[tune\]"):
        robustness(dict(MIXED, tune={"against": "greedy"}), progress=False, out_dir=tmp_path)
    with pytest.raises(SimlabError, match="no reading 'nope'"):
        robustness(MIXED, readings=["nope"], populations=["lineup"], progress=False,
                   out_dir=tmp_path, games=20)
    bad = tmp_path / "bad.toml"
    bad.write_text('game = "jelly"\ngames = 10\n[robustness]\ngamez = 5\n')
    assert_usage_error(run("robustness", bad, "-q"), "bad.toml", "robustness.gamez",
                       "unknown key")
    bad.write_text('game = "jelly"\ngames = 10\n[robustness]\npopulations = ["x"]\n')
    assert_usage_error(run("robustness", bad, "-q"), "robustness.populations")
    assert_usage_error(run("robustness", tmp_path / "missing.toml", "-q"), "missing.toml")


def test_cli_prints_verdicts_writes_the_report_and_json(tmp_path):
    sc = tmp_path / "s.toml"
    sc.write_text('name = "s"\ngame = "jelly"\nplayers = 3\nbots = ["greedy", "random", "random"]\n'
                  'seed = 2\ngames = 100\n[robustness]\ngames = 100\nbootstrap = 100\n'
                  'populations = ["lineup", "greedy"]\nreadings = ["pod_sides"]\n')
    out = tmp_path / "rep"
    proc = run("robustness", sc, "-q", "-o", out, timeout=300)
    assert proc.returncode == 0, proc.stderr
    assert "F1  seat 1's win share" in proc.stdout and "pod_sides = 3" in proc.stdout
    assert "random's win share per seat" in proc.stdout and (out / "report.html").is_file()
    proc = run("robustness", sc, "-q", "--json", "--populations", "lineup",
               "--readings", "none", "--replacements", "none", "--data-alternatives", "0",
               timeout=300)
    data = json.loads(proc.stdout)
    assert [c["key"] for c in data["contexts"]] == ["lineup"]
    assert data["findings"][0]["verdict"] == "robust"     # nothing to compare with


def test_a_reading_that_never_arises_is_left_out(monkeypatch, tmp_path):
    """A rule the games never reach (the step cap, far above what the bots use) plays the same
    games as the default: listed as left out, not as a context that agrees."""
    g = get_game("jelly")
    cap = Reading("max_steps_per_round", "planted", 1000, (5000,), "never reached")
    monkeypatch.setattr(type(g), "readings", lambda self: [PLANTED, cap])
    res = robustness(MIXED, games=100, populations=["lineup"], progress=False,
                     out_dir=tmp_path, bootstrap=100, lineup=False, data_alternatives=0)
    assert [c.key for c in res.contexts] == ["lineup", "reading:seat_starting_jelly=2,2,2,6"]
    assert any(s.startswith("max_steps_per_round = 5000: the same games") for s in res.skipped)
    assert "Left out: 1 reading alternative" in res.headlines()[-1]


def test_lineup_contexts_replace_each_bot_in_turn(tmp_path):
    """A mixed line-up's ranking holds for that line-up: spread's edge in the Jelly demo's
    line-up comes from the weak random bot at the table (with it replaced by greedy spread
    falls). Each bot of the line-up is left out and replaced in turn (contexts of kind
    ``lineup``); a bot's own finding does not apply where it is left out."""
    res = robustness(MIXED, games=300, populations=["lineup"], readings=False,
                     progress=False, out_dir=tmp_path, bootstrap=200, data_alternatives=0,
                     replacements=["greedy", "random"])
    keys = [c.key for c in res.contexts]
    assert "lineup:random->greedy" in keys and "lineup:saboteur->random" in keys
    assert "lineup:greedy->greedy" not in keys
    assert all(c.kind == "lineup" for c in res.contexts[1:])
    spr = res.cells["bot:spread"]
    assert spr["lineup"].state == 1
    assert spr["lineup:random->greedy"].value < spr["lineup"].value - 0.05, \
        (spr["lineup:random->greedy"], spr["lineup"])
    assert spr["lineup:spread->greedy"].na == "spread is left out of this line-up"
    assert "lineup-dependent" in res.verdict(res.findings[[f.key for f in res.findings]
                                                         .index("bot:spread")])[0]
    data = res.to_dict()
    assert any(c["kind"] == "lineup" for c in data["contexts"])
