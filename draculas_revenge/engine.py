"""The flow of play: who acts, what they may do, and what doing it changes
("Sequence of Play", "Action Points", "Reaction Points", "Active Characters").

A turn: roll the Reaction Dice (secretly), build the Action Timeline and activate
characters in order, then show the Reaction Dice.
"""

from __future__ import annotations

import re
from typing import Any

from gothic_kernel import Action, Scope, event

from . import adventures, combat, movement, reactions, timeline
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
from .board import FACINGS
from .characters import GONE, OFF_BOARD, Figure
from .sight import facings_toward
from .state import NO_WITNESS, DRState


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
        buys: list[Action] = [Recruit(k) for k in adventures.recruitable(st, d["seat"])]
        if adventures.may_stop_recruiting(st, d["seat"], bool(buys)):
            buys.append(DoneRecruiting())
        return buys
    if kind == "secret_room":
        return [ChooseSecretRoom(t) for t in board.area_tiles[st.rules.adventure["secret_room"]]]
    if kind == "place_van_helsing":
        return [PlaceVanHelsing(board.xy(s)) for s in adventures.van_helsing_squares(st, d)]
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
        return [SettleMist(fig.id, board.xy(s), f)
                for fig in sorted(st.figures.values(), key=lambda f: f.id)
                if fig.misted and fig.seat == d["seat"] and fig.pos >= 0
                for s in adventures.sunrise_squares(st, fig) for f in FACINGS]
    raise AssertionError(kind)


# -- doing it ----------------------------------------------------------------------------
def apply(st: DRState, seat: str, action: Action) -> None:
    """Play ``action``, one of ``seat``'s legal actions (the kernel has checked)."""
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
        st.events.say("decline", f"{say.cap(say.player(seat))} does not react.", seat=seat)
        st.windows.pop(0)
    else:
        act(st, seat, action)
    proceed(st)


def pay(st: DRState, seat: str, fig: Figure, cost: int) -> int:
    """Pay ``cost``: the active character's Action Points first, then Reaction Points.
    Returns the Reaction Points spent."""
    from_ap = min(st.ap_left, cost) if st.is_active(fig) else 0
    st.ap_left -= from_ap
    from_rp = cost - from_ap
    if from_rp:
        st.rp_spent[seat] += from_rp
    return from_rp


def act(st: DRState, seat: str, action: Action) -> None:
    """A character's action, by the active character or a reacting one."""
    fig = st.figures[action.character]  # type: ignore[attr-defined]
    origin = fig.pos
    reacting = not st.is_active(fig)
    cost = st.rules.cost(COST_OF[type(action)])
    rp = pay(st, seat, fig, cost)
    if reacting:
        st.last_reactor = seat
    else:
        st.last_reactor = ""
    target_id, target_pos = "", -1
    board = st.rules.board
    what = ""  # the verb phrase of the narration
    if isinstance(action, Move):
        movement.do_move(st, fig, action)
        what = f"moves {say.direction(action.direction)} to {say.square(board, fig.pos)}"
        if not fig.misted:
            what += f", facing {say.facing(action.facing)}"
    elif isinstance(action, Turn):
        movement.do_turn(st, fig, action.facing)
        what = f"turns in place to face {say.facing(action.facing)}"
    elif isinstance(action, Enter):
        movement.do_enter(st, fig, action)
        what = (f"enters the board at {say.xy(*action.square)}, facing "
                f"{say.facing(action.facing)}")
    elif isinstance(action, Leave):
        what = f"leaves the board from {say.square(board, fig.pos)}"
        movement.do_leave(st, fig)
        if not reacting:
            st.move_over = True
    elif isinstance(action, (OpenDoor, CloseDoor)):
        door = movement.door_in_front(st, fig)
        movement.do_door(st, fig, isinstance(action, OpenDoor))
        what = (f"{'opens' if isinstance(action, OpenDoor) else 'closes'} the door at "
                f"{say.square(board, board.doors[door][0])}")
    elif isinstance(action, (TurnToMist, TurnSolid)):
        movement.do_mist(st, fig, action)
        what = "turns to mist" if isinstance(action, TurnToMist) else \
            f"becomes solid, facing {say.facing(action.facing)}"
    elif isinstance(action, (CloseAttack, RangedAttack, Mesmerize)):
        target = st.figures[action.target]
        target_id, target_pos = target.id, target.pos
        _narrate(st, seat, fig, action, reacting, cost, rp, _attack_phrase(st, action))
        combat.attack(st, fig, action, reacting=rp > 0)
    elif isinstance(action, Defile):
        tile = board.tile_at(fig.pos)
        st.defiled.append(tile)
        total = len(board.area_tiles[st.rules.adventure["coffins"]])
        what = (f"defiles the coffins in {say.tile(board, tile)} ({len(st.defiled)} of "
                f"{total} tinted tiles defiled)")
    elif isinstance(action, Wake):
        st.figures["van_helsing"].unconscious = False
        target_id = "van_helsing"
        target_pos = st.figures["van_helsing"].pos
        what = "wakes Van Helsing"
    if what:
        _narrate(st, seat, fig, action, reacting, cost, rp, what)
    if isinstance(action, (Move, Enter)) and fig.id in st.figures:
        adventures.found_van_helsing(st, fig)
    where = fig.pos if fig.id in st.figures and fig.pos >= 0 else -1
    st.witness = (fig.id, origin, where, target_id, target_pos)
    reactions.open_windows(st, seat)


