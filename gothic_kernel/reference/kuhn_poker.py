"""Kuhn poker: the smallest game with hidden information, as a kernel reference.

Three cards (jack, queen, king); each of two players antes one chip and is dealt
one card face down. ``first`` checks or bets one chip; ``second`` then checks or
bets (after a check), or calls or folds (after a bet); after check-bet, ``first``
calls or folds. A fold loses the pot; otherwise the higher card takes it.

It shows the shape of a game on the kernel: a rules object, a state of plain
data, actions as frozen attrs classes, a log with scoped entries, and a
resampler that redraws the cards the viewer has not seen.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import attrs

from ..actions import Action
from ..dice import Dice
from ..encoding import ActionEncoding, GameEncoding, Tensor, TensorLayout
from ..errors import CorruptSave, IllegalAction
from ..game import Game, LoggedState, Outcome
from ..log import Log
from ..serial import from_data, to_data
from ..visibility import PUBLIC, Scope, event

CARDS = ("jack", "queen", "king")
SEATS = ("first", "second")
RULE_BETTING = "Kuhn poker: betting"


@attrs.frozen
class Check(Action):
    """Pass without betting."""


@attrs.frozen
class Bet(Action):
    """Put one more chip in the pot."""


@attrs.frozen
class Call(Action):
    """Match the opponent's bet."""


@attrs.frozen
class Fold(Action):
    """Give up the pot."""


CHECK, BET, CALL, FOLD = Check(), Bet(), Call(), Fold()

# The betting tree: history so far -> legal moves of the player to act.
_MOVES: dict[tuple[str, ...], tuple[Action, ...]] = {
    (): (CHECK, BET),
    ("check",): (CHECK, BET),
    ("bet",): (CALL, FOLD),
    ("check", "bet"): (CALL, FOLD),
}


_LABELS = {"check": "check (bet nothing)", "bet": "bet one chip", "call": "call the bet",
           "fold": "fold (give up the pot)"}


def _possible(history: list[str]) -> bool:
    """True if ``history`` follows the betting tree."""
    for i, move in enumerate(history):
        moves = _MOVES.get(tuple(history[:i]))
        if moves is None or move not in (a.TYPE for a in moves):
            return False
    return True


@attrs.define
class KuhnData:
    """The whole state but the dice, as plain data."""

    cards: dict[str, str]
    history: list[str] = attrs.field(factory=list)


def _finished(history: list[str]) -> bool:
    """True once the betting is over: a fold, a call, or two checks."""
    return len(history) >= 2 and (history[-1] in ("fold", "call") or history == _CHECKED)


_CHECKED = ["check", "check"]
_TO_ACT = ((SEATS[0],), (SEATS[1],))


class KuhnState(LoggedState):
    """A hand of Kuhn poker."""

    def __init__(self, game: Game, dice: Dice, cards: dict[str, str],
                 history: list[str] | None = None, events: Log | None = None) -> None:
        self.game = game
        self.dice = dice
        self.cards = cards
        self.history = history if history is not None else []
        self.events = events if events is not None else Log()
        self._over = _finished(self.history)

    def invalidate(self) -> None:
        super().invalidate()
        self._over = _finished(self.history)

    # -- the contract ------------------------------------------------------------------
    @property
    def seats(self) -> tuple[str, ...]:
        return SEATS

    def current_seats(self) -> tuple[str, ...]:
        if self._over:
            return ()
        return _TO_ACT[len(self.history) % 2]

    def _legal_actions(self, seat: str) -> tuple[Action, ...]:
        if self._over or seat != SEATS[len(self.history) % 2]:
            return ()
        return _MOVES[tuple(self.history)]

    def explain_illegal(self, seat: str, action: Action) -> IllegalAction:
        allowed = " or ".join(a.TYPE for a in _MOVES[tuple(self.history)])
        return IllegalAction(f"{seat} may {allowed} now, not {action.TYPE}", rule=RULE_BETTING)

    def _prompt(self, seat: str) -> str:
        if self.history and self.history[-1] == "bet":
            return f"{seat.title()}: the other player bet; call or fold."
        return f"{seat.title()}: check or bet."

    def _describe_action(self, seat: str, action: Action) -> str:
        return _LABELS[action.TYPE]

    def _apply(self, seat: str, action: Action) -> None:
        self.history.append(action.TYPE)
        self.events.say(action.TYPE, f"{seat} {action.TYPE}s", seat=seat)
        if _finished(self.history):
            self._over = True
            self._settle()

    def _settle(self) -> None:
        winner, stake = self._result()
        if "fold" not in self.history:
            text = ", ".join(f"{s} shows the {self.cards[s]}" for s in SEATS)
            self.events.say("showdown", text, cards=dict(self.cards))
        self.events.say("result", f"{winner} wins {stake}", winner=winner)

    def _result(self) -> tuple[str, int]:
        """The winner of a finished hand, and the chips won."""
        history, cards = self.history, self.cards
        if history[-1] == "fold":
            winner = SEATS[len(history) % 2]  # the player who did not fold
        else:
            first, second = SEATS
            better = CARDS.index(cards[first]) > CARDS.index(cards[second])
            winner = first if better else second
        return winner, 1 + ("call" in history)

    def observation(self, viewer: str) -> dict[str, Any]:
        self.check_viewer(viewer)
        showdown = self.is_over and "fold" not in self.history
        return {
            "history": list(self.history),
            "to_act": None if self.is_over else SEATS[len(self.history) % 2],
            "pot": 2 + self.history.count("bet") + self.history.count("call"),
            "cards": {s: self.cards[s] if showdown or s == viewer else None for s in SEATS},
        }

    @property
    def is_over(self) -> bool:
        return self._over

    @property
    def outcome(self) -> Outcome | None:
        if not self.is_over:
            return None
        winner, stake = self._result()
        loser = SEATS[1 - SEATS.index(winner)]
        return Outcome((winner,), reason="fold" if "fold" in self.history else "showdown",
                       scores={winner: stake, loser: -stake})

    def clone(self) -> KuhnState:
        return type(self)(self.game, self.dice.clone(), dict(self.cards), self.history.copy(),
                         self.events.clone())

    def _resample(self, viewer: str, seed: int) -> KuhnState:
        """Redraw the cards ``viewer`` has not seen (all of them, for the public)."""
        twin = self.clone()
        twin.dice = Dice(seed)
        if self.is_over and "fold" not in self.history:
            return twin  # the showdown showed both cards
        rest = [c for c in CARDS if viewer == PUBLIC or c != self.cards[viewer]]
        twin.dice.shuffle(rest)
        for seat in SEATS:
            if seat != viewer:
                twin.cards[seat] = rest.pop()
        twin.events = Log(e if e.event.get("kind") != "deal" else
                          attrs.evolve(e, event={**e.event, "text": f"{e.event['seat']} is dealt "
                                                 f"the {twin.cards[e.event['seat']]}",
                                                 "card": twin.cards[e.event["seat"]]})
                          for e in self.events)
        return twin

    def to_data(self) -> dict[str, Any]:
        data: dict[str, Any] = to_data(KuhnData(self.cards, self.history))
        return data


