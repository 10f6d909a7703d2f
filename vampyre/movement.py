"""Movement: every hex (or castle space) a mover may end in, and the path it takes there.

Transylvania ("The Basic Game - Movement"): one die; the number of hexes
depends on the terrain entered, and a player moving through several terrains
moves at the rate of the worst one entered during the whole move (a road step
counts as road, whatever the hex). A player may not enter the same hex twice
in one turn (nor return to the hex the move began in: a ruling), must usually
move the whole allowance, but may stop on entering a large hex or a hex held
by an opponent.

* hunters (and possessed players' automatic moves) use the terrain rates;
* player werewolves use them too but may not enter large hexes ("Werewolf
  Conversion");
* nosferatu fly as bats: the full roll whatever the terrain ("Vampiric
  Conversion"); a lost player ("Strange Occurrence" 5) is moved the same way.

Castle Dracula ("The Extended Game - Movement"): exactly the roll, never over
the same space twice, stopping early only on entering a green area that still
has a face-down counter (hunters) or a space held by an opponent.

If no move of the full length exists (a corner of the map), the mover goes as
far as it can (a ruling).

The player moves "in any direction desired", but which way a counter goes
changes nothing once its end is known (passing through a hex has no effect), so
a move names only its end and the opponent attacked there: ``Move(to, attack)``,
each listed once. The counter goes along the first path found to that end in a
fixed order (:class:`Reach`), and the log records that path. :class:`Reach`
tables depend only on the map, the start, the roll and the way of moving, so
they are computed once and cached on the board, with their actions.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from typing import TYPE_CHECKING, Any

import attrs

from gothic_kernel import IllegalAction, Listed, event

from .actions import LeadAstray, Move
from .board import CastleMap, Transylvania

if TYPE_CHECKING:
    from .state import Player, VampyreState

Path = tuple[str, ...]

#: Movement modes on the map of Transylvania.
WALK, WOLF, BAT = "walk", "wolf", "bat"

RULE = "Movement"
ASTRAY_RULE = "Strange Occurrence"
COUNT_DRACULA = "count_dracula"


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


@attrs.frozen(eq=False)
class MoveRule:
    """What makes a move legal, fixed when the move is offered ("Movement"); it words the
    refusal of any other.

    A move may end wherever some path obeying the rules ends: every space next to the
    last, none entered twice (nor the start), no more spaces than the worst terrain
    entered allows (Transylvania) or exactly the roll (Castle Dracula); and it goes the
    whole allowance unless it ends in a large hex, on an opponent (who is then attacked:
    ``targets``), or for a hunter in Castle Dracula in a green area with a face-down
    counter (``reveal``). Everything it reads is public.
    """

    reach: Reach
    places: Collection[str]
    board: Transylvania | None  # None inside Castle Dracula (every space counts one)
    start: str
    roll: int
    mode: str
    place: Callable[[str], str]  # a place in words, for the messages
    targets: Mapping[str, tuple[str, ...]] = attrs.field(factory=dict)
    reveal: frozenset[str] = frozenset()

    def check(self, move: Move) -> IllegalAction | None:
        """None if ``move`` is legal; otherwise why not."""
        to, reach, board = move.to, self.reach, self.board
        if to not in self.places:
            where = "a hex of Transylvania" if board else "a space of Castle Dracula"
            return IllegalAction(f"{to!r} is not {where}", rule=RULE)
        if self.mode == WOLF and board is not None and board.is_large(to):
            return IllegalAction("player werewolves cannot enter the large hexes",
                                 rule="Werewolf Conversion")
        if to == self.start:
            return IllegalAction("a move may not end where it began: no space may be entered "
                                 "twice in one turn", rule=RULE)
        if reach.path(to) is None:
            return IllegalAction(f"a roll of {self.roll} cannot take the mover to "
                                 f"{self.place(to)} ({self._limit()})", rule=RULE)
        here = self.targets.get(to, ())
        reveal = to in self.reveal
        if to in reach.early and not here and not reveal:
            return IllegalAction(f"a roll of {self.roll} takes the mover further than "
                                 f"{self.place(to)}: a player must move the whole allowance "
                                 "and may stop early only on entering a large hex or a space "
                                 "held by an opponent (in Castle Dracula, a green area with a "
                                 "face-down counter)", rule=RULE)
        if move.attack and move.attack not in here:
            return IllegalAction(f"there is no {move.attack!r} to attack in {self.place(to)}",
                                 rule="Combat")
        if not move.attack and here and not reveal:
            return IllegalAction("a player ending a move on an opponent attacks it: name the "
                                 f"opponent ({', '.join(here)})", rule="Combat")
        return None

    def _limit(self) -> str:
        if self.board is None:
            return "a move goes exactly the roll, never over the same space twice"
        if self.mode == BAT:
            return "a nosferatu flies exactly the roll, never over the same hex twice"
        return "the worst terrain entered limits the move, and no hex may be entered twice"


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


def transylvania_reach(board: Transylvania, start: str, roll: int, mode: str) -> Reach:
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


def allowance(board: Transylvania, path: Path, start: str, roll: int, mode: str) -> int:
    """Hexes the roll allows along ``path``: the rate of the worst terrain entered."""
    limit = _UNLIMITED
    here = start
    for there in path:
        limit = min(limit, roll if mode == BAT else board.step_rate(here, there, roll))
        here = there
    return limit


# -- the moves of one player now ----------------------------------------------------------------

_MODES = {"hunter": WALK, "nosferatu": BAT, "player_werewolf": WOLF}


def mode_of(player: Player) -> str:
    """How a player moves on the map of Transylvania: a hunter walks, a nosferatu flies
    as a bat, a player werewolf keeps out of the large hexes."""
    return _MODES[player.form]


def attack_targets(state: VampyreState, seat: str) -> dict[str, list[str]]:
    """Where ``seat`` may end a move to attack, and whom ("Vampiric Conversion", "Combat").

    Hunters attack nosferatu, player werewolves and possessed players (and, in Castle
    Dracula, the Count once revealed); the converted attack hunters who are not
    possessed. Nobody fights another player in a large hex, nor one already locked in
    an unresolved fight (rulings).
    """
    mover = state.players[seat]
    board = state.world.transylvania
    targets: dict[str, list[str]] = {}
    hunting = mover.form == "hunter"
    for other, q in state.players.items():
        place = q.location
        if other == seat or place is None or q.out:
            continue
        if not state.in_castle and board.is_large(place):
            continue
        prey = q.is_converted if hunting else q.is_living_hunter
        if prey and state.fight_of(other) is None:
            targets.setdefault(place, []).append(other)
    if hunting and state.in_castle:
        for space, counter in state.revealed.items():
            if state.rules.red_counters[counter] == COUNT_DRACULA:
                targets.setdefault(space, []).append(COUNT_DRACULA)
    return targets


def _reach(state: VampyreState, player: Player, roll: int) -> Reach:
    where = player.location
    assert where is not None
    if state.in_castle:
        return castle_reach(state.world.castle, where, roll)
    return transylvania_reach(state.world.transylvania, where, roll, _MODES[player.form])


def _reveals(state: VampyreState, player: Player) -> bool:
    """A hunter in Castle Dracula may stop early on a face-down guardian to reveal it."""
    return state.in_castle and player.form == "hunter"


def move_actions(state: VampyreState, seat: str, roll: int) -> Listed:
    """Every move the roll allows: one per end, and where an end holds opponents one per
    opponent attacked (a hunter in Castle Dracula may also just stop on a face-down
    guardian there, to reveal it)."""
    player = state.players[seat]
    if player.location is None:
        return Listed(())
    reach = _reach(state, player, roll)
    targets = attack_targets(state, seat)
    reveals = _reveals(state, player)
    if not targets and not reveals:
        return reach.plain  # made once per table, shared by every state
    ends = [*reach.full, *reach.large]
    ends += [place for place in reach.early
             if place in targets or (reveals and state.green.get(place))]
    actions: list[Move] = []
    for end in ends:
        plain = reach.moves[end]
        here = targets.get(end)
        if not here:
            actions.append(plain)
            continue
        if reveals and state.green.get(end):
            actions.append(plain)  # stop to reveal the counter instead of attacking
        actions.extend(Move(end, target) for target in here)
    return Listed(actions)


def move_rule(state: VampyreState, seat: str, roll: int) -> MoveRule:
    """The rule the moves of ``seat`` with ``roll`` obey now (for refusals)."""
    player = state.players[seat]
    assert player.location is not None
    reveal = frozenset(g for g, c in state.green.items() if c) \
        if _reveals(state, player) else frozenset()
    board = None if state.in_castle else state.world.transylvania
    places = state.world.castle.index if board is None else board.index
    targets = {p: tuple(t) for p, t in attack_targets(state, seat).items()}
    return MoveRule(_reach(state, player, roll), places, board, player.location, roll,
                    mode_of(player), state.place, targets, reveal)


def explain_move(state: VampyreState, seat: str, move: Move, roll: int) -> IllegalAction:
    """Why ``move`` is not one of the moves ``seat`` may make with ``roll`` now."""
    if state.players[seat].location is None:
        return IllegalAction(f"{state.name(seat)} is not on the board", rule=RULE)
    wrong = move_rule(state, seat, roll).check(move)
    assert wrong is not None, f"{move} is legal, yet it was refused"
    return wrong


def perform(state: VampyreState, seat: str, move: Move, roll: int) -> dict[str, Any]:
    """Move the counter along the path listed for the end of the move; the log event saying
    so (not yet written: the night's encounter roll may join it)."""
    player = state.players[seat]
    path = _reach(state, player, roll).path(move.to)
    assert path is not None
    player.location = move.to
    text = f"{state.when()}{state.name(seat)} rolls {roll}, moves to {state.place(move.to)}"
    return event("move", text, seat=seat, roll=roll, to=move.to, path=list(path))


# -- Strange Occurrence 5: the lost player ----------------------------------------------------

def _astray_reach(state: VampyreState, lost: str, roll: int) -> Reach:
    where = state.players[lost].location
    assert where is not None
    return transylvania_reach(state.world.transylvania, where, roll, BAT)


def astray_actions(state: VampyreState, lost: str, roll: int) -> Listed:
    """Strange Occurrence 5: every hex exactly ``roll`` hexes of walking away (or, in a
    corner, as far as possible), terrain ignored, entering no hex twice."""
    return _astray_reach(state, lost, roll).astray


def astray_path(state: VampyreState, lost: str, to: str, roll: int) -> Path:
    """The path the lost player is led along to ``to`` (one of the listed ends)."""
    return _astray_reach(state, lost, roll).full[to]


def explain_astray(state: VampyreState, lost: str, action: LeadAstray,
                   roll: int) -> IllegalAction:
    """Why the lost player may not be moved to ``action.to``."""
    board = state.world.transylvania
    if action.to not in board.index:
        return IllegalAction(f"{action.to!r} is not a hex of Transylvania", rule=ASTRAY_RULE)
    reach = _astray_reach(state, lost, roll)
    hexes = reach.longest or roll
    return IllegalAction(f"{state.place(action.to)} is not a walk of exactly {hexes} "
                         f"{'hex' if hexes == 1 else 'hexes'} from {state.name(lost)}'s hex, "
                         "entering no hex twice (terrain is ignored)", rule=ASTRAY_RULE)
