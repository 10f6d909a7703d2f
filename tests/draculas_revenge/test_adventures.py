"""The Adventures and their special rules; Your Own Adventures; Multiplayer."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
from dr_helpers import no_dice

import gothic_kernel as gk
from draculas_revenge.actions import (
    ChooseSecretRoom,
    CloseAttack,
    Decline,
    Defile,
    DoneRecruiting,
    EndMove,
    Enter,
    Leave,
    Move,
    Pass,
    Place,
    PlaceVanHelsing,
    Recruit,
    SettleMist,
    TurnToMist,
    Wake,
)
from draculas_revenge.characters import OFF_BOARD
from draculas_revenge.scenario import sandbox
from gothic_kernel import BadOption, IllegalAction, ScriptedDice

GAME = gk.load_game("draculas_revenge")


def passive(st: Any, until: Any) -> None:
    """Play on doing as little as allowed until ``until(st)``."""
    steps = 0
    while not st.is_over and not until(st) and steps < 5000:
        seat = st.current_seats()[0]
        legal = st.legal_actions(seat)
        for quiet in (Decline(), EndMove(), Pass()):
            if quiet in legal:
                st.apply(seat, quiet)
                break
        else:
            st.apply(seat, legal[0])
        steps += 1


def forces(st: Any, seat: str) -> Counter[str]:
    return Counter(f.kind for f in st.figures.values() if f.seat == seat)


def test_into_the_breach_set_up() -> None:
    st = GAME.new_game(seed=3)
    assert st.rules.adventure_id == "into_the_breach"
    assert forces(st, "hunters") == {"staker": 2, "crossbow": 2}
    assert forces(st, "vampires") == {"she_wolf": 3, "nosferatu": 1}
    assert all(f.pos == OFF_BOARD for f in st.figures.values() if f.seat == "hunters")
    placing = st.legal_actions("vampires")
    area = st.rules.board.areas["vampire_starting_area"]
    assert all(isinstance(a, Place) and st.rules.board.index(*a.square) in area
               for a in placing)
    passive(st, lambda s: s.phase != "setup")
    assert all(st.rules.board.tile_at(f.pos) == "chamber_four_doors"
               for f in st.figures.values() if f.seat == "vampires")


def test_into_the_breach_daylight_and_sunset_after_four_turns() -> None:
    st = GAME.new_game(seed=4)
    passive(st, lambda s: s.active and s.active_seat == "vampires")
    assert not any(isinstance(a, TurnToMist) for a in st.legal_actions("vampires"))
    passive(st, lambda s: False)
    assert st.outcome.winners == ("vampires",) and st.turn == 4
    assert "sun sets" in st.outcome.reason


def test_off_board_characters_must_enter_on_their_first_move() -> None:
    st = GAME.new_game(seed=4)
    passive(st, lambda s: s.active and s.active_seat == "hunters")
    legal = st.legal_actions("hunters")
    assert EndMove() not in legal
    assert all(isinstance(a, Enter) for a in legal if getattr(a, "character", "") == st.active)
    entrance = st.rules.board.areas["hunter_entrance"]
    assert {st.rules.board.index(*a.square) for a in legal if isinstance(a, Enter)} <= entrance
    st.apply("hunters", next(a for a in legal if isinstance(a, Enter)))
    assert st.ap_left == 5


def test_into_the_breach_hunters_win_by_destroying_every_vampire() -> None:
    st = sandbox(adventure="into_the_breach", rules={"goal": "into_the_breach"},
                 figures=[{"id": "staker_1", "square": (13, 4), "facing": "n"},
                          {"id": "she_wolf_a", "square": (13, 3), "facing": "n"}],
                 active="staker_1", reaction_dice=False, dice=ScriptedDice([6, 1]))
    st.apply("hunters", CloseAttack("staker_1", "she_wolf_a"))
    assert st.outcome.winners == ("hunters",)


def test_defile_the_coffins_one_vampire_on_each_tinted_tile() -> None:
    st = GAME.new_game(seed=1, adventure="defile_the_coffins")
    assert forces(st, "hunters") == {"staker": 2, "crossbow": 2, "priest": 2}
    assert forces(st, "vampires") == {"she_wolf": 3, "nosferatu": 2}
    first = st.legal_actions("vampires")[0]
    st.apply("vampires", first)
    tile = st.rules.board.tile_at(st.rules.board.index(*first.square))
    assert all(st.rules.board.tile_at(st.rules.board.index(*a.square)) != tile
               for a in st.legal_actions("vampires"))
    passive(st, lambda s: s.phase != "setup")
    tiles = {st.rules.board.tile_at(f.pos) for f in st.figures.values() if f.seat == "vampires"}
    assert len(tiles) == 5


def test_defile_the_coffins_three_points_on_a_tile_and_all_five_win() -> None:
    coffins = ["chamber_one_door_a", "chamber_one_door_b", "chamber_two_doors_a", "crypt"]
    st = sandbox(adventure="defile_the_coffins", rules={"goal": "defile_the_coffins"},
                 figures=[{"id": "staker_1", "square": (14, 14), "facing": "n"},
                          {"id": "she_wolf_a", "square": (1, 1)}],
                 active="staker_1", reaction_dice=False)
    st.defiled = list(coffins)
    assert Defile("staker_1") in st.legal_actions("hunters")
    st.apply("hunters", Defile("staker_1"))
    assert st.outcome.winners == ("hunters",) and st.outcome.reason == "every coffin defiled"


def test_defile_the_coffins_not_twice_and_not_off_the_tinted_tiles() -> None:
    st = sandbox(adventure="defile_the_coffins", rules={"goal": "defile_the_coffins"},
                 figures=[{"id": "staker_1", "square": (14, 14), "facing": "n"},
                          {"id": "staker_2", "square": (8, 8), "facing": "n"},
                          {"id": "she_wolf_a", "square": (1, 1)}],
                 active="staker_1", reaction_dice=False)
    st.apply("hunters", Defile("staker_1"))
    assert st.ap_left == 3 and Defile("staker_1") not in st.legal_actions("hunters")
    st.active = "staker_2"
    st.changed()
    assert Defile("staker_2") not in st.legal_actions("hunters")


def test_cross_the_catacombs_reinforcements_from_turn_five() -> None:
    st = GAME.new_game(seed=2, adventure="cross_the_catacombs")
    assert forces(st, "vampires") == {"she_wolf": 2, "nosferatu": 2, "vampiress": 1,
                                      "dracula": 1}
    assert all(f.pos == OFF_BOARD for f in st.figures.values())
    passive(st, lambda s: s.turn == 4 and s.phase == "timeline")
    assert forces(st, "vampires")["she_wolf"] == 2
    passive(st, lambda s: s.turn == 5)
    assert forces(st, "vampires")["she_wolf"] == 3
    new = [f for f in st.figures.values() if f.kind == "she_wolf" and f.pos == OFF_BOARD]
    assert new and new[0].entrance == "vampire_entrances" and new[0].id in st.hands["vampires"]
    passive(st, lambda s: s.turn == 7)
    assert forces(st, "vampires")["she_wolf"] == 4  # then none left in the box
    passive(st, lambda s: s.turn == 8)
    assert forces(st, "vampires")["she_wolf"] == 4
    assert any("none enters" in e["text"] for e in st.log(gk.PUBLIC))


def test_cross_the_catacombs_two_hunters_off_through_the_vampire_entrances_win() -> None:
    st = sandbox(adventure="cross_the_catacombs", rules={"goal": "cross_the_catacombs"},
                 figures=[{"id": "staker_1", "square": (23, 2), "facing": "e"},
                          {"id": "staker_2", "square": (23, 3), "facing": "e"},
                          {"id": "dracula", "square": (0, 8)}],
                 active="staker_1", reaction_dice=False, hands={"hunters": ["staker_2"]})
    st.apply("hunters", Leave("staker_1"))
    assert st.outcome is None and "staker_1" in st.exited
    st.apply("hunters", EndMove())
    st.apply("hunters", st.legal_actions("hunters")[0])  # play staker_2's card
    passive(st, lambda s: s.active == "staker_2")
    st.apply("hunters", Leave("staker_2"))
    assert st.outcome.winners == ("hunters",)


def test_cross_the_catacombs_vampires_win_when_two_can_no_longer_cross() -> None:
    st = sandbox(adventure="cross_the_catacombs", rules={"goal": "cross_the_catacombs"},
                 figures=[{"id": "staker_1", "square": (10, 8), "facing": "n"},
                          {"id": "dracula", "square": (10, 9), "facing": "n"}],
                 active="dracula", reaction_dice=False, dice=ScriptedDice([6, 1]))
    assert st.outcome is None  # nothing is checked until someone acts
    st.apply("vampires", EndMove())
    assert st.outcome.winners == ("vampires",)  # one hunter left: two can never cross


def test_cross_the_catacombs_a_minion_a_priest_can_save_still_counts() -> None:
    """Ruling: "impossible for the hunters to win" counts a mesmerized hunter while a
    crucifix holder is left to save it (and saving is allowed)."""
    def one_priest_and_a_minion(saver: str, **options: Any) -> Any:
        return sandbox(adventure="cross_the_catacombs", rules={"goal": "cross_the_catacombs"},
                       figures=[{"id": saver, "square": (10, 8), "facing": "n"},
                                {"id": "staker_1", "kind": "minion", "seat": "vampires",
                                 "minion_card": "minion_1", "square": (3, 8)},
                                {"id": "dracula", "square": (20, 9), "facing": "n"}],
                       active="dracula", reaction_dice=False, **options)
    st = one_priest_and_a_minion("priest_1")
    st.apply("vampires", EndMove())
    assert st.outcome is None
    for saver, options in (("crossbow_1", {}), ("priest_1", {"feeding_and_saving": False})):
        st = one_priest_and_a_minion(saver, **options)
        st.apply("vampires", EndMove())
        assert st.outcome.winners == ("vampires",)


def test_hunters_may_not_leave_where_the_briefing_does_not_allow() -> None:
    st = sandbox(adventure="cross_the_catacombs", rules={"goal": "cross_the_catacombs"},
                 figures=[{"id": "staker_1", "square": (0, 2), "facing": "w"},
                          {"id": "staker_2", "square": (5, 8)},
                          {"id": "dracula", "square": (9, 9)}],
                 active="staker_1", reaction_dice=False)
    assert Leave("staker_1") not in st.legal_actions("hunters")


RESCUE_ROOMS = ("chamber_one_door_a", "chamber_one_door_b")


def test_rescue_van_helsing_secret_room_and_forces() -> None:
    st = GAME.new_game(seed=6, adventure="rescue_van_helsing")
    assert forces(st, "vampires") == {"minion": 5, "she_wolf": 3, "nosferatu": 1,
                                      "vampiress": 1}
    assert forces(st, "hunters") == {"staker": 3, "crossbow": 3, "priest": 3}
    assert set(st.legal_actions("vampires")) == {ChooseSecretRoom(r) for r in RESCUE_ROOMS}
    st.apply("vampires", ChooseSecretRoom("chamber_one_door_b"))
    assert st.observation("vampires")["van_helsing"]["room"] == "chamber_one_door_b"
    assert st.observation("hunters")["van_helsing"]["room"] is None
    assert all("chamber_one_door_b" not in e["text"] for e in st.log("hunters"))


def rescue(secret: str, figures: list[dict[str, Any]], active: str, **kw: Any) -> Any:
    st = sandbox(adventure="rescue_van_helsing", rules={"goal": "rescue_van_helsing"},
                 figures=figures, active=active, reaction_dice=False, **kw)
    st.secret_room = secret
    return st


def test_rescue_van_helsing_entering_the_secret_room_reveals_him() -> None:
    st = rescue("chamber_one_door_b",
                [{"id": "staker_1", "square": (11, 8), "facing": "e"},
                 {"id": "priest_1", "square": (0, 9)}, {"id": "minion_1", "square": (8, 14)}],
                "staker_1")
    st.doors_open["door_2"] = True
    st.apply("hunters", Move("staker_1", "e", "e"))  # through the doorway into the room
    assert st.current_seats() == ("vampires",)
    place = st.legal_actions("vampires")
    assert all(isinstance(a, PlaceVanHelsing) for a in place)
    st.apply("vampires", place[0])
    vh = st.figures["van_helsing"]
    assert vh.unconscious and vh.seat == "hunters" and "van_helsing" in st.no_card


def test_rescue_van_helsing_entering_either_room_reveals_him_in_the_recorded_one() -> None:
    st = rescue("chamber_one_door_a",
                [{"id": "staker_1", "square": (11, 8), "facing": "e"},
                 {"id": "priest_1", "square": (0, 9)}, {"id": "minion_1", "square": (8, 14)}],
                "staker_1")
    st.doors_open["door_2"] = True
    st.apply("hunters", Move("staker_1", "e", "e"))  # into chamber_one_door_b
    assert st.current_seats() == ("vampires",)
    north = set(st.rules.board.tile_squares("chamber_one_door_a"))
    assert all(st.rules.board.index(*a.square) in north for a in st.legal_actions("vampires"))
    assert st.observation("hunters")["van_helsing"]["room"] == "chamber_one_door_a"


def test_rescue_van_helsing_the_vampire_player_places_him_facing_any_side() -> None:
    """"When a hunter enters either room, the vampire player places Van Helsing"; placing a
    character is "anywhere on the indicated tiles and facing in any direction you like"
    (Placing Characters). The facing is the vampire player's to choose: once woken, it
    decides whom Van Helsing sees, outflanks and holds back with his crucifix."""
    st = rescue("chamber_one_door_b",
                [{"id": "staker_1", "square": (11, 8), "facing": "e"},
                 {"id": "priest_1", "square": (0, 9)}, {"id": "minion_1", "square": (8, 14)}],
                "staker_1")
    st.doors_open["door_2"] = True
    st.apply("hunters", Move("staker_1", "e", "e"))
    place = st.legal_actions("vampires")
    square = place[0].square
    assert {a.facing for a in place if a.square == square} == {"n", "e", "s", "w"}
    assert st.prompt("vampires").endswith("facing any direction you like.")
    before = st.to_json()
    with pytest.raises(IllegalAction, match="never a corner"):
        st.apply("vampires", PlaceVanHelsing(square, "ne"))
    assert st.to_json() == before
    st.apply("vampires", PlaceVanHelsing(square, "w"))
    vh = st.figures["van_helsing"]
    assert vh.unconscious and vh.facing == 3 and st.rules.board.xy(vh.pos) == square
    assert st.log(gk.PUBLIC)[-1]["text"].endswith(f"at {square}, facing west.")
    # a record of before, without a facing, reads as facing north (as he was placed then)
    old = {"type": "place_van_helsing", "square": [5, 5]}
    assert GAME.parse_action(old) == PlaceVanHelsing((5, 5), "n")


def test_rescue_van_helsing_waking_him_and_he_cannot_move_while_unconscious() -> None:
    figs = [{"id": "van_helsing", "square": (14, 8), "facing": "n", "unconscious": True},
            {"id": "priest_1", "square": (13, 8), "facing": "e"},
            {"id": "minion_1", "square": (8, 14)}]
    st = rescue("chamber_one_door_b", figs, "van_helsing")
    assert st.legal_actions("hunters") == [EndMove()]
    st2 = rescue("chamber_one_door_b", figs, "priest_1")
    st2.van_helsing_found = True
    assert Wake("priest_1") in st2.legal_actions("hunters")
    st2.apply("hunters", Wake("priest_1"))
    assert not st2.figures["van_helsing"].unconscious and st2.ap_left == 3


def test_rescue_van_helsing_a_vampire_attack_renders_him_unconscious() -> None:
    st = rescue("chamber_one_door_b",
                [{"id": "van_helsing", "square": (14, 8), "facing": "e"},
                 {"id": "priest_1", "square": (0, 9)},
                 {"id": "she_wolf_a", "square": (14, 9), "facing": "n"}],
                "she_wolf_a", dice=ScriptedDice([6, 1]))
    st.van_helsing_found = True
    st.apply("vampires", CloseAttack("she_wolf_a", "van_helsing"))
    assert st.figures["van_helsing"].unconscious and not st.queue  # not killed: no feeding


def test_rescue_van_helsing_hunters_win_when_he_gets_off_the_board() -> None:
    st = rescue("chamber_one_door_b",
                [{"id": "van_helsing", "square": (0, 8), "facing": "w"},
                 {"id": "minion_1", "square": (9, 9)}], "van_helsing")
    st.van_helsing_found = True
    st.apply("hunters", Leave("van_helsing"))
    assert st.outcome.winners == ("hunters",)


def test_rescue_van_helsing_vampires_win_with_him_mesmerized_and_no_priest_left() -> None:
    st = rescue("chamber_one_door_b",
                [{"id": "van_helsing", "kind": "minion", "seat": "vampires",
                  "minion_card": "minion_5", "square": (14, 8)},
                 {"id": "staker_1", "square": (0, 9)},
                 {"id": "minion_1", "square": (9, 9)}], "minion_1")
    st.van_helsing_found = True
    st.apply("vampires", EndMove())
    assert st.outcome.winners == ("vampires",)


def test_destroy_dracula_forces_and_sunrise_after_turn_three() -> None:
    st = GAME.new_game(seed=8, adventure="destroy_dracula")
    assert forces(st, "hunters") == {"staker": 5, "crossbow": 5, "priest": 5, "van_helsing": 1}
    assert forces(st, "vampires") == {"she_wolf": 3, "nosferatu": 4, "vampiress": 3,
                                      "dracula": 1}
    passive(st, lambda s: s.phase != "setup")
    st.figures["she_wolf_a"].misted = True
    st.figures["she_wolf_b"].misted = True
    st.figures["she_wolf_b"].pos = st.figures["she_wolf_a"].pos
    st.changed()
    passive(st, lambda s: s.turn == 3 and s.phase == "between")
    assert st.current_seats() == ("vampires",)
    first = st.legal_actions("vampires")
    assert all(isinstance(a, SettleMist) for a in first)
    st.apply("vampires", first[0])
    second = st.legal_actions("vampires")
    a_square = st.rules.board.xy(st.figures["she_wolf_a"].pos)
    assert all(a.square != a_square for a in second)  # moved to the nearest open square
    st.apply("vampires", second[0])
    assert not any(f.misted for f in st.figures.values()) and st.turn == 4
    passive(st, lambda s: s.active and s.active_seat == "vampires")
    assert not any(isinstance(a, TurnToMist) for a in st.legal_actions("vampires"))


def test_destroy_dracula_sunrise_the_vampire_player_chooses_who_stays() -> None:
    """"If more than one misted vampire is in the same square ... one vampire becomes
    solid in that spot, and the vampire player places the other misted vampires in the
    nearest available squares"; one sharing a solid character's square moves too."""
    st = sandbox(["......", "......", "......", "......"], adventure="destroy_dracula",
                 figures=[{"id": "she_wolf_a", "square": (2, 1), "misted": True},
                          {"id": "she_wolf_b", "square": (2, 1), "misted": True},
                          {"id": "nosferatu_a", "square": (4, 3), "misted": True},
                          {"id": "staker_1", "square": (4, 3), "facing": "w"},
                          {"id": "dracula", "square": (0, 0)}],
                 active="staker_1", turn=3, reaction_dice=False)
    st.apply("hunters", EndMove())  # the end of Turn 3: the sun comes up
    assert st.current_seats() == ("vampires",)
    legal = st.legal_actions("vampires")
    assert {a.character for a in legal} == {"she_wolf_a", "she_wolf_b", "nosferatu_a"}
    assert {a.square for a in legal if a.character == "nosferatu_a"} == {
        (3, 2), (4, 2), (5, 2), (3, 3), (5, 3)}  # the nearest open squares, not (4, 3)
    st.apply("vampires", SettleMist("she_wolf_b", (2, 1), "w"))  # She-wolf B stays
    assert {a.square for a in st.legal_actions("vampires") if a.character == "she_wolf_a"} \
        == {(1, 0), (2, 0), (3, 0), (1, 1), (3, 1), (1, 2), (2, 2), (3, 2)}
    st.apply("vampires", SettleMist("she_wolf_a", (1, 1), "s"))
    st.apply("vampires", SettleMist("nosferatu_a", (5, 2), "n"))
    assert st.turn == 4 and not any(f.misted for f in st.figures.values())
    solid = [e for e in st.log(gk.PUBLIC) if e["kind"] == "solid"]
    assert [e["figure"] for e in solid] == ["she_wolf_b", "she_wolf_a", "nosferatu_a"]


