"""What the bots read off one observation, and how they weigh a move ("Seeing Things",
"Close Attacks", "Ranged Attacks", "Mesmerizing", "The Crucifix", "Mist").

A :class:`Table` is the board as one seat's observation shows it: who stands where,
facing which way, misted or not, and whose Action Card has been turned over this turn.
On it the bots work out the odds of an attack (:func:`close_odds`, :func:`ranged_odds`,
:func:`mesmerize_odds`), how likely a character is to be struck down where it ends its
move (:func:`danger`), the squares it can reach (:func:`reach`), and the best plan for
its move (:func:`best_plan`): where to go, which side to face, whom to attack and how
often, and whether a vampire ends the move as mist. Nothing here reads a state: only the
observation and the public data files.
"""

from __future__ import annotations

import itertools
from collections import deque
from collections.abc import Iterable, Mapping, Sequence
from functools import lru_cache
from typing import Any

import numpy as np

from .board import DIRECTION_VECTORS, FACING_VECTORS, Board, load_board
from .characters import CharacterType, character_types
from .data import load
from .sight import in_arc_cone, sight_of

RANGE_MIN, RANGE_MAX, ZONE = 2, 6, 3
MIST, CLOSE, RANGED, SHOT = 4, 1, 2, 2  # Action Table: mist, close and ranged attacks
#: How many attacks an enemy is counted on to make at a character it reaches.
ATTACKS_FEARED = 3
#: ... and how many ranged attacks (or mesmerisms).
SHOTS_FEARED = 2
#: How much an enemy whose card was turned over this turn is feared: it acts again next
#: turn, as the character itself does, the one or the other first.
ACTED = 0.6
#: How much of a character's worth times its danger a plan counts as lost.
RISK, RISK_URGENT = 0.6, 0.45
#: ... where a side's task calls for more or less daring: the vampires holding their lair
#: against greater numbers in Destroy Dracula wait for the hunters to come; those guarding
#: coffins, the crossing and Van Helsing's room must stop the hunters before they get
#: there; the hunters who need only two across the catacombs press on.
SIDE_RISK = {("destroy_dracula", "vampires"): 1.2, ("defile_the_coffins", "vampires"): 0.3,
             ("cross_the_catacombs", "vampires"): 0.3, ("cross_the_catacombs", "hunters"): 0.4,
             ("rescue_van_helsing", "vampires"): 0.7}
#: After this many turns the bots grow bolder, turn by turn, so that no game stalls.
PATIENCE = 20
#: How far (in points) a hunter looks for a way out of Van Helsing's way.
CLEAR_THE_WAY = 60
#: What the 4 points of turning to mist are counted as costing, beyond the points.
MIST_COST = 0.5


def _beats() -> dict[int, float]:
    """P(d6 + bonus > d6), for every bonus that matters (ties go to the defender)."""
    return {bonus: sum(a + bonus > d for a in range(1, 7) for d in range(1, 7)) / 36
            for bonus in range(-9, 10)}


BEATS = _beats()


def p_beats(bonus: int) -> float:
    return BEATS[max(-9, min(9, bonus))]


def p_within(p: float, tries: int) -> float:
    """The chance that one of ``tries`` attacks, each succeeding with ``p``, succeeds."""
    return 0.0 if tries <= 0 else 1.0 - (1.0 - p) ** tries


