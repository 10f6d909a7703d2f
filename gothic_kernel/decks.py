"""Ordered card piles, discard piles, reshuffle policies and hands.

A :class:`Deck` is a draw pile (the last item of ``cards`` is the top) with a
face-up ``discards`` pile. What happens when the pile runs down is a
:class:`Reshuffle` policy:

* ``NEVER``: an empty pile stays empty (drawing from it is a rule error);
* ``WHEN_EMPTY``: the discards are shuffled to form a new pile;
* ``KEEP_TOP_CARD``: the top card is never taken; once it is reached it and
  the discards are shuffled to form a new pile (Fury of Dracula, 1987: Event
  Cards are drawn from the bottom and the top card is never taken).
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Iterator

import attrs

from .dice import Dice
from .errors import RuleError


class Reshuffle(enum.Enum):
    NEVER = "never"
    WHEN_EMPTY = "when_empty"
    KEEP_TOP_CARD = "keep_top_card"


@attrs.define
class Deck:
    """A draw pile and its discards. Cards are ids; copies may repeat."""

    cards: list[str] = attrs.field(factory=list)
    discards: list[str] = attrs.field(factory=list)
    reshuffle: Reshuffle = Reshuffle.WHEN_EMPTY

    @classmethod
    def shuffled(cls, cards: Iterable[str], dice: Dice,
                 reshuffle: Reshuffle = Reshuffle.WHEN_EMPTY) -> Deck:
        """A new deck of ``cards`` in random order."""
        deck = cls(list(cards), [], reshuffle)
        dice.shuffle(deck.cards)
        return deck

    # -- what can be drawn --------------------------------------------------------------
    @property
    def drawable(self) -> int:
        """How many cards can be drawn before the pile must be renewed."""
        if self.reshuffle is Reshuffle.KEEP_TOP_CARD:
            return max(len(self.cards) - 1, 0)
        return len(self.cards)

    def can_draw(self) -> bool:
        """True if a card can be drawn now (renewing the pile if the policy allows)."""
        if self.drawable:
            return True
        return self.reshuffle is not Reshuffle.NEVER and bool(self.discards)

    def _renew_if_needed(self, dice: Dice) -> None:
        if self.drawable:
            return
        if self.reshuffle is Reshuffle.NEVER or not self.discards:
            raise RuleError("the draw pile is empty and there are no discards to renew it")
        self._renew(dice)

    def _renew(self, dice: Dice) -> None:
        """The pile (its kept top card included) and the discards form a new pile."""
        self.cards.extend(self.discards)
        self.discards.clear()
        dice.shuffle(self.cards)

    # -- drawing -------------------------------------------------------------------------
    def draw_top(self, dice: Dice) -> str:
        """Take the top card (renewing the pile first if it must be)."""
        if self.reshuffle is Reshuffle.KEEP_TOP_CARD:
            raise RuleError("the top card of this pile is never taken")
        self._renew_if_needed(dice)
        return self.cards.pop()

    def draw_bottom(self, dice: Dice) -> str:
        """Take the bottom card (renewing the pile first if it must be)."""
        self._renew_if_needed(dice)
        card = self.cards.pop(0)
        if self.reshuffle is Reshuffle.KEEP_TOP_CARD and not self.drawable and self.discards:
            self._renew(dice)  # the top card is reached: it and the discards form a new pile
        return card

    def take(self, card: str) -> str:
        """Take a named card out of the draw pile (a search through the deck)."""
        try:
            self.cards.remove(card)
        except ValueError:
            raise RuleError(f"{card!r} is not in the draw pile") from None
        return card

    # -- returning cards ---------------------------------------------------------------
    def discard(self, card: str) -> None:
        """Put a card face up on the discards."""
        self.discards.append(card)

    def put_top(self, card: str) -> None:
        self.cards.append(card)

    def put_bottom(self, card: str) -> None:
        self.cards.insert(0, card)

    def shuffle(self, dice: Dice, *, with_discards: bool = False) -> None:
        """Shuffle the draw pile (and first gather the discards into it, if asked)."""
        if with_discards:
            self.cards.extend(self.discards)
            self.discards.clear()
        dice.shuffle(self.cards)

    def peek_top(self) -> str | None:
        return self.cards[-1] if self.cards else None

    def __len__(self) -> int:
        return len(self.cards)

    def __iter__(self) -> Iterator[str]:
        """Every card the deck holds: draw pile bottom to top, then the discards."""
        yield from self.cards
        yield from self.discards

    def clone(self) -> Deck:
        return Deck(self.cards.copy(), self.discards.copy(), self.reshuffle)


@attrs.define
class Hand:
    """Cards held by one seat, with an optional hand limit."""

    cards: list[str] = attrs.field(factory=list)
    limit: int | None = None

    def add(self, card: str) -> None:
        """Take a card in hand; the hand may go over its limit until the game has the
        holder discard down (see :attr:`excess`)."""
        self.cards.append(card)

    def remove(self, card: str) -> str:
        try:
            self.cards.remove(card)
        except ValueError:
            raise RuleError(f"{card!r} is not in this hand") from None
        return card

    @property
    def excess(self) -> int:
        """How many cards must be discarded to respect the hand limit."""
        if self.limit is None:
            return 0
        return max(len(self.cards) - self.limit, 0)

    @property
    def is_full(self) -> bool:
        return self.limit is not None and len(self.cards) >= self.limit

    def __contains__(self, card: object) -> bool:
        return card in self.cards

    def __len__(self) -> int:
        return len(self.cards)

    def __iter__(self) -> Iterator[str]:
        return iter(self.cards)

    def clone(self) -> Hand:
        return Hand(self.cards.copy(), self.limit)
