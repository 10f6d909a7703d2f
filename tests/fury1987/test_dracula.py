"""Dracula's Movement (secret), Local Rumours, Blood Points at sea, Passing, consuming
Vampires, Heavenly Host markers, and Dracula's Action Phase."""

from __future__ import annotations

import pytest

from fury1987.actions import (
    DO_NOTHING,
    PASS,
    PLACE_HOST,
    STAY_PUT,
    ConsumeVampire,
    MoveTo,
    PlaceEncounter,
    RemoveHost,
    SwapEncounters,
)
from gothic_kernel import PUBLIC, IllegalAction

from .helpers import act, dracula_turn, hunters_stay, kind, quiet_turn, started


def test_local_rumours_example_barcelona_to_the_mediterranean() -> None:
    state = started(dracula="barcelona", van_helsing="saragossa", seward="toulouse",
                    godalming="paris")
    road = {a.to for a in state.legal_actions("dracula") if isinstance(a, MoveTo)}
    assert road == {"saragossa", "toulouse", "mediterranean_sea"}  # hunters on both roads
    dracula_turn(state, MoveTo("mediterranean_sea"))
    d = state.dracula
    assert d.location == "mediterranean_sea" and d.blood == 11 and d.rumours == "barcelona"
    hunters_stay(state)
    dracula_turn(state, MoveTo("tyrrhenian_sea"))
    assert d.blood == 11 and d.rumours == "barcelona"  # one point for embarking only
    hunters_stay(state)
    dracula_turn(state, MoveTo("genoa"))
    assert d.rumours == "barcelona"  # stays in the Port of embarkation while he disembarks
    hunters_stay(state)
    dracula_turn(state, MoveTo("milan"))
    assert d.rumours == "genoa"  # moves to the Port of disembarkation when he leaves it


def test_local_rumours_move_only_when_dracula_moves() -> None:
    state = started(dracula="rome", godalming="paris", seward="madrid", van_helsing="london")
    dracula_turn(state, MoveTo("naples"))
    assert state.dracula.rumours == "rome"
    hunters_stay(state)
    dracula_turn(state, PASS, SwapEncounters(()))
    assert state.dracula.rumours == "rome"
    hunters_stay(state)
    dracula_turn(state, STAY_PUT)
    assert state.dracula.rumours == "rome" and state.dracula.location == "naples"


def test_dracula_moves_in_secret() -> None:
    state = started(dracula="rome", godalming="paris", seward="madrid", van_helsing="london")
    public_before = state.observation("godalming")
    dracula_turn(state, MoveTo("naples"))
    view = state.observation("godalming")
    assert view["dracula"]["shown_at"] is None and "behind_the_screen" not in view
    assert "naples" not in str(state.log(PUBLIC)[-3:])
    assert view["waiting_for"]["kind"] == "hunter_movement"
    assert public_before["waiting_for"] == {"kind": "dracula_turn", "seat": "dracula"}


def test_dracula_cannot_sail_below_two_blood_points() -> None:
    state = started(dracula="barcelona", godalming="paris", seward="madrid",
                    van_helsing="london")
    state.dracula.blood = 1
    state.invalidate()
    assert MoveTo("mediterranean_sea") not in state.legal_actions("dracula")
    with pytest.raises(IllegalAction, match="two Blood Points"):
        state.apply("dracula", MoveTo("mediterranean_sea"))


def test_at_sea_dracula_must_move_no_pass_no_action_phase() -> None:
    state = started(dracula="barcelona", godalming="paris", seward="madrid",
                    van_helsing="london")
    dracula_turn(state, MoveTo("mediterranean_sea"))
    hunters_stay(state)
    legal = state.legal_actions("dracula")
    assert PASS not in legal and STAY_PUT not in legal
    assert MoveTo("barcelona") not in legal  # not back to the starting Port
    act(state, "dracula", MoveTo("alicante"))
    assert kind(state) == "dracula_action"  # an Action Phase in the Port