class Geometry:
    """A board's squares as plain lists, for the bots' many small queries: each square's
    column and row, and the square one step away in each of the 8 directions (-1: off
    the board)."""

    def __init__(self, board: Board) -> None:
        self.board = board
        self.xs: list[int] = [int(v) for v in board.xs]
        self.ys: list[int] = [int(v) for v in board.ys]
        self.steps: list[list[int]] = board.neighbour.tolist()
        self.open: list[bool] = board.open.tolist()
        solid = board.wall_bits | board.void_bits
        #: The steps out of each square onto the map (walls and void left out): the
        #: square, whether the step is diagonal, and a diagonal's two squares beside it.
        self.exits: list[tuple[tuple[int, bool, int, int], ...]] = [
            tuple((around[d], bool(d % 2), around[d - 1], around[(d + 1) % 8])
                  for d in range(8) if around[d] >= 0 and not (solid >> around[d]) & 1)
            for around in self.steps]
        self._lines: dict[int, int] = {}
        self._aims: dict[tuple[int, int], int] = {}
        self._range_arrays: dict[int, np.ndarray] = {}
        self._distances: dict[int, np.ndarray] = {}
        self._threat_tables: tuple[ThreatTables, np.ndarray] | None = None

    def distance(self, a: int, b: int) -> int:
        """Squares from a to b, diagonals counting 1 ("Range"; as ``Board.distance``, the
        larger of the two differences worked out without calling ``abs`` and ``max``)."""
        xs, ys = self.xs, self.ys
        dx, dy = xs[a] - xs[b], ys[a] - ys[b]
        if dx < 0:
            dx = -dx
        if dy < 0:
            dy = -dy
        return dx if dx >= dy else dy

    def in_range(self, origin: int) -> int:
        """Bitset of the open squares 2 to 6 squares from ``origin`` that no wall hides
        from it ("Ranged Attacks"; doors and characters left out)."""
        found = self._lines.get(origin)
        if found is None:
            board, sight = self.board, sight_of(self.board)
            x, y = self.xs[origin], self.ys[origin]
            found = 0
            for by in range(max(0, y - RANGE_MAX), min(board.height, y + RANGE_MAX + 1)):
                for bx in range(max(0, x - RANGE_MAX), min(board.width, x + RANGE_MAX + 1)):
                    b = by * board.width + bx
                    if max(abs(bx - x), abs(by - y)) >= RANGE_MIN and self.open[b] \
                            and sight.clear(origin, b, board.wall_bits):
                        found |= 1 << b
            self._lines[origin] = found
        return found

    def threat_tables(self) -> tuple[ThreatTables, np.ndarray]:
        """The threat tables wide enough for this board, and each square's place in them
        (its column and row, as an offset of a cell: see :class:`ThreatTables`)."""
        if self._threat_tables is None:
            tables = threat_tables(max(self.board.width, self.board.height) - 1)
            offset = np.asarray(self.board.xs * (tables.side * 4) + self.board.ys * 4,
                                dtype=np.int64)
            self._threat_tables = (tables, offset)
        return self._threat_tables

    def distances_from(self, square: int) -> np.ndarray:
        """Steps from every square to ``square`` (:func:`distances` to one goal), kept."""
        found = self._distances.get(square)
        if found is None:
            found = self._distances[square] = np.array(_walk_out(self, (square,)),
                                                       dtype=np.int64)
        return found

    def in_range_array(self, origin: int) -> np.ndarray:
        """:meth:`in_range` as a boolean array over the board."""
        found = self._range_arrays.get(origin)
        if found is None:
            found = self._range_arrays[origin] = _squares_of([self.in_range(origin)],
                                                             self.board.size)[0]
        return found

    def aim(self, pos: int, ap: int) -> int:
        """Bitset of the squares a character at ``pos`` with ``ap`` points could shoot at
        (or gaze at) in its move: from any square it can walk to (walls in the way, not
        doors or characters) and still pay a ranged attack."""
        key = (pos, ap)
        found = self._aims.get(key)
        if found is None:
            steps, open_ = self.steps, self.open
            walk = {pos: 0}
            todo: deque[int] = deque([pos])
            while todo:
                c = todo.popleft()
                nxt = walk[c] + 1
                if nxt > ap - SHOT:
                    continue
                for n in steps[c]:
                    if n >= 0 and open_[n] and n not in walk:
                        walk[n] = nxt
                        todo.append(n)
            found = 0
            for origin in walk:
                found |= self.in_range(origin)
            self._aims[key] = found
        return found


@lru_cache(maxsize=64)
def geometry(board: Board) -> Geometry:
    return Geometry(board)


_FACING_INDEX = {"n": 0, "e": 1, "s": 2, "w": 3}


class Piece:
    """A character on the board, as the observation shows it."""

    __slots__ = ("born", "facing", "id", "kind", "misted", "pos", "seat", "unconscious")

    def __init__(self, figure: Mapping[str, Any], pos: int) -> None:
        self.id: str = figure["id"]
        self.kind: str = figure["kind"]
        self.born: str = figure["born"]
        self.seat: str = figure["seat"]
        self.pos = pos
        self.facing = _FACING_INDEX[figure["facing"]]
        self.misted: bool = figure["misted"]
        self.unconscious: bool = figure["unconscious"]


#: A kind of threat: the enemy's points, the bonus of its close attack, of its ranged
#: attack or mesmerism (None: none), whether a crucifix it faces holds it back, whether
#: its ranged attack is mesmerism (see :data:`Threat`).
ThreatKind = tuple[int, int, "int | None", bool, bool]


class Rules:
    """What a :class:`Table` reads off the data files, the same for every observation of
    an adventure: the board, the Character Table, the briefing, and who is who by kind."""

    def __init__(self, map_name: str, data_dir: str, adventure: str) -> None:
        self.board = load_board(map_name, data_dir)
        self.geo = geometry(self.board)
        self.sight = sight_of(self.board)
        self.types = character_types(data_dir)
        self.spec: dict[str, Any] = load(data_dir)["adventures"]["adventures"][adventure]
        self.vampires = frozenset(k for k, t in self.types.items() if t.is_vampire)
        self.hunters = frozenset(k for k, t in self.types.items()
                                 if not t.is_vampire and k != "minion")
        self.specials = {k: frozenset(t.specials) for k, t in self.types.items()}
        #: The hunters' kinds that hold a crucifix.
        self.crucifix_kinds = frozenset(k for k in self.hunters if "crucifix" in self.specials[k])
        #: (enemy's kind, whether it is mist, my kind) -> its kind of threat to me.
        self.threat_kinds: dict[tuple[str, bool, str], ThreatKind] = {}
        #: The last piece read off each figure, by id, with a copy of that figure: an
        #: equal figure gives the same piece (a piece is never changed), so that a Table
        #: builds only the pieces of the figures that changed since.
        self.pieces_seen: dict[str, tuple[dict[str, Any], Piece]] = {}


