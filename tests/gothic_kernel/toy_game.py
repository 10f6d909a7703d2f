"""A toy race with actions that carry fields, for the kernel's exact-action rule.

Two runners take turns; on a turn a runner either steps along a path of one or
two squares (``Step(path)``) or rests (``Rest(long=...)``). The first to square
4 wins. The actions have tuple, int and bool fields, so the tests can hand in
look-alikes the list does not hold (a list for a tuple, ``1`` for ``True``).
"""

from __future__ import annotations

from typing import Any

import attrs

from gothic_kernel import Action, CorruptSave, Dice, Game, LoggedState, Outcome
from gothic_kernel.serial import from_data

SEATS = ("north", "south")
GOAL = 4


@attrs.frozen
class Step(Action):
    path: tuple[int, ...]


@attrs.frozen
class Rest(Action):
    long: bool


@attrs.define
class ToyData:
    squares: dict[str, int]
    turn: int = 0


class ToyState(LoggedState):
    def __init__(self, game: Game, dice: Dice, squares: dict[str, int], turn: int = 0) -> None:
        from gothic_kernel import Log

        self.game, self.dice, self.squares, self.turn = game, dice, squares, turn
        self.events = Log()

    @property
    def seats(self) -> tuple[str, ...]:
        return SEATS

    def current_seats(self) -> tuple[str, ...]:
        return () if self.is_over else (SEATS[self.turn % 2],)

    def _legal_actions(self, seat: str) -> list[Action]:
        if seat not in self.current_seats():
            return []
        here = self.squares[seat]
        return [Step((here + 1,)), Step((here + 1, here + 2)), Rest(False), Rest(True)]

    def _prompt(self, seat: str) -> str:
        return f"{seat.title()}, on square {self.squares[seat]}: step or rest."

    def _describe_action(self, seat: str, action: Action) -> str:
        if isinstance(action, Step):
            return f"step to square {action.path[-1]}"
        assert isinstance(action, Rest)
        return "rest long" if action.long else "rest"

    def _apply(self, seat: str, action: Action) -> None:
        if isinstance(action, Step):
            self.squares[seat] = action.path[-1]
        self.events.say("turn", f"{seat} {self._describe_action(seat, action)}",
                        seat=seat, squares=dict(self.squares))
        self.turn += 1

    def observation(self, viewer: str) -> dict[str, Any]:
        self.check_viewer(viewer)
        return {"squares": dict(self.squares), "turn": self.turn}

    @property
    def is_over(self) -> bool:
        return max(self.squares.values()) >= GOAL

    @property
    def outcome(self) -> Outcome | None:
        if not self.is_over:
            return None
        winner = max(SEATS, key=lambda s: self.squares[s])
        return Outcome((winner,), reason="reached the goal", scores={winner: 1.0})

    def clone(self) -> ToyState:
        twin = ToyState(self.game, self.dice.clone(), dict(self.squares), self.turn)
        twin.events = self.events.clone()
        return twin

    def to_data(self) -> dict[str, Any]:
        return {"squares": dict(self.squares), "turn": self.turn}


class ToyRace(Game):
    name = "toy_race"
    title = "A toy race"
    seats = SEATS
    has_hidden_information = False
    action_types = (Step, Rest)

    def _new_game(self, dice: Dice, options: dict[str, Any]) -> ToyState:
        return ToyState(self, dice, {s: 0 for s in SEATS})

    def _state_from_data(self, data: Any, dice: Dice) -> ToyState:
        plain = from_data(ToyData, data)
        if sorted(plain.squares) != sorted(SEATS):
            raise CorruptSave("toy race save: one square per runner")
        return ToyState(self, dice, plain.squares, plain.turn)
