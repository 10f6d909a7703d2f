"""Close Attacks, Ranged Attacks, Crossbow Attack, Feeding, Mesmerizing, The Crucifix,
Saving Minions."""

from __future__ import annotations

import pytest
from dr_helpers import last_attack, no_dice, targets

import gothic_kernel as gk
from draculas_revenge.actions import (
    CloseAttack,
    EndMove,
    Enter,
    FaceAttacker,
    Feed,
    Mesmerize,
    Move,
    Pass,
    PlayCard,
    RangedAttack,
    TurnSolid,
)
from draculas_revenge.characters import character_types
from draculas_revenge.combat import outflanks
from draculas_revenge.scenario import sandbox
from draculas_revenge.sight import in_front
from gothic_kernel import IllegalAction, ScriptedDice


def test_close_attacks_example_only_the_three_squares_in_front() -> None:
    st = no_dice(figures=[{"id": "nosferatu_a", "square": (2, 2), "facing": "n"},
                          {"id": "staker_1", "square": (1, 1)},
                          {"id": "staker_2", "square": (2, 1)},
                          {"id": "staker_3", "square": (3, 1)},
                          {"id": "staker_4", "square": (1, 2)},
                          {"id": "staker_5", "square": (2, 3)}],
                 active="nosferatu_a")
    assert targets(st, "vampires", CloseAttack) == {"staker_1", "staker_2", "staker_3"}


def test_resolving_a_close_attack_example_stakers_4_to_8_outflank_nosferatu_a() -> None:
    """"Stakers 4, 5, 6, 7, and 8 outflank Nosferatu A. Staker 4 attacks, and the hunter
    player rolls a 3. He adds the Staker's Close Attack Bonus of +2 and the +1 bonus for
    outflanking his target. His total is 6. The vampire player rolls a 5. She adds
    Nosferatu A's +2 Defense Bonus for a total of 7. The vampiress [sic] survives and can
    turn to face Staker 4 for free." The five Stakers stand round her, outside her arc of
    effect (level with her and behind), each with her in its three front squares."""
    stakers = {"staker_4": ((2, 3), "e"), "staker_5": ((2, 4), "n"), "staker_6": ((3, 4), "n"),
               "staker_7": ((4, 4), "n"), "staker_8": ((4, 3), "w")}
    st = no_dice(figures=[{"id": "nosferatu_a", "square": (3, 3), "facing": "n"},
                          *({"id": s, "square": sq, "facing": f}
                            for s, (sq, f) in stakers.items())],
                 active="staker_4", dice=ScriptedDice([3, 5]))
    nosferatu = st.figures["nosferatu_a"]
    for staker in stakers:
        attacker = st.figures[staker]
        assert attacker.kind == "staker"
        assert outflanks(st, attacker, nosferatu), staker
        assert in_front(st.rules.board, attacker.pos, attacker.facing, nosferatu.pos), staker
    st.apply("hunters", CloseAttack("staker_4", "nosferatu_a"))
    attack = last_attack(st)
    assert (attack["attack_roll"], attack["attack_total"]) == (3, 6)
    assert (attack["defence_roll"], attack["defence_total"], attack["success"]) == (5, 7, False)
    assert attack["modifiers"] == ["Staker bonus +2", "outflanking +1"]
    assert "nosferatu_a" in st.figures
    # the survivor may turn to face the attacker for free (not an action, no points)
    assert st.current_seats() == ("vampires",)
    assert st.legal_actions("vampires") == [FaceAttacker("nosferatu_a", "w"),
                                            FaceAttacker("nosferatu_a", "")]
    st.apply("vampires", FaceAttacker("nosferatu_a", "w"))
    assert st.figures["nosferatu_a"].facing == 3 and st.ap_left == 5


def test_the_box_holds_eight_stakers_and_five_minions() -> None:
    """Recounted: 36 Character Cards = 12 vampires (12 Mist Counters) + 8 Stakers (the
    Resolving a Close Attack example) + 5 Crossbows + 5 Priests + Van Helsing (Destroy
    Dracula) + 5 Minions (Rescue Van Helsing)."""
    types = character_types()
    assert {k: t.box for k, t in types.items() if not t.is_vampire} == {
        "staker": 8, "crossbow": 5, "priest": 5, "van_helsing": 1, "minion": 5}
    assert types["staker"].card_ids()[-1] == "staker_8"
    st = no_dice(figures=[{"id": f"staker_{i}", "square": (i - 1, 0)} for i in range(1, 9)])
    assert not st.free_card("staker")
    assert len([f for f in st.figures.values() if f.kind == "staker"]) == 8


