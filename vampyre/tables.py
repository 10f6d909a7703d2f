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
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
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


#: The hunters, the Strange Occurrences' gifts and the monsters the engine names itself.
ENGINE_HUNTERS = ("harker", "mina", "van_helsing", "godalming", "morris", "seward")
ENGINE_ITEMS = ("silver_crucifix", "holy_water", "silver_bullet")
ENGINE_MONSTERS = ("dracula", "demon", "werewolf", "nosferatu", "player_werewolf", "possessed")
BLACK_CATEGORIES = ("nothing", "dracula_attacks", "item", "coffin")


def _fail(where: str, problem: str) -> BadOption:
    return BadOption(f"vampyre data: {where}: {problem}")


def data_sources(data_dir: str) -> dict[str, Path | None]:
    """Each data file's replacement in ``data_dir`` (None: the packaged file is used).

    The folder must exist and hold at least one data file and no other ``.toml`` file (a
    misspelt name would otherwise be ignored without a word)."""
    if not data_dir:
        return dict.fromkeys(DATA_FILES)
    folder = Path(data_dir)
    if not folder.exists():
        raise BadOption(f"option 'data_dir': there is no folder {data_dir!r}")
    if not folder.is_dir():
        raise BadOption(f"option 'data_dir': {data_dir!r} is a file, not a folder")
    expected = ", ".join(DATA_FILES)
    strangers = sorted(p.name for p in folder.glob("*.toml") if p.name not in DATA_FILES)
    if strangers:
        raise _fail(str(folder / strangers[0]), f"not a data file (they are {expected})")
    found: dict[str, Path | None] = {}
    for name in DATA_FILES:
        own = folder / name
        if own.exists() and not own.is_file():
            raise _fail(str(own), "not a file")
        found[name] = own if own.exists() else None
    if not any(found.values()):
        raise BadOption(f"option 'data_dir': {data_dir!r} holds none of the data files "
                        f"({expected})")
    return found


def source_label(name: str, own: Path | None) -> str:
    """How messages name a data file: the user's path, or the packaged file's name."""
    return str(own) if own is not None else f"the packaged {name}"


def _read(name: str, own: Path | None) -> dict[str, Any]:
    """One data file as TOML data; BadOption naming it if it cannot be read or parsed."""
    where = source_label(name, own)
    try:
        if own is None:
            text = resources.files("vampyre").joinpath("data", name).read_text(encoding="utf-8")
        else:
            text = own.read_text(encoding="utf-8")
        return tomllib.loads(text)
    except OSError as exc:
        raise _fail(where, f"cannot be read ({exc.strerror or exc})") from None
    except UnicodeDecodeError:
        raise _fail(where, "is not UTF-8 text") from None
    except tomllib.TOMLDecodeError as exc:
        raise _fail(where, f"is not valid TOML ({exc})") from None


@contextmanager
def reading(where: str) -> Iterator[None]:
    """Turn a slip found while building from a data file into a BadOption naming the file."""
    try:
        yield
    except BadOption:
        raise
    except KeyError as exc:
        raise _fail(where, f"an entry lacks the key {exc.args[0]!r}") from None
    except (TypeError, ValueError, IndexError, AttributeError) as exc:
        raise _fail(where, f"ill-formed ({exc})") from None


@cache
def load_rules(data_dir: str = "") -> Rules:
    """The packaged data, with any file in ``data_dir`` replacing its packaged twin.

    Raises BadOption naming the file and the problem: a missing folder, a file that
    cannot be read or parsed, an entry that lacks a key or has a wrong type, or data the
    engine cannot play (see :func:`_check`)."""
    sources = data_sources(data_dir)
    raw = {name: _read(name, own) for name, own in sources.items()}
    where = {name: source_label(name, own) for name, own in sources.items()}
    return _build(raw, where, data_dir)


def _numbered(kind: str, count: int) -> list[str]:
    return [f"{kind}_{i}" for i in range(1, count + 1)]


def _text(entry: Mapping[str, Any], key: str) -> str:
    value = entry[key]
    if not isinstance(value, str):
        raise TypeError(f"{key} = {value!r} must be text")
    return value


