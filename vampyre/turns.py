"""The sequence of play: turns in clockwise order, and how each turn begins and ends.

"Sequence of Play - Transylvania": 1. Movement, 2. Search or check for
encounter, 3. Combat, 4. Conversion to nosferatu or werewolf; possession.
"Sequence of Play - Castle Dracula": 1. Set clock, 2. Movement, 3. Reveal
counter, 4. Combat, 5. Conversion; possession, 6. Restocking (midnight only).

:class:`SequenceOfPlay` sits at the bottom of the state's stack: nobody decides it;
it begins the next player's turn (the clock, a lost turn, reappearing, then the
turn's first decision or its roll) or ends the turn under way. The rules of each
step run themselves (die rolls, lost turns, a possessed player's charge, a fleeing
player's retreat), and stop when a player must decide: the decision pushed above
(:mod:`vampyre.decisions`). :func:`play_until_decision` runs the steps until then.
"""

from __future__ import annotations

import attrs

from gothic_kernel import Action, RuleError, Sequencer

from .actions import (
    HEAL_WOUND,
    REST,
    TAKE_TURN,
    HealWound,
    RestAtStandingStones,
    TakeTurn,
)
from .castle import restock, set_clock
from .combat import resume
from .conversion import end_possession, reappear
from .decisions import (
    BEGIN,
    END,
    TURN_START,
    Flow,
    PlayerDecision,
    TurnStep,
    play_on,
    sequence_rule,
)
from .encounters import camps_in_the_wilderness, night
from .guardians import flee, reveal
from .movement import offer_move, possessed_move
from .state import HUNTER, POSSESSED_TURN, THE_STANDING_STONES, USUAL_TURN, VampyreState
from .winning import check_end
from .wording import at_hour

#: The most automatic steps in a row before the rules are deemed stuck.
MAX_AUTOMATIC_STEPS = 10_000


@attrs.frozen
class SequenceOfPlay(Flow):
    """The Sequence of Play: it begins the next player's turn, or ends the turn under way
    once its decisions are made."""

    KIND = "sequence_of_play"

    def at(self, step: TurnStep) -> SequenceOfPlay:
        return TURN_ENDS if step is END else TURN_BEGINS

    def run(self, state: VampyreState) -> None:
        if self.step is BEGIN:
            state.stack[-1] = TURN_ENDS
            start_turn(state)
        else:
            state.stack[-1] = TURN_BEGINS
            end_turn(state)


#: The two records of the Sequence of Play, shared by every state.
TURN_BEGINS, TURN_ENDS = SequenceOfPlay(BEGIN), SequenceOfPlay(END)


def sequence_of_play(turn_open: bool) -> SequenceOfPlay:
    """The Sequence of Play with a turn under way (``turn_open``) or about to begin."""
    return TURN_ENDS if turn_open else TURN_BEGINS


def play_until_decision(state: VampyreState) -> None:
    """Run automatic steps and turns until a player must decide or the game ends
    (RuleError if the rules go round without asking anyone)."""
    play_on(state, limit=MAX_AUTOMATIC_STEPS)


def start_turn(state: VampyreState) -> None:
    """The start of a player's turn: clock, lost turns, reappearing, then the turn proper."""
    state.turn_kind = USUAL_TURN
    state.turns += 1
    seat = state.current
    p = state.players[seat]
    if state.in_castle:
        set_clock(state)
    if p.lost_turns > 0:
        p.lost_turns -= 1
        if p.immobile:
            p.immobile -= 1
        # W: "lose his or her next turn and cure the wound during that time": a turn lost
        # anyway (paralysed) right after the wound is spent curing it (ruling 27)
        curing = HEAL_WOUND in turn_choices(state, seat)
        p.may_heal, p.healing = False, curing
        state.events.say("lose_turn", f"{state.when()}{state.name(seat)} loses this turn"
                         + (" and cures the wound during it" if curing else ""), seat=seat)
        if camps_in_the_wilderness(state, seat) and state.fight_of(seat) is None:
            night(state, seat)  # "At the end of each turn (1 day) each player makes camp"
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
        state.ask(TurnStart(seat))
        return
    take_turn(state, seat)


def turn_choices(state: VampyreState, seat: str) -> list[Action]:
    """The ways to spend this turn besides taking it as usual (empty: no choice to make)."""
    p = state.players[seat]
    if state.in_castle:
        return [HEAL_WOUND] if p.may_heal and p.wounds > 0 and p.form == HUNTER else []
    if (p.bites > 0 and p.location == THE_STANDING_STONES and p.form == HUNTER
            and not p.possessed and not p.cured and state.fight_of(seat) is None):
        return [REST]
    return []


