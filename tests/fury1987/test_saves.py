"""Saves: a state read back is the state saved; a corrupt save is refused with CorruptSave
(never a stray exception, never a state that breaks the rules' invariants)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from fury1987.state import FuryState
from gothic_kernel import CorruptSave, Dice

from .helpers import GAME


def saved(steps: int = 300) -> dict[str, Any]:
    state = GAME.new_game(seed=3)
    dice = Dice(5)
    for _ in range(steps):
        seat = dice.choice(state.current_seats())
        state.apply(seat, dice.choice(state.legal_actions(seat)))
    data: dict[str, Any] = json.loads(state.to_json())
    return data


def test_a_save_reads_back_to_the_same_state() -> None:
    data = saved()
    state = GAME.from_json(json.dumps(data))
    assert isinstance(state, FuryState)
    assert json.loads(state.to_json()) == data


@pytest.mark.parametrize("path, value", [
    (("state", "dracula", "location"), "atlantis"),
    (("state", "dracula", "location"), None),
    (("state", "dracula", "blood"), 13),
    (("state", "seq", "seat_index"), 9),
    (("state", "seq", "phases"), []),
    (("state", "seq", "missed"), {"nobody": 1}),
    (("state", "hunters", "seward", "wounds"), 13),
    (("dice", "state", "uinteger"), -1),
])
def test_a_corrupt_save_is_refused(path: tuple[str, ...], value: object) -> None:
    data = saved()
    place = data
    for key in path[:-1]:
        place = place[key]
    assert path[-1] in place
    place[path[-1]] = value
    with pytest.raises(CorruptSave):
        GAME.from_json(json.dumps(data))
