"""The adventures: setting up and their special rules ("The Adventures", "Your Own
Adventures", "Points Value", "Optional Rules: Multiplayer"), and the decisions they ask
for: placing a starting character (:class:`Placing`), buying forces (:class:`Recruiting`),
the secret room and placing the found Van Helsing (:class:`SecretRoom`,
:class:`VanHelsingFound`), the sunrise (:class:`Sunrise`). Who wins is ``victory``'s."""

from __future__ import annotations

from collections.abc import Iterable

import attrs

from gothic_kernel import Action, Scope, event

from . import narration as say
from .actions import ChooseSecretRoom, DoneRecruiting, Place, PlaceVanHelsing, Recruit, SettleMist
from .characters import OFF_BOARD, Figure
from .decisions import Pending, Refusal
from .grid import FACINGS, Board
from .movement import CORNER, RULE_PLACING
from .state import DRState

RULE = "The Adventures"
RULE_POINTS_VALUE = "Points Value"
RULE_OWN_ADVENTURES = "Your Own Adventures"
RULE_RESCUE = "Rescue Van Helsing"
RULE_DESTROY = "Destroy Dracula"
#: Where your own adventure's characters are placed: "on the board" (any free square).
ON_THE_BOARD = "board"


# -- setting up --------------------------------------------------------------------------
def set_up(state: DRState) -> None:
    """Create the forces of an adventure and queue the set-up decisions."""
    adv = state.rules.adventure
    if adv["goal"] == "custom":
        for seat in recruit_order(state):
            state.ask(Recruiting(seat))
        return
    if adv.get("secret_room"):
        state.ask(SecretRoom("vampires"))
    if state.options["own_forces"]:
        for seat in recruit_order(state):  # Points Value: own forces of the same total
            state.ask(Recruiting(seat))
        return
    for side in ("vampires", "hunters"):
        force = adv[side]
        for kind, count in force["forces"].items():
            for _ in range(int(count)):
                card = state.free_card(kind)
                fig = Figure(card, kind, side)
                state.figures[card] = fig
                if force["start"] == "off_board":
                    fig.pos, fig.entrance = OFF_BOARD, force["entrance"]
                else:
                    state.ask(Placing(side, card, force["area"]))
    state.occupancy_changed()


def recruit_order(state: DRState) -> list[str]:
    """The player who did not design the board builds and places first."""
    seats = list(state.seats)
    if not state.options["multiplayer"]:
        designer = state.options["designer"]
        seats.sort(key=lambda s: s == designer)
    return seats


def start_area(state: DRState, seat: str) -> str:
    """Your own adventure: where each seat places its characters, "on the board"; with the
    ``start_areas`` option, the seat's start area of the map."""
    if not state.options["start_areas"]:
        return ON_THE_BOARD
    if state.options["multiplayer"]:
        return f"start_area_{state.seats.index(seat) + 1}"
    return "start_area_1" if seat == "vampires" else "start_area_2"


def area_squares(board: Board, area: str) -> Iterable[int]:
    """The open squares of a labelled area, or of the whole board (``ON_THE_BOARD``)."""
    return board.open_squares if area == ON_THE_BOARD else sorted(board.areas[area])


def finish_recruiting(state: DRState, seat: str) -> None:
    adv = state.rules.adventure
    for kind in state.recruits[seat]:
        card = state.free_card(kind)
        fig = state.figures[card] = Figure(card, kind, seat)
        if adv["goal"] != "custom" and adv[state.side(seat)]["start"] == "off_board":
            fig.pos, fig.entrance = OFF_BOARD, adv[state.side(seat)]["entrance"]
        elif adv["goal"] != "custom":
            state.ask(Placing(seat, card, adv[state.side(seat)]["area"]))
    state.occupancy_changed()
    if adv["goal"] != "custom":
        return
    if not any(isinstance(q, Recruiting) for q in state.queue):  # all bought: place them
        for s in recruit_order(state):
            for fig in [f for f in state.figures.values() if f.seat == s]:
                state.ask(Placing(s, fig.id, start_area(state, s)))


