"""Movement: Road, Sea and Rail; Passing; Not Moving (the Hunters' Movement Phases)."""

from __future__ import annotations

import pytest

from fury1987.actions import (
    CATCH_TRAIN,
    PASS,
    PLACE_HOST,
    REVEAL_DOGS,
    STAY_PUT,
    FormGroup,
    MoveTo,
    RemoveHost,
    RevealDogsOf,
    RideTo,
    StartIn,
    SwapWeapons,
    TakeItems,
)
from fury1987.events import find
from fury1987.pending import Combat
from gothic_kernel import IllegalAction

from .event_helpers import arm
from .helpers import act, dracula_turn, hunters_stay, kind, new_state, quiet_turn, rig, started


def to_van_helsing(state) -> None:  # type: ignore[no-untyped-def]
    """Dracula stays; Godalming and Seward stay: Van Helsing's Movement Phase."""
    dracula_turn(state, STAY_PUT)
    quiet_turn(state, "godalming")
    quiet_turn(state, "seward")
    assert state.current_seats() == ("van_helsing",) and kind(state) == "hunter_movement"


def moves(state, seat: str) -> set[str]:  # type: ignore[no-untyped-def]
    return {a.to for a in state.legal_actions(seat) if isinstance(a, MoveTo)}


# -- Road Movement ---------------------------------------------------------------------------

def test_road_movement_example_van_helsing_in_paris() -> None:
    state = started(van_helsing="paris", dracula="athens")
    to_van_helsing(state)
    assert moves(state, "van_helsing") == {"le_havre", "brussels", "strasbourg", "geneva",
                                            "clermont_ferrand", "nantes"}
    with pytest.raises(IllegalAction, match="Rail only"):
        state.apply("van_helsing", MoveTo("marseilles"))
    with pytest.raises(IllegalAction, match="not adjacent"):
        state.apply("van_helsing", MoveTo("amsterdam"))
    quiet_turn(state, "van_helsing", MoveTo("brussels"))
    to_van_helsing(state)
    quiet_turn(state, "van_helsing", MoveTo("amsterdam"))
    assert state.hunters["van_helsing"].location == "amsterdam"


def test_road_move_gives_an_action_phase_in_the_new_town() -> None:
    state = started(van_helsing="paris", dracula="athens")
    to_van_helsing(state)
    act(state, "van_helsing", MoveTo("brussels"))
    assert kind(state) == "item_choice"  # the Action Phase in Brussels, a large Town


# -- Sea Movement --------------------------------------------------------------------------------

def test_sea_movement_example_1_dublin_to_amsterdam_takes_four_turns() -> None:
    state = started(van_helsing="dublin", dracula="athens")
    for step in ("irish_sea", "atlantic_ocean", "north_sea"):
        to_van_helsing(state)
        act(state, "van_helsing", MoveTo(step))
        # "Only when Van Helsing arrives in Amsterdam does he have an Action Phase"
        assert state.current_seats() == ("dracula",)
        assert state.hunters["van_helsing"].location == step
    to_van_helsing(state)
    act(state, "van_helsing", MoveTo("amsterdam"))
    assert kind(state) == "item_choice"
    assert state.hunters["van_helsing"].voyage == []


def test_sea_movement_example_2_dublin_to_liverpool_takes_two_turns() -> None:
    state = started(van_helsing="dublin", dracula="athens")
    to_van_helsing(state)
    act(state, "van_helsing", MoveTo("irish_sea"))
    to_van_helsing(state)
    assert "liverpool" in moves(state, "van_helsing")
    act(state, "van_helsing", MoveTo("liverpool"))
    assert state.hunters["van_helsing"].location == "liverpool"


def test_sea_movement_example_3_bay_of_biscay_must_disembark() -> None:
    state = started(van_helsing="lisbon", dracula="athens")
    to_van_helsing(state)
    act(state, "van_helsing", MoveTo("atlantic_ocean"))
    to_van_helsing(state)
    act(state, "van_helsing", MoveTo("bay_of_biscay"))
    to_van_helsing(state)
    legal = state.legal_actions("van_helsing")
    assert moves(state, "van_helsing") == {"nantes", "bordeaux", "santander"}
    assert PASS not in legal and STAY_PUT not in legal
    with pytest.raises(IllegalAction):
        state.apply("van_helsing", MoveTo("atlantic_ocean"))
    with pytest.raises(IllegalAction, match="Pass in a Sea Sector"):
        state.apply("van_helsing", PASS)


