"""Every statement of the supplement outside item and event cards, as a test named after its
section (Fury of Dracula, modern rules supplement)."""

from __future__ import annotations

import pytest

import gothic_kernel as gk
from fury_modern.actions import (
    PASS,
    REST,
    SEARCH,
    SUPPLY,
    Ambush,
    ChooseHospital,
    Discard,
    Move,
    MoveTo,
    PlaceEncounter,
    ReserveTicket,
)
from fury_modern.combat import Fight
from fury_modern.round import HunterTurns, Twilight
from fury_modern.state import ModernState

from .helpers import act, public_texts, started, trail_of


def _pass_until(state: ModernState, kind: type, **fields: object) -> None:
    """Every hunter passes, Dracula takes his first options, until ``kind`` is on top."""
    for _ in range(500):
        top = state.stack[-1]
        if isinstance(top, kind) and all(getattr(top, k) == v for k, v in fields.items()):
            return
        seat = state.current_seats()[0]
        legal = state.legal_actions(seat)
        act(state, seat, PASS if PASS in legal else legal[0])
    raise AssertionError(f"never reached {kind.__name__}")


# -- Dawn And Dusk -------------------------------------------------------------------------

def test_dawn_and_dusk_the_game_starts_on_monday_day_without_a_dawn() -> None:
    state = started()
    assert (state.weekday, state.night) == ("monday", False)
    assert isinstance(state.stack[-1], HunterTurns) and not state.stack[-1].night
    assert "Dawn" not in " ".join(public_texts(state))


def test_dawn_and_dusk_dusk_moves_the_marker_from_day_to_night_and_dawn_back() -> None:
    state = started()
    _pass_until(state, HunterTurns, night=True)
    assert (state.weekday, state.night) == ("monday", True)
    assert "Dusk: the time marker moves to Monday night." in public_texts(state)
    _pass_until(state, HunterTurns, night=False)
    assert (state.weekday, state.night) == ("tuesday", False)
    assert "Dawn: the time marker moves to Tuesday day." in public_texts(state)


def test_dawn_and_dusk_a_week_passed_places_a_despair_token_at_most_three() -> None:
    state = started()
    state.time = 13  # Sunday night
    state.stack = [Twilight(dusk=False)]
    from gothic_kernel.decisions import settle

    settle(state)
    assert state.time == 0 and state.despair == 1
    assert any("A week has passed" in t for t in public_texts(state))
    state.despair = 3
    state.time = 13
    state.stack = [Twilight(dusk=False)]
    settle(state)
    assert state.despair == 3


def test_dawn_and_dusk_players_fight_dracula_if_he_is_revealed() -> None:
    state = started(dracula="berlin")
    state.dracula.revealed = True
    state.hunters["godalming"].location = "berlin"
    _pass_until(state, Fight)
    fight = state.stack[-1]
    assert isinstance(fight, Fight) and fight.hunters == ("godalming",)
    assert fight.night  # a combat at dusk counts as night


# -- What Are Hand Limits ------------------------------------------------------------------

def test_hand_limits_most_hunters_three_dr_seward_four_dracula_four_events() -> None:
    state = started()
    rules = state.rules
    assert [rules.hunters[h].item_limit for h in rules.hunters] == [3, 4, 3, 3]
    assert rules.dracula.event_limit == 4
    state.hunters["godalming"].items = ["knife", "rifle", "pistol"]
    for item in ("knife", "rifle", "pistol"):
        state.item_deck.cards.remove(item)
    state.item_deck.cards += ["stake", "stake"]  # Lord Godalming draws two
    state.hunters["godalming"].location = "paris"  # a large city
    act(state, "godalming", SUPPLY)
    assert state.current_seats() == ("godalming",)
    assert Discard("stake") in state.legal_actions("godalming")
    act(state, "godalming", Discard("knife"))
    assert state.current_seats() == ("godalming",)  # still four: one more
    act(state, "godalming", Discard("stake"))
    assert sorted(state.hunters["godalming"].items) == ["pistol", "rifle", "stake"]


# -- Ticket Tokens -------------------------------------------------------------------------

