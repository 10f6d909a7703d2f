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
from .state import DRState

RULE = "Reaction Points"
RULE_TRADING = "Trading Reactions"


def can_react(state: DRState, fig: Figure) -> bool:
    """Whether ``fig`` may react to the last action (public knowledge): it is on the
    board, conscious and not the active character, and it was affected by the action,
    saw it (where the actor ended it or began it), saw the character affected, or is
    seen by its player's active character."""
    return any(f is fig for f in _eligible(state, fig.seat))


def reactors(state: DRState, seat: str) -> list[Figure]:
    """The seat's characters eligible to react now."""
    if not state.with_reactions or state.last_reactor == seat:
        return []
    found = state._reactors.get(seat)
    if found is None:
        found = state._reactors[seat] = _eligible(state, seat)
    return found


def may_react(state: DRState, seat: str) -> bool:
    """Some character of the seat may react now (:func:`reactors` is not empty): the seat
    is offered its chance to react. Without Reaction Points left it can only decline,
    and the first eligible character settles the question."""
    if not state.with_reactions or state.last_reactor == seat:
        return False
    found = state._reactors.get(seat)
    if found is not None or state.rp_left(seat) > 0:
        return bool(reactors(state, seat))  # its reactions are listed next: keep them
    offered = state._offered.get(seat)
    if offered is None:
        offered = state._offered[seat] = bool(_eligible(state, seat, first=True))
    return offered


def _eligible(state: DRState, seat: str, first: bool = False) -> list[Figure]:
    """:func:`can_react` for each of the seat's characters, its tests in the same order
    with what they share read once (this is asked after every action); ``first``: stop
    at the first found."""
    actor, actor_from, actor_to, target, target_pos = state.witness
    sight = state.rules.sight
    sees, sees_any = sight.sees, sight.sees_any
    obstacles = state.obstacles()
    # the squares a character saw the action at: where the actor ended it or began it
    # (not for the actor itself), and where the character affected stands
    of_target: tuple[int, ...] = (target_pos,) if target_pos >= 0 and target else ()
    of_actor: tuple[int, ...] = ()
    if actor:
        of_actor = ((actor_to,) if actor_to >= 0 else ()) + (
            (actor_from,) if actor_from != actor_to and actor_from >= 0 else ())
    of_all = of_actor + of_target
    watcher = None  # the active character, who may see its own player's characters
    if seat == state.active_seat:
        active = state.figures.get(state.active)
        if active is not None and active.seat == seat and active.pos >= 0 \
                and not active.unconscious:
            watcher = active
    acting = state.active if seat == state.active_seat and not state.move_over else None
    found: list[Figure] = []
    for fig in state.figures_of(seat):
        a = fig.pos
        if a < 0 or fig.unconscious or fig.id == acting:
            continue  # ``acting``: state.is_active for the seat's characters
        if target and fig.id == target:
            found.append(fig)
            if first:
                break
            continue
        if sees_any(a, fig.facing, fig.misted, of_target if fig.id == actor else of_all,
                    obstacles) or (
                watcher is not None
                and sees(watcher.pos, watcher.facing, watcher.misted, a, obstacles)):
            found.append(fig)
            if first:
                break
    return found


def window_seats(state: DRState, acting_seat: str) -> tuple[str, ...]:
    """After an action, the seats offered a chance to react, in turn from the active
    player's left: every other seat but the one that acted (none without Reaction
    Points)."""
    if not state.with_reactions:
        return ()
    key = (state.seats, state.active_seat, acting_seat)
    found = _WINDOWS.get(key)
    if found is None:
        found = _WINDOWS[key] = tuple(s for s in state.seats_after(state.active_seat)
                                      if s != acting_seat and s != state.active_seat)
    return found


#: ``window_seats`` by (the seats, active seat, acting seat): worked out once.
_WINDOWS: dict[tuple[tuple[str, ...], str, str], tuple[str, ...]] = {}
