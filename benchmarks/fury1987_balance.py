"""Variants of fury1987's Hunter bot, played between the default bots (issue 18's table).

    python benchmarks/fury1987_balance.py VARIANT[+VARIANT...] [--games 200] [--seed 1]
        [--part 0 --parts 2] [--data-dir DIR]

Each bot variant changes the Hunters' bot in this process only (a constant, or a method
wrapped), reading nothing but the seat's observation as the bots do; ``base`` changes
nothing. Each data variant (``vampires6``, ``knife56``, ``stakeclawpar``, ... : the list is
``DATA_VARIANTS``) plays the same bots on the game's data with one reconstructed number
changed (the Encounter Pool, the Knife against a Vampire, a Combat Action Board box): it
writes a copy of the packaged file with that number changed to a temporary folder and
passes it as the game's option (``encounters_file=``, ``combat_tables_file=``, ...), as a
user with the printed game would; the packaged files are never changed. ``--data-dir DIR``
plays on every file of DIR named as in fury1987/data (``encounters.toml``, ...), the
others packaged. Both sides' bots read the game's rules, so they play the changed data.
The games are ``gothic_kernel.game_seeds(seed, games)`` (``--part``/``--parts`` play every
``parts``-th of them, to run halves one after the other), at most 6000 actions each.
It prints one line: Dracula's wins (supreme/major/minor), Stalemates, the Hunters' wins,
their share of the decided games, the mean number of turns, and the games in which
Dracula consumed a Vampire (by side: after that a Stalemate is the Hunters'). The rows of
docs/fury1987.md's "Balance" table come from it. Not run in CI.
"""

from __future__ import annotations

import argparse
import re
import tempfile
import time
import tomllib
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any, NamedTuple, cast

import numpy as np

import fury1987.bot_events as be
import fury1987.hunter_bot as hb
import fury1987.hunter_bot_combat as hbc
import fury1987.hunter_bot_search as hbs
import gothic_kernel as gk
from fury1987.actions import ChooseChit, FormGroup, GiveWeapon, LeaveGroup, PlaceHost
from fury1987.board import CASTLE_DRACULA
from fury1987.bot_common import PROTECTS, initiative_odds
from fury1987.combat_tables import HUNTER_ESCAPES, MORTAL_WOUND
from fury1987.state import FuryState
from gothic_kernel.agents import game_seeds, play_game

DATA = Path(hb.__file__).parent / "data"


def patch(owner: Any, name: str, value: object) -> None:
    """Replace ``owner.name`` (a bot's constant or method) in this process."""
    setattr(owner, name, value)


def escape_penalty(delta: float) -> Callable[[], None]:
    """Escaping from Dracula valued ``delta`` lower (unless wounded 8+ or bitten)."""
    def apply() -> None:
        original = hbc.HunterCombat._result_value

        def value(self: Any, result: Any, chit: str) -> float:
            v = original(self, result, chit)
            if (result.code == HUNTER_ESCAPES and self.waiting.get("side") == "dracula"
                    and not (self.me["wounds"] >= 8 or self.me["bitten"])):
                v -= delta
            return v
        patch(hbc.HunterCombat, "_result_value", value)
    return apply


def attack_more() -> None:
    """Attack Dracula unless someone is bitten unwarded or wounded 9+ (bare-handed too)."""
    def should_attack(self: Any) -> bool:
        hunters = self.obs["hunters"]
        worst = max(hunters[m]["wounds"] for m in self.members)
        unwarded = any(hunters[m]["bitten"] for m in self.members) and not any(
            w in PROTECTS for w in self.group_weapons)
        return not unwarded and worst <= 8
    patch(hb.HunterView, "should_attack", should_attack)


