"""The event log: append-only, shared by clones, saved compactly, read back lazily.

A :class:`Log` holds :class:`~gothic_kernel.visibility.LogEntry` objects, which
never change once written. Its cost does not grow with the game where that matters:

* **clone** shares every entry already written. The entries sit in sealed chunks
  (tuples of :data:`LOG_CHUNK` entries) that clones share, and a short tail of the
  latest entries that a clone copies.
* **reading and saving** keep what was worked out (each viewer's view, the JSON text)
  and only add the entries written since.
* **loading**: :meth:`LoggedState.to_json <gothic_kernel.game.LoggedState.to_json>`
  writes the log last, followed by its *seal* (``"log_seal":"<entries>:<characters>:
  <crc32>"``). :func:`split_save` finds the log's text from the seal without parsing
  it and checks it against the seal's checksum, so a damaged log is refused at load;
  the entries are parsed (and checked) only when first read. A save that does not
  end as written (pretty-printed, or its state edited by hand) is parsed, and its log
  checked against the seal all the same: a log edited or cut is refused at load. Saves
  of format 1 (no seal) are parsed and checked in full. The seal is a checksum, not a
  signature: it catches a damaged or edited log, not a forger who works it out again.

A public entry with no other form is kept as its bare event (a dict of plain values,
which the cyclic garbage collector stops tracking, while a :class:`LogEntry` it would
track: a long game's log is most of what outlives a step); readers get LogEntry objects.

Each entry is saved compactly (:meth:`~gothic_kernel.visibility.LogEntry.to_saved`):
a public entry with no other form as its bare event, any other as
``[event, scope code, public form]``.
"""

from __future__ import annotations

import itertools
import json
import zlib
from collections.abc import Iterable, Iterator, Mapping
from typing import Any

from .errors import CorruptSave
from .visibility import JSON, LogEntry, Scope, copy_json, scope_from_code

#: How many entries a log seals into one shared, immutable chunk.
LOG_CHUNK = 64
_PUBLIC = Scope.public()
_LOG_KEY = ',"log":'
_SEAL_KEY = ',"log_seal":"'
#: One entry as a log keeps it: a public event with no other form as its bare dict (the
#: entry ``LogEntry(event)``), any other as its :class:`LogEntry`.
_Kept = LogEntry | dict[str, JSON]


def _entry(kept: _Kept) -> LogEntry:
    """The entry ``kept`` stands for."""
    return LogEntry(kept) if isinstance(kept, dict) else kept


def _kept(entry: LogEntry) -> _Kept:
    """How a log keeps ``entry``."""
    if entry.public is None and entry.scope is _PUBLIC and type(entry.event) is dict:
        return entry.event
    return entry


class _SavedEntries:
    """The first entries of a loaded log, kept as the JSON text they were saved as (its
    checksum already matched) until one of the logs sharing them reads them."""

    __slots__ = ("_entries", "count", "text")

    def __init__(self, text: str, count: int) -> None:
        self.text, self.count = text, count
        self._entries: tuple[_Kept, ...] | None = None

    def entries(self) -> tuple[_Kept, ...]:
        """The entries, parsed and checked the first time; CorruptSave if they are not
        what a log saves (text that matches its checksum yet was not written by a Log)."""
        if self._entries is None:
            try:
                entries = tuple(_read_entries(json.loads(f"[{self.text}]"), copy=False))
            except (ValueError, KeyError, TypeError) as exc:
                raise CorruptSave(f"corrupt log: {exc}") from None
            if len(entries) != self.count:
                raise CorruptSave(f"corrupt log: {len(entries)} entries, its seal says "
                                  f"{self.count}")
            self._entries = entries
        return self._entries


