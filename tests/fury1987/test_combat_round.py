"""The combat round layer: restrictions, initiative, group combat, results, and every
worked example of combat in the rulebook replayed roll by roll with scripted dice."""

from __future__ import annotations

import doctest

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import fury1987.combat_round as combat_round
from fury1987.combat_round import (
    DRACULA,
    ChitHistory,
    ChoiceConditions,
    CombatSituation,
    Engagement,
    HunterInCombat,
    combat_time,
    cross_reference,
    escapes_barred_through,
    hunters_initiative_modifier,
    is_daytime,
    legal_chits,
    lose_blood,
    opponent_initiative_modifier,
    resolve_round,
    roll_initiative,
    team_up,
    team_up_options,
)
from fury1987.combat_tables import default_chits, default_tables
from gothic_kernel import IllegalAction, ScriptedDice

DRACULA_CHITS = tuple(default_chits().dracula)
BASICS = ("dodge", "escape", "fist")
SZGANY = default_chits().agent_chits(default_chits().agent_kinds["szgany"].weapons)


def test_doctests() -> None:
    assert doctest.testmod(combat_round).failed == 0


# ---------------------------------------------------------------------------------------
# An Example of Combat (Godalming vs Dracula in Vienna)
# ---------------------------------------------------------------------------------------
def test_an_example_of_combat_godalming_vs_dracula_in_vienna() -> None:
    # Round one: Dawn Raid is cancelled by Devilish Power, so the die is rolled: a '5'.
    # Initiative: Godalming 6, Dracula 4 + 2 (two Traps) = 6, a tie; reroll: Dracula 6 + 2.
    # Round two: Dracula 2, Godalming 4. Round three: Dracula 4, Godalming 1.
    dice = ScriptedDice([5, 4, 6, 6, 5, 2, 4, 4, 1])
    godalming = ("dodge", "fist", "escape", "stake", "holy_water", "rifle")
    fight = (Engagement.duel("godalming", DRACULA),)
    situation = CombatSituation(
        wounds={"godalming": 0}, weapons={"godalming": ("stake", "holy_water", "rifle")},
        blood_points=10,
    )

    time = combat_time(dice, dawn_raid=False)
    # "Combat is taking place at night."
    assert time == combat_round.TimeOfDay(daytime=False, roll=5)
    conditions = ChoiceConditions(1, daytime=time.daytime)

    # Round one: Stake against Strength.
    assert "stake" in legal_chits("hunter", godalming, "dracula")
    assert "dodge" not in legal_chits("hunter", godalming, "dracula")
    assert "strength" in legal_chits("dracula", DRACULA_CHITS, "dracula", conditions=conditions)
    hunters_mod = hunters_initiative_modifier([HunterInCombat("godalming")], "dracula", 1,
                                              event_bonus=1)  # Advance Planning cancels -1
    dracula_mod = opponent_initiative_modifier("dracula", event_bonus=2)  # two Traps
    assert (hunters_mod, dracula_mod) == (0, 2)
    initiative = roll_initiative(dice, "dracula", hunters_mod, dracula_mod)
    assert initiative.rolls == ((4, 6), (6, 5)) and initiative.totals == (8, 5)
    assert initiative.winner == "dracula"
    chits = {"godalming": "stake", DRACULA: "strength"}
    one = resolve_round("dracula", fight, chits, initiative.winner, situation, dice)
    assert [str(p.result) for p in one.applied] == ["Sna"]
    assert one.discarded == (("godalming", "stake"),)  # "The Stake is discarded"
    assert not one.combat_over
    godalming = tuple(c for c in godalming if c != "stake")
    situation = CombatSituation(wounds=one.wounds_after,
                                weapons={"godalming": ("holy_water", "rifle")}, blood_points=10)

    # Round two: Fang against Holy Water; "no modifiers to initiative".
    conditions = one.next_conditions(conditions)
    assert "strength" not in legal_chits("dracula", DRACULA_CHITS, "dracula",
                                         one.histories[DRACULA], conditions)
    assert "fang" in legal_chits("dracula", DRACULA_CHITS, "dracula", one.histories[DRACULA],
                                 conditions)
    assert hunters_initiative_modifier([HunterInCombat("godalming")], "dracula", 2) == 0
    initiative = roll_initiative(dice, "dracula", 0, 0)
    assert initiative.winner == "hunters"
    chits = {"godalming": "holy_water", DRACULA: "fang"}
    two = resolve_round("dracula", fight, chits, initiative.winner, situation, dice,
                        histories=one.histories)
    assert [str(p.result) for p in two.applied] == ["*4Bld*"]  # printed in italics
    assert two.blood.after == 6  # "moves his Blood Point Marker down to the 6 box"
    assert two.discarded == (("godalming", "holy_water"),)
    assert two.blood_lost_by == {"godalming": 4}
    godalming = tuple(c for c in godalming if c != "holy_water")

    # Round three: Dracula may only Dodge or Escape; Godalming plays Escape.
    conditions = two.next_conditions(conditions)
    assert conditions.dodge_or_escape_only
    assert set(legal_chits("dracula", DRACULA_CHITS, "dracula", two.histories[DRACULA],
                           conditions)) == {"dodge", "escape_bat", "escape_human", "escape_mist"}
    assert "escape" in legal_chits("hunter", godalming, "dracula", two.histories["godalming"],
                                   ChoiceConditions(3))
    initiative = roll_initiative(dice, "dracula", 0, 0)
    assert initiative.rolls == ((4, 1),) and initiative.winner == "dracula"
    chits = {"godalming": "escape", DRACULA: "dodge"}
    situation = CombatSituation(wounds=two.wounds_after, weapons={"godalming": ("rifle",)},
                                blood_points=6)
    three = resolve_round("dracula", fight, chits, initiative.winner, situation, dice)
    assert [str(p.result) for p in three.applied] == ["H.Esc"]
    assert three.combat_over and three.end == "hunters_escaped"
    assert three.escaped_hunters == ("godalming",)
    assert dice.remaining == ()


