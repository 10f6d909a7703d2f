"""Fixed-size encodings for learning and search: action ids and observation tensors.

Reinforcement-learning and game-theory libraries want two things the contract does not
give directly: a stable integer for every action, and a fixed-size vector for every
observation. A game supplies both in a :class:`GameEncoding`:

* **Action ids.** Each action type declares the finite *domain* of each of its fields
  (seat ids, place ids, card ids, whole numbers in a range, flags, bounded tuples). An
  action is then a number in mixed radix: the type's offset, plus its fields' indices,
  the first field most significant. The same id means the same move in every state of a
  game with the same options; ``num_distinct_actions`` is the sum of the types' sizes.

      >>> from gothic_kernel.reference.kuhn_poker import KuhnPoker, Bet
      >>> coding = KuhnPoker().encoding()
      >>> coding.actions.num_distinct_actions, coding.actions.encode(Bet())
      (4, 1)

* **Observation tensors.** A :class:`TensorLayout` names the slices of one flat
  ``float32`` vector, every value in [0, 1]; the game's :meth:`GameEncoding.observe`
  fills it from ``state.observation(viewer)`` and from nothing else, so a tensor cannot
  hold anything the viewer may not know (two states the viewer cannot tell apart give it
  the same tensor).

A game provides its encoding by overriding :meth:`Game.make_encoding
<gothic_kernel.game.Game.make_encoding>` or, without touching its rules object, in a
module ``<package>/encoding.py`` with a function ``make_encoding(game, options)``.
``game.encoding(**options)`` finds and caches it; ``state.observation_tensor(viewer)``
uses it. ``docs/ai.md`` describes every game's encoding.
"""

from __future__ import annotations

import abc
import itertools
import math
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Any

import attrs
import numpy as np

from .actions import Action
from .errors import GothicError
from .serial import field_types

if TYPE_CHECKING:
    from .game import Game, GameState, Outcome

__all__ = [
    "BOOLS",
    "Choice",
    "Domain",
    "EncodingError",
    "GameEncoding",
    "Multisets",
    "Product",
    "Sequences",
    "Subsets",
    "Tensor",
    "TensorLayout",
    "encoding_for",
    "ints",
]

#: The largest domain a tuple field may enumerate (kept in memory as a table).
MAX_ENUMERATED = 2_000_000


class EncodingError(GothicError, ValueError):
    """An action or an observation value outside the domain its encoding declares.

    This is a bug in a game's encoding (a domain too narrow), never a player's error.
    """


# -- domains of action fields ---------------------------------------------------------------

class Domain(abc.ABC):
    """The finite set of values one action field may take, numbered 0 .. size - 1."""

    size: int

    @abc.abstractmethod
    def index(self, value: Any) -> int:
        """The number of ``value``; EncodingError if it is not in the domain."""

    @abc.abstractmethod
    def value(self, index: int) -> Any:
        """The value numbered ``index`` (its canonical form)."""

    @abc.abstractmethod
    def describe(self) -> str:
        """The domain in words, for the docs."""


def _listing(values: Sequence[Any], limit: int = 8) -> str:
    shown = ", ".join(repr(v) for v in values[:limit])
    return shown + (f", … ({len(values)} in all)" if len(values) > limit else "")


class Choice(Domain):
    """One of a fixed tuple of plain values (str, int or bool), in that order.

    >>> Choice(("n", "e", "s", "w")).index("s")
    2
    """

    def __init__(self, values: Iterable[Any], name: str = "") -> None:
        self.values: tuple[Any, ...] = tuple(values)
        self.name = name
        self._index = {(type(v), v): i for i, v in enumerate(self.values)}
        if len(self._index) != len(self.values):
            raise ValueError(f"a Choice lists a value twice: {self.values}")
        self.size = len(self.values)

    def index(self, value: Any) -> int:
        found = self._index.get((type(value), value))
        if found is None:
            label = f" ({self.name})" if self.name else ""
            raise EncodingError(f"{value!r} is not in the domain{label} {_listing(self.values)}")
        return found

    def value(self, index: int) -> Any:
        return self.values[index]

    def describe(self) -> str:
        if self.name:
            return f"{self.name} ({self.size})"
        if all(isinstance(v, int) and not isinstance(v, bool) for v in self.values) \
                and self.values == tuple(range(self.values[0], self.values[0] + self.size)):
            return f"whole number {self.values[0]}..{self.values[-1]}"
        return f"one of {_listing(self.values)}"


