"""The Encounter Chits: what is in the Encounter Pool and where each may be placed.

Read from ``data/encounters.toml`` (or a user's file). The effects themselves
(the SM Screen's instructions) are in :mod:`fury1987.encounters`; this module
only holds the data and the placement rules of Dracula's Action Phase.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from pathlib import Path
from typing import Literal

import attrs

from gothic_kernel import BadOption

from .board import DATA_DIR, PROVENANCES, Board
from .datafile import Entry, read_toml

ENCOUNTERS_FILE = DATA_DIR / "encounters.toml"

Effect = Literal["bats", "fog", "storms", "hoax", "peasants", "rats", "wolves", "servant",
                 "szgany", "vampire"]
EFFECTS: tuple[str, ...] = ("bats", "fog", "storms", "hoax", "peasants", "rats", "wolves",
                            "servant", "szgany", "vampire")

#: A Hunter turned Vampire is "a Vampire Encounter Chit for all purposes" (Wounds - Bites).
HUNTER_VAMPIRE_SUFFIX = "_vampire"


@attrs.frozen
class EncounterChit:
    """One kind of Encounter Chit."""

    id: str
    name: str
    count: int
    effect: str
    east_only: bool = False
    west_only: bool = False
    not_british: bool = False
    lingers: bool = False
    remains: bool = False
    vampire: bool = False
    wounds_by_roll: tuple[int, ...] = ()
    agent_weapons: tuple[str, ...] = ()
    flee_on: tuple[int, ...] = ()
    ends_action_phase: tuple[int, ...] = ()

    @property
    def is_agent(self) -> bool:
        return self.effect in ("servant", "szgany")


@attrs.frozen
class EncounterData:
    """Every kind of Encounter Chit, the pool's make-up and the reconstructed numbers."""

    chits: Mapping[str, EncounterChit]
    lifts_on: tuple[int, ...]
    knife_destroys_on: tuple[int, ...]
    castle_bites_on: tuple[int, ...]
    source: str = ""

    def pool(self) -> list[str]:
        """The Encounter Pool at the start of the game: one id per chit."""
        return [c.id for c in self.chits.values() for _ in range(c.count)]

    def chit(self, chit_id: str) -> EncounterChit:
        """The kind of ``chit_id`` (a Hunter-Vampire is a Vampire)."""
        found = self.chits.get(chit_id)
        if found is not None:
            return found
        if chit_id.endswith(HUNTER_VAMPIRE_SUFFIX):
            return EncounterChit(chit_id, hunter_vampire_name(chit_id), 0, "vampire",
                                 remains=True, vampire=True)
        raise KeyError(chit_id)

    def is_vampire(self, chit_id: str) -> bool:
        return self.chit(chit_id).vampire

    def name(self, chit_id: str) -> str:
        return self.chit(chit_id).name

    def may_place(self, chit_id: str, town: str, board: Board) -> bool:
        """Dracula's Action Phase - Placing an Encounter: Peasants and Szgany only in
        Eastern Europe, Hoax only in Western Europe, never Wolves in the British Isles."""
        chit = self.chit(chit_id)
        place = board.places[town]
        if chit.east_only and not place.east:
            return False
        if chit.west_only and place.east:
            return False
        return not (chit.not_british and place.british)

    @staticmethod
    def load(path: str | Path | None = None) -> EncounterData:
        return _load(str(Path(path) if path is not None else ENCOUNTERS_FILE))


def hunter_vampire_id(seat: str) -> str:
    return seat + HUNTER_VAMPIRE_SUFFIX


def hunter_vampire_name(chit_id: str) -> str:
    seat = chit_id.removesuffix(HUNTER_VAMPIRE_SUFFIX)
    return " ".join(w.capitalize() for w in seat.split("_")) + " (Vampire)"


@functools.lru_cache(maxsize=8)
def _load(path: str) -> EncounterData:
    data, source = read_toml(path, "encounters.toml", BadOption)
    root = Entry.of(data, f"encounter file {source!r}", BadOption)
    entries = root.table("chit").entries()
    chits = {cid: _chit(cid, entry) for cid, entry in entries.items()}
    lifts = root.table("lifting").faces("lifts_on")
    vampire = root.table("vampire")
    knife, castle = vampire.faces("knife_destroys_on"), vampire.faces("castle_bites_on")
    problems = [f"{c.id}: unknown effect {c.effect!r}" for c in chits.values()
                if c.effect not in EFFECTS]
    problems += [f"{cid}: no provenance" for cid, e in entries.items()
                 if e.data.get("provenance") not in PROVENANCES]
    problems += [f"{c.id}: wounds_by_roll needs six entries" for c in chits.values()
                 if c.wounds_by_roll and len(c.wounds_by_roll) != 6]
    problems += [f"{c.id}: a count below 0" for c in chits.values() if c.count < 0]
    problems += [f"{c.id}: an Agent needs agent_weapons" for c in chits.values()
                 if c.is_agent and not c.agent_weapons]
    problems += [f"{c.id}: wounds_by_roll has a wound count below 0" for c in chits.values()
                 if any(w < 0 for w in c.wounds_by_roll)]
    problems += [f"{c.id}: effect {c.effect!r} needs wounds_by_roll" for c in chits.values()
                 if c.effect in ("rats", "wolves", "peasants") and not c.wounds_by_roll]
    if not any(c.vampire and c.count for c in chits.values()):
        problems.append("the Encounter Pool holds no Vampire")
    if problems:
        raise BadOption(f"encounter file {source!r}: " + "; ".join(problems[:5]))
    return EncounterData(chits, lifts, knife, castle, path)


def _chit(chit_id: str, entry: Entry) -> EncounterChit:
    ends = entry.data.get("ends_action_phase", ())
    return EncounterChit(
        id=chit_id, name=entry.text("name"), count=entry.whole("count"),
        effect=entry.text("effect"), east_only=entry.flag("east_only", False),
        west_only=entry.flag("west_only", False),
        not_british=entry.flag("not_british", False),
        lingers=entry.flag("lingers", False), remains=entry.flag("remains", False),
        vampire=entry.flag("vampire", False),
        wounds_by_roll=entry.items("wounds_by_roll", int, ()),
        agent_weapons=entry.words("agent_weapons", ()),
        flee_on=entry.faces("flee_on", ()),
        ends_action_phase=(1, 2, 3, 4, 5, 6) if ends is True
        else entry.faces("ends_action_phase", ()),
    )
