"""A hunter ends his movement in a city: Finding The Trail, Revealing Dracula, Ambushing.

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

from gothic_kernel import Action

from .actions import PASS, Ambush
from .decisions import ModernDecision
from .encounters import encounter
from .rules import DRACULA
from .trail import hideout_in, reveal_dracula, reveal_location
from .wording import pronoun

if TYPE_CHECKING:
    from .state import ModernState


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
        reveal_dracula(state, f"{state.name(seat)} ends a move in Dracula's city")
    if hideout.encounters:
        state.stack.append(AmbushChoice(seat, city))


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
        seen: dict[tuple[str, bool, int], int] = {}  # two alike: one choice, the first
        for i, e in enumerate(hideout.encounters):
            if allowed[e].ambush:
                seen.setdefault((e, hideout.shown[i], hideout.wounds[i]), i)
        return [*(Ambush(i) for i in seen.values()), PASS]

    def prompt(self, state: ModernState, seat: str) -> str:
        him = pronoun(self.hunter, "him")
        return (f"Dracula: {state.name(self.hunter)} ends {pronoun(self.hunter, 'his')} move "
                f"in {state.name(self.city)}; ambush {him} with an encounter, or let {him} "
                "be.")

    def describe(self, state: ModernState, seat: str, action: Action) -> str:
        hideout = hideout_in(state, self.city)
        if isinstance(action, Ambush) and hideout is not None:
            i = action.index
            said = f"ambush with {state.name(hideout.encounters[i])}"
            if hideout.wounds[i]:
                said += f" ({hideout.wounds[i]} damage)"
            return said + (" (face up)" if hideout.shown[i] else "")
        return "do not ambush"

    def apply(self, state: ModernState, seat: str, action: Action) -> None:
        state.stack.pop()
        hideout = hideout_in(state, self.city)
        if not isinstance(action, Ambush) or hideout is None:
            return  # whether he declined stays his secret until the hunter acts again
        encounter(state, self.hunter, hideout, action.index, ambush=True)


__all__ = ["AmbushChoice", "end_movement"]
