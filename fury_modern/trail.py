"""The trail and the lairs: finding the trail, revealing Dracula, ambushes, clearing.

Finding The Trail: "After a hunter ends his movement on a city, Dracula must check all
of the cards on the trail. If that location is a hideout on his trail, Dracula reveals
the location card from that hideout by flipping it faceup." Lairs are hideouts too.

Revealing Dracula: a hunter ending his movement in the city of trail space 1 reveals
Dracula (never at sea); his figure goes on the board and a combat follows at the next
dawn or dusk.

Ambushing: when a hunter ends his movement on a hideout holding encounters, Dracula may
reveal one of them and resolve it against him. He is asked whenever the hideout holds
any encounter, whether or not one may ambush, so that being asked tells nothing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from gothic_kernel import Action, Scope, event

from .actions import PASS, Ambush
from .decisions import ModernDecision
from .rules import DRACULA

if TYPE_CHECKING:
    from .state import Hideout, ModernState


def hideout_in(state: ModernState, city: str) -> Hideout | None:
    """The hideout (trail space or lair) whose location card is ``city``'s, if any."""
    for hideout in (*state.trail, *state.lairs):
        if hideout.card == city:
            return hideout
    return None


def trail_space(state: ModernState, hideout: Hideout) -> str:
    """How a hideout is named at the table: "trail space 3" or "lair 2"."""
    for i, found in enumerate(state.trail):
        if found is hideout:
            return f"trail space {i + 1}"
    return f"lair {next(i for i, h in enumerate(state.lairs) if h is hideout) + 1}"


def end_movement(state: ModernState, seat: str) -> None:
    """A hunter ended his movement (or was moved) into a place: find the trail."""
    if state.is_over or state.hunters[seat].defeated:
        return
    city = state.hunters[seat].location
    if not state.board.is_city(city):
        return
    hideout = hideout_in(state, city)
    if hideout is None:
        return
    reveal_location(state, hideout)
    if hideout is state.current_hideout and not state.dracula.revealed:
        reveal_dracula(state, f"{state.name(seat)} ends his movement in his city")
    if hideout.encounters:
        state.stack.append(AmbushChoice(seat, city))


def reveal_location(state: ModernState, hideout: Hideout) -> None:
    if hideout.revealed:
        return
    hideout.revealed = True
    state.say("trail_revealed", f"{state.name(hideout.card)} is on Dracula's trail: its "
                                f"location card on {trail_space(state, hideout)} is turned "
                                "face up.", card=hideout.card, space=trail_space(state, hideout))


def reveal_dracula(state: ModernState, why: str) -> None:
    """Dracula's figure is placed on his city (never at sea)."""
    where = state.dracula_location
    if state.board.is_sea(where) or state.dracula.revealed:
        return
    state.dracula.revealed = True
    current = state.current_hideout
    if current is not None:
        reveal_location(state, current)
    state.say("dracula_revealed", f"Dracula is revealed in {state.name(where)} ({why}); a "
                                  "combat follows at the next dawn or dusk.", city=where)


def clear_hideout(state: ModernState, hideout: Hideout, why: str) -> None:
    """The location card back to the deck, the encounters discarded, the tokens returned."""
    where = trail_space(state, hideout)
    if hideout in state.trail:
        index = next(i for i, h in enumerate(state.trail) if h is hideout)
        if state.trail[index] is state.current_hideout:
            return  # Dracula's own location is never cleared from under him
        state.trail.pop(index)
    else:
        state.lairs.remove(hideout)
    for encounter in hideout.encounters:
        state.encounter_deck.discard(encounter)
    shown = state.name(hideout.card) if hideout.revealed else "a face-down card"
    state.events.add(event("hideout_cleared", f"{where} ({state.name(hideout.card)}) is cleared "
                                              f"({why}).", card=hideout.card, space=where,
                           reason=why),
                     Scope.seat(DRACULA),
                     event("hideout_cleared", f"{where} ({shown}) is cleared ({why}); its "
                                              f"{len(hideout.encounters)} encounter(s) are "
                                              "discarded.", space=where, reason=why))


@attrs.frozen
class AmbushChoice(ModernDecision):
    """Dracula may ambush ``hunter`` with an encounter of the hideout in ``city``."""

    KIND = "ambush"
    RULE = "Ambushing"
    hunter: str
    city: str

    def deciders(self, state: ModernState) -> tuple[str, ...]:
        return (DRACULA,)

    def legal_actions(self, state: ModernState, seat: str) -> list[Action]:
        hideout = hideout_in(state, self.city)
        if hideout is None:
            return [PASS]
        allowed = state.rules.encounters
        return [*(Ambush(i) for i, e in enumerate(hideout.encounters) if allowed[e].ambush),
                PASS]

    def prompt(self, state: ModernState, seat: str) -> str:
        return (f"Dracula: {state.name(self.hunter)} ends his move in "
                f"{state.name(self.city)}; ambush him with an encounter, or let him be.")

    def describe(self, state: ModernState, seat: str, action: Action) -> str:
        hideout = hideout_in(state, self.city)
        if isinstance(action, Ambush) and hideout is not None:
            return f"ambush with {state.name(hideout.encounters[action.index])}"
        return "do not ambush"

    def apply(self, state: ModernState, seat: str, action: Action) -> None:
        state.stack.pop()
        hideout = hideout_in(state, self.city)
        if not isinstance(action, Ambush) or hideout is None:
            return  # whether he declined stays his secret until the hunter acts again
        from .encounters import encounter

        encounter(state, self.hunter, hideout, action.index, ambush=True)
