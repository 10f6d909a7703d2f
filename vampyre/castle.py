"""The Extended Game: Castle Dracula ("The Extended Game").

Set-up: the fifteen red guardian counters face down, one in each green area;
hunters at The Portcullis, nosferatu, player werewolves and possessed players
in The Tower; the clock at noon. Every turn sets the clock one hour ahead
(lost turns too); from 6 a.m. to 6 p.m. hunters add one to Supernatural
Combat rolls. A hunter who stops in a green area with a face-down counter
reveals and fights it (``guardians``). Fought guardians leave the board, except
Count Dracula, who stays in his room until slain or until midnight, when every
guardian is mixed face down again into the green areas ("Restocking the Map").
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gothic_kernel import Sequencer

from .state import CASTLE

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
    state.begin_round(first)


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
