"""The possible-location tracker: where Dracula can be, from public knowledge only.

The Hunters see Dracula's moves only through what the rules make public: that he
took a turn, whether he attacked (and where), Encounters found, the Local Rumours
Marker found or not, his piece found or not, Blood Points lost in combat and the
announcement that they fell to zero (and then his flight), Vampires he consumes,
Heavenly Host markers he may not enter. The tracker keeps every *hypothesis*
about his hidden state that some secret history consistent with that record
could produce:

    (his Town box or Sea Sector, the Local Rumours Marker's box, his Blood Points,
     and a small aux field: the Sea Sectors of his voyage, or his successive turns
     in Castle Dracula and whether a Host marker makes him leave)

Each hypothesis is one int64 code; the set is a sorted numpy array, updated clue
by clue (a move spreads it along the roads and seas; a search, an attack or an
announcement filters it). The possible places are the hypotheses' locations.

An Encounter found in a Town says Dracula stood there, with an Action Phase, at
some turn since the Town box was last seen empty: a constraint on the past. The
tracker enforces such constraints exactly by replaying the record with one flag
bit per constraint (set when a history satisfies it) from the earliest window
the constraints share, keeping a checkpoint before every move so that replay
need not start from scratch. Past ``MAX_FLAGS`` constraints at once, or past
``MAX_ROWS`` flagged hypotheses, the longest-windowed constraints are dropped
from the replay: the set stays sound (Dracula's true location is always in it)
and :attr:`Tracker.exact` says it may hold a place only histories satisfying each
constraint separately, not all together, could reach.
"""

from __future__ import annotations

import bisect
import copy
import functools
import hashlib
import json
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

import attrs
import numpy as np

from .board import CASTLE_DRACULA, Board

if TYPE_CHECKING:
    from .state import FuryState

Array = np.ndarray[Any, np.dtype[np.int64]]

BLOOD_STATES = 25          # Blood Points -12 .. 12
AUX_BITS = 10
AUX_STATES = 1 << AUX_BITS  # 10 Sea Sector bits, or castle turns and the must-leave bit
MUST_LEAVE = 512
CASTLE_COUNT = 3           # bits 0-1 of aux on land: successive turns in the Castle
MAX_FLAGS = 12
MAX_ROWS = 200_000
#: Found Encounters whose window spans more of Dracula's moves are not used.
WINDOW_TURNS = 12
CASTLE_TURNS_LIMIT = 3
CONSUME_GAIN = 2
#: Turn clues kept worked out for replays (a replay in a bot game re-reads up to some 30).
TURN_CLUES_KEPT = 32
#: Clues that are one of Dracula's moves (a checkpoint for drawing secret histories).
MOVE_KINDS = frozenset({"turn", "bat", "evasion"})
#: Clues that only strike hypotheses out (or change nothing).
FILTER_KINDS = frozenset({"search", "where", "box"})


