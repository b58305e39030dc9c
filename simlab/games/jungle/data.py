"""Jungle Rumble's assumed component data, as files a designer edits (``simlab data jungle``).

The rulebook prints every component count simlab uses (the board supply of fields and sticks
per player count, 6 kittens per family, the food yields, the scoring) except one: the pairs of
actions on the two-action side of the five action tiles, used by the variant ("there are 2
different actions pictured on each action tile. Each of the actions is therefore present on 2
different action tiles."). The pairs are pictured, not printed; simlab assumes a cycle
(``rules.DEFAULT_VARIANT_TILES``). ``action_tiles.toml`` holds them: reading it gives the rule
override ``variant_tiles`` (what ``--set variant_tiles=food+irrigation,...`` sets), after
checking what the rulebook states of the tiles.

(The other catalogued assumption, ``grid``, the side of a family's table, is a modelling bound
on the space fields may take, not a component: it stays a rule option.)

``GENERATORS`` draws the alternatives the rulebook allows (``variant_tiles``): every set of 5
tiles with 2 different actions each and every action on exactly 2 tiles. The text does not
forbid two tiles with the same pair ("2 different action tiles" are two tiles, not two
partners), so there are 22 distinct pairings (:func:`valid_pairings`): 12 where the pairs form
one cycle through the five actions (no two tiles alike; the shipped default is one of them) and
10 where three actions form a triangle and the other two share two identical tiles. Seed s
plays pairing (s - 1) mod 22 of a fixed shuffled list, so seeds 1 to 22 play each once.
"""

from __future__ import annotations

import textwrap
from functools import cache
from itertools import combinations, combinations_with_replacement

import numpy as np

from simlab.core.data import DataFile, DataGenerator
from simlab.games.jungle.rules import ACTIONS, N_TILES, JungleRules, parse_tiles

TILES_FILE = "action_tiles.toml"
#: what the rulebook says of the tiles, quoted in the file and in the errors
COMPONENTS = "5 action tiles"
VARIANT = ("In this scenario, there are 2 different actions pictured on each action tile. Each "
           "of the actions is therefore present on 2 different action tiles.")
FIRST_GAME = ("For your first game, turn them all to the side where only one action is "
              "pictured. (The other side of the tiles, showing two actions, is used for the "
              "alternative variant.)")
ACTION_LIST = ", ".join(ACTIONS)


def _pairs() -> list[tuple[str, str]]:
    """The variant tiles the game plays by default (from the rules, not a copy)."""
    arr = parse_tiles(JungleRules().variant_tiles, "rules.variant_tiles")
    return [(ACTIONS[int(a)], ACTIONS[int(b)]) for a, b in arr]


def _comment(*paragraphs: str) -> list[str]:
    """Paragraphs as wrapped TOML comment lines (an empty paragraph: a blank comment line)."""
    out = []
    for text in paragraphs:
        out += ["# " + x for x in textwrap.wrap(text, 88, break_on_hyphens=False)] or ["#"]
    return out


def tiles_text() -> str:
    """``action_tiles.toml`` as shipped: the assumed pairs, documented."""
    pairs = _pairs()
    lines = _comment(
        "Jungle Rumble: the two-action side of each action tile (the variant). ASSUMED data.",
        "",
        f"The rulebook's components: \"{COMPONENTS}\". Setup: \"{FIRST_GAME}\" Variant: "
        f"\"{VARIANT}\" The active player plays either action of the tile taken; the players "
        "who follow must follow on the other one.",
        "",
        "The rulebook pictures the pairs but does not print them: simlab ASSUMES the cycle "
        "below, which puts every action on exactly two tiles, each time with another "
        "partner. Type in the pairs of your tiles.",
        "",
        f"Format: one [[tile]] table per action tile ({N_TILES}), tile[0] to tile[{N_TILES - 1}] "
        f"in this order (tile 0 to {N_TILES - 1} in logs and replays; the number only names "
        "the tile). actions = the two different actions pictured on the tile's two-action "
        f"side, each one of: {ACTION_LIST}.",
        f"Checked: {N_TILES} tiles, two different known actions on each, every action on "
        "exactly 2 tiles.",
        "Used only with the variant (--set variant=true, or variant = true in a scenario's "
        "[rules]); the one-action sides (each action on one tile) are printed, not in here. "
        "The same data as a rule:",
    )
    lines.append("#   --set variant_tiles=" + ",".join(f"{a}+{b}" for a, b in pairs))
    for t, (a, b) in enumerate(pairs):
        lines += ["", "[[tile]]",
                  f"# tile[{t}]: {a} and {b} (assumed)",
                  f'actions = ["{a}", "{b}"]']
    return "\n".join(lines) + "\n"


