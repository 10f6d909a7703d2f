"""The combat data: the chits as the rulebook lists them, the reconstructed Combat Action
Board checked against every worked example and every chit description, and the loader
that lets a user supply the printed tables instead."""

from __future__ import annotations

import doctest
import re
from pathlib import Path

import attrs
import pytest

import fury1987.combat_tables as combat_tables
from fury1987.actions import STAY_PUT, ChoosePlace
from fury1987.combat_tables import (
    CombatDataError,
    Result,
    default_chits,
    default_tables,
    load_chits,
    load_tables,
)
from fury1987.setup import invariant_problems

from .event_helpers import give, play
from .helpers import act, dracula_turn, started

TABLES = default_tables()
CHITS = default_chits()
DATA = Path(combat_tables.__file__).parent / "data"
ATTACKS = ("claw", "fang", "hypnosis", "strength")
ESCAPES = ("escape_bat", "escape_human", "escape_mist")


def column(side: str, winner: str, opponent: str) -> dict[str, Result]:
    table = TABLES.table(side, winner)  # type: ignore[arg-type]
    return {row: table.lookup(row, opponent) for row in table.hunter_chits}


def row(side: str, winner: str, hunter: str) -> dict[str, Result]:
    table = TABLES.table(side, winner)  # type: ignore[arg-type]
    return {col: table.lookup(hunter, col) for col in table.opponent_chits}


def both_tables(side: str) -> list[str]:
    return ["dracula", "hunters"] if side == "dracula" else ["agents", "hunters"]


def test_doctests() -> None:
    assert doctest.testmod(combat_tables).failed == 0


# ---------------------------------------------------------------------------------------
# The chits (Reference 1-3, Components, Set-Up)
# ---------------------------------------------------------------------------------------
def test_eight_dracula_chits_three_usable_by_day() -> None:
    assert set(CHITS.dracula) == {"claw", "dodge", "escape_bat", "escape_human", "escape_mist",
                                  "fang", "hypnosis", "strength"}
    assert {c.id for c in CHITS.dracula.values() if c.daytime} == {"claw", "dodge",
                                                                    "escape_human"}
    assert {c.escape_form for c in CHITS.dracula.values() if c.escape_form} == {
        "bat", "human", "mist"}


def test_agents_have_three_sets_of_five_with_dodge_and_fist_basic() -> None:
    assert CHITS.agent_sets == 3
    assert set(CHITS.agent) == {"dodge", "fist", "knife", "pistol", "rifle"}
    assert {c.id for c in CHITS.agent.values() if c.basic} == {"dodge", "fist"}
    # Restrictions on Combat example: "A Szgany counter has 'Pistol, Knife' listed on it."
    assert CHITS.agent_kinds["szgany"].weapons == ("pistol", "knife")
    assert CHITS.agent_kinds["szgany"].provenance == "rulebook"


def test_thirty_nine_hunter_chits_nine_basic() -> None:
    assert sum(c.count for c in CHITS.hunter.values()) == 39
    assert sum(c.count for c in CHITS.hunter.values() if c.basic) == 9
    assert {c.id for c in CHITS.hunter.values() if c.basic} == {"dodge", "escape", "fist"}
    assert len(CHITS.weapons_pool) == 30
    assert set(CHITS.weapons_pool) == {"crucifix", "dogs", "garlic", "heavenly_host",
                                       "holy_water", "knife", "pistol", "rifle",
                                       "sacred_bullets", "stake"}


