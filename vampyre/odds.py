"""Exact combat odds, computed (not sampled) from the combat tables with numpy.

One combat roll is one die plus the hunter's bonus, read on the monster's row
(totals beyond the printed columns read the end column). :func:`roll_odds`
gives the probability of each code letter for one roll, as exact fractions;
:func:`fight_odds` the eventual result of a fight that goes on after every
"N" (the N mass shared out over the other letters); :func:`gypsies_odds` the
chance of clearing a band of gypsies fought one by one; :func:`odds_table`
every monster at every bonus, for the docs.

    >>> from vampyre.tables import load_rules
    >>> roll_odds(load_rules(), "boar", 0)["V"]
    Fraction(2, 3)
"""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction

import numpy as np

from .tables import Rules

FACES = np.arange(1, 7)


def bonus_for(rules: Rules, monster: str, items: Iterable[str], *, daylight: bool = False,
              immobile: bool = False) -> int:
    """The hunter's bonus against ``monster``: each kind of item once, +1 for daylight on the
    Supernatural table, -2 when attacked while immobile."""
    table = rules.monster_table[monster]
    kinds = set(items)
    total = sum(b for item, (t, b) in rules.items.items() if t == table and item in kinds)
    if daylight and table == "supernatural":
        total += 1
    if immobile:
        total -= 2
    return total


def roll_odds(rules: Rules, monster: str, bonus: int) -> dict[str, Fraction]:
    """The probability of each code letter on one roll of the die plus ``bonus``."""
    table = rules.combat_table(monster)
    columns = np.clip(FACES + bonus, 1, table.columns) - 1
    letters = np.array(list(table.rows[monster]))[columns]
    found, counts = np.unique(letters, return_counts=True)
    return {str(letter): Fraction(int(n), 6) for letter, n in zip(found, counts, strict=True)}


def fight_odds(rules: Rules, monster: str, bonus: int) -> dict[str, Fraction]:
    """The eventual result of a fight re-rolled after every N (same bonus each roll)."""
    once = roll_odds(rules, monster, bonus)
    stalled = once.pop("N", Fraction(0))
    if stalled == 1:
        return {"N": Fraction(1)}
    return {letter: p / (1 - stalled) for letter, p in once.items()}


def gypsies_odds(rules: Rules, bonus: int, number: int | None = None) -> Fraction:
    """The chance of defeating every gypsy (one die of them when ``number`` is None)."""
    win = fight_odds(rules, "gypsy", bonus).get("V", Fraction(0))
    numbers = range(1, 7) if number is None else (number,)
    return sum((win ** n for n in numbers), Fraction(0)) / len(numbers)


def victory_chance(rules: Rules, monster: str, items: Iterable[str], *,
                   daylight: bool = False) -> float:
    """The eventual chance of a V (or S) result against ``monster`` with these items."""
    odds = fight_odds(rules, monster, bonus_for(rules, monster, items, daylight=daylight))
    return float(odds.get("V", 0) + odds.get("S", 0))


def odds_table(rules: Rules, bonuses: Iterable[int] = (0, 1, 2, 3)
               ) -> list[tuple[str, int, dict[str, Fraction]]]:
    """(monster, bonus, one-roll odds) for every monster and bonus, table by table."""
    rows = []
    for name in ("melee", "supernatural"):
        for monster in rules.tables[name].rows:
            for bonus in bonuses:
                rows.append((monster, bonus, roll_odds(rules, monster, bonus)))
    return rows


def markdown_table(rules: Rules, bonuses: Iterable[int] = (0, 1, 2, 3)) -> str:
    """The odds table as Markdown: one line per monster and bonus, a column per letter."""
    letters = "VWNBPSFI"
    lines = ["| monster | table | bonus | " + " | ".join(letters) + " |",
             "|---|---|---:|" + "---:|" * len(letters)]
    for monster, bonus, odds in odds_table(rules, bonuses):
        cells = [f"{float(odds[x]):.0%}" if x in odds else "" for x in letters]
        lines.append(f"| {monster} | {rules.monster_table[monster]} | {bonus:+d} | "
                     + " | ".join(cells) + " |")
    return "\n".join(lines)
