"""The bots' Event Card rules: each card is played for a reason read from the seat's
observation (crafted here), and the worst card goes at the hand limit."""

from __future__ import annotations

import copy
from collections.abc import Sequence
from typing import Any

from fury1987.actions import (
    PASS,
    STAY_PUT,
    ChoosePlace,
    DiscardEvent,
    NoEvent,
    PlayEvent,
)
from fury1987.bot_common import FAR
from fury1987.bots import DraculaBot, HunterBot
from fury1987.dracula_bot import DraculaView
from fury1987.hunter_bot import HunterView
from fury1987.state import DRACULA
from gothic_kernel import Action

from .helpers import GAME, started

STATE = started()  # Godalming in Paris, Seward in Vienna, Van Helsing in Madrid, Dracula London
RULES = STATE.rules
NO = NoEvent()


def hunter_obs(seat: str = "godalming", **changes: Any) -> dict[str, Any]:
    obs = copy.deepcopy(STATE.observation(seat))
    obs.update(changes)
    return obs


def dracula_obs(**secret: Any) -> dict[str, Any]:
    obs = copy.deepcopy(STATE.observation(DRACULA))
    obs["behind_the_screen"].update(secret)
    return obs


def window(timing: str, **fields: Any) -> dict[str, Any]:
    return {"kind": "event_window", "timing": timing, "seats": [], "turn": 0, "passes": 0,
            "hunter": "", "town": "", "chit": "", "played": [], **fields}


def fight(side: str = "dracula", hunters: Sequence[str] = ("godalming",),
          chosen: dict[str, str] | None = None, **fields: Any) -> dict[str, Any]:
    return {"side": side, "town": "paris", "hunters": list(hunters),
            "opponents": ["dracula"] if side == "dracula" else ["agent_1"],
            "attacker": "godalming", "stage": "roll", "round": 1, "daytime": False,
            "garlic_by": None, "dodge_or_escape_only": False, "agent_chits": {},
            "engagements": [{"hunters": list(hunters), "opponents": ["dracula"],
                             "hunters_target": None, "opponents_target": None}],
            "chosen": chosen or {}, "last_chits": {}, "winner": "", "needs_choice": [],
            "hunters_bonus": 0, "opponent_bonus": 0, **fields}


def hunter_plays(obs: dict[str, Any], card: str, seat: str = "godalming") -> bool:
    legal: list[Action] = [NO, PlayEvent(card)]
    return HunterBot(RULES, 1).choose(seat, obs, legal) == PlayEvent(card)


def dracula_plays(obs: dict[str, Any], card: str) -> bool:
    legal: list[Action] = [NO, PlayEvent(card)]
    return DraculaBot(RULES, 1).choose(DRACULA, obs, legal) == PlayEvent(card)


TOWNS = [p for p in STATE.board.places if STATE.board.is_town(p)]


# -- the Hunters ----------------------------------------------------------------------------
def test_hunter_plays_newspaper_reports_when_dracula_may_be_in_twenty_places() -> None:
    wide = hunter_obs(possible_dracula_locations=TOWNS[:20], waiting_for={"kind": "x"})
    assert hunter_plays(wide, "newspaper_reports")
    shown = copy.deepcopy(wide)
    shown["dracula"]["shown_at"] = "london"
    assert not hunter_plays(shown, "newspaper_reports")
    narrow = hunter_obs(possible_dracula_locations=TOWNS[:2], waiting_for={"kind": "x"})
    assert not hunter_plays(narrow, "newspaper_reports")


def test_hunter_plays_sensationalist_press_and_hypnosis_only_on_a_wide_trail() -> None:
    for card, wide_enough in (("sensationalist_press", 6), ("hypnosis", 4)):
        assert hunter_plays(hunter_obs(possible_dracula_locations=TOWNS[:wide_enough]), card)
        assert not hunter_plays(
            hunter_obs(possible_dracula_locations=TOWNS[:wide_enough - 1]), card)


