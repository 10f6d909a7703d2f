"""New Weapons and Events: what a Hunter takes from a Town, and the limits on holding.

In a Small Town a Hunter takes one Weapon Chit or Event Card; in a Large Town one
or two, in any mix, declared before anything is taken. Weapons come at random
from the Weapons Pool; Event Cards from the bottom of the Draw Pile (its top card
is never taken), a card with a bat on its back going to Dracula unseen. No one
holds more than three Weapon Chits (a placed Host does not count) or three Event
Cards: the holder chooses what to discard. A group takes no more than one Hunter
would, sharing it out as its members decide. Cards that are not Keep are played at
once (:mod:`fury1987.events`); the others are kept, as ids, in hand.
"""

from __future__ import annotations

import functools
from itertools import combinations_with_replacement
from typing import TYPE_CHECKING

import attrs

from gothic_kernel import Action, event

from .actions import (
    KEEP_WEAPONS,
    REVEAL_DOGS,
    DiscardEvent,
    DiscardWeapon,
    KeepWeapons,
    PlayEvent,
    RevealDogs,
    TakeItems,
    action_of,
)
from .decisions import SeatDecides
from .events import hand_limit_plays, play_over_limit, queue_drawn
from .labels import label, take_items
from .seats import DRACULA, DRACULA_SCOPE, HUNTER_NAMES, HUNTERS_SCOPE
from .state import EVENT_LIMIT, WEAPON_LIMIT, agree, counted
from .wording import names, place_name, seat_list, seat_name

if TYPE_CHECKING:
    from .state import FuryState

RULE_ITEMS = "Hunters' Action Phases - New Weapons and Events"
RULE_EVENT_CARDS = "Event Cards"


@attrs.frozen
class ItemChoice(SeatDecides):
    """New Weapons and Events: declare what is taken."""

    KIND = "item_choice"
    RULE = RULE_ITEMS
    seat: str
    members: tuple[str, ...]
    town: str
    limit: int

    def legal_actions(self, state: FuryState, seat: str) -> list[Action]:
        return item_options(state, self, seat)

    def apply(self, state: FuryState, seat: str, action: Action) -> None:
        apply_items(state, self, seat, action)

    def question(self, state: FuryState, seat: str) -> str:
        up_to = "one item" if self.limit == 1 else f"up to {self.limit} items"
        return (f"{seat_list(self.members)}: declare the Weapon Chits and Event Cards taken "
                f"in {place_name(state, self.town)}, {up_to} (New Weapons and Events)")

    def describe(self, state: FuryState, seat: str, action: Action) -> str:
        if isinstance(action, TakeItems):
            return take_items(state, self.members, action)
        return label(state, seat, action)


@attrs.frozen
class NewWeapons(SeatDecides):
    """A Hunter has drawn Weapon Chits: he may reveal Dogs "when he draws it", and over
    three he discards the extra ones (asked after every draw, whatever was drawn, so
    that the question itself tells Dracula nothing)."""

    KIND = "new_weapons"
    RULE = RULE_ITEMS
    seat: str

    def legal_actions(self, state: FuryState, seat: str) -> list[Action]:
        return new_weapons_options(state, self, seat)

    def apply(self, state: FuryState, seat: str, action: Action) -> None:
        apply_new_weapons(state, self, seat, action)

    def question(self, state: FuryState, seat: str) -> str:
        hunter = state.hunters[seat]
        held = len(hunter.weapons)
        if held > WEAPON_LIMIT:
            return (f"{seat_name(seat)}: you hold {held} Weapon Chits; discard one (never "
                    "more than three)")
        if hunter.holds_hidden("dogs"):
            return f"{seat_name(seat)}: reveal the Dogs you hold, or keep your Weapon Chits"
        return f"{seat_name(seat)}: you have drawn your Weapon Chits; keep them"


@attrs.frozen
class EventDiscard(SeatDecides):
    """More than three Event Cards: the holder discards the extra ones (nobody decides
    if he is back within the limit by the time it comes up)."""

    KIND = "event_discard"
    RULE = RULE_EVENT_CARDS
    seat: str

    def deciders(self, state: FuryState) -> tuple[str, ...]:
        return (self.seat,) if over_the_limit(state, self.seat) else ()

    def legal_actions(self, state: FuryState, seat: str) -> list[Action]:
        return event_discard_options(state, self, seat)

    def apply(self, state: FuryState, seat: str, action: Action) -> None:
        apply_event_discard(state, self, seat, action)

    def run(self, state: FuryState) -> None:
        run_event_discard(state, self)

    def question(self, state: FuryState, seat: str) -> str:
        return (f"{seat_name(seat)}: you hold more than three Event Cards; discard one or "
                "play one at once (Event Cards)")


