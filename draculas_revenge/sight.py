"""Seeing things: field of view, line of sight, arc of effect and range ("Seeing Things").

A line of sight runs from the centre of one square to the centre of another. A
square it passes *through* blocks it if it holds an obstacle (a wall, a closed
door, a solid character; misted vampires do not block). Where the line only
touches the corner of an obstacle's square, it is blocked only if both sides of
the line touch such corners.

The geometry of every line depends only on the offset between the two squares,
so it is computed once, vectorised with numpy, for every offset a board can hold
(:func:`offset_pattern`). Each board then keeps, per pair of squares, three
bitsets (squares crossed, corners touched on the left, on the right), built on
first use and shared by every game state; a query is three integer ANDs.
"""

from __future__ import annotations

from functools import cache
from math import ceil, floor, gcd

import numpy as np

from gothic_kernel.memo import per_object

from .grid import FACING_VECTORS, Board

Pattern = tuple[tuple[tuple[int, int], ...], tuple[tuple[int, int], ...],
                tuple[tuple[int, int], ...]]


@cache
def offset_pattern(dx: int, dy: int) -> Pattern:
    """The squares (as offsets) a centre-to-centre line to (dx, dy) crosses, and the
    squares whose corners it touches on its left and on its right.

    Coordinates are doubled so that every corner and centre is an integer point: the
    square (x, y) spans 2x - 1 .. 2x + 1 across, and ``dx * Y - dy * X`` tells which side
    of the line the point (X, Y) lies on. The line crosses a square when its corners lie
    on both sides: the side of its centre is nearer zero than half the corners' spread
    (``reach``). Plain integers, square by square along the line (this runs as a process
    first meets each offset).
    """
    if dx == 0 and dy == 0:
        return (), (), ()
    reach = abs(dx) + abs(dy)  # the side of a corner differs from the centre's by this
    lo_x, hi_x = min(0, dx), max(0, dx)
    inside: list[tuple[int, int]] = []
    for y in range(min(0, dy), max(0, dy) + 1):
        for x in _row_span(dx, dy, y, reach, lo_x, hi_x):
            if abs(2 * (dx * y - dy * x)) < reach and (x, y) != (0, 0) and (x, y) != (dx, dy):
                inside.append((x, y))
    # Corners the line passes exactly through, strictly between its two ends: the odd
    # multiples k of (dx, dy) / g with 0 < k < 2g, where both quotients are odd.
    g = gcd(dx, dy)
    step_x, step_y = dx // g, dy // g
    left: set[tuple[int, int]] = set()
    right: set[tuple[int, int]] = set()
    if step_x % 2 and step_y % 2:
        crossed = set(inside) | {(0, 0), (dx, dy)}
        for k in range(1, 2 * g, 2):
            x, y = (k * step_x + 1) // 2, (k * step_y + 1) // 2  # the corner's square's
            for sx, sy in ((x - 1, y - 1), (x, y - 1), (x - 1, y), (x, y)):
                if (sx, sy) not in crossed:
                    (left if dx * sy - dy * sx > 0 else right).add((sx, sy))
    return tuple(inside), tuple(sorted(left)), tuple(sorted(right))


def _row_span(dx: int, dy: int, y: int, reach: int, lo_x: int, hi_x: int) -> range:
    """The x of row ``y`` (within lo_x .. hi_x) that may hold a crossed square: those
    whose centre's side ``2 * (dx * y - dy * x)`` lies within ``reach`` of zero."""
    if dy == 0:
        return range(lo_x, hi_x + 1)
    ends = sorted(((2 * dx * y - reach) / (2 * dy), (2 * dx * y + reach) / (2 * dy)))
    return range(max(lo_x, floor(ends[0])), min(hi_x, ceil(ends[1])) + 1)


def _backwards(lines: tuple[int, int, int, int], dx: int, dy: int, width: int
               ) -> tuple[int, int, int, int]:
    """The line bits of (-dx, -dy) from those of (dx, dy): the line back crosses the same
    squares of the same box, whose top left lies at the same offset of square numbers
    from the box's corner; what lay on its left lies on its right."""
    _, crossed, left, right = lines
    return min(0, -dx) + min(0, -dy) * width, crossed, right, left


#: Masks not worked out yet (``Sight.sees``).
_UNKNOWN = (-1, -1, -1)


