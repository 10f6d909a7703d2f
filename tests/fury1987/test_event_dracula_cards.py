"""Dracula's Event Cards outside combat: Walpurgis Nacht, Evasion (instead of his move),
Wild Horses and Control Storms (at the start of a Hunter's Movement Phase), Customs
Search (a Hunter landing in a Port), Vampiric Influence (a Hunter's Action Phase ends);
and being asked in a window tells nothing of what a seat holds."""

from __future__ import annotations

import pytest

import gothic_kernel as gk
from fury1987.actions import (
    ATTACK_DRACULA,
    CATCH_TRAIN,
    KEEP_GARLIC,
    LEAVE_GROUP,
    NO_EVENT,
    PASS,
    STAY_PUT,
    TREAT_BITE,
    WAIT_FOR_GROUP,
    ChooseChit,
    ChoosePlace,
    DeclareMove,
    FormGroup,
    MoveTo,
    PlayEvent,
    RideTo,
    TakeItems,
)
from fury1987.state import FuryState

from .event_helpers import arm, give, pass_windows, play, take_chit, window
from .helpers import GAME, act, dracula_turn, hunters_stay, kind, quiet_turn, rig, started


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


def test_walpurgis_nacht_dracula_does_nothing_else_whatsoever_that_turn() -> None:
    # Reference 4 - Walpurgis Nacht: "he may do nothing else whatsoever during the turn":
    # no Wild Horses at the start of a Hunter's Movement Phase, no Trap when a Hunter
    # attacks him; the next turn he plays his cards again.
    state = started(godalming="paris", seward="manchester", van_helsing="rome",
                    dracula="london")
    give(state, "dracula", "walpurgis_nacht", "wild_horses", "trap")
    state.dracula.blood = 8
    state.invalidate()
    play(state, "dracula", "walpurgis_nacht")
    state = GAME.from_json(state.to_json())  # (a save keeps the turn he played it)
    assert isinstance(state, FuryState)
    assert kind(state) == "hunter_movement" and state.seq.seat == "godalming"
    quiet_turn(state, "godalming")
    rig(state, [5, 1, 6, 1, 6])  # Night; the Hunters win the initiative twice
    act(state, "seward", MoveTo("london"))
    act(state, "seward", ATTACK_DRACULA)
    act(state, "seward", KEEP_GARLIC)
    act(state, "seward", ChooseChit("seward", "fist"))
    act(state, "dracula", ChooseChit("dracula", "claw"))
    assert kind(state) != "event_window"  # never asked for his Trap
    while kind(state) == "combat":  # Seward tries to escape until he does
        seat = state.current_seats()[0]
        escape = ChooseChit("seward", "escape")
        legal = state.legal_actions(seat)
        act(state, seat, escape if escape in legal else legal[0])
    assert state.dracula.events == ["wild_horses", "trap"]
    hunters_stay(state)
    dracula_turn(state, STAY_PUT)
    assert window(state) == "hunter_movement_start"  # his turn is over: asked again
    assert PlayEvent("wild_horses") in state.legal_actions("dracula")


def test_evasion_moves_dracula_in_secret_and_the_rumours_follow() -> None:
    # Reference 4 - Evasion (example): Dracula in London, the Local Rumours in Manchester;
    # he goes straight to Szeged, the Rumours are put in London; "When Dracula moves out of
    # Szeged, the Local Rumours Marker is put into the Szeged Town box."
    state = started(godalming="paris", seward="madrid", van_helsing="rome",
                    dracula="manchester")
    dracula_turn(state, MoveTo("london"))
    hunters_stay(state)
    assert state.dracula.location == "london" and state.dracula.rumours == "manchester"
    give(state, "dracula", "evasion")
    play(state, "dracula", "evasion")
    assert ChoosePlace("paris") not in state.legal_actions("dracula")  # a Hunter is there
    act(state, "dracula", ChoosePlace("szeged"))
    assert state.dracula.location == "szeged" and state.dracula.rumours == "london"
    assert "szeged" in state.observation("seward")["possible_dracula_locations"]
    assert state.seq.seat == "godalming"  # his whole turn (ruling 64)
    hunters_stay(state)
    dracula_turn(state, MoveTo("belgrade"))
    assert state.dracula.location == "belgrade" and state.dracula.rumours == "szeged"


