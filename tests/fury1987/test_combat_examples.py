"""The rulebook's worked examples of combat, move for move through the game loop
(``state.apply`` with scripted dice): An Example of Combat, An Example of Multiple
Combat, and the Blood Death example."""

from __future__ import annotations

from fury1987.actions import (
    ATTACK_DRACULA,
    KEEP_GARLIC,
    NO_EVENT,
    STAY_PUT,
    ChooseChit,
    FormGroup,
    MoveTo,
    PlayEvent,
)
from fury1987.events import find
from fury1987.pending import Combat
from fury1987.state import FuryState
from gothic_kernel import PUBLIC

from .event_helpers import arm, give, take_chit, window
from .helpers import act, dracula_turn, kind, rig, started


def combat(state: FuryState) -> Combat:
    """The combat being fought (under any Event Card window)."""
    found = find(state, Combat)
    assert isinstance(found, Combat)
    return found


def test_an_example_of_combat_godalming_vs_dracula_in_vienna() -> None:
    state = started(godalming="munich", seward="madrid", van_helsing="london",
                    dracula="vienna")
    dracula_turn(state, STAY_PUT)
    # "Godalming has ... Stake, Holy Water and Rifle ... Advance Planning, Dawn Raid and
    # Great Strength"; "Dracula is down to 10 Blood Points and has the Devilish Power and
    # two Trap Events cards." Vienna holds Wolves.
    arm(state, "godalming", "stake", "holy_water", "rifle")
    give(state, "godalming", "advance_planning", "dawn_raid", "great_strength")
    give(state, "dracula", "devilish_power", "trap", "trap")
    state.dracula.blood = 10
    state.chart["vienna"] = take_chit(state, "wolves")
    state.invalidate()
    # Wolves roll 1 (no wound), time of day 5, initiative 4+2 v 6-1+1 (tie), 6+2 v 5,
    # then 2 v 4, then 4 v 1.
    rig(state, [1, 5, 4, 6, 6, 5, 2, 4, 4, 1])
    act(state, "godalming", MoveTo("vienna"))
    assert window(state) == "encounter_revealed"  # the Wolves are revealed
    act(state, "godalming", NO_EVENT)
    act(state, "dracula", NO_EVENT)
    assert window(state) == "after_die_roll"  # Good Luck may have the Wolves' roll again
    act(state, "godalming", NO_EVENT)
    assert state.hunters["godalming"].wounds == 0 and kind(state) == "fight_choice"
    act(state, "godalming", ATTACK_DRACULA)  # "He decides to attack."
    act(state, "godalming", KEEP_GARLIC)
    # Round one: Dawn Raid, answered by Devilish Power; the die is rolled as normal: 5.
    assert window(state) == "start_of_combat"
    act(state, "godalming", PlayEvent("dawn_raid"))
    assert window(state) == "response_to_hunter_card"
    act(state, "dracula", PlayEvent("devilish_power"))
    act(state, "dracula", NO_EVENT)
    act(state, "dracula", NO_EVENT)
    act(state, "godalming", NO_EVENT)
    assert not combat(state).daytime  # "Combat is taking place at night."
    act(state, "dracula", NO_EVENT)  # no Rage
    act(state, "godalming", ChooseChit("godalming", "stake"))
    act(state, "dracula", ChooseChit("dracula", "strength"))
    # Advance Planning (+1, cancelling Godalming's -1), then both Traps (+2).
    assert window(state) == "before_initiative"
    act(state, "godalming", PlayEvent("advance_planning"))
    act(state, "dracula", NO_EVENT)  # no Devilish Power left to answer it
    act(state, "dracula", PlayEvent("trap"))
    act(state, "godalming", NO_EVENT)
    act(state, "dracula", PlayEvent("trap"))
    act(state, "godalming", NO_EVENT)
    act(state, "dracula", NO_EVENT)
    # After each initiative roll Good Luck may have the Hunters' die rolled again.
    assert window(state) == "after_die_roll"
    act(state, "godalming", NO_EVENT)  # 4+2 against 6: a tie, rolled again
    act(state, "godalming", NO_EVENT)  # 6+2 against 5
    # 4+2 = 6 against 6; rerolled 6+2 = 8 against 5: Dracula wins; Sna: the Stake is gone.
    assert "stake" not in state.hunters["godalming"].weapons
    assert "stake" in state.public_weapon_discards
    assert combat(state).round == 2 and state.dracula.blood == 10
    # Round two: Fang against Holy Water, 2 against 4: *4Bld*, 10 -> 6.
    act(state, "godalming", ChooseChit("godalming", "holy_water"))
    act(state, "dracula", ChooseChit("dracula", "fang"))
    act(state, "godalming", NO_EVENT)  # he still holds Great Strength: always asked
    act(state, "godalming", NO_EVENT)  # (before initiative, then after the roll)
    assert state.dracula.blood == 6
    assert "holy_water" not in state.hunters["godalming"].weapons
    # Round three: Dracula "can only Dodge or Escape"; Escape against Dodge: H.Esc.
    assert combat(state).dodge_or_escape_only
    act(state, "godalming", ChooseChit("godalming", "escape"))
    act(state, "dracula", ChooseChit("dracula", "dodge"))
    act(state, "godalming", NO_EVENT)
    act(state, "godalming", NO_EVENT)
    assert kind(state) != "combat"  # "Godalming escapes and the combat is over."
    assert state.event_deck.discards.count("trap") == 2
    assert {"dawn_raid", "devilish_power", "advance_planning"} <= set(state.event_deck.discards)
    assert state.hunters["godalming"].events == ["great_strength"]


