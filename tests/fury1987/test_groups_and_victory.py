"""Hunter Groups; Victory, Stalemate and Valour Points."""

from __future__ import annotations

import pytest

from fury1987.actions import (
    CATCH_TRAIN,
    KEEP_WEAPONS,
    LEAVE_GROUP,
    PASS,
    STAY_PUT,
    WAIT_FOR_GROUP,
    FormGroup,
    GiveWeapon,
    MoveTo,
    PlaceEncounter,
    RideTo,
    SwapWeapons,
    TakeItems,
)
from fury1987.victory import check_dracula_victory, check_stalemate, dracula_destroyed
from fury1987.wounds import die

from .helpers import act, dracula_turn, hunters_stay, kind, rig, started

# -- Hunter Groups ---------------------------------------------------------------------------

def test_hunters_together_at_the_start_of_the_turn_may_form_a_group() -> None:
    state = started(godalming="paris", seward="paris", van_helsing="london", dracula="athens")
    dracula_turn(state, STAY_PUT)
    assert FormGroup(("godalming", "seward")) in state.legal_actions("godalming")
    act(state, "godalming", FormGroup(("godalming", "seward")))
    assert state.groups == [["godalming", "seward"]]


def test_group_example_godalming_joins_van_helsing_in_paris() -> None:
    state = started(godalming="brussels", seward="madrid", van_helsing="paris",
                    dracula="athens")
    dracula_turn(state, STAY_PUT)
    act(state, "godalming", MoveTo("paris"))
    act(state, "godalming", TakeItems())
    act(state, "seward", STAY_PUT)
    # "The two cannot move together during Van Helsing's Movement Phase."
    assert not any(isinstance(a, FormGroup) for a in state.legal_actions("van_helsing"))
    act(state, "van_helsing", PASS)
    act(state, "van_helsing", SwapWeapons(()))
    # "If Van Helsing passes and remains in Paris they can act as a group next turn."
    dracula_turn(state, STAY_PUT)
    assert FormGroup(("godalming", "van_helsing")) in state.legal_actions("godalming")


def test_a_group_moves_once_in_either_members_movement_phase() -> None:
    state = started(godalming="paris", seward="madrid", van_helsing="paris", dracula="athens")
    dracula_turn(state, STAY_PUT)
    act(state, "godalming", FormGroup(("godalming", "van_helsing")))
    act(state, "godalming", WAIT_FOR_GROUP)  # the group moves after Dr Seward instead
    assert state.current_seats() == ("seward",)
    act(state, "seward", STAY_PUT)
    act(state, "van_helsing", MoveTo("brussels"))
    assert state.hunters["godalming"].location == "brussels"
    assert kind(state) == "item_choice"  # one Action Phase, straight after the move
    act(state, "van_helsing", TakeItems(("godalming",), ()))  # shared: one item
    act(state, "godalming", KEEP_WEAPONS)
    assert state.current_seats() == ("dracula",)


@pytest.mark.parametrize("when", ["before", "after"])
def test_hunter_group_movement_example_before_or_after_dr_seward(when: str) -> None:
    """Hunter Group Movement, the example: "Godalming and Van Helsing have formed a group.
    They can move in either Hunter's Movement Phase, but not both. In effect, this group can
    move before or after Dr Seward has had a turn"."""
    state = started(godalming="paris", seward="madrid", van_helsing="paris", dracula="athens")
    dracula_turn(state, STAY_PUT)
    act(state, "godalming", FormGroup(("godalming", "van_helsing")))
    if when == "after":
        act(state, "godalming", WAIT_FOR_GROUP)
        act(state, "seward", STAY_PUT)
        while state.current_seats() == ("seward",):
            state.apply("seward", state.legal_actions("seward")[0])
        assert state.current_seats() == ("van_helsing",)
        act(state, "van_helsing", MoveTo("brussels"))
    else:
        act(state, "godalming", MoveTo("brussels"))
    assert state.hunters["godalming"].location == state.hunters["van_helsing"].location \
        == "brussels"
    while set(state.current_seats()) & {"godalming", "van_helsing"}:
        seat = state.current_seats()[0]
        state.apply(seat, state.legal_actions(seat)[0])
    if when == "before":
        assert state.current_seats() == ("seward",)
        act(state, "seward", STAY_PUT)
        while state.current_seats() == ("seward",):
            state.apply("seward", state.legal_actions("seward")[0])
    assert state.current_seats() == ("dracula",)  # the group moved once, not in both phases


