"""What the public record says about the Vampires on Dracula's Chart over time.

Hypnosis makes Dracula announce "how many Vampires he has on his Strategy & Movement
Chart" (Reference 4 - Event Cards - HYPNOSIS): a fact about a past moment of his hidden
Chart. A redrawn copy of the game (:mod:`fury1987.resample`) must agree with it. This
module reads the clues into *episodes*, one per chit that was on the Chart, each with the
window in which it was placed and the window in which it left; with a drawn history of
Dracula's Action Phases it bounds how many Vampires the copy had at each announcement.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

import attrs

if TYPE_CHECKING:
    from .state import FuryState

NEVER = 10**9


@attrs.define
class Episode:
    """One chit's stay on the Chart: ``vampire`` is 1, 0, or None (not known); it was
    placed in ``(placed_after, placed_by]`` and left in ``(left_after, left_by]``
    (``NEVER`` while it is still there)."""

    town: str
    vampire: int | None
    placed_after: int
    placed_by: int
    left_after: int = NEVER
    left_by: int = NEVER
    seen_at: int = -1


def announcements(clues: Sequence[Mapping[str, Any]]) -> list[tuple[int, int]]:
    """(clue index, Vampires announced) for every Hypnosis that worked."""
    return [(i, int(c["count"])) for i, c in enumerate(clues) if c["k"] == "vampires"]


def episodes(twin: FuryState) -> list[Episode]:
    """Every chit the public record or the copy's hidden Chart puts on the Chart."""
    return _walked(twin).finish(len(twin.clues), twin.chart)


def _walked(twin: FuryState) -> _Walk:
    walk = _Walk(twin.rules.encounters)
    for i, clue in enumerate(twin.clues):
        if clue["k"] == "search" and clue.get("box") is not None:
            walk.search(i, clue["town"], clue["box"])
        elif clue["k"] == "box":
            walk.noted(i, clue["town"], clue["after"])
    return walk


@attrs.define
class _Walk:
    """The Chart's public record read clue by clue: the boxes known empty since
    (``start``), the chits known to be there (``held``), the stays that ended (``done``)."""

    enc: Any
    start: dict[str, int] = attrs.field(factory=dict)
    held: dict[str, Episode] = attrs.field(factory=dict)
    done: list[Episode] = attrs.field(factory=list)

    def close(self, town: str, after: int, by: int) -> None:
        gone = self.held.pop(town, None)
        if gone is not None:
            gone.left_after, gone.left_by = after, by
            self.done.append(gone)

    def search(self, i: int, town: str, box: str) -> None:
        """A Hunter looked into the box (``?``: a chit went back to the Set unseen)."""
        held = self.held.get(town)
        if held is not None and box not in ("", "?") \
                and held.vampire == int(self.enc.is_vampire(box)):
            held.seen_at = i  # still there (or one like it)
            return
        if held is not None:  # gone since it was last seen (consumed), or back to the Set
            self.close(town, held.seen_at if box != "?" else i - 1, i)
        elif box == "?":
            self.done.append(Episode(town, None, self.start.get(town, 0), i, i - 1, i))
        if box in ("", "?"):
            self.start[town] = i
        else:
            self.held[town] = Episode(town, int(self.enc.is_vampire(box)),
                                      self.start.get(town, 0), i, seen_at=i)

    def noted(self, i: int, town: str, after: str) -> None:
        """What the Hunters noted remains after an Action Phase."""
        if after == "":
            self.close(town, i - 1, i)
            self.start[town] = i
        elif town in self.held:
            self.held[town].seen_at = i
        else:  # a Hunter-Vampire put there in plain view
            self.held[town] = Episode(town, int(self.enc.is_vampire(after)), i - 1, i,
                                      seen_at=i)

    def finish(self, now: int, chart: Mapping[str, str]) -> list[Episode]:
        for town, held in self.held.items():
            if chart.get(town) is None:  # consumed unseen after it was last seen
                held.left_after, held.left_by = held.seen_at, now
            self.done.append(held)
        for town, chit in chart.items():
            if town not in self.held:
                self.done.append(Episode(town, int(self.enc.is_vampire(chit)),
                                         self.start.get(town, 0), now))
        return self.done


def vampire_bounds(twin: FuryState, at: int, phases: Sequence[tuple[int, str]],
                   found: list[Episode]) -> tuple[int, int]:
    """The fewest and most Vampires the copy may have had on its Chart at clue ``at``,
    given its drawn Action Phases ``phases`` ((move clue, Town), in order)."""
    consumed_after = sum(1 for i, c in enumerate(twin.clues)
                         if i > at and c["k"] == "turn" and c.get("consumed"))
    low, high = 0, consumed_after  # a Vampire never seen, consumed since: maybe there
    for e in found:
        may_be, may_not = _presence(e, at, phases)
        if not may_be or e.vampire == 0:
            continue
        high += 1
        if e.vampire == 1 and not may_not:
            low += 1
    return low, high


def _presence(e: Episode, at: int, phases: Sequence[tuple[int, str]]) -> tuple[bool, bool]:
    """Whether the chit may have been on the Chart at clue ``at``, and whether it may not."""
    times = [k for k, town in phases if town == e.town and e.placed_after < k <= e.placed_by]
    if times:
        placed_before = any(k < at for k in times)
        placed_later = any(k > at for k in times)
    else:  # a window the history was not made to fill: any time in it
        placed_before = e.placed_after < at
        placed_later = e.placed_by > at
    left_before = e.left_after < at
    left_later = e.left_by > at
    return placed_before and left_later, placed_later or left_before


class AnnouncedVampires:
    """The Vampire counts Dracula announced, as a test of a redrawn hidden Chart.

    Built once for a drawn history (its Action Phases ``phases``) and the Towns whose
    boxes are redrawn (``hidden``); :meth:`allows` then checks each deal cheaply."""

    def __init__(self, twin: FuryState, phases: Sequence[tuple[int, str]],
                 hidden: Sequence[str]) -> None:
        self.enc = twin.rules.encounters
        self.said = announcements(twin.clues)
        self.public: list[tuple[int, int]] = []
        self.presence: list[dict[str, tuple[bool, bool]]] = []
        if not self.said:
            return
        walk = _walked(twin)
        now = len(twin.clues)
        shown = {t: c for t, c in twin.chart.items() if t not in hidden}
        known = walk.finish(now, shown)
        for at, _ in self.said:
            self.public.append(vampire_bounds(twin, at, phases, known))
            self.presence.append({
                town: _presence(Episode(town, None, walk.start.get(town, 0), now), at, phases)
                for town in hidden})

    def allows(self, chart: Mapping[str, str]) -> bool:
        """Every announced count is possible with this Chart's hidden boxes."""
        for (_, count), (low, high), presence in zip(self.said, self.public, self.presence,
                                                    strict=True):
            for town, (may_be, may_not) in presence.items():
                chit = chart.get(town)
                if chit is not None and may_be and self.enc.is_vampire(chit):
                    high += 1
                    low += not may_not
            if not low <= count <= high:
                return False
        return True