# ---------------------------------------------------------------------------------------
# An Example of Multiple Combat (two Szgany)
# ---------------------------------------------------------------------------------------
def test_an_example_of_multiple_combat_two_szgany() -> None:
    dice = ScriptedDice([4, 1, 2, 6, 3, 5])
    van_helsing = (*BASICS, "stake", "holy_water", "pistol")
    godalming = (*BASICS, "knife", "garlic", "dogs")
    situation = CombatSituation(
        wounds={"van_helsing": 0, "godalming": 0},
        weapons={"van_helsing": ("stake", "holy_water", "pistol"),
                 "godalming": ("knife", "garlic", "dogs")},
    )
    fight = (Engagement.duel("van_helsing", "szgany_1"), Engagement.duel("godalming", "szgany_2"))
    assert SZGANY == ("dodge", "fist", "pistol", "knife")
    # Only the weapons listed on the Agents' side may be used: no Holy Water, no Garlic.
    assert "holy_water" not in legal_chits("hunter", van_helsing, "agents")
    assert set(legal_chits("hunter", godalming, "agents")) == {"escape", "fist", "knife"}

    # Round one: Godalming has the best modifier, +1 against Agents and +1 for his Dogs.
    hunters = [HunterInCombat("van_helsing"), HunterInCombat("godalming", dogs_face_up=True)]
    assert hunters_initiative_modifier(hunters, "agents", 1) == 2
    initiative = roll_initiative(dice, "agents", 2, opponent_initiative_modifier("agents"))
    assert initiative.totals == (4, 3) and initiative.winner == "agents"
    chits = {"van_helsing": "pistol", "godalming": "knife", "szgany_1": "knife",
             "szgany_2": "pistol"}
    one = resolve_round("agents", fight, chits, initiative.winner, situation, dice)
    assert one.wounds_suffered == {"van_helsing": 1, "godalming": 2}
    assert not one.combat_over

    # Round two: "straight dice rolls".
    assert hunters_initiative_modifier(hunters, "agents", 2) == 0
    initiative = roll_initiative(dice, "agents", 0, 0)
    assert initiative.winner == "hunters"
    chits = {"van_helsing": "stake", "godalming": "fist", "szgany_1": "pistol",
             "szgany_2": "knife"}
    situation = CombatSituation(wounds=one.wounds_after, weapons=situation.weapons)
    two = resolve_round("agents", fight, chits, initiative.winner, situation, dice,
                        histories=one.histories)
    assert [str(p.result) for p in two.applied] == ["*Mort*", "Par"]
    assert two.killed_agents == ("szgany_1",)
    assert two.discarded == (("van_helsing", "stake"),)  # "The Stake is discarded immediately"
    assert two.freed_hunters == ("van_helsing",) and not two.combat_over

    # Round three: Van Helsing teams up with Godalming; the Szgany is outnumbered.
    assert team_up_options(two.next_engagements, "van_helsing", True) == (0,)
    fight = team_up(two.next_engagements, "van_helsing", True, 0)
    assert fight == (Engagement(("godalming", "van_helsing"), ("szgany_2",), "szgany_2",
                                "godalming"),)
    assert "knife" not in legal_chits("agent", SZGANY, "agents", two.histories["szgany_2"],
                                      ChoiceConditions(3))
    initiative = roll_initiative(dice, "agents", 0, 0)
    assert initiative.rolls == ((3, 5),) and initiative.winner == "hunters"
    chits = {"van_helsing": "pistol", "godalming": "knife", "szgany_2": "pistol"}
    found = cross_reference("agents", fight, chits, initiative.winner)
    assert {str(p.result) for p in found[0].options} == {"Mort"}
    assert found[0].chooser == "hunters" and not found[0].needs_choice  # both Mort
    three = resolve_round("agents", fight, chits, initiative.winner, situation, dice)
    assert three.killed_agents == ("szgany_2",)
    assert three.combat_over and three.end == "agents_dead"
    assert dice.remaining == ()


