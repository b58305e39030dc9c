"""Attack of the Jelly Monster: rules and component data as frozen, validated dataclasses.

Everything the kernel needs is here and nowhere else; :meth:`JellyRules.to_arrays` turns it into
plain numpy arrays. Readings of the rulebook (see ``shared/rules/README.md``) and the choices made
where it is silent are documented on the fields; data the rulebook does not print is marked
*assumed*.
"""

from __future__ import annotations

import dataclasses
import tomllib
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources
from typing import NamedTuple

import numpy as np

from simlab.core.params import apply_overrides, coerce, suggest
from simlab.errors import SimlabError

# reward kinds (codes shared with nb.py and bots.py)
R_NONE, R_JELLY, R_POD, R_DISCARD, R_PER_POD, R_ADJ, R_EACH_GIVES, R_GIVE_EACH = range(8)
R_BY_DICE, R_PODIUM, R_PODIUM_PRESENT = 8, 9, 10
ADJ_LEFT, ADJ_EITHER, ADJ_RIGHT = -1, 0, 1
#: a jelly-pod's value where one must be counted before the end (bots, reward metrics): its mean
#: roll on the rulebook's d6
POD_VALUE = 3.5
#: readings of a giver short of jelly (``give_each_short``), codes shared with nb.py / bots.py
GIVE_SHORT = {"bot": 0, "poorest_first": 1}
#: readings of "left" and "right" on an adjacent-district arrow (``adjacent_orientation``):
#: the index step of the LEFT neighbour (districts are numbered clockwise)
ADJ_ORIENTATION = {"entrance": 1, "center": -1}
#: readings of what ends a round no finished player ends by flipping the timer
#: (``round_end_without_flip``): the round ends at the bound on its roll steps, or the bound
#: flips the timer (codes shared with timer.py)
ROUND_END = {"step_bound": 0, "flip_at_bound": 1}
#: readings of a podium reward reached through an arrow (``arrow_podium``): ranked on the
#: district scored (its second place or presence paid too), or paying its controllers only
ARROW_PODIUM = {"scored_district": 0, "controllers_only": 1}

KIND_NAMES = {
    "jelly": R_JELLY, "pod": R_POD, "discard_pod": R_DISCARD, "per_pod": R_PER_POD,
    "adjacent": R_ADJ, "each_gives": R_EACH_GIVES, "give_each": R_GIVE_EACH,
    "by_dice": R_BY_DICE, "podium": R_PODIUM, "podium_present": R_PODIUM_PRESENT,
}
CODE_NAMES = {v: k for k, v in KIND_NAMES.items()}
MAX_ICONS = 3  # reward icons per zone
ATOM_WIDTH = 6  # kind, a, b, c, d, e
N_ZONES = 3
REWARD_SYNTAX = ("jelly:N, pod, discard_pod, per_pod:N, adjacent:left|right|either, each_gives:N, "
                 "give_each:N, by_dice:K:LOW:HIGH (LOW/HIGH = jellyN or pod), podium:A:B, "
                 "podium_present:A:B; join icons with '+'")


def _sub_reward(text: str, where: str) -> tuple[int, int]:
    if text == "pod":
        return 1, 1
    if text.startswith("jelly"):
        try:
            return 0, int(text[5:])
        except ValueError:
            pass
    raise SimlabError(f"{where}: by_dice outcome must be jellyN or pod, got {text!r}")


