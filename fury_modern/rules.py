"""The game's data, read once per set of data files: the map, cards, characters and tracks.

Every table comes from a TOML file in ``data/`` (see the fidelity table in
``docs/fury_modern.md`` for what each entry rests on). :func:`load_rules` reads them,
keeps the fields the engine plays with as typed records, and refuses a malformed
file with :class:`~gothic_kernel.BadOption` naming the file and the entry.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import attrs

from gothic_kernel import BadOption
from gothic_kernel.placemap import read_data_file

from .board import DATA_DIR, ModernMap

#: The hunters in their order of play (fixed: [AID], [DP]; characters.toml).
HUNTERS = ("godalming", "seward", "van_helsing", "mina")
DRACULA = "dracula"
SEATS = (*HUNTERS, DRACULA)
ICONS = ("fangs", "strength", "claws", "mesmerize", "plotting", "escape_as_bat",
         "escape_as_mist")


@attrs.frozen
class HunterSheet:
    """A hunter's character sheet."""

    id: str
    name: str
    health: int
    bite_spaces: int
    item_limit: int
    event_limit: int
    ticket_limit: int
    permanently_weakened: bool
    abilities: tuple[str, ...]


@attrs.frozen
class DraculaSheet:
    name: str
    health: int
    event_limit: int
    encounter_hand: int
    combat_hand: int
    sea_to_sea_cost: int
    castle_heals: int
    pride_needs: int
    pride_fewer_per_despair: int
    rage_per_defeat: int
    fury_influence_per_dawn: int


@attrs.frozen
class DraculaCombatCard:
    id: str
    name: str
    count: int
    icon: str
    damage: int
    night_extra_damage: int
    heals: int
    escape: bool


@attrs.frozen
class HunterCombatCard:
    """A card a hunter may choose in combat: Punch, Dodge, Escape, or an item with a banner."""

    id: str
    name: str
    icons: frozenset[str]
    damage: int
    leaves_combat: bool
    weapon: bool
    basic: bool


@attrs.frozen
class Encounter:
    id: str
    name: str
    count: int
    ambush: bool
    vampire: bool
    fight: bool
    health: int
    returns: bool
    influence_on_mature: int
    clears_trail_spaces: tuple[int, ...]
    matures: bool  # it has a matured effect
    #: its matured effect reveals the location card ("Reveal the location")
    matured_reveals_location: bool


@attrs.frozen
class Card:
    """An item or event card: what the engine needs to deal and show it."""

    id: str
    name: str
    count: int
    owner: str  # "hunters" / "dracula" / a hunter's id for character cards
    kept: bool = True
    #: When it may be played (vocabulary.toml [timing]); its effects, when it has several.
    timing: tuple[str, ...] = ()
    modes: tuple[str, ...] = ()
    #: The hunter events it cancels when played (Sensationalist Press).
    cancels: tuple[str, ...] = ()
    #: The damage its effect deals (items.toml: Garlic Wreath, Holy Bullets, ...).
    damage: int = 0


@attrs.frozen
class Power:
    id: str
    name: str
    cost: int
    night_only: bool
    places_encounter: bool


@attrs.frozen
class Ticket:
    id: str
    white: int
    yellow: int
    count: int


@attrs.frozen
class Rules:
    """Everything a game reads from its data files."""

    board: ModernMap
    hunters: Mapping[str, HunterSheet]
    dracula: DraculaSheet
    dracula_cards: Mapping[str, DraculaCombatCard]
    hunter_cards: Mapping[str, HunterCombatCard]
    encounters: Mapping[str, Encounter]
    items: Mapping[str, Card]
    events: Mapping[str, Card]
    powers: Mapping[str, Power]
    tickets: Mapping[str, Ticket]
    numbers: Mapping[str, int]
    printed: Mapping[str, str]

    def name(self, ident: str) -> str:
        """The printed name of a place, card, encounter or seat id."""
        return self.printed.get(ident, ident.replace("_", " ").title())


#: The data files a ``data_dir`` may hold (each one it lacks is the packaged one).
DATA_FILES = ("map.toml", "characters.toml", "combat.toml", "items.toml", "events.toml",
              "encounters.toml", "powers.toml", "tickets.toml", "tracks.toml")
#: Files of the packaged folder that are not rules data (a user's folder may hold them).
OTHER_FILES = ("vocabulary.toml", "map_layout.toml")


@functools.lru_cache(maxsize=8)
def load_rules(map_file: str = "", data_dir: str = "") -> Rules:
    """The rules from ``data_dir`` (default: the packaged files; each file the folder lacks
    is the packaged one) and ``map_file`` (default: the folder's map.toml)."""
    folder = _folder(data_dir) if data_dir else DATA_DIR
    reader = _Reader(folder)
    board = ModernMap.load(map_file or reader.path("map.toml"))
    return reader.rules(board)