def test_three_host_chits_and_a_fourth_bonus_marker() -> None:
    """Counters: "Placing one of these four counters"; Reference 4 - Heavenly Host: "If no
    Host Markers are on the board, then the fourth bonus Host Marker is used"."""
    assert CHITS.hunter["heavenly_host"].count == 3
    assert "count" in CHITS.hunter["heavenly_host"].derived
    # No marker on the board: the card puts the bonus marker down, nobody's Host chit.
    state = started(godalming="paris", seward="madrid", van_helsing="rome", dracula="athens")
    give(state, "godalming", "heavenly_host")
    dracula_turn(state, STAY_PUT)
    play(state, "godalming", "heavenly_host")
    assert ChoosePlace("vienna") in state.legal_actions("godalming")  # straight to a Town
    act(state, "godalming", ChoosePlace("vienna"))
    assert state.hosts == {"vienna": ""}
    assert all(h.hosts_placed == [] and "heavenly_host" not in h.weapons
               for h in state.hunters.values())
    assert invariant_problems(state) == []  # the three Host chits are all still in play
    # All three chits' markers on the board: the card moves one, never puts down a fourth.
    state = started(godalming="paris", seward="madrid", van_helsing="rome", dracula="athens")
    for seat, town in (("godalming", "paris"), ("seward", "madrid"), ("van_helsing", "rome")):
        state.weapons_pool.take("heavenly_host")
        state.hunters[seat].hosts_placed.append(town)
        state.hosts[town] = seat
    give(state, "godalming", "heavenly_host")
    dracula_turn(state, STAY_PUT)
    play(state, "godalming", "heavenly_host")
    assert set(state.legal_actions("godalming")) == {
        ChoosePlace("paris"), ChoosePlace("madrid"), ChoosePlace("rome")}
    act(state, "godalming", ChoosePlace("madrid"))
    act(state, "godalming", ChoosePlace("vienna"))
    assert state.hosts == {"paris": "godalming", "vienna": "seward", "rome": "van_helsing"}
    assert state.hunters["seward"].hosts_placed == ["vienna"]
    assert invariant_problems(state) == []


def test_one_use_weapons() -> None:
    assert {c.id for c in CHITS.hunter.values() if c.one_use} == {
        "garlic", "holy_water", "sacred_bullets", "stake"}
    assert CHITS.hunter["sacred_bullets"].extra["keep_roll_max"] == 3
    assert CHITS.hunter["garlic"].extra["escape_barred_rounds"] == 3


def test_dogs_and_garlic_are_not_weapons_as_such() -> None:
    assert not CHITS.hunter["dogs"].selectable and not CHITS.hunter["garlic"].selectable
    assert CHITS.hunter["dogs"].extra["first_round_initiative"] == 1
    assert CHITS.hunter["dogs"].extra["face_up_required"] is True
    assert CHITS.hunter["garlic"].usable_against == {"dracula"}


def test_every_chit_records_its_provenance() -> None:
    for chit_set in ("dracula", "agent", "hunter"):
        for chit in CHITS.chits_of(chit_set).values():  # type: ignore[arg-type]
            assert chit.provenance in ("rulebook", "derived", "reconstructed")
            assert chit.section


def test_initiative_modifiers_from_the_examples() -> None:
    godalming = CHITS.initiative.hunter("godalming")
    assert (godalming.against_dracula, godalming.against_agents) == (-1, 1)
    assert godalming.provenance == "rulebook"
    assert CHITS.initiative.castle_dracula == 1
    assert CHITS.initiative.hunter("harker").against("dracula") == 0


# ---------------------------------------------------------------------------------------
# The worked examples' boxes
# ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("box", TABLES.derived, ids=lambda b: f"{b.hunter}-vs-{b.opponent}")
def test_every_box_of_the_worked_examples(box: combat_tables.DerivedBox) -> None:
    assert TABLES.lookup(box.side, box.winner, box.hunter, box.opponent) == box.result


def test_the_worked_examples_are_all_listed() -> None:
    examples = {b.example.split(",")[0].split(" (")[0] for b in TABLES.derived}
    assert examples == {"An Example of Combat", "Blood Death", "An Example of Multiple Combat"}
    assert len(TABLES.derived) == 10


# ---------------------------------------------------------------------------------------
# The reconstruction agrees with every chit description
# ---------------------------------------------------------------------------------------
def test_basic_chits_are_never_lost() -> None:
    for side in ("dracula", "agents"):
        for winner in both_tables(side):
            for basic in ("dodge", "escape", "fist"):
                for result in row(side, winner, basic).values():
                    assert not result.used_up and result.code != "Sna"


