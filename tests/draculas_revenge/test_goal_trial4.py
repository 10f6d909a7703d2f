"""Every screen says what the adventure is played for, and ``map goal`` gives the whole
briefing (the fourth new-user trial, G13)."""

from __future__ import annotations

import pytest

import gothic_kernel as gk
from draculas_revenge.screen import RevengeScreen
from gothic_kernel.play import screen_text

GAME = gk.load_game("draculas_revenge")
PRINTED = ["into_the_breach", "defile_the_coffins", "cross_the_catacombs",
           "rescue_van_helsing", "destroy_dracula"]


@pytest.mark.parametrize("adventure", PRINTED)
def test_both_sides_screens_say_how_each_side_wins_in_the_briefings_words(
        adventure: str) -> None:
    state = GAME.new_game(seed=1, adventure=adventure)
    brief = GAME.new_game(seed=1, adventure=adventure).rules.adventure["briefing"]
    for seat in state.seats:
        text = " ".join(screen_text(state, seat, width=400).split())
        assert f"To win: {brief['hunters_win']}" in text
        assert brief["vampires_win"].removeprefix("They ") in text
        assert "(map goal: the adventure's special rules)" in text


def test_map_goal_gives_the_goals_the_turn_limit_and_the_special_rules() -> None:
    state = GAME.new_game(seed=1, adventure="rescue_van_helsing")
    text = " ".join(RevengeScreen(GAME).map(state.observation("hunters"), "hunters",
                                            "goal")).split()
    said = " ".join(text)
    assert "The hunters win if Van Helsing gets off the board." in said
    assert "No turn limit: play goes on until a side wins." in said
    assert ("Special rule: Van Helsing is unconscious in one of the tinted rooms. Before the "
            "game, the vampire player secretly records which.") in said
    breach = GAME.new_game(seed=1)
    said = " ".join(" ".join(RevengeScreen(GAME).map(breach.observation("hunters"),
                                                     "hunters", "goal")).split())
    assert "Turn 0 of 4: the game ends after turn 4." in said
    assert "After 4 turns, the sun sets, and the vampires turn to mist and escape." in said


def test_a_turn_limit_option_and_your_own_adventure_goals_are_said() -> None:
    state = GAME.new_game(seed=1, adventure="destroy_dracula", turn_limit=6)
    text = " ".join(screen_text(state, "hunters", width=400).split())
    assert "Played with a turn limit of 6 turns (a draw if nobody has won by then)." in text
    custom = GAME.new_game(seed=1, adventure="custom")
    text = " ".join(screen_text(custom, "hunters", width=400).split())
    assert ("To win, the vampires must kill or mesmerize all the hunters within 5 turns. "
            "Otherwise, the hunters win. (map goal") in text
    assert "To win: To win" not in text
