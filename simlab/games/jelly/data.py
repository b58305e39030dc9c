"""Attack of the Jelly Monster's assumed component data: the district boards (``boards.toml``).

The rulebook lists "8 District Boards (double-sided)" and the reward icons a zone can show, but
prints no board: simlab ships 16 *assumed* faces built from the reward catalogue and three named
layouts (``simlab/games/jelly/boards.toml``, read by :mod:`simlab.games.jelly.rules`). ``simlab
data jelly export DIR`` writes them, every face and layout documented, for a designer to type
in the real boards; ``check DIR`` reads an edited copy back into rule overrides (the paths
``--set`` takes: ``faces.<NAME> = "ZONE,ZONE,ZONE"``, ``faces.<NAME>.green``,
``layouts.<NAME> = "FACE,..."``), each entry that differs from the shipped data becoming one
override, and checks what the rulebook states of the boards.
"""

from __future__ import annotations

import re

import numpy as np

from simlab.core.data import DataFile, DataGenerator
from simlab.errors import SimlabError
from simlab.games.jelly.rules import (
    MAX_ICONS,
    N_ZONES,
    REWARD_SYNTAX,
    default_faces,
    default_layouts,
    describe_zone,
    parse_zone,
)

FILE = "boards.toml"
#: boards in the box ("8 District Boards (double-sided)")
N_BOARDS = 8
#: the most districts at a table: 5 players + 2 (the rules' default), and "7 Target Markers"
MAX_DISTRICTS = 7
#: the layouts the ``layout`` rule option names (a file may add more)
LAYOUT_NAMES = ("beginner", "advanced", "mixed")
FACE_RE = re.compile(r"^([1-9][0-9]*)([AB])$")
#: icons whose amount the rulebook prints: name -> (allowed amounts, the rulebook's words)
PRINTED_AMOUNTS = {
    "each_gives": ((1, 2), "Each player gives you 1 or 2 Jelly"),
    "give_each": ((1,), "Give 1 Jelly to each other player"),
    "per_pod": ((2,), "2 Jelly per Jelly-pod: Take 2 Jelly from the supply for each "
                      "Jelly-pod you have"),
}
ZONE_NAMES = ("first zone (next to the entrance; the Target marker starts here)",
              "second zone", "third zone")


# ------------------------------------------------------------------------ reward text in words
def _sub_words(text: str) -> str:
    return "a jelly-pod" if text == "pod" else f"{text[5:]} jelly"


def icon_words(text: str) -> str:
    """One reward icon (``jelly:7``, ``by_dice:2:jelly7:pod``...) in a few words."""
    parts = [p.strip() for p in text.strip().split(":")]
    name, args = parts[0], parts[1:]
    try:
        if name == "jelly":
            return f"{args[0]} jelly"
        if name == "pod":
            return "a jelly-pod"
        if name == "discard_pod":
            return "discard a jelly-pod"
        if name == "per_pod":
            return f"{args[0]} jelly per jelly-pod held"
        if name == "adjacent":
            return {"left": "the left neighbour's target reward",
                    "right": "the right neighbour's target reward",
                    "either": "either neighbour's target reward"}[args[0]]
        if name == "each_gives":
            return f"each other player gives {args[0]} jelly"
        if name == "give_each":
            return f"give {args[0]} jelly to each other player"
        if name == "by_dice":
            return (f"{_sub_words(args[1])} with at most {args[0]} dice here, "
                    f"else {_sub_words(args[2])}")
        if name == "podium":
            return f"highest total {args[0]} jelly, second highest {args[1]} jelly"
        if name == "podium_present":
            return f"highest total {args[0]} jelly, every other player with a die here {args[1]}"
    except (IndexError, KeyError):
        pass
    return text


def zone_words(text: str) -> str:
    """A zone's reward text in words, icons left to right."""
    return ", then ".join(icon_words(t) for t in text.split("+"))


# ------------------------------------------------------------------------ the shipped file
def _toml_str(s: str) -> str:
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'