@lru_cache(maxsize=32)
def _rules_of(map_name: str, data_dir: str, adventure: str) -> Rules:
    return Rules(map_name, data_dir, adventure)


class Table:
    """One seat's observation, read once for a decision."""

    def __init__(self, obs: Mapping[str, Any], seat: str) -> None:
        rules = _rules_of(obs["map"], str(obs.get("data_dir", "")), obs["adventure"])
        self.board: Board = rules.board
        self.geo = rules.geo
        self.sight = rules.sight
        self.types: dict[str, CharacterType] = rules.types
        self.spec: dict[str, Any] = rules.spec
        self._vampires, self._hunters, self._specials = rules.vampires, rules.hunters, \
            rules.specials
        self.threat_kinds = rules.threat_kinds
        self.obs = obs
        self.seat = seat
        self.side: str = obs["sides"][seat]
        self.adventure: str = obs["adventure"]
        self.mist_allowed = not obs["daylight"]
        #: How much of its worth times its danger a character counts as lost.
        self.risk = SIDE_RISK.get((self.adventure, self.side), RISK)
        #: The side that must destroy the other within the turn limit presses on.
        self.urgent = (self.adventure, self.side) in (("custom", "vampires"),
                                                      ("into_the_breach", "hunters"))
        limit = int(obs["turn_limit"])
        if self.urgent:  # the fewer turns left, the less there is to lose
            left = max(0, limit - int(obs["turn"]))
            self.risk = RISK_URGENT * (left / limit if limit else 1.0)
        if obs["turn"] > PATIENCE:  # a long game: boldness breaks a stand-off
            self.risk *= max(0.1, 1.0 - (obs["turn"] - PATIENCE) / PATIENCE)
        sunrise = int(self.spec.get("sunrise_after", 0))
        #: Mist ending a move is safe until the next move (not in the turn the sun rises).
        self.mist_lasts = self.mist_allowed and not (sunrise and obs["turn"] >= sunrise)
        self.acted = set(itertools.chain.from_iterable(obs["discards"].values()))
        self.pieces: dict[str, Piece] = {}
        self.waiting: dict[str, Mapping[str, Any]] = {}
        width = self.board.width
        seen = rules.pieces_seen
        for f in obs["figures"]:
            square = f["square"]
            if square is not None:
                fid = f["id"]
                kept = seen.get(fid)
                if kept is not None and kept[0] == f:
                    self.pieces[fid] = kept[1]
                    continue
                x, y = square
                piece = self.pieces[fid] = Piece(f, y * width + x)
                seen[fid] = ({**f, "square": [x, y]}, piece)
            elif f["off_board"]:
                self.waiting[f["id"]] = f
        bits = self.board.wall_bits
        for door, is_open in obs["doors"].items():
            if not is_open:
                bits |= self.board.door_cells_bits[door]
        self.closed = bits  # walls and closed doors
        square_bits = self.board.square_bits
        for p in self.pieces.values():
            if not p.misted:
                bits |= square_bits[p.pos]
        self.obstacles = bits
        self.threat_cache: dict[str, list[Threat]] = {}
        self._enemies: dict[str, list[Piece]] = {}
        self._targets: dict[str, list[Piece]] = {}
        #: The hunters holding a crucifix, on the board and conscious.
        holders = rules.crucifix_kinds
        self.crucifixes = [p for p in self.pieces.values()
                           if not p.unconscious and p.kind in holders]
        minions = sum(1 for f in obs["figures"] if f["kind"] == "minion")
        self.free_minion = minions < self.types["minion"].box

    # -- who is who -------------------------------------------------------------------------
    def is_vampire(self, p: Piece) -> bool:
        return p.kind in self._vampires

    def is_hunter(self, p: Piece) -> bool:
        return p.kind in self._hunters

    def holds(self, p: Piece, special: str) -> bool:
        return special in self._specials[p.kind]

    def enemies_of(self, p: Piece) -> list[Piece]:
        """The other seats' characters on the board (worked out once per seat: not to be
        changed)."""
        found = self._enemies.get(p.seat)
        if found is None:
            found = self._enemies[p.seat] = [e for e in self.pieces.values()
                                             if e.seat != p.seat]
        return found

    def friends_of(self, p: Piece) -> list[Piece]:
        return [f for f in self.pieces.values() if f.seat == p.seat and f.id != p.id]

    def targets_of(self, p: Piece) -> list[Piece]:
        """The enemies ``p`` may attack: solid, conscious, on the board (worked out once
        per seat: not to be changed)."""
        found = self._targets.get(p.seat)
        if found is None:
            found = self._targets[p.seat] = [e for e in self.enemies_of(p)
                                             if not e.misted and not e.unconscious]
        return found

    def prize(self, attacker: Piece, target: Piece) -> float:
        """What an attack on ``target`` that succeeds wins: its worth, or for a crucifix
        holder saving a mesmerized hunter, that hunter's worth back (and the minion's)."""
        if target.kind == "minion" and not (self.is_hunter(attacker)
                                            and self.holds(attacker, "crucifix")):
            return float(self.types["minion"].points)  # killed, not saved
        return self.worth(target)

    def worth(self, p: Piece) -> float:
        """What a character is worth to its side: its points, Dracula far more where
        destroying him wins Destroy Dracula, and a mesmerized hunter its points as well
        (saved, it goes back to the hunters)."""
        if p.kind == "dracula" and self.adventure == "destroy_dracula":
            return 40.0
        if p.kind == "van_helsing" and self.adventure == "rescue_van_helsing":
            return 30.0
        if p.kind == "minion" and p.born != "minion":  # a saving gives the hunter back
            return float(self.types[p.kind].points + self.types[p.born].points)
        return float(self.types[p.kind].points)

    # -- seeing -----------------------------------------------------------------------------
    def clear(self, a: int, b: int) -> bool:
        return self.sight.clear(a, b, self.obstacles)

    def in_arc(self, p: Piece, square: int, pos: int = -1, facing: int = -1) -> bool:
        """``square`` is in the arc of effect of ``p`` (standing at ``pos``, facing
        ``facing``, where given)."""
        if p.misted:
            return False
        pos = p.pos if pos < 0 else pos
        facing = p.facing if facing < 0 else facing
        return in_arc_cone(self.board, pos, facing, square) and self.clear(pos, square)

    def may_turn_solid(self, vampire: Piece, square: int) -> bool:
        """Mist may become solid on ``square``: no solid character nor closed door there,
        and outside every crucifix's area that has it in its holder's arc ("Mist", "The
        Crucifix")."""
        taken = bool((self.obstacles >> square) & 1) and square != vampire.pos
        if taken or (self.closed >> square) & 1:
            return False
        return not any(h.seat != vampire.seat and self.geo.distance(h.pos, square) <= ZONE
                       and self.in_arc(h, square) for h in self.crucifixes)

    def held_by_crucifix(self, vampire: Piece, pos: int, facing: int, holder: Piece) -> bool:
        """A vampire at ``pos`` facing ``facing`` within 3 squares of ``holder``'s crucifix,
        each in the other's arc: it cannot attack the holder (nor approach it)."""
        return (self.is_vampire(vampire) and self.is_hunter(holder)
                and self.holds(holder, "crucifix")
                and self.geo.distance(pos, holder.pos) <= ZONE
                and self.in_arc(vampire, holder.pos, pos, facing)
                and self.in_arc(holder, pos))


