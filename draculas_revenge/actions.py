"""The actions of Dracula's Revenge, as frozen attrs classes with a stable JSON form.

Character actions name the acting figure; whether it is the active character or
an inactive one reacting with Reaction Points follows from the state. Squares are
``(x, y)``; facings are ``n e s w``; directions ``n ne e se s sw w nw``.
"""

from __future__ import annotations

import attrs

from gothic_kernel import Action


# -- the Action Timeline ("Action Cards") ----------------------------------------------------
@attrs.frozen
class PlayCard(Action):
    """Play one of your Action Cards face down at the end of the Action Timeline."""

    card: str


@attrs.frozen
class Pass(Action):
    """Pass instead of playing an Action Card."""


# -- a character's actions ("Action Table") ---------------------------------------------------
@attrs.frozen(cache_hash=True)
class Move(Action):
    """Move one square in a direction, then face any side for free (Move and turn: 1)."""

    character: str
    direction: str
    facing: str


@attrs.frozen(cache_hash=True)
class Turn(Action):
    """Turn in place to face another side (1)."""

    character: str
    facing: str


@attrs.frozen
class Enter(Action):
    """Move on to the board from an entrance corridor (1)."""

    character: str
    square: tuple[int, int]
    facing: str


@attrs.frozen
class Leave(Action):
    """Move off the board through an exit corridor, where the briefing allows it (1)."""

    character: str


@attrs.frozen
class TurnToMist(Action):
    """A vampire turns to mist (4)."""

    character: str


@attrs.frozen
class TurnSolid(Action):
    """A misted vampire becomes solid, facing any side (4)."""

    character: str
    facing: str


@attrs.frozen
class OpenDoor(Action):
    """Open the door directly in front (1)."""

    character: str


@attrs.frozen
class CloseDoor(Action):
    """Close the open door directly in front (1)."""

    character: str


@attrs.frozen
class CloseAttack(Action):
    """Attack a target in the three squares in front (1). ``save``: a crucifix holder
    attacking a minion tries to save it rather than kill it ("Saving Minions")."""

    character: str
    target: str
    save: bool = False


@attrs.frozen
class RangedAttack(Action):
    """Shoot a crossbow at a target 2 to 6 squares away in the arc of effect (2)."""

    character: str
    target: str


@attrs.frozen
class Mesmerize(Action):
    """Try to turn a hunter into a minion: a ranged attack (2)."""

    character: str
    target: str


@attrs.frozen
class Defile(Action):
    """Defile the coffins of the tinted tile the hunter stands on (3)."""

    character: str


@attrs.frozen
class Wake(Action):
    """Wake the unconscious Van Helsing standing in front (3)."""

    character: str


@attrs.frozen
class EndMove(Action):
    """Announce that the active character's move is over."""


@attrs.frozen
class Decline(Action):
    """Let the chance to react go by."""


# -- decisions outside a move -------------------------------------------------------------------
@attrs.frozen
class FaceAttacker(Action):
    """Turn for free to face the attacker (or savior); ``facing`` "" keeps the facing."""

    character: str
    facing: str


@attrs.frozen
class Feed(Action):
    """After a kill with a close attack: feed and become the next vampire type, or not."""

    feed: bool


@attrs.frozen
class Place(Action):
    """Place a starting character on its area, facing any side ("Placing Characters")."""

    character: str
    square: tuple[int, int]
    facing: str


@attrs.frozen
class ChooseSecretRoom(Action):
    """Rescue Van Helsing: secretly record the tinted room Van Helsing lies in."""

    room: str


@attrs.frozen
class PlaceVanHelsing(Action):
    """Rescue Van Helsing: a hunter entered a tinted room; the vampire player places him in
    the recorded one, facing any side ("Placing Characters"). A record written before the
    facing was chosen has none and reads as north, as he was placed then."""

    square: tuple[int, int]
    facing: str = "n"


@attrs.frozen
class SettleMist(Action):
    """Sunrise: a misted vampire turns solid on a square (the nearest open one if
    shared), facing any side ("Destroy Dracula")."""

    character: str
    square: tuple[int, int]
    facing: str


@attrs.frozen
class Recruit(Action):
    """Your own adventure: buy a character within the points value."""

    kind: str


@attrs.frozen
class DoneRecruiting(Action):
    """Your own adventure: your forces are complete."""


ACTION_TYPES: tuple[type[Action], ...] = (
    PlayCard, Pass, Move, Turn, Enter, Leave, TurnToMist, TurnSolid, OpenDoor, CloseDoor,
    CloseAttack, RangedAttack, Mesmerize, Defile, Wake, EndMove, Decline, FaceAttacker, Feed,
    Place, ChooseSecretRoom, PlaceVanHelsing, SettleMist, Recruit, DoneRecruiting,
)

#: The Action Table's row each character action pays for ("Action Points"; mesmerizing
#: is a ranged attack, defiling and waking are the adventures' own costs).
COST_OF: dict[type[Action], str] = {
    Move: "move", Turn: "turn", Enter: "enter", Leave: "leave", TurnToMist: "mist",
    TurnSolid: "mist", OpenDoor: "door", CloseDoor: "door", CloseAttack: "close_attack",
    RangedAttack: "ranged_attack", Mesmerize: "ranged_attack", Defile: "defile", Wake: "wake",
}
