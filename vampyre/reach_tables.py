"""The movement tables of Transylvania, read from a data file instead of searched.

Every table of ``reach`` (where a move from a hex with a roll may end, and the path
taken to each end) depends only on the map and the movement rates, so the tables of
the packaged map are searched once, by a script, and shipped in
``data/reach_tables.json``:

    python scripts/make_reach_tables.py     # rewrite the file from the packaged data

Reading a table from the file costs a fraction of searching it, which is what the first
games of a process spent most of their time on. The file names the map it was made
from (a digest of the hexes, the steps between them with their rates, and the large
hexes), and its tables carry their own digest. A map built from other data (a
``data_dir`` changing the map or the rates) searches its tables as before; a file that
cannot be read, was changed, or does not match the packaged data is refused naming
the file. A test checks that every table read from the file equals the search.

The tables, in the order of the hexes, then the rolls 1 to 6, then the modes (walk,
wolf, bat), each as: four bytes (complete ends, large hexes, other ends, and the length
of the longest move in a corner or 0), then a byte per end (the hex's number), then
three bytes per end (its route, little-endian: the place among the neighbours of each
step, plus one, in three bits a step, first step lowest). The bytes are stored in base 64.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import json
import weakref
from collections.abc import Iterator, Mapping
from importlib import resources
from pathlib import Path as FilePath

import attrs

from gothic_kernel import BadOption, Listed

from .board import Transylvania
from .reach import (
    MODES,
    Grid,
    Mode,
    Path,
    Reach,
    grid,
    large_hexes,
    plain_move,
    search_transylvania,
    step_rates,
)
from .tables import data_sources, load_rules

FILE = "reach_tables.json"
WHERE = f"the packaged {FILE}"
FORMAT = "vampyre movement tables 1"
_STEP_BITS = 3
_MOST_STEPS = 24 // _STEP_BITS


def made_from(board: Transylvania, closed: int) -> str:
    """The digest naming the map data a file of tables belongs to: the hexes in map order,
    the steps between them with their rates, and the large hexes."""
    text = repr((board.hexes, step_rates(board), closed))
    return hashlib.sha256(text.encode()).hexdigest()


class Routes(Mapping[str, Path]):
    """Ends of moves, in their order, each with the path the counter takes there (as
    :class:`~vampyre.reach.Paths`), noted by where its route lies in the file: the path
    is read from its route when first asked for, and kept with every table's paths.
    A part of a table is the ends ranked ``first`` to ``first + count`` in it (the
    table's :class:`ReadReach` finds an end's rank)."""

    __slots__ = ("_count", "_first", "_reach")

    def __init__(self, reach: ReadReach, first: int, count: int) -> None:
        self._reach, self._first, self._count = reach, first, count

    def __getitem__(self, end: str) -> Path:
        rank = self._reach.rank(end)
        if rank is None or not self._first <= rank < self._first + self._count:
            raise KeyError(end)
        return self._reach.route(rank)

    def __contains__(self, end: object) -> bool:
        rank = self._reach.rank(end) if isinstance(end, str) else None
        return rank is not None and self._first <= rank < self._first + self._count

    def __iter__(self) -> Iterator[str]:
        places, ends, first = self._reach.source.grid.places, self._reach.ends, self._first
        return map(places.__getitem__, ends[first:first + self._count])

    def __len__(self) -> int:
        return self._count

    def __repr__(self) -> str:
        return f"Routes({dict(self)!r})"


class ReachTables:
    """The tables read from the file: each decoded when first asked for."""

    def __init__(self, map_: Grid, blob: bytes, where: str) -> None:
        self.grid, self.blob = map_, blob
        #: the paths read so far, by where their routes lie in the file
        self.paths: dict[int, Path] = {}
        #: the move to each place attacking nobody, by the place's number
        self.moves = tuple(map(plain_move, map_.places))
        self.offsets: list[int] = []
        at, tables = 0, len(map_.places) * 6 * len(MODES)
        while len(self.offsets) < tables and at + 4 <= len(blob):
            self.offsets.append(at)
            at += 4 + 4 * sum(blob[at:at + 3])
        if len(self.offsets) != tables or at != len(blob):
            raise BadOption(f"vampyre data: {where}: the tables do not fill the file "
                            f"({len(self.offsets)} of {tables}); {_REMAKE}")

    def reach(self, at: int, roll: int, mode: Mode) -> Reach:
        """The table of a move from the hex numbered ``at`` with ``roll`` in ``mode``
        (the first games of a process read some two thousand: kept lean)."""
        blob = self.blob
        start = self.offsets[(at * 6 + roll - 1) * len(MODES) + MODES.index(mode)]
        full, large, early, longest = blob[start:start + 4]
        low = start + 4 + full + large + early  # where the routes begin, after the ends
        return ReadReach(longest, ends=blob[start + 4:low], low=low, source=self, start=at,
                         counts=(full, large, early))

    def path(self, start: int, at: int) -> Path:
        """The path from the hex numbered ``start`` along the route at ``at`` in the file
        (read once)."""
        path = self.paths.get(at)
        if path is None:
            path = self.paths[at] = self._read(start, at)
        return path

    def _read(self, start: int, at: int) -> Path:
        route = int.from_bytes(self.blob[at:at + 3], "little")
        neighbours, places, here, path = self.grid.neighbours, self.grid.places, start, []
        while route:
            here = neighbours[here][(route & 7) - 1]
            path.append(places[here])
            route >>= _STEP_BITS
        return tuple(path)


@attrs.frozen(init=False)
class ReadReach(Reach):
    """A table read from the file: its ends by number (``ends``, in their order: the
    complete ends, the large hexes, the others, as many as ``counts`` says), where an
    end comes in it and its path found with one look-up each (a move's end and the
    opponents in reach are looked up every turn)."""

    ends: bytes = attrs.field(kw_only=True, eq=False, repr=False)
    counts: tuple[int, int, int] = attrs.field(kw_only=True, eq=False, repr=False)
    low: int = attrs.field(kw_only=True, eq=False, repr=False)
    source: ReachTables = attrs.field(kw_only=True, eq=False, repr=False)
    start: int = attrs.field(kw_only=True, eq=False, repr=False)

    def __init__(self, longest: int, *, ends: bytes, counts: tuple[int, int, int], low: int,
                 source: ReachTables, start: int) -> None:
        # set by hand, not by attrs' __init__ (frozen: through object.__setattr__)
        full, large, early = counts
        put = object.__setattr__
        put(self, "full", Routes(self, 0, full))
        put(self, "large", Routes(self, full, large))
        put(self, "early", Routes(self, full + large, early))
        put(self, "longest", longest)
        put(self, "_astray", None)
        for name, value in (("ends", ends), ("counts", counts), ("low", low),
                            ("source", source), ("start", start)):
            put(self, name, value)
        put(self, "plain", Listed(map(source.moves.__getitem__, ends[:full + large])))

    def rank(self, end: str) -> int | None:
        number = self.source.grid.index.get(end)
        if number is None:
            return None
        rank = self.ends.find(number)
        return None if rank < 0 else rank

    def route(self, rank: int) -> Path:
        """The path to the end ranked ``rank``."""
        at = self.low + 3 * rank
        found = self.source.paths.get(at)  # ReachTables.path's memory, read first
        return self.source.path(self.start, at) if found is None else found

    def path(self, end: str) -> Path | None:
        # rank and route, written out: a move's path is read every turn
        number = self.source.grid.index.get(end)
        rank = -1 if number is None else self.ends.find(number)
        if rank < 0:
            return None
        at, source = self.low + 3 * rank, self.source
        found = source.paths.get(at)
        return source.path(self.start, at) if found is None else found


_REMAKE = "make it anew with `python scripts/make_reach_tables.py`"


_ATTACHED: weakref.WeakSet[Transylvania] = weakref.WeakSet()


def attach(board: Transylvania, data_dir: str) -> None:
    """Let ``board`` (the map of ``load_world(data_dir)``) read its movement tables from the
    packaged file if they are its own (done once per board; see :func:`read_tables`)."""
    if board in _ATTACHED:
        return
    sources = data_sources(data_dir)
    packaged = sources["transylvania.toml"] is None and sources["tables.toml"] is None
    board.reach_tables = read_tables(board, large_hexes(board), packaged)
    _ATTACHED.add(board)


def read_tables(board: Transylvania, closed: int, packaged: bool) -> ReachTables | None:
    """The packaged tables, if they belong to ``board``'s map (``closed``: its large
    hexes as bits). None for a map of other data, unless ``packaged`` (the map is the
    packaged one): then a file that is missing, unreadable or made from other data is a
    BadOption naming it."""
    try:
        text = resources.files("vampyre").joinpath("data", FILE).read_text(encoding="utf-8")
    except OSError as exc:
        raise BadOption(f"vampyre data: {WHERE}: unreadable ({exc}); {_REMAKE}") from None
    return tables_from(text, board, closed, packaged)


def tables_from(text: str, board: Transylvania, closed: int,
                packaged: bool) -> ReachTables | None:
    """:func:`read_tables` given the file's text."""
    try:
        data = json.loads(text)
        form, digest, blob = data["format"], data["made_from"], data["tables"]
        tables = base64.b64decode(blob, validate=True)
        sealed = data["tables_digest"]
    except (ValueError, KeyError, TypeError, binascii.Error) as exc:
        raise BadOption(f"vampyre data: {WHERE}: unreadable ({exc!r}); {_REMAKE}") from None
    if form != FORMAT:
        raise BadOption(f"vampyre data: {WHERE}: the format is {form!r}, not {FORMAT!r}; "
                        f"{_REMAKE}")
    if sealed != hashlib.sha256(tables).hexdigest():
        raise BadOption(f"vampyre data: {WHERE}: the tables do not match their digest (the "
                        f"file was changed by hand or damaged); {_REMAKE}")
    if digest != made_from(board, closed):
        if not packaged:
            return None
        raise BadOption(f"vampyre data: {WHERE} was made from other map data than the "
                        f"packaged transylvania.toml and tables.toml; {_REMAKE}")
    return ReachTables(grid(board), tables, WHERE)


