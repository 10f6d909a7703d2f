"""Golden playthroughs: recorded seeded games must replay to the same log and outcome."""

from __future__ import annotations

from pathlib import Path

import pytest

import gothic_kernel as gk
from gothic_kernel.testing import check_golden

GOLDEN = sorted((Path(__file__).parent / "golden").glob("*.json"))


def test_there_are_golden_files() -> None:
    assert len(GOLDEN) >= 3


@pytest.mark.parametrize("path", GOLDEN, ids=[p.stem for p in GOLDEN])
def test_golden_playthrough_replays(path: Path) -> None:
    state = check_golden(gk.load_game("draculas_revenge"), path)
    assert state.is_over
