"""The designer's tour notebook runs from top to bottom (nbclient) on small game counts, and is
kept in git without outputs."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

NOTEBOOK = Path(__file__).resolve().parent.parent / "examples" / "notebooks" / \
    "designer-tour.ipynb"
SMALL = {"GAMES": 2_000, "ROTATION_GAMES": 200, "QUICK": True, "JOBS": 1}


def test_notebook_is_stored_without_outputs():
    nb = json.loads(NOTEBOOK.read_text())
    for cell in nb["cells"]:
        if cell["cell_type"] == "code":
            assert cell.get("outputs") == [] and cell.get("execution_count") is None, \
                "strip the notebook's outputs before committing (jupyter nbconvert " \
                "--clear-output --inplace examples/notebooks/designer-tour.ipynb)"


@pytest.mark.slow
def test_notebook_runs(tmp_path):
    nbformat = pytest.importorskip("nbformat")
    nbclient = pytest.importorskip("nbclient")
    nb = nbformat.read(NOTEBOOK, as_version=4)
    params = [c for c in nb.cells if "parameters" in c.metadata.get("tags", [])]
    assert len(params) == 1, "the tour needs one cell tagged 'parameters'"
    params[0].source = "\n".join(f"{k} = {v!r}" for k, v in SMALL.items())
    client = nbclient.NotebookClient(nb, timeout=1800, kernel_name="python3",
                                     resources={"metadata": {"path": str(tmp_path)}})
    client.execute()
    outputs = [o for c in nb.cells if c.cell_type == "code" for o in c.outputs]
    errors = [o for o in outputs if o.get("output_type") == "error"]
    assert not errors, errors
    images = [o for o in outputs if "image/png" in o.get("data", {})]
    assert len(images) >= 2, "the tour draws its plots inline"
    text = "".join(o.get("text", "") for o in outputs)
    assert "seat advantage p" in text and "steps; final scores" in text
