"""Bad input: illegal actions name the rulebook section they break and change nothing;
wrong options raise BadOption; corrupt saves raise CorruptSave."""

from __future__ import annotations

import json
from typing import Any

import pytest
from dr_helpers import OPEN_8, no_dice

import gothic_kernel as gk
from draculas_revenge.actions import (
    CloseAttack,
    CloseDoor,
    Decline,
    DoneRecruiting,
    EndMove,
    Enter,
    Leave,
    Move,
    OpenDoor,
    Pass,
    Place,
    PlayCard,
    RangedAttack,
    Recruit,
    Turn,
    TurnSolid,
    TurnToMist,
)
from draculas_revenge.scenario import sandbox
from gothic_kernel import BadOption, CorruptSave, IllegalAction

GAME = gk.load_game("draculas_revenge")


def refused(st: Any, seat: str, action: Any) -> IllegalAction:
    """Apply an illegal action: it must raise and leave the state exactly as it was."""
    before = st.to_json()
    with pytest.raises(IllegalAction) as err:
        st.apply(seat, action)
    assert st.to_json() == before
    return err.value


def test_placing_characters_off_the_tinted_tile_is_refused() -> None:
    st = GAME.new_game(seed=1)
    err = refused(st, "vampires", Place("she_wolf_a", (0, 0), "n"))
    assert err.rule == "Placing Characters" and "(0, 0)" in str(err)
    assert refused(st, "vampires", Place("she_wolf_a", (14, 1), "ne")).rule == "Moving"
    assert refused(st, "vampires", Pass()).rule == "Placing Characters"


def test_moving_into_walls_occupied_squares_and_between_two_obstacles() -> None:
    st = no_dice(["....", "..#.", "....", "...."],
                 figures=[{"id": "van_helsing", "square": (2, 2), "facing": "n"},
                          {"id": "staker_1", "square": (2, 3)},
                          {"id": "staker_2", "square": (3, 2)}], active="van_helsing")
    assert "wall" in str(refused(st, "hunters", Move("van_helsing", "n", "n")))
    err = refused(st, "hunters", Move("van_helsing", "s", "n"))
    assert err.rule == "Moving" and "Staker 1" in str(err)
    err = refused(st, "hunters", Move("van_helsing", "se", "n"))
    assert err.rule == "Moving" and "between two obstacles" in str(err)
    assert refused(st, "hunters", Turn("van_helsing", "n")).rule == "Moving"


def test_facing_a_corner_is_refused() -> None:
    st = no_dice(figures=[{"id": "staker_1", "square": (3, 3)}], active="staker_1")
    err = refused(st, "hunters", Move("staker_1", "n", "ne"))
    assert err.rule == "Moving" and "corner" in str(err)


def test_action_points_cannot_be_exceeded() -> None:
    st = no_dice(figures=[{"id": "staker_1", "square": (0, 7), "facing": "n"}],
                 active="staker_1")
    for _ in range(6):
        st.apply("hunters", Move("staker_1", "n", "n"))
    err = refused(st, "hunters", Move("staker_1", "n", "n"))
    assert err.rule == "Adding to Your Move" and "0 Action Points" in str(err)


def test_attacks_out_of_reach_are_refused() -> None:
    st = no_dice(figures=[{"id": "crossbow_1", "square": (2, 6), "facing": "n"},
                          {"id": "staker_1", "square": (3, 6), "facing": "n"},
                          {"id": "she_wolf_a", "square": (2, 5), "facing": "s"},
                          {"id": "she_wolf_b", "square": (6, 6), "facing": "s"}],
                 active="crossbow_1")
    assert refused(st, "hunters", RangedAttack("crossbow_1", "she_wolf_a")).rule == "Range"
    err = refused(st, "hunters", RangedAttack("crossbow_1", "she_wolf_b"))
    assert err.rule == "Arc of Effect"
    err = refused(st, "hunters", CloseAttack("crossbow_1", "she_wolf_b"))
    assert err.rule == "Close Attacks" and "three squares directly in front" in str(err)
    err = refused(st, "hunters", CloseAttack("crossbow_1", "staker_1"))
    assert "own characters" in str(err)
    err = refused(st, "hunters", CloseAttack("crossbow_1", "she_wolf_a", save=True))
    assert err.rule == "Saving Minions"
    err = refused(st, "hunters", Move("staker_1", "n", "n"))
    assert err.rule == "No Reaction Dice"


def test_doors_and_mist_name_their_rules() -> None:
    st = no_dice([".....", "##d##", "....."],
                 figures=[{"id": "nosferatu_a", "square": (2, 2), "facing": "n"},
                          {"id": "staker_1", "square": (0, 2), "facing": "e"}],
                 active="nosferatu_a")
    assert refused(st, "vampires", CloseDoor("nosferatu_a")).rule == "Opening and Closing Doors"
    st.apply("vampires", TurnToMist("nosferatu_a"))
    assert refused(st, "vampires", OpenDoor("nosferatu_a")).rule == "Mist"
    assert refused(st, "vampires", TurnToMist("nosferatu_a")).rule == "Mist"
    st.apply("vampires", Move("nosferatu_a", "n", "n"))  # into the closed doorway
    err = refused(st, "vampires", TurnSolid("nosferatu_a", "n"))
    assert err.rule == "Mist" and "closed doorway" in str(err)


