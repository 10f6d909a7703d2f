"""A character's move, and the chance to react to each of its actions ("Active
Characters", "Reaction Points", "Trading Reactions", "Moving Characters During an
Opponent's Move", "Moving Characters During Your Move").

When its Action Card is turned over, a character is activated (:func:`activate`): its
player spends its Action Points (and Reaction Points beyond them) on its actions, may
react with its own inactive characters, and announces the end of the move
(:class:`ActiveMove`). After every action each other player in turn, from the active
player's left, may react with one inactive character that saw the action or was affected
by it, or decline (:class:`ReactionChance`); nobody reacts twice in a row.
"""

from __future__ import annotations

import attrs

from gothic_kernel import Action

from . import narration as say
from .acting import (
    CHARACTER_ACTIONS,
    RULE_ACTIVE,
    RULE_TRADING,
    CharacterAction,
    act,
    figure_actions,
    label,
    reaction_actions,
    refused,
)
from .actions import Decline, EndMove, Pass, PlayCard
from .characters import OFF_BOARD
from .decisions import Pending, Phase, Refusal, RevengeDecision, owner_of
from .movement import RULE_PLACING
from .reactions import may_react, window_seats
from .state import NO_WITNESS, DRState


def activate(state: DRState, owner: str, card: str, play: int) -> None:
    """Card #``play`` of ``owner``, turned over, activates its character: its move begins
    with the Action Points of its type."""
    fig = state.figures[card]
    state.active, state.active_seat, state.move_over = card, owner, False
    state.ap_left = state.rules.types[fig.kind].ap
    state.activations += 1
    state.witness, state.last_reactor = NO_WITNESS, ""
    name = say.character(card, state.rules.data_dir)
    status = "lies unconscious and cannot act" if fig.unconscious else \
        f"is the active character, with {state.ap_left} Action Points"
    state.events.say("activate", f"Card #{play} is turned over: {say.players(owner)} "
                     f"{name}. {name} {status}.", seat=owner, card=card, play=play)
    state.stack.append(ActiveMove())


def end_move(state: DRState) -> None:
    """The active player announces the end of the move (the Action Timeline goes on)."""
    name = say.character(state.active, state.rules.data_dir)
    state.events.say("end_move", f"{name}'s move is over.", figure=state.active,
                     seat=state.active_seat)
    state.active, state.active_seat, state.ap_left, state.move_over = "", "", 0, False
    state.last_reactor = ""
    state.witness = NO_WITNESS


def offer_reactions(state: DRState, acting_seat: str) -> None:
    """After an action, every other seat in turn gets its chance to react (after any
    decision the action asked for)."""
    seats = window_seats(state, acting_seat)
    if seats:
        state.interrupt(ReactionChance(seats))


@attrs.frozen
class ActiveMove(RevengeDecision):
    """The active character's move: its player acts with it (or reacts with another of
    its characters) until announcing the end of the move."""

    KIND = "active_move"
    RULE = RULE_ACTIVE
    ACTIONS = (*CHARACTER_ACTIONS, EndMove)

    def phase(self) -> Phase:
        return Phase.ACTIVATION

    def deciders(self, state: DRState) -> tuple[str, ...]:
        return (state.active_seat,)

    def legal_actions(self, state: DRState, seat: str) -> list[Action]:
        out: list[Action] = []
        active = state.figures.get(state.active)
        must_enter = False
        if active is not None and not state.move_over:
            mine = figure_actions(state, active, state.ap_left + state.rp_left(seat))
            must_enter = active.pos == OFF_BOARD and bool(mine)  # "must enter on their first move"
            out += mine
        out += reaction_actions(state, seat)
        if not must_enter:
            out.append(EndMove())
        return out

    def apply(self, state: DRState, seat: str, action: Action) -> None:
        if isinstance(action, EndMove):
            state.stack.pop()
            end_move(state)
            state.no_figure_changed()
            return
        act(state, seat, action)
        offer_reactions(state, seat)

    def refused(self, state: DRState, seat: str, action: Action) -> Refusal:
        return refused_in_a_move(state, seat, action)

    def question(self, state: DRState, seat: str) -> str:
        fig = state.figures.get(state.active)
        name = say.character(state.active, state.rules.data_dir)
        if fig is None or state.move_over or fig.seat != seat:
            return (f"{name}'s move is over; react with a character that may, or announce the "
                    "end of the move.")
        his = say.his(fig.born)
        if fig.unconscious:
            return f"{name} lies unconscious and cannot act; announce the end of {his} move."
        left = _reaction_left(state, seat)
        points = say.count(state.ap_left, "Action Point") + " left" + \
            (f" (you have {left.removesuffix(' left')})" if left else "")
        if fig.pos == OFF_BOARD:
            return (f"{name} has {points} and must enter the board on {his} first move; choose "
                    f"{his} action.")
        return f"{name} has {points}; choose {his} action or end {his} move."

    @classmethod
    def label(cls, state: DRState, seat: str, action: Action) -> str:
        if isinstance(action, CharacterAction):
            return label(state, seat, action)
        if state.active:
            return f"end {say.character(state.active, state.rules.data_dir)}'s move"
        return "end the move"


