"""The kernel's conformance kit, and golden playthroughs."""

from __future__ import annotations

from pathlib import Path

import pytest

from gothic_kernel.testing import check_game, check_golden

from .helpers import GAME

GOLDEN = Path(__file__).parent / "golden"


def test_conformance_kit() -> None:
    """Two more whole games than the plugin's run (its seeds are 0 and 1)."""
    report = check_game(GAME, seeds=range(2, 4), every=50, hidden_every=50)
    assert report.games == 2 and report.resamples_varied > 0


@pytest.mark.parametrize("path", sorted(GOLDEN.glob("*.json")), ids=lambda p: p.stem)
def test_golden_playthrough(path: Path) -> None:
    """Seeded random games replayed action by action (same public log, same outcome):
    seed 11 ends in a Minor Victory for the Hunters (three turns in the Castle), 57 in a
    Major one for the Hunters (a Hunter died), 120 in a Minor one for Dracula (three
    Vampires, two Hunters fallen). Re-recorded when the seventh audit's fixes changed
    random play (Hypnosis and Walpurgis Nacht bind Dracula; 66 and 78 gave way to 120).
    Re-record after a rules change with
    ``gothic_kernel.testing.write_golden(GAME, seed, path)``."""
    state = check_golden(GAME, path)
    assert state.is_over
