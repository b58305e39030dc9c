"""The house: simlab's import graph has no cycle, and imports point down the layers.

Every ``import`` and ``from ... import`` of a simlab module counts, at module level or inside a
function (a lazy import is still a dependency: it only hides the cycle until the function
runs); imports under ``if TYPE_CHECKING:`` do not. The layers, lowest first::

    errors, version < core < games < scenario < report < sweep < analysis < api, bench < cli

(the package ``simlab/__init__.py`` is the public facade, at the level of ``api``: it re-exports
the library's entry points, lazily, and the command line may use it). Within a layer a module may
import any other, as long as no cycle forms.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent / "simlab"

#: layer of each top-level part of the package (lowest first)
LAYERS = {"errors": 0, "version": 0, "core": 1, "games": 2, "scenario": 3, "report": 4,
          "sweep": 5, "analysis": 6, "api": 7, "bench": 7, "cli": 8}


def _modules() -> dict[str, Path]:
    out = {}
    for path in ROOT.rglob("*.py"):
        parts = path.relative_to(ROOT.parent).with_suffix("").parts
        if parts[-1] == "__init__":
            parts = parts[:-1]
        out[".".join(parts)] = path
    return out


def _resolve(name: str, modules: dict) -> str | None:
    while name and name not in modules:
        name = name.rpartition(".")[0]
    return name or None


def _imported_names(tree: ast.AST, package: str, modules: dict):
    """The modules (or their attributes) a module imports: ``from pkg import sub`` is the
    submodule ``pkg.sub``, ``from pkg.mod import func`` the module ``pkg.mod``."""
    for child in ast.iter_child_nodes(tree):
        if isinstance(child, ast.If) and "TYPE_CHECKING" in ast.unparse(child.test):
            continue
        if isinstance(child, ast.Import):
            yield from (a.name for a in child.names)
        elif isinstance(child, ast.ImportFrom):
            if child.level:
                base = package.split(".")
                base = base[:len(base) - (child.level - 1)]
                stem = ".".join(base + ([child.module] if child.module else []))
            else:
                stem = child.module or ""
            yield from (f"{stem}.{a.name}" if f"{stem}.{a.name}" in modules else stem
                        for a in child.names)
        yield from _imported_names(child, package, modules)


def import_graph() -> dict[str, set[str]]:
    """``{module: {simlab modules it imports}}`` over every simlab module."""
    modules = _modules()
    graph = {m: set() for m in modules}
    for mod, path in modules.items():
        package = mod if path.name == "__init__.py" else mod.rpartition(".")[0]
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for name in _imported_names(tree, package, modules):
            if name == "simlab" or name.startswith("simlab."):
                graph[mod].add(_resolve(name, modules))
        graph[mod].discard(mod)
        graph[mod].discard(None)
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan)."""
    index, low, stack, on, out = {}, {}, [], set(), []
    counter = [0]

    def connect(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                connect(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))

    for v in sorted(graph):
        if v not in index:
            connect(v)
    return out


def _layer(module: str) -> int:
    parts = module.split(".")
    if len(parts) == 1:
        return LAYERS["api"]  # the package facade
    return LAYERS[parts[1]]


def test_every_module_has_a_layer():
    unknown = sorted({m.split(".")[1] for m in import_graph() if "." in m} - set(LAYERS))
    assert not unknown, f"simlab parts with no layer in tests/test_imports.py: {unknown}"


def test_no_import_cycle():
    found = cycles(import_graph())
    assert not found, "import cycles inside simlab (each line one cycle):\n" + "\n".join(
        " <-> ".join(c) for c in found)


def test_imports_point_down():
    graph = import_graph()
    up = [f"{m} -> {t}" for m in sorted(graph) for t in sorted(graph[m])
          if _layer(t) > _layer(m)]
    assert not up, "imports that point up a layer (move the piece to the layer it belongs " \
                   "to):\n" + "\n".join(up)


def test_the_checks_can_fail():
    """The cycle finder and the layer check see what they must (a hand-made graph)."""
    graph = {"simlab.core.a": {"simlab.games.b"}, "simlab.games.b": {"simlab.games.c"},
             "simlab.games.c": {"simlab.core.a"}, "simlab.cli.d": {"simlab.core.a"}}
    assert cycles(graph) == [["simlab.core.a", "simlab.games.b", "simlab.games.c"]]
    assert _layer("simlab.core.a") < _layer("simlab.games.b") < _layer("simlab.cli.d")
    real = import_graph()
    assert "simlab.core.rng" in real["simlab.core.runner"] or real["simlab.core.runner"], \
        "the graph found no imports at all"
    assert "simlab.games.table" in real["simlab.api"]
