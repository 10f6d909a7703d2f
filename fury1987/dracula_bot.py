"""Dracula's bot: he keeps ahead of the Hunters and spreads his Vampires.

How it plays is told in :mod:`fury1987.bots` (and docs/fury1987.md, Bots); the Hunters'
bot runs his reckoning on what they can see to foresee his combat chits.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from .actions import (
    ChaseTo,
    ChooseChit,
    ChooseResult,
    ChooseVictim,
    ConsumeVampire,
    DeclareTarget,
    DiscardEvent,
    DoNothing,
    MoveTo,
    NoEvent,
    Pass,
    PlaceEncounter,
    PlayEvent,
    StartIn,
    StayPut,
    SwapEncounters,
    TeamUp,
)
from .board import CASTLE_DRACULA
from .bot_common import (
    BASIC,
    FAR,
    LONG_FIGHT,
    PROTECTS,
    WOUNDS_TO_DIE,
    Bot,
    initiative_odds,
    unknown_value,
)
from .bot_events import (
    DRACULA_CARD_WORTH,
    NASTINESS,
    WEAPON_VALUE,
    dracula_card_value,
    dracula_step_value,
    encounter_kind,
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
from .state import DRACULA

if TYPE_CHECKING:
    from gothic_kernel import Action

#: How much Dracula values each Encounter kind in his Set (Vampires above all).
ENCOUNTER_VALUE = {"vampire": 10.0, "szgany": 3.0, "wolves": 2.6, "servant": 2.4,
                   "bats": 2.0, "rats": 1.6, "peasants": 1.5, "fog": 1.5, "hoax": 1.2,
                   "storms": 1.0}
#: Agent chits in order of strength (for choosing a result as the outnumbering side).
AGENT_STRENGTH = ("rifle", "pistol", "knife", "fist", "dodge")
STALEMATE_NEAR = 4       # Vampires destroyed from which Dracula guards against a Stalemate


class DraculaBot(Bot):
    """Dracula keeping ahead of the Hunters and spreading his Vampires."""

    def score_all(self, seat: str, observation: Mapping[str, Any],
                  legal_actions: Sequence[Action]) -> list[tuple[float, Action]]:
        view = DraculaView(self, observation)
        return [(self._score(view, a), a) for a in legal_actions]

    def _score(self, v: DraculaView, action: Action) -> float:
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


class DraculaView:
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
        return unknown_value(action)

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
                        bot: Bot) -> dict[str, float]:
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

