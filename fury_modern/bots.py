"""Bots for both sides, using only their seat's observation.

FIRST SLICE: random play for every seat (issue 16 adds rule-following bots).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gothic_kernel import Agent, RandomAgent

if TYPE_CHECKING:
    from gothic_kernel import GameState


def default_agents(state: GameState, seed: int) -> dict[str, Agent]:
    return {seat: RandomAgent(seed + i) for i, seat in enumerate(state.seats)}
