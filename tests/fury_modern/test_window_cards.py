"""The cards played in the windows on what a hunter does (fury_modern.cards,
hunter_events, dracula_events): a hunter spends a ticket (Chartered Carriage, False Tip,
Good Luck), moves by road (Wild Horses), moves into the other region (Customs Search),
searches (Seduction), plays an event Dracula may cancel (Sensationalist Press); and
Consecrated Ground and Dracula's Brides. Each is played through ``apply``: its effect, its
window (offered when it should be, not otherwise, asked alike whatever Dracula holds) and
what each seat sees."""

from __future__ import annotations

from fury_modern.actions import (
    NO_CARD,
    PASS,
    SEARCH,
    SUPPLY,
    ChooseMode,
    ChoosePlace,
    Discard,
    Move,
    MoveTo,
    PlaceEncounter,
    PlayCard,
    Roadblock,
)
from fury_modern.cards import CardStep, CardWindow, Timing
from fury_modern.dracula import DraculaPhase
from fury_modern.hunters import RailJourney
from fury_modern.invariants import problems_of
from fury_modern.resample import _surface, draw
from fury_modern.round import HunterTurns
from fury_modern.state import Hideout, ModernState
from fury_modern.tracker import hypotheses, possible_locations, tracker_of
from gothic_kernel import Dice

from .helpers import act, public_texts, started, trail_of


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


def _ticket(state: ModernState, seat: str, *kinds: str) -> None:
    for kind in kinds:
        state.tickets.remove(kind)
        state.hunters[seat].tickets.append(kind)
    state.invalidate()


def _window(state: ModernState) -> CardWindow:
    top = state.stack[-1]
    assert isinstance(top, CardWindow), top
    return top


def _close_windows(state: ModernState) -> None:
    """Every seat still asked in the windows open plays no more cards."""
    while isinstance(state.stack[-1], CardWindow):
        act(state, state.current_seats()[0], NO_CARD)


def _texts(state: ModernState, viewer: str) -> str:
    return " ".join(e["text"] for e in state.log(viewer))


# -- a hunter spends a ticket: Chartered Carriage, False Tip, Good Luck ---------------------------

def test_chartered_carriage_spends_any_ticket_to_ride_up_to_four_railways() -> None:
    state = started()  # Lord Godalming in Paris, Monday day
    _give(state, "godalming", "chartered_carriage")
    _ticket(state, "godalming", "ticket_1")  # one white railway: Venice is far beyond it
    assert Move("venice", "rail", "ticket_1") not in state.legal_actions("godalming")
    act(state, "godalming", PlayCard("chartered_carriage"))
    assert ChoosePlace("venice") in state.legal_actions("godalming")  # four railways, any colour
    assert ChoosePlace("rome") not in state.legal_actions("godalming")
    act(state, "godalming", ChoosePlace("venice"))
    assert state.legal_actions("godalming") == [Discard("ticket_1")]
    act(state, "godalming", Discard("ticket_1"))  # Dracula holds no event: no window
    assert state.hunters["godalming"].location == "venice"
    assert state.hunters["godalming"].tickets == [] and "ticket_1" in state.tickets
    assert "chartered_carriage" in state.event_deck.discards
    public = public_texts(state)
    assert "Lord Godalming plays Chartered Carriage." in public
    assert "Lord Godalming moves by chartered carriage to Venice." in public
    assert state.stack[-1].KIND == "hunter_turns" and state.current_seats() == ("seward",)


def test_chartered_carriage_needs_a_ticket_and_the_day() -> None:
    state = started()
    _give(state, "godalming", "chartered_carriage")
    assert PlayCard("chartered_carriage") not in state.legal_actions("godalming")
    _ticket(state, "godalming", "ticket_1")
    assert PlayCard("chartered_carriage") in state.legal_actions("godalming")
    state.time = 1
    state.stack[-1] = HunterTurns(night=True)
    state.invalidate()
    assert PlayCard("chartered_carriage") not in state.legal_actions("godalming")