def test_ticket_tokens_white_value_on_white_rails_yellow_value_with_any_yellow() -> None:
    board = started().board
    # Paris-Brussels-Cologne-Berlin are white railways; Marseilles-Milan is yellow.
    assert "berlin" in board.rail_journeys("paris", 3, 0)
    assert "milan" not in board.rail_journeys("paris", 3, 0)  # no yellow number: no yellow rail
    assert "milan" in board.rail_journeys("paris", 1, 2)
    assert "milan" not in board.rail_journeys("paris", 3, 1)  # two railways, one of them yellow


def test_ticket_tokens_spending_one_moves_the_hunter_and_returns_it_face_down() -> None:
    state = started()
    state.hunters["godalming"].tickets = ["ticket_3_2"]
    state.tickets.remove("ticket_3_2")
    state.invalidate()
    act(state, "godalming", Move("berlin", "rail", "ticket_3_2"))
    assert state.hunters["godalming"].location == "berlin"
    assert state.hunters["godalming"].tickets == [] and "ticket_3_2" in state.tickets


def test_ticket_tokens_a_hunter_holds_at_most_two() -> None:
    state = started()
    seward = state.hunters["seward"]
    state.stack[-1] = HunterTurns(night=False, index=1)
    seward.tickets = ["ticket_1", "ticket_2_2"]
    for t in seward.tickets:
        state.tickets.remove(t)
    state.invalidate()
    assert ReserveTicket() not in state.legal_actions("seward")
    act(state, "seward", ReserveTicket("ticket_1"))
    assert len(seward.tickets) == 2 and "ticket_1" in state.tickets + seward.tickets


# -- Maturing Encounters -------------------------------------------------------------------

def test_maturing_the_hideout_on_the_sixth_space_matures_when_the_trail_slides() -> None:
    state = started(dracula="berlin")
    trail_of(state, "berlin", "hamburg", "cologne", "amsterdam", "brussels", "paris")
    state.trail[5].add_encounter("rats")
    state.encounter_deck.cards.remove("rats")
    _pass_until(state, type(state.stack[0]))  # the Dracula phase
    act(state, "dracula", MoveTo("leipzig"))
    assert [h.card for h in state.trail][:1] == ["leipzig"] or state.current_seats()
    options = state.legal_actions("dracula")
    assert options and all(a.TYPE == "mature" for a in options)


# -- Finding The Trail, Ambushing, Search Action -------------------------------------------

def test_finding_the_trail_a_hunter_ending_on_a_hideout_reveals_its_card() -> None:
    state = started(dracula="berlin")
    trail_of(state, "berlin", "brussels")
    state.hunters["godalming"].location = "paris"
    state.invalidate()
    act(state, "godalming", Move("brussels", "road"))
    assert state.trail[1].revealed
    assert any("Brussels is on Dracula's trail" in t for t in public_texts(state))


def test_ambushing_dracula_may_ambush_or_let_the_encounter_wait() -> None:
    state = started(dracula="berlin")
    trail_of(state, "berlin", "brussels")
    state.trail[1].add_encounter("rats")
    state.encounter_deck.cards.remove("rats")
    state.hunters["godalming"].location = "paris"
    state.invalidate()
    act(state, "godalming", Move("brussels", "road"))
    assert state.current_seats() == ("dracula",)
    assert state.legal_actions("dracula") == [Ambush(0), PASS]
    act(state, "dracula", PASS)
    assert state.trail[1].encounters == ["rats"]  # it stays in the hideout


def test_ambushing_resolves_the_encounter_against_the_hunter() -> None:
    state = started(dracula="berlin")
    trail_of(state, "berlin", "brussels")
    state.trail[1].add_encounter("rats")
    state.encounter_deck.cards.remove("rats")
    state.hunters["godalming"].location = "paris"
    state.invalidate()
    act(state, "godalming", Move("brussels", "road"))
    act(state, "dracula", Ambush(0))
    assert state.hunters["godalming"].damage == 2  # Rats


