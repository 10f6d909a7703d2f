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


def judge(st: DRState) -> None:
    """Has someone won? Asked after every action and as each turn begins (not during the
    set-up); the game ends at once."""
    if st.result is None and st.phase is not Phase.SETUP:
        st.result = check_victory(st)
        if st.result is not None:
            finish(st)


def finish(st: DRState) -> None:
    """The game is over: nothing is asked any more, and the log says who won."""
    assert st.result is not None
    st.stack.clear()
    winners = " and ".join(say.player(s) for s in st.result.winners)
    verb = "wins" if len(st.result.winners) == 1 else "win"
    told = f"{winners} {verb}" if winners else "nobody wins"
    st.events.say("game_over", f"Game over: {told} ({st.result.reason}).",
                  winners=list(st.result.winners), reason=st.result.reason)
    st.occupancy_changed()


def in_play(st: DRState) -> list[Figure]:
    """Figures still in the game (on the board, waiting to enter, or not yet placed)."""
    exited = st.exited
    return [f for f in st.figures.values() if f.id not in exited]


def check_victory(st: DRState, end_of_turn: bool = False) -> Outcome | None:
    """Who has won now (None: play on)."""
    goal = st.rules.adventure["goal"]
    if st.options["multiplayer"]:
        return _multiplayer(st, end_of_turn)
    figs = in_play(st)
    hunter_kinds, vampire_kinds = st.rules.hunter_kinds, st.rules.vampire_kinds
    hunters = [f for f in figs if f.seat == "hunters" and f.kind in hunter_kinds]
    vampires = [f for f in figs if f.seat == "vampires" and f.kind in vampire_kinds]
    limit = turn_limit(st)
    if goal in ("into_the_breach", "destroy_dracula", "custom") and not hunters:
        if goal == "custom":
            return Outcome(("vampires",), "win", "every hunter killed or mesmerized")
        return Outcome(("vampires",), "win", "every hunter destroyed")
    if goal == "into_the_breach":
        if not vampires:
            return Outcome(("hunters",), "win", "every vampire destroyed")
        if end_of_turn and st.turn >= limit:
            return Outcome(("vampires",), "win", "the sun sets: the vampires escape as mist")
    elif goal == "defile_the_coffins":
        coffins = st.rules.board.area_tiles[st.rules.adventure["coffins"]]
        if all(t in st.defiled for t in coffins):
            return Outcome(("hunters",), "win", "every coffin defiled")
        if not hunters:
            return Outcome(("vampires",), "win", "no hunter is left to defile the coffins")
    elif goal == "cross_the_catacombs":
        out = [f for f in st.exited if f in st.figures and st.figures[f].seat == "hunters"]
        need = int(st.rules.adventure["exits_needed"])
        if len(out) >= need:
            return Outcome(("hunters",), "win", f"{len(out)} hunters crossed the catacombs")
        if len(out) + len(hunters) + len(savable_minions(st, hunters)) < need:
            return Outcome(("vampires",), "win", "the hunters can no longer get two across")
    elif goal == "rescue_van_helsing":
        vh = st.figures.get("van_helsing")
        if "van_helsing" in st.exited:
            return Outcome(("hunters",), "win", "Van Helsing got off the board")
        others = [f for f in hunters if f.id != "van_helsing"]
        vh_free = vh is not None and vh.seat == "hunters" and vh.kind == "van_helsing" \
            and not vh.unconscious and vh.pos >= 0
        savers = [f for f in hunters if st.has_special(f, "crucifix") and f.id != "van_helsing"]
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
    if goal == "custom" and end_of_turn and st.turn >= limit:
        return Outcome(("hunters",), "win", "the hunters held out for 5 turns")
    if end_of_turn and limit and st.turn >= limit:
        return Outcome((), "draw", f"turn limit of {limit} turns reached")
    return None


def savable_minions(st: DRState, hunters: list[Figure]) -> list[Figure]:
    """Minions the hunters could still save and bring back: there is a crucifix holder
    among ``hunters`` and saving is allowed (a born minion needs a free staker card)."""
    if not st.options["feeding_and_saving"]:
        return []
    if not any(st.has_special(h, "crucifix") and not h.unconscious for h in hunters):
        return []
    return [f for f in in_play(st) if f.kind == "minion" and f.seat != "hunters"
            and (f.born != "minion" or st.free_card("staker"))]


def turn_limit(st: DRState) -> int:
    """The adventure's own limit, or the ``turn_limit`` option where it sets none."""
    own = int(st.rules.adventure.get("turn_limit", 0))
    return own or int(st.options["turn_limit"])


def points_left(st: DRState, seat: str) -> int:
    return sum(st.rules.types[f.kind].points for f in in_play(st) if f.seat == seat)


def _multiplayer(st: DRState, end_of_turn: bool) -> Outcome | None:
    standing = [s for s in st.seats if any(f.seat == s for f in in_play(st))]
    if len(standing) <= 1:
        return Outcome(tuple(standing), "win", "the last player standing")
    if end_of_turn and st.turn >= turn_limit(st):
        scores = {s: float(points_left(st, s)) for s in st.seats}
        best = max(scores.values())
        return Outcome(tuple(s for s in st.seats if scores[s] == best), "points",
                       "most points of characters left after 5 turns", scores)
    return None


__all__ = ["check_victory", "finish", "judge", "points_left", "turn_limit"]
