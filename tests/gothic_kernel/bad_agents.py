"""Agent factories for ``gothic simulate --agents bad_agents:NAME`` tests (kuhn_poker)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import gothic_kernel as gk


class Raiser:
    def choose(self, seat: str, observation: Any, legal: Sequence[gk.Action]) -> gk.Action:
        raise RuntimeError("my bot crashed")


class Nonsense:
    def choose(self, seat: str, observation: Any, legal: Sequence[gk.Action]) -> Any:
        return {"type": "nonsense"}


class AsJson:
    def choose(self, seat: str, observation: Any, legal: Sequence[gk.Action]) -> Any:
        return legal[0].to_json()


def no_arguments() -> dict[str, Any]:
    return {}


def not_a_mapping(state: gk.GameState, seed: int) -> int:
    return 42


def raiser(state: gk.GameState, seed: int) -> dict[str, Any]:
    return {"second": Raiser()}


def nonsense(state: gk.GameState, seed: int) -> dict[str, Any]:
    return {"first": Nonsense()}


def stranger(state: gk.GameState, seed: int) -> dict[str, Any]:
    return {"zorro": Raiser()}


def no_choose(state: gk.GameState, seed: int) -> dict[str, Any]:
    return {"first": 42}


def as_json(state: gk.GameState, seed: int) -> dict[str, Any]:
    return {"first": AsJson(), "second": gk.RandomAgent(seed)}


class FirstLegal:
    def choose(self, seat: str, observation: Any, legal: Sequence[gk.Action]) -> gk.Action:
        return legal[0]


def first_legal(state: gk.GameState, seed: int) -> dict[str, Any]:
    return {"first": FirstLegal(), "second": gk.RandomAgent(seed)}