def place_squares(state: DRState, decision: Placing) -> list[int]:
    """Where a starting character may be placed: its area's free squares (one vampire
    per tinted tile in Defile the Coffins)."""
    board = state.rules.board
    area = decision.area
    blocked = state.obstacles()  # solid characters, and closed doors filling a doorway
    squares = [s for s in area_squares(board, area) if not (blocked >> s) & 1]
    side = state.rules.adventure.get(state.side(decision.seat))
    if isinstance(side, dict) and side.get("one_per_tile"):
        # "Place one vampire on each of the tinted tiles"; with your own forces
        # (Points Value) there may be more vampires than tiles: they are spread evenly
        # (ruling), each on a tile holding the fewest so far.
        held = {t: 0 for t in board.area_tiles[area]}
        for f in state.figures.values():
            if f.pos >= 0 and f.seat == decision.seat and board.tile_at(f.pos) in held:
                held[board.tile_at(f.pos)] += 1
        open_tiles = {board.tile_at(s) for s in squares}
        fewest = min((n for t, n in held.items() if t in open_tiles), default=0)
        squares = [s for s in squares if held[board.tile_at(s)] == fewest]
    return squares


def cap(state: DRState, seat: str) -> int:
    """The points value a seat may spend: its side's total in the adventure when playing
    it with your own forces ("Points Value"), else the ``points`` option."""
    adv = state.rules.adventure
    if adv["goal"] != "custom":
        return int(adv[state.side(seat)]["points"])
    # "sets a total points value for the characters on each side" (Your Own Adventures)
    own = int(state.options[f"{state.side(seat).rstrip('s')}_points"])
    return own or int(state.options["points"])


def spent(state: DRState, seat: str) -> int:
    return sum(state.rules.types[k].points for k in state.recruits[seat])


def may_stop_recruiting(state: DRState, seat: str, can_buy: bool) -> bool:
    """Your own adventure: forces total "equal to or less than" the points value.
    A printed adventure with your own forces ("Points Value"): "the same total points
    values as those listed", or as near as the box allows (nothing left fits)."""
    if state.rules.adventure["goal"] == "custom":
        return True
    return spent(state, seat) == cap(state, seat) or not can_buy


def recruitable(state: DRState, seat: str) -> list[str]:
    """Types a seat may still buy: its side's, within the points value, with a free card."""
    side = state.side(seat)
    left = cap(state, seat) - spent(state, seat)
    taken: dict[str, int] = {}
    for s in state.seats:
        for k in state.recruits[s]:
            taken[k] = taken.get(k, 0) + 1
    hidden = "van_helsing" if state.rules.adventure.get("secret_room") else ""
    return [k for k, t in state.rules.types.items()
            if state.rules.side_of[k] == side and t.points <= left
            and taken.get(k, 0) < t.box and k != hidden]


# -- turns -------------------------------------------------------------------------------
def reinforcements(state: DRState) -> None:
    """Cross the Catacombs: from Turn 5 a new She-Wolf enters each turn, if one is free."""
    rule = state.rules.adventure.get("reinforcements")
    if not rule or state.turn < int(rule["from_turn"]):
        return
    card = state.free_card(rule["kind"])
    if not card:
        kind = say.kind_name(rule["kind"], state.rules.data_dir)
        state.events.say("reinforcements", f"Turn {state.turn}: no {kind} is left in the box, "
                         "so none enters.")
        return
    state.figures[card] = Figure(card, rule["kind"], "vampires", OFF_BOARD,
                                 entrance=rule["entrance"])
    name = say.character(card, state.rules.data_dir)
    state.events.say("reinforcements", f"Reinforcements: {name} waits at the vampire "
                     "entrances, to enter the board.", figure=card)
    state.occupancy_changed()


def sunrise(state: DRState) -> None:
    """Destroy Dracula, end of Turn 3: every misted vampire turns solid. The vampire
    player settles them one at a time, in the order it likes (so it chooses which of
    several misted vampires sharing a square stays there)."""
    queue_sunrise(state)
    state.events.say("sunrise", "The sun comes up: the vampires can no longer turn to mist, "
                     "and every misted vampire turns solid.")


def queue_sunrise(state: DRState) -> None:
    """Ask the next player with a misted vampire to settle one (between turns)."""
    for seat in state.seats:
        if any(f.misted and f.seat == seat and f.pos >= 0 for f in state.figures.values()):
            state.ask_first(Sunrise(seat))
            return


def sunrise_squares(state: DRState, fig: Figure) -> list[int]:
    """Where a misted vampire turns solid at sunrise: its own square if no solid
    character (nor a closed door) is there, else the nearest open squares, preferring
    squares where no other misted vampire waits ("Destroy Dracula")."""
    board = state.rules.board
    blocked = state.obstacles()
    if not (blocked >> fig.pos) & 1:
        return [fig.pos]
    free = [s for s in range(board.size) if board.open[s] and not (blocked >> s) & 1]
    misted = {f.pos for f in state.figures.values() if f.misted and f.id != fig.id}
    free = [s for s in free if s not in misted] or free
    if not free:
        return [fig.pos]
    best = min(board.distance(fig.pos, s) for s in free)
    return [s for s in free if board.distance(fig.pos, s) == best]


