"""Bots that play Dracula's Revenge sensibly from their seat's observation alone.

:class:`RevengeBot` plays either side. It reads the public board (the map named in
the observation), its own figures, the enemies it can see on the table and its
legal actions, and plays greedily: attack when it can, otherwise head for its
goal (the nearest enemy, a coffin to defile, the exit, Van Helsing's room), with
doors opened on the way. It spends Reaction Points only on reaction attacks, and
mixes passing and playing on the Action Timeline.
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any

import numpy as np

from gothic_kernel import Action

from .actions import (
    ChooseSecretRoom,
    CloseAttack,
    CloseDoor,
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
    PlayCard,
    RangedAttack,
    Recruit,
    Turn,
    TurnSolid,
    TurnToMist,
    Wake,
)
from .board import DIRECTION_VECTORS, DIRECTIONS, FACINGS, Board, load_board
from .data import load

_COSTS = {Move: 1, Turn: 1, Enter: 1, Leave: 1, OpenDoor: 1, CloseDoor: 1, CloseAttack: 1,
          RangedAttack: 2, Mesmerize: 2, Defile: 3, Wake: 3, TurnToMist: 4, TurnSolid: 4}


@lru_cache(maxsize=256)
def distances(board: Board, goals: frozenset[int]) -> np.ndarray:
    """Steps from every square to the nearest goal, through open squares and doorways."""
    dist = np.full(board.size, 10_000, dtype=np.int32)
    todo: deque[int] = deque()
    for g in goals:
        if g >= 0 and board.open[g]:
            dist[g] = 0
            todo.append(g)
    while todo:
        c = todo.popleft()
        for d in range(8):
            n = board.step(c, d)
            if n >= 0 and board.open[n] and dist[n] > dist[c] + 1:
                dist[n] = dist[c] + 1
                todo.append(n)
    return dist


class RevengeBot:
    """A greedy, seeded bot for either side (Agent protocol)."""

    def __init__(self, seed: int | None = None, pass_rate: float = 0.25) -> None:
        self.rng = random.Random(seed)
        self.pass_rate = pass_rate

    def choose(self, seat: str, observation: Mapping[str, Any],
               legal_actions: Sequence[Action]) -> Action:
        legal = list(legal_actions)
        kinds = {type(a) for a in legal}
        if kinds <= {PlayCard, Pass}:
            return self._timeline(observation, seat, legal)
        if Recruit in kinds or DoneRecruiting in kinds:
            buys = [a for a in legal if isinstance(a, Recruit)]
            return self.rng.choice(buys) if buys else legal[-1]
        if Feed in kinds:
            return Feed(True)
        if FaceAttacker in kinds:
            return legal[0]
        if ChooseSecretRoom in kinds:
            return self.rng.choice(legal)
        if EndMove in kinds or Decline in kinds or Enter in kinds or Move in kinds:
            return self._act(seat, observation, legal)
        return self._place(seat, observation, legal)

    # -- the timeline --------------------------------------------------------------------------
    def _timeline(self, obs: Mapping[str, Any], seat: str, legal: list[Action]) -> Action:
        cards = [a for a in legal if isinstance(a, PlayCard)]
        if not cards:
            return legal[0]
        others = sum(h["count"] for s, h in obs["hands"].items() if s != seat)
        if Pass() in legal and others and self.rng.random() < self.pass_rate:
            return Pass()
        mine = {f["id"]: f for f in obs["figures"] if f["seat"] == seat}
        live = [a for a in cards if isinstance(a, PlayCard) and a.card in mine]
        return self.rng.choice(live or cards)

    # -- placing ---------------------------------------------------------------------------------
    def _place(self, seat: str, obs: Mapping[str, Any], legal: list[Action]) -> Action:
        return self.rng.choice(legal)

    # -- moving and fighting ----------------------------------------------------------------------
    def _act(self, seat: str, obs: Mapping[str, Any], legal: list[Action]) -> Action:
        board = load_board(obs["map"], obs.get("data_dir", ""))
        active = obs["active"]
        reacting = Decline() in legal or active is None or active["seat"] != seat
        ap = 0 if reacting else int(active["action_points_left"])
        figs = {f["id"]: f for f in obs["figures"]}
        best: tuple[float, Action] | None = None
        for action in legal:
            if isinstance(action, (EndMove, Decline)):
                continue
            cost = _COSTS.get(type(action), 1)
            who = getattr(action, "character", "")
            own_move = active is not None and who == active["character"] and not reacting
            if not own_move and not isinstance(action, (CloseAttack, RangedAttack, Mesmerize)):
                continue  # Reaction Points go on reaction attacks only
            if own_move and cost > ap:
                continue
            score = self._score(seat, obs, board, figs, action)
            if score > 0 and (best is None or score > best[0]):
                best = (score + self.rng.random() * 0.01, action)
        if best is not None:
            return best[1]
        wander = [a for a in legal if isinstance(a, Move) and active is not None
                  and a.character == active["character"] and not reacting and ap >= 1]
        if wander and self.rng.random() < 0.3:
            return self.rng.choice(wander)  # step aside: breaks a jam in a corridor
        for quit_ in (EndMove(), Decline()):
            if quit_ in legal:
                return quit_
        return self.rng.choice(legal)

    def _goals(self, seat: str, obs: Mapping[str, Any], board: Board,
               figs: dict[str, Any], me: dict[str, Any]) -> frozenset[int]:
        side = obs["sides"][seat]
        adv = obs["adventure"]
        spec = load(obs.get("data_dir", ""))["adventures"]["adventures"][adv]
        enemies = [board.index(*f["square"]) for f in figs.values()
                   if f["seat"] != seat and f["square"] is not None and not f["misted"]]
        if side == "hunters" and me["kind"] != "minion":
            if adv == "defile_the_coffins":
                left = [t for t in board.area_tiles[spec["coffins"]] if t not in obs["defiled"]]
                squares = [s for t in left for s in board.tile_squares(t)]
                if squares:
                    return frozenset(squares)
            if adv == "cross_the_catacombs":
                return board.areas[spec["exit"]]
            if adv == "rescue_van_helsing":
                vh = figs.get("van_helsing")
                if me["kind"] == "van_helsing":
                    return board.areas[spec["exit"]]
                if vh is not None and vh["unconscious"] and vh["square"] is not None:
                    return frozenset([board.index(*vh["square"])])
                if not obs["van_helsing"]["found"]:
                    rooms = board.area_tiles[spec["secret_room"]]
                    return frozenset(s for t in rooms for s in board.tile_squares(t))
        return frozenset(enemies)

    def _score(self, seat: str, obs: Mapping[str, Any], board: Board,
               figs: dict[str, Any], action: Action) -> float:
        if isinstance(action, (Defile, Wake, Leave)):
            return 500.0
        if isinstance(action, CloseAttack):
            return 300.0 + (50 if action.save else 0)
        if isinstance(action, RangedAttack):
            return 250.0
        if isinstance(action, Mesmerize):
            return 200.0
        me = figs[action.character]  # type: ignore[attr-defined]
        if isinstance(action, TurnToMist):
            return 0.0
        if isinstance(action, (OpenDoor, TurnSolid)):
            return 40.0
        if isinstance(action, CloseDoor):
            return 0.0
        if me["kind"] == "dracula" and obs["adventure"] == "destroy_dracula" and any(
                f["seat"] == seat and f["kind"] != "dracula" and f["kind"] != "minion"
                for f in figs.values()):
            return 0.0  # Dracula lets his brood meet the hunters and strikes what comes near
        goals = self._goals(seat, obs, board, figs, me)
        if not goals:
            return 0.0
        dist = distances(board, goals)
        if isinstance(action, Enter):
            return 100.0 - float(dist[board.index(*action.square)]) + self._facing_bonus(
                board, board.index(*action.square), action.facing, goals)
        here = board.index(*me["square"])
        if isinstance(action, Move):
            d = DIRECTIONS.index(action.direction)
            to = board.step(here, d)
            gain = float(dist[here] - dist[to])
            if gain <= 0 and here not in goals:
                return 0.0
            if dist[here] == 0:
                return 0.0
            return 10.0 * gain + self._facing_bonus(board, to, action.facing, goals)
        if isinstance(action, Turn):
            if dist[here] > 2:
                return 0.0
            return 5.0 * self._facing_bonus(board, here, action.facing, goals) - 4.0
        return 0.0

    @staticmethod
    def _facing_bonus(board: Board, square: int, facing: str, goals: frozenset[int]) -> float:
        """1 if the nearest goal lies ahead of this facing."""
        if not goals:
            return 0.0
        x, y = board.xy(square)
        gx, gy = board.xy(min(goals, key=lambda g: board.distance(square, g)))
        fx, fy = DIRECTION_VECTORS[DIRECTIONS.index(facing)]
        ahead = (gx - x) * fx + (gy - y) * fy
        side = abs((gx - x) * -fy + (gy - y) * fx)
        return 1.0 if ahead > 0 and side <= ahead else 0.0


__all__ = ["FACINGS", "RevengeBot", "distances"]
