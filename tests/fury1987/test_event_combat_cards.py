"""Event Cards played in combat: Dawn Raid, Hour of Darkness (and their cancelling),
Advance Planning and Trap, Rage, Great Strength, Escape Route, Devilish Power."""

from __future__ import annotations

import pytest

from fury1987.actions import (
    ATTACK_DRACULA,
    KEEP_GARLIC,
    LET_DRACULA_BE,
    NO_EVENT,
    REVEAL_GARLIC,
    STAY_PUT,
    ChooseChit,
    MoveTo,
    PlayEvent,
)
from fury1987.events import find
from fury1987.pending import Combat
from fury1987.state import FuryState
from gothic_kernel import PUBLIC

from .event_helpers import arm, give, pass_windows, play, window
from .helpers import act, hunters_stay, kind, rig, started


def attacked(rolls: list[int], seward: tuple[str, ...] = (),
             dracula: tuple[str, ...] = ()) -> FuryState:
    """Dracula moves from Rome to attack Dr Seward in Naples (Garlic not revealed)."""
    state = started(dracula="rome", seward="naples", godalming="paris", van_helsing="london")
    give(state, "seward", *seward)
    give(state, "dracula", *dracula)
    rig(state, rolls)
    act(state, "dracula", MoveTo("naples"))
    act(state, "seward", KEEP_GARLIC)
    return state


def combat(state: FuryState) -> Combat:
    found = find(state, Combat)
    assert isinstance(found, Combat)
    return found


def test_dawn_raid_makes_the_fight_take_place_by_day_without_a_roll() -> None:
    state = attacked([6, 6], seward=("dawn_raid",))
    assert window(state) == "start_of_combat"
    play(state, "seward", "dawn_raid")
    act(state, "seward", NO_EVENT)
    assert combat(state).daytime  # the 6 was not rolled for the time
    assert set(a.chit for a in state.legal_actions("dracula")  # type: ignore[attr-defined]
               ) <= {"claw", "escape_human"}


def test_hour_of_darkness_makes_it_night() -> None:
    state = attacked([1, 1], dracula=("hour_of_darkness",))
    assert state.current_seats() == ("dracula",) and window(state) == "start_of_combat"
    play(state, "dracula", "hour_of_darkness")
    act(state, "dracula", NO_EVENT)
    assert not combat(state).daytime


@pytest.mark.parametrize(("roll", "daytime"), [(2, True), (5, False)])
def test_hour_of_darkness_and_dawn_raid_cancel_each_other_and_the_die_is_rolled(
        roll: int, daytime: bool) -> None:
    # Event Cards: "Dracula plays the Hour of Darkness card ... while Van Helsing plays
    # Dawn Raid. Neither card affects play, and the die ... is rolled as normal": a 2 is
    # Day despite the Hour of Darkness, a 5 Night despite the Dawn Raid.
    state = attacked([roll], seward=("dawn_raid",), dracula=("hour_of_darkness",))
    play(state, "seward", "dawn_raid")
    act(state, "dracula", NO_EVENT)  # no Devilish Power
    play(state, "dracula", "hour_of_darkness")
    act(state, "seward", NO_EVENT)
    act(state, "dracula", NO_EVENT)
    assert combat(state).daytime is daytime
    told = [e for e in state.log(PUBLIC) if e["kind"] == "time_of_day"]
    assert [e["roll"] for e in told] == [roll]
    assert {"dawn_raid", "hour_of_darkness"} <= set(state.event_deck.discards)
    assert "dawn_raid" not in state.hunters["seward"].events and state.dracula.events == []


def test_advance_planning_and_trap_are_cumulative_modifiers_for_one_round() -> None:
    state = attacked([5, 3, 3], seward=("advance_planning", "advance_planning"))
    act(state, "seward", NO_EVENT)  # start of combat: he holds cards, so he is asked
    act(state, "dracula", ChooseChit("dracula", "claw"))
    act(state, "seward", ChooseChit("seward", "fist"))
    play(state, "seward", "advance_planning")
    play(state, "seward", "advance_planning")
    act(state, "seward", NO_EVENT)
    # 3 against 3 + 2: the Hunters win.
    assert any(e.get("winner") == "hunters" for e in state.log("public")
               if e.get("kind") == "initiative")
    assert combat(state).hunters_bonus == 0  # this round only