def vampire_searcher(cover: float, suspicion: float) -> Callable[[], None]:
    """From turn 10, with the hunt wide, the first living Hunter holding a Stake or a Knife
    (alone) searches for Vampires: Dracula's possible places count ``cover`` times as much,
    and suspect Towns (and suspect regions, half) ``suspicion`` more."""
    def apply() -> None:
        original = hb.HunterView._place_worth

        def searching(view: Any) -> bool:
            if view.narrowed or view.shown_at or len(view.members) > 1:
                return False
            if int(view.obs.get("turn", 0)) < 10:
                return False
            secrets = view.obs.get("hunters_secrets", {})
            armed = [s for s, h in view.obs["hunters"].items() if h["status"] == "alive"
                     and {"stake", "knife"} & set(secrets.get(s, {}).get("weapons", []))]
            return bool(armed) and armed[0] == view.seat

        def worth(self: Any, place: str, moved: bool) -> float:
            if not searching(self):
                return original(self, place, moved)
            weights = self.col_weight
            self.col_weight = weights * cover
            try:
                score = original(self, place, moved)
            finally:
                self.col_weight = weights
            row = self.geo.index.get(place)
            if row is not None:
                suspect = self.bot.suspicion
                near = float(suspect @ self.geo.cover[row]) - float(suspect[row])
                score += suspicion * (min(float(suspect[row]), 1.0) + 0.5 * min(near, 3.0))
            return score
        patch(hb.HunterView, "_place_worth", worth)
    return apply


def constant(module: Any, name: str, value: float) -> Callable[[], None]:
    def apply() -> None:
        patch(module, name, value)
    return apply


def maximin(share: float) -> Callable[[], None]:
    """Against Dracula, the chit drawn from a maximin mix (the Hunters' values taken as a
    zero-sum game against every chit Dracula may choose, solved by multiplicative
    weights), blended ``share`` : ``1 - share`` with the present mix."""
    def solve(payoff: np.ndarray[Any, Any], rounds: int = 400) -> np.ndarray[Any, Any]:
        low, high = float(payoff.min()), float(payoff.max())
        scaled = (payoff - low) / (high - low + 1e-9)
        rows = scaled.shape[0]
        gained, played = np.zeros(rows), np.zeros(rows)
        rate = np.sqrt(8 * np.log(max(rows, 2)) / rounds)
        for _ in range(rounds):
            mix = np.exp(rate * (gained - gained.max()))
            mix /= mix.sum()
            played += mix
            gained += scaled[:, int(np.argmin(mix @ scaled))]
        result: np.ndarray[Any, Any] = played / rounds
        return result

    def apply() -> None:
        original = hb.HunterBot.choose

        def choose(self: Any, seat: str, observation: Mapping[str, Any],
                   legal: Sequence[gk.Action]) -> gk.Action:
            w = observation.get("waiting_for") or {}
            if (len(legal) < 2 or w.get("side") != "dracula"
                    or not all(isinstance(a, ChooseChit) for a in legal)):
                return original(self, seat, observation, legal)
            view = hb.HunterView(self, seat, observation)
            rnd = int(w.get("round", 1))
            foes = list(hbc.dracula_chit_spread(w, rnd, w.get("last_chits", {}).get("dracula")))
            against = ((self.initiative.castle_dracula if w.get("town") == CASTLE_DRACULA
                        else 0) + (self.initiative.bitten_hunter if view.me["bitten"] else 0))
            odds = initiative_odds(view._hunter_modifier("dracula", rnd), against)
            chits = [a.chit for a in legal if isinstance(a, ChooseChit)]
            payoff = np.array([[self._expected("dracula", chit, {f: 1.0}, odds,
                                               view._result_value, True) for f in foes]
                               for chit in chits])
            mix = solve(payoff)
            if share < 1.0:
                scored = self.score_all(seat, observation, legal)
                best = max(s for s, _ in scored)
                liked = np.array([np.exp((s - best) / self.temperature) for s, _ in scored])
                mix = share * mix + (1 - share) * liked / liked.sum()
            roll = self.dice.index(1_000_000) / 1_000_000 * float(mix.sum())
            for weight, action in zip(mix, legal, strict=True):
                roll -= float(weight)
                if roll < 0:
                    return action
            return legal[-1]
        patch(hb.HunterBot, "choose", choose)
    return apply


def card_rule(card: str, rule: Callable[[hb.HunterView], bool]) -> Callable[[], None]:
    """The Hunters play ``card`` when ``rule`` (of the Hunter's view) says so."""
    def apply() -> None:
        cast("dict[str, object]", be._HUNTER_RULES)[card] = rule
    return apply


def card_worth(changes: Mapping[str, float]) -> Callable[[], None]:
    """What the Hunters' cards are worth in hand (kept or discarded at the limit)."""
    def apply() -> None:
        be.HUNTER_CARD_WORTH.update(changes)
    return apply


