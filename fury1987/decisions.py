"""What the game waits for: the kernel's decisions, one class per kind, on a stack.

The state's ``stack`` holds frozen records of plain data (saved under their ``KIND``, the
names saves have always used). The top one is what happens next: either some seats decide
(:meth:`~gothic_kernel.decisions.Decision.deciders`), or the rules take a step by
themselves (``run``: a search, the initiative rolls). A record pushed on top of another
interrupts it (a combat on an Action Phase, an Event Card window on a combat); the one
below resumes when it is popped, its sub-state (an enum: ``Combat.stage``,
``HunterAction.stage``) saying where.

Each kind lives in the module of its rulebook section and knows who decides, the legal
actions, what one does, why another is refused (and under which rule), the prompt and the
labels of its actions, its automatic step and what a viewer sees of it:

=================  ==============================================================
``setup``          ``ChooseStart``
``dracula``        ``DraculaMovement``, ``DraculaSwap``, ``DraculaAction``
``movement``       ``HunterMovement``, ``TrainAttempt``, ``TrainRide``, ``WeaponSwap``,
                   and the Railway and Holy Water dice
``hunters``        ``HunterAction`` (the Action Phase: searching, Meeting Dracula,
                   the items), ``FightChoice``
``encounters``     ``VampireChoice``, ``VampireVictim``, ``BatsChase``, and the dice
                   against Rats, Wolves, Peasants and Vampires
``items``          ``ItemChoice``, ``NewWeapons``, ``EventDiscard``
``fight``          ``Combat`` (its data read by ``fighters``, its results applied by
                   ``combat_results``), the initiative and Sacred Bullets dice
``bat_flight``     ``BatFlight``
``events``         ``EventWindow``, ``CardPlayed``, ``CardStep``, ``PlayAtOnce``,
                   ``DieRoll`` (a Hunter's die, waiting for Good Luck)
the card modules   ``PendingBite`` (Seduction), ``EndTurn`` (Hypnosis)
=================  ==============================================================

This module is the family's root, :class:`FuryDecision` (the wording of a refusal and a
prompt all kinds share), two small bases for who decides, the helpers that look for a
record on the stack, and the data of the Hunters' Action Phase that the rules which
interrupt it read and mark (:class:`ActionPhase`: an Encounter chasing the Hunters off,
a fight they escape from, an Event Card avoiding what they found).
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, ClassVar, TypeVar

import attrs

from gothic_kernel import Action
from gothic_kernel.decisions import Decision

from .labels import label
from .records import evolve
from .seats import DRACULA
from .wording import seat_name

if TYPE_CHECKING:
    from .state import FuryState

__all__ = ["ActionPhase", "ActionStage", "DraculaDecides", "FuryDecision", "SeatDecides",
           "current_action", "find", "remove", "replace", "update_action"]

T = TypeVar("T")


@attrs.frozen
class FuryDecision(Decision["FuryState"], family=True):
    """A decision (or an automatic step) of Fury of Dracula (1987)."""

    #: The rulebook section named when an action does not fit this decision.
    RULE: ClassVar[str] = "Sequence of Play"

    def refusal(self, state: FuryState, seat: str, action: Action) -> str:
        return f"{seat_name(seat)} may not do that now: {self.prompt(state, seat)}"

    def prompt(self, state: FuryState, seat: str) -> str:
        """The question, one sentence in the rulebook's words, ending with a full stop."""
        said = self.question(state, seat)
        return said if said.endswith((".", "!", "?")) else said + "."

    def question(self, state: FuryState, seat: str) -> str:
        """What ``seat`` is asked: "Van Helsing (in Madrid): choose your Movement Phase
        move (Movement)". Only what ``seat`` may know goes into it."""
        return f"{seat_name(seat)}: decide ({self.RULE})"

    def describe(self, state: FuryState, seat: str, action: Action) -> str:
        """A short label of ``action``: the action's own words, unless this kind says it
        otherwise ("fly to Paris" for a bat, "scout Brussels" for Hired Scouts)."""
        return label(state, seat, action)

    def view(self, state: FuryState, viewer: str) -> dict[str, Any] | None:
        """Everything: most decisions hold nothing secret (Dracula's own and a combat's
        chits say otherwise)."""
        return self.to_data()

    # -- what a fight in progress tells the Event Cards played during it -------------------
    def fight_round(self) -> int | None:
        """The round of the fight this record is (None: it is not a fight)."""
        return None

    def hunter_cards_answered(self) -> bool | None:
        """For a fight: whether Dracula may answer a Hunter's card played during it (not
        in Jonathan Harker's fight, which no Hunter's card may help); None: not a fight."""
        return None

    # -- saving --------------------------------------------------------------------------
    @classmethod
    def from_data(cls, data: Any) -> FuryDecision:
        """The record a save holds, of its kind (and of the subclass its data names: a
        die roll by what it was rolled for)."""
        record = super().from_data(data)
        assert isinstance(record, FuryDecision)
        return record.loaded()

    def loaded(self) -> FuryDecision:
        """This record as play goes on with it, just read from a save."""
        return self


