"""Bots that play Dracula's Revenge from their seat's observation alone.

:class:`RevengeBot` plays either side with what the rules give it (the weighing is in
``bot_tactics``). When one of its characters is activated it plans the whole move once:
every square it can reach, every enemy it could attack from there (how often, at what
odds, outflanking where it can), the adventure's objective (coffins to defile, Van
Helsing to find, wake and bring out, the exits), and how likely the character is to be
struck down where it ends; then it walks the plan, re-planning when a kill or a reaction
changes the board. Vampires use the mist while it is allowed: they strike and turn to
mist out of reach, or drift through hunters and doors and turn solid behind them; they
keep crucifix holders out of their arc (a holder they face holds them back) and turn to
face any other attacker. Dracula fights, with his worth to his side weighed against the
danger. Crucifix holders face the vampires that threaten them. Reaction Points go on
reaction attacks with good odds, on a crucifix turned on a vampire, and on mist when a
vampire is about to be struck. On the Action Timeline a bot plays a living character's
card or, a quarter of the time, passes.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from gothic_kernel import Action

from .actions import (
    ChooseSecretRoom,
    CloseAttack,
    Decline,
    Defile,
    DoneRecruiting,
    EndMove,
    Enter,
    FaceAttacker,
    Feed,
    Leave,
    Mesmerize,
    Move,
    OpenDoor,
    Pass,
    Place,
    PlaceVanHelsing,
    PlayCard,
    RangedAttack,
    Recruit,
    SettleMist,
    Turn,
    TurnSolid,
    TurnToMist,
    Wake,
)
from .board import DIRECTION_VECTORS, DIRECTIONS, FACING_VECTORS, FACINGS, Board
from .bot_plans import Plan, best_plan
from .bot_tactics import (
    MIST,
    Piece,
    Table,
    close_odds,
    danger,
    distances,
    facing_toward,
    goal_squares,
    mesmerize_odds,
    ranged_odds,
    step_direction,
)
from .sight import in_arc_cone

#: Reaction Points a reaction attack costs, by kind.
_REACTION_COST = {CloseAttack: 1, RangedAttack: 2, Mesmerize: 2, Turn: 1, TurnToMist: 4}


def _nearest(board: Board, squares: list[int]) -> Sequence[int]:
    """The range from every square to the nearest of ``squares`` (0 everywhere if there
    are none), read off the board's rows of ranges."""
    rows = [board.distances_from(s) for s in squares]
    if not rows:
        return bytes(board.size)
    return rows[0] if len(rows) == 1 else list(map(min, *rows))


def _as_listed(legal: list[Action], action: Action) -> Action:
    """The listed action equal to ``action`` (the same action: handing the listed object
    back spares ``apply`` its membership test by value)."""
    for listed in legal:
        if listed is action:
            return listed
    for listed in legal:
        if listed == action:
            return listed
    return action