def parse_icon(text: str, where: str) -> tuple[int, ...]:
    """Parse one reward icon (``jelly:7``, ``pod``, ``by_dice:2:jelly7:pod``...) into an atom."""
    parts = [p.strip() for p in text.strip().split(":")]
    name, args = parts[0], parts[1:]
    if name not in KIND_NAMES:
        raise SimlabError(f"{where}: unknown reward {name!r}{suggest(name, KIND_NAMES)}; "
                          f"expected {REWARD_SYNTAX}")
    kind = KIND_NAMES[name]
    want = {R_JELLY: 1, R_POD: 0, R_DISCARD: 0, R_PER_POD: 1, R_ADJ: 1, R_EACH_GIVES: 1,
            R_GIVE_EACH: 1, R_BY_DICE: 3, R_PODIUM: 2, R_PODIUM_PRESENT: 2}[kind]
    if len(args) != want:
        raise SimlabError(f"{where}: {name} takes {want} value(s) after ':', got {text!r}")
    atom = [kind, 0, 0, 0, 0, 0]
    try:
        if kind == R_ADJ:
            atom[1] = {"left": ADJ_LEFT, "either": ADJ_EITHER, "right": ADJ_RIGHT}[args[0]]
        elif kind == R_BY_DICE:
            atom[1] = int(args[0])
            atom[2], atom[3] = _sub_reward(args[1], where)
            atom[4], atom[5] = _sub_reward(args[2], where)
        else:
            for i, a in enumerate(args):
                atom[1 + i] = int(a)
    except (KeyError, ValueError):
        raise SimlabError(f"{where}: bad value in {text!r}; expected {REWARD_SYNTAX}") from None
    if kind in (R_JELLY, R_PER_POD, R_EACH_GIVES, R_GIVE_EACH, R_PODIUM, R_PODIUM_PRESENT) and \
            min(atom[1:1 + want]) < 0:
        raise SimlabError(f"{where}: amounts must be >= 0 in {text!r}")
    if kind == R_BY_DICE and (atom[1] < 0 or atom[3] < 0 or atom[5] < 0):
        raise SimlabError(f"{where}: by_dice values must be >= 0 in {text!r}")
    return tuple(atom)


def parse_zone(text: str, where: str) -> tuple[tuple[int, ...], ...]:
    """Parse a zone (``jelly:8+discard_pod``): up to 3 icons resolved left to right."""
    if not isinstance(text, str) or not text.strip():
        raise SimlabError(f"{where}: expected reward text such as 'jelly:5' or 'pod+jelly:2'")
    icons = [parse_icon(t, where) for t in text.split("+")]
    if len(icons) > MAX_ICONS:
        raise SimlabError(f"{where}: at most {MAX_ICONS} icons per zone, got {len(icons)}")
    return tuple(icons)


def atom_kind(text: str) -> str:
    """The reward kind of one icon's text (``jelly:7`` -> ``jelly``)."""
    return text.strip().split(":")[0].strip()


def describe_zone(text: str) -> str:
    """Normalised zone text (for tables and logs)."""
    return "+".join(t.strip() for t in text.split("+"))


@dataclass(frozen=True)
class DistrictFace:
    """One side of a district board: three zones from the entrance outwards.

    Attributes
    ----------
    name : str
        Board number and side, e.g. ``"3A"``.
    zones : tuple of str
        Reward text of the first, second and third zone (see ``boards.toml`` for the syntax).
    green : bool
        Marked with green lights (recommended for a first game).
    """

    name: str
    zones: tuple[str, str, str]
    green: bool = False

    def __post_init__(self):
        if len(self.zones) != N_ZONES:
            raise SimlabError(f"faces.{self.name}.zones: expected {N_ZONES} zones, "
                              f"got {len(self.zones)}")
        for i, z in enumerate(self.zones):
            parse_zone(z, f"faces.{self.name}.zones[{i}]")


@lru_cache(maxsize=1)
def _default_data():
    text = resources.files("simlab.games.jelly").joinpath("boards.toml").read_text()
    data = tomllib.loads(text)
    faces = {name: DistrictFace(name, tuple(f["zones"]), bool(f.get("green", False)))
             for name, f in data["faces"].items()}
    layouts = {k: tuple(v) for k, v in data["layouts"].items()}
    return faces, layouts


def default_faces() -> dict[str, DistrictFace]:
    """The shipped (assumed) 16 district faces, by name."""
    return dict(_default_data()[0])


def default_layouts() -> dict[str, tuple[str, ...]]:
    """The shipped layouts: ``beginner`` (A sides), ``advanced`` (B sides), ``mixed``."""
    return dict(_default_data()[1])