def test_sea_movement_no_return_to_the_starting_port() -> None:
    # "Van Helsing could not use Sea Moves to go from Amsterdam to Amsterdam"
    state = started(van_helsing="amsterdam", dracula="athens")
    to_van_helsing(state)
    act(state, "van_helsing", MoveTo("north_sea"))
    to_van_helsing(state)
    assert "amsterdam" not in moves(state, "van_helsing")
    assert "hamburg" in moves(state, "van_helsing")


def test_sea_movement_no_sea_sector_twice_in_a_voyage() -> None:
    # "He could not enter the Atlantic Ocean ..., move to the North Sea and then go back"
    state = started(van_helsing="lisbon", dracula="athens")
    to_van_helsing(state)
    act(state, "van_helsing", MoveTo("atlantic_ocean"))
    to_van_helsing(state)
    act(state, "van_helsing", MoveTo("north_sea"))
    to_van_helsing(state)
    assert "atlantic_ocean" not in moves(state, "van_helsing")
    assert "english_channel" in moves(state, "van_helsing")


def test_sea_movement_destination_need_not_be_decided_in_advance() -> None:
    state = started(van_helsing="dublin", dracula="athens")
    to_van_helsing(state)
    act(state, "van_helsing", MoveTo("irish_sea"))
    to_van_helsing(state)
    assert {"liverpool", "swansea", "atlantic_ocean"} <= moves(state, "van_helsing")


# -- Rail Movement ---------------------------------------------------------------------------------

def rail_from(town: str, roll: int) -> set[str]:
    state = started(van_helsing=town, dracula="athens")
    to_van_helsing(state)
    rig(state, [roll])
    act(state, "van_helsing", CATCH_TRAIN)
    return {a.town for a in state.legal_actions("van_helsing") if isinstance(a, RideTo)}


def test_rail_movement_example_1_slow_train_from_strasbourg() -> None:
    assert rail_from("strasbourg", 2) == {"frankfurt", "zurich"}


def test_rail_movement_example_2_fast_train() -> None:
    assert rail_from("strasbourg", 4) == {"frankfurt", "zurich", "cologne", "leipzig", "milan"}


def test_rail_movement_example_3_strasbourg_express() -> None:
    assert rail_from("strasbourg", 6) == {"frankfurt", "zurich", "cologne", "leipzig",
                                           "milan", "brussels", "berlin", "nuremberg"}


def test_rail_movement_committed_to_the_train_and_may_get_off_early() -> None:
    state = started(van_helsing="strasbourg", dracula="athens")
    to_van_helsing(state)
    rig(state, [6])
    act(state, "van_helsing", CATCH_TRAIN)
    legal = state.legal_actions("van_helsing")
    assert all(isinstance(a, RideTo) for a in legal)  # "he is committed to using it"
    with pytest.raises(IllegalAction):
        state.apply("van_helsing", MoveTo("paris"))
    act(state, "van_helsing", RideTo("frankfurt"))  # gets off at the first stop
    assert state.hunters["van_helsing"].location == "frankfurt"
    assert kind(state) == "item_choice"  # his Action Phase is where he stops


def test_rail_movement_no_train_then_road_or_sea_but_no_second_train() -> None:
    state = started(van_helsing="paris", dracula="athens")
    to_van_helsing(state)
    rig(state, [1])
    act(state, "van_helsing", CATCH_TRAIN)
    legal = state.legal_actions("van_helsing")
    assert CATCH_TRAIN not in legal and PASS not in legal  # one train per turn
    assert MoveTo("brussels") in legal and STAY_PUT in legal


def test_rail_movement_needs_a_railroad_from_the_town() -> None:
    state = started(van_helsing="clermont_ferrand", dracula="athens")
    to_van_helsing(state)
    assert CATCH_TRAIN not in state.legal_actions("van_helsing")


def test_rail_movement_two_towns_at_most_in_the_east() -> None:
    assert rail_from("vienna", 6) == rail_from("vienna", 4)


def test_dracula_never_travels_by_rail() -> None:
    # Local Rumours example: "He cannot move to Alicante, which is only connected to
    # Barcelona by Rail."
    state = started(dracula="barcelona", godalming="saragossa", seward="toulouse",
                    van_helsing="paris")
    legal = state.legal_actions("dracula")
    assert MoveTo("alicante") not in legal
    assert MoveTo("mediterranean_sea") in legal


# -- Passing and Not Moving ------------------------------------------------------------------------

