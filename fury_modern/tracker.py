"""Where Dracula may be, worked out from the public record alone.

The hunters see Dracula's trail as a row of face-down cards. What the table learns
about it is all in the public log (``state.events``, each entry's public form) and in
the decision now waiting; the tracker reads nothing else, so it cannot leak:

* his start: a city, not Castle Dracula, not a hunter's city (Set-up);
* each move (``dracula_moves``): a card face down on trail space 1, the Castle Dracula
  card's distinct back (``castle``), a lair moving up (``lair``), how many encounters he
  holds, then whether an encounter went on it (none at sea, none in a hunter's city,
  none with Feed or Dark Call); the damage it cost him by its reason (a sea-to-sea move,
  Wolf Form, Dark Call; Feed heals him, which shows only when he was hurt);
* Misdirect, as he plays it (before the slide): the hideout it clears, which its card
  replaces; his move is then a normal move;
* the slide: the hideouts slide (the trail then starts on space 2 until his card is
  placed), and the one pushed off the sixth space goes back (a location or a power card:
  the same words), matures with its effects (its card is shown), or becomes a lair;
* finding the trail: a hunter ending his movement in a city turns the card of its
  hideout face up (``trail_revealed``), or, with no such entry, learns that none of the
  face-down cards is that city (a move by road logged ``on_the_way`` ends at its
  ``hunter_arrives`` entry, after Dracula's window: Wild Horses may carry him on);
  Dracula revealed when it is his own (``dracula_revealed``), and, if he is not, that
  the city is not his;
* holy tokens (``holy_token``: he may not enter a holy city; heavenly hosts leave at dawn)
  and what placing one shows (the card turned face up, or ``not_on_trail``); an encounter
  put on a trail space by a card (Hidden Schemes, Dracula's Brides: the card there is on
  land, or Hide);
* hideouts cleared (which space, why), a vampire maturing (it clears trail spaces 4 to 6
  as they lie after the slide, but never Dracula's own hideout: a space it leaves alone
  is his), cornered, Escape as Bat (his own hideout cleared, a flight up to two roads
  away, to a city with no hunter whose card is neither on his trail nor in a lair).

and, from the decision waiting: Dracula asked to place an encounter (the new card is on
land, with no hunter), asked about the card sliding off (always: it tells only that his
move is chosen and the trail has slid), asked to move at all (he has a move).

A *hypothesis* is the identity of every face-down card, in order: the trail spaces, the
lairs, the card sliding off while Dracula's phase runs, and the move he has chosen while
it waits to be placed (he chooses it before the slide, on the trail as it lay then). It
is one row of bytes (a place's index in the map, a power card, or empty); the
hypotheses are a numpy array of distinct rows, updated entry by entry, each fact a
vectorised filter or rewrite. The possible places are the rows' current locations (the
newest card that is not a power card), and Dracula's true place is always among them.

While there are at most ``MAX_ROWS`` hypotheses (``CHOSEN_FACTOR`` times more while a
chosen move waits) the set of places is exact: every place in it ends some secret
history that gives the public record, and no other place does (the tests check this
against a brute-force replay of the engine, through slides, maturing, lairs, Misdirect
and flights as a bat). Beyond, the oldest
face-down cards are kept as bitsets of the cards they may be, and hypotheses that then
look alike merge: still sound, a little wider (``Tracker.exact`` says which).

The tracker is incremental: the state after each log entry is kept in a small cache
keyed by that entry (log entries never change and clones share them), so the next
step, a clone and the observation of every seat start from work already done; what a
look at the decision waiting works out on a copy (a group of entries closed, the moves
he may make, the slide) is remembered for the step that follows.
"""

from __future__ import annotations

import functools
import itertools
from collections import OrderedDict
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

import attrs
import numpy as np

from gothic_kernel import PUBLIC

from .rules import DRACULA, HUNTERS

if TYPE_CHECKING:
    from gothic_kernel.visibility import LogEntry

    from .board import ModernMap
    from .rules import Rules
    from .state import ModernState

Rows = np.ndarray[Any, np.dtype[np.uint8]]
Mask = np.ndarray[Any, np.dtype[np.bool_]]
Ints = np.ndarray[Any, np.dtype[np.int64]]
Words = np.ndarray[Any, np.dtype[np.uint64]]
Words2 = Words  # bitsets over codes, shape (n, 2)
Words3 = Words  # shape (n, k, 2)
_ONE, _ZERO, _63 = np.uint64(1), np.uint64(0), np.uint64(63)

#: Bytes per hypothesis: trail spaces, then lairs, then the card sliding off, then the
#: move Dracula has chosen while it waits to be placed (the place it names, the power card
#: it plays).
WIDTH = 16
TRAIL_COLS = 10
LAIR0 = 10
LAIR_COLS = 3
LIMBO = 13
MOVE_TO = 14
MOVE_POWER = 15
EMPTY = 255
#: A column whose card is known only to be one of a set (the bitset in ``Tracker.dom``).
DOMAIN = 254
#: Past this many hypotheses the oldest face-down cards are merged into sets
#: (``Tracker._bound``).
MAX_ROWS = 5_000
#: While his chosen move waits (the slide), each hypothesis counts once per move it allows:
#: so many times more are kept before merging, lest the move alone cost exactness.
CHOSEN_FACTOR = 16

STAY_POWERS = ("hide", "feed", "dark_call")
SEA_TO_SEA = "a sea-to-sea move"  # the reason dracula.place_card gives
CASTLE_HEAL = "the Castle Dracula card"
MISDIRECT_REASON = "Misdirect"
BAT_REASON = "Escape as Bat"
CORNERED_REASON = "Dracula was cornered"


# -- the board as arrays ---------------------------------------------------------------------

@attrs.frozen(eq=False)
class Geometry:
    """The map and the power cards as the tracker needs them (computed once per rules).

    Codes: a place is its index in the map's order (``board.places``); a power card is
    ``len(places) + k``; ``EMPTY`` fills unused columns.
    """

    rules: Rules
    places: tuple[str, ...]
    index: Mapping[str, int]
    powers: tuple[str, ...]
    code: Mapping[str, int]
    is_sea: Mask
    is_city: Mask
    castle: int
    move_ptr: Ints
    move_to: Ints
    wolf_ptr: Ints
    wolf_to: Ints
    #: Bitsets (shape (1, 2)) of the location cards, the power cards, the cities (where a
    #: lair may be) and the cards Misdirect may clear.
    places_set: Words2
    powers_set: Words2
    land_set: Words2
    misdirect_set: Words2

    @property
    def board(self) -> ModernMap:
        return self.rules.board

    @property
    def size(self) -> int:
        return len(self.places)

    def mask(self, places: Sequence[str]) -> Mask:
        found = np.zeros(256, dtype=bool)
        for place in places:
            found[self.index[place]] = True
        return found

    def reach(self, holy: frozenset[str]) -> tuple[Ints, Ints]:
        """Cities one or two roads away from each place (Wolf Form, Escape as Bat), never
        into or through a holy city."""
        if not holy:
            return self.wolf_ptr, self.wolf_to
        return _csr(self, lambda p: _two_roads(self, p, holy))


def _csr(geometry: Geometry | None, targets: Any, places: Sequence[str] = (),
         index: Mapping[str, int] | None = None) -> tuple[Ints, Ints]:
    if geometry is not None:
        places, index = geometry.places, geometry.index
    assert index is not None
    ptr = [0]
    out: list[int] = []
    for place in places:
        out += [index[t] for t in targets(place)]
        ptr.append(len(out))
    return np.array(ptr, dtype=np.int64), np.array(out, dtype=np.int64)


def _two_roads(geometry: Geometry | Any, place: str, holy: frozenset[str]) -> list[str]:
    board = geometry.board if isinstance(geometry, Geometry) else geometry
    if board.is_sea(place) or not board.is_city(place):
        return []
    reach = board.distances(place, ("road",), holy)
    return [c for c in board.cities if 0 < reach.get(c, 9) <= 2 and c not in holy]


_GEOMETRY: dict[int, Geometry] = {}


def geometry_of(rules: Rules) -> Geometry:
    found = _GEOMETRY.get(id(rules))
    if found is not None and found.rules is rules:
        return found
    board = rules.board
    places = tuple(board.places)
    index = {p: i for i, p in enumerate(places)}
    powers = tuple(rules.powers)
    if len(places) + len(powers) > 126:
        raise ValueError("the tracker packs a place or power card into 7 bits: at most 126")
    code = {**index, **{p: len(places) + k for k, p in enumerate(powers)}}
    is_sea = np.zeros(256, dtype=bool)
    is_city = np.zeros(256, dtype=bool)
    for p, i in index.items():
        is_sea[i] = board.is_sea(p)
        is_city[i] = board.is_city(p)
    move_ptr, move_to = _csr(None, lambda p: [q for q in board.dracula_moves(p)
                                               if not board.is_hospital(q)], places, index)
    wolf_ptr, wolf_to = _csr(None, lambda p: _two_roads(board, p, frozenset()), places, index)
    castle = index["castle_dracula"]
    found = Geometry(rules, places, index, powers, code, is_sea, is_city, castle, move_ptr,
                     move_to, wolf_ptr, wolf_to, _set(range(len(places))),
                     _set(range(len(places), len(places) + len(powers))),
                     _set([index[c] for c in board.cities]),
                     _set([i for i in range(len(places)) if i != castle]))
    _GEOMETRY[id(rules)] = found
    return found