class JellyArrays(NamedTuple):
    """The rules as arrays and scalars for ``nb.py`` (no Python objects).

    ``rewards[d, z, i]`` is icon ``i`` of zone ``z`` of district ``d`` as ``parse_icon`` reads
    it, except that an adjacent-district arrow holds the index step of its neighbour (-1 or +1,
    by ``adjacent_orientation``; 0 = either).
    """

    rewards: np.ndarray        # (D, 3, MAX_ICONS, ATOM_WIDTH) int64
    start_jelly: np.ndarray    # (P,) int64
    speeds: np.ndarray         # (P,) float64
    n_players: int
    n_districts: int
    rounds: int
    dice: int
    pods: int
    pod_sides: int
    timer_seconds: float
    roll_seconds: float
    think_seconds: float
    weigh_seconds: float
    time_jitter: float
    watch_seconds: float
    max_steps: int
    drone_start: int
    drone_step: int
    lock_requires_dice: bool
    give_short: int            # GIVE_SHORT code
    left_step: int             # ADJ_ORIENTATION: index step of the left neighbour
    podium_reach: np.ndarray   # (D,) bool: a podium icon is on d or one arrow from d (derived:
    #                            elsewhere no zone pays a player who does not control it)
    end_without_flip: int      # ROUND_END code
    roll_again_limit: int      # rolls in a row without placing a die (0: no limit)