def locate_early(v: Any) -> bool:
    """Newspaper Reports as soon as Dracula is not on the map and two places are open."""
    return not v.shown_at and len(v.possible) >= 2


def hypnosis_early(v: Any) -> bool:
    return not v.shown_at and len(v.possible) >= 2


def press_early(v: Any) -> bool:
    return not v.shown_at and len(v.possible) >= 3


def host_wide(v: Any) -> bool:
    return not v.shown_at and len(v.towns_possible) > 1 and bool(v.host_towns())


def scouts_early(v: Any) -> bool:
    return bool([t for t, s in v.scout_targets() if s >= 0.2])


def pre_warned_vampires(v: Any) -> bool:
    """Pre-Warned kept for Vampires: every revealed Vampire discarded (off the Chart, not
    counted destroyed), nothing else."""
    kind = be.encounter_kind(v.bot.rules, str(v.waiting.get("chit", "")))
    return kind == "vampire"


def pre_warned_any_vampire(v: Any) -> bool:
    """Every revealed Vampire discarded, the nasty Encounters as now."""
    kind = be.encounter_kind(v.bot.rules, str(v.waiting.get("chit", "")))
    return kind == "vampire" or be._pre_warned(v)


def advance_planning_always(v: Any) -> bool:
    """+1 initiative in every round of a fight with Dracula (or Agents when hurt)."""
    fight = v.waiting.get("combat") or {}
    return fight.get("side") == "dracula" or be._advance_planning(v)


def leap_fleeing_only(v: Any) -> bool:
    """Heroic Leap kept for the kill: only against a Dracula who has fled."""
    return bool(v.obs["dracula"].get("fleeing"))


def news_within_reach(share: float) -> Callable[[hb.HunterView], bool]:
    """Newspaper Reports held until the Hunters yet to move could reach ``share`` of his
    possible places (the wide trail alone is no longer reason enough)."""
    def rule(v: hb.HunterView) -> bool:
        return not v.shown_at and len(v.possible) >= 4 and v.reach_share() >= share
    return rule


COMBAT_CARDS_KEPT = {"dawn_raid": 12.0, "great_strength": 11.0, "advance_planning": 10.5,
                     "heroic_leap": 10.0, "good_luck": 9.5}
LOCATING_CARDS_KEPT = {"newspaper_reports": 12.0, "hypnosis": 11.0,
                       "sensationalist_press": 10.5, "heavenly_host": 10.0}


def gift_worth(v: Any, action: GiveWeapon) -> float:
    """A trade worth making: a Crucifix or Heavenly Host to a member who has none, from
    one who keeps another or is not bitten while the taker is (Dracula picks the
    Vampire's victim, a bitten one turns); Holy Water to a bitten member without it."""
    hunters, secrets = v.obs["hunters"], v.obs.get("hunters_secrets", {})
    giver = list(secrets.get(action.giver, {}).get("weapons", []))
    taker = list(secrets.get(action.taker, {}).get("weapons", []))
    bitten = bool(hunters[action.taker]["bitten"])
    if action.back in PROTECTS or (action.back == "holy_water"
                                   and hunters[action.giver]["bitten"]):
        return -50.0
    if action.weapon in PROTECTS and not any(w in PROTECTS for w in taker):
        spare = sum(w in PROTECTS for w in giver) >= 2
        if spare or (bitten and not hunters[action.giver]["bitten"]):
            return 45.0
    if action.weapon == "holy_water" and bitten and "holy_water" not in taker \
            and not hunters[action.giver]["bitten"]:
        return 45.0
    return -50.0


def ward_gifts() -> None:
    """Members of a group trade Weapon Chits when :func:`gift_worth` says so."""
    original = hb.HunterBot._score

    def score(self: Any, v: Any, action: Any) -> float:
        if isinstance(action, GiveWeapon):
            return gift_worth(v, action)
        return float(original(self, v, action))
    patch(hb.HunterBot, "_score", score)