def _expand(sources: Ints, ptr: Ints, to: Ints) -> tuple[Ints, Ints]:
    """For each position ``i`` of ``sources`` (place codes), every target of its place in
    the CSR table: (positions, targets)."""
    starts, ends = ptr[sources], ptr[sources + 1]
    counts = ends - starts
    total = int(counts.sum())
    pos = np.repeat(np.arange(len(sources), dtype=np.int64), counts)
    offsets = np.arange(total, dtype=np.int64) - np.repeat(np.cumsum(counts) - counts, counts)
    return pos, to[np.repeat(starts, counts) + offsets]


# -- what the table knows --------------------------------------------------------------------

@attrs.frozen
class Table:
    """The public side of the trail and of everything else the tracker follows: the same
    for every hypothesis.

    ``length``/``lairs``: how many cards lie on the trail and in lairs; ``limbo``: the
    hideouts have slid and a card has slid off the trail during this Dracula phase (the
    trail then starts on space 2: ``ModernState.first_space``); ``chosen``: Dracula has
    chosen his move and it waits to be placed (each hypothesis holds it in ``MOVE_TO`` and
    ``MOVE_POWER``);
    ``shown``/``lairs_shown``/``limbo_shown``: face up; ``marks``/``lair_marks``/
    ``limbo_mark``: the power card beside a location card ("wolf_form", "escape_as_bat";
    Misdirect cannot clear such a hideout).
    """

    started: bool = False
    length: int = 0
    lairs: int = 0
    limbo: bool = False
    chosen: bool = False
    shown: tuple[bool, ...] = ()
    marks: tuple[str, ...] = ()
    lairs_shown: tuple[bool, ...] = ()
    lair_marks: tuple[str, ...] = ()
    limbo_shown: bool = False
    limbo_mark: str = ""
    hunters: tuple[str, ...] = ("",) * len(HUNTERS)
    defeated: frozenset[str] = frozenset()
    night: bool = False
    damage: int = 0
    revealed: bool = False
    #: The cities Dracula may not enter: the consecrated ground and the heavenly hosts.
    holy: frozenset[str] = frozenset()
    consecrated: str = ""
    hosts: frozenset[str] = frozenset()
    over: bool = False
    #: The power the table knows his latest move used ("" for a location card or a power
    #: it cannot name: Hide, and Feed when he was unhurt), and Misdirect's space (0: none).
    last_power: str = ""
    last_space: int = 0
    #: The columns whose card is kept as a set of possible cards (``Tracker.dom``), in order.
    dom_cols: tuple[int, ...] = ()

    def where(self, seat: str) -> str:
        return self.hunters[HUNTERS.index(seat)]

    def occupied(self) -> list[str]:
        return [p for s, p in zip(HUNTERS, self.hunters, strict=True)
                if p and s not in self.defeated]

    def col(self, name: str) -> tuple[str, int]:
        """Where a space named at the table lies: ``"trail space 3"`` -> ("trail", 2), or
        ("trail", 1) during the slide (the trail starts on space 2); ``"lair 2"`` ->
        ("lair", 1)."""
        where, number = _space(name)
        return where, number - 1 - (where == "trail" and self.limbo)

    def face_down(self) -> list[int]:
        """The columns of the cards lying face down."""
        cols = [j for j in range(self.length) if not self.shown[j]]
        cols += [LAIR0 + j for j in range(self.lairs) if not self.lairs_shown[j]]
        if self.limbo and not self.limbo_shown:
            cols.append(LIMBO)
        return cols


def _space(name: str) -> tuple[str, int]:
    """``"trail space 3"`` -> ("trail", 3); ``"lair 2"`` -> ("lair", 2)."""
    words = str(name).split()
    return ("lair" if words[0] == "lair" else "trail"), int(words[-1])


# -- groups of entries read together ---------------------------------------------------------

@attrs.frozen
class MoveGroup:
    """Dracula's move placed: the card on trail space 1, its costs, a reveal, then whether
    an encounter is placed (``placed`` True/False once known). ``damage``: his damage
    before its costs."""

    moved: bool = False
    castle: bool = False
    lair: int = 0
    hand: int = 1
    reasons: tuple[str, ...] = ()
    damage: int = 0
    after: tuple[Mapping[str, Any], ...] = ()
    over: bool = False


@attrs.frozen
class ArrivalGroup:
    """A hunter ended his movement in ``city``: what turned up."""

    city: str
    after: tuple[Mapping[str, Any], ...] = ()


@attrs.frozen
class ClearGroup:
    """Hideouts cleared together, some of which may be skipped in silence (Dracula's own):
    ``why`` is "vampire", "cornered" or "bat"; ``spaces`` the names of those cleared."""

    why: str
    reason: str
    attempts: tuple[int, ...] = ()
    spaces: tuple[str, ...] = ()


Group = MoveGroup | ArrivalGroup | ClearGroup


# -- the tracker -----------------------------------------------------------------------------

