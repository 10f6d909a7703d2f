"""Combat in the game: who fights, secret chits, the sequence, and After Combat."""

from __future__ import annotations

import pytest

from fury1987.actions import (
    ATTACK_DRACULA,
    DO_NOTHING,
    KEEP_GARLIC,
    LET_DRACULA_BE,
    REVEAL_GARLIC,
    STAY_PUT,
    ChooseChit,
    DeclareTarget,
    FormGroup,
    MoveTo,
)
from fury1987.state import FuryState
from gothic_kernel import PUBLIC, IllegalAction

from .helpers import act, dracula_turn, kind, rig, started, unrig


def dracula_attacks_seward(rolls: list[int]) -> FuryState:
    state = started(dracula="rome", seward="naples", godalming="paris", van_helsing="london")
    rig(state, rolls)
    act(state, "dracula", MoveTo("naples"))
    assert kind(state) == "combat" and state.current_seats() == ("seward",)
    act(state, "seward", KEEP_GARLIC)  # every Hunter is asked, Garlic or not
    return state


def chits(state: FuryState, fighter: str, seat: str) -> set[str]:
    return {a.chit for a in state.legal_actions(seat)
            if isinstance(a, ChooseChit) and a.fighter == fighter}


def test_dracula_attacks_and_rolls_for_the_time_of_day() -> None:
    state = dracula_attacks_seward([5])
    assert state.stack[-1].daytime is False  # type: ignore[attr-defined]
    assert set(state.current_seats()) == {"dracula", "seward"}
    assert "dodge" not in chits(state, "dracula", "dracula")  # not in the first round
    assert "dodge" not in chits(state, "seward", "seward")


def test_by_day_dracula_may_only_use_claw_dodge_and_escape_human() -> None:
    state = dracula_attacks_seward([2])
    assert chits(state, "dracula", "dracula") == {"claw", "escape_human"}


def test_chits_are_chosen_in_secret_and_revealed_together() -> None:
    state = dracula_attacks_seward([5, 6, 3])
    act(state, "dracula", ChooseChit("dracula", "claw"))
    assert state.observation("seward")["waiting_for"]["chosen"] == {"dracula": "chosen"}
    assert state.observation("dracula")["waiting_for"]["chosen"] == {"dracula": "claw"}
    assert "claw" not in str(state.log("seward")[-2:])
    act(state, "seward", ChooseChit("seward", "fist"))
    # Dracula won initiative (6 to 3): fist against claw on his table is 3 wounds.
    assert state.hunters["seward"].wounds == 3
    revealed = [e for e in state.log(PUBLIC) if e["kind"] == "chits_revealed"][-1]
    assert revealed["chits"] == {"dracula": "claw", "seward": "fist"}


def test_no_chit_twice_running() -> None:
    state = dracula_attacks_seward([5, 6, 3])
    act(state, "dracula", ChooseChit("dracula", "claw"))
    act(state, "seward", ChooseChit("seward", "fist"))
    assert "claw" not in chits(state, "dracula", "dracula")
    assert "fist" not in chits(state, "seward", "seward")
    assert "dodge" in chits(state, "seward", "seward")  # from the second round on
    with pytest.raises(IllegalAction, match="twice running"):
        state.apply("seward", ChooseChit("seward", "fist"))


def test_a_hunter_escapes_and_dracula_may_not_attack_him_again_there() -> None:
    state = dracula_attacks_seward([5, 6, 1])
    act(state, "dracula", ChooseChit("dracula", "fang"))
    act(state, "seward", ChooseChit("seward", "escape"))
    assert state.current_seats() == ("godalming",)  # H.Esc: combat over, turn over
    assert state.hunters["seward"].fought_dracula_at == "naples"
    assert state.observation(PUBLIC)["dracula"]["shown_at"] is None
    unrig(state)
    act(state, "godalming", STAY_PUT)
    act(state, "seward", STAY_PUT)
    act(state, "seward", LET_DRACULA_BE)  # he finds Dracula still there, and lets him be
    act(state, "van_helsing", STAY_PUT)
    act(state, "dracula", STAY_PUT)
    assert kind(state) == "dracula_action"  # no attack, and no Encounter beside him
    assert state.legal_actions("dracula") == [DO_NOTHING]  # (ruling 6)


def test_a_hunter_may_attack_dracula_and_earns_five_valour_points() -> None:
    state = started(dracula="brussels", godalming="paris", seward="madrid",
                    van_helsing="london")
    dracula_turn(state, STAY_PUT)
    act(state, "godalming", MoveTo("brussels"))
    act(state, "godalming", ATTACK_DRACULA)
    assert kind(state) == "combat" and state.hunters["godalming"].valour == 5
    assert state.stack[-1].attacker == "godalming"  # type: ignore[attr-defined]


