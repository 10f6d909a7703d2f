"""The Combat Action Board and the combat chits, loaded from data files.

The Combat Action Board (CAB) has two sides, each with two tables (Combat - The
Combat Sequence): the colour side when Dracula himself fights (``"dracula"``),
the black and white side when his Agents do (``"agents"``). The table used in a
round is the one at the end of whoever won initiative. A Hunter's chit picks the
line, the opponent's chit the column, and the box holds the result: a Combat
Results Key code such as ``H.Dod`` or ``Mort``, or an amount such as ``4Bld``
(Blood Points) or ``2W`` (Wounds). A result printed in italics means the
Hunter's Weapon is used up; the data files write it between asterisks.

The printed tables are not in the rulebook: ``data/combat_tables.toml`` is a
reconstruction that agrees with every worked example. A player who owns the
board can type the printed tables into a copy of that file and load it with
:func:`load_tables`; it is checked for completeness and sense on loading.

    >>> tables = default_tables()
    >>> str(tables.lookup("dracula", "hunters", "holy_water", "fang"))
    '*4Bld*'
"""

from __future__ import annotations

import functools
import re
import tomllib
from collections.abc import Mapping
from importlib import resources
from pathlib import Path
from typing import Any, Literal, cast

import attrs

from gothic_kernel import GothicError

CabSide = Literal["dracula", "agents"]
"""A side of the Combat Action Board: Dracula vs Hunters, or Agents vs Hunters."""

Winner = Literal["dracula", "agents", "hunters"]
"""Who won initiative, naming the table used."""

ChitSet = Literal["dracula", "agent", "hunter"]

CAB_SIDES: tuple[CabSide, CabSide] = ("dracula", "agents")
WINNERS: dict[CabSide, tuple[Winner, Winner]] = {
    "dracula": ("dracula", "hunters"),
    "agents": ("agents", "hunters"),
}
PROVENANCES = ("rulebook", "derived", "reconstructed")

# Result codes of the Combat Results Key.
PARRIED = "Par"
HUNTER_DODGES = "H.Dod"
HUNTER_ESCAPES = "H.Esc"
DRACULA_ESCAPES = "D.Esc"
SNATCHED = "Sna"
MORTAL_WOUND = "Mort"
BITE = "Bite"
HYPNOSIS = "Hyp"
REPEL = "Repel"
BLOOD = "Bld"
WOUNDS = "W"
PLAIN_CODES = frozenset(
    {PARRIED, HUNTER_DODGES, HUNTER_ESCAPES, DRACULA_ESCAPES, SNATCHED, MORTAL_WOUND, BITE,
     HYPNOSIS, REPEL}
)
_AMOUNT = re.compile(r"^([1-9][0-9]?)(Bld|W)$")

# Results that only make sense against Dracula himself (never on the Agents' side).
DRACULA_ONLY_CODES = frozenset({DRACULA_ESCAPES, BITE, HYPNOSIS, REPEL, BLOOD})

RULE_TABLES = "Combat Action Board (CAB)"


class CombatDataError(GothicError, ValueError):
    """A combat data file (tables or chits) that is incomplete or makes no sense."""


# ---------------------------------------------------------------------------------------
# Results
# ---------------------------------------------------------------------------------------
@attrs.frozen
class Result:
    """One box of a combat table.

    ``code`` is a Combat Results Key code (``"Par"``, ``"H.Esc"``, ...) or ``"Bld"`` /
    ``"W"`` with ``amount`` Blood Points or Wounds; ``used_up`` is the italic flag.
    """

    code: str
    amount: int = 0
    used_up: bool = False

    @classmethod
    def parse(cls, text: str) -> Result:
        """Read a box as written in the data file: ``"Par"``, ``"2W"``, ``"*4Bld*"``."""
        raw = text.strip()
        used_up = len(raw) > 2 and raw.startswith("*") and raw.endswith("*")
        body = raw[1:-1] if used_up else raw
        if body in PLAIN_CODES:
            return cls(body, 0, used_up)
        match = _AMOUNT.match(body)
        if match is None:
            raise CombatDataError(
                f"unknown combat result {text!r}: expected one of "
                f"{sorted(PLAIN_CODES)}, 'nBld' or 'nW' (italics as '*...*')"
            )
        return cls(match.group(2), int(match.group(1)), used_up)

    @property
    def blood_points(self) -> int:
        """Blood Points Dracula loses (``nBld``), else 0."""
        return self.amount if self.code == BLOOD else 0

    @property
    def wounds(self) -> int:
        """Wounds the Hunter suffers (``nW``), else 0."""
        return self.amount if self.code == WOUNDS else 0

    def __str__(self) -> str:
        body = f"{self.amount}{self.code}" if self.amount else self.code
        return f"*{body}*" if self.used_up else body


