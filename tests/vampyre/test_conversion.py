"""Vampiric Conversion, Werewolf Conversion, Possession, The Standing Stones, and players
fighting players."""

from __future__ import annotations

from typing import Any

from vampyre.actions import REST, TAKE_TURN, Move
from vampyre.state import (
    HUNTER,
    NOSFERATU,
    PLAYER_WEREWOLF,
    SAVED,
    THE_CRYPTS,
    THE_STANDING_STONES,
    VampyreState,
)

from .helpers import QUIET_NIGHT, camp_in, give, new, put, script, texts, turn_of, two_dice


def test_vampiric_conversion_three_bites_make_a_nosferatu_who_loses_every_item() -> None:
    state = new()
    state.players["harker"].bites = 2
    give(state, "harker", "gun", "the_host")
    where = camp_in(state, "harker", "forest", [*two_dice(2), 1])  # vampire; B
    p = state.players["harker"]
    assert p.form == NOSFERATU and p.items == [] and p.location == where
    assert "Harker becomes a nosferatu" in texts(state)


def test_a_nosferatu_neither_searches_nor_rolls_for_encounters() -> None:
    state = new()
    state.players["harker"].form = NOSFERATU
    put(state, "harker", "hex_09_05")
    turn_of(state, "harker", 1)
    script(state, [1] * 5)
    state.apply("harker", Move("hex_10_05"))
    assert texts(state)[-1] == "Harker rolls 1, moves to the forest hex at 10.05"
    assert state.current_seats() == ("mina",)


def nosferatu_attacks(die: int):  # type: ignore[no-untyped-def]
    state = new()
    state.players["mina"].form = NOSFERATU
    put(state, "mina", "hex_09_05")
    put(state, "harker", "hex_10_05")
    turn_of(state, "mina", 1)
    script(state, [die, *[1] * 30])
    state.apply("mina", Move("hex_10_05", "harker"))
    return state


def test_a_nosferatu_attacks_by_ending_its_move_on_a_hunter() -> None:
    state = nosferatu_attacks(1)  # B
    assert "Mina attacks Harker" in texts(state)
    assert state.players["harker"].bites == 1


def test_a_nosferatu_defeated_dissolves_and_reappears_in_the_crypts_next_turn() -> None:
    state = new()
    give(state, "harker", "the_host", "silver_crucifix")
    state.players["mina"].form = NOSFERATU
    put(state, "harker", "hex_09_05")
    put(state, "mina", "hex_10_05")
    turn_of(state, "harker", 1)
    script(state, [*QUIET_NIGHT, 3, *[1] * 20])  # 3 + 2 = 5: V
    state.apply("harker", Move("hex_10_05", "mina"))
    assert "Mina dissolves into a cloud of vapour" in texts(state)
    assert state.players["mina"].location == THE_CRYPTS  # back at the start of her turn


def test_salvation_destroys_the_nosferatu_for_good() -> None:
    state = new()
    give(state, "harker", "the_host", "silver_crucifix")
    state.players["mina"].form = NOSFERATU
    put(state, "harker", "hex_09_05")
    put(state, "mina", "hex_10_05")
    turn_of(state, "harker", 1)
    script(state, [*QUIET_NIGHT, 6, *[1] * 20])  # 6 + 2 = 8: S
    state.apply("harker", Move("hex_10_05", "mina"))
    assert state.players["mina"].out == SAVED
    assert state.current_seats() == ("van_helsing",)  # Mina takes no more turns


def test_players_fighting_players_an_n_goes_on_at_the_soonest_turn_of_either() -> None:
    state = nosferatu_attacks(4)  # N on the nosferatu row
    fight = state.fight_of("harker")
    assert fight is not None and fight is state.fight_of("mina")
    assert state.current_seats() == ("van_helsing",)
    turn_of(state, "harker")  # Harker's turn comes first: he fights on instead of moving
    script(state, [6, *[1] * 20])
    state.apply("harker", TAKE_TURN)
    assert state.fight_of("mina") is None
    assert state.players["harker"].location == "hex_10_05"