def test_hunter_plays_dawn_raid_in_a_fight_with_dracula_not_with_agents() -> None:
    assert hunter_plays(hunter_obs(waiting_for=window("start_of_combat", combat=fight())),
                        "dawn_raid")
    assert not hunter_plays(
        hunter_obs(waiting_for=window("start_of_combat", combat=fight("agents"))),
        "dawn_raid")


def test_hunter_plays_advance_planning_when_his_stake_is_down() -> None:
    staking = fight(chosen={"godalming": "stake", DRACULA: "chosen"})
    assert hunter_plays(hunter_obs(waiting_for=window("before_initiative", combat=staking)),
                        "advance_planning")
    fists = fight("agents", chosen={"godalming": "fist"})
    assert not hunter_plays(hunter_obs(waiting_for=window("before_initiative", combat=fists)),
                            "advance_planning")
    answered = window("before_initiative", combat=fists, played=["trap"])
    assert hunter_plays(hunter_obs(waiting_for=answered), "advance_planning")


def test_hunter_plays_good_luck_after_a_losing_initiative_roll_against_dracula() -> None:
    lost = window("after_die_roll", combat=fight(),
                  die_roll={"what": "initiative", "seat": "godalming", "roll": 1, "other": 6})
    assert hunter_plays(hunter_obs(waiting_for=lost), "good_luck")
    won = window("after_die_roll", combat=fight(),
                 die_roll={"what": "initiative", "seat": "godalming", "roll": 6, "other": 1})
    assert not hunter_plays(hunter_obs(waiting_for=won), "good_luck")


def test_hunter_plays_good_luck_after_a_failed_knife_or_holy_water_roll() -> None:
    for what, bad, good in (("knife", 2, 5), ("holy_water", 1, 6), ("hypnosis", 2, 4)):
        rolled = {"what": what, "seat": "godalming", "other": 0}
        assert hunter_plays(hunter_obs(waiting_for=window(
            "after_die_roll", die_roll={**rolled, "roll": bad})), "good_luck")
        assert not hunter_plays(hunter_obs(waiting_for=window(
            "after_die_roll", die_roll={**rolled, "roll": good})), "good_luck")


def test_hunter_plays_great_strength_against_a_bite() -> None:
    assert hunter_plays(hunter_obs(waiting_for=window("after_combat_result")),
                        "great_strength")


def test_hunter_plays_pre_warned_on_a_vampire_he_cannot_stake_unbitten_not_on_fog() -> None:
    vampire = hunter_obs(waiting_for=window("encounter_revealed", chit="vampire",
                                            town="paris", hunter="godalming"))
    vampire["hunters_secrets"]["godalming"]["weapons"] = ["pistol"]
    assert hunter_plays(vampire, "pre_warned")
    vampire["hunters_secrets"]["godalming"]["weapons"] = ["stake"]  # staking costs a bite
    assert hunter_plays(vampire, "pre_warned")
    vampire["hunters_secrets"]["godalming"]["weapons"] = ["stake", "crucifix"]
    assert not hunter_plays(vampire, "pre_warned")
    fog = hunter_obs(waiting_for=window("encounter_revealed", chit="fog", town="paris"))
    assert not hunter_plays(fog, "pre_warned")


def test_a_hurt_hunter_takes_the_escape_route_from_szgany() -> None:
    obs = hunter_obs(waiting_for=window("encounter_revealed", chit="szgany_rifle_knife",
                                        town="paris"))
    assert not hunter_plays(obs, "escape_route")
    obs["hunters"]["godalming"]["wounds"] = 8
    assert hunter_plays(obs, "escape_route")


def test_heroic_leap_destroys_a_fleeing_dracula() -> None:
    obs = hunter_obs(waiting_for={"kind": "fight_choice"})
    obs["hunters_secrets"]["godalming"]["weapons"] = ["stake", "holy_water"]
    assert not hunter_plays(obs, "heroic_leap")  # armed: normal combat
    obs["dracula"]["fleeing"] = True
    assert hunter_plays(obs, "heroic_leap")