def test_crossbow_attack_example_kills_the_nosferatu() -> None:
    """Crossbow 1 rolls 4 +1 = 5; Nosferatu A rolls 1 +2 = 3: killed."""
    st = no_dice(figures=[{"id": "crossbow_1", "square": (2, 6), "facing": "n"},
                          {"id": "nosferatu_a", "square": (2, 2), "facing": "s"}],
                 active="crossbow_1", dice=ScriptedDice([4, 1]))
    st.apply("hunters", RangedAttack("crossbow_1", "nosferatu_a"))
    attack = last_attack(st)
    assert (attack["attack_total"], attack["defence_total"]) == (5, 3)
    assert "nosferatu_a" not in st.figures and "nosferatu_a" in st.dead
    assert st.ap_left == 4  # a ranged attack costs 2


def test_ties_go_to_the_defender() -> None:
    st = no_dice(figures=[{"id": "crossbow_1", "square": (2, 6), "facing": "n"},
                          {"id": "nosferatu_a", "square": (2, 2), "facing": "s"}],
                 active="crossbow_1", dice=ScriptedDice([4, 3]))
    st.apply("hunters", RangedAttack("crossbow_1", "nosferatu_a"))
    assert "nosferatu_a" in st.figures



def test_a_crossbow_on_the_first_square_of_the_board_shoots_too() -> None:
    """Ranged Attacks: any character with a Ranged Attack value on the board may shoot;
    the board's first square, (0, 0), is a square like the others."""
    st = no_dice(figures=[{"id": "crossbow_1", "square": (0, 0), "facing": "s"},
                          {"id": "nosferatu_a", "square": (0, 4), "facing": "n"}],
                 active="crossbow_1", dice=ScriptedDice([4, 1]))
    assert targets(st, "hunters", RangedAttack) == {"nosferatu_a"}
    st.apply("hunters", RangedAttack("crossbow_1", "nosferatu_a"))
    assert "nosferatu_a" in st.dead

def test_only_crossbows_shoot_and_stakers_have_no_ranged_attack() -> None:
    st = no_dice(figures=[{"id": "staker_1", "square": (2, 6), "facing": "n"},
                          {"id": "nosferatu_a", "square": (2, 2), "facing": "s"}],
                 active="staker_1")
    assert targets(st, "hunters", RangedAttack) == set()


def test_you_cannot_attack_your_own_characters() -> None:
    st = no_dice(figures=[{"id": "staker_1", "square": (2, 3), "facing": "n"},
                          {"id": "staker_2", "square": (2, 2)}], active="staker_1")
    assert targets(st, "hunters", CloseAttack) == set()


def test_feeding_after_a_kill_promotes_the_vampire_and_ends_its_move() -> None:
    st = no_dice(figures=[{"id": "she_wolf_a", "square": (2, 2), "facing": "s"},
                          {"id": "staker_1", "square": (2, 3), "facing": "s"}],
                 active="she_wolf_a", dice=ScriptedDice([6, 1]))
    st.apply("vampires", CloseAttack("she_wolf_a", "staker_1"))
    assert "staker_1" not in st.figures
    assert Feed(True) in st.legal_actions("vampires")
    st.apply("vampires", Feed(True))
    fed = [f for f in st.figures.values() if f.kind == "nosferatu"]
    assert len(fed) == 1 and "she_wolf_a" not in st.figures
    assert st.move_over and fed[0].id in st.no_card  # its card waits for the next turn
    assert all(not hasattr(a, "character") for a in st.legal_actions("vampires"))


def test_feeding_needs_a_free_figure_of_the_next_type() -> None:
    busy = [{"id": f"nosferatu_{c}", "square": (7, i)} for i, c in enumerate("abcd")]
    st = no_dice(figures=[{"id": "she_wolf_a", "square": (2, 2), "facing": "s"},
                          {"id": "staker_1", "square": (2, 3), "facing": "s"}, *busy],
                 active="she_wolf_a", dice=ScriptedDice([6, 1]))
    st.apply("vampires", CloseAttack("she_wolf_a", "staker_1"))
    assert not st.queue and not any(isinstance(a, Feed) for a in st.legal_actions("vampires"))


