"""Event Cards played when an Encounter is revealed: Pre-Warned, Escape Route, Seduction
(with Great Strength and in a group), Szgany Reinforcements (also after Pre-Warned)."""

from __future__ import annotations

from fury1987.actions import NO_EVENT, STAY_PUT, ChooseChit, ChooseHunter, FormGroup, MoveTo
from fury1987.events import find
from fury1987.pending import Combat
from fury1987.state import FuryState
from fury1987.wounds import become_vampire
from gothic_kernel import PUBLIC

from .event_helpers import arm, give, pass_windows, play, take_chit, window
from .helpers import act, dracula_turn, kind, rig, started


def finds(chit: str, town: str = "szeged", seward: tuple[str, ...] = (),
          dracula: tuple[str, ...] = (), group: bool = False) -> FuryState:
    """Dr Seward (with Van Helsing, in a group) moves from Budapest into ``town``, where
    ``chit`` lies; the cards are dealt first."""
    state = started(godalming="paris", seward="budapest",
                    van_helsing="budapest" if group else "madrid", dracula="athens")
    state.chart[town] = take_chit(state, chit)
    dracula_turn(state, STAY_PUT)
    act(state, "godalming", STAY_PUT)
    give(state, "seward", *seward)
    give(state, "dracula", *dracula)
    pass_windows(state)
    if group:
        act(state, "seward", FormGroup(("seward", "van_helsing")))
    act(state, "seward", MoveTo(town))
    return state


def test_the_window_opens_as_soon_as_the_encounter_is_revealed() -> None:
    state = finds("rats", seward=("newspaper_reports",))
    # He holds a card (any card): he is asked; Newspaper Reports is not playable here.
    assert window(state) == "encounter_revealed"
    assert state.legal_actions("seward") == [NO_EVENT]


def test_pre_warned_discards_the_encounter_without_facing_it() -> None:
    state = finds("wolves", seward=("pre_warned",))
    play(state, "seward", "pre_warned")
    pass_windows(state)
    assert "szeged" not in state.chart and state.hunters["seward"].wounds == 0
    assert "wolves" in state.public_encounter_discards
    assert kind(state) == "item_choice"  # he may still take items
    # "The Hunter gains no Valour Points for fleeing from the possible confrontation"
    # (Wolves come through unwounded would have earned one)
    assert state.hunters["seward"].valour == 0


def test_escape_route_avoids_the_encounter_which_stays_and_no_items_are_taken() -> None:
    state = finds("szgany_pistol_knife", seward=("escape_route",))
    play(state, "seward", "escape_route")
    pass_windows(state)
    assert state.chart["szeged"] == "szgany_pistol_knife"
    assert find(state, Combat) is None and kind(state) != "item_choice"


def test_seduction_bites_the_hunter_and_the_vampire_returns_to_the_set() -> None:
    state = finds("vampire", dracula=("seduction",))
    assert window(state) == "encounter_revealed"
    play(state, "dracula", "seduction")
    pass_windows(state)
    assert state.hunters["seward"].bitten
    assert "szeged" not in state.chart
    assert len(state.dracula.encounter_set) == 6  # an exception to the limit of five
    assert kind(state) != "vampire_choice"


def test_seduction_works_whatever_his_weapons_and_shows_none_of_them() -> None:
    # Reference 4 - SEDUCTION: "This card works regardless of the Hunter's weapons etc ...
    # The Hunter should not reveal any of his Weapon Chits."
    state = finds("vampire", dracula=("seduction",))
    arm(state, "seward", "crucifix", "stake", "heavenly_host")
    play(state, "dracula", "seduction")
    pass_windows(state)
    assert state.hunters["seward"].bitten and state.hunters["seward"].shown == []
    assert sorted(state.hunters["seward"].weapons) == ["crucifix", "heavenly_host", "stake"]
    said = " ".join(e["text"] for e in state.log("dracula"))
    assert not any(w in said.lower() for w in ("crucifix", "stake", "heavenly host"))


def test_great_strength_resists_seduction_but_the_vampire_still_returns() -> None:
    state = finds("vampire", seward=("great_strength",), dracula=("seduction",))
    act(state, "seward", NO_EVENT)
    play(state, "dracula", "seduction")
    assert window(state) == "after_combat_result"
    play(state, "seward", "great_strength")
    pass_windows(state)
    assert not state.hunters["seward"].bitten and "szeged" not in state.chart


def test_seduction_on_a_hunter_vampire_leaves_him_in_the_town() -> None:
    # Reference 4 - Seduction: "If this is played when a Hunter encounters a Hunter-Vampire,
    # the Hunter-Vampire does not return as usual to the Encounter Set. He is left in the
    # Town." Lord Godalming, turned in Szeged, seduces Dr Seward.
    state = started(godalming="szeged", seward="budapest", van_helsing="madrid",
                    dracula="athens")
    state.hunters["godalming"].bitten = True
    become_vampire(state, "godalming")
    held = list(state.dracula.encounter_set)
    dracula_turn(state, STAY_PUT)
    give(state, "dracula", "seduction")
    pass_windows(state)
    act(state, "seward", MoveTo("szeged"))
    play(state, "dracula", "seduction")
    pass_windows(state)
    assert state.chart["szeged"] == "godalming_vampire"
    assert state.dracula.encounter_set == held
    assert state.hunters["seward"].bitten


def test_seduction_in_a_group_bites_the_one_dracula_chooses() -> None:
    state = finds("vampire", dracula=("seduction",), group=True)
    play(state, "dracula", "seduction")
    assert set(state.legal_actions("dracula")) >= {ChooseHunter("seward"),
                                                    ChooseHunter("van_helsing")}
    act(state, "dracula", ChooseHunter("van_helsing"))
    pass_windows(state)
    assert state.hunters["van_helsing"].bitten and not state.hunters["seward"].bitten


