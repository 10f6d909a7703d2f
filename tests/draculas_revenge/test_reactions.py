"""Reaction Points ("Reaction Points", "Adding to Your Move", "Moving Characters During
an Opponent's Move", "Moving Characters During Your Move", "Trading Reactions",
"Reaction Attacks")."""

from __future__ import annotations

import pytest
from dr_helpers import last_attack

import gothic_kernel as gk
from draculas_revenge.actions import (
    CloseAttack,
    CloseDoor,
    Decline,
    EndMove,
    FaceAttacker,
    Mesmerize,
    Move,
    PlayCard,
    RangedAttack,
    Turn,
)
from draculas_revenge.scenario import sandbox
from draculas_revenge.seeing import sees_square
from gothic_kernel import IllegalAction, ScriptedDice


def test_trading_reactions_example_nosferatu_b_shuts_the_door() -> None:
    """Vampiress A moves through a doorway past Nosferatu B, who uses a Reaction Point
    to shut the door out of turn; then Vampiress A completes her move."""
    st = sandbox(["......", "##oo##", "......"],
                 figures=[{"id": "vampiress_a", "square": (3, 0), "facing": "s"},
                          {"id": "nosferatu_b", "square": (2, 2), "facing": "n"}],
                 active="vampiress_a", reaction_rolls={"vampires": 1, "hunters": 1})
    st.apply("vampires", Move("vampiress_a", "s", "s"))
    st.apply("vampires", Move("vampiress_a", "s", "s"))
    assert CloseDoor("nosferatu_b") in st.legal_actions("vampires")
    st.apply("vampires", CloseDoor("nosferatu_b"))
    assert not any(st.doors_open.values()) and st.rp_spent["vampires"] == 1
    assert st.ap_left == 7  # the reaction cost Reaction Points, not Action Points
    st.apply("vampires", Move("vampiress_a", "e", "e"))
    assert st.ap_left == 6


def test_trading_reactions_example_crossbow_a_must_wait_after_a_miss() -> None:
    st = sandbox(["........"] * 8,
                 figures=[{"id": "she_wolf_b", "square": (4, 0), "facing": "s"},
                          {"id": "she_wolf_a", "square": (0, 0), "facing": "s"},
                          {"id": "crossbow_1", "square": (4, 7), "facing": "n"}],
                 active="she_wolf_b", reaction_rolls={"vampires": 1, "hunters": 3},
                 dice=ScriptedDice([1, 6]))
    st.apply("vampires", Move("she_wolf_b", "s", "s"))
    # the active player must let the opponent react first
    assert st.current_seats() == ("hunters",)
    st.apply("hunters", RangedAttack("crossbow_1", "she_wolf_b"))
    assert not last_attack(st)["success"] and "reaction -1" in last_attack(st)["modifiers"]
    assert st.current_seats() == ("vampires",)
    assert st.legal_actions("hunters") == []
    st.apply("vampires", Turn("she_wolf_b", "e"))
    assert st.current_seats() == ("hunters",)  # a vampire acted: the hunters may react again
    assert any(isinstance(a, RangedAttack) for a in st.legal_actions("hunters"))


def test_reaction_points_are_one_die_plus_six_and_secret_until_the_turn_ends() -> None:
    game = gk.load_game("draculas_revenge")
    st = game.new_game(seed=5)
    while st.phase == "setup" or st.queue:
        seat = st.current_seats()[0]
        st.apply(seat, st.legal_actions(seat)[0])
    for seat in st.seats:
        assert 7 <= st.reaction_points(seat) <= 12
        assert st.observation(seat)["reaction_points"][seat]["total"] == \
            st.reaction_points(seat)
    assert st.observation("hunters")["reaction_points"]["vampires"]["die"] is None
    assert st.observation(gk.PUBLIC)["reaction_points"]["hunters"]["total"] is None
    while st.turn == 1:
        seat = st.current_seats()[0]
        st.apply(seat, st.legal_actions(seat)[-1])
    shown = [e for e in st.log(gk.PUBLIC) if e["kind"] == "reaction_dice_shown"]
    assert shown and shown[0]["turn"] == 1


