"""Rulings 65, 10, 80-82: where Dracula or a Hunter must move, the cards and the bite cure
give way (the audit of the fourth stop)."""

from __future__ import annotations

import pytest

from fury1987.actions import STAY_PUT, TREAT_BITE, ChoosePlace, MoveTo, PlayEvent
from fury1987.board import CASTLE_DRACULA
from fury1987.state import FuryState

from .event_helpers import arm, give, pass_windows
from .helpers import act, dracula_turn, hunters_stay, kind, started


def test_walpurgis_nacht_not_at_sea() -> None:
    # Movement - Sea: "They may not Pass while in a Sea Sector" (ruling 65)
    state = started(godalming="paris", seward="vienna", van_helsing="madrid", dracula="london")
    dracula_turn(state, MoveTo("english_channel"))
    hunters_stay(state)
    give(state, "dracula", "walpurgis_nacht")
    assert PlayEvent("walpurgis_nacht") not in state.legal_actions("dracula")


@pytest.mark.parametrize("case", ["fleeing", "host"])
def test_walpurgis_nacht_not_where_dracula_must_move(case: str) -> None:
    state = started(godalming="paris", seward="vienna", van_helsing="madrid", dracula="munich")
    if case == "fleeing":  # "Each move that Dracula makes when fleeing must move him"
        state.dracula.blood, state.dracula.fleeing = 0, True
    else:  # Heavenly Host: "Dracula must leave that Town on his next Movement Phase"
        state.hosts["munich"] = "godalming"
        state.dracula.must_leave = True
    give(state, "dracula", "walpurgis_nacht")
    state.invalidate()
    legal = state.legal_actions("dracula")
    assert STAY_PUT not in legal and PlayEvent("walpurgis_nacht") not in legal


def test_walpurgis_nacht_in_the_castle_breaks_the_three_successive_turns() -> None:
    # Ruling 65: not a voluntary turn in the Castle, so the count starts again after it
    state = started(godalming="paris", seward="vienna", van_helsing="madrid",
                    dracula=CASTLE_DRACULA)
    state.dracula.castle_turns = 2
    state.dracula.blood = 10
    give(state, "dracula", "walpurgis_nacht")
    state.invalidate()
    act(state, "dracula", PlayEvent("walpurgis_nacht"))
    pass_windows(state)
    assert state.dracula.castle_turns == 0 and not state.is_over


def test_ruling_evading_into_the_castle_counts_as_arriving() -> None:
    # Ruling 10: arriving in the Castle is the first of the three turns there
    state = started(godalming="paris", seward="vienna", van_helsing="madrid", dracula="munich")
    give(state, "dracula", "evasion")
    state.invalidate()
    act(state, "dracula", PlayEvent("evasion"))
    pass_windows(state)
    act(state, "dracula", ChoosePlace(CASTLE_DRACULA))
    assert state.dracula.location == CASTLE_DRACULA and state.dracula.castle_turns == 1


def _storm_on_dracula_in_the_channel(*sealed: str) -> FuryState:
    """Dracula sails into the English Channel; Hosts lie on the ``sealed`` Ports; Lord
    Godalming's Stormy Seas blocks the Channel."""
    state = started(godalming="paris", seward="vienna", van_helsing="madrid", dracula="london")
    dracula_turn(state, MoveTo("english_channel"))
    for port in sealed:
        state.hosts[port] = "seward"
    give(state, "godalming", "stormy_seas")
    state.invalidate()
    pass_windows(state)
    act(state, "godalming", PlayEvent("stormy_seas"))
    pass_windows(state)
    act(state, "godalming", ChoosePlace("english_channel"))
    return state


def test_stormy_seas_drive_dracula_into_a_port_with_his_piece_on_the_map() -> None:
    # Reference 4 - STORMY SEAS: "If Dracula is in the chosen Sea Sector, he must say so,
    # and place his playing piece on the mapboard, in the Port he has been forced into -
    # where it stays until Dracula's next Movement Phase".
    state = _storm_on_dracula_in_the_channel()
    pass_windows(state)
    assert set(state.legal_actions("dracula")) == {
        ChoosePlace(p) for p in ("le_havre", "london", "plymouth")}
    act(state, "dracula", ChoosePlace("plymouth"))
    assert state.dracula.location == "plymouth" and state.dracula.shown_at == "plymouth"
    assert state.observation("seward")["possible_dracula_locations"] == ["plymouth"]
    assert any(e["kind"] == "dracula_at_sea" for e in state.log("public"))


def test_stormy_seas_never_drives_dracula_into_a_host_town() -> None:
    # Reference 3 - Heavenly Host: "Dracula may never enter a Town which is so protected"
    state = _storm_on_dracula_in_the_channel("london", "plymouth")
    pass_windows(state)
    assert state.legal_actions("dracula") == [ChoosePlace("le_havre")]


def test_ruling_stormy_seas_with_every_port_sealed_holds_dracula_at_sea() -> None:
    # Ruling 80
    state = _storm_on_dracula_in_the_channel("london", "plymouth", "le_havre")
    assert state.dracula.location == "english_channel"
    assert "dracula" not in state.current_seats() or kind(state) != "card_step"


def test_ruling_holy_water_on_a_bite_not_at_sea() -> None:
    # Ruling 81: treating the bite misses the turn, and "They may not Pass while in a Sea
    # Sector"
    state = started(godalming="le_havre", seward="vienna", van_helsing="madrid",
                    dracula="athens")
    dracula_turn(state, STAY_PUT)
    act(state, "godalming", MoveTo("english_channel"))
    for seat in ("seward", "van_helsing"):
        act(state, seat, STAY_PUT)
        while state.current_seats()[0] == seat:
            state.apply(seat, state.legal_actions(seat)[0])
    dracula_turn(state, STAY_PUT)
    arm(state, "godalming", "holy_water")
    state.hunters["godalming"].bitten = True
    state.invalidate()
    pass_windows(state)
    assert state.current_seats() == ("godalming",)
    assert state.hunters["godalming"].location == "english_channel"
    assert TREAT_BITE not in state.legal_actions("godalming")


def test_dracula_below_two_blood_points_at_sea_must_disembark() -> None:
    # Blood Points: "If Dracula has less than two Blood Points left, he cannot move by sea"
    # (ruling 82): embarking with two leaves one, so his next move lands him
    state = started(godalming="paris", seward="vienna", van_helsing="madrid", dracula="london")
    state.dracula.blood = 2
    state.invalidate()
    dracula_turn(state, MoveTo("english_channel"))
    hunters_stay(state)
    assert state.dracula.blood == 1
    moves = {a.to for a in state.legal_actions("dracula") if isinstance(a, MoveTo)}
    assert moves == {"le_havre", "plymouth"}