# -- the odds -----------------------------------------------------------------------------------
def close_odds(t: Table, attacker: Piece, pos: int, target: Piece,
               reacting: bool = False) -> float:
    """A close attack from ``pos`` on ``target`` succeeds ("Resolving a Close Attack")."""
    a, d = t.types[attacker.kind], t.types[target.kind]
    bonus = a.ca - d.df
    if t.is_hunter(attacker) and t.holds(attacker, "crucifix") and t.is_vampire(target):
        bonus += 1
    if not t.in_arc(target, pos):
        bonus += 1  # outflanking
    return p_beats(bonus - reacting)


def ranged_odds(t: Table, attacker: Piece, pos: int, target: Piece,
                reacting: bool = False) -> float:
    a, d = t.types[attacker.kind], t.types[target.kind]
    bonus = (a.ra or 0) - d.df + (not t.in_arc(target, pos))
    return p_beats(bonus - reacting)


def mesmerize_odds(t: Table, attacker: Piece, target: Piece, reacting: bool = False) -> float:
    a, d = t.types[attacker.kind], t.types[target.kind]
    bonus = (a.ra or 0) - d.df - t.holds(target, "crucifix")
    return p_beats(bonus - reacting)


def can_shoot(t: Table, p: Piece) -> bool:
    return t.is_hunter(p) and t.holds(p, "crossbow")


def can_mesmerize(t: Table, p: Piece) -> bool:
    return t.is_vampire(p) and t.holds(p, "mesmerize")