def take_turn(state: VampyreState, seat: str) -> None:
    """The turn proper: an unresolved fight, a forced reveal or move, or a roll for movement."""
    p = state.players[seat]
    p.may_heal = False
    if p.possessed:
        state.turn_kind = POSSESSED_TURN
    fight = state.fight_of(seat) if state.fights else None
    if fight is not None:
        resume(state, fight, seat)
        return
    if p.must_reveal and p.location is not None:
        reveal(state, seat)
        return
    if p.possessed:
        possessed_move(state, seat)
        return
    if p.fleeing:
        flee(state, seat)
        return
    roll = state.dice.d6()
    if not offer_move(state, seat, roll):
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
    if state.turn_kind == POSSESSED_TURN and p.possessed:
        if p.possessed == 1:
            end_possession(state, seat, "the demon departs")
        else:
            p.possessed -= 1
    if state.in_castle and state.clock == 0:
        restock(state)
    check_end(state)
    if not state.is_over:
        order = state.order
        before = order.seat_index
        _pass_turn(order)
        if _round_ends(state, before, order.seat_index):
            state.begin_round()


def _pass_turn(order: Sequencer) -> None:
    """The turn passes clockwise to the next player still in the game: what
    ``Sequencer.end_turn`` does for a turn order with no missed, extra or skipped turns,
    VAMPYRE's (``invariants`` checks a save holds none), with less work every turn."""
    if order.missed or order.extra or order.skip_next:
        order.end_turn()
        return
    seats, out, index = order.order, order.out, order.seat_index
    for _ in seats:
        index += 1
        if index == len(seats):
            index = 0
            order.round += 1
        if not out or seats[index] not in out:
            order.seat_index, order.phase_index, order.extra_turn = index, 0, False
            return
    raise RuleError("no seat is left to take a turn")


def _round_ends(state: VampyreState, before: int, after: int) -> bool:
    """Has the turn come round again to the player who went first (or the next still in)?"""
    seats = state.order.order
    first = seats.index(state.first)
    return (after - first) % len(seats) <= (before - first) % len(seats)


# -- the turn's first decision --------------------------------------------------------------

@attrs.frozen
class TurnStart(PlayerDecision):
    """How to spend the turn, asked only when there is a choice: a wound to cure in Castle
    Dracula ("W - Wound": lose this turn to cure it), or a cure to take among The
    Standing Stones ("The Standing Stones": once a game)."""

    KIND = TURN_START
    ACTIONS = (TakeTurn, HealWound, RestAtStandingStones)
    DOING = "choose how to spend the turn"

    def rule(self, state: VampyreState) -> str:
        return sequence_rule(state)

    def legal_actions(self, state: VampyreState, seat: str) -> list[Action]:
        return [TAKE_TURN, *turn_choices(state, seat)]

    def effect(self, state: VampyreState, seat: str, action: Action) -> None:
        p = state.players[seat]
        if isinstance(action, TakeTurn):
            take_turn(state, seat)
        elif isinstance(action, HealWound):
            p.may_heal, p.healing = False, True
            state.events.say("heal_wound", f"{state.when()}{state.name(seat)} spends the turn "
                             "curing a wound",
                             seat=seat)
        else:
            p.resting = True
            state.events.say("rest", f"{state.name(seat)} spends the turn among The Standing "
                             "Stones", seat=seat)

    def prompt(self, state: VampyreState, seat: str) -> str:
        who = state.name(seat)
        if state.in_castle:
            return (f"{at_hour(state)}{who} is wounded: lose this turn to cure the wound, or "
                    "ignore it and play on (a second wound kills)")
        return (f"{who} is among The Standing Stones: spend this turn there to be cured of "
                "every vampire bite (once a game), or take the turn as usual")

    @classmethod
    def label(cls, state: VampyreState, seat: str, action: Action) -> str:
        if isinstance(action, HealWound):
            return "lose this turn to cure the wound"
        if isinstance(action, RestAtStandingStones):
            return "spend the turn among The Standing Stones to be cured"
        healing = isinstance(state.pending, TurnStart) and state.in_castle
        return "ignore the wound and play on" if healing else "take the turn as usual"

    def offered(self, state: VampyreState) -> bool:
        """The current player, with another way to spend the turn than taking it."""
        return self.seat == state.current and bool(turn_choices(state, self.seat))