def test_rage_snatches_a_weapon_and_bars_escape_for_the_rolled_rounds() -> None:
    state = started(dracula="rome", seward="naples", godalming="paris", van_helsing="london")
    arm(state, "seward", "rifle")
    give(state, "dracula", "rage")
    rig(state, [5, 3])  # Night; Rage roll 3
    act(state, "dracula", MoveTo("naples"))
    act(state, "seward", KEEP_GARLIC)
    act(state, "dracula", NO_EVENT)  # start of combat
    assert window(state) == "start_of_combat_round"
    play(state, "dracula", "rage")
    assert state.hunters["seward"].weapons == [] and "rifle" in state.public_weapon_discards
    assert combat(state).rage_through == 3
    act(state, "dracula", NO_EVENT)  # the window closes
    chits = {a.chit for a in state.legal_actions("dracula")}  # type: ignore[attr-defined]
    assert not chits & {"escape_bat", "escape_mist", "escape_human"}


def test_rage_may_snatch_a_revealed_chit() -> None:
    # Rulings 40 and 58: the snatched chit is any of the victim's Weapon Chits, face up or
    # down: Seward's only one is his Dogs, revealed; Rage takes them.
    state = started(dracula="rome", seward="naples", godalming="paris", van_helsing="london")
    arm(state, "seward", "dogs")
    state.hunters["seward"].show("dogs")
    give(state, "dracula", "rage")
    rig(state, [5, 2])  # Night; Rage roll 2
    act(state, "dracula", MoveTo("naples"))
    act(state, "seward", KEEP_GARLIC)
    act(state, "dracula", NO_EVENT)  # start of combat
    play(state, "dracula", "rage")
    assert state.hunters["seward"].weapons == [] and state.hunters["seward"].shown == []
    assert "dogs" in state.public_weapon_discards


def test_rage_may_not_be_played_after_garlic() -> None:
    state = started(dracula="rome", seward="naples", godalming="paris", van_helsing="london")
    arm(state, "seward", "garlic")
    give(state, "dracula", "rage")
    rig(state, [5])
    act(state, "dracula", MoveTo("naples"))
    act(state, "seward", REVEAL_GARLIC)
    act(state, "dracula", NO_EVENT)  # start of combat
    assert window(state) == ""  # no Rage window opens after Garlic
    assert kind(state) == "combat" and combat(state).stage == "choose"


def test_great_strength_stops_a_bite_and_the_combat_continues() -> None:
    # Night; Dracula wins initiative 6 against 1; Fang against Fist is a Bite.
    state = attacked([5, 6, 1], seward=("great_strength",))
    act(state, "seward", NO_EVENT)  # start of combat
    act(state, "dracula", ChooseChit("dracula", "fang"))
    act(state, "seward", ChooseChit("seward", "fist"))
    act(state, "seward", NO_EVENT)  # before initiative
    assert window(state) == "after_die_roll"
    act(state, "seward", NO_EVENT)  # no Good Luck for the initiative roll
    found = [e for e in state.log("public") if e.get("kind") == "combat_result"]
    assert not found  # the result waits for Great Strength
    assert window(state) == "after_combat_result"
    play(state, "seward", "great_strength")
    assert kind(state) == "combat" or state.current_seats() == ("seward",)
    while kind(state) == "event_window":
        act(state, state.current_seats()[0], NO_EVENT)
    assert not state.hunters["seward"].bitten
    assert kind(state) == "combat" and combat(state).round == 2


