"""Bots that play Fury of Dracula (1987) sensibly from their seat's observation alone.

They read nothing but the observation they are handed, the legal actions, and the
printed components every player may look at (the map, the Railway Station Chart,
the Combat Action Board, the Encounter Chits). Ties are broken by a seeded die, so
a game between bots replays exactly.

:class:`HunterBot` hunts through the possible-location tracker of its observation:

* each Hunter moves to cover the places where Dracula can be (weighted by the
  tracker's hypotheses) that his fellows do not already cover (so the three spread
  out and close in from different sides), straight at Dracula when his piece stands
  on the map, taking a train when the chase is far off; he heads for Vampires the
  Hunters have seen when he (or his group) can destroy them;
* he takes Weapons while he has room for them and Event Cards otherwise, keeps the
  best Weapons, reveals Dogs, treats a bite with Holy Water, and Passes to swap poor
  Weapons only while Dracula is far away;
* he attacks Dracula when he (or his group) has a Weapon that can hurt him and is
  not badly hurt; he faces a Vampire when he can destroy it and no member exposed to
  its bite is already bitten;
* in combat he picks the chit with the best expected result on the Combat Action
  Board, against the chits his foe may still use (Restrictions on Combat), with
  the initiative odds his modifiers give; against Dracula, weighted by Dracula's
  own reckoning run on the facts Dracula can see (a forecast);
* Hunters who meet in a Town form a group when the hunt has narrowed to a few
  places (all of them fight together), and split again when it widens.

:class:`DraculaBot` keeps ahead of the Hunters and spreads his Vampires:

* he moves where the Hunters cannot reach him next turn, to Town boxes where he can
  still place an Encounter, avoiding Sea voyages (they cost Blood Points) unless
  cornered, and a third turn in his Castle;
* he places Vampires where no Hunter is near and his nastiest Encounters (Wolves,
  Szgany, Servants) in the Hunters' path, and Passes to exchange poor chits for new
  ones (fishing for Vampires) when no Hunter is close;
* he walks into a lone Hunter's Town only when he is strong and the Hunter is
  weak or bitten; he consumes a Vampire only when his Blood Points run low;
* in combat he chooses his chit by the same expected-result reckoning, against the
  chits the Hunter may hold (he knows how many Weapons, not which, save those he
  has seen), by day and by night, escaping when hurt.

Both play each Event Card by a rule of its own (:mod:`fury1987.bot_events`). A
decision of a kind the bots were not written for (a newer rule's action) is judged by
its fields where they say something (a place, a Hunter, a Weapon) and otherwise left
to the die, so the bots never stall a game.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

import numpy as np

from gothic_kernel import Agent, Dice

from .actions import (
    AttackDracula,
    CatchTrain,
    ChaseTo,
    ChooseChit,
    ChooseResult,
    ChooseVictim,
    ConsumeVampire,
    DeclareTarget,
    DiscardEvent,
    DiscardWeapon,
    DoNothing,
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
    PlaceEncounter,
    PlaceHost,
    PlayEvent,
    RemoveHost,
    RevealDogs,
    RevealGarlic,
    RideTo,
    StartIn,
    StayPut,
    SwapEncounters,
    SwapWeapons,
    TakeItems,
    TeamUp,
    TreatBite,
    WaitForGroup,
)
from .board import CASTLE_DRACULA, HOST_FORBIDDEN
from .bot_events import (
    DRACULA_CARD_WORTH,
    HUNTER_CARD_WORTH,
    NASTINESS,
    WEAPON_VALUE,
    dracula_card_value,
    dracula_step_value,
    encounter_kind,
    hunter_card_value,
    hunter_step_value,
)
from .combat_tables import (
    BITE,
    DRACULA_ESCAPES,
    HUNTER_ESCAPES,
    HYPNOSIS,
    MORTAL_WOUND,
    REPEL,
    SNATCHED,
    Result,
)
from .state import DRACULA, HUNTERS, FuryState

if TYPE_CHECKING:
    from gothic_kernel import Action, GameState

    from .board import Board
    from .game import Rules

#: Weapons that can hurt Dracula himself.
HURTS_DRACULA = frozenset({"stake", "holy_water", "sacred_bullets", "knife"})
#: Weapons that protect from a Vampire's bite (a Host only while not placed).
PROTECTS = frozenset({"crucifix", "heavenly_host"})
#: How much Dracula values each Encounter kind in his Set (Vampires above all).
ENCOUNTER_VALUE = {"vampire": 10.0, "szgany": 3.0, "wolves": 2.6, "servant": 2.4,
                   "bats": 2.0, "rats": 1.6, "peasants": 1.5, "fog": 1.5, "hoax": 1.2,
                   "storms": 1.0}
#: Agent chits in order of strength (for choosing a result as the outnumbering side).
AGENT_STRENGTH = ("rifle", "pistol", "knife", "fist", "dodge")
HUNTER_RESULT_ORDER = ("stake", "holy_water", "sacred_bullets", "knife", "crucifix",
                       "heavenly_host", "rifle", "pistol", "fist", "dodge", "escape")
FAR = 30
WOUNDS_TO_DIE = 12
BASIC = ("fist", "dodge", "escape")
DRACULA_DAY_CHITS = ("claw", "dodge", "escape_human")
DRACULA_ESCAPE_CHITS = ("escape_bat", "escape_human", "escape_mist")
GARLIC_ROUNDS = 3
MIX_TEMPERATURE = 0.5   # how widely Dracula mixes his combat chits (expected-value points)
HUNTER_TEMPERATURE = 0.8  # ... and the Hunters theirs
FORECAST_TRUST = 0.7    # how far a Hunter trusts his forecast of Dracula's chit
ASSUMED_BLOOD = 9       # the Blood Points a Hunter credits Dracula with in that forecast
QUIET_TOWN = 1.6        # suspicion gained by a Town no Hunter is within a move of
STUCK_TURNS = 6         # turns in one place after which a Hunter breaks away
STUCK_PENALTY = 10.0
COLD_TRAIL = 25         # possible places from which the Hunters search by suspicion
STALEMATE_NEAR = 4       # Vampires destroyed from which Dracula guards against a Stalemate
VAMPIRE_PULL = 14.0     # how strongly a known Vampire draws a Hunter able to destroy it
NEAR_DEATH = 9          # wounds from which a lone Hunter shuns the Towns Dracula has been in
EXPOSED_PENALTY = 6.0   # a weak Hunter alone within Dracula's reach (he preys on such)
LONG_FIGHT = 5          # after this many rounds, escaping grows more attractive


# ---------------------------------------------------------------------------------------
# The printed map, measured once per board
# ---------------------------------------------------------------------------------------
class Geography:
    """Distances on the printed map (Road and Sea moves), shared by all bots of a board."""

    def __init__(self, board: Board) -> None:
        self.board = board
        self.places: tuple[str, ...] = tuple(board.places)
        self.index = {p: i for i, p in enumerate(self.places)}
        n = len(self.places)
        dist = np.full((n, n), FAR, dtype=np.int16)
        for a, start in enumerate(self.places):
            dist[a, a] = 0
            frontier = [start]
            d = 0
            while frontier:
                d += 1
                nxt: list[str] = []
                for here in frontier:
                    for there in (*board.road[here], *board.sea[here]):
                        b = self.index[there]
                        if dist[a, b] == FAR and b != a:
                            dist[a, b] = d
                            nxt.append(there)
                frontier = nxt
        self.dist = dist
        #: Closeness weights: how well a Hunter at row covers a place at column.
        self.cover = 1.0 / (1.0 + dist.astype(np.float64)) ** 2
        self.centrality = {p: float(dist[i].mean()) for i, p in enumerate(self.places)}

    def distance(self, a: str | None, b: str | None) -> int:
        if a is None or b is None or a not in self.index or b not in self.index:
            return FAR
        return int(self.dist[self.index[a], self.index[b]])

    def rows(self, places: Sequence[str]) -> list[int]:
        return [self.index[p] for p in places if p in self.index]


_GEOGRAPHY: dict[int, tuple[Board, Geography]] = {}


def geography_of(board: Board) -> Geography:
    """The board's distances, computed once per process."""
    found = _GEOGRAPHY.get(id(board))
    if found is None or found[0] is not board:
        found = (board, Geography(board))
        _GEOGRAPHY[id(board)] = found
    return found[1]


