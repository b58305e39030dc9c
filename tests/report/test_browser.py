"""The report in a real browser: headless Chromium renders it, every image is in the DOM as a
data URI, the console is clean, and the screenshot is kept as a test artefact
(test-artifacts/report-screenshot.png at the repository root).

Without Chromium the test is skipped locally; on CI (the CI environment variable is set) a
missing Chromium is a failure, because .ci/run installs it.
"""

from __future__ import annotations

import base64
import re
import shutil
import subprocess
from pathlib import Path

import matplotlib.image as mpimg
import numpy as np
import pytest

from simlab.sweep import build_report, run_sweep
from tests.replay_browser import FLAGS, chromium

ROOT = Path(__file__).resolve().parents[2]
ARTIFACT = ROOT / "test-artifacts" / "report-screenshot.png"
WINDOW = (1280, 4000)
SCENARIO = {"game": "jelly", "name": "browser-check", "games": 300, "seed": 2,
            "description": "Timer sweep, mixed bots in every seat rotation.",
            "rotate_seats": True, "sweep": {"params": {"rules.timer_seconds": [1, 3]}}}


def _run(chrome: str, profile: Path, *args: str) -> subprocess.CompletedProcess:
    cmd = [chrome, *FLAGS, f"--user-data-dir={profile}", *args]
    try:
        return subprocess.run(cmd, capture_output=True, text=True, timeout=180)
    except subprocess.TimeoutExpired as e:
        pytest.fail(f"chromium did not finish within 180 s: {' '.join(cmd)}\n{e.stderr}")


def _console_problems(log: str) -> list[str]:
    bad = []
    for line in log.splitlines():
        if "Uncaught" in line:
            bad.append(line)
        elif "CONSOLE" in line and re.search(r"error|ERROR:CONSOLE", line, re.I):
            bad.append(line)
    return bad


@pytest.fixture(scope="module")
def report(tmp_path_factory):
    chrome = chromium()
    folder = tmp_path_factory.mktemp("browser") / "results"
    run_sweep(SCENARIO, out=folder, report=False, progress=False, backend="serial")
    return chrome, build_report(folder)


def test_report_renders_in_chromium(report, tmp_path):
    chrome, path = report
    text = path.read_text(encoding="utf-8")
    url = path.resolve().as_uri()
    n_imgs = len(re.findall(r"<img\b", text))
    assert n_imgs >= 6

    # the DOM after loading: title, headings, every image with its data URI
    dom = _run(chrome, tmp_path / "profile-dom", "--dump-dom", url)
    assert dom.returncode == 0, dom.stderr[-3000:]
    html_out = dom.stdout
    assert "<title>browser-check: Attack of the Jelly Monster</title>" in html_out
    assert "<h1>browser-check" in html_out and "Findings" in html_out
    srcs = re.findall(r'<img\b[^>]*\ssrc="([^"]*)"', html_out)
    assert len(srcs) == n_imgs
    for src in srcs:
        assert src.startswith("data:image/png;base64,")
        assert base64.b64decode(src.split(",", 1)[1])[:8] == b"\x89PNG\r\n\x1a\n"
    problems = _console_problems(dom.stderr)
    assert not problems, "\n".join(problems)

    # the screenshot: the page drawn, images included
    shot = tmp_path / "shot.png"
    r = _run(chrome, tmp_path / "profile-shot", f"--screenshot={shot}",
             f"--window-size={WINDOW[0]},{WINDOW[1]}", url)
    assert r.returncode == 0 and shot.is_file(), r.stderr[-3000:]
    problems = _console_problems(r.stderr)
    assert not problems, "\n".join(problems)
    ARTIFACT.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(shot, ARTIFACT)
    img = mpimg.imread(shot)
    assert img.shape[:2] == (WINDOW[1], WINDOW[0])
    rgb = img[..., :3]
    assert rgb.std() > 0.05, "the screenshot is blank"
    # the figures are drawn: plenty of the palette's blue (#0072B2) on the page
    blue = np.array([0x00, 0x72, 0xB2]) / 255
    near = np.all(np.abs(rgb - blue) < 0.06, axis=-1).sum()
    assert near > 5000, f"only {near} pixels of the figures' blue: images not rendered?"