# ---------------------------------------------------------------------------------------
# Blood Death (one Blood Point left, Holy Water against Claw)
# ---------------------------------------------------------------------------------------
def test_blood_death_example_from_one_blood_point() -> None:
    dice = ScriptedDice([2, 5])
    fight = (Engagement.duel("van_helsing", DRACULA),)
    initiative = roll_initiative(dice, "dracula", 0, 0)
    assert initiative.winner == "hunters"
    outcome = resolve_round(
        "dracula", fight, {"van_helsing": "holy_water", DRACULA: "claw"}, initiative.winner,
        CombatSituation(weapons={"van_helsing": ("holy_water",)}, blood_points=1), dice,
    )
    assert str(outcome.applied[0].result) == "*3Bld*"
    assert outcome.blood.after == -2  # "the Blood Death Marker on the '2' box"
    assert outcome.blood.blood_death and outcome.blood.drained
    assert not outcome.dracula_destroyed and not outcome.combat_over
    # "He then thinks about escaping...": only Dodge or an Escape next round.
    assert outcome.dracula_restricted_next_round


def test_blood_death_marker_reaching_twelve_destroys_dracula() -> None:
    loss = lose_blood(-9, 3)
    assert loss.after == -12 and loss.destroyed
    fight = (Engagement.duel("van_helsing", DRACULA),)
    outcome = resolve_round(
        "dracula", fight, {"van_helsing": "holy_water", DRACULA: "fang"}, "hunters",
        CombatSituation(weapons={"van_helsing": ("holy_water",)}, blood_points=-8),
        ScriptedDice([]),
    )
    assert outcome.dracula_destroyed and outcome.end == "dracula_destroyed"


def test_blood_points_reaching_zero_drain_dracula() -> None:
    assert lose_blood(2, 2).drained and not lose_blood(2, 2).blood_death
    assert not lose_blood(0, 1).drained  # already drained
    assert lose_blood(0, 1).blood_death


# ---------------------------------------------------------------------------------------
# Time of day
# ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("roll, day", [(1, True), (2, True), (3, True), (4, False),
                                       (5, False), (6, False)])
def test_day_is_one_to_three(roll: int, day: bool) -> None:
    assert is_daytime(roll) is day
    assert combat_time(ScriptedDice([roll])).daytime is day


def test_dawn_raid_and_hour_of_darkness_fix_the_time_or_cancel() -> None:
    assert combat_time(ScriptedDice([]), dawn_raid=True) == combat_round.TimeOfDay(True, None)
    assert combat_time(ScriptedDice([]), hour_of_darkness=True).daytime is False
    # Event Cards example: both played, "the die for the time of day is rolled as normal".
    both = combat_time(ScriptedDice([2]), dawn_raid=True, hour_of_darkness=True)
    assert both == combat_round.TimeOfDay(True, 2)


# ---------------------------------------------------------------------------------------
# Restrictions on Combat
# ---------------------------------------------------------------------------------------
def test_no_one_may_dodge_in_the_first_round() -> None:
    assert "dodge" not in legal_chits("dracula", DRACULA_CHITS, "dracula")
    assert "dodge" not in legal_chits("agent", SZGANY, "agents")
    assert "dodge" not in legal_chits("hunter", BASICS, "agents")
    assert "dodge" in legal_chits("hunter", BASICS, "agents", conditions=ChoiceConditions(2))


