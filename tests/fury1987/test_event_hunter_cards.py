"""Hunters' Event Cards: played at once when drawn (Mishap, Sense of Emergency,
Superstitious Carriers, Jonathan Harker) and at the start of their Movement Phase
(Newspaper Reports, Sensationalist Press, Hired Scouts, Hypnosis, Shipping Agents,
Re-Equip, Heavenly Host, Stormy Seas, Excellent Weather, Chartered Carriage), Heroic Leap."""

from __future__ import annotations

import attrs
import pytest

import gothic_kernel as gk
from fury1987.actions import (
    ATTACK_DRACULA,
    CATCH_TRAIN,
    ENCOUNTER_VAMPIRE,
    NO_EVENT,
    PASS,
    PLACE_HOST,
    STAY_PUT,
    TREAT_BITE,
    ChooseChit,
    ChoosePlace,
    ConsumeVampire,
    DeclareMove,
    DiscardWeapon,
    FormGroup,
    MoveTo,
    PlayEvent,
    RemoveHost,
    RideTo,
    TakeItems,
    TakeWeapon,
)
from fury1987.bat_flight import BatFlight
from fury1987.events import find, stormy_seas_orphans
from fury1987.pending import Combat
from fury1987.setup import invariant_problems
from fury1987.state import FuryState

from .event_helpers import arm, give, on_top, pass_windows, play, take_chit, window
from .helpers import act, dracula_turn, hunters_stay, kind, quiet_turn, rig, started


def godalming_turn(cards: tuple[str, ...] = (), dracula: str = "london") -> FuryState:
    """Godalming (in Paris) starts his Movement Phase holding ``cards``."""
    state = started(godalming="paris", seward="madrid", van_helsing="rome", dracula=dracula)
    give(state, "godalming", *cards)
    dracula_turn(state, STAY_PUT)
    return state


def draws(*cards: str) -> FuryState:
    """Godalming moves to Brussels (a large Town) and takes Event Cards: ``cards``."""
    state = godalming_turn()
    on_top(state, *cards)
    act(state, "godalming", MoveTo("brussels"))
    act(state, "godalming", TakeItems((), ("godalming",) * len(cards)))
    return state


# -- played at once ---------------------------------------------------------------------
def next_turn(state: FuryState) -> str:
    """The other Hunters stay, Dracula stays: whose Movement Phase comes next."""
    hunters_stay(state)
    dracula_turn(state, STAY_PUT)
    assert kind(state) == "hunter_movement"
    return state.seq.seat


def test_mishap_the_hunter_misses_his_next_turn() -> None:
    state = draws("mishap")
    pass_windows(state)
    assert state.hunters["godalming"].events == [] and "mishap" in state.event_deck.discards
    assert next_turn(state) == "seward"  # Lord Godalming's turn is skipped
    assert state.hunters["godalming"].location == "brussels"
    assert next_turn(state) == "godalming"  # and only that one


def test_two_mishaps_drawn_together_one_is_ignored() -> None:
    state = draws("mishap", "mishap")
    pass_windows(state)
    assert state.event_deck.discards.count("mishap") == 2
    assert next_turn(state) == "seward"
    assert next_turn(state) == "godalming"  # "The Hunter must only miss one turn"


def test_mishap_a_hunter_who_misses_his_turn_is_taken_along_by_no_group() -> None:
    # Mishap: "The Hunter must only miss one turn" - miss it he must: a companion in his
    # Town may not form a group with him and carry him off, whether his turn comes before
    # the companion's (Godalming, missed already) or after it (Seward, still to miss it).
    state = started(godalming="paris", seward="brussels", van_helsing="rome",
                    dracula="athens")
    dracula_turn(state, STAY_PUT)
    on_top(state, "mishap")
    act(state, "godalming", MoveTo("brussels"))
    act(state, "godalming", TakeItems((), ("godalming",)))
    pass_windows(state)
    assert next_turn(state) == "seward"  # Godalming misses this turn
    assert not any(isinstance(a, FormGroup) for a in state.legal_actions("seward"))
    act(state, "seward", MoveTo("amsterdam"))
    assert state.hunters["godalming"].location == "brussels"
    state = started(godalming="brussels", seward="paris", van_helsing="rome",
                    dracula="athens")
    dracula_turn(state, STAY_PUT)
    quiet_turn(state, "godalming")
    on_top(state, "mishap")
    act(state, "seward", MoveTo("brussels"))
    act(state, "seward", TakeItems((), ("seward",)))
    pass_windows(state)
    assert next_turn(state) == "godalming"
    assert not any(isinstance(a, FormGroup) for a in state.legal_actions("godalming"))


def test_sense_of_emergency_gives_an_extra_turn() -> None:
    # "an extra turn straight after this one": Lord Godalming moves again before Dr Seward.
    state = draws("sense_of_emergency")
    pass_windows(state)
    assert state.seq.seat == "godalming" and kind(state) == "hunter_movement"
    act(state, "godalming", MoveTo("amsterdam"))
    assert state.hunters["godalming"].location == "amsterdam"


def group_draws(*cards: str) -> FuryState:
    """Lord Godalming and Dr Seward, a group in Paris, move to Brussels in Godalming's
    Movement Phase; Godalming takes the Event Cards: ``cards``."""
    state = started(godalming="paris", seward="paris", van_helsing="rome", dracula="london")
    dracula_turn(state, STAY_PUT)
    on_top(state, *cards)
    act(state, "godalming", FormGroup(("godalming", "seward")))
    act(state, "godalming", MoveTo("brussels"))
    act(state, "godalming", TakeItems((), ("godalming",) * len(cards)))
    return state


def test_mishap_in_a_group_the_whole_group_misses_its_turn() -> None:
    # Reference 5 - MISHAP: "The whole group misses its turn."
    state = group_draws("mishap")
    pass_windows(state)
    assert next_turn(state) == "van_helsing"  # Godalming's and Seward's turns are skipped
    assert {state.hunters[h].location for h in ("godalming", "seward")} == {"brussels"}
    assert next_turn(state) == "godalming"  # and only that one


def test_sense_of_emergency_in_a_group_the_whole_group_gets_an_extra_turn() -> None:
    # Reference 5 - SENSE OF EMERGENCY: "The whole group gets an extra turn."
    state = group_draws("sense_of_emergency")
    pass_windows(state)
    assert state.seq.seat == "godalming" and kind(state) == "hunter_movement"
    act(state, "godalming", MoveTo("amsterdam"))
    assert {state.hunters[h].location for h in ("godalming", "seward")} == {"amsterdam"}


