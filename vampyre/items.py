"""Useful items ("Appendix II: Useful Items", "Searching a Large Hex").

A player keeps the useful items turned over in the large hexes (the black counters)
and the gifts noted on paper (a Strange Occurrence's, the Basic Game winner's:
``gift_<n>_<kind>``). Items work automatically where the rulebook says so; each kind
counts once in combat (``combat.bonus``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .state import VampyreState


def has_item(state: VampyreState, seat: str, kind: str) -> bool:
    """True if ``seat`` holds a useful item of ``kind``."""
    return any(state.item_kind(i) == kind for i in state.players[seat].items)


def spend_item(state: VampyreState, seat: str, kind: str) -> None:
    """Use up one item of ``kind`` (a gift first, then a counter, which is set aside)."""
    items = state.players[seat].items
    mine = [i for i in items if state.item_kind(i) == kind]
    item = next((i for i in mine if i.startswith("gift_")), mine[0])
    items.remove(item)
    if not item.startswith("gift_"):
        state.removed.append(item)


def gift(state: VampyreState, seat: str, kind: str) -> None:
    """A useful item that is not one of the black counters (a gift noted on paper)."""
    state.gifts += 1
    state.players[seat].items.append(f"gift_{state.gifts}_{kind}")


def lose_items(state: VampyreState, seat: str) -> None:
    """All useful items are lost (counters are set aside; gifts simply vanish)."""
    p = state.players[seat]
    state.removed.extend(i for i in p.items if not i.startswith("gift_"))
    p.items.clear()