def test_szgany_reinforcements_a_second_szgany_after_the_first_dies() -> None:
    state = finds("szgany_pistol_knife", dracula=("szgany_reinforcements",))
    play(state, "dracula", "szgany_reinforcements")
    pass_windows(state)
    first = find(state, Combat)
    assert first is not None and not first.reinforcement
    arm(state, "seward", "rifle")
    rig(state, [1, 6])  # the Agents 1, the Hunters 6: Seward's Rifle kills the first
    act(state, "seward", ChooseChit("seward", "rifle"))
    act(state, "dracula", ChooseChit("agent_1", "pistol"))
    said = [e["text"] for e in state.log(PUBLIC)]
    assert said[-2:] == ["The combat in Szeged is over: the Agents are dead",
                         "Szgany Reinforcements: a second Szgany attacks"]
    pass_windows(state)
    second = find(state, Combat)
    assert second is not None and second.reinforcement and second.round == 1
    # a new combat: its first round offers no Dodge, and the Rifle may be chosen again
    assert state.legal_actions("seward") == [ChooseChit("seward", c)
                                             for c in ("escape", "fist", "rifle")]


def test_szgany_reinforcements_first_round_initiative_modifiers_apply_again() -> None:
    # Reference 4 - SZGANY REINFORCEMENTS: "When facing the second Szgany a whole new combat
    # begins. First round Initiative Modifiers apply again": Seward's revealed Dogs give
    # +1 in the first round of each of the two fights.
    state = finds("szgany_pistol_knife", dracula=("szgany_reinforcements",))
    play(state, "dracula", "szgany_reinforcements")
    pass_windows(state)
    arm(state, "seward", "rifle", "dogs")
    state.hunters["seward"].show("dogs")
    state.invalidate()
    rig(state, [1, 6, 2, 4])  # first fight: Agents 1, Hunters 6; second: Agents 2, Hunters 4
    act(state, "seward", ChooseChit("seward", "rifle"))
    act(state, "dracula", ChooseChit("agent_1", "pistol"))
    pass_windows(state)
    second = find(state, Combat)
    assert second is not None and second.reinforcement
    act(state, "seward", ChooseChit("seward", "rifle"))
    act(state, "dracula", ChooseChit("agent_1", "pistol"))
    said = [e["text"] for e in state.log(PUBLIC) if e.get("kind") == "initiative"]
    assert said[0].startswith("Initiative: the Agents 1+0 against the Hunters 6+1")
    assert said[1].startswith("Initiative: the Agents 2+0 against the Hunters 4+1")


def test_pre_warned_does_not_avoid_the_szgany_reinforcements() -> None:
    state = finds("szgany_pistol_knife", seward=("pre_warned",),
                  dracula=("szgany_reinforcements",))
    play(state, "seward", "pre_warned")
    assert window(state) == "response_to_hunter_card"
    act(state, "dracula", NO_EVENT)  # no Devilish Power
    play(state, "dracula", "szgany_reinforcements")
    pass_windows(state)
    second = find(state, Combat)
    assert second is not None and second.reinforcement
    assert "szeged" not in state.chart  # the first one was discarded


def test_pre_warned_in_a_group_neither_member_faces_the_encounter() -> None:
    # Reference 5 - PRE-WARNED: "Neither member of the group faces the discarded Encounter
    # Chit": Wolves discarded, nobody rolls for wounds, and the group's items follow.
    state = finds("wolves", seward=("pre_warned",), group=True)
    rig(state, [6, 6])  # what the Wolves would roll against each member
    play(state, "seward", "pre_warned")
    pass_windows(state)
    assert "szeged" not in state.chart and "wolves" in state.public_encounter_discards
    assert state.hunters["seward"].wounds == 0 and state.hunters["van_helsing"].wounds == 0
    assert kind(state) == "item_choice"


def test_escape_route_in_a_group_the_whole_group_escapes_and_takes_nothing() -> None:
    # Reference 5 - ESCAPE ROUTE: "The whole group escapes from combat and does not take
    # any Weapon Chits or Event Cards."
    state = finds("szgany_pistol_knife", seward=("escape_route",), group=True)
    play(state, "seward", "escape_route")
    pass_windows(state)
    assert state.chart["szeged"] == "szgany_pistol_knife"  # the Encounter stays
    assert find(state, Combat) is None and kind(state) != "item_choice"
    assert state.hunters["van_helsing"].location == "szeged"
    assert state.hunters["van_helsing"].wounds == 0
    assert state.seq.seat == "dracula"  # the group's one Action Phase ended; a new turn


def test_szgany_reinforcements_in_a_group_each_member_faces_another_gypsy() -> None:
    # Reference 5 - SZGANY REINFORCEMENTS: "Each Hunter in the group must face another
    # identical gypsy, separately" (here after Pre-Warned discarded the first).
    state = finds("szgany_pistol_knife", seward=("pre_warned",),
                  dracula=("szgany_reinforcements",), group=True)
    play(state, "seward", "pre_warned")
    act(state, "dracula", NO_EVENT)  # no Devilish Power
    play(state, "dracula", "szgany_reinforcements")
    pass_windows(state)
    second = find(state, Combat)
    assert second is not None and second.reinforcement
    assert set(second.hunters) == {"seward", "van_helsing"} and len(second.opponents) == 2
    assert sorted(len(e.hunters) for e in second.engagements) == [1, 1]  # separately
