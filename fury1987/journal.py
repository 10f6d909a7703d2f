"""The event log, with each entry's saved form kept once it is written.

A game's log only grows and its entries never change, so the JSON text of each
entry is computed once and reused by every later save (``to_json`` is called at
every step by replays, searches and the conformance kit), and reading a save
back reuses the entries already read from the same text.
"""

from __future__ import annotations

import base64
import json
import zlib
from collections.abc import Callable, Iterable
from typing import Any

from gothic_kernel import Log, LogEntry, Scope

_READ: dict[str, LogEntry] = {}
_READ_LIMIT = 200_000


def _entry(text: str) -> LogEntry:
    """The log entry saved as ``text`` (entries are immutable, so one object serves all)."""
    found = _READ.get(text)
    if found is None:
        if len(_READ) >= _READ_LIMIT:
            _READ.clear()
        data = json.loads(text)
        if isinstance(data, dict):  # a public entry: the event alone
            found = LogEntry(data)
        else:
            found = LogEntry(data[0], Scope.from_data(data[1]), data[2])
        _READ[text] = found
    return found


def _text(entry: LogEntry) -> str:
    """The saved form: a public entry is its event; others [event, scope, public form]."""
    if entry.scope.kind == "public" and entry.public is None:
        return json.dumps(dict(entry.event), separators=(",", ":"))
    public = None if entry.public is None else dict(entry.public)
    return json.dumps([dict(entry.event), entry.scope.to_data(), public],
                      separators=(",", ":"))


_REDACTED: dict[str, tuple[LogEntry, str]] = {}


def _redacted(entry: LogEntry, text: str) -> tuple[LogEntry, str]:
    found = _REDACTED.get(text)
    if found is None:
        if len(_REDACTED) >= _READ_LIMIT:
            _REDACTED.clear()
        hidden = LogEntry({"kind": entry.event.get("kind", "secret"),
                           "text": "(a secret, redrawn by resampling)"},
                          entry.scope, entry.public)
        found = _REDACTED[text] = (hidden, _text(hidden))
    return found


class Journal(Log):
    """A :class:`gothic_kernel.Log` whose saved form is built incrementally."""

    __slots__ = ("_packed", "_saved")

    def __init__(self, entries: Iterable[LogEntry] = ()) -> None:
        super().__init__(entries)
        self._saved: list[str] = []
        self._packed: tuple[int, str] = (0, "")

    def saved(self) -> list[str]:
        """Each entry as JSON text (see :func:`_text`)."""
        entries = self._entries
        while len(self._saved) < len(entries):
            entry = entries[len(self._saved)]
            self._saved.append(_text(entry))
        return self._saved

    def packed(self) -> dict[str, Any]:
        """The saved form of the whole log: its entries' texts, one a line, compressed
        (a long game's log is most of a save, and saves are taken at every step)."""
        saved = self.saved()
        if self._packed[0] != len(saved):
            blob = zlib.compress("\n".join(saved).encode(), 1)
            self._packed = (len(saved), base64.b64encode(blob).decode())
        return {"entries": len(saved), "zlib": self._packed[1]}

    @staticmethod
    def unpacked(data: Any) -> Journal:
        """The log saved by :meth:`packed` (or a plain list of entry texts)."""
        if isinstance(data, dict):
            text = zlib.decompress(base64.b64decode(data["zlib"])).decode()
            texts = text.split("\n") if text else []
            if len(texts) != int(data["entries"]):
                raise ValueError("the log's entry count does not match")
            journal = Journal.from_saved(texts)
            journal._packed = (len(texts), str(data["zlib"]))
            return journal
        return Journal.from_saved(data)

    def clone(self) -> Journal:
        twin = Journal.__new__(Journal)
        twin._entries = self._entries.copy()
        twin._saved = self._saved.copy()
        twin._packed = self._packed
        return twin

    def redacted(self, keep: Callable[[LogEntry], bool]) -> Journal:
        """A copy where each entry ``keep`` rejects keeps its kind, scope and public form
        but says only that its secret was redrawn (used by resampling)."""
        saved = self.saved()
        twin = Journal.__new__(Journal)
        twin._entries = []
        twin._saved = []
        twin._packed = (0, "")
        for entry, text in zip(self._entries, saved, strict=True):
            if not keep(entry):
                entry, text = _redacted(entry, text)
            twin._entries.append(entry)
            twin._saved.append(text)
        return twin

    @staticmethod
    def from_saved(texts: Iterable[str]) -> Journal:
        saved = [str(t) for t in texts]
        journal = Journal(_entry(t) for t in saved)
        journal._saved = saved
        return journal