def test_only_one_use_weapons_are_ever_printed_in_italics() -> None:
    for side in ("dracula", "agents"):
        for winner in both_tables(side):
            table = TABLES.table(side, winner)  # type: ignore[arg-type]
            for (hunter, _), result in table.boxes.items():
                if result.used_up:
                    assert CHITS.hunter[hunter].one_use


def test_holy_water_burns_dracula_and_is_used_up_when_it_does() -> None:
    for winner in ("dracula", "hunters"):
        for result in row("dracula", winner, "holy_water").values():
            assert result.used_up == bool(result.blood_points)
    assert max(r.blood_points for r in row("dracula", "hunters", "holy_water").values()) >= 4


def test_stake_hitting_the_count_wins_the_game() -> None:
    # "should this weapon actually hit a foe in combat it is used up, though if the enemy
    # is the Count himself, this doesn't really matter as you will have won the game!"
    for side in ("dracula", "agents"):
        for winner in both_tables(side):
            for result in row(side, winner, "stake").values():
                assert result.used_up == (result.code == "Mort")
    assert any(r.code == "Mort" for r in row("dracula", "hunters", "stake").values())


def test_knife_kills_dracula_only_with_good_fortune() -> None:
    morts = [c for c, r in row("dracula", "hunters", "knife").items() if r.code == "Mort"]
    assert morts == ["hypnosis"]  # Hypnosis is "a little risky for Dracula to attempt"
    assert any(r.code == "Mort" for r in row("agents", "hunters", "knife").values())


def test_pistol_and_rifle_never_harm_dracula_but_repel_him() -> None:
    # Pistol: "of little value against Dracula himself - except that it may repel him";
    # An Example of Combat: with only his Rifle left Godalming "has no weapons left that
    # can harm the Count".
    for weapon in ("pistol", "rifle"):
        for winner in ("dracula", "hunters"):
            for result in row("dracula", winner, weapon).values():
                assert result.code not in ("Bld", "Mort")
        assert any(r.code == "Repel" for r in row("dracula", "hunters", weapon).values())


def test_rifle_staves_off_draculas_fiercest_attacks() -> None:
    assert row("dracula", "dracula", "rifle")["fang"].code == "Repel"
    assert row("dracula", "dracula", "pistol")["fang"].code == "Bite"


def test_crucifix_defends_against_the_vampire_and_may_harm_him() -> None:
    for winner in ("dracula", "hunters"):
        for result in row("dracula", winner, "crucifix").values():
            assert result.code not in ("Bite", "Hyp")
    assert any(r.blood_points for r in row("dracula", "hunters", "crucifix").values())


def test_heavenly_host_is_an_escape_defence_and_never_used_up() -> None:
    for winner in ("dracula", "hunters"):
        host = row("dracula", winner, "heavenly_host")
        assert host["escape_bat"].code == "Par" and host["escape_human"].code == "Par"
        assert not any(r.used_up for r in host.values())
        assert not any(r.code in ("Bite", "Hyp") for r in host.values())


def test_sacred_bullets_injure_mortal_and_un_dead_alike() -> None:
    vs_dracula = row("dracula", "hunters", "sacred_bullets").values()
    vs_agents = row("agents", "hunters", "sacred_bullets").values()
    assert any(r.blood_points for r in vs_dracula) and any(r.code == "Mort" for r in vs_agents)
    assert all(r.used_up for r in (*vs_dracula, *vs_agents) if r.code in ("Bld", "Mort"))


def test_mist_is_almost_impossible_to_prevent() -> None:
    assert all(r.code == "D.Esc" for r in column("dracula", "dracula", "escape_mist").values())
    stopped = [h for h, r in column("dracula", "hunters", "escape_mist").items()
               if r.code not in ("D.Esc", "H.Esc")]
    assert stopped == ["heavenly_host"]


def successes(escape: str) -> int:
    return sum(r.code == "D.Esc" for w in ("dracula", "hunters")
               for r in column("dracula", w, escape).values())


def test_human_is_the_least_powerful_escape_and_bat_may_go_tragically_wrong() -> None:
    assert successes("escape_human") < successes("escape_bat") < successes("escape_mist")
    assert any(r.blood_points for r in column("dracula", "hunters", "escape_bat").values())