def test_destroy_dracula_hunters_win_by_destroying_dracula() -> None:
    st = sandbox(adventure="destroy_dracula", rules={"goal": "destroy_dracula"},
                 figures=[{"id": "staker_1", "square": (14, 8), "facing": "n"},
                          {"id": "dracula", "square": (14, 7), "facing": "n"},
                          {"id": "she_wolf_a", "square": (20, 8)}],
                 active="staker_1", reaction_dice=False, dice=ScriptedDice([6, 1]))
    st.apply("hunters", CloseAttack("staker_1", "dracula"))
    assert st.outcome.winners == ("hunters",) and st.outcome.reason == "Dracula is destroyed"


def test_custom_adventure_points_budget_and_placing_order() -> None:
    st = GAME.new_game(seed=1, adventure="custom", points=10, designer="vampires")
    assert st.current_seats() == ("hunters",)  # the non-designer builds and places first
    assert Recruit("van_helsing") not in st.legal_actions("hunters")  # 12 points > 10
    st.apply("hunters", Recruit("priest"))
    assert Recruit("priest") not in st.legal_actions("hunters")  # 4 points left
    st.apply("hunters", Recruit("staker"))
    st.apply("hunters", DoneRecruiting())
    assert Recruit("she_wolf") in st.legal_actions("vampires")
    assert Recruit("staker") not in st.legal_actions("vampires")
    st.apply("vampires", Recruit("nosferatu"))
    st.apply("vampires", Recruit("she_wolf"))
    st.apply("vampires", DoneRecruiting())
    assert st.current_seats() == ("hunters",)
    passive(st, lambda s: s.phase != "setup")
    assert st.turn == 1