def test_adding_reaction_points_to_a_move() -> None:
    st = sandbox(["........"] * 8, figures=[{"id": "staker_1", "square": (0, 7), "facing": "n"}],
                 active="staker_1", reaction_rolls={"vampires": 1, "hunters": 1})
    for _ in range(6):
        st.apply("hunters", Move("staker_1", "n", "n"))
    assert st.ap_left == 0
    st.apply("hunters", Move("staker_1", "n", "n"))  # paid with a Reaction Point
    assert st.rp_spent["hunters"] == 1
    for _ in range(6):
        st.apply("hunters", Move("staker_1", "e", "e"))
    assert st.rp_spent["hunters"] == 7  # all seven Reaction Points gone
    assert not any(isinstance(a, Move) for a in st.legal_actions("hunters"))


def test_reaction_attacks_suffer_minus_one_also_when_partly_paid() -> None:
    """"Any attack made with Reaction Points, in whole or in part, suffers a -1 penalty":
    Crossbow 1 has 1 Action Point left and shoots (2 points: 1 Action Point and 1 Reaction
    Point); with 2 Action Points left the same shot has no penalty."""
    def crossbow_with(action_points: int) -> tuple[list[str], int]:
        st = sandbox(["........"] * 8,
                     figures=[{"id": "crossbow_1", "square": (2, 6), "facing": "n"},
                              {"id": "she_wolf_a", "square": (2, 1), "facing": "n"}],
                     active="crossbow_1", reaction_rolls={"vampires": 0, "hunters": 1},
                     dice=ScriptedDice([6, 1]))
        for step in range(6 - action_points):  # side-steps, facing north
            st.apply("hunters", Move("crossbow_1", "we"[step % 2 == 0], "n"))
        assert st.ap_left == action_points
        st.apply("hunters", RangedAttack("crossbow_1", "she_wolf_a"))
        assert st.ap_left == 0
        return last_attack(st)["modifiers"], st.rp_spent["hunters"]
    assert crossbow_with(1) == (["Crossbow bonus +1", "outflanking +1", "reaction -1"], 1)
    assert crossbow_with(2) == (["Crossbow bonus +1", "outflanking +1"], 0)


def test_reaction_attacks_suffer_minus_one_when_paid_in_whole() -> None:
    st = sandbox(["........"] * 8,
                 figures=[{"id": "staker_1", "square": (2, 3), "facing": "n"},
                          {"id": "she_wolf_a", "square": (2, 1), "facing": "n"}],
                 active="staker_1", reaction_rolls={"vampires": 0, "hunters": 1},
                 dice=ScriptedDice([6, 1]))
    for _ in range(5):
        st.apply("hunters", Turn("staker_1", "e" if st.figures["staker_1"].facing != 1 else "n"))
    st.apply("hunters", Move("staker_1", "n", "n"))  # the sixth Action Point
    assert st.ap_left == 0
    st.apply("hunters", CloseAttack("staker_1", "she_wolf_a"))
    assert "reaction -1" in last_attack(st)["modifiers"] and st.rp_spent["hunters"] == 1


def test_a_character_that_does_not_see_the_action_cannot_react() -> None:
    st = sandbox(["........"] * 8,
                 figures=[{"id": "she_wolf_b", "square": (4, 0), "facing": "s"},
                          {"id": "crossbow_1", "square": (4, 7), "facing": "s"}],
                 active="she_wolf_b", reaction_rolls={"vampires": 1, "hunters": 3})
    st.apply("vampires", Move("she_wolf_b", "s", "s"))
    assert st.current_seats() == ("vampires",)  # the crossbow faces away: no window


