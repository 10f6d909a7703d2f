"""Hunter Groups: Hunters who move and act together, and the Weapon Chits they trade.

Hunter Groups: Hunters in the same Town at the start of a turn, none of whom has had his
Movement Phase, may form a group; "A group moves once per turn", in the Movement Phase of
its first member, and has one Action Phase straight after. A member may leave the group
at the start of its Movement Phase, or let it move later in the turn. At the start of
their Movement Phase the members may give or exchange Weapon Chits, as many times as the
group holds chits (ruling 12: enough to reach any arrangement, never an endless shuffle).
"""

from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING

from gothic_kernel import Action, event

from .actions import GiveWeapon
from .events import stormy_seas_pass
from .seats import HUNTER_NAMES, HUNTERS, HUNTERS_SCOPE, SEATS
from .state import WEAPON_LIMIT

if TYPE_CHECKING:
    from .state import FuryState, Hunter

RULE_GROUPS = "Hunter Groups"


def movers(state: FuryState, seat: str) -> tuple[str, ...]:
    """The Hunters moving in ``seat``'s Movement Phase: his group, or himself."""
    return state.group_of(seat)


def later_members(state: FuryState, seat: str, group: tuple[str, ...]) -> list[str]:
    """Group members whose turn is still to come this turn."""
    here = SEATS.index(seat)
    return [m for m in group if SEATS.index(m) > here and not state.hunters[m].moved]


def group_candidates(state: FuryState, seat: str) -> list[tuple[str, ...]]:
    """Groups ``seat`` may form: Hunters together since the start of the turn, none of
    whom has had his Movement Phase (Hunter Groups). Existing groups join whole."""
    me = state.hunters[seat]
    if me.moved or me.location is None or me.turn_start != me.location \
            or len(state.group_of(seat)) > 1 or state.board.is_sea(me.location):
        return []  # (he must have stayed in his Town since the turn began)
    units: list[tuple[str, ...]] = []
    for other in HUNTERS:
        h = state.hunters[other]
        if other == seat or not h.alive or h.moved or h.location != me.location \
                or h.turn_start != me.turn_start or _misses_this_turn(state, other, seat):
            continue
        unit = state.group_of(other)
        if unit not in units:
            units.append(unit)
    found = []
    for size in range(1, len(units) + 1):
        for chosen in combinations(units, size):
            members = {seat, *(m for unit in chosen for m in unit)}
            found.append(tuple(s for s in HUNTERS if s in members))
    return found


def _misses_this_turn(state: FuryState, other: str, seat: str) -> bool:
    """A Hunter who misses this turn (Mishap, Customs Search) is taken along by no group:
    his Movement Phase went by unplayed (he comes before ``seat`` and has not moved), or
    will be skipped."""
    return SEATS.index(other) < SEATS.index(seat) or state.seq.missed.get(other, 0) > 0


def group_has_moved(state: FuryState, seat: str, group: tuple[str, ...]) -> None:
    """Hunter Groups - Movement: "A group moves once per turn"; members whose turn is
    still to come this turn have had theirs."""
    for member in later_members(state, seat, group):
        stormy_seas_pass(state, member)  # his Movement Phase was the group's (ruling 74)
        state.seq.skip_phase(member, "movement")
        state.seq.skip_phase(member, "action")
    for member in group:
        state.hunters[member].moved = True


# -- trading Weapon Chits -------------------------------------------------------------------
def trades_allowed(state: FuryState, group: tuple[str, ...]) -> int:
    """Ruling 12: "Hunters in a group may swap Weapon Chits at the very start of the
    group's Movement Phase" sets no number; a group trades at most as often as it holds
    Weapon Chits. Each trade can put a chit in the hands it ends in (a gift to a member
    with room, else an exchange for one of his chits bound elsewhere), so that many reach
    any arrangement of the group's chits within the three-Weapon limit: the bound takes
    away nothing the rule gives, only a swap that never ends."""
    return sum(len(state.hunters[m].weapons) for m in group)


def weapon_swaps(state: FuryState, group: tuple[str, ...]) -> list[Action]:
    """Gifts to a member holding fewer than three chits, and one-for-one exchanges (in a
    fixed order of the chits, not the order they were drawn in)."""
    found: list[Action] = []
    for giver in group:
        for weapon in dict.fromkeys(sorted(state.hunters[giver].weapons)):
            for taker in group:
                if taker == giver:
                    continue
                held = sorted(state.hunters[taker].weapons)
                if len(held) < WEAPON_LIMIT:
                    found.append(GiveWeapon(giver, taker, weapon))
                if SEATS.index(giver) < SEATS.index(taker):
                    found.extend(GiveWeapon(giver, taker, weapon, back)
                                 for back in dict.fromkeys(held) if back != weapon)
    return found


def _hand_over(giver: Hunter, taker: Hunter, weapon: str) -> None:
    """One chit changes hands, face up if it was face up."""
    shown = giver.seen_if_lost(weapon)
    giver.lose_weapon(weapon)
    taker.weapons.append(weapon)
    if shown:
        taker.shown.append(weapon)


def give_weapon(state: FuryState, action: GiveWeapon) -> None:
    """A gift or an exchange between members: what changes hands stays the Hunters'
    secret; that it happened is public."""
    giver, taker = state.hunters[action.giver], state.hunters[action.taker]
    _hand_over(giver, taker, action.weapon)
    if action.back:
        _hand_over(taker, giver, action.back)
    who, to = HUNTER_NAMES[action.giver], HUNTER_NAMES[action.taker]
    if action.back:
        secret = f"{who} gives {action.weapon} to {to} for {action.back}"
        public = f"{who} and {to} exchange Weapon Chits"
    else:
        secret = f"{who} gives {action.weapon} to {to}"
        public = f"{who} gives a Weapon Chit to {to}"
    state.tell(
        event("weapon_swapped", secret, giver=action.giver, taker=action.taker,
              weapon=action.weapon, back=action.back),
        HUNTERS_SCOPE,
        event("weapon_swapped", public, giver=action.giver, taker=action.taker))
