"""Event cards played for their effects (fury_modern.cards, fury_modern.hunter_events,
fury_modern.dracula_events): each card played through ``apply``, its effect, its timing
window, and what each seat sees."""

from __future__ import annotations

import pytest

from fury_modern.actions import (
    NO_CARD,
    PASS,
    REST,
    SUPPLY,
    ChooseHunter,
    ChooseMode,
    ChoosePlace,
    Discard,
    Keep,
    Move,
    MoveTo,
    PlaceEncounter,
    PlayCard,
    Reveal,
)
from fury_modern.cards import CardStep, CardWindow, Timing
from fury_modern.combat import Fight, start_fight
from fury_modern.dracula import DraculaPhase
from fury_modern.invariants import decision_problems, problems_of
from fury_modern.round import HunterTurns, Twilight
from fury_modern.state import Hideout, ModernState
from gothic_kernel.decisions import settle
from gothic_kernel.errors import IllegalAction

from .helpers import act, public_texts, started, trail_of


def _top_event(state: ModernState, card: str) -> None:
    state.event_deck.take(card)
    state.event_deck.put_top(card)


def _give(state: ModernState, seat: str, *cards: str) -> None:
    """Hand ``cards`` to a hunter (or Dracula) from the decks."""
    for card in cards:
        if card in state.rules.items:
            state.item_deck.take(card)
            state.hunters[seat].items.append(card)
        else:
            state.event_deck.take(card)
            hand = state.dracula.events if seat == "dracula" else state.hunters[seat].events
            hand.append(card)
    state.invalidate()


def _texts(state: ModernState, viewer: str) -> str:
    return " ".join(e["text"] for e in state.log(viewer))


def _window(state: ModernState) -> CardWindow:
    top = state.stack[-1]
    assert isinstance(top, CardWindow)
    return top


# -- the mechanism --------------------------------------------------------------------------------

def test_an_event_drawn_opens_the_immediately_window_whatever_it_is() -> None:
    """A kept card with no immediate use: its drawer is asked all the same, and offered only
    to play no card (being asked tells Dracula nothing)."""
    state = started()
    _top_event(state, "money_trail")
    act(state, "godalming", SUPPLY)
    window = _window(state)
    assert window.timing is Timing.IMMEDIATELY and state.current_seats() == ("godalming",)
    assert state.legal_actions("godalming") == [NO_CARD]
    assert "Money Trail" not in _texts(state, "dracula")
    act(state, "godalming", NO_CARD)
    assert state.current_seats() == ("seward",)


def test_the_combat_start_window_asks_every_fighter_holding_a_card_in_turn() -> None:
    state = started(dracula="prague", hunters=("berlin", "berlin", "rome", "berlin"))
    _give(state, "godalming", "escape_route")
    _give(state, "seward", "money_trail")  # holds an event that does not fit: asked anyway
    start_fight(state, ("godalming", "seward", "mina"), "berlin", night=False)
    window = _window(state)
    assert window.timing is Timing.COMBAT_START
    assert window.seats == ("godalming", "seward")  # Mina holds no card: not asked
    assert state.legal_actions("godalming") == [NO_CARD, PlayCard("escape_route")]
    act(state, "godalming", NO_CARD)
    assert state.legal_actions("seward") == [NO_CARD]
    act(state, "seward", NO_CARD)
    assert isinstance(state.stack[-1], Fight)  # all passed in a row: the combat goes on


# -- hunter events played at once -----------------------------------------------------------------

def test_local_rumors_is_played_when_drawn_and_reveals_the_hideouts_next_door() -> None:
    state = started()  # Godalming in Paris
    trail_of(state, "berlin", "strasbourg", "brussels")
    _top_event(state, "local_rumors")
    act(state, "godalming", SUPPLY)
    assert "local_rumors" not in state.hunters["godalming"].events
    assert state.event_deck.discards[-1] == "local_rumors"
    assert [h.revealed for h in state.trail] == [False, True, True]
    public = " ".join(public_texts(state))
    assert "Lord Godalming plays Local Rumors." in public
    assert "None of Clermont-Ferrand, Geneva, Le Havre, Nantes is on Dracula's trail." in public
    assert state.observation("seward")["trail"][1]["card"] == "strasbourg"


def test_a_supply_is_told_before_the_card_it_drew_is_played() -> None:
    """Supply then play: the account reads "supplies: Local Rumors, played at once" before
    "plays Local Rumors" and what the card revealed."""
    state = started()
    trail_of(state, "berlin", "strasbourg", "brussels")
    _top_event(state, "local_rumors")
    act(state, "godalming", SUPPLY)
    public = public_texts(state)
    told = [i for i, text in enumerate(public)
            if text.startswith("Lord Godalming supplies: Local Rumors, played at once")]
    assert told and public.index("Lord Godalming plays Local Rumors.") == told[0] + 1


def test_hired_scouts_name_two_cities_and_a_card_on_the_trail_is_revealed() -> None:
    state = started()
    trail_of(state, "berlin", "hamburg")
    _top_event(state, "hired_scouts")
    act(state, "godalming", SUPPLY)
    top = state.stack[-1]
    assert isinstance(top, CardStep) and top.card == "hired_scouts"
    assert "name a city" in state.prompt("godalming")
    act(state, "godalming", ChoosePlace("hamburg"))
    assert ChoosePlace("hamburg") not in state.legal_actions("godalming")
    act(state, "godalming", ChoosePlace("madrid"))
    assert state.trail[1].revealed and not state.trail[0].revealed
    public = public_texts(state)
    assert "Madrid is not on Dracula's trail." in public
    assert "Lord Godalming names Hamburg." in public


def test_newspaper_reports_at_once_reveal_trail_space_3() -> None:
    state = started()
    trail_of(state, "berlin", "hamburg", "cologne")
    _top_event(state, "newspaper_reports")
    act(state, "godalming", SUPPLY)
    assert state.legal_actions("godalming") == [NO_CARD, PlayCard("newspaper_reports")]
    act(state, "godalming", PlayCard("newspaper_reports"))
    assert state.trail[2].revealed and not state.trail[1].revealed
    assert state.event_deck.discards[-1] == "newspaper_reports"