def pack(pull: float) -> Callable[[], None]:
    """The Hunters hunt as one pack: a group whenever they meet (split only when stuck),
    a place where a fellow stands worth ``pull`` more, nearer fellows a little more."""
    def apply() -> None:
        original_score = hb.HunterBot._score
        original_worth = hb.HunterView._place_worth

        def score(self: Any, v: Any, action: Any) -> float:
            if isinstance(action, FormGroup):
                return 40.0
            if isinstance(action, LeaveGroup):
                return 40.0 if v.stuck else -50.0
            return float(original_score(self, v, action))

        def worth(self: Any, place: str, moved: bool) -> float:
            score = original_worth(self, place, moved)
            if self.others:
                near = min(self.geo.distance(place, o) for o in self.others)
                score += pull if near == 0 else -0.3 * pull * min(near, 4) / 4
            return score
        patch(hb.HunterBot, "_score", score)
        patch(hb.HunterView, "_place_worth", worth)
    return apply


def stake_only() -> None:
    """Attack Dracula only with a Stake in the group (its Mortal Wound is how fights are
    won), unless the group is two or more and can hurt him otherwise."""
    original = hb.HunterView.should_attack

    def should_attack(self: Any) -> bool:
        if "stake" not in self.group_weapons and len(self.members) < 2:
            return False
        return bool(original(self))
    patch(hb.HunterView, "should_attack", should_attack)


def stake_fellows(v: Any, town: str) -> list[str]:
    """The Hunters outside ``v``'s group, yet to move this turn, holding a Stake and
    within one Road or Sea move of ``town``."""
    secrets = v.obs.get("hunters_secrets", {})
    return [s for s, h in v.obs["hunters"].items()
            if s not in v.members and h["status"] == "alive" and h["location"]
            and not h["moved"] and "stake" in secrets.get(s, {}).get("weapons", [])
            and v.geo.distance(h["location"], town) <= 1]


def shadow() -> None:
    """At a find, a group without a Stake lets Dracula be (his piece stays on the map)
    when a fellow with a Stake, yet to move, can reach him this turn."""
    original = hb.HunterView.should_attack

    def should_attack(self: Any) -> bool:
        town = self.shown_at or self.here
        if "stake" not in self.group_weapons and town and stake_fellows(self, town):
            return False
        return bool(original(self))
    patch(hb.HunterView, "should_attack", should_attack)


def stake_converge(unarmed: float) -> Callable[[], None]:
    """With Dracula's piece on the map, a Hunter (group) with nothing that hurts him is
    drawn to it ``unarmed`` per move (not 3): he keeps covering the map."""
    def apply() -> None:
        original = hb.HunterView._place_worth

        def worth(self: Any, place: str, moved: bool) -> float:
            score = original(self, place, moved)
            if self.shown_at and not self.group_hurts_dracula():
                score += (3.0 - unarmed) * self.geo.distance(place, self.shown_at)
            return score
        patch(hb.HunterView, "_place_worth", worth)
    return apply


def equip(large: float, fish: float) -> Callable[[], None]:
    """A Hunter (group) without a Stake goes for Weapons: a large Town ``large`` more
    while he has room, and Passes to swap a poor Weapon (``fish`` a poor chit) while the
    hunt is not narrowed."""
    def apply() -> None:
        original_worth = hb.HunterView._place_worth
        original_pass = hb.HunterView.pass_value

        def worth(self: Any, place: str, moved: bool) -> float:
            score = original_worth(self, place, moved)
            if moved and "stake" not in self.group_weapons and len(self.weapons) < 3 \
                    and self.bot.board.is_town(place) and self.bot.board.is_large(place):
                score += large
            return score

        def pass_value(self: Any) -> float:
            value = float(original_pass(self))
            weak = sum(1 for w in self.weapons if be.WEAPON_VALUE.get(w, 5) < 5)
            if weak and "stake" not in self.group_weapons and not self.narrowed \
                    and not self.shown_at:
                value = max(value, self.place_value(self.here, moved=False) + fish * weak)
            return value
        patch(hb.HunterView, "_place_worth", worth)
        patch(hb.HunterView, "pass_value", pass_value)
    return apply


