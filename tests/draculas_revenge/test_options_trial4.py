"""Options of one kind of adventure are refused with another, not taken and ignored (the
fourth new-user trial, G8)."""

from __future__ import annotations

from typing import Any

import pytest

import gothic_kernel as gk
from gothic_kernel import BadOption

GAME = gk.load_game("draculas_revenge")

YOUR_OWN = [{"designer": "hunters"}, {"points": 50}, {"vampire_points": 10},
            {"hunter_points": 10}, {"custom_map": "rescue_van_helsing"}, {"start_areas": True}]


@pytest.mark.parametrize("option", YOUR_OWN, ids=[next(iter(o)) for o in YOUR_OWN])
@pytest.mark.parametrize("adventure", ["into_the_breach", "rescue_van_helsing"])
def test_your_own_adventures_options_need_adventure_custom(option: dict[str, Any],
                                                           adventure: str) -> None:
    name = next(iter(option))
    with pytest.raises(BadOption, match=f"option '{name}' is for your own adventure: it needs "
                       "adventure=custom"):
        GAME.new_game(seed=1, adventure=adventure, **option)


def test_the_defaults_of_your_own_adventures_options_pass_with_a_printed_adventure() -> None:
    state = GAME.new_game(seed=1, adventure="rescue_van_helsing", points=36,
                          designer="vampires", custom_map="custom_catacombs")
    assert state.options["adventure"] == "rescue_van_helsing"


@pytest.mark.parametrize(("adventure", "printed"), [("into_the_breach", 4), ("custom", 5)])
def test_a_turn_limit_where_the_adventure_prints_its_own_is_shown_as_the_printed_one(
        adventure: str, printed: int) -> None:
    # ruling (docs, option table): taken so that a caller may cap every adventure alike
    state = GAME.new_game(seed=1, adventure=adventure, turn_limit=3)
    assert state.observation("hunters")["turn_limit"] == printed
    assert GAME.new_game(seed=1, adventure="destroy_dracula",
                         turn_limit=3).observation("hunters")["turn_limit"] == 3


def test_points_value_is_refused_with_your_own_adventure() -> None:
    with pytest.raises(BadOption, match=r"option 'own_forces' \(Points Value\) buys a printed "
                       "adventure's points total"):
        GAME.new_game(seed=1, adventure="custom", own_forces=True)
    assert GAME.new_game(seed=1, adventure="custom", points=20).options["points"] == 20