def _folder(data_dir: str) -> Path:
    """The user's data folder, checked: a folder, holding data files and no stray ones."""
    folder = Path(data_dir)
    if not folder.exists():
        raise BadOption(f"data_dir {data_dir!r}: there is no folder of that name")
    if not folder.is_dir():
        raise BadOption(f"data_dir {data_dir!r} is a file, not a folder")
    found = sorted(p.name for p in folder.glob("*.toml"))
    stray = [n for n in found if n not in DATA_FILES and n not in OTHER_FILES]
    if stray:
        raise BadOption(f"data_dir {data_dir!r}: {str(folder / stray[0])!r} is not a data file "
                        f"(the data files are {', '.join(DATA_FILES)})")
    if not any(n in DATA_FILES for n in found):
        raise BadOption(f"data_dir {data_dir!r} holds none of the data files "
                        f"({', '.join(DATA_FILES)})")
    return folder


class _Entry:
    """One entry of a data file, read field by field: a missing field or one of the wrong
    type is a BadOption naming the file, the entry and the field."""

    def __init__(self, where: str, data: Any) -> None:
        if not isinstance(data, Mapping):
            raise BadOption(f"{where} must be a table")
        self.where, self.data = where, data

    def _get(self, key: str, kinds: tuple[type, ...], what: str) -> Any:
        if key not in self.data:
            raise BadOption(f"{self.where} lacks the field {key!r}")
        value = self.data[key]
        if not isinstance(value, kinds) or (bool not in kinds and isinstance(value, bool)):
            raise BadOption(f"{self.where}: field {key!r} must be {what}, not {value!r}")
        return value

    def text(self, key: str) -> str:
        return str(self._get(key, (str,), "a string"))

    def number(self, key: str, low: int = 0, default: int | None = None) -> int:
        if default is not None and key not in self.data:
            return default
        value = int(self._get(key, (int,), "a whole number"))
        if value < low:
            raise BadOption(f"{self.where}: field {key!r} must be at least {low}, not {value}")
        return value

    def flag(self, key: str) -> bool:
        return bool(self._get(key, (bool,), "true or false"))

    def words(self, key: str) -> tuple[str, ...]:
        value = self._get(key, (list,), "a list of strings")
        if not all(isinstance(v, str) for v in value):
            raise BadOption(f"{self.where}: field {key!r} must be a list of strings")
        return tuple(value)

    def numbers(self, key: str) -> tuple[int, ...]:
        value = self._get(key, (list,), "a list of whole numbers")
        if not all(isinstance(v, int) and not isinstance(v, bool) for v in value):
            raise BadOption(f"{self.where}: field {key!r} must be a list of whole numbers")
        return tuple(value)

    def table(self, key: str) -> _Entry:
        return _Entry(f"{self.where}, [{key}]", self._get(key, (Mapping,), "a table"))

    def entries(self, key: str) -> list[_Entry]:
        """The array of tables ``[[key]]``, each named by its id."""
        value = self._get(key, (list,), "an array of tables")
        found = []
        for i, data in enumerate(value):
            ident = data.get("id") if isinstance(data, Mapping) else None
            found.append(_Entry(f"{self.where}, [[{key}]] {ident!r}" if isinstance(ident, str)
                                else f"{self.where}, [[{key}]] number {i + 1}", data))
        return found