def test_ruling_a_turn_lost_while_locked_in_a_fight_with_a_player_is_lost_whole() -> None:
    """Ruling 36: Harker, held up by the storm (Strange Occurrence 4: "Lose one turn") in
    the forest, is attacked by the nosferatu Mina before that turn comes: N. His lost turn
    is lost whole: he does not fight on it ("the battle continues on the soonest turn of
    either player" that is played: Mina's), nor make camp with the battle unresolved;
    the fight goes on at Mina's next turn."""
    state = new(players=2)
    state.players["mina"].form = NOSFERATU
    put(state, "mina", "hex_09_05")
    put(state, "harker", "hex_10_05")  # forest
    state.players["harker"].lost_turns = 1  # the storm
    turn_of(state, "mina", 1)
    script(state, [4, 1, *[1] * 30])  # N; then, at Mina's next turn, B
    state.apply("mina", Move("hex_10_05", "harker"))  # Harker's lost turn needs no decision
    log = texts(state)
    n = log.index("Mina (Nosferatu) rolls 4 against Harker: N (no result)")
    assert log[n + 1:n + 7] == [
        "Harker's fight is not resolved; it goes on next turn", "Round 2",
        "Harker loses this turn",  # no roll in the fight, no night's encounter roll
        "The fight between Harker and Mina (Nosferatu) goes on", "Mina attacks Harker",
        "Mina (Nosferatu) rolls 1 against Harker: B (bite)"]
    assert state.players["harker"].bites == 1 and state.players["harker"].lost_turns == 0


def test_werewolf_conversion_two_bites_and_a_werewolfs_wound() -> None:
    state = new()
    state.players["harker"].bites = 2
    give(state, "harker", "knife")
    where = camp_in(state, "harker", "evil", [*two_dice(8), 1])  # werewolf; W
    p = state.players["harker"]
    assert p.form == PLAYER_WEREWOLF and p.location == where and p.items == []


def test_one_bite_and_a_werewolfs_wound_is_just_a_wound() -> None:
    state = new()
    state.players["harker"].bites = 1
    camp_in(state, "harker", "evil", [*two_dice(8), 1])
    assert state.players["harker"].form == HUNTER
    assert state.players["harker"].location == "klausenburg"


def test_player_werewolves_do_not_roll_for_encounters() -> None:
    state = new()
    state.players["harker"].form = PLAYER_WEREWOLF
    put(state, "harker", "hex_09_05")
    turn_of(state, "harker", 1)
    script(state, [1] * 5)
    state.apply("harker", Move("hex_10_05"))
    assert state.current_seats() == ("mina",)


def test_possession_double_speed_towards_the_nearest_living_player_and_attack() -> None:
    state = new()
    state.players["harker"].possessed = 3
    put(state, "harker", "hex_00_11")
    put(state, "mina", "hex_03_11")
    put(state, "van_helsing", "hex_12_01")
    put(state, "godalming", "klausenburg")
    state.order.seat_index = 3
    turn_of(state, "godalming", 1)
    script(state, [5, 5, 1, *[1] * 20])  # Harker's two dice, then W for Mina
    state.apply("godalming", next(m for m in state.legal_actions("godalming")
                                  if state.world.transylvania.terrain[m.to] in
                                  ("clear", "large")))
    assert "charges towards Mina" in " ".join(texts(state))
    assert state.players["harker"].location == "hex_03_11"
    assert "Harker attacks Mina" in texts(state)
    assert state.players["mina"].location == "klausenburg"  # wounded by the possessed
    assert state.players["harker"].possessed == 2  # one possessed turn spent


def test_a_victory_against_a_possessed_hunter_wounds_him_and_ends_the_possession() -> None:
    state = new()
    state.players["mina"].possessed = 4
    put(state, "harker", "hex_09_05")
    put(state, "mina", "hex_10_05")
    turn_of(state, "harker", 1)
    script(state, [*QUIET_NIGHT, 6, *[1] * 20])  # V on the possessed row
    state.apply("harker", Move("hex_10_05", "mina"))
    assert state.players["mina"].possessed == 0
    assert state.players["mina"].location == "klausenburg"



def test_a_hunter_may_attack_a_possessed_hunter_in_the_last_turn_of_the_possession() -> None:
    """Vampiric Conversion (possession): a possessed player is a hunter's foe for as long
    as the demon holds him, its last turn (one left) too; once free, he is not."""
    state = new()
    put(state, "harker", "hex_09_05")
    put(state, "mina", "hex_10_05")
    state.players["mina"].possessed = 1
    turn_of(state, "harker", 1)
    assert Move("hex_10_05", "mina") in state.legal_actions("harker")
    state.players["mina"].possessed = 0
    state.invalidate()
    assert Move("hex_10_05", "mina") not in state.legal_actions("harker")

