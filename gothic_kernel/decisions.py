"""What a game waits for: decisions, one class per kind, on a stack.

A game keeps a stack of decision records on its state: frozen attrs objects of
plain data, saved under their ``KIND``. The top record is what happens next:
either some seats decide (:meth:`Decision.deciders` names them), or the rules
take a step by themselves (:meth:`Decision.run`: a search, an initiative roll).
A record pushed on top of another (a combat on a movement, a card's timing
window on a combat) interrupts it; the one below resumes when it is popped.

Each kind of decision is one class that knows, for its own kind only:

* who decides now (``deciders``), what they may do (``legal_actions``) and what
  that does (``apply``);
* why an action that does not fit is refused (``refusal``, in words the seat
  may read) and under which rule (``RULE``);
* what the seat is asked (``prompt``) and how each action reads (``describe``);
* its automatic step when nobody decides (``run``);
* what a viewer may see of it (``view``).

:class:`DecisionState` is the :class:`~gothic_kernel.game.GameState` of a game
built this way: the contract's questions are answered by the top record, and
:func:`settle` runs the automatic steps after every action, raising when a step
makes no progress (instead of looping for ever).

Subclassing fills a registry: the root class of a game's decisions is declared
with ``family=True``; every subclass with its own ``KIND`` is registered there,
so ``Decision.from_data`` reads saves by kind name::

    @attrs.frozen
    class FuryDecision(Decision["FuryState"], family=True): ...

    @attrs.frozen
    class WeaponSwap(FuryDecision):
        KIND = "weapon_swap"
        RULE = "Movement - Passing"
        hunters: tuple[str, ...]
"""

from __future__ import annotations

import abc
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, Generic, TypeVar

from .actions import Action
from .errors import CorruptSave, IllegalAction, RuleError
from .game import SEQUENCE_OF_PLAY, GameState
from .serial import from_data, to_data

__all__ = ["Decision", "DecisionState", "settle"]

StateT = TypeVar("StateT", bound="DecisionState")