class _Reader:
    def __init__(self, folder: Path) -> None:
        self.folder = folder

    def path(self, name: str) -> Path:
        """The folder's file ``name``, or the packaged one where the folder has none."""
        mine = self.folder / name
        return mine if mine.exists() else DATA_DIR / name

    def read(self, name: str) -> _Entry:
        path = self.path(name)
        return _Entry(f"data file {str(path)!r}", read_data_file(path, f"data file {name}"))

    def rules(self, board: ModernMap) -> Rules:
        characters, combat = self.read("characters.toml"), self.read("combat.toml")
        items, events = self.read("items.toml"), self.read("events.toml")
        encounters, powers = self.read("encounters.toml"), self.read("powers.toml")
        tickets, tracks = self.read("tickets.toml"), self.read("tracks.toml")
        hunters = {h.text("id"): _hunter(h) for h in characters.entries("hunter")}
        if tuple(hunters) != HUNTERS:
            raise BadOption(f"{characters.where}: the hunters must be {', '.join(HUNTERS)}, in "
                            "that order")
        basic = {c.text("id"): HunterCombatCard(
            c.text("id"), c.text("name"), _icons(c), c.number("damage"),
            c.flag("leaves_combat"), False, True) for c in combat.entries("hunter_card")}
        weapons = {c.text("id"): HunterCombatCard(
            c.text("id"), c.text("name"), _icons(c), c.number("damage", default=0), False,
            c.flag("weapon"), False) for c in items.entries("item") if c.text("banner") == "red"}
        numbers = {k: int(v) for k, v in combat.table("combat").data.items()
                   if isinstance(v, int) and not isinstance(v, bool)}
        for needed in NEEDED_COMBAT_NUMBERS:
            combat.table("combat").number(needed)
        trail = tracks.table("trail")
        numbers.update(influence_max=tracks.table("influence").number("max", 1),
                       despair_tokens=tracks.table("despair").number("tokens"),
                       trail_spaces=trail.number("spaces", 2),
                       lair_slots=trail.number("lair_slots"),
                       ticket_limit=tickets.table("tickets").number("held_at_most", 1))
        numbers.update({f"influence_{c.text('event')}": c.number("amount", -99)
                        for c in tracks.entries("influence_change")})
        for needed in NEEDED_INFLUENCE:
            if f"influence_{needed}" not in numbers:
                raise BadOption(f"{tracks.where} lacks the [[influence_change]] {needed!r}")
        printed = {p: board.name(p) for p in board.places}
        printed.update({h.id: h.name for h in hunters.values()})
        dracula = _dracula(characters.table("dracula"))
        printed[DRACULA] = dracula.name
        rules = Rules(
            board=board, hunters=hunters, dracula=dracula,
            dracula_cards={c.text("id"): DraculaCombatCard(
                c.text("id"), c.text("name"), c.number("count"), _icon(c), c.number("damage"),
                c.number("night_extra_damage"), c.number("heals"), c.flag("escape"))
                for c in combat.entries("dracula_card")},
            hunter_cards={**basic, **weapons},
            encounters={e.text("id"): Encounter(
                e.text("id"), e.text("name"), e.number("count"), e.flag("ambush"),
                e.flag("vampire"), e.flag("fight"), e.number("health"), e.flag("returns"),
                e.number("influence_on_mature"), e.numbers("clears_trail_spaces"),
                bool(e.text("matured_effect")), e.flag("matured_reveals_location"))
                for e in encounters.entries("encounter")},
            items={c.text("id"): Card(c.text("id"), c.text("name"), c.number("count"),
                                      c.text("owner"), True, c.words("timing"),
                                      damage=c.number("damage", default=0))
                   for c in items.entries("item")},
            events={c.text("id"): Card(c.text("id"), c.text("name"), c.number("count"),
                                       c.text("owner"), c.flag("kept"), c.words("timing"),
                                       c.words("modes") if "modes" in c.data else (),
                                       c.words("cancels") if "cancels" in c.data else ())
                    for c in events.entries("event")},
            powers={p.text("id"): Power(p.text("id"), p.text("name"), p.number("cost", -99),
                                        p.flag("night_only"), p.flag("places_encounter"))
                    for p in powers.entries("power")},
            tickets={t.text("id"): Ticket(t.text("id"), t.number("white"), t.number("yellow"),
                                          t.number("count")) for t in tickets.entries("ticket")},
            numbers=numbers, printed=printed)
        for table in (rules.items, rules.events, rules.encounters, rules.dracula_cards,
                      rules.hunter_cards, rules.powers):
            printed.update({ident: card.name for ident, card in table.items()})
        return rules


#: The influence changes the engine reads (tracks.toml [[influence_change]] events).
NEEDED_INFLUENCE = ("vampire_matured_from_rumour_hideout", "fangs_against_mesmerized_hunter",
                    "fangs_against_reckless_vampire_fighter", "vampire_lair_event")
#: The combat numbers the engine reads (combat.toml [combat]).
NEEDED_COMBAT_NUMBERS = ("dracula_draws_at_start", "dracula_max_cards_played",
                         "vampire_escape_needs_cards_in_play")


def _hunter(h: _Entry) -> HunterSheet:
    return HunterSheet(
        h.text("id"), h.text("name"), h.number("health", 1), h.number("bite_spaces"),
        h.number("item_limit"), h.number("event_limit"), h.number("ticket_limit"),
        h.flag("permanently_weakened"),
        tuple(a.text("id") for a in h.entries("ability")) if "ability" in h.data else ())


def _icons(card: _Entry) -> frozenset[str]:
    icons = card.words("icons")
    unknown = sorted(set(icons) - set(ICONS))
    if unknown:
        raise BadOption(f"{card.where}: unknown icons {unknown} (the icons are "
                        f"{', '.join(ICONS)})")
    return frozenset(icons)


def _icon(card: _Entry) -> str:
    icon = card.text("icon")
    if icon not in ICONS:
        raise BadOption(f"{card.where}: unknown icon {icon!r} (the icons are {', '.join(ICONS)})")
    return icon


def _dracula(sheet: _Entry) -> DraculaSheet:
    abilities = {a.text("id"): a for a in sheet.entries("ability")}
    for needed in ("pride", "rage", "the_fury_of_dracula"):
        if needed not in abilities:
            raise BadOption(f"{sheet.where} lacks the ability {needed!r}")
    pride, rage = abilities["pride"], abilities["rage"]
    fury = abilities["the_fury_of_dracula"]
    return DraculaSheet(
        sheet.text("name"), sheet.number("health", 1), sheet.number("event_limit"),
        sheet.number("encounter_hand"), sheet.number("combat_hand"),
        sheet.number("sea_to_sea_move_cost"), sheet.number("castle_card_heals"),
        pride.number("escape_needs_cards_played"), pride.number("fewer_per_despair_token"),
        rage.number("influence_per_defeat"), fury.number("influence_per_dawn"))
