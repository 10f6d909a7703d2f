"""The Action Timeline ("Action Cards", "Action Card Sequence", "Killed Characters").

Starting with the first player, each player plays one Action Card face down or
passes; a player without cards passes automatically. Once every player has passed
in a row, the last card of the timeline is turned over and its character is
activated. With an empty timeline the first player must play a card, or the next
player if the first has none. After a move, the player after the card's owner
becomes the first player.
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


def first_player(st: DRState) -> int:
    """The player with the most cards; on a tie the vampire player goes first, and
    between seats of one side (multiplayer) the tied players dice off."""
    seats = st.seats
    most = max(len(st.hands[s]) for s in seats)
    tied = [s for s in seats if len(st.hands[s]) == most]
    vampires = [s for s in tied if st.side(s) == "vampires"]
    tied = vampires or tied
    while len(tied) > 1:
        rolls = {s: st.dice.d6() for s in tied}
        st.events.say("dice_off", "Dice off for first player: " +
                      ", ".join(f"{say.player(s)} rolls {r}" for s, r in rolls.items()) + ".",
                      rolls=rolls)
        best = max(rolls.values())
        tied = [s for s in tied if rolls[s] == best]
    return seats.index(tied[0])


def start(st: DRState) -> None:
    st.tl_first = st.tl_seat = first_player(st)
    st.plays = 0  # cards are numbered in the order played this turn ("card #1")
    st.tl_passes = 0
    st.tl_forced = False
    st.stack.append(ActionTimeline())
    first = st.seats[st.tl_seat]
    counts = ", ".join(f"{say.player(s)} {len(st.hands[s])}" for s in st.seats)
    st.events.say("first_player", f"{say.cap(say.player(first))} is the first player "
                  f"(Action Cards: {counts}).", seat=first)


def play(st: DRState, seat: str, card: str) -> None:
    st.hands[seat].remove(card)
    st.plays += 1
    st.timeline.append((st.plays, seat, card))
    st.events.add(event("card_played", say.card_played(seat, card, st.plays, st.rules.data_dir),
                        seat=seat, card=card, play=st.plays, turn=st.turn),
                  Scope.seat(seat),
                  event("card_played", say.card_played_public(seat, st.plays), seat=seat,
                        play=st.plays, turn=st.turn))
    st.tl_passes = 0
    st.tl_forced = False
    st.tl_seat = (st.seats.index(seat) + 1) % len(st.seats)


def pass_(st: DRState, seat: str) -> None:
    st.events.say("pass", f"{say.cap(say.player(seat))} passes.", seat=seat)
    st.tl_passes += 1
    st.tl_seat = (st.seats.index(seat) + 1) % len(st.seats)


def after_move(st: DRState, owner: str) -> None:
    """The next player (after the card's owner) becomes the first player."""
    st.tl_first = st.tl_seat = (st.seats.index(owner) + 1) % len(st.seats)
    st.tl_passes = 0
    st.tl_forced = False


def can_activate(st: DRState, seat: str, card: str) -> bool:
    """A turned-over card activates its character if that character is still in play,
    under the card owner's control, and the card is not void this turn."""
    fig = st.figures.get(card)
    return fig is not None and fig.seat == seat and card not in st.no_card \
        and card not in st.exited and fig.pos != GONE


class Next(enum.Enum):
    """What comes next on the Action Timeline (:func:`advance`)."""

    PLAY = "play"            # a seat plays an Action Card or passes
    TURN_OVER = "turn_over"  # every player passed: the last card is turned over
    END = "end"              # no card is left anywhere: the turn is over


def advance(st: DRState) -> Next:
    """Run automatic passes (a seat without cards passes) and the forced play; say what
    comes next."""
    n = len(st.seats)
    while True:
        if not st.timeline and not any(st.hands.values()):
            return Next.END
        if st.tl_passes >= n:
            if st.timeline:
                return Next.TURN_OVER
            for k in range(n):  # forced play: the first player, else the next with cards
                seat = st.seats[(st.tl_first + k) % n]
                if st.hands[seat]:
                    st.tl_seat = st.seats.index(seat)
                    st.tl_forced = True
                    st.tl_passes = 0
                    return Next.PLAY
        seat = st.seats[st.tl_seat]
        if st.hands[seat] and not st.tl_forced:
            return Next.PLAY
        if st.tl_forced:
            return Next.PLAY
        st.tl_passes += 1  # no card left: an automatic pass
        st.tl_seat = (st.tl_seat + 1) % n


def turn_over(st: DRState) -> bool:
    """Turn the last card of the timeline over: True if it activates its character (its
    move is pushed above the timeline), False if the card is discarded."""
    play, owner, card = st.timeline.pop()
    st.discards[owner].append(card)
    if can_activate(st, owner, card):
        st.stack[-1] = ActionTimeline(Step.MOVE, owner)
        activate(st, owner, card, play)
        return True
    name = say.character(card, st.rules.data_dir)
    st.events.say("discard", f"Card #{play} is turned over: {say.players(owner)} {name}, "
                  f"{_why_discarded(st, owner, card)}; the card is discarded.",
                  seat=owner, card=card, play=play)
    after_move(st, owner)
    return False


def _why_discarded(st: DRState, owner: str, card: str) -> str:
    fig = st.figures.get(card)
    if fig is None:
        return "no longer in play"
    if card in st.exited:
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
