"""Tests of the HTML report (simlab.report): every kind of scenario builds a self-contained
report whose images are valid embedded PNGs, the findings speak of the seats, a rebuild from the
stored results gives the same file, and bad folders raise SimlabError."""

from __future__ import annotations

import base64
import html
import io
import json
import re
import struct
import subprocess
import sys
from pathlib import Path

import matplotlib.image as mpimg
import pandas as pd
import pytest

from simlab.errors import SimlabError
from simlab.report.tables import headline_sentences, to_html
from simlab.sweep import build_report, load_results, run_sweep

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"

SCENARIOS = {
    "single": {"game": "jelly", "games": 1500, "seed": 1, "name": "single-run",
               "description": "Default line-up <b>fixed</b> & unrotated"},
    "sweep1": {"game": "jelly", "games": 800, "seed": 3, "bots": "greedy",
               "sweep": {"params": {"rules.timer_seconds": [1, 2, 3]}}},
    "sweep2": {"game": "jelly", "games": 300, "seed": 1, "bots": "greedy",
               "sweep": {"params": {"rules.timer_seconds": [1, 2, 3],
                                    "rules.starting_jelly": [0, 2, 4]}}},
    "sobol": {"game": "jelly", "games": 400, "seed": 1, "bots": "greedy",
              "sweep": {"method": "sobol", "samples": 4,
                        "params": {"rules.timer_seconds": {"low": 0.5, "high": 4}}}},
    "compare": {"game": "jelly", "seed": 3, "games": 1000,
                "compare": {"A": {"faces.3A.0": "jelly:9"}, "B": {"timer_seconds": 1}}},
    "tournament": {"game": "jelly", "seed": 3,
                   "tournament": {"bots": ["greedy", "random", "spread"], "games": 150}},
    "rotate": {"game": "jelly", "games": 400, "seed": 1, "rotate_seats": True},
}
KINDS = list(SCENARIOS)


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    """Each scenario run once (results folder) and its report built once."""
    root = tmp_path_factory.mktemp("reports")
    out = {}
    for kind, sc in SCENARIOS.items():
        folder = root / kind
        run_sweep(sc, out=folder, report=False, progress=False, backend="serial")
        path = build_report(folder)
        out[kind] = (folder, path, path.read_text(encoding="utf-8"))
    return out


def _imgs(text: str) -> list[tuple[str, str]]:
    """(src, title) of every <img> tag."""
    out = []
    for tag in re.findall(r"<img\b[^>]*>", text):
        src = re.search(r'\ssrc="([^"]*)"', tag)
        title = re.search(r'\stitle="([^"]*)"', tag)
        out.append((src.group(1) if src else "", title.group(1) if title else ""))
    return out


def _png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == PNG_SIGNATURE, "not a PNG (bad signature)"
    length, chunk = struct.unpack(">I4s", data[8:16])
    assert chunk == b"IHDR" and length == 13
    return struct.unpack(">II", data[16:24])


def _findings(text: str) -> str:
    m = re.search(r'<section class="findings".*?</section>', text, re.S)
    assert m, "no findings section"
    return html.unescape(re.sub(r"<[^>]+>", " ", m.group(0)))


# ---------------------------------------------------------------------------- every kind
@pytest.mark.parametrize("kind", KINDS)
def test_report_is_built(built, kind):
    folder, path, text = built[kind]
    assert path == folder / "report.html"
    assert text.startswith("<!DOCTYPE html>")
    assert "Attack of the Jelly Monster" in text
    assert "<title>" in text and "Findings" in text
    assert 'id="points"' in text and 'id="run"' in text and "<pre>" in text


