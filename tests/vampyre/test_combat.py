"""Combat, the Combat Code Letters, and the useful items' powers (Appendix II)."""

from __future__ import annotations

import json

import pytest

from gothic_kernel import CorruptSave
from vampyre.actions import FIRE, HOLD_FIRE, SEARCH, DeclareSilverBullet, Move
from vampyre.combat import bonus, settle
from vampyre.state import (
    KLAUSENBURG,
    PLAYER_WEREWOLF,
    SILVER_BULLET,
    SLAIN,
    Fight,
)

from .helpers import QUIET_NIGHT, camp_in, give, new, put, script, texts, turn_of, two_dice

MELEE = {"boar": "WWVVVVVVV", "wolf": "WWWVVVVVV"}
SUPERNATURAL = {"dracula": "BBBBBNVV", "demon": "PPPPVVVV"}


def test_the_surviving_rows_of_the_combat_tables_are_transcribed() -> None:
    rules = new().rules
    for monster, row in MELEE.items():
        assert rules.tables["melee"].rows[monster] == row
    for monster, row in SUPERNATURAL.items():
        assert rules.tables["supernatural"].rows[monster] == row
    assert rules.tables["melee"].rows["bear"][0] == "W"
    assert rules.tables["supernatural"].rows["brides"][:4] == "BBBB"
    assert rules.tables["melee"].columns == 9 and rules.tables["supernatural"].columns == 8


def test_totals_beyond_the_table_read_its_last_column() -> None:
    table = new().rules.tables["supernatural"]
    assert table.result("dracula", 9) == table.result("dracula", 8) == "V"
    assert table.result("dracula", -1) == table.result("dracula", 1) == "B"


def fight_bonus(items: tuple[str, ...], monster: str) -> int:
    state = new()
    give(state, "harker", *items)
    return bonus(state, Fight("harker", monster, "harker"))


def test_appendix_ii_knife_a_gypsy_fought_with_a_roll_of_2_and_a_knife_counts_3() -> None:
    """'if a player was fighting a gypsy and rolled a 2, he or she would actually have a 3
    if he or she were carrying a knife.'"""
    state = new()
    give(state, "harker", "knife")
    assert 2 + bonus(state, Fight("harker", "gypsy", "harker")) == 3


def test_appendix_ii_gun_a_gun_and_a_knife_together_give_plus_3() -> None:
    assert fight_bonus(("gun",), "bear") == 2
    assert fight_bonus(("gun", "knife"), "bear") == 3


def test_appendix_ii_more_than_one_knife_or_gun_gives_nothing_more() -> None:
    assert fight_bonus(("knife", "knife"), "wolf") == 1
    assert fight_bonus(("gun", "gun", "knife", "knife"), "wolf") == 3


def test_appendix_ii_the_host_and_a_silver_crucifix_combine_but_do_not_stack() -> None:
    assert fight_bonus(("the_host",), "vampire") == 1
    assert fight_bonus(("silver_crucifix",), "vampire") == 1
    assert fight_bonus(("the_host", "silver_crucifix"), "dracula") == 2
    assert fight_bonus(("the_host", "the_host", "silver_crucifix"), "dracula") == 2


def test_melee_items_do_not_help_in_supernatural_combat_and_vice_versa() -> None:
    assert fight_bonus(("gun", "knife"), "demon") == 0
    assert fight_bonus(("the_host", "silver_crucifix"), "boar") == 0


# -- the code letters -----------------------------------------------------------------------

def test_v_victory_ends_the_players_turn() -> None:
    """'V - Victory: The player has defeated his or her opponent. In the Basic Game this ends
    the player's turn': the fight is over (nothing left to resume), the victor stays."""
    state = new()
    where = camp_in(state, "harker", "forest", [*two_dice(10), 3])  # boar; 3 -> V
    assert texts(state)[-1] == "Harker defeats the Boar"
    assert state.fights == [] and state.fight_of("harker") is None
    assert state.players["harker"].location == where
    assert state.current_seats() == ("mina",)


def test_w_wound_in_the_basic_game_sends_the_player_to_klausenburg() -> None:
    state = new()
    camp_in(state, "harker", "forest", [*two_dice(10), 1])  # boar; 1 -> W
    assert state.players["harker"].location == KLAUSENBURG
    assert "wounded and carried to Klausenburg" in texts(state)[-1]


