"""The Action Timeline ("Action Cards", "Action Card Sequence", "Killed Characters").

Starting with the first player, each player plays one Action Card face down or
passes; a player without cards passes automatically. Once every player has passed
in a row, the last card of the timeline is turned over and its character is
activated. With an empty timeline the first player must play a card, or the next
player if the first has none. After a move, the player after the card's owner
becomes the first player.
"""

from __future__ import annotations

from gothic_kernel import Scope, event

from . import narration as say
from .characters import GONE
from .state import DRState

RULE = "Action Cards"


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
    st.phase = "timeline"
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
    st.phase = "timeline"


def can_activate(st: DRState, seat: str, card: str) -> bool:
    """A turned-over card activates its character if that character is still in play,
    under the card owner's control, and the card is not void this turn."""
    fig = st.figures.get(card)
    return fig is not None and fig.seat == seat and card not in st.no_card \
        and card not in st.exited and fig.pos != GONE


def advance(st: DRState) -> str:
    """Run automatic passes; return "decide" (a seat must play or pass), "flip" (turn
    the last card over) or "end" (the turn is over)."""
    n = len(st.seats)
    while True:
        if not st.timeline and not any(st.hands.values()):
            return "end"
        if st.tl_passes >= n:
            if st.timeline:
                return "flip"
            for k in range(n):  # forced play: the first player, else the next with cards
                seat = st.seats[(st.tl_first + k) % n]
                if st.hands[seat]:
                    st.tl_seat = st.seats.index(seat)
                    st.tl_forced = True
                    st.tl_passes = 0
                    return "decide"
        seat = st.seats[st.tl_seat]
        if st.hands[seat] and not st.tl_forced:
            return "decide"
        if st.tl_forced:
            return "decide"
        st.tl_passes += 1  # no card left: an automatic pass
        st.tl_seat = (st.tl_seat + 1) % n