def test_wild_horses_carry_the_hunter_who_then_has_his_action_phase() -> None:
    state = started(godalming="paris", seward="madrid", van_helsing="rome", dracula="athens")
    give(state, "dracula", "wild_horses")
    dracula_turn(state, STAY_PUT)
    assert window(state) == "hunter_movement_start"
    play(state, "dracula", "wild_horses")
    act(state, "dracula", ChoosePlace("brussels"))
    assert state.hunters["godalming"].location == "brussels"
    assert kind(state) == "item_choice"  # searched, then may take items


def test_wild_horses_never_into_a_sea_sector_and_an_encounter_is_met_first() -> None:
    # Reference 4 - WILD HORSES: "The Hunter may not be moved into a Sea Sector. If he is
    # moved into a Town where there is an Encounter Chit, the Hunter must encounter it
    # immediately as if searching the Town. Only after this is done, may the Hunter take
    # Events/Weapons."
    state = started(godalming="le_havre", seward="madrid", van_helsing="rome",
                    dracula="athens")
    state.chart["paris"] = take_chit(state, "wolves")
    give(state, "dracula", "wild_horses")
    state.invalidate()
    dracula_turn(state, STAY_PUT)
    play(state, "dracula", "wild_horses")
    places = {a.place for a in state.legal_actions("dracula") if isinstance(a, ChoosePlace)}
    assert "paris" in places and not any(state.board.is_sea(p) for p in places)
    rig(state, [6])  # the Wolves' roll against him
    act(state, "dracula", ChoosePlace("paris"))
    pass_windows(state)
    while kind(state) == "die_roll" or kind(state) == "event_window":
        act(state, state.current_seats()[0], state.legal_actions(state.current_seats()[0])[0])
    found = [e["kind"] for e in state.log("public")]
    assert "encounter_found" in found and state.hunters["godalming"].wounds > 0
    assert kind(state) == "item_choice"  # the items only after the Wolves


def test_wild_horses_in_a_group_the_whole_group_is_moved_away() -> None:
    # Reference 5 - WILD HORSES: "The whole group is moved away by Dracula."
    state = started(godalming="paris", seward="paris", van_helsing="rome", dracula="athens")
    dracula_turn(state, STAY_PUT)
    act(state, "godalming", FormGroup(("godalming", "seward")))
    act(state, "godalming", STAY_PUT)  # the group stays together in Paris
    hunters_stay(state)
    give(state, "dracula", "wild_horses")
    dracula_turn(state, STAY_PUT)
    assert window(state) == "hunter_movement_start" and state.groups
    play(state, "dracula", "wild_horses")
    act(state, "dracula", ChoosePlace("brussels"))
    assert state.hunters["godalming"].location == "brussels"
    assert state.hunters["seward"].location == "brussels"


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
    # "Dracula need not move the Hunter the whole three": straight into London is one
    assert {ChoosePlace("london"), ChoosePlace("atlantic_ocean")} \
        <= set(state.legal_actions("dracula"))
    act(state, "dracula", ChoosePlace("london"))
    assert state.hunters["godalming"].location == "london"
    # "The affected Hunter(s) must now have an Action Phase in their new Port of call."
    assert kind(state) == "item_choice" and state.current_seats() == ("godalming",)
    assert state.seq.seat == "godalming" and state.seq.phase == "action"


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


def test_customs_search_in_a_group_every_member_loses_his_weapons_and_misses_a_turn(
) -> None:
    # Reference 5 - CUSTOMS SEARCH: "All the Hunters in the group lose their weapons and
    # miss their next turn."
    state = started(godalming="le_havre", seward="le_havre", van_helsing="rome",
                    dracula="athens")
    arm(state, "godalming", "stake", "knife")
    arm(state, "seward", "rifle")
    dracula_turn(state, STAY_PUT)
    act(state, "godalming", FormGroup(("godalming", "seward")))
    act(state, "godalming", MoveTo("english_channel"))
    act(state, "van_helsing", STAY_PUT)
    while state.current_seats() == ("van_helsing",):
        act(state, "van_helsing", state.legal_actions("van_helsing")[0])
    give(state, "dracula", "customs_search")
    dracula_turn(state, STAY_PUT)
    act(state, "dracula", NO_EVENT)  # start of Godalming's Movement Phase
    act(state, "godalming", MoveTo("london"))
    assert window(state) == "hunter_movement_end"
    play(state, "dracula", "customs_search")
    pass_windows(state)
    assert state.hunters["godalming"].weapons == [] and state.hunters["seward"].weapons == []
    assert state.seq.missed.get("godalming") == 1 and state.seq.missed.get("seward") == 1


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


