"""Moving, Facing, Opening and Closing Doors, Mist."""

from __future__ import annotations

import pytest
from dr_helpers import at, no_dice

from draculas_revenge.actions import (
    CloseAttack,
    CloseDoor,
    EndMove,
    Move,
    OpenDoor,
    Turn,
    TurnSolid,
    TurnToMist,
)
from draculas_revenge.movement import destinations
from gothic_kernel import IllegalAction


def moves(st, who):  # type: ignore[no-untyped-def]
    return {a.direction for a in st.legal_actions(st.figures[who].seat)
            if isinstance(a, Move) and a.character == who}


def test_moving_example_cut_around_but_not_between_two_obstacles() -> None:
    """Van Helsing cuts around the corner to A or around Staker 1 to B, but cannot
    squeeze between Staker 1 and Staker B to C."""
    st = no_dice(["....", "..#.", "....", "...."],
                 figures=[{"id": "van_helsing", "square": (2, 2), "facing": "n"},
                          {"id": "staker_1", "square": (2, 3)},
                          {"id": "staker_2", "square": (3, 2)}],  # the text's "Staker B"
                 active="van_helsing")
    can = moves(st, "van_helsing")
    assert "nw" in can                  # around the wall corner (point A)
    assert "ne" not in can              # between the wall and Staker B
    assert "sw" in can                  # around Staker 1 (point B)
    assert "se" not in can              # between Staker 1 and Staker B (point C)
    assert "s" not in can and "e" not in can and "n" not in can  # occupied / wall


def test_move_costs_one_and_turning_after_is_free() -> None:
    st = no_dice(figures=[{"id": "staker_1", "square": (3, 3), "facing": "n"}],
                 active="staker_1")
    st.apply("hunters", Move("staker_1", "ne", "w"))
    assert at(st, "staker_1") == (4, 2) and st.figures["staker_1"].facing == 3
    assert st.ap_left == 5
    st.apply("hunters", Turn("staker_1", "s"))
    assert st.ap_left == 4


def test_facing_is_a_side_never_a_corner() -> None:
    with pytest.raises(IllegalAction):
        st = no_dice(figures=[{"id": "staker_1", "square": (3, 3)}], active="staker_1")
        st.apply("hunters", Move("staker_1", "n", "ne"))


def test_action_points_example_van_helsing_spends_six() -> None:
    from draculas_revenge.actions import RangedAttack
    from gothic_kernel import ScriptedDice
    st = no_dice(figures=[{"id": "van_helsing", "square": (1, 6), "facing": "n"},
                          {"id": "nosferatu_a", "square": (6, 4), "facing": "w"}],
                 active="van_helsing", dice=ScriptedDice([1, 6]))
    st.apply("hunters", Move("van_helsing", "n", "n"))       # 1
    st.apply("hunters", Move("van_helsing", "n", "e"))       # 1, and a free 90° turn
    st.apply("hunters", Move("van_helsing", "e", "e"))       # 1
    st.apply("hunters", RangedAttack("van_helsing", "nosferatu_a"))  # 2
    assert not st.queue  # Nosferatu A already faces him: no free turn to offer
    st.apply("hunters", Turn("van_helsing", "s"))            # 1
    assert st.ap_left == 0 and st.rp_spent["hunters"] == 0
    assert [type(a) for a in st.legal_actions("hunters")] == [EndMove]


def test_unused_action_points_are_not_saved() -> None:
    st = no_dice(figures=[{"id": "staker_1", "square": (3, 3)}], active="staker_1",
                 hands={"vampires": [], "hunters": []})
    st.apply("hunters", EndMove())
    assert st.turn == 2 and st.ap_left == 0


def test_a_character_cannot_move_into_an_occupied_square_not_even_its_own_side() -> None:
    st = no_dice(figures=[{"id": "staker_1", "square": (3, 3)},
                          {"id": "staker_2", "square": (3, 2)}], active="staker_1")
    assert "n" not in moves(st, "staker_1")