def test_the_ticket_window_asks_dracula_whenever_he_holds_an_event_whatever_it_is() -> None:
    """Being asked tells nothing: he is asked holding Roadblock as holding False Tip, and
    then may only play no card."""
    state = started()
    _ticket(state, "godalming", "ticket_3_2")
    _give(state, "dracula", "roadblock")
    act(state, "godalming", Move("berlin", "rail", "ticket_3_2"))
    window = _window(state)
    assert window.timing is Timing.HUNTER_SPENDS_TICKET and window.hunter == "godalming"
    assert state.prompt("dracula") == ("Dracula: play a card as Lord Godalming spends a ticket, "
                                       "or none.")
    assert state.legal_actions("dracula") == [NO_CARD]
    assert "Lord Godalming spends a" in " ".join(public_texts(state))
    assert state.hunters["godalming"].location == "paris"  # the journey waits
    act(state, "dracula", NO_CARD)
    assert state.hunters["godalming"].location == "berlin"


def test_false_tip_makes_dracula_choose_where_the_railway_journey_ends() -> None:
    state = started()
    _ticket(state, "godalming", "ticket_3_2")
    _give(state, "dracula", "false_tip")
    act(state, "godalming", Move("berlin", "rail", "ticket_3_2"))
    assert PlayCard("false_tip") in state.legal_actions("dracula")
    act(state, "dracula", PlayCard("false_tip"))  # no hunter holds an event: no answer
    step = state.stack[-1]
    assert isinstance(step, CardStep) and step.card == "false_tip" and step.chooser == "dracula"
    reach = {a.place for a in state.legal_actions("dracula") if isinstance(a, ChoosePlace)}
    assert reach == set(state.board.rail_journeys("paris", 3, 2))
    act(state, "dracula", ChoosePlace("madrid"))
    assert state.hunters["godalming"].location == "paris"  # once the window closes
    _give(state, "dracula", "false_tip")
    assert state.legal_actions("dracula") == [NO_CARD]  # one False Tip per journey
    _close_windows(state)
    assert state.hunters["godalming"].location == "madrid"
    assert "False Tip: Lord Godalming's journey takes him to Madrid." in public_texts(state)
    assert problems_of(state) == []


def test_false_tip_cancels_a_chartered_carriage_and_the_ticket_stays_spent() -> None:
    state = started()
    _give(state, "godalming", "chartered_carriage")
    _give(state, "dracula", "false_tip")
    _ticket(state, "godalming", "ticket_1")
    act(state, "godalming", PlayCard("chartered_carriage"))
    act(state, "godalming", ChoosePlace("venice"))
    act(state, "godalming", Discard("ticket_1"))
    assert _window(state).timing is Timing.HUNTER_SPENDS_TICKET
    act(state, "dracula", PlayCard("false_tip"))
    _close_windows(state)
    assert state.hunters["godalming"].location == "paris"
    assert state.hunters["godalming"].tickets == []
    assert not any(isinstance(d, RailJourney) for d in state.stack)
    assert "False Tip cancels Chartered Carriage: Lord Godalming stays in Paris." in \
        public_texts(state)
    assert state.current_seats() == ("seward",)  # his action is spent


def test_good_luck_cancels_a_false_tip_in_the_hunters_answer() -> None:
    state = started()
    _ticket(state, "godalming", "ticket_3_2")
    _give(state, "dracula", "false_tip")
    _give(state, "seward", "good_luck")
    _give(state, "mina", "money_trail")  # asked too: being asked tells nothing
    act(state, "godalming", Move("berlin", "rail", "ticket_3_2"))
    act(state, "dracula", PlayCard("false_tip"))
    window = _window(state)
    assert window.timing is Timing.FALSE_TIP_PLAYED and window.seats == ("seward", "mina")
    _give(state, "seward", "good_luck")  # his second: nothing left to cancel
    act(state, "seward", PlayCard("good_luck"))  # one effect possible: no choice asked
    assert "Good Luck cancels False Tip." in public_texts(state)
    act(state, "mina", NO_CARD)
    assert state.legal_actions("seward") == [NO_CARD]  # his second Good Luck: nothing to do
    act(state, "seward", NO_CARD)
    _close_windows(state)  # Dracula's, still open
    assert state.hunters["godalming"].location == "berlin"
    assert {"false_tip", "good_luck"} <= set(state.event_deck.discards)