def test_n_no_result_the_fight_goes_on_next_turn_without_moving() -> None:
    state = new()
    where = camp_in(state, "harker", "forest", [*two_dice(3), 4])  # bear; 4 -> N
    assert state.fight_of("harker") is not None
    turn_of(state, "harker")
    script(state, [6, 1, 1, 1])
    state.apply("harker", state.legal_actions("harker")[0])  # take the turn: fight, not move
    assert state.players["harker"].location == where
    assert state.fight_of("harker") is None
    assert texts(state)[-1] == "Harker defeats the Bear"


def test_b_bite_from_a_vampire() -> None:
    state = new()
    camp_in(state, "harker", "forest", [*two_dice(2), 1])  # vampire; 1 -> B
    assert state.players["harker"].bites == 1


def test_p_possession_by_a_demon_for_one_to_six_turns() -> None:
    state = new()
    camp_in(state, "harker", "evil", [*two_dice(11), 2, 4])  # demon; 2 -> P; 4 turns
    assert state.players["harker"].possessed == 4


def test_holy_water_automatically_dispels_the_first_demon_and_is_used_up() -> None:
    state = new()
    give(state, "harker", "holy_water")
    camp_in(state, "harker", "evil", [*two_dice(11)])  # demon: no combat die needed
    assert "dispels it" in texts(state)[-1]
    assert state.players["harker"].items == [] and state.players["harker"].possessed == 0


def test_items_a_gift_is_spent_before_a_counter_and_a_spent_counter_is_set_aside() -> None:
    """Ruling 28: Harker holds a holy water counter found in a large hex and one given by
    the priest (Strange Occurrence 8). The first demon takes the gift, noted on paper, so
    nothing is set aside; the second takes the counter, which is set aside."""
    state = new()
    where = next(h for h, pile in state.stacks.items()
                 if any(state.rules.black_counters[c] == "holy_water" for c in pile))
    counter = next(c for c in state.stacks[where]
                   if state.rules.black_counters[c] == "holy_water")
    state.stacks[where].remove(counter)
    state.players["harker"].items.append(counter)
    give(state, "harker", "holy_water")
    camp_in(state, "harker", "evil", [*two_dice(11)])  # a demon, dispelled by the gift
    assert state.players["harker"].items == [counter] and counter not in state.removed
    camp_in(state, "harker", "evil", [*two_dice(11)])  # another, dispelled by the counter
    assert state.players["harker"].items == [] and state.removed[-1] == counter
    state.game.from_json(state.to_json())  # every counter in one place


def test_silver_bullet_is_declared_only_against_werewolves() -> None:
    """"Automatically slays one non-player werewolf": a save asking Harker to declare it
    in a fight with a wolf (a beast of the melee table, no werewolf) is refused; the same
    save against the werewolf loads."""
    state = new()
    give(state, "harker", "silver_bullet")
    camp_in(state, "harker", "evil", [*two_dice(8)])  # werewolf
    data = json.loads(state.to_json())
    assert data["state"]["pending"]["kind"] == SILVER_BULLET
    state.game.from_json(json.dumps(data))
    data["state"]["pending"]["fight"]["monster"] = "wolf"
    with pytest.raises(CorruptSave, match="cannot offer the decision 'silver_bullet'"):
        state.game.from_json(json.dumps(data))


def test_silver_bullet_may_be_fired_to_slay_a_werewolf_automatically() -> None:
    state = new()
    give(state, "harker", "silver_bullet")
    camp_in(state, "harker", "evil", [*two_dice(8)])  # werewolf
    assert state.pending is not None and state.pending.kind == SILVER_BULLET
    assert state.legal_actions("harker") == [FIRE, HOLD_FIRE]
    state.apply("harker", FIRE)
    assert "the werewolf is slain" in texts(state)[-1]
    assert state.players["harker"].items == []


def test_silver_bullet_kept_the_werewolf_is_fought_in_melee() -> None:
    state = new()
    give(state, "harker", "silver_bullet")
    camp_in(state, "harker", "evil", [*two_dice(8), 6, 1, 1])  # werewolf; 6 -> V
    state.apply("harker", HOLD_FIRE)
    assert texts(state)[-1] == "Harker defeats the Werewolf"
    assert state.item_kinds("harker") == ["silver_bullet"]


def werewolf_fight(die: int, use: bool):  # type: ignore[no-untyped-def]
    state = new()
    give(state, "harker", "silver_bullet", "gun")
    put(state, "harker", "hex_09_05")
    put(state, "mina", "hex_10_05")
    state.players["mina"].form = PLAYER_WEREWOLF
    turn_of(state, "harker", 1)
    script(state, [*QUIET_NIGHT, die, *[1] * 20])
    state.apply("harker", Move("hex_10_05", "mina"))
    assert state.current_seats() == ("harker",)
    state.apply("harker", DeclareSilverBullet(use))
    return state


