"""Searching a large hex ("Searching a Large Hex").

A hunter who ends a move in a large hex holding face-down counters may search:
the top counter is turned over. Nothing; Dracula Attacks! (a fight with the
Count, who disappears afterwards whatever the result); a useful item, kept;
or a coffin, burned and kept as proof. A player who has searched a large hex
must visit another large hex and return before searching it again; a hex whose
three counters are gone is "clean" and may not be searched again.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import combat, winning
from .state import HUNTER, Fight, Player

if TYPE_CHECKING:
    from .state import VampyreState

RULE = "Searching a Large Hex"


def visit(player: Player, large_hex: str) -> None:
    """A player ends a move (or is placed) in a large hex.

    Ending in another large hex than the one searched last counts as the visit
    that allows searching it again (a ruling: passing through does not count).
    """
    if player.searched and player.searched != large_hex:
        player.searched = ""


def can_search(state: VampyreState, seat: str) -> bool:
    """True if ``seat`` may search the large hex it stands in."""
    p = state.players[seat]
    where = p.location
    return (where is not None and p.form == HUNTER and not p.possessed
            and bool(state.stacks.get(where)) and p.searched != where)


def search(state: VampyreState, seat: str) -> None:
    """Turn over the top counter of the hex and apply it."""
    p = state.players[seat]
    where = p.location
    assert where is not None
    counter = state.stacks[where].pop(0)
    p.searched = where
    for seen in state.peeks.values():
        if seen.get(where) == counter:
            del seen[where]
    kind = state.rules.black_counters[counter]
    category = state.rules.black_categories[kind]
    left = len(state.stacks[where])
    state.events.say("search", f"{state.name(seat)} searches {state.name(where)} and turns over "
                     f"{state.name(kind)}" + ("" if left else f"; {state.name(where)} is clean"),
                     seat=seat, large_hex=where, counter=kind, left=left)
    if category == "item":
        p.items.append(counter)
    elif category == "coffin":
        p.coffins.append(counter)
        winning.coffin_found(state, seat)
    else:
        state.removed.append(counter)
        if category == "dracula_attacks":
            combat.begin(state, Fight(seat, "dracula", seat, origin="dracula_attacks"))
