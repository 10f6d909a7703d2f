"""Escape (Bat): Dracula, escaping a fight in bat form, flies out of the Town.

Reference 2 - Dracula Combat Chits - Escape (Bat). Ruling: the bat flies to a Town next
to this one by Road, never a Town sealed by a Heavenly Host; with none, Dracula stays.
Where he flies is his secret: the Hunters learn only that he flew out of the Town.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from gothic_kernel import Action, event

from .actions import STAY_PUT, MoveTo, move_to
from .decisions import DraculaDecides
from .labels import label, stay
from .seats import DRACULA_SCOPE
from .tracker import hypothesis_of
from .wording import place_name

if TYPE_CHECKING:
    from .state import FuryState

RULE_BAT = "Reference 2 - Dracula Combat Chits"
@attrs.frozen
class BatFlight(DraculaDecides):
    """Dracula escaped in bat form and flies out of Town (Reference 2 - Escape (Bat))."""

    KIND = "bat_flight"
    RULE = RULE_BAT
    town: str

    def legal_actions(self, state: FuryState, seat: str) -> list[Action]:
        return bat_flight_options(state, self)

    def apply(self, state: FuryState, seat: str, action: Action) -> None:
        apply_bat_flight(state, self, seat, action)

    def question(self, state: FuryState, seat: str) -> str:
        return (f"Dracula: you escaped as a bat; choose the Town you fly to from "
                f"{place_name(state, self.town)} (Reference 2 - Escape (Bat))")

    def describe(self, state: FuryState, seat: str, action: Action) -> str:
        if isinstance(action, MoveTo):
            return f"fly to {place_name(state, action.to)}"
        if action == STAY_PUT:
            return f"{stay(state, seat)} (nowhere to fly)"
        return label(state, seat, action)


def bat_flight_options(state: FuryState, record: BatFlight) -> list[Action]:
    """Ruling: the bat flies to a Town next to this one by Road (never a Host Town); with
    none, Dracula stays."""
    found: list[Action] = [move_to(t) for t in state.board.road[record.town]
                           if t not in state.hosts]
    return found or [STAY_PUT]


def apply_bat_flight(state: FuryState, record: BatFlight, seat: str, action: Action) -> None:
    d = state.dracula
    d.history += (hypothesis_of(state),)
    state.stack.pop()
    if isinstance(action, MoveTo):
        d.rumours = record.town
        d.location = action.to
        d.trail += (action.to,)
        d.shown_at = None
    state.clues.append({"k": "bat", "from": record.town, "hosts": sorted(state.hosts)})
    state.tell(event("bat_flight", f"Dracula flies as a bat to {d.location}",
                     town=d.location), DRACULA_SCOPE,
               event("bat_flight", f"Dracula flies out of {record.town} as a bat"))