def test_re_equip_swaps_a_pistol() -> None:
    obs = hunter_obs()
    obs["hunters_secrets"]["godalming"]["weapons"] = ["pistol", "stake"]
    assert hunter_plays(obs, "re_equip")
    obs["hunters_secrets"]["godalming"]["weapons"] = ["stake", "holy_water"]
    assert not hunter_plays(obs, "re_equip")


def test_hunter_sends_hired_scouts_to_the_most_suspect_towns() -> None:
    bot = HunterBot(RULES, 1)
    row = bot.geo.index
    bot.suspicion[row["athens"]] = 1.5
    bot.suspicion[row["lisbon"]] = 0.2
    obs = hunter_obs(waiting_for={"kind": "card_step", "card": "hired_scouts",
                                  "stage": "town", "picks": []})
    legal: list[Action] = [ChoosePlace("lisbon"), ChoosePlace("athens")]
    assert bot.choose("godalming", obs, legal) == ChoosePlace("athens")


def test_hunter_discards_his_least_useful_card_at_the_hand_limit() -> None:
    legal: list[Action] = [DiscardEvent("newspaper_reports"), DiscardEvent("excellent_weather"),
                           DiscardEvent("dawn_raid")]
    obs = hunter_obs(waiting_for={"kind": "event_discard", "seat": "godalming"})
    assert HunterBot(RULES, 1).choose("godalming", obs, legal) == \
        DiscardEvent("excellent_weather")


# -- Dracula --------------------------------------------------------------------------------
def test_dracula_cancels_newspaper_reports_with_devilish_power_not_excellent_weather() -> None:
    obs = dracula_obs(event_cards=["devilish_power"])
    obs["waiting_for"] = window("response_to_hunter_card", chit="newspaper_reports")
    assert dracula_plays(obs, "devilish_power")
    obs["waiting_for"] = window("response_to_hunter_card", chit="excellent_weather")
    assert not dracula_plays(obs, "devilish_power")


def test_dracula_cancels_a_dawn_raid_with_devilish_power() -> None:
    obs = dracula_obs(event_cards=["devilish_power"])
    obs["waiting_for"] = window("response_to_hunter_card", chit="dawn_raid")
    assert dracula_plays(obs, "devilish_power")


def test_dracula_plays_hour_of_darkness_in_his_own_fight() -> None:
    obs = dracula_obs()
    obs["waiting_for"] = window("start_of_combat", combat=fight())
    assert dracula_plays(obs, "hour_of_darkness")
    obs["waiting_for"] = window("start_of_combat", combat=fight("agents"))
    assert not dracula_plays(obs, "hour_of_darkness")


def test_dracula_sets_a_trap_when_attacking_not_when_escaping() -> None:
    obs = dracula_obs()
    obs["waiting_for"] = window("before_initiative",
                                combat=fight(chosen={DRACULA: "fang", "godalming": "chosen"}))
    assert dracula_plays(obs, "trap")
    obs["waiting_for"] = window("before_initiative",
                                combat=fight(chosen={DRACULA: "escape_mist"}))
    assert not dracula_plays(obs, "trap")


def test_dracula_always_seduces_a_hunter_who_finds_a_vampire() -> None:
    obs = dracula_obs()
    obs["waiting_for"] = window("encounter_revealed", chit="vampire", town="paris")
    assert dracula_plays(obs, "seduction")


def test_dracula_sends_wild_horses_for_a_hunter_next_to_him() -> None:
    obs = dracula_obs(location="vienna", chart={})
    obs["waiting_for"] = window("hunter_movement_start", hunter="seward")
    assert dracula_plays(obs, "wild_horses")
    obs["waiting_for"] = window("hunter_movement_start", hunter="van_helsing")  # Madrid
    assert not dracula_plays(obs, "wild_horses")


