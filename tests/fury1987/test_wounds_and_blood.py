"""Wounds, Bites, Holy Water, Blood Points, Blood Death, Fleeing, Castle Dracula."""

from __future__ import annotations

from fury1987.actions import (
    KEEP_GARLIC,
    PASS,
    STAY_PUT,
    TREAT_BITE,
    ChooseChit,
    MoveTo,
    PlaceEncounter,
)
from fury1987.dracula import attackable, lose_blood
from fury1987.wounds import bite, die, wound
from gothic_kernel import PUBLIC

from .helpers import act, dracula_turn, hunters_stay, kind, rig, started, unrig

# -- Wounds and Bites ------------------------------------------------------------------------

def test_a_hunter_dies_at_twelve_wounds_and_his_items_are_discarded() -> None:
    state = started(dracula="athens")
    hunter = state.hunters["seward"]
    weapons = list(hunter.weapons)
    hunter.events = [state.event_deck.cards.pop()]
    card = hunter.events[0]
    wound(state, "seward", 11)
    assert hunter.alive
    wound(state, "seward", 3)
    assert hunter.status == "dead" and hunter.wounds == 12
    assert hunter.weapons == [] and hunter.events == []
    assert weapons[0] in state.weapons_pool.aside and card in state.event_deck.discards
    assert "seward" in state.seq.out  # out of the game


def test_a_dead_hunters_turns_are_skipped() -> None:
    state = started(dracula="athens")
    die(state, "seward")
    dracula_turn(state, STAY_PUT)
    act(state, "godalming", STAY_PUT)
    assert state.current_seats() == ("van_helsing",)


def test_dead_and_vampire_hunters_are_out_of_the_game_for_every_rule() -> None:
    state = started(godalming="paris", seward="paris", van_helsing="paris", dracula="athens")
    state.hunters["seward"].status = "dead"
    state.hunters["van_helsing"].status = "vampire"
    assert [s for s in state.hunters if state.hunters[s].alive] == ["godalming"]
    assert state.alive_hunters() == ["godalming"] and state.hunters_at("paris") == ["godalming"]
    assert state.still_alive(("seward", "godalming", "van_helsing")) == ("godalming",)
    state.dracula.location = "paris"
    assert attackable(state) == ["godalming"]
    state.hunters["godalming"].status = "dead"
    assert state.hunters_at("paris") == [] and attackable(state) == []

def test_bitten_twice_a_hunter_becomes_a_vampire_in_his_town_box() -> None:
    state = started(dracula="athens", seward="paris")
    state.chart["paris"] = state.encounter_pool.take("rats")
    bite(state, "seward")
    assert state.hunters["seward"].bitten and state.hunters["seward"].alive
    bite(state, "seward")
    assert state.hunters["seward"].status == "vampire"
    assert state.chart["paris"] == "seward_vampire"
    assert state.sightings["paris"] == "seward_vampire"
    # The Encounter that was there returns to the Encounter Set: six chits for a time.
    assert len(state.dracula.encounter_set) == 6 and "rats" in state.dracula.encounter_set
    assert PASS not in state.legal_actions("dracula")


def test_six_chits_then_one_placement_without_replacement() -> None:
    state = started(dracula="athens", seward="paris")
    state.chart["paris"] = state.encounter_pool.take("rats")
    bite(state, "seward")
    bite(state, "seward")
    act(state, "dracula", STAY_PUT)
    pool = len(state.encounter_pool.bag)
    act(state, "dracula", next(a for a in state.legal_actions("dracula")
                               if isinstance(a, PlaceEncounter)))
    assert len(state.dracula.encounter_set) == 5 and len(state.encounter_pool.bag) == pool


def test_dying_while_bitten_makes_a_vampire() -> None:
    state = started(dracula="athens", seward="paris")
    bite(state, "seward")
    wound(state, "seward", 12)
    assert state.hunters["seward"].status == "vampire"


def test_a_hunter_vampire_counts_as_a_vampire_encounter() -> None:
    state = started(dracula="athens", seward="paris")
    bite(state, "seward")
    bite(state, "seward")
    assert state.rules.encounters.is_vampire(state.chart["paris"])


def hunter_with_holy_water_and_bite(roll: int):  # type: ignore[no-untyped-def]
    state = started(dracula="athens", godalming="paris")
    state.weapons_pool.bag.extend(state.hunters["godalming"].weapons)
    state.hunters["godalming"].weapons = [state.weapons_pool.take("holy_water")]
    state.hunters["godalming"].bitten = True
    state.invalidate()
    dracula_turn(state, STAY_PUT)
    rig(state, [roll])
    act(state, "godalming", TREAT_BITE)
    return state


def test_holy_water_on_a_bite_1_burns() -> None:
    state = hunter_with_holy_water_and_bite(1)
    hunter = state.hunters["godalming"]
    assert hunter.bitten and hunter.wounds == 1 and hunter.weapons == []
    assert state.current_seats() == ("seward",)  # he misses his turn


def test_holy_water_on_a_bite_2_or_3_is_wasted() -> None:
    state = hunter_with_holy_water_and_bite(3)
    assert state.hunters["godalming"].bitten and state.hunters["godalming"].wounds == 0


def test_holy_water_on_a_bite_4_to_6_removes_it() -> None:
    state = hunter_with_holy_water_and_bite(4)
    assert not state.hunters["godalming"].bitten
    assert "holy_water" in state.public_weapon_discards


