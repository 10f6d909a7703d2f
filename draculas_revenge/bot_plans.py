"""How a bot plans one character's move ("Action Points", "Moving", "Close Attacks",
"Ranged Attacks", "Mesmerizing", "Mist", and the adventures' objectives).

:func:`best_plan` weighs every way the character can spend its Action Points: each
square it can reach (:func:`~draculas_revenge.bot_tactics.reach`), each enemy it could
attack from there and how often, at what odds, whether a vampire then turns to mist (or,
starting as mist, turns solid first), and the adventure's objective (coffins, Van
Helsing, the exits). A plan is worth the points it is expected to win: a kill's worth
times its chance, a step toward the goal, less the character's worth times the danger
where it ends (weighed for all the ends at once, :class:`~.bot_tactics.Dangers`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

import attrs
import numpy as np

from .board import DIRECTION_VECTORS, FACING_VECTORS
from .bot_tactics import (
    MIST,
    MIST_COST,
    RANGE_MAX,
    Dangers,
    Piece,
    Table,
    can_mesmerize,
    can_shoot,
    close_odds,
    distances,
    facing_toward,
    goal_squares,
    guards_dracula,
    mesmerize_odds,
    p_within,
    path_to,
    ranged_odds,
    reach,
)
from .sight import in_front

CLOSE, SHOT = 1, 2  # Action Table: a close attack, a ranged attack (or mesmerizing)
#: How much a step toward the adventure's objective is worth, against a kill's points.
OBJECTIVE_STEP = {"defile_the_coffins": 0.6, "cross_the_catacombs": 0.5,
                  "rescue_van_helsing": 0.6}
FIGHT_STEP, URGENT_STEP = 0.25, 0.6
#: ... and in Destroy Dracula, a step toward Dracula for a vampire guarding him, and
#: Dracula's own step toward a corner of his lair.
GUARD_STEP, SHELTER_STEP = 0.6, 0.25
#: How near a crucifix holder must be to a mesmerized hunter to be counted on to save it.
SAVER_REACH = 6


@attrs.frozen
class Plan:
    """A character's move: walk ``path`` to ``square``, face ``facing``, turn solid there
    if it starts as mist (``solid``), make ``tries`` attacks of ``attack`` on ``target`` (or
    take the adventure's ``attack``: defile, wake, leave), then turn to mist if
    ``mist_after``. ``value``: the points it is expected to win."""

    value: float
    square: int
    facing: int
    attack: str = ""
    target: str = ""
    tries: int = 0
    solid: bool = False
    mist_after: bool = False
    path: tuple[int, ...] = ()


#: For a square one step from a target in each direction, the facings that have the target
#: in front of it (one of the three squares directly ahead, "Close Attacks").
_FACING_THE_SQUARE_BEHIND = tuple(
    tuple(f for f, (fx, fy) in enumerate(FACING_VECTORS)
          if -vx * fx - vy * fy == 1 and abs(-vx * -fy - vy * fx) <= 1)
    for vx, vy in DIRECTION_VECTORS)

#: An attack plan before its danger is weighed: its value without the danger, the plan,
#: whether it ends as mist, and the enemy not feared there (its likely victim).
Strike = tuple[float, Plan, bool, str]


def best_plan(t: Table, me: Piece, ap: int) -> Plan:
    """The best move for ``me`` with ``ap`` Action Points, by expected points."""
    found = reach(t, me, ap)
    moves = Moves(t, me, ap, found)
    plans = [moves.best_walk(), *moves.weighed(list(moves.attacks())), *moves.objectives()]
    best = max(plans, key=lambda p: p.value)
    return attrs.evolve(best, path=path_to(found, best.square))


def step_value(t: Table, me: Piece) -> float:
    """What a step toward the goal is worth to ``me``."""
    if t.urgent:
        return URGENT_STEP
    if me.kind == "dracula" and t.adventure == "destroy_dracula":
        return SHELTER_STEP  # destroying him wins the hunters the game: he shelters
    if guards_dracula(t, me):
        return GUARD_STEP  # the others close round him
    if t.is_vampire(me) and t.adventure == "into_the_breach":
        return 0.1  # one vampire left at sunset wins: less need to seek the hunters out
    if t.side == "hunters" and me.kind != "minion":
        return OBJECTIVE_STEP.get(t.adventure, FIGHT_STEP)
    return FIGHT_STEP


class Moves:
    """The plans of one character's move, and their weighing."""

    def __init__(self, t: Table, me: Piece, ap: int,
                 found: Mapping[int, tuple[int, int]]) -> None:
        self.t, self.me, self.ap, self.found = t, me, ap, found
        self.step = step_value(t, me)
        self.dist = distances(t.board, goal_squares(t, me))
        self.here = float(self.dist[me.pos])
        self.mist = t.is_vampire(me) and t.mist_allowed
        self.dangers = Dangers(t, me)
        self.squares = list(found)
        self.squares_array = np.array(self.squares)
        self.costs = np.array([cost for cost, _ in found.values()])
        self.xs = t.board.xs[self.squares_array]
        self.ys = t.board.ys[self.squares_array]
        #: The columns and rows it can reach: (left, right, top, bottom).
        self.box = (int(self.xs.min()), int(self.xs.max()), int(self.ys.min()),
                    int(self.ys.max()))
        at_stake = t.worth(me)
        if me.kind == "van_helsing" and t.adventure == "rescue_van_helsing":
            at_stake = float(t.types[me.kind].points) / 2  # he is knocked out, not killed
        #: What a danger of 1 costs: the side's risk times the character's worth.
        self.stake = t.risk * at_stake
        #: What it costs to reach each square and be ready to shoot (solid), and where
        #: the points left pay a shot.
        self.shot_costs = self.costs + (MIST if me.misted else 0)
        self.can_shoot_from = self.ap - self.shot_costs >= SHOT
        enemies = t.enemies_of(me)
        if t.is_vampire(me):  # the enemy a character ends its move facing
            self.faced = [e for e in enemies if not t.holds(e, "crucifix")] or enemies
        else:
            self.faced = [e for e in enemies if t.is_vampire(e)] or enemies

    def progress(self, square: int) -> float:
        if self.here >= 10_000:
            return 0.0
        return self.step * min(8.0, self.here - float(self.dist[square]))

    def progress_to_each(self) -> np.ndarray:
        """:meth:`progress` for every square it can reach (numpy)."""
        if self.here >= 10_000:
            return np.zeros(len(self.squares))
        dist = self.dist
        there = np.array([dist[s] for s in self.squares], dtype=float)
        return self.step * np.minimum(8.0, self.here - there)

    def end_facing(self, square: int) -> int:
        """Where a character ends a move without attacking: toward the nearest enemy it
        need not fear for its crucifix (a vampire keeps crucifix holders out of its arc);
        a character that does not move keeps its facing (turning costs a point)."""
        if square == self.me.pos or not self.faced:
            return self.me.facing
        geo = self.t.geo
        near = min(self.faced, key=lambda e: geo.distance(square, e.pos))
        return facing_toward(self.t.board, square, near.pos)

    def safest_facings(self) -> tuple[list[int], np.ndarray]:
        """For every square it can reach, the facing it ends its move with and the danger
        there. A vampire faces the nearest enemy without a crucifix (:meth:`end_facing`); a
        hunter the side where it is in least danger (it may turn its back on a vampire that
        would mesmerize it, at the cost of being outflanked); a character that does not
        move keeps its facing."""
        squares, spared = self.squares, [-1] * len(self.squares)
        if self.t.is_vampire(self.me) or not self.faced:
            facings = self.end_facings()
            return facings, self.dangers.of(squares, facings, spared)
        each = self.dangers.of_every_facing(squares, spared)
        best = np.argmin(each, axis=0)
        best[self.squares_array == self.me.pos] = self.me.facing
        cols = np.arange(len(squares))
        return [int(f) for f in best], each[best, cols]

    def end_facings(self) -> list[int]:
        """:meth:`end_facing` for every square it can reach (numpy)."""
        if not self.faced:
            return [self.me.facing] * len(self.squares)
        geo = self.t.geo
        ex = np.array([geo.xs[e.pos] for e in self.faced])[:, None]
        ey = np.array([geo.ys[e.pos] for e in self.faced])[:, None]
        dx, dy = ex - self.xs[None, :], ey - self.ys[None, :]
        near = np.argmin(np.maximum(np.abs(dx), np.abs(dy)), axis=0)
        cols = np.arange(len(self.squares))
        dx, dy = dx[near, cols], dy[near, cols]
        facings = np.where(np.abs(dx) >= np.abs(dy), np.where(dx > 0, 1, 3),
                           np.where(dy > 0, 2, 0))
        facings[self.squares_array == self.me.pos] = self.me.facing
        return [int(f) for f in facings]

    # -- walking -------------------------------------------------------------------------------
    def best_walk(self) -> Plan:
        """The best move without an attack: where it ends, solid or as mist."""
        t, me, ap = self.t, self.me, self.ap
        squares, costs = self.squares, self.costs
        gain = self.progress_to_each() - 0.01 * costs
        facings, danger = self.safest_facings()
        solid = self.stake * danger
        as_mist = np.zeros(len(squares)) if t.mist_lasts else solid
        can_mist = self.mist & (ap - costs >= MIST)
        # (values, facing (-1: the end facing), turns solid at the end, turns to mist)
        options: list[tuple[np.ndarray, int, bool, bool]]
        if me.misted:  # stay mist, or turn solid at the end
            firm = np.where(can_mist & np.array([t.may_turn_solid(me, s) for s in squares]),
                            gain - solid, -np.inf)
            options = [(gain - as_mist, me.facing, False, False), (firm, -1, True, False)]
        else:  # stay solid, or turn to mist at the end
            mist = np.where(can_mist, gain - MIST_COST - as_mist, -np.inf)
            options = [(gain - solid, -1, False, False), (mist, -1, False, True)]
        best: Plan | None = None
        for values, facing, turns_solid, mist_after in options:
            i = int(np.argmax(values))
            plan = Plan(float(values[i]), squares[i], facings[i] if facing < 0 else facing,
                        solid=turns_solid, mist_after=mist_after)
            if best is None or plan.value > best.value:
                best = plan
        assert best is not None
        return best

    # -- attacking -----------------------------------------------------------------------------
    def weighed(self, strikes: list[Strike]) -> Iterable[Plan]:
        """The attack plans with the danger where each ends taken off their values."""
        if not strikes:
            return []
        plans = [s[1] for s in strikes]
        danger = self.dangers.of([p.square for p in plans], [p.facing for p in plans],
                                 [self.dangers.index(s[3]) for s in strikes])
        safe = np.array([s[2] and self.t.mist_lasts for s in strikes])
        values = np.array([s[0] for s in strikes]) - np.where(safe, 0.0, self.stake * danger)
        return [Plan(v, p.square, p.facing, p.attack, p.target, p.tries, p.solid, p.mist_after)
                for p, v in zip(plans, values.tolist(), strict=True)]

    def attacks(self) -> Iterable[Strike]:
        t, me = self.t, self.me
        for target in t.targets_of(me):
            yield from self.close_attacks(target)
            if can_shoot(t, me) or (can_mesmerize(t, me) and t.is_hunter(target)
                                    and t.free_minion):
                yield from self.ranged_attacks(target)

    def close_attacks(self, target: Piece) -> Iterable[Strike]:
        t, me = self.t, self.me
        prize = t.prize(me, target)
        # a crucifix holder that survives turns to face the vampire for free: held back,
        # the vampire gets no second try
        once = t.is_vampire(me) and t.holds(target, "crucifix")
        holder = once and t.is_hunter(target)  # its crucifix may hold the vampire back
        for d in range(8):
            square = t.geo.steps[target.pos][d]
            if square not in self.found or (me.misted and not t.may_turn_solid(me, square)):
                continue
            left = self.ap - self.found[square][0] - (MIST if me.misted else 0)
            p = close_odds(t, me, square, target)
            for facing in _FACING_THE_SQUARE_BEHIND[d]:  # the target in front of it
                if holder and t.held_by_crucifix(me, square, facing, target):
                    continue
                yield from self.tries(left, square, facing, target.id, p, CLOSE, "close",
                                      prize, once)

    def ranged_attacks(self, target: Piece) -> Iterable[Strike]:
        t, me, board = self.t, self.me, self.t.board
        x, y = t.geo.xs[target.pos], t.geo.ys[target.pos]
        left, right, top, bottom = self.box
        if not (left - RANGE_MAX <= x <= right + RANGE_MAX
                and top - RANGE_MAX <= y <= bottom + RANGE_MAX):
            return  # out of range of every square it can reach
        mesmer = can_mesmerize(t, me)
        kind = "mesmerize" if mesmer else "ranged"
        prize = t.prize(me, target)
        if mesmer:
            prize = self.mesmerize_prize(target, prize)
        gaze = mesmerize_odds(t, me, target) if mesmer else 0.0
        costs = self.shot_costs
        # 2 to 6 squares away, no wall between (line of sight runs both ways), and the
        # points to shoot left
        near = t.geo.in_range_array(target.pos)[self.squares_array] & self.can_shoot_from
        for i in np.flatnonzero(near).tolist():
            square, cost = self.squares[i], int(costs[i])
            if me.misted and not t.may_turn_solid(me, square):
                continue
            if mesmer and not t.in_arc(target, square):
                continue  # each must be in the other's arc
            # (facing it, the target is always in the arc's cone)
            facing = facing_toward(board, square, target.pos)
            if not t.clear(square, target.pos):
                continue
            if mesmer and t.held_by_crucifix(me, square, facing, target):
                continue
            p = gaze if mesmer else ranged_odds(t, me, square, target)
            yield from self.tries(self.ap - cost, square, facing, target.id, p, SHOT, kind,
                                  prize, False)

    def tries(self, left: int, square: int, facing: int, target: str, p: float, cost: int,
              kind: str, prize: float, once: bool) -> Iterable[Strike]:
        """Attacking ``target`` (worth ``prize``) from ``square``: as often as the points
        allow (or ``once``), and, for a vampire while mist is allowed, fewer times and then
        turning to mist."""
        me = self.me
        gain = self.progress(square)
        if square == me.pos and facing != me.facing:
            left -= 1  # turning in place to face the target
        tries = left // cost
        if tries >= 1:
            kill = p_within(p, 1 if once else tries)
            plan = Plan(0.0, square, facing, kind, target, tries, solid=me.misted)
            yield prize * kill + gain, plan, False, target if kill > 0.6 else ""
        if self.mist and not me.misted and (left - MIST) // cost >= 1:
            tries = (left - MIST) // cost
            kill = p_within(p, 1 if once else tries)
            plan = Plan(0.0, square, facing, kind, target, tries, mist_after=True)
            yield prize * kill + gain - MIST_COST, plan, True, target if kill > 0.6 else ""

    def mesmerize_prize(self, target: Piece, worth: float) -> float:
        """A mesmerized hunter is lost to the hunters and fights as a minion, unless a
        crucifix holder near it saves it (then it is worth half as much)."""
        geo = self.t.geo
        savers = [h for h in self.t.crucifixes if h.id != target.id
                  and geo.distance(h.pos, target.pos) <= SAVER_REACH]
        return (worth + 2.0) * (0.5 if savers else 1.0)

    # -- the adventure's objectives ------------------------------------------------------------
    def objectives(self) -> Iterable[Plan]:
        """Defiling a coffin, waking Van Helsing, leaving the board, where the briefing
        asks."""
        t, me, ap, found = self.t, self.me, self.ap, self.found
        if not t.is_hunter(me) or me.misted:
            return
        board, spec, obs = t.board, t.spec, t.obs
        if t.adventure == "defile_the_coffins":
            tiles = set(board.area_tiles[spec["coffins"]]) - set(obs["defiled"])
            for square, (cost, _) in found.items():
                if cost <= ap - 3 and board.tile_at(square) in tiles:
                    yield Plan(25.0 - cost, square, self.end_facing(square), "defile")
        exits = _exit_area(t, me)
        if exits:
            for square, (cost, _) in found.items():
                if cost <= ap - 1 and square in board.areas[exits]:
                    yield Plan(60.0 - cost, square, me.facing, "leave")
        vh = t.pieces.get("van_helsing")
        if vh is not None and vh.unconscious and vh.seat == me.seat:
            for d in range(8):
                square = t.geo.steps[vh.pos][d]
                if square in found and found[square][0] <= ap - 3:
                    facing = next(f for f in range(4) if in_front(board, square, f, vh.pos))
                    yield Plan(40.0 - found[square][0], square, facing, "wake")


def _exit_area(t: Table, me: Piece) -> str:
    if t.adventure == "cross_the_catacombs":
        return str(t.spec["exit"])
    if t.adventure == "rescue_van_helsing" and me.kind == "van_helsing":
        return str(t.spec["exit"])
    return ""


__all__ = ["Moves", "Plan", "best_plan", "step_value"]