def test_custom_adventure_default_goals() -> None:
    st = GAME.new_game(seed=1, adventure="custom", points=6)
    passive(st, lambda s: False)
    # nobody attacks: the hunters hold out for 5 turns; no one may leave the board
    assert st.turn == 5 and st.outcome.winners == ("hunters",)
    assert not st.exited


def test_multiplayer_seats_and_last_player_standing() -> None:
    st = GAME.new_game(seed=1, adventure="custom", points=8,
                       multiplayer=("vampires", "hunters", "hunters"))
    assert st.seats == ("vampires_1", "hunters_2", "hunters_3")
    assert st.current_seats() == ("vampires_1",)
    passive(st, lambda s: False)
    assert st.outcome is not None


def test_multiplayer_needs_a_custom_adventure() -> None:
    with pytest.raises(BadOption):
        GAME.new_game(seed=1, multiplayer=("vampires", "hunters", "hunters"))
    with pytest.raises(BadOption):
        GAME.new_game(seed=1, adventure="custom", multiplayer=("vampires", "orcs", "hunters"))


@pytest.mark.parametrize("sides", [
    ("vampires", "hunters", "hunters", "vampires", "hunters"),
    ("hunters", "vampires", "hunters", "vampires", "hunters", "vampires"),
])
def test_multiplayer_more_than_two_players_has_no_most_of_four(sides: tuple[str, ...]) -> None:
    """Multiplayer: "You can play games with more than two players", with no most; five or
    six players buy, place and play to the end (ruling 22). Refused before this version."""
    import random

    st = GAME.new_game(seed=2, adventure="custom", points=12, multiplayer=sides)
    assert st.seats == tuple(f"{side}_{i}" for i, side in enumerate(sides, 1))
    rng = random.Random(2)
    while not st.is_over:
        seat = st.current_seats()[0]
        st.apply(seat, rng.choice(list(st.legal_actions(seat))))
    assert st.outcome is not None and set(st.outcome.winners) <= set(st.seats)


