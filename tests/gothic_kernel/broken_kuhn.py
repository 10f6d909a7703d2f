"""Deliberately broken variants of Kuhn poker: the conformance kit must catch each."""

from __future__ import annotations

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
    """Records the action before checking that it is legal."""

    def _apply(self, seat: str, action: Action) -> None:
        self.history.append("tried")
        self.history.pop()
        self.events.say("attempt", f"{seat} tries {action.TYPE}")
        super()._apply(seat, action)


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

    def resample(self, viewer: str, seed: int) -> KuhnState:
        twin = self.clone()
        twin.dice = Dice(seed)
        deck = list(CARDS)
        twin.dice.shuffle(deck)
        twin.cards = {"first": deck[0], "second": deck[1]}
        return twin


class IdleResampler(KuhnState):
    """Resamples nothing at all."""

    def resample(self, viewer: str, seed: int) -> KuhnState:
        return self.clone()


class LeakyErrorState(KuhnState):
    """Names the opponent's card when refusing an action."""

    def _apply(self, seat: str, action: Action) -> None:
        try:
            super()._apply(seat, action)
        except IllegalAction as exc:
            other = self.cards[SEATS[1 - SEATS.index(seat)]]
            raise IllegalAction(f"{exc.message} (by the way, they hold the {other})",
                                rule=exc.rule) from None


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