def test_superstitious_carriers_cost_dracula_two_blood_points_on_4_to_6() -> None:
    state = godalming_turn()
    on_top(state, "superstitious_carriers")
    rig(state, [5])
    act(state, "godalming", MoveTo("brussels"))
    act(state, "godalming", TakeItems((), ("godalming",)))
    assert state.dracula.blood == 10
    assert any(c["k"] == "blood" and c["loss"] == 2 for c in state.clues)
    # "Use of this card in no way entitles the Hunters to find out where Dracula is."
    assert state.dracula.shown_at is None
    assert len(state.observation("seward")["possible_dracula_locations"]) > 1


def test_good_luck_rolls_the_superstitious_carriers_die_again() -> None:
    # Godalming rolls 2 (nothing); Seward's Good Luck: 6, Dracula loses 2 Blood Points.
    state = godalming_turn()
    give(state, "seward", "good_luck")
    on_top(state, "superstitious_carriers")
    rig(state, [2, 6])
    act(state, "godalming", MoveTo("brussels"))
    act(state, "godalming", TakeItems((), ("godalming",)))
    assert window(state) == "after_die_roll" and state.dracula.blood == 12
    play(state, "seward", "good_luck")
    act(state, "seward", NO_EVENT)
    assert state.dracula.blood == 10


def test_good_luck_rolls_the_holy_water_die_again() -> None:
    # Godalming treats his Bite with Holy Water and rolls 1 (a Wound); Seward's Good Luck:
    # 5, the Bite Marker is discarded and no Wound is taken.
    state = godalming_turn()
    give(state, "seward", "good_luck")
    hunter = state.hunters["godalming"]
    state.weapons_pool.bag.extend(hunter.weapons)
    hunter.weapons = [state.weapons_pool.take("holy_water")]
    hunter.bitten = True
    state.invalidate()
    rig(state, [1, 5])
    act(state, "godalming", TREAT_BITE)
    assert window(state) == "after_die_roll" and state.current_seats() == ("seward",)
    assert hunter.bitten and hunter.wounds == 0
    play(state, "seward", "good_luck")
    act(state, "seward", NO_EVENT)
    assert not hunter.bitten and hunter.wounds == 0 and hunter.weapons == []
    assert state.seq.seat != "godalming"  # he misses his turn
    assert "good_luck" in state.event_deck.discards


def test_good_luck_rolls_the_servant_flee_die_again() -> None:
    # Godalming rolls 5 against a Servant (he stays to fight); Seward's Good Luck: 2, the
    # Servant flees ("after any die roll made by or for a Hunter").
    state = godalming_turn()
    give(state, "seward", "good_luck")
    state.chart["brussels"] = take_chit(state, "servant_knife")
    state.invalidate()
    rig(state, [5, 2])
    act(state, "godalming", MoveTo("brussels"))
    assert window(state) == "after_die_roll" and "brussels" in state.chart
    play(state, "seward", "good_luck")
    act(state, "seward", NO_EVENT)
    assert "brussels" not in state.chart and state.hunters["godalming"].valour == 1
    assert kind(state) != "combat"


def test_jonathan_harker_finds_nobody_in_the_wrong_town() -> None:
    state = draws("jonathan_harker")
    assert state.current_seats() == ("godalming",)
    act(state, "godalming", ChoosePlace("paris"))
    assert find(state, Combat) is None
    assert any(c.get("town") == "paris" and c.get("dracula") is False for c in state.clues)


def test_jonathan_harker_fights_dracula_and_becomes_a_vampire_when_bitten() -> None:
    state = draws("jonathan_harker")
    rig(state, [5, 6, 1])  # Night; Dracula wins initiative
    act(state, "godalming", ChoosePlace("london"))
    record = find(state, Combat)
    assert record is not None and record.hunters == ("harker",)
    assert record.harker_wounds == 6 and len(record.harker_weapons) == 3
    assert set(state.current_seats()) == {"dracula", "godalming"}  # he fights for Harker
    chits = {a.chit for a in state.legal_actions("godalming")}  # type: ignore[attr-defined]
    assert "escape" not in chits and "dodge" not in chits  # never escapes; no Dodge yet
    act(state, "godalming", ChooseChit("harker", "fist"))
    act(state, "dracula", ChooseChit("dracula", "fang"))
    assert find(state, Combat) is None
    assert "harker_vampire" in state.dracula.encounter_set
    assert len(state.dracula.encounter_set) == 6
    # Dracula won, he did not escape: no flight as a bat follows the fight.
    assert not any(isinstance(record, BatFlight) for record in state.stack)


def test_jonathan_harker_no_hunter_event_card_may_help_him() -> None:
    # Reference 4 - JONATHAN HARKER: "No Hunter Event Cards may be played to help Harker,
    # but Dracula may play his." Seward holds Dawn Raid, Advance Planning and Good Luck;
    # he is asked in none of the fight's windows, Dracula (a Trap) in them.
    state = draws("jonathan_harker")
    give(state, "seward", "dawn_raid", "advance_planning", "good_luck")
    give(state, "dracula", "trap")
    rig(state, [5, 6, 1])  # Night; Dracula wins initiative
    act(state, "godalming", ChoosePlace("london"))
    dracula_asked = 0
    while find(state, Combat) is not None:
        seat = state.current_seats()[0]
        if kind(state) == "event_window":
            assert state.current_seats() == ("dracula",)
            dracula_asked += 1
            act(state, "dracula", NO_EVENT)
        elif seat == "godalming":
            act(state, "godalming", ChooseChit("harker", "fist"))
        else:
            act(state, "dracula", ChooseChit("dracula", "fang"))
    assert dracula_asked >= 1
    assert state.hunters["seward"].events == ["dawn_raid", "advance_planning", "good_luck"]
    assert "harker_vampire" in state.dracula.encounter_set


# -- at the start of the Movement Phase ---------------------------------------------------
def test_newspaper_reports_put_dracula_on_the_map() -> None:
    state = godalming_turn(("newspaper_reports",))
    play(state, "godalming", "newspaper_reports")
    assert state.dracula.shown_at == "london"
    assert state.observation("seward")["possible_dracula_locations"] == ["london"]
    # "until his next Movement Phase, when it is returned to his SMC"
    quiet_turn(state, "godalming")
    assert state.seq.seat == "seward" and state.dracula.shown_at == "london"
    hunters_stay(state)
    assert kind(state) == "dracula_movement" and state.dracula.shown_at is None
    dracula_turn(state, MoveTo("manchester"))
    assert len(state.observation("seward")["possible_dracula_locations"]) > 1


def test_sensationalist_press_two_towns_one_of_them_his() -> None:
    state = godalming_turn(("sensationalist_press",))
    play(state, "godalming", "sensationalist_press")
    act(state, "dracula", ChoosePlace("rome"))
    assert state.dracula.shown_at is None
    assert set(state.observation("seward")["possible_dracula_locations"]) <= {"london", "rome"}