def test_opening_and_closing_doors_example() -> None:
    """Vampiress A opens the door in front of her; Staker 1 must turn to face it and
    Staker 2 step sideways in front of it before either can open it."""
    rows = [".....", "#dd##", "....."]
    st = no_dice(rows, figures=[{"id": "vampiress_a", "square": (2, 0), "facing": "s"},
                                {"id": "staker_1", "square": (1, 2), "facing": "e"},
                                {"id": "staker_2", "square": (3, 2), "facing": "n"}],
                 active="vampiress_a")
    assert OpenDoor("vampiress_a") in st.legal_actions("vampires")
    st2 = no_dice(rows, figures=[{"id": "vampiress_a", "square": (2, 0), "facing": "s"},
                                 {"id": "staker_1", "square": (1, 2), "facing": "e"},
                                 {"id": "staker_2", "square": (3, 2), "facing": "n"}],
                  active="staker_1")
    assert OpenDoor("staker_1") not in st2.legal_actions("hunters")
    st2.apply("hunters", Turn("staker_1", "n"))  # "use a point to turn to face the door"
    assert st2.ap_left == 5 and OpenDoor("staker_1") in st2.legal_actions("hunters")
    st2.apply("hunters", OpenDoor("staker_1"))  # "for 1 more point"
    assert all(st2.doors_open.values()) and st2.ap_left == 4
    st3 = no_dice(rows, figures=[{"id": "staker_1", "square": (1, 2), "facing": "e"},
                                 {"id": "staker_2", "square": (3, 2), "facing": "n"}],
                  active="staker_2")
    assert OpenDoor("staker_2") not in st3.legal_actions("hunters")
    st3.apply("hunters", Move("staker_2", "w", "n"))
    st3.apply("hunters", OpenDoor("staker_2"))
    assert all(st3.doors_open.values()) and st3.ap_left == 4
    assert CloseDoor("staker_2") in st3.legal_actions("hunters")


def test_closed_doors_block_moving_and_seeing() -> None:
    st = no_dice([".....", "##d##", "....."],
                 figures=[{"id": "staker_1", "square": (2, 2), "facing": "n"}],
                 active="staker_1")
    assert "n" not in moves(st, "staker_1")
    st.apply("hunters", OpenDoor("staker_1"))
    assert "n" in moves(st, "staker_1")


def test_mist_costs_four_and_moves_through_characters_and_doors() -> None:
    st = no_dice([".....", "##d##", "....."],
                 figures=[{"id": "nosferatu_a", "square": (2, 2), "facing": "n"},
                          {"id": "staker_1", "square": (1, 2)}],
                 active="nosferatu_a")
    st.apply("vampires", TurnToMist("nosferatu_a"))
    assert st.ap_left == 5 and st.figures["nosferatu_a"].misted
    can = moves(st, "nosferatu_a")
    assert {"n", "w"} <= can
    st.apply("vampires", Move("nosferatu_a", "w", "n"))  # shares Staker 1's square
    assert at(st, "nosferatu_a") == (1, 2)
    # not voluntarily solid on an occupied square; no attacks or doors while mist
    acts = st.legal_actions("vampires")
    assert not any(isinstance(a, (TurnSolid, CloseAttack, OpenDoor)) for a in acts)
    st.apply("vampires", Move("nosferatu_a", "ne", "n"))  # into the closed doorway
    assert at(st, "nosferatu_a") == (2, 1)



def test_a_vampire_on_the_first_square_of_the_board_may_turn_to_mist() -> None:
    """Mist: any vampire on the board may turn to mist; the board's first square, (0, 0),
    is a square like the others."""
    st = no_dice(figures=[{"id": "nosferatu_a", "square": (0, 0), "facing": "s"}],
                 active="nosferatu_a")
    st.apply("vampires", TurnToMist("nosferatu_a"))
    assert st.figures["nosferatu_a"].misted and st.ap_left == 5