@pytest.mark.parametrize("kind", KINDS)
def test_self_contained_with_valid_pngs(built, kind):
    folder, path, text = built[kind]
    assert not re.search(r"https?://", text, re.I), "the report references an external URL"
    assert "<script" not in text.lower()
    assert "<link" not in text.lower()
    imgs = _imgs(text)
    assert len(imgs) >= 5  # win shares, scores, kind-specific, the game's own figures
    for src, title in imgs:
        assert src.startswith("data:image/png;base64,"), src[:40]
        data = base64.b64decode(src.split(",", 1)[1], validate=True)
        w, h = _png_size(data)
        assert 300 <= w <= 2000 and 150 <= h <= 3000, (title, w, h)
        arr = mpimg.imread(io.BytesIO(data), format="png")
        assert arr.shape[:2] == (h, w)
        assert arr.std() > 0.01, f"{title} is blank"
        beside = path.parent / title
        assert beside.is_file(), f"PNG {title} not written beside the report"
        assert beside.read_bytes() == data
    assert not list(folder.glob(".*.tmp")), "temporary files left behind"


@pytest.mark.parametrize("kind", KINDS)
def test_headline_mentions_seats(built, kind):
    folder, _, text = built[kind]
    words = _findings(text)
    assert re.search(r"\bseat \d\b", words, re.I), words
    assert "fair" in words
    sr = load_results(folder)
    flat = " ".join(words.split())
    for s in headline_sentences(sr):
        assert " ".join(s.split()) in flat


@pytest.mark.parametrize("kind", KINDS)
def test_rebuild_gives_the_same_html(built, kind, tmp_path):
    folder, path, text = built[kind]
    pngs = {p.name: p.read_bytes() for p in folder.glob("report-*.png")}
    again = build_report(folder)
    assert again == path
    assert again.read_text(encoding="utf-8") == text
    assert {p.name: p.read_bytes() for p in folder.glob("report-*.png")} == pngs


# ---------------------------------------------------------------------------- content
def test_kind_specific_figures(built):
    names = {k: {t for _, t in _imgs(v[2])} for k, v in built.items()}
    assert "report-response-seat.png" in names["sweep1"]
    assert "report-heatmaps.png" in names["sweep2"]
    assert "report-spread-scatter.png" in names["sobol"]
    assert "report-paired-differences.png" in names["compare"]
    assert "report-head-to-head.png" in names["tournament"]
    assert "report-win-share-bot.png" in names["rotate"]
    for k in KINDS:
        assert {"report-win-share-seat.png", "report-scores.png"} <= names[k], k
        jelly = {n for n in names[k] if n.startswith("report-jelly-")}
        assert jelly == {"report-jelly-district-control.png", "report-jelly-district-reward.png",
                         "report-jelly-events.png"}, k


def test_section_order(built):
    text = built["compare"][2]
    marks = ['id="findings"', 'id="win-shares"', 'id="scores"', 'id="compare"', 'id="game"',
             'id="points"', 'id="run"']
    pos = [text.index(m) for m in marks]
    assert pos == sorted(pos)


def test_text_is_escaped(built):
    text = built["single"][2]
    assert "<b>fixed</b>" not in text
    assert "&lt;b&gt;fixed&lt;/b&gt; &amp; unrotated" in text
    df = pd.DataFrame({"a<b": ["<script>x</script>", "&"]})
    out = to_html(df)
    assert "<script>" not in out and "&lt;script&gt;" in out and "a&lt;b" in out


def test_findings_agree_with_the_numbers(built):
    # single run, fixed mixed line-up: seats (with their bots) differ hugely
    sr = load_results(built["single"][0])
    p = float(sr.frame["seat_advantage_p"].iloc[0])
    words = " ".join(headline_sentences(sr))
    assert p < 1e-6 and "differ significantly" in words and "p < 1e-6" in words
    assert "rotate_seats" in words  # seat and bot are confounded, and the text says so
    # sweeps: a claim of significance only when the frame has significant rows
    for kind in ("sweep1", "sweep2", "sobol"):
        sr = load_results(built[kind][0])
        words = " ".join(headline_sentences(sr))
        base = sr.frame[sr.frame["baseline"] & (sr.frame["level"] == "seat")]
        base_p = float(base["seat_advantage_p"].iloc[0])
        if base_p >= 0.05:
            assert "no seat has a significant advantage" in words
        if not sr.frame["significant"].any():
            assert "No sweep point changes any seat's win share significantly" in words
        else:
            assert "differ" in words and "significantly from the baseline" in words
        assert "fairest" in words
    # tournament: the strongest bot is the one the head-to-head matrix ranks first
    sr = load_results(built["tournament"][0])
    best = sr.head_to_head().mean(axis=1).idxmax()
    heads = headline_sentences(sr)
    # the meta-game comes first: a dominant strategy (or none), then the equilibrium mixture
    from simlab.report.metagame import meta_game

    mg = meta_game(sr)
    assert heads[0].startswith(f"Dominant strategy: {mg.dominant}" if mg.dominant
                               else "No dominant strategy")
    assert heads[1].startswith("Meta-game equilibrium")
    assert heads[2].startswith(f"{best} is the strongest bot")
    if mg.dominant:  # a dominant bot is also the strongest head to head
        assert mg.dominant == best
    # compare: one sentence per variant
    sr = load_results(built["compare"][0])
    words = headline_sentences(sr)
    assert any(s.startswith("Variant A") for s in words)
    assert any(s.startswith("Variant B") for s in words)