class Log:
    """An append-only event log whose clones share everything already written.

    Entries never change once written, so cloning costs the same after ten entries or
    ten thousand (see the module docstring). What has been worked out about the first
    entries (each viewer's view, the JSON text) is kept and shared too: reading or
    saving a long game's log costs only the entries added since the last time.
    """

    __slots__ = ("_chunks", "_read", "_saved", "_tail", "_text", "_views")

    def __init__(self, entries: Iterable[LogEntry] = ()) -> None:
        if entries == ():
            self._chunks: tuple[tuple[_Kept, ...], ...] = ()
            self._tail: list[_Kept] = []
        else:
            self._store(list(entries))  # kept as they are: readers get these objects
        self._saved: _SavedEntries | None = None
        self._views: dict[str, tuple[int, tuple[Mapping[str, JSON], ...]]] = {}
        self._text: tuple[int, str, int] = (0, "", 0)  # entries, their text, its crc32
        #: The entries as readers get them, made once, so that they are the same objects
        #: at every reading (and in every clone sharing them): a list, shared with clones,
        #: of which this log owns the first ``_read[1]`` (see :meth:`_since`).
        self._read: tuple[list[LogEntry], int] = ([], 0)

    def _store(self, every: list[_Kept]) -> None:
        cut = len(every) - len(every) % LOG_CHUNK
        self._chunks = tuple(tuple(every[i:i + LOG_CHUNK]) for i in range(0, cut, LOG_CHUNK))
        self._tail = every[cut:]

    # -- writing ------------------------------------------------------------------------
    def add(self, entry: Mapping[str, JSON], scope: Scope = _PUBLIC,
            public: Mapping[str, JSON] | None = None) -> None:
        """Record ``entry`` under ``scope``; others see ``public`` (or nothing).

        The log keeps what it is given (entries never change once written): a game
        must not change a dict or list after logging it. Readers get copies."""
        tail = self._tail
        if scope is _PUBLIC and public is None and type(entry) is dict:
            tail.append(entry)
        else:
            tail.append(LogEntry(entry, scope, public))
        if len(tail) >= LOG_CHUNK:
            self._seal()

    def say(self, kind: str, text: str, /, **data: JSON) -> None:
        """Record a public event."""
        tail = self._tail
        tail.append({"kind": kind, "text": text, **data})
        if len(tail) >= LOG_CHUNK:
            self._seal()

    def _seal(self) -> None:
        """Turn the full tail into a shared chunk."""
        self._chunks = (*self._chunks, tuple(self._tail))
        self._tail = []

    # -- reading ------------------------------------------------------------------------
    def __len__(self) -> int:
        saved = self._saved
        return (saved.count if saved else 0) + len(self._chunks) * LOG_CHUNK + len(self._tail)

    def __iter__(self) -> Iterator[LogEntry]:
        return self._since(0)

    def _since(self, start: int) -> Iterator[LogEntry]:
        """The entries from position ``start`` on: the same objects at every reading.

        They are made when first read and shared with clones, each log owning a prefix
        of the shared list; one that reads past the end of its prefix after another log
        added its own entries there copies its prefix first (copy on write)."""
        size = len(self)
        read, done = self._read
        if done < size:
            if len(read) != done:
                read = read[:done]
            read.extend(map(_entry, self._kept_since(done)))
            self._read = (read, size)
        return itertools.islice(read, start, size)

    def _kept_since(self, start: int) -> Iterator[_Kept]:
        """The entries from position ``start`` on, as kept (a loaded log's first entries
        are read only if they are asked for)."""
        saved = self._saved
        if saved is not None:
            if start >= saved.count:
                return self._written_since(start - saved.count)
            self._store([*saved.entries(), *self._written_since(0)])
            self._saved = None
        return self._written_since(start)

    def _written_since(self, start: int) -> Iterator[_Kept]:
        """The entries in the chunks and the tail from position ``start`` on."""
        first, skip = divmod(start, LOG_CHUNK)
        chunks = self._chunks
        if first >= len(chunks):
            return itertools.islice(self._tail, start - len(chunks) * LOG_CHUNK, None)
        return itertools.chain(itertools.islice(chunks[first], skip, None),
                               itertools.chain.from_iterable(chunks[first + 1:]),
                               self._tail)

    def for_viewer(self, viewer: str) -> list[dict[str, JSON]]:
        """The log as ``viewer`` may read it: fresh copies, so editing them changes nothing."""
        done, seen = self._views.get(viewer, (0, ()))
        size = len(self)
        if done != size:
            fresh = (e if isinstance(e, dict) else e.for_viewer(viewer)
                     for e in self._kept_since(done))
            seen = seen + tuple(shown for shown in fresh if shown is not None)
            self._views[viewer] = (size, seen)
        return [copy_json(shown) for shown in seen]

    def clone(self) -> Log:
        """An independent log that shares the entries written so far (their chunks, the
        views and text worked out of them): its cost does not grow with the log."""
        twin = Log.__new__(Log)
        twin._chunks = self._chunks
        twin._tail = self._tail.copy()
        twin._saved = self._saved
        twin._views = self._views.copy()  # views of a shared prefix stay true for both
        twin._text = self._text
        twin._read = self._read
        return twin

    # -- saving ---------------------------------------------------------------------------
    def to_data(self) -> list[JSON]:
        """The log as saved: each entry's compact form (:meth:`LogEntry.to_saved`)."""
        return [_saved_form(entry) for entry in self._kept_since(0)]

    def to_json(self) -> str:
        """The JSON text of :meth:`to_data` (only new entries are serialised)."""
        return f"[{self._saved_text()[1]}]"

    def _saved_text(self) -> tuple[int, str, int]:
        done, text, crc = self._text
        size = len(self)
        if done != size:
            fresh = json.dumps([_saved_form(e) for e in self._kept_since(done)],
                               separators=(",", ":"))[1:-1]
            piece = f",{fresh}" if done else fresh
            text, crc = text + piece, zlib.crc32(piece.encode(), crc)
            self._text = (size, text, crc)
        return self._text

    def saved(self) -> str:
        """What a save ends with: ``,"log":[...],"log_seal":"..."}`` (see
        :func:`split_save`)."""
        size, text, crc = self._saved_text()
        return f'{_LOG_KEY}[{text}]{_SEAL_KEY}{_seal(size, len(text), crc)}"}}'

    @staticmethod
    def from_data(data: Iterable[JSON]) -> Log:
        """The log ``to_data`` wrote (or a list of :meth:`LogEntry.to_data` forms, as
        saves of format 1 hold), each entry checked once; ValueError, KeyError or
        TypeError for a malformed one. The entries' dicts are copied."""
        return Log._keeping(_read_entries(data, copy=True))

    @staticmethod
    def loaded(data: Iterable[JSON]) -> Log:
        """:meth:`from_data` for data just parsed from a save, which nobody else holds:
        checked the same, but not copied."""
        return Log._keeping(_read_entries(data, copy=False))

    @staticmethod
    def _keeping(kept: Iterable[_Kept]) -> Log:
        """A log of entries already as a log keeps them."""
        log = Log()
        log._store(list(kept))
        return log

    @staticmethod
    def _from_saved(text: str, count: int, crc: int) -> Log:
        log = Log()
        log._saved = _SavedEntries(text, count)
        log._text = (count, text, crc)
        return log


