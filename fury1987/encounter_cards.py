"""Event Cards played when an Encounter is revealed: Escape Route (also at the start of a
combat), Pre-Warned, Seduction and Szgany Reinforcements (Reference 4).

"As soon as the ... Encounter Chit is revealed" a window opens for the Hunters who found
it and for Dracula (:class:`~fury1987.events.EventWindow`); these cards mark the Hunters'
Action Phase (:class:`~fury1987.decisions.ActionPhase`): the Encounter avoided, the phase
ended, a second Szgany to come.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from gothic_kernel import Action

from .actions import ChooseHunter
from .combat_round import Engagement
from .decisions import FuryDecision, current_action, find, replace, update_action
from .events import CardPlayed, CardRule, CardStep, EventWindow, Step, Timing, open_window
from .fight import Combat, Stage
from .labels import label
from .records import evolve
from .seats import DRACULA, HUNTER_NAMES
from .wording import seat_name
from .wounds import bite

if TYPE_CHECKING:
    from .state import FuryState


def _facing(state: FuryState, window: EventWindow) -> bool:
    """The Encounter revealed is still to be faced (public: no card avoided it yet)."""
    action = current_action(state)
    return action is not None and action.facing(window.chit)


class EscapeRoute(CardRule):
    """Escape Route: the Hunter (his whole group) avoids the Encounter or the combat; he
    takes no Weapons or Events this turn; the Encounter stays where it is."""

    ID = "escape_route"
    WINDOWS = frozenset({Timing.ENCOUNTER_REVEALED, Timing.START_OF_COMBAT})

    def eligible(self, state: FuryState, window: EventWindow, seat: str) -> bool:
        if window.timing == Timing.ENCOUNTER_REVEALED:
            return _facing(state, window)
        combat = find(state, Combat)
        return combat is not None and seat in combat.hunters

    def takes_effect(self, state: FuryState, played: CardPlayed) -> None:
        combat = find(state, Combat)
        if combat is not None and combat.stage in (Stage.START_CARDS, Stage.TIME,
                                                   Stage.CHOOSE) \
                and combat.round == 1 and not combat.chosen:
            escaping = state.group_of(played.holder)
            staying = tuple(h for h in combat.hunters if h not in escaping)
            if combat.side == "dracula" and staying:
                # "Dracula must attack any Hunters in the Town": another Hunter there, not
                # of the player's group, still fights him (Dracula's Action Phase).
                replace(state, combat, evolve(
                    combat, hunters=staying,
                    engagements=(Engagement.against_dracula(staying),)))
            else:
                replace(state, combat, evolve(combat, stage=Stage.AVOIDED))
        else:
            update_action(state, avoided=True)
        update_action(state, ended=True, hidden=True)
        state.say("escape_route", f"{HUNTER_NAMES[played.holder]} escapes by the Escape "
                  "Route", hunter=played.holder)


class PreWarned(CardRule):
    """Pre-Warned: the Encounter Chit revealed is discarded without being faced."""

    ID = "pre_warned"
    WINDOWS = frozenset({Timing.ENCOUNTER_REVEALED})

    def eligible(self, state: FuryState, window: EventWindow, seat: str) -> bool:
        return _facing(state, window)

    def takes_effect(self, state: FuryState, played: CardPlayed) -> None:
        if state.chart.get(played.town) == played.chit:
            state.discard_found(played.town)
        update_action(state, avoided=True)


class Seduction(CardRule):
    """Seduction: the Vampire returns to the Encounter Set (a Hunter-Vampire stays in the
    Town) and bites the Hunter, whatever his weapons; in a group Dracula chooses whom.
    The bite waits for the Hunter's Great Strength (:class:`PendingBite`)."""

    ID = "seduction"
    WINDOWS = frozenset({Timing.ENCOUNTER_REVEALED})

    def eligible(self, state: FuryState, window: EventWindow, seat: str) -> bool:
        return _facing(state, window) and state.rules.encounters.is_vampire(window.chit)

    def takes_effect(self, state: FuryState, played: CardPlayed) -> None:
        action = current_action(state)
        assert action is not None
        update_action(state, avoided=True)
        town, chit = played.town, played.chit
        if state.chart.get(town) == chit and not chit.endswith("_vampire"):
            del state.chart[town]
            state.dracula.encounter_set.append(chit)  # an exception to the limit of five
            state.say("vampire_returns", f"The Vampire in {town} returns to Dracula's "
                      "Encounter Set", town=town)
        members = state.still_alive(action.members)
        if len(members) > 1:
            state.stack.append(CardStep(self.ID, DRACULA, Step.VICTIM, hunter=action.seat,
                                        picks=members))
        elif members:
            _bite_after_great_strength(state, members[0])

    def step_options(self, state: FuryState, step: CardStep) -> list[Action]:
        return [ChooseHunter(h) for h in step.picks if state.hunters[h].alive]

    def step_apply(self, state: FuryState, step: CardStep, action: Action) -> None:
        assert isinstance(action, ChooseHunter)
        state.stack.pop()
        _bite_after_great_strength(state, action.hunter)

    def step_question(self, state: FuryState, step: CardStep) -> str:
        return "choose the Hunter who is bitten"

    def step_label(self, state: FuryState, step: CardStep, seat: str, action: Action) -> str:
        if isinstance(action, ChooseHunter):
            return f"bite {seat_name(action.hunter)}"
        return label(state, seat, action)


def _bite_after_great_strength(state: FuryState, hunter: str) -> None:
    state.stack.append(PendingBite(hunter))
    open_window(state, Timing.AFTER_COMBAT_RESULT, (hunter,), hunter=hunter)


@attrs.frozen
class PendingBite(FuryDecision):
    """Seduction's bite, waiting for the Hunter's Great Strength (``resisted``)."""

    KIND = "pending_bite"
    RULE = "Reference 4 - Event Cards - SEDUCTION"
    hunter: str
    resisted: bool = False

    def run(self, state: FuryState) -> None:
        state.stack.pop()
        if self.resisted:
            state.say("bite_resisted", f"{HUNTER_NAMES[self.hunter]} resists the bite by "
                      "Great Strength", hunter=self.hunter)
            return
        state.say("seduced", f"{HUNTER_NAMES[self.hunter]} is seduced and bitten",
                  hunter=self.hunter)
        bite(state, self.hunter)


class SzganyReinforcements(CardRule):
    """Szgany Reinforcements: once that combat is over, each Hunter faces a second,
    identical Szgany (in a group, each his own)."""

    ID = "szgany_reinforcements"
    WINDOWS = frozenset({Timing.ENCOUNTER_REVEALED})

    def eligible(self, state: FuryState, window: EventWindow, seat: str) -> bool:
        action = current_action(state)
        return action is not None and not action.reinforcements and \
            state.rules.encounters.chit(window.chit).effect == "szgany" and \
            self.ID not in window.played

    def takes_effect(self, state: FuryState, played: CardPlayed) -> None:
        update_action(state, reinforcements=1)
