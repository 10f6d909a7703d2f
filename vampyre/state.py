"""The state of a VAMPYRE game as plain data, and the contract every game honours.

A :class:`VampyreState` holds the players (their counters: where they stand,
what they carry, bites, wounds, conversions), the face-down counters of the
large hexes and of Castle Dracula, the fights left unresolved by an "N"
result, the clock of Castle Dracula, and the one decision the game is waiting
for (:class:`Pending`). The rules live in the other modules; this one only
keeps, copies and saves the data and answers the contract's questions.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from types import ModuleType
from typing import TYPE_CHECKING, Any

import attrs

from gothic_kernel import (
    Action,
    BadOption,
    Dice,
    IllegalAction,
    Log,
    LoggedState,
    Outcome,
    Sequencer,
)
from gothic_kernel.serial import from_data, to_data

from .board import CastleMap, Transylvania
from .tables import Rules, data_sources, load_rules, reading, source_label

if TYPE_CHECKING:
    from . import VampyreGame

# -- names used throughout -------------------------------------------------------------------
TRANSYLVANIA = "transylvania"
CASTLE = "castle_dracula"

HUNTER = "hunter"
NOSFERATU = "nosferatu"
PLAYER_WEREWOLF = "player_werewolf"
FORMS = (HUNTER, NOSFERATU, PLAYER_WEREWOLF)

KLAUSENBURG = "klausenburg"
THE_CRYPTS = "the_crypts"
THE_STANDING_STONES = "the_standing_stones"

#: Why a player has left the game for good.
DEAD = "dead"  # two wounds in Castle Dracula
SAVED = "saved"  # a nosferatu destroyed by an S result
SLAIN = "slain"  # a player werewolf killed with a silver bullet


# pending decisions
TURN_START = "turn_start"
MOVE = "move"
SEARCH_DECISION = "search"
SILVER_BULLET = "silver_bullet"
LEAD_ASTRAY = "lead_astray"
LOOK_AT_COUNTER = "look_at_counter"
CHOOSE_ITEM = "choose_item"
PENDING_KINDS = (TURN_START, MOVE, SEARCH_DECISION, SILVER_BULLET, LEAD_ASTRAY,
                 LOOK_AT_COUNTER, CHOOSE_ITEM)


def clock_text(hour: int) -> str:
    """The clock of Castle Dracula as words: noon, 1 p.m., ..., midnight, 1 a.m., ..."""
    if hour == 12:
        return "noon"
    if hour == 0:
        return "midnight"
    return f"{hour % 12} {'a.m.' if hour < 12 else 'p.m.'}"


def _turns() -> ModuleType:
    """The sequence-of-play module (imported late: it imports this one)."""
    from . import turns

    return turns


@attrs.frozen
class World:
    """The rules data and both maps: built once per data folder, shared by every state."""

    rules: Rules
    transylvania: Transylvania
    castle: CastleMap


@cache
def load_world(data_dir: str = "") -> World:
    """The rules and both maps of a data folder ("" for the packaged data); BadOption
    naming the file if a map cannot be built or lacks what the engine needs."""
    rules = load_rules(data_dir)
    sources = {name: source_label(name, own) for name, own in data_sources(data_dir).items()}
    where = sources["transylvania.toml"]
    with reading(where):
        transylvania = Transylvania(rules)
    missing = [h for h in (KLAUSENBURG, THE_CRYPTS, THE_STANDING_STONES)
               if h not in transylvania.large_hexes]
    if missing:
        raise BadOption(f"vampyre data: {where}: the large hex {missing[0]!r} is missing")
    if 3 * (len(transylvania.large_hexes) - 1) != len(rules.black_counters):
        raise BadOption(f"vampyre data: {where}: {len(transylvania.large_hexes)} large hexes "
                        f"cannot take three of the {len(rules.black_counters)} black counters "
                        "each, Klausenburg excepted")
    with reading(sources["castle.toml"]):
        castle = CastleMap(rules)
    return World(rules, transylvania, castle)


@attrs.define(slots=True)
class Player:
    """One player's counter and the notes kept on paper for it."""

    seat: str
    form: str = HUNTER
    location: str | None = None  # None: off the board (sated, dissolved, waiting to reappear)
    bites: int = 0
    items: list[str] = attrs.field(factory=list)  # useful items (counter ids or gift ids)
    coffins: list[str] = attrs.field(factory=list)  # coffin counters destroyed
    cured: bool = False  # has used The Standing Stones
    possessed: int = 0  # turns of possession left
    lost_turns: int = 0
    immobile: int = 0  # lost turns still to come from a gargoyle's I result
    reappear: int = -1  # off the board: turns to wait before reappearing (-1: not waiting)
    searched: str = ""  # the large hex searched last, until another large hex is visited
    wounds: int = 0  # Castle Dracula: two kill
    may_heal: bool = False  # wounded last turn: may spend the next turn healing
    healing: bool = False  # spending this turn healing
    resting: bool = False  # spending this turn at The Standing Stones
    fleeing: bool = False  # F result: heading back to The Portcullis
    must_reveal: bool = False  # in a green area at midnight: reveals before leaving
    out: str = ""  # "" while in the game; DEAD, SAVED or SLAIN once out for good

    def copy(self) -> Player:
        twin = attrs.evolve(self)
        twin.items = self.items.copy()
        twin.coffins = self.coffins.copy()
        return twin

    @property
    def is_hunter(self) -> bool:
        """A vampire hunter still in the game (possessed or not)."""
        return self.form == HUNTER and not self.out

    @property
    def is_living_hunter(self) -> bool:
        """A hunter in the game, on the board and not possessed: the prey of the converted."""
        return self.form == HUNTER and not self.out and not self.possessed \
            and self.location is not None

    @property
    def is_converted(self) -> bool:
        """A nosferatu, a player werewolf or a possessed hunter (the foes of the hunters)."""
        return not self.out and (self.form != HUNTER or self.possessed > 0)