def test_no_chit_twice_running_fang_example() -> None:
    # "Dracula used Fang in the last combat round. He must choose another chit in this
    # round, but can use Fang again in the next Combat Round."
    after_fang = legal_chits("dracula", DRACULA_CHITS, "dracula", ChitHistory("fang"),
                             ChoiceConditions(2))
    assert "fang" not in after_fang
    after_claw = legal_chits("dracula", DRACULA_CHITS, "dracula", ChitHistory("claw"),
                             ChoiceConditions(3))
    assert "fang" in after_claw


def test_two_identical_weapons_may_be_used_one_after_the_other() -> None:
    # "Lord Godalming has two Rifle Chits. He uses one in the first round, then switches
    # to Dodge, but he could have used his other Rifle instead."
    held = (*BASICS, "rifle", "rifle")
    assert "rifle" in legal_chits("hunter", held, "dracula", ChitHistory("rifle"),
                                  ChoiceConditions(2))
    assert "rifle" not in legal_chits("hunter", (*BASICS, "rifle"), "dracula",
                                      ChitHistory("rifle"), ChoiceConditions(2))
    # The first Holy Water is used up: the second one is a different chit.
    assert "holy_water" in legal_chits("hunter", (*BASICS, "holy_water"), "dracula",
                                       ChitHistory("holy_water", last_chit_kept=False),
                                       ChoiceConditions(2))
    # Basic chits are one of each: never twice running.
    assert "fist" not in legal_chits("hunter", BASICS, "dracula", ChitHistory("fist"),
                                     ChoiceConditions(2))


def test_daytime_limits_dracula_to_claw_dodge_and_escape_human() -> None:
    day = ChoiceConditions(2, daytime=True)
    assert set(legal_chits("dracula", DRACULA_CHITS, "dracula", conditions=day)) == {
        "claw", "dodge", "escape_human"}
    assert legal_chits("dracula", DRACULA_CHITS, "dracula",
                       conditions=ChoiceConditions(1, daytime=True)) == ("claw", "escape_human")


def test_after_repel_or_blood_loss_only_dodge_or_escape() -> None:
    limited = ChoiceConditions(2, dodge_or_escape_only=True)
    assert set(legal_chits("dracula", DRACULA_CHITS, "dracula", conditions=limited)) == {
        "dodge", "escape_bat", "escape_human", "escape_mist"}
    outcome = resolve_round("dracula", (Engagement.duel("seward", DRACULA),),
                            {"seward": "rifle", DRACULA: "fang"}, "hunters",
                            CombatSituation(), ScriptedDice([]))
    assert str(outcome.applied[0].result) == "Repel"
    assert outcome.repelled and outcome.dracula_restricted_next_round


def test_garlic_bars_draculas_escapes_for_three_rounds() -> None:
    barred = escapes_barred_through(garlic=True)
    assert barred == 3
    for round_number in (1, 2, 3):
        options = legal_chits("dracula", DRACULA_CHITS, "dracula",
                              conditions=ChoiceConditions(round_number,
                                                          escapes_barred_through_round=barred))
        assert not any(c.startswith("escape") for c in options)
    fourth = legal_chits("dracula", DRACULA_CHITS, "dracula",
                         conditions=ChoiceConditions(4, escapes_barred_through_round=barred))
    assert "escape_mist" in fourth


def test_rage_bars_escapes_for_the_rolled_number_of_rounds() -> None:
    assert escapes_barred_through(rage_played_in_round=2, rage_roll=3) == 4
    assert escapes_barred_through(garlic=True, rage_played_in_round=1, rage_roll=2) == 3


def test_no_chit_left_lifts_the_twice_running_restriction() -> None:
    # Ruling: Garlic, a Blood Point loss and a Dodge last round would leave nothing.
    conditions = ChoiceConditions(3, dodge_or_escape_only=True, escapes_barred_through_round=3)
    assert legal_chits("dracula", DRACULA_CHITS, "dracula", ChitHistory("dodge"),
                       conditions) == ("dodge",)


def test_agents_never_escape_and_use_only_their_listed_chits() -> None:
    options = legal_chits("agent", SZGANY, "agents", conditions=ChoiceConditions(2))
    assert set(options) == {"dodge", "fist", "pistol", "knife"}
    assert not any("escape" in c for c in options)
    assert "rifle" not in options