def test_affected_characters_may_react_and_the_defenders_free_turn_comes_first() -> None:
    st = sandbox(["........"] * 8,
                 figures=[{"id": "she_wolf_a", "square": (2, 2), "facing": "s"},
                          {"id": "staker_1", "square": (2, 3), "facing": "s"}],
                 active="she_wolf_a", reaction_rolls={"vampires": 1, "hunters": 6},
                 dice=ScriptedDice([1, 6, 6, 1]))
    st.apply("vampires", CloseAttack("she_wolf_a", "staker_1"))
    st.apply("hunters", FaceAttacker("staker_1", "n"))
    assert st.current_seats() == ("hunters",)
    st.apply("hunters", CloseAttack("staker_1", "she_wolf_a"))
    assert "she_wolf_a" not in st.figures
    # the active character is gone: its player may only react or end the move
    assert st.legal_actions("vampires") == [EndMove()]


def test_no_reacting_twice_in_a_row_on_your_own_move() -> None:
    st = sandbox(["........"] * 8,
                 figures=[{"id": "she_wolf_a", "square": (2, 2), "facing": "e"},
                          {"id": "she_wolf_b", "square": (4, 2), "facing": "w"}],
                 active="she_wolf_a", reaction_rolls={"vampires": 6, "hunters": 1})
    st.apply("vampires", Turn("she_wolf_a", "s"))
    assert any(getattr(a, "character", "") == "she_wolf_b" for a in st.legal_actions("vampires"))
    st.apply("vampires", Turn("she_wolf_b", "n"))
    assert not any(getattr(a, "character", "") == "she_wolf_b"
                   for a in st.legal_actions("vampires"))
    with pytest.raises(IllegalAction):
        st.apply("vampires", Turn("she_wolf_b", "s"))


def test_a_decline_does_not_open_a_second_reaction_in_a_row() -> None:
    # Ruling 32: after the vampires' reaction and the hunters' decline, only the active
    # character may act ("You cannot react twice in a row", Trading Reactions).
    st = sandbox(["........"] * 8,
                 figures=[{"id": "she_wolf_a", "square": (2, 0), "facing": "s"},
                          {"id": "she_wolf_b", "square": (4, 0), "facing": "s"},
                          {"id": "she_wolf_c", "square": (5, 1), "facing": "s"},
                          {"id": "crossbow_1", "square": (4, 7), "facing": "n"}],
                 active="she_wolf_a", reaction_rolls={"vampires": 6, "hunters": 6})
    st.apply("vampires", Turn("she_wolf_a", "e"))
    st.apply("hunters", Decline())
    assert any(getattr(a, "character", "") == "she_wolf_c" for a in st.legal_actions("vampires"))
    st.apply("vampires", Turn("she_wolf_b", "e"))
    st.apply("hunters", Decline())
    assert st.current_seats() == ("vampires",)
    others = [a for a in st.legal_actions("vampires")
              if getattr(a, "character", "") != "she_wolf_a"]
    assert others == [EndMove()]
    with pytest.raises(IllegalAction, match="Trading Reactions"):
        st.apply("vampires", Turn("she_wolf_c", "e"))
    st.apply("vampires", Turn("she_wolf_a", "s"))  # the active character acts
    st.apply("hunters", Decline())
    assert any(getattr(a, "character", "") == "she_wolf_c" for a in st.legal_actions("vampires"))


def test_declining_hands_the_move_back() -> None:
    st = sandbox(["........"] * 8,
                 figures=[{"id": "she_wolf_b", "square": (4, 0), "facing": "s"},
                          {"id": "crossbow_1", "square": (4, 7), "facing": "n"}],
                 active="she_wolf_b", reaction_rolls={"vampires": 1, "hunters": 3})
    st.apply("vampires", Move("she_wolf_b", "s", "s"))
    st.apply("hunters", Decline())
    assert st.current_seats() == ("vampires",)