def test_multiplayer_the_box_bounds_the_players_of_a_side() -> None:
    """Every player needs a Character Card of its side: the box holds 17 for the vampires
    (12 vampires, 5 minions) and 19 for the hunters (ruling 22)."""
    GAME.new_game(seed=1, adventure="custom", points=4,
                  multiplayer=("hunters",) + ("vampires",) * 17)
    with pytest.raises(BadOption, match="17 Character Cards"):
        GAME.new_game(seed=1, adventure="custom", multiplayer=("hunters",) + ("vampires",) * 18)
    with pytest.raises(BadOption, match="19 Character Cards"):
        GAME.new_game(seed=1, adventure="custom", multiplayer=("vampires",) + ("hunters",) * 20)
    with pytest.raises(BadOption, match="more than two players"):
        GAME.new_game(seed=1, adventure="custom", multiplayer=("vampires", "hunters"))


def test_several_players_on_a_side_share_its_seat_and_multiplayer_players_fight_alone(
        ) -> None:
    """Object of the Game: "Although several players can play on a side, these rules assume
    there's only one player to each side": the two-player game has one seat a side, which
    several people may play together (ruling 34). Players of one side who each play their
    own seat are the Multiplayer rule, where "Each player fights alone": a hunter player's
    Staker may attack another hunter player's."""
    assert GAME.new_game(seed=1, adventure="destroy_dracula").seats == ("vampires", "hunters")
    st = no_dice(adventure="custom", multiplayer=("vampires", "hunters", "hunters"),
                 figures=[{"id": "staker_1", "seat": "hunters_2", "square": (2, 3),
                           "facing": "n"},
                          {"id": "staker_2", "seat": "hunters_3", "square": (2, 2),
                           "facing": "s"},
                          {"id": "she_wolf_a", "seat": "vampires_1", "square": (6, 6),
                           "facing": "n"}],
                 active="staker_1", dice=ScriptedDice([6, 1]))
    assert CloseAttack("staker_1", "staker_2") in st.legal_actions("hunters_2")
    st.apply("hunters_2", CloseAttack("staker_1", "staker_2"))
    assert "staker_2" not in st.figures