def test_good_luck_by_day_removes_a_roadblock_without_spending_the_action() -> None:
    state = started()
    _give(state, "godalming", "good_luck")
    assert PlayCard("good_luck") not in state.legal_actions("godalming")  # nothing to undo
    state.tokens.roadblocks = [["road", "brussels", "paris"]]
    state.invalidate()
    act(state, "godalming", PlayCard("good_luck"))
    act(state, "godalming", Roadblock("road", "brussels", "paris", remove=True))
    assert state.tokens.roadblocks == []
    assert state.current_seats() == ("godalming",)  # his action is still to come
    act(state, "godalming", Move("brussels", "road"))
    assert state.hunters["godalming"].location == "brussels"


def test_good_luck_discards_draculas_ally_and_not_by_night() -> None:
    state = started()
    _give(state, "godalming", "good_luck")
    state.dracula.ally = "great_wolf"
    state.event_deck.take("great_wolf")
    state.invalidate()
    act(state, "godalming", PlayCard("good_luck"))
    assert state.dracula.ally == "" and "great_wolf" in state.event_deck.discards
    assert "Great Wolf leaves play (Good Luck)." in public_texts(state)
    state2 = started()
    _give(state2, "godalming", "good_luck")
    state2.dracula.ally = "great_wolf"
    state2.time = 1
    state2.stack[-1] = HunterTurns(night=True)
    state2.invalidate()
    assert PlayCard("good_luck") not in state2.legal_actions("godalming")


# -- a hunter moves: Wild Horses, Customs Search ------------------------------------------------

def test_wild_horses_move_the_hunter_before_the_trail_is_checked() -> None:
    """Lord Godalming rides into Brussels, Dracula's city; the wild horses carry him on
    before the trail is checked: Dracula stays hidden, and the hunters cannot rule Brussels
    out."""
    state = started(dracula="brussels")
    trail_of(state, "brussels")
    _give(state, "dracula", "wild_horses")
    act(state, "godalming", Move("brussels", "road"))
    window = _window(state)
    assert window.timing is Timing.HUNTER_MOVES_BY_ROAD
    assert "brussels" in possible_locations(state)  # nothing is checked yet
    act(state, "dracula", PlayCard("wild_horses"))
    options = state.legal_actions("dracula")
    assert ChoosePlace("cologne") in options and ChoosePlace("brussels") not in options
    act(state, "dracula", ChoosePlace("cologne"))
    _give(state, "dracula", "wild_horses")
    assert state.legal_actions("dracula") == [NO_CARD]  # once per move
    _close_windows(state)
    assert state.hunters["godalming"].location == "cologne"
    assert not state.dracula.revealed and not state.trail[0].revealed
    assert "brussels" in possible_locations(state)
    public = public_texts(state)
    assert "Wild horses carry Lord Godalming to Cologne." in public
    assert "Lord Godalming ends his move in Cologne." in public
    assert problems_of(state) == []


def test_without_wild_horses_the_road_move_ends_where_it_went() -> None:
    state = started(dracula="brussels")
    trail_of(state, "brussels")
    _give(state, "dracula", "roadblock")
    act(state, "godalming", Move("brussels", "road"))
    assert state.legal_actions("dracula") == [NO_CARD]  # asked all the same
    act(state, "dracula", NO_CARD)
    assert state.dracula.revealed
    assert possible_locations(state) == ["brussels"]


def test_a_road_move_with_dracula_holding_no_event_ends_at_once() -> None:
    state = started()
    act(state, "godalming", Move("brussels", "road"))
    assert "hunter_arrives" not in [e["kind"] for e in state.log("godalming")]
    assert state.current_seats() == ("seward",)


def test_customs_search_after_a_move_into_the_other_region() -> None:
    state = started(hunters=("munich", "madrid", "rome", "london"))
    _give(state, "godalming", "knife", "crucifix")
    _give(state, "dracula", "customs_search")
    act(state, "godalming", Move("vienna", "road"))  # west to east
    assert _window(state).timing is Timing.HUNTER_MOVES_BY_ROAD
    assert PlayCard("customs_search") not in state.legal_actions("dracula")
    act(state, "dracula", NO_CARD)
    assert _window(state).timing is Timing.HUNTER_CHANGES_REGION
    act(state, "dracula", PlayCard("customs_search"))
    assert state.hunters["godalming"].delayed
    assert state.current_seats() == ("godalming",)
    assert state.legal_actions("godalming") == [ChooseMode("discard_items"),
                                                ChooseMode("suffer_damage")]
    act(state, "godalming", ChooseMode("discard_items"))
    assert state.hunters["godalming"].items == []
    assert {"knife", "crucifix"} <= set(state.item_deck.discards)
    assert "Lord Godalming discards all his items: Knife, Crucifix (Customs Search)." in \
        public_texts(state)