def test_silver_bullet_used_on_a_player_werewolf_kills_it_for_good_on_a_v() -> None:
    state = werewolf_fight(6, True)  # 6 + gun 2 = 8: V
    assert state.players["mina"].out == SLAIN
    assert "mina" in state.order.out


def test_silver_bullet_lost_when_the_hunter_is_wounded() -> None:
    state = werewolf_fight(1, True)  # 1 + 2 = 3: W
    assert state.item_kinds("harker") == ["gun"]
    assert state.players["harker"].location == KLAUSENBURG


def test_a_player_werewolf_defeated_without_the_bullet_reappears_in_the_crypts() -> None:
    state = werewolf_fight(6, False)
    assert "Mina is driven off" in texts(state)
    assert state.players["mina"].location == "the_crypts"  # at the start of her turn
    assert not state.players["mina"].out
    assert state.item_kinds("harker") == ["silver_bullet", "gun"]


#: What each code letter does to Harker (the hunter) and Mina (the nosferatu he fights),
#: read as (Harker's place, bites, possession, fleeing, lost turns, immobile) and (Mina's
#: place, turns to wait before reappearing, out of the game): "Combat Code Letters".
CONSEQUENCES = {
    "V": (("hex_10_05", 0, 0, False, 0, 0), (None, 0, "")),  # the nosferatu dissolves
    "W": ((KLAUSENBURG, 0, 0, False, 0, 0), ("hex_10_05", -1, "")),
    "N": (("hex_10_05", 0, 0, False, 0, 0), ("hex_10_05", -1, "")),  # the fight goes on
    "B": (("hex_10_05", 1, 0, False, 0, 0), (None, 1, "")),  # bitten; the nosferatu sated
    "P": (("hex_10_05", 0, 3, False, 0, 0), ("hex_10_05", -1, "")),  # one die of turns
    "S": (("hex_10_05", 0, 0, False, 0, 0), (None, -1, "saved")),
    "F": (("hex_10_05", 0, 0, True, 0, 0), (None, 0, "")),  # in the castle the foe leaves
    "I": (("hex_10_05", 0, 0, False, 2, 2), (None, 0, "")),
}


@pytest.mark.parametrize("letter", list("VWNBPSFI"))
def test_every_code_letter_has_a_consequence(letter: str) -> None:
    state = new()
    state.stage = "castle_dracula" if letter in "FI" else state.stage
    state.players["mina"].form = "nosferatu"
    put(state, "mina", "hex_10_05")
    put(state, "harker", "hex_10_05")
    fight = Fight("harker", "nosferatu", "harker", opponent="mina")
    script(state, [3, 1, 1])
    settle(state, fight, letter)
    harker, mina = state.players["harker"], state.players["mina"]
    assert (harker.location, harker.bites, harker.possessed, harker.fleeing,
            harker.lost_turns, harker.immobile) == CONSEQUENCES[letter][0]
    assert (mina.location, mina.reappear, mina.out) == CONSEQUENCES[letter][1]
    assert state.fights == ([fight] if letter == "N" else [])


# -- the useful items' examples, played with scripted dice ---------------------------------

def last_roll(state) -> dict[str, object]:  # type: ignore[no-untyped-def]
    return [e for e in state.log("public") if e["kind"] == "combat_roll"][-1]


def test_appendix_ii_knife_example_with_scripted_dice() -> None:
    """'if a player was fighting a gypsy and rolled a 2, he or she would actually have a 3
    if he or she were carrying a knife.' Harker, carrying a knife, reveals the Gypsies in
    Castle Dracula: one gypsy (die 1); his combat die is a 2."""
    from .test_castle import castle, enter, guardian

    state = castle()
    give(state, "harker", "knife")
    guardian(state, "guardroom", "gypsies")
    enter(state, "guardroom", [1, 2])
    roll = last_roll(state)
    assert (roll["monster"], roll["roll"], roll["bonus"]) == ("gypsy", 2, 1)
    assert str(roll["text"]).startswith("Harker rolls 2 (+1 = 3) against the Gypsy: ")