def host_seal(share: float) -> Callable[[], None]:
    """A Hunter with a Heavenly Host seals off the Town he stands in (Reference 3: Dracula
    may never enter or pass through it; the chit leaves his three) when it is among the
    ``share`` most central Towns of the map (a crossroads he would pass through)."""
    def apply() -> None:
        original = hb.HunterBot._score

        def score(self: Any, v: Any, action: Any) -> float:
            if isinstance(action, PlaceHost):
                central = sorted(self.geo.centrality.values())
                cut = central[int(share * (len(central) - 1))]
                return 45.0 if self.geo.centrality.get(v.here, cut + 1) <= cut else -50.0
            return float(original(self, v, action))
        patch(hb.HunterBot, "_score", score)
    return apply


def weapon_worth(weapon: str, worth: float) -> Callable[[], None]:
    """A Weapon Chit valued ``worth`` by the Hunters (taken, kept, swapped, Re-Equipped)."""
    def apply() -> None:
        be.WEAPON_VALUE[weapon] = worth
    return apply


def blood_worth(per_point: float) -> Callable[[], None]:
    """A Blood Point Dracula loses in combat valued ``per_point`` (not 5) by the Hunters."""
    def apply() -> None:
        original = hbc.HunterCombat._result_value

        def value(self: Any, result: Any, chit: str) -> float:
            v = original(self, result, chit)
            if result.blood_points and result.code != MORTAL_WOUND:
                v += (per_point - 5.0) * result.blood_points
            return v
        patch(hbc.HunterCombat, "_result_value", value)
    return apply


def trail_scale(scale: float) -> Callable[[], None]:
    """The suspicion read from the whole trail counted ``scale`` times as much (the
    Hunters' search then leans towards Dracula himself, away from his Encounters)."""
    def apply() -> None:
        original = hbs.TrailMemory.suspicion

        def suspicion(self: Any, towns: Any) -> Any:
            return scale * original(self, towns)
        patch(hbs.TrailMemory, "suspicion", suspicion)
    return apply


def bank_sixth() -> None:
    """With five Vampires destroyed and the Stalemate not theirs, a sixth found is left
    while the hunt is hot (Dracula's piece on the map, or narrowed to three Towns): the
    game goes on while a Stake may still find him, the Vampire waits, known."""
    original = hb.HunterView.should_face_vampire

    def should_face_vampire(self: Any) -> bool:
        hot = bool(self.shown_at) or self.narrowed
        if (int(self.obs.get("vampires_destroyed", 0)) >= 5 and hot
                and not hbs.stalemate_is_won(self.obs)):
            return False
        return bool(original(self))
    patch(hb.HunterView, "should_face_vampire", should_face_vampire)


def mortal_worth(worth: float) -> Callable[[], None]:
    """A Mortal Wound on Dracula valued ``worth`` (not 100) by the Hunters in combat."""
    def apply() -> None:
        original = hbc.HunterCombat._result_value

        def value(self: Any, result: Any, chit: str) -> float:
            v = original(self, result, chit)
            if result.code == MORTAL_WOUND and self.waiting.get("side") == "dracula":
                v += worth - 100.0
            return v
        patch(hbc.HunterCombat, "_result_value", value)
    return apply



def hidden_stake(cost: float) -> Callable[[], None]:
    """The Stake kept hidden for the kill: against Dracula, a Stake he has not seen (none
    of the Hunter's Stakes face up) is valued ``cost`` times the chance that this round
    does not give the Mortal Wound lower. Placed and Parried by his Claw or Dodge, the
    Stake goes face up, and his bot then counts it in every later round and fight with
    this Hunter, and stops gambling on Fang, Hypnosis or Escape (Human), the chits the
    Stake kills."""
    def apply() -> None:
        original = hbc.HunterCombat.chit_value

        def chit_value(self: Any, chit: str) -> float:
            value = float(original(self, chit))
            w = self.waiting
            if chit != "stake" or w.get("side") != "dracula":
                return value
            held = self.obs.get("hunters_secrets", {}).get(self.seat, {}).get("weapons", [])
            if list(self.me.get("face_up", [])).count("stake") >= list(held).count("stake"):
                return value
            rnd = int(w.get("round", 1))
            foes = self._dracula_forecast(w, rnd, w.get("last_chits", {}).get("dracula"))
            against = ((self.bot.initiative.castle_dracula if w.get("town") == CASTLE_DRACULA
                        else 0)
                       + (self.bot.initiative.bitten_hunter if self.me["bitten"] else 0))
            odds = initiative_odds(self._hunter_modifier("dracula", rnd), against)

            def mortal(result: Any, _chit: str) -> float:
                return 1.0 if result.code == MORTAL_WOUND else 0.0
            kill = self.bot._expected("dracula", "stake", foes, odds, mortal, True)
            return value - cost * (1.0 - float(kill))
        patch(hbc.HunterCombat, "chit_value", chit_value)
    return apply