def test_multiplayer_reactions_go_round_from_the_active_players_left() -> None:
    st = sandbox(["........"] * 8, adventure="custom",
                 multiplayer=("vampires", "hunters", "hunters"),
                 figures=[{"id": "she_wolf_a", "seat": "vampires_1", "square": (4, 0),
                           "facing": "s"},
                          {"id": "staker_1", "seat": "hunters_2", "square": (4, 7),
                           "facing": "n"},
                          {"id": "staker_2", "seat": "hunters_3", "square": (5, 7),
                           "facing": "n"}],
                 active="she_wolf_a",
                 reaction_rolls={"vampires_1": 1, "hunters_2": 1, "hunters_3": 1})
    st.apply("vampires_1", Move("she_wolf_a", "s", "s"))
    assert st.current_seats() == ("hunters_2",)
    st.apply("hunters_2", Decline())
    assert st.current_seats() == ("hunters_3",)
    st.apply("hunters_3", Decline())
    assert st.current_seats() == ("vampires_1",)


def test_unknown_options_are_refused() -> None:
    with pytest.raises(BadOption):
        GAME.new_game(seed=1, adventure="dracula_on_holiday")
    with pytest.raises(BadOption):
        GAME.new_game(seed=1, sunlight=True)


def test_daylight_adventures_reject_mist() -> None:
    st = no_dice(figures=[{"id": "she_wolf_a", "square": (3, 3)}], active="she_wolf_a",
                 rules={"daylight": True})
    with pytest.raises(IllegalAction):
        st.apply("vampires", TurnToMist("she_wolf_a"))


