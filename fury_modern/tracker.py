"""Where Dracula may be, from what the table has seen; and resampling what a viewer cannot see.

FIRST SLICE: ``possible_locations`` narrows the places only by what lies face up (a
revealed trail card, Dracula's figure, the Castle's back); ``resample_hidden`` redraws the
hands, tickets and decks a viewer cannot see and keeps the trail as it is. The tracker of
the whole public history replaces both (issue 16).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .rules import DRACULA, HUNTERS

if TYPE_CHECKING:
    from .state import ModernState


def possible_locations(state: ModernState) -> list[str]:
    """The places where Dracula may be, as the hunters see it."""
    if not state.trail:
        return []
    if state.dracula.revealed:
        return [state.dracula_location]
    current = state.current_hideout
    if current is not None and (current.revealed or current.card == "castle_dracula"):
        return [current.card]
    on_trail = {h.card for h in state.trail if h.revealed}
    return [p for p in state.board.places if not state.board.is_hospital(p)
            and p not in on_trail and p != "castle_dracula"]


def resample_hidden(state: ModernState, viewer: str, seed: int) -> ModernState:
    """A state ``viewer`` cannot tell apart from ``state``: the hands, tickets and deck orders
    it cannot see are dealt afresh."""
    twin = state.clone()
    twin.dice = state.dice.reseeded(seed)
    dice = twin.dice
    hidden_hands = [h for h in HUNTERS if h != viewer]
    items = [c for h in hidden_hands for c in twin.hunters[h].items] + twin.item_deck.cards
    events = [c for h in hidden_hands for c in twin.hunters[h].events] + twin.event_deck.cards
    tickets = [t for h in hidden_hands for t in twin.hunters[h].tickets] + twin.tickets
    hunter_events = [c for c in events if state.rules.events[c].owner != DRACULA]
    dracula_events = [c for c in events if state.rules.events[c].owner == DRACULA]
    if viewer != DRACULA:
        dracula_events += twin.dracula.events
        encounters = twin.dracula.encounters + twin.encounter_deck.cards
        dice.shuffle(encounters)
        hand = len(twin.dracula.encounters)
        twin.dracula.encounters = sorted(encounters[:hand])
        twin.encounter_deck.cards = encounters[hand:]
    for pile in (items, hunter_events, dracula_events, tickets):
        dice.shuffle(pile)
    for seat in hidden_hands:
        hunter = twin.hunters[seat]
        hunter.items = [items.pop() for _ in hunter.items]
        hunter.events = [hunter_events.pop() if state.rules.events[c].owner != DRACULA
                         else dracula_events.pop() for c in hunter.events]
        hunter.tickets = sorted(tickets.pop() for _ in hunter.tickets)
    if viewer != DRACULA:
        twin.dracula.events = sorted(dracula_events.pop() for _ in twin.dracula.events)
    rest = hunter_events + dracula_events
    dice.shuffle(rest)
    twin.item_deck.cards, twin.event_deck.cards, twin.tickets = items, rest, tickets
    return twin
