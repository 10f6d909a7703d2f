"""Timing windows: a moment of the game at which the seats holding cards may play one.

A card game's timing text ("at the start of a combat", "at dawn", "when a hunter spends a
ticket") names a moment; at that moment the game opens a window, a decision on the stack
(:mod:`gothic_kernel.decisions`) in which the seats asked take turns: each may play one
card it holds that fits the moment, or pass. The window closes when every seat asked has
passed in a row, so a card played may be answered by another (in the 1987 Fury of
Dracula, Dracula answers Advance Planning with two Traps: ``fury1987/events.py``, whose
``EventWindow`` this generalises).

Secrecy: which cards a seat holds is secret; how many it holds usually is not. So a seat is
asked whenever it holds any card of a kind the window offers, never only when it holds a
playable one (:func:`seats_to_ask`): being asked then tells the others nothing they do not
know already, and a seat holding nothing playable just passes.

A game's window is a frozen attrs decision class that inherits :class:`Window` together
with its own decision root and declares the fields ``seats`` (who is asked, in order),
``turn`` (whose turn, an index into ``seats``) and ``passes`` (passes in a row), then fills
in three hooks::

    @attrs.frozen
    class CardWindow(Window["MyState"], MyDecision):
        KIND = "card_window"
        timing: str
        seats: tuple[str, ...]
        turn: int = 0
        passes: int = 0

        def pass_action(self) -> Action: return NO_CARD
        def plays(self, state, seat): return [PlayCard(c) for c in fitting(state, seat)]
        def play(self, state, seat, action): resolve(state, seat, action.card)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any, cast

import attrs

from .actions import Action
from .decisions import Decision, StateT

__all__ = ["Window", "seats_to_ask"]


def seats_to_ask(seats: Iterable[str], holds: Callable[[str], bool]) -> tuple[str, ...]:
    """The seats of ``seats`` (in their order) for which ``holds(seat)``: whether the seat
    holds any card of a kind the window offers, known to everyone (a hand's size), never
    whether it holds a playable one."""
    return tuple(seat for seat in seats if holds(seat))


class Window(Decision[StateT]):
    """A timing window: the seats asked take turns to play one card or pass; it closes when
    all of them have passed in a row. A window with no seat to ask closes at once."""

    __slots__ = ()

    seats: tuple[str, ...]
    turn: int
    passes: int

    # -- the hooks a game fills in -------------------------------------------------------------
    def pass_action(self) -> Action:
        """The action of a seat that plays nothing now."""
        raise NotImplementedError

    def plays(self, state: StateT, seat: str) -> Sequence[Action]:
        """The cards ``seat`` may play in this window now (often none)."""
        raise NotImplementedError

    def play(self, state: StateT, seat: str, action: Action) -> None:
        """Play ``action``, one of :meth:`plays`; the window has already moved to the next
        seat, so what the card pushes on the stack resolves before anyone else is asked."""
        raise NotImplementedError

    # -- the decision ------------------------------------------------------------------------
    def deciders(self, state: StateT) -> tuple[str, ...]:
        return (self.seats[self.turn],) if self.seats else ()

    def legal_actions(self, state: StateT, seat: str) -> list[Action]:
        return [self.pass_action(), *self.plays(state, seat)]

    def apply(self, state: StateT, seat: str, action: Action) -> None:
        stack: list[Any] = state.stack
        record: Any = cast(Any, self)  # an attrs class: the game's concrete window
        turn = (self.turn + 1) % len(self.seats)
        if action == self.pass_action():
            if self.passes + 1 >= len(self.seats):
                stack.pop()
            else:
                stack[-1] = attrs.evolve(record, turn=turn, passes=self.passes + 1)
            return
        stack[-1] = attrs.evolve(record, turn=turn, passes=0)
        self.play(state, seat, action)

    def run(self, state: StateT) -> None:
        state.stack.pop()  # nobody to ask
