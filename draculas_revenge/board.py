"""The board: the maps of the data files as :class:`~draculas_revenge.grid.Board` objects.

A Board is built once per (data folder, map) and shared by every state of every game
played on it. The grid itself (squares, facings, directions, walls, doors and areas)
lives in ``grid``; its names are re-exported here.
"""

from __future__ import annotations

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


def load_board(name: str, data_dir: str = "") -> Board:
    """The board of map ``name`` (built once per process, as the data files are checked,
    and shared)."""
    boards = data.checked(data_dir).boards
    if name not in boards:
        raise BadOption(f"no map called {name!r}; maps are {', '.join(sorted(boards))}")
    return boards[name]


__all__ = ["DIRECTIONS", "DIRECTION_VECTORS", "FACINGS", "FACING_VECTORS", "FLOOR", "VOID",
           "WALL", "Board", "facing_index", "load_board"]
