"""Encounters: every Encounter Chit and its (reconstructed) SM Screen instructions."""

from __future__ import annotations

import pytest

from fury1987.actions import (
    ENCOUNTER_VAMPIRE,
    LEAVE_VAMPIRE,
    PASS,
    STAY_PUT,
    CatchTrain,
    ChaseTo,
    ChooseChit,
    ChooseVictim,
    FormGroup,
    MoveTo,
    TakeItems,
)
from fury1987.state import FuryState
from gothic_kernel import PUBLIC

from .helpers import act, dracula_turn, hunters_stay, kind, rig, started


def with_chit(town: str, chit: str, **where: str) -> FuryState:
    """Seward about to move into ``town``, where Dracula has placed ``chit``."""
    places = {"godalming": "madrid", "seward": "paris", "van_helsing": "london",
              "dracula": "athens", **where}
    state = started(**places)
    state.chart[town] = state.encounter_pool.take(chit) if chit in state.encounter_pool.bag \
        else chit
    state.invalidate()
    dracula_turn(state, STAY_PUT)
    act(state, "godalming", STAY_PUT)
    return state


def test_rats_wound_by_die_roll() -> None:
    state = with_chit("brussels", "rats")
    rig(state, [6])
    act(state, "seward", MoveTo("brussels"))
    assert state.hunters["seward"].wounds == 2 and state.hunters["seward"].valour == 0
    assert "brussels" not in state.chart and "rats" in state.public_encounter_discards


def test_rats_survived_unwounded_earn_a_valour_point() -> None:
    state = with_chit("brussels", "rats")
    rig(state, [1])
    act(state, "seward", MoveTo("brussels"))
    assert state.hunters["seward"].wounds == 0 and state.hunters["seward"].valour == 1


def test_dogs_protect_from_rats() -> None:
    state = with_chit("brussels", "rats")
    state.hunters["seward"].weapons = ["dogs"]
    state.hunters["seward"].shown = ["dogs"]
    rig(state, [])
    act(state, "seward", MoveTo("brussels"))  # no die is rolled
    assert state.hunters["seward"].wounds == 0 and state.hunters["seward"].valour == 1


def test_dogs_face_down_do_not_protect() -> None:
    state = with_chit("brussels", "rats")
    state.hunters["seward"].weapons = ["dogs"]
    rig(state, [6])
    act(state, "seward", MoveTo("brussels"))
    assert state.hunters["seward"].wounds == 2


def test_wolves_wound_by_die_roll() -> None:
    state = with_chit("brussels", "wolves")
    rig(state, [6])
    act(state, "seward", MoveTo("brussels"))
    assert state.hunters["seward"].wounds == 3


def test_bats_chase_the_hunter_out_and_hide_dracula() -> None:
    state = with_chit("brussels", "bats", dracula="brussels")
    state.dracula.location = "brussels"
    act(state, "seward", MoveTo("brussels"))
    assert state.current_seats() == ("dracula",) and kind(state) == "bats_chase"
    assert ChaseTo("amsterdam") in state.legal_actions("dracula")
    act(state, "dracula", ChaseTo("amsterdam"))
    assert state.hunters["seward"].location == "amsterdam"
    assert state.observation(PUBLIC)["dracula"]["shown_at"] is None  # kept secret
    assert state.current_seats() == ("van_helsing",)  # no Weapons or Events


def test_fog_lingers_and_ends_the_action_phase() -> None:
    state = with_chit("brussels", "fog", dracula="brussels")
    state.dracula.location = "brussels"
    act(state, "seward", MoveTo("brussels"))
    assert state.map_chits == {"brussels": "fog"}
    assert state.observation(PUBLIC)["on_the_map"] == {"brussels": "fog"}
    assert state.observation(PUBLIC)["dracula"]["shown_at"] is None
    assert state.current_seats() == ("van_helsing",)


def test_fog_prevents_passing_and_lifts_on_four_to_six() -> None:
    state = with_chit("brussels", "fog")
    act(state, "seward", MoveTo("brussels"))
    rig(state, [3])  # at the start of the next turn the Fog stays
    act(state, "van_helsing", STAY_PUT)
    dracula_turn(state, STAY_PUT)
    act(state, "godalming", STAY_PUT)
    assert PASS not in state.legal_actions("seward")
    act(state, "seward", STAY_PUT)  # lost in the Fog again
    rig(state, [5])
    act(state, "van_helsing", STAY_PUT)
    assert state.map_chits == {} and "fog" in state.public_encounter_discards