@attrs.define(slots=True)
class Fight:
    """A combat between a vampire hunter and a foe, read from the hunter's side.

    ``attacker`` is the seat that rolls the die; ``opponent`` is the converted
    player's seat when the foe is a player; ``counter`` is the red counter of a
    guardian of Castle Dracula; ``gypsies`` counts the gypsies still to fight.
    """

    hunter: str
    monster: str
    attacker: str
    opponent: str = ""
    counter: str = ""
    origin: str = ""
    gypsies: int = 0
    space: str = ""


@attrs.define(slots=True)
class Pending:
    """The decision the game waits for: whose, what kind, and its context."""

    seat: str
    kind: str
    roll: int = 0  # the movement die (move, lead_astray)
    target: str = ""  # lead_astray: the lost player
    fight: Fight | None = None  # silver_bullet: the fight awaiting the declaration


def _plain(thing: Player | Fight | Pending) -> dict[str, Any]:
    """The fields of a plain attrs record as JSON-able data (lists copied)."""
    data = {}
    for name in _FIELDS[type(thing)]:
        value = getattr(thing, name)
        data[name] = value.copy() if isinstance(value, list) else value
    return data


_FIELDS: dict[type, tuple[str, ...]] = {
    cls: tuple(f.name for f in attrs.fields(cls)) for cls in (Player, Fight, Pending)}


@attrs.define
class Snapshot:
    """Everything but the dice, as saved by ``to_json``."""

    options: dict[str, Any]
    stage: str
    order: Sequencer
    players: dict[str, Player]
    stacks: dict[str, list[str]]
    removed: list[str]
    peeks: dict[str, dict[str, str]]
    gifts: int
    fights: list[Fight]
    pending: Pending | None
    turn_open: bool
    turn_kind: str
    turns: int
    clock: int
    green: dict[str, str]
    revealed: dict[str, str]
    red_aside: list[str]
    basic_winner: str
    first: str
    rounds: int
    result: Outcome | None


def _fields(cls: type, data: Any, what: str) -> None:
    """A saved record of ``cls`` must hold exactly its fields (``to_data`` writes them all;
    one missing would be read as its default without a word)."""
    if not isinstance(data, dict):
        raise ValueError(f"{what} is not a record")
    expected = {f.name for f in attrs.fields(cls)}
    if set(data) != expected:
        odd = sorted(set(data) ^ expected)
        raise ValueError(f"{what} lacks or adds the field {odd[0]!r}")


def _complete_records(data: Any) -> None:
    """Every record of a save holds exactly its fields."""
    _fields(Snapshot, data, "the state")
    _fields(Sequencer, data["order"], "the turn order")
    players, fights, pending = data["players"], data["fights"], data["pending"]
    for seat, player in (players.items() if isinstance(players, dict) else ()):
        _fields(Player, player, f"the record of {seat}")
    for fight in fights if isinstance(fights, list) else ():
        _fields(Fight, fight, "a fight")
    if pending is not None:
        _fields(Pending, pending, "the decision waited for")
        if pending["fight"] is not None:
            _fields(Fight, pending["fight"], "the decision's fight")
    if data["result"] is not None:
        _fields(Outcome, data["result"], "the outcome")


