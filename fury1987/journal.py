"""The event log, with each entry's saved form kept once it is written.

A game's log only grows and its entries never change, so the JSON text of each
entry is computed once and reused by every later save (``to_json`` is called at
every step by replays, searches and the conformance kit).
"""

from __future__ import annotations

import json
from collections.abc import Iterable

from gothic_kernel import Log, LogEntry


class Journal(Log):
    """A :class:`gothic_kernel.Log` whose saved form is built incrementally."""

    __slots__ = ("_saved",)

    def __init__(self, entries: Iterable[LogEntry] = ()) -> None:
        super().__init__(entries)
        self._saved: list[str] = []

    def saved(self) -> list[str]:
        """Each entry as JSON text (``to_data`` of the entry, encoded)."""
        entries = self._entries
        while len(self._saved) < len(entries):
            entry = entries[len(self._saved)]
            self._saved.append(json.dumps(entry.to_data(), separators=(",", ":")))
        return self._saved

    def clone(self) -> Journal:
        twin = Journal.__new__(Journal)
        twin._entries = self._entries.copy()
        twin._saved = self._saved.copy()
        return twin

    @staticmethod
    def from_saved(texts: Iterable[str]) -> Journal:
        texts = list(texts)
        journal = Journal(LogEntry.from_data(json.loads(t)) for t in texts)
        journal._saved = texts
        return journal
