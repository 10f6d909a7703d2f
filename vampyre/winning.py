"""Winning ("How to Win", "Winning the Game").

The Basic Game: the first player to destroy three coffins wins, is healed of
every bite and takes a useful item of choice. If every coffin is found and no
one has three, the most coffins wins (ties: each rolls a die, high roller
wins); that winner takes an item but keeps the bites. Only vampire hunters win
(rulings: the converted do not count in the tally; if no hunter is left, the
darkness wins and nobody does).

The Extended Game: the hunter who defeats Count Dracula in combat has won.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from gothic_kernel import Action, IllegalAction, Outcome

from .actions import ChooseItem
from .castle import set_up
from .decisions import CHOOSE_ITEM, PlayerDecision
from .items import gift
from .state import CASTLE, HUNTER, TRANSYLVANIA
from .wording import the

if TYPE_CHECKING:
    from .state import VampyreState

RULE = "How to Win"

COFFINS_TO_WIN = 3

#: The outcome's level: the game in which it was decided, as the rulebook calls it; a game
#: of the option ``stage=castle`` is decided in Castle Dracula alone (no Extended Game was
#: played: it is the Basic Game and then the castle).
BASIC_GAME, EXTENDED_GAME, CASTLE_ALONE = "Basic Game", "Extended Game", "Castle Dracula"
LEVELS = {TRANSYLVANIA: BASIC_GAME, CASTLE: EXTENDED_GAME}


def level(state: VampyreState) -> str:
    """The level of an outcome decided now."""
    if state.stage == CASTLE and state.options["stage"] == "castle":
        return CASTLE_ALONE
    return LEVELS[state.stage]


def _scores(state: VampyreState) -> dict[str, float]:
    return {s: float(len(p.coffins)) for s, p in state.players.items()}


def coffin_found(state: VampyreState, seat: str) -> None:
    """After a coffin is burned: three wins; the last coffin ends the hunt."""
    if len(state.players[seat].coffins) >= COFFINS_TO_WIN:
        _basic_won(state, seat, three=True)
        return
    if not coffins_left(state):
        _most_coffins(state)


def coffins_left(state: VampyreState) -> bool:
    """Whether a coffin still lies face down in a large hex."""
    return any(state.rules.black_counters[c] == "coffin"
               for stack in state.stacks.values() for c in stack)


def basic_game_due(state: VampyreState) -> str:
    """Why the Basic Game should already be won, or "": a hunter holds three coffins, or
    every coffin is found (How to Win). A save of the hunt going on that says so is
    corrupt."""
    if state.basic_winner or state.stage != TRANSYLVANIA or state.result is not None:
        return ""
    for seat, p in state.players.items():
        if p.is_hunter and len(p.coffins) >= COFFINS_TO_WIN:
            return f"{state.name(seat)} has destroyed {len(p.coffins)} coffins"
    return "" if coffins_left(state) else "every coffin is found"


def _most_coffins(state: VampyreState) -> None:
    hunters = [s for s in state.seats if state.players[s].is_hunter]
    if not hunters:
        return
    best = max(len(state.players[s].coffins) for s in hunters)
    tied = [s for s in hunters if len(state.players[s].coffins) == best]
    while len(tied) > 1:
        rolls = {s: state.dice.d6() for s in tied}
        state.events.say("roll_off", "Tie for the most coffins; each rolls a die: "
                         + ", ".join(f"{state.name(s)} rolls {r}" for s, r in rolls.items()),
                         rolls=dict(rolls))
        high = max(rolls.values())
        tied = [s for s in tied if rolls[s] == high]
    _basic_won(state, tied[0], three=False)


def _basic_won(state: VampyreState, seat: str, *, three: bool) -> None:
    state.basic_winner = seat
    how = "three coffins" if three else "the most coffins"
    state.events.say("basic_game_won", f"{state.name(seat)} wins the Basic Game with {how}",
                     seat=seat, coffins=len(state.players[seat].coffins))
    if state.options["stage"] == "basic":
        state.result = Outcome((seat,), BASIC_GAME, f"{how} destroyed", _scores(state))
        return
    p = state.players[seat]
    if three and p.bites:
        p.bites = 0
        state.events.say("healed", f"{state.name(seat)} begins the Extended Game healed of "
                         "every vampire bite",
                         seat=seat)
    state.fights.clear()
    state.ask(ChoosingItem(seat))


def take_item(state: VampyreState, seat: str, item: str) -> None:
    """The winner of the Basic Game takes a useful item, and the Extended Game begins."""
    gift(state, seat, item)
    state.events.say("item_chosen", f"{state.name(seat)} chooses {state.name(item)} as the "
                     "winner's useful item",
                     seat=seat, item=item)
    set_up(state, seat)


@attrs.frozen
class ChoosingItem(PlayerDecision):
    """The winner of the Basic Game "is healed of every bite and takes a useful item of
    choice" into Castle Dracula (stage ``extended``)."""

    KIND = CHOOSE_ITEM
    RULE = RULE
    ACTIONS = (ChooseItem,)
    DOING = "choose a useful item"

    def legal_actions(self, state: VampyreState, seat: str) -> list[Action]:
        return [ChooseItem(item) for item in state.rules.items]

    def effect(self, state: VampyreState, seat: str, action: Action) -> None:
        assert isinstance(action, ChooseItem)
        take_item(state, seat, action.item)

    def why_not(self, state: VampyreState, seat: str, action: Action) -> IllegalAction:
        assert isinstance(action, ChooseItem)
        return IllegalAction(f"{action.item!r} is not a useful item; choose one of "
                             f"{', '.join(state.rules.items)}", rule=RULE)

    def prompt(self, state: VampyreState, seat: str) -> str:
        return (f"{state.name(seat)} has won the Basic Game: choose a useful item to take "
                "into Castle Dracula")

    @classmethod
    def label(cls, state: VampyreState, seat: str, action: Action) -> str:
        assert isinstance(action, ChooseItem)
        known = action.item in state.rules.items
        return f"take {the(state, action.item)}" if known else f"take {action.item!r}"

    def offered(self, state: VampyreState) -> bool:
        """The winner of the Basic Game, before Castle Dracula, in a game of both stages."""
        return self.seat == state.basic_winner and not state.in_castle \
            and state.options["stage"] == "extended"


def dracula_slain(state: VampyreState, seat: str) -> None:
    state.events.say("dracula_slain", f"{state.name(seat)} drives a stake through Dracula's "
                     "heart!", seat=seat)
    state.result = Outcome((seat,), level(state), "Count Dracula destroyed", _scores(state))


def check_end(state: VampyreState) -> None:
    """The game ends when no vampire hunter is left (asked as each turn ends)."""
    if state.is_over:
        return
    for p in state.players.values():
        if p.form == HUNTER and not p.out:
            return
    state.events.say("darkness", "No vampire hunter is left: the forces of darkness prevail")
    state.result = Outcome((), level(state), "no vampire hunter is left",
                           _scores(state))
