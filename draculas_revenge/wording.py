"""What a seat is asked, and its choices labelled, in the rulebook's words.

:func:`prompt` is one sentence for the seat that must act now ("Vampires: play an
Action Card or pass (3 in your hand; 2 cards in the Action Timeline).", "Hunters: Van
Helsing has 3 Action Points left (and you 7 Reaction Points); choose his action or end
his move."); :func:`describe` labels one of its actions ("move Van Helsing north to (4,
5), facing east", "play She-wolf A's Action Card", "shoot Nosferatu A with Crossbow 1's
crossbow"). Both use only what that seat may know: its own hand and Reaction Points, the
board and the public log; never the other players' cards, dice or the secret room.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from gothic_kernel import Action

from . import narration as say
from .actions import (
    COST_OF,
    ChooseSecretRoom,
    CloseAttack,
    CloseDoor,
    Decline,
    Defile,
    DoneRecruiting,
    EndMove,
    Enter,
    FaceAttacker,
    Feed,
    Leave,
    Mesmerize,
    Move,
    OpenDoor,
    Pass,
    Place,
    PlaceVanHelsing,
    PlayCard,
    RangedAttack,
    Recruit,
    SettleMist,
    Turn,
    TurnSolid,
    TurnToMist,
    Wake,
)
from .characters import OFF_BOARD
from .state import DRState

#: How the rulebook speaks of its characters ("She can also fire", "his name").
_PRONOUNS = {"she_wolf": "her", "vampiress": "her", "dracula": "his", "van_helsing": "his"}


def seat_name(seat: str) -> str:
    """"Vampires", "Hunters"; with the Multiplayer rule "Player 2 (Hunters)"."""
    side, _, number = seat.partition("_")
    return f"Player {number} ({side.title()})" if number else side.title()


def _name(st: DRState, card: str) -> str:
    return say.character(card, st.rules.data_dir)


def _his(st: DRState, card: str) -> str:
    fig = st.figures.get(card)
    kind = fig.born if fig is not None else st.rules.kind_of_card.get(card, "")
    return _PRONOUNS.get(kind, "its")


def _points(n: int, what: str) -> str:
    return f"{n} {what}{'' if n == 1 else 's'}"


# -- prompts -------------------------------------------------------------------------------
def prompt(st: DRState, seat: str) -> str:
    """What ``seat`` (one of the seats to act) is asked now."""
    if st.queue:
        text = _DECISION_PROMPTS[st.queue[0]["kind"]](st, st.queue[0])
    elif st.phase == "timeline":
        text = _timeline_prompt(st, seat)
    elif st.windows:
        text = _reaction_prompt(st, seat)
    else:
        text = _move_prompt(st, seat)
    return f"{seat_name(seat)}: {text}"


def _timeline_prompt(st: DRState, seat: str) -> str:
    hand = len(st.hands[seat])
    if st.tl_forced:
        everyone = "both players" if len(st.seats) == 2 else "every player"
        return (f"{everyone} passed with the Action Timeline empty, so you must play an "
                f"Action Card ({hand} in your hand).")
    line = len(st.timeline)
    return (f"play an Action Card or pass ({hand} in your hand; "
            f"{_points(line, 'card')} in the Action Timeline).")


def _reaction_left(st: DRState, seat: str) -> str:
    if not st.options["reaction_dice"]:
        return ""
    return f"{_points(st.rp_left(seat), 'Reaction Point')} left"


def _reaction_prompt(st: DRState, seat: str) -> str:
    last = _last_action(st)
    if st.rp_left(seat) <= 0:
        return f"{last}; you have no Reaction Points left to react with, so decline."
    return (f"{last}; react with one character that saw it or was affected (you have "
            f"{_reaction_left(st, seat)}), or decline.")


def _last_action(st: DRState) -> str:
    """The last character action, as the public log told it (without its full stop)."""
    for entry in reversed(list(st.events)):
        if entry.event.get("kind") == "action" and entry.scope.kind == "public":
            return str(entry.event["text"]).rstrip(".")
    return f"{_name(st, st.witness[0])} has acted"


def _move_prompt(st: DRState, seat: str) -> str:
    fig = st.figures.get(st.active)
    name = _name(st, st.active)
    if fig is None or st.move_over or fig.seat != seat:
        return (f"{name}'s move is over; react with a character that may, or announce the "
                "end of the move.")
    if fig.unconscious:
        return (f"{name} lies unconscious and cannot act; announce the end of "
                f"{_his(st, fig.id)} move.")
    left = _reaction_left(st, seat)
    points = _points(st.ap_left, "Action Point") + " left" + \
        (f" (you have {left.removesuffix(' left')})" if left else "")
    his = _his(st, fig.id)
    if fig.pos == OFF_BOARD:
        return (f"{name} has {points} and must enter the board on {his} first move; choose "
                f"{his} action.")
    return f"{name} has {points}; choose {his} action or end {his} move."


def _place_prompt(st: DRState, d: dict[str, str]) -> str:
    area = d["other"].replace("_", " ")
    area = area if area.startswith("start area") else f"the {area}"
    side = st.rules.adventure.get(st.side(d["seat"]))
    per_tile = " (one vampire on each tinted tile)" if isinstance(side, dict) \
        and side.get("one_per_tile") else ""
    return (f"place {_name(st, d['figure'])} anywhere on {area}{per_tile}, facing any "
            "direction you like.")


def _recruit_prompt(st: DRState, d: dict[str, str]) -> str:
    from .adventures import cap, spent
    seat = d["seat"]
    budget = cap(st, seat)
    if st.rules.adventure["goal"] == "custom":
        rule = f"totalling {budget} points or less"
    else:
        rule = f"for the same total points value as the listed forces ({budget})"
    return (f"build your own forces {rule}: recruit a character or finish "
            f"({spent(st, seat)} points spent).")


def _secret_room_prompt(st: DRState, d: dict[str, str]) -> str:
    return "secretly record which tinted room Van Helsing lies unconscious in."


def _van_helsing_prompt(st: DRState, d: dict[str, str]) -> str:
    room = say.tile(st.rules.board, d["other"])
    return f"a hunter found Van Helsing: place him, unconscious, in {room}."


def _face_prompt(st: DRState, d: dict[str, str]) -> str:
    return (f"{_name(st, d['figure'])} may turn to face {_name(st, d['other'])} for free "
            "(no points, not an action).")


def _feed_prompt(st: DRState, d: dict[str, str]) -> str:
    fig = st.figures.get(d["figure"])
    name = _name(st, d["figure"])
    if fig is None:
        return f"{name} is gone and cannot feed."
    stronger = st.ctype(fig).feeds_into or ""
    return (f"{name} killed a hunter with a close attack and may feed, becoming a "
            f"{say.kind_name(stronger, st.rules.data_dir)} ({_his(st, fig.id)} move is then "
            "over).")


def _sunrise_prompt(st: DRState, d: dict[str, str]) -> str:
    misted = sum(1 for f in st.figures.values() if f.misted and f.seat == d["seat"])
    return (f"the sun comes up: turn your misted vampires solid one at a time "
            f"({misted} still mist); choose where and which way the next one faces.")


_DECISION_PROMPTS: dict[str, Callable[[DRState, dict[str, str]], str]] = {
    "place": _place_prompt, "recruit": _recruit_prompt, "secret_room": _secret_room_prompt,
    "place_van_helsing": _van_helsing_prompt, "face": _face_prompt, "feed": _feed_prompt,
    "sunrise": _sunrise_prompt,
}


# -- labels ----------------------------------------------------------------------------------
def describe(st: DRState, seat: str, action: Action) -> str:
    """A short label of ``action`` for the player of ``seat``."""
    label = _label(st, action)
    character = getattr(action, "character", None)
    if isinstance(character, str) and type(action) in COST_OF and not st.queue:
        label += _paid_with(st, seat, character, type(action))
    return label


def _paid_with(st: DRState, seat: str, character: str, kind: type) -> str:
    """" [reaction, 2 Reaction Points]" where the action costs Reaction Points."""
    cost = st.rules.cost(COST_OF[kind])
    fig = st.figures.get(character)
    if fig is not None and st.is_active(fig):
        extra = max(0, cost - st.ap_left)
        return f" [{_points(extra, 'Reaction Point')}]" if extra else ""
    return f" [reaction, {_points(cost, 'Reaction Point')}]"


def _label(st: DRState, action: Action) -> str:
    for kind, label in _LABELS.items():
        if isinstance(action, kind):
            return label(st, action)
    return type(action).__name__


def _move(st: DRState, a: Any) -> str:
    fig = st.figures.get(a.character)
    name = _name(st, a.character)
    to = ""
    if fig is not None and fig.pos >= 0:
        from .board import DIRECTIONS
        square = st.rules.board.step(fig.pos, DIRECTIONS.index(a.direction)) \
            if a.direction in DIRECTIONS else -1
        to = f" to {say.square(st.rules.board, square)}" if square >= 0 else ""
    if fig is not None and fig.misted:
        return f"move {name} (mist) {say.direction(a.direction)}{to}"
    return f"move {name} {say.direction(a.direction)}{to}, facing {say.facing(a.facing)}"


def _door(st: DRState, a: Any, verb: str) -> str:
    from .movement import door_in_front
    fig = st.figures.get(a.character)
    door = door_in_front(st, fig) if fig is not None and fig.pos >= 0 else ""
    where = f" at {say.square(st.rules.board, st.rules.board.doors[door][0])}" if door else ""
    return f"{verb} the door{where} in front of {_name(st, a.character)}"


def _close_attack(st: DRState, a: Any) -> str:
    if a.save:
        return (f"save {_name(st, a.target)} (a minion) with {_name(st, a.character)}'s "
                "crucifix (close attack)")
    return f"attack {_name(st, a.target)} with {_name(st, a.character)} (close attack)"


def _face(st: DRState, a: Any) -> str:
    name = _name(st, a.character)
    if not a.facing:
        fig = st.figures.get(a.character)
        now = f" facing {say.facing(fig.facing)}" if fig is not None else " as it stands"
        return f"keep {name}{now}"
    return f"turn {name} to face {say.facing(a.facing)}"


def _feed(st: DRState, a: Any) -> str:
    if not a.feed:
        return "do not feed"
    d = st.queue[0] if st.queue and st.queue[0]["kind"] == "feed" else None
    fig = st.figures.get(d["figure"]) if d else None
    if fig is None:
        return "feed"
    stronger = say.kind_name(st.ctype(fig).feeds_into or "", st.rules.data_dir)
    return f"feed: {_name(st, fig.id)} becomes a {stronger}"


def _recruit(st: DRState, a: Any) -> str:
    t = st.rules.types.get(a.kind)
    if t is None:
        return f"recruit {a.kind}"
    article = "" if t.box == 1 else "a "
    return f"recruit {article}{t.name} ({_points(t.points, 'point')})"


def _done(st: DRState, a: Any) -> str:
    from .adventures import cap, spent
    seat = st.queue[0]["seat"] if st.queue else ""
    if seat not in st.seats:
        return "finish recruiting"
    return f"finish recruiting: your forces are complete ({spent(st, seat)} of " \
        f"{cap(st, seat)} points)"


def _room(st: DRState, a: Any) -> str:
    board = st.rules.board
    rooms = board.area_tiles.get(st.rules.adventure.get("secret_room", ""), ())
    name = say.tile(board, a.room)
    if [say.tile(board, r) for r in rooms].count(name) > 1 and a.room in board.tile_names:
        placed = board.spec["tiles"][board.tile_names.index(a.room)]
        name += f" (tile at column {placed['col']}, row {placed['row']})"
    return f"record that Van Helsing lies in {name}"


_LABELS: dict[type, Callable[[DRState, Any], str]] = {
    PlayCard: lambda st, a: f"play {_name(st, a.card)}'s Action Card",
    Pass: lambda st, a: "pass",
    Move: _move,
    Turn: lambda st, a: f"turn {_name(st, a.character)} in place to face "
                        f"{say.facing(a.facing)}",
    Enter: lambda st, a: f"bring {_name(st, a.character)} on to the board at "
                         f"{say.xy(*a.square)}, facing {say.facing(a.facing)}",
    Leave: lambda st, a: f"move {_name(st, a.character)} off the board",
    TurnToMist: lambda st, a: f"turn {_name(st, a.character)} to mist",
    TurnSolid: lambda st, a: f"turn {_name(st, a.character)} solid, facing "
                             f"{say.facing(a.facing)}",
    OpenDoor: lambda st, a: _door(st, a, "open"),
    CloseDoor: lambda st, a: _door(st, a, "close"),
    CloseAttack: _close_attack,
    RangedAttack: lambda st, a: f"shoot {_name(st, a.target)} with "
                                f"{_name(st, a.character)}'s crossbow (ranged attack)",
    Mesmerize: lambda st, a: f"mesmerize {_name(st, a.target)} with {_name(st, a.character)}",
    Defile: lambda st, a: f"defile the coffins here with {_name(st, a.character)}",
    Wake: lambda st, a: f"wake Van Helsing with {_name(st, a.character)}",
    EndMove: lambda st, a: f"end {_name(st, st.active)}'s move" if st.active else "end the move",
    Decline: lambda st, a: "decline: do not react",
    FaceAttacker: _face,
    Feed: _feed,
    Place: lambda st, a: f"place {_name(st, a.character)} at {say.xy(*a.square)}, facing "
                         f"{say.facing(a.facing)}",
    ChooseSecretRoom: _room,
    PlaceVanHelsing: lambda st, a: f"place Van Helsing at {say.xy(*a.square)}",
    SettleMist: lambda st, a: f"turn {_name(st, a.character)} solid at {say.xy(*a.square)}, "
                              f"facing {say.facing(a.facing)}",
    Recruit: _recruit,
    DoneRecruiting: _done,
}


__all__ = ["describe", "prompt", "seat_name"]