def test_no_reaction_dice_option_means_no_reactions() -> None:
    st = sandbox(["........"] * 8,
                 figures=[{"id": "she_wolf_b", "square": (4, 0), "facing": "s"},
                          {"id": "crossbow_1", "square": (4, 7), "facing": "n"}],
                 active="she_wolf_b", reaction_dice=False, hands={"hunters": ["crossbow_1"]})
    st.apply("vampires", Move("she_wolf_b", "s", "s"))
    assert st.current_seats() == ("vampires",) and st.reaction_points("hunters") == 0
    g = gk.load_game("draculas_revenge").new_game(seed=2, reaction_dice=False)
    assert all(g.reaction_points(s) == 0 for s in g.seats)
    assert PlayCard in {type(a) for a in g.legal_actions(g.current_seats()[0])} or g.queue


def test_no_reaction_dice_with_a_fixed_allowance_of_reaction_points() -> None:
    """Ruling 31: "try playing without Reaction Dice" ("a bit less randomness") also reads
    as a fixed allowance; ``reaction_points=N`` gives each player N Reaction Points every
    turn, no die, known to everyone; reactions are as with the dice."""
    st = sandbox(["........"] * 8,
                 figures=[{"id": "she_wolf_b", "square": (4, 0), "facing": "s"},
                          {"id": "crossbow_1", "square": (4, 7), "facing": "n"}],
                 active="she_wolf_b", reaction_dice=False, reaction_points=6,
                 hands={"hunters": ["crossbow_1"]})
    assert st.reaction_points("hunters") == 6 and st.rp_die == {"vampires": 0, "hunters": 0}
    seen = st.observation("vampires")["reaction_points"]["hunters"]
    assert (seen["total"], seen["left"]) == (6, 6)  # no die hides it
    st.apply("vampires", Move("she_wolf_b", "s", "s"))
    assert st.current_seats() == ("hunters",)
    st.apply("hunters", RangedAttack("crossbow_1", "she_wolf_b"))
    assert st.rp_left("hunters") == 4
    game = gk.load_game("draculas_revenge")
    state = game.new_game(seed=2, reaction_dice=False, reaction_points=9)
    while state.phase != "timeline":
        state.apply(state.current_seats()[0], state.legal_actions(state.current_seats()[0])[0])
    assert all(state.reaction_points(s) == 9 for s in state.seats)
    assert not [e for e in state.log(gk.PUBLIC) if e["kind"] == "reaction_die"]
    with pytest.raises(gk.BadOption, match="reaction_dice=False"):
        game.new_game(seed=1, reaction_points=6)
    with pytest.raises(gk.BadOption, match="0 or more"):
        game.new_game(seed=1, reaction_dice=False, reaction_points=-1)


def test_moving_characters_during_an_opponents_move_seeing_the_mover_leave() -> None:
    """Ruling: a character sees an action it watched begin or end, so it may react to
    an enemy stepping out of its sight (here behind a wall)."""
    st = sandbox(["........", "..#.....", "........"],
                 figures=[{"id": "crossbow_1", "square": (0, 1), "facing": "e"},
                          {"id": "she_wolf_a", "square": (3, 2), "facing": "n"}],
                 active="she_wolf_a", reaction_rolls={"vampires": 1, "hunters": 1})
    cb = st.figures["crossbow_1"]
    assert sees_square(st, cb, st.rules.board.index(3, 2))
    assert not sees_square(st, cb, st.rules.board.index(3, 1))
    st.apply("vampires", Move("she_wolf_a", "n", "n"))
    assert st.current_seats() == ("hunters",)
    st.apply("hunters", Decline())
    st.apply("vampires", Move("she_wolf_a", "e", "n"))  # from (3, 1): unseen both ends
    assert st.current_seats() == ("vampires",)