def test_passing_dracula_exchanges_encounter_chits_once() -> None:
    state = started(dracula="rome", godalming="paris", seward="madrid", van_helsing="london")
    before = list(state.dracula.encounter_set)
    act(state, "dracula", PASS)
    assert kind(state) == "dracula_swap"
    act(state, "dracula", SwapEncounters(tuple(sorted(before)[:2])))
    assert len(state.dracula.encounter_set) == 5
    assert state.current_seats() == ("godalming",)  # no Action Phase after Passing
    assert sorted(before)[0] in state.encounter_pool.bag + state.encounter_pool.aside + \
        state.dracula.encounter_set


def test_dracula_may_not_pass_with_six_chits() -> None:
    state = started(dracula="rome", godalming="paris", seward="madrid", van_helsing="london")
    state.dracula.encounter_set.append(state.encounter_pool.bag.pop())
    state.invalidate()
    assert PASS not in state.legal_actions("dracula")
    assert STAY_PUT in state.legal_actions("dracula")


def test_consuming_a_vampire_regains_two_blood_points_and_is_announced() -> None:
    state = started(dracula="rome", godalming="paris", seward="madrid", van_helsing="london")
    state.chart["naples"] = "vampire"
    state.encounter_pool.bag.remove("vampire")
    state.dracula.blood = 7
    state.invalidate()
    dracula_turn(state, ConsumeVampire("naples"))
    assert state.dracula.blood == 9 and "naples" not in state.chart
    assert state.dracula.location == "rome" and state.dracula.consumed == 1
    assert "vampire" in state.public_encounter_discards
    assert any(e["kind"] == "vampire_consumed" for e in state.log(PUBLIC))


def test_consuming_never_beyond_12_nor_in_blood_death() -> None:
    state = started(dracula="rome", godalming="paris", seward="madrid", van_helsing="london")
    state.chart["naples"] = "vampire"
    state.encounter_pool.bag.remove("vampire")
    state.dracula.blood = 11
    state.invalidate()
    dracula_turn(state, ConsumeVampire("naples"))
    assert state.dracula.blood == 12
    state2 = started(dracula="rome", godalming="paris", seward="madrid",
                     van_helsing="london")
    state2.chart["naples"] = "vampire"
    state2.encounter_pool.bag.remove("vampire")
    state2.dracula.blood = -1
    state2.dracula.fleeing = True
    state2.invalidate()
    assert ConsumeVampire("naples") not in state2.legal_actions("dracula")


def test_heavenly_host_seals_off_a_town() -> None:
    state = started(dracula="genoa", godalming="milan", seward="madrid", van_helsing="london")
    state.hunters["godalming"].weapons = ["heavenly_host"]
    state.invalidate()
    dracula_turn(state, STAY_PUT)
    act(state, "godalming", PLACE_HOST)
    assert state.hosts == {"milan": "godalming"}
    assert state.hunters["godalming"].hosts_placed == ["milan"]
    assert state.hunters["godalming"].weapons == []  # face up, not counted
    quiet_turn(state, "godalming")
    hunters_stay(state)
    assert MoveTo("milan") not in state.legal_actions("dracula")
    with pytest.raises(IllegalAction, match="Heavenly Host"):
        state.apply("dracula", MoveTo("milan"))


def test_heavenly_host_placed_on_dracula_makes_him_leave() -> None:
    state = started(dracula="milan", godalming="genoa", seward="madrid", van_helsing="london")
    state.hunters["godalming"].weapons = ["heavenly_host"]
    state.invalidate()
    dracula_turn(state, STAY_PUT)
    act(state, "godalming", MoveTo("milan"))
    # Godalming finds Dracula; he does not fight; next turn he places the Host.
    act(state, "godalming", state.legal_actions("godalming")[-1])  # let Dracula be
    while kind(state) in ("item_choice", "new_weapons"):
        act(state, "godalming", state.legal_actions("godalming")[0])
    hunters_stay(state)
    state.hunters["godalming"].fought_dracula_at = "milan"  # spare him an attack
    state.invalidate()
    dracula_turn(state, PASS, SwapEncounters(()))
    act(state, "godalming", PLACE_HOST)
    quiet_turn(state, "godalming")
    hunters_stay(state)
    legal = state.legal_actions("dracula")
    assert PASS not in legal and STAY_PUT not in legal
    assert all(isinstance(a, MoveTo) for a in legal)