def test_harker_has_no_escape_chit() -> None:
    harker = ("dodge", "fist", "stake", "knife", "crucifix")
    assert "escape" not in legal_chits("hunter", harker, "dracula",
                                       conditions=ChoiceConditions(2))


def test_dogs_and_garlic_are_never_chosen_in_a_round() -> None:
    held = (*BASICS, "dogs", "garlic", "heavenly_host")
    assert set(legal_chits("hunter", held, "dracula", conditions=ChoiceConditions(2))) == {
        *BASICS, "heavenly_host"}


def test_weapons_only_from_the_current_side_of_the_board() -> None:
    held = (*BASICS, "crucifix", "heavenly_host", "holy_water", "knife")
    assert set(legal_chits("hunter", held, "agents", conditions=ChoiceConditions(2))) == {
        *BASICS, "knife"}


# ---------------------------------------------------------------------------------------
# Initiative
# ---------------------------------------------------------------------------------------
def test_ties_are_rerolled_and_modifiers_still_apply() -> None:
    initiative = roll_initiative(ScriptedDice([3, 4, 5, 6, 2, 1]), "dracula", 0, 1)
    assert initiative.rolls == ((3, 4), (5, 6), (2, 1))
    assert initiative.winner == "dracula"


def test_the_dracula_won_initiative_example_in_amsterdam() -> None:
    # "Dracula rolls a '6' and Seward rolls a '3'. The 'Dracula won initiative' table."
    assert roll_initiative(ScriptedDice([6, 3]), "dracula", 0, 0).winner == "dracula"


def test_group_uses_the_best_modifier_seward_rolls_for_godalming() -> None:
    group = [HunterInCombat("seward"), HunterInCombat("godalming")]
    assert hunters_initiative_modifier(group, "dracula", 1) == 0
    assert hunters_initiative_modifier([HunterInCombat("godalming")], "dracula", 1) == -1


def test_dogs_give_plus_one_in_the_first_round_only_when_revealed() -> None:
    revealed = [HunterInCombat("seward", dogs_face_up=True)]
    assert hunters_initiative_modifier(revealed, "dracula", 1) == 1
    assert hunters_initiative_modifier(revealed, "dracula", 2) == 0
    assert hunters_initiative_modifier([HunterInCombat("seward")], "dracula", 1) == 0


def test_harker_has_no_initiative_modifiers() -> None:
    assert hunters_initiative_modifier([HunterInCombat("harker")], "dracula", 1) == 0


def test_castle_and_bitten_hunter_favour_dracula_every_round() -> None:
    assert opponent_initiative_modifier("dracula", in_castle=True) == 1
    assert opponent_initiative_modifier("dracula", facing_bitten=True) == 1
    assert opponent_initiative_modifier("dracula", in_castle=True, facing_bitten=True,
                                        event_bonus=1) == 3
    assert opponent_initiative_modifier("agents", in_castle=True, facing_bitten=True) == 0


# ---------------------------------------------------------------------------------------
# Group combat against Dracula
# ---------------------------------------------------------------------------------------
GROUP = ("godalming", "seward", "van_helsing")


def test_dracula_must_declare_a_target_in_a_group() -> None:
    with pytest.raises(IllegalAction, match="target"):
        cross_reference("dracula", (Engagement.against_dracula(GROUP),),
                        {h: "fist" for h in GROUP} | {DRACULA: "claw"}, "dracula")


def test_dracula_winning_applies_only_to_his_target_others_parry() -> None:
    fight = (Engagement.against_dracula(GROUP, target="seward"),)
    chits = {"godalming": "holy_water", "seward": "fist", "van_helsing": "stake",
             DRACULA: "claw"}
    outcome = resolve_round("dracula", fight, chits, "dracula",
                            CombatSituation(weapons={"godalming": ("holy_water",)}),
                            ScriptedDice([]))
    assert outcome.wounds_suffered == {"seward": 3}
    assert [str(p.result) for p in outcome.effective] == ["Par", "3W", "Par"]
    assert outcome.discarded == ()  # the Holy Water was not used: treated as Par


