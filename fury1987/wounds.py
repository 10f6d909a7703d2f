"""Wounds, Bites and Blood Points: Hunters hurt, killed, bitten and turned into Vampires,
and Dracula drained of blood.

Wounds: the Wound Marker moves up the track; at 12 the Hunter dies, is out of the
game, and his Event Cards and Weapon Chits are discarded. Bites: a Hunter bitten by
Dracula or a Vampire takes a Bite Marker; bitten again, or dying while bitten, he
becomes a Vampire: his piece goes to Dracula, in his Town's box on the Strategy &
Movement Chart, where he is a Vampire Encounter for all purposes; an Encounter
already in that box returns to Dracula's Encounter Set (which may then hold six).

Blood Points: Dracula loses them in combat, to some Event Cards, and (in secret) one
each time he embarks. At 0 he must flee to Castle Dracula; below 0 the Blood Death
Marker counts up, and at 12 he is destroyed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gothic_kernel import event

from .encounter_chits import hunter_vampire_id
from .seats import DRACULA_SCOPE, HUNTER_NAMES
from .state import BLOOD_DEATH_LIMIT, WOUNDS_TO_DIE, counted
from .victory import check_dracula_victory, dracula_destroyed

if TYPE_CHECKING:
    from .state import FuryState

RULE_WOUNDS = "Wounds"
RULE_BLOOD = "Blood Points"
BLOOD_DEATH = -BLOOD_DEATH_LIMIT  # the Blood Death Marker in the '12' box


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
                   DRACULA_SCOPE,
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
    state.leave_group(seat)
    state.seq.drop_out(seat)
    if check_victory:
        check_dracula_victory(state)


# -- Blood Points ---------------------------------------------------------------------
def lose_blood(state: FuryState, amount: int, *, public: bool) -> None:
    """Dracula loses Blood Points (public ones from combat and cards, a secret one for
    each embarkation). At 0 he is drained: he must flee, and tell the Hunters. Below 0
    the Blood Death Marker counts up; at 12 he is destroyed (Blood Points)."""
    d = state.dracula
    before = d.blood
    d.blood = max(before - amount, BLOOD_DEATH)
    drained_now = before > 0 >= d.blood
    if public:
        state.clues.append({"k": "blood", "loss": amount, "drained": drained_now})
    if drained_now and not d.fleeing:
        d.fleeing = True
        state.say("dracula_drained", "Dracula's Blood Points have fallen to zero: he must "
                  "flee to Castle Dracula", blood=0)
    if d.blood <= BLOOD_DEATH:
        dracula_destroyed(state, "the Blood Death Marker reached the 12 box")
