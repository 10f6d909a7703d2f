"""Searching a large hex ("Searching a Large Hex").

A hunter who ends a move in a large hex holding face-down counters may search:
the top counter is turned over. Nothing; Dracula Attacks! (a fight with the
Count, who disappears afterwards whatever the result); a useful item, kept;
or a coffin, burned and kept as proof. A player who has searched a large hex
must visit another large hex and return before searching it again; a hex whose
three counters are gone is "clean" and may not be searched again (the visit that
allows it: ``Player.visit``). :class:`SearchOrCamp` is the decision.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from gothic_kernel import Action

from . import combat, winning
from .actions import MAKE_CAMP, SEARCH, MakeCamp, Search
from .decisions import SEARCH_DECISION, PlayerDecision
from .state import HUNTER, Fight, FightOrigin
from .wording import place_text

if TYPE_CHECKING:
    from .state import VampyreState

RULE = "Searching a Large Hex"


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
            combat.begin(state, Fight(seat, "dracula", seat, origin=FightOrigin.DRACULA_ATTACKS))


@attrs.frozen
class SearchOrCamp(PlayerDecision):
    """A hunter has ended a move in a large hex that may be searched: search it, or make
    camp without searching."""

    KIND = SEARCH_DECISION
    RULE = RULE
    ACTIONS = (Search, MakeCamp)
    DOING = "search or make camp"

    def legal_actions(self, state: VampyreState, seat: str) -> tuple[Action, ...]:
        return (SEARCH, MAKE_CAMP)

    def effect(self, state: VampyreState, seat: str, action: Action) -> None:
        if isinstance(action, Search):
            search(state, seat)
        else:
            state.events.say("make_camp", f"{state.name(seat)} makes camp without searching",
                             seat=seat)

    def prompt(self, state: VampyreState, seat: str) -> str:
        where = state.players[seat].location
        assert where is not None
        return (f"{state.name(seat)} has stopped in {state.place(where)}: search it (turn "
                "over the top counter) or make camp without searching")

    @classmethod
    def label(cls, state: VampyreState, seat: str, action: Action) -> str:
        if isinstance(action, MakeCamp):
            return "make camp without searching"
        player = state.players.get(seat)  # None: the public, who stands nowhere
        where = player.location if player else None
        return f"search {place_text(state, where)}" if where else "search the large hex"

    def offered(self, state: VampyreState) -> bool:
        """The current player, in Transylvania, where it may search."""
        return self.seat == state.current and not state.in_castle \
            and can_search(state, self.seat)