class SeatDecides(FuryDecision):
    """A decision of one seat, the record's ``seat``."""

    __slots__ = ()
    seat: str

    def deciders(self, state: FuryState) -> tuple[str, ...]:
        return (self.seat,)


class DraculaDecides(FuryDecision):
    """A decision of Dracula's."""

    __slots__ = ()

    def deciders(self, state: FuryState) -> tuple[str, ...]:
        return (DRACULA,)


# -- records on the stack ---------------------------------------------------------------
def find(state: FuryState, kind: type[T]) -> T | None:
    """The record of ``kind`` nearest the top of the stack (None if there is none)."""
    for record in reversed(state.stack):
        if isinstance(record, kind):
            return record
    return None


def replace(state: FuryState, old: object, new: Decision[Any]) -> None:
    """Put ``new`` where the record ``old`` (this very object) is on the stack."""
    for i in range(len(state.stack) - 1, -1, -1):
        if state.stack[i] is old:
            state.stack[i] = new
            return


def remove(state: FuryState, old: object) -> None:
    """Take the record ``old`` (this very object) off the stack."""
    for i in range(len(state.stack) - 1, -1, -1):
        if state.stack[i] is old:
            del state.stack[i]
            return


# -- the Hunters' Action Phase, as the rules that interrupt it see it ----------------------
class ActionStage(enum.StrEnum):
    """Where a Hunters' Action Phase stands (Hunters' Action Phases)."""

    #: "A Hunter in a Town ... must search it": Dracula shows any Encounter Chit there.
    SEARCH = "search"
    #: An Encounter was found: its instructions are followed (unless a card avoided it).
    ENCOUNTER = "encounter"
    #: Dracula shows his piece or the Local Rumours, if there (Meeting Dracula).
    MEET = "meet"
    #: New Weapons and Events, for Hunters who moved into the Town this turn.
    ITEMS = "items"
    #: The phase ends; the Hunters note what remains in the Town box.
    DONE = "done"


# Fields in the instance's dict, not slots: copied whole at every stage (records.evolve).
@attrs.frozen(slots=False)
class ActionPhase(FuryDecision):
    """A Hunter's (or group's) Action Phase in ``town`` (``hunters.HunterAction``).

    ``stage`` says where it stands. ``hidden``: an Encounter lets Dracula keep his
    presence and the Local Rumours secret. ``ended``: the phase is over (chased out, lost
    in fog, escaped from combat). ``found`` is the Encounter discovered, for the public
    record. ``arrived``: they moved into the Town this turn (only then may they take
    Weapons and Events). ``avoided``: an Event Card spared them the Encounter;
    ``reinforcements``: Szgany Reinforcements wait for them.
    """

    RULE = "Hunters' Action Phases"
    seat: str
    members: tuple[str, ...]
    town: str
    stage: ActionStage = ActionStage.SEARCH
    arrived: bool = False
    hidden: bool = False
    ended: bool = False
    found: str | None = None
    avoided: bool = False
    reinforcements: int = 0

    def facing(self, chit: str) -> bool:
        """The Encounter ``chit`` revealed is still to be faced (no card avoided it yet)."""
        return self.stage == ActionStage.ENCOUNTER and not self.avoided \
            and not self.ended and self.found == chit


def current_action(state: FuryState) -> ActionPhase | None:
    """The Action Phase nearest the top of the stack (None outside one)."""
    return find(state, ActionPhase)


def update_action(state: FuryState, **changes: Any) -> None:
    """Change the Action Phase record nearest the top of the stack."""
    stack: Sequence[object] = state.stack
    for i in range(len(stack) - 1, -1, -1):
        record = stack[i]
        if isinstance(record, ActionPhase):
            state.stack[i] = evolve(record, **changes)
            return
