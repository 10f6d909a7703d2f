"""What both of modern Fury's bots share: the printed map measured once (how far Dracula and
the hunters travel between places), the bot base class (the seeded tie-breaking die, the
mixed choice of a secret card), and the default for a decision the bots were not written
for.

The bots themselves are :mod:`fury_modern.hunter_bot` and :mod:`fury_modern.dracula_bot`;
:mod:`fury_modern.bots` describes how they play.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from gothic_kernel import Action, Dice
from gothic_kernel.memo import per_object

from .board import ModernMap
from .rules import Rules, load_rules

FAR = 30
Floats = np.ndarray[Any, np.dtype[Any]]


class Geography:
    """Distances on the printed map: Dracula's (roads and sea lanes), the hunters' (also
    railways, each counted as one step) and by road alone, computed once per board. A
    hospital stands for its city."""

    def __init__(self, board: ModernMap) -> None:
        self.board = board
        self.places: tuple[str, ...] = tuple(p for p in board.places
                                             if not board.is_hospital(p))
        self.index: dict[str, int] = {p: i for i, p in enumerate(self.places)}
        for hospital, city in board.hospital_of.items():
            self.index[hospital] = self.index[city]
        self.dracula = self._table(("road", "sea"))
        self.hunter = self._table(("road", "sea", "rail"))
        self.roads = self._table(("road",))
        #: How well a hunter at a row's place covers a column's place: ``1/(1+d)^2``.
        self.cover: Floats = 1.0 / (1.0 + np.array(self.hunter, dtype=np.float64)) ** 2
        self.is_sea: Floats = np.array([board.is_sea(p) for p in self.places], dtype=bool)
        #: Each place's mean hunter distance to every city (the smaller, the more central).
        cities = [self.index[c] for c in board.cities]
        self.centrality = {p: float(np.mean([self.hunter[i][c] for c in cities]))
                           for p, i in self.index.items()}

    def _table(self, kinds: tuple[str, ...]) -> list[list[int]]:
        table = []
        for place in self.places:
            reach = self.board.distances(place, kinds)
            table.append([reach.get(p, FAR) for p in self.places])
        return table

    def rows(self, places: Sequence[str]) -> list[int]:
        return [self.index[p] for p in places if p in self.index]

    def _steps(self, table: list[list[int]], a: str, b: str) -> int:
        row, col = self.index.get(a), self.index.get(b)
        return FAR if row is None or col is None else table[row][col]

    def city_of(self, place: str) -> str:
        """A hospital stands for its city."""
        return self.board.hospital_of.get(place, place)

    def dracula_steps(self, a: str, b: str) -> int:
        return self._steps(self.dracula, a, b)

    def hunter_steps(self, a: str, b: str) -> int:
        return self._steps(self.hunter, a, b)

    def road_steps(self, a: str, b: str) -> int:
        return self._steps(self.roads, a, b)


@per_object
def geography_of(board: ModernMap) -> Geography:
    """The board's distances, computed once per process."""
    return Geography(board)


class Bot:
    """The components every player may look at, and a seeded die for ties.

    A subclass scores each legal action (:meth:`score_all`); the best is played, ties broken
    by the die. A secret, simultaneous choice (a combat card) is mixed instead
    (:meth:`mix`)."""

    reads_observation = True
    #: The observation is worked out only when read: a decision with one legal action
    #: is taken without it.
    lazy_observation = True
    #: How widely a secret choice is mixed (in the scores' points).
    temperature = 0.6

    def __init__(self, seed: int, rules: Rules | None = None) -> None:
        self.rules = rules or load_rules()
        self.board = self.rules.board
        self.geo = geography_of(self.board)
        self.dice = Dice(seed)

    def choose(self, seat: str, observation: Mapping[str, Any],
               legal_actions: Sequence[Action]) -> Action:
        if len(legal_actions) == 1:
            return legal_actions[0]
        scored = self.score_all(seat, observation, legal_actions)
        if self.secret(observation, legal_actions):
            return self.mix(scored)
        return self.pick(scored)

    def secret(self, observation: Mapping[str, Any], legal_actions: Sequence[Action]) -> bool:
        """Whether the choice is a secret one, mixed rather than always the best."""
        return False

    def score_all(self, seat: str, observation: Mapping[str, Any],
                  legal_actions: Sequence[Action]) -> list[tuple[float, Action]]:
        raise NotImplementedError

    def chance(self) -> float:
        """A number in [0, 1) from the bot's own seeded die."""
        return self.dice.index(1 << 30) / (1 << 30)

    def pick(self, scored: Sequence[tuple[float, Action]]) -> Action:
        """The best-scored action, ties broken by the die."""
        best = max(score for score, _ in scored)
        top = [action for score, action in scored if score >= best - 1e-9]
        return top[self.dice.index(len(top))] if len(top) > 1 else top[0]

    def mix(self, scored: Sequence[tuple[float, Action]]) -> Action:
        """Each action with a weight falling off with how much worse than the best it is:
        a predictable fighter is an easy one."""
        best = max(score for score, _ in scored)
        weights = [math.exp((score - best) / self.temperature) for score, _ in scored]
        return self.dice.weighted([action for _, action in scored], weights)


def decision_kind(observation: Mapping[str, Any]) -> str:
    decision = observation.get("decision") or {}
    return str(decision.get("kind", ""))
