"""The Action Timeline ("Action Cards", "Action Card Sequence", "Killed Characters").

Starting with the first player, each player plays one Action Card face down or
passes; a player without cards passes automatically. Once every player has passed
in a row, the last card of the timeline is turned over and its character is
activated. With an empty timeline the first player must play a card, or the next
player if the first has none. After a move, the player after the card's owner
becomes the first player.

:class:`ActionTimeline` is the decision of a turn's timeline (its steps an enum,
:class:`Step`); a turned-over card's move is pushed above it (``activation``).
"""

from __future__ import annotations

import enum

import attrs

from gothic_kernel import Action, Scope, event

from . import narration as say
from .actions import Pass, PlayCard
from .activation import activate
from .characters import GONE
from .decisions import Phase, Refusal, RevengeDecision
from .state import DRState

RULE_ACTION_CARDS = "Action Cards"
RULE_CARD_SEQUENCE = "Action Card Sequence"


def first_player(state: DRState) -> int:
    """The player with the most cards; on a tie the vampire player goes first, and
    between seats of one side (multiplayer) the tied players dice off."""
    seats = state.seats
    most = max(len(state.hands[s]) for s in seats)
    tied = [s for s in seats if len(state.hands[s]) == most]
    vampires = [s for s in tied if state.side(s) == "vampires"]
    tied = vampires or tied
    while len(tied) > 1:
        rolls = {s: state.dice.d6() for s in tied}
        state.events.say("dice_off", "Dice off for first player: " +
                         ", ".join(f"{say.player(s)} rolls {r}" for s, r in rolls.items()) + ".",
                         rolls=rolls)
        best = max(rolls.values())
        tied = [s for s in tied if rolls[s] == best]
    return seats.index(tied[0])


def start(state: DRState) -> None:
    """A turn's Action Timeline begins, with the first player to play or pass."""
    state.tl_first = state.tl_seat = first_player(state)
    state.plays = 0  # cards are numbered in the order played this turn ("card #1")
    state.tl_passes = 0
    state.tl_forced = False
    state.stack.append(ActionTimeline())
    first = state.seats[state.tl_seat]
    counts = ", ".join(f"{say.player(s)} {len(state.hands[s])}" for s in state.seats)
    state.events.say("first_player", f"{say.cap(say.player(first))} is the first player "
                     f"(Action Cards: {counts}).", seat=first)


def play(state: DRState, seat: str, card: str) -> None:
    state.hands[seat].remove(card)
    state.plays += 1
    state.timeline.append((state.plays, seat, card))
    told = say.card_played(seat, card, state.plays, state.rules.data_dir)
    state.events.add(event("card_played", told, seat=seat, card=card, play=state.plays,
                           turn=state.turn),
                     Scope.seat(seat),
                     event("card_played", say.card_played_public(seat, state.plays), seat=seat,
                           play=state.plays, turn=state.turn))
    state.tl_passes = 0
    state.tl_forced = False
    state.tl_seat = (state.seats.index(seat) + 1) % len(state.seats)


def pass_(state: DRState, seat: str) -> None:
    state.events.say("pass", f"{say.cap(say.player(seat))} passes.", seat=seat)
    state.tl_passes += 1
    state.tl_seat = (state.seats.index(seat) + 1) % len(state.seats)


def after_move(state: DRState, owner: str) -> None:
    """The next player (after the card's owner) becomes the first player."""
    state.tl_first = state.tl_seat = (state.seats.index(owner) + 1) % len(state.seats)
    state.tl_passes = 0
    state.tl_forced = False


def can_activate(state: DRState, seat: str, card: str) -> bool:
    """A turned-over card activates its character if that character is still in play,
    under the card owner's control, and the card is not void this turn."""
    fig = state.figures.get(card)
    return fig is not None and fig.seat == seat and card not in state.no_card \
        and card not in state.exited and fig.pos != GONE


class Next(enum.Enum):
    """What comes next on the Action Timeline (:func:`advance`)."""

    PLAY = "play"            # a seat plays an Action Card or passes
    TURN_OVER = "turn_over"  # every player passed: the last card is turned over
    END = "end"              # no card is left anywhere: the turn is over


def advance(state: DRState) -> Next:
    """Run automatic passes (a seat without cards passes) and the forced play; say what
    comes next."""
    n = len(state.seats)
    while True:
        if not state.timeline and not any(state.hands.values()):
            return Next.END
        if state.tl_passes >= n:
            if state.timeline:
                return Next.TURN_OVER
            for k in range(n):  # forced play: the first player, else the next with cards
                seat = state.seats[(state.tl_first + k) % n]
                if state.hands[seat]:
                    state.tl_seat = state.seats.index(seat)
                    state.tl_forced = True
                    state.tl_passes = 0
                    return Next.PLAY
        seat = state.seats[state.tl_seat]
        if state.hands[seat] and not state.tl_forced:
            return Next.PLAY
        if state.tl_forced:
            return Next.PLAY
        state.tl_passes += 1  # no card left: an automatic pass
        state.tl_seat = (state.tl_seat + 1) % n