def ints(low: int, high: int) -> Choice:
    """The whole numbers ``low`` to ``high`` inclusive."""
    return Choice(range(low, high + 1))


#: ``False`` or ``True``.
BOOLS = Choice((False, True), "flag")


class Product(Domain):
    """A tuple of fixed length, one value from each domain (a square ``(x, y)``)."""

    def __init__(self, *parts: Domain) -> None:
        self.parts = parts
        self.size = math.prod(p.size for p in parts)

    def index(self, value: Any) -> int:
        if not isinstance(value, tuple) or len(value) != len(self.parts):
            raise EncodingError(f"{value!r} is not a tuple of {len(self.parts)}")
        number = 0
        for part, item in zip(self.parts, value, strict=True):
            number = number * part.size + part.index(item)
        return number

    def value(self, index: int) -> Any:
        items = []
        for part in reversed(self.parts):
            index, rest = divmod(index, part.size)
            items.append(part.value(rest))
        return tuple(reversed(items))

    def describe(self) -> str:
        return "(" + ", ".join(p.describe() for p in self.parts) + ")"


class _Enumerated(Domain):
    """A domain of tuples small enough to number by listing them all once."""

    def __init__(self, item: Domain, tuples: Iterator[tuple[Any, ...]]) -> None:
        self.item = item
        self._values: list[tuple[Any, ...]] = []
        for t in tuples:
            self._values.append(t)
            if len(self._values) > MAX_ENUMERATED:
                raise ValueError(f"a tuple domain of more than {MAX_ENUMERATED} values")
        self._index = {tuple((type(v), v) for v in t): i for i, t in enumerate(self._values)}
        self.size = len(self._values)

    def index(self, value: Any) -> int:
        if not isinstance(value, tuple):
            raise EncodingError(f"{value!r} is not a tuple")
        found = self._index.get(tuple((type(v), v) for v in value))
        if found is None:
            raise EncodingError(f"{value!r} is not in the domain {self.describe()}")
        return found

    def value(self, index: int) -> Any:
        return self._values[index]


def _items(item: Domain) -> list[Any]:
    return [item.value(i) for i in range(item.size)]


class Sequences(_Enumerated):
    """Ordered tuples of ``min_len`` to ``max_len`` items of ``item``, repeats allowed
    (the hunter receiving each of up to two weapon chits)."""

    def __init__(self, item: Domain, max_len: int, min_len: int = 0) -> None:
        self.min_len, self.max_len = min_len, max_len
        values = _items(item)
        super().__init__(item, (t for n in range(min_len, max_len + 1)
                                for t in itertools.product(values, repeat=n)))

    def describe(self) -> str:
        return f"sequence of {self.min_len}..{self.max_len} × {self.item.describe()}"


class Multisets(_Enumerated):
    """Tuples of ``min_len`` to ``max_len`` items of ``item`` in the domain's order, repeats
    allowed (chits to discard, several of a kind)."""

    def __init__(self, item: Domain, max_len: int, min_len: int = 0) -> None:
        self.min_len, self.max_len = min_len, max_len
        values = _items(item)
        super().__init__(item, (t for n in range(min_len, max_len + 1)
                                for t in itertools.combinations_with_replacement(values, n)))

    def describe(self) -> str:
        return f"multiset of {self.min_len}..{self.max_len} × {self.item.describe()}"