def test_search_action_resolves_every_encounter_of_the_hideout() -> None:
    state = started(dracula="berlin", hunters=("brussels", "madrid", "rome", "vienna"))
    trail_of(state, "berlin", "brussels")
    state.trail[1].revealed = True  # he knows the hideout is here
    for encounter in ("rats", "hoax"):
        state.trail[1].add_encounter(encounter)
        state.encounter_deck.cards.remove(encounter)
    state.invalidate()
    act(state, "godalming", SEARCH)
    act(state, "godalming", PASS)  # no Pistol or Rifle to show the Rats
    hunter = state.hunters["godalming"]
    assert hunter.damage == 2 and hunter.delayed  # Rats, then the Hoax
    assert state.trail[1].encounters == ["rats"]  # the Rats go back face up
    assert state.trail[1].shown == [True]


# -- Revealing Dracula ---------------------------------------------------------------------

def test_revealing_dracula_a_hunter_ending_in_his_city_reveals_him() -> None:
    state = started(dracula="brussels")
    act(state, "godalming", Move("brussels", "road"))
    assert state.dracula.revealed
    assert state.observation("seward")["dracula"]["location"] == "brussels"


def test_revealing_dracula_never_at_sea() -> None:
    state = started(dracula="berlin")
    trail_of(state, "north_sea", "hamburg")
    state.hunters["godalming"].location = "amsterdam"
    state.invalidate()
    act(state, "godalming", Move("north_sea", "sea"))
    assert not state.dracula.revealed


# -- Damage, Bitten Hunters ----------------------------------------------------------------

def test_damage_a_hunter_at_his_health_is_defeated_and_rage_advances_influence() -> None:
    from fury_modern.health import hurt_hunter

    state = started()
    state.despair = 2
    hurt_hunter(state, "van_helsing", 8, "a test")
    assert state.hunters["van_helsing"].defeated
    assert state.influence == 2 + 2


@pytest.mark.parametrize(("seat", "bites_to_defeat"), [("mina", 1), ("van_helsing", 3),
                                                      ("godalming", 2), ("seward", 2)])
def test_bitten_hunters_defeated_at_the_bite_with_no_space(seat: str,
                                                            bites_to_defeat: int) -> None:
    from fury_modern.health import bite_hunter, weakened

    state = started()
    for _ in range(bites_to_defeat - 1):
        bite_hunter(state, seat, "a test")
        assert weakened(state, seat) and not state.hunters[seat].defeated
    bite_hunter(state, seat, "a test")
    assert state.hunters[seat].defeated


def test_bitten_hunters_mina_is_permanently_weakened() -> None:
    from fury_modern.health import weakened

    state = started()
    assert weakened(state, "mina") and not weakened(state, "godalming")


def test_damage_a_defeated_hunter_goes_to_the_nearest_hospital_at_dawn_without_cards() -> None:
    from fury_modern.health import hurt_hunter

    state = started()
    state.hunters["seward"].items = ["knife"]
    state.item_deck.cards.remove("knife")
    state.hunters["seward"].location = "lisbon"
    hurt_hunter(state, "seward", 9, "a test")
    _pass_until(state, HunterTurns, night=False, index=0)
    while state.hunters["seward"].location == "lisbon":
        seat = state.current_seats()[0]
        act(state, seat, state.legal_actions(seat)[0])
    hunter = state.hunters["seward"]
    assert hunter.location == "madrid_hospital" and not hunter.defeated
    assert hunter.items == [] and hunter.damage == 0 and "knife" in state.item_deck.discards


def test_damage_dracula_defeated_the_hunters_win() -> None:
    from fury_modern.health import hurt_dracula

    state = started()
    hurt_dracula(state, 15, "a test")
    assert state.outcome is not None and state.outcome.winners == (
        "godalming", "seward", "van_helsing", "mina")


# -- Special Locations ---------------------------------------------------------------------

def test_castle_dracula_a_hunter_there_cannot_supply_or_reserve_a_ticket() -> None:
    state = started(hunters=("klausenburg", "madrid", "rome", "vienna"))
    state.hunters["godalming"].location = "castle_dracula"
    state.invalidate()
    legal = state.legal_actions("godalming")
    assert SUPPLY not in legal and not any(isinstance(a, ReserveTicket) for a in legal)


def test_castle_dracula_its_card_heals_five_damage() -> None:
    state = started(dracula="klausenburg", hunters=("paris", "madrid", "rome", "london"))
    state.dracula.damage = 7
    _pass_until(state, type(state.stack[0]))
    act(state, "dracula", MoveTo("castle_dracula"))
    assert state.dracula.damage == 2
    assert any("Castle Dracula card" in t for t in public_texts(state))