def default_text() -> str:
    """The shipped boards (``rules.default_faces`` / ``default_layouts``, what the game plays)
    as editable TOML, every face and layout documented."""
    faces = default_faces()
    layouts = default_layouts()
    out = [
        "# Attack of the Jelly Monster: the district boards (ASSUMED data).",
        "#",
        "# The rulebook's components: \"8 District Boards (double-sided)\". It does not print the",
        "# boards' faces: the ones below are assumed, built from the rulebook's reward catalogue",
        "# so that every reward type appears. Type in your real boards and check them with",
        "#   simlab data jelly check THIS-FOLDER",
        "# then play with them: simlab simulate jelly --data THIS-FOLDER (or data = \"FOLDER\" in",
        "# a scenario). An entry that differs from the shipped data becomes a rule override",
        "# (faces.<NAME> = \"ZONE,ZONE,ZONE\", faces.<NAME>.green, layouts.<NAME> = \"FACE,...\").",
        "#",
        "# [faces.<board><side>]: one side of a board, e.g. 3A and 3B are the two sides of board 3.",
        f"# There must be {N_BOARDS} boards, each with an A and a B side.",
        "#   zones: the three zones, from the first zone outwards. Rulebook: \"Each district has",
        "#          3 zones, each showing a different reward\" and \"The first zone is always the",
        "#          zone that is the closest to the district entrance\"; \"Place a Target marker",
        "#          next to the first zone of each district\" (again every round).",
        "#   green: true if the side has green lights on its outer wall. Rulebook: \"If this is",
        "#          your first game, we recommend using only districts with green lights on the",
        "#          outer wall.\" (Which sides are green is assumed: the A sides.)",
        "#",
        "# A zone holds up to " + f"{MAX_ICONS} reward icons, resolved left to right (rulebook: \"Some",
        "# rewards show multiple icons, in which case, resolve them one at a time, from left to",
        "# right\"), written as text joined by \"+\":",
        "#   jelly:N               take N jelly (jelly:0 is the \"0\" icon)",
        "#   pod                   take the top jelly-pod (tied controllers each take one, or none",
        "#                         if too few are left)",
        "#   discard_pod           return one of your jelly-pods to the box",
        "#   per_pod:2             take 2 jelly per jelly-pod you have (the rulebook prints 2)",
        "#   adjacent:left|right|either   gain the target reward of the adjacent district; which",
        "#                         neighbour is \"left\" is the rule option adjacent_orientation",
        "#                         (default \"entrance\": as a player at the district entrance,",
        "#                         facing the city center, sees it, i.e. the next district",
        "#                         clockwise)",
        "#   each_gives:N          each other player gives you N jelly (the rulebook: 1 or 2)",
        "#   give_each:1           give 1 jelly to each other player (the rulebook prints 1)",
        "#   by_dice:K:LOW:HIGH    LOW if you placed at most K dice here, else HIGH (each jelly<N> or",
        "#                         pod); the rulebook's example: by_dice:2:jelly7:pod",
        "#   podium:A:B            highest total gains A jelly, second highest B (example 2:4)",
        "#   podium_present:A:B    highest total gains A, every other player with a die here B",
        "#                         (example 4:1)",
        "#",
        "# Alternatives: simlab's seeded generator `faces` draws other faces from the same reward",
        "# catalogue keeping every constraint the rulebook states of the boards (simlab readings",
        "# jelly lists them); a sweep varies it as data.faces = SEED and robustness replays a",
        "# question over its draws as the context data:faces, so a figure that rests on these",
        "# assumed faces is read as a spread.",
        "",
    ]
    for name, face in faces.items():
        m = FACE_RE.match(name)
        side = f"board {m.group(1)}, side {m.group(2)}" if m else name
        out.append(f"# {name}: {side} (assumed){', green lights' if face.green else ''}.")
        for z, text in enumerate(face.zones):
            out.append(f"#   {ZONE_NAMES[z]}: {zone_words(text)}")
        out.append(f"[faces.{name}]")
        out.append(f"green = {'true' if face.green else 'false'}")
        out.append("zones = [" + ", ".join(_toml_str(z) for z in face.zones) + "]")
        out.append("")
    out += [
        "# [layouts]: named layouts, face names clockwise from district 0; the rule option",
        "# `layout` picks one (default mixed) and a table uses its first players + 2 faces.",
        "# Rulebook: \"Attach a District board (with either side up) to each connector of the",
        "# city center\", so a layout names each board at most once. Each layout needs at least",
        f"# {MAX_DISTRICTS} faces, enough for the largest table (5 players; \"7 Target Markers\").",
        f"# {', '.join(LAYOUT_NAMES)} must be there (the values of `layout`); add your own names.",
        "# beginner should use the green sides (see above). The shipped layouts are assumed.",
        "[layouts]",
    ]
    notes = {"beginner": "the A sides (green lights), for a first game",
             "advanced": "the B sides",
             "mixed": "alternating A and B sides, every reward type in play (the default)"}
    for name, faces_of in layouts.items():
        out.append(f"# {name}: {notes.get(name, 'a layout')}")
        out.append(f"{name} = [" + ", ".join(_toml_str(f) for f in faces_of) + "]")
    return "\n".join(out) + "\n"