def test_customs_search_the_hunter_may_suffer_three_damage_instead() -> None:
    state = started(hunters=("munich", "madrid", "rome", "london"))
    _give(state, "godalming", "knife")
    _give(state, "dracula", "customs_search")
    act(state, "godalming", Move("vienna", "road"))
    act(state, "dracula", NO_CARD)
    act(state, "dracula", PlayCard("customs_search"))
    act(state, "godalming", ChooseMode("suffer_damage"))
    assert state.hunters["godalming"].damage == 3 and state.hunters["godalming"].items == ["knife"]


def test_no_customs_window_for_a_move_within_a_region() -> None:
    state = started()
    _give(state, "dracula", "customs_search")
    act(state, "godalming", Move("brussels", "road"))
    act(state, "dracula", NO_CARD)  # the road window
    assert state.stack[-1].KIND == "hunter_turns"


# -- a hunter searches: Seduction ----------------------------------------------------------------

def _vampire_hideout(state: ModernState) -> None:
    """Paris, face up on trail space 2, holds a vampire and Rats; Lord Godalming is there."""
    state.trail = [Hideout("berlin"), Hideout("paris", revealed=True)]
    state.trail[1].add_encounter("new_vampire")
    state.trail[1].add_encounter("rats")
    for card in ("new_vampire", "rats"):
        if card in state.encounter_deck.cards:
            state.encounter_deck.take(card)
        else:
            state.dracula.encounters.remove(card)
    state.invalidate()


def test_seduction_bites_the_searcher_and_takes_the_vampire_back() -> None:
    state = started()
    _vampire_hideout(state)
    _give(state, "dracula", "seduction")
    act(state, "godalming", SEARCH)
    assert _window(state).timing is Timing.HUNTER_SEARCHES
    act(state, "dracula", PlayCard("seduction"))
    _close_windows(state)
    assert state.hunters["godalming"].bites == 1
    assert "new_vampire" in state.dracula.encounters
    hunters = _texts(state, "seward")
    assert "Seduction: Dracula takes a vampire encounter from Paris back into his hand." in \
        hunters
    assert "New Vampire" not in hunters.split("Seduction")[-1].split(".")[0]
    assert "Dracula takes New Vampire back into his hand." in _texts(state, "dracula")
    assert "searches Paris: one encounter." in hunters  # the search goes on with the Rats


def test_seduction_ruling_takes_an_aristocratic_vampire_too() -> None:
    """A ruling: Seduction names a "vampire encounter", which Vampire Encounters defines as
    New, Aristocratic and Reckless Vampire; the Aristocratic Vampire is never fought, but
    the searcher is bitten instead of meeting it all the same."""
    state = started()
    state.trail = [Hideout("berlin"), Hideout("paris", revealed=True)]
    state.trail[1].add_encounter("aristocratic_vampire")
    if "aristocratic_vampire" in state.encounter_deck.cards:
        state.encounter_deck.take("aristocratic_vampire")
    else:
        state.dracula.encounters.remove("aristocratic_vampire")
    state.invalidate()
    _give(state, "dracula", "seduction")
    act(state, "godalming", SEARCH)
    act(state, "dracula", PlayCard("seduction"))
    _close_windows(state)
    assert state.hunters["godalming"].bites == 1
    assert "aristocratic_vampire" in state.dracula.encounters


def test_seduction_is_not_offered_without_a_vampire_but_dracula_is_asked() -> None:
    state = started()
    _vampire_hideout(state)
    state.dracula.encounters.append(state.trail[1].take_encounter(0)[0])
    _give(state, "dracula", "seduction")
    act(state, "godalming", SEARCH)
    assert state.legal_actions("dracula") == [NO_CARD]


