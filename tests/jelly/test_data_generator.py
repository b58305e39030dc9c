"""Jelly's generator of district faces (issue 39 section 1): seeded, rulebook-consistent
alternatives to the assumed ``boards.toml`` faces, drawn from the reward catalogue.

Each of 30 seeds gives valid rules at 3, 4 and 5 players and keeps every constraint the rulebook
states (checked here on its own and by the data file's reader), the same seed gives the same
faces, seeds differ, and the readings catalogue lists the generator with its constraints.
"""

from __future__ import annotations

import pytest

from simlab.core.conformance import check_conformance
from simlab.errors import SimlabError
from simlab.games.jelly.data import FACE_CONSTRAINTS, GENERATORS, draw_faces, read_boards
from simlab.games.jelly.rules import KIND_NAMES, MAX_ICONS, default_faces, default_layouts
from simlab.games.registry import get_game

G = get_game("jelly")
SEEDS = range(1, 31)
FACES = [f"{b}{s}" for b in range(1, 9) for s in "AB"]


def _faces(seed) -> dict[str, list[str]]:
    ov = draw_faces(seed, 4)
    assert sorted(ov) == sorted(f"faces.{f}" for f in FACES)
    return {k.split(".", 1)[1]: v.split(",") for k, v in ov.items()}


def _icon_problems(icon: str) -> list[str]:
    """What in one icon breaks what the rulebook states (its own check, not the reader's)."""
    name, *args = icon.split(":")
    if name not in KIND_NAMES:
        return [f"{icon}: not a reward of the catalogue"]
    fixed = {"each_gives": ({"1", "2"},), "give_each": ({"1"},), "per_pod": ({"2"},)}
    if name in fixed and args[0] not in fixed[name][0]:
        return [f"{icon}: the rulebook prints another amount"]
    if name == "by_dice":
        k, low, high = args
        subs_ok = all(x == "pod" or (x.startswith("jelly") and x[5:].isdigit())
                      for x in (low, high))
        if int(k) < 1 or low == high or not subs_ok:
            return [f"{icon}: a number-of-dice reward needs K >= 1 and two different rewards"]
    if name == "adjacent" and args[0] not in ("left", "right", "either"):
        return [f"{icon}: an arrow points left, right or either"]
    return []


@pytest.mark.parametrize("seed", SEEDS)
def test_each_seed_keeps_every_stated_constraint(seed):
    faces = _faces(seed)
    # 8 double-sided boards: both sides of boards 1-8
    assert sorted(faces) == sorted(FACES)
    for name, zones in faces.items():
        # 3 zones, each a different reward
        assert len(zones) == 3 and len(set(zones)) == 3, (name, zones)
        for z in zones:
            icons = z.split("+")
            assert 1 <= len(icons) <= MAX_ICONS
            for icon in icons:
                assert _icon_problems(icon) == [], (name, z)
    # and the data file's reader, which checks the same of a designer's boards, agrees
    data = {"faces": {n: {"zones": z, "green": default_faces()[n].green}
                      for n, z in faces.items()},
            "layouts": {k: list(v) for k, v in default_layouts().items()}}
    overrides, errors = read_boards(data, "generated")
    assert errors == []
    assert overrides == {k: v for k, v in draw_faces(seed, 4).items()
                         if tuple(v.split(",")) != default_faces()[k[6:]].zones}


@pytest.mark.parametrize("players", [3, 4, 5])
def test_each_seed_gives_valid_rules_at_every_table(players):
    for seed in SEEDS:
        rules = G.make_rules(players, G.generated_overrides("faces", seed, players))
        assert len(rules.district_faces()) == players + 2
        rules.to_arrays()  # every zone parses into the kernel's arrays


def test_deterministic_and_seeds_differ():
    draws = [draw_faces(s, 4) for s in SEEDS]
    assert draws == [draw_faces(s, 4) for s in SEEDS]
    assert draws[0] == draw_faces(1, 5)  # a face is the same at every table
    texts = {tuple(sorted(d.items())) for d in draws}
    assert len(texts) == len(draws)
    shipped = {f"faces.{n}": ",".join(f.zones) for n, f in default_faces().items()}
    assert all(d != shipped for d in draws)
    assert G.generated_overrides("faces", 0, 4) == {}  # seed 0: the shipped data


def test_the_whole_catalogue_is_drawn():
    kinds = {icon.split(":")[0] for s in SEEDS for zones in _faces(s).values() for z in zones
             for icon in z.split("+")}
    assert kinds == set(KIND_NAMES)
    arrows = {icon for s in SEEDS for zones in _faces(s).values() for z in zones
              for icon in z.split("+") if icon.startswith("adjacent")}
    assert arrows == {"adjacent:left", "adjacent:right", "adjacent:either"}


@pytest.mark.parametrize("bad", [0, -1, 1.5, "x", True])
def test_a_seed_is_a_whole_number_from_one(bad):
    with pytest.raises(SimlabError, match="seed"):
        draw_faces(bad, 4)


def test_the_catalogue_lists_the_generator_with_its_constraints():
    (gen,) = GENERATORS
    assert [g.name for g in G.data_generators()] == ["faces"]
    entry = next(r for r in G.readings() if r.name == gen.name)
    assert entry.generator and entry.assumed and entry.file
    assert tuple(entry.constraints) == tuple(gen.constraints) == FACE_CONSTRAINTS
    assert entry.to_dict()["generator"] is True
    # each constraint names where the rulebook states it
    assert all('"' in c and "(" in c for c in gen.constraints)
    # the export documents it
    from simlab.games.jelly.data import default_text

    assert "generator `faces`" in default_text() and "data.faces = SEED" in default_text()


def test_generated_faces_play_alike_in_both_engines():
    rules = G.make_rules(4, G.generated_overrides("faces", 7, 4))
    check_conformance(G, rules, G.lineup("greedy,random(effect=1),saboteur,spread", 4),
                      n_games=30, seed=3, n_reference=15)
