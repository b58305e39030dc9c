"""Monkey Fun replays (``simlab replay monkey``): the reference engine's game step by step.

For regular, quick and solo games and several line-ups: the final scores equal the kernel's row
of that game, the steps' log lines are the reference engine's whole log (nothing lost or
repeated), every decision's chosen option is the play the bot made and the best of the values
its own functions give (the lookahead and the solo search: the play their search picks on a
copy of the stream), the running scores end on the final scores; a field taken splits its turn;
a bot whose play is not its best value is flagged; the page works in headless Chromium; bad
input exits 2.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

import simlab
from simlab.errors import SimlabError
from simlab.games.monkey import bots
from simlab.games.monkey.game import GAME
from simlab.games.monkey.replay import K
from simlab.report.replay import write_replay
from tests.replay_browser import assert_page_works, selftest
from tests.replay_checks import assert_is_the_kernel_game

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "custom_bots" / "monkey.py"

#: (players, line-up, rule overrides, seed, games): regular 2-4 players, quick, solo
CASES = [
    (4, None, {}, 3, (0, 2)),
    (3, "weights,blocker,row", {}, 1, (0, 5)),
    (2, "greedy,random", {}, 11, (4,)),
    (2, "greedy,row", {"mode": "quick"}, 5, (31, 38)),
    (3, "blocker,greedy,row", {"mode": "quick", "owner_may_place": False}, 2, (1,)),
    (4, None, {"owner_may_place": False, "hand_size": 2, "max_cards_per_play": 2}, 3, (1,)),
    (1, "solo", {"mode": "solo"}, 5, (0, 32)),
]


def _table(players, line_up, rules):
    r = GAME.make_rules(players, rules)
    lineup = GAME.lineup(line_up, players)
    names = [f"P{s + 1}({b.label})" for s, b in enumerate(lineup)]
    return GAME.prepare(r, lineup), names


def _checked(prepared, names, seed, game, kernel=True):
    """The replay of a game, checked against the kernel's row and the reference's log."""
    rep = GAME.replay(prepared, seed, game, names)
    assert_is_the_kernel_game(rep, GAME, prepared, names, seed, game, kernel=kernel)
    # every step has its log lines
    assert all(st.log for st in rep.steps)
    assert rep.steps[0].phase == "setup" and rep.steps[-1].phase == "end"
    solo = prepared.arrays.mode == 2
    for st in rep.steps:
        assert (st.scores is None) == solo
    if not solo:
        assert rep.steps[-1].scores == rep.final_scores
        assert rep.steps[0].scores == [0] * len(names)
    else:
        assert "no running score" in rep.score_note.lower()
    _check_decisions(rep)
    return rep


def _check_decisions(rep):
    """Every decision names the play its turn's log says was made; with values, it is the best
    one (or the search's pick); no decision is flagged."""
    for st in rep.steps:
        d = st.decision
        if d is None:
            continue
        assert "BUG" not in d.note, d.note
        played = next(line for line in st.log if line.strip().startswith("plays "))
        cards, total = re.match(r"\s*plays ([\d+]+) = (\d+)", played).groups()
        assert d.chosen.startswith(f"{cards} = {total} → field {total}")
        assert st.log[0].strip().startswith("turn ") and rep.names[d.seat] in st.log[0]
        chosen = [o for o in d.options if o.chosen]
        assert len(chosen) == 1
        assert sorted(chosen[0].label.split(" ")[0].split("+")) == sorted(cards.split("+"))
        if d.options[0].value is not None and "search" not in d.note \
                and "playout" not in d.value_label:
            best = max(o.value for o in d.options)
            assert chosen[0].value >= best - K.EPS


@pytest.mark.parametrize("players,line_up,rules,seed,games", CASES)
def test_replay_equals_kernel_and_log(players, line_up, rules, seed, games):
    prepared, names = _table(players, line_up, rules)
    for g in games:
        rep = _checked(prepared, names, seed, g)
        turns = sum(1 for st in rep.steps if st.log[0].strip().startswith("turn "))
        assert turns == sum(1 for line in rep.steps for x in line.log
                            if x.strip().startswith("turn "))
        assert sum(st.decision is not None for st in rep.steps) >= turns - sum(
            any("no playable card" in x for x in st.log) for st in rep.steps)


def test_a_field_taken_splits_its_turn():
    prepared, names = _table(4, "greedy,blocker,random,weights", {})
    rep = _checked(prepared, names, 3, 2)
    taken = [i for i, st in enumerate(rep.steps) if "taken" in st.phase]
    assert taken, "game 2 of seed 3 has fields taken"
    for i in taken:
        st, before = rep.steps[i], rep.steps[i - 1]
        n = re.search(r"field (\d+) taken", st.phase).group(1)
        assert st.log[0].strip().startswith(f"field {n} now belongs to")
        assert before.decision is not None and before.phase.startswith("turn ")
        assert f"Field {n} now belongs to" in st.svg  # the title of the board
        assert f"P{before.decision.seat + 1}</text>" in st.svg  # the owner's tag


def test_an_unplayable_hand_is_a_step_without_decision():
    prepared, names = _table(4, None, {"owner_may_place": False, "hand_size": 2,
                                       "max_cards_per_play": 2})
    rep = _checked(prepared, names, 3, 1)
    lost = [st for st in rep.steps if any("no playable card" in x for x in st.log)]
    assert lost and all(st.decision is None for st in lost)
    assert all("cannot play" in st.svg and "discarded: no sum" in st.svg for st in lost)


def test_winning_shapes_are_drawn():
    prepared, names = _table(2, "greedy,row", {"mode": "quick"})
    rep = _checked(prepared, names, 5, 0, kernel=False)   # a game won by a 2x2 square
    assert "2x2 square" in rep.steps[-2].svg and 'stroke-dasharray="18 8"' in rep.steps[-2].svg
    prepared, names = _table(3, "greedy,blocker,row", {})
    rep = _checked(prepared, names, 1, 0, kernel=False)
    assert "wins with a row of 4" in rep.steps[-1].svg and "<line" in rep.steps[-1].svg


def test_random_bot_has_options_without_values():
    prepared, names = _table(2, "random,greedy", {})
    rep = _checked(prepared, names, 4, 1)
    ds = [st.decision for st in rep.steps if st.decision and st.decision.seat == 0]
    assert ds and all(o.value is None for d in ds for o in d.options)
    assert all("at random" in d.note for d in ds)


def test_solo_steps_show_towers_and_the_result():
    prepared, names = _table(1, "solo", {"mode": "solo"})
    rep = _checked(prepared, names, 5, 0)  # lost, with minus towers
    assert any("raises a minus tower" in st.svg for st in rep.steps)
    assert any(st.decision and "minus tower" in st.decision.what for st in rep.steps)
    assert "Solo: lost" in rep.steps[-1].svg
    rep = _checked(prepared, names, 5, 32)  # won
    assert rep.winners == [True] and "Solo score: last field" in rep.steps[-1].svg


def test_search_bots_values_match_their_pick():
    # lookahead and solo search: the values are their playouts on a copy of the stream, and
    # the play they made is the one those playouts pick (reference engine = kernel: see the
    # conformance tests; the search kernels are not compiled here)
    prepared, names = _table(2, "lookahead(playouts=3),greedy", {})
    rep = _checked(prepared, names, 2, 1, kernel=False)
    ds = [st.decision for st in rep.steps if st.decision and st.decision.seat == 0]
    assert ds and all(d.value_label == "mean playout result" for d in ds)
    for d in ds:
        best = max(o.value for o in d.options)
        chosen = next(o for o in d.options if o.chosen)
        assert chosen.value == pytest.approx(best)
    prepared, names = _table(1, "solo(playouts=6)", {"mode": "solo"})
    rep = _checked(prepared, names, 5, 32, kernel=False)
    ds = [st.decision for st in rep.steps if st.decision]
    assert ds and all("playout gain" in d.value_label for d in ds)
    assert all(any("the planner's play" in o.label for o in d.options) for d in ds)


def test_custom_bot_scores(monkeypatch):
    from simlab.core import custom
    from simlab.games.plugins import load_plugins

    mods = load_plugins([EXAMPLE])
    try:
        prepared, names = _table(2, "liner,greedy", {})
        rep = _checked(prepared, names, 6, 0, kernel=False)
        ds = [st.decision for st in rep.steps if st.decision and st.decision.seat == 0]
        assert ds and all(d.value_label == "custom bot's score" for d in ds)
    finally:
        custom.unregister("monkey", "liner")
        for m in mods:
            sys.modules.pop(m, None)


def test_a_play_that_is_not_the_best_value_is_flagged(monkeypatch):
    """The check is live: a bot made to play its worst option is reported as a bug."""
    real = bots.decide

    def worst(A, st, sim, lineup, p, rng):
        real(A, st, sim, lineup, p, rng)
        n = K.legal_plays(A, st, p)
        return st.masks[n - 1] if p == 0 else real(A, st, sim, lineup, p, rng)

    monkeypatch.setattr(bots, "decide", worst)
    prepared, names = _table(2, "greedy,greedy", {})
    rep = GAME.replay(prepared, 1, 0, names)
    notes = [st.decision.note for st in rep.steps if st.decision and st.decision.seat == 0]
    assert any("BUG" in n for n in notes)


def test_page_works_in_a_browser(tmp_path):
    prepared, names = _table(4, "greedy,blocker,random,weights", {})
    rep = GAME.replay(prepared, 3, 2, names)
    page = write_replay(tmp_path / "monkey.html", rep, game_title=GAME.title, seed=3,
                        game_index=2)
    res = selftest(page, screenshot=ROOT / "test-artifacts" / "replay-monkey.png")
    assert_page_works(res, len(rep.steps))
    assert res["last_scores"] == res["final_scores"] == rep.final_scores
    prepared, names = _table(1, "solo", {"mode": "solo"})
    rep = GAME.replay(prepared, 5, 32, names)
    page = write_replay(tmp_path / "solo.html", rep, game_title=GAME.title, seed=5,
                        game_index=32)
    res = selftest(page)
    assert_page_works(res, len(rep.steps))
    assert res["last_scores"] is None and res["final_scores"] == rep.final_scores


def test_api_and_cli_errors(tmp_path):
    with pytest.raises(SimlabError, match="game_index"):
        simlab.replay("monkey", game_index=-1)
    with pytest.raises(SimlabError, match="unknown bot"):
        simlab.replay("monkey", bots="greedy,nosuchbot", players=2)

    def run(*args):
        return subprocess.run([sys.executable, "-m", "simlab.cli.main", "replay", "monkey",
                               *args], capture_output=True, text=True, cwd=ROOT)

    for args in (("--game", "-1"), ("-p", "2", "-b", "greedy,nosuchbot"),
                 ("-p", "1", "--set", "mode=normal")):
        r = run(*args, "--out", str(tmp_path / "x.html"))
        assert r.returncode == 2, (args, r.stderr)
        assert r.stderr.startswith("simlab: error:") and "Traceback" not in r.stderr
    assert not (tmp_path / "x.html").exists()


def test_cli_writes_the_page(tmp_path):
    out = tmp_path / "m.html"
    r = subprocess.run([sys.executable, "-m", "simlab.cli.main", "replay", "monkey", "-p", "2",
                        "-b", "greedy,row", "--set", "mode=quick", "-s", "5", "-g", "31", "-o",
                        str(out)], capture_output=True, text=True, cwd=ROOT)
    assert r.returncode == 0, r.stderr
    assert "replay:" in r.stdout and out.is_file()
    text = out.read_text()
    assert "Monkey Fun" in text and "2x2 square" in text


@pytest.mark.parametrize("players,rules,words,absent", [
    (4, {}, ["4 players", "a row of 4 majority fields", "20 monkeys each", "4 cards in hand",
             "1 to 4 cards a play", "a deck of 55 cards", "10×10", "closed to the others",
             "the owner may still play it", "highest-numbered field wins"],
     ["2x2", "Solo"]),
    (3, {"mode": "quick", "monkeys": 12, "hand_size": 3, "max_cards_per_play": 3,
         "owner_may_place": False, "deck": "falling", "tie_break": "owned"},
     ["3 players", "2x2 square", "12 monkeys each", "3 cards in hand", "1 to 3 cards a play",
      "1×10", "10×1", "closed to everyone", "nobody may place there", "owning the "
      "highest-numbered field"], ["20 monkeys", "4 cards", "closed to the others"]),
    (1, {"solo_max_towers": 2, "solo_rounds": 18, "solo_max_per_field": 3},
     ["1 player,", "round 16 to 18", "at most 2 tower fields", "3 monkeys a field",
      "2 to 3 monkeys"], ["2x2", "owned", "20 rounds"]),
])
def test_the_legend_is_the_rules_played(players, rules, words, absent):
    bots_ = "solo" if players == 1 else "greedy"
    prepared, names = _table(players, bots_, rules)
    rep = GAME.replay(prepared, 2, 0, names)
    for w in words:
        assert w in rep.legend, (w, rep.legend)
    for w in absent:
        assert w not in rep.legend, (w, rep.legend)
    closed = "closed to everyone" if rules.get("owner_may_place") is False else "closed to others"
    if players > 1:
        assert closed in rep.steps[1].svg  # the drawing's own legend


@pytest.mark.parametrize("players,line_up,rules,seed,game", [
    (4, "greedy,blocker,row,random", {}, 3, 0),
    (3, "blocker,greedy,row", {"deck": "falling"}, 1, 2),
    (1, "solo", {"layout": "row-major"}, 5, 0),
])
def test_every_step_where_a_bot_chose_says_what_it_chose(players, line_up, rules, seed, game):
    from simlab.games.monkey.replay import EFFECT_WORDS
    from simlab.games.monkey.state import CHOICE_NAMES

    prepared, names = _table(players, line_up, rules)
    rep = GAME.replay(prepared, seed, game, names)
    said = {k: 0 for k in EFFECT_WORDS}
    plays = 0
    for st in rep.steps:
        if any(line.strip().startswith("plays ") for line in st.log):  # a bot chose a play
            plays += 1
            assert st.decision is not None and st.decision.chosen
            what = st.decision.chosen.split(" (", 1)[1]
            for k, w in EFFECT_WORDS.items():
                said[k] += w in what
        else:
            assert st.decision is None  # setup, a field taken, a discarded hand, the end
    _, _, agg, _ = GAME.reference_game(prepared, seed, game)
    counted = dict(zip(CHOICE_NAMES, agg["choice"].sum(axis=0).tolist(), strict=True))
    assert plays == sum(counted[f"cards_{k}"] for k in ("1", "2", "3", "4plus"))
    assert said == {k: counted[k] for k in EFFECT_WORDS}
    assert sum(said.values()) > 0