def test_newspaper_reports_kept_for_dawn_reveal_trail_space_5_or_6() -> None:
    state = started()
    trail_of(state, "berlin", "hamburg", "cologne", "amsterdam", "brussels", "paris")
    _give(state, "mina", "newspaper_reports")
    state.time = 1  # night: the next twilight is a dawn
    state.stack[:] = [Twilight(dusk=False)]
    settle(state)
    window = _window(state)
    assert window.timing is Timing.AT_DAWN and window.seats == ("mina",)
    act(state, "mina", PlayCard("newspaper_reports"))
    assert state.legal_actions("mina") == [ChooseMode("trail_space_5"),
                                           ChooseMode("trail_space_6")]
    act(state, "mina", ChooseMode("trail_space_6"))
    assert state.trail[5].revealed and not state.trail[4].revealed
    assert "Paris is on Dracula's trail" in " ".join(public_texts(state))


# -- allies ---------------------------------------------------------------------------------------

def test_jonathan_harker_asks_which_effect_and_as_an_ally_reveals_trail_space_6() -> None:
    state = started()
    trail_of(state, "berlin", "hamburg", "cologne", "amsterdam", "brussels", "strasbourg")
    _top_event(state, "jonathan_harker")
    act(state, "godalming", SUPPLY)
    assert state.legal_actions("godalming") == [ChooseMode("search"), ChooseMode("ally")]
    act(state, "godalming", ChooseMode("ally"))
    assert state.hunter_ally == "jonathan_harker"
    assert state.observation("dracula")["hunter_ally"] == "jonathan_harker"
    state.stack[:] = [DraculaPhase()]  # straight to Dracula's phase
    state.invalidate()
    act(state, "dracula", MoveTo("leipzig"))
    while "dracula" in state.current_seats() and state.stack[-1].KIND == "maturing":
        act(state, "dracula", state.legal_actions("dracula")[0])
    assert state.trail[5].card == "brussels" and state.trail[5].revealed


def test_a_card_whose_effect_waits_to_be_chosen_counts_and_saves() -> None:
    state = started()
    _top_event(state, "jonathan_harker")
    act(state, "godalming", SUPPLY)
    assert state.stack[-1].KIND == "card_mode"
    assert problems_of(state) == []
    text = state.to_json()
    assert state.game.from_json(text).to_json() == text
    assert "Lord Godalming plays Jonathan Harker." in _texts(state, "dracula")


def test_jonathan_harkers_search_names_one_city() -> None:
    state = started()
    trail_of(state, "berlin", "hamburg")
    _top_event(state, "jonathan_harker")
    act(state, "godalming", SUPPLY)
    act(state, "godalming", ChooseMode("search"))
    act(state, "godalming", ChoosePlace("hamburg"))
    assert state.trail[1].revealed
    assert not isinstance(state.stack[-1], CardStep)
    assert state.event_deck.discards[-1] == "jonathan_harker" and not state.hunter_ally


def test_a_new_hunter_ally_replaces_the_old_one_which_is_discarded() -> None:
    state = started()
    state.hunter_ally = "jonathan_harker"
    state.event_deck.take("jonathan_harker")
    _top_event(state, "rufus_smith")
    act(state, "godalming", SUPPLY)
    act(state, "godalming", ChooseMode("ally"))
    assert state.hunter_ally == "rufus_smith"
    assert state.event_deck.discards[-1] == "jonathan_harker"
    assert "Jonathan Harker leaves play." in public_texts(state)
    assert problems_of(state) == []


def test_rufus_smith_as_an_ally_makes_a_sea_to_sea_move_cost_dracula_two() -> None:
    state = started()
    state.hunter_ally = "rufus_smith"
    state.event_deck.take("rufus_smith")
    trail_of(state, "north_sea")
    state.stack[:] = [DraculaPhase()]
    state.invalidate()
    act(state, "dracula", MoveTo("english_channel"))
    assert state.dracula.damage == 2


# -- combat start ---------------------------------------------------------------------------------

def test_escape_route_takes_another_hunter_out_of_the_combat() -> None:
    state = started(dracula="prague", hunters=("berlin", "berlin", "rome", "vienna"))
    _give(state, "godalming", "escape_route")
    start_fight(state, ("godalming", "seward"), "berlin", night=False)
    act(state, "godalming", PlayCard("escape_route"))
    assert state.legal_actions("godalming") == [ChooseHunter("godalming"), ChooseHunter("seward")]
    act(state, "godalming", ChooseHunter("seward"))
    act(state, "godalming", NO_CARD)
    fight = state.stack[-1]
    assert isinstance(fight, Fight) and fight.hunters == ("godalming",)
    assert "Dr. Seward leaves the combat (Escape Route)." in public_texts(state)


def test_escape_route_for_the_only_hunter_ends_the_combat() -> None:
    state = started(dracula="prague", hunters=("berlin", "paris", "rome", "vienna"))
    _give(state, "godalming", "escape_route")
    start_fight(state, ("godalming",), "berlin", night=False)
    act(state, "godalming", PlayCard("escape_route"))
    act(state, "godalming", ChooseHunter("godalming"))
    act(state, "godalming", NO_CARD)  # the window closes; the combat has nobody left
    assert not any(isinstance(d, Fight) for d in state.stack)
    assert "every hunter has left the combat" in " ".join(public_texts(state))
    assert sorted(state.combat_deck.cards) == sorted(
        c.id for c in state.rules.dracula_cards.values() for _ in range(c.count))


def test_lucky_find_looks_at_five_items_in_secret_and_takes_one() -> None:
    state = started(dracula="prague", hunters=("berlin", "paris", "rome", "vienna"))
    _give(state, "godalming", "lucky_find")
    top_five = state.item_deck.cards[-5:]
    start_fight(state, ("godalming",), "berlin", night=False)
    act(state, "godalming", PlayCard("lucky_find"))
    assert state.legal_actions("godalming") == [Keep(c) for c in sorted(set(top_five))]
    mine, theirs = _texts(state, "godalming"), _texts(state, "dracula")
    assert all(state.name(c) in mine for c in top_five)
    assert "looks at the top 5 item cards" in theirs
    assert problems_of(state) == []  # the five cards wait in the step
    card = "knife" if "knife" in top_five else top_five[0]
    act(state, "godalming", Keep(card))
    assert card in state.hunters["godalming"].items
    assert len(state.item_deck.discards) == 4
    fight = next(d for d in state.stack if isinstance(d, Fight))
    if card in state.rules.hunter_cards:
        assert card in fight.hands["godalming"]
    told = [e["text"] for e in state.log("dracula") if e["kind"] == "lucky_find_take"]
    assert told == ["Lord Godalming takes an item card and discards the rest."]


# -- hunter actions -------------------------------------------------------------------------------

