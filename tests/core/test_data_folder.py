"""The data-folder machinery on a hand-made data file: errors located, differences, strays."""

from __future__ import annotations

import pytest

from simlab.core.data import DataFile, check_folder, differences
from simlab.errors import SimlabError

DEFAULT = """# prizes of the three tracks (assumed)
[track.red]
prize = 3
[track.blue]
prize = 5
"""


def _read(data, where):
    overrides, errors = {}, []
    for name, entry in data.get("track", {}).items():
        v = entry.get("prize")
        if not isinstance(v, int) or v < 0:
            errors.append(f"{where}: track.{name}: prize: expected a whole number >= 0, "
                          f"got {v!r}")
        else:
            overrides[f"prize.{name}"] = v
    return overrides, errors


FILES = [DataFile("tracks.toml", "track prizes", lambda: DEFAULT, _read)]


def test_round_trip_and_differences(tmp_path):
    (tmp_path / "tracks.toml").write_text(DEFAULT.replace("prize = 5", "prize = 6"))
    found = check_folder(FILES, tmp_path)
    assert found.errors == [] and found.read == ["tracks.toml"]
    assert found.overrides == {"prize.red": 3, "prize.blue": 6}
    assert found.differences["tracks.toml"] == ["track.blue.prize: 6 (default 5)"]


def test_errors_are_located(tmp_path):
    (tmp_path / "tracks.toml").write_text(DEFAULT.replace("prize = 5", "prize = -1"))
    (tmp_path / "extra.toml").write_text("x = 1\n")
    found = check_folder(FILES, tmp_path)
    assert any("tracks.toml: track.blue: prize: expected a whole number >= 0, got -1" in e
               for e in found.errors)
    assert any("extra.toml: not a data file of this game" in e for e in found.errors)


def test_bad_toml_and_empty_folder(tmp_path):
    (tmp_path / "tracks.toml").write_text("[track\n")
    assert "not valid TOML" in check_folder(FILES, tmp_path).errors[0]
    empty = tmp_path / "empty"
    empty.mkdir()
    assert "none of the game's data files" in check_folder(FILES, empty).errors[0]
    with pytest.raises(SimlabError, match="is not a folder"):
        check_folder(FILES, tmp_path / "missing")


def test_validate_runs_on_clean_files(tmp_path):
    (tmp_path / "tracks.toml").write_text(DEFAULT)
    found = check_folder(FILES, tmp_path, validate=lambda ov: [f"refused {sorted(ov)}"])
    assert found.errors == ["refused ['prize.blue', 'prize.red']"]


def test_differences_removed_and_new():
    assert differences({"a": {"b": 1, "c": 2}}, {"a": {"b": 1, "d": 3}}) == [
        "a.c: removed (default 2)", "a.d: 3 (new)"]