def influenced_to_take_the_train(route: tuple[str, ...], roll: int) -> FuryState:
    """Vampiric Influence on Godalming in Paris, who declares a train along ``route``;
    next turn he catches a train (the Railway Station Chart roll ``roll``)."""
    state = started(godalming="paris", seward="madrid", van_helsing="rome", dracula="athens")
    give(state, "dracula", "vampiric_influence")
    dracula_turn(state, STAY_PUT)
    act(state, "dracula", NO_EVENT)
    act(state, "godalming", STAY_PUT)
    play(state, "dracula", "vampiric_influence")
    trains = {a for a in state.legal_actions("godalming")
              if isinstance(a, DeclareMove) and a.move == "train"}
    # "a player intending to catch a train must indicate his route allowing for the fact
    # that he may be travelling upto 3 Towns": every journey by Rail, none left open.
    assert trains == {DeclareMove("train", r) for r in state.board.rail_routes("paris")}
    assert DeclareMove("train") not in trains
    assert DeclareMove("train", ("brussels", "cologne", "frankfurt")) in trains
    act(state, "godalming", DeclareMove("train", route))
    pass_windows(state)
    hunters_stay(state)
    dracula_turn(state, STAY_PUT)
    assert [a for a in state.legal_actions("godalming") if a.TYPE != "reveal_dogs"] \
        == [CATCH_TRAIN]
    rig(state, [roll])
    act(state, "godalming", CATCH_TRAIN)
    return state


def test_vampiric_influence_a_train_keeps_to_the_declared_route() -> None:
    # A Fast Train (4) runs two Towns: along Brussels - Cologne - Frankfurt it leaves him
    # in Cologne, and nowhere else (Amsterdam, Bordeaux... are on other lines).
    state = influenced_to_take_the_train(("brussels", "cologne", "frankfurt"), 4)
    assert state.legal_actions("godalming") == [RideTo("cologne")]
    # an Express (6) takes him to the end of the route; a Slow Train (2) one Town along it
    assert influenced_to_take_the_train(("brussels", "cologne", "frankfurt"), 6) \
        .legal_actions("godalming") == [RideTo("frankfurt")]
    assert influenced_to_take_the_train(("bordeaux", "saragossa"), 2) \
        .legal_actions("godalming") == [RideTo("bordeaux")]


def test_vampiric_influence_is_spent_once_the_declared_train_is_taken() -> None:
    state = influenced_to_take_the_train(("brussels",), 6)
    act(state, "godalming", RideTo("brussels"))
    assert "declared" not in state.cards and "route" not in state.cards
    act(state, "godalming", TakeItems())
    hunters_stay(state)
    dracula_turn(state, STAY_PUT)
    assert MoveTo("amsterdam") in state.legal_actions("godalming")  # free to move again


def test_vampiric_influence_no_turn_missed_by_choice_instead_of_the_declared_move() -> None:
    # Reference 4 - Vampiric Influence: "A Hunter cannot be held responsible for changes to
    # his declared movement plan which are beyond his control" - those of his own choosing
    # he is: Godalming, bitten, holding Holy Water and Hypnosis, declared Brussels; he may
    # not treat his bite, nor be hypnotised, nor leave the move to his group, instead.
    state = started(godalming="paris", seward="paris", van_helsing="rome", dracula="athens")
    give(state, "dracula", "vampiric_influence")
    arm(state, "godalming", "holy_water")
    dracula_turn(state, STAY_PUT)
    act(state, "dracula", NO_EVENT)
    act(state, "godalming", STAY_PUT)
    play(state, "dracula", "vampiric_influence")
    act(state, "godalming", DeclareMove("brussels"))
    state.hunters["godalming"].bitten = True
    give(state, "godalming", "hypnosis")
    pass_windows(state)
    hunters_stay(state)
    dracula_turn(state, STAY_PUT)
    pass_windows(state)
    legal = state.legal_actions("godalming")
    assert TREAT_BITE not in legal and PlayEvent("hypnosis") not in legal
    assert MoveTo("brussels") in legal
    act(state, "godalming", FormGroup(("godalming", "seward")))
    assert WAIT_FOR_GROUP not in state.legal_actions("godalming")
    assert [a for a in state.legal_actions("godalming") if isinstance(a, MoveTo)] \
        == [MoveTo("brussels")]