def test_blood_transfusion_as_an_action_removes_a_bite_for_one_damage() -> None:
    state = started(hunters=("paris", "paris", "rome", "vienna"))
    state.hunters["seward"].bites = 1
    _give(state, "godalming", "blood_transfusion")
    assert PlayCard("blood_transfusion") in state.legal_actions("godalming")
    act(state, "godalming", PlayCard("blood_transfusion"))
    assert state.legal_actions("godalming") == [ChooseHunter("seward")]
    act(state, "godalming", ChooseHunter("seward"))
    assert state.hunters["seward"].bites == 0 and state.hunters["godalming"].damage == 1
    assert state.current_seats() == ("seward",)  # it was Lord Godalming's action


def test_blood_transfusion_is_not_offered_to_a_bitten_hunter_or_with_nobody_bitten() -> None:
    state = started(hunters=("paris", "paris", "rome", "vienna"))
    _give(state, "godalming", "blood_transfusion")
    assert PlayCard("blood_transfusion") not in state.legal_actions("godalming")
    state.hunters["seward"].bites = 1
    state.hunters["godalming"].bites = 1
    state.invalidate()
    assert PlayCard("blood_transfusion") not in state.legal_actions("godalming")


def test_mystic_research_is_van_helsings_and_discards_the_dracula_events_at_the_bottom() -> None:
    state = started()
    _give(state, "godalming", "mystic_research")
    assert PlayCard("mystic_research") not in state.legal_actions("godalming")
    state.hunters["van_helsing"].events.append(state.hunters["godalming"].events.pop())
    state.stack[-1] = HunterTurns(night=False, index=2)
    state.invalidate()
    bottom = state.event_deck.cards[:6]
    draculas = [c for c in bottom if state.rules.events[c].owner == "dracula"]
    act(state, "van_helsing", PlayCard("mystic_research"))
    assert state.event_deck.cards[:6 - len(draculas)] == [
        c for c in bottom if c not in draculas]
    assert state.event_deck.discards[-len(draculas) - 1:] == ["mystic_research", *draculas]
    assert problems_of(state) == []


# -- Dracula events -------------------------------------------------------------------------------

def test_hidden_schemes_at_the_end_of_his_phase_puts_an_encounter_on_trail_space_3() -> None:
    state = started()
    trail_of(state, "berlin", "hamburg", "cologne")
    _give(state, "dracula", "hidden_schemes")
    state.stack[:] = [DraculaPhase()]
    state.invalidate()
    act(state, "dracula", MoveTo("leipzig"))
    act(state, "dracula", PlaceEncounter(state.dracula.encounters[0]))
    window = _window(state)
    assert window.timing is Timing.DRACULA_PHASE_END
    act(state, "dracula", PlayCard("hidden_schemes"))
    encounter = sorted(set(state.dracula.encounters))[0]
    assert state.trail[2].card == "hamburg"
    act(state, "dracula", PlaceEncounter(encounter))
    assert state.trail[2].encounters == [encounter]
    hunters = _texts(state, "godalming")
    assert "Dracula puts an encounter face down on trail space 3." in hunters
    assert "Dracula plays Hidden Schemes." in hunters
    act(state, "dracula", NO_CARD)
    assert problems_of(state) == []


def test_cards_played_keep_every_card_somewhere_once_and_saves_read_back() -> None:
    state = started(dracula="prague", hunters=("berlin", "paris", "rome", "vienna"))
    _give(state, "godalming", "lucky_find")
    start_fight(state, ("godalming",), "berlin", night=False)
    act(state, "godalming", PlayCard("lucky_find"))
    text = state.to_json()
    assert state.game.from_json(text).to_json() == text


def test_heroic_leap_deals_five_to_dracula_and_five_to_the_hunter_who_leaves() -> None:
    state = started(dracula="prague", hunters=("berlin", "berlin", "rome", "vienna"))
    _give(state, "godalming", "heroic_leap")
    start_fight(state, ("godalming", "seward"), "berlin", night=False)
    act(state, "godalming", PlayCard("heroic_leap"))
    assert state.dracula.damage == 5 and state.hunters["godalming"].damage == 5
    act(state, "godalming", NO_CARD)
    fight = state.stack[-1]
    assert isinstance(fight, Fight) and fight.hunters == ("seward",)
    assert "Dracula suffers 5 damage (Heroic Leap)" in " ".join(public_texts(state))


def test_surprising_return_brings_an_ally_back_from_the_discard_pile_at_dusk() -> None:
    state = started()
    _give(state, "seward", "surprising_return")
    state.event_deck.take("sister_agatha")
    state.event_deck.discard("sister_agatha")
    state.stack[:] = [Twilight(dusk=True)]
    settle(state)
    window = _window(state)
    assert window.timing is Timing.AT_DUSK and window.seats == ("seward",)
    act(state, "seward", PlayCard("surprising_return"))
    assert state.legal_actions("seward") == [PlayCard("sister_agatha")]
    act(state, "seward", PlayCard("sister_agatha"))
    assert state.hunter_ally == "sister_agatha"
    assert "sister_agatha" not in state.event_deck.discards
    assert state.event_deck.discards[-1] == "surprising_return"
    assert problems_of(state) == []


def _dracula_receives(state: ModernState, card: str) -> None:
    """A hunter's Supply by night draws ``card`` from the bottom: it goes to Dracula."""
    state.event_deck.take(card)
    state.event_deck.cards.insert(0, card)
    state.time = 1
    state.stack[:] = [DraculaPhase(), HunterTurns(night=True)]
    state.invalidate()
    act(state, "godalming", SUPPLY)


def test_great_wolf_is_played_when_dracula_receives_it_and_raids_a_hunter() -> None:
    state = started()
    _dracula_receives(state, "great_wolf")
    assert state.current_seats() == ("dracula",)
    assert state.legal_actions("dracula") == [ChooseMode("raid"), ChooseMode("ally")]
    assert "Dracula plays Great Wolf." in public_texts(state)
    act(state, "dracula", ChooseMode("raid"))
    act(state, "dracula", ChooseHunter("seward"))
    assert state.hunters["seward"].damage == 4
    assert state.event_deck.discards[-1] == "great_wolf"


def test_great_wolf_turns_away_from_a_revealed_crucifix() -> None:
    state = started()
    _give(state, "seward", "crucifix")
    _dracula_receives(state, "great_wolf")
    act(state, "dracula", ChooseMode("raid"))
    act(state, "dracula", ChooseHunter("seward"))
    assert state.hunters["seward"].damage == 0
    assert "Dr. Seward reveals Crucifix: the Great Wolf turns away." in public_texts(state)