def test_hospitals_supply_draws_only_items_and_by_day_a_move_into_the_city() -> None:
    state = started()
    state.hunters["godalming"].location = "rome_hospital"
    state.invalidate()
    legal = state.legal_actions("godalming")
    assert Move("rome", "hospital") in legal
    assert not any(isinstance(a, Move) and a.to != "rome" for a in legal)
    events_before = len(state.event_deck.cards)
    act(state, "godalming", SUPPLY)
    assert len(state.event_deck.cards) == events_before  # no event card at a hospital
    assert len(state.hunters["godalming"].items) == 2  # Lord Godalming draws two items


def test_hospitals_equidistant_dracula_chooses() -> None:
    from fury_modern.round import HospitalChoice

    state = started()
    equal = [c for c in state.board.cities
             if len(state.board.nearest_hospitals(c)) > 1]
    assert equal, "some city is as near to two hospitals"
    state.hunters["mina"].location = equal[0]
    state.hunters["mina"].defeated = True
    state.stack.append(Twilight(dusk=False))
    state.invalidate()
    from gothic_kernel.decisions import settle

    settle(state)
    top = state.stack[-1]
    assert isinstance(top, HospitalChoice)
    act(state, "dracula", ChooseHospital(top.hospitals[1]))
    assert state.hunters["mina"].location == top.hospitals[1]


# -- Event And Encounter Tokens ------------------------------------------------------------

def test_fog_no_search_and_no_move_into_or_out_of_the_city() -> None:
    state = started(hunters=("paris", "madrid", "rome", "vienna"))
    state.tokens.fog["brussels"] = 1
    state.invalidate()
    assert Move("brussels", "road") not in state.legal_actions("godalming")
    state.tokens.fog = {"paris": 1}
    state.invalidate()
    assert not any(isinstance(a, Move) for a in state.legal_actions("godalming"))


def test_fog_one_token_leaves_each_city_at_the_end_of_dusk() -> None:
    state = started()
    state.tokens.fog = {"paris": 2, "rome": 1}
    _pass_until(state, HunterTurns, night=True)
    assert state.tokens.fog == {"paris": 1}


def test_storm_no_hunter_moves_into_the_sea_zone() -> None:
    state = started(hunters=("lisbon", "madrid", "rome", "vienna"))
    state.tokens.storms = ["atlantic_ocean"]
    state.invalidate()
    assert Move("atlantic_ocean", "sea") not in state.legal_actions("godalming")


def test_roadblock_no_hunter_moves_along_it() -> None:
    state = started()
    state.tokens.roadblocks = [["road", "brussels", "paris"]]
    state.invalidate()
    assert Move("brussels", "road") not in state.legal_actions("godalming")
    assert Move("le_havre", "road") in state.legal_actions("godalming")


def test_heavenly_host_dracula_cannot_enter_and_it_leaves_at_dawn() -> None:
    from fury_modern.dracula import destinations

    state = started(dracula="berlin")
    state.tokens.hosts = ["hamburg"]
    assert "hamburg" not in destinations(state)
    _pass_until(state, HunterTurns, night=False, index=0)
    while state.rounds < 2:
        seat = state.current_seats()[0]
        act(state, seat, state.legal_actions(seat)[0])
    assert state.tokens.hosts == []


def test_dracula_phase_no_encounter_at_sea() -> None:
    state = started(dracula="hamburg")
    _pass_until(state, type(state.stack[0]))
    act(state, "dracula", MoveTo("north_sea"))
    assert state.trail[0].card == "north_sea" and state.trail[0].encounters == []
    assert not any(isinstance(a, PlaceEncounter) for a in state.legal_actions("dracula"))
    assert state.dracula.damage == 0  # a port to a sea zone costs nothing


def test_rest_recovers_one_damage() -> None:
    state = started()
    state.hunters["godalming"].damage = 3
    act(state, "godalming", REST)
    assert state.hunters["godalming"].damage == 2


def test_the_conformance_kit_passes() -> None:
    from gothic_kernel.testing import check_game

    from .helpers import GAME

    check_game(GAME, seeds=range(2), every=4)
    assert isinstance(gk.load_game, object)
