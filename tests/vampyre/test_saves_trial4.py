"""Save refusals that name the field and the real problem (the fourth new-user trial,
G19)."""

from __future__ import annotations

import json
from functools import cache

import pytest

import gothic_kernel as gk
from gothic_kernel import CorruptSave

GAME = gk.load_game("vampyre")


@cache
def extended_in_the_castle() -> str:
    """An extended game after the Basic Game's winner entered Castle Dracula (bots)."""
    for seed in range(1, 40):
        state = GAME.new_game(seed=seed, stage="extended", players=3)
        agents = GAME.default_agents(state, seed)
        while not state.is_over:
            seat = state.current_seats()[0]
            state.apply(seat, gk.agent_choice(state, seat, agents[seat],
                                              state.legal_actions(seat)))
            if state.in_castle:
                return str(state.to_json())
    raise AssertionError("no bot game reached Castle Dracula")


def with_basic_winner(winner: str) -> str:
    save = json.loads(extended_in_the_castle())
    assert save["state"]["basic_winner"]
    save["state"]["basic_winner"] = winner
    return json.dumps(save)


def test_a_basic_winner_who_is_no_seat_is_refused_naming_the_field() -> None:
    with pytest.raises(CorruptSave, match=r"basic_winner 'zzz' is no seat of this game$"):
        GAME.from_json(with_basic_winner("zzz"))


def test_an_extended_game_in_the_castle_without_a_basic_winner_is_refused_naming_it() -> None:
    with pytest.raises(CorruptSave, match="basic_winner is empty, yet an extended game is at "
                       "the castle_dracula stage: only the Basic Game's winner enters"):
        GAME.from_json(with_basic_winner(""))


def test_a_stage_the_option_does_not_allow_is_refused_in_plain_words() -> None:
    save = json.loads(extended_in_the_castle())
    save["state"]["options"]["stage"] = "basic"
    with pytest.raises(CorruptSave, match="a game of option stage='basic' cannot be at the "
                       "castle_dracula stage"):
        GAME.from_json(json.dumps(save))
