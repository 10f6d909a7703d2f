"""What the game waits for: one class per kind of decision, on the state's stack.

VAMPYRE builds on the kernel's :class:`~gothic_kernel.decisions.Decision`. The
state's ``stack`` holds, from the bottom up:

* the Sequence of Play (``turns.SequenceOfPlay``, a :class:`Flow`): it begins the
  next player's turn, or ends the turn under way (:class:`TurnStep`);
* the Combat step of the Sequence of Play (``movement.CombatStep``, saved as
  ``waiting``) while a hunter who ended his move on an opponent in the wilderness waits
  for the night's encounter to be over before he attacks;
* at most one :class:`PlayerDecision` on top, the decision a player must make now.

Each kind of decision lives in the module of its rule section and knows who decides,
the legal actions, what one does (its ``effect``), why another is refused (and under
which section), the prompt and the labels of its actions, what it needs to be offered
at all (``offered``, read when a save is loaded), and what a viewer sees of it:

=====================  ===========================  =========================================
kind (saves)           class                        module: rule
=====================  ===========================  =========================================
``turn_start``         ``TurnStart``                ``turns``: how to spend the turn
``move``               ``Moving``                   ``movement``: "Movement"
``search``             ``SearchOrCamp``             ``searching``: "Searching a Large Hex"
``silver_bullet``      ``SilverBulletDeclaration``  ``combat``: "Appendix II: Useful Items"
``lead_astray``        ``LeadingAstray``            ``encounters``: "Strange Occurrence" 5
``look_at_counter``    ``LookingAtCounter``         ``encounters``: "Strange Occurrence" 10
``choose_item``        ``ChoosingItem``             ``winning``: "How to Win"
=====================  ===========================  =========================================

Saves hold the decision as one record for every kind, ``{"seat", "kind", "roll",
"target", "fight"}`` (the format of before the classes), each kind leaving the fields
it does not use at their defaults, ``turn_open`` for the Sequence of Play, and, only
while one waits, ``waiting``: the records under the decision (the Combat step), each in
the kernel's form ``{"kind", ...its fields}``.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, ClassVar

import attrs

from gothic_kernel import Action, IllegalAction, RuleError
from gothic_kernel.decisions import Decision

if TYPE_CHECKING:
    from .state import Fight, VampyreState

# The kinds of decision, as saves name them (each the KIND of one class).
TURN_START = "turn_start"
MOVE = "move"
SEARCH_DECISION = "search"
SILVER_BULLET = "silver_bullet"
LEAD_ASTRAY = "lead_astray"
LOOK_AT_COUNTER = "look_at_counter"
CHOOSE_ITEM = "choose_item"
#: Every kind a seat may be asked (in a fixed order: the encoding numbers them).
PENDING_KINDS = (TURN_START, MOVE, SEARCH_DECISION, SILVER_BULLET, LEAD_ASTRAY,
                 LOOK_AT_COUNTER, CHOOSE_ITEM)
#: Not a decision but a step waiting under one: the attack after the night's encounter.
COMBAT_STEP = "combat"

RULE_TRANSYLVANIA = "Sequence of Play - Transylvania"
RULE_CASTLE = "Sequence of Play - Castle Dracula"

#: The fields of a saved decision besides ``seat`` and ``kind``, at the values a kind
#: that does not use them leaves them.
UNUSED: Mapping[str, Any] = {"roll": 0, "target": "", "fight": None}


def sequence_rule(state: VampyreState) -> str:
    """The Sequence of Play of the stage being played."""
    return RULE_CASTLE if state.in_castle else RULE_TRANSYLVANIA


@attrs.frozen
class VampyreDecision(Decision["VampyreState"], family=True):
    """A decision (or automatic step) of VAMPYRE."""

    #: The action types this kind takes: it labels them, whatever the game waits for.
    ACTIONS: ClassVar[tuple[type[Action], ...]] = ()

    @property
    def kind(self) -> str:
        """The name saves give this kind."""
        return self.KIND

    def rule(self, state: VampyreState) -> str:
        """The rule named when an action does not fit this decision."""
        return self.RULE

    def refused(self, state: VampyreState, seat: str, action: Action) -> IllegalAction:
        """Why ``action`` (well formed, by a seat that may act) is refused now."""
        return IllegalAction(super().refusal(state, seat, action), rule=self.rule(state))

    def refusal(self, state: VampyreState, seat: str, action: Action) -> str:
        return self.refused(state, seat, action).message

    def describe(self, state: VampyreState, seat: str, action: Action) -> str:
        return describe(state, seat, action)

    @classmethod
    def label(cls, state: VampyreState, seat: str, action: Action) -> str:
        """A short label of one of this kind's actions for the player of ``seat``."""
        return action.TYPE.replace("_", " ")


