"""Hand limits (What Are Hand Limits) and a weakened hunter's revealed cards (Bitten Hunters).

Most hunters hold at most three item and three event cards (Dr. Seward four of each:
characters.toml); Dracula at most four event cards. Over a limit, the holder discards one
card at a time until the hand fits. A hunter holds at most two tickets, a third forcing a
discard (tickets.toml, [REF3], [SG], [DP]): one handed to him in a trade too, given up
face down to the pool.

"A weakened hunter must keep one event card and one item card revealed" (Mina always).
The hunter chooses which, when he is weakened holding such a card, or gains one while
none is revealed, or his revealed card leaves his hand (a ruling: the card stays revealed
until then; docs/fury_modern.md). Revealed cards lie on his sheet, seen by everyone; the
revealed item is hidden during a combat (the views module).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from gothic_kernel import Action, Scope, event

from .actions import Discard, Reveal
from .decisions import ModernDecision
from .health import weakened
from .rules import DRACULA
from .wording import card_name

if TYPE_CHECKING:
    from .state import ModernState


def check_hand_limits(state: ModernState, seat: str) -> None:
    """Over his limit of items or events a hunter discards down (What Are Hand Limits);
    then, if he is weakened, he keeps a card of each kind revealed."""
    sheet, hunter = state.rules.hunters[seat], state.hunters[seat]
    for kind, held, limit in (("item", hunter.items, sheet.item_limit),
                              ("event", hunter.events, sheet.event_limit),
                              ("ticket", hunter.tickets, state.rules.numbers["ticket_limit"])):
        if len(held) > limit:
            state.stack.append(OverLimit(seat, kind))
            return
    keep_revealed(state, seat)


def drop_card(state: ModernState, seat: str, card: str) -> None:
    """``card`` leaves the hunter's hand (discarded or handed over; the caller puts it
    where it goes); his revealed slot empties if no copy of it is left."""
    hunter = state.hunters[seat]
    hand = hunter.items if card in state.rules.items else hunter.events
    hand.remove(card)
    if card not in hand:
        if hunter.revealed_item == card:
            hunter.revealed_item = ""
        if hunter.revealed_event == card:
            hunter.revealed_event = ""


def keep_revealed(state: ModernState, seat: str) -> None:
    """A weakened hunter holding items (events) with none revealed chooses one to reveal."""
    hunter = state.hunters[seat]
    if hunter.defeated or state.is_over or not weakened(state, seat):
        return
    for pile, held, shown in (("event", hunter.events, hunter.revealed_event),
                              ("item", hunter.items, hunter.revealed_item)):
        if held and not shown:
            state.stack.append(RevealCard(seat, pile))


def check_dracula_events(state: ModernState) -> None:
    if len(state.dracula.events) > state.rules.dracula.event_limit:
        state.stack.append(OverLimit(DRACULA, "event"))


@attrs.frozen
class OverLimit(ModernDecision):
    """A hand over its limit: the holder discards one card at a time until it fits."""

    KIND = "over_limit"
    RULE = "What Are Hand Limits"
    seat: str
    pile: str  # "item", "event" or "ticket"

    def hand(self, state: ModernState) -> list[str]:
        if self.seat == DRACULA:
            return state.dracula.events
        hunter = state.hunters[self.seat]
        return {"item": hunter.items, "ticket": hunter.tickets}.get(self.pile, hunter.events)

    def limit(self, state: ModernState) -> int:
        if self.seat == DRACULA:
            return state.rules.dracula.event_limit
        if self.pile == "ticket":
            return state.rules.numbers["ticket_limit"]
        sheet = state.rules.hunters[self.seat]
        return sheet.item_limit if self.pile == "item" else sheet.event_limit

    def deciders(self, state: ModernState) -> tuple[str, ...]:
        return (self.seat,)

    def legal_actions(self, state: ModernState, seat: str) -> list[Action]:
        return [Discard(c) for c in sorted(set(self.hand(state)))]

    def prompt(self, state: ModernState, seat: str) -> str:
        if self.pile == "ticket":
            return (f"{state.name(seat)}: you hold more tickets than your limit of "
                    f"{self.limit(state)}; give one up to the pool.")
        return (f"{state.name(seat)}: you hold more {self.pile} cards than your limit of "
                f"{self.limit(state)}; discard one.")

    def describe(self, state: ModernState, seat: str, action: Action) -> str:
        if self.pile == "ticket" and isinstance(action, Discard):
            return f"give up {card_name(state, action.card)}"
        return super().describe(state, seat, action)

    def apply(self, state: ModernState, seat: str, action: Action) -> None:
        assert isinstance(action, Discard)
        hand = self.hand(state)
        if self.pile == "ticket":
            give_up_ticket(state, seat, action.card)
        elif seat == DRACULA:
            hand.remove(action.card)
        else:
            drop_card(state, seat, action.card)
        if self.pile != "ticket":
            deck = state.item_deck if self.pile == "item" else state.event_deck
            deck.discard(action.card)
            state.say("discard", f"{state.name(seat)} discards {state.name(action.card)} (hand "
                                 "limit).", seat=seat, card=action.card)
        if len(hand) <= self.limit(state):
            state.stack.pop()
            if seat != DRACULA:
                check_hand_limits(state, seat)


def give_up_ticket(state: ModernState, seat: str, kind: str) -> None:
    """A hunter over his ticket limit returns a ticket face down to the pool: which one is
    his secret (the table counts his tickets)."""
    state.hunters[seat].tickets.remove(kind)
    state.tickets.insert(0, kind)
    state.dice.shuffle(state.tickets)
    state.events.add(event("ticket_given_up", f"{state.name(seat)} gives up "
                                              f"{card_name(state, kind)} (ticket limit).",
                           seat=seat, ticket=kind), Scope.seat(seat),
                     event("ticket_given_up", f"{state.name(seat)} gives up a ticket to the "
                                              "pool (ticket limit).", seat=seat))


@attrs.frozen
class RevealCard(ModernDecision):
    """A weakened hunter chooses the item (or event) card he keeps revealed (Bitten
    Hunters)."""

    KIND = "reveal_card"
    RULE = "Bitten Hunters"
    seat: str
    pile: str  # "item" or "event"

    def hand(self, state: ModernState) -> list[str]:
        hunter = state.hunters[self.seat]
        return hunter.items if self.pile == "item" else hunter.events

    def revealed(self, state: ModernState) -> str:
        hunter = state.hunters[self.seat]
        return hunter.revealed_item if self.pile == "item" else hunter.revealed_event

    def deciders(self, state: ModernState) -> tuple[str, ...]:
        needed = self.hand(state) and not self.revealed(state) \
            and not state.hunters[self.seat].defeated
        return (self.seat,) if needed else ()

    def legal_actions(self, state: ModernState, seat: str) -> list[Action]:
        return [Reveal(c) for c in sorted(set(self.hand(state)))]

    def prompt(self, state: ModernState, seat: str) -> str:
        return (f"{state.name(seat)}: you are weakened - choose the {self.pile} card you keep "
                "revealed.")

    def describe(self, state: ModernState, seat: str, action: Action) -> str:
        assert isinstance(action, Reveal)
        return f"keep {state.name(action.card)} revealed"

    def apply(self, state: ModernState, seat: str, action: Action) -> None:
        assert isinstance(action, Reveal)
        state.stack.pop()
        hunter = state.hunters[seat]
        if self.pile == "item":
            hunter.revealed_item = action.card
        else:
            hunter.revealed_event = action.card
        state.say("revealed_card", f"{state.name(seat)} is weakened and keeps "
                                   f"{state.name(action.card)} revealed.",
                  seat=seat, card=action.card)

    def run(self, state: ModernState) -> None:
        state.stack.pop()  # no longer needed (the hand emptied, or he was defeated)


__all__ = ["OverLimit", "RevealCard", "check_dracula_events", "check_hand_limits", "drop_card",
           "keep_revealed"]
