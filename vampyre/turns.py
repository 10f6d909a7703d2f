"""The sequence of play: turns in clockwise order, and the decisions within them.

"Sequence of Play - Transylvania": 1. Movement, 2. Search or check for
encounter, 3. Combat, 4. Conversion to nosferatu or werewolf; possession.
"Sequence of Play - Castle Dracula": 1. Set clock, 2. Movement, 3. Reveal
counter, 4. Combat, 5. Conversion; possession, 6. Restocking (midnight only).

The engine runs every automatic step (die rolls, lost turns, a possessed
player's charge, a fleeing player's retreat) itself and stops when a player
must decide: that decision is the state's :class:`~vampyre.state.Pending`
record. ``act`` plays a decision and runs on to the next one.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from gothic_kernel import Action, IllegalAction

from . import castle, combat, encounters, movement, searching, winning
from .actions import (
    FIRE,
    HEAL_WOUND,
    HOLD_FIRE,
    MAKE_CAMP,
    REST,
    SEARCH,
    TAKE_TURN,
    ChooseItem,
    DeclareSilverBullet,
    HealWound,
    LeadAstray,
    LookAtCounter,
    MakeCamp,
    Move,
    RestAtStandingStones,
    Search,
    TakeTurn,
)
from .conversion import possessed_move, reappear
from .state import (
    CHOOSE_ITEM,
    HUNTER,
    LEAD_ASTRAY,
    LOOK_AT_COUNTER,
    MOVE,
    SEARCH_DECISION,
    SILVER_BULLET,
    THE_STANDING_STONES,
    TURN_START,
    Pending,
    VampyreState,
)

RULE_TRANSYLVANIA = "Sequence of Play - Transylvania"
RULE_CASTLE = "Sequence of Play - Castle Dracula"

#: What each decision is called in messages, and the rule that governs it.
_DECISIONS = {
    TURN_START: ("choose how to spend the turn", None),
    MOVE: ("move", "Movement"),
    SEARCH_DECISION: ("search or make camp", "Searching a Large Hex"),
    SILVER_BULLET: ("declare whether the silver bullet is used", "Appendix II: Useful Items"),
    LEAD_ASTRAY: ("move the lost player", "Strange Occurrence"),
    LOOK_AT_COUNTER: ("choose a large hex to look at", "Strange Occurrence"),
    CHOOSE_ITEM: ("choose a useful item", "How to Win"),
}

_MAX_AUTOMATIC_STEPS = 10_000


def sequence_rule(state: VampyreState) -> str:
    return RULE_CASTLE if state.in_castle else RULE_TRANSYLVANIA


# -- running the game ---------------------------------------------------------------------------

def play_until_decision(state: VampyreState) -> None:
    """Run automatic steps and turns until a player must decide or the game ends."""
    for _ in range(_MAX_AUTOMATIC_STEPS):
        if state.pending is not None or state.result is not None:
            return
        if state.turn_open:
            end_turn(state)
        else:
            start_turn(state)
    raise RuntimeError("vampyre: no decision in 10,000 automatic steps")


def start_turn(state: VampyreState) -> None:
    """The start of a player's turn: clock, lost turns, reappearing, then the turn proper."""
    state.turn_open = True
    state.turn_kind = ""
    state.turns += 1
    seat = state.current
    p = state.players[seat]
    if state.in_castle:
        castle.set_clock(state)
    if p.lost_turns > 0:
        p.lost_turns -= 1
        p.may_heal = False
        if p.immobile:
            p.immobile -= 1
        state.events.say("lose_turn", f"{state.when()}{state.name(seat)} loses this turn",
                         seat=seat)
        return
    if p.location is None:
        if p.reappear > 0:
            p.reappear -= 1
            state.events.say("lose_turn", f"{state.when()}{state.name(seat)} is sated and "
                             "stays away",
                             seat=seat)
            return
        reappear(state, seat)
    if turn_choices(state, seat):
        state.pending = Pending(seat, TURN_START)
        return
    take_turn(state, seat)