def test_storms_close_the_port_to_ships_and_trains() -> None:
    state = with_chit("le_havre", "storms")
    act(state, "seward", MoveTo("le_havre"))
    assert state.map_chits == {"le_havre": "storms"}
    act(state, "seward", TakeItems())  # the Action Phase goes on
    rig(state, [1])  # the Storms do not lift
    act(state, "van_helsing", STAY_PUT)
    dracula_turn(state, STAY_PUT)
    act(state, "godalming", STAY_PUT)
    legal = state.legal_actions("seward")
    assert MoveTo("english_channel") not in legal and CatchTrain() not in legal
    assert PASS not in legal and MoveTo("paris") in legal


def test_hoax_only_in_the_west_and_ends_the_action_phase() -> None:
    state = with_chit("brussels", "hoax", dracula="brussels")
    state.dracula.location = "brussels"
    act(state, "seward", MoveTo("brussels"))
    assert state.current_seats() == ("van_helsing",)
    assert state.observation(PUBLIC)["dracula"]["shown_at"] is None


def test_peasants_wound_and_drive_the_hunter_off() -> None:
    state = with_chit("vienna", "peasants", seward="munich")
    rig(state, [6])
    act(state, "seward", MoveTo("vienna"))
    assert state.hunters["seward"].wounds == 2
    assert state.current_seats() == ("van_helsing",)  # driven off: no items


def test_a_servant_may_flee() -> None:
    state = with_chit("brussels", "servant_knife")
    rig(state, [2])
    act(state, "seward", MoveTo("brussels"))
    assert "brussels" not in state.chart and state.hunters["seward"].valour == 1


def test_a_servant_who_stays_fights_with_his_weapons() -> None:
    state = with_chit("brussels", "servant_pistol")
    rig(state, [5])
    act(state, "seward", MoveTo("brussels"))
    assert kind(state) == "combat"
    combat = state.stack[-1]
    assert combat.side == "agents"  # type: ignore[attr-defined]
    assert combat.agent_chits == {"agent_1": ("dodge", "fist", "pistol")}  # type: ignore


def test_szgany_killed_in_combat_earn_three_valour_points() -> None:
    state = with_chit("vienna", "szgany_pistol_knife", seward="munich")
    state.hunters["seward"].weapons = ["pistol"]
    act(state, "seward", MoveTo("vienna"))
    assert set(state.current_seats()) == {"dracula", "seward"}  # chosen at once, in secret
    act(state, "dracula", ChooseChit("agent_1", "knife"))
    assert state.observation("seward")["waiting_for"]["chosen"] == {"agent_1": "chosen"}
    rig(state, [2, 5])  # the Agents roll 2, Seward 5: the Hunters win initiative
    act(state, "seward", ChooseChit("seward", "pistol"))
    assert "vienna" not in state.chart  # Mort: the Szgany is dead
    assert state.hunters["seward"].valour == 3


def test_szgany_not_killed_remain_must_be_fought_and_forbid_passing() -> None:
    state = with_chit("vienna", "szgany_pistol_knife", seward="munich")
    act(state, "seward", MoveTo("vienna"))
    act(state, "dracula", ChooseChit("agent_1", "knife"))
    rig(state, [1, 6])
    act(state, "seward", ChooseChit("seward", "escape"))  # H.Esc
    assert state.chart["vienna"] == "szgany_pistol_knife"
    assert state.current_seats() == ("van_helsing",)  # escaped: no items
    assert state.sightings == {"vienna": "szgany_pistol_knife"}
    act(state, "van_helsing", STAY_PUT)
    dracula_turn(state, STAY_PUT)
    act(state, "godalming", STAY_PUT)
    assert PASS not in state.legal_actions("seward")
    act(state, "seward", STAY_PUT)
    assert kind(state) == "combat"  # "he must fight them next turn"


def test_szgany_attack_each_member_of_a_group_separately() -> None:
    state = started(godalming="munich", seward="munich", van_helsing="london",
                    dracula="athens")
    state.chart["vienna"] = state.encounter_pool.take("szgany_pistol_knife")
    state.invalidate()
    dracula_turn(state, STAY_PUT)
    act(state, "godalming", FormGroup(("godalming", "seward")))
    act(state, "godalming", MoveTo("vienna"))
    combat = state.stack[-1]
    assert combat.opponents == ("agent_1", "agent_2")  # type: ignore[attr-defined]
    assert [e.hunters for e in combat.engagements] == [  # type: ignore[attr-defined]
        ("godalming",), ("seward",)]


