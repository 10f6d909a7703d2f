"""Probes of refusals: every text field of every kind of action met in a seeded random game,
set to a value no action has (see the Fury games' ``test_illegal_actions.py``), and actions
that were legal earlier in the game but are not now."""

from __future__ import annotations

import random

from ..actions import Action
from ..errors import IllegalAction
from ..game import Game


def bad_field_refusals(game: Game, seed: int, steps: int,
                       bogus: str = "zzz_bogus") -> dict[tuple[str, str], str]:
    """For each (action type, text field) met in ``steps`` random actions of the game of
    ``seed``: the refusal of the first legal action of that type with the field set to
    ``bogus``. Raises AssertionError if one is accepted or changes the state."""
    state, rng, said = game.new_game(seed=seed), random.Random(seed), {}
    for _ in range(steps):
        if state.is_over:
            break
        seat = state.current_seats()[0]
        for action in state.legal_actions(seat):
            data = action.to_json()
            for field, value in data.items():
                if field == "type" or not isinstance(value, str) or (data["type"], field) in said:
                    continue
                before = state.to_json()
                try:
                    state.apply(seat, game.parse_action({**data, field: bogus}))
                except IllegalAction as refused:
                    said[data["type"], field] = str(refused)
                else:
                    raise AssertionError(f"{data['type']} with {field}={bogus!r} was accepted")
                assert state.to_json() == before, f"{data['type']} {field}: state changed"
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    return said


def stale_refusals(game: Game, seed: int, steps: int) -> set[str]:
    """The refusals met in a seeded random game when its seat plays actions that were legal
    earlier (of any seat) but are not now: a player's misclick, a front end's stale menu.
    Raises AssertionError if one is accepted or changes the state."""
    state, rng, said = game.new_game(seed=seed), random.Random(seed), set()
    earlier: list[Action] = []
    for _ in range(steps):
        if state.is_over:
            break
        seat = state.current_seats()[0]
        legal = state.legal_actions(seat)
        earlier = [*earlier, *rng.sample(legal, min(2, len(legal)))][-40:]
        for action in rng.sample(earlier, min(3, len(earlier))):
            if action in legal:
                continue
            before = state.to_json()
            try:
                state.apply(seat, action)
            except IllegalAction as refused:
                said.add(str(refused))
            else:
                raise AssertionError(f"{action.to_json()} was accepted though not listed")
            assert state.to_json() == before, f"{action.to_json()}: state changed"
        state.apply(seat, rng.choice(legal))
    return said
