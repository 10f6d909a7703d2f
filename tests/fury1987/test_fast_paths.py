"""The paths written out for speed give what the plain rules give.

Random play runs through a few of the game's steps at almost every action: the Event
Card windows and the cards a seat may play in his own decision (read from tables made
once), a Pass's discard choices and a Town's road moves. Each is checked here against the
plain reading of its rule, position by position over seeded random games.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from fury1987.actions import (
    NO_EVENT,
    ChoosePlace,
    DiscardWeapon,
    MoveTo,
    PlaceEncounter,
    PlayEvent,
    StartIn,
    SwapEncounters,
    SwapWeapons,
    action_of,
)
from fury1987.dracula import swap_options
from fury1987.events import EventWindow, OffersEventCards, card_rule, hand
from fury1987.movement import HunterMovement, WeaponSwap, _road_moves
from fury1987.movement import swap_options as weapon_swap_options
from fury1987.state import FuryState
from gothic_kernel import Action

from .helpers import new_state, started

SEEDS = range(4)


def positions(seed: int, steps: int = 1500) -> Iterator[FuryState]:
    """The positions of a seeded random game, one after another (the same object)."""
    state, pick = new_state(seed), random.Random(seed)
    for _ in range(steps):
        if state.is_over:
            return
        yield state
        seat = state.current_seats()[0]
        state.apply(seat, pick.choice(state.legal_actions(seat)))


def window_actions(state: FuryState, window: EventWindow, seat: str) -> list[Action]:
    """A window's actions as its rule reads: no card, then each card of the seat's hand
    (once, in the order of the ids) that this window offers and that is eligible now."""
    options: list[Action] = [NO_EVENT]
    for card_id in dict.fromkeys(sorted(hand(state, seat))):
        rule = card_rule(card_id)
        if window.timing in rule.WINDOWS and rule.eligible(state, window, seat):
            options.append(PlayEvent(card_id))
    return options


def own_card_offers(state: FuryState, record: OffersEventCards, seat: str) -> list[Action]:
    """The cards a seat may play in his own decision, asking every card's rule."""
    return [PlayEvent(card_id) for card_id in dict.fromkeys(sorted(hand(state, seat)))
            if card_rule(card_id).offered_in(state, record, seat)]


@pytest.mark.parametrize("seed", SEEDS)
def test_windows_and_own_decisions_offer_what_every_cards_rule_says(seed: int) -> None:
    windows = offers = 0
    for state in positions(seed):
        top, seat = state.stack[-1], state.current_seats()[0]
        if isinstance(top, EventWindow):
            assert state.legal_actions(seat) == window_actions(state, top, seat)
            windows += 1
        elif isinstance(top, OffersEventCards):
            found = OffersEventCards.card_offers(top, state, seat)
            assert found == own_card_offers(state, top, seat)
            offers += 1
    assert windows > 100 and offers > 50


def test_who_acts_and_what_he_may_do_come_from_the_top_record() -> None:
    state = new_state()
    assert state.current_seats() == ("godalming",)
    assert state._legal_actions("dracula") == ()
    assert StartIn("paris") in state._legal_actions("godalming")
    state.stack.clear()
    assert state.current_seats() == () and state._legal_actions("godalming") == ()


def discards(actions: list[Action]) -> list[tuple[str, ...]]:
    """What each choice of a Pass discards (every action must be one)."""
    found = [a.discard for a in actions if isinstance(a, SwapEncounters | SwapWeapons)]
    assert len(found) == len(actions)
    return found


def test_the_discard_choices_of_a_pass_are_every_distinct_choice_each_time_a_fresh_list(
) -> None:
    state = started()
    state.dracula.encounter_set = ["rats", "wolves", "rats", "bats"]
    first = swap_options(state)
    assert discards(first) == [
        (), ("bats",), ("rats",), ("wolves",), ("bats", "rats"), ("bats", "wolves"),
        ("rats", "rats"), ("rats", "wolves"), ("bats", "rats", "rats"),
        ("bats", "rats", "wolves"), ("rats", "rats", "wolves"),
        ("bats", "rats", "rats", "wolves")]
    first.clear()  # a caller may do as he likes with his list
    assert len(swap_options(state)) == 12
    hunter = state.hunters["godalming"]
    hunter.weapons = ["knife", "crucifix", "knife"]
    record = WeaponSwap(("godalming",))
    weapons = weapon_swap_options(state, record, "godalming")
    assert discards(weapons) == [
        (), ("crucifix",), ("knife",), ("crucifix", "knife"), ("knife", "knife"),
        ("crucifix", "knife", "knife")]
    weapons.pop()
    assert len(weapon_swap_options(state, record, "godalming")) == 6


def test_the_road_moves_made_once_per_town_are_the_maps_roads() -> None:
    state = started()
    board = state.board
    for town in board.towns:
        assert _road_moves(board, town) == tuple(MoveTo(p) for p in board.road[town])
    seat = "godalming"
    while state.current_seats() != (seat,) or not isinstance(state.stack[-1], HunterMovement):
        who = state.current_seats()[0]
        state.apply(who, state.legal_actions(who)[0])
    legal = state.legal_actions(seat)
    here = state.hunters[seat].location
    assert here is not None
    assert [a for a in legal if isinstance(a, MoveTo)][:len(board.road[here])] == list(
        _road_moves(board, here))


def test_an_action_listed_once_per_kind_and_value_is_the_action_the_kind_makes() -> None:
    """``action_of``: one object per kind and value, equal to the one the kind makes (and
    of that kind: a card and a chit of the same name stay apart)."""
    place = action_of(ChoosePlace, "paris")
    assert place == ChoosePlace("paris") and type(place) is ChoosePlace
    assert action_of(ChoosePlace, "paris") is place
    assert action_of(ChoosePlace, "rome") == ChoosePlace("rome")
    card = action_of(PlayEvent, "paris")
    assert card == PlayEvent("paris") and card.holder == "" and type(card) is PlayEvent
    assert action_of(PlaceEncounter, "rats").to_json() == PlaceEncounter("rats").to_json()
    assert action_of(DiscardWeapon, "knife") in [DiscardWeapon("knife")]
