"""The Hunters' bot: each Hunter hunts Dracula through the possible-location tracker of
his observation, spreading out from his fellows, and takes on Dracula and his Vampires
when he (or his group) can hurt them.

How it plays is told in :mod:`fury1987.bots` (and docs/fury1987.md, Bots); its combat
reckoning is :mod:`fury1987.hunter_bot_combat`; the search aids measured for issue 18
(joint placement, foresight of Dracula's moves, closing in, the trail read backwards:
left off; the race for his Vampires once a Stalemate is theirs: on)
:mod:`fury1987.hunter_bot_search`.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

import numpy as np

from . import hunter_bot_search as search
from .actions import (
    AttackDracula,
    CatchTrain,
    ChooseChit,
    ChooseResult,
    DeclareTarget,
    DiscardEvent,
    DiscardWeapon,
    EncounterVampire,
    FormGroup,
    GiveWeapon,
    KeepGarlic,
    KeepWeapons,
    LeaveGroup,
    LeaveVampire,
    LetDraculaBe,
    MoveTo,
    NoEvent,
    Pass,
    PlaceHost,
    PlayEvent,
    RemoveHost,
    RevealDogs,
    RevealGarlic,
    RideTo,
    StartIn,
    StayPut,
    SwapWeapons,
    TakeItems,
    TeamUp,
    TreatBite,
    WaitForGroup,
)
from .board import CASTLE_DRACULA, HOST_FORBIDDEN
from .bot_common import FAR, HURTS_DRACULA, PROTECTS, Bot, unknown_value
from .bot_events import (
    HUNTER_CARD_WORTH,
    WEAPON_VALUE,
    encounter_kind,
    hunter_card_value,
    hunter_step_value,
)
from .dracula_bot import DraculaBot
from .hunter_bot_combat import HunterCombat

if TYPE_CHECKING:
    from gothic_kernel import Action

    from .game import Rules

HUNTER_TEMPERATURE = 0.8  # how widely the Hunters mix their combat chits
QUIET_TOWN = 1.6        # suspicion gained by a Town no Hunter is within a move of
STUCK_TURNS = 6         # turns in one place after which a Hunter breaks away
STUCK_PENALTY = 10.0
COLD_TRAIL = 25         # possible places from which the Hunters search by suspicion
VAMPIRE_PULL = 14.0     # how strongly a known Vampire draws a Hunter able to destroy it
NEAR_DEATH = 9          # wounds from which a lone Hunter shuns the Towns Dracula has been in
EXPOSED_PENALTY = 6.0   # a weak Hunter alone within Dracula's reach (he preys on such)
JOINT_WEIGHT = 0.0      # the worth of the Hunters' joint chance to find or block him


class HunterBot(Bot):
    """A Hunter who hunts Dracula through the possible-location tracker.

    He remembers, from turn to turn, how likely each Town is to have held Dracula
    since a Hunter last searched it (its *suspicion*): every turn each Town where
    Dracula could be gains a share, and a Town a Hunter stands in is cleared. The
    Encounters - his Vampires above all - lie in the Towns he has been through.
    """

    def __init__(self, rules: Rules, seed: int) -> None:
        super().__init__(rules, seed)
        self.temperature = HUNTER_TEMPERATURE
        #: (the suspicion as the turns add it; read from the whole trail when
        #: :data:`search.SMOOTHED_SUSPICION` is on)
        self.suspicion = self._plain = np.zeros(len(self.geo.places))
        #: Dracula's own reckoning, run on what the Hunters see, to foresee his chits.
        self.dracula_model = DraculaBot(rules, seed + 7919)
        self._seen_turn = -1
        self.foresight = search.Foresight(self.geo)
        #: Dracula's possible places as last seen in the turn before this one (where he
        #: may have left the Local Rumours this turn), and as last seen this turn.
        self.behind: dict[str, float] = {}
        self._weights_now: tuple[int, dict[str, float]] = (-1, {})
        #: The last decision's places to cover (Towns, rows, weights), kept while Dracula's
        #: possible places and their weights stay the same (a clue changes them).
        self.cover: tuple[Any, Any] | None = None
        #: Turns in a row this Hunter has started in the same place (to break a deadlock:
        #: a way barred that the map's distances do not know of, such as Stormy Seas).
        self._stuck: tuple[str | None, int, int] = (None, -1, 0)
        #: Dracula's possible places of every turn, read again backwards (off unless
        #: :data:`search.SMOOTHED_SUSPICION`); the suspicion as the turns added it.
        self.trail: search.TrailMemory | None = None
        self._towns = np.zeros(0, dtype=bool)

    def remember(self, observation: Mapping[str, Any], towns: Sequence[str]) -> None:
        """Once a turn: add this turn's possible Towns to the suspicion; clear the Towns
        the Hunters stand in."""
        turn = int(observation.get("turn", 0))
        if turn != self._seen_turn and towns:
            self._seen_turn = turn
            weights = observation.get("possible_dracula_weights") or {}
            known = [t for t in towns if t in self.geo.index]
            share = np.array([float(weights.get(t, 1)) for t in known])
            rows = self.geo.rows(known)
            share = share / max(float(share.sum()), 1e-9)
            if search.SUSPICION_FORESIGHT:
                belief = self.foresight.update(
                    observation, list(weights), observation["dracula"].get("shown_at"))[rows]
                share = ((1 - search.SUSPICION_FORESIGHT) * share
                         + search.SUSPICION_FORESIGHT * belief / max(float(belief.sum()), 1e-12))
            # A Vampire is laid where no Hunter is at hand: a Town far from them is the
            # likelier to hold one.
            hunters = self.geo.rows([h["location"] for h in observation["hunters"].values()
                                     if h["status"] == "alive" and h["location"]])
            if hunters:
                near = self.geo.dist[hunters][:, rows].min(axis=0)
                share = share * np.where(near >= 2, QUIET_TOWN, 1.0)
            self._plain[rows] += share
        here = [h["location"] for h in observation["hunters"].values()
                if h["status"] == "alive" and h["location"]]
        self._plain[self.geo.rows(here)] = 0.0
        if search.SMOOTHED_SUSPICION:
            self._remember_trail(observation, here)

    def _remember_trail(self, observation: Mapping[str, Any], here: Sequence[str]) -> None:
        """The suspicion read again from the whole trail (:class:`search.TrailMemory`):
        the Towns he was in when he laid his Encounters, as the later clues tell them."""
        geo, trail = self.geo, self.trail
        if trail is None:
            trail = self.trail = search.TrailMemory(geo)
            self._towns = np.array([self.board.is_town(p) for p in geo.places])
        turn = int(observation.get("turn", 0))
        quiet = np.ones(len(geo.places))
        if not trail.turns or trail.turns[-1] != turn:
            rows = geo.rows(list(here))
            if rows:
                quiet = np.where(geo.dist[rows].min(axis=0) >= 2, QUIET_TOWN, 1.0)
        weights = observation.get("possible_dracula_weights") or {}
        shown_at = observation["dracula"].get("shown_at")
        places = [shown_at] if shown_at else list(
            observation.get("possible_dracula_locations", []))
        trail.see(turn, places, weights if not shown_at else {}, quiet, here, self._towns)
        share = search.SMOOTHED_SUSPICION
        read = trail.suspicion(self._towns)
        self.suspicion = read if share == 1.0 else (1 - share) * self._plain + share * read

    def remember_behind(self, observation: Mapping[str, Any]) -> None:
        """Keep the possible places of the turn before (a Town a Hunter has since moved
        into and found empty is crossed off)."""
        turn = int(observation.get("turn", 0))
        seen_turn, weights = self._weights_now
        if turn != seen_turn:
            self.behind = weights
        self._weights_now = (turn, dict(observation.get("possible_dracula_weights") or {}))
        searched = {h["location"] for h in observation["hunters"].values() if h["moved"]}
        for town in searched & set(self.behind):
            del self.behind[town]

    def _count_stuck(self, view: HunterView) -> int:
        place, turn, count = self._stuck
        now = int(view.obs.get("turn", 0))
        if now != turn:
            count = count + 1 if view.here == place else 0
            self._stuck = (view.here, now, count)
        return self._stuck[2]

    def score_all(self, seat: str, observation: Mapping[str, Any],
                  legal_actions: Sequence[Action]) -> list[tuple[float, Action]]:
        view = HunterView(self, seat, observation)
        self.remember(observation, view.towns_possible)
        if search.RUMOURS_SHARE:
            self.remember_behind(observation)
        view.stuck = self._count_stuck(view) >= STUCK_TURNS
        return [(self._score(view, a), a) for a in legal_actions]

    def _score(self, v: HunterView, action: Action) -> float:
        if isinstance(action, MoveTo | RideTo):
            return v.place_value(action.to if isinstance(action, MoveTo) else action.town)
        if isinstance(action, CatchTrain):
            return v.train_value()
        if isinstance(action, StayPut):
            return v.place_value(v.here, moved=False) - STUCK_PENALTY * v.stuck
        if isinstance(action, Pass):
            return v.pass_value() - STUCK_PENALTY * v.stuck
        if isinstance(action, StartIn):
            return v.start_value(action.town)
        if isinstance(action, SwapWeapons):
            return sum(5.0 - WEAPON_VALUE.get(w, 5.0) for w in action.discard) - 0.1
        if isinstance(action, RevealDogs | TreatBite):
            return 50.0
        if isinstance(action, PlaceHost | RemoveHost | GiveWeapon | WaitForGroup):
            return -50.0
        if isinstance(action, FormGroup):
            return 40.0 if v.narrowed else -50.0
        if isinstance(action, LeaveGroup):
            return -50.0 if v.narrowed and not v.stuck else 40.0
        if isinstance(action, AttackDracula):
            return 1.0 if v.should_attack() else -1.0
        if isinstance(action, LetDraculaBe):
            return 0.0
        if isinstance(action, EncounterVampire):
            return 1.0 if v.should_face_vampire() else -1.0
        if isinstance(action, LeaveVampire):
            return 0.0
        if isinstance(action, TakeItems):
            return v.items_value(action)
        if isinstance(action, DiscardWeapon):
            return -WEAPON_VALUE.get(action.weapon, 5.0)
        if isinstance(action, KeepWeapons):
            return 0.0
        if isinstance(action, DiscardEvent):
            return -HUNTER_CARD_WORTH.get(action.card, 5.0)
        if isinstance(action, PlayEvent):
            return hunter_card_value(v, action)
        if isinstance(action, NoEvent):
            return 0.0
        if isinstance(action, RevealGarlic):
            return 1.0 if v.group_hurts_dracula() else -1.0
        if isinstance(action, KeepGarlic):
            return 0.0
        if isinstance(action, ChooseChit):
            return v.chit_value(action.chit)
        if isinstance(action, ChooseResult):
            return v.result_choice_value(action)
        if isinstance(action, DeclareTarget | TeamUp):
            return 0.0
        step = hunter_step_value(v, action)
        return v.other_value(action) if step is None else step


class HunterView(HunterCombat):
    """What one Hunter reads from his observation for one decision."""

    def __init__(self, bot: HunterBot, seat: str, obs: Mapping[str, Any]) -> None:
        self.bot, self.seat, self.obs = bot, seat, obs
        self.geo = bot.geo
        hunters = obs["hunters"]
        self.me = hunters[seat]
        self.here: str | None = self.me["location"]
        secrets = obs.get("hunters_secrets", {})
        self.weapons: list[str] = list(secrets.get(seat, {}).get("weapons", []))
        self.waiting: Mapping[str, Any] = obs.get("waiting_for") or {}
        members = self.waiting.get("members") or [
            m for g in obs.get("groups", []) if seat in g for m in g] or [seat]
        self.members: list[str] = [m for m in members if m in hunters]
        self.group_weapons = [w for m in self.members
                              for w in secrets.get(m, {}).get("weapons", [])]
        self.shown_at: str | None = obs["dracula"].get("shown_at")
        possible = list(obs.get("possible_dracula_locations", []))
        self.possible = [self.shown_at] if self.shown_at else possible
        weights = obs.get("possible_dracula_weights") or {}
        kept = bot.cover
        if kept is not None and kept[0] == (self.possible, weights) and not search.FORESIGHT:
            self.towns_possible, self.cols, self._col_rows, self.col_weight = kept[1]
        else:
            self._read_targets(obs, weights)
            bot.cover = ((self.possible, weights),
                         (self.towns_possible, self.cols, self._col_rows, self.col_weight))
        self.narrowed = 0 < len(self.towns_possible) <= 3
        self.others = [h["location"] for s, h in hunters.items()
                       if s not in self.members and h["status"] == "alive" and h["location"]]
        self.sightings: Mapping[str, str] = obs.get("sightings", {})
        self.map_chits: Mapping[str, str] = obs.get("on_the_map", {})
        self.stuck = False
        self._forecast: dict[str, float] | None = None
        self._worth: dict[tuple[str, bool], float] = {}

    def _read_targets(self, obs: Mapping[str, Any], weights: Mapping[str, int]) -> None:
        bot = self.bot
        self.towns_possible = [p for p in self.possible if bot.board.is_town(p)]
        # The places to cover, each weighted by how many of the tracker's hypotheses put
        # Dracula there (mean 1).
        targets = [p for p in (self.towns_possible or self.possible) if p in bot.geo.index]
        self.cols = bot.geo.rows(targets)
        self._col_rows = np.array(self.cols, dtype=np.intp)  # (the same, to index with)
        raw = np.array([float(weights.get(p, 1)) for p in targets])
        if search.FORESIGHT and len(raw):
            belief = bot.foresight.update(obs, self.possible, self.shown_at)[self.cols]
            raw = ((1 - search.FORESIGHT) * raw / max(float(raw.sum()), 1e-9)
                   + search.FORESIGHT * belief / max(float(belief.sum()), 1e-12))
        # (the mean as numpy's ``mean`` works it out: the sum over the count)
        self.col_weight = raw / max(float(raw.sum()) / len(raw), 1e-9) if len(raw) else raw

    # -- moving --------------------------------------------------------------------------
    def place_value(self, place: str | None, moved: bool = True) -> float:
        """How good it is to end this Movement Phase in ``place`` (each call draws the
        tie-breaking die, so the worth is worked out once per place and decision)."""
        if place is None:
            return -FAR
        worth = self._worth.get((place, moved))
        if worth is None:
            worth = self._worth[(place, moved)] = self._place_worth(place, moved)
        return worth + self.bot.dice.index(100) / 1000

    def _place_worth(self, place: str, moved: bool) -> float:
        geo, board = self.geo, self.bot.board
        score = 0.0
        cols, weight = self._col_rows, self.col_weight
        row = geo.index.get(place)
        if row is not None and self.cols:
            if self.shown_at:
                score -= 3.0 * geo.distance(place, self.shown_at)
            else:
                mine = geo.cover[row, cols]
                gain = float(np.maximum(mine - self._covered, 0.0) @ weight)
                # a trail gone cold (very many places) is better followed by suspicion
                lost = len(cols) >= COLD_TRAIL
                score += (6.0 if lost else 12.0) * gain / max(len(cols), 1) ** 0.5
                score -= 0.6 * float(geo.dist[row, cols].min())
                if search.CONVERGE and self.narrowed:
                    score -= search.CONVERGE * search.mean_distance(geo, place, cols, weight)
                joint = self._joint
                if joint:
                    score += JOINT_WEIGHT * (joint.get(place, 0.0) - max(joint.values()))
        score += self._vampire_pull(place) - self._exposure(place)
        if row is not None:
            suspicion = self.bot.suspicion
            # Encounters lie where Dracula has been: a Hunter near death keeps out of them
            score += (-8.0 if self._near_death else 6.0) * min(float(suspicion[row]), 1.0)
            # and towards regions where much is suspect (closeness-weighted)
            pull = float(suspicion @ geo.cover[row]) - float(suspicion[row])
            score += 1.2 * min(pull, 3.0)
        if board.is_sea(place):
            score -= 0.4
        else:
            if moved and len(self.weapons) < 3:
                score += 0.8 if board.is_large(place) else 0.3
            if place == CASTLE_DRACULA:
                score -= 1.0 if not self.shown_at else 0.0
            chit = self.map_chits.get(place)
            if chit is not None and self.bot.rules.encounters.chit(chit).effect == "fog":
                score -= 2.0
            seen = self.sightings.get(place)
            if seen is not None and self._kind(seen) in ("szgany", "servant"):
                score -= 0.5 if self._strong_against_agents() else 3.0
        if not moved:
            score -= 0.5  # no Weapons or Events after not moving
        return score

    @functools.cached_property
    def _joint(self) -> dict[str, float]:
        """With Dracula narrowed down to a few places, each destination's worth to the
        Hunters still to move, placed together (:mod:`fury1987.hunter_bot_search`)."""
        here, geo, board = self.here, self.geo, self.bot.board
        if not JOINT_WEIGHT or self.shown_at or len(self.cols) > search.JOINT_PLACES \
                or here not in geo.index:
            return {}
        row = geo.index[here]
        candidates = [geo.places[r] for r in np.flatnonzero(geo.dist[row] <= 1).tolist()]
        if board.is_town(here):
            candidates += [t for t in board.rail_reach(here, 3) if t not in candidates]
        targets = [geo.places[c] for c in self.cols]
        return search.joint_catch(geo, self.obs, self.members, candidates, targets,
                                  self.col_weight, self.bot.behind)

    @functools.cached_property
    def _covered(self) -> np.ndarray[Any, np.dtype[np.float64]]:
        """How well the other Hunters already cover each of Dracula's possible places."""
        geo, cols = self.geo, self._col_rows
        other_rows = geo.rows(self.others)
        if not other_rows:
            return np.zeros(len(cols))
        covered: np.ndarray[Any, np.dtype[np.float64]] = \
            geo.cover[other_rows][:, cols].max(axis=0)
        return covered

    @functools.cached_property
    def _near_death(self) -> bool:
        return int(self.me["wounds"]) >= NEAR_DEATH and len(self.members) == 1

    def weak(self) -> bool:
        """Bitten, or badly wounded: the Hunter Dracula walks in on."""
        return bool(self.me["bitten"]) or int(self.me["wounds"]) >= 7

    def _exposure(self, place: str) -> float:
        """A weak Hunter ending his move alone where Dracula may reach him next turn: the
        weighted share of Dracula's possible places a move away."""
        if not self._exposed_alone or place in self.others or place not in self.geo.index:
            return 0.0
        near = self.geo.dist[self.geo.index[place], self._col_rows] <= 1
        return EXPOSED_PENALTY * float(self.col_weight[near].sum()) / len(self.cols)

    def _vampire_waits(self) -> bool:
        """A Vampire the Hunters have seen and left, and nothing in the group to destroy
        it with (no Stake, no Knife)."""
        known = any(self._kind(c) == "vampire" for t, c in self.sightings.items()
                    if t != CASTLE_DRACULA)
        return known and not any(w in ("stake", "knife") for w in self.group_weapons)

    def _vampire_pull(self, place: str) -> float:
        """Towards a Vampire the Hunters have seen and left, when this Hunter (or group)
        can now destroy it: a sure Vampire off the Chart beats an uncertain search."""
        pull, strength = 0.0, VAMPIRE_PULL
        if search.STALEMATE_RACE_PULL and search.stalemate_is_won(self.obs):
            strength = search.STALEMATE_RACE_PULL
        for town in self._vampires_to_destroy:
            pull = max(pull, strength / (1 + self.geo.distance(place, town)))
        return pull

    @functools.cached_property
    def _vampires_to_destroy(self) -> list[str]:
        """The Towns of the Vampires seen and left, if this Hunter (or group) can now
        destroy them."""
        if not self.sightings or not self._can_destroy_vampire():
            return []
        return [town for town, chit in self.sightings.items()
                if self._kind(chit) == "vampire" and town != CASTLE_DRACULA]

    @functools.cached_property
    def _exposed_alone(self) -> bool:
        return self.weak() and len(self.members) <= 1 and bool(self.cols)

    def exposed(self) -> list[str]:
        """The members a Vampire could bite (no Crucifix or Host of their own)."""
        secrets = self.obs.get("hunters_secrets", {})
        return [m for m in self.members
                if not any(w in PROTECTS for w in secrets.get(m, {}).get("weapons", []))]

    def no_one_exposed(self) -> bool:
        return not self.exposed()

    def _can_destroy_vampire(self) -> bool:
        return self.should_face_vampire()

    def _kind(self, chit: str) -> str:
        return encounter_kind(self.bot.rules, chit)

    def _strong_against_agents(self) -> bool:
        return self.me["wounds"] <= 5 and any(
            w in ("stake", "rifle", "pistol", "knife", "sacred_bullets") for w in self.weapons)

    def train_value(self) -> float:
        """The expected worth of trying for a train (missing one still leaves a Road move)."""
        here = self.here
        if here is None:
            return -FAR
        board = self.bot.board
        road = max([self.place_value(p) for p in board.road[here]] or [self.place_value(here)])
        total = 0.0
        for train in self.bot.rules.railway_chart.trains:
            reach = board.rail_reach(here, train.stops)
            best = max([self.place_value(p) for p in reach] or [road])
            total += len(train.die) / 6 * max(best, road if train.stops == 0 else best)
        return total - 0.2

    def route_value(self, route: tuple[str, ...]) -> float:
        """The expected worth of a train declared along ``route`` (Vampiric Influence):
        each train leaves him at the last Town of the route it reaches."""
        total = 0.0
        for train in self.bot.rules.railway_chart.trains:
            stop = route[:train.stops][-1] if train.stops else self.here
            total += len(train.die) / 6 * self.place_value(stop, moved=train.stops > 0)
        return total - 0.2

    def pass_value(self) -> float:
        weak = sum(1 for w in self.weapons if WEAPON_VALUE.get(w, 5) < 5)
        far = not self.towns_possible or min(
            self.geo.distance(self.here, p) for p in self.towns_possible) >= 4
        if weak and far and not self.narrowed:
            return self.place_value(self.here, moved=False) + 0.7 * weak
        if weak and self._vampire_waits():  # fish for a Stake or a Knife
            return self.place_value(self.here, moved=False) + 1.5 * weak
        return self.place_value(self.here, moved=False) - 1.0

    def start_value(self, town: str) -> float:
        """Start in a large, central Town with a railway, away from the other Hunters."""
        board = self.bot.board
        others = [h["location"] for h in self.obs["hunters"].values() if h["location"]]
        spread = min([self.geo.distance(town, o) for o in others] or [6])
        return (1.5 * board.is_large(town) + 1.0 * bool(board.rail[town])
                - 0.5 * self.geo.centrality[town] + 0.6 * min(spread, 5)
                - 3.0 * board.is_british(town) + self.bot.dice.index(100) / 1000)

    def express_value(self) -> float:
        """Chartered Carriage: the best Town an Express reaches, for certain."""
        here, board = self.here, self.bot.board
        if here is None or here not in board.places:
            return -FAR
        stops = max(t.stops for t in self.bot.rules.railway_chart.trains)
        reach = board.rail_reach(here, stops)
        return max([self.place_value(p) for p in reach] or [-FAR]) - 0.3

    def likelihood(self, place: str) -> float:
        """How likely Dracula is in ``place`` now (his piece, else the tracker's places,
        the longer unsearched the likelier)."""
        if self.shown_at:
            return 10.0 if place == self.shown_at else 0.0
        if place not in self.possible:
            return 0.0
        weights = self.obs.get("possible_dracula_weights") or {}
        total = float(sum(weights.get(p, 1) for p in self.possible)) or 1.0
        return 1.0 + len(self.possible) * float(weights.get(place, 1)) / total

    def reach_share(self) -> float:
        """The share of Dracula's possible places (weighted) within two moves of a Hunter
        who has yet to move this turn (this one included)."""
        weights = self.obs.get("possible_dracula_weights") or {}
        ready = [h["location"] for s, h in self.obs["hunters"].items()
                 if h["status"] == "alive" and h["location"] and (s == self.seat
                                                                   or not h["moved"])]
        total = reached = 0.0
        for place in self.possible:
            w = float(weights.get(place, 1))
            total += w
            if any(self.geo.distance(place, h) <= 2 for h in ready):
                reached += w
        return reached / total if total else 0.0

    def host_towns(self) -> list[str]:
        """Possible Towns a Host Marker may be put over."""
        hosts = set(self.obs.get("host_markers", {}))
        return [t for t in self.towns_possible if t not in HOST_FORBIDDEN and t not in hosts]

    def scout_targets(self) -> list[tuple[str, float]]:
        """Towns worth sending Hired Scouts to: suspect (Dracula may have left an
        Encounter) and out of the Hunters' reach, best first."""
        return self._scout_targets

    @functools.cached_property
    def _scout_targets(self) -> list[tuple[str, float]]:
        """(worked out once per decision: each Town offered asks for them)"""
        board, geo = self.bot.board, self.geo
        hunters_at = [h["location"] for h in self.obs["hunters"].values()
                      if h["status"] == "alive" and h["location"]]
        found = []
        suspect = self.bot.suspicion
        rows = geo.rows(hunters_at)
        nearest = geo.dist[rows].min(axis=0).tolist() if rows else [FAR] * len(geo.places)
        for row, suspicion in enumerate(suspect.tolist()):  # (plain floats, read one by one)
            if not suspicion > 0.0:
                continue
            town = geo.places[row]
            if not board.is_town(town) or town in self.sightings:
                continue
            near = nearest[row]
            found.append((town, min(suspicion, 2.0) * min(near, 3) / 3))
        found.sort(key=lambda ts: -ts[1])
        return found

    def scout_worth(self, town: str) -> float:
        """How much sending Hired Scouts to ``town`` is worth (0 if not a target)."""
        return self._scout_worth.get(town, 0.0)

    @functools.cached_property
    def _scout_worth(self) -> dict[str, float]:
        return dict(self._scout_targets)

    # -- acting --------------------------------------------------------------------------
    def group_hurts_dracula(self) -> bool:
        return any(w in HURTS_DRACULA for w in self.group_weapons)

    def should_attack(self) -> bool:
        hunters = self.obs["hunters"]
        worst = max(hunters[m]["wounds"] for m in self.members)
        bitten_unprotected = any(hunters[m]["bitten"] for m in self.members) and not any(
            w in PROTECTS for w in self.group_weapons)
        if bitten_unprotected or worst > 7:
            return False
        if self.group_hurts_dracula():
            return True
        # Without a Weapon that harms him, a group (or a Crucifix or Host) still may try
        # its Fists; now and then a lone Hunter dares too, so he cannot dodge them for ever.
        warded = any(w in PROTECTS for w in self.group_weapons)
        return len(self.members) > 1 or warded or (worst <= 3 and self.bot.dice.index(4) == 0)

    def should_face_vampire(self) -> bool:
        """Face a Vampire only to destroy it at an affordable price. Dracula picks the
        member it attacks, so the group is as safe as its worst-placed member: an
        unprotected (no Crucifix, no Host of his own) bitten member would become a
        Vampire; an unprotected one not yet bitten takes a bite, a price worth paying only
        for a sure kill (a Stake), not the Knife's gamble."""
        hunters = self.obs["hunters"]
        exposed = self.exposed()
        if any(hunters[m]["bitten"] for m in exposed):
            return False
        if search.stalemate_held(self.obs, bool(self.shown_at) or self.narrowed):
            return False
        if "stake" in self.group_weapons:
            return True
        # once a Stalemate is theirs, the Knife's gamble is worth a bite too
        race = bool(search.STALEMATE_RACE_PULL) and search.stalemate_is_won(self.obs)
        return "knife" in self.group_weapons and (not exposed or race)

    def items_value(self, action: TakeItems) -> float:
        score = 0.0
        room = {m: self.obs["hunters"][m]["weapon_chits"] for m in self.members}
        cards = {m: self.obs["hunters"][m]["event_cards"] for m in self.members}
        for taker in action.weapons:
            score += 2.0 if room.get(taker, 3) < 3 else 0.4
            room[taker] = room.get(taker, 3) + 1
        # A bat-backed card goes to Dracula, who must discard one if his hand is full.
        dracula_full = int(self.obs["dracula"].get("event_cards", 0)) >= 3
        for taker in action.events:
            score += (0.9 + 0.6 * dracula_full) if cards.get(taker, 3) < 3 else -0.5
            cards[taker] = cards.get(taker, 3) + 1
        return score
    def other_value(self, action: Action) -> float:
        """Decisions of newer rules (Event Cards), judged by their fields alone: a place
        where Dracula may be, the best Weapon; anything else is left to the die."""
        place = getattr(action, "place", None)
        if isinstance(place, str):
            return 2.0 if place in self.possible else 0.0
        weapon = getattr(action, "weapon", None)
        if isinstance(weapon, str):
            return WEAPON_VALUE.get(weapon, 0.0)
        return unknown_value(action)