def test_fang_bites_hypnosis_hypnotises_strength_snatches() -> None:
    for winner in ("dracula", "hunters"):
        table = TABLES.table("dracula", winner)  # type: ignore[arg-type]
        for (_, opponent), result in table.boxes.items():
            if result.code == "Bite":
                assert opponent == "fang"
            if result.code == "Hyp":
                assert opponent == "hypnosis"
            if result.code == "Sna":
                assert opponent == "strength"
    assert sum(r.code == "Hyp" for r in column("dracula", "dracula", "hypnosis").values()) >= 6


def test_hypnosis_is_a_little_risky_for_dracula() -> None:
    def blood(opponent: str) -> int:
        return sum(r.blood_points for r in column("dracula", "hunters", opponent).values())
    assert blood("hypnosis") == max(blood(a) for a in ATTACKS)


def test_claw_rips_the_hunter_when_dracula_has_initiative() -> None:
    claws = column("dracula", "dracula", "claw")
    assert all(r.wounds for h, r in claws.items() if h not in ("dodge",))
    assert claws["dodge"].code == "H.Dod"


def test_dracula_takes_no_harm_from_the_table_he_won() -> None:
    for result in TABLES.table("dracula", "dracula").boxes.values():
        assert result.code not in ("Bld", "Mort")


def test_a_dodging_opponent_takes_no_harm() -> None:
    for side in ("dracula", "agents"):
        for result in column(side, "hunters", "dodge").values():
            assert result.code not in ("Bld", "Mort", "Repel")


def test_fist_is_weakest_but_not_totally_useless() -> None:
    def harm(side: str, hunter: str) -> int:
        return sum(r.code in ("Bld", "Mort") for r in row(side, "hunters", hunter).values())
    for side in ("dracula", "agents"):
        assert 1 <= harm(side, "fist") <= harm(side, "knife")


def test_pistol_is_very_useful_against_agents_the_rifle_hits_harder() -> None:
    kills = [r for r in row("agents", "hunters", "pistol").values() if r.code == "Mort"]
    assert len(kills) >= 3
    rifle, pistol = column("agents", "agents", "rifle"), column("agents", "agents", "pistol")
    for hunter in rifle:
        assert rifle[hunter].wounds >= pistol[hunter].wounds


def test_agents_only_wound_or_snatch_hunters_win_only_by_killing() -> None:
    for result in TABLES.table("agents", "agents").boxes.values():
        assert result.code in ("W", "Par", "H.Dod", "H.Esc", "Sna")
    for result in TABLES.table("agents", "hunters").boxes.values():
        assert result.code in ("Mort", "Par", "H.Dod", "H.Esc")


def test_a_hunter_escape_succeeds_whenever_the_hunters_win() -> None:
    for side in ("dracula", "agents"):
        assert {r.code for r in row(side, "hunters", "escape").values()} == {"H.Esc"}


def test_results_key_explains_every_code() -> None:
    codes = {str(r).strip("*") for t in TABLES.tables.values() for r in t.boxes.values()}
    for code in codes:
        key = re.sub(r"^\d+Bld$", "nBld", re.sub(r"^\d+W$", "nW", code))
        assert TABLES.results_key[key]


# ---------------------------------------------------------------------------------------
# Results and the loader
# ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("text, code, amount, used_up", [
    ("Par", "Par", 0, False), ("H.Dod", "H.Dod", 0, False), ("*4Bld*", "Bld", 4, True),
    ("2W", "W", 2, False), ("*Mort*", "Mort", 0, True), ("Repel", "Repel", 0, False),
])
def test_result_parsing(text: str, code: str, amount: int, used_up: bool) -> None:
    result = Result.parse(text)
    assert (result.code, result.amount, result.used_up) == (code, amount, used_up)
    assert str(result) == text


@pytest.mark.parametrize("text", ["", "Dodge", "0W", "4 Bld", "**", "*Par"])
def test_unknown_results_are_rejected(text: str) -> None:
    with pytest.raises(CombatDataError):
        Result.parse(text)


