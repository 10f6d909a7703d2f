"""Random bags: the encounter pool, the weapons pool, face-down counters.

A :class:`Pool` holds counters in no order; a draw takes one at random.
Counters put *aside* (discarded, used up) return to the bag when it is empty
and the pool remixes (``remix=True``), as the rulebooks' pools do.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator

import attrs

from .dice import Dice
from .errors import RuleError


@attrs.define
class Pool:
    """A bag of counter ids drawn at random, with an aside pile for discards."""

    bag: list[str] = attrs.field(factory=list)
    aside: list[str] = attrs.field(factory=list)
    remix: bool = True

    def can_draw(self) -> bool:
        return bool(self.bag) or (self.remix and bool(self.aside))

    def draw(self, dice: Dice) -> str:
        """Draw one counter at random, remixing the aside pile in if the bag is empty."""
        if not self.bag:
            if not (self.remix and self.aside):
                raise RuleError("the pool is empty")
            self.bag, self.aside = self.aside, []
        i = dice.index(len(self.bag))
        self.bag[i], self.bag[-1] = self.bag[-1], self.bag[i]
        return self.bag.pop()

    def draw_many(self, count: int, dice: Dice) -> list[str]:
        return [self.draw(dice) for _ in range(count)]

    def take(self, counter: str) -> str:
        """Take a named counter out of the bag (the rules say which, not chance)."""
        try:
            self.bag.remove(counter)
        except ValueError:
            raise RuleError(f"{counter!r} is not in the pool") from None
        return counter

    def put_back(self, counter: str) -> None:
        """Return a counter to the bag at once."""
        self.bag.append(counter)

    def set_aside(self, counter: str) -> None:
        """Discard a counter; it returns when the pool remixes."""
        self.aside.append(counter)

    def remix_now(self) -> None:
        """Mix the aside pile back into the bag."""
        self.bag.extend(self.aside)
        self.aside.clear()

    def counts(self) -> Counter[str]:
        """How many of each counter are in the bag (a public count when the bag is)."""
        return Counter(self.bag)

    def __len__(self) -> int:
        return len(self.bag)

    def __iter__(self) -> Iterator[str]:
        """Every counter the pool holds: the bag, then the aside pile."""
        yield from self.bag
        yield from self.aside

    def clone(self) -> Pool:
        return Pool(self.bag.copy(), self.aside.copy(), self.remix)


def pool_of(counts: Iterable[tuple[str, int]], *, remix: bool = True) -> Pool:
    """A pool holding ``n`` copies of each named counter."""
    return Pool([name for name, n in counts for _ in range(n)], [], remix)
