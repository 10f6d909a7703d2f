"""The rulings of docs/fury1987.md (where the rulebook is silent), one test each.

Rulings tested elsewhere are named in docs/fury1987.md with their test; these are
the ones with no better home.
"""

from __future__ import annotations

from fury1987.actions import (
    CATCH_TRAIN,
    PASS,
    STAY_PUT,
    TREAT_BITE,
    FormGroup,
    GiveWeapon,
    MoveTo,
    PlaceEncounter,
)
from fury1987.dracula import apply_bat_flight, bat_flight_options
from fury1987.encounters import lift_fog_and_storms
from fury1987.pending import BatFlight
from fury1987.state import FuryState
from fury1987.wounds import become_vampire, die

from .helpers import act, dracula_turn, hunters_stay, rig, started


def test_ruling_every_hunter_fallen_is_a_supreme_victory_for_dracula() -> None:
    state = started(dracula="athens")
    for seat in ("godalming", "seward", "van_helsing"):
        die(state, seat)
    assert state.outcome is not None
    assert state.outcome.winners == ("dracula",) and state.outcome.level == "supreme"


def test_ruling_every_hunter_fallen_while_dracula_flees_he_hides_a_hunters_minor() -> None:
    state = started(dracula="athens")
    state.dracula.blood = 0
    state.dracula.fleeing = True
    for seat in ("godalming", "seward", "van_helsing"):
        die(state, seat)
    assert state.outcome is not None and state.outcome.level == "minor"
    assert state.outcome.winners == ("godalming", "seward", "van_helsing")


def test_ruling_a_hunter_turned_vampire_at_sea_leaves_no_vampire_on_the_chart() -> None:
    state = started(dracula="athens", godalming="lisbon")
    state.hunters["godalming"].location = "atlantic_ocean"
    state.hunters["godalming"].bitten = True
    become_vampire(state, "godalming")
    assert state.hunters["godalming"].status == "vampire"
    assert state.chart == {}


def armed_group(chits: dict[str, tuple[str, ...]]) -> FuryState:
    """All three Hunters in Paris holding ``chits``, formed into a group."""
    state = started(godalming="paris", seward="paris", van_helsing="paris", dracula="athens")
    pool = state.weapons_pool
    for seat in chits:
        pool.bag.extend(state.hunters[seat].weapons)
        state.hunters[seat].weapons = []
    for seat, held in chits.items():
        state.hunters[seat].weapons = [pool.take(w) for w in held]
    state.invalidate()
    dracula_turn(state, STAY_PUT)
    act(state, "godalming", FormGroup(("godalming", "seward", "van_helsing")))
    return state


def test_ruling_a_group_may_arrange_its_weapon_chits_as_it_likes() -> None:
    # Ruling 12 (Hunter Groups: "may swap Weapon Chits at the very start of the group's
    # Movement Phase"; no number is set): every Hunter hands all his chits on, round the
    # group - six exchanges, more than the three trades once allowed.
    state = armed_group({"godalming": ("knife", "pistol", "rifle"),
                         "seward": ("stake", "holy_water", "crucifix"),
                         "van_helsing": ("garlic", "dogs", "sacred_bullets")})
    for mine, yours in (("knife", "stake"), ("pistol", "holy_water"), ("rifle", "crucifix")):
        act(state, "godalming", GiveWeapon("godalming", "seward", mine, yours))
    for mine, yours in (("knife", "garlic"), ("pistol", "dogs"), ("rifle", "sacred_bullets")):
        act(state, "godalming", GiveWeapon("seward", "van_helsing", mine, yours))
    assert sorted(state.hunters["godalming"].weapons) == ["crucifix", "holy_water", "stake"]
    assert sorted(state.hunters["seward"].weapons) == ["dogs", "garlic", "sacred_bullets"]
    assert sorted(state.hunters["van_helsing"].weapons) == ["knife", "pistol", "rifle"]


def test_ruling_a_group_trades_at_most_as_often_as_it_holds_weapon_chits() -> None:
    # Each trade can settle one chit in the hands it ends in, so as many trades as the
    # group holds chits reach any arrangement; the bound only stops endless shuffling.
    state = armed_group({"godalming": ("knife",), "seward": ("stake",), "van_helsing": ()})
    for _ in range(2):
        give = next(a for a in state.legal_actions("godalming") if isinstance(a, GiveWeapon))
        act(state, "godalming", give)
    assert not any(isinstance(a, GiveWeapon) for a in state.legal_actions("godalming"))


