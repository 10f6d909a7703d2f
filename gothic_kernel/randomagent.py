"""The agent that plays at random: the default for games without bots of their own."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .actions import Action
from .dice import Dice

__all__ = ["RandomAgent"]


class RandomAgent:
    """Plays uniformly at random among the legal actions (never reads the observation)."""

    reads_observation = False

    def __init__(self, seed: int | None = None) -> None:
        self._dice = Dice(seed)

    def choose(self, seat: str, observation: Mapping[str, Any],
               legal_actions: Sequence[Action]) -> Action:
        return self._dice.choice(legal_actions)