def test_an_example_of_multiple_combat_two_szgany() -> None:
    state = started(godalming="budapest", seward="madrid", van_helsing="budapest",
                    dracula="bucharest")
    dracula_turn(state, STAY_PUT)
    arm(state, "van_helsing", "stake", "holy_water", "pistol")
    arm(state, "godalming", "knife", "garlic", "dogs")
    state.hunters["godalming"].shown.append("dogs")  # "face up on his playsheet"
    state.chart["szeged"] = take_chit(state, "szgany_pistol_knife")
    state.invalidate()
    rig(state, [4, 1, 2, 6, 3, 5])
    act(state, "godalming", FormGroup(("godalming", "van_helsing")))
    act(state, "godalming", MoveTo("szeged"))
    record = combat(state)
    assert record.side == "agents" and record.opponents == ("agent_1", "agent_2")
    # The book's Szgany 1 attacks Van Helsing, Szgany 2 Lord Godalming; here the Agents
    # are numbered in the group's order: agent_1 faces Godalming, agent_2 Van Helsing.
    assert [e.hunters for e in record.engagements] == [("godalming",), ("van_helsing",)]
    act(state, "godalming", ChooseChit("godalming", "knife"))
    act(state, "van_helsing", ChooseChit("van_helsing", "pistol"))
    act(state, "dracula", ChooseChit("agent_2", "knife"))
    act(state, "dracula", ChooseChit("agent_1", "pistol"))
    # Agents 4 against 1 + 2 (Godalming +1 against Agents, +1 Dogs): the Agents win.
    assert state.hunters["van_helsing"].wounds == 1
    assert state.hunters["godalming"].wounds == 2
    act(state, "godalming", ChooseChit("godalming", "fist"))
    act(state, "van_helsing", ChooseChit("van_helsing", "stake"))
    act(state, "dracula", ChooseChit("agent_2", "pistol"))
    seen = len(state.log(PUBLIC))
    act(state, "dracula", ChooseChit("agent_1", "knife"))
    results = {(e["hunter"], e["opponent"]): e["result"] for e in state.log(PUBLIC)[seen:]
               if e["kind"] == "combat_result"}
    assert results == {("godalming", "agent_1"): "Par", ("van_helsing", "agent_2"): "*Mort*"}
    # Straight rolls, 2 against 6: Van Helsing mortally wounds Szgany 1 (the Stake is
    # discarded); "Godalming only manages to parry the other Szgany's Knife attack".
    assert "stake" not in state.hunters["van_helsing"].weapons
    assert "stake" in state.public_weapon_discards
    assert state.hunters["godalming"].wounds == 2 and state.hunters["van_helsing"].wounds == 1
    assert state.hunters["van_helsing"].valour == 3  # killing a Szgany (ruling 78)
    record = combat(state)
    assert len(record.engagements) == 1 and record.engagements[0].opponents == ("agent_1",)
    assert record.engagements[0].hunters == ("godalming", "van_helsing")  # teamed up
    act(state, "godalming", ChooseChit("godalming", "knife"))
    act(state, "van_helsing", ChooseChit("van_helsing", "pistol"))
    act(state, "dracula", ChooseChit("agent_1", "pistol"))
    # 3 against 5: both results are Mort: "The Szgany is dead." Identical results need no
    # choice (ruling 42); the kill goes to the first of them in the order of play.
    assert kind(state) != "combat" and "szeged" not in state.chart
    assert "szgany_pistol_knife" in state.public_encounter_discards
    assert state.hunters["godalming"].wounds == 2 and state.hunters["van_helsing"].wounds == 1
    # Ruling 78: each Szgany killed earns its killer 3 Valour Points.
    assert state.hunters["godalming"].valour == 3 and state.hunters["van_helsing"].valour == 3


