"""The replay of a plain-Python game: each move as a step, the state drawn as text.

The checked loop (:func:`~simlab.games.python.playing.play_checked`) plays the game on its
stream and records every move; each step's picture is the game's ``show(rules, state)`` text
(monospace lines) above a bar per seat of the running scores, its log line the game's
``describe`` (the steps hold the game's whole log, once and in order), and a free bot's
decision the values it gave each legal move. The final scores
equal the kernel's (or the batch loop's) row of that game.
"""

from __future__ import annotations

from html import escape

from simlab.core.replay import Decision, Option, Replay, Step
from simlab.games.python.playing import play_checked

_W = 640
_LINE = 16
#: what a free bot's values are
_VALUE_LABEL = {"Greedy": "expected value() after the move",
                "Lookahead": "share of playouts won"}


def _svg(text: str, scores, names) -> str:
    lines = str(text).splitlines() or [""]
    lines = [ln[:90] for ln in lines[:30]]
    bars = len(names)
    h = 20 + _LINE * len(lines) + 16 + 22 * bars
    top = max([1] + [abs(int(s)) for s in scores])
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{_W}" height="{h}" '
           f'viewBox="0 0 {_W} {h}" font-family="monospace" font-size="13">',
           f'<rect x="0" y="0" width="{_W}" height="{h}" fill="#fbfaf7" stroke="#ccc"/>']
    for i, ln in enumerate(lines):
        out.append(f'<text x="10" y="{20 + _LINE * i}" xml:space="preserve">{escape(ln)}</text>')
    y0 = 20 + _LINE * len(lines) + 8
    for s, (name, v) in enumerate(zip(names, scores, strict=True)):
        y = y0 + 22 * s
        w = int(300 * abs(int(v)) / top)
        out.append(f'<text x="10" y="{y + 13}">{escape(name[:28])}</text>')
        out.append(f'<rect x="230" y="{y + 2}" width="{w}" height="14" fill="#4c78a8"/>')
        out.append(f'<text x="{236 + w}" y="{y + 13}">{int(v)}</text>')
    out.append("</svg>")
    return "\n".join(out)


def replay_of(game, prepared, seed: int, g: int, names: list[str]) -> Replay:
    """Game ``g`` of seed ``seed`` step by step (``game`` a
    :class:`~simlab.games.python.adapter.PyGame`)."""
    t = prepared.table()
    impl, R = t.impl, t.rules
    raw = []
    rec = play_checked(t, seed, g, None, names, steps=raw)
    steps = []
    first = raw[0][2] if raw else None
    if first is not None:
        steps.append(Step("the start", [],
                          _svg(impl.show(R, first), impl.scores(R, first), names),
                          scores=[float(x) for x in impl.scores(R, first)]))
    for seat, move, before, after, values in raw:
        if seat is None:
            continue
        sc = [float(x) for x in impl.scores(R, after)]
        decision = None
        if values is not None:
            ms = list(impl.moves(R, before))
            decision = Decision(seat, "the move", repr(move),
                                [Option(repr(m), float(v), m == move)
                                 for m, v in zip(ms, values, strict=True)],
                                value_label=_VALUE_LABEL.get(t.seats[seat].fn.__class__.__name__,
                                                             "value"))
        line = f"{names[seat]}: {impl.describe(R, before, move, after)}"
        steps.append(Step(f"move {len(steps)}: {names[seat]}", [line],
                          _svg(impl.show(R, after), sc, names), decision, sc))
    note = (f"Running scores are the game's scores() after each move; the game ended by "
            f"{t.ends[rec.end]} after {rec.length} {impl.length_unit}.")
    return Replay.played(names, steps, rec.scores, rec.winners, score_note=note,
                         legend="Each step: the game's show() text and each seat's score.")