def found_van_helsing(state: DRState, fig: Figure) -> None:
    """Rescue Van Helsing: "When a hunter enters either room, the vampire player places
    Van Helsing" (in the room recorded before the game, whichever room was entered)."""
    if not state.secret_room or state.van_helsing_found or fig.pos < 0 or not state.is_hunter(fig):
        return
    tile = state.rules.board.tile_at(fig.pos)
    if tile not in state.rules.board.area_tiles[state.rules.adventure["secret_room"]]:
        return
    state.van_helsing_found = True
    state.rooms_entered.append(tile)
    state.ask(VanHelsingFound("vampires", "van_helsing", state.secret_room))
    board = state.rules.board
    state.events.say("found", f"{say.character(fig.id, state.rules.data_dir)} enters "
                     f"{say.tile(board, tile)}: the vampire player reveals that Van Helsing lies "
                     f"in {say.tile(board, state.secret_room)}.", room=state.secret_room,
                     entered=tile, figure=fig.id)


def van_helsing_squares(state: DRState, decision: VanHelsingFound) -> list[int]:
    """Where the vampire player may place the found Van Helsing: a free square of the
    recorded room, or (ruling) if every square there is taken, the nearest free ones."""
    board = state.rules.board
    blocked = state.obstacles()
    room = board.tile_squares(decision.room)
    free = [s for s in room if not (blocked >> s) & 1]
    if free:
        return free
    others = [s for s in range(board.size) if board.open[s] and not (blocked >> s) & 1]
    if not others:
        return []
    near = {s: min(board.distance(s, r) for r in room) for s in others}
    best = min(near.values())
    return [s for s in others if near[s] == best]


def record_secret_room(state: DRState, room: str) -> None:
    state.secret_room = room
    state.events.add(event("secret_room", say.secret_room(state.rules.board, room), room=room),
                     Scope.seat("vampires"), event("secret_room", say.secret_room_public()))


# -- the decisions ----------------------------------------------------------------------------
def _name(state: DRState, card: str) -> str:
    return say.character(card, state.rules.data_dir)


@attrs.frozen
class Placing(Pending):
    """Place a starting character (``figure``) on its side's area (``other``), facing any
    side ("Placing Characters")."""

    KIND = "place"
    RULE = RULE_PLACING
    WHAT = "place a starting character"
    ACTIONS = (Place,)

    @property
    def area(self) -> str:
        return self.other

    def legal_actions(self, state: DRState, seat: str) -> list[Action]:
        board = state.rules.board
        return [Place(self.figure, board.xy(s), f)
                for s in place_squares(state, self) for f in FACINGS]

    def apply(self, state: DRState, seat: str, action: Action) -> None:
        assert isinstance(action, Place)
        state.stack.pop()
        fig = state.figures[action.character]
        fig.pos, fig.facing = state.rules.board.index(*action.square), FACINGS.index(action.facing)
        state.events.say("placed", f"{say.cap(say.player(seat))} places {_name(state, fig.id)} "
                         f"at {say.xy(*action.square)}, facing {say.facing(action.facing)}.",
                         figure=fig.id, square=list(action.square), facing=action.facing)
        state.occupancy_changed()

    def why_not(self, state: DRState, seat: str, action: Action) -> Refusal:
        assert isinstance(action, Place)
        if action.character != self.figure:
            return f"{_name(state, self.figure)} is the character to place now", self.RULE
        if action.facing not in FACINGS:
            return CORNER
        per_tile = state.rules.adventure.get("vampires", {}).get("one_per_tile")
        return (f"{say.xy(*action.square)} is not a free square of the "
                f"{self.area.replace('_', ' ')}"
                + (" (one vampire on each tinted tile)" if per_tile else ""), self.RULE)

    def question(self, state: DRState, seat: str) -> str:
        area = self.area.replace("_", " ")
        area = area if area.startswith("start area") else f"the {area}"
        side = state.rules.adventure.get(state.side(self.seat))
        per_tile = " (one vampire on each tinted tile)" if isinstance(side, dict) \
            and side.get("one_per_tile") else ""
        return (f"place {_name(state, self.figure)} anywhere on {area}{per_tile}, facing any "
                "direction you like.")

    @classmethod
    def label(cls, state: DRState, seat: str, action: Action) -> str:
        assert isinstance(action, Place)
        return (f"place {_name(state, action.character)} at {say.xy(*action.square)}, facing "
                f"{say.facing(action.facing)}")


