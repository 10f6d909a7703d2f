"""Bots that play VAMPYRE sensibly, from their seat's observation only.

:class:`HunterBot` plays every form a player can take:

* a hunter in Transylvania heads for the nearest large hex it may search
  (preferring to end its move in one, then on safe clear ground), searches
  whenever it can, takes the cure at The Standing Stones whenever bitten,
  and only attacks converted players when the odds favour it;
* a nosferatu or player werewolf closes in on the nearest hunter and attacks;
* inside Castle Dracula a hunter makes for the nearest face-down guardian (or
  the revealed Count), cures wounds when it can, and avoids the converted.

The maps are public, so the bot reads them; everything else comes from the
observation. Ties are broken by a seeded random stream, so games replay.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from gothic_kernel import Action, Dice

from .actions import (
    ChooseItem,
    DeclareSilverBullet,
    HealWound,
    LeadAstray,
    LookAtCounter,
    Move,
    RestAtStandingStones,
    Search,
)
from .board import CastleMap, Transylvania
from .odds import victory_chance
from .state import THE_STANDING_STONES, load_world

SAFE_TERRAIN = ("clear", "large")
ITEM_PREFERENCE = ("the_host", "silver_crucifix", "gun", "knife", "silver_bullet",
                   "holy_water")


class HunterBot:
    """A sensible player for every seat of VAMPYRE."""

    def __init__(self, seed: int | None = None, data_dir: str = "") -> None:
        self._dice = Dice(seed)
        world = load_world(data_dir)
        self.board: Transylvania = world.transylvania
        self.castle: CastleMap = world.castle
        self.rules = world.rules

    # -- the Agent protocol -------------------------------------------------------------------
    def choose(self, seat: str, observation: Mapping[str, Any],
               legal_actions: Sequence[Action]) -> Action:
        if len(legal_actions) == 1:
            return legal_actions[0]
        kinds = {type(a) for a in legal_actions}
        me = observation["players"][seat]
        if HealWound in kinds:
            return next(a for a in legal_actions if isinstance(a, HealWound))
        if RestAtStandingStones in kinds:
            return next(a for a in legal_actions if isinstance(a, RestAtStandingStones))
        if Search in kinds:
            return next(a for a in legal_actions if isinstance(a, Search))
        if DeclareSilverBullet in kinds:
            return DeclareSilverBullet(self._fire(observation))
        if ChooseItem in kinds:
            return self._item(me, legal_actions)
        if LookAtCounter in kinds:
            return self._look(me, legal_actions)
        if LeadAstray in kinds:
            return self._astray(observation, legal_actions)
        moves = [a for a in legal_actions if isinstance(a, Move)]
        if moves:
            return self._move(seat, observation, moves)
        return legal_actions[0]

    # -- decisions ------------------------------------------------------------------------------
    def _pick(self, scored: list[tuple[float, Action]]) -> Action:
        best = max(s for s, _ in scored)
        top = [a for s, a in scored if s == best]
        return self._dice.choice(top)

    @staticmethod
    def _fire(observation: Mapping[str, Any]) -> bool:
        pending = observation["pending"]
        fight = pending.get("fight") if pending else None
        if fight and fight.get("opponent"):
            return True  # a player werewolf killed for good
        wolves = [p for p in observation["players"].values()
                  if p["form"] == "player_werewolf" and not p["out"]]
        return not wolves  # keep the bullet while a player werewolf roams

    @staticmethod
    def _item(me: Mapping[str, Any], actions: Sequence[Action]) -> Action:
        have = set(me["items"])
        for item in ITEM_PREFERENCE:
            if item not in have:
                return next(a for a in actions if isinstance(a, ChooseItem) and a.item == item)
        return actions[0]

    def _look(self, me: Mapping[str, Any], actions: Sequence[Action]) -> Action:
        here = me["location"]
        return min(actions, key=lambda a: self.board.distance(here, a.large_hex)
                   if isinstance(a, LookAtCounter) and here in self.board.index else 0)

    def _astray(self, observation: Mapping[str, Any], actions: Sequence[Action]) -> Action:
        goals = [h for h, v in observation["large_hexes"].items() if v["counters"]]

        def far(a: Action) -> float:
            assert isinstance(a, LeadAstray)
            return float(min((self.board.distance(a.to, g) for g in goals), default=0))

        return self._pick([(far(a), a) for a in actions])

    # -- moving ---------------------------------------------------------------------------------
    def _move(self, seat: str, observation: Mapping[str, Any], moves: list[Move]) -> Action:
        me = observation["players"][seat]
        if observation["stage"] == "castle_dracula":
            if me["form"] == "hunter" and not me["possessed"]:
                return self._castle_hunter(seat, observation, moves)
            return self._hunt_hunters(seat, observation, moves, self.castle.distance)
        if me["form"] != "hunter":
            return self._hunt_hunters(seat, observation, moves, self.board.distance)
        return self._transylvania_hunter(seat, observation, moves)

    def _attack_value(self, me: Mapping[str, Any], observation: Mapping[str, Any],
                      target: str) -> float:
        """Positive when an attack is worth making (victory more likely than harm)."""
        if target == "count_dracula":
            monster = "dracula"
        else:
            foe = observation["players"][target]
            monster = {"nosferatu": "nosferatu", "player_werewolf": "player_werewolf"}.get(
                foe["form"], "possessed")
        daylight = bool(observation.get("castle", {}).get("daylight", False))
        chance = victory_chance(self.rules, monster, me["items"], daylight=daylight)
        return chance - 0.5

    def _transylvania_hunter(self, seat: str, observation: Mapping[str, Any],
                             moves: list[Move]) -> Action:
        me = observation["players"][seat]
        goals = [h for h, v in observation["large_hexes"].items()
                 if v["counters"] and h != me["searched"]]
        if me["bites"] >= 2 and not me["cured"]:
            goals = [THE_STANDING_STONES]
        foes = {p["location"] for s, p in observation["players"].items()
                if s != seat and (p["form"] != "hunter" or p["possessed"]) and p["location"]}
        scored: list[tuple[float, Action]] = []
        for move in moves:
            end = move.to
            score = -float(min((self.board.distance(end, g) for g in goals), default=0))
            if end in goals:
                score += 10
            if self.board.terrain[end] in SAFE_TERRAIN:
                score += 0.5
            if move.attack:
                score += 4 * self._attack_value(me, observation, move.attack)
            elif any(self.board.distance(end, f) <= 1 for f in foes):
                score -= 1
            scored.append((score, move))
        return self._pick(scored)

    def _castle_hunter(self, seat: str, observation: Mapping[str, Any],
                       moves: list[Move]) -> Action:
        me = observation["players"][seat]
        castle = observation["castle"]
        goals = [g for g, down in castle["face_down"].items() if down]
        goals += [s for s, kind in castle["revealed"].items() if kind == "count_dracula"]
        scored: list[tuple[float, Action]] = []
        for move in moves:
            end = move.to
            score = -float(min((self.castle.distance(end, g) for g in goals), default=0))
            if move.attack == "count_dracula":
                score += 20
            elif move.attack:
                score += 4 * self._attack_value(me, observation, move.attack)
            elif end in goals:
                score += 8 if not me["wounds"] else 2
            scored.append((score, move))
        return self._pick(scored)

    def _hunt_hunters(self, seat: str, observation: Mapping[str, Any], moves: list[Move],
                      distance: Any) -> Action:
        prey = [p["location"] for s, p in observation["players"].items()
                if s != seat and p["form"] == "hunter" and not p["possessed"] and not p["out"]
                and p["location"]]
        scored: list[tuple[float, Action]] = []
        for move in moves:
            score = -float(min((distance(move.to, q) for q in prey), default=0))
            if move.attack:
                score += 10
            scored.append((score, move))
        return self._pick(scored)