def test_great_wolf_as_dracula_ally_bites_at_the_start_of_each_of_his_phases() -> None:
    state = started()
    _dracula_receives(state, "great_wolf")
    act(state, "dracula", ChooseMode("ally"))
    assert state.dracula.ally == "great_wolf"
    assert state.observation("godalming")["dracula"]["ally"] == "great_wolf"
    while state.current_seats() != ("dracula",):
        seat = state.current_seats()[0]
        act(state, seat, PASS if PASS in state.legal_actions(seat) else NO_CARD)
    top = state.stack[-1]
    assert isinstance(top, CardStep) and top.card == "great_wolf" and top.step == "wolf"
    act(state, "dracula", ChooseHunter("mina"))
    assert state.hunters["mina"].damage == 1
    assert state.stack[-1].KIND == "dracula_phase"


def test_a_new_dracula_ally_replaces_the_old_one_which_is_discarded() -> None:
    """Event Cards: "Dracula can only have one ally in play at a time. When an ally is
    removed from play, it is placed faceup in the event discard pile." """
    state = started()
    state.dracula.ally = "great_wolf"
    state.event_deck.take("great_wolf")
    _dracula_receives(state, "immanuel_hildesheim")
    act(state, "dracula", ChooseMode("ally"))
    assert state.dracula.ally == "immanuel_hildesheim"
    assert state.event_deck.discards[-1] == "great_wolf"
    assert "Great Wolf leaves play." in public_texts(state)
    assert problems_of(state) == []


# -- character cards ------------------------------------------------------------------------------

@pytest.mark.parametrize("card", ["hypnosis", "mystic_research", "wax_cylinders"])
def test_ruling_another_hunters_character_card_stays_in_the_hand_unplayable(card: str) -> None:
    """A ruling: Lord Godalming drawing Mina's, Van Helsing's or Dr. Seward's card keeps it
    (events are not traded) and may never play it, by day or by night."""
    state = started(hunters=("paris", "paris", "paris", "paris"))
    _top_event(state, card)
    act(state, "godalming", SUPPLY)
    while state.current_seats() == ("godalming",) and NO_CARD in state.legal_actions("godalming"):
        act(state, "godalming", NO_CARD)  # the window after the draw
    assert card in state.hunters["godalming"].events
    for night in (False, True):
        state.stack[-1] = HunterTurns(night=night)
        state.invalidate()
        assert PlayCard(card) not in state.legal_actions("godalming")


def test_hypnosis_is_minas_alone_with_another_hunter_and_names_draculas_region() -> None:
    state = started(hunters=("paris", "madrid", "rome", "paris"))  # Dracula in Berlin
    _give(state, "mina", "hypnosis")
    state.stack[-1] = HunterTurns(night=False, index=3)
    state.invalidate()
    assert PlayCard("hypnosis") in state.legal_actions("mina")
    act(state, "mina", PlayCard("hypnosis"))
    region = state.board.region("berlin")
    assert f"Under hypnosis Mina learns that Dracula is in the {region}." in public_texts(state)
    assert state.hunters["mina"].delayed
    assert set(state.observation("godalming")["possible_locations"]) <= {
        p for p in state.board.places if state.board.region(p) == region}


def test_hypnosis_is_not_offered_to_mina_alone() -> None:
    state = started()  # Mina alone in Vienna
    _give(state, "mina", "hypnosis")
    state.stack[-1] = HunterTurns(night=False, index=3)
    state.invalidate()
    assert PlayCard("hypnosis") not in state.legal_actions("mina")


def test_wax_cylinders_deduction_reveals_a_hideouts_encounters_and_returns_to_hand() -> None:
    state = started()
    trail_of(state, "berlin", "hamburg")
    state.trail[1].add_encounter(state.encounter_deck.cards.pop())
    _give(state, "seward", "wax_cylinders")
    state.stack[-1] = HunterTurns(night=False, index=1)
    state.invalidate()
    act(state, "seward", PlayCard("wax_cylinders"))
    assert state.legal_actions("seward") == [ChooseMode("deduction"), ChooseMode("analysis")]
    act(state, "seward", ChooseMode("deduction"))
    assert state.legal_actions("seward") == [ChooseMode("trail_space_2")]
    act(state, "seward", ChooseMode("trail_space_2"))
    assert state.trail[1].shown == [True]
    assert state.hunters["seward"].events == ["wax_cylinders"]
    encounter = state.name(state.trail[1].encounters[0])
    assert f"The encounters on trail space 2 are revealed: {encounter}." in public_texts(state)
    assert problems_of(state) == []


def test_wax_cylinders_analysis_finds_hide_on_the_trail_or_in_the_deck() -> None:
    state = started()
    trail_of(state, "hide", "berlin")
    _give(state, "seward", "wax_cylinders")
    state.stack[-1] = HunterTurns(night=False, index=1)
    state.invalidate()
    act(state, "seward", PlayCard("wax_cylinders"))  # no encounter anywhere: Analysis alone
    assert state.trail[0].revealed
    assert "Hide is on Dracula's trail" in " ".join(public_texts(state))
    assert not isinstance(state.stack[-1], CardStep)


def test_wax_cylinders_analysis_says_hide_is_in_the_deck() -> None:
    state = started()
    _give(state, "seward", "wax_cylinders")
    state.stack[-1] = HunterTurns(night=False, index=1)
    state.invalidate()
    act(state, "seward", PlayCard("wax_cylinders"))
    assert "Hide is not on Dracula's trail: it is in his location deck." in public_texts(state)


def test_wax_cylinders_is_dr_sewards_alone() -> None:
    state = started()
    _give(state, "godalming", "wax_cylinders")
    assert PlayCard("wax_cylinders") not in state.legal_actions("godalming")


# -- moving cards ---------------------------------------------------------------------------------

def test_sense_of_emergency_costs_two_damage_and_rides_up_to_three_roads() -> None:
    state = started()  # Godalming in Paris by day
    _give(state, "godalming", "sense_of_emergency")
    act(state, "godalming", PlayCard("sense_of_emergency"))
    assert state.hunters["godalming"].damage == 2
    reach = {a.place for a in state.legal_actions("godalming") if isinstance(a, ChoosePlace)}
    assert {"brussels", "amsterdam"} <= reach and "paris" not in reach
    act(state, "godalming", ChoosePlace("amsterdam"))
    assert state.hunters["godalming"].location == "amsterdam"
    assert state.event_deck.discards[-1] == "sense_of_emergency"


