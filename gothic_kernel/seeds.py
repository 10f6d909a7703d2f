"""The seed of each game of a simulation, fixed by the simulation's seed.

Game ``i`` of a simulation seeded ``seed`` gets word ``i`` of
``numpy.random.SeedSequence(seed).generate_state(games)``: the same seed whatever
the number of games, workers or machines. :func:`game_seed` works one word out on
its own (SeedSequence's output hash, for one index), so a simulation of any length
never holds the list of its seeds.
"""

from __future__ import annotations

import numpy as np

__all__ = ["GameSeeds", "game_seed", "game_seeds"]

# numpy.random.SeedSequence's output hash (numpy/random/bit_generator.pyx).
_INIT_B = 0x8B51F9DD
_MULT_B = 0x58F38DED
_MASK32 = 0xFFFFFFFF
_XSHIFT = 16


def game_seeds(seed: int, games: int) -> list[int]:
    """The seed of each game of a simulation: fixed by ``seed``, whatever the workers."""
    words = np.random.SeedSequence(seed).generate_state(games, dtype=np.uint32)
    return [int(w) for w in words]


class GameSeeds:
    """The seeds of a simulation, worked out one index at a time:
    ``GameSeeds(seed)[i] == game_seeds(seed, n)[i]`` for every ``n > i``."""

    __slots__ = ("_pool",)

    def __init__(self, seed: int) -> None:
        self._pool = tuple(int(w) for w in np.random.SeedSequence(seed).pool)

    def __getitem__(self, index: int) -> int:
        if index < 0:
            raise IndexError(f"no game {index}")
        hash_const = (_INIT_B * pow(_MULT_B, index, 1 << 32)) & _MASK32
        value = self._pool[index % len(self._pool)] ^ hash_const
        value = (value * ((hash_const * _MULT_B) & _MASK32)) & _MASK32
        return value ^ (value >> _XSHIFT)


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` of a simulation seeded ``seed``."""
    return GameSeeds(seed)[index]