def test_appendix_ii_gun_example_a_gun_and_a_knife_give_3_with_scripted_dice() -> None:
    """'Note that a gun and a knife together will give a +3 bonus to melee combat.' A bear
    attacks at night in the forest (encounter roll 3); Harker rolls a 2: 5, a victory."""
    state = new()
    give(state, "harker", "gun", "knife")
    camp_in(state, "harker", "forest", [*two_dice(3), 2])
    roll = last_roll(state)
    assert (roll["monster"], roll["roll"], roll["bonus"], roll["result"]) == ("bear", 2, 3, "V")
    assert roll["text"] == "Harker rolls 2 (+3 = 5) against the Bear: V (victory)"


def test_appendix_ii_a_second_knife_or_gun_adds_nothing_with_scripted_dice() -> None:
    """'Having more than one knife or one gun will not give any additional benefits.'"""
    state = new()
    give(state, "harker", "gun", "gun", "knife", "knife")
    camp_in(state, "harker", "forest", [*two_dice(11), 1])  # a wolf; 1 + 3 = 4
    assert last_roll(state)["bonus"] == 3


def test_appendix_ii_the_host_and_a_silver_crucifix_combine_with_scripted_dice() -> None:
    """'The Host and a silver crucifix will combine bonuses. However, having more than one
    of either will not increase the bonus further.' Dracula attacks at a search; Harker,
    with two Hosts and a crucifix, rolls 5: 5 + 2 = 7, V, the Count is driven off."""
    from .test_searching import arrive_in_bistritz, stack

    state = new()
    give(state, "harker", "the_host", "the_host", "silver_crucifix")
    stack(state, "dracula_attacks")
    arrive_in_bistritz(state, rolls=(5, *(1,) * 20))
    state.apply("harker", SEARCH)
    roll = last_roll(state)
    assert (roll["monster"], roll["roll"], roll["bonus"], roll["result"]) == \
        ("dracula", 5, 2, "V")
    assert state.players["harker"].bites == 0


def test_combat_every_surviving_entry_records_rulebook_provenance() -> None:
    """The printed rows (boar, wolf, Dracula, demon) and the printed cells of the cut rows
    (the bear's column 1, the Brides' columns 1-4) are marked as the rulebook's; the rest
    of those two rows as reconstructed."""
    import tomllib
    from importlib import resources

    data = tomllib.loads(resources.files("vampyre").joinpath("data", "tables.toml")
                         .read_text(encoding="utf-8"))
    rows = {row["monster"]: row for table in data["combat"].values() for row in table["rows"]}
    for monster in ("boar", "wolf", "dracula", "demon"):
        assert rows[monster]["provenance"].startswith("rulebook: Combat")
    for monster in ("bear", "brides"):
        assert rows[monster]["provenance"].startswith("rulebook: Combat")
        assert "reconstructed" in rows[monster]["provenance"]
    for monster in ("werewolf", "gypsy", "zombie", "day_guard", "possessed", "vampire",
                    "nosferatu", "ghost", "gargoyle"):
        assert not rows[monster]["provenance"].startswith("rulebook")


def test_combat_code_letters_s_only_nosferatu_f_and_i_only_in_the_extended_game() -> None:
    """'S ... This result only affects nosferatu.' 'F ... This result is only possible in
    the Extended Game.' 'I ... only possible in the Extended Game.'"""
    rules = new().rules
    rows = {m: r for t in rules.tables.values() for m, r in t.rows.items()}
    assert [m for m, r in rows.items() if "S" in r] == ["nosferatu"]
    in_transylvania = {m for chart in rules.encounters.values() for m in chart} | {
        "dracula", "nosferatu", "player_werewolf", "possessed"}
    for monster, row in rows.items():
        if "F" in row or "I" in row:
            assert monster not in in_transylvania
            assert monster in {m for _, m in rules.red_effects.values()}


def test_n_no_result_the_fight_takes_the_whole_next_turn_no_move_no_night() -> None:
    """'The player may not move and must fight the opponent on his or her next turn'
    (ruling 31): no movement die, no search, no encounter roll that turn."""
    state = new()
    camp_in(state, "harker", "forest", [*two_dice(3), 4])  # a bear; 4 -> N
    turn_of(state, "harker")
    script(state, [6, *[1] * 10])
    state.apply("harker", state.legal_actions("harker")[0])
    log = state.log("public")
    resumed = max(i for i, e in enumerate(log) if e["kind"] == "fight_goes_on")
    assert [e["kind"] for e in log[resumed:resumed + 3]] == \
        ["fight_goes_on", "combat_roll", "victory"]
    assert all(e.get("seat") != "harker" for e in log[resumed + 3:])  # the turn is over