def test_excellent_weather_makes_two_sea_moves() -> None:
    state = started(hunters=("lisbon", "madrid", "rome", "vienna"))
    _give(state, "godalming", "excellent_weather")
    act(state, "godalming", PlayCard("excellent_weather"))
    first = [a.place for a in state.legal_actions("godalming")]
    assert first == list(state.board.sea_lanes("lisbon"))
    act(state, "godalming", ChoosePlace("atlantic_ocean"))
    assert "sail (one sea move left)" in state.prompt("godalming")
    act(state, "godalming", ChoosePlace("north_sea"))
    assert state.hunters["godalming"].location == "north_sea"
    assert state.current_seats() == ("seward",)


def test_excellent_weather_ruling_a_hunter_at_sea_may_sail_on_with_it() -> None:
    """A ruling: one who starts the day at sea "must move on"; Excellent Weather's two sea
    moves are a move on, so it is offered beside his moves (no other card is). Landing in a
    port ends the sailing (the second move is made from a sea zone only)."""
    state = started(hunters=("lisbon", "madrid", "rome", "vienna"))
    state.hunters["godalming"].location = "atlantic_ocean"
    _give(state, "godalming", "excellent_weather", "money_trail")
    legal = state.legal_actions("godalming")
    assert PlayCard("excellent_weather") in legal and PlayCard("money_trail") not in legal
    act(state, "godalming", PlayCard("excellent_weather"))
    act(state, "godalming", ChoosePlace("north_sea"))
    act(state, "godalming", ChoosePlace("english_channel"))
    assert state.hunters["godalming"].location == "english_channel"
    assert state.current_seats() == ("seward",)
    state.hunters["godalming"].location = "atlantic_ocean"
    _give(state, "godalming", "excellent_weather")
    state.stack[-1] = HunterTurns(night=False)
    state.invalidate()
    act(state, "godalming", PlayCard("excellent_weather"))
    act(state, "godalming", ChoosePlace("lisbon"))
    assert state.hunters["godalming"].location == "lisbon"
    assert state.current_seats() == ("seward",)


def test_excellent_weather_is_not_offered_inland() -> None:
    state = started()  # Paris has no sea lane
    _give(state, "godalming", "excellent_weather")
    assert PlayCard("excellent_weather") not in state.legal_actions("godalming")


# -- Dracula's tokens -----------------------------------------------------------------------------

def test_roadblock_played_when_received_places_three_roadblocks() -> None:
    state = started()
    _dracula_receives(state, "roadblock")
    window = _window(state)
    assert window.timing is Timing.IMMEDIATELY and window.seats == ("dracula",)
    act(state, "dracula", PlayCard("roadblock"))
    for _ in range(3):
        assert "Roadblock" in state.prompt("dracula")
        act(state, "dracula", state.legal_actions("dracula")[0])
    assert len(state.tokens.roadblocks) == 3
    assert state.event_deck.discards[-1] == "roadblock"


def test_roadblock_may_wait_for_the_end_of_draculas_phase() -> None:
    state = started()
    _dracula_receives(state, "roadblock")
    act(state, "dracula", NO_CARD)
    assert state.dracula.events == ["roadblock"]
    assert "Roadblock" not in " ".join(public_texts(state))  # kept in secret


def test_summon_storms_places_up_to_three_storms_on_sea_zones() -> None:
    state = started()
    _give(state, "dracula", "summon_storms")
    state.stack[:] = [DraculaPhase()]
    state.invalidate()
    act(state, "dracula", MoveTo("leipzig"))
    act(state, "dracula", PlaceEncounter(state.dracula.encounters[0]))
    act(state, "dracula", PlayCard("summon_storms"))
    act(state, "dracula", ChoosePlace("north_sea"))
    act(state, "dracula", ChoosePlace("irish_sea"))
    act(state, "dracula", NO_CARD)  # he stops at two
    assert state.tokens.storms == ["north_sea", "irish_sea"]
    assert "A storm rises over North Sea (Summon Storms)." in public_texts(state)


def test_evil_presence_makes_dracula_name_the_hunters_next_to_him() -> None:
    state = started(hunters=("hamburg", "madrid", "prague", "vienna"))  # Dracula in Berlin
    _top_event(state, "evil_presence")
    act(state, "godalming", SUPPLY)
    public = " ".join(public_texts(state))
    assert "Lord Godalming plays Evil Presence." in public
    assert "Dracula names the hunters next to him: Lord Godalming, Van Helsing." in public
    places = set(state.observation("mina")["possible_locations"])
    assert "berlin" in places
    near = {*state.board.roads("hamburg"), *state.board.sea_lanes("hamburg")}
    assert places <= near


def test_vampiric_influence_shows_a_bitten_hunters_cards_discards_one_and_moves_him() -> None:
    state = started()
    state.hunters["seward"].bites = 1  # Dr. Seward in Madrid
    _give(state, "seward", "knife", "money_trail")
    state.hunters["seward"].revealed_item = "knife"
    state.hunters["seward"].revealed_event = "money_trail"
    _dracula_receives(state, "vampiric_influence")
    assert state.legal_actions("dracula") == [ChooseHunter("seward")]
    act(state, "dracula", ChooseHunter("seward"))
    assert "Dr. Seward shows every card: Knife, Money Trail." in public_texts(state)
    act(state, "dracula", Discard("knife"))
    assert state.hunters["seward"].items == [] and state.item_deck.discards[-1] == "knife"
    assert state.hunters["seward"].revealed_item == ""
    act(state, "dracula", ChoosePlace("saragossa"))
    assert state.hunters["seward"].location == "saragossa"
    assert problems_of(state) == []


def test_vampiric_influence_with_nobody_bitten_has_no_effect() -> None:
    state = started()
    _dracula_receives(state, "vampiric_influence")
    assert "Vampiric Influence finds no bitten hunter." in public_texts(state)
    assert state.event_deck.discards[-1] == "vampiric_influence"


def test_vampiric_influence_leaves_a_hunter_at_sea_where_he_is() -> None:
    state = started()
    state.hunters["seward"].location = "north_sea"
    state.hunters["seward"].bites = 1
    _dracula_receives(state, "vampiric_influence")
    act(state, "dracula", ChooseHunter("seward"))  # no card to discard, nowhere to go
    assert state.hunters["seward"].location == "north_sea"
    assert "Dr. Seward cannot be moved and stays." in public_texts(state)
    assert not isinstance(state.stack[-1], CardStep)