class TurnStep(enum.Enum):
    """Where the Sequence of Play stands (saved as ``turn_open``)."""

    #: The next player's turn begins: the clock, a lost turn, reappearing, then the turn.
    BEGIN = "begin"
    #: A turn is under way; once its decisions are made it ends: healing and cures take
    #: hold, possession wears off, midnight restocks, and the turn passes on.
    END = "end"


#: The steps as plain names (a member read through its enum class costs more, and the
#: Sequence of Play reads them every turn).
BEGIN, END = TurnStep.BEGIN, TurnStep.END


@attrs.frozen
class Flow(VampyreDecision):
    """The bottom of the stack while the game goes on (``turns.SequenceOfPlay``): nobody
    decides; its step begins or ends a turn."""

    step: TurnStep = TurnStep.BEGIN

    def at(self, step: TurnStep) -> Flow:
        """The same flow at ``step``."""
        return self if step is self.step else attrs.evolve(self, step=step)


@attrs.frozen
class PlayerDecision(VampyreDecision):
    """A decision one player must make now; it is taken off the stack when made.

    Subclasses set ``KIND``, ``RULE``, ``ACTIONS`` and ``DOING``, and implement
    ``legal_actions``, ``effect``, ``prompt`` and ``offered``.
    """

    #: What the seat must do, as a refusal says it ("search or make camp").
    DOING: ClassVar[str] = ""
    seat: str

    def deciders(self, state: VampyreState) -> tuple[str, ...]:
        return (self.seat,)

    def apply(self, state: VampyreState, seat: str, action: Action) -> None:
        state.stack.pop()
        self.effect(state, seat, action)

    def effect(self, state: VampyreState, seat: str, action: Action) -> None:
        """What ``action`` (one of the legal actions) does, once this decision is made."""
        raise NotImplementedError(f"{type(self).__name__} has no effect")

    def refused(self, state: VampyreState, seat: str, action: Action) -> IllegalAction:
        """An action of another kind names the ones allowed; one of this kind's own is
        refused by :meth:`why_not`."""
        allowed = sorted({a.TYPE for a in self.legal_actions(state, seat)})
        if action.TYPE not in allowed:
            return IllegalAction(f"{state.name(seat)} must {self.DOING} now, not "
                                 f"{action.TYPE.replace('_', ' ')}", rule=self.rule(state))
        return self.why_not(state, seat, action)

    def why_not(self, state: VampyreState, seat: str, action: Action) -> IllegalAction:
        """Why one of this kind's own actions is not legal now."""
        return IllegalAction(f"{state.name(seat)} may not play {action.to_json()} now",
                             rule=self.rule(state))

    # -- loading a save --------------------------------------------------------------------
    def fits(self) -> bool:
        """The record's own fields are in range (a roll is a die's face)."""
        return True

    def offered(self, state: VampyreState) -> bool:
        """Could the rules offer this decision in ``state``? (read when a save is loaded)"""
        raise NotImplementedError(f"{type(self).__name__} does not say when it is offered")

    def held_fight(self) -> Fight | None:
        """The fight this decision holds, waiting for it (a silver bullet's)."""
        return None

    # -- what a save and a viewer see ------------------------------------------------------
    def record(self) -> dict[str, Any]:
        """The saved form: one record for every kind (``fight`` as the Fight itself)."""
        return {"seat": self.seat, "kind": self.KIND, "roll": getattr(self, "roll", 0),
                "target": getattr(self, "target", ""), "fight": self.held_fight()}

    def view(self, state: VampyreState, viewer: str) -> dict[str, Any] | None:
        """Everything, with the prompt: a decision holds nothing secret."""
        record = self.record()
        return {"seat": self.seat, "kind": self.KIND, "text": self.prompt(state, self.seat),
                "roll": record["roll"], "target": record["target"],
                "fight": self.fight_view(state)}

    def fight_view(self, state: VampyreState) -> dict[str, Any] | None:
        """What anyone sees of the fight this decision holds."""
        return None