def test_hired_scouts_reveal_encounters_in_two_towns() -> None:
    state = godalming_turn(("hired_scouts",))
    state.chart["vienna"] = take_chit(state, "wolves")
    state.invalidate()
    play(state, "godalming", "hired_scouts")
    act(state, "godalming", ChoosePlace("vienna"))
    act(state, "godalming", ChoosePlace("berlin"))
    assert state.sightings["vienna"] == "wolves" and state.chart["vienna"] == "wolves"
    assert kind(state) == "hunter_movement"


def test_hired_scouts_reveal_neither_dracula_nor_the_local_rumours() -> None:
    # Reference 4 - HIRED SCOUTS: "Dracula should not reveal the presence of either Local
    # Rumours or himself if in any of the named Towns."
    state = started(godalming="paris", seward="madrid", van_helsing="rome", dracula="london")
    give(state, "godalming", "hired_scouts")
    dracula_turn(state, MoveTo("manchester"))
    assert state.dracula.rumours == "london"
    before = set(state.observation("godalming")["possible_dracula_locations"])
    assert {"manchester", "london"} <= before
    play(state, "godalming", "hired_scouts")
    act(state, "godalming", ChoosePlace("manchester"))
    act(state, "godalming", ChoosePlace("london"))
    assert set(state.observation("godalming")["possible_dracula_locations"]) == before
    assert state.dracula.shown_at is None
    reports = [e["text"] for e in state.log("public") if e.get("kind") == "scouts_report"]
    assert reports == ["Hired Scouts: no Encounter in Manchester",
                       "Hired Scouts: no Encounter in London"]


def test_hypnosis_misses_the_turn_and_on_3_to_6_dracula_reveals_and_declares() -> None:
    state = started(godalming="paris", seward="madrid", van_helsing="rome", dracula="london")
    state.hunters["godalming"].bitten = True
    give(state, "seward", "hypnosis")
    dracula_turn(state, STAY_PUT)
    rig(state, [4])
    assert PlayEvent("hypnosis", "seward") in state.legal_actions("godalming")
    act(state, "godalming", PlayEvent("hypnosis", "seward"))
    assert state.dracula.shown_at == "london"
    act(state, "dracula", DeclareMove("manchester"))
    assert state.seq.seat == "seward"  # Godalming missed his turn
    for seat in ("seward", "van_helsing"):
        pass_windows(state)
        act(state, seat, STAY_PUT)
        while state.current_seats() == (seat,):
            act(state, seat, state.legal_actions(seat)[0])
    assert state.legal_actions("dracula") == [MoveTo("manchester")]


def test_hypnosis_dracula_tells_only_the_vampires_on_his_chart() -> None:
    # Reference 4 - HYPNOSIS: "the Dracula Player must tell the Hunters how many Vampires
    # he currently has on his SMC, but not where they are. He does not mention any
    # Vampires in the Encounter Set or the Discards."
    state = started(godalming="paris", seward="madrid", van_helsing="rome", dracula="london")
    state.hunters["godalming"].bitten = True
    give(state, "seward", "hypnosis")
    state.chart["naples"] = take_chit(state, "vampire")
    d = state.dracula
    old, d.encounter_set[0] = d.encounter_set[0], state.encounter_pool.take("vampire")
    state.encounter_pool.bag.append(old)  # a Vampire in his Set too
    assert invariant_problems(state) == []
    state.invalidate()
    dracula_turn(state, STAY_PUT)
    rig(state, [4])
    act(state, "godalming", PlayEvent("hypnosis", "seward"))
    said = [e for e in state.log("public") if e.get("kind") == "hypnosis_works"]
    assert len(said) == 1 and said[0]["vampires"] == 1
    assert "naples" not in said[0]["text"].lower()  # not where they are


def test_good_luck_rolls_the_hypnosis_die_again() -> None:
    # The Hypnosis die shows 1 (no effect); Van Helsing's Good Luck: 4, Dracula is revealed
    # and declares his next move.
    state = started(godalming="paris", seward="madrid", van_helsing="rome", dracula="london")
    state.hunters["godalming"].bitten = True
    give(state, "seward", "hypnosis")
    give(state, "van_helsing", "good_luck")
    dracula_turn(state, STAY_PUT)
    rig(state, [1, 4])
    act(state, "godalming", PlayEvent("hypnosis", "seward"))
    while kind(state) == "event_window" and window(state) != "after_die_roll":
        act(state, state.current_seats()[0], NO_EVENT)
    assert window(state) == "after_die_roll" and "van_helsing" in state.current_seats()
    assert state.dracula.shown_at != "london"
    play(state, "van_helsing", "good_luck")
    pass_windows(state)
    assert state.dracula.shown_at == "london" and state.hunters["van_helsing"].events == []
    act(state, "dracula", DeclareMove("manchester"))
    assert state.seq.seat == "seward"  # Godalming missed his turn
    assert "good_luck" in state.event_deck.discards

def test_hypnosis_in_a_group_the_hunter_who_misses_his_turn_stays_behind() -> None:
    # Hypnosis: the bitten Hunter "must then miss his turn"; his group may not carry him
    # off in another member's Movement Phase (as a Hunter treating his bite with Holy Water
    # leaves his group: ruling 13). Godalming, bitten, in a group with Seward in Paris.
    state = started(godalming="paris", seward="paris", van_helsing="rome", dracula="athens")
    state.hunters["godalming"].bitten = True
    give(state, "godalming", "hypnosis")
    dracula_turn(state, STAY_PUT)
    pass_windows(state)
    act(state, "godalming", FormGroup(("godalming", "seward")))
    rig(state, [1])  # no effect
    act(state, "godalming", PlayEvent("hypnosis"))
    pass_windows(state)
    assert state.seq.seat == "seward" and state.groups == []
    act(state, "seward", MoveTo("brussels"))
    assert state.hunters["godalming"].location == "paris"
    assert state.hunters["seward"].location == "brussels"


def hypnotised_dracula_declares(move: str, *cards: str) -> FuryState:
    """Hypnosis works on Dracula in London (Godalming bitten, Seward's card); Dracula, who
    holds ``cards``, declares ``move``; then his next Movement Phase comes."""
    state = started(godalming="paris", seward="madrid", van_helsing="rome", dracula="london")
    state.hunters["godalming"].bitten = True
    give(state, "seward", "hypnosis")
    dracula_turn(state, STAY_PUT)
    rig(state, [4])
    act(state, "godalming", PlayEvent("hypnosis", "seward"))
    act(state, "dracula", DeclareMove(move))
    give(state, "dracula", *cards)
    for seat in ("seward", "van_helsing"):
        pass_windows(state)
        act(state, seat, STAY_PUT)
        while state.current_seats() == (seat,):
            act(state, seat, state.legal_actions(seat)[0])
    pass_windows(state)
    assert kind(state) == "dracula_movement"
    return state