PARRY = Result(PARRIED)


# ---------------------------------------------------------------------------------------
# Tables
# ---------------------------------------------------------------------------------------
@attrs.frozen
class CombatTable:
    """One table of the CAB: a side, whoever won initiative, and its boxes."""

    side: CabSide
    winner: Winner
    label: str
    hunter_chits: tuple[str, ...]
    opponent_chits: tuple[str, ...]
    boxes: Mapping[tuple[str, str], Result]
    provenance: str

    def lookup(self, hunter_chit: str, opponent_chit: str) -> Result:
        """The box on the Hunter's line under the opponent's chit."""
        try:
            return self.boxes[hunter_chit, opponent_chit]
        except KeyError:
            raise CombatDataError(
                f"no box for Hunter chit {hunter_chit!r} against {opponent_chit!r} "
                f"on the {self.label!r} table"
            ) from None


@attrs.frozen
class EscapeForm:
    """One of Dracula's three escape forms and what follows when it works."""

    form: str
    chit: str
    leaves_town: bool
    destination: str
    stays_in_castle: bool
    provenance: str


@attrs.frozen
class DerivedBox:
    """A box the rulebook's worked examples look up (each one a test)."""

    side: CabSide
    winner: Winner
    hunter: str
    opponent: str
    result: Result
    example: str


@attrs.frozen
class CombatTables:
    """Both sides of the Combat Action Board, the results key and the escape forms."""

    tables: Mapping[tuple[CabSide, Winner], CombatTable]
    results_key: Mapping[str, str]
    escape_forms: Mapping[str, EscapeForm]
    derived: tuple[DerivedBox, ...]
    source: str

    def table(self, side: CabSide, winner: Winner) -> CombatTable:
        """The table of ``side`` used when ``winner`` won initiative."""
        try:
            return self.tables[side, winner]
        except KeyError:
            raise CombatDataError(f"the {side!r} side has no table won by {winner!r}") from None

    def lookup(self, side: CabSide, winner: Winner, hunter_chit: str, opponent_chit: str) -> Result:
        """Cross-reference two chits on the table of ``side`` won by ``winner``."""
        return self.table(side, winner).lookup(hunter_chit, opponent_chit)

    def hunter_chits(self, side: CabSide) -> tuple[str, ...]:
        """The Hunter chits listed on ``side`` (the only ones usable there)."""
        return self.table(side, "hunters").hunter_chits

    def opponent_chits(self, side: CabSide) -> tuple[str, ...]:
        """Dracula's chits (colour side) or the Agents' chits (black and white side)."""
        return self.table(side, "hunters").opponent_chits

    def escape_form_of(self, chit: str) -> EscapeForm | None:
        """The escape form a Dracula chit stands for, or None."""
        for form in self.escape_forms.values():
            if form.chit == chit:
                return form
        return None


# ---------------------------------------------------------------------------------------
# Chits
# ---------------------------------------------------------------------------------------
@attrs.frozen
class Chit:
    """A combat chit of one of the three sets (Reference 1-3)."""

    id: str
    chit_set: ChitSet
    name: str
    basic: bool
    selectable: bool
    usable_against: frozenset[CabSide]
    daytime: bool
    escape_form: str | None
    one_use: bool
    count: int
    text: str
    provenance: str
    section: str
    reconstructed: tuple[str, ...]
    derived: tuple[str, ...]
    extra: Mapping[str, Any]

    @property
    def is_weapon(self) -> bool:
        """A Hunter Weapon chit (not Basic)."""
        return self.chit_set == "hunter" and not self.basic

    @property
    def is_escape(self) -> bool:
        """One of Dracula's three Escape chits, or a Hunter's Escape."""
        return self.escape_form is not None or (self.chit_set == "hunter" and self.id == "escape")


@attrs.frozen
class HunterModifiers:
    """A Hunter's playsheet Initiative Modifiers."""

    against_dracula: int
    against_agents: int
    provenance: str

    def against(self, side: CabSide) -> int:
        """The modifier when fighting on ``side`` of the CAB."""
        return self.against_dracula if side == "dracula" else self.against_agents