def test_the_possessed_do_not_roll_for_encounters_and_possession_wears_off() -> None:
    state = new()
    state.players["harker"].possessed = 1
    for seat in ("mina", "van_helsing", "godalming"):
        put(state, seat, "klausenburg")  # sheltered: no one to attack
    put(state, "harker", "hex_09_05")
    state.order.seat_index = 3
    turn_of(state, "godalming", 1)
    script(state, [1, 1, 1, *[1] * 20])
    state.apply("godalming", state.legal_actions("godalming")[0])
    assert state.players["harker"].possessed == 0
    assert "Harker is free of the demon: the demon departs" in texts(state)


def test_the_standing_stones_cure_every_bite_once() -> None:
    state = new()
    p = state.players["harker"]
    p.bites = 2
    put(state, "harker", THE_STANDING_STONES)
    turn_of(state, "harker")
    assert state.legal_actions("harker") == [TAKE_TURN, REST]
    script(state, [1] * 10)
    state.apply("harker", REST)
    assert p.bites == 0 and p.cured
    p.bites = 1
    turn_of(state, "harker")
    state.pending = None
    from vampyre.turns import turn_choices

    assert turn_choices(state, "harker") == []  # only once per hunter


def test_the_standing_stones_do_not_affect_nosferatu() -> None:
    state = new()
    state.players["harker"].form = NOSFERATU
    state.players["harker"].bites = 3
    put(state, "harker", THE_STANDING_STONES)
    from vampyre.turns import turn_choices

    assert turn_choices(state, "harker") == []


def test_a_hunter_attacked_by_a_player_werewolf_declares_the_silver_bullet_first() -> None:
    """'if the werewolf is a transformed player, the vampire hunter must declare whether
    the silver bullet will be used before the combat die is rolled': the decision is the
    hunter's, on the werewolf's turn; the werewolf then rolls."""
    state = new()
    give(state, "harker", "silver_bullet")
    state.players["mina"].form = PLAYER_WEREWOLF
    put(state, "mina", "hex_09_05")
    put(state, "harker", "hex_10_05")
    turn_of(state, "mina", 1)
    script(state, [6, *[1] * 20])  # Mina rolls 6 on the melee table: V for Harker
    state.apply("mina", Move("hex_10_05", "harker"))
    assert state.current == "mina" and state.current_seats() == ("harker",)
    from vampyre.actions import FIRE

    state.apply("harker", FIRE)
    assert state.players["mina"].out == "slain"
    assert "Harker will fire the silver bullet" in texts(state)


def test_possession_twice_normal_speed_is_two_dice_of_the_terrain_rate() -> None:
    """'the possessed individual will move twice his or her normal speed (roll two dice for
    movement)': in the forest a 1 gives one hex and a 4 two, three in all (ruling 15).
    One die doubled would give two hexes or four, the two dice read as one roll of 5 two."""
    state = new()
    state.players["harker"].possessed = 2
    put(state, "harker", "hex_07_03")  # forest, off the road
    put(state, "mina", "hex_07_08")  # five hexes south, through the forest
    for seat in ("van_helsing", "godalming"):
        put(state, seat, "klausenburg")
    state.order.seat_index = 3
    turn_of(state, "godalming", 1)
    script(state, [1, 4, *[1] * 20])
    state.apply("godalming", next(m for m in state.legal_actions("godalming")
                                  if state.world.transylvania.terrain[m.to] == "clear"))
    charge = [e for e in state.log("public") if e["kind"] == "possessed"][-1]
    assert charge["target"] == "mina" and len(charge["path"]) == 3
    assert state.players["harker"].location == charge["path"][-1]
    board = state.world.transylvania
    steps = zip(["hex_07_03", *charge["path"]], charge["path"], strict=False)
    assert "forest" in {board.step_terrain(a, b) for a, b in steps}
    assert board.distance(charge["path"][-1], "hex_07_08") == 2  # three hexes nearer


def test_conversion_counters_the_sixth_nosferatu_ends_the_game() -> None:
    """Five nosferatu counters (Counters): with six players, a sixth nosferatu can only be
    the last hunter falling, which ends the game with no winner (ruling 29)."""
    state = new(players=6)
    for seat in ("mina", "van_helsing", "godalming", "morris", "seward"):
        state.players[seat].form = NOSFERATU
        put(state, seat, "hex_00_00")
    state.players["harker"].bites = 2
    put(state, "harker", "hex_10_05")
    put(state, "mina", "hex_09_05")
    turn_of(state, "mina", 1)
    script(state, [1, *[1] * 10])
    state.apply("mina", Move("hex_10_05", "harker"))
    assert sum(p.form == NOSFERATU for p in state.players.values()) == 6
    assert state.is_over and state.outcome is not None and state.outcome.winners == ()


