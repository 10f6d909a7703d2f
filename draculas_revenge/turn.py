"""The Sequence of Play: the set-up, then turn after turn ("Sequence of Play").

A turn: roll the Reaction Dice (secretly), build the Action Timeline and activate
characters in order (``timeline``, ``activation``), then show the Reaction Dice. Between
turns the adventure may ask something (the sunrise of Destroy Dracula). Who has won is
asked as each turn begins and ends (``victory``).
"""

from __future__ import annotations

import enum
from typing import Any

import attrs

from gothic_kernel import Scope, event
from gothic_kernel.decisions import Decision

from . import narration as say
from . import timeline
from .activation import ActiveMove, ReactionChance
from .adventures import reinforcements, sunrise
from .decisions import Pending, Phase, RevengeDecision
from .state import DRState
from .timeline import ActionTimeline, Step
from .victory import check_victory, finish, judge

RULE_SEQUENCE = "Sequence of Play"


class Stage(enum.Enum):
    """Where the Sequence of Play stands."""

    #: Before the first turn: the adventure's set-up decisions are above.
    SETUP = "setup"
    #: A turn is played: its Action Timeline is above; when it is done, the turn ends.
    TURN = "turn"
    #: A turn is over and the next has not begun (the sunrise may be above).
    BETWEEN = "between"


_PHASES = {Stage.SETUP: Phase.SETUP, Stage.TURN: Phase.TIMELINE, Stage.BETWEEN: Phase.BETWEEN}


@attrs.frozen
class SequenceOfPlay(RevengeDecision):
    """The bottom of the stack while the game goes on: it begins each turn when nothing
    else is asked, and ends it when its Action Timeline is done."""

    KIND = "sequence_of_play"
    RULE = RULE_SEQUENCE
    stage: Stage = Stage.SETUP

    def phase(self) -> Phase:
        return _PHASES[self.stage]

    def run(self, state: DRState) -> None:
        if self.stage is Stage.TURN:
            state.stack[-1] = SequenceOfPlay(Stage.BETWEEN)
            end_turn(state)
        else:
            state.stack[-1] = SequenceOfPlay(Stage.TURN)
            start_turn(state)
            judge(state)


def start_turn(state: DRState) -> None:
    """Reinforcements, the Reaction Dice rolled behind the screens, every character's
    Action Card in its player's hand, and the Action Timeline begins."""
    state.turn += 1
    state.no_card = set()
    state.discards = {seat: [] for seat in state.seats}
    state.events.say("turn", f"Turn {state.turn} begins.", turn=state.turn)
    reinforcements(state)
    for seat in state.seats:
        state.rp_spent[seat] = 0
        state.rp_die[seat] = state.dice.d6() if state.options["reaction_dice"] else 0
        if state.options["reaction_dice"]:
            bonus = state.rules.numbers["reaction_die_bonus"]
            told = say.reaction_die(seat, state.rp_die[seat], bonus)
            state.events.add(event("reaction_die", told, seat=seat, turn=state.turn,
                                   die=state.rp_die[seat]),
                             Scope.seat(seat),
                             event("reaction_die", say.reaction_die_public(seat),
                                   seat=seat, turn=state.turn))
    for seat in state.seats:
        state.hands[seat] = sorted(f.id for f in state.figures.values()
                                   if f.seat == seat and f.id not in state.exited)
    timeline.start(state)


def end_turn(state: DRState) -> None:
    """The Reaction Dice are shown; the turn limit may end the game; at sunrise the misted
    vampires turn solid."""
    if state.options["reaction_dice"]:
        state.events.say("reaction_dice_shown", "The Reaction Dice are shown: " + "; ".join(
            f"{say.player(s)} rolled {state.rp_die[s]} ({state.reaction_points(s)} Reaction "
            f"Points, {state.rp_spent[s]} spent)" for s in state.seats) + ".",
            turn=state.turn, dice=dict(state.rp_die), spent=dict(state.rp_spent))
    state.events.say("end_turn", f"Turn {state.turn} is over.", turn=state.turn)
    state.result = check_victory(state, end_of_turn=True)
    if state.result is not None:
        finish(state)
        return
    sunrise_after = int(state.rules.adventure.get("sunrise_after", 0))
    if sunrise_after and state.turn == sunrise_after:
        sunrise(state)


def stack_for(phase: Phase, active_seat: str, windows: list[str],
              queue: list[Pending]) -> list[Decision[Any]]:
    """The stack of a saved game: the flow of its ``phase`` (the active player's move and
    the reaction windows during an activation), then its pending decisions."""
    flow: list[RevengeDecision] = []
    if phase is Phase.SETUP:
        flow = [SequenceOfPlay(Stage.SETUP)]
    elif phase is Phase.BETWEEN:
        flow = [SequenceOfPlay(Stage.BETWEEN)]
    elif phase is Phase.TIMELINE:
        flow = [SequenceOfPlay(Stage.TURN), ActionTimeline(Step.PLAY)]
    elif phase is Phase.ACTIVATION:
        flow = [SequenceOfPlay(Stage.TURN), ActionTimeline(Step.MOVE, active_seat),
                ActiveMove()]
        if windows:
            flow.append(ReactionChance(tuple(windows)))
    return [*flow, *reversed(queue)]


__all__ = ["SequenceOfPlay", "Stage", "end_turn", "stack_for", "start_turn"]