def test_a_vampire_may_be_left_and_remains() -> None:
    state = with_chit("brussels", "vampire")
    act(state, "seward", MoveTo("brussels"))
    assert state.legal_actions("seward") == [ENCOUNTER_VAMPIRE, LEAVE_VAMPIRE]
    act(state, "seward", LEAVE_VAMPIRE)
    act(state, "seward", TakeItems())
    assert state.chart["brussels"] == "vampire" and state.sightings["brussels"] == "vampire"


def test_a_vampire_bites_an_unprotected_hunter_and_a_stake_destroys_it() -> None:
    state = with_chit("brussels", "vampire")
    state.hunters["seward"].weapons = ["stake"]
    act(state, "seward", MoveTo("brussels"))
    act(state, "seward", ENCOUNTER_VAMPIRE)
    assert state.hunters["seward"].bitten
    assert "brussels" not in state.chart and state.vampires_destroyed == 1
    assert state.hunters["seward"].valour == 4 and state.hunters["seward"].weapons == []


def test_a_crucifix_protects_and_a_knife_may_destroy() -> None:
    state = with_chit("brussels", "vampire")
    state.hunters["seward"].weapons = ["crucifix", "knife"]
    act(state, "seward", MoveTo("brussels"))
    rig(state, [3])
    act(state, "seward", ENCOUNTER_VAMPIRE)
    assert not state.hunters["seward"].bitten and state.chart["brussels"] == "vampire"
    assert "crucifix" in state.hunters["seward"].shown


@pytest.mark.parametrize(("roll", "destroyed"), [(3, False), (4, True), (6, True)])
def test_a_knife_destroys_a_vampire_on_four_to_six(roll: int, destroyed: bool) -> None:
    # Ruling 36 (encounters.toml: knife_destroys_on = [4, 5, 6]); the Crucifix wards off
    # the bite, the Knife's die decides.
    state = with_chit("brussels", "vampire")
    state.hunters["seward"].weapons = ["crucifix", "knife"]
    act(state, "seward", MoveTo("brussels"))
    rig(state, [roll])
    act(state, "seward", ENCOUNTER_VAMPIRE)
    assert ("brussels" not in state.chart) is destroyed
    assert state.vampires_destroyed == int(destroyed)
    assert state.hunters["seward"].valour == 4 * destroyed
    assert "knife" in state.hunters["seward"].weapons  # a Knife is not used up


def test_vampire_in_castle_dracula_must_be_encountered_protection_may_fail() -> None:
    state = with_chit("castle_dracula", "vampire", seward="klausenberg")
    state.hunters["seward"].weapons = ["crucifix"]
    rig(state, [5])
    act(state, "seward", MoveTo("castle_dracula"))
    assert state.hunters["seward"].bitten  # "On a 5 or 6 the Hunter is bitten"
    assert state.chart["castle_dracula"] == "vampire"


def test_vampire_in_castle_dracula_bites_an_unprotected_hunter_automatically() -> None:
    state = with_chit("castle_dracula", "vampire", seward="galatz")
    rig(state, [])
    act(state, "seward", MoveTo("castle_dracula"))
    assert state.hunters["seward"].bitten


def _group_meets_a_vampire(*, godalming_bitten: bool) -> FuryState:
    """Godalming and Seward (with a Stake), a group, meet a Vampire in Brussels."""
    state = started(godalming="paris", seward="paris", van_helsing="london", dracula="athens")
    state.chart["brussels"] = state.encounter_pool.take("vampire")
    state.hunters["godalming"].bitten = godalming_bitten
    state.hunters["seward"].weapons = ["stake"]
    state.invalidate()
    dracula_turn(state, STAY_PUT)
    act(state, "godalming", FormGroup(("godalming", "seward")))
    act(state, "godalming", MoveTo("brussels"))
    act(state, "godalming", ENCOUNTER_VAMPIRE)
    return state


def test_a_group_meets_a_vampire_dracula_chooses_the_victim() -> None:
    state = _group_meets_a_vampire(godalming_bitten=False)
    assert state.current_seats() == ("dracula",)
    act(state, "dracula", ChooseVictim("godalming"))
    assert state.hunters["godalming"].bitten and not state.hunters["seward"].bitten
    assert state.vampires_destroyed == 1  # Seward's Stake


