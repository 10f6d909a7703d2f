"""The kernel's decisions: one class per kind, a registry by kind, and a settle loop that
refuses to spin."""

from __future__ import annotations

from typing import Any

import attrs
import pytest

import gothic_kernel as gk
from gothic_kernel.decisions import Decision, DecisionState, settle
from gothic_kernel.testing import check_game

SEATS = ("red", "blue")
TARGET = 12


@attrs.frozen
class Keep(gk.Action):
    """Bank the die."""


@attrs.frozen
class Roll(gk.Action):
    """Roll again (a 1 loses the turn's total)."""


@attrs.frozen
class Concede(gk.Action):
    """Not a move of this game's decisions: always refused."""


@attrs.frozen
class DuelDecision(Decision["DuelState"], family=True):
    """The decisions of a tiny dice duel (Pig, to 12)."""


@attrs.frozen
class Throw(DuelDecision):
    """The die is thrown for ``seat`` (nobody decides)."""

    KIND = "throw"
    RULE = "throwing"
    seat: str
    total: int = 0

    def run(self, state: DuelState) -> None:
        roll = state.dice.d6()
        state.stack.pop()
        if roll == 1:
            state.end_turn(self.seat)
        else:
            state.stack.append(PressOn(self.seat, self.total + roll))


@attrs.frozen
class PressOn(DuelDecision):
    """``seat`` keeps the turn's total or throws again."""

    KIND = "press_on"
    RULE = "pressing on"
    seat: str
    total: int

    def deciders(self, state: DuelState) -> tuple[str, ...]:
        return (self.seat,)

    def legal_actions(self, state: DuelState, seat: str) -> tuple[gk.Action, ...]:
        return (Keep(), Roll())

    def apply(self, state: DuelState, seat: str, action: gk.Action) -> None:
        state.stack.pop()
        if isinstance(action, Keep):
            state.banked[seat] += self.total
            state.end_turn(seat)
        else:
            state.stack.append(Throw(seat, self.total))

    def prompt(self, state: DuelState, seat: str) -> str:
        return f"{seat.title()} has {self.total} this turn: keep it or throw again."

    def describe(self, state: DuelState, seat: str, action: gk.Action) -> str:
        return f"keep {self.total}" if isinstance(action, Keep) else "throw again"


@attrs.frozen
class Stuck(DuelDecision):
    """A broken step: it leaves itself on top."""

    KIND = "stuck"

    def run(self, state: DuelState) -> None:
        state.dice.d6()


class DuelState(gk.LoggedState, DecisionState):
    def __init__(self, game: gk.Game, dice: gk.Dice) -> None:
        self.game, self.dice = game, dice
        self.banked = {s: 0 for s in SEATS}
        self.turns = 0
        self.stack: list[Decision[Any]] = []
        self.events = gk.Log()

    @property
    def seats(self) -> tuple[str, ...]:
        return SEATS

    def enter_phase(self) -> None:
        self.stack.append(Throw(SEATS[self.turns % 2]))

    def end_turn(self, seat: str) -> None:
        self.events.say("turn", f"{seat} ends the turn with {self.banked[seat]}", seat=seat)
        self.turns += 1

    def observation(self, viewer: str) -> dict[str, Any]:
        self.check_viewer(viewer)
        return {"banked": dict(self.banked), "decision": self.stack[-1].view(self, viewer)
                if self.stack else None}

    @property
    def is_over(self) -> bool:
        return max(self.banked.values()) >= TARGET

    @property
    def outcome(self) -> gk.Outcome | None:
        if not self.is_over:
            return None
        return gk.Outcome((max(SEATS, key=self.banked.__getitem__),), reason="twelve banked")

    def clone(self) -> DuelState:
        twin = DuelState(self.game, self.dice.clone())
        twin.banked, twin.turns, twin.stack = dict(self.banked), self.turns, list(self.stack)
        twin.events = self.events.clone()
        return twin

    def to_data(self) -> dict[str, Any]:
        return {"banked": dict(self.banked), "turns": self.turns,
                "stack": [d.to_data() for d in self.stack]}


class Duel(gk.Game):
    name = "duel"
    title = "A dice duel"
    seats = SEATS
    has_hidden_information = False
    action_types = (Keep, Roll, Concede)

    def _new_game(self, dice: gk.Dice, options: dict[str, Any]) -> DuelState:
        state = DuelState(self, dice)
        settle(state)
        return state

    def _state_from_data(self, data: Any, dice: gk.Dice) -> DuelState:
        state = DuelState(self, dice)
        state.banked, state.turns = dict(data["banked"]), int(data["turns"])
        state.stack = [DuelDecision.from_data(d) for d in data["stack"]]
        return state


def test_a_game_built_on_decisions_conforms() -> None:
    check_game(Duel(), seeds=range(6))


def test_the_top_decision_answers_the_contract() -> None:
    state = Duel().new_game(seed=3)
    top = state.stack[-1]  # type: ignore[attr-defined]
    assert isinstance(top, PressOn) and state.current_seats() == ("red",)
    assert state.prompt("red") == f"Red has {top.total} this turn: keep it or throw again."
    assert [state.describe_action("red", a) for a in state.legal_actions("red")] == \
        [f"keep {top.total}", "throw again"]
    with pytest.raises(gk.IllegalAction) as refused:
        state.apply("red", Concede())
    assert refused.value.rule == "pressing on"
    assert refused.value.message == \
        f"Red may not do that now: Red has {top.total} this turn: keep it or throw again."


def test_saves_name_decisions_by_kind() -> None:
    game = Duel()
    state = game.new_game(seed=3)
    assert '"kind":"press_on"' in state.to_json()
    assert game.from_json(state.to_json()).to_json() == state.to_json()
    with pytest.raises(gk.CorruptSave, match="no decision is called 'fly'"):
        DuelDecision.from_data({"kind": "fly"})
    assert DuelDecision.kinds == {"throw": Throw, "press_on": PressOn, "stuck": Stuck}


def test_two_kinds_of_one_name_are_refused() -> None:
    with pytest.raises(TypeError, match="two decisions are called 'throw'"):
        @attrs.frozen
        class Another(DuelDecision):
            KIND = "throw"


def test_settle_raises_when_a_step_makes_no_progress() -> None:
    state = DuelState(Duel(), gk.Dice(1))
    state.stack.append(Stuck())
    with pytest.raises(gk.RuleError, match=r"Stuck\.run made no progress"):
        settle(state)


def test_a_decision_nobody_takes_has_no_actions_of_its_own() -> None:
    state = DuelState(Duel(), gk.Dice(1))
    with pytest.raises(gk.RuleError, match="takes no action"):
        Throw("red").apply(state, "red", Keep())
    with pytest.raises(gk.RuleError, match="has no step of its own"):
        PressOn("red", 3).run(state)