def test_a_group_moving_in_the_first_members_phase_skips_the_others_turn() -> None:
    state = started(godalming="paris", seward="paris", van_helsing="london", dracula="athens")
    dracula_turn(state, STAY_PUT)
    act(state, "godalming", FormGroup(("godalming", "seward")))
    act(state, "godalming", MoveTo("clermont_ferrand"))
    options = state.legal_actions("godalming")
    assert {len(a.weapons) + len(a.events) for a in options} == {0, 1}  # a small Town
    act(state, "godalming", TakeItems())
    assert state.current_seats() == ("van_helsing",)


def test_a_group_swaps_weapons_at_the_start_of_its_movement_phase() -> None:
    state = started(godalming="paris", seward="paris", van_helsing="london", dracula="athens")
    dracula_turn(state, STAY_PUT)
    act(state, "godalming", FormGroup(("godalming", "seward")))
    weapon = state.hunters["godalming"].weapons[0]
    act(state, "godalming", GiveWeapon("godalming", "seward", weapon))
    assert state.hunters["godalming"].weapons == []
    assert weapon in state.hunters["seward"].weapons


def test_a_group_catches_a_train_on_one_roll() -> None:
    state = started(godalming="paris", seward="paris", van_helsing="london", dracula="athens")
    dracula_turn(state, STAY_PUT)
    act(state, "godalming", FormGroup(("godalming", "seward")))
    rig(state, [2])
    act(state, "godalming", CATCH_TRAIN)
    act(state, "godalming", RideTo("marseilles"))
    assert state.hunters["seward"].location == "marseilles"


def test_a_group_that_passes_may_all_swap_chits() -> None:
    state = started(godalming="paris", seward="paris", van_helsing="london", dracula="athens")
    dracula_turn(state, STAY_PUT)
    act(state, "godalming", FormGroup(("godalming", "seward")))
    act(state, "godalming", PASS)
    act(state, "godalming", SwapWeapons(()))
    assert state.current_seats() == ("seward",) and kind(state) == "weapon_swap"


def test_groups_split_when_a_hunter_moves_on_his_own() -> None:
    state = started(godalming="paris", seward="paris", van_helsing="london", dracula="athens")
    dracula_turn(state, STAY_PUT)
    act(state, "godalming", FormGroup(("godalming", "seward")))
    act(state, "godalming", LEAVE_GROUP)
    assert state.groups == []
    act(state, "godalming", MoveTo("brussels"))
    assert state.hunters["seward"].location == "paris"


# -- Victory -----------------------------------------------------------------------------------

def vampires(state, towns):  # type: ignore[no-untyped-def]
    for town in towns:
        state.chart[town] = state.encounter_pool.take("vampire")


def test_dracula_major_victory_six_vampires() -> None:
    state = started(dracula="athens")
    vampires(state, ["paris", "rome", "vienna", "berlin", "madrid", "prague"])
    check_dracula_victory(state)
    assert state.outcome is not None
    assert state.outcome.winners == ("dracula",) and state.outcome.level == "major"


def test_dracula_supreme_victory_six_vampires_and_a_hunter_fallen() -> None:
    state = started(dracula="athens")
    die(state, "seward")
    vampires(state, ["paris", "rome", "vienna", "berlin", "madrid", "prague"])
    check_dracula_victory(state)
    assert state.outcome is not None and state.outcome.level == "supreme"