def test_heavenly_host_never_on_the_castle_galatz_or_klausenberg() -> None:
    state = started(dracula="rome", godalming="galatz", seward="madrid",
                    van_helsing="london")
    state.hunters["godalming"].weapons = ["heavenly_host"]
    state.invalidate()
    dracula_turn(state, STAY_PUT)
    assert PLACE_HOST not in state.legal_actions("godalming")


# -- Dracula's Action Phase ------------------------------------------------------------------------

def test_dracula_must_attack_hunters_in_his_town() -> None:
    state = started(dracula="rome", godalming="naples", seward="madrid", van_helsing="london")
    act(state, "dracula", MoveTo("naples"))
    assert kind(state) == "combat"
    assert state.stack[-1].attacker == "dracula"  # type: ignore[attr-defined]
    assert state.observation(PUBLIC)["dracula"]["shown_at"] == "naples"


def test_placing_an_encounter_then_a_replacement() -> None:
    state = started(dracula="rome", godalming="paris", seward="madrid", van_helsing="london")
    state.dracula.encounter_set = ["rats", "wolves", "bats", "fog", "hoax"]
    state.invalidate()
    act(state, "dracula", STAY_PUT)  # "not moving": a normal Action Phase
    legal = state.legal_actions("dracula")
    assert PlaceEncounter("hoax") not in legal  # Hoax only in the West; Rome is East
    assert DO_NOTHING in legal
    act(state, "dracula", PlaceEncounter("rats"))
    assert state.chart == {"rome": "rats"}
    assert len(state.dracula.encounter_set) == 5


def test_with_six_chits_dracula_places_one_without_taking_a_replacement() -> None:
    # Dracula's Action Phase: "If Dracula does end up with six Encounters in the Set, he
    # will place one Encounter Chit without taking a replacement."
    state = started(dracula="rome", godalming="paris", seward="madrid", van_helsing="london")
    state.dracula.encounter_set = ["rats", "wolves", "bats", "fog", "hoax"]
    state.dracula.encounter_set.append(state.encounter_pool.bag.pop())
    state.invalidate()
    pool = len(state.encounter_pool.bag)
    act(state, "dracula", STAY_PUT)
    act(state, "dracula", PlaceEncounter("rats"))
    assert state.chart == {"rome": "rats"}
    assert len(state.dracula.encounter_set) == 5 and len(state.encounter_pool.bag) == pool
    assert state.log("dracula")[-1]["text"].endswith("and draws no replacement")


def test_one_encounter_per_town_box() -> None:
    state = started(dracula="rome", godalming="paris", seward="madrid", van_helsing="london")
    state.chart["rome"] = "wolves"
    state.encounter_pool.bag.remove("wolves")
    state.invalidate()
    act(state, "dracula", STAY_PUT)
    assert state.legal_actions("dracula") == [DO_NOTHING]


def test_placement_east_west_and_british_isles() -> None:
    enc = started().rules.encounters
    board = started().board
    assert enc.may_place("peasants", "vienna", board)
    assert not enc.may_place("peasants", "paris", board)
    assert enc.may_place("szgany_pistol_knife", "klausenberg", board)
    assert not enc.may_place("szgany_pistol_knife", "madrid", board)
    assert enc.may_place("hoax", "paris", board) and not enc.may_place("hoax", "vienna", board)
    assert not enc.may_place("wolves", "london", board)
    assert enc.may_place("wolves", "paris", board)


