"""Who may know what: scopes, and the event log redacted per viewer.

A *viewer* is a seat id (``"dracula"``) or :data:`PUBLIC`, the onlooker who
knows only what is on the table. Every secret in a state lives under a
:class:`Scope`; observations and log entries are cut to what the viewer's
scopes allow, so a front end can never show a seat what it may not know.
"""

from __future__ import annotations

import itertools
import json
from collections.abc import Iterable, Iterator, Mapping
from typing import Any, Literal

import attrs

#: The viewer who sees only what is public (spectators, the narrated demo).
PUBLIC = "public"

ScopeKind = Literal["public", "seat", "side", "group", "nobody"]

JSON = Any  # a value json.dumps accepts


@attrs.frozen(slots=True)
class Scope:
    """The set of viewers allowed to know something.

    ``public`` is everyone; ``seat`` one seat; ``side`` every seat of a side
    (all the hunters); ``group`` a named set of seats (two hunters trading in
    secret); ``nobody`` not a single seat (face-down counters no one has seen).
    """

    kind: ScopeKind
    name: str = ""
    seats: frozenset[str] = frozenset()

    @staticmethod
    def public() -> Scope:
        return _PUBLIC_SCOPE

    @staticmethod
    def nobody() -> Scope:
        return _NOBODY_SCOPE

    @staticmethod
    def seat(seat: str) -> Scope:
        return Scope("seat", seat, frozenset((seat,)))

    @staticmethod
    def side(name: str, seats: Iterable[str]) -> Scope:
        return Scope("side", name, frozenset(seats))

    @staticmethod
    def group(name: str, seats: Iterable[str]) -> Scope:
        return Scope("group", name, frozenset(seats))

    def visible_to(self, viewer: str) -> bool:
        """True if ``viewer`` may know what this scope guards."""
        if self.kind == "public":
            return True
        return viewer in self.seats

    def widened(self, *seats: str) -> Scope:
        """The same secret, now also shown to ``seats`` (a seat shows another a card)."""
        if self.kind == "public":
            return self
        return Scope("group", self.name, self.seats.union(seats))

    def to_data(self) -> dict[str, JSON]:
        return {"kind": self.kind, "name": self.name, "seats": sorted(self.seats)}

    @staticmethod
    def from_data(data: Mapping[str, JSON]) -> Scope:
        """The scope ``to_data`` wrote; ValueError for one that could not be written."""
        kind, seats = data["kind"], data.get("seats", [])
        if kind not in ("public", "seat", "side", "group", "nobody"):
            raise ValueError(f"unknown scope kind {kind!r}")
        if not isinstance(seats, list) or not all(isinstance(s, str) for s in seats):
            raise ValueError(f"a scope's seats must be a list of seat ids, not {seats!r}")
        if (kind in ("public", "nobody")) == bool(seats) or (kind == "seat" and len(seats) != 1):
            raise ValueError(f"a {kind} scope with seats {seats!r}")
        return Scope(kind, str(data.get("name", "")), frozenset(seats))


_PUBLIC_SCOPE = Scope("public")
_NOBODY_SCOPE = Scope("nobody")


def redact(value: JSON, scope: Scope, viewer: str, hidden: JSON = None) -> JSON:
    """``value`` if ``viewer`` may see it under ``scope``, else ``hidden``."""
    return value if scope.visible_to(viewer) else hidden


@attrs.frozen(slots=True)
class LogEntry:
    """One thing that happened, as its scope sees it and as everyone else does.

    ``event`` is the full account (JSON-able, with a ``"kind"`` and a ``"text"``).
    Viewers outside ``scope`` see ``public`` instead (for example "Dracula
    moves" without the town), or nothing at all when ``public`` is None.
    """

    event: Mapping[str, JSON]
    scope: Scope = _PUBLIC_SCOPE
    public: Mapping[str, JSON] | None = None

    def for_viewer(self, viewer: str) -> Mapping[str, JSON] | None:
        if self.scope.visible_to(viewer):
            return self.event
        return self.public

    def to_data(self) -> dict[str, JSON]:
        return {
            "event": dict(self.event),
            "scope": self.scope.to_data(),
            "public": None if self.public is None else dict(self.public),
        }

    @staticmethod
    def from_data(data: Mapping[str, JSON]) -> LogEntry:
        """The entry ``to_data`` wrote; ValueError for a malformed one."""
        if not isinstance(data, Mapping):
            raise ValueError(f"a log entry must be an object, not {data!r}")
        public = data.get("public")
        for part in (data["event"], public):
            if part is None and part is public:
                continue
            if not isinstance(part, Mapping) or not isinstance(part.get("kind"), str) \
                    or not isinstance(part.get("text"), str):
                raise ValueError(f"a log event needs a kind and a text: {part!r}")
        return LogEntry(dict(data["event"]), Scope.from_data(data["scope"]),
                        None if public is None else dict(public))