def test_garlic_bars_dracula_escapes_for_three_rounds() -> None:
    state = started(dracula="rome", seward="naples", godalming="paris", van_helsing="london")
    state.weapons_pool.bag.extend(state.hunters["seward"].weapons)
    state.hunters["seward"].weapons = [state.weapons_pool.take("garlic")]
    state.invalidate()
    rig(state, [5, 6, 3])
    act(state, "dracula", MoveTo("naples"))
    assert state.legal_actions("seward") == [REVEAL_GARLIC, KEEP_GARLIC]
    act(state, "seward", REVEAL_GARLIC)
    assert not {"escape_bat", "escape_mist", "escape_human"} & chits(state, "dracula", "dracula")


def test_group_combat_dracula_declares_a_target() -> None:
    state = started(dracula="rome", godalming="naples", seward="naples",
                    van_helsing="london")
    rig(state, [5, 6, 1])
    act(state, "dracula", MoveTo("naples"))
    act(state, "godalming", KEEP_GARLIC)
    act(state, "seward", KEEP_GARLIC)
    assert set(state.current_seats()) == {"dracula", "godalming", "seward"}
    act(state, "godalming", ChooseChit("godalming", "fist"))
    act(state, "seward", ChooseChit("seward", "fist"))
    act(state, "dracula", ChooseChit("dracula", "claw"))
    assert state.current_seats() == ("dracula",)  # after the chits, before initiative
    assert set(state.legal_actions("dracula")) == {DeclareTarget("dracula", "godalming"),
                                                    DeclareTarget("dracula", "seward")}
    act(state, "dracula", DeclareTarget("dracula", "seward"))
    assert state.hunters["seward"].wounds == 3 and state.hunters["godalming"].wounds == 0


def _bitten_bonus_fight() -> FuryState:
    """Godalming (bitten) and Seward in Naples fight Dracula at night (5); he declares
    Seward his target; initiative 3+1 against 4 (a tie), then 6+1 against 1."""
    state = started(dracula="rome", godalming="naples", seward="naples",
                    van_helsing="london")
    state.hunters["godalming"].bitten = True
    rig(state, [5, 3, 4, 6, 1])
    act(state, "dracula", MoveTo("naples"))
    act(state, "godalming", KEEP_GARLIC)
    act(state, "seward", KEEP_GARLIC)
    act(state, "godalming", ChooseChit("godalming", "fist"))
    act(state, "seward", ChooseChit("seward", "fist"))
    act(state, "dracula", ChooseChit("dracula", "claw"))
    act(state, "dracula", DeclareTarget("dracula", "seward"))
    return state


def test_dracula_s_bitten_bonus_counts_when_any_hunter_he_fights_is_bitten() -> None:
    # Ruling 38 (Wounds - Bites: "a bonus to his initiative die roll in combat when facing
    # a Hunter who has been bitten"): Godalming is bitten, Dracula declares Seward his
    # target; his +1 still counts. Night (5); Dracula 3+1 ties the Hunters' 4 (Seward's
    # 0, the best modifier), rerolled: 6+1 against 1. Without the bonus the Hunters win.
    state = _bitten_bonus_fight()
    initiative = [e for e in state.log(PUBLIC) if e["kind"] == "initiative"][-1]
    assert initiative["rolls"] == [[3, 4], [6, 1]] and initiative["winner"] == "dracula"
    assert "Dracula 3+1 against the Hunters 4+0" in initiative["text"]
    assert state.hunters["seward"].wounds == 3 and state.hunters["godalming"].wounds == 0


def test_a_tied_initiative_roll_is_said_to_be_a_tie_rolled_again() -> None:
    """"Ties are rerolled" (Combat - The Combat Round): the log says the first roll was a
    tie, not two rolls side by side for the reader to add up (the trial's seed 5)."""
    initiative = [e for e in _bitten_bonus_fight().log(PUBLIC) if e["kind"] == "initiative"]
    assert initiative[-1]["text"] == ("Initiative: Dracula 3+1 against the Hunters 4+0, a tie, "
                                      "rolled again; Dracula 6+1 against the Hunters 1+0: "
                                      "Dracula wins")


def test_all_the_hunters_in_a_group_must_fight() -> None:
    state = started(dracula="brussels", godalming="paris", seward="paris",
                    van_helsing="london")
    dracula_turn(state, STAY_PUT)
    act(state, "godalming", FormGroup(("godalming", "seward")))
    act(state, "godalming", MoveTo("brussels"))
    act(state, "godalming", ATTACK_DRACULA)
    assert state.stack[-1].hunters == ("godalming", "seward")  # type: ignore[attr-defined]