def possessed_charge(state: VampyreState, dice: list[int]) -> dict[str, Any]:
    """Godalming, far away, ends his turn on clear ground; then Harker, possessed, charges
    with ``dice`` (then 1s: a W for Mina if he reaches her). The charge's log entry."""
    state.players["harker"].possessed = 2
    put(state, "godalming", "hex_10_11")
    put(state, "van_helsing", "hex_09_11")
    state.order.seat_index = 3
    turn_of(state, "godalming", 1)
    script(state, [*dice, *[1] * 20])
    board = state.world.transylvania
    state.apply("godalming", next(m for m in state.legal_actions("godalming")
                                  if board.terrain[m.to] == "clear"))
    charge: dict[str, Any] = [e for e in state.log("public") if e["kind"] == "possessed"][-1]
    return charge


def test_p_possession_the_charge_keeps_to_the_road_that_reaches_the_prey() -> None:
    """'P - Possession': the possessed "will move twice his or her normal speed (roll two
    dice for movement) towards the nearest living player and attack him or her". A 2 and a
    2 take a walker 2 + 2 hexes along a road but 1 + 1 off it: from Klausenburg the road
    reaches Mina, four road hexes away, though the shortest way leaves the road (Code
    Letters, P; ruling 15)."""
    state = new()
    put(state, "harker", "klausenburg")
    put(state, "mina", "hex_04_04")  # Klausenburg - 02.06 - 02.05 - 03.04 - 04.04, a road
    board = state.world.transylvania
    assert board.distance("klausenburg", "hex_04_04") == 4
    assert board.step_terrain("klausenburg", board.shortest_path("klausenburg",
                                                                  "hex_04_04")[0]) == "clear"
    charge = possessed_charge(state, [2, 2])
    assert charge["target"] == "mina"
    assert charge["path"] == ["hex_02_06", "hex_02_05", "hex_03_04", "hex_04_04"]
    assert "Harker attacks Mina" in texts(state)
    assert state.players["mina"].location == "klausenburg"  # W: wounded by the possessed


def turns_sated(state: VampyreState) -> int:
    """Play the first listed action until Mina, sated, is back on the board: the turns of
    hers she spent away, checking she is back in The Crypts at the start of a turn of hers,
    which she then plays (she is asked where to move)."""
    mina = state.players["mina"]
    while mina.location is None:
        seat = state.current_seats()[0]
        state.apply(seat, state.legal_actions(seat)[0])
    assert mina.location == THE_CRYPTS and state.current == "mina"
    assert state.pending is not None and state.pending.seat == "mina"
    return texts(state).count("Mina is sated and stays away")


def test_a_sated_nosferatu_reappears_two_turns_later_after_biting_on_its_own_turn() -> None:
    """"When a vampire player has successfully bitten a vampire hunter ... the nosferatu
    counter is sated and removed from the board. Two turns later, the nosferatu will
    reappear at The Crypts": a defeated one reappears "on the following turn" (its next),
    so a sated one on its turn after next. It misses one turn, not two (ruling 9)."""
    state = nosferatu_attacks(1)  # Mina bites Harker on her own turn
    assert state.players["mina"].location is None
    assert turns_sated(state) == 1  # away on her next turn, back on the one after


def test_a_sated_nosferatu_reappears_two_turns_later_after_biting_on_the_hunters_turn() -> None:
    """The bite on Harker's turn (he attacked and rolled B): Mina's next turn comes at once
    and she stays away; she is back on the one after."""
    state = new()
    state.players["mina"].form, state.players["mina"].bites = NOSFERATU, 3
    put(state, "harker", "hex_09_05")
    put(state, "mina", "hex_10_05")
    turn_of(state, "harker", 1)
    script(state, [*QUIET_NIGHT, 1, *[1] * 30])  # 1 on the nosferatu row: B
    state.apply("harker", Move("hex_10_05", "mina"))
    assert state.players["harker"].bites == 1 and "Mina is sated and leaves the board" in \
        texts(state)
    assert turns_sated(state) == 1  # away on her next turn, back on the one after