def seward_influenced(move: DeclareMove) -> FuryState:
    """Vampiric Influence on Dr Seward in Paris (Lord Godalming there too), who declares
    ``move``; next turn Godalming's Movement Phase begins."""
    state = started(godalming="paris", seward="paris", van_helsing="rome", dracula="athens")
    give(state, "dracula", "vampiric_influence")
    dracula_turn(state, STAY_PUT)
    act(state, "dracula", NO_EVENT)
    act(state, "godalming", STAY_PUT)
    act(state, "dracula", NO_EVENT)  # the end of Godalming's Action Phase
    act(state, "dracula", NO_EVENT)  # the start of Seward's Movement Phase
    act(state, "seward", STAY_PUT)
    play(state, "dracula", "vampiric_influence")
    act(state, "seward", move)
    pass_windows(state)
    hunters_stay(state)
    dracula_turn(state, STAY_PUT)
    assert kind(state) == "hunter_movement" and state.current_seats() == ("godalming",)
    return state


def test_vampiric_influence_binds_the_group_s_move_in_another_member_s_phase() -> None:
    # Ruling 63: "A group moves once per turn", so its move is Seward's too, in whichever
    # member's Movement Phase it is made: Godalming's group goes where Seward declared, or
    # Godalming leaves it to go his own way; no Chartered Carriage takes it off elsewhere.
    state = seward_influenced(DeclareMove("brussels"))
    give(state, "godalming", "chartered_carriage")
    assert MoveTo("le_havre") in state.legal_actions("godalming")  # alone, he is free
    act(state, "godalming", FormGroup(("godalming", "seward")))
    legal = state.legal_actions("godalming")
    assert [a for a in legal if isinstance(a, MoveTo)] == [MoveTo("brussels")]
    assert STAY_PUT not in legal and CATCH_TRAIN not in legal
    assert PlayEvent("chartered_carriage") not in legal and LEAVE_GROUP in legal
    assert "Seward declared" in state.prompt("godalming")
    with pytest.raises(gk.IllegalAction, match=r"Dr Seward declared .* Vampiric Influence"):
        state.apply("godalming", MoveTo("le_havre"))
    act(state, "godalming", MoveTo("brussels"))
    assert state.hunters["seward"].location == "brussels"
    assert "declared" not in state.cards  # the move was made: the declaration is spent


def test_vampiric_influence_a_group_s_train_keeps_to_a_member_s_declared_route() -> None:
    state = seward_influenced(DeclareMove("train", ("brussels", "cologne", "frankfurt")))
    act(state, "godalming", FormGroup(("godalming", "seward")))
    legal = state.legal_actions("godalming")
    assert CATCH_TRAIN in legal and STAY_PUT not in legal and PASS not in legal
    assert not any(isinstance(a, MoveTo) for a in legal)
    rig(state, [4])  # a Fast Train: two Towns along the route
    act(state, "godalming", CATCH_TRAIN)
    assert state.legal_actions("godalming") == [RideTo("cologne")]
    act(state, "godalming", RideTo("cologne"))
    assert "declared" not in state.cards and "route" not in state.cards


def test_vampiric_influence_a_member_who_leaves_the_group_goes_his_own_way() -> None:
    state = seward_influenced(DeclareMove("brussels"))
    act(state, "godalming", FormGroup(("godalming", "seward")))
    act(state, "godalming", LEAVE_GROUP)
    act(state, "godalming", MoveTo("le_havre"))
    act(state, "godalming", TakeItems())
    assert state.current_seats() == ("seward",)
    assert [a for a in state.legal_actions("seward") if isinstance(a, MoveTo)] \
        == [MoveTo("brussels")]


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
