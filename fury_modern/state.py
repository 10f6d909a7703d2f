"""The state of a modern Fury of Dracula game, as plain data.

Who knows what (the views module cuts observations by these scopes):

* public: the time track, despair tokens, the influence track, where the hunters
  stand and how hurt and bitten they are, how many cards and tickets each holds,
  the trail's six spaces and the lairs as seen from the table (face-down cards, how
  many encounters lie on each, what has been revealed), Dracula's health, the number
  of cards in his hands, the encounters he keeps face up, tokens on the board, allies
  in play, the combat on the table;
* each hunter alone: his items, events and tickets (a trade shows them to the other
  trader only; a weakened hunter's revealed item and event are public);
* Dracula alone: the face-down trail and lair cards and encounters, his hands of
  encounters and events, the combat card he has chosen.

The rules live in the other modules; this one keeps, copies and saves the data.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import attrs

from gothic_kernel import (
    Action,
    Deck,
    Dice,
    IllegalAction,
    Log,
    LoggedState,
    Outcome,
    Reshuffle,
    ResultState,
)
from gothic_kernel.decisions import Decision, DecisionState
from gothic_kernel.serial import from_data, to_data

from .decisions import ModernDecision
from .rules import DRACULA, HUNTERS, SEATS, Rules
from .wording import bad_field

if TYPE_CHECKING:
    from . import FuryModernGame


@attrs.define
class Hunter:
    """A hunter's figure and character sheet."""

    seat: str
    location: str = ""
    damage: int = 0
    bites: int = 0
    items: list[str] = attrs.field(factory=list)
    events: list[str] = attrs.field(factory=list)
    tickets: list[str] = attrs.field(factory=list)
    #: Revealed on the sheet while weakened (Bitten Hunters).
    revealed_item: str = ""
    revealed_event: str = ""
    delayed: bool = False
    bats: bool = False
    #: Defeated, waiting for dawn to be placed at a hospital (Damage).
    defeated: bool = False

    def copy(self) -> Hunter:
        return attrs.evolve(self, items=list(self.items), events=list(self.events),
                            tickets=list(self.tickets))


@attrs.define
class Hideout:
    """A trail space or a lair: a face-down location (or power) card and its encounters.

    ``revealed``: the location card is face up. ``shown``: the encounters are face up
    (a vampire that came back from a fight, consecrated ground). ``wounds`` holds the
    damage on each vampire encounter, by its index in ``encounters``.
    """

    card: str
    encounters: list[str] = attrs.field(factory=list)
    revealed: bool = False
    shown: list[bool] = attrs.field(factory=list)
    wounds: list[int] = attrs.field(factory=list)
    rumour: bool = False
    #: A power card played with the location card (Wolf Form).
    power: str = ""

    def copy(self) -> Hideout:
        return attrs.evolve(self, encounters=list(self.encounters), shown=list(self.shown),
                            wounds=list(self.wounds))

    def add_encounter(self, encounter: str, *, shown: bool = False, wounds: int = 0) -> None:
        self.encounters.append(encounter)
        self.shown.append(shown)
        self.wounds.append(wounds)

    def take_encounter(self, index: int) -> tuple[str, bool, int]:
        return self.encounters.pop(index), self.shown.pop(index), self.wounds.pop(index)


@attrs.define
class Dracula:
    """Dracula's character sheet, hands and figure."""

    damage: int = 0
    encounters: list[str] = attrs.field(factory=list)
    events: list[str] = attrs.field(factory=list)
    #: His figure is on the board (Revealing Dracula) until he next moves.
    revealed: bool = False
    ally: str = ""
    #: He must leave his location at his next phase (consecrated ground or a host on it).
    must_leave: bool = False
    #: Encounter cards he keeps face up (a matured Szgany Bodyguards).
    kept: list[str] = attrs.field(factory=list)
    #: Devilish Power: the hunters may not Supply during the coming hunter phase.
    no_supply: bool = False
    #: Nocturnal Visit: every combat at dawn or by day of the coming hunter phase is fought
    #: as if it were night.
    nocturnal_visit: bool = False
    #: Darkness Returns: the next hunter phase has no day.
    darkness: bool = False

    def copy(self) -> Dracula:
        return attrs.evolve(self, encounters=list(self.encounters), events=list(self.events),
                            kept=list(self.kept))


