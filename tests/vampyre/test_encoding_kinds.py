"""vampyre's fixed-size encoding knows every kind of decision a seat can be asked."""

from __future__ import annotations

import vampyre  # noqa: F401  (imports every module, so every decision kind registers)
from vampyre.decisions import PENDING_KINDS, VampyreDecision


def test_every_decision_kind_but_the_sequence_of_play_is_numbered() -> None:
    assert set(VampyreDecision.kinds) - {"sequence_of_play"} == set(PENDING_KINDS)
