"""Seeded random games played to the end, every position checked: the rules' guarantees
(fury_modern.invariants) and Dracula's true place in the tracker's set. The seeds are those
``benchmarks/long_games.py`` once found failing (a game that ended in a combat left its
combat cards off the table)."""

from __future__ import annotations

import pytest

from fury_modern.invariants import decision_problems, problems_of
from fury_modern.state import ModernState
from fury_modern.tracker import possible_locations
from gothic_kernel import Dice

from .helpers import GAME


@pytest.mark.parametrize("seed", [54, 72])
def test_a_random_game_keeps_every_guarantee_to_its_end(seed: int) -> None:
    state = GAME.new_game(seed=seed)
    assert isinstance(state, ModernState)
    chooser = Dice(seed)
    while not state.is_over:
        seat = chooser.choice(state.current_seats())
        state.apply(seat, chooser.choice(state.legal_actions(seat)))
        assert problems_of(state) + decision_problems(state) == []
        if state.dracula_location and not state.is_over:
            assert state.dracula_location in possible_locations(state)
    assert GAME.from_json(state.to_json()).to_json() == state.to_json()