def test_wild_horses_carry_the_hunter_away_from_dracula() -> None:
    obs = dracula_obs(location="munich", chart={})
    obs["waiting_for"] = {"kind": "card_step", "card": "wild_horses", "stage": "town",
                          "hunter": "seward"}
    legal: list[Action] = [ChoosePlace("munich"), ChoosePlace("budapest")]
    assert DraculaBot(RULES, 1).choose(DRACULA, obs, legal) == ChoosePlace("budapest")


def test_dracula_plays_walpurgis_nacht_when_hurt_and_alone() -> None:
    obs = dracula_obs(location="galway", blood_points=5)
    assert dracula_plays(obs, "walpurgis_nacht")
    obs = dracula_obs(location="galway", blood_points=12)
    assert not dracula_plays(obs, "walpurgis_nacht")


def test_dracula_evades_when_cornered() -> None:
    assert dracula_plays(dracula_obs(location="paris"), "evasion")  # Godalming's Town
    assert not dracula_plays(dracula_obs(location="galway"), "evasion")


def test_dracula_rages_only_when_strong() -> None:
    obs = dracula_obs(blood_points=10)
    obs["hunters"]["godalming"]["weapon_chits"] = 2
    obs["waiting_for"] = window("start_of_combat_round", combat=fight())
    assert dracula_plays(obs, "rage")
    obs["behind_the_screen"]["blood_points"] = 4
    assert not dracula_plays(obs, "rage")


def test_customs_search_only_on_an_armed_hunter() -> None:
    obs = dracula_obs()
    obs["hunters"]["seward"]["weapon_chits"] = 1
    obs["waiting_for"] = window("hunter_movement_end", hunter="seward")
    assert dracula_plays(obs, "customs_search")
    obs["hunters"]["seward"]["weapon_chits"] = 0
    assert not dracula_plays(obs, "customs_search")


def test_dracula_discards_his_least_useful_card_at_the_hand_limit() -> None:
    legal: list[Action] = [DiscardEvent("devilish_power"), DiscardEvent("vampiric_influence"),
                           DiscardEvent("evasion")]
    obs = dracula_obs()
    obs["waiting_for"] = {"kind": "event_discard", "seat": DRACULA}
    assert DraculaBot(RULES, 1).choose(DRACULA, obs, legal) == DiscardEvent("vampiric_influence")


# -- hunting and Vampires ------------------------------------------------------------------
def test_newspaper_reports_waits_until_the_hunters_yet_to_move_could_reach_him() -> None:
    near = ["brussels", "geneva", "strasbourg", "nantes", "le_havre"]  # around Paris
    far = ["athens", "constanta", "varna", "sofia", "salonica"]
    obs = hunter_obs(possible_dracula_locations=near, waiting_for={"kind": "x"})
    assert hunter_plays(obs, "newspaper_reports")
    obs = hunter_obs(possible_dracula_locations=far, waiting_for={"kind": "x"})
    for seat in ("seward", "van_helsing"):
        obs["hunters"][seat]["moved"] = True  # only Godalming, in Paris, still to move
    assert not hunter_plays(obs, "newspaper_reports")


def test_a_bitten_hunter_without_a_crucifix_leaves_a_vampire_even_with_a_stake() -> None:
    from fury1987.actions import ENCOUNTER_VAMPIRE, LEAVE_VAMPIRE

    legal: list[Action] = [ENCOUNTER_VAMPIRE, LEAVE_VAMPIRE]
    obs = hunter_obs(waiting_for={"kind": "vampire_choice", "seat": "godalming",
                                  "members": ["godalming"], "town": "paris"})
    obs["hunters_secrets"]["godalming"]["weapons"] = ["stake"]
    assert HunterBot(RULES, 1).choose("godalming", obs, legal) == ENCOUNTER_VAMPIRE
    obs["hunters"]["godalming"]["bitten"] = True
    assert HunterBot(RULES, 1).choose("godalming", obs, legal) == LEAVE_VAMPIRE
    obs["hunters_secrets"]["godalming"]["weapons"] = ["stake", "crucifix"]
    assert HunterBot(RULES, 1).choose("godalming", obs, legal) == ENCOUNTER_VAMPIRE


