"""Hand limits (What Are Hand Limits).

Most hunters hold at most three item and three event cards (Dr. Seward four of each:
characters.toml); Dracula at most four event cards. Over a limit, the holder discards one
card at a time until the hand fits.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from gothic_kernel import Action

from .actions import Discard
from .decisions import ModernDecision
from .rules import DRACULA

if TYPE_CHECKING:
    from .state import ModernState


def check_hand_limits(state: ModernState, seat: str) -> None:
    """Over his limit of items or events a hunter discards down (What Are Hand Limits)."""
    sheet, hunter = state.rules.hunters[seat], state.hunters[seat]
    for kind, held, limit in (("item", hunter.items, sheet.item_limit),
                              ("event", hunter.events, sheet.event_limit)):
        if len(held) > limit:
            state.stack.append(OverLimit(seat, kind))
            return


def check_dracula_events(state: ModernState) -> None:
    if len(state.dracula.events) > state.rules.dracula.event_limit:
        state.stack.append(OverLimit(DRACULA, "event"))


@attrs.frozen
class OverLimit(ModernDecision):
    """A hand over its limit: the holder discards one card at a time until it fits."""

    KIND = "over_limit"
    RULE = "What Are Hand Limits"
    seat: str
    pile: str  # "item" or "event"

    def hand(self, state: ModernState) -> list[str]:
        if self.seat == DRACULA:
            return state.dracula.events
        hunter = state.hunters[self.seat]
        return hunter.items if self.pile == "item" else hunter.events

    def limit(self, state: ModernState) -> int:
        if self.seat == DRACULA:
            return state.rules.dracula.event_limit
        sheet = state.rules.hunters[self.seat]
        return sheet.item_limit if self.pile == "item" else sheet.event_limit

    def deciders(self, state: ModernState) -> tuple[str, ...]:
        return (self.seat,)

    def legal_actions(self, state: ModernState, seat: str) -> list[Action]:
        return [Discard(c) for c in sorted(set(self.hand(state)))]

    def prompt(self, state: ModernState, seat: str) -> str:
        return (f"{state.name(seat)}: you hold more {self.pile} cards than your limit of "
                f"{self.limit(state)}; discard one.")

    def apply(self, state: ModernState, seat: str, action: Action) -> None:
        assert isinstance(action, Discard)
        hand = self.hand(state)
        hand.remove(action.card)
        deck = state.item_deck if self.pile == "item" else state.event_deck
        deck.discard(action.card)
        state.say("discard", f"{state.name(seat)} discards {state.name(action.card)} (hand "
                             "limit).", seat=seat, card=action.card)
        if len(hand) <= self.limit(state):
            state.stack.pop()
            if seat != DRACULA:
                check_hand_limits(state, seat)


__all__ = ["OverLimit", "check_dracula_events", "check_hand_limits"]