@dataclass(frozen=True)
class JellyRules:
    """Rules of Attack of the Jelly Monster, with every choice the rulebook leaves open.

    Attributes
    ----------
    players : int
        3 to 5.
    rounds : int
        Rounds in a game (rulebook: 4).
    dice : int
        Dice per player (rulebook: 7).
    n_districts : int or None
        Districts in play; None means players + 2 (*assumed*: seven target markers for five).
    layout : str
        Named layout of district faces (``beginner``, ``advanced``, ``mixed``) used when
        ``districts`` is empty.
    districts : tuple of str
        Face names clockwise from district 0 (e.g. ``("1A", "2B", ...)``); overrides ``layout``.
    starting_jelly : int
        Jelly each player starts with (rulebook: 2).
    seat_starting_jelly : tuple of int
        Per-seat starting jelly (overrides ``starting_jelly`` when given; for balancing).
    pods : int
        Jelly-pods in the stack (rulebook: 30); when too few remain for all tied players, none
        of them takes one.
    pod_sides : int
        A jelly-pod is worth one roll of this die at game end (rulebook reading: d6).
    timer_seconds : float
        The sand timer in seconds (rulebook: "1 10-second Sand Timer"). After a flip, players
        act only before it runs out.
    roll_seconds : float
        Seconds a speed-1 player needs to gather and roll its dice and place one (*assumed* 1.5).
    think_seconds : float
        Seconds of decision in every roll-and-place step (*assumed* 0.5).
    weigh_seconds : float
        Further decision seconds per option weighed: per die in the roll and open district
        (*assumed* 0.04: 7 dice on 6 open districts add 1.7 s). A step takes
        ``(roll + think + weigh * dice * open districts) * U[1 - jitter, 1 + jitter] / speed``;
        7 dice at speed 1 take about 21 s a round.
    time_jitter : float
        Per-step randomness of that time (*assumed* 0.3: +-30%, uniform).
    watch_seconds : float
        A player who has placed every die reconsiders flipping the timer this often (seconds,
        jittered the same way, for every speed; *assumed* 1).
    max_steps_per_round : int
        The modelling bound on roll steps in a round (no rule sets one; no built-in bot at its
        defaults reaches it). What happens there is ``round_end_without_flip``.
    round_end_without_flip : str
        What ends a round in which players keep rolling again and no finished player flips the
        timer (reading; the rulebook gives no end): ``step_bound``, the round ends after
        ``max_steps_per_round`` roll steps and the dice not placed are lost (to the bound, not
        the timer); ``flip_at_bound``, the sand timer is flipped there (if it is not yet), the
        players get its ``timer_seconds`` and the round ends when it runs out (at twice the
        bound it ends as by ``step_bound``).
    roll_again_limit : int
        Rolls in a row a player may make without placing a die (reading; 0: no limit, the
        rulebook's "OR do not place a die"); the next roll must place one (where one is legal).
    arrow_podium : str
        A podium reward reached through an arrow (reading): ``scored_district``, its places
        are ranked on the district scored, whose second highest total (or every other player
        with a die there) is paid too; ``controllers_only``, only its controllers gain it
        (the highest total's amount).
    speeds : tuple of float
        Per-seat speed multipliers (a step takes its time divided by the speed); empty = all 1.
    drone_start : int
        District the Drone points to in round 1.
    drone_step : int
        Districts the Drone advances each round (reading, ``simlab readings jelly``: 0, the
        city center and the Drone rotate together, so the Drone keeps its district).
    lock_requires_dice : bool
        A lock-down needs at least one die (any colour) on that district entrance (reading of
        "placing your player screen around the dice placed on that district entrance").
    give_each_short : str
        A giver short of jelly for a 'give each' or 'each gives' reward (reading): ``bot``, the
        giver's bot chooses whom it pays first; ``poorest_first``, the recipients with the
        fewest jelly are paid first (ties from the game's random stream).
    adjacent_orientation : str
        Which neighbour an arrow's "left" is (reading): ``entrance``, left as a player at the
        district's entrance, facing the city center, sees it (the clockwise neighbour);
        ``center``, left seen from the city center (the counter-clockwise neighbour).
    faces : dict
        Component data: district faces by name (default: shipped ``boards.toml``, *assumed*).
        Set by path: ``faces.<NAME> = "ZONE,ZONE,ZONE"`` (a new face needs all three),
        ``faces.<NAME>.<zone 0-2> = "REWARD"``, ``faces.<NAME>.green = true|false``.
    layouts : dict
        Component data: the named layouts ``layout`` picks from, face names clockwise from
        district 0 (default: shipped ``boards.toml``, *assumed*). Set by path:
        ``layouts.<NAME> = "1A,2B,..."`` (a new name adds a layout). Every layout must name
        known faces; the one in play must have a face for every district.
    """

    players: int = 4
    rounds: int = 4
    dice: int = 7
    n_districts: int | None = None
    layout: str = "mixed"
    districts: tuple[str, ...] = ()
    starting_jelly: int = 2
    seat_starting_jelly: tuple[int, ...] = ()
    pods: int = 30
    pod_sides: int = 6
    timer_seconds: float = 10.0
    roll_seconds: float = 1.5
    think_seconds: float = 0.5
    weigh_seconds: float = 0.04
    time_jitter: float = 0.3
    watch_seconds: float = 1.0
    max_steps_per_round: int = 1000
    round_end_without_flip: str = "step_bound"
    roll_again_limit: int = 0
    arrow_podium: str = "scored_district"
    speeds: tuple[float, ...] = ()
    drone_start: int = 0
    drone_step: int = 0
    lock_requires_dice: bool = True
    give_each_short: str = "bot"
    adjacent_orientation: str = "entrance"
    faces: dict = field(default_factory=default_faces, compare=False, hash=False)
    layouts: dict = field(default_factory=default_layouts, compare=False, hash=False)

    def __post_init__(self):
        def bad(name, what, got):
            raise SimlabError(f"rules.{name}: expected {what}, got {got!r}")

        if not 3 <= self.players <= 5:
            bad("players", "3 to 5 players", self.players)
        if not 1 <= self.rounds <= 20:
            bad("rounds", "1 to 20", self.rounds)
        if not 1 <= self.dice <= 20:
            bad("dice", "1 to 20 dice per player", self.dice)
        if self.n_districts is not None and not 2 <= self.n_districts <= 16:
            bad("n_districts", "2 to 16 districts", self.n_districts)
        if self.starting_jelly < 0:
            bad("starting_jelly", "a number >= 0", self.starting_jelly)
        if self.seat_starting_jelly and (len(self.seat_starting_jelly) != self.players
                                         or min(self.seat_starting_jelly) < 0):
            bad("seat_starting_jelly", f"{self.players} numbers >= 0", self.seat_starting_jelly)
        if not 0 <= self.pods <= 1000:
            bad("pods", "0 to 1000", self.pods)
        if not 1 <= self.pod_sides <= 100:
            bad("pod_sides", "1 to 100", self.pod_sides)
        if not 0 <= self.timer_seconds <= 10_000:
            bad("timer_seconds", "0 to 10000 seconds", self.timer_seconds)
        for name in ("roll_seconds", "think_seconds", "weigh_seconds", "watch_seconds"):
            if not 0 <= getattr(self, name) <= 1000:
                bad(name, "0 to 1000 seconds", getattr(self, name))
        if self.roll_seconds + self.think_seconds <= 0:
            bad("roll_seconds", "roll_seconds + think_seconds > 0 (a step takes time)",
                self.roll_seconds)
        if self.watch_seconds <= 0:
            bad("watch_seconds", "more than 0 seconds", self.watch_seconds)
        if not 0 <= self.time_jitter < 1:
            bad("time_jitter", "0 to below 1", self.time_jitter)
        if self.give_each_short not in GIVE_SHORT:
            bad("give_each_short", " or ".join(GIVE_SHORT), self.give_each_short)
        if self.adjacent_orientation not in ADJ_ORIENTATION:
            bad("adjacent_orientation", " or ".join(ADJ_ORIENTATION), self.adjacent_orientation)
        if not 10 <= self.max_steps_per_round <= 100_000:
            bad("max_steps_per_round", "10 to 100000", self.max_steps_per_round)
        if self.round_end_without_flip not in ROUND_END:
            bad("round_end_without_flip", " or ".join(ROUND_END), self.round_end_without_flip)
        if not 0 <= self.roll_again_limit <= 1000:
            bad("roll_again_limit", "0 (no limit) to 1000 rolls in a row", self.roll_again_limit)
        if self.arrow_podium not in ARROW_PODIUM:
            bad("arrow_podium", " or ".join(ARROW_PODIUM), self.arrow_podium)
        if self.speeds and (len(self.speeds) != self.players or min(self.speeds) <= 0):
            bad("speeds", f"{self.players} positive numbers (one per seat)", self.speeds)
        if self.drone_step < 0 or self.drone_start < 0:
            bad("drone_start/drone_step", "numbers >= 0", (self.drone_start, self.drone_step))
        for name, faces in self.layouts.items():
            for face in faces:
                if face not in self.faces:
                    raise SimlabError(f"rules.layouts.{name}: unknown face {face!r}"
                                      f"{suggest(face, self.faces)}; known: "
                                      f"{', '.join(sorted(self.faces))}")
        if not self.districts:
            layouts = self.layouts
            if self.layout not in layouts:
                bad("layout", f"one of {', '.join(layouts)}", self.layout)
            if len(layouts[self.layout]) < self.num_districts:
                bad("layout", f"a layout with at least {self.num_districts} faces", self.layout)
        elif len(self.districts) != self.num_districts:
            bad("districts", f"{self.num_districts} face names (one per district)",
                self.districts)
        for name in self.district_faces():
            if name not in self.faces:
                raise SimlabError(f"rules.districts: unknown face {name!r}"
                                  f"{suggest(name, self.faces)}; known: "
                                  f"{', '.join(sorted(self.faces))}")

    @property
    def num_districts(self) -> int:
        """Districts in play (``n_districts`` or players + 2)."""
        return self.n_districts if self.n_districts is not None else self.players + 2

    def district_faces(self) -> tuple[str, ...]:
        """Face names in play, clockwise from district 0."""
        if self.districts:
            return tuple(self.districts)
        return tuple(self.layouts[self.layout][: self.num_districts])

    def zone_text(self, district: int, zone: int) -> str:
        """Reward text of ``zone`` of ``district`` in play."""
        return self.faces[self.district_faces()[district]].zones[zone]

    def to_arrays(self) -> JellyArrays:
        """The rules as arrays for the kernel."""
        n_d = self.num_districts
        left = ADJ_ORIENTATION[self.adjacent_orientation]
        rewards = np.zeros((n_d, N_ZONES, MAX_ICONS, ATOM_WIDTH), dtype=np.int64)
        for d, name in enumerate(self.district_faces()):
            for z, text in enumerate(self.faces[name].zones):
                for i, atom in enumerate(parse_zone(text, f"faces.{name}.zones[{z}]")):
                    rewards[d, z, i] = atom
                    if atom[0] == R_ADJ:  # the arrow as the index step of its neighbour
                        rewards[d, z, i, 1] = -atom[1] * left
                        if atom[1] == ADJ_EITHER:
                            rewards[d, z, i, 1] = ADJ_EITHER
                        rewards[d, z, i, 2] = ARROW_PODIUM[self.arrow_podium]
        start = (np.array(self.seat_starting_jelly, dtype=np.int64) if self.seat_starting_jelly
                 else np.full(self.players, self.starting_jelly, dtype=np.int64))
        speeds = (np.array(self.speeds, dtype=np.float64) if self.speeds
                  else np.ones(self.players, dtype=np.float64))
        return JellyArrays(rewards, start, speeds, int(self.players), int(n_d), int(self.rounds),
                           int(self.dice), int(self.pods), int(self.pod_sides),
                           float(self.timer_seconds), float(self.roll_seconds),
                           float(self.think_seconds), float(self.weigh_seconds),
                           float(self.time_jitter), float(self.watch_seconds),
                           int(self.max_steps_per_round), int(self.drone_start),
                           int(self.drone_step), bool(self.lock_requires_dice),
                           GIVE_SHORT[self.give_each_short],
                           ADJ_ORIENTATION[self.adjacent_orientation], podium_reach(rewards),
                           ROUND_END[self.round_end_without_flip], int(self.roll_again_limit))


