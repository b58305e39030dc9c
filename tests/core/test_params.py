"""Tests for simlab.core.params and the jelly rule paths built on it."""

from __future__ import annotations

import dataclasses

import pytest

from simlab.core.params import apply_overrides, coerce, parse_assignment, suggest
from simlab.errors import SimlabError
from simlab.games.registry import get_game


# ----------------------------------------------------------------- parse_assignment
@pytest.mark.parametrize("text,expected", [
    ("timer_seconds=2.5", ("timer_seconds", "2.5")),
    ("  timer_seconds =  2.5 ", ("timer_seconds", "2.5")),
    ("faces.3A.1=pod+jelly:2", ("faces.3A.1", "pod+jelly:2")),
    ("faces.3A=jelly:4,pod,jelly:0", ("faces.3A", "jelly:4,pod,jelly:0")),
    ("a=b=c", ("a", "b=c")),
    ("districts=", ("districts", "")),
])
def test_parse_assignment(text, expected):
    assert parse_assignment(text) == expected


@pytest.mark.parametrize("text", ["timer_seconds", "", "=3", "  =pod"])
def test_parse_assignment_errors(text):
    with pytest.raises(SimlabError) as exc:
        parse_assignment(text)
    assert "--set" in str(exc.value)
    assert repr(text) in str(exc.value)


def test_suggest():
    assert "timer_seconds" in suggest("timer_second", ["timer_seconds", "rounds"])
    assert suggest("zzzz", ["timer_seconds", "rounds"]) == ""


# ----------------------------------------------------------------- coerce
@pytest.mark.parametrize("value,tp,expected", [
    ("3", int, 3),
    (" 3 ", int, 3),
    ("3.0", int, 3),
    ("1e3", int, 1000),
    (7, int, 7),
    (7.0, int, 7),
    ("2.5", float, 2.5),
    ("-1", float, -1.0),
    (3, float, 3.0),
    ("true", bool, True),
    ("Yes", bool, True),
    ("on", bool, True),
    ("1", bool, True),
    ("false", bool, False),
    ("NO", bool, False),
    ("off", bool, False),
    ("0", bool, False),
    (False, bool, False),
    ("1,2,3", tuple[int, ...], (1, 2, 3)),
    ("(1, 2)", tuple[int, ...], (1, 2)),
    ("[4,5]", tuple[int, ...], (4, 5)),
    ("", tuple[int, ...], ()),
    ([1, "2"], tuple[int, ...], (1, 2)),
    ("1,1.5,2", tuple[float, ...], (1.0, 1.5, 2.0)),
    ("1A, 2B", tuple[str, ...], ("1A", "2B")),
    ("mixed", str, "mixed"),
    (12, str, "12"),
    ("4", int | None, 4),
    (None, int | None, None),
])
def test_coerce(value, tp, expected):
    got = coerce(value, tp, "rules.x")
    assert got == expected
    assert type(got) is type(expected)
    if isinstance(expected, tuple):
        assert all(type(a) is type(b) for a, b in zip(got, expected, strict=True))


@pytest.mark.parametrize("value,tp,what", [
    ("2.5", int, "whole number"),
    (2.5, int, "whole number"),
    ("abc", int, "whole number"),
    ("inf", int, "whole number"),
    ("abc", float, "number"),
    ("maybe", bool, "true or false"),
    ("2", bool, "true or false"),
    ("1,x,3", tuple[int, ...], ""),
    ("1,2.5", tuple[int, ...], ""),
])
def test_coerce_errors_name_the_field(value, tp, what):
    with pytest.raises(SimlabError) as exc:
        coerce(value, tp, "rules.some_field")
    msg = str(exc.value)
    assert msg.startswith("rules.some_field:")
    assert what in msg
    assert repr(value) in msg or "got" in msg


# ----------------------------------------------------------------- apply_overrides
@dataclasses.dataclass(frozen=True)
class Toy:
    rounds: int = 4
    speed: float = 1.0
    fast: bool = False
    seats: tuple[int, ...] = ()
    name: str = "toy"
    limit: int | None = None

    def __post_init__(self):
        if self.rounds < 1:
            raise SimlabError(f"toy.rounds: expected >= 1, got {self.rounds}")


def test_apply_overrides_converts_text():
    base = Toy()
    new = apply_overrides(base, {"rounds": "6", "speed": "2.5", "fast": "yes", "seats": "1,2",
                                 "name": "x", "limit": "3"})
    assert new == Toy(6, 2.5, True, (1, 2), "x", 3)
    assert base == Toy()  # the original is untouched (frozen)


def test_apply_overrides_empty_returns_same():
    base = Toy()
    assert apply_overrides(base, {}) is base
    assert apply_overrides(base, None) is base


def test_apply_overrides_unknown_name_suggests():
    with pytest.raises(SimlabError) as exc:
        apply_overrides(Toy(), {"round": 3}, where="scenario")
    msg = str(exc.value)
    assert msg.startswith("scenario:")
    assert "'round'" in msg and "did you mean 'rounds'" in msg
    assert "speed" in msg  # known names are listed


def test_apply_overrides_bad_value_names_path():
    with pytest.raises(SimlabError) as exc:
        apply_overrides(Toy(), {"speed": "fast"}, where="scenario")
    assert str(exc.value).startswith("scenario.speed:")


def test_apply_overrides_runs_validation():
    with pytest.raises(SimlabError, match="toy.rounds"):
        apply_overrides(Toy(), {"rounds": "0"})