class Tracker:
    """The hypotheses and the table, brought up to date entry by entry.

    ``rows`` holds one hypothesis per row: a code per column (trail spaces, lairs, the card
    sliding off). While the hypotheses are few, every card is exact; past ``MAX_ROWS`` the
    oldest face-down cards are kept instead as the *set* of cards they may be (column code
    ``DOMAIN``, its bitset in ``dom[:, i]`` for the i-th column of ``table.dom_cols``), and
    hypotheses that then look alike merge, their sets united. Every fact narrows a set as
    it would the card, so the true place is never lost; what merging loses is only which
    values of two such cards went together (``exact`` turns False).

    Arrays are never changed in place (a copy is made), so copies of a tracker share them.
    """

    def __init__(self, geometry: Geometry) -> None:
        self.geometry = geometry
        self.rows: Rows = np.zeros((0, WIDTH), dtype=np.uint8)
        self.dom: Words3 = np.zeros((0, 0, 2), dtype=np.uint64)
        self.table = Table()
        self.group: Group | None = None
        self.exact = True

    def copy(self) -> Tracker:
        twin = Tracker.__new__(Tracker)
        twin.geometry, twin.rows, twin.dom, twin.table = (self.geometry, self.rows, self.dom,
                                                          self.table)
        twin.group, twin.exact = self.group, self.exact
        return twin

    # -- reading -------------------------------------------------------------------------------
    def current_index(self) -> Ints:
        """The column of each hypothesis' current location: the newest card that is not a
        power card (``ModernState.dracula_location``)."""
        return self._where()[0]

    def current(self) -> Ints:
        """Each hypothesis' current location."""
        return self._where()[1]

    def _where(self) -> tuple[Ints, Ints]:
        rows = self.rows
        memo = _WHERE.get(id(rows))
        if memo is not None and memo[0] is rows:
            return memo[1], memo[2]
        length = max(self.table.length, 1)
        index: Ints = np.argmax(rows[:, :length] < self.geometry.size, axis=1).astype(np.int64)
        here: Ints = rows[np.arange(len(rows)), index].astype(np.int64)
        _remember_where(rows, index, here)
        return index, here

    def places(self) -> list[str]:
        rows = self.rows
        memo = _PLACES.get(id(rows))
        if memo is not None and memo[0] is rows:
            return list(memo[1])
        found: list[str] = []
        if len(rows):
            seen = np.bincount(self.current(), minlength=self.geometry.size)
            found = [self.geometry.places[int(i)]
                     for i in np.flatnonzero(seen[:self.geometry.size])]
        _PLACES[id(rows)] = (rows, found)
        if len(_PLACES) > 16:
            _PLACES.pop(next(iter(_PLACES)))
        return list(found)

    # -- rows and sets -----------------------------------------------------------------------
    def _keep(self, keep: Mask | Ints) -> None:
        """Keep the hypotheses ``keep`` selects (their current places go with them)."""
        old = self.rows
        self.rows, self.dom = old[keep], self.dom[keep]
        memo = _WHERE.get(id(old))
        if memo is not None and memo[0] is old:
            _remember_where(self.rows, memo[1][keep], memo[2][keep])

    def _slot(self, col: int) -> int:
        """The index in ``dom`` of a column kept as a set, or -1."""
        cols = self.table.dom_cols
        return cols.index(col) if col in cols else -1

    def _is(self, pos: Ints, col: int, codes: Ints) -> Mask:
        """Whether the card in ``col`` of row ``pos[i]`` is, or may be, ``codes[i]``."""
        slot = self._slot(col)
        if slot < 0:
            found: Mask = self.rows[pos, col] == codes
            return found
        return _has(self.dom[pos, slot], codes)

    def _narrow(self, col: int, allowed: Words2) -> None:
        """The card in ``col`` is one of ``allowed`` (a (1, 2) bitset over codes)."""
        slot = self._slot(col)
        if slot < 0:
            self._keep(_has(np.repeat(allowed, len(self.rows), axis=0),
                            self.rows[:, col].astype(np.int64)))
            return
        dom = self.dom.copy()
        dom[:, slot] &= allowed
        self.dom = dom
        self._keep(_nonempty(dom[:, slot]))

    def _remap(self, where: Callable[[int], int | None]) -> None:
        """The code columns moved: re-index the columns kept as sets (None: gone)."""
        cols = self.table.dom_cols
        if not cols:
            return
        kept = [(i, where(c)) for i, c in enumerate(cols)]
        kept = [(i, c) for i, c in kept if c is not None]
        if len(kept) != len(cols):
            self.dom = self.dom[:, [i for i, _ in kept]]
        self.table = attrs.evolve(self.table, dom_cols=tuple(c for _, c in kept if c is not None))

    def _drop_col(self, col: int, end: int) -> None:
        """Remove column ``col`` of the block ending before ``end``."""
        self.rows = _drop(self.rows, col, end)
        self._remap(lambda c: None if c == col else c - 1 if col < c < end else c)

    def _unique(self) -> None:
        """Merge equal hypotheses (uniting their sets); bound their number."""
        self._merge()
        self._bound_if_needed()

    def _limit(self) -> int:
        return MAX_ROWS * (CHOSEN_FACTOR if self.table.chosen else 1)

    def _bound_if_needed(self) -> None:
        if len(self.rows) > self._limit():
            self._bound()

    def _merge(self) -> None:
        if not self.table.dom_cols:
            self.rows = _groups(self.rows, need_order=False)[0]
            self.dom = np.zeros((len(self.rows), 0, 2), dtype=np.uint64)
            return
        rows, order, starts = _groups(self.rows, need_order=True)
        if len(rows) < len(self.rows):
            self.dom = np.bitwise_or.reduceat(self.dom[order], starts, axis=0)
            self.rows = rows

    def _bound(self) -> None:
        """Too many hypotheses: keep the oldest face-down cards (never a current location:
        the card sliding off, the lairs, then the trail from its end) as sets instead,
        merging the hypotheses that then look alike."""
        t = self.table
        cols = [*([LIMBO] if t.limbo and not t.limbo_shown else []),
                *(LAIR0 + j for j in range(t.lairs - 1, -1, -1) if not t.lairs_shown[j]),
                *(j for j in range(t.length - 1, 0, -1) if not t.shown[j])]
        newest = int(self.current_index().max()) if len(self.rows) else 0
        limit = self._limit()
        for col in cols:
            if len(self.rows) <= limit or (col < LAIR0 and col <= newest):
                return
            if col in self.table.dom_cols:
                continue
            added = _bit(self.rows[:, col].astype(np.int64))[:, None, :]
            self.dom = np.concatenate([self.dom, added], axis=1)
            rows = self.rows.copy()
            rows[:, col] = DOMAIN
            self.rows = rows
            self.table = attrs.evolve(self.table, dom_cols=(*self.table.dom_cols, col))
            self.exact = False
            self._merge()

    # -- the log ---------------------------------------------------------------------------
    def feed(self, shown: Mapping[str, Any]) -> None:
        """Read one public log entry."""
        kind = shown["kind"]
        if self.group is not None:
            if self._extends(self.group, kind, shown):
                return
            self.close()
        self._single(kind, shown)

    def _single(self, kind: str, shown: Mapping[str, Any]) -> None:
        handler = _HANDLERS.get(kind)
        if handler is not None:
            handler(self, shown)

    def _extends(self, group: Group, kind: str, shown: Mapping[str, Any]) -> bool:
        """Whether the entry belongs to the open group (then it is taken in)."""
        if isinstance(group, MoveGroup):
            return self._extends_move(group, kind, shown)
        if isinstance(group, ArrivalGroup):
            if (kind == "trail_revealed" and shown.get("card") == group.city) or \
                    (kind == "dracula_revealed" and shown.get("city") == group.city):
                self.group = attrs.evolve(group, after=(*group.after, shown))
                return True
            return False
        if kind == "hideout_cleared" and shown.get("reason") == group.reason:
            self.group = attrs.evolve(group, spaces=(*group.spaces, str(shown["space"])))
            return True
        if group.why == "bat" and kind == "bat_flight":
            self.group = None
            self._bat_flight(group, castle=bool(shown.get("castle")))
            return True
        if group.why == "vampire" and kind in ("influence", "game_over"):
            self._single(kind, shown)
            return True
        return False

    def _extends_move(self, group: MoveGroup, kind: str, shown: Mapping[str, Any]) -> bool:
        if not group.moved:
            if kind != "dracula_moves":
                return False
            self.group = attrs.evolve(group, moved=True, castle=bool(shown.get("castle")),
                                      lair=int(shown.get("lair", 0)),
                                      hand=int(shown.get("encounters", 1)))
            return True
        if kind in ("dracula_damage", "dracula_heals"):
            self._damage(shown)
            self.group = attrs.evolve(group, reasons=(*group.reasons, str(shown.get("reason"))))
            return True
        if kind in ("trail_revealed", "dracula_revealed"):
            self.group = attrs.evolve(group, after=(*group.after, shown))
            return True
        if kind == "game_over":
            self._game_over(shown)
            self.group = attrs.evolve(group, over=True)
            return True
        if kind == "encounter_placed":
            self.close(placed=True)
            return True
        return False

    def close(self, placed: bool | None = None) -> None:
        """Finish the open group. ``placed``: an encounter went on the new card (for a move;
        None when that is not known yet). The outcome is remembered: the observation of a
        position closes the open group on a copy, and the next step closes it again."""
        group = self.group
        if group is None:
            return
        key = (id(group), id(self.rows), id(self.table), placed)
        hit = _CLOSED.get(key)
        if hit is not None and hit[0] is group and hit[1] is self.rows and hit[2] is self.table:
            self.group = None
            self.rows, self.dom, self.table, self.exact = hit[3:]
            return
        before = (group, self.rows, self.table)
        self._close(group, placed)
        _CLOSED[key] = (*before, self.rows, self.dom, self.table, self.exact)
        while len(_CLOSED) > 64:
            _CLOSED.popitem(last=False)

    def _close(self, group: Group, placed: bool | None) -> None:
        self.group = None
        if isinstance(group, MoveGroup):
            if not group.moved:
                return
            if placed is None and not group.over and not self.table.over:
                placed = False  # the log went on: the encounter step passed without one
            self._place(group, placed)
            for shown in group.after:
                self._single(shown["kind"], shown)
        elif isinstance(group, ArrivalGroup):
            self._arrival(group)
        elif group.why == "vampire":
            self._vampire_clears(group)
        elif group.why == "cornered":
            self._cornered_clears(group)
        else:
            self._bat_flight(group)

    # -- the public replica ------------------------------------------------------------------
    def _set_hunter(self, seat: str, place: str) -> None:
        if place not in self.geometry.index:  # a damaged log: refused when a save is loaded
            raise KeyError(f"{seat} at {place!r}, which is no place on the map")
        hunters = list(self.table.hunters)
        hunters[HUNTERS.index(seat)] = place
        self.table = attrs.evolve(self.table, hunters=tuple(hunters))

    def _hunter_start(self, shown: Mapping[str, Any]) -> None:
        self._set_hunter(shown["seat"], shown["city"])

    def _hunter_moves(self, shown: Mapping[str, Any]) -> None:
        """A move; one ``on_the_way`` ends only at ``hunter_arrives`` (Dracula's window
        after a move by road comes first: Wild Horses may move him on, and only the city
        he ends in is checked)."""
        self._set_hunter(shown["seat"], shown["to"])
        if not shown.get("on_the_way"):
            self._arrives(shown["seat"])

    def _bats_move(self, shown: Mapping[str, Any]) -> None:
        if shown.get("to"):
            self._set_hunter(shown["seat"], shown["to"])
        self._arrives(shown["seat"])

    def _arrives(self, seat: str) -> None:
        """Finding The Trail: a hunter ends his movement (trail.end_movement)."""
        place = self.table.where(seat)
        if self.table.over or seat in self.table.defeated or not self.table.started or \
                not self.geometry.board.is_city(place):
            return
        self.group = ArrivalGroup(place)

    def _hospital(self, shown: Mapping[str, Any]) -> None:
        self._set_hunter(shown["seat"], shown["hospital"])
        self.table = attrs.evolve(self.table, defeated=self.table.defeated - {shown["seat"]})

    def _defeated(self, shown: Mapping[str, Any]) -> None:
        self.table = attrs.evolve(self.table, defeated=self.table.defeated | {shown["seat"]})

    def _time(self, shown: Mapping[str, Any]) -> None:
        night = bool(shown.get("night"))
        hosts = self.table.hosts if night else frozenset()  # hosts leave at dawn
        self._holy(self.table.consecrated, hosts, night=night)

    def _holy(self, consecrated: str, hosts: frozenset[str], **more: Any) -> None:
        holy = hosts | ({consecrated} if consecrated else set())
        self.table = attrs.evolve(self.table, consecrated=consecrated, hosts=hosts,
                                  holy=frozenset(holy), **more)

    def _holy_token(self, shown: Mapping[str, Any]) -> None:
        """A holy token placed (tokens.place_holy_token): Dracula may not enter the city. What
        it shows of the trail is logged after it (the card turned face up, or the city said
        not to be face down on the trail)."""
        t = self.table
        if shown.get("host"):
            self._holy(t.consecrated, t.hosts | {shown["city"]})
        else:
            self._holy(str(shown["city"]), t.hosts)

    def _holy_removed(self, shown: Mapping[str, Any]) -> None:
        self._holy("", self.table.hosts)

    def _damage(self, shown: Mapping[str, Any]) -> None:
        if "total" in shown:
            self.table = attrs.evolve(self.table, damage=int(shown["total"]))

    def _game_over(self, shown: Mapping[str, Any]) -> None:
        self.table = attrs.evolve(self.table, over=True)

    # -- Dracula's cards -------------------------------------------------------------------
    def _start(self, shown: Mapping[str, Any]) -> None:
        """Set-up: any city but Castle Dracula and the hunters' cities."""
        g = self.geometry
        taken = set(self.table.hunters)
        cities = [g.index[c] for c in g.board.cities if c != "castle_dracula" and c not in taken]
        rows = np.full((len(cities), WIDTH), EMPTY, dtype=np.uint8)
        rows[:, 0] = cities
        self.rows = rows
        self.dom = np.zeros((len(rows), 0, 2), dtype=np.uint64)
        self.table = attrs.evolve(self.table, started=True, length=1, shown=(False,),
                                  marks=("",))

    def _moves_group(self, shown: Mapping[str, Any]) -> None:
        self.group = MoveGroup(damage=self.table.damage)
        self._extends_move(self.group, "dracula_moves", shown)

    def _cleared(self, shown: Mapping[str, Any]) -> None:
        reason = str(shown.get("reason", ""))
        if reason == MISDIRECT_REASON:
            self._choose(self.table.col(str(shown["space"]))[1], self.table.damage)
            self._bound_if_needed()
        elif reason == BAT_REASON:
            self.group = ClearGroup("bat", reason, spaces=(str(shown["space"]),))
        else:
            self._clear(str(shown["space"]))

    def _clear(self, space: str) -> None:
        """A hideout cleared in the open: never Dracula's own (that one is skipped in
        silence: trail.clear_hideout)."""
        t = self.table
        where, col = t.col(space)
        if where == "lair":
            self._drop_col(LAIR0 + col, LAIR0 + t.lairs)
            self.table = attrs.evolve(self.table, lairs=t.lairs - 1,
                                      lairs_shown=_without(t.lairs_shown, col),
                                      lair_marks=_without(t.lair_marks, col))
        else:
            self._keep(self.current_index() != col)
            self._drop_col(col, t.length)
            self.table = attrs.evolve(self.table, length=t.length - 1,
                                      shown=_without(t.shown, col), marks=_without(t.marks, col))
        self._unique()

    def _pin(self, col: int, code: int) -> None:
        """The card in column ``col`` is ``code`` (a set becomes that card)."""
        slot = self._slot(col)
        if slot < 0:
            self._keep(self.rows[:, col] == code)
            return
        self._keep(_has(self.dom[:, slot], np.full(len(self.rows), code, dtype=np.int64)))
        rows = self.rows.copy()
        rows[:, col] = code
        self.rows = rows
        self._remap(lambda c: None if c == col else c)

    def _trail_revealed(self, shown: Mapping[str, Any]) -> None:
        t = self.table
        where, col = t.col(shown["space"])
        code = self.geometry.code[shown["card"]]  # a place, or a power card a card revealed
        if where == "lair":
            self._pin(LAIR0 + col, code)
            self.table = attrs.evolve(self.table, lairs_shown=_with(t.lairs_shown, col, True))
        else:
            self._pin(col, code)
            self.table = attrs.evolve(self.table, shown=_with(t.shown, col, True))

    def _dracula_revealed(self, shown: Mapping[str, Any]) -> None:
        self._keep(self.current() == self.geometry.index[shown["city"]])
        self.table = attrs.evolve(self.table, revealed=True)

    def _slide(self) -> None:
        """The hideouts slide and the one on the last space slides off; it waits in the
        ``limbo`` column until the move (chosen before the slide) is placed. Remembered:
        the observation of the maturing question slides a copy, the answer slides again."""
        if self.table.limbo or not self.table.length:
            return
        key = (id(self.rows), id(self.dom), id(self.table))
        hit = _SLID.get(key)
        if hit is not None and hit[0] is self.rows and hit[1] is self.dom and \
                hit[2] is self.table:
            self.rows, self.dom, self.table, self.exact = hit[3:]
            return
        before = (self.rows, self.dom, self.table)
        self._slide_now()
        _SLID[key] = (*before, self.rows, self.dom, self.table, self.exact)
        while len(_SLID) > 16:
            _SLID.popitem(last=False)

    def _slide_now(self) -> None:
        if not self.table.chosen:
            self._choose(-1, self.table.damage)
            self._bound_if_needed()
        t = self.table
        last = t.length - 1
        rows = self.rows.copy()
        rows[:, LIMBO] = rows[:, last]
        rows[:, last] = EMPTY
        self.rows = rows
        self._remap(lambda c: LIMBO if c == last else c)
        self.table = attrs.evolve(self.table, length=last, limbo=True, shown=t.shown[:last],
                                  marks=t.marks[:last], limbo_shown=t.shown[last],
                                  limbo_mark=t.marks[last])

    def _matured(self, shown: Mapping[str, Any]) -> None:
        """Maturing without matured effects: a location card or a power card goes back (the
        same words for both: dracula._return_to_deck)."""
        self._slide()

    def _matures(self, shown: Mapping[str, Any]) -> None:
        """Matured with its effects: the card is shown as it leaves when an effect says
        "Reveal the location" (or it lay face up); otherwise it goes back unseen."""
        self._slide()
        if "card" in shown:
            self._pin(LIMBO, self.geometry.index[shown["card"]])

    def _lair(self, shown: Mapping[str, Any]) -> None:
        """The hideout sliding off becomes a lair: a location, not at sea."""
        self._slide()
        t = self.table
        self._narrow(LIMBO, self.geometry.land_set)
        rows = self.rows.copy()
        rows[:, LAIR0 + t.lairs] = rows[:, LIMBO]
        self.rows = rows
        slot = self._slot(LIMBO)
        if slot >= 0:
            self.dom = np.concatenate([self.dom, self.dom[:, slot:slot + 1]], axis=1)
            self.table = attrs.evolve(self.table,
                                      dom_cols=(*self.table.dom_cols, LAIR0 + t.lairs))
        self.table = attrs.evolve(self.table, lairs=t.lairs + 1,
                                  lairs_shown=(*t.lairs_shown, t.limbo_shown),
                                  lair_marks=(*t.lair_marks, ""))  # its power went back

    def _vampire(self, shown: Mapping[str, Any]) -> None:
        """A vampire matures: it clears trail spaces 4 to 6 (encounters.toml), the last
        first, skipping Dracula's own hideout."""
        rules = self.geometry.rules
        spaces = rules.encounters[shown["encounter"]].clears_trail_spaces
        first = 1 + self.table.limbo  # it matures as the trail slides: space 1 is empty
        attempts = tuple(s for s in sorted(spaces, reverse=True)
                         if 0 <= s - first < self.table.length)
        self.group = ClearGroup("vampire", f"the {rules.name(shown['encounter'])} matured",
                                attempts)

    def _cornered(self, shown: Mapping[str, Any]) -> None:
        """Nowhere to go: only hypotheses with no sure move; his trail behind him cleared."""
        self._keep(~self._has_move(surely=True))
        self.group = ClearGroup("cornered", CORNERED_REASON)

    def _bat_alone(self, shown: Mapping[str, Any]) -> None:
        self._bat_flight(ClearGroup("bat", BAT_REASON), castle=bool(shown.get("castle")))

    # -- the groups ------------------------------------------------------------------------
    def _arrival(self, group: ArrivalGroup) -> None:
        """Finding The Trail and Revealing Dracula: what a hunter's arrival in a city shows."""
        code = self.geometry.index[group.city]
        t = self.table
        was_revealed = t.revealed
        face_up = [j for j in range(t.length) if t.shown[j]]
        face_up += [LAIR0 + j for j in range(t.lairs) if t.lairs_shown[j]]
        # arrival.end_movement reveals the hideout of the city: if its card lies face up
        # already, nothing is logged (no other card is that city)
        behind = bool(len(self.rows)) and bool(np.any(self.rows[0, face_up] == code))
        found = behind or any(s["kind"] == "trail_revealed" for s in group.after)
        if not found and not group.after and not was_revealed:  # nothing turned up, at once
            keep = self.current() != code
            exact = [c for c in self.table.face_down() if c not in self.table.dom_cols]
            if exact:
                keep &= ~(self.rows[:, exact] == code).any(axis=1)
            if self.table.dom_cols:
                self.dom = self.dom & ~_set([code])[:, None, :]
                keep &= _nonempty(self.dom)
            self._keep(keep)
            return
        if not found:
            self._nowhere_face_down(code)
        for shown in group.after:
            self._single(shown["kind"], shown)
        if not was_revealed and not any(s["kind"] == "dracula_revealed" for s in group.after):
            self._keep(self.current() != code)

    def _nowhere_face_down(self, code: int) -> None:
        """No face-down card of the trail or the lairs is the place ``code``."""
        cols = self.table.face_down()
        exact = [c for c in cols if c not in self.table.dom_cols]
        if exact:
            self._keep(~(self.rows[:, exact] == code).any(axis=1))
        if self.table.dom_cols:
            dom = self.dom & ~_set([code])[:, None, :]
            self.dom = dom
            self._keep(_nonempty(dom))

    def _not_on_trail(self, shown: Mapping[str, Any]) -> None:
        """Cards named cities whose cards are not face down on the trail or in a lair
        (Hired Scouts, Jonathan Harker's search, Local Rumors)."""
        for card in shown["cities"]:  # a city, or a power card (Wax Cylinders' Hide)
            self._nowhere_face_down(self.geometry.code[card])

    def _schemes(self, shown: Mapping[str, Any]) -> None:
        """Hidden Schemes put an encounter on trail space 3 (Dracula's Brides on the space
        named): its card is a place on land, or a power card that takes encounters
        (dracula_events.HiddenSchemes, DraculasBrides)."""
        _, col = self.table.col(f"trail space {shown.get('space', 3)}")
        if col >= self.table.length or col in self.table.dom_cols:
            return
        g = self.geometry
        board, powers = g.rules.board, g.rules.powers
        allowed = [g.code[p] for p in g.places if not board.is_sea(p)]
        allowed += [g.code[p] for p in g.powers if powers[p].places_encounter]
        self._keep(np.isin(self.rows[:, col], np.array(allowed, dtype=self.rows.dtype)))

    def _not_at_sea(self, shown: Mapping[str, Any]) -> None:
        """Money Trail: the face-down card on the trail space named is not a sea location
        (hunter_events.MoneyTrail)."""
        _, col = self.table.col(f"trail space {shown['space']}")
        g = self.geometry
        sea = [g.code[p] for p in g.places if g.rules.board.is_sea(p)]
        slot = self._slot(col)
        if slot >= 0:
            dom = self.dom.copy()
            dom[:, slot] &= ~_set(sea)[0]
            self.dom = dom
            self._keep(_nonempty(dom))
        elif col < self.table.length:
            self._keep(~np.isin(self.rows[:, col], np.array(sea, dtype=self.rows.dtype)))

    def _evil_presence(self, shown: Mapping[str, Any]) -> None:
        """Evil Presence: Dracula's location is next to (one road or sea lane) the places of
        the hunters he names, and not next to those of the others."""
        g = self.geometry
        board = g.rules.board
        for places, near in ((shown["near"], True), (shown["far"], False)):
            for place in places.values():
                around = sorted({*board.roads(place), *board.sea_lanes(place)})
                found = np.isin(self.current(),
                                np.array([g.index[p] for p in around], dtype=np.int64))
                self._keep(found if near else ~found)

    def _hypnosis(self, shown: Mapping[str, Any]) -> None:
        """Hypnosis: Dracula's location lies in the region named."""
        g = self.geometry
        board = g.rules.board
        region = [g.index[p] for p in g.places if board.region(p) == shown["region"]]
        self._keep(np.isin(self.current(), np.array(region, dtype=np.int64)))

    def _vampire_clears(self, group: ClearGroup) -> None:
        if self.table.over and not group.spaces:  # his influence won: nothing was cleared
            return
        first = 1 + self.table.limbo
        cleared = {self.table.col(s)[1] for s in group.spaces}
        tried = [s - first for s in group.attempts]
        skipped = [c for c in tried if c not in cleared]
        index = self.current_index()
        if len(skipped) > 1:
            self._keep(np.zeros(len(self.rows), dtype=bool))
        elif skipped:
            self._keep(index == skipped[0])
        else:
            self._keep(~np.isin(index, tried))
        for col in sorted(cleared, reverse=True):
            t = self.table
            self._drop_col(col, t.length)
            self.table = attrs.evolve(self.table, length=t.length - 1,
                                      shown=_without(t.shown, col),
                                      marks=_without(t.marks, col))
        self._unique()

    def _cornered_clears(self, group: ClearGroup) -> None:
        """Cornered: each hideout behind trail space 1 is cleared in turn, his own skipped in
        silence; the spaces named tell which was his."""
        t = self.table
        names = [t.col(s)[1] + 1 for s in group.spaces]
        index = self.current_index()
        for c in range(t.length):
            expected = [2] * (t.length - 1) if c == 0 else \
                [2] * (c - 1) + [3] * (t.length - 1 - c)
            if expected != names:
                continue
            self._keep(index == c)
            keep = [0] if c == 0 else [0, c]
            rows = np.full_like(self.rows, EMPTY)
            rows[:, :len(keep)] = self.rows[:, keep]
            rows[:, LAIR0:] = self.rows[:, LAIR0:]
            self.rows = rows
            self._remap(functools.partial(_kept_at, keep))
            self.table = attrs.evolve(self.table, length=len(keep),
                                      shown=tuple(t.shown[k] for k in keep),
                                      marks=tuple(t.marks[k] for k in keep))
            self._unique()
            return
        self._keep(np.zeros(len(self.rows), dtype=bool))

    def _bat_flight(self, group: ClearGroup, *, castle: bool | None = None) -> None:
        """Escape as Bat (combat.fly_off): his hideout is cleared where it lies (he was
        revealed, so the table knows which card is his), and he flies, in secret, to a city
        up to two roads away with no hunter, whose card is neither on his trail nor in a
        lair; that card goes on trail space 1 with Escape as Bat beside it (``castle``: it
        shows the Castle Dracula card's distinct back; None: not known)."""
        g, t = self.geometry, self.table
        index = self.current_index()
        c = int(index[0]) if len(index) else 0
        self._keep(index == c)
        order = list(range(t.length))
        if group.spaces:
            if [t.col(s) for s in group.spaces] != [("trail", c)]:
                self._keep(np.zeros(len(self.rows), dtype=bool))
            order.remove(c)
        ptr, to = g.reach(t.holy)
        banned = g.mask([*t.occupied(), *t.holy])
        here = self.current()
        pos, dest = _expand(here, ptr, to)
        cards = [*range(t.length), *(LAIR0 + j for j in range(t.lairs))]
        keep = ~banned[dest] & ~_member(_bits(self.rows, cards, g.size), pos, dest)
        if castle is not None:
            keep &= (dest == g.castle) == castle
        pos, dest = pos[keep], dest[keep]
        rows = np.full((len(pos), WIDTH), EMPTY, dtype=np.uint8)
        rows[:, 0] = dest
        rows[:, 1:len(order) + 1] = self.rows[pos][:, order]
        rows[:, LAIR0:] = self.rows[pos][:, LAIR0:]
        dom = self.dom[pos]
        if t.dom_cols:  # the city he flew to is none of his trail's or lairs' cards
            dom = dom & ~_bit(dest)[:, None, :]
        self.rows, self.dom = rows, dom
        self._keep(_nonempty(dom))
        self._remap(lambda col: _kept_at(order, col, 1))
        self.table = attrs.evolve(self.table, length=len(order) + 1,
                                  shown=(False, *(t.shown[j] for j in order)),
                                  marks=("escape_as_bat", *(t.marks[j] for j in order)),
                                  revealed=False, last_power="escape_as_bat", last_space=0)
        self._unique()

    # -- moves -------------------------------------------------------------------------------
    def _trail_cols(self) -> list[int]:
        """The cards that count as on his trail when he chooses his move."""
        return [*range(self.table.length), *([LIMBO] if self.table.limbo else [])]

    def _in_use(self, power: str) -> Mask:
        """The power card lies on the trail (or is sliding off it), or beside a card of the
        trail (Wolf Form; dracula.powers_in_use: lairs hold location cards alone). A
        card kept as a set may be it or not (a move that plays it then takes it out of the
        set)."""
        t = self.table
        found: Mask = (self.rows[:, self._trail_cols()] == self.geometry.code[power]).any(axis=1)
        if power in (*t.marks, *t.lair_marks, *([t.limbo_mark] if t.limbo else [])):
            found |= True
        return found

    def _may_play(self, power: str, damage: int, here: Ints) -> Mask:
        """The power card may be played: not in use, by night if night-only, affordable, and
        (Wolf Form and the powers he stays with) not at sea."""
        g, t = self.geometry, self.table
        card = g.rules.powers[power]
        ok = ~self._in_use(power)
        if card.night_only and not t.night:
            ok &= False
        if card.cost > 0 and damage + card.cost >= g.rules.dracula.health:
            ok &= False
        if power in STAY_POWERS or power == "wolf_form":
            ok &= ~g.is_sea[here]
        return ok

    def _misdirect_ok(self, col: int, index: Ints) -> Mask:
        """Misdirect may clear the hideout in column ``col``: one of the first five, not his
        own, not Castle Dracula, not a power card, nothing beside it (misdirect_spaces)."""
        g, t = self.geometry, self.table
        if col >= min(t.length, g.rules.numbers["trail_spaces"] - 1) or t.marks[col]:
            return np.zeros(len(self.rows), dtype=bool)
        slot = self._slot(col)
        if slot >= 0:
            return _nonempty(self.dom[:, slot] & g.misdirect_set)
        card = self.rows[:, col]
        found: Mask = (card < g.size) & (card != g.castle) & (index != col)
        return found

    def _has_move(self, *, surely: bool = False) -> Mask:
        """Hypotheses in which Dracula has at least one move (DraculaPhase.deciders): one
        with a move other than Misdirect (Misdirect needs a move by road or sea too).
        ``surely``: a power card that a set kept for a face-down trail card may hold may be
        in use, so playing it is no sure move (``_in_use`` counts it free): the hypotheses
        that surely have one, the rest being kept for a cornered Dracula."""
        pos, _, power = self._candidates(-1, self.table.damage)
        t = self.table
        trail_sets = [i for i, col in enumerate(t.dom_cols) if col < LAIR0 or col == LIMBO]
        if surely and trail_sets and len(pos):
            held = self.dom[pos][:, trail_sets]
            maybe = ((held & _bit(power)[:, None, :]) != 0).any(axis=(1, 2))  # EMPTY: no bit
            pos = pos[~maybe]
        found: Mask = np.bincount(pos, minlength=len(self.rows)) > 0
        return found

    def _candidates(self, misdirect: int, damage: int) -> tuple[Ints, Ints, Ints]:
        """Every move each hypothesis allows (DraculaPhase.move_options, with ``damage`` as
        he chose): (the row, the place the move names, the power card played or
        ``EMPTY``). ``misdirect``: the column of the hideout Misdirect clears (the table saw
        it), or -1: any move but Misdirect (Misdirect shows as he plays it). Remembered:
        the observation asking him to move works them out, his move uses them again."""
        key = (id(self.rows), id(self.dom), id(self.table), misdirect, damage)
        hit = _CANDIDATES.get(key)
        if hit is not None and hit[0] is self.rows and hit[1] is self.dom and \
                hit[2] is self.table:
            return hit[3]
        found = self._candidates_now(misdirect, damage)
        _CANDIDATES[key] = (self.rows, self.dom, self.table, found)
        while len(_CANDIDATES) > 16:
            _CANDIDATES.popitem(last=False)
        return found

    def _candidates_now(self, misdirect: int, damage: int) -> tuple[Ints, Ints, Ints]:
        g, t = self.geometry, self.table
        rows = self.rows
        here, index = self.current(), self.current_index()
        holy = g.mask(sorted(t.holy))
        trail = _bits(rows, self._trail_cols(), g.size)
        parts: list[tuple[Ints, Ints, int]] = []

        def legal(pos: Ints, dest: Ints) -> Mask:
            found: Mask = ~holy[dest] & ~_member(trail, pos, dest)
            return found

        pos, dest = _expand(here, g.move_ptr, g.move_to)
        plain = legal(pos, dest)
        if misdirect >= 0:
            ok = self._may_play("misdirect", damage, here) & self._misdirect_ok(misdirect, index)
            keep = plain & ok[pos]
            parts.append((pos[keep], dest[keep], g.code["misdirect"]))
        else:
            parts.append((pos[plain], dest[plain], EMPTY))
            if "wolf_form" in g.rules.powers:
                ok = self._may_play("wolf_form", damage, here)
                ptr, to = g.reach(t.holy)
                wpos, wdest = _expand(here[ok], ptr, to)
                wpos = np.flatnonzero(ok)[wpos]
                keep = legal(wpos, wdest)
                parts.append((wpos[keep], wdest[keep], g.code["wolf_form"]))
            for power in STAY_POWERS:
                if power in g.rules.powers:
                    spos = np.flatnonzero(self._may_play(power, damage, here))
                    parts.append((spos, here[spos], g.code[power]))
        return (np.concatenate([p for p, _, _ in parts]),
                np.concatenate([d for _, d, _ in parts]),
                np.concatenate([np.full(len(p), c, dtype=np.int64) for p, _, c in parts]))

    def _chosen_sets(self, pos: Ints, place: Ints, power: Ints) -> Words3:
        """The sets of rows ``pos`` once the move is chosen: no card of his trail is the
        city he goes to (a move that names a place), nor the power card he plays."""
        t = self.table
        sets: Words3 = self.dom[pos]
        trail_sets = [i for i, col in enumerate(t.dom_cols) if col < LAIR0 or col == LIMBO]
        if trail_sets:
            stay = np.isin(power, self._stay_codes())
            gone = np.where(stay[:, None], _ZERO, _bit(place)) | _bit(power)  # (EMPTY: none)
            sets[:, trail_sets] &= ~gone[:, None, :]
        return sets

    def _stay_codes(self) -> list[int]:
        g = self.geometry
        return [g.code[p] for p in STAY_POWERS if p in g.code]

    def _choose(self, misdirect: int, damage: int) -> None:
        """Dracula chooses his move: each hypothesis becomes one per move it allows
        (``_candidates``), the move kept in ``MOVE_TO`` and ``MOVE_POWER`` until it is placed.
        Misdirect's card takes the place of the hideout it clears at once
        (dracula.misdirect)."""
        g, t = self.geometry, self.table
        pos, place, power = self._candidates(misdirect, damage)
        new = self.rows[pos]
        new[:, MOVE_TO] = place
        new[:, MOVE_POWER] = power
        sets = self._chosen_sets(pos, place, power)
        ok = _nonempty(sets)
        self.rows, self.dom = new[ok], sets[ok]
        self.table = attrs.evolve(t, chosen=True, last_space=misdirect + 1)
        if misdirect >= 0:
            rows = self.rows.copy()
            rows[:, misdirect] = g.code["misdirect"]
            self.rows = rows
            self._remap(lambda c: None if c == misdirect else c)
            self.table = attrs.evolve(self.table, shown=_with(t.shown, misdirect, False),
                                      marks=_with(t.marks, misdirect, ""))

    def _place(self, group: MoveGroup, placed: bool | None) -> None:
        """The move placed (dracula.place_card) as the table saw it: the Castle's back or
        not, a lair moving up, the costs, whether an encounter follows; the new card goes on
        trail space 1, the card that slid off leaves. The move was chosen during the slide
        (``MOVE_TO``, ``MOVE_POWER``), or it is chosen now, each hypothesis expanded only
        into the moves that fit what the table saw."""
        g, t = self.geometry, self.table
        if t.chosen:
            pos = np.arange(len(self.rows), dtype=np.int64)
            place = self.rows[:, MOVE_TO].astype(np.int64)
            power = self.rows[:, MOVE_POWER].astype(np.int64)
        else:
            pos, place, power = self._candidates(-1, group.damage)
        here = self.current()[pos]
        stay = np.isin(power, self._stay_codes())
        reasons = {r for r in group.reasons if r != CASTLE_HEAL}
        occupied = g.mask(t.occupied())
        lair = group.lair - 1
        # the card that goes on space 1: the Castle's back shows (dracula._log_move)
        keep = (~stay & (place == g.castle)) == group.castle
        # a lair moves up when he goes to its city
        if lair >= t.lairs:
            keep &= False
        elif lair >= 0:
            keep &= ~stay & self._is(pos, LAIR0 + lair, place)
        elif t.lairs:
            keep &= stay | ~_member(_bits(self.rows, [LAIR0 + j for j in range(t.lairs)],
                                          g.size), pos, place)
        # the costs in the log, by the power played (and a sea-to-sea normal move), and
        # whether an encounter goes on the new card (DraculaPhase.may_place): per power
        # card, looked up (``EMPTY``: a location card)
        fits = np.zeros(256, dtype=bool)  # the costs logged fit this power
        normal = np.zeros(256, dtype=bool)  # a location card: a sea-to-sea move costs
        takes = np.zeros(256, dtype=bool)  # an encounter may go on it
        want_sea = SEA_TO_SEA in reasons
        for code, name in ((EMPTY, ""), *((g.code[p], p) for p in g.rules.powers)):
            card = g.rules.powers.get(name)
            expected: set[str] = set()
            if card is not None and (card.cost > 0 or (card.cost < 0 and group.damage > 0)):
                expected.add(card.name)
            normal[code] = name in ("", "misdirect")
            fits[code] = reasons == expected | ({SEA_TO_SEA} if want_sea and normal[code]
                                                else set())
            takes[code] = card is None or card.places_encounter
        keep &= fits[power]
        keep &= ~normal[power] | ((g.is_sea[here] & g.is_sea[place]) == want_sea)
        if placed is not None:
            may = takes[power] & (group.hand > 0) & ~g.is_sea[place] & ~occupied[place]
            keep &= may == placed
        pos, place, power, stay = pos[keep], place[keep], power[keep], stay[keep]
        rows = self.rows[pos]
        sets = self.dom[pos] if t.chosen else self._chosen_sets(pos, place, power)

        # where each column goes: trail spaces move up one, the card that slid off and the
        # lair moving up leave
        def moved(col: int) -> int | None:
            if col == LIMBO or (lair >= 0 and col == LAIR0 + lair):
                return None
            if col < LAIR0:
                return col + 1
            return col - 1 if lair >= 0 and col > LAIR0 + lair else col

        new = np.full_like(rows, EMPTY)
        new[:, 0] = np.where(stay, power, place)
        new[:, 1:t.length + 1] = rows[:, :t.length]
        lairs = [LAIR0 + j for j in range(t.lairs) if j != lair]
        if lairs:
            new[:, LAIR0:LAIR0 + len(lairs)] = rows[:, lairs]
        kept = [i for i, col in enumerate(t.dom_cols) if moved(col) is not None]
        lair_sets = [i for i, col in enumerate(t.dom_cols) if LAIR0 <= col < LIMBO]
        if lair_sets:  # no other lair is the city he went to
            sets[:, lair_sets] &= ~np.where(stay[:, None], _ZERO, _bit(place))[:, None, :]
        sets = sets[:, kept]
        ok = _nonempty(sets)
        self.rows, self.dom = new[ok], sets[ok]
        self.table = attrs.evolve(t, dom_cols=tuple(c for c in map(moved, t.dom_cols)
                                                    if c is not None))
        lairs_shown, lair_marks = list(t.lairs_shown), list(t.lair_marks)
        first_shown, first_mark = False, ""
        if 0 <= lair < len(lairs_shown):
            first_shown, first_mark = lairs_shown.pop(lair), lair_marks.pop(lair)
        wolf = "wolf_form" in g.rules.powers and g.rules.powers["wolf_form"].name in reasons
        space = t.last_space if t.chosen else 0  # Misdirect's space (it was chosen before)
        self.table = attrs.evolve(
            self.table, length=t.length + 1, lairs=len(lairs_shown), limbo=False,
            chosen=False, shown=(first_shown, *t.shown),
            marks=("wolf_form" if wolf else first_mark, *t.marks),  # beside a lair too
            lairs_shown=tuple(lairs_shown), lair_marks=tuple(lair_marks), limbo_shown=False,
            limbo_mark="", revealed=False,
            last_power="misdirect" if space else "wolf_form" if wolf else "",
            last_space=space)
        if t.limbo or t.dom_cols:  # the card that slid off is gone: rows may now be equal
            self._unique()
        else:  # each hypothesis and move makes a row of its own
            self._bound_if_needed()

    # -- what the table sees now ---------------------------------------------------------------
    def finish(self, top: str, dracula_asked: bool) -> Tracker:
        """A copy that has also read the decision now waiting (``top``, its kind, and whether
        Dracula is asked): an open move then shows whether an encounter follows; Maturing
        shows that his move is chosen and the trail has slid; he is asked to move only if
        he has a move."""
        done = self.copy()
        group = done.group
        open_move = isinstance(group, MoveGroup) and group.moved
        if open_move:
            done.close(placed=True if dracula_asked and top == "dracula_phase" else None)
        elif group is not None:
            done.close()
        if top == "maturing":  # he is asked whatever slides off: it tells nothing
            done._slide()
        elif top == "dracula_phase" and dracula_asked and not open_move and done.table.started:
            done._keep(done._has_move())
        return done