def test_escape_route_avoids_dracula_s_attack() -> None:
    state = attacked([5], seward=("escape_route",))
    play(state, "seward", "escape_route")
    act(state, "seward", NO_EVENT)
    assert find(state, Combat) is None
    assert state.hunters["seward"].fought_dracula_at is None  # they did not fight
    # "the Count also remains in Town ... he and the Hunter may attack, if both he and the
    # Hunter are still in the Town during Dracula's next Action Phase"
    assert state.dracula.location == "naples"
    pass_windows(state)
    hunters_stay(state)  # Seward stays in Naples and, searching, finds Dracula there
    assert kind(state) == "fight_choice" and ATTACK_DRACULA in state.legal_actions("seward")
    act(state, "seward", LET_DRACULA_BE)
    hunters_stay(state)
    assert state.hunters["seward"].location == "naples"
    assert kind(state) == "dracula_movement"
    act(state, "dracula", STAY_PUT)  # his Action Phase follows: he must attack Seward
    combat_now = find(state, Combat)
    assert combat_now is not None and combat_now.attacker == "dracula"
    assert "seward" in combat_now.hunters


def _escape_route_against_an_attack_on_two(*, grouped: bool) -> FuryState:
    """Godalming and Seward in Paris (a group or not), Dracula moving in to attack them, and
    Godalming's Escape Route played before the fight."""
    state = started(godalming="paris", seward="paris", van_helsing="rome",
                    dracula="brussels")
    if grouped:
        state.form_group(("godalming", "seward"))
    give(state, "godalming", "escape_route")
    rig(state, [5])
    act(state, "dracula", MoveTo("paris"))
    act(state, "godalming", KEEP_GARLIC)
    act(state, "seward", KEEP_GARLIC)
    play(state, "godalming", "escape_route")
    pass_windows(state)
    return state


def test_escape_route_takes_only_its_player_out_of_an_attack_on_two_hunters() -> None:
    # Dracula's Action Phase: he "must attack any Hunters in the Town"; Reference 4 - Escape
    # Route takes out the Hunter who plays it (and his group: Reference 5), not another
    # Hunter who merely stands in the same Town (ruling 26: one combat for both).
    state = _escape_route_against_an_attack_on_two(grouped=False)
    fight = combat(state)
    assert fight.hunters == ("seward",) and [e.hunters for e in fight.engagements] == [
        ("seward",)]
    assert not fight.daytime  # the time of day was rolled: 5
    assert state.current_seats() == ("dracula", "seward")  # the chits of round one
    # In a group both escape ("The whole group escapes from combat").
    assert find(_escape_route_against_an_attack_on_two(grouped=True), Combat) is None


def test_devilish_power_cancels_a_hunter_s_card() -> None:
    state = attacked([5], seward=("dawn_raid",), dracula=("devilish_power",))
    play(state, "seward", "dawn_raid")
    assert window(state) == "response_to_hunter_card"
    act(state, "dracula", PlayEvent("devilish_power"))
    act(state, "dracula", NO_EVENT)
    act(state, "dracula", NO_EVENT)
    act(state, "seward", NO_EVENT)
    assert not combat(state).daytime  # the die (5) was rolled: Night


def test_good_luck_rolls_the_hunters_initiative_die_again() -> None:
    # Night; Dracula rolls 4, Seward 1; Good Luck has Seward's die rolled again: 6. The
    # new result stands (the opponent's die is kept): the Hunters win the initiative.
    state = attacked([5, 4, 1, 6], seward=("good_luck",))
    act(state, "seward", NO_EVENT)  # start of combat
    act(state, "dracula", ChooseChit("dracula", "fang"))
    act(state, "seward", ChooseChit("seward", "fist"))
    act(state, "seward", NO_EVENT)  # before initiative
    assert window(state) == "after_die_roll" and state.current_seats() == ("seward",)
    assert not [e for e in state.log("public") if e.get("kind") == "initiative"]
    play(state, "seward", "good_luck")
    act(state, "seward", NO_EVENT)
    rolled = [e for e in state.log("public") if e.get("kind") == "initiative"]
    assert rolled[-1]["rolls"] == [[4, 6]] and rolled[-1]["winner"] == "hunters"
    assert "good_luck" in state.event_deck.discards


