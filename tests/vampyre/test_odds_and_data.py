"""Exact combat odds, and a user's own data files (``data_dir``)."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from gothic_kernel import BadOption
from vampyre.odds import (
    bonus_for,
    fight_odds,
    gypsies_odds,
    markdown_table,
    odds_table,
    roll_odds,
    victory_chance,
)
from vampyre.tables import load_rules

from .helpers import GAME

RULES = load_rules()


def test_one_roll_odds_read_the_row_at_each_face_plus_the_bonus() -> None:
    assert roll_odds(RULES, "boar", 0) == {"V": Fraction(4, 6), "W": Fraction(2, 6)}
    assert roll_odds(RULES, "boar", 1) == {"V": Fraction(5, 6), "W": Fraction(1, 6)}
    assert roll_odds(RULES, "dracula", 0) == {"B": Fraction(5, 6), "N": Fraction(1, 6)}
    assert roll_odds(RULES, "dracula", 2) == {"B": Fraction(3, 6), "N": Fraction(1, 6),
                                              "V": Fraction(2, 6)}
    assert roll_odds(RULES, "dracula", 3) == roll_odds(RULES, "dracula", 3)


def test_odds_sum_to_one_for_every_monster_and_bonus() -> None:
    for _monster, _bonus, odds in odds_table(RULES, range(-2, 5)):
        assert sum(odds.values()) == 1


def test_fight_odds_share_out_the_no_results() -> None:
    odds = fight_odds(RULES, "dracula", 2)
    assert odds == {"B": Fraction(3, 5), "V": Fraction(2, 5)}


def test_gypsies_odds_one_die_of_gypsies_fought_one_by_one() -> None:
    win = fight_odds(RULES, "gypsy", 0)["V"]
    assert gypsies_odds(RULES, 0, 2) == win ** 2
    assert gypsies_odds(RULES, 3) == 1  # knife and gun: no gypsy stands a chance


def test_bonus_for_items_daylight_and_immobility() -> None:
    assert bonus_for(RULES, "bear", ["knife", "gun", "knife"]) == 3
    assert bonus_for(RULES, "brides", ["the_host"], daylight=True) == 2
    assert bonus_for(RULES, "bear", [], daylight=True) == 0
    assert bonus_for(RULES, "nosferatu", ["the_host"], immobile=True) == -1
    assert 0 < victory_chance(RULES, "dracula", ["the_host", "silver_crucifix"]) < 1


def test_the_markdown_table_lists_every_monster() -> None:
    text = markdown_table(RULES)
    for monster in RULES.monster_table:
        assert f"| {monster} |" in text


def test_a_user_may_supply_their_own_combat_tables(tmp_path: Path) -> None:
    own = (Path(__file__).parents[2] / "vampyre" / "data" / "tables.toml").read_text()
    own = own.replace('results = "WWWNVVVVV"\nprovenance = "rulebook: Combat (Melee Combat), '
                      'column 1 only', 'results = "WVVVVVVVV"\nprovenance = "printed table')
    (tmp_path / "tables.toml").write_text(own)
    rules = load_rules(str(tmp_path))
    assert rules.tables["melee"].rows["bear"] == "WVVVVVVVV"
    state = GAME.new_game(seed=1, data_dir=str(tmp_path))
    assert state.rules.tables["melee"].rows["bear"] == "WVVVVVVVV"  # type: ignore[attr-defined]
    assert load_rules().tables["melee"].rows["bear"] == "WWWNVVVVV"


def test_a_broken_data_file_is_refused(tmp_path: Path) -> None:
    (tmp_path / "tables.toml").write_text("[movement]\n")
    with pytest.raises(BadOption):
        GAME.new_game(seed=1, data_dir=str(tmp_path))


def test_a_strange_occurrence_the_engine_cannot_play_is_refused(tmp_path: Path) -> None:
    own = (Path(__file__).parents[2] / "vampyre" / "data" / "tables.toml").read_text()
    (tmp_path / "tables.toml").write_text(own.replace('id = "hermits_prayers"',
                                                      'id = "a_new_idea"'))
    with pytest.raises(BadOption, match="unknown id"):
        load_rules(str(tmp_path))


def test_every_modules_doctests_run() -> None:
    import doctest
    import importlib
    import pkgutil

    import vampyre

    tried = 0
    for module in pkgutil.iter_modules(vampyre.__path__):
        if module.name == "__main__":  # plays a game when imported
            continue
        found = doctest.testmod(importlib.import_module(f"vampyre.{module.name}"))
        assert found.failed == 0, module.name
        tried += found.attempted
    assert tried > 0