# ------------------------------------------------------------------------ reading a file
def _zone_problems(text, here: str) -> list[str]:
    """What is wrong with one zone's reward text (located at ``here``)."""
    if not isinstance(text, str) or not text.strip():
        return [f"{here}: expected reward text such as 'jelly:5' or 'pod+jelly:2', "
                f"got {text!r}"]
    try:
        parse_zone(text, "@")
    except SimlabError as e:
        why = str(e).removeprefix("@: ")
        return [f"{here}: expected a reward ({REWARD_SYNTAX}), got {text!r} ({why})"]
    errs = []
    for icon in text.split("+"):
        parts = [p.strip() for p in icon.strip().split(":")]
        name = parts[0]
        if name in PRINTED_AMOUNTS:
            allowed, words = PRINTED_AMOUNTS[name]
            if int(parts[1]) not in allowed:
                errs.append(f"{here}: expected {name}:{' or '.join(map(str, allowed))} "
                            f"(rulebook: \"{words}\"), got {text!r}")
        if name == "by_dice" and int(parts[1]) < 1:
            errs.append(f"{here}: expected by_dice:K with K >= 1 (a controlling player has "
                        f"placed at least one die), got {text!r}")
    return errs


def _read_faces(faces, where: str) -> tuple[dict, list[str]]:
    """The faces table: {name: (zones, green)} of the sound faces, and the problems."""
    errs = []
    if not isinstance(faces, dict) or not faces:
        return {}, [f"{where}: faces: expected [faces.<board><side>] tables such as "
                    f"[faces.1A], got {faces!r}"]
    good = {}
    for name, entry in faces.items():
        here = f"{where}: faces.{name}"
        if not FACE_RE.match(name):
            errs.append(f"{here}: name: expected <board number><side A or B> such as 3A, "
                        f"got {name!r}")
            continue
        if not isinstance(entry, dict):
            errs.append(f"{here}: expected a table with zones = [...] and green = true|false, "
                        f"got {entry!r}")
            continue
        for key in entry:
            if key not in ("zones", "green"):
                errs.append(f"{here}: {key}: expected only the fields zones and green, "
                            f"got {key!r}")
        green = entry.get("green", False)
        if not isinstance(green, bool):
            errs.append(f"{here}: green: expected true or false, got {green!r}")
        zones = entry.get("zones")
        if not isinstance(zones, list) or len(zones) != N_ZONES:
            errs.append(f"{here}: zones: expected a list of {N_ZONES} zones (rulebook: "
                        f"\"Each district has 3 zones\"), got {zones!r}")
            continue
        bad = []
        for i, z in enumerate(zones):
            bad += _zone_problems(z, f"{here}: zones[{i}]")
        errs += bad
        if bad or not isinstance(green, bool):
            continue
        norm = [describe_zone(z) for z in zones]
        if len(set(norm)) != N_ZONES:
            errs.append(f"{here}: zones: expected three different rewards (rulebook: \"Each "
                        f"district has 3 zones, each showing a different reward\"), "
                        f"got {zones!r}")
            continue
        good[name] = (tuple(norm), green)
    boards = {}
    for name in faces:
        m = FACE_RE.match(name)
        if m:
            boards.setdefault(int(m.group(1)), set()).add(m.group(2))
    for b in sorted(boards):
        if boards[b] != {"A", "B"}:
            have = "".join(sorted(boards[b]))
            want = "B" if have == "A" else "A"
            errs.append(f"{where}: faces.{b}{want}: expected both sides of board {b} "
                        f"(rulebook: \"8 District Boards (double-sided)\"), got only side "
                        f"{have}")
    if len(boards) != N_BOARDS:
        errs.append(f"{where}: faces: expected {N_BOARDS} boards (rulebook: \"8 District "
                    f"Boards (double-sided)\"), got {len(boards)} "
                    f"({', '.join(map(str, sorted(boards)))})")
    return good, errs


