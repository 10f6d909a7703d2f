"""The two maps: Transylvania (a hex map) and Castle Dracula (a graph of spaces).

Transylvania ("Explanation of Maps and Counters - Transylvania") is a grid of
hexes of four terrains (clear, forest, mountain, areas under evil influence)
with ten large hexes joined by roads. Each hex has offset coordinates
(column, row, "odd-q": odd columns sit half a hex lower) and axial
coordinates (q, r). A large hex is one space for movement.

Castle Dracula is a graph of white spaces (grounds, hallways, passages) and
green encounter areas; the gray walls are simply not spaces.

Both maps are built once from the data files and never change during a game;
a networkx graph of each serves path queries, and plain tuples of neighbours
serve the movement search in the hot path.
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Mapping
from typing import Any

import networkx as nx

from .tables import Rules

TERRAIN_LETTERS = {"c": "clear", "f": "forest", "m": "mountain", "e": "evil"}

#: How the narration names an ordinary hex of each terrain ("the forest hex at 02.07").
TERRAIN_WORDS = {"clear": "the clear hex", "forest": "the forest hex",
                 "mountain": "the mountain hex", "evil": "the hex under evil influence"}
LARGE = "large"

# odd-q neighbour offsets (column, row) for even and odd columns
_ODD_Q = (
    ((+1, 0), (+1, -1), (0, -1), (-1, -1), (-1, 0), (0, +1)),
    ((+1, +1), (+1, 0), (0, -1), (-1, 0), (-1, +1), (0, +1)),
)


def axial(col: int, row: int) -> tuple[int, int]:
    """Axial (q, r) coordinates of an odd-q offset hex."""
    return col, row - (col - (col & 1)) // 2


def hex_distance(a: tuple[int, int], b: tuple[int, int]) -> int:
    """Hexes between two axial coordinates."""
    dq, dr = a[0] - b[0], a[1] - b[1]
    return max(abs(dq), abs(dr), abs(dq + dr))


def hex_id(col: int, row: int) -> str:
    return f"hex_{col:02d}_{row:02d}"


def _bfs_distances(order: tuple[str, ...],
                   neighbours: Mapping[str, tuple[str, ...]]) -> tuple[tuple[int, ...], ...]:
    """Steps between every two spaces, by their places in ``order`` (plain ints: the
    movement search reads them in its innermost loop)."""
    index = {s: i for i, s in enumerate(order)}
    near = [[index[n] for n in neighbours[s]] for s in order]
    rows = []
    for i in range(len(order)):
        row = [-1] * len(order)
        row[i] = 0
        frontier, steps = [i], 0
        while frontier:
            steps += 1
            ring = []
            for here in frontier:
                for j in near[here]:
                    if row[j] < 0:
                        row[j] = steps
                        ring.append(j)
            frontier = ring
        rows.append(tuple(row))
    return tuple(rows)


class Transylvania:
    """The hex map of the Basic Game."""

    def __init__(self, rules: Rules) -> None:
        data = rules.transylvania
        columns, rows = int(data["map"]["columns"]), int(data["map"]["rows"])
        letters = {int(r["row"]): str(r["terrain"]) for r in data["rows"]}
        if sorted(letters) != list(range(rows)):
            raise ValueError("transylvania.toml needs one terrain row per map row")
        large_at = {(int(h["col"]), int(h["row"])): str(h["id"]) for h in data["large_hexes"]}
        outside = [xy for xy in large_at if not (0 <= xy[0] < columns and 0 <= xy[1] < rows)]
        if outside:
            raise ValueError(f"a large hex at column {outside[0][0]}, row {outside[0][1]} is "
                             "off the map")
        self.large_hex_names: dict[str, str] = {h["id"]: h["name"] for h in data["large_hexes"]}
        self.large_hexes: tuple[str, ...] = tuple(h["id"] for h in data["large_hexes"])
        self.terrain: dict[str, str] = {}
        self.offset: dict[str, tuple[int, int]] = {}
        self.axial: dict[str, tuple[int, int]] = {}
        by_offset: dict[tuple[int, int], str] = {}
        for row in range(rows):
            if len(letters[row]) != columns:
                raise ValueError(f"terrain row {row} must have {columns} letters")
            for col in range(columns):
                if letters[row][col] not in TERRAIN_LETTERS:
                    raise ValueError(f"row {row} has the terrain letter {letters[row][col]!r}; "
                                     f"the letters are {', '.join(TERRAIN_LETTERS)}")
                hid = large_at.get((col, row)) or hex_id(col, row)
                self.terrain[hid] = LARGE if hid in self.large_hex_names \
                    else TERRAIN_LETTERS[letters[row][col]]
                self.offset[hid] = (col, row)
                self.axial[hid] = axial(col, row)
                by_offset[(col, row)] = hid
        if len(large_at) != len(self.large_hexes) or \
                len(set(self.large_hex_names.values())) != len(self.large_hexes):
            raise ValueError("two large hexes share a position, an id or a name")
        self.hexes: tuple[str, ...] = tuple(by_offset[(c, r)] for r in range(rows)
                                            for c in range(columns))
        self.index = {h: i for i, h in enumerate(self.hexes)}
        self.neighbours: dict[str, tuple[str, ...]] = {}
        for hid, (col, row) in self.offset.items():
            near = [by_offset.get((col + dc, row + dr)) for dc, dr in _ODD_Q[col & 1]]
            self.neighbours[hid] = tuple(sorted((n for n in near if n is not None),
                                                key=self.index.__getitem__))
        self.roads: dict[str, tuple[str, ...]] = {}
        self.road_edges: set[tuple[str, str]] = set()
        for road in data["roads"]:
            hexes = tuple(road["hexes"])
            for a, b in itertools.pairwise(hexes):
                if b not in self.neighbours.get(a, ()):
                    raise ValueError(f"road {road['id']}: {a} and {b} are not adjacent")
                self.road_edges.update(((a, b), (b, a)))
            self.roads[road["id"]] = hexes
        self.road_hexes = frozenset(h for edge in self.road_edges for h in edge)
        self.large_rate_terrain = rules.large_hex_terrain
        self.rates = rules.rates
        self.distances = _bfs_distances(self.hexes, self.neighbours)
        self.names = self._names()
        #: movement's tables of where a move may end, filled as they are needed
        self.reach_cache: dict[Any, Any] = {}
        #: the file those tables are read from for the packaged map (``reach_tables``)
        self.reach_tables: Any = None

    @functools.cached_property
    def graph(self) -> nx.Graph:
        """The map as a networkx graph, for path queries of front ends (made on first use:
        the game itself reads the tuples of neighbours)."""
        graph = nx.Graph()
        for hid in self.hexes:
            graph.add_node(hid, terrain=self.terrain[hid], offset=self.offset[hid],
                           axial=self.axial[hid], road=hid in self.road_hexes)
        for a in self.hexes:
            for b in self.neighbours[a]:
                graph.add_edge(a, b, road=(a, b) in self.road_edges)
        return graph

    # -- queries -----------------------------------------------------------------------------
    def is_large(self, hid: str) -> bool:
        return self.terrain[hid] == LARGE

    def step_terrain(self, here: str, there: str) -> str:
        """The terrain a step enters, for movement: road along a road, else the hex's own."""
        if (here, there) in self.road_edges:
            return "road"
        terrain = self.terrain[there]
        return self.large_rate_terrain if terrain == LARGE else terrain

    def step_rate(self, here: str, there: str, roll: int) -> int:
        """Hexes a roll allows when this step is the worst terrain entered ("Movement")."""
        return self.rates[self.step_terrain(here, there)][roll - 1]

    def night_terrain(self, hid: str) -> str:
        """The terrain for encounters: roads count as the surrounding hex ("Encounters")."""
        return self.terrain[hid]

    def distance(self, a: str, b: str) -> int:
        """Hexes between ``a`` and ``b`` on the map."""
        return self.distances[self.index[a]][self.index[b]]

    def shortest_path(self, a: str, b: str) -> list[str]:
        """One shortest path (of hexes entered) from ``a`` to ``b``, the same every time."""
        path = [a]
        while path[-1] != b:
            here = path[-1]
            left = self.distance(here, b)
            path.append(next(n for n in self.neighbours[here] if self.distance(n, b) == left - 1))
        return path[1:]

    def name(self, hid: str) -> str:
        """A hex as the narration names it: a large hex by its name ("The Old Abbey"), any
        other by its terrain and its column.row on the map ("the forest hex at 02.07")."""
        return self.names[hid]

    def _names(self) -> dict[str, str]:
        names = {}
        for hid, (col, row) in self.offset.items():
            names[hid] = self.large_hex_names.get(hid) \
                or f"{TERRAIN_WORDS[self.terrain[hid]]} at {col:02d}.{row:02d}"
        return names

    def render(self, marks: Mapping[str, str] | None = None) -> list[str]:
        """The map as text, a row per map row, three characters per hex: the terrain
        (``.`` clear, ``f`` forest, ``^`` mountain, ``~`` evil) and ``=`` on a road; a large
        hex shows its initials. Odd columns sit half a hex lower on the printed map.
        ``marks`` puts one character in the third place of a hex's cell (a player's number)."""
        marks = marks or {}
        terrain_marks = {"clear": ".", "forest": "f", "mountain": "^", "evil": "~"}
        columns = 1 + max(c for c, _ in self.offset.values())
        rows = 1 + max(r for _, r in self.offset.values())
        by_offset = {xy: h for h, xy in self.offset.items()}
        lines = []
        for row in range(rows):
            cells = []
            for col in range(columns):
                hid = by_offset[(col, row)]
                mark = marks.get(hid, " ")[:1] or " "
                if self.is_large(hid):
                    words = self.large_hex_names[hid].replace("The ", "").split()
                    cells.append(("".join(w[0] for w in words) + words[0][1])[:2].upper() + mark)
                else:
                    road = "=" if hid in self.road_hexes else " "
                    cells.append(f"{terrain_marks[self.terrain[hid]]}{road}{mark}")
            lines.append("".join(cells).rstrip())
        return lines


