"""Deliberately broken variants of Kuhn poker: the conformance kit must catch each."""

from __future__ import annotations

import enum
import random
from typing import Any

from gothic_kernel import Action, Dice, IllegalAction, Log
from gothic_kernel.reference.kuhn_poker import CARDS, SEATS, KuhnPoker, KuhnState


class LeakyState(KuhnState):
    """Shows the opponent's card in the observation."""

    def observation(self, viewer: str) -> dict[str, Any]:
        obs = super().observation(viewer)
        if viewer in SEATS:
            obs["opponent_card"] = self.cards[SEATS[1 - SEATS.index(viewer)]]
        return obs


class MutatingState(KuhnState):
    """Records the attempt while explaining why an action is refused."""

    def explain_illegal(self, seat: str, action: Action) -> IllegalAction:
        self.events.say("attempt", f"{seat} tries {action.TYPE}")
        return super().explain_illegal(seat, action)


class UnlistedAcceptingState(KuhnState):
    """Skips the kernel's check: plays any betting move, listed or not."""

    def apply(self, seat: str, action: Action | Any) -> None:
        if seat not in self.current_seats():
            raise IllegalAction("not your turn", rule="sequence of play")
        action = self.game.parse_action(action)
        self.invalidate()
        self._apply(seat, action)


class AliasedObservationState(KuhnState):
    """Hands out its own betting history inside the observation."""

    def observation(self, viewer: str) -> dict[str, Any]:
        obs = super().observation(viewer)
        obs["history"] = self.history
        return obs


class HiddenOrderState(KuhnState):
    """Orders the first player's choices by the opponent's hidden card."""

    def _legal_actions(self, seat: str) -> tuple[Action, ...]:
        found = super()._legal_actions(seat)
        if self.cards[SEATS[1 - SEATS.index(seat)]] == "king":
            return tuple(reversed(found))
        return found


class LeakyPromptState(KuhnState):
    """Tells the player to act what the opponent holds."""

    def _prompt(self, seat: str) -> str:
        other = self.cards[SEATS[1 - SEATS.index(seat)]]
        return f"{super()._prompt(seat)} They hold the {other}."


class SameLabelState(KuhnState):
    """Labels every action alike, so a person cannot tell them apart."""

    def _describe_action(self, seat: str, action: Action) -> str:
        return "do something"


class LeakyLabelState(KuhnState):
    """Labels the acting player's bet, for anyone else, with the card behind it (trial
    s27 G-q: a label of another seat's action named what that seat holds)."""

    def _describe_action(self, seat: str, action: Action) -> str:
        acting = self.current_seats()
        if seat in acting or not acting:
            return super()._describe_action(seat, action)
        return f"{super()._describe_action(seat, action)} holding the {self.cards[acting[0]]}"


class CrashingLabelState(KuhnState):
    """Labels only the seat's own listed actions, raising KeyError for any other (trial
    s27 G-r: labels of unlisted actions raised bare AssertionError and KeyError)."""

    def _describe_action(self, seat: str, action: Action) -> str:
        own = dict.fromkeys(self.listed(seat), "")
        return own[action] + super()._describe_action(seat, action)


class Turn(enum.StrEnum):
    FIRST = "first"
    SECOND = "second"


class EnumObservationState(KuhnState):
    """Hands out whose turn it is as an enum member (a str, so json.dumps takes it; trial
    s27 G-g: "a plain JSON-native dict" held Step, Timing, Stage members)."""

    def observation(self, viewer: str) -> dict[str, Any]:
        seen = super().observation(viewer)
        if seen["to_act"] is not None:
            seen["to_act"] = Turn(seen["to_act"])
        return seen


class NondeterministicGame(KuhnPoker):
    """Deals with Python's global random module instead of the game's dice."""

    def _new_game(self, dice: Dice, options: dict[str, Any]) -> KuhnState:
        state = super()._new_game(dice, options)
        first, second = random.sample(CARDS, 2)
        state.cards = {"first": first, "second": second}
        state.events = Log()
        return state


class ViewerChangingResampler(KuhnState):
    """Redraws every card, the viewer's own included."""

    def _resample(self, viewer: str, seed: int) -> KuhnState:
        twin = self.clone()
        twin.dice = Dice(seed)
        deck = list(CARDS)
        twin.dice.shuffle(deck)
        twin.cards = {"first": deck[0], "second": deck[1]}
        return twin


class IdleResampler(KuhnState):
    """Resamples nothing at all."""

    def _resample(self, viewer: str, seed: int) -> KuhnState:
        return self.clone()


class LeakyErrorState(KuhnState):
    """Names the opponent's card when refusing an action."""

    def explain_illegal(self, seat: str, action: Action) -> IllegalAction:
        exc = super().explain_illegal(seat, action)
        other = self.cards[SEATS[1 - SEATS.index(seat)]]
        return IllegalAction(f"{exc.message} (by the way, they hold the {other})",
                             rule=exc.rule)


def variant(state_class: type[KuhnState], base: type[KuhnPoker] = KuhnPoker) -> KuhnPoker:
    """A Kuhn poker game whose states are of ``state_class``."""

    class Variant(base):  # type: ignore[valid-type,misc]
        def _new_game(self, dice: Dice, options: dict[str, Any]) -> KuhnState:
            state: KuhnState = super()._new_game(dice, options)
            state.__class__ = state_class
            return state

        def _state_from_data(self, data: Any, dice: Dice) -> KuhnState:
            state: KuhnState = super()._state_from_data(data, dice)
            state.__class__ = state_class
            return state

    return Variant()
