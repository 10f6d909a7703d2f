"""Helpers for the Event Card tests: dealing cards and Weapon Chits, passing windows."""

from __future__ import annotations

from fury1987.actions import NO_EVENT, PlayEvent
from fury1987.state import DRACULA, FuryState

from .helpers import act, kind


def give(state: FuryState, seat: str, *cards: str) -> None:
    """Move these cards from the Draw Pile into ``seat``'s hand."""
    hand = state.dracula.events if seat == DRACULA else state.hunters[seat].events
    for card in cards:
        state.event_deck.cards.remove(card)
        hand.append(card)
    state.invalidate()


def arm(state: FuryState, seat: str, *weapons: str) -> None:
    """Give a Hunter exactly these Weapon Chits (his old ones back to the Pool)."""
    hunter = state.hunters[seat]
    state.weapons_pool.bag.extend(hunter.weapons)
    hunter.weapons = [state.weapons_pool.take(w) for w in weapons]
    state.invalidate()


def on_top(state: FuryState, *cards: str) -> None:
    """The next cards drawn (from the bottom of the pile) are these, in order."""
    for card in cards:
        state.event_deck.cards.remove(card)
    state.event_deck.cards[:0] = cards
    state.invalidate()


def window(state: FuryState) -> str:
    """The timing of the open Event Card window ("" if none is open)."""
    top = state.stack[-1] if state.stack else None
    return getattr(top, "timing", "") if kind(state) == "event_window" else ""


def play(state: FuryState, seat: str, card: str, holder: str = "") -> None:
    act(state, seat, PlayEvent(card, holder))


def pass_windows(state: FuryState) -> None:
    """Every seat asked in the open windows plays nothing."""
    while kind(state) == "event_window":
        act(state, state.current_seats()[0], NO_EVENT)


def take_chit(state: FuryState, chit: str) -> str:
    """An Encounter Chit of this kind, out of the Pool (or out of Dracula's Encounter Set,
    which gets another from the Pool in its place)."""
    if chit in state.encounter_pool.bag:
        return state.encounter_pool.take(chit)
    d = state.dracula
    d.encounter_set.remove(chit)
    other = next(c for c in state.encounter_pool.bag if c != chit)
    d.encounter_set.append(state.encounter_pool.take(other))
    return chit