def test_misted_vampires_cannot_be_attacked() -> None:
    st = no_dice(figures=[{"id": "staker_1", "square": (3, 3), "facing": "n"},
                          {"id": "she_wolf_a", "square": (3, 2), "misted": True}],
                 active="staker_1")
    assert not any(isinstance(a, CloseAttack) for a in st.legal_actions("hunters"))
    assert "n" in moves(st, "staker_1")  # and it does not obstruct


def test_turning_solid_faces_any_side() -> None:
    st = no_dice(figures=[{"id": "she_wolf_a", "square": (3, 3), "misted": True}],
                 active="she_wolf_a")
    solid = [a for a in st.legal_actions("vampires") if isinstance(a, TurnSolid)]
    assert {a.facing for a in solid} == {"n", "e", "s", "w"}
    st.apply("vampires", TurnSolid("she_wolf_a", "w"))
    assert not st.figures["she_wolf_a"].misted and st.ap_left == 5


def test_no_mist_in_daylight() -> None:
    st = no_dice(figures=[{"id": "she_wolf_a", "square": (3, 3)}], active="she_wolf_a",
                 rules={"daylight": True})
    assert not any(isinstance(a, TurnToMist) for a in st.legal_actions("vampires"))


def test_mist_cannot_become_solid_in_a_closed_doorway() -> None:
    """Ruling: a closed door fills its doorway, so a misted vampire that drifted into
    one cannot become solid there (it would stand inside the door)."""
    st = no_dice([".....", "##d##", "....."],
                 figures=[{"id": "nosferatu_a", "square": (2, 1), "misted": True}],
                 active="nosferatu_a")
    assert not any(isinstance(a, TurnSolid) for a in st.legal_actions("vampires"))
    st.apply("vampires", Move("nosferatu_a", "s", "n"))
    assert any(isinstance(a, TurnSolid) for a in st.legal_actions("vampires"))


def test_mist_moves_keep_no_facing() -> None:
    """A misted vampire has no facing: one Move per direction, and no Turn in place."""
    st = no_dice(figures=[{"id": "she_wolf_a", "square": (3, 3), "misted": True}],
                 active="she_wolf_a")
    moves = [a for a in st.legal_actions("vampires") if isinstance(a, Move)]
    assert len(moves) == 8 and not any(isinstance(a, Turn) for a in st.legal_actions("vampires"))


def test_a_door_closes_on_a_misted_vampire_but_not_on_a_solid_character() -> None:
    """"Misted vampires ... move through them [doors] like they're not there" and "cannot
    affect anything while mist": a door closes on a misted vampire in its doorway, which
    drifts on through it (and cannot become solid there); a solid character in the doorway
    keeps it open."""
    rows = [".....", "##o##", "....."]
    st = no_dice(rows, figures=[{"id": "staker_1", "square": (2, 2), "facing": "n"},
                                {"id": "nosferatu_a", "square": (2, 1), "misted": True}],
                 active="staker_1")
    assert CloseDoor("staker_1") in st.legal_actions("hunters")
    st.apply("hunters", CloseDoor("staker_1"))
    assert not any(st.doors_open.values())
    # and the mist drifts on as before (test_mist_cannot_become_solid_in_a_closed_doorway)
    mist = st.figures["nosferatu_a"]
    assert {d for d, _ in destinations(st, mist)} >= {0, 1, 7, 4}  # n, ne, nw and s
    solid = no_dice(rows, figures=[{"id": "staker_1", "square": (2, 2), "facing": "n"},
                                   {"id": "nosferatu_a", "square": (2, 1)}],
                    active="staker_1")
    assert CloseDoor("staker_1") not in solid.legal_actions("hunters")
    with pytest.raises(IllegalAction, match="cannot close on a solid character"):
        solid.apply("hunters", CloseDoor("staker_1"))