def item_options(state: FuryState, record: ItemChoice, seat: str) -> list[Action]:
    """Every declaration: which Hunter receives each Weapon Chit and each Event Card."""
    return list(_declarations(state.still_alive(record.members), record.limit))


@functools.cache
def _declarations(members: tuple[str, ...], limit: int) -> tuple[TakeItems, ...]:
    """The declarations of ``members`` taking up to ``limit`` items (worked out once)."""
    options = [TakeItems()]
    for count in range(1, limit + 1):
        for weapons in range(count + 1):
            for to_weapons in combinations_with_replacement(members, weapons):
                for to_events in combinations_with_replacement(members, count - weapons):
                    options.append(TakeItems(to_weapons, to_events))
    return tuple(options)


def apply_items(state: FuryState, record: ItemChoice, seat: str, action: Action) -> None:
    assert isinstance(action, TakeItems)
    state.stack.pop()
    members = state.still_alive(record.members)
    for member in members:
        state.hunters[member].took_items = True
    if not action.weapons and not action.events:
        state.say("no_items", f"{names(members)} {agree(members, 'takes', 'take')} nothing "
                  f"from {record.town}",
                  hunters=list(members))
        return
    state.say("items_declared", f"{names(members)} {agree(members, 'takes', 'take')} "
              f"{_items_taken(len(action.weapons), len(action.events))} in {record.town}",
              hunters=list(members), weapons=list(action.weapons), events=list(action.events))
    for taker in action.weapons:
        draw_weapon(state, taker)
    drawn = [(taker, card) for taker in action.events
             if (card := draw_event(state, taker)) is not None]
    _enforce_limits(state, members, drew=action.weapons)
    # "Event Cards must be played immediately unless they have Keep printed on them."
    queue_drawn(state, record.seat, members,
                [(t, c) for t, c in drawn if c in state.hunters[t].events])


def _items_taken(weapons: int, events: int) -> str:
    """ "2 Weapon Chits and 1 Event Card", leaving out what was not taken."""
    parts = [counted(n, noun) for n, noun in ((weapons, "Weapon Chit"), (events, "Event Card"))
             if n]
    return " and ".join(parts)


def draw_weapon(state: FuryState, seat: str) -> str | None:
    """A Weapon Chit at random from the Weapons Pool (its discards remixed when empty)."""
    weapon = state.draw_weapon_chit()
    if weapon is None:
        state.say("pool_empty", "The Weapons Pool is empty", hunter=seat)
        return None
    state.hunters[seat].weapons.append(weapon)
    name = HUNTER_NAMES[seat]
    state.tell(event("weapon_drawn", f"{name} takes a {weapon} Weapon Chit",
                     hunter=seat, weapon=weapon), HUNTERS_SCOPE,
               event("weapon_drawn", f"{name} takes a Weapon Chit", hunter=seat))
    return weapon


def draw_event(state: FuryState, seat: str) -> str | None:
    """An Event Card from the bottom of the Draw Pile: a cross for the Hunter, a bat for
    Dracula, given to him unseen."""
    deck = state.event_deck
    if not deck.can_draw():
        state.say("no_event", "No Event Card can be taken: only the top card is left",
                  hunter=seat)
        return None
    card = deck.draw_bottom(state.dice)
    name = HUNTER_NAMES[seat]
    if state.rules.events[card].back == "bat":
        state.dracula.events.append(card)
        state.tell(event("event_to_dracula", f"{name} draws "
                         f"{state.rules.events[card].name}, an Event Card with a Bat "
                         "on its back, and gives it to Dracula", hunter=seat, card=card),
                   DRACULA_SCOPE,
                   event("event_to_dracula", f"{name} draws an Event Card with a Bat on its "
                         "back and gives it to Dracula unseen", hunter=seat))
    else:
        state.hunters[seat].events.append(card)
        state.tell(event("event_drawn", f"{name} takes the {card} Event Card",
                         hunter=seat, card=card), HUNTERS_SCOPE,
                   event("event_drawn", f"{name} takes an Event Card", hunter=seat))
    return card


