"""vampyre's fixed-size encoding knows every kind of decision a seat can be asked."""

from __future__ import annotations

import vampyre  # noqa: F401  (imports every module, so every decision kind registers)
from vampyre.decisions import COMBAT_STEP, PENDING_KINDS, VampyreDecision


def test_every_decision_kind_a_seat_is_asked_is_numbered() -> None:
    """The Sequence of Play and the combat step waiting under an encounter are steps the
    rules take, never shown as what the game waits for."""
    steps = {"sequence_of_play", COMBAT_STEP}
    assert set(VampyreDecision.kinds) - steps == set(PENDING_KINDS)