def _read_layouts(layouts, faces: dict, names_ok: set, where: str) -> tuple[dict, list[str]]:
    """The layouts table: {name: faces} of the sound layouts, and the problems."""
    if not isinstance(layouts, dict):
        return {}, [f"{where}: layouts: expected a [layouts] table of name = [faces...], "
                    f"got {layouts!r}"]
    errs = []
    for name in LAYOUT_NAMES:
        if name not in layouts:
            errs.append(f"{where}: layouts.{name}: expected a layout named {name} (a value of "
                        f"the rule option `layout`), got none")
    greens = {n for n, (_z, g) in faces.items() if g}
    good = {}
    for name, seq in layouts.items():
        here = f"{where}: layouts.{name}"
        if not isinstance(seq, list) or not all(isinstance(f, str) for f in seq):
            errs.append(f"{here}: expected a list of face names such as [\"1A\", \"2B\"], "
                        f"got {seq!r}")
            continue
        bad = False
        for i, f in enumerate(seq):
            if f not in names_ok:
                errs.append(f"{here}: [{i}]: expected a face of [faces] such as 1A, got {f!r}")
                bad = True
        if len(seq) < MAX_DISTRICTS:
            errs.append(f"{here}: expected at least {MAX_DISTRICTS} faces, enough for the "
                        f"largest table (5 players + 2 districts; \"7 Target Markers\"), got "
                        f"{len(seq)}")
            bad = True
        used = {}
        for f in seq:
            m = FACE_RE.match(f)
            if m:
                used.setdefault(m.group(1), []).append(f)
        twice = [fs for fs in used.values() if len(fs) > 1]
        if twice:
            errs.append(f"{here}: expected each board at most once (rulebook: \"Attach a "
                        f"District board (with either side up) to each connector\"), got "
                        + "; ".join(" and ".join(fs) for fs in twice))
            bad = True
        if name == "beginner" and not bad:
            not_green = [f for f in seq if f in faces and f not in greens]
            # a green side that could stand in: its board unused, or used with its other side
            free = set(used) - {FACE_RE.match(f).group(1) for f in seq if f in greens}
            unused_green = [g for g in sorted(greens) if g not in seq and
                            (FACE_RE.match(g).group(1) not in used
                             or FACE_RE.match(g).group(1) in free)]
            if not_green and unused_green:
                errs.append(f"{here}: expected the green sides (rulebook: \"If this is your "
                            f"first game, we recommend using only districts with green "
                            f"lights\"), got {', '.join(not_green)} while "
                            f"{', '.join(unused_green)} (green) is not used")
                bad = True
        if not bad:
            good[name] = tuple(seq)
    return good, errs


def read_boards(data: dict, where: str) -> tuple[dict, list[str]]:
    """A designer's ``boards.toml`` (parsed) as rule overrides, and every problem located as
    ``"<file>: <entry>: <field>: expected ..., got ..."``. Only entries that differ from the
    shipped data become overrides, so an untouched export changes nothing."""
    errs = []
    for key in data:
        if key not in ("faces", "layouts"):
            errs.append(f"{where}: {key}: expected only [faces.*] and [layouts] tables, "
                        f"got {key!r}")
    faces, e = _read_faces(data.get("faces"), where)
    errs += e
    names_ok = {n for n in (data.get("faces") or {}) if isinstance(n, str)}
    layouts, e = _read_layouts(data.get("layouts", {}), faces, names_ok, where) \
        if "layouts" in data else ({}, [f"{where}: layouts: expected a [layouts] table, "
                                        f"got none"])
    errs += e
    if errs:
        return {}, errs
    overrides = {}
    shipped = default_faces()
    for name, (zones, green) in faces.items():
        old = shipped.get(name)
        if old is None or tuple(describe_zone(z) for z in old.zones) != zones:
            overrides[f"faces.{name}"] = ",".join(zones)
        if (old.green if old is not None else False) != green:
            overrides[f"faces.{name}.green"] = green
    shipped_layouts = default_layouts()
    for name, seq in layouts.items():
        if shipped_layouts.get(name) != seq:
            overrides[f"layouts.{name}"] = ",".join(seq)
    return overrides, []


FILES = [DataFile(FILE, "the 8 double-sided district boards (16 faces) and the named layouts",
                  default_text, read_boards)]


