"""What the game is waiting for: pending decisions, as plain data on the state.

The state keeps a stack of these records. The top one is what happens next:
either a decision some seat must make (``seats`` is not empty), or a step the
rules take by themselves (an Action Phase's search, the combat's initiative
rolls). Records are immutable; the rules replace them as play moves on, so a
clone copies only the stack's list.

Combat, an Encounter that asks for a choice, an Event card's timing window:
each is a record pushed on top of the phase it interrupts, which resumes when
the record is popped (the ``stage`` of the record below says where).
"""

from __future__ import annotations

from typing import Any, ClassVar

import attrs

from gothic_kernel.serial import from_data, to_data

from .combat_round import ChitHistory, Engagement

DRACULA = "dracula"


@attrs.frozen
class Pending:
    """Base of every pending record."""

    KIND: ClassVar[str] = "pending"
    #: The rulebook section named when an action does not fit this decision.
    RULE: ClassVar[str] = "Sequence of Play"

    def deciders(self) -> tuple[str, ...]:
        """Seats that must decide now; () for a step the rules take alone."""
        return ()


class SeatDecides(Pending):
    """A decision of one seat, named by the record's ``seat`` field."""

    __slots__ = ()
    seat: str

    def deciders(self) -> tuple[str, ...]:
        return (self.seat,)


@attrs.frozen
class ChooseStart(SeatDecides):
    """Starting the Game: Hunters choose Towns in order, then Dracula in secret."""

    KIND = "choose_start"
    RULE = "Starting the Game"
    seat: str


@attrs.frozen
class DraculaMovement(Pending):
    KIND = "dracula_movement"
    RULE = "Dracula's Movement"

    def deciders(self) -> tuple[str, ...]:
        return (DRACULA,)


@attrs.frozen
class DraculaSwap(Pending):
    """Movement - Passing: Dracula exchanges Encounter Chits."""

    KIND = "dracula_swap"
    RULE = "Movement - Passing"

    def deciders(self) -> tuple[str, ...]:
        return (DRACULA,)


@attrs.frozen
class DraculaAction(Pending):
    """Dracula's Action Phase: attack, place an Encounter, or do nothing.

    ``stage`` is "start" (the rules look for Hunters to attack), "place" (Dracula
    decides, perhaps only to do nothing), "idle" (at Sea: nothing to decide, but the
    decision is still his to make, in secret), or "done".
    """

    KIND = "dracula_action"
    RULE = "Dracula's Action Phase"
    stage: str = "start"
    consumed: bool = False

    def deciders(self) -> tuple[str, ...]:
        return (DRACULA,) if self.stage in ("place", "idle") else ()


@attrs.frozen
class BatFlight(Pending):
    """Dracula escaped in bat form and flies out of Town (Reference 2 - Escape (Bat))."""

    KIND = "bat_flight"
    RULE = "Reference 2 - Dracula Combat Chits"
    town: str

    def deciders(self) -> tuple[str, ...]:
        return (DRACULA,)


@attrs.frozen
class HunterMovement(SeatDecides):
    """A Hunter's (or his group's) Movement Phase.

    ``done`` lists the start-of-phase deeds already done ("host", "trade", "missed_train").
    """

    KIND = "hunter_movement"
    RULE = "Movement"
    seat: str
    done: tuple[str, ...] = ()


@attrs.frozen
class TrainRide(SeatDecides):
    """A train was caught: the Hunter (or group) chooses where to get off."""

    KIND = "train_ride"
    RULE = "Movement - Rail Movement"
    seat: str
    movers: tuple[str, ...]
    train: str
    stops: int


@attrs.frozen
class WeaponSwap(Pending):
    """Movement - Passing: each Hunter who Passed may swap Weapon Chits, in turn."""

    KIND = "weapon_swap"
    RULE = "Movement - Passing"
    hunters: tuple[str, ...]

    def deciders(self) -> tuple[str, ...]:
        return (self.hunters[0],)


@attrs.frozen
class HunterAction(Pending):
    """A Hunter's (or group's) Action Phase in ``town``.

    ``stage``: "search" -> "meet" -> "items" -> "done". ``hidden``: an Encounter lets
    Dracula keep his presence and the Local Rumours secret. ``ended``: the phase is
    over (chased out, lost in fog, escaped from combat). ``found`` is the Encounter
    discovered, for the public record. ``arrived``: they moved into the Town this turn
    (only then may they take Weapons and Events).
    """

    KIND = "hunter_action"
    RULE = "Hunters' Action Phases"
    seat: str
    members: tuple[str, ...]
    town: str
    stage: str = "search"
    arrived: bool = False
    hidden: bool = False
    ended: bool = False
    found: str | None = None
    avoided: bool = False
    reinforcements: int = 0