def test_a_hunter_with_a_stake_heads_for_a_sighted_vampire() -> None:
    from fury1987.actions import MoveTo

    legal: list[Action] = [MoveTo("brussels"), MoveTo("geneva")]
    obs = hunter_obs(possible_dracula_locations=["athens"], sightings={"amsterdam": "vampire"},
                     waiting_for={"kind": "hunter_movement", "seat": "godalming"})
    obs["hunters_secrets"]["godalming"]["weapons"] = ["stake"]
    assert HunterBot(RULES, 1).choose("godalming", obs, legal) == MoveTo("brussels")


def test_jonathan_harker_searches_the_likeliest_town() -> None:
    obs = hunter_obs(possible_dracula_locations=["lisbon", "madrid"],
                     possible_dracula_weights={"lisbon": 1, "madrid": 9},
                     waiting_for={"kind": "card_step", "card": "jonathan_harker",
                                  "stage": "town"})
    legal: list[Action] = [ChoosePlace("lisbon"), ChoosePlace("madrid"), ChoosePlace("rome")]
    assert HunterBot(RULES, 1).choose("godalming", obs, legal) == ChoosePlace("madrid")


def test_dracula_consumes_no_vampire_near_a_stalemate() -> None:

    obs = dracula_obs(location="london", blood_points=3, chart={"galway": "vampire"})
    obs["waiting_for"] = {"kind": "dracula_movement"}
    assert DraculaView(DraculaBot(RULES, 1), obs).consume_value("galway") > -FAR
    obs["vampires_destroyed"] = 5  # consuming would turn a Stalemate into a defeat
    assert DraculaView(DraculaBot(RULES, 1), obs).consume_value("galway") == -FAR


# -- the public facts the bots read ---------------------------------------------------------
def test_event_windows_show_the_fight_and_die_without_leaking_dracula_secrets() -> None:
    """Played to the first Event windows interrupting a fight and a die roll: a Hunter sees
    the fight (his side's chits, never Dracula's), the die, and the tracker's weights;
    and a resample from his seat (Dracula's hidden state redrawn) shows him the same."""
    from gothic_kernel.agents import game_seeds

    seen: set[str] = set()
    for seed in game_seeds(2026, 12):
        state = GAME.new_game(seed=seed)
        agents = GAME.default_agents(state, seed)
        steps = 0
        while not state.is_over and steps < 3000 and len(seen) < 2:
            seat = state.current_seats()[0]
            for viewer in ("godalming", "seward", "van_helsing"):
                obs = state.observation(viewer)
                w = obs["waiting_for"] or {}
                for key in ("combat", "die_roll"):
                    if key in w and key not in seen and w.get("kind") == "event_window":
                        seen.add(key)
                        _check_hunter_view(state, viewer, obs)
            legal = state.legal_actions(seat)
            state.apply(seat, agents[seat].choose(seat, state.observation(seat), legal))
            steps += 1
        if len(seen) == 2:
            break
    assert seen == {"combat", "die_roll"}


def _check_hunter_view(state: Any, viewer: str, obs: dict[str, Any]) -> None:
    assert "behind_the_screen" not in obs
    fight = obs["waiting_for"].get("combat")
    if fight is not None:
        for fighter, chit in fight["chosen"].items():
            if fighter == DRACULA or fighter.startswith("agent_"):
                assert chit == "chosen"
    weights = obs["possible_dracula_weights"]
    assert sorted(weights) == sorted(obs["possible_dracula_locations"])
    twin = state.resample(viewer, seed=5)
    assert twin.observation(viewer) == obs