def write_variant(tmp_path: Path, old: str, new: str) -> Path:
    text = (DATA / "combat_tables.toml").read_text()
    assert old in text
    path = tmp_path / "tables.toml"
    path.write_text(text.replace(old, new, 1))
    return path


def test_a_user_may_supply_the_printed_tables(tmp_path: Path) -> None:
    path = write_variant(tmp_path, 'dodge          = { claw = "H.Dod",  dodge = "Par"',
                         'dodge          = { claw = "1W",  dodge = "Par"')
    tables = load_tables(path)
    assert tables.lookup("dracula", "hunters", "dodge", "claw") == Result("W", 1)
    assert tables.source == str(path)


@pytest.mark.parametrize("old, new, message", [
    ('fist           = { claw = "3W"', 'fist           = { claw = "*3W*"', "never lost"),
    ('knife          = { dodge = "Par",   fist = "Mort"',
     'knife          = { dodge = "Par",   fist = "Bite"', "only Dracula"),
    ('fist           = { claw = "3W",    dodge = "Par"',
     'fist           = { claw = "3W",    dodge = "D.Esc"', "Escape chit"),
    ('fist           = { claw = "3W"', 'fist           = { claw = "Ouch"', "unknown combat result"),
    ('fist           = { claw = "3W",', 'fist           = {', "empty boxes"),
    ('result = "Sna"', 'result = "Par"', "the rulebook says"),
])
def test_the_loader_rejects_tables_that_make_no_sense(tmp_path: Path, old: str, new: str,
                                                      message: str) -> None:
    with pytest.raises(CombatDataError, match=message):
        load_tables(write_variant(tmp_path, old, new))


def test_the_tables_must_list_every_chit_usable_on_their_side() -> None:
    crucifix = attrs.evolve(CHITS.hunter["crucifix"], usable_against=frozenset({"dracula",
                                                                               "agents"}))
    chits = attrs.evolve(CHITS, hunter={**CHITS.hunter, "crucifix": crucifix})
    with pytest.raises(CombatDataError, match="exactly the Hunter chits"):
        load_tables(chits=chits)


def test_unreadable_table_files(tmp_path: Path) -> None:
    with pytest.raises(CombatDataError, match="cannot read"):
        load_tables(tmp_path / "missing.toml")
    bad = tmp_path / "bad.toml"
    bad.write_text("[[[")
    with pytest.raises(CombatDataError, match="not valid TOML"):
        load_tables(bad)


def test_the_chit_loader_checks_the_counts(tmp_path: Path) -> None:
    text = (DATA / "chits.toml").read_text().replace("hunter_chits_total = 39",
                                                     "hunter_chits_total = 40")
    path = tmp_path / "chits.toml"
    path.write_text(text)
    with pytest.raises(CombatDataError, match="add up to 39"):
        load_chits(path)
    assert attrs.evolve(load_chits(DATA / "chits.toml"), source=CHITS.source) == CHITS


def test_agent_chits_for_unknown_weapons_are_rejected() -> None:
    assert CHITS.agent_chits(("rifle",)) == ("dodge", "fist", "rifle")
    with pytest.raises(CombatDataError):
        CHITS.agent_chits(("stake",))


def test_ruling_88_the_stake_lands_where_every_weapon_that_hurts_dracula_lands() -> None:
    """On the Hunters' table every Weapon that can hurt Dracula lands on his Claw, the
    Stake (a Mortal Wound) as the Knife, Holy Water and Sacred Bullets (Blood Points); his
    Dodge and Strength parry it (ruling 88)."""
    hunters = {w: row("dracula", "hunters", w) for w in
               ("stake", "knife", "holy_water", "sacred_bullets")}
    assert hunters["stake"]["claw"].code == "Mort" and hunters["stake"]["claw"].used_up
    assert all(hunters[w]["claw"].blood_points for w in ("knife", "holy_water",
                                                         "sacred_bullets"))
    assert hunters["stake"]["dodge"].code == "Par"
    assert hunters["stake"]["strength"].code == "Par"