def test_hypnosis_dracula_must_stick_to_his_declared_move_no_card_instead() -> None:
    # Reference 4 - Hypnosis: "Dracula must immediately state where he intends to move to
    # during his next Movement Phase, and he must stick to this choice": no Evasion to
    # elsewhere, no Walpurgis Nacht instead of the move he declared.
    state = hypnotised_dracula_declares("manchester", "evasion", "walpurgis_nacht")
    assert state.legal_actions("dracula") == [MoveTo("manchester")]
    state = hypnotised_dracula_declares("stay", "evasion", "walpurgis_nacht")
    assert state.legal_actions("dracula") == [STAY_PUT]


def test_ruling_hypnosis_dracula_who_declared_to_stay_may_consume_a_vampire() -> None:
    # Ruling 87: consuming is done "instead of moving or Passing", in his Town box, with
    # his Action Phase after it: it is Not Moving, so a Dracula who declared he stays may
    # consume one of his Vampires (announced, ruling 83) and has kept to his word: his
    # piece stays on the map in London.
    state = hypnotised_dracula_declares("stay")
    state.chart["naples"] = take_chit(state, "vampire")
    state.dracula.blood = 8
    state.invalidate()
    assert state.legal_actions("dracula") == [STAY_PUT, ConsumeVampire("naples")]
    act(state, "dracula", ConsumeVampire("naples"))
    assert state.dracula.blood == 10 and "naples" not in state.chart
    assert state.dracula.location == "london" and "declared" not in state.cards
    public = state.log("public")
    assert any(e["kind"] == "vampire_consumed" for e in public)
    assert any(e["kind"] == "declared_move_made" and e["town"] == "london" for e in public)


@pytest.mark.parametrize("move", ["pass", "manchester"])
def test_ruling_hypnosis_dracula_who_declared_a_pass_or_a_move_may_not_consume(move: str) -> None:
    # The other edge of ruling 87: consuming is neither Passing (no chits exchanged, an
    # Action Phase) nor a move to another Town.
    state = hypnotised_dracula_declares(move)
    state.chart["naples"] = take_chit(state, "vampire")
    state.dracula.blood = 8
    state.invalidate()
    assert state.legal_actions("dracula") == [PASS if move == "pass" else MoveTo(move)]
    with pytest.raises(gk.IllegalAction, match="under Hypnosis and must stick to this choice"):
        state.apply("dracula", ConsumeVampire("naples"))
    assert state.dracula.blood == 8 and state.chart["naples"] == "vampire"


def test_hypnosis_a_declared_move_made_impossible_frees_dracula_for_that_phase_only() -> None:
    # "Dracula can not be held responsible if, for reasons beyond his control (such as a
    # Hunter Event Card), he cannot carry out the move declared": a Host on Manchester
    # frees him, cards included; the declaration is spent with that Movement Phase.
    state = hypnotised_dracula_declares("manchester", "evasion")
    state.hosts["manchester"] = ""
    state.invalidate()
    assert PlayEvent("evasion") in state.legal_actions("dracula")
    play(state, "dracula", "evasion")
    act(state, "dracula", ChoosePlace("dublin"))
    assert "declared" not in state.cards
    hunters_stay(state)
    pass_windows(state)
    assert MoveTo("galway") in state.legal_actions("dracula")  # free again



def test_shipping_agents_make_dracula_announce_his_sea_moves() -> None:
    state = godalming_turn(("shipping_agents",), dracula="le_havre")
    play(state, "godalming", "shipping_agents")
    assert state.cards["shipping_agents"] == "godalming"
    assert "shipping_agents" not in state.event_deck.discards  # it stays face up
    for seat in ("godalming", "seward", "van_helsing"):
        act(state, seat, STAY_PUT)
        while state.current_seats() == (seat,):
            act(state, seat, state.legal_actions(seat)[0])
    act(state, "dracula", MoveTo("english_channel"))
    act(state, "dracula", state.legal_actions("dracula")[0])
    assert any(e.get("sea") == "embarking" for e in state.log("seward"))


def test_re_equip_swaps_a_weapon_for_one_of_choice() -> None:
    state = godalming_turn(("re_equip",))
    arm(state, "godalming", "pistol")
    play(state, "godalming", "re_equip")
    pistols = state.weapons_pool.bag.count("pistol")
    act(state, "godalming", DiscardWeapon("pistol"))
    act(state, "godalming", TakeWeapon("stake"))
    assert state.hunters["godalming"].weapons == ["stake"]
    # "The discard is not returned to the pool. It is placed with the Weapon Chit
    # discards"; "This choice is not revealed to the Dracula Player."
    assert state.weapons_pool.bag.count("pistol") == pistols
    assert "pistol" in state.weapons_pool.aside
    said = " ".join(e["text"] for e in state.log("dracula") if e["kind"].startswith("re_equip"))
    assert "a Weapon Chit of his choice" in said and "stake" not in said
    assert "pistol" not in said  # it was face down: he learns only that one was discarded


def test_heavenly_host_card_places_the_bonus_marker_and_finds_dracula() -> None:
    state = godalming_turn(("heavenly_host",))
    play(state, "godalming", "heavenly_host")
    act(state, "godalming", ChoosePlace("london"))
    assert "london" in state.hosts and state.dracula.must_leave
    assert state.dracula.shown_at == "london"


def test_heavenly_host_card_moves_another_hunter_s_marker() -> None:
    # Reference 4 - HEAVENLY HOST: "move any one Host Marker on the board from one Town onto
    # any other Town - even if the Hunter playing this is not the same as the Hunter who
    # originally deployed it and who still has the Host Weapon Chit face up on his
    # playsheet." Seward's Host over Madrid goes to Vienna by Godalming's card; it is
    # still Seward's to take off.
    state = started(godalming="paris", seward="madrid", van_helsing="rome", dracula="london")
    arm(state, "seward", "heavenly_host")
    give(state, "godalming", "heavenly_host")
    dracula_turn(state, STAY_PUT)
    quiet_turn(state, "godalming")
    act(state, "seward", PLACE_HOST)
    hunters_stay(state)
    dracula_turn(state, STAY_PUT)
    play(state, "godalming", "heavenly_host")
    assert state.legal_actions("godalming") == [ChoosePlace("madrid")]
    act(state, "godalming", ChoosePlace("madrid"))
    assert ChoosePlace("castle_dracula") not in state.legal_actions("godalming")
    act(state, "godalming", ChoosePlace("vienna"))
    assert state.hosts == {"vienna": "seward"}
    assert state.hunters["seward"].hosts_placed == ["vienna"]
    assert state.dracula.shown_at is None  # he is not in Vienna
    quiet_turn(state, "godalming")
    assert RemoveHost("vienna") in state.legal_actions("seward")


