"""Monkey Fun step by step: one game of a run, from the reference engine, as a replay page.

:func:`replay` plays game ``game`` of seed ``seed`` with the readable reference engine
(:class:`~simlab.games.monkey.reference.ReferenceGame`, the kernel's random stream) and records a
:class:`~simlab.core.replay.Replay` with these steps:

- **setup**: the deck shuffled and the hands dealt;
- **a turn**: the cards played, their sum and the field it names, the monkey placed there (or,
  with no playable card, the hand discarded and a monkey boxed from the supply; solo: a free
  square field covered or a minus tower raised); the hands after drawing back up;
- **a field taken** (not solo): when the placement gives a player 2 monkeys more than everyone
  on the field, it becomes theirs; the turn is split there, so the turn's board shows the
  placement and this step shows the other monkeys going to the box;
- **the end**: the row of 4 (quick game: or 2x2 square) that won, or the final scoring field by
  field (minorities and tied top counts removed), or the solo result.

The board of each step (SVG) shows the 6x6 fields with their numbers (shaded: the darker, the
higher, as on the printed board), each seat's monkeys per field as a count in its colour, owned
fields framed in the owner's colour, the field of the step outlined in black, the winning row
drawn through its fields, and per seat the monkeys left to place, the boxed monkeys, the hand of
cards and the cards just played.

Decisions: the reference engine asks the kernel's bot (``bots.decide``) on the array view it
builds (``make_view``); just before it does, this module asks the same bot functions for their
value of every play on that same view, with a copy of the random stream where the bot draws
(the ``leader`` of the evaluation bots, the lookahead's playouts): greedy/row/blocker/weights
(``_evaluate`` + the cost term), the solo planner (``_solo_value``), the lookahead (mean playout
result), the solo search (paired playout gain over the plan's play), a custom bot (its score),
the random bot (no values). A choice that is not the best value is flagged in the note as a bug.

Running scores: final scoring on the position after the step (what ``nb.record_turn`` records
for the game shape; the reference's ``running_scores``); none in the solo variant.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from html import escape
from types import SimpleNamespace

import numpy as np

from simlab.core.custom import CUSTOM_ID
from simlab.core.replay import Decision, Option, Replay, Step
from simlab.core.rng import next_u64, randint
from simlab.games.monkey import bots
from simlab.games.monkey.reference import ReferenceGame
from simlab.games.monkey.rules import MODE_QUICK, MODE_SOLO, SHAPE_ROW, SIDE
from simlab.games.monkey.state import (
    CHOICE_NAMES,
    E_NONE,
    E_POINTS,
    E_ROW,
    E_SOLO_LOSS,
    E_SOLO_WIN,
    E_SQUARE,
    new_state,
)


def _kernel_functions() -> SimpleNamespace:
    """The kernel's bot functions and constants this module asks, in one place: where they
    live in the kernel split of issue #18 (``engine``/``policies``/``search``), else in
    ``nb``/``bots``."""
    try:
        engine, policies, search = (importlib.import_module(f"simlab.games.monkey.{m}")
                                    for m in ("engine", "policies", "search"))
    except ModuleNotFoundError as e:
        if e.name not in ("simlab.games.monkey.engine", "simlab.games.monkey.policies",
                          "simlab.games.monkey.search"):
            raise
        from simlab.games.monkey import nb

        b = bots
        return SimpleNamespace(
            legal_plays=nb.legal_plays, take_turn=nb.take_turn, canonical=b._canonical,
            cost=b._cost, evaluate=b._evaluate, leader=b._leader, tie=b._tie,
            free_fields=b._free_fields, solo_value=b._solo_value, solo_choice=b._solo_choice,
            copy_state=b._copy_state, resample=b._resample, playout=b.playout,
            solo_rollouts=b._solo_rollouts, EPS=b.EPS, W_COST=b.W_COST, W_LEADER=b.W_LEADER,
            P_PLAYOUTS=b.P_PLAYOUTS, EVAL_PARAMS=b.EVAL_PARAMS)
    return SimpleNamespace(
        legal_plays=engine.legal_plays, take_turn=engine.take_turn,
        canonical=policies.canonical, cost=policies.play_cost, evaluate=policies.evaluate,
        leader=policies.leader_seat, tie=policies.tie_step, free_fields=policies._free_fields,
        solo_value=policies._solo_value, solo_choice=policies.solo_choice,
        copy_state=search._copy_state, resample=search._resample, playout=search.playout,
        solo_rollouts=search._solo_rollouts, EPS=policies.EPS, W_COST=policies.W_COST,
        W_LEADER=policies.W_LEADER, P_PLAYOUTS=policies.P_PLAYOUTS,
        EVAL_PARAMS=policies.EVAL_PARAMS)


K = _kernel_functions()

#: seat colours (Okabe-Ito) and the text colour readable on each
SEAT_COLOURS = ("#0072B2", "#E69F00", "#009E73", "#CC79A7")
SEAT_INK = ("#ffffff", "#000000", "#ffffff", "#000000")
HIGHLIGHT = "#000000"
TOWER = "#D55E00"
BOT_NAMES = {bid: name for name, (bid, *_rest) in bots.BOTS.items()}

# board geometry (SVG user units; the page scales the drawing to its width)
CELL = 100
GX, GY = 16, 56
PANEL_X = GX + SIDE * CELL + 28
WIDTH = PANEL_X + 410
BLOCK = 132  # height of a seat's block in the side panel


# --------------------------------------------------------------------------- recording
@dataclass
class _Snap:
    """The position at one moment: what the board drawing needs."""

    monkeys: dict          # (row, col) -> monkeys per seat
    owner: dict            # (row, col) -> owning seat
    keeper: dict           # (row, col) -> seat holding the majority (owner included) or -1
    supply: list
    box: list
    hands: list
    n_draw: int
    n_discard: int
    turn: int
    towers: int
    scores: list | None


@dataclass
class _Weighed:
    """The bot's options on the view it decided on: distinct card subsets (masks), the field
    each names, the bot's value for each (None: no values), the play the values pick when it is
    determined by them (lookahead and solo search: the replicated search's pick) and notes."""

    masks: list
    cells: list
    labels: list                  # "3+4 → field 7", with what the play does besides
    keys: list                    # the cards of each play, sorted (a play's identity)
    values: list | None
    value_label: str
    note: str
    pick: tuple | None = None     # the play (its key) the replicated search picked
    kind: str = "play"


@dataclass
class _Turn:
    seat: int
    number: int
    start: int                    # first log line of the turn
    stop: int                     # one past its last line
    end: int                      # end reason after it
    weighed: _Weighed | None
    played: tuple | None          # (cards played in hand order, mask, hand before)
    owned_line: int | None        # log line of "field n now belongs to ..."
    field: tuple | None           # (row, col) of the placement
    after: _Snap                  # after the turn (hands drawn back up)
    effects: list                 # what the play did, the explanation's choice names


class _Recorder(ReferenceGame):
    """The reference engine, unchanged, with a snapshot per log line and per turn, and the
    bot's option values taken on the view the bot is shown (``make_view`` runs right before
    ``bots.decide`` on the same state and random stream)."""

    def __init__(self, prepared, seed: int, game: int, names):
        super().__init__(prepared.arrays, prepared.lineup, seed, game, log=True, names=names)
        self.snaps: list[_Snap] = []
        self.turn_log: list[_Turn] = []
        self._weighed = self._played = self._owned_line = self._field = None

    def snapshot(self) -> _Snap:
        return _Snap({rc: list(m) for rc, m in self.monkeys.items()}, dict(self.owner),
                     {rc: self.majority(rc) for rc in self.monkeys}, list(self.supply),
                     list(self.box), [list(h) for h in self.hands], len(self.draw_pile),
                     len(self.discard_pile), self.turn, len(self.towers()),
                     None if self.solo else [int(x) for x in self.running_scores()])

    def say(self, text: str):
        super().say(text)
        self.snaps.append(self.snapshot())

    def make_view(self, p: int):
        st = super().make_view(p)
        self._weighed = weigh(self, st, p)
        return st

    def take_turn(self, p: int, m: int) -> int:
        if m:
            hand = list(self.hands[p])
            self._played = ([v for i, v in enumerate(hand) if (m >> i) & 1], int(m), hand)
        return super().take_turn(p, m)

    def place_monkey(self, p: int, rc):
        had = rc in self.owner
        self._field = rc
        super().place_monkey(p, rc)
        if not had and rc in self.owner:
            self._owned_line = len(self.lines) - 1  # the last line place() says

    def play_turn(self, p: int) -> int:
        start = len(self.lines)
        self._weighed = self._played = self._owned_line = self._field = None
        before = self.agg.choice[p].copy()
        end = super().play_turn(p)
        counted = self.agg.choice[p] - before  # what count_choice found the play did
        effects = [name for name, k in zip(CHOICE_NAMES, counted, strict=True) if k]
        self.turn_log.append(_Turn(p, self.turn, start, len(self.lines), end, self._weighed,
                                   self._played, self._owned_line, self._field,
                                   self.snapshot(), effects))
        return end


# --------------------------------------------------------------------------- bot values
def weigh(g: ReferenceGame, st, p: int) -> _Weighed:
    """The options of seat p's bot on view ``st`` and its value for each, from the kernel's
    own bot functions (the random stream copied: the game's stream is left to the bot)."""
    A, lu = g.A, g.lineup
    bid = int(lu.ids[p])
    w = lu.params[p]
    n = int(K.legal_plays(A, st, p))
    masks = [int(st.masks[i]) for i in range(n)]
    cells = [int(st.cells[i]) for i in range(n)]
    canon = [bool(K.canonical(st, p, m)) for m in masks]
    kind = "play"
    if A.mode == MODE_SOLO and n:
        kind = "solo" if int(st.counts[cells[0], 0]) == 0 else "tower"
    rng = np.array(g.rng, copy=True)
    name = BOT_NAMES.get(bid, "custom")
    values: list | None = None
    pick = None
    extra: dict = {}  # mask -> what the label adds
    note = ""
    label = f"{name} value"
    if bid == CUSTOM_ID:
        k = int(bots.play_kind(A, st, n))
        values = [float(lu.custom(A, st, p, k, i, w)) for i in range(n)]
        label = "custom bot's score"
        note = ("the custom bot scores every legal play; the best one is played, plays scored "
                "alike drawn at random (as the built-in bots draw their ties)")
    elif bid == bots.BOT_FIRST:
        label = "value (none: the bench bot first)"
        note = "the first legal play in the kernel's order (a bench bot: no evaluation)"
    elif bid == bots.BOT_RANDOM:
        label = "value (none: a random bot)"
        note = ("chosen at random: uniform over the legal card subsets that do not name a field "
                "it owns (there the monkey would go to the box)")
    elif bid == bots.BOT_LOOKAHEAD and g.sim is not None:
        plays = max(1, int(w[0]))
        values, pick = _lookahead_values(A, st, p, n, masks, canon, plays, rng, w)
        label = "mean playout result"
        note = (f"flat Monte Carlo: each play tried in {plays} random playouts to the end "
                "(unseen cards reshuffled); result = win share + points / 10000; exact ties "
                "drawn at random")
    elif (bid == bots.BOT_SOLO and w[K.P_PLAYOUTS] >= 1.0 and A.mode == MODE_SOLO
          and g.sim is not None):
        values, pick, plan, extra = _solo_search_values(A, st, p, n, masks, canon, w, rng)
        label = "playout gain over the plan's play"
        note = (f"solo search: the planner's play ({'+'.join(map(str, _key(st, p, plan)))}) unless another play "
                f"beats it in {int(min(w[K.P_PLAYOUTS], st.vals.shape[0]))} paired playouts "
                "by two standard errors (outcome: success + score / 1000)")
    elif bid == bots.BOT_SOLO:
        nfree = int(K.free_fields(A, st))
        values = [float(K.solo_value(A, st, p, c, m, w, nfree))
                  for c, m in zip(cells, masks, strict=True)]
        label = "solo planner value"
        note = ("free square fields: the hardest to reach first (-reach); with two left, the "
                "chance of naming the one kept for last times its worth; towers: an existing "
                "one, else the lowest field; + keep, - cost")
    else:
        leader = -1
        if A.n_players > 1 and w[K.W_LEADER] != 0.0:
            leader = int(K.leader(A, st, p, rng))
        cost_w = float(w[K.W_COST])
        values = [float(K.evaluate(A, st, p, c, w, leader))
                  + cost_w * float(K.cost(A, st, m)) for c, m in zip(cells, masks,
                                                                      strict=True)]
        weights = ", ".join(f"{k} {float(w[i]):g}" for i, k in enumerate(K.EVAL_PARAMS))
        note = (f"value = linear evaluation of the field ({weights}) + cost x (cards + "
                "their sum / 10)")
        if w[K.W_LEADER] != 0.0:
            note += "; leader: " + (g.names[leader] if leader >= 0 else "none (no open threat)")
    keep = [i for i in range(n) if canon[i]]
    labels, keys = [], []
    for i in keep:
        cards = [int(st.hand[p, j]) for j in range(int(st.hand_n[p])) if (masks[i] >> j) & 1]
        text = f"{'+'.join(map(str, cards))} → field {int(A.number[cells[i]])}"
        if kind == "tower":
            text += " (minus tower)"
        elif int(st.owner[cells[i]]) == p:
            text += " (its own field: the monkey goes to the box)"
        labels.append(text + extra.get(masks[i], ""))
        keys.append(tuple(sorted(cards)))
    return _Weighed([masks[i] for i in keep], [cells[i] for i in keep], labels, keys,
                    None if values is None else [values[i] for i in keep], label, note,
                    None if pick is None else _key(st, p, pick), kind)


def _key(st, p, m) -> tuple:
    """The cards of subset m of p's hand, sorted: what identifies a play."""
    return tuple(sorted(int(st.hand[p, j]) for j in range(int(st.hand_n[p])) if (m >> j) & 1))


def _lookahead_values(A, st, p, n, masks, canon, plays, rng, w):
    """The lookahead bot's search (``lookahead`` in the kernel) on a copy of the stream: the mean
    playout result of every distinct play and the play it picks."""
    sim = new_state(A.n_players, A.n_cards)
    best, ties, bm = -1e18, 0, masks[0]
    values = [0.0] * n
    for i in range(n):
        m = masks[i]
        if not canon[i]:
            continue
        tot = 0.0
        for _ in range(plays):
            K.copy_state(st, sim)
            K.resample(A, sim, p, rng)
            K.take_turn(A, sim, p, m, rng)
            tot += float(K.playout(A, sim, p, rng, False, w))
        values[i] = tot / plays
        take, best, ties = K.tie(tot, best, ties, True, rng)
        if take:
            bm = m
    return values, bm


def _solo_search_values(A, st, p, n, masks, canon, w, rng):
    """The solo search (``solo_search`` in the kernel) on a copy of the stream: the mean paired gain of
    every distinct play over the planner's play (0 for it) and the play it picks."""
    sim = new_state(A.n_players, A.n_cards)
    plan = int(K.solo_choice(A, st, p, n, w, rng))
    plays = min(int(w[K.P_PLAYOUTS]), sim.vals.shape[0])
    base = np.uint64(next_u64(rng))
    K.solo_rollouts(A, st, sim, p, plan, plays, base, w, sim.vals, True)
    values = [0.0] * n
    extra = {plan: " (the planner's play)"}
    bm, best, ties = plan, 0.0, 0
    for i in range(n):
        m = masks[i]
        if m == plan or not canon[i]:
            continue
        d, var = K.solo_rollouts(A, st, sim, p, m, plays, base, w, sim.vals, False)
        d, var = float(d), float(var)
        values[i] = d
        if d > 0.0 and d * d * plays <= 4.0 * var:
            extra[m] = " (gain within two standard errors)"
        if d <= 0.0 or d * d * plays <= 4.0 * var or d < best - K.EPS:
            continue
        if d > best + K.EPS:
            best, bm, ties = d, m, 1
        else:
            ties += 1
            if randint(rng, ties) == 0:
                bm = m
    return values, bm, plan, extra


def _decision(g: _Recorder, t: _Turn) -> Decision | None:
    """The Decision of a turn: the options the bot weighed, its values, the chosen play."""
    wd = t.weighed
    if wd is None or t.played is None:
        return None
    played = t.played[0]
    chosen_key = tuple(sorted(played))
    options = [Option(label, None if wd.values is None else wd.values[i], key == chosen_key)
               for i, (label, key) in enumerate(zip(wd.labels, wd.keys, strict=True))]
    note = wd.note
    if wd.values is not None and options:
        best = max(o.value for o in options)
        top = [o for o in options if o.value >= best - K.EPS]
        chosen = next((o for o in options if o.chosen), None)
        if wd.pick is not None:
            if wd.pick != chosen_key:
                note += ("; BUG: the bot played another option than its search picks on the "
                         "same state (please report)")
        elif chosen is None or chosen.value < best - K.EPS:
            note += "; BUG: the bot's choice is not its best value (please report)"
        elif len(top) > 1:
            note += f"; {len(top)} plays tie at the best value: the bot drew one at random"
        options.sort(key=lambda o: -o.value)
        near = [o for o in options if round(o.value, 2) == round(best, 2)]
        if any(abs(o.value - best) > K.EPS for o in near):
            for o in near:  # the page shows 2 decimals: these differ below them
                o.label += f" [{o.value:.4f}]"
    what = {"play": "which cards to play (their sum names the field)",
            "solo": "which free field of the square to cover",
            "tower": "where to raise a minus tower (no free square field can be named)"}[wd.kind]
    field = int(g.A.number[t.field[0] * SIDE + t.field[1]])
    return Decision(t.seat, what, f"{'+'.join(map(str, played))} = {sum(played)} → field {field}"
                    f" ({effects_text(t.effects, g.solo)})", options, wd.value_label, note)


#: the explanation's choice names of a play in words (``state.CHOICE_NAMES``; the cards are in
#: the play's own text)
EFFECT_WORDS = {"gain_majority": "gains the field's majority",
                "build": "builds a line (2 or more of its majorities in a shape still open)",
                "block": "blocks an opponent's line one monkey from complete",
                "contest": "breaks an opponent's majority",
                "take_field": "takes the field (2 more monkeys than everyone)",
                "own_field": "its own field: the monkey goes to the box",
                "cover": "covers a free square field", "new_tower": "builds a minus tower",
                "raise_tower": "raises a minus tower"}


def effects_text(effects, solo: bool) -> str:
    """What a play did, from the explanation's choice names counted for it."""
    words = [EFFECT_WORDS[e] for e in effects if e in EFFECT_WORDS]
    if not words:
        return "no majority changes hands" if not solo else "a monkey placed"
    return "; ".join(words)


# --------------------------------------------------------------------------- drawing
def _shade(n: int) -> str:
    """Field background: the darker, the higher the number (as on the printed board)."""
    v = round(248 - (n - 1) * 58 / 35)
    return f"#{v:02x}{v:02x}{min(v + 4, 255):02x}"


def _text(x, y, s, size=14, fill="#1d1d1f", anchor="start", weight="normal", extra=""):
    return (f'<text x="{x:.1f}" y="{y:.1f}" font-size="{size}" fill="{fill}" '
            f'text-anchor="{anchor}" font-weight="{weight}"{extra}>{escape(str(s))}</text>')


def _svg(A, names, snap: _Snap, title: str, *, seat=None, field=None, played=None,
         shape=None, winner=None, final=False, solo_result=None, discarded=None) -> str:
    """The board after a step."""
    n_p = len(names)
    solo = A.mode == MODE_SOLO
    height = GY + SIDE * CELL + 64
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {height}" '
           f'role="img" aria-label="{escape(title)}" '
           'font-family="DejaVu Sans, Helvetica, Arial, sans-serif">',
           f'<rect x="0" y="0" width="{WIDTH}" height="{height}" fill="#ffffff"/>',
           _text(GX, 32, title, 19, weight="bold")]
    for r in range(SIDE):
        for c in range(SIDE):
            out += _cell(A, snap, r, c, n_p, solo, final)
    if solo:
        out.append(f'<rect x="{GX + CELL}" y="{GY + CELL}" width="{4 * CELL}" '
                   f'height="{4 * CELL}" fill="none" stroke="#444" stroke-width="3" '
                   'stroke-dasharray="10 6"/>')
    if shape is not None:
        cells, is_row = shape
        col = SEAT_COLOURS[winner]
        for cl in cells:  # the shape's fields tinted in the winner's colour
            out.append(f'<rect x="{GX + (cl % SIDE) * CELL}" y="{GY + (cl // SIDE) * CELL}" '
                       f'width="{CELL}" height="{CELL}" fill="{col}" fill-opacity="0.3"/>')
        if is_row:  # a line through the row's fields
            (x1, y1), (x2, y2) = [(GX + (cl % SIDE) * CELL + CELL / 2,
                                   GY + (cl // SIDE) * CELL + CELL / 2)
                                  for cl in (cells[0], cells[-1])]
            out.append(f'<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" stroke="{col}" '
                       'stroke-width="16" stroke-linecap="round" stroke-opacity="0.6"/>')
        else:  # a 2x2 square: one dashed frame around its four fields
            r0 = min(cl // SIDE for cl in cells)
            c0 = min(cl % SIDE for cl in cells)
            out.append(f'<rect x="{GX + c0 * CELL - 3}" y="{GY + r0 * CELL - 3}" '
                       f'width="{2 * CELL + 6}" height="{2 * CELL + 6}" fill="none" '
                       f'stroke="{col}" stroke-width="8" stroke-dasharray="18 8"/>')
    if field is not None:
        r, c = field
        out.append(f'<rect x="{GX + c * CELL - 2}" y="{GY + r * CELL - 2}" width="{CELL + 4}" '
                   f'height="{CELL + 4}" fill="none" stroke="{HIGHLIGHT}" stroke-width="5" '
                   'rx="4"/>')
    out += _panel(A, names, snap, seat, played, field, solo, solo_result, discarded)
    out.append(_legend(A, height, solo, final))
    out.append("</svg>")
    return "".join(out)


def _cell(A, snap, r, c, n_p, solo, final):
    x, y = GX + c * CELL, GY + r * CELL
    n = int(A.number[r * SIDE + c])
    counts = snap.monkeys[(r, c)]
    keeper = snap.keeper[(r, c)]
    out = [f'<rect x="{x}" y="{y}" width="{CELL}" height="{CELL}" fill="{_shade(n)}" '
           'stroke="#9aa0a6" stroke-width="1"/>']
    if final and sum(counts) and keeper >= 0:
        out.append(f'<rect x="{x}" y="{y}" width="{CELL}" height="{CELL}" '
                   f'fill="{SEAT_COLOURS[keeper]}" fill-opacity="0.22"/>')
    out.append(_text(x + 8, y + 29, n, 26, weight="bold"))
    o = snap.owner.get((r, c))
    if o is not None:
        col = SEAT_COLOURS[o]
        out.append(f'<rect x="{x + 4}" y="{y + 4}" width="{CELL - 8}" height="{CELL - 8}" '
                   f'fill="none" stroke="{col}" stroke-width="5"/>')
        out.append(f'<rect x="{x + CELL - 44}" y="{y + 9}" width="35" height="21" rx="3" '
                   f'fill="{col}"/>')
        out.append(_text(x + CELL - 26.5, y + 25, f"P{o + 1}", 15, SEAT_INK[o], "middle",
                         "bold"))
    if solo and counts[0] >= 2:
        out.append(_text(x + CELL - 6, y + CELL - 8, f"tower −{n}", 14, TOWER, "end", "bold"))
    for q in range(n_p):
        k = counts[q]
        if not k:
            continue
        faded = final and keeper != q
        op = ' opacity="0.35"' if faded else ""
        cx = x + 15 + q * 23.5 if n_p > 1 else x + 24
        cy = y + 62
        rad = 11.5 if n_p > 1 else 14
        out.append(f'<g{op}><circle cx="{cx}" cy="{cy}" r="{rad}" fill="{SEAT_COLOURS[q]}" '
                   f'stroke="#ffffff" stroke-width="1"/>'
                   + _text(cx, cy + 5, k, 15, SEAT_INK[q], "middle", "bold") + "</g>")
    if final and sum(counts):
        if keeper >= 0:
            out.append(_text(x + CELL - 6, y + CELL - 7, f"+{n}", 14, "#1d1d1f", "end",
                             "bold"))
        else:
            out.append(_text(x + CELL - 6, y + CELL - 7, "tie: 0", 14, "#3c4043", "end"))
    return out


def _hand(x, y, cards, stroke="#5f6368", width=1.5, fill="#ffffff"):
    out = []
    for i, v in enumerate(cards):
        cx = x + i * 36
        out.append(f'<rect x="{cx}" y="{y}" width="31" height="42" rx="4" fill="{fill}" '
                   f'stroke="{stroke}" stroke-width="{width}"/>')
        out.append(_text(cx + 15.5, y + 28, v, 18, "#1d1d1f", "middle", "bold"))
    return out


def _panel(A, names, snap, seat, played, field, solo, solo_result, discarded):
    x = PANEL_X
    y = GY
    where = f"round {snap.turn} of {A.solo_rounds}" if solo else f"turn {snap.turn}"
    if snap.turn == 0:
        where = "before the first turn"
    out = [_text(x, y + 6, f"{where} · draw pile {snap.n_draw} · discard pile "
                 f"{snap.n_discard}", 15, "#3c4043")]
    y += 20
    for q, name in enumerate(names):
        top = y + q * BLOCK
        if q == seat:
            out.append(f'<rect x="{x - 8}" y="{top}" width="{WIDTH - x + 2}" '
                       f'height="{BLOCK - 8}" rx="6" fill="#fff6d5" stroke="#e6c200" '
                       'stroke-width="1"/>')
        out.append(f'<rect x="{x}" y="{top + 10}" width="18" height="18" rx="3" '
                   f'fill="{SEAT_COLOURS[q]}"/>')
        short = name if len(name) <= 24 else name[:23] + "…"
        out.append(_text(x + 26, top + 26, short, 19, weight="bold"))
        if snap.scores is not None:
            out.append(_text(WIDTH - 12, top + 26, f"score {snap.scores[q]}", 17,
                             anchor="end"))
        owns = sum(1 for o in snap.owner.values() if o == q)
        if solo:
            info = (f"to place {snap.supply[q]} · minus towers {snap.towers} of "
                    f"{A.solo_max_towers}")
        else:
            info = (f"to place {snap.supply[q]} · boxed {snap.box[q]} · owns {owns} field"
                    + ("" if owns == 1 else "s"))
        out.append(_text(x, top + 50, info, 16, "#3c4043"))
        out.append(_text(x, top + 69, "hand", 13, "#5f6368"))
        out += _hand(x, top + 74, snap.hands[q])
        if q == seat and played:
            px = x + 36 * max(len(snap.hands[q]), 1) + 22
            n = int(A.number[field[0] * SIDE + field[1]])
            out.append(_text(px, top + 69, f"played: sum {sum(played)} → field {n}", 13,
                             "#1d1d1f", weight="bold"))
            out += _hand(px, top + 74, played, HIGHLIGHT, 2.5, "#fff0c2")
        if q == seat and discarded:
            px = x + 36 * max(len(snap.hands[q]), 1) + 22
            out.append(_text(px, top + 69, "discarded: no sum names an open field", 13,
                             "#1d1d1f", weight="bold"))
            out += _hand(px, top + 74, discarded, "#9aa0a6", 1.5, "#e8eaed")
    if solo_result:
        out.append(_text(x, y + BLOCK + 30, solo_result, 17, weight="bold"))
    return out


def _legend(A, height, solo, final):
    y = height - 34
    x = GX
    out = ['<g>',
           f'<circle cx="{x + 9}" cy="{y - 5}" r="9" fill="{SEAT_COLOURS[0]}"/>',
           _text(x + 9, y, "3", 12, "#fff", "middle", "bold"),
           _text(x + 24, y, "a seat's monkeys on the field", 15, "#3c4043")]
    x += 250
    if not solo:
        closed = "others" if A.owner_may_place else "everyone"
        out += [f'<rect x="{x}" y="{y - 14}" width="18" height="18" fill="none" '
                f'stroke="{SEAT_COLOURS[1]}" stroke-width="4"/>',
                _text(x + 24, y, f"owned field (closed to {closed})", 15, "#3c4043")]
        x += 260
    out += [f'<rect x="{x}" y="{y - 14}" width="18" height="18" fill="none" '
            f'stroke="{HIGHLIGHT}" stroke-width="4"/>',
            _text(x + 24, y, "the field of this step", 15, "#3c4043"),
            _text(x + 220, y, "darker field = higher number", 15, "#3c4043")]
    x = GX
    line2 = []
    if solo:
        line2.append(f"dashed: the 4x4 square to cover; tower: a field with 2 to "
                     f"{A.solo_max_per_field} monkeys (its number is deducted)")
    if final:
        line2.append("final scoring: tinted fields are kept by that seat (+points); faded "
                     "monkeys are removed (minority or tied top count)")
    if line2:
        out.append(_text(x, y + 22, "; ".join(line2), 15, "#3c4043"))
    out.append("</g>")
    return "".join(out)


def _winning_shape(g: ReferenceGame, q: int):
    """A winning shape of seat q on the position, by the engine's own majority: (its 4 cells,
    whether it is a row), or None."""
    A = g.A
    for s in range(A.shapes.shape[0]):
        cells = [int(c) for c in A.shapes[s]]
        if all(g.majority(divmod(c, SIDE)) == q for c in cells):
            return cells, int(A.shape_kind[s]) == SHAPE_ROW
    return None


# --------------------------------------------------------------------------- the replay
def replay(prepared, seed: int, game: int, names: list[str]) -> Replay:
    """Replay game ``game`` of seed ``seed`` step by step (see the module docstring)."""
    g = _Recorder(prepared, seed, game, names)
    scores, winners = g.play_game()
    A = g.A
    lines = g.lines
    steps: list[Step] = []
    first = g.turn_log[0].start if g.turn_log else len(lines)
    start_snap = g.snaps[first - 1]  # when the deal was logged
    steps.append(Step("setup", lines[:first],
                      _svg(A, names, start_snap,
                           f"Setup: deck shuffled, {A.hand_size} cards dealt to each player"),
                      None, start_snap.scores))
    last_stop = first
    for t in g.turn_log:
        who = names[t.seat]
        phase = f"turn {t.number} · {who}" if not g.solo else f"round {t.number}"
        decision = _decision(g, t)
        played = t.played[0] if t.played else None
        shape = None
        if t.end in (E_ROW, E_SQUARE):
            shape = _winning_shape(g, t.seat)
        if played is None:
            title = (f"Turn {t.number}: {who} cannot play: hand discarded, a monkey boxed"
                     if not g.solo else f"Round {t.number}: no field can be named: lost")
            held = g.snaps[t.start].hands[t.seat]  # when its turn began
            steps.append(Step(phase, lines[t.start:t.stop],
                              _svg(A, names, t.after, title, seat=t.seat,
                                   discarded=held if not g.solo else None),
                              None, t.after.scores))
            last_stop = t.stop
            continue
        n = int(A.number[t.field[0] * SIDE + t.field[1]])
        what = ("covers" if not g.solo or t.after.monkeys[t.field][0] == 1 else
                "raises a minus tower on")
        title = (f"{'Turn' if not g.solo else 'Round'} {t.number}: {who} plays "
                 f"{'+'.join(map(str, played))} = {sum(played)}: "
                 + (f"a monkey on field {n}" if not g.solo else f"{what} field {n}"))
        if t.end in (E_ROW, E_SQUARE):
            title += f": {'a row of 4' if t.end == E_ROW else 'a 2x2 square'}, wins"
        if t.owned_line is not None:
            before = g.snaps[t.owned_line - 1]
            steps.append(Step(phase, lines[t.start:t.owned_line],
                              _svg(A, names, before, title, seat=t.seat, field=t.field,
                                   played=played),
                              decision, before.scores))
            boxed = lines[t.owned_line].split("to the box: ", 1)[-1]
            title = f"Field {n} now belongs to {who} (to the box: {boxed})"
            steps.append(Step(f"turn {t.number} · field {n} taken", lines[t.owned_line:t.stop],
                              _svg(A, names, t.after, title, seat=t.seat, field=t.field,
                                   shape=shape, winner=t.seat),
                              None, t.after.scores))
        else:
            steps.append(Step(phase, lines[t.start:t.stop],
                              _svg(A, names, t.after, title, seat=t.seat, field=t.field,
                                   played=played, shape=shape, winner=t.seat),
                              decision, t.after.scores))
        last_stop = t.stop
    end_lines = lines[last_stop:]
    end = _end_reason(g)
    final = g.snapshot()
    won = [names[q] for q in range(g.n_p) if winners[q]]
    first_winner = winners.index(True) if any(winners) else None
    shape = None
    solo_result = None
    if end in (E_ROW, E_SQUARE):
        shape = _winning_shape(g, first_winner)
        title = (f"{won[0]} wins with a {'row of 4' if end == E_ROW else '2x2 square'}; "
                 "scores: final scoring of the position")
    elif end == E_POINTS:
        title = "Final scoring: " + ("winner " if len(won) == 1 else "shared win ") + \
            ", ".join(won)
    elif end == E_SOLO_WIN:
        title = f"Solo: the square is complete in round {g.turn}: won with {scores[0]} points"
        solo_result = next((line for line in end_lines if line.startswith("Solo score")),
                           f"score {scores[0]}")
    else:
        free = [str(int(A.number[r * SIDE + c])) for r in range(1, SIDE - 1)
                for c in range(1, SIDE - 1) if final.monkeys[(r, c)][0] == 0]
        title = ("Solo: lost" + (f": square fields {', '.join(free)} still free" if free
                                 else ": the square was complete too early"))
        solo_result = "lost (score 0)"
    steps.append(Step("end", end_lines,
                      _svg(A, names, final, title, shape=shape, winner=first_winner,
                           field=g.last_field if end == E_SOLO_WIN else None,
                           final=end in (E_ROW, E_SQUARE, E_POINTS), solo_result=solo_result),
                      None, None if g.solo else [int(s) for s in scores]))
    note = ("Running score: what final scoring would give on the position after the step "
            "(minorities and tied top counts removed, the numbers of the fields each player "
            "keeps added up), as the game shape counts it; the game itself scores only at the "
            "end, and a row of 4 wins whatever the points.")
    if g.solo:
        note = ("Solo: no running score. The solo game scores once, when the square is "
                "complete: the last field's number minus the numbers of the minus-tower fields.")
    legend = board_legend(A) + " " + rules_legend(A)
    return Replay.played(names, steps, scores, winners, note, legend)


def board_legend(A) -> str:
    """What the drawing shows, in the words of the rules played (``A``: the rule arrays)."""
    solo = A.mode == MODE_SOLO
    shapes = "row of 4" + (" or 2x2 square" if A.mode == MODE_QUICK else "")
    closed = "the others" if A.owner_may_place else "everyone, the owner too"
    return ("Board: the 6x6 fields with their numbers (darker = higher); coloured discs: each "
            "seat's monkeys on a field; "
            + (f"dashed: the inner 4x4 square to cover; tower: a field with 2 to "
               f"{A.solo_max_per_field} monkeys (its number is a minus point); " if solo else
               f"a frame in a seat's colour: a field it owns (2 more monkeys than everyone: "
               f"closed to {closed}); a line or dashed square in a seat's colour: the winning "
               f"{shapes}; ")
            + "black outline: the field of the step; the yellow block: the seat on turn, with "
            "its hand after drawing and the cards it just played (a turn split by a field "
            "taken shows the hand before drawing).")


def rules_legend(A) -> str:
    """The rules the game was played by, from its rule arrays: players and mode, monkeys,
    hand, cards per play, the deck, ownership, the tie-break or the solo limits."""
    values = np.bincount(np.asarray(A.deck), minlength=2)[1:]
    deck = ", ".join(f"{v}×{k}" for v, k in enumerate(values, start=1) if k)
    per = (f"1 to {A.max_play} cards a play" if A.max_play > 1 else "1 card a play")
    text = (f"Rules played: {A.n_players} player{'s' if A.n_players > 1 else ''}, "
            f"{MODE_WORDS[A.mode]}; {A.monkeys} monkeys each, {A.hand_size} cards in hand, "
            f"{per}; a deck of {A.n_cards} cards (value×copies: {deck}). ")
    if A.mode == MODE_SOLO:
        return text + (f"Solo: every field of the inner 4x4 square covered in round "
                       f"{A.solo_min_round} to {A.solo_rounds} wins, scoring the last field "
                       f"minus the minus towers (at most {A.solo_max_towers} tower fields, "
                       f"{A.solo_max_per_field} monkeys a field).")
    owner = ("the owner may still play it (its monkey goes to the box)" if A.owner_may_place
             else "nobody may place there, the owner neither")
    tie = TIE_WORDS[A.tie_break]
    return text + (f"A field with 2 more of a seat's monkeys than every other seat's is owned: "
                   f"{owner}. Equal points at the end: {tie} wins.")


MODE_WORDS = ("a row of 4 majority fields wins at once", "a row of 4 or a 2x2 square of "
              "majority fields wins at once (quick game)", "the solo variant")
TIE_WORDS = ("the tied seat holding the highest-numbered field", "the tied seat owning the "
             "highest-numbered field (2-more rule)")


def _end_reason(g: ReferenceGame) -> int:
    """The end reason of the finished game (from its aggregate, which counts it once)."""
    ends = np.asarray(g.agg.end_reasons)
    for e in (E_ROW, E_SQUARE, E_POINTS, E_SOLO_WIN, E_SOLO_LOSS):
        if ends[e]:
            return e
    return E_NONE
