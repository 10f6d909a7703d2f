"""Dracula's Event Cards outside combat: Walpurgis Nacht, Evasion (instead of his move),
Wild Horses and Control Storms (at the start of a Hunter's Movement Phase), Customs
Search (a Hunter landing in a Port), Vampiric Influence (a Hunter's Action Phase ends);
and being asked in a window tells nothing of what a seat holds."""

from __future__ import annotations

from fury1987.actions import NO_EVENT, STAY_PUT, ChoosePlace, DeclareMove, MoveTo, PlayEvent

from .event_helpers import arm, give, play, window
from .helpers import act, dracula_turn, kind, started


def test_walpurgis_nacht_three_blood_points_and_nothing_else() -> None:
    state = started(godalming="paris", seward="madrid", van_helsing="rome", dracula="london")
    give(state, "dracula", "walpurgis_nacht")
    state.dracula.blood = 8
    state.invalidate()
    play(state, "dracula", "walpurgis_nacht")
    assert state.dracula.blood == 11 and state.dracula.location == "london"
    assert state.seq.seat == "godalming"  # his turn is over


def test_walpurgis_nacht_never_above_twelve_nor_in_blood_death() -> None:
    state = started(godalming="paris", seward="madrid", van_helsing="rome", dracula="london")
    give(state, "dracula", "walpurgis_nacht")
    state.dracula.blood = -1
    state.invalidate()
    assert PlayEvent("walpurgis_nacht") not in state.legal_actions("dracula")
    state.dracula.blood = 11
    state.invalidate()
    play(state, "dracula", "walpurgis_nacht")
    assert state.dracula.blood == 12


def test_evasion_moves_dracula_in_secret_and_the_rumours_follow() -> None:
    state = started(godalming="paris", seward="madrid", van_helsing="rome", dracula="london")
    give(state, "dracula", "evasion")
    play(state, "dracula", "evasion")
    assert ChoosePlace("paris") not in state.legal_actions("dracula")  # a Hunter is there
    act(state, "dracula", ChoosePlace("szeged"))
    assert state.dracula.location == "szeged" and state.dracula.rumours == "london"
    assert "szeged" in state.observation("seward")["possible_dracula_locations"]
    assert state.seq.seat == "godalming"


def test_wild_horses_carry_the_hunter_who_then_has_his_action_phase() -> None:
    state = started(godalming="paris", seward="madrid", van_helsing="rome", dracula="athens")
    give(state, "dracula", "wild_horses")
    dracula_turn(state, STAY_PUT)
    assert window(state) == "hunter_movement_start"
    play(state, "dracula", "wild_horses")
    act(state, "dracula", ChoosePlace("brussels"))
    assert state.hunters["godalming"].location == "brussels"
    assert kind(state) == "item_choice"  # searched, then may take items


def test_control_storms_drive_a_hunter_at_sea_into_a_port() -> None:
    state = started(godalming="le_havre", seward="madrid", van_helsing="rome",
                    dracula="athens")
    dracula_turn(state, STAY_PUT)
    act(state, "godalming", MoveTo("english_channel"))
    for seat in ("seward", "van_helsing"):
        act(state, seat, STAY_PUT)
        while state.current_seats() == (seat,):
            act(state, seat, state.legal_actions(seat)[0])
    give(state, "dracula", "control_storms")
    dracula_turn(state, STAY_PUT)
    play(state, "dracula", "control_storms")
    act(state, "dracula", ChoosePlace("london"))
    assert state.hunters["godalming"].location == "london"
    assert kind(state) in ("item_choice", "hunter_action") or state.seq.seat == "godalming"


def test_customs_search_on_landing_all_weapons_lost_and_next_turn_missed() -> None:
    state = started(godalming="le_havre", seward="madrid", van_helsing="rome",
                    dracula="athens")
    arm(state, "godalming", "stake", "knife")
    dracula_turn(state, STAY_PUT)
    act(state, "godalming", MoveTo("english_channel"))
    for seat in ("seward", "van_helsing"):
        act(state, seat, STAY_PUT)
        while state.current_seats() == (seat,):
            act(state, seat, state.legal_actions(seat)[0])
    give(state, "dracula", "customs_search")
    dracula_turn(state, STAY_PUT)
    act(state, "dracula", NO_EVENT)  # start of his Movement Phase
    act(state, "godalming", MoveTo("london"))
    assert window(state) == "hunter_movement_end"
    play(state, "dracula", "customs_search")
    assert state.hunters["godalming"].weapons == []
    assert state.seq.missed.get("godalming") == 1


def test_vampiric_influence_binds_the_hunter_s_next_move() -> None:
    state = started(godalming="paris", seward="madrid", van_helsing="rome", dracula="athens")
    give(state, "dracula", "vampiric_influence")
    dracula_turn(state, STAY_PUT)
    act(state, "dracula", NO_EVENT)  # start of Godalming's Movement Phase
    act(state, "godalming", STAY_PUT)
    assert window(state) == "hunter_action_end"
    play(state, "dracula", "vampiric_influence")
    act(state, "godalming", DeclareMove("brussels"))
    assert state.cards["declared"]["godalming"] == "brussels"


def test_dracula_is_asked_whatever_card_he_holds() -> None:
    # Holding only a Trap (useless here) he is still asked at the start of each Hunter's
    # Movement Phase: the question betrays nothing.
    state = started(godalming="paris", seward="madrid", van_helsing="rome", dracula="athens")
    give(state, "dracula", "trap")
    dracula_turn(state, STAY_PUT)
    assert window(state) == "hunter_movement_start"
    assert state.legal_actions("dracula") == [NO_EVENT]
    state2 = started(godalming="paris", seward="madrid", van_helsing="rome", dracula="athens")
    give(state2, "dracula", "wild_horses")
    dracula_turn(state2, STAY_PUT)
    assert window(state2) == "hunter_movement_start"
    assert state2.legal_actions("dracula")[0] == NO_EVENT