def turn_over(state: DRState) -> bool:
    """Turn the last card of the timeline over: True if it activates its character (its
    move is pushed above the timeline), False if the card is discarded."""
    play, owner, card = state.timeline.pop()
    state.discards[owner].append(card)
    if can_activate(state, owner, card):
        state.stack[-1] = ActionTimeline(Step.MOVE, owner)
        activate(state, owner, card, play)
        return True
    name = say.character(card, state.rules.data_dir)
    state.events.say("discard", f"Card #{play} is turned over: {say.players(owner)} {name}, "
                     f"{_why_discarded(state, owner, card)}; the card is discarded.",
                     seat=owner, card=card, play=play)
    after_move(state, owner)
    return False


def _why_discarded(state: DRState, owner: str, card: str) -> str:
    fig = state.figures.get(card)
    if fig is None:
        return "no longer in play"
    if card in state.exited:
        return "off the board"
    if fig.seat != owner:
        return f"now under {say.players(fig.seat)} control"
    return "new in play this turn"


class Step(enum.Enum):
    """Where the Action Timeline stands."""

    #: A seat plays an Action Card or passes (``state.tl_seat``).
    PLAY = "play"
    #: The timeline moves on by itself: automatic passes, turning the last card over, or
    #: the end of the turn.
    NEXT = "next"
    #: A turned-over card's character is moving (its move is above); when the move is
    #: over, the player after the card's owner becomes the first player.
    MOVE = "move"


@attrs.frozen
class ActionTimeline(RevengeDecision):
    """The Action Timeline of a turn: the seats play Action Cards face down or pass, in
    turn from the first player, and once every player has passed in a row the last card
    is turned over; it ends the turn when no card is left."""

    KIND = "action_timeline"
    RULE = RULE_CARD_SEQUENCE
    ACTIONS = (PlayCard, Pass)
    step: Step = Step.NEXT
    #: During a move: the owner of the card turned over.
    owner: str = ""

    def phase(self) -> Phase:
        return Phase.TIMELINE

    def deciders(self, state: DRState) -> tuple[str, ...]:
        if self.step is not Step.PLAY:
            return ()
        seat = state.seats[state.tl_seat]
        return (seat,) if state.hands[seat] and state.tl_passes < len(state.seats) else ()

    def legal_actions(self, state: DRState, seat: str) -> list[Action]:
        cards: list[Action] = [PlayCard(c) for c in sorted(state.hands[seat])]
        return cards if state.tl_forced else [*cards, Pass()]

    def apply(self, state: DRState, seat: str, action: Action) -> None:
        state.stack[-1] = ActionTimeline(Step.NEXT)
        if isinstance(action, PlayCard):
            play(state, seat, action.card)
        else:
            pass_(state, seat)
        state.no_figure_changed()

    def run(self, state: DRState) -> None:
        if self.step is not Step.NEXT:  # a move is over, or nobody can play: move on
            state.stack[-1] = ActionTimeline(Step.NEXT)
            if self.step is Step.MOVE:
                after_move(state, self.owner)
            return
        while True:
            step = advance(state)
            if step is Next.PLAY:
                state.stack[-1] = ActionTimeline(Step.PLAY)
                return
            if step is Next.END:
                state.stack.pop()
                return
            if turn_over(state):
                return

    def refused(self, state: DRState, seat: str, action: Action) -> Refusal:
        if isinstance(action, Pass):
            return ("every player passed and the Action Timeline is empty: you must play a "
                    "card", RULE_CARD_SEQUENCE)
        if isinstance(action, PlayCard):
            return (f"you hold no Action Card for "
                    f"{say.character(action.card, state.rules.data_dir)}", RULE_ACTION_CARDS)
        return (f"{say.cap(say.player(seat))} must play an Action Card or pass now; no "
                "character is active", RULE_CARD_SEQUENCE)

    def question(self, state: DRState, seat: str) -> str:
        hand = len(state.hands[seat])
        if state.tl_forced:
            everyone = "both players" if len(state.seats) == 2 else "every player"
            return (f"{everyone} passed with the Action Timeline empty, so you must play an "
                    f"Action Card ({hand} in your hand).")
        return (f"play an Action Card or pass ({hand} in your hand; "
                f"{say.count(len(state.timeline), 'card')} in the Action Timeline).")

    @classmethod
    def label(cls, state: DRState, seat: str, action: Action) -> str:
        if isinstance(action, PlayCard):
            return f"play {say.character(action.card, state.rules.data_dir)}'s Action Card"
        return "pass"


__all__ = ["ActionTimeline", "Step", "advance", "after_move", "pass_", "play", "start"]