def _saved_form(kept: _Kept) -> JSON:
    """:meth:`LogEntry.to_saved` of the entry ``kept`` stands for."""
    return kept if isinstance(kept, dict) else kept.to_saved()


def _seal(count: int, chars: int, crc: int) -> str:
    """``entries:characters:checksum``, the checksum (CRC-32) taken over the log's text
    and then the two counts, so that a change to any of them shows."""
    sizes = f"{count}:{chars}"
    return f"{sizes}:{zlib.crc32(sizes.encode(), crc):08x}"


def split_save(text: str) -> tuple[str, Log] | None:
    """A save's head (its JSON text without the log) and its log, to be read when first
    used, if ``text`` ends as :meth:`Log.saved` writes it and the log's text matches the
    seal's checksum. A save written otherwise (pretty-printed, edited by hand) is parsed
    and its log checked against the seal the same way; CorruptSave if the log was edited
    or cut, or a save of format 2 has lost its seal. None for text that is not a save
    with a log, or of format 1 (the caller then parses and checks the whole save)."""
    return _split_as_written(text) or _split_parsed(text)


def _split_parsed(text: str) -> tuple[str, Log] | None:
    """:func:`split_save` for a save that does not end as written: parsed, its log written
    out again as :meth:`Log.saved` would and checked against the seal."""
    try:
        data = json.loads(text)
    except (TypeError, ValueError):
        return None
    if not isinstance(data, dict) or not isinstance(data.get("log"), list):
        return None
    seal = data.pop("log_seal", None)
    if seal is None and data.get("format") == 1:
        return None  # written before logs were sealed
    entries = data.pop("log")
    inner, count = json.dumps(entries, separators=(",", ":"))[1:-1], len(entries)
    crc = zlib.crc32(inner.encode())
    if seal != _seal(count, len(inner), crc):
        raise CorruptSave(f"corrupt log: the log was edited or cut (log_seal {seal!r} does "
                          f"not match its {count} entries)")
    return json.dumps(data, separators=(",", ":")), Log._from_saved(inner, count, crc)


def _split_as_written(text: str) -> tuple[str, Log] | None:
    at = text.rfind(_SEAL_KEY)
    if at < 0 or not text.endswith('"}'):
        return None
    parts = text[at + len(_SEAL_KEY):-2].split(":")
    if len(parts) != 3 or not (parts[0].isdigit() and parts[1].isdigit()):
        return None
    count, chars = int(parts[0]), int(parts[1])
    start = at - 1 - chars  # the log's text sits between "[" and "]"
    head_end = start - 1 - len(_LOG_KEY)
    if head_end < 1 or text[at - 1] != "]" or text[start - 1] != "[" \
            or text[head_end:start - 1] != _LOG_KEY:
        return None
    inner = text[start:at - 1]
    crc = zlib.crc32(inner.encode())
    if _seal(count, chars, crc) != text[at + len(_SEAL_KEY):-2]:
        return None
    return text[:head_end] + "}", Log._from_saved(inner, count, crc)


def _read_entries(data: Iterable[JSON], *, copy: bool) -> Iterator[_Kept]:
    """The entries of a saved log, each checked once and as a log keeps them: bare events,
    ``[event, scope, public]`` lists, or (saves of format 1) :meth:`LogEntry.to_data`
    dicts."""
    for item in data:
        if type(item) is dict and "kind" in item:
            if type(item["kind"]) is not str or type(item.get("text")) is not str:
                raise ValueError(f"a log event needs a kind and a text: {item!r}")
            yield dict(item) if copy else item
        elif type(item) is list and len(item) in (2, 3):
            event, public = item[0], item[2] if len(item) == 3 else None
            if not _is_event(event) or not (public is None or _is_event(public)):
                raise ValueError(f"a log event needs a kind and a text: {item!r}")
            if copy:
                event, public = dict(event), None if public is None else dict(public)
            yield _kept(LogEntry(event, scope_from_code(item[1]), public))
        else:
            yield _kept(LogEntry.from_data(item))  # says what is wrong


def _is_event(part: Any) -> bool:
    return type(part) is dict and type(part.get("kind")) is str \
        and type(part.get("text")) is str