def test_stormy_seas_blocks_a_sea_sector() -> None:
    state = godalming_turn(("stormy_seas",))
    play(state, "godalming", "stormy_seas")
    act(state, "godalming", ChoosePlace("english_channel"))
    assert "english_channel" in state.cards["stormy"]
    assert MoveTo("english_channel") not in state.legal_actions("godalming")


def test_stormy_seas_may_not_be_played_on_a_sea_sector_where_there_is_a_hunter() -> None:
    # Reference 4 - Stormy Seas: "This card may not be played on any Sea Sector where there
    # is a Hunter": Seward sails the English Channel; the North Sea is free.
    state = started(godalming="paris", seward="le_havre", van_helsing="rome",
                    dracula="athens")
    dracula_turn(state, STAY_PUT)
    quiet_turn(state, "godalming")
    act(state, "seward", MoveTo("english_channel"))
    hunters_stay(state)
    dracula_turn(state, STAY_PUT)
    give(state, "godalming", "stormy_seas")
    play(state, "godalming", "stormy_seas")
    assert ChoosePlace("english_channel") not in state.legal_actions("godalming")
    assert ChoosePlace("north_sea") in state.legal_actions("godalming")


def test_excellent_weather_up_to_four_sea_moves() -> None:
    state = started(godalming="le_havre", seward="madrid", van_helsing="rome",
                    dracula="vienna")
    give(state, "godalming", "excellent_weather")
    dracula_turn(state, STAY_PUT)
    play(state, "godalming", "excellent_weather")
    act(state, "godalming", MoveTo("english_channel"))
    assert kind(state) == "hunter_movement" and state.seq.seat == "godalming"
    act(state, "godalming", MoveTo("atlantic_ocean"))
    assert kind(state) == "hunter_movement" and state.seq.seat == "godalming"
    # "embark and then sail three Sectors": the fourth move ends his Movement Phase at Sea
    act(state, "godalming", MoveTo("mediterranean_sea"))
    assert state.seq.seat == "godalming"
    act(state, "godalming", MoveTo("tyrrhenian_sea"))
    assert state.hunters["godalming"].location == "tyrrhenian_sea"
    assert state.seq.seat == "seward"  # no fifth move


def test_excellent_weather_embark_sail_two_sectors_and_disembark() -> None:
    # Reference 4: "or embark, sail two Sectors and then disembark": his Action Phase is
    # then in the Port
    state = started(godalming="le_havre", seward="madrid", van_helsing="rome",
                    dracula="vienna")
    give(state, "godalming", "excellent_weather")
    dracula_turn(state, STAY_PUT)
    play(state, "godalming", "excellent_weather")
    for place in ("english_channel", "atlantic_ocean", "bay_of_biscay", "bordeaux"):
        act(state, "godalming", MoveTo(place))
    assert state.hunters["godalming"].location == "bordeaux"
    assert kind(state) == "item_choice" and state.current_seats() == ("godalming",)


def test_excellent_weather_in_a_group_the_group_sails_together() -> None:
    # Reference 5 - EXCELLENT WEATHER: "The whole group benefits from this card as long as
    # they sail together": Godalming's card takes Seward, of his group, the four Sea Moves.
    state = started(godalming="le_havre", seward="le_havre", van_helsing="rome",
                    dracula="vienna")
    give(state, "godalming", "excellent_weather")
    dracula_turn(state, STAY_PUT)
    act(state, "godalming", FormGroup(("godalming", "seward")))
    play(state, "godalming", "excellent_weather")
    for place in ("english_channel", "atlantic_ocean", "bay_of_biscay", "bordeaux"):
        act(state, "godalming", MoveTo(place))
        assert state.hunters["seward"].location == place
    assert kind(state) == "item_choice"


def test_chartered_carriage_catches_an_express() -> None:
    state = godalming_turn(("chartered_carriage",))
    play(state, "godalming", "chartered_carriage")
    assert kind(state) == "train_ride"
    assert state.stack[-1].train == "express"  # type: ignore[attr-defined]


def test_chartered_carriage_and_false_tip_off_cancel_and_the_hunter_rolls() -> None:
    state = godalming_turn(("chartered_carriage",))
    give(state, "dracula", "false_tip_off")
    rig(state, [1])  # no train
    play(state, "godalming", "chartered_carriage")
    act(state, "dracula", NO_EVENT)  # no Devilish Power
    play(state, "dracula", "false_tip_off")
    act(state, "dracula", NO_EVENT)
    assert any(e.get("kind") == "cards_cancel" for e in state.log("public"))
    assert any(e.get("kind") == "no_train" for e in state.log("public"))


def test_false_tip_off_makes_the_hunter_miss_his_train() -> None:
    state = godalming_turn()
    give(state, "dracula", "false_tip_off")
    act(state, "godalming", CATCH_TRAIN)
    play(state, "dracula", "false_tip_off")
    act(state, "dracula", NO_EVENT)
    assert state.hunters["godalming"].location == "paris"
    assert kind(state) != "train_ride"


def group_in_paris(*cards: str) -> FuryState:
    """Godalming (holding ``cards``) and Seward form a group in Paris in Godalming's
    Movement Phase."""
    state = started(godalming="paris", seward="paris", van_helsing="rome", dracula="athens")
    give(state, "godalming", *cards)
    dracula_turn(state, STAY_PUT)
    act(state, "godalming", FormGroup(("godalming", "seward")))
    return state


def test_chartered_carriage_in_a_group_the_whole_group_rides() -> None:
    # Reference 5 - CHARTERED CARRIAGE: "If a Hunter in a group plays this, the whole group
    # gets the benefit."
    state = group_in_paris("chartered_carriage")
    play(state, "godalming", "chartered_carriage")
    assert kind(state) == "train_ride"
    assert state.stack[-1].train == "express"  # type: ignore[attr-defined]
    act(state, "godalming", RideTo("cologne"))
    assert {state.hunters[h].location for h in ("godalming", "seward")} == {"cologne"}


def test_false_tip_off_in_a_group_the_whole_group_misses_the_train() -> None:
    # Reference 5 - FALSE TIP-OFF: "The whole group is affected by the playing of this card."
    state = group_in_paris()
    give(state, "dracula", "false_tip_off")
    act(state, "godalming", CATCH_TRAIN)
    play(state, "dracula", "false_tip_off")
    act(state, "dracula", NO_EVENT)
    assert {state.hunters[h].location for h in ("godalming", "seward")} == {"paris"}
    assert kind(state) != "train_ride" and state.hunters["seward"].moved


def test_heroic_leap_replaces_combat_with_two_dice() -> None:
    state = started(godalming="paris", seward="madrid", van_helsing="rome",
                    dracula="brussels")
    give(state, "godalming", "heroic_leap")
    dracula_turn(state, STAY_PUT)
    act(state, "godalming", MoveTo("brussels"))
    rig(state, [4, 3])
    act(state, "godalming", PlayEvent("heroic_leap"))
    assert state.dracula.blood == 8 and state.hunters["godalming"].wounds == 3
    assert find(state, Combat) is None
    assert state.hunters["godalming"].valour == 5 + 15
    assert state.hunters["godalming"].fought_dracula_at == "brussels"


