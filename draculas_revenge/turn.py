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


def start_turn(st: DRState) -> None:
    """Reinforcements, the Reaction Dice rolled behind the screens, every character's
    Action Card in its player's hand, and the Action Timeline begins."""
    st.turn += 1
    st.no_card = set()
    st.discards = {seat: [] for seat in st.seats}
    st.events.say("turn", f"Turn {st.turn} begins.", turn=st.turn)
    reinforcements(st)
    for seat in st.seats:
        st.rp_spent[seat] = 0
        st.rp_die[seat] = st.dice.d6() if st.options["reaction_dice"] else 0
        if st.options["reaction_dice"]:
            bonus = st.rules.numbers["reaction_die_bonus"]
            st.events.add(event("reaction_die", say.reaction_die(seat, st.rp_die[seat], bonus),
                                seat=seat, turn=st.turn, die=st.rp_die[seat]),
                          Scope.seat(seat),
                          event("reaction_die", say.reaction_die_public(seat),
                                seat=seat, turn=st.turn))
    for seat in st.seats:
        st.hands[seat] = sorted(f.id for f in st.figures.values()
                                if f.seat == seat and f.id not in st.exited)
    timeline.start(st)


def end_turn(st: DRState) -> None:
    """The Reaction Dice are shown; the turn limit may end the game; at sunrise the misted
    vampires turn solid."""
    if st.options["reaction_dice"]:
        st.events.say("reaction_dice_shown", "The Reaction Dice are shown: " + "; ".join(
            f"{say.player(s)} rolled {st.rp_die[s]} ({st.reaction_points(s)} Reaction "
            f"Points, {st.rp_spent[s]} spent)" for s in st.seats) + ".",
            turn=st.turn, dice=dict(st.rp_die), spent=dict(st.rp_spent))
    st.events.say("end_turn", f"Turn {st.turn} is over.", turn=st.turn)
    st.result = check_victory(st, end_of_turn=True)
    if st.result is not None:
        finish(st)
        return
    sunrise_after = int(st.rules.adventure.get("sunrise_after", 0))
    if sunrise_after and st.turn == sunrise_after:
        sunrise(st)


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