def test_six_chit_set_places_without_replacement() -> None:
    state = started(dracula="rome", godalming="paris", seward="madrid", van_helsing="london")
    state.dracula.encounter_set.append(state.encounter_pool.bag.pop())
    state.invalidate()
    act(state, "dracula", STAY_PUT)
    chit = next(a for a in state.legal_actions("dracula") if isinstance(a, PlaceEncounter))
    pool = len(state.encounter_pool.bag)
    act(state, "dracula", chit)
    assert len(state.dracula.encounter_set) == 5 and len(state.encounter_pool.bag) == pool


def test_no_placement_after_passing_nor_at_sea() -> None:
    state = started(dracula="barcelona", godalming="paris", seward="madrid",
                    van_helsing="london")
    act(state, "dracula", MoveTo("mediterranean_sea"))
    assert state.legal_actions("dracula") == [DO_NOTHING]


def test_dracula_may_not_enter_a_sea_sector_twice_in_a_voyage() -> None:
    state = started(dracula="barcelona", godalming="paris", seward="madrid",
                    van_helsing="london")
    dracula_turn(state, MoveTo("mediterranean_sea"))
    hunters_stay(state)
    dracula_turn(state, MoveTo("tyrrhenian_sea"))
    hunters_stay(state)
    legal = state.legal_actions("dracula")
    assert MoveTo("mediterranean_sea") not in legal  # visited on this voyage
    assert MoveTo("ionian_sea") in legal and MoveTo("genoa") in legal
    with pytest.raises(IllegalAction, match="no Sea Sector twice"):
        state.apply("dracula", MoveTo("mediterranean_sea"))


def test_a_new_voyage_may_revisit_a_sea_sector_and_costs_a_blood_point_again() -> None:
    state = started(dracula="barcelona", godalming="paris", seward="madrid",
                    van_helsing="london")
    dracula_turn(state, MoveTo("mediterranean_sea"))
    hunters_stay(state)
    dracula_turn(state, MoveTo("alicante"))
    hunters_stay(state)
    assert state.dracula.blood == 11
    dracula_turn(state, MoveTo("mediterranean_sea"))  # a new sequence of Sea Moves
    assert state.dracula.blood == 10 and state.dracula.rumours == "alicante"


def test_an_encounter_may_be_placed_again_once_the_old_one_is_removed() -> None:
    # "It does not matter if there was an Encounter in the Town during a previous turn,
    # providing that it has since been removed."
    state = started(dracula="brussels", godalming="paris", seward="madrid",
                    van_helsing="london")
    state.dracula.encounter_set = ["rats", "wolves", "bats", "fog", "hoax"]
    state.invalidate()
    dracula_turn(state, STAY_PUT, PlaceEncounter("rats"))
    hunters_stay(state)
    dracula_turn(state, MoveTo("amsterdam"))
    act(state, "godalming", MoveTo("brussels"))  # finds the Rats: discarded
    while state.current_seats() == ("godalming",):
        act(state, "godalming", state.legal_actions("godalming")[0])
    hunters_stay(state)
    assert "brussels" not in state.chart
    dracula_turn(state, MoveTo("brussels"))  # Godalming is there: he must attack
    assert kind(state) == "combat"


def test_a_town_box_already_holding_an_encounter_leaves_dracula_nothing_to_do() -> None:
    state = started(dracula="rome", godalming="paris", seward="madrid", van_helsing="london")
    state.chart["naples"] = state.encounter_pool.take("rats")
    state.invalidate()
    dracula_turn(state, MoveTo("naples"))
    assert state.chart["naples"] == "rats"  # "He cannot deploy another ... on top"
    assert state.current_seats() == ("godalming",)


def test_dracula_need_not_place_an_encounter() -> None:
    state = started(dracula="rome", godalming="paris", seward="madrid", van_helsing="london")
    act(state, "dracula", MoveTo("naples"))
    assert DO_NOTHING in state.legal_actions("dracula")
    act(state, "dracula", DO_NOTHING)
    assert state.chart == {} and len(state.dracula.encounter_set) == 5