@attrs.frozen
class Recruiting(Pending):
    """Buy your forces, one character at a time, within the points value ("Points Value";
    "Your Own Adventures")."""

    KIND = "recruit"
    RULE = RULE_POINTS_VALUE
    WHAT = "buy its forces"
    ACTIONS = (Recruit, DoneRecruiting)

    def section(self, state: DRState) -> str:
        return RULE_OWN_ADVENTURES if state.rules.adventure["goal"] == "custom" else self.RULE

    def legal_actions(self, state: DRState, seat: str) -> list[Action]:
        buys: list[Action] = [Recruit(k) for k in recruitable(state, self.seat)]
        if may_stop_recruiting(state, self.seat, bool(buys)):
            buys.append(DoneRecruiting())
        return buys

    def apply(self, state: DRState, seat: str, action: Action) -> None:
        if isinstance(action, Recruit):  # the seat goes on recruiting
            state.recruits[seat].append(action.kind)
            points = state.rules.types[action.kind].points
            kind = say.kind_name(action.kind, state.rules.data_dir)
            kind = kind if state.rules.types[action.kind].box == 1 else f"a {kind}"
            state.events.say("recruit", f"{say.cap(say.player(seat))} recruits {kind} "
                             f"({points} points; {spent(state, seat)} of {cap(state, seat)} "
                             "spent).", seat=seat, character_kind=action.kind)
            return
        state.stack.pop()
        state.events.say("recruited", f"{say.cap(say.players(seat))} forces are complete "
                         f"({spent(state, seat)} points).", seat=seat,
                         forces=list(state.recruits[seat]))
        finish_recruiting(state, seat)

    def why_not(self, state: DRState, seat: str, action: Action) -> Refusal:
        if isinstance(action, DoneRecruiting):
            return (f"the forces must total the {cap(state, seat)} points listed; "
                    f"{spent(state, seat)} spent so far and characters left in the box still "
                    "fit", self.section(state))
        assert isinstance(action, Recruit)
        return (f"a {action.kind.replace('_', ' ')} is not for sale: not of your side, over "
                "the points value, or none left in the box", self.section(state))

    def question(self, state: DRState, seat: str) -> str:
        budget = cap(state, self.seat)
        if state.rules.adventure["goal"] == "custom":
            rule = f"totalling {budget} points or less"
        else:
            rule = f"for the same total points value as the listed forces ({budget})"
        return (f"build your own forces {rule}: recruit a character or finish "
                f"({spent(state, self.seat)} points spent).")

    @classmethod
    def label(cls, state: DRState, seat: str, action: Action) -> str:
        if isinstance(action, Recruit):
            t = state.rules.types.get(action.kind)
            if t is None:
                return f"recruit {action.kind}"
            article = "" if t.box == 1 else "a "
            return f"recruit {article}{t.name} ({say.count(t.points, 'point')})"
        queue = state.queue
        recruiter = queue[0].seat if queue else ""
        if recruiter not in state.seats:
            return "finish recruiting"
        return (f"finish recruiting: your forces are complete ({spent(state, recruiter)} of "
                f"{cap(state, recruiter)} points)")


@attrs.frozen
class SecretRoom(Pending):
    """Rescue Van Helsing: before the game the vampire player secretly records which
    tinted room Van Helsing lies unconscious in."""

    KIND = "secret_room"
    RULE = RULE_RESCUE
    WHAT = "record the room Van Helsing lies in"
    ACTIONS = (ChooseSecretRoom,)

    def legal_actions(self, state: DRState, seat: str) -> list[Action]:
        rooms = state.rules.board.area_tiles[state.rules.adventure["secret_room"]]
        return [ChooseSecretRoom(t) for t in rooms]

    def apply(self, state: DRState, seat: str, action: Action) -> None:
        assert isinstance(action, ChooseSecretRoom)
        state.stack.pop()
        record_secret_room(state, action.room)

    def why_not(self, state: DRState, seat: str, action: Action) -> Refusal:
        assert isinstance(action, ChooseSecretRoom)
        return f"{action.room!r} is not one of the tinted rooms", self.RULE

    def question(self, state: DRState, seat: str) -> str:
        return "secretly record which tinted room Van Helsing lies unconscious in."

    @classmethod
    def label(cls, state: DRState, seat: str, action: Action) -> str:
        assert isinstance(action, ChooseSecretRoom)
        board = state.rules.board
        rooms = board.area_tiles.get(state.rules.adventure.get("secret_room", ""), ())
        name = say.tile(board, action.room)
        if [say.tile(board, r) for r in rooms].count(name) > 1 and \
                action.room in board.tile_names:
            placed = board.spec["tiles"][board.tile_names.index(action.room)]
            name += f" (tile at column {placed['col']}, row {placed['row']})"
        return f"record that Van Helsing lies in {name}"


