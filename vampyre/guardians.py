"""The guardians of Castle Dracula met ("The Extended Game - Movement", "Appendix I:
Monsters", "F - Fear").

A hunter who stops in a green area with a face-down counter reveals it (the turn after
midnight, a hunter standing in a green area reveals before leaving). A Swarm of Rats
costs a turn and a Trap a roll to leap clear (5 or 6; else a wound); neither is fought.
Every other guardian is fought at once (the gypsies, a band of one die's number, one
after the other), and Count Dracula stays face up in his room. A hunter struck with
fear ("F") flees back towards The Portcullis on the following turns.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import combat, conversion
from .state import HUNTER, Fight, FightOrigin
from .wording import the

if TYPE_CHECKING:
    from .state import VampyreState


def arrive(state: VampyreState, seat: str) -> None:
    """A hunter who stops in a green area with a face-down counter reveals it."""
    p = state.players[seat]
    where = p.location
    if where is not None and state.green.get(where) and p.form == HUNTER and not p.possessed:
        reveal(state, seat)


def reveal(state: VampyreState, seat: str) -> None:
    """Flip the guardian counter in the hunter's green area and meet it ("Movement",
    "Appendix I: Monsters")."""
    p = state.players[seat]
    forced = p.must_reveal  # the turn after midnight: the reveal opens the turn
    p.must_reveal = False
    where = p.location
    assert where is not None
    counter = state.green.get(where, "")
    if not counter:
        return
    state.green[where] = ""
    kind = state.rules.red_counters[counter]
    effect, monster = state.rules.red_effects[kind]
    state.events.say("reveal", f"{state.when() if forced else ''}{state.name(seat)} reveals "
                     f"{the(state, kind)} in {state.place(where)}", seat=seat,
                     space=where, counter=kind)
    if effect == "swarm_of_rats":
        p.lost_turns += 1
        state.events.say("swarm_of_rats", f"{state.name(seat)} loses a turn fending off the "
                         "rats", seat=seat)
        state.red_aside.append(counter)
    elif effect == "trap":
        die = state.dice.d6()
        state.red_aside.append(counter)
        if die >= 5:
            state.events.say("trap", f"{state.name(seat)} rolls {die} and leaps clear of the "
                             "trap", seat=seat, roll=die)
        else:
            state.events.say("trap", f"{state.name(seat)} rolls {die} and falls into the "
                             "spiked pit", seat=seat, roll=die)
            conversion.wound(state, seat, "trap")
    else:
        state.revealed[where] = counter
        gypsies = 0
        if effect == "gypsies":
            gypsies = state.dice.d6()
            band = "1 gypsy attacks" if gypsies == 1 else f"{gypsies} gypsies attack"
            state.events.say("gypsies", f"{state.name(seat)} rolls {gypsies}: {band}",
                             seat=seat, number=gypsies)
        combat.begin(state, Fight(seat, monster, seat, counter=counter, origin=FightOrigin.GUARDIAN,
                                  gypsies=gypsies, space=where))


def flee(state: VampyreState, seat: str) -> None:
    """"F - Fear": the player moves back towards The Portcullis and stops there."""
    p = state.players[seat]
    castle = state.world.castle
    assert p.location is not None
    die = state.dice.d6()
    path = castle.shortest_path(p.location, castle.entrance)[:die]
    if path:
        p.location = path[-1]
    where = "all the way back to The Portcullis" if p.location == castle.entrance \
        else f"towards The Portcullis, as far as {state.place(p.location)}"
    state.events.say("flee", f"{state.when()}{state.name(seat)} rolls {die} and flees {where}",
                     seat=seat, roll=die, path=path)
    if p.location == castle.entrance:
        p.fleeing = False
        state.events.say("folly", f"{state.name(seat)} stops at The Portcullis and realizes "
                         "the folly of flight", seat=seat)
