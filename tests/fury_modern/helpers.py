"""Scenario set-up for fury_modern tests: a game past set-up, with pieces placed by hand."""

from __future__ import annotations

from collections.abc import Callable
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


def played(seed: int, steps: int, *, bots: bool = False,
           until: Callable[[gk.GameState], bool] | None = None) -> gk.GameState:
    """A game after ``steps`` actions (or once ``until(state)`` holds): seeded random legal
    actions, or the default bots' choices (``bots``)."""
    state = GAME.new_game(seed=seed)
    chooser = gk.Dice(seed)
    agents = GAME.default_agents(state, seed) if bots else {}
    for _ in range(steps):
        if state.is_over or (until is not None and until(state)):
            break
        seat = state.current_seats()[0] if bots else chooser.choice(state.current_seats())
        legal = state.legal_actions(seat)
        state.apply(seat, agents[seat].choose(seat, state.observation(seat), legal) if bots
                    else chooser.choice(legal))
    return state


def public_texts(state: gk.GameState) -> list[str]:
    return [e["text"] for e in state.log(gk.PUBLIC)]
