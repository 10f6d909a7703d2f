"""Set-Up and Starting the Game."""

from __future__ import annotations

from collections import Counter

import pytest

from fury1987.actions import StartIn
from fury1987.setup import invariant_problems
from gothic_kernel import PUBLIC, BadOption, IllegalAction

from .helpers import GAME, kind, new_state, started


def test_set_up_the_encounter_set_of_five_and_the_pool() -> None:
    state = new_state(seed=3)
    assert len(state.dracula.encounter_set) == 5
    total = Counter(state.encounter_pool.bag) + Counter(state.dracula.encounter_set)
    assert total == Counter(state.rules.encounters.pool())
    assert state.observation("dracula")["behind_the_screen"]["encounter_set"] == \
        sorted(state.dracula.encounter_set)
    # The Set lies behind the SM Screen: the Hunters do not count it (ruling 76).
    assert "encounter_set" not in state.observation("godalming")["dracula"]


def test_set_up_blood_points_start_in_the_12_box() -> None:
    assert new_state().dracula.blood == 12


def test_set_up_each_hunter_takes_one_weapon_in_order() -> None:
    state = new_state(seed=5)
    for seat in ("godalming", "seward", "van_helsing"):
        assert len(state.hunters[seat].weapons) == 1
    drawn = [e["hunter"] for e in state.log("godalming") if e["kind"] == "weapon_drawn"]
    assert drawn == ["godalming", "seward", "van_helsing"]
    assert len(state.weapons_pool.bag) == 27


def test_set_up_weapons_are_secret_from_dracula_but_not_their_number() -> None:
    state = new_state(seed=5)
    view = state.observation("dracula")
    assert view["hunters"]["seward"]["weapon_chits"] == 1
    assert "hunters_secrets" not in view
    for entry in state.log("dracula"):
        if entry["kind"] == "weapon_drawn":
            assert "weapon" not in entry
    hunters = state.observation("seward")["hunters_secrets"]
    assert hunters["godalming"]["weapons"] == state.hunters["godalming"].weapons


def test_set_up_the_event_draw_pile_holds_sixty_cards() -> None:
    state = new_state()
    assert len(state.event_deck.cards) == 60 and not state.event_deck.discards


def test_starting_the_game_hunters_choose_in_order_then_dracula() -> None:
    state = new_state()
    order = []
    while state.current_seats() and kind(state) == "choose_start":
        seat = state.current_seats()[0]
        order.append(seat)
        state.apply(seat, StartIn("paris") if seat != "dracula" else StartIn("rome"))
    assert order == ["godalming", "seward", "van_helsing", "dracula"]
    assert state.current_seats() == ("dracula",)  # play begins with Dracula's first turn


def test_starting_the_game_hunters_may_share_a_town_but_not_start_at_sea() -> None:
    state = new_state()
    state.apply("godalming", StartIn("paris"))
    state.apply("seward", StartIn("paris"))
    with pytest.raises(IllegalAction):
        state.apply("van_helsing", StartIn("north_sea"))
    assert StartIn("north_sea") not in state.legal_actions("van_helsing")


def test_starting_the_game_dracula_not_with_a_hunter_and_in_secret() -> None:
    state = new_state()
    for seat in ("godalming", "seward", "van_helsing"):
        state.apply(seat, StartIn("paris"))
    assert StartIn("paris") not in state.legal_actions("dracula")
    with pytest.raises(IllegalAction, match="same Town as a Hunter"):
        state.apply("dracula", StartIn("paris"))
    state.apply("dracula", StartIn("rome"))
    other = new_state()
    for seat in ("godalming", "seward", "van_helsing"):
        other.apply(seat, StartIn("paris"))
    other.apply("dracula", StartIn("athens"))
    for viewer in ("godalming", PUBLIC):
        assert state.observation(viewer) == other.observation(viewer)
        assert state.log(viewer) == other.log(viewer)
    assert state.observation("dracula")["behind_the_screen"]["location"] == "rome"


def test_starting_the_game_local_rumours_not_placed() -> None:
    state = started()
    assert state.dracula.rumours is None


def test_options_have_defaults_and_bad_options_are_refused() -> None:
    assert GAME.new_game(seed=1).is_over is False
    with pytest.raises(BadOption, match="map_file"):
        GAME.new_game(seed=1, no_such_option=3)
    with pytest.raises(BadOption):
        GAME.new_game(seed=1, map_file="/nonexistent/map.toml")


def test_a_fresh_game_keeps_every_counter_in_one_place() -> None:
    assert invariant_problems(started()) == []