def turn_choices(state: VampyreState, seat: str) -> list[Action]:
    """The ways to spend this turn besides taking it as usual (empty: no choice to make)."""
    p = state.players[seat]
    choices: list[Action] = []
    if state.in_castle and p.may_heal and p.wounds > 0 and p.form == HUNTER:
        choices.append(HEAL_WOUND)
    if (not state.in_castle and p.form == HUNTER and not p.possessed and not p.cured
            and p.bites > 0 and p.location == THE_STANDING_STONES
            and state.fight_of(seat) is None):
        choices.append(REST)
    return choices


def take_turn(state: VampyreState, seat: str) -> None:
    """The turn proper: an unresolved fight, a forced reveal or move, or a roll for movement."""
    p = state.players[seat]
    p.may_heal = False
    if p.possessed:
        state.turn_kind = "possessed"
    fight = state.fight_of(seat)
    if fight is not None:
        combat.resume(state, fight, seat)
        return
    if p.must_reveal and p.location is not None:
        castle.reveal(state, seat)
        return
    if p.possessed:
        possessed_move(state, seat)
        return
    if p.fleeing:
        castle.flee(state, seat)
        return
    roll = state.dice.d6()
    moves = movement.move_actions(state, seat, roll)
    if moves.actions:
        state.pending = Pending(seat, MOVE, roll=roll)
        # the decision's legal actions, worked out already (the kernel's cache)
        state._legal_cache = {seat: moves}
    else:
        state.events.say("stuck", f"{state.when()}{state.name(seat)} rolls {roll} and "
                         "cannot move",
                         seat=seat, roll=roll)


def end_turn(state: VampyreState) -> None:
    """The end of a turn: healing and cures take hold, possession wears off, midnight restocks."""
    seat = state.current
    p = state.players[seat]
    if p.healing:
        p.healing = False
        p.wounds = max(0, p.wounds - 1)
        state.events.say("healed", f"{state.name(seat)} has cured the wound", seat=seat)
    if p.resting:
        p.resting = False
        p.bites, p.cured = 0, True
        state.events.say("cured", f"The magic of The Standing Stones cures {state.name(seat)} "
                         "of every bite", seat=seat)
    if state.turn_kind == "possessed" and p.possessed:
        if p.possessed == 1:
            from .conversion import end_possession

            end_possession(state, seat, "the demon departs")
        else:
            p.possessed -= 1
    if state.in_castle and state.clock == 0:
        castle.restock(state)
    state.turn_open = False
    winning.check_end(state)
    if state.result is None and state.pending is None:
        before = state.order.seat_index
        state.order.end_turn()
        if _round_ends(state, before, state.order.seat_index):
            new_round(state)


def _round_ends(state: VampyreState, before: int, after: int) -> bool:
    """Has the turn come round again to the player who went first (or the next still in)?"""
    seats = len(state.seats)
    first = state.seats.index(state.first)
    return (after - first) % seats <= (before - first) % seats


def new_round(state: VampyreState, first: str = "") -> None:
    """A round begins: each player has a turn, clockwise from the one who went first in this
    stage (``first``, given when the stage begins). Logged for the report's headings."""
    if first:
        state.first, state.rounds = first, 0
    state.rounds += 1
    state.events.say("round", f"Round {state.rounds}", round=state.rounds, stage=state.stage)


def after_move(state: VampyreState, seat: str, attack: str, moved: dict[str, Any]) -> None:
    """Steps 2-3 after movement: attack, or search, or camp and check for an encounter.

    ``moved`` is the move's log event; the night's encounter roll joins it in one entry.
    """
    p = state.players[seat]
    where = p.location
    assert where is not None
    board = state.world.transylvania
    wilderness = not state.in_castle and not board.is_large(where) and not attack \
        and p.form == HUNTER and not p.possessed
    if wilderness:
        encounters.night(state, seat, moved)
        return
    state.events.add(moved)
    if attack:
        combat.player_fight(state, seat, attack)
        return
    if state.in_castle:
        castle.arrive(state, seat)
        return
    if board.is_large(where):
        searching.visit(p, where)
    if p.form != HUNTER or p.possessed:
        return  # the converted neither search nor roll for encounters
    if searching.can_search(state, seat):
        state.pending = Pending(seat, SEARCH_DECISION)


