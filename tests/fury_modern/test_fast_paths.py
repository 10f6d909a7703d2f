"""The kernel's settle loop and top-record questions, as fury_modern's state runs them:
a broken step is refused, and nobody acts once nothing is pending."""

from __future__ import annotations

import random
from collections.abc import Iterator

import attrs
import pytest

from fury_modern.decisions import ModernDecision
from fury_modern.state import ModernState
from gothic_kernel import Action, RuleError

from .helpers import GAME, started


def positions(seed: int, steps: int) -> Iterator[ModernState]:
    """The positions of a seeded random game, one after another (the same object)."""
    state, pick = GAME.new_game(seed=seed), random.Random(seed)
    assert isinstance(state, ModernState)
    for _ in range(steps):
        if state.is_over:
            return
        yield state
        seat = state.current_seats()[0]
        state.apply(seat, pick.choice(state.legal_actions(seat)))



@attrs.frozen
class _Stuck(ModernDecision):
    """A step that leaves itself on top: a broken rule."""

    def run(self, state: ModernState) -> None:
        pass

    def apply(self, state: ModernState, seat: str, action: Action) -> None:
        pass


def test_a_step_that_makes_no_progress_is_refused_as_by_the_kernel() -> None:
    state = started()
    seat = state.current_seats()[0]
    action = state.legal_actions(seat)[0]
    state.stack.append(_Stuck())
    with pytest.raises(RuleError, match=r"_Stuck\.run made no progress"):
        state._apply(seat, action)


def test_nobody_acts_in_a_game_that_is_over_or_has_nothing_pending() -> None:
    state = started()
    seat = state.current_seats()[0]
    assert state._legal_actions(seat)
    others = [s for s in state.seats if s not in state.current_seats()]
    assert all(state._legal_actions(s) == () for s in others)
    state.stack.clear()
    assert state.current_seats() == () and state._legal_actions(seat) == ()
