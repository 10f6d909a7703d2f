"""Bites, wounds and what they make of a hunter ("Vampiric Conversion",
"Werewolf Conversion", "W - Wound", "P - Possession").

* Three bites make a hunter a nosferatu; all useful items are lost.
* A hunter with two bites wounded by a werewolf becomes a player werewolf.
* Otherwise a wound sends the hunter to Klausenburg (Basic Game); in Castle
  Dracula two wounds kill.
* A possessed hunter charges the nearest living player at double speed (two dice,
  each at the terrain rate) for one to six turns (one die inside the castle):
  ``movement.possessed_move``.
* Defeated nosferatu and player werewolves dissolve and reappear in The Crypts
  (The Tower in Castle Dracula) at the start of their next turn; a nosferatu
  that has bitten is sated and reappears "two turns later": it misses its next turn and
  is back at the start of the one after (ruling 9).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .items import lose_items
from .state import (
    DEAD,
    HUNTER,
    KLAUSENBURG,
    NOSFERATU,
    PLAYER_WEREWOLF,
    THE_CRYPTS,
    Form,
    Out,
)

if TYPE_CHECKING:
    from .state import VampyreState

WEREWOLVES = ("werewolf", PLAYER_WEREWOLF)
#: The turns a sated nosferatu misses: it reappears "two turns later", where a defeated one
#: reappears "on the following turn" (its next).
SATED_TURNS = 1


def bite(state: VampyreState, seat: str) -> None:
    """"B - Bite": a Bite! marker; the third makes a nosferatu."""
    p = state.players[seat]
    p.bites += 1
    marks = "1 bite" if p.bites == 1 else f"{p.bites} bites"
    state.events.say("bite", f"{state.name(seat)} has been bitten ({marks})", seat=seat,
                     bites=p.bites)
    if p.bites >= 3 and p.form == HUNTER:
        _convert(state, seat, NOSFERATU, "becomes a nosferatu")


def wound(state: VampyreState, seat: str, monster: str) -> None:
    """"W - Wound", with the werewolf exception."""
    p = state.players[seat]
    if monster in WEREWOLVES and p.bites >= 2 and p.form == HUNTER and not p.possessed:
        _convert(state, seat, PLAYER_WEREWOLF, "contracts lycanthropy and becomes a werewolf")
        return
    if state.in_castle:
        p.wounds += 1
        if p.wounds >= 2:
            leave_for_good(state, seat, DEAD, "dies of the wounds")
            return
        p.may_heal = True
        state.events.say("wound", f"{state.name(seat)} is wounded (a second wound kills)",
                         seat=seat, wounds=p.wounds)
        return
    p.location = KLAUSENBURG
    p.visit(KLAUSENBURG)
    state.events.say("wound", f"{state.name(seat)} is wounded and carried to Klausenburg",
                     seat=seat)


def _convert(state: VampyreState, seat: str, form: Form, text: str) -> None:
    p = state.players[seat]
    p.form = form
    p.possessed = 0
    p.fleeing = p.must_reveal = p.may_heal = p.healing = p.resting = False
    p.wounds = 0
    p.immobile = p.lost_turns = 0
    lose_items(state, seat)
    state.events.say("conversion", f"{state.name(seat)} {text}", seat=seat, form=str(form))
    if state.in_castle:
        _remove(state, seat, 0)


def possess(state: VampyreState, seat: str) -> None:
    """"P - Possession": for 1-6 turns (one die)."""
    turns = state.dice.d6()
    state.players[seat].possessed = turns
    state.events.say("possession", f"{state.name(seat)} is possessed by a demon for {turns} "
                     + ("turn" if turns == 1 else "turns"), seat=seat, turns=turns)


def end_possession(state: VampyreState, seat: str, why: str) -> None:
    p = state.players[seat]
    if not p.possessed:
        return
    p.possessed = 0
    state.fights = [f for f in state.fights if f.opponent != seat]
    state.events.say("possession_ends", f"{state.name(seat)} is free of the demon: {why}",
                     seat=seat)


def _remove(state: VampyreState, seat: str, wait: int) -> None:
    p = state.players[seat]
    p.location = None
    p.reappear = wait
    state.fights = [f for f in state.fights if seat not in (f.hunter, f.opponent)]


def dissolve(state: VampyreState, seat: str, text: str) -> None:
    """The converted player's counter leaves the board until the start of its next turn."""
    state.events.say("removed", f"{state.name(seat)} {text}", seat=seat)
    _remove(state, seat, 0)


def sate(state: VampyreState, seat: str) -> None:
    """A nosferatu that has bitten is sated: off the board, back two turns later."""
    state.events.say("sated", f"{state.name(seat)} is sated and leaves the board", seat=seat)
    _remove(state, seat, SATED_TURNS)


def leave_for_good(state: VampyreState, seat: str, why: Out, text: str) -> None:
    """Dead, saved or slain: out of the game."""
    p = state.players[seat]
    state.events.say("out", f"{state.name(seat)} {text}", seat=seat, why=str(why))
    _remove(state, seat, -1)
    p.out = why
    p.possessed = 0
    state.order.drop_out(seat)


def reappear(state: VampyreState, seat: str) -> None:
    """Back on the board at the start of a turn: The Crypts, or The Tower inside the castle
    (a hunter freed of possession while off the board re-enters at The Portcullis)."""
    p = state.players[seat]
    if state.in_castle:
        castle = state.world.castle
        home = castle.tower if p.is_converted else castle.entrance
    else:
        home = THE_CRYPTS
    p.location = home
    p.reappear = -1
    at = "at" if state.in_castle and home == state.world.castle.entrance else "in"
    state.events.say("reappear", f"{state.when()}{state.name(seat)} reappears {at} "
                     f"{state.place(home)}",
                     seat=seat, place=home)
