"""Who may know what: scopes, and the entries of the event log redacted per viewer.

A *viewer* is a seat id (``"dracula"``) or :data:`PUBLIC`, the onlooker who
knows only what is on the table. Every secret in a state lives under a
:class:`Scope`; observations and log entries (:class:`LogEntry`, kept in a
:class:`~gothic_kernel.log.Log`) are cut to what the viewer's scopes allow, so a
front end can never show a seat what it may not know.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
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
        found = _SEAT_SCOPES.get(seat)
        if found is None:
            found = Scope("seat", seat, frozenset((seat,)))
            _remember(_SEAT_SCOPES, seat, found)
        return found

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
        name = str(data.get("name", ""))
        if kind == "public" and not name:
            return _PUBLIC_SCOPE  # one public scope, so that a log tells it at a glance
        return Scope(kind, name, frozenset(seats))


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

    def to_saved(self) -> JSON:
        """The compact form a log is saved in: a public entry with no other form is its
        bare event; any other is ``[event, scope]`` or ``[event, scope, public]``, the
        scope as a short code (``"seat:dracula:dracula"``, see :func:`scope_code`)."""
        scope, public = self.scope, self.public
        if public is None:
            if scope is _PUBLIC_SCOPE or scope == _PUBLIC_SCOPE:
                return self.event
            return [self.event, scope_code(scope)]
        return [self.event, scope_code(scope), public]

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


def scope_code(scope: Scope) -> JSON:
    """A scope as a short string, ``kind:name:seat,seat`` (``"public"``, ``"nobody"``,
    ``"side:hunters:godalming,seward,van_helsing"``), or its :meth:`Scope.to_data` dict
    when a name or seat holds ``:`` or ``,``. :func:`scope_from_code` reads either."""
    found = _CODES.get(scope)
    if found is None:
        if scope.kind in ("public", "nobody") and not scope.name and not scope.seats:
            found = scope.kind
        elif all(scope.seats) and all(":" not in part and "," not in part
                                      for part in (scope.name, *scope.seats)):
            found = f"{scope.kind}:{scope.name}:{','.join(sorted(scope.seats))}"
        else:
            return scope.to_data()
        _remember(_CODES, scope, found)
    return found


def scope_from_code(code: JSON) -> Scope:
    """The scope :func:`scope_code` wrote; ValueError for anything else."""
    if not isinstance(code, str):
        if not isinstance(code, Mapping):
            raise ValueError(f"a scope must be a code or an object, not {code!r}")
        return Scope.from_data(code)
    found = _SCOPES.get(code)
    if found is None:
        parts = code.split(":")
        if len(parts) == 1:
            found = Scope.from_data({"kind": code})
        elif len(parts) == 3:
            seats = parts[2].split(",") if parts[2] else []
            found = Scope.from_data({"kind": parts[0], "name": parts[1], "seats": seats})
        else:
            raise ValueError(f"unknown scope code {code!r}")
        _remember(_SCOPES, code, found)
    return found


_CODES: dict[Scope, str] = {}
_SEAT_SCOPES: dict[str, Scope] = {}
_SCOPES: dict[str, Scope] = {}


def _remember(cache: dict[Any, Any], key: Any, value: Any) -> None:
    """Keep ``value`` (a game has a handful of scopes; a runaway cache is emptied)."""
    if len(cache) >= 4096:
        cache.clear()
    cache[key] = value