def test_good_luck_rolls_the_heroic_leap_hunter_s_die_again() -> None:
    # Godalming rolls 1, Dracula 3; Seward's Good Luck: Godalming's die shows 5 (Dracula's
    # die stands): Dracula loses 5 Blood Points, Godalming takes 3 Wounds.
    state = started(godalming="paris", seward="madrid", van_helsing="rome",
                    dracula="brussels")
    give(state, "godalming", "heroic_leap")
    give(state, "seward", "good_luck")
    dracula_turn(state, STAY_PUT)
    act(state, "godalming", MoveTo("brussels"))
    rig(state, [1, 3, 5])
    act(state, "godalming", PlayEvent("heroic_leap"))
    while kind(state) == "event_window" and window(state) != "after_die_roll":
        act(state, state.current_seats()[0], NO_EVENT)
    assert window(state) == "after_die_roll" and state.current_seats() == ("seward",)
    assert state.dracula.blood == 12 and state.hunters["godalming"].wounds == 0
    play(state, "seward", "good_luck")
    pass_windows(state)
    assert state.dracula.blood == 7 and state.hunters["godalming"].wounds == 3
    assert find(state, Combat) is None
    assert state.hunters["godalming"].fought_dracula_at == "brussels"
    assert "good_luck" in state.event_deck.discards


def test_heroic_leap_never_once_a_combat_has_begun_nor_when_dracula_attacks() -> None:
    # Reference 4 - HEROIC LEAP: "not if the Hunter is being attacked by Dracula", and "A
    # Hunter may not start combat in the ususal fashion and then later decide to play this
    # card during that combat." Godalming holds it with Dawn Raid (so that he is asked in
    # the fight's windows): it is offered in none of them.
    state = started(godalming="paris", seward="madrid", van_helsing="rome",
                    dracula="brussels")
    give(state, "godalming", "heroic_leap", "dawn_raid")
    dracula_turn(state, STAY_PUT)
    act(state, "godalming", MoveTo("brussels"))
    assert PlayEvent("heroic_leap") in state.legal_actions("godalming")
    act(state, "godalming", ATTACK_DRACULA)
    asked = 0
    while find(state, Combat) is not None and asked < 12:
        seat = state.current_seats()[0]
        legal = state.legal_actions(seat)
        if seat == "godalming":
            asked += 1
            assert PlayEvent("heroic_leap") not in legal
        act(state, seat, legal[0])
    assert asked >= 2  # asked at the start of the fight and in its rounds
    attacked = started(godalming="naples", seward="madrid", van_helsing="london",
                       dracula="rome")
    give(attacked, "godalming", "heroic_leap", "dawn_raid")
    act(attacked, "dracula", MoveTo("naples"))
    asked = 0
    while find(attacked, Combat) is not None and asked < 12:
        seat = attacked.current_seats()[0]
        legal = attacked.legal_actions(seat)
        if seat == "godalming":
            asked += 1
            assert PlayEvent("heroic_leap") not in legal
        act(attacked, seat, legal[0])
    assert asked >= 2


def test_heroic_leap_destroys_dracula_at_zero_blood_points() -> None:
    state = started(godalming="paris", seward="madrid", van_helsing="rome",
                    dracula="brussels")
    give(state, "godalming", "heroic_leap")
    state.dracula.blood = 0
    dracula_turn(state, STAY_PUT)
    act(state, "godalming", MoveTo("brussels"))
    act(state, "godalming", PlayEvent("heroic_leap"))
    assert state.is_over and state.outcome is not None
    assert state.outcome.winners == ("godalming", "seward", "van_helsing")
    # Valour Points: 5 for attacking Count Dracula, 15 for performing a Heroic Leap, 10 for
    # destroying Dracula - once.
    assert state.hunters["godalming"].valour == 5 + 15 + 10
    assert state.outcome.scores["godalming"] == 30


def test_heroic_leap_cancelled_by_devilish_power_still_commits_to_combat() -> None:
    state = started(godalming="paris", seward="madrid", van_helsing="rome",
                    dracula="brussels")
    give(state, "godalming", "heroic_leap")
    give(state, "dracula", "devilish_power")
    dracula_turn(state, STAY_PUT)
    pass_windows(state)
    act(state, "godalming", MoveTo("brussels"))
    act(state, "godalming", PlayEvent("heroic_leap"))
    act(state, "dracula", PlayEvent("devilish_power"))
    act(state, "dracula", NO_EVENT)
    assert find(state, Combat) is not None
    assert ATTACK_DRACULA not in state.legal_actions("godalming")


def test_heroic_leap_cancelled_in_a_group_every_member_scores_for_attacking_dracula() -> None:
    """Cancelled, "normal combat must take place" with the whole group ("All the Hunters in
    a group must fight"), so each member attacks Dracula and scores 5 (Valour Points); the
    leaper scored his 5 and the leap's 15 when he played it."""
    state = started(godalming="paris", seward="paris", van_helsing="rome",
                    dracula="brussels")
    give(state, "godalming", "heroic_leap")
    give(state, "dracula", "devilish_power")
    dracula_turn(state, STAY_PUT)
    pass_windows(state)
    act(state, "godalming", FormGroup(("godalming", "seward")))
    act(state, "godalming", MoveTo("brussels"))
    act(state, "godalming", PlayEvent("heroic_leap"))
    act(state, "dracula", PlayEvent("devilish_power"))
    act(state, "dracula", NO_EVENT)
    combat = find(state, Combat)
    assert combat is not None and set(combat.hunters) == {"godalming", "seward"}
    assert state.hunters["godalming"].valour == 20
    assert state.hunters["seward"].valour == 5


def test_ruling_heroic_leap_in_a_group_any_member_may_leap() -> None:
    """Ruling 86: the group's Action Phase is each member's ("A Group of Hunters only has
    one Action Phase"), so every member finds Dracula and is "doing the attacking"; Dr
    Seward leaps in Lord Godalming's phase, from his own hand. He takes the Wounds and
    the Valour Points; Godalming, who did not attack, scores nothing."""
    state = started(godalming="paris", seward="paris", van_helsing="rome",
                    dracula="brussels")
    give(state, "seward", "heroic_leap")
    dracula_turn(state, STAY_PUT)
    act(state, "godalming", FormGroup(("godalming", "seward")))
    act(state, "godalming", MoveTo("brussels"))
    assert kind(state) == "fight_choice" and state.current_seats() == ("godalming",)
    assert PlayEvent("heroic_leap", "seward") in state.legal_actions("godalming")
    rig(state, [4, 3])
    act(state, "godalming", PlayEvent("heroic_leap", "seward"))
    assert "heroic_leap" not in state.hunters["seward"].events
    assert state.dracula.blood == 8 and state.hunters["seward"].wounds == 3
    assert state.hunters["godalming"].wounds == 0 and find(state, Combat) is None
    assert state.hunters["seward"].valour == 5 + 15 and state.hunters["godalming"].valour == 0
    assert {state.hunters[h].fought_dracula_at for h in ("godalming", "seward")} == {"brussels"}