def podium_reach(rewards: np.ndarray) -> np.ndarray:
    """Per district of ``rewards`` (``JellyArrays.rewards``): does a zone of it hold a podium
    icon, or a left / right arrow to a district whose zones do (and whose podium places the
    ``arrow_podium`` reading pays)? Only there can a zone pay a player who does not control the
    district ('either' arrows are the controllers' choice)."""
    kinds = rewards[..., 0]
    own = np.isin(kinds, (R_PODIUM, R_PODIUM_PRESENT)).any(axis=(1, 2))
    n_d = rewards.shape[0]
    reach = own.copy()
    for d in range(n_d):
        for z in range(N_ZONES):
            for i in range(MAX_ICONS):
                if kinds[d, z, i] == R_ADJ and rewards[d, z, i, 1] != ADJ_EITHER and \
                        rewards[d, z, i, 2] == 0:
                    reach[d] |= own[(d + rewards[d, z, i, 1]) % n_d]
    return reach


def make_rules(players: int = 4, overrides: dict | None = None, where: str = "rules") -> JellyRules:
    """Build validated rules for ``players`` with ``overrides`` (``{path: value}``).

    Paths are rule fields (``timer_seconds``, ``districts``...) or a zone of a face:
    ``faces.3A.1 = "pod"`` (zone 0-2) or ``faces.3A = "jelly:4,pod,jelly:0"`` (all three zones,
    comma-separated) or ``faces.3A.green = true`` or ``district.2.1 = "pod"`` (zone 1 of the face
    in play as district 2) or ``layouts.mixed = "1A,2B,3A,..."`` (a named layout's faces; a new
    name adds one). A whole boards file (``simlab data jelly export``) is read into these paths.
    """
    overrides = dict(overrides or {})
    players = coerce(overrides.pop("players", players), int, f"{where}.players")
    face_paths = {k: v for k, v in overrides.items() if k.startswith("faces.")}
    district_paths = {k: v for k, v in overrides.items() if k.startswith("district.")}
    layout_paths = {k: v for k, v in overrides.items() if k.startswith("layouts.")}
    plain = {k: v for k, v in overrides.items()
             if k not in face_paths and k not in district_paths and k not in layout_paths}
    for name, form in (("faces", "faces.<NAME> = 'ZONE,ZONE,ZONE'"),
                       ("layouts", "layouts.<NAME> = 'FACE,FACE,...'")):
        if name in plain:
            raise SimlabError(f"{where}.{name}: set one entry at a time: {form}")
    faces = default_faces()
    # whole faces first, so a new face's green flag or zone may follow it in any order
    for path in sorted(face_paths, key=lambda k: k.count(".")):
        _set_face(faces, path.split(".")[1:], face_paths[path], f"{where}.{path}", new_ok=True)
    layouts = default_layouts()
    for path, value in layout_paths.items():
        _set_layout(layouts, path.split(".")[1:], value, f"{where}.{path}")
    rules = apply_overrides(JellyRules(players=players, faces=faces, layouts=layouts), plain,
                            where)
    if district_paths:
        faces = dict(rules.faces)
        in_play = rules.district_faces()
        for path, value in district_paths.items():
            parts = path.split(".")
            try:
                d = int(parts[1])
                if not 0 <= d < len(in_play):
                    raise ValueError
            except (IndexError, ValueError):
                raise SimlabError(f"{where}.{path}: expected district.<0..{len(in_play) - 1}>"
                                  f"[.<zone 0-2>]") from None
            _set_face(faces, [in_play[d], *parts[2:]], value, f"{where}.{path}", new_ok=False)
        rules = dataclasses.replace(rules, faces=faces)
    return rules