def test_vampiresses_and_dracula_cannot_become_stronger() -> None:
    st = no_dice(figures=[{"id": "vampiress_a", "square": (2, 2), "facing": "s"},
                          {"id": "staker_1", "square": (2, 3), "facing": "s"}],
                 active="vampiress_a", dice=ScriptedDice([6, 1]))
    st.apply("vampires", CloseAttack("vampiress_a", "staker_1"))
    assert not st.queue


def test_no_feeding_after_a_ranged_kill_or_when_the_option_forbids() -> None:
    st = no_dice(figures=[{"id": "she_wolf_a", "square": (2, 2), "facing": "s"},
                          {"id": "staker_1", "square": (2, 3), "facing": "s"}],
                 active="she_wolf_a", dice=ScriptedDice([6, 1]), feeding_and_saving=False)
    st.apply("vampires", CloseAttack("she_wolf_a", "staker_1"))
    assert not st.queue


MESMER = [{"id": "nosferatu_a", "square": (2, 1), "facing": "s"},
          {"id": "staker_1", "square": (2, 4), "facing": "n"}]


def test_mesmerizing_needs_each_in_the_others_arc() -> None:
    st = no_dice(figures=MESMER, active="nosferatu_a")
    assert targets(st, "vampires", Mesmerize) == {"staker_1"}
    st.figures["staker_1"].facing = 1
    st.changed()
    assert targets(st, "vampires", Mesmerize) == set()


def test_mesmerizing_turns_the_hunter_into_a_minion_card_next_turn() -> None:
    st = no_dice(figures=MESMER, active="nosferatu_a", dice=ScriptedDice([6, 1]),
                 hands={"vampires": [], "hunters": ["staker_1"]})
    st.apply("vampires", Mesmerize("nosferatu_a", "staker_1"))
    s1 = st.figures["staker_1"]
    assert s1.kind == "minion" and s1.seat == "vampires" and s1.minion_card == "minion_1"
    assert st.ctype(s1).ap == 6 and st.ap_left == 7
    assert "staker_1" in st.hands["hunters"]  # removed only at the start of the next turn


def test_a_crucifix_adds_one_to_defend_against_mesmerizing() -> None:
    st = no_dice(figures=[{"id": "nosferatu_a", "square": (2, 0), "facing": "s"},
                          {"id": "priest_1", "square": (2, 4), "facing": "n"}],
                 active="nosferatu_a", dice=ScriptedDice([4, 2]))
    st.apply("vampires", Mesmerize("nosferatu_a", "priest_1"))
    attack = last_attack(st)
    assert (attack["attack_total"], attack["defence_total"]) == (5, 4)


def test_limited_minions() -> None:
    minions = [{"id": f"minion_{i}", "square": (7, i - 1)} for i in range(1, 6)]
    st = no_dice(figures=[*MESMER, *minions], active="nosferatu_a")
    assert targets(st, "vampires", Mesmerize) == set()


CRUCIFIX = [{"id": "priest_1", "square": (2, 7), "facing": "n"},
            {"id": "she_wolf_a", "square": (2, 3), "facing": "s"}]


def test_crucifix_vampire_cannot_move_within_three_squares() -> None:
    st = no_dice(figures=CRUCIFIX, active="she_wolf_a")
    dirs = {a.direction for a in st.legal_actions("vampires") if isinstance(a, Move)}
    assert {"s", "se", "sw"}.isdisjoint(dirs)   # to 3 squares: nearer, within the zone
    assert {"w", "e", "n"} <= dirs               # equally far or farther


def test_crucifix_facing_away_the_vampire_may_approach() -> None:
    st = no_dice(figures=[CRUCIFIX[0], {**CRUCIFIX[1], "facing": "n"}], active="she_wolf_a")
    dirs = {a.direction for a in st.legal_actions("vampires") if isinstance(a, Move)}
    assert "s" in dirs


def test_crucifix_vampire_in_the_zone_cannot_attack_the_holder() -> None:
    st = no_dice(figures=[{"id": "priest_1", "square": (2, 4), "facing": "n"},
                          {"id": "she_wolf_a", "square": (2, 3), "facing": "s"}],
                 active="she_wolf_a")
    assert targets(st, "vampires", CloseAttack) == set()
    st.figures["priest_1"].facing = 1  # the priest looks away: no longer each in the other's arc
    st.changed()
    assert targets(st, "vampires", CloseAttack) == {"priest_1"}


