"""The card data files: the shipped (assumed) lists load, and mistakes give clear errors that
name the file, the card and the field."""

from __future__ import annotations

import pytest

from simlab.errors import SimlabError
from simlab.games.monsters.actions import A_GAIN_GRUNT, A_JUICE
from simlab.games.monsters.cards import (
    ARCH_KINDS,
    ArchMonster,
    Condition,
    ProphecyCard,
    load_cards,
    parse_arch_monsters,
    parse_prophecy,
)

from .scoring_support import CARDS


def test_shipped_lists():
    assert len(CARDS.prophecy) == 12 and len(CARDS.arch) == 72
    assert [c.id for c in CARDS.prophecy] == list(range(1, 13))
    for kind in ARCH_KINDS:   # 9 of each of the eight rulebook kinds
        assert sum(m.kind == kind for m in CARDS.arch) == 9
    assert all(m.back != A_GAIN_GRUNT for m in CARDS.arch)
    assert all(m.back_amount == 5 for m in CARDS.arch if m.back == A_JUICE)
    # the rulebook's printed numbers are the defaults
    pts = {m.kind: (m.points, m.threshold) for m in CARDS.arch}
    assert pts["adjacent_columns"] == (12, 30) and pts["minions_in_one_neighborhood"] == (10, 3)
    assert pts["ghosts_in_one_neighborhood"] == (8, 2) and pts["single_grunt"][0] == 5


def test_a_scenario_file_replaces_the_shipped_one(tmp_path):
    f = tmp_path / "p.toml"
    f.write_text('cap = 30\n[[card]]\nid = 7\n[[card.condition]]\nkind = "sum"\n'
                 'lo = 0\nhi = 36\npoints = 40\n')
    cards = load_cards(prophecy=f)
    assert cards.prophecy_cap == 30 and [c.id for c in cards.prophecy] == [7]
    assert cards.to_arrays().p_max[0] == 30
    assert len(cards.arch) == 72   # the other file stays the shipped one


def bad_prophecy(cond: str, where: str = "card 5, condition 1"):
    text = f'[[card]]\nid = 5\n[[card.condition]]\n{cond}\n'
    import tomllib
    with pytest.raises(SimlabError) as e:
        parse_prophecy(tomllib.loads(text), "my.toml")
    assert str(e.value).startswith(f"my.toml: {where}"), str(e.value)
    return str(e.value)


def test_prophecy_errors_name_file_card_condition_and_field():
    assert "field 'kind'" in bad_prophecy('kind = "diagonal"\npoints = 3')
    assert "field 'colours'[1]" in bad_prophecy(
        'kind = "pattern"\ncolours = ["blue", "violet"]\npoints = 3')
    assert "field 'points'" in bad_prophecy('kind = "sum"\nlo = 1\nhi = 5\npoints = "ten"')
    assert "field 'spots'" in bad_prophecy('kind = "equation"\nspots = [0, 0, 1]\npoints = 3')
    assert "field 'columns'" in bad_prophecy('kind = "sum"\ncolumns = [1]\npoints = 3')
    assert "field 'columns'[0]" in bad_prophecy(
        'kind = "sum"\naxis = "column"\ncolumns = [6]\npoints = 3')
    assert "unknown field 'colour_s'" in bad_prophecy('kind = "sum"\ncolour_s = 1\npoints = 3')
    assert "field 'points'" in bad_prophecy(
        'kind = "alternate"\naxis = "column"\ncolumns = [0, 1]\npoints = [1, 2, 3]')
    assert "field 'counts'" in bad_prophecy(
        'kind = "of_a_kind"\ncounts = [4, 3]\npoints = [6, 4]')


def test_card_01_lists_both_rank_patterns():
    cond = CARDS.prophecy[0].conditions[0]
    assert cond.kind == "pattern" and cond.points == 20
    assert cond.rank_patterns == ((3, 4, 5, 6), (6, 5, 4, 3)) and cond.spot_ranks == ()
    assert "Ascending" in CARDS.prophecy[0].name


def test_pattern_alternatives_are_validated():
    assert "field 'patterns'" in bad_prophecy(
        'kind = "pattern"\npatterns = [[1, 2], [7, 1]]\npoints = 3')
    assert "field 'patterns'" in bad_prophecy(
        'kind = "pattern"\npatterns = [[1], [2], [3], [4], [5]]\npoints = 3')
    assert "field 'patterns'" in bad_prophecy(
        'kind = "pattern"\npatterns = []\npoints = 3')
    assert "either 'ranks' or 'patterns'" in bad_prophecy(
        'kind = "pattern"\nranks = [1, 2]\npatterns = [[2, 1]]\npoints = 3')
    assert "no patterns except" in bad_prophecy(
        'kind = "sum"\npatterns = [[2, 1]]\npoints = 3')
    assert "field 'ranks'" in bad_prophecy(   # an alternative with no requirement
        'kind = "pattern"\npatterns = [[1, 2], [0, 0]]\npoints = 3')
    assert "field 'ranks'" in bad_prophecy(   # colours and ranks of different lengths
        'kind = "pattern"\ncolours = ["blue", "any"]\npatterns = [[1, 2], [1, 2, 3]]\n'
        'points = 3')


def test_a_card_may_not_mix_rows_and_columns():
    with pytest.raises(SimlabError, match="card 3: mixes row and column"):
        ProphecyCard(3, "x", (Condition("sum", points=1),
                              Condition("sum", axis="column", column=0, span=3, points=1)))


def test_arch_errors_name_file_card_and_field():
    def bad(card: dict, what: str):
        with pytest.raises(SimlabError) as e:
            parse_arch_monsters({"card": [card]}, "arch.toml")
        assert str(e.value).startswith("arch.toml: card 4") and what in str(e.value), str(e.value)

    bad({"id": 4, "kind": "spooked", "colours": ["blue"]}, "field 'back'")
    bad({"id": 4, "kind": "spooked", "colours": ["blue"], "back": "dance"}, "unknown action")
    bad({"id": 4, "kind": "spooked", "colours": ["blue"], "back": "gain_grunt"}, "gain_grunt")
    bad({"id": 4, "kind": "spooked", "back": "swap"}, "field 'colours'")
    bad({"id": 4, "kind": "spooky", "back": "swap"}, "field 'kind'")
    bad({"id": 4, "kind": "single_grunt", "colours": ["red"], "back": "swap"}, "field 'colours'")
    bad({"id": 4, "kind": "row_colour", "colours": ["pink"], "threshold": 0, "back": "swap"},
        "field 'threshold'")


def test_file_errors(tmp_path):
    f = tmp_path / "broken.toml"
    f.write_text("card = [\n")
    with pytest.raises(SimlabError, match="broken.toml: not valid TOML"):
        load_cards(arch_monsters=f)
    with pytest.raises(SimlabError, match="cannot read"):
        load_cards(prophecy=tmp_path / "missing.toml")
    with pytest.raises(SimlabError, match="duplicate card id"):
        parse_arch_monsters({"card": [{"id": 1, "kind": "ghosts_in_neighborhoods",
                                       "back": "swap"}] * 2}, "a.toml")


def test_dataclasses_validate_directly():
    with pytest.raises(SimlabError, match="field 'min_dice'"):
        Condition("sum", min_dice=9, points=1)
    with pytest.raises(SimlabError, match="card 2, field 'points'"):
        ArchMonster(2, "single_grunt", (0,), points=50)