def test_daylight_names_the_adventure() -> None:
    st = no_dice(figures=[{"id": "she_wolf_a", "square": (3, 3)}], active="she_wolf_a",
                 adventure="into_the_breach")
    assert refused(st, "vampires", TurnToMist("she_wolf_a")).rule == "Into the Breach"


def test_the_action_card_sequence() -> None:
    st = no_dice(figures=[{"id": "she_wolf_a", "square": (0, 0)},
                          {"id": "staker_1", "square": (0, 7)}],
                 hands={"vampires": ["she_wolf_a"], "hunters": []})
    err = refused(st, "vampires", PlayCard("nosferatu_a"))
    assert err.rule == "Action Cards" and "Nosferatu A" in str(err)
    assert refused(st, "vampires", EndMove()).rule == "Action Card Sequence"
    st.apply("vampires", Pass())  # the hunters pass automatically: the timeline is empty
    assert refused(st, "vampires", Pass()).rule == "Action Card Sequence"


def test_must_enter_on_the_first_move() -> None:
    st = GAME.new_game(seed=4)
    while not (st.active and st.active_seat == "hunters"):
        seat = st.current_seats()[0]
        legal = st.legal_actions(seat)
        st.apply(seat, EndMove() if EndMove() in legal else Pass() if Pass() in legal
                 else legal[0])
    assert refused(st, "hunters", EndMove()).rule == "Placing Characters"
    assert refused(st, "hunters", Enter(st.active, (5, 5), "e")).rule == "Placing Characters"
    assert refused(st, "hunters", Leave(st.active)).rule == "Placing Characters"


def test_reactions_name_the_trading_and_seeing_rules() -> None:
    st = sandbox(OPEN_8,
                 figures=[{"id": "she_wolf_b", "square": (4, 0), "facing": "s"},
                          {"id": "she_wolf_a", "square": (5, 0), "facing": "s"},
                          {"id": "crossbow_1", "square": (4, 7), "facing": "n"},
                          {"id": "staker_1", "square": (0, 7), "facing": "w"}],
                 active="she_wolf_b", reaction_rolls={"vampires": 6, "hunters": 1})
    st.apply("vampires", Move("she_wolf_b", "s", "s"))
    err = refused(st, "hunters", Turn("staker_1", "n"))
    assert err.rule == "Moving Characters During an Opponent's Move"
    facings = ["e", "n"]
    for i in range(7):  # the hunter player's 7 Reaction Points, one reaction each
        st.apply("hunters", Turn("crossbow_1", facings[i % 2]))
        st.apply("vampires", Turn("she_wolf_b", facings[i % 2]))
    err = refused(st, "hunters", Turn("crossbow_1", "s"))
    assert err.rule == "Reaction Points" and "0 left" in str(err)
    st.apply("hunters", Decline())
    st.apply("vampires", Turn("she_wolf_a", "w"))  # her inactive She-wolf A reacts
    st.apply("hunters", Decline())
    err = refused(st, "vampires", Turn("she_wolf_a", "s"))
    assert err.rule == "Trading Reactions" and "twice in a row" in str(err)


def test_points_value_recruiting_is_checked() -> None:
    st = GAME.new_game(seed=1, adventure="custom", points=10)
    assert refused(st, "hunters", Recruit("she_wolf")).rule == "Your Own Adventures"
    assert refused(st, "hunters", Recruit("van_helsing")).rule == "Your Own Adventures"
    st.apply("hunters", DoneRecruiting())


@pytest.mark.parametrize("options", [
    {"adventure": "dracula_on_holiday"}, {"turn_limit": -1}, {"turn_limit": "3"},
    {"reaction_dice": "yes"}, {"points": 0}, {"designer": "werewolves"},
    {"custom_map": "nowhere"}, {"data_dir": "/no/such/folder"}, {"sunlight": True},
    {"multiplayer": ("vampires", "hunters", "hunters")},
    {"adventure": "custom", "multiplayer": ("vampires",)},
    {"adventure": "custom", "multiplayer": ("vampires", "ghosts", "hunters")},
])
def test_wrong_options_raise_bad_option_naming_the_choices(options: dict[str, Any]) -> None:
    with pytest.raises(BadOption) as err:
        GAME.new_game(seed=1, **options)
    assert str(err.value)


def corrupt(text: str, change: Any) -> str:
    save = json.loads(text)
    change(save["state"])
    return json.dumps(save)


@pytest.mark.parametrize("change", [
    lambda s: s.update(phase="banana"),
    lambda s: s.update(turn="x"),
    lambda s: s.update(turn=-3),
    lambda s: s["figures"][0].update(kind="werewolf"),
    lambda s: s["figures"][0].update(pos=10**6),
    lambda s: s["figures"][0].update(facing=9),
    lambda s: s["figures"][1].update(pos=s["figures"][0]["pos"]),
    lambda s: s["rp_die"].update(vampires=9),
    lambda s: s["queue"].append({"kind": "dance", "seat": "vampires", "figure": "",
                                 "other": ""}),
    lambda s: s["doors_open"].clear(),
    lambda s: s.pop("figures"),
    lambda s: s["options"].update(adventure="nowhere"),
])
def test_corrupt_saves_raise_corrupt_save(change: Any) -> None:
    st = GAME.new_game(seed=1)
    while st.phase == "setup":
        st.apply("vampires", st.legal_actions("vampires")[0])
    GAME.from_json(st.to_json())  # the intact save loads
    with pytest.raises(CorruptSave):
        GAME.from_json(corrupt(st.to_json(), change))
    with pytest.raises(CorruptSave):
        GAME.from_json("not json")
