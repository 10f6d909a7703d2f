"""The kernel's conformance kit, and golden playthroughs."""

from __future__ import annotations

from pathlib import Path

import pytest

from gothic_kernel.testing import check_game, check_golden

from .helpers import GAME

GOLDEN = Path(__file__).parent / "golden"


def test_conformance_kit() -> None:
    report = check_game(GAME, seeds=range(3), every=40, hidden_every=40)
    assert report.games == 3 and report.resamples_varied > 0


@pytest.mark.parametrize("path", sorted(GOLDEN.glob("*.json")), ids=lambda p: p.stem)
def test_golden_playthrough(path: Path) -> None:
    state = check_golden(GAME, path)
    assert state.is_over