def test_immanuel_hildesheim_helps_dracula_to_the_dracula_events_of_the_top_six() -> None:
    state = started()
    _dracula_receives(state, "immanuel_hildesheim")
    top = state.event_deck.cards[-6:]
    draculas = [c for c in top if state.rules.events[c].owner == "dracula"]
    act(state, "dracula", ChooseMode("help"))
    assert sorted(state.dracula.events) == sorted(draculas) or \
        state.stack[-1].KIND == "over_limit"
    assert all(c in state.event_deck.discards for c in top if c not in draculas)
    told = [e["text"] for e in state.log("godalming") if e["kind"] == "dracula_takes"]
    taken = "one Dracula event card" if len(draculas) == 1 else \
        f"{len(draculas)} Dracula event cards"
    assert told == [f"Dracula takes {taken} (Immanuel Hildesheim)."]
    mine = [e["text"] for e in state.log("dracula") if e["kind"] == "dracula_takes"]
    assert all(state.name(c) in mine[0] for c in draculas)
    assert problems_of(state) == []


def test_immanuel_hildesheim_as_an_ally_takes_a_dracula_event_off_the_top() -> None:
    state = started()
    state.dracula.ally = "immanuel_hildesheim"
    state.event_deck.take("immanuel_hildesheim")
    _top_event(state, "enraged")
    state.stack[:] = [DraculaPhase(), HunterTurns(night=True, index=4)]
    state.invalidate()
    settle(state)
    assert state.dracula.events == ["enraged"]
    assert "Dracula takes one Dracula event card (Immanuel Hildesheim)." in \
        _texts(state, "godalming")


def test_unearthly_swiftness_gives_dracula_another_phase_at_once() -> None:
    state = started()
    _give(state, "dracula", "unearthly_swiftness")
    state.stack[:] = [DraculaPhase()]
    state.invalidate()
    act(state, "dracula", MoveTo("leipzig"))
    act(state, "dracula", PlaceEncounter(state.dracula.encounters[0]))
    assert PlayCard("unearthly_swiftness") in state.legal_actions("dracula")
    act(state, "dracula", PlayCard("unearthly_swiftness"))
    assert state.stack[-1].KIND == "dracula_phase"
    assert MoveTo("dresden") not in state.legal_actions("dracula")
    assert any(isinstance(a, MoveTo) for a in state.legal_actions("dracula"))
    assert [h.card for h in state.trail][:2] == ["leipzig", "berlin"]


def _end_of_his_phase_with(state: ModernState, card: str) -> None:
    _give(state, "dracula", card)
    state.stack[:] = [DraculaPhase()]
    state.invalidate()
    act(state, "dracula", MoveTo("leipzig"))
    act(state, "dracula", PlaceEncounter(state.dracula.encounters[0]))
    act(state, "dracula", PlayCard(card))


def test_devilish_power_bans_supply_for_the_next_hunter_phase() -> None:
    state = started()
    _end_of_his_phase_with(state, "devilish_power")  # no token, no ally: the ban alone
    assert state.dracula.no_supply
    act(state, "dracula", NO_CARD)
    assert state.current_seats() == ("godalming",)
    assert SUPPLY not in state.legal_actions("godalming")
    assert state.observation("godalming")["dracula"]["no_supply"] is True
    while state.stack[-1].KIND != "dracula_phase":
        seat = state.current_seats()[0]
        legal = state.legal_actions(seat)
        act(state, seat, PASS if PASS in legal else legal[0])
    assert not state.dracula.no_supply


def test_devilish_power_may_discard_the_hunters_ally() -> None:
    state = started()
    state.hunter_ally = "rufus_smith"
    state.event_deck.take("rufus_smith")
    _end_of_his_phase_with(state, "devilish_power")
    assert state.legal_actions("dracula") == [ChooseMode("discard_hunter_ally"),
                                              ChooseMode("no_supply")]
    act(state, "dracula", ChooseMode("discard_hunter_ally"))
    assert state.hunter_ally == "" and "rufus_smith" in state.event_deck.discards
    assert problems_of(state) == []


def test_devilish_power_may_remove_the_consecrated_ground() -> None:
    state = started()
    state.tokens.consecrated = "rome"
    _end_of_his_phase_with(state, "devilish_power")
    act(state, "dracula", ChooseMode("remove_consecrated_ground"))
    assert state.tokens.consecrated == ""


def test_a_weakened_hunter_plays_his_revealed_event_and_reveals_another() -> None:
    state = started()
    trail_of(state, "berlin", "hamburg", "cologne", "amsterdam", "brussels", "paris")
    _give(state, "mina", "newspaper_reports", "money_trail")
    state.hunters["mina"].revealed_event = "newspaper_reports"  # Mina is always weakened
    state.time = 1
    state.stack[:] = [Twilight(dusk=False)]
    settle(state)
    assert state.observation("dracula")["hunters"]["mina"]["revealed_event"] == \
        "newspaper_reports"
    act(state, "mina", PlayCard("newspaper_reports"))
    assert state.legal_actions("mina") == [Reveal("money_trail")]  # she reveals another first
    act(state, "mina", Reveal("money_trail"))
    assert state.hunters["mina"].revealed_event == "money_trail"
    act(state, "mina", ChooseMode("trail_space_5"))
    assert state.trail[4].revealed


# -- Money Trail ----------------------------------------------------------------------------------

def test_money_trail_as_an_action_reveals_a_sea_card_the_hunter_chooses() -> None:
    state = started(dracula="hamburg")
    trail_of(state, "hamburg", "north_sea", "amsterdam")
    _give(state, "godalming", "money_trail")
    assert PlayCard("money_trail") in state.legal_actions("godalming")
    act(state, "godalming", PlayCard("money_trail"))
    assert state.legal_actions("godalming") == [ChooseMode(f"trail_space_{n}")
                                                for n in (1, 2, 3)]
    act(state, "godalming", ChooseMode("trail_space_2"))
    assert state.trail[1].revealed and not state.trail[2].revealed
    assert "North Sea is on Dracula's trail" in " ".join(public_texts(state))
    assert state.event_deck.discards[-1] == "money_trail"
    assert state.current_seats() == ("seward",)  # it was Lord Godalming's action
    assert problems_of(state) == []