def test_a_group_stuck_in_one_town_for_many_turns_breaks_up() -> None:
    """A way barred that the map's distances do not show (Stormy Seas over the only sea
    lane) could hold a group in place for ever: after six turns there it splits."""
    from fury1987.actions import LEAVE_GROUP, STAY_PUT

    bot = HunterBot(RULES, 1)
    legal: list[Action] = [LEAVE_GROUP, STAY_PUT]
    choices = []
    for turn in range(1, 9):
        obs = hunter_obs(turn=turn, possible_dracula_locations=["edinburgh", "manchester"],
                         groups=[["godalming", "seward"]],
                         waiting_for={"kind": "hunter_movement", "seat": "godalming"})
        choices.append(bot.choose("godalming", obs, legal))
    assert choices[0] == STAY_PUT and choices[-1] == LEAVE_GROUP


# -- combat ---------------------------------------------------------------------------------
def test_a_hunter_foresees_dracula_going_for_the_bite_of_a_bitten_hunter() -> None:
    """The forecast runs Dracula's own reckoning on what he can see: against a bitten
    Hunter (Dracula +1 to initiative, a second bite makes a Vampire) Fang and Hypnosis
    are likelier than a flight as a Bat; every chit he may choose keeps some weight."""

    night = fight(stage="choose", chosen={})
    obs = hunter_obs(waiting_for={"kind": "combat", **night})
    obs["hunters"]["godalming"]["bitten"] = True
    view = HunterView(HunterBot(RULES, 1), "godalming", obs)
    forecast = view._dracula_forecast(obs["waiting_for"], 1, None)
    assert abs(sum(forecast.values()) - 1.0) < 1e-9
    assert "dodge" not in forecast  # no Dodge in the first round (Restrictions on Combat)
    assert max(forecast["fang"], forecast["hypnosis"]) > forecast["escape_bat"]
    assert min(forecast.values()) > 0.0


def test_suspicion_grows_faster_where_no_hunter_is_at_hand() -> None:
    """Vampires are laid away from the Hunters: of two equally possible Towns, the one no
    Hunter is within a move of gains more suspicion."""
    bot = HunterBot(RULES, 1)
    obs = hunter_obs(possible_dracula_locations=["brussels", "athens"])  # by Paris / far
    bot.remember(obs, ["brussels", "athens"])
    row = bot.geo.index
    assert bot.suspicion[row["athens"]] > bot.suspicion[row["brussels"]] > 0.0


def test_a_weak_lone_hunter_shuns_the_places_dracula_can_reach() -> None:
    """Dracula's bot walks in on a lone Hunter badly wounded or bitten: such a Hunter
    counts against a place the share of Dracula's possible places a move from it; a fit
    Hunter, or one in a group, does not."""
    obs = hunter_obs(possible_dracula_locations=["brussels", "athens"])
    assert STATE.board.road["paris"] and "brussels" in STATE.board.road["paris"]
    fit = HunterView(HunterBot(RULES, 1), "godalming", obs)
    assert fit._exposure("paris") == 0.0
    obs["hunters"]["godalming"]["wounds"] = 8
    weak = HunterView(HunterBot(RULES, 1), "godalming", obs)
    assert weak._exposure("paris") > 0.0
    assert weak._exposure("lisbon") == 0.0  # no possible place within a move
    obs["groups"] = [["godalming", "seward"]]
    assert HunterView(HunterBot(RULES, 1), "godalming", obs)._exposure("paris") == 0.0


def test_a_poorly_armed_hunter_passes_for_a_stake_while_a_sighted_vampire_waits() -> None:
    legal: list[Action] = [PASS, STAY_PUT]
    obs = hunter_obs(possible_dracula_locations=["brussels"], sightings={"amsterdam": "vampire"},
                     waiting_for={"kind": "hunter_movement", "seat": "godalming"})
    obs["hunters_secrets"]["godalming"]["weapons"] = ["rifle", "pistol"]
    assert HunterBot(RULES, 1).choose("godalming", obs, legal) == PASS
    obs["sightings"] = {}  # nothing waits for a Stake: Dracula is near, he stays armed
    assert HunterBot(RULES, 1).choose("godalming", obs, legal) == STAY_PUT
