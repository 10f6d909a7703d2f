"""What characters see and face, on a state ("Seeing Things", "The Crucifix")."""

from __future__ import annotations

from .characters import Figure
from .grid import FACING_VECTORS
from .sight import in_arc_cone
from .state import DRState

RULE_CRUCIFIX = "The Crucifix"


def clear_line(st: DRState, a: int, b: int) -> bool:
    return st.rules.sight.clear(a, b, st.obstacles())


def sees_square(st: DRState, fig: Figure, square: int) -> bool:
    """Field of view and line of sight: the figure sees ``square``."""
    a = fig.pos
    if a < 0 or fig.unconscious or square < 0:
        return False
    if not fig.misted and a != square:  # the field of view: its front half (inlined)
        w = st.rules.board.width
        fx, fy = FACING_VECTORS[fig.facing]
        if (square % w - a % w) * fx + (square // w - a // w) * fy < 0:
            return False
    return st.rules.sight.clear(a, square, st.obstacles())


def in_arc(st: DRState, fig: Figure, square: int) -> bool:
    """``square`` is in the figure's arc of effect: a clear line through its front face."""
    if fig.pos < 0 or fig.misted or square < 0:
        return False
    if not in_arc_cone(st.rules.board, fig.pos, fig.facing, square):
        return False
    return st.rules.sight.clear(fig.pos, square, st.obstacles())


def mutual_arc(st: DRState, a: Figure, b: Figure) -> bool:
    """Each is in the other's arc of effect (crucifix, mesmerizing)."""
    return in_arc(st, a, b.pos) and in_arc(st, b, a.pos)


def crucifix_holders(st: DRState, vampire: Figure) -> list[Figure]:
    """Conscious, solid crucifix holders fighting against ``vampire``'s controller."""
    return [f for f in st.figures.values()
            if f.pos >= 0 and not f.unconscious and f.seat != vampire.seat
            and st.is_hunter(f) and st.has_special(f, "crucifix")]


def held_back_by(st: DRState, vampire: Figure) -> list[Figure]:
    """The crucifix holders whose zone holds ``vampire`` back now ("The Crucifix"):
    the two are in each other's arc of effect. Misted vampires are not affected."""
    if vampire.misted or vampire.pos < 0 or not st.is_vampire(vampire):
        return []
    return [h for h in crucifix_holders(st, vampire) if mutual_arc(st, vampire, h)]


def in_crucifix_zone(st: DRState, vampire: Figure, square: int) -> bool:
    """A misted vampire may not become solid on ``square`` (ruling: a square within 3
    of a crucifix holder that has the square in its arc of effect)."""
    zone = st.rules.numbers["crucifix_zone"]
    board = st.rules.board
    return any(board.distance(h.pos, square) <= zone and in_arc(st, h, square)
               for h in crucifix_holders(st, vampire))
