"""Where a move may end, and the path it takes there: the tables of "Movement".

Transylvania ("The Basic Game - Movement"): one die; the number of hexes depends on
the terrain entered, and a player moving through several terrains moves at the rate
of the worst one entered during the whole move (a road step counts as road, whatever
the hex). No hex may be entered twice in one turn (nor the hex the move began in: a
ruling). The way a counter moves is its :class:`Mode`: hunters (and possessed
players' automatic moves) walk at the terrain rates; player werewolves walk too but
may not enter large hexes ("Werewolf Conversion"); nosferatu fly as bats, the full
roll whatever the terrain ("Vampiric Conversion"), and a lost player ("Strange
Occurrence" 5) is moved the same way.

Castle Dracula ("The Extended Game - Movement"): exactly the roll, never over the same
space twice. If no move of the full length exists (a corner of the map), the mover
goes as far as it can (a ruling).

A :class:`Reach` lists the ends of complete moves, of early stops in a large hex, and
of every other partial move, each with one path (the first found in a fixed order).
It depends only on the map, the start, the roll and the mode, so it is computed once
and cached on the board, with its actions. Which ends are legal now (opponents to
attack, guardians to reveal) is the business of ``movement``.
"""

from __future__ import annotations

import enum
import functools
import itertools
import operator
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import Any

import attrs

from gothic_kernel import Listed

from .actions import LeadAstray, Move
from .board import CastleMap, Transylvania

Path = tuple[str, ...]
#: A path by the numbers of its spaces in map order (see :class:`Grid`), packed in an int:
#: a leading 1, then each space's number in ``Grid.bits`` bits (the searches note a path
#: per end, and an int makes no work for the garbage collector, unlike a tuple).
Steps = int
#: The packed path of no steps.
NO_STEPS = 1


class Mode(enum.StrEnum):
    """How a counter moves on the map of Transylvania."""

    #: At the terrain rates (hunters, possessed players).
    WALK = "walk"
    #: At the terrain rates, keeping out of the large hexes (player werewolves).
    WOLF = "wolf"
    #: Exactly the roll, terrain ignored (nosferatu as bats; a lost player).
    BAT = "bat"


WALK, WOLF, BAT = Mode.WALK, Mode.WOLF, Mode.BAT
#: The modes in their order (in the file of tables, see ``reach_tables``).
MODES = (WALK, WOLF, BAT)


#: ``Move(end)`` for every place, made once and shared by every table.
_PLAIN_MOVES: dict[str, Move] = {}


def plain_move(end: str) -> Move:
    """The move to ``end`` attacking nobody (one object per place)."""
    move = _PLAIN_MOVES.get(end)
    if move is None:
        move = _PLAIN_MOVES[end] = Move(end)
    return move


