"""Every statement of the supplement outside item and event cards, as a test named after its
section (Fury of Dracula, modern rules supplement)."""

from __future__ import annotations

import pytest

import gothic_kernel as gk
from fury_modern.actions import (
    NO_CARD,
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


def test_ticket_tokens_a_third_ticket_handed_over_in_a_trade_forces_one_to_be_given_up() -> None:
    """At most two tickets held, "a third forcing a discard" (tickets.toml, [REF3], [SG],
    [DP]): a hunter handed a third in a trade gives one up, face down to the pool, his
    choice; the table learns that he gave one up, not which."""
    from fury_modern.actions import END_TRADE, Discard, Give, Trade

    state = started(hunters=("paris", "paris", "rome", "london"))
    state.hunters["godalming"].tickets = ["ticket_1", "ticket_2_2"]
    state.hunters["seward"].tickets = ["ticket_2_1", "ticket_3_2"]
    for t in ("ticket_1", "ticket_2_2", "ticket_2_1", "ticket_3_2"):
        state.tickets.remove(t)
    state.invalidate()
    act(state, "godalming", Trade("seward"))
    act(state, "godalming", Give("ticket_1", "seward"))
    act(state, "seward", END_TRADE)
    act(state, "godalming", END_TRADE)
    assert state.current_seats() == ("seward",)
    assert sorted(state.legal_actions("seward"), key=repr) == [
        Discard("ticket_1"), Discard("ticket_2_1"), Discard("ticket_3_2")]
    assert "give one up to the pool" in state.prompt("seward")
    act(state, "seward", Discard("ticket_3_2"))
    assert state.hunters["seward"].tickets == ["ticket_1", "ticket_2_1"]
    assert "ticket_3_2" in state.tickets and len(state.tickets) == 13
    assert isinstance(state.stack[-1], HunterTurns)
    assert "Dr. Seward gives up a ticket to the pool (ticket limit)." in public_texts(state)
    assert "3/2" not in " ".join(public_texts(state)[-2:])


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


def test_search_action_ruling_a_hunter_defeated_meets_no_more_of_its_encounters() -> None:
    """A ruling: the Wolves defeat Lord Godalming as he searches; a defeated hunter is out
    of play until dawn, so the New Vampire still to come is not fought: it goes back to the
    hideout as it lay (face down), unmet."""
    state = started(dracula="berlin", hunters=("brussels", "madrid", "rome", "vienna"))
    trail_of(state, "berlin", "brussels")
    state.trail[1].revealed = True
    for encounter in ("wolves", "new_vampire"):
        state.trail[1].add_encounter(encounter)
        if encounter in state.encounter_deck.cards:
            state.encounter_deck.take(encounter)
        else:
            state.dracula.encounters.remove(encounter)
    state.hunters["godalming"].damage = 8
    state.invalidate()
    act(state, "godalming", SEARCH)
    assert state.hunters["godalming"].defeated
    assert not _fighting(state)
    assert state.trail[1].encounters == ["new_vampire"] and state.trail[1].shown == [False]
    assert "New Vampire" not in " ".join(public_texts(state))
    assert state.current_seats() == ("seward",)


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


def test_hospitals_two_hunters_in_the_same_hospital_may_trade() -> None:
    """Special Locations - Hospitals names what a hunter there can do (Supply, items only;
    by day the move into the city) and forbids nothing: two hunters in the Rome hospital
    may trade, by day and by night."""
    from fury_modern.actions import Trade

    state = started()
    for seat in ("godalming", "seward"):
        state.hunters[seat].location = "rome_hospital"
    state.invalidate()
    assert Trade("seward") in state.legal_actions("godalming")
    state.stack[-1] = HunterTurns(night=True)
    state.invalidate()
    assert Trade("seward") in state.legal_actions("godalming")
    assert Trade("mina") not in state.legal_actions("godalming")


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


def test_fog_no_move_out_of_a_hospital_into_its_fogged_city() -> None:
    """Fog Token: hunters "cannot move ... in a way that would cause them to enter ... a
    city that contains a fog token": the move from a hospital into its city too."""
    state = started()
    state.hunters["godalming"].location = "rome_hospital"
    state.tokens.fog["rome"] = 1
    state.invalidate()
    assert Move("rome", "hospital") not in state.legal_actions("godalming")
    before = state.to_json()
    with pytest.raises(gk.IllegalAction, match="fog"):
        state.apply("godalming", Move("rome", "hospital"))
    assert state.to_json() == before
    state.tokens.fog.clear()
    state.invalidate()
    assert Move("rome", "hospital") in state.legal_actions("godalming")


def test_fog_token_no_more_than_the_four_of_the_box() -> None:
    """The box holds four fog tokens ([UBG], tracks.toml supply): an Unnatural Fog met in a
    port with three already on the board places one, not two; with four, none."""
    from fury_modern.encounters import Encounter, Met

    state = started(hunters=("lisbon", "madrid", "rome", "vienna"))
    state.tokens.fog = {"paris": 2, "rome": 1}
    for _ in range(2):  # both copies out of the deck or Dracula's hand, to be met
        if "unnatural_fog" in state.encounter_deck.cards:
            state.encounter_deck.take("unnatural_fog")
        else:
            state.dracula.encounters.remove("unnatural_fog")
    Encounter.of("unnatural_fog").meet(state, Met("unnatural_fog", "godalming", "lisbon"))
    assert state.tokens.fog == {"paris": 2, "rome": 1, "lisbon": 1}
    Encounter.of("unnatural_fog").meet(state, Met("unnatural_fog", "seward", "madrid"))
    assert "madrid" not in state.tokens.fog
    assert "No fog token is left to place in Madrid." in public_texts(state)


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


# -- Bitten Hunters: revealed cards --------------------------------------------------------

def _top_cards(state: ModernState, item: str, event: str) -> None:
    """Put ``item`` and ``event`` on top of their decks."""
    state.item_deck.take(item)
    state.item_deck.put_top(item)
    state.event_deck.take(event)
    state.event_deck.put_top(event)


def test_bitten_hunters_mina_keeps_an_item_and_an_event_revealed() -> None:
    from fury_modern.actions import Reveal

    state = started(hunters=("madrid", "rome", "vienna", "paris"))
    state.stack[-1] = HunterTurns(night=False, index=3)
    _top_cards(state, "knife", "money_trail")
    state.invalidate()
    act(state, "mina", SUPPLY)  # Paris is a large city: an event and an item
    assert "you are weakened - choose the item card you keep revealed" in state.prompt("mina")
    assert state.legal_actions("mina") == [Reveal("knife")]
    act(state, "mina", Reveal("knife"))
    act(state, "mina", Reveal("money_trail"))
    seen = state.observation("dracula")["hunters"]["mina"]
    assert (seen["revealed_item"], seen["revealed_event"]) == ("knife", "money_trail")
    assert "Mina Harker is weakened and keeps Knife revealed." in public_texts(state)


def test_bitten_hunters_a_bite_weakens_and_his_cards_are_revealed_after_the_combat() -> None:
    from fury_modern.actions import ChooseCombatCard, Reveal

    state = started(dracula="paris", hunters=("madrid", "rome", "vienna", "nantes"))
    godalming = state.hunters["godalming"]
    godalming.location, godalming.items = "paris", ["knife", "rifle"]
    for card in godalming.items:
        state.item_deck.take(card)
    state.dracula.revealed = True
    state.invalidate()
    _pass_until(state, Fight)
    fight = state.stack[-1]
    assert isinstance(fight, Fight)
    state.stack[-1] = Fight(True, ("godalming",), "paris", hand=("escape_as_mist", "fangs",
                                                                 "mesmerize", "plotting",
                                                                 "strength"),
                            hands={"godalming": ("punch", "dodge", "escape", "knife",
                                                 "rifle")})
    state.combat_deck.cards = [c for c in state.combat_deck.cards
                               if c not in ("escape_as_mist", "mesmerize")]
    state.invalidate()
    act(state, "godalming", ChooseCombatCard("dodge"))  # Dodge does not block Mesmerize
    act(state, "dracula", ChooseCombatCard("mesmerize"))  # mesmerized: Fangs bites at night
    act(state, "godalming", ChooseCombatCard("escape"))
    act(state, "dracula", ChooseCombatCard("fangs"))
    assert godalming.bites == 1 and not any(isinstance(d, Fight) for d in state.stack)
    assert state.current_seats() == ("godalming",)
    assert state.legal_actions("godalming") == [Reveal("knife"), Reveal("rifle")]
    act(state, "godalming", Reveal("rifle"))
    assert state.observation("seward")["hunters"]["godalming"]["revealed_item"] == "rifle"


def test_bitten_hunters_the_revealed_item_is_hidden_during_combat() -> None:
    state = started(dracula="paris", hunters=("madrid", "rome", "vienna", "nantes"))
    mina = state.hunters["mina"]
    mina.location, mina.items, mina.revealed_item = "paris", ["knife"], "knife"
    state.item_deck.take("knife")
    state.dracula.revealed = True
    state.invalidate()
    assert state.observation("dracula")["hunters"]["mina"]["revealed_item"] == "knife"
    _pass_until(state, Fight)
    assert state.observation("dracula")["hunters"]["mina"]["revealed_item"] == ""


def test_bitten_hunters_a_revealed_card_discarded_is_replaced_by_another() -> None:
    from fury_modern.actions import Reveal
    from fury_modern.hands import OverLimit

    state = started(hunters=("madrid", "rome", "vienna", "paris"))
    mina = state.hunters["mina"]
    mina.items, mina.revealed_item = ["knife", "pistol", "rifle", "stake"], "knife"
    for card in mina.items:
        state.item_deck.take(card)
    state.stack.append(OverLimit("mina", "item"))
    state.invalidate()
    act(state, "mina", Discard("knife"))
    assert mina.revealed_item == ""
    assert state.legal_actions("mina") == [Reveal("pistol"), Reveal("rifle"), Reveal("stake")]


# -- Dawn And Dusk, more -------------------------------------------------------------------

def _dawn(state: ModernState) -> None:
    """Dawn now, on top of the day's hunter turns (the first round has none of its own)."""
    from gothic_kernel.decisions import settle

    state.time = 1  # Monday night: dawn moves the marker to Tuesday day
    state.stack.append(Twilight(dusk=False))
    state.invalidate()
    settle(state)


def test_dawn_and_dusk_a_combat_at_dawn_counts_as_day() -> None:
    state = started(dracula="berlin")
    state.dracula.revealed = True
    state.hunters["godalming"].location = "berlin"
    _dawn(state)
    fight = state.stack[-1]
    assert isinstance(fight, Fight) and not fight.night and fight.hunters == ("godalming",)


def test_dawn_and_dusk_the_fury_of_dracula_once_three_despair_tokens_are_placed() -> None:
    """The trigger is the supplement's; the effect (influence +1 at each dawn) is authored."""
    state = started()
    state.despair = 2
    _dawn(state)
    assert state.influence == 0
    state.despair = 3
    _dawn(state)
    assert state.influence == 1
    assert any("The Fury of Dracula" in t for t in public_texts(state))


# -- What Are Hand Limits, more --------------------------------------------------------------

def _bottom(state: ModernState, card: str) -> None:
    state.event_deck.take(card)
    state.event_deck.cards.insert(0, card)


def test_hand_limits_dracula_holds_at_most_four_event_cards() -> None:
    state = started(hunters=("madrid", "rome", "vienna", "london"))
    events = state.rules.events  # kept cards: none is played when received
    dracula_events = [c for c in dict.fromkeys(state.event_deck.cards)
                      if events[c].owner == "dracula" and events[c].kept]
    for card in dracula_events[:4]:
        state.event_deck.take(card)
    state.dracula.events = dracula_events[:4]
    _bottom(state, dracula_events[4])  # a night Supply draws the bottom card
    state.stack[-1] = HunterTurns(night=True)
    state.invalidate()
    act(state, "godalming", SUPPLY)
    assert len(state.dracula.events) == 5 and state.current_seats() == ("dracula",)
    assert "more event cards than your limit of 4" in state.prompt("dracula")
    act(state, "dracula", Discard(dracula_events[0]))
    assert len(state.dracula.events) == 4


def test_hand_limits_a_hunter_over_his_event_limit_discards_one() -> None:
    state = started(hunters=("nantes", "rome", "vienna", "london"))  # Nantes: large; no matter
    hunter_events = [c for c in dict.fromkeys(state.event_deck.cards)
                     if state.rules.events[c].owner == "hunters"][:4]
    for card in hunter_events:
        state.event_deck.take(card)
    state.hunters["godalming"].events = hunter_events[:3]
    state.event_deck.put_top(hunter_events[3])
    state.invalidate()
    act(state, "godalming", SUPPLY)
    assert "more event cards than your limit of 3" in state.prompt("godalming")


# -- Table Talk ------------------------------------------------------------------------------

def test_table_talk_a_trade_is_secret_from_dracula_and_the_other_hunters() -> None:
    from fury_modern.actions import END_TRADE, Give, Trade

    state = started(hunters=("paris", "paris", "rome", "london"))
    godalming = state.hunters["godalming"]
    godalming.items, godalming.events = ["knife"], ["hired_scouts"]
    state.item_deck.take("knife")
    state.event_deck.take("hired_scouts")
    state.invalidate()
    act(state, "godalming", Trade("seward"))
    act(state, "godalming", Give("knife", "seward"))
    act(state, "seward", END_TRADE)
    act(state, "godalming", END_TRADE)
    assert state.hunters["seward"].items == ["knife"]
    partner = " ".join(e["text"] for e in state.log("seward"))
    assert "Lord Godalming shows Hired Scouts." in partner
    assert "Lord Godalming gives Dr. Seward Knife." in partner
    for outsider in ("dracula", "van_helsing", gk.PUBLIC):
        told = " ".join(e["text"] for e in state.log(outsider))
        assert "Knife" not in told and "Hired Scouts" not in told
        assert "Lord Godalming and Dr. Seward trade in private." in told
        assert "Lord Godalming hands Dr. Seward a card." in told


def test_table_talk_no_hunter_shows_cards_outside_a_trade() -> None:
    """Ruling: the engine has no way to show cards outside a trade (table talk that shows a
    card would show it to Dracula too): a hunter's hand is in no other seat's observation."""
    state = started()
    state.hunters["godalming"].items = ["knife"]
    state.item_deck.take("knife")
    for viewer in ("seward", "van_helsing", "mina", "dracula", gk.PUBLIC):
        assert "hand_items" not in state.observation(viewer)["hunters"]["godalming"]
    assert state.observation("godalming")["hunters"]["godalming"]["hand_items"] == ["knife"]


# -- Maturing Encounters, Vampire Encounters ------------------------------------------------

def _sixth_holds(encounter: str) -> ModernState:
    state = started(dracula="berlin", hunters=("madrid", "rome", "vienna", "london"))
    trail_of(state, "berlin", "hamburg", "cologne", "amsterdam", "brussels", "paris")
    state.trail[5].add_encounter(encounter)
    state.encounter_deck.cards.remove(encounter)
    _pass_until(state, type(state.stack[0]))
    act(state, "dracula", MoveTo("leipzig"))
    return state


def test_maturing_the_encounter_is_discarded_and_the_location_card_goes_back() -> None:
    from fury_modern.actions import Mature

    state = _sixth_holds("rats")
    assert state.legal_actions("dracula")[0] == Mature(effects=False)  # Rats: no matured effect
    act(state, "dracula", Mature(effects=False))
    assert "paris" not in [h.card for h in state.trail]
    assert state.encounter_deck.discards[-1] == "rats"


def test_vampire_encounters_a_matured_vampire_advances_influence_and_clears_hideouts() -> None:
    from fury_modern.actions import Mature

    state = _sixth_holds("new_vampire")
    act(state, "dracula", Mature(effects=True))
    assert state.influence == 3  # New Vampire (reconstructed: fidelity table)
    # the hideouts of trail spaces 4 to 6, as they lie after the slide, are cleared:
    assert [h.card for h in state.trail][:3] == ["leipzig", "berlin", "hamburg"]
    assert len(state.trail) == 3
    assert "new_vampire" in state.encounter_deck.discards


def test_maturing_a_matured_effect_without_reveal_the_location_leaves_the_card_unseen() -> None:
    """Maturing Encounters: Dracula "may resolve the matured effect ... Then, Dracula returns
    the location card in the hideout to the location deck" - no reveal. Only the matured
    effects that say "Reveal the location" (the vampires, the Szgany Mob, Unnatural Fog,
    Wolves) show it: Desecrated Soil heals him, and the hunters learn nothing of where the
    face-down card lay (it was shown to them as it left the trail)."""
    from fury_modern.actions import Mature

    state = _sixth_holds("desecrated_soil")
    state.dracula.damage = 5
    act(state, "dracula", Mature(effects=True))
    assert state.dracula.damage == 2  # the matured effect happened
    for viewer in (gk.PUBLIC, "mina"):
        assert "paris" not in str(state.log(viewer)).lower()
    assert "The hideout in Paris matures" in " ".join(e["text"] for e in state.log("dracula"))


def test_maturing_a_matured_effect_that_reveals_the_location_shows_the_card() -> None:
    from fury_modern.actions import Mature

    state = _sixth_holds("wolves")
    act(state, "dracula", Mature(effects=True))
    assert "The hideout in Paris matures: its card is revealed as it leaves the trail." in \
        public_texts(state)


def test_maturing_dracula_may_mature_any_of_the_encounter_cards_in_the_hideout() -> None:
    """Maturing: "Dracula may mature any of the encounter cards in that hideout by resolving
    the text in the 'Matured Effect' section on those cards": with Desecrated Soil and Wolves
    he may take the healing alone, and the Wolves (which would reveal the location) are
    discarded unmatured. He is asked about every encounter of the hideout."""
    from fury_modern.actions import Mature

    state = started(dracula="berlin", hunters=("madrid", "rome", "vienna", "london"))
    trail_of(state, "berlin", "hamburg", "cologne", "amsterdam", "brussels", "paris")
    for card in ("desecrated_soil", "wolves"):
        state.trail[5].add_encounter(card)
        state.encounter_deck.cards.remove(card)
    state.dracula.damage = 5
    _pass_until(state, type(state.stack[0]))
    act(state, "dracula", MoveTo("leipzig"))
    act(state, "dracula", Mature(effects=True))
    assert "Desecrated Soil" in state.prompt("dracula")
    assert [state.describe_action("dracula", x) for x in state.legal_actions("dracula")] == [
        "mature Desecrated Soil", "discard Desecrated Soil unmatured"]
    act(state, "dracula", Mature(effects=True))
    assert "Wolves" in state.prompt("dracula")
    act(state, "dracula", Mature(effects=False))
    assert state.dracula.damage == 2  # Desecrated Soil matured
    assert state.current_seats() == ("dracula",) and "encounter" in state.prompt("dracula")
    assert {"desecrated_soil", "wolves"} <= set(state.encounter_deck.discards)
    assert "paris" not in str(state.log(gk.PUBLIC)).lower()  # the Wolves did not reveal it


def test_maturing_dracula_picking_none_of_them_matures_nothing() -> None:
    from fury_modern.actions import Mature

    state = started(dracula="berlin", hunters=("madrid", "rome", "vienna", "london"))
    trail_of(state, "berlin", "hamburg", "cologne", "amsterdam", "brussels", "paris")
    for card in ("new_vampire", "rats"):
        state.trail[5].add_encounter(card)
        state.encounter_deck.cards.remove(card)
    _pass_until(state, type(state.stack[0]))
    act(state, "dracula", MoveTo("leipzig"))
    act(state, "dracula", Mature(effects=True))
    act(state, "dracula", Mature(effects=False))  # the New Vampire, unmatured
    assert state.legal_actions("dracula") == [Mature(effects=False)]  # Rats: no matured effect
    act(state, "dracula", Mature(effects=False))
    assert state.influence == 0 and len(state.trail) == 6  # nothing cleared


def test_roadblock_tokens_a_matured_saboteur_places_one_on_a_road_or_railway() -> None:
    from fury_modern.actions import Mature, Roadblock

    state = _sixth_holds("saboteur")
    act(state, "dracula", Mature(effects=True))
    offered = state.legal_actions("dracula")
    assert offered and all(isinstance(x, Roadblock) for x in offered)
    assert {x.kind for x in offered} == {"road", "rail"}
    act(state, "dracula", Roadblock("road", "berlin", "hamburg"))
    assert state.tokens.roadblocks == [["road", "berlin", "hamburg"]]


def test_roadblock_tokens_a_matured_saboteur_places_none_when_all_eight_lie_on_the_board() -> None:
    """The box holds eight roadblock tokens ([UBG]; tracks.toml): with all of them on the
    board the matured Saboteur has none to place (the Roadblock event already counted)."""
    from fury_modern.actions import Mature

    state = _sixth_holds("saboteur")
    roads = [x for x in state.board.links if x.kind == "road"][:8]
    state.tokens.roadblocks = [["road", x.a, x.b] for x in roads]
    state.invalidate()
    act(state, "dracula", Mature(effects=True))
    assert len(state.tokens.roadblocks) == 8
    assert "No roadblock token is left to place (the Saboteur matured)." in public_texts(state)
    assert "encounter" in state.prompt("dracula")  # his phase goes on


# -- Combat ------------------------------------------------------------------------------------

def _fight_mina(hand: tuple[str, ...], *, night: bool = True, items: tuple[str, ...] = (),
                deck_top: tuple[str, ...] = ()) -> ModernState:
    """Mina fights Dracula in Munich; he holds ``hand``; ``deck_top`` are his next draws."""
    from fury_modern.combat import start_fight

    state = started(seed=5)
    state.hunters["mina"].location = "munich"
    state.hunters["mina"].items = list(items)
    for item in items:
        state.item_deck.take(item)
    start_fight(state, ("mina",), "munich", night=night)
    if state.stack[-1].KIND == "card_window":  # she holds items: the combat start window
        state.stack[-1].apply(state, "mina", NO_CARD)
    fight = state.stack[-1]
    assert isinstance(fight, Fight)
    deck = [*state.combat_deck.cards, *fight.hand]
    for card in (*hand, *deck_top):
        deck.remove(card)
    state.combat_deck.cards = [*deck, *reversed(deck_top)]
    state.stack[-1] = Fight(night, ("mina",), "munich", hand=tuple(sorted(hand)),
                            hands={"mina": fight.hands["mina"]})
    state.invalidate()
    return state


def _round(state: ModernState, mine: str, his: str) -> None:
    from fury_modern.actions import ChooseCombatCard

    act(state, "mina", ChooseCombatCard(mine))
    act(state, "dracula", ChooseCombatCard(his))


def _fighting(state: ModernState) -> bool:
    return any(isinstance(d, Fight) for d in state.stack)


def test_combat_the_hunter_takes_punch_dodge_escape_and_only_cards_with_a_banner() -> None:
    state = _fight_mina(("claws", "fangs", "mesmerize", "plotting", "strength"),
                        items=("stake", "knife", "dogs"))
    from fury_modern.actions import ChooseCombatCard

    assert state.legal_actions("mina") == [ChooseCombatCard(c) for c in
                                           ("dodge", "escape", "knife", "punch")]
    assert len(state.hunters["mina"].items) == 3  # the combat cards are not in her hand


def test_combat_ends_when_dracula_has_played_six_combat_cards() -> None:
    state = _fight_mina(("claws", "mesmerize", "strength", "plotting", "fangs"),
                        deck_top=("mesmerize",))
    for mine, his in (("dodge", "claws"), ("punch", "mesmerize"), ("dodge", "strength"),
                      ("punch", "plotting"), ("dodge", "fangs")):
        _round(state, mine, his)
        assert _fighting(state)
    _round(state, "punch", "mesmerize")  # every card blocked: only Punch hurts him
    assert not _fighting(state) and state.dracula.damage == 3
    assert "Dracula has played six combat cards" in " ".join(public_texts(state))
    assert len(state.combat_deck.cards) == 13  # all his combat cards shuffled back


def test_combat_ends_when_dracula_wins_by_influence() -> None:
    state = _fight_mina(("claws", "fangs", "mesmerize", "plotting", "strength"))
    state.influence, state.hunters["mina"].damage = 11, 7
    _round(state, "punch", "claws")  # 4 damage at night: Mina defeated, Rage +2
    assert state.outcome is not None and state.outcome.winners == ("dracula",)
    assert state.influence == 13 and state.stack == []


def test_combat_ends_when_the_hunters_defeat_dracula() -> None:
    state = _fight_mina(("claws", "fangs", "mesmerize", "plotting", "strength"))
    state.dracula.damage = 14
    _round(state, "punch", "mesmerize")  # Punch blocks Mesmerize, then deals 1
    assert state.outcome is not None and state.outcome.winners == (
        "godalming", "seward", "van_helsing", "mina")


def test_combat_ends_when_every_hunter_in_it_has_escaped() -> None:
    state = _fight_mina(("claws", "fangs", "mesmerize", "plotting", "strength"))
    _round(state, "escape", "strength")  # Escape blocks Strength, then she leaves
    assert not _fighting(state)
    assert "no hunter is left in the combat" in " ".join(public_texts(state))


def test_combat_ends_when_a_bitten_hunter_leaves_it() -> None:
    state = _fight_mina(("claws", "fangs", "mesmerize", "plotting", "strength"))
    state.hunters["seward"].location = "munich"
    _round(state, "dodge", "mesmerize")
    _round(state, "escape", "fangs")  # a mesmerized Mina is bitten at night: defeated
    assert state.hunters["mina"].defeated and not _fighting(state)


# -- Fighting Vampires -------------------------------------------------------------------------

def _search_a_vampire(wounds: int) -> ModernState:
    state = started(dracula="berlin", hunters=("brussels", "madrid", "rome", "vienna"))
    trail_of(state, "berlin", "brussels")
    state.trail[1].revealed = True
    state.trail[1].add_encounter("new_vampire", shown=True, wounds=wounds)
    state.encounter_deck.cards.remove("new_vampire")
    state.invalidate()
    act(state, "godalming", SEARCH)
    fight = state.stack[-1]
    assert isinstance(fight, Fight) and fight.vampire == "new_vampire"
    assert fight.wounds == wounds and fight.hunters == ("godalming",)
    return state


def test_fighting_vampires_a_vampire_at_its_health_is_destroyed_and_discarded() -> None:
    from fury_modern.actions import ChooseCombatCard

    state = _search_a_vampire(5)
    act(state, "godalming", ChooseCombatCard("punch"))
    his = next(a for a in state.legal_actions("dracula")
               if a.card in ("mesmerize", "plotting"))  # type: ignore[attr-defined]
    act(state, "dracula", his)  # blocked by Punch, which deals the sixth damage
    assert not _fighting(state) and state.trail[1].encounters == []
    assert "new_vampire" in state.encounter_deck.discards


def test_fighting_vampires_a_vampire_destroyed_before_the_cards_fights_no_more() -> None:
    """Fighting Vampires: "If the total value of damage tokens on the vampire equal or
    exceeds its health value, that vampire is defeated and its encounter card is
    discarded": a Reckless Vampire (health 4) that Heroic Leap deals 5 as the combat
    starts plays no card against the hunter left in the combat."""
    from fury_modern.actions import NO_CARD, PlayCard
    from fury_modern.combat import start_fight

    state = started(dracula="prague", hunters=("berlin", "berlin", "rome", "vienna"))
    state.event_deck.take("heroic_leap")
    state.hunters["godalming"].events.append("heroic_leap")
    state.encounter_deck.take("reckless_vampire")
    start_fight(state, ("godalming", "seward"), "berlin", night=False,
                vampire="reckless_vampire")
    act(state, "godalming", PlayCard("heroic_leap"))
    while state.current_seats() and state.legal_actions(state.current_seats()[0]) and \
            NO_CARD in state.legal_actions(state.current_seats()[0]):
        act(state, state.current_seats()[0], NO_CARD)  # the rest of the combat-start window
    assert not _fighting(state)
    assert state.hunters["seward"].damage == 0
    assert "reckless_vampire" in state.encounter_deck.discards
    assert "The combat in Berlin ends: the Reckless Vampire is destroyed." in public_texts(state)


def test_fighting_vampires_a_vampire_alive_keeps_its_damage_on_its_card() -> None:
    from fury_modern.actions import ChooseCombatCard

    state = _search_a_vampire(2)
    act(state, "godalming", ChooseCombatCard("escape"))
    act(state, "dracula", state.legal_actions("dracula")[0])
    assert not _fighting(state)
    assert state.trail[1].encounters == ["new_vampire"] and state.trail[1].wounds[0] >= 2
    assert state.trail[1].shown == [True]


# -- Event And Encounter Tokens, more ------------------------------------------------------------

def test_bats_token_dracula_moves_the_hunter_at_his_next_action_and_removes_it() -> None:
    from fury_modern.actions import MoveHunter

    state = started(dracula="berlin")
    state.hunters["godalming"].bats = True
    state.invalidate()
    assert state.current_seats() == ("dracula",)
    assert MoveHunter("brussels") in state.legal_actions("dracula")  # a road from Paris
    assert MoveHunter("london") not in state.legal_actions("dracula")  # no road to London
    act(state, "dracula", MoveHunter("brussels"))
    hunter = state.hunters["godalming"]
    assert hunter.location == "brussels" and not hunter.bats
    assert state.current_seats() == ("seward",)  # that was his action


def test_host_tokens_consecrated_ground_reveals_the_hideout_and_bars_dracula() -> None:
    from fury_modern.dracula import destinations
    from fury_modern.tokens import place_holy_token

    state = started(dracula="berlin")
    trail_of(state, "berlin", "hamburg")
    state.trail[1].add_encounter("rats")
    state.encounter_deck.cards.remove("rats")
    place_holy_token(state, "hamburg", host=False)
    assert state.trail[1].revealed and state.trail[1].shown == [True]
    assert state.observation("mina")["trail"][1]["encounters"] == ["rats"]
    state.trail = state.trail[:1]  # Hamburg leaves the trail: still he may not enter it
    assert "hamburg" not in destinations(state)


def test_host_tokens_on_his_current_location_dracula_must_move() -> None:
    from fury_modern.dracula import move_options
    from fury_modern.tokens import place_holy_token

    state = started(dracula="berlin")
    place_holy_token(state, "berlin", host=True)
    assert state.dracula.must_leave and state.trail[0].revealed
    assert all(m.place != "berlin" for m in move_options(state))  # no Hide, no Feed
    assert state.tokens.hosts == ["berlin"]


def test_fog_token_dracula_may_avoid_a_combat_in_a_fogged_city() -> None:
    from fury_modern.actions import AvoidCombat

    state = started(dracula="berlin")
    state.dracula.revealed = True
    state.hunters["godalming"].location = "berlin"
    state.tokens.fog = {"berlin": 1}
    state.invalidate()
    _pass_until(state, type(state.stack[-1]))  # the hunters pass until dusk asks him
    for _ in range(10):
        if state.current_seats() == ("dracula",) and \
                AvoidCombat(True) in state.legal_actions("dracula"):
            break
        seat = state.current_seats()[0]
        act(state, seat, PASS if PASS in state.legal_actions(seat) else
            state.legal_actions(seat)[0])
    act(state, "dracula", AvoidCombat(True))
    assert not _fighting(state)
    assert "Dracula avoids the combat in the fog over Berlin." in public_texts(state)


def test_fog_token_no_search_in_a_fogged_city() -> None:
    state = started(dracula="berlin", hunters=("brussels", "madrid", "rome", "vienna"))
    trail_of(state, "berlin", "brussels")
    state.trail[1].revealed = True
    state.trail[1].add_encounter("rats")
    state.encounter_deck.cards.remove("rats")
    state.invalidate()
    assert SEARCH in state.legal_actions("godalming")
    state.tokens.fog = {"brussels": 1}
    state.invalidate()
    assert SEARCH not in state.legal_actions("godalming")


def test_roadblock_tokens_a_railway_blocked_and_dracula_removes_one_at_dusk() -> None:
    from fury_modern.actions import Roadblock

    state = started()
    state.hunters["godalming"].tickets = ["ticket_3_2"]
    state.tickets.remove("ticket_3_2")
    state.tokens.roadblocks = [["rail", "brussels", "paris"], ["road", "le_havre", "paris"]]
    state.invalidate()
    assert Move("brussels", "rail", "ticket_3_2") not in state.legal_actions("godalming")
    assert Move("le_havre", "road") not in state.legal_actions("godalming")
    _pass_until(state, type(state.stack[-1]))
    while not (state.current_seats() == ("dracula",)
               and isinstance(state.legal_actions("dracula")[0], Roadblock)):
        seat = state.current_seats()[0]
        act(state, seat, PASS)
    act(state, "dracula", Roadblock("rail", "brussels", "paris", remove=True))
    assert state.tokens.roadblocks == [["road", "le_havre", "paris"]]


def test_storm_tokens_dracula_removes_one_at_the_end_of_dusk() -> None:
    from fury_modern.actions import RemoveStorm

    state = started()
    state.tokens.storms = ["north_sea", "black_sea"]
    state.invalidate()
    while not (state.current_seats() == ("dracula",)
               and isinstance(state.legal_actions("dracula")[0], RemoveStorm)):
        act(state, state.current_seats()[0], PASS)
    act(state, "dracula", RemoveStorm("black_sea"))
    assert state.tokens.storms == ["north_sea"]


# -- Special Locations, more ---------------------------------------------------------------------

def test_castle_dracula_its_card_has_a_different_back() -> None:
    state = started(dracula="klausenburg", hunters=("paris", "madrid", "rome", "london"))
    _pass_until(state, type(state.stack[0]))
    act(state, "dracula", MoveTo("castle_dracula"))
    seen = state.observation("mina")["trail"][0]
    assert seen["card"] is None and seen["castle_back"]
    assert not state.observation("mina")["trail"][1]["castle_back"]


# -- Rulings where the supplement is silent (docs/fury_modern.md, Rulings) ----------------------

def test_ruling_hunters_do_not_move_by_night_and_act_not_at_all_at_sea() -> None:
    state = started(hunters=("paris", "madrid", "rome", "vienna"))
    state.hunters["seward"].location = "bay_of_biscay"
    state.stack[-1] = HunterTurns(night=True)
    state.invalidate()
    assert not any(isinstance(a, Move) for a in state.legal_actions("godalming"))
    act(state, "godalming", PASS)
    assert state.current_seats() == ("van_helsing",)  # Seward, at sea, takes no action


def test_ruling_lord_godalming_reserves_two_tickets_giving_up_what_he_must() -> None:
    state = started()
    godalming = state.hunters["godalming"]
    godalming.tickets = ["ticket_1"]
    state.tickets.remove("ticket_1")
    state.invalidate()
    assert state.legal_actions("godalming").count(ReserveTicket()) == 1
    pool = len(state.tickets)
    act(state, "godalming", ReserveTicket())
    assert len(godalming.tickets) == 2 and len(state.tickets) == pool - 1
    assert "Lord Godalming reserves 2 tickets, giving up 1 first." in public_texts(state)


@pytest.mark.parametrize("fourth_edition", [False, True])
def test_revealing_dracula_moving_into_a_hunters_city_reveals_him_as_an_option(
        fourth_edition: bool) -> None:
    """The fourth edition's second case ([CLAR4]) is the option ``reveal_on_entering``."""
    state = started(dracula="berlin", hunters=("hamburg", "madrid", "rome", "london"),
                    reveal_on_entering=fourth_edition)
    _pass_until(state, type(state.stack[0]))
    act(state, "dracula", MoveTo("hamburg"))
    assert state.dracula.revealed is fourth_edition
    assert (state.observation("seward")["dracula"]["location"] == "hamburg") is fourth_edition


def test_castle_dracula_its_card_heals_five_by_wolf_form_too() -> None:
    # Special Locations: "When Dracula places this card on the trail, he heals five damage",
    # and its back is unlike the others however it is placed.
    state = started(dracula="klausenburg", hunters=("paris", "madrid", "rome", "london"))
    state.dracula.damage = 8
    _pass_until(state, type(state.stack[0]))
    act(state, "dracula", MoveTo("castle_dracula", "wolf_form"))
    assert state.dracula.damage == 8 + 1 - 5  # Wolf Form costs 1
    assert "Dracula plays the Castle Dracula card (its back is unlike the others)." \
        in public_texts(state)
    assert state.observation("mina")["trail"][0]["castle_back"]


def test_castle_dracula_its_card_heals_five_when_he_flies_there_as_a_bat() -> None:
    from fury_modern.combat import fly_off

    state = started(dracula="klausenburg", hunters=("paris", "madrid", "rome", "london"))
    state.dracula.damage = 8
    fly_off(state, "castle_dracula")
    assert state.trail[0].card == "castle_dracula" and state.dracula.damage == 3
    assert state.observation("mina")["trail"][0]["castle_back"]


def test_ruling_a_hunter_at_sea_with_every_way_closed_stays_there() -> None:
    # Fog Token and Storm Tokens close every way out of the Bay of Biscay: he must move on,
    # but cannot, so the one action left is to stay (ruling in docs/fury_modern.md).
    state = started(hunters=("paris", "madrid", "rome", "vienna"))
    state.hunters["godalming"].location = "bay_of_biscay"
    state.tokens.storms.append("atlantic_ocean")
    for city in ("bordeaux", "nantes", "santander"):
        state.tokens.fog[city] = 1
    state.invalidate()
    assert state.legal_actions("godalming") == [PASS]
    act(state, "godalming", PASS)
    assert state.hunters["godalming"].location == "bay_of_biscay"
    assert state.current_seats() == ("seward",)


def test_bats_token_not_along_a_roadblocked_road() -> None:
    from fury_modern.actions import MoveHunter

    state = started(dracula="berlin")
    state.hunters["godalming"].bats = True
    state.tokens.roadblocks.append(["road", "brussels", "paris"])
    state.invalidate()
    legal = state.legal_actions("dracula")
    assert MoveHunter("brussels") not in legal  # "cannot travel along a road" with one
    assert MoveHunter("le_havre") in legal


def test_ruling_a_hunter_sharing_draculas_city_fights_him_only_once_he_is_revealed() -> None:
    """Dawn And Dusk: "fight Dracula if he is revealed"; Combat's "If a hunter is on the same
    city as Dracula at dawn or dusk" is read with it (ruling in docs/fury_modern.md). Having
    moved unseen into a hunter's city (third edition), he is not fought at the next dawn."""
    state = started(dracula="berlin", hunters=("hamburg", "madrid", "rome", "london"))
    _pass_until(state, type(state.stack[0]))
    act(state, "dracula", MoveTo("hamburg"))
    while "dracula" in state.current_seats():
        act(state, "dracula", state.legal_actions("dracula")[0])
    assert state.dracula_location == "hamburg" and not state.dracula.revealed
    assert isinstance(state.stack[-1], HunterTurns)  # dawn has passed
    assert not any(isinstance(d, Fight) for d in state.stack)
    assert not any(e["kind"] == "combat" for e in state.log("dracula"))
