"""Seeded randomness: one generator per game state, d6 / 2d6 / dN rolls.

:class:`Dice` is plain data. Its random stream is a PCG64 stream, as a
:class:`numpy.random.Generator` draws it, in blocks; between blocks only the
generator's saved state, the current block and a position are kept, so cloning a
game state copies a few references and a save is exact. Seeds are spread into
PCG64's 128-bit state and odd increment with SplitMix64 (cheaper than a
SeedSequence, which matters when simulations start millions of games). The first
few numbers of a stream are worked out in Python, one at a time (the same numbers
numpy gives): a game that needs only a shuffle of three cards never pays for a
block.

:class:`ScriptedDice` returns a fixed sequence of die results, for tests that
reproduce a rulebook example roll by roll, and fails loudly when exhausted.
Shuffles and random draws (never die rolls) still come from a seeded stream.
"""

from __future__ import annotations

import threading
from collections.abc import Iterable, MutableSequence, Sequence
from typing import Any, TypeVar

import numpy as np

from .errors import CorruptSave, DiceExhausted, RuleError

T = TypeVar("T")

_FIRST_BLOCK = 64  # most games need few draws at once; later blocks are larger
_BLOCK = 512
_ONE_AT_A_TIME = 8  # the first numbers of a stream worked out in Python
_MASK64 = (1 << 64) - 1
_MASK128 = (1 << 128) - 1
_PCG_MULTIPLIER = 0x2360ED051FC65DA44385DF649FCCF645  # PCG64's 128-bit LCG multiplier
_GOLDEN = 0x9E3779B97F4A7C15
_TO_UNIT = 1.0 / 9007199254740992.0  # 2**-53: a 53-bit integer to a float in [0, 1)

# One bit generator does every refill: its state is set from the dice, a block is
# drawn, and the new state is read back. Dice never hold a live generator, so a
# clone copies a few references.
_BIT_GENERATOR = np.random.PCG64(0)
_GENERATOR = np.random.Generator(_BIT_GENERATOR)
_REFILL = threading.Lock()


def _splitmix64(x: int) -> tuple[int, int]:
    """One step of SplitMix64: (next state, output); mixes a seed into well-spread bits."""
    x = (x + _GOLDEN) & _MASK64
    z = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
    return x, z ^ (z >> 31)


def _seeded_state(seed: int | None) -> dict[str, Any]:
    """The PCG64 state for ``seed`` (fresh OS entropy when None): SplitMix64 from the
    seed's two halves folded together, its first output skipped, the next four the
    state and the (odd) increment."""
    if seed is None:
        seed = int(np.random.SeedSequence().entropy)  # type: ignore[arg-type]
    x = ((seed ^ (seed >> 64)) + _GOLDEN) & _MASK64
    x, a = _splitmix64(x)
    x, b = _splitmix64(x)
    x, c = _splitmix64(x)
    _, d = _splitmix64(x)
    return {"bit_generator": "PCG64", "state": {"state": (a << 64) | b,
                                                "inc": (c << 64) | d | 1},
            "has_uint32": 0, "uinteger": 0}


def _draw_block(start: dict[str, Any], size: int) -> tuple[tuple[float, ...], dict[str, Any]]:
    with _REFILL:
        _BIT_GENERATOR.state = start  # type: ignore[assignment]
        block = tuple(_GENERATOR.random(size).tolist())
        after: dict[str, Any] = dict(_BIT_GENERATOR.state)
    return block, after


def _check_state(start: dict[str, Any]) -> None:
    """Raise ValueError unless ``start`` is a PCG64 state a save could hold."""
    inner = start.get("state")
    if start.get("bit_generator") != "PCG64" or not isinstance(inner, dict):
        raise ValueError("not a PCG64 state")
    state, increment = inner.get("state"), inner.get("inc")
    for value in (state, increment):
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= _MASK128:
            raise ValueError(f"{value!r} is not a 128-bit PCG64 word")
    if isinstance(increment, int) and not increment % 2:
        raise ValueError("PCG64's increment must be odd")