def test_passing_swaps_weapon_chits_and_gives_no_action_phase() -> None:
    state = started(van_helsing="paris", dracula="athens", seed=2)
    to_van_helsing(state)
    held = list(state.hunters["van_helsing"].weapons)
    act(state, "van_helsing", PASS)
    assert kind(state) == "weapon_swap"
    act(state, "van_helsing", SwapWeapons(tuple(held)))
    assert state.hunters["van_helsing"].passed
    assert kind(state) == "new_weapons"  # the new chit: Dogs may be revealed when drawn
    assert len(state.hunters["van_helsing"].weapons) == 1
    assert held[0] in state.weapons_pool.aside  # discarded before drawing
    quiet_turn(state, "van_helsing", STAY_PUT) if kind(state) == "hunter_movement" else None
    while kind(state) == "new_weapons":
        state.apply("van_helsing", state.legal_actions("van_helsing")[-1])
    assert state.current_seats() == ("dracula",)  # no Action Phase after Passing


def test_not_moving_gives_an_action_phase_but_no_items() -> None:
    state = started(van_helsing="paris", dracula="athens")
    to_van_helsing(state)
    act(state, "van_helsing", STAY_PUT)
    assert state.current_seats() == ("dracula",)  # no items offered: he did not move


def test_a_hunter_moves_only_once_a_turn() -> None:
    state = started(van_helsing="paris", dracula="athens")
    to_van_helsing(state)
    quiet_turn(state, "van_helsing", MoveTo("brussels"), TakeItems())
    assert state.current_seats() == ("dracula",)
    with pytest.raises(IllegalAction):
        state.apply("van_helsing", MoveTo("amsterdam"))


def test_ruling_a_hunter_at_sea_is_never_stranded() -> None:
    """Ruling: if Storms close every Port ahead and every Sea Sector was visited, the
    ship may put in anywhere but the starting Port (or go back out to a visited Sector)."""
    state = started(godalming="lisbon", seward="madrid", van_helsing="london",
                    dracula="athens")
    hunter = state.hunters["godalming"]
    hunter.location = "bay_of_biscay"
    hunter.voyage = ["lisbon", "atlantic_ocean", "bay_of_biscay"]
    held = state.dracula.encounter_set
    while "storms" in held:  # all three Storms chits back in the Pool, to be placed
        held[held.index("storms")] = state.encounter_pool.take("wolves")
        state.encounter_pool.bag.append("storms")
    for port in ("nantes", "bordeaux", "santander"):
        state.map_chits[port] = state.encounter_pool.take("storms")
    state.invalidate()
    dracula_turn(state, STAY_PUT)
    moves = {a.to for a in state.legal_actions("godalming") if isinstance(a, MoveTo)}
    assert moves == {"atlantic_ocean", "nantes", "bordeaux", "santander"}


def test_no_one_may_pass_or_stay_in_a_sea_sector() -> None:
    state = started(godalming="lisbon", seward="madrid", van_helsing="london",
                    dracula="athens")
    dracula_turn(state, STAY_PUT)
    act(state, "godalming", MoveTo("atlantic_ocean"))
    assert state.current_seats() == ("seward",)  # no Action Phase at sea
    hunters_stay(state)
    dracula_turn(state, STAY_PUT)
    legal = state.legal_actions("godalming")
    assert PASS not in legal and STAY_PUT not in legal and CATCH_TRAIN not in legal
    assert MoveTo("lisbon") not in legal  # not back to the starting Port


def test_ruling_dogs_revealed_and_a_host_removed_at_the_start_of_his_own_movement_phase(
) -> None:
    """Ruling 84 (a departure from "at the start of any Movement Phase", recorded among the
    reconstructions): Godalming, holding hidden Dogs and with a Host on Milan, is asked at
    the start of his own Movement Phase, never at the start of another Hunter's nor of
    Dracula's (he reveals his Dogs when he draws them if he wants their +1 before then)."""
    state = started(dracula="rome", godalming="milan", seward="madrid", van_helsing="london")
    arm(state, "godalming", "heavenly_host", "dogs", "knife")
    dracula_turn(state, STAY_PUT)
    act(state, "godalming", PLACE_HOST)
    quiet_turn(state, "godalming")
    assert kind(state) == "hunter_movement" and state.current_seats() == ("seward",)
    assert state.legal_actions("godalming") == []  # the start of Seward's Movement Phase
    hunters_stay(state)
    assert kind(state) == "dracula_movement" and state.current_seats() == ("dracula",)
    assert state.legal_actions("godalming") == []  # the start of Dracula's
    with pytest.raises(IllegalAction):
        state.apply("godalming", REVEAL_DOGS)
    with pytest.raises(IllegalAction):
        state.apply("godalming", RemoveHost("milan"))
    assert state.hunters["godalming"].shown == [] and state.hosts == {"milan": "godalming"}
    dracula_turn(state, STAY_PUT)
    assert state.current_seats() == ("godalming",)  # the start of his own: both offered
    legal = state.legal_actions("godalming")
    assert REVEAL_DOGS in legal and RemoveHost("milan") in legal


