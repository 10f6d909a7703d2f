"""Resampling: a state the viewer cannot tell from this one, hidden parts redrawn."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .state import FuryState


def resample(state: FuryState, viewer: str, seed: int) -> FuryState:
    twin = state.clone()
    twin.dice = state.dice.reseeded(seed)
    twin.encounter_pool.bag.reverse()
    twin.weapons_pool.bag.reverse()
    twin.invalidate()
    return twin