def test_hunters_winning_choose_one_result_the_rest_parry() -> None:
    fight = (Engagement.against_dracula(GROUP, target="seward"),)
    chits = {"godalming": "holy_water", "seward": "knife", "van_helsing": "escape",
             DRACULA: "fang"}
    found = cross_reference("dracula", fight, chits, "hunters")
    assert found[0].chooser == "hunters" and found[0].needs_choice
    assert [str(p.result) for p in found[0].options] == ["*4Bld*", "2Bld", "H.Esc"]
    with pytest.raises(IllegalAction, match="choose"):
        found[0].choose()
    outcome = resolve_round("dracula", fight, chits, "hunters", CombatSituation(),
                            ScriptedDice([]), choices={0: 1})
    assert outcome.blood.lost == 2 and outcome.blood_lost_by == {"seward": 2}
    assert outcome.discarded == ()


def test_hunters_choosing_h_esc_escape_as_a_whole_group() -> None:
    fight = (Engagement.against_dracula(GROUP, target="godalming"),)
    chits = {"godalming": "fist", "seward": "knife", "van_helsing": "escape", DRACULA: "claw"}
    outcome = resolve_round("dracula", fight, chits, "hunters", CombatSituation(),
                            ScriptedDice([]), choices={0: 2})
    assert set(outcome.escaped_hunters) == set(GROUP)
    assert outcome.combat_over and outcome.end == "hunters_escaped"


def test_bitten_target_takes_no_further_part_the_others_fight_on() -> None:
    fight = (Engagement.against_dracula(GROUP, target="seward"),)
    chits = {"godalming": "fist", "seward": "fist", "van_helsing": "knife", DRACULA: "fang"}
    outcome = resolve_round("dracula", fight, chits, "dracula", CombatSituation(),
                            ScriptedDice([]))
    assert outcome.bitten == ("seward",) and outcome.out_of_combat == ("seward",)
    assert not outcome.combat_over
    (rest,) = outcome.next_engagements
    assert rest.hunters == ("godalming", "van_helsing") and rest.opponents_target is None
    assert rest.with_target("van_helsing").opponents_target == "van_helsing"
    with pytest.raises(IllegalAction):
        rest.with_target("seward")


def test_second_bite_makes_a_vampire() -> None:
    outcome = resolve_round("dracula", (Engagement.duel("seward", DRACULA),),
                            {"seward": "fist", DRACULA: "fang"}, "dracula",
                            CombatSituation(bitten=frozenset({"seward"})), ScriptedDice([]))
    assert outcome.became_vampires == ("seward",) and outcome.end == "hunters_out"


def test_death_with_a_bite_marker_makes_a_vampire_without_one_a_corpse() -> None:
    fight = (Engagement.duel("seward", DRACULA),)
    chits = {"seward": "fist", DRACULA: "claw"}
    bitten = resolve_round("dracula", fight, chits, "dracula",
                           CombatSituation(wounds={"seward": 10}, bitten=frozenset({"seward"})),
                           ScriptedDice([]))
    assert bitten.became_vampires == ("seward",) and bitten.killed_hunters == ()
    assert bitten.wounds_after == {"seward": 12}
    dead = resolve_round("dracula", fight, chits, "dracula",
                         CombatSituation(wounds={"seward": 10}), ScriptedDice([]))
    assert dead.killed_hunters == ("seward",) and dead.became_vampires == ()
    assert dead.combat_over


def test_hypnosis_throws_aside_weapons_and_bites() -> None:
    weapons = {"seward": ("knife", "rifle")}
    fight = (Engagement.duel("seward", DRACULA),)
    chits = {"seward": "knife", DRACULA: "hypnosis"}
    outcome = resolve_round("dracula", fight, chits, "dracula",
                            CombatSituation(weapons=weapons), ScriptedDice([]))
    assert outcome.hypnotised == ("seward",) and outcome.bitten == ("seward",)
    assert outcome.discarded == (("seward", "knife"), ("seward", "rifle"))
    assert outcome.combat_over


def test_great_strength_stops_the_bite_but_not_the_hypnosis() -> None:
    weapons = {"seward": ("knife",)}
    fight = (Engagement.duel("seward", DRACULA),)
    hyp = resolve_round("dracula", fight, {"seward": "knife", DRACULA: "hypnosis"}, "dracula",
                        CombatSituation(weapons=weapons), ScriptedDice([]),
                        great_strength=frozenset({"seward"}))
    assert hyp.bitten == () and hyp.bite_resisted == ("seward",)
    assert hyp.discarded == (("seward", "knife"),) and hyp.combat_over
    bite = resolve_round("dracula", fight, {"seward": "knife", DRACULA: "fang"}, "dracula",
                         CombatSituation(weapons=weapons), ScriptedDice([]),
                         great_strength=frozenset({"seward"}))
    assert bite.bitten == () and not bite.combat_over  # "then the combat continues"