# -- a hunter plays an event: Sensationalist Press -----------------------------------------------

def test_sensationalist_press_cancels_local_rumors() -> None:
    state = started(hunters=("hamburg", "madrid", "rome", "vienna"))  # Dracula in Berlin
    trail_of(state, "berlin")
    _give(state, "dracula", "sensationalist_press")
    state.event_deck.take("local_rumors")
    state.event_deck.put_top("local_rumors")
    act(state, "godalming", SUPPLY)  # Local Rumors is played at once
    window = _window(state)
    assert window.timing is Timing.HUNTER_PLAYS_EVENT and window.card == "local_rumors"
    assert "as Lord Godalming plays Local Rumors" in state.prompt("dracula")
    act(state, "dracula", PlayCard("sensationalist_press"))
    assert not state.trail[0].revealed
    assert "Sensationalist Press cancels Local Rumors." in public_texts(state)
    assert {"local_rumors", "sensationalist_press"} <= set(state.event_deck.discards)
    assert "berlin" in possible_locations(state)


def test_the_cancel_window_opens_only_for_the_events_it_names() -> None:
    state = started()
    _give(state, "dracula", "sensationalist_press")
    _give(state, "godalming", "blood_transfusion")
    state.hunters["seward"].location = "paris"
    state.hunters["seward"].bites = 1
    state.invalidate()
    act(state, "godalming", PlayCard("blood_transfusion"))
    assert not any(isinstance(d, CardWindow) and d.timing is Timing.HUNTER_PLAYS_EVENT
                   for d in state.stack)


# -- Consecrated Ground and the tracker -----------------------------------------------------------

def _night(state: ModernState) -> None:
    state.time = 1
    state.stack[-1] = HunterTurns(night=True)
    state.invalidate()


def test_consecrated_ground_and_a_heavenly_host_revealed() -> None:
    state = started()
    trail_of(state, "berlin", "hamburg")
    _night(state)
    _give(state, "godalming", "consecrated_ground")
    _give(state, "seward", "heavenly_host")
    _give(state, "mina", "knife")  # asked too, may only decline
    act(state, "godalming", PlayCard("consecrated_ground"))
    cities = state.legal_actions("godalming")
    assert ChoosePlace("castle_dracula") not in cities and ChoosePlace("galatz") not in cities
    assert ChoosePlace("klausenburg") not in cities
    act(state, "godalming", ChoosePlace("leipzig"))  # not on the trail
    assert state.tokens.consecrated == "leipzig"
    assert "Leipzig is not on Dracula's trail." in public_texts(state)
    assert state.current_seats() == ("seward",)
    assert ChoosePlace("leipzig") not in state.legal_actions("seward")
    act(state, "seward", ChoosePlace("hamburg"))
    assert state.tokens.hosts == ["hamburg"] and state.trail[1].revealed
    assert "Dr. Seward reveals Heavenly Host." in public_texts(state)
    assert state.legal_actions("mina") == [NO_CARD]
    act(state, "mina", NO_CARD)
    assert "heavenly_host" in state.hunters["seward"].items  # revealed, kept
    assert problems_of(state) == []


def test_consecrated_ground_on_draculas_city_reveals_it_and_he_must_leave() -> None:
    state = started()
    trail_of(state, "berlin")
    _night(state)
    _give(state, "godalming", "consecrated_ground")
    act(state, "godalming", PlayCard("consecrated_ground"))
    act(state, "godalming", ChoosePlace("berlin"))
    assert state.trail[0].revealed and state.dracula.must_leave
    assert possible_locations(state) == ["berlin"]


def test_the_tracker_reads_holy_tokens() -> None:
    """A holy token on a city with no hideout tells the table no face-down card is that
    city; Dracula may not enter a holy city, so the tracker moves him into none."""
    state = started(hunters=("madrid", "lisbon", "rome", "london"), dracula="berlin")
    trail_of(state, "berlin")
    _night(state)
    _give(state, "godalming", "consecrated_ground")
    act(state, "godalming", PlayCard("consecrated_ground"))
    act(state, "godalming", ChoosePlace("leipzig"))
    rows = hypotheses(state)
    assert rows and all("leipzig" not in row["trail"] for row in rows)
    while state.current_seats() != ("dracula",):
        seat = state.current_seats()[0]
        act(state, seat, PASS if PASS in state.legal_actions(seat) else NO_CARD)
    assert MoveTo("leipzig") not in state.legal_actions("dracula")
    act(state, "dracula", MoveTo("hamburg"))
    while "dracula" in state.current_seats():
        act(state, "dracula", state.legal_actions("dracula")[0])
    places = set(possible_locations(state))
    assert "hamburg" in places and "leipzig" not in places