_HANDLERS: dict[str, Any] = {
    "hunter_start": Tracker._hunter_start,
    "hunter_moves": Tracker._hunter_moves,
    "hunter_arrives": Tracker._hunter_moves,
    "bats_move": Tracker._bats_move,
    "hospital": Tracker._hospital,
    "hunter_defeated": Tracker._defeated,
    "dawn": Tracker._time,
    "dusk": Tracker._time,
    "dracula_damage": Tracker._damage,
    "dracula_heals": Tracker._damage,
    "game_over": Tracker._game_over,
    "dracula_start": Tracker._start,
    "dracula_moves": Tracker._moves_group,
    "hideout_cleared": Tracker._cleared,
    "trail_revealed": Tracker._trail_revealed,
    "not_on_trail": Tracker._not_on_trail,
    "schemes_encounter": Tracker._schemes,
    "brides_encounter": Tracker._schemes,
    "holy_token": Tracker._holy_token,
    "holy_token_removed": Tracker._holy_removed,
    "hypnosis": Tracker._hypnosis,
    "evil_presence": Tracker._evil_presence,
    "not_at_sea": Tracker._not_at_sea,
    "dracula_revealed": Tracker._dracula_revealed,
    "matured": Tracker._matured,
    "matures": Tracker._matures,
    "lair": Tracker._lair,
    "vampire_matures": Tracker._vampire,
    "cornered": Tracker._cornered,
    "bat_flight": Tracker._bat_alone,
}