class KuhnEncoding(GameEncoding):
    """Kuhn poker's fixed-size encoding: four action ids (check 0, bet 1, call 2, fold 3)
    and a 23-value observation tensor. Returns are the chips won or lost (-2 to 2)."""

    min_utility, max_utility = -2.0, 2.0

    def __init__(self, game: Game, options: dict[str, Any]) -> None:
        super().__init__(game, options)
        self.actions = ActionEncoding([(Check, {}), (Bet, {}), (Call, {}), (Fold, {})])
        layout = TensorLayout()
        layout.add("viewer", SEATS, doc="the viewer's seat (none for the public)")
        layout.add("cards", SEATS, CARDS, doc="each seat's card, where the viewer sees it")
        layout.add("history", 3, ("check", "bet", "call", "fold"), doc="the i-th bet")
        layout.add("to_act", SEATS, doc="the seat to act")
        layout.add("pot", 1, doc="chips in the pot / 4")
        self.layout = layout

    def observe(self, observation: Mapping[str, Any], viewer: str, tensor: Tensor) -> None:
        tensor.put("viewer", viewer if viewer in SEATS else None)
        for seat, card in observation["cards"].items():
            tensor.put("cards", (seat, card))
        for i, move in enumerate(observation["history"]):
            tensor.put("history", (i, move))
        tensor.put("to_act", observation["to_act"])
        tensor.number("pot", observation["pot"], 4)

    def returns(self, outcome: Outcome | None, seats: Sequence[str]) -> list[float]:
        if outcome is None:
            return [0.0 for _ in seats]
        return [float(outcome.scores[seat]) for seat in seats]


class KuhnPoker(Game):
    """The rules object of Kuhn poker."""

    name = "kuhn_poker"
    title = "Kuhn poker (kernel reference game)"
    seats = SEATS
    has_hidden_information = True
    action_types = (Check, Bet, Call, Fold)

    def make_encoding(self, options: dict[str, Any]) -> KuhnEncoding:
        return KuhnEncoding(self, options)

    def _new_game(self, dice: Dice, options: dict[str, Any]) -> KuhnState:
        deck = list(CARDS)
        dice.shuffle(deck)
        state = KuhnState(self, dice, {"first": deck[0], "second": deck[1]})
        for seat in SEATS:
            card = state.cards[seat]
            state.events.add(event("deal", f"{seat} is dealt the {card}", seat=seat, card=card),
                             Scope.seat(seat), event("deal", f"{seat} is dealt a card", seat=seat))
        return state

    def _state_from_data(self, data: Any, dice: Dice) -> KuhnState:
        plain = from_data(KuhnData, data)
        if sorted(plain.cards) != sorted(SEATS) or len(set(plain.cards.values())) != 2 \
                or not set(plain.cards.values()) <= set(CARDS):
            raise CorruptSave("Kuhn poker save: each seat must hold a different card")
        if not _possible(plain.history):
            raise CorruptSave(f"Kuhn poker save: impossible betting {plain.history}")
        return KuhnState(self, dice, plain.cards, plain.history)