class Subsets(_Enumerated):
    """Tuples of ``min_len`` to ``max_len`` distinct items of ``item`` in the domain's order
    (the members of a group)."""

    def __init__(self, item: Domain, max_len: int, min_len: int = 0) -> None:
        self.min_len, self.max_len = min_len, max_len
        values = _items(item)
        super().__init__(item, (t for n in range(min_len, max_len + 1)
                                for t in itertools.combinations(values, n)))

    def describe(self) -> str:
        return f"set of {self.min_len}..{self.max_len} × {self.item.describe()}"


# -- action ids -----------------------------------------------------------------------------

@attrs.frozen
class ActionType:
    """One action type's block of ids: ``offset`` .. ``offset + size - 1``."""

    cls: type[Action]
    fields: tuple[tuple[str, Domain], ...]
    offset: int
    size: int

    def describe(self) -> str:
        if not self.fields:
            return "(no fields)"
        return "; ".join(f"`{name}`: {domain.describe()}" for name, domain in self.fields)


class ActionEncoding:
    """Stable integer ids for one game's actions (with given options).

    ``specs`` lists each action type with the domain of each of its fields; every field
    must have one. The id of an action is its type's offset plus the mixed-radix number
    of its fields' indices, the first field most significant.
    """

    def __init__(self, specs: Sequence[tuple[type[Action], Mapping[str, Domain]]]) -> None:
        types: list[ActionType] = []
        offset = 0
        for cls, domains in specs:
            names = [name for name, _ in field_types(cls)]
            if sorted(names) != sorted(domains):
                raise ValueError(f"{cls.__name__}: domains given for {sorted(domains)}, "
                                 f"but its fields are {names}")
            fields = tuple((name, domains[name]) for name in names)
            size = math.prod(d.size for _, d in fields)
            types.append(ActionType(cls, fields, offset, size))
            offset += size
        self.types: tuple[ActionType, ...] = tuple(types)
        self._by_class = {t.cls: t for t in types}
        self._offsets = [t.offset for t in types]
        self.num_distinct_actions = offset
        self._ids: dict[Action, int] = {}

    def encode(self, action: Action) -> int:
        """The id of ``action``; EncodingError if its type or a field is not declared."""
        found = self._ids.get(action)
        if found is not None:
            return found
        kind = self._by_class.get(type(action))
        if kind is None:
            raise EncodingError(f"the action type {type(action).__name__} has no encoding")
        number = 0
        try:
            for name, domain in kind.fields:
                number = number * domain.size + domain.index(getattr(action, name))
        except EncodingError as exc:
            raise EncodingError(f"{action.to_json()}: {exc}") from None
        number += kind.offset
        if len(self._ids) < 1_000_000:
            self._ids[action] = number
        return number

    def decode(self, number: int) -> Action:
        """The action with id ``number`` (its fields in their canonical form)."""
        if not 0 <= number < self.num_distinct_actions:
            raise EncodingError(f"action id {number} is outside 0..{self.num_distinct_actions - 1}")
        kind = self.types[_block(self._offsets, number)]
        rest = number - kind.offset
        values: dict[str, Any] = {}
        for name, domain in reversed(kind.fields):
            rest, here = divmod(rest, domain.size)
            values[name] = domain.value(here)
        return kind.cls(**values)

    def legal(self, state: GameState, seat: str) -> dict[int, Action]:
        """``seat``'s legal actions by id, in increasing id order."""
        by_id = {self.encode(a): a for a in state.legal_actions(seat)}
        if len(by_id) != len(state.legal_actions(seat)):
            raise EncodingError(f"{state.game.name}: two legal actions share an id")
        return dict(sorted(by_id.items()))

    def mask(self, state: GameState, seat: str) -> np.ndarray:
        """A 0/1 ``int8`` vector of length ``num_distinct_actions``: 1 for a legal id."""
        mask = np.zeros(self.num_distinct_actions, dtype=np.int8)
        for action in state.legal_actions(seat):
            mask[self.encode(action)] = 1
        return mask

    def table(self) -> list[tuple[str, int, int, str]]:
        """(type, first id, how many ids, fields and domains) rows, for the docs."""
        return [(t.cls.TYPE, t.offset, t.size, t.describe()) for t in self.types]


