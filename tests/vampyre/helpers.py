"""Scenario helpers for the vampyre tests: a game with scripted dice, counters placed by hand.

The rulebook's situations (a hunter on a road, a nosferatu next door, a werewolf attack)
are set up by writing the state's plain data, then played through the public API
(``legal_actions`` / ``apply``) with :class:`~gothic_kernel.ScriptedDice`.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from gothic_kernel import ScriptedDice, load_game
from vampyre.state import MOVE, TURN_START, Pending, VampyreState

GAME = load_game("vampyre")


def new(rolls: Iterable[int] = (3,), *, first_rolls: Iterable[int] | None = None,
        **options: Any) -> VampyreState:
    """A new game whose first-player rolls are ``first_rolls`` (default: the first seat
    rolls 6, the others 1) and whose later dice are ``rolls`` (the first of them is the
    first player's movement roll)."""
    players = len(options.get("hunters", ())) or options.get("players", 4)
    first = list(first_rolls) if first_rolls is not None else [6] + [1] * (players - 1)
    state = GAME.new_game(dice=ScriptedDice([*first, *rolls]), **options)
    assert isinstance(state, VampyreState)
    return state


def script(state: VampyreState, rolls: Iterable[int]) -> None:
    """The dice the game will roll from now on."""
    state.dice = ScriptedDice(list(rolls))
    state.invalidate()


def put(state: VampyreState, seat: str, place: str | None) -> None:
    state.players[seat].location = place
    state.invalidate()


def give(state: VampyreState, seat: str, *kinds: str) -> None:
    """Useful items for ``seat`` (as gifts, so no counter leaves a large hex)."""
    for kind in kinds:
        state.gifts += 1
        state.players[seat].items.append(f"gift_{state.gifts}_{kind}")


def turn_of(state: VampyreState, seat: str, roll: int | None = None) -> None:
    """Make it ``seat``'s turn: waiting for its move with ``roll``, or at the turn's start."""
    state.order.seat_index = state.seats.index(seat)
    state.turn_open = True
    state.turn_kind = ""
    state.pending = Pending(seat, MOVE, roll=roll) if roll is not None \
        else Pending(seat, TURN_START)
    state.invalidate()


def texts(state: VampyreState, viewer: str = "public") -> list[str]:
    return [e["text"] for e in state.log(viewer)]


#: The night's encounter roll of a hunter who ends a move in the forest before attacking
#: an opponent there ("Encounters": he "must roll"): a 7, no encounter.
QUIET_NIGHT = (1, 6)


def two_dice(total: int) -> list[int]:
    """Two die faces adding up to ``total``."""
    first = max(1, total - 6)
    return [first, total - first]


def step_into(state: VampyreState, terrain: str, *, road: bool = False) -> tuple[str, str]:
    """Two adjacent hexes a -> b, b of ``terrain`` (on a road or not), the step off-road."""
    board = state.world.transylvania
    for b in board.hexes:
        if board.terrain[b] != terrain or (b in board.road_hexes) != road:
            continue
        for a in board.neighbours[b]:
            if not board.is_large(a) and (a, b) not in board.road_edges:
                return a, b
    raise AssertionError(f"no {terrain} hex to step into")


def camp_in(state: VampyreState, seat: str, terrain: str, rolls: Iterable[int], *,
            road: bool = False) -> str:
    """``seat`` moves one hex into ``terrain`` and spends the night there; the dice then
    roll ``rolls`` (and 1s after that, for the turns that follow)."""
    a, b = step_into(state, terrain, road=road)
    put(state, seat, a)
    turn_of(state, seat, 1)
    script(state, [*rolls, *[1] * 30])
    from vampyre.actions import Move

    state.apply(seat, Move(b))
    return b