def test_dracula_has_an_initiative_bonus_against_a_bitten_hunter() -> None:
    state = started(dracula="rome", seward="naples", godalming="paris", van_helsing="london")
    state.hunters["seward"].bitten = True
    rig(state, [5, 3, 3])
    act(state, "dracula", MoveTo("naples"))
    act(state, "seward", KEEP_GARLIC)
    act(state, "dracula", ChooseChit("dracula", "claw"))
    act(state, "seward", ChooseChit("seward", "fist"))
    initiative = [e for e in state.log(PUBLIC) if e["kind"] == "initiative"][-1]
    assert initiative["winner"] == "dracula"  # 3+1 beats 3
    assert "+1" in initiative["text"]


# -- Blood Points, Blood Death --------------------------------------------------------------------

def test_blood_death_example_one_minus_three_is_two() -> None:
    state = started(dracula="rome")
    state.dracula.blood = 1
    lose_blood(state, 3, public=True)
    assert state.dracula.blood == -2  # "the Blood Death Marker on the '2' box"
    assert state.dracula.fleeing


def test_drained_dracula_tells_the_hunters_and_flees() -> None:
    state = started(dracula="rome")
    state.dracula.blood = 2
    lose_blood(state, 2, public=True)
    assert state.dracula.blood == 0 and state.dracula.fleeing
    assert state.log(PUBLIC)[-1]["kind"] == "dracula_drained"
    assert state.observation("godalming")["dracula"]["fleeing"]


def test_blood_death_at_twelve_destroys_dracula() -> None:
    state = started(dracula="rome")
    state.dracula.blood = -10
    state.dracula.fleeing = True
    lose_blood(state, 2, public=True)
    assert state.is_over and state.outcome is not None
    assert state.outcome.winners == ("godalming", "seward", "van_helsing")
    assert state.outcome.level == "supreme"


def test_fleeing_moves_a_town_closer_each_move_by_land() -> None:
    state = started(dracula="paris", godalming="madrid", seward="lisbon",
                    van_helsing="london")
    state.dracula.blood = 0
    state.dracula.fleeing = True
    state.invalidate()
    dist = state.board.flee_distances()
    legal = state.legal_actions("dracula")
    assert legal and all(isinstance(a, MoveTo) for a in legal)
    assert all(dist[a.to] == dist["paris"] - 1 for a in legal)  # type: ignore[attr-defined]
    assert PASS not in legal and STAY_PUT not in legal


def test_fleeing_from_the_british_isles_by_sea() -> None:
    state = started(dracula="london", godalming="madrid", seward="lisbon",
                    van_helsing="paris")
    state.dracula.blood = -1
    state.dracula.fleeing = True
    state.invalidate()
    legal = {a.to for a in state.legal_actions("dracula") if isinstance(a, MoveTo)}
    assert legal == {"english_channel"}  # the way out of the British Isles
    act(state, "dracula", MoveTo("english_channel"))
    assert state.dracula.blood == -2  # embarking still costs a Blood Point


def test_a_fleeing_dracula_may_still_place_encounters() -> None:
    state = started(dracula="paris", godalming="madrid", seward="lisbon",
                    van_helsing="london")
    state.dracula.blood = 0
    state.dracula.fleeing = True
    state.invalidate()
    act(state, "dracula", state.legal_actions("dracula")[0])
    assert any(isinstance(a, PlaceEncounter) for a in state.legal_actions("dracula"))


def test_surviving_three_hunter_action_phases_in_the_castle_is_a_minor_victory() -> None:
    state = started(dracula="klausenberg", godalming="madrid", seward="lisbon",
                    van_helsing="london")
    state.dracula.blood = 0
    state.dracula.fleeing = True
    state.invalidate()
    dracula_turn(state, MoveTo("castle_dracula"))
    hunters_stay(state)
    assert state.is_over and state.outcome is not None
    assert state.outcome.level == "minor" and "dracula" not in state.outcome.winners


def test_three_voluntary_turns_in_the_castle_end_the_game() -> None:
    state = started(dracula="castle_dracula", godalming="madrid", seward="lisbon",
                    van_helsing="london")
    unrig(state)
    dracula_turn(state, STAY_PUT)
    hunters_stay(state)
    dracula_turn(state, STAY_PUT)
    hunters_stay(state)
    assert not state.is_over
    act(state, "dracula", STAY_PUT)
    assert state.is_over and state.outcome is not None and state.outcome.level == "minor"
    assert "three consecutive turns" in state.outcome.reason


def test_dracula_has_plus_one_initiative_in_the_castle() -> None:
    state = started(dracula="galatz", seward="castle_dracula", godalming="madrid",
                    van_helsing="london")
    rig(state, [5, 3, 3])
    act(state, "dracula", MoveTo("castle_dracula"))
    assert kind(state) == "combat"
    act(state, "seward", KEEP_GARLIC)
    act(state, "dracula", ChooseChit("dracula", "claw"))
    act(state, "seward", ChooseChit("seward", "fist"))
    initiative = [e for e in state.log(PUBLIC) if e["kind"] == "initiative"][-1]
    assert initiative["winner"] == "dracula"


def test_a_hunter_turned_vampire_can_be_draculas_sixth_vampire() -> None:
    # "A Hunter-Vampire is treated as a Vampire Encounter Chit for all purposes - victory"
    state = started(dracula="athens", seward="paris")
    for town in ("rome", "naples", "bari", "venice", "milan"):
        state.chart[town] = state.encounter_pool.take("vampire")
    bite(state, "seward")
    assert not state.is_over
    bite(state, "seward")
    assert state.outcome is not None and state.outcome.winners == ("dracula",)
    assert state.outcome.level == "supreme"  # six Vampires and a Hunter become one