_ACT_NAMES = {kind: re.sub(r"(?<!^)(?=[A-Z])", "_", kind.__name__).lower() for kind in COST_OF}


def _attack_phrase(st: DRState, action: CloseAttack | RangedAttack | Mesmerize) -> str:
    target = say.character(action.target, st.rules.data_dir)
    if isinstance(action, Mesmerize):
        return f"tries to mesmerize {target}"
    if isinstance(action, RangedAttack):
        return f"shoots a crossbow bolt at {target}"
    if action.save:
        return f"tries to save {target} with a close attack"
    return f"makes a close attack on {target}"


def _narrate(st: DRState, seat: str, fig: Figure, action: Action, reacting: bool, cost: int,
             rp: int, what: str) -> None:
    """Log a character's action: "Staker 1 moves north to (4, 2), facing north."."""
    name = say.character(fig.id, st.rules.data_dir)
    if fig.kind == "minion" and fig.born != "minion":
        name += " (a minion)"
    paid = "" if not rp else f" [{rp} Reaction Point{'s' if rp > 1 else ''}]"
    text = f"{name} reacts and {what}{paid}." if reacting else f"{name} {what}{paid}."
    st.events.say("action", text, figure=fig.id, seat=seat, act=_ACT_NAMES[type(action)],
                  cost=cost, reaction_points=rp, reacting=reacting)


def end_move(st: DRState) -> None:
    owner = st.active_seat
    name = say.character(st.active, st.rules.data_dir)
    st.events.say("end_move", f"{name}'s move is over.", figure=st.active, seat=owner)
    st.active, st.active_seat, st.ap_left, st.move_over = "", "", 0, False
    st.windows, st.last_reactor = [], ""
    st.witness = NO_WITNESS
    timeline.after_move(st, owner)


