"""Scenario set-up for fury_modern tests: a game past set-up, with pieces placed by hand."""

from __future__ import annotations

from typing import Any

import gothic_kernel as gk
from fury_modern import FuryModernGame
from fury_modern.actions import Start
from fury_modern.state import Hideout, ModernState

GAME = FuryModernGame()


def started(seed: int = 1, hunters: tuple[str, ...] = ("paris", "madrid", "rome", "vienna"),
            dracula: str = "berlin", **options: Any) -> ModernState:
    """A new game with the hunters and Dracula placed (Monday day, round 1)."""
    state = GAME.new_game(seed=seed, **options)
    assert isinstance(state, ModernState)
    for seat, city in zip(("godalming", "seward", "van_helsing", "mina"), hunters, strict=True):
        state.apply(seat, Start(city))
    state.apply("dracula", Start(dracula))
    return state


def trail_of(state: ModernState, *places: str) -> None:
    """Set Dracula's trail by hand: ``places[0]`` is trail space 1, where he is."""
    state.trail = [Hideout(p) for p in places]
    state.invalidate()


def act(state: gk.GameState, seat: str, action: gk.Action) -> None:
    """Apply ``action``, checking first that it is listed (the exact-action rule)."""
    assert action in state.legal_actions(seat), (action, state.legal_actions(seat))
    state.apply(seat, action)


def public_texts(state: gk.GameState) -> list[str]:
    return [e["text"] for e in state.log(gk.PUBLIC)]