# ----------------------------------------------------------------- jelly rule paths
@pytest.fixture(scope="module")
def jelly():
    return get_game("jelly")


def test_jelly_plain_overrides(jelly):
    r = jelly.make_rules(4, {"timer_seconds": "2.5", "rounds": "3", "lock_requires_dice": "no",
                             "speeds": "1,1,1.5,1"})
    assert r.timer_seconds == 2.5 and r.rounds == 3 and r.lock_requires_dice is False
    assert r.speeds == (1.0, 1.0, 1.5, 1.0)
    assert r.players == 4
    assert jelly.make_rules(4).timer_seconds == 10.0  # defaults unchanged


def test_jelly_players_override(jelly):
    assert jelly.make_rules(4, {"players": "5"}).players == 5
    assert jelly.make_rules(4, {"players": "5"}).num_districts == 7


def test_jelly_face_zone_path(jelly):
    default = jelly.make_rules(4)
    r = jelly.make_rules(4, {"faces.3A.1": "pod+jelly:2"})
    assert r.faces["3A"].zones[1] == "pod+jelly:2"
    assert r.faces["3A"].zones[0] == default.faces["3A"].zones[0]
    assert r.faces["3A"].zones[2] == default.faces["3A"].zones[2]
    assert r.faces["1A"] == default.faces["1A"]
    assert default.faces["3A"].zones[1] != "pod+jelly:2"  # the shipped data is not mutated
    # the change reaches the kernel arrays of the district showing face 3A
    d = list(r.district_faces()).index("3A")
    assert not (r.to_arrays().rewards[d, 1] == default.to_arrays().rewards[d, 1]).all()


def test_jelly_whole_face_path(jelly):
    r = jelly.make_rules(4, {"faces.1A": "jelly:4, pod, jelly:0"})
    assert r.faces["1A"].zones == ("jelly:4", "pod", "jelly:0")
    r = jelly.make_rules(4, {"faces.1A.zones": "pod,pod,pod"})
    assert r.faces["1A"].zones == ("pod", "pod", "pod")


def test_jelly_district_zone_path(jelly):
    default = jelly.make_rules(4)
    face = default.district_faces()[2]
    r = jelly.make_rules(4, {"district.2.1": "pod"})
    assert r.faces[face].zones[1] == "pod"
    assert r.zone_text(2, 1) == "pod"
    assert r.zone_text(2, 0) == default.zone_text(2, 0)


def test_jelly_new_face_is_usable_or_rejected(jelly):
    try:
        r = jelly.make_rules(3, {"faces.ZZ": "jelly:1,jelly:2,jelly:3",
                                 "districts": "1A,2A,3A,4A,ZZ"})
    except SimlabError:
        # new faces are not supported: then a path to an unknown face must be an error too
        with pytest.raises(SimlabError, match="3a"):
            jelly.make_rules(4, {"faces.3a.1": "pod"})
    else:
        assert r.district_faces()[-1] == "ZZ"
        assert r.zone_text(4, 2) == "jelly:3"


@pytest.mark.parametrize("overrides,path", [
    ({"faces.3A.1": "jelly:x"}, "faces.3A"),
    ({"faces.3A.1": "nope"}, "faces.3A"),
    ({"faces.3A.1": ""}, "faces.3A"),
    ({"faces.3A.1": "jelly:-1"}, "faces.3A"),
    ({"faces.3A": "pod,pod"}, "faces.3A"),
    ({"faces.3A": "pod,pod,pod,pod"}, "faces.3A"),
    ({"faces.3A.5": "pod"}, "faces.3A.5"),
    ({"faces.3A.1.2": "pod"}, "faces.3A.1.2"),
    ({"district.9.1": "pod"}, "district.9.1"),
    ({"district.x.1": "pod"}, "district.x.1"),
    ({"districts": "1A,2A,3A,4A,5A,ZZ"}, "districts"),
    ({"districts": "1A,2A"}, "districts"),
    ({"timer_seconds": "abc"}, "timer_seconds"),
    ({"timer_seconds": "-1"}, "timer_seconds"),
    ({"rounds": "2.5"}, "rounds"),
    ({"lock_requires_dice": "maybe"}, "lock_requires_dice"),
    ({"speeds": "1,1"}, "speeds"),
    ({"layout": "nope"}, "layout"),
    ({"timerstep": "2"}, "timerstep"),
])
def test_jelly_bad_values_name_the_path(jelly, overrides, path):
    with pytest.raises(SimlabError) as exc:
        jelly.make_rules(4, overrides)
    assert path in str(exc.value)


def test_jelly_unknown_face_lists_known(jelly):
    with pytest.raises(SimlabError) as exc:
        jelly.make_rules(4, {"districts": "1A,2A,3A,4A,5A,6a"})
    msg = str(exc.value)
    assert "'6a'" in msg and "6A" in msg


def test_jelly_unknown_rule_suggests(jelly):
    with pytest.raises(SimlabError) as exc:
        jelly.make_rules(4, {"timerstep": "2"})
    assert "did you mean 'timer_seconds'" in str(exc.value)


def test_jelly_bad_district_value_names_the_given_path(jelly):
    with pytest.raises(SimlabError) as exc:
        jelly.make_rules(4, {"district.2.1": "jelly:x"})
    assert "district.2.1" in str(exc.value)


def test_jelly_negative_district_index_rejected(jelly):
    with pytest.raises(SimlabError, match=r"district\.-1\.1"):
        jelly.make_rules(4, {"district.-1.1": "pod"})