def initiative_odds(hunter_modifier: int, opponent_modifier: int) -> float:
    """The chance that the Hunters win initiative (a die each, ties rerolled)."""
    wins = losses = 0
    for opp in range(1, 7):
        for hunter in range(1, 7):
            a, b = hunter + hunter_modifier, opp + opponent_modifier
            wins += a > b
            losses += a < b
    return wins / (wins + losses) if wins + losses else 0.5


# ---------------------------------------------------------------------------------------
# Shared machinery
# ---------------------------------------------------------------------------------------
class _Bot:
    """The components both sides may read, and a seeded die for ties."""

    def __init__(self, rules: Rules, seed: int) -> None:
        self.rules = rules
        self.board = rules.board
        self.geo = geography_of(rules.board)
        self.tables = rules.tables
        self.dice = Dice(seed)
        self.initiative = rules.chits.initiative
        self.temperature = MIX_TEMPERATURE

    def pick(self, scored: Sequence[tuple[float, Action]]) -> Action:
        """The best-scored action, ties broken by the die."""
        best = max(score for score, _ in scored)
        top = [action for score, action in scored if score >= best - 1e-9]
        return top[self.dice.index(len(top))] if len(top) > 1 else top[0]

    def choose(self, seat: str, observation: Mapping[str, Any],
               legal_actions: Sequence[Action]) -> Action:
        if len(legal_actions) == 1:
            return legal_actions[0]  # nothing to decide: the observation is not even read
        scored = self.score_all(seat, observation, legal_actions)
        if all(isinstance(a, ChooseChit) for a in legal_actions):
            return self.mix(scored)
        return self.pick(scored)

    def mix(self, scored: Sequence[tuple[float, Action]]) -> Action:
        """A secret, simultaneous choice is a mixed strategy: each chit is chosen with a
        weight that falls off with how much worse than the best it is expected to do
        (a predictable fighter is an easy one, and two of them could trade the same
        chits for ever)."""
        best = max(score for score, _ in scored)
        weights = [float(np.exp((score - best) / self.temperature)) for score, _ in scored]
        roll = self.dice.index(1_000_000) / 1_000_000 * sum(weights)
        for weight, (_, action) in zip(weights, scored, strict=True):
            roll -= weight
            if roll < 0:
                return action
        return scored[-1][1]

    def score_all(self, seat: str, observation: Mapping[str, Any],
                  legal_actions: Sequence[Action]) -> list[tuple[float, Action]]:
        raise NotImplementedError

    def _expected(self, side: str, chit: str, foe_chits: Mapping[str, float],
                  hunters_win: float, value: Any, hunter_side: bool) -> float:
        """The mean value of a chit against a weighted spread of the foe's chits."""
        winner_foe = "dracula" if side == "dracula" else "agents"
        total = sum(foe_chits.values()) or 1.0
        mean = 0.0
        for foe, weight in foe_chits.items():
            mine, theirs = (chit, foe) if hunter_side else (foe, chit)
            try:
                won = self.tables.lookup(side, "hunters", mine, theirs)  # type: ignore[arg-type]
                lost = self.tables.lookup(side, winner_foe, mine, theirs)  # type: ignore[arg-type]
            except Exception:  # a chit the printed board does not list: no effect
                continue
            mean += weight * (hunters_win * value(won, mine)
                              + (1 - hunters_win) * value(lost, mine))
        return mean / total


