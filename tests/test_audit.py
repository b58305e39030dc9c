"""``simlab audit``: the card's keys and content, the ranking, resuming, bad output paths.

Tiny budgets (a few hundred games a table, the search bot at its cheap budget only, no
tuning) on the Pig plugin game and Jelly, so the whole file takes well under a minute.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from simlab.analysis.audit import KEYS, MAX_HEADLINES, _seat_verdict, audit
from simlab.games.plugins import load_plugins
from simlab.games.registry import GAMES, register_game, unregister_game

PIG = Path(__file__).resolve().parents[1] / "examples" / "games" / "pig" / "game.py"
TINY = {"seconds": 2, "min_games": 40, "bootstrap": 60, "morris_r": 1,
        "data_alternatives": 1, "levels": ["greedy", "search:2"]}


@pytest.fixture(scope="module")
def pig():
    """A fresh Pig of its own (the bots its file defines, none that another test's ``--plugin``
    added), and the Pig this worker held before put back afterwards (the plugin tests' session
    fixture holds it, and pickling finds a game by its registration)."""
    before = dict.get(GAMES, "pig")
    unregister_game("pig")
    load_plugins([str(PIG)], "--plugin")
    yield "pig"
    unregister_game("pig")
    if before is not None and not isinstance(before, str):
        register_game(before)


@pytest.fixture(scope="module")
def pig_card(pig, tmp_path_factory):
    folder = tmp_path_factory.mktemp("pig-audit")
    res = audit(pig, out_dir=folder, quick=True, settings=TINY, progress=False)
    return res, folder


def test_card_has_exactly_the_keys_and_at_most_six_headlines(pig_card):
    res, _ = pig_card
    card = res.to_dict()
    assert tuple(card) == KEYS
    assert 1 <= len(card["headlines"]) <= MAX_HEADLINES
    assert all(isinstance(h, str) and h.endswith(".") for h in card["headlines"])
    # the seat-balance headline gives a size, an interval and a verdict
    first = card["headlines"][0]
    assert first.startswith("Seat 1 scores") and "[" in first
    assert any(v in first for v in ("robust", "no effect found", "bot-dependent", "undecided"))
    json.dumps(card)   # JSON-able as it is


def test_seat_balance_one_entry_per_strength(pig_card):
    res, _ = pig_card
    sb = res.card["seat_balance"]
    assert [e["strength"] for e in sb] == ["greedy", "search:2"]
    for e in sb:
        lo, hi = e["first_player_points_ci"]
        assert lo <= e["first_player_points"] <= hi
        a, b = e["first_seat_win_share_ci"]
        assert 0.0 <= a <= e["first_seat_win_share"] <= b <= 1.0
        assert e["fair_share"] == pytest.approx(0.5)
        assert sum(e["seat_win_shares"]) == pytest.approx(1.0, abs=1e-6)
    assert len({e["verdict"] for e in sb}) == 1


def test_strategies_pairwise_nash_and_fields(pig_card):
    res, _ = pig_card
    st = res.card["strategies"]
    bots = st["bots"]
    assert bots == ["random", "greedy", "weights", "hold"]   # no search, no bench bot
    assert len(st["pairwise"]) == len(bots) * (len(bots) - 1) // 2
    m = st["pairwise_matrix"]
    for i in range(len(bots)):
        for j in range(len(bots)):
            assert m[i][j] + m[j][i] == pytest.approx(1.0)
    assert sum(r["weight"] for r in st["nash"]) == pytest.approx(1.0)
    # random rolls once in a while and holds at random: every sensible bot beats it
    rnd = [r for r in st["pairwise"] if r["bot"] == "random" and r["against"] == "hold"][0]
    assert rnd["share_ci"][1] < 0.5
    assert {a["field"] for r in st["fields"] for a in r["against"]} <= {"greedy", "search:2"}


def test_sensitivity_ranked_with_name_and_effect(pig_card):
    res, _ = pig_card
    sens = res.card["sensitivity"]
    names = {s["name"] for s in sens}
    assert {"goal", "die", "finish_round"} <= names
    assert all("name" in s and "effect" in s and s["effect"] >= 0 for s in sens)
    key = [(s["verdict"] == "moves the balance", s["effect"]) for s in sens]
    assert key == sorted(key, reverse=True)
    assert [s["rank"] for s in sens] == list(range(1, len(sens) + 1))


def test_shape_from_the_games_records(pig_card):
    res, _ = pig_card
    sh = res.card["shape"]["equal greedy"]
    assert sh["length"]["unit"] == "turns" and sh["length"]["mean"] >= 1
    assert sum(sh["ends"].values()) == pytest.approx(1.0)
    assert set(sh["points_by_source"]) == {"banked"}
    assert sh["game_shape"]["snowball_rate"] is not None


def test_resume_reuses_every_table(pig, pig_card):
    res, folder = pig_card
    assert res.meta["tables_played"] > 0
    cells = list((folder / "cells").glob("*.npz"))
    assert len(cells) == res.meta["tables_played"]
    again = audit(pig, out_dir=folder, quick=True, settings=TINY, progress=False)
    assert again.meta["tables_played"] == 0
    assert again.meta["tables_reused"] == res.meta["tables_played"]
    assert again.to_dict() == res.to_dict()


def test_a_killed_audit_continues(pig, pig_card, tmp_path):
    res, folder = pig_card
    cells = sorted((folder / "cells").glob("*.npz"))
    (tmp_path / "cells").mkdir()
    for c in cells[: len(cells) // 2]:
        (tmp_path / "cells" / c.name).write_bytes(c.read_bytes())
    for p in (folder / "cells").glob("plan-*.json"):
        (tmp_path / "cells" / p.name).write_bytes(p.read_bytes())
    again = audit(pig, out_dir=tmp_path, quick=True, settings=TINY, progress=False)
    assert again.meta["tables_reused"] == len(cells) // 2
    assert again.meta["tables_played"] == len(cells) - len(cells) // 2
    assert again.to_dict() == res.to_dict()


def test_jelly_speeds_reading_tops_the_ranking(tmp_path):
    # one seat at speed 0.85 is slower than the others: the seat spread must show it, far
    # above a reading that changes nothing of the seats (the Drone's step)
    res = audit("jelly", out_dir=tmp_path, quick=True, progress=False,
                settings={**TINY, "levels": ["greedy"], "min_games": 30,
                          "only": ["speeds", "drone_step"], "data_alternatives": 1,
                          "bots": ["greedy", "random"]})
    sens = res.card["sensitivity"]
    assert [s["name"] for s in sens][0] == "speeds"
    top = sens[0]
    # what it moves most: the seat spread or a bot's share (a slow seat costs its bot)
    assert (top["moves"] == "seat spread" or top["moves"].endswith("'s win share")), top
    # at this tiny budget the slow seat's effect need not clear its noise floor: the ranking
    # over a reading that changes nothing of the seats is what is checked
    assert top["effect"] > sens[1]["effect"]
    assert len(res.card["seat_balance"]) == 1
    assert res.card["data_spread"] and res.card["data_spread"][0]["name"] == "faces"


def test_report_card_is_written(pig_card, tmp_path):
    from simlab.report.audit import audit_report

    res, _ = pig_card
    path = audit_report(res.to_dict(), res.meta, tmp_path / "audit.html")
    html = path.read_text()
    assert res.card["headlines"][0].split(" [")[0] in html
    assert list(tmp_path.glob("audit-*.png"))
    assert tuple(json.loads((tmp_path / "audit.json").read_text())) == KEYS


def test_seat_verdicts():
    def e(v, lo, hi):
        return {"first_player_points": v, "first_player_points_ci": [lo, hi]}

    assert _seat_verdict([e(4, 3, 5), e(2, 1, 3)]) == ("robust", "shrinks")
    assert _seat_verdict([e(0.1, -1, 1), e(0, -1, 1)])[0] == "no effect found"
    assert _seat_verdict([e(4, 3, 5), e(-4, -5, -3)])[0] == "bot-dependent"
    assert _seat_verdict([e(4, 3, 5), e(0, -0.5, 0.5)])[0] == "bot-dependent"
    assert _seat_verdict([e(4, 3, 5), e(1, -2, 4.5)])[0] == "undecided"
    assert _seat_verdict([e(1, 0.5, 1.5), e(4, 3, 5)])[1] == "grows"


def test_budget_gives_dear_cells_the_small_floor_and_cheap_cells_their_own_share():
    """A cell whose full floor would cost over 3 times its share gets the dear floor (a fifth,
    at least 8), as the search parts do; a cheap cell keeps the full floor or more."""
    from simlab.analysis.audit_cells import SHARES, Budget

    b = Budget(seconds=240, jobs=2, min_games=40, max_games=20_000)
    share = 240 * SHARES["pairs"] / 20 * b.speedup      # seconds of one worker per cell
    assert b.games("pairs", 20, 1.0, 3) == 8            # 40 games x 3 s >> 3 x share
    assert b.games("pairs", 20, share / 50.5, 1) == 50      # cheap: what its share buys
    assert b.games("pairs", 20, share / 20.5 / 3, 3) == 40  # under the floor, not dear: 40
    assert b.games("seat:search:lo", 1, 1e-6, 1) == 20_000  # capped by max_games


def test_pairs_get_games_by_their_own_cost(pig, tmp_path, monkeypatch):
    """Head to head, a pair with a dear bot plays fewer games than a cheap pair, which keeps
    the games its share buys (before, every pair played the mean pair's count). The speed
    probe is told that ``hold`` takes 50 ms a game (Pig's bots are all cheap)."""
    from simlab.analysis.audit_cells import Budget

    probe = Budget.probe

    def told(self, g, rules, label, bot, players, seed):
        per = probe(self, g, rules, label, bot, players, seed)
        if label == "hold":
            self.per_game[label] = per = 0.05
        return per

    monkeypatch.setattr(Budget, "probe", told)
    res = audit(pig, out_dir=tmp_path, quick=True, progress=False,
                settings={**TINY, "seconds": 20, "bots": ["greedy", "hold", "random"],
                          "levels": ["greedy"]})
    games = {(r["bot"], r["against"]): r["games"] for r in res.card["strategies"]["pairwise"]}
    dear = [v for k, v in games.items() if "hold" in k]
    cheap = [v for k, v in games.items() if "hold" not in k]
    assert dear and cheap and max(dear) < min(cheap), games
    assert min(cheap) > 2 * TINY["min_games"], games    # the mean pair's cost held them at 40


def test_bad_out_path_is_one_line_and_exit_2(tmp_path, capsys):
    from simlab.cli.main import main

    blocker = tmp_path / "file"
    blocker.write_text("x")
    with pytest.raises(SystemExit) as ex:
        main(["audit", "jelly", "--quick", "-o", str(blocker / "sub")])
    assert ex.value.code == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("simlab: error: --out") and "file" in err[0]
    with pytest.raises(SystemExit) as ex:
        main(["audit", "jelly", "-o", str(tmp_path / "card.html")])
    assert ex.value.code == 2
    assert len(capsys.readouterr().err.strip().splitlines()) == 1


@pytest.mark.parametrize("bots", ["greedy", "greedy,nobody"])
def test_bad_bots_are_one_line_and_exit_2_before_any_game(tmp_path, capsys, bots):
    from simlab.cli.main import main

    with pytest.raises(SystemExit) as ex:
        main(["audit", "jelly", "--quick", "-q", "-b", bots, "-o", str(tmp_path / "a")])
    assert ex.value.code == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "bots: expected two or more of" in err[0], err
    assert not list((tmp_path / "a").glob("cells/*"))   # nothing played


def test_data_that_does_not_arise_is_left_out_of_the_spread(tmp_path):
    # Jungle's variant tiles are played only in the variant: their generated alternatives play
    # the shipped data's games in the regular game, so the card leaves them out (with a note)
    res = audit("jungle", out_dir=tmp_path, quick=True, progress=False,
                settings={**TINY, "levels": ["greedy"], "min_games": 60, "bots": ["greedy", "random"],
                          "only": ["max_rounds"], "data_alternatives": 2})
    assert "variant_tiles" not in {d["name"] for d in res.card["data_spread"]}
    assert any(n.startswith("data variant_tiles: its generated alternatives play the same games")
               for n in res.meta["notes"])
    for d in res.card["data_spread"]:   # the alternatives' intervals hold together at 95%
        assert d["level"] == pytest.approx(1 - 0.05 / 2)


def test_data_strip_draws_the_intervals_the_verdict_reads():
    """The assumed-data figure's first row draws each alternative's interval and the shipped
    data's (the lines the verdict is drawn from), not dots alone."""
    from simlab.report.audit import _data_items

    cis = [[-0.8, 1.1], [-0.6, 0.7]]
    ds = [{"name": "faces", "alternatives": 2, "level": 0.975, "shipped_ci": [-1.0, 0.3],
           "alternative_cis": cis,
           "figures": {"first_player_points": {"values": [0.15, 0.05], "shipped": -0.3},
                       "seat spread": {"values": [0.006, 0.005], "shipped": 0.0057}}}]
    (item,) = _data_items(ds)
    ax = item.figure.axes[0]
    spans = [sorted(ln.get_xdata()) for ln in ax.lines if len(ln.get_xdata()) == 2
             and ln.get_ydata()[0] == ln.get_ydata()[1] and ln.get_xdata()[0] != ln.get_xdata()[1]]
    assert [list(map(float, s)) for s in spans] == cis + [[-1.0, 0.3]]
    assert "97.5% each" in item.caption
    assert len(item.figure.axes[1].lines) == 2  # shares: dots and the diamond, no intervals
