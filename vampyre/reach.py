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
from collections import deque
from collections.abc import Callable, Mapping
from typing import Any

import attrs

from gothic_kernel import Listed

from .actions import LeadAstray, Move
from .board import CastleMap, Transylvania

Path = tuple[str, ...]


class Mode(enum.StrEnum):
    """How a counter moves on the map of Transylvania."""

    #: At the terrain rates (hunters, possessed players).
    WALK = "walk"
    #: At the terrain rates, keeping out of the large hexes (player werewolves).
    WOLF = "wolf"
    #: Exactly the roll, terrain ignored (nosferatu as bats; a lost player).
    BAT = "bat"


WALK, WOLF, BAT = Mode.WALK, Mode.WOLF, Mode.BAT


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
    #: ``Move(end)`` for every end, made once.
    moves: Mapping[str, Move] = attrs.field(init=False, eq=False, repr=False)
    #: The moves offered when nobody is in the way: to the complete ends and the large hexes.
    plain: Listed = attrs.field(init=False, eq=False, repr=False)
    #: The lost player's moves (Strange Occurrence 5): to the complete ends.
    astray: Listed = attrs.field(init=False, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        # made once per cached table (frozen attrs: set through object.__setattr__)
        moves = {end: Move(end) for ends in (self.early, self.large, self.full) for end in ends}
        object.__setattr__(self, "moves", moves)
        object.__setattr__(self, "plain", Listed([moves[e] for e in (*self.full, *self.large)]))
        object.__setattr__(self, "astray", Listed([LeadAstray(e) for e in self.full]))

    def path(self, end: str) -> Path | None:
        """The path the counter takes to ``end`` (None if no move ends there)."""
        return self.full.get(end) or self.large.get(end) or self.early.get(end)



_UNLIMITED = 99


def _search(neighbours: Mapping[str, tuple[str, ...]], start: str, roll: int,
            rate: Callable[[str, str, int], int],
            enterable: Callable[[str], bool]) -> tuple[dict[str, Path], dict[str, Path]]:
    """Depth-first search of every simple path the roll allows: complete ones and prefixes."""
    full: dict[str, Path] = {}
    partial: dict[str, Path] = {}
    path: list[str] = []
    visited = {start}

    def go(node: str, allowance: int) -> None:
        step = len(path) + 1
        for nxt in neighbours[node]:
            if nxt in visited or not enterable(nxt):
                continue
            limit = min(allowance, rate(node, nxt, roll))
            if step > limit:
                continue
            path.append(nxt)
            if step == limit:
                full.setdefault(nxt, tuple(path))
            else:
                partial.setdefault(nxt, tuple(path))
                visited.add(nxt)
                go(nxt, limit)
                visited.discard(nxt)
            path.pop()

    go(start, _UNLIMITED)
    return full, partial


def _exact_path(neighbours: Mapping[str, tuple[str, ...]], start: str, end: str, length: int,
                distance: Callable[[str, str], int],
                enterable: Callable[[str], bool]) -> Path | None:
    """The first simple path of exactly ``length`` steps from ``start`` to ``end``, if any."""
    path: list[str] = []
    visited = {start}

    def go(node: str, left: int) -> bool:
        for nxt in neighbours[node]:
            if nxt in visited or not enterable(nxt):
                continue
            if nxt == end:
                if left == 1:
                    path.append(nxt)
                    return True
                continue
            if left <= 1 or distance(nxt, end) > left - 1:
                continue
            path.append(nxt)
            visited.add(nxt)
            if go(nxt, left - 1):
                return True
            visited.discard(nxt)
            path.pop()
        return False

    return tuple(path) if go(start, length) else None


def _search_flat(neighbours: Mapping[str, tuple[str, ...]], order: tuple[str, ...], start: str,
                 roll: int, distance: Callable[[str, str], int],
                 enterable: Callable[[str], bool]) -> tuple[dict[str, Path], dict[str, Path]]:
    """:func:`_search` when every step counts one (bats, the lost, Castle Dracula): the
    partial ends are the spaces nearer than the roll, the complete ones are found one by one."""
    full: dict[str, Path] = {}
    partial: dict[str, Path] = {}
    for end in order:
        if end == start or not enterable(end) or distance(start, end) > roll:
            continue
        if distance(start, end) < roll:
            shortest = _exact_path(neighbours, start, end, distance(start, end), distance,
                                   enterable)
            if shortest is not None:
                partial[end] = shortest
        found = _exact_path(neighbours, start, end, roll, distance, enterable)
        if found is not None:
            full[end] = found
    return full, partial


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

    def rate(here: str, there: str, die: int) -> int:
        return die if mode == BAT else board.step_rate(here, there, die)

    if mode == WOLF:
        def enterable(hid: str) -> bool:
            return not board.is_large(hid)
    else:
        def enterable(hid: str) -> bool:
            return True
    if mode == BAT:
        full, partial = _search_flat(board.neighbours, board.hexes, start, roll, board.distance,
                                     enterable)
    else:
        full, partial = _search(board.neighbours, start, roll, rate, enterable)
    longest = 0
    if not full and partial:
        full = _longest_moves(board.neighbours, start, roll, rate, enterable)
        longest = len(next(iter(full.values())))
    large = {end: p for end, p in partial.items() if board.is_large(end) and end not in full}
    early = {end: p for end, p in partial.items() if end not in full and end not in large}
    reach = Reach(full, large, early, longest)
    cache[key] = reach
    return reach


def castle_reach(castle: CastleMap, start: str, roll: int) -> Reach:
    """Every end of a move inside Castle Dracula (cached per map)."""
    cache: dict[Any, Reach] = castle.reach_cache
    key = (start, roll)
    found = cache.get(key)
    if found is not None:
        return found

    full, partial = _search_flat(castle.neighbours, castle.spaces, start, roll,
                                 castle.distance, lambda s: True)
    longest = 0
    if not full and partial:
        full = _longest_moves(castle.neighbours, start, roll, lambda a, b, r: r, lambda s: True)
        longest = len(next(iter(full.values())))
    early = {end: p for end, p in partial.items() if end not in full}
    reach = Reach(full, {}, early, longest)
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