# ---------------------------------------------------------------------------------------
# The Hunters
# ---------------------------------------------------------------------------------------
class HunterBot(_Bot):
    """A Hunter who hunts Dracula through the possible-location tracker.

    He remembers, from turn to turn, how likely each Town is to have held Dracula
    since a Hunter last searched it (its *suspicion*): every turn each Town where
    Dracula could be gains a share, and a Town a Hunter stands in is cleared. The
    Encounters - his Vampires above all - lie in the Towns he has been through.
    """

    def __init__(self, rules: Rules, seed: int) -> None:
        super().__init__(rules, seed)
        self.temperature = HUNTER_TEMPERATURE
        self.suspicion = np.zeros(len(self.geo.places))
        #: Dracula's own reckoning, run on what the Hunters see, to foresee his chits.
        self.dracula_model = DraculaBot(rules, seed + 7919)
        self._seen_turn = -1
        #: Turns in a row this Hunter has started in the same place (to break a deadlock:
        #: a way barred that the map's distances do not know of, such as Stormy Seas).
        self._stuck: tuple[str | None, int, int] = (None, -1, 0)

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
            # A Vampire is laid where no Hunter is at hand: a Town far from them is the
            # likelier to hold one.
            hunters = self.geo.rows([h["location"] for h in observation["hunters"].values()
                                     if h["status"] == "alive" and h["location"]])
            if hunters:
                near = self.geo.dist[np.ix_(hunters, rows)].min(axis=0)
                share = share * np.where(near >= 2, QUIET_TOWN, 1.0)
            self.suspicion[rows] += share
        here = [h["location"] for h in observation["hunters"].values()
                if h["status"] == "alive" and h["location"]]
        self.suspicion[self.geo.rows(here)] = 0.0

    def _count_stuck(self, view: _HunterView) -> int:
        place, turn, count = self._stuck
        now = int(view.obs.get("turn", 0))
        if now != turn:
            count = count + 1 if view.here == place else 0
            self._stuck = (view.here, now, count)
        return self._stuck[2]

    def score_all(self, seat: str, observation: Mapping[str, Any],
                  legal_actions: Sequence[Action]) -> list[tuple[float, Action]]:
        view = _HunterView(self, seat, observation)
        self.remember(observation, view.towns_possible)
        view.stuck = self._count_stuck(view) >= STUCK_TURNS
        return [(self._score(view, a), a) for a in legal_actions]

    def _score(self, v: _HunterView, action: Action) -> float:
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