def test_run_parameters(built):
    folder, _, text = built["sweep1"]
    man = json.loads((folder / "manifest.json").read_text())
    plain = html.unescape(text)
    assert ">seed<" in text and f">{man['seed']}<" in text
    assert f"{man['games_played']:,}" in plain
    assert man["simlab_version"] in text
    assert "matplotlib" in text and "numpy" in text
    assert "git commit" in text
    assert "rules.timer_seconds" in plain.split("<pre>")[1]


def test_custom_path_puts_pngs_beside_it(built, tmp_path):
    folder = built["rotate"][0]
    target = tmp_path / "elsewhere" / "mine.html"
    out = build_report(folder, target)
    assert out == target and out.is_file()
    pngs = sorted(p.name for p in target.parent.glob("*.png"))
    assert pngs and all(n.startswith("mine-") for n in pngs)
    assert {t for _, t in _imgs(out.read_text(encoding="utf-8"))} == set(pngs)


def test_no_pyplot(built):
    """The report never touches pyplot's global state (checked in a fresh interpreter)."""
    code = ("import sys; from simlab.sweep import build_report; "
            f"build_report({str(built['single'][0])!r}); "
            "assert 'matplotlib.pyplot' not in sys.modules, 'pyplot was imported'")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                       timeout=120)
    assert r.returncode == 0, r.stderr


# ---------------------------------------------------------------------------- bad input
def test_bad_folder_raises(tmp_path, built):
    with pytest.raises(SimlabError, match="RESULTS_DIR"):
        build_report(tmp_path / "missing")
    empty = tmp_path / "empty"
    empty.mkdir()
    with pytest.raises(SimlabError, match="manifest.json"):
        build_report(empty)
    with pytest.raises(SimlabError):
        build_report(None)
    broken = tmp_path / "broken"
    broken.mkdir()
    (broken / "manifest.json").write_text("{not json")
    with pytest.raises(SimlabError, match="RESULTS_DIR"):
        build_report(broken)
    # a manifest whose point files are gone
    src = built["single"][0]
    gone = tmp_path / "gone"
    gone.mkdir()
    (gone / "manifest.json").write_text((src / "manifest.json").read_text())
    with pytest.raises(SimlabError, match="missing point file"):
        build_report(gone)
    # a corrupt point file
    bad = tmp_path / "bad"
    (bad / "points").mkdir(parents=True)
    (bad / "manifest.json").write_text((src / "manifest.json").read_text())
    for p in (src / "points").glob("*.npz"):
        (bad / "points" / p.name).write_bytes(b"not an npz")
    with pytest.raises(SimlabError, match="RESULTS_DIR"):
        build_report(bad)
    assert not (bad / "report.html").exists()


def test_report_method_of_sweep_result(tmp_path):
    res = run_sweep({"game": "jelly", "games": 200, "seed": 5, "bots": "greedy"},
                    out=tmp_path / "r", progress=False, backend="serial")
    path = tmp_path / "r" / "report.html"
    assert path.is_file()
    assert res.report() == path
    assert Path(path).read_text(encoding="utf-8").count("<img") >= 5