# -- danger -------------------------------------------------------------------------------
#: One enemy as a threat: its square (x, y), points to move and strike with, the bonus of
#: its close attack (before outflanking), of its ranged attack or mesmerism (None: none),
#: whether a crucifix it faces holds it back, how much it counts (``ACTED``: it has acted),
#: its id, whether its ranged attack is mesmerism (which needs it in my arc), and the
#: squares it could aim at in its move (:meth:`Geometry.aim`).
Threat = tuple[int, int, int, int, "int | None", bool, float, str, bool, int]


#: Every square (a bitset): a shot feared from wherever the enemy is in range.
ALL = -1


def threats(t: Table, me: Piece) -> list[Threat]:
    """The enemies of ``me`` that may strike it, worked out once per character."""
    found = t.threat_cache.get(me.id)
    if found is not None:
        return found
    # Dracula, whose destruction wins Destroy Dracula, reckons with where each crossbow
    # could aim from; the others fear a shot from wherever it is in range.
    hides = me.kind == "dracula" and t.adventure == "destroy_dracula"
    known = t.threat_kinds
    out: list[Threat] = []
    for e in t.enemies_of(me):
        if e.unconscious:
            continue
        key = (e.kind, e.misted, me.kind)
        kind = known.get(key)
        if kind is None:
            kind = known[key] = threat_kind(t, e, me)
        ap, close, ranged, held, gaze = kind
        x, y = t.geo.xs[e.pos], t.geo.ys[e.pos]
        aim = t.geo.aim(e.pos, ap) if ranged is not None and hides else ALL
        out.append((x, y, ap, close, ranged, held, ACTED if e.id in t.acted else 1.0, e.id,
                    gaze, aim))
    t.threat_cache[me.id] = out
    return out


def threat_kind(t: Table, e: Piece, me: Piece) -> ThreatKind:
    """What kind of threat the enemy ``e`` is to ``me`` (by their kinds, and whether ``e``
    is mist): its points, its attacks' bonuses, held back by my crucifix, gazing."""
    mine, et = t.types[me.kind], t.types[e.kind]
    close = et.ca - mine.df + (t.is_hunter(e) and t.holds(e, "crucifix") and t.is_vampire(me))
    ranged: int | None = None
    if can_shoot(t, e) or (can_mesmerize(t, e) and t.is_hunter(me)):
        ranged = (et.ra or 0) - mine.df - (can_mesmerize(t, e) and t.holds(me, "crucifix"))
    held = t.holds(me, "crucifix") and t.is_vampire(e) and t.is_hunter(me)
    ap = et.ap - (MIST if e.misted else 0)
    return ap, close, ranged, held, can_mesmerize(t, e)