def _block(offsets: list[int], number: int) -> int:
    low, high = 0, len(offsets) - 1
    while low < high:
        mid = (low + high + 1) // 2
        if offsets[mid] <= number:
            low = mid
        else:
            high = mid - 1
    return low


# -- observation tensors --------------------------------------------------------------------

@attrs.frozen
class Slice:
    """One named slice of an observation tensor."""

    name: str
    offset: int
    shape: tuple[int, ...]
    doc: str
    axes: tuple[tuple[Any, ...] | None, ...]

    @property
    def size(self) -> int:
        return math.prod(self.shape)


class TensorLayout:
    """The named slices of one flat observation vector, declared in order.

    Each slice has a shape and, per axis, optionally the values that label it (seats,
    places): then it is written by value (``tensor.put("location", ("mina", "paris"))``).
    """

    def __init__(self) -> None:
        self.slices: dict[str, Slice] = {}
        self.size = 0
        self._lookup: dict[str, tuple[dict[Any, int] | None, ...]] = {}

    def add(self, name: str, *axes: int | Sequence[Any], doc: str) -> None:
        """A slice whose axes are sizes or the values labelling them."""
        if name in self.slices:
            raise ValueError(f"the tensor already has a slice {name!r}")
        shape = tuple(a if isinstance(a, int) else len(a) for a in axes)
        labels = tuple(None if isinstance(a, int) else tuple(a) for a in axes)
        self.slices[name] = Slice(name, self.size, shape, doc, labels)
        self._lookup[name] = tuple(None if lab is None else {v: i for i, v in enumerate(lab)}
                                   for lab in labels)
        self.size += math.prod(shape)

    def new(self) -> Tensor:
        return Tensor(self)

    def table(self) -> list[tuple[str, int, tuple[int, ...], str]]:
        """(name, offset, shape, meaning) rows, for the docs."""
        return [(s.name, s.offset, s.shape, s.doc) for s in self.slices.values()]


class Tensor:
    """A flat ``float32`` vector being filled through its layout's named slices."""

    __slots__ = ("layout", "vector")

    def __init__(self, layout: TensorLayout) -> None:
        self.layout = layout
        self.vector = np.zeros(layout.size, dtype=np.float32)

    def __getitem__(self, name: str) -> np.ndarray:
        """The slice ``name`` as a writable view of its shape."""
        s = self.layout.slices[name]
        return self.vector[s.offset:s.offset + s.size].reshape(s.shape)

    def _position(self, name: str, key: Any, strict: bool = True) -> int | None:
        s = self.layout.slices[name]
        keys = key if isinstance(key, tuple) and len(s.shape) > 1 else (key,)
        if len(keys) != len(s.shape):
            raise EncodingError(f"slice {name!r} has {len(s.shape)} axes, not {len(keys)}")
        flat = 0
        for axis, (size, lookup, k) in enumerate(zip(s.shape, self.layout._lookup[name], keys,
                                                     strict=True)):
            if lookup is None:
                i = k
                if not isinstance(i, int) or not 0 <= i < size:
                    raise EncodingError(f"slice {name!r} axis {axis}: {k!r} not in 0..{size - 1}")
            else:
                found = lookup.get(k)
                if found is None:
                    if not strict:
                        return None
                    raise EncodingError(f"slice {name!r} axis {axis}: {k!r} is not one of "
                                        f"{_listing(list(lookup))}")
                i = found
            flat = flat * size + i
        return s.offset + flat

    def put(self, name: str, key: Any, value: float = 1.0, *, strict: bool = True) -> None:
        """Set one cell of ``name`` (by value or index per axis); ``None`` keys set nothing.

        A value not labelling its axis raises EncodingError, or with ``strict=False``
        sets nothing (for free words such as a stage name, where a new one added to a
        game should not stop its tensors)."""
        if key is None or (isinstance(key, tuple) and None in key):
            return
        position = self._position(name, key, strict)
        if position is not None:
            self.vector[position] = value

    def scaled(self, name: str, key: Any, amount: float, maximum: float) -> None:
        """Set a cell to ``amount / maximum``, clipped into [0, 1]."""
        self.put(name, key, min(max(float(amount) / maximum, 0.0), 1.0))

    def number(self, name: str, amount: float, maximum: float) -> None:
        """Set a one-cell slice to ``amount / maximum``, clipped into [0, 1]."""
        self.scaled(name, 0, amount, maximum)

    def flag(self, name: str, value: object) -> None:
        """Set a one-cell slice to 1 if ``value`` is true."""
        if value:
            self.put(name, 0)