def decide(st: DRState, seat: str, action: Action) -> None:
    d = st.queue.pop(0)
    board = st.rules.board
    if isinstance(action, Place):
        fig = st.figures[action.character]
        fig.pos, fig.facing = board.index(*action.square), FACINGS.index(action.facing)
        st.events.say("placed", f"{say.cap(say.player(seat))} places "
                      f"{say.character(fig.id, st.rules.data_dir)} at {say.xy(*action.square)}, "
                      f"facing {say.facing(action.facing)}.", figure=fig.id,
                      square=list(action.square), facing=action.facing)
    elif isinstance(action, Recruit):
        st.recruits[seat].append(action.kind)
        st.queue.insert(0, d)
        points = st.rules.types[action.kind].points
        kind = say.kind_name(action.kind, st.rules.data_dir)
        kind = kind if st.rules.types[action.kind].box == 1 else f"a {kind}"
        st.events.say("recruit", f"{say.cap(say.player(seat))} recruits {kind} ({points} points; "
                      f"{adventures.spent(st, seat)} of {adventures.cap(st, seat)} spent).",
                      seat=seat, character_kind=action.kind)
    elif isinstance(action, DoneRecruiting):
        st.events.say("recruited", f"{say.cap(say.players(seat))} forces are complete "
                      f"({adventures.spent(st, seat)} points).", seat=seat,
                      forces=list(st.recruits[seat]))
        adventures.finish_recruiting(st, seat)
    elif isinstance(action, ChooseSecretRoom):
        adventures.record_secret_room(st, action.room)
    elif isinstance(action, PlaceVanHelsing):
        vh = Figure("van_helsing", "van_helsing", "hunters", board.index(*action.square), 0,
                    unconscious=True)
        st.figures["van_helsing"] = vh
        st.no_card.add("van_helsing")
        st.events.say("placed", f"The vampire player places Van Helsing, unconscious, at "
                      f"{say.xy(*action.square)}.", figure="van_helsing",
                      square=list(action.square))
    elif isinstance(action, FaceAttacker):
        if action.facing:
            st.figures[action.character].facing = FACINGS.index(action.facing)
            names = [say.character(f, st.rules.data_dir) for f in (action.character, d["other"])]
            st.events.say("face", f"{names[0]} turns for free to face {names[1]} (now facing "
                          f"{say.facing(action.facing)}).", figure=action.character,
                          other=d["other"], facing=action.facing)
    elif isinstance(action, Feed):
        if action.feed and d["figure"] in st.figures:
            combat.feed(st, st.figures[d["figure"]])
    elif isinstance(action, SettleMist):
        fig = st.figures[action.character]
        fig.pos, fig.misted = board.index(*action.square), False
        fig.facing = FACINGS.index(action.facing)
        st.events.say("solid", f"{say.character(fig.id, st.rules.data_dir)} turns solid at "
                      f"{say.xy(*action.square)}, facing {say.facing(action.facing)}.",
                      figure=fig.id, square=list(action.square), facing=action.facing)
        st.changed()
        adventures.queue_sunrise(st)
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
    st.discards[owner].append(card)
    if timeline.can_activate(st, owner, card):
        fig = st.figures[card]
        st.active, st.active_seat, st.move_over = card, owner, False
        st.ap_left = st.rules.types[fig.kind].ap
        st.activations += 1
        st.witness, st.windows, st.last_reactor = NO_WITNESS, [], ""
        st.phase = "activation"
        name = say.character(card, st.rules.data_dir)
        state = "lies unconscious and cannot act" if fig.unconscious else \
            f"is the active character, with {st.ap_left} Action Points"
        st.events.say("activate", f"Card #{play} is turned over: {say.players(owner)} "
                      f"{name}. {name} {state}.", seat=owner, card=card, play=play)
    else:
        name = say.character(card, st.rules.data_dir)
        st.events.say("discard", f"Card #{play} is turned over: {say.players(owner)} {name}, "
                      f"{_why_discarded(st, owner, card)}; the card is discarded.",
                      seat=owner, card=card, play=play)
        timeline.after_move(st, owner)


def _why_discarded(st: DRState, owner: str, card: str) -> str:
    fig = st.figures.get(card)
    if fig is None:
        return "no longer in play"
    if card in st.exited:
        return "off the board"
    if fig.seat != owner:
        return f"now under {say.players(fig.seat)} control"
    return "new in play this turn"


def start_turn(st: DRState) -> None:
    st.turn += 1
    st.no_card = set()
    st.discards = {seat: [] for seat in st.seats}
    st.events.say("turn", f"Turn {st.turn} begins.", turn=st.turn)
    adventures.reinforcements(st)
    for seat in st.seats:
        st.rp_spent[seat] = 0
        st.rp_die[seat] = st.dice.d6() if st.options["reaction_dice"] else 0
        if st.options["reaction_dice"]:
            bonus = st.rules.numbers["reaction_die_bonus"]
            st.events.add(event("reaction_die", say.reaction_die(seat, st.rp_die[seat], bonus),
                                seat=seat, turn=st.turn, die=st.rp_die[seat]),
                          Scope.seat(seat),
                          event("reaction_die", say.reaction_die_public(seat),
                                seat=seat, turn=st.turn))
    for seat in st.seats:
        st.hands[seat] = sorted(f.id for f in st.figures.values()
                                if f.seat == seat and f.id not in st.exited)
    timeline.start(st)


def end_turn(st: DRState) -> None:
    if st.options["reaction_dice"]:
        st.events.say("reaction_dice_shown", "The Reaction Dice are shown: " + "; ".join(
            f"{say.player(s)} rolled {st.rp_die[s]} ({st.reaction_points(s)} Reaction "
            f"Points, {st.rp_spent[s]} spent)" for s in st.seats) + ".",
            turn=st.turn, dice=dict(st.rp_die), spent=dict(st.rp_spent))
    st.events.say("end_turn", f"Turn {st.turn} is over.", turn=st.turn)
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
    winners = " and ".join(say.player(s) for s in st.result.winners)
    verb = "wins" if len(st.result.winners) == 1 else "win"
    told = f"{winners} {verb}" if winners else "nobody wins"
    st.events.say("game_over", f"Game over: {told} ({st.result.reason}).",
                  winners=list(st.result.winners), reason=st.result.reason)
    st.changed()


__all__ = ["GONE", "apply", "current_seats", "legal_actions"]
