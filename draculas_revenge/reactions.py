"""Reaction Points and reactions ("Reaction Points", "Trading Reactions",
"Reaction Attacks").

After every action, each other player in turn (from the active player's left)
gets a chance to react with one inactive character that saw the action, was
affected by it, or saw a character affected by it. A player's own inactive
characters may react during its move too, and so may any its active character
sees. Nobody reacts twice in a row.

This module says who may react (:func:`can_react`, :func:`reactors`) and who is offered
the chance (:func:`window_seats`); the chance itself is ``activation.ReactionChance``.
"""

from __future__ import annotations

from .characters import Figure
from .seeing import sees_square
from .state import DRState

RULE = "Reaction Points"
RULE_TRADING = "Trading Reactions"


def can_react(state: DRState, fig: Figure) -> bool:
    """Whether ``fig`` may react to the last action (public knowledge)."""
    if fig.pos < 0 or fig.unconscious or state.is_active(fig):
        return False
    actor, actor_from, actor_to, target, target_pos = state.witness
    if fig.id == target and target:
        return True
    if fig.id != actor and actor and (sees_square(state, fig, actor_to) or (
            actor_from != actor_to and sees_square(state, fig, actor_from))):
        return True  # it saw the action: where the actor ended it, or where it began
    if target_pos >= 0 and target and sees_square(state, fig, target_pos):
        return True
    if fig.seat == state.active_seat:
        active = state.figures.get(state.active)
        if active is not None and active.seat == fig.seat and sees_square(state, active, fig.pos):
            return True
    return False


def reactors(state: DRState, seat: str) -> list[Figure]:
    """The seat's characters eligible to react now."""
    if not state.with_reactions or state.last_reactor == seat:
        return []
    found = state._reactors.get(seat)
    if found is None:
        found = state._reactors[seat] = [f for f in state.figures.values()
                                         if f.seat == seat and can_react(state, f)]
    return found


def window_seats(state: DRState, acting_seat: str) -> tuple[str, ...]:
    """After an action, the seats offered a chance to react, in turn from the active
    player's left: every other seat but the one that acted (none without Reaction
    Points)."""
    if not state.with_reactions:
        return ()
    return tuple(s for s in state.seats_after(state.active_seat)
                 if s != acting_seat and s != state.active_seat)