@attrs.frozen
class VanHelsingFound(Pending):
    """Rescue Van Helsing: a hunter entered a tinted room; the vampire player places Van
    Helsing, unconscious, in the recorded room (``other``)."""

    KIND = "place_van_helsing"
    RULE = RULE_RESCUE
    WHAT = "place Van Helsing in the recorded room"
    ACTIONS = (PlaceVanHelsing,)

    @property
    def room(self) -> str:
        return self.other

    def legal_actions(self, state: DRState, seat: str) -> list[Action]:
        board = state.rules.board
        # "the vampire player places Van Helsing": placing is "facing in any direction you
        # like" (Placing Characters)
        return [PlaceVanHelsing(board.xy(s), f) for s in van_helsing_squares(state, self)
                for f in FACINGS]

    def apply(self, state: DRState, seat: str, action: Action) -> None:
        assert isinstance(action, PlaceVanHelsing)
        state.stack.pop()
        board = state.rules.board
        state.figures["van_helsing"] = Figure("van_helsing", "van_helsing", "hunters",
                                              board.index(*action.square),
                                              FACINGS.index(action.facing), unconscious=True)
        state.no_card.add("van_helsing")
        state.events.say("placed", f"The vampire player places Van Helsing, unconscious, at "
                         f"{say.xy(*action.square)}, facing {say.facing(action.facing)}.",
                         figure="van_helsing", square=list(action.square),
                         facing=action.facing)
        state.occupancy_changed()

    def why_not(self, state: DRState, seat: str, action: Action) -> Refusal:
        assert isinstance(action, PlaceVanHelsing)
        if action.facing not in FACINGS:
            return CORNER
        return (f"Van Helsing must be placed on a free square of "
                f"{say.tile(state.rules.board, self.room)}", self.RULE)

    def question(self, state: DRState, seat: str) -> str:
        return (f"a hunter found Van Helsing: place him, unconscious, in "
                f"{say.tile(state.rules.board, self.room)}, facing any direction you like.")

    @classmethod
    def label(cls, state: DRState, seat: str, action: Action) -> str:
        assert isinstance(action, PlaceVanHelsing)
        return (f"place Van Helsing at {say.xy(*action.square)}, facing "
                f"{say.facing(action.facing)}")


@attrs.frozen
class Sunrise(Pending):
    """Destroy Dracula, end of Turn 3: the seat turns its misted vampires solid one at a
    time, each where and facing as it likes (``sunrise_squares``)."""

    KIND = "sunrise"
    RULE = RULE_DESTROY
    WHAT = "turn its misted vampires solid at sunrise"
    ACTIONS = (SettleMist,)

    def legal_actions(self, state: DRState, seat: str) -> list[Action]:
        board = state.rules.board
        return [SettleMist(fig.id, board.xy(s), f)
                for fig in sorted(state.figures.values(), key=lambda f: f.id)
                if fig.misted and fig.seat == self.seat and fig.pos >= 0
                for s in sunrise_squares(state, fig) for f in FACINGS]

    def apply(self, state: DRState, seat: str, action: Action) -> None:
        assert isinstance(action, SettleMist)
        state.stack.pop()
        fig = state.figures[action.character]
        fig.pos, fig.misted = state.rules.board.index(*action.square), False
        fig.facing = FACINGS.index(action.facing)
        state.events.say("solid", f"{_name(state, fig.id)} turns solid at "
                         f"{say.xy(*action.square)}, facing {say.facing(action.facing)}.",
                         figure=fig.id, square=list(action.square), facing=action.facing)
        state.occupancy_changed()
        queue_sunrise(state)

    def why_not(self, state: DRState, seat: str, action: Action) -> Refusal:
        return ("a misted vampire turns solid on its own square, or on one of the nearest "
                "open squares if a solid character is there", self.RULE)

    def question(self, state: DRState, seat: str) -> str:
        misted = sum(1 for f in state.figures.values() if f.misted and f.seat == self.seat)
        return (f"the sun comes up: turn your misted vampires solid one at a time "
                f"({misted} still mist); choose where and which way the next one faces.")

    @classmethod
    def label(cls, state: DRState, seat: str, action: Action) -> str:
        assert isinstance(action, SettleMist)
        return (f"turn {_name(state, action.character)} solid at {say.xy(*action.square)}, "
                f"facing {say.facing(action.facing)}")