@attrs.frozen
class InitiativeRules:
    """The initiative modifiers that are data (Combat - The Combat Round)."""

    hunters: Mapping[str, HunterModifiers]
    hunter_modifiers_first_round_only: bool
    dogs_first_round: int
    castle_dracula: int
    bitten_hunter: int

    def hunter(self, hunter: str) -> HunterModifiers:
        """A Hunter's playsheet modifiers (none for a Hunter not listed)."""
        return self.hunters.get(hunter, HunterModifiers(0, 0, "reconstructed"))


@attrs.frozen
class AgentKind:
    """A kind of Agent counter and the weapons printed on it."""

    id: str
    name: str
    weapons: tuple[str, ...]
    provenance: str


@attrs.frozen
class ChitData:
    """All combat chits, the Agent kinds and the initiative modifiers."""

    dracula: Mapping[str, Chit]
    agent: Mapping[str, Chit]
    hunter: Mapping[str, Chit]
    agent_kinds: Mapping[str, AgentKind]
    initiative: InitiativeRules
    agent_sets: int
    source: str

    def chits_of(self, chit_set: ChitSet) -> Mapping[str, Chit]:
        """The chits of one set."""
        return {"dracula": self.dracula, "agent": self.agent, "hunter": self.hunter}[chit_set]

    @property
    def weapons_pool(self) -> tuple[str, ...]:
        """Every Weapon chit of the Weapons Pool, one id per physical chit, sorted."""
        return tuple(
            chit.id for chit in sorted(self.hunter.values(), key=lambda c: c.id)
            if chit.is_weapon for _ in range(chit.count)
        )

    def agent_chits(self, weapons: tuple[str, ...]) -> tuple[str, ...]:
        """An Agent's chits: Dodge and Fist (always available) plus its listed weapons."""
        unknown = [w for w in weapons if w not in self.agent or self.agent[w].basic]
        if unknown:
            raise CombatDataError(f"not Agent weapon chits: {unknown}")
        basics = tuple(c.id for c in self.agent.values() if c.basic)
        return basics + tuple(w for w in weapons if w not in basics)


# ---------------------------------------------------------------------------------------
# Loading
# ---------------------------------------------------------------------------------------
def _read_toml(path: str | Path | None, default_name: str) -> tuple[dict[str, Any], str]:
    if path is None:
        text = resources.files("fury1987").joinpath("data", default_name).read_text("utf-8")
        source = f"fury1987/data/{default_name}"
    else:
        try:
            text = Path(path).read_text("utf-8")
        except OSError as exc:
            raise CombatDataError(f"cannot read {path}: {exc}") from None
        source = str(path)
    try:
        return tomllib.loads(text), source
    except tomllib.TOMLDecodeError as exc:
        raise CombatDataError(f"{source} is not valid TOML: {exc}") from None


def _provenance(entry: Mapping[str, Any], where: str) -> str:
    value = entry.get("provenance")
    if value not in PROVENANCES:
        raise CombatDataError(f"{where}: provenance must be one of {PROVENANCES}, not {value!r}")
    return cast(str, value)


def _chit(chit_set: ChitSet, chit_id: str, entry: Mapping[str, Any], source: str) -> Chit:
    where = f"{source}: [{chit_set}.{chit_id}]"
    known = {
        "name", "basic", "selectable", "usable_against", "daytime", "escape_form", "one_use",
        "count", "text", "provenance", "section", "reconstructed", "derived",
    }
    usable = entry.get("usable_against", ["dracula"] if chit_set == "dracula" else ["agents"])
    if not set(usable) <= set(CAB_SIDES):
        raise CombatDataError(f"{where}: usable_against must list sides of {CAB_SIDES}")
    return Chit(
        id=chit_id,
        chit_set=chit_set,
        name=str(entry.get("name", chit_id)),
        basic=bool(entry.get("basic", chit_set == "dracula")),
        selectable=bool(entry.get("selectable", True)),
        usable_against=frozenset(cast(list[CabSide], usable)),
        daytime=bool(entry.get("daytime", False)),
        escape_form=entry.get("escape_form"),
        one_use=bool(entry.get("one_use", False)),
        count=int(entry.get("count", 1)),
        text=str(entry.get("text", "")),
        provenance=_provenance(entry, where),
        section=str(entry.get("section", "")),
        reconstructed=tuple(entry.get("reconstructed", ())),
        derived=tuple(entry.get("derived", ())),
        extra={k: v for k, v in entry.items() if k not in known},
    )


