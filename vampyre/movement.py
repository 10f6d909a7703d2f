"""Movement: every hex (or castle space) a mover may end in, each with a path.

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
far as it can (a ruling). :class:`Reach` tables depend only on the map, the
start and the roll, so they are computed once and cached on the board.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

import attrs

from gothic_kernel import Action, IllegalAction, event

from .actions import LeadAstray, LegalActions, Move
from .board import CastleMap, Transylvania

if TYPE_CHECKING:
    from .state import Player, VampyreState

Path = tuple[str, ...]

#: Movement modes on the map of Transylvania.
WALK, WOLF, BAT = "walk", "wolf", "bat"


@attrs.frozen
class Reach:
    """Where a move from one place with one roll may end.

    ``full``: ends of complete moves; ``large``: early stops in a large hex;
    ``early``: every other end of a partial move (legal only when something
    there lets the mover stop: an opponent, or in the castle a face-down counter).
    Each end maps to one path (the spaces entered, in order), the same every time.
    ``rule`` recognises the same moves along any other legal path (nobody in the way).
    """

    full: Mapping[str, Path]
    large: Mapping[str, Path]
    early: Mapping[str, Path]
    rule: MoveRule = attrs.field(eq=False, repr=False)
    plain: LegalActions = attrs.field(init=False, eq=False, repr=False)
    moves: Mapping[str, Move] = attrs.field(init=False, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        # the move actions, made once: to every end, and those offered when nobody is
        # in the way (frozen attrs: set through object.__setattr__)
        moves = {end: Move(path) for paths in (self.early, self.large, self.full)
                 for end, path in paths.items()}
        object.__setattr__(self, "moves", moves)
        plain = LegalActions((moves[e] for e in [*self.full, *self.large]), rule=self.rule)
        object.__setattr__(self, "plain", plain)


@attrs.frozen(eq=False)
class MoveRule:
    """What makes a move legal, fixed when the move is offered ("Movement").

    The player moves "in any direction desired", so any path obeying the rules is legal:
    every space next to the last, none entered twice (nor the start), no more spaces than
    the worst terrain entered allows (Transylvania) or the roll (Castle Dracula), and the
    whole allowance unless the move ends in a large hex, on an opponent (who is then
    attacked: ``targets``), or for a hunter in Castle Dracula in a green area with a
    face-down counter (``reveal``). ``longest`` is 0, or in a corner with no move of the
    full allowance, the length that counts as complete (a ruling).
    """

    neighbours: Mapping[str, tuple[str, ...]]
    board: Transylvania | None  # None inside Castle Dracula (every space counts one)
    start: str
    roll: int
    mode: str
    longest: int
    targets: Mapping[str, tuple[str, ...]] = attrs.field(factory=dict)
    reveal: frozenset[str] = frozenset()

    def check(self, move: Move) -> IllegalAction | None:
        """None if ``move`` is legal; otherwise why not (all of it public knowledge)."""
        path, board = move.path, self.board
        wrong = _walk(self.neighbours, self.start, path)
        if wrong is not None:
            return wrong
        if board is None:
            allowed = self.roll
        else:
            if self.mode == WOLF and any(board.is_large(h) for h in path):
                return IllegalAction("player werewolves cannot enter the large hexes",
                                     rule="Werewolf Conversion")
            allowed = allowance(board, path, self.start, self.roll, self.mode)
        if len(path) > allowed:
            what = "hexes through the terrain entered" if board else "spaces"
            return IllegalAction(f"a roll of {self.roll} allows only {allowed} {what}", rule=RULE)
        end = path[-1]
        here = self.targets.get(end, ())
        reveal = end in self.reveal
        if move.attack and move.attack not in here:
            return IllegalAction(f"there is no {move.attack!r} to attack at the end of this "
                                 "move", rule="Combat")
        if not move.attack and here and not reveal:
            return IllegalAction("a player ending a move on an opponent attacks it: name the "
                                 f"opponent ({', '.join(here)})", rule="Combat")
        full = self.longest or allowed
        if len(path) < full and not (here or reveal or (board and board.is_large(end))):
            return IllegalAction(f"the move must go the full {full} spaces; a player may "
                                 "stop early only on entering a large hex or a space held by "
                                 "an opponent (in Castle Dracula, a green area with a "
                                 "face-down counter)", rule=RULE)
        return None

    def accepts(self, action: object) -> bool:
        """Is ``action`` a legal move (listed or along another path)?"""
        return isinstance(action, Move) and self.check(action) is None


@attrs.frozen(eq=False)
class AstrayRule:
    """Strange Occurrence 5: the lost player is moved exactly the roll (or, in a corner, as
    far as possible), terrain ignored, entering no hex twice, along any path."""

    neighbours: Mapping[str, tuple[str, ...]]
    start: str
    hexes: int

    def check(self, path: tuple[str, ...]) -> IllegalAction | None:
        rule = "Strange Occurrence"
        wrong = _walk(self.neighbours, self.start, path, rule)
        if wrong is not None:
            return wrong
        if len(path) != self.hexes:
            return IllegalAction(f"the lost player must be moved exactly {self.hexes} hexes "
                                 "without entering a hex twice", rule=rule)
        return None

    def accepts(self, action: object) -> bool:
        return isinstance(action, LeadAstray) and self.check(action.path) is None


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
    cache: dict[tuple[str, int, str], Reach] = board.__dict__.setdefault("_reach_cache", {})
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
    reach = Reach(full, large, early, MoveRule(board.neighbours, board, start, roll, mode,
                                               longest))
    cache[key] = reach
    return reach


def castle_reach(castle: CastleMap, start: str, roll: int) -> Reach:
    """Every end of a move inside Castle Dracula (cached per map)."""
    cache: dict[tuple[str, int], Reach] = castle.__dict__.setdefault("_reach_cache", {})
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
    reach = Reach(full, {}, early, MoveRule(castle.neighbours, None, start, roll, WALK,
                                            longest))
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

RULE = "Movement"
COUNT_DRACULA = "count_dracula"


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
    assert player.location is not None
    if state.in_castle:
        return castle_reach(state.world.castle, player.location, roll)
    return transylvania_reach(state.world.transylvania, player.location, roll, mode_of(player))


def move_actions(state: VampyreState, seat: str, roll: int) -> LegalActions:
    """Every end of the move the roll allows, each with one path and, where it holds
    opponents, one action per opponent attacked."""
    player = state.players[seat]
    if player.location is None:
        return LegalActions(())
    reach = _reach(state, player, roll)
    targets = attack_targets(state, seat)
    reveals = state.in_castle and player.form == "hunter"
    if not targets and not reveals:
        return reach.plain.copy()  # its set of members made once, too
    ends = [*reach.full, *reach.large]
    ends += [place for place in reach.early
             if place in targets or (reveals and state.green.get(place))]
    actions: list[Action] = []
    for end in ends:
        plain = reach.moves[end]
        here = targets.get(end)
        if not here:
            actions.append(plain)
            continue
        if reveals and state.green.get(end):
            actions.append(plain)  # stop to reveal the counter instead of attacking
        actions.extend(Move(plain.path, target) for target in here)
    reveal = frozenset(g for g, c in state.green.items() if c) if reveals else frozenset()
    rule = attrs.evolve(reach.rule, targets={p: tuple(t) for p, t in targets.items()},
                        reveal=reveal)
    return LegalActions(actions, rule=rule)


def astray_actions(state: VampyreState, lost: str, roll: int) -> LegalActions:
    """Strange Occurrence 5: every hex ``roll`` hexes away, with one path (any other path
    of the roll is accepted too), terrain ignored."""
    where = state.players[lost].location
    assert where is not None
    board = state.world.transylvania
    reach = transylvania_reach(board, where, roll, BAT)
    rule = AstrayRule(board.neighbours, where, reach.rule.longest or roll)
    return LegalActions((LeadAstray(path) for path in reach.full.values()), rule=rule)


def perform(state: VampyreState, seat: str, move: Move, roll: int) -> dict[str, Any]:
    """Put the counter at the end of the move; the log event saying so (not yet written:
    the night's encounter roll may join it)."""
    player = state.players[seat]
    player.location = move.to
    text = f"{state.when()}{state.name(seat)} rolls {roll}, moves to {state.place(move.to)}"
    return event("move", text, seat=seat, roll=roll, to=move.to, path=list(move.path))


def _walk(neighbours: Mapping[str, tuple[str, ...]], start: str, path: tuple[str, ...],
          rule: str = RULE) -> IllegalAction | None:
    """Is ``path`` a walk of adjacent spaces from ``start`` that enters no space twice?"""
    if not path:
        return IllegalAction("a move must enter at least one space", rule=rule)
    here, seen = start, {start}
    for place in path:
        if place in seen:
            return IllegalAction("a player may not move through the same space twice in one "
                                 "turn (nor back into the space the move began in)", rule=rule)
        if place not in neighbours.get(here, ()):
            return IllegalAction(f"{place!r} is not next to {here!r}", rule=rule)
        seen.add(place)
        here = place
    return None


def check_move(state: VampyreState, seat: str, move: Move, roll: int) -> IllegalAction | None:
    """None if ``move`` is a legal move for ``seat`` with ``roll`` now, along whatever path;
    otherwise why not (see :class:`MoveRule`)."""
    if state.players[seat].location is None:
        return IllegalAction(f"{seat} is not on the board", rule=RULE)
    rule = move_actions(state, seat, roll).rule
    assert isinstance(rule, MoveRule)
    return rule.check(move)


def check_astray(state: VampyreState, lost: str, path: tuple[str, ...],
                 roll: int) -> IllegalAction | None:
    """None if ``path`` is a legal way to move the lost player (Strange Occurrence 5)."""
    rule = astray_actions(state, lost, roll).rule
    assert isinstance(rule, AstrayRule)
    return rule.check(path)