class Sight:
    """Line-of-sight masks of one board, built on first use and cached."""

    def __init__(self, board: Board) -> None:
        self.board = board
        self._size = board.size
        self._width = board.width
        self._xs = [square % board.width for square in range(board.size)]
        self._ys = [square // board.width for square in range(board.size)]
        self._masks: dict[int, tuple[int, int, int] | None] = {}
        self._lines: dict[tuple[int, int], tuple[int, int, int, int]] = {}

    def masks(self, a: int, b: int) -> tuple[int, int, int] | None:
        """(crossed, left, right) bitsets of the line a -> b; None if walls alone block it."""
        key = a * self.board.size + b
        found = self._masks.get(key, False)
        if found is not False:
            return found  # type: ignore[return-value]
        board = self.board
        w = self._width
        dx, dy = b % w - a % w, b // w - a // w
        lines = self._lines.get((dx, dy))
        if lines is None:
            lines = self._line_bits(dx, dy)
            self._lines[(dx, dy)] = lines
            self._lines[(-dx, -dy)] = _backwards(lines, dx, dy, w)
        corner, m_in, m_l, m_r = lines
        at = a + corner  # the square at the top left of the line's box, on the board
        m_in, m_l, m_r = m_in << at, m_l << at, m_r << at
        walls = board.wall_bits
        result = None if (m_in & walls) or ((m_l & walls) and (m_r & walls)) else (m_in, m_l, m_r)
        self._masks[key] = result
        self._masks[b * board.size + a] = result
        return result

    def _line_bits(self, dx: int, dy: int) -> tuple[int, int, int, int]:
        """The offset pattern of (dx, dy) as bitsets on this board's rows, counted from
        the top left of the line's box (``corner``, an offset of square numbers)."""
        w = self._width
        corner = min(0, dx) + min(0, dy) * w
        inside, left, right = offset_pattern(dx, dy)
        return (corner, *(sum(1 << (x + y * w - corner) for x, y in part)
                          for part in (inside, left, right)))

    def clear(self, a: int, b: int, obstacles: int) -> bool:
        """True if nothing in ``obstacles`` (a bitset of squares) blocks the line a -> b."""
        if a == b:
            return True
        m = self.masks(a, b)
        if m is None:
            return False
        inside, left, right = m
        return not (inside & obstacles) and not ((left & obstacles) and (right & obstacles))

    def sees(self, a: int, facing: int, misted: bool, b: int, obstacles: int) -> bool:
        """A character at ``a`` facing ``facing`` sees ``b``: ``b`` is in its field of view
        (:func:`in_field_of_view`) and nothing in ``obstacles`` blocks the line. The
        per-action path of who may react: one call, the cache read directly."""
        if a == b:
            return True
        if not misted:
            fx, fy = FACING_VECTORS[facing]
            xs, ys = self._xs, self._ys
            if (xs[b] - xs[a]) * fx + (ys[b] - ys[a]) * fy < 0:
                return False
        m = self._masks.get(a * self._size + b, _UNKNOWN)
        if m is _UNKNOWN:
            m = self.masks(a, b)
        if m is None:
            return False  # walls alone block it
        inside, left, right = m
        return not (inside & obstacles) and not ((left & obstacles) and (right & obstacles))

    def sees_any(self, a: int, facing: int, misted: bool, squares: tuple[int, ...],
                 obstacles: int) -> bool:
        """:meth:`sees` of any of ``squares`` (who may react asks it of every square where
        the last action happened: one call a character)."""
        xs, ys = self._xs, self._ys
        fx, fy = FACING_VECTORS[facing]
        ax, ay = xs[a], ys[a]
        masks, row = self._masks, a * self._size
        for b in squares:
            if a == b:
                return True
            if not misted and (xs[b] - ax) * fx + (ys[b] - ay) * fy < 0:
                continue
            m = masks.get(row + b, _UNKNOWN)
            if m is _UNKNOWN:
                m = self.masks(a, b)
            if m is None:
                continue  # walls alone block it
            inside, left, right = m
            if not (inside & obstacles) and not ((left & obstacles) and (right & obstacles)):
                return True
        return False


@per_object
def sight_of(board: Board) -> Sight:
    """The shared line-of-sight cache of a board."""
    return Sight(board)


def forward_lateral(board: Board, a: int, facing: int, b: int) -> tuple[int, int]:
    """How far b lies ahead of a (facing ``facing``) and how far to the side."""
    w = board.width
    dx, dy = b % w - a % w, b // w - a // w
    fx, fy = FACING_VECTORS[facing]
    return dx * fx + dy * fy, dx * -fy + dy * fx


def in_field_of_view(board: Board, a: int, facing: int, b: int, misted: bool = False) -> bool:
    """The squares to a character's front (ruling: the half of the board ahead of its
    front face and level with it); a misted vampire sees all round ("Mist")."""
    if misted or a == b:
        return True
    ahead, _ = forward_lateral(board, a, facing, b)
    return ahead >= 0


def in_arc_cone(board: Board, a: int, facing: int, b: int) -> bool:
    """True if a line from a's centre to b leaves a's square through its front face."""
    ahead, side = forward_lateral(board, a, facing, b)
    return ahead > 0 and abs(side) <= ahead


def in_front(board: Board, a: int, facing: int, b: int) -> bool:
    """The three squares directly in front ("Close Attacks")."""
    ahead, side = forward_lateral(board, a, facing, b)
    return ahead == 1 and abs(side) <= 1


def facings_toward(board: Board, a: int, b: int) -> list[int]:
    """The facings of a whose arc of effect holds b (one, or two on a diagonal)."""
    return [f for f in range(4) if in_arc_cone(board, a, f, b)]


def visible_squares(board: Board, a: int, facing: int, obstacles: int,
                    misted: bool = False) -> np.ndarray:
    """A boolean array over the board: every square the character at ``a`` sees."""
    sight = sight_of(board)
    out = np.zeros(board.size, dtype=bool)
    candidates = np.flatnonzero(board.open)
    if not misted:
        w = board.width
        fx, fy = FACING_VECTORS[facing]
        ahead = (candidates % w - a % w) * fx + (candidates // w - a // w) * fy
        candidates = candidates[ahead >= 0]
    for b in candidates.tolist():
        out[b] = sight.clear(a, b, obstacles)
    return out