# -- Dracula's Brides ----------------------------------------------------------------------------

def _dracula_receives(state: ModernState, card: str) -> None:
    """A hunter's Supply by night draws ``card`` from the bottom: it goes to Dracula."""
    state.event_deck.take(card)
    state.event_deck.cards.insert(0, card)
    state.time = 1
    state.stack[:] = [DraculaPhase(), HunterTurns(night=True)]
    state.invalidate()
    act(state, "godalming", SUPPLY)


def test_draculas_brides_desecrate_one_or_two_hideouts_on_trail_spaces_1_to_3() -> None:
    state = started()
    trail_of(state, "berlin", "hamburg", "north_sea", "leipzig")
    _dracula_receives(state, "draculas_brides")
    assert state.legal_actions("dracula") == [ChooseMode("desecrate"), ChooseMode("ally")]
    act(state, "dracula", ChooseMode("desecrate"))
    options = state.legal_actions("dracula")
    assert options == [ChooseMode("trail_space_1"), ChooseMode("trail_space_2")]  # no sea
    act(state, "dracula", ChooseMode("trail_space_2"))
    first = state.legal_actions("dracula")[0]
    assert isinstance(first, PlaceEncounter)
    act(state, "dracula", first)
    assert state.trail[1].encounters == [first.encounter]
    assert NO_CARD in state.legal_actions("dracula")  # a second is his choice
    assert ChooseMode("trail_space_2") not in state.legal_actions("dracula")
    act(state, "dracula", ChooseMode("trail_space_1"))
    act(state, "dracula", state.legal_actions("dracula")[0])
    assert len(state.trail[0].encounters) == 1
    hunters = _texts(state, "godalming")
    assert "Dracula's Brides: Dracula puts an encounter face down on trail space 2." in hunters
    assert state.rules.name(first.encounter) not in hunters.split("Brides")[-1]
    assert "draculas_brides" in state.event_deck.discards
    assert "berlin" in possible_locations(state)
    assert problems_of(state) == []


def test_draculas_brides_as_an_ally_swap_an_encounter_at_the_start_of_his_phase() -> None:
    state = started()
    _dracula_receives(state, "draculas_brides")
    act(state, "dracula", ChooseMode("ally"))
    assert state.dracula.ally == "draculas_brides"
    while state.current_seats() != ("dracula",):
        seat = state.current_seats()[0]
        act(state, seat, PASS if PASS in state.legal_actions(seat) else NO_CARD)
    top = state.stack[-1]
    assert isinstance(top, CardStep) and top.step == "swap"
    hand = list(state.dracula.encounters)
    assert state.legal_actions("dracula")[0] == NO_CARD
    act(state, "dracula", Discard(hand[0]))
    assert len(state.dracula.encounters) == len(hand)
    assert hand[0] in state.encounter_deck.discards
    assert "Dracula's Brides: Dracula discards an encounter and draws another." in \
        public_texts(state)
    assert state.stack[-1].KIND == "dracula_phase"


# -- secrecy: states resampled for a hunter show him the same -----------------------------------

def _same_surface_in_resamples(state: ModernState, viewer: str) -> None:
    tracker = tracker_of(state)
    want = _surface(state, viewer)
    twins = [t for s in range(20) if (t := draw(state, viewer, s, Dice(s), tracker)) is not None]
    assert twins
    for twin in twins:
        assert _surface(twin, viewer) == want