def load_chits(path: str | Path | None = None) -> ChitData:
    """Load the combat chits (the packaged ``data/chits.toml`` unless ``path`` is given)."""
    data, source = _read_toml(path, "chits.toml")
    sets: dict[ChitSet, dict[str, Chit]] = {}
    for chit_set in ("dracula", "agent", "hunter"):
        entries = data.get(chit_set)
        if not isinstance(entries, dict) or not entries:
            raise CombatDataError(f"{source}: no [{chit_set}.*] chits")
        sets[chit_set] = {cid: _chit(chit_set, cid, e, source) for cid, e in entries.items()}
    kinds = {
        kid: AgentKind(kid, str(e.get("name", kid)), tuple(e.get("weapons", ())),
                       _provenance(e, f"{source}: [agent_kinds.{kid}]"))
        for kid, e in data.get("agent_kinds", {}).items()
    }
    chits = ChitData(
        dracula=sets["dracula"],
        agent=sets["agent"],
        hunter=sets["hunter"],
        agent_kinds=kinds,
        initiative=_initiative(data.get("initiative", {}), source),
        agent_sets=int(data.get("meta", {}).get("agent_sets", 3)),
        source=source,
    )
    _check_chits(chits, data.get("meta", {}))
    return chits


def _initiative(entry: Mapping[str, Any], source: str) -> InitiativeRules:
    hunters = {
        hid: HunterModifiers(
            int(e.get("against_dracula", 0)), int(e.get("against_agents", 0)),
            _provenance(e, f"{source}: [initiative.hunters.{hid}]"),
        )
        for hid, e in entry.get("hunters", {}).items()
    }
    return InitiativeRules(
        hunters=hunters,
        hunter_modifiers_first_round_only=bool(
            entry.get("hunter_modifiers_first_round_only", True)
        ),
        dogs_first_round=int(entry.get("dogs_first_round", 1)),
        castle_dracula=int(entry.get("castle_dracula", 1)),
        bitten_hunter=int(entry.get("bitten_hunter", 1)),
    )


def _check_chits(chits: ChitData, meta: Mapping[str, Any]) -> None:
    where = chits.source
    for kind in chits.agent_kinds.values():
        chits.agent_chits(kind.weapons)  # raises on an unknown weapon
    if not {"dodge", "fist"} <= {c.id for c in chits.agent.values() if c.basic}:
        raise CombatDataError(f"{where}: every Agent has the basic Dodge and Fist chits")
    total = sum(c.count for c in chits.hunter.values())
    if "hunter_chits_total" in meta and total != meta["hunter_chits_total"]:
        raise CombatDataError(
            f"{where}: Hunter chit counts add up to {total}, not {meta['hunter_chits_total']}"
        )
    if "dracula_chits_total" in meta and len(chits.dracula) != meta["dracula_chits_total"]:
        raise CombatDataError(f"{where}: expected {meta['dracula_chits_total']} Dracula chits")


def load_tables(path: str | Path | None = None, chits: ChitData | None = None) -> CombatTables:
    """Load the Combat Action Board (the packaged reconstruction unless ``path`` is given).

    The tables are checked against the chits (``chits`` or the packaged ones): every
    usable chit has a line or column, every box holds a known result that makes sense
    there, and every box looked up in a worked example (the ``[[derived]]`` entries)
    agrees.
    """
    data, source = _read_toml(path, "combat_tables.toml")
    chit_data = chits if chits is not None else default_chits()
    tables: dict[tuple[CabSide, Winner], CombatTable] = {}
    for side in CAB_SIDES:
        side_data = data.get(side)
        if not isinstance(side_data, dict):
            raise CombatDataError(f"{source}: the [{side}] side of the board is missing")
        for winner in WINNERS[side]:
            tables[side, winner] = _table(side, winner, side_data, source)
    derived = tuple(_derived(entry, source) for entry in data.get("derived", ()))
    forms = {
        form: EscapeForm(
            form, str(e["chit"]), bool(e["leaves_town"]), str(e.get("destination", "")),
            bool(e.get("stays_in_castle", True)), _provenance(e, f"{source}: escape {form}"),
        )
        for form, e in data.get("escape_forms", {}).items()
    }
    key = {code: str(e.get("meaning", "")) for code, e in data.get("results", {}).items()}
    result = CombatTables(tables, key, forms, derived, source)
    _check_tables(result, chit_data)
    return result