VARIANTS: dict[str, Callable[[], None]] = {
    "base": lambda: None,
    "esc4": escape_penalty(3.5), "esc8": escape_penalty(7.5), "esc15": escape_penalty(15.0),
    "conv1": constant(hbs, "CONVERGE", 1.0), "conv3": constant(hbs, "CONVERGE", 3.0),
    "attack9": attack_more,
    "pull40": constant(hb, "VAMPIRE_PULL", 40.0),
    "search1": vampire_searcher(0.3, 6.0), "search2": vampire_searcher(0.0, 10.0),
    "temp06": constant(hb, "HUNTER_TEMPERATURE", 0.6),
    "temp14": constant(hb, "HUNTER_TEMPERATURE", 1.4),
    "trust5": constant(hbc, "FORECAST_TRUST", 0.5),
    "trust9": constant(hbc, "FORECAST_TRUST", 0.9),
    "trust10": constant(hbc, "FORECAST_TRUST", 1.0),
    "blood12": constant(hbc, "ASSUMED_BLOOD", 12),
    "mm": maximin(1.0), "mm5": maximin(0.5),
    "news2": card_rule("newspaper_reports", locate_early),
    "hyp2": card_rule("hypnosis", hypnosis_early),
    "press3": card_rule("sensationalist_press", press_early),
    "hostwide": card_rule("heavenly_host", host_wide),
    "scouts": card_rule("hired_scouts", scouts_early),
    "pwvamp": card_rule("pre_warned", pre_warned_vampires),
    "pwall": card_rule("pre_warned", pre_warned_any_vampire),
    "apall": card_rule("advance_planning", advance_planning_always),
    "leapkill": card_rule("heroic_leap", leap_fleeing_only),
    "keepfight": card_worth(COMBAT_CARDS_KEPT),
    "keeplocate": card_worth(LOCATING_CARDS_KEPT),
    "wardgift": ward_gifts,
    "newsreach4": card_rule("newspaper_reports", news_within_reach(0.4)),
    "newsreach6": card_rule("newspaper_reports", news_within_reach(0.6)),
    "joint15": constant(hb, "JOINT_WEIGHT", 15.0),
    "joint30": constant(hb, "JOINT_WEIGHT", 30.0),
    "joint60": constant(hb, "JOINT_WEIGHT", 60.0),
    "rumours5": constant(hbs, "RUMOURS_SHARE", 0.5),
    "rumours10": constant(hbs, "RUMOURS_SHARE", 1.0),
    "block0": constant(hbs, "BLOCK_SHARE", 0.0),
    "block1": constant(hbs, "BLOCK_SHARE", 1.0),
    "jplaces40": constant(hbs, "JOINT_PLACES", 40),
    "fore5": constant(hbs, "FORESIGHT", 0.5),
    "fore8": constant(hbs, "FORESIGHT", 0.8),
    "fore10": constant(hbs, "FORESIGHT", 1.0),
    "spread05": constant(hbs, "FORESIGHT_SPREAD", 0.5),
    "spread025": constant(hbs, "FORESIGHT_SPREAD", 0.25),
    "spread2": constant(hbs, "FORESIGHT_SPREAD", 2.0),
    "pack3": pack(3.0), "pack6": pack(6.0),
    "sus8": constant(hbs, "SUSPICION_FORESIGHT", 0.8),
    "stakeonly": stake_only,
    "shadow": shadow,
    "unarmed1": stake_converge(1.0), "unarmed0": stake_converge(0.0),
    "equip": equip(2.0, 1.5),
    "consumed40": constant(hbs, "STALEMATE_RACE_PULL", 40.0),
    "race0": constant(hbs, "STALEMATE_RACE_PULL", 0.0),
    "host3": host_seal(0.3), "host10": host_seal(1.0),
    "garlic": weapon_worth("garlic", 8.5),
    "blood8": blood_worth(8.0), "blood12bp": blood_worth(12.0),
    "long99": constant(hbc, "LONG_FIGHT", 99),
    "smooth5": constant(hbs, "SMOOTHED_SUSPICION", 0.5),
    "smooth10": constant(hbs, "SMOOTHED_SUSPICION", 1.0),
    "trail05": trail_scale(0.5), "trail03": trail_scale(0.3),
    "bank6": bank_sixth, "hold": constant(hbs, "HOLD_HOT_STALEMATE", 1.0),
    "mort60": mortal_worth(60.0), "mort150": mortal_worth(150.0),
    "hidestake": hidden_stake(10.0), "hidestake20": hidden_stake(20.0),
}



