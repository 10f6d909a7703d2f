"""The board: the maps of the data files as :class:`~draculas_revenge.grid.Board` objects.

A Board is built once per (data folder, map) and shared by every state of every game
played on it. The grid itself (squares, facings, directions, walls, doors and areas)
lives in ``grid``; its names are re-exported here.
"""

from __future__ import annotations

from functools import lru_cache

from gothic_kernel import BadOption

from . import data
from .grid import (
    DIRECTION_VECTORS,
    DIRECTIONS,
    FACING_VECTORS,
    FACINGS,
    FLOOR,
    VOID,
    WALL,
    Board,
    facing_index,
)


@lru_cache(maxsize=32)
def load_board(name: str, data_dir: str = "") -> Board:
    """The board of map ``name`` (built once per process and shared)."""
    files = data.load(data_dir)
    maps = files["maps"]["maps"]
    if name not in maps:
        raise BadOption(f"no map called {name!r}; maps are {', '.join(sorted(maps))}")
    tiles = files["tiles"]
    return Board(name, maps[name], tiles["tiles"], int(tiles["meta"]["size"]))


__all__ = ["DIRECTIONS", "DIRECTION_VECTORS", "FACINGS", "FACING_VECTORS", "FLOOR", "VOID",
           "WALL", "Board", "facing_index", "load_board"]
