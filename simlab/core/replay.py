"""What a game replay is made of: steps, each with its board picture, log, decision and scores.

A game's reference engine plays one game of a run (the same random stream as the kernel) and
records a :class:`Replay`: one :class:`Step` per thing a player does (a roll and placement, a
card played, a worker placed, a die drafted...), each with the board drawn as SVG *after* it,
the log lines it wrote, the decision behind it when a bot made one (the options the bot weighed
and their values, where the bot has them) and the running scores. ``simlab replay`` turns it
into one self-contained HTML page (:mod:`simlab.report.replay`). This module is the contract
between the games (``simlab/games/<game>/replay.py``) and that page; it knows no game.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from simlab.errors import SimlabError


@dataclass
class Option:
    """One option a bot weighed: its label in the game's words, the bot's value for it (None
    where the bot does not score options, e.g. a random bot), whether it was taken."""

    label: str
    value: float | None = None
    chosen: bool = False


@dataclass
class Decision:
    """A bot's decision: who (seat, 0-based), what about (``"where to place the 4s"``), what
    it chose, and the options it weighed (best first, or in the game's order)."""

    seat: int
    what: str
    chosen: str
    options: list[Option] = field(default_factory=list)
    value_label: str = "value"
    note: str = ""


@dataclass
class Step:
    """One step of a replay: the phase it belongs to, its log lines, the board after it (an
    ``<svg>`` element), the decision behind it and the running scores after it (one per seat,
    or None where the game has no running score at that point)."""

    phase: str
    log: list[str]
    svg: str
    decision: Decision | None = None
    scores: list[float] | None = None


@dataclass
class Replay:
    """A replayed game: seat names, steps, the final scores and winners (equal to the kernel's
    row of that game), and a sentence on what the running score counts."""

    names: list[str]
    steps: list[Step]
    final_scores: list[int]
    winners: list[bool]
    score_note: str = ""
    legend: str = ""
    #: what the recorder found wrong (a bot's choice its own values do not explain, ...)
    problems: list[str] = field(default_factory=list)

    @classmethod
    def played(cls, names, steps: list[Step], scores, winners, score_note: str = "",
               legend: str = "", problems=()) -> Replay:
        """The replay of a game a recorder played to its end: the final scores as whole
        numbers, the winners as flags; any ``problems`` are kept and the first five named at the
        end of the score note."""
        problems = list(problems)
        if problems:
            score_note += " Problems: " + "; ".join(problems[:5])
        return cls(list(names), steps, [int(s) for s in scores], [bool(w) for w in winners],
                   score_note, legend, problems)


def _finite(x) -> bool:
    return isinstance(x, int | float) and not isinstance(x, bool) and math.isfinite(x)


def check_replay(rep: Replay) -> list[str]:
    """Every way ``rep`` breaks the contract, in words (empty when it is sound)."""
    errs = []
    n = len(rep.names)
    if not rep.steps:
        errs.append("a replay needs at least one step")
    if len(rep.final_scores) != n or len(rep.winners) != n:
        errs.append(f"final_scores and winners need one entry per seat ({n})")
    for i, st in enumerate(rep.steps):
        where = f"step {i}"
        if not isinstance(st.svg, str) or not st.svg.lstrip().startswith("<svg"):
            errs.append(f"{where}: svg must be an <svg> element")
        if not all(isinstance(line, str) for line in st.log):
            errs.append(f"{where}: log lines must be text")
        if st.scores is not None and (len(st.scores) != n
                                      or not all(_finite(s) for s in st.scores)):
            errs.append(f"{where}: scores need one finite number per seat")
        d = st.decision
        if d is not None:
            if not 0 <= d.seat < n:
                errs.append(f"{where}: decision seat {d.seat} is not a seat")
            if d.options and sum(o.chosen for o in d.options) != 1:
                errs.append(f"{where}: exactly one option of a decision is the chosen one")
            if any(o.value is not None and not _finite(o.value) for o in d.options):
                errs.append(f"{where}: option values must be finite numbers or None")
    return errs


def require_sound(rep: Replay, game: str) -> Replay:
    """``rep``, or a :class:`SimlabError` listing what is wrong with it."""
    errs = check_replay(rep)
    if errs:
        raise SimlabError(f"replay of {game}: " + "; ".join(errs[:10]))
    return rep