def danger(t: Table, me: Piece, pos: int, facing: int, spared: Iterable[str] = ()) -> float:
    """The chance that ``me``, ending its move at ``pos`` facing ``facing``, is struck down
    before it acts again: each enemy that can reach it attacks it a few times (one whose
    card was turned over this turn counts less: it acts again only next turn)."""
    px, py = t.geo.xs[pos], t.geo.ys[pos]
    fx, fy = FACING_VECTORS[facing]
    survive = 1.0
    for x, y, ap, close, ranged, held, weight, who, gaze, aim in threats(t, me):
        d = max(abs(x - px), abs(y - py))
        if d > ap + RANGE_MAX or who in spared:
            continue
        ahead, side = (x - px) * fx + (y - py) * fy, abs((x - px) * -fy + (y - py) * fx)
        faced = ahead > 0 and side <= ahead  # the enemy stands in my arc's cone
        p = 0.0
        tries = min(ATTACKS_FEARED, ap - max(0, d - 1))
        if tries > 0 and not (held and faced and d <= ZONE + 1):
            p = p_within(p_beats(close + (not faced)), tries)
        if ranged is not None and d >= RANGE_MIN and (faced or not gaze) and (aim >> pos) & 1:
            shots = min(SHOTS_FEARED, (ap - max(0, d - RANGE_MAX)) // SHOT)
            if shots > 0:
                p = max(p, p_within(p_beats(ranged), shots))
        survive *= 1.0 - weight * p
    return 1.0 - survive


class Dangers:
    """:func:`danger` for many ends of a move at once (numpy): the enemies of one
    character as arrays, one row per enemy, each read off its kind of threat's table
    (:class:`ThreatTables`)."""

    def __init__(self, t: Table, me: Piece) -> None:
        rows = threats(t, me)
        self.ids = [r[7] for r in rows]
        board = t.board
        self.tables, self.offset = t.geo.threat_tables()
        #: Each enemy's kind of threat (a row of the tables).
        self.kinds = self.tables.rows([(ap, close, ranged, held, gaze)
                                       for _, _, ap, close, ranged, held, _, _, gaze, _ in rows])
        #: Where each enemy could aim (one row per enemy, a column per square); None:
        #: from wherever it is in range.
        self.aims = None if all(r[9] == ALL for r in rows) else _squares_of(
            [r[9] for r in rows], board.size)
        side = self.tables.side
        self.cell = np.array([((x + self.tables.reach) * side + self.tables.reach) * 4
                              + y * 4 for x, y, *_ in rows], dtype=np.int64)[:, None]
        self.weight = np.array([r[6] for r in rows], dtype=float)[:, None]
        self.rows = np.arange(len(rows))[:, None]

    def index(self, enemy: str) -> int:
        return self.ids.index(enemy) if enemy in self.ids else -1

    def of(self, squares: Sequence[int], facings: Sequence[int],
           spared: Sequence[int]) -> np.ndarray:
        """The danger of ending at each of ``squares`` facing ``facings``, the enemy at
        row ``spared`` (-1: none) not feared (the same sums as :func:`danger`)."""
        f = np.asarray(facings, dtype=np.int64)
        return self._of(squares, f[None, :], spared)

    def of_every_facing(self, squares: Sequence[int], spared: Sequence[int]) -> np.ndarray:
        """:meth:`of` for each of the 4 facings at once: one row per facing."""
        return self._of(squares, _FACINGS[:, None, None], spared)

    def _of(self, squares: Sequence[int], facing: np.ndarray,
            spared: Sequence[int]) -> np.ndarray:
        at = np.asarray(squares, dtype=np.int64)
        cells = (self.cell - self.offset[at][None, :]) + facing
        shot = self.tables.shot[self.kinds, cells]
        if self.aims is not None:
            shot = np.where(self.aims[:, at], shot, 0.0)
        p = np.maximum(self.tables.close[self.kinds, cells], shot)
        p = np.where(self.rows == np.asarray(spared)[None, :], 0.0, p)
        return np.asarray(1.0 - np.prod(1.0 - self.weight * p, axis=-2))


class ThreatTables:
    """The chance that an enemy strikes down a character, for each kind of threat, at
    every offset of the enemy from the character's square (-``reach`` .. ``reach`` each
    way) and every facing of the character: :func:`danger`'s sums for one enemy, worked
    out once. ``close[kind, cell]``: by close attacks; ``shot[kind, cell]``: by ranged
    attacks or mesmerism (where the enemy can aim at the square at all); a cell is
    ``((dx + reach) * side + dy + reach) * 4 + facing``."""

    def __init__(self, reach: int) -> None:
        self.reach, self.side = reach, 2 * reach + 1
        self.index: dict[ThreatKind, int] = {}
        self.close = np.zeros((0, self.side * self.side * 4))
        self.shot = np.zeros((0, self.side * self.side * 4))

    def rows(self, kinds: Sequence[ThreatKind]) -> np.ndarray:
        """The rows of ``kinds`` (a column), the tables of new kinds worked out."""
        new = [k for k in dict.fromkeys(kinds) if k not in self.index]
        if new:
            for k in new:
                self.index[k] = len(self.index)
            close, shot = zip(*(self._chances(*k) for k in new), strict=True)
            self.close = np.vstack([self.close, *close])
            self.shot = np.vstack([self.shot, *shot])
        return np.array([self.index[k] for k in kinds], dtype=np.int64).reshape(-1, 1)

    def _chances(self, ap: int, close: int, ranged: int | None, held: bool,
                 gaze: bool) -> tuple[np.ndarray, np.ndarray]:
        """One kind's rows (the sums of :func:`danger`, as numpy)."""
        offsets = np.arange(-self.reach, self.reach + 1)
        dx, dy = offsets[:, None, None], offsets[None, :, None]
        fx, fy = _FX[None, None, :], _FY[None, None, :]
        d = np.maximum(np.abs(dx), np.abs(dy))
        ahead, side = dx * fx + dy * fy, np.abs(-dx * fy + dy * fx)
        faced = (ahead > 0) & (side <= ahead)
        tries = np.minimum(np.maximum(ap - np.maximum(0, d - 1), 0), ATTACKS_FEARED)
        strike = (tries > 0) & ~(held & faced & (d <= ZONE + 1))
        bonus = np.minimum(np.maximum(close + ~faced + 9, 0), 18)
        by_close = np.where(strike, _WITHIN[bonus, tries], 0.0)
        shots = np.minimum(np.maximum((ap - np.maximum(0, d - RANGE_MAX)) // SHOT, 0),
                           SHOTS_FEARED)
        aim = (ranged is not None) & (d >= RANGE_MIN) & (shots > 0) & (faced | (not gaze))
        row = min(max((0 if ranged is None else ranged) + 9, 0), 18)
        by_shot = np.where(aim, _WITHIN[row, shots], 0.0)
        far = np.broadcast_to(d > ap + RANGE_MAX, by_close.shape)
        by_close, by_shot = np.where(far, 0.0, by_close), np.where(far, 0.0, by_shot)
        return by_close.reshape(1, -1), by_shot.reshape(1, -1)


@lru_cache(maxsize=8)
def threat_tables(reach: int) -> ThreatTables:
    return ThreatTables(reach)


def _squares_of(bitsets: Sequence[int], size: int) -> np.ndarray:
    """Bitsets of squares as rows of a boolean array (a column per square)."""
    nbytes = (size + 7) // 8
    raw = b"".join((bits & ((1 << size) - 1)).to_bytes(nbytes, "little") for bits in bitsets)
    rows = np.frombuffer(raw, dtype=np.uint8).reshape(len(bitsets), nbytes)
    return np.unpackbits(rows, axis=1, bitorder="little")[:, :size].astype(bool)


_BEATS = np.array([BEATS[b] for b in range(-9, 10)])
_FX = np.array([v[0] for v in FACING_VECTORS])
_FY = np.array([v[1] for v in FACING_VECTORS])
_FACINGS = np.arange(4)
#: p_within(P(d6 + bonus > d6), tries) for bonus -9..9 (rows) and 0..3 tries (columns).
_WITHIN = 1.0 - (1.0 - _BEATS[:, None]) ** np.arange(ATTACKS_FEARED + 1)[None, :]


# -- where a character can go ---------------------------------------------------------------------
def reach(t: Table, me: Piece, budget: int) -> dict[int, tuple[int, int]]:
    """Every square ``me`` can move to with ``budget`` points: square -> (cost, the square
    it comes from). Solid characters are stopped by walls and characters, cannot pass
    diagonally between two obstacles, and pass a closed door straight ahead for 2 points
    more (turning to it and opening it); mist is stopped by walls alone ("Moving",
    "Mist", "Opening and Closing Doors")."""
    board = t.board
    blocking = board.wall_bits if me.misted else t.obstacles & ~(1 << me.pos)
    doors = 0 if me.misted else t.closed & ~board.wall_bits
    closed = (blocking & ~doors) | board.void_bits
    # the bitsets as one byte a square: indexing is cheaper than shifting a long integer
    is_blocking, is_door, is_closed = (_square_flags(b, board.size)
                                       for b in (blocking, doors, closed))
    found = {me.pos: (0, -1)}
    if budget <= 0:
        return found
    # squares by what it costs to get there, each cost's taken in order of square (as a
    # priority queue of (cost, square) would)
    layers: list[list[int]] = [[] for _ in range(budget + 1)]
    layers[0].append(me.pos)
    best = [budget + 1] * board.size  # the cheapest cost found so far, by square
    best[me.pos] = 0
    exits = t.geo.exits
    for cost in range(budget):
        layer = layers[cost]
        layer.sort()
        for here in layer:
            if best[here] < cost:
                continue  # reached more cheaply since
            for to, diagonal, a, b in exits[here]:
                if is_closed[to]:
                    continue
                if is_door[to]:
                    if diagonal:
                        continue  # a door is opened straight ahead
                    new = cost + 3
                else:
                    new = cost + 1
                if new < best[to] and not (diagonal and (a < 0 or is_blocking[a])
                                           and (b < 0 or is_blocking[b])):
                    # (no squeezing diagonally between two obstacles)
                    best[to] = new
                    found[to] = (new, here)
                    layers[new].append(to)
    return found


def _square_flags(bits: int, size: int) -> bytes:
    """A bitset of squares as one byte (0 or 1) a square."""
    raw = np.frombuffer(bits.to_bytes((size + 7) // 8, "little"), dtype=np.uint8)
    return np.unpackbits(raw, bitorder="little")[:size].tobytes()


def path_to(found: Mapping[int, tuple[int, int]], square: int) -> tuple[int, ...]:
    """The squares from the start (left out) to ``square``."""
    out = []
    while found[square][1] >= 0:
        out.append(square)
        square = found[square][1]
    return tuple(reversed(out))


#: Up to how many goals :func:`distances` takes the nearest of each goal's own distances
#: (kept per board); more, it walks out from all of them at once.
FEW_GOALS = 8


@lru_cache(maxsize=512)
def distances(board: Board, goals: frozenset[int]) -> list[int]:
    """Steps from every square to the nearest goal, through open squares and doorways
    (10 000 where no goal can be reached)."""
    geo = geometry(board)
    if len(goals) > FEW_GOALS:
        return _walk_out(geo, goals)
    rows = [geo.distances_from(g) for g in goals if g >= 0 and geo.open[g]]
    if not rows:
        return [10_000] * board.size
    return list(np.minimum.reduce(rows).tolist()) if len(rows) > 1 else rows[0].tolist()


def _walk_out(geo: Geometry, goals: Iterable[int]) -> list[int]:
    """:func:`distances`, breadth first from all the goals at once."""
    steps, open_ = geo.steps, geo.open
    dist = [10_000] * geo.board.size
    todo: deque[int] = deque()
    for g in goals:
        if g >= 0 and open_[g]:
            dist[g] = 0
            todo.append(g)
    while todo:
        c = todo.popleft()
        nxt = dist[c] + 1
        for n in steps[c]:
            if n >= 0 and open_[n] and dist[n] > nxt:
                dist[n] = nxt
                todo.append(n)
    return dist


def facing_toward(board: Board, a: int, b: int) -> int:
    """The side of ``a``'s square that looks most directly at ``b``."""
    ax, ay = board.xy(a)
    bx, by = board.xy(b)
    dx, dy = bx - ax, by - ay
    if abs(dx) >= abs(dy):
        return 1 if dx > 0 else 3
    return 2 if dy > 0 else 0


def step_direction(board: Board, a: int, b: int) -> int:
    ax, ay = board.xy(a)
    bx, by = board.xy(b)
    return DIRECTION_VECTORS.index((bx - ax, by - ay))


# -- plans ---------------------------------------------------------------------------------------
def goal_squares(t: Table, me: Piece) -> frozenset[int]:
    """Where ``me`` heads when it cannot attack: its adventure's objective, or the enemy."""
    board, spec, obs = t.board, t.spec, t.obs
    if t.side == "hunters" and me.kind != "minion":
        if t.adventure == "defile_the_coffins":
            left = [s for tile in board.area_tiles[spec["coffins"]] if tile not in obs["defiled"]
                    for s in board.tile_squares(tile)]
            if left:
                return frozenset(left)
        if t.adventure == "cross_the_catacombs":
            near = [e.pos for e in t.targets_of(me) if t.geo.distance(e.pos, me.pos) <= 4]
            return frozenset(near) or board.areas[spec["exit"]]
        if t.adventure == "rescue_van_helsing":
            return _rescue_goals(t, me)
    if me.kind == "dracula" and t.adventure == "destroy_dracula" and t.side == "vampires":
        return shelter_squares(t.board, str(t.spec["vampires"]["area"])) or frozenset(
            [me.pos])
    if guards_dracula(t, me):
        around = _guard_squares(t)
        if around:
            return around
    return frozenset(e.pos for e in t.targets_of(me)) or frozenset(
        e.pos for e in t.enemies_of(me))


def guards_dracula(t: Table, me: Piece) -> bool:
    """In Destroy Dracula the lesser vampires guard Dracula: destroying him wins the
    hunters the game, and a vampire beside him blocks a square a hunter would strike him
    from and the line of a crossbow bolt ("Close Attacks", "Seeing Things")."""
    return (t.adventure == "destroy_dracula" and t.side == "vampires" and t.is_vampire(me)
            and me.kind != "dracula" and "dracula" in t.pieces)


@lru_cache(maxsize=16)
def shelter_squares(board: Board, area: str) -> frozenset[int]:
    """The corners of the vampires' lair: its open squares with at most three open
    squares around them. There Dracula can be struck from fewest squares, and the
    vampires beside him close them (and the lines of sight through them)."""
    geo = geometry(board)
    return frozenset(s for s in board.areas.get(area, frozenset()) if geo.open[s]
                     and sum(1 for n in geo.steps[s] if n >= 0 and geo.open[n]) <= 3)


def _guard_squares(t: Table) -> frozenset[int]:
    """The open squares next to Dracula."""
    dracula = t.pieces["dracula"]
    return frozenset(s for s in t.geo.steps[dracula.pos] if s >= 0 and t.geo.open[s])


def _rescue_goals(t: Table, me: Piece) -> frozenset[int]:
    board, spec = t.board, t.spec
    vh = t.pieces.get("van_helsing")
    if me.kind == "van_helsing":
        return board.areas[spec["exit"]]
    if vh is not None and vh.unconscious:
        return frozenset([vh.pos])
    if not t.obs["van_helsing"]["found"]:
        rooms = board.area_tiles[spec["secret_room"]]
        return frozenset(s for tile in rooms for s in board.tile_squares(tile))
    if vh is not None and vh.kind == "minion" and t.holds(me, "crucifix"):
        return frozenset([vh.pos])
    enemies = frozenset(e.pos for e in t.targets_of(me))
    if enemies or vh is None:
        return enemies or frozenset([me.pos])
    # nothing to fight: clear his way, to the squares farther from the exit than he is that
    # can be reached past the others (one boxed in beside him goes out and round)
    out = distances(board, board.areas[spec["exit"]])
    farther = frozenset(s for s in board.open_squares if out[s] > out[vh.pos])
    return farther & frozenset(reach(t, me, CLEAR_THE_WAY)) or farther or frozenset([me.pos])


__all__ = ["ATTACKS_FEARED", "Dangers", "Geometry", "Piece", "Table", "can_mesmerize",
           "can_shoot", "close_odds", "danger", "distances", "facing_toward", "goal_squares",
           "mesmerize_odds", "p_beats", "p_within", "path_to", "ranged_odds", "reach",
           "step_direction"]