def test_ruling_a_hunter_turned_by_the_vampire_ends_the_encounter() -> None:
    # Ruling 79: the Vampire faced went back to the Encounter Set (Wounds - Bites), so the
    # companion's Stake is kept; the Hunter-Vampire holds the Town box, to be found later.
    state = _group_meets_a_vampire(godalming_bitten=True)
    act(state, "dracula", ChooseVictim("godalming"))
    assert state.hunters["godalming"].status == "vampire"
    assert state.chart["brussels"] == "godalming_vampire"
    assert state.hunters["seward"].weapons == ["stake"]
    assert state.vampires_destroyed == 0


def test_encounters_found_are_discarded_not_returned_to_the_pool() -> None:
    state = with_chit("brussels", "wolves")
    rig(state, [1])
    act(state, "seward", MoveTo("brussels"))
    assert "wolves" in state.encounter_pool.aside


def test_the_group_effects_are_applied_to_each_member() -> None:
    state = started(godalming="paris", seward="paris", van_helsing="london", dracula="athens")
    state.chart["brussels"] = state.encounter_pool.take("wolves")
    state.invalidate()
    dracula_turn(state, STAY_PUT)
    act(state, "godalming", FormGroup(("godalming", "seward")))
    rig(state, [6, 1])
    act(state, "godalming", MoveTo("brussels"))
    assert state.hunters["godalming"].wounds == 3 and state.hunters["seward"].wounds == 0
    hunters_stay(state)


def test_a_servant_killed_in_combat_earns_two_valour_points() -> None:
    state = with_chit("brussels", "servant_pistol")
    state.hunters["seward"].weapons = ["pistol"]
    rig(state, [5, 2, 5])  # he stays to fight; the Agent rolls 2, Seward 5
    act(state, "seward", MoveTo("brussels"))
    act(state, "dracula", ChooseChit("agent_1", "pistol"))
    act(state, "seward", ChooseChit("seward", "pistol"))  # Mort
    assert "brussels" not in state.chart and "servant_pistol" in \
        state.public_encounter_discards
    assert state.hunters["seward"].valour == 2


def test_an_agent_left_standing_must_be_fought_by_the_next_hunter_to_enter() -> None:
    # After Combat: "It must be fought by any Hunter who subsequently enters the Town."
    state = with_chit("brussels", "servant_knife")
    rig(state, [5, 1, 6])
    act(state, "seward", MoveTo("brussels"))
    act(state, "dracula", ChooseChit("agent_1", "knife"))
    act(state, "seward", ChooseChit("seward", "escape"))  # H.Esc: the Servant remains
    assert state.chart["brussels"] == "servant_knife"
    act(state, "van_helsing", STAY_PUT)
    while state.current_seats() == ("van_helsing",):
        act(state, "van_helsing", state.legal_actions("van_helsing")[0])
    dracula_turn(state, STAY_PUT)
    state.hunters["godalming"].location = "paris"
    state.invalidate()
    rig(state, [5])
    act(state, "godalming", MoveTo("brussels"))
    assert kind(state) == "combat"


def test_storms_lift_on_a_die_roll_at_the_start_of_a_turn() -> None:
    state = with_chit("le_havre", "storms")
    act(state, "seward", MoveTo("le_havre"))
    assert state.map_chits == {"le_havre": "storms"}
    while state.current_seats() == ("seward",):
        act(state, "seward", state.legal_actions("seward")[0])
    rig(state, [3])  # rolled as the next turn starts: the Storms stay
    act(state, "van_helsing", STAY_PUT)
    while state.current_seats() == ("van_helsing",):
        act(state, "van_helsing", state.legal_actions("van_helsing")[0])
    assert state.map_chits == {"le_havre": "storms"}
    dracula_turn(state, STAY_PUT)
    rig(state, [4])  # ... and lift at the start of the turn after
    hunters_stay(state)
    assert state.map_chits == {} and "storms" in state.public_encounter_discards


def test_a_hunter_bitten_twice_by_a_vampire_remains_in_its_place() -> None:
    # Wounds - Bites: the Vampire faced goes back to the Encounter Set and the Hunter,
    # turned, holds the Town box; the log must not say the Vampire faced remains.
    state = with_chit("brussels", "vampire")
    state.hunters["seward"].bitten = True
    act(state, "seward", MoveTo("brussels"))
    act(state, "seward", ENCOUNTER_VAMPIRE)
    assert state.hunters["seward"].status == "vampire"
    assert state.chart["brussels"] == "seward_vampire"
    assert "vampire" in state.dracula.encounter_set
    said = [e["text"] for e in state.log(PUBLIC) if e["kind"] == "vampire_remains"]
    assert said == ["Dr Seward, now a Vampire, remains in Brussels in the place of the "
                    "Vampire he faced"]