class RevengeBot:
    """A seeded bot for either side (Agent protocol). It reads its observation only for
    a decision with a choice to weigh (``lazy_observation``: declining with nothing else
    to do, or passing with no card to play, works nothing out)."""

    lazy_observation = True

    def __init__(self, seed: int | None = None, pass_rate: float = 0.25) -> None:
        self.rng = random.Random(seed)
        self.pass_rate = pass_rate
        #: The plan of the character being moved: (activation, character), the plan, and
        #: the square the character should stand on now.
        self._plan: tuple[tuple[int, str], Plan, int] | None = None

    def choose(self, seat: str, observation: Mapping[str, Any],
               legal_actions: Sequence[Action]) -> Action:
        legal = list(legal_actions)
        return _as_listed(legal, self._choose(seat, observation, legal))

    def _choose(self, seat: str, observation: Mapping[str, Any],
                legal: list[Action]) -> Action:
        kinds = {type(a) for a in legal}
        if kinds <= {PlayCard, Pass}:
            return self._timeline(observation, seat, legal)
        if Recruit in kinds or DoneRecruiting in kinds:
            buys = [a for a in legal if isinstance(a, Recruit)]
            return self.rng.choice(buys) if buys else legal[-1]
        if kinds & {ChooseSecretRoom, PlaceVanHelsing}:
            return self.rng.choice(legal)
        if kinds == {Decline}:
            return Decline()  # nothing to react with (no Reaction Points left lists none)
        t = Table(observation, seat)
        if Feed in kinds:
            return self._feed(t, legal)
        if FaceAttacker in kinds:
            return self._face(t, legal)
        if Place in kinds:
            return self._place(t, legal)
        if SettleMist in kinds:
            return self._settle(t, legal)
        return self._act(t, legal, Enter in kinds)

    # -- the timeline -----------------------------------------------------------------------
    def _timeline(self, obs: Mapping[str, Any], seat: str, legal: list[Action]) -> Action:
        """Pass a quarter of the time while the other side holds cards; else play the card
        of the character nearest the enemy (with some chance)."""
        cards = [a for a in legal if isinstance(a, PlayCard)]
        if not cards:
            return legal[0]
        others = sum(h["count"] for s, h in obs["hands"].items() if s != seat)
        if Pass() in legal and others and self.rng.random() < self.pass_rate:
            return Pass()
        by_id: dict[str, Mapping[str, Any]] = {}
        for f in obs["figures"]:
            by_id.setdefault(f["id"], f)
        figures = [f for f in obs["figures"] if f["square"] is not None]
        squares: dict[str, list[tuple[int, int]]] = {}  # each owner's enemies' squares
        urgency = {c.card: self._urgency(by_id.get(c.card), figures, squares) for c in cards}
        live = [a for a in cards if urgency[a.card] > -100]
        if not live:
            return self.rng.choice(cards)
        return max(live, key=lambda a: urgency[a.card] + self.rng.random() * 3)

    @staticmethod
    def _urgency(me: Mapping[str, Any] | None, figures: list[Mapping[str, Any]],
                 squares: dict[str, list[tuple[int, int]]]) -> float:
        """How much a character (``me``: its figure) wants to act now: the nearer an
        enemy, the sooner (a dead character's card, -1000, is played last). ``squares``
        keeps each owner's enemies' squares, found once per decision."""
        if me is None or me["exited"]:
            return -1000.0
        if me["square"] is None:
            return 0.0
        (x, y), owner = me["square"], me["seat"]
        enemies = squares.get(owner)
        if enemies is None:
            enemies = squares[owner] = [(f["square"][0], f["square"][1]) for f in figures
                                        if f["seat"] != owner]
        return -float(min((max(abs(ex - x), abs(ey - y)) for ex, ey in enemies), default=20))

    # -- decisions outside a move -----------------------------------------------------------
    def _feed(self, t: Table, legal: list[Action]) -> Action:
        """Feed, unless the vampire is the active character with points left to strike an
        enemy in front of it (feeding ends its move)."""
        active = t.obs["active"]
        pending = t.obs["pending"] or {}
        me = t.pieces.get(str(pending.get("figure", "")))
        if me is not None and active is not None and active["character"] == me.id \
                and int(active["action_points_left"]) >= 2 and any(
                    close_odds(t, me, me.pos, e) >= 0.4 for e in t.targets_of(me)
                    if in_arc_cone(t.board, me.pos, me.facing, e.pos)
                    and t.geo.distance(me.pos, e.pos) == 1):
            return Feed(False)
        return Feed(True)

    def _face(self, t: Table, legal: list[Action]) -> Action:
        """Turn to face the attacker, but a vampire keeps a crucifix holder out of its arc
        (facing it, the vampire could neither attack nor approach it)."""
        pending = t.obs["pending"] or {}
        attacker = t.pieces.get(str(pending.get("other", "")))
        me = t.pieces.get(str(pending.get("figure", "")))
        keep = legal[-1]
        if me is None or attacker is None:
            return keep
        if t.is_vampire(me) and t.is_hunter(attacker) and t.holds(attacker, "crucifix"):
            return keep
        return legal[0]

    def _place(self, t: Table, legal: list[Action]) -> Action:
        """A starting character: on the adventure's tiles facing the way the enemy comes;
        on your own adventure's board, hunters close together, vampires a few squares from
        the hunters, facing them."""
        board = t.board
        pending = t.obs["pending"] or {}
        me_id = str(pending.get("figure", ""))
        friends = [p.pos for p in t.pieces.values() if p.seat == t.seat]
        enemies = [p.pos for p in t.pieces.values() if p.seat != t.seat]
        toward = enemies or self._entrances(t)
        squares = sorted({board.index(*a.square) for a in legal if isinstance(a, Place)})
        if not squares:
            return self.rng.choice(legal)

        # the range to the nearest enemy, friend and square it faces, for every square
        near_enemy, near_friend = _nearest(board, enemies), _nearest(board, friends)
        deep = near_enemy if enemies else _nearest(board, toward)

        def score(square: int) -> float:
            if enemies:  # your own adventure: a few squares from the enemy, together
                return -abs(near_enemy[square] - 3) - 0.5 * near_friend[square] \
                    + self.rng.random()
            # else deep in the lair
            return deep[square] - 0.5 * near_friend[square] + self.rng.random()

        square = max(squares, key=score)
        facing = "n"
        if toward:
            near = min(toward, key=lambda e: t.geo.distance(square, e))
            facing = FACINGS[facing_toward(board, square, near)]
        return Place(me_id, board.xy(square), facing)

    @staticmethod
    def _entrances(t: Table) -> list[int]:
        areas = [a for a in t.board.areas if "entrance" in a]
        return [s for a in areas for s in t.board.areas[a]]

    def _settle(self, t: Table, legal: list[Action]) -> Action:
        """Sunrise: each misted vampire turns solid facing the nearest enemy."""
        best: tuple[float, Action] | None = None
        for a in legal:
            assert isinstance(a, SettleMist)
            me = t.pieces[a.character]
            square = t.board.index(*a.square)
            facing = FACINGS.index(a.facing)
            score = -danger(t, me, square, facing) + self.rng.random() * 0.01
            if best is None or score > best[0]:
                best = (score, a)
        assert best is not None
        return best[1]

    # -- moving and fighting ----------------------------------------------------------------
    def _act(self, t: Table, legal: list[Action], entering: bool = True) -> Action:
        """The active character's next action, else a reaction, else the quiet choice
        (``entering``: some of ``legal`` are Enter actions)."""
        active = t.obs["active"]
        quiet = legal[-1] if isinstance(legal[-1], (EndMove, Decline)) else None
        if active is not None and active["seat"] == t.seat and not isinstance(quiet, Decline) \
                and not active["move_over"]:
            fid = str(active["character"])
            ap = int(active["action_points_left"])
            enter = [a for a in legal if isinstance(a, Enter) and a.character == fid] \
                if entering else []
            if enter:
                return self._enter(t, fid, enter)
            me = t.pieces.get(fid)
            if me is not None and me.seat == t.seat and not me.unconscious:
                action = self._move(t, me, ap, legal)
                if action != EndMove():
                    return action
        reaction = self._react(t, legal)
        if reaction is not None:
            return reaction
        return quiet if quiet is not None else self.rng.choice(legal)

    def _enter(self, t: Table, fid: str, legal: Sequence[Enter]) -> Action:
        """Enter on the square nearest the goal, facing it."""
        board = t.board
        figure = t.waiting[fid]
        me = Piece(figure, -1)
        goals = goal_squares(t, me)
        dist = distances(board, goals)

        def score(a: Enter) -> float:
            square = board.index(*a.square)
            ahead = 0.0
            if goals:
                near = min(goals, key=lambda g: t.geo.distance(square, g))
                ahead = 0.5 * in_arc_cone(board, square, FACINGS.index(a.facing), near)
            return -float(dist[square]) + ahead + self.rng.random() * 0.01

        return max(legal, key=score)

    def _move(self, t: Table, me: Piece, ap: int, legal: list[Action]) -> Action:
        """The next action of the active character's plan (planned afresh when the board
        is not as the plan left it)."""
        key = (int(t.obs["timer"]["activation"]), me.id)
        for fresh in (False, True):
            if fresh or self._plan is None or self._plan[0] != key or self._plan[2] != me.pos:
                self._plan = (key, best_plan(t, me, ap), me.pos)
            plan = self._plan[1]
            action = self._next_of_plan(t, me, ap, plan)
            if action is None:
                continue  # its target is gone: plan again with the points left
            listed = next((a for a in legal if a == action), None)
            if listed is not None:  # (handed back itself: choose finds it by identity)
                if isinstance(action, Move):
                    self._plan = (key, plan, plan.path[self._walked(me, plan)])
                return listed
        return self._fallback(t, me, legal)

    def _walked(self, me: Piece, plan: Plan) -> int:
        """How many squares of the plan's path are behind ``me``."""
        return plan.path.index(me.pos) + 1 if me.pos in plan.path else 0

    def _next_of_plan(self, t: Table, me: Piece, ap: int, plan: Plan) -> Action | None:
        """The plan's next action; None once the enemy it attacks is gone."""
        walked = self._walked(me, plan)
        if walked < len(plan.path):
            nxt = plan.path[walked]
            d = step_direction(t.board, me.pos, nxt)
            if not me.misted and (t.closed >> nxt) & 1:  # a closed door: face it, open it
                facing = facing_toward(t.board, me.pos, nxt)
                return OpenDoor(me.id) if facing == me.facing else Turn(me.id, FACINGS[facing])
            last = walked == len(plan.path) - 1
            facing = me.facing if me.misted else (
                plan.facing if last else self._travel_facing(t, me, nxt, d))
            return Move(me.id, DIRECTIONS[d], FACINGS[facing])
        if me.misted and plan.solid:
            return TurnSolid(me.id, FACINGS[plan.facing])
        if not me.misted and plan.attack in ("close", "ranged", "mesmerize", "wake") \
                and me.facing != plan.facing:
            return Turn(me.id, FACINGS[plan.facing])
        if plan.target and plan.target not in t.pieces:
            return None
        action = self._strike(t, me, ap, plan)
        if action is not None:
            return action
        if plan.mist_after and not me.misted and ap >= MIST:
            return TurnToMist(me.id)
        return EndMove()

    def _strike(self, t: Table, me: Piece, ap: int, plan: Plan) -> Action | None:
        reserve = MIST if plan.mist_after else 0
        if plan.attack == "defile":
            return Defile(me.id)
        if plan.attack == "wake":
            return Wake(me.id)
        if plan.attack == "leave":
            return Leave(me.id)
        target = t.pieces.get(plan.target)
        if target is None or target.misted or target.seat == me.seat:
            return None
        if plan.attack == "close" and ap - reserve >= 1:
            save = target.kind == "minion" and t.holds(me, "crucifix") and t.is_hunter(me)
            return CloseAttack(me.id, target.id, save=save)
        if plan.attack == "ranged" and ap - reserve >= 2:
            return RangedAttack(me.id, target.id)
        if plan.attack == "mesmerize" and ap - reserve >= 2:
            return Mesmerize(me.id, target.id)
        return None

    def _travel_facing(self, t: Table, me: Piece, square: int, direction: int) -> int:
        """Facing while on the way: the way it goes, but a vampire turns its back on a
        crucifix holder it would otherwise face within reach of the crucifix."""
        dx, dy = DIRECTION_VECTORS[direction]
        options: list[int] = [f for f, (fx, fy) in enumerate(FACING_VECTORS)
                              if (fx and fx == dx) or (fy and fy == dy)]
        if not t.is_vampire(me):
            return options[0]
        holders = [e for e in t.enemies_of(me) if t.holds(e, "crucifix") and t.is_hunter(e)
                   and t.geo.distance(square, e.pos) <= 4]
        for facing in [*options, 0, 1, 2, 3]:
            if not any(in_arc_cone(t.board, square, facing, h.pos) for h in holders):
                return facing
        return options[0]

    def _fallback(self, t: Table, me: Piece, legal: list[Action]) -> Action:
        """The plan cannot be played (a crucifix holds the character back, a door is shut):
        attack what it can, open a door, or step toward its goal; else end the move."""
        best: tuple[float, Action] | None = None
        for a in legal:
            if getattr(a, "character", "") != me.id:
                continue
            score = self._attack_value(t, a, reacting=False) if isinstance(
                a, (CloseAttack, RangedAttack, Mesmerize)) else 0.0
            if isinstance(a, OpenDoor):
                score = 0.5
            if isinstance(a, (Defile, Wake, Leave)):
                score = 50.0
            if score > 0.3 and (best is None or score > best[0]):
                best = (score, a)
        if best is not None:
            return best[1]
        dist = distances(t.board, goal_squares(t, me))
        moves = [a for a in legal if isinstance(a, Move) and a.character == me.id
                 and dist[t.board.step(me.pos, DIRECTIONS.index(a.direction))] < dist[me.pos]]
        if moves and self.rng.random() < 0.5:
            return self.rng.choice(moves)
        return EndMove() if EndMove() in legal else legal[-1]

    # -- reactions --------------------------------------------------------------------------
    def _attack_value(self, t: Table, a: Action, reacting: bool) -> float:
        assert isinstance(a, (CloseAttack, RangedAttack, Mesmerize))
        me, target = t.pieces.get(a.character), t.pieces.get(a.target)
        if me is None or target is None:
            return 0.0
        if isinstance(a, CloseAttack):
            p = close_odds(t, me, me.pos, target, reacting)
            if target.kind == "minion" and not a.save and t.holds(me, "crucifix"):
                return 0.0  # a crucifix holder saves minions rather than killing them
        elif isinstance(a, RangedAttack):
            p = ranged_odds(t, me, me.pos, target, reacting)
        else:
            p = mesmerize_odds(t, me, target, reacting)
        return p * t.prize(me, target)

    def _react(self, t: Table, legal: list[Action]) -> Action | None:
        """The best reaction worth its Reaction Points, or None."""
        left = t.obs["reaction_points"][t.seat]["left"] or 0
        best: tuple[float, Action] | None = None
        held: dict[str, list[Piece]] = {}  # per crucifix holder: the vampires it may face
        for a in legal:
            cost = _REACTION_COST.get(type(a))
            if cost is None or cost > left:
                continue
            value = self._reaction_value(t, a, held)
            if value > 1.5 * cost and (best is None or value > best[0]):
                best = (value, a)
        return None if best is None else best[1]

    def _reaction_value(self, t: Table, a: Action, held: dict[str, list[Piece]]) -> float:
        if isinstance(a, (CloseAttack, RangedAttack, Mesmerize)):
            value = self._attack_value(t, a, reacting=True)
            striker, target = t.pieces[a.character], t.pieces[a.target]
            if isinstance(a, CloseAttack) and t.holds(target, "crucifix") \
                    and t.is_vampire(striker):
                value -= 0.3 * t.worth(striker)  # a holder that survives faces it: held back
            return value if value >= 1.5 else 0.0
        me = t.pieces.get(getattr(a, "character", ""))
        if me is None:
            return 0.0
        if isinstance(a, TurnToMist):
            return t.worth(me) * danger(t, me, me.pos, me.facing)
        if isinstance(a, Turn) and t.holds(me, "crucifix") and t.is_hunter(me):
            behind = held.get(me.id)
            if behind is None:
                behind = held[me.id] = self._vampires_behind(t, me)
            facing = FACINGS.index(a.facing)
            return t.worth(me) if any(in_arc_cone(t.board, me.pos, facing, v.pos)
                                      for v in behind) else 0.0
        return 0.0

    @staticmethod
    def _vampires_behind(t: Table, me: Piece) -> list[Piece]:
        """The vampires within 2 squares of the crucifix holder ``me``, out of its arc and
        with it in theirs: turned to face one, it holds the vampire back ("The Crucifix";
        the same for every way it may turn, so worked out once per decision)."""
        return [v for v in t.targets_of(me) if t.is_vampire(v)
                and t.geo.distance(me.pos, v.pos) <= 2
                and not in_arc_cone(t.board, me.pos, me.facing, v.pos) and t.in_arc(v, me.pos)]


__all__ = ["FACINGS", "RevengeBot", "distances"]