def test_money_trail_on_a_land_card_says_it_is_not_at_sea_and_the_tracker_learns_it() -> None:
    state = started(dracula="hamburg")
    state.stack[:] = [DraculaPhase()]
    state.encounter_deck.cards.extend(state.dracula.encounters)  # no encounter shows land
    state.dracula.encounters.clear()
    state.invalidate()
    act(state, "dracula", MoveTo("berlin"))
    while "dracula" in state.current_seats():
        act(state, "dracula", state.legal_actions("dracula")[0])
    state.stack[:] = [HunterTurns(night=False, index=0)]
    state.invalidate()
    before = set(state.observation("mina")["possible_locations"])
    assert any(state.board.is_sea(p) for p in before)  # his move might have been to sea
    _give(state, "godalming", "money_trail")
    act(state, "godalming", PlayCard("money_trail"))
    act(state, "godalming", ChooseMode("trail_space_1"))
    assert not state.trail[0].revealed
    assert "The card on trail space 1 is not a sea location (Money Trail)." in \
        public_texts(state)
    after = set(state.observation("mina")["possible_locations"])
    assert "berlin" in after and after <= before
    assert not any(state.board.is_sea(p) for p in after)
    assert "Lord Godalming plays Money Trail." in _texts(state, "dracula")


def test_money_trail_is_not_offered_with_no_face_down_card_on_the_trail() -> None:
    state = started()
    trail_of(state, "berlin")
    state.trail[0].revealed = True
    _give(state, "godalming", "money_trail")
    assert PlayCard("money_trail") not in state.legal_actions("godalming")


# -- Nocturnal Visit ------------------------------------------------------------------------------

def test_nocturnal_visit_makes_the_next_day_combats_night_ones_until_the_phase_ends() -> None:
    state = started()
    _give(state, "dracula", "nocturnal_visit")
    state.stack[:] = [DraculaPhase()]
    state.invalidate()
    act(state, "dracula", MoveTo("leipzig"))
    act(state, "dracula", PlaceEncounter(state.dracula.encounters[0]))
    assert _window(state).timing is Timing.DRACULA_PHASE_END
    act(state, "dracula", PlayCard("nocturnal_visit"))
    assert state.dracula.nocturnal_visit
    assert state.event_deck.discards[-1] == "nocturnal_visit"
    for seat in ("godalming", "mina"):
        assert "Dracula plays Nocturnal Visit." in _texts(state, seat)
        assert state.observation(seat)["dracula"]["nocturnal_visit"] is True
    start_fight(state, ("godalming",), "paris", night=False)  # a day combat
    fight = next(d for d in reversed(state.stack) if isinstance(d, Fight))
    assert fight.night
    assert "Nocturnal Visit: this combat is fought as if it were night." in public_texts(state)


def test_nocturnal_visit_lasts_the_next_hunter_phase_alone() -> None:
    state = started()
    _give(state, "dracula", "nocturnal_visit")
    state.stack[:] = [DraculaPhase()]
    state.invalidate()
    act(state, "dracula", MoveTo("leipzig"))
    act(state, "dracula", PlaceEncounter(state.dracula.encounters[0]))
    act(state, "dracula", PlayCard("nocturnal_visit"))
    act(state, "dracula", NO_CARD)
    while state.stack[-1].KIND != "dracula_phase":
        seat = state.current_seats()[0]
        legal = state.legal_actions(seat)
        act(state, seat, PASS if PASS in legal else legal[0])
    assert not state.dracula.nocturnal_visit
    start_fight(state, ("godalming",), "paris", night=False)
    fight = next(d for d in reversed(state.stack) if isinstance(d, Fight))
    assert not fight.night


# -- Darkness Returns -----------------------------------------------------------------------------

def test_darkness_returns_skips_the_next_day_and_shuffles_dracula_events_back() -> None:
    state = started()
    state.event_deck.take("roadblock")
    state.event_deck.discard("roadblock")
    state.event_deck.take("money_trail")
    state.event_deck.discard("money_trail")
    _give(state, "dracula", "darkness_returns")
    state.time = 1  # his phase ends at night: the next round starts with a dawn
    state.stack[:] = [DraculaPhase()]
    state.invalidate()
    act(state, "dracula", MoveTo("leipzig"))
    act(state, "dracula", PlaceEncounter(state.dracula.encounters[0]))
    assert _window(state).timing is Timing.DRACULA_PHASE_END
    act(state, "dracula", PlayCard("darkness_returns"))
    assert state.dracula.darkness
    assert state.event_deck.discards == ["money_trail"]
    assert {"roadblock", "darkness_returns"} <= set(state.event_deck.cards)
    shuffled = ("The next hunter phase has no day; the Dracula events in the discard pile are "
                "shuffled into the event deck: Roadblock, Darkness Returns.")
    assert shuffled in public_texts(state)
    assert state.observation("mina")["dracula"]["darkness"] is True
    act(state, "dracula", NO_CARD)
    assert "Darkness Returns: this hunter phase has no day." in public_texts(state)
    assert not state.dracula.darkness
    assert not any(isinstance(d, HunterTurns) and not d.night for d in state.stack)
    while not (isinstance(state.stack[-1], HunterTurns) and state.current_seats()):
        seat = state.current_seats()[0]
        act(state, seat, state.legal_actions(seat)[0])
    top = state.stack[-1]
    assert isinstance(top, HunterTurns) and top.night and state.night  # dawn, dusk, night
    assert problems_of(state) == []


# -- Renewed Vigour -------------------------------------------------------------------------------

def _dawn_with(state: ModernState, seat: str, card: str) -> None:
    _give(state, seat, card)
    state.time = 1  # night: the next round starts with a dawn
    state.stack[:] = [DraculaPhase(), HunterTurns(night=True), Twilight(dusk=True),
                      HunterTurns(night=False), Twilight(dusk=False)]
    settle(state)


def test_renewed_vigour_at_dawn_gives_each_hunter_an_extra_action_not_the_same_twice() -> None:
    state = started()
    _dawn_with(state, "mina", "renewed_vigour")
    window = _window(state)
    assert window.timing is Timing.AT_DAWN and window.seats == ("mina",)
    act(state, "mina", PlayCard("renewed_vigour"))
    text = ("Renewed Vigour: this day each hunter may take one extra action, not the same "
            "action twice.")
    assert text in public_texts(state) and "Mina Harker plays Renewed Vigour." in \
        _texts(state, "dracula")
    act(state, "mina", NO_CARD)
    assert state.current_seats() == ("godalming",)
    act(state, "godalming", SUPPLY)
    while state.current_seats() == ("godalming",) and isinstance(state.stack[-1], CardWindow):
        act(state, "godalming", NO_CARD)
    assert state.current_seats() == ("godalming",)  # his extra action
    legal = state.legal_actions("godalming")
    assert SUPPLY not in legal and PASS in legal
    assert any(type(a).__name__ == "Move" for a in legal)
    act(state, "godalming", PASS)
    assert state.current_seats() == ("seward",)
    moves = [a for a in state.legal_actions("seward") if type(a).__name__ == "Move"]
    act(state, "seward", moves[0])
    while state.current_seats() != ("seward",) or not isinstance(state.stack[-1], HunterTurns):
        seat = state.current_seats()[0]
        act(state, seat, NO_CARD if NO_CARD in state.legal_actions(seat)
            else state.legal_actions(seat)[0])
    assert not any(type(a).__name__ == "Move" for a in state.legal_actions("seward"))
    assert problems_of(state) == []