def _set_face(faces: dict, parts: list[str], value, where: str, new_ok: bool):
    """Apply ``faces.<NAME>[.zones|.<zone>] = value`` to ``faces`` (errors name ``where``)."""
    name = parts[0] if parts else ""
    rest = parts[1:]
    whole = not rest or rest == ["zones"]
    if not name or not (whole or (len(rest) == 1 and rest[0] in ("0", "1", "2", "green"))):
        raise SimlabError(f"{where}: expected faces.<NAME> = 'ZONE,ZONE,ZONE' or "
                          f"faces.<NAME>.<zone 0-2> = 'REWARD' or faces.<NAME>.green = true")
    if name not in faces and not (whole and new_ok):
        raise SimlabError(f"{where}: unknown face {name!r}{suggest(name, faces)}; a new face "
                          f"needs all three zones (faces.{name} = 'ZONE,ZONE,ZONE')")
    if rest == ["green"]:
        old = faces[name]
        faces[name] = DistrictFace(name, old.zones, coerce(value, bool, where))
        return
    if whole:
        zones = value.split(",") if isinstance(value, str) else list(value)
        zones = [str(z).strip() for z in zones]
        if len(zones) != N_ZONES:
            raise SimlabError(f"{where}: expected {N_ZONES} comma-separated zones, "
                              f"got {len(zones)}")
    else:
        zones = list(faces[name].zones)
        zones[int(rest[0])] = str(value).strip()
    for z in zones:
        parse_zone(z, where)
    old = faces.get(name)
    faces[name] = DistrictFace(name, tuple(zones), old.green if old else False)


def _set_layout(layouts: dict, parts: list[str], value, where: str):
    """Apply ``layouts.<NAME> = "1A,2B,..."`` (or a list of face names) to ``layouts``; the
    faces are checked against the rules' faces when the rules are built."""
    if len(parts) != 1 or not parts[0]:
        raise SimlabError(f"{where}: expected layouts.<NAME> = 'FACE,FACE,...'")
    if isinstance(value, str):
        names = [v.strip() for v in value.strip("()[] ").split(",")]
    elif isinstance(value, list | tuple):
        names = [v.strip() if isinstance(v, str) else v for v in value]
    else:
        names = [value]
    if not names or not all(isinstance(v, str) and v for v in names):
        raise SimlabError(f"{where}: expected comma-separated face names such as "
                          f"'1A,2B,3A', got {value!r}")
    layouts[parts[0]] = tuple(names)


RULE_OPTIONS = [f.name for f in dataclasses.fields(JellyRules)
                if f.name not in ("faces", "layouts")]
