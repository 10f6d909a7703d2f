"""Saves the rules could not have produced (the fourth new-user trial, G2 and G3), and
the rare legal states next to them that must still load."""

from __future__ import annotations

import json
from collections.abc import Callable
from functools import cache
from typing import Any

import pytest

import gothic_kernel as gk
from gothic_kernel import CorruptSave

GAME = gk.load_game("draculas_revenge")


@cache
def bot_game(adventure: str, seed: int, steps: int) -> str:
    """The save after ``steps`` default-bot choices."""
    state = GAME.new_game(seed=seed, adventure=adventure)
    agents = GAME.default_agents(state, seed)
    for _ in range(steps):
        seat = state.current_seats()[0]
        state.apply(seat, gk.agent_choice(state, seat, agents[seat], state.legal_actions(seat)))
    return str(state.to_json())


def corrupt(text: str, change: Callable[[dict[str, Any]], object]) -> str:
    save = json.loads(text)
    change(save["state"])
    return json.dumps(save)


def hunter_active() -> str:
    text = bot_game("into_the_breach", 8, 60)
    state = GAME.from_json(text)
    assert state.phase == "activation" and state.active_seat == "hunters"
    assert state.figures[state.active].seat == "hunters"
    return text


def test_an_enemy_figure_as_the_active_character_is_refused_naming_the_field() -> None:
    # G2: the Hunters were offered to turn She-wolf A
    text = hunter_active()
    with pytest.raises(CorruptSave, match=r"field 'active': the active character she_wolf_a "
                       r"is not the hunter player's \(active_seat 'hunters'\)"):
        GAME.from_json(corrupt(text, lambda s: s.update(active="she_wolf_a")))


def test_a_figure_on_the_board_listed_as_dead_is_refused_naming_the_field() -> None:
    # G3
    text = hunter_active()
    with pytest.raises(CorruptSave, match=r"field 'dead' lists she_wolf_a, which is on the "
                       "board and was never killed"):
        GAME.from_json(corrupt(text, lambda s: s["dead"].append("she_wolf_a")))


def test_a_card_killed_and_back_on_the_board_still_loads() -> None:
    # a killed character's card returns to the box; a vampire feeding takes it again
    state = GAME.from_json(bot_game("into_the_breach", 3, 106))
    back = set(state.dead) & set(state.figures)
    assert back
    twice = corrupt(state.to_json(), lambda s: s["dead"].extend(sorted(back)))
    with pytest.raises(CorruptSave, match=r"field 'dead' lists .* never killed so often"):
        GAME.from_json(twice)


def test_a_hunter_mesmerized_in_his_own_move_stays_the_active_character() -> None:
    state = GAME.from_json(bot_game("destroy_dracula", 1, 882))
    fig = state.figures[state.active]
    assert state.phase == "activation" and state.move_over and fig.seat != state.active_seat


def test_a_last_actor_that_fed_since_still_loads() -> None:
    # the witness names the vampire that fed: its card went back to the box
    state = GAME.from_json(bot_game("into_the_breach", 0, 122))
    actor = state.witness[0]
    assert actor and actor not in state.figures and actor not in state.dead