def _table(side: CabSide, winner: Winner, side_data: Mapping[str, Any], source: str) -> CombatTable:
    where = f"{source}: [{side}.won_by.{winner}]"
    entry = side_data.get("won_by", {}).get(winner)
    if not isinstance(entry, dict) or "results" not in entry:
        raise CombatDataError(f"{where} is missing")
    rows = tuple(side_data.get("hunter_chits", ()))
    columns = tuple(side_data.get("opponent_chits", ()))
    boxes: dict[tuple[str, str], Result] = {}
    for row, line in entry["results"].items():
        if row not in rows:
            raise CombatDataError(f"{where}: line {row!r} is not in hunter_chits")
        for column, text in line.items():
            if column not in columns:
                raise CombatDataError(f"{where}: column {column!r} is not in opponent_chits")
            boxes[row, column] = Result.parse(str(text))
    missing = [(r, c) for r in rows for c in columns if (r, c) not in boxes]
    if missing:
        raise CombatDataError(f"{where}: empty boxes {missing[:5]}")
    return CombatTable(
        side, winner, str(entry.get("label", f"{winner} won initiative")), rows, columns,
        boxes, _provenance(entry, where),
    )


def _derived(entry: Mapping[str, Any], source: str) -> DerivedBox:
    side, winner = entry.get("side"), entry.get("winner")
    if side not in CAB_SIDES or winner not in WINNERS[cast(CabSide, side)]:
        raise CombatDataError(f"{source}: derived box with bad side/winner {side!r}/{winner!r}")
    return DerivedBox(
        cast(CabSide, side), cast(Winner, winner), str(entry["hunter"]), str(entry["opponent"]),
        Result.parse(str(entry["result"])), str(entry.get("example", "")),
    )


def _check_tables(tables: CombatTables, chits: ChitData) -> None:
    where = tables.source
    for side in CAB_SIDES:
        opponents = chits.dracula if side == "dracula" else chits.agent
        usable = {c.id for c in chits.hunter.values() if c.selectable and side in c.usable_against}
        for table in (tables.table(side, w) for w in WINNERS[side]):
            if set(table.hunter_chits) != usable:
                raise CombatDataError(
                    f"{where}: the {side!r} side must list exactly the Hunter chits usable "
                    f"there {sorted(usable)}, not {sorted(table.hunter_chits)}"
                )
            if set(table.opponent_chits) != set(opponents):
                raise CombatDataError(
                    f"{where}: the {side!r} side must list the chits {sorted(opponents)}"
                )
            for (row, column), result in table.boxes.items():
                _check_box(side, table, chits.hunter[row], opponents[column], result)
    for box in tables.derived:
        found = tables.lookup(box.side, box.winner, box.hunter, box.opponent)
        if found != box.result:
            raise CombatDataError(
                f"{where}: {box.example}: the box holds {found}, the rulebook says {box.result}"
            )
    for form in tables.escape_forms.values():
        chit = chits.dracula.get(form.chit)
        if chit is None or chit.escape_form != form.form:
            raise CombatDataError(f"{where}: escape form {form.form!r} names chit {form.chit!r}")


def _check_box(side: CabSide, table: CombatTable, hunter: Chit, opponent: Chit,
               result: Result) -> None:
    box = f"{table.side}/{table.winner} ({table.label}) [{hunter.id} vs {opponent.id}] = {result}"
    if (result.used_up or result.code == SNATCHED) and hunter.basic:
        raise CombatDataError(f"{box}: Basic chits are never lost (Restrictions on Combat)")
    if side == "agents" and result.code in DRACULA_ONLY_CODES:
        raise CombatDataError(f"{box}: only Dracula himself can do that")
    if result.code == DRACULA_ESCAPES and opponent.escape_form is None:
        raise CombatDataError(f"{box}: Dracula escapes only with an Escape chit")


@functools.cache
def default_chits() -> ChitData:
    """The packaged combat chits (loaded once)."""
    return load_chits()


@functools.cache
def default_tables() -> CombatTables:
    """The packaged (reconstructed) Combat Action Board (loaded once)."""
    return load_tables()