def test_ruling_the_bat_flies_to_a_town_next_by_road_never_a_host_town() -> None:
    state = started(dracula="athens", godalming="paris")
    state.hosts = {"brussels": "godalming"}
    options = {a.to for a in bat_flight_options(state, BatFlight("paris"))
               if isinstance(a, MoveTo)}
    assert options == set(state.board.road_neighbours("paris")) - {"brussels"}
    state.dracula.location = "paris"
    state.stack.append(BatFlight("paris"))
    apply_bat_flight(state, state.stack[-1], "dracula", MoveTo("nantes"))  # type: ignore
    assert state.dracula.location == "nantes" and state.dracula.rumours == "paris"


def test_ruling_a_bat_with_nowhere_to_fly_stays() -> None:
    state = started(dracula="athens", godalming="paris")
    state.hosts = {"klausenberg": "godalming", "galatz": "seward"}
    assert bat_flight_options(state, BatFlight("castle_dracula")) == [STAY_PUT]


def test_ruling_fleeing_with_the_way_blocked_by_hosts_any_move_will_do() -> None:
    state = started(dracula="szeged", godalming="paris", seward="madrid",
                    van_helsing="london")
    state.dracula.blood = 0
    state.dracula.fleeing = True
    dist = state.board.flee_distances()
    closer = {t for t in state.board.road_neighbours("szeged") if dist[t] < dist["szeged"]}
    state.hosts = dict.fromkeys(closer, "godalming")
    state.invalidate()
    moves = {a.to for a in state.legal_actions("dracula") if isinstance(a, MoveTo)}
    assert moves and not moves & closer


def test_ruling_fog_and_storms_lift_on_four_to_six_rolled_each_turn() -> None:
    state = started(dracula="athens")
    state.map_chits = {"paris": state.encounter_pool.take("fog"),
                       "le_havre": state.encounter_pool.take("storms")}
    rig(state, [4, 3])  # sorted by Town: le_havre 4 (lifts), paris 3 (stays)
    lift_fog_and_storms(state)
    assert state.map_chits == {"paris": "fog"}


def test_ruling_a_dead_hunters_host_marker_leaves_the_board() -> None:
    state = started(dracula="athens", godalming="milan")
    hunter = state.hunters["godalming"]
    state.weapons_pool.bag.extend(hunter.weapons)
    hunter.weapons = []
    state.weapons_pool.bag.remove("heavenly_host")
    hunter.hosts_placed = ["milan"]
    state.hosts = {"milan": "godalming"}
    die(state, "godalming")
    assert state.hosts == {}  # removed with "his playing piece, playsheet and other counters"
    assert "heavenly_host" in state.weapons_pool.aside  # his Host chit is discarded


def test_ruling_arriving_in_the_castle_is_the_first_of_three_turns_there() -> None:
    state = started(dracula="klausenberg", godalming="madrid", seward="lisbon",
                    van_helsing="london")
    dracula_turn(state, MoveTo("castle_dracula"))  # turn 1: he arrives
    hunters_stay(state)
    dracula_turn(state, STAY_PUT)  # turn 2
    hunters_stay(state)
    assert not state.is_over
    act(state, "dracula", STAY_PUT)  # turn 3
    assert state.outcome is not None and state.outcome.level == "minor"


def test_ruling_treating_a_bite_a_hunter_leaves_his_group() -> None:
    state = started(godalming="paris", seward="paris", van_helsing="london",
                    dracula="athens")
    hunter = state.hunters["godalming"]
    state.weapons_pool.bag.extend(hunter.weapons)
    hunter.weapons = [state.weapons_pool.take("holy_water")]
    hunter.bitten = True
    state.invalidate()
    dracula_turn(state, STAY_PUT)
    act(state, "godalming", FormGroup(("godalming", "seward")))
    rig(state, [5])
    act(state, "godalming", TREAT_BITE)
    assert state.groups == [] and not hunter.bitten
    assert state.current_seats() == ("seward",)  # Godalming missed his turn


def test_ruling_fog_lies_on_the_map_so_the_town_box_may_take_another_encounter() -> None:
    state = started(dracula="paris", godalming="madrid", seward="lisbon",
                    van_helsing="london")
    state.map_chits["paris"] = state.encounter_pool.take("fog")
    state.dracula.encounter_set = ["rats", "wolves", "bats", "fog", "hoax"]
    state.invalidate()
    act(state, "dracula", STAY_PUT)
    assert PlaceEncounter("rats") in state.legal_actions("dracula")