class CastleMap:
    """The map of Castle Dracula: white spaces and green encounter areas."""

    def __init__(self, rules: Rules) -> None:
        data = rules.castle
        self.kind: dict[str, str] = {s["id"]: s["kind"] for s in data["spaces"]}
        self.names: dict[str, str] = {s["id"]: str(s["name"]) for s in data["spaces"]}
        if len(self.kind) != len(data["spaces"]) or \
                len(set(self.names.values())) != len(self.names):
            raise ValueError("two castle spaces share an id or a name")
        if not set(self.kind.values()) <= {"white", "green"}:
            raise ValueError("a castle space's kind must be 'white' or 'green'")
        self.coords: dict[str, tuple[int, int]] = {s["id"]: (int(s["x"]), int(s["y"]))
                                                   for s in data["spaces"]}
        self.spaces: tuple[str, ...] = tuple(s["id"] for s in data["spaces"])
        self.index = {s: i for i, s in enumerate(self.spaces)}
        self.green: tuple[str, ...] = tuple(s for s in self.spaces if self.kind[s] == "green")
        self.entrance: str = data["map"]["entrance"]
        self.tower: str = data["map"]["tower"]
        near: dict[str, set[str]] = {s: set() for s in self.spaces}
        for block in data["passages"]:
            for a, b in block["between"]:
                if a not in near or b not in near or a == b:
                    raise ValueError(f"castle passage {a}-{b} joins unknown spaces")
                near[a].add(b)
                near[b].add(a)
        self.neighbours: dict[str, tuple[str, ...]] = {
            s: tuple(sorted(n, key=self.index.__getitem__)) for s, n in near.items()}
        if self.entrance not in near or self.tower not in near:
            raise ValueError("castle.toml must name its entrance and tower spaces")
        if len(self.green) != len(rules.red_counters):
            raise ValueError("Castle Dracula needs one green area per red counter")
        self.distances = _bfs_distances(self.spaces, self.neighbours)
        if -1 in self.distances[0]:
            raise ValueError("every space of Castle Dracula must be reachable")
        #: movement's tables of where a move may end, filled as they are needed
        self.reach_cache: dict[Any, Any] = {}

    @functools.cached_property
    def graph(self) -> nx.Graph:
        """The castle as a networkx graph, for front ends (made on first use)."""
        graph = nx.Graph()
        for s in self.spaces:
            graph.add_node(s, kind=self.kind[s], xy=self.coords[s])
        for s, ns in self.neighbours.items():
            for n in ns:
                graph.add_edge(s, n)
        return graph

    def is_green(self, space: str) -> bool:
        return self.kind[space] == "green"

    def distance(self, a: str, b: str) -> int:
        return self.distances[self.index[a]][self.index[b]]

    def shortest_path(self, a: str, b: str) -> list[str]:
        """One shortest path (of spaces entered) from ``a`` to ``b``, the same every time."""
        path = [a]
        while path[-1] != b:
            here = path[-1]
            left = self.distance(here, b)
            path.append(next(n for n in self.neighbours[here] if self.distance(n, b) == left - 1))
        return path[1:]

    def name(self, space: str) -> str:
        """The space's name on the map ("Wine Cellar", "The Tower")."""
        return self.names[space]

    def place(self, space: str) -> str:
        """The space as the narration names it, with its article ("the Wine Cellar")."""
        name = self.names[space]
        return name if name.startswith("The ") else f"the {name}"

    def render(self) -> list[str]:
        """The castle as text on its drawing grid: ``..`` a white space, two capitals a
        green area, ``PC`` The Portcullis, ``TW`` The Tower, blanks the gray walls."""
        width = 1 + max(x for x, _ in self.coords.values())
        height = 1 + max(y for _, y in self.coords.values())
        grid = [["  "] * width for _ in range(height)]
        for space, (x, y) in self.coords.items():
            if space == self.entrance:
                mark = "PC"
            elif space == self.tower:
                mark = "TW"
            elif self.is_green(space):
                words = self.names[space].split()
                mark = (words[0][0] + (words[1][0] if len(words) > 1 else words[0][1])).upper()
            else:
                mark = ".."
            grid[y][x] = mark
        return [" ".join(row).rstrip() for row in grid]