# -- decisions ----------------------------------------------------------------------------------

def legal_actions(state: VampyreState) -> Sequence[Action]:
    """Every legal action of the seat the game waits for."""
    pending = state.pending
    assert pending is not None
    seat, kind = pending.seat, pending.kind
    if kind == TURN_START:
        return [TAKE_TURN, *turn_choices(state, seat)]
    if kind == MOVE:
        return movement.move_actions(state, seat, pending.roll).actions
    if kind == SEARCH_DECISION:
        return [SEARCH, MAKE_CAMP]
    if kind == SILVER_BULLET:
        return [FIRE, HOLD_FIRE]
    if kind == LEAD_ASTRAY:
        return movement.astray_actions(state, pending.target, pending.roll).actions
    if kind == LOOK_AT_COUNTER:
        return [LookAtCounter(h) for h in state.world.transylvania.large_hexes
                if state.stacks.get(h)]
    if kind == CHOOSE_ITEM:
        return [ChooseItem(item) for item in state.rules.items]
    raise AssertionError(f"unknown decision {kind!r}")


def act(state: VampyreState, seat: str, action: Action) -> None:
    """Play a legal decision, then run on to the next one."""
    pending = state.pending
    assert pending is not None
    state.pending = None
    p = state.players[seat]
    if isinstance(action, TakeTurn):
        take_turn(state, seat)
    elif isinstance(action, HealWound):
        p.may_heal, p.healing = False, True
        state.events.say("heal_wound", f"{state.when()}{state.name(seat)} spends the turn "
                         "curing a wound",
                         seat=seat)
    elif isinstance(action, RestAtStandingStones):
        p.resting = True
        state.events.say("rest", f"{state.name(seat)} spends the turn among The Standing Stones",
                         seat=seat)
    elif isinstance(action, Move):
        moved = movement.perform(state, seat, action, pending.roll)
        after_move(state, seat, action.attack, moved)
    elif isinstance(action, Search):
        searching.search(state, seat)
    elif isinstance(action, MakeCamp):
        state.events.say("make_camp", f"{state.name(seat)} makes camp without searching",
                         seat=seat)
    elif isinstance(action, DeclareSilverBullet):
        assert pending.fight is not None
        combat.declared(state, pending.fight, action.use)
    elif isinstance(action, LeadAstray):
        path = movement.astray_path(state, pending.target, action.to, pending.roll)
        encounters.lead_astray(state, seat, pending.target, path)
    elif isinstance(action, LookAtCounter):
        encounters.look_at_counter(state, seat, action.large_hex)
    elif isinstance(action, ChooseItem):
        winning.take_item(state, seat, action.item)
    play_until_decision(state)


def explain_illegal(state: VampyreState, seat: str, action: Action) -> IllegalAction:
    """Why ``action`` is not legal now, naming the rule (never anything ``seat`` may not know)."""
    pending = state.pending
    assert pending is not None
    doing, rule = _DECISIONS[pending.kind]
    rule = rule or sequence_rule(state)
    allowed = sorted({a.TYPE for a in legal_actions(state)})
    if action.TYPE not in allowed:
        return IllegalAction(f"{state.name(seat)} must {doing} now ({', '.join(allowed)}), "
                             f"not {action.TYPE}", rule=rule)
    if isinstance(action, Move):
        return movement.explain_move(state, seat, action, pending.roll)
    if isinstance(action, LeadAstray):
        return movement.explain_astray(state, pending.target, action, pending.roll)
    if isinstance(action, LookAtCounter):
        return IllegalAction(f"{action.large_hex!r} is not a large hex that still holds counters",
                             rule="Strange Occurrence")
    if isinstance(action, ChooseItem):
        return IllegalAction(f"{action.item!r} is not a useful item; choose one of "
                             f"{', '.join(state.rules.items)}", rule="How to Win")
    return IllegalAction(f"{state.name(seat)} may not play {action.to_json()} now", rule=rule)