@attrs.frozen(eq=False)
class Geometry:
    """The board as the tracker needs it, as numpy arrays (computed once per board)."""

    board: Board
    places: tuple[str, ...]
    index: Mapping[str, int]
    is_sea: np.ndarray[Any, np.dtype[np.bool_]]
    is_port: np.ndarray[Any, np.dtype[np.bool_]]
    cut_off: np.ndarray[Any, np.dtype[np.bool_]]
    sea_bit: np.ndarray[Any, np.dtype[np.int64]]
    road_from: Array
    road_to: Array
    sea_from: Array
    sea_to: Array
    #: Each place's neighbours by Road and by Sea, in the edges' order (a row per place,
    #: padded with -1).
    road_table: Array
    sea_table: Array
    #: Both tables side by side (every move from a Town), and which columns embark.
    land_table: Array
    land_embark: np.ndarray[Any, np.dtype[np.bool_]]
    castle: int
    none: int
    hops: Array
    #: How many Sea moves leave each place (the first entries of its ``sea_table`` row).
    sea_degree: Array

    @property
    def rumour_states(self) -> int:
        return self.none + 1

    @property
    def code_bound(self) -> int:
        """A bound on every hypothesis's code (the first place past the map's)."""
        return (self.none + 1) * self.per_place

    @property
    def per_place(self) -> int:
        """Hypotheses codes per place (a code's place is ``code // per_place``)."""
        return AUX_STATES * BLOOD_STATES * self.rumour_states

    def encode(self, loc: Array, rum: Array, bp: Array, aux: Array) -> Array:
        code: Array = ((loc * self.rumour_states + rum) * BLOOD_STATES + (bp + 12)) \
            * AUX_STATES + aux
        return code

    def decode(self, codes: Array) -> tuple[Array, Array, Array, Array]:
        aux = codes & (AUX_STATES - 1)  # (AUX_STATES is a power of two)
        rest, bp = _divmod(codes >> AUX_BITS, BLOOD_STATES)
        bp -= 12
        loc, rum = _divmod(rest, self.rumour_states)
        return loc, rum, bp, aux

    def place_of(self, codes: Array) -> Array:
        """The place of each hypothesis (the first of :meth:`decode`)."""
        loc: Array = codes // self.per_place
        return loc

    def rumours_of(self, codes: Array) -> Array:
        """The Local Rumours Marker's box of each hypothesis (the second of :meth:`decode`)."""
        return _divmod(codes // (AUX_STATES * BLOOD_STATES), self.rumour_states)[1]

    def distances(self, hosts: Sequence[str]) -> Array:
        """Flee distances to the Castle (a large number where there is none)."""
        return _distances(self, tuple(sorted(hosts)))

    def mask(self, towns: Sequence[str]) -> np.ndarray[Any, np.dtype[np.bool_]]:
        """Whether each place is one of ``towns`` (read-only: shared by every caller
        naming the same places, in the same order)."""
        return _mask(self, tuple(towns))


def _divmod(values: Array, divisor: int) -> tuple[Array, Array]:
    """``np.divmod`` by a whole number, about four times as fast: numpy divides by a
    constant quickly, but its remainder (and divmod) divide each value again."""
    quotient: Array = values // divisor
    return quotient, values - quotient * divisor


@functools.lru_cache(maxsize=1024)
def _mask(geometry: Geometry, towns: tuple[str, ...]) -> np.ndarray[Any, np.dtype[np.bool_]]:
    found = np.zeros(len(geometry.places) + 1, dtype=bool)
    for town in towns:
        found[geometry.index[town]] = True
    found.setflags(write=False)
    return found


@functools.lru_cache(maxsize=256)
def _distances(geometry: Geometry, hosts: tuple[str, ...]) -> Array:
    dist = geometry.board.flee_distances(frozenset(hosts))
    return np.array([dist.get(p, 1 << 20) for p in geometry.places] + [1 << 20],
                    dtype=np.int64)


@functools.lru_cache(maxsize=8)
def geometry_of(board: Board) -> Geometry:
    places = board.order
    index = {p: i for i, p in enumerate(places)}
    seas = [p for p in places if board.is_sea(p)]
    sea_bit = np.zeros(len(places) + 1, dtype=np.int64)
    for i, sea in enumerate(seas):
        sea_bit[index[sea]] = 1 << i

    def edges(kind: Mapping[str, tuple[str, ...]]) -> tuple[Array, Array]:
        pairs = [(index[a], index[b]) for a in places for b in kind[a]]
        return (np.array([a for a, _ in pairs], dtype=np.int64),
                np.array([b for _, b in pairs], dtype=np.int64))

    road_from, road_to = edges(board.road)
    sea_from, sea_to = edges(board.sea)

    def table(kind: Mapping[str, tuple[str, ...]]) -> Array:
        found = np.full((len(places) + 1, max(len(kind[p]) for p in places)), -1,
                        dtype=np.int64)
        for a in places:
            found[index[a], :len(kind[a])] = [index[b] for b in kind[a]]
        return found
    road_table, sea_table = table(board.road), table(board.sea)
    cut_off = np.array([board.land_distance(p, CASTLE_DRACULA) is None for p in places])
    hops = np.full((len(places) + 1, len(places) + 1), 1 << 20, dtype=np.int64)
    for source in places:  # moves by Road or Sea between every two places
        dist = {source: 0}
        frontier = [source]
        while frontier:
            nxt = []
            for here in frontier:
                for there in (*board.road[here], *board.sea[here]):
                    if there not in dist:
                        dist[there] = dist[here] + 1
                        nxt.append(there)
            frontier = nxt
        for there, d in dist.items():
            hops[index[source], index[there]] = d
    return Geometry(
        board=board, places=places, index=index,
        is_sea=np.array([board.is_sea(p) for p in places] + [False]),
        is_port=np.array([board.is_port(p) for p in places] + [False]),
        cut_off=np.append(cut_off, False), sea_bit=sea_bit,
        road_from=road_from, road_to=road_to, sea_from=sea_from, sea_to=sea_to,
        road_table=road_table, sea_table=sea_table,
        land_table=np.concatenate([road_table, sea_table], axis=1),
        land_embark=np.concatenate([np.zeros_like(road_table, dtype=bool),
                                    sea_table >= 0], axis=1),
        castle=index[CASTLE_DRACULA], none=len(places), hops=hops,
        sea_degree=(sea_table >= 0).sum(axis=1))


@attrs.frozen(eq=False)
class _LandMoves:
    """What every move from a Town is whatever the clue (see _TurnClue.land_table)."""

    #: a move there is (the table's padding is not)
    valid: np.ndarray[Any, np.dtype[np.bool_]]
    #: embarking from a Port
    from_port: np.ndarray[Any, np.dtype[np.bool_]]
    #: the hypothesis the move makes with -12 Blood Points, not fleeing and fleeing
    base: Array
    fleeing: Array
    #: by (Town, Blood Points) (``town * BLOOD_STATES + blood + 12``) and column: the
    #: hypothesis the move makes (a Blood Point less to embark, fleeing: never below -12),
    #: not fleeing and fleeing, and whether he has the two Blood Points to embark
    by_blood: Array
    by_blood_fleeing: Array
    blood_allows: np.ndarray[Any, np.dtype[np.bool_]]


@functools.lru_cache(maxsize=8)
def _town_blood_of(g: Geometry) -> Array:
    """By a code's place, Local Rumours and Blood Points digits (``code >> AUX_BITS``):
    ``place * BLOOD_STATES + blood + 12``, the key of a move from a Town (read-only)."""
    place_rumours, blood = _divmod(np.arange(g.code_bound >> AUX_BITS), BLOOD_STATES)
    found: Array = place_rumours // g.rumour_states * BLOOD_STATES + blood
    found.setflags(write=False)
    return found


@functools.lru_cache(maxsize=8)
def _land_moves_of(g: Geometry) -> _LandMoves:
    to, embark = g.land_table, g.land_embark
    here = np.arange(len(to))[:, None]
    aux = np.where(embark, g.sea_bit[to], 0)

    def base(fleeing: bool) -> Array:
        first = np.where(to == g.castle, 0 if fleeing else 1, aux)  # a first turn there
        found: Array = ((to * g.rumour_states + here) * BLOOD_STATES + 12) * AUX_STATES + first
        return found
    town, blood = _divmod(np.arange(len(to) * BLOOD_STATES), BLOOD_STATES)
    blood -= 12
    spent = blood[:, None] - embark[town]  # a Blood Point to embark
    return _LandMoves(valid=to >= 0, from_port=np.broadcast_to(g.is_port[here], to.shape),
                      base=base(False), fleeing=base(True),
                      by_blood=base(False)[town] + spent * AUX_STATES,
                      by_blood_fleeing=base(True)[town] + np.maximum(spent, -12) * AUX_STATES,
                      blood_allows=~embark[town] | (blood >= 2)[:, None])


@attrs.frozen(eq=False)
class _SeaMoves:
    """What every move from a Sea Sector is whatever the clue, by the Sector and the
    voyage's Sectors (``key``: a row of these tables) and ``Geometry.sea_table``'s column."""

    #: each place's first row (a Sea Sector's; 0 elsewhere): add the voyage's bits
    key: Array
    #: a move into a Sector not yet crossed, or a landing (the table's padding is not)
    unvisited: np.ndarray[Any, np.dtype[np.bool_]]
    #: what the move adds to the hypothesis's code: the place and the voyage changed
    delta: Array
    #: by place and Local Rumours (``place * rumour_states + rumours``, the code's first
    #: digits) and column: a move not into the Port holding the Local Rumours Marker
    not_rumours: np.ndarray[Any, np.dtype[np.bool_]]


@functools.lru_cache(maxsize=8)
def _sea_moves_of(g: Geometry) -> _SeaMoves:
    seas = np.flatnonzero(g.is_sea)
    key = np.zeros(len(g.is_sea), dtype=np.int64)
    key[seas] = np.arange(len(seas)) * AUX_STATES
    here, voyage = _divmod(np.arange(len(seas) * AUX_STATES), AUX_STATES)
    here = seas[here]
    to = g.sea_table[here]
    bit = g.sea_bit[to]  # (none for a Port, nor for the padding)
    aux = np.where(g.is_sea[to], voyage[:, None] | bit, 0)
    place, rumours = _divmod(np.arange((g.none + 1) * g.rumour_states), g.rumour_states)
    return _SeaMoves(key=key, unvisited=(to >= 0) & ((voyage[:, None] & bit) == 0),
                     delta=(to - here[:, None]) * g.per_place + aux - voyage[:, None],
                     not_rumours=g.sea_table[place] != rumours[:, None])


@functools.lru_cache(maxsize=8)
def _castle_by_sea(g: Geometry) -> bool:
    """Whether a Sea Sector borders Castle Dracula (not on the printed map)."""
    return bool((g.sea_table == g.castle).any())


@functools.lru_cache(maxsize=512)
def _searched_in_vain_at(g: Geometry, town: int, rumours: bool
                         ) -> np.ndarray[Any, np.dtype[np.bool_]]:
    """By (place, Local Rumours) (``place * rumour_states + rumours``): whether a search
    in ``town`` that did not find Dracula, finding the Local Rumours Marker or not
    (``rumours``), leaves the hypothesis (read-only: shared)."""
    loc, rum = _divmod(np.arange((g.none + 1) * g.rumour_states), g.rumour_states)
    found: np.ndarray[Any, np.dtype[np.bool_]] = (loc != town) & (
        (rum == town) if rumours else (rum != town))
    found.setflags(write=False)
    return found


@functools.lru_cache(maxsize=64)
def _start(g: Geometry, occupied: tuple[str, ...]) -> Array:
    """Where Dracula may start: any Town with no Hunter (read-only: shared)."""
    towns = [p for p in g.places if not g.board.is_sea(p) and p not in occupied]
    loc = np.array([g.index[t] for t in towns], dtype=np.int64)
    codes = np.sort(g.encode(loc, np.full_like(loc, g.none), np.full_like(loc, 12),
                             np.zeros_like(loc)))
    codes.setflags(write=False)
    return codes


@attrs.frozen
class Obligation:
    """Dracula had an Action Phase in ``town`` at some move in ``(start, end]`` (clue
    indices): the Encounter found there at clue ``end`` was placed then."""

    town: str
    start: int
    end: int


#: Fewer values than this are sorted as they are (see :func:`_unique`).
NARROW_SORT_FROM = 512


def _unique(values: Array, below: int = 0) -> Array:
    """The sorted distinct values (as ``np.unique``, about twice as fast on these
    int64 arrays: one sort and a mask instead of hashing then sorting). ``below``: a
    bound on the values, all at least 0, when known: below 2**31 they are sorted as
    32-bit numbers (quicker to sort, the longest part of the work)."""
    if len(values) < 2:
        return values.copy()
    if 0 < below <= 1 << 31 and len(values) >= NARROW_SORT_FROM:
        ordered: np.ndarray[Any, Any] = values.astype(np.int32)  # (widened once distinct)
    else:
        ordered = values.copy()
    ordered.sort()
    keep = np.empty(len(ordered), dtype=bool)
    keep[0] = True
    np.not_equal(ordered[1:], ordered[:-1], out=keep[1:])
    found: Array = ordered[keep].astype(np.int64, copy=False)
    return found


#: The most (value, flags) pairs :func:`_distinct` marks in a table instead of sorting.
PRESENCE_LIMIT = 1 << 16


def _distinct(values: Array, flags: Array | None, size: int) -> tuple[Array, Array | None]:
    """The distinct pairs of ``values`` (each below ``size``) and ``flags``, sorted: as
    :func:`_unique` of the pairs packed in one number, with a table of the pairs present
    in place of a sort when the flags are few (no flags: the distinct values)."""
    if flags is None:
        present = np.zeros(size, dtype=bool)
        present[values] = True
        return _true_at(present), None
    top = int(flags.max()) + 1 if len(flags) else 1
    if size * top > PRESENCE_LIMIT:
        key = _unique((values << _FLAG_ROOM) | flags)
        return key >> _FLAG_ROOM, key & ((1 << _FLAG_ROOM) - 1)
    present = np.zeros(size * top, dtype=bool)
    present[values * top + flags] = True
    return _divmod(_true_at(present), top)


def _intersect(first: Array, second: Array) -> Array:
    """The values in both sorted arrays of distinct values, sorted (as ``np.intersect1d``
    with ``assume_unique``, without sorting both together)."""
    if not len(first) or not len(second):
        return first[:0]
    at = np.minimum(second.searchsorted(first), len(second) - 1)
    found: Array = first[second[at] == first]
    return found


#: The flags of rows outside a replay: all 0, views of one read-only buffer (so that a
#: filter need not pick them, nor a move carry them along).
_ZEROS = [np.zeros(1 << 16, dtype=np.int64)]
_ZEROS[0].setflags(write=False)


def _no_flags(size: int) -> Array:
    """``size`` flags, all 0 (shared: never written to)."""
    if size > len(_ZEROS[0]):
        _ZEROS[0] = np.zeros(max(size, 2 * len(_ZEROS[0])), dtype=np.int64)
        _ZEROS[0].setflags(write=False)
    return _ZEROS[0][:size]


@attrs.define
class Rows:
    """Hypotheses with their constraint flags (flags are 0 outside a replay)."""

    codes: Array
    flags: Array

    @classmethod
    def plain(cls, codes: Array) -> Rows:
        """Hypotheses without flags."""
        return cls(codes, _no_flags(len(codes)))

    @property
    def flagless(self) -> bool:
        """Whether the flags are known to be all 0 without looking (rows made by
        :meth:`plain`)."""
        return self.flags.base is _ZEROS[0]

    def picked(self, keep: np.ndarray[Any, Any]) -> Rows:
        """The rows ``keep`` picks (a mask or indices)."""
        if self.flagless:
            return Rows.plain(self.codes[keep])
        return Rows(self.codes[keep], self.flags[keep])

    def unique(self, bits: int, below: int = 0) -> Rows:
        """The distinct rows, sorted (``below``: a bound on the codes, when known)."""
        if not len(self.codes):
            return self
        if not bits:  # (no flags outside a replay)
            return Rows.plain(_unique(self.codes, below))
        key = (self.codes << bits) | self.flags
        key = _unique(key, below << bits)
        return Rows(key >> bits, key & ((1 << bits) - 1) if bits else np.zeros_like(key))


class Tracker:
    """The set of Dracula's possible hidden states, kept up to date with the clues."""

    def __init__(self, geometry: Geometry) -> None:
        self.geometry = geometry
        self.rows = Rows(np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.int64))
        self.processed = 0
        #: (clue index, hypotheses just before that clue) for every move clue.
        self.checkpoints: list[tuple[int, Array]] = []
        self.obligations: list[Obligation] = []
        self.last_box: dict[str, tuple[int, str]] = {}
        self.turns: list[int] = []
        self.exact = True
        self._digest = _digest_for(geometry.board)
        self._segments: dict[tuple[int, int], tuple[Array, Array, Array]] = {}
        #: Each turn clue read, with its masks (a replay reads it again).
        self._turn_clues: dict[int, tuple[Mapping[str, Any], _TurnClue]] = {}
        self._weights: tuple[Array | None, dict[str, int]] = (None, {})

    # -- reading ---------------------------------------------------------------------------
    def possible_places(self) -> list[str]:
        """Every Town and Sea Sector where Dracula can be, in map order."""
        return list(self.place_weights())

    def place_weights(self) -> dict[str, int]:
        """How many hypotheses (his box, the Local Rumours' box, his Blood Points...) put
        Dracula in each possible place, in map order: the more ways he could be there,
        the likelier."""
        codes = self.rows.codes
        if self._weights[0] is not codes:  # worked out once per set of hypotheses
            g = self.geometry
            counts = np.bincount(g.place_of(codes), minlength=len(g.places)).tolist()
            self._weights = (codes, {g.places[i]: n for i, n in enumerate(counts) if n})
        return dict(self._weights[1])

    def hypotheses(self) -> list[tuple[str, str | None, int, int]]:
        """Every hypothesis as (place, Local Rumours, Blood Points, aux)."""
        g = self.geometry
        loc, rum, bp, aux = g.decode(self.rows.codes)
        return [(g.places[int(a)], None if int(b) == g.none else g.places[int(b)], int(c),
                 int(d)) for a, b, c, d in zip(loc, rum, bp, aux, strict=True)]

    def contains(self, place: str, rumours: str | None, blood: int) -> bool:
        g = self.geometry
        loc, rum, bp, _ = g.decode(self.rows.codes)
        r = g.none if rumours is None else g.index[rumours]
        return bool(np.any((loc == g.index[place]) & (rum == r) & (bp == blood)))

    # -- secret histories ------------------------------------------------------------------
    def sample_history(self, clues: Sequence[Mapping[str, Any]], pick: Any,
                       obligations: Sequence[tuple[str, int, int]] = (),
                       end: int | None = None) -> tuple[list[int], list[int]]:
        """A secret history ending in a present hypothesis, drawn backwards move by move.

        Returns ``(moves, states)``: the clue index of every move (turn or bat flight),
        and the hypotheses before the first move and after each move (the last one is
        the present). Every step is consistent with every clue about Dracula's state at
        a moment. ``obligations`` (Town, window start, end) are the Encounters found:
        the walk steers through their Towns inside their windows (and must, at a
        window's last chance), so that most drawn histories place them all; the caller
        checks. ``pick(n)`` draws an index below n; ``end`` fixes the present hypothesis.
        Empty lists if the walk is stuck.
        """
        g = self.geometry
        codes = self.rows.codes
        if not len(codes):
            return [], []
        here = int(codes[pick(len(codes))]) if end is None else end
        states = [here]
        moves = [k for k, _ in self.checkpoints]
        bounds = [*moves, self.processed]
        # (place index, first move index in the window, window start, end, Town)
        pending = [(g.index[t], int(np.searchsorted(moves, start, side="right")), start, stop, t)
                   for t, start, stop in obligations]
        per_loc = AUX_STATES * BLOOD_STATES * g.rumour_states
        hops = g.hops
        for j in range(len(self.checkpoints) - 1, -1, -1):
            k, before = self.checkpoints[j]
            # The state just chosen (``here``) followed move ``k``: did it place one?
            if pending:
                pending = [o for o in pending
                           if not self._places(clues[k], k, here // per_loc, o)]
            after, source = self._segment(clues, k, bounds[j + 1], before)
            lo, hi = np.searchsorted(after, [here, here + 1])
            if hi <= lo:
                return [], []
            candidates = before[source[lo:hi]].tolist()
            if pending:
                candidates = _steer(candidates, pending, j - 1, per_loc, hops, pick)
                if not candidates:
                    return [], []
            here = candidates[pick(len(candidates))]
            states.append(here)
        states.reverse()
        return moves, states

    def search_history(self, clues: Sequence[Mapping[str, Any]], pick: Any,
                       obligations: Sequence[tuple[str, int, int]],
                       accept: Any, end: int, budget: int = 4000,
                       guide: Sequence[int] = ()) -> tuple[list[int], list[int]]:
        """Like :meth:`sample_history`, but searching: a depth-first walk backwards from
        ``end``, trying the predecessors in random order and giving up a branch once
        some Encounter still to place can no longer be reached in its window; the
        first history ``accept(moves, states)`` approves is returned (empty lists if
        none is found within ``budget`` steps). ``guide`` (a known history: the states
        before each move) is tried first at each step, one time in two."""
        g = self.geometry
        moves = [k for k, _ in self.checkpoints]
        bounds = [*moves, self.processed]
        per_loc = AUX_STATES * BLOOD_STATES * g.rumour_states
        steps = [0]

        def walk(j: int, chain: list[int],
                 pending: list[tuple[int, int, int, int, str]]) -> list[int] | None:
            steps[0] += 1
            if steps[0] > budget:
                return None
            here = chain[-1]
            if j < 0:
                states = chain[::-1]
                return states if accept(moves, states) else None
            k, before = self.checkpoints[j]
            pending = [o for o in pending if not self._places(clues[k], k, here // per_loc, o)]
            after, source = self._segment(clues, k, bounds[j + 1], before)
            lo, hi = np.searchsorted(after, [here, here + 1])
            options = list(dict.fromkeys(before[source[lo:hi]].tolist()))
            if pending:
                options = [c for c in options if all(
                    g.hops[c // per_loc, town] <= j - 1 - first
                    for town, first, *_ in pending)]
            order = list(range(len(options)))
            for i in range(len(order) - 1, 0, -1):
                r = pick(i + 1)
                order[i], order[r] = order[r], order[i]
            if j < len(guide) and guide[j] in options and pick(2):
                order.remove(options.index(guide[j]))
                order.insert(0, options.index(guide[j]))
            for i in order:
                found = walk(j - 1, [*chain, options[i]], pending)
                if found is not None:
                    return found
                if steps[0] > budget:
                    return None
            return None

        pending = [(g.index[t], int(np.searchsorted(moves, start, side="right")), start, stop, t)
                   for t, start, stop in obligations]
        found = walk(len(moves) - 1, [end], pending)
        return (moves, found) if found is not None else ([], [])

    def redraw_suffix(self, clues: Sequence[Mapping[str, Any]], known: Sequence[int],
                      pick: Any, accept: Any, length: int, budget: int = 2000
                      ) -> tuple[list[int], list[int]]:
        """Keep a known history (``known``: the states before each move) up to its last
        ``length`` moves and draw those afresh, forwards: a depth-first search through
        the successors each move allows, ending in a present hypothesis, accepted by
        ``accept(moves, states)``. Empty lists if none is found within ``budget``."""
        moves = [k for k, _ in self.checkpoints]
        if len(known) != len(moves):
            return [], []
        bounds = [*moves, self.processed]
        present = set(self.rows.codes.tolist())
        first = max(0, len(moves) - length)
        steps = [0]

        def successors(j: int, code: int) -> list[int]:
            k, before = self.checkpoints[j]
            at = int(np.searchsorted(before, code))
            if at >= len(before) or int(before[at]) != code:
                return []
            after, source = self._segment(clues, k, bounds[j + 1], before)
            found = list(dict.fromkeys(after[source == at].tolist()))
            nxt = self.checkpoints[j + 1][1] if j + 1 < len(moves) else None
            if nxt is None:
                return [c for c in found if c in present]
            allowed = set(nxt.tolist())
            return [c for c in found if c in allowed]

        def walk(j: int, chain: list[int]) -> list[int] | None:
            steps[0] += 1
            if steps[0] > budget:
                return None
            if j == len(moves):
                states = [*known[:first], *chain]
                return states if accept(moves, states) else None
            options = successors(j, chain[-1])
            for i in range(len(options) - 1, 0, -1):
                r = pick(i + 1)
                options[i], options[r] = options[r], options[i]
            for option in options:
                found = walk(j + 1, [*chain, option])
                if found is not None or steps[0] > budget:
                    return found
            return None

        found = walk(first, [known[first]]) if first < len(moves) else None
        return (moves, found) if found is not None else ([], [])

    @staticmethod
    def _places(clue: Mapping[str, Any], k: int, loc: int,
                obligation: tuple[int, int, int, int, str]) -> bool:
        """Whether arriving at place ``loc`` by move ``k`` may have placed that Encounter."""
        town, _, start, stop, name = obligation
        if not start < k <= stop or loc != town:
            return False
        return clue["k"] == "turn" and clue.get("attack") is None \
            and name not in clue["occupied"]

    def _segment(self, clues: Sequence[Mapping[str, Any]], start: int, stop: int,
                 before: Array) -> tuple[Array, Array]:
        """Every (hypothesis after clues start..stop-1, index of its source in ``before``),
        sorted by hypothesis (cached while ``before`` is the checkpoint's array)."""
        cached = self._segments.get((start, stop))
        if cached is not None and cached[0] is before:
            return cached[1], cached[2]
        bits = max(1, len(before).bit_length())
        rows = Rows(before, np.arange(len(before), dtype=np.int64))
        saved = self.checkpoints
        self.checkpoints = []
        for j in range(start, stop):
            rows = self._apply(clues[j], j, rows, (), bits, dedupe=False)
        self.checkpoints = saved
        order = np.lexsort((rows.flags, rows.codes))
        after, source = rows.codes[order], rows.flags[order]
        self._segments[(start, stop)] = (before, after, source)
        return after, source

    # -- updating --------------------------------------------------------------------------
    def clone(self) -> Tracker:
        twin = Tracker.__new__(Tracker)
        twin.geometry = self.geometry
        twin.rows = self.rows  # arrays are never changed in place
        twin.processed = self.processed
        twin.checkpoints = self.checkpoints.copy()
        twin.obligations = self.obligations.copy()
        twin.last_box = self.last_box.copy()
        twin.turns = self.turns.copy()
        twin.exact = self.exact
        twin._digest = self._digest.copy()
        twin._segments = self._segments  # keyed by the arrays they were computed from
        twin._turn_clues = self._turn_clues  # kept with the clue they were worked out from
        twin._weights = self._weights
        return twin

    def update(self, clues: Sequence[Mapping[str, Any]], digested: Any = None) -> None:
        """Take in the clues not yet read (``digested``: the fingerprint's digest of all
        of them, when the caller has it already)."""
        in_vain: list[Mapping[str, Any]] = []  # (a run of them: applied as one filter)
        while self.processed < len(clues):
            i = self.processed
            clue = clues[i]
            kind = clue["k"]
            if kind == "search":
                new = self._obligation_from(clues, i)
                if new is not None and self._window_turns(new) <= WINDOW_TURNS:
                    self._filter_by(in_vain)
                    self.obligations.append(new)
                    self._replay(clues, i)
                elif _finds_neither(clue):
                    in_vain.append(clue)
                else:
                    self._filter_by(in_vain)
                    self.rows = self._apply(clue, i, self.rows, (), 0)
                self._note_box(clue, i)
            elif kind == "box":  # (a box seen changes no hypothesis)
                self._note_box(clue, i)
            else:
                if kind == "turn":
                    self.turns.append(i)
                self._filter_by(in_vain)
                self.rows = self._apply(clue, i, self.rows, (), 0)
            if digested is None:
                text = _CLUE_TEXT(clue)
                self._digest.update((CLUE_SEPARATOR + text if i else text).encode())
            self.processed += 1
        self._filter_by(in_vain)
        if digested is not None:
            self._digest = digested.copy()

    def _filter_by(self, in_vain: list[Mapping[str, Any]]) -> None:
        """Apply the searches in vain read and not yet applied (and forget them)."""
        if in_vain:
            self.rows = self._searched_in_vain(in_vain, self.rows)
            in_vain.clear()

    @property
    def key(self) -> str:
        """The fingerprint of the map and of the clues read so far."""
        return f"{self.processed}:{self._digest.hexdigest()}"

    def _note_box(self, clue: Mapping[str, Any], i: int) -> None:
        if clue["k"] == "box":
            self.last_box[clue["town"]] = (i, clue["after"])
        elif clue["k"] == "search" and clue.get("box") == "":
            self.last_box[clue["town"]] = (i, "")

    def _obligation_from(self, clues: Sequence[Mapping[str, Any]],
                         i: int) -> Obligation | None:
        """An Encounter found that Dracula must have placed since the box was last seen."""
        clue = clues[i]
        if clue["k"] != "search":
            return None
        found = clue.get("box")
        if not found or found.endswith("_vampire"):
            return None  # nothing found, not looked, or a Hunter turned Vampire
        town = clue["town"]
        start, after = self.last_box.get(town, (0, ""))
        if after:
            return None  # the chit the Hunters saw remain there may be this one
        if found == "?":
            found = "an Encounter"
        return Obligation(town, start, i)

    # -- replaying the record with the constraints on the past -----------------------------
    def _replay(self, clues: Sequence[Mapping[str, Any]], upto: int) -> None:
        """Recompute the sets from the obligation's window to clue ``upto``, enforcing it
        jointly with every other obligation whose window overlaps (one flag bit each).

        The replay starts at a checkpoint before which none of them is open, so the
        checkpoint's (flagless) hypotheses are exact for it. Each recomputed set is
        intersected with the one it replaces, which already held the constraints of
        the obligations outside the replay: both contain every consistent hypothesis.
        """
        chosen = [self.obligations[-1]]
        while True:
            at, codes = self._checkpoint_at(min(o.start for o in chosen))
            more = [o for o in self._short_obligations()
                    if o not in chosen and o.end > at]
            room = MAX_FLAGS - len(chosen)
            if len(more) > room:
                self.exact = False
                more = sorted(more, key=lambda o: o.end - o.start)[:room]
            if not more:
                break
            chosen.extend(more)
        old = dict(self.checkpoints)
        previous = self.rows.codes
        self.checkpoints = [(k, c) for k, c in self.checkpoints if k < at]
        rows = Rows.plain(codes)
        bits = len(chosen)
        j = at
        while j <= upto:
            vain = _in_vain_run(clues, j, upto, chosen) if len(rows.codes) <= MAX_ROWS else j
            if vain > j:  # (filters: each leaves fewer rows, none past MAX_ROWS)
                rows = self._searched_in_vain([c for c in clues[j:vain] if c["k"] != "box"], rows)
                j = vain
                continue
            rows = self._apply(clues[j], j, rows, chosen, bits)
            if self.checkpoints and self.checkpoints[-1][0] == j and j in old:
                narrowed = _intersect(self.checkpoints[-1][1], old[j])
                self.checkpoints[-1] = (j, narrowed)
            if len(rows.codes) > MAX_ROWS and bits > 1:
                # Too many flagged hypotheses: drop the longest-windowed other constraint.
                self.exact = False
                drop = max(range(1, bits), key=lambda b: chosen[b].end - chosen[b].start)
                rows = _drop_flag(rows, drop, bits)
                chosen = [o for b, o in enumerate(chosen) if b != drop]
                bits -= 1
            j += 1
        codes = _unique(rows.codes, self.geometry.code_bound)
        if upto > at:  # the set before this clue was already narrowed by older obligations
            codes = _intersect(codes, self._advance(clues[upto], upto, previous))
        self.rows = Rows.plain(codes)

    def _advance(self, clue: Mapping[str, Any], i: int, codes: Array) -> Array:
        """The set after applying one clue to ``codes``, without any obligation."""
        keep = self.checkpoints
        self.checkpoints = [*keep]
        rows = self._apply(clue, i, Rows.plain(codes), (), 0)
        self.checkpoints = keep
        return _unique(rows.codes, self.geometry.code_bound)

    def _short_obligations(self) -> list[Obligation]:
        return [o for o in self.obligations if self._window_turns(o) <= WINDOW_TURNS]

    def _window_turns(self, obligation: Obligation) -> int:
        """How many of Dracula's moves the obligation's window spans."""
        return bisect.bisect_right(self.turns, obligation.end) \
            - bisect.bisect_right(self.turns, obligation.start)

    def _checkpoint_at(self, begin: int) -> tuple[int, Array]:
        """The latest checkpoint at or before clue ``begin`` (clue 0: no hypothesis yet)."""
        found: tuple[int, Array] = (0, np.zeros(0, dtype=np.int64))
        for k, codes in self.checkpoints:
            if k > begin:
                break
            found = (k, codes)
        return found

    # -- one clue --------------------------------------------------------------------------
    def _apply(self, clue: Mapping[str, Any], i: int, rows: Rows,
               obligations: Sequence[Obligation], bits: int, dedupe: bool = True) -> Rows:
        kind = clue["k"]
        g = self.geometry
        if kind in MOVE_KINDS and dedupe:  # (a segment's own rows are not checkpoints)
            self.checkpoints.append((i, _project(rows, bits)))
        if kind == "start":
            return Rows.plain(_start(g, tuple(clue["occupied"])))
        if kind == "turn":
            rows = self._turn(clue, rows, obligations, i)
        elif kind == "bat":
            rows = self._bat(clue, rows)
        elif kind == "search":
            rows = self._search(clue, rows, in_order=dedupe)
        elif kind == "blood":
            rows = self._blood(clue, rows)
        elif kind == "host":
            rows = self._host(clue, rows)
        elif kind == "where":
            rows = self._where(clue, rows)
        elif kind == "evasion":
            rows = self._evasion(clue, rows)
        elif kind == "driven":
            rows = self._driven(clue, rows)
        # Close the obligations that end here: their flag must be set.
        closed = False
        for b, o in enumerate(obligations):
            if o.end == i:
                keep = (rows.flags >> b) & 1 == 1
                rows = Rows(rows.codes[keep], rows.flags[keep] & ~(1 << b))
                closed = True
        # (the rows come in sorted and distinct: a clue that only filters keeps them so)
        if not dedupe or (kind in FILTER_KINDS and not closed):
            return rows
        return rows.unique(bits, g.code_bound)

    def _search(self, clue: Mapping[str, Any], rows: Rows, in_order: bool) -> Rows:
        """Dracula found in a Town or not, the Local Rumours Marker found there or not.
        ``in_order``: the rows come sorted by hypothesis (as every clue but a history
        segment's leaves them)."""
        g = self.geometry
        town = g.index[clue["town"]]
        dracula, rumours = clue.get("dracula"), clue.get("rumours")
        if _finds_neither(clue):  # (the commonest: in one pass)
            return self._searched_in_vain([clue], rows)
        keep: np.ndarray[Any, np.dtype[np.bool_]] | None = None
        if isinstance(dracula, bool):  # (a place's codes are one run: no division)
            first = town * g.per_place
            if in_order:
                rows = _run_kept(rows, first, first + g.per_place, dracula)
            else:
                there = (rows.codes >= first) & (rows.codes < first + g.per_place)
                keep = there if dracula else ~there
        if isinstance(rumours, bool):  # (one division: the Town's run within a place)
            first = town * AUX_STATES * BLOOD_STATES
            rest = _divmod(rows.codes, g.per_place)[1]
            there = (rest >= first) & (rest < first + AUX_STATES * BLOOD_STATES)
            found = there if rumours else ~there
            keep = found if keep is None else keep & found
        if keep is None:
            return rows
        return rows.picked(keep)

    def _searched_in_vain(self, searches: Sequence[Mapping[str, Any]], rows: Rows) -> Rows:
        """Searches that did not find Dracula (the Local Rumours Marker found or not):
        the places and Local Rumours read once for all of them (a run of them: one filter),
        each search a look-up by (place, Local Rumours)."""
        g = self.geometry
        if not searches:
            return rows
        tables = [_searched_in_vain_at(g, g.index[c["town"]], c["rumours"]) for c in searches]
        away = tables[0]
        for table in tables[1:]:  # (the run's tables joined: one look-up per hypothesis)
            away = away & table
        return rows.picked(away[rows.codes // (AUX_STATES * BLOOD_STATES)])

    def _blood(self, clue: Mapping[str, Any], rows: Rows) -> Rows:
        g = self.geometry
        loc, rum, bp, aux = g.decode(rows.codes)
        loss = int(clue["loss"])
        after = np.minimum(np.maximum(bp - loss, -12), 12)
        drained = (bp > 0) & (after <= 0)
        keep = drained if clue["drained"] else ~drained
        if loss < 0:  # a gain (Walpurgis Nacht): never with the Blood Death Marker in use
            keep &= bp >= 0
        codes = g.encode(loc, rum, after, aux)
        return Rows(codes[keep], rows.flags[keep])

    def _where(self, clue: Mapping[str, Any], rows: Rows) -> Rows:
        """Dracula is in one of ``places`` (Newspaper Reports, Hypnosis, Sensationalist
        Press, a declared move made)."""
        g = self.geometry
        keep = g.mask(clue["places"])[g.place_of(rows.codes)]
        return rows.picked(keep)

    def _evasion(self, clue: Mapping[str, Any], rows: Rows) -> Rows:
        """Evasion: straight to any Town with no Hunter and no Host Marker (not his own);
        the Local Rumours Marker into the box he vacated (if a Town)."""
        g = self.geometry
        loc, rum, bp, _ = g.decode(rows.codes)
        banned = g.mask([*clue["occupied"], *clue["hosts"]])
        towns = np.array([i for i, p in enumerate(g.places)
                          if not g.is_sea[i] and not banned[i]], dtype=np.int64)
        if not len(towns):
            return rows
        new_rum = np.where(g.is_sea[loc], rum, loc)
        # every (Town, hypothesis) pair, Town by Town: the code is the Town's first one
        # plus the hypothesis's Local Rumours and Blood Points (no aux)
        rest = g.encode(np.zeros_like(loc), new_rum, bp, np.zeros_like(loc))
        keep = loc[None, :] != towns[:, None]
        codes: Array = (towns[:, None] * g.per_place + rest[None, :])[keep]
        return Rows(codes, np.broadcast_to(rows.flags[None, :], keep.shape)[keep])

    def _driven(self, clue: Mapping[str, Any], rows: Rows) -> Rows:
        """Stormy Seas drove Dracula out of a Sea Sector into a Port (on the map)."""
        g = self.geometry
        loc, rum, bp, _ = g.decode(rows.codes)
        keep = loc == g.index[clue["from"]]
        to = np.full(int(keep.sum()), g.index[clue["to"]], dtype=np.int64)
        codes = g.encode(to, rum[keep], bp[keep], np.zeros_like(to))
        return Rows(codes, rows.flags[keep])

    def _host(self, clue: Mapping[str, Any], rows: Rows) -> Rows:
        g = self.geometry
        loc, rum, bp, aux = g.decode(rows.codes)
        here = (loc == g.index[clue["town"]]) & ~g.is_sea[loc]
        aux = np.where(here, aux | MUST_LEAVE, aux)
        return Rows(g.encode(loc, rum, bp, aux), rows.flags)

    def _bat(self, clue: Mapping[str, Any], rows: Rows) -> Rows:
        """Escaping in bat form, Dracula flies to a Town next to his by Road."""
        g = self.geometry
        loc, _, bp, _ = g.decode(rows.codes)
        start = g.index[clue["from"]]
        keep = loc == start
        loc, bp, flags = loc[keep], bp[keep], rows.flags[keep]
        hosts = g.mask(clue["hosts"])
        nbrs = [g.index[n] for n in g.board.road[clue["from"]] if not hosts[g.index[n]]]
        if not nbrs:
            return Rows(rows.codes[keep], flags)
        out_codes = [g.encode(np.full_like(loc, n), np.full_like(loc, start), bp,
                              np.zeros_like(loc)) for n in nbrs]
        return Rows(np.concatenate(out_codes), np.tile(flags, len(nbrs)))

    def _turn(self, clue: Mapping[str, Any], rows: Rows, obligations: Sequence[Obligation],
              i: int) -> Rows:
        """One of Dracula's Movement Phases, and his Action Phase's public face.

        Three kinds of successor: a move by Road or Sea, staying by choice (Passing, not
        moving, consuming a Vampire) and the fallback Pass when hemmed in on every side."""
        g = self.geometry
        turn = self._turn_clue(clue, i).placing(obligations, i)
        codes = rows.codes
        # (no flag set and none to set, as outside a replay: none carried along)
        flags = None if not turn.placing_in and (rows.flagless or not rows.flags.any()) \
            else rows.flags
        if turn.fleeing:  # a fleeing Dracula already in the Castle would have hidden
            alive = codes // g.per_place != g.castle
            codes, flags = codes[alive], _picked(flags, alive)
        # (each part decoded as it is needed: the place of all, the Blood Points of those
        # in a Town, the aux and the Local Rumours of those at Sea)
        loc = codes // g.per_place
        # (his place and Blood Points as ``place * BLOOD_STATES + blood + 12``, read from
        # the code's place, Local Rumours and Blood Points digits)
        town_blood = _town_blood_of(g)[codes >> AUX_BITS]
        ground = turn.ground[loc]
        at_sea = ground == AT_SEA
        some_at_sea = bool(at_sea.any())  # (none: every hypothesis is in a Town)
        on_land = ~at_sea if some_at_sea else None
        bound = (codes & MUST_LEAVE) != 0  # (aux: the code's last bits)
        if turn.fleeing:
            may_stay = np.zeros(len(loc), dtype=bool)
        else:
            may_stay = ~bound
            if on_land is not None:
                may_stay &= on_land
        if turn.consumed:
            may_stay &= town_blood - loc * BLOOD_STATES >= 12
        parts = [turn.stay(_true_at(may_stay), codes, loc, town_blood, flags)]
        if not turn.consumed:  # (a Vampire consumed: he stayed by choice)
            if on_land is not None:
                parts.append(turn.land_moves(town_blood[on_land], _picked(flags, on_land)))
            else:
                parts.append(turn.land_moves(town_blood, flags))
            # Hemmed in on every side (no move, no stay allowed): the fallback Pass. In a
            # Town, only one he must leave or fleeing (no Road open, staying allowed: stays).
            stuck = turn.hemmed_in_town(loc, town_blood, may_stay, ground == ROADLESS) \
                if turn.fleeing or bound.any() else loc[:0]
            if some_at_sea:
                sailed, stranded = turn.sea_moves(codes, loc, flags, at_sea)
                parts.append(sailed)
                if len(stranded):
                    stuck = np.concatenate([stuck, stranded])
            if len(stuck):
                parts.append(turn.hemmed(codes[stuck], loc[stuck], codes[stuck] & (AUX_STATES - 1),
                                         _picked(flags, stuck), at_sea[stuck]))
        moved = np.concatenate([c for c, _ in parts])
        if flags is None:
            return Rows.plain(moved)
        return Rows(moved, np.concatenate([f for _, f in parts if f is not None]))

    def _turn_clue(self, clue: Mapping[str, Any], i: int) -> _TurnClue:
        cached = self._turn_clues.get(i)
        if cached is not None and cached[0] is clue:
            return cached[1]
        turn = _TurnClue(self.geometry, clue)
        if len(self._turn_clues) >= TURN_CLUES_KEPT:
            del self._turn_clues[next(iter(self._turn_clues))]  # the longest kept
        self._turn_clues[i] = (clue, turn)
        return turn


@attrs.frozen(eq=False)
class _Passage:
    """What the Host markers and the storms leave open, as a turn clue needs it (the same
    for every clue with the same Host markers and storms: worked out once for them)."""

    #: whether a move into each place is open (a Sea Sector: no storm; a Town: no Host)
    passable: np.ndarray[Any, np.dtype[np.bool_]]
    #: the same, not at the last index (``Geometry.sea_table``'s padding, -1, reads it)
    sailable: np.ndarray[Any, np.dtype[np.bool_]]
    #: by place, whether each move of ``Geometry.sea_table``'s row is open
    sail_rows: np.ndarray[Any, np.dtype[np.bool_]]
    #: the moves open from each Town by Road, and from each Port by Sea (0 elsewhere)
    land_road_count: Array
    port_embark_count: Array
    #: every move from a Town (as ``Geometry.land_table``) the markers and storms leave open
    land_open: np.ndarray[Any, np.dtype[np.bool_]]
    #: each place: a Sea Sector (AT_SEA), a Town with no Road open (ROADLESS) or another
    #: Town (one look-up tells both of a hypothesis)
    ground: np.ndarray[Any, np.dtype[np.int8]]


#: The kinds of place in ``_Passage.ground`` (0: a Town with a Road open).
AT_SEA, ROADLESS = 1, 2


@functools.lru_cache(maxsize=256)
def _passage_of(g: Geometry, hosts: tuple[str, ...], blocked: tuple[str, ...]) -> _Passage:
    road_open = ~g.mask(hosts)
    sea_open = ~g.mask(blocked)  # Stormy Seas
    roads = (road_open[g.road_table] & (g.road_table >= 0)).sum(axis=1)
    sails = (sea_open[g.sea_table] & (g.sea_table >= 0)).sum(axis=1)
    to = g.land_table
    fixed = _land_moves_of(g)
    land_open = fixed.valid & np.where(g.land_embark, sea_open[to] & fixed.from_port,
                                       road_open[to])
    passable = np.where(g.is_sea, sea_open, road_open)
    sailable = np.append(passable[:-1], False)
    found = _Passage(passable=passable, sailable=sailable, sail_rows=sailable[g.sea_table],
                     land_road_count=np.where(g.is_sea, 0, roads),
                     port_embark_count=np.where(g.is_port & ~g.is_sea, sails, 0),
                     land_open=land_open,
                     ground=np.where(g.is_sea, AT_SEA, np.where(roads == 0, ROADLESS, 0)
                                     ).astype(np.int8))
    for shared in attrs.astuple(found, recurse=False):
        shared.setflags(write=False)  # (shared by every clue with these markers)
    return found


class _TurnClue:
    """One turn clue, as the masks and counts its successors need (see Tracker._turn)."""

    def __init__(self, g: Geometry, clue: Mapping[str, Any]) -> None:
        self.g = g
        self.fleeing = bool(clue["fleeing"])
        self.consumed = bool(clue["consumed"])
        attack = clue.get("attack")
        self.attack = None if attack is None else g.index[attack]
        self.sea: str | None = clue.get("sea")  # Shipping Agents: his Sea Movement's kind
        self.hosts = clue["hosts"]
        self.occupied = g.mask(clue["occupied"])
        self._spared: Sequence[str] = clue.get("spared", ())
        #: (flag bit, Town) of each Encounter he may be placing now.
        self.placing_in: list[tuple[int, int]] = []
        #: The flag bits each place sets on arriving there (an Encounter placed), by place.
        self.placing_bits: Array | None = None
        passage = _passage_of(g, tuple(self.hosts), tuple(clue.get("blocked", ())))
        self.passable = passage.passable
        self.sailable = passage.sailable
        self.sail_rows = passage.sail_rows
        self._landfall: np.ndarray[Any, np.dtype[np.bool_]] | None = None
        self.land_road_count = passage.land_road_count
        self.port_embark_count = passage.port_embark_count
        self._land_open = passage.land_open
        self.ground = passage.ground
        self._alive: dict[bool, np.ndarray[Any, np.dtype[np.bool_]]] = {}
        self._land: tuple[np.ndarray[Any, np.dtype[np.bool_]], Array, Array] | None = None
        #: This clue read with each set of open obligations (see :meth:`placing`).
        self._placings: dict[tuple[tuple[int, int], ...], _TurnClue] = {}

    def arrival(self, from_sea: bool) -> np.ndarray[Any, np.dtype[np.bool_]]:
        """The places a move (from a Sea Sector or not) may end in, as this clue tells:
        the Town attacked, no Town where a Hunter stood unattacked, the Sea Movement
        announced (Shipping Agents)."""
        found = self._alive.get(from_sea)
        if found is None:
            g = self.g
            if self.attack is not None:
                found = ~g.is_sea & (np.arange(len(g.is_sea)) == self.attack)
            else:  # (not a Town with a Hunter)
                found = g.is_sea | ~self.occupied
            if self.sea is not None:
                town = ~g.is_sea
                was_sea, is_sea = _SEA_MOVEMENT[self.sea]
                found &= (town != is_sea) & (was_sea == from_sea)
            self._alive[from_sea] = found
        return found

    def landfall_rows(self) -> np.ndarray[Any, np.dtype[np.bool_]]:
        """By place, whether each move of ``Geometry.sea_table``'s row may end where it
        does, as this clue tells (:meth:`arrival` from a Sea Sector)."""
        if self._landfall is None:
            self._landfall = self.arrival(True)[self.g.sea_table]
        return self._landfall

    def land_table(self) -> tuple[np.ndarray[Any, np.dtype[np.bool_]], Array, Array]:
        """Every move from each Town as this clue allows it (before his Blood Points are
        known): (allowed, the hypothesis it makes with -12 Blood Points, the target)."""
        if self._land is None:
            g = self.g
            to, embark = g.land_table, g.land_embark
            fixed = _land_moves_of(g)
            if self.fleeing:  # from the British Isles by sea; else one step nearer
                here = np.arange(len(to))[:, None]
                ok = self._land_open & (~embark | g.cut_off[here])
                dist = g.distances(self.hosts)
                closer = ok & (dist[to] == dist[here] - 1)
                ok &= closer | ~closer.any(axis=1)[:, None]
                ok &= self.arrival(False)[to]
            else:
                ok = self._land_open & self.arrival(False)[to]
            base = fixed.fleeing if self.fleeing else fixed.base
            self._land = (ok, base, to)
        return self._land

    def placing(self, obligations: Sequence[Obligation], i: int) -> _TurnClue:
        """This clue read with these obligations open (flag bits): a copy."""
        if not obligations or self.attack is not None:  # (he placed nothing by attacking)
            return self
        g = self.g
        placing_in = tuple((b, g.index[o.town]) for b, o in enumerate(obligations)
                           if o.start < i <= o.end and not g.is_sea[g.index[o.town]])
        turn = self._placings.get(placing_in)
        if turn is None:  # (a replay reads the clue again with the same flags open)
            if not self.consumed:
                self.land_table()  # worked out once, shared by every copy
            turn = copy.copy(self)
            turn.placing_in = list(placing_in)
            bits = np.zeros(len(g.places) + 1, dtype=np.int64)
            no_placing = self.occupied | g.mask(self._spared)  # ruling 6
            for b, town in placing_in:
                if not no_placing[town]:
                    bits[town] |= 1 << b
            turn.placing_bits = bits
            self._placings[placing_in] = turn
        return turn

    def land_moves(self, town_blood: Array, flags: Array | None
                   ) -> tuple[Array, Array | None]:
        """By Road to a Town without a Host marker, or embarking from a Port (two Blood
        Points, or fleeing from the British Isles) into a Sector not closed by a storm.
        A move from a Town depends only on the Town, his Blood Points and the flags: the
        hypotheses (``town * BLOOD_STATES + blood + 12`` each) are narrowed to those first."""
        g = self.g
        town_blood, u_flags = _distinct(town_blood, flags, len(g.places) * BLOOD_STATES)
        u_loc = town_blood // BLOOD_STATES
        allowed, _, targets = self.land_table()
        fixed = _land_moves_of(g)
        ok = _rows(allowed, u_loc)
        if not self.fleeing:  # (fleeing from the British Isles, he embarks without them)
            ok &= _rows(fixed.blood_allows, town_blood)
        codes = _rows(fixed.by_blood_fleeing if self.fleeing else fixed.by_blood, town_blood)[ok]
        if u_flags is None:
            return codes, None
        moved_flags = u_flags.repeat(ok.sum(axis=1))  # (row by row, as ``[ok]``)
        if self.placing_in:
            return codes, self.placed(_rows(targets, u_loc)[ok], moved_flags)
        return codes, moved_flags

    def hemmed_in_town(self, loc: Array, town_blood: Array,
                       may_stay: np.ndarray[Any, np.dtype[np.bool_]],
                       roadless: np.ndarray[Any, np.dtype[np.bool_]]) -> Array:
        """The hypotheses in a Town with no move and no stay allowed: no Road open, not
        staying, and no Sea Sector to embark for (too few Blood Points, or none open).
        ``town_blood``: as :meth:`land_moves` reads it; ``roadless``: in a Town with no
        Road open."""
        found = _true_at(roadless & ~may_stay)
        if not len(found):  # (the commonest)
            return found
        g = self.g
        here = loc[found]
        blood = town_blood[found] - here * BLOOD_STATES  # (his Blood Points + 12)
        ready = g.cut_off[here] if self.fleeing else blood >= 14  # to embark: 2 BP
        stuck: Array = found[~ready | (self.port_embark_count[here] == 0)]
        return stuck

    def sea_moves(self, codes: Array, loc: Array, flags: Array | None,
                  at_sea: np.ndarray[Any, np.dtype[np.bool_]]
                  ) -> tuple[tuple[Array, Array | None], Array]:
        """At Sea: sail to a Sector not yet visited, or disembark at a Port (not the one
        holding the Local Rumours Marker, nor one with a Host marker). Also the
        hypotheses at Sea with no move at all."""
        g = self.g
        seas = _true_at(at_sea)
        here, sea_codes = loc[seas], codes[seas]
        aux = sea_codes & (AUX_STATES - 1)
        if not self.fleeing and not _castle_by_sea(g):
            return self._sea_moves_by_table(sea_codes, here, aux, flags, seas)
        # the Local Rumours: the code's second digit, past the place's
        rum = sea_codes // (AUX_STATES * BLOOD_STATES) - here * g.rumour_states
        pos, to = _expand(here, g.sea_table, g.sea_degree)  # (pos: the source among ``seas``)
        bit = g.sea_bit[to]  # (none for a Port)
        voyage = aux[pos]
        # (the Local Rumours are never in a Sea Sector: no need to ask where ``to`` is one)
        open_ = self.passable[to] & (to != rum[pos])
        ok = open_ & ((voyage & bit) == 0)
        # Ruling 2: stranded, he may sail into a Sector he has crossed.
        counts = np.bincount(pos[ok], minlength=len(seas))
        stranded = seas[:0]
        if not counts.all():
            ok |= (counts[pos] == 0) & open_
            counts = np.bincount(pos[ok], minlength=len(seas))
            stranded = seas[counts == 0]
        if self.fleeing and len(pos):
            ok &= self._closer(pos, here[pos], to, ok, len(seas))
        ok &= self.arrival(True)[to]
        pos, to = pos[ok], to[ok]
        new_aux = np.where(g.is_sea[to], voyage[ok] | bit[ok], 0)
        if _castle_by_sea(g):
            new_aux = np.where(to == g.castle, 0 if self.fleeing else 1, new_aux)  # a first turn
        # each code without its place and aux: the Local Rumours and Blood Points go along
        kept = sea_codes - aux - here * g.per_place
        moved: Array = kept[pos] + to * g.per_place + new_aux
        if flags is None:
            return (moved, None), stranded
        return (moved, self.placed(to, flags[seas][pos])), stranded

    def _sea_moves_by_table(self, codes: Array, here: Array, aux: Array,
                            flags: Array | None, seas: Array
                            ) -> tuple[tuple[Array, Array | None], Array]:
        """:meth:`sea_moves` not fleeing (on a map where no Sea Sector borders the Castle),
        every Sector's moves in a row of a table worked out once per map (``codes``,
        ``here``, ``aux``: the hypotheses at Sea, ``seas`` among all)."""
        g = self.g
        fixed = _sea_moves_of(g)
        key = fixed.key[here] + aux
        # (rows of tables by Sector: whole rows copied, not a move at a time)
        open_ = _rows(self.sail_rows, here) \
            & _rows(fixed.not_rumours, codes // (AUX_STATES * BLOOD_STATES))
        ok = open_ & _rows(fixed.unvisited, key)
        # Ruling 2: stranded, he may sail into a Sector he has crossed.
        stranded = seas[:0]
        if not _every_row_has_one(ok):
            ok |= ~_any_per_row(ok)[:, None] & open_
            stranded = seas[~_any_per_row(ok)]
        ok &= _rows(self.landfall_rows(), here)
        moved: Array = (codes[:, None] + _rows(fixed.delta, key))[ok]
        if flags is None:
            return (moved, None), stranded
        moved_flags = flags[seas][:, None].repeat(ok.shape[1], axis=1)[ok]
        return (moved, self.placed(_rows(g.sea_table, here)[ok], moved_flags)), stranded

    def _closer(self, src: Array, here: Array, to: Array,
                ok: np.ndarray[Any, np.dtype[np.bool_]], sources: int
                ) -> np.ndarray[Any, np.dtype[np.bool_]]:
        """Fleeing: among the moves ``ok``, those one step closer to the Castle, where a
        source has one."""
        dist = self.g.distances(self.hosts)
        closer = dist[to] == dist[here] - 1
        any_closer = np.bincount(src[ok], weights=closer[ok], minlength=sources) > 0
        keep: np.ndarray[Any, np.dtype[np.bool_]] = closer | ~any_closer[src]
        return keep

    def stay(self, st: Array, codes: Array, loc: Array, town_blood: Array,
             flags: Array | None) -> tuple[Array, Array | None]:
        """Staying in his Town by choice: he may act there (the hypotheses ``st``, none
        bound to leave, their codes changed in place of being decoded and encoded again;
        ``town_blood``: as :meth:`land_moves` reads it)."""
        g = self.g
        flags = _picked(flags, st)
        kept = codes[st]  # (no must-leave bit to clear: none of them may stay)
        if self.consumed:
            blood = town_blood[st] - loc[st] * BLOOD_STATES  # (his Blood Points + 12)
            kept += (np.minimum(blood + CONSUME_GAIN, 24) - blood) * AUX_STATES
        # his Town, where it matters (Castle Dracula's codes are one run: no need)
        where = loc[st] if self.attack is not None or self.consumed \
            or (flags is not None and self.placing_in) else None
        alive: np.ndarray[Any, np.dtype[np.bool_]] | None = None
        first = g.castle * g.per_place
        castle = (kept >= first) & (kept < first + g.per_place)
        if castle.any():  # successive turns there: a third ends the game
            # (aux, the code's last bits, is the count of turns there: one more)
            alive = ~(castle & ((kept & CASTLE_COUNT) + 1 >= CASTLE_TURNS_LIMIT))
            kept = kept + castle
        if where is not None:
            if self.attack is not None:
                alive = _both(alive, where == self.attack)
            elif self.consumed:  # he did not Pass (ruling 76: the Hunters never know)
                alive = _both(alive, ~self.occupied[where])
        if self.sea is not None and self.sea != "none":
            alive = np.zeros(len(kept), dtype=bool)
        if alive is not None and not alive.all():
            kept, flags = kept[alive], _picked(flags, alive)
            where = None if where is None else where[alive]
        return kept, flags if where is None else self.placed(where, flags)

    def hemmed(self, codes: Array, loc: Array, aux: Array, flags: Array | None,
               sea: np.ndarray[Any, np.dtype[np.bool_]]) -> tuple[Array, Array | None]:
        """The fallback Pass: no Action Phase."""
        g = self.g
        aux = np.where(sea, aux, aux & ~MUST_LEAVE)
        castle = loc == g.castle
        count = (aux & CASTLE_COUNT) + 1
        aux = np.where(castle, 0 if self.fleeing else count, aux)
        alive = ~(castle & (not self.fleeing) & (count >= CASTLE_TURNS_LIMIT))
        if self.attack is not None:
            alive[:] = False
        if self.sea is not None:
            was_sea, is_sea = _SEA_MOVEMENT[self.sea]
            alive &= (sea == is_sea) & (sea == was_sea)
        kept = codes[alive]
        return (kept & ~(AUX_STATES - 1)) + aux[alive], _picked(flags, alive)

    def placed(self, loc: Array, flags: Array | None) -> Array | None:
        """The flags with the bit of every Encounter he may have placed by acting here."""
        if self.placing_bits is None or not self.placing_in or flags is None:
            return flags
        found: Array = flags | self.placing_bits[loc]
        return found


def _run_kept(rows: Rows, low: int, high: int, inside: bool) -> Rows:
    """The rows (sorted by hypothesis) with a hypothesis in ``[low, high)`` (``inside``)
    or the others: a slice, or the two around it."""
    lo, hi = (int(at) for at in rows.codes.searchsorted([low, high]))
    if inside:
        return Rows(rows.codes[lo:hi], rows.flags[lo:hi])
    if lo == hi:
        return rows
    if rows.flagless:
        return Rows.plain(np.concatenate([rows.codes[:lo], rows.codes[hi:]]))
    return Rows(np.concatenate([rows.codes[:lo], rows.codes[hi:]]),
                np.concatenate([rows.flags[:lo], rows.flags[hi:]]))


def _rows(table: np.ndarray[Any, Any], which: Array) -> np.ndarray[Any, Any]:
    """The rows ``which`` of a 2-D table (as ``table[which]``, several times as fast:
    numpy copies whole rows for ``take`` but indexes a 2-D array element by element)."""
    found: np.ndarray[Any, Any] = table.take(which, axis=0)
    return found


def _any_per_row(found: np.ndarray[Any, np.dtype[np.bool_]]
                 ) -> np.ndarray[Any, np.dtype[np.bool_]]:
    """Whether each row of a 2-D boolean array has a True (as ``np.any(found, axis=1)``; a
    row of eight, as the Sea table's, read as one 64-bit number: several times as fast)."""
    if found.shape[1] == 8 and found.flags.c_contiguous:
        some: np.ndarray[Any, np.dtype[np.bool_]] = found.view(np.uint64)[:, 0] != 0
        return some
    anywhere: np.ndarray[Any, np.dtype[np.bool_]] = np.any(found, axis=1)
    return anywhere


def _every_row_has_one(found: np.ndarray[Any, np.dtype[np.bool_]]) -> bool:
    """Whether every row of a 2-D boolean array has a True (as ``_any_per_row(found).all()``;
    rows of eight read as 64-bit numbers, the least of them not 0)."""
    if found.shape[1] == 8 and found.flags.c_contiguous:
        return not len(found) or bool(found.view(np.uint64).min())
    return bool(_any_per_row(found).all())


def _in_vain_run(clues: Sequence[Mapping[str, Any]], start: int, stop: int,
                 obligations: Sequence[Obligation]) -> int:
    """Where the run of searches in vain (and boxes seen) from clue ``start`` ends (at
    most past ``stop``): clues that only filter, none ending an obligation (a replay
    applies them as one filter)."""
    ends = {o.end for o in obligations}
    k = start
    while k <= stop and k not in ends and (clues[k]["k"] == "box" or _finds_neither(clues[k])):
        k += 1
    return k


def _finds_neither(clue: Mapping[str, Any]) -> bool:
    """Whether a clue is a search that did not find Dracula, the Local Rumours Marker
    found or not (a filter on the places and the Marker alone)."""
    return clue["k"] == "search" and clue.get("dracula") is False \
        and isinstance(clue.get("rumours"), bool)


def _true_at(found: np.ndarray[Any, np.dtype[np.bool_]]) -> Array:
    """Where a 1-D boolean array is True (as ``np.flatnonzero``, without its Python
    wrapper's ravel: a call per turn part, so the wrapper's cost counts)."""
    at: Array = found.nonzero()[0]
    return at


def _both(first: np.ndarray[Any, np.dtype[np.bool_]] | None,
          second: np.ndarray[Any, np.dtype[np.bool_]]) -> np.ndarray[Any, np.dtype[np.bool_]]:
    """Both conditions (the first, when there is one)."""
    return second if first is None else first & second


def _picked(flags: Array | None, which: np.ndarray[Any, Any]) -> Array | None:
    """The flags of the rows picked (none without flags)."""
    return None if flags is None else flags[which]


#: A Shipping Agents clue's kind of Sea Movement: (from a Sea Sector, into a Sea Sector).
_SEA_MOVEMENT = {"embarking": (False, True), "sailing": (True, True),
                 "disembarking": (True, False), "none": (False, False)}
#: Bits kept for the flags beside a Town and Blood Points in one key.
_FLAG_ROOM = 32


def _steer(candidates: list[int], pending: Sequence[tuple[int, int, int, int, str]],
           position: int, per_loc: int, hops: Array, pick: Any) -> list[int]:
    """Keep the predecessors from which every Encounter still to place can be reached in
    the moves left in its window; prefer, three times in four, those nearest to one."""
    feasible = []
    for code in candidates:
        loc = code // per_loc
        need = [int(hops[loc, town]) for town, first, *_ in pending]
        room = [position - first for _, first, *_ in pending]
        if all(n <= r for n, r in zip(need, room, strict=True)):
            feasible.append((min(need), code))
    if not feasible or not pick(4):
        return [code for _, code in feasible]
    best = min(score for score, _ in feasible)
    return [code for score, code in feasible if score == best]


def _expand(sources: Array, table: Array, degree: Array) -> tuple[Array, Array]:
    """For each source position, every edge leaving its place, in order: (position
    index, target). ``degree``: each place's edges (a table row's first entries)."""
    neighbours = table[sources]
    pos: Array = np.repeat(np.arange(len(sources)), degree[sources])
    targets: Array = neighbours[neighbours >= 0]
    return pos, targets


def _project(rows: Rows, bits: int) -> Array:
    """The distinct hypotheses of rows sorted by hypothesis and flags (without flags,
    already distinct)."""
    codes = rows.codes
    if not bits or len(codes) < 2:
        return codes
    keep = np.empty(len(codes), dtype=bool)
    keep[0] = True
    np.not_equal(codes[1:], codes[:-1], out=keep[1:])
    found: Array = codes[keep]
    return found


def _drop_flag(rows: Rows, bit: int, bits: int) -> Rows:
    low = rows.flags & ((1 << bit) - 1)
    high = (rows.flags >> (bit + 1)) << bit
    return Rows(rows.codes, low | high).unique(bits - 1)


def hypothesis_of(state: FuryState) -> int:
    """Dracula's actual hidden state, encoded as a tracker hypothesis."""
    g = geometry_of(state.board)
    d = state.dracula
    assert d.location is not None
    if d.at_sea:
        aux = sum(int(g.sea_bit[g.index[s]]) for s in d.voyage[1:])
    else:
        aux = d.castle_turns if d.location == CASTLE_DRACULA and not d.fleeing else 0
        aux |= MUST_LEAVE if d.must_leave else 0
    rum = g.none if d.rumours is None else g.index[d.rumours]
    # Geometry.encode's arithmetic on one hypothesis, in Python's own integers
    return ((int(g.index[d.location]) * g.rumour_states + int(rum)) * BLOOD_STATES
            + (d.blood + 12)) * AUX_STATES + aux


_KNOWN: dict[str, Tracker] = {}
#: A clue as the fingerprint reads it (``json.dumps(clue, sort_keys=True)``, its encoder
#: made once). The fingerprint reads the clues as the JSON list of them without its
#: brackets: each clue's text, after the first one's joined by ``CLUE_SEPARATOR``.
_CLUE_TEXT = json.JSONEncoder(sort_keys=True).encode
CLUE_SEPARATOR = ", "  # (the encoder's own, between the items of a list)
_KNOWN_LIMIT = 64


def _digest_for(board: Board) -> Any:
    """A digest started with the map's fingerprint: the same clues on another map are
    another record (a custom map never borrows the default map's hypotheses)."""
    digest = hashlib.blake2b(digest_size=16)
    digest.update(board.fingerprint)
    return digest


def _fingerprint(board: Board, clues: Sequence[Mapping[str, Any]]) -> tuple[str, Any]:
    """The key of the map and the clues (as :attr:`Tracker.key`), and its digest (the
    clues encoded in one call: as :meth:`Tracker.update` reads them one by one)."""
    digest = _digest_for(board)
    digest.update(_CLUE_TEXT(list(clues))[1:-1].encode())
    return f"{len(clues)}:{digest.hexdigest()}", digest


def tracker_of(state: FuryState) -> Tracker:
    """The state's tracker, brought up to date.

    It is kept on the state between calls and shared by clones (each update works on
    a copy); a state read back from a save finds the tracker of the state it was saved
    from by the fingerprint of the clues, instead of replaying them all.
    """
    tracker = state._tracker
    if isinstance(tracker, Tracker) and tracker.processed <= len(state.clues):
        if tracker.processed == len(state.clues):
            return tracker
        tracker = tracker.clone()
        tracker.update(state.clues)
    else:
        clues = state.clues[:]  # (a plain list: read clue by clue, and more than once)
        key, digest = _fingerprint(state.board, clues)
        known = _KNOWN.get(key)
        if known is not None:
            state._tracker = known
            return known
        tracker = Tracker(geometry_of(state.board))
        tracker.update(clues, digest)
        if len(_KNOWN) >= _KNOWN_LIMIT:
            _KNOWN.pop(next(iter(_KNOWN)))
        _KNOWN[key] = tracker
    state._tracker = tracker
    return tracker


def remember(tracker: object, clues: Sequence[Mapping[str, Any]]) -> None:
    """Let states read back from a save find this up-to-date tracker (cheap: the
    fingerprint is kept as the clues are read)."""
    if isinstance(tracker, Tracker) and tracker.processed == len(clues):
        key = tracker.key
        if key not in _KNOWN:
            if len(_KNOWN) >= _KNOWN_LIMIT:
                _KNOWN.pop(next(iter(_KNOWN)))
            _KNOWN[key] = tracker