def test_ruling_no_pass_after_missing_a_train() -> None:
    state = started(godalming="paris", dracula="athens", seward="madrid",
                    van_helsing="london")
    dracula_turn(state, STAY_PUT)
    rig(state, [1])  # no train
    act(state, "godalming", CATCH_TRAIN)
    legal = state.legal_actions("godalming")
    assert PASS not in legal and CATCH_TRAIN not in legal and STAY_PUT in legal


def _stranded_in_the_bay_of_biscay() -> FuryState:
    """Dracula sails from Lisbon through the Atlantic into the Bay of Biscay; Hosts then
    seal Nantes, Bordeaux and Santander."""
    state = started(dracula="lisbon", godalming="madrid", seward="paris",
                    van_helsing="london")
    dracula_turn(state, MoveTo("atlantic_ocean"))
    hunters_stay(state)
    dracula_turn(state, MoveTo("bay_of_biscay"))
    state.hosts = {"nantes": "godalming", "bordeaux": "seward", "santander": "van_helsing"}
    state.invalidate()
    hunters_stay(state)
    return state


def test_ruling_stranded_at_sea_dracula_sails_back_into_a_sector_he_crossed() -> None:
    # Ruling 2: "They may not Pass while in a Sea Sector" - with every Port ahead sealed
    # and no Sector left unvisited, he may sail into one he crossed.
    from fury1987.tracker import tracker_of

    state = _stranded_in_the_bay_of_biscay()
    assert state.legal_actions("dracula") == [MoveTo("atlantic_ocean")]
    dracula_turn(state, MoveTo("atlantic_ocean"))
    d = state.dracula
    assert d.location == "atlantic_ocean" and d.blood == 11  # no second embarkation
    assert tracker_of(state).contains(d.location, d.rumours, d.blood)


def test_ruling_hemmed_in_at_sea_with_no_move_at_all_dracula_passes() -> None:
    # Stormy Seas closes the Atlantic too: no move at all is left; he stays (a Pass).
    from fury1987.actions import SwapEncounters
    from fury1987.tracker import tracker_of

    state = _stranded_in_the_bay_of_biscay()
    state.cards["stormy"] = {"atlantic_ocean": ["godalming", 2]}
    state.invalidate()
    assert state.legal_actions("dracula") == [PASS]
    dracula_turn(state, PASS, SwapEncounters(()))
    d = state.dracula
    assert d.location == "bay_of_biscay"
    assert tracker_of(state).contains(d.location, d.rumours, d.blood)


def test_ruling_a_hunter_s_vampire_chit_is_never_exchanged_when_dracula_passes() -> None:
    # Ruling 73: Passing exchanges chits "for new ones from the Pool"; a Hunter-Vampire
    # back in the Encounter Set is not the Pool's, so it stays in the Set.
    from fury1987.actions import SwapEncounters
    from fury1987.setup import invariant_problems

    state = started(dracula="rome", godalming="paris", seward="madrid", van_helsing="london")
    d = state.dracula
    state.encounter_pool.bag.append(d.encounter_set.pop())
    d.encounter_set.append("seward_vampire")
    state.invalidate()
    act(state, "dracula", PASS)
    options = state.legal_actions("dracula")
    assert options and all("seward_vampire" not in a.discard for a in options
                           if isinstance(a, SwapEncounters))
    others = tuple(sorted(c for c in d.encounter_set if c != "seward_vampire"))
    act(state, "dracula", SwapEncounters(others))
    assert "seward_vampire" in d.encounter_set and len(d.encounter_set) == 5
    assert invariant_problems(state) == []


def test_ruling_back_within_three_cards_before_the_discard_nothing_is_discarded() -> None:
    """Ruling 77: a holder pushed over three Event Cards discards when his turn to comes;
    if by then (a card drawn with the extra one played at once, a fight it started in
    which he played his own) he holds three or fewer, there is nothing to discard."""
    from fury1987.flow import settle
    from fury1987.pending import EventDiscard

    state = started(dracula="athens")
    dracula_turn(state, STAY_PUT)
    deck = state.event_deck.cards
    state.dracula.events = [deck.pop(deck.index("trap")), deck.pop(deck.index("trap"))]
    before = list(state.stack)
    state.stack.append(EventDiscard("dracula"))
    state.invalidate()
    settle(state)
    assert state.stack == before and state.current_seats() == ("godalming",)
    assert len(state.dracula.events) == 2
    state.dracula.events += [deck.pop(deck.index("trap")), deck.pop(deck.index("rage"))]
    state.stack.append(EventDiscard("dracula"))
    state.invalidate()
    settle(state)
    assert state.current_seats() == ("dracula",)  # four cards: he must discard one
