"""The Extended Game: Castle Dracula ("The Extended Game").

Set-up: the fifteen red guardian counters face down, one in each green area;
hunters at The Portcullis, nosferatu, player werewolves and possessed players
in The Tower; the clock at noon. Every turn sets the clock one hour ahead
(lost turns too); from 6 a.m. to 6 p.m. hunters add one to Supernatural
Combat rolls. A hunter who stops in a green area with a face-down counter
reveals and fights it (Trap and Swarm of Rats are not fought). Fought
guardians leave the board, except Count Dracula, who stays in his room until
slain or until midnight, when every guardian is mixed face down again into the
green areas ("Restocking the Map").
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gothic_kernel import Sequencer

from . import combat, conversion
from .state import CASTLE, HUNTER, Fight

if TYPE_CHECKING:
    from .state import VampyreState

RULE = "The Extended Game"
NOON, MIDNIGHT = 12, 0
SUNRISE, SUNSET = 6, 18


def daylight(state: VampyreState) -> int:
    """+1 to the hunters' Supernatural Combat rolls from 6 a.m. (sunrise) to 6 p.m. (sunset)."""
    return 1 if SUNRISE <= state.clock < SUNSET else 0


def set_clock(state: VampyreState) -> None:
    """"Time Inside Castle Dracula": one hour ahead each player turn, before movement."""
    state.clock = (state.clock + 1) % 24


def place_guardians(state: VampyreState, counters: list[str]) -> None:
    """Turn the counters face down, mix them, and put one in each green area."""
    counters = sorted(counters)
    state.dice.shuffle(counters)
    state.green = dict(zip(state.world.castle.green, counters, strict=True))


def set_up(state: VampyreState, first: str) -> None:
    """"Preparation for Play - Castle Dracula"; play begins with ``first``."""
    castle = state.world.castle
    state.stage = CASTLE
    state.clock = NOON
    state.fights.clear()
    state.revealed.clear()
    counters, state.red_aside = state.red_aside, []
    place_guardians(state, counters)
    for p in state.players.values():
        if p.out:
            continue
        p.lost_turns = p.immobile = p.wounds = 0
        p.reappear = -1
        p.searched = ""
        p.may_heal = p.healing = p.resting = p.fleeing = p.must_reveal = False
        p.location = castle.tower if p.is_converted else castle.entrance
    out = [s for s, p in state.players.items() if p.out]
    state.order = Sequencer(state.seats, seat_index=state.seats.index(first), out=out)
    state.turn_open = False
    state.events.say("castle_dracula", "The hunters reach Castle Dracula. The guardians are "
                     "placed face down; the clock is set at noon.", first=first)
    from .turns import new_round

    new_round(state, first)


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
                     f"{combat.the(state, kind)} in {state.place(where)}", seat=seat,
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
        combat.begin(state, Fight(seat, monster, seat, counter=counter, origin="guardian",
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


def restock(state: VampyreState) -> None:
    """"Restocking the Map": at midnight every guardian is mixed face down again."""
    counters = [c for c in state.green.values() if c]
    counters += list(state.revealed.values()) + state.red_aside
    state.revealed, state.red_aside = {}, []
    state.fights = [f for f in state.fights if not f.counter]
    place_guardians(state, counters)
    castle = state.world.castle
    for p in state.players.values():
        if p.is_living_hunter and p.location is not None and castle.is_green(p.location):
            p.must_reveal = True
    state.events.say("restock", "Midnight: the guardians are gathered, mixed and placed face "
                     "down again")
