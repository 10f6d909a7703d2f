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


@attrs.frozen
class Card:
    """An item or event card: what the engine needs to deal and show it."""

    id: str
    name: str
    count: int
    owner: str  # "hunters" / "dracula" / a hunter's id for character cards
    kept: bool = True


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


@functools.lru_cache(maxsize=8)
def load_rules(map_file: str = "", data_dir: str = "") -> Rules:
    """The rules from ``data_dir`` (default: the packaged files) and ``map_file``."""
    folder = Path(data_dir) if data_dir else DATA_DIR
    board = ModernMap.load(map_file or folder / "map.toml")
    return _Reader(folder).rules(board)


class _Reader:
    def __init__(self, folder: Path) -> None:
        self.folder = folder

    def read(self, name: str) -> dict[str, Any]:
        return read_data_file(self.folder / name, f"data file {name}")

    def rules(self, board: ModernMap) -> Rules:
        try:
            return self._rules(board)
        except (KeyError, TypeError, ValueError) as exc:
            raise BadOption(f"fury_modern data in {str(self.folder)!r} is malformed: "
                            f"{type(exc).__name__} {exc}") from None

    def _rules(self, board: ModernMap) -> Rules:
        characters, combat = self.read("characters.toml"), self.read("combat.toml")
        items, events = self.read("items.toml"), self.read("events.toml")
        encounters, powers = self.read("encounters.toml"), self.read("powers.toml")
        tickets, tracks = self.read("tickets.toml"), self.read("tracks.toml")
        hunters = {h["id"]: HunterSheet(
            h["id"], h["name"], int(h["health"]), int(h["bite_spaces"]), int(h["item_limit"]),
            int(h["event_limit"]), int(h["ticket_limit"]), bool(h["permanently_weakened"]),
            tuple(a["id"] for a in h.get("ability", ()))) for h in characters["hunter"]}
        if tuple(hunters) != HUNTERS:
            raise ValueError(f"the hunters must be {', '.join(HUNTERS)} in that order")
        dracula = _dracula(characters["dracula"])
        basic = {c["id"]: HunterCombatCard(
            c["id"], c["name"], frozenset(c["icons"]), int(c["damage"]),
            bool(c["leaves_combat"]), False, True) for c in combat["hunter_card"]}
        weapons = {c["id"]: HunterCombatCard(
            c["id"], c["name"], frozenset(c["icons"]), int(c.get("damage", 0)), False,
            bool(c["weapon"]), False) for c in items["item"] if c["banner"] == "red"}
        for card in (*basic.values(), *weapons.values()):
            unknown = set(card.icons) - set(ICONS)
            if unknown:
                raise ValueError(f"card {card.id!r} shows unknown icons {sorted(unknown)}")
        numbers = {k: int(v) for k, v in combat["combat"].items()
                   if isinstance(v, int) and not isinstance(v, bool)}
        numbers.update(influence_max=int(tracks["influence"]["max"]),
                       despair_tokens=int(tracks["despair"]["tokens"]),
                       trail_spaces=int(tracks["trail"]["spaces"]),
                       lair_slots=int(tracks["trail"]["lair_slots"]),
                       ticket_limit=int(tickets["tickets"]["held_at_most"]))
        numbers.update({f"influence_{c['event']}": int(c["amount"])
                        for c in tracks["influence_change"]})
        printed = {p: board.name(p) for p in board.places}
        printed.update({h.id: h.name for h in hunters.values()})
        printed[DRACULA] = dracula.name
        rules = Rules(
            board=board, hunters=hunters, dracula=dracula,
            dracula_cards={c["id"]: DraculaCombatCard(
                c["id"], c["name"], int(c["count"]), c["icon"], int(c["damage"]),
                int(c["night_extra_damage"]), int(c["heals"]), bool(c["escape"]))
                for c in combat["dracula_card"]},
            hunter_cards={**basic, **weapons},
            encounters={e["id"]: Encounter(
                e["id"], e["name"], int(e["count"]), bool(e["ambush"]), bool(e["vampire"]),
                bool(e["fight"]), int(e["health"]), bool(e["returns"]),
                int(e["influence_on_mature"]), tuple(e["clears_trail_spaces"]),
                bool(e["matured_effect"]))
                for e in encounters["encounter"]},
            items={c["id"]: Card(c["id"], c["name"], int(c["count"]), c["owner"])
                   for c in items["item"]},
            events={c["id"]: Card(c["id"], c["name"], int(c["count"]), c["owner"],
                                  bool(c["kept"])) for c in events["event"]},
            powers={p["id"]: Power(p["id"], p["name"], int(p["cost"]), bool(p["night_only"]),
                                   bool(p["places_encounter"])) for p in powers["power"]},
            tickets={t["id"]: Ticket(t["id"], int(t["white"]), int(t["yellow"]),
                                     int(t["count"])) for t in tickets["ticket"]},
            numbers=numbers, printed=printed)
        for table in (rules.items, rules.events, rules.encounters, rules.dracula_cards):
            printed.update({ident: card.name for ident, card in table.items()})
        printed.update({ident: card.name for ident, card in rules.hunter_cards.items()})
        printed.update({ident: power.name for ident, power in rules.powers.items()})
        return rules


def _dracula(sheet: Mapping[str, Any]) -> DraculaSheet:
    abilities = {a["id"]: a for a in sheet["ability"]}
    pride, rage = abilities["pride"], abilities["rage"]
    fury = abilities["the_fury_of_dracula"]
    return DraculaSheet(
        sheet["name"], int(sheet["health"]), int(sheet["event_limit"]),
        int(sheet["encounter_hand"]), int(sheet["combat_hand"]),
        int(sheet["sea_to_sea_move_cost"]), int(sheet["castle_card_heals"]),
        int(pride["escape_needs_cards_played"]), int(pride["fewer_per_despair_token"]),
        int(rage["influence_per_defeat"]), int(fury["influence_per_dawn"]))
