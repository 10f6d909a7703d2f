"""Scenario helpers for the fury1987 tests.

Tests drive the game through its public API (``apply``, ``legal_actions``,
``observation``); to reach a rulebook example quickly they may also arrange the
position first (who holds which chit), then call ``state.invalidate()``.
"""

from __future__ import annotations

from collections.abc import Iterable

import gothic_kernel as gk
from fury1987.actions import DO_NOTHING, KEEP_WEAPONS, STAY_PUT, StartIn, TakeItems
from fury1987.game import FuryGame
from fury1987.state import FuryState
from gothic_kernel import Action, Dice, ScriptedDice

GAME: FuryGame = gk.load_game("fury1987")  # type: ignore[assignment]


def new_state(seed: int = 0, rolls: Iterable[int] | None = None) -> FuryState:
    dice = ScriptedDice(rolls) if rolls is not None else None
    state = GAME.new_game(seed=seed, dice=dice) if dice is not None else GAME.new_game(seed=seed)
    assert isinstance(state, FuryState)
    return state


def started(godalming: str = "paris", seward: str = "vienna", van_helsing: str = "madrid",
            dracula: str = "london", *, seed: int = 0,
            rolls: Iterable[int] | None = None) -> FuryState:
    """A game whose pieces are placed; Dracula's first Movement Phase is pending."""
    state = new_state(seed, rolls)
    for seat, town in (("godalming", godalming), ("seward", seward),
                       ("van_helsing", van_helsing), ("dracula", dracula)):
        state.apply(seat, StartIn(town))
    return state


def rig(state: FuryState, rolls: Iterable[int]) -> None:
    """From now on the dice roll ``rolls`` (shuffles and draws stay seeded)."""
    state.dice = ScriptedDice(rolls, seed=1)
    state.invalidate()


def unrig(state: FuryState, seed: int = 7) -> None:
    """Back to seeded dice."""
    state.dice = Dice(seed)
    state.invalidate()


def kind(state: FuryState) -> str:
    return state.stack[-1].KIND if state.stack else ""


def act(state: FuryState, seat: str, action: Action) -> None:
    assert action in state.legal_actions(seat), (seat, action, state.legal_actions(seat))
    state.apply(seat, action)


def dracula_turn(state: FuryState, move: Action, then: Action = DO_NOTHING) -> None:
    """Dracula's Movement Phase then his second (secret) decision."""
    act(state, "dracula", move)
    if state.current_seats() == ("dracula",) and kind(state) in ("dracula_action",
                                                                   "dracula_swap"):
        act(state, "dracula", then)


def quiet_turn(state: FuryState, seat: str, move: Action = STAY_PUT,
               items: TakeItems | None = None) -> None:
    """A Hunter's turn with no choices beyond moving (and perhaps the items)."""
    act(state, seat, move)
    while state.current_seats() == (seat,) and kind(state) in ("item_choice", "new_weapons"):
        if kind(state) == "item_choice":
            act(state, seat, items or TakeItems())
        else:
            act(state, seat, KEEP_WEAPONS)


def hunters_stay(state: FuryState) -> None:
    for seat in ("godalming", "seward", "van_helsing"):
        if state.current_seats() == (seat,) and kind(state) == "hunter_movement":
            quiet_turn(state, seat)