def _bits(rows: Rows, cols: Sequence[int], size: int) -> tuple[Words, Words]:
    """The places among the exact cards in ``cols`` of each row, as a 128-bit set (two
    uint64 words; a card kept as a set is left out)."""
    low = np.zeros(len(rows), dtype=np.uint64)
    high = np.zeros(len(rows), dtype=np.uint64)
    for col in cols:
        v = rows[:, col].astype(np.uint64)
        low |= np.where(v < 64, _ONE << (v & _63), _ZERO)
        high |= np.where((v >= 64) & (v < size), _ONE << (v & _63), _ZERO)
    return low, high


def _member(bits: tuple[Words, Words], pos: Ints, places: Ints) -> Mask:
    """Whether ``places[i]`` is in the set of row ``pos[i]``."""
    low, high = bits
    word = np.where(places < 64, low[pos], high[pos])
    found: Mask = ((word >> (places.astype(np.uint64) & _63)) & _ONE) > 0
    return found


def _bit(codes: Ints) -> Words2:
    """Each code as a one-card set: shape (n, 2)."""
    c = codes.astype(np.uint64)
    out = np.zeros((len(c), 2), dtype=np.uint64)
    out[:, 0] = np.where(c < 64, _ONE << (c & _63), _ZERO)
    out[:, 1] = np.where((c >= 64) & (c < 128), _ONE << (c & _63), _ZERO)
    return out


