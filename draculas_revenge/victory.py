"""Who wins: each adventure's victory conditions ("The Adventures", "Your Own Adventures",
"Optional Rules: Multiplayer"), asked after every action, as each turn begins and as it
ends (the turn limit).

This module reads the state and imports nothing of the rules above it; the state asks it
after every action (``DRState.proceed``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gothic_kernel import Outcome

from . import narration as say
from .characters import Figure
from .decisions import Phase

if TYPE_CHECKING:
    from .state import DRState


def judge(state: DRState) -> None:
    """Has someone won? Asked after every action and as each turn begins (not during the
    set-up); the game ends at once."""
    if state.result is None and state.phase is not Phase.SETUP:
        state.result = check_victory(state)
        if state.result is not None:
            finish(state)


def finish(state: DRState) -> None:
    """The game is over: nothing is asked any more, and the log says who won."""
    assert state.result is not None
    state.stack.clear()
    winners = " and ".join(say.player(s) for s in state.result.winners)
    verb = "wins" if len(state.result.winners) == 1 else "win"
    told = f"{winners} {verb}" if winners else "nobody wins"
    state.events.say("game_over", f"Game over: {told} ({state.result.reason}).",
                     winners=list(state.result.winners), reason=state.result.reason)
    state.occupancy_changed()


def in_play(state: DRState) -> list[Figure]:
    """Figures still in the game (on the board, waiting to enter, or not yet placed)."""
    exited = state.exited
    return [f for f in state.figures.values() if f.id not in exited]


def _sides_in_play(state: DRState) -> tuple[list[Figure], list[Figure]]:
    """The hunters of the hunters' seat and the vampires of the vampires' seat still in
    the game (one pass: this is asked after every action)."""
    exited, rules = state.exited, state.rules
    hunter_kinds, vampire_kinds = rules.hunter_kinds, rules.vampire_kinds
    hunters: list[Figure] = []
    vampires: list[Figure] = []
    for f in state.figures.values():
        if f.id in exited:
            continue
        if f.seat == "hunters":
            if f.kind in hunter_kinds:
                hunters.append(f)
        elif f.seat == "vampires" and f.kind in vampire_kinds:
            vampires.append(f)
    return hunters, vampires


def check_victory(state: DRState, end_of_turn: bool = False) -> Outcome | None:
    """Who has won now (None: play on); ``end_of_turn``: the turn is over, so the turn
    limit counts."""
    if state.options["multiplayer"]:
        return _multiplayer(state, end_of_turn)
    hunters, vampires = _sides_in_play(state)
    goal = state.rules.adventure["goal"]
    adventure = _ADVENTURES.get(goal)
    outcome = adventure(state, hunters, vampires) if adventure else None
    if outcome is not None or not end_of_turn:
        return outcome
    limit = turn_limit(state)
    if not limit or state.turn < limit:
        return None
    if goal == "into_the_breach":
        return Outcome(("vampires",), "win", "the sun sets: the vampires escape as mist")
    if goal == "custom":
        return Outcome(("hunters",), "win", f"the hunters held out for {limit} turns")
    return Outcome((), "draw", f"turn limit of {limit} turns reached")


def _into_the_breach(state: DRState, hunters: list[Figure], vampires: list[Figure]
                     ) -> Outcome | None:
    """The hunters win by destroying all of the vampires (within 4 turns: the turn
    limit); the vampires by destroying all of the hunters (or escaping at sunset)."""
    if not hunters:
        return Outcome(("vampires",), "win", "every hunter destroyed")
    if not vampires:
        return Outcome(("hunters",), "win", "every vampire destroyed")
    return None


def _defile_the_coffins(state: DRState, hunters: list[Figure], vampires: list[Figure]
                        ) -> Outcome | None:
    """The hunters win if they defile the coffins in each of the rooms; the vampires if
    they stop them (no hunter left to defile)."""
    coffins = state.rules.board.area_tiles[state.rules.adventure["coffins"]]
    if all(t in state.defiled for t in coffins):
        return Outcome(("hunters",), "win", "every coffin defiled")
    if not hunters:
        return Outcome(("vampires",), "win", "no hunter is left to defile the coffins")
    return None


def _cross_the_catacombs(state: DRState, hunters: list[Figure], vampires: list[Figure]
                         ) -> Outcome | None:
    """The hunters win with two or more off the board through the vampire entrances; the
    vampires once that is impossible (too few hunters left, or minions left to save)."""
    out = [f for f in state.exited if f in state.figures and state.figures[f].seat == "hunters"]
    need = int(state.rules.adventure["exits_needed"])
    if len(out) >= need:
        return Outcome(("hunters",), "win", f"{len(out)} hunters crossed the catacombs")
    if len(out) + len(hunters) + len(savable_minions(state, hunters)) < need:
        return Outcome(("vampires",), "win", "the hunters can no longer get two across")
    return None


def _rescue_van_helsing(state: DRState, hunters: list[Figure], vampires: list[Figure]
                        ) -> Outcome | None:
    """The hunters win if Van Helsing gets off the board; the vampires if they keep him
    from getting away and kill the other hunters, or mesmerize him with no priest left
    to save him ("they effectively win")."""
    if "van_helsing" in state.exited:
        return Outcome(("hunters",), "win", "Van Helsing got off the board")
    vh = state.figures.get("van_helsing")
    others = [f for f in hunters if f.id != "van_helsing"]
    if vh is not None and vh.kind == "minion":
        if not state.options["feeding_and_saving"]:
            return Outcome(("vampires",), "win", "Van Helsing is a minion and no one can "
                                                 "save him (No Feeding or Saving)")
        if not any(state.has_special(f, "crucifix") for f in others):
            return Outcome(("vampires",), "win", "Van Helsing is a minion and no priest "
                                                 "is left to save him")
    vh_free = vh is not None and vh.seat == "hunters" and vh.kind == "van_helsing" \
        and not vh.unconscious and vh.pos >= 0
    if not others and not vh_free:
        return Outcome(("vampires",), "win", "Van Helsing is kept from getting away and "
                                             "the other hunters are gone")
    return None


def _destroy_dracula(state: DRState, hunters: list[Figure], vampires: list[Figure]
                     ) -> Outcome | None:
    """The hunters win if they destroy Dracula or all of the other vampires; the vampires
    if they destroy all of the hunters."""
    if not hunters:
        return Outcome(("vampires",), "win", "every hunter destroyed")
    dracula = [f for f in vampires if f.kind == "dracula"]
    if not dracula:
        return Outcome(("hunters",), "win", "Dracula is destroyed")
    if len(vampires) == len(dracula):
        return Outcome(("hunters",), "win", "every other vampire is destroyed")
    return None


def _your_own_adventure(state: DRState, hunters: list[Figure], vampires: list[Figure]
                        ) -> Outcome | None:
    """The vampires must kill or mesmerize all the hunters within 5 turns (the turn
    limit); otherwise the hunters win."""
    if not hunters:
        return Outcome(("vampires",), "win", "every hunter killed or mesmerized")
    return None


#: Each adventure's victory conditions, by its goal.
_ADVENTURES = {"into_the_breach": _into_the_breach, "defile_the_coffins": _defile_the_coffins,
               "cross_the_catacombs": _cross_the_catacombs,
               "rescue_van_helsing": _rescue_van_helsing, "destroy_dracula": _destroy_dracula,
               "custom": _your_own_adventure}


def savable_minions(state: DRState, hunters: list[Figure]) -> list[Figure]:
    """Minions the hunters could still save and bring back: there is a crucifix holder
    among ``hunters`` and saving is allowed (a born minion needs a free staker card)."""
    if not state.options["feeding_and_saving"]:
        return []
    if not any(state.has_special(h, "crucifix") and not h.unconscious for h in hunters):
        return []
    return [f for f in in_play(state) if f.kind == "minion" and f.seat != "hunters"
            and (f.born != "minion" or state.free_card("staker"))]


def turn_limit(state: DRState) -> int:
    """The adventure's own limit, or the ``turn_limit`` option where it sets none."""
    own = int(state.rules.adventure.get("turn_limit", 0))
    return own or int(state.options["turn_limit"])


def points_left(state: DRState, seat: str) -> int:
    return sum(state.rules.types[f.kind].points for f in in_play(state) if f.seat == seat)


def points_left_by_seat(state: DRState) -> dict[str, int]:
    """:func:`points_left` of every seat, in one pass."""
    types, exited = state.rules.types, state.exited
    left = dict.fromkeys(state.seats, 0)
    for f in state.figures.values():
        if f.id not in exited and f.seat in left:
            left[f.seat] += types[f.kind].points
    return left


def _multiplayer(state: DRState, end_of_turn: bool) -> Outcome | None:
    standing = [s for s in state.seats if any(f.seat == s for f in in_play(state))]
    if len(standing) <= 1:
        return Outcome(tuple(standing), "win", "the last player standing")
    if end_of_turn and state.turn >= turn_limit(state):
        scores = {s: float(points_left(state, s)) for s in state.seats}
        best = max(scores.values())
        return Outcome(tuple(s for s in state.seats if scores[s] == best), "points",
                       "most points of characters left after 5 turns", scores)
    return None


__all__ = ["check_victory", "finish", "judge", "points_left", "points_left_by_seat", "turn_limit"]