def test_sacred_bullets_roll_to_keep_the_chit() -> None:
    fight = (Engagement.duel("seward", DRACULA),)
    chits = {"seward": "sacred_bullets", DRACULA: "claw"}
    kept = resolve_round("dracula", fight, chits, "hunters", CombatSituation(), ScriptedDice([3]))
    assert kept.sacred_bullet_rolls == (("seward", 3),) and kept.discarded == ()
    assert kept.histories["seward"] == ChitHistory("sacred_bullets", True)
    spent = resolve_round("dracula", fight, chits, "hunters", CombatSituation(),
                          ScriptedDice([4]))
    assert spent.discarded == (("seward", "sacred_bullets"),)
    assert spent.histories["seward"] == ChitHistory("sacred_bullets", False)


def test_the_stake_destroys_dracula() -> None:
    outcome = resolve_round("dracula", (Engagement.duel("godalming", DRACULA),),
                            {"godalming": "stake", DRACULA: "fang"}, "hunters",
                            CombatSituation(), ScriptedDice([]))
    assert outcome.dracula_destroyed and outcome.end == "dracula_destroyed"
    assert outcome.discarded == (("godalming", "stake"),)


@pytest.mark.parametrize("chit, form", [("escape_bat", "bat"), ("escape_human", "human"),
                                        ("escape_mist", "mist")])
def test_dracula_escapes_in_the_form_he_chose(chit: str, form: str) -> None:
    outcome = resolve_round("dracula", (Engagement.duel("seward", DRACULA),),
                            {"seward": "fist", DRACULA: chit}, "dracula", CombatSituation(),
                            ScriptedDice([]))
    assert outcome.dracula_escape == form and outcome.end == "dracula_escaped"
    consequence = default_tables().escape_forms[form]
    assert consequence.leaves_town is (form == "bat")
    assert consequence.stays_in_castle


# ---------------------------------------------------------------------------------------
# Several Agents
# ---------------------------------------------------------------------------------------
def test_outnumbered_hunter_attacks_his_target_agents_choose_their_result() -> None:
    fight = (Engagement(("seward",), ("szgany_1", "szgany_2"), "szgany_2", None),)
    chits = {"seward": "pistol", "szgany_1": "knife", "szgany_2": "fist"}
    won = cross_reference("agents", fight, chits, "hunters")
    assert [p.opponent for p in won[0].options] == ["szgany_2"] and won[0].chooser is None
    lost = cross_reference("agents", fight, chits, "agents")
    assert lost[0].chooser == "dracula" and len(lost[0].options) == 2
    outcome = resolve_round("agents", fight, chits, "agents", CombatSituation(),
                            ScriptedDice([]), choices={0: 0})
    assert outcome.wounds_suffered == {"seward": 1}


def test_a_lone_hunter_needs_a_target_among_several_agents() -> None:
    fight = (Engagement(("seward",), ("szgany_1", "szgany_2")),)
    with pytest.raises(IllegalAction, match="attack one of"):
        cross_reference("agents", fight, {"seward": "fist", "szgany_1": "fist",
                                          "szgany_2": "fist"}, "agents")


def test_freed_agent_teams_up_against_an_outnumbered_hunter() -> None:
    fights = (Engagement.duel("seward", "szgany_1"), Engagement.duel("godalming", "szgany_2"))
    chits = {"seward": "escape", "godalming": "fist", "szgany_1": "fist", "szgany_2": "fist"}
    outcome = resolve_round("agents", fights, chits, "hunters", CombatSituation(),
                            ScriptedDice([]))
    assert outcome.escaped_hunters == ("seward",) and not outcome.combat_over
    assert outcome.freed_agents == ("szgany_1",)
    options = team_up_options(outcome.next_engagements, "szgany_1", False)
    joined = team_up(outcome.next_engagements, "szgany_1", False, options[0])
    assert joined == (Engagement(("godalming",), ("szgany_2", "szgany_1"), "szgany_2",
                                 "godalming"),)


