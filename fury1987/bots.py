"""Bots for Fury of Dracula (1987) that use only their seat's observation."""

from __future__ import annotations

from typing import TYPE_CHECKING

from gothic_kernel import Agent, RandomAgent

if TYPE_CHECKING:
    from gothic_kernel import GameState


def default_agents(state: GameState, seed: int) -> dict[str, Agent]:
    return {s: RandomAgent(seed + i) for i, s in enumerate(state.seats)}