def test_a_mesmerized_active_character_reacts_for_its_new_master() -> None:
    """Mesmerized out of turn, the hunter player's active Staker 1 is the vampire
    player's minion: it gets no Action Points, and the vampire player moves it with
    Reaction Points ("Mesmerizing"), a reaction like any other."""
    st = sandbox(["........"] * 8,
                 figures=[{"id": "nosferatu_a", "square": (2, 1), "facing": "s"},
                          {"id": "staker_1", "square": (2, 5), "facing": "n"},
                          {"id": "crossbow_1", "square": (3, 3), "facing": "w"}],
                 active="staker_1", reaction_rolls={"vampires": 6, "hunters": 6},
                 dice=ScriptedDice([6, 1]))
    st.apply("hunters", Move("staker_1", "n", "n"))
    st.apply("vampires", Mesmerize("nosferatu_a", "staker_1"))  # a reaction: 2 points
    assert st.figures["staker_1"].seat == "vampires" and st.move_over
    assert "reaction -1" in last_attack(st)["modifiers"]
    st.apply("hunters", Turn("crossbow_1", "s"))  # the hunters' inactive Crossbow 1 reacts
    assert st.current_seats() == ("vampires",)
    st.apply("vampires", Move("staker_1", "s", "s"))
    assert st.rp_spent["vampires"] == 3 and st.ap_left == 5  # not the hunters' Action Points
    assert st.last_reactor == "vampires"
    assert [e["reacting"] for e in st.log(gk.PUBLIC) if e["kind"] == "action"][-1]


def test_timer_pauses_whenever_someone_interrupts_the_active_characters_move() -> None:
    """Timer: "you can pause it whenever someone interrupts the active character's move":
    the stopwatch runs while the active player is to act, and is paused during a chance
    to react and while the defender decides whether to turn to face its attacker."""
    st = sandbox(["........"] * 8,
                 figures=[{"id": "she_wolf_a", "square": (4, 2), "facing": "s"},
                          {"id": "staker_1", "square": (4, 5), "facing": "e"}],
                 active="she_wolf_a", reaction_rolls={"vampires": 1, "hunters": 1},
                 dice=ScriptedDice([1, 6]), timer_seconds=60, hands={"hunters": ["staker_1"]})

    def stopwatch() -> tuple[bool, bool]:
        timers = [st.observation(v)["timer"] for v in ("vampires", "hunters", gk.PUBLIC)]
        assert all(t == timers[0] for t in timers)
        return timers[0]["running"], timers[0]["paused"]

    assert stopwatch() == (True, False)
    st.apply("vampires", Move("she_wolf_a", "s", "s"))
    assert st.current_seats() == ("hunters",) and stopwatch() == (False, True)  # may react
    st.apply("hunters", Decline())
    assert st.current_seats() == ("vampires",) and stopwatch() == (True, False)
    st.apply("vampires", Move("she_wolf_a", "s", "s"))  # the staker saw it: another chance
    st.apply("hunters", Decline())
    st.apply("vampires", CloseAttack("she_wolf_a", "staker_1"))  # 1 against 6: survives
    assert st.queue and stopwatch() == (False, True)  # the staker may face its attacker
    while st.current_seats() == ("hunters",):
        st.apply("hunters", st.legal_actions("hunters")[-1])
    assert stopwatch() == (True, False)
    st.apply("vampires", EndMove())
    assert st.phase == "timeline" and stopwatch() == (False, False)  # nobody is active


def test_an_unconscious_character_cannot_react_to_what_it_faces() -> None:
    """Van Helsing knocked unconscious ("Rescue Van Helsing") reacts to nothing, not even a
    She-wolf moving in front of him; awake, he could."""
    for unconscious in (True, False):
        st = sandbox(["........"] * 8,
                     figures=[{"id": "she_wolf_b", "square": (4, 0), "facing": "s"},
                              {"id": "van_helsing", "square": (4, 7), "facing": "n",
                               "unconscious": unconscious}],
                     active="she_wolf_b", reaction_rolls={"vampires": 1, "hunters": 3})
        st.apply("vampires", Move("she_wolf_b", "s", "s"))
        offered = ("vampires",) if unconscious else ("hunters",)
        assert st.current_seats() == offered, unconscious