@attrs.frozen
class ReactionChance(RevengeDecision):
    """After an action, the ``seats`` in turn may react with one eligible character or
    decline; a seat with no character that may react is passed over."""

    KIND = "reaction_chance"
    RULE = RULE_TRADING
    ACTIONS = (Decline,)
    seats: tuple[str, ...]

    def phase(self) -> Phase:
        return Phase.ACTIVATION

    def reaction_windows(self) -> tuple[str, ...]:
        return self.seats

    def deciders(self, state: DRState) -> tuple[str, ...]:
        seat = self.seats[0]
        return (seat,) if may_react(state, seat) else ()

    def run(self, state: DRState) -> None:
        self._passed_on(state)  # nothing there may react

    def _passed_on(self, state: DRState) -> None:
        rest = self.seats[1:]
        if rest:
            state.stack[-1] = ReactionChance(rest)
        else:
            state.stack.pop()

    def legal_actions(self, state: DRState, seat: str) -> list[Action]:
        return [*reaction_actions(state, seat), Decline()]

    def apply(self, state: DRState, seat: str, action: Action) -> None:
        if isinstance(action, Decline):
            state.events.say("decline", f"{say.cap(say.player(seat))} does not react.",
                             seat=seat)
            self._passed_on(state)
            state.no_figure_changed()
            return
        state.stack.pop()  # a reaction: the others get their chance to react to it
        act(state, seat, action)
        offer_reactions(state, seat)

    def refused(self, state: DRState, seat: str, action: Action) -> Refusal:
        return refused_in_a_move(state, seat, action)

    def question(self, state: DRState, seat: str) -> str:
        last = _last_action(state)
        if state.rp_left(seat) <= 0:
            return f"{last}; you have no Reaction Points left to react with, so decline."
        return (f"{last}; react with one character that saw it or was affected (you have "
                f"{_reaction_left(state, seat)}), or decline.")

    @classmethod
    def label(cls, state: DRState, seat: str, action: Action) -> str:
        return "decline: do not react"


def refused_in_a_move(state: DRState, seat: str, action: Action) -> Refusal:
    """Why an action is refused while a character is active (its player, or a player
    offered the chance to react, may act)."""
    if isinstance(action, (PlayCard, Pass)):
        return "the Action Timeline waits until the active character's move is over", \
            RULE_ACTIVE
    if isinstance(action, Decline):
        return ("there is no chance to react to decline now; you are the active player",
                RULE_TRADING)
    if isinstance(action, EndMove):
        if state.windows:
            return "end your move after the others have had their chance to react", \
                RULE_TRADING
        return ("an off-board character must enter the board on its first move (an entrance "
                "square is free)", RULE_PLACING)
    owner = owner_of(type(action))
    if owner is not None and issubclass(owner, Pending):
        return f"nobody is asked to {owner.WHAT} now", owner.RULE
    if isinstance(action, CharacterAction):
        return refused(state, seat, action)
    return f"{action.to_json()['type']} is not possible now", RULE_ACTIVE


def _reaction_left(state: DRState, seat: str) -> str:
    if not state.with_reactions:
        return ""
    return f"{say.count(state.rp_left(seat), 'Reaction Point')} left"


def _last_action(state: DRState) -> str:
    """The last character action, as the public log told it (without its full stop)."""
    for entry in reversed(list(state.events)):
        if entry.event.get("kind") == "action" and entry.scope.kind == "public":
            return str(entry.event["text"]).rstrip(".")
    return f"{say.character(state.witness[0], state.rules.data_dir)} has acted"


__all__ = ["ActiveMove", "ReactionChance", "activate", "end_move", "offer_reactions"]
