"""Observations and log entries hold plain JSON types only, never the game's enums (the
fourth new-user trial, G12: "a plain, JSON-native dict")."""

from __future__ import annotations

from typing import Any

import gothic_kernel as gk

from .helpers import GAME

PLAIN = (str, int, float, bool, type(None))


def _impure(value: Any, where: str = "") -> list[str]:
    if type(value) is dict:
        return [w for k, v in value.items() for w in (
            ([f"{where}: key {k!r}"] if type(k) is not str else []) + _impure(v, f"{where}.{k}"))]
    if type(value) is list:
        return [w for i, v in enumerate(value) for w in _impure(v, f"{where}[{i}]")]
    return [] if type(value) in PLAIN else [f"{where}: {type(value).__name__} {value!r}"]


def test_observations_and_log_entries_of_a_whole_extended_game_are_plain_data() -> None:
    state = GAME.new_game(seed=2, stage="extended", players=3)
    agents = GAME.default_agents(state, 2)
    step, found = 0, []
    while not state.is_over and step < 3000:
        if step % 10 == 0:
            for seat in (*state.seats, gk.PUBLIC):
                found += _impure(state.observation(seat), f"observation({seat})")
                found += _impure(state.log(seat)[-5:], f"log({seat})")
        seat = state.current_seats()[0]
        state.apply(seat, gk.agent_choice(state, seat, agents[seat], state.legal_actions(seat)))
        step += 1
    found += _impure(state.log(gk.PUBLIC), "log(public)")
    assert state.in_castle
    assert not found, sorted(set(f.split(": ", 1)[1] for f in found))[:10]
