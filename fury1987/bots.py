"""Bots that play Fury of Dracula (1987) sensibly from their seat's observation alone.

They read nothing but the observation they are given and the printed map (public
knowledge): the Hunters' bot hunts through the possible-location tracker of its
observation, and Dracula's bot flees the Hunters, spreads Vampires and fights
when the odds favour him. Both choose among the legal actions they are handed;
anything they have no opinion on is decided by their seeded dice.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from gothic_kernel import Agent, Dice

from .actions import (
    ATTACK_DRACULA,
    CATCH_TRAIN,
    DO_NOTHING,
    ENCOUNTER_VAMPIRE,
    KEEP_GARLIC,
    KEEP_WEAPONS,
    LEAVE_VAMPIRE,
    LET_DRACULA_BE,
    PASS,
    PLACE_HOST,
    REVEAL_DOGS,
    REVEAL_GARLIC,
    STAY_PUT,
    TREAT_BITE,
    ChaseTo,
    ChooseChit,
    ChooseVictim,
    ConsumeVampire,
    DeclareTarget,
    DiscardEvent,
    DiscardWeapon,
    FormGroup,
    GiveWeapon,
    MoveTo,
    PlaceEncounter,
    RemoveHost,
    RideTo,
    SwapEncounters,
    SwapWeapons,
    TakeItems,
)
from .board import Board
from .state import DRACULA, HUNTERS

if TYPE_CHECKING:
    from gothic_kernel import Action, GameState

#: How much a Hunter values each Weapon Chit (for keeping and discarding).
WEAPON_VALUE = {"stake": 9, "holy_water": 8, "heavenly_host": 7, "crucifix": 7,
                "sacred_bullets": 6, "knife": 6, "garlic": 5, "rifle": 5, "dogs": 4,
                "pistol": 4}
#: Combat chits in order of preference, against Dracula and against Agents.
AGAINST_DRACULA = ("stake", "holy_water", "sacred_bullets", "crucifix", "knife",
                   "heavenly_host", "rifle", "fist", "dodge", "pistol", "escape")
AGAINST_AGENTS = ("stake", "rifle", "sacred_bullets", "pistol", "knife", "fist", "dodge",
                  "escape")
DRACULA_BY_NIGHT = ("fang", "claw", "strength", "hypnosis", "dodge", "escape_mist",
                    "escape_bat", "escape_human")
DRACULA_HURT = ("escape_mist", "escape_bat", "escape_human", "dodge")
AGENT_CHITS = ("rifle", "pistol", "knife", "fist", "dodge")
FAR = 99


class _Bot:
    """Shared machinery: the map's distances and a seeded die for ties."""

    def __init__(self, board: Board, seed: int) -> None:
        self.board = board
        self.dice = Dice(seed)
        self._dist: dict[str, dict[str, int]] = {}

    def distance(self, a: str | None, b: str | None) -> int:
        """Moves between two places by Road or Sea (large if there is no route)."""
        if a is None or b is None:
            return FAR
        found = self._dist.get(a)
        if found is None:
            found = {a: 0}
            frontier = [a]
            while frontier:
                nxt = []
                for here in frontier:
                    for there in (*self.board.road[here], *self.board.sea[here]):
                        if there not in found:
                            found[there] = found[here] + 1
                            nxt.append(there)
                frontier = nxt
            self._dist[a] = found
        return found.get(b, FAR)

    def pick(self, scored: Sequence[tuple[float, Action]]) -> Action:
        """The best-scored action (ties broken by the die)."""
        best = max(score for score, _ in scored)
        top = [action for score, action in scored if score == best]
        return top[self.dice.index(len(top))]


class HunterBot(_Bot):
    """A Hunter who hunts Dracula through the possible-location tracker."""

    def choose(self, seat: str, observation: Mapping[str, Any],
               legal_actions: Sequence[Action]) -> Action:
        me = observation["hunters"][seat]
        mine = observation.get("hunters_secrets", {}).get(seat, {})
        weapons = list(mine.get("weapons", []))
        possible = list(observation.get("possible_dracula_locations", []))
        waiting = observation.get("waiting_for") or {}
        here = me["location"]
        scored: list[tuple[float, Action]] = []
        for action in legal_actions:
            scored.append((self._score(action, seat, here, weapons, possible, waiting,
                                       observation) + self.dice.index(100) / 1000, action))
        return self.pick(scored)

    def _score(self, action: Action, seat: str, here: str | None, weapons: list[str],
               possible: list[str], waiting: Mapping[str, Any],
               observation: Mapping[str, Any]) -> float:
        me = observation["hunters"][seat]
        if isinstance(action, MoveTo | RideTo):
            to = action.to if isinstance(action, MoveTo) else action.town
            return 10 - self._closeness(to, possible, observation)
        if action == CATCH_TRAIN:
            return 10 - self._closeness(here, possible, observation) - 1.5
        if action == STAY_PUT:
            return 10 - self._closeness(here, possible, observation) - 0.5
        if action == PASS:
            return 3.0 if len(weapons) < 3 else 0.0
        if isinstance(action, SwapWeapons):
            return -sum(WEAPON_VALUE.get(w, 3) for w in action.discard) + 4 * sum(
                1 for w in action.discard if WEAPON_VALUE.get(w, 3) <= 4)
        if action in (REVEAL_DOGS, REVEAL_GARLIC, TREAT_BITE):
            return 20.0
        if action == PLACE_HOST:
            return 12.0 if here in possible[:3] else -5.0
        if isinstance(action, RemoveHost | FormGroup | GiveWeapon):
            return -10.0
        if action == ATTACK_DRACULA:
            strong = sum(1 for w in weapons if w in ("stake", "holy_water", "sacred_bullets"))
            return 5.0 if strong and me["wounds"] < 8 else -5.0
        if action == LET_DRACULA_BE:
            return 0.0
        if action == ENCOUNTER_VAMPIRE:
            return 5.0 if "stake" in weapons or "knife" in weapons else -5.0
        if action == LEAVE_VAMPIRE:
            return 0.0
        if isinstance(action, TakeItems):
            return self._items(action, observation)
        if isinstance(action, DiscardWeapon):
            return -WEAPON_VALUE.get(action.weapon, 3)
        if action in (KEEP_WEAPONS, KEEP_GARLIC):
            return 0.0
        if isinstance(action, ChooseChit):
            return self._chit(action, waiting, me)
        return 0.0

    def _closeness(self, place: str | None, possible: list[str],
                   observation: Mapping[str, Any]) -> float:
        if not possible:
            return 0.0
        shown = observation["dracula"]["shown_at"]
        if shown:
            return float(self.distance(place, shown)) * 2
        dists = sorted(self.distance(place, p) for p in possible)
        return float(dists[0]) + sum(dists[:5]) / 10

    def _items(self, action: TakeItems, observation: Mapping[str, Any]) -> float:
        score = 0.0
        for taker in action.weapons:
            held = observation["hunters"][taker]["weapon_chits"]
            score += 3.0 if held < 3 else 0.5
        for taker in action.events:
            held = observation["hunters"][taker]["event_cards"]
            score += 2.0 if held < 3 else -1.0
        return score

    def _chit(self, action: ChooseChit, waiting: Mapping[str, Any],
              me: Mapping[str, Any]) -> float:
        order = AGAINST_DRACULA if waiting.get("side") == "dracula" else AGAINST_AGENTS
        if me["wounds"] >= 9 and action.chit == "escape":
            return 50.0
        if action.chit in order:
            return float(len(order) - order.index(action.chit))
        return 0.0


