"""The state of a VAMPYRE game as plain data, and the contract every game honours.

A :class:`VampyreState` holds the players (their counters: where they stand,
what they carry, bites, wounds, conversions), the face-down counters of the
large hexes and of Castle Dracula, the fights left unresolved by an "N"
result, the clock of Castle Dracula, and the stack of what the game waits for
(:mod:`vampyre.decisions`): the Sequence of Play and, above it, the decision a
player must make. The rules live in the other modules; this one only keeps,
copies and saves the data, and answers the contract's questions from the top of
the stack. It imports no rule module: what a viewer sees is worked out by the
game object (``views``), and saves are read back by ``saving``.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from functools import cache
from typing import TYPE_CHECKING, Any

import attrs

from gothic_kernel import (
    Action,
    BadOption,
    Dice,
    IllegalAction,
    Listed,
    Log,
    LoggedState,
    ResultState,
    RuleError,
    Sequencer,
)
from gothic_kernel.decisions import Decision, DecisionState
from gothic_kernel.serial import to_data

from .board import CastleMap, Transylvania
from .decisions import CHOOSE_ITEM as CHOOSE_ITEM
from .decisions import LEAD_ASTRAY as LEAD_ASTRAY
from .decisions import LOOK_AT_COUNTER as LOOK_AT_COUNTER
from .decisions import MOVE as MOVE
from .decisions import SEARCH_DECISION as SEARCH_DECISION
from .decisions import SILVER_BULLET as SILVER_BULLET
from .decisions import TURN_START as TURN_START
from .decisions import Flow, PlayerDecision, TurnStep, play_on
from .decisions import Pending as Pending
from .tables import Rules, data_sources, load_rules, reading, source_label

if TYPE_CHECKING:
    from . import VampyreGame


class Stage(enum.StrEnum):
    """The game being played ("The Basic Game", "The Extended Game")."""

    TRANSYLVANIA = "transylvania"
    CASTLE = "castle_dracula"


class Form(enum.StrEnum):
    """What a player's counter is: a vampire hunter, or one of the converted
    ("Vampiric Conversion", "Werewolf Conversion"; a possessed hunter stays a hunter)."""

    HUNTER = "hunter"
    NOSFERATU = "nosferatu"
    PLAYER_WEREWOLF = "player_werewolf"


class Out(enum.StrEnum):
    """Why a player has left the game for good ("" while in it)."""

    IN = ""
    DEAD = "dead"  # two wounds in Castle Dracula
    SAVED = "saved"  # a nosferatu destroyed by an S result
    SLAIN = "slain"  # a player werewolf killed with a silver bullet


class TurnKind(enum.StrEnum):
    """How the turn under way is played (saved as ``turn_kind``)."""

    USUAL = ""
    #: "P - Possession": the possessed player charges; the turn counts down the possession.
    POSSESSED = "possessed"


class FightOrigin(enum.StrEnum):
    """How a fight began (it decides how an N result ends it, and what a victory does)."""

    NONE = ""
    #: A creature met at night ("Encounters").
    ENCOUNTER = "encounter"
    #: A player ended a move on an opponent ("Combat").
    PLAYER = "player"
    #: A guardian of Castle Dracula revealed, or the Count in his room.
    GUARDIAN = "guardian"
    #: "Dracula Attacks!": the Count vanishes whatever the result.
    DRACULA_ATTACKS = "dracula_attacks"


# -- names used throughout -------------------------------------------------------------------
TRANSYLVANIA = Stage.TRANSYLVANIA
CASTLE = Stage.CASTLE

HUNTER = Form.HUNTER
NOSFERATU = Form.NOSFERATU
PLAYER_WEREWOLF = Form.PLAYER_WEREWOLF
FORMS = tuple(Form)

KLAUSENBURG = "klausenburg"
THE_CRYPTS = "the_crypts"
THE_STANDING_STONES = "the_standing_stones"

DEAD = Out.DEAD
SAVED = Out.SAVED
SLAIN = Out.SLAIN

USUAL_TURN = TurnKind.USUAL
POSSESSED_TURN = TurnKind.POSSESSED


def clock_text(hour: int) -> str:
    """The clock of Castle Dracula as words: noon, 1 p.m., ..., midnight, 1 a.m., ..."""
    if hour == 12:
        return "noon"
    if hour == 0:
        return "midnight"
    return f"{hour % 12} {'a.m.' if hour < 12 else 'p.m.'}"


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
    form: Form = HUNTER
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
    out: Out = Out.IN  # once out for good: DEAD, SAVED or SLAIN

    def copy(self) -> Player:
        twin = attrs.evolve(self)
        twin.items = self.items.copy()
        twin.coffins = self.coffins.copy()
        return twin

    def visit(self, large_hex: str) -> None:
        """The player ends a move (or is placed) in a large hex ("Searching a Large Hex").

        Ending in another large hex than the one searched last counts as the visit
        that allows searching it again (a ruling: passing through does not count).
        """
        if self.searched and self.searched != large_hex:
            self.searched = ""

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
    origin: FightOrigin = FightOrigin.NONE
    gypsies: int = 0
    space: str = ""


def plain(thing: Player | Fight) -> dict[str, Any]:
    """The fields of a plain attrs record as JSON-able data (lists copied)."""
    data = {}
    for name in _FIELDS[type(thing)]:
        value = getattr(thing, name)
        data[name] = value.copy() if isinstance(value, list) else value
    return data


_FIELDS: dict[type, tuple[str, ...]] = {
    cls: tuple(f.name for f in attrs.fields(cls)) for cls in (Player, Fight)}


class VampyreState(ResultState, LoggedState, DecisionState):
    """A game of VAMPYRE: the Basic Game in Transylvania, then Castle Dracula.

    Whoever makes one puts the Sequence of Play at the bottom of ``stack``
    (``turns.SequenceOfPlay``: a new game, a save read back).
    """

    game: VampyreGame

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
        self.stack: list[Decision[Any]] = []
        self.turn_kind = TurnKind.USUAL
        self.turns = 0
        self.clock = 12
        self.green: dict[str, str] = {}
        self.revealed: dict[str, str] = {}
        self.red_aside: list[str] = []
        self.basic_winner = ""
        self.first = ""  # who went first in this stage: each round begins with this player
        self.rounds = 0  # rounds begun in this stage
        self.result = None
        self.events = Log()

    # -- what the game waits for ----------------------------------------------------------------
    @property
    def pending(self) -> PlayerDecision | None:
        """The decision a player must make now (None once the game is over)."""
        top = self.stack[-1]
        return top if isinstance(top, PlayerDecision) else None

    @pending.setter
    def pending(self, decision: PlayerDecision | None) -> None:
        """Wait for ``decision`` instead of the one waited for (None: for nothing)."""
        del self.stack[1:]
        if decision is not None:
            self.stack.append(decision)

    def ask(self, decision: PlayerDecision, listed: Listed | None = None) -> None:
        """Wait for ``decision``; ``listed``, when given, is its legal actions, already
        worked out by the rules that offer it."""
        self.stack.append(decision)
        if listed is not None:
            self._legal_cache = {decision.seat: listed}

    @property
    def turn_open(self) -> bool:
        """True while a turn is under way (from its start until it ends)."""
        flow = self.stack[0]
        assert isinstance(flow, Flow)
        return flow.step is TurnStep.END

    @turn_open.setter
    def turn_open(self, value: bool) -> None:
        flow = self.stack[0]
        assert isinstance(flow, Flow)
        self.stack[0] = flow.at(TurnStep.END if value else TurnStep.BEGIN)

    def enter_phase(self) -> None:
        raise RuleError("the Sequence of Play is never taken off the stack while the game "
                        "goes on (turns.SequenceOfPlay)")

    def begin_round(self, first: str = "") -> None:
        """A round begins: each player has a turn, clockwise from the one who went first in
        this stage (``first``, given when the stage begins). Logged for the report's
        headings."""
        if first:
            self.first, self.rounds = first, 0
        self.rounds += 1
        self.events.say("round", f"Round {self.rounds}", round=self.rounds, stage=str(self.stage))

    # -- the contract ---------------------------------------------------------------------------
    @property
    def seats(self) -> tuple[str, ...]:
        return self.order.order

    def current_seats(self) -> tuple[str, ...]:
        """The deciders of the top of the stack (DecisionState's, read on every step)."""
        if self.is_over:
            return ()
        return self.stack[-1].deciders(self)

    def explain_illegal(self, seat: str, action: Action) -> IllegalAction:
        pending = self.pending
        assert pending is not None  # the kernel asks only about a seat that may act
        return pending.refused(self, seat, action)

    def _apply(self, seat: str, action: Action) -> None:
        """The decision is made; the rules run on to the next one. (A move's legal actions,
        worked out when the move is offered, stay remembered.)"""
        self.stack[-1].apply(self, seat, action)
        play_on(self)

    def observation(self, viewer: str) -> dict[str, Any]:
        self.check_viewer(viewer)
        return self.game.observe(self, viewer)

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
        twin.stack = list(self.stack)  # the records are immutable
        twin.turn_kind, twin.turns = self.turn_kind, self.turns
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
        return self.game.resample_state(self, viewer, seed)

    # -- saving ---------------------------------------------------------------------------------
    def to_data(self) -> dict[str, Any]:
        """The state as JSON data, built by hand (it is on the hot path of saving); the
        kernel saves the log beside it, and ``saving`` reads it back."""
        pending = self.pending
        record = None
        if pending is not None:
            record = pending.record()
            if record["fight"] is not None:
                record["fight"] = plain(record["fight"])
        data = {
            "options": dict(self.options, hunters=list(self.options["hunters"])),
            "stage": self.stage, "order": to_data(self.order),
            "players": {s: plain(p) for s, p in self.players.items()},
            "stacks": {h: list(c) for h, c in self.stacks.items()},
            "removed": list(self.removed),
            "peeks": {s: dict(p) for s, p in self.peeks.items()},
            "gifts": self.gifts, "fights": [plain(f) for f in self.fights],
            "pending": record,
            "turn_open": self.turn_open, "turn_kind": self.turn_kind, "turns": self.turns,
            "clock": self.clock, "green": dict(self.green), "revealed": dict(self.revealed),
            "red_aside": list(self.red_aside), "basic_winner": self.basic_winner,
            "first": self.first, "rounds": self.rounds,
            "result": None if self.result is None else to_data(self.result),
        }
        if len(self.stack) > 2:  # a step waits under the decision (written only then)
            data["waiting"] = [record.to_data() for record in self.stack[1:-1]]
        return data

    def check_invariants(self) -> None:
        """Raise ValueError if the state could not arise in play (a corrupt save): see
        :mod:`vampyre.invariants`."""
        self.game.check_invariants(self)

    # -- helpers the rules share ------------------------------------------------------------------
    @property
    def current(self) -> str:
        """The seat whose turn it is."""
        order = self.order
        return order.order[order.seat_index]  # Sequencer.seat, read on every step

    @property
    def stage(self) -> Stage:
        """``transylvania`` (the Basic Game) or ``castle_dracula`` (the Extended Game)."""
        return self._stage

    @stage.setter
    def stage(self, stage: Stage) -> None:
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

