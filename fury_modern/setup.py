"""Set-up: the decks, the tracks, and where everyone starts.

The hunters place their figures first, in turn order, in any city but Castle Dracula
(they may share one); then Dracula, in secret, puts the location card of any other
city (not Castle Dracula, not a hunter's city) face down on trail space 1, with no
encounter on it, after drawing his hand of five encounters ([CLAR4], [DP]; fidelity
table). The time marker starts on Monday day and the influence marker on 0.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import attrs

from gothic_kernel import Action, Scope, event

from .actions import Start
from .decisions import ModernDecision
from .rules import DRACULA, HUNTERS
from .state import Hideout
from .wording import pronoun

if TYPE_CHECKING:
    from .state import ModernState


def set_up(state: ModernState) -> None:
    """Shuffle the decks, fill the ticket pool, and ask the first hunter where he starts."""
    rules = state.rules
    state.item_deck.cards = _shuffled(state, [(c.id, c.count) for c in rules.items.values()])
    state.event_deck.cards = _shuffled(state, [(c.id, c.count) for c in rules.events.values()])
    state.encounter_deck.cards = _shuffled(
        state, [(e.id, e.count) for e in rules.encounters.values()])
    state.combat_deck.cards = _shuffled(
        state, [(c.id, c.count) for c in rules.dracula_cards.values()])
    state.tickets = _shuffled(state, [(t.id, t.count) for t in rules.tickets.values()])
    for _ in range(rules.dracula.encounter_hand):
        state.dracula.encounters.append(state.encounter_deck.draw_top(state.dice))
    state.dracula.encounters.sort()
    state.say("setup", "The hunters choose where to start; then Dracula chooses, in secret.")
    state.stack.append(ChooseStart(HUNTERS[0]))


def _shuffled(state: ModernState, counts: Sequence[tuple[str, int]]) -> list[str]:
    cards = [ident for ident, count in counts for _ in range(count)]
    state.dice.shuffle(cards)
    return cards


def start_cities(state: ModernState, seat: str) -> list[str]:
    """Where ``seat`` may start."""
    board = state.board
    cities = [c for c in board.cities if c != "castle_dracula"]
    if seat != DRACULA:
        return cities
    taken = {h.location for h in state.hunters.values()}
    return [c for c in cities if c not in taken]


@attrs.frozen
class ChooseStart(ModernDecision):
    """A hunter places his figure, or Dracula his first location card."""

    KIND = "choose_start"
    RULE = "Set-up"
    seat: str

    def deciders(self, state: ModernState) -> tuple[str, ...]:
        return (self.seat,)

    def legal_actions(self, state: ModernState, seat: str) -> list[Action]:
        return [Start(c) for c in start_cities(state, seat)]

    def refusal(self, state: ModernState, seat: str, action: Action) -> str:
        if not isinstance(action, Start):  # a pass, a rest, ...: not a start at all
            return (f"{state.name(seat)} must first choose the city where "
                    f"{pronoun(seat, 'he')} starts")
        if seat == DRACULA:
            return ("Dracula starts in a city that is neither Castle Dracula nor a hunter's "
                    "city")
        return f"{state.name(seat)} starts in a city other than Castle Dracula"

    def prompt(self, state: ModernState, seat: str) -> str:
        if seat == DRACULA:
            return "Dracula: choose your starting city, in secret (not a hunter's city)."
        return f"{state.name(seat)}: choose the city where you start."

    def apply(self, state: ModernState, seat: str, action: Action) -> None:
        assert isinstance(action, Start)
        state.stack.pop()
        if seat == DRACULA:
            state.trail.insert(0, Hideout(action.city))
            state.events.add(
                event("dracula_start", f"Dracula starts in {state.name(action.city)}.",
                      city=action.city),
                Scope.seat(DRACULA),
                event("dracula_start", "Dracula places his first location card face down "
                                       "on the trail."))
            return  # the stack is empty: the first round begins
        state.hunters[seat].location = action.city
        state.say("hunter_start", f"{state.name(seat)} starts in {state.name(action.city)}.",
                  seat=seat, city=action.city)
        following = HUNTERS.index(seat) + 1
        state.stack.append(ChooseStart(HUNTERS[following] if following < len(HUNTERS)
                                       else DRACULA))