def test_heroic_leap_is_not_offered_from_the_hand_of_a_hunter_outside_the_group() -> None:
    """Seward stays in Paris: Godalming attacks alone, and Seward's card is not his."""
    state = started(godalming="paris", seward="paris", van_helsing="rome",
                    dracula="brussels")
    give(state, "seward", "heroic_leap")
    dracula_turn(state, STAY_PUT)
    act(state, "godalming", MoveTo("brussels"))
    assert kind(state) == "fight_choice"
    assert not any(isinstance(a, PlayEvent) for a in state.legal_actions("godalming"))


def test_good_luck_rolls_a_hunter_s_die_again() -> None:
    # Seward plays it for Godalming, whose railway roll was a 1 (no train): a 6 instead.
    state = godalming_turn()
    give(state, "seward", "good_luck")
    rig(state, [1, 6])
    act(state, "godalming", CATCH_TRAIN)
    assert state.current_seats() == ("seward",)  # any Hunter holding a card is asked
    play(state, "seward", "good_luck")
    act(state, "seward", NO_EVENT)
    assert kind(state) == "train_ride"
    assert state.stack[-1].train == "express"  # type: ignore[attr-defined]


def test_rage_in_jonathan_harkers_fight_snatches_one_of_his_chits() -> None:
    # Ruling 70: Harker's three chits are his Weapon Chits for Rage; the snatched one is
    # his no more in this fight, and like the other two it goes back to the Pool when the
    # fight is over (Reference 4 - Jonathan Harker: "no matter what the outcome").
    state = draws("jonathan_harker")
    give(state, "dracula", "rage")
    # Night; the Rage roll (the snatch is seeded); then Dracula wins the initiative, 6 to 1
    rig(state, [5, 2, 6, 1])
    act(state, "godalming", ChoosePlace("london"))
    record = find(state, Combat)
    assert isinstance(record, Combat)
    drawn = list(record.harker_weapons)
    while window(state) != "start_of_combat_round":
        act(state, "dracula", NO_EVENT)
    play(state, "dracula", "rage")
    snatch = next(e for e in state.log("public") if e.get("kind") == "rage_snatch")
    record = find(state, Combat)
    assert isinstance(record, Combat)
    snatched = str(snatch["weapon"])
    drawn.remove(snatched)
    assert list(record.harker_weapons) == drawn
    assert snatched not in state.public_weapon_discards
    assert snatched not in state.weapons_pool.aside
    in_the_pool = state.weapons_pool.bag.count(snatched)
    assert any(e.get("kind") == "rage_roll" for e in state.log("public"))
    assert invariant_problems(state) == []
    pass_windows(state)
    act(state, "godalming", ChooseChit("harker", "fist"))
    act(state, "dracula", ChooseChit("dracula", "fang"))
    pass_windows(state)
    assert find(state, Combat) is None and "harker_vampire" in state.dracula.encounter_set
    assert state.weapons_pool.bag.count(snatched) == in_the_pool + 1
    assert snatched not in state.weapons_pool.aside
    assert invariant_problems(state) == []


def test_good_luck_rolls_a_hunter_s_encounter_die_again() -> None:
    # Godalming rolls 6 against the Wolves in Brussels (3 wounds); Seward's Good Luck has
    # the die rolled again: a 1, no wound (and the Valour for surviving unwounded).
    state = godalming_turn()
    give(state, "seward", "good_luck")
    state.chart["brussels"] = take_chit(state, "wolves")
    state.invalidate()
    rig(state, [6, 1])
    act(state, "godalming", MoveTo("brussels"))
    # The Wolves are revealed (no one holding a card for that window): Good Luck's window
    # opens before the wounds are taken.
    assert window(state) == "after_die_roll" and state.current_seats() == ("seward",)
    assert state.hunters["godalming"].wounds == 0
    valour = state.hunters["godalming"].valour
    play(state, "seward", "good_luck")
    act(state, "seward", NO_EVENT)
    assert state.hunters["godalming"].wounds == 0
    assert state.hunters["godalming"].valour == valour + 1
    assert "good_luck" in state.event_deck.discards


def test_good_luck_rolls_the_knife_die_against_a_vampire_again() -> None:
    # Godalming's Crucifix keeps the Vampire in Brussels off; his Knife rolls 3 (it
    # survives); Seward's Good Luck: 6, the Vampire is destroyed.
    state = godalming_turn()
    give(state, "seward", "good_luck")
    arm(state, "godalming", "crucifix", "knife")
    state.chart["brussels"] = take_chit(state, "vampire")
    state.invalidate()
    rig(state, [3, 6])
    act(state, "godalming", MoveTo("brussels"))
    pass_windows(state)
    act(state, "godalming", ENCOUNTER_VAMPIRE)
    while kind(state) == "event_window" and window(state) != "after_die_roll":
        act(state, state.current_seats()[0], NO_EVENT)
    assert window(state) == "after_die_roll"
    assert state.current_seats() == ("seward",) and state.chart["brussels"] == "vampire"
    play(state, "seward", "good_luck")
    pass_windows(state)
    assert "brussels" not in state.chart and state.vampires_destroyed == 1
    assert not state.hunters["godalming"].bitten
    assert "good_luck" in state.event_deck.discards


def test_good_luck_rolls_the_castle_dracula_protection_die_again() -> None:
    # In Castle Dracula Godalming's Crucifix rolls 5 (bitten); Seward's Good Luck: 2,
    # protected.
    state = started(godalming="klausenberg", seward="madrid", van_helsing="rome",
                    dracula="london")
    give(state, "seward", "good_luck")
    arm(state, "godalming", "crucifix")
    state.chart["castle_dracula"] = take_chit(state, "vampire")
    state.invalidate()
    dracula_turn(state, STAY_PUT)
    rig(state, [5, 2])
    act(state, "godalming", MoveTo("castle_dracula"))
    while kind(state) == "event_window" and window(state) != "after_die_roll":
        act(state, state.current_seats()[0], NO_EVENT)
    assert window(state) == "after_die_roll" and state.current_seats() == ("seward",)
    assert not state.hunters["godalming"].bitten
    play(state, "seward", "good_luck")
    pass_windows(state)
    assert not state.hunters["godalming"].bitten
    assert state.chart["castle_dracula"] == "vampire"
    assert "good_luck" in state.event_deck.discards