def test_a_hunter_sees_the_same_whatever_dracula_holds_in_his_windows() -> None:
    """While Dracula's window after a road move waits, and while he chooses where the wild
    horses go, a state resampled for another hunter (Dracula's hand drawn afresh) shows that
    hunter the same observation, legal actions and prompts."""
    state = started(dracula="brussels")
    trail_of(state, "brussels")
    _give(state, "dracula", "wild_horses", "roadblock")
    act(state, "godalming", Move("brussels", "road"))
    _same_surface_in_resamples(state, "seward")
    act(state, "dracula", PlayCard("wild_horses"))
    _same_surface_in_resamples(state, "seward")
    act(state, "dracula", ChoosePlace("cologne"))
    _close_windows(state)
    _same_surface_in_resamples(state, "seward")


def test_renewed_vigour_chartered_carriage_is_a_move() -> None:
    """Renewed Vigour's extra action may not be a second Move: Chartered Carriage is one."""
    state = started()
    _give(state, "godalming", "chartered_carriage")
    _ticket(state, "godalming", "ticket_1")
    state.stack[-1] = HunterTurns(night=False, vigour=True)
    state.invalidate()
    act(state, "godalming", Move("brussels", "road"))
    assert state.current_seats() == ("godalming",)  # his extra action
    assert PlayCard("chartered_carriage") not in state.legal_actions("godalming")


def test_draculas_brides_desecrate_two_hideouts_at_most() -> None:
    state = started()
    trail_of(state, "berlin", "hamburg", "leipzig")
    _dracula_receives(state, "draculas_brides")
    act(state, "dracula", ChooseMode("desecrate"))
    for space in ("trail_space_3", "trail_space_1"):
        act(state, "dracula", ChooseMode(space))
        act(state, "dracula", state.legal_actions("dracula")[0])
    assert not any(isinstance(d, CardStep) and d.card == "draculas_brides" for d in state.stack)
    assert [len(h.encounters) for h in state.trail] == [1, 0, 1]


def test_heavenly_hosts_leave_at_dawn_and_the_tracker_knows() -> None:
    state = started()
    trail_of(state, "berlin")
    _night(state)
    _give(state, "godalming", "consecrated_ground")
    _give(state, "godalming", "heavenly_host")
    act(state, "godalming", PlayCard("consecrated_ground"))
    act(state, "godalming", ChoosePlace("leipzig"))
    act(state, "godalming", ChoosePlace("hamburg"))
    assert tracker_of(state).table.holy == {"leipzig", "hamburg"}
    while not any(e["kind"] == "dawn" for e in state.log("godalming")):
        seat = state.current_seats()[0]
        legal = state.legal_actions(seat)
        act(state, seat, PASS if PASS in legal else NO_CARD if NO_CARD in legal else legal[0])
    assert state.tokens.hosts == []
    assert tracker_of(state).table.holy == {"leipzig"}


def test_a_save_in_draculas_windows_reads_back_and_plays_on_alike() -> None:
    """A save taken while a journey, a road move's end or a False Tip waits below a window
    reads back to the same state, which plays on the same."""
    state = started()
    _ticket(state, "godalming", "ticket_3_2")
    _give(state, "dracula", "false_tip", "wild_horses")
    _give(state, "seward", "good_luck")
    act(state, "godalming", Move("berlin", "rail", "ticket_3_2"))
    act(state, "dracula", PlayCard("false_tip"))
    for _ in range(8):
        assert problems_of(state) == []
        text = state.to_json()
        twin = state.game.from_json(text)
        assert twin.to_json() == text
        if state.is_over:
            break
        seat = state.current_seats()[0]
        action = state.legal_actions(seat)[-1]
        assert twin.legal_actions(seat) == state.legal_actions(seat)
        state.apply(seat, action)
        twin.apply(seat, action)
        assert twin.to_json() == state.to_json()


def test_wild_horses_ruling_no_window_after_a_ride_of_fast_horses() -> None:
    """Ruling (docs/fury_modern.md): "after a hunter moves by road" is the Move action by
    road; a ride of Fast Horses (or Sense of Emergency) is a card's effect, and Dracula,
    holding Wild Horses, is not asked."""
    state = started()  # Godalming in Paris, by day
    _give(state, "dracula", "wild_horses")
    _give(state, "godalming", "fast_horses")
    state.tickets = ["ticket_3_2"]
    state.invalidate()
    act(state, "godalming", PlayCard("fast_horses"))
    act(state, "godalming", ChoosePlace("brussels"))
    assert state.hunters["godalming"].location == "brussels"
    assert state.current_seats() == ("seward",)