class _HunterView:
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
        self.towns_possible = [p for p in self.possible if bot.board.is_town(p)]
        self.narrowed = 0 < len(self.towns_possible) <= 3
        # The places to cover, each weighted by how many of the tracker's hypotheses put
        # Dracula there (mean 1).
        targets = [p for p in (self.towns_possible or self.possible) if p in bot.geo.index]
        self.cols = bot.geo.rows(targets)
        weights = obs.get("possible_dracula_weights") or {}
        raw = np.array([float(weights.get(p, 1)) for p in targets])
        self.col_weight = raw / max(float(raw.mean()), 1e-9) if len(raw) else raw
        self.others = [h["location"] for s, h in hunters.items()
                       if s not in self.members and h["status"] == "alive" and h["location"]]
        self.sightings: Mapping[str, str] = obs.get("sightings", {})
        self.map_chits: Mapping[str, str] = obs.get("on_the_map", {})
        self.stuck = False
        self._forecast: dict[str, float] | None = None

    # -- moving --------------------------------------------------------------------------
    def place_value(self, place: str | None, moved: bool = True) -> float:
        """How good it is to end this Movement Phase in ``place``."""
        if place is None:
            return -FAR
        geo, board = self.geo, self.bot.board
        score = 0.0
        cols, weight = self.cols, self.col_weight
        row = geo.index.get(place)
        if row is not None and cols:
            if self.shown_at:
                score -= 3.0 * geo.distance(place, self.shown_at)
            else:
                mine = geo.cover[row, cols]
                other_rows = geo.rows(self.others)
                covered = geo.cover[np.ix_(other_rows, cols)].max(axis=0) if other_rows \
                    else np.zeros(len(cols))
                gain = float(np.clip(mine - covered, 0.0, None) @ weight)
                # a trail gone cold (very many places) is better followed by suspicion
                lost = len(cols) >= COLD_TRAIL
                score += (6.0 if lost else 12.0) * gain / max(len(cols), 1) ** 0.5
                score -= 0.6 * float(geo.dist[row, cols].min())
        score += self._vampire_pull(place) - self._exposure(place)
        if row is not None:
            suspicion = self.bot.suspicion
            # Encounters lie where Dracula has been: a Hunter near death keeps out of them
            near_death = int(self.me["wounds"]) >= NEAR_DEATH and len(self.members) == 1
            score += (-8.0 if near_death else 6.0) * min(float(suspicion[row]), 1.0)
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
        return score + self.bot.dice.index(100) / 1000

    def weak(self) -> bool:
        """Bitten, or badly wounded: the Hunter Dracula walks in on."""
        return bool(self.me["bitten"]) or int(self.me["wounds"]) >= 7

    def _exposure(self, place: str) -> float:
        """A weak Hunter ending his move alone where Dracula may reach him next turn: the
        weighted share of Dracula's possible places a move away."""
        if not self.weak() or len(self.members) > 1 or not self.cols \
                or place in self.others or place not in self.geo.index:
            return 0.0
        near = self.geo.dist[self.geo.index[place], self.cols] <= 1
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
        if not self.sightings or not self._can_destroy_vampire():
            return 0.0
        pull = 0.0
        for town, chit in self.sightings.items():
            if self._kind(chit) == "vampire" and town != "castle_dracula":
                pull = max(pull, VAMPIRE_PULL / (1 + self.geo.distance(place, town)))
        return pull

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
        board, geo = self.bot.board, self.geo
        hunters_at = [h["location"] for h in self.obs["hunters"].values()
                      if h["status"] == "alive" and h["location"]]
        found = []
        for town, row in geo.index.items():
            if not board.is_town(town) or town in self.sightings:
                continue
            suspicion = float(self.bot.suspicion[row])
            if suspicion <= 0.0:
                continue
            near = min([geo.distance(town, h) for h in hunters_at] or [FAR])
            found.append((town, min(suspicion, 2.0) * min(near, 3) / 3))
        found.sort(key=lambda ts: -ts[1])
        return found

    def combat_modifier(self, fight: Mapping[str, Any], side: str) -> int:
        """The Hunters' best initiative modifier in ``fight`` this round."""
        rules = self.bot.initiative
        rnd = int(fight.get("round", 1))
        best = None
        for m in fight.get("hunters", []):
            if m not in self.obs["hunters"]:
                continue
            own = 0
            if rnd <= 1 or not rules.hunter_modifiers_first_round_only:
                own += rules.hunter(m).against(side)  # type: ignore[arg-type]
            if rnd <= 1 and "dogs" in self.obs["hunters"][m].get("face_up", []):
                own += rules.dogs_first_round
            best = own if best is None else max(best, own)
        return best or 0

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
        if "stake" in self.group_weapons:
            return True
        return "knife" in self.group_weapons and not exposed

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

    # -- combat --------------------------------------------------------------------------
    def chit_value(self, chit: str) -> float:
        w = self.waiting
        side = "dracula" if w.get("side") == "dracula" else "agents"
        rnd = int(w.get("round", 1))
        last = w.get("last_chits", {})
        if side == "dracula":
            foes = self._dracula_forecast(w, rnd, last.get(DRACULA))
        else:
            foes = self._agent_spread(w, last)
        mod = self._hunter_modifier(side, rnd)
        opp = 0
        if side == "dracula":
            opp += self.bot.initiative.castle_dracula if w.get("town") == CASTLE_DRACULA else 0
            opp += self.bot.initiative.bitten_hunter if self.me["bitten"] else 0
        odds = initiative_odds(mod, opp)
        value = self.bot._expected(side, chit, foes, odds, self._result_value, True)
        return value + self.bot.dice.index(100) / 10000

    def _dracula_forecast(self, w: Mapping[str, Any], rnd: int,
                          last: str | None) -> dict[str, float]:
        """The chits Dracula may choose this round, weighted by how he would rate them
        himself from what he can see of the Hunters (their wounds, bites, Weapons shown
        and how many they hold): his own reckoning, run on public facts, with a guess at
        his Blood Points; blended with an even spread so no chit is ruled out."""
        if self._forecast is not None:
            return self._forecast
        prior = _dracula_chit_spread(w, rnd, last)
        seen = {"behind_the_screen": {"blood_points": ASSUMED_BLOOD, "location": w.get("town")},
                "waiting_for": w, "hunters": self.obs["hunters"], "dracula": self.obs["dracula"],
                "host_markers": self.obs.get("host_markers", {})}
        model = _DraculaView(self.bot.dracula_model, seen)
        values = {c: model.chit_value(DRACULA, c) for c in prior}
        best = max(values.values())
        liked = {c: float(np.exp((v - best) / MIX_TEMPERATURE)) for c, v in values.items()}
        total_liked, total_prior = sum(liked.values()), sum(prior.values())
        self._forecast = {c: FORECAST_TRUST * liked[c] / total_liked
                          + (1 - FORECAST_TRUST) * prior[c] / total_prior for c in prior}
        return self._forecast

    def _hunter_modifier(self, side: str, rnd: int) -> int:
        rules = self.bot.initiative
        best = None
        for m in self.waiting.get("hunters", [self.seat]):
            own = 0
            if rnd <= 1 or not rules.hunter_modifiers_first_round_only:
                own += rules.hunter(m).against(side)  # type: ignore[arg-type]
            if rnd <= 1 and "dogs" in self.obs["hunters"].get(m, {}).get("face_up", []):
                own += rules.dogs_first_round
            best = own if best is None else max(best, own)
        return best or 0

    def _agent_spread(self, w: Mapping[str, Any], last: Mapping[str, Any]) -> dict[str, float]:
        foe = None
        for e in w.get("engagements", []):
            if self.seat in e.get("hunters", []):
                foe = e.get("hunters_target") or (e.get("opponents") or [None])[0]
        chits = list(w.get("agent_chits", {}).get(foe, ())) or ["fist", "knife", "pistol"]
        rnd = int(w.get("round", 1))
        spread = {c: 1.0 for c in dict.fromkeys(chits)
                  if not (c == "dodge" and rnd <= 1) and c != last.get(str(foe))}
        return spread or {"fist": 1.0}

    def _result_value(self, result: Result, chit: str) -> float:
        wounds, bitten = self.me["wounds"], self.me["bitten"]
        code = result.code
        value = 0.0
        if code == MORTAL_WOUND:
            value = 100.0 if self.waiting.get("side") == "dracula" else 12.0
        elif result.blood_points:
            value = 5.0 * result.blood_points
        elif result.wounds:
            value = -40.0 if wounds + result.wounds >= WOUNDS_TO_DIE else \
                -1.5 * result.wounds * (1 + wounds / 8)
        elif code == BITE:
            value = -45.0 if bitten else -14.0
        elif code == HYPNOSIS:
            value = -50.0 if bitten else -22.0
        elif code == REPEL:
            value = 2.0
        elif code == SNATCHED:
            value = -WEAPON_VALUE.get(chit, 0.0) * 0.6
        elif code == DRACULA_ESCAPES:
            value = -3.0
        elif code == HUNTER_ESCAPES:
            value = 3.0 if wounds >= 8 or (bitten and self.waiting.get("side") == "dracula") \
                else -2.5
            value += max(int(self.waiting.get("round", 1)) - LONG_FIGHT, 0)
        if result.used_up and code != MORTAL_WOUND:
            value -= 0.3 * WEAPON_VALUE.get(chit, 0.0)
        return value

    def other_value(self, action: Action) -> float:
        """Decisions of newer rules (Event Cards), judged by their fields alone: a place
        where Dracula may be, the best Weapon; anything else is left to the die."""
        place = getattr(action, "place", None)
        if isinstance(place, str):
            return 2.0 if place in self.possible else 0.0
        weapon = getattr(action, "weapon", None)
        if isinstance(weapon, str):
            return WEAPON_VALUE.get(weapon, 0.0)
        return _unknown(action)

    def result_choice_value(self, action: ChooseResult) -> float:
        """Which result of the round to apply: the one of the strongest chit placed (the
        foe's revealed chit is not in the observation, only the log)."""
        engagements = self.waiting.get("engagements", [])
        if action.engagement >= len(engagements):
            return 0.0
        hunters = engagements[action.engagement].get("hunters", [])
        if action.option >= len(hunters):
            return 0.0
        chit = self.waiting.get("chosen", {}).get(hunters[action.option], "")
        order = HUNTER_RESULT_ORDER
        return float(len(order) - order.index(chit)) if chit in order else 0.0