def test_an_encounter_roll_not_rerolled_stands() -> None:
    state = godalming_turn()
    give(state, "seward", "good_luck")
    state.chart["brussels"] = take_chit(state, "wolves")
    state.invalidate()
    rig(state, [6])
    act(state, "godalming", MoveTo("brussels"))
    pass_windows(state)
    assert state.hunters["godalming"].wounds == 3
    assert state.hunters["seward"].events == ["good_luck"]


# -- the hand limit: "the extras must be discarded or played immediately" (Event Cards) ----
def test_over_three_cards_an_extra_one_may_be_played_immediately() -> None:
    state = godalming_turn()
    give(state, "godalming", "great_strength", "dawn_raid", "advance_planning")
    on_top(state, "newspaper_reports")
    act(state, "godalming", MoveTo("brussels"))
    act(state, "godalming", TakeItems((), ("godalming",)))
    assert kind(state) == "event_discard"
    legal = state.legal_actions("godalming")
    assert PlayEvent("newspaper_reports") in legal
    assert PlayEvent("great_strength") not in legal  # no combat: it can only be discarded
    play(state, "godalming", "newspaper_reports")
    assert state.dracula.shown_at == "london"
    assert sorted(state.hunters["godalming"].events) == [
        "advance_planning", "dawn_raid", "great_strength"]
    assert "newspaper_reports" in state.event_deck.discards
    assert kind(state) != "event_discard"


def test_dracula_over_three_cards_may_play_vampiric_influence_at_once() -> None:
    state = godalming_turn()
    give(state, "dracula", "trap", "trap", "rage")
    on_top(state, "vampiric_influence")
    act(state, "godalming", MoveTo("brussels"))
    act(state, "godalming", TakeItems((), ("godalming",)))
    assert kind(state) == "event_discard" and state.current_seats() == ("dracula",)
    legal = state.legal_actions("dracula")
    assert PlayEvent("vampiric_influence") in legal and PlayEvent("trap") not in legal
    play(state, "dracula", "vampiric_influence")
    act(state, "godalming", DeclareMove("paris"))
    assert state.cards["declared"]["godalming"] == "paris"
    assert sorted(state.dracula.events) == ["rage", "trap", "trap"]


def test_jonathan_harker_staking_dracula_ends_the_game_and_his_chits_go_back() -> None:
    # Reference 4 - Jonathan Harker: his Weapon Chits go back to the Pool after the fight,
    # also when the fight ends the game; none is lost.
    state = draws("jonathan_harker")
    rig(state, [5, 1, 6])  # Night; the Hunters win the initiative
    act(state, "godalming", ChoosePlace("london"))
    record = find(state, Combat)
    assert record is not None
    pool = state.weapons_pool
    pool.bag.extend(record.harker_weapons)
    armed = tuple(pool.take(w) for w in ("stake", "rifle", "heavenly_host"))
    state.stack[state.stack.index(record)] = attrs.evolve(record, harker_weapons=armed)
    state.invalidate()
    act(state, "godalming", ChooseChit("harker", "stake"))
    act(state, "dracula", ChooseChit("dracula", "fang"))  # Hunters won: *Mort*
    assert state.outcome is not None and state.outcome.level == "supreme"
    assert invariant_problems(state) == []
    # "When the combat finishes, no matter what the outcome, the Weapon Chits are returned
    # to the Pool": the Stake he used up too.
    assert {"stake", "rifle", "heavenly_host"} <= set(pool.bag)
    assert "stake" not in pool.aside and "stake" not in state.public_weapon_discards


def test_ruling_stormy_seas_counts_a_group_move_as_the_holders_movement_phase() -> None:
    # Ruling 74: Dr Seward's storm lasts until the start of his Movement Phase after next;
    # moving with Lord Godalming's group in Godalming's phase is his Movement Phase too.
    state = started(godalming="paris", seward="paris", van_helsing="london",
                    dracula="athens")
    state.cards["stormy"] = {"north_sea": ["seward", 2]}
    dracula_turn(state, STAY_PUT)
    act(state, "godalming", FormGroup(("godalming", "seward")))
    act(state, "godalming", MoveTo("brussels"))
    assert state.cards["stormy"]["north_sea"] == ["seward", 1]


def test_ruling_stormy_seas_of_a_hunter_out_of_the_game_still_abates() -> None:
    state = started(godalming="paris", seward="madrid", van_helsing="london",
                    dracula="athens")
    state.cards["stormy"] = {"north_sea": ["seward", 2]}
    state.hunters["seward"].status = "dead"
    stormy_seas_orphans(state)
    assert state.cards["stormy"]["north_sea"] == ["seward", 1]
    stormy_seas_orphans(state)
    assert "stormy" not in state.cards


def test_a_fleeing_dracula_escaping_jonathan_harker_as_a_bat_flies_outside_his_castle(
        ) -> None:
    """Escape (Bat) after Jonathan Harker's fight: a fleeing Dracula flies on from a Town
    (only in Castle Dracula does he hide instead of flying)."""
    state = draws("jonathan_harker")
    state.dracula.fleeing = True
    rig(state, [5, 6, 1])  # Night; Dracula wins initiative
    act(state, "godalming", ChoosePlace("london"))
    act(state, "godalming", ChooseChit("harker", "fist"))
    act(state, "dracula", ChooseChit("dracula", "escape_bat"))
    assert find(state, Combat) is None
    assert isinstance(state.stack[-1], BatFlight) and state.stack[-1].town == "london"


def test_ruling_a_fleeing_dracula_s_bat_is_not_bound_to_fly_closer_to_his_castle() -> None:
    """Ruling 17: the bat's flight is an escape out of a fight, not one of the moves of his
    Movement Phase that Fleeing binds ("Each move that Dracula makes when fleeing must move
    him a Town closer"): from Paris (six Towns from the Castle) he may fly to Strasbourg
    (five) or to Le Havre (seven); his next Movement Phase takes him closer again."""
    state = draws("jonathan_harker")
    state.dracula.fleeing = True
    state.dracula.location = "paris"
    state.invalidate()
    rig(state, [5, 6, 1])  # Night; Dracula wins initiative
    act(state, "godalming", ChoosePlace("paris"))
    act(state, "godalming", ChooseChit("harker", "fist"))
    act(state, "dracula", ChooseChit("dracula", "escape_bat"))
    assert {MoveTo("strasbourg"), MoveTo("le_havre")} <= set(state.legal_actions("dracula"))
    act(state, "dracula", MoveTo("le_havre"))
    hunters_stay(state)
    pass_windows(state)
    distance = state.board.flee_distances(frozenset())
    assert all(distance[a.to] == distance["le_havre"] - 1
               for a in state.legal_actions("dracula") if isinstance(a, MoveTo))