def test_encounter_chits_do_not_move_with_dracula() -> None:
    state = started(dracula="rome", godalming="paris", seward="madrid", van_helsing="london")
    state.dracula.encounter_set = ["rats", "wolves", "bats", "fog", "vampire"]
    state.invalidate()
    dracula_turn(state, MoveTo("naples"), PlaceEncounter("vampire"))
    hunters_stay(state)
    dracula_turn(state, MoveTo("bari"))
    assert state.chart == {"naples": "vampire"} and state.dracula.rumours == "naples"


def test_ruling_hemmed_in_by_host_markers_dracula_stays() -> None:
    """Ruling: with every neighbouring Town sealed by a Host and no sea route, Dracula
    Passes or stays where he is (the rulebook never leaves him without a move)."""
    state = started(dracula="castle_dracula", godalming="paris", seward="madrid",
                    van_helsing="london")
    state.hosts = {"klausenberg": "godalming", "galatz": "seward"}
    state.invalidate()
    assert state.legal_actions("dracula") == [PASS, STAY_PUT]


def test_ruling_a_hunter_he_fought_last_turn_still_stops_a_placement() -> None:
    """Ruling 6 (Placing an Encounter: "There can be no Hunters present (or Dracula would
    have to attack them)"): a Hunter he fought there last turn, whom he may not attack
    again, still stands in the Town: no Encounter may be placed there."""
    state = started(dracula="rome", godalming="naples", seward="madrid", van_helsing="london")
    state.hunters["godalming"].fought_dracula_at = "naples"
    state.dracula.encounter_set = ["rats", "wolves", "bats", "fog", "vampire"]
    state.invalidate()
    act(state, "dracula", MoveTo("naples"))
    assert kind(state) == "dracula_action"  # no attack (Combat - After Combat)
    assert state.legal_actions("dracula") == [DO_NOTHING]
    act(state, "dracula", DO_NOTHING)
    # The public record says so: an Encounter later found in Naples was not laid this turn.
    assert state.clues[-1]["spared"] == ["naples"] and "naples" not in state.clues[-1]["occupied"]


def test_a_placed_host_does_not_count_towards_three_weapons_and_removing_it_discards_it(
) -> None:
    state = started(dracula="rome", godalming="milan", seward="madrid", van_helsing="london")
    hunter = state.hunters["godalming"]
    state.weapons_pool.bag.extend(hunter.weapons)
    hunter.weapons = [state.weapons_pool.take(w) for w in ("heavenly_host", "knife", "pistol")]
    state.invalidate()
    dracula_turn(state, STAY_PUT)
    act(state, "godalming", PLACE_HOST)
    assert hunter.weapons == ["knife", "pistol"] and hunter.hosts_placed == ["milan"]
    quiet_turn(state, "godalming")
    hunters_stay(state)
    dracula_turn(state, STAY_PUT)
    # "Once placed, a Host Marker may not be moved"; he may take it off the board.
    assert RemoveHost("milan") in state.legal_actions("godalming")
    act(state, "godalming", RemoveHost("milan"))
    assert state.hosts == {} and hunter.hosts_placed == []
    assert "heavenly_host" in state.weapons_pool.aside  # the Host chit is discarded
    assert "heavenly_host" in state.public_weapon_discards


def test_ruling_fleeing_from_an_island_dracula_may_sail() -> None:
    """Ruling: Cagliari has no land route to the Castle; a Dracula drained there sails
    like one in the British Isles (Fleeing: "by the most direct land route" cannot be
    followed from an island)."""
    state = started(dracula="cagliari", godalming="paris", seward="madrid",
                    van_helsing="london")
    state.dracula.blood = 0
    state.dracula.fleeing = True
    state.invalidate()
    legal = {a.to for a in state.legal_actions("dracula") if isinstance(a, MoveTo)}
    assert legal and legal <= {"mediterranean_sea", "tyrrhenian_sea"}