@attrs.define
class Tokens:
    """Tokens lying on the board (Event And Encounter Tokens)."""

    fog: dict[str, int] = attrs.field(factory=dict)
    roadblocks: list[list[str]] = attrs.field(factory=list)  # [kind, a, b]
    storms: list[str] = attrs.field(factory=list)
    consecrated: str = ""
    hosts: list[str] = attrs.field(factory=list)

    def copy(self) -> Tokens:
        return Tokens(dict(self.fog), [list(r) for r in self.roadblocks], list(self.storms),
                      self.consecrated, list(self.hosts))

    def holy(self) -> frozenset[str]:
        """Cities Dracula may not enter: the consecrated ground and heavenly hosts."""
        return frozenset((self.consecrated, *self.hosts)) - {""}


@attrs.define
class Snapshot:
    """The whole state but the dice and the log, as the save reads it back."""

    options: dict[str, Any]
    time: int
    despair: int
    influence: int
    hunters: dict[str, Hunter]
    dracula: Dracula
    trail: list[Hideout]
    lairs: list[Hideout]
    tokens: Tokens
    item_deck: Deck
    event_deck: Deck
    encounter_deck: Deck
    combat_deck: Deck
    tickets: list[str]
    hunter_ally: str
    stack: list[dict[str, Any]]
    rounds: int
    result: Outcome | None
    slid: bool = False


