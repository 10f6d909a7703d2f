"""What the game waits for: one class per kind of decision, on the state's stack.

Dracula's Revenge builds on the kernel's :class:`~gothic_kernel.decisions.Decision`.
The state's ``stack`` holds, from the bottom up:

* the Sequence of Play (``turn.SequenceOfPlay``): set-up, the turns, the time between
  them; it starts and ends each turn;
* during a turn, the Action Timeline (``timeline.ActionTimeline``): a seat plays an
  Action Card or passes, the last card is turned over;
* during a character's move, the move (``activation.ActiveMove``: the active player acts
  or ends the move) and, after an action, the chance to react
  (``activation.ReactionChance``: each other player in turn reacts or declines);
* on top, the :class:`Pending` decisions outside that flow, first to decide on top:
  placing a starting character, buying forces, the secret room (``adventures``), turning
  to face an attacker, feeding (``combat``), placing the found Van Helsing, the sunrise
  (``adventures``).

Each kind lives in the module of its rule section and knows who decides, the legal
actions, what one does, why another is refused (and under which section), the prompt and
the labels of its actions, and what a viewer sees of it. Only the pending decisions are
saved as such (the state's ``queue``, ``{"kind", "seat", "figure", "other"}``, read back
by :meth:`~gothic_kernel.decisions.Decision.from_data`); the flow's records follow from
the saved ``phase``, the active character and the reaction windows (``turn.stack_for``).
"""

from __future__ import annotations

import enum
from typing import TYPE_CHECKING, Any, ClassVar

import attrs

from gothic_kernel import Action
from gothic_kernel.decisions import Decision

from . import narration as say

if TYPE_CHECKING:
    from .state import DRState


class Phase(enum.StrEnum):
    """Where a game stands (``state.phase``; saved by its value)."""

    #: The adventure's set-up: placing characters, buying forces, the secret room.
    SETUP = "setup"
    #: The players build the Action Timeline.
    TIMELINE = "timeline"
    #: A character is active: its move, and the others' reactions to it.
    ACTIVATION = "activation"
    #: A turn is over and the next has not begun (the sunrise of Destroy Dracula).
    BETWEEN = "between"
    OVER = "over"


#: A refusal: the message the seat reads, and the rulebook section it names.
Refusal = tuple[str, str]


@attrs.frozen
class RevengeDecision(Decision["DRState"], family=True):
    """A decision (or automatic step) of Dracula's Revenge."""

    #: The action types this kind takes; it labels them, and words their refusal when
    #: nobody is asked to take them.
    ACTIONS: ClassVar[tuple[type[Action], ...]] = ()

    def phase(self) -> Phase | None:
        """The phase of the game while this record is the topmost of the flow (None for a
        pending decision, which leaves the phase as it is)."""
        return None

    def reaction_windows(self) -> tuple[str, ...]:
        """The seats still to be offered a chance to react, if this is a reaction window."""
        return ()

    def refused(self, state: DRState, seat: str, action: Action) -> Refusal:
        """Why ``action`` is refused now, and under which rulebook section."""
        return super().refusal(state, seat, action), self.RULE

    def refusal(self, state: DRState, seat: str, action: Action) -> str:
        return self.refused(state, seat, action)[0]

    def prompt(self, state: DRState, seat: str) -> str:
        """The seat's name, then what it is asked: "Vampires: play an Action Card..."."""
        return f"{say.seat_name(seat)}: {self.question(state, seat)}"

    def question(self, state: DRState, seat: str) -> str:
        """What ``seat`` is asked, after its name."""
        raise NotImplementedError(f"{type(self).__name__} asks nobody")

    def describe(self, state: DRState, seat: str, action: Action) -> str:
        return describe(state, seat, action)

    @classmethod
    def label(cls, state: DRState, seat: str, action: Action) -> str:
        """A short label of one of this kind's actions for the player of ``seat``."""
        return type(action).__name__


@attrs.frozen
class Pending(RevengeDecision):
    """A decision outside the flow of turns and moves, for one seat. Pending decisions
    are decided first to last (``state.queue``), before the flow goes on."""

    #: What the seat is asked to do, as a refusal says it ("place a starting character").
    WHAT: ClassVar[str] = ""
    seat: str
    figure: str = ""
    other: str = ""

    def deciders(self, state: DRState) -> tuple[str, ...]:
        return (self.seat,)

    def section(self, state: DRState) -> str:
        """The rulebook section this decision's refusals name."""
        return self.RULE

    def refused(self, state: DRState, seat: str, action: Action) -> Refusal:
        if not isinstance(action, self.ACTIONS):
            return f"{say.cap(say.player(seat))} must first {self.WHAT}", self.section(state)
        return self.why_not(state, seat, action)

    def why_not(self, state: DRState, seat: str, action: Action) -> Refusal:
        """Why one of this kind's own actions is not legal now."""
        return f"{say.cap(say.player(seat))} must first {self.WHAT}", self.section(state)

    def view(self, state: DRState, viewer: str) -> dict[str, Any] | None:
        """Everything: a pending decision holds nothing secret (the secret room is asked
        for, not told)."""
        return self.to_data()


_OWNERS: dict[type[Action], type[RevengeDecision]] = {}


def owner_of(kind: type[Action]) -> type[RevengeDecision] | None:
    """The kind of decision that takes actions of type ``kind`` (from the registry)."""
    found = _OWNERS.get(kind)
    if found is None:
        for decision in RevengeDecision.kinds.values():
            if issubclass(decision, RevengeDecision):
                for taken in decision.ACTIONS:
                    _OWNERS.setdefault(taken, decision)
        found = _OWNERS.get(kind)
    return found


def describe(state: DRState, seat: str, action: Action) -> str:
    """Any action reads as the kind of decision that takes it words it, whatever the game
    waits for now (a front end may label an action that is not legal now, or the last
    action once the game is over)."""
    owner = owner_of(type(action))
    return type(action).__name__ if owner is None else owner.label(state, seat, action)


def pending_kinds() -> dict[str, type[Pending]]:
    """The kinds a save's ``queue`` may hold, by name."""
    return {name: kind for name, kind in RevengeDecision.kinds.items()
            if issubclass(kind, Pending)}


__all__ = ["Pending", "Phase", "Refusal", "RevengeDecision", "describe", "owner_of",
           "pending_kinds"]
