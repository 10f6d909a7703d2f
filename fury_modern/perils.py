"""A hunter in peril: the window "when a hunter would be bitten or defeated by damage"
(Great Strength; Lucy's Revenge lying before Lord Godalming in a combat).

The rules' own harm goes through :func:`hurt_hunter` and :func:`bite_hunter` here: when the
damage would defeat the hunter, or for any bite, the seats that may hold a card for the
moment are asked (:class:`Peril`) before it happens; a card played prevents it. With nobody
to ask, or damage that does not defeat, it happens at once (``health``). The window waits on
top of what caused it (a combat stays under it: ``combat._top``), and the rest of that
effect goes on meanwhile (a bitten hunter still leaves the combat, Fangs' influence still
advances: the card photograph says so of Fangs).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from gothic_kernel import Action
from gothic_kernel.windows import seats_to_ask

from . import health
from .actions import NO_CARD, PlayCard
from .cards import CardRule, CardWindow, Timing, held, offered, piles, play_card, playable, rule_of
from .rules import HUNTERS

if TYPE_CHECKING:
    from .state import ModernState


def hurt_hunter(state: ModernState, seat: str, damage: int, why: str) -> None:
    """``seat`` suffers ``damage``; at his health he is defeated, unless a card prevents it."""
    hunter = state.hunters[seat]
    if damage > 0 and not hunter.defeated and \
            hunter.damage + damage >= state.rules.hunters[seat].health and \
            threaten(state, seat, why, damage=damage):
        return
    health.hurt_hunter(state, seat, damage, why)


def bite_hunter(state: ModernState, seat: str, why: str) -> None:
    """A bite token on ``seat``'s sheet (with no free bite space he is defeated), unless a
    card prevents it."""
    if state.hunters[seat].defeated or threaten(state, seat, why):
        return
    health.bite_hunter(state, seat, why)


def lying_before(state: ModernState, seat: str) -> list[str]:
    """The cards lying before ``seat``, played earlier and still usable (Lucy's Revenge)."""
    return [card for card, rule in CardRule.rules.items() if rule.lies_before(state, seat)]


def threaten(state: ModernState, seat: str, why: str, *, damage: int = 0) -> bool:
    """``seat`` would be bitten (``damage`` 0) or defeated by ``damage``: a window opens
    (:class:`Peril`) if some seat may be asked, and the harm waits for it (True);
    otherwise it happens now (False)."""
    if state.is_over:
        return False
    events, items, _ = piles(state, Timing.WHEN_BITTEN_OR_DEFEATED)

    def holds(asked: str) -> bool:
        hunter = state.hunters[asked]
        return not hunter.defeated and ((events and bool(hunter.events))
                                        or (items and bool(hunter.items))
                                        or (asked == seat and bool(lying_before(state, asked))))

    order = (seat, *(h for h in HUNTERS if h != seat))
    asked = seats_to_ask(order, holds)
    if not asked:
        return False
    state.stack.append(Peril(Timing.WHEN_BITTEN_OR_DEFEATED, asked, hunter=seat, bite=not damage,
                             damage=damage, why=why))
    return True


@attrs.frozen
class Peril(CardWindow):
    """``hunter`` would be bitten (``bite``) or defeated by ``damage``: the window "when a
    hunter would be bitten or defeated by damage" (Great Strength; Lucy's Revenge lying
    before Lord Godalming). A card played prevents it; when every seat asked has played none,
    the harm happens. Whom it threatens and why is public, so being asked tells nothing."""

    KIND = "peril"
    bite: bool = False
    damage: int = 0
    why: str = ""

    def plays(self, state: ModernState, seat: str) -> list[Action]:
        cards = playable(state, seat, offered(self.timing))
        if seat == self.hunter:
            cards += [c for c in lying_before(state, seat) if c not in cards]
        return [PlayCard(c) for c in cards]

    def play(self, state: ModernState, seat: str, action: Action) -> None:
        assert isinstance(action, PlayCard)
        if action.card in held(state, seat):
            play_card(state, seat, action.card, self.timing)
        else:
            rule = rule_of(action.card)
            assert rule is not None
            rule.use(state, seat, self)

    def describe(self, state: ModernState, seat: str, action: Action) -> str:
        if isinstance(action, PlayCard) and action.card not in held(state, seat):
            return f"use {state.name(action.card)}"
        return super().describe(state, seat, action)

    def prompt(self, state: ModernState, seat: str) -> str:
        harm = "bitten" if self.bite else f"defeated by {self.damage} damage"
        return (f"{state.name(seat)}: {state.name(self.hunter)} would be {harm} ({self.why}) "
                "- play a card to prevent it, or none.")

    def apply(self, state: ModernState, seat: str, action: Action) -> None:
        closing = action == NO_CARD and self.passes + 1 >= len(self.seats)
        super().apply(state, seat, action)
        if closing:
            self.happen(state)

    def run(self, state: ModernState) -> None:
        state.stack.pop()
        self.happen(state)

    def happen(self, state: ModernState) -> None:
        if self.bite:
            health.bite_hunter(state, self.hunter, self.why)
        else:
            health.hurt_hunter(state, self.hunter, self.damage, self.why)


def prevent(state: ModernState, card: str) -> None:
    """The newest :class:`Peril` on the stack is prevented by ``card``."""
    for i in range(len(state.stack) - 1, -1, -1):
        peril = state.stack[i]
        if isinstance(peril, Peril):
            del state.stack[i]
            harm = "bite" if peril.bite else f"{peril.damage} damage"
            state.say("prevented", f"{state.name(card)} prevents the {harm} "
                                   f"{state.name(peril.hunter)} would suffer ({peril.why}).",
                      seat=peril.hunter, card=card)
            return


__all__ = ["Peril", "bite_hunter", "hurt_hunter", "lying_before", "prevent", "threaten"]
