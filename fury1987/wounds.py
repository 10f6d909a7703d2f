"""Wounds and Bites: Hunters hurt, killed, bitten and turned into Vampires.

Wounds: the Wound Marker moves up the track; at 12 the Hunter dies, is out of the
game, and his Event Cards and Weapon Chits are discarded. Bites: a Hunter bitten by
Dracula or a Vampire takes a Bite Marker; bitten again, or dying while bitten, he
becomes a Vampire: his piece goes to Dracula, in his Town's box on the Strategy &
Movement Chart, where he is a Vampire Encounter for all purposes; an Encounter
already in that box returns to Dracula's Encounter Set (which may then hold six).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gothic_kernel import Scope, event

from .encounter_chits import hunter_vampire_id
from .state import DRACULA, HUNTER_NAMES, WOUNDS_TO_DIE, counted
from .victory import check_dracula_victory

if TYPE_CHECKING:
    from .state import FuryState

RULE_WOUNDS = "Wounds"


def wound(state: FuryState, seat: str, wounds: int) -> None:
    """Move the Wound Marker up ``wounds`` boxes; at the '12' box the Hunter dies."""
    hunter = state.hunters[seat]
    if not hunter.alive or wounds <= 0:
        return
    hunter.wounds = min(hunter.wounds + wounds, WOUNDS_TO_DIE)
    state.say("wounded", f"{HUNTER_NAMES[seat]} takes {counted(wounds, 'wound')} "
              f"({hunter.wounds} of {WOUNDS_TO_DIE})", hunter=seat, wounds=hunter.wounds)
    if hunter.wounds >= WOUNDS_TO_DIE:
        die(state, seat)


def bite(state: FuryState, seat: str) -> None:
    """A Bite Marker; a second bite makes the Hunter a Vampire."""
    hunter = state.hunters[seat]
    if not hunter.alive:
        return
    if hunter.bitten:
        become_vampire(state, seat)
        return
    hunter.bitten = True
    state.say("bitten", f"{HUNTER_NAMES[seat]} is bitten: a Bite Marker goes on his "
              "playsheet", hunter=seat)


def die(state: FuryState, seat: str) -> None:
    """The Hunter dies (a Vampire, if he has a Bite Marker)."""
    hunter = state.hunters[seat]
    if not hunter.alive:
        return
    if hunter.bitten:
        become_vampire(state, seat)
        return
    hunter.status = "dead"
    state.say("hunter_dies", f"{HUNTER_NAMES[seat]} dies", hunter=seat)
    _leave_play(state, seat)


def become_vampire(state: FuryState, seat: str) -> None:
    """Wounds - Bites: the Hunter becomes a Vampire in his Town's box."""
    hunter = state.hunters[seat]
    hunter.status = "vampire"
    town = hunter.location
    state.say("hunter_turns", f"{HUNTER_NAMES[seat]} becomes a Vampire!", hunter=seat,
              town=town)
    _leave_play(state, seat, check_victory=False)
    if town is None or not state.board.is_town(town):
        check_dracula_victory(state)
        return  # ruling: a Hunter lost at Sea leaves no Vampire on the Chart
    returned = state.chart.pop(town, None)
    if returned is not None:
        state.dracula.encounter_set.append(returned)
        state.tell(event("encounter_returned", f"{returned} returns from {town} to "
                         "Dracula's Encounter Set", town=town, chit=returned),
                   Scope.seat(DRACULA),
                   event("encounter_returned", f"An Encounter in {town} returns to "
                         "Dracula's Encounter Set", town=town))
        state.clues.append({"k": "search", "town": town, "box": "?", "dracula": None,
                            "rumours": None})
    else:
        state.clues.append({"k": "search", "town": town, "box": "", "dracula": None,
                            "rumours": None})
    vampire = hunter_vampire_id(seat)
    state.chart[town] = vampire
    state.sightings[town] = vampire
    state.clues.append({"k": "box", "town": town, "after": vampire})
    # "A Hunter-Vampire is treated as a Vampire Encounter Chit for all purposes - victory"
    check_dracula_victory(state)


def _leave_play(state: FuryState, seat: str, check_victory: bool = True) -> None:
    """Discard his Event Cards and Weapon Chits; remove his piece from play."""
    from .movement import leave_group

    hunter = state.hunters[seat]
    for weapon in hunter.weapons:
        state.weapons_pool.set_aside(weapon)
        if weapon in hunter.shown:
            state.public_weapon_discards.append(weapon)
    for town in hunter.hosts_placed:
        # Ruling: his Host Markers leave the board with "his playing piece, playsheet and
        # other counters"; the face up Host chits are discarded.
        state.hosts.pop(town, None)
        state.weapons_pool.set_aside("heavenly_host")
        state.public_weapon_discards.append("heavenly_host")
        state.say("host_removed", f"The Heavenly Host over {town} is taken off the board",
                  hunter=seat, town=town)
    for card in hunter.events:
        state.event_deck.discard(card)
    hunter.weapons.clear()
    hunter.shown.clear()
    hunter.hosts_placed.clear()
    hunter.events.clear()
    hunter.bitten = False
    leave_group(state, seat)
    state.seq.drop_out(seat)
    if check_victory:
        check_dracula_victory(state)
