"""What characters see and face, on a state ("Seeing Things", "The Crucifix")."""

from __future__ import annotations

from .characters import Figure
from .sight import in_arc_cone
from .state import DRState

RULE_CRUCIFIX = "The Crucifix"


def clear_line(state: DRState, a: int, b: int) -> bool:
    return state.rules.sight.clear(a, b, state.obstacles())


def sees_square(state: DRState, fig: Figure, square: int) -> bool:
    """Field of view and line of sight: the figure sees ``square``."""
    if fig.pos < 0 or fig.unconscious or square < 0:
        return False
    return state.rules.sight.sees(fig.pos, fig.facing, fig.misted, square, state.obstacles())


def in_arc(state: DRState, fig: Figure, square: int) -> bool:
    """``square`` is in the figure's arc of effect: a clear line through its front face."""
    if fig.pos < 0 or fig.misted or square < 0:
        return False
    if not in_arc_cone(state.rules.board, fig.pos, fig.facing, square):
        return False
    return state.rules.sight.clear(fig.pos, square, state.obstacles())


def mutual_arc(state: DRState, a: Figure, b: Figure) -> bool:
    """Each is in the other's arc of effect (crucifix, mesmerizing)."""
    return in_arc(state, a, b.pos) and in_arc(state, b, a.pos)


def crucifix_holders(state: DRState, vampire: Figure) -> list[Figure]:
    """Conscious crucifix holders on the board fighting against ``vampire``'s controller
    (worked out once per position and seat: do not change the list)."""
    seat = vampire.seat
    found = state._holders.get(seat)
    if found is None:
        hunter_kinds, types = state.rules.hunter_kinds, state.rules.types
        found = state._holders[seat] = [
            f for f in state.figures.values()
            if f.pos >= 0 and not f.unconscious and f.seat != seat
            and f.kind in hunter_kinds and "crucifix" in types[f.kind].specials]
    return found


def held_back_by(state: DRState, vampire: Figure, within: int = -1) -> list[Figure]:
    """The crucifix holders whose zone holds ``vampire`` back now ("The Crucifix"):
    the two are in each other's arc of effect. Misted vampires are not affected.
    ``within``: only the holders that many squares away or nearer (-1: any)."""
    if vampire.misted or vampire.pos < 0 or not state.is_vampire(vampire):
        return []
    holders = crucifix_holders(state, vampire)
    if not holders:
        return []
    if within >= 0:
        distance = state.rules.board.distances_from(vampire.pos)
        holders = [h for h in holders if distance[h.pos] <= within]
    return [h for h in holders if mutual_arc(state, vampire, h)]


def enters_crucifix_zone(state: DRState, vampire: Figure, square: int, facing: int) -> bool:
    """A vampire entering the board on ``square``, facing ``facing``, would stand within 3
    squares of a crucifix holder with the two in each other's arc of effect: "the vampire
    cannot move within 3 squares of the hunter" (entering is a move, "Placing Characters";
    ruling 12)."""
    if not state.is_vampire(vampire):
        return False
    zone = state.rules.numbers["crucifix_zone"]
    board = state.rules.board
    return any(board.distance(h.pos, square) <= zone and in_arc(state, h, square)
               and in_arc_cone(board, square, facing, h.pos)
               for h in crucifix_holders(state, vampire))


def in_crucifix_zone(state: DRState, vampire: Figure, square: int) -> bool:
    """A misted vampire may not become solid on ``square`` (ruling: a square within 3
    of a crucifix holder that has the square in its arc of effect)."""
    zone = state.rules.numbers["crucifix_zone"]
    board = state.rules.board
    return any(board.distance(h.pos, square) <= zone and in_arc(state, h, square)
               for h in crucifix_holders(state, vampire))
