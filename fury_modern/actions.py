"""The actions of modern Fury of Dracula: frozen, hashable, with a stable JSON form."""

from __future__ import annotations

import attrs

from gothic_kernel import Action


@attrs.frozen
class Start(Action):
    """Set-up: place the figure (a hunter) or the first location card (Dracula) in a city."""

    city: str


@attrs.frozen
class Move(Action):
    """A hunter's Move action (by day): along a road, by sea, by railway spending a ticket of
    the kind named, or from a hospital into its city."""

    to: str
    by: str  # "road", "sea", "rail", "hospital"
    ticket: str = ""


@attrs.frozen
class Search(Action):
    """Resolve every encounter in the hunter's city, ignoring matured effects."""


@attrs.frozen
class Supply(Action):
    """Draw an event card (by day the top, by night the bottom) and, in a large city, an item."""


@attrs.frozen
class ReserveTicket(Action):
    """Take a ticket token from the pool (``discard``: the ticket kind given up first when
    the hunter already holds his limit)."""

    discard: str = ""


@attrs.frozen
class Trade(Action):
    """Trade with another hunter in the same city."""

    partner: str


@attrs.frozen
class Give(Action):
    """During a trade: hand an item card or a ticket to the other trader."""

    card: str
    to: str


@attrs.frozen
class EndTrade(Action):
    """The trade is over."""


@attrs.frozen
class Rest(Action):
    """Recover 1 damage."""


@attrs.frozen
class Pass(Action):
    """Do nothing (a hunter's action, or Dracula declining to ambush, mature or do more)."""


@attrs.frozen
class Discard(Action):
    """Discard a card (over a hand limit, or when a rule says so)."""

    card: str


@attrs.frozen
class MoveTo(Action):
    """Dracula's move: play the location card of ``place`` (by road or sea), or a power card
    (``power``; Wolf Form names its city in ``place``; Misdirect the trail space it clears in
    ``space``)."""

    place: str
    power: str = ""
    space: int = 0


@attrs.frozen
class PlaceEncounter(Action):
    """Put an encounter card from Dracula's hand face down on a hideout."""

    encounter: str


@attrs.frozen
class Ambush(Action):
    """Dracula reveals the encounter at ``index`` in the hideout against the hunter."""

    index: int


@attrs.frozen
class Mature(Action):
    """The hideout pushed off the trail: ``lair`` turns it into a lair (clearing the lair at
    ``clear`` first when all three are taken, -1 for none); otherwise it matures, with the
    matured effects of its encounters when ``effects`` is set."""

    lair: bool = False
    effects: bool = True
    clear: int = -1


@attrs.frozen
class ChooseHospital(Action):
    """Dracula sends a defeated hunter to one of the equidistant hospitals."""

    hospital: str


@attrs.frozen
class ChooseCombatCard(Action):
    """The round's combat card, chosen face down."""

    card: str


@attrs.frozen
class Engage(Action):
    """Dracula names the engaged hunter (Multiple Hunters in Combat)."""

    hunter: str


@attrs.frozen
class ChooseHunter(Action):
    """Dracula picks a hunter for a card's effect (Claws at night, the kept Szgany
    Bodyguards)."""

    hunter: str


@attrs.frozen
class ChooseHunters(Action):
    """A hunter picks one or more hunters, in seat order, for a card's effect (Holy Circle:
    they leave the combat)."""

    hunters: tuple[str, ...]


@attrs.frozen
class ChooseCard(Action):
    """A card from the Dracula combat deck (Plotting)."""

    card: str


@attrs.frozen
class MoveHunter(Action):
    """Dracula moves a hunter to an adjacent city (Bats)."""

    to: str


@attrs.frozen
class Roadblock(Action):
    """A roadblock token on the road or railway (``kind``) between ``a`` and ``b``: placed, or
    (``remove``) taken away at the end of dusk."""

    kind: str
    a: str
    b: str
    remove: bool = False


@attrs.frozen
class RemoveStorm(Action):
    """The storm token in ``sea`` goes back to the pool at the end of dusk."""

    sea: str


@attrs.frozen
class Reveal(Action):
    """A hunter reveals a card from his hand to meet an encounter (a weapon, Heavenly Host)."""

    card: str


@attrs.frozen
class Keep(Action):
    """Dracula keeps a card: the Dracula event the matured Hoax lets him take from the
    discards."""

    card: str


@attrs.frozen
class Delay(Action):
    """A hunter chooses to become delayed (to join a fight, or to be rid of a vampire)."""

    accept: bool


@attrs.frozen
class AvoidCombat(Action):
    """In a fogged city Dracula may avoid the combat (``avoid``) or fight."""

    avoid: bool


@attrs.frozen
class PlayCard(Action):
    """Play an event or item card from the hand (in its timing window, or as an action)."""

    card: str


@attrs.frozen
class NoCard(Action):
    """Play no card now (a timing window)."""


@attrs.frozen
class ChooseMode(Action):
    """Which of a card's effects to use (its ``modes``; ``ally``: play it as an ally)."""

    mode: str


@attrs.frozen
class ChoosePlace(Action):
    """A place a card's effect names (the city Hired Scouts look at, ...)."""

    place: str


ACTION_TYPES: tuple[type[Action], ...] = (
    Start, Move, Search, Supply, ReserveTicket, Trade, Give, EndTrade, Rest, Pass, Discard,
    MoveTo, PlaceEncounter, Ambush, Mature, ChooseHospital, ChooseCombatCard, Engage,
    ChooseHunter, ChooseCard, MoveHunter, Roadblock, RemoveStorm, Reveal, Delay, Keep,
    AvoidCombat, PlayCard, NoCard, ChooseMode, ChoosePlace, ChooseHunters,
)

PASS = Pass()
SEARCH = Search()
SUPPLY = Supply()
REST = Rest()
END_TRADE = EndTrade()
NO_CARD = NoCard()
