"""fury_modern's fixed-size encoding knows every kind of decision the game can wait for."""

from __future__ import annotations

import fury_modern  # noqa: F401  (imports every module, so every decision kind registers)
from fury_modern.decisions import ModernDecision
from fury_modern.encoding import DECISIONS


def test_every_decision_kind_has_a_place_in_the_observation_tensor() -> None:
    assert set(ModernDecision.kinds) <= set(DECISIONS)