def test_no_team_up_that_would_make_two_against_two() -> None:
    fights = (Engagement(("seward",), ("szgany_1", "szgany_2"), "szgany_1", None),)
    assert team_up_options(fights, "godalming", True) == ()
    assert team_up_options(fights, "godalming", True, freed_foes=("szgany_3",)) == ("szgany_3",)
    duel = team_up(fights, "godalming", True, "szgany_3", freed_foes=("szgany_3",))
    assert duel[-1] == Engagement.duel("godalming", "szgany_3")
    with pytest.raises(IllegalAction):
        team_up(fights, "godalming", True, 0)


def test_fighters_standing_by_keep_the_combat_going() -> None:
    fights = (Engagement.duel("seward", "szgany_1"),)
    outcome = resolve_round("agents", fights, {"seward": "rifle", "szgany_1": "fist"},
                            "hunters", CombatSituation(), ScriptedDice([]),
                            agents_standing_by=("szgany_2",))
    assert outcome.killed_agents == ("szgany_1",) and not outcome.combat_over
    assert outcome.freed_hunters == ("seward",) and outcome.freed_agents == ("szgany_2",)


# ---------------------------------------------------------------------------------------
# Invariants over random rounds
# ---------------------------------------------------------------------------------------
@settings(max_examples=200, deadline=None)
@given(data=st.data())
def test_any_legal_round_resolves_within_the_tracks(data: st.DataObject) -> None:
    side = data.draw(st.sampled_from(["dracula", "agents"]))
    round_number = data.draw(st.integers(1, 5))
    weapons = tuple(data.draw(st.lists(st.sampled_from(default_chits().weapons_pool),
                                       max_size=3)))
    held = (*BASICS, *weapons)
    conditions = ChoiceConditions(round_number, daytime=data.draw(st.booleans()),
                                  dodge_or_escape_only=round_number > 1 and data.draw(
                                      st.booleans()))
    hunter_chit = data.draw(st.sampled_from(legal_chits("hunter", held, side,
                                                        conditions=conditions)))
    if side == "dracula":
        opponent, opponent_chits = DRACULA, legal_chits("dracula", DRACULA_CHITS, side,
                                                        conditions=conditions)
    else:
        opponent, opponent_chits = "szgany_1", legal_chits("agent", SZGANY, side,
                                                           conditions=conditions)
    opponent_chit = data.draw(st.sampled_from(opponent_chits))
    winner = data.draw(st.sampled_from(["hunters", "dracula" if side == "dracula" else "agents"]))
    situation = CombatSituation(
        wounds={"seward": data.draw(st.integers(0, 11))}, weapons={"seward": weapons},
        bitten=frozenset({"seward"}) if data.draw(st.booleans()) else frozenset(),
        blood_points=data.draw(st.integers(-11, 12)),
    )
    outcome = resolve_round(side, (Engagement.duel("seward", opponent),),
                            {"seward": hunter_chit, opponent: opponent_chit}, winner,
                            situation, ScriptedDice([data.draw(st.integers(1, 6))]))
    assert 0 <= outcome.wounds_after.get("seward", 0) <= 12
    assert -12 <= outcome.blood.after <= 12
    assert outcome.combat_over == (outcome.end is not None)
    for hunter, chit in outcome.discarded:
        assert hunter == "seward" and chit in weapons
    if outcome.combat_over:
        assert outcome.next_engagements == () or outcome.end in (
            "dracula_escaped", "dracula_destroyed")


def test_target_escaping_when_dracula_won_leaves_the_others_fighting() -> None:
    # Ruling: the whole group escapes only when the Hunters choose H.Esc.
    fight = (Engagement.against_dracula(GROUP, target="seward"),)
    chits = {"godalming": "fist", "seward": "escape", "van_helsing": "knife", DRACULA: "dodge"}
    outcome = resolve_round("dracula", fight, chits, "dracula", CombatSituation(),
                            ScriptedDice([]))
    assert outcome.escaped_hunters == ("seward",) and not outcome.combat_over
    assert outcome.next_engagements[0].hunters == ("godalming", "van_helsing")


def test_repel_by_the_target_when_dracula_won() -> None:
    fight = (Engagement.against_dracula(("seward", "godalming"), target="godalming"),)
    chits = {"seward": "fist", "godalming": "crucifix", DRACULA: "fang"}
    outcome = resolve_round("dracula", fight, chits, "dracula", CombatSituation(),
                            ScriptedDice([]))
    assert outcome.repelled and outcome.bitten == ()
    assert outcome.next_conditions(ChoiceConditions(1)) == ChoiceConditions(
        2, dodge_or_escape_only=True)