@attrs.frozen
class VampireChoice(SeatDecides):
    """A Vampire is found: encounter it or leave it (outside Castle Dracula)."""

    KIND = "vampire_choice"
    RULE = "Encounters"
    seat: str
    members: tuple[str, ...]
    town: str


@attrs.frozen
class VampireVictim(Pending):
    """A group encounters a Vampire: Dracula picks the member it attacks."""

    KIND = "vampire_victim"
    RULE = "Encounters"
    members: tuple[str, ...]
    town: str

    def deciders(self) -> tuple[str, ...]:
        return (DRACULA,)


@attrs.frozen
class BatsChase(Pending):
    """Bats: Dracula chooses the Town the Hunter(s) are driven to."""

    KIND = "bats_chase"
    RULE = "Encounters"
    members: tuple[str, ...]
    town: str

    def deciders(self) -> tuple[str, ...]:
        return (DRACULA,)


@attrs.frozen
class FightChoice(SeatDecides):
    """Meeting Dracula: the Hunter (or group) decides whether to attack."""

    KIND = "fight_choice"
    RULE = "Hunters' Action Phases - Meeting Dracula"
    seat: str
    members: tuple[str, ...]
    town: str


@attrs.frozen
class ItemChoice(SeatDecides):
    """New Weapons and Events: declare what is taken."""

    KIND = "item_choice"
    RULE = "Hunters' Action Phases - New Weapons and Events"
    seat: str
    members: tuple[str, ...]
    town: str
    limit: int


@attrs.frozen
class NewWeapons(SeatDecides):
    """A Hunter has drawn Weapon Chits: he may reveal Dogs "when he draws it", and over
    three he discards the extra ones (asked after every draw, whatever was drawn, so
    that the question itself tells Dracula nothing)."""

    KIND = "new_weapons"
    RULE = "Hunters' Action Phases - New Weapons and Events"
    seat: str


@attrs.frozen
class EventDiscard(SeatDecides):
    """More than three Event Cards: the holder discards the extra ones."""

    KIND = "event_discard"
    RULE = "Event Cards"
    seat: str


@attrs.frozen
class Combat(Pending):
    """A fight on the Combat Action Board (Combat), one round at a time.

    ``side`` is "dracula" (Dracula himself: the colour side of the CAB) or "agents"
    (the black and white side). ``stage``: "garlic" (a Hunter may reveal Garlic before
    the time of day is rolled), "time" (Dracula rolls for Day or Night), "choose" (each
    fighter's chit, in secret), "target" (Dracula, or an outnumbered Agent, declares his
    target), "roll" (initiative and results; "rolled" while the Hunters' die waits for
    Good Luck, ``initiative_rolls`` holding this round's (opponent, Hunters) dice),
    "result" (the side that outnumbers picks the result to apply), "team_up" (a fighter
    whose foe fell joins another fight), "over". ``chosen`` holds the chits placed this
    round, each secret until revealed.
    """

    KIND = "combat"
    RULE = "Combat"
    side: str
    town: str
    hunters: tuple[str, ...]
    opponents: tuple[str, ...]
    attacker: str
    agent_chits: dict[str, tuple[str, ...]] = attrs.field(factory=dict)
    encounter: str | None = None
    stage: str = "choose"
    round: int = 1
    daytime: bool = False
    garlic_by: str | None = None
    garlic_asked: tuple[str, ...] = ()
    dodge_or_escape_only: bool = False
    engagements: tuple[Engagement, ...] = ()
    chosen: dict[str, str] = attrs.field(factory=dict)
    histories: dict[str, ChitHistory] = attrs.field(factory=dict)
    winner: str = ""
    needs_choice: tuple[int, ...] = ()
    result_choices: dict[str, int] = attrs.field(factory=dict)
    hunters_standing_by: tuple[str, ...] = ()
    agents_standing_by: tuple[str, ...] = ()
    team_up: tuple[str, ...] = ()
    time_cards: tuple[str, ...] = ()
    hunters_bonus: int = 0
    opponent_bonus: int = 0
    rage_through: int = 0
    great_strength: tuple[str, ...] = ()
    reinforcement: bool = False
    harker_seat: str = ""
    harker_weapons: tuple[str, ...] = ()
    harker_wounds: int = 0
    initiative_rolls: tuple[tuple[int, int], ...] = ()


