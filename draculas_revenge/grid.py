"""The grid of a map: squares, facings and directions, and :class:`Board` (tiles laid out
as an adventure's map, with walls, doors and labelled areas).

Squares are numbered ``y * width + x`` (x grows east, y grows south). A tile is a
6 x 6 grid ("Setting Up a Game"); walls are solid squares, doors fill doorways.
Everything here is static: a Board is built once per (data, map) and shared by
every state of every game played on it. This module reads no data file (``board``
builds the maps of the data files), so the data checks can build boards too.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cached_property
from typing import Any

import numpy as np

from gothic_kernel import BadOption

#: Facings name the four sides of a square ("Moving": face a side, never a corner).
FACINGS = ("n", "e", "s", "w")
FACING_VECTORS = ((0, -1), (1, 0), (0, 1), (-1, 0))
#: The eight directions a character can move in ("Moving").
DIRECTIONS = ("n", "ne", "e", "se", "s", "sw", "w", "nw")
DIRECTION_VECTORS = ((0, -1), (1, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1))

VOID, FLOOR, WALL = 0, 1, 2
#: The bit of each direction in a 3 x 3 pattern read row by row from the north-west
#: (the centre is bit 4): n, ne, e, se, s, sw, w, nw.
_RING_BITS = (1, 2, 5, 8, 7, 6, 3, 0)


def _ways_in(pattern: int) -> tuple[int, ...]:
    """:meth:`Board.ways` of a 3 x 3 pattern: the obstacles in its low 9 bits, the void
    in the next 9."""
    def stopped(d: int) -> bool:
        return bool((pattern >> _RING_BITS[d]) & 1)

    return tuple(d for d in range(8)
                 if not stopped(d) and not (pattern >> (_RING_BITS[d] + 9)) & 1
                 and not (d % 2 == 1 and stopped(d - 1) and stopped((d + 1) % 8)))


def facing_index(name: str) -> int:
    return FACINGS.index(name)


class Board:
    """One assembled map: squares, walls, doors, tiles and labelled areas."""

    def __init__(self, name: str, spec: dict[str, Any], tiles: dict[str, Any], size: int) -> None:
        self.name = name
        self.spec = spec
        placed = spec["tiles"]
        shapes = []
        for t in placed:
            if t["tile"] not in tiles:
                raise BadOption(f"map {name!r} uses unknown tile {t['tile']!r}")
            chars = np.array([list(r) for r in tiles[t["tile"]]["rows"]])
            shapes.append(np.rot90(chars, -int(t.get("turn", 0))))  # quarter turns clockwise
        self.width = max(t["col"] * size + c.shape[1] for t, c in zip(placed, shapes, strict=True))
        self.height = max(t["row"] * size + c.shape[0] for t, c in zip(placed, shapes, strict=True))
        grid = np.full((self.height, self.width), VOID, dtype=np.int8)
        doorway = np.zeros((self.height, self.width), dtype=bool)
        tile_of = np.full((self.height, self.width), -1, dtype=np.int16)
        self.tile_names: list[str] = []
        for index, (t, chars) in enumerate(zip(placed, shapes, strict=True)):
            y0, x0 = t["row"] * size, t["col"] * size
            window = (slice(y0, y0 + chars.shape[0]), slice(x0, x0 + chars.shape[1]))
            grid[window] = np.where(chars == "#", WALL, FLOOR)
            doorway[window] = chars == "d"
            tile_of[window] = index
            self.tile_names.append(t["tile"])
        self.kind = grid.ravel().copy()
        self.tile_of = tile_of.ravel().copy()
        self.size = self.width * self.height
        self.open = self.kind == FLOOR
        self.open_squares: tuple[int, ...] = tuple(np.flatnonzero(self.open).tolist())
        #: Walls: they block moving and seeing.
        self.wall_bits = sum(1 << i for i in np.flatnonzero(self.kind == WALL).tolist())
        #: The spaces beyond the tiles: "open, similar to the full-room tiles" for seeing
        #: ("Leaving the Board"), but nobody stands there.
        self.void_bits = sum(1 << i for i in np.flatnonzero(self.kind == VOID).tolist())
        self.doors, self.door_of = self._doors(spec.get("doors", []), doorway.ravel())
        self.door_cells_bits = {d: sum(1 << c for c in cells) for d, cells in self.doors.items()}
        self.areas: dict[str, frozenset[int]] = {}
        self.area_tiles: dict[str, tuple[str, ...]] = {}
        for area, info in spec.get("areas", {}).items():
            if "tiles" in info:
                self.area_tiles[area] = tuple(info["tiles"])
                self.areas[area] = frozenset(c for tile in info["tiles"]
                                             for c in self.tile_squares(tile))
            else:
                self.areas[area] = frozenset(self.index(x, y) for x, y in info["squares"])
        self._ways: dict[int, tuple[int, ...]] = {}  # 3 x 3 pattern -> directions (ways)
        self._distances: dict[int, bytes] = {}  # square -> distances_from

    # -- worked out on first use (the data checks build every map; a game plays one) ------
    @cached_property
    def steps(self) -> list[list[int]]:
        """``steps[square][direction]``: the square one step away (-1 off the board)."""
        return self._neighbours()

    @cached_property
    def neighbour(self) -> np.ndarray:
        """:attr:`steps` as an array (square x direction)."""
        return np.array(self.steps, dtype=np.int32).reshape(self.size, 8)

    @cached_property
    def xs(self) -> np.ndarray:
        """The column of every square."""
        xs: np.ndarray = np.arange(self.size) % self.width
        return xs

    @cached_property
    def ys(self) -> np.ndarray:
        """The row of every square."""
        ys: np.ndarray = np.arange(self.size) // self.width
        return ys

    # -- squares ------------------------------------------------------------------------
    def index(self, x: int, y: int) -> int:
        return int(y * self.width + x)

    def xy(self, square: int) -> tuple[int, int]:
        return int(square % self.width), int(square // self.width)

    def on_board(self, x: int, y: int) -> bool:
        return bool(0 <= x < self.width and 0 <= y < self.height)

    def tile_squares(self, tile: str) -> list[int]:
        """The open squares of a tile of this map."""
        if tile not in self.tile_names:
            raise BadOption(f"map {self.name!r} has no tile {tile!r}")
        t = self.tile_names.index(tile)
        return [int(c) for c in np.flatnonzero((self.tile_of == t) & self.open)]

    def tile_at(self, square: int) -> str:
        return self.tile_names[int(self.tile_of[square])]

    def distance(self, a: int, b: int) -> int:
        """Squares between a and b counting the target's, diagonals counting 1 ("Range")."""
        w = self.width
        dx, dy = a % w - b % w, a // w - b // w
        if dx < 0:
            dx = -dx
        if dy < 0:
            dy = -dy
        return int(dx if dx >= dy else dy)

    def distances_from(self, square: int) -> bytes:
        """:meth:`distance` from ``square`` to every square, by square number (worked out
        once per square: an attacker's range is measured to every figure)."""
        found = self._distances.get(square)
        if found is None:
            x, y = square % self.width, square // self.width
            across, at_least = self._across[x], self._at_least
            found = self._distances[square] = b"".join(
                across.translate(at_least[abs(row - y)]) for row in range(self.height))
        return found

    @cached_property
    def _across(self) -> list[bytes]:
        """``_across[x]``: the columns' distances from column x, one byte a column."""
        return [bytes(abs(column - x) for column in range(self.width))
                for x in range(self.width)]

    @cached_property
    def _at_least(self) -> list[bytes]:
        """``_at_least[d]``: the byte table raising every distance below d to d (a row d
        rows away is the row of its columns' distances, each at least d)."""
        return [bytes(max(v, d) for v in range(256)) for d in range(self.height)]

    def step(self, square: int, direction: int) -> int:
        """The square one step away in a direction (0..7), or -1 off the board."""
        return self.steps[square][direction]

    @cached_property
    def square_bits(self) -> list[int]:
        """``1 << square`` of every square, made once (a bitset of figures is ORed together
        after every action)."""
        return [1 << square for square in range(self.size)]

    @cached_property
    def front_bits(self) -> list[int]:
        """``front_bits[4 * square + facing]``: the bitset of the three squares directly in
        front of a figure there ("Close Attacks"; an attacker asks after every action
        whether anybody stands there)."""
        out = []
        for around in self.steps:
            for facing in range(4):
                ahead = 2 * facing  # the direction of the facing (n, e, s, w: 0, 2, 4, 6)
                out.append(sum(1 << s for s in (around[(ahead - 1) % 8], around[ahead],
                                                around[ahead + 1]) if s >= 0))
        return out

    def ways(self, square: int, obstacles: int) -> tuple[int, ...]:
        """The directions a figure may step in from ``square`` ("Moving"): not into an
        obstacle (a bitset of squares), nor off the board or beyond the tiles, nor
        diagonally between two obstacles (squares off the board count as obstacles).

        Away from the edge of the map, the eight squares around and the void among them
        are read as a 3 x 3 pattern, and each pattern's directions are worked out once."""
        w = self.width
        corner = square - w - 1  # the square to the north-west
        if corner < 0 or square + w + 1 >= self.size or not 0 < square % w < w - 1:
            return self._ways_at_edge(square, obstacles)
        void = self.void_bits
        below, bottom = corner + w, corner + 2 * w
        key = ((obstacles >> corner) & 7 | ((obstacles >> below) & 7) << 3
               | ((obstacles >> bottom) & 7) << 6 | ((void >> corner) & 7) << 9
               | ((void >> below) & 7) << 12 | ((void >> bottom) & 7) << 15)
        found = self._ways.get(key)
        if found is None:
            found = self._ways[key] = _ways_in(key)
        return found

    def _ways_at_edge(self, square: int, obstacles: int) -> tuple[int, ...]:
        around = self.steps[square]
        stopped = [to < 0 or (obstacles >> to) & 1 for to in around]
        void = self.void_bits
        return tuple(d for d in range(8)
                     if not stopped[d] and not (void >> around[d]) & 1
                     and not (d % 2 == 1 and stopped[d - 1] and stopped[(d + 1) % 8]))

    def _neighbours(self) -> list[list[int]]:
        """Plain integers, square by square (a board is built as a process plays its
        first game: numpy's per-element writes cost more than the lists)."""
        width, height = self.width, self.height
        return [[(y + dy) * width + x + dx if 0 <= x + dx < width and 0 <= y + dy < height
                 else -1 for dx, dy in DIRECTION_VECTORS]
                for y in range(height) for x in range(width)]

    def _doors(self, specs: Iterable[list[int]], doorway: np.ndarray
               ) -> tuple[dict[str, tuple[int, ...]], dict[int, str]]:
        doors: dict[str, tuple[int, ...]] = {}
        door_of: dict[int, str] = {}
        n = 0
        for x, y in specs:
            start = self.index(x, y)
            if start in door_of:
                continue  # the other square of a doorway already listed
            n += 1
            if not doorway[start]:
                raise BadOption(f"map {self.name!r}: door {n} at {[x, y]} is not in a doorway")
            cells, todo = {start}, [start]
            while todo:  # a door fills its whole doorway (two squares)
                c = todo.pop()
                cx, cy = self.xy(c)
                for dx, dy in FACING_VECTORS:
                    if self.on_board(cx + dx, cy + dy):
                        o = self.index(cx + dx, cy + dy)
                        if doorway[o] and o not in cells:
                            cells.add(o)
                            todo.append(o)
            door = f"door_{n}"
            doors[door] = tuple(sorted(cells))
            for c in cells:
                door_of[c] = door
        return doors, door_of

    def render(self, marks: dict[int, str] | None = None) -> list[str]:
        """ASCII rows: '#' wall, ' ' beyond the tiles, '+' door, '.' floor; marks override."""
        marks = marks or {}
        rows = []
        for y in range(self.height):
            row = []
            for x in range(self.width):
                c = self.index(x, y)
                if c in marks:
                    row.append(marks[c])
                elif self.kind[c] == VOID:
                    row.append(" ")
                elif self.kind[c] == WALL:
                    row.append("#")
                elif c in self.door_of:
                    row.append("+")
                else:
                    row.append(".")
            rows.append("".join(row))
        return rows