class ModernState(ResultState, LoggedState, DecisionState):
    """A game of modern Fury of Dracula.

    It imports no rule module (they import it): what it needs from above reaches it
    through its decisions and its game (``game.begin_round``, ``game.observe``,
    ``game.resample_state``).
    """

    game: FuryModernGame

    def __init__(self, game: FuryModernGame, rules: Rules, dice: Dice,
                 options: dict[str, Any]) -> None:
        self.game, self.rules, self.dice, self.options = game, rules, dice, options
        #: The time track: 2 * weekday + (1 at night); 0 is Monday day (Dawn And Dusk).
        self.time = 0
        self.despair = 0
        self.influence = 0
        self.hunters: dict[str, Hunter] = {s: Hunter(s) for s in HUNTERS}
        self.dracula = Dracula()
        #: The trail, newest first: index 0 is trail space 1 (Dracula's current location),
        #: or space 2 while the hideouts have slid and his new card waits (``first_space``).
        self.trail: list[Hideout] = []
        #: The hideouts have slid: trail space 1 is empty until his new card goes on it.
        self.slid = False
        self.lairs: list[Hideout] = []
        self.tokens = Tokens()
        self.item_deck = Deck(reshuffle=Reshuffle.WHEN_EMPTY)
        self.event_deck = Deck(reshuffle=Reshuffle.WHEN_EMPTY)
        self.encounter_deck = Deck(reshuffle=Reshuffle.WHEN_EMPTY)
        self.combat_deck = Deck(reshuffle=Reshuffle.NEVER)
        #: The ticket pool, face down.
        self.tickets: list[str] = []
        self.hunter_ally = ""
        self.stack: list[Decision[Any]] = []
        self.rounds = 0
        self.result: Outcome | None = None
        self.events = Log()

    # -- the contract --------------------------------------------------------------------------
    #: The seats, in seat order (a class attribute: the kernel checks the seat asking at
    #: every step).
    seats: tuple[str, ...] = SEATS

    def enter_phase(self) -> None:
        self.game.begin_round(self)

    def explain_illegal(self, seat: str, action: Action) -> IllegalAction:
        """A field naming nothing of the game, or one the decision waiting has no reason
        of its own for, is named with its value (``bad_field``); otherwise the decision
        says why (its ``refusal``)."""
        top = self.stack[-1]
        said = bad_field(self, seat, action, any_value=type(top).refusal is Decision.refusal)
        if said is None:
            return super().explain_illegal(seat, action)
        return IllegalAction(said, rule=top.RULE)

    def _describe_action(self, seat: str, action: Action) -> str:
        """One of ``seat``'s own listed actions, as the decision waiting words it; any
        other action (another seat's, or one not listed now) in the words of the action
        alone, which tell ``seat`` nothing hidden (a hunter labelling Dracula's ambush
        is not told the encounter), a hunter's Supply and Rest as they are where he
        stands."""
        if action in self.listed(seat):
            return super()._describe_action(seat, action)
        return self.game.label_other(self, seat, action)

    def observation(self, viewer: str) -> dict[str, Any]:
        self.check_viewer(viewer)
        return self.game.observe(self, viewer)

    def _resample(self, viewer: str, seed: int) -> ModernState:
        return self.game.resample_state(self, viewer, seed)

    # -- helpers for the rules -------------------------------------------------------------------
    @property
    def board(self) -> Any:
        return self.rules.board

    @property
    def night(self) -> bool:
        return self.time % 2 == 1

    @property
    def weekday(self) -> str:
        return ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday",
                "sunday")[self.time // 2]

    @property
    def dracula_location(self) -> str:
        """Where Dracula is (hidden from the hunters): the newest location card on his trail
        (a power card he stayed with, such as Hide, stands for no place)."""
        for hideout in self.trail:
            if hideout.card not in self.rules.powers:
                return hideout.card
        return ""

    @property
    def first_space(self) -> int:
        """The trail space of ``trail[0]``: 1, or 2 while the hideouts have slid and space 1
        waits for Dracula's new card (the sixth hideout matures meanwhile)."""
        return 2 if self.slid else 1

    @property
    def current_hideout(self) -> Hideout | None:
        """The hideout of Dracula's location card (trail space 1 unless he stayed)."""
        for hideout in self.trail:
            if hideout.card not in self.rules.powers:
                return hideout
        return None

    def name(self, ident: str) -> str:
        return self.rules.name(ident)

    def hunters_at(self, place: str) -> list[str]:
        return [s for s in HUNTERS if self.hunters[s].location == place
                and not self.hunters[s].defeated]

    def say(self, kind: str, text: str, /, **data: Any) -> None:
        self.events.say(kind, text, **data)

    def end(self, winners: tuple[str, ...], reason: str) -> None:
        """The game ends now: ``winners`` are (DRACULA,) or HUNTERS."""
        if self.result is None:
            self.result = Outcome(winners, level=None, reason=reason)
            for decision in self.stack:
                if isinstance(decision, ModernDecision):
                    decision.put_away(self)
            self.stack.clear()
            self.say("game_over", self.game.outcome_sentence(self.result),
                     winners=list(winners))

    # -- copying and saving ------------------------------------------------------------------------
    def clone(self) -> ModernState:
        twin = ModernState.__new__(ModernState)
        twin.game, twin.rules, twin.options = self.game, self.rules, self.options
        twin.dice = self.dice.clone()
        twin.time, twin.despair, twin.influence = self.time, self.despair, self.influence
        twin.hunters = {s: h.copy() for s, h in self.hunters.items()}
        twin.dracula = self.dracula.copy()
        twin.trail = [h.copy() for h in self.trail]
        twin.slid = self.slid
        twin.lairs = [h.copy() for h in self.lairs]
        twin.tokens = self.tokens.copy()
        twin.item_deck, twin.event_deck = self.item_deck.clone(), self.event_deck.clone()
        twin.encounter_deck = self.encounter_deck.clone()
        twin.combat_deck = self.combat_deck.clone()
        twin.tickets = list(self.tickets)
        twin.hunter_ally = self.hunter_ally
        twin.stack = list(self.stack)
        twin.rounds = self.rounds
        twin.result = self.result
        twin.events = self.events.clone()
        twin._legal_cache = self._legal_cache
        return twin

    def snapshot(self) -> Snapshot:
        return Snapshot(dict(self.options), self.time, self.despair, self.influence,
                        self.hunters, self.dracula, self.trail, self.lairs, self.tokens,
                        self.item_deck, self.event_deck, self.encounter_deck, self.combat_deck,
                        self.tickets, self.hunter_ally, [d.to_data() for d in self.stack],
                        self.rounds, self.result, self.slid)

    def to_data(self) -> dict[str, Any]:
        data: dict[str, Any] = to_data(self.snapshot())
        return data

    @classmethod
    def from_snapshot(cls, game: FuryModernGame, rules: Rules, data: Any,
                      dice: Dice) -> ModernState:
        plain = from_data(Snapshot, data)
        state = cls(game, rules, dice, plain.options)
        state.time, state.despair, state.influence = plain.time, plain.despair, plain.influence
        state.hunters, state.dracula = plain.hunters, plain.dracula
        state.trail, state.lairs, state.tokens = plain.trail, plain.lairs, plain.tokens
        state.slid = plain.slid
        state.item_deck, state.event_deck = plain.item_deck, plain.event_deck
        state.encounter_deck, state.combat_deck = plain.encounter_deck, plain.combat_deck
        state.tickets, state.hunter_ally = plain.tickets, plain.hunter_ally
        state.stack = [ModernDecision.from_data(d) for d in plain.stack]
        state.rounds, state.result = plain.rounds, plain.result
        return state


__all__ = ["DRACULA", "HUNTERS", "Dracula", "Hideout", "Hunter", "ModernState", "Tokens"]
