"""Night encounters and Strange Occurrences ("Encounters", "Strange Occurrence").

A hunter who ends a move in the forest, the mountains or an area under evil
influence (a road counts as the terrain of its hex) rolls two dice on that
terrain's chart. Clear terrain and the large hexes are safe. A creature is
fought at once; a Strange Occurrence is rolled on its own chart (entries 10-12
and the end of 9 are cut from the rulebook and reconstructed: see
``data/tables.toml``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from gothic_kernel import Scope, event

from . import combat, conversion
from .searching import visit
from .state import (
    LEAD_ASTRAY,
    LOOK_AT_COUNTER,
    THE_STANDING_STONES,
    Fight,
    Pending,
)
from .tables import NO_ENCOUNTER, STRANGE_OCCURRENCE

if TYPE_CHECKING:
    from .state import VampyreState

RULE = "Encounters"


def night(state: VampyreState, seat: str, moved: Mapping[str, Any] | None = None) -> None:
    """The player makes camp; roll for an encounter where the terrain calls for it.

    ``moved`` is the log event of the move just made: the night's roll is added to it, so
    a quiet night is one line of the log.
    """
    where = state.players[seat].location
    assert where is not None
    terrain = state.world.transylvania.night_terrain(where)
    chart = state.rules.encounters.get(terrain)
    lead = str(moved["text"]) if moved else f"{state.name(seat)} makes camp"
    data = {k: v for k, v in moved.items() if k not in ("kind", "text", "seat")} if moved else {}
    if chart is None:
        state.events.add(event("night", f"{lead} and camps safely", seat=seat, **data))
        return
    roll = state.dice.two_d6()
    found = chart[roll - 2]
    if found == NO_ENCOUNTER:
        outcome = "no encounter"
    elif found == STRANGE_OCCURRENCE:
        outcome = "a Strange Occurrence"
    else:
        outcome = f"a {state.name(found)} attacks"  # the night creatures are common nouns
    state.events.add(event("night", f"{lead}; the night's encounter roll is {roll}: {outcome}",
                           seat=seat, night=roll, result=found, terrain=terrain, **data))
    if found == STRANGE_OCCURRENCE:
        strange_occurrence(state, seat)
    elif found != NO_ENCOUNTER:
        combat.begin(state, Fight(seat, found, seat, origin="encounter"))


def gift(state: VampyreState, seat: str, kind: str) -> None:
    """A useful item that is not one of the black counters (a gift noted on paper)."""
    state.gifts += 1
    state.players[seat].items.append(f"gift_{state.gifts}_{kind}")


def player_on_left(state: VampyreState, seat: str) -> str:
    """The next player clockwise still in the game (the lost player if there is none)."""
    seats = state.seats
    i = seats.index(seat)
    for step in range(1, len(seats)):
        other = seats[(i + step) % len(seats)]
        if not state.players[other].out:
            return other
    return seat


def strange_occurrence(state: VampyreState, seat: str) -> None:
    """Roll two dice on the Strange Occurrence chart and apply the entry."""
    roll = state.dice.two_d6()
    entry = state.rules.strange_occurrences[roll]
    p = state.players[seat]
    state.events.say("strange_occurrence", f"Strange Occurrence {roll}: {entry.text}",
                     seat=seat, roll=roll, occurrence=entry.id)
    effect = entry.id
    if effect == "silver_crucifix_gift":
        gift(state, seat, "silver_crucifix")
    elif effect == "strange_fog":
        p.location = THE_STANDING_STONES
        visit(p, THE_STANDING_STONES)
    elif effect == "fierce_storm":
        p.lost_turns += 1
    elif effect == "lost":
        left = player_on_left(state, seat)
        die = state.dice.d6()
        hexes = "1 hex" if die == 1 else f"{die} hexes"
        state.events.say("lost", f"{state.name(seat)} is lost: {state.name(left)} rolls {die} "
                         f"and will move {state.name(seat)} {hexes}",
                         seat=seat, mover=left, roll=die)
        state.pending = Pending(left, LEAD_ASTRAY, roll=die, target=seat)
    elif effect == "camp_ransacked":
        conversion.lose_items(state, seat)
    elif effect == "bitten_in_the_night":
        conversion.bite(state, seat)
    elif effect == "holy_water_gift":
        gift(state, seat, "holy_water")
    elif effect == "skilled_metalsmith":
        gift(state, seat, "silver_bullet")
    elif effect == "peasant_counsel":
        if any(state.stacks.values()):
            state.pending = Pending(seat, LOOK_AT_COUNTER)
    elif effect == "hermits_prayers":
        p.bites = max(0, p.bites - 1)
    elif effect == "dracula_in_the_night":
        combat.begin(state, Fight(seat, "dracula", seat, origin="dracula_attacks"))
    else:  # the data loader refuses unknown entries
        raise AssertionError(f"unknown Strange Occurrence {effect!r}")


def lead_astray(state: VampyreState, mover: str, lost: str, path: tuple[str, ...]) -> None:
    """Strange Occurrence 5: the player on the left has chosen where the lost player goes."""
    p = state.players[lost]
    p.location = path[-1]
    if state.world.transylvania.is_large(p.location):
        visit(p, p.location)
    state.events.say("led_astray", f"{state.name(mover)} leads {state.name(lost)} astray to "
                     f"{state.place(p.location)}", seat=lost, mover=mover, path=list(path))


def look_at_counter(state: VampyreState, seat: str, large_hex: str) -> None:
    """Strange Occurrence 10 (reconstructed): a secret look at a large hex's top counter."""
    counter = state.stacks[large_hex][0]
    state.peeks.setdefault(seat, {})[large_hex] = counter
    kind = state.rules.black_counters[counter]
    text = f"{state.name(seat)} looks at the top counter of {state.name(large_hex)}"
    state.events.add(event("look_at_counter", f"{text}: {state.name(kind)}", seat=seat,
                           large_hex=large_hex, counter=kind, counter_id=counter),
                     Scope.seat(seat), event("look_at_counter", text, seat=seat,
                                             large_hex=large_hex))
