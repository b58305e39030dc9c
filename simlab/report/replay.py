"""The replay page: one game, step by step, in one self-contained HTML file.

:func:`write_replay` renders a :class:`simlab.core.replay.Replay` (made by the game's reference
engine, ``Game.replay``) into ``replay.html.j2``: the board of each step as inline SVG, a slider,
previous/next buttons and the arrow keys, the log lines of the step, the bot's decision with the
options it weighed and their values, and the running scores. No network, no external script:
the steps are embedded as JSON and drawn by a few lines of JavaScript. Opening the page with
``#selftest`` makes it walk every step and write what it showed into ``#selftest`` (the test
suite does that in headless Chromium).
"""

from __future__ import annotations

import dataclasses
import json
from importlib import resources
from pathlib import Path

from jinja2 import Environment, StrictUndefined
from markupsafe import Markup

from simlab.core.io import atomic_write_text
from simlab.core.replay import Replay
from simlab.version import __version__


def _script_json(obj) -> str:
    """JSON safe inside a <script> element (no ``</`` can close it)."""
    return json.dumps(obj, separators=(",", ":")).replace("</", "<\\/")


def _share_svg_lines(steps: list[dict]) -> list[str]:
    """Store each distinct line of the steps' SVG once: a step's ``svg`` becomes the list of
    its lines' indices in the returned table (the page joins them again). A game that writes
    its board one element group per line (the parts that do not change from step to step on
    lines of their own) so costs little per step; an SVG without line breaks stays as it is."""
    table: dict[str, int] = {}
    for st in steps:
        svg = st["svg"]
        if "\n" in svg:
            st["svg"] = [table.setdefault(line, len(table)) for line in svg.split("\n")]
    return list(table)


def replay_html(rep: Replay, *, game_title: str, seed: int, game_index: int, command: str,
                rules_lines=()) -> str:
    """The page's HTML text (see :func:`write_replay`)."""
    env = Environment(autoescape=True, undefined=StrictUndefined, keep_trailing_newline=True)
    text = resources.files("simlab.report").joinpath("replay.html.j2").read_text("utf-8")
    steps = [dataclasses.asdict(s) for s in rep.steps]
    parts = _share_svg_lines(steps)
    final = ", ".join(f"{name} {int(s)}{' (won)' if w else ''}"
                      for name, s, w in zip(rep.names, rep.final_scores, rep.winners,
                                            strict=True))
    meta = {"names": rep.names, "final_scores": [int(s) for s in rep.final_scores],
            "winners": [bool(w) for w in rep.winners], "seed": int(seed),
            "game_index": int(game_index)}
    return env.from_string(text).render(
        title=f"{game_title}: game {game_index} of seed {seed}", game_title=game_title,
        seed=seed, game_index=game_index, players_text=", ".join(rep.names),
        final_text=final, n_steps=len(steps), rules_lines=list(rules_lines),
        score_note=rep.score_note, legend=rep.legend, version=__version__, command=command,
        steps_json=Markup(_script_json(steps)), meta_json=Markup(_script_json(meta)),
        parts_json=Markup(_script_json(parts)))


def write_replay(path, rep: Replay, *, game_title: str, seed: int, game_index: int,
                 command: str = "", rules_lines=()) -> Path:
    """Write the replay page of ``rep`` to ``path`` (atomically) and return the path.

    Parameters
    ----------
    path : path
        The HTML file; its folder must exist.
    rep : Replay
        The replayed game (``Game.replay``).
    game_title : str
    seed, game_index : int
        The run's seed and the game's index in it (shown, and kept in the page's data).
    command : str
        The command line that makes the same page (shown in the footer).
    rules_lines : sequence of str
        The rules in force that differ from the defaults, in words.
    """
    path = Path(path)
    atomic_write_text(path, replay_html(rep, game_title=game_title, seed=seed,
                                        game_index=game_index, command=command,
                                        rules_lines=rules_lines))
    return path
