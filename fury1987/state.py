"""The state of a game of Fury of Dracula (1987), as plain data.

Everything a position holds lives here: the Hunters' playsheets, Dracula's
secrets behind the SM Screen (his Town box, the Local Rumours Marker, his
Blood Points, the Encounter Set and the Strategy & Movement Chart), the pools
and the Event Draw Pile, the turn sequencer and the stack of pending decisions.
The rules live in the modules named after the rulebook's sections; they read
and change this state. Cloning copies containers explicitly and shares the
immutable parts (the board, the data tables, the log's entries).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import attrs

from gothic_kernel import (
    Deck,
    Dice,
    IllegalAction,
    Log,
    LoggedState,
    Outcome,
    Pool,
    Reshuffle,
    Scope,
    Sequencer,
    copy_json,
)
from gothic_kernel.decisions import Decision, DecisionState
from gothic_kernel.serial import from_data

from .board import CASTLE_DRACULA, Board
from .combat_round import BLOOD_DEATH_LIMIT as BLOOD_DEATH_LIMIT
from .combat_round import MAX_BLOOD_POINTS as MAX_BLOOD_POINTS
from .decisions import FuryDecision
from .labels import label
from .records import Chronicle, shared
from .seats import DRACULA, HUNTER_NAMES, HUNTERS, SEATS
from .tracker import remember
from .wording import bad_field

if TYPE_CHECKING:
    from gothic_kernel import Action

    from .game import FuryGame, Rules

__all__ = ["DRACULA", "HUNTERS", "HUNTER_NAMES", "SEATS", "Dracula", "FuryState", "Hunter",
           "agree", "article", "counted"]

PHASES = ("movement", "action")

def counted(n: int, noun: str) -> str:
    """``n`` and the noun agreeing with it, for the log: "1 Weapon Chit", "2 wounds"."""
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


def article(noun: str) -> str:
    """The indefinite article for ``noun``: "an Express", "a Fast Train"."""
    return "an" if noun[:1].lower() in "aeiou" else "a"


def agree(members: tuple[str, ...] | list[str], singular: str, plural: str) -> str:
    """The verb agreeing with one Hunter ("takes") or a group ("take"), for the log."""
    return singular if len(members) == 1 else plural

WOUNDS_TO_DIE = 12         # Wounds: "When ... it reaches the '12' box the Hunter dies"
WEAPON_LIMIT = 3           # New Weapons and Events: never more than three Weapon Chits
EVENT_LIMIT = 3            # Event Cards: never more than three Event Cards
ENCOUNTER_SET_SIZE = 5     # Dracula's Action Phase: five chits in the Encounter Set
ENTERING_CASTLE_VALOUR = 3  # Valour Points: "For entering Castle Dracula" (first time)


@attrs.define
class Hunter:
    """One Hunter's playsheet and piece.

    ``weapons`` are the Weapon Chits on the playsheet (a Host placed as a barrier is
    not among them: it lies face up and does not count, ``hosts_placed`` says where).
    ``shown`` are the ones Dracula has seen (revealed Dogs, a Crucifix shown against a
    Vampire): the others are hidden from him. ``moved`` and ``passed`` are this turn's;
    ``took_items`` is for this visit to the Town; ``voyage`` is the starting Port and
    the Sea Sectors of a sequence of Sea Moves.
    """

    seat: str
    location: str | None = None
    wounds: int = 0
    bitten: bool = False
    status: str = "alive"  # alive, dead or vampire
    weapons: list[str] = attrs.field(factory=list)
    shown: list[str] = attrs.field(factory=list)
    hosts_placed: list[str] = attrs.field(factory=list)
    events: list[str] = attrs.field(factory=list)
    valour: int = 0
    entered_castle: bool = False
    moved: bool = False
    passed: bool = False
    took_items: bool = False
    voyage: list[str] = attrs.field(factory=list)
    fought_dracula_at: str | None = None
    turn_start: str | None = None

    @property
    def alive(self) -> bool:
        # The hottest paths (still_alive, hunters_at) read ``status == "alive"`` instead:
        # a property costs a call on Python 3.11.
        return self.status == "alive"

    @property
    def dogs_face_up(self) -> bool:
        return "dogs" in self.shown

    def hidden_weapons(self) -> list[str]:
        """The Weapon Chits Dracula has not seen."""
        rest = list(self.weapons)
        for chit in self.shown:
            if chit in rest:
                rest.remove(chit)
        return rest

    def holds_hidden(self, weapon: str) -> bool:
        """Whether one of his ``weapon`` chits is hidden from Dracula."""
        return self.weapons.count(weapon) > self.shown.count(weapon)

    def show(self, weapon: str) -> None:
        """Dracula sees one of his ``weapon`` chits (no more than he holds)."""
        if self.shown.count(weapon) < self.weapons.count(weapon):
            self.shown.append(weapon)

    def seen_if_lost(self, weapon: str) -> bool:
        """Whether a ``weapon`` he gives up must be one Dracula has seen (he saw them all),
        so that it goes face up."""
        return weapon in self.shown and self.shown.count(weapon) >= self.weapons.count(weapon)

    def lose_weapon(self, weapon: str, *, public: bool = False) -> None:
        """One chit of ``weapon`` leaves his playsheet. ``public``: it is seen to go
        (discarded face up), so Dracula no longer counts a ``weapon`` he saw as held."""
        self.weapons.remove(weapon)
        over = self.shown.count(weapon) > self.weapons.count(weapon)
        if weapon in self.shown and (public or over):
            self.shown.remove(weapon)

    def clone(self) -> Hunter:
        return Hunter(self.seat, self.location, self.wounds, self.bitten, self.status,
                      self.weapons.copy(), self.shown.copy(), self.hosts_placed.copy(),
                      self.events.copy(), self.valour, self.entered_castle, self.moved,
                      self.passed, self.took_items, self.voyage.copy(),
                      self.fought_dracula_at, self.turn_start)


@attrs.define
class Dracula:
    """Everything behind the SM Screen, and what Dracula has announced.

    ``location`` is his piece's box on the Strategy & Movement Chart; ``rumours``
    the Local Rumours Marker (None until he first leaves his starting Town);
    ``blood`` his Blood Points (below 0: the Blood Death Marker's box, negated).
    ``voyage`` is the Sea Sectors of his present sequence of Sea Moves, after the
    Port he embarked from. ``shown_at`` is where his piece stands on the map (found,
    or fighting) until his next Movement Phase. ``trail`` is his secret history:
    his box after each Movement Phase; ``history`` the same as tracker hypotheses
    (his hidden state just before each move), for resampling. Both only grow, and are
    tuples that clones share (a clone costs the same however long the game).
    """

    location: str | None = None
    rumours: str | None = None
    blood: int = MAX_BLOOD_POINTS
    encounter_set: list[str] = attrs.field(factory=list)
    events: list[str] = attrs.field(factory=list)
    voyage: list[str] = attrs.field(factory=list)
    fleeing: bool = False
    castle_turns: int = 0
    shown_at: str | None = None
    must_leave: bool = False
    consumed: int = 0
    passed: bool = False
    moved: bool = False
    trail: tuple[str, ...] = ()
    history: tuple[int, ...] = ()

    @property
    def at_sea(self) -> bool:
        return bool(self.voyage)

    def clone(self) -> Dracula:
        return Dracula(self.location, self.rumours, self.blood, self.encounter_set.copy(),
                       self.events.copy(), self.voyage.copy(), self.fleeing,
                       self.castle_turns, self.shown_at, self.must_leave, self.consumed,
                       self.passed, self.moved, self.trail, self.history)


@attrs.define
class FuryData:
    """The whole state but the dice and the options, in the save's shape."""

    seq: Sequencer
    hunters: dict[str, Hunter]
    dracula: Dracula
    chart: dict[str, str]
    map_chits: dict[str, str]
    sightings: dict[str, str]
    hosts: dict[str, str]
    groups: list[list[str]]
    encounter_pool: Pool
    public_encounter_discards: list[str]
    weapons_pool: Pool
    public_weapon_discards: list[str]
    event_deck: Deck
    stack: list[Any]
    clues: list[Any]
    vampires_destroyed: int
    outcome: Any
    cards: dict[str, Any] = attrs.field(factory=dict)


class FuryState(LoggedState, DecisionState):
    """One position of a game of Fury of Dracula (1987).

    What the game waits for is the stack of decisions (``fury1987.decisions``): the top
    record answers who acts, the legal actions, the prompt, the labels and the refusals.
    The state imports no rule module (they import it): what it needs from above reaches
    it through its records and its game (``game.enter_phase``, ``game.observe``,
    ``game.resample_state``)."""

    game: FuryGame
    #: True once the game has ended (an attribute, not a property: the kernel asks it
    #: several times a step).
    is_over: bool = False

    def __init__(self, game: FuryGame, rules: Rules, dice: Dice,
                 options: dict[str, Any]) -> None:
        self.game = game
        self.rules = rules
        #: The map (the rules' board, asked for at almost every step).
        self.board: Board = rules.board
        self.dice = dice
        self.options = options
        self.seq = Sequencer(SEATS, PHASES)
        self.hunters: dict[str, Hunter] = {s: Hunter(s) for s in HUNTERS}
        self.dracula = Dracula()
        #: The Town boxes of the Strategy & Movement Chart holding an Encounter Chit.
        self.chart: dict[str, str] = {}
        #: Fog and Storms lying on the map (public).
        self.map_chits: dict[str, str] = {}
        #: What the Hunters last saw remain in a Town box (Szgany, Servants, Vampires).
        self.sightings: dict[str, str] = {}
        #: Heavenly Host Markers on the map: Town -> the Hunter who placed it.
        self.hosts: dict[str, str] = {}
        self.groups: list[list[str]] = []
        self.encounter_pool = Pool()
        #: Every Encounter Chit the Hunters saw discarded this game. The discards lie behind
        #: the SM Screen with the Pool, and go back into it when it runs out, unseen: this
        #: record is never cleared (ruling 75).
        self.public_encounter_discards: list[str] = []
        self.weapons_pool = Pool()
        self.public_weapon_discards: list[str] = []
        self.event_deck = Deck(reshuffle=Reshuffle.KEEP_TOP_CARD)
        self.stack: list[Decision[Any]] = []
        #: The public record about Dracula, read by the possible-location tracker (clones
        #: share it: fury1987.records).
        self.clues: Chronicle[dict[str, Any]] = Chronicle()
        self.vampires_destroyed = 0
        #: Event Cards' lasting effects, all public (fury1987.events): Shipping Agents in
        #: play, Sea Sectors blocked by Stormy Seas, declared next moves, Excellent Weather.
        self.cards: dict[str, Any] = {}
        self._outcome: Outcome | None = None
        self.is_over = False
        self.events: Log = Log()
        self._tracker: Any = None

    # -- the contract ----------------------------------------------------------------------
    #: The seats, in seat order (a class attribute: the kernel checks the seat asking at
    #: every step).
    seats: tuple[str, ...] = SEATS

    def enter_phase(self) -> None:
        """Nothing is pending: the Sequence of Play begins the next phase (fury1987.flow)."""
        self.game.enter_phase(self)

    def _describe_action(self, seat: str, action: Action) -> str:
        if not self.stack:  # the game is over: the action's own words
            return label(self, seat, action)
        return super()._describe_action(seat, action)

    def explain_illegal(self, seat: str, action: Action) -> IllegalAction:
        """A field naming nothing of the game, or one the decision waiting has no reason
        of its own for, is named with its value (``bad_field``); otherwise the decision
        says why (its ``refusal``)."""
        top = self.stack[-1]
        said = bad_field(self, seat, action,
                         any_value=type(top).refusal is FuryDecision.refusal)
        if said is None:
            return super().explain_illegal(seat, action)
        return IllegalAction(said, rule=top.RULE)

    def observation(self, viewer: str) -> dict[str, Any]:
        self.check_viewer(viewer)
        return self.game.observe(self, viewer)

    @property
    def outcome(self) -> Outcome | None:
        return self._outcome

    def end_game(self, outcome: Outcome) -> None:
        """The game ends now (Victory: "as soon as any of the victory conditions ...")."""
        if self._outcome is None:
            self._outcome = outcome
            self.is_over = True
            for record in self.stack:  # Jonathan Harker's fight cut short: his chits
                self.weapons_pool.bag.extend(getattr(record, "harker_weapons", ()))
                self.weapons_pool.bag.extend(getattr(record, "harker_spent", ()))
            self.stack.clear()
            self._legal_cache = None

    # -- helpers for the rules -------------------------------------------------------------
    def alive_hunters(self) -> list[str]:
        return [s for s in HUNTERS if self.hunters[s].status == "alive"]

    def still_alive(self, members: tuple[str, ...]) -> tuple[str, ...]:
        """The Hunters of ``members`` still in the game."""
        hunters = self.hunters
        for member in members:
            if hunters[member].status != "alive":
                return tuple(m for m in members if hunters[m].status == "alive")
        return members

    def hunters_at(self, place: str) -> list[str]:
        hunters = self.hunters
        return [s for s in HUNTERS
                if hunters[s].status == "alive" and hunters[s].location == place]

    def group_of(self, seat: str) -> tuple[str, ...]:
        for group in self.groups:
            if seat in group:
                return tuple(group)
        return (seat,)

    def form_group(self, members: tuple[str, ...]) -> None:
        """Hunter Groups: ``members`` move and act together from now on."""
        self.groups = [g for g in self.groups if not set(g) & set(members)]
        self.groups.append(list(members))

    def leave_group(self, seat: str) -> None:
        """``seat`` leaves his group (a group of one is no group)."""
        for group in self.groups:
            if seat in group:
                group.remove(seat)
        self.groups = [g for g in self.groups if len(g) > 1]

    def relocate(self, seat: str, to: str) -> None:
        """A Hunter is now in ``to`` (having left his Town): a new visit begins. The first
        time he enters Castle Dracula he earns Valour Points."""
        hunter = self.hunters[seat]
        if hunter.location != to:
            hunter.took_items = False
            hunter.fought_dracula_at = None
        hunter.location = to
        if to == CASTLE_DRACULA and not hunter.entered_castle:
            hunter.entered_castle = True
            hunter.valour += ENTERING_CASTLE_VALOUR

    def move_hunter(self, seat: str, to: str) -> None:
        """Put a Hunter's piece in ``to`` by his own move (Road, Sea or Rail)."""
        hunter = self.hunters[seat]
        here = hunter.location
        assert here is not None
        board = self.board
        if board.is_sea(to):
            hunter.voyage = [here, to] if board.is_town(here) else [*hunter.voyage, to]
        else:
            hunter.voyage = []
        self.relocate(seat, to)

    def discard_found(self, town: str) -> None:
        """The chit in ``town``'s box is discarded, face up beside the Pool (not into it);
        a Hunter's Vampire chit is not the Pool's and leaves the game."""
        chit = self.chart.pop(town)
        if chit in self.rules.encounters.chits:
            self.encounter_pool.set_aside(chit)
            self.public_encounter_discards.append(chit)

    def draw_encounter_chit(self) -> str | None:
        """A chit at random from the Encounter Pool (its discards remixed when it is empty).

        The remix happens behind the SM Screen, during one of Dracula's secret draws: the
        record of the chits the Hunters saw discarded is left as it is (ruling 75)."""
        pool = self.encounter_pool
        if not pool.can_draw():
            return None
        return pool.draw(self.dice)

    def draw_weapon_chit(self) -> str | None:
        """A chit at random from the Weapons Pool (its discards remixed when it is empty)."""
        pool = self.weapons_pool
        if not pool.can_draw():
            return None
        if not pool.bag:
            self.public_weapon_discards.clear()
        return pool.draw(self.dice)

    def map_effect(self, town: str) -> str | None:
        """The effect ("fog", "storms") of the chit lying on the map in ``town``."""
        chit = self.map_chits.get(town)
        return None if chit is None else self.rules.encounters.chit(chit).effect

    def say(self, kind: str, text: str, **data: Any) -> None:
        """A public log entry (its ids in the sentence replaced by printed names)."""
        # Log.say's entry, written here: passing ``data`` on would copy it once more.
        self.events.add({"kind": kind, "text": self.rules.printed.sentence(text), **data})

    def tell(self, entry: dict[str, Any], scope: Scope,
             public: dict[str, Any] | None = None) -> None:
        """A log entry seen by ``scope`` only, ``public`` (if any) its redacted form for
        the others; the sentences are worded like :meth:`say`'s."""
        printed = self.rules.printed
        entry["text"] = printed.sentence(entry["text"])
        if public is not None:
            public["text"] = printed.sentence(public["text"])
        self.events.add(entry, scope, public)

    # -- copying and saving ----------------------------------------------------------------
    def clone(self) -> FuryState:
        twin = FuryState.__new__(FuryState)
        twin.game, twin.rules, twin.options = self.game, self.rules, self.options
        twin.board = self.board
        twin.dice = self.dice.clone()
        twin.seq = self.seq.clone()
        twin.hunters = {s: h.clone() for s, h in self.hunters.items()}
        twin.dracula = self.dracula.clone()
        twin.chart = self.chart.copy()
        twin.map_chits = self.map_chits.copy()
        twin.sightings = self.sightings.copy()
        twin.hosts = self.hosts.copy()
        twin.groups = [g.copy() for g in self.groups]
        twin.encounter_pool = self.encounter_pool.clone()
        twin.public_encounter_discards = self.public_encounter_discards.copy()
        twin.weapons_pool = self.weapons_pool.clone()
        twin.public_weapon_discards = self.public_weapon_discards.copy()
        twin.event_deck = self.event_deck.clone()
        twin.stack = self.stack.copy()
        twin.clues = shared(self.clues)
        twin.vampires_destroyed = self.vampires_destroyed
        twin.cards = copy_json(self.cards)
        twin._outcome, twin.is_over = self._outcome, self.is_over
        twin.events = self.events.clone()
        twin._legal_cache = self._legal_cache
        twin._tracker = self._tracker
        return twin

    def to_data(self) -> dict[str, Any]:
        # Written out by hand (the typed serialiser is slow on a long game, and saves are
        # taken at every step by replays and searches); read back by the serialiser,
        # which checks every field.
        remember(self._tracker, self.clues)
        seq = self.seq
        return {
            "seq": {"order": list(seq.order), "phases": list(seq.phases), "round": seq.round,
                    "seat_index": seq.seat_index, "phase_index": seq.phase_index,
                    "missed": dict(seq.missed), "extra": dict(seq.extra),
                    "skip_next": {k: list(v) for k, v in seq.skip_next.items()},
                    "out": list(seq.out), "extra_turn": seq.extra_turn},
            "hunters": {s: _hunter_data(h) for s, h in self.hunters.items()},
            "dracula": _dracula_data(self.dracula),
            "chart": dict(self.chart), "map_chits": dict(self.map_chits),
            "sightings": dict(self.sightings), "hosts": dict(self.hosts),
            "groups": [list(g) for g in self.groups],
            "encounter_pool": _pool_data(self.encounter_pool),
            "public_encounter_discards": list(self.public_encounter_discards),
            "weapons_pool": _pool_data(self.weapons_pool),
            "public_weapon_discards": list(self.public_weapon_discards),
            "event_deck": {"cards": list(self.event_deck.cards),
                           "discards": list(self.event_deck.discards),
                           "reshuffle": self.event_deck.reshuffle.value},
            "stack": [p.to_data() for p in self.stack],
            "clues": [dict(c) for c in self.clues],
            "vampires_destroyed": self.vampires_destroyed,
            "cards": copy_json(self.cards),
            "outcome": None if self._outcome is None else self._outcome.to_data(),
            "options": dict(self.options),
        }

    @classmethod
    def from_data(cls, game: FuryGame, rules: Rules, options: dict[str, Any], data: Any,
                  dice: Dice) -> FuryState:
        plain = from_data(FuryData, data)
        state = cls(game, rules, dice, options)
        state.seq = plain.seq
        state.hunters = plain.hunters
        state.dracula = plain.dracula
        state.chart = plain.chart
        state.map_chits = plain.map_chits
        state.sightings = plain.sightings
        state.hosts = plain.hosts
        state.groups = plain.groups
        state.encounter_pool = plain.encounter_pool
        state.public_encounter_discards = plain.public_encounter_discards
        state.weapons_pool = plain.weapons_pool
        state.public_weapon_discards = plain.public_weapon_discards
        state.event_deck = plain.event_deck
        state.stack = [FuryDecision.from_data(p) for p in plain.stack]
        state.clues = Chronicle(plain.clues)
        state.vampires_destroyed = plain.vampires_destroyed
        state.cards = copy_json(plain.cards)
        state._outcome = None if plain.outcome is None else Outcome.from_data(plain.outcome)
        state.is_over = state._outcome is not None
        return state

    def _resample(self, viewer: str, seed: int) -> FuryState:
        return self.game.resample_state(self, viewer, seed)


def _hunter_data(h: Hunter) -> dict[str, Any]:
    return {"seat": h.seat, "location": h.location, "wounds": h.wounds, "bitten": h.bitten,
            "status": h.status, "weapons": list(h.weapons), "shown": list(h.shown),
            "hosts_placed": list(h.hosts_placed), "events": list(h.events),
            "valour": h.valour, "entered_castle": h.entered_castle, "moved": h.moved,
            "passed": h.passed, "took_items": h.took_items, "voyage": list(h.voyage),
            "fought_dracula_at": h.fought_dracula_at, "turn_start": h.turn_start}


def _dracula_data(d: Dracula) -> dict[str, Any]:
    return {"location": d.location, "rumours": d.rumours, "blood": d.blood,
            "encounter_set": list(d.encounter_set), "events": list(d.events),
            "voyage": list(d.voyage), "fleeing": d.fleeing, "castle_turns": d.castle_turns,
            "shown_at": d.shown_at, "must_leave": d.must_leave, "consumed": d.consumed,
            "passed": d.passed, "moved": d.moved, "trail": list(d.trail),
            "history": list(d.history)}


def _pool_data(pool: Pool) -> dict[str, Any]:
    return {"bag": list(pool.bag), "aside": list(pool.aside), "remix": pool.remix}