def test_crucifix_a_vampire_within_three_squares_cannot_mesmerize_the_holder() -> None:
    """"A vampire within the area affected by a crucifix cannot attack the holder":
    mesmerizing is a ranged attack, refused within 3 squares while each is in the
    other's arc, allowed from 4 squares away."""
    for distance, allowed in ((2, False), (3, False), (4, True)):
        st = no_dice(figures=[{"id": "priest_1", "square": (2, 1 + distance), "facing": "n"},
                              {"id": "nosferatu_a", "square": (2, 1), "facing": "s"}],
                     active="nosferatu_a")
        assert (targets(st, "vampires", Mesmerize) == {"priest_1"}) is allowed, distance
        if not allowed:
            with pytest.raises(IllegalAction, match="crucifix") as err:
                st.apply("vampires", Mesmerize("nosferatu_a", "priest_1"))
            assert err.value.rule == "The Crucifix"


def test_crucifix_a_vampire_cannot_enter_the_board_within_three_squares_facing_the_holder() -> None:
    """"the vampire cannot move within 3 squares of the hunter", and entering is a move
    ("Moving on to the board costs 1 Action Point"): a she-wolf entering the catacombs two
    squares from a priest who faces the entrance may not face him; facing away, or on a
    square out of his reach, she may enter (ruling 12)."""
    st = sandbox(None, adventure="cross_the_catacombs", reaction_dice=False,
                 figures=[{"id": "she_wolf_a", "square": None, "entrance": "vampire_entrances"},
                          {"id": "priest_1", "square": (21, 2), "facing": "e"}],
                 active="she_wolf_a")
    entering = {(a.square, a.facing) for a in st.legal_actions("vampires")
                if isinstance(a, Enter)}
    assert ((23, 2), "w") not in entering
    assert ((23, 2), "n") in entering and ((23, 8), "w") in entering
    with pytest.raises(IllegalAction, match="crucifix") as err:
        st.apply("vampires", Enter("she_wolf_a", (23, 2), "w"))
    assert err.value.rule == "The Crucifix"
    minion = sandbox(None, adventure="cross_the_catacombs", reaction_dice=False,
                     figures=[{"id": "minion_1", "square": None,
                               "entrance": "vampire_entrances"},
                              {"id": "priest_1", "square": (21, 2), "facing": "e"}],
                     active="minion_1")
    assert Enter("minion_1", (23, 2), "w") in minion.legal_actions("vampires")


def test_crucifix_holds_back_vampires_not_minions() -> None:
    """"a crucifix holds no fear for them [minions]": a minion facing a priest moves up to
    it and attacks it; a vampire in its place cannot."""
    for kind, free in (("minion", True), ("she_wolf", False)):
        cards = {"minion": {"id": "minion_1"}, "she_wolf": {"id": "she_wolf_a"}}
        mover = {**cards[kind], "square": (2, 3), "facing": "s"}
        st = no_dice(figures=[{"id": "priest_1", "square": (2, 6), "facing": "n"}, mover],
                     active=mover["id"])
        dirs = {a.direction for a in st.legal_actions("vampires") if isinstance(a, Move)}
        assert ("s" in dirs) is free, kind
        st.figures[mover["id"]].pos = st.rules.board.index(2, 5)
        st.changed()
        assert (targets(st, "vampires", CloseAttack) == {"priest_1"}) is free, kind


def test_crucifix_gives_plus_one_close_attack_against_vampires_not_minions() -> None:
    st = no_dice(figures=[{"id": "priest_1", "square": (2, 4), "facing": "n"},
                          {"id": "she_wolf_a", "square": (2, 3), "facing": "s"}],
                 active="priest_1", dice=ScriptedDice([3, 3]))
    st.apply("hunters", CloseAttack("priest_1", "she_wolf_a"))
    assert "crucifix +1" in last_attack(st)["modifiers"]
    st2 = no_dice(figures=[{"id": "priest_1", "square": (2, 4), "facing": "n"},
                           {"id": "minion_1", "square": (2, 3), "facing": "s"}],
                  active="priest_1", dice=ScriptedDice([3, 3]))
    st2.apply("hunters", CloseAttack("priest_1", "minion_1"))
    assert "crucifix +1" not in last_attack(st2)["modifiers"]