@attrs.frozen
class Reach:
    """Where a move from one place with one roll may end, and the path to each end.

    ``full``: ends of complete moves; ``large``: early stops in a large hex;
    ``early``: every other end of a partial move (legal only when something
    there lets the mover stop: an opponent, or in the castle a face-down counter).
    Each end maps to one path (the spaces entered, in order), the same every time:
    the path the counter takes. ``longest`` is 0, or in a corner with no move of the
    full allowance, the length that counts as complete (a ruling).
    """

    full: Mapping[str, Path]
    large: Mapping[str, Path]
    early: Mapping[str, Path]
    longest: int = 0
    #: The moves offered when nobody is in the way: to the complete ends and the large hexes.
    plain: Listed = attrs.field(init=False, eq=False, repr=False)
    #: The lost player's moves, made on first use.
    _astray: Listed | None = attrs.field(init=False, default=None, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        # made once per cached table (frozen attrs: set through object.__setattr__)
        made = _PLAIN_MOVES
        object.__setattr__(self, "plain", Listed([made.get(e) or plain_move(e)
                                                  for e in (*self.full, *self.large)]))

    def astray(self) -> Listed:
        """The lost player's moves (Strange Occurrence 5): to the complete ends."""
        if self._astray is None:  # frozen attrs: set through object.__setattr__
            object.__setattr__(self, "_astray", Listed([LeadAstray(e) for e in self.full]))
        assert self._astray is not None
        return self._astray

    def rank(self, end: str) -> int | None:
        """Where ``end`` comes among the complete ends, the large hexes, then the others,
        each in their order (below ``len(plain)``: the place of its move there); None if
        no move ends there."""
        before = 0
        for ends in (self.full, self.large, self.early):
            if end in ends:
                return before + list(ends).index(end)
            before += len(ends)
        return None

    def path(self, end: str) -> Path | None:
        """The path the counter takes to ``end`` (None if no move ends there)."""
        for ends in (self.full, self.large, self.early):
            if end in ends:
                return ends[end]
        return None



_UNLIMITED = 99


@attrs.frozen(eq=False, slots=False)
class Grid:
    """A map by numbers, made once per map for the searches (the spaces' places in map
    order stand for them): each space's neighbours in map order and the steps between
    every two spaces; made on first use (only the searches read them, and the packaged
    map's tables are read from a file): ``within[i][k]``, the spaces at most ``k`` steps
    from ``i`` as the bits of an int (``k`` runs to 99, past any roll), and
    ``steps[roll - 1][i]``, each neighbour ``n`` of ``i`` (in map order) paired with the
    number of hexes ``roll`` allows when the step from ``i`` to ``n`` is the worst terrain
    entered (empty for Castle Dracula, where every space counts one)."""

    board: Transylvania | CastleMap
    places: tuple[str, ...]
    index: Mapping[str, int]
    neighbours: tuple[tuple[int, ...], ...]
    distance: tuple[tuple[int, ...], ...]
    #: The bits a space's number takes in a packed path (:data:`Steps`).
    bits: int = 8

    @functools.cached_property
    def within(self) -> tuple[tuple[int, ...], ...]:
        return _within(self.distance)

    @functools.cached_property
    def steps(self) -> tuple[tuple[tuple[tuple[int, int], ...], ...], ...]:
        board, index = self.board, self.index
        if not isinstance(board, Transylvania):
            return ()
        return tuple(tuple(tuple((index[n], rate[roll]) for n, rate in near) for near in faces)
                     for faces in [step_rates(board)] for roll in range(6))

    def path(self, steps: Steps) -> Path:
        """The spaces of a packed path, in order."""
        places, bits, mask = self.places, self.bits, (1 << self.bits) - 1
        backwards = []
        while steps > NO_STEPS:
            backwards.append(places[steps & mask])
            steps >>= bits
        return tuple(reversed(backwards))

    def pack(self, spaces: Iterable[int]) -> Steps:
        """A path of space numbers, packed (see :data:`Steps`)."""
        steps = NO_STEPS
        for space in spaces:
            steps = steps << self.bits | space
        return steps

    def shortest(self, start: int, end: int) -> tuple[int, ...]:
        """The first shortest path from ``start`` to ``end`` (neighbours in map order):
        at each step the first neighbour one step nearer."""
        distance, neighbours = self.distance, self.neighbours
        steps, here = [], start
        while here != end:
            left = distance[here][end]
            here = next(n for n in neighbours[here] if distance[n][end] == left - 1)
            steps.append(here)
        return tuple(steps)


class Paths(Mapping[str, Path]):
    """Ends of moves, in their order, each with the path the counter takes there. The
    searches note each path by the numbers of its spaces, named when first asked for (a
    move ends in one of them a turn); an end noted without one (None) takes its first
    shortest path from ``start``."""

    __slots__ = ("_grid", "_paths", "_start", "_steps")

    def __init__(self, grid: Grid, start: int, steps: Mapping[str, Steps | None]) -> None:
        self._grid, self._start, self._steps = grid, start, steps
        self._paths: dict[str, Path] = {}

    def __getitem__(self, end: str) -> Path:
        path = self._paths.get(end)
        if path is None:
            steps = self._steps[end]
            if steps is None:
                steps = self._grid.pack(self._grid.shortest(self._start, self._grid.index[end]))
            path = self._paths[end] = self._grid.path(steps)
        return path

    def __contains__(self, end: object) -> bool:
        return end in self._steps

    def __iter__(self) -> Iterator[str]:
        return iter(self._steps)

    def __len__(self) -> int:
        return len(self._steps)

    def __repr__(self) -> str:
        return f"Paths({dict(self)!r})"


def _within(distance: tuple[tuple[int, ...], ...]) -> tuple[tuple[int, ...], ...]:
    farthest = max(_UNLIMITED, *(max(row) for row in distance))
    rows = []
    for row in distance:
        rings = [0] * (farthest + 1)
        for j, d in enumerate(row):
            if d >= 0:
                rings[d] |= 1 << j
        rows.append(tuple(itertools.accumulate(rings, operator.or_)))
    return tuple(rows)


@functools.cache
def grid(board: Transylvania | CastleMap) -> Grid:
    """The map's :class:`Grid` (made on first use, kept for the process)."""
    places = board.hexes if isinstance(board, Transylvania) else board.spaces
    index = board.index
    neighbours = tuple(tuple(index[n] for n in board.neighbours[p]) for p in places)
    return Grid(board, places, board.index, neighbours, board.distances,
                max(8, len(places).bit_length()))


def step_rates(board: Transylvania) -> list[list[tuple[str, tuple[int, ...]]]]:
    """Each hex's steps to its neighbours (in map order): the neighbour, and the hexes each
    face of the die allows when that step is the worst terrain entered."""
    return [[(n, board.rates[board.step_terrain(p, n)]) for n in board.neighbours[p]]
            for p in board.hexes]


def _search(grid: Grid, start: int, roll: int,
            closed: int = 0) -> tuple[dict[int, Steps], dict[int, Steps]]:
    """Depth-first search of every simple path the roll allows at the terrain rates:
    complete ones and prefixes, the first path found to each end (neighbours in map
    order). ``closed``: the spaces that may not be entered, as bits."""
    full: dict[int, Steps] = {}
    partial: dict[int, Steps] = {}
    steps, bits = grid.steps[roll - 1], grid.bits

    def go(node: int, allowance: int, visited: int, step: int, path: Steps) -> None:
        for nxt, rate in steps[node]:
            if visited >> nxt & 1:
                continue
            limit = rate if rate < allowance else allowance
            if step > limit:
                continue
            if step == limit:
                if nxt not in full:
                    full[nxt] = path << bits | nxt
            else:
                there = path << bits | nxt
                if nxt not in partial:
                    partial[nxt] = there
                go(nxt, limit, visited | 1 << nxt, step + 1, there)

    go(start, _UNLIMITED, 1 << start | closed, 1, NO_STEPS)
    return full, partial


def _first_walks(grid: Grid, start: int, length: int, ends: int) -> dict[int, Steps]:
    """For each space in ``ends`` (bits), the first simple path of exactly ``length`` steps
    from ``start`` to it, in the order of a depth-first search taking the neighbours in map
    order (so the same path every time). One search serves every end: a branch is left
    as soon as no end still without a path lies near enough to its last space, and the
    last step is taken to every new end at once (the neighbours in map order are the
    bits in rising order)."""
    found: dict[int, Steps] = {}
    neighbours, within, bits = grid.neighbours, grid.within, grid.bits
    unfound = ends

    def go(node: int, left: int, visited: int, path: Steps) -> None:  # left >= 2
        nonlocal unfound
        for nxt in neighbours[node]:
            bit = 1 << nxt
            if visited & bit:
                continue
            seen = visited | bit
            if left == 2:
                last = within[nxt][1] & unfound & ~seen
                unfound ^= last
                there = (path << bits | nxt) << bits
                while last:
                    low = last & -last
                    end = low.bit_length() - 1
                    found[end] = there | end
                    last ^= low
            elif unfound & ~seen & within[nxt][left - 1]:
                go(nxt, left - 1, seen, path << bits | nxt)
            if not unfound:
                return

    if length == 1:
        return {n: NO_STEPS << bits | n for n in neighbours[start] if ends >> n & 1}
    if ends:
        go(start, length, 1 << start, NO_STEPS)
    return found


def _search_flat(grid: Grid, start: int,
                 roll: int) -> tuple[dict[int, Steps | None], list[int]]:
    """:func:`_search` when every step counts one (bats, the lost, Castle Dracula): the
    complete ends are the spaces with a simple path of exactly the roll (in map order);
    the partial ends are the spaces nearer than the roll (in map order). An end exactly
    the roll away and every partial end is reached by its first shortest path (None: see
    :meth:`Grid.shortest`, worked out when asked for); only the nearer ends of complete
    moves need a search for a longer way round."""
    within = grid.within[start]
    nearer = within[roll - 1] & ~(1 << start)
    walks: dict[int, Steps | None] = dict(_first_walks(grid, start, roll, nearer))
    walks.update(dict.fromkeys(_ascending(within[roll] & ~within[roll - 1])))
    return {end: walks[end] for end in sorted(walks)}, _ascending(nearer)


def _ascending(spaces: int) -> list[int]:
    """The spaces of a set of bits, in map order."""
    found = []
    while spaces:
        low = spaces & -spaces
        found.append(low.bit_length() - 1)
        spaces ^= low
    return found


def _longest_moves(neighbours: Mapping[str, tuple[str, ...]], start: str, roll: int,
                   rate: Callable[[str, str, int], int],
                   enterable: Callable[[str], bool]) -> dict[str, Path]:
    """In a corner (no move of the full allowance exists): one path to each end of the
    longest moves, which count as complete (a ruling). Rare, so a plain search."""
    best: dict[str, Path] = {}
    longest = 0
    path: list[str] = []
    visited = {start}

    def go(node: str, allowance: int) -> None:
        nonlocal longest, best
        for nxt in neighbours[node]:
            if nxt in visited or not enterable(nxt):
                continue
            limit = min(allowance, rate(node, nxt, roll))
            if len(path) + 1 > limit:
                continue
            path.append(nxt)
            if len(path) > longest:
                longest, best = len(path), {}
            if len(path) == longest:
                best.setdefault(nxt, tuple(path))
            visited.add(nxt)
            go(nxt, limit)
            visited.discard(nxt)
            path.pop()

    go(start, _UNLIMITED)
    return best


def transylvania_reach(board: Transylvania, start: str, roll: int, mode: Mode) -> Reach:
    """Every end of a move on the map of Transylvania (cached per board)."""
    cache: dict[Any, Reach] = board.reach_cache
    key = (start, roll, mode)
    found = cache.get(key)
    if found is not None:
        return found
    tables = board.reach_tables
    if tables is not None:  # the packaged map: read from its file of tables
        reach: Reach = tables.reach(board.index[start], roll, mode)
    else:
        reach = search_transylvania(board, start, roll, mode)
    cache[key] = reach
    return reach


def search_transylvania(board: Transylvania, start: str, roll: int, mode: Mode) -> Reach:
    """Every end of a move on the map of Transylvania, searched (not cached)."""
    map_ = grid(board)
    at, places = board.index[start], map_.places
    partial: dict[str, Steps | None]
    walks: Mapping[int, Steps | None]
    if mode == BAT:
        walks, nearer = _search_flat(map_, at, roll)
        partial = dict.fromkeys(places[end] for end in nearer)
    else:
        walks, steps = _search(map_, at, roll, large_hexes(board) if mode == WOLF else 0)
        partial = {places[end]: path for end, path in steps.items()}
    full: dict[str, Steps | None] = {places[end]: path for end, path in walks.items()}
    longest = 0
    if not full and partial:
        def rate(here: str, there: str, die: int) -> int:
            return die if mode == BAT else board.step_rate(here, there, die)

        def enterable(hid: str) -> bool:
            return mode != WOLF or not board.is_large(hid)
        full, longest = _longest(map_, _longest_moves(board.neighbours, start, roll, rate,
                                                      enterable))
    large_names = board.large_hex_names
    large = {end: p for end, p in partial.items() if end not in full and end in large_names}
    early = {end: p for end, p in partial.items() if end not in full and end not in large}
    return Reach(Paths(map_, at, full), Paths(map_, at, large), Paths(map_, at, early), longest)


def _longest(grid: Grid, moves: dict[str, Path]) -> tuple[dict[str, Steps | None], int]:
    """The longest moves (found by name) as numbers, and their length."""
    steps: dict[str, Steps | None] = {end: grid.pack(grid.index[p] for p in path)
                                      for end, path in moves.items()}
    return steps, len(next(iter(moves.values())))


@functools.cache
def large_hexes(board: Transylvania) -> int:
    """The large hexes, as bits (closed to player werewolves)."""
    return functools.reduce(operator.or_, (1 << board.index[h] for h in board.large_hexes), 0)


def castle_reach(castle: CastleMap, start: str, roll: int) -> Reach:
    """Every end of a move inside Castle Dracula (cached per map)."""
    cache: dict[Any, Reach] = castle.reach_cache
    key = (start, roll)
    found = cache.get(key)
    if found is not None:
        return found
    map_ = grid(castle)
    at, places = castle.index[start], map_.places
    walks, nearer = _search_flat(map_, at, roll)
    full: dict[str, Steps | None] = {places[end]: path for end, path in walks.items()}
    longest = 0
    if not full and nearer:
        full, longest = _longest(map_, _longest_moves(castle.neighbours, start, roll,
                                                      lambda a, b, r: r, lambda s: True))
    early = {places[end]: None for end in nearer if places[end] not in full}
    reach = Reach(Paths(map_, at, full), Paths(map_, at, {}), Paths(map_, at, early), longest)
    cache[key] = reach
    return reach


def charge_reach(board: Transylvania, start: str, dice: tuple[int, int]) -> dict[str, Path]:
    """Every hex a possessed player's charge may end in, with the path the counter takes
    there ("P - Possession": "twice his or her normal speed (roll two dice for
    movement)"; ruling 15).

    Each die gives the terrain rate of the worst terrain entered, as for one die, and the
    two are added: a 2 and a 2 are four hexes along a road, two through clear terrain. The
    paths are found breadth first, so each has the fewest steps (and enters no hex twice),
    the first found in map order.
    """
    paths: dict[str, Path] = {}
    seen = {(start, _UNLIMITED)}
    queue: deque[tuple[str, int, Path]] = deque([(start, _UNLIMITED, ())])
    while queue:
        here, limit, path = queue.popleft()
        for there in board.neighbours[here]:
            worst = min(limit, sum(board.step_rate(here, there, die) for die in dice))
            if there == start or len(path) >= worst or (there, worst) in seen:
                continue
            seen.add((there, worst))
            paths.setdefault(there, (*path, there))
            queue.append((there, worst, (*path, there)))
    return paths


def allowance(board: Transylvania, path: Path, start: str, roll: int, mode: Mode) -> int:
    """Hexes the roll allows along ``path``: the rate of the worst terrain entered."""
    limit = _UNLIMITED
    here = start
    for there in path:
        limit = min(limit, roll if mode == BAT else board.step_rate(here, there, roll))
        here = there
    return limit