def read_tiles(data: dict, where: str) -> tuple[dict, list[str]]:
    """A designer's ``action_tiles.toml`` -> ``{"variant_tiles": [...]}`` and every error."""
    errors = []
    for key, value in data.items():
        if key != "tile":
            errors.append(f"{where}: {key}: expected only [[tile]] tables (the action tiles), "
                          f"got {key} = {value!r}")
    tiles = data.get("tile")
    if not isinstance(tiles, list) or not all(isinstance(t, dict) for t in tiles):
        errors.append(f"{where}: tile: expected {N_TILES} [[tile]] tables (the rulebook's "
                      f"\"{COMPONENTS}\"), got {tiles!r}")
        return {}, errors
    if len(tiles) != N_TILES:
        errors.append(f"{where}: tile: expected {N_TILES} action tiles (the rulebook's "
                      f"\"{COMPONENTS}\"), got {len(tiles)}")
    pairs = []
    for t, entry in enumerate(tiles):
        at = f"{where}: tile[{t}]"
        for key, value in entry.items():
            if key != "actions":
                errors.append(f"{at}: {key}: expected only actions = [two actions], got "
                              f"{key} = {value!r}")
        acts = entry.get("actions")
        if acts is None:
            errors.append(f"{at}: actions: expected the two actions of the tile's two-action "
                          f"side (e.g. actions = [\"food\", \"gold\"]), got nothing")
            continue
        if not isinstance(acts, list) or len(acts) != 2 or \
                not all(isinstance(a, str) for a in acts):
            errors.append(f"{at}: actions: expected a list of two action names (e.g. "
                          f"actions = [\"food\", \"gold\"]), got {acts!r}")
            continue
        bad = [a for a in acts if a not in ACTIONS]
        if bad:
            errors.append(f"{at}: actions: expected actions of {ACTION_LIST}, got "
                          + ", ".join(repr(a) for a in bad))
            continue
        if acts[0] == acts[1]:
            errors.append(f"{at}: actions: expected two different actions (the rulebook: "
                          f"\"2 different actions pictured on each action tile\"), got {acts!r}")
            continue
        pairs.append((t, acts[0], acts[1]))
    if errors:
        return {}, errors
    for a in ACTIONS:
        on = [t for t, x, y in pairs if a in (x, y)]
        if len(on) != 2:
            errors.append(f"{where}: tile: actions: expected {a!r} on exactly 2 tiles (the "
                          f"rulebook: \"Each of the actions is therefore present on 2 different "
                          f"action tiles.\"), got {len(on)}"
                          + (f" (tile{'s' if len(on) > 1 else ''} "
                             f"{', '.join(str(t) for t in on)})" if on else ""))
    if errors:
        return {}, errors
    return {"variant_tiles": [f"{x}+{y}" for _, x, y in pairs]}, []


FILES: list[DataFile] = [
    DataFile(TILES_FILE, "the two actions on each action tile's variant side (assumed)",
             tiles_text, read_tiles),
]


# ---------------------------------------------------------------------------- the generator
#: what the rulebook states of the variant tiles, each kept by every generated pairing
CONSTRAINTS = (
    f"\"{COMPONENTS}\" (Game components): five tiles, each with a two-action side",
    "\"there are 2 different actions pictured on each action tile\" (Variant): the two "
    "actions of a tile differ",
    "\"Each of the actions is therefore present on 2 different action tiles\" (Variant): every "
    "action on exactly two tiles (two tiles may show the same pair: the text does not forbid it)",
)
#: the shuffle of the pairings the seeds walk through (fixed: seed s is always the same data)
_ORDER_SEED = 20240539


@cache
def valid_pairings() -> tuple[tuple[tuple[str, str], ...], ...]:
    """Every set of 5 tiles the rulebook allows (tiles unordered, the two actions of a tile
    unordered), sorted: 5 tiles of 2 different actions, each action on exactly 2 tiles. 22 of
    them: 12 single cycles through the five actions, 10 with two identical tiles."""
    pairs = list(combinations(range(len(ACTIONS)), 2))
    out = []
    for combo in combinations_with_replacement(range(len(pairs)), N_TILES):
        deg = [0] * len(ACTIONS)
        for i in combo:
            a, b = pairs[i]
            deg[a] += 1
            deg[b] += 1
        if all(d == 2 for d in deg):
            out.append(tuple((ACTIONS[pairs[i][0]], ACTIONS[pairs[i][1]]) for i in combo))
    return tuple(out)


@cache
def _walk() -> tuple[int, ...]:
    """The fixed order in which seeds 1, 2, ... take the pairings."""
    return tuple(int(i) for i in
                 np.random.default_rng(_ORDER_SEED).permutation(len(valid_pairings())))


def draw_tiles(seed: int, players: int) -> dict:
    """Alternative ``seed`` (>= 1) of the variant tiles: ``{"variant_tiles": [...]}``, pairing
    ``(seed - 1) mod 22`` of the shuffled :func:`valid_pairings` (the player count does not
    matter: the tiles are the same for every count)."""
    if isinstance(seed, bool) or int(seed) != seed or seed < 1:
        raise ValueError(f"variant_tiles: a seed is a whole number >= 1, got {seed!r}")
    order = _walk()
    pairing = valid_pairings()[order[(int(seed) - 1) % len(order)]]
    return {"variant_tiles": [f"{a}+{b}" for a, b in pairing]}


def _kind(pairing) -> str:
    return "two identical tiles" if len(set(pairing)) < len(pairing) else "one cycle"


GENERATORS: list[DataGenerator] = [
    DataGenerator(
        "variant_tiles",
        "the variant's five two-action tiles: every pairing the rulebook allows (22)",
        CONSTRAINTS,
        draw_tiles,
        default="the cycle food+irrigation, irrigation+gold, gold+recruit, recruit+fields, "
                "fields+food (assumed, one of the 12 single cycles: it also keeps no two tiles "
                "alike, which the rulebook does not state)",
    ),
]