def test_misted_vampire_cannot_become_solid_in_the_crucifix_area() -> None:
    st = no_dice(figures=[{"id": "priest_1", "square": (2, 7), "facing": "n"},
                          {"id": "she_wolf_a", "square": (2, 5), "misted": True}],
                 active="she_wolf_a")
    acts = st.legal_actions("vampires")
    assert not any(isinstance(a, TurnSolid) for a in acts)
    assert any(isinstance(a, Move) and a.direction == "s" for a in acts)  # mist moves freely


def test_saving_a_mesmerized_minion_returns_it_to_the_hunters() -> None:
    st = no_dice(figures=[{"id": "priest_1", "square": (2, 4), "facing": "n"},
                          {"id": "staker_1", "kind": "minion", "seat": "vampires",
                           "minion_card": "minion_1", "square": (2, 3), "facing": "n"}],
                 active="priest_1", dice=ScriptedDice([6, 1]))
    assert CloseAttack("priest_1", "staker_1", save=True) in st.legal_actions("hunters")
    st.apply("hunters", CloseAttack("priest_1", "staker_1", save=True))
    s1 = st.figures["staker_1"]
    assert (s1.kind, s1.seat, s1.minion_card) == ("staker", "hunters", "")
    st.apply("hunters", FaceAttacker("staker_1", "s"))  # it may turn to face its savior
    assert s1.facing == 2


def test_saving_a_born_minion_makes_it_a_staker_while_stakers_last() -> None:
    st = no_dice(figures=[{"id": "priest_1", "square": (2, 4), "facing": "n"},
                          {"id": "minion_1", "square": (2, 3), "facing": "s"}],
                 active="priest_1", dice=ScriptedDice([6, 1]))
    st.apply("hunters", CloseAttack("priest_1", "minion_1", save=True))
    assert "minion_1" not in st.figures and st.figures["staker_1"].seat == "hunters"
    stakers = [{"id": f"staker_{i}", "square": (i - 1, 7)} for i in range(1, 9)]
    st2 = no_dice(figures=[{"id": "priest_1", "square": (2, 4), "facing": "n"},
                           {"id": "minion_1", "square": (2, 3), "facing": "s"}, *stakers],
                  active="priest_1")
    assert CloseAttack("priest_1", "minion_1", save=True) not in st2.legal_actions("hunters")
    assert CloseAttack("priest_1", "minion_1") in st2.legal_actions("hunters")


def test_only_crucifix_holders_save_and_not_without_the_option() -> None:
    st = no_dice(figures=[{"id": "staker_2", "square": (2, 4), "facing": "n"},
                          {"id": "minion_1", "square": (2, 3), "facing": "s"}],
                 active="staker_2")
    assert not any(getattr(a, "save", False) for a in st.legal_actions("hunters"))
    st2 = no_dice(figures=[{"id": "priest_1", "square": (2, 4), "facing": "n"},
                           {"id": "minion_1", "square": (2, 3), "facing": "s"}],
                  active="priest_1", feeding_and_saving=False)
    assert not any(getattr(a, "save", False) for a in st2.legal_actions("hunters"))


def test_feeding_only_after_killing_a_hunter_not_a_minion() -> None:
    """"After a vampire kills a hunter with a close attack": killing another vampire
    player's minion (Multiplayer) is no feast."""
    st = no_dice(adventure="custom", multiplayer=("vampires", "vampires", "hunters"),
                 figures=[{"id": "she_wolf_a", "seat": "vampires_1", "square": (2, 2),
                           "facing": "s"},
                          {"id": "minion_1", "seat": "vampires_2", "square": (2, 3),
                           "facing": "s"}],
                 active="she_wolf_a", dice=ScriptedDice([6, 1]))
    st.apply("vampires_1", CloseAttack("she_wolf_a", "minion_1"))
    assert "minion_1" not in st.figures and not st.queue


