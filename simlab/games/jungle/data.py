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
"""

from __future__ import annotations

import textwrap

from simlab.core.data import DataFile
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