def test_ruling_a_group_s_movement_phase_is_each_member_s_for_dogs_and_hosts() -> None:
    """Ruling 84: "at the start of each of his (or his group's) Movement Phases". Seward,
    grouped with Godalming, whose phase the group moves in: his hidden Dogs may be revealed
    and his Host taken off the board at its start (his own phase is skipped this turn)."""
    state = started(dracula="rome", godalming="paris", seward="paris", van_helsing="london")
    arm(state, "seward", "heavenly_host", "dogs", "knife")
    dracula_turn(state, STAY_PUT)
    quiet_turn(state, "godalming")
    act(state, "seward", PLACE_HOST)
    quiet_turn(state, "seward")
    hunters_stay(state)
    dracula_turn(state, STAY_PUT)
    assert RevealDogsOf("seward") not in state.legal_actions("godalming")  # not his group
    act(state, "godalming", FormGroup(("godalming", "seward")))
    legal = state.legal_actions("godalming")
    assert RevealDogsOf("seward") in legal and RemoveHost("paris") in legal
    assert REVEAL_DOGS not in legal  # Godalming holds no Dogs
    act(state, "godalming", RevealDogsOf("seward"))
    assert state.hunters["seward"].shown == ["dogs"]
    assert RevealDogsOf("seward") not in state.legal_actions("godalming")
    act(state, "godalming", RemoveHost("paris"))
    assert state.hosts == {} and state.hunters["seward"].hosts_placed == []
    assert "heavenly_host" in state.public_weapon_discards
    assert any(e["kind"] == "dogs_revealed" and e["hunter"] == "seward"
               for e in state.log("public"))


def test_ruling_dogs_drawn_at_set_up_may_be_revealed_before_dracula_s_first_attack() -> None:
    """Ruling 84, Reference 3 - Dogs: "either when he draws it": the Set-Up chit is drawn
    before Dracula's first turn, in which he may attack; Seward reveals them as he chooses
    his Town and has their +1 in the first round of that fight."""
    state = new_state(rolls=[5, 2, 3])  # Night; Dracula 2, the Hunters 3 (+1 for the Dogs)
    arm(state, "seward", "dogs")
    act(state, "godalming", StartIn("paris"))
    assert REVEAL_DOGS in state.legal_actions("seward")
    assert "reveal your Dogs" in state.prompt("seward")
    act(state, "seward", REVEAL_DOGS)
    assert state.hunters["seward"].shown == ["dogs"]
    assert REVEAL_DOGS not in state.legal_actions("seward")  # he still chooses his Town
    act(state, "seward", StartIn("naples"))
    act(state, "van_helsing", StartIn("madrid"))
    act(state, "dracula", StartIn("rome"))
    act(state, "dracula", MoveTo("naples"))
    while find(state, Combat) is not None and not any(
            e.get("kind") == "initiative" for e in state.log("public")):
        seat = state.current_seats()[0]
        act(state, seat, state.legal_actions(seat)[0])
    said = [e["text"] for e in state.log("public") if e.get("kind") == "initiative"]
    assert said and "the Hunters 3+1" in said[0]


def test_dogs_are_not_offered_at_set_up_to_a_hunter_without_them() -> None:
    state = new_state()
    arm(state, "godalming", "knife")
    assert REVEAL_DOGS not in state.legal_actions("godalming")


def test_dogs_are_revealed_at_the_start_of_a_movement_phase_while_one_is_hidden() -> None:
    """Reference 3 - Dogs: revealed "either when he draws it or at the start of any Movement
    Phase"; a Hunter holding two reveals each in turn, then has none left to reveal."""
    state = started(dracula="athens")
    arm(state, "godalming", "dogs", "dogs", "knife")
    dracula_turn(state, STAY_PUT)
    assert kind(state) == "hunter_movement" and state.current_seats() == ("godalming",)
    act(state, "godalming", REVEAL_DOGS)
    assert state.hunters["godalming"].shown == ["dogs"]
    assert REVEAL_DOGS in state.legal_actions("godalming")  # the second one is still hidden
    act(state, "godalming", REVEAL_DOGS)
    assert state.hunters["godalming"].shown == ["dogs", "dogs"]
    assert REVEAL_DOGS not in state.legal_actions("godalming")
    assert state.hunters["godalming"].hidden_weapons() == ["knife"]