def test_points_value_own_forces_for_a_printed_adventure() -> None:
    st = GAME.new_game(seed=2, adventure="defile_the_coffins", own_forces=True)
    seat = st.current_seats()[0]
    assert seat == "hunters"  # ruling: like your own adventure, the vampires "designed"
    for _ in range(4):
        st.apply("hunters", Recruit("priest"))  # 4 x 6 = the hunters' 24 points
    assert st.legal_actions("hunters") == [DoneRecruiting()]
    st.apply("hunters", DoneRecruiting())
    st.apply("vampires", Recruit("vampiress"))
    st.apply("vampires", Recruit("vampiress"))
    # "the same total points values as those listed": 16 of 24 is not enough
    assert DoneRecruiting() not in st.legal_actions("vampires")
    with pytest.raises(IllegalAction) as err:
        st.apply("vampires", DoneRecruiting())
    assert err.value.rule == "Points Value"
    st.apply("vampires", Recruit("vampiress"))
    st.apply("vampires", DoneRecruiting())
    assert all(f.pos == OFF_BOARD for f in st.figures.values() if f.seat == "hunters")
    assert isinstance(st.legal_actions("vampires")[0], Place)
    passive(st, lambda s: s.phase != "setup")
    assert forces(st, "vampires") == {"vampiress": 3}