class DraculaBot(_Bot):
    """Dracula keeping ahead of the Hunters and spreading his Vampires."""

    def choose(self, seat: str, observation: Mapping[str, Any],
               legal_actions: Sequence[Action]) -> Action:
        secret = observation.get("behind_the_screen", {})
        hunters = [h["location"] for h in observation["hunters"].values()
                   if h["status"] == "alive"]
        waiting = observation.get("waiting_for") or {}
        scored = [(self._score(a, secret, hunters, waiting, observation)
                   + self.dice.index(100) / 1000, a) for a in legal_actions]
        return self.pick(scored)

    def _safety(self, place: str, hunters: list[str]) -> float:
        return float(min((self.distance(place, h) for h in hunters), default=FAR))

    def _score(self, action: Action, secret: Mapping[str, Any], hunters: list[str],
               waiting: Mapping[str, Any], observation: Mapping[str, Any]) -> float:
        blood = int(secret.get("blood_points", 12))
        here = secret.get("location")
        chart = secret.get("chart", {})
        vampire_ready = "vampire" in secret.get("encounter_set", [])
        if isinstance(action, MoveTo):
            safety = min(self._safety(action.to, hunters), 4)
            sea = self.board.is_sea(action.to) and here and self.board.is_town(here)
            castle = action.to == "castle_dracula" and not observation["dracula"]["fleeing"]
            fresh = self.board.is_town(action.to) and action.to not in chart
            return safety - (2.0 if sea and blood < 8 else 0.5 if sea else 0) - 3 * castle \
                + (1.5 if fresh and vampire_ready else 0.5 if fresh else 0)
        if action in (STAY_PUT, PASS):
            base = min(self._safety(str(here), hunters), 4) if here else 0
            # Staying where an Encounter already lies gains him nothing.
            return base - 0.3 + (0.2 if action == PASS else 0) - (2.5 if here in chart else 0)
        if isinstance(action, ConsumeVampire):
            return 6.0 if blood <= 5 else -5.0
        if isinstance(action, PlaceEncounter):
            if action.chit == "vampire":
                return 10.0
            return 4.0 if self._safety(str(here), hunters) <= 2 else 2.0
        if action == DO_NOTHING:
            return 0.0
        if isinstance(action, SwapEncounters):
            keep = sum(1 for c in action.discard if c == "vampire")
            return len(action.discard) * 0.5 - 5 * keep
        if isinstance(action, ChooseChit):
            return self._chit(action, waiting, blood)
        if isinstance(action, DeclareTarget):
            target = observation["hunters"].get(action.target, {})
            return float(target.get("wounds", 0)) + (5 if target.get("bitten") else 0)
        if isinstance(action, ChaseTo):  # drive them away from where he is
            return float(self.distance(action.town, here))
        if isinstance(action, ChooseVictim):
            return 5.0 if not observation["hunters"][action.hunter]["face_up"] else 0.0
        if isinstance(action, DiscardEvent):
            return 0.0
        return 0.0

    def _chit(self, action: ChooseChit, waiting: Mapping[str, Any], blood: int) -> float:
        if action.fighter.startswith("agent_"):
            order: Sequence[str] = AGENT_CHITS
        elif blood <= 4 or waiting.get("dodge_or_escape_only"):
            order = DRACULA_HURT
        else:
            order = DRACULA_BY_NIGHT
        if action.chit in order:
            return float(len(order) - order.index(action.chit))
        return 0.0


def default_agents(state: GameState, seed: int) -> dict[str, Agent]:
    """Dracula's bot and a Hunter bot for each Hunter, seeded from ``seed``."""
    from .state import FuryState

    assert isinstance(state, FuryState)
    board = state.board
    agents: dict[str, Agent] = {DRACULA: DraculaBot(board, seed)}
    for i, seat in enumerate(HUNTERS):
        agents[seat] = HunterBot(board, seed + i + 1)
    return agents
