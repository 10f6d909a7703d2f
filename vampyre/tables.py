"""The game's data: counters, items, movement rates, encounter and combat tables.

Everything the rulebook tabulates lives in TOML files under ``vampyre/data/``
(``counters.toml``, ``tables.toml``, ``transylvania.toml``, ``castle.toml``),
each entry with its provenance. :func:`load_rules` reads them once and checks
them. A user who owns the printed game can put their own copy of any of these
files in a folder and pass ``data_dir=<folder>`` to ``new_game``: files found
there replace the packaged ones, the others are kept.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

import attrs

from gothic_kernel import BadOption

DATA_FILES = ("counters.toml", "tables.toml", "transylvania.toml", "castle.toml")

#: The combat code letters ("Combat Code Letters").
CODE_LETTERS = frozenset("VWNSBPFI")

#: Encounter results that are not a monster to fight.
#: What the engine knows how to do: the Strange Occurrences by id, the red counters' effects.
STRANGE_EFFECTS = frozenset({
    "silver_crucifix_gift", "strange_fog", "fierce_storm", "lost", "camp_ransacked",
    "bitten_in_the_night", "holy_water_gift", "skilled_metalsmith", "peasant_counsel",
    "hermits_prayers", "dracula_in_the_night"})
RED_EFFECTS = frozenset({"combat", "gypsies", "trap", "swarm_of_rats"})

NO_ENCOUNTER = "none"
STRANGE_OCCURRENCE = "strange_occurrence"


@attrs.frozen
class CombatTable:
    """One combat table: a row of code letters per monster, read at roll plus bonuses."""

    name: str
    columns: int
    rows: Mapping[str, str]

    def result(self, monster: str, total: int) -> str:
        """The code letter for ``total`` (clamped to the printed columns: a ruling)."""
        column = min(max(total, 1), self.columns)
        return self.rows[monster][column - 1]


@attrs.frozen
class StrangeOccurrence:
    roll: int
    id: str
    text: str


@attrs.frozen
class Rules:
    """Every data table the engine reads, checked."""

    hunters: tuple[str, ...]
    hunter_names: Mapping[str, str]
    hunter_short: Mapping[str, str]  # the names the log uses
    black_counters: Mapping[str, str]  # counter id -> kind
    black_categories: Mapping[str, str]  # kind -> nothing | dracula_attacks | item | coffin
    red_counters: Mapping[str, str]  # counter id -> kind
    red_effects: Mapping[str, tuple[str, str]]  # kind -> (effect, monster)
    conversion_counters: Mapping[str, int]
    items: Mapping[str, tuple[str, int]]  # item -> (table, bonus)
    names: Mapping[str, str]  # id -> printed name (counters, items, monsters)
    rates: Mapping[str, tuple[int, ...]]  # terrain -> hexes for faces 1..6
    large_hex_terrain: str
    encounters: Mapping[str, tuple[str, ...]]  # terrain -> results for 2..12
    strange_occurrences: Mapping[int, StrangeOccurrence]
    tables: Mapping[str, CombatTable]  # melee, supernatural
    monster_table: Mapping[str, str]  # monster -> table name
    transylvania: Mapping[str, Any]  # the raw map file (board.py reads it)
    castle: Mapping[str, Any]
    data_dir: str = ""

    def combat_table(self, monster: str) -> CombatTable:
        return self.tables[self.monster_table[monster]]


def _read(name: str, data_dir: str) -> dict[str, Any]:
    if data_dir:
        own = Path(data_dir) / name
        if own.is_file():
            with own.open("rb") as f:
                return tomllib.load(f)
    text = resources.files("vampyre").joinpath("data", name).read_text(encoding="utf-8")
    return tomllib.loads(text)


def _fail(message: str) -> BadOption:
    return BadOption(f"vampyre data: {message}")


@cache
def load_rules(data_dir: str = "") -> Rules:
    """The packaged data, with any file in ``data_dir`` replacing its packaged twin."""
    if data_dir and not Path(data_dir).is_dir():
        raise BadOption(f"option 'data_dir': {data_dir!r} is not a folder")
    try:
        raw = {name: _read(name, data_dir) for name in DATA_FILES}
        return _build(raw, data_dir)
    except (KeyError, TypeError, ValueError, IndexError) as exc:
        if isinstance(exc, BadOption):
            raise
        raise _fail(f"malformed data file: {exc!r}") from None


def _numbered(kind: str, count: int) -> list[str]:
    return [f"{kind}_{i}" for i in range(1, count + 1)]


def _build(raw: Mapping[str, dict[str, Any]], data_dir: str) -> Rules:
    counters, tables = raw["counters.toml"], raw["tables.toml"]
    names: dict[str, str] = {}
    hunters = tuple(h["id"] for h in counters["hunters"])
    hunter_names = {h["id"]: h["name"] for h in counters["hunters"]}
    hunter_short = {h["id"]: h.get("short", h["name"]) for h in counters["hunters"]}
    black: dict[str, str] = {}
    categories: dict[str, str] = {}
    for entry in counters["black_counters"]:
        categories[entry["kind"]] = entry["category"]
        names[entry["kind"]] = entry["name"]
        black.update({cid: entry["kind"] for cid in _numbered(entry["kind"], entry["count"])})
    red: dict[str, str] = {}
    effects: dict[str, tuple[str, str]] = {}
    for entry in counters["red_counters"]:
        effects[entry["kind"]] = (entry["effect"], entry["monster"])
        names[entry["kind"]] = entry["name"]
        red.update({cid: entry["kind"] for cid in _numbered(entry["kind"], entry["count"])})
    items = {i["id"]: (i["table"], int(i["bonus"])) for i in counters["items"]}
    names.update({i["id"]: i["name"] for i in counters["items"]})
    conversion = {c["kind"]: int(c["count"]) for c in counters["conversion_counters"]}
    rates = {r["terrain"]: tuple(int(h) for h in r["hexes"]) for r in tables["movement"]["rates"]}
    encounters = {e["terrain"]: tuple(e["results"]) for e in tables["encounters"]}
    occurrences = {int(s["roll"]): StrangeOccurrence(int(s["roll"]), s["id"], s["text"])
                   for s in tables["strange_occurrences"]}
    combat = {name: CombatTable(name, int(t["columns"]),
                                {row["monster"]: row["results"] for row in t["rows"]})
              for name, t in tables["combat"].items()}
    monster_table = {m["id"]: m["table"] for m in tables["monsters"]}
    names.update({m["id"]: m["name"] for m in tables["monsters"]})
    rules = Rules(hunters, hunter_names, hunter_short, black, categories, red, effects,
                  conversion, items, names, rates, tables["movement"]["large_hex_terrain"],
                  encounters, occurrences, combat, monster_table, raw["transylvania.toml"],
                  raw["castle.toml"], data_dir)
    _check(rules)
    return rules


def _check(rules: Rules) -> None:
    """Refuse data the engine cannot play (a user's own file with a slip in it)."""
    if not 2 <= len(rules.hunters) <= 6:
        raise _fail("there must be two to six hunters")
    for terrain in ("road", "clear", "forest", "mountain", "evil"):
        hexes = rules.rates.get(terrain)
        if hexes is None or len(hexes) != 6 or min(hexes) < 1:
            raise _fail(f"movement rates for {terrain!r} need six positive entries")
    for terrain, results in rules.encounters.items():
        if len(results) != 11:
            raise _fail(f"the {terrain} encounter table needs 11 entries (rolls 2-12)")
        for result in results:
            if result not in (NO_ENCOUNTER, STRANGE_OCCURRENCE) and \
                    result not in rules.monster_table:
                raise _fail(f"the {terrain} encounter table names an unknown monster {result!r}")
    if sorted(rules.strange_occurrences) != list(range(2, 13)):
        raise _fail("the Strange Occurrence table needs entries for rolls 2-12")
    for entry in rules.strange_occurrences.values():
        if entry.id not in STRANGE_EFFECTS:
            raise _fail(f"Strange Occurrence {entry.roll} has an unknown id {entry.id!r}; "
                        f"known: {', '.join(sorted(STRANGE_EFFECTS))}")
    for table in rules.tables.values():
        for monster, row in table.rows.items():
            if len(row) != table.columns or not set(row) <= CODE_LETTERS:
                raise _fail(f"{table.name} row {monster!r} must be {table.columns} code letters")
    for monster, table_name in rules.monster_table.items():
        if monster not in rules.tables[table_name].rows:
            raise _fail(f"monster {monster!r} has no row on the {table_name} table")
    for kind, (effect, monster) in rules.red_effects.items():
        if effect not in RED_EFFECTS:
            raise _fail(f"red counter {kind!r} has an unknown effect {effect!r}")
        if effect in ("combat", "gypsies") and monster not in rules.monster_table:
            raise _fail(f"red counter {kind!r} names an unknown monster {monster!r}")
    if len(rules.black_counters) != 27:
        raise _fail("there must be 27 black counters (three in each of nine large hexes)")