def _enforce_limits(state: FuryState, members: tuple[str, ...],
                    drew: tuple[str, ...] = ()) -> None:
    """Push the decisions after drawing: the new-weapons step of every Hunter who drew a
    Weapon Chit, and a discard for everyone over the Event Card limit."""
    if len(state.dracula.events) > EVENT_LIMIT:
        state.stack.append(EventDiscard(DRACULA))
    for member in reversed(members):
        hunter = state.hunters[member]
        kept = [c for c in hunter.events if state.rules.events[c].keep]
        if len(kept) > EVENT_LIMIT:
            state.stack.append(EventDiscard(member))
        if member in drew:
            state.stack.append(NewWeapons(member))


def new_weapons_options(state: FuryState, record: NewWeapons, seat: str) -> list[Action]:
    """Reveal Dogs just drawn; discard down to three; or be done."""
    hunter = state.hunters[seat]
    options: list[Action] = []
    if hunter.holds_hidden("dogs"):
        options.append(REVEAL_DOGS)
    if len(hunter.weapons) > WEAPON_LIMIT:
        options.extend(action_of(DiscardWeapon, w) for w in sorted(set(hunter.weapons)))
    else:
        options.append(KEEP_WEAPONS)
    return options


def apply_new_weapons(state: FuryState, record: NewWeapons, seat: str,
                      action: Action) -> None:
    """Reference 3 - Dogs: revealed "either when he draws it or at the start of any
    Movement Phase"; extra Weapon Chits are discarded beside the Pool, not into it."""
    hunter = state.hunters[seat]
    name = HUNTER_NAMES[seat]
    if isinstance(action, RevealDogs):
        hunter.show("dogs")
        state.say("dogs_revealed", f"{name} reveals Dogs and puts them face up", hunter=seat)
        return
    if isinstance(action, KeepWeapons):
        state.stack.pop()
        return
    assert isinstance(action, DiscardWeapon)
    shown = hunter.seen_if_lost(action.weapon)
    hunter.lose_weapon(action.weapon)
    state.weapons_pool.set_aside(action.weapon)
    if shown:
        state.public_weapon_discards.append(action.weapon)
        state.say("weapon_discarded", f"{name} discards {action.weapon}", hunter=seat,
                  weapon=action.weapon)
    else:
        state.tell(event("weapon_discarded", f"{name} discards {action.weapon}",
                         hunter=seat, weapon=action.weapon), HUNTERS_SCOPE,
                   event("weapon_discarded", f"{name} discards a Weapon Chit",
                         hunter=seat))


def over_the_limit(state: FuryState, seat: str) -> bool:
    """Whether ``seat`` still holds more than three Event Cards (a card drawn with the
    extra one may have been played at once in between, and Dracula may have played his
    in the fight it started: then there is nothing left to discard)."""
    held = state.dracula.events if seat == DRACULA else state.hunters[seat].events
    return len(held) > EVENT_LIMIT


def run_event_discard(state: FuryState, record: EventDiscard) -> None:
    """The holder is back within the limit before his discard came up: nothing to do."""
    state.stack.pop()


def event_discard_options(state: FuryState, record: EventDiscard, seat: str) -> list[Action]:
    """Over the limit: discard a card, or play one of the extra cards immediately when
    its effect can be had now (``events.hand_limit_plays``)."""
    held = state.dracula.events if seat == DRACULA else state.hunters[seat].events
    options: list[Action] = [DiscardEvent(c) for c in sorted(set(held))]
    options.extend(hand_limit_plays(state, seat))
    return options


def apply_event_discard(state: FuryState, record: EventDiscard, seat: str,
                        action: Action) -> None:
    """Event Cards: "If, for any reason, someone ends up with more than three cards the
    extras must be discarded or played immediately. The card holder chooses the cards to
    be discarded or played." Once back to three the step is over."""
    held = state.dracula.events if seat == DRACULA else state.hunters[seat].events
    if isinstance(action, PlayEvent):
        if len(held) - 1 <= EVENT_LIMIT:
            state.stack.pop()
        play_over_limit(state, seat, action.card)
        return
    assert isinstance(action, DiscardEvent)
    held.remove(action.card)
    state.event_deck.discard(action.card)  # discards are stacked face up
    who = "Dracula" if seat == DRACULA else HUNTER_NAMES[seat]
    state.say("event_discarded", f"{who} discards the {action.card} Event Card",
              seat=seat, card=action.card)
    if len(held) <= EVENT_LIMIT:
        state.stack.pop()