@attrs.frozen
class EventWindow(Pending):
    """A timing window for Event Cards (Event Cards; Reference 4): each seat in ``seats``
    in turn may play one eligible card or pass; it closes when all have passed in a row.

    A seat is asked whenever it holds any Event Card of its kind (how many each holds is
    public), never only when it holds an eligible one: being asked tells nothing.
    ``hunter``, ``town`` and ``chit`` say what the window is about (the Hunter moving or
    attacked, the Town, the Encounter revealed); ``played`` the cards played in it.
    """

    KIND = "event_window"
    RULE = "Event Cards"
    timing: str
    seats: tuple[str, ...]
    turn: int = 0
    passes: int = 0
    hunter: str = ""
    town: str = ""
    chit: str = ""
    played: tuple[str, ...] = ()

    def deciders(self) -> tuple[str, ...]:
        return (self.seats[self.turn],)


@attrs.frozen
class CardPlayed(Pending):
    """A card just played, its effect still to come: a Hunter's card waits for Dracula's
    answer (Devilish Power cancels it: ``cancelled``)."""

    KIND = "card_played"
    RULE = "Event Cards"
    card: str
    seat: str
    holder: str = ""
    hunter: str = ""
    town: str = ""
    chit: str = ""
    cancelled: bool = False


@attrs.frozen
class CardStep(Pending):
    """A choice a card's effect asks of ``chooser`` (``stage`` says which), e.g. the Town
    Jonathan Harker searches, the Towns the Hired Scouts visit, where Wild Horses go.
    ``picks`` are the public choices made so far; ``moves`` counts Control Storms' moves."""

    KIND = "card_step"
    RULE = "Event Cards"
    card: str
    chooser: str
    stage: str
    seat: str = ""
    hunter: str = ""
    picks: tuple[str, ...] = ()
    moves: int = 0

    def deciders(self) -> tuple[str, ...]:
        return (self.chooser,)


@attrs.frozen
class PlayAtOnce(Pending):
    """Cards drawn that are not Keep: played at once, one after the other (Event Cards)."""

    KIND = "play_at_once"
    RULE = "Event Cards"
    seat: str
    members: tuple[str, ...]
    cards: tuple[str, ...]


@attrs.frozen
class PendingBite(Pending):
    """Seduction's bite, waiting for the Hunter's Great Strength (``resisted``)."""

    KIND = "pending_bite"
    RULE = "Reference 4 - Event Cards - SEDUCTION"
    hunter: str
    resisted: bool = False


@attrs.frozen
class TrainAttempt(Pending):
    """A Hunter (or group) tries to catch a train, after the Chartered Carriage and False
    Tip-off window: ``carriage``/``tip_off`` say which of the two were played."""

    KIND = "train_attempt"
    RULE = "Movement - Rail Movement"
    seat: str
    carriage: bool = False
    tip_off: bool = False


@attrs.frozen
class DieRoll(Pending):
    """A die just rolled for a Hunter (``what`` it was for: "railway", "encounter",
    "initiative", "superstitious_carriers", "holy_water", ...), waiting for Good Luck.
    ``chit`` and ``town`` name the Encounter whose wounds it rolls; ``other`` is the
    opponent's initiative die (never rolled again)."""

    KIND = "die_roll"
    RULE = "Reference 4 - Event Cards - GOOD LUCK"
    what: str
    seat: str
    roll: int
    asked: bool = False
    chit: str = ""
    town: str = ""
    other: int = 0


@attrs.frozen
class EndTurn(Pending):
    """The turn ends once what is above this record is done (Hypnosis: the bitten Hunter
    misses his turn)."""

    KIND = "end_turn"
    RULE = "Sequence of Play"


PENDING_TYPES: tuple[type[Pending], ...] = (
    ChooseStart, DraculaMovement, DraculaSwap, DraculaAction, BatFlight, HunterMovement,
    TrainRide, WeaponSwap, HunterAction, VampireChoice, VampireVictim, BatsChase,
    FightChoice, ItemChoice, NewWeapons, EventDiscard, Combat, EventWindow, CardPlayed,
    CardStep, PlayAtOnce, PendingBite, TrainAttempt, EndTurn, DieRoll,
)
_BY_KIND = {cls.KIND: cls for cls in PENDING_TYPES}


def pending_to_data(record: Pending) -> dict[str, Any]:
    data: dict[str, Any] = to_data(record)
    return {"kind": record.KIND, **data}


def pending_from_data(data: dict[str, Any]) -> Pending:
    fields = dict(data)
    cls = _BY_KIND[fields.pop("kind")]
    record: Pending = from_data(cls, fields)
    return record
