"""The Character Table and points values ("Characters", "Points Value")."""

from __future__ import annotations

from pathlib import Path

from draculas_revenge import data
from draculas_revenge.characters import character_types

T = character_types()
ADV = data.load()["adventures"]["adventures"]


def total(side: str, adventure: str) -> int:
    forces = ADV[adventure][side]["forces"]
    return sum(T[k].points * n for k, n in forces.items())


def test_character_table_rows_transcribed() -> None:
    assert (T["she_wolf"].ca, T["she_wolf"].ra, T["she_wolf"].df, T["she_wolf"].ap,
            T["she_wolf"].points) == (2, None, 1, 9, 4)
    assert (T["nosferatu"].ca, T["nosferatu"].ra, T["nosferatu"].df, T["nosferatu"].points) \
        == (1, 1, 2, 6)
    assert (T["vampiress"].ca, T["vampiress"].ra, T["vampiress"].df, T["vampiress"].points) \
        == (2, 2, 2, 8)
    assert (T["dracula"].ca, T["dracula"].ra) == (3, 3)
    assert "mesmerize" in T["nosferatu"].specials and "mesmerize" not in T["she_wolf"].specials


def test_action_points_six_for_humans_nine_for_vampires() -> None:
    for t in T.values():
        assert t.ap == (9 if t.is_vampire else 6)


def test_specials_of_the_hunters() -> None:
    assert T["crossbow"].specials == ("crossbow",)
    assert T["priest"].specials == ("crucifix",)
    assert set(T["van_helsing"].specials) == {"crossbow", "crucifix"}
    assert T["staker"].specials == () and T["minion"].specials == ()


def test_staker_close_attack_bonus_derived_from_resolving_a_close_attack_example() -> None:
    assert T["staker"].ca == 2


def test_crossbow_ranged_bonus_derived_from_crossbow_attack_example() -> None:
    assert T["crossbow"].ra == 1


def test_into_the_breach_points_staker_plus_crossbow_is_six() -> None:
    assert 2 * T["staker"].points + 2 * T["crossbow"].points == 12
    assert total("hunters", "into_the_breach") == ADV["into_the_breach"]["hunters"]["points"]
    assert total("vampires", "into_the_breach") == 18


def test_priest_points_derived_from_defile_the_coffins() -> None:
    # 24 = 2 x (Staker + Crossbow + Priest) and Staker + Crossbow = 6
    priest = 24 // 2 - 6
    assert T["priest"].points == priest == 6
    assert total("hunters", "defile_the_coffins") == 24
    assert total("vampires", "defile_the_coffins") == 24


def test_van_helsing_points_derived_from_cross_the_catacombs() -> None:
    vh = 36 - 2 * (T["staker"].points + T["crossbow"].points + T["priest"].points)
    assert T["van_helsing"].points == vh == 12
    assert total("hunters", "cross_the_catacombs") == 36


def test_dracula_points_derived_from_cross_the_catacombs() -> None:
    dracula = 40 - (2 * 4 + 2 * 6 + 8)
    assert T["dracula"].points == dracula == 12
    assert total("vampires", "cross_the_catacombs") == 40


def test_minion_points_derived_from_rescue_van_helsing() -> None:
    minion = (36 - (3 * 4 + 6 + 8)) // 5
    assert T["minion"].points == minion == 2
    assert total("vampires", "rescue_van_helsing") == 36
    assert total("hunters", "rescue_van_helsing") == 36


def test_destroy_dracula_totals_check_out() -> None:
    assert total("hunters", "destroy_dracula") == 72
    assert total("vampires", "destroy_dracula") == 72


def test_every_adventure_force_matches_its_printed_points() -> None:
    for name, adv in ADV.items():
        for side in ("hunters", "vampires"):
            if side in adv:
                assert total(side, name) == adv[side]["points"], (name, side)


def test_box_holds_thirty_six_character_cards_and_twelve_vampires() -> None:
    assert sum(t.box for t in T.values()) == 36  # "Components": 36 Character Cards
    assert sum(t.box for t in T.values() if t.is_vampire) == 12  # 12 Mist Counters


def test_every_type_records_provenance() -> None:
    assert {t.provenance for t in T.values()} <= {"rulebook", "derived", "reconstructed"}


RAW = data.load()["characters"]["types"]
#: How the docs' fidelity table names each cell of a Character Table row.
CELL_LABELS = {"ca": "CA", "ra": "RA", "df": "DF", "ap": "AP", "specials": "Special",
               "points": "points", "box": "box"}


def test_every_cell_of_the_character_table_records_its_provenance() -> None:
    """Each type says cell by cell where its numbers come from; the printed Character
    Table shows the She-wolf, Nosferatu and Vampiress rows whole and Dracula's only up
    to his Ranged Attack Bonus, so his DF and his Special (Mesmerize) are reconstructed."""
    for kind, t in RAW.items():
        cells = t["cells"]
        stats = {"ca", "df", "ap", "specials", "points", "box"} | ({"ra"} if "ra" in t else set())
        assert set(cells) == stats, kind
    for kind in ("she_wolf", "nosferatu", "vampiress"):
        printed = {c: p for c, p in RAW[kind]["cells"].items() if c != "box"}
        assert set(printed.values()) == {"rulebook"}, kind
    dracula = RAW["dracula"]["cells"]
    assert (dracula["ca"], dracula["ra"], dracula["ap"]) == ("rulebook",) * 3
    assert (dracula["df"], dracula["specials"]) == ("reconstructed", "reconstructed")
    assert "mesmerize" in T["dracula"].specials
    assert "Special (Mesmerize) reconstructed" in RAW["dracula"]["source"]
    # a type with a cell of its row not printed is not "rulebook" as a whole
    for kind, t in RAW.items():
        if any(p != "rulebook" for c, p in t["cells"].items() if c != "box"):
            assert t["provenance"] != "rulebook", kind


def test_the_docs_fidelity_table_lists_every_reconstructed_cell() -> None:
    page = (Path(__file__).parents[2] / "docs" / "draculas_revenge.md").read_text()
    table = page[page.index("## Fidelity"):page.index("### Supplying your own data")]
    rows = [r for r in table.splitlines() if r.startswith("| ") and "reconstructed" in r]
    for kind, t in RAW.items():
        for cell, provenance in t["cells"].items():
            if provenance != "reconstructed":
                continue
            label = CELL_LABELS[cell]
            assert any(t["name"] in r.split("|")[1] and label in r.split("|")[1]
                       for r in rows), (kind, cell)