def seward_attacks_a_clawing_dracula(weapon: str, dracula_die: int, seward_die: int
                                     ) -> FuryState:
    """Seward, holding only ``weapon``, walks into Dracula's Brussels and attacks him by
    night; Dracula claws, Seward plays ``weapon``; the initiative dice as given."""
    state = started(dracula="brussels", godalming="madrid", seward="paris",
                    van_helsing="london")
    state.weapons_pool.bag.extend(state.hunters["seward"].weapons)
    state.hunters["seward"].weapons = [state.weapons_pool.take(weapon)]
    state.invalidate()
    dracula_turn(state, STAY_PUT)
    act(state, "godalming", STAY_PUT)
    act(state, "seward", MoveTo("brussels"))
    rig(state, [5, dracula_die, seward_die])
    act(state, "seward", ATTACK_DRACULA)
    act(state, "seward", KEEP_GARLIC)
    act(state, "dracula", ChooseChit("dracula", "claw"))
    act(state, "seward", ChooseChit("seward", weapon))
    return state


def test_blood_points_lost_in_combat_are_public_and_earn_valour() -> None:
    state = seward_attacks_a_clawing_dracula("holy_water", 2, 4)
    # Hunters won initiative: holy water against claw is 3 Blood Points, used up.
    assert state.dracula.blood == 9 and state.hunters["seward"].valour == 5 + 15
    assert "holy_water" in state.public_weapon_discards
    assert any(c["k"] == "blood" and c["loss"] == 3 for c in state.clues)
    assert state.stack[-1].dodge_or_escape_only  # type: ignore[attr-defined]
    assert chits(state, "dracula", "dracula") <= {"dodge", "escape_bat", "escape_human",
                                                   "escape_mist"}


def test_after_combat_example_dracula_escapes_in_mist_and_seward_attacks_him() -> None:
    """After Combat: "Dracula moves to Vienna and attacks Dr Seward. Things go badly, and
    the Count is forced to escape in mist form. His turn ends. Seward doesn't move from
    Vienna and, during his Action Phase, decides to attack Dracula." """
    state = started(dracula="munich", seward="vienna", godalming="paris",
                    van_helsing="london")
    rig(state, [5, 6, 3])  # night; Dracula wins initiative 6 to 3
    act(state, "dracula", MoveTo("vienna"))
    act(state, "seward", KEEP_GARLIC)
    act(state, "dracula", ChooseChit("dracula", "escape_mist"))
    act(state, "seward", ChooseChit("seward", "fist"))  # D.Esc: he escapes as mist
    assert state.current_seats() == ("godalming",)  # "His turn ends."
    assert state.dracula.location == "vienna"  # mist leaves him in the Town
    unrig(state)
    act(state, "godalming", STAY_PUT)
    act(state, "seward", STAY_PUT)  # "Seward doesn't move from Vienna"
    assert state.legal_actions("seward") == [ATTACK_DRACULA, LET_DRACULA_BE]
    act(state, "seward", ATTACK_DRACULA)  # "decides to attack Dracula"
    assert kind(state) == "combat" and state.stack[-1].attacker == "seward"  # type: ignore


def test_the_garlic_revealed_is_the_one_discarded_after_combat() -> None:
    # Reference 3 - Garlic: "Once the combat is over, the Garlic Chit is discarded" - the
    # revealed chit goes; Dracula has not seen his second Garlic.
    state = started(dracula="rome", seward="naples", godalming="paris", van_helsing="london")
    state.weapons_pool.bag.extend(state.hunters["seward"].weapons)
    state.hunters["seward"].weapons = [state.weapons_pool.take("garlic"),
                                       state.weapons_pool.take("garlic")]
    state.invalidate()
    rig(state, [5, 1, 6])
    act(state, "dracula", MoveTo("naples"))
    act(state, "seward", REVEAL_GARLIC)
    assert state.hunters["seward"].shown == ["garlic"]
    act(state, "dracula", ChooseChit("dracula", "claw"))
    act(state, "seward", ChooseChit("seward", "escape"))
    assert kind(state) != "combat"  # the Hunters won initiative: H.Esc
    seward = state.hunters["seward"]
    assert seward.weapons == ["garlic"] and seward.shown == []
    assert "garlic" in state.public_weapon_discards


def test_ruling_88_a_stake_landing_on_a_clawing_dracula_destroys_him() -> None:
    """Reference 3 - Stake: "the surest way to destroy Dracula"; "should this weapon
    actually hit a foe ... if the enemy is the Count himself ... you will have won the
    game". The Hunter who wins the initiative with a Stake against Dracula's Claw lands it
    (as the Knife, Holy Water and Sacred Bullets do there): a Mortal Wound (ruling 88)."""
    state = seward_attacks_a_clawing_dracula("stake", 2, 4)
    assert state.is_over and state.outcome is not None
    assert state.outcome.winners == ("godalming", "seward", "van_helsing")
    assert state.outcome.level == "supreme"


def test_ruling_88_dracula_winning_the_initiative_with_claw_wounds_the_staker() -> None:
    """The other table is unchanged: Dracula's Claw wins the initiative over a Stake, 3
    Wounds, the Stake kept."""
    state = seward_attacks_a_clawing_dracula("stake", 4, 2)
    assert not state.is_over
    assert state.hunters["seward"].wounds == 3 and "stake" in state.hunters["seward"].weapons