class VampyreState(LoggedState):
    """A game of VAMPYRE: the Basic Game in Transylvania, then Castle Dracula."""

    def __init__(self, game: VampyreGame, dice: Dice, options: Mapping[str, Any]) -> None:
        self.game = game
        self.dice = dice
        self.options: dict[str, Any] = dict(options)
        self.world = load_world(str(self.options.get("data_dir", "")))
        self.rules = self.world.rules
        self.stage = TRANSYLVANIA
        self.order = Sequencer(tuple(self.options["hunters"]))
        self.players: dict[str, Player] = {}
        self.stacks: dict[str, list[str]] = {}
        self.removed: list[str] = []
        self.peeks: dict[str, dict[str, str]] = {}
        self.gifts = 0
        self.fights: list[Fight] = []
        self.pending: Pending | None = None
        self.turn_open = False
        self.turn_kind = ""
        self.turns = 0
        self.clock = 12
        self.green: dict[str, str] = {}
        self.revealed: dict[str, str] = {}
        self.red_aside: list[str] = []
        self.basic_winner = ""
        self.first = ""  # who went first in this stage: each round begins with this player
        self.rounds = 0  # rounds begun in this stage
        self.result: Outcome | None = None
        self.events = Log()

    # -- the contract ---------------------------------------------------------------------------
    @property
    def seats(self) -> tuple[str, ...]:
        return self.order.order

    def current_seats(self) -> tuple[str, ...]:
        if self.result is not None or self.pending is None:
            return ()
        return (self.pending.seat,)

    def _legal_actions(self, seat: str) -> list[Action]:
        if self.result is not None or self.pending is None or seat != self.pending.seat:
            return []
        found: list[Action] = _turns().legal_actions(self)
        return found

    def _prompt(self, seat: str) -> str:
        from .wording import prompt

        return prompt(self)

    def _describe_action(self, seat: str, action: Action) -> str:
        from .wording import describe

        return describe(self, seat, action)

    def explain_illegal(self, seat: str, action: Action) -> IllegalAction:
        refusal: IllegalAction = _turns().explain_illegal(self, seat, action)
        return refusal

    def _apply(self, seat: str, action: Action) -> None:
        _turns().act(self, seat, action)

    def observation(self, viewer: str) -> dict[str, Any]:
        from .views import observation

        self.check_viewer(viewer)
        return observation(self, viewer)

    @property
    def is_over(self) -> bool:
        return self.result is not None

    @property
    def outcome(self) -> Outcome | None:
        return self.result

    def clone(self) -> VampyreState:
        twin = object.__new__(VampyreState)
        twin.game, twin.world, twin.rules = self.game, self.world, self.rules
        twin.dice = self.dice.clone()
        twin.options = self.options
        twin._stage, twin.in_castle = self._stage, self.in_castle
        twin.order = self.order.clone()
        twin.players = {s: p.copy() for s, p in self.players.items()}
        twin.stacks = {h: c.copy() for h, c in self.stacks.items()}
        twin.removed = self.removed.copy()
        twin.peeks = {s: p.copy() for s, p in self.peeks.items()}
        twin.gifts = self.gifts
        twin.fights = [attrs.evolve(f) for f in self.fights]
        twin.pending = None if self.pending is None else attrs.evolve(self.pending)
        twin.turn_open, twin.turn_kind, twin.turns = self.turn_open, self.turn_kind, self.turns
        twin.clock = self.clock
        twin.green = self.green.copy()
        twin.revealed = self.revealed.copy()
        twin.red_aside = self.red_aside.copy()
        twin.basic_winner = self.basic_winner
        twin.first, twin.rounds = self.first, self.rounds
        twin.result = self.result
        twin.events = self.events.clone()
        twin._legal_cache = self._legal_cache
        return twin

    def _resample(self, viewer: str, seed: int) -> VampyreState:
        from .views import resample

        return resample(self, viewer, seed)

    # -- saving ---------------------------------------------------------------------------------
    def snapshot(self) -> Snapshot:
        return Snapshot(self.options, self.stage, self.order, self.players, self.stacks,
                        self.removed, self.peeks, self.gifts, self.fights, self.pending,
                        self.turn_open, self.turn_kind, self.turns, self.clock, self.green,
                        self.revealed, self.red_aside, self.basic_winner, self.first,
                        self.rounds, self.result)

    def to_data(self) -> dict[str, Any]:
        """What ``serial.to_data(self.snapshot())`` gives, built by hand (it is on the hot
        path of saving); the kernel saves the log beside it."""
        return {
            "options": dict(self.options, hunters=list(self.options["hunters"])),
            "stage": self.stage, "order": to_data(self.order),
            "players": {s: _plain(p) for s, p in self.players.items()},
            "stacks": {h: list(c) for h, c in self.stacks.items()},
            "removed": list(self.removed),
            "peeks": {s: dict(p) for s, p in self.peeks.items()},
            "gifts": self.gifts, "fights": [_plain(f) for f in self.fights],
            "pending": None if self.pending is None else {
                **_plain(self.pending),
                "fight": None if self.pending.fight is None else _plain(self.pending.fight)},
            "turn_open": self.turn_open, "turn_kind": self.turn_kind, "turns": self.turns,
            "clock": self.clock, "green": dict(self.green), "revealed": dict(self.revealed),
            "red_aside": list(self.red_aside), "basic_winner": self.basic_winner,
            "first": self.first, "rounds": self.rounds,
            "result": None if self.result is None else to_data(self.result),
        }

    @staticmethod
    def from_snapshot(game: VampyreGame, data: Any, dice: Dice) -> VampyreState:
        _complete_records(data)
        snap: Snapshot = from_data(Snapshot, data)
        state = VampyreState(game, dice, snap.options)
        state.stage, state.order, state.players = snap.stage, snap.order, snap.players
        state.stacks, state.removed, state.peeks = snap.stacks, snap.removed, snap.peeks
        state.gifts, state.fights, state.pending = snap.gifts, snap.fights, snap.pending
        state.turn_open, state.turn_kind, state.turns = snap.turn_open, snap.turn_kind, snap.turns
        state.clock, state.green, state.revealed = snap.clock, snap.green, snap.revealed
        state.red_aside, state.basic_winner = snap.red_aside, snap.basic_winner
        state.first, state.rounds = snap.first, snap.rounds
        state.result = snap.result
        return state

    def check_invariants(self) -> None:
        """Raise ValueError if the state could not arise in play (a corrupt save): see
        :mod:`vampyre.invariants`."""
        from .invariants import check

        check(self)

    # -- helpers the rules share ------------------------------------------------------------------
    @property
    def current(self) -> str:
        """The seat whose turn it is."""
        return self.order.seat

    @property
    def stage(self) -> str:
        """``transylvania`` (the Basic Game) or ``castle_dracula`` (the Extended Game)."""
        return self._stage

    @stage.setter
    def stage(self, stage: str) -> None:
        self._stage = stage
        self.in_castle = stage == CASTLE  # read on every step: kept as a plain attribute

    def name(self, thing: str) -> str:
        """A printable name for a seat, place, counter, item or monster."""
        if thing in self.rules.hunter_short:
            return self.rules.hunter_short[thing]
        if thing in self.rules.names:
            return self.rules.names[thing]
        if self.in_castle and thing in self.world.castle.names:
            return self.world.castle.name(thing)
        return self.world.transylvania.name(thing)

    def place(self, where: str) -> str:
        """A place as the narration names it, ready for the middle of a sentence:
        "Klausenburg", "the forest hex at 02.07", "the Wine Cellar", "The Tower"."""
        if self.in_castle and where in self.world.castle.names:
            return self.world.castle.place(where)
        return self.world.transylvania.name(where)

    def when(self) -> str:
        """Inside Castle Dracula, the hour that opens a turn's line ("3 p.m.: ")."""
        if not self.in_castle:
            return ""
        hour = clock_text(self.clock)
        return f"{hour[0].upper()}{hour[1:]}: "

    def fight_of(self, seat: str) -> Fight | None:
        """The unresolved fight ``seat`` takes part in, if any."""
        for fight in self.fights:
            if seat in (fight.hunter, fight.opponent):
                return fight
        return None

    def item_kind(self, item: str) -> str:
        """The kind of a useful item: a black counter's kind, or a gift's."""
        if item.startswith("gift_"):
            return item.split("_", 2)[2]
        return self.rules.black_counters[item]

    def item_kinds(self, seat: str) -> list[str]:
        return [self.item_kind(i) for i in self.players[seat].items]

