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
from collections.abc import Mapping
from pathlib import Path
from typing import Any, Literal, cast

import attrs

from gothic_kernel import GothicError

from .datafile import Entry, read_toml

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
    return read_toml(path, default_name, CombatDataError)


def _provenance(entry: Mapping[str, Any], where: str) -> str:
    value = entry.get("provenance")
    if value not in PROVENANCES:
        raise CombatDataError(f"{where}: provenance must be one of {PROVENANCES}, not {value!r}")
    return cast(str, value)


_CHIT_FIELDS = frozenset({
    "name", "basic", "selectable", "usable_against", "daytime", "escape_form", "one_use",
    "count", "text", "provenance", "section", "reconstructed", "derived",
})


def _chit(chit_set: ChitSet, chit_id: str, entry: Entry) -> Chit:
    usable = entry.words("usable_against",
                         ["dracula"] if chit_set == "dracula" else ["agents"])
    if not set(usable) <= set(CAB_SIDES):
        raise entry.problem(f"usable_against must list sides of {CAB_SIDES}")
    escape_form = entry.value("escape_form", str, None)
    count = entry.whole("count", 1)
    if count < 0:
        raise entry.problem(f"a count below 0 ({count})")
    return Chit(
        id=chit_id,
        chit_set=chit_set,
        name=entry.text("name", chit_id),
        basic=entry.flag("basic", chit_set == "dracula"),
        selectable=entry.flag("selectable", True),
        usable_against=frozenset(cast(tuple[CabSide, ...], usable)),
        daytime=entry.flag("daytime", False),
        escape_form=escape_form,
        one_use=entry.flag("one_use", False),
        count=count,
        text=entry.text("text", ""),
        provenance=_provenance(entry.data, entry.where),
        section=entry.text("section", ""),
        reconstructed=entry.words("reconstructed", ()),
        derived=entry.words("derived", ()),
        extra={k: v for k, v in entry.data.items() if k not in _CHIT_FIELDS},
    )


def load_chits(path: str | Path | None = None) -> ChitData:
    """Load the combat chits (the packaged ``data/chits.toml`` unless ``path`` is given)."""
    data, source = _read_toml(path, "chits.toml")
    root = Entry.of(data, source, CombatDataError)
    sets: dict[ChitSet, dict[str, Chit]] = {}
    for chit_set in ("dracula", "agent", "hunter"):
        if not isinstance(data.get(chit_set), dict) or not data[chit_set]:
            raise CombatDataError(f"{source}: no [{chit_set}.*] chits")
        sets[chit_set] = {cid: _chit(chit_set, cid, e)
                          for cid, e in root.table(chit_set).entries().items()}
    kinds = {
        kid: AgentKind(kid, e.text("name", kid), e.words("weapons", ()),
                       _provenance(e.data, e.where))
        for kid, e in root.table("agent_kinds", {}).entries().items()
    }
    meta = root.table("meta", {})
    chits = ChitData(
        dracula=sets["dracula"],
        agent=sets["agent"],
        hunter=sets["hunter"],
        agent_kinds=kinds,
        initiative=_initiative(root.table("initiative", {})),
        agent_sets=meta.whole("agent_sets", 3),
        source=source,
    )
    _check_chits(chits, meta)
    return chits


def _initiative(entry: Entry) -> InitiativeRules:
    hunters = {
        hid: HunterModifiers(e.whole("against_dracula", 0), e.whole("against_agents", 0),
                             _provenance(e.data, e.where))
        for hid, e in entry.table("hunters", {}).entries().items()
    }
    return InitiativeRules(
        hunters=hunters,
        hunter_modifiers_first_round_only=entry.flag("hunter_modifiers_first_round_only",
                                                     True),
        dogs_first_round=entry.whole("dogs_first_round", 1),
        castle_dracula=entry.whole("castle_dracula", 1),
        bitten_hunter=entry.whole("bitten_hunter", 1),
    )