def test_dracula_minor_victory_three_vampires_two_hunters_fallen() -> None:
    state = started(dracula="athens")
    vampires(state, ["paris", "rome", "vienna"])
    die(state, "seward")
    assert not state.is_over
    die(state, "godalming")
    assert state.outcome is not None and state.outcome.level == "minor"
    assert state.outcome.winners == ("dracula",)


def test_a_fleeing_dracula_can_no_longer_win() -> None:
    state = started(dracula="athens")
    state.dracula.fleeing = True
    vampires(state, ["paris", "rome", "vienna", "berlin", "madrid", "prague"])
    check_dracula_victory(state)
    assert not state.is_over


def test_the_sixth_vampire_placed_wins_at_once() -> None:
    state = started(dracula="athens", godalming="paris", seward="madrid", van_helsing="london")
    vampires(state, ["rome", "vienna", "berlin", "madrid", "prague"])
    state.dracula.encounter_set[0] = state.encounter_pool.take("vampire")
    state.encounter_pool.bag.append("rats")
    state.invalidate()
    dracula_turn(state, STAY_PUT, then=PlaceEncounter("vampire"))
    assert state.is_over and state.outcome is not None and state.outcome.level == "major"


def test_hunters_supreme_victory_dracula_destroyed_all_survive() -> None:
    state = started(dracula="athens")
    dracula_destroyed(state, "staked", by="seward")
    assert state.outcome is not None and state.outcome.level == "supreme"
    assert state.outcome.scores["seward"] == 10  # Valour: destroying Dracula


def test_hunters_major_victory_dracula_destroyed_a_hunter_dead() -> None:
    state = started(dracula="athens")
    state.hunters["godalming"].status = "dead"
    dracula_destroyed(state, "staked")
    assert state.outcome is not None and state.outcome.level == "major"


def test_stalemate_six_vampires_destroyed() -> None:
    state = started(dracula="athens")
    state.vampires_destroyed = 6
    check_stalemate(state)
    assert state.outcome is not None and state.outcome.level == "stalemate"
    assert state.outcome.winners == ()


def test_stalemate_broken_by_consuming_a_vampire_is_a_hunters_minor_victory() -> None:
    state = started(dracula="athens")
    state.dracula.consumed = 1
    state.vampires_destroyed = 6
    check_stalemate(state)
    assert state.outcome is not None and state.outcome.level == "minor"
    assert state.outcome.winners == ("godalming", "seward", "van_helsing")


def test_valour_points_are_the_scores() -> None:
    state = started(dracula="athens")
    state.hunters["van_helsing"].valour = 7
    dracula_destroyed(state, "staked")
    assert state.outcome is not None
    assert state.outcome.scores == {"godalming": 0.0, "seward": 0.0, "van_helsing": 7.0}


def test_everyone_stays_and_nothing_is_won() -> None:
    state = started(dracula="athens")
    dracula_turn(state, STAY_PUT)
    hunters_stay(state)
    assert not state.is_over


def test_a_group_of_hunters_with_three_weapons_each_may_exchange_chits() -> None:
    state = started(godalming="paris", seward="paris", van_helsing="london", dracula="athens")
    pool = state.weapons_pool
    for seat, chits in (("godalming", ("stake", "knife", "pistol")),
                        ("seward", ("rifle", "crucifix", "garlic"))):
        pool.bag.extend(state.hunters[seat].weapons)
        state.hunters[seat].weapons = [pool.take(w) for w in chits]
    state.invalidate()
    dracula_turn(state, STAY_PUT)
    act(state, "godalming", FormGroup(("godalming", "seward")))
    assert GiveWeapon("godalming", "seward", "stake") not in state.legal_actions("godalming")
    act(state, "godalming", GiveWeapon("godalming", "seward", "stake", "rifle"))
    assert sorted(state.hunters["godalming"].weapons) == ["knife", "pistol", "rifle"]
    assert sorted(state.hunters["seward"].weapons) == ["crucifix", "garlic", "stake"]
    public = [e["text"] for e in state.log("dracula") if e["kind"] == "weapon_swapped"]
    assert public == ["Lord Godalming and Dr Seward exchange Weapon Chits"]