def bullets_fired(rolls: list[int], cards: tuple[str, ...] = ()) -> FuryState:
    """By night Dracula attacks Dr Seward, who has only Sacred Bullets; Seward wins the
    initiative (Dracula 1, Seward 6) and fires them at Dracula's Claw: used up."""
    state = started(dracula="rome", seward="naples", godalming="paris", van_helsing="london")
    arm(state, "seward", "sacred_bullets")
    give(state, "seward", *cards)
    rig(state, [5, 1, 6, *rolls])
    act(state, "dracula", MoveTo("naples"))
    act(state, "seward", KEEP_GARLIC)  # (asked whatever he holds)
    while kind(state) == "event_window":
        act(state, state.current_seats()[0], NO_EVENT)
    act(state, "dracula", ChooseChit("dracula", "claw"))
    act(state, "seward", ChooseChit("seward", "sacred_bullets"))
    while kind(state) == "event_window" and window(state) != "after_die_roll":
        act(state, state.current_seats()[0], NO_EVENT)
    if window(state) == "after_die_roll":  # Good Luck after the initiative die
        act(state, "seward", NO_EVENT)
    return state


def test_sacred_bullets_die_of_4_to_6_discards_the_chit() -> None:
    state = bullets_fired([5])
    assert "sacred_bullets" not in state.hunters["seward"].weapons
    assert "sacred_bullets" in state.weapons_pool.aside
    assert combat(state).histories["seward"].last_chit_kept is False
    assert any(e.get("kind") == "sacred_bullets_spent" for e in state.log("public"))


def test_sacred_bullets_die_of_1_to_3_keeps_the_chit() -> None:
    state = bullets_fired([2])
    assert state.hunters["seward"].weapons == ["sacred_bullets"]
    assert combat(state).histories["seward"].last_chit_kept is True


def test_good_luck_rolls_the_sacred_bullets_die_again() -> None:
    # The die shows 5 (out of bullets); Good Luck rolls it again: 2, he has more left.
    state = bullets_fired([5, 2], cards=("good_luck",))
    rolled = [e for e in state.log("public") if e.get("kind") == "sacred_bullets_roll"]
    assert rolled[-1]["roll"] == 5 and window(state) == "after_die_roll"
    assert state.hunters["seward"].weapons == ["sacred_bullets"]  # not yet discarded
    play(state, "seward", "good_luck")
    act(state, "seward", NO_EVENT)
    assert state.hunters["seward"].weapons == ["sacred_bullets"]
    assert "sacred_bullets" not in state.weapons_pool.aside
    assert combat(state).histories["seward"].last_chit_kept is True
    assert "good_luck" in state.event_deck.discards


def test_ruling_garlic_revealed_before_an_escape_route_is_discarded() -> None:
    # Ruling 72: "Once the combat is over, the Garlic Chit is discarded" - Escape Route
    # ends it before it is fought; the Garlic was spent all the same.
    state = started(dracula="rome", seward="naples", godalming="paris", van_helsing="london")
    arm(state, "seward", "garlic", "garlic")
    give(state, "seward", "escape_route")
    rig(state, [5])
    act(state, "dracula", MoveTo("naples"))
    act(state, "seward", REVEAL_GARLIC)
    play(state, "seward", "escape_route")
    pass_windows(state)
    seward = state.hunters["seward"]
    assert find(state, Combat) is None
    assert seward.weapons == ["garlic"] and seward.shown == []
    assert state.public_weapon_discards[-1] == "garlic"


def test_a_weapon_seen_is_revealed_only_once() -> None:
    # A second Garlic revealed after the first was discarded is seen once, never twice.
    state = started(dracula="rome", seward="naples", godalming="paris", van_helsing="london")
    arm(state, "seward", "garlic")
    seward = state.hunters["seward"]
    seward.show("garlic")
    seward.show("garlic")
    assert seward.shown == ["garlic"]
    assert seward.seen_if_lost("garlic")
    seward.weapons.append("garlic")
    assert not seward.seen_if_lost("garlic")  # he may give up the one not seen
