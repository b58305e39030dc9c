"""The numba cache folder is keyed by a hash of the kernel sources (``simlab._source_key``); the
modules it leaves out (``simlab.NOT_KERNEL``) must never be imported, directly or through
another module, by a module that holds compiled kernels -- else an edit to them would be run
against a stale cache."""

from __future__ import annotations

import ast
import importlib.util
from pathlib import Path

import simlab

ROOT = Path(simlab.__file__).parent
JIT_MARKERS = ("@rule", "@batch", "njit")


def _module_file(name: str) -> Path | None:
    spec = importlib.util.find_spec(name)
    return Path(spec.origin) if spec and spec.origin else None


def _top_level_imports(path: Path) -> set[str]:
    """simlab modules a file imports at module level (what its compiled functions can see)."""
    out = set()
    for node in ast.parse(path.read_text()).body:
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("simlab"):
            out.add(node.module)
            for alias in node.names:  # ``from simlab.games.x import bots`` imports a module
                sub = f"{node.module}.{alias.name}"
                if importlib.util.find_spec(node.module) and _is_module(sub):
                    out.add(sub)
        elif isinstance(node, ast.Import):
            out.update(a.name for a in node.names if a.name.startswith("simlab"))
    return out


def _is_module(name: str) -> bool:
    try:
        return importlib.util.find_spec(name) is not None
    except (ImportError, ValueError):
        return False


def _kernel_files() -> list[Path]:
    files = []
    for sub in ("core", "games"):
        for path in sorted((ROOT / sub).rglob("*.py")):
            if any(m in path.read_text() for m in JIT_MARKERS):
                files.append(path)
    return files


def test_kernel_modules_are_in_the_source_key():
    kernels = _kernel_files()
    assert len(kernels) >= 15  # every game's nb.py and bots.py, the core helpers
    for path in kernels:
        assert path.name not in simlab.NOT_KERNEL, path


def test_no_kernel_module_imports_a_module_left_out_of_the_key():
    seen: dict[Path, Path] = {}
    todo = [(p, p) for p in _kernel_files()]
    while todo:
        path, origin = todo.pop()
        if path in seen:
            continue
        seen[path] = origin
        for name in _top_level_imports(path):
            target = _module_file(name)
            if target is None or ROOT not in target.parents:
                continue
            if target.parent == ROOT:  # simlab/__init__.py, simlab/errors.py: outside the key
                continue
            assert target.name not in simlab.NOT_KERNEL, \
                f"{path.relative_to(ROOT)} (reached from {origin.relative_to(ROOT)}) imports " \
                f"{target.relative_to(ROOT)}, which simlab._source_key leaves out"
            todo.append((target, origin))
    assert any(p.name == "state.py" for p in seen)  # the walk followed the imports


def test_source_key_changes_with_a_kernel_file_only(tmp_path, monkeypatch):
    """The key is a function of the kernel sources: the same tree gives the same key, and
    renaming a left-out file's content does not matter while a kernel file's does."""
    key = simlab._source_key()
    assert key == simlab._source_key() and len(key) == 12
    copy = tmp_path / "simlab"
    for sub in ("core", "games"):
        for path in (ROOT / sub).rglob("*.py"):
            dest = copy / path.relative_to(ROOT)
            dest.parent.mkdir(parents=True, exist_ok=True)
            dest.write_bytes(path.read_bytes())
    (copy / "__init__.py").write_text("")
    monkeypatch.setattr(simlab, "__file__", str(copy / "__init__.py"))
    assert simlab._source_key() == key
    ref = copy / "games" / "jelly" / "reference.py"
    ref.write_text(ref.read_text() + "\n# an edit to the oracle\n")
    assert simlab._source_key() == key
    nb = copy / "games" / "jelly" / "nb.py"
    nb.write_text(nb.read_text() + "\n# an edit to a kernel\n")
    assert simlab._source_key() != key