def _set(codes: Sequence[int]) -> Words2:
    """A set of codes as one (1, 2) bitset."""
    out = np.zeros((1, 2), dtype=np.uint64)
    for code in codes:
        out[0, code // 64] |= _ONE << np.uint64(code % 64)
    return out


def _has(sets: Words2, codes: Ints) -> Mask:
    """Whether ``codes[i]`` is in ``sets[i]`` (shape (n, 2))."""
    word = np.where(codes < 64, sets[:, 0], sets[:, 1])
    found: Mask = ((word >> (codes.astype(np.uint64) & _63)) & _ONE) > 0
    return found


def _nonempty(sets: Words2) -> Mask:
    """Rows whose sets (shape (n, k, 2)) are all non-empty."""
    found: Mask = ((sets[..., 0] | sets[..., 1]) != 0).all(axis=-1) if sets.ndim == 3 else \
        (sets[:, 0] | sets[:, 1]) != 0
    return found


def _codes(bits: Any) -> list[int]:
    """The codes in one bitset."""
    return [w * 64 + b for w in range(2) for b in range(64) if (int(bits[w]) >> b) & 1]


#: Codes packed into 7 bits to find distinct rows fast (a set 126, empty 127).
_PACK = np.arange(256, dtype=np.uint64)
_PACK[DOMAIN], _PACK[EMPTY] = 126, 127
_UNPACK = np.arange(128, dtype=np.uint8)
_UNPACK[126], _UNPACK[127] = DOMAIN, EMPTY


def _groups(rows: Rows, need_order: bool) -> tuple[Rows, Ints, Ints]:
    """The distinct rows; with ``need_order``, also the order that sorts ``rows`` and where
    each group of equal rows starts in it (for merging their sets)."""
    empty = np.zeros(0, dtype=np.int64)
    if len(rows) < 2:
        return rows, np.arange(len(rows), dtype=np.int64), np.arange(len(rows), dtype=np.int64)
    varying = np.flatnonzero((rows != rows[0]).any(axis=0))
    if 7 * len(varying) <= 64:  # the columns that differ fit one 64-bit key
        key = np.zeros(len(rows), dtype=np.uint64)
        for i, col in enumerate(varying):
            key |= _PACK[rows[:, col]] << np.uint64(7 * i)
        if not need_order:
            key.sort()
            key = key[np.concatenate(([True], key[1:] != key[:-1]))]
            out = np.repeat(rows[:1], len(key), axis=0)
            for i, col in enumerate(varying):
                out[:, col] = _UNPACK[(key >> np.uint64(7 * i)) & np.uint64(127)]
            return out, empty, empty
        order: Ints = np.argsort(key, kind="stable")
        sorted_key = key[order]
        starts: Ints = np.flatnonzero(np.concatenate(([True],
                                                      sorted_key[1:] != sorted_key[:-1])))
    else:
        words = np.ascontiguousarray(rows).view(np.uint64)
        order = np.lexsort((words[:, 1], words[:, 0]))
        ordered = words[order]
        starts = np.flatnonzero(np.concatenate(([True],
                                                (ordered[1:] != ordered[:-1]).any(axis=1))))
    found: Rows = rows[order[starts]]
    return found, order, starts


def _kept_at(kept: Sequence[int], col: int, offset: int = 0) -> int | None:
    """Where trail column ``col`` goes when only ``kept`` stay, in that order (lairs and the
    card sliding off stay where they are)."""
    if col >= LAIR0:
        return col
    return kept.index(col) + offset if col in kept else None


def _drop(rows: Rows, col: int, end: int) -> Rows:
    """Remove column ``col`` from the block ending before ``end``, shifting the rest left."""
    out = rows.copy()
    out[:, col:end - 1] = rows[:, col + 1:end]
    out[:, end - 1] = EMPTY
    return out


def _without(flags: tuple[Any, ...], index: int) -> tuple[Any, ...]:
    return flags[:index] + flags[index + 1:]


def _with(flags: tuple[Any, ...], index: int, value: Any) -> tuple[Any, ...]:
    return (*flags[:index], value, *flags[index + 1:])


# -- the cache -------------------------------------------------------------------------------

#: Each recent hypotheses array's current columns and places (rows never change in place).
_WHERE: dict[int, tuple[Rows, Ints, Ints]] = {}
#: Each recent hypotheses array's possible places.
_PLACES: dict[int, tuple[Rows, list[str]]] = {}
#: The moves each recent hypotheses allowed: (rows, sets, table, (rows, places, powers)).
_CANDIDATES: OrderedDict[tuple[int, int, int, int, int],
                         tuple[Rows, Words3, Table, tuple[Ints, Ints, Ints]]] = OrderedDict()
#: Slides worked out lately: (rows, sets, table before; rows, sets, table, exact after).
_SLID: OrderedDict[tuple[int, int, int], tuple[Rows, Words3, Table, Rows, Words3, Table,
                                              bool]] = OrderedDict()


def _remember_where(rows: Rows, index: Ints, here: Ints) -> None:
    _WHERE[id(rows)] = (rows, index, here)
    if len(_WHERE) > 32:
        _WHERE.pop(next(iter(_WHERE)))

#: Groups closed lately: (group, rows, table before; rows, sets, table, exact after).
_CLOSED: OrderedDict[tuple[int, int, int, bool | None],
                     tuple[Group, Rows, Table, Rows, Words3, Table, bool]] = OrderedDict()

#: Trackers by the last log entry they have read: (that entry, its position, tracker).
_CACHE: OrderedDict[int, tuple[LogEntry, int, Tracker]] = OrderedDict()
_CACHE_LIMIT = 512
#: Finished trackers by the last entry and the decision waiting.
_DONE: OrderedDict[tuple[int, str, bool], tuple[LogEntry, int, Tracker]] = OrderedDict()


def _remember(store: OrderedDict[Any, tuple[LogEntry, int, Tracker]], key: Any,
              value: tuple[LogEntry, int, Tracker]) -> None:
    store[key] = value
    store.move_to_end(key)
    while len(store) > _CACHE_LIMIT:
        store.popitem(last=False)


def read_log(state: ModernState, entries: Sequence[LogEntry] | None = None) -> Tracker:
    """The tracker that has read every public entry of ``state``'s log (a group of entries
    still open stays open)."""
    entries = list(state.events) if entries is None else entries
    geometry = geometry_of(state.rules)
    start, found = 0, None
    for k in range(len(entries), 0, -1):
        hit = _CACHE.get(id(entries[k - 1]))
        if hit is not None and hit[0] is entries[k - 1] and hit[1] == k and \
                hit[2].geometry is geometry:
            start, found = k, hit[2]
            break
    if found is not None and start == len(entries):
        return found
    tracker = Tracker(geometry) if found is None else found.copy()
    for entry in itertools.islice(entries, start, None):
        shown = entry.for_viewer(PUBLIC)
        if shown is not None:
            tracker.feed(shown)
    _remember(_CACHE, id(entries[-1]), (entries[-1], len(entries), tracker))
    return tracker


def waiting(state: ModernState) -> tuple[str, bool]:
    """What the table sees of the decision waiting: its kind, and whether Dracula is asked
    (for the two kinds whose asking depends on his hidden cards)."""
    if state.is_over or not state.stack:
        return "", False
    top = state.stack[-1].KIND
    return top, top in ("dracula_phase", "maturing") and DRACULA in state.current_seats()


def tracker_of(state: ModernState) -> Tracker:
    """The hypotheses given everything public now: the log and the decision waiting."""
    entries = list(state.events)
    top, asked = waiting(state)
    key: tuple[int, str, bool] | None = None
    if entries:
        key = (id(entries[-1]), top, asked)
        hit = _DONE.get(key)
        if hit is not None and hit[0] is entries[-1] and hit[1] == len(entries) and \
                hit[2].geometry is geometry_of(state.rules):
            return hit[2]
    done = read_log(state, entries).finish(top, asked)
    if key is not None:
        _remember(_DONE, key, (entries[-1], len(entries), done))
    return done


def possible_locations(state: ModernState) -> list[str]:
    """The places (cities and sea zones) where Dracula may be, as the hunters see it, in the
    map's order: every place some secret history consistent with the public record ends in."""
    return tracker_of(state).places()


def hypotheses(state: ModernState) -> list[dict[str, Any]]:
    """Every hypothesis, readably: the trail (space 1 first), the lairs, the card sliding off,
    the move waiting to be placed (for tests and analysis; a card kept as a set reads
    "a|b|c")."""
    tracker = tracker_of(state)
    g, t = tracker.geometry, tracker.table
    names = [*g.places, *g.powers]

    def name(row: int, col: int) -> str:
        code = int(tracker.rows[row, col])
        if code != DOMAIN:
            return names[code]
        bits = tracker.dom[row, t.dom_cols.index(col)]
        return "|".join(names[c] for c in _codes(bits))

    return [{"trail": [name(r, c) for c in range(t.length)],
             "lairs": [name(r, LAIR0 + j) for j in range(t.lairs)],
             "limbo": name(r, LIMBO) if t.limbo else None,
             "move": (name(r, MOVE_TO), name(r, MOVE_POWER)
                      if tracker.rows[r, MOVE_POWER] != EMPTY else "") if t.chosen else None}
            for r in range(len(tracker.rows))]


__all__ = ["Geometry", "Table", "Tracker", "geometry_of", "hypotheses", "possible_locations",
           "tracker_of"]