def _dracula_chit_spread(w: Mapping[str, Any], rnd: int, last: str | None) -> dict[str, float]:
    """The chits Dracula may still choose this round, weighted by how likely he is to."""
    if w.get("daytime"):
        chits: tuple[str, ...] = DRACULA_DAY_CHITS
    elif w.get("dodge_or_escape_only"):
        chits = ("dodge", *DRACULA_ESCAPE_CHITS)
    else:
        chits = ("claw", "dodge", "fang", "hypnosis", "strength", *DRACULA_ESCAPE_CHITS)
    barred = bool(w.get("garlic_by")) and rnd <= GARLIC_ROUNDS
    spread = {c: (0.5 if c in DRACULA_ESCAPE_CHITS else 1.0) for c in chits
              if not (c == "dodge" and rnd <= 1) and c != last
              and not (barred and c in DRACULA_ESCAPE_CHITS)}
    return spread or {"claw": 1.0}


# ---------------------------------------------------------------------------------------
# Dracula
# ---------------------------------------------------------------------------------------
class DraculaBot(_Bot):
    """Dracula keeping ahead of the Hunters and spreading his Vampires."""

    def score_all(self, seat: str, observation: Mapping[str, Any],
                  legal_actions: Sequence[Action]) -> list[tuple[float, Action]]:
        view = _DraculaView(self, observation)
        return [(self._score(view, a), a) for a in legal_actions]

    def _score(self, v: _DraculaView, action: Action) -> float:
        if isinstance(action, MoveTo):
            if v.waiting.get("kind") == "bat_flight":
                return v.safety(action.to) + self.dice.index(100) / 1000
            return v.move_value(action.to)
        if isinstance(action, StayPut):
            if v.waiting.get("kind") == "bat_flight":
                return v.safety(v.here)
            return v.stay_value()
        if isinstance(action, Pass):
            return v.pass_value()
        if isinstance(action, ConsumeVampire):
            return v.consume_value(action.town)
        if isinstance(action, StartIn):
            return v.start_value(action.town)
        if isinstance(action, SwapEncounters):
            return sum(2.2 - v.worth_here(c) for c in action.discard)
        if isinstance(action, PlaceEncounter):
            return v.placement_value(action.chit)
        if isinstance(action, DoNothing):
            return 0.0
        if isinstance(action, ChooseChit):
            return v.chit_value(action.fighter, action.chit)
        if isinstance(action, DeclareTarget):
            return v.target_value(action.target)
        if isinstance(action, ChooseVictim):
            return v.target_value(action.hunter)
        if isinstance(action, ChaseTo):
            return v.chase_value(action.town)
        if isinstance(action, ChooseResult):
            return v.result_choice_value(action)
        if isinstance(action, DiscardEvent):
            return -DRACULA_CARD_WORTH.get(action.card, 5.0)
        if isinstance(action, PlayEvent):
            return dracula_card_value(v, action)
        if isinstance(action, NoEvent):
            return 0.0
        if isinstance(action, TeamUp):
            return 0.0
        step = dracula_step_value(v, action)
        return v.other_value(action) if step is None else step