class DataChange(NamedTuple):
    """One reconstructed number changed in a copy of a packaged data file: in ``file``
    (of fury1987/data), under the TOML table ``table``, the line of ``key`` has its text
    ``old`` replaced by ``new``; the copy must then read ``value`` at ``where`` (keys
    from the top of the file)."""

    file: str
    table: str
    key: str
    old: str
    new: str
    where: tuple[str, ...]
    value: object


# The game's option for each data file (fury1987.game.FILE_OPTIONS).
FILE_OPTIONS = {"map.toml": "map_file", "railway_station_chart.toml": "railway_chart_file",
                "encounters.toml": "encounters_file", "chits.toml": "chits_file",
                "combat_tables.toml": "combat_tables_file", "events.toml": "events_file"}


def vampires(count: int) -> tuple[DataChange, ...]:
    """The Encounter Pool with ``count`` Vampires (8 reconstructed), the other kinds as
    they are (so the pool holds 34 + ``count`` chits)."""
    return (DataChange("encounters.toml", "chit.vampire", "count", "count = 8",
                       f"count = {count}", ("chit", "vampire", "count"), count),)


def knife(rolls: list[int]) -> tuple[DataChange, ...]:
    """The Knife destroys a Vampire Encounter on ``rolls`` (4-6 reconstructed)."""
    return (DataChange("encounters.toml", "vampire", "knife_destroys_on", "[4, 5, 6]",
                       str(rolls), ("vampire", "knife_destroys_on"), rolls),)


def box(winner: str, hunter: str, dracula: str, old: str, new: str) -> tuple[DataChange, ...]:
    """A box of the Dracula vs Hunters table won by ``winner`` (the Hunter's chit
    ``hunter`` against Dracula's ``dracula``) reads ``new``, not ``old``."""
    table = f"dracula.won_by.{winner}.results"
    return (DataChange("combat_tables.toml", table, hunter, f'{dracula} = "{old}"',
                       f'{dracula} = "{new}"', (*table.split("."), hunter, dracula), new),)



def weapons(more: str, fewer: str) -> tuple[DataChange, ...]:
    """One Weapon Chit ``more`` (4, not 3) and one ``fewer`` (2): the Hunters' chits
    still add up to the rulebook's 39, which the chits file's loader checks."""
    return tuple(DataChange("chits.toml", f"hunter.{weapon}", "count", "count = 3",
                            f"count = {n}", ("hunter", weapon, "count"), n)
                 for weapon, n in ((more, 4), (fewer, 2)))

DATA_VARIANTS: dict[str, tuple[DataChange, ...]] = {
    "vampires6": vampires(6), "vampires7": vampires(7), "vampires10": vampires(10),
    "knife56": knife([5, 6]), "knife36": knife([3, 4, 5, 6]),
    # the Stake against Claw, the Hunters' initiative: a Mortal Wound since ruling 88
    # (``stakeclawpar``: Parried, as before it; the eighth stop's ``stakeclaw`` row)
    "stakeclawpar": box("hunters", "stake", "claw", "*Mort*", "Par"),
    "stakeclaw2": box("hunters", "stake", "claw", "*Mort*", "2Bld"),
    "stakedodge": box("hunters", "stake", "dodge", "Par", "*Mort*"),
    "holydodge": box("hunters", "holy_water", "dodge", "Par", "*2Bld*"),
    "stakes4": weapons("stake", "garlic"), "stakes2": weapons("garlic", "stake"),
}