class Decision(Generic[StateT]):
    """One kind of decision (or automatic step) the game may wait for.

    Subclasses are frozen attrs classes of plain values; every method takes the
    state it belongs to. The defaults describe a step nobody decides.
    """

    #: The name saves use for this kind (set by every concrete subclass).
    KIND: ClassVar[str] = ""
    #: The rule named when an action does not fit this decision.
    RULE: ClassVar[str] = SEQUENCE_OF_PLAY
    #: The kinds of this family of decisions, filled by subclassing.
    kinds: ClassVar[dict[str, type[Decision[Any]]]] = {}

    def __init_subclass__(cls, *, family: bool = False, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if family:
            cls.kinds = {}
            return
        kind = cls.__dict__.get("KIND")
        if kind:
            other = cls.kinds.get(kind)
            if other is not None and other.__qualname__ != cls.__qualname__:
                raise TypeError(f"two decisions are called {kind!r}: {other.__qualname__} "
                                f"and {cls.__qualname__}")
            cls.kinds[kind] = cls

    # -- who decides, and what they may do ------------------------------------------------
    def deciders(self, state: StateT) -> tuple[str, ...]:
        """The seats that decide now; () for a step the rules take alone."""
        return ()

    def legal_actions(self, state: StateT, seat: str) -> Sequence[Action]:
        """What ``seat`` (one of the deciders) may do, in an order it can know."""
        return ()

    def apply(self, state: StateT, seat: str, action: Action) -> None:
        """Play ``action``, one of ``seat``'s legal actions (the kernel has checked)."""
        raise RuleError(f"{self.KIND} is decided by nobody; it takes no action")

    def refusal(self, state: StateT, seat: str, action: Action) -> str:
        """Why ``action`` does not fit this decision, in words ``seat`` may read: what
        ``seat`` is asked now (its prompt)."""
        return f"{state.game.seat_name(seat)} may not do that now: {self.prompt(state, seat)}"

    def prompt(self, state: StateT, seat: str) -> str:
        """What ``seat`` (one of the deciders) is asked, one sentence."""
        raise NotImplementedError(f"{type(self).__name__} does not word its prompt")

    def describe(self, state: StateT, seat: str, action: Action) -> str:
        """A short label of one of ``seat``'s actions, for people."""
        raise NotImplementedError(f"{type(self).__name__} does not label its actions")

    # -- the rules' own step ---------------------------------------------------------------
    def run(self, state: StateT) -> None:
        """The step the rules take when nobody decides; it must replace or pop this record
        (or end the game), else :func:`settle` raises."""
        raise RuleError(f"{self.KIND} waits for {', '.join(self.deciders(state)) or 'nobody'}"
                        "; it has no step of its own")

    # -- what a viewer sees -----------------------------------------------------------------
    def view(self, state: StateT, viewer: str) -> dict[str, Any] | None:
        """What ``viewer`` may see of this record (JSON-native), or None for nothing.

        By default its kind only; records holding secrets say what each viewer sees."""
        return {"kind": self.KIND}

    # -- saving -------------------------------------------------------------------------------
    def to_data(self) -> dict[str, Any]:
        data: dict[str, Any] = to_data(self)
        return {"kind": self.KIND, **data}

    @classmethod
    def from_data(cls, data: Any) -> Decision[Any]:
        """The record ``to_data`` wrote, of any kind of ``cls``'s family."""
        if not isinstance(data, Mapping) or not isinstance(data.get("kind"), str):
            raise CorruptSave(f"a decision must name its kind: {data!r}")
        kind = cls.kinds.get(data["kind"])
        if kind is None:
            raise CorruptSave(f"no decision is called {data['kind']!r}")
        record: Decision[Any] = from_data(kind, {k: v for k, v in data.items() if k != "kind"})
        return record


class DecisionState(GameState):
    """A game state whose decisions are records on ``self.stack``.

    The contract's questions go to the top record; after every action the rules'
    own steps run (:func:`settle`) until a seat must decide or the game ends.
    A game implements :meth:`enter_phase` (what starts when the stack is empty) and
    the rest of the contract (observation, log, outcome, clone, saving).
    """

    stack: list[Decision[Any]]

    @abc.abstractmethod
    def enter_phase(self) -> None:
        """The stack is empty: begin what comes next (it must push a record or end the
        game)."""

    def current_seats(self) -> tuple[str, ...]:
        stack = self.stack
        if self.is_over or not stack:
            return ()
        return stack[-1].deciders(self)

    def _legal_actions(self, seat: str) -> Sequence[Action]:
        stack = self.stack  # asked at every step: the top record is read once
        if self.is_over or not stack:
            return ()
        top = stack[-1]
        return top.legal_actions(self, seat) if seat in top.deciders(self) else ()

    def explain_illegal(self, seat: str, action: Action) -> IllegalAction:
        top = self.stack[-1]
        return IllegalAction(top.refusal(self, seat, action), rule=top.RULE)

    def _apply(self, seat: str, action: Action) -> None:
        self.stack[-1].apply(self, seat, action)
        settle(self)
        self.invalidate()  # whatever a step worked out on the way is stale now

    def _prompt(self, seat: str) -> str:
        return self.stack[-1].prompt(self, seat)

    def _describe_action(self, seat: str, action: Action) -> str:
        if not self.stack:  # the game is over: nothing is decided any more
            raise IllegalAction(f"{action.to_json()} is not labelled: nothing waits to be "
                                "decided", rule=SEQUENCE_OF_PLAY)
        return self.stack[-1].describe(self, seat, action)


def settle(state: DecisionState, *, limit: int = 1_000_000) -> None:
    """Run the rules' own steps until a seat must decide or the game is over.

    Raises RuleError when a step makes no progress (it leaves the same record on
    top of a stack of the same height), or after ``limit`` steps in a row.
    """
    for _ in range(limit):
        if state.is_over:
            return
        stack = state.stack
        if not stack:
            state.enter_phase()
            if not state.stack and not state.is_over:
                raise RuleError(f"{type(state).__name__}.enter_phase pushed no decision")
            continue
        top = stack[-1]
        if top.deciders(state):
            return
        height = len(stack)
        top.run(state)
        if not state.is_over and state.stack and state.stack[-1] is top \
                and len(state.stack) == height:
            raise RuleError(f"{type(top).__name__}.run made no progress")
    raise RuleError(f"the rules took {limit} steps in a row without asking anyone")