def test_points_value_own_forces_stop_where_the_box_runs_out() -> None:
    """Ruling: the exact total is required unless nothing left in the box fits."""
    st = GAME.new_game(seed=2, adventure="rescue_van_helsing", own_forces=True)
    st.apply("vampires", st.legal_actions("vampires")[0])  # the secret room
    while st.current_seats() == ("hunters",):
        st.apply("hunters", Recruit("staker") if Recruit("staker") in
                 st.legal_actions("hunters") else st.legal_actions("hunters")[0])
    for kind in ["she_wolf"] * 4 + ["minion"] * 5 + ["nosferatu"]:
        st.apply("vampires", Recruit(kind))
    # 32 of 36 points: 4 left, no She-wolf or Minion left in the box, the rest cost more
    assert st.legal_actions("vampires") == [DoneRecruiting()]


def test_points_value_own_forces_spread_over_the_tinted_tiles() -> None:
    """Defile the Coffins with more than five vampires: each tile gets one before any
    gets a second (ruling)."""
    st = GAME.new_game(seed=2, adventure="defile_the_coffins", own_forces=True)
    for _ in range(4):
        st.apply("hunters", Recruit("priest"))
    st.apply("hunters", DoneRecruiting())
    for kind in ["minion"] * 5 + ["she_wolf", "she_wolf", "nosferatu"]:
        st.apply("vampires", Recruit(kind))  # 10 + 8 + 6 = 24: eight vampire characters
    st.apply("vampires", DoneRecruiting())
    passive(st, lambda s: s.phase != "setup")
    board = st.rules.board
    per_tile = Counter(board.tile_at(f.pos) for f in st.figures.values()
                       if f.seat == "vampires")
    assert sorted(per_tile.values()) == [1, 1, 2, 2, 2]


def test_placing_characters_never_in_a_closed_doorway() -> None:
    """The tinted tiles include their doorways; a closed door fills its doorway, so no
    character is placed there (ruling)."""
    st = GAME.new_game(seed=1, adventure="rescue_van_helsing")
    board = st.rules.board
    doors = {c for cells in board.doors.values() for c in cells}
    st.apply("vampires", ChooseSecretRoom("chamber_one_door_a"))
    squares = {board.index(*a.square) for a in st.legal_actions("vampires")}
    assert squares and not squares & doors
    assert doors & board.areas["vampire_starting_areas"]


@pytest.mark.parametrize("multiplayer", [(), ("vampires", "hunters", "hunters")])
def test_your_own_adventures_everyone_buys_then_each_character_is_placed_once(
        multiplayer: tuple[str, ...]) -> None:
    st = GAME.new_game(seed=3, adventure="custom", points=12, multiplayer=multiplayer)
    passive(st, lambda s: s.phase != "setup")
    placed = [e for e in st.log(gk.PUBLIC) if e["kind"] == "placed"]
    bought = [e for e in st.log(gk.PUBLIC) if e["kind"] == "recruited"]
    assert len(bought) == len(st.seats)
    assert sorted(e["figure"] for e in placed) == sorted(st.figures)
    first_place = st.log(gk.PUBLIC).index(placed[0])
    assert all(st.log(gk.PUBLIC).index(e) < first_place for e in bought)