# ------------------------------------------------------------------------ generated faces
#: what the rulebook states of the district faces; every generated set keeps each
FACE_CONSTRAINTS = (
    '"8 District Boards (double-sided)" (Components): boards 1-8, each with an A and a B side, '
    'so 16 faces 1A-8B',
    '"Each district has 3 zones, each showing a different reward" (District Layout): three '
    'zones on every face, no two the same',
    'every icon is a reward of the rulebook\'s catalogue ("District Rewards", "Podium '
    'Rewards"): Jelly (a number, "0" included), Jelly-pod, Discard a Jelly-pod, 2 Jelly per '
    'Jelly-pod, Adjacent district (left, right or either), Each player gives you 1 or 2 '
    'Jelly, Give 1 Jelly to each other player, Number of dice, the two podium rewards',
    'the amounts the rulebook prints ("District Rewards"): "Each player gives you 1 or 2 '
    'Jelly", "Give 1 Jelly to each other player", "2 Jelly per Jelly-pod"',
    '"Some rewards show multiple icons, in which case, resolve them one at a time, from left '
    'to right" ("District Rewards"): a zone shows one icon or several (the model holds up to '
    f'{MAX_ICONS})',
    '"This reward changes depending on the number of dice placed by the controlling player" '
    '(Number of dice): a threshold of at least one die, and a different reward on each side '
    'of it (each a number of Jelly or a Jelly-pod)',
)
#: the generator's own choices (no constraint of the rulebook: the rulebook prints no range)
GEN_JELLY = (0, 9)           # a Jelly icon's amount, and a number-of-dice reward's jelly
GEN_PODIUM = (1, 9)          # a podium's amounts A and B
GEN_BY_DICE_K = (1, 6)       # a number-of-dice threshold
GEN_JELLY_SHARE = 0.4        # of icons: Jelly; the nine other reward types share the rest
GEN_ICONS = (0.8, 0.17, 0.03)  # a zone shows 1, 2 or 3 icons
GEN_KINDS = ("pod", "discard_pod", "per_pod", "adjacent", "each_gives", "give_each",
             "by_dice", "podium", "podium_present")


def _draw_icon(rng, kind: str) -> str:
    """One icon of ``kind`` with amounts drawn as the generator chooses them."""
    def jelly():
        return int(rng.integers(GEN_JELLY[0], GEN_JELLY[1] + 1))

    if kind == "jelly":
        return f"jelly:{jelly()}"
    if kind in ("pod", "discard_pod"):
        return kind
    if kind == "per_pod":
        return "per_pod:2"
    if kind == "adjacent":
        return "adjacent:" + ("left", "right", "either")[int(rng.integers(3))]
    if kind == "each_gives":
        return f"each_gives:{int(rng.integers(1, 3))}"
    if kind == "give_each":
        return "give_each:1"
    if kind == "by_dice":
        k = int(rng.integers(GEN_BY_DICE_K[0], GEN_BY_DICE_K[1] + 1))
        low = high = ""
        while low == high:
            low, high = (("pod" if rng.random() < 0.25 else f"jelly{jelly()}")
                         for _ in range(2))
        return f"by_dice:{k}:{low}:{high}"
    a, b = (int(rng.integers(GEN_PODIUM[0], GEN_PODIUM[1] + 1)) for _ in range(2))
    return f"{kind}:{a}:{b}"


def _draw_zone(rng) -> str:
    n = 1 + int(rng.choice(len(GEN_ICONS), p=GEN_ICONS))
    kinds: list[str] = []
    while len(kinds) < n:  # a zone's icons are of different kinds (the generator's choice)
        kind = "jelly" if rng.random() < GEN_JELLY_SHARE else \
            GEN_KINDS[int(rng.integers(len(GEN_KINDS)))]
        if kind not in kinds:
            kinds.append(kind)
    return "+".join(_draw_icon(rng, k) for k in kinds)


def draw_faces(seed: int, players: int = 4) -> dict:
    """Alternative ``seed`` (>= 1) of the 16 district faces as rule overrides
    (``faces.<NAME> = "ZONE,ZONE,ZONE"``): every icon drawn from the reward catalogue, every
    constraint of :data:`FACE_CONSTRAINTS` kept; the same seed always gives the same faces
    (``players`` does not change them: a face is the same at every table). Green flags and
    layouts are the shipped ones."""
    if isinstance(seed, bool) or not isinstance(seed, int | np.integer) or seed < 1:
        raise SimlabError(f"data.faces: expected a seed, a whole number >= 1, got {seed!r}")
    rng = np.random.default_rng([int(seed), 0x4A454C4C])  # "JELL": this generator's stream
    out = {}
    for board in range(1, N_BOARDS + 1):
        for side in "AB":
            zones: list[str] = []
            while len(zones) < N_ZONES:
                z = _draw_zone(rng)
                if z not in zones:  # "each showing a different reward"
                    zones.append(z)
            out[f"faces.{board}{side}"] = ",".join(zones)
    return out


GENERATORS = [DataGenerator(
    "faces", "the 16 district faces, each icon drawn from the rulebook's reward catalogue",
    FACE_CONSTRAINTS, draw_faces,
    "the shipped boards.toml: 16 assumed faces in which every reward type appears (most zones "
    "a jelly amount 0-9); generated faces keep only the rulebook's constraints, with the "
    "generator's choices: jelly amounts 0-9 (40% of icons, the nine other reward types alike), "
    "podium amounts 1-9, number-of-dice thresholds 1-6, 1-3 icons of different kinds a zone; "
    "green flags and layouts as shipped")]
