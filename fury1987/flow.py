"""Sequence of Play: the phase that begins when nothing is pending, and the loop.

Sequence of Play: each turn, Dracula's Movement and Action Phases, then each Hunter's,
in the order Lord Godalming, Dr Seward, Van Helsing. The turn sequencer
(``state.seq``) says whose phase comes next; :func:`enter_phase` begins it by pushing
its first decision. Everything after that is the decisions' own doing: after every
action the kernel's :func:`~gothic_kernel.decisions.settle` runs the rules' own steps
(the top record's ``run``: a search, the initiative rolls) until some seat must decide
or the game is over, and raises if a step makes no progress.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gothic_kernel.decisions import settle

from .dracula import begin_turn
from .movement import begin_movement_phase
from .seats import DRACULA

if TYPE_CHECKING:
    from .state import FuryState

__all__ = ["enter_phase", "settle"]


def enter_phase(state: FuryState) -> None:
    """Begin the Movement Phase of the seat the sequencer names (the Action Phase follows
    from it)."""
    seat = state.seq.seat
    if seat == DRACULA:
        begin_turn(state)
    else:
        begin_movement_phase(state, seat)