def test_rescue_van_helsing_a_full_room_places_him_on_the_nearest_free_square() -> None:
    """Ruling: if every square of the recorded room is taken he lies on the nearest free
    square outside it (the game never waits for an impossible placement)."""
    board = GAME.new_game(seed=1, adventure="rescue_van_helsing").rules.board
    room = [board.xy(s) for s in board.tile_squares("chamber_one_door_a")
            if s not in board.door_of]
    cards = [f"minion_{i}" for i in range(1, 6)] + [f"she_wolf_{c}" for c in "abcd"] + \
        [f"nosferatu_{c}" for c in "abcd"] + [f"vampiress_{c}" for c in "abc"]
    crowd = [{"id": card, "square": sq} for card, sq in zip(cards, room, strict=True)]
    crowd.append({"id": "dracula", "square": (9, 5)})  # and the doorway
    st = rescue("chamber_one_door_a",
                [*crowd, {"id": "staker_1", "square": (8, 6), "facing": "n"}], "staker_1")
    st.doors_open["door_1"] = True
    st.apply("hunters", Move("staker_1", "n", "n"))  # into the (full) recorded room
    squares = {a.square for a in st.legal_actions("vampires")}
    assert squares == {(8, 6), (9, 6)}  # the free squares just outside the doorway


def test_your_own_adventures_a_points_value_for_each_side() -> None:
    """"one player ... sets a total points value for the characters on each side"."""
    st = GAME.new_game(seed=1, adventure="custom", points=12, vampire_points=20)
    assert Recruit("van_helsing") in st.legal_actions("hunters")  # 12 points
    st.apply("hunters", Recruit("van_helsing"))
    assert st.legal_actions("hunters") == [DoneRecruiting()]
    st.apply("hunters", DoneRecruiting())
    for kind in ("dracula", "vampiress"):
        st.apply("vampires", Recruit(kind))  # 12 + 8 = 20
    assert st.legal_actions("vampires") == [DoneRecruiting()]
    with pytest.raises(BadOption):
        GAME.new_game(seed=1, adventure="custom", hunter_points=-1)


def buy_and_finish(st: Any, seat: str, kinds: list[str]) -> None:
    for kind in kinds:
        st.apply(seat, Recruit(kind))
    st.apply(seat, DoneRecruiting())


@pytest.mark.parametrize(("designer", "chooser"), [("vampires", "hunters"),
                                                   ("hunters", "vampires")])
def test_your_own_adventures_the_player_who_did_not_design_the_board_goes_first(
        designer: str, chooser: str) -> None:
    """"The player who did not design the board chooses whether to play hunters or
    vampires" (ruling 21: the seats are the sides, so the choice is the seat that player
    takes, and ``designer`` names the other) and "places his characters on the board
    first": that player buys first, then places every character first."""
    st = GAME.new_game(seed=1, adventure="custom", points=6, designer=designer)
    assert st.current_seats() == (chooser,)
    buy_and_finish(st, chooser, ["priest"] if chooser == "hunters" else ["nosferatu"])
    buy_and_finish(st, designer, ["priest"] if designer == "hunters" else ["nosferatu"])
    placed = []
    while st.phase == "setup":
        seat = st.current_seats()[0]
        placed.append(seat)
        st.apply(seat, st.legal_actions(seat)[0])
    assert placed == [chooser, designer]


def test_your_own_adventures_characters_are_placed_anywhere_on_the_board() -> None:
    """"places his characters on the board": any free square of the board (not a closed
    doorway), facing any side; the option ``start_areas`` keeps each player to the map's
    start area instead (a special rule the players may agree)."""
    st = GAME.new_game(seed=1, adventure="custom", points=6)
    buy_and_finish(st, "hunters", ["priest"])
    buy_and_finish(st, "vampires", ["nosferatu"])
    board = st.rules.board
    free = {board.xy(s) for s in range(board.size)
            if board.open[s] and s not in board.door_of}
    squares = {a.square for a in st.legal_actions("hunters")}
    assert squares == free
    assert "on the board" in st.prompt("hunters")
    st.apply("hunters", Place("priest_1", (8, 8), "e"))  # the middle: no start area there
    assert (8, 8) not in {a.square for a in st.legal_actions("vampires")}
    areas = GAME.new_game(seed=1, adventure="custom", points=6, start_areas=True)
    buy_and_finish(areas, "hunters", ["priest"])
    buy_and_finish(areas, "vampires", ["nosferatu"])
    area = areas.rules.board.areas["start_area_2"]
    assert {board.index(*a.square) for a in areas.legal_actions("hunters")} == \
        {s for s in area if s not in board.door_of}
