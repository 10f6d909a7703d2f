"""The simulation examples say how far they are on standard error: run with their
defaults (1,000 games) they were silent for minutes, as if they had hung."""

from __future__ import annotations

import runpy
from pathlib import Path

import pytest

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def test_fury1987_simulate_says_the_games_done(capsys: pytest.CaptureFixture[str]) -> None:
    script = runpy.run_path(str(EXAMPLES / "fury1987_simulate.py"))
    script["main"](3, 5, 1, 200)
    captured = capsys.readouterr()
    assert "fury1987: 3 games, seed 5, 1 worker(s)" in captured.err
    assert "3/3 games" in captured.err
    assert "| side | games | share |" in captured.out


def test_vampyre_simulate_says_the_games_done(capsys: pytest.CaptureFixture[str]) -> None:
    script = runpy.run_path(str(EXAMPLES / "vampyre_simulate.py"))
    figures = script["simulate"](20, "basic")
    assert figures["games"] == 20
    err = capsys.readouterr().err
    assert "10/20 games" in err and "18/20 games" in err