def _pcg_next(state: int, increment: int) -> tuple[float, int]:
    """The next float of a PCG64 stream in state ``state``, and the state after it:
    numpy's ``Generator.random()``, worked out in Python (XSL-RR output, 53 bits)."""
    state = (state * _PCG_MULTIPLIER + increment) & _MASK128
    word = ((state >> 64) ^ state) & _MASK64
    turn = state >> 122
    word = ((word >> turn) | (word << (64 - turn))) & _MASK64
    return (word >> 11) * _TO_UNIT, state


class Dice:
    """The random source of one game state.

    >>> dice = Dice(seed=7)
    >>> 1 <= dice.d6() <= 6
    True
    """

    __slots__ = ("_block", "_live", "_next", "_pos", "_size", "_start")

    def __init__(self, seed: int | None = None) -> None:
        self._start: dict[str, Any] = _seeded_state(seed)  # the state the block starts at
        self._next: dict[str, Any] | None = None  # the state after it, once drawn whole
        self._block: tuple[float, ...] = ()  # the block's numbers worked out so far
        self._size = 0  # the block's size (0 before the first number)
        self._live = 0  # PCG64's state after the block's numbers, while one at a time
        self._pos = 0

    # -- the stream ---------------------------------------------------------------
    def _uniform(self) -> float:
        """Next float in [0, 1) from the stream."""
        pos, block = self._pos, self._block
        if pos < len(block):
            self._pos = pos + 1
            return block[pos]
        return self._refill()

    def _refill(self) -> float:
        """The next number when the block holds no more worked out: the next of the first
        block worked out one at a time, or a whole block drawn."""
        if self._size == 0:
            self._size, self._live = _FIRST_BLOCK, self._start["state"]["state"]
        elif self._next is not None:  # a whole block used up: draw the next
            self._start, self._size = self._next, _BLOCK
            self._block, self._next = _draw_block(self._start, _BLOCK)
            self._pos = 0
        if len(self._block) < _ONE_AT_A_TIME:
            value, self._live = _pcg_next(self._live, self._start["state"]["inc"])
            self._block += (value,)
        elif self._next is None:
            self._block, self._next = _draw_block(self._start, self._size)
        value = self._block[self._pos]
        self._pos += 1
        return value

    def index(self, n: int) -> int:
        """A uniform integer in ``range(n)``: a random draw, never a scripted die."""
        if n <= 0:
            raise RuleError(f"cannot pick one of {n} items")
        pos, block = self._pos, self._block
        if pos < len(block):  # _uniform(), inlined: it is called at every random choice
            self._pos = pos + 1
            return int(block[pos] * n)
        return int(self._refill() * n)

    # -- dice -----------------------------------------------------------------------
    def roll(self, sides: int = 6) -> int:
        """One die with ``sides`` faces: 1..sides."""
        if sides < 1:
            raise RuleError(f"a die needs at least one face, not {sides}")
        pos, block = self._pos, self._block
        if pos < len(block):  # _uniform(), inlined as in index()
            self._pos = pos + 1
            return int(block[pos] * sides) + 1
        return int(self._refill() * sides) + 1

    def d6(self) -> int:
        """One six-sided die."""
        return self.roll(6)

    def two_d6(self) -> int:
        """The total of two six-sided dice."""
        return self.roll(6) + self.roll(6)

    def rolls(self, count: int, sides: int = 6) -> tuple[int, ...]:
        """``count`` dice of ``sides`` faces, in the order rolled."""
        return tuple(self.roll(sides) for _ in range(count))

    # -- draws and shuffles -----------------------------------------------------------
    def choice(self, items: Sequence[T]) -> T:
        """One item of ``items`` at random."""
        return items[self.index(len(items))]

    def weighted(self, items: Sequence[T], weights: Sequence[float]) -> T:
        """One item of ``items``, each drawn with a chance in proportion to its weight
        (weights not negative, at least one above 0); in steps of a millionth."""
        roll = self.index(1_000_000) / 1_000_000 * sum(weights)
        for weight, item in zip(weights, items, strict=True):
            roll -= weight
            if roll < 0:
                return item
        return items[-1]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Shuffle ``items`` in place (Fisher-Yates)."""
        for i in range(len(items) - 1, 0, -1):
            j = self.index(i + 1)
            items[i], items[j] = items[j], items[i]

    # -- copying and saving -----------------------------------------------------------
    def clone(self) -> Dice:
        """An independent copy that will produce the same future."""
        twin = object.__new__(Dice)
        twin._copy_stream_from(self)
        return twin

    def _copy_stream_from(self, other: Dice) -> None:
        # The saved states are replaced, never mutated, so sharing them is safe.
        self._start, self._next = other._start, other._next
        self._block, self._pos = other._block, other._pos
        self._size, self._live = other._size, other._live

    def reseeded(self, seed: int) -> Dice:
        """A fresh stream of the same kind (used by ``resample``: the future is hidden)."""
        return Dice(seed)

    def _stream_data(self) -> dict[str, Any]:
        return {"state": self._start, "pos": self._pos, "block": self._size}

    def _load_stream(self, data: Any) -> None:
        try:
            self._start = dict(data["state"])
            pos, size = int(data["pos"]), int(data["block"])
            if size not in (0, _FIRST_BLOCK, _BLOCK):
                raise ValueError(f"block size {size}")
            if not 0 <= pos <= size:
                raise ValueError(f"position {pos} outside the block")
            _check_state(self._start)
            self._block, self._next, self._size, self._pos, self._live = (), None, size, pos, 0
            if size == _FIRST_BLOCK and pos <= _ONE_AT_A_TIME:
                self._live = self._start["state"]["state"]
                for _ in range(pos):
                    value, self._live = _pcg_next(self._live, self._start["state"]["inc"])
                    self._block += (value,)
            elif size:
                self._block, self._next = _draw_block(self._start, size)
        except (KeyError, TypeError, ValueError, OverflowError) as exc:
            raise CorruptSave(f"bad dice state: {exc}") from None

    def to_data(self) -> dict[str, Any]:
        """A JSON-able snapshot; :func:`dice_from_data` reads it back."""
        return {"kind": "seeded", **self._stream_data()}

    def __repr__(self) -> str:
        return f"<{type(self).__name__} at draw {self._pos} of block>"


class ScriptedDice(Dice):
    """Dice that roll a fixed script, for reproducing rulebook examples.

    >>> dice = ScriptedDice([6, 3])
    >>> dice.d6(), dice.roll(4)
    (6, 3)
    >>> dice.d6()
    Traceback (most recent call last):
    ...
    gothic_kernel.errors.DiceExhausted: the script of 2 rolls is exhausted
    """

    __slots__ = ("_rolled", "_script")

    def __init__(self, rolls: Iterable[int], *, seed: int = 0) -> None:
        super().__init__(seed)
        self._script = tuple(int(r) for r in rolls)
        self._rolled = 0

    @property
    def remaining(self) -> tuple[int, ...]:
        """The rolls not yet used."""
        return self._script[self._rolled :]

    def roll(self, sides: int = 6) -> int:
        if self._rolled >= len(self._script):
            raise DiceExhausted(f"the script of {len(self._script)} rolls is exhausted")
        value = self._script[self._rolled]
        if not 1 <= value <= sides:
            raise DiceExhausted(
                f"scripted roll #{self._rolled + 1} is {value}, not a face of a d{sides}"
            )
        self._rolled += 1
        return value

    def clone(self) -> ScriptedDice:
        twin = object.__new__(ScriptedDice)
        twin._copy_stream_from(self)
        twin._script, twin._rolled = self._script, self._rolled
        return twin

    def reseeded(self, seed: int) -> Dice:
        return self.clone()  # the script is the future the test chose

    def to_data(self) -> dict[str, Any]:
        return {"kind": "scripted", "rolls": list(self.remaining), **self._stream_data()}


def dice_from_data(data: Any) -> Dice:
    """Rebuild dice saved by :meth:`Dice.to_data`; raises :class:`CorruptSave`."""
    if not isinstance(data, dict) or data.get("kind") not in ("seeded", "scripted"):
        raise CorruptSave("bad dice state: expected an object with kind 'seeded' or 'scripted'")
    dice: Dice
    if data["kind"] == "scripted":
        try:
            dice = ScriptedDice([int(r) for r in data["rolls"]])
        except (KeyError, TypeError, ValueError) as exc:
            raise CorruptSave(f"bad scripted dice: {exc}") from None
    else:
        dice = object.__new__(Dice)
    dice._load_stream(data)
    return dice