# -- a game's encoding ----------------------------------------------------------------------

class GameEncoding(abc.ABC):
    """A game's fixed-size encoding for one set of options: action ids, the layout of the
    observation tensor, and the returns each seat gets from an outcome.

    Subclasses set :attr:`actions` and :attr:`layout` and implement :meth:`observe`,
    which reads an observation dict only.
    """

    actions: ActionEncoding
    layout: TensorLayout
    #: The returns' range (win +1, loss -1, nobody wins 0 by default).
    min_utility: float = -1.0
    max_utility: float = 1.0

    def __init__(self, game: Game, options: Mapping[str, Any]) -> None:
        self.game = game
        self.options = dict(options)
        self.seats: tuple[str, ...] = game.seats_for(**self.options)

    @abc.abstractmethod
    def observe(self, observation: Mapping[str, Any], viewer: str, tensor: Tensor) -> None:
        """Fill ``tensor`` from ``observation`` (``viewer``'s, a seat or PUBLIC) alone."""

    def observation_tensor(self, observation: Mapping[str, Any], viewer: str) -> np.ndarray:
        """The flat ``float32`` tensor of one observation dict."""
        tensor = self.layout.new()
        self.observe(observation, viewer, tensor)
        return tensor.vector

    @property
    def shape(self) -> tuple[int]:
        return (self.layout.size,)

    def returns(self, outcome: Outcome | None, seats: Sequence[str]) -> list[float]:
        """Each seat's return: +1 for a winner, -1 for a loser, 0 for all when nobody won
        (a draw, or a game stopped unfinished: ``outcome`` None)."""
        if outcome is None or not outcome.winners:
            return [0.0 for _ in seats]
        return [1.0 if seat in outcome.winners else -1.0 for seat in seats]

    def describe(self) -> str:
        """The encoding in Markdown: every action type's ids and fields, every slice of
        the observation tensor (docs/ai.md prints this for each game)."""
        lines = [f"Action ids: {self.actions.num_distinct_actions}.", "",
                 "| action type | ids | fields |", "|---|---|---|"]
        for kind, first, count, fields in self.actions.table():
            ids = str(first) if count == 1 else f"{first}-{first + count - 1}"
            lines.append(f"| `{kind}` | {ids} | {fields} |")
        lines += ["", f"Observation tensor: {self.layout.size} values (float32, each in "
                      "[0, 1]).", "", "| slice | offset | shape | axes | meaning |",
                  "|---|---|---|---|---|"]
        for piece in self.layout.slices.values():
            shape = " × ".join(map(str, piece.shape))
            axes = " × ".join(_axis(labels, size)
                              for labels, size in zip(piece.axes, piece.shape, strict=True))
            lines.append(f"| `{piece.name}` | {piece.offset} | {shape} | {axes} | "
                         f"{piece.doc} |")
        return "\n".join(lines)

    def zero_sum(self) -> bool:
        """True when every outcome's returns add up to 0 (two seats, one winner)."""
        return len(self.seats) == 2


def _axis(labels: tuple[Any, ...] | None, size: int) -> str:
    if labels is None:
        return f"0..{size - 1}" if size > 1 else "-"
    shown = ", ".join(f"`{v}`" for v in labels[:4])
    return shown + (f", … ({len(labels)})" if len(labels) > 4 else "")


def encoding_for(state: GameState) -> GameEncoding:
    """The encoding of ``state``'s game with the options ``state`` was set up with (a
    state's options are public: every seat knows the game it plays)."""
    return state.game.encoding(**getattr(state, "options", {}))