def edited(text: str, change: DataChange) -> str:
    """``text`` with ``change`` made (exactly once, in its table)."""
    lines = text.splitlines(keepends=True)
    start = next((i for i, line in enumerate(lines) if line.strip() == f"[{change.table}]"),
                 None)
    if start is not None:
        for i in range(start + 1, len(lines)):
            if lines[i].lstrip().startswith("["):
                break
            if re.match(rf"\s*{re.escape(change.key)}\s*=", lines[i]) \
                    and lines[i].count(change.old) == 1:
                lines[i] = lines[i].replace(change.old, change.new)
                return "".join(lines)
    raise SystemExit(f"{change.file}: no line '{change.key}' holding {change.old!r} "
                     f"under [{change.table}]")


def data_options(changes: Sequence[DataChange], data_dir: str, folder: Path) -> dict[str, str]:
    """The game's file options: the files of ``data_dir`` (if any), then copies in
    ``folder`` of those (or of the packaged files) with ``changes`` made, each checked
    to read as meant."""
    given = Path(data_dir) if data_dir else None
    options = {option: str(given / name) for name, option in FILE_OPTIONS.items()
               if given is not None and (given / name).is_file()}
    texts: dict[str, str] = {}
    for change in changes:
        source = Path(options.get(FILE_OPTIONS[change.file], DATA / change.file))
        texts[change.file] = edited(texts.get(change.file) or source.read_text("utf-8"),
                                    change)
    for name, text in texts.items():
        (folder / name).write_text(text, "utf-8")
        options[FILE_OPTIONS[name]] = str(folder / name)
    for change in changes:
        read: Any = tomllib.loads(texts[change.file])
        for key in change.where:
            read = read[key]
        if read != change.value:
            raise SystemExit(f"{change.file}: {'.'.join(change.where)} reads {read!r}")
    return options

def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("variant", help=f"joined by '+': {', '.join(VARIANTS)}; "
                        f"data: {', '.join(DATA_VARIANTS)}")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--part", type=int, default=0)
    parser.add_argument("--parts", type=int, default=1)
    parser.add_argument("--data-dir", default="", help="play on the data files in DIR "
                        "(named as in fury1987/data), the others packaged")
    args = parser.parse_args()
    changes: list[DataChange] = []
    for name in args.variant.split("+"):
        if name in DATA_VARIANTS:
            changes += DATA_VARIANTS[name]
        elif name in VARIANTS:
            VARIANTS[name]()
        else:
            parser.error(f"no variant {name!r}")
    with tempfile.TemporaryDirectory(prefix="fury1987-data-") as folder:
        options = data_options(changes, args.data_dir, Path(folder))
        play(args, options)


def play(args: argparse.Namespace, options: Mapping[str, str]) -> None:
    """Play the games of ``args`` with the game ``options`` and print the line."""
    game = gk.load_game("fury1987")
    tally: Counter[str] = Counter()
    turns = []
    start = time.time()
    for seed in game_seeds(args.seed, args.games)[args.part::args.parts]:
        state, _ = play_game(game, seed, options=options, max_steps=6000)
        outcome = state.outcome
        if outcome is None:
            tally["unfinished"] += 1
            continue
        side = ("D" if outcome.winners == ("dracula",) else "H") if outcome.winners else "S"
        tally[side] += 1
        tally[side + str(outcome.level)[:3]] += 1
        if cast(FuryState, state).dracula.consumed:
            tally["consumed"] += 1
            tally["consumed" + side] += 1
        turns.append(state.observation(gk.PUBLIC)["turn"])
    d, h = tally["D"], tally["H"]
    print(f"{args.variant} seed {args.seed} games {args.games} part {args.part}/{args.parts}: "
          f"Dracula {d} ({tally['Dsup']}/{tally['Dmaj']}/{tally['Dmin']}), "
          f"Stalemate {tally['S']}, Hunters {h} ({tally['Hsup']}/{tally['Hmaj']}/"
          f"{tally['Hmin']}), unfinished {tally['unfinished']}; Hunters' share of decided "
          f"games {100 * h / max(d + h, 1):.1f}%; turns {np.mean(turns):.1f}; Dracula "
          f"consumed in {tally['consumed']} (D/S/H {tally['consumedD']}/{tally['consumedS']}/"
          f"{tally['consumedH']}) "
          f"[{time.time() - start:.0f} s]")


if __name__ == "__main__":
    main()