def _check_chits(chits: ChitData, meta: Entry) -> None:
    where = chits.source
    if chits.agent_sets < 1:
        raise CombatDataError(f"{where}: [meta] agent_sets must be at least 1")
    total_given = meta.whole("hunter_chits_total", None)
    dracula_given = meta.whole("dracula_chits_total", None)
    for kind in chits.agent_kinds.values():
        chits.agent_chits(kind.weapons)  # raises on an unknown weapon
    if not {"dodge", "fist"} <= {c.id for c in chits.agent.values() if c.basic}:
        raise CombatDataError(f"{where}: every Agent has the basic Dodge and Fist chits")
    total = sum(c.count for c in chits.hunter.values())
    if total_given is not None and total != total_given:
        raise CombatDataError(
            f"{where}: Hunter chit counts add up to {total}, not {total_given}"
        )
    if dracula_given is not None and len(chits.dracula) != dracula_given:
        raise CombatDataError(f"{where}: expected {dracula_given} Dracula chits")
    forms = [c.escape_form for c in chits.dracula.values() if c.escape_form is not None]
    if len(set(forms)) != len(forms):
        raise CombatDataError(f"{where}: two Dracula chits have the same escape form")


def load_tables(path: str | Path | None = None, chits: ChitData | None = None) -> CombatTables:
    """Load the Combat Action Board (the packaged reconstruction unless ``path`` is given).

    The tables are checked against the chits (``chits`` or the packaged ones): every
    usable chit has a line or column, every box holds a known result that makes sense
    there, and every box looked up in a worked example (the ``[[derived]]`` entries)
    agrees.
    """
    data, source = _read_toml(path, "combat_tables.toml")
    root = Entry.of(data, source, CombatDataError)
    chit_data = chits if chits is not None else default_chits()
    tables: dict[tuple[CabSide, Winner], CombatTable] = {}
    for side in CAB_SIDES:
        if not isinstance(data.get(side), dict):
            raise CombatDataError(f"{source}: the [{side}] side of the board is missing")
        side_data = root.table(side)
        for winner in WINNERS[side]:
            tables[side, winner] = _table(side, winner, side_data)
    derived = tuple(_derived(entry, source) for entry in root.tables("derived")) \
        if "derived" in root else ()
    forms = {
        form: EscapeForm(
            form, e.text("chit"), e.flag("leaves_town"), e.text("destination", ""),
            e.flag("stays_in_castle", True), _provenance(e.data, f"{source}: escape {form}"),
        )
        for form, e in root.table("escape_forms", {}).entries().items()
    }
    key = {code: e.text("meaning", "") for code, e in root.table("results", {}).entries().items()}
    result = CombatTables(tables, key, forms, derived, source)
    _check_tables(result, chit_data)
    return result


def _table(side: CabSide, winner: Winner, side_data: Entry) -> CombatTable:
    where = f"{side_data.where}.won_by.{winner}"
    won_by = side_data.table("won_by", {})
    if not isinstance(won_by.data.get(winner), dict) \
            or "results" not in won_by.data[winner]:
        raise CombatDataError(f"{where} is missing")
    entry = won_by.table(winner)
    rows = side_data.words("hunter_chits", ())
    columns = side_data.words("opponent_chits", ())
    boxes: dict[tuple[str, str], Result] = {}
    for row, line in entry.table("results").entries().items():
        if row not in rows:
            raise CombatDataError(f"{where}: line {row!r} is not in hunter_chits")
        for column in line.data:
            if column not in columns:
                raise CombatDataError(f"{where}: column {column!r} is not in opponent_chits")
            boxes[row, column] = Result.parse(line.text(column))
    missing = [(r, c) for r in rows for c in columns if (r, c) not in boxes]
    if missing:
        raise CombatDataError(f"{where}: empty boxes {missing[:5]}")
    return CombatTable(
        side, winner, entry.text("label", f"{winner} won initiative"), rows, columns,
        boxes, _provenance(entry.data, where),
    )


def _derived(entry: Entry, source: str) -> DerivedBox:
    side, winner = entry.text("side"), entry.text("winner")
    if side not in CAB_SIDES or winner not in WINNERS[side]:
        raise CombatDataError(f"{source}: derived box with bad side/winner {side!r}/{winner!r}")
    return DerivedBox(
        side, winner, entry.text("hunter"),
        entry.text("opponent"), Result.parse(entry.text("result")),
        entry.text("example", ""),
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