_SCALARS = (str, int, float, bool, type(None))


def copy_json(value: JSON) -> JSON:
    """A deep copy of JSON-native data (dicts and lists copied, scalars shared)."""
    if isinstance(value, _SCALARS):
        return value
    if isinstance(value, dict):
        return {k: v if isinstance(v, _SCALARS) else copy_json(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [v if isinstance(v, _SCALARS) else copy_json(v) for v in value]
    return value


def event(kind: str, text: str, /, **data: JSON) -> dict[str, JSON]:
    """A log event: its kind, a sentence a front end can print, and its data."""
    return {"kind": kind, "text": text, **data}


class Log:
    """An append-only event log.

    Entries never change once written, so clones share them, and what has been
    worked out about the first entries (each viewer's view, the JSON text) is
    kept and shared too: reading or saving a long game's log costs only the
    entries added since the last time.
    """

    __slots__ = ("_entries", "_text", "_views")

    def __init__(self, entries: Iterable[LogEntry] = ()) -> None:
        self._entries: list[LogEntry] = list(entries)
        self._views: dict[str, tuple[int, tuple[Mapping[str, JSON], ...]]] = {}
        self._text: tuple[int, str] = (0, "")

    def add(self, entry: Mapping[str, JSON], scope: Scope = _PUBLIC_SCOPE,
            public: Mapping[str, JSON] | None = None) -> None:
        """Record ``entry`` under ``scope``; others see ``public`` (or nothing).

        The log keeps what it is given (entries never change once written): a game
        must not change a dict or list after logging it. Readers get copies."""
        self._entries.append(LogEntry(entry, scope, public))

    def say(self, kind: str, text: str, /, **data: JSON) -> None:
        """Record a public event."""
        self._entries.append(LogEntry(event(kind, text, **data)))

    def for_viewer(self, viewer: str) -> list[dict[str, JSON]]:
        """The log as ``viewer`` may read it: fresh copies, so editing them changes nothing."""
        done, seen = self._views.get(viewer, (0, ()))
        if done != len(self._entries):
            fresh = (e.for_viewer(viewer) for e in itertools.islice(self._entries, done, None))
            seen = seen + tuple(shown for shown in fresh if shown is not None)
            self._views[viewer] = (len(self._entries), seen)
        return [copy_json(shown) for shown in seen]

    def clone(self) -> Log:
        twin = Log.__new__(Log)
        twin._entries = self._entries.copy()
        twin._views = self._views.copy()  # views of a shared prefix stay true for both
        twin._text = self._text
        return twin

    def __len__(self) -> int:
        return len(self._entries)

    def __iter__(self) -> Iterator[LogEntry]:
        return iter(self._entries)

    def to_data(self) -> list[dict[str, JSON]]:
        return [entry.to_data() for entry in self._entries]

    def to_json(self) -> str:
        """The JSON text of :meth:`to_data` (only new entries are serialised)."""
        done, text = self._text
        if done != len(self._entries):
            fresh = [json.dumps(e.to_data(), separators=(",", ":"))
                     for e in itertools.islice(self._entries, done, None)]
            text = ",".join([text, *fresh] if done else fresh)
            self._text = (len(self._entries), text)
        return f"[{text}]"

    @staticmethod
    def from_data(data: Iterable[Mapping[str, JSON]]) -> Log:
        return Log(LogEntry.from_data(item) for item in data)
