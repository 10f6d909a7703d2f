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


def check_victory(state: DRState, end_of_turn: bool = False) -> Outcome | None:
    """Who has won now (None: play on)."""
    goal = state.rules.adventure["goal"]
    if state.options["multiplayer"]:
        return _multiplayer(state, end_of_turn)
    figs = in_play(state)
    hunter_kinds, vampire_kinds = state.rules.hunter_kinds, state.rules.vampire_kinds
    hunters = [f for f in figs if f.seat == "hunters" and f.kind in hunter_kinds]
    vampires = [f for f in figs if f.seat == "vampires" and f.kind in vampire_kinds]
    limit = turn_limit(state) if end_of_turn else 0  # only the turn's end counts it
    if goal in ("into_the_breach", "destroy_dracula", "custom") and not hunters:
        if goal == "custom":
            return Outcome(("vampires",), "win", "every hunter killed or mesmerized")
        return Outcome(("vampires",), "win", "every hunter destroyed")
    if goal == "into_the_breach":
        if not vampires:
            return Outcome(("hunters",), "win", "every vampire destroyed")
        if end_of_turn and state.turn >= limit:
            return Outcome(("vampires",), "win", "the sun sets: the vampires escape as mist")
    elif goal == "defile_the_coffins":
        coffins = state.rules.board.area_tiles[state.rules.adventure["coffins"]]
        if all(t in state.defiled for t in coffins):
            return Outcome(("hunters",), "win", "every coffin defiled")
        if not hunters:
            return Outcome(("vampires",), "win", "no hunter is left to defile the coffins")
    elif goal == "cross_the_catacombs":
        out = [f for f in state.exited if f in state.figures and state.figures[f].seat == "hunters"]
        need = int(state.rules.adventure["exits_needed"])
        if len(out) >= need:
            return Outcome(("hunters",), "win", f"{len(out)} hunters crossed the catacombs")
        if len(out) + len(hunters) + len(savable_minions(state, hunters)) < need:
            return Outcome(("vampires",), "win", "the hunters can no longer get two across")
    elif goal == "rescue_van_helsing":
        vh = state.figures.get("van_helsing")
        if "van_helsing" in state.exited:
            return Outcome(("hunters",), "win", "Van Helsing got off the board")
        others = [f for f in hunters if f.id != "van_helsing"]
        vh_free = vh is not None and vh.seat == "hunters" and vh.kind == "van_helsing" \
            and not vh.unconscious and vh.pos >= 0
        savers = [f for f in hunters if state.has_special(f, "crucifix") and f.id != "van_helsing"]
        if vh is not None and vh.kind == "minion" and not savers:
            return Outcome(("vampires",), "win", "Van Helsing is a minion and no priest is "
                                                 "left to save him")
        if not others and not vh_free:
            return Outcome(("vampires",), "win", "Van Helsing is kept from getting away and "
                                                 "the other hunters are gone")
    elif goal == "destroy_dracula":
        dracula = [f for f in vampires if f.kind == "dracula"]
        if not dracula:
            return Outcome(("hunters",), "win", "Dracula is destroyed")
        if len(vampires) == len(dracula):
            return Outcome(("hunters",), "win", "every other vampire is destroyed")
    if goal == "custom" and end_of_turn and state.turn >= limit:
        return Outcome(("hunters",), "win", "the hunters held out for 5 turns")
    if end_of_turn and limit and state.turn >= limit:
        return Outcome((), "draw", f"turn limit of {limit} turns reached")
    return None


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


__all__ = ["check_victory", "finish", "judge", "points_left", "turn_limit"]
