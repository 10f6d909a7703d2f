"""How the package is built: modules in layers, no import circle, no import inside a
function (``python benchmarks/import_circles.py fury_modern``)."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from typing import Any

import networkx as nx

ROOT = Path(__file__).resolve().parents[2]


def _import_circles() -> Any:
    spec = importlib.util.spec_from_file_location(
        "import_circles", ROOT / "benchmarks" / "import_circles.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_package_has_no_import_circle_and_no_import_inside_a_function() -> None:
    """Rule modules import the state, the decisions and the board; none reaches back."""
    _, graph, late = _import_circles().survey("fury_modern")
    assert [sorted(c) for c in nx.strongly_connected_components(graph) if len(c) > 1] == []
    assert late == {}


def test_the_state_imports_no_rule_module() -> None:
    """The state reaches the round, the views and resampling through its game."""
    _, graph, _ = _import_circles().survey("fury_modern")
    assert set(graph.successors("state")) <= {"decisions", "rules", "wording", "board",
                                              "actions"}
    below = nx.descendants(graph, "state")
    assert below <= {"decisions", "rules", "wording", "board", "actions"}, below