def test_blood_death_from_one_blood_point() -> None:
    state = started(godalming="paris", seward="madrid", van_helsing="naples",
                    dracula="rome")
    arm(state, "van_helsing", "holy_water")
    state.dracula.blood = 1
    state.invalidate()
    # Night (5); initiative 1 against 6: the Professor wins.
    rig(state, [5, 1, 6])
    act(state, "dracula", MoveTo("naples"))
    act(state, "van_helsing", KEEP_GARLIC)
    act(state, "dracula", ChooseChit("dracula", "claw"))
    act(state, "van_helsing", ChooseChit("van_helsing", "holy_water"))
    # "1 - 3 = -2, so Dracula puts the Blood Death Marker on the '2' box."
    assert state.dracula.blood == -2 and state.dracula.fleeing
    assert "holy_water" in state.public_weapon_discards


def test_group_combat_example_seward_kills_szgany_1_and_teams_up_with_van_helsing() -> None:
    """Group Combat, the example: "Seward fights Szgany 1, while Van Helsing fights the
    other. Sewards Kills his foe in the first round, while Van Helsing is less fortunate. In
    the next round Seward and Van Helsing team up on the Agent"."""
    state = started(godalming="madrid", seward="budapest", van_helsing="budapest",
                    dracula="bucharest")
    dracula_turn(state, STAY_PUT)
    arm(state, "seward", "rifle")
    arm(state, "van_helsing", "pistol")
    state.chart["szeged"] = take_chit(state, "szgany_pistol_knife")
    state.invalidate()
    act(state, "godalming", STAY_PUT)
    while state.current_seats() == ("godalming",):
        state.apply("godalming", state.legal_actions("godalming")[0])
    rig(state, [1, 6, 1, 6])
    act(state, "seward", FormGroup(("seward", "van_helsing")))
    act(state, "seward", MoveTo("szeged"))
    record = combat(state)
    assert [(e.hunters, e.opponents) for e in record.engagements] == [
        (("seward",), ("agent_1",)), (("van_helsing",), ("agent_2",))]
    act(state, "seward", ChooseChit("seward", "rifle"))
    act(state, "van_helsing", ChooseChit("van_helsing", "fist"))
    act(state, "dracula", ChooseChit("agent_2", "knife"))
    act(state, "dracula", ChooseChit("agent_1", "pistol"))
    said = [e["text"] for e in state.log(PUBLIC)]
    assert "Agent 1 is killed" in said  # Seward kills his foe in the first round
    assert "Van Helsing's Fist against Agent 2's Knife: parried, no effect" in said
    record = combat(state)
    assert [(e.hunters, e.opponents) for e in record.engagements] == [
        (("van_helsing", "seward"), ("agent_2",))]  # Seward joins Van Helsing on the Agent
    assert set(state.current_seats()) == {"seward", "van_helsing", "dracula"}  # round 2
