"""Import circles and module sizes per package, read from the source with ``ast``.

    python benchmarks/import_circles.py [PACKAGE ...]

For each package: its modules and their lines, the strongly connected components of the
graph of imports between its modules (an import circle is a component of two or more
modules; imports inside functions count, since they only hide a circle from Python), and
how many imports are made inside functions (``late`` imports), which cost time when they
sit on a per-step path. Imports under ``if TYPE_CHECKING:`` are left out: they do not run.
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import networkx as nx

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("gothic_kernel", "fury1987", "fury_modern", "vampyre", "draculas_revenge")


def _module_name(package: str, path: Path) -> str:
    parts = path.relative_to(ROOT / package).with_suffix("").parts
    return ".".join(p for p in parts if p != "__init__") or "__init__"


def _target(package: str, module: str, node: ast.ImportFrom) -> list[str]:
    """The package's modules an ``from ... import`` names."""
    if node.level == 0:
        if not node.module or not node.module.startswith(package):
            return []
        base = node.module[len(package) + 1:]
    else:
        here = module.split(".")[:-1] if module != "__init__" else []
        up = here[:len(here) - (node.level - 1)] if node.level > 1 else here
        base = ".".join([*up, *([node.module] if node.module else [])])
    found = [base] if base else []
    found += [f"{base}.{alias.name}" if base else alias.name for alias in node.names]
    return found


def _type_checking(node: ast.AST) -> bool:
    return isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test)


def survey(package: str) -> tuple[dict[str, int], nx.DiGraph, dict[str, int]]:
    """(lines per module, import graph between its modules, late imports per module)."""
    sizes: dict[str, int] = {}
    graph = nx.DiGraph()
    late: dict[str, int] = {}
    files = sorted((ROOT / package).rglob("*.py"))
    names = {_module_name(package, f) for f in files}
    for path in files:
        module = _module_name(package, path)
        text = path.read_text(encoding="utf-8")
        sizes[module] = len(text.splitlines())
        graph.add_node(module)
        tree = ast.parse(text)
        skipped = {id(n) for top in ast.walk(tree) if _type_checking(top)
                   for n in ast.walk(top)}
        inside = {id(n) for fn in ast.walk(tree)
                  if isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef))
                  for n in ast.walk(fn)}
        for node in ast.walk(tree):
            if not isinstance(node, ast.ImportFrom) or id(node) in skipped:
                continue
            targets = [t for t in _target(package, module, node) if t in names and t != module]
            if id(node) in inside:
                late[module] = late.get(module, 0) + 1
            graph.add_edges_from((module, t) for t in set(targets))
    return sizes, graph, late


def report(package: str) -> None:
    sizes, graph, late = survey(package)
    circles = [sorted(c) for c in nx.strongly_connected_components(graph) if len(c) > 1]
    biggest = sorted(sizes.items(), key=lambda kv: -kv[1])[:5]
    print(f"{package}: {len(sizes)} modules, {sum(sizes.values())} lines; largest: "
          + ", ".join(f"{m} {n}" for m, n in biggest))
    print(f"  import circles: {len(circles)}"
          + "".join(f"\n    {len(c)} of {len(sizes)} modules: {', '.join(c)}"
                    for c in circles))
    print(f"  imports inside functions: {sum(late.values())} in {len(late)} modules")


def main(argv: list[str]) -> None:
    for package in argv or [p for p in PACKAGES if (ROOT / p).is_dir()]:
        report(package)


if __name__ == "__main__":
    main(sys.argv[1:])
