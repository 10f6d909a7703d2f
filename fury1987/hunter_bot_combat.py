"""The Hunters' bot in combat: each chit valued on the Combat Action Board against the
chits the foe may still use, with the initiative odds the Hunters' modifiers give, and
against Dracula weighted by a forecast (his own bot's reckoning, run on the facts he can
see). A mixin of :class:`fury1987.hunter_bot.HunterView`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import numpy as np

from .actions import ChooseResult
from .board import CASTLE_DRACULA
from .bot_common import (
    DRACULA_DAY_CHITS,
    DRACULA_ESCAPE_CHITS,
    GARLIC_ROUNDS,
    LONG_FIGHT,
    MIX_TEMPERATURE,
    WOUNDS_TO_DIE,
    initiative_odds,
)
from .bot_events import WEAPON_VALUE
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
from .dracula_bot import DraculaView
from .state import DRACULA

if TYPE_CHECKING:
    from .hunter_bot import HunterBot

HUNTER_RESULT_ORDER = ("stake", "holy_water", "sacred_bullets", "knife", "crucifix",
                       "heavenly_host", "rifle", "pistol", "fist", "dodge", "escape")
FORECAST_TRUST = 0.7    # how far a Hunter trusts his forecast of Dracula's chit
ASSUMED_BLOOD = 9       # the Blood Points a Hunter credits Dracula with in that forecast


class HunterCombat:
    """A Hunter's view of a fight (mixed into his view of the whole decision)."""

    bot: HunterBot
    seat: str
    obs: Mapping[str, Any]
    me: Mapping[str, Any]
    waiting: Mapping[str, Any]
    _forecast: dict[str, float] | None

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
        prior = dracula_chit_spread(w, rnd, last)
        seen = {"behind_the_screen": {"blood_points": ASSUMED_BLOOD, "location": w.get("town")},
                "waiting_for": w, "hunters": self.obs["hunters"], "dracula": self.obs["dracula"],
                "host_markers": self.obs.get("host_markers", {})}
        model = DraculaView(self.bot.dracula_model, seen)
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


def dracula_chit_spread(w: Mapping[str, Any], rnd: int, last: str | None) -> dict[str, float]:
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