def play_on(state: VampyreState, limit: int = 1_000_000) -> None:
    """The kernel's :func:`~gothic_kernel.decisions.settle` for VAMPYRE's stack (the
    Sequence of Play always at its bottom): the rules' own steps run until a player must
    decide or the game is over. A player must decide when a :class:`PlayerDecision` is on
    top, told here by its class rather than by asking the record for its deciders (this
    runs after every action, the Sequence of Play taking two steps a turn). RuleError, as
    the kernel's, when a step makes no progress or after ``limit`` steps in a row."""
    stack = state.stack
    for _ in range(limit):
        if state.is_over:
            return
        top = stack[-1]
        if isinstance(top, PlayerDecision):
            return
        height = len(stack)
        top.run(state)
        if not state.is_over and stack[-1] is top and len(stack) == height:
            raise RuleError(f"{type(top).__name__}.run made no progress")
    raise RuleError(f"the rules took {limit} steps in a row without asking anyone")


def Pending(seat: str, kind: str, roll: int = 0, target: str = "",
            fight: Fight | None = None) -> PlayerDecision:
    """The decision a save's record describes: ``Pending("mina", "move", roll=4)``.

    Raises ValueError for an unknown kind, or fields that do not fit it: each kind sets
    its own fields (a move its roll, a lost player's move its roll and target, a silver
    bullet its fight) and leaves the others unset.
    """
    cls = PlayerDecision.kinds.get(kind)
    if cls is None or not issubclass(cls, PlayerDecision):
        raise ValueError("the game waits for an impossible decision")
    own = attrs.fields_dict(cls)
    values: dict[str, Any] = {}
    for name, value in (("roll", roll), ("target", target), ("fight", fight)):
        unused = UNUSED[name]
        unset = value is unused or (type(value) is type(unused) and value == unused)
        if unset == (name in own):
            raise ValueError("the decision's roll, lost player or fight does not fit it")
        if name in own:
            values[name] = value
    decision = cls(seat, **values)
    if not decision.fits():
        raise ValueError("the decision's roll, lost player or fight does not fit it")
    return decision


_OWNERS: dict[type[Action], type[VampyreDecision]] = {}


def owner_of(kind: type[Action]) -> type[VampyreDecision] | None:
    """The kind of decision that takes actions of type ``kind`` (from the registry)."""
    found = _OWNERS.get(kind)
    if found is None:
        for decision in VampyreDecision.kinds.values():
            if issubclass(decision, VampyreDecision):
                for taken in decision.ACTIONS:
                    _OWNERS.setdefault(taken, decision)
        found = _OWNERS.get(kind)
    return found


def describe(state: VampyreState, seat: str, action: Action) -> str:
    """Any action reads as the kind of decision that takes it words it, whatever the game
    waits for now (a front end may label an action that is not legal now)."""
    owner = owner_of(type(action))
    return action.TYPE.replace("_", " ") if owner is None else owner.label(state, seat, action)


__all__ = ["BEGIN", "CHOOSE_ITEM", "COMBAT_STEP", "END", "LEAD_ASTRAY", "LOOK_AT_COUNTER", "MOVE",
           "SEARCH_DECISION", "SILVER_BULLET", "TURN_START", "Flow", "Pending",
           "PlayerDecision", "TurnStep", "VampyreDecision", "describe", "owner_of", "play_on",
           "sequence_rule"]