def _route(map_: Grid, start: int, path: Path) -> int:
    """The route of a path (see the module's docstring)."""
    route, here = 0, start
    assert len(path) <= _MOST_STEPS, path
    for shift, place in enumerate(path):
        there = map_.index[place]
        route |= (map_.neighbours[here].index(there) + 1) << _STEP_BITS * shift
        here = there
    return route


def _table(board: Transylvania, start: int, roll: int, mode: Mode) -> Iterator[bytes]:
    map_ = grid(board)
    reach = search_transylvania(board, map_.places[start], roll, mode)
    parts = (reach.full, reach.large, reach.early)
    yield bytes((*map(len, parts), reach.longest))
    yield bytes(map_.index[end] for part in parts for end in part)
    for part in parts:
        for end in part:
            yield _route(map_, start, part[end]).to_bytes(3, "little")


def pack(board: Transylvania, closed: int) -> dict[str, str]:
    """Every table of ``board``, searched, as the file holds them."""
    map_ = grid(board)
    assert len(map_.places) <= 256, "a hex's number takes one byte"
    blob = b"".join(part for start in range(len(map_.places)) for roll in range(1, 7)
                    for mode in MODES for part in _table(board, start, roll, mode))
    return {"format": FORMAT, "made_from": made_from(board, closed),
            "tables_digest": hashlib.sha256(blob).hexdigest(),
            "tables": base64.b64encode(blob).decode("ascii")}


def write(target: FilePath = FilePath(__file__).parent / "data" / FILE) -> int:
    """Search every table of the packaged map and write them to ``target``; their number."""
    board = Transylvania(load_rules())  # searched: not load_world, which reads the file
    target.write_text(json.dumps(pack(board, large_hexes(board)), indent=0) + "\n",
                      encoding="utf-8")
    return len(MODES) * 6 * len(board.hexes)