class _DraculaView:
    """What Dracula reads from his observation for one decision."""

    def __init__(self, bot: DraculaBot, obs: Mapping[str, Any]) -> None:
        self.bot, self.obs, self.geo = bot, obs, bot.geo
        secret = obs.get("behind_the_screen", {})
        self.here: str | None = secret.get("location")
        self.blood = int(secret.get("blood_points", 12))
        self.chart: Mapping[str, str] = secret.get("chart", {})
        self.encounter_set: list[str] = list(secret.get("encounter_set", []))
        self.castle_turns = int(secret.get("castle_turns", 0))
        self.trail: list[str] = list(secret.get("trail", []))
        self.waiting: Mapping[str, Any] = obs.get("waiting_for") or {}
        self.fleeing = bool(obs["dracula"].get("fleeing"))
        self.hunters: Mapping[str, Any] = {s: h for s, h in obs["hunters"].items()
                                           if h["status"] == "alive" and h["location"]}
        self.hosts = set(obs.get("host_markers", {}))
        self.event_cards: list[str] = list(secret.get("event_cards", []))
        self.must_leave = bool(secret.get("must_leave"))
        self._placeable: dict[str, bool] = {}

    def kind(self, chit: str) -> str:
        return self._kind(chit)

    def vampire_towns(self) -> list[str]:
        return [t for t, c in self.chart.items() if self._kind(c) == "vampire"]

    def revealed_vampire(self) -> bool:
        """Whether the Encounter the Hunters have just found is a Vampire of his."""
        town = (self.waiting.get("action_phase") or {}).get("town")
        chit = self.chart.get(town or "")
        return chit is not None and self._kind(chit) == "vampire"

    def _kind(self, chit: str) -> str:
        return encounter_kind(self.bot.rules, chit)

    def chit_worth(self, chit: str) -> float:
        return ENCOUNTER_VALUE.get(self._kind(chit), 1.5)

    def nearest_hunter(self, place: str | None) -> int:
        return min([self.geo.distance(place, h["location"]) for h in self.hunters.values()]
                   or [FAR])

    def safety(self, place: str | None) -> float:
        """Far from every Hunter is safe; a Hunter's reach next turn (Road, Sea or Rail)
        is not."""
        if place is None:
            return 0.0
        score = 0.0
        for h in self.hunters.values():
            d = self.geo.distance(place, h["location"])
            score += min(d, 5)
            if d <= 1:
                score -= 3.0
            elif self.bot.board.is_town(place) and h["location"] in self.bot.board.places \
                    and place in self.bot.board.rail_reach(h["location"], 3):
                score -= 1.0
        return score / max(len(self.hunters), 1) * 1.5

    def _victim_score(self, place: str) -> float:
        """Entering a Town with Hunters means combat: worth it only when he is strong and
        they are weak."""
        present = [h for h in self.hunters.values() if h["location"] == place
                   and h.get("fought_dracula_at") != place]
        if not present:
            return 0.0
        if len(present) == 1 and self.blood >= 9 and not self.fleeing:
            h = present[0]
            if h["bitten"] or h["wounds"] >= 7:
                return 4.0
        return -12.0 * len(present)

    def free_town_distance(self, place: str) -> int:
        """Moves (Road or Sea) from ``place`` to the nearest Town box with no Encounter."""
        board, seen, frontier = self.bot.board, {place}, [place]
        for d in range(6):
            for town in frontier:
                if board.is_town(town) and town not in self.chart and town not in self.hosts \
                        and self.can_place_in(town):
                    return d
            frontier = [n for t in frontier for n in (*board.road[t], *board.sea[t])
                        if n not in seen]
            seen.update(frontier)
        return 6

    def move_value(self, place: str) -> float:
        board = self.bot.board
        score = self.safety(place) + self._victim_score(place)
        score -= (1.5 if self.has_vampire() else 0.8) * self.free_town_distance(place)
        if board.is_town(place):
            if place not in self.chart and self.can_place_in(place):
                score += 2.0 if self.has_vampire() else 1.2
            if place == CASTLE_DRACULA and not self.fleeing:
                score -= 6.0 if self.castle_turns >= 1 else 1.0
            score -= 0.6 * self.trail[-10:].count(place)  # no endless back and forth
        elif self.here is not None and board.is_town(self.here):
            score -= 2.5 if self.blood < 8 else 1.2  # embarking costs a Blood Point
        if self.fleeing:
            score -= self.geo.distance(place, CASTLE_DRACULA)
        return score + self.bot.dice.index(100) / 1000

    def stay_value(self) -> float:
        here = self.here
        if here is None:
            return -FAR
        score = self.safety(here) - 0.5 - 0.8 * self.free_town_distance(here) \
            - 0.6 * self.trail[-10:].count(here)
        if here in self.chart:
            score -= 1.5
        if here == CASTLE_DRACULA and not self.fleeing:
            score -= 6.0 if self.castle_turns >= 1 else 1.0
        return score

    def can_place_in(self, town: str) -> bool:
        """Whether some chit of his Encounter Set may be placed in ``town``."""
        found = self._placeable.get(town)
        if found is None:
            enc, board = self.bot.rules.encounters, self.bot.board
            found = any(enc.may_place(c, town, board) for c in self.encounter_set)
            self._placeable[town] = found
        return found

    def worth_here(self, chit: str) -> float:
        """A chit's worth to him where he is: little if he may not place it in these
        parts (Peasants and Szgany in the East, Hoax in the West, no Wolves in the British
        Isles)."""
        here = self.here
        if here is None or not self.bot.board.is_town(here):
            return self.chit_worth(chit)
        try:
            placeable = self.bot.rules.encounters.may_place(chit, here, self.bot.board)
        except Exception:
            placeable = True
        return self.chit_worth(chit) if placeable else 0.5

    def pass_value(self) -> float:
        """Passing to exchange poor Encounter Chits when no Hunter is near."""
        poor = sum(1 for c in self.encounter_set if self.worth_here(c) < 2.2)
        near = self.nearest_hunter(self.here)
        if poor >= 2 and near >= 3 and not self.has_vampire():
            return self.stay_value() + 1.0 + 0.5 * poor
        return self.stay_value() - 2.0

    def has_vampire(self) -> bool:
        return any(self._kind(c) == "vampire" for c in self.encounter_set)

    def chase_value(self, town: str) -> float:
        """Bats drive the Hunters away from him and from his Vampires."""
        vampires = [t for t, c in self.chart.items() if self._kind(c) == "vampire"]
        return float(min(self.geo.distance(town, p) for p in [self.here, *vampires]))

    def consume_value(self, town: str) -> float:
        """Consume a Vampire only when his Blood runs low - and not near a Stalemate, which
        consuming would turn into the Hunters' victory (Victory - Stalemate)."""
        near_stalemate = int(self.obs.get("vampires_destroyed", 0)) >= STALEMATE_NEAR
        if self.blood > (1 if near_stalemate else 4):
            return -FAR
        return 5.0 - self.blood - 0.5 * self.nearest_hunter(town)

    def start_value(self, town: str) -> float:
        board = self.bot.board
        return (min(self.nearest_hunter(town), 6) + 1.0 * board.is_east(town)
                - 4.0 * (town == CASTLE_DRACULA) - 2.0 * board.is_british(town)
                + self.bot.dice.index(100) / 1000)

    def placement_value(self, chit: str) -> float:
        near = self.nearest_hunter(self.here)
        kind = self._kind(chit)
        if kind == "vampire":
            return 10.0 if near >= 2 else 3.0
        nasty = NASTINESS.get(kind, 1.5)
        if near <= 2:
            return 2.0 + nasty
        # Far from the Hunters: lay the weakest chit, keeping the good ones for later.
        return 3.0 - self.chit_worth(chit) * 0.5

    # -- combat --------------------------------------------------------------------------
    def target_value(self, hunter: str) -> float:
        h = self.obs["hunters"].get(hunter, {})
        protected = any(w in PROTECTS for w in h.get("face_up", []))
        return (float(h.get("wounds", 0)) + (6.0 if h.get("bitten") else 0.0)
                - 3.0 * protected - 0.5 * float(h.get("weapon_chits", 0)))

    def _foe_of(self, fighter: str) -> str | None:
        for e in self.waiting.get("engagements", []):
            if fighter in e.get("opponents", []):
                target = e.get("opponents_target")
                if target:
                    return str(target)
                hunters = e.get("hunters", [])
                if hunters:
                    return str(max(hunters, key=self.target_value))
        return None

    def chit_value(self, fighter: str, chit: str) -> float:
        w = self.waiting
        side = "dracula" if fighter == DRACULA else "agents"
        foe = self._foe_of(fighter)
        hunter = self.obs["hunters"].get(foe or "", {})
        rnd = int(w.get("round", 1))
        last = w.get("last_chits", {}).get(foe or "")
        spread = _hunter_chit_spread(hunter, rnd, last, side, self.bot)
        rules = self.bot.initiative
        mod = 0
        if rnd <= 1 or not rules.hunter_modifiers_first_round_only:
            mod += rules.hunter(foe or "").against(side)  # type: ignore[arg-type]
        if rnd <= 1 and "dogs" in hunter.get("face_up", []):
            mod += rules.dogs_first_round
        opp = 0
        if side == "dracula":
            opp += rules.castle_dracula if w.get("town") == CASTLE_DRACULA else 0
            opp += rules.bitten_hunter if hunter.get("bitten") else 0
        odds = initiative_odds(mod, opp)
        ctx = (hunter, side)

        def value(result: Result, hunter_chit: str) -> float:
            return self._result_value(result, hunter_chit, ctx)

        return self.bot._expected(side, chit, spread, odds, value, False) + \
            self.bot.dice.index(100) / 10000

    def _result_value(self, result: Result, hunter_chit: str,
                      ctx: tuple[Mapping[str, Any], str]) -> float:
        """A result's worth to Dracula."""
        hunter, side = ctx
        wounds, bitten = int(hunter.get("wounds", 0)), bool(hunter.get("bitten"))
        hurt = self.blood <= 5
        code = result.code
        if code == MORTAL_WOUND:
            return -100.0 if side == "dracula" else -6.0
        if result.blood_points:
            left = self.blood - result.blood_points
            return -6.0 * result.blood_points - (20.0 if left <= 0 else 0.0)
        if result.wounds:
            return 25.0 if wounds + result.wounds >= WOUNDS_TO_DIE else 2.0 * result.wounds
        if code == BITE:
            return 30.0 if bitten else 12.0
        if code == HYPNOSIS:
            return 35.0 if bitten else 18.0
        if code == REPEL:
            return -2.0
        if code == SNATCHED:
            return 3.0
        if code == DRACULA_ESCAPES:
            tired = max(int(self.waiting.get("round", 1)) - LONG_FIGHT, 0)
            return (6.0 if hurt else -1.0) + tired
        if code == HUNTER_ESCAPES:
            return -1.0
        return 0.0

    def other_value(self, action: Action) -> float:
        """Decisions of newer rules (Event Cards), judged by their fields alone: a place
        far from the Hunters, the weakest Hunter; anything else is left to the die."""
        place = getattr(action, "place", None)
        if isinstance(place, str) and place in self.bot.geo.index:
            return self.safety(place)
        hunter = getattr(action, "hunter", None)
        if isinstance(hunter, str) and hunter in self.obs["hunters"]:
            return self.target_value(hunter)
        return _unknown(action)

    def result_choice_value(self, action: ChooseResult) -> float:
        """His Agents outnumber a Hunter: apply the result of the strongest Agent chit."""
        engagements = self.waiting.get("engagements", [])
        if action.engagement >= len(engagements):
            return 0.0
        opponents = engagements[action.engagement].get("opponents", [])
        if action.option >= len(opponents):
            return 0.0
        chit = self.waiting.get("chosen", {}).get(opponents[action.option], "")
        return float(len(AGENT_STRENGTH) - AGENT_STRENGTH.index(chit)) \
            if chit in AGENT_STRENGTH else 0.0


