"""The analysis commands as a designer runs them: reports written, bad input explained."""

from __future__ import annotations

import json

import pytest

from ..test_cli import assert_usage_error, run


@pytest.mark.parametrize("cmd", ["tune", "balance", "skill"])
def test_help_teaches(cmd):
    proc = run(cmd, "--help")
    assert proc.returncode == 0
    assert "Examples:" in proc.stdout


@pytest.mark.parametrize("args, words", [
    (["tune", "jelly", "-q"], ["--against"]),
    (["tune", "jelly", "--against", "greedy,nobody", "-q"], ["nobody"]),
    (["tune", "jelly", "-a", "greedy", "--bound", "cancel=3", "-q"], ["--bound", "LO,HI"]),
    (["tune", "jelly", "-a", "greedy", "--params", "zap", "-q"], ["zap"]),
    (["tune", "chess", "-a", "greedy"], ["chess"]),
    (["balance", "scenarios/jelly-balance.toml", "--target", "fun=1", "-q"], ["fun"]),
    (["balance", "scenarios/jelly-balance.toml", "--range", "5,1", "-q"], ["LO < HI"]),
    (["balance", "scenarios/jelly-balance.toml", "--param", "rules.nope", "-q"], ["nope"]),
    (["balance", "scenarios/jelly-seat-balance.toml", "-q"], ["--param", "required"]),
    (["balance", "missing.toml"], ["missing.toml"]),
    (["skill", "monkey", "--budgets", "4", "-q"], ["budgets"]),
    (["skill", "monkey", "--opponents", "greedy,zzz", "-q"], ["zzz"]),
    (["simulate", "jelly", "--plugin", "nowhere.py", "-n", "5"], ["nowhere.py"]),
])
def test_bad_input_exit_2_one_line(args, words):
    assert_usage_error(run(*args, cwd=_root()), *words)


def _root():
    from pathlib import Path

    return Path(__file__).resolve().parents[2]


def test_balance_command_writes_report(tmp_path):
    sc = tmp_path / "b.toml"
    sc.write_text('name = "b"\ngame = "jelly"\nplayers = 4\nbots = "greedy"\nseed = 2\n'
                  'games = 600\n')
    out = tmp_path / "out"
    proc = run("balance", sc, "--param", "rules.seat_starting_jelly.3", "--target",
               "win_share:seat 4=0.25", "--range", "0,4", "--out", out, "--json", "-q",
               timeout=600)
    assert proc.returncode == 0, proc.stderr
    data = json.loads(proc.stdout)
    assert data["param"] == "rules.seat_starting_jelly.3" and 0 <= data["value"] <= 4
    assert (out / "balance.html").exists() and (out / "balance-response.png").exists()
    assert (out / "evaluations.jsonl").exists()


def test_tune_command_saves_a_usable_bot(tmp_path):
    out = tmp_path / "t"
    proc = run("tune", "jungle", "--against", "greedy", "-p", "3", "--budget", "3000",
               "--validation-games", "300", "--params", "field,irrigate,stick", "--out", out,
               "--save", "mine", "-q", timeout=600)
    assert proc.returncode == 0, proc.stderr
    assert "tuned bot: weights(" in proc.stdout
    saved = out / "mine.toml"
    assert saved.exists() and (out / "tune.html").exists()
    sim = run("simulate", "jungle", "--plugin", saved, "-b", "mine,greedy,greedy", "-n", "200",
              "-q", timeout=600)
    assert sim.returncode == 0, sim.stderr
    assert "mine" in sim.stdout


def test_skill_command(tmp_path):
    out = tmp_path / "s"
    proc = run("skill", "monkey", "--budgets", "1,4", "--opponents", "random", "-p", "2",
               "--games", "40", "--out", out, "-q", timeout=600)
    assert proc.returncode == 0, proc.stderr
    assert "report:" in proc.stdout and (out / "skill.html").exists()
    assert (out / "skill-skill-ladder.png").exists()


def test_sweep_runs_analysis_scenarios(tmp_path):
    sc = tmp_path / "k.toml"
    sc.write_text('name = "k"\ngame = "monkey"\nplayers = 2\nseed = 1\n[skill]\n'
                  'budgets = [1, 2]\nopponents = ["random"]\ngames = 20\n')
    proc = run("sweep", sc, "--out", tmp_path / "o", "-q", timeout=600)
    assert proc.returncode == 0, proc.stderr
    assert (tmp_path / "o" / "skill.html").exists()