def test_new_characters_a_hunter_mesmerized_and_saved_in_one_turn_keeps_its_card() -> None:
    """"If a minion is mesmerized and saved within the same turn, the hunter player can
    still use its Action Card, if it hasn't already been played." """
    st = no_dice(figures=[*MESMER, {"id": "priest_1", "square": (2, 5), "facing": "n"}],
                 active="nosferatu_a", dice=ScriptedDice([6, 1, 6, 1]),
                 hands={"vampires": [], "hunters": ["priest_1", "staker_1"]})
    st.apply("vampires", Mesmerize("nosferatu_a", "staker_1"))
    assert "staker_1" in st.no_card  # the vampire player gets its card next turn
    st.apply("vampires", EndMove())
    st.apply("hunters", PlayCard("priest_1"))
    st.apply("hunters", Pass())
    assert st.active == "priest_1"
    st.apply("hunters", CloseAttack("priest_1", "staker_1", save=True))
    assert st.figures["staker_1"].seat == "hunters" and "staker_1" not in st.no_card
    st.apply("hunters", FaceAttacker("staker_1", ""))
    st.apply("hunters", EndMove())
    st.apply("hunters", PlayCard("staker_1"))  # both pass: no cards left
    assert st.active == "staker_1"  # its own card still works this turn


def test_new_characters_a_mesmerized_hunters_card_is_discarded_when_it_appears() -> None:
    st = no_dice(figures=MESMER, active="nosferatu_a", dice=ScriptedDice([6, 1]),
                 hands={"vampires": [], "hunters": ["staker_1"]})
    st.apply("vampires", Mesmerize("nosferatu_a", "staker_1"))
    st.apply("vampires", EndMove())
    st.apply("hunters", PlayCard("staker_1"))  # both pass: no cards left
    discard = [e for e in st.log(gk.PUBLIC) if e["kind"] == "discard"]
    assert discard and discard[-1]["card"] == "staker_1" and st.turn == 2
    assert "staker_1" in st.hands["vampires"] and "staker_1" not in st.hands["hunters"]


def test_feeding_into_a_vampire_killed_this_turn_whose_card_waits() -> None:
    """"If one is available that was killed that turn, you can use it, but that new
    vampire cannot use the Action Card of the killed vampire until the next turn." """
    busy = [{"id": f"nosferatu_{c}", "square": (7, i)} for i, c in enumerate("bcd")]
    st = no_dice(figures=[{"id": "she_wolf_a", "square": (2, 2), "facing": "s"},
                          {"id": "staker_1", "square": (2, 3), "facing": "s"}, *busy],
                 active="she_wolf_a", dice=ScriptedDice([6, 1]),
                 hands={"vampires": ["nosferatu_a"], "hunters": []})
    st.dead.append("nosferatu_a")  # Nosferatu A was killed earlier this turn
    st.apply("vampires", CloseAttack("she_wolf_a", "staker_1"))
    st.apply("vampires", Feed(True))
    assert st.figures["nosferatu_a"].pos == st.rules.board.index(2, 2)
    st.apply("vampires", EndMove())
    st.apply("vampires", PlayCard("nosferatu_a"))  # the killed Nosferatu A's card
    discard = [e for e in st.log(gk.PUBLIC) if e["kind"] == "discard"]
    assert discard and discard[-1]["card"] == "nosferatu_a"
    assert "new in play this turn" in discard[-1]["text"]
    assert st.turn == 2 and "nosferatu_a" in st.hands["vampires"]  # next turn it is hers


def test_close_attacks_reach_the_three_squares_in_front_without_a_line_of_sight() -> None:
    """Ruling: "any target in the three squares directly in front" - a diagonal square
    counts even with obstacles on both sides (only moving there is forbidden)."""
    st = no_dice(["#...", "....", "...."],
                 figures=[{"id": "staker_1", "square": (1, 2), "facing": "n"},
                          {"id": "she_wolf_a", "square": (2, 1), "facing": "s"},
                          {"id": "she_wolf_b", "square": (0, 1), "facing": "s"},
                          {"id": "nosferatu_a", "square": (1, 0), "facing": "s"}],
                 active="staker_1")
    # Nosferatu A is two squares ahead: out of reach; the other two are in front
    assert targets(st, "hunters", CloseAttack) == {"she_wolf_a", "she_wolf_b"}
    st2 = no_dice(["..", "..", ".."],
                  figures=[{"id": "staker_1", "square": (1, 2), "facing": "n"},
                           {"id": "staker_2", "square": (0, 2), "facing": "n"},
                           {"id": "she_wolf_a", "square": (0, 1), "facing": "s"},
                           {"id": "she_wolf_b", "square": (1, 1), "facing": "s"}],
                  active="staker_1")
    # She-wolf A stands diagonally between two obstacles (Staker 2 and She-wolf B)
    assert targets(st2, "hunters", CloseAttack) == {"she_wolf_a", "she_wolf_b"}