def _whole(value: Any, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{what} = {value!r} must be a whole number")
    return value


def _kind(entry: Mapping[str, Any], seen: Mapping[str, str]) -> str:
    """A counter's kind: text, new, and not shaped like a gift's id ("gift_<n>_<item>")."""
    kind = _text(entry, "kind")
    if kind in seen or kind.startswith("gift"):
        raise ValueError(f"the counter kind {kind!r} is listed twice or begins with 'gift'")
    return kind


def _entries(data: Mapping[str, Any], key: str) -> list[Mapping[str, Any]]:
    """A table array of the file (``[[key]]``), checked to be one."""
    found = data[key]
    if not isinstance(found, list) or not all(isinstance(e, dict) for e in found):
        raise TypeError(f"{key} must be a list of tables ([[{key}]])")
    return found


def _build(raw: Mapping[str, dict[str, Any]], where: Mapping[str, str], data_dir: str) -> Rules:
    with reading(where["counters.toml"]):
        counters = _from_counters(raw["counters.toml"])
    with reading(where["tables.toml"]):
        tables = _from_tables(raw["tables.toml"])
    names = {**counters.pop("names"), **tables.pop("names")}
    rules = Rules(**counters, **tables, names=names, transylvania=raw["transylvania.toml"],
                  castle=raw["castle.toml"], data_dir=data_dir)
    _check_tables(rules, where["tables.toml"])
    _check_counters(rules, where["counters.toml"])
    return rules


def _from_counters(data: Mapping[str, Any]) -> dict[str, Any]:
    """The parts of :class:`Rules` counters.toml gives."""
    hunters = _entries(data, "hunters")
    names: dict[str, str] = {}
    black: dict[str, str] = {}
    categories: dict[str, str] = {}
    for entry in _entries(data, "black_counters"):
        kind = _kind(entry, names)
        categories[kind] = _text(entry, "category")
        names[kind] = _text(entry, "name")
        black.update(dict.fromkeys(_numbered(kind, _whole(entry["count"], "count")), kind))
    red: dict[str, str] = {}
    effects: dict[str, tuple[str, str]] = {}
    for entry in _entries(data, "red_counters"):
        kind = _kind(entry, names)
        effects[kind] = (_text(entry, "effect"), _text(entry, "monster"))
        names[kind] = _text(entry, "name")
        red.update(dict.fromkeys(_numbered(kind, _whole(entry["count"], "count")), kind))
    items = {_text(i, "id"): (_text(i, "table"), _whole(i["bonus"], "bonus"))
             for i in _entries(data, "items")}
    names.update({_text(i, "id"): _text(i, "name") for i in _entries(data, "items")})
    return {
        "hunters": tuple(_text(h, "id") for h in hunters),
        "hunter_names": {_text(h, "id"): _text(h, "name") for h in hunters},
        "hunter_short": {_text(h, "id"): _text(h, "short") if "short" in h
                         else _text(h, "name") for h in hunters},
        "black_counters": black, "black_categories": categories, "red_counters": red,
        "red_effects": effects, "items": items, "names": names,
        "conversion_counters": {_text(c, "kind"): _whole(c["count"], "count")
                                for c in _entries(data, "conversion_counters")},
    }


def _from_tables(data: Mapping[str, Any]) -> dict[str, Any]:
    """The parts of :class:`Rules` tables.toml gives."""
    movement = data["movement"]
    rates = {_text(r, "terrain"): tuple(_whole(h, "hexes") for h in r["hexes"])
             for r in _entries(movement, "rates")}
    encounters = {_text(e, "terrain"): tuple(str(r) for r in e["results"])
                  for e in _entries(data, "encounters")}
    occurrences = {}
    for entry in _entries(data, "strange_occurrences"):
        roll = _whole(entry["roll"], "roll")
        occurrences[roll] = StrangeOccurrence(roll, _text(entry, "id"), _text(entry, "text"))
    combat = {name: CombatTable(name, _whole(t["columns"], "columns"),
                                {_text(row, "monster"): _text(row, "results")
                                 for row in _entries(t, "rows")})
              for name, t in data["combat"].items()}
    monsters = _entries(data, "monsters")
    return {
        "rates": rates, "large_hex_terrain": _text(movement, "large_hex_terrain"),
        "encounters": encounters, "strange_occurrences": occurrences, "tables": combat,
        "monster_table": {_text(m, "id"): _text(m, "table") for m in monsters},
        "names": {_text(m, "id"): _text(m, "name") for m in monsters},
    }


def _check_tables(rules: Rules, where: str) -> None:
    """Refuse a tables.toml the engine cannot play (a user's own file with a slip in it)."""
    def fail(problem: str) -> BadOption:
        return _fail(where, problem)

    for terrain in ("road", "clear", "forest", "mountain", "evil"):
        hexes = rules.rates.get(terrain)
        if hexes is None or len(hexes) != 6 or min(hexes) < 1:
            raise fail(f"movement rates for {terrain!r} need six positive entries")
    if rules.large_hex_terrain not in rules.rates:
        raise fail(f"large_hex_terrain {rules.large_hex_terrain!r} has no movement rates")
    for terrain, results in rules.encounters.items():
        if len(results) != 11:
            raise fail(f"the {terrain} encounter table needs 11 entries (rolls 2-12)")
        for result in results:
            if result not in (NO_ENCOUNTER, STRANGE_OCCURRENCE) and \
                    result not in rules.monster_table:
                raise fail(f"the {terrain} encounter table names an unknown monster {result!r}")
    if sorted(rules.strange_occurrences) != list(range(2, 13)):
        raise fail("the Strange Occurrence table needs entries for rolls 2-12")
    for entry in rules.strange_occurrences.values():
        if entry.id not in STRANGE_EFFECTS:
            raise fail(f"Strange Occurrence {entry.roll} has an unknown id {entry.id!r}; "
                       f"known: {', '.join(sorted(STRANGE_EFFECTS))}")
    for table in rules.tables.values():
        for monster, row in table.rows.items():
            if table.columns < 1 or len(row) != table.columns or not set(row) <= CODE_LETTERS:
                raise fail(f"{table.name} row {monster!r} must be {table.columns} code letters")
    for monster, table_name in rules.monster_table.items():
        if table_name not in rules.tables or monster not in rules.tables[table_name].rows:
            raise fail(f"monster {monster!r} has no row on a {table_name!r} table")
    for monster in ENGINE_MONSTERS:
        if monster not in rules.monster_table:
            raise fail(f"the monster {monster!r} needs a [[monsters]] entry and a table row")
    _check_code_letters(rules, fail)


def _check_code_letters(rules: Rules, fail: Callable[[str], BadOption]) -> None:
    """"S - Salvation ... only affects nosferatu"; F and I are "only possible in the
    Extended Game", so no monster met in Transylvania has them."""
    met_in_transylvania = {r for results in rules.encounters.values() for r in results}
    met_in_transylvania |= {"dracula", "nosferatu", "player_werewolf", "possessed"}
    for table in rules.tables.values():
        for monster, row in table.rows.items():
            if "S" in row and monster != "nosferatu":
                raise fail(f"{table.name} row {monster!r} has an S, which only affects "
                           "nosferatu")
            if monster in met_in_transylvania and set(row) & {"F", "I"}:
                raise fail(f"{table.name} row {monster!r} has an F or an I, only possible in "
                           f"the Extended Game, yet the {monster} is met in Transylvania")


def _check_counters(rules: Rules, where: str) -> None:
    """Refuse a counters.toml the engine cannot play."""
    def fail(problem: str) -> BadOption:
        return _fail(where, problem)

    if sorted(rules.hunters) != sorted(ENGINE_HUNTERS):
        raise fail(f"[[hunters]] must name each of {', '.join(ENGINE_HUNTERS)} once")
    if len(rules.black_counters) != 27:
        raise fail("there must be 27 black counters (three in each of nine large hexes)")
    for kind, category in rules.black_categories.items():
        if category not in BLACK_CATEGORIES:
            raise fail(f"black counter {kind!r} has an unknown category {category!r}; "
                       f"known: {', '.join(BLACK_CATEGORIES)}")
        if category == "item" and kind not in rules.items:
            raise fail(f"black counter {kind!r} is an item but no [[items]] entry names it")
    if sum(rules.black_categories[k] == "coffin" for k in rules.black_counters.values()) < 3:
        raise fail("there must be at least three coffins to find")
    for kind, (effect, monster) in rules.red_effects.items():
        if effect not in RED_EFFECTS:
            raise fail(f"red counter {kind!r} has an unknown effect {effect!r}")
        if effect in ("combat", "gypsies") and monster not in rules.monster_table:
            raise fail(f"red counter {kind!r} names a monster {monster!r} that tables.toml "
                       "does not list")
    if "count_dracula" not in rules.red_counters.values():
        raise fail("a red counter of kind 'count_dracula' must guard Castle Dracula")
    for item, (table, _) in rules.items.items():
        if table and table not in rules.tables:
            raise fail(f"item {item!r} adds to a {table!r} table that tables.toml lacks")
    for item in ENGINE_ITEMS:
        if item not in rules.items:
            raise fail(f"the item {item!r} (a Strange Occurrence's gift) needs an [[items]] "
                       "entry")