def test_renewed_vigour_refuses_the_same_action_twice_and_lasts_the_day_alone() -> None:
    state = started()
    _dawn_with(state, "mina", "renewed_vigour")
    act(state, "mina", PlayCard("renewed_vigour"))
    act(state, "mina", NO_CARD)
    act(state, "godalming", REST)
    try:
        state.apply("godalming", REST)
    except IllegalAction as refused:
        assert "Renewed Vigour" in str(refused)
    else:
        raise AssertionError("the same action twice was accepted")
    assert state.current_seats() == ("godalming",)
    night = next(d for d in state.stack if isinstance(d, HunterTurns) and d.night)
    assert not night.vigour


# -- Long Night -----------------------------------------------------------------------------------

def _to_night_turns(state: ModernState) -> None:
    """Everyone passes (or plays no card) until the night's hunter turns ask someone."""
    while not (isinstance(state.stack[-1], HunterTurns) and state.stack[-1].night
               and state.current_seats()):
        seat = state.current_seats()[0]
        legal = state.legal_actions(seat)
        act(state, seat, PASS if PASS in legal else NO_CARD if NO_CARD in legal else legal[0])


def _bottom_event(state: ModernState, card: str) -> None:
    state.event_deck.take(card)
    state.event_deck.cards.insert(0, card)


def test_long_night_lets_hunters_move_by_road_at_night_drawing_the_bottom_event() -> None:
    state = started()
    _dawn_with(state, "mina", "long_night")
    act(state, "mina", PlayCard("long_night"))
    assert "Long Night: this night the hunters may move by road." in public_texts(state)
    act(state, "mina", NO_CARD)
    assert state.current_seats() == ("godalming",)
    _to_night_turns(state)
    assert state.current_seats() == ("godalming",)
    roads = [a for a in state.legal_actions("godalming") if isinstance(a, Move)]
    assert roads and {a.by for a in roads} == {"road"}
    _bottom_event(state, "money_trail")
    act(state, "godalming", roads[0])
    assert "Long Night: Money Trail, a hunter event, is discarded." in public_texts(state)
    assert state.event_deck.discards[-1] == "money_trail"
    _bottom_event(state, "roadblock")
    seward_roads = [a for a in state.legal_actions("seward") if isinstance(a, Move)]
    held = len(state.dracula.events)
    act(state, "seward", seward_roads[0])
    assert "roadblock" in state.dracula.events and len(state.dracula.events) == held + 1
    assert "Long Night: a Dracula event card is drawn and goes to Dracula." in \
        public_texts(state)
    assert "Roadblock" not in _texts(state, "mina")
    assert "Long Night: Dracula receives Roadblock." in _texts(state, "dracula")
    assert problems_of(state) == []


def test_without_long_night_no_hunter_moves_at_night() -> None:
    state = started()
    _dawn_with(state, "mina", "long_night")
    act(state, "mina", NO_CARD)
    _to_night_turns(state)
    assert not any(isinstance(a, Move) for a in state.legal_actions("godalming"))


# -- Speedy Telegraph -----------------------------------------------------------------------------

def test_speedy_telegraph_lets_the_hunters_act_in_any_order_day_and_night() -> None:
    state = started()
    _dawn_with(state, "mina", "speedy_telegraph")
    act(state, "mina", PlayCard("speedy_telegraph"))
    text = "Speedy Telegraph: this day and night the hunters take their actions in any order."
    assert text in public_texts(state) and text in _texts(state, "dracula")
    act(state, "mina", NO_CARD)
    assert state.current_seats() == ("godalming",)
    assert state.legal_actions("godalming") == [ChooseHunter(h) for h in
                                                ("godalming", "seward", "van_helsing", "mina")]
    try:
        state.apply("godalming", PASS)
    except IllegalAction as refused:
        assert "Speedy Telegraph" in str(refused)
    else:
        raise AssertionError("an action was taken before the next hunter was named")
    act(state, "godalming", ChooseHunter("mina"))
    assert "Mina Harker acts next (Speedy Telegraph)." in public_texts(state)
    assert state.current_seats() == ("mina",)
    act(state, "mina", PASS)
    assert state.legal_actions("godalming") == [ChooseHunter(h) for h in
                                                ("godalming", "seward", "van_helsing")]
    act(state, "godalming", ChooseHunter("van_helsing"))
    act(state, "van_helsing", PASS)
    act(state, "godalming", ChooseHunter("godalming"))
    act(state, "godalming", PASS)
    assert state.current_seats() == ("seward",)  # the last one: nobody to name
    act(state, "seward", PASS)
    _to_night_turns(state)
    assert state.legal_actions("godalming")[0] == ChooseHunter("godalming")
    assert problems_of(state) == []



def test_a_turn_order_that_is_not_the_four_hunters_is_a_problem_of_the_state() -> None:
    state = started()
    state.stack[-1] = HunterTurns(night=False, telegraph=True, order=("mina", "mina"))
    assert "the hunters' turn order is not the four hunters" in decision_problems(state)


def test_hired_scouts_ruling_a_city_holding_a_lair_is_on_dracula_s_trail() -> None:
    """Ruling (docs/fury_modern.md): the lairs are the trail's hideouts kept beside it, so
    "if they are on his trail" finds a lair's location card too."""
    state = started()
    trail_of(state, "berlin", "hamburg")
    state.lairs = [Hideout("madrid", ["rats"])]
    state.invalidate()
    _top_event(state, "hired_scouts")
    act(state, "godalming", SUPPLY)
    act(state, "godalming", ChoosePlace("madrid"))
    act(state, "godalming", ChoosePlace("rome"))
    assert state.lairs[0].revealed and not state.trail[1].revealed
    assert "Madrid is not on Dracula's trail." not in public_texts(state)