def _hunter_chit_spread(hunter: Mapping[str, Any], rnd: int, last: str | None, side: str,
                        bot: _Bot) -> dict[str, float]:
    """The chits a Hunter may place: his Basic chits, the Weapons Dracula has seen, and
    the rest spread evenly over the Weapons listed on this side of the board."""
    usable = set(bot.tables.hunter_chits(side))  # type: ignore[arg-type]
    spread: dict[str, float] = {"fist": 1.0, "escape": 0.5}
    if rnd > 1:
        spread["dodge"] = 0.6
    face_up = [w for w in hunter.get("face_up", []) if w in usable]
    for w in face_up:
        spread[w] = spread.get(w, 0.0) + 1.5
    unknown = max(int(hunter.get("weapon_chits", 0)) - len(hunter.get("face_up", [])), 0)
    weapons = [w for w in WEAPON_VALUE if w in usable]
    for w in weapons:
        spread[w] = spread.get(w, 0.0) + 1.5 * unknown / len(WEAPON_VALUE)
    if last in spread and last in BASIC:
        del spread[last]
    return spread


def _unknown(action: Action) -> float:
    """A decision of a kind these bots do not know: a small nudge towards playing a held
    Event Card (most help their holder), otherwise indifference (the die decides)."""
    kind = getattr(action, "TYPE", "")
    if kind == "play_event":
        return 0.2
    return 0.0


def default_agents(state: GameState, seed: int) -> dict[str, Agent]:
    """Dracula's bot and a Hunter bot for each Hunter, seeded from ``seed``."""
    assert isinstance(state, FuryState)
    rules = state.rules
    agents: dict[str, Agent] = {DRACULA: DraculaBot(rules, seed)}
    for i, seat in enumerate(HUNTERS):
        agents[seat] = HunterBot(rules, seed + i + 1)
    return agents
