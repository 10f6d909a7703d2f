"""The flow of play: who acts, what they may do, and what doing it changes
("Sequence of Play", "Action Points", "Reaction Points", "Active Characters").

A turn: roll the Reaction Dice (secretly), build the Action Timeline and activate
characters in order, then show the Reaction Dice.
"""

from __future__ import annotations

from typing import Any

from gothic_kernel import Action, IllegalAction, Scope, event

from . import adventures, combat, movement, reactions, timeline
from .actions import (
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
from .board import FACINGS
from .characters import GONE, OFF_BOARD, Figure
from .sight import facings_toward
from .state import DRState

RULE_SEQUENCE = "Sequence of Play"
RULE_AP = "Action Points"

_COST = {Move: "move", Turn: "turn", Enter: "enter", Leave: "leave", TurnToMist: "mist",
         TurnSolid: "mist", OpenDoor: "door", CloseDoor: "door", CloseAttack: "close_attack",
         RangedAttack: "ranged_attack", Mesmerize: "ranged_attack", Defile: "defile",
         Wake: "wake"}


# -- who acts ----------------------------------------------------------------------------
def current_seats(st: DRState) -> tuple[str, ...]:
    if st.result is not None:
        return ()
    if st.queue:
        return (st.queue[0]["seat"],)
    if st.phase == "timeline":
        return (st.seats[st.tl_seat],)
    if st.phase == "activation":
        return (st.windows[0],) if st.windows else (st.active_seat,)
    return ()


# -- what they may do --------------------------------------------------------------------
def figure_actions(st: DRState, fig: Figure, budget: int) -> list[Action]:
    """Every action ``fig`` could pay for with ``budget`` points."""
    if fig.unconscious:
        return []
    if fig.pos == OFF_BOARD:
        return movement.enter_actions(st, fig, budget)
    out = movement.move_actions(st, fig, budget)
    out += movement.leave_actions(st, fig, budget)
    out += movement.door_actions(st, fig, budget)
    out += movement.mist_actions(st, fig, budget)
    out += combat.close_attack_actions(st, fig, budget)
    out += combat.ranged_attack_actions(st, fig, budget)
    out += combat.special_actions(st, fig, budget)
    return out


def reaction_actions(st: DRState, seat: str) -> list[Action]:
    budget = st.rp_left(seat)
    out: list[Action] = []
    if budget <= 0:
        return out
    for fig in reactions.reactors(st, seat):
        out += figure_actions(st, fig, budget)
    return out


def legal_actions(st: DRState, seat: str) -> list[Action]:
    if seat not in current_seats(st):
        return []
    if st.queue:
        return decision_actions(st, st.queue[0])
    if st.phase == "timeline":
        cards: list[Action] = [PlayCard(c) for c in sorted(st.hands[seat])]
        return cards if st.tl_forced else [*cards, Pass()]
    if st.windows:
        return [*reaction_actions(st, seat), Decline()]
    out: list[Action] = []
    active = st.figures.get(st.active)
    must_enter = False
    if active is not None and not st.move_over:
        mine = figure_actions(st, active, st.ap_left + st.rp_left(seat))
        must_enter = active.pos == OFF_BOARD and bool(mine)  # "must enter on their first move"
        out += mine
    out += reaction_actions(st, seat)
    if not must_enter:
        out.append(EndMove())
    return out


def decision_actions(st: DRState, d: dict[str, Any]) -> list[Action]:
    kind = d["kind"]
    board = st.rules.board
    if kind == "place":
        return [Place(d["figure"], board.xy(s), f)
                for s in adventures.place_squares(st, d) for f in FACINGS]
    if kind == "recruit":
        return [*(Recruit(k) for k in adventures.recruitable(st, d["seat"])), DoneRecruiting()]
    if kind == "secret_room":
        return [ChooseSecretRoom(t) for t in board.area_tiles[st.rules.adventure["secret_room"]]]
    if kind == "place_van_helsing":
        solid = st.solid_at()
        return [PlaceVanHelsing(board.xy(s)) for s in board.tile_squares(d["other"])
                if s not in solid]
    if kind == "face":
        fig, other = st.figures[d["figure"]], st.figures.get(d["other"])
        if other is None or other.pos < 0:
            return [FaceAttacker(fig.id, "")]
        turns: list[Action] = [FaceAttacker(fig.id, FACINGS[f])
                                for f in facings_toward(board, fig.pos, other.pos)
                                if f != fig.facing]
        return [*turns, FaceAttacker(fig.id, "")]
    if kind == "feed":
        return [Feed(True), Feed(False)]
    if kind == "sunrise":
        fig = st.figures[d["figure"]]
        return [SettleMist(fig.id, board.xy(s), f)
                for s in adventures.sunrise_squares(st, fig) for f in FACINGS]
    raise AssertionError(kind)


# -- doing it ----------------------------------------------------------------------------
def apply(st: DRState, seat: str, action: Action) -> None:
    if action not in st.legal_set(seat):
        raise IllegalAction(why_illegal(st, seat, action), rule=rule_for(st, action))
    if st.queue:
        decide(st, seat, action)
    elif isinstance(action, (PlayCard, Pass)):
        if isinstance(action, PlayCard):
            timeline.play(st, seat, action.card)
        else:
            timeline.pass_(st, seat)
    elif isinstance(action, EndMove):
        end_move(st)
    elif isinstance(action, Decline):
        st.events.say("decline", f"{seat} does not react", seat=seat)
        st.windows.pop(0)
    else:
        act(st, seat, action)
    proceed(st)


def rule_for(st: DRState, action: Action) -> str:
    if isinstance(action, (PlayCard, Pass)):
        return timeline.RULE
    if isinstance(action, (Move, Turn, Enter, Leave)):
        return movement.RULE_MOVING
    if isinstance(action, (TurnToMist, TurnSolid)):
        return movement.RULE_MIST
    if isinstance(action, (OpenDoor, CloseDoor)):
        return movement.RULE_DOORS
    if isinstance(action, CloseAttack):
        return combat.RULE_CLOSE
    if isinstance(action, RangedAttack):
        return combat.RULE_RANGED
    if isinstance(action, Mesmerize):
        return combat.RULE_MESMERIZE
    if isinstance(action, Decline):
        return reactions.RULE_TRADING
    return RULE_SEQUENCE


def why_illegal(st: DRState, seat: str, action: Action) -> str:
    """A message naming the problem, using only what ``seat`` may know."""
    what = action.to_json()
    if st.queue:
        return f"{seat} must first decide: {st.queue[0]['kind'].replace('_', ' ')}"
    if st.phase == "timeline" and not isinstance(action, (PlayCard, Pass)):
        return f"{seat} must play an Action Card or pass now, not {what['type']}"
    if isinstance(action, PlayCard):
        if action.card not in st.hands[seat]:
            return f"{seat} holds no Action Card {action.card!r}"
        return f"{seat} may not play a card now"
    if isinstance(action, Pass) and st.tl_forced:
        return f"{seat} must play a card: every player passed and the timeline is empty"
    name = getattr(action, "character", "")
    if name:
        fig = st.figures.get(name)
        if fig is None:
            return f"there is no character {name!r} in play"
        if fig.seat != seat:
            return f"{seat} does not control {name}"
        if name != st.active and not st.options["reaction_dice"]:
            return f"{name} is not the active character (no Reaction Dice are used)"
        if name != st.active:
            return (f"{name} cannot react now: it must see the last action, be affected "
                    "by it or see a character affected, it must not react twice in a row, "
                    "and the Reaction Points must cover it")
        return f"{name} cannot {what['type'].replace('_', ' ')} {_detail(action)}now " \
               f"(blocked, out of reach or not enough points)"
    return f"{what['type']} is not possible now"


def _detail(action: Action) -> str:
    data = action.to_json()
    rest = [f"{k}={v}" for k, v in data.items() if k not in ("type", "character")]
    return f"({', '.join(rest)}) " if rest else ""


def pay(st: DRState, seat: str, fig: Figure, cost: int) -> int:
    """Pay ``cost``: the active character's Action Points first, then Reaction Points.
    Returns the Reaction Points spent."""
    from_ap = min(st.ap_left, cost) if fig.id == st.active else 0
    st.ap_left -= from_ap
    from_rp = cost - from_ap
    if from_rp:
        st.rp_spent[seat] += from_rp
    return from_rp


def act(st: DRState, seat: str, action: Action) -> None:
    """A character's action, by the active character or a reacting one."""
    fig = st.figures[action.character]  # type: ignore[attr-defined]
    origin = fig.pos
    reacting = fig.id != st.active
    cost = st.rules.cost(_COST[type(action)])
    rp = pay(st, seat, fig, cost)
    if reacting:
        st.last_reactor = seat
    else:
        st.last_reactor = ""
    target_id, target_pos = "", -1
    text = f"{fig.id} {'reacts: ' if reacting else ''}"
    if isinstance(action, Move):
        movement.do_move(st, fig, action)
        text += f"moves {action.direction} to {list(st.rules.board.xy(fig.pos))}, " \
                f"facing {action.facing}"
    elif isinstance(action, Turn):
        movement.do_turn(st, fig, action.facing)
        text += f"turns to face {action.facing}"
    elif isinstance(action, Enter):
        movement.do_enter(st, fig, action)
        text += f"enters the board at {list(action.square)}, facing {action.facing}"
    elif isinstance(action, Leave):
        text += f"leaves the board from {list(st.rules.board.xy(fig.pos))}"
        movement.do_leave(st, fig)
        if fig.id == st.active:
            st.move_over = True
    elif isinstance(action, (OpenDoor, CloseDoor)):
        opening = isinstance(action, OpenDoor)
        movement.do_door(st, fig, opening)
        text += "opens the door" if opening else "closes the door"
    elif isinstance(action, (TurnToMist, TurnSolid)):
        movement.do_mist(st, fig, action)
        text += "turns to mist" if isinstance(action, TurnToMist) else \
            f"becomes solid, facing {action.facing}"
    elif isinstance(action, (CloseAttack, RangedAttack, Mesmerize)):
        target = st.figures[action.target]
        target_id, target_pos = target.id, target.pos
        text += f"attacks {target.id}"
        st.events.say("action", text, figure=fig.id, seat=seat, cost=cost, reaction_points=rp)
        combat.attack(st, fig, action, reacting=rp > 0)
        text = ""
    elif isinstance(action, Defile):
        tile = st.rules.board.tile_at(fig.pos)
        st.defiled.append(tile)
        text += f"defiles the coffins of the {tile} ({len(st.defiled)} defiled)"
    elif isinstance(action, Wake):
        st.figures["van_helsing"].unconscious = False
        target_id = "van_helsing"
        target_pos = st.figures["van_helsing"].pos
        text += "wakes Van Helsing"
    if text:
        st.events.say("action", text, figure=fig.id, seat=seat, cost=cost, reaction_points=rp)
    if isinstance(action, (Move, Enter)) and fig.id in st.figures:
        adventures.found_van_helsing(st, fig)
    where = fig.pos if fig.id in st.figures and fig.pos >= 0 else origin
    st.witness = (fig.id, where, target_id, target_pos)
    reactions.open_windows(st, seat)


def end_move(st: DRState) -> None:
    owner = st.active_seat
    st.events.say("end_move", f"{st.active}'s move is over", figure=st.active, seat=owner)
    st.active, st.active_seat, st.ap_left, st.move_over = "", "", 0, False
    st.windows, st.last_reactor = [], ""
    st.witness = ("", -1, "", -1)
    timeline.after_move(st, owner)


def decide(st: DRState, seat: str, action: Action) -> None:
    d = st.queue.pop(0)
    board = st.rules.board
    if isinstance(action, Place):
        fig = st.figures[action.character]
        fig.pos, fig.facing = board.index(*action.square), FACINGS.index(action.facing)
        st.events.say("placed", f"{fig.id} is placed at {list(action.square)}, facing "
                      f"{action.facing}", figure=fig.id)
    elif isinstance(action, Recruit):
        st.recruits[seat].append(action.kind)
        st.queue.insert(0, d)
        st.events.say("recruit", f"{seat} recruits a {action.kind}", seat=seat,
                      character_kind=action.kind)
    elif isinstance(action, DoneRecruiting):
        st.events.say("recruited", f"{seat}'s forces are complete", seat=seat,
                      forces=list(st.recruits[seat]))
        adventures.finish_recruiting(st, seat)
    elif isinstance(action, ChooseSecretRoom):
        adventures.record_secret_room(st, action.room)
    elif isinstance(action, PlaceVanHelsing):
        vh = Figure("van_helsing", "van_helsing", "hunters", board.index(*action.square), 0,
                    unconscious=True)
        st.figures["van_helsing"] = vh
        st.no_card.add("van_helsing")
        st.events.say("placed", f"Van Helsing lies unconscious at {list(action.square)}",
                      figure="van_helsing")
    elif isinstance(action, FaceAttacker):
        if action.facing:
            st.figures[action.character].facing = FACINGS.index(action.facing)
            st.events.say("face", f"{action.character} turns to face {d['other']}",
                          figure=action.character)
    elif isinstance(action, Feed):
        if action.feed and d["figure"] in st.figures:
            combat.feed(st, st.figures[d["figure"]])
    elif isinstance(action, SettleMist):
        fig = st.figures[action.character]
        fig.pos, fig.misted = board.index(*action.square), False
        fig.facing = FACINGS.index(action.facing)
        st.events.say("solid", f"{fig.id} turns solid at {list(action.square)}", figure=fig.id)
    st.changed()


# -- moving the game on ------------------------------------------------------------------
def proceed(st: DRState) -> None:
    """Carry the game on to the next decision."""
    while True:
        if st.result is None and st.phase != "setup":
            st.result = adventures.check_victory(st)
            if st.result is not None:
                finish(st)
        if st.result is not None or st.queue:
            st.changed()
            return
        if st.phase == "setup" or st.phase == "between":
            start_turn(st)
            continue
        if st.phase == "activation":
            st.changed()
            reactions.settle_windows(st)
            return
        step = timeline.advance(st)
        if step == "decide":
            st.changed()
            return
        if step == "flip":
            flip(st)
            continue
        end_turn(st)


def flip(st: DRState) -> None:
    play, owner, card = st.timeline.pop()
    if timeline.can_activate(st, owner, card):
        fig = st.figures[card]
        st.active, st.active_seat, st.move_over = card, owner, False
        st.ap_left = st.rules.types[fig.kind].ap
        st.activations += 1
        st.witness, st.windows, st.last_reactor = ("", -1, "", -1), [], ""
        st.phase = "activation"
        st.events.say("activate", f"{owner}'s card {card} is turned over: {card} is active",
                      seat=owner, card=card, play=play)
    else:
        st.events.say("discard", f"{owner}'s card {card} is turned over and discarded",
                      seat=owner, card=card, play=play)
        timeline.after_move(st, owner)


def start_turn(st: DRState) -> None:
    st.turn += 1
    st.no_card = set()
    st.events.say("turn", f"turn {st.turn} begins", turn=st.turn)
    adventures.reinforcements(st)
    for seat in st.seats:
        st.rp_spent[seat] = 0
        st.rp_die[seat] = st.dice.d6() if st.options["reaction_dice"] else 0
        if st.options["reaction_dice"]:
            st.events.add(event("reaction_die", f"{seat} rolls {st.rp_die[seat]} on the "
                                f"Reaction Die ({st.reaction_points(seat)} Reaction Points)",
                                seat=seat, turn=st.turn, die=st.rp_die[seat]),
                          Scope.seat(seat),
                          event("reaction_die", f"{seat} rolls the Reaction Die in secret",
                                seat=seat, turn=st.turn))
    for seat in st.seats:
        st.hands[seat] = sorted(f.id for f in st.figures.values()
                                if f.seat == seat and f.id not in st.exited)
    timeline.start(st)


def end_turn(st: DRState) -> None:
    if st.options["reaction_dice"]:
        st.events.say("reaction_dice_shown", "Reaction Dice shown: " + ", ".join(
            f"{s} {st.rp_die[s]} ({st.rp_spent[s]} of {st.reaction_points(s)} spent)"
            for s in st.seats), turn=st.turn, dice=dict(st.rp_die), spent=dict(st.rp_spent))
    st.events.say("end_turn", f"turn {st.turn} is over", turn=st.turn)
    st.phase = "between"
    st.result = adventures.check_victory(st, end_of_turn=True)
    if st.result is not None:
        finish(st)
        return
    sunrise = int(st.rules.adventure.get("sunrise_after", 0))
    if sunrise and st.turn == sunrise:
        adventures.sunrise(st)


def finish(st: DRState) -> None:
    assert st.result is not None
    st.phase = "over"
    st.queue = []
    st.windows = []
    winners = ", ".join(st.result.winners) or "nobody"
    st.events.say("game_over", f"game over: {winners} ({st.result.reason})",
                  winners=list(st.result.winners), reason=st.result.reason)
    st.changed()


__all__ = ["GONE", "apply", "current_seats", "legal_actions"]
