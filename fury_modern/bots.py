"""Rule-following bots for both sides, using only their seat's observation and the public map.

Hunters (:class:`HunterBot`): search a hideout they stand on; head for the nearest place
Dracula may be (the newest revealed trail card first), by rail when a ticket reaches
further; rest when badly hurt; supply or reserve a ticket when there is nothing better;
in combat, a weapon or Punch, Dodge when hurt. Dracula (:class:`DraculaBot`): keep away
from the hunters (the move whose city is farthest from the nearest hunter by road), stay off
the sea unless cornered, leave vampires where he can, mature vampires with their effect,
ambush a hunter when an encounter may, escape combat when Pride allows and he is hurt.
Every choice not covered falls back to a seeded random pick among the legal actions.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from gothic_kernel import Action, Agent, Dice

from . import actions as a
from .rules import DRACULA, HUNTERS, load_rules

if TYPE_CHECKING:
    from gothic_kernel import GameState

VAMPIRES = ("new_vampire", "reckless_vampire", "aristocratic_vampire")


class _Bot:
    reads_observation = True

    def __init__(self, seed: int) -> None:
        self.dice = Dice(seed)
        self.board = load_rules().board

    def chance(self) -> float:
        """A number in [0, 1) from the bot's own seeded dice."""
        return self.dice.index(1 << 30) / (1 << 30)

    def road_distance(self, a_place: str, b_place: str) -> int:
        reach = self.board.distances(a_place, ("road", "sea"))
        return reach.get(b_place, 99)


class HunterBot(_Bot):
    """A hunter who chases the places Dracula may be."""

    def choose(self, seat: str, observation: Mapping[str, Any],
               legal_actions: Sequence[Action]) -> Action:
        legal = list(legal_actions)
        combat = [x for x in legal if isinstance(x, a.ChooseCombatCard)]
        if combat:
            return self.combat_card(seat, observation, combat)
        if a.SEARCH in legal:
            return a.SEARCH
        me = observation["hunters"][seat]
        if isinstance(legal[0], a.Delay):
            return a.Delay(True) if me["damage"] < 4 else a.Delay(False)
        reveal = [x for x in legal if isinstance(x, a.Reveal)]
        if reveal:
            return reveal[0]
        moves = [x for x in legal if isinstance(x, a.Move)]
        health = load_rules().hunters[seat].health if seat in HUNTERS else 10
        if a.REST in legal and me["damage"] >= health // 2:
            return a.REST
        targets = self.targets(observation)
        if moves and targets:
            best = min(moves, key=lambda m: (self.closeness(m.to, targets),
                                             m.by == "rail", self.chance()))
            here = self.closeness(me["location"], targets)
            if self.closeness(best.to, targets) < here or here > 0:
                return best
        for wanted in (a.SUPPLY,):
            if wanted in legal and me["items"] + me["events"] < 4:
                return wanted
        tickets = [x for x in legal if isinstance(x, a.ReserveTicket)]
        if tickets and me["tickets"] < 2:
            return tickets[0]
        if moves:
            return self.dice.choice(moves)
        if a.PASS in legal:
            return a.PASS
        return self.dice.choice(legal)

    def targets(self, observation: Mapping[str, Any]) -> list[str]:
        dracula = observation["dracula"]
        if dracula["location"]:
            return [dracula["location"]]
        revealed = [h["card"] for h in observation["trail"] if h["card"] in self.board]
        possible = observation.get("possible_locations") or []
        if len(possible) <= 12:
            return list(possible)
        return revealed[:1] or list(possible)

    def closeness(self, place: str, targets: Sequence[str]) -> int:
        if self.board.is_hospital(place):
            place = self.board.hospital_of[place]
        return min(self.road_distance(place, t) for t in targets)

    def combat_card(self, seat: str, observation: Mapping[str, Any],
                    cards: list[a.ChooseCombatCard]) -> Action:
        names = [c.card for c in cards]
        for weapon in ("knife", "rifle", "pistol", "heavenly_host", "crucifix", "garlic"):
            if weapon in names and self.chance() < 0.7:
                return a.ChooseCombatCard(weapon)
        if "dodge" in names and observation["hunters"][seat]["damage"] >= 4:
            return a.ChooseCombatCard("dodge")
        if "punch" in names and self.chance() < 0.6:
            return a.ChooseCombatCard("punch")
        return self.dice.choice(cards)


class DraculaBot(_Bot):
    """Dracula, keeping away from the hunters and breeding vampires."""

    def choose(self, seat: str, observation: Mapping[str, Any],
               legal_actions: Sequence[Action]) -> Action:
        legal = list(legal_actions)
        first = legal[0]
        hunters = [h["location"] for h in observation["hunters"].values() if not h["defeated"]]
        if isinstance(first, a.MoveTo):
            moves = [x for x in legal if isinstance(x, a.MoveTo)]
            return max(moves, key=lambda m: self.move_value(m, hunters))
        if isinstance(first, a.PlaceEncounter):
            vampires = [x for x in legal if isinstance(x, a.PlaceEncounter)
                        and x.encounter in VAMPIRES]
            return vampires[0] if vampires else self.dice.choice(legal)
        if isinstance(first, a.Mature):
            return next((x for x in legal if isinstance(x, a.Mature) and x.effects), first)
        if isinstance(first, a.Ambush):
            return first if self.chance() < 0.8 else legal[-1]
        if isinstance(first, a.ChooseCombatCard):
            escapes = [x for x in legal if isinstance(x, a.ChooseCombatCard)
                       and x.card.startswith("escape")]
            if escapes and observation["dracula"]["damage"] >= 8:
                return escapes[0]
            attacks = [x for x in legal if not (isinstance(x, a.ChooseCombatCard)
                                                and x.card.startswith("escape"))]
            return self.dice.choice(attacks or legal)
        return self.dice.choice(legal)

    def move_value(self, move: a.MoveTo, hunters: list[str]) -> float:
        if not hunters:
            return self.chance()
        nearest = min(self.road_distance(move.place, h) for h in hunters)
        sea = self.board.is_sea(move.place)
        power = 0.5 if move.power else 0.0
        return nearest - 1.5 * sea - power + self.chance() * 0.5


def default_agents(state: GameState, seed: int) -> dict[str, Agent]:
    return {seat: DraculaBot(seed) if seat == DRACULA else HunterBot(seed + i)
            for i, seat in enumerate(state.seats)}
