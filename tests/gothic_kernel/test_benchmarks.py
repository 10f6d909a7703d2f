"""benchmarks/run.py still runs against the library (a smoke run; no timing is checked)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("pyspiel")

RUN = Path(__file__).resolve().parents[2] / "benchmarks" / "run.py"


def test_the_benchmark_table_prints_its_rows(tmp_path: Path) -> None:
    out = tmp_path / "figures.json"
    words = "kuhn,clone fury1987 early,cold: vampyre"
    done = subprocess.run([sys.executable, str(RUN), "--only", words, "--rounds", "1",
                           "--seconds", "0.02", "--json", str(out)],
                          capture_output=True, text=True, check=True)
    assert "kuhn poker, new game included" in done.stdout
    figures = json.loads(out.read_text())
    assert set(figures) == {"kuhn poker, new game included", "clone fury1987 early (50 actions)",
                            "random play cold: vampyre"}
    assert all(row["ours"] > 0 and row["python_ratio"] > 0 for row in figures.values())
